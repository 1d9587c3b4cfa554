/**
 * Issue 33 on a realistic household (test/fixtures/household.ts: joint, current, card and EUR
 * accounts over 2024–2025; rent and service charges a day apart, three Helsana premiums and an
 * AXA premium on the 1st, a utility settlement, a late fee, a partner's contributions, two
 * raises, card purchases abroad with their original amounts in transaction_details). Each case
 * is asserted with figures worked out by hand from the fixture's header, and recomputed by the
 * plain-SQL oracle (test/support/household-oracle.ts).
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { budgetCurrency, budgetMonth } from "../../src/budgets/budgets.ts";
import { BudgetDb } from "../../src/ledger/reader.ts";
import { comparePeriods } from "../../src/tools/compare_periods.ts";
import { foreignSpending } from "../../src/tools/foreign_spending.ts";
import { incomeVsSpending } from "../../src/tools/income_vs_spending.ts";
import { listTransactions } from "../../src/tools/list_transactions.ts";
import { previewRecategorisation } from "../../src/tools/recategorise_transactions.ts";
import { recurringPayments } from "../../src/tools/recurring_payments.ts";
import { searchTransactions } from "../../src/tools/search_transactions.ts";
import { setBudget } from "../../src/tools/set_budget.ts";
import { Store } from "../../src/store/store.ts";
import { spendingBreakdown } from "../../src/tools/spending_breakdown.ts";
import { spendingByCategory } from "../../src/tools/spending_by_category.ts";
import { unusualTransactions } from "../../src/tools/unusual_transactions.ts";
import type { ToolContext } from "../../src/tools/types.ts";
import { writeHousehold } from "../fixtures/household.ts";
import { householdOracle } from "../support/household-oracle.ts";
import { cents, money, run } from "./support.ts";

const dir = mkdtempSync(join(tmpdir(), "household-"));
const path = join(dir, "budget.db");
writeHousehold(path);
const db = BudgetDb.open(path);
const oracle = householdOracle(path);
afterAll(() => {
  oracle.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});
const CHF = (x: number) => money(x, "CHF");
const EUR = (x: number) => money(x, "EUR");
const Y2025 = { from: "2025-01-01", to: "2025-12-31" };
const ALEX: ToolContext = { budgets: { list: () => [] }, contributions: { counterparties: () => ["Alex Muster"] } };

describe("1. recurring obligations: parts, named one-offs, yearly cost from the current parts", () => {
  const out = run(recurringPayments, db, {});
  const rows = out.tables![0]!.rows;
  const row = (merchant: string) => rows.find((r) => r[0] === merchant)!;

  test("rent and service charges a day apart are one monthly obligation of two parts; the settlement, the late fee and the refund are named", () => {
    // Rent 1'850 (2024-01 … 2025-03) then 1'900; charges 230 (2024) then 250: two parts (two payments a cycle). Usual: rent
    // median of 15 × 1'850 and 9 × 1'900 = 1'850; charges median of 12 × 230 and 12 × 250 = 240. Now 1'900 + 250 = 2'150 a
    // month → 25'800 a year. Both changes repeated: charges 230 → 250 (2025-01-02), rent 1'850 → 1'900 (2025-04-01).
    // The late July 2025 (rent 07-08, charges 07-09) is still its cycle; 24 + 24 = 48 regular payments.
    expect(row("Immo Verwaltung AG")).toEqual([
      "Immo Verwaltung AG", "Housing", "monthly",
      `Immo Verwaltung AG · Miete Wohnung 3.OG 12.2025: ${CHF(1900)} + Immo Verwaltung AG · Nebenkosten Akonto 12.2025: ${CHF(250)}`,
      2090, 2150, "CHF", 48, "2024-01-01", "2025-12-02", "2026-01-01", 25800,
      `2025-01-02 "Immo Verwaltung AG · Nebenkosten Akonto…" ${CHF(230)} → ${CHF(250)}, 2025-04-01 "Immo Verwaltung AG · Miete Wohnung 3.OG…" ${CHF(1850)} → ${CHF(1900)}`,
      // Never a price change or a double charge: the 2023 refund (+85.60), the 2024 settlement, the July late fee.
      `2024-04-12 refund ${CHF(85.6)}, 2025-04-15 settlement ${CHF(312.45)}, 2025-07-10 late fee ${CHF(20)}`,
      "active, dearer",
    ]);
    // The yearly cost as the oracle reads it: the latest due date's payments (2025-12-01 rent, 12-02 charges) × 12.
    expect(cents(oracle.latestCycle("Immo Verwaltung AG", "CHF") * 12)).toBe(25800);
  });

  test("three Helsana premiums on one day are one obligation of three parts; AXA's on the same day is another insurer's", () => {
    // 2025: 428.80 + 405.10 + 60.20 = 894.10 a month → 10'729.20 a year; usual (medians of 12 + 12): 420.55 + 397.30 + 59.30
    // = 877.15. (The table has a Currency column: the household pays in CHF and EUR.)
    const helsana = row("Helsana");
    expect(helsana.slice(0, 3)).toEqual(["Helsana", "Insurance", "monthly"]);
    expect(helsana.slice(4, 12)).toEqual([877.15, 894.1, "CHF", 72, "2024-01-01", "2025-12-01", "2026-01-01", 10729.2]);
    // The reimbursement of 2024-11-20 (money in from Helsana) is named a refund; no double charges.
    expect(helsana[13]).toBe(`2024-11-20 refund ${CHF(200)}`);
    expect(row("AXA").slice(4, 12)).toEqual([24.8, 24.8, "CHF", 24, "2024-01-01", "2025-12-01", "2026-01-01", 297.6]);
    expect(cents(oracle.latestCycle("Helsana", "CHF") * 12)).toBe(10729.2);
  });

  test("the monthly travel pass among the tickets is found (4'080 a year); the counterparty of an unnamed import forms a series", () => {
    // SBB: 340 on the 5th amid tickets of 4.40 … 110 (their own levels): 340 × 12 = 4'080.
    expect(row("SBB").slice(0, 12)).toEqual(["SBB", "Transport", "monthly", null, 340, 340, "CHF", 24, "2024-01-05", "2025-12-05", "2026-01-05", 4080]);
    expect(cents(oracle.latestCycle("SBB", "CHF", 272) * 12)).toBe(4080);
    // The Musikschule rows have a different bank text (merchant) each quarter; their counterparty is one: 180 × 4 = 720.
    expect(row("Musikschule Kreuzlingen").slice(0, 12)).toEqual(["Musikschule Kreuzlingen", "Uncategorised", "quarterly", null, 180, 180, "CHF", 8, "2024-01-15", "2025-10-15", "2026-01-14", 720]);
    expect(oracle.latestOfCounterparty("Musikschule Kreuzlingen") * 4).toBe(720);
    // Active yearly cost: 25'800 + 10'729.20 + 4'080 + 720 + 297.60 = 41'626.80; EUR: Hausgeld 180 × 12 = 2'160.
    expect(out.summary).toContain(`6 series, 6 active. Active yearly cost: ${CHF(41626.8)}, ${EUR(2160)}.`);
  });
});

describe("2. unusual payments leave expected recurring payments out", () => {
  test("2025: the rent, premiums and the pass are expected; the 480 Migros shop stands out against Migros' own history", () => {
    const out = run(unusualTransactions, db, { year: 2025 });
    // Migros before 2025-11-22: 23 × 85.40, 23 × 62.15, 23 × 97.80, 22 × 71.65 = 91 payments; the 46th sorted is 85.40 (the
    // median); deviations: 23 × 0, 23 × 12.40, 22 × 13.75, 23 × 23.25 → MAD 12.40; 480 > 85.40 + 5 × 12.40 = 147.40 and
    // ≥ 2 × 85.40: 480 / 85.40 = 5.62 times the usual.
    expect(out.summary).toStartWith(
      `Unusually large payments in spending for 2025: 1. 2025-11-22 Migros (Groceries) ${CHF(480)}, 5.6 × the usual ${CHF(85.4)} (median of its 91 earlier payments).`,
    );
    // Expected in 2025: Immo 24 + Helsana 36 + AXA 12 + SBB pass 12 + Musikschule 4 + Hausgeld (EUR) 12 = 100.
    expect(out.summary).toContain("100 expected recurring payments (rent, premiums, passes, subscriptions at their usual amount) are not unusual and not listed.");
    expect(out.summary).not.toContain("SBB (Transport) CHF 340.00");
    // New in 2025, by their largest total: Möbel Pfister 2'450, Hotel Lago di Como 386, Trattoria 115.80, Esselunga
    // 77.20, Amazon 44, PayPal (CHF 20, EUR 35.50), TWINT 30, Autogrill 28.95, Visa (the FX fee row) 0.77. Not the
    // Musikschule's quarterly bills: their bank texts differ, but their counterparty is known since 2024.
    expect(out.tables![1]!.rows.map((r) => r[0])).toEqual(["Möbel Pfister", "Hotel Lago di Como", "Trattoria da Gino", "Esselunga", "Amazon", "PayPal", "TWINT", "Autogrill", "Visa"]);
  });
});

describe("3. unclassified money in is apart, with its count; never a negative bar", () => {
  test("EUR 2025: Uncategorised is the PayPal payment only; the two rent credits are unclassified money in", () => {
    const out = run(spendingByCategory, db, { year: 2025, currency: "EUR" });
    // Housing: Hausgeld 180 × 12 = 2'160; Groceries: 365 × 3.20 = 1'168; Uncategorised: PayPal 35.50 (not 35.50 − 1'300)
    // → 3'363.50 over 12 + 365 + 1 = 378; unclassified money in 650 × 2 = 1'300.
    expect(out.summary).toContain(
      `EUR: total ${EUR(3363.5)} over 378 transactions in 3 categories: Housing ${EUR(2160)} (64.2%, 12 tx); Groceries ${EUR(1168)} (34.7%, 365 tx); Uncategorised ${EUR(35.5)} (1.1%, 1 tx). ` +
        `Unclassified money in (Uncategorised rows with money in, counted neither as spending nor as income): ${EUR(1300)} in 2 transactions.`,
    );
    expect(out.charts[0]!.data.datasets[0]!.values.every((v) => v > 0)).toBe(true);
    expect(oracle.spendingByCategory(Y2025, "EUR").map((c) => [c.category, cents(c.total), c.n])).toEqual([
      ["Housing", 2160, 12],
      ["Groceries", 1168, 365],
      ["Uncategorised", 35.5, 1],
    ]);
    expect(oracle.unclassifiedIn(Y2025, "EUR")).toEqual({ total: 1300, n: 2 });
  });

  test("CHF 2025 by category equals the oracle, the TWINT credit apart", () => {
    const out = run(spendingByCategory, db, { year: 2025, currency: "CHF" });
    // By hand: Housing 22'650 + 3'000 + 312.45 = 25'962.45 | Insurance 10'729.20 + 297.60 = 11'026.80 | Groceries 5'040 +
    // 77.20 + 480 = 5'597.20 | Transport 4'080 + tickets 6 × 95.40 + 6 × 131.60 = 5'442 | Shopping 2'450 + 44 = 2'494 |
    // Uncategorised 720 + 30 + 20 = 770 | Travel 386 − 48.25 = 337.75 | Healthcare 300 | Dining 144.75 | Fees 20.77
    // = 52'095.72
    const want = oracle.spendingByCategory(Y2025, "CHF");
    expect(cents(want.reduce((t, c) => t + c.total, 0))).toBe(52095.72);
    expect(out.charts[0]!.data.labels).toEqual(want.map((c) => c.category));
    expect(out.charts[0]!.data.datasets[0]!.values).toEqual(want.map((c) => cents(c.total)));
    expect(out.summary).toContain(`Unclassified money in (Uncategorised rows with money in, counted neither as spending nor as income): ${CHF(45)} in 1 transaction.`);
  });
});

describe("4. approvals per currency", () => {
  test("moving the PayPal rows: CHF -20.00 and EUR -35.50 side by side, never added", () => {
    const plan = previewRecategorisation(db, { search: "paypal", to_category: "Shopping" });
    expect(plan.preview.totals).toEqual(oracle.moneyPerCurrency("paypal").map((t) => ({ currency: t.currency, total: t.total })));
    expect(plan.preview.facts).toContainEqual({ label: "Total amount per currency", value: `${CHF(-20)}, ${EUR(-35.5)}` });
  });
});

describe("5. household contributions count as income, on their own line", () => {
  test("2025 CHF: salary 91'800 + Alex 12 × 2'400 = 120'600; savings rate 56.8 % instead of 43.3 %", () => {
    const withAlex = run(incomeVsSpending, db, { year: 2025, currency: "CHF" }, ALEX);
    // net 120'600 − 52'095.72 = 68'504.28 → 68'504.28 / 120'600 = 56.80 %; Transfers: Anna's 24'000 in − 24'000 out = 0
    expect(withAlex.summary).toContain(
      `CHF: income ${CHF(120600)} (Income category ${CHF(91800)}; contributions from Alex Muster ${CHF(28800)}), spending ${CHF(52095.72)}, net ${CHF(68504.28)}, savings rate 56.8%. ` +
        `Not counted as spending or income: moved to own accounts ${CHF(0)} (Transfers, net).`,
    );
    // January: 7'650 + 2'400 = 10'050; spending 1'850 + 250 + 894.10 + 24.80 + 180 + 340 + 95.40 + 420 = 4'054.30
    expect(withAlex.summary).toContain(`2025-01 ${CHF(10050)} / ${CHF(4054.3)} / ${CHF(5995.7)}`);
    const o = oracle.incomeVsSpending(Y2025, "CHF", "Alex Muster");
    expect([cents(o.salary), cents(o.contributions), cents(o.income), cents(o.spending), cents(o.net)]).toEqual([91800, 28800, 120600, 52095.72, 68504.28]);
    // Without the mark Alex's money is a transfer: net 91'800 − 52'095.72 = 39'704.28 (43.25 %); Transfers net −28'800.
    const without = run(incomeVsSpending, db, { year: 2025, currency: "CHF" });
    expect(without.summary).toContain(`income ${CHF(91800)}, spending ${CHF(52095.72)}, net ${CHF(39704.28)}, savings rate 43.3%.`);
    expect(without.summary).toContain(`moved to own accounts ${CHF(-28800)} (Transfers, net)`);
    expect(oracle.incomeVsSpending(Y2025, "CHF", null).income).toBe(91800);
  });
});

describe("6. compare_periods: every category per month when the lengths differ; a refund base in words", () => {
  test("2024 against the first quarter of 2025 (CHF): per month, not −74 %", () => {
    const out = run(comparePeriods, db, { a: { year: 2024 }, b: { from: "2025-01-01", to: "2025-03-31" }, currency: "CHF" });
    // Housing 2024: 1'850 × 12 + 230 × 12 − 85.60 = 24'874.40 → 2'072.87 a month; Q1 2025: 1'850 × 3 + 250 × 3 = 6'300
    // → 2'100 a month: +27.13 = +1.3 %.
    const h = [oracle.categorySpending({ from: "2024-01-01", to: "2024-12-31" }, "CHF", "Housing"), oracle.categorySpending({ from: "2025-01-01", to: "2025-03-31" }, "CHF", "Housing")];
    expect(h.map(cents)).toEqual([24874.4, 6300]);
    expect(out.summary).toContain(`Housing ${CHF(24874.4)} → ${CHF(6300)} (per month ${CHF(2072.87)} → ${CHF(2100)}: +${CHF(27.13)}, +1.3%)`);
    // Insurance: (860.20 + 24.80) × 12 = 10'620 → 885 a month; (894.10 + 24.80) × 3 = 2'756.70 → 918.90: +33.90 = +3.8 %
    expect(out.summary).toContain(`Insurance ${CHF(10620)} → ${CHF(2756.7)} (per month ${CHF(885)} → ${CHF(918.9)}: +${CHF(33.9)}, +3.8%)`);
    // Totals: 46'676.40 / 12 = 3'889.70 against 11'869.10 / 3 = 3'956.37: +66.67 = +1.7 %
    const t = [oracle.totalSpending({ from: "2024-01-01", to: "2024-12-31" }, "CHF"), oracle.totalSpending({ from: "2025-01-01", to: "2025-03-31" }, "CHF")];
    expect(t.map(cents)).toEqual([46676.4, 11869.1]);
    expect(out.summary).toContain(`total spending ${CHF(46676.4)} → ${CHF(11869.1)} (per month ${CHF(3889.7)} → ${CHF(3956.37)}: +${CHF(66.67)}, +1.7%); over 12 months → 3 months;`);
    expect(out.summary).not.toMatch(/-7\d\.\d%/);
  });

  test("Healthcare November 2024 (a net refund of 20) against November 2025 (300): in words, never +-1600 %", () => {
    const out = run(comparePeriods, db, { a: { year: 2024, month: 11 }, b: { year: 2025, month: 11 }, category: "Healthcare", currency: "CHF" });
    // 2024-11: Dr. Weber 180 out, Helsana +200 back (left in Healthcare) → −20; 2025-11: 300. Change +320.
    expect(oracle.categorySpending({ from: "2024-11-01", to: "2024-11-30" }, "CHF", "Healthcare")).toBe(-20);
    expect(out.summary).toContain(`CHF: Healthcare ${CHF(-20)} → ${CHF(300)} (+${CHF(320)}, from a net refund of ${CHF(20)} to spending of ${CHF(300)}).`);
    expect(out.summary).not.toContain("%).");
  });
});

describe("7. spending_breakdown ranks any dimension and filters weekdays", () => {
  test("the most expensive days of October 2025 (CHF), top 3 and the rest as Other", () => {
    const out = run(spendingBreakdown, db, { group_by: ["day"], sort: "value", top_n: 3, year: 2025, month: 10, currency: "CHF" });
    // 10-01: rent 1'900 + Helsana 894.10 + AXA 24.80 = 2'818.90 (5 rows); 10-18 Möbel Pfister 2'450; 10-05 the pass 340.
    // October in all: 2'818.90 + 250 + 180 + 340 + 4.40 + 17.20 + 110 + 420 + 2'450 = 6'590.50 → Other 981.60 over 9 days.
    const days = oracle.days({ from: "2025-10-01", to: "2025-10-31" }, "CHF");
    expect(days.slice(0, 3).map((d) => [d.day, cents(d.total), d.n])).toEqual([
      ["2025-10-01", 2818.9, 5],
      ["2025-10-18", 2450, 1],
      ["2025-10-05", 340, 1],
    ]);
    expect(out.tables![0]!.rows).toEqual([
      ["2025-10-01", 2818.9, 5],
      ["2025-10-18", 2450, 1],
      ["2025-10-05", 340, 1],
      ["Other (9)", 981.6, days.slice(3).reduce((n, d) => n + d.n, 0)],
    ]);
    expect(out.charts[0]!.type).toBe("bar_h");
  });

  test("weekends only: the EUR bakery on Saturdays and Sundays of 2025", () => {
    const out = run(spendingBreakdown, db, { group_by: ["weekday"], weekdays: ["Sat", "Sun"], categories: ["Groceries"], year: 2025, currency: "EUR" });
    // 2025 has 52 Saturdays and 52 Sundays (365 days from a Wednesday): 52 × 3.20 = 166.40 each.
    expect(oracle.weekend(Y2025, "EUR", "Groceries").map((w) => [w.wd, cents(w.total), w.n])).toEqual([
      ["6", 166.4, 52],
      ["0", 166.4, 52],
    ]);
    expect(out.tables![0]!.rows).toEqual([
      ["Sat", 166.4, 52],
      ["Sun", 166.4, 52],
    ]);
    expect(out.summary).toContain("(on Sat and Sun, in EUR)");
  });
});

describe("8. search folds as a Swiss user types", () => {
  test("Zuerich, Zürich and Zurich find the same rows; Gebuehr finds Gebühr", () => {
    // June 2025: MIGROS ZUERICH HB 85.40 + 97.80, Migros Zürich Stadelhofen 62.15 + 71.65, COOP-1234 ZUERICH 54.30 + 48.70 = 420.00 (6)
    for (const q of ["Zuerich", "Zürich", "zurich", "ZÜRICH"]) {
      const out = run(searchTransactions, db, { search: q, year: 2025, month: 6 });
      expect(out.summary).toContain(`: 6 matches. CHF: 6 transactions from 2025-06-03 to 2025-06-24. Money out: ${CHF(420)} in 6 transactions`);
      expect(oracle.search(q, { from: "2025-06-01", to: "2025-06-30" })).toEqual([{ currency: "CHF", n: 6, out: 420 }]);
    }
    // "Gebuehr": Mahngebühr 20.00 and Bearbeitungsgebühr Fremdwährung 0.77 → 20.77 in 2
    const fee = run(searchTransactions, db, { search: "Gebuehr" });
    expect(fee.summary).toContain(`Money out: ${CHF(20.77)} in 2 transactions`);
    expect(oracle.search("Gebuehr", Y2025)).toEqual([{ currency: "CHF", n: 2, out: 20.77 }]);
  });
});

describe("9. budgets in their own currency", () => {
  test("the default is the currency spent most by amount (CHF), though EUR has the most rows", () => {
    // The last 3 full months: the data ends on 31 December 2025, so December is full (as the budget
    // suggestions count it): October–December 2025, Groceries CHF 420 + 900 + 420 = 1'740 against
    // EUR 92 × 3.20 = 294.40
    const window = { from: "2025-10-01", to: "2025-12-31" };
    expect(oracle.mostRowsCurrency()).toBe("EUR");
    expect(oracle.mostSpentCurrency(window, "Groceries")).toBe("CHF");
    expect(budgetCurrency(db, "Groceries")).toBe("CHF");
    expect(budgetCurrency(db, "Housing")).toBe(oracle.mostSpentCurrency(window, "Housing"));
    // A category not spent in those months takes the household's currency (all spending by amount: CHF).
    expect(budgetCurrency(db, "Dining")).toBe("CHF");
  });

  test("set_budget: a new budget in the currency spent most; a changed one keeps its own; another asked for by name", () => {
    const store = Store.memory();
    try {
      const prep = (input: unknown) => setBudget.approval.prepare(db, setBudget.schema().parse(input), { budgets: store.budgets });
      expect(prep({ category: "Groceries", amount: 500 }).args).toMatchObject({ currency: "CHF" });
      expect(prep({ category: "Groceries", amount: 60, currency: "EUR" }).preview.title).toBe("set the “Groceries” budget to EUR 60.00");
      store.budgets.set("Dining", 80, "EUR", { via: "cli", by: "cli" });
      expect(prep({ category: "Dining", amount: 90 }).preview.facts[1]).toEqual({ label: "Monthly budget", value: "EUR 80.00 → EUR 90.00" });
      expect(() => prep({ category: "Dining", amount: 90, currency: "USD" })).toThrow(`currency must be one of the data's currencies (EUR, CHF); got "USD"`);
    } finally {
      store.close();
    }
  });

  test("December in progress (data to 12-10): the paid rent is not projected again; EUR groceries are listed apart", () => {
    const asOf = join(dir, "to-12-10.db");
    writeHousehold(asOf, { until: "2025-12-10" });
    const early = BudgetDb.open(asOf);
    try {
      const budgets = [
        { category: "Housing", amount: 2200, currency: "CHF" },
        { category: "Groceries", amount: 500, currency: "CHF" },
        { category: "Insurance", amount: 950, currency: "CHF" },
      ];
      const s = budgetMonth(early, budgets, 2025 * 12 + 11, 20251210);
      const by = Object.fromEntries(s.budgeted.map((b) => [b.category, b]));
      // Housing: rent 12-01 + charges 12-02 = 2'150, both of this month's cycle: next due 2026-01-01; no other spending → 2'150.
      expect(by.Housing!.spent).toBe(2150);
      expect(by.Housing!.projection).toBeCloseTo(2150, 9);
      expect(by.Housing!.projectedOver).toBe(false);
      // Insurance: Helsana 894.10 + AXA 24.80 on 12-01, next on 2026-01-01 → 918.90
      expect(by.Insurance!.projection).toBeCloseTo(918.9, 9);
      // Groceries: 85.40 + 54.30 + 62.15 = 201.85 in 10 days, no series → 201.85 + 201.85 / 10 × 21 = 625.735 (over 500)
      expect(by.Groceries!.projection).toBeCloseTo(201.85 + (201.85 / 10) * 21, 9);
      expect(by.Groceries!.projectedOver).toBe(true);
      // Bakery 10 × 3.20 = 32 EUR: beside the CHF budget, never in it
      expect(cents(s.otherCurrencySpending.find((o) => o.category === "Groceries" && o.currency === "EUR")!.spent)).toBe(32);
    } finally {
      early.close();
    }
  });
});

describe("10. purchases abroad: the original amount, and what the exchange cost", () => {
  test("list_transactions shows what a card purchase was paid in", () => {
    const out = run(listTransactions, db, { search: "esselunga" });
    expect(out.summary).toContain(`2025-06-14 ${CHF(-77.2)} (paid ${EUR(-80)}) Esselunga`);
    expect(out.tables![0]!.columns).toEqual(["Date", "Amount", "Paid in", "Merchant", "Description", "Category"]);
    expect(out.tables![0]!.rows[0]![2]).toBe(EUR(-80));
  });

  test("search_transactions says what of the money out was paid in another currency", () => {
    const out = run(searchTransactions, db, { search: "como", year: 2025 });
    // Trattoria 115.80 (EUR 120), Hotel 386 (EUR 400), Autogrill 28.95 (EUR 30): 530.75 booked for EUR 550; the refund is money in
    expect(out.summary).toContain(`Of it paid in other currencies: ${EUR(550)} (3 purchases, booked ${CHF(530.75)}).`);
  });

  test("2025 on the card: EUR 580 for CHF 559.70 at 0.9650, USD 50 for CHF 44; the exchange cost 10.22", () => {
    const out = run(foreignSpending, db, { year: 2025 });
    // EUR: 80 + 120 + 400 + 30 − 50 (the refund) = 580 for 77.20 + 115.80 + 386 + 28.95 − 48.25 = 559.70 → 0.9650 CHF per EUR;
    // fees 1.20 + 1.80 + 6.00 + 0.45 = 9.45. USD 50 for 44 → 0.8800, no fee recorded; the fee row booked apart 0.77.
    // Exchange cost 9.45 + 0.77 = 10.22 of 603.70 booked = 1.69 %.
    const want = oracle.foreign(Y2025, "CHF");
    expect(want.map((w) => [w.original_currency, cents(w.original), cents(w.booked), cents(w.fees), w.purchases])).toEqual([
      ["EUR", 580, 559.7, 9.45, 4],
      ["USD", 50, 44, 0, 1],
    ]);
    expect(oracle.foreignFeeRows(Y2025, "CHF")).toEqual({ total: 0.77, n: 1 });
    expect(out.summary).toContain(`${EUR(580)} paid in EUR (4 purchases), booked ${CHF(559.7)}, on average 0.9650 CHF per EUR, fees recorded on them ${CHF(9.45)}`);
    expect(out.summary).toContain(`${money(50, "USD")} paid in USD (1 purchase), booked ${CHF(44)}, on average 0.8800 CHF per USD`);
    expect(out.summary).toContain(
      `Exchange cost: ${CHF(10.22)} (${CHF(9.45)} in fees recorded on the purchases, ${CHF(0.77)} in 1 foreign-currency fee row booked apart), 1.7% of what was booked.`,
    );
    // Only EUR ("what did I spend in EUR on my card"): the fee row names no currency, so it is left out.
    const eur = run(foreignSpending, db, { year: 2025, original_currency: "eur" });
    expect(eur.summary).toContain(`Exchange cost: ${CHF(9.45)} (${CHF(9.45)} in fees recorded on the purchases;`);
    expect(eur.summary).not.toContain("USD");
  });

  test("a database without transaction_details says it cannot tell", () => {
    const bare = join(dir, "bare.db");
    writeHousehold(bare);
    const w = new (require("bun:sqlite").Database)(bare);
    w.run("DROP TABLE transaction_details");
    w.close();
    const b = BudgetDb.open(bare);
    try {
      expect(run(foreignSpending, b, { year: 2025 }).summary).toStartWith(
        "No spending in other currencies for 2025: this database holds no transaction facts (transaction_details, written by the import), so purchases abroad cannot be told from the others.",
      );
      // Without details the tools still work: no "paid in" column, and recurring payments group by merchant only.
      expect(run(listTransactions, b, { search: "esselunga" }).tables![0]!.columns).not.toContain("Paid in");
    } finally {
      b.close();
    }
  });
});
