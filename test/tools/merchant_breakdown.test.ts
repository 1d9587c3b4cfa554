import { afterAll, describe, expect, test } from "bun:test";
import { merchantBreakdown } from "../../src/tools/merchant_breakdown.ts";
import { ToolInputError } from "../../src/core/errors.ts";
import { createFixture, runTool } from "../fixtures/budget-fixture.ts";

const fx = createFixture();
const loose = createFixture({ loose: true });
afterAll(() => {
  fx.cleanup();
  loose.cleanup();
});
const run = (input: unknown, db = fx.db) => runTool(merchantBreakdown, db, input);

describe("merchant_breakdown", () => {
  test("all merchants of a category with total, count and average", () => {
    // Groceries by merchant, by hand:
    //   Migros   #1 50 #5 70 #11 80 #17 90 #27 64.2 #34 100 = 454.20 (6, avg 75.70)
    //   Coop     #2 30 #13 45.5                             =  75.50 (2, avg 37.75)
    //   100% Bio #9                                          =  25.25 (1)
    //   MIGROS   #12 (a spelling variant, its own merchant)  =  20.00 (1)
    //   Bakery   #26                                         =   8.00 (1)
    //   total 582.95 over 11 at 5 merchants
    const out = run({ category: "groceries" });
    expect(out.charts.map((c) => c.type)).toEqual(["bar_h", "pie"]);
    for (const chart of out.charts) {
      expect(chart.data.labels).toEqual(["Migros", "Coop", "100% Bio", "MIGROS", "Bakery"]);
      expect(chart.data.datasets).toEqual([{ name: "Groceries", values: [454.2, 75.5, 25.25, 20, 8] }]);
      expect(chart.title).toBe("Groceries by merchant, all dates (CHF)");
    }
    expect(out.summary).toStartWith("Merchants for spending on Groceries for all dates (2024-01-05 to 2025-04-11).");
    expect(out.summary).toContain("CHF: total CHF 582.95 over 11 transactions at 5 merchants");
    expect(out.summary).toContain("1. Migros CHF 454.20 (6 tx, avg CHF 75.70, 77.9%)"); // 454.2 / 582.95 = 77.91%
    expect(out.summary).toContain("2. Coop CHF 75.50 (2 tx, avg CHF 37.75, 13.0%)"); // 75.5 / 582.95 = 12.95%
    expect(out.summary).not.toContain("Other");
  });

  test("top_n: the rest becomes one Other entry", () => {
    // Other = 100% Bio 25.25 + MIGROS 20 + Bakery 8 = 53.25 over 3 transactions at 3 merchants
    const out = run({ category: "Groceries", top_n: 2 });
    expect(out.charts[0]!.data.labels).toEqual(["Migros", "Coop", "Other"]);
    expect(out.charts[0]!.data.datasets[0]!.values).toEqual([454.2, 75.5, 53.25]);
    expect(out.charts[1]!.type).toBe("pie");
    expect(out.charts[1]!.data.labels).toEqual(["Migros", "Coop", "Other"]);
    expect(out.summary).toContain("Other (3 merchants) CHF 53.25 (3 tx, 9.1%)"); // 53.25 / 582.95 = 9.13%
    expect(out.summary).toContain("at 5 merchants");
  });

  test("year and month filters", () => {
    // Dining 2025-02: #20 Restaurant Krone 150 only
    const feb = run({ category: "Dining", year: 2025, month: 2 });
    expect(feb.charts[0]!.data.labels).toEqual(["Restaurant Krone"]);
    expect(feb.charts[0]!.data.datasets[0]!.values).toEqual([150]);
    // Dining 2025: Restaurant Krone 150 + 45 = 195 (2, avg 97.50), Pizzeria Napoli 60 + 35 = 95 (2, avg 47.50)
    const y = run({ category: "Dining", year: 2025 });
    expect(y.charts[0]!.data.labels).toEqual(["Restaurant Krone", "Pizzeria Napoli"]);
    expect(y.charts[0]!.data.datasets[0]!.values).toEqual([195, 95]);
    expect(y.summary).toContain("Restaurant Krone CHF 195.00 (2 tx, avg CHF 97.50");
    expect(y.summary).toContain("for 2025.");
  });

  test("Transfers named as the category are the subject: the net moved out", () => {
    // Savings Account: out #4 1000 + #16 1500, back in #10 500 + #30 300 → 1000 + 1500 − 500 − 300 = 1,700
    const out = run({ category: "transfers" });
    expect(out.charts[0]!.data.labels).toEqual(["Savings Account"]);
    expect(out.charts[0]!.data.datasets[0]!.values).toEqual([1700]);
    expect(out.summary).toContain("1. Savings Account CHF 1'700.00 (4 tx, avg CHF 425.00, 100.0%)");
  });

  test("Income ranks who paid money in (salary and the refund)", () => {
    // ACME AG 5000 + 5000 + 5200 * 3 = 25,600 (5); Zalando refund 40 (1)
    const out = run({ category: "Income" });
    expect(out.charts[0]!.data.labels).toEqual(["ACME AG", "Zalando"]);
    expect(out.charts[0]!.data.datasets).toEqual([{ name: "Income", values: [25600, 40] }]);
  });

  test("without category: merchants of all spending", () => {
    // Spending 2025-03 by merchant: Kita 800, Migros 64.2, Restaurant Krone 45, Shop_Online 33.33, Sale Store 12,
    // ShopXOnline 10, Bakery 8 = 972.53 over 7.
    const out = run({ year: 2025, month: 3, top_n: 3 });
    expect(out.charts[0]!.data.labels).toEqual(["Kita Sonnenschein", "Migros", "Restaurant Krone", "Other"]);
    expect(out.charts[0]!.data.datasets).toEqual([{ name: "Spending", values: [800, 64.2, 45, 63.33] }]);
    expect(out.summary).toContain("CHF: total CHF 972.53 over 7 transactions at 7 merchants");
    expect(out.summary).toContain("Other (4 merchants) CHF 63.33 (4 tx, 6.5%)");
  });

  test("empty result: clear summary, no charts", () => {
    const out = run({ category: "Children", year: 2024 });
    expect(out.summary).toStartWith("No spending on Children found for 2024.");
    expect(out.charts).toEqual([]);
  });

  test("input errors", () => {
    expect(() => run({ category: "Food" })).toThrow(ToolInputError);
    expect(() => run({ category: "Food" })).toThrow(/Valid categories: Children, Dining, Groceries/);
    expect(() => run({ category: "Dining", month: 2 })).toThrow("month requires year");
    const s = merchantBreakdown.schema;
    expect(s.safeParse({}).success).toBe(true); // without category: all spending
    expect(s.safeParse({ category: "Dining", top_n: 0 }).success).toBe(false);
    expect(s.safeParse({ category: "Dining", top_n: 51 }).success).toBe(false);
    expect(s.safeParse({ category: "Dining", top_n: "5" }).success).toBe(false);
    expect(s.parse({ category: "Dining" }).top_n).toBe(15);
  });

  test("loose database: NULL merchants group as (unknown merchant)", () => {
    // Groceries gains #36 12 with NULL merchant: Migros 454.2, Coop 75.5, 100% Bio 25.25, MIGROS 20,
    // (unknown merchant) 12, Bakery 8
    const g = run({ category: "Groceries" }, loose.db);
    expect(g.charts[0]!.data.labels).toEqual(["Migros", "Coop", "100% Bio", "MIGROS", "(unknown merchant)", "Bakery"]);
    expect(g.charts[0]!.data.datasets[0]!.values).toEqual([454.2, 75.5, 25.25, 20, 12, 8]);
    // Uncategorised: #35 NULL merchant + NULL category 19.90 and #37 NULL merchant, money in 5 → 14.90; #22 TWINT Payment 15
    const u = run({ category: "Uncategorised" }, loose.db);
    expect(u.charts[0]!.data.labels).toEqual(["TWINT Payment", "(unknown merchant)"]);
    expect(u.charts[0]!.data.datasets[0]!.values).toEqual([15, 14.9]);
  });

  test("without a categories table the transaction categories are the valid names", () => {
    const bare = createFixture({ categoriesTable: false });
    try {
      expect(run({ category: "shopping" }, bare.db).charts[0]!.data.datasets[0]!.values).toEqual([120, 33.33, 12, 10]);
      expect(() => run({ category: "Food" }, bare.db)).toThrow(
        'Unknown category "Food". Valid categories: Children, Dining, Groceries, Income, Shopping, Transfers, Transport, Uncategorised.',
      );
    } finally {
      bare.cleanup();
    }
  });
});
