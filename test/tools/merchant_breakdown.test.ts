/**
 * merchant_breakdown on the fixture (test/fixtures/budget-fixture.ts): hand-computed figures
 * (arithmetic from test/spec-oracle.test.ts, row ids in brackets), subject categories, NULL
 * merchants, and the tool against the independent oracle on the strict and loose fixtures and
 * the demo database.
 */
import { describe, expect, test } from "bun:test";
import { merchantBreakdown } from "../../src/tools/merchant_breakdown.ts";
import { ToolInputError } from "../../src/core/errors.ts";
import { createFixture } from "../fixtures/budget-fixture.ts";
import type { BudgetDb } from "../../src/ledger/reader.ts";
import { formatPercent, plural } from "../../src/core/format.ts";
import { merchantBreakdown as oracle, type CommonArgs } from "../support/spec-oracle.ts";
import { fixtures, cents, demoDb, inputError, money, run, schemaRejects, rowsLinkOf, followUpsOf, chartOf, schemaOf, PERIOD_PROPS, schemaProperty } from "./support.ts";

const { db, path, loose, loosePath } = fixtures();
const demo = demoDb();
const tool = (input: unknown, on: BudgetDb = db) => run(merchantBreakdown, on, input);

describe("merchant_breakdown", () => {
  test("all merchants of a category with total, count and average", () => {
    // Groceries 2025 by merchant, by hand:
    //   Migros          [93] 63.70 [96] 66.60 [99] 112.45 = 242.75 (3, avg 80.916… → 80.92)
    //   Coop            [98]                              =  52.80 (1)
    //   MIGROS          [100] (a spelling variant, its own merchant) = 30.05 (1)
    //   Sprüngli        [97]                              =  24.50 (1)
    //   Bäckerei Zürich [94] 12.40 [95] 8.90              =  21.30 (2, avg 10.65)
    //   total 242.75 + 52.80 + 30.05 + 24.50 + 21.30 = 371.40 over 3 + 1 + 1 + 1 + 2 = 8 at 5 merchants; malformed [120] left out
    const out = tool({ category: "groceries", year: 2025 });
    expect(out.charts.map((c) => c.type)).toEqual(["bar_h", "pie"]);
    for (const chart of out.charts) {
      expect(chart.data.labels).toEqual(["Migros", "Coop", "MIGROS", "Sprüngli", "Bäckerei Zürich"]);
      expect(chart.data.datasets).toEqual([{ name: "Groceries", values: [242.75, 52.8, 30.05, 24.5, 21.3] }]);
      expect(chart.title).toBe("Groceries by merchant, 2025 (CHF)");
    }
    expect(out.summary).toStartWith("Merchants for spending on Groceries for 2025.");
    expect(out.summary).toContain(`CHF: total ${money(371.4, "CHF")} over 8 transactions at 5 merchants`);
    expect(out.summary).toContain(`1. Migros ${money(242.75, "CHF")} (3 tx, avg ${money(80.92, "CHF")}, 65.4%)`); // 242.75 / 371.40 = 65.36%
    expect(out.summary).toContain(`2. Coop ${money(52.8, "CHF")} (1 tx, avg ${money(52.8, "CHF")}, 14.2%)`); // 52.80 / 371.40 = 14.22%
    expect(out.summary).toContain(`5. Bäckerei Zürich ${money(21.3, "CHF")} (2 tx, avg ${money(10.65, "CHF")}, 5.7%)`); // 21.30 / 371.40 = 5.74%
    expect(out.summary).not.toContain("Other");
  });

  test("top_n: the rest becomes one Other entry", () => {
    // Groceries all dates: Migros 368.35, Coop 105.60, MIGROS 30.05, Sprüngli 24.50, Bäckerei Zürich 21.30 = 549.80
    // (see "Groceries all time" below). Other = MIGROS [100] 30.05 + Sprüngli [97] 24.50 + Bäckerei Zürich [94] [95]
    // 21.30 = 75.85 over 1 + 1 + 2 = 4 transactions at 3 merchants
    const out = tool({ category: "Groceries", top_n: 2 });
    expect(out.charts[0]!.data.labels).toEqual(["Migros", "Coop", "Other"]);
    expect(out.charts[0]!.data.datasets[0]!.values).toEqual([368.35, 105.6, 75.85]);
    expect(out.charts[1]!.type).toBe("pie");
    expect(out.charts[1]!.data.labels).toEqual(["Migros", "Coop", "Other"]);
    expect(out.summary).toContain(`Other (3 merchants) ${money(75.85, "CHF")} (4 tx, 13.8%)`); // 75.85 / 549.80 = 13.80%
    expect(out.summary).toContain("at 5 merchants");
  });

  test("year and month filters", () => {
    // Dining 2025-02: [103] Restaurant Krone 150 only
    const feb = tool({ category: "Dining", year: 2025, month: 2 });
    expect(feb.charts[0]!.data.labels).toEqual(["Restaurant Krone"]);
    expect(feb.charts[0]!.data.datasets[0]!.values).toEqual([150]);
    // Dining 2025 in CHF: Restaurant Krone [103] 150, Pizzeria Napoli [104] 45.30, Kiosk [125] 5.50 = 200.80
    // ([101] [102] are 2024); Trattoria [112] 55.20 is EUR
    const y = tool({ category: "Dining", year: 2025 });
    expect(y.charts[0]!.data.labels).toEqual(["Restaurant Krone", "Pizzeria Napoli", "Kiosk"]);
    expect(y.charts[0]!.data.datasets[0]!.values).toEqual([150, 45.3, 5.5]);
    expect(y.summary).toContain(`1. Restaurant Krone ${money(150, "CHF")} (1 tx, avg ${money(150, "CHF")}, 74.7%)`); // 150 / 200.80 = 74.70%
    expect(y.summary).toContain("for 2025.");
  });

  test("Transfers named as the category are the subject: the net moved out", () => {
    // Savings Account: out [80–85] 6 × 1'000 = 6'000, back in [86] 2'500 → 3'500 over 7, avg 500
    const out = tool({ category: "transfers" });
    expect(out.charts[0]!.data.labels).toEqual(["Savings Account"]);
    expect(out.charts[0]!.data.datasets[0]!.values).toEqual([3500]);
    expect(out.summary).toContain(`1. Savings Account ${money(3500, "CHF")} (7 tx, avg ${money(500, "CHF")}, 100.0%)`);
  });

  test("empty result: clear summary, no charts", () => {
    // Travel has rows only in 2025-06 [110–113]
    const out = tool({ category: "Travel", year: 2024 });
    expect(out.summary).toStartWith("No spending on Travel found for 2024.");
    expect(out.charts).toEqual([]);
  });

  test("input errors", () => {
    // 15 table names + Household (only in transactions); `transport` [75–76] is Transport
    expect(() => tool({ category: "Food" })).toThrow(ToolInputError);
    expect(() => tool({ category: "Food" })).toThrow(
      'Unknown category "Food". Valid categories: Dining, Fees, Groceries, Healthcare, Household, Housing, Income, Insurance, Investments, Other, Shopping, Subscriptions, Transfers, Transport, Travel, Uncategorised.',
    );
    expect(() => tool({ category: "Dining", month: 2 })).toThrow("month requires year");
    const s = merchantBreakdown.schema();
    expect(s.safeParse({}).success).toBe(true); // without category: all spending
    expect(s.safeParse({ category: "Dining", top_n: 0 }).success).toBe(false);
    expect(s.safeParse({ category: "Dining", top_n: 51 }).success).toBe(false);
    expect(s.safeParse({ category: "Dining", top_n: "5" }).success).toBe(false);
    expect(s.parse({ category: "Dining" }).top_n).toBe(15);
  });

  test("loose fixture: NULL merchants group as (unknown merchant), NULL categories as Uncategorised", () => {
    // Uncategorised: TWINT [116] 25 + [117] 40 = 65 (2); NULL merchant + NULL category [201] + [202] 23.40 × 2 = 46.80 (2);
    // malformed [121] left out. Money in on Uncategorised rows (TWINT [119] 15, Cumulus [204] 5, NULL category) is
    // unclassified money in, apart: never a negative bar.
    const u = tool({ category: "Uncategorised" }, loose);
    expect(u.charts[0]!.data.labels).toEqual(["TWINT", "(unknown merchant)"]);
    expect(u.charts[0]!.data.datasets[0]!.values).toEqual([65, 46.8]);
    expect(u.summary).toContain(`Unclassified money in (Uncategorised rows with money in, counted neither as spending nor as income): ${money(20, "CHF")} in 2 transactions.`);
  });

  test("without a categories table the transaction categories are the valid names", () => {
    const bare = createFixture({ categoriesTable: false });
    try {
      // Shopping in CHF: Digitec [65–69] 49.90 × 5 = 249.50, Zalando [105] 120 − [106] 40 = 80, Shop_Online [107] 33.33,
      // Outlet Store [109] 27, ShopXOnline [108] 10 (Amazon [114] is USD, [122] malformed)
      expect(tool({ category: "shopping" }, bare.db).charts[0]!.data.datasets[0]!.values).toEqual([249.5, 80, 33.33, 27, 10]);
      // the 16 names the transactions store, `transport` [75–76] folded into Transport: 15; no Housing (only in the table)
      expect(() => tool({ category: "Food" }, bare.db)).toThrow(
        'Unknown category "Food". Valid categories: Dining, Fees, Groceries, Healthcare, Household, Income, Insurance, Investments, Other, Shopping, Subscriptions, Transfers, Transport, Travel, Uncategorised.',
      );
    } finally {
      bare.cleanup();
    }
  });
});

