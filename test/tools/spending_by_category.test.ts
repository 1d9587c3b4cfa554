/**
 * spending_by_category on the one fixture (test/fixtures/budget-fixture.ts): hand-computed
 * figures (arithmetic copied from test/spec-oracle.test.ts, row ids in brackets), the number
 * semantics of SPEC §1, input errors, and the tool against the independent oracle
 * (test/support/spec-oracle.ts) on the strict and loose fixtures and the 7'300-row demo database.
 */
import { describe, expect, test } from "bun:test";
import { spendingByCategory } from "../../src/tools/spending_by_category.ts";
import { BudgetDb } from "../../src/ledger/reader.ts";
import { formatPercent, plural } from "../../src/core/format.ts";
import { spendingByCategory as oracle, type CommonArgs } from "../support/spec-oracle.ts";
import { fixtures, cents, demoDb, inputError, money, run, rowsLinkOf, followUpsOf, chartOf, schemaOf, PERIOD_PROPS, schemaProperty } from "./support.ts";

const { db, path, loose, loosePath } = fixtures();
const demo = demoDb();
const tool = (input: unknown, on: BudgetDb = db) => run(spendingByCategory, on, input);

describe("spending_by_category", () => {
  test("all dates: Transfers, Investments and Income are not spending; every currency apart", () => {
    // CHF spending rows (not Income, Transfers, Investments; a refund left in its category reduces it), by hand
    // from the 2024 and 2025 cases below:
    //   Insurance     [55][56] 491.00 + [57–59] 781.20                             = 1'272.20 (5)
    //   Groceries     [90–92] 178.40 + [93–100] 371.40                             =   549.80 (11)
    //   Household     [30–35]                                                      =   500.00 (6)
    //   Dining        [101][102] 246.50 + [103][104][125] 200.80                   =   447.30 (5)
    //   Transport     [70–76]                                                      =   414.75 (7)
    //   Shopping      [65–69][105–109]                                             =   399.83 (10)
    //   Fees          [60][61] 240 + [62] 130                                      =   370.00 (3)
    //   Healthcare    [63][64][124]                                                =   298.00 (3)
    //   Subscriptions [40–51]                                                      =   244.80 (12)
    //   Uncategorised [116] 25 + [117] 40 (money out only, SPEC §1 round 4)      =    65.00 (2)
    //   Other         [118]                                                        =     7.80 (1)
    //   total 1'155.90 (2024) + 3'413.58 (2025) = 4'569.48 over 9 + 56 = 65 rows; malformed [120–123] left out;
    //   TWINT's money in [119] +15.00 is unclassified money in, reported apart.
    //   Not counted: transfers [80–85] −6'000 and [86] +2'500, ETF [87][88] −8'000 and [89] +1'200.50,
    //   salaries [1–24], the salary correction [25] −450 (money out, but Income) and [26] +144.
    // shares: 1'272.20 / 4'569.48 = 27.84 %; 549.80 / 4'569.48 = 12.03 %; 500 / 4'569.48 = 10.94 %;
    //   447.30 → 9.79 %; 414.75 → 9.08 %; 399.83 → 8.750011 % (8.8); 370 → 8.10 %; 298 → 6.52 %; 244.80 → 5.36 %;
    //   65 → 1.42 %; 7.80 → 0.17 %
    // EUR: Travel [110] 420 + [111] 38.40 − [113] 60 = 398.40 (3), Dining [112] 55.20 (1): 453.60;
    //   398.40 / 453.60 = 87.83 %, 55.20 / 453.60 = 12.17 %
    // USD: Shopping Amazon [114] 89.99, Subscriptions Apple [115] 9.99: 99.98; 89.99 / 99.98 = 90.01 %, 9.99 / 99.98 = 9.99 %
    const out = tool({});
    expect(out.charts).toHaveLength(1);
    const chart = out.charts[0]!;
    expect(chart.type).toBe("bar_h");
    expect(chart.title).toBe("Spending by category, all dates (CHF; EUR 453.60, USD 99.98 not shown)");
    expect(chart.data.labels).toEqual([
      "Insurance", "Groceries", "Household", "Dining", "Transport", "Shopping",
      "Fees", "Healthcare", "Subscriptions", "Uncategorised", "Other",
    ]);
    expect(chart.data.datasets).toEqual([
      { name: "Spending", values: [1272.2, 549.8, 500, 447.3, 414.75, 399.83, 370, 298, 244.8, 65, 7.8] },
    ]);
    expect(out.summary).toBe(
      "Spending by category for all dates (2024-01-05 to 2025-12-28). Investments and Transfers are not spending. " +
        "CHF: total CHF 4'569.48 over 65 transactions in 11 categories: Insurance CHF 1'272.20 (27.8%, 5 tx); " +
        "Groceries CHF 549.80 (12.0%, 11 tx); Household CHF 500.00 (10.9%, 6 tx); Dining CHF 447.30 (9.8%, 5 tx); " +
        "Transport CHF 414.75 (9.1%, 7 tx); Shopping CHF 399.83 (8.8%, 10 tx); Fees CHF 370.00 (8.1%, 3 tx); " +
        "Healthcare CHF 298.00 (6.5%, 3 tx); Subscriptions CHF 244.80 (5.4%, 12 tx); Uncategorised CHF 65.00 (1.4%, 2 tx); " +
        "Other CHF 7.80 (0.2%, 1 tx). " +
        "Unclassified money in (Uncategorised rows with money in, counted neither as spending nor as income): CHF 15.00 in 1 transaction. " +
        "EUR: total EUR 453.60 over 4 transactions in 2 categories: Travel EUR 398.40 (87.8%, 3 tx); Dining EUR 55.20 (12.2%, 1 tx). " +
        "USD: total USD 99.98 over 2 transactions in 2 categories: Shopping USD 89.99 (90.0%, 1 tx); Subscriptions USD 9.99 (10.0%, 1 tx).",
    );
    for (const name of ["Income", "Transfers CHF", "Investments CHF"]) expect(out.summary).not.toContain(name);
  });

  test("month filter includes the 1st and the last day of the month only", () => {
    // 2025-03, CHF only: Digitec [67] (03-01) 49.90 + Zalando [105] 120 − refund [106] 40 = Shopping 129.90 (3);
    //   Helsana [57] (03-31) 260.40 Insurance; Putzfee [30][31][32] 80 × 3 = 240 Household; Netflix [42] 18.90;
    //   Bäckerei [95] 8.90 Groceries; SBB [72] 4.40 Transport.
    //   total 260.40 + 240 + 129.90 + 18.90 + 8.90 + 4.40 = 662.50 over 10.
    // Outside: TWINT [116] (02-27), Digitec [68] (04-01); malformed "2025-3-1" [120] and "14.03.2025" [122];
    //   the salary correction [25] (03-28, −450) is Income, not spending.
    // shares of 662.50: 260.40 → 39.31 %; 240 → 36.23 %; 129.90 → 19.61 %; 18.90 → 2.85 %; 8.90 → 1.34 %; 4.40 → 0.66 %
    const out = tool({ year: 2025, month: 3 });
    expect(out.charts[0]!.title).toBe("Spending by category, 2025-03 (CHF)");
    expect(out.charts[0]!.data.labels).toEqual(["Insurance", "Household", "Shopping", "Subscriptions", "Groceries", "Transport"]);
    expect(out.charts[0]!.data.datasets[0]!.values).toEqual([260.4, 240, 129.9, 18.9, 8.9, 4.4]);
    expect(out.summary).toBe(
      "Spending by category for 2025-03. Investments and Transfers are not spending. " +
        "CHF: total CHF 662.50 over 10 transactions in 6 categories: Insurance CHF 260.40 (39.3%, 1 tx); " +
        "Household CHF 240.00 (36.2%, 3 tx); Shopping CHF 129.90 (19.6%, 3 tx); Subscriptions CHF 18.90 (2.9%, 1 tx); " +
        "Groceries CHF 8.90 (1.3%, 1 tx); Transport CHF 4.40 (0.7%, 1 tx).",
    );
  });

  test("month without year is a ToolInputError", () => {
    expect(inputError(() => tool({ month: 3 })).message).toBe('month requires year: pass both, e.g. {"year": 2025, "month": 3}.');
  });

  test("the schema rejects wrong types and unknown keys", () => {
    const s = spendingByCategory.schema();
    expect(s.safeParse({ year: "2025" }).success).toBe(false);
    expect(s.safeParse({ year: 2025.5 }).success).toBe(false);
    expect(s.safeParse({ year: 1800 }).success).toBe(false);
    expect(s.safeParse({ year: 2025, month: 13 }).success).toBe(false);
    expect(s.safeParse({ year: 2025, category: "Dining" }).success).toBe(false);
    expect(s.safeParse({ year: 2025, month: 12 }).success).toBe(true);
  });
});

