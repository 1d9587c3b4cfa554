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
  });
});
