/**
 * compare_periods on the fixture: hand-computed figures (arithmetic from
 * test/spec-oracle.test.ts), period labels, % change null → "new", sorting by |change|,
 * argument errors, and the tool against the independent oracle on the strict and loose
 * fixtures and the demo database.
 */
import { describe, expect, test } from "bun:test";
import type { BudgetDb } from "../../src/ledger/reader.ts";
import { formatPercent } from "../../src/core/format.ts";
import { comparePeriods } from "../../src/tools/compare_periods.ts";
import { comparePeriods as oracle, type ComparePeriodArg } from "../support/spec-oracle.ts";
import { fixtures, cents, demoDb, inputError, money, run, schemaRejects, extended, schemaOf } from "./support.ts";

const { db, path, loose, loosePath } = fixtures();
const demo = demoDb();
const tool = (input: unknown, on: BudgetDb = db) => run(comparePeriods, on, input);
const signed = (x: number, c: string) => `${x > 0 ? "+" : ""}${money(x, c)}`;
/**
 * The % change as the issue asks it written (round 4): a percentage from a positive base, "new" from nothing,
 * "no change", and in words when either side is negative (a net refund; for Income a net repayment).
 */
const pct = (a: number, b: number, c: string, name = "") => {
  if (cents(a) === cents(b)) return "no change";
  if (a > 0 && b >= 0) return `${b > a ? "+" : ""}${formatPercent(b - a, a)}`;
  if (cents(a) === 0 && b > 0) return "new";
  const [pos, neg] = name === "Income" ? ["income", "a net repayment"] : ["spending", "a net refund"];
  const words = (x: number) => (cents(x) === 0 ? "nothing" : x > 0 ? `${pos} of ${money(x, c)}` : `${neg} of ${money(-x, c)}`);
  return `from ${words(a)} to ${words(b)}`;
};