describe("spending_by_category: hand-computed figures", () => {
  test("2025: CHF chart, refund reduces Shopping, transport is Transport, not-spending and Income left out", () => {
    const out = tool({ year: 2025 });
    // Insurance     [57][58][59] 260.40 × 3                                        = 781.20 (3)
    // Household     [30–35] 80 × 5 + 100                                           = 500.00 (6)
    // Shopping      Digitec [65–69] 49.90 × 5 = 249.50; Zalando 120 − 40 (refund [106]);
    //               Shop_Online 33.33; ShopXOnline 10; Outlet 27
    //               249.50 + 80 + 33.33 + 10 + 27                                  = 399.83 (10)
    // Groceries     [93] 63.70 [94] 12.40 [95] 8.90 [96] 66.60 [97] 24.50 [98] 52.80
    //               [100] 30.05 [99] 112.45                                        = 371.40 (8)
    //               (malformed [120] 2025-3-1 11.11 left out)
    // Transport     SBB [70–74] 12 + 85 + 4.40 + 220 + 15.60 = 337.00, and Mobility stored as
    //               `transport` (one category, SPEC §1) [75] 45.60 + [76] 32.15    = 414.75 (7)
    // Healthcare    Praxis 180 + Fitnesspark 59 × 2                                = 298.00 (3)
    // Subscriptions Netflix 18.90 × 3 + 20.90 × 9 = 56.70 + 188.10                 = 244.80 (12)
    // Dining        Krone [103] 150 + Pizzeria [104] 45.30 + Kiosk [125] 5.50      = 200.80 (3)
    // Fees          ZKB [62]                                                       = 130.00 (1)
    // Uncategorised TWINT [116] 25 + [117] 40 (its money in [119] +15 is apart)    =  65.00 (2)
    // Other         Kiosk [118]                                                    =   7.80 (1)
    // total 781.20 + 500 + 414.75 + 399.83 + 371.40 + 298 + 244.80 + 200.80 + 130 + 65 + 7.80
    //     = 3'413.58 over 56 rows
    // EUR: Travel 420 + 38.40 − 60 (hotel refund [113]) = 398.40 (3); Dining 55.20 (1); total 453.60
    // USD: Apple [115] 9.99
    expect(out.charts).toHaveLength(1);
    const chart = out.charts[0]!;
    expect(chart.type).toBe("bar_h");
    expect(chart.title).toBe(`Spending by category, 2025 (CHF; ${money(453.6, "EUR")}, ${money(9.99, "USD")} not shown)`);
    expect(chart.title).toBe("Spending by category, 2025 (CHF; EUR 453.60, USD 9.99 not shown)");
    expect(chart.data.labels).toEqual([
      "Insurance", "Household", "Transport", "Shopping", "Groceries", "Healthcare",
      "Subscriptions", "Dining", "Fees", "Uncategorised", "Other",
    ]);
    expect(chart.data.datasets).toEqual([
      { name: "Spending", values: [781.2, 500, 414.75, 399.83, 371.4, 298, 244.8, 200.8, 130, 65, 7.8] },
    ]);
    const s = out.summary;
    expect(s).toContain(`CHF: total ${money(3413.58, "CHF")} over 56 transactions in 11 categories`);
    // shares: 781.20 / 3'413.58 = 22.89 %; 399.83 / 3'413.58 = 11.71 %; 7.80 / 3'413.58 = 0.23 %
    expect(s).toContain(`Insurance ${money(781.2, "CHF")} (22.9%, 3 tx)`);
    expect(s).toContain(`Shopping ${money(399.83, "CHF")} (11.7%, 10 tx)`);
    // 414.75 / 3'413.58 = 12.15 %
    expect(s).toContain(`Transport ${money(414.75, "CHF")} (12.2%, 7 tx)`);
    expect(s).not.toContain("transport");
    // 65 / 3'413.58 = 1.90 %; the +15.00 of [119] reported apart, never a negative share
    expect(s).toContain(`Uncategorised ${money(65, "CHF")} (1.9%, 2 tx)`);
    expect(s).toContain(`Unclassified money in (Uncategorised rows with money in, counted neither as spending nor as income): ${money(15, "CHF")} in 1 transaction.`);
    expect(s).toContain(`Other ${money(7.8, "CHF")} (0.2%, 1 tx)`);
    expect(s).toContain(`EUR: total ${money(453.6, "EUR")} over 4 transactions in 2 categories: Travel ${money(398.4, "EUR")} (87.8%, 3 tx); Dining ${money(55.2, "EUR")} (12.2%, 1 tx).`);
    expect(s).toContain(`USD: total ${money(9.99, "USD")} over 1 transaction in 1 category: Subscriptions ${money(9.99, "USD")} (100.0%, 1 tx).`);
    // Main currency first, then by rows.
    expect(s.indexOf("CHF:")).toBeLessThan(s.indexOf("EUR:"));
    expect(s.indexOf("EUR:")).toBeLessThan(s.indexOf("USD:"));
    // Not spending, not income: never a category line.
    for (const name of ["Income", "Transfers", "Investments"]) expect(s).not.toContain(`${name} CHF`);
    expect(s).toContain("Investments and Transfers are not spending.");
  });

  test("2024 CHF: malformed 2024-02-30 [123] left out, the ETF buy [87] is not spending", () => {
    const out = tool({ year: 2024, currency: "CHF" });
    // Groceries [90] 84.35 + [91] 52.80 + [92] 41.25 (date "2024-08-31 23:59") = 178.40
    // Dining    [101] 96.50 + [102] 150                                        = 246.50
    // Insurance [55] 245.50 + [56] 245.50                                      = 491.00
    // Fees      [60] 120 + [61] 120                                            = 240.00
    // total 1'155.90; ETF buy [87] 3'000 is not spending
    expect(out.charts[0]!.title).toBe("Spending by category, 2024 (CHF)");
    expect(out.charts[0]!.data).toEqual({
      labels: ["Insurance", "Dining", "Fees", "Groceries"],
      datasets: [{ name: "Spending", values: [491, 246.5, 240, 178.4] }],
    });
    expect(out.summary).toStartWith(`Spending by category for 2024. Investments and Transfers are not spending. CHF: total ${money(1155.9, "CHF")} over 9 transactions in 4 categories`);
    expect(out.summary).toContain(`Dining ${money(246.5, "CHF")} (21.3%, 2 tx)`);
    expect(out.summary).not.toContain("USD");
    expect(out.summary).not.toContain("3'000");
    expect(out.summary).not.toContain("44.44");
  });

  test("June 2025: more EUR rows than CHF rows → the chart shows EUR; [96] with a time part counts", () => {
    const out = tool({ year: 2025, month: 6 });
    // CHF spending rows: Netflix [45] 20.90, Migros [96] 66.60 (2025-06-15T08:30:00) = 87.50 (2)
    // EUR spending rows: [110] [111] [112] [113] = 4
    expect(out.charts[0]!.title).toBe(`Spending by category, 2025-06 (EUR; ${money(87.5, "CHF")} not shown)`);
    expect(out.charts[0]!.data).toEqual({ labels: ["Travel", "Dining"], datasets: [{ name: "Spending", values: [398.4, 55.2] }] });
    expect(out.summary).toContain(`CHF: total ${money(87.5, "CHF")} over 2 transactions`);
    expect(out.summary.indexOf("EUR:")).toBeLessThan(out.summary.indexOf("CHF:"));
  });

  test("inclusive to= with a time part: to 2025-06-15 includes [96]", () => {
    // [45] 20.90 (06-12) + [96] 66.60 (06-15T08:30)
    const out = tool({ from: "2025-06-01", to: "2025-06-15", currency: "CHF" });
    expect(out.summary).toContain(`CHF: total ${money(87.5, "CHF")} over 2 transactions`);
    expect(out.summary).toContain("from 2025-06-01 to 2025-06-15");
  });

  test("currency argument: one currency, any letter case", () => {
    for (const c of ["EUR", "eur", "Eur"]) {
      const out = tool({ year: 2025, currency: c });
      expect(out.charts[0]!.title).toBe("Spending by category, 2025 (EUR)");
      expect(out.charts[0]!.data.datasets[0]!.values).toEqual([398.4, 55.2]);
      expect(out.summary).not.toContain("CHF");
    }
    expect(inputError(() => tool({ currency: "GBP" })).message).toBe('Unknown currency "GBP". Currencies in the data: CHF, EUR, USD.');
  });

  test("loose: NULL category is Uncategorised; NULL merchant rows still count", () => {
    const out = tool({ year: 2025, currency: "CHF" }, loose);
    // Uncategorised 65.00 + [201] 23.40 + [202] 23.40 = 111.80 (4); money in [119] 15 + [204] 5 (NULL category) apart: 20.00 (2)
    // Groceries 371.40 + [203] 23.40 + [205] 18.35 = 413.15 (10)
    // total 3'413.58 + 46.80 + 23.40 + 18.35 = 3'502.13 (56 + 4 = 60 rows); share 111.80 / 3'502.13 = 3.19 %
    expect(out.summary).toContain(`CHF: total ${money(3502.13, "CHF")} over 60 transactions`);
    expect(out.summary).toContain(`Uncategorised ${money(111.8, "CHF")} (3.2%, 4 tx)`);
    expect(out.summary).toContain(`${money(20, "CHF")} in 2 transactions.`);
    expect(out.summary).toContain(`Groceries ${money(413.15, "CHF")}`);
    expect(out.charts[0]!.data.labels.slice(0, 4)).toEqual(["Insurance", "Household", "Transport", "Groceries"]);
    expect(out.charts[0]!.data.datasets[0]!.values.slice(0, 4)).toEqual([781.2, 500, 414.75, 413.15]);
  });

  test("not-spending configured as Transfers only: the ETF buy becomes spending", () => {
    const custom = BudgetDb.open(path, { notSpending: ["Transfers"] });
    try {
      const out = tool({ year: 2024, currency: "CHF" }, custom);
      // 1'155.90 + Investments 3'000 ([87])
      expect(out.summary).toContain(`total ${money(4155.9, "CHF")}`);
      expect(out.charts[0]!.data.labels[0]).toBe("Investments");
      expect(out.summary).toContain("Transfers is not spending.");
    } finally {
      custom.close();
    }
  });

  test("a period without spending says so and names the coverage", () => {
    const out = tool({ year: 2023 });
    expect(out.charts).toEqual([]);
    expect(out.summary).toBe("No spending found for 2023. The data covers 2024-01-05 to 2025-12-28.");
  });
});

