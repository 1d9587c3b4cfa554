/**
 * 1. Tool latency: every read tool, as the agent calls it (input parse + run), on the
 * 7,300-row demo database and on a 1,000,000-row one, against its floor: the same
 * figures as one hand-written bun:sqlite statement, prepared once, on a connection of
 * its own (a tool computes from the in-memory ledger, rebuilt when PRAGMA data_version
 * changes; the floor asks SQLite every time).
 *
 * Ours and the floor alternate call by call (order flipped every round), so load from
 * other processes hits both alike.
 * Targets (issue 12): every tool ≤ 250 ms p95 at 1M rows, and ≤ 1.5× its floor at 7.3k;
 * (issue 23) spending_breakdown with two dimensions and a filter ≤ 100 ms p95 at 1M rows; (issue 37)
 * unusual_transactions ≤ 100 ms p95 at 1M rows (every payment judged once per version of the data: its
 * first call after an import pays that, measured apart like the ledger's rebuild).
 * unusual_transactions has no SQL equivalent (a running median and MAD over each merchant's
 * earlier payments): its floor is reading the rows those figures are made of, in the order
 * they need, plus each merchant's first date.
 * The ledger's rebuild (the first call after an import) is measured apart.
 */
import { Database, type Statement } from "bun:sqlite";
import { BudgetDb } from "../src/ledger/reader.ts";
import { READ_TOOLS } from "../src/tools/registry.ts";
import type { ReadTool } from "../src/tools/types.ts";
import { parseToolInput } from "../src/tools/invoke.ts";
import { type Check, demoDb, emit, int, ms, ratio, reps, stats, timer } from "./lib.ts";

const elapsed = timer();
const P95_LIMIT_MS = 250;
const BREAKDOWN_P95_LIMIT_MS = 100;
const UNUSUAL_P95_LIMIT_MS = 100;
const RATIO_LIMIT = 1.5;

type Params = Record<string, string | number>;
/** The floor: statements run one after another with their parameters (several for compare_periods). */
type Case = { tool: string; input: Record<string, unknown>; floor: { sql: string; params?: Params }[] };

const SPENDING = "category NOT IN ('Income', 'Transfers', 'Investments')";
const Y2025 = { from: "2025-01-01", to: "2025-12-31" };
const IN_PERIOD = "date BETWEEN $from AND $to";
const SEARCH = "(merchant_name LIKE $p ESCAPE '\\' OR raw_description LIKE $p ESCAPE '\\')";
const where = (...c: string[]) => (c.length ? `WHERE ${c.join(" AND ")}` : "");

const byCategory = (...c: string[]) =>
  `SELECT currency, category, -SUM(amount) AS total, COUNT(*) AS n FROM transactions ${where(SPENDING, ...c)} GROUP BY currency, category`;
const byMonth = (...c: string[]) =>
  `SELECT currency, substr(date, 1, 7) AS month, -SUM(amount) AS total, COUNT(*) AS n FROM transactions ${where(...c)} GROUP BY 1, 2`;
const byMerchant = (...c: string[]) =>
  `SELECT currency, merchant_name, -SUM(amount) AS total, COUNT(*) AS n FROM transactions ${where(...c)} GROUP BY 1, 2 ORDER BY total DESC`;
const flows = (...c: string[]) =>
  `SELECT currency, substr(date, 1, 7) AS month, category, SUM(amount) AS total FROM transactions ${where(...c)} GROUP BY 1, 2, 3`;
const search = (...c: string[]) =>
  `SELECT currency, substr(date, 1, 7) AS month, merchant_name, category, COUNT(*) AS n,
          -TOTAL(CASE WHEN amount < 0 THEN amount END) AS out_total, SUM(amount < 0) AS out_n,
          TOTAL(CASE WHEN amount > 0 THEN amount END) AS in_total, SUM(amount > 0) AS in_n, MIN(date) AS first, MAX(date) AS last
   FROM transactions ${where(SEARCH, ...c)} GROUP BY 1, 2, 3, 4`;