describe("compare_periods: hand-computed figures", () => {
  test("2024 vs 2025: per category and currency, sorted by |change|, % change null → new", () => {
    const out = tool({ a: { year: 2024 }, b: { year: 2025 } });
    const chart = out.charts[0]!;
    expect(chart.type).toBe("grouped_bar");
    expect(chart.currency).toBe("CHF");
    expect(chart.title).toStartWith("Spending: 2024 vs 2025 (CHF; EUR ");
    expect(chart.title).toContain("USD ");
    // Household 0 → 500 | Transport 0 → 337 + 77.75 (`transport`) = 414.75 | Shopping 0 → 399.83 | Healthcare 0 → 298
    // Insurance 491 → 781.20 (+290.20) | Subscriptions 0 → 244.80 | Groceries 178.40 → 371.40 (+193)
    // Fees 240 → 130 (−110) | Uncategorised 0 → 25 + 40 = 65 (TWINT's money in [119] apart) | Dining 246.50 → 200.80 (−45.70) | Other 0 → 7.80
    expect(chart.data).toEqual({
      labels: ["Household", "Transport", "Shopping", "Healthcare", "Insurance", "Subscriptions", "Groceries", "Fees", "Uncategorised", "Dining", "Other"],
      datasets: [
        { name: "2024", values: [0, 0, 0, 0, 491, 0, 178.4, 240, 0, 246.5, 0] },
        { name: "2025", values: [500, 414.75, 399.83, 298, 781.2, 244.8, 371.4, 130, 65, 200.8, 7.8] },
      ],
    });
    const s = out.summary;
    // The data ends 2025-12-28: 2025 is covered only up to then, and the summary says so (SPEC §1 "Time").
    expect(s).toStartWith("Spending: 2024 (a) vs 2025 (b). 2025 covers 2025-01-01 to 2025-12-28 only (the data ends 2025-12-28).");
    // Covered lengths 12 and 11.9 months (to 12-28) differ by less than 5%: compared in totals, not per month.
    // total spending 1'155.90 → 3'413.58: +2'257.68 = +195.32 %; income 74'400 → 77'694
    expect(s).toContain(
      `CHF: total spending ${money(1155.9, "CHF")} → ${money(3413.58, "CHF")} (+${money(2257.68, "CHF")}, +195.3%); income ${money(74400, "CHF")} → ${money(77694, "CHF")}. ` +
        `Unclassified money in (Uncategorised rows, neither spending nor income): ${money(0, "CHF")} (0 transactions) → ${money(15, "CHF")} (1 transaction).`,
    );
    expect(s).not.toContain("per month");
    expect(s).toContain(`Household ${money(0, "CHF")} → ${money(500, "CHF")} (+${money(500, "CHF")}, new)`);
    // 290.20 / 491 = 59.10 %; 193 / 178.40 = 108.18 %; −110 / 240 = −45.83 %; −45.70 / 246.50 = −18.54 %
    expect(s).toContain(`Insurance ${money(491, "CHF")} → ${money(781.2, "CHF")} (+${money(290.2, "CHF")}, +59.1%)`);
    expect(s).toContain(`Groceries ${money(178.4, "CHF")} → ${money(371.4, "CHF")} (+${money(193, "CHF")}, +108.2%)`);
    expect(s).toContain(`Fees ${money(240, "CHF")} → ${money(130, "CHF")} (${money(-110, "CHF")}, -45.8%)`);
    expect(s).toContain(`Dining ${money(246.5, "CHF")} → ${money(200.8, "CHF")} (${money(-45.7, "CHF")}, -18.5%)`);
    // USD: Shopping 89.99 → 0 (−100 %), Subscriptions 0 → 9.99 (new)
    expect(s).toContain(`Shopping ${money(89.99, "USD")} → ${money(0, "USD")} (${money(-89.99, "USD")}, -100.0%); Subscriptions ${money(0, "USD")} → ${money(9.99, "USD")} (+${money(9.99, "USD")}, new)`);
    // EUR: Travel 0 → 398.40, Dining 0 → 55.20
    expect(s).toContain(`Travel ${money(0, "EUR")} → ${money(398.4, "EUR")} (+${money(398.4, "EUR")}, new); Dining ${money(0, "EUR")} → ${money(55.2, "EUR")} (+${money(55.2, "EUR")}, new)`);
  });

  test("March vs April 2025 CHF: labels, change and % change, totals and income", () => {
    const out = tool({ a: { year: 2025, month: 3 }, b: { year: 2025, month: 4 }, currency: "chf" });
    // Mar: Groceries 8.90 | Subscriptions 18.90 | Shopping 49.90 + 120 − 40 = 129.90 | Transport 4.40
    //      Household 240 | Insurance 260.40                                     = 662.50
    // Apr: Subscriptions 20.90 | Shopping 49.90 + 33.33 + 10 + 27 = 120.23 | Transport 220
    //      Household 260 | Healthcare 180                                        = 801.13
    expect(out.charts[0]!.title).toBe("Spending: 2025-03 vs 2025-04 (CHF)");
    expect(out.charts[0]!.data).toEqual({
      labels: ["Insurance", "Transport", "Healthcare", "Household", "Shopping", "Groceries", "Subscriptions"],
      datasets: [
        { name: "2025-03", values: [260.4, 4.4, 0, 240, 129.9, 8.9, 18.9] },
        { name: "2025-04", values: [0, 220, 180, 260, 120.23, 0, 20.9] },
      ],
    });
    // income 6'500 − 450 = 6'050 → 6'500; spending +138.63 = +20.9 %
    expect(out.summary).toContain(
      `CHF: total spending ${money(662.5, "CHF")} → ${money(801.13, "CHF")} (+${money(138.63, "CHF")}, +20.9%); income ${money(6050, "CHF")} → ${money(6500, "CHF")}.`,
    );
    // 215.60 / 4.40 = 4'900 %; −9.67 / 129.90 = −7.44 %
    expect(out.summary).toContain(`Transport ${money(4.4, "CHF")} → ${money(220, "CHF")} (+${money(215.6, "CHF")}, +4900.0%)`);
    expect(out.summary).toContain(`Shopping ${money(129.9, "CHF")} → ${money(120.23, "CHF")} (${money(-9.67, "CHF")}, -7.4%)`);
    expect(out.summary).toContain(`Insurance ${money(260.4, "CHF")} → ${money(0, "CHF")} (${money(-260.4, "CHF")}, -100.0%)`);
    expect(out.summary).not.toContain("EUR");
  });

  test("from/to periods with a category: labels 'from…to', only that category", () => {
    const out = tool({ a: { from: "2025-01-01", to: "2025-03-31" }, b: { from: "2025-04-01", to: "2025-06-30" }, category: "shopping" });
    // Q1: Digitec 49.90 × 3 + 120 − 40 = 229.70; Q2: Digitec 49.90 × 2 + 33.33 + 10 + 27 = 170.13; −59.57 = −25.93 %
    expect(out.charts[0]!.data).toEqual({
      labels: ["Shopping"],
      datasets: [
        { name: "2025-01-01…2025-03-31", values: [229.7] },
        { name: "2025-04-01…2025-06-30", values: [170.13] },
      ],
    });
    expect(out.summary).toStartWith("Spending on Shopping: 2025-01-01…2025-03-31 (a) vs 2025-04-01…2025-06-30 (b).");
    // The category's figures first, then all spending, labelled (Q1 1'148.20 → Q2 1'028.43 by the oracle below).
    expect(out.summary).toContain(
      `CHF: Shopping ${money(229.7, "CHF")} → ${money(170.13, "CHF")} (${money(-59.57, "CHF")}, -25.9%). All spending, for reference: total spending`,
    );
  });

  test("June 2025 vs June 2024: labels '2025-06' and '2024-06'", () => {
    const out = tool({ a: { year: 2025, month: 6 }, b: { year: 2024, month: 6 } });
    // The chart shows the currency with most rows of what it compares: June 2025 has 4 EUR spending rows
    // (Travel [110] [111] [113 refund], Dining [112]) against 2 in CHF (Groceries [96] 66.60, Subscriptions [45] 20.90);
    // June 2024 has no spending (ETF buy [87] is not spending). EUR by change: Travel 398.40, Dining 55.20.
    expect(out.charts[0]!.currency).toBe("EUR");
    expect(out.charts[0]!.data.datasets.map((d) => d.name)).toEqual(["2025-06", "2024-06"]);
    expect(out.charts[0]!.data.labels).toEqual(["Travel", "Dining"]);
    expect(out.summary).toContain(`Groceries ${money(66.6, "CHF")} → ${money(0, "CHF")}`);
    expect(out.summary).toContain(`income ${money(6500, "CHF")} → ${money(6200, "CHF")}`);
    expect(out.summary).toContain(`Travel ${money(398.4, "EUR")} → ${money(0, "EUR")} (${money(-398.4, "EUR")}, -100.0%)`);
  });

  test("subject category Income: money in compared; the salary correction counts", () => {
    const out = tool({ a: { year: 2024 }, b: { year: 2025 }, category: "income" });
    // 74'400 → 6'500 × 12 − 450 + 144 = 77'694: +3'294 = +4.43 %
    expect(out.summary).toContain(`CHF: Income ${money(74400, "CHF")} → ${money(77694, "CHF")} (+${money(3294, "CHF")}, +4.4%).`);
    expect(out.charts[0]!.data.datasets.map((d) => d.values)).toEqual([[74400], [77694]]);
  });

  test("the same period twice gets distinct dataset names", () => {
    const out = tool({ a: { year: 2025 }, b: { year: 2025 }, currency: "CHF" });
    expect(out.charts[0]!.data.datasets.map((d) => d.name)).toEqual(["a 2025", "b 2025"]);
  });

  test("a category only another currency holds still gets its chart, in that currency", () => {
    // Travel exists only in EUR: 2024 0 → 2025 420 + 38.40 − 60 = 398.40. The chart must show EUR;
    // the tool picks CHF (most rows over all categories), finds no Travel there and returns no chart.
    const out = tool({ a: { year: 2024 }, b: { year: 2025 }, category: "Travel" });
    expect(out.summary).toContain(`EUR: Travel ${money(0, "EUR")} → ${money(398.4, "EUR")} (+${money(398.4, "EUR")}, new).`);
    // Currencies without Travel are not listed.
    expect(out.summary).not.toContain("CHF:");
    expect(out.charts).toHaveLength(1);
    expect(out.charts[0]!.currency).toBe("EUR");
    expect(out.charts[0]!.title).toBe("Travel: 2024 vs 2025 (EUR)");
    expect(out.charts[0]!.data).toEqual({ labels: ["Travel"], datasets: [{ name: "2024", values: [0] }, { name: "2025", values: [398.4] }] });
  });

  test("with a category, the title names only what that chart leaves out", () => {
    // Shopping Q1 vs Q2 2025 is CHF only (EUR and USD hold no Shopping then): nothing is left out of
    // the chart, yet the tool's title says "(CHF; EUR 453.60, USD 9.99 not shown)" (their total spending change).
    const out = tool({ a: { from: "2025-01-01", to: "2025-03-31" }, b: { from: "2025-04-01", to: "2025-06-30" }, category: "Shopping" });
    expect(out.charts[0]!.title).toBe("Shopping: 2025-01-01…2025-03-31 vs 2025-04-01…2025-06-30 (CHF)");
  });

  test("a period wholly before the data's start is left out of the chart too", () => {
    // The fixture starts 2024-01-05. USD 2025: Apple 9.99 (Subscriptions).
    const out = tool({ a: { year: 2020 }, b: { year: 2025 }, currency: "USD" });
    expect(out.summary).toContain("2020: no data — the data starts 2024-01-05;");
    expect(out.charts[0]!.title).toBe("Spending: 2020 vs 2025 (2020: no data) (USD)");
    expect(out.charts[0]!.data).toEqual({ labels: ["Subscriptions"], datasets: [{ name: "2025", values: [9.99] }] });
  });

  test("errors: b missing (schema), a empty, mixed forms, bad dates, month without year, categories, currency", () => {
    expect(schemaRejects(comparePeriods, { a: { year: 2025 } })).toBe(true);
    expect(schemaRejects(comparePeriods, { b: { year: 2025 } })).toBe(true);
    expect(schemaRejects(comparePeriods, { a: { year: 2025 }, b: { year: 2024, quarter: 1 } })).toBe(true);
    expect(schemaRejects(comparePeriods, { a: { year: 2025 }, b: { year: 2024 }, year: 2025 })).toBe(true);
    expect(inputError(() => tool({ a: {}, b: { year: 2024 } })).message).toBe('a names no period: give {"year": …} or {"from": …, "to": …}.');
    expect(inputError(() => tool({ a: { year: 2025 }, b: {} })).message).toBe('b names no period: give {"year": …} or {"from": …, "to": …}.');
    expect(inputError(() => tool({ a: { year: 2025, from: "2025-01-01" }, b: { year: 2024 } })).message).toBe(
      'a: Give either year/month or from/to, not both: e.g. {"year": 2025} or {"from": "2025-01-01", "to": "2025-03-31"}.',
    );
    expect(inputError(() => tool({ a: { year: 2025 }, b: { from: "2025-13-01" } })).message).toBe(
      'b: from must be a real date written YYYY-MM-DD, e.g. 2025-03-01; got "2025-13-01".',
    );
    expect(inputError(() => tool({ a: { month: 6 }, b: { year: 2024 } })).message).toBe('a: month requires year: pass both, e.g. {"year": 2025, "month": 6}.');
    expect(inputError(() => tool({ a: { from: "2025-06-01", to: "2025-01-01" }, b: { year: 2024 } })).message).toBe("a: from (2025-06-01) is after to (2025-01-01).");
    // One category in any letter case (SPEC §1 hygiene): no ambiguity.
    expect(tool({ a: { year: 2024 }, b: { year: 2025 }, category: "TRANSPORT" })).toEqual(tool({ a: { year: 2024 }, b: { year: 2025 }, category: "Transport" }));
    expect(inputError(() => tool({ a: { year: 2024 }, b: { year: 2025 }, category: "Nope" })).message).toStartWith('Unknown category "Nope". Valid categories: ');
    expect(inputError(() => tool({ a: { year: 2024 }, b: { year: 2025 }, currency: "JPY" })).message).toBe('Unknown currency "JPY". Currencies in the data: CHF, EUR, USD.');
  });
});

