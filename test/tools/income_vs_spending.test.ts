/**
 * income_vs_spending on the fixture (test/fixtures/budget-fixture.ts, strict, loose
 * and extended): hand-computed figures (arithmetic from test/spec-oracle.test.ts), savings
 * rate, the not-spending flows reported beside the figures, and the tool against the
 * independent oracle on the strict and loose fixtures and the demo database.
 */
import { describe, expect, test } from "bun:test";
import { incomeVsSpending } from "../../src/tools/income_vs_spending.ts";
import { BudgetDb } from "../../src/ledger/reader.ts";
import { formatPercent } from "../../src/core/format.ts";
import { incomeVsSpending as oracle, type CommonArgs } from "../support/spec-oracle.ts";
import { createFixture } from "../fixtures/budget-fixture.ts";
import { fixtureRow } from "../fixtures/budget-rows.ts";
import { fixtures, centsAll, demoDb, extended, money, MONTHS_2024, MONTHS_2025, MONTHS_ALL, run, rowsLinkOf, followUpsOf, chartOf, schemaOf, PERIOD_PROPS } from "./support.ts";

const { db, path, loose, loosePath } = fixtures();
const ext = extended();
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
// Nov 20.90 + 59.00 (TWINT's +15.00 [119] is unclassified money in, apart) =  79.90
// Dec 20.90 + 59.00 + 130.00 + 112.45                                   = 322.35
// sum = 3'413.58
const SPENDING_2025 = [144.5, 341.2, 662.5, 801.13, 139.8, 87.5, 305.8, 66.2, 145.85, 316.85, 79.9, 322.35];
// Income: 6'500 a month; March − 450 (correction [25]); May + 144 (CSS [26]) → 77'694
const INCOME_2025 = [6500, 6500, 6050, 6500, 6644, 6500, 6500, 6500, 6500, 6500, 6500, 6500];
// Spending per month, CHF 2024 (total 1'155.90); income 6'200 × 12 = 74'400
const SPENDING_2024 = [120, 84.35, 96.5, 0, 52.8, 0, 0, 41.25, 0, 245.5, 0, 515.5];

// The extended fixture's 2026: data from 2026-01 to 2026-10-12, no row at all in 2026-03.
const MONTHS_2026 = ["2026-01", "2026-02", "2026-03", "2026-04", "2026-05", "2026-06", "2026-07", "2026-08", "2026-09", "2026-10"];
// Spending per month, CHF 2026 ("chf" [332] [341] and " CHF" [335] are CHF):
// Jan rent [301] 2'000 + Spotify [311] 12.95 + Migros [341] 70                                   = 2'082.95
// Feb rent [302] 2'000 + Spotify [312] 12.95 + Kaffee 5 × 4.50 [331–335] + Krone [336] 80 + Café [337] 60 = 2'175.45
// Mar no row                                                                                     =     0.00
// Apr rent [303] 2'000 + Spotify [313] 12.95 + Migros [342] 480                                  = 2'492.95
// May rent [304] 2'000 + Spotify [314] 12.95 + Coop [344] [345] 2 × 45.60                        = 2'104.15
// Jun rent [305] 2'000 + Spotify [315] [316] 2 × 12.95                                           = 2'025.90
// Jul rent [306] 2'200 + Spotify [317] 12.95                                                     = 2'212.95
// Aug rent [307] 2'200 + Spotify [318] 12.95                                                     = 2'212.95
// Sep rent [308] 2'200 + Spotify [319] 12.95 + Möbel Pfister [346] 1'450                         = 3'662.95
// Oct rent [309] 2'200 + Spotify [320] 12.95 + Migros [343] 95.40                                = 2'308.35
// sum = 18'800 + 129.50 + 645.40 + 91.20 + 162.50 + 1'450 = 21'278.60
const SPENDING_2026 = [2082.95, 2175.45, 0, 2492.95, 2104.15, 2025.9, 2212.95, 2212.95, 3662.95, 2308.35];
// Income: salary 6'800 [321–328] in Jan, Feb and Apr … Sep; none in March (no row) or October → 8 × 6'800 = 54'400
const INCOME_2026 = [6800, 6800, 0, 6800, 6800, 6800, 6800, 6800, 6800, 0];

