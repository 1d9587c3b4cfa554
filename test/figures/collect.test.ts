import { describe, expect, test } from "bun:test";
import type { ToolOutput } from "../../src/core/events.ts";
import { callContext, figuresOfOutput, type ReadOptions } from "../../src/figures/collect.ts";
import { lexiconOf } from "../../src/figures/context.ts";

const lexicon = lexiconOf({ categoryNames: ["Groceries", "Dining", "Income"], merchants: ["Migros"], accounts: [] });
/** A call of 2025 (its whole year), lists numbered from 0. */
const opts = (input: Record<string, unknown> = { year: 2025 }): ReadOptions => ({
  lexicon,
  call: callContext(input, "year" in input ? [{ from: 20250101, to: 20251231 }] : [], lexicon),
  firstList: 0,
});
const read = (tool: string, id: string, output: ToolOutput) => figuresOfOutput(tool, id, output, opts()).figures;

const OUTPUT: ToolOutput = {
  summary:
    "Spending by category for 2025. CHF: total CHF 8'665.70 over 312 transactions in 2 categories: Groceries CHF 7'431.20 (85.8%, 280 tx); Dining CHF 1'234.50 (14.2%, 32 tx).",
  charts: [
    {
      type: "bar_h",
      title: "Spending by category, 2025 (CHF)",
      currency: "CHF",
      data: { labels: ["Groceries", "Dining"], datasets: [{ name: "Spending", values: [7431.2, 1234.5] }] },
    },
    {
      type: "grouped_bar",
      title: "Income vs spending, 2025 (CHF)",
      currency: "CHF",
      data: { labels: ["2025-01"], datasets: [{ name: "Income", values: [5000] }, { name: "Spending", values: [4321.05] }] },
    },
  ],
  tables: [
    {
      title: "Transactions",
      columns: ["Date", "Amount", "Merchant", "Description", "Confidence"],
      kinds: ["date", "money", "text", "text", "text"],
      rows: [["2025-03-14", -12, "Migros", "MIGROS 68 ZUERICH", "85%"]],
      totalRows: 1,
      currency: "CHF",
    },
  ],
};

