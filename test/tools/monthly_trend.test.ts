/**
 * monthly_trend on the fixture (test/fixtures/budget-fixture.ts, strict, loose and
 * extended): hand-computed figures (arithmetic from test/spec-oracle.test.ts),
 * category/categories semantics, and the tool against the independent oracle on the strict
 * and loose fixtures and the demo database.
 */
import { describe, expect, test } from "bun:test";
import { monthlyTrend } from "../../src/tools/monthly_trend.ts";
import type { BudgetDb } from "../../src/ledger/reader.ts";
import { plural } from "../../src/core/format.ts";
import { monthlyTrend as oracle, type CommonArgs } from "../support/spec-oracle.ts";
import { fixtures, centsAll, demoDb, extended, inputError, MONTHS_2024, MONTHS_2025, MONTHS_ALL, money, run, schemaRejects, rowsLinkOf, followUpsOf, chartOf, schemaOf, PERIOD_PROPS } from "./support.ts";

const { db, path, loose, loosePath } = fixtures();
const ext = extended();
const demo = demoDb();
const tool = (input: unknown, on: BudgetDb = db) => run(monthlyTrend, on, input);
/** The summary without its transaction counts ("total CHF 1.00 over 3 transactions, average …"): the figures below are per month. */
const trend = (summary: string) => summary.replace(/ over \d+(?:'\d{3})* transactions?,/g, ",");

/** The extended fixture's 2026: data from 2026-01 to 2026-10-12 (no row in 2026-03). */
const MONTHS_2026 = ["2026-01", "2026-02", "2026-03", "2026-04", "2026-05", "2026-06", "2026-07", "2026-08", "2026-09", "2026-10"];

describe("monthly_trend", () => {
  test("year 2026 (extended): spending per month with total, average, highest and lowest; the data ends 2026-10-12", () => {
    // 2026 spending, all CHF ("chf" [332] [341] and " CHF" [335] are CHF; Income [321–328] is not spending):
    //   01: rent [301] 2'000 + Spotify [311] 12.95 + Migros [341] 70                          = 2'082.95
    //   02: rent [302] 2'000 + Spotify [312] 12.95 + Kaffee 5 × 4.50 [331–335] + Krone [336] 80
    //       + Café Sonntag [337] 60                                                          = 2'175.45
    //   03: no row at all                                                                    =     0.00
    //   04: rent [303] 2'000 + Spotify [313] 12.95 + Migros [342] 480                         = 2'492.95
    //   05: rent [304] 2'000 + Spotify [314] 12.95 + Coop [344] [345] 2 × 45.60               = 2'104.15
    //   06: rent [305] 2'000 + Spotify [315] [316] 2 × 12.95                                  = 2'025.90
    //   07: rent [306] 2'200 + Spotify [317] 12.95                                            = 2'212.95
    //   08: rent [307] 2'200 + Spotify [318] 12.95                                            = 2'212.95
    //   09: rent [308] 2'200 + Spotify [319] 12.95 + Möbel Pfister [346] 1'450                = 3'662.95
    //   10: rent [309] 2'200 + Spotify [320] 12.95 + Migros [343] 95.40                       = 2'308.35
    //   total 18'800 rent + 129.50 Spotify + 645.40 Migros + 91.20 Coop + 162.50 Dining + 1'450 = 21'278.60
    //   over 9 + 10 + 3 + 2 + 7 + 1 = 32 transactions; average 21'278.60 / 10 = 2'127.86; activity in 9 months
    const out = tool({ year: 2026 }, ext.db);
    expect(out.charts).toHaveLength(1);
    const chart = out.charts[0];
    expect(chart!.type).toBe("bar");
    // The data ends 2026-10-12: no empty months November–December.
    expect(chart!.data.labels).toEqual(MONTHS_2026);
    expect(chart!.data.datasets).toEqual([
      { name: "Spending", values: [2082.95, 2175.45, 0, 2492.95, 2104.15, 2025.9, 2212.95, 2212.95, 3662.95, 2308.35] },
    ]);
    expect(chart!.title).toBe("Monthly spending, 2026 (CHF)");
    expect(out.summary).toBe(
      "Monthly spending for 2026. CHF: total CHF 21'278.60 over 32 transactions, average CHF 2'127.86 per month over 10 months (activity in 9); " +
        "highest 2026-09 CHF 3'662.95, lowest 2026-03 CHF 0.00. Per month: 2026-01 CHF 2'082.95, 2026-02 CHF 2'175.45, 2026-03 CHF 0.00, " +
        "2026-04 CHF 2'492.95, 2026-05 CHF 2'104.15, 2026-06 CHF 2'025.90, 2026-07 CHF 2'212.95, 2026-08 CHF 2'212.95, " +
        "2026-09 CHF 3'662.95, 2026-10 CHF 2'308.35.",
    );
  });

  test("category, case-insensitive, months without spending are zeros; the first of two equal months is the highest", () => {
    // Dining in CHF: 2024-03 Krone [101] 96.50 | 2024-12 Krone [102] 150 | 2025-02 Krone [103] 150
    // | 2025-08 Pizzeria [104] 45.30 | 2025-10 Kiosk [125] 5.50 ("2024-02-30" [123] is left out)
    // = 447.30 over 5; the data spans 2024-01 … 2025-12 = 24 months → average 447.30 / 24 = 18.6375 → 18.64;
    // 19 months with none. EUR: Trattoria [112] 55.20 in 2025-06 → average 55.20 / 24 = 2.30.
    const out = tool({ category: "dining" });
    const chart = out.charts[0];
    expect(chart!.data.labels).toEqual(MONTHS_ALL);
    expect(chart!.data.datasets).toEqual([
      { name: "Dining", values: [0, 0, 96.5, 0, 0, 0, 0, 0, 0, 0, 0, 150, 0, 150, 0, 0, 0, 0, 0, 45.3, 0, 5.5, 0, 0] },
    ]);
    expect(chart!.title).toBe("Monthly spending on Dining, all dates (CHF; EUR 55.20 not shown)");
    expect(out.summary).toStartWith("Monthly spending on Dining for all dates (2024-01-05 to 2025-12-28).");
    // 24 months, activity in 5 of them (the other 19 count as 0); 2024-12 and 2025-02 both 150: the first wins.
    expect(out.summary).toContain("CHF: total CHF 447.30 over 5 transactions, average CHF 18.64 per month over 24 months (activity in 5)");
    expect(out.summary).toContain("highest 2024-12 CHF 150.00, lowest 2024-01 CHF 0.00");
    expect(out.summary).toContain(
      "EUR: total EUR 55.20 over 1 transaction, average EUR 2.30 per month over 24 months (activity in 1); highest 2025-06 EUR 55.20, lowest 2024-01 EUR 0.00.",
    );
  });

  test("all spending over all dates: labels YYYY-MM ascending", () => {
    // 2024 CHF: Jan ZKB [60] 120 | Feb Migros [90] 84.35 | Mar Krone [101] 96.50 | May Coop [91] 52.80
    //   | Aug Migros [92] 41.25 | Oct Helsana [55] 245.50 | Dec Krone [102] 150 + ZKB [61] 120 + Helsana [56] 245.50
    //   = 1'155.90 over 9 (the ETF buy [87] is Investments, the salaries are Income)
    // 2025 CHF per month as in income_vs_spending.test.ts (SPENDING_2025) = 3'413.58 over 56
    //   (4 + 6 + 10 + 10 + 5 + 2 + 3 + 2 + 4 + 4 + 2 + 4; the refund [106] counts as a transaction; TWINT's money in
    //   [119] is unclassified money in, apart)
    // total 4'569.48 over 65; average 4'569.48 / 24 = 190.395 → 190.40; activity 7 + 12 = 19; highest 2025-04 801.13
    const out = tool({});
    expect(out.charts[0]!.data.labels).toEqual(MONTHS_ALL);
    expect(out.charts[0]!.data.datasets[0]!.values).toEqual([
      120, 84.35, 96.5, 0, 52.8, 0, 0, 41.25, 0, 245.5, 0, 515.5,
      144.5, 341.2, 662.5, 801.13, 139.8, 87.5, 305.8, 66.2, 145.85, 316.85, 79.9, 322.35,
    ]);
    expect(out.summary).toContain(
      "CHF: total CHF 4'569.48 over 65 transactions, average CHF 190.40 per month over 24 months (activity in 19); " +
        "highest 2025-04 CHF 801.13, lowest 2024-04 CHF 0.00.",
    );
  });

  test("Income as the category (extended 2026): money in per month, a month without the salary is 0", () => {
    // Salary ACME AG 6'800 [321–328] in Jan, Feb, Apr … Sep; none in Mar (the gap month) or Oct (data ends 10-12)
    // total 8 × 6'800 = 54'400 over 8; average 54'400 / 10 = 5'440
    const out = tool({ category: "income", year: 2026 }, ext.db);
    expect(out.charts[0]!.data.labels).toEqual(MONTHS_2026);
    expect(out.charts[0]!.data.datasets).toEqual([{ name: "Income", values: [6800, 6800, 0, 6800, 6800, 6800, 6800, 6800, 6800, 0] }]);
    expect(out.summary).toStartWith("Monthly money in (Income) for 2026.");
    expect(out.summary).toContain(
      "total CHF 54'400.00 over 8 transactions, average CHF 5'440.00 per month over 10 months (activity in 8); highest 2026-01 CHF 6'800.00, lowest 2026-03 CHF 0.00.",
    );
  });

  test("empty result: clear summary, no chart", () => {
    // Household [30–35] has rows only in 2025.
    const out = tool({ category: "Household", year: 2024 });
    expect(out.summary).toStartWith("No spending on Household found for 2024.");
    expect(out.charts).toEqual([]);
    expect(tool({ year: 2019 }).summary).toStartWith("No spending found for 2019.");
  });

  test("schema: types are checked; categories takes 2 to 8 names", () => {
    const s = monthlyTrend.schema();
    expect(s.safeParse({ year: 2025, month: 3 }).success).toBe(true);
    expect(s.safeParse({ categories: ["Dining"] }).success).toBe(false);
    expect(s.safeParse({ categories: Array.from({ length: 9 }, (_, i) => `C${i}`) }).success).toBe(false);
    expect(s.safeParse({ category: 5 }).success).toBe(false);
    expect(s.safeParse({ category: "" }).success).toBe(false);
    expect(s.safeParse({ category: "Dining", year: 2025 }).success).toBe(true);
  });

  test("more than 24 months (extended, 2024-01 … 2026-10): per-year totals instead of every month", () => {
    // CHF spending 2024 1'155.90 (9) + 2025 3'413.58 (56) + 2026 21'278.60 (32, see above) = 25'848.08 over 97;
    // 34 months → average 25'848.08 / 34 = 760.237… → 760.24; activity 7 + 12 + 9 = 28
    const out = tool({}, ext.db);
    expect(out.charts[0]!.data.labels).toEqual([...MONTHS_ALL, ...MONTHS_2026]);
    expect(out.summary).toContain("total CHF 25'848.08 over 97 transactions, average CHF 760.24 per month over 34 months (activity in 28)");
    expect(out.summary).toContain("Per year: 2024 CHF 1'155.90, 2025 CHF 3'413.58, 2026 CHF 21'278.60.");
    expect(out.summary).not.toContain("Per month");
  });
});

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
    // [80–85] out and [86] back: 7 transactions
    expect(t.summary).toContain(`CHF: total ${money(3500, "CHF")} over 7 transactions, average`);
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
    // Uncategorised 2025: Feb [116] 25 | Sep [117] 40 + [201] 23.40 | Oct [202] 23.40; its money in (Nov [119] 15 and
    // [204] 5) is unclassified money in, apart, never a negative bar: 25, 0, …, Sep 63.40, Oct 23.40, Nov 0 → 111.80
    const out = tool({ category: "Uncategorised", year: 2025 }, loose);
    expect(out.charts[0]!.data.datasets[0]!.values).toEqual([0, 25, 0, 0, 0, 0, 0, 0, 63.4, 23.4, 0, 0]);
    // [116] [117] and the NULL-category rows [201] [202]: 4 transactions; average 111.80 / 12 = 9.32
    expect(out.summary).toContain(`CHF: total ${money(111.8, "CHF")} over 4 transactions, average ${money(9.32, "CHF")} per month`);
    expect(out.summary).toContain(`${money(20, "CHF")} in 2 transactions.`);
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
  test("strict fixture", () => {
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

describe("monthly_trend's affordances", () => {
  test("see these transactions for one category; the breakdown of its period and the year before as follow-ups", () => {
    expect(rowsLinkOf(monthlyTrend, { category: "Groceries", year: 2025, currency: "eur" })).toBe("/transactions?category=Groceries&currency=EUR&from=2025-01-01&to=2025-12-31");
    // All spending, or several categories side by side: the page cannot select exactly those rows.
    expect(rowsLinkOf(monthlyTrend, { year: 2025 })).toBeNull();
    expect(rowsLinkOf(monthlyTrend, { categories: ["Groceries", "Dining"] })).toBeNull();
    const chart = chartOf({ "2025-01": 10 });
    expect(followUpsOf(monthlyTrend, chart, { year: 2025 })).toEqual(["What were my biggest spending categories in 2025?", "How does 2025 compare with 2024?"]);
    expect(followUpsOf(monthlyTrend, chart, {}, ["monthly_trend", "spending_by_category"])).toEqual([]);
  });
});

describe("monthly_trend's schema", () => {
  test("the JSON schema sent to the model: its properties; the description says the UI shows the result", () => {
    expect(schemaOf(monthlyTrend)).toEqual({ names: ["category", "categories", ...PERIOD_PROPS], required: undefined });
    // The model must know the UI draws the charts and tables (so it never draws text charts).
    expect(monthlyTrend.description).toMatch(/The UI (draws|shows)/);
  });
});