const listPage = (order: string, ...c: string[]) =>
  `SELECT date, amount, currency, merchant_name, raw_description, category FROM transactions ${where(...c)} ORDER BY ${order} LIMIT 50`;
const count = (...c: string[]) => `SELECT COUNT(*) AS n FROM transactions ${where(...c)}`;

const CASES: Case[] = [
  { tool: "spending_by_category", input: {}, floor: [{ sql: byCategory() }] },
  { tool: "spending_by_category", input: { year: 2025 }, floor: [{ sql: byCategory(IN_PERIOD), params: Y2025 }] },
  { tool: "monthly_trend", input: {}, floor: [{ sql: byMonth(SPENDING) }] },
  { tool: "monthly_trend", input: { categories: ["Groceries", "Dining"], year: 2025 }, floor: [{ sql: `${byMonth("category IN ('Groceries', 'Dining')", IN_PERIOD).replace("GROUP BY 1, 2", "GROUP BY 1, 2, category")}`, params: Y2025 }] },
  { tool: "merchant_breakdown", input: {}, floor: [{ sql: byMerchant(SPENDING) }] },
  { tool: "merchant_breakdown", input: { category: "Groceries", year: 2025 }, floor: [{ sql: byMerchant("category = 'Groceries'", IN_PERIOD), params: Y2025 }] },
  { tool: "income_vs_spending", input: {}, floor: [{ sql: flows() }] },
  { tool: "income_vs_spending", input: { year: 2025 }, floor: [{ sql: flows(IN_PERIOD), params: Y2025 }] },
  { tool: "search_transactions", input: { search: "migros" }, floor: [{ sql: search(), params: { p: "%migros%" } }] },
  { tool: "search_transactions", input: { search: "coop", year: 2025, direction: "out" }, floor: [{ sql: search(IN_PERIOD, "amount < 0"), params: { p: "%coop%", ...Y2025 } }] },
  // The page, plus the count behind "showing 50 of M".
  { tool: "list_transactions", input: {}, floor: [{ sql: listPage("date DESC, id DESC") }, { sql: count() }] },
  {
    tool: "list_transactions",
    input: { sort: "amount", from: "2025-01-01" },
    floor: [{ sql: listPage("abs(amount) DESC, date DESC, id DESC", "date >= $from"), params: { from: "2025-01-01" } }, { sql: count("date >= $from"), params: { from: "2025-01-01" } }],
  },
  { tool: "list_transactions", input: { search: "migros" }, floor: [{ sql: listPage("date DESC, id DESC", SEARCH), params: { p: "%migros%" } }, { sql: count(SEARCH), params: { p: "%migros%" } }] },
  {
    tool: "compare_periods",
    input: { a: { year: 2024 }, b: { year: 2025 } },
    floor: [
      { sql: byCategory(IN_PERIOD), params: { from: "2024-01-01", to: "2024-12-31" } },
      { sql: byCategory(IN_PERIOD), params: Y2025 },
    ],
  },
  // Every money-out row of the spending categories, per merchant in date order: what the series are made of.
  { tool: "recurring_payments", input: {}, floor: [{ sql: `SELECT merchant_name, currency, date, amount FROM transactions ${where(SPENDING, "amount < 0", "merchant_name IS NOT NULL")} ORDER BY merchant_name, currency, date` }] },
  // Round 4: a period (the series found afresh, not the database's all-time ones).
  {
    tool: "recurring_payments",
    input: { year: 2025 },
    floor: [{ sql: `SELECT merchant_name, currency, date, amount FROM transactions ${where(SPENDING, "amount < 0", "merchant_name IS NOT NULL", IN_PERIOD)} ORDER BY merchant_name, currency, date`, params: Y2025 }],
  },
  {
    tool: "review_transactions",
    input: {},
    floor: [
      {
        sql: `SELECT COALESCE(merchant_name, raw_description) AS g, currency, COUNT(*) AS n, SUM(amount) AS total, MIN(confidence) AS lowest,
                     group_concat(DISTINCT category) AS categories
              FROM transactions WHERE category IN ('Uncategorised', 'Other') OR confidence < 0.8 GROUP BY 1, 2 ORDER BY n DESC LIMIT 50`,
      },
    ],
  },
  // Round 3 (issue 23).
  {
    tool: "spending_breakdown",
    input: { group_by: ["category", "month"], year: 2025, exclude_categories: ["Housing"] },
    floor: [
      {
        sql: `SELECT currency, category, substr(date, 1, 7) AS month, -SUM(amount) AS total, COUNT(*) AS n FROM transactions
              ${where(SPENDING, "category <> 'Housing'", IN_PERIOD)} GROUP BY 1, 2, 3`,
        params: Y2025,
      },
    ],
  },
  {
    tool: "spending_breakdown",
    input: { group_by: ["weekday"], categories: ["Dining"], metric: "median" },
    // A median needs the amounts themselves, sorted per group.
    floor: [{ sql: `SELECT currency, strftime('%w', date) AS wd, -amount AS a FROM transactions ${where("category = 'Dining'", "amount < 0")} ORDER BY 1, 2, 3` }],
  },
  // Round 4: the most expensive days, ranked (issue 33).
  {
    tool: "spending_breakdown",
    input: { group_by: ["day"], sort: "value", top_n: 5, year: 2025 },
    floor: [{ sql: `SELECT currency, date, -SUM(amount) AS total, COUNT(*) AS n FROM transactions ${where(SPENDING, IN_PERIOD)} GROUP BY 1, 2 ORDER BY total DESC`, params: Y2025 }],
  },
  // Round 4: purchases in another currency (the demo has no transaction_details: the floor reads the year's rows it would join).
  { tool: "foreign_spending", input: { year: 2025 }, floor: [{ sql: `SELECT id, currency, amount FROM transactions ${where(SPENDING, IN_PERIOD)}`, params: Y2025 }] },
  {
    tool: "data_coverage",
    input: {},
    floor: [
      { sql: "SELECT currency, MIN(date), MAX(date), COUNT(*), COUNT(DISTINCT substr(date, 1, 7)) FROM transactions GROUP BY currency" },
      { sql: "SELECT filename, row_count, imported_at FROM import_log ORDER BY imported_at DESC, id DESC LIMIT 5" },
    ],
  },
  ...[{}, { year: 2025 }].map(
    (input): Case => ({
      tool: "unusual_transactions",
      input,
      floor: [
        { sql: `SELECT merchant_name, currency, date, -amount AS a FROM transactions ${where(SPENDING, "amount < 0")} ORDER BY merchant_name, currency, date, id` },
        { sql: "SELECT merchant_name, MIN(date) FROM transactions GROUP BY 1" },
      ],
    }),
  ),
];

