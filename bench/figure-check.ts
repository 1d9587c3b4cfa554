/**
 * 12. The figure checker measured (SPEC §11.1): misses (wrong figures it lets pass as found or
 * derived) and false alarms (right figures it marks not found or mismatched) on the labelled
 * answers of bench/figure-check (the files of FILES in cases.ts: the cases headed `tuning` — round 2's
 * answers and the held-out sets of rounds 3 and 4 once scored — and those headed `held-out`, the
 * fresh held-out set), per class of figure.
 *
 * Ours: the product's checker (src/figures/turn.ts) fed exactly what the chat feeds it — the
 * turn's tool results (results.json, captured from the real tools), the summaries of earlier
 * turns, an approval's outcome — over the answer the labels were written on.
 * A labelled figure counts as flagged when the checker marks it `ungrounded` or `mismatched`;
 * a wrong figure the reader does not read at all is a miss; a number the checker flags that
 * carries no label (the labels say it is no figure) is a false alarm.
 *
 *   bun bench/figure-check.ts               the tuning set
 *   bun bench/figure-check.ts --held-out    … and the held-out set (scored once, at the end: HELD-OUT.md)
 *   bun bench/figure-check.ts --verbose     every miss and false alarm with the checker's note (with --perturbed: every
 *                                           changed figure that passed, too)
 *   bun bench/figure-check.ts --by-file     … and the misses and false alarms per answers file (cross-validation:
 *                                           a change that helps only the file it was designed from overfits)
 *   bun bench/figure-check.ts --perturbed   … and synthetic wrong figures, checked in their answer: each right figure of
 *                                           the set with the units digit of its whole part changed (+3), and each right
 *                                           figure with the year it is said of changed; how many pass (a check of the
 *                                           rules on wrong figures nobody wrote them for)
 *   bun bench/figure-check.ts --dump FILE   … and every answer's checked figures (status, value, sources, note; with
 *                                           --perturbed, those of each changed answer too) written to FILE as JSON: a
 *                                           change meant to leave the results alone (a faster checker) must leave FILE
 *                                           byte for byte the same (cmp before.json after.json)
 *
 * Targets: misses ≤ 1 %, false alarms ≤ 2 % (held-out set).
 */
import type { AnswerFigure } from "../src/core/figures.ts";
import { figureNote } from "../src/figures/note.ts";
import { writeFileSync } from "node:fs";
import { emit, type Check, timer } from "./lib.ts";
import { readAllCases, type Case } from "./figure-check/cases.ts";
import { turnsOver } from "./figure-check/turn.ts";
import { openDbs } from "./figure-check/capture.ts";

const elapsed = timer();
const heldOut = process.argv.includes("--held-out");
const verbose = process.argv.includes("--verbose");
const byFile = process.argv.includes("--by-file");
const perturbed = process.argv.includes("--perturbed");
const dumpTo = process.argv.includes("--dump") ? process.argv[process.argv.indexOf("--dump") + 1] : undefined;
if (dumpTo === undefined && process.argv.includes("--dump")) throw new Error("--dump needs a file to write to");
/** Per case, its answer's checked figures, then each changed answer's (--perturbed), each figure with its note: what --dump writes. */
const dumped: Record<string, { answer: AnswerFigure[]; perturbed: AnswerFigure[][] }> = {};
const withNotes = (figures: AnswerFigure[]) => figures.map((f) => ({ ...f, note: figureNote(f) }));
const cases = readAllCases();
const { dbs, close } = openDbs();

type Tally = { right: number; falseAlarms: number; wrong: number; misses: number };
const tally = () => ({ right: 0, falseAlarms: 0, wrong: 0, misses: 0 });
type SetScore = { total: Tally; byClass: Map<string, Tally>; byFile: Map<string, Tally>; unlabelled: number; errors: string[] };
const score = (): SetScore => ({ total: tally(), byClass: new Map(), byFile: new Map(), unlabelled: 0, errors: [] });
const sets = { tuning: score(), "held-out": score() };

const FLAGGED = new Set(["ungrounded", "mismatched"]);
const flagged = (f: AnswerFigure) => FLAGGED.has(f.status);

/** The turn of a case: its calls' results (and earlier turns', an approval's outcome) recorded as the chat records them. */
const turnOf = turnsOver(dbs);

function checkCase(c: Case): AnswerFigure[] {
  return turnOf(c).check(c.answer, c.question);
}

