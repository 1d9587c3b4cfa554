/**
 * search_transactions on the answers fixture: hand-computed figures (arithmetic from
 * test/spec-oracle.test.ts), Unicode folding, literal % and _, both signs and every category,
 * amount/direction filters, and the tool against the independent oracle on the strict and
 * loose fixtures and the demo database.
 *
 * Also the small round-1 fixture (test/fixtures/small-fixture.ts) with its strict and loose
 * schema variants, first below.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { listTransactions } from "../../src/tools/list_transactions.ts";
import { searchTransactions } from "../../src/tools/search_transactions.ts";
import { ToolInputError } from "../../src/core/errors.ts";
import { createFixture, runTool } from "../fixtures/small-fixture.ts";
import type { BudgetDb } from "../../src/budget/reader.ts";
import { plural } from "../../src/core/format.ts";
import { search as oracle, type FilterArgs } from "../support/spec-oracle.ts";
import { answers, cents, demoDb, inputError, money, run, schemaRejects } from "./answers/support.ts";

const fx = createFixture();
const looseFixture = createFixture({ loose: true });
afterAll(() => {
  fx.cleanup();
  looseFixture.cleanup();
});
const runOnFixture = (input: unknown, db = fx.db) => runTool(searchTransactions, db, input);

describe("search_transactions", () => {
  test("merchant or description, case-insensitive; variants and monthly Out chart", () => {
    // "mIgRoS" matches #1 50, #5 70, #11 80, #12 20 (merchant "MIGROS"), #17 90, #27 64.2, #34 100
    // out 474.20 over 7, average 67.742… → 67.74; nothing in; 2024-01-05 … 2025-04-11
    const out = runOnFixture({ search: "mIgRoS" });
    expect(out.summary).toContain('Transactions matching "mIgRoS" in all categories');
    expect(out.summary).toContain("CHF: 7 transactions from 2024-01-05 to 2025-04-11.");
    expect(out.summary).toContain(": 7 matches.");
    expect(out.summary).toContain("Money out: CHF 474.20 in 7 transactions (average CHF 67.74)");
    expect(out.summary).toContain("Money in: none.");
    expect(out.summary).toContain("Merchant names: Migros (6), MIGROS (1).");
    expect(out.summary).toContain("Categories: Groceries (7).");
    expect(out.charts).toHaveLength(1);
    const chart = out.charts[0];
    expect(chart!.type).toBe("bar");
    // months from the first to the last match, gaps as zero; 2025-01 = 80 + 20
    expect(chart!.data.labels).toHaveLength(16);
    expect(chart!.data.labels[0]).toBe("2024-01");
    expect(chart!.data.labels[15]).toBe("2025-04");
    expect(chart!.data.datasets).toEqual([{ name: "Out", values: [50, 70, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 100, 90, 64.2, 100] }]);
  });

  test("finds Transfers and reports money in separately (In dataset second)", () => {
    // "savings": #4 -1000 (2024-01), #10 +500 (2024-12), #16 -1500 (2025-01), #30 +300 (2025-03)
    const out = runOnFixture({ search: "savings" });
    expect(out.summary).toContain("4 transactions from 2024-01-28 to 2025-03-28");
    expect(out.summary).toContain("Money out: CHF 2'500.00 in 2 transactions (average CHF 1'250.00)");
    expect(out.summary).toContain("Money in: CHF 800.00 in 2 transactions.");
    expect(out.summary).toContain("Categories: Transfers (4).");
    const { labels, datasets } = out.charts[0]!.data;
    expect(labels).toHaveLength(15); // 2024-01 … 2025-03
    expect(datasets.map((d) => d.name)).toEqual(["Out", "In"]);
    expect(datasets[0]!.values).toEqual([1000, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1500, 0, 0]);
    expect(datasets[1]!.values).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 500, 0, 0, 300]);
  });

  test("finds the salary: money in only", () => {
    // "acme": #3 5000, #7 5000, #15 5200, #21 5200, #29 5200 = 25,600 in 5
    const out = runOnFixture({ search: "acme", year: 2025 });
    expect(out.summary).toContain("Money out: none.");
    // 2025 only: 5200 * 3 = 15,600 in 3
    expect(out.summary).toContain("Money in: CHF 15'600.00 in 3 transactions.");
    expect(out.charts[0]!.data.datasets).toEqual([
      { name: "Out", values: [0, 0, 0] },
      { name: "In", values: [5200, 5200, 5200] },
    ]);
  });

  test("% and _ are literal characters", () => {
    // "50%" → only #25 "50% OFF SALE" (as a wildcard it would also match #26 "BAKERY 5000 ZURICH")
    expect(runOnFixture({ search: "50%" }).summary).toContain("Money out: CHF 12.00 in 1 transaction (average CHF 12.00)");
    // "shop_online" → only #23 (as a wildcard _ would also match #24 "SHOPXONLINE")
    expect(runOnFixture({ search: "shop_online" }).summary).toContain("Money out: CHF 33.33 in 1 transaction");
    // "%" → #9 "100% BIO LADEN" 25.25 and #25 12 = 37.25 in 2
    expect(runOnFixture({ search: "%" }).summary).toContain("Money out: CHF 37.25 in 2 transactions");
    // "_" → #23 only
    expect(runOnFixture({ search: "_" }).summary).toContain(": 1 transaction from 2025-03-01 to 2025-03-01");
    // a backslash is literal too, and matches nothing here
    expect(runOnFixture({ search: "\\" }).charts).toEqual([]);
  });

  test("category and period narrow the search", () => {
    // "krone" in dining 2025: #20 150, #31 45 = 195 in 2
    const out = runOnFixture({ search: "krone", category: "dining", year: 2025 });
    expect(out.summary).toContain('matching "krone" in Dining for 2025');
    expect(out.summary).toContain("Money out: CHF 195.00 in 2 transactions (average CHF 97.50)");
    // "migros" 2025-01: #11 80 + #12 20
    const jan = runOnFixture({ search: "migros", year: 2025, month: 1 });
    expect(jan.summary).toContain("Money out: CHF 100.00 in 2 transactions");
    expect(jan.charts[0]!.data).toEqual({ labels: ["2025-01"], datasets: [{ name: "Out", values: [100] }] });
  });

  test("no match: clear summary and no chart", () => {
    const out = runOnFixture({ search: "zzz", year: 2025 });
    expect(out.summary).toStartWith('No transactions matching "zzz" in all categories for 2025.');
    expect(out.charts).toEqual([]);
  });

  test("the match count equals what list_transactions lists before its limit", () => {
    for (const input of [{ search: "migros" }, { search: "savings" }, { search: "e", year: 2025 }, { search: "%" }]) {
      const n = Number(/: (\d+) match(es)?\./.exec(runOnFixture(input).summary)?.[1]);
      const listed = runTool(listTransactions, fx.db, { ...input, limit: 500 }).tables![0]!.rows.length;
      expect(listed).toBe(n);
    }
  });

  test("input errors", () => {
    expect(() => runOnFixture({ search: "x", month: 3 })).toThrow("month requires year");
    expect(() => runOnFixture({ search: "x", category: "Food" })).toThrow(ToolInputError);
    const s = searchTransactions.schema;
    expect(s.safeParse({}).success).toBe(false);
    expect(s.safeParse({ search: "" }).success).toBe(false);
    expect(s.safeParse({ search: "   " }).success).toBe(false);
    expect(s.safeParse({ search: "x".repeat(201) }).success).toBe(false);
    expect(s.safeParse({ search: 5 }).success).toBe(false);
    expect(s.safeParse({ search: "x", limit: 5 }).success).toBe(false);
    expect(s.parse({ search: "  coop " }).search).toBe("coop");
  });

  test("case-insensitive beyond ASCII (umlauts), where LIKE alone would not fold", () => {
    const swiss = createFixture({
      rows: [
        { id: 1, date: "2025-01-02", description: "BÄCKEREI JUNG ZÜRICH", amount: -6.5, merchant: "Bäckerei Jung", category: "Groceries" },
        { id: 2, date: "2025-01-03", description: "ZURICH INSURANCE", amount: -100, merchant: "Zurich", category: "Other" },
        { id: 3, date: "2025-01-04", description: "zürich* kiosk", amount: -3, merchant: "Kiosk", category: "Groceries" },
      ],
    });
    try {
      // "zürich" → #1 (ZÜRICH) and #3 (zürich), not #2 (ZURICH without umlaut): 6.50 + 3 = 9.50 in 2
      expect(runOnFixture({ search: "Zürich" }, swiss.db).summary).toContain("Money out: CHF 9.50 in 2 transactions");
      expect(runOnFixture({ search: "bäckerei" }, swiss.db).summary).toContain("Money out: CHF 6.50 in 1 transaction");
      // * and ? are literal in the GLOB form too: "zürich*" → #3 only
      expect(runOnFixture({ search: "ZÜRICH*" }, swiss.db).summary).toContain("Money out: CHF 3.00 in 1 transaction");
      expect(runOnFixture({ search: "zür?ch" }, swiss.db).charts).toEqual([]);
    } finally {
      swiss.cleanup();
    }
  });

  test("looseFixture database: NULL merchant matches by description", () => {
    // #35 "CARD PAYMENT 7781", NULL merchant and category, -19.90
    const out = runOnFixture({ search: "card payment" }, looseFixture.db);
    expect(out.summary).toContain("Money out: CHF 19.90 in 1 transaction");
    expect(out.summary).toContain("Merchant names: (unknown merchant) (1).");
    expect(out.summary).toContain("Categories: Uncategorised (1).");
  });
});

const { db, path, loose, loosePath } = answers();
const demo = demoDb();
const tool = (input: unknown, on: BudgetDb = db) => run(searchTransactions, on, input);

describe("search_transactions: hand-computed figures", () => {
  test("Unicode: 'ZÜRICH' finds the stored 'Zürich' merchant and the NFD raw description [97], not ZUERICH", () => {
    for (const q of ["ZÜRICH", "zürich", "zu\u0308rich"]) {
      const out = tool({ search: q });
      // [94] merchant Bäckerei Zürich 12.40 | [95] 8.90 | [97] raw SPRÜNGLI ZÜRICH (NFD) 24.50 → 45.80, average 15.27
      expect(out.summary).toContain(": 3 matches.");
      expect(out.summary).toContain(
        `CHF: 3 transactions from 2025-02-08 to 2025-07-19. Money out: ${money(45.8, "CHF")} in 3 transactions (average ${money(15.27, "CHF")}). Money in: none.`,
      );
      expect(out.summary).toContain("Merchant names: Bäckerei Zürich (2), Sprüngli (1). Categories: Groceries (3).");
      expect(out.charts[0]!.data).toEqual({
        labels: ["2025-02", "2025-03", "2025-04", "2025-05", "2025-06", "2025-07"],
        datasets: [{ name: "Out", values: [12.4, 8.9, 0, 0, 0, 24.5] }],
      });
    }
    // "BÄCKEREI": [94] by merchant, [95] by both
    expect(tool({ search: "BÄCKEREI" }).summary).toContain(": 2 matches.");
  });

  test("both signs, every category: Zalando refund, savings transfers (Out then In), the employer's salary", () => {
    const z = tool({ search: "zalando" });
    // [105] −120 out, [106] +40 in; malformed [122] 14.03.2025 left out
    expect(z.summary).toContain(`Money out: ${money(120, "CHF")} in 1 transaction (average ${money(120, "CHF")}). Money in: ${money(40, "CHF")} in 1 transaction.`);
    expect(z.summary).toContain(": 2 matches.");
    const s = tool({ search: "savings" });
    // out [80–85] 6 × 1'000; in [86] 2'500 (August)
    expect(s.summary).toContain(
      `CHF: 7 transactions from 2025-07-26 to 2025-12-26. Money out: ${money(6000, "CHF")} in 6 transactions (average ${money(1000, "CHF")}). Money in: ${money(2500, "CHF")} in 1 transaction.`,
    );
    expect(s.summary).toContain("Categories: Transfers (7).");
    expect(s.charts[0]!.title).toBe('Transactions matching "savings", all dates: money out and in per month (CHF)');
    expect(s.charts[0]!.data).toEqual({
      labels: ["2025-07", "2025-08", "2025-09", "2025-10", "2025-11", "2025-12"],
      datasets: [
        { name: "Out", values: [1000, 1000, 1000, 1000, 1000, 1000] },
        { name: "In", values: [0, 2500, 0, 0, 0, 0] },
      ],
    });
    const a = tool({ search: "acme" });
    // in: 6'200 × 12 + 6'500 × 12 = 74'400 + 78'000 = 152'400 (24); out: correction 450 (1)
    expect(a.summary).toContain(
      `CHF: 25 transactions from 2024-01-25 to 2025-12-25. Money out: ${money(450, "CHF")} in 1 transaction (average ${money(450, "CHF")}). Money in: ${money(152400, "CHF")} in 24 transactions.`,
    );
  });

  test("% and _ are literal", () => {
    const u = tool({ search: "_online" });
    // [107] SHOP_ONLINE, not [108] SHOPXONLINE
    expect(u.summary).toContain(": 1 match.");
    expect(u.summary).toContain(`Money out: ${money(33.33, "CHF")} in 1 transaction`);
    expect(u.summary).toContain("Merchant names: Shop_Online (1).");
    const p = tool({ search: "%" });
    // [109] 50% RABATT
    expect(p.summary).toContain(": 1 match.");
    expect(p.summary).toContain(`Money out: ${money(27, "CHF")} in 1 transaction`);
  });

  test("amount bounds on |amount| (inclusive), direction, category, name variants", () => {
    const m = tool({ search: "migros" });
    // [90] 84.35 [92] 41.25 [93] 63.70 [96] 66.60 [99] 112.45 (Migros) + [100] 30.05 (MIGROS) = 398.40
    expect(m.summary).toContain(`Money out: ${money(398.4, "CHF")} in 6 transactions (average ${money(66.4, "CHF")})`);
    expect(m.summary).toContain("Merchant names: Migros (5), MIGROS (1).");
    // 84.35 + 63.70 + 66.60 + 112.45 = 327.10
    const big = tool({ search: "migros", min_amount: 50 });
    expect(big.summary).toContain(`Money out: ${money(327.1, "CHF")} in 4 transactions`);
    expect(tool({ search: "migros", min_amount: 63.7, max_amount: 84.35 }).summary).toContain(": 3 matches."); // [90] [93] [96]
    // 41.25 + 30.05
    expect(tool({ search: "migros", max_amount: 50 }).summary).toContain(`Money out: ${money(71.3, "CHF")} in 2 transactions`);
    const twIn = tool({ search: "twint", direction: "in" });
    expect(twIn.summary).toContain(`: 1 match.`);
    expect(twIn.summary).toContain(`Money out: none. Money in: ${money(15, "CHF")} in 1 transaction.`);
    // 25 + 40; [121] malformed
    const twOut = tool({ search: "twint", direction: "out" });
    expect(twOut.summary).toContain(`Money out: ${money(65, "CHF")} in 2 transactions (average ${money(32.5, "CHF")}). Money in: none.`);
    expect(twOut.charts[0]!.data.datasets.map((d) => d.name)).toEqual(["Out"]);
    // 96.50 + 150 + 150
    const kr = tool({ search: "krone", category: "dining" });
    expect(kr.summary).toContain(`: 3 matches.`);
    expect(kr.summary).toContain(`Money out: ${money(396.5, "CHF")} in 3 transactions`);
    expect(kr.summary).toContain("in Dining");
  });

  test("currency split: EUR-only search charts EUR; a currency without matches finds nothing", () => {
    const h = tool({ search: "hotel roma" });
    expect(h.charts[0]!.currency).toBe("EUR");
    expect(h.charts[0]!.title).toBe('Transactions matching "hotel roma", all dates: money out and in per month (EUR)');
    expect(h.summary).toContain(`EUR: 2 transactions from 2025-06-10 to 2025-06-20. Money out: ${money(420, "EUR")} in 1 transaction (average ${money(420, "EUR")}). Money in: ${money(60, "EUR")} in 1 transaction.`);
    expect(h.summary).not.toContain("CHF");
    const none = tool({ search: "amazon", currency: "CHF" });
    expect(none.charts).toEqual([]);
    expect(none.summary).toStartWith('No transactions matching "amazon" in CHF in all categories');
    // Shopping rows with "o": CHF Zalando [105] [106], Shop_Online [107], ShopXOnline [108], Outlet [109];
    // USD Amazon [114] 89.99 (out of the CHF chart, named in its title)
    const shop = tool({ search: "o", category: "Shopping" });
    expect(shop.charts[0]!.currency).toBe("CHF");
    expect(shop.charts[0]!.title).toContain(`; ${money(89.99, "USD")} not shown)`);
  });

  test("no match: no chart, and the summary says what was searched", () => {
    const out = tool({ search: "zzz" });
    expect(out.charts).toEqual([]);
    expect(out.summary).toBe(
      'No transactions matching "zzz" in all categories for all dates (2024-01-05 to 2025-12-28). The data covers 2024-01-05 to 2025-12-28. ' +
        "Search matches merchant names and bank descriptions; try a shorter or different text.",
    );
  });

  test("loose: NULL merchants are searched by raw description and shown as (unknown merchant)", () => {
    const out = tool({ search: "oerlikon" }, loose);
    // Fitnesspark [63] [64] 59 × 2 + [203] 23.40 = 141.40
    expect(out.summary).toContain(`Money out: ${money(141.4, "CHF")} in 3 transactions`);
    expect(out.summary).toContain("Merchant names: Fitnesspark (2), (unknown merchant) (1).");
  });

  test("errors: search required and not blank, min > max, ambiguous category, negative amounts, unknown direction", () => {
    expect(schemaRejects(searchTransactions, {})).toBe(true);
    expect(schemaRejects(searchTransactions, { search: "   " })).toBe(true);
    expect(schemaRejects(searchTransactions, { search: "x", min_amount: -1 })).toBe(true);
    expect(schemaRejects(searchTransactions, { search: "x", direction: "both" })).toBe(true);
    expect(inputError(() => tool({ search: "migros", min_amount: 100, max_amount: 10 })).message).toBe("min_amount (100) is larger than max_amount (10).");
    // One category in any letter case (SPEC §1 hygiene): no ambiguity.
    expect(tool({ search: "sbb", category: "TRANSPORT" })).toEqual(tool({ search: "sbb", category: "Transport" }));
  });
});

describe("search_transactions == oracle", () => {
  const topCounts = (xs: { name: string; count: number }[]) => {
    const shown = xs.slice(0, 5).map((x) => `${x.name} (${x.count})`);
    if (xs.length > 5) shown.push(`${xs.length - 5} more`);
    return shown.join(", ");
  };
  const check = (on: BudgetDb, p: string, args: FilterArgs & { search: string }) => {
    const want = oracle(p, { ...args, currency: args.currency?.toUpperCase() });
    const out = tool(args, on);
    if (want.matchCount === 0) {
      expect(out.charts).toEqual([]);
      return expect(out.summary).toStartWith("No ");
    }
    expect(out.summary).toContain(`: ${plural(want.matchCount, "match", "matches")}.`);
    for (const [cur, f] of Object.entries(want.byCurrency)) {
      const n = f.out.count + f.in.count;
      const at = out.summary.indexOf(`${cur}: ${plural(n, "transaction")} from ${f.firstDate} to ${f.lastDate}. `);
      expect(at).toBeGreaterThanOrEqual(0);
      expect(out.summary.slice(at)).toStartWith(
        `${cur}: ${plural(n, "transaction")} from ${f.firstDate} to ${f.lastDate}. ` +
          (f.out.count ? `Money out: ${money(f.out.total, cur)} in ${plural(f.out.count, "transaction")} (average ${money(f.out.average!, cur)}).` : "Money out: none.") +
          " " +
          (f.in.count ? `Money in: ${money(f.in.total, cur)} in ${plural(f.in.count, "transaction")}.` : "Money in: none.") +
          " Merchant names: ",
      );
      // Name variants: count desc; the order of equal counts is the tool's (SPEC is silent), so compare
      // the shown entries as a multiset and the counts in order.
      const seg = out.summary.slice(at).split(" Merchant names: ")[1]!.split(". Categories: ")[0]!;
      const shown = seg.split(", ").filter((x) => !/^\d+ more$/.test(x));
      const oracleShown = f.merchants.slice(0, 5);
      expect(shown.map((x) => Number(/\((\d+)\)$/.exec(x)![1]))).toEqual(oracleShown.map((m) => m.count));
      const lastCount = oracleShown.at(-1)!.count;
      const sure = f.merchants.filter((m) => m.count > lastCount).map((m) => `${m.name} (${m.count})`);
      for (const x of sure) expect(shown).toContain(x);
      for (const x of shown) expect(f.merchants.map((m) => `${m.name} (${m.count})`)).toContain(x);
      if (f.merchants.length > 5) expect(seg).toEndWith(`, ${f.merchants.length - 5} more`);
    }
    const main = want.mainCurrency!;
    const chart = out.charts[0]!;
    expect(chart.currency).toBe(main);
    // The chart's months run from the first to the last month with a match; totals per dataset equal the oracle's.
    expect(chart.data.labels[0]).toBe(want.byCurrency[main]!.firstDate.slice(0, 7));
    expect(chart.data.labels.at(-1)).toBe(want.byCurrency[main]!.lastDate.slice(0, 7));
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect(cents(sum(chart.data.datasets[0]!.values))).toBe(cents(want.byCurrency[main]!.out.total));
    if (want.byCurrency[main]!.in.count) expect(cents(sum(chart.data.datasets[1]!.values))).toBe(cents(want.byCurrency[main]!.in.total));
    else expect(chart.data.datasets).toHaveLength(1);
  };
  const cases: (FilterArgs & { search: string })[] = [
    { search: "zürich" },
    { search: "ZUERICH" },
    { search: "migros", year: 2025 },
    { search: "twint" },
    { search: "a", min_amount: 50, max_amount: 500 },
    { search: "e", direction: "in" },
    { search: "o", category: "Shopping" },
    { search: "r", currency: "eur" },
    { search: "savings", from: "2025-08-01", to: "2025-10-31" },
    { search: "coop" },
    { search: "nothing-here" },
  ];
  test("answers fixture", () => {
    for (const args of cases) check(db, path, args);
  });
  test("loose fixture", () => {
    for (const args of [...cases, { search: "card payment" }, { search: "4471", direction: "out" as const }]) check(loose, loosePath, args);
  });
  test("demo database (7'300 rows, seed 7)", () => {
    for (const args of [{ search: "migros" }, { search: "zürich", year: 2025 }, { search: "sbb", min_amount: 20 }, { search: "savings" }, { search: "coop", direction: "in" as const }, { search: "e", category: "Dining", from: "2024-05-01", to: "2024-09-30" }]) {
      check(demo.db, demo.path, args);
    }
  });
});
