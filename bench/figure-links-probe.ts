/**
 * 12c. The figures' links probed beyond the labelled answers (SPEC §11.1 drill-down): every read tool called with many
 * arguments on the demo and household databases (every call of bench/figure-check's cases on them, and a grid of periods,
 * categories, top_n, groupings, searches and comparisons), each result copied into an answer (its summary, its tables'
 * rows, its charts' values, sums and differences of neighbouring rows and values), checked as the chat checks it, and
 * every link of every figure judged as bench/figure-links.ts judges it (bench/figure-check/link-verdict.ts). A call the
 * tool refuses (a currency or an account the data has not) is counted, not judged.
 *
 *   bun bench/figure-links-probe.ts          wrong links per tool and kind (4 examples each)
 *   bun bench/figure-links-probe.ts --all    every wrong link
 */
import type { ToolOutput } from "../src/core/events.ts";
import type { BudgetDb } from "../src/ledger/reader.ts";
import { formatChartValue, formatMoney, formatTableCell } from "../src/core/format.ts";
import { createTurnFigures } from "../src/figures/turn.ts";
import { callPeriods } from "../src/tools/query/period.ts";
import { figureRowsData } from "../src/tools/query/figure-rows.ts";
import { READ_TOOLS } from "../src/tools/registry.ts";
import { figureRowsLinks } from "../src/transactions/link.ts";
import { emit, timer } from "./lib.ts";
import { allCalls, readAllCases, type Db } from "./figure-check/cases.ts";
import { openDbs, runCall } from "./figure-check/capture.ts";
import { judge, LinkTally } from "./figure-check/link-verdict.ts";

const elapsed = timer();
const all = process.argv.includes("--all");
const { dbs, close } = openDbs();

/** The calls, once each: the cases' own, then the grid. */
const calls = new Map<string, { db: Db; tool: string; input: Record<string, unknown> }>();
const add = (db: Db, tool: string, input: Record<string, unknown>) => calls.set(`${db} ${tool} ${JSON.stringify(input)}`, { db, tool, input });
for (const c of readAllCases()) if (c.db !== "fixture") for (const call of allCalls(c)) add(c.db, call.tool, call.input);
const fromCases = calls.size;
for (const db of ["demo", "household"] as const) {
  const categories = dbs[db].ledger().categoryNames.filter((c) => !/^(Transfers|Investments)$/.test(c)).slice(0, 12);
  for (const p of [{ year: 2025 }, { year: 2025, month: 3 }, { from: "2025-04-01", to: "2025-06-30" }, { year: 2024 }] as Record<string, unknown>[]) {
    for (const top_n of [3, 6]) {
      for (const group_by of [["category"], ["merchant"], ["category", "month"], ["month", "category"], ["account"]]) add(db, "spending_breakdown", { group_by, ...p, top_n });
      add(db, "merchant_breakdown", { ...p, top_n });
    }
    for (const tool of ["spending_by_category", "income_vs_spending", "foreign_spending", "unusual_transactions"]) add(db, tool, p);
    add(db, "list_transactions", { ...p, limit: 30 });
    const year = typeof p.year === "number" && p.month === undefined ? { from: `${p.year}-01-01`, to: `${p.year}-12-31` } : {};
    for (const category of categories) {
      add(db, "merchant_breakdown", { category, ...p, top_n: 3 });
      add(db, "list_transactions", { category, ...p });
      add(db, "spending_breakdown", { group_by: ["merchant"], categories: [category], ...p, top_n: 4 });
      add(db, "monthly_trend", { category, ...year });
    }
  }
  for (const search of ["Migros", "Helsana", "Alex Muster", "coffee", "SBB", "Coop", "refund", "Zalando"]) {
    add(db, "search_transactions", { search });
    add(db, "search_transactions", { search, year: 2025 });
  }
  for (const p of [{ year: 2025 }, { from: "2025-01-01", to: "2025-06-30" }] as Record<string, unknown>[]) {
    for (const group_by of [["weekday"], ["category", "account"], ["currency"]]) add(db, "spending_breakdown", { group_by, ...p, top_n: 4 });
    add(db, "spending_breakdown", { group_by: ["category"], exclude_categories: [categories[0]!], ...p, top_n: 5 });
    add(db, "spending_breakdown", { group_by: ["merchant"], search: ["migros", "coop"], ...p });
    add(db, "spending_breakdown", { group_by: ["category"], currency: "EUR", ...p });
    add(db, "merchant_breakdown", { ...p, currency: "EUR" });
    add(db, "monthly_trend", { categories: categories.slice(0, 3), from: "2025-01-01", to: p.year ? "2025-12-31" : "2025-06-30" });
    add(db, "recurring_payments", { min_occurrences: 3 });
  }
  add(db, "monthly_trend", {});
  add(db, "recurring_payments", {});
  add(db, "compare_periods", { a: { year: 2024 }, b: { year: 2025 } });
  add(db, "compare_periods", { a: { year: 2025, month: 1 }, b: { year: 2025, month: 2 } });
  add(db, "compare_periods", { a: { year: 2025, month: 9 }, b: { year: 2025, month: 10 }, by: "merchant" });
  add(db, "compare_periods", { a: { from: "2025-01-01", to: "2025-03-31" }, b: { from: "2025-04-01", to: "2025-06-30" }, by: "merchant" });
  add(db, "review_transactions", {});
  add(db, "budget_status", { year: 2025, month: 6 });
}

