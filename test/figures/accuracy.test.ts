/**
 * r4-figacc2 rules (general causes of the tuning set's misses and false alarms), each with a right and a wrong case,
 * over tool results written here by hand in the tools' own summary style.
 */
import { describe, expect, test } from "bun:test";
import { createTurnFigures, type TurnFigures } from "../../src/figures/turn.ts";
import type { Ledger } from "../../src/ledger/ledger.ts";
import { callPeriods } from "../../src/tools/query/period.ts";

const VOCABULARY = {
  categoryNames: ["Groceries", "Dining", "Housing", "Travel", "Shopping", "Transport", "Income", "Fees", "Other", "Uncategorised"],
  merchants: ["Migros", "Coop", "Netflix", "Spotify", "Livit AG"],
  accounts: ["Visa 4417", "Savings Account"],
};
const DATA = { firstDay: 20240101, lastDay: 20251231 } as Ledger;

/** A turn of these calls (name, input, summary). */
function turn(...calls: [string, Record<string, unknown>, string][]): TurnFigures {
  const t = createTurnFigures({ vocabulary: VOCABULARY, periods: (input) => callPeriods(input, DATA), figureKind: () => undefined });
  calls.forEach(([name, input, summary], i) => t.record({ id: `toolu_${i}`, name, input }, { summary, charts: [] }));
  return t;
}
/** [written, status] of each figure of `answer`. */
const statuses = (t: TurnFigures, answer: string) => t.check(answer, "").map((f) => [f.text, f.status]);

const CATEGORIES_2025 = [
  "spending_by_category",
  { year: 2025 },
  "Spending by category for 2025. CHF: total CHF 1'000.00 over 40 transactions in 3 categories: Housing CHF 300.00 (30.0%, 12 tx); Groceries CHF 600.00 (60.0%, 25 tx); Dining CHF 100.00 (10.0%, 3 tx).",
] as [string, Record<string, unknown>, string];

describe("a whole number alone in a table's cell is a count of what its column counts", () => {
  const table = (housing: string, dining: string) =>
    `| Category | Spent | Payments |\n|---|---|---|\n| Housing | CHF 300.00 | ${housing} |\n| Dining | CHF 100.00 | ${dining} |`;
  test("right counts are found, each of its row", () => {
    expect(statuses(turn(CATEGORIES_2025), table("12", "3"))).toEqual([
      ["CHF 300.00", "grounded"],
      ["12", "grounded"],
      ["CHF 100.00", "grounded"],
      ["3", "grounded"],
    ]);
  });
  test("a wrong count is flagged (not found), another row's count is mismatched", () => {
    expect(statuses(turn(CATEGORIES_2025), table("13", "25"))).toEqual([
      ["CHF 300.00", "grounded"],
      ["13", "ungrounded"],
      ["CHF 100.00", "grounded"],
      ["25", "mismatched"],
    ]);
  });
  test("a rank column and a row's label are no figures", () => {
    const ranked = "| # | Category | Payments |\n|---|---|---|\n| 1 | Groceries | 25 |\n| 2 | Housing | 12 |";
    expect(statuses(turn(CATEGORIES_2025), ranked)).toEqual([
      ["25", "grounded"],
      ["12", "grounded"],
    ]);
  });
});

