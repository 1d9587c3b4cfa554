/**
 * The labelled answers of the figure-check benchmark (bench/figure-check.ts) and the real tool
 * results they were written over. Each answers file has its results file beside it (written by
 * `bun bench/figure-check/capture.ts`):
 * - answers.md (results.json): the tuning set — round 2's tuning and held-out answers, over the
 *   tools as they were in round 2 (kept as written over: see capture.ts);
 * - tuning-r4.md (tuning-r4.results.json): more of the tuning set, over the tools of round 4;
 * - held-out.md (held-out.results.json): round 3's held-out set, over the tools of round 4, part
 *   of the tuning set since it was scored;
 * - held-out-r4b.md (held-out-r4b.results.json): round 4's held-out set, written before the
 *   checker's round-4 changes and scored once; part of the tuning set since.
 * - held-out-r4c.md (held-out-r4c.results.json): the next fresh held-out set, written before the
 *   checker's changes on r4-figures5 and scored once; part of the tuning set since.
 * - held-out-r4d.md (held-out-r4d.results.json): the next fresh held-out set, written before the
 *   checker's changes on r4-figures6 and scored once (HELD-OUT.md); part of the tuning set since.
 * - held-out-r4e.md (held-out-r4e.results.json): the next fresh held-out set, written before the
 *   checker's changes on r4-held7 and scored once (HELD-OUT.md); part of the tuning set since.
 * - held-out-r4f.md (held-out-r4f.results.json): the next fresh held-out set, written before the
 *   checker's changes on r4-held8 and scored once (HELD-OUT.md); part of the tuning set since.
 * - held-out-r4g.md (held-out-r4g.results.json): the next fresh held-out set, written before the
 *   checker's changes on r4-held9 and scored once (HELD-OUT.md); part of the tuning set since.
 * - held-out-r4h.md (held-out-r4h.results.json): a representative held-out set (ordinary questions
 *   and answers, not a stress test of the classes that failed before), written before the
 *   checker's changes on r4-held10 and never run through the checker before its one scoring; scored once
 *   (HELD-OUT.md); part of the tuning set since.
 * - held-out-r4i.md (held-out-r4i.results.json): a representative held-out set (the answers a
 *   good model writes to everyday questions, not a stress test), written blind to the checker and scored once, after the checker's changes on r4-held12 (HELD-OUT.md); part of the tuning set since.
 * - held-out-r4j.md (held-out-r4j.results.json): a representative held-out set (everyday questions over
 *   every read tool and the three databases, about one figure in three wrong the way models go wrong),
 *   written blind to the checker and never run through it before its one scoring; scored once at the checker of
 *   stop 45 (HELD-OUT.md); part of the tuning set since.
 * - held-out-r4k.md (held-out-r4k.results.json): the next representative held-out set (new everyday questions over
 *   every read tool and the three databases, about one figure in three wrong the way models go wrong), written
 *   blind to the checker and never run through it before its one scoring; scored once at the checker of
 *   stop 47 and again at stop 48's (HELD-OUT.md); part of the tuning set since.
 * - held-out-r4l.md (held-out-r4l.results.json): the next representative held-out set (new everyday questions over
 *   every read tool and the three databases, about one figure in three wrong the way models go wrong), written
 *   blind to the checker and never run through it before its one scoring; scored once at the
 *   checker of stop 48 (HELD-OUT.md); part of the tuning set since.
 * - held-out-r4m.md (held-out-r4m.results.json): the next representative held-out set (new everyday questions over
 *   every read tool and the three databases, about one figure in three wrong the way models go wrong), written
 *   blind to the checker and never run through it before its one scoring; scored once at the
 *   checker of stop 48 and again at stop 49's (HELD-OUT.md); part of the tuning set since.
 * - held-out-r4n.md (held-out-r4n.results.json): the next representative held-out set (new everyday questions over
 *   every read tool and the three databases, about one figure in three wrong the way models go wrong), written
 *   blind to the checker and never run through it before its one scoring; scored once at the checker of
 *   stop 50 (HELD-OUT.md); part of the tuning set since.
 * - held-out-r4o.md (held-out-r4o.results.json): the next representative held-out set (new everyday questions over
 *   every read tool and the three databases, about one figure in three wrong the way models go wrong), written
 *   blind to the checker and never run through it before its one scoring; scored once at the checker of
 *   stop 51 (HELD-OUT.md); part of the tuning set since.
 * - held-out-r4p.md (held-out-r4p.results.json): the next representative held-out set (new everyday questions over
 *   every read tool and the three databases, about one figure in three wrong the way models go wrong), written
 *   blind to the checker and never run through it before its one scoring; scored once at the checker of
 *   stop 52 (HELD-OUT.md); part of the tuning set since.
 * - held-out-r4q.md (held-out-r4q.results.json): the next representative held-out set (new everyday questions over
 *   every read tool and the three databases, about one figure in three wrong the way models go wrong), written
 *   blind to the checker and never run through it before its one scoring; scored once at the checker of
 *   stop 53 (HELD-OUT.md); part of the tuning set since.
 * - held-out-r4r.md (held-out-r4r.results.json): the next representative held-out set (new everyday questions over
 *   every read tool and the three databases, about one figure in three wrong the way models go wrong), written
 *   blind to the checker and never run through it before its one scoring; scored once at the checker of
 *   stop 54 (HELD-OUT.md); part of the tuning set since.
 * - held-out-r4s.md (held-out-r4s.results.json): the next representative held-out set (new everyday questions over
 *   every read tool and the three databases, about one figure in three wrong the way models go wrong), written
 *   blind to the checker and never run through it before its one scoring; scored once at the checker of stop 55
 *   (HELD-OUT.md); part of the tuning set since.
 * - held-out-r4t.md (held-out-r4t.results.json): the next representative held-out set (new everyday questions over
 *   every read tool and the three databases, about one figure in three wrong the way models go wrong), written
 *   blind to the checker and never run through it before its one scoring; scored once at the checker of stop 56
 *   (HELD-OUT.md); part of the tuning set since.
 * - held-out-r4u.md (held-out-r4u.results.json): the next representative held-out set (new everyday questions over
 *   every read tool and the three databases, about one figure in three wrong the way models go wrong), written
 *   blind to the checker and never run through it before its one scoring; scored once at the checker of stop 57
 *   (HELD-OUT.md); part of the tuning set since.
 * - held-out-r4v.md (held-out-r4v.results.json): the next representative held-out set (new everyday questions over
 *   every read tool and the three databases, about one figure in three wrong the way models go wrong), written
 *   blind to the checker and never run through it before its one scoring; scored once at the checker of stop 58
 *   (HELD-OUT.md); part of the tuning set since.
 * - held-out-r4w.md (held-out-r4w.results.json): the next representative held-out set (new everyday questions over
 *   every read tool and the three databases, about one figure in three wrong the way models go wrong), written
 *   blind to the checker and never run through it before its one scoring; scored once at the checker of stop 59
 *   (HELD-OUT.md); part of the tuning set since.
 * - held-out-r4x.md (held-out-r4x.results.json): the next representative held-out set (new everyday questions over
 *   every read tool and the three databases, about one figure in three wrong the way models go wrong), written
 *   blind to the checker and never run through it before its one scoring; scored once at the checker of stop 60
 *   (HELD-OUT.md); to join the tuning set at the next stop.
 *
 * An answers file, one case per `## ` heading:
 *
 *   ## g01 · tuning · demo                       id · tuning|held-out · demo|fixture|household
 *   question: How much did I spend on groceries in 2025?
 *   earlier: How much in 2024? => spending_by_category {"year":2024}     a call of an earlier turn (repeatable)
 *   call: merchant_breakdown {"category":"Groceries","year":2025}        a call of this turn (repeatable)
 *   approval: recategorise_transactions => Approved by the user: moved …  an approval decided in this turn
 *   answer:
 *   In 2025 you spent {{CHF 18'109.55|ok copied}} on groceries, …
 *
 * Every figure of an answer is labelled where it stands: `{{text|ok CLASS}}` for a right one,
 * `{{text|bad CLASS}}` for a wrong one (the text may include a rounding word: "nearly CHF 30k").
 * Numbers left unmarked are no figures (dates, years, list numbers, the question's numbers).
 */
import { existsSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import type { ToolOutput } from "../../src/core/events.ts";

/** The answers files and the results each was written over; `frozen`: its results are kept as they were when it was written. */
export const FILES = [
  { answers: join(import.meta.dir, "answers.md"), results: join(import.meta.dir, "results.json"), frozen: true },
  { answers: join(import.meta.dir, "tuning-r4.md"), results: join(import.meta.dir, "tuning-r4.results.json"), frozen: false },
  { answers: join(import.meta.dir, "held-out.md"), results: join(import.meta.dir, "held-out.results.json"), frozen: false },
  { answers: join(import.meta.dir, "held-out-r4b.md"), results: join(import.meta.dir, "held-out-r4b.results.json"), frozen: false },
  { answers: join(import.meta.dir, "held-out-r4c.md"), results: join(import.meta.dir, "held-out-r4c.results.json"), frozen: false },
  { answers: join(import.meta.dir, "held-out-r4d.md"), results: join(import.meta.dir, "held-out-r4d.results.json"), frozen: false },
  { answers: join(import.meta.dir, "held-out-r4e.md"), results: join(import.meta.dir, "held-out-r4e.results.json"), frozen: false },
  { answers: join(import.meta.dir, "held-out-r4f.md"), results: join(import.meta.dir, "held-out-r4f.results.json"), frozen: false },
  { answers: join(import.meta.dir, "held-out-r4g.md"), results: join(import.meta.dir, "held-out-r4g.results.json"), frozen: false },
  { answers: join(import.meta.dir, "held-out-r4h.md"), results: join(import.meta.dir, "held-out-r4h.results.json"), frozen: false },
  { answers: join(import.meta.dir, "held-out-r4i.md"), results: join(import.meta.dir, "held-out-r4i.results.json"), frozen: false },
  { answers: join(import.meta.dir, "held-out-r4j.md"), results: join(import.meta.dir, "held-out-r4j.results.json"), frozen: false },
  { answers: join(import.meta.dir, "held-out-r4k.md"), results: join(import.meta.dir, "held-out-r4k.results.json"), frozen: false },
  { answers: join(import.meta.dir, "held-out-r4l.md"), results: join(import.meta.dir, "held-out-r4l.results.json"), frozen: false },
  { answers: join(import.meta.dir, "held-out-r4m.md"), results: join(import.meta.dir, "held-out-r4m.results.json"), frozen: false },
  { answers: join(import.meta.dir, "held-out-r4n.md"), results: join(import.meta.dir, "held-out-r4n.results.json"), frozen: false },
  { answers: join(import.meta.dir, "held-out-r4o.md"), results: join(import.meta.dir, "held-out-r4o.results.json"), frozen: false },
  { answers: join(import.meta.dir, "held-out-r4p.md"), results: join(import.meta.dir, "held-out-r4p.results.json"), frozen: false },
  { answers: join(import.meta.dir, "held-out-r4q.md"), results: join(import.meta.dir, "held-out-r4q.results.json"), frozen: false },
  { answers: join(import.meta.dir, "held-out-r4r.md"), results: join(import.meta.dir, "held-out-r4r.results.json"), frozen: false },
  { answers: join(import.meta.dir, "held-out-r4s.md"), results: join(import.meta.dir, "held-out-r4s.results.json"), frozen: false },
  { answers: join(import.meta.dir, "held-out-r4t.md"), results: join(import.meta.dir, "held-out-r4t.results.json"), frozen: false },
  { answers: join(import.meta.dir, "held-out-r4u.md"), results: join(import.meta.dir, "held-out-r4u.results.json"), frozen: false },
  { answers: join(import.meta.dir, "held-out-r4v.md"), results: join(import.meta.dir, "held-out-r4v.results.json"), frozen: false },
  { answers: join(import.meta.dir, "held-out-r4w.md"), results: join(import.meta.dir, "held-out-r4w.results.json"), frozen: false },
  { answers: join(import.meta.dir, "held-out-r4x.md"), results: join(import.meta.dir, "held-out-r4x.results.json"), frozen: false },
] as const;

export type Db = "demo" | "fixture" | "household";
export type Call = { tool: string; input: Record<string, unknown> };
export type Label = { start: number; end: number; text: string; right: boolean; cls: string };
export type Case = {
  id: string;
  /** The answers file it is written in (its name). */
  answers: string;
  /** The results file its calls were run into. */
  results: string;
  set: "tuning" | "held-out";
  db: Db;
  question: string;
  /** Earlier turns of the conversation: their question and calls, oldest first. */
  earlier: { question: string; calls: Call[] }[];
  calls: Call[];
  approval?: { tool: string; outcome: string };
  /** The answer as the model wrote it (labels removed). */
  answer: string;
  labels: Label[];
};

const HEAD = /^## (\S+) · (tuning|held-out) · (demo|fixture|household)\s*$/;
const LABEL = /\{\{([^{}|]+)\|(ok|bad) ([a-z0-9-]+)\}\}/g;

function call(spec: string, where: string): Call {
  const m = /^(\w+)\s+(\{.*\})\s*$/.exec(spec.trim());
  if (!m) throw new Error(`${where}: a call is "tool {json}", got "${spec}"`);
  return { tool: m[1]!, input: JSON.parse(m[2]!) as Record<string, unknown> };
}

/** The answer without its labels, and the labels' places in it. */
function unlabel(marked: string): { answer: string; labels: Label[] } {
  const labels: Label[] = [];
  let answer = "";
  let at = 0;
  for (const m of marked.matchAll(LABEL)) {
    answer += marked.slice(at, m.index);
    const start = answer.length;
    answer += m[1]!;
    labels.push({ start, end: answer.length, text: m[1]!, right: m[2] === "ok", cls: m[3]! });
    at = m.index + m[0].length;
  }
  answer += marked.slice(at);
  if (/\{\{|\}\}/.test(answer)) throw new Error(`a label is malformed near "${answer.slice(answer.search(/\{\{|\}\}/), answer.search(/\{\{|\}\}/) + 40)}"`);
  return { answer, labels };
}

/** The cases of every answers file (ids unique across them). */
export function readAllCases(): Case[] {
  const cases = FILES.flatMap((f) => readCases(f.answers, f.results));
  const ids = new Set<string>();
  for (const c of cases) {
    if (ids.has(c.id)) throw new Error(`case ${c.id} appears twice`);
    ids.add(c.id);
  }
  return cases;
}

export function readCases(file: string, results: string): Case[] {
  const lines = readFileSync(file, "utf8").split("\n");
  const cases: Case[] = [];
  let cur: (Omit<Case, "answer" | "labels"> & { text: string[] | null }) | null = null;
  const finish = () => {
    if (!cur) return;
    const { text, ...rest } = cur;
    if (!text) throw new Error(`case ${cur.id}: no answer`);
    try {
      cases.push({ ...rest, ...unlabel(text.join("\n").trim()) });
    } catch (e) {
      throw new Error(`case ${cur.id}: ${(e as Error).message}`);
    }
  };
  lines.forEach((line, i) => {
    const where = `${basename(file)}:${i + 1}`;
    const head = HEAD.exec(line);
    if (head) {
      finish();
      cur = { id: head[1]!, answers: basename(file), results, set: head[2] as Case["set"], db: head[3] as Db, question: "", earlier: [], calls: [], text: null };
      return;
    }
    if (!cur) return;
    if (cur.text) {
      cur.text.push(line);
      return;
    }
    const [key, ...rest] = line.split(":");
    const value = rest.join(":").trim();
    switch (key) {
      case "question":
        cur.question = value;
        break;
      case "call":
        cur.calls.push(call(value, where));
        break;
      case "earlier": {
        const [question, spec] = value.split(" => ");
        if (!spec) throw new Error(`${where}: earlier is "question => tool {json}"`);
        const last = cur.earlier.at(-1);
        if (last && last.question === question) last.calls.push(call(spec, where));
        else cur.earlier.push({ question: question!, calls: [call(spec, where)] });
        break;
      }
      case "approval": {
        const [tool, outcome] = value.split(" => ");
        if (!outcome) throw new Error(`${where}: approval is "tool => outcome message"`);
        cur.approval = { tool: tool!.trim(), outcome: outcome.trim() };
        break;
      }
      case "answer":
        cur.text = value ? [value] : [];
        break;
      default:
        if (line.trim()) throw new Error(`${where}: unknown line "${line}"`);
    }
  });
  finish();
  return cases;
}

/** The key of a call's stored result. */
export function resultKey(db: Db, c: Call): string {
  return `${db} ${c.tool} ${JSON.stringify(c.input)}`;
}

export type Results = Record<string, ToolOutput>;

export function readResults(file: string): Results {
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Results) : {};
}

/** Every call of every case (this turn's and the earlier turns'). */
export function allCalls(c: Case): Call[] {
  return [...c.earlier.flatMap((e) => e.calls), ...c.calls];
}
