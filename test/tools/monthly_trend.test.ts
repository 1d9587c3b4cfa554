import { afterAll, describe, expect, test } from "bun:test";
import { monthlyTrend } from "../../src/tools/monthly_trend.ts";
import { ToolInputError } from "../../src/core/errors.ts";
import { createFixture, runTool } from "../fixtures/budget-fixture.ts";

const fx = createFixture();
const loose = createFixture({ loose: true });
afterAll(() => {
  fx.cleanup();
  loose.cleanup();
});
const run = (input: unknown, db = fx.db) => runTool(monthlyTrend, db, input);

const MONTHS_2024 = ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12"].map((m) => `2024-${m}`);
const ALL_MONTHS = [...MONTHS_2024, "2025-01", "2025-02", "2025-03", "2025-04"];

describe("monthly_trend", () => {
  test("year: spending per month with total, average, highest and lowest", () => {
    // 2025 spending (Transfers #16 and money in excluded):
    //   01: #11 80 + #12 20 + #13 45.5 + #14 60            = 205.50
    //   02: #17 90 + #19 120 + #20 150 + #22 15            = 375.00  (refund #18 +40 is not spending)
    //   03: 33.33 + 10 + 12 + 8 + 64.2 + 800 + 45          = 972.53
    //   04: #32 55.5 + #33 35 + #34 100                    = 190.50
    //   total 1,743.53 over 18 transactions, average 1743.53 / 4 = 435.8825 → 435.88
    const out = run({ year: 2025 });
    expect(out.charts).toHaveLength(1);
    const chart = out.charts[0];
    expect(chart!.type).toBe("bar");
    // The data ends 2025-04-11: no empty months May–December.
    expect(chart!.data.labels).toEqual(["2025-01", "2025-02", "2025-03", "2025-04"]);
    expect(chart!.data.datasets).toEqual([{ name: "Spending", values: [205.5, 375, 972.53, 190.5] }]);
    expect(chart!.title).toBe("Monthly spending, 2025 (CHF)");
    expect(out.summary).toBe(
      "Monthly spending for 2025. CHF: total CHF 1'743.53 over 18 transactions, average CHF 435.88 per month over 4 months (activity in 4); " +
        "highest 2025-03 CHF 972.53, lowest 2025-04 CHF 190.50. Per month: 2025-01 CHF 205.50, 2025-02 CHF 375.00, 2025-03 CHF 972.53, 2025-04 CHF 190.50.",
    );
  });

  test("category, case-insensitive, months without spending are zeros", () => {
    // Dining: 2024-02 120, 2025-01 60, 2025-02 150, 2025-03 45, 2025-04 35 = 410 over 5;
    // the data spans 2024-01 … 2025-04 = 16 months → average 410 / 16 = 25.625 → 25.63; 11 months with none.
    const out = run({ category: "dining" });
    const chart = out.charts[0];
    expect(chart!.data.labels).toEqual(ALL_MONTHS);
    expect(chart!.data.datasets).toEqual([{ name: "Dining", values: [0, 120, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 60, 150, 45, 35] }]);
    expect(out.summary).toStartWith("Monthly spending on Dining for all dates (2024-01-05 to 2025-04-11).");
    // 16 months, activity in 5 of them (the other 11 count as 0).
    expect(out.summary).toContain("total CHF 410.00 over 5 transactions, average CHF 25.63 per month over 16 months (activity in 5)");
    expect(out.summary).toContain("highest 2025-02 CHF 150.00, lowest 2024-01 CHF 0.00");
  });

  test("all spending over all dates: labels YYYY-MM ascending", () => {
    // 2024: 01 80, 02 190, 03 80.75, 04–12 0 (the 2024-12 transfer in is neither); 2025 as above. Total 2,094.28.
    const out = run({});
    expect(out.charts[0]!.data.labels).toEqual(ALL_MONTHS);
    expect(out.charts[0]!.data.datasets[0]!.values).toEqual([80, 190, 80.75, 0, 0, 0, 0, 0, 0, 0, 0, 0, 205.5, 375, 972.53, 190.5]);
    expect(out.summary).toContain("total CHF 2'094.28 over 24 transactions, average CHF 130.89 per month over 16 months (activity in 7)");
  });

  test("Transfers as the category: the net money moved out is the subject", () => {
    // Money out counts positive (−SUM(amount)): #4 -1000 (2024-01), #16 -1500 (2025-01), less the transfers
    // back in #10 +500 (2024-12) and #30 +300 (2025-03): 1000 − 500 + 1500 − 300 = 1,700.00 over 4 transactions.
    const out = run({ category: "TRANSFERS" });
    const values = out.charts[0]!.data.datasets[0]!.values;
    expect(values[0]).toBe(1000);
    expect(values[11]).toBe(-500);
    expect(values[12]).toBe(1500);
    expect(values[14]).toBe(-300);
    expect(values.reduce((a, b) => a + b, 0)).toBe(1700);
    expect(out.summary).toStartWith("Monthly money out to Transfers for all dates");
    expect(out.summary).toContain("total CHF 1'700.00 over 4 transactions");
  });

  test("Income as the category: money in per month", () => {
    // 2025: 01 #15 5200; 02 #21 5200 + refund #18 40 = 5240; 03 #29 5200; 04 none.
    const out = run({ category: "income", year: 2025 });
    expect(out.charts[0]!.data.datasets).toEqual([{ name: "Income", values: [5200, 5240, 5200, 0] }]);
    expect(out.summary).toStartWith("Monthly money in (Income) for 2025.");
    expect(out.summary).toContain("total CHF 15'640.00 over 4 transactions");
  });

  test("empty result: clear summary, no chart", () => {
    const out = run({ category: "Children", year: 2024 });
    expect(out.summary).toStartWith("No spending on Children found for 2024.");
    expect(out.charts).toEqual([]);
    expect(run({ year: 2019 }).summary).toStartWith("No spending found for 2019.");
  });

  test("unknown category lists the valid names", () => {
    expect(() => run({ category: "Food" })).toThrow(ToolInputError);
    expect(() => run({ category: "Food" })).toThrow(
      'Unknown category "Food". Valid categories: Children, Dining, Groceries, Income, Shopping, Transfers, Transport, Uncategorised.',
    );
  });

  test("schema: types are checked; categories takes 2 to 8 names", () => {
    const s = monthlyTrend.schema;
    expect(s.safeParse({ year: 2025, month: 3 }).success).toBe(true);
    expect(s.safeParse({ categories: ["Dining"] }).success).toBe(false);
    expect(s.safeParse({ categories: Array.from({ length: 9 }, (_, i) => `C${i}`) }).success).toBe(false);
    expect(s.safeParse({ category: 5 }).success).toBe(false);
    expect(s.safeParse({ category: "" }).success).toBe(false);
    expect(s.safeParse({ category: "Dining", year: 2025 }).success).toBe(true);
  });

  test("loose database: NULL category rows are Uncategorised", () => {
    // Uncategorised: #22 15 (2025-02), #35 19.90 NULL and #37 +5 NULL (money in, 2025-04): 15 + 19.90 − 5 = 29.90
    // over 3 transactions; the data spans 2024-01 … 2025-04.
    const out = run({ category: "uncategorised" }, loose.db);
    const values = out.charts[0]!.data.datasets[0]!.values;
    expect(out.charts[0]!.data.labels).toEqual(ALL_MONTHS);
    expect(values[13]).toBe(15);
    expect(values[15]).toBe(14.9);
    expect(out.summary).toContain("total CHF 29.90 over 3 transactions");
  });

  test("more than 24 months: per-year totals instead of every month", () => {
    const long = createFixture({
      rows: [
        { id: 1, date: "2022-01-10", description: "A", amount: -10, merchant: "A", category: "Dining" },
        { id: 2, date: "2023-06-10", description: "B", amount: -20, merchant: "B", category: "Dining" },
        { id: 3, date: "2024-12-10", description: "C", amount: -30.5, merchant: "C", category: "Dining" },
      ],
    });
    try {
      // 2022-01 … 2024-12 = 36 months; total 60.50, average 60.5 / 36 = 1.6805… → 1.68
      const out = run({}, long.db);
      expect(out.charts[0]!.data.labels).toHaveLength(36);
      expect(out.summary).toContain("average CHF 1.68 per month over 36 months (activity in 3)");
      expect(out.summary).toContain("Per year: 2022 CHF 10.00, 2023 CHF 20.00, 2024 CHF 30.50.");
      expect(out.summary).not.toContain("Per month");
    } finally {
      long.cleanup();
    }
  });
});