describe("compare_periods == oracle", () => {
  type Args = { a: ComparePeriodArg; b: ComparePeriodArg; category?: string; currency?: string };
  const check = (on: BudgetDb, p: string, args: Args) => {
    const want = oracle(p, { ...args, currency: args.currency?.toUpperCase() });
    const out = tool(args, on);
    const shown = want.labels.a === want.labels.b ? [`a ${want.labels.a}`, `b ${want.labels.b}`] : [want.labels.a, want.labels.b];
    expect(out.summary).toContain(`${shown[0]} (a) vs ${shown[1]} (b).`);
    for (const [cur, f] of Object.entries(want.byCurrency)) {
      const ds = f.spending.b - f.spending.a;
      // With a category its own figures come first (checked per category below); all spending follows, labelled.
      if (args.category !== undefined && f.categories.length === 0) continue;
      expect(out.summary).toContain(
        `${args.category !== undefined ? "All spending, for reference: " : `${cur}: `}total spending ${money(f.spending.a, cur)} → ${money(f.spending.b, cur)} (${signed(ds, cur)}, ${pct(f.spending.a, f.spending.b, cur)}); ` +
          `income ${money(f.income.a, cur)} → ${money(f.income.b, cur)}.`,
      );
      for (const r of f.categories) {
        expect(out.summary).toContain(`${args.category !== undefined ? `${cur}: ` : ""}${r.name} ${money(r.a, cur)} → ${money(r.b, cur)} (${signed(r.change, cur)}, ${pct(r.a, r.b, cur, r.name)})`);
      }
    }
    const chart = out.charts[0];
    if (!chart) return expect(Object.values(want.byCurrency).every((f) => f.categories.length === 0)).toBe(true);
    const f = want.byCurrency[chart.currency!]!;
    // Order: |change| desc; among equal changes the SPEC is silent, so compare those as sets.
    const key = (name: string, a: number, b: number) => `${name}:${a}:${b}`;
    const got = chart.data.labels.map((name, i) => key(name, chart.data.datasets[0]!.values[i]!, chart.data.datasets[1]!.values[i]!));
    const exp = f.categories.map((r) => key(r.name, cents(r.a), cents(r.b)));
    expect([...got].sort()).toEqual([...exp].sort());
    const changes = chart.data.labels.map((_, i) => cents(Math.abs(chart.data.datasets[1]!.values[i]! - chart.data.datasets[0]!.values[i]!)));
    expect(changes).toEqual(f.categories.map((r) => cents(Math.abs(r.change))));
    expect(chart.data.datasets.map((d) => d.name)).toEqual(shown);
  };
  const cases: Args[] = [
    { a: { year: 2024 }, b: { year: 2025 } },
    { a: { year: 2025, month: 3 }, b: { year: 2025, month: 4 } },
    { a: { year: 2025, month: 6 }, b: { year: 2024, month: 6 } },
    { a: { from: "2025-01-01", to: "2025-03-31" }, b: { from: "2025-04-01", to: "2025-06-30" }, category: "Shopping" },
    { a: { year: 2024 }, b: { year: 2025 }, category: "Income" },
    { a: { year: 2024 }, b: { year: 2025 }, category: "Investments" },
    { a: { year: 2025 }, b: { year: 2025 }, currency: "CHF" },
    { a: { to: "2024-12-31" }, b: { from: "2025-01-01" }, currency: "usd" },
  ];
  test("strict fixture", () => {
    for (const args of cases) check(db, path, args);
  });
  test("loose fixture", () => {
    for (const args of [...cases, { a: { year: 2025, month: 9 }, b: { year: 2025, month: 10 }, category: "Uncategorised" }]) check(loose, loosePath, args);
  });
  test("demo database (7'300 rows, seed 7)", () => {
    for (const args of [
      { a: { year: 2024 }, b: { year: 2025 } },
      { a: { year: 2025, month: 6 }, b: { year: 2024, month: 6 } },
      { a: { from: "2024-01-01", to: "2024-03-31" }, b: { from: "2025-01-01", to: "2025-03-31" }, category: "Groceries" },
      { a: { year: 2024, month: 12 }, b: { year: 2025, month: 12 }, category: "Income" },
    ] as Args[]) {
      check(demo.db, demo.path, args);
    }
  });
});

