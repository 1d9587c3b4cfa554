/**
 * search_transactions on the fixture (test/fixtures/budget-fixture.ts): hand-computed figures
 * (arithmetic from test/spec-oracle.test.ts, row ids in brackets), Unicode folding, literal %
 * and _, both signs and every category, amount/direction filters, and the tool against the
 * independent oracle on the strict and loose fixtures and the demo database.
 */
import { describe, expect, test } from "bun:test";
import { listTransactions } from "../../src/tools/list_transactions.ts";
import { searchTransactions } from "../../src/tools/search_transactions.ts";
import { ToolInputError } from "../../src/core/errors.ts";
import { createFixture, fixtureRow } from "../fixtures/budget-fixture.ts";
import type { BudgetDb } from "../../src/ledger/reader.ts";
import { plural } from "../../src/core/format.ts";
import { search as oracle, type FilterArgs } from "../support/spec-oracle.ts";
import { fixtures, cents, demoDb, inputError, MONTHS_ALL, money, run, schemaRejects, rowsLinkOf, followUpsOf, chartOf, schemaOf, PERIOD_PROPS } from "./support.ts";

const { db, path, loose, loosePath } = fixtures();
const demo = demoDb();
const tool = (input: unknown, on: BudgetDb = db) => run(searchTransactions, on, input);