describe("income_vs_spending", () => {
  test("year 2026 (extended): per month income, spending and net; the data ends 2026-10-12; no flows to report", () => {
    // totals: income 54'400, spending 21'278.60, net 33'121.40; savings rate 33'121.40 / 54'400 = 60.88 % → 60.9%
    // October: no salary yet → 0 − 2'308.35 = −2'308.35; March (no row): 0 / 0 / 0
    // No Transfers or Investments in 2026 (the 2025 flows are in the hand-computed 2025 case below).
    const out = tool({ year: 2026 }, ext.db);
    expect(out.charts).toHaveLength(1);
    const chart = out.charts[0];
    expect(chart!.type).toBe("grouped_bar");
    // No empty months November–December.
    expect(chart!.data.labels).toEqual(MONTHS_2026);
    expect(chart!.data.datasets).toEqual([
      { name: "Income", values: INCOME_2026 },
      { name: "Spending", values: SPENDING_2026 },
    ]);
    expect(chart!.title).toBe("Income vs spending, 2026 (CHF)");
    expect(out.summary).toStartWith("Income vs spending for 2026.");
    expect(out.summary).toContain("CHF: income CHF 54'400.00, spending CHF 21'278.60, net CHF 33'121.40, savings rate 60.9%.");
    expect(out.summary).not.toContain("Not counted as spending or income");
    // February: 6'800 − 2'175.45 = 4'624.55
    expect(out.summary).toContain("2026-02 CHF 6'800.00 / CHF 2'175.45 / CHF 4'624.55");
    expect(out.summary).toContain("2026-03 CHF 0.00 / CHF 0.00 / CHF 0.00");
    expect(out.summary).toContain("2026-10 CHF 0.00 / CHF 2'308.35 / CHF -2'308.35");
  });

  test("all dates (extended, 2024-01 … 2026-10): every month of the data, the gap month 2026-03 as zeros; per year past 24 months", () => {
    // income 74'400 (6'200 × 12) + 77'694 + 54'400 = 206'494; spending 1'155.90 + 3'413.58 + 21'278.60 = 25'848.08;
    // net 180'645.92; savings rate 180'645.92 / 206'494 = 87.48 % → 87.5%
    // invested 3'000 [87] + 5'000 [88] − 1'200.50 [89] = 6'799.50; moved to own accounts 6 × 1'000 [80–85] − 2'500 [86] = 3'500
    // best net 2025-05: 6'644 − 139.80 = 6'504.20 (no 2024 month beats 6'200, no 2026 month 4'774.10 [Jun]);
    // worst net 2026-10: −2'308.35
    const out = tool({}, ext.db);
    const { labels, datasets } = out.charts[0]!.data;
    expect(labels).toEqual([...MONTHS_ALL, ...MONTHS_2026]);
    // 2026-03 (no row at all) is 0 in both series (INCOME_2026, SPENDING_2026).
    expect(datasets).toEqual([
      { name: "Income", values: [...Array(12).fill(6200), ...INCOME_2025, ...INCOME_2026] },
      { name: "Spending", values: [...SPENDING_2024, ...SPENDING_2025, ...SPENDING_2026] },
    ]);
    expect(out.summary).toStartWith("Income vs spending for all dates (2024-01-05 to 2026-10-12).");
    expect(out.summary).toContain("CHF: income CHF 206'494.00, spending CHF 25'848.08, net CHF 180'645.92, savings rate 87.5%.");
    expect(out.summary).toContain("invested CHF 6'799.50 (Investments, net)");
    expect(out.summary).toContain("moved to own accounts CHF 3'500.00 (Transfers, net)");
    expect(out.summary).toContain(
      "Per year (income / spending / net): 2024 CHF 74'400.00 / CHF 1'155.90 / CHF 73'244.10; " +
        "2025 CHF 77'694.00 / CHF 3'413.58 / CHF 74'280.42; 2026 CHF 54'400.00 / CHF 21'278.60 / CHF 33'121.40. " +
        "34 months; best net 2025-05 CHF 6'504.20, worst net 2026-10 CHF -2'308.35.",
    );
    expect(out.summary).not.toContain("Per month");
  });

  test("empty year: clear summary, no chart", () => {
    const out = tool({ year: 2019 });
    expect(out.summary).toStartWith("No income or spending found for 2019.");
    expect(out.charts).toEqual([]);
  });

  test("schema", () => {
    const s = incomeVsSpending.schema();
    expect(s.safeParse({ year: "2025" }).success).toBe(false);
    expect(s.safeParse({ year: 2025, month: 13 }).success).toBe(false);
    expect(s.safeParse({ year: 2025, category: "Dining" }).success).toBe(false);
    expect(s.safeParse({ year: 2025, month: 1 }).success).toBe(true);
    expect(s.safeParse({}).success).toBe(true);
  });

  test("loose 2025: NULL-category rows are Uncategorised spending, their money in is apart (neither); NULL merchant counts", () => {
    // On top of SPENDING_2025: Sep + [201] 23.40 (NULL category) = 169.25; Oct + [202] 23.40 = 340.25;
    // Nov + [203] 23.40 (Groceries, NULL merchant) = 103.30 ([204] +5 NULL category money in: unclassified, apart);
    // Dec + [205] 18.35 (NULL confidence) = 340.70. Income unchanged.
    // Totals: spending 3'413.58 + 3 × 23.40 + 18.35 = 3'502.13; net 77'694 − 3'502.13 = 74'191.87
    const out = tool({ year: 2025, currency: "CHF" }, loose);
    expect(out.charts[0]!.data.datasets).toEqual([
      { name: "Income", values: INCOME_2025 },
      { name: "Spending", values: [144.5, 341.2, 662.5, 801.13, 139.8, 87.5, 305.8, 66.2, 169.25, 340.25, 103.3, 340.7] },
    ]);
    expect(out.summary).toContain(`CHF: income ${money(77694, "CHF")}, spending ${money(3502.13, "CHF")}, net ${money(74191.87, "CHF")}`);
    // November: 6'500 − 103.30 = 6'396.70; unclassified money in [119] 15 + [204] 5 = 20.00 (2)
    expect(out.summary).toContain("2025-11 CHF 6'500.00 / CHF 103.30 / CHF 6'396.70");
    expect(out.summary).toContain(`Unclassified money in (Uncategorised rows with money in, counted neither as spending nor as income): ${money(20, "CHF")} in 2 transactions.`);
  });
});

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
    // net 77'694 − 3'413.58 = 74'280.42; savings rate 74'280.42 / 77'694 = 95.61 %
    expect(s).toContain(
      `CHF: income ${money(77694, "CHF")}, spending ${money(3413.58, "CHF")}, net ${money(74280.42, "CHF")}, savings rate 95.6%.`,
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
    // income 74'400 + 77'694 = 152'094; spending 1'155.90 + 3'413.58 = 4'569.48; net 147'524.52
    // invested 3'000 + 5'000 − 1'200.50 = 6'799.50
    expect(out.summary).toContain(`CHF: income ${money(152094, "CHF")}, spending ${money(4569.48, "CHF")}, net ${money(147524.52, "CHF")}, savings rate 97.0%.`);
    expect(out.summary).toContain(`invested ${money(6799.5, "CHF")} (Investments, net)`);
    // USD: Amazon 89.99 + Apple 9.99 = 99.98
    expect(out.summary).toContain(`USD: income ${money(0, "USD")}, spending ${money(99.98, "USD")}`);
    expect(out.summary).toContain(`2024-04 ${money(6200, "CHF")} / ${money(0, "CHF")} / ${money(6200, "CHF")}`);
  });

  test("loose: NULL-category money in [204] is unclassified money in: neither spending nor income", () => {
    const out = tool({ year: 2025, currency: "CHF" }, loose);
    // spending 3'502.13 (see spending_by_category); income unchanged 77'694; net 74'191.87
    expect(out.summary).toContain(`income ${money(77694, "CHF")}, spending ${money(3502.13, "CHF")}, net ${money(74191.87, "CHF")}`);
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
  test("strict fixture", () => {
    for (const args of cases) check(db, path, args);
  });
  test("loose fixture", () => {
    for (const args of cases) check(loose, loosePath, args);
  });
  test("demo database (7'300 rows, seed 7; all dates = 36 months, summary per year)", () => {
    for (const args of [{}, { year: 2024 }, { year: 2025, month: 12 }, { from: "2024-02-10", to: "2025-11-20" }]) check(demo.db, demo.path, args);
  });
});

