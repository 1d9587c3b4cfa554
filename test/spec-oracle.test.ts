/**
 * The spec oracle (test/support/spec-oracle.ts) on the fixture
 * (test/fixtures/budget-fixture.ts) against figures computed BY HAND from the fixture's
 * rows. The arithmetic is written next to every constant; row ids are in brackets.
 * Money is compared in cents (sum first, round last).
 */
import { afterAll, describe, expect, test } from "bun:test";
import { createFixture } from "./fixtures/budget-fixture.ts";
import {
  comparePeriods,
  dataSummary,
  incomeVsSpending,
  list,
  mainCurrency,
  merchantBreakdown,
  monthlyTrend,
  recurringPayments,
  reviewTransactions,
  search,
  spendingByCategory,
  wellFormedDate,
} from "./support/spec-oracle.ts";

const fx = createFixture();
const loose = createFixture({ loose: true });
afterAll(() => {
  fx.cleanup();
  loose.cleanup();
});
const P = fx.path;
const L = loose.path;

const c = (x: number) => Math.round(x * 100) / 100;
const cs = (xs: number[]) => xs.map(c);
const MONTHS_2025 = Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, "0")}`);
const MONTHS_2024 = MONTHS_2025.map((m) => m.replace("2025", "2024"));

describe("dates and data summary", () => {
  test("well-formed dates: real calendar days, optional time part", () => {
    expect(wellFormedDate("2025-06-15T08:30:00")).toBe("2025-06-15");
    expect(wellFormedDate("2024-08-31 23:59")).toBe("2024-08-31");
    expect(wellFormedDate("2024-02-29")).toBe("2024-02-29");
    for (const bad of ["2025-3-1", "2025-13-01", "14.03.2025", "2024-02-30", "2025-02-29", "2025-06-15X"]) {
      expect(wellFormedDate(bad)).toBeNull();
    }
  });

  test("4 malformed rows [120–123] are only counted; newest date ignores '2025-3-1' and '2025-13-01'", () => {
    const s = dataSummary(P);
    expect(s.validRows).toBe(108); // 112 rows − 4 malformed
    expect(s.malformedRows).toBe(4);
    expect(s.firstDate).toBe("2024-01-05"); // [60]
    expect(s.newestDate).toBe("2025-12-28"); // [99]; string-wise "2025-3-1" would be larger
    expect(s.coverage).toEqual({ first: "2024-01", last: "2025-12" });
    // 15 table names + Household (only in transactions); `transport` [75–76] is Transport (SPEC §1 hygiene).
    expect(s.categoryNames).toHaveLength(16);
    expect(s.categoryNames).toContain("Household");
    expect(s.categoryNames).not.toContain("transport");
    expect(s.categoryNames).toContain("Transport");
    expect(dataSummary(L).validRows).toBe(113); // + [201–205]
  });

  test("main currency: most rows, ties alphabetical", () => {
    expect(mainCurrency([{ currency: "USD" }, { currency: "EUR" }, { currency: "USD" }])).toBe("USD");
    expect(mainCurrency([{ currency: "USD" }, { currency: "EUR" }])).toBe("EUR");
    expect(mainCurrency([])).toBeNull();
  });
});

describe("spending_by_category", () => {
  test("2025: per currency; refund reduces Shopping; transport is Transport; Income/Transfers/Investments out", () => {
    const r = spendingByCategory(P, { year: 2025 });
    expect(r.mainCurrency).toBe("CHF");
    expect(Object.keys(r.byCurrency).sort()).toEqual(["CHF", "EUR", "USD"]);
    const chf = r.byCurrency.CHF;
    // Insurance     [57][58][59] 260.40 × 3                                        = 781.20 (3)
    // Household     [30–35] 80 × 5 + 100                                           = 500.00 (6)
    // Shopping      Digitec [65–69] 49.90 × 5 = 249.50; Zalando 120 − 40 (refund [106]);
    //               Shop_Online 33.33; ShopXOnline 10; Outlet 27
    //               249.50 + 80 + 33.33 + 10 + 27                                  = 399.83 (10)
    // Groceries     [93] 63.70 [94] 12.40 [95] 8.90 [96] 66.60 [97] 24.50 [98] 52.80
    //               [100] 30.05 [99] 112.45                                        = 371.40 (8)
    //               (malformed [120] 2025-3-1 11.11 left out)
    // Transport     SBB [70–74] 12 + 85 + 4.40 + 220 + 15.60 = 337.00;
    //               Mobility in `transport` [75] 45.60 + [76] 32.15 = 77.75        = 414.75 (7)
    // Healthcare    Praxis 180 + Fitnesspark 59 × 2                                = 298.00 (3)
    // Subscriptions Netflix 18.90 × 3 + 20.90 × 9 = 56.70 + 188.10                 = 244.80 (12)
    // Dining        Krone [103] 150 + Pizzeria [104] 45.30 + Kiosk [125] 5.50      = 200.80 (3)
    // Fees          ZKB [62]                                                       = 130.00 (1)
    // Uncategorised TWINT [116] 25 + [117] 40 (its money in [119] is apart, round 4) =  65.00 (2)
    // Other         Kiosk [118]                                                    =   7.80 (1)
    // total 781.20 + 500 + 414.75 + 399.83 + 371.40 + 298 + 244.80 + 200.80 + 130 + 65 + 7.80
    //     = 3'413.58 over 56 rows
    expect(chf!.categories.map((x) => [x.name, c(x.total), x.count])).toEqual([
      ["Insurance", 781.2, 3],
      ["Household", 500, 6],
      ["Transport", 414.75, 7],
      ["Shopping", 399.83, 10],
      ["Groceries", 371.4, 8],
      ["Healthcare", 298, 3],
      ["Subscriptions", 244.8, 12],
      ["Dining", 200.8, 3],
      ["Fees", 130, 1],
      ["Uncategorised", 65, 2],
      ["Other", 7.8, 1],
    ]);
    expect(c(chf!.total)).toBe(3413.58);
    expect(chf!.count).toBe(56);
    expect(chf!.categories[0]!.share).toBeCloseTo((781.2 / 3413.58) * 100, 9);
    // EUR: Travel 420 + 38.40 − 60 (hotel refund [113]) = 398.40 (3); Dining 55.20 (1); total 453.60
    expect(r.byCurrency.EUR!.categories.map((x) => [x.name, c(x.total), x.count])).toEqual([
      ["Travel", 398.4, 3],
      ["Dining", 55.2, 1],
    ]);
    expect(c(r.byCurrency.EUR!.total)).toBe(453.6);
    // USD: Apple [115] 9.99
    expect(r.byCurrency.USD!.categories.map((x) => [x.name, c(x.total)])).toEqual([["Subscriptions", 9.99]]);
  });

  test("2024 CHF: Groceries 178.40, Dining 246.50 (malformed 2024-02-30 [123] out), Insurance 491, Fees 240", () => {
    const chf = spendingByCategory(P, { year: 2024, currency: "CHF" });
    expect(Object.keys(chf.byCurrency)).toEqual(["CHF"]);
    // Groceries [90] 84.35 + [91] 52.80 + [92] 41.25 (date "2024-08-31 23:59") = 178.40
    // Dining    [101] 96.50 + [102] 150                                        = 246.50
    // Insurance [55] 245.50 + [56] 245.50                                      = 491.00
    // Fees      [60] 120 + [61] 120                                            = 240.00
    // total 1'155.90; ETF buy [87] 3'000 is not spending
    expect(chf.byCurrency.CHF!.categories.map((x) => [x.name, c(x.total)])).toEqual([
      ["Insurance", 491],
      ["Dining", 246.5],
      ["Fees", 240],
      ["Groceries", 178.4],
    ]);
    expect(c(chf.byCurrency.CHF!.total)).toBe(1155.9);
  });

  test("June 2025: more EUR rows than CHF rows → main currency EUR; time-part date [96] counted", () => {
    const r = spendingByCategory(P, { year: 2025, month: 6 });
    // CHF spending rows: Netflix [45] 20.90, Migros [96] 66.60 (2025-06-15T08:30:00) = 87.50 (2)
    // EUR spending rows: [110] [111] [112] [113] = 4
    expect(r.mainCurrency).toBe("EUR");
    expect(c(r.byCurrency.CHF!.total)).toBe(87.5);
    expect(r.byCurrency.CHF!.count).toBe(2);
    expect(c(r.byCurrency.EUR!.total)).toBe(453.6);
  });

  test("inclusive to= with a time part: to 2025-06-15 includes [96]", () => {
    const r = spendingByCategory(P, { from: "2025-06-01", to: "2025-06-15", currency: "CHF" });
    // [45] 20.90 (06-12) + [96] 66.60 (06-15T08:30)
    expect(c(r.byCurrency.CHF!.total)).toBe(87.5);
  });

  test("loose: NULL category is Uncategorised; NULL merchant rows still count", () => {
    const chf = spendingByCategory(L, { year: 2025, currency: "CHF" }).byCurrency.CHF;
    // Uncategorised 65.00 + [201] 23.40 + [202] 23.40 = 111.80 (4); [204] +5 (NULL category, money in) is apart
    // Groceries 371.40 + [203] 23.40 + [205] 18.35 = 413.15 (10)
    // total 3'413.58 + 46.80 + 23.40 + 18.35 = 3'502.13
    const get = (n: string) => chf!.categories.find((x) => x.name === n)!;
    expect([c(get("Uncategorised").total), get("Uncategorised").count]).toEqual([111.8, 4]);
    expect([c(get("Groceries").total), get("Groceries").count]).toEqual([413.15, 10]);
    expect(c(chf!.total)).toBe(3502.13);
    expect(chf!.categories.map((x) => x.name).slice(0, 4)).toEqual(["Insurance", "Household", "Transport", "Groceries"]);
  });
});

describe("monthly_trend", () => {
  test("Groceries over the whole coverage (24 months): average includes empty months", () => {
    const r = monthlyTrend(P, { category: "Groceries" });
    expect(r.months).toHaveLength(24);
    expect(r.months[0]).toBe("2024-01");
    expect(r.months[23]).toBe("2025-12");
    const s = r.byCurrency.CHF!.series[0];
    expect(Object.keys(r.byCurrency)).toEqual(["CHF"]);
    // 2024-02 84.35 | 2024-05 52.80 | 2024-08 41.25 | 2025-01 63.70 | 2025-02 12.40 | 2025-03 8.90
    // 2025-06 66.60 | 2025-07 24.50 | 2025-09 52.80 | 2025-10 30.05 | 2025-12 112.45
    const expected: Record<string, number> = {
      "2024-02": 84.35, "2024-05": 52.8, "2024-08": 41.25, "2025-01": 63.7, "2025-02": 12.4, "2025-03": 8.9,
      "2025-06": 66.6, "2025-07": 24.5, "2025-09": 52.8, "2025-10": 30.05, "2025-12": 112.45,
    };
    expect(cs(s!.values)).toEqual(r.months.map((m) => expected[m] ?? 0));
    // 178.40 + 371.40 = 549.80; 549.80 / 24 = 22.908333…
    expect(c(s!.total)).toBe(549.8);
    expect(s!.average).toBeCloseTo(549.8 / 24, 9);
    expect(s!.activeMonths).toBe(11);
    expect(s!.highest).toEqual({ month: "2025-12", value: 112.45 });
    expect(s!.lowest).toEqual({ month: "2024-01", value: 0 });
    expect(s!.lowestActive!.month).toBe("2025-03");
    expect(c(s!.lowestActive!.value)).toBe(8.9);
  });

  test("a period reaching before the coverage counts only months inside it", () => {
    const s = monthlyTrend(P, { category: "Groceries", from: "2023-11-01", to: "2024-02-29" }).byCurrency.CHF!.series[0];
    // months 2024-01 (0) and 2024-02 (84.35): average 84.35 / 2 = 42.175, 1 active month
    expect(cs(s!.values)).toEqual([0, 84.35]);
    expect(s!.average).toBeCloseTo(42.175, 9);
    expect(s!.activeMonths).toBe(1);
  });

  test("categories [Groceries, Dining] in 2024: one series each; 2024-02-30 [123] left out", () => {
    const r = monthlyTrend(P, { categories: ["Groceries", "Dining"], year: 2024 });
    expect(r.months).toEqual(MONTHS_2024);
    const [g, d] = r.byCurrency.CHF!.series;
    expect(g!.name).toBe("Groceries");
    // Feb 84.35, May 52.80, Aug 41.25 → 178.40, average 178.40 / 12
    expect(cs(g!.values)).toEqual([0, 84.35, 0, 0, 52.8, 0, 0, 41.25, 0, 0, 0, 0]);
    expect(c(g!.total)).toBe(178.4);
    expect(g!.average).toBeCloseTo(178.4 / 12, 9);
    expect(g!.activeMonths).toBe(3);
    expect(d!.name).toBe("Dining");
    // Mar 96.50, Dec 150 → 246.50; February stays 0 (2024-02-30 is not a day)
    expect(cs(d!.values)).toEqual([0, 0, 96.5, 0, 0, 0, 0, 0, 0, 0, 0, 150]);
    expect(d!.average).toBeCloseTo(246.5 / 12, 9);
    expect(d!.activeMonths).toBe(2);
    expect(d!.highest).toEqual({ month: "2024-12", value: 150 });
  });

  test("no category: total spending per month, per currency (2024)", () => {
    const r = monthlyTrend(P, { year: 2024 });
    const s = r.byCurrency.CHF!.series[0];
    // Jan ZKB 120 | Feb Migros 84.35 | Mar Krone 96.50 | May Coop 52.80 | Aug Migros 41.25
    // Oct Helsana 245.50 | Dec Krone 150 + Helsana 245.50 + ZKB 120 = 515.50 → total 1'155.90
    expect(cs(s!.values)).toEqual([120, 84.35, 96.5, 0, 52.8, 0, 0, 41.25, 0, 245.5, 0, 515.5]);
    expect(c(s!.total)).toBe(1155.9);
    expect(s!.average).toBeCloseTo(1155.9 / 12, 9);
    expect(s!.activeMonths).toBe(7);
    // USD: Amazon [114] 89.99 in November
    const u = r.byCurrency.USD!.series[0];
    expect(cs(u!.values)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 89.99, 0]);
    expect(u!.activeMonths).toBe(1);
    expect(r.mainCurrency).toBe("CHF");
  });

  test("subject flows: Transfers (money out positive) and Income (money in) in 2025", () => {
    const t = monthlyTrend(P, { category: "transfers", year: 2025 }).byCurrency.CHF!.series[0];
    expect(t!.name).toBe("Transfers"); // case-insensitive, exactly one name fits
    // Jul..Dec 1'000 each out; Aug: 1'000 − 2'500 back = −1'500 → total 6'000 − 2'500 = 3'500
    expect(cs(t!.values)).toEqual([0, 0, 0, 0, 0, 0, 1000, -1500, 1000, 1000, 1000, 1000]);
    expect(c(t!.total)).toBe(3500);
    expect(t!.activeMonths).toBe(6);
    expect(t!.highest).toEqual({ month: "2025-07", value: 1000 });
    expect(t!.lowest).toEqual({ month: "2025-08", value: -1500 });
    const i = monthlyTrend(P, { category: "Income", year: 2025 }).byCurrency.CHF!.series[0];
    // 6'500 × 12 − 450 (correction [25], March) + 144 (CSS [26], May) = 77'694; average 6'474.50
    expect(cs(i!.values)).toEqual([6500, 6500, 6050, 6500, 6644, 6500, 6500, 6500, 6500, 6500, 6500, 6500]);
    expect(c(i!.total)).toBe(77694);
    expect(i!.average).toBeCloseTo(6474.5, 9);
    expect(i!.highest!.month).toBe("2025-05");
    expect(i!.lowest!.month).toBe("2025-03");
  });

  test("category names: one category in any letter case (transport = Transport), unique case-insensitive (household)", () => {
    // SBB 337 + Mobility (stored as `transport`) 45.60 + 32.15 = 414.75, whichever spelling is asked for.
    for (const name of ["transport", "Transport", "TRANSPORT"]) {
      const t = monthlyTrend(P, { category: name, year: 2025 }).byCurrency.CHF!.series[0];
      expect(t!.name).toBe("Transport");
      expect(c(t!.total)).toBe(414.75);
    }
    const h = monthlyTrend(P, { category: "household" }).byCurrency.CHF!.series[0];
    expect(h!.name).toBe("Household");
    expect(c(h!.total)).toBe(500);
    expect(() => monthlyTrend(P, { category: "Nope" })).toThrow();
  });

  test("period argument errors", () => {
    expect(() => monthlyTrend(P, { year: 2025, from: "2025-01-01" })).toThrow();
    expect(() => monthlyTrend(P, { month: 3 })).toThrow();
  });
});

describe("merchant_breakdown", () => {
  test("all spending 2025 CHF, top 5 and the rest as Other", () => {
    const r = merchantBreakdown(P, { year: 2025, top_n: 5 }).byCurrency.CHF;
    // Helsana 781.20 (3) | Putzfee Anna 500 (6) | SBB 337 (5) | Digitec 249.50 (5) | Netflix 244.80 (12)
    // then Migros 63.70 + 66.60 + 112.45 = 242.75 (3) …
    expect(r!.merchants.map((m) => [m.name, c(m.total), m.count])).toEqual([
      ["Helsana", 781.2, 3],
      ["Putzfee Anna", 500, 6],
      ["SBB", 337, 5],
      ["Digitec", 249.5, 5],
      ["Netflix", 244.8, 12],
    ]);
    expect(r!.merchants[1]!.average).toBeCloseTo(500 / 6, 9);
    expect(c(r!.merchants[2]!.average)).toBe(67.4);
    expect(c(r!.merchants[4]!.average)).toBe(20.4);
    // Other: 3'413.58 − (781.20 + 500 + 337 + 249.50 + 244.80 = 2'112.50) = 1'301.08;
    // 22 merchants − 5 = 17; 56 rows − 31 = 25
    expect(c(r!.other!.total)).toBe(1301.08);
    expect(r!.other!.merchants).toBe(17);
    expect(r!.other!.count).toBe(25);
    expect(c(r!.total)).toBe(3413.58);
    expect(r!.count).toBe(56);
  });

  test("Groceries all time: case variants stay separate merchants", () => {
    const r = merchantBreakdown(P, { category: "Groceries" }).byCurrency.CHF;
    // Migros 84.35 + 41.25 + 63.70 + 66.60 + 112.45 = 368.35 (5) | Coop 52.80 × 2 = 105.60
    // MIGROS 30.05 | Sprüngli 24.50 | Bäckerei Zürich 12.40 + 8.90 = 21.30 → 549.80
    expect(r!.merchants.map((m) => [m.name, c(m.total), m.count])).toEqual([
      ["Migros", 368.35, 5],
      ["Coop", 105.6, 2],
      ["MIGROS", 30.05, 1],
      ["Sprüngli", 24.5, 1],
      ["Bäckerei Zürich", 21.3, 2],
    ]);
    expect(r!.other).toBeNull();
    expect(c(r!.total)).toBe(549.8);
  });

  test("subject categories: Investments (out positive), Income (in positive), EUR Travel with refund", () => {
    const inv = merchantBreakdown(P, { category: "Investments" }).byCurrency.CHF;
    // 3'000 + 5'000 − 1'200.50 (sale [89]) = 6'799.50
    expect(inv!.merchants.map((m) => [m.name, c(m.total), m.count])).toEqual([["Swissquote", 6799.5, 3]]);
    const inc = merchantBreakdown(P, { category: "Income", year: 2025 }).byCurrency.CHF;
    // ACME AG 6'500 × 12 − 450 = 77'550 (13) | CSS 144 (1)
    expect(inc!.merchants.map((m) => [m.name, c(m.total), m.count])).toEqual([
      ["ACME AG", 77550, 13],
      ["CSS", 144, 1],
    ]);
    const tr = merchantBreakdown(P, { category: "Travel" });
    expect(Object.keys(tr.byCurrency)).toEqual(["EUR"]);
    // Hotel Roma 420 − 60 = 360 (2) | Trenitalia 38.40
    expect(tr.byCurrency.EUR!.merchants.map((m) => [m.name, c(m.total), m.count])).toEqual([
      ["Hotel Roma", 360, 2],
      ["Trenitalia", 38.4, 1],
    ]);
  });

  test("loose: NULL merchant → (unknown merchant)", () => {
    const g = merchantBreakdown(L, { category: "Groceries", year: 2025 }).byCurrency.CHF;
    // Migros 242.75 | Coop 52.80 + 18.35 = 71.15 | MIGROS 30.05 | Sprüngli 24.50
    // (unknown merchant) [203] 23.40 | Bäckerei Zürich 21.30 → 413.15
    expect(g!.merchants.map((m) => [m.name, c(m.total)])).toEqual([
      ["Migros", 242.75],
      ["Coop", 71.15],
      ["MIGROS", 30.05],
      ["Sprüngli", 24.5],
      ["(unknown merchant)", 23.4],
      ["Bäckerei Zürich", 21.3],
    ]);
    const all = merchantBreakdown(L, { year: 2025, top_n: 100 }).byCurrency.CHF;
    const u = all!.merchants.find((m) => m.name === "(unknown merchant)")!;
    // [201] + [202] (Uncategorised) + [203] (Groceries): 23.40 × 3 = 70.20
    expect([c(u.total), u.count]).toEqual([70.2, 3]);
  });
});

describe("income_vs_spending", () => {
  test("2025 CHF per month, totals, savings rate and not-spending flows", () => {
    const r = incomeVsSpending(P, { year: 2025 });
    expect(r.months).toEqual(MONTHS_2025);
    const chf = r.byCurrency.CHF;
    // Spending per month (CHF):
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
    // Nov 20.90 + 59.00 (TWINT's +15.00 is unclassified money in, apart)    =  79.90
    // Dec 20.90 + 59.00 + 130.00 + 112.45                                   = 322.35
    // sum = 3'413.58
    const spending = [144.5, 341.2, 662.5, 801.13, 139.8, 87.5, 305.8, 66.2, 145.85, 316.85, 79.9, 322.35];
    const income = [6500, 6500, 6050, 6500, 6644, 6500, 6500, 6500, 6500, 6500, 6500, 6500];
    expect(cs(chf!.perMonth.map((m) => m.spending))).toEqual(spending);
    expect(cs(chf!.perMonth.map((m) => m.income))).toEqual(income);
    expect(cs(chf!.perMonth.map((m) => m.net))).toEqual(income.map((x, i) => c(x - spending[i]!)));
    expect(c(chf!.income)).toBe(77694);
    expect(c(chf!.spending)).toBe(3413.58);
    // net 77'694 − 3'413.58 = 74'280.42
    expect(c(chf!.net)).toBe(74280.42);
    expect(chf!.savingsRate!).toBeCloseTo(74280.42 / 77694, 9);
    // invested 5'000 − 1'200.50 = 3'799.50; moved to own accounts 6 × 1'000 − 2'500 = 3'500
    expect(c(chf!.notSpending.Investments!)).toBe(3799.5);
    expect(c(chf!.notSpending.Transfers!)).toBe(3500);
    // EUR: no income → savings rate null; spending 453.60 in June
    const eur = r.byCurrency.EUR;
    expect(c(eur!.income)).toBe(0);
    expect(c(eur!.spending)).toBe(453.6);
    expect(c(eur!.net)).toBe(-453.6);
    expect(eur!.savingsRate).toBeNull();
    expect(c(eur!.perMonth[5]!.spending)).toBe(453.6);
    expect(eur!.notSpending).toEqual({ Investments: 0, Transfers: 0 });
    expect(c(r.byCurrency.USD!.spending)).toBe(9.99);
  });

  test("2024 CHF and the not-spending override", () => {
    const chf = incomeVsSpending(P, { year: 2024, currency: "CHF" }).byCurrency.CHF;
    // income 6'200 × 12 = 74'400; spending 1'155.90; net 73'244.10; invested 3'000; moved 0
    expect(c(chf!.income)).toBe(74400);
    expect(c(chf!.spending)).toBe(1155.9);
    expect(c(chf!.net)).toBe(73244.1);
    expect(c(chf!.notSpending.Investments!)).toBe(3000);
    expect(c(chf!.notSpending.Transfers!)).toBe(0);
    // With only Transfers not spending, the 2024 ETF buy counts as spending: 1'155.90 + 3'000
    const o = incomeVsSpending(P, { year: 2024, currency: "CHF" }, { notSpending: ["Transfers"] }).byCurrency.CHF;
    expect(c(o!.spending)).toBe(4155.9);
    expect(Object.keys(o!.notSpending)).toEqual(["Transfers"]);
  });
});

describe("search_transactions", () => {
  test("Unicode: 'ZÜRICH', NFD, 'Zuerich' and 'Zurich' are one search (SPEC §1, round 4)", () => {
    for (const q of ["ZÜRICH", "zürich", "zu\u0308rich", "Zuerich", "zurich"]) {
      const r = search(P, { search: q });
      // MIGROS ZUERICH HB [90] 84.35 [92] 41.25 [93] 63.70 [96] 66.60 [99] 112.45 | Bäckerei Zürich [94] 12.40 [95] 8.90
      // | raw SPRÜNGLI ZÜRICH (NFD) [97] 24.50; the malformed [120] is left out
      expect(r.matchCount).toBe(8);
      const chf = r.byCurrency.CHF;
      expect(c(chf!.out.total)).toBe(414.15);
      expect(chf!.out.count).toBe(8);
      expect(chf!.in).toEqual({ total: 0, count: 0 });
      expect([chf!.firstDate, chf!.lastDate]).toEqual(["2024-02-03", "2025-12-28"]);
      expect(chf!.merchants).toEqual([
        { name: "Migros", count: 5 },
        { name: "Bäckerei Zürich", count: 2 },
        { name: "Sprüngli", count: 1 },
      ]);
    }
    // "BÄCKEREI": [94] by merchant, [95] by both
    expect(search(P, { search: "BÄCKEREI" }).matchCount).toBe(2);
  });

  test("both signs and every category: Zalando refund, savings transfers, employer salary", () => {
    const z = search(P, { search: "zalando" }).byCurrency.CHF;
    // [105] −120 out, [106] +40 in; malformed [122] 14.03.2025 left out
    expect([c(z!.out.total), z!.out.count, c(z!.in.total), z!.in.count]).toEqual([120, 1, 40, 1]);
    const s = search(P, { search: "savings" });
    // out [80–85] 6 × 1'000; in [86] 2'500
    expect(s.matchCount).toBe(7);
    expect([c(s.byCurrency.CHF!.out.total), s.byCurrency.CHF!.out.count, c(s.byCurrency.CHF!.in.total)]).toEqual([6000, 6, 2500]);
    expect(s.byCurrency.CHF!.out.average).toBe(1000);
    expect([s.byCurrency.CHF!.firstDate, s.byCurrency.CHF!.lastDate]).toEqual(["2025-07-26", "2025-12-26"]);
    const a = search(P, { search: "acme" }).byCurrency.CHF;
    // in: 6'200 × 12 + 6'500 × 12 = 74'400 + 78'000 = 152'400 (24); out: correction 450 (1)
    expect([c(a!.in.total), a!.in.count, c(a!.out.total), a!.out.count]).toEqual([152400, 24, 450, 1]);
    expect([a!.firstDate, a!.lastDate]).toEqual(["2024-01-25", "2025-12-25"]);
  });

  test("% and _ are literal", () => {
    const u = search(P, { search: "_online" });
    expect(u.matchCount).toBe(1); // [107] SHOP_ONLINE, not [108] SHOPXONLINE
    expect(c(u.byCurrency.CHF!.out.total)).toBe(33.33);
    const p = search(P, { search: "%" });
    expect(p.matchCount).toBe(1); // [109] 50% RABATT
    expect(c(p.byCurrency.CHF!.out.total)).toBe(27);
  });

  test("amount bounds on |amount|, direction, category, currency split, name variants", () => {
    const m = search(P, { search: "migros" }).byCurrency.CHF;
    // [90] 84.35 [92] 41.25 [93] 63.70 [96] 66.60 [99] 112.45 (Migros) + [100] 30.05 (MIGROS) = 398.40
    expect([c(m!.out.total), m!.out.count]).toEqual([398.4, 6]);
    expect(m!.merchants).toEqual([
      { name: "Migros", count: 5 },
      { name: "MIGROS", count: 1 },
    ]);
    const big = search(P, { search: "migros", min_amount: 50 }).byCurrency.CHF;
    // 84.35 + 63.70 + 66.60 + 112.45 = 327.10
    expect([c(big!.out.total), big!.out.count]).toEqual([327.1, 4]);
    const edge = search(P, { search: "migros", min_amount: 63.7, max_amount: 84.35 });
    expect(edge.matchCount).toBe(3); // [90] [93] [96]: bounds inclusive
    const small = search(P, { search: "migros", max_amount: 50 }).byCurrency.CHF;
    expect(c(small!.out.total)).toBe(71.3); // 41.25 + 30.05
    const twIn = search(P, { search: "twint", direction: "in" });
    expect([twIn.matchCount, c(twIn.byCurrency.CHF!.in.total)]).toEqual([1, 15]);
    const twOut = search(P, { search: "twint", direction: "out" });
    expect([twOut.matchCount, c(twOut.byCurrency.CHF!.out.total)]).toEqual([2, 65]); // 25 + 40; [121] malformed
    const kr = search(P, { search: "krone", category: "Dining" });
    expect([kr.matchCount, c(kr.byCurrency.CHF!.out.total)]).toEqual([3, 396.5]); // 96.50 + 150 + 150
    const h = search(P, { search: "hotel roma" });
    expect(Object.keys(h.byCurrency)).toEqual(["EUR"]);
    expect([c(h.byCurrency.EUR!.out.total), c(h.byCurrency.EUR!.in.total)]).toEqual([420, 60]);
    expect(search(P, { search: "amazon", currency: "CHF" }).matchCount).toBe(0);
  });

  test("loose: NULL merchants are searched by raw description and shown as (unknown merchant)", () => {
    const r = search(L, { search: "oerlikon" }).byCurrency.CHF;
    // Fitnesspark [63] [64] 59 × 2 + [203] 23.40 = 141.40
    expect([c(r!.out.total), r!.out.count]).toEqual([141.4, 3]);
    expect(r!.merchants).toEqual([
      { name: "Fitnesspark", count: 2 },
      { name: "(unknown merchant)", count: 1 },
    ]);
  });
});

describe("list_transactions", () => {
  test("date order (newest first, ties id desc) and amount order (ties newest first)", () => {
    const d = list(P, { search: "migros" });
    expect(d).toEqual({ matchCount: 6, ids: [99, 100, 96, 93, 92, 90] });
    expect(list(P, { search: "migros", limit: 3 })).toEqual({ matchCount: 6, ids: [99, 100, 96] });
    // 112.45 [99], 84.35 [90], 66.60 [96], 63.70 [93], 41.25 [92], 30.05 [100]
    expect(list(P, { search: "migros", sort: "amount" }).ids).toEqual([99, 90, 96, 93, 92, 100]);
    // Dining all currencies: 150 [103] (2025-02-14) before 150 [102] (2024-12-20), 96.50, 55.20 EUR, 45.30, 5.50
    expect(list(P, { category: "Dining", sort: "amount" })).toEqual({ matchCount: 6, ids: [103, 102, 101, 112, 104, 125] });
    // Shopping: [107] and [108] share 2025-04-05 → 108 first; USD [114] last; malformed [122] out
    expect(list(P, { category: "Shopping" })).toEqual({
      matchCount: 11,
      ids: [69, 109, 108, 107, 68, 106, 105, 67, 66, 65, 114],
    });
    expect(list(P, { category: "Shopping", currency: "CHF" }).matchCount).toBe(10);
  });

  test("money in 2025 CHF by amount; to= includes a date with a time part; big outflows", () => {
    const r = list(P, { direction: "in", year: 2025, currency: "CHF", sort: "amount", limit: 5 });
    // salaries [13–24] (12) + CSS [26] + transfer back [86] + ETF sale [89] + Zalando refund [106] + TWINT [119]
    expect(r).toEqual({ matchCount: 17, ids: [24, 23, 22, 21, 20] });
    expect(list(P, { direction: "in", year: 2025, currency: "CHF", sort: "amount" }).ids.slice(12)).toEqual([86, 89, 26, 106, 119]);
    expect(list(P, { search: "migros", to: "2025-06-15" }).ids).toEqual([96, 93, 92, 90]);
    // |amount| ≥ 1'000 and out: 5'000 [88], 3'000 [87], then the 1'000s newest first
    expect(list(P, { min_amount: 1000, direction: "out", sort: "amount" })).toEqual({
      matchCount: 8,
      ids: [88, 87, 85, 84, 83, 82, 81, 80],
    });
  });

  test("the search's match count equals the list's", () => {
    for (const q of ["zürich", "savings", "acme", "twint", "%"]) {
      expect(list(P, { search: q }).matchCount).toBe(search(P, { search: q }).matchCount);
    }
  });
});

describe("compare_periods", () => {
  test("2024 vs 2025: per category and currency, sorted by |change|", () => {
    const r = comparePeriods(P, { a: { year: 2024 }, b: { year: 2025 } });
    expect(r.labels).toEqual({ a: "2024", b: "2025" });
    const chf = r.byCurrency.CHF;
    expect(chf!.categories.map((x) => [x.name, c(x.a), c(x.b), c(x.change)])).toEqual([
      ["Household", 0, 500, 500],
      ["Transport", 0, 414.75, 414.75], // SBB 337 + Mobility (stored as `transport`) 77.75
      ["Shopping", 0, 399.83, 399.83],
      ["Healthcare", 0, 298, 298],
      ["Insurance", 491, 781.2, 290.2], // 781.20 − 491
      ["Subscriptions", 0, 244.8, 244.8],
      ["Groceries", 178.4, 371.4, 193], // 371.40 − 178.40
      ["Fees", 240, 130, -110],
      ["Uncategorised", 0, 65, 65], // money out only (round 4)
      ["Dining", 246.5, 200.8, -45.7], // 200.80 − 246.50
      ["Other", 0, 7.8, 7.8],
    ]);
    const pct = Object.fromEntries(chf!.categories.map((x) => [x.name, x.pctChange]));
    expect(pct.Household).toBeNull();
    expect(pct.Insurance!).toBeCloseTo((290.2 / 491) * 100, 9);
    expect(pct.Groceries!).toBeCloseTo((193 / 178.4) * 100, 9);
    expect(pct.Fees!).toBeCloseTo((-110 / 240) * 100, 9);
    expect(pct.Dining!).toBeCloseTo((-45.7 / 246.5) * 100, 9);
    expect([c(chf!.spending.a), c(chf!.spending.b), c(chf!.income.a), c(chf!.income.b)]).toEqual([1155.9, 3413.58, 74400, 77694]);
    // USD: Shopping 89.99 → 0 (−100 %), Subscriptions 0 → 9.99
    expect(r.byCurrency.USD!.categories.map((x) => [x.name, c(x.change), x.pctChange])).toEqual([
      ["Shopping", -89.99, -100],
      ["Subscriptions", 9.99, null],
    ]);
    expect(r.byCurrency.EUR!.categories.map((x) => [x.name, c(x.a), c(x.b)])).toEqual([
      ["Travel", 0, 398.4],
      ["Dining", 0, 55.2],
    ]);
  });

  test("March vs April 2025 CHF, and a from/to period with category", () => {
    const chf = comparePeriods(P, { a: { year: 2025, month: 3 }, b: { year: 2025, month: 4 }, currency: "CHF" }).byCurrency.CHF;
    // Mar: Groceries 8.90 | Subscriptions 18.90 | Shopping 49.90 + 120 − 40 = 129.90 | Transport 4.40
    //      Household 240 | Insurance 260.40                                     = 662.50
    // Apr: Subscriptions 20.90 | Shopping 49.90 + 33.33 + 10 + 27 = 120.23 | Transport 220
    //      Household 260 | Healthcare 180                                        = 801.13
    expect(chf!.categories.map((x) => [x.name, c(x.a), c(x.b), c(x.change)])).toEqual([
      ["Insurance", 260.4, 0, -260.4],
      ["Transport", 4.4, 220, 215.6],
      ["Healthcare", 0, 180, 180],
      ["Household", 240, 260, 20],
      ["Shopping", 129.9, 120.23, -9.67],
      ["Groceries", 8.9, 0, -8.9],
      ["Subscriptions", 18.9, 20.9, 2],
    ]);
    expect(chf!.categories[1]!.pctChange!).toBeCloseTo((215.6 / 4.4) * 100, 6); // 4'900 %
    expect(chf!.categories[0]!.pctChange!).toBeCloseTo(-100, 9);
    expect([c(chf!.spending.a), c(chf!.spending.b), c(chf!.income.a), c(chf!.income.b)]).toEqual([662.5, 801.13, 6050, 6500]);
    const q = comparePeriods(P, {
      a: { from: "2025-01-01", to: "2025-03-31" },
      b: { from: "2025-04-01", to: "2025-06-30" },
      category: "Shopping",
    });
    expect(q.labels).toEqual({ a: "2025-01-01…2025-03-31", b: "2025-04-01…2025-06-30" });
    // Q1: Digitec 49.90 × 3 + 120 − 40 = 229.70; Q2: Digitec 49.90 × 2 + 33.33 + 10 + 27 = 170.13
    expect(q.byCurrency.CHF!.categories.map((x) => [x.name, c(x.a), c(x.b), c(x.change)])).toEqual([
      ["Shopping", 229.7, 170.13, -59.57],
    ]);
  });
});

describe("recurring_payments", () => {
  test("all time: weekly (ended), quarterly (exactly 75% of gaps), monthly, yearly; noise not detected", () => {
    const r = recurringPayments(P);
    expect(r.newestDate).toBe("2025-12-28");
    expect(Object.keys(r.byCurrency)).toEqual(["CHF"]);
    const s = r.byCurrency.CHF!.series;
    // Not detected: Digitec (gaps 30, 10, 31, 60: median 30.5 but 2/4 in range), SBB (30-day gaps,
    // amounts 12/85/4.40/220/15.60: median 15.60, only 1/5 within ±3.12), Fitnesspark (2 rows),
    // Savings Account (Transfers), ACME AG (Income), Migros/Coop/Krone (irregular).
    expect(s.map((x) => x.merchant)).toEqual(["Putzfee Anna", "Helsana", "Netflix", "ZKB"]);
    // Putzfee Anna [30–35]: gaps 7, 7, 14, 7, 7 → median 7, 4/5 in 5–9; amounts 80 × 5, 100:
    // median (80 + 80) / 2 = 80, 5/6 within ±16; yearly 80 × 52 = 4'160; next 04-18 + 7 = 04-25;
    // 2025-12-28 − 2025-04-18 = 254 days > 1.5 × 7 → ended. Price changes (round 4): the price in force is 80; [33] 100
    // differs but the next [34] 80 is not within 2% of 100 → it did not repeat: no change, and the price stays 80.
    // Current = last = 80, not dearer than the first (80). One part (one payment a week), no one-offs.
    expect(s[0]).toMatchObject({
      merchant: "Putzfee Anna", category: "Household", cadence: "weekly", typicalAmount: 80, currentAmount: 80, count: 6,
      priceChanges: [], dearer: false, oneOffs: [],
      firstDate: "2025-03-07", lastDate: "2025-04-18", medianGap: 7, nextExpected: "2025-04-25", yearlyCost: 4160, active: false,
    });
    expect(s[0]!.parts).toHaveLength(1);
    // Helsana [55–59]: gaps 91, 90, 120, 91 → sorted 90, 91, 91, 120, median 91; 3/4 = 75 % in 84–98;
    // amounts 245.50, 245.50, 260.40 × 3 → median 260.40; yearly 260.40 × 4 = 1'041.60;
    // next 2025-10-28 + 91 = 2026-01-27; 61 days ≤ 136.5 → active
    expect(s[1]).toMatchObject({
      merchant: "Helsana", category: "Insurance", cadence: "quarterly", count: 5, firstDate: "2024-10-01",
      lastDate: "2025-10-28", medianGap: 91, nextExpected: "2026-01-27", active: true,
    });
    expect(c(s[1]!.typicalAmount)).toBe(260.4);
    expect(c(s[1]!.yearlyCost)).toBe(1041.6);
    // Netflix [40–51]: gaps 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30 → sorted 28, 30 × 4, 31 × 6 → median 31;
    // amounts 18.90 × 3, 20.90 × 9 → median 20.90 (18.90 within ±4.18); yearly 20.90 × 12 = 250.80;
    // next 2025-12-12 + 31 = 2026-01-12; 16 days ≤ 46.5 → active
    expect(s[2]).toMatchObject({
      merchant: "Netflix", category: "Subscriptions", cadence: "monthly", count: 12, firstDate: "2025-01-12",
      lastDate: "2025-12-12", medianGap: 31, nextExpected: "2026-01-12", active: true,
    });
    expect(c(s[2]!.typicalAmount)).toBe(20.9);
    expect(c(s[2]!.yearlyCost)).toBe(250.8);
    // ZKB [60–62]: gaps 358 (2024 is a leap year: day 5 → day 363), 357 → median 357.5;
    // amounts 120, 120, 130 → usual 120, current 130 (the last payment; not a price change: it has not repeated, round 4);
    // yearly at the current amount 130; next 2025-12-20 + round(357.5) = + 358 = 2026-12-13; active; not dearer yet
    expect(s[3]).toMatchObject({
      merchant: "ZKB", category: "Fees", cadence: "yearly", typicalAmount: 120, currentAmount: 130, count: 3, firstDate: "2024-01-05",
      priceChanges: [], dearer: false, oneOffs: [],
      lastDate: "2025-12-20", medianGap: 357.5, nextExpected: "2026-12-13", yearlyCost: 130, active: true,
    });
    // Netflix: 18.90 → 20.90 on 2025-04-12 [43]; Helsana: 245.50 → 260.40 on 2025-03-31 [57]; both repeat, both dearer.
    expect(s[2]!.priceChanges.map(({ date, from, to }) => ({ date, from, to }))).toEqual([{ date: "2025-04-12", from: 18.9, to: 20.9 }]);
    expect(s[1]!.priceChanges.map(({ date, from, to }) => ({ date, from, to }))).toEqual([{ date: "2025-03-31", from: 245.5, to: 260.4 }]);
    expect([s[1]!.dearer, s[2]!.dearer]).toEqual([true, true]);
    // active: 1'041.60 + 250.80 + 130 = 1'422.40
    expect(c(r.byCurrency.CHF!.activeYearlyTotal)).toBe(1422.4);
  });

  test("period cuts the series; 'active' still looks at the newest row of the whole database", () => {
    const y = recurringPayments(P, { year: 2025 }).byCurrency.CHF;
    // Helsana in 2025 only [57–59]: gaps 120, 91 → median 105.5: no cadence. ZKB: 1 row.
    expect(y!.series.map((x) => x.merchant)).toEqual(["Putzfee Anna", "Netflix"]);
    expect(c(y!.activeYearlyTotal)).toBe(250.8);
    const early = recurringPayments(P, { to: "2025-04-30" }).byCurrency.CHF;
    // Helsana [55–57]: gaps 91, 90 → 90.5 quarterly; amounts 245.50, 245.50, 260.40 → usual 245.50, current
    //   260.40: yearly 1'041.60; next 2025-03-31 + round(90.5) = + 91 = 2025-06-30; 272 days > 135.75 → ended
    // Netflix [40–43]: gaps 31, 28, 31 → 31; amounts 18.90 × 3, 20.90 → usual 18.90, current 20.90: yearly
    //   250.80; next 2025-04-12 + 31 = 2025-05-13; 260 days > 46.5 → ended
    expect(early!.series.map((x) => [x.merchant, c(x.typicalAmount), c(x.yearlyCost), x.medianGap, x.nextExpected, x.active])).toEqual([
      ["Putzfee Anna", 80, 4160, 7, "2025-04-25", false],
      ["Helsana", 245.5, 1041.6, 90.5, "2025-06-30", false],
      ["Netflix", 18.9, 250.8, 31, "2025-05-13", false],
    ]);
    expect(early!.activeYearlyTotal).toBe(0);
  });

  test("min_occurrences 2 (from 2025-11-01): the two-row gym is found", () => {
    const r = recurringPayments(P, { from: "2025-11-01", min_occurrences: 2 }).byCurrency.CHF;
    // Fitnesspark [63][64]: gap 30, 59 → yearly 708, next 2025-12-03 + 30 = 2026-01-02, 25 ≤ 45 active
    // Netflix [50][51]: gap 30, 20.90 → 250.80, next 2026-01-11, 16 ≤ 45 active
    expect(r!.series.map((x) => [x.merchant, x.cadence, c(x.typicalAmount), c(x.yearlyCost), x.nextExpected, x.active, x.count])).toEqual([
      ["Fitnesspark", "monthly", 59, 708, "2026-01-02", true, 2],
      ["Netflix", "monthly", 20.9, 250.8, "2026-01-11", true, 2],
    ]);
    expect(c(r!.activeYearlyTotal)).toBe(958.8);
    expect(recurringPayments(P, { from: "2025-11-01" }).byCurrency.CHF).toBeUndefined();
  });

  test("loose: NULL-merchant monthly rows never form a series", () => {
    const r = recurringPayments(L).byCurrency.CHF;
    // [201] [202] [203] are 30/31 days apart at 23.40 but have no merchant; Coop [91][98][205]: gaps 490, 83
    expect(r!.series.map((x) => x.merchant)).toEqual(["Putzfee Anna", "Helsana", "Netflix", "ZKB"]);
  });
});

describe("review_transactions", () => {
  test("default: Uncategorised/Other or confidence < 0.8, grouped by merchant", () => {
    const r = reviewTransactions(P);
    // TWINT [116] −25 [117] −40 [119] +15 = −50 (Uncategorised; lowest 0.30; malformed [121] out)
    // Kiosk [118] −7.80 (Other, 0.90) + [125] −5.50 (Dining, 0.60) = −13.30
    // Migros [93] −63.70 (0.79); Outlet Store [109] −27 (0.55); Coop [98] at 0.80 is not low
    expect(r.groups.map((g) => [g.group, g.count, cs(Object.values(g.totals)), g.categories, g.lowestConfidence])).toEqual([
      ["TWINT", 3, [-50], ["Uncategorised"], 0.3],
      ["Kiosk", 2, [-13.3], ["Dining", "Other"], 0.6],
      ["Migros", 1, [-63.7], ["Groceries"], 0.79],
      ["Outlet Store", 1, [-27], ["Shopping"], 0.55],
    ]);
    expect(r.rowCount).toBe(7);
    expect(r.groupCount).toBe(4);
  });

  test("max_confidence, category and limit", () => {
    const r = reviewTransactions(P, { max_confidence: 0.9 });
    // + Coop [98] (0.80 < 0.9); Kiosk [118] is 0.90 but Other anyway
    expect(r.groups.map((g) => [g.group, g.count])).toEqual([
      ["TWINT", 3],
      ["Kiosk", 2],
      ["Coop", 1],
      ["Migros", 1],
      ["Outlet Store", 1],
    ]);
    expect(reviewTransactions(P, { category: "Shopping" }).groups.map((g) => g.ids)).toEqual([[109]]);
    const lim = reviewTransactions(P, { limit: 2 });
    expect(lim.groups.map((g) => g.group)).toEqual(["TWINT", "Kiosk"]);
    expect(lim.groupCount).toBe(4);
    expect(reviewTransactions(P, { year: 2025, month: 9 }).groups.map((g) => g.ids)).toEqual([[117]]);
  });

  test("loose: NULL merchant grouped by raw description; NULL confidence is not low", () => {
    const r = reviewTransactions(L);
    // CARD PAYMENT 4471 [201][202]: −46.80, NULL category → Uncategorised, no confidence
    // Cumulus [204]: +5, NULL category, 0.50; Coop [205] (NULL confidence) and [203] (0.95) not listed
    expect(r.groups.map((g) => [g.group, g.count, cs(Object.values(g.totals)), g.categories, g.lowestConfidence])).toEqual([
      ["TWINT", 3, [-50], ["Uncategorised"], 0.3],
      ["CARD PAYMENT 4471", 2, [-46.8], ["Uncategorised"], null],
      ["Kiosk", 2, [-13.3], ["Dining", "Other"], 0.6],
      ["Cumulus", 1, [5], ["Uncategorised"], 0.5],
      ["Migros", 1, [-63.7], ["Groceries"], 0.79],
      ["Outlet Store", 1, [-27], ["Shopping"], 0.55],
    ]);
  });
});