describe("search_transactions", () => {
  test("merchant or description, case-insensitive; variants and monthly Out chart", () => {
    // "mIgRoS" matches [90] 84.35 (2024-02-03), [92] 41.25 (2024-08-31 23:59), [93] 63.70, [96] 66.60
    // (2025-06-15T08:30:00), [99] 112.45 (2025-12-28) (merchant Migros) and [100] 30.05 (merchant "MIGROS");
    // malformed [120] "2025-3-1" left out. Out 84.35 + 41.25 + 63.70 + 66.60 + 112.45 + 30.05 = 398.40 over 6,
    // average 66.40; nothing in; 2024-02-03 … 2025-12-28
    const out = tool({ search: "mIgRoS" });
    expect(out.summary).toContain('Transactions matching "mIgRoS" in all categories');
    expect(out.summary).toContain("CHF: 6 transactions from 2024-02-03 to 2025-12-28.");
    expect(out.summary).toContain(": 6 matches.");
    expect(out.summary).toContain("Money out: CHF 398.40 in 6 transactions (average CHF 66.40)");
    expect(out.summary).toContain("Money in: none.");
    expect(out.summary).toContain("Merchant names: Migros (5), MIGROS (1).");
    expect(out.summary).toContain("Categories: Groceries (6).");
    expect(out.charts).toHaveLength(1);
    const chart = out.charts[0];
    expect(chart!.type).toBe("bar");
    // months from the first to the last match (2024-02 … 2025-12 = 11 + 12 = 23), gaps as zero:
    // 2024-02 [90], 2024-08 [92], 2025-01 [93], 2025-06 [96], 2025-10 [100], 2025-12 [99]
    expect(chart!.data.labels).toHaveLength(23);
    expect(chart!.data.labels[0]).toBe("2024-02");
    expect(chart!.data.labels[22]).toBe("2025-12");
    expect(chart!.data.datasets).toEqual([
      { name: "Out", values: [84.35, 0, 0, 0, 0, 0, 41.25, 0, 0, 0, 0, 63.7, 0, 0, 0, 0, 66.6, 0, 0, 0, 30.05, 0, 112.45] },
    ]);
    // rows of one month add up: Putzfee Anna 2025-03 [30–32] 80 × 3 = 240, 2025-04 [33] 100 + [34–35] 80 × 2 = 260
    expect(tool({ search: "putzfee" }).charts[0]!.data).toEqual({ labels: ["2025-03", "2025-04"], datasets: [{ name: "Out", values: [240, 260] }] });
  });

  test("finds the salary: money in only", () => {
    // "acme" in 2024: [1–12] 6'200 × 12 = 74'400 in 12, no money out (the correction [25] is 2025)
    const out = tool({ search: "acme", year: 2024 });
    expect(out.summary).toContain("CHF: 12 transactions from 2024-01-25 to 2024-12-25.");
    expect(out.summary).toContain("Money out: none.");
    expect(out.summary).toContain("Money in: CHF 74'400.00 in 12 transactions.");
    expect(out.charts[0]!.data.datasets).toEqual([
      { name: "Out", values: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] },
      { name: "In", values: [6200, 6200, 6200, 6200, 6200, 6200, 6200, 6200, 6200, 6200, 6200, 6200] },
    ]);
  });

  test("% and _ are literal characters", () => {
    // "0%" → only [109] "50% RABATT OUTLET" 27.00 (as a wildcard it would also match the TWINT descriptions
    // [116] "…0791234567" and [117] "…0797654321")
    const p = tool({ search: "0%" });
    expect(p.summary).toContain(": 1 match.");
    expect(p.summary).toContain("Money out: CHF 27.00 in 1 transaction (average CHF 27.00)");
    // "_" → only [107] SHOP_ONLINE (as a wildcard it would match every row, [108] SHOPXONLINE the same day too)
    const u = tool({ search: "_" });
    expect(u.summary).toContain("CHF: 1 transaction from 2025-04-05 to 2025-04-05.");
    expect(u.summary).toContain("Merchant names: Shop_Online (1).");
    // a backslash is literal too, and matches nothing here
    expect(tool({ search: "\\" }).charts).toEqual([]);
  });

  test("category and period narrow the search", () => {
    // "krone" in Dining 2024: [101] 96.50 + [102] 150 = 246.50 in 2, average 123.25 ([103] is 2025)
    const out = tool({ search: "krone", category: "dining", year: 2024 });
    expect(out.summary).toContain('matching "krone" in Dining for 2024');
    expect(out.summary).toContain("Money out: CHF 246.50 in 2 transactions (average CHF 123.25)");
    // "kiosk" in Dining: [125] 5.50 only, not [118] in Other
    const kiosk = tool({ search: "kiosk", category: "dining" });
    expect(kiosk.summary).toContain(": 1 match.");
    expect(kiosk.summary).toContain("Money out: CHF 5.50 in 1 transaction");
    // "migros" 2025-01: [93] 63.70 only
    const jan = tool({ search: "migros", year: 2025, month: 1 });
    expect(jan.summary).toContain("Money out: CHF 63.70 in 1 transaction");
    expect(jan.charts[0]!.data).toEqual({ labels: ["2025-01"], datasets: [{ name: "Out", values: [63.7] }] });
  });

  test("no match: clear summary and no chart", () => {
    const out = tool({ search: "zzz", year: 2025 });
    expect(out.summary).toStartWith('No transactions matching "zzz" in all categories for 2025.');
    expect(out.charts).toEqual([]);
  });

  test("the match count equals what list_transactions lists before its limit", () => {
    // migros: 6 (see above); savings: [80–86] 7; "%": [109] 1; "e" in 2025: the 85 well-formed 2025 rows
    // ([13–26] 14, [30–35] 6, [40–51] 12, [57–59] 3, [62–76] 15, [80–86] 7, [88–89] 2, [93–100] 8, [103–113] 11,
    // [115–119] 5, [124–125] 2) less the 12 without an "e" in merchant or description (SBB [70–74],
    // Mobility [75–76], Trattoria da Luigi [112], TWINT [116] [117], Kiosk [118] [125]) = 73
    const cases: [Record<string, unknown>, number][] = [
      [{ search: "migros" }, 6],
      [{ search: "savings" }, 7],
      [{ search: "e", year: 2025 }, 73],
      [{ search: "%" }, 1],
    ];
    for (const [input, want] of cases) {
      const n = Number(/: (\d+) match(es)?\./.exec(tool(input).summary)?.[1]);
      expect(n).toBe(want);
      expect(run(listTransactions, db, { ...input, limit: 500 }).tables![0]!.rows.length).toBe(want);
    }
  });

  test("input errors", () => {
    expect(() => tool({ search: "x", month: 3 })).toThrow("month requires year");
    expect(() => tool({ search: "x", category: "Food" })).toThrow(ToolInputError);
    const s = searchTransactions.schema();
    expect(s.safeParse({}).success).toBe(false);
    expect(s.safeParse({ search: "" }).success).toBe(false);
    expect(s.safeParse({ search: "   " }).success).toBe(false);
    expect(s.safeParse({ search: "x".repeat(201) }).success).toBe(false);
    expect(s.safeParse({ search: 5 }).success).toBe(false);
    expect(s.safeParse({ search: "x", limit: 5 }).success).toBe(false);
    expect(s.parse({ search: "  coop " }).search).toBe("coop");
  });

  test("letters fold as a Swiss user types them (SPEC §1, round 4): ü = ue = u, case, and * ? are literal", () => {
    const swiss = createFixture({
      rows: [
        fixtureRow(1, "2025-01-02", "BÄCKEREI JUNG ZÜRICH", -6.5, "Bäckerei Jung", "Groceries"),
        fixtureRow(2, "2025-01-03", "ZURICH INSURANCE", -100, "Zurich", "Other"),
        fixtureRow(3, "2025-01-04", "zürich* kiosk", -3, "Kiosk", "Groceries"),
      ],
    });
    try {
      // "Zürich" → [1] (ZÜRICH), [2] (ZURICH: u = ü) and [3] (zürich): 6.50 + 100 + 3 = 109.50 in 3; "Zuerich" the same
      for (const q of ["Zürich", "Zuerich", "zurich"]) expect(tool({ search: q }, swiss.db).summary).toContain("Money out: CHF 109.50 in 3 transactions");
      expect(tool({ search: "bäckerei" }, swiss.db).summary).toContain("Money out: CHF 6.50 in 1 transaction");
      // * and ? are literal in the GLOB form too: "zürich*" → [3] only
      expect(tool({ search: "ZÜRICH*" }, swiss.db).summary).toContain("Money out: CHF 3.00 in 1 transaction");
      expect(tool({ search: "zür?ch" }, swiss.db).charts).toEqual([]);
    } finally {
      swiss.cleanup();
    }
  });

  test("loose fixture: NULL merchant and NULL category match by description", () => {
    // [201] 2025-09-12 and [202] 2025-10-12 "CARD PAYMENT 4471", NULL merchant and category, 23.40 each:
    // 46.80 in 2, average 23.40
    const out = tool({ search: "card payment" }, loose);
    expect(out.summary).toContain("CHF: 2 transactions from 2025-09-12 to 2025-10-12.");
    expect(out.summary).toContain("Money out: CHF 46.80 in 2 transactions (average CHF 23.40)");
    expect(out.summary).toContain("Merchant names: (unknown merchant) (2).");
    expect(out.summary).toContain("Categories: Uncategorised (2).");
  });
});