/** The units digit of a figure's whole part ("CHF 1'234.50" → the 4, "18.6%" → the 8, "about CHF 14.5k" → the 4). */
const UNITS_DIGIT = /\d(?=(?:[.,]\d+)?\s?(?:k|K|%|percent|times|x|×|pp|mio|million)?\s*[A-Za-z%]*\s*$)/;
/** Per answers file and kind of change: right figures changed, and how many of them the checker let pass (not flagged). */
const synthetic = new Map<string, { changed: number; passed: number }>();
/** The year a figure is said of: right after it ("CHF 18'109.55 in 2025"), else the last before it in its clause with no figure between. */
const YEAR_AFTER = /^\s+(?:in|for|during)\s+(20\d\d)\b(?!-)/;
const YEARS = /\b(20\d\d)\b(?!-)/g;
const FIGURE_BETWEEN = /\d[\d'’.,]*\s?(?:%|CHF|EUR|payments|transactions)|CHF\s?\d/;
function yearOf(answer: string, l: Case["labels"][number]): { at: number; year: number } | null {
  const after = YEAR_AFTER.exec(answer.slice(l.end, l.end + 16));
  if (after) return { at: l.end + after[0].length - 4, year: Number(after[1]) };
  const before = answer.slice(Math.max(0, l.start - 80), l.start);
  const clause = before.slice(Math.max(before.lastIndexOf(". "), before.lastIndexOf("\n"), before.lastIndexOf("; ")) + 1);
  const m = [...clause.matchAll(YEARS)].at(-1);
  if (!m || FIGURE_BETWEEN.test(clause.slice(m.index + 4))) return null;
  return { at: l.start - clause.length + m.index, year: Number(m[1]) };
}

function perturb(c: Case): void {
  const figures = turnOf(c);
  const tally = (kind: string) => {
    const key = `${kind}\u0000${c.answers}`;
    const t = synthetic.get(key) ?? { changed: 0, passed: 0 };
    synthetic.set(key, t);
    return t;
  };
  const passes = (l: Case["labels"][number], answer: string, kind: string) => {
    const all = figures.check(answer, c.question);
    dumped[c.id]?.perturbed.push(withNotes(all));
    const mine = all.filter((f) => f.start < l.end && f.end > l.start);
    const passed = mine.length > 0 && !mine.some(flagged);
    if (passed && verbose) for (const f of mine) console.log(`synthetic: passed (${kind}) ${c.id} [${l.cls}] "${f.text}" → ${f.status}: ${figureNote(f)}`);
    return passed;
  };
  for (const l of c.labels) {
    if (!l.right) continue;
    const m = UNITS_DIGIT.exec(l.text) ?? /\d(?!.*\d)/.exec(l.text);
    if (m) {
      const at = l.start + m.index;
      const t = tally("a digit changed");
      t.changed++;
      if (passes(l, c.answer.slice(0, at) + ((Number(m[0]) + 3) % 10) + c.answer.slice(at + 1), "a digit changed")) t.passed++;
    }
    // The year it is said of, changed to the one before (2024: after): a right amount said of the wrong year.
    const y = /copied|notation|count|percent/.test(l.cls) ? yearOf(c.answer, l) : null;
    if (y && y.year >= 2023 && y.year <= 2026) {
      const t = tally("its year changed");
      t.changed++;
      if (passes(l, c.answer.slice(0, y.at) + (y.year === 2024 ? 2025 : y.year - 1) + c.answer.slice(y.at + 4), "its year changed")) t.passed++;
    }
  }
}

try {
  for (const c of cases) {
    if (c.set === "held-out" && !heldOut) continue;
    const s = sets[c.set];
    const file = s.byFile.get(c.answers) ?? tally();
    s.byFile.set(c.answers, file);
    const checked = checkCase(c);
    if (dumpTo) dumped[c.id] = { answer: withNotes(checked), perturbed: [] };
    const used = new Set<AnswerFigure>();
    for (const l of c.labels) {
      const mine = checked.filter((f) => f.start < l.end && f.end > l.start);
      mine.forEach((f) => used.add(f));
      const isFlagged = mine.some(flagged);
      const t = s.byClass.get(`${l.right ? "right" : "wrong"} · ${l.cls}`) ?? tally();
      s.byClass.set(`${l.right ? "right" : "wrong"} · ${l.cls}`, t);
      const note = mine.length ? mine.map((f) => `${f.status}: ${figureNote(f)}`).join(" | ") : "not read";
      if (l.right) {
        t.right++;
        s.total.right++;
        file.right++;
        if (isFlagged) {
          t.falseAlarms++;
          s.total.falseAlarms++;
          file.falseAlarms++;
          s.errors.push(`false alarm ${c.id} [${l.cls}] "${l.text}" → ${note}`);
        }
      } else {
        t.wrong++;
        s.total.wrong++;
        file.wrong++;
        if (!isFlagged) {
          t.misses++;
          s.total.misses++;
          file.misses++;
          s.errors.push(`miss        ${c.id} [${l.cls}] "${l.text}" → ${note}`);
        }
      }
    }
    if (perturbed) perturb(c);
    for (const f of checked) {
      if (used.has(f) || !flagged(f)) continue;
      s.unlabelled++;
      s.total.falseAlarms++;
      file.falseAlarms++;
      s.errors.push(`false alarm ${c.id} [unlabelled] "${f.text}" → ${f.status}: ${figureNote(f)}`);
    }
  }
} finally {
  close();
}
if (dumpTo) writeFileSync(dumpTo, `${JSON.stringify(dumped, null, 1)}\n`);

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)} %` : "–");
const rows: string[][] = [];
const checks: Check[] = [];
for (const [name, s] of Object.entries(sets)) {
  if (name === "held-out" && !heldOut) continue;
  const classes = [...s.byClass.entries()].sort(([a], [b]) => a.localeCompare(b));
  for (const [cls, t] of classes) rows.push([name, cls, String(t.right || t.wrong), t.right ? `${t.falseAlarms}` : "", t.wrong ? `${t.misses}` : ""]);
  if (s.unlabelled) rows.push([name, "no figure (unlabelled), flagged", "", String(s.unlabelled), ""]);
  if (byFile) {
    for (const [file, t] of s.byFile) rows.push([name, `file ${file}`, `${t.right} right, ${t.wrong} wrong`, `${t.falseAlarms} = ${pct(t.falseAlarms, t.right)}`, `${t.misses} = ${pct(t.misses, t.wrong)}`]);
  }
  rows.push([name, "ALL", `${s.total.right} right, ${s.total.wrong} wrong`, `${s.total.falseAlarms} = ${pct(s.total.falseAlarms, s.total.right)}`, `${s.total.misses} = ${pct(s.total.misses, s.total.wrong)}`]);
  const missRate = s.total.misses / Math.max(1, s.total.wrong);
  const alarmRate = s.total.falseAlarms / Math.max(1, s.total.right);
  checks.push(
    { name: `${name}: misses (wrong figures passed as found or derived)`, target: "≤ 1 %", value: pct(s.total.misses, s.total.wrong), ok: missRate <= 0.01 },
    { name: `${name}: false alarms (right figures flagged)`, target: "≤ 2 %", value: pct(s.total.falseAlarms, s.total.right), ok: alarmRate <= 0.02 },
  );
  if (verbose) for (const e of s.errors) console.log(`${name}: ${e}`);
}
if (perturbed) {
  for (const kind of ["a digit changed", "its year changed"]) {
    let changed = 0;
    let passed = 0;
    for (const [key, t] of synthetic) {
      const [k, file] = key.split("\u0000");
      if (k !== kind) continue;
      rows.push(["synthetic", `file ${file}: right figures with ${kind}, passed`, String(t.changed), "", `${t.passed} = ${pct(t.passed, t.changed)}`]);
      changed += t.changed;
      passed += t.passed;
    }
    rows.push(["synthetic", `ALL: right figures with ${kind}, passed`, String(changed), "", `${passed} = ${pct(passed, changed)}`]);
  }
}
const counted = cases.filter((c) => heldOut || c.set === "tuning");
const answerFiles = (of: Case[]) => [...new Set(of.map((c) => c.answers))].join(", ");
emit({
  id: "figure-check",
  title: "12. The figure checker on labelled answers (misses and false alarms per class)",
  method: [
    `${counted.length} answers, ${counted.reduce((n, c) => n + c.labels.length, 0)} labelled figures (bench/figure-check: ${answerFiles(counted)}), written over real tool results of the demo data, the test fixture and the household fixture`,
    heldOut ? "tuning and held-out sets" : "tuning set only (--held-out adds the held-out set)",
  ],
  columns: ["set", "class", "figures", "false alarms", "misses"],
  rows,
  checks,
  notes: [],
  seconds: elapsed(),
});