describe("compare_periods: the review's 30-day windows on the demo database (data ends 2026-10-31)", () => {
  test("per month over 16/30 + 14/31 months against 17/31 months, not 2 months against 1", () => {
    const args = { a: { from: "2026-09-15", to: "2026-10-14" }, b: { from: "2026-10-15", to: "2026-11-13" }, category: "Groceries" };
    const out = tool({ ...args, by: "merchant" }, demo.db);
    // The Groceries totals by the independent oracle; the month counts by hand:
    // a = 16/30 + 14/31 = 0.985 months ("1 month"), b = 17/31 = 0.548 months ("0.5 months").
    const g = oracle(demo.path, args).byCurrency.CHF!.categories[0]!;
    expect(g.name).toBe("Groceries");
    // The lengths differ (0.985 against 0.548 months): compared per month, the change and % on the monthly figures.
    const [pa, pb] = [g.a / (16 / 30 + 14 / 31), (g.b * 31) / 17];
    expect(out.summary).toContain(
      `CHF: Groceries ${money(g.a, "CHF")} → ${money(g.b, "CHF")} (per month ${money(pa, "CHF")} → ${money(pb, "CHF")}: ${signed(pb - pa, "CHF")}, ${pct(pa, pb, "CHF")}); ` +
        `over 1 month → 0.5 months.`,
    );
    // b is partly after the data's end: said in the summary and beside the gone list.
    expect(out.summary).toContain("2026-10-15…2026-11-13 covers 15–31 Oct only (the data ends 2026-10-31).");
    expect(out.summary).toContain("Gone merchants (only in a; b covers 15–31 Oct only): ");
  });
});