describe("spending_by_category == oracle", () => {
  const cases: CommonArgs[] = [
    {},
    { year: 2025 },
    { year: 2024 },
    { year: 2025, month: 6 },
    { year: 2025, month: 3, currency: "CHF" },
    { from: "2024-12-01", to: "2025-04-30" },
    { from: "2025-06-15" },
    { to: "2024-12-31", currency: "usd" },
  ];
  const check = (on: BudgetDb, p: string, args: CommonArgs) => {
    const want = oracle(p, { ...args, currency: args.currency?.toUpperCase() });
    const out = tool(args, on);
    const curs = Object.keys(want.byCurrency);
    if (curs.length === 0) return expect(out.charts).toEqual([]);
    const main = want.mainCurrency!;
    const chart = out.charts[0]!;
    expect(chart.currency).toBe(main);
    expect(chart.data.labels).toEqual(want.byCurrency[main]!.categories.map((c) => c.name));
    expect(chart.data.datasets[0]!.values).toEqual(want.byCurrency[main]!.categories.map((c) => cents(c.total)));
    for (const cur of curs) {
      const f = want.byCurrency[cur]!;
      expect(out.summary).toContain(
        `${cur}: total ${money(f.total, cur)} over ${plural(f.count, "transaction")} in ${plural(f.categories.length, "category", "categories")}: ` +
          f.categories.map((c) => `${c.name} ${money(c.total, cur)} (${formatPercent(c.total, f.total)}, ${plural(c.count, "tx", "tx")})`).join("; ") +
          ".",
      );
    }
  };
  test("strict fixture", () => {
    for (const args of cases) check(db, path, args);
  });
  test("loose fixture", () => {
    for (const args of cases) check(loose, loosePath, args);
  });
  test("demo database (7'300 rows, seed 7)", () => {
    for (const args of [{}, { year: 2024 }, { year: 2025, month: 3 }, { from: "2024-06-15", to: "2025-02-10" }, { currency: "chf" }]) {
      check(demo.db, demo.path, args);
    }
  });
});

