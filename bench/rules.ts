/**
 * Applying a category rule over a million rows (issue 35): ours against a plain SQL UPDATE of the
 * same rows, the floor.
 *
 *   ours:  `addRule(…, { apply: true })` as the CLI (and, second, the Rules page and the API) call it: the rule is
 *          checked against the data, stored, and applied in one write through the write path (the
 *          intent and its row changes in chat.db, every transaction read and matched by the one
 *          matcher with search's folding, the changed rows updated in chunks, hits counted), then
 *          the edit and its audit entry recorded;
 *   floor: one `UPDATE transactions SET category, source, confidence WHERE merchant_name = … COLLATE
 *          NOCASE AND source <> 'manual' AND category <> …` in a BEGIN IMMEDIATE transaction, on a
 *          copy of the same database: the same rows change.
 * Each runs in its own process (this script with --child), so its peak RSS (VmHWM) is its own; the
 * database is the demo data of 1,000,000 rows (bench/out/demo-1m.db, rollback journal), copied
 * fresh for each run; backups off. The rule: merchant is "Migros" → Dining.
 *
 *   node_modules/.bin/bun bench/rules.ts [--quick]      (--quick: the 7,300-row demo data)
 *
 * Target: ours ≤ 3× the floor in time and in peak RSS (checked for the command line's way; the page's
 * and the API's, which keep the changed pages in memory until COMMIT, are shown beside it).
 */
import { Database } from "bun:sqlite";
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { BudgetDb } from "../src/ledger/reader.ts";
import { budgetWriterFor } from "../src/ledger/write-path.ts";
import { addRule, parseRuleInput } from "../src/rules/rules.ts";
import { Store } from "../src/store/store.ts";
import { BUN, demoDb, emit, int, mb, ms, OUT_DIR, QUICK, ratio, rssOf, timer } from "./lib.ts";

const MERCHANT = "Migros";
const CATEGORY = "Dining";
const TARGET = 3;
const RUNS = QUICK ? 1 : 3;

type ChildResult = { seconds: number; changed: number; rssBefore: number; peak: number };
/** ours: as the command line applies it; ours-server: as the page and the API do (no spilling: readers are not shut out). */
type Kind = "ours" | "ours-server" | "floor";

async function child(kind: Kind, path: string): Promise<ChildResult> {
  const before = rssOf(process.pid).rss;
  if (kind === "floor") {
    const db = new Database(path, { strict: true });
    const t = timer();
    db.run("BEGIN IMMEDIATE");
    const { changes } = db
      .query(
        "UPDATE transactions SET category = $category, source = 'user_rule', confidence = 1.0 WHERE merchant_name = $merchant COLLATE NOCASE AND coalesce(source, '') <> 'manual' AND coalesce(category, '') <> $category COLLATE NOCASE",
      )
      .run({ category: CATEGORY, merchant: MERCHANT });
    db.run("COMMIT");
    const seconds = t();
    db.close();
    return { seconds, changed: changes, rssBefore: before, peak: rssOf(process.pid).peak };
  }
  const store = Store.open(join(path, "..", "chat.db"));
  const budget = BudgetDb.open(path);
  const writer = budgetWriterFor(path, store, 0);
  const t = timer();
  const done = await addRule(
    { budget, writer, store },
    { id: "cli", name: "bench" },
    parseRuleInput({ field: "merchant", match: "equals", pattern: MERCHANT, category: CATEGORY }),
    { apply: true },
    kind === "ours" ? "cli" : "api",
  );
  const seconds = t();
  store.close();
  budget.close();
  return { seconds, changed: done.snapshot.changed, rssBefore: before, peak: rssOf(process.pid).peak };
}