describe("figuresOfOutput", () => {
  test("summary numbers with their labels, chart values with label and dataset, table cells with row and column", () => {
    expect(read("spending_by_category", "toolu_1", OUTPUT).map((f) => [f.where, f.text, f.value])).toEqual([
      ["summary · total", "CHF 8'665.70", 8665.7],
      ["summary · total · transactions", "312", 312],
      ["summary · total · categories", "2", 2],
      ["summary · Groceries", "CHF 7'431.20", 7431.2],
      ["summary · Groceries", "85.8%", 85.8],
      ["summary · Groceries · tx", "280", 280],
      ["summary · Dining", "CHF 1'234.50", 1234.5],
      ["summary · Dining", "14.2%", 14.2],
      ["summary · Dining · tx", "32", 32],
      ["Spending by category, 2025 (CHF) · Groceries", "CHF 7'431.20", 7431.2],
      ["Spending by category, 2025 (CHF) · Dining", "CHF 1'234.50", 1234.5],
      ["Income vs spending, 2025 (CHF) · 2025-01 · Income", "CHF 5'000.00", 5000],
      ["Income vs spending, 2025 (CHF) · 2025-01 · Spending", "CHF 4'321.05", 4321.05],
      // The date and the number inside the description are not figures; a cell that is a figure is.
      ["table Transactions · row 1 · Amount", "CHF -12.00", -12],
      ["table Transactions · row 1 · Confidence", "85%", 85],
    ]);
  });

  test("every figure names its tool and call", () => {
    const figures = read("spending_by_category", "toolu_1", OUTPUT);
    expect(new Set(figures.map((f) => `${f.tool}/${f.callId}`))).toEqual(new Set(["spending_by_category/toolu_1"]));
  });

  test("a result without numbers has no figures", () => {
    expect(read("search_transactions", "toolu_2", { summary: "No transactions match \"xyz\".", charts: [] })).toEqual([]);
  });

  test("what each figure is about: its clause's mentions, the chart's label, the table's row, else the call's period", () => {
    const figures = read("spending_by_category", "toolu_1", OUTPUT);
    const about = (where: string) => figures.find((f) => f.where === where)!.ctx;
    expect(about("summary · Groceries")).toMatchObject({ categories: ["Groceries"], periods: [{ from: 20250101, to: 20251231 }], currency: "CHF" });
    expect(about("Income vs spending, 2025 (CHF) · 2025-01 · Income")).toMatchObject({ periods: [{ from: 20250101, to: 20250131 }], categories: ["Income"] });
    expect(about("table Transactions · row 1 · Amount")).toMatchObject({ names: ["Migros"], periods: [{ from: 20250314, to: 20250314 }], currency: "CHF" });
  });

  test("a summary's list: clauses alike in a row continue each other's lists, slot by slot", () => {
    const figures = read("spending_by_category", "toolu_1", OUTPUT).filter((f) => f.where.startsWith("summary"));
    const listOf = (text: string) => figures.find((f) => f.text === text)!.list;
    // Groceries and Dining: one list of amounts, one of shares; the total is no part of them.
    expect(listOf("CHF 7'431.20")).toBe(listOf("CHF 1'234.50"));
    expect(listOf("85.8%")).toBe(listOf("14.2%"));
    expect(listOf("CHF 8'665.70")).not.toBe(listOf("CHF 7'431.20"));
    // Only the summary is what the model read.
    expect(read("spending_by_category", "toolu_1", OUTPUT).filter((f) => f.seen).map((f) => f.where.split(" · ")[0])).toEqual(figures.map(() => "summary"));
  });

  test("a comparison: before the arrow the first period, after it the second, in brackets both", () => {
    const periods = [
      { from: 20240101, to: 20241231 },
      { from: 20250101, to: 20251231 },
    ];
    const summary = "Spending: 2024 (a) vs 2025 (b). CHF: Groceries CHF 6'500.00 → CHF 7'431.20 (+CHF 931.20, +14.3%).";
    const f = figuresOfOutput("compare_periods", "toolu_c", { summary, charts: [] }, { lexicon, call: { periods }, firstList: 0 }).figures;
    expect(f.map((x) => [x.text, x.ctx.periods])).toEqual([
      ["CHF 6'500.00", [periods[0]!]],
      ["CHF 7'431.20", [periods[1]!]],
      ["CHF 931.20", periods],
      ["14.3%", periods],
    ]);
    // The signs the tool wrote say which way the changes went.
    expect(f.slice(2).map((x) => x.ctx.sign)).toEqual([1, 1]);
    // The bracket's signed figures are changes; a count in brackets after the arrow is the second period's.
    expect(f.map((x) => x.change ?? false)).toEqual([false, false, true, true]);
  });

  test("a comparison per month: a bracket with its own arrow has the periods' amounts before its colon, the changes after it", () => {
    const periods = [
      { from: 20250101, to: 20251231 },
      { from: 20260101, to: 20261231 },
    ];
    const summary =
      "Spending: 2025 (a) vs 2026 (b). CHF: total spending CHF 3'413.58 → CHF 21'278.60 (per month CHF 284.47 → CHF 2'266.79: +CHF 1'982.33, +696.9%); Dining CHF 0.00 (0 transactions) → CHF 45.00 (1 transaction).";
    const f = figuresOfOutput("compare_periods", "toolu_c", { summary, charts: [] }, { lexicon, call: { periods }, firstList: 0 }).figures;
    const side = (x: (typeof f)[number]) => (x.change ? "change" : x.ctx.periods?.length === 1 ? (x.ctx.periods[0] === periods[0] ? "a" : "b") : "?");
    expect(f.map((x) => [x.text, side(x)])).toEqual([
      ["CHF 3'413.58", "a"],
      ["CHF 21'278.60", "b"],
      ["CHF 284.47", "a"],
      ["CHF 2'266.79", "b"],
      ["CHF 1'982.33", "change"],
      ["696.9%", "change"],
      ["CHF 0.00", "a"],
      ["0", "a"],
      ["CHF 45.00", "b"],
      ["1", "b"],
    ]);
  });

  test("rates: a table's header ('Yearly cost') and a row's cadence ('monthly') say per what its amounts are; a column without either is per nothing", () => {
    const output: ToolOutput = {
      summary: "Recurring payments: 1 series.",
      charts: [],
      tables: [
        {
          title: "Recurring payments",
          columns: ["Merchant", "Cadence", "Current amount", "Yearly cost", "Payments"],
          kinds: ["text", "text", "money", "money", "count"],
          rows: [["Migros", "monthly", 20.9, 250.8, 12]],
          totalRows: 1,
          currency: "CHF",
        },
      ],
    };
    const f = read("recurring_payments", "toolu_r", output).filter((x) => x.where.startsWith("table"));
    expect(f.map((x) => [x.where.split(" · ").at(-1), x.ctx.per])).toEqual([
      ["Current amount", "month"],
      ["Yearly cost", "year"],
      ["Payments", "month"],
    ]);
  });

  test("a series' prices: the old one up to its change's day, the new one from it, the current amount from the last change", () => {
    const summary =
      "Recurring payments for all dates (2024-01-01 to 2025-12-31): 1 series. Migros (Groceries) monthly CHF 2'200.00 (usual CHF 2'000.00), 9 payments 2025-01-01 to 2025-09-01, CHF 26'400.00 a year, price changes: 2025-07-01 CHF 2'000.00 → CHF 2'200.00.";
    const f = figuresOfOutput("recurring_payments", "toolu_r", { summary, charts: [] }, { lexicon, call: { periods: [] }, firstList: 0 }).figures;
    const money = f.filter((x) => x.kind === "money").map((x) => [x.text, x.ctx.periods?.map((p) => `${p.from}…${p.to}`), x.ctx.measure ?? null]);
    // (The usual amount takes no period of its own here, the call names none; the yearly cost the series' span before it.)
    expect(money).toEqual([
      ["CHF 2'200.00", ["20250701…20250901"], null],
      ["CHF 2'000.00", undefined, "median"],
      ["CHF 26'400.00", ["20250101…20250901"], null],
      ["CHF 2'000.00", ["20250101…20250701"], null],
      ["CHF 2'200.00", ["20250701…20250901"], null],
    ]);
  });
});