describe("compare_periods: periods after the data's end, by merchant (extended fixture, data ends 2026-10-12)", () => {
  const ext = extended();
  const t = (input: unknown) => tool(input, ext.db);
  test("a month after the data's end has no data yet: never -100%", () => {
    const out = t({ a: { year: 2025, month: 11 }, b: { year: 2026, month: 11 } });
    // 2025-11: Fitnesspark 59 + Netflix 20.90 = 79.90 (TWINT's +15 is unclassified money in, apart); income 6'500
    expect(out.summary).toStartWith("Spending: 2025-11 (a) vs 2026-11 (b). 2026-11: no data yet — the data ends 2026-10-12.");
    expect(out.summary).toContain(
      `CHF: total spending ${money(79.9, "CHF")} → no data; income ${money(6500, "CHF")} → no data. ` +
        `Unclassified money in (Uncategorised rows, neither spending nor income): ${money(15, "CHF")} (1 transaction) → no data.`,
    );
    expect(out.summary).toContain(`Healthcare ${money(59, "CHF")} → no data;`);
    expect(out.summary).not.toContain("%");
  });

  test("the chart leaves out a period without data (no dataset of zeros) and says so in its title; a partly covered one stays", () => {
    // 2025-11 vs 2026-11 (no data yet): 2025-11 Healthcare 59 | Subscriptions 20.90; TWINT's +15 is no (negative) bar.
    const out = t({ a: { year: 2025, month: 11 }, b: { year: 2026, month: 11 } });
    expect(out.charts).toHaveLength(1);
    expect(out.charts[0]!.title).toBe("Spending: 2025-11 vs 2026-11 (2026-11: no data yet) (CHF)");
    expect(out.charts[0]!.data).toEqual({ labels: ["Healthcare", "Subscriptions"], datasets: [{ name: "2025-11", values: [59, 20.9] }] });
    // A partly covered a (2026-10: 1–12 Oct) keeps its dataset: Housing 2'200, Groceries 95.40, Subscriptions 12.95.
    const oct = t({ a: { year: 2026, month: 10 }, b: { year: 2026, month: 11 } });
    expect(oct.charts[0]!.title).toBe("Spending: 2026-10 vs 2026-11 (2026-11: no data yet) (CHF)");
    expect(oct.charts[0]!.data).toEqual({ labels: ["Housing", "Groceries", "Subscriptions"], datasets: [{ name: "2026-10", values: [2200, 95.4, 12.95] }] });
    // Income the same way: the salary of 2026-09, 6'800; nothing drawn for 2026-11.
    const income = t({ a: { year: 2026, month: 9 }, b: { year: 2026, month: 11 }, category: "Income" });
    expect(income.summary).toContain(`CHF: Income ${money(6800, "CHF")} → no data.`);
    expect(income.charts[0]!.title).toBe("Income: 2026-09 vs 2026-11 (2026-11: no data yet) (CHF)");
    expect(income.charts[0]!.data).toEqual({ labels: ["Income"], datasets: [{ name: "2026-09", values: [6800] }] });
    // Both partly covered or covered: both datasets (2025-10 MIGROS 30.05; 2026-10 Migros 95.40, data to 12 Oct),
    // per month: 12 days are 12/31 of October, so 95.40 × 31/12 = 246.45 a month.
    const groceries = t({ a: { year: 2025, month: 10 }, b: { year: 2026, month: 10 }, category: "Groceries" });
    expect(groceries.charts[0]!.title).toBe("Groceries per month: 2025-10 vs 2026-10 (CHF)");
    expect(groceries.charts[0]!.data.datasets).toEqual([
      { name: "2025-10", values: [30.05] },
      { name: "2026-10", values: [246.45] },
    ]);
  });

  test("a month partly covered says so; the category first, all spending after", () => {
    const out = t({ a: { year: 2025, month: 10 }, b: { year: 2026, month: 10 }, category: "Groceries" });
    // 2025-10: MIGROS [100] 30.05 (1 month); 2026-10: Migros [343] 95.40 over 12/31 of a month (0.4) → 95.40 × 31/12
    // = 246.45 a month: +216.40 = +720.13 % per month (the 12 days are never compared with a whole month as if equal)
    expect(out.summary).toStartWith("Spending on Groceries: 2025-10 (a) vs 2026-10 (b). 2026-10 covers 1–12 Oct only (the data ends 2026-10-12).");
    expect(out.summary).toContain(
      `CHF: Groceries ${money(30.05, "CHF")} → ${money(95.4, "CHF")} (per month ${money(30.05, "CHF")} → ${money(246.45, "CHF")}: +${money(216.4, "CHF")}, +720.1%); ` +
        `over 1 month → 0.4 months. All spending, for reference: total spending`,
    );
  });

  test("by merchant: new and gone merchants; monthly averages when the periods differ in months", () => {
    const out = t({ a: { year: 2025 }, b: { from: "2026-01-01", to: "2026-02-28" }, category: "Dining", by: "merchant", currency: "CHF" });
    // 2025 CHF Dining: Krone 150, Pizzeria 45.30, Kiosk 5.50 = 200.80 over 12 months = 16.73 a month;
    // Jan–Feb 2026: Krone 80, Café Sonntag 60, Kaffee Bar 22.50 = 162.50 over 2 months = 81.25 a month;
    // per month +64.52 = +385.6 %. Every merchant per month too: Café Sonntag 0 → 30 (+30), Krone 12.50 → 40 (+27.50),
    // Kaffee Bar 0 → 11.25, Pizzeria 3.78 → 0, Kiosk 0.46 → 0: ranked by the change per month.
    expect(out.summary).toContain(
      `CHF: Dining ${money(200.8, "CHF")} → ${money(162.5, "CHF")} (per month ${money(16.73, "CHF")} → ${money(81.25, "CHF")}: +${money(64.52, "CHF")}, +385.6%); over 12 months → 2 months.`,
    );
    expect(out.summary).toContain(`Café Sonntag ${money(0, "CHF")} → ${money(60, "CHF")} (per month ${money(0, "CHF")} → ${money(30, "CHF")}: +${money(30, "CHF")}, new)`);
    expect(out.summary).toContain(`Restaurant Krone ${money(150, "CHF")} → ${money(80, "CHF")} (per month ${money(12.5, "CHF")} → ${money(40, "CHF")}: +${money(27.5, "CHF")}, +220.0%)`);
    expect(out.summary).toContain("New merchants (only in b): 2: Café Sonntag, Kaffee Bar. Gone merchants (only in a): 2: Pizzeria Napoli, Kiosk.");
    expect(out.charts[0]!.title).toBe("Dining by merchant per month: 2025 vs 2026-01-01…2026-02-28 (CHF)");
    expect(out.charts[0]!.data.labels).toEqual(["Café Sonntag", "Restaurant Krone", "Kaffee Bar", "Pizzeria Napoli", "Kiosk"]);
    expect(out.charts[0]!.data.datasets).toEqual([
      { name: "2025", values: [0, 12.5, 0, 3.78, 0.46] },
      { name: "2026-01-01…2026-02-28", values: [30, 40, 11.25, 0, 0] },
    ]);
  });

  test("from/to periods: a month average over the covered length, not over the months the period touches", () => {
    // Two 30-day windows. a 2026-09-06…2026-10-05: 25/30 of September + 5/31 of October = 925/930 months
    // ("1 month"). b 2026-10-06…2026-11-04: only 06–12 Oct lies inside the data (it ends 2026-10-12) = 7/31
    // months ("0.2 months"); November, not yet in the data, does not count.
    // a: Möbel Pfister 1'450 (09-19) + rent 2'200 (10-01) + Spotify 12.95 (10-05) = 3'662.95 → 3'662.95 × 930/925 = 3'682.75
    // b: Migros 95.40 (10-12) → 95.40 × 31/7 = 422.49; per month change 422.4857 − 3'682.7497 = −3'260.26 = −88.5 %
    const out = t({ a: { from: "2026-09-06", to: "2026-10-05" }, b: { from: "2026-10-06", to: "2026-11-04" } });
    expect(out.summary).toContain(
      `CHF: total spending ${money(3662.95, "CHF")} → ${money(95.4, "CHF")} (per month ${money(3682.75, "CHF")} → ${money(422.49, "CHF")}: ${money(-3260.26, "CHF")}, -88.5%); ` +
        `over 1 month → 0.2 months; income ${money(6800, "CHF")} → ${money(0, "CHF")}.`,
    );
    // January whole (1 month) against 1 April … 15 May (1 + 15/31 = 1.48: "1.5 months").
    // Jan: rent 2'000 + Spotify 12.95 + Migros 70 = 2'082.95; Apr 1 – May 15: rent 2 × 2'000 + Spotify 2 × 12.95
    // + Migros 480 = 4'505.90 (the Coop pair of 05-16 is outside) → 4'505.90 × 31/46 = 3'036.58; +953.63 = +45.8 % a month
    const spring = t({ a: { from: "2026-01-01", to: "2026-01-31" }, b: { from: "2026-04-01", to: "2026-05-15" } });
    expect(spring.summary).toContain(
      `total spending ${money(2082.95, "CHF")} → ${money(4505.9, "CHF")} (per month ${money(2082.95, "CHF")} → ${money(3036.58, "CHF")}: +${money(953.63, "CHF")}, +45.8%); over 1 month → 1.5 months;`,
    );
  });

  test("a year the data's end cuts short counts its covered length, as from/to over the same days: equal, compared in totals", () => {
    // 2026 and 2026-01-01…2026-10-31 both lie inside the data from 1 Jan to 12 Oct: 9 + 12/31 = 9.39 months each.
    // Spending 2026: rent 5 × 2'000 + 4 × 2'200 = 18'800 | Spotify 10 × 12.95 = 129.50 | Dining 5 × 4.50 + 80 + 60
    // = 162.50 | Groceries 70 + 480 + 95.40 + 2 × 45.60 = 736.60 | Möbel Pfister 1'450 = 21'278.60, the same in both
    const out = t({ a: { year: 2026 }, b: { from: "2026-01-01", to: "2026-10-31" } });
    expect(out.summary).toContain(`total spending ${money(21278.6, "CHF")} → ${money(21278.6, "CHF")} (${money(0, "CHF")}, no change);`);
    expect(out.summary).not.toContain("per month");
    // The same days as a year and as from/to: the year still says it is covered only up to the data's end.
    expect(out.summary).toContain("2026 covers 2026-01-01 to 2026-10-12 only (the data ends 2026-10-12);");
  });

  test("by merchant with a period partly after the data's end: the new/gone list its missing days make doubtful says so", () => {
    // Choice: every merchant stays listed (any of them may fall into the days without data yet); the
    // list names the partly covered period instead. b 2026-10-06…2026-11-04 has data for 06–12 Oct only.
    // a (see above): Immo AG 2'200, Möbel Pfister 1'450, Spotify 12.95; b: Migros 95.40.
    const out = t({ a: { from: "2026-09-06", to: "2026-10-05" }, b: { from: "2026-10-06", to: "2026-11-04" }, by: "merchant" });
    expect(out.summary).toContain("2026-10-06…2026-11-04 covers 6–12 Oct only (the data ends 2026-10-12).");
    expect(out.summary).toContain("New merchants (only in b): 1: Migros. Gone merchants (only in a; b covers 6–12 Oct only): 3: Immo AG, Möbel Pfister, Spotify.");
    // The other way round: a partly covered (2026-10: 1–12 Oct) makes "new" doubtful, "gone" is not.
    // 2026-10: Immo AG 2'200 + Spotify 12.95 + Migros 95.40 = 2'308.35; 2026-09: Immo AG 2'200 + Spotify 12.95
    // + Möbel Pfister 1'450 = 3'662.95. October's 12 days are 12/31 of a month: 2'308.35 × 31/12 = 5'963.24 a month
    // against 3'662.95: −2'300.29 = −38.6 % per month
    const back = t({ a: { year: 2026, month: 10 }, b: { year: 2026, month: 9 }, by: "merchant" });
    expect(back.summary).toContain(
      `CHF: total spending ${money(2308.35, "CHF")} → ${money(3662.95, "CHF")} (per month ${money(5963.24, "CHF")} → ${money(3662.95, "CHF")}: ${money(-2300.29, "CHF")}, -38.6%); over 0.4 months → 1 month; income`,
    );
    expect(back.summary).toContain("New merchants (only in b; a covers 1–12 Oct only): 1: Möbel Pfister. Gone merchants (only in a): 1: Migros.");
  });

  test("account: only that account's rows", () => {
    const out = t({ a: { year: 2026, month: 6 }, b: { year: 2026, month: 7 }, account: "visa 4417" });
    // Visa: June Spotify 12.95 × 2 (the double charge) = 25.90; July 12.95. The rent (IBAN) is out.
    expect(out.summary).toContain(`CHF: total spending ${money(25.9, "CHF")} → ${money(12.95, "CHF")}`);
    expect(out.summary).toContain("in account Visa 4417.");
  });
});

describe("compare_periods's schema", () => {
  test("the JSON schema sent to the model: its properties, what is required; the description says the UI shows the result", () => {
    // Its periods are a and b, so it takes currency and account but no period of its own.
    expect(schemaOf(comparePeriods)).toEqual({ names: ["a", "b", "category", "by", "currency", "account"], required: ["a", "b"] });
    // The model must know the UI draws the charts and tables (so it never draws text charts).
    expect(comparePeriods.description).toMatch(/The UI (draws|shows)/);
  });
});