async function run(kind: Kind, source: string): Promise<ChildResult> {
  const dir = join(OUT_DIR, `rules-${kind}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const path = join(dir, "budget.db");
  copyFileSync(source, path);
  const p = Bun.spawn([BUN, import.meta.path, "--child", kind, path], { stdout: "pipe", stderr: "inherit" });
  const out = await new Response(p.stdout).text();
  if ((await p.exited) !== 0) throw new Error(`${kind} failed: ${out}`);
  rmSync(dir, { recursive: true, force: true });
  return JSON.parse(out.trim().split("\n").at(-1)!) as ChildResult;
}

async function main(): Promise<void> {
  const total = timer();
  const rows = QUICK ? 7300 : 1_000_000;
  const source = demoDb(rows);
  const matching = (() => {
    const db = new Database(source, { readonly: true });
    try {
      return (db.query("SELECT count(*) AS n FROM transactions WHERE merchant_name = ? COLLATE NOCASE").get(MERCHANT) as { n: number }).n;
    } finally {
      db.close();
    }
  })();
  // Alternated, RUNS times each (this machine is shared: one run's time swings by 2×); the median run of each counts.
  const runs: Record<Kind, ChildResult[]> = { floor: [], ours: [], "ours-server": [] };
  for (let k = 0; k < RUNS; k++) for (const kind of ["floor", "ours", "ours-server"] as const) runs[kind].push(await run(kind, source));
  const median = (rs: ChildResult[]) => [...rs].sort((a, b) => a.seconds - b.seconds)[Math.floor(rs.length / 2)]!;
  const floor = median(runs.floor);
  const ours = median(runs.ours);
  const server = median(runs["ours-server"]);
  for (const r of [ours, server]) if (r.changed !== floor.changed) throw new Error(`ours changed ${r.changed} rows, the floor ${floor.changed}: not the same rows`);
  const timeRatio = ours.seconds / floor.seconds;
  const peakRatio = ours.peak / floor.peak;
  const line = (name: string, r: ChildResult) => [name, ms(r.seconds * 1000), mb(r.peak), mb(r.peak - r.rssBefore), int(r.changed)];
  emit({
    id: "rules",
    title: `Applying a rule (merchant is "${MERCHANT}" → ${CATEGORY}) over ${int(rows)} rows: ours vs a plain SQL UPDATE`,
    method: [
      "ours: addRule with apply, as the CLI (and as the page and the API): stored and applied in one write through the write path, recorded and audited",
      "floor: one UPDATE … WHERE merchant_name = … COLLATE NOCASE of the same rows in a BEGIN IMMEDIATE transaction",
      `each in its own process on a fresh copy of the database, ${RUNS} runs each (alternated), the median run shown; peak RSS is the process's VmHWM`,
    ],
    columns: ["", "time", "peak RSS", "peak − start", "rows changed"],
    rows: [
      line("ours (command line)", ours),
      line("ours (page, API)", server),
      line("floor (SQL UPDATE)", floor),
      ["ours (command line) / floor", ratio(timeRatio), ratio(peakRatio), "", ""],
      ["ours (page, API) / floor", ratio(server.seconds / floor.seconds), ratio(server.peak / floor.peak), "", ""],
    ],
    checks: [
      { name: "time, ours / floor", target: `≤ ${TARGET}×`, value: ratio(timeRatio), ok: timeRatio <= TARGET },
      { name: "peak RSS, ours / floor", target: `≤ ${TARGET}×`, value: ratio(peakRatio), ok: peakRatio <= TARGET },
    ],
    notes: [
      "the page and the API keep every changed page in memory until COMMIT (the write path's default: readers of the server are not shut out of a long write); the command line lets SQLite spill them into budget.db, as a large import from the command line does",
      `${int(matching)} rows have the merchant ${MERCHANT}; ${int(ours.changed)} of them changed (the rest were set by hand or in ${CATEGORY} already)`,
    ],
    seconds: total(),
  });
}

if (process.argv.includes("--child")) {
  const i = process.argv.indexOf("--child");
  console.log(JSON.stringify(await child(process.argv[i + 1] as Kind, process.argv[i + 2]!)));
} else {
  await main();
}