const label = (c: Case) => `${c.tool} ${JSON.stringify(c.input)}`;

function toolOf(name: string): ReadTool {
  const t = READ_TOOLS.find((x) => x.name === name);
  if (!t) throw new Error(`tool ${name} is missing from READ_TOOLS`);
  return t;
}

type Measured = { c: Case; ours: number[]; floor: number[] };

/** The tool's input as the invoker parses it (src/tools/invoke.ts). */
function parsed(tool: ReadTool, input: unknown) {
  const r = parseToolInput(tool.schema(), input);
  if (!r.success) throw new Error(`${tool.name}: input refused: ${r.error.message}`);
  return r.data;
}

/** Run every case `rounds` times, ours and floor interleaved; the floor only in the first `floorRounds`. */
function measure(path: string, rounds: number, warmup: number, floorRounds = rounds): { results: Measured[]; rebuild: number[]; verdicts: number[] } {
  const raw = new Database(path, { readonly: true });
  // The first call builds the ledger: the cost of the first question after an import. On the first two of those
  // fresh connections, unusual_transactions then judges every payment (what its first call after an import pays);
  // the last one is the connection measured below (its ledger built, as after the first question).
  const rebuild: number[] = [];
  const verdicts: number[] = [];
  const unusual = toolOf("unusual_transactions");
  const rebuilds = Math.max(1, Math.min(3, rounds));
  let budget!: BudgetDb;
  for (let i = 0; i < rebuilds; i++) {
    const fresh = BudgetDb.open(path);
    let t0 = performance.now();
    fresh.ledger();
    rebuild.push(performance.now() - t0);
    if (i < Math.max(1, Math.min(2, rounds))) {
      fresh.recurring();
      t0 = performance.now();
      unusual.run(fresh, parsed(unusual, {}));
      verdicts.push(performance.now() - t0);
    }
    if (i < rebuilds - 1) fresh.close();
    else budget = fresh;
  }
  const prepared = CASES.map((c) => c.floor.map((f) => ({ st: raw.prepare(f.sql) as Statement, params: f.params ?? {} })));
  const results: Measured[] = CASES.map((c) => ({ c, ours: [], floor: [] }));
  const runOurs = (i: number) => {
    const c = CASES[i]!;
    const tool = toolOf(c.tool);
    const t0 = performance.now();
    const out = tool.run(budget, parsed(tool, c.input));
    const dt = performance.now() - t0;
    if (!out.summary) throw new Error(`${label(c)} returned no summary`);
    return dt;
  };
  // Cases whose floor is the very same statements (unusual_transactions' two: the floor does not depend on the period)
  // share its time, measured at the first of them in each round.
  const floorKeys = CASES.map((c) => JSON.stringify(c.floor));
  const sameFloorAs = floorKeys.map((k) => floorKeys.indexOf(k));
  const runFloor = (i: number) => {
    const t0 = performance.now();
    for (const p of prepared[i]!) p.st.all(p.params as never);
    return performance.now() - t0;
  };
  for (let r = 0; r < warmup + rounds; r++) {
    const withFloor = r < warmup + floorRounds;
    const floorOf: number[] = [];
    for (let i = 0; i < CASES.length; i++) {
      const shared = sameFloorAs[i]! < i ? floorOf[sameFloorAs[i]!]! : undefined;
      const floorNow = () => (floorOf[i] = shared ?? runFloor(i));
      const [o, f] = !withFloor ? [runOurs(i), NaN] : r % 2 === 0 ? [runOurs(i), floorNow()] : (([f2, o2]) => [o2, f2])([floorNow(), runOurs(i)]);
      if (r >= warmup) {
        results[i]!.ours.push(o!);
        if (withFloor) results[i]!.floor.push(f!);
      }
    }
  }
  for (const ps of prepared) for (const p of ps) p.st.finalize();
  budget.close();
  raw.close();
  return { results, rebuild, verdicts };
}

