/**
 * merchant_breakdown on the answers fixture: hand-computed figures (arithmetic from
 * test/spec-oracle.test.ts), subject categories, NULL merchants, and the tool against the
 * independent oracle on the strict and loose fixtures and the demo database.
 *
 * Also the small round-1 fixture (test/fixtures/small-fixture.ts) with its strict and loose
 * schema variants, first below.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { merchantBreakdown } from "../../src/tools/merchant_breakdown.ts";
import { ToolInputError } from "../../src/core/errors.ts";
import { createFixture, runTool } from "../fixtures/small-fixture.ts";
import type { BudgetDb } from "../../src/budget/reader.ts";
import { formatPercent, plural } from "../../src/core/format.ts";
import { merchantBreakdown as oracle, type CommonArgs } from "../support/spec-oracle.ts";
import { answers, cents, demoDb, inputError, money, run, schemaRejects } from "./answers/support.ts";

const fx = createFixture();
const looseFixture = createFixture({ loose: true });
afterAll(() => {
  fx.cleanup();
  looseFixture.cleanup();
});
const runOnFixture = (input: unknown, db = fx.db) => runTool(merchantBreakdown, db, input);

describe("merchant_breakdown", () => {
  test("all merchants of a category with total, count and average", () => {
    // Groceries by merchant, by hand:
    //   Migros   #1 50 #5 70 #11 80 #17 90 #27 64.2 #34 100 = 454.20 (6, avg 75.70)
    //   Coop     #2 30 #13 45.5                             =  75.50 (2, avg 37.75)
    //   100% Bio #9                                          =  25.25 (1)
    //   MIGROS   #12 (a spelling variant, its own merchant)  =  20.00 (1)
    //   Bakery   #26                                         =   8.00 (1)
    //   total 582.95 over 11 at 5 merchants
    const out = runOnFixture({ category: "groceries" });
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
    const out = runOnFixture({ category: "Groceries", top_n: 2 });
    expect(out.charts[0]!.data.labels).toEqual(["Migros", "Coop", "Other"]);
    expect(out.charts[0]!.data.datasets[0]!.values).toEqual([454.2, 75.5, 53.25]);
    expect(out.charts[1]!.type).toBe("pie");
    expect(out.charts[1]!.data.labels).toEqual(["Migros", "Coop", "Other"]);
    expect(out.summary).toContain("Other (3 merchants) CHF 53.25 (3 tx, 9.1%)"); // 53.25 / 582.95 = 9.13%
    expect(out.summary).toContain("at 5 merchants");
  });

  test("year and month filters", () => {
    // Dining 2025-02: #20 Restaurant Krone 150 only
    const feb = runOnFixture({ category: "Dining", year: 2025, month: 2 });
    expect(feb.charts[0]!.data.labels).toEqual(["Restaurant Krone"]);
    expect(feb.charts[0]!.data.datasets[0]!.values).toEqual([150]);
    // Dining 2025: Restaurant Krone 150 + 45 = 195 (2, avg 97.50), Pizzeria Napoli 60 + 35 = 95 (2, avg 47.50)
    const y = runOnFixture({ category: "Dining", year: 2025 });
    expect(y.charts[0]!.data.labels).toEqual(["Restaurant Krone", "Pizzeria Napoli"]);
    expect(y.charts[0]!.data.datasets[0]!.values).toEqual([195, 95]);
    expect(y.summary).toContain("Restaurant Krone CHF 195.00 (2 tx, avg CHF 97.50");
    expect(y.summary).toContain("for 2025.");
  });

  test("Transfers named as the category are the subject: the net moved out", () => {
    // Savings Account: out #4 1000 + #16 1500, back in #10 500 + #30 300 → 1000 + 1500 − 500 − 300 = 1,700
    const out = runOnFixture({ category: "transfers" });
    expect(out.charts[0]!.data.labels).toEqual(["Savings Account"]);
    expect(out.charts[0]!.data.datasets[0]!.values).toEqual([1700]);
    expect(out.summary).toContain("1. Savings Account CHF 1'700.00 (4 tx, avg CHF 425.00, 100.0%)");
  });

  test("Income ranks who paid money in (salary and the refund)", () => {
    // ACME AG 5000 + 5000 + 5200 * 3 = 25,600 (5); Zalando refund 40 (1)
    const out = runOnFixture({ category: "Income" });
    expect(out.charts[0]!.data.labels).toEqual(["ACME AG", "Zalando"]);
    expect(out.charts[0]!.data.datasets).toEqual([{ name: "Income", values: [25600, 40] }]);
  });

  test("without category: merchants of all spending", () => {
    // Spending 2025-03 by merchant: Kita 800, Migros 64.2, Restaurant Krone 45, Shop_Online 33.33, Sale Store 12,
    // ShopXOnline 10, Bakery 8 = 972.53 over 7.
    const out = runOnFixture({ year: 2025, month: 3, top_n: 3 });
    expect(out.charts[0]!.data.labels).toEqual(["Kita Sonnenschein", "Migros", "Restaurant Krone", "Other"]);
    expect(out.charts[0]!.data.datasets).toEqual([{ name: "Spending", values: [800, 64.2, 45, 63.33] }]);
    expect(out.summary).toContain("CHF: total CHF 972.53 over 7 transactions at 7 merchants");
    expect(out.summary).toContain("Other (4 merchants) CHF 63.33 (4 tx, 6.5%)");
  });

  test("empty result: clear summary, no charts", () => {
    const out = runOnFixture({ category: "Children", year: 2024 });
    expect(out.summary).toStartWith("No spending on Children found for 2024.");
    expect(out.charts).toEqual([]);
  });

  test("input errors", () => {
    expect(() => runOnFixture({ category: "Food" })).toThrow(ToolInputError);
    expect(() => runOnFixture({ category: "Food" })).toThrow(/Valid categories: Children, Dining, Groceries/);
    expect(() => runOnFixture({ category: "Dining", month: 2 })).toThrow("month requires year");
    const s = merchantBreakdown.schema;
    expect(s.safeParse({}).success).toBe(true); // without category: all spending
    expect(s.safeParse({ category: "Dining", top_n: 0 }).success).toBe(false);
    expect(s.safeParse({ category: "Dining", top_n: 51 }).success).toBe(false);
    expect(s.safeParse({ category: "Dining", top_n: "5" }).success).toBe(false);
    expect(s.parse({ category: "Dining" }).top_n).toBe(15);
  });

  test("looseFixture database: NULL merchants group as (unknown merchant)", () => {
    // Groceries gains #36 12 with NULL merchant: Migros 454.2, Coop 75.5, 100% Bio 25.25, MIGROS 20,
    // (unknown merchant) 12, Bakery 8
    const g = runOnFixture({ category: "Groceries" }, looseFixture.db);
    expect(g.charts[0]!.data.labels).toEqual(["Migros", "Coop", "100% Bio", "MIGROS", "(unknown merchant)", "Bakery"]);
    expect(g.charts[0]!.data.datasets[0]!.values).toEqual([454.2, 75.5, 25.25, 20, 12, 8]);
    // Uncategorised: #35 NULL merchant + NULL category 19.90 and #37 NULL merchant, money in 5 → 14.90; #22 TWINT Payment 15
    const u = runOnFixture({ category: "Uncategorised" }, looseFixture.db);
    expect(u.charts[0]!.data.labels).toEqual(["TWINT Payment", "(unknown merchant)"]);
    expect(u.charts[0]!.data.datasets[0]!.values).toEqual([15, 14.9]);
  });

  test("without a categories table the transaction categories are the valid names", () => {
    const bare = createFixture({ categoriesTable: false });
    try {
      expect(runOnFixture({ category: "shopping" }, bare.db).charts[0]!.data.datasets[0]!.values).toEqual([120, 33.33, 12, 10]);
      expect(() => runOnFixture({ category: "Food" }, bare.db)).toThrow(
        'Unknown category "Food". Valid categories: Children, Dining, Groceries, Income, Shopping, Transfers, Transport, Uncategorised.',
      );
    } finally {
      bare.cleanup();
    }
  });
});

const { db, path, loose, loosePath } = answers();
const demo = demoDb();
const tool = (input: unknown, on: BudgetDb = db) => run(merchantBreakdown, on, input);

describe("merchant_breakdown: hand-computed figures", () => {
  test("all spending 2025, top 5 and the rest as Other; bar_h + pie; EUR/USD left out of the chart", () => {
    const out = tool({ year: 2025, top_n: 5 });
    // Helsana 781.20 (3) | Putzfee Anna 500 (6) | SBB 337 (5) | Digitec 249.50 (5) | Netflix 244.80 (12)
    // Other: 3'398.58 − (781.20 + 500 + 337 + 249.50 + 244.80 = 2'112.50) = 1'286.08;
    // 22 merchants − 5 = 17; 57 rows − 31 = 26
    expect(out.charts.map((c) => c.type)).toEqual(["bar_h", "pie"]);
    for (const chart of out.charts) {
      expect(chart.title).toBe(`Spending by merchant, 2025 (CHF; ${money(453.6, "EUR")}, ${money(9.99, "USD")} not shown)`);
      expect(chart.data).toEqual({
        labels: ["Helsana", "Putzfee Anna", "SBB", "Digitec", "Netflix", "Other"],
        datasets: [{ name: "Spending", values: [781.2, 500, 337, 249.5, 244.8, 1286.08] }],
      });
    }
    const s = out.summary;
    expect(s).toContain(`CHF: total ${money(3398.58, "CHF")} over 57 transactions at 22 merchants.`);
    // averages: 781.20 / 3 = 260.40; 500 / 6 = 83.33; 337 / 5 = 67.40; 244.80 / 12 = 20.40
    expect(s).toContain(`1. Helsana ${money(781.2, "CHF")} (3 tx, avg ${money(260.4, "CHF")}, 23.0%)`);
    expect(s).toContain(`2. Putzfee Anna ${money(500, "CHF")} (6 tx, avg ${money(83.33, "CHF")}, 14.7%)`);
    expect(s).toContain(`3. SBB ${money(337, "CHF")} (5 tx, avg ${money(67.4, "CHF")}, 9.9%)`);
    expect(s).toContain(`5. Netflix ${money(244.8, "CHF")} (12 tx, avg ${money(20.4, "CHF")}, 7.2%)`);
    // 1'286.08 / 3'398.58 = 37.84 %
    expect(s).toContain(`Other (17 merchants) ${money(1286.08, "CHF")} (26 tx, 37.8%)`);
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
  test("answers fixture", () => {
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