describe("search_transactions: hand-computed figures", () => {
  test("Unicode: 'ZÜRICH', 'zürich', NFD and 'Zuerich' find the same rows: the Zürich merchant, the NFD description [97] and every ZUERICH description (SPEC §1, round 4)", () => {
    for (const q of ["ZÜRICH", "zürich", "zu\u0308rich", "Zuerich", "ZURICH"]) {
      const out = tool({ search: q });
      // [90] 84.35 | [92] 41.25 | [93] 63.70 | [96] 66.60 | [99] 112.45 (MIGROS ZUERICH HB) | [94] 12.40 | [95] 8.90 (Bäckerei Zürich)
      // | [97] raw SPRÜNGLI ZÜRICH (NFD) 24.50 → 414.15 in 8, average 51.77; the malformed [120] is left out
      expect(out.summary).toContain(": 8 matches.");
      expect(out.summary).toContain(
        `CHF: 8 transactions from 2024-02-03 to 2025-12-28. Money out: ${money(414.15, "CHF")} in 8 transactions (average ${money(51.77, "CHF")}). Money in: none.`,
      );
      expect(out.summary).toContain("Merchant names: Migros (5), Bäckerei Zürich (2), Sprüngli (1). Categories: Groceries (8).");
      const values = Object.fromEntries([["2024-02", 84.35], ["2024-08", 41.25], ["2025-01", 63.7], ["2025-02", 12.4], ["2025-03", 8.9], ["2025-06", 66.6], ["2025-07", 24.5], ["2025-12", 112.45]]);
      const labels = [...MONTHS_ALL.slice(1)];
      expect(out.charts[0]!.data).toEqual({ labels, datasets: [{ name: "Out", values: labels.map((m) => values[m] ?? 0) }] });
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
  test("strict fixture", () => {
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

describe("search_transactions' affordances", () => {
  test("see these transactions: the search text, its filters and period as the page's query; a follow-up lists them", () => {
    // From 2025-01-01 with no end; the currency upper-cased as the page spells it.
    expect(rowsLinkOf(searchTransactions, { search: "sbb", from: "2025-01-01", currency: "chf" })).toBe("/transactions?q=sbb&currency=CHF&from=2025-01-01");
    // A year and month become that month's first and last day; amounts and direction carry over.
    expect(rowsLinkOf(searchTransactions, { search: "coop", year: 2024, month: 2, max_amount: 50, direction: "in" })).toBe("/transactions?q=coop&from=2024-02-01&to=2024-02-29&max=50&direction=in");
    const chart = chartOf({ "2025-01": -30 });
    expect(followUpsOf(searchTransactions, chart, { search: "sbb" })).toEqual(["List these transactions"]);
    // Not when the answer listed them already, nor for a search that drew no chart (nothing found).
    expect(followUpsOf(searchTransactions, chart, { search: "sbb" }, ["search_transactions", "list_transactions"])).toEqual([]);
    expect(followUpsOf(searchTransactions, null, { search: "sbb" })).toEqual([]);
  });
});

describe("search_transactions's schema", () => {
  test("the JSON schema sent to the model: its properties, what is required; the description says the UI shows the result", () => {
    expect(schemaOf(searchTransactions)).toEqual({ names: ["search", "category", "min_amount", "max_amount", "direction", ...PERIOD_PROPS], required: ["search"] });
    // The model must know the UI draws the charts and tables (so it never draws text charts).
    expect(searchTransactions.description).toMatch(/The UI (draws|shows)/);
  });
});