describe("income_vs_spending's affordances", () => {
  test("no see-these-transactions link (income and spending together); the biggest categories as a follow-up", () => {
    expect(rowsLinkOf(incomeVsSpending, { year: 2025 })).toBeNull();
    expect(followUpsOf(incomeVsSpending, chartOf({ "2025-01": 10 }), { year: 2025 })).toEqual(["What were my biggest spending categories in 2025?"]);
    expect(followUpsOf(incomeVsSpending, chartOf({ "2025-01": 10 }), {}, ["income_vs_spending", "spending_by_category"])).toEqual([]);
  });
});

describe("income_vs_spending's schema", () => {
  test("the JSON schema sent to the model: its properties; the description says the UI shows the result", () => {
    expect(schemaOf(incomeVsSpending)).toEqual({ names: [...PERIOD_PROPS], required: undefined });
    // The model must know the UI draws the charts and tables (so it never draws text charts).
    expect(incomeVsSpending.description).toMatch(/The UI (draws|shows)/);
  });
});

describe("income_vs_spending: the chart's title names every flow it leaves out (uqa4 F5)", () => {
  test("a second currency that is mostly income: its income is named beside its spending, not only the spending", () => {
    // A freelancer paid in dollars: USD 3'000.00 in and USD 5.00 out are left out of the CHF chart; "USD 5.00 not shown"
    // alone read as if five dollars were all that was missing.
    const fx = createFixture({
      rows: [
        fixtureRow(1, "2026-01-10", "MIGROS", -100, "Migros", "Groceries"),
        fixtureRow(2, "2026-01-25", "SALARY", 5000, "Employer", "Income"),
        fixtureRow(3, "2026-02-10", "COOP", -50, "Coop", "Groceries"),
        fixtureRow(4, "2026-01-15", "CLIENT INC", 3000, "Client", "Income", { currency: "USD" }),
        fixtureRow(5, "2026-01-28", "SERVICE FEE", -5, "Bank", "Fees", { currency: "USD" }),
        fixtureRow(6, "2026-02-15", "ONLY OUT", -7.5, "Shop", "Shopping", { currency: "EUR" }),
      ],
    });
    try {
      const out = run(incomeVsSpending, fx.db, { year: 2026 });
      expect(out.charts[0]!.title).toBe(`Income vs spending, 2026 (CHF; ${money(3000, "USD")} income and ${money(5, "USD")} spending, ${money(7.5, "EUR")} spending not shown)`);
    } finally {
      fx.cleanup();
    }
  });
  test("sums that cancel name nothing, and refunds that outweigh purchases are named as refunds (review of uqa4 F3-a)", () => {
    // USD -0.10, -0.20 and +0.30 add up to a float a hair off zero: it read "USD 0.00 spending not shown". A EUR refund
    // alone read "EUR -40.00 spending".
    const fx = createFixture({
      rows: [
        fixtureRow(1, "2026-01-10", "MIGROS", -100, "Migros", "Groceries"),
        fixtureRow(2, "2026-01-25", "SALARY", 5000, "Employer", "Income"),
        fixtureRow(7, "2026-02-10", "COOP", -50, "Coop", "Groceries"),
        fixtureRow(8, "2026-02-25", "SALARY", 5000, "Employer", "Income"),
        fixtureRow(3, "2026-01-15", "A", -0.1, "A", "Shopping", { currency: "USD" }),
        fixtureRow(4, "2026-01-16", "B", -0.2, "B", "Shopping", { currency: "USD" }),
        fixtureRow(5, "2026-01-17", "C", 0.3, "C", "Shopping", { currency: "USD" }),
        fixtureRow(6, "2026-02-15", "REFUND", 40, "Shop", "Shopping", { currency: "EUR" }),
      ],
    });
    try {
      const out = run(incomeVsSpending, fx.db, { year: 2026 });
      expect(out.charts[0]!.title).toBe(`Income vs spending, 2026 (CHF; ${money(40, "EUR")} refunds not shown)`);
    } finally {
      fx.cleanup();
    }
  });
});
