/**
 * 1. Tool latency: every analysis tool, as the agent calls it (zod parse + run), on
 * the 7,300-row demo database and on a 1,000,000-row one, against its floor: the same
 * aggregate as one hand-written bun:sqlite statement, prepared once.
 *
 * Ours and the floor alternate call by call (order flipped every round), on the same
 * connection, so load from other processes hits both alike.
 * Targets: ours ≤ 1.5× the floor (p50), and ≤ 250 ms p95 at 1M rows.
 * When the 1M target is missed, the script profiles: the query plan of the tool's SQL,
 * and the same cases on a copy of the 1M database with covering indexes, with the
 * index-friendly statement shapes (`bun bench/tool-latency.ts --no-probe` skips that).
 */
import { Database, type Statement } from "bun:sqlite";
import { copyFileSync, existsSync, renameSync, statSync } from "node:fs";
import { join } from "node:path";
import { BudgetDb } from "../src/budget/reader.ts";
import { READ_TOOLS } from "../src/tools/registry.ts";
import type { ReadTool } from "../src/tools/types.ts";
import { type Check, demoDb, emit, int, ms, OUT_DIR, ratio, reps, stats, timer } from "./lib.ts";

const elapsed = timer();
const P95_LIMIT_MS = 250;
const RATIO_LIMIT = 1.5;

type Params = Record<string, string | number>;
type Case = {
  tool: string;
  input: Record<string, unknown>;
  /** The hand-written floor: prepared statements and what to bind. */
  floor: { sql: string; params: Params; count?: { sql: string } };
};

const OUT = "amount < 0";
const NO_TRANSFERS = "category IS NOT 'Transfers'";
const Y2025: Params = { from: "2025-01-01", to: "2026-01-01" };
const IN_2025 = "date >= $from AND date < $to";
const LIKE = (col: string) => `${col} LIKE $p ESCAPE '\\'`;
const SEARCH = `(${LIKE("merchant_name")} OR ${LIKE("raw_description")})`;
const where = (...conds: string[]) => `WHERE ${conds.join(" AND ")}`;

const sbc = (...c: string[]) =>
  `SELECT category, -SUM(amount) AS total, COUNT(*) AS n FROM transactions ${where(OUT, NO_TRANSFERS, ...c)} GROUP BY category ORDER BY total DESC`;
const monthly = (...c: string[]) =>
  `SELECT substr(date, 1, 7) AS month, -SUM(amount) AS total, COUNT(*) AS n FROM transactions ${where(OUT, ...c)} GROUP BY month ORDER BY month`;
const merchants = (...c: string[]) =>
  `SELECT merchant_name, -SUM(amount) AS total, COUNT(*) AS n FROM transactions ${where(OUT, "category = $c", ...c)} GROUP BY merchant_name ORDER BY total DESC`;
const ivs = (...c: string[]) =>
  `SELECT substr(date, 1, 7) AS month, TOTAL(CASE WHEN amount > 0 THEN amount END) AS income, -TOTAL(CASE WHEN amount < 0 THEN amount END) AS spending
   FROM transactions ${where(NO_TRANSFERS, ...c)} GROUP BY month ORDER BY month`;
const search = (...c: string[]) =>
  `SELECT substr(date, 1, 7) AS month, merchant_name, category, COUNT(*) AS n,
          -TOTAL(CASE WHEN amount < 0 THEN amount END) AS out_total, SUM(amount < 0) AS out_n,
          TOTAL(CASE WHEN amount > 0 THEN amount END) AS in_total, SUM(amount > 0) AS in_n, MIN(date) AS first, MAX(date) AS last
   FROM transactions ${where(SEARCH, ...c)} GROUP BY 1, 2, 3`;
const listPage = (w: string) =>
  `SELECT date, amount, merchant_name, raw_description, category FROM transactions ${w} ORDER BY date DESC, id DESC LIMIT 50`;

