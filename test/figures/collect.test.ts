import { describe, expect, test } from "bun:test";
import type { ToolOutput } from "../../src/core/events.ts";
import { figuresOfOutput } from "../../src/figures/collect.ts";

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
    expect(figuresOfOutput("spending_by_category", "toolu_1", OUTPUT).map((f) => [f.where, f.text, f.value])).toEqual([
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
    const figures = figuresOfOutput("spending_by_category", "toolu_1", OUTPUT);
    expect(new Set(figures.map((f) => `${f.tool}/${f.callId}`))).toEqual(new Set(["spending_by_category/toolu_1"]));
  });

  test("a result without numbers has no figures", () => {
    expect(figuresOfOutput("search_transactions", "toolu_2", { summary: "No transactions match \"xyz\".", charts: [] })).toEqual([]);
  });
});