describe("merchant_breakdown: hand-computed figures", () => {
  test("all spending 2025, top 5 and the rest as Other; bar_h + pie; EUR/USD left out of the chart", () => {
    const out = tool({ year: 2025, top_n: 5 });
    // Helsana 781.20 (3) | Putzfee Anna 500 (6) | SBB 337 (5) | Digitec 249.50 (5) | Netflix 244.80 (12)
    // Other: 3'413.58 − (781.20 + 500 + 337 + 249.50 + 244.80 = 2'112.50) = 1'301.08;
    // 22 merchants − 5 = 17; 56 rows − 31 = 25 (TWINT's money in [119] is unclassified, apart)
    expect(out.charts.map((c) => c.type)).toEqual(["bar_h", "pie"]);
    for (const chart of out.charts) {
      expect(chart.title).toBe(`Spending by merchant, 2025 (CHF; ${money(453.6, "EUR")}, ${money(9.99, "USD")} not shown)`);
      expect(chart.data).toEqual({
        labels: ["Helsana", "Putzfee Anna", "SBB", "Digitec", "Netflix", "Other"],
        datasets: [{ name: "Spending", values: [781.2, 500, 337, 249.5, 244.8, 1301.08] }],
      });
    }
    const s = out.summary;
    expect(s).toContain(`CHF: total ${money(3413.58, "CHF")} over 56 transactions at 22 merchants.`);
    // averages: 781.20 / 3 = 260.40; 500 / 6 = 83.33; 337 / 5 = 67.40; 244.80 / 12 = 20.40
    // shares of 3'413.58: 22.89 %, 14.65 %, 9.87 %, 7.17 %
    expect(s).toContain(`1. Helsana ${money(781.2, "CHF")} (3 tx, avg ${money(260.4, "CHF")}, 22.9%)`);
    expect(s).toContain(`2. Putzfee Anna ${money(500, "CHF")} (6 tx, avg ${money(83.33, "CHF")}, 14.6%)`);
    expect(s).toContain(`3. SBB ${money(337, "CHF")} (5 tx, avg ${money(67.4, "CHF")}, 9.9%)`);
    expect(s).toContain(`5. Netflix ${money(244.8, "CHF")} (12 tx, avg ${money(20.4, "CHF")}, 7.2%)`);
    // 1'301.08 / 3'413.58 = 38.11 %
    expect(s).toContain(`Other (17 merchants) ${money(1301.08, "CHF")} (25 tx, 38.1%)`);
    // EUR: Hotel Roma 420 − 60 = 360 (2) | Trattoria 55.20 | Trenitalia 38.40
    expect(s).toContain(`EUR: total ${money(453.6, "EUR")} over 4 transactions at 3 merchants. 1. Hotel Roma ${money(360, "EUR")} (2 tx, avg ${money(180, "EUR")}, 79.4%)`);
    expect(s).toContain(`USD: total ${money(9.99, "USD")} over 1 transaction at 1 merchant. 1. Apple ${money(9.99, "USD")}`);
  });

  test("Groceries all time: case variants stay separate merchants; no Other", () => {
    const out = tool({ category: "Groceries" });
    // Migros 84.35 + 41.25 + 63.70 + 66.60 + 112.45 = 368.35 (5) | Coop 52.80 × 2 = 105.60
    // MIGROS 30.05 | Sprüngli 24.50 | Bäckerei Zürich 12.40 + 8.90 = 21.30 → 549.80
    expect(out.charts[0]!.title).toBe("Groceries by merchant, all dates (CHF)");
    expect(out.charts[0]!.data).toEqual({
      labels: ["Migros", "Coop", "MIGROS", "Sprüngli", "Bäckerei Zürich"],
      datasets: [{ name: "Groceries", values: [368.35, 105.6, 30.05, 24.5, 21.3] }],
    });
    expect(out.summary).toContain(`CHF: total ${money(549.8, "CHF")} over 11 transactions at 5 merchants.`);
    // 368.35 / 5 = 73.67
    expect(out.summary).toContain(`1. Migros ${money(368.35, "CHF")} (5 tx, avg ${money(73.67, "CHF")}, 67.0%)`);
    expect(out.summary).toContain(`5. Bäckerei Zürich ${money(21.3, "CHF")} (2 tx, avg ${money(10.65, "CHF")}, 3.9%)`);
    expect(out.summary).not.toContain("Other (");
  });

  test("subject categories: Investments (buys minus the sale), Income (correction reduces it), EUR-only Travel", () => {
    const inv = tool({ category: "investments" });
    // 3'000 + 5'000 − 1'200.50 (sale [89]) = 6'799.50
    expect(inv.charts[0]!.data).toEqual({ labels: ["Swissquote"], datasets: [{ name: "Investments", values: [6799.5] }] });
    expect(inv.summary).toContain(`Merchants for money out to Investments`);
    expect(inv.summary).toContain(`1. Swissquote ${money(6799.5, "CHF")} (3 tx, avg ${money(2266.5, "CHF")}, 100.0%)`);
    const inc = tool({ category: "Income", year: 2025 });
    // ACME AG 6'500 × 12 − 450 = 77'550 (13) | CSS 144 (1); 77'550 / 13 = 5'965.38
    expect(inc.charts[0]!.data).toEqual({ labels: ["ACME AG", "CSS"], datasets: [{ name: "Income", values: [77550, 144] }] });
    expect(inc.summary).toContain(`1. ACME AG ${money(77550, "CHF")} (13 tx, avg ${money(5965.38, "CHF")}, 99.8%)`);
    const tr = tool({ category: "Travel" });
    // Hotel Roma 420 − 60 = 360 (2) | Trenitalia 38.40
    expect(tr.charts[0]!.title).toBe("Travel by merchant, all dates (EUR)");
    expect(tr.charts[0]!.currency).toBe("EUR");
    expect(tr.charts[0]!.data).toEqual({ labels: ["Hotel Roma", "Trenitalia"], datasets: [{ name: "Travel", values: [360, 38.4] }] });
    expect(tr.summary).not.toContain("CHF");
  });

  test("loose: NULL merchant → (unknown merchant)", () => {
    const g = tool({ category: "Groceries", year: 2025 }, loose);
    // Migros 242.75 | Coop 52.80 + 18.35 = 71.15 | MIGROS 30.05 | Sprüngli 24.50
    // (unknown merchant) [203] 23.40 | Bäckerei Zürich 21.30 → 413.15
    expect(g.charts[0]!.data).toEqual({
      labels: ["Migros", "Coop", "MIGROS", "Sprüngli", "(unknown merchant)", "Bäckerei Zürich"],
      datasets: [{ name: "Groceries", values: [242.75, 71.15, 30.05, 24.5, 23.4, 21.3] }],
    });
    const all = tool({ year: 2025, top_n: 50, currency: "CHF" }, loose);
    // [201] + [202] (Uncategorised) + [203] (Groceries): 23.40 × 3 = 70.20; 70.20 / 3 = 23.40
    expect(all.summary).toContain(`(unknown merchant) ${money(70.2, "CHF")} (3 tx, avg ${money(23.4, "CHF")}`);
  });

  test("errors: ambiguous and unknown category, top_n out of range", () => {
    // One category in any letter case (SPEC §1 hygiene): no ambiguity.
    expect(tool({ category: "TRANSPORT" })).toEqual(tool({ category: "Transport" }));
    expect(inputError(() => tool({ category: "Groceriez" })).message).toStartWith('Unknown category "Groceriez". Valid categories: Dining, ');
    expect(schemaRejects(merchantBreakdown, { top_n: 0 })).toBe(true);
    expect(schemaRejects(merchantBreakdown, { top_n: 51 })).toBe(true);
    expect(schemaRejects(merchantBreakdown, { top_n: 2.5 })).toBe(true);
  });
});