const CASES: Case[] = [
  { tool: "spending_by_category", input: {}, floor: { sql: sbc(), params: {} } },
  { tool: "spending_by_category", input: { year: 2025 }, floor: { sql: sbc(IN_2025), params: Y2025 } },
  { tool: "monthly_trend", input: {}, floor: { sql: monthly(NO_TRANSFERS), params: {} } },
  {
    tool: "monthly_trend",
    input: { category: "Groceries", year: 2025 },
    floor: { sql: monthly("category = $c", IN_2025), params: { c: "Groceries", ...Y2025 } },
  },
  { tool: "merchant_breakdown", input: { category: "Dining" }, floor: { sql: merchants(), params: { c: "Dining" } } },
  {
    tool: "merchant_breakdown",
    input: { category: "Groceries", year: 2025 },
    floor: { sql: merchants(IN_2025), params: { c: "Groceries", ...Y2025 } },
  },
  { tool: "income_vs_spending", input: {}, floor: { sql: ivs(), params: {} } },
  { tool: "income_vs_spending", input: { year: 2025 }, floor: { sql: ivs(IN_2025), params: Y2025 } },
  { tool: "search_transactions", input: { search: "migros" }, floor: { sql: search(), params: { p: "%migros%" } } },
  {
    tool: "search_transactions",
    input: { search: "coop", year: 2025 },
    floor: { sql: search(IN_2025), params: { p: "%coop%", ...Y2025 } },
  },
  // The page, plus the total behind "showing 50 of M" (both tools need it when the page is full).
  {
    tool: "list_transactions",
    input: {},
    floor: { sql: listPage(""), params: {}, count: { sql: "SELECT COUNT(*) AS n FROM transactions" } },
  },
  {
    tool: "list_transactions",
    input: { search: "migros" },
    floor: { sql: listPage(where(SEARCH)), params: { p: "%migros%" }, count: { sql: `SELECT COUNT(*) AS n FROM transactions ${where(SEARCH)}` } },
  },
];

const label = (c: Case) => `${c.tool} ${JSON.stringify(c.input)}`;

type Measured = { c: Case; ours: number[]; floor: number[]; sql: string[] };

function toolOf(name: string): ReadTool {
  const t = READ_TOOLS.find((x) => x.name === name);
  if (!t) throw new Error(`tool ${name} is missing from READ_TOOLS`);
  return t;
}

/** Run every case `rounds` times, ours and floor interleaved. */
function measure(path: string, rounds: number, warmup: number): Measured[] {
  const budget = BudgetDb.open(path);
  // The floor runs on a connection of its own (BudgetDb keeps its handle private), opened the same way.
  const raw = new Database(path, { readonly: true });
  budget.summary(); // the data summary is cached per data_version: computed once per process, as in the server
  const prepared = CASES.map((c) => ({
    page: raw.prepare(c.floor.sql) as Statement,
    count: c.floor.count ? (raw.prepare(c.floor.count.sql) as Statement) : null,
  }));
  const results: Measured[] = CASES.map((c) => ({ c, ours: [], floor: [], sql: [] }));

  const runOurs = (i: number) => {
    const c = CASES[i];
    const tool = toolOf(c.tool);
    const t0 = performance.now();
    const out = tool.run(budget, tool.schema.parse(c.input));
    const dt = performance.now() - t0;
    if (!out.summary) throw new Error(`${label(c)} returned no summary`);
    return dt;
  };
  const runFloor = (i: number) => {
    const c = CASES[i];
    const p = prepared[i];
    const t0 = performance.now();
    const rows = p.page.all(c.floor.params as never);
    if (p.count && rows.length === 50) p.count.get(c.floor.params as never);
    return performance.now() - t0;
  };

  for (let r = 0; r < warmup + rounds; r++) {
    for (let i = 0; i < CASES.length; i++) {
      let o: number;
      let f: number;
      if (r % 2 === 0) {
        o = runOurs(i);
        f = runFloor(i);
      } else {
        f = runFloor(i);
        o = runOurs(i);
      }
      if (r >= warmup) {
        results[i].ours.push(o);
        results[i].floor.push(f);
      }
    }
  }
  for (const m of results) m.sql = [m.c.floor.sql];
  for (const p of prepared) {
    p.page.finalize();
    p.count?.finalize();
  }
  budget.close();
  raw.close();
  return results;
}

function planOf(db: Database, sql: string): string {
  try {
    return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((r) => r.detail).join("; ");
  } catch (e) {
    return `(no plan: ${(e as Error).message})`;
  }
}

