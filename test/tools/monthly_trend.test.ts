/**
 * monthly_trend on the answers fixture: hand-computed figures (arithmetic from
 * test/spec-oracle.test.ts), category/categories semantics, and the tool against the
 * independent oracle on the strict and loose fixtures and the demo database.
 *
 * Also the small round-1 fixture (test/fixtures/small-fixture.ts) with its strict and loose
 * schema variants, first below.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { monthlyTrend } from "../../src/tools/monthly_trend.ts";
import { ToolInputError } from "../../src/core/errors.ts";
import { createFixture, runTool } from "../fixtures/small-fixture.ts";
import type { BudgetDb } from "../../src/budget/reader.ts";
import { plural } from "../../src/core/format.ts";
import { monthlyTrend as oracle, type CommonArgs } from "../support/spec-oracle.ts";
import { answers, centsAll, demoDb, inputError, MONTHS_2024, MONTHS_2025, MONTHS_ALL, money, run, schemaRejects } from "./answers/support.ts";

const fx = createFixture();
const looseFixture = createFixture({ loose: true });
afterAll(() => {
  fx.cleanup();
  looseFixture.cleanup();
});
const runOnFixture = (input: unknown, db = fx.db) => runTool(monthlyTrend, db, input);

const ALL_MONTHS = [...MONTHS_2024, "2025-01", "2025-02", "2025-03", "2025-04"];

describe("monthly_trend", () => {
  test("year: spending per month with total, average, highest and lowest", () => {
    // 2025 spending (Transfers #16 and money in excluded):
    //   01: #11 80 + #12 20 + #13 45.5 + #14 60            = 205.50
    //   02: #17 90 + #19 120 + #20 150 + #22 15            = 375.00  (refund #18 +40 is not spending)
    //   03: 33.33 + 10 + 12 + 8 + 64.2 + 800 + 45          = 972.53
    //   04: #32 55.5 + #33 35 + #34 100                    = 190.50
    //   total 1,743.53 over 18 transactions, average 1743.53 / 4 = 435.8825 → 435.88
    const out = runOnFixture({ year: 2025 });
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
    const out = runOnFixture({ category: "dining" });
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
    const out = runOnFixture({});
    expect(out.charts[0]!.data.labels).toEqual(ALL_MONTHS);
    expect(out.charts[0]!.data.datasets[0]!.values).toEqual([80, 190, 80.75, 0, 0, 0, 0, 0, 0, 0, 0, 0, 205.5, 375, 972.53, 190.5]);
    expect(out.summary).toContain("total CHF 2'094.28 over 24 transactions, average CHF 130.89 per month over 16 months (activity in 7)");
  });

  test("Transfers as the category: the net money moved out is the subject", () => {
    // Money out counts positive (−SUM(amount)): #4 -1000 (2024-01), #16 -1500 (2025-01), less the transfers
    // back in #10 +500 (2024-12) and #30 +300 (2025-03): 1000 − 500 + 1500 − 300 = 1,700.00 over 4 transactions.
    const out = runOnFixture({ category: "TRANSFERS" });
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
    const out = runOnFixture({ category: "income", year: 2025 });
    expect(out.charts[0]!.data.datasets).toEqual([{ name: "Income", values: [5200, 5240, 5200, 0] }]);
    expect(out.summary).toStartWith("Monthly money in (Income) for 2025.");
    expect(out.summary).toContain("total CHF 15'640.00 over 4 transactions");
  });

  test("empty result: clear summary, no chart", () => {
    const out = runOnFixture({ category: "Children", year: 2024 });
    expect(out.summary).toStartWith("No spending on Children found for 2024.");
    expect(out.charts).toEqual([]);
    expect(runOnFixture({ year: 2019 }).summary).toStartWith("No spending found for 2019.");
  });

  test("unknown category lists the valid names", () => {
    expect(() => runOnFixture({ category: "Food" })).toThrow(ToolInputError);
    expect(() => runOnFixture({ category: "Food" })).toThrow(
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

  test("looseFixture database: NULL category rows are Uncategorised", () => {
    // Uncategorised: #22 15 (2025-02), #35 19.90 NULL and #37 +5 NULL (money in, 2025-04): 15 + 19.90 − 5 = 29.90
    // over 3 transactions; the data spans 2024-01 … 2025-04.
    const out = runOnFixture({ category: "uncategorised" }, looseFixture.db);
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
      const out = runOnFixture({}, long.db);
      expect(out.charts[0]!.data.labels).toHaveLength(36);
      expect(out.summary).toContain("average CHF 1.68 per month over 36 months (activity in 3)");
      expect(out.summary).toContain("Per year: 2022 CHF 10.00, 2023 CHF 20.00, 2024 CHF 30.50.");
      expect(out.summary).not.toContain("Per month");
    } finally {
      long.cleanup();
    }
  });
});

const { db, path, loose, loosePath } = answers();
const demo = demoDb();
const tool = (input: unknown, on: BudgetDb = db) => run(monthlyTrend, on, input);
/** The summary without its transaction counts ("total CHF 1.00 over 3 transactions, average …"): the figures below are per month. */
const trend = (summary: string) => summary.replace(/ over \d+(?:'\d{3})* transactions?,/g, ",");

describe("monthly_trend: hand-computed figures", () => {
  test("Groceries over the whole coverage (24 months): empty months count 0 in the average", () => {
    const out = tool({ category: "Groceries" });
    // 2024-02 84.35 | 2024-05 52.80 | 2024-08 41.25 | 2025-01 63.70 | 2025-02 12.40 | 2025-03 8.90
    // 2025-06 66.60 | 2025-07 24.50 | 2025-09 52.80 | 2025-10 30.05 | 2025-12 112.45
    // 178.40 + 371.40 = 549.80; 549.80 / 24 = 22.908333… → 22.91
    const expected: Record<string, number> = {
      "2024-02": 84.35, "2024-05": 52.8, "2024-08": 41.25, "2025-01": 63.7, "2025-02": 12.4, "2025-03": 8.9,
      "2025-06": 66.6, "2025-07": 24.5, "2025-09": 52.8, "2025-10": 30.05, "2025-12": 112.45,
    };
    const chart = out.charts[0]!;
    expect(chart.type).toBe("bar");
    expect(chart.title).toBe("Monthly spending on Groceries, all dates (CHF)");
    expect(chart.data.labels).toEqual(MONTHS_ALL);
    expect(chart.data.datasets).toEqual([{ name: "Groceries", values: MONTHS_ALL.map((m) => expected[m] ?? 0) }]);
    expect(trend(out.summary)).toContain(
      `total ${money(549.8, "CHF")}, average ${money(22.91, "CHF")} per month over 24 months (activity in 11); ` +
        `highest 2025-12 ${money(112.45, "CHF")}, lowest 2024-01 ${money(0, "CHF")}.`,
    );
    expect(trend(out.summary)).toContain("for all dates (2024-01-05 to 2025-12-28)");
    expect(trend(out.summary)).toContain(`2024-02 ${money(84.35, "CHF")}, 2024-03 ${money(0, "CHF")}`);
  });

  test("a period reaching before the coverage counts only the months inside it", () => {
    // months 2024-01 (0) and 2024-02 (84.35): average 84.35 / 2 = 42.175 → 42.18, 1 active month
    const out = tool({ category: "Groceries", from: "2023-11-01", to: "2024-02-29" });
    expect(out.charts[0]!.data).toEqual({ labels: ["2024-01", "2024-02"], datasets: [{ name: "Groceries", values: [0, 84.35] }] });
    expect(trend(out.summary)).toContain(`average ${money(42.175, "CHF")} per month over 2 months (activity in 1)`);
    expect(money(42.175, "CHF")).toBe("CHF 42.18");
  });

  test("categories [Groceries, Dining] in 2024: one dataset each; 2024-02-30 [123] left out", () => {
    const out = tool({ categories: ["Groceries", "Dining"], year: 2024 });
    // Groceries: Feb 84.35, May 52.80, Aug 41.25 → 178.40, average 178.40 / 12 = 14.866… → 14.87
    // Dining:    Mar 96.50, Dec 150 → 246.50, average 246.50 / 12 = 20.541… → 20.54; Feb stays 0
    const chart = out.charts[0]!;
    expect(chart.type).toBe("bar");
    expect(chart.title).toBe("Monthly Groceries, Dining, 2024 (CHF)");
    expect(chart.data.labels).toEqual(MONTHS_2024);
    expect(chart.data.datasets).toEqual([
      { name: "Groceries", values: [0, 84.35, 0, 0, 52.8, 0, 0, 41.25, 0, 0, 0, 0] },
      { name: "Dining", values: [0, 0, 96.5, 0, 0, 0, 0, 0, 0, 0, 0, 150] },
    ]);
    expect(trend(out.summary)).toContain(
      `Groceries: total ${money(178.4, "CHF")}, average ${money(14.87, "CHF")} per month over 12 months (activity in 3); highest 2024-02 ${money(84.35, "CHF")}`,
    );
    expect(trend(out.summary)).toContain(
      `Dining: total ${money(246.5, "CHF")}, average ${money(20.54, "CHF")} per month over 12 months (activity in 2); highest 2024-12 ${money(150, "CHF")}`,
    );
    expect(out.summary).not.toContain("44.44");
  });

  test("no category: total spending per month per currency; the chart names USD as left out", () => {
    const out = tool({ year: 2024 });
    // Jan ZKB 120 | Feb Migros 84.35 | Mar Krone 96.50 | May Coop 52.80 | Aug Migros 41.25
    // Oct Helsana 245.50 | Dec Krone 150 + Helsana 245.50 + ZKB 120 = 515.50 → total 1'155.90
    // average 1'155.90 / 12 = 96.325 → 96.33; USD: Amazon [114] 89.99 in November
    const chart = out.charts[0]!;
    expect(chart.title).toBe(`Monthly spending, 2024 (CHF; ${money(89.99, "USD")} not shown)`);
    expect(chart.data.datasets).toEqual([{ name: "Spending", values: [120, 84.35, 96.5, 0, 52.8, 0, 0, 41.25, 0, 245.5, 0, 515.5] }]);
    expect(trend(out.summary)).toContain(
      `CHF: total ${money(1155.9, "CHF")}, average ${money(96.33, "CHF")} per month over 12 months (activity in 7); highest 2024-12 ${money(515.5, "CHF")}, lowest 2024-04 ${money(0, "CHF")}.`,
    );
    // 89.99 / 12 = 7.499… → 7.50
    expect(trend(out.summary)).toContain(`USD: total ${money(89.99, "USD")}, average ${money(7.5, "USD")} per month over 12 months (activity in 1); highest 2024-11 ${money(89.99, "USD")}`);
  });

  test("subject flows: Transfers (money out positive, any letter case) and Income (money in, correction reduces it)", () => {
    const t = tool({ category: "transfers", year: 2025 });
    // Jul..Dec 1'000 each out; Aug: 1'000 − 2'500 back = −1'500 → total 6'000 − 2'500 = 3'500; 3'500 / 12 = 291.67
    expect(t.charts[0]!.data.datasets).toEqual([{ name: "Transfers", values: [0, 0, 0, 0, 0, 0, 1000, -1500, 1000, 1000, 1000, 1000] }]);
    expect(t.charts[0]!.title).toBe("Monthly money out to Transfers, 2025 (CHF)");
    expect(trend(t.summary)).toContain(
      `CHF: total ${money(3500, "CHF")}, average ${money(291.67, "CHF")} per month over 12 months (activity in 6); ` +
        `highest 2025-07 ${money(1000, "CHF")}, lowest 2025-08 ${money(-1500, "CHF")}.`,
    );
    const i = tool({ category: "Income", year: 2025 });
    // 6'500 × 12 − 450 (correction [25], March) + 144 (CSS [26], May) = 77'694; average 6'474.50
    expect(i.charts[0]!.data.labels).toEqual(MONTHS_2025);
    expect(i.charts[0]!.data.datasets).toEqual([{ name: "Income", values: [6500, 6500, 6050, 6500, 6644, 6500, 6500, 6500, 6500, 6500, 6500, 6500] }]);
    expect(trend(i.summary)).toContain(
      `CHF: total ${money(77694, "CHF")}, average ${money(6474.5, "CHF")} per month over 12 months (activity in 12); ` +
        `highest 2025-05 ${money(6644, "CHF")}, lowest 2025-03 ${money(6050, "CHF")}.`,
    );
  });

  test("category names: one category in any letter case (transport = Transport), unique case-insensitive (household)", () => {
    // SBB [70–74] 337 + Mobility stored as `transport` (May 45.60, Sep 32.15) = 414.75, under the table's spelling
    for (const name of ["transport", "Transport", "TRANSPORT "]) {
      const out = tool({ category: name, year: 2025 });
      expect(out.charts[0]!.data.datasets[0]!.name).toBe("Transport");
      expect(trend(out.summary)).toContain(`total ${money(414.75, "CHF")}`);
    }
    // Household exists only in transactions: 80 × 5 + 100 = 500
    const h = tool({ category: "household" });
    expect(h.charts[0]!.data.datasets[0]!.name).toBe("Household");
    expect(trend(h.summary)).toContain(`total ${money(500, "CHF")}`);
  });

  test("errors: unknown category, category with categories, 1 or 9 categories, duplicates (in any letter case)", () => {
    expect(inputError(() => tool({ categories: ["transport", "TRANSPORT"] })).message).toBe("categories needs at least 2 different categories.");
    expect(inputError(() => tool({ category: "Nope" })).message).toBe(
      'Unknown category "Nope". Valid categories: Dining, Fees, Groceries, Healthcare, Household, Housing, Income, Insurance, ' +
        "Investments, Other, Shopping, Subscriptions, Transfers, Transport, Travel, Uncategorised.",
    );
    expect(inputError(() => tool({ category: "Dining", categories: ["Dining", "Groceries"] })).message).toBe(
      "Give either category or categories, not both.",
    );
    expect(schemaRejects(monthlyTrend, { categories: ["Dining"] })).toBe(true);
    expect(schemaRejects(monthlyTrend, { categories: ["a", "b", "c", "d", "e", "f", "g", "h", "i"] })).toBe(true);
    expect(schemaRejects(monthlyTrend, { categories: ["a", "b", "c", "d", "e", "f", "g", "h"] })).toBe(false);
    expect(inputError(() => tool({ categories: ["Dining", "dining"] })).message).toBe("categories needs at least 2 different categories.");
  });

  test("loose: NULL category rows count as Uncategorised", () => {
    // Uncategorised 2025: Feb [116] 25 | Sep [117] 40 + [201] 23.40 | Oct [202] 23.40 | Nov −[119] 15 − [204] 5
    // = 25, 0, …, Sep 63.40, Oct 23.40, Nov −20 → 91.80
    const out = tool({ category: "Uncategorised", year: 2025 }, loose);
    expect(out.charts[0]!.data.datasets[0]!.values).toEqual([0, 25, 0, 0, 0, 0, 0, 0, 63.4, 23.4, -20, 0]);
    expect(trend(out.summary)).toContain(`total ${money(91.8, "CHF")}`);
  });
});

describe("monthly_trend == oracle", () => {
  type Args = CommonArgs & { category?: string; categories?: string[] };
  const check = (on: BudgetDb, p: string, args: Args) => {
    const want = oracle(p, { ...args, currency: args.currency?.toUpperCase() });
    const out = tool(args, on);
    const curs = Object.keys(want.byCurrency);
    if (curs.length === 0) return expect(out.charts).toEqual([]);
    const main = want.mainCurrency!;
    const chart = out.charts[0]!;
    expect(chart.currency).toBe(main);
    expect(chart.data.labels).toEqual(want.months);
    const series = want.byCurrency[main]!.series;
    expect(chart.data.datasets.map((d) => d.name)).toEqual(args.category || args.categories ? series.map((s) => s.name) : ["Spending"]);
    expect(chart.data.datasets.map((d) => d.values)).toEqual(series.map((s) => centsAll(s.values)));
    for (const cur of curs) {
      for (const s of want.byCurrency[cur]!.series) {
        if (cur !== main && s.activeMonths === 0) continue; // other currencies: only series with rows
        expect(trend(out.summary)).toContain(
          `total ${money(s.total, cur)}, average ${money(s.average, cur)} per month over ${plural(want.months.length, "month")} (activity in ${s.activeMonths}); ` +
            `highest ${s.highest!.month} ${money(s.highest!.value, cur)}, lowest ${s.lowest!.month} ${money(s.lowest!.value, cur)}.`,
        );
      }
    }
  };
  const cases: Args[] = [
    {},
    { year: 2025 },
    { year: 2024, month: 12 },
    { category: "Groceries" },
    { category: "income", year: 2025 },
    { category: "Investments" },
    { category: "Travel" },
    { categories: ["Groceries", "Dining", "Shopping"], from: "2024-11-15", to: "2025-07-10" },
    { categories: ["transport", "Groceries"], currency: "chf" },
    { from: "2025-06-01" },
  ];
  test("answers fixture", () => {
    for (const args of cases) check(db, path, args);
  });
  test("loose fixture", () => {
    for (const args of [...cases, { category: "Uncategorised" }]) check(loose, loosePath, args);
  });
  test("demo database (7'300 rows, seed 7)", () => {
    for (const args of [{}, { year: 2024 }, { category: "Groceries" }, { categories: ["Dining", "Transport", "Income"], year: 2025 }, { category: "Transfers", from: "2024-03-10", to: "2025-01-20" }]) {
      check(demo.db, demo.path, args);
    }
  });
});