const smallRounds = reps(60, 10);
// At 1M rows ours takes milliseconds and is checked at p95: 20 rounds; the floor (SQL scanning or sorting the
// million rows, up to seconds a case, ~11 s a round) only informs the ratio column there (no check: 0.00–0.28×), so
// 2 rounds after its warm-up (round 3: 12 of both made this script 4 minutes of the suite's 10; 3 until r4-benchtime:
// in one run the mean of the first 2 was within −14…+37 % of the median of 3, 20 of 24 cases within ±7 %).
const bigRounds = reps(20, 3);
const bigFloorRounds = reps(2, 1);
const smallPath = demoDb(7300);
const bigPath = demoDb(1_000_000);
const small = measure(smallPath, smallRounds, 5);
const big = measure(bigPath, bigRounds, 1, bigFloorRounds);

const columns = ["tool input", "rows", "ours p50", "ours p95", "floor p50", "floor p95", "ours / floor (p50)"];
const rows: string[][] = [];
for (const [name, m] of [["7.3k", small.results], ["1M", big.results]] as const) {
  for (const x of m) {
    const o = stats(x.ours);
    const f = stats(x.floor);
    rows.push([label(x.c), name, ms(o.p50), ms(o.p95), ms(f.p50), ms(f.p95), ratio(o.p50 / f.p50)]);
  }
}
for (const [name, r] of [["7.3k", small.rebuild], ["1M", big.rebuild]] as const) {
  const s = stats(r);
  rows.push([`(ledger rebuild: first call after an import)`, name, ms(s.p50), ms(s.max), "", "", ""]);
}
for (const [name, r] of [["7.3k", small.verdicts], ["1M", big.verdicts]] as const) {
  const s = stats(r);
  rows.push([`(unusual_transactions {}: its first call after an import, judging every payment)`, name, ms(s.p50), ms(s.max), "", "", ""]);
}

