/**
 * income_vs_spending on the answers fixture: hand-computed figures (arithmetic from
 * test/spec-oracle.test.ts), savings rate, the not-spending flows reported beside the
 * figures, and the tool against the independent oracle on the strict and loose fixtures and
 * the demo database.
 *
 * Also the small round-1 fixture (test/fixtures/small-fixture.ts) with its strict and loose
 * schema variants, first below.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { incomeVsSpending } from "../../src/tools/income_vs_spending.ts";
import { createFixture, runTool } from "../fixtures/small-fixture.ts";
import { BudgetDb } from "../../src/budget/reader.ts";
import { formatPercent } from "../../src/core/format.ts";
import { incomeVsSpending as oracle, type CommonArgs } from "../support/spec-oracle.ts";
import { answers, centsAll, demoDb, money, MONTHS_2024, MONTHS_2025, MONTHS_ALL, run } from "./answers/support.ts";

const fx = createFixture();
const looseFixture = createFixture({ loose: true });
afterAll(() => {
  fx.cleanup();
  looseFixture.cleanup();
});
const runOnFixture = (input: unknown, db = fx.db) => runTool(incomeVsSpending, db, input);

describe("income_vs_spending", () => {
  test("year: per month income, spending and net; Transfers reported beside them, not counted", () => {
    // 2025, by hand:
    //   01 income #15 5200            spending 205.50   net 4,994.50  (transfer out #16 -1500 excluded)
    //   02 income #21 5200 + #18 40   spending 375.00   net 4,865.00  (the refund counts as income)
    //   03 income #29 5200            spending 972.53   net 4,227.47  (transfer in #30 +300 excluded)
    //   04 income 0                   spending 190.50   net  -190.50
    //   totals: income 15,640.00, spending 1,743.53, net 13,896.47; savings rate 13896.47 / 15640 = 88.85%
    //   Transfers (not spending): out #16 1500, in #30 300 → moved to own accounts, net 1,200.00
    const out = runOnFixture({ year: 2025 });
    expect(out.charts).toHaveLength(1);
    const chart = out.charts[0];
    expect(chart!.type).toBe("grouped_bar");
    expect(chart!.data.labels).toEqual(["2025-01", "2025-02", "2025-03", "2025-04"]);
    expect(chart!.data.datasets).toEqual([
      { name: "Income", values: [5200, 5240, 5200, 0] },
      { name: "Spending", values: [205.5, 375, 972.53, 190.5] },
    ]);
    expect(chart!.title).toBe("Income vs spending, 2025 (CHF)");
    expect(out.summary).toStartWith("Income vs spending for 2025.");
    expect(out.summary).toContain("CHF: income CHF 15'640.00, spending CHF 1'743.53, net CHF 13'896.47, savings rate 88.9%.");
    expect(out.summary).toContain("Not counted as spending or income: moved to own accounts CHF 1'200.00 (Transfers, net).");
    expect(out.summary).toContain("2025-02 CHF 5'240.00 / CHF 375.00 / CHF 4'865.00");
    expect(out.summary).toContain("2025-04 CHF 0.00 / CHF 190.50 / CHF -190.50");
  });

  test("all dates: every month of the data, gaps as zeros", () => {
    // 2024-01 5000/80, 2024-02 5000/190, 2024-03 0/80.75, 2024-04…12 0/0 (the 2024-12 transfer in is excluded)
    // totals: income 10000 + 15640 = 25,640.00; spending 350.75 + 1743.53 = 2,094.28; net 23,545.72
    // Transfers: 1000 + 1500 out, 500 + 300 in → net 1,700.00 moved to own accounts
    const out = runOnFixture({});
    const { labels, datasets } = out.charts[0]!.data;
    expect(labels).toHaveLength(16);
    expect(labels[0]).toBe("2024-01");
    expect(labels[15]).toBe("2025-04");
    expect(datasets[0]!.values).toEqual([5000, 5000, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5200, 5240, 5200, 0]);
    expect(datasets[1]!.values).toEqual([80, 190, 80.75, 0, 0, 0, 0, 0, 0, 0, 0, 0, 205.5, 375, 972.53, 190.5]);
    expect(out.summary).toContain("income CHF 25'640.00, spending CHF 2'094.28, net CHF 23'545.72");
    expect(out.summary).toContain("2024-12 CHF 0.00 / CHF 0.00 / CHF 0.00");
    expect(out.summary).toContain("moved to own accounts CHF 1'700.00 (Transfers, net)");
  });

  test("empty year: clear summary, no chart", () => {
    const out = runOnFixture({ year: 2019 });
    expect(out.summary).toStartWith("No income or spending found for 2019.");
    expect(out.charts).toEqual([]);
  });

  test("schema", () => {
    const s = incomeVsSpending.schema;
    expect(s.safeParse({ year: "2025" }).success).toBe(false);
    expect(s.safeParse({ year: 2025, month: 13 }).success).toBe(false);
    expect(s.safeParse({ year: 2025, category: "Dining" }).success).toBe(false);
    expect(s.safeParse({ year: 2025, month: 1 }).success).toBe(true);
    expect(s.safeParse({}).success).toBe(true);
  });

  test("looseFixture database: NULL-category rows are Uncategorised spending, money in included", () => {
    // 2025-04 gains #35 -19.90 (NULL category → Uncategorised), #36 -12 (Groceries, NULL merchant) and #37 +5
    // (NULL category → Uncategorised: a refund there reduces spending, it is not income):
    // income 0, spending 190.5 + 19.9 + 12 − 5 = 217.40, net -217.40.
    // Totals: income 15,640.00, spending 1,743.53 + 31.90 = 1,775.43 − 5 = 1,770.43, net 13,869.57
    const out = runOnFixture({ year: 2025 }, looseFixture.db);
    expect(out.charts[0]!.data.datasets).toEqual([
      { name: "Income", values: [5200, 5240, 5200, 0] },
      { name: "Spending", values: [205.5, 375, 972.53, 217.4] },
    ]);
    expect(out.summary).toContain("CHF: income CHF 15'640.00, spending CHF 1'770.43, net CHF 13'869.57");
    expect(out.summary).toContain("2025-04 CHF 0.00 / CHF 217.40 / CHF -217.40");
  });
});

const { db, path, loose, loosePath } = answers();
const demo = demoDb();
const tool = (input: unknown, on: BudgetDb = db) => run(incomeVsSpending, on, input);

// Spending per month, CHF 2025:
// Jan 63.70 + 18.90 + 49.90 + 12.00                                     = 144.50
// Feb 12.40 + 18.90 + 49.90 + 85.00 + 150.00 + 25.00                    = 341.20
// Mar 8.90 + 18.90 + 49.90 + 4.40 + 240.00 + 260.40 + 120.00 − 40.00    = 662.50
// Apr 20.90 + 49.90 + 220.00 + 260.00 + 33.33 + 10.00 + 27.00 + 180.00  = 801.13
// May 20.90 + 49.90 + 15.60 + 45.60 + 7.80                              = 139.80
// Jun 20.90 + 66.60                                                     =  87.50
// Jul 20.90 + 24.50 + 260.40                                            = 305.80
// Aug 20.90 + 45.30                                                     =  66.20
// Sep 20.90 + 32.15 + 52.80 + 40.00                                     = 145.85
// Oct 20.90 + 30.05 + 260.40 + 5.50                                     = 316.85
// Nov 20.90 + 59.00 − 15.00                                             =  64.90
// Dec 20.90 + 59.00 + 130.00 + 112.45                                   = 322.35
// sum = 3'398.58
const SPENDING_2025 = [144.5, 341.2, 662.5, 801.13, 139.8, 87.5, 305.8, 66.2, 145.85, 316.85, 64.9, 322.35];
// Income: 6'500 a month; March − 450 (correction [25]); May + 144 (CSS [26]) → 77'694
const INCOME_2025 = [6500, 6500, 6050, 6500, 6644, 6500, 6500, 6500, 6500, 6500, 6500, 6500];
// Spending per month, CHF 2024 (total 1'155.90); income 6'200 × 12 = 74'400
const SPENDING_2024 = [120, 84.35, 96.5, 0, 52.8, 0, 0, 41.25, 0, 245.5, 0, 515.5];

describe("income_vs_spending: hand-computed figures", () => {
  test("2025: per month, totals, savings rate, invested and moved to own accounts; EUR/USD without savings rate", () => {
    const out = tool({ year: 2025 });
    const chart = out.charts[0]!;
    expect(chart.type).toBe("grouped_bar");
    expect(chart.currency).toBe("CHF");
    expect(chart.data).toEqual({
      labels: MONTHS_2025,
      datasets: [
        { name: "Income", values: INCOME_2025 },
        { name: "Spending", values: SPENDING_2025 },
      ],
    });
    // What is left out is named (the tool writes each other currency's net: EUR 0 − 453.60, USD 0 − 9.99).
    expect(chart.title).toStartWith("Income vs spending, 2025 (CHF; EUR ");
    expect(chart.title).toContain("USD ");
    expect(chart.title).toEndWith(" not shown)");
    const s = out.summary;
    // net 77'694 − 3'398.58 = 74'295.42; savings rate 74'295.42 / 77'694 = 95.63 %
    expect(s).toContain(
      `CHF: income ${money(77694, "CHF")}, spending ${money(3398.58, "CHF")}, net ${money(74295.42, "CHF")}, savings rate 95.6%.`,
    );
    // invested 5'000 − 1'200.50 = 3'799.50; moved to own accounts 6 × 1'000 − 2'500 = 3'500
    expect(s).toContain(`invested ${money(3799.5, "CHF")} (Investments, net)`);
    expect(s).toContain(`moved to own accounts ${money(3500, "CHF")} (Transfers, net)`);
    // per month triples: March 6'050 / 662.50 / 5'387.50; April 6'500 / 801.13 / 5'698.87
    expect(s).toContain(`2025-03 ${money(6050, "CHF")} / ${money(662.5, "CHF")} / ${money(5387.5, "CHF")}`);
    expect(s).toContain(`2025-04 ${money(6500, "CHF")} / ${money(801.13, "CHF")} / ${money(5698.87, "CHF")}`);
    expect(s).toContain(`2025-05 ${money(6644, "CHF")} / ${money(139.8, "CHF")} / ${money(6504.2, "CHF")}`);
    // EUR: no income → no savings rate; spending 453.60 in June
    expect(s).toContain(`EUR: income ${money(0, "EUR")}, spending ${money(453.6, "EUR")}, net ${money(-453.6, "EUR")} (no income, so no savings rate).`);
    expect(s).toContain(`USD: income ${money(0, "USD")}, spending ${money(9.99, "USD")}, net ${money(-9.99, "USD")} (no income, so no savings rate).`);
  });

  test("2024 CHF: the ETF buy [87] is invested, not spent; no transfers that year", () => {
    const out = tool({ year: 2024, currency: "chf" });
    // income 6'200 × 12 = 74'400; spending 1'155.90; net 73'244.10 (98.4 %); invested 3'000; moved 0
    expect(out.charts[0]!.title).toBe("Income vs spending, 2024 (CHF)");
    expect(out.charts[0]!.data).toEqual({
      labels: MONTHS_2024,
      datasets: [
        { name: "Income", values: Array(12).fill(6200) },
        { name: "Spending", values: SPENDING_2024 },
      ],
    });
    expect(out.summary).toContain(
      `CHF: income ${money(74400, "CHF")}, spending ${money(1155.9, "CHF")}, net ${money(73244.1, "CHF")}, savings rate 98.4%. ` +
        `Not counted as spending or income: invested ${money(3000, "CHF")} (Investments, net).`,
    );
    expect(out.summary).not.toContain("moved to own accounts");
  });

  test("not-spending configured as Transfers only: the 2024 ETF buy counts as spending", () => {
    const custom = BudgetDb.open(path, { notSpending: ["Transfers"] });
    try {
      const out = tool({ year: 2024, currency: "CHF" }, custom);
      // 1'155.90 + 3'000 = 4'155.90; June: 3'000
      expect(out.summary).toContain(`spending ${money(4155.9, "CHF")}`);
      expect(out.summary).not.toContain("invested");
      expect(out.charts[0]!.data.datasets[1]!.values[5]).toBe(3000);
    } finally {
      custom.close();
    }
  });

  test("all dates: 24 months in the chart; the summary lists them (≤ 24 months)", () => {
    const out = tool({});
    expect(out.charts[0]!.data.labels).toEqual(MONTHS_ALL);
    // income 74'400 + 77'694 = 152'094; spending 1'155.90 + 3'398.58 = 4'554.48; net 147'539.52
    // invested 3'000 + 5'000 − 1'200.50 = 6'799.50
    expect(out.summary).toContain(`CHF: income ${money(152094, "CHF")}, spending ${money(4554.48, "CHF")}, net ${money(147539.52, "CHF")}, savings rate 97.0%.`);
    expect(out.summary).toContain(`invested ${money(6799.5, "CHF")} (Investments, net)`);
    // USD: Amazon 89.99 + Apple 9.99 = 99.98
    expect(out.summary).toContain(`USD: income ${money(0, "USD")}, spending ${money(99.98, "USD")}`);
    expect(out.summary).toContain(`2024-04 ${money(6200, "CHF")} / ${money(0, "CHF")} / ${money(6200, "CHF")}`);
  });

  test("loose: NULL-category money in [204] reduces Uncategorised spending, never counts as income", () => {
    const out = tool({ year: 2025, currency: "CHF" }, loose);
    // spending 3'482.13 (see spending_by_category); income unchanged 77'694; net 74'211.87
    expect(out.summary).toContain(`income ${money(77694, "CHF")}, spending ${money(3482.13, "CHF")}, net ${money(74211.87, "CHF")}`);
  });
});

describe("income_vs_spending == oracle", () => {
  const check = (on: BudgetDb, p: string, args: CommonArgs) => {
    const want = oracle(p, { ...args, currency: args.currency?.toUpperCase() });
    const out = tool(args, on);
    const curs = Object.keys(want.byCurrency);
    if (curs.length === 0) return expect(out.charts).toEqual([]);
    const main = want.mainCurrency!;
    const m = want.byCurrency[main]!;
    expect(out.charts[0]!.currency).toBe(main);
    expect(out.charts[0]!.data).toEqual({
      labels: want.months,
      datasets: [
        { name: "Income", values: centsAll(m.perMonth.map((x) => x.income)) },
        { name: "Spending", values: centsAll(m.perMonth.map((x) => x.spending)) },
      ],
    });
    for (const cur of curs) {
      const f = want.byCurrency[cur]!;
      expect(out.summary).toContain(
        `${cur}: income ${money(f.income, cur)}, spending ${money(f.spending, cur)}, net ${money(f.net, cur)}` +
          (f.savingsRate === null ? " (no income, so no savings rate)." : `, savings rate ${formatPercent(f.net, f.income)}.`),
      );
      for (const [name, v] of Object.entries(f.notSpending)) {
        const what = name === "Investments" ? "invested" : "moved to own accounts";
        if (v !== 0) expect(out.summary).toContain(`${what} ${money(v, cur)} (${name}, net)`);
      }
    }
    if (want.months.length <= 24) {
      for (const x of m.perMonth) {
        expect(out.summary).toContain(`${x.month} ${money(x.income, main)} / ${money(x.spending, main)} / ${money(x.net, main)}`);
      }
    }
  };
  const cases: CommonArgs[] = [
    {},
    { year: 2025 },
    { year: 2024 },
    { year: 2025, month: 6 },
    { from: "2024-10-15", to: "2025-03-15" },
    { to: "2025-02-28", currency: "CHF" },
    { from: "2025-06-01", currency: "Eur" },
  ];
  test("answers fixture", () => {
    for (const args of cases) check(db, path, args);
  });
  test("loose fixture", () => {
    for (const args of cases) check(loose, loosePath, args);
  });
  test("demo database (7'300 rows, seed 7; all dates = 36 months, summary per year)", () => {
    for (const args of [{}, { year: 2024 }, { year: 2025, month: 12 }, { from: "2024-02-10", to: "2025-11-20" }]) check(demo.db, demo.path, args);
  });
});
