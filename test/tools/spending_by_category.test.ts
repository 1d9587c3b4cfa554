import { afterAll, describe, expect, test } from "bun:test";
import { spendingByCategory } from "../../src/tools/spending_by_category.ts";
import { ToolInputError } from "../../src/core/errors.ts";
import { createFixture, runTool } from "../fixtures/budget-fixture.ts";

const fx = createFixture();
const loose = createFixture({ loose: true });
afterAll(() => {
  fx.cleanup();
  loose.cleanup();
});
const run = (input: unknown, db = fx.db) => runTool(spendingByCategory, db, input);

describe("spending_by_category", () => {
  test("all dates: Transfers are not spending, Income is not spending", () => {
    // Spending rows (amount < 0, not Transfers), by hand:
    //   Children      #28 800                                                      = 800.00   (1)
    //   Groceries     #1 50 #2 30 #5 70 #9 25.25 #11 80 #12 20 #13 45.5 #17 90
    //                 #26 8 #27 64.2 #34 100                                       = 582.95   (11)
    //   Dining        #6 120 #14 60 #20 150 #31 45 #33 35                          = 410.00   (5)
    //   Shopping      #19 120 #23 33.33 #24 10 #25 12                              = 175.33   (4)
    //   Transport     #8 55.5 #32 55.5                                             = 111.00   (2)
    //   Uncategorised #22 15                                                       =  15.00   (1)
    //   total 2,094.28 over 24; transfers #4 -1000 and #16 -1500 are not spending.
    const out = run({});
    expect(out.charts).toHaveLength(1);
    const chart = out.charts[0];
    expect(chart!.type).toBe("bar_h");
    expect(chart!.data.labels).toEqual(["Children", "Groceries", "Dining", "Shopping", "Transport", "Uncategorised"]);
    expect(chart!.data.datasets).toEqual([{ name: "Spending", values: [800, 582.95, 410, 175.33, 111, 15] }]);
    expect(chart!.title).toBe("Spending by category, all dates (CHF)");
    expect(out.summary).toStartWith("Spending by category for all dates (2024-01-05 to 2025-04-11). Transfers is not spending.");
    expect(out.summary).toContain("CHF: total CHF 2'094.28 over 24 transactions in 6 categories");
    // shares: 800 / 2094.28 = 38.199% ; 582.95 / 2094.28 = 27.835% ; 15 / 2094.28 = 0.716%
    expect(out.summary).toContain("Children CHF 800.00 (38.2%, 1 tx)");
    expect(out.summary).toContain("Groceries CHF 582.95 (27.8%, 11 tx)");
    expect(out.summary).toContain("Uncategorised CHF 15.00 (0.7%, 1 tx)");
    expect(out.summary).not.toContain("Transfers 2");
    expect(out.summary).not.toContain("Income");
  });

  test("year filter", () => {
    // 2024: Groceries 50+30+70+25.25 = 175.25 (4), Transport 55.5 (1), Dining 120 (1) → 350.75 over 6
    const out = run({ year: 2024 });
    expect(out.charts[0]!.data.labels).toEqual(["Groceries", "Dining", "Transport"]);
    expect(out.charts[0]!.data.datasets[0]!.values).toEqual([175.25, 120, 55.5]);
    expect(out.summary).toContain("for 2024");
    expect(out.summary).toContain("CHF: total CHF 350.75 over 6 transactions");
  });

  test("month filter includes the 1st and the last day of the month only", () => {
    // 2025-03: #23 (03-01) 33.33, #24 10, #25 12 Shopping = 55.33; #26 8 + #27 64.2 Groceries = 72.20;
    //          #28 800 Children; #31 (03-31) 45 Dining. #22 (02-27) and #32 (04-02) are outside. Total 972.53 / 7.
    const out = run({ year: 2025, month: 3 });
    expect(out.charts[0]!.data.labels).toEqual(["Children", "Groceries", "Shopping", "Dining"]);
    expect(out.charts[0]!.data.datasets[0]!.values).toEqual([800, 72.2, 55.33, 45]);
    expect(out.summary).toContain("for 2025-03");
    expect(out.summary).toContain("CHF: total CHF 972.53 over 7 transactions");
  });

  test("empty period: clear summary and no chart", () => {
    const out = run({ year: 2019 });
    expect(out.summary).toStartWith("No spending found for 2019.");
    expect(out.summary).toContain("2024-01-05 to 2025-04-11");
    expect(out.charts).toEqual([]);
  });

  test("month without year is a ToolInputError", () => {
    expect(() => run({ month: 3 })).toThrow(ToolInputError);
    expect(() => run({ month: 3 })).toThrow("month requires year");
  });

  test("the schema rejects wrong types and unknown keys", () => {
    const s = spendingByCategory.schema;
    expect(s.safeParse({ year: "2025" }).success).toBe(false);
    expect(s.safeParse({ year: 2025.5 }).success).toBe(false);
    expect(s.safeParse({ year: 1800 }).success).toBe(false);
    expect(s.safeParse({ year: 2025, month: 13 }).success).toBe(false);
    expect(s.safeParse({ year: 2025, category: "Dining" }).success).toBe(false);
    expect(s.safeParse({ year: 2025, month: 12 }).success).toBe(true);
  });

  test("loose database: NULL category counts as Uncategorised, and its money in reduces it", () => {
    // Uncategorised: #22 15 + #35 19.90 (NULL category) − #37 5 (CASHBACK, NULL category, money in) = 29.90 (3);
    // Groceries: 582.95 + #36 12 (NULL merchant) = 594.95 (12).
    // Total 2094.28 + 19.90 + 12 − 5 = 2'121.18 over 27.
    const out = run({}, loose.db);
    const { labels, datasets } = out.charts[0]!.data;
    expect(labels).toEqual(["Children", "Groceries", "Dining", "Shopping", "Transport", "Uncategorised"]);
    expect(datasets[0]!.values).toEqual([800, 594.95, 410, 175.33, 111, 29.9]);
    expect(out.summary).toContain("CHF: total CHF 2'121.18 over 27 transactions");
    expect(out.summary).toContain("Uncategorised CHF 29.90 (1.4%, 3 tx)");
  });
});