// ---------------------------------------------------------------------------------
// Profile of the 1M misses: plans, and what an index (which only the pipeline or the
// demo generator could create — budget.db is opened read-only) would buy.

const PROBE_INDEXES = [
  "CREATE INDEX IF NOT EXISTS bench_cat_amount ON transactions(category, amount)",
  "CREATE INDEX IF NOT EXISTS bench_date_cat_amount ON transactions(date, category, amount)",
  "CREATE INDEX IF NOT EXISTS bench_cat_merchant_amount ON transactions(category, merchant_name, amount)",
];

/** A copy of the 1M database with covering indexes (made once, reused). */
function probeDb(src: string): string {
  const path = join(OUT_DIR, "demo-1m-indexed.db");
  if (existsSync(path) && statSync(path).mtimeMs > statSync(src).mtimeMs) return path;
  const tmp = `${path}.tmp`;
  copyFileSync(src, tmp);
  const db = new Database(tmp);
  for (const ddl of PROBE_INDEXES) db.run(ddl);
  db.run("ANALYZE");
  db.close();
  renameSync(tmp, path);
  return path;
}

/**
 * Statement shapes that follow an index's order, so SQLite aggregates while it walks
 * the index instead of sorting a million rows into a temp B-tree: group by the raw
 * column (NULL handled outside), or by day and fold the days into months in JS.
 */
const REWRITES: Record<string, { note: string; run: (db: Database) => void }> = {
  'spending_by_category {}': {
    note: "GROUP BY category (no COALESCE) on (category, amount)",
    run: (db) => void db.query(`SELECT category, -SUM(amount) AS total, COUNT(*) AS n FROM transactions WHERE amount < 0 AND ${NO_TRANSFERS} GROUP BY category`).all(),
  },
  'monthly_trend {}': {
    note: "GROUP BY date on (date, category, amount), days folded into months in JS",
    run: (db) => foldMonths(db.query(`SELECT date, -SUM(amount) AS v FROM transactions INDEXED BY bench_date_cat_amount WHERE amount < 0 AND ${NO_TRANSFERS} GROUP BY date`).all() as { date: string; v: number }[]),
  },
  'income_vs_spending {}': {
    note: "GROUP BY date on (date, category, amount), days folded into months in JS",
    run: (db) =>
      foldMonths(
        db.query(`SELECT date, TOTAL(CASE WHEN amount > 0 THEN amount END) - TOTAL(CASE WHEN amount < 0 THEN amount END) AS v FROM transactions INDEXED BY bench_date_cat_amount WHERE ${NO_TRANSFERS} GROUP BY date`).all() as { date: string; v: number }[],
      ),
  },
  'merchant_breakdown {"category":"Dining"}': {
    note: "GROUP BY merchant_name on (category, merchant_name, amount)",
    run: (db) => void db.query(`SELECT merchant_name, -SUM(amount) AS total, COUNT(*) AS n FROM transactions WHERE amount < 0 AND category = 'Dining' GROUP BY merchant_name`).all(),
  },
};

function foldMonths(rows: { date: string; v: number }[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const r of rows) {
    const k = r.date.slice(0, 7);
    m.set(k, (m.get(k) ?? 0) + r.v);
  }
  return m;
}

function probe(src: string, missed: Measured[], rounds: number): { rows: string[][]; notes: string[] } {
  const notes: string[] = [];
  const path = probeDb(src);
  const plain = new Database(src, { readonly: true });
  const idxDb = new Database(path, { readonly: true });
  const budget = BudgetDb.open(path);
  budget.summary();
  const rows: string[][] = [];
  for (const m of missed) {
    const tool = toolOf(m.c.tool);
    const plans = m.sql.map((s) => planOf(plain, s));
    notes.push(`plan at 1M, ${label(m.c)}: ${plans.join(" || ") || "(not captured)"}`);
    const withIdx: number[] = [];
    const rewrite = REWRITES[label(m.c)];
    const rewritten: number[] = [];
    for (let r = 0; r < rounds + 1; r++) {
      let t0 = performance.now();
      tool.run(budget, tool.schema.parse(m.c.input));
      const a = performance.now() - t0;
      t0 = performance.now();
      rewrite?.run(idxDb);
      const b = performance.now() - t0;
      if (r > 0) {
        withIdx.push(a);
        if (rewrite) rewritten.push(b);
      }
    }
    const idxPlans = m.sql.map((s) => planOf(idxDb, s)).join(" || ");
    notes.push(`plan with covering indexes, ${label(m.c)}: ${idxPlans}`);
    rows.push([
      label(m.c),
      ms(stats(m.ours).p50),
      ms(stats(withIdx).p50),
      rewrite
        ? `${ms(stats(rewritten).p50)} (${rewrite.note})`
        : "search" in m.c.input
          ? "— (LIKE '%term%' cannot use a B-tree index; an FTS5 trigram index could)"
          : "—",
    ]);
  }
  budget.close();
  plain.close();
  idxDb.close();
  return { rows, notes };
}