describe("an answer table's count counts what its column header names; a column of amounts, shares or days holds no counts", () => {
  const cells = (answer: string) => turn(CATEGORIES_2025).check(answer, "").map((f) => [f.text, f.status, f.sources.map((s) => s.rows?.category ?? null)]);
  test("right: Housing's 12 under 'Transactions' is its 12 transactions", () => {
    expect(cells("| Category | Spent | Transactions |\n|---|---|---|\n| Housing | CHF 300.00 | 12 |")).toEqual([
      ["CHF 300.00", "grounded", ["Housing"]],
      ["12", "grounded", ["Housing"]],
    ]);
  });
  test("wrong: 3 under 'Transactions' (the 3 categories, Dining's 3) and 12 under 'Merchants' (Housing's 12 transactions) are flagged as another thing's count", () => {
    expect(cells("| Category | Spent | Transactions |\n|---|---|---|\n| Housing | CHF 300.00 | 3 |")).toEqual([
      ["CHF 300.00", "grounded", ["Housing"]],
      ["3", "mismatched", [null, "Dining"]],
    ]);
    expect(cells("| Category | Merchants |\n|---|---|\n| Housing | 12 |")).toEqual([["12", "mismatched", ["Housing"]]]);
    expect(cells("| Category | # tx | No. of merchants |\n|---|---|---|\n| Housing | 12 | 12 |")).toEqual([
      ["12", "grounded", ["Housing"]],
      ["12", "mismatched", ["Housing"]],
    ]);
  });
  test("wrong: a bare whole number under 'CHF' or 'Amount (CHF)' is no count (Housing's 12 transactions, Dining's 3): not read", () => {
    expect(cells("| Category | CHF |\n|---|---|\n| Housing | 12 |\n| Groceries | 600 |")).toEqual([]);
    expect(cells("| Category | Amount (CHF) |\n|---|---|\n| Dining | 3 |")).toEqual([]);
  });
  test("right: a due day, a share and an average per payment are no counts (no false alarm, no link)", () => {
    expect(cells("| Merchant | Due day | Amount |\n|---|---|---|\n| Netflix | 12 | CHF 20.00 |")).toEqual([["CHF 20.00", "ungrounded", []]]);
    expect(cells("| Category | Spent | Share |\n|---|---|---|\n| Housing | CHF 300.00 | 30 |")).toEqual([["CHF 300.00", "grounded", ["Housing"]]]);
    expect(cells("| Category | Payments | Avg per payment |\n|---|---|---|\n| Groceries | 25 | 24 |")).toEqual([["25", "grounded", ["Groceries"]]]);
  });
});

describe("a count of months or days links to no rows (it counts no rows)", () => {
  const trend = turn([
    "monthly_trend",
    { category: "Dining", year: 2025 },
    "Monthly spending on Dining for 2025. CHF: total CHF 240.00 over 12 transactions, average CHF 20.00 per month over 12 months (activity in 11); highest 2025-06 CHF 40.00, lowest 2025-03 CHF 0.00.",
  ]);
  const sourceRows = (answer: string) => trend.check(answer, "").map((f) => [f.text, f.status, f.sources.map((s) => s.rows ?? null)]);
  test("the rows' count links to its rows", () => {
    expect(sourceRows("| Category | Payments |\n|---|---|\n| Dining | 12 |")).toEqual([["12", "grounded", [{ from: "2025-01-01", to: "2025-12-31", category: "Dining", currency: "CHF" }]]]);
  });
  test("the months with payments are found, with no link", () => {
    expect(sourceRows("| Category | Months with payments |\n|---|---|\n| Dining | 11 |")).toEqual([["11", "grounded", [null]]]);
  });
});

describe("a count counts what its source's label or column header says (rows, merchants, months)", () => {
  test("months with payments are no count of payments: right, 'active in 11' months; wrong, '11 payments'", () => {
    const t = turn([
      "monthly_trend",
      { category: "Dining", year: 2025 },
      "Monthly spending on Dining for 2025. CHF: total CHF 240.00 over 14 transactions, average CHF 20.00 per month over 12 months (activity in 11); highest 2025-06 CHF 40.00, lowest 2025-03 CHF 0.00.",
    ]);
    expect(statuses(t, "Dining cost CHF 240.00 over 14 payments.")).toEqual([
      ["CHF 240.00", "grounded"],
      ["14", "grounded"],
    ]);
    expect(statuses(t, "Dining cost CHF 240.00 over 11 payments.")).toEqual([
      ["CHF 240.00", "grounded"],
      ["11", "mismatched"],
    ]);
  });
  test("a table's Transactions column counts rows: right, Coop had 9 transactions; wrong, 9 merchants", () => {
    const t = createTurnFigures({ vocabulary: VOCABULARY, periods: (input) => callPeriods(input, DATA), figureKind: () => undefined });
    t.record(
      { id: "toolu_0", name: "review_transactions", input: { year: 2025 } },
      { summary: "Merchants to review for 2025: 2.", charts: [], tables: [{ title: "Merchants to review, 2025", columns: ["Merchant", "Transactions", "Total"], kinds: ["text", "count", "money"], rows: [["Coop", 9, -120.5], ["Migros", 4, -80]], totalRows: 2 }] },
    );
    expect(statuses(t, "Coop has 9 transactions to review.")).toEqual([["9", "grounded"]]);
    expect(statuses(t, "There are 9 merchants to review.")).toEqual([["9", "mismatched"]]);
    expect(statuses(t, "| Merchant | Transactions |\n|---|---|\n| Coop | 9 |")).toEqual([["9", "grounded"]]);
    expect(statuses(t, "| Merchant | Merchants |\n|---|---|\n| Coop | 9 |")).toEqual([["9", "mismatched"]]);
  });
});