describe("spending_by_category's affordances", () => {
  test("no see-these-transactions link (the page shows one category at a time); the largest category's merchants and trend as follow-ups", () => {
    expect(rowsLinkOf(spendingByCategory, { year: 2024 })).toBeNull();
    // Largest by absolute value: Housing (-1'800) over Groceries (-600).
    const chart = chartOf({ Groceries: -600, Housing: -1800 });
    expect(followUpsOf(spendingByCategory, chart, { year: 2024 })).toEqual([
      "Which merchants do I spend most at for Housing in 2024?",
      "How did my Housing spending develop month by month in 2024?",
    ]);
    expect(followUpsOf(spendingByCategory, chart, {}, ["spending_by_category", "monthly_trend"])).toEqual(["Which merchants do I spend most at for Housing?"]);
    // A name too long for a question (over 40 characters) is not offered.
    expect(followUpsOf(spendingByCategory, chartOf({ ["x".repeat(41)]: -5 }), {})).toEqual([]);
  });
});

describe("spending_by_category's schema", () => {
  test("the JSON schema sent to the model: its properties; the description says the UI shows the result", () => {
    expect(schemaOf(spendingByCategory)).toEqual({ names: [...PERIOD_PROPS], required: undefined });
    expect(schemaProperty(spendingByCategory, "year")).toMatchObject({ type: "integer", minimum: 1900, maximum: 2200 });
    // The model must know the UI draws the charts and tables (so it never draws text charts).
    expect(spendingByCategory.description).toMatch(/The UI (draws|shows)/);
  });
});