/** Neighbours added up and set against each other: "A and B together: CHF x.", "A was CHF y more than B." (a sum's link, a difference's terms). */
function pairs(labels: readonly unknown[], values: readonly unknown[], currency: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < values.length && i < 6; i++) {
    const [a, b] = [values[i], values[i + 1]];
    if (typeof a !== "number" || typeof b !== "number") continue;
    out.push(`${labels[i]} and ${labels[i + 1]} together: ${formatMoney(a + b, currency)}.`, `${labels[i]} was ${formatMoney(Math.abs(a - b), currency)} ${a > b ? "more" : "less"} than ${labels[i + 1]}.`);
  }
  return out;
}

/** An answer that copies a result's figures: its summary, its tables' rows, its charts' values, and pairs of them. */
function answerOf(out: ToolOutput): string {
  const lines = [out.summary];
  for (const t of out.tables ?? []) {
    lines.push(`| ${t.columns.join(" | ")} |`, `|${t.columns.map(() => "---").join("|")}|`, ...t.rows.map((row) => `| ${row.map((_, c) => formatTableCell(t, row, c)).join(" | ")} |`));
    const label = t.kinds.indexOf("text");
    t.kinds.forEach((k, c) => k === "money" && label >= 0 && lines.push(...pairs(t.rows.map((r) => r[label]), t.rows.map((r) => r[c]), t.currency ?? "CHF")));
  }
  for (const chart of out.charts)
    for (const ds of chart.data.datasets) {
      const series = chart.data.datasets.length > 1 ? ` (${ds.name})` : "";
      ds.values.forEach((v, i) => typeof v === "number" && lines.push(`${chart.data.labels[i]}${series}: ${formatChartValue(v, chart, chart.currency ?? "")}.`));
      if (!chart.unit) lines.push(...pairs(chart.data.labels, ds.values, chart.currency ?? "CHF"));
    }
  return lines.join("\n");
}

let refused = 0;
let figures = 0;
const tally = new LinkTally();
try {
  for (const { db, tool, input } of calls.values()) {
    const d: BudgetDb = dbs[db];
    let out: ToolOutput;
    try {
      out = runCall(d, db, tool, input);
    } catch {
      refused++;
      continue;
    }
    const ledger = d.ledger();
    const turn = createTurnFigures({ vocabulary: ledger, periods: (i) => callPeriods(i, ledger), figureKind: (name) => READ_TOOLS.find((t) => t.name === name)?.figureKind, ...figureRowsData(d) });
    turn.record({ id: "toolu_0", name: tool, input }, out);
    const outputs = new Map([["toolu_0", out]]);
    for (const f of turn.check(answerOf(out), "")) {
      figures++;
      for (const { link, p, verdict } of figureRowsLinks(f).map((l) => judge(d, f, l, outputs)))
        tally.add(LinkTally.keyOf(p, `${tool} · ?`), verdict.ok, () => `${db} ${tool} ${JSON.stringify(input)} "${f.text}" (${p ? `promises ${p.value}, ${p.where}` : "?"}) → ${decodeURIComponent(link.href)} → ${verdict.rows}`);
    }
  }
} finally {
  close();
}

const links = tally.report(all ? Infinity : 4);
emit({
  id: "figure-links-probe",
  title: "12c. The figures' links probed: every read tool's results copied into answers, every link's rows against the figure (SPEC §11.1 drill-down)",
  method: [
    "every call of bench/figure-check's cases on the demo and household databases, and a grid of periods, categories, top_n, groupings, searches and comparisons",
    "each result copied into an answer (summary, table rows, chart values, sums and differences of neighbours), checked as the chat checks it",
    "every link judged as bench/figure-links.ts judges it (bench/figure-check/link-verdict.ts)",
  ],
  columns: ["what", "count"],
  rows: [
    ["calls", `${calls.size} (${fromCases} of the cases)`],
    ["calls the tool refused", String(refused)],
    ["figures", String(figures)],
    ...links.rows,
  ],
  checks: links.checks,
  notes: [],
  seconds: elapsed(),
});