describe("a count after a colon that ends its sentence is a figure of the summary, not a list number", () => {
  const t = turn([
    "unusual_transactions",
    { year: 2025 },
    "New merchants in spending for 2025 (first transaction in the whole data): 3. Coop first on 2025-02-01, 4 payments, CHF 80.00; Netflix first on 2025-03-05, 2 payments, CHF 25.80; Spotify first on 2025-05-05, 1 payment, CHF 12.95.",
  ]);
  test("right: 3 new merchants are found", () => {
    expect(statuses(t, "There are 3 new merchants.")).toEqual([["3", "grounded"]]);
  });
  test("wrong: 4 new merchants (Coop's 4 payments) is not found", () => {
    expect(statuses(t, "There are 4 new merchants.")).toEqual([["4", "mismatched"]]);
  });
});

const TRANSPORT = [
  "monthly_trend",
  { category: "Transport", from: "2025-01-01", to: "2025-06-30" },
  "Monthly spending on Transport from 2025-01-01 to 2025-06-30. CHF: total CHF 3'437.47 over 40 transactions, average CHF 572.91 per month over 6 months; highest 2025-05 CHF 844.80, lowest 2025-02 CHF 301.20. Per month: 2025-01 CHF 560.00, 2025-02 CHF 301.20, 2025-03 CHF 800.07, 2025-04 CHF 437.55, 2025-05 CHF 844.80, 2025-06 CHF 493.85.",
] as [string, Record<string, unknown>, string];

describe("an amount said to be above or below the average is the gap between what its sentence is about and the average", () => {
  const trend = turn(TRANSPORT);
  test("right: May, not written, CHF 271.89 above the monthly average (844.80 − 572.91); March, written, CHF 227.16 above it (800.07 − 572.91)", () => {
    expect(statuses(trend, "May stands out: CHF 407.25 more than April, and CHF 271.89 above your monthly average.")).toEqual([
      ["CHF 407.25", "derived"],
      ["CHF 271.89", "derived"],
    ]);
    expect(statuses(trend, "March was CHF 800.07, CHF 227.16 above the monthly average.")).toEqual([
      ["CHF 800.07", "grounded"],
      ["CHF 227.16", "derived"],
    ]);
  });
  test("wrong: the lowest month's gap said of May (271.71 = 572.91 − 301.20), May's said of February (271.89), highest − lowest said to be February's gap (543.60)", () => {
    expect(statuses(trend, "May was CHF 271.71 above the average.")).toEqual([["CHF 271.71", "ungrounded"]]);
    expect(statuses(trend, "Compared with May, February was CHF 271.89 below the average.")).toEqual([["CHF 271.89", "ungrounded"]]);
    expect(statuses(trend, "February was CHF 543.60 below the average.")).toEqual([["CHF 543.60", "ungrounded"]]);
    expect(statuses(trend, "February was CHF 271.71 below the average.")).toEqual([["CHF 271.71", "derived"]]);
  });
});