// ---------------------------------------------------------------------------------

const smallRounds = reps(60, 8);
const bigRounds = reps(12, 3);
const results: { size: string; m: Measured[] }[] = [];
results.push({ size: "7.3k", m: measure(demoDb(7300), smallRounds, 5) });
console.error(`7.3k rows done (${elapsed().toFixed(0)} s)`);
const bigPath = demoDb(1_000_000);
results.push({ size: "1M", m: measure(bigPath, bigRounds, 1) });
console.error(`1M rows done (${elapsed().toFixed(0)} s)`);

const columns = ["tool input", "rows", "n", "ours p50", "ours p95", "floor p50", "floor p95", "ratio p50", "ratio p95"];
const rows: string[][] = [];
const checks: Check[] = [];
const ratioMisses: string[] = [];
const p95Misses: Measured[] = [];
let worstRatio = 0;
for (const { size, m } of results) {
  for (const x of m) {
    const o = stats(x.ours);
    const f = stats(x.floor);
    const r50 = o.p50 / f.p50;
    const r95 = o.p95 / f.p95;
    rows.push([label(x.c), size, String(o.n), ms(o.p50), ms(o.p95), ms(f.p50), ms(f.p95), ratio(r50), ratio(r95)]);
    worstRatio = Math.max(worstRatio, r50);
    if (r50 > RATIO_LIMIT) ratioMisses.push(`${label(x.c)} at ${size}: ${ratio(r50)} (ours ${ms(o.p50)} vs ${ms(f.p50)})`);
    if (size === "1M" && o.p95 > P95_LIMIT_MS) p95Misses.push(x);
  }
}

/** Where the time of a fast call goes: zod parse, and the run itself (SQL and summary text together). */
function breakdown(c: Case, path: string): string {
  const budget = BudgetDb.open(path);
  const tool = toolOf(c.tool);
  budget.summary();
  const n = 2000;
  const time = (f: () => void) => {
    for (let i = 0; i < 200; i++) f();
    const t0 = performance.now();
    for (let i = 0; i < n; i++) f();
    return (performance.now() - t0) / n;
  };
  const parse = time(() => tool.schema.parse(c.input));
  const input = tool.schema.parse(c.input);
  const whole = time(() => tool.run(budget, input));
  budget.close();
  return `${label(c)} per call (mean of ${n}): run ${ms(whole)}; zod parse ${ms(parse)}`;
}
const smallPath = demoDb(7300);
const breakdowns = results[0].m.filter((x) => stats(x.ours).p50 / stats(x.floor).p50 > RATIO_LIMIT).map((x) => breakdown(x.c, smallPath));

checks.push({
  name: "every tool ≤ 1.5× its floor (p50 ratio, worst case)",
  target: `≤ ${RATIO_LIMIT}×`,
  value: ratio(worstRatio),
  ok: ratioMisses.length === 0,
  why: ratioMisses.length
    ? `${ratioMisses.length} case(s) over: ${ratioMisses.join("; ")}. Only where the query itself takes a fraction of a millisecond does ` +
      `the tool's fixed per-call work show as a ratio. ${breakdowns.join("; ")}`
    : undefined,
});