describe("merchant_breakdown == oracle", () => {
  type Args = CommonArgs & { category?: string; top_n?: number };
  const check = (on: BudgetDb, p: string, args: Args) => {
    const want = oracle(p, { ...args, currency: args.currency?.toUpperCase() });
    const out = tool(args, on);
    const curs = Object.keys(want.byCurrency);
    if (curs.length === 0) return expect(out.charts).toEqual([]);
    const main = want.mainCurrency!;
    const m = want.byCurrency[main]!;
    const lines = m.other ? [...m.merchants, m.other] : m.merchants;
    for (const chart of out.charts) {
      expect(chart.currency).toBe(main);
      expect(chart.data.labels).toEqual(lines.map((x) => x.name));
      expect(chart.data.datasets[0]!.values).toEqual(lines.map((x) => cents(x.total)));
    }
    for (const cur of curs) {
      const f = want.byCurrency[cur]!;
      const merchants = f.merchants.length + (f.other?.merchants ?? 0);
      let text = `${cur}: total ${money(f.total, cur)} over ${plural(f.count, "transaction")} at ${plural(merchants, "merchant")}. `;
      text += f.merchants
        .map((x, i) => `${i + 1}. ${x.name} ${money(x.total, cur)} (${plural(x.count, "tx", "tx")}, avg ${money(x.average, cur)}, ${formatPercent(x.total, f.total)})`)
        .join("; ");
      if (f.other) text += `; Other (${plural(f.other.merchants, "merchant")}) ${money(f.other.total, cur)} (${plural(f.other.count, "tx", "tx")}, ${formatPercent(f.other.total, f.total)})`;
      expect(out.summary).toContain(`${text}.`);
    }
  };
  const cases: Args[] = [
    {},
    { year: 2025 },
    { year: 2025, top_n: 3 },
    { category: "Shopping" },
    { category: "Income" },
    { category: "Transfers", year: 2025 },
    { category: "Dining", from: "2024-06-01", to: "2025-08-31", top_n: 1 },
    { year: 2025, month: 6 },
    { currency: "eur" },
  ];
  test("strict fixture", () => {
    for (const args of cases) check(db, path, args);
  });
  test("loose fixture", () => {
    for (const args of [...cases, { category: "Uncategorised", top_n: 50 }]) check(loose, loosePath, args);
  });
  test("demo database (7'300 rows, seed 7)", () => {
    for (const args of [{}, { year: 2024, top_n: 10 }, { category: "Groceries" }, { category: "Dining", year: 2025, month: 5 }, { category: "Income", from: "2024-01-01", to: "2024-06-30" }]) {
      check(demo.db, demo.path, args);
    }
  });
});