describe("a gap to the average is of the sentence's own amount, its own category's average, on the side its word says", () => {
  const DINING = [
    "monthly_trend",
    { category: "Dining", from: "2025-01-01", to: "2025-06-30" },
    "Monthly spending on Dining from 2025-01-01 to 2025-06-30. CHF: total CHF 1'200.00 over 30 transactions, average CHF 200.00 per month over 6 months; highest 2025-04 CHF 300.00, lowest 2025-01 CHF 100.00. Per month: 2025-01 CHF 100.00, 2025-02 CHF 150.00, 2025-03 CHF 250.00, 2025-04 CHF 300.00, 2025-05 CHF 200.00, 2025-06 CHF 200.00.",
  ] as [string, Record<string, unknown>, string];
  test("right: Transport's March, written or not, CHF 227.16 above Transport's average (800.07 − 572.91), Dining's average in the turn too", () => {
    const two = turn(TRANSPORT, DINING);
    expect(statuses(two, "Transport in March came to CHF 800.07, CHF 227.16 above the average.")).toEqual([
      ["CHF 800.07", "grounded"],
      ["CHF 227.16", "derived"],
    ]);
    expect(statuses(two, "Transport in March was CHF 227.16 above the average.")).toEqual([["CHF 227.16", "derived"]]);
  });
  test("wrong: a gap to Dining's average said of Transport (March 800.07 − 200.00, written or not; May 844.80 − 200.00), Transport's average less Dining's said of Dining's June", () => {
    const two = turn(TRANSPORT, DINING);
    expect(statuses(two, "Transport in March came to CHF 800.07, CHF 600.07 above the average.")).toEqual([
      ["CHF 800.07", "grounded"],
      ["CHF 600.07", "ungrounded"],
    ]);
    expect(statuses(two, "Transport in March was CHF 600.07 above the average.")).toEqual([["CHF 600.07", "ungrounded"]]);
    expect(statuses(two, "Transport in May was CHF 644.80 above the average.")).toEqual([["CHF 644.80", "ungrounded"]]);
    expect(statuses(two, "Dining in June was CHF 372.91 below the monthly average.")).toEqual([["CHF 372.91", "ungrounded"]]);
  });
  test("wrong: April said to be CHF 227.16 above the average (March's gap, March written earlier in the sentence; April is CHF 135.36 below)", () => {
    expect(statuses(turn(TRANSPORT), "March was CHF 800.07 while April was CHF 437.55, CHF 227.16 above the monthly average.")).toEqual([
      ["CHF 800.07", "grounded"],
      ["CHF 437.55", "grounded"],
      ["CHF 227.16", "ungrounded"],
    ]);
  });
  test("wrong: March CHF 227.16 below the monthly average (it is above); right: June CHF 79.06 below it", () => {
    expect(statuses(turn(TRANSPORT), "March was CHF 800.07, CHF 227.16 below the monthly average.")).toEqual([
      ["CHF 800.07", "grounded"],
      ["CHF 227.16", "ungrounded"],
    ]);
    expect(statuses(turn(TRANSPORT), "March was CHF 227.16 below the monthly average.")).toEqual([["CHF 227.16", "ungrounded"]]);
    expect(statuses(turn(TRANSPORT), "June was CHF 79.06 below your monthly average.")).toEqual([["CHF 79.06", "derived"]]);
  });
});