const big = results[1].m;
const bigIndexes = (() => {
  const db = new Database(bigPath, { readonly: true });
  const list = (db.query("SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'transactions'").all() as { name: string; sql: string | null }[]).map(
    (r) => (r.sql ? r.sql.replace(/^CREATE INDEX (IF NOT EXISTS )?/i, "") : `${r.name} (automatic)`),
  );
  db.close();
  return list;
})();
const worst95 = Math.max(...big.map((x) => stats(x.ours).p95));
// Structural: even the median call is over (the query itself is too slow). Tail: the
// median is under, only the slowest calls are over — on this shared machine the floor
// (the same SQL without our code) shows the same spikes.
const structural = p95Misses.filter((x) => stats(x.ours).p50 > P95_LIMIT_MS);
const tail = p95Misses.filter((x) => stats(x.ours).p50 <= P95_LIMIT_MS);
const describe = (x: Measured) => {
  const o = stats(x.ours);
  const f = stats(x.floor);
  return `${label(x.c)} p50 ${ms(o.p50)} / p95 ${ms(o.p95)} (floor ${ms(f.p50)} / ${ms(f.p95)})`;
};
checks.push({
  name: "every tool ≤ 250 ms p95 at 1M rows (worst case)",
  target: `≤ ${P95_LIMIT_MS} ms`,
  value: ms(worst95),
  ok: p95Misses.length === 0,
  why: p95Misses.length
    ? `${p95Misses.length} of ${big.length} cases over. ` +
      (structural.length
        ? `Over at the median too, so the query itself is too slow: ${structural.map(describe).join("; ")}. ` +
          `${structural.filter((x) => stats(x.floor).p50 > P95_LIMIT_MS).length} of ${structural.length} have the floor's median over 250 ms as well: ` +
          `the cost is SQLite's, not the tools'. Each scans the whole 1M-row table (indexes on transactions: ${bigIndexes.join(", ") || "none"}; ` +
          "none serves an all-dates aggregate, and no B-tree index can serve LIKE '%term%'), and where the GROUP BY key is not in index order " +
          "it sorts every row in a temp B-tree. See the PROFILE rows: plans, and the same cases with covering indexes. "
        : "") +
      (tail.length
        ? `Under 250 ms at the median, over only in the tail (${tail.length}): ${tail.map(describe).join("; ")}: ` +
          `the floors' p95 spike alike (${tail.filter((x) => stats(x.floor).p95 > P95_LIMIT_MS).length} of ${tail.length} over 250 ms), ` +
          "i.e. other load on the 2 shared cores, not our code; still a miss as measured."
        : "")
    : undefined,
});

const notes: string[] = [
  `1M-row database: ${int(1_000_000)} rows, ${(Bun.file(bigPath).size / 1e6).toFixed(0)} MB file; indexes on transactions (from the demo generator): ${bigIndexes.join(", ") || "none"}.`,
];
// Profile what is over, or close to it at the median.
const toProbe = big.filter((x) => stats(x.ours).p95 > P95_LIMIT_MS && stats(x.ours).p50 > 0.6 * P95_LIMIT_MS);
const doProbe = toProbe.length > 0 && !process.argv.includes("--no-probe");
let probeRows: string[][] = [];
if (doProbe) {
  const p = probe(bigPath, toProbe, reps(3, 1));
  probeRows = p.rows;
  notes.push(...p.notes);
}

if (probeRows.length) {
  console.log("\nProfile of the 1M misses (p50, same run):");
  const cols = ["tool input", "ours as is", "ours with covering indexes", "index-order statement with covering indexes"];
  console.log(["", ...probeRows.map((r) => r.join(" | "))].join("\n  "));
  for (const r of probeRows) rows.push([`PROFILE ${r[0]}`, "1M", "", r[1], "", "", "", `idx: ${r[2]}`, `rewrite: ${r[3]}`]);
  notes.push(`profile columns: ${cols.join(" / ")}`);
}

emit({
  id: "tool-latency",
  title: "1. Tool latency (ours = zod parse + tool.run; floor = one prepared bun:sqlite statement for the same aggregate)",
  method: [
    "ours: tool.schema.parse(input) then tool.run(db, input) on BudgetDb (read-only), as the agent calls it",
    "floor: the same aggregate hand-written as one statement, prepared once, .all() (list: the page plus COUNT(*) when the page is full)",
    `interleaved call by call on one connection; ${smallRounds} rounds at 7.3k rows, ${bigRounds} at 1M; warm cache`,
  ],
  columns,
  rows,
  checks,
  notes,
  seconds: elapsed(),
});