const checks: Check[] = [];
const ratios = small.results.map((x) => ({ x, r: stats(x.ours).p50 / stats(x.floor).p50 }));
const worstRatio = Math.max(...ratios.map((r) => r.r));
const ratioMisses = ratios.filter((r) => r.r > RATIO_LIMIT).map((r) => `${label(r.x.c)} ${ratio(r.r)}`);
checks.push({
  name: "every tool ≤ 1.5× its floor at 7.3k rows (p50 ratio, worst case)",
  target: `≤ ${RATIO_LIMIT}×`,
  value: ratio(worstRatio),
  ok: ratioMisses.length === 0,
  why: ratioMisses.length ? `${ratioMisses.length} case(s) over: ${ratioMisses.join("; ")}` : undefined,
});
const worst95 = Math.max(...big.results.map((x) => stats(x.ours).p95));
const p95Misses = big.results.filter((x) => stats(x.ours).p95 > P95_LIMIT_MS).map((x) => `${label(x.c)} ${ms(stats(x.ours).p95)}`);
checks.push({
  name: "every tool ≤ 250 ms p95 at 1M rows (worst case)",
  target: `≤ ${P95_LIMIT_MS} ms`,
  value: ms(worst95),
  ok: p95Misses.length === 0,
  why: p95Misses.length ? `${p95Misses.length} case(s) over: ${p95Misses.join("; ")}` : undefined,
});

const unusualCases = big.results.filter((x) => x.c.tool === "unusual_transactions");
const worstUnusual = Math.max(...unusualCases.map((x) => stats(x.ours).p95));
checks.push({
  name: "unusual_transactions ≤ 100 ms p95 at 1M rows (worst of its cases)",
  target: `≤ ${UNUSUAL_P95_LIMIT_MS} ms`,
  value: ms(worstUnusual),
  ok: worstUnusual <= UNUSUAL_P95_LIMIT_MS,
  why: worstUnusual <= UNUSUAL_P95_LIMIT_MS ? undefined : unusualCases.map((x) => `${label(x.c)} ${ms(stats(x.ours).p95)}`).join("; "),
});

const breakdowns = big.results.filter((x) => x.c.tool === "spending_breakdown" && (x.c.input.group_by as string[]).length === 2);
const worstBreakdown = Math.max(...breakdowns.map((x) => stats(x.ours).p95));
checks.push({
  name: "spending_breakdown, two dimensions and a filter, ≤ 100 ms p95 at 1M rows",
  target: `≤ ${BREAKDOWN_P95_LIMIT_MS} ms`,
  value: ms(worstBreakdown),
  ok: worstBreakdown <= BREAKDOWN_P95_LIMIT_MS,
});

emit({
  id: "tool-latency",
  title: "1. Tool latency (ours = input parse + tool.run on the in-memory ledger; floor = the same figures as prepared bun:sqlite statements)",
  method: [
    "ours: parseToolInput(tool.schema(), input) (as the invoker parses) then tool.run(db, input) on BudgetDb, ledger built (as after the first question since the last import)",
    "floor: the same aggregate hand-written as one statement per figure, prepared once, .all(), on a read-only connection of its own",
    `interleaved call by call; ${smallRounds} rounds at 7.3k rows, ${bigRounds} at 1M (${int(1_000_000)} rows, no index but the demo's date index), the floor in ${bigFloorRounds} of them there (it only informs the ratio at 1M); ` +
      "cases with the very same floor statements (unusual_transactions {} and {year}) share its time, measured once a round",
    "ledger rebuild: BudgetDb.open + the first ledger() call, i.e. what the first question after an import pays once (3 fresh connections); " +
      "unusual_transactions' first call after an import: on the first 2 of them, after their ledger and recurring series",
  ],
  columns,
  rows,
  checks,
  notes: [],
  seconds: elapsed(),
});