describe("merchant_breakdown's affordances", () => {
  test("see these transactions only for one category; the largest merchant's transactions as a follow-up", () => {
    expect(rowsLinkOf(merchantBreakdown, { category: "Dining", year: 2024 })).toBe("/transactions?category=Dining&from=2024-01-01&to=2024-12-31");
    // Across all spending the page would also show income and transfers: no link.
    expect(rowsLinkOf(merchantBreakdown, { year: 2024 })).toBeNull();
    // Largest by absolute value: Coop (120) over Migros (80).
    const chart = chartOf({ Migros: 80, Coop: 120 });
    expect(followUpsOf(merchantBreakdown, chart, { year: 2025 })).toEqual(["List my transactions at Coop in 2025"]);
    expect(followUpsOf(merchantBreakdown, chart, {})).toEqual(["List my transactions at Coop"]);
    // "Other" (the rest combined) names no merchant; nor does an answer that listed transactions already.
    expect(followUpsOf(merchantBreakdown, chartOf({ Coop: 120, Other: 300 }), {})).toEqual([]);
    expect(followUpsOf(merchantBreakdown, chart, {}, ["merchant_breakdown", "list_transactions"])).toEqual([]);
  });
});

describe("merchant_breakdown's schema", () => {
  test("the JSON schema sent to the model: its properties; the description says the UI shows the result", () => {
    expect(schemaOf(merchantBreakdown)).toEqual({ names: ["category", "top_n", ...PERIOD_PROPS], required: undefined });
    expect(schemaProperty(merchantBreakdown, "top_n")).toMatchObject({ type: "integer", minimum: 1, maximum: 50, default: 15 });
    // The model must know the UI draws the charts and tables (so it never draws text charts).
    expect(merchantBreakdown.description).toMatch(/The UI (draws|shows)/);
  });
});