describe("a percentage of the increase or the decline is a share of the comparison's total change", () => {
  const t = turn([
    "compare_periods",
    { a: { year: 2025, month: 3 }, b: { year: 2025, month: 4 } },
    "Spending: 2025-03 (a) vs 2025-04 (b). CHF: total spending CHF 4'000.00 → CHF 4'578.65 (+CHF 578.65, +14.5%). By change: Housing CHF 2'100.00 → CHF 2'462.45 (+CHF 362.45, +17.3%); Other CHF 96.00 → CHF 276.00 (+CHF 180.00, +187.5%); Transport CHF 400.00 → CHF 436.20 (+CHF 36.20, +9.1%).",
  ]);
  test("right: housing's CHF 362.45 is 62.6% of the whole increase (362.45 ÷ 578.65); housing and other together 93.7% of it", () => {
    expect(statuses(t, "Housing rose by CHF 362.45, 62.6% of the whole increase.")).toEqual([
      ["CHF 362.45", "grounded"],
      ["62.6%", "derived"],
    ]);
    expect(statuses(t, "Housing and Other together rose by CHF 542.45, or 93.7% of the increase.")).toEqual([
      ["CHF 542.45", "derived"],
      ["93.7%", "derived"],
    ]);
  });
  test("wrong: Housing's level over the total ('53.8% of the increase', 2'462.45 ÷ 4'578.65); a level written before it ('from CHF 96.00 to CHF 276.00, 47.7%', '16.6%')", () => {
    expect(statuses(t, "Housing made up 53.8% of the increase.")).toEqual([["53.8%", "ungrounded"]]);
    expect(statuses(t, "Other rose from CHF 96.00 to CHF 276.00, 47.7% of the whole increase.")).toEqual([
      ["CHF 96.00", "grounded"],
      ["CHF 276.00", "grounded"],
      ["47.7%", "ungrounded"],
    ]);
    expect(statuses(t, "Other rose from CHF 96.00 to CHF 276.00, 16.6% of the whole increase.")).toEqual([
      ["CHF 96.00", "grounded"],
      ["CHF 276.00", "grounded"],
      ["16.6%", "ungrounded"],
    ]);
    expect(statuses(t, "Other rose from CHF 96.00 to CHF 276.00, 31.1% of the whole increase.")).toEqual([
      ["CHF 96.00", "grounded"],
      ["CHF 276.00", "grounded"],
      ["31.1%", "derived"],
    ]);
  });
  const decline = turn([
    "compare_periods",
    { a: { year: 2025, month: 3 }, b: { year: 2025, month: 4 } },
    "Spending: 2025-03 (a) vs 2025-04 (b). CHF: total spending CHF 4'578.65 → CHF 3'834.85 (-CHF 743.80, -16.2%). By change: Housing CHF 2'462.45 → CHF 1'982.45 (-CHF 480.00, -19.5%); Other CHF 276.00 → CHF 96.00 (-CHF 180.00, -65.2%); Transport CHF 436.20 → CHF 352.40 (-CHF 83.80, -19.2%).",
  ]);
  test("right: Other's CHF 180.00 is 24.2% of the whole decline (180.00 ÷ 743.80), Housing about 65%", () => {
    expect(statuses(decline, "Other fell by CHF 180.00, 24.2% of the whole decline.")).toEqual([
      ["CHF 180.00", "grounded"],
      ["24.2%", "derived"],
    ]);
    expect(statuses(decline, "Housing fell by CHF 480.00, about 65% of the whole decline.")).toEqual([
      ["CHF 480.00", "grounded"],
      ["65%", "derived"],
    ]);
  });
  test("wrong: 65.2% of the whole decline (Other's fall in per cent, not its share); 64.5% of the increase (a share of the decline)", () => {
    expect(statuses(decline, "Other fell by CHF 180.00, 65.2% of the whole decline.")).toEqual([
      ["CHF 180.00", "grounded"],
      ["65.2%", "ungrounded"],
    ]);
    expect(statuses(decline, "Housing accounts for 64.5% of the increase.")).toEqual([["64.5%", "ungrounded"]]);
  });
});

describe("a percentage 'used' of a budget is spent ÷ budget, never the remaining amount's share", () => {
  const t = turn([
    "budget_status",
    { year: 2025, month: 3 },
    "Budgets for 2025-03 (a full month).\n- Transport: budget CHF 600.00, spent CHF 387.84, remaining CHF 212.16, 64.6% used.\n- Dining: budget CHF 800.00, spent CHF 974.80, remaining CHF -174.80, 121.9% used — OVER BUDGET.\nTotal budget CHF 1'400.00, total spent CHF 1'362.64 (97.3%).",
  ]);
  test("right: transport CHF 387.84 of CHF 600, 64.6% used; CHF 212.16 left, 35.4% of the budget", () => {
    expect(statuses(t, "Transport: CHF 387.84 of CHF 600.00, CHF 212.16 left, 64.6% used.")).toEqual([
      ["CHF 387.84", "grounded"],
      ["CHF 600.00", "grounded"],
      ["CHF 212.16", "grounded"],
      ["64.6%", "grounded"],
    ]);
    expect(statuses(t, "Transport has CHF 212.16 left, 35.4% of its budget.")).toEqual([
      ["CHF 212.16", "grounded"],
      ["35.4%", "derived"],
    ]);
  });
  test("wrong: 35.4% used (the remaining CHF 212.16 ÷ CHF 600.00)", () => {
    expect(statuses(t, "Transport: CHF 387.84 of CHF 600.00, CHF 212.16 left, 35.4% used.")).toEqual([
      ["CHF 387.84", "grounded"],
      ["CHF 600.00", "grounded"],
      ["CHF 212.16", "grounded"],
      ["35.4%", "ungrounded"],
    ]);
  });
});
