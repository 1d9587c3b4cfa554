/**
 * The figure check, rule by rule (SPEC §11, §11.1): for each rule a right figure and a wrong
 * one, over tool results written here by hand (in the tools' own summary style), so every
 * expected status can be worked out by reading the summary.
 */
import { describe, expect, test } from "bun:test";
import type { ToolOutput } from "../../src/core/events.ts";
import type { AnswerFigure, FigureOperation } from "../../src/core/figures.ts";
import { createTurnFigures, type TurnFigures } from "../../src/figures/turn.ts";
import { figureNote } from "../../src/figures/note.ts";
import type { Ledger } from "../../src/ledger/ledger.ts";
import { evaluate } from "../../src/tools/calculate.ts";
import { callPeriods } from "../../src/tools/query/period.ts";

/** The data's names: what a figure can be said to be about. */
const VOCABULARY = {
  categoryNames: ["Groceries", "Dining", "Housing", "Travel", "Shopping", "Transport", "Income", "Fees", "Other", "Uncategorised"],
  merchants: ["Migros", "Migros Restaurant", "Coop", "Netflix", "Spotify", "Restaurant Hiltl", "Livit AG"],
  accounts: ["Visa 4417", "Savings Account"],
};
/** Data from 2024-01-01 to 2025-12-31: only the bounds matter to the periods' divisors. */
const DATA = { firstDay: 20240101, lastDay: 20251231 } as Ledger;

type Call = { name: string; input: Record<string, unknown>; summary: string; charts?: ToolOutput["charts"]; tables?: ToolOutput["tables"] };

function turn(calls: Call[], vocabulary = VOCABULARY): TurnFigures {
  const t = createTurnFigures({
    vocabulary,
    periods: (input) => callPeriods(input, DATA),
    figureKind: (name) => (name === "calculate" ? "number" : undefined),
  });
  calls.forEach((c, i) => t.record({ id: `toolu_${i}`, name: c.name, input: c.input }, { summary: c.summary, charts: c.charts ?? [], ...(c.tables ? { tables: c.tables } : {}) }));
  return t;
}

/** A turn of one call over data of other names than VOCABULARY's. */
function turnOver(vocabulary: typeof VOCABULARY, call: Call): TurnFigures {
  const t = createTurnFigures({ vocabulary, periods: (input) => callPeriods(input, DATA), figureKind: () => undefined });
  t.record({ id: "toolu_0", name: call.name, input: call.input }, { summary: call.summary, charts: call.charts ?? [] });
  return t;
}

/** A turn of one call comparing two months of 2025 (a, b), its summary's figures after the heading. */
function monthsCompared(a: number, b: number, figures: string): TurnFigures {
  const iso = (m: number) => `2025-${String(m).padStart(2, "0")}`;
  return turn([{ name: "compare_periods", input: { a: { year: 2025, month: a }, b: { year: 2025, month: b } }, summary: `Spending: ${iso(a)} (a) vs ${iso(b)} (b). ${figures}` }]);
}

/** Five changes from May to June 2025, three of them decreases (570.95 + 105.81 + 84.85 = 761.61), not side by side. */
const MAY_JUNE_CHANGES =
  "CHF: total spending CHF 9'000.00 → CHF 9'500.00 (+CHF 500.00, +5.6%). By change: Dining CHF 1'500.00 → CHF 929.05 (CHF -570.95, -38.1%); Travel CHF 700.00 → CHF 1'633.20 (+CHF 933.20, +133.3%); Transport CHF 478.62 → CHF 372.81 (CHF -105.81, -22.1%); Shopping CHF 901.60 → CHF 1'230.01 (+CHF 328.41, +36.4%); Groceries CHF 1'706.20 → CHF 1'621.35 (CHF -84.85, -5.0%).";

/** Three months' nets: 10'000.00 − 8'000.00 = 2'000.00; 10'000.00 − 11'145.03 = -1'145.03; 10'000.00 − 8'854.97 = 1'145.03. */
const NETS: Call = {
  name: "income_vs_spending",
  input: { from: "2025-01-01", to: "2025-03-31" },
  summary:
    "Income vs spending from 2025-01-01 to 2025-03-31. CHF: income CHF 30'000.00, spending CHF 28'000.00, net CHF 2'000.00, savings rate 6.7%. Per month (income / spending / net): 2025-01 CHF 10'000.00 / CHF 8'000.00 / CHF 2'000.00; 2025-02 CHF 10'000.00 / CHF 11'145.03 / CHF -1'145.03; 2025-03 CHF 10'000.00 / CHF 8'854.97 / CHF 1'145.03.",
};

/** A turn of one call. */
const oneCall = (name: string, input: Record<string, unknown>, summary: string) => turn([{ name, input, summary }]);

/** [written, status] of each figure of `answer`. */
const statuses = (t: TurnFigures, answer: string, question = "") => t.check(answer, question).map((f) => [f.text, f.status]);
/** [written, status] of the last figure of `answer`. */
const lastStatus = (t: TurnFigures, answer: string) => statuses(t, answer).at(-1);
const one = (t: TurnFigures, answer: string): AnswerFigure => {
  const all = t.check(answer, "");
  expect(all).toHaveLength(1);
  return all[0]!;
};

const CATEGORIES_2025: Call = {
  name: "spending_by_category",
  input: { year: 2025 },
  summary:
    "Spending by category for 2025. CHF: total CHF 18'434.50 over 312 transactions in 4 categories: Groceries CHF 7'431.20 (40.3%, 180 tx); Housing CHF 6'000.00 (32.5%, 12 tx); Dining CHF 3'000.00 (16.3%, 90 tx); Travel CHF 2'003.30 (10.9%, 30 tx).",
};
const CATEGORIES_2024: Call = {
  name: "spending_by_category",
  input: { year: 2024 },
  summary: "Spending by category for 2024. CHF: total CHF 16'000.00 over 300 transactions in 2 categories: Groceries CHF 6'500.00 (40.6%, 170 tx); Housing CHF 9'500.00 (59.4%, 130 tx).",
};

describe("grounded: equal at the precision written", () => {
  const t = turn([CATEGORIES_2025]);
  test("right: every writing of CHF 7'431.20; wrong: a cent off", () => {
    expect(statuses(t, "Groceries CHF 7'431.20, 7'431.2, 7,431.20, CHF 7431, CHF 7.4k.")).toEqual([
      ["CHF 7'431.20", "grounded"],
      ["7'431.2", "grounded"],
      ["7,431.20", "grounded"],
      ["CHF 7431", "grounded"],
      ["CHF 7.4k", "grounded"],
    ]);
    expect(statuses(t, "Groceries CHF 7'431.30.")).toEqual([["CHF 7'431.30", "ungrounded"]]);
  });
  test("right: a rounding word rounds at the last non-zero digit (about CHF 7'400); wrong: rounded the wrong way (about CHF 7'500)", () => {
    expect(statuses(t, "Groceries: about CHF 7'400.")).toEqual([["CHF 7'400", "grounded"]]);
    expect(statuses(t, "Groceries: about CHF 7'500.")).toEqual([["CHF 7'500", "ungrounded"]]);
  });
  test("right: 'almost' is just below (almost CHF 7'500: 7'350 … 7'500, 2% below); wrong: 'nearly CHF 9k' (8'500 … 9'000: half a thousand below)", () => {
    expect(statuses(t, "Groceries came to almost CHF 7'500.")).toEqual([["CHF 7'500", "grounded"]]);
    expect(statuses(t, "Groceries came to nearly CHF 9k.")).toEqual([["CHF 9k", "ungrounded"]]);
  });
  test("a count beside a noun or in brackets; the question's numbers are no figures", () => {
    const s = turn([{ name: "search_transactions", input: { search: "Migros" }, summary: "Merchant names: Migros (839), Migros Restaurant (87)." }]);
    expect(statuses(s, "Mostly the supermarket, Migros (839); 839 payments.")).toEqual([
      ["839", "grounded"],
      ["839", "grounded"],
    ]);
    expect(statuses(s, "Mostly the supermarket, Migros (893).")).toEqual([["893", "ungrounded"]]);
    expect(statuses(s, "Yes, more than 500: Migros (839).", "Did I go more than 500 times?")).toEqual([["839", "grounded"]]);
  });
});

describe("mismatched: the value is a figure about something else than the answer says", () => {
  const t = turn([CATEGORIES_2024, CATEGORIES_2025]);
  test("year: right, Housing 2025 is CHF 6'000.00; wrong, 2024's CHF 9'500.00 written as 2025's", () => {
    expect(statuses(t, "In 2025 housing cost CHF 6'000.00.")).toEqual([["CHF 6'000.00", "grounded"]]);
    const f = one(t, "In 2025 housing cost CHF 9'500.00.");
    expect([f.status, f.said, f.sources.map((s) => s.about)]).toEqual(["mismatched", "2025 · Housing", ["2024 · Housing · CHF"]]);
    expect(figureNote(f)).toBe("CHF 9'500.00 (said of 2025 · Housing): found as spending_by_category · summary · Housing (2024 · Housing · CHF): CHF 9'500.00");
  });
  test("category: right, Dining CHF 3'000.00; wrong, Groceries said to be CHF 3'000.00", () => {
    expect(statuses(t, "Dining: CHF 3'000.00.")).toEqual([["CHF 3'000.00", "grounded"]]);
    expect(statuses(t, "Groceries: CHF 3'000.00.")).toEqual([["CHF 3'000.00", "mismatched"]]);
  });
  test("merchant: right, Coop CHF 512.40; wrong, Migros said to be Coop's CHF 512.40", () => {
    const m = turn([{ name: "merchant_breakdown", input: { year: 2025 }, summary: "Merchants for 2025. CHF: 1. Coop CHF 512.40 (20 tx); 2. Migros CHF 498.10 (25 tx)." }]);
    expect(statuses(m, "Coop took CHF 512.40.")).toEqual([["CHF 512.40", "grounded"]]);
    expect(statuses(m, "Migros took CHF 512.40.")).toEqual([["CHF 512.40", "mismatched"]]);
  });
  test("a category's word in lower case after a merchant's name is that merchant's thing: right, the Netflix fee of a Shopping figure; wrong, Fees said to be it (tuning: the Kita fee)", () => {
    const m = turn([{ name: "merchant_breakdown", input: { year: 2025, category: "Shopping" }, summary: "Shopping by merchant for 2025. CHF: total CHF 250.80 over 12 transactions: Netflix CHF 250.80 (12 tx)." }]);
    expect(statuses(m, "The Netflix fee came to CHF 250.80 in 2025.")).toEqual([["CHF 250.80", "grounded"]]);
    expect(statuses(m, "Fees came to CHF 250.80 in 2025.")).toEqual([["CHF 250.80", "mismatched"]]);
    // A category's own name after a merchant stays the category (review of r4-leadfig: Dining's total passed as Migros's groceries).
    expect(statuses(turn([CATEGORIES_2025]), "Migros groceries came to CHF 3'000.00 in 2025.")).toEqual([["CHF 3'000.00", "mismatched"]]);
  });
  test("a booking's noun between a figure and its month keeps the month the figure's: right, a settlement in March and a refund in February; wrong, the two months swapped (tuning, r4r20)", () => {
    const m = turn([{ name: "monthly_trend", input: { year: 2025 }, summary: "Monthly spending for 2025. CHF: Per month: 2025-02 CHF 1'333.05, 2025-03 CHF 1'386.65." }]);
    expect(statuses(m, "There was a CHF 1'386.65 settlement in March and a CHF 1'333.05 refund in February.")).toEqual([["CHF 1'386.65", "grounded"], ["CHF 1'333.05", "grounded"]]);
    expect(statuses(m, "There was a CHF 1'333.05 settlement in March and a CHF 1'386.65 refund in February.")).toEqual([["CHF 1'333.05", "mismatched"], ["CHF 1'386.65", "mismatched"]]);
  });
  test("the categories a review looks in are not its rows': right, 483 groceries transactions to review; wrong, Dining said to have them (tuning, r4s13)", () => {
    const m = turn([{ name: "review_transactions", input: { category: "Groceries", limit: 5 }, summary: "To review for all dates (2024-01-01 to 2025-12-31): 483 transactions at 9 merchants (in Uncategorised/Other, confidence below 0.8 or unclassified). Migros: 166 rows, CHF -3'555.75, in Groceries, lowest confidence 0.65." }]);
    expect(statuses(m, "There are 483 groceries transactions to review.")).toEqual([["483", "grounded"]]);
    expect(statuses(m, "There are 483 dining transactions to review.")).toEqual([["483", "mismatched"]]);
    // A review with no category filter keeps its criteria's categories (review of r4-leadfig: 40 rows said to be groceries).
    const all = turn([{ name: "review_transactions", input: { limit: 5 }, summary: "To review for all dates (2024-01-01 to 2025-12-31): 40 transactions at 3 merchants (in Uncategorised/Other, confidence below 0.8 or unclassified). Migros: 20 rows, CHF -355.75, in Groceries, lowest confidence 0.65." }]);
    expect(statuses(all, "There are 40 groceries transactions to review.")).toEqual([["40", "mismatched"]]);
  });
  test("a mention denied with n't is no mention: right, unclassified money in that isn't counted as income; wrong, said to be income (tuning, r4j05)", () => {
    const m = turn([{ name: "income_vs_spending", input: { year: 2025 }, summary: "Income vs spending for 2025. CHF: income CHF 90'000.00, spending CHF 70'000.00, net CHF 20'000.00, savings rate 22.2%. Unclassified money in (Uncategorised rows with money in, counted neither as spending nor as income): CHF 1'022.76 in 13 transactions." }]);
    expect(statuses(m, "CHF 1'022.76 came in without a category, so it isn't counted as income.")).toEqual([["CHF 1'022.76", "grounded"]]);
    expect(statuses(m, "Your income included CHF 1'022.76 of refunds.")).toEqual([["CHF 1'022.76", "mismatched"]]);
  });
  test("the verb right after the figure before is that figure's: right, CHF 1'215.00 invested after CHF 2'310.00 moved; wrong, the investment said to be moved (tuning, r4s05)", () => {
    const m = turnOver(
      { ...VOCABULARY, categoryNames: [...VOCABULARY.categoryNames, "Investments", "Transfers"] },
      { name: "income_vs_spending", input: { year: 2025 }, summary: "Income vs spending for 2025. CHF: income CHF 90'000.00, spending CHF 70'000.00, net CHF 20'000.00, savings rate 22.2%. Not counted as spending or income: moved to own accounts CHF 2'310.00 (Transfers, net); invested CHF 1'215.00 (Investments, net)." },
    );
    expect(statuses(m, "Not counted: CHF 2'310.00 moved to your own accounts and CHF 1'215.00 invested.")).toEqual([["CHF 2'310.00", "grounded"], ["CHF 1'215.00", "grounded"]]);
    expect(statuses(m, "You invested CHF 2'310.00.")).toEqual([["CHF 2'310.00", "mismatched"]]);
    // A verb shared by an elided clause is the second figure's too (review of r4-leadfig).
    expect(statuses(m, "CHF 2'310.00 moved to own accounts and CHF 1'215.00 more.").at(-1)).toEqual(["CHF 1'215.00", "mismatched"]);
  });
  test("a cell of a column headed Change is a change, its minus written: right, -570.95 under Change; wrong, 570.95 as June's level (tuning, r4u07)", () => {
    const m = monthsCompared(5, 6, MAY_JUNE_CHANGES);
    expect(statuses(m, "| Category | May | June | Change |\n|---|---|---|---|\n| Dining | 1'500.00 | 929.05 | -570.95 |\n")).toEqual([["1'500.00", "grounded"], ["929.05", "grounded"], ["-570.95", "grounded"]]);
    expect(statuses(m, "| Category | May | June |\n|---|---|---|\n| Dining | 1'500.00 | 570.95 |\n")).toEqual([["1'500.00", "grounded"], ["570.95", "mismatched"]]);
    // A rise written with a minus under Change is no fall (review of r4-leadfig).
    expect(statuses(m, "| Category | May | June | Change |\n|---|---|---|---|\n| Travel | 700.00 | 1'633.20 | -933.20 |\n").at(-1)).toEqual(["-933.20", "mismatched"]);
  });
  test("currency: right, CHF 7'431.20; wrong, EUR 7'431.20", () => {
    expect(statuses(t, "Groceries: EUR 7'431.20.")).toEqual([["EUR 7'431.20", "mismatched"]]);
  });
  test("account: right, the Visa card's CHF 2'478.60; wrong, the savings account said to have spent it", () => {
    const a = turn([{ name: "spending_breakdown", input: { year: 2025, group_by: ["account"] }, summary: "Total of spending by account for 2025. CHF: Visa 4417 CHF 2'478.60 (23); Savings Account CHF 800.00 (2)." }]);
    expect(statuses(a, "Visa 4417 spent CHF 2'478.60.")).toEqual([["CHF 2'478.60", "grounded"]]);
    expect(statuses(a, "The Savings Account spent CHF 2'478.60.")).toEqual([["CHF 2'478.60", "mismatched"]]);
  });
  test("month and weekday: a chart's labels say what each value is about", () => {
    const c = turn([
      {
        name: "spending_breakdown",
        input: { year: 2025, group_by: ["weekday"] },
        summary: "Total of spending by weekday for 2025. CHF: Mon CHF 40.00 (2); Sat CHF 80.00 (1).",
      },
      {
        name: "monthly_trend",
        input: { year: 2025, category: "Groceries" },
        summary: "Monthly spending on Groceries for 2025. Per month: 2025-01 CHF 1'322.45, 2025-02 CHF 1'333.05.",
      },
    ]);
    expect(statuses(c, "On Saturday you spent CHF 80.00; in February CHF 1'333.05.")).toEqual([
      ["CHF 80.00", "grounded"],
      ["CHF 1'333.05", "grounded"],
    ]);
    expect(statuses(c, "On Monday you spent CHF 80.00; in January CHF 1'333.05.")).toEqual([
      ["CHF 80.00", "mismatched"],
      ["CHF 1'333.05", "mismatched"],
    ]);
  });
  test("rate and direction: a yearly cost is no monthly one; a fall is no rise", () => {
    const r = turn([
      { name: "recurring_payments", input: {}, summary: "Spotify (Subscriptions) monthly CHF 12.95, 10 payments, CHF 155.40 a year." },
      { name: "compare_periods", input: { a: { year: 2024 }, b: { year: 2025 } }, summary: "Spending: 2024 (a) vs 2025 (b). CHF: Dining CHF 246.50 → CHF 200.80 (CHF -45.70, -18.5%)." },
    ]);
    expect(statuses(r, "Spotify costs CHF 155.40 a year; dining fell 18.5%.")).toEqual([
      ["CHF 155.40", "grounded"],
      ["18.5%", "grounded"],
    ]);
    expect(statuses(r, "Spotify costs CHF 155.40 a month; dining rose 18.5%.")).toEqual([
      ["CHF 155.40", "mismatched"],
      ["18.5%", "mismatched"],
    ]);
  });
});

describe("derived (SPEC §11.1)", () => {
  const t = turn([CATEGORIES_2025]);
  test("a sum of two: right, groceries and dining CHF 10'431.20; wrong, CHF 10'431.30", () => {
    expect(statuses(t, "Groceries and dining together: CHF 10'431.20.")).toEqual([["CHF 10'431.20", "derived"]]);
    expect(statuses(t, "Groceries and dining together: CHF 10'431.30.")).toEqual([["CHF 10'431.30", "ungrounded"]]);
  });
  test("a run of one list: right, the top three CHF 16'431.20 (7'431.20 + 6'000 + 3'000); wrong, a rounded sum of two unrelated amounts", () => {
    const f = one(t, "The top three came to CHF 16'431.20.");
    expect([f.status, f.operation, f.sources.map((s) => s.text)]).toEqual(["derived", "sum", ["CHF 7'431.20", "CHF 6'000.00", "CHF 3'000.00"]]);
    // about CHF 13k = Groceries + Housing (13'431.20), but the answer says it is Travel's: no term is about Travel.
    expect(statuses(t, "Travel took about CHF 13k.")).toEqual([["CHF 13k", "ungrounded"]]);
  });
  test("a difference: right, groceries cost CHF 1'431.20 more than housing; wrong, CHF 1'341.20", () => {
    expect(statuses(t, "Groceries cost CHF 1'431.20 more than housing.")).toEqual([["CHF 1'431.20", "derived"]]);
    expect(statuses(t, "Groceries cost CHF 1'341.20 more than housing.")).toEqual([["CHF 1'341.20", "ungrounded"]]);
  });
  test("a period's months, weeks and days: 7'431.20 ÷ 12 = 619.27, ÷ 52 = 142.91, ÷ 365 = 20.36; ÷ 11 is no period of the call", () => {
    const [m, w, d] = t.check("Groceries: CHF 619.27 a month, CHF 142.91 a week, CHF 20.36 a day.", "");
    expect([m!.status, m!.operation, m!.months]).toEqual(["derived", "monthly_average", 12]);
    expect([w!.status, w!.operation, w!.divisor, w!.per]).toEqual(["derived", "average", 52, "week"]);
    expect([d!.status, d!.operation, d!.divisor, d!.per]).toEqual(["derived", "average", 365, "day"]);
    // 7'431.20 ÷ 11 = 675.56
    expect(statuses(t, "Groceries: CHF 675.56 a month.")).toEqual([["CHF 675.56", "ungrounded"]]);
  });
  test("ratios: right, groceries 2.5 times dining (7'431.20 ÷ 3'000 = 2.48), housing twice dining; wrong, 2.7 times", () => {
    expect(statuses(t, "Groceries cost 2.5 times dining, and housing twice as much as dining.")).toEqual([
      ["2.5 times", "derived"],
      ["twice", "derived"],
    ]);
    expect(statuses(t, "Groceries cost 2.7 times dining.")).toEqual([["2.7 times", "ungrounded"]]);
  });
  test("percentage points: right, groceries' share is 7.8 points above housing's (40.3 − 32.5); wrong, 8.8 points", () => {
    expect(statuses(t, "Groceries' share is 7.8 percentage points above housing's.")).toEqual([["7.8 percentage points", "derived"]]);
    expect(statuses(t, "Groceries' share is 8.8 percentage points above housing's.")).toEqual([["8.8 percentage points", "ungrounded"]]);
  });
  test("a percentage change needs a change word: right, groceries up 14.3% (6'500 → 7'431.20); wrong without one", () => {
    const c = turn([CATEGORIES_2024, CATEGORIES_2025]);
    const f = one(c, "Groceries were up 14.3% on 2024.");
    expect([f.status, f.operation, f.sources.map((s) => s.text)]).toEqual(["derived", "percent_change", ["CHF 6'500.00", "CHF 7'431.20"]]);
    expect(statuses(c, "Groceries' share was 14.3%.")).toEqual([["14.3%", "ungrounded"]]);
  });
  test("a share is of a total: right, travel 10.87% (2'003.30 ÷ 18'434.50 = 10.867%, finer than the summary's 10.9%); wrong, 10.97%", () => {
    const f = one(t, "Travel was 10.87% of spending.");
    expect([f.status, f.operation, f.sources.map((s) => s.text)]).toEqual(["derived", "ratio", ["CHF 2'003.30", "CHF 18'434.50"]]);
    expect(statuses(t, "Travel was 10.97% of spending.")).toEqual([["10.97%", "ungrounded"]]);
  });
  test("an amount ÷ a count: right, CHF 41.28 per grocery purchase (7'431.20 ÷ 180); wrong, CHF 42.28", () => {
    expect(statuses(t, "That is CHF 41.28 per grocery purchase.")).toEqual([["CHF 41.28", "derived"]]);
    expect(statuses(t, "That is CHF 42.28 per grocery purchase.")).toEqual([["CHF 42.28", "ungrounded"]]);
  });
  test("a calculation's result (figureKind number) grounds an amount or a percentage written from it", () => {
    const c = turn([{ name: "calculate", input: { expression: "pct_change(6500, 7431.20)" }, summary: "Result: 14.326154 (rounded: 14.33)." }]);
    expect(statuses(c, "Up 14.33%, that is CHF 14.33 per CHF 100.")).toEqual([
      ["14.33%", "grounded"],
      ["CHF 14.33", "grounded"],
      ["CHF 100", "ungrounded"],
    ]);
  });
});

describe("a calculation over several currencies grounds nothing (QA D19)", () => {
  const SPOTIFY: Call = {
    name: "search_transactions",
    input: { search: "spotify" },
    summary:
      'Transactions matching "spotify" in all categories for all dates: 37 matches. CHF: 36 transactions from 2024-01-17 to 2025-12-17. Money out: CHF 760.20 in 36 transactions (average CHF 21.12). Money in: none. EUR: 1 transaction from 2025-09-10 to 2025-09-10. Money out: EUR 9.99 in 1 transaction (average EUR 9.99). Money in: none.',
  };
  test("wrong: CHF 760.20 + EUR 9.99 = 770.19 written as CHF 770.19 is not found (it was grounded by the calculation's result)", () => {
    const t = turn([SPOTIFY, { name: "calculate", input: { expression: "760.20 + 9.99" }, summary: "Result: 770.19." }]);
    expect(statuses(t, "Spotify cost CHF 770.19 in all.")).toEqual([["CHF 770.19", "ungrounded"]]);
  });
  test("right: a calculation over amounts of one currency (CHF 760.20 ÷ 36 × 12 = 253.40) still grounds its result", () => {
    const t = turn([SPOTIFY, { name: "calculate", input: { expression: "round(760.20 / 36 * 12, 2)" }, summary: "Result: 253.4 (rounded: 253.40)." }]);
    expect(statuses(t, "About CHF 253.40 a year.")).toEqual([["CHF 253.40", "grounded"]]);
    // 770.19 from one currency's amounts only would be grounded: CHF 760.20 + CHF 9.99 if both were CHF.
    const chf = turn([{ ...SPOTIFY, summary: SPOTIFY.summary.replace("EUR 9.99 in 1", "CHF 9.99 in 1") }, { name: "calculate", input: { expression: "760.20 + 9.99" }, summary: "Result: 770.19." }]);
    expect(statuses(chf, "Spotify cost CHF 770.19 in all.")).toEqual([["CHF 770.19", "grounded"]]);
  });
});

describe("sources besides this turn's tools (SPEC §11.1)", () => {
  test("an earlier turn's result: right, 2024's groceries as 2024's (the source names that turn); wrong, as 2025's", () => {
    const t = turn([CATEGORIES_2025]);
    t.recordEarlier({ id: "toolu_e", name: "spending_by_category", input: { year: 2024 } }, CATEGORIES_2024.summary, "What about 2024?");
    const right = one(t, "In 2024 groceries were CHF 6'500.00.");
    expect([right.status, right.sources[0]!.turn]).toEqual(["grounded", "What about 2024?"]);
    expect(statuses(t, "In 2025 groceries were CHF 6'500.00.")).toEqual([["CHF 6'500.00", "mismatched"]]);
  });
  test("a rate over a month of an earlier turn's period: right, April's net CHF 4'978.30 ÷ 30/7 = CHF 1'162 a week; wrong, ÷ 4 weeks (CHF 1'245)", () => {
    const t = turn([{ name: "calculate", input: { expression: "round(5871.64 / 13, 2)" }, summary: "Result: 451.66." }]);
    t.recordEarlier(
      { id: "toolu_e", name: "income_vs_spending", input: { from: "2025-04-01", to: "2025-06-30" } },
      "Income vs spending from 2025-04-01 to 2025-06-30. CHF: income CHF 51'166.94, spending CHF 45'295.30, net CHF 5'871.64. Per month (income / spending / net): 2025-04 CHF 16'999.29 / CHF 12'020.99 / CHF 4'978.30; 2025-05 CHF 17'103.85 / CHF 15'775.02 / CHF 1'328.83; 2025-06 CHF 17'063.80 / CHF 17'499.29 / CHF -435.49.",
      "How much did I save in the second quarter?",
    );
    // Before, only this turn's calls' periods were the periods a rate may be over: April (of the earlier call) had no divisors.
    expect(statuses(t, "In April alone you kept about CHF 1'162 a week.")).toEqual([["CHF 1'162", "derived"]]);
    expect(statuses(t, "In April alone you kept about CHF 1'245 a week.")).toEqual([["CHF 1'245", "ungrounded"]]);
  });
  test("a month named without its year is of this turn's year though an earlier turn's call holds it too: right, July CHF 700 ÷ 31 = CHF 22.58 a day; wrong, ÷ 30 (CHF 23.33)", () => {
    const t = turn([TREND]);
    t.recordEarlier({ id: "toolu_e", name: "spending_by_category", input: { year: 2024 } }, CATEGORIES_2024.summary, "What about 2024?");
    // Before, July was in 2024 (earlier turn) and 2025 (this turn): no one month, so its 31 days were no divisor.
    expect(statuses(t, "In July dining cost CHF 22.58 a day.")).toEqual([["CHF 22.58", "derived"]]);
    expect(statuses(t, "In July dining cost CHF 23.33 a day.")).toEqual([["CHF 23.33", "ungrounded"]]);
  });
  test("an approval's outcome: its count and total are figures of the turn that reports it; a wrong count is not", () => {
    const t = turn([]);
    t.recordOutcome({ id: "toolu_a", name: "recategorise_transactions", input: {} }, "Approved by the user: moved 12 transactions (CHF -345.60) from Shopping to Dining.");
    expect(statuses(t, "Done: I moved 12 transactions worth CHF 345.60 to Dining.")).toEqual([
      ["12", "grounded"],
      ["CHF 345.60", "grounded"],
    ]);
    expect(statuses(t, "Done: I moved 21 transactions worth CHF 345.60 to Dining.")).toEqual([
      ["21", "ungrounded"],
      ["CHF 345.60", "grounded"],
    ]);
  });
});

describe("the rows behind a figure (drill-down, SPEC §11.1)", () => {
  test("a count of an amount's rows links to the rows of that amount's currency (QA: Groceries' 27 CHF payments linked to 28 rows, the EUR one too)", () => {
    const t = oneCall("spending_by_category", { year: 2025 }, "Spending by category for 2025. CHF: total CHF 1'000.00 over 40 transactions in 3 categories: Housing CHF 300.00 (30.0%, 10 tx); Groceries CHF 600.00 (60.0%, 27 tx); Dining CHF 100.00 (10.0%, 3 tx). EUR: total EUR 25.50 over 1 transaction in 1 category: Groceries EUR 25.50 (100.0%, 1 tx).");
    const [amount, count] = t.check("Groceries cost CHF 600.00 in 2025, over 27 payments.", "");
    // Both are the 2025 Groceries rows in francs: the amount's currency is written with it, the count is of its rows.
    const rows = { from: "2025-01-01", to: "2025-12-31", category: "Groceries", currency: "CHF" };
    expect([amount!.status, amount!.sources[0]!.rows]).toEqual(["grounded", rows]);
    expect([count!.status, count!.sources[0]!.rows]).toEqual(["grounded", rows]);
    // The count in the EUR part is of the EUR rows.
    const [eur] = t.check("Groceries in euros: 1 payment in 2025.", "");
    expect(eur!.sources.map((s) => s.rows?.currency)).toContain("EUR");
    expect(eur!.sources.map((s) => s.rows?.currency)).not.toContain("CHF");
  });

  test("a search's figures link to the rows the search found, not to the merchant its words name (QA: EUR 9.99 of \"spotify\" linked to merchant=Spotify, 0 rows: its merchant is \"Spotify AB · PayPal\")", () => {
    const t = oneCall("search_transactions", { search: "spotify" }, 'Transactions matching "spotify" in all categories for all dates (2024-01-01 to 2025-12-31): 3 matches. CHF: 2 transactions from 2025-01-17 to 2025-02-17. Money out: CHF 43.90 in 2 transactions (average CHF 21.95). Money in: none. Merchant names: Spotify (2). EUR: 1 transaction from 2025-09-10 to 2025-09-10. Money out: EUR 9.99 in 1 transaction (average EUR 9.99). Money in: none. Merchant names: Spotify AB · PayPal Spotify Abo (1).');
    const [chf, eur] = t.check("Spotify cost CHF 43.90, and EUR 9.99 through PayPal.", "");
    // The rows "spotify" matched in each currency, money out (the amounts are each currency's "Money out"): what the
    // tool counted, whatever their merchant names.
    expect([chf!.status, chf!.sources[0]!.rows]).toEqual(["grounded", { from: "2024-01-01", to: "2025-12-31", q: "spotify", currency: "CHF", direction: "out" }]);
    expect([eur!.status, eur!.sources[0]!.rows]).toEqual(["grounded", { from: "2024-01-01", to: "2025-12-31", q: "spotify", currency: "EUR", direction: "out" }]);
  });

  test("the rows to review have no page of their own (QA: Coop's 101 rows to review linked to all 282 Coop rows)", () => {
    const t = oneCall("review_transactions", { limit: 3 }, "To review for all dates (2024-01-01 to 2025-12-31): 130 transactions at 2 merchants (in Uncategorised/Other, confidence below 0.8 or unclassified). Coop: 101 rows, CHF -1'933.00, in Groceries, lowest confidence 0.67; Migros: 29 rows, CHF -890.05, in Groceries, lowest confidence 0.73.");
    expect(t.check("Coop has 101 rows to review, CHF 1'933.00.", "").map((f) => [f.text, f.status, f.sources.some((s) => s.rows)])).toEqual([
      ["101", "grounded", false],
      ["CHF 1'933.00", "grounded", false],
    ]);
  });

  test("a figure about all spending at once has no rows to show; one of a category has (QA: the spending linked to the Income rows, the total's 921 transactions to 996 rows)", () => {
    const t = turn([
      {
        name: "income_vs_spending",
        input: { year: 2025 },
        summary:
          "Income vs spending for 2025. CHF: income CHF 9'000.00, spending CHF 6'000.00, net CHF 3'000.00, savings rate 33.3%. Per month (income / spending / net): 2025-01 CHF 4'500.00 / CHF 2'500.00 / CHF 2'000.00; 2025-02 CHF 4'500.00 / CHF 3'500.00 / CHF 1'000.00.",
      },
      CATEGORIES_2025,
    ]);
    const rowsOf = (answer: string) => t.check(answer, "").map((f) => [f.text, f.status, f.sources.find((s) => s.rows)?.rows ?? null]);
    const y2025 = { from: "2025-01-01", to: "2025-12-31", currency: "CHF" };
    // Income's rows are the Income category's; spending, net and the savings rate are of every spending category (and
    // income): no filter of the Transactions page selects the rows they add up from.
    expect(rowsOf("In 2025 your income was CHF 9'000.00 and you spent CHF 6'000.00, net CHF 3'000.00, a savings rate of 33.3%.")).toEqual([
      ["CHF 9'000.00", "grounded", { ...y2025, category: "Income" }],
      ["CHF 6'000.00", "grounded", null],
      ["CHF 3'000.00", "grounded", null],
      ["33.3%", "grounded", null],
    ]);
    // A month's spending: all spending categories of that month, no page of rows either.
    expect(rowsOf("In 2025-02 you spent CHF 3'500.00.")).toEqual([["CHF 3'500.00", "grounded", null]]);
    // spending_by_category: the total and its count are of all categories; Groceries' amount is Groceries' rows.
    expect(rowsOf("In 2025 you spent CHF 18'434.50 over 312 transactions; Groceries CHF 7'431.20.")).toEqual([
      ["CHF 18'434.50", "grounded", null],
      ["312", "grounded", null],
      ["CHF 7'431.20", "grounded", { ...y2025, category: "Groceries" }],
    ]);
  });
});

describe("the repair round's replies, verified against the turn", () => {
  const t = turn([CATEGORIES_2024, CATEGORIES_2025]);
  // (7'431.20 + 3'000.00) ÷ 12 = 869.27: a sum, then an average — no single rule derives it.
  const answer = "Groceries and dining come to CHF 869.27 a month in 2025; in 2025 housing cost CHF 9'500.00; fees CHF 77.00.";
  const checked = t.check(answer, "");
  test("before: all three are unverified", () => {
    expect(checked.map((f) => [f.text, f.status])).toEqual([
      ["CHF 869.27", "ungrounded"],
      ["CHF 9'500.00", "mismatched"],
      ["CHF 77.00", "ungrounded"],
    ]);
  });
  test("right: a calculation over the turn's figures confirms one (derived), a correction found as what the answer says is kept; wrong: a calculation over numbers that are no figures of the turn", () => {
    const repaired = t.repair(
      answer,
      "",
      checked,
      [
        { n: 1, verdict: "confirm", expression: "(7431.20 + 3000) / 12" },
        { n: 2, verdict: "correct", corrected: "CHF 6'000.00", reason: "Housing 2025, not 2024" },
        // 18'357.50 is no figure of the turn.
        { n: 3, verdict: "confirm", expression: "18434.50 - 18357.50" },
      ],
      evaluate,
    );
    expect(repaired.map((f) => [f.text, f.status, f.operation ?? null, f.correction?.text ?? null])).toEqual([
      ["CHF 869.27", "derived", "calculation", null],
      ["CHF 9'500.00", "mismatched", null, "CHF 6'000.00"],
      ["CHF 77.00", "ungrounded", null, null],
    ]);
    expect(repaired[0]!.sources.map((s) => s.text)).toEqual(["CHF 7'431.20", "CHF 3'000.00"]);
    expect(figureNote(repaired[1]!)).toBe("CHF 9'500.00: corrected to CHF 6'000.00 (Housing 2025, not 2024) · spending_by_category · summary · Housing (2025 · Housing · CHF): CHF 6'000.00");
  });
  test("wrong: a correction that is not found as what the answer says is dropped; a calculation that misses the figure confirms nothing", () => {
    const repaired = t.repair(
      answer,
      "",
      checked,
      [
        // 9'500 is 2024's; 6'100 is nothing.
        { n: 2, verdict: "correct", corrected: "CHF 6'100.00" },
        // (7'431.20 + 3'000) ÷ 11 = 948.29, not 869.27.
        { n: 1, verdict: "confirm", expression: "(7431.20 + 3000) / 11" },
      ],
      evaluate,
    );
    expect(repaired.map((f) => [f.status, f.correction ?? null])).toEqual([
      ["ungrounded", null],
      ["mismatched", null],
      ["ungrounded", null],
    ]);
  });
  test("wrong: a figure found only as something else is not confirmed by naming that figure again (QA of stop 46: \"18109.55 * 1\" or \"9500\" cleared a mismatch)", () => {
    const repaired = t.repair(
      answer,
      "",
      checked,
      [
        // 9'500.00 is 2024's housing, written as 2025's: restating it, with or without a constant, calculates nothing.
        { n: 2, verdict: "confirm", expression: "9500.00 * 1" },
      ],
      evaluate,
    );
    expect(repaired[1]!.status).toBe("mismatched");
    const plain = t.repair(answer, "", checked, [{ n: 2, verdict: "confirm", expression: "9500" }], evaluate);
    expect(plain[1]!.status).toBe("mismatched");
    // The value twice over is still the value alone; constants alone are no figures of the turn (review of stop 46).
    const twice = t.repair(answer, "", checked, [{ n: 2, verdict: "confirm", expression: "(9500 + 9500) / 2" }, { n: 3, verdict: "confirm", expression: "7 * 11" }], evaluate);
    expect(twice.map((f) => f.status)).toEqual(["ungrounded", "mismatched", "ungrounded"]);
  });
  test("wrong: a calculation that adds amounts of two currencies confirms nothing (QA: CHF 760.20 + EUR 9.99 was confirmed as CHF 770.19); right: one over the amounts of one currency", () => {
    const SEARCH: Call = {
      name: "search_transactions",
      input: { search: "spotify" },
      summary:
        'Transactions matching "spotify" in all categories for all dates: 37 matches. CHF: 36 transactions from 2024-01-17 to 2025-12-17. Money out: CHF 760.20 in 36 transactions (average CHF 21.12). Money in: none. EUR: 1 transaction from 2025-09-10 to 2025-09-10. Money out: EUR 9.99 in 1 transaction (average EUR 9.99). Money in: none.',
    };
    const s = turn([SEARCH]);
    // CHF 770.19 = CHF 760.20 + EUR 9.99: two currencies added; CHF 38.01 = CHF 21.12 + CHF 16.89? no: 760.20 ÷ 20 = 38.01, one currency.
    const text = "Spotify cost CHF 770.19 altogether. That is CHF 38.01 a payment over 20 payments.";
    const before = s.check(text, "");
    expect(before.map((f) => [f.text, f.status])).toEqual([
      ["CHF 770.19", "ungrounded"],
      ["CHF 38.01", "ungrounded"],
      ["20", "ungrounded"],
    ]);
    const repaired = s.repair(
      text,
      "",
      before,
      [
        { n: 1, verdict: "confirm", expression: "760.20 + 9.99" },
        { n: 2, verdict: "confirm", expression: "760.20 / 20" },
      ],
      evaluate,
    );
    expect(repaired.map((f) => [f.text, f.status])).toEqual([
      ["CHF 770.19", "ungrounded"],
      ["CHF 38.01", "derived"],
      ["20", "ungrounded"],
    ]);
    expect(repaired[1]!.sources.map((x) => x.text)).toEqual(["CHF 760.20"]);
  });
});

describe("round 3 rules, each with a right and a wrong case", () => {
  const COMPARE: Call = {
    name: "compare_periods",
    input: { a: { year: 2024 }, b: { year: 2025 } },
    summary:
      "Spending: 2024 (a) vs 2025 (b). CHF: total spending CHF 16'000.00 → CHF 18'434.50 (+CHF 2'434.50, +15.2%). By change: Groceries CHF 6'500.00 → CHF 7'431.20 (+CHF 931.20, +14.3%); Housing CHF 9'500.00 → CHF 6'000.00 (CHF -3'500.00, -36.8%).",
  };
  test("a rate of one of a call's periods divides by that period's days: right, March about CHF 125 a day (3'874.30 ÷ 31); wrong, CHF 129 (÷ April's 30)", () => {
    const t = monthsCompared(3, 4, "CHF: total spending CHF 3'874.30 → CHF 4'452.95 (+CHF 578.65, +14.9%).");
    const f = one(t, "March cost about CHF 125 a day.");
    expect([f.status, f.operation, f.divisor, f.per]).toEqual(["derived", "average", 31, "day"]);
    // Before, every period's divisors of the turn were tried for March: April's 30 days too.
    expect(statuses(t, "March cost about CHF 129 a day.")).toEqual([["CHF 129", "ungrounded"]]);
  });
  test("a share's part is within its whole's time: right, travel took 40.0 % of April's spending (2'000 ÷ 5'000); wrong, 50.0 % (April's travel ÷ March's total)", () => {
    const t = monthsCompared(3, 4, "CHF: total spending CHF 4'000.00 → CHF 5'000.00 (+CHF 1'000.00, +25.0%). By change: Travel CHF 1'000.00 → CHF 2'000.00 (+CHF 1'000.00, +100.0%).");
    const f = one(t, "In April travel took 40.0% of spending.");
    expect([f.status, f.sources.map((s) => s.text)]).toEqual(["derived", ["CHF 2'000.00", "CHF 5'000.00"]]);
    // Before, a part of one month over the total of another made a share.
    expect(statuses(t, "In April travel took 50.0% of spending.")).toEqual([["50.0%", "ungrounded"]]);
  });
  test("a total of as many items as the clause says: right, those three decreases add up to CHF 761.61 (570.95 + 105.81 + 84.85, not side by side); wrong, CHF 716.61", () => {
    const t = monthsCompared(5, 6, MAY_JUNE_CHANGES);
    // Before, items picked from a list were summed only when the clause named them (categories, merchants, months).
    const f = one(t, "Those three decreases add up to CHF 761.61.");
    expect([f.status, f.operation, f.sources.map((s) => s.text)]).toEqual(["derived", "sum", ["CHF -570.95", "CHF -105.81", "CHF -84.85"]]);
    expect(statuses(t, "Those three decreases add up to CHF 716.61.")).toEqual([["CHF 716.61", "ungrounded"]]);
  });
  test("a total of as many items as the clause says, not named: only items of the kind it says, of a list short enough; wrong, three decreases said as increases, any four of sixteen payments", () => {
    const t = monthsCompared(5, 6, MAY_JUNE_CHANGES);
    // Before, the clause's "increases" was not asked of the items: the three decreases passed.
    expect(statuses(t, "Those three increases add up to CHF 761.61.")).toEqual([["CHF 761.61", "ungrounded"]]);
    const rows = oneCall("list_transactions", { category: "Dining", year: 2025, month: 4 }, 'Transactions in Dining for 2025-04, newest first (negative = money out): showing 16 of 16. 2025-04-30 CHF -8.40 Starbucks "STARBUCKS ZH" [Dining]; 2025-04-29 CHF -31.75 Tibits "TIBITS AG" [Dining]; 2025-04-29 CHF -12.10 Holy Cow! "HOLY COW HB" [Dining]; 2025-04-27 CHF -44.60 Starbucks "STARBUCKS ZH" [Dining]; 2025-04-26 CHF -9.85 Tibits "TIBITS AG" [Dining]; 2025-04-24 CHF -27.30 Holy Cow! "HOLY COW HB" [Dining]; 2025-04-22 CHF -15.95 Starbucks "STARBUCKS ZH" [Dining]; 2025-04-21 CHF -58.20 Tibits "TIBITS AG" [Dining]; 2025-04-19 CHF -6.75 Holy Cow! "HOLY COW HB" [Dining]; 2025-04-18 CHF -22.45 Starbucks "STARBUCKS ZH" [Dining]; 2025-04-15 CHF -37.90 Tibits "TIBITS AG" [Dining]; 2025-04-12 CHF -11.35 Holy Cow! "HOLY COW HB" [Dining]; 2025-04-10 CHF -19.60 Starbucks "STARBUCKS ZH" [Dining]; 2025-04-08 CHF -49.15 Tibits "TIBITS AG" [Dining]; 2025-04-05 CHF -14.05 Holy Cow! "HOLY COW HB" [Dining]; 2025-04-03 CHF -25.80 Starbucks "STARBUCKS ZH" [Dining].');
    // 31.75 + 9.85 + 6.75 + 19.60: four of sixteen payments the clause does not name; of 1'820 fours nearly any value is one.
    expect(statuses(rows, "Those four payments add up to CHF 67.95.")).toEqual([["CHF 67.95", "ungrounded"]]);
  });
  test("'between January and June 2024' is a range: right, 65 payments of the half-year said so; wrong, the same 65 said of June 2024", () => {
    const t = turn([{ name: "spending_by_category", input: { from: "2024-01-01", to: "2024-06-30" }, summary: "Spending by category from 2024-01-01 to 2024-06-30. CHF: total CHF 6'500.00 over 65 transactions in 1 categories: Groceries CHF 6'500.00 (100.0%, 65 tx)." }]);
    // Before, "and" listed two months, so the count was said of June alone and mismatched.
    expect(statuses(t, "Between January and June 2024 you made 65 payments.")).toEqual([["65", "grounded"]]);
    expect(statuses(t, "In June 2024 you made 65 payments.")).toEqual([["65", "mismatched"]]);
  });
  test("'the difference between January and June 2025' compares two months, no range: right, CHF 500.00 (600 − 100), up 500.0%; wrong, CHF 370.00 (May − February), up 166.7% (February → April)", () => {
    const t = turn([TREND]);
    // Before, "between … and" made the range January–June, so any two months inside it were about it.
    expect(statuses(t, "The difference between January and June 2025 was CHF 500.00.")).toEqual([["CHF 500.00", "derived"]]);
    expect(statuses(t, "The difference between January and June 2025 was CHF 370.00.")).toEqual([["CHF 370.00", "ungrounded"]]);
    expect(statuses(t, "Between January and June 2025 dining rose 500.0%.")).toEqual([["500.0%", "derived"]]);
    expect(statuses(t, "Between January and June 2025 dining rose 166.7%.")).toEqual([["166.7%", "ungrounded"]]);
  });
  test("a percentage change runs from the earlier period: right, housing fell 36.8% (9'500 → 6'000); wrong, 58.3% (3'500 ÷ 6'000, the change read backwards)", () => {
    const t = turn([COMPARE]);
    expect(statuses(t, "Housing fell 36.8%.")).toEqual([["36.8%", "grounded"]]);
    // 1 − 6'000 ÷ 9'500 = 36.84 %: the same change written at another precision is derived from 2024 to 2025.
    const f = one(t, "Housing fell 36.84%.");
    expect([f.status, f.operation, f.sources.map((s) => s.text)]).toEqual(["derived", "percent_change", ["CHF 9'500.00", "CHF 6'000.00"]]);
    // 9'500 ÷ 6'000 − 1 = 58.33 %: from 2025 back to 2024.
    expect(statuses(t, "Housing fell 58.3%.")).toEqual([["58.3%", "ungrounded"]]);
  });
  test("a change says which way it went: right, groceries rose CHF 931.20 (6'500 → 7'431.20) and grew 14.33%; wrong, fell by CHF 931.20 and fell 12.53%", () => {
    const t = turn([CATEGORIES_2024, CATEGORIES_2025]);
    // 7'431.20 − 6'500 = 931.20; 7'431.20 ÷ 6'500 − 1 = 14.326 %; 1 − 6'500 ÷ 7'431.20 = 12.53 % (a fall from 2025 to 2024).
    expect(statuses(t, "Groceries rose by CHF 931.20, up 14.33%.")).toEqual([
      ["CHF 931.20", "derived"],
      ["14.33%", "derived"],
    ]);
    expect(statuses(t, "Groceries fell by CHF 931.20, down 12.53%.")).toEqual([
      ["CHF 931.20", "ungrounded"],
      ["12.53%", "ungrounded"],
    ]);
  });
  test("a comparison's change goes only with changes: right, groceries are 38.25% of the increase (931.20 ÷ 2'434.50 = 38.250 %); wrong, 12.5% (931.20 ÷ 7'431.20, a change over an amount)", () => {
    const t = turn([COMPARE]);
    expect(statuses(t, "Groceries are 38.25% of the increase.")).toEqual([["38.25%", "derived"]]);
    expect(statuses(t, "Groceries are 12.5% of it.")).toEqual([["12.5%", "ungrounded"]]);
  });
  test("a rate from a chart's title: right, CHF 155.40 a year (a 'yearly cost' chart); wrong, CHF 155.40 a month", () => {
    const t = turn([
      {
        name: "recurring_payments",
        input: {},
        summary: "Recurring payments: 1 series.",
        charts: [{ type: "bar_h", title: "Active recurring payments, yearly cost, all dates (CHF)", currency: "CHF", data: { labels: ["Spotify"], datasets: [{ name: "Yearly cost", values: [155.4] }] } }],
      },
    ]);
    expect(statuses(t, "Spotify costs CHF 155.40 a year.")).toEqual([["CHF 155.40", "grounded"]]);
    expect(statuses(t, "Spotify costs CHF 155.40 a month.")).toEqual([["CHF 155.40", "mismatched"]]);
  });
  test("a quarter is a rate: right, CHF 4'650 a quarter from CHF 18'600.00 a year (÷ 4); wrong, CHF 4'560 a quarter", () => {
    const t = turn([{ name: "recurring_payments", input: {}, summary: "Recurring payments: Livit AG (Housing) yearly cost CHF 18'600.00 a year." }]);
    const f = one(t, "Livit AG takes CHF 4'650 a quarter.");
    expect([f.status, f.operation, f.divisor, f.per]).toEqual(["derived", "average", 4, "quarter"]);
    expect(figureNote(f)).toBe("CHF 18'600.00 ÷ 4 quarters (quarterly average) · recurring_payments · summary · Housing) yearly cost (Housing · Livit AG · CHF · a year): CHF 18'600.00");
    expect(statuses(t, "Livit AG takes CHF 4'560 a quarter.")).toEqual([["CHF 4'560", "ungrounded"]]);
  });
  test("a month's amount as a yearly cost: right, CHF 155.40 a year of February's CHF 12.95 (× 12); wrong, CHF 155.60 a year; a whole period's total is no month's", () => {
    const BUDGETS = "Budgets for 2026-02 (a full month).\n- Subscriptions: budget CHF 20.00, spent CHF 12.95, remaining CHF 7.05, 64.8% used.\nTotal budget CHF 20.00, total spent CHF 12.95 (64.8%).";
    const t = turn([{ name: "budget_status", input: { year: 2026, month: 2 }, summary: BUDGETS }]);
    // Before, only a yearly cost was turned into a month's (÷ 12), never a month's into a year's.
    const f = one(t, "At this rate the subscriptions would cost CHF 155.40 a year.");
    expect([f.status, f.operation, f.months, f.sources.map((s) => s.text)]).toEqual(["derived", "yearly", 12, ["CHF 12.95"]]);
    expect(figureNote(f).startsWith("CHF 12.95 × 12 months (a year at the monthly amount)")).toBe(true);
    expect(statuses(t, "At this rate the subscriptions would cost CHF 155.60 a year.")).toEqual([["CHF 155.60", "ungrounded"]]);
    // A total of a quarter is no month's amount: × 12 of it is nothing.
    const q = turn([{ name: "spending_by_category", input: { from: "2025-04-01", to: "2025-06-30" }, summary: "Spending by category from 2025-04-01 to 2025-06-30. CHF: total CHF 300.00 over 10 transactions in 1 categories: Dining CHF 300.00 (100.0%, 10 tx)." }]);
    expect(statuses(q, "Dining would cost CHF 3'600.00 a year.")).toEqual([["CHF 3'600.00", "ungrounded"]]);
  });
  test("how often, a count at a rate: right, eaten out 32.5 times a month (325 ÷ 10 months); wrong, 35.2 times a month", () => {
    const t = turn([{ name: "spending_by_category", input: { from: "2025-03-01", to: "2025-12-31" }, summary: "Spending by category from 2025-03-01 to 2025-12-31. CHF: total CHF 9'000.00 over 325 transactions in 1 categories: Dining CHF 9'000.00 (100.0%, 325 tx)." }]);
    // Before, "32.5 times" was read as a ratio of two amounts and never as a count over the period's months.
    const f = one(t, "You ate out 32.5 times a month.");
    expect([f.status, f.operation, f.months, f.sources.map((s) => s.text)]).toEqual(["derived", "monthly_average", 10, ["325"]]);
    expect(statuses(t, "You ate out 35.2 times a month.")).toEqual([["35.2", "ungrounded"]]);
  });
  test("a yearly rate of a period of whole years: right, CHF 302 a year of CHF 603.70 over 2024–2025 (÷ 2 years); wrong, CHF 320 a year", () => {
    const t = turn([{ name: "spending_by_category", input: { from: "2024-01-01", to: "2025-12-31" }, summary: "Spending by category from 2024-01-01 to 2025-12-31. CHF: total CHF 603.70 over 5 transactions in 1 categories: Travel CHF 603.70 (100.0%, 5 tx)." }]);
    // Before, a rate a year was never an average of a longer period (only a month, a week, a day).
    const f = one(t, "Over the two years travel cost about CHF 302 a year.");
    expect([f.status, f.operation, f.divisor, f.per]).toEqual(["derived", "average", 2, "year"]);
    expect(figureNote(f).startsWith("CHF 603.70 ÷ 2 years (yearly average)")).toBe(true);
    expect(statuses(t, "Over the two years travel cost about CHF 320 a year.")).toEqual([["CHF 320", "ungrounded"]]);
  });
  test("a yearly cost only from a month a call is about, said of that month: right, CHF 5'040.00 a year at July's rate (a July call's CHF 420.00); wrong, one month of a year's trend × 12, or of another month", () => {
    const right = turn([JUNE_JULY]);
    const f = one(right, "At July's rate groceries would cost CHF 5'040.00 a year.");
    expect([f.status, f.operation, f.sources.map((s) => s.text)]).toEqual(["derived", "yearly", ["CHF 420.00"]]);
    expect(statuses(right, "At June's rate groceries would cost CHF 5'040.00 a year.")).toEqual([["CHF 5'040.00", "ungrounded"]]);
    // Before, any month of a longer call's list × 12 was a yearly cost, its month dropped: June's 600 × 12 as the year's
    // dining (the year's trend says CHF 2'620.00), July's 700 × 12 said of May.
    const t = turn([TREND]);
    expect(statuses(t, "Dining costs you CHF 7'200.00 a year.")).toEqual([["CHF 7'200.00", "ungrounded"]]);
    expect(statuses(t, "At May's rate dining would cost CHF 8'400.00 a year.")).toEqual([["CHF 8'400.00", "ungrounded"]]);
  });
  test("a yearly rate of whole years only of a figure of those years: wrong, 2025's travel CHF 400.00 ÷ 2 said as a year of 2024–2025", () => {
    const t = turn([
      { name: "spending_by_category", input: { from: "2024-01-01", to: "2025-12-31" }, summary: "Spending by category from 2024-01-01 to 2025-12-31. CHF: total CHF 603.70 over 5 transactions in 1 categories: Travel CHF 603.70 (100.0%, 5 tx)." },
      { name: "spending_by_category", input: { year: 2025 }, summary: "Spending by category for 2025. CHF: total CHF 400.00 over 3 transactions in 1 categories: Travel CHF 400.00 (100.0%, 3 tx)." },
    ]);
    // Before, any figure of the turn was divided by the two-year call's 2 years.
    expect(statuses(t, "Over the two years travel cost about CHF 200 a year.")).toEqual([["CHF 200", "ungrounded"]]);
    expect(statuses(t, "Over the two years travel cost about CHF 302 a year.")).toEqual([["CHF 302", "derived"]]);
  });
  test("a series' prices hold between its changes: right, the rent was CHF 2'000.00 in March 2025; wrong, in August 2025 (CHF 2'200.00 from July), though CHF 2'000.00 is its usual amount", () => {
    const t = oneCall("recurring_payments", {}, "Recurring payments for all dates (2024-01-01 to 2025-12-31): 1 series, 1 active. Livit AG (Housing) monthly CHF 2'200.00 (usual CHF 2'000.00), 9 payments 2025-01-01 to 2025-09-01, next about 2025-10-01, CHF 26'400.00 a year, price changes: 2025-07-01 CHF 2'000.00 → CHF 2'200.00.");
    expect(statuses(t, "In March 2025 the rent to Livit AG was CHF 2'000.00; since July 2025 it is CHF 2'200.00.")).toEqual([
      ["CHF 2'000.00", "grounded"],
      ["CHF 2'200.00", "grounded"],
    ]);
    expect(statuses(t, "In August 2025 the rent to Livit AG was CHF 2'000.00; in March 2025 CHF 2'200.00.")).toEqual([
      ["CHF 2'000.00", "mismatched"],
      ["CHF 2'200.00", "mismatched"],
    ]);
    // Said as what it is, the usual amount is found.
    expect(statuses(t, "The usual rent to Livit AG is CHF 2'000.00.")).toEqual([["CHF 2'000.00", "grounded"]]);
  });
  test("a subject the data has no name for: right, 'other costs with CHF 3'000.00' is not groceries'; wrong, the same amount handed on to groceries", () => {
    const t = turn([CATEGORIES_2025]);
    expect(statuses(t, "Groceries lead with CHF 7'431.20 and other costs with CHF 3'000.00.")).toEqual([
      ["CHF 7'431.20", "grounded"],
      ["CHF 3'000.00", "grounded"],
    ]);
    // Nothing names another subject: the second amount is still groceries', and CHF 3'000.00 is Dining's.
    expect(statuses(t, "Groceries lead with CHF 7'431.20, and then with CHF 3'000.00.")).toEqual([
      ["CHF 7'431.20", "grounded"],
      ["CHF 3'000.00", "mismatched"],
    ]);
  });
  test("a name the answer gave: right, 'the main account' is Savings Account after 'the main account, Savings Account'; wrong, the Visa card's 23 payments said of it", () => {
    const t = turn([{ name: "spending_breakdown", input: { year: 2025, group_by: ["account"] }, summary: "Total of spending by account for 2025. CHF: Visa 4417 CHF 2'478.60 (23); Savings Account CHF 800.00 (2)." }]);
    const alias = "Most went from the main account, Savings Account: CHF 800.00.";
    expect(statuses(t, `${alias} The main account had 2 payments.`)).toEqual([
      ["CHF 800.00", "grounded"],
      ["2", "grounded"],
    ]);
    expect(statuses(t, `${alias} The main account had 23 payments.`)).toEqual([
      ["CHF 800.00", "grounded"],
      ["23", "mismatched"],
    ]);
  });
  test("a second step from a figure the answer derived: right, the top three CHF 16'431.20, 89.13% of CHF 18'434.50 and CHF 1'369.27 a month; wrong, 89.31% and CHF 1'396.27", () => {
    const t = turn([CATEGORIES_2025]);
    // 7'431.20 + 6'000 + 3'000 = 16'431.20 (a run of the list); ÷ 18'434.50 = 89.133 % (the shares' run, 40.3 + 32.5 + 16.3,
    // is 89.1: not at two decimals); ÷ 12 = 1'369.27.
    const [sum, share, month] = t.check("The top three come to CHF 16'431.20, 89.13% of all spending, or CHF 1'369.27 a month.", "");
    expect([sum!.status, share!.status, share!.operation, share!.sources.map((s) => s.text), month!.status, month!.operation, month!.months]).toEqual([
      "derived",
      "derived",
      "ratio",
      ["CHF 16'431.20", "CHF 18'434.50"],
      "derived",
      "monthly_average",
      12,
    ]);
    expect(figureNote(share!)).toBe(
      "CHF 16'431.20 ÷ CHF 18'434.50 (ratio) · this answer · derived above: CHF 16'431.20; spending_by_category · summary · total (2025 · CHF): CHF 18'434.50",
    );
    expect(statuses(t, "The top three come to CHF 16'431.20, 89.31% of all spending, or CHF 1'396.27 a month.")).toEqual([
      ["CHF 16'431.20", "derived"],
      ["89.31%", "ungrounded"],
      ["CHF 1'396.27", "ungrounded"],
    ]);
    // Not across a sentence: the step is taken only within one.
    expect(statuses(t, "The top three come to CHF 16'431.20. That is 89.13% of all spending.")).toEqual([
      ["CHF 16'431.20", "derived"],
      ["89.13%", "ungrounded"],
    ]);
  });
  test("a count without its noun, beside a count of the same thing: right, 'in 2025 300' transactions; wrong, 'in 2025 330'", () => {
    const t = turn([CATEGORIES_2024, CATEGORIES_2025]);
    expect(statuses(t, "In 2024 you made 300 transactions, in 2025 312.")).toEqual([
      ["300", "grounded"],
      ["312", "grounded"],
    ]);
    expect(statuses(t, "In 2024 you made 300 transactions, in 2025 330.")).toEqual([
      ["300", "grounded"],
      ["330", "ungrounded"],
    ]);
  });
  test("a statement's month from its file name: right, the October statement's 196 rows; wrong, the June statement's", () => {
    const t = turn([]);
    t.record(
      { id: "toolu_c", name: "data_coverage", input: {} },
      {
        summary: "Today is 2026-11-02.",
        charts: [],
        tables: [{ title: "Latest 2 imports", columns: ["Imported at", "File", "Rows"], kinds: ["text", "text", "count"], rows: [["2026-11-05T18:38:16+00:00", "statement-2026-10.csv", 196], ["2026-10-04T20:16:56+00:00", "statement-2026-09.csv", 192]], totalRows: 2 }],
      },
    );
    expect(statuses(t, "The October 2026 statement had 196 rows.")).toEqual([["196", "grounded"]]);
    expect(statuses(t, "The June 2026 statement had 196 rows.")).toEqual([["196", "mismatched"]]);
  });
  test("a mention denied is none: right, money in 'counted neither as spending nor as income' is uncategorised money; wrong, said to be income", () => {
    const t = oneCall("income_vs_spending", { year: 2025 }, "Income vs spending for 2025. CHF: income CHF 9'000.00, spending CHF 7'000.00. Unclassified money in (Uncategorised rows with money in, counted neither as spending nor as income): CHF 670.58 in 12 transactions.");
    expect(statuses(t, "CHF 670.58 came in uncategorised.")).toEqual([["CHF 670.58", "grounded"]]);
    expect(statuses(t, "Your salary income was CHF 670.58.")).toEqual([["CHF 670.58", "mismatched"]]);
  });
  test("a month named without its year, against a span shorter than a year: right, the new price in May (from 2025-04-30); wrong, in February", () => {
    const t = oneCall("recurring_payments", { year: 2025 }, "Recurring payments for 2025: 1 series. Livit AG (Housing) monthly CHF 2'520.00, 12 payments 2025-01-31 to 2025-12-31, price changes: 2025-04-30 CHF 2'450.00 → CHF 2'520.00.");
    expect(statuses(t, "In May the rent to Livit AG was CHF 2'520.00.")).toEqual([["CHF 2'520.00", "grounded"]]);
    expect(statuses(t, "In February the rent to Livit AG was CHF 2'520.00.")).toEqual([["CHF 2'520.00", "mismatched"]]);
  });
  test("a month at a sentence's end is said of the figure before it: right, March's CHF 1'386.65 in March; wrong, February's", () => {
    // "in March." ends the sentence: its month is the figure's (before round 3 its full stop was read as an abbreviation's).
    const m = turn([{ name: "monthly_trend", input: { year: 2025 }, summary: "Monthly spending for 2025. CHF: Per month: 2025-02 CHF 1'333.05, 2025-03 CHF 1'386.65." }]);
    expect(statuses(m, "It was CHF 1'386.65 in March.")).toEqual([["CHF 1'386.65", "grounded"]]);
    expect(statuses(m, "It was CHF 1'333.05 in March.")).toEqual([["CHF 1'333.05", "mismatched"]]);
  });
  test("a call that names no period is about the one its result states: right, October's CHF 1'543.00 in October; wrong, in September", () => {
    const t = turn([{ name: "budget_status", input: {}, summary: "Budgets for 2026-10 (a full month).\n- Shopping: budget CHF 1'200.00, spent CHF 1'543.00, remaining CHF -343.00, 128.6% used." }]);
    expect(statuses(t, "In October 2026 shopping came to CHF 1'543.00.")).toEqual([["CHF 1'543.00", "grounded"]]);
    expect(statuses(t, "In September 2026 shopping came to CHF 1'543.00.")).toEqual([["CHF 1'543.00", "mismatched"]]);
  });
  test("a total of what the answer just listed: right, housing, groceries and travel CHF 15'434.50 together (6'000 + 7'431.20 + 2'003.30, not one list's run); wrong, CHF 15'443.50", () => {
    const t = turn([CATEGORIES_2025]);
    const f = t.check("Housing (CHF 6'000.00), groceries (CHF 7'431.20) and travel (CHF 2'003.30), together CHF 15'434.50.", "").at(-1)!;
    expect([f.status, f.operation, f.sources.map((s) => s.text)]).toEqual(["derived", "sum", ["CHF 6'000.00", "CHF 7'431.20", "CHF 2'003.30"]]);
    expect(statuses(t, "Housing (CHF 6'000.00), groceries (CHF 7'431.20) and travel (CHF 2'003.30), together CHF 15'443.50.").at(-1)).toEqual(["CHF 15'443.50", "ungrounded"]);
  });
  test("a dash after a label joins it to its figure: right, '3. **Dining** — CHF 3'000.00'; wrong, '3. **Dining** — CHF 2'003.30' (Travel's)", () => {
    const t = turn([CATEGORIES_2025]);
    expect(statuses(t, "3. **Dining** — CHF 3'000.00, the third largest")).toEqual([["CHF 3'000.00", "grounded"]]);
    expect(statuses(t, "3. **Dining** — CHF 2'003.30, the third largest")).toEqual([["CHF 2'003.30", "mismatched"]]);
  });
  test("a list in several currencies adds up in each apart: right, the three franc amounts CHF 1'086.50 (500 + 337 + 249.50, skipping EUR 420.00); wrong, with the euros CHF 1'506.50", () => {
    const t = turn([{ name: "unusual_transactions", input: { year: 2025 }, summary: "New merchants in 2025: Putzfee Anna CHF 500.00; Hotel Roma EUR 420.00; SBB CHF 337.00; Digitec CHF 249.50." }]);
    expect(statuses(t, "The new merchants in francs add up to CHF 1'086.50.")).toEqual([["CHF 1'086.50", "derived"]]);
    expect(statuses(t, "The new merchants add up to CHF 1'506.50.")).toEqual([["CHF 1'506.50", "ungrounded"]]);
  });
});

describe("round 4 rules (the round-3 held-out set's misses and false alarms), each with a right and a wrong case", () => {
  test("the currency written with a figure wins over the clause's currency word: right, 'outside francs there was EUR 453.60'; wrong, 'CHF 453.60' of the euro figure", () => {
    const t = turn([{ name: "monthly_trend", input: { year: 2025 }, summary: "Monthly spending for 2025. CHF: total CHF 3'413.58. EUR: total EUR 453.60, highest 2025-06 EUR 453.60." }]);
    expect(statuses(t, "Outside francs there was EUR 453.60.")).toEqual([["EUR 453.60", "grounded"]]);
    expect(statuses(t, "Outside francs there was CHF 453.60.")).toEqual([["CHF 453.60", "mismatched"]]);
  });
  test("'added up to' is a total, not a bound: right, CHF 16'431.20 (7'431.20 + 6'000 + 3'000); wrong, CHF 16'341.20", () => {
    const t = turn([CATEGORIES_2025]);
    expect(statuses(t, "The top three added up to CHF 16'431.20.")).toEqual([["CHF 16'431.20", "derived"]]);
    // Read as a bound ("up to" = at most), 16'341.20 would pass as 2 % below 16'431.20.
    expect(statuses(t, "The top three added up to CHF 16'341.20.")).toEqual([["CHF 16'341.20", "ungrounded"]]);
  });
  test("'make up' is no rise, 'smaller than' a fall: right, groceries make up 40.31% (7'431.20 ÷ 18'434.50), dining is 59.6% smaller than groceries (1 − 3'000 ÷ 7'431.20 = 59.63 %); wrong, 59.6% larger", () => {
    const t = turn([CATEGORIES_2025]);
    expect(statuses(t, "Groceries make up 40.31% of it.")).toEqual([["40.31%", "derived"]]);
    expect(statuses(t, "Dining is 59.6% smaller than groceries.")).toEqual([["59.6%", "derived"]]);
    expect(statuses(t, "Dining is 59.6% larger than groceries.")).toEqual([["59.6%", "ungrounded"]]);
  });
  test("percentage points go the way the answer says: right, groceries' share fell 0.3 points (40.6 % in 2024 → 40.3 % in 2025); wrong, rose 0.3 points", () => {
    const t = turn([CATEGORIES_2024, CATEGORIES_2025]);
    expect(statuses(t, "Groceries' share fell 0.3 percentage points.")).toEqual([["0.3 percentage points", "derived"]]);
    expect(statuses(t, "Groceries' share rose 0.3 percentage points.")).toEqual([["0.3 percentage points", "ungrounded"]]);
  });
  test("a round or whole amount is a period's average only when the answer says per what: right, about CHF 620 a month (7'431.20 ÷ 12 = 619.27); wrong, 'the new amount is CHF 620'", () => {
    const t = turn([CATEGORIES_2025]);
    expect(statuses(t, "Groceries came to about CHF 620 a month.")).toEqual([["CHF 620", "derived"]]);
    expect(statuses(t, "Groceries: the new amount is CHF 620.")).toEqual([["CHF 620", "ungrounded"]]);
  });
  test("a rounded amount ÷ a count only when said to be one: right, about CHF 41 each (7'431.20 ÷ 180 = 41.28); wrong, 'groceries came to about CHF 41'", () => {
    const t = turn([CATEGORIES_2025]);
    expect(statuses(t, "Groceries: 180 purchases at about CHF 41 each.")).toEqual([
      ["180", "grounded"],
      ["CHF 41", "derived"],
    ]);
    expect(statuses(t, "Groceries came to about CHF 41.")).toEqual([["CHF 41", "ungrounded"]]);
  });
  test("a bound on a count written to the unit bounds by the unit: right, over 300 transactions (312); wrong, over 308 transactions (308 … 308.5, where 2 % of it, 308 … 314.2, held 312)", () => {
    const t = turn([CATEGORIES_2025]);
    expect(statuses(t, "You made over 300 transactions.")).toEqual([["300", "grounded"]]);
    // A bound "over 308 transactions" is 308 … 308.5 now (it was 308 … 314.2, which held 312).
    expect(statuses(t, "You made over 308 transactions.")).toEqual([["308", "ungrounded"]]);
  });
  test("one count that is no whole number does not stop counts adding up: right, 270 transactions (180 + 90); wrong, 271", () => {
    const t = turn([{ ...CATEGORIES_2025, summary: `${CATEGORIES_2025.summary} Confidence below 0.8 for 3 of them.` }]);
    expect(statuses(t, "Groceries and dining together: 270 transactions.")).toEqual([["270", "derived"]]);
    expect(statuses(t, "Groceries and dining together: 271 transactions.")).toEqual([["271", "ungrounded"]]);
  });
  test("an approval's count: right, it leaves 6 transactions to review (14 − 8 moved); wrong, 'I moved 9 transactions' (8 + 1 of a list of single rows) and 'worth CHF 1'620.00' (1'440 + 180)", () => {
    const t = turn([]);
    t.recordEarlier(
      { id: "toolu_e", name: "review_transactions", input: {} },
      "To review for all dates: 14 transactions at 11 merchants. TWINT: 2 rows, CHF 15.00; Musik Q1: 1 row, CHF -180.00; Musik Q2: 1 row, CHF -180.00; Musik Q3: 1 row, CHF -180.00.",
      "File the music school under Children.",
    );
    t.recordOutcome({ id: "toolu_a", name: "recategorise_transactions", input: {} }, "Approved by the user: moved 8 transactions (CHF -1'440.00) from Uncategorised to Children.");
    expect(statuses(t, "That leaves 6 transactions to review.")).toEqual([["6", "derived"]]);
    // 11 − 8 and 2 + 1 are 3, but of merchants (11) and rows (2 + 1, 8): not what "3 merchants" counts.
    expect(statuses(t, "That leaves 3 merchants to review.")).toEqual([["3", "ungrounded"]]);
    expect(statuses(t, "I moved 9 transactions worth CHF 1'620.00.")).toEqual([
      ["9", "ungrounded"],
      ["CHF 1'620.00", "ungrounded"],
    ]);
  });
  test("the items of one list about what the answer names add up wherever they stand: right, the three Migros payments CHF 75.00 (10 + 25 + 40); wrong, CHF 85.00", () => {
    const t = oneCall("list_transactions", { year: 2025 }, "Money out for 2025: 2025-01-03 CHF -10.00 Migros; 2025-01-05 CHF -12.00 Coop; 2025-01-09 CHF -25.00 Migros; 2025-01-12 CHF -7.00 Coop; 2025-01-20 CHF -40.00 Migros.");
    expect(statuses(t, "Your three Migros payments came to CHF 75.00.")).toEqual([["CHF 75.00", "derived"]]);
    expect(statuses(t, "Your three Migros payments came to CHF 85.00.")).toEqual([["CHF 85.00", "ungrounded"]]);
  });
  test("what you kept is a net: right, you kept CHF 2'434.50 (18'434.50 − 16'000.00 of one call, different parts); wrong, CHF 2'443.50", () => {
    const t = turn([{ name: "income_vs_spending", input: { year: 2025 }, summary: "Income and spending for 2025. CHF: income CHF 18'434.50; spending CHF 16'000.00 in 300 transactions." }]);
    expect(statuses(t, "So you kept CHF 2'434.50.")).toEqual([["CHF 2'434.50", "derived"]]);
    expect(statuses(t, "So you kept CHF 2'443.50.")).toEqual([["CHF 2'443.50", "ungrounded"]]);
  });
  test("the price now is no usual amount: right, the ZKB fee is now CHF 130.00 a year; wrong, now CHF 120.00 (its usual amount, in the table's 'Usual amount' column)", () => {
    const t = oneCall("recurring_payments", {}, "ZKB (Fees) yearly CHF 130.00 (usual CHF 120.00), 3 payments.");
    t.record(
      { id: "toolu_t", name: "recurring_payments", input: {} },
      { summary: "", charts: [], tables: [{ title: "Recurring payments", columns: ["Merchant", "Usual amount", "Current amount"], kinds: ["text", "money", "money"], rows: [["ZKB", 120, 130]], currency: "CHF" }] } as unknown as ToolOutput,
    );
    expect(statuses(t, "The ZKB card fee is now CHF 130.00 a year.")).toEqual([["CHF 130.00", "grounded"]]);
    expect(statuses(t, "The ZKB card fee is now CHF 120.00 a year.")).toEqual([["CHF 120.00", "mismatched"]]);
  });
  test("a count is of what its noun says: right, 6 series; wrong, 6 premiums (the count of series)", () => {
    const t = turn([{ name: "recurring_payments", input: {}, summary: "Recurring payments: 6 series, 3 active. Helsana (Insurance) quarterly CHF 260.40, 5 payments." }]);
    expect(statuses(t, "I found 6 series and 5 premiums.")).toEqual([
      ["6", "grounded"],
      ["5", "grounded"],
    ]);
    expect(statuses(t, "Helsana: 6 premiums.")).toEqual([["6", "mismatched"]]);
  });
  test("which side of its budget: right, CHF 80 left (remaining CHF 80.00), CHF 343 over (remaining CHF -343.00); wrong, CHF 80 over the limit, CHF 343 left", () => {
    const t = oneCall("budget_status", { year: 2025, month: 12 }, "Budgets for 2025-12.\n- Groceries: budget CHF 500.00, spent CHF 420.00, remaining CHF 80.00, 84.0% used.\n- Shopping: budget CHF 1'200.00, spent CHF 1'543.00, remaining CHF -343.00, 128.6% used — OVER BUDGET.");
    expect(statuses(t, "Groceries had CHF 80 left; shopping was CHF 343 over.")).toEqual([
      ["CHF 80", "grounded"],
      ["CHF 343", "grounded"],
    ]);
    // 500 − 420 = 80 would derive it: a value equal to a figure about something else is mismatched, not derived.
    expect(statuses(t, "Groceries were CHF 80 over the limit; shopping had CHF 343 left.")).toEqual([
      ["CHF 80", "mismatched"],
      ["CHF 343", "mismatched"],
    ]);
  });
  test("a bare count with its month in brackets beside counts: right, 196 (October) and 199 rows (June); wrong, 195 (October)", () => {
    const t = turn([{ name: "data_coverage", input: {}, summary: "Imports: 2026-10 196 rows; 2026-06 199 rows." }]);
    expect(statuses(t, "The statements brought 196 (October 2026) and 199 rows (June 2026).")).toEqual([
      ["196", "grounded"],
      ["199", "grounded"],
    ]);
    expect(statuses(t, "The statements brought 195 (October 2026) and 199 rows (June 2026).")).toEqual([
      ["195", "ungrounded"],
      ["199", "grounded"],
    ]);
  });
  test("an import's rows are about its statement's month, not the time it ran: right, 195 rows (July 2026: statement-2026-07.csv, imported 2026-08-04); wrong, in August 2026", () => {
    const t = turn([]);
    t.record(
      { id: "toolu_c", name: "data_coverage", input: {} },
      { summary: "", charts: [], tables: [{ title: "Latest imports", columns: ["Imported at", "File", "Rows"], kinds: ["text", "text", "count"], rows: [["2026-08-04T18:38:16+00:00", "statement-2026-07.csv", 195]] }] } as unknown as ToolOutput,
    );
    expect(statuses(t, "The July 2026 statement brought 195 rows.")).toEqual([["195", "grounded"]]);
    expect(statuses(t, "The August 2026 statement brought 195 rows.")).toEqual([["195", "mismatched"]]);
  });
  test("'this year' is the latest year of the turn's own calls: right, this year groceries are CHF 7'431.20 (2025); wrong, CHF 6'500.00 (2024's, an earlier turn's)", () => {
    const t = turn([CATEGORIES_2025]);
    t.recordEarlier({ id: "toolu_e", name: "spending_by_category", input: { year: 2024 } }, CATEGORIES_2024.summary, "And 2024?");
    expect(statuses(t, "Groceries have cost CHF 7'431.20 this year.")).toEqual([["CHF 7'431.20", "grounded"]]);
    expect(statuses(t, "Groceries have cost CHF 6'500.00 this year.")).toEqual([["CHF 6'500.00", "mismatched"]]);
  });
});

/** A monthly trend of 2025 (Dining): January 100, February 150, March 150, April 400, May 520, June 600, July 700 (2'620). */
const TREND: Call = {
  name: "monthly_trend",
  input: { category: "Dining", year: 2025 },
  summary:
    "Monthly spending on Dining for 2025. CHF: total CHF 2'620.00 over 40 transactions. Per month: 2025-01 CHF 100.00, 2025-02 CHF 150.00, 2025-03 CHF 150.00, 2025-04 CHF 400.00, 2025-05 CHF 520.00, 2025-06 CHF 600.00, 2025-07 CHF 700.00.",
};
/** A comparison of June and July: travel went from CHF 337.75 to nothing. */
const JUNE_JULY: Call = {
  name: "compare_periods",
  input: { a: { year: 2025, month: 6 }, b: { year: 2025, month: 7 } },
  summary: "Spending: 2025-06 (a) vs 2025-07 (b). CHF: total spending CHF 4'520.20 → CHF 4'124.30 (CHF -395.90, -8.8%). By change: Travel CHF 337.75 → CHF 0.00 (CHF -337.75, -100.0%); Groceries CHF 497.20 → CHF 420.00 (CHF -77.20, -15.5%).",
};

describe("round 4c rules (the r4b held-out set's misses and false alarms), each with a right and a wrong case", () => {
  test("a quarter named without its year is of the year the answer is about: right, the second quarter came to CHF 1'520.00 (400 + 520 + 600), CHF 506.67 a month (÷ its 3 months); wrong, the second quarter was CHF 700.00 (July's)", () => {
    const t = turn([TREND]);
    expect(statuses(t, "In 2025 the second quarter came to CHF 1'520.00, CHF 506.67 a month.")).toEqual([
      ["CHF 1'520.00", "derived"],
      ["CHF 506.67", "derived"],
    ]);
    expect(statuses(t, "Dining in the second quarter was CHF 700.00.")).toEqual([["CHF 700.00", "mismatched"]]);
    expect(statuses(t, "Dining in Q3 was CHF 700.00.")).toEqual([["CHF 700.00", "grounded"]]);
  });
  test("a range of months without its year is one period: right, April to June CHF 1'520.00, CHF 506.67 a month; wrong, CHF 1'250.00", () => {
    const t = turn([TREND]);
    expect(statuses(t, "From April to June dining came to CHF 1'520.00, CHF 506.67 a month.")).toEqual([
      ["CHF 1'520.00", "derived"],
      ["CHF 506.67", "derived"],
    ]);
    expect(statuses(t, "From April to June dining came to CHF 1'250.00.")).toEqual([["CHF 1'250.00", "ungrounded"]]);
  });
  test("a period that opens a sentence is what its later clauses are about: right, 'In April, …; you ate out 30 times' (April's); wrong, 35 times (March's, an earlier turn's)", () => {
    const t = turn([{ name: "spending_by_category", input: { year: 2025, month: 4 }, summary: "Spending by category for 2025-04. CHF: total CHF 1'000.00 over 50 transactions: Groceries CHF 600.00 (60.0%, 20 tx); Dining CHF 400.00 (40.0%, 30 tx)." }]);
    t.recordEarlier({ id: "toolu_e", name: "spending_by_category", input: { year: 2025, month: 3 } }, "Spending by category for 2025-03. CHF: total CHF 1'200.00 over 60 transactions: Groceries CHF 700.00 (58.3%, 25 tx); Dining CHF 500.00 (41.7%, 35 tx).", "And March?");
    expect(statuses(t, "In April, groceries came to CHF 600.00; you ate out 30 times.")).toEqual([
      ["CHF 600.00", "grounded"],
      ["30 times", "grounded"],
    ]);
    expect(statuses(t, "In April, groceries came to CHF 600.00; you ate out 35 times.")[1]).toEqual(["35 times", "mismatched"]);
  });
  test("a comparison's change is a figure only where the answer writes a change: right, travel fell CHF 337.75 and groceries by CHF 77.20; wrong, 'travel in July came to CHF 337.75'", () => {
    const t = turn([JUNE_JULY]);
    expect(statuses(t, "Travel fell CHF 337.75, groceries by CHF 77.20.")).toEqual([
      ["CHF 337.75", "grounded"],
      ["CHF 77.20", "grounded"],
    ]);
    expect(statuses(t, "Travel in July came to CHF 337.75.")).toEqual([["CHF 337.75", "mismatched"]]);
  });
  test("what is left, in the red or on balance is a net: right, '2025 left CHF 2'434.50' (18'434.50 − 16'000.00); wrong, CHF 2'443.50", () => {
    const t = turn([{ name: "income_vs_spending", input: { year: 2025 }, summary: "Income and spending for 2025. CHF: income CHF 18'434.50; spending CHF 16'000.00 in 300 transactions." }]);
    expect(statuses(t, "So 2025 left CHF 2'434.50.")).toEqual([["CHF 2'434.50", "derived"]]);
    expect(statuses(t, "On balance CHF 2'434.50.")).toEqual([["CHF 2'434.50", "derived"]]);
    expect(statuses(t, "So 2025 left CHF 2'443.50.")).toEqual([["CHF 2'443.50", "ungrounded"]]);
  });
  test("'under' at a sentence's end is a side of the budget: right, shopping ended CHF 343.00 over; wrong, CHF 343.00 under", () => {
    const t = turn([{ name: "budget_status", input: { year: 2025, month: 10 }, summary: "Budgets for 2025-10.\n- Shopping: budget CHF 1'200.00, spent CHF 1'543.00, remaining CHF -343.00, 128.6% used — OVER BUDGET." }]);
    expect(statuses(t, "Shopping ended CHF 343.00 over.")).toEqual([["CHF 343.00", "grounded"]]);
    expect(statuses(t, "Shopping ended CHF 343.00 under.")).toEqual([["CHF 343.00", "mismatched"]]);
  });
  test("'points' alone are percentage points: right, groceries' share fell 0.3 points (40.6 % → 40.3 %); wrong, 0.5 points", () => {
    const t = turn([CATEGORIES_2025, CATEGORIES_2024]);
    expect(statuses(t, "Groceries' share of spending fell 0.3 points.")).toEqual([["0.3 points", "derived"]]);
    expect(statuses(t, "Groceries' share of spending fell 0.5 points.")).toEqual([["0.5 points", "ungrounded"]]);
  });
  test("what a figure is compared with is not what the clause's other figures are about: right, 'Groceries CHF 7'431.20, CHF 931.20 more than in 2024'; wrong, 'In 2025 groceries were CHF 6'500.00, … than in 2024'", () => {
    const t = turn([CATEGORIES_2025, CATEGORIES_2024]);
    expect(statuses(t, "Groceries CHF 7'431.20, CHF 931.20 more than in 2024.")).toEqual([
      ["CHF 7'431.20", "grounded"],
      ["CHF 931.20", "derived"],
    ]);
    expect(statuses(t, "In 2025 groceries were CHF 6'500.00, CHF 931.20 more than in 2024.")[0]).toEqual(["CHF 6'500.00", "mismatched"]);
  });
  test("the base of a change in brackets is what the bracket holds: right, 'rose 14.3% from 2024 (CHF 6'500.00)'; wrong, '(CHF 7'431.20)', 2025's", () => {
    const t = turn([CATEGORIES_2025, CATEGORIES_2024]);
    expect(statuses(t, "Groceries rose 14.3% from 2024 (CHF 6'500.00).")).toEqual([
      ["14.3%", "derived"],
      ["CHF 6'500.00", "grounded"],
    ]);
    expect(statuses(t, "Groceries rose 14.3% from 2024 (CHF 7'431.20).")[1]).toEqual(["CHF 7'431.20", "mismatched"]);
  });
});

describe("r4-figures6 rules (the r4c held-out set's misses and false alarms), each with a right and a wrong case", () => {
  test("a possessive year is a year: right, 'the same as 2025's CHF 18'434.50'; wrong, 'the same as 2024's CHF 18'434.50' (2025's total)", () => {
    const t = turn([CATEGORIES_2025, CATEGORIES_2024]);
    expect(statuses(t, "That is the same as 2025's CHF 18'434.50.")).toEqual([["CHF 18'434.50", "grounded"]]);
    expect(statuses(t, "That is the same as 2024's CHF 18'434.50.")).toEqual([["CHF 18'434.50", "mismatched"]]);
    // A group of a number written with a quote is still no year: "2'024" is a number.
    expect(statuses(t, "Groceries CHF 7'431.20.")).toEqual([["CHF 7'431.20", "grounded"]]);
  });
  test("'nearly' a figure in thousands is within its unit: right, nearly CHF 18.5k (18'434.50 is 17.9k–18.5k); wrong, nearly CHF 20k (18.4k rounds to 18k, not 20k)", () => {
    const t = turn([CATEGORIES_2025]);
    // 18.5k, unit 0.1k: 18'434.50 is within max(50, 2 % of 18'500 = 370) below 18'500.
    expect(statuses(t, "In 2025 you spent nearly CHF 18.5k.")).toEqual([["CHF 18.5k", "grounded"]]);
    // 20k, unit 1k: nearly 20k is 19.5k–20k (half its unit or 2 %, whichever is more); 18'434.50 is not.
    expect(statuses(t, "In 2025 you spent nearly CHF 20k.")).toEqual([["CHF 20k", "ungrounded"]]);
    // Without a multiplier the precision is the trailing zeros' as before: nearly CHF 20'000 is 15'000–20'000.
    expect(statuses(t, "In 2025 you spent nearly CHF 20'000.")).toEqual([["CHF 20'000", "grounded"]]);
  });
});

describe("r4-figures6: a rate the answer writes is the only average tried", () => {
  test("right: CHF 1'536.21 a month (18'434.50 ÷ 12); wrong: CHF 1'536.21 a week (a month's average written as a week's)", () => {
    // The call names 2025, inside the data (2024-01-01…2025-12-31): 12 months, 365 / 7 weeks, 365 days.
    const t = turn([CATEGORIES_2025]);
    expect(statuses(t, "In 2025 you spent CHF 1'536.21 a month.")).toEqual([["CHF 1'536.21", "derived"]]);
    expect(statuses(t, "In 2025 you spent CHF 1'536.21 a week.")).toEqual([["CHF 1'536.21", "ungrounded"]]);
    // CHF 353.54 a week: 18'434.50 ÷ (365 / 7) = 353.538…
    expect(statuses(t, "In 2025 you spent CHF 353.54 a week.")).toEqual([["CHF 353.54", "derived"]]);
  });
});

describe("r4-figures6: an amount a count of things is 'of' is each one's", () => {
  test("right: groceries were 180 purchases of about CHF 41 (7'431.20 ÷ 180 = 41.28); wrong: of about CHF 45", () => {
    const t = turn([CATEGORIES_2025]);
    expect(statuses(t, "Groceries were 180 purchases of about CHF 41.")).toEqual([
      ["180", "grounded"],
      ["CHF 41", "derived"],
    ]);
    expect(statuses(t, "Groceries were 180 purchases of about CHF 45.")[1]).toEqual(["CHF 45", "ungrounded"]);
  });
});

describe("r4-held7 rules (the tuning set's misses once r4d joined it), each with a right and a wrong case", () => {
  test("a rounded figure is a run of months only for the period the clause names: right, April to June about CHF 1'500 (400 + 520 + 600 = 1'520); wrong, 2025 about CHF 1'800 (only runs inside the year: May–July 1'820, February–June 1'820)", () => {
    const t = turn([TREND]);
    expect(statuses(t, "From April to June dining came to about CHF 1'500.")).toEqual([["CHF 1'500", "derived"]]);
    // The year is CHF 2'620.00; no pair of its figures is 1'750–1'850 (700 + 600 = 1'300, 2'620 − 700 = 1'920).
    expect(statuses(t, "In 2025 dining came to about CHF 1'800.")).toEqual([["CHF 1'800", "ungrounded"]]);
  });
  test("a month named without its year is divided by its own days in the call's year: right, CHF 22.58 a day in July (700 ÷ 31); wrong, CHF 23.33 a day in July (700 ÷ 30)", () => {
    const t = turn([TREND]);
    expect(statuses(t, "Dining peaked at CHF 700.00; that is CHF 22.58 a day in July.")).toEqual([
      ["CHF 700.00", "grounded"],
      ["CHF 22.58", "derived"],
    ]);
    expect(statuses(t, "Dining peaked at CHF 700.00; that is CHF 23.33 a day in July.")[1]).toEqual(["CHF 23.33", "ungrounded"]);
  });
  test("a rounded figure said to fall is a sum of changes, not of amounts: right, travel and groceries together fell about CHF 415 (337.75 + 77.20 = 414.95); wrong, spending fell about CHF 800 (June's travel + groceries 337.75 + 497.20 = 834.95 are amounts)", () => {
    const t = turn([JUNE_JULY]);
    expect(statuses(t, "Travel and groceries together fell by about CHF 415.")).toEqual([["CHF 415", "derived"]]);
    expect(statuses(t, "Spending fell about CHF 800.")).toEqual([["CHF 800", "ungrounded"]]);
  });
  /** One year's categories in two currencies: Uncategorised has 6 rows in EUR and 1 in CHF; no other pair of counts of one list is 7 but Groceries' 5 in EUR and Uncategorised's 1 in CHF. */
  const TWO_CURRENCIES: Call = {
    name: "spending_by_category",
    input: { year: 2025 },
    summary:
      "Spending by category for 2025. EUR: total EUR 3'463.50 over 23 transactions in 3 categories: Housing EUR 2'160.00 (62.4%, 12 tx); Uncategorised EUR 1'203.50 (34.7%, 6 tx); Groceries EUR 100.00 (2.9%, 5 tx). CHF: total CHF 5'000.00 over 40 transactions in 2 categories: Housing CHF 4'000.00 (80.0%, 39 tx); Uncategorised CHF 1'000.00 (20.0%, 1 tx).",
  };
  test("one thing's counts in two currencies' lists are not added: right, housing and uncategorised had 18 transactions in euros (12 + 6, one list); wrong, 7 uncategorised transactions (6 in EUR + 1 in CHF)", () => {
    const t = turn([TWO_CURRENCIES]);
    expect(statuses(t, "In euros, housing and uncategorised had 18 transactions.")).toEqual([["18", "derived"]]);
    expect(statuses(t, "There were 7 uncategorised transactions.")).toEqual([["7", "ungrounded"]]);
  });
  test("a count said of a thing adds up that thing's counts, not a neighbour's: right, dining and travel 120 transactions (90 + 30); wrong, dining 102 meals (90 + Housing's 12)", () => {
    const t = turn([CATEGORIES_2025]);
    expect(statuses(t, "Dining and travel: 120 transactions.")).toEqual([["120", "derived"]]);
    expect(statuses(t, "Dining: 102 meals.")).toEqual([["102", "ungrounded"]]);
  });
});

describe("r4-held8 rules (the r4e held-out set's misses and false alarms once it joined the tuning set), each with a right and a wrong case", () => {
  test("a year right before a month is that month's year: right, 'In 2025 April was CHF 400.00' (TREND is 2025's); wrong, 'In 2024 April was CHF 400.00'", () => {
    const t = turn([TREND]);
    expect(statuses(t, "In 2025 April was CHF 400.00.")).toEqual([["CHF 400.00", "grounded"]]);
    // Before, the month took the year's place and the year was dropped: April's CHF 400.00 was found as said.
    expect(statuses(t, "In 2024 April was CHF 400.00.")).toEqual([["CHF 400.00", "mismatched"]]);
  });
  /** A search's total and its own average in one clause: 1'388.00 ÷ 13 = 106.77. */
  const SEARCH: Call = {
    name: "search_transactions",
    input: { search: "Netflix", year: 2025 },
    summary:
      'Transactions matching "Netflix" in all categories for 2025: 13 matches. CHF: 13 transactions from 2025-01-12 to 2025-12-12. Money out: CHF 1\'388.00 in 13 transactions (average CHF 106.77). Money in: none.',
  };
  test("a total less its own average is no difference: right, about CHF 1.4k (1'388.00); wrong, about CHF 1.3k (was derived as 1'388.00 − 106.77 = 1'281.23)", () => {
    const t = turn([SEARCH]);
    expect(statuses(t, "Netflix cost about CHF 1.4k in 2025.")).toEqual([["CHF 1.4k", "grounded"]]);
    expect(statuses(t, "Netflix cost about CHF 1.3k in 2025.")).toEqual([["CHF 1.3k", "ungrounded"]]);
  });
  test("a gap said of the smaller one is no fall in time: right, April CHF 300.00 less than July (700 − 400); wrong, July CHF 300.00 less than April (July is the larger)", () => {
    const t = turn([TREND]);
    expect(statuses(t, "In April dining cost CHF 300.00 less than in July.")).toEqual([["CHF 300.00", "derived"]]);
    // 700 − 400 and 400 − 100 are the only pairs 300 apart; both fell in time, and July is no smaller one.
    expect(statuses(t, "In July dining cost CHF 300.00 less than in April.")).toEqual([["CHF 300.00", "ungrounded"]]);
  });
  /** A comparison of two first quarters: income 50'792.93 − spending 42'746.87 = 8'046.06 in 2025's; 50'792.93 − 44'139.37 = 6'653.56 across the two. */
  const QUARTERS: Call = {
    name: "compare_periods",
    input: { a: { from: "2024-01-01", to: "2024-03-31" }, b: { from: "2025-01-01", to: "2025-03-31" } },
    summary:
      "Spending: 2024-01-01…2024-03-31 (a) vs 2025-01-01…2025-03-31 (b). CHF: total spending CHF 44'139.37 → CHF 42'746.87 (CHF -1'392.50, -3.2%); income CHF 49'985.57 → CHF 50'792.93.",
  };
  test("a call's income less its spending of one period is a net, whatever the answer calls it: right, income beat spending by CHF 8'046.06; wrong, CHF 6'653.56 (2025's income less 2024's spending)", () => {
    const t = turn([QUARTERS]);
    expect(statuses(t, "Income beat spending by CHF 8'046.06.")).toEqual([["CHF 8'046.06", "derived"]]);
    expect(statuses(t, "Income beat spending by CHF 6'653.56.")).toEqual([["CHF 6'653.56", "ungrounded"]]);
  });
  const MERCHANTS: Call = {
    name: "merchant_breakdown",
    input: { category: "Dining", year: 2025 },
    summary:
      "Merchants for spending on Dining for 2025. CHF: total CHF 4'896.35 over 100 transactions at 3 merchants. 1. Restaurant Hiltl CHF 2'680.95 (43 tx, avg CHF 62.35, 54.8%); 2. Migros Restaurant CHF 1'222.50 (19 tx, avg CHF 64.34, 25.0%); 3. Coop CHF 992.90 (38 tx, avg CHF 26.13, 20.3%).",
  };
  test("a difference of two things the clause names is about them, though the clause names a third nearer: right, Hiltl CHF 1'458.45 more than Migros Restaurant (2'680.95 − 1'222.50); wrong, the same said of 2024 (the data is 2025's)", () => {
    const t = turn([MERCHANTS]);
    expect(statuses(t, "Restaurant Hiltl is 2.7 times what you spent at Coop and CHF 1'458.45 more than Migros Restaurant.")).toEqual([
      ["2.7 times", "derived"],
      ["CHF 1'458.45", "derived"],
    ]);
    expect(statuses(t, "Restaurant Hiltl is 2.7 times what you spent at Coop and in 2024 CHF 1'458.45 more than Migros Restaurant.")[1]).toEqual(["CHF 1'458.45", "ungrounded"]);
  });
  /**
   * A recurring series in two parts whose yearly cost stands after its next date, which it is read as of (a day):
   * 25'800 ÷ 41'626.80 = 62.0 %; 10'729.20 ÷ 41'626.80 = 25.8 %.
   */
  const RECURRING: Call = {
    name: "recurring_payments",
    input: { year: 2025 },
    summary:
      'Recurring payments for 2025: 2 series, 2 active. Active yearly cost: CHF 41\'626.80. Livit AG (Housing) monthly CHF 2\'150.00 in 2 parts: "Livit AG · Miete Wohnung 3.OG…" CHF 1\'900.00 + "Livit AG · Nebenkosten Akonto…" CHF 250.00, 24 payments 2025-01-01 to 2025-12-02, next about 2026-01-01, CHF 25\'800.00 a year; Migros (Groceries) monthly CHF 894.10, 12 payments 2025-01-01 to 2025-12-01, next about 2026-01-01, CHF 10\'729.20 a year.',
  };
  test("a yearly cost is no day's figure in a rounded share: right, the rent is 62 % of the recurring cost (25'800 ÷ 41'626.80); wrong, 52 %", () => {
    const t = turn([RECURRING]);
    expect(statuses(t, "The rent is 62 % of the recurring cost.")).toEqual([["62 %", "derived"]]);
    expect(statuses(t, "The rent is 52 % of the recurring cost.")).toEqual([["52 %", "ungrounded"]]);
  });
  test("what stands right before a bracket is the bracketed figure's, though the figure before took it: right, housing 2 times dining (CHF 3'000.00); wrong, dining (CHF 6'000.00), housing's", () => {
    const t = turn([CATEGORIES_2025]);
    expect(statuses(t, "Housing was 2 times dining (CHF 3'000.00).")).toEqual([
      ["2 times", "derived"],
      ["CHF 3'000.00", "grounded"],
    ]);
    expect(statuses(t, "Housing was 2 times dining (CHF 6'000.00).")[1]).toEqual(["CHF 6'000.00", "mismatched"]);
  });
  const BY_ACCOUNT: Call = {
    name: "spending_breakdown",
    input: { group_by: ["account"], year: 2025 },
    summary: "Total of spending by account for 2025. CHF: total CHF 5'000.00 over 60 rows. Visa 4417 CHF 4'000.00 (50); Savings Account CHF 1'000.00 (10).",
  };
  test("a name's alias set apart by another word is another thing: right, 'the second CHF card only CHF 1'000.00' after 'the main CHF card (Visa 4417)'; wrong, 'the main card only CHF 1'000.00'", () => {
    const t = turn([BY_ACCOUNT]);
    expect(statuses(t, "The main CHF card (Visa 4417) carried CHF 4'000.00; the second CHF card only CHF 1'000.00.")).toEqual([
      ["CHF 4'000.00", "grounded"],
      ["CHF 1'000.00", "grounded"],
    ]);
    expect(statuses(t, "The main CHF card (Visa 4417) carried CHF 4'000.00; the main card only CHF 1'000.00.")[1]).toEqual(["CHF 1'000.00", "mismatched"]);
  });
  test("a share of a ranked list's top k, when the clause says so: right, the top two took 79.7 % ((2'680.95 + 1'222.50) ÷ 4'896.35 = 79.72 %; their own shares add up to 79.8 %); wrong, 72.4 % (75.1 % would be Hiltl's and Coop's shares added), and 79.7 % said of 2024", () => {
    const t = turn([MERCHANTS]);
    expect(statuses(t, "Your top two took 79.7 % of dining.")).toEqual([["79.7 %", "derived"]]);
    expect(statuses(t, "Your top two took 72.4 % of dining.")).toEqual([["72.4 %", "ungrounded"]]);
    // The share of 2025's top two, said of 2024.
    expect(statuses(t, "In 2024 your top two took 79.7 % of dining.")).toEqual([["79.7 %", "ungrounded"]]);
  });
  test("a name in a quoted booking's text goes with its merchant: right, Helsana's premium CHF 428.80 (its part '\"Helsana · Prämie KVG Alex Muster 12.2025\"'); wrong, Anna Muster's premium CHF 428.80 (Alex's)", () => {
    const t = turnOver({ categoryNames: ["Insurance"], merchants: ["Helsana", "Alex Muster", "Anna Muster"], accounts: [] }, {
      name: "recurring_payments",
      input: { year: 2025 },
      summary:
        'Recurring payments for 2025: 1 series, 1 active. Active yearly cost: CHF 10\'011.60. Helsana (Insurance) monthly CHF 834.30 in 2 parts: "Helsana · Prämie KVG Alex Muster 12.2025" CHF 428.80 + "Helsana · Prämie KVG Anna Muster 12.2025" CHF 405.50, 24 payments 2025-01-01 to 2025-12-01, next about 2026-01-01, CHF 10\'011.60 a year.',
    });
    expect(statuses(t, "Helsana's first premium is CHF 428.80.")).toEqual([["CHF 428.80", "grounded"]]);
    expect(statuses(t, "Anna Muster's premium is CHF 428.80.")).toEqual([["CHF 428.80", "mismatched"]]);
  });
  test("'invested' names the Investments category: right, you invested CHF 6'030.00; wrong, you invested CHF 7'400.00 (what moved to own accounts)", () => {
    const t = turnOver({ categoryNames: ["Income", "Investments", "Transfers"], merchants: [], accounts: [] }, {
      name: "income_vs_spending",
      input: { year: 2025 },
      summary:
        "Income vs spending for 2025. CHF: income CHF 80'000.00, spending CHF 60'000.00, net CHF 20'000.00, savings rate 25.0%. Not counted as spending or income: invested CHF 6'030.00 (Investments, net); moved to own accounts CHF 7'400.00 (Transfers, net).",
    });
    expect(statuses(t, "You invested CHF 6'030.00.")).toEqual([["CHF 6'030.00", "grounded"]]);
    expect(statuses(t, "You invested CHF 7'400.00.")).toEqual([["CHF 7'400.00", "mismatched"]]);
  });
});

describe("r4-held9 rules (the recurring classes of r4b–r4f's failures, on the tuning set once r4f joined it), each with a right and a wrong case", () => {
  test("'in the red' is below zero, 'in the black' above: right, February ended CHF 1'145.03 in the red, March CHF 1'145.03 in the black; wrong, March ended CHF 1'145.03 in the red (its net is +1'145.03)", () => {
    const t = turn([NETS]);
    expect(statuses(t, "February ended CHF 1'145.03 in the red. March ended CHF 1'145.03 in the black.")).toEqual([
      ["CHF 1'145.03", "grounded"],
      ["CHF 1'145.03", "grounded"],
    ]);
    // Before, magnitudes were compared without their sign: March's +1'145.03 was found as said.
    expect(statuses(t, "March ended CHF 1'145.03 in the red.")).toEqual([["CHF 1'145.03", "mismatched"]]);
  });
  /** Rows of money out, signed; a booking text with a number in it. 618.00 − 487.39 = 130.61. */
  const TRAVEL_ROWS: Call = {
    name: "list_transactions",
    input: { category: "Travel", year: 2025, sort: "amount", limit: 3, direction: "out" },
    summary:
      'Money out in Travel for 2025, largest amount first (negative = money out): showing 3 of 10. 2025-09-13 CHF -618.00 Hotelplan "Hotelplan Reisebüro" [Travel]; 2025-08-16 CHF -583.90 Swiss "SWISS INTERNATIONAL AIR LINES" [Travel]; 2025-07-27 CHF -487.39 Airbnb "AIRBNB * 682453" [Travel].',
  };
  const TRAVEL_NAMES = { categoryNames: ["Travel"], merchants: ["Hotelplan", "Swiss", "Airbnb"], accounts: [] };
  test("a row's minus (money out) is no fall, and a number in a quoted booking text no figure of the row list: right, Hotelplan CHF 130.61 more than the Airbnb (618.00 − 487.39); wrong, CHF 103.61", () => {
    const t = turnOver(TRAVEL_NAMES, TRAVEL_ROWS);
    // Before, "more" contradicted the rows' minus, and "682453" (read as a count) broke the list between Swiss and Airbnb.
    expect(statuses(t, "Hotelplan was CHF 130.61 more than the Airbnb.")).toEqual([["CHF 130.61", "derived"]]);
    expect(statuses(t, "Hotelplan was CHF 103.61 more than the Airbnb.")).toEqual([["CHF 103.61", "ungrounded"]]);
  });
  /** The travel rows' turn, after checking that `answer`'s one figure is derived from the three rows by `operation` (its note opening with `note`). */
  const travelDerived = (answer: string, operation: FigureOperation, note: string) => {
    const t = turnOver(TRAVEL_NAMES, TRAVEL_ROWS);
    const f = one(t, answer);
    expect([f.status, f.operation, f.sources.map((s) => s.text)]).toEqual(["derived", operation, ["CHF -618.00", "CHF -583.90", "CHF -487.39"]]);
    expect(figureNote(f).startsWith(note)).toBe(true);
    return t;
  };
  test("the average of a list's items, two steps: right, the three were CHF 563.10 on average ((618.00 + 583.90 + 487.39) ÷ 3 = 563.097); wrong, CHF 536.10", () => {
    const t = travelDerived("The three payments were CHF 563.10 on average.", "mean", "(CHF -618.00 + CHF -583.90 + CHF -487.39) ÷ 3 (average)");
    expect(statuses(t, "The three payments were CHF 536.10 on average.")).toEqual([["CHF 536.10", "ungrounded"]]);
  });
  test("a share of a whole list, the whole added up by the model: right, Hotelplan alone 36.6 % of the three (618.00 ÷ 1'689.29); wrong, 63.6 %", () => {
    // Before, the whole (no figure of the turn) was never formed: only a pair of the turn's figures made a share.
    const t = travelDerived("Of the three, Hotelplan alone was 36.6%.", "share_of_list", "CHF -618.00 ÷ (CHF -618.00 + CHF -583.90 + CHF -487.39) (share of the list)");
    expect(statuses(t, "Of the three, Hotelplan alone was 63.6%.")).toEqual([["63.6%", "ungrounded"]]);
    expect(statuses(t, "Hotelplan alone was 36.6% of these three payments.")).toEqual([["36.6%", "derived"]]);
    // The part is the item the clause names: the Airbnb's share (28.9 %) is not Hotelplan's.
    expect(statuses(t, "Of the three, Hotelplan alone was 28.9%.")).toEqual([["28.9%", "ungrounded"]]);
    // A net beside the income and spending it is of is no part of their sum: the net over all three (10.0 %) is nothing; over the income it is the savings rate (20.0 %).
    const flows = turn([{ name: "income_vs_spending", input: { year: 2025 }, summary: "Income vs spending for 2025. CHF: income CHF 10'000.00, spending CHF 8'000.00, net CHF 2'000.00." }]);
    expect(statuses(flows, "In 2025 you kept 20.0% of your income.")).toEqual([["20.0%", "derived"]]);
    expect(statuses(flows, "In 2025 you kept 10.0% of your income.")).toEqual([["10.0%", "ungrounded"]]);
  });
  test("'came in' / 'went out' right after an amount say what that amount is, not the next one's: right, income came in and spending went out; wrong, the two swapped", () => {
    const t = oneCall("income_vs_spending", { year: 2025 }, "Income vs spending for 2025. CHF: income CHF 56'400.00, spending CHF 23'305.40, net CHF 33'094.60.");
    // Before, "came in" after the income was read as the spending's flow too: the right spending was mismatched as money in.
    expect(statuses(t, "In 2025 CHF 56'400.00 came in and CHF 23'305.40 went out.")).toEqual([["CHF 56'400.00", "grounded"], ["CHF 23'305.40", "grounded"]]);
    // Swapped, each is found only as the other flow (before, the first passed: no flow word before it).
    expect(statuses(t, "In 2025 CHF 23'305.40 came in and CHF 56'400.00 went out.")).toEqual([["CHF 23'305.40", "mismatched"], ["CHF 56'400.00", "mismatched"]]);
  });
  test("'came in under/over/below …' after an amount is a comparison, not money in: right, the spending came in well under the income; wrong, the income said so", () => {
    const t = oneCall("income_vs_spending", { year: 2025 }, "Income vs spending for 2025. CHF: income CHF 56'400.00, spending CHF 23'305.40, net CHF 33'094.60.");
    // Before, "came in" was read as the spending's flow: the right spending was mismatched as money in (review rev-figacc3 #11).
    expect(statuses(t, "In 2025 your total of CHF 23'305.40 came in well under your income of CHF 56'400.00.")).toEqual([["CHF 23'305.40", "grounded"], ["CHF 56'400.00", "grounded"]]);
    expect(statuses(t, "In 2025 your total of CHF 23'305.40 came in below budget.")).toEqual([["CHF 23'305.40", "grounded"]]);
    expect(statuses(t, "In 2025 your spending of CHF 56'400.00 came in well under your income.")).toEqual([["CHF 56'400.00", "mismatched"]]);
  });
  test("a share of a list only when the list is the whole: right, of the three (the clause says how many), or of a list its call's total adds up; wrong, of a top 3 with the rest in 'Other', of the first 4 rows of 9", () => {
    const top = oneCall("merchant_breakdown", { category: "Groceries", year: 2025, top_n: 3 }, "Merchants for spending on Groceries for 2025. CHF: total CHF 10'000.00 over 400 transactions at 7 merchants. 1. Migros CHF 3'000.00 (120 tx, avg CHF 25.00, 30.0%); 2. Coop CHF 2'500.00 (100 tx, avg CHF 25.00, 25.0%); 3. Aldi CHF 1'500.00 (60 tx, avg CHF 25.00, 15.0%); Other (4 merchants) CHF 3'000.00 (120 tx, 30.0%).");
    // Before, Migros ÷ the top three's sum (3'000 ÷ 7'000) passed as Migros' share of all groceries (the tool says 30.0 %).
    expect(statuses(top, "Migros took 42.9% of your grocery spending in 2025.")).toEqual([["42.9%", "ungrounded"]]);
    expect(statuses(top, "Migros took 30.0% of your grocery spending in 2025.")).toEqual([["30.0%", "grounded"]]);
    // A list its own call's total adds up (the whole): a share of it is derived.
    const whole = oneCall("monthly_trend", { category: "Travel", from: "2025-01-01", to: "2025-03-31" }, "Monthly spending on Travel from 2025-01-01 to 2025-03-31. CHF: total CHF 1'000.05 over 6 transactions. Per month: 2025-01 CHF 200.00, 2025-02 CHF 300.05, 2025-03 CHF 500.00.");
    expect(statuses(whole, "March took 49.998% of the quarter's travel.")).toEqual([["49.998%", "derived"]]);
    const rows = oneCall("list_transactions", { category: "Dining", year: 2025, month: 4, limit: 4 }, 'Transactions in Dining for 2025-04, newest first (negative = money out): showing 4 of 9. 2025-04-30 CHF -8.40 Starbucks "STARBUCKS ZH" [Dining]; 2025-04-29 CHF -31.75 Tibits "TIBITS AG" [Dining]; 2025-04-29 CHF -12.10 Holy Cow! "HOLY COW HB" [Dining]; 2025-04-27 CHF -44.60 Starbucks "STARBUCKS ZH" [Dining].');
    // 31.75 ÷ 96.85 (the four rows shown) is no share of April's dining (nine payments).
    expect(statuses(rows, "In April that Tibits lunch was 32.8% of your dining.")).toEqual([["32.8%", "ungrounded"]]);
  });
  /** Five categories with cents: 7'431.20 + 3'000.15 + 41.35 = 10'472.70 (1st, 3rd, 5th); 7'431.20 + 6'000.00 + 3'000.15 = 16'431.35 (the first three). */
  const FIVE: Call = {
    name: "spending_by_category",
    input: { year: 2025 },
    summary:
      "Spending by category for 2025. CHF: total CHF 18'476.00 over 350 transactions in 5 categories: Groceries CHF 7'431.20 (40.2%, 180 tx); Housing CHF 6'000.00 (32.5%, 12 tx); Dining CHF 3'000.15 (16.2%, 90 tx); Travel CHF 2'003.30 (10.8%, 30 tx); Fees CHF 41.35 (0.2%, 38 tx).",
  };
  /** Months with cents: March + May + July = 150.35 + 520.40 + 700.15 = 1'370.90 (not a run). */
  const TREND_CENTS: Call = {
    name: "monthly_trend",
    input: { category: "Dining", year: 2025 },
    summary:
      "Monthly spending on Dining for 2025. CHF: total CHF 2'622.10 over 40 transactions. Per month: 2025-01 CHF 100.10, 2025-02 CHF 150.20, 2025-03 CHF 150.35, 2025-04 CHF 400.90, 2025-05 CHF 520.40, 2025-06 CHF 600.00, 2025-07 CHF 700.15.",
  };
  test("three items of a short list that are not next to each other add up, and months named together are no one month: right, March, May and July together CHF 1'370.90; wrong, CHF 1'307.90", () => {
    const t = turn([TREND_CENTS]);
    // Before, only runs of a list (and the items of a name the clause gives) added up, and the figure was said of March alone.
    const f = one(t, "The three dearest months — March, May and July — together came to CHF 1'370.90.");
    expect([f.status, f.operation, f.sources.map((s) => s.text)]).toEqual(["derived", "sum", ["CHF 150.35", "CHF 520.40", "CHF 700.15"]]);
    expect(statuses(t, "The three dearest months — March, May and July — together came to CHF 1'307.90.")).toEqual([["CHF 1'307.90", "ungrounded"]]);
  });
  test("items picked from anywhere in a list are the things the clause names: right, groceries, dining and fees CHF 10'472.70 (7'431.20 + 3'000.15 + 41.35); wrong, the same total said of groceries and dining only", () => {
    const t = turn([FIVE]);
    expect(statuses(t, "Groceries, dining and fees came to CHF 10'472.70.")).toEqual([["CHF 10'472.70", "derived"]]);
    // Fees is a term the clause does not name.
    expect(statuses(t, "Groceries and dining came to CHF 10'472.70.")).toEqual([["CHF 10'472.70", "ungrounded"]]);
  });
  test("a run of three beside two things the clause names is a sum of them and more: right, 'housing and dining, and the three largest to CHF 16'431.35'; wrong, 'housing and travel, …' (travel is no term)", () => {
    const t = turn([FIVE]);
    // Before, every term about a thing had to be one the clause names: groceries is not.
    expect(statuses(t, "Housing and dining are large, and the three largest came to CHF 16'431.35.")).toEqual([["CHF 16'431.35", "derived"]]);
    expect(statuses(t, "Housing and travel are large, and the three largest came to CHF 16'431.35.")).toEqual([["CHF 16'431.35", "ungrounded"]]);
  });
  test("a share said of one thing is no sum of its share and another's: right, housing and dining took 48.8 % (32.5 + 16.3); wrong, dining took 27.2 % (16.3 + travel's 10.9)", () => {
    const t = turn([CATEGORIES_2025]);
    expect(statuses(t, "Housing and dining took 48.8 % of the year.")).toEqual([["48.8 %", "derived"]]);
    expect(statuses(t, "Dining took 27.2 % of the year.")).toEqual([["27.2 %", "ungrounded"]]);
  });
  test("a name the turn knows as a merchant of its own is not a longer one's: right, Migros Restaurant took CHF 1'800.00; wrong, Migros took CHF 1'800.00 (the restaurant's)", () => {
    const t = oneCall("merchant_breakdown", { year: 2025 }, "Merchants for spending for 2025. CHF: total CHF 3'000.00 over 60 transactions at 2 merchants. 1. Migros Restaurant CHF 1'800.00 (20 tx, avg CHF 90.00, 60.0%); 2. Migros CHF 1'200.00 (40 tx, avg CHF 30.00, 40.0%).");
    expect(statuses(t, "Migros Restaurant took CHF 1'800.00.")).toEqual([["CHF 1'800.00", "grounded"]]);
    expect(statuses(t, "Migros took CHF 1'800.00.")).toEqual([["CHF 1'800.00", "mismatched"]]);
  });
  test("a month's possessive goes with the figure after it: right, in May dining jumped to CHF 520.00 from April's CHF 400.00; wrong, … to CHF 400.00 from April's CHF 520.00", () => {
    const t = turn([TREND]);
    // Before, "from April's" was taken by CHF 520.00 (right after it): May's figure was said of April.
    expect(statuses(t, "In May dining jumped to CHF 520.00 from April's CHF 400.00.")).toEqual([
      ["CHF 520.00", "grounded"],
      ["CHF 400.00", "grounded"],
    ]);
    expect(statuses(t, "In May dining jumped to CHF 400.00 from April's CHF 520.00.")).toEqual([
      ["CHF 400.00", "mismatched"],
      ["CHF 520.00", "mismatched"],
    ]);
  });
  test("'N times' followed by what it compares with is a ratio, no count: right, housing 2 times dining's CHF 3'000.00; wrong, 12 times dining's (12 is housing's count of transactions)", () => {
    const t = turn([CATEGORIES_2025]);
    expect(statuses(t, "Housing cost 2 times dining's CHF 3'000.00.")[0]).toEqual(["2 times", "derived"]);
    expect(statuses(t, "Housing cost 12 times dining's CHF 3'000.00.")[0]).toEqual(["12 times", "ungrounded"]);
  });
  test("a difference of two amounts the answer wrote, though they stand only in a chart: right, CHF 280.15 less (694.85 − 414.70); wrong, CHF 208.15 less", () => {
    const t = turnOver(
      { categoryNames: ["Groceries"], merchants: ["Coop"], accounts: [] },
      {
        name: "search_transactions",
        input: { search: "Coop", year: 2025 },
        summary: 'Transactions matching "Coop" in all categories for 2025: 40 matches. CHF: 40 transactions from 2025-04-01 to 2025-05-31. Money out: CHF 1\'109.55 in 40 transactions (average CHF 27.74). Money in: none.',
        charts: [{ type: "bar", title: 'Transactions matching "Coop", 2025: money out per month (CHF)', currency: "CHF", data: { labels: ["2025-04", "2025-05"], datasets: [{ name: "Out", values: [414.7, 694.85] }] } }],
      },
    );
    expect(statuses(t, "May was CHF 694.85 and April CHF 414.70, so April was CHF 280.15 less.")).toEqual([
      ["CHF 694.85", "grounded"],
      ["CHF 414.70", "grounded"],
      ["CHF 280.15", "derived"],
    ]);
    expect(statuses(t, "May was CHF 694.85 and April CHF 414.70, so April was CHF 208.15 less.")[2]).toEqual(["CHF 208.15", "ungrounded"]);
  });
});

describe("review of r4-held9's rules: a wrong figure is never found by a sum, a mean or a difference the clause does not say", () => {
  const MONTHS_2025: Call = {
    name: "spending_over_time",
    input: { year: 2025, granularity: "month" },
    summary:
      "Spending per month for 2025. CHF: total CHF 18'434.50 over 312 transactions: January CHF 1'512.35; February CHF 1'433.10; March CHF 1'620.45; April CHF 1'388.90; May CHF 1'702.15; June CHF 1'455.60; July CHF 1'810.25; August CHF 1'690.80; September CHF 1'377.05; October CHF 1'499.95; November CHF 1'544.70; December CHF 1'399.20.",
  };
  const CATEGORIES: Call = {
    name: "spending_by_category",
    input: { year: 2025 },
    summary:
      "Spending by category for 2025. CHF: total CHF 18'434.50 over 312 transactions in 4 categories: Groceries CHF 7'431.20 (40.3%, 180 tx); Housing CHF 6'000.00 (32.5%, 12 tx); Dining CHF 3'000.00 (16.3%, 90 tx); Travel CHF 2'003.30 (10.9%, 30 tx).",
  };
  test("a year's total is no sum of three of its months: wrong, CHF 4'287.90 (February + June + December)", () => {
    expect(statuses(turn([MONTHS_2025]), "Your 2025 spending totalled CHF 4'287.90.")).toEqual([["CHF 4'287.90", "ungrounded"]]);
  });
  test("a month's average is the whole year's, not a run of months': right, CHF 1'536.21 (18'434.50 ÷ 12); wrong, CHF 1'518.76 (January–June's)", () => {
    const t = turn([MONTHS_2025]);
    expect(statuses(t, "In 2025 you spent CHF 1'536.21 a month on average.")).toEqual([["CHF 1'536.21", "derived"]]);
    expect(statuses(t, "In 2025 you spent CHF 1'518.76 a month on average.")).toEqual([["CHF 1'518.76", "ungrounded"]]);
  });
  test("a difference of two amounts the answer wrote only when said to be one: right, 'CHF 4'431.20 more than dining'; wrong, 'Travel came to CHF 4'431.20'", () => {
    const t = turn([CATEGORIES]);
    expect(statuses(t, "Groceries were CHF 7'431.20, CHF 4'431.20 more than dining.")).toEqual([["CHF 7'431.20", "grounded"], ["CHF 4'431.20", "derived"]]);
    expect(statuses(t, "In 2025 groceries were CHF 7'431.20 and dining CHF 3'000.00. Travel came to CHF 4'431.20.")).toEqual([
      ["CHF 7'431.20", "grounded"],
      ["CHF 3'000.00", "grounded"],
      ["CHF 4'431.20", "ungrounded"],
    ]);
  });
});

/** r4-held12: spending per month of 2025, written as the tools write months (ISO). */
const MONTHS_BY_ISO: Call = {
  name: "spending_over_time",
  input: { year: 2025, granularity: "month" },
  summary:
    "Spending per month for 2025. CHF: total CHF 18'434.50 over 312 transactions: 2025-01 CHF 1'512.35; 2025-02 CHF 1'433.10; 2025-03 CHF 1'620.45; 2025-04 CHF 1'388.90; 2025-05 CHF 1'702.15; 2025-06 CHF 1'455.60; 2025-07 CHF 1'810.25; 2025-08 CHF 1'690.80; 2025-09 CHF 1'377.05; 2025-10 CHF 1'499.95; 2025-11 CHF 1'544.70; 2025-12 CHF 1'399.20.",
};
/** r4-held12: groceries by merchant, with each merchant's count of transactions. */
const GROCERY_MERCHANTS: Call = {
  name: "merchant_breakdown",
  input: { category: "Groceries", year: 2025 },
  summary:
    "Groceries by merchant for 2025. CHF: total CHF 7'431.20 over 180 transactions at 5 merchants: Migros CHF 3'000.00 (66 tx); Coop CHF 2'500.00 (51 tx); Aldi CHF 1'000.00 (40 tx); Lidl CHF 881.20 (20 tx); Volg CHF 50.00 (3 tx).",
};

describe("r4-held12 rules (principles, cross-validated per answers file), each with a right and a wrong case", () => {
  test("a percentage said to be a rise is no share of a total: right, '72.9% of the total' (13'431.20 ÷ 18'434.50 = 72.86 %); wrong, 'up 72.9%'", () => {
    const t = turn([CATEGORIES_2025]);
    expect(statuses(t, "Groceries and housing together came to CHF 13'431.20, 72.9% of the total.")).toEqual([["CHF 13'431.20", "derived"], ["72.9%", "derived"]]);
    expect(statuses(t, "Groceries and housing together came to CHF 13'431.20, up 72.9%.")).toEqual([["CHF 13'431.20", "derived"], ["72.9%", "ungrounded"]]);
  });
  const QUARTER: Call = {
    name: "merchant_breakdown",
    input: { category: "Dining", from: "2025-07-01", to: "2025-09-30" },
    summary: "Dining by merchant from 2025-07-01 to 2025-09-30. CHF: total CHF 2'983.10 over 94 transactions at 14 merchants: Restaurant Hiltl CHF 772.80 (11 tx).",
  };
  test("a quarter's total said of one month of it is mismatched: right, 'from July to September'; wrong, 'in September alone'", () => {
    const t = turn([QUARTER]);
    expect(statuses(t, "From July to September dining cost CHF 2'983.10.")).toEqual([["CHF 2'983.10", "grounded"]]);
    expect(statuses(t, "Dining cost CHF 2'983.10 in September alone.")).toEqual([["CHF 2'983.10", "mismatched"]]);
  });
  test("a month written as a period's end, a day or an aside is no part the figure is said of: 'CHF 2'983.10 until the end of September' is grounded", () => {
    const t = turn([QUARTER]);
    expect(statuses(t, "Since July, dining cost CHF 2'983.10 to the end of September.")).toEqual([["CHF 2'983.10", "grounded"]]);
    expect(statuses(t, "Dining (the busiest month was September): CHF 2'983.10.")).toEqual([["CHF 2'983.10", "grounded"]]);
  });
  const YEAR_COUNT: Call = {
    name: "monthly_trend",
    input: { category: "Shopping", year: 2025 },
    summary: "Monthly spending on Shopping for 2025. CHF: total CHF 18'809.52 over 207 transactions; highest 2025-06 CHF 7'398.65.",
  };
  test("a year's count said of one month of it is mismatched: right, '207 purchases in 2025'; wrong, 'September's … 207 purchases'", () => {
    const t = turn([YEAR_COUNT]);
    expect(statuses(t, "Shopping had 207 purchases in 2025.")).toEqual([["207", "grounded"]]);
    expect(statuses(t, "In September shopping came with 207 purchases.")).toEqual([["207", "mismatched"]]);
  });
});

describe("r4-held12: a category read alike in the tools' summaries and the answer", () => {
  const RECURRING: Call = {
    name: "recurring_payments",
    input: { year: 2025 },
    summary:
      "Recurring payments for 2025: 1 series. Netflix (Travel) monthly CHF 20.90, 12 payments 2025-01-05 to 2025-12-05, CHF 250.80 a year, one-offs inside the series (not price changes): 2025-05-26 late fee CHF 20.00.",
  };
  test("'late fee' in a summary is about Fees, as 'late fees' in the answer: right, 'late fees of CHF 20.00'; wrong, 'fees of CHF 20.90' (Netflix's price)", () => {
    const t = turn([RECURRING]);
    expect(statuses(t, "You also paid late fees of CHF 20.00.")).toEqual([["CHF 20.00", "grounded"]]);
    expect(statuses(t, "You also paid late fees of CHF 20.90.")).toEqual([["CHF 20.90", "mismatched"]]);
  });
  const WITH_UNCATEGORISED: Call = {
    name: "spending_by_category",
    input: { year: 2025 },
    summary: "Spending by category for 2025. CHF: total CHF 9'642.60 over 102 transactions in 3 categories: Groceries CHF 7'431.20 (77.1%, 80 tx); Fees CHF 1'922.00 (19.9%, 20 tx); Uncategorised CHF 289.40 (3.0%, 2 tx).",
  };
  test("the rows not classified yet may be what the answer says they are, unless the turn has that category's own figures: right, '2 transfers'; wrong, 'Fees CHF 289.40'", () => {
    const t = turnOver({ ...VOCABULARY, categoryNames: [...VOCABULARY.categoryNames, "Transfers"] }, WITH_UNCATEGORISED);
    // Transfers (a category of the data): no figure of the turn is about it; the 2 uncategorised rows may be transfers.
    expect(statuses(t, "Two rows were transfers: 2 transfers worth CHF 289.40.")).toEqual([["2", "grounded"], ["CHF 289.40", "grounded"]]);
    // Fees has its own figures (CHF 1'922.00): the uncategorised CHF 289.40 is not the fees'.
    expect(statuses(t, "Fees came to CHF 289.40.")).toEqual([["CHF 289.40", "mismatched"]]);
  });
  test("'still uncategorised', 'came in unclassified' right after a figure say what it is about: right, Uncategorised's CHF 289.40; wrong, Fees' CHF 1'922.00 said so", () => {
    const t = turn([WITH_UNCATEGORISED]);
    expect(statuses(t, "Fees were CHF 1'922.00 and CHF 289.40 still uncategorised.")).toEqual([["CHF 1'922.00", "grounded"], ["CHF 289.40", "grounded"]]);
    expect(statuses(t, "Groceries were CHF 7'431.20, and CHF 1'922.00 came in unclassified.")).toEqual([["CHF 7'431.20", "grounded"], ["CHF 1'922.00", "mismatched"]]);
  });
});

describe("r4-held12: the year a month or 'last year' is said of", () => {
  const GROCERIES_2025: Call = {
    name: "monthly_trend",
    input: { category: "Groceries", year: 2025 },
    summary: "Monthly spending on Groceries for 2025. CHF: total CHF 7'431.20; highest 2025-05 CHF 1'706.20; lowest 2025-02 CHF 402.10.",
  };
  test("a month in a sentence set in one year is that year's: right, 'In 2025 groceries peaked in May at CHF 1'706.20'; wrong, 'In 2024 …' (May 2025's)", () => {
    const t = turn([GROCERIES_2025]);
    expect(statuses(t, "In 2025 groceries peaked in May at CHF 1'706.20.")).toEqual([["CHF 1'706.20", "grounded"]]);
    expect(statuses(t, "In 2024 groceries peaked in May at CHF 1'706.20.")).toEqual([["CHF 1'706.20", "mismatched"]]);
    // A year set against ("compared with 2024") is not the sentence's: May is the call's.
    expect(statuses(t, "Compared with 2024, May rose to CHF 1'706.20.")).toEqual([["CHF 1'706.20", "grounded"]]);
  });
  const UNUSUAL_2025: Call = {
    name: "unusual_transactions",
    input: { kind: "large", year: 2025 },
    summary: "Unusually large payments for 2025: 1 of 312 payments. 2025-05-12 Housing CHF 3'120.00.",
  };
  test("'last year' is the year before the turn's calls', or theirs when the question asks about last year: wrong, 'last year's bill of CHF 3'120.00' of 2025's; right, asked about last year", () => {
    expect(statuses(turn([UNUSUAL_2025]), "Last year's bill of CHF 3'120.00 was similar.", "Anything unusual this year?")).toEqual([["CHF 3'120.00", "mismatched"]]);
    expect(statuses(turn([UNUSUAL_2025]), "Last year's largest bill was CHF 3'120.00.", "Anything unusual last year?")).toEqual([["CHF 3'120.00", "grounded"]]);
  });
  test("'last year' with figures of a year before it (an earlier turn's 2023 beside 2025) is left unread: the answer may mean either", () => {
    const t = turn([UNUSUAL_2025]);
    t.recordEarlier({ id: "toolu_e", name: "spending_by_category", input: { year: 2023 } }, "Spending by category for 2023. CHF: total CHF 16'000.00 over 300 transactions.", "And 2023?");
    expect(statuses(t, "Last year's bill of CHF 3'120.00 was similar.", "Anything unusual this year?")).toEqual([["CHF 3'120.00", "grounded"]]);
  });
});

describe("r4-held12: the answer's own figures as operands of one more step", () => {
  // The months stand only in the chart (the model reads the summary): the answer wrote May's amount, its share of the
  // year's total (the call's largest) and its amount a day follow from what it wrote.
  const COOP: Call = {
    name: "search_transactions",
    input: { search: "Coop", year: 2025 },
    summary: "Transactions matching \"Coop\" for 2025: 60 transactions, money out CHF 5'558.80, money in CHF 0.00. Also under Groceries: Migros CHF 120.00.",
    charts: [{ type: "bar", title: 'Transactions matching "Coop", 2025: money out per month (CHF)', currency: "CHF", data: { labels: ["2025-04", "2025-05"], datasets: [{ name: "Out", values: [414.7, 694.85] }] } }],
  };
  test("a share of a figure found in the turn is of its call's natural total: right, '12.5 % of the year' (694.85 ÷ 5'558.80 = 12.50 %); wrong, '15.5 %'", () => {
    const t = turn([COOP]);
    expect(statuses(t, "May was the dearest month at CHF 694.85, 12.5 % of the year.")).toEqual([["CHF 694.85", "grounded"], ["12.5 %", "derived"]]);
    expect(statuses(t, "May was the dearest month at CHF 694.85, 15.5 % of the year.")).toEqual([["CHF 694.85", "grounded"], ["15.5 %", "ungrounded"]]);
  });
  test("a share is not of any figure that fits: '579.0 %' (694.85 ÷ Migros' CHF 120.00, no total) stays unfound", () => {
    expect(statuses(turn([COOP]), "May was the dearest month at CHF 694.85, 579.0 % of it.")).toEqual([["CHF 694.85", "grounded"], ["579.0 %", "ungrounded"]]);
  });
  test("a rate of a found figure is over the period the answer says it is about, past a count between: right, 'CHF 22.41 a day' (694.85 ÷ 31); wrong, 'CHF 23.16 a day' (÷ 30)", () => {
    const t = turn([COOP]);
    expect(statuses(t, "May came to CHF 694.85 over 12 purchases, or CHF 22.41 a day.")).toEqual([["CHF 694.85", "grounded"], ["12", "ungrounded"], ["CHF 22.41", "derived"]]);
    expect(statuses(t, "May came to CHF 694.85 over 12 purchases, or CHF 23.16 a day.")).toEqual([["CHF 694.85", "grounded"], ["12", "ungrounded"], ["CHF 23.16", "ungrounded"]]);
  });
});

describe("r4-held12: ordinary derivations over what the answer names", () => {
  // The months stand only in the chart, which the model does not read: a sum or a gap of two of them is found only when
  // the answer names them (the months, or the two amounts it wrote).
  const MONTHS_IN_A_CHART: Call = {
    name: "spending_over_time",
    input: { year: 2025, granularity: "month" },
    summary: "Spending per month for 2025. CHF: total CHF 18'434.50 over 312 transactions.",
    charts: [
      {
        type: "bar",
        title: "Spending per month, 2025 (CHF)",
        currency: "CHF",
        data: {
          labels: ["2025-01", "2025-02", "2025-03", "2025-04", "2025-05", "2025-06", "2025-07", "2025-08", "2025-09", "2025-10", "2025-11", "2025-12"],
          datasets: [{ name: "Spending", values: [1512.35, 1433.1, 1620.45, 1388.9, 1702.15, 1455.6, 1810.25, 1690.8, 1377.05, 1499.95, 1544.7, 1399.2] }],
        },
      },
    ] as ToolOutput["charts"],
  };
  test("the months the answer names, summed wherever they stand: right, 'January and December together CHF 2'911.55' (1'512.35 + 1'399.20); wrong, 'CHF 2'991.55'", () => {
    const t = turn([MONTHS_IN_A_CHART]);
    expect(statuses(t, "January and December together came to CHF 2'911.55.")).toEqual([["CHF 2'911.55", "derived"]]);
    expect(statuses(t, "January and December together came to CHF 2'991.55.")).toEqual([["CHF 2'991.55", "ungrounded"]]);
  });
  test("a gap stated before its second term: right, 'CHF 411.05 more than December's CHF 1'399.20' (July 1'810.25 − 1'399.20); wrong, 'CHF 411.15'", () => {
    const t = turn([MONTHS_IN_A_CHART]);
    expect(statuses(t, "July was CHF 1'810.25, CHF 411.05 more than December's CHF 1'399.20.")).toEqual([["CHF 1'810.25", "grounded"], ["CHF 411.05", "derived"], ["CHF 1'399.20", "grounded"]]);
    expect(statuses(t, "July was CHF 1'810.25, CHF 411.15 more than December's CHF 1'399.20.")).toEqual([["CHF 1'810.25", "grounded"], ["CHF 411.15", "ungrounded"], ["CHF 1'399.20", "grounded"]]);
  });
  test("a series with one month left out: right, 'without July CHF 16'624.25' (18'434.50 − 1'810.25), 'without it CHF 1'521.12 a month' (May: 16'732.35 ÷ 11); wrong, the month another", () => {
    const t = turn([MONTHS_IN_A_CHART]);
    expect(statuses(t, "Without July the year would have come to CHF 16'624.25.")).toEqual([["CHF 16'624.25", "derived"]]);
    expect(statuses(t, "May stood out; without it a month averaged CHF 1'521.12.")).toEqual([["CHF 1'521.12", "derived"]]);
    expect(statuses(t, "Without May the year would have come to CHF 16'624.25.")).toEqual([["CHF 16'624.25", "ungrounded"]]);
    expect(statuses(t, "July stood out; without it a month averaged CHF 1'521.12.")).toEqual([["CHF 1'521.12", "ungrounded"]]);
  });
});

describe("r4-held12: what a figure is set against is not what it is about", () => {
  const NET: Call = {
    name: "income_vs_spending",
    input: { year: 2025 },
    summary: "Income vs spending for 2025. CHF: 2025-11 income CHF 17'051.80, spending CHF 12'495.49, left CHF 4'556.31; 2025-12 income CHF 29'081.29, spending CHF 16'746.46, left CHF 12'334.83.",
  };
  test("a month after 'than' is the compared figure's, not the next one's: right, December's CHF 12'334.83 left over; wrong, November's CHF 4'556.31 said so", () => {
    const t = turn([NET]);
    expect(statuses(t, "December was the big one: income of CHF 29'081.29, CHF 12'029.49 more than November, and CHF 12'334.83 left over.")).toEqual([
      ["CHF 29'081.29", "grounded"],
      ["CHF 12'029.49", "derived"],
      ["CHF 12'334.83", "grounded"],
    ]);
    expect(statuses(t, "December was the big one: income of CHF 29'081.29, CHF 12'029.49 more than November, and CHF 4'556.31 left over.")[2]).toEqual(["CHF 4'556.31", "mismatched"]);
  });
  const AUGUST: Call = {
    name: "spending_by_category",
    input: { year: 2025, month: 8 },
    summary: "Spending by category for 2025-08. CHF: total CHF 13'361.36 over 187 transactions in 2 categories: Groceries CHF 1'216.66 (9.1%, 80 tx); Dining CHF 1'144.70 (8.6%, 31 tx).",
  };
  test("a month set against in the clause ('against 39 meals in May') is no free value of its figures: right, August's CHF 1'144.70; wrong, said of May", () => {
    const t = turn([AUGUST]);
    expect(statuses(t, "Dining barely moved: CHF 1'144.70 over 31 meals, against 39 meals in May.")[0]).toEqual(["CHF 1'144.70", "grounded"]);
    expect(statuses(t, "Dining barely moved: CHF 1'144.70 over 31 meals in May.")[0]).toEqual(["CHF 1'144.70", "mismatched"]);
  });
  const SHOPPING: Call = {
    name: "monthly_trend",
    input: { category: "Shopping", year: 2025 },
    summary: "Monthly spending on Shopping for 2025. CHF: total CHF 18'809.52; 2025-10 CHF 988.77; 2025-11 CHF 1'488.72; 2025-12 CHF 2'088.72.",
  };
  test("a rise in per cent of a difference the answer derived is over where it started: right, 'a rise of 40.3%' (600.00 ÷ 1'488.72); wrong, '28.7%' (÷ 2'088.72, where it ended)", () => {
    const t = turn([SHOPPING]);
    expect(statuses(t, "December (CHF 2'088.72) was CHF 600.00 more than November, a rise of 40.3%.")[2]).toEqual(["40.3%", "derived"]);
    expect(statuses(t, "December (CHF 2'088.72) was CHF 600.00 more than November, a rise of 28.7%.")[2]).toEqual(["28.7%", "ungrounded"]);
  });
});

describe("r4-held12: a verb of a change made is its own figure's", () => {
  const FLOWS: Call = {
    name: "income_vs_spending",
    input: { from: "2024-01-01", to: "2024-06-30" },
    summary: "Income vs spending from 2024-01-01 to 2024-06-30. CHF: income CHF 99'712.66, spending CHF 85'577.11; moved CHF 5'500.00 to own accounts, invested CHF 4'128.00 (Investments, net).",
  };
  const VOC = { ...VOCABULARY, categoryNames: [...VOCABULARY.categoryNames, "Investments"] };
  test("'moved … and invested CHF 4'128.00': the second figure is what was invested, not what was moved: right, both found; wrong, the invested amount said to be moved", () => {
    expect(statuses(turnOver(VOC, FLOWS), "You also moved CHF 5'500.00 to your own accounts and invested CHF 4'128.00.")).toEqual([
      ["CHF 5'500.00", "grounded"],
      ["CHF 4'128.00", "grounded"],
    ]);
    expect(statuses(turnOver(VOC, FLOWS), "You also moved CHF 4'128.00 to your own accounts.")).toEqual([["CHF 4'128.00", "mismatched"]]);
  });
});

describe("r4-held12: a total of the amounts the answer listed adds parts, not their total or their gap", () => {
  const SHOPS: Call = {
    name: "merchant_breakdown",
    input: { category: "Groceries", year: 2025 },
    summary: "Groceries by merchant for 2025. CHF: total CHF 7'431.20 over 180 transactions at 9 merchants: Migros CHF 772.80 (11 tx); Coop CHF 608.65 (7 tx).",
  };
  test("right, 'Migros CHF 772.80 and Coop CHF 608.65, CHF 1'381.45 together'; wrong, 'well over CHF 1.5k' (1'381.45 + their gap 164.15 = 1'545.60)", () => {
    const t = turn([SHOPS]);
    expect(statuses(t, "Migros took CHF 772.80 and Coop CHF 608.65, CHF 1'381.45 together.")).toEqual([["CHF 772.80", "grounded"], ["CHF 608.65", "grounded"], ["CHF 1'381.45", "derived"]]);
    expect(statuses(t, "Migros and Coop together made CHF 1'381.45, with Migros ahead by CHF 164.15; that pair is well over CHF 1.5k.")).toEqual([
      ["CHF 1'381.45", "derived"],
      ["CHF 164.15", "derived"],
      ["CHF 1.5k", "ungrounded"],
    ]);
  });
});

describe("r4-held12: a ratio of what its clause compares", () => {
  test("counts only when it says how many: right, '6 times as many payments' (180 ÷ 30); wrong, 'groceries were 6 times travel' (amounts: 3.7)", () => {
    const t = turn([CATEGORIES_2025]);
    expect(statuses(t, "Groceries had 6 times as many payments as travel.")).toEqual([["6 times", "derived"]]);
    expect(statuses(t, "Groceries were 6 times travel.")).toEqual([["6 times", "ungrounded"]]);
  });
  test("amounts only when it does not: right, 'groceries were 3.7 times travel' (7'431.20 ÷ 2'003.30); wrong, '3.7 times as many payments'", () => {
    const t = turn([CATEGORIES_2025]);
    expect(statuses(t, "Groceries were 3.7 times travel.")).toEqual([["3.7 times", "derived"]]);
    expect(statuses(t, "Groceries had 3.7 times as many payments as travel.")).toEqual([["3.7 times", "ungrounded"]]);
  });
  const COOP: Call = {
    name: "search_transactions",
    input: { search: "Coop", year: 2025 },
    summary: "Transactions matching \"Coop\" for 2025: 60 transactions, money out CHF 5'558.80.",
    charts: [{ type: "bar", title: 'Transactions matching "Coop", 2025: money out per month (CHF)', currency: "CHF", data: { labels: ["2025-04", "2025-05"], datasets: [{ name: "Out", values: [414.7, 694.85] }] } }],
  };
  test("a ratio of two amounts the answer wrote in its sentence: right, '1.7 times April's CHF 414.70' (694.85 ÷ 414.70 = 1.68); wrong, '1.9 times'", () => {
    const t = turn([COOP]);
    expect(statuses(t, "May was the dearest month at CHF 694.85, 1.7 times April's CHF 414.70.")[1]).toEqual(["1.7 times", "derived"]);
    expect(statuses(t, "May was the dearest month at CHF 694.85, 1.9 times April's CHF 414.70.")[1]).toEqual(["1.9 times", "ungrounded"]);
  });
});

describe("r4-held12: a rounded sum of two months is of the months the answer names", () => {
  test("right, 'January and August together about CHF 3.2k' (1'512.35 + 1'690.80 = 3'203.15); wrong, 'two months ran at about CHF 3.2k' (no months named)", () => {
    const t = turn([MONTHS_BY_ISO]);
    expect(statuses(t, "January and August together came to about CHF 3.2k.")).toEqual([["CHF 3.2k", "derived"]]);
    expect(statuses(t, "In 2025 spending ran at about CHF 3.2k.")).toEqual([["CHF 3.2k", "ungrounded"]]);
  });
});

describe("r4-held12: a quarter written without its year", () => {
  test("is the turn's year when all its figures are of that year: wrong, May's CHF 18.90 said of the first quarter", () => {
    const t = turn([{ name: "monthly_trend", input: { category: "Travel", year: 2025 }, summary: "Monthly spending on Travel for 2025. CHF: total CHF 250.80; 2025-05 CHF 18.90; 2025-06 CHF 20.90." }]);
    expect(statuses(t, "In the first quarter the price was CHF 18.90.")).toEqual([["CHF 18.90", "mismatched"]]);
  });
  test("is left unread when the turn has figures of several years (which first quarter?): right, 2024's CHF 18.90", () => {
    const t = turn([{ name: "monthly_trend", input: { category: "Travel", from: "2024-01-01", to: "2025-12-31" }, summary: "Monthly spending on Travel from 2024-01-01 to 2025-12-31. CHF: total CHF 250.80; 2024-02 CHF 18.90; 2025-02 CHF 20.90." }]);
    expect(statuses(t, "In the first quarter the price was CHF 18.90.")).toEqual([["CHF 18.90", "grounded"]]);
  });
});

describe("r4-held12: a share whose base the answer writes is of that base", () => {
  const BUDGETS: Call = {
    name: "budget_status",
    input: { year: 2025, month: 6 },
    summary: "Budgets for 2025-06. CHF: spent CHF 5'028.57 of CHF 4'100.00 budgeted; Transport spent CHF 372.81 of CHF 600.00 (remaining CHF 227.19). Spending in all categories CHF 17'499.29.",
  };
  test("right, '28.7 % of June's spending of CHF 17'499.29' (5'028.57 ÷ 17'499.29); wrong, 'about 38 %' (only remaining 227.19 ÷ budget 600.00 makes 38 %)", () => {
    const t = turn([BUDGETS]);
    expect(statuses(t, "The budgeted categories took CHF 5'028.57, 28.7 % of June's spending of CHF 17'499.29.")).toEqual([
      ["CHF 5'028.57", "grounded"],
      ["28.7 %", "derived"],
      ["CHF 17'499.29", "grounded"],
    ]);
    expect(statuses(t, "So the budgets covered only about 38 % of June's spending of CHF 17'499.29.")).toEqual([["38 %", "ungrounded"], ["CHF 17'499.29", "grounded"]]);
  });
});

describe("r4-held12: an amount per item, or a total of equal items, from an amount and a count the answer wrote", () => {
  const SEARCH: Call = {
    name: "search_transactions",
    input: { search: "Coop", year: 2025 },
    summary: "Transactions matching \"Coop\" for 2025: money out CHF 50.00: 2025-03-01 Coop CHF 20.00; 2025-05-02 Coop CHF 12.50; 2025-09-01 Coop CHF 17.50. Also: 2025-03-03 Migros CHF 180.00; 2025-09-03 Migros CHF 180.00.",
  };
  test("right, 'three payments, CHF 50.00 in all (about CHF 16.67 each)' (the summary states no count); wrong, 'about CHF 17.67 each'", () => {
    const t = turn([SEARCH]);
    expect(statuses(t, "Coop: three payments, CHF 50.00 in all (about CHF 16.67 each).")).toEqual([["CHF 50.00", "grounded"], ["CHF 16.67", "derived"]]);
    expect(statuses(t, "Coop: three payments, CHF 50.00 in all (about CHF 17.67 each).")).toEqual([["CHF 50.00", "grounded"], ["CHF 17.67", "ungrounded"]]);
  });
  test("right, 'Two Migros bills of CHF 180.00 came to CHF 360.00' (2 × 180.00, a count in words); wrong, 'CHF 380.00'", () => {
    const t = turn([SEARCH]);
    expect(statuses(t, "Two Migros bills of CHF 180.00 came to CHF 360.00.")).toEqual([["CHF 180.00", "grounded"], ["CHF 360.00", "derived"]]);
    expect(statuses(t, "Two Migros bills of CHF 180.00 came to CHF 380.00.")).toEqual([["CHF 180.00", "grounded"], ["CHF 380.00", "ungrounded"]]);
  });
});

describe("r4-held12: a figure set against the one before takes not its period", () => {
  test("'more than the first (CHF 9'112.55)' is not said of the second half: right, January–June's sum; wrong, CHF 9'112.65", () => {
    const t = turn([MONTHS_BY_ISO]);
    expect(statuses(t, "The second half of the year (CHF 9'321.95) cost CHF 209.40 more than the first (CHF 9'112.55).")).toEqual([
      ["CHF 9'321.95", "derived"],
      ["CHF 209.40", "derived"],
      ["CHF 9'112.55", "derived"],
    ]);
    expect(statuses(t, "The second half of the year (CHF 9'321.95) cost CHF 209.40 more than the first (CHF 9'112.65).")[2]).toEqual(["CHF 9'112.65", "ungrounded"]);
  });
});

describe("r4-held12: two percentages add up or differ only as the shares of two things the clause names", () => {
  test("right, 'groceries and dining took 56.6%' (40.3 + 16.3); wrong, 'that left 56.6% for everything else' (any two shares of the list)", () => {
    const t = turn([CATEGORIES_2025]);
    expect(statuses(t, "Groceries and dining took 56.6% of the total.")).toEqual([["56.6%", "derived"]]);
    expect(statuses(t, "That left 56.6% for everything else.")).toEqual([["56.6%", "ungrounded"]]);
  });
});

describe("r4-held12: a count of things is a count, added up only as the answer licenses", () => {
  test("'50 transactions' is no amount of CHF 50.00: right, '51 transactions' at Coop; wrong, '50 transactions'", () => {
    const t = turn([GROCERY_MERCHANTS]);
    expect(statuses(t, "Coop had 51 transactions.")).toEqual([["51", "grounded"]]);
    expect(statuses(t, "Coop had 50 transactions.")).toEqual([["50", "ungrounded"]]);
  });
  test("a run of counts: right, 'those three alone are 157 transactions' (66 + 51 + 40, as many as it says); wrong, '111 transactions' (51 + 40 + 20, three from the middle)", () => {
    const t = turn([GROCERY_MERCHANTS]);
    expect(statuses(t, "Those three alone are 157 transactions.")).toEqual([["157", "derived"]]);
    expect(statuses(t, "Outside the big ones there were 111 transactions.")).toEqual([["111", "ungrounded"]]);
  });
});

describe("r4-held12: two counts add up as the counts of two things the clause names or says are two", () => {
  test("right, 'the two big ones together made 117 transactions' (66 + 51); wrong, 'the smaller shops had 60 transactions' (40 + 20, nothing said of two)", () => {
    const t = turn([GROCERY_MERCHANTS]);
    expect(statuses(t, "The two big ones together made 117 transactions.")).toEqual([["117", "derived"]]);
    expect(statuses(t, "The smaller shops had 60 transactions.")).toEqual([["60", "ungrounded"]]);
  });
});

describe("r4-held12: a ratio of the two things named, a rate from rates", () => {
  const SPLIT: Call = {
    name: "spending_by_category",
    input: { year: 2025 },
    summary: "Spending by category for 2025. CHF: total CHF 10'935.48 over 200 transactions: Housing CHF 6'000.00; Dining CHF 3'000.00; unassigned CHF 1'935.48.",
  };
  test("right, 'housing cost 2.0 times dining' (6'000 ÷ 3'000); wrong, 'housing cost 3.1 times dining' (6'000 ÷ the unassigned 1'935.48)", () => {
    const t = turn([SPLIT]);
    expect(statuses(t, "Housing cost 2.0 times dining.")).toEqual([["2.0 times", "derived"]]);
    expect(statuses(t, "Housing cost 3.1 times dining.")).toEqual([["3.1 times", "ungrounded"]]);
  });
  const MONTHS: Call = {
    name: "monthly_trend",
    input: { category: "Dining", year: 2025 },
    summary: "Monthly spending on Dining for 2025. CHF: total CHF 3'000.00, average CHF 250.00 a month; 2025-04 CHF 601.00; 2025-09 CHF 1'182.00.",
  };
  test("right, 'September was CHF 581.00 more than April'; wrong, 'CHF 581.00 a week' (no rate is a gap of two months)", () => {
    const t = turn([MONTHS]);
    expect(statuses(t, "September was CHF 581.00 more than April.")).toEqual([["CHF 581.00", "derived"]]);
    expect(statuses(t, "Dining cost CHF 581.00 a week.")).toEqual([["CHF 581.00", "ungrounded"]]);
  });
});

describe("r4-held12: a change in per cent is of one thing, or between two things the clause names", () => {
  const THREE_CATEGORIES: Call = {
    name: "spending_by_category",
    input: { year: 2025 },
    summary: "Spending by category for 2025. CHF: Groceries CHF 7'431.20; Housing CHF 5'800.00; Dining CHF 3'000.00.",
  };
  test("right, 'groceries cost 28.1% more than housing' (7'431.20 ÷ 5'800.00, both named); wrong, 'spending went up 28.1%' (from one thing to another)", () => {
    const t = turn([THREE_CATEGORIES]);
    expect(statuses(t, "Groceries cost 28.1% more than housing.")).toEqual([["28.1%", "derived"]]);
    expect(statuses(t, "Spending went up 28.1%.")).toEqual([["28.1%", "ungrounded"]]);
  });
});

describe("r4-held12: a figure that tells more of the one before takes what that one is said to be about", () => {
  test("right, 'CHF 6'500.00 in 2024 (170 payments)'; wrong, '(180 payments)' (2025's count)", () => {
    const t = turn([CATEGORIES_2025, CATEGORIES_2024]);
    expect(statuses(t, "Groceries: CHF 6'500.00 in 2024 (170 payments).")).toEqual([["CHF 6'500.00", "grounded"], ["170", "grounded"]]);
    expect(statuses(t, "Groceries: CHF 6'500.00 in 2024 (180 payments).")).toEqual([["CHF 6'500.00", "grounded"], ["180", "mismatched"]]);
  });
});

describe("r4-held12: the period a clause is about, before an end of a period or a relative quarter", () => {
  test("a period's end ('to the end of October') yields to the period the clause names: right, 'So far in 2025 (to the end of October)'; wrong, 'So far in 2024 (…)'", () => {
    const t = turn([CATEGORIES_2025]);
    expect(statuses(t, "So far in 2025 (to the end of October) you have spent CHF 18'434.50.")).toEqual([["CHF 18'434.50", "grounded"]]);
    expect(statuses(t, "So far in 2024 (to the end of October) you have spent CHF 18'434.50.")).toEqual([["CHF 18'434.50", "mismatched"]]);
  });
  const Q3: Call = {
    name: "spending_by_category",
    input: { from: "2025-07-01", to: "2025-09-30" },
    summary: "Spending by category from 2025-07-01 to 2025-09-30. CHF: total CHF 4'362.61 over 145 transactions.",
  };
  test("'last quarter' alone is the one before now, not the fourth: right, 'Last quarter you spent CHF 4'362.61'; wrong, 'the last quarter of 2025'", () => {
    const t = turn([Q3]);
    expect(statuses(t, "Last quarter you spent CHF 4'362.61.")).toEqual([["CHF 4'362.61", "grounded"]]);
    expect(statuses(t, "In the last quarter of 2025 you spent CHF 4'362.61.")).toEqual([["CHF 4'362.61", "mismatched"]]);
  });
});

describe("review of r4-held12: ordinary wordings it had made false alarms", () => {
  test("'last year' in an answer to a question about 2025 is not read as 2024 (the checker does not know the day): grounded", () => {
    expect(statuses(turn([CATEGORIES_2025]), "Last year you spent CHF 7'431.20 on groceries.", "How much did I spend on groceries in 2025?")).toEqual([["CHF 7'431.20", "grounded"]]);
  });
  test("a share of two named categories over the total the answer writes after it stays derived: right, 56.6 % (7'431.20 + 3'000.00 = 10'431.20 of 18'434.50); wrong, 58.6 %", () => {
    const t = turn([CATEGORIES_2025]);
    expect(statuses(t, "Groceries and dining together took 56.6% of your spending of CHF 18'434.50.")).toEqual([["56.6%", "derived"], ["CHF 18'434.50", "grounded"]]);
    expect(statuses(t, "Groceries and dining together took 58.6% of your spending of CHF 18'434.50.")).toEqual([["58.6%", "ungrounded"], ["CHF 18'434.50", "grounded"]]);
  });
});

describe("QA of stop 46: a net is not added to the income or spending it is left from", () => {
  const t = oneCall("income_vs_spending", { year: 2025 }, "Income vs spending for 2025. CHF: income CHF 213'816.77, spending CHF 185'171.09, net CHF 28'645.68, savings rate 13.4%.");
  test("right: the income and the spending, rounded, are found; wrong: income + net (242'462.45) is no figure of anything", () => {
    expect(statuses(t, "In 2025 you earned about CHF 214k and spent about CHF 185k.")).toEqual([
      ["CHF 214k", "grounded"],
      ["CHF 185k", "grounded"],
    ]);
    expect(statuses(t, "You earned about CHF 240k in 2025.")).toEqual([["CHF 240k", "ungrounded"]]);
  });
});

describe("figtune: money in is not money out (SPEC §11.1 context check: what a figure is said to be about)", () => {
  const t = turn([
    {
      name: "income_vs_spending",
      input: { year: 2025 },
      summary: "Income vs spending for 2025. CHF: income CHF 90'000.00, spending CHF 70'000.00, net CHF 20'000.00, savings rate 22.2%.",
    },
    {
      name: "compare_periods",
      input: { a: { year: 2025, month: 9 }, b: { year: 2025, month: 10 } },
      summary: "Spending: 2025-09 (a) vs 2025-10 (b). CHF: total spending CHF 6'100.00 → CHF 5'900.00 (CHF -200.00, -3.3%); income CHF 8'000.00 → CHF 8'200.00.",
    },
  ]);
  test("right: income and spending each said of its own figure are grounded", () => {
    expect(statuses(t, "In 2025 your income was CHF 90'000.00 and you spent CHF 70'000.00.")).toEqual([
      ["CHF 90'000.00", "grounded"],
      ["CHF 70'000.00", "grounded"],
    ]);
    expect(statuses(t, "Income: CHF 8'000.00 in September; spending was CHF 5'900.00 in October.")).toEqual([
      ["CHF 8'000.00", "grounded"],
      ["CHF 5'900.00", "grounded"],
    ]);
  });
  test("wrong: the two swapped (income written for the spending, spending for the income) are mismatched", () => {
    expect(statuses(t, "In 2025 your income was CHF 70'000.00 and you spent CHF 90'000.00.")).toEqual([
      ["CHF 70'000.00", "mismatched"],
      ["CHF 90'000.00", "mismatched"],
    ]);
    expect(statuses(t, "Income went the other way: CHF 6'100.00 in September.")).toEqual([["CHF 6'100.00", "mismatched"]]);
  });
});

describe("figtune: a share whose clause names its whole after it (SPEC §11.1 derived: a share of two things the clause names)", () => {
  const u = turnOver({ ...VOCABULARY, categoryNames: [...VOCABULARY.categoryNames, "Investments"] }, {
    name: "income_vs_spending",
    input: { year: 2025 },
    summary: "Income vs spending for 2025. CHF: income CHF 90'000.00, spending CHF 70'000.00, net CHF 20'000.00, savings rate 22.2%. Not counted as spending or income: invested CHF 6'000.00 (Investments, net).",
  });
  test("right: investments took 6.7% of your income (6'000.00 ÷ 90'000.00): derived, though 'of your income' says Income", () => {
    expect(statuses(u, "Investments took 6.7% of your income.")).toEqual([["6.7%", "derived"]]);
  });
  test("wrong: 7.7% of your income, and 6.7% of a whole the clause does not name", () => {
    expect(statuses(u, "Investments took 7.7% of your income.")).toEqual([["7.7%", "ungrounded"]]);
    expect(statuses(u, "Of what you kept, groceries took 6.7% of your income.")).toEqual([["6.7%", "ungrounded"]]);
  });
});

describe("figtune: a count said of a merchant is not a category's count when the turn counts that merchant (SPEC §11.1 context check)", () => {
  const t = turn([
    { name: "merchant_breakdown", input: { year: 2025 }, summary: "Merchants for 2025. CHF: 1. Coop CHF 512.40 (20 tx); 2. Migros CHF 498.10 (25 tx)." },
    CATEGORIES_2025,
  ]);
  test("right: Migros, CHF 498.10 over 25 purchases: grounded on Migros' count", () => {
    expect(statuses(t, "2. **Migros** — CHF 498.10 over 25 purchases.")).toEqual([
      ["CHF 498.10", "grounded"],
      ["25", "grounded"],
    ]);
  });
  test("wrong: Migros over 30 purchases (Travel's 30 tx) is no Migros count", () => {
    expect(statuses(t, "2. **Migros** — CHF 498.10 over 30 purchases.")).toEqual([
      ["CHF 498.10", "grounded"],
      ["30", "mismatched"],
    ]);
  });
});

describe("figtune: a count said of a merchant the turn counts is not the count of a whole (SPEC §11.1 context check)", () => {
  const t = turn([{ name: "merchant_breakdown", input: { year: 2025 }, summary: "Merchants for 2025. CHF: total CHF 1'010.50 over 45 transactions at 2 merchants: 1. Coop CHF 512.40 (20 tx); 2. Migros CHF 498.10 (25 tx)." }]);
  test("right: the whole's 45 said of the whole; Migros' 25 said of Migros", () => {
    expect(statuses(t, "In all CHF 1'010.50 over 45 purchases; Migros got CHF 498.10 over 25.")).toEqual([
      ["CHF 1'010.50", "grounded"],
      ["45", "grounded"],
      ["CHF 498.10", "grounded"],
      ["25", "grounded"],
    ]);
  });
  test("wrong: Migros over 45 purchases (the whole's count)", () => {
    expect(statuses(t, "2. **Migros** — CHF 498.10 over 45 purchases.")).toEqual([
      ["CHF 498.10", "grounded"],
      ["45", "mismatched"],
    ]);
  });
});

describe("figtune: a total with a thing the clause leaves out (SPEC §11.1 derived: a difference of operands the text names)", () => {
  // September: spending 16'184.35 of which Other 4'843.85 (without Other 11'340.50); October: 12'448.09, Other 331.20 (12'116.89).
  const t = oneCall("compare_periods", { a: { year: 2025, month: 9 }, b: { year: 2025, month: 10 } }, "Spending: 2025-09 (a) vs 2025-10 (b). CHF: total spending CHF 16'184.35 → CHF 12'448.09 (CHF -3'736.26, -23.1%); income CHF 16'966.35 → CHF 17'308.49. By change: Other CHF 4'843.85 → CHF 331.20 (CHF -4'512.65, -93.2%); Shopping CHF 760.09 → CHF 1'543.00 (+CHF 782.91, +103.0%); Dining CHF 1'157.75 → CHF 959.60 (CHF -198.15, -17.1%).");
  test("right: leave Other out and spending rose from CHF 11'340.50 to CHF 12'116.89 (each month's total less its Other): derived", () => {
    expect(statuses(t, "Leave Other out and spending actually rose a little, from CHF 11'340.50 to CHF 12'116.89.")).toEqual([
      ["CHF 11'340.50", "derived"],
      ["CHF 12'116.89", "derived"],
    ]);
  });
  test("right: without it (the figure written just before) September would have been CHF 11'340.50", () => {
    expect(statuses(t, "September had CHF 16'184.35 with a one-off of CHF 4'843.85 in Other. Without it, September would have been CHF 11'340.50.")).toEqual([
      ["CHF 16'184.35", "grounded"],
      ["CHF 4'843.85", "grounded"],
      ["CHF 11'340.50", "derived"],
    ]);
  });
  test("wrong: a digit off, and the total less another category than the one left out (16'184.35 − 1'157.75 = 15'026.60)", () => {
    expect(statuses(t, "Leave Other out and September came to CHF 11'430.50.")).toEqual([["CHF 11'430.50", "ungrounded"]]);
    expect(statuses(t, "Leave Other out and September came to CHF 15'026.60.")).toEqual([["CHF 15'026.60", "ungrounded"]]);
  });
});

describe("figtune: a change in per cent between the two amounts the answer just wrote (SPEC §11.1 derived: a percentage change)", () => {
  // Money in less money out: 2024 16'400.00 − 2'947.60 = 13'452.40; 2025 18'800.00 − 3'145.60 = 15'654.40 (both derived): +16.4 %.
  const t = turn([
    { name: "search_transactions", input: { search: "Migros", year: 2024 }, summary: "Transactions matching \"Migros\" for 2024: 24 matches. CHF: 24 transactions. Money out: CHF 2'947.60 in 12 transactions (average CHF 245.63). Money in: CHF 16'400.00 in 12 transactions." },
    { name: "search_transactions", input: { search: "Migros", year: 2025 }, summary: "Transactions matching \"Migros\" for 2025: 24 matches. CHF: 24 transactions. Money out: CHF 3'145.60 in 12 transactions (average CHF 262.13). Money in: CHF 18'800.00 in 12 transactions." },
  ]);
  const answer = (pct: string) => `Net of what went out, Migros left you CHF 13'452.40 in 2024 and CHF 15'654.40 in 2025, ${pct}.`;
  test("right: 16.4% more, the change from the first to the second: derived", () => {
    expect(statuses(t, answer("16.4% more"))).toEqual([
      ["CHF 13'452.40", "derived"],
      ["CHF 15'654.40", "derived"],
      ["16.4%", "derived"],
    ]);
  });
  test("right: CHF 2'202 or 16.4% more, the gap of the two in whole francs: derived", () => {
    expect(statuses(t, answer("CHF 2'202 or 16.4% more"))).toEqual([
      ["CHF 13'452.40", "derived"],
      ["CHF 15'654.40", "derived"],
      ["CHF 2'202", "derived"],
      ["16.4%", "derived"],
    ]);
  });
  test("wrong: CHF 2'022 more (a whole amount is the gap of the two nearest only, not of any two written before)", () => {
    expect(statuses(t, answer("CHF 2'022 or 16.4% more"))[2]).toEqual(["CHF 2'022", "ungrounded"]);
    expect(statuses(t, `Money in was CHF 16'400.00 in 2024. ${answer("CHF 746 more")}`)[3]).toEqual(["CHF 746", "ungrounded"]);
  });
  test("wrong: 17.4% more, and 16.4% less (the change goes up)", () => {
    expect(statuses(t, answer("17.4% more"))[2]).toEqual(["17.4%", "ungrounded"]);
    expect(statuses(t, answer("16.4% less"))[2]).toEqual(["16.4%", "ungrounded"]);
  });
});

describe("figtune: a rate said of a part of a call's period is over that part's months (SPEC §11.1 derived: a figure ÷ the months of a period named)", () => {
  // Groceries 2025: CHF 7'431.20, CHF 619.27 a month over the year.
  const t = turn([CATEGORIES_2025]);
  test("right: in 2025 groceries came to CHF 619.27 a month (÷ 12): derived", () => {
    expect(statuses(t, "In 2025 groceries came to CHF 619.27 a month.")).toEqual([["CHF 619.27", "derived"]]);
  });
  test("wrong: from January to June 2025 groceries were about CHF 619 a month (the year's total ÷ 12, said of six months)", () => {
    expect(statuses(t, "From January to June 2025 groceries were about CHF 619 a month.")).toEqual([["CHF 619", "ungrounded"]]);
  });
});

describe("figtune: where a change went to is the later period's figure, where it came from the earlier's (SPEC §11.1 context check: a figure of another period)", () => {
  const t = oneCall("compare_periods", { a: { year: 2025, month: 9 }, b: { year: 2025, month: 10 } }, "Spending: 2025-09 (a) vs 2025-10 (b). CHF: total spending CHF 16'184.35 → CHF 12'448.09 (CHF -3'736.26, -23.1%). By change: Other CHF 4'843.85 → CHF 331.20 (CHF -4'512.65, -93.2%); Dining CHF 1'157.75 → CHF 959.60 (CHF -198.15, -17.1%); Fees CHF 43.00 → CHF 38.00 (CHF -5.00, -11.6%).");
  test("right: dining fell from CHF 1'157.75 to CHF 959.60, fees dropped to CHF 38.00", () => {
    expect(statuses(t, "Dining fell from CHF 1'157.75 to CHF 959.60, and fees dropped to CHF 38.00.")).toEqual([
      ["CHF 1'157.75", "grounded"],
      ["CHF 959.60", "grounded"],
      ["CHF 38.00", "grounded"],
    ]);
  });
  test("wrong: fees dropped to CHF 43.00 (September's, where they came from), dining fell from CHF 959.60 (October's)", () => {
    expect(statuses(t, "Fees dropped to CHF 43.00.")).toEqual([["CHF 43.00", "mismatched"]]);
    expect(statuses(t, "Dining fell from CHF 959.60 to CHF 1'157.75.")).toEqual([
      ["CHF 959.60", "mismatched"],
      ["CHF 1'157.75", "mismatched"],
    ]);
  });
});

describe("figtune: a sum adds parts, never a part to the whole it is in (SPEC §11.1 derived: a sum of figures of one list)", () => {
  const t = turn([GROCERY_MERCHANTS]);
  test("right: Migros and Coop together came to CHF 5'500.00 (3'000.00 + 2'500.00): derived", () => {
    expect(statuses(t, "Migros and Coop together came to CHF 5'500.00.")).toEqual([["CHF 5'500.00", "derived"]]);
  });
  test("wrong: groceries and Migros together CHF 10'431.20 (the total 7'431.20 + Migros' 3'000.00, a part of it)", () => {
    expect(statuses(t, "Groceries and Migros together came to CHF 10'431.20.")).toEqual([["CHF 10'431.20", "ungrounded"]]);
  });
});

describe("a year's figure written from a period that straddles two years (uqa6 #2)", () => {
  // A search over Jul 2024 – Jun 2025 found CHF 810.85 of Iberdrola bills; "In 2025 Iberdrola cost CHF 810.85" writes the
  // twelve months' total as 2025's (2025 holds only six of them). The periods overlap, neither holds the other: the figure
  // is about another period than the answer says. A figure said without a year, or of the search's own months, stays grounded.
  const t = oneCall(
    "search_transactions",
    { search: "Iberdrola", from: "2024-07-01", to: "2025-06-30" },
    `Transactions matching "Iberdrola" in all categories from 2024-07-01 to 2025-06-30: 12 matches. CHF: 12 transactions from 2024-07-08 to 2025-06-08. Money out: CHF 810.85 in 12 transactions (average CHF 67.57). Money in: none. Merchant names: Iberdrola (12). Categories: Housing (12).`,
  );
  test("right: the twelve months' total said without a year, or of its own months", () => {
    expect(statuses(t, "You paid Iberdrola CHF 810.85 in 12 bills.")).toEqual([["CHF 810.85", "grounded"], ["12", "grounded"]]);
    expect(statuses(t, "From July 2024 to June 2025 Iberdrola cost CHF 810.85.")).toEqual([["CHF 810.85", "grounded"]]);
    expect(statuses(t, "An Iberdrola bill averaged CHF 67.57.")).toEqual([["CHF 67.57", "grounded"]]);
  });
  test("wrong: the twelve months' total written as 2025's, or as 2024's", () => {
    const f = one(t, "In 2025 Iberdrola cost CHF 810.85.");
    expect([f.status, f.said]).toEqual(["mismatched", "2025"]);
    expect(statuses(t, "In 2024 we paid Iberdrola CHF 810.85.")).toEqual([["CHF 810.85", "mismatched"]]);
  });
  // rev-uqa6 #3: a range of years written with a dash or a slash is the range, not its one year.
  test("right: the twelve months' total said of the two years it spans ('2024–2025', '2024 - 2025', '2024/25', '2024–25')", () => {
    for (const a of ["Over 2024–2025 Iberdrola cost CHF 810.85.", "Over 2024 - 2025 Iberdrola cost CHF 810.85.", "In 2024/25 Iberdrola cost CHF 810.85.", "In the 2024–25 winter and summer Iberdrola cost CHF 810.85."])
      expect([a, statuses(t, a)]).toEqual([a, [["CHF 810.85", "grounded"]]]);
  });
  // rev-uqa6 #3: a search over Nov 2024 – Oct 2025 whose rows all lie in 2025 (it says so: "10 transactions from 2025-01-05
  // to 2025-10-05") is 2025's total; said of 2024, which holds none of its rows, it is not.
  /** A search for `term` over `from`…`to` whose `n` CHF rows lie on `first`…`last`, `out` money out in all. */
  const searched = (term: string, [from, to]: [string, string], n: number, [first, last]: [string, string], out: string) =>
    oneCall("search_transactions", { search: term, from, to }, `Transactions matching "${term}" in all categories from ${from} to ${to}: ${n} matches. CHF: ${n} transactions from ${first} to ${last}. Money out: ${out} in ${n} transactions. Money in: none.`);
  const gym = searched("FitX", ["2024-11-01", "2025-10-31"], 10, ["2025-01-05", "2025-10-05"], "CHF 400.00");
  test("right: a straddling search's total said of the year all its rows lie in", () => {
    expect(statuses(gym, "In 2025 you paid FitX CHF 400.00.")).toEqual([["CHF 400.00", "grounded"]]);
  });
  test("wrong: that total said of the year none of its rows lie in", () => {
    expect(statuses(gym, "In 2024 you paid FitX CHF 400.00.")).toEqual([["CHF 400.00", "mismatched"]]);
  });
  // A search from the start of 2025 on, its rows into 2026: its rows' days clear a year, never flag one the search's
  // period would not ("Between 2025 and now" reads as 2025, and the period starting with it is no straddle).
  test("right: a total from the start of a year on, said from that year on", () => {
    const since = searched("Iberdrola", ["2025-01-01", "2026-10-29"], 22, ["2025-01-08", "2026-10-08"], "CHF 1'500.00");
    expect(statuses(since, "Between 2025 and now Iberdrola cost CHF 1'500.00.")).toEqual([["CHF 1'500.00", "grounded"]]);
  });
});

const IVS_2025 =
  "Income vs spending for 2025. CHF: income CHF 45'500.00, spending CHF 18'043.87, net CHF 27'456.13, savings rate 60.3%. Not counted as spending or income: moved to own accounts CHF -571.40 (Transfers, net).";
describe("income_vs_spending's spending is every spending category's, not Income's (uqa6 #8)", () => {
  // Its heading "Income vs spending for 2026." names the category Income, and its spending total took it as what the
  // figure is about: "Housing and groceries drove your spending of EUR 18'043.87" (right) was flagged as found for Income.
  const t = oneCall(
    "income_vs_spending",
    { year: 2025 },
    IVS_2025,
  );
  test("right: the spending said beside the categories it holds", () => {
    expect(statuses(t, "Housing and groceries drove your spending of CHF 18'043.87 in 2025.")).toEqual([["CHF 18'043.87", "grounded"]]);
    expect(statuses(t, "You earned CHF 45'500.00 and spent CHF 18'043.87.")).toEqual([["CHF 45'500.00", "grounded"], ["CHF 18'043.87", "grounded"]]);
  });
  test("wrong: the spending said to be the income, the income said to be spending", () => {
    expect(statuses(t, "Your income was CHF 18'043.87 in 2025.")).toEqual([["CHF 18'043.87", "mismatched"]]);
    expect(statuses(t, "You spent CHF 45'500.00 in 2025.")).toEqual([["CHF 45'500.00", "mismatched"]]);
  });  // rev-uqa6 #2: the whole spending (or the net) said to be ONE category's is not its figure; only "spending of" it names
  // the whole.
  test("wrong: the whole spending or the net said to be one category's (Groceries, Housing, Dining, Transfers)", () => {
    for (const a of [
      "Groceries cost CHF 18'043.87 in 2025.",
      "You spent CHF 18'043.87 on groceries in 2025.",
      "Housing came to CHF 18'043.87 in 2025.",
      "Your spending on groceries was CHF 18'043.87.",
      "Dining cost you CHF 27'456.13 in 2025.",
    ])
      expect([a, statuses(t, a)]).toEqual([a, [[a.match(/CHF [\d']+\.\d\d/)![0], "mismatched"]]]);
    // The transfers it reports aside (CHF -571.40) are no spending; its spending is not theirs.
    const withTransfers = turnOver({ ...VOCABULARY, categoryNames: [...VOCABULARY.categoryNames, "Transfers"] }, { name: "income_vs_spending", input: { year: 2025 }, summary: IVS_2025 });
    expect(statuses(withTransfers, "Transfers came to CHF 18'043.87.")).toEqual([["CHF 18'043.87", "mismatched"]]);
  });
  test("right: the whole spending and the net said as such", () => {
    expect(statuses(t, "Your total spending came to CHF 18'043.87, leaving a net of CHF 27'456.13.")).toEqual([["CHF 18'043.87", "grounded"], ["CHF 27'456.13", "grounded"]]);
    expect(statuses(t, "You saved 60.3% of your income.")).toEqual([["60.3%", "grounded"]]);
  });
});

describe("figacc3: the budgets' total after a budget approved in this turn (SPEC §11.1 sources: an approval's outcome, its totals)", () => {
  const month = "Budgets for 2026-02 (a full month).\n- Groceries: budget CHF 1'500.00, spent CHF 1'637.70, remaining CHF -137.70, 109.2% used — OVER BUDGET.\n- Transport: budget CHF 600.00, spent CHF 534.79, remaining CHF 65.21, 89.1% used.\n- Dining: budget CHF 800.00, spent CHF 657.70, remaining CHF 142.30, 82.2% used.\n- Shopping: budget CHF 1'200.00, spent CHF 968.87, remaining CHF 231.13, 80.7% used.\nTotal budget CHF 4'100.00, total spent CHF 3'799.06 (92.7%).";
  const approved = (summary: string) => {
    const t = turn([{ name: "budget_status", input: { year: 2026, month: 2 }, summary }]);
    t.recordOutcome({ id: "toolu_a", name: "set_budget", input: {} }, "Approved by the user: the Groceries budget is now CHF 1'700.00 a month (was CHF 1'500.00).");
    return t;
  };
  test("right: the budgets now total CHF 4'300.00 (4'100.00 with Groceries' 1'500.00 now 1'700.00): derived", () => {
    const t = approved(month);
    const [total] = t.check("Your budgets now total CHF 4'300.00.", "");
    expect([total!.status, total!.operation, figureNote(total!)]).toEqual(["derived", "sum", "CHF 1'700.00 + CHF 600.00 + CHF 800.00 + CHF 1'200.00 (sum) · set_budget · approval outcome · Groceries budget is now (Groceries · CHF · a month): CHF 1'700.00; budget_status · summary · budget (2026-02 · Transport · CHF): CHF 600.00; budget_status · summary · budget (2026-02 · Dining · CHF): CHF 800.00; budget_status · summary · budget (2026-02 · Shopping · CHF): CHF 1'200.00"]);
    expect(statuses(t, "With the new Groceries budget, your budgets come to CHF 4'300.00 a month.")).toEqual([["CHF 4'300.00", "derived"]]);
  });
  test("wrong: CHF 4'400.00 (a digit off); no change in per cent of the new total is derived", () => {
    const t = approved(month);
    expect(statuses(t, "Your budgets now total CHF 4'400.00.")).toEqual([["CHF 4'400.00", "ungrounded"]]);
    expect(statuses(t, "Your budgets now total CHF 4'300.00; the Groceries budget is 4.9% higher than before.")).toEqual([["CHF 4'300.00", "derived"], ["4.9%", "ungrounded"]]);
  });
  test("wrong: the new total said of the budgets before the change, or of spending, or of the month as it was (review rev-figacc3 #1)", () => {
    const t = approved(month);
    expect(statuses(t, "Before the change your budgets totalled CHF 4'300.00.")).toEqual([["CHF 4'300.00", "ungrounded"]]);
    expect(statuses(t, "In February you spent CHF 4'300.00 in total.")).toEqual([["CHF 4'300.00", "ungrounded"]]);
    expect(statuses(t, "Now February went over: CHF 3'799.06 spent against CHF 4'300.00 budgeted.")).toEqual([["CHF 3'799.06", "grounded"], ["CHF 4'300.00", "ungrounded"]]);
  });
  test("two approvals: only the total with both changes (review rev-figacc3 #2)", () => {
    const t = turn([{ name: "budget_status", input: { year: 2026, month: 2 }, summary: month }]);
    t.recordOutcome({ id: "toolu_a", name: "set_budget", input: {} }, "Approved by the user: the Groceries budget is now CHF 1'700.00 a month (was CHF 1'500.00).");
    t.recordOutcome({ id: "toolu_b", name: "set_budget", input: {} }, "Approved by the user: the Dining budget is now CHF 900.00 a month (was CHF 800.00).");
    expect(statuses(t, "After both changes your budgets now total CHF 4'400.00.")).toEqual([["CHF 4'400.00", "derived"]]);
    expect(statuses(t, "After both changes your budgets now total CHF 4'300.00.")).toEqual([["CHF 4'300.00", "ungrounded"]]);
    expect(statuses(t, "After both changes your budgets now total CHF 4'200.00.")).toEqual([["CHF 4'200.00", "ungrounded"]]);
  });
  test("wrong: no total after the approval when the call's budgets do not add up to its total (a budget left out of the list)", () => {
    // The sum of the listed budgets with the new amount (4'300.00) is not the total of all budgets (review rev-figacc3 #12).
    const t = approved(month.replace("Total budget CHF 4'100.00", "Total budget CHF 5'100.00"));
    expect(statuses(t, "Your budgets now total CHF 4'300.00.")).toEqual([["CHF 4'300.00", "ungrounded"]]);
    expect(statuses(t, "Your budgets now total CHF 5'300.00.")).toEqual([["CHF 5'300.00", "ungrounded"]]);
  });
});

describe("figacc3: 'regular payments' counts series or their rows (SPEC §11.1 counts: a count is of what its noun says)", () => {
  const t = turn([{ name: "recurring_payments", input: {}, summary: "Recurring payments: 6 series, 3 active. Helsana (Insurance) quarterly CHF 260.40, 5 payments; Livit AG (Housing) monthly CHF 2'000.00, 12 payments." }]);
  test("right: 6 regular payments (the 6 series), 12 regular payments of Livit AG (its rows)", () => {
    // Before, "regular payments" counted rows: the count of series was mismatched.
    expect(statuses(t, "I found 6 regular payments.")).toEqual([["6", "grounded"]]);
    expect(statuses(t, "Livit AG took 12 regular payments.")).toEqual([["12", "grounded"]]);
  });
  test("wrong: 7 regular payments (no such count), 36 regular payments (no count; CHF 36.35 is an amount), 6 premiums (the series, said of rows)", () => {
    const u = turn([{ name: "unusual_transactions", input: {}, summary: "Unusually large payments for 2025: 2 found. Usual CHF 36.35 for Healthcare. 40 other payments were at their expected amount." }]);
    expect(statuses(t, "I found 7 regular payments.")).toEqual([["7", "ungrounded"]]);
    expect(statuses(u, "36 regular payments were at their expected amount.")).toEqual([["36", "ungrounded"]]);
    expect(statuses(t, "Helsana: 6 premiums.")).toEqual([["6", "mismatched"]]);
  });
  test("'active' / 'ended' said of regular payments: right, 3 are still active (the 3 active); wrong, 6 are still active (all 6 series, some ended)", () => {
    // Before, the count of all series passed for the active ones (review rev-figacc3 #10).
    expect(statuses(t, "3 regular payments are still active.")).toEqual([["3", "grounded"]]);
    expect(statuses(t, "6 regular payments are still active.")).toEqual([["6", "mismatched"]]);
  });
  test("regular payments agree with series or rows only: 7 regular payments where 7 counts merchants is mismatched", () => {
    const m = turn([{ name: "merchant_breakdown", input: { category: "Groceries", year: 2025 }, summary: "Merchants for spending on Groceries for 2025. CHF: total CHF 10'000.00 over 400 transactions at 7 merchants. 1. Migros CHF 3'000.00 (120 tx, avg CHF 25.00, 30.0%)." }]);
    expect(statuses(m, "I found 7 regular payments.")).toEqual([["7", "mismatched"]]);
  });
});

describe("figacc3: a total of the things a sentence names, one item of a list each (SPEC §11.1 derived: a sum of figures of one list)", () => {
  const subscriptions = () =>
    turnOver(
      { categoryNames: ["Subscriptions"], merchants: ["Swisscom", "Spotify", "Netflix", "Apple", "Sunrise"], accounts: [] },
      {
        name: "merchant_breakdown",
        input: { category: "Subscriptions", year: 2025 },
        summary: "Subscriptions by merchant for 2025. CHF: total CHF 2'142.20 over 60 transactions at 5 merchants: Swisscom CHF 1'368.00 (12 tx); Spotify CHF 263.40 (12 tx); Netflix CHF 250.80 (12 tx); Sunrise CHF 140.00 (12 tx); Apple CHF 120.00 (12 tx).",
      },
    );
  test("right: Swisscom, Spotify, Netflix and Apple came to CHF 2'002.20 (their items, wherever they stand; Netflix miswritten)", () => {
    const t = subscriptions();
    const all = t.check("Swisscom CHF 1'368.00, Spotify CHF 263.40, Netflix CHF 205.80, Apple CHF 120.00 — CHF 2'002.20 in 2025.", "");
    const total = all.at(-1)!;
    expect([total.status, figureNote(total).split(" · ")[0]]).toEqual(["derived", "CHF 1'368.00 + CHF 263.40 + CHF 250.80 + CHF 120.00 (sum)"]);
  });
  test("wrong: CHF 2'020.20 (a digit off), or the four with Apple said of Sunrise's (CHF 2'002.20 where Sunrise is named: theirs is CHF 2'022.20)", () => {
    const t = subscriptions();
    expect(statuses(t, "Swisscom CHF 1'368.00, Spotify CHF 263.40, Netflix CHF 205.80, Apple CHF 120.00 — CHF 2'020.20 in 2025.").at(-1)).toEqual(["CHF 2'020.20", "ungrounded"]);
    expect(statuses(t, "Swisscom CHF 1'368.00, Spotify CHF 263.40, Netflix CHF 205.80, Sunrise CHF 140.00 — CHF 2'002.20 in 2025.").at(-1)).toEqual(["CHF 2'002.20", "ungrounded"]);
    expect(statuses(t, "Swisscom CHF 1'368.00, Spotify CHF 263.40, Netflix CHF 205.80, Sunrise CHF 140.00 — CHF 2'022.20 in 2025.").at(-1)).toEqual(["CHF 2'022.20", "derived"]);
  });
  // The rule's bound on context (review rev-figacc3 #13: no test held it).
  test("wrong: the four's 2025 sum said of 2024 (a list about what the sentence contradicts)", () => {
    expect(statuses(subscriptions(), "Swisscom, Spotify, Netflix and Apple came to CHF 2'002.20 in 2025.")).toEqual([["CHF 2'002.20", "derived"]]);
    expect(statuses(subscriptions(), "In 2024 Swisscom, Spotify, Netflix and Apple came to CHF 2'002.20.")).toEqual([["CHF 2'002.20", "ungrounded"]]);
  });
});

describe("figacc3: two figures share the rate written after the second ('CHF 150.67 and EUR 9.20 a day') (SPEC §11.1 derived: a period's divisors)", () => {
  const t = () => oneCall("spending_by_category", { year: 2025, month: 6 }, "Spending by category for 2025-06. CHF: total CHF 4'520.20 over 21 transactions. EUR: total EUR 276.00 over 31 transactions.");
  test("right: about CHF 150.67 and EUR 9.20 a day (4'520.20 and 276.00 over June's 30 days)", () => {
    // Before, "a day" was read of the euros only: the francs' daily amount was not found.
    expect(statuses(t(), "In June you spent about CHF 150.67 and EUR 9.20 a day.")).toEqual([
      ["CHF 150.67", "derived"],
      ["EUR 9.20", "derived"],
    ]);
  });
  test("wrong: CHF 145.81 and EUR 9.20 a day (the francs over 31 days); CHF 150.67 a week", () => {
    expect(statuses(t(), "In June you spent about CHF 145.81 and EUR 9.20 a day.")).toEqual([
      ["CHF 145.81", "ungrounded"],
      ["EUR 9.20", "derived"],
    ]);
    expect(statuses(t(), "In June you spent about CHF 150.67 and EUR 9.20 a week.")).toEqual([
      ["CHF 150.67", "ungrounded"],
      ["EUR 9.20", "ungrounded"],
    ]);
  });
});

describe("figacc3: a count after 'median of' / 'average of' is how many the measure is over, not a median (SPEC §11.1 counts)", () => {
  const t = () =>
    oneCall(
      "unusual_transactions",
      { from: "2025-01-01", to: "2025-06-30" },
      "Unusually large payments in spending from 2025-01-01 to 2025-06-30: 2 (the 2 largest by times the usual). 2025-06-05 Migros (Groceries) CHF 111.85, 7.3 × the usual CHF 15.40 (median of its 460 earlier payments); 2025-05-17 Coop (Groceries) CHF 156.90, 12.0 × the usual CHF 13.05 (median of its 227 earlier payments).",
    );
  test("right: the usual Migros amount is the median of 460 earlier payments", () => {
    // Before, "median of" made the count a median: no median of the turn is 460, so it was mismatched.
    expect(statuses(t(), "The usual Migros amount is the median of 460 earlier payments.")).toEqual([["460", "grounded"]]);
  });
  test("wrong: the median of 406 earlier payments (a digit swap); Coop's 227 said of Migros", () => {
    expect(statuses(t(), "The usual Migros amount is the median of 406 earlier payments.")).toEqual([["406", "ungrounded"]]);
    expect(statuses(t(), "The usual Migros amount is the median of 227 earlier payments.")).toEqual([["227", "mismatched"]]);
  });
  test("wrong: the median of 460 payments at Coop (Migros' count, said of Coop: review rev-figacc3 #9)", () => {
    expect(statuses(t(), "The median of 460 payments at Coop was CHF 13.05.")).toEqual([["460", "mismatched"], ["CHF 13.05", "grounded"]]);
  });
});

describe("figacc5: rows a month of a whole breakdown the model read, over the months of its period (SPEC §11.1 derived)", () => {
  const accounts = ["Visa 4417", "CH44 0900 0000 8765 4321 0", "CH93 0076 2011 6238 5295 7"];
  const t = () =>
    turnOver(
      { ...VOCABULARY, accounts },
      {
        name: "data_coverage",
        input: { from: "2025-01-01", to: "2025-06-30" },
        summary: `Today is 2026-01-05. The data runs from 2024-01-01 to 2025-12-31. Coverage from 2025-01-01 to 2025-06-30 per account and currency: ${accounts.map((a, i) => `${a} CHF: 2025-01-01 to 2025-06-30, ${[60, 61, 59][i]} rows, 6 months with data, no gap months, last transaction 97 days before today`).join("; ")}.`,
      },
    );
  test("right: about 30 a month (60 + 61 + 59 = 180 rows over six months)", () => {
    expect(statuses(t(), "That's 180 rows in all, about 30 a month.")).toEqual([
      ["180", "derived"],
      ["30", "derived"],
    ]);
  });
  test("wrong: over the wrong number of months (180 ÷ 5 = 36)", () => {
    expect(statuses(t(), "That's 180 rows in all, about 36 a month.")).toEqual([
      ["180", "derived"],
      ["36", "ungrounded"],
    ]);
  });
  test("wrong: a part of the breakdown (the first two accounts, 121 ÷ 6 = 20)", () => {
    expect(statuses(t(), "That's 180 rows in all, about 20 a month.")).toEqual([
      ["180", "derived"],
      ["20", "ungrounded"],
    ]);
  });
  test("wrong: the whole's rate said of one account, or of another year", () => {
    expect(statuses(t(), "Visa 4417 had about 30 rows a month.")).toEqual([["30", "ungrounded"]]);
    expect(statuses(t(), "In 2024 that's about 30 rows a month.")).toEqual([["30", "ungrounded"]]);
  });
});

describe("figacc4: a found amount's share is of a total of its own time and of the time the share's clause names (SPEC §11.1 derived: a ratio)", () => {
  // July's and August's totals stand in one comparison: a share of a month's travel is of that month's total only.
  const t = () => monthsCompared(7, 8, "CHF: total spending CHF 10'000.00 → CHF 6'400.00 (CHF -3'600.00, -36.0%). By change: Travel CHF 4'000.00 → CHF 1'600.00 (CHF -2'400.00, -60.0%); Dining CHF 900.00 → CHF 1'000.00 (+CHF 100.00, +11.1%).");
  const share = (sentence: string) => statuses(t(), sentence).at(-1);
  test("right: travel fell from CHF 4'000.00 to CHF 1'600.00; in July it was 40% of the month, in August 25%", () => {
    expect(share("Travel fell from CHF 4'000.00 to CHF 1'600.00; in July travel alone was 40% of the month.")).toEqual(["40%", "derived"]);
    expect(share("Travel fell from CHF 4'000.00 to CHF 1'600.00; in August travel was 25% of the month.")).toEqual(["25%", "derived"]);
  });
  test("wrong: July's travel over August's total (62.5%) said of July; August's over July's (16%) said of August", () => {
    // Before, both were derived: the written travel amount over the call's other month's total.
    expect(share("Travel fell from CHF 4'000.00 to CHF 1'600.00; in July travel alone was 62.5% of the month.")).toEqual(["62.5%", "ungrounded"]);
    expect(share("Travel fell from CHF 4'000.00 to CHF 1'600.00; in August travel was 16% of the month.")).toEqual(["16%", "ungrounded"]);
  });
  test("wrong: a right number beside a misleading month: 62.5% 'of August' (July's travel over August's total, the clause naming August)", () => {
    expect(share("Travel fell from CHF 4'000.00 to CHF 1'600.00; in August travel alone was 62.5% of the month.")).toEqual(["62.5%", "ungrounded"]);
  });
  test("wrong: one row of a day as a share of another day's row (a payment of 18 April as 'of the month', over a salary of 25 April)", () => {
    const rows = oneCall("list_transactions", { from: "2025-04-01", to: "2025-04-30", sort: "amount", limit: 3 }, "Transactions from 2025-04-01 to 2025-04-30, largest first: 3 of 40. 2025-04-25 ACME AG (Income) CHF 6'800.00; 2025-04-01 Livit AG (Housing) CHF -2'400.00; 2025-04-18 Migros (Groceries) CHF -480.00.");
    expect(statuses(rows, "The Migros shop on 18 April, CHF -480.00, was 7.1% of the month.").at(-1)).toEqual(["7.1%", "ungrounded"]);
  });
});

describe("figacc4: 'N times as much' after two amounts set against each other is their ratio, not any other pair's (SPEC §11.1 derived: ratios)", () => {
  // Other pairs of the turn make 2.5 (Dining 500 ÷ Fees 200, Travel 1'750 ÷ Dining 700) and 3.5 (Dining 700 ÷ Fees 200).
  const t = () =>
    monthsCompared(9, 10, "CHF: total spending CHF 1'000.00 → CHF 3'000.00 (+CHF 2'000.00, +200.0%). By change: Travel CHF 100.00 → CHF 1'750.00 (+CHF 1'650.00, +1650.0%); Dining CHF 500.00 → CHF 700.00 (+CHF 200.00, +40.0%); Fees CHF 200.00 → CHF 150.00 (CHF -50.00, -25.0%).");
  const ratio = (sentence: string) => statuses(t(), sentence).at(-1);
  test("right: October CHF 3'000.00 against CHF 1'000.00 in September, 3 times as much", () => {
    expect(ratio("In October you spent CHF 3'000.00 against CHF 1'000.00 in September — 3 times as much.")).toEqual(["3 times", "derived"]);
  });
  test("wrong: 2.5 and 3.5 times as much (off by a half: other categories' ratios)", () => {
    // Before, both were derived from two categories of the call the sentence does not name.
    expect(ratio("In October you spent CHF 3'000.00 against CHF 1'000.00 in September — about 2.5 times as much.")).toEqual(["2.5 times", "ungrounded"]);
    expect(ratio("In October you spent CHF 3'000.00 versus CHF 1'000.00 in September, 3.5 times as much.")).toEqual(["3.5 times", "ungrounded"]);
  });
  test("wrong: 2.5 times as much with a right number (Dining's October) set against the wrong month's total", () => {
    expect(ratio("Dining was CHF 700.00 in October against CHF 1'000.00 in September spending — about 2.5 times as much.")).toEqual(["2.5 times", "ungrounded"]);
  });
  test("right: a ratio in a clause of its own about travel (1'750 ÷ 100) after the pair stays derived (review rev-figacc4 #2)", () => {
    expect(ratio("You spent CHF 3'000.00 in October against CHF 1'000.00 in September; travel alone cost 17.5 times as much.")).toEqual(["17.5 times", "derived"]);
    expect(ratio("You spent CHF 3'000.00 in October compared with CHF 1'000.00 in September, and on travel you spent 17.5 times as much.")).toEqual(["17.5 times", "derived"]);
    expect(statuses(t(), "Overall CHF 3'000.00 against CHF 1'000.00; dining, at 1.4 times as much, grew least.").find(([text]) => text === "1.4 times")).toEqual(["1.4 times", "derived"]);
  });
  test("a side written wrong: the ratio of the data with one of the two sides (3'000 over September's 1'000) stays derived", () => {
    expect(ratio("In October you spent CHF 3'000.00 against CHF 1'200.00 in September — 3 times as much.")).toEqual(["3 times", "derived"]);
  });
});

describe("figacc4: a count in an answer table's count column is a count of things, never an amount with its digits (SPEC §11.1 counts)", () => {
  // Migros: 40 visits averaging CHF 30.00; Coop: 31 visits averaging CHF 20.00.
  const t = () => oneCall("merchant_breakdown", { category: "Groceries", year: 2025 }, "Merchants for spending on Groceries for 2025. CHF: total CHF 1'820.00 over 71 transactions at 2 merchants. 1. Migros CHF 1'200.00 (40 tx, avg CHF 30.00, 65.9%); 2. Coop CHF 620.00 (31 tx, avg CHF 20.00, 34.1%).");
  const table = (migros: string) => `| Shop | CHF | Shops | Avg |\n|---|---|---|---|\n| Migros | 1'200.00 | ${migros} | 30.00 |\n`;
  test("right: Migros's 40 shops", () => {
    expect(statuses(t(), table("40")).find(([text]) => text === "40")).toEqual(["40", "grounded"]);
  });
  test("wrong: 30 shops (Migros's average amount, CHF 30.00, written as its count); 20 (Coop's average); 41 (one off)", () => {
    // Before, 30 and 20 were grounded on the averages: a count column's whole number was matched with amounts.
    expect(statuses(t(), table("30")).filter(([text]) => text === "30")).toEqual([["30", "ungrounded"]]);
    expect(statuses(t(), table("20")).find(([text]) => text === "20")).toEqual(["20", "ungrounded"]);
    expect(statuses(t(), table("41")).find(([text]) => text === "41")).toEqual(["41", "ungrounded"]);
  });
});

describe("figacc4: 'N times the usual' is one payment over its own usual amount (SPEC §11.1 derived: ratios)", () => {
  // Across the two rows: 111.85 ÷ 13.05 = 8.57, 156.90 ÷ 15.40 = 10.19, 15.40 ÷ 13.05 = 1.18, 156.90 ÷ 111.85 = 1.40.
  const t = () =>
    oneCall(
      "unusual_transactions",
      { from: "2025-01-01", to: "2025-06-30" },
      "Unusually large payments in spending from 2025-01-01 to 2025-06-30: 2 (the 2 largest by times the usual). 2025-06-05 Migros (Groceries) CHF 111.85, 7.3 × the usual CHF 15.40 (median of its 460 earlier payments); 2025-05-17 Coop (Groceries) CHF 156.90, 12.0 × the usual CHF 13.05 (median of its 227 earlier payments).",
    );
  const ratio = (sentence: string) => statuses(t(), sentence).at(-1);
  test("right: the Migros shop was 7.3 times the usual (the result's own ratio), 7.26 times its usual (its amount over its usual)", () => {
    expect(ratio("The Migros shop was 7.3 times the usual.")).toEqual(["7.3 times", "grounded"]);
    expect(ratio("The Migros shop was 7.26 times its usual.")).toEqual(["7.26 times", "derived"]);
  });
  test("wrong: the big shop was 1.4 times the usual (Coop's amount over Migros's amount), 1.18 times the usual (one row's usual over the other's)", () => {
    // Before, both were derived from two rows of the result the sentence does not tie together.
    expect(ratio("The big shop was 1.4 times the usual.")).toEqual(["1.4 times", "ungrounded"]);
    expect(ratio("The big shop was 1.18 times the usual.")).toEqual(["1.18 times", "ungrounded"]);
  });
  test("guard: a payment over another row's usual stays not found (8.6 and 10.2 times)", () => {
    expect(ratio("The bigger shop was 8.6 times the usual.")).toEqual(["8.6 times", "ungrounded"]);
    expect(ratio("The other one was 10.2 times its usual.")).toEqual(["10.2 times", "ungrounded"]);
  });
  test("right: the Migros payment was 8.6 times a usual Coop shop (the usual of the row the answer names: review rev-figacc4 #3)", () => {
    expect(ratio("The Migros payment of CHF 111.85 was 8.6 times a usual Coop shop.")).toEqual(["8.6 times", "derived"]);
  });
  test("wrong: 10.2 times a usual Coop shop (Coop's payment over Migros's usual) and 8.6 times a usual Migros shop stay not found", () => {
    expect(ratio("The Coop payment of CHF 156.90 was 10.2 times a usual Coop shop.")).toEqual(["10.2 times", "ungrounded"]);
    expect(ratio("The Migros payment of CHF 111.85 was 8.6 times a usual Migros shop.")).toEqual(["8.6 times", "ungrounded"]);
  });
  // An answer table's "Times" column beside a payment holds its ratio to the usual, not a count (review rev-figacc4 #4).
  const times = (cell: string) => statuses(t(), `| Date | Shop | CHF | Times |\n|---|---|---|---|\n| 2025-05-17 | Coop | 156.90 | ${cell} |\n`).find(([text]) => text === cell);
  test("right: a table's Times column: Coop's 12 (12.0 × the usual)", () => {
    expect(times("12")).toEqual(["12", "grounded"]);
  });
  test("wrong: a table's Times column: 21 (digits swapped) stays not found", () => {
    expect(times("21")).toEqual(["21", "ungrounded"]);
  });
  test("wrong: a usual Migros shop is 1.18 times a usual Coop one (two usual amounts, no payment over its usual)", () => {
    expect(ratio("A usual Migros shop is 1.18 times a usual Coop shop.")).toEqual(["1.18 times", "ungrounded"]);
  });
});

describe("figacc4: a share said of what was kept is over the net, not over the income (SPEC §11.1 derived: a ratio)", () => {
  // 500 ÷ net 2'000 = 25%; ÷ income 10'000 = 5%; ÷ spending 8'000 = 6.25%.
  const t = () => oneCall("income_vs_spending", { year: 2025 }, "Income vs spending for 2025. CHF: income CHF 10'000.00, spending CHF 8'000.00, net CHF 2'000.00, savings rate 20.0%. Not counted as spending or income: invested CHF 500.00 (Investments, net).");
  const share = (sentence: string) => statuses(t(), sentence).at(-1);
  test("right: CHF 500.00 went into investments, 25% of what you kept (500 ÷ the net 2'000, review rev-figacc4 #5)", () => {
    expect(share("CHF 500.00 went into investments, 25% of what you kept.")).toEqual(["25%", "derived"]);
    expect(statuses(t(), "CHF 500.00 went into investments, 25% of what you kept.", "").length).toBe(2);
    expect(t().check("CHF 500.00 went into investments, 25% of what you kept.", "").at(-1)!.sources.map((x) => x.value)).toEqual([500, 2000]);
  });
  test("right: CHF 500.00 went into investments, 5% of your income (a share of income stays one)", () => {
    expect(share("CHF 500.00 went into investments, 5% of your income.")).toEqual(["5%", "derived"]);
  });
  test("wrong: 5% of what you kept (over the income); 'Of what you kept, … — 5%' (the opening says the whole)", () => {
    // Before, both were derived as CHF 500.00 over the income.
    expect(share("CHF 500.00 went into investments, 5% of what you kept.")).toEqual(["5%", "ungrounded"]);
    expect(share("Of what you kept, CHF 500.00 went into investments — about 5%.")).toEqual(["5%", "ungrounded"]);
  });
  test("right: shares of the net income, the net salary, and of savings held (a balance) stay derived (review rev-figacc4 #1)", () => {
    expect(share("Your spending of CHF 8'000.00 was 80% of your net income.")).toEqual(["80%", "derived"]);
    expect(share("Investments of CHF 500.00 were 5% of your net salary.")).toEqual(["5%", "derived"]);
    expect(share("CHF 500.00 invested is 5% of the net income.")).toEqual(["5%", "derived"]);
    const bal = turn([
      { name: "account_balances", input: {}, summary: "Balances: Savings account CHF 25'000.00; Private account CHF 3'000.00." },
      { name: "income_vs_spending", input: { year: 2025 }, summary: "Income vs spending for 2025. CHF: income CHF 10'000.00, spending CHF 8'000.00, net CHF 2'000.00, savings rate 20.0%." },
    ]);
    expect(statuses(bal, "The CHF 2'000.00 you kept this year is 8% of your savings.").at(-1)).toEqual(["8%", "derived"]);
    expect(statuses(bal, "Your private account, CHF 3'000.00, holds 12% of your savings.").at(-1)).toEqual(["12%", "derived"]);
  });
  test("guard: 6.25% of the net you kept (over the spending) stays not found", () => {
    expect(share("CHF 500.00 went into investments, 6.25% of the net you kept.")).toEqual(["6.25%", "ungrounded"]);
  });
});

describe("figacc5fix: rows a month — the review's attacks and more (a wrong rate stays flagged)", () => {
  const accounts = ["Visa 4417", "CH44 0900 0000 8765 4321 0", "CH93 0076 2011 6238 5295 7"];
  const voc = { ...VOCABULARY, accounts, merchants: [...VOCABULARY.merchants, "Immo AG", "Putzfee Anna", "Helsana", "SBB"] };
  const coverage = (rows: string): Call => ({
    name: "data_coverage",
    input: { from: "2025-01-01", to: "2025-06-30" },
    summary: `Today is 2026-01-05. The data runs from 2024-01-01 to 2025-12-31. Coverage from 2025-01-01 to 2025-06-30 per account and currency: ${rows}.`,
  });
  const h1 = coverage(accounts.map((a, i) => `${a} CHF: 2025-01-01 to 2025-06-30, ${[60, 61, 59][i]} rows, 6 months with data, no gap months`).join("; "));
  /** The coverage of H1 2025 (180 rows) with a call of another period. */
  const withOther = (other: Record<string, unknown>) => {
    const t = createTurnFigures({ vocabulary: voc, periods: (input) => callPeriods(input, DATA), figureKind: () => undefined });
    t.record({ id: "toolu_0", name: h1.name, input: h1.input }, { summary: h1.summary, charts: [] });
    t.record({ id: "toolu_1", name: "spending_by_category", input: other }, { summary: "Spending by category. CHF: total CHF 1'000.00 over 7 transactions in 1 categories: Housing CHF 1'000.00 (100.0%, 7 tx).", charts: [] });
    return t;
  };
  test("wrong: the whole over another call's months (180 ÷ 12 = 15 with a 2024 call; 180 ÷ 5 = 36)", () => {
    for (const other of [{ year: 2024 }, { from: "2025-07-01", to: "2025-09-30" }, { year: 2025, month: 8 }]) {
      expect(statuses(withOther(other), "That's about 15 rows a month.")).toEqual([["15", "ungrounded"]]);
      expect(statuses(withOther(other), "That's about 36 rows a month.")).toEqual([["36", "ungrounded"]]);
    }
  });
  test("wrong: a merchant list with an 'Other (12 merchants)' line (the named 187 rows ÷ 12 = 15.6)", () => {
    const merchants: Call = {
      name: "spending_by_merchant",
      input: { year: 2025 },
      summary:
        "Merchants for spending for 2025. CHF: total CHF 30'000.00 over 210 transactions at 14 merchants. 1. Immo AG CHF 24'000.00 (12 tx, avg CHF 2'000.00, 80.0%); 2. Helsana CHF 3'000.00 (36 tx, avg CHF 83.33, 10.0%); 3. SBB CHF 1'500.00 (139 tx, avg CHF 10.79, 5.0%); Other (12 merchants) CHF 1'500.00 (23 tx, 5.0%).",
    };
    expect(statuses(turnOver(voc, merchants), "You made about 16 transactions a month.")).toEqual([["16", "ungrounded"]]);
    expect(statuses(turnOver(voc, merchants), "You made about 16 payments a month.")).toEqual([["16", "ungrounded"]]);
  });
  test("wrong: a list of recurring series (their 128 payments over two years, 5.3 a month, are not all the rows)", () => {
    const recurring: Call = {
      name: "recurring_payments",
      input: {},
      summary:
        "Recurring payments for all dates (2024-01-01 to 2025-12-31): 3 series, 3 active. Active yearly cost: CHF 30'000.00. Immo AG (Housing) monthly CHF 2'000.00, 24 payments 2024-01-01 to 2025-12-01, next about 2026-01-01, CHF 24'000.00 a year; Putzfee Anna (Household) weekly CHF 80.00, 96 payments 2024-01-05 to 2025-12-26, CHF 4'160.00 a year; Helsana (Insurance) quarterly CHF 260.40, 8 payments 2024-01-01 to 2025-10-01, CHF 1'041.60 a year.",
    };
    expect(statuses(turnOver(voc, recurring), "You make about 5 transactions a month in all.")).toEqual([["5", "ungrounded"]]);
    expect(statuses(turnOver(voc, recurring), "That's about 5.3 payments a month.")).toEqual([["5.3", "ungrounded"]]);
  });
  test("wrong: the whole's rate said of a shorter period inside it, or per week", () => {
    expect(statuses(turnOver(voc, h1), "In the first quarter of 2025 that's about 30 rows a month.")).toEqual([["30", "ungrounded"]]);
    expect(statuses(turnOver(voc, h1), "That's about 30 rows a week.")).toEqual([["30", "ungrounded"]]);
  });
  test("wrong: all currencies' rows said of francs only (70 + 50 + 90 = 210 ÷ 6 = 35, the EUR 50 rows in it)", () => {
    const mixed = coverage(
      "Visa 4417 CHF: 2025-01-01 to 2025-06-30, 70 rows, 6 months with data, no gap months; Visa 4417 EUR: 2025-01-01 to 2025-06-30, 50 rows, 6 months with data, no gap months; CH44 0900 0000 8765 4321 0 CHF: 2025-01-01 to 2025-06-30, 90 rows, 6 months with data, no gap months",
    );
    expect(statuses(turnOver(voc, mixed), "In francs that's about 35 rows a month.")).toEqual([["35", "ungrounded"]]);
  });
});

describe("figacc5fix: shapes the reverted rules of figacc5 let pass (a share 'of it', 'all N accounts', 'at this pace') stay flagged", () => {
  const t = () => turn([CATEGORIES_2025, CATEGORIES_2024]);
  test("wrong: 'of them' after a list of three amounts (travel ÷ the last item, dining's 3'000.00 = 66.8 %; of the three it is 12.2 %)", () => {
    expect(statuses(t(), "Groceries, housing and dining came to CHF 7'431.20, CHF 6'000.00 and CHF 3'000.00; travel was 66.8% of them.")).toEqual([
      ["CHF 7'431.20", "grounded"],
      ["CHF 6'000.00", "grounded"],
      ["CHF 3'000.00", "grounded"],
      ["66.8%", "ungrounded"],
    ]);
  });
  test("wrong: 'of that' of an amount inside a dash aside (dining ÷ housing's 6'000.00 = 50.0 %; of the total it is 16.3 %)", () => {
    expect(statuses(t(), "In 2025 you spent CHF 18'434.50 — housing CHF 6'000.00 of it — and dining in 2025 was 50.0% of that.")).toEqual([
      ["CHF 18'434.50", "grounded"],
      ["CHF 6'000.00", "grounded"],
      ["50.0%", "ungrounded"],
    ]);
  });
  test("wrong: 'of it' of a count written after the amount (dining's 90 tx ÷ 180 tx = 50.0 %; of the amount it is 40.4 %)", () => {
    expect(statuses(t(), "Groceries came to CHF 7'431.20 over 180 transactions; dining was 50.0% of it.")).toEqual([
      ["CHF 7'431.20", "grounded"],
      ["180", "grounded"],
      ["50.0%", "ungrounded"],
    ]);
  });
  const accounts = ["Visa 4417", "Savings Account", "Main Account", "Old Account", "EUR Account"];
  test("wrong: 'all 4 accounts' where one of the 4 shows only in the balance list, not with rows", () => {
    const summary =
      "Today is 2026-01-05. The data runs from 2024-01-01 to 2025-12-31. Coverage from 2025-10-01 to 2025-12-31 per account and currency: Visa 4417 CHF: 2025-10-01 to 2025-12-31, 40 rows, 3 months with data, no gap months; Savings Account CHF: 2025-10-01 to 2025-12-31, 41 rows, 3 months with data, no gap months; Main Account CHF: 2025-10-01 to 2025-12-31, 42 rows, 3 months with data, no gap months. Last verified balances: Main Account CHF 5'000.00 on 2025-12-31 (main.csv); Old Account CHF 0.00 on 2024-06-30 (old.csv); Savings Account CHF 20'000.00 on 2025-12-31 (sav.csv).";
    const cov = turnOver({ ...VOCABULARY, accounts: accounts.slice(0, 4) }, { name: "data_coverage", input: { from: "2025-10-01", to: "2025-12-31" }, summary });
    expect(statuses(cov, "Yes, all 4 accounts have data in each of the last three months.")).toEqual([["4", "ungrounded"]]);
  });
  test("wrong: 'all 4 accounts' when the data knows 5 (the call lists the 4 with rows in its period)", () => {
    const rows = accounts.slice(0, 4).map((a, i) => `${a} CHF: 2025-04-01 to 2025-09-30, ${40 + i} rows, 6 months with data, no gap months`).join("; ");
    const cov = turnOver({ ...VOCABULARY, accounts }, { name: "data_coverage", input: { from: "2025-04-01", to: "2025-09-30" }, summary: `The data runs from 2024-01-01 to 2025-12-31. Coverage from 2025-04-01 to 2025-09-30 per account and currency: ${rows}.` });
    expect(statuses(cov, "Yes, all 4 accounts have data in each of the months.")).toEqual([["4", "ungrounded"]]);
  });
  test("wrong: a spending pace from the income total (45'123.00 × 2 said after the spending of 30'000.00)", () => {
    const inc: Call = { name: "income_vs_spending", input: { from: "2025-01-01", to: "2025-06-30" }, summary: "Income vs spending from 2025-01-01 to 2025-06-30. CHF: income CHF 45'123.00, spending CHF 30'000.00, net CHF 15'123.00 (savings rate 33.5%)." };
    expect(statuses(turn([inc]), "You spent CHF 30'000.00 in the first half of 2025. At this pace the full year would be about CHF 90'246.")).toEqual([
      ["CHF 30'000.00", "grounded"],
      ["CHF 90'246", "ungrounded"],
    ]);
  });
  test("wrong: a pace over a partial last month counted whole (5'000.00 to 15 March ÷ 3 × 12 = CHF 20'000)", () => {
    const days = { firstDay: 20240101, lastDay: 20260315 } as Ledger;
    const p = createTurnFigures({ vocabulary: VOCABULARY, periods: (input) => callPeriods(input, days), figureKind: () => undefined });
    p.record({ id: "toolu_0", name: "spending_by_category", input: { year: 2026 } }, { summary: "Spending by category for 2026 (data to 2026-03-15). CHF: total CHF 5'000.00 over 150 transactions in 2 categories: Groceries CHF 3'000.00 (60.0%, 90 tx); Housing CHF 2'000.00 (40.0%, 60 tx).", charts: [] });
    expect(statuses(p, "At this pace the full year would be about CHF 20'000.")).toEqual([["CHF 20'000", "ungrounded"]]);
  });
});

describe("figholes: 'N % of it / of that / of them' is of the one figure the pronoun can refer to (review rev-figacc5 #1)", () => {
  const t = () => turn([CATEGORIES_2025, CATEGORIES_2024]);
  const share = (answer: string) => statuses(t(), answer).at(-1);
  test("wrong: 'of them' after a list of three amounts (travel ÷ dining, the last of the list, = 66.8 %; of the three it is 12.2 %)", () => {
    expect(share("Groceries, housing and dining came to CHF 7'431.20, CHF 6'000.00 and CHF 3'000.00, and travel was 66.8% of them.")).toEqual(["66.8%", "ungrounded"]);
    expect(share("Groceries CHF 7'431.20, housing CHF 6'000.00, dining CHF 3'000.00, and travel was 66.8% of them.")).toEqual(["66.8%", "ungrounded"]);
  });
  test("wrong: 'of it' after a total with an amount in brackets or a dash aside (dining ÷ housing = 50.0 %; of the total it is 16.3 %)", () => {
    expect(share("Total spending in 2025 was CHF 18'434.50 (housing CHF 6'000.00), and dining in 2025 was 50.0% of it.")).toEqual(["50.0%", "ungrounded"]);
    expect(share("In 2025 you spent CHF 18'434.50 — housing CHF 6'000.00 of it — and dining in 2025 was 50.0% of that.")).toEqual(["50.0%", "ungrounded"]);
  });
  test("wrong: 'of it' after an amount and its count is of the amount (dining's 90 tx ÷ 180 tx = 50.0 %; of CHF 7'431.20 it is 40.4 %)", () => {
    expect(share("Groceries came to CHF 7'431.20 over 180 transactions, and dining was 50.0% of it.")).toEqual(["50.0%", "ungrounded"]);
    expect(share("In 2025 you spent CHF 18'434.50 (312 transactions); dining was 28.8% of it.")).toEqual(["28.8%", "ungrounded"]);
  });
  test("wrong: 'of that' after two amounts ('X and Y': which one is not said)", () => {
    expect(share("Housing was CHF 6'000.00 and groceries CHF 7'431.20, so dining was 50.0% of that.")).toEqual(["50.0%", "ungrounded"]);
  });
  test("wrong: a share of a EUR amount is no share of francs (review: the currency guard never fired)", () => {
    expect(statuses(t(), "Housing came to EUR 6'000.00, and dining was 50.0% of it.")).toEqual([["EUR 6'000.00", "mismatched"], ["50.0%", "ungrounded"]]);
  });
  test("right: of the one amount, of the total past a bracket or a dash aside, of the count for 'them', after a summing clause", () => {
    expect(share("Groceries came to CHF 7'431.20 over 180 transactions, and dining was 40.4% of it.")).toEqual(["40.4%", "derived"]);
    expect(share("Housing came to CHF 6'000.00, and dining was 50.0% of it.")).toEqual(["50.0%", "derived"]);
    expect(share("In 2025 you spent CHF 18'434.50 across 312 transactions; dining was 28.8% of them.")).toEqual(["28.8%", "derived"]);
    // 3'000.00 ÷ 18'434.50 = 16.27 %, 2'003.30 ÷ 18'434.50 = 10.87 %: the share the answer writes, not the one the result gives.
    expect(share("Total spending in 2025 was CHF 18'434.50 (housing CHF 6'000.00), and dining was 16.27% of it.")).toEqual(["16.27%", "derived"]);
    expect(share("In 2025 you spent CHF 18'434.50 — housing CHF 6'000.00 of it — and travel was 10.87% of that.")).toEqual(["10.87%", "derived"]);
    expect(share("Housing CHF 6'000.00, groceries CHF 7'431.20, so in all CHF 18'434.50; travel was 10.87% of it.")).toEqual(["10.87%", "derived"]);
  });
});

describe("figholes: a figure averaged per month over its own call's months, not another call's (review rev-figacc5 §6)", () => {
  const H1: Call = {
    name: "spending_by_category",
    input: { from: "2025-01-01", to: "2025-06-30" },
    summary: "Spending by category from 2025-01-01 to 2025-06-30. CHF: total CHF 9'000.00 over 180 transactions in 2 categories: Groceries CHF 5'000.00 (55.6%, 120 tx); Housing CHF 4'000.00 (44.4%, 60 tx).",
  };
  const t = () => turn([H1, CATEGORIES_2024]);
  const months = (answer: string) => t().check(answer, "").map((f) => [f.text, f.status, f.months ?? null, f.sources.map((s) => s.text)]);
  test("wrong: the half-year's 180 over the 2024 call's 12 months (15), 2024 groceries' 170 over the half-year's 6 (28)", () => {
    expect(months("That is about 15 transactions a month.")).toEqual([["15", "ungrounded", null, []]]);
    expect(months("That is about 28 transactions a month.")).toEqual([["28", "ungrounded", null, []]]);
  });
  test("right: each over its own call's months — 180 ÷ 6 = 30, 2024 groceries' 170 ÷ 12 = 14.2, 2025 groceries' 120 ÷ 6 = 20", () => {
    expect(months("That is about 30 transactions a month.")).toEqual([["30", "derived", 6, ["180"]]]);
    expect(months("In 2024 groceries had about 14 transactions a month.")).toEqual([["14", "derived", 12, ["170"]]]);
    expect(months("In the first half of 2025 groceries had about 20 transactions a month.")).toEqual([["20", "derived", 6, ["120"]]]);
  });
});

describe("figholes: 'about' a one and zeros rounds at the next digit, not at the one (review rev-figacc5 §6)", () => {
  const inc = () =>
    oneCall("income_vs_spending", { from: "2025-01-01", to: "2025-06-30" }, "Income vs spending from 2025-01-01 to 2025-06-30. CHF: income CHF 50'000.00, spending CHF 30'000.00, net CHF 20'000.00 (savings rate 40.0%).");
  const big = () => oneCall("income_vs_spending", { year: 2025 }, "Income vs spending for 2025. CHF: income CHF 98'700.00, spending CHF 1'040.00, net CHF 97'660.00 (savings rate 98.9%).");
  test("wrong: about CHF 100'000 of an income of CHF 50'000.00 (at the one it would stand for 50k–150k); about CHF 1'000 of CHF 600", () => {
    expect(statuses(inc(), "You spent CHF 30'000.00 in the first half of 2025. At this pace the full year would be about CHF 100'000.")).toEqual([
      ["CHF 30'000.00", "grounded"],
      ["CHF 100'000", "ungrounded"],
    ]);
    expect(statuses(oneCall("spending_by_category", { year: 2025 }, "Spending by category for 2025. CHF: total CHF 600.00 over 3 transactions in 1 categories: Dining CHF 600.00 (100.0%, 3 tx)."), "You spent about CHF 1'000.")).toEqual([["CHF 1'000", "ungrounded"]]);
  });
  test("right: about CHF 100'000 of CHF 98'700.00, about CHF 1'000 of CHF 1'040.00, a bound as written (just over CHF 1'000 of CHF 1'040.00)", () => {
    expect(statuses(big(), "Your income was about CHF 100'000.")).toEqual([["CHF 100'000", "grounded"]]);
    expect(statuses(big(), "You spent about CHF 1'000.")).toEqual([["CHF 1'000", "grounded"]]);
    expect(statuses(big(), "You spent just over CHF 1'000.")).toEqual([["CHF 1'000", "grounded"]]);
  });
});

describe("figholesfix: the part of 'N % of it' covers the whole's own period (review rev-figholes #1)", () => {
  const Y25: Call = { name: "spending_by_category", input: { year: 2025 }, summary: "Spending by category for 2025. CHF: total CHF 12'500.00 over 40 transactions in 2 categories: Housing CHF 9'500.00 (76.0%, 12 tx); Dining CHF 3'000.00 (24.0%, 28 tx)." };
  const Y24: Call = { name: "spending_by_category", input: { year: 2024 }, summary: "Spending by category for 2024. CHF: total CHF 11'400.00 over 30 transactions in 2 categories: Housing CHF 9'500.00 (83.3%, 12 tx); Dining CHF 1'900.00 (16.7%, 18 tx)." };
  const MAY: Call = { name: "spending_by_category", input: { from: "2025-05-01", to: "2025-05-31" }, summary: "Spending by category from 2025-05-01 to 2025-05-31. CHF: total CHF 2'800.00 over 20 transactions in 2 categories: Housing CHF 2'000.00 (71.4%, 2 tx); Dining CHF 800.00 (28.6%, 18 tx)." };
  const JUNE: Call = { name: "spending_by_category", input: { from: "2025-06-01", to: "2025-06-30" }, summary: "Spending by category from 2025-06-01 to 2025-06-30. CHF: total CHF 2'500.00 over 16 transactions in 2 categories: Housing CHF 2'000.00 (80.0%, 2 tx); Dining CHF 500.00 (20.0%, 14 tx)." };
  const share = (t: TurnFigures, answer: string) => statuses(t, answer).at(-1);
  test("wrong: another year's part over this year's whole (2025 dining 3'000 ÷ 2024 housing 9'500 = 31.6 %; 2024's is 20.0 %)", () => {
    expect(share(turn([Y25, Y24]), "In 2024 housing came to CHF 9'500.00, and dining in 2024 was 31.6% of it.")).toEqual(["31.6%", "ungrounded"]);
    expect(share(turn([Y25, Y24]), "In 2024 housing came to CHF 9'500.00, and dining was 31.6% of it.")).toEqual(["31.6%", "ungrounded"]);
    // 2024 groceries 6'500.00 ÷ the 2025 total 18'434.50 = 35.3 %.
    expect(share(turn([CATEGORIES_2025, CATEGORIES_2024]), "Total spending in 2025 was CHF 18'434.50, and one category alone was 35.3% of it.")).toEqual(["35.3%", "ungrounded"]);
  });
  test("wrong: another month's part over this month's whole (May dining 800 ÷ June housing 2'000 = 40.0 %; June's is 25.0 %)", () => {
    expect(share(turn([MAY, JUNE]), "In June 2025 housing came to CHF 2'000.00, and dining was 40.0% of it.")).toEqual(["40.0%", "ungrounded"]);
  });
  test("right: the part of the whole's own period", () => {
    expect(share(turn([Y25, Y24]), "In 2024 housing came to CHF 9'500.00, and dining was 20.0% of it.")).toEqual(["20.0%", "derived"]);
    expect(share(turn([Y25, Y24]), "In 2025 housing came to CHF 9'500.00, and dining was 31.6% of it.")).toEqual(["31.6%", "derived"]);
    expect(share(turn([MAY, JUNE]), "In June 2025 housing came to CHF 2'000.00, and dining was 25.0% of it.")).toEqual(["25.0%", "derived"]);
    // The clause names another period than the whole's: the part is of that one (2025 dining 3'000 ÷ 2024 housing 9'500), as the answer says.
    expect(share(turn([Y25, Y24]), "In 2024 housing came to CHF 9'500.00, and dining in 2025 was 31.6% of it.")).toEqual(["31.6%", "derived"]);
  });
});

describe("figholesfix: a calculate result is no figure of a period, so no call's months divide it (review rev-figholes #3)", () => {
  const H1: Call = { name: "spending_by_category", input: { from: "2025-01-01", to: "2025-06-30" }, summary: "Spending by category from 2025-01-01 to 2025-06-30. CHF: total CHF 9'000.00 over 180 transactions in 2 categories: Groceries CHF 5'000.00 (55.6%, 120 tx); Housing CHF 4'000.00 (44.4%, 60 tx)." };
  const calc = (expression: string, result: string): Call => ({ name: "calculate", input: { expression }, summary: `Result: ${result}.` });
  const statusOf = (calls: Call[], answer: string) => turn(calls).check(answer, "").map((f) => [f.text, f.status]);
  test("wrong: the half-year's 180 rerun through calculate, over the 2024 call's 12 months (15; the half-year's rate is 30)", () => {
    expect(statusOf([H1, CATEGORIES_2024, calc("120 + 60", "180")], "That is about 15 transactions a month.")).toEqual([["15", "ungrounded"]]);
    expect(statusOf([H1, CATEGORIES_2024, calc("5000 + 4000", "9000")], "That is about CHF 750 a month.")).toEqual([["CHF 750", "ungrounded"]]);
  });
  test("right: the half-year's own figures over its own 6 months, calculate or not", () => {
    expect(statusOf([H1, CATEGORIES_2024, calc("120 + 60", "180")], "That is about 30 transactions a month.")).toEqual([["30", "derived"]]);
    expect(statusOf([H1, CATEGORIES_2024, calc("5000 + 4000", "9000")], "That is about CHF 1'500 a month.")).toEqual([["CHF 1'500", "derived"]]);
  });
});

describe("figacc6: a slot of a summary's 'income / spending / net' list has the flow of its twin in the call's chart (r4p06 missed)", () => {
  const H: Call = {
    name: "income_vs_spending",
    input: { from: "2025-08-01", to: "2025-09-30" },
    summary:
      "Income vs spending from 2025-08-01 to 2025-09-30. CHF: income CHF 33'000.00, spending CHF 31'500.00, net CHF 1'500.00, savings rate 4.5%. Per month (income / spending / net): 2025-08 CHF 16'500.00 / CHF 12'300.00 / CHF 4'200.00; 2025-09 CHF 16'500.00 / CHF 19'200.00 / CHF -2'700.00.",
    charts: [
      {
        type: "grouped_bar",
        title: "Income vs spending, 2025-08-01…2025-09-30 (CHF)",
        currency: "CHF",
        data: { labels: ["2025-08", "2025-09"], datasets: [{ name: "Income", values: [16500, 16500] }, { name: "Spending", values: [12300, 19200] }] },
      },
    ] as ToolOutput["charts"],
  };
  const statusOf = (answer: string) => turn([H]).check(answer, "").map((f) => [f.text, f.status]);
  test("right: September's spending and income as their slots give them", () => {
    expect(statusOf("September's spending of CHF 19'200.00 was more than its income of CHF 16'500.00.")).toEqual([
      ["CHF 19'200.00", "grounded"],
      ["CHF 16'500.00", "grounded"],
    ]);
  });
  test("wrong: the spending slot written as income, the income as spending, August's spending as its income", () => {
    expect(statusOf("September's income of CHF 19'200.00 could not cover it.")).toEqual([["CHF 19'200.00", "mismatched"]]);
    expect(statusOf("In August you spent CHF 16'500.00.")).toEqual([["CHF 16'500.00", "mismatched"]]);
    expect(statusOf("August's income was CHF 12'300.00.")).toEqual([["CHF 12'300.00", "mismatched"]]);
  });
});

describe("figacc6: a recurring series' one-off is its payee's (r4p12, r4o12, r4k08 flagged)", () => {
  const RECURRING: Call = {
    name: "recurring_payments",
    input: { year: 2026 },
    summary:
      "Recurring payments for 2026: 2 series. Swisscom (Subscriptions) monthly CHF 114.00, 10 payments 2026-01-12 to 2026-10-12, next about 2026-11-12, CHF 1'368.00 a year, one-offs inside the series (not price changes): 2026-05-26 late fee CHF 20.00; Spotify (Subscriptions) monthly CHF 12.95, 10 payments 2026-01-05 to 2026-10-05, next about 2026-11-05, CHF 155.40 a year.",
  };
  const VOCAB = { ...VOCABULARY, merchants: [...VOCABULARY.merchants, "Swisscom"] };
  const statusOf = (answer: string) => statuses(turnOver(VOCAB, RECURRING), answer).filter(([t]) => /20|21/.test(String(t)));
  test("right: Swisscom's late fee", () => {
    expect(statusOf("Swisscom also charged a late fee of CHF 20.00.")).toEqual([["CHF 20.00", "grounded"]]);
  });
  test("wrong: said to be Spotify's, a digit changed, in euros", () => {
    expect(statusOf("Spotify also charged a late fee of CHF 20.00.")).toEqual([["CHF 20.00", "mismatched"]]);
    expect(statusOf("Swisscom also charged a late fee of CHF 21.00.")).toEqual([["CHF 21.00", "ungrounded"]]);
    expect(statusOf("Swisscom also charged a late fee of EUR 20.00.")).toEqual([["EUR 20.00", "mismatched"]]);
  });
});

describe("figacc7: a count written right after an amount counts that amount's rows (q02, i01, r4n13 passed)", () => {
  const t = turn([CATEGORIES_2025]);
  t.recordEarlier({ id: "toolu_e", name: "spending_by_category", input: { year: 2024 } }, CATEGORIES_2024.summary, "What about 2024?");
  /** Each figure after the first (the amount) with its status. */
  const counts = (answer: string) => statuses(t, answer).slice(1);
  test("right: the amount's own count, over, in, in brackets, after its share", () => {
    expect(counts("Groceries came to CHF 7'431.20 over 180 transactions.")).toEqual([["180", "grounded"]]);
    expect(counts("Dining cost CHF 3'000.00 in 90 payments.")).toEqual([["90", "grounded"]]);
    expect(counts("The smallest line was CHF 2'003.30 (30 transactions).")).toEqual([["30", "grounded"]]);
    expect(counts("Housing CHF 6'000.00 (32.5%) in 12 payments.")).toEqual([["32.5%", "grounded"], ["12", "grounded"]]);
  });
  test("wrong: another year's count of the same category, another category's count, the total's count", () => {
    expect(counts("Groceries came to CHF 7'431.20 over 170 transactions.")).toEqual([["170", "mismatched"]]);
    expect(counts("The smallest line was CHF 2'003.30 (90 transactions).")).toEqual([["90", "mismatched"]]);
    expect(counts("Housing CHF 6'000.00 (32.5%) in 30 payments.")).toEqual([["32.5%", "grounded"], ["30", "mismatched"]]);
    expect(counts("Dining cost CHF 3'000.00 in 312 payments.")).toEqual([["312", "mismatched"]]);
  });
  test("unchanged: a count not of the amount's rows, or not right after it", () => {
    expect(counts("Groceries came to CHF 7'431.20; the year had 312 transactions.")).toEqual([["312", "grounded"]]);
    expect(counts("Spending was CHF 18'434.50 in 4 categories.")).toEqual([["4", "grounded"]]);
  });
  test("unchanged: a count after \"with\" is of what follows it, a merchant's rows (review of r4-figacc7, #2: flagged)", () => {
    const withMerchants = turn([
      CATEGORIES_2025,
      { name: "merchant_breakdown", input: { year: 2025, category: "Dining" }, summary: "Dining by merchant for 2025. CHF: total CHF 3'000.00 over 90 transactions: Restaurant Hiltl CHF 1'200.00 (40 tx); Migros Restaurant CHF 800.00 (30 tx)." },
    ]);
    expect(statuses(withMerchants, "Dining came to CHF 3'000.00, with 40 transactions at Restaurant Hiltl.").slice(1)).toEqual([["40", "grounded"]]);
    expect(statuses(withMerchants, "Dining came to CHF 3'000.00, with 30 transactions at Migros Restaurant.").slice(1)).toEqual([["30", "grounded"]]);
  });
});

describe("figacc7: an approval's outcome goes with figures of its own category, or other budgets in a total (r4n18, r4p19 passed)", () => {
  const month = "Budgets for 2026-02 (a full month).\n- Groceries: budget CHF 1'500.00, spent CHF 1'637.70, remaining CHF -137.70, 109.2% used — OVER BUDGET.\n- Transport: budget CHF 600.00, spent CHF 534.79, remaining CHF 65.21, 89.1% used.\n- Dining: budget CHF 800.00, spent CHF 657.70, remaining CHF 142.30, 82.2% used.\n- Shopping: budget CHF 1'200.00, spent CHF 968.87, remaining CHF 231.13, 80.7% used.\nTotal budget CHF 4'100.00, total spent CHF 3'799.06 (92.7%).";
  const t = turn([{ name: "budget_status", input: { year: 2026, month: 2 }, summary: month }]);
  t.recordOutcome({ id: "toolu_a", name: "set_budget", input: {} }, "Approved by the user: the Groceries budget is now CHF 1'700.00 a month (was CHF 1'500.00).");
  test("right: the new limit less groceries' spending; the budgets' new total", () => {
    expect(statuses(t, "Against the new limit, February would have left CHF 62.30.")).toEqual([["CHF 62.30", "derived"]]);
    expect(statuses(t, "Your budgets now total CHF 4'300.00.")).toEqual([["CHF 4'300.00", "derived"]]);
  });
  test("wrong: the new Groceries limit less Dining's spending, plus Transport's remaining", () => {
    expect(statuses(t, "Against the new limit, February would have left CHF 1'042.30.")).toEqual([["CHF 1'042.30", "ungrounded"]]);
    expect(statuses(t, "February came to CHF 3'799.06 spent against CHF 1'765.21 budgeted.")).toEqual([["CHF 3'799.06", "grounded"], ["CHF 1'765.21", "ungrounded"]]);
  });
});

/** A spending_by_category call of one month (or year) whose one category is all its spending: `amount` is as the summary writes it ("CHF 3'228.70"). */
const oneCategory = (period: { year: number; month?: number }, category: string, amount: string, tx: number) => {
  const label = period.month ? `${period.year}-${String(period.month).padStart(2, "0")}` : String(period.year);
  const currency = amount.slice(0, 3);
  return oneCall("spending_by_category", period, `Spending by category for ${label}. ${currency}: total ${amount} over ${tx} transactions in 1 categories: ${category} ${amount} (100.0%, ${tx} tx).`);
};

describe("figacc7: a month's weekly average is over its days ÷ 7, not over 4 whole weeks (r4m01, r4q02 passed)", () => {
  const july = oneCategory({ year: 2025, month: 7 }, "Travel", "CHF 3'228.70", 20);
  const february = oneCategory({ year: 2025, month: 2 }, "Travel", "CHF 2'800.00", 20);
  const year = oneCategory({ year: 2025 }, "Travel", "CHF 5'200.00", 20);
  test("right: July ÷ 31 days × 7, February ÷ its 4 weeks, the year ÷ 52", () => {
    expect(statuses(july, "Travel ran at about CHF 729 a week.")).toEqual([["CHF 729", "derived"]]);
    expect(statuses(february, "Travel ran at about CHF 700 a week.")).toEqual([["CHF 700", "derived"]]);
    expect(statuses(year, "Travel ran at about CHF 100 a week.")).toEqual([["CHF 100", "derived"]]);
  });
  test("wrong: July ÷ 4", () => {
    expect(statuses(july, "Travel ran at about CHF 807 a week.")).toEqual([["CHF 807", "ungrounded"]]);
    expect(statuses(july, "Travel ran at CHF 807.18 a week.")).toEqual([["CHF 807.18", "ungrounded"]]);
  });
});

describe("figacc7: an amount said to be per day, week or month is no amount ÷ a count of rows (r4q15 \"EUR 8.90 a day\" of EUR 276.00 over 31 transactions)", () => {
  const november = oneCategory({ year: 2025, month: 11 }, "Groceries", "EUR 276.00", 31);
  test("right: ÷ November's 30 days a day; ÷ its 31 rows a purchase", () => {
    expect(statuses(november, "Per day the month cost EUR 9.20 in euros.")).toEqual([["EUR 9.20", "derived"]]);
    expect(statuses(november, "The average purchase was EUR 8.90.")).toEqual([["EUR 8.90", "derived"]]);
    expect(statuses(november, "That is EUR 8.90 per transaction.")).toEqual([["EUR 8.90", "derived"]]);
  });
  test("wrong: ÷ its 31 rows said to be a day's, a week's", () => {
    expect(statuses(november, "Groceries came to EUR 8.90 a day.")).toEqual([["EUR 8.90", "ungrounded"]]);
    expect(statuses(november, "In euros that is EUR 8.90 per week.")).toEqual([["EUR 8.90", "ungrounded"]]);
  });
  test("unchanged: a rate only near it in its clause, with the item named before it", () => {
    expect(statuses(november, "Per week the euros came to EUR 64.40, and a bakery purchase EUR 8.90.")).toEqual([["EUR 64.40", "derived"], ["EUR 8.90", "derived"]]);
  });
});

describe("figacc7: an amount said to be where a change went to or came from is a level, not the change (r4k19, r4q04 passed)", () => {
  const t = monthsCompared(7, 8, "CHF: total spending CHF 900.00 → CHF 880.77 (CHF -19.23, -2.1%). By change: Fees CHF 20.00 → CHF 0.77 (CHF -19.23, -96.2%); Cash CHF 450.00 → CHF 160.00 (CHF -290.00, -64.4%).");
  test("right: the two levels; the change said as one", () => {
    expect(statuses(t, "Fees went down from CHF 20.00 to CHF 0.77.")).toEqual([["CHF 20.00", "grounded"], ["CHF 0.77", "grounded"]]);
    expect(statuses(t, "Fees fell by CHF 19.23 to CHF 0.77.")).toEqual([["CHF 19.23", "grounded"], ["CHF 0.77", "grounded"]]);
    expect(statuses(t, "Cash withdrawals dropped CHF 290.00, from CHF 450.00 to CHF 160.00.")).toEqual([["CHF 290.00", "grounded"], ["CHF 450.00", "grounded"], ["CHF 160.00", "grounded"]]);
  });
  test("wrong: the change written as where it came from, or went to", () => {
    expect(statuses(t, "Fees went down from CHF 19.23 to CHF 0.77.")).toEqual([["CHF 19.23", "mismatched"], ["CHF 0.77", "grounded"]]);
    expect(statuses(t, "Cash withdrawals dropped from CHF 450.00 to CHF 290.00.")).toEqual([["CHF 450.00", "grounded"], ["CHF 290.00", "mismatched"]]);
  });
  test("figacc8, two amounts with an arrow (r4r04: the later month's insurance written first was grounded) — right: the earlier month's, then the later one's", () => {
    expect(statuses(t, "Cash went CHF 450.00 → CHF 160.00.")).toEqual([["CHF 450.00", "grounded"], ["CHF 160.00", "grounded"]]);
  });
  test("figacc8, two amounts with an arrow — wrong: the later month's written as the earlier one's, or the pair the other way round", () => {
    expect(statuses(t, "Cash barely moved (CHF 160.00 → CHF 160.00).")).toEqual([["CHF 160.00", "mismatched"], ["CHF 160.00", "grounded"]]);
    expect(statuses(t, "Fees: CHF 0.77 -> CHF 20.00.")).toEqual([["CHF 0.77", "mismatched"], ["CHF 20.00", "mismatched"]]);
  });
  test("figacc8, two amounts with an arrow — right: a comparison of the later month first, copied in its order", () => {
    const reversed = monthsCompared(8, 7, "CHF: total spending CHF 880.77 → CHF 900.00 (+CHF 19.23, +2.2%). By change: Cash CHF 160.00 → CHF 450.00 (+CHF 290.00, +181.3%).");
    expect(statuses(reversed, "Cash: CHF 160.00 → CHF 450.00.")).toEqual([["CHF 160.00", "grounded"], ["CHF 450.00", "grounded"]]);
    expect(statuses(reversed, "Cash: CHF 450.00 → CHF 160.00.")).toEqual([["CHF 450.00", "grounded"], ["CHF 160.00", "grounded"]]);
    expect(statuses(reversed, "Cash fell CHF 450.00 → CHF 160.00 from July to August.")).toEqual([["CHF 450.00", "grounded"], ["CHF 160.00", "grounded"]]);
  });
  // Review of r4-figacc8, #2: either order, but the two ends of one pair; said in time order ("from July to August"), by time.
  test("figacc8, two amounts with an arrow — wrong: a comparison of the later month first, one end written twice, or against the time order it says", () => {
    const reversed = monthsCompared(8, 7, "CHF: total spending CHF 880.77 → CHF 900.00 (+CHF 19.23, +2.2%). By change: Cash CHF 160.00 → CHF 450.00 (+CHF 290.00, +181.3%).");
    expect(statuses(reversed, "Cash: CHF 160.00 → CHF 160.00.")[1]![1]).toBe("mismatched");
    expect(statuses(reversed, "Cash: CHF 450.00 → CHF 450.00.")[1]![1]).toBe("mismatched");
    expect(statuses(reversed, "Cash rose CHF 160.00 → CHF 450.00 from July to August.")).toEqual([["CHF 160.00", "mismatched"], ["CHF 450.00", "mismatched"]]);
  });
  test("figacc8, review rev-figacc7 #2 — right: a level with a word of rounding before it; the change so said", () => {
    expect(statuses(t, "Cash dropped from about CHF 450 to roughly CHF 160.")).toEqual([["CHF 450", "grounded"], ["CHF 160", "grounded"]]);
    expect(statuses(t, "Cash dropped by about CHF 290 to CHF 160.00.")).toEqual([["CHF 290", "grounded"], ["CHF 160.00", "grounded"]]);
  });
  test("figacc8, review rev-figacc7 #2 — wrong: the change written as a level after \"from about\", \"to about\", \"to roughly\"", () => {
    expect(statuses(t, "Cash dropped from about CHF 290 to CHF 160.00.")).toEqual([["CHF 290", "mismatched"], ["CHF 160.00", "grounded"]]);
    expect(statuses(t, "Cash dropped from about CHF 450 to about CHF 290.")).toEqual([["CHF 450", "grounded"], ["CHF 290", "mismatched"]]);
    expect(statuses(t, "Cash dropped from CHF 450.00 to roughly CHF 290.")).toEqual([["CHF 450.00", "grounded"], ["CHF 290", "mismatched"]]);
  });
});

describe("figacc7: where a change went to, after the change written with its verb (\"dropped CHF 10 to\", \"fell 2.2% to\"; r4l04 passed)", () => {
  const t = monthsCompared(5, 6, "CHF: total spending CHF 4'000.00 → CHF 4'000.00 (CHF 0.00, 0.0%). By change: Subscriptions CHF 186.85 → CHF 176.85 (CHF -10.00, -5.4%); Housing CHF 2'950.30 → CHF 2'885.40 (CHF -64.90, -2.2%).");
  test("right: June's levels", () => {
    expect(statuses(t, "Subscriptions dropped CHF 10.00 to CHF 176.85.")).toEqual([["CHF 10.00", "grounded"], ["CHF 176.85", "grounded"]]);
    expect(statuses(t, "Housing fell 2.2% to CHF 2'885.40.")).toEqual([["2.2%", "grounded"], ["CHF 2'885.40", "grounded"]]);
  });
  test("wrong: May's levels said to be where the change went to", () => {
    expect(statuses(t, "Subscriptions dropped CHF 10.00 to CHF 186.85.")).toEqual([["CHF 10.00", "grounded"], ["CHF 186.85", "mismatched"]]);
    expect(statuses(t, "Housing fell 2.2% to CHF 2'950.30.")).toEqual([["2.2%", "grounded"], ["CHF 2'950.30", "mismatched"]]);
  });
});

describe("figacc7: an amount said to be per item (\"a payment\", \"a visit\") is no average per day, week or month (r4k14 \"EUR 9.10\" of a year's EUR 3'331.20 ÷ 366 days)", () => {
  const y2024 = oneCategory({ year: 2024 }, "Groceries", "EUR 3'331.20", 300);
  test("right: ÷ its 300 rows a payment; ÷ 366 days a day", () => {
    expect(statuses(y2024, "That is EUR 11.10 a payment.")).toEqual([["EUR 11.10", "derived"]]);
    expect(statuses(y2024, "You spent EUR 9.10 a day.")).toEqual([["EUR 9.10", "derived"]]);
  });
  test("wrong: the daily average said to be a payment's", () => {
    expect(statuses(y2024, "That is EUR 9.10 a payment.")).toEqual([["EUR 9.10", "ungrounded"]]);
  });
});

describe("figacc7 (figacc6's rule 7, narrowed): \"the first half came to …, and the second to …\" names the same year's second half (review rev-figacc6 #1)", () => {
  const year = (y: number, values: number[]): Call => ({ name: "monthly_trend", input: { category: "Dining", year: y }, summary: `Monthly spending on Dining for ${y}. CHF: total CHF ${values.reduce((a, b) => a + b, 0).toFixed(2)} over 60 transactions. Per month: ${values.map((v, i) => `${y}-${String(i + 1).padStart(2, "0")} CHF ${v.toFixed(2)}`).join(", ")}.` });
  // 2025: halves 600.00 and 900.00, quarters 270.00, 330.00, 420.00, 480.00. 2024: halves 540.00 and 777.00.
  const Y25 = year(2025, [80, 90, 100, 105, 110, 115, 130, 140, 150, 155, 160, 165]);
  const Y24 = year(2024, [90, 90, 90, 90, 90, 90, 120, 125, 127, 130, 135, 140]);
  const both = turn([Y25, Y24]);
  const y25 = turn([Y25]);
  test("right: the second half, each quarter by its rank, 'the last'", () => {
    expect(statuses(both, "In 2025 the first half came to CHF 600.00, and the second to CHF 900.00.")).toEqual([["CHF 600.00", "derived"], ["CHF 900.00", "derived"]]);
    expect(statuses(both, "The first half of 2024 came to CHF 540.00 and the second to CHF 777.00.")).toEqual([["CHF 540.00", "derived"], ["CHF 777.00", "derived"]]);
    expect(statuses(y25, "In 2025 the first quarter came to CHF 270.00, the second to CHF 330.00, the third to CHF 420.00 and the last to CHF 480.00.")).toEqual([
      ["CHF 270.00", "derived"],
      ["CHF 330.00", "derived"],
      ["CHF 420.00", "derived"],
      ["CHF 480.00", "derived"],
    ]);
  });
  test("wrong: another year's second half after a sentence end or a year its own clause names; the wrong rank; a digit changed", () => {
    expect(statuses(both, "In 2024 the first half came to CHF 540.00. In 2025, the second came to CHF 777.00.")[1]![1]).not.toBe("derived");
    expect(statuses(both, "In 2024 the first half came to CHF 540.00; in 2025, the second came to CHF 777.00.")[1]![1]).not.toBe("derived");
    expect(statuses(both, "In 2024 the first half came to CHF 540.00, and in 2025 the second came to CHF 777.00.")[1]![1]).not.toBe("derived");
    expect(statuses(both, "The first half of 2024 came to CHF 540.00, and the second to CHF 900.00.")).toEqual([["CHF 540.00", "derived"], ["CHF 900.00", "ungrounded"]]);
    expect(statuses(y25, "In 2025 the first quarter came to CHF 270.00, the second to CHF 420.00.")).toEqual([["CHF 270.00", "derived"], ["CHF 420.00", "ungrounded"]]);
    expect(statuses(y25, "In 2025 the first half came to CHF 600.00, and the second to CHF 930.00.")).toEqual([["CHF 600.00", "derived"], ["CHF 930.00", "ungrounded"]]);
    expect(statuses(y25, "In March 2025 dining came to CHF 100.00, and the second to CHF 900.00.")).toEqual([["CHF 100.00", "grounded"], ["CHF 900.00", "ungrounded"]]);
    // The second is of what the first is of: groceries' second half is no dining figure.
    expect(statuses(both, "Groceries' first half of 2024 came to CHF 540.00, and the second to CHF 777.00.")).toEqual([["CHF 540.00", "ungrounded"], ["CHF 777.00", "ungrounded"]]);
  });
  test("wrong: the first figure not found for the half its clause names gives no year; nor one said of a year written only as 'the year before' (review rev-figacc7 #1)", () => {
    // 540.00 is 2024's first half, said under 2025 (the year before is not read): 2025's second half (900.00) is not 2024's (777.00).
    expect(statuses(both, "In 2025 dining came to CHF 1'500.00; the year before, the first half came to CHF 540.00, and the second to CHF 900.00.")[2]![1]).not.toBe("derived");
    // 600.00 is 2025's first half, but the answer says it of the year before (2024's is 540.00): its second is no 2025 figure either.
    expect(statuses(both, "In 2025 dining came to CHF 1'500.00; the year before, the first half came to CHF 600.00, and the second to CHF 900.00.")[2]![1]).not.toBe("derived");
    // "Before that" is read as no year: 540.00 is under 2025, where it is not found; 900.00 is no second half of 2024 (777.00).
    expect(statuses(both, "In 2025 dining came to CHF 1'500.00; before that, the first half came to CHF 540.00, and the second to CHF 900.00.")[2]![1]).not.toBe("derived");
  });
});

describe("figacc8: a percentage said to be of income (\"of your income\", \"of the salaries\") is over money in; one said to be of spending (\"of what you spent\") over money out (r4r05, r4q05, r4p18, r4l05: net ÷ spending said of income was derived)", () => {
  const t = oneCall("income_vs_spending", { year: 2025 }, "Income vs spending for 2025. CHF: income CHF 10'000.00, spending CHF 8'000.00, net CHF 2'000.00.");
  // The result's own savings rate (net ÷ income): said of spending it is mismatched (r4l05 "11.5% of spending was left over").
  const rated = oneCall("income_vs_spending", { year: 2025 }, "Income vs spending for 2025. CHF: income CHF 10'000.00, spending CHF 8'000.00, net CHF 2'000.00, savings rate 20.0%.");
  test("right: net ÷ income said of income, net ÷ spending said of spending, spending ÷ income, income ÷ spending; the savings rate said of income or of nothing", () => {
    expect(statuses(rated, "You kept 20.0% of your income.")).toEqual([["20.0%", "grounded"]]);
    expect(statuses(rated, "Your savings rate was 20.0%.")).toEqual([["20.0%", "grounded"]]);
    expect(statuses(t, "You kept CHF 2'000.00, 20.0% of your income.")).toEqual([["CHF 2'000.00", "grounded"], ["20.0%", "derived"]]);
    expect(statuses(t, "You kept CHF 2'000.00, 25.0% of what you spent.")).toEqual([["CHF 2'000.00", "grounded"], ["25.0%", "derived"]]);
    expect(statuses(t, "Spending was 80.0% of income.")).toEqual([["80.0%", "derived"]]);
    expect(statuses(t, "Income was 125.0% of spending.")).toEqual([["125.0%", "derived"]]);
  });
  // A budget is no spending: a share of what was spent is no share of the total budget (r4k18 "75.4% of what you spent against budgets").
  const budgets = oneCall("budget_status", { year: 2025, month: 12 }, "Budgets for 2025-12.\n- Groceries: budget CHF 500.00, spent CHF 420.00, remaining CHF 80.00, 84.0% used.\n- Shopping: budget CHF 1'200.00, spent CHF 1'580.00, remaining CHF -380.00, 131.7% used — OVER BUDGET.\nTotal budget CHF 1'700.00, total spent CHF 2'000.00.");
  test("right: a budget's spending over all that was spent; over the total budget said so; over its own budget", () => {
    expect(statuses(budgets, "Shopping alone was 79.0% of what you spent against budgets.")).toEqual([["79.0%", "derived"]]);
    expect(statuses(budgets, "Groceries were 24.7% of the total budget.")).toEqual([["24.7%", "derived"]]);
    expect(statuses(budgets, "Groceries used 84.0% of their budget.")).toEqual([["84.0%", "grounded"]]);
    // "their" of all the budgeted categories together: the total spent over the total budget (review of r4-figacc8, #4).
    expect(statuses(budgets, "Together, your budgeted categories spent CHF 2'000.00, 117.6% of their budget.")).toEqual([["CHF 2'000.00", "grounded"], ["117.6%", "derived"]]);
  });
  test("wrong: a share of the spending said of income, or of the income said of spending; the savings rate said of spending; a share of the total budget said of what was spent, or of a category's own budget", () => {
    expect(statuses(rated, "So 20.0% of spending was left over.")).toEqual([["20.0%", "mismatched"]]);
    expect(statuses(budgets, "Shopping alone was 92.9% of what you spent against budgets.")).toEqual([["92.9%", "ungrounded"]]);
    // r4q23: "Groceries used 66.1% of their budget" of all budgets together.
    expect(statuses(budgets, "Groceries used 24.7% of their budget.")).toEqual([["24.7%", "ungrounded"]]);
    expect(statuses(t, "You kept CHF 2'000.00, 25.0% of your income.")).toEqual([["CHF 2'000.00", "grounded"], ["25.0%", "ungrounded"]]);
    expect(statuses(t, "The savings came to 25.0% of the salaries.")).toEqual([["25.0%", "ungrounded"]]);
    expect(statuses(t, "You kept CHF 2'000.00, 20.0% of what you spent.")).toEqual([["CHF 2'000.00", "grounded"], ["20.0%", "ungrounded"]]);
  });
});

describe("figacc8: words between a figure and the next that name nothing else — \"one\", \"single\", \"once\", a meal (\"dinner\", \"lunch\", \"breakfast\") as \"meal\" already: the next takes the figure's merchant (r4r02 \"IKEA — CHF 90.20 in a single visit (7.2%)\", r4q02 \"… for a single dinner (9.1%)\": another merchant's share was grounded)", () => {
  const t = oneCall("merchant_breakdown", { category: "Groceries", year: 2025, month: 7 }, "Merchants for spending on Groceries for 2025-07. CHF: total CHF 1'000.00 over 12 transactions at 3 merchants. 1. Migros CHF 700.00 (10 tx, avg CHF 70.00, 70.0%); 2. Coop CHF 200.00 (1 tx, avg CHF 200.00, 20.0%); 3. Restaurant Hiltl CHF 100.00 (1 tx, avg CHF 100.00, 10.0%).");
  test("right: the merchant's own share after \"in a single visit\", \"in one visit\", \"for a single dinner\"", () => {
    expect(statuses(t, "Coop — CHF 200.00 in a single visit (20.0%).")).toEqual([["CHF 200.00", "grounded"], ["20.0%", "grounded"]]);
    expect(statuses(t, "Coop — CHF 200.00 in one visit (20.0%).")).toEqual([["CHF 200.00", "grounded"], ["20.0%", "grounded"]]);
    expect(statuses(t, "Restaurant Hiltl — CHF 100.00 for a single dinner (10.0%).")).toEqual([["CHF 100.00", "grounded"], ["10.0%", "grounded"]]);
    // "one of" names a part of a whole: the count after it is the whole's, not the merchant's (review of r4-figacc8, #3).
    expect(statuses(t, "Restaurant Hiltl got CHF 100.00 in a single visit, one of 12 transactions this month.")).toEqual([["CHF 100.00", "grounded"], ["12", "grounded"]]);
  });
  test("wrong: another merchant's share after them", () => {
    expect(statuses(t, "Coop — CHF 200.00 in a single visit (10.0%).")).toEqual([["CHF 200.00", "grounded"], ["10.0%", "mismatched"]]);
    expect(statuses(t, "Coop — CHF 200.00 in one visit (10.0%).")).toEqual([["CHF 200.00", "grounded"], ["10.0%", "mismatched"]]);
    expect(statuses(t, "Coop took CHF 200.00 once (10.0%).")).toEqual([["CHF 200.00", "grounded"], ["10.0%", "mismatched"]]);
    expect(statuses(t, "Restaurant Hiltl — CHF 100.00 for a single dinner (20.0%).")).toEqual([["CHF 100.00", "grounded"], ["20.0%", "mismatched"]]);
    expect(statuses(t, "Restaurant Hiltl — CHF 100.00 for lunch (20.0%).")).toEqual([["CHF 100.00", "grounded"], ["20.0%", "mismatched"]]);
  });
});

describe("figacc8: an amount said to be a week's is no average per payment (r4k13 \"CHF 113 a week\" of SBB's average payment CHF 113.38 was grounded)", () => {
  const t = oneCall("search_transactions", { search: "Migros", year: 2025 }, `Transactions matching "Migros" in all categories for 2025: 48 matches. CHF: 48 transactions from 2025-01-03 to 2025-12-29. Money out: CHF 5'442.00 in 48 transactions (average CHF 113.38). Money in: none. Merchant names: Migros (48).`);
  test("right: the average said per payment or plainly; a week's spending over the year's 52 weeks", () => {
    expect(statuses(t, "A Migros shop cost CHF 113.38 on average.")).toEqual([["CHF 113.38", "grounded"]]);
    expect(statuses(t, "That is about CHF 113 a payment.")).toEqual([["CHF 113", "grounded"]]);
    expect(statuses(t, "That is about CHF 105 a week.")).toEqual([["CHF 105", "derived"]]);
  });
  test("wrong: the average payment said to be a week's", () => {
    expect(statuses(t, "That is about CHF 113 a week.")[0]![1]).not.toMatch(/grounded|derived/);
  });
});

describe("figacc8: a monthly average said to be \"so far\" is over the months its call has data for (r4r08 \"per month so far this year CHF 178.80\" = the year's ÷ 12, data to October, was derived)", () => {
  // Data to 2025-10-31: the year 2025 so far is ten months.
  const t = createTurnFigures({ vocabulary: VOCABULARY, periods: (input) => callPeriods(input, { firstDay: 20240101, lastDay: 20251031 } as Ledger), figureKind: () => undefined });
  t.record({ id: "toolu_0", name: "spending_by_category", input: { year: 2025, category: "Dining" } }, { summary: "Spending by category for 2025. CHF: total CHF 2'145.60 over 40 transactions. Dining CHF 2'145.60 (100.0%, 40 tx).", charts: [] });
  test("right: ÷ its ten months with data, said so far; ÷ 12, not said so far (as before)", () => {
    expect(statuses(t, "Per month so far this year dining came to CHF 214.56.")).toEqual([["CHF 214.56", "derived"]]);
    expect(statuses(t, "In 2025 dining came to CHF 178.80 a month.")).toEqual([["CHF 178.80", "derived"]]);
  });
  test("wrong: ÷ 12, said so far", () => {
    expect(statuses(t, "Per month so far this year dining came to CHF 178.80.")).toEqual([["CHF 178.80", "ungrounded"]]);
    expect(statuses(t, "Year to date dining averaged CHF 178.80 a month.")).toEqual([["CHF 178.80", "ungrounded"]]);
  });
});

describe("figacc8: a month's rate of a sum the answer made of whole months is over those months (r4q06 \"CHF 25'937.42, about CHF 8'645.81 a month\": two months' spending ÷ its call's 3 was derived)", () => {
  const t = oneCall("monthly_trend", { from: "2025-10-01", to: "2025-12-31" }, "Monthly spending from 2025-10-01 to 2025-12-31. CHF: total CHF 3'000.45 over 60 transactions. Per month: 2025-10 CHF 1'000.15, 2025-11 CHF 1'200.20, 2025-12 CHF 800.10.");
  test("right: ÷ the two months summed, named or counted (r4o04 \"Over both months\", r4q06 \"the two months'\")", () => {
    expect(statuses(t, "October and November together came to CHF 2'200.35, about CHF 1'100.18 a month.")).toEqual([["CHF 2'200.35", "derived"], ["CHF 1'100.18", "derived"]]);
    expect(statuses(t, "Over both months you spent CHF 2'200.35, about CHF 1'100.18 a month.")).toEqual([["CHF 2'200.35", "derived"], ["CHF 1'100.18", "derived"]]);
    expect(statuses(t, "The two months' spending was CHF 2'200.35, about CHF 1'100.18 a month.")).toEqual([["CHF 2'200.35", "derived"], ["CHF 1'100.18", "derived"]]);
  });
  // Review of r4-figacc8, #1: a sum the answer does not say is of those months (or says is of other months) is no two months' rate.
  test("wrong: ÷ two of a sum not said to be of those two months", () => {
    expect(statuses(t, "In the quarter spending came to CHF 2'200.35, about CHF 1'100.18 a month.")[1]![1]).toBe("ungrounded");
    expect(statuses(t, "Spending came to CHF 2'200.35, about CHF 1'100.18 a month.")[1]![1]).toBe("ungrounded");
    expect(statuses(t, "October and December together came to CHF 2'200.35, about CHF 1'100.18 a month.")[1]![1]).toBe("ungrounded");
  });
  test("wrong: ÷ the call's three months; ÷ two said of the quarter", () => {
    expect(statuses(t, "October and November together came to CHF 2'200.35, about CHF 733.45 a month.")[1]![1]).toBe("ungrounded");
    expect(statuses(t, "October and November together came to CHF 2'200.35; over the quarter from October to December that is CHF 1'100.18 a month.")[1]![1]).toBe("ungrounded");
  });
});

describe("figacc8: an amount written right after one merchant's name (\"Netflix CHF 21.90\") is no sum with another merchant's figure (r4r11: Apple's one-off CHF 1.00 + Netflix's CHF 20.90 was derived)", () => {
  const t = oneCall("recurring_payments", { from: "2025-10-01", to: "2026-09-30" }, "Recurring payments from 2025-10-01 to 2026-09-30: 3 series, 0 active. Spotify (Subscriptions) monthly CHF 21.95, 12 payments 2025-10-17 to 2026-09-17, CHF 263.40 a year; Netflix (Subscriptions) monthly CHF 20.90, 12 payments 2025-10-03 to 2026-09-03, CHF 250.80 a year; Migros (Groceries) monthly CHF 10.00, 12 payments 2025-10-09 to 2026-09-09, CHF 120.00 a year, one-offs inside the series (not price changes): 2026-03-20 one-off payment CHF 1.00.");
  test("right: each merchant's own amount; two merchants said together", () => {
    expect(statuses(t, "Spotify CHF 21.95, Netflix CHF 20.90 and Migros CHF 10.00 a month.")).toEqual([["CHF 21.95", "grounded"], ["CHF 20.90", "grounded"], ["CHF 10.00", "grounded"]]);
    expect(statuses(t, "Netflix and Spotify together cost CHF 42.85 a month.")).toEqual([["CHF 42.85", "derived"]]);
  });
  test("wrong: Netflix's amount with a digit changed, which another merchant's one-off would add up to", () => {
    expect(statuses(t, "Spotify CHF 21.95, Netflix CHF 21.90 and Migros CHF 10.00 a month.")).toEqual([["CHF 21.95", "grounded"], ["CHF 21.90", "ungrounded"], ["CHF 10.00", "grounded"]]);
  });
});

describe("figacc8: a sum or a difference said to be per some time is of figures of that rate (r4r20 \"CHF 300.00 a year\" = a monthly rent's price − an old price of one of its parts was derived)", () => {
  const t = oneCall(
    "recurring_payments",
    { year: 2025 },
    `Recurring payments for 2025: 3 series, 3 active. Livit AG (Housing) monthly CHF 2'150.00 in 2 parts: "Livit AG · Miete Wohnung…" CHF 1'900.00 + "Livit AG · Nebenkosten…" CHF 250.00, 12 payments 2025-01-01 to 2025-12-01, CHF 25'800.00 a year, price changes: 2025-04-01 "Livit AG · Miete Wohnung…" CHF 1'850.00 → CHF 1'900.00, GOT MORE EXPENSIVE in the period; Spotify (Subscriptions) monthly CHF 21.95, 12 payments 2025-01-17 to 2025-12-17, CHF 263.40 a year; Netflix (Subscriptions) monthly CHF 20.90, 12 payments 2025-01-03 to 2025-12-03, CHF 250.80 a year.`,
  );
  test("right: two monthly amounts added up, said a month", () => {
    expect(statuses(t, "Netflix and Spotify together cost CHF 42.85 a month.")).toEqual([["CHF 42.85", "derived"]]);
  });
  test("wrong: the gap of two monthly amounts said to be a year's", () => {
    expect(statuses(t, "The rent rose, by CHF 300.00 a year.")).toEqual([["CHF 300.00", "ungrounded"]]);
  });
});

describe("figacc9: a yearly cost the answer states of a monthly amount it wrote before in its paragraph is that amount × 12 (r4m16 \"At CHF 428.80 a month, Alex's premium costs CHF 5'145.60 a year\" was not found)", () => {
  // Rows of a year: a row's amount is no monthly figure of the source (no calendar month's total, no rate a month), so only the answer's "a month" makes it one.
  const t = oneCall("list_transactions", { category: "Insurance", year: 2025 }, "Money out for 2025: 2025-12-01 CHF -428.80 Helsana; 2025-11-01 CHF -428.80 Helsana; 2025-10-01 CHF -412.30 Helsana.");
  test("right: the monthly amount written a month, then × 12 a year", () => {
    expect(statuses(t, "At CHF 428.80 a month, the premium costs CHF 5'145.60 a year.")).toEqual([["CHF 428.80", "grounded"], ["CHF 5'145.60", "derived"]]);
    expect(figureNote(t.check("The premium is CHF 428.80 a month. That is CHF 5'145.60 a year.", "")[1]!)).toContain("× 12 months");
  });
  test("wrong: × 12 with a digit changed, or a few cents off; × 12 of an amount not said to be a month's; a yearly figure not said a year", () => {
    expect(statuses(t, "At CHF 428.80 a month, the premium costs CHF 5'154.60 a year.")[1]![1]).toBe("ungrounded");
    expect(statuses(t, "At CHF 428.80 a month, the premium costs CHF 5'145.63 a year.")[1]![1]).toBe("ungrounded");
    expect(statuses(t, "The last premium was CHF 428.80, so it costs CHF 5'145.60 a year.")[1]![1]).toBe("ungrounded");
    expect(statuses(t, "At CHF 428.80 a month, the premiums came to CHF 5'145.60.")[1]![1]).toBe("ungrounded");
  });
});

describe("figacc9: a year at the pace of the period a call names is its total ÷ its months × 12, said of a year in words (r4s03 \"at this year's pace the full year would come to CHF 14'194.38\" of ten months' insurance was not found)", () => {
  const t = turn([
    { name: "monthly_trend", input: { category: "Travel", from: "2025-01-01", to: "2025-03-31" }, summary: "Monthly spending in Travel from 2025-01-01 to 2025-03-31. CHF: total CHF 1'234.56 over 9 transactions. Per month: 2025-01 CHF 400.00, 2025-02 CHF 334.56, 2025-03 CHF 500.00." },
  ]);
  test("right: the quarter's total × 4, said a full year or a year", () => {
    expect(statuses(t, "At this pace a full year of travel would cost CHF 4'938.24.")).toEqual([["CHF 4'938.24", "derived"]]);
    expect(statuses(t, "Travel is running at about CHF 4'938 a year.")).toEqual([["CHF 4'938", "derived"]]);
    expect(figureNote(t.check("At this pace a full year of travel would cost CHF 4'938.24.", "")[0]!)).toContain("÷ 3 months × 12");
  });
  test("wrong: a digit changed; one month × 4 or × 12; the quarter × 4 not said of a year; another category's year", () => {
    expect(statuses(t, "At this pace a full year of travel would cost CHF 4'938.42.")).toEqual([["CHF 4'938.42", "ungrounded"]]);
    expect(statuses(t, "At this pace a full year of travel would cost CHF 1'600.00.")).toEqual([["CHF 1'600.00", "ungrounded"]]);
    expect(statuses(t, "At this pace a full year of travel would cost CHF 4'014.72.")).toEqual([["CHF 4'014.72", "ungrounded"]]);
    expect(statuses(t, "Travel came to CHF 4'938.24.")).toEqual([["CHF 4'938.24", "ungrounded"]]);
    expect(statuses(t, "At this pace a full year of groceries would cost CHF 4'938.24.")).toEqual([["CHF 4'938.24", "ungrounded"]]);
  });
});

describe("figacc9: a year at the pace of a half-year's net is the net × 2 (r4m06 \"CHF 42'446 over a full year at this pace\" of July–December's savings of CHF 21'222.89 was not found)", () => {
  const t = oneCall("income_vs_spending", { from: "2025-07-01", to: "2025-12-31" }, "Income vs spending from 2025-07-01 to 2025-12-31. CHF: income CHF 60'000.00, spending CHF 38'777.11, net CHF 21'222.89 (savings rate 35.4%).");
  test("right: the net × 12 ÷ 6, said of a full year", () => {
    expect(statuses(t, "You would keep about CHF 42'446 over a full year at this pace.")).toEqual([["CHF 42'446", "derived"]]);
  });
  test("wrong: a digit changed; the spending's year said to be saved", () => {
    expect(statuses(t, "You would keep about CHF 42'449 over a full year at this pace.")).toEqual([["CHF 42'449", "ungrounded"]]);
    expect(statuses(t, "At this pace you would have saved CHF 77'554.22 over a full year.")).toEqual([["CHF 77'554.22", "ungrounded"]]);
  });
});

describe("figacc9: a yearly change of a monthly amount is the gap of the two amounts its sentence wrote × 12 (r4s19 \"now CHF 100.00 a month (it was CHF 150.00), … a cut of 33.3% or CHF 600.00 a year\" was not found)", () => {
  const t = turn([{ name: "budget_status", input: { year: 2025, month: 10 }, summary: "Budgets for 2025-10. CHF: Dining budget CHF 150.00, spent CHF 90.00 (60.0%), CHF 60.00 left; Groceries budget CHF 500.00, spent CHF 420.00 (84.0%), CHF 80.00 left. Total budget CHF 650.00, total spent CHF 510.00." }]);
  t.recordOutcome({ id: "toolu_a", name: "set_budget", input: {} }, "Approved by the user: the Dining budget is now CHF 100.00 a month (was CHF 150.00).");
  test("right: the gap of the new and the old monthly budget × 12, said as a change a year", () => {
    const said = "The dining budget is now CHF 100.00 a month (it was CHF 150.00), a cut of CHF 600.00 a year.";
    expect(statuses(t, said)).toEqual([["CHF 100.00", "grounded"], ["CHF 150.00", "grounded"], ["CHF 600.00", "derived"]]);
    expect(figureNote(t.check(said, "")[2]!)).toContain("(CHF 100.00 − CHF 150.00) × 12 months");
  });
  test("wrong: a digit changed; the gap × 12 not said as a change; the gap of two amounts neither of which is a month's", () => {
    expect(statuses(t, "The dining budget is now CHF 100.00 a month (it was CHF 150.00), a cut of CHF 630.00 a year.").at(-1)).toEqual(["CHF 630.00", "ungrounded"]);
    expect(statuses(t, "The dining budget is now CHF 100.00 a month (it was CHF 150.00); dining costs CHF 600.00 a year.").at(-1)).toEqual(["CHF 600.00", "ungrounded"]);
    expect(statuses(t, "Groceries spent CHF 420.00 and dining CHF 90.00, CHF 3'960.00 more a year.").at(-1)).toEqual(["CHF 3'960.00", "ungrounded"]);
  });
});

describe("figfix9: a yearly cost is × 12 of a monthly amount of what its clause is of: its category, flow and year (rev-figacc9 #1: the groceries budget × 12 passed as dining's year, 2024's average × 12 as 2025's, the income × 12 as the spending)", () => {
  const t = turn([
    { name: "budget_status", input: { year: 2025, month: 10 }, summary: "Budgets for 2025-10. CHF: Groceries budget CHF 600.00, spent CHF 541.20 (90.2%), CHF 58.80 left; Dining budget CHF 250.00, spent CHF 198.40 (79.4%), CHF 51.60 left. Total budget CHF 850.00, total spent CHF 739.60." },
    { name: "monthly_trend", input: { year: 2025, category: "Groceries" }, summary: "Monthly spending on Groceries for 2025. CHF: total CHF 6'148.85 over 300 transactions, average CHF 512.40 per month over 12 months (activity in 12)." },
    { name: "monthly_trend", input: { year: 2024, category: "Groceries" }, summary: "Monthly spending on Groceries for 2024. CHF: total CHF 6'361.25 over 310 transactions, average CHF 530.10 per month over 12 months (activity in 12)." },
    { name: "monthly_trend", input: { year: 2025, category: "Dining" }, summary: "Monthly spending on Dining for 2025. CHF: total CHF 3'621.05 over 120 transactions, average CHF 301.75 per month over 12 months (activity in 12)." },
    { name: "income_vs_spending", input: { year: 2025 }, summary: "Income vs spending for 2025. CHF: income CHF 96'001.00, spending CHF 78'300.50, net CHF 17'700.50, savings rate 18.4%." },
  ]);
  test("right: × 12 of the monthly amount of the category, the year, the flow the clause names; of the nearest when it names none", () => {
    expect(lastStatus(t, "Your groceries budget is CHF 600.00 a month and dining CHF 250.00 a month, so dining is budgeted at CHF 3'000.00 a year.")).toEqual(["CHF 3'000.00", "derived"]);
    expect(lastStatus(t, "Groceries averaged CHF 512.40 a month in 2025 and CHF 530.10 a month in 2024, so 2025's groceries come to CHF 6'148.80 a year.")).toEqual(["CHF 6'148.80", "derived"]);
    expect(lastStatus(t, "Dining averaged CHF 301.75 a month in 2025 and groceries CHF 512.40 a month, so dining costs CHF 3'621.00 a year.")).toEqual(["CHF 3'621.00", "derived"]);
    expect(lastStatus(t, "Your income averaged CHF 8'000.08 a month and your spending CHF 6'525.04 a month, so you spend CHF 78'300.48 a year.")).toEqual(["CHF 78'300.48", "derived"]);
    expect(lastStatus(t, "Groceries cost CHF 512.40 a month and dining CHF 301.75 a month. That is CHF 3'621.00 a year.")).toEqual(["CHF 3'621.00", "derived"]);
  });
  test("right: a row's amount × 12 said of a person its text names, not its merchant (r4m16 \"At CHF 428.80 a month, Alex's premium costs CHF 5'145.60 a year\")", () => {
    const premiums = turnOver(
      { categoryNames: ["Insurance", "Income"], merchants: ["Sanitas", "Jana Meier"], accounts: [] },
      { name: "list_transactions", input: { category: "Insurance", year: 2025, limit: 2 }, summary: 'Money out in Insurance for 2025, largest amount first (negative = money out): showing 2 of 24. 2025-12-01 CHF -356.40 Sanitas "Sanitas · Prämie KVG Jana Meier 12.2025" [Insurance]; 2025-11-01 CHF -356.40 Sanitas "Sanitas · Prämie KVG Jana Meier 11.2025" [Insurance].' },
    );
    expect(statuses(premiums, "At CHF 356.40 a month, Jana's premium costs CHF 4'276.80 a year.")).toEqual([["CHF 356.40", "grounded"], ["CHF 4'276.80", "derived"]]);
  });
  test("wrong: another category's, another year's or the income's monthly amount × 12; not the nearest when the clause names nothing", () => {
    expect(lastStatus(t, "Your groceries budget is CHF 600.00 a month and dining CHF 250.00 a month, so dining is budgeted at CHF 7'200.00 a year.")).toEqual(["CHF 7'200.00", "ungrounded"]);
    expect(lastStatus(t, "Groceries averaged CHF 512.40 a month in 2025 and CHF 530.10 a month in 2024, so 2025's groceries come to CHF 6'361.20 a year.")).toEqual(["CHF 6'361.20", "ungrounded"]);
    expect(lastStatus(t, "Groceries averaged CHF 530.10 a month, so 2025's groceries come to CHF 6'361.20 a year.")).toEqual(["CHF 6'361.20", "ungrounded"]);
    expect(lastStatus(t, "You spent CHF 6'525.04 a month in 2025, so 2024's spending comes to CHF 78'300.48 a year.")).toEqual(["CHF 78'300.48", "ungrounded"]);
    expect(lastStatus(t, "Dining averaged CHF 301.75 a month in 2025 and groceries CHF 512.40 a month, so dining costs CHF 6'148.80 a year.")).toEqual(["CHF 6'148.80", "ungrounded"]);
    expect(lastStatus(t, "Your income averaged CHF 8'000.08 a month and your spending CHF 6'525.04 a month, so you spend CHF 96'000.96 a year.")).toEqual(["CHF 96'000.96", "ungrounded"]);
    expect(lastStatus(t, "Groceries cost CHF 512.40 a month and dining CHF 301.75 a month. That is CHF 6'148.80 a year.")).toEqual(["CHF 6'148.80", "ungrounded"]);
  });
});

describe("figfix9: a year at the pace of a period is of the period the clause names, else of the last amount's (rev-figacc9 #2: Q1 2025's groceries × 4 passed as Q1 2026's pace)", () => {
  const t = turn([
    { name: "spending_by_category", input: { from: "2025-01-01", to: "2025-03-31" }, summary: "Spending by category from 2025-01-01 to 2025-03-31. CHF: total CHF 1'930.65 over 120 transactions in 2 categories: Groceries CHF 1'320.45 (68.4%, 90 tx); Dining CHF 610.20 (31.6%, 30 tx)." },
    { name: "spending_by_category", input: { from: "2024-01-01", to: "2024-03-31" }, summary: "Spending by category from 2024-01-01 to 2024-03-31. CHF: total CHF 1'848.45 over 115 transactions in 2 categories: Groceries CHF 1'250.10 (67.6%, 86 tx); Dining CHF 598.35 (32.4%, 29 tx)." },
  ]);
  test("right: the quarter the answer is about × 4", () => {
    expect(lastStatus(t, "In the first quarter of 2025 you spent CHF 1'320.45 on groceries. At this pace a full year of groceries would cost CHF 5'281.80.")).toEqual(["CHF 5'281.80", "derived"]);
    expect(lastStatus(t, "Dining came to CHF 610.20 in Q1 2025, about CHF 2'441 a year.")).toEqual(["CHF 2'441", "derived"]);
    expect(lastStatus(t, "In Q1 2025 you spent CHF 1'320.45 on groceries; at the pace of Q1 2024, a full year would cost CHF 5'000.40.")).toEqual(["CHF 5'000.40", "derived"]);
  });
  test("wrong: the other year's quarter × 4", () => {
    expect(lastStatus(t, "In the first quarter of 2025 you spent CHF 1'320.45 on groceries. At this pace a full year of groceries would cost CHF 5'000.40.")).toEqual(["CHF 5'000.40", "ungrounded"]);
    expect(lastStatus(t, "Groceries in Q1 2025: CHF 1'320.45. At this pace, 2025 as a full year would come to CHF 5'000.40.")).toEqual(["CHF 5'000.40", "ungrounded"]);
    expect(lastStatus(t, "You spent CHF 1'320.45 on groceries. A full year at this pace comes to CHF 5'000.40.")).toEqual(["CHF 5'000.40", "ungrounded"]);
    expect(lastStatus(t, "Dining came to CHF 610.20 in Q1 2025, about CHF 2'393 a year.")).toEqual(["CHF 2'393", "ungrounded"]);
  });
});

describe("figfix9: a year at the pace of a half-year said to be saved, kept, put aside or left over is of its net (rev-figacc9 #3: the spending × 2 passed as \"you would save\", \"your savings\", \"you would keep\")", () => {
  const t = oneCall("income_vs_spending", { from: "2025-07-01", to: "2025-12-31" }, "Income vs spending from 2025-07-01 to 2025-12-31. CHF: income CHF 60'000.00, spending CHF 38'777.11, net CHF 21'222.89 (savings rate 35.4%).");
  test("right: the net × 2", () => {
    expect(lastStatus(t, "At this pace you would save CHF 42'445.78 over a full year.")).toEqual(["CHF 42'445.78", "derived"]);
    expect(lastStatus(t, "At this pace you would keep CHF 42'445.78 over a full year.")).toEqual(["CHF 42'445.78", "derived"]);
    expect(lastStatus(t, "At this pace a full year of spending would come to CHF 77'554.22.")).toEqual(["CHF 77'554.22", "derived"]);
    expect(statuses(t, "A year at that pace means income of CHF 120'000.00 and spending of CHF 77'554.22, and the savings rate stays at 35.4%.")[1]).toEqual(["CHF 77'554.22", "derived"]);
  });
  test("wrong: the spending × 2 said to be saved, savings, kept, put aside or left over", () => {
    expect(lastStatus(t, "At this pace you would save CHF 77'554.22 over a full year.")).toEqual(["CHF 77'554.22", "ungrounded"]);
    expect(lastStatus(t, "Your savings over a full year at this pace: CHF 77'554.22.")).toEqual(["CHF 77'554.22", "ungrounded"]);
    expect(lastStatus(t, "At this pace you would keep CHF 77'554.22 over a full year.")).toEqual(["CHF 77'554.22", "ungrounded"]);
    expect(lastStatus(t, "At this pace you would put aside CHF 77'554.22 over a full year.")).toEqual(["CHF 77'554.22", "ungrounded"]);
    expect(lastStatus(t, "At this pace CHF 77'554.22 would be left over in a full year.")).toEqual(["CHF 77'554.22", "ungrounded"]);
  });
});

describe("figfix9: a year at the pace of a period counts only the whole months its data covers (rev-figacc9 #4: August to October with data to 12 October passed as three months × 4)", () => {
  const upTo = (lastDay: number) => {
    const t = createTurnFigures({ vocabulary: VOCABULARY, periods: (input) => callPeriods(input, { firstDay: 20240101, lastDay } as Ledger), figureKind: () => undefined });
    t.record({ id: "toolu_0", name: "spending_by_category", input: { from: "2025-08-01", to: "2025-10-31" } }, { summary: "Spending by category from 2025-08-01 to 2025-10-31. CHF: total CHF 8'184.25 over 8 transactions in 2 categories: Housing CHF 6'600.00 (80.6%, 3 tx); Shopping CHF 1'584.25 (19.4%, 5 tx).", charts: [] });
    return t;
  };
  const housing = "Housing came to CHF 6'600.00 from August to October; a full year at this pace would be CHF 26'400.00.";
  const total = "From August to October you spent CHF 8'184.25. At this pace a full year would come to CHF 32'737.00.";
  test("right: three whole months of data × 4", () => {
    expect(lastStatus(upTo(20251031), housing)).toEqual(["CHF 26'400.00", "derived"]);
    expect(lastStatus(upTo(20251031), total)).toEqual(["CHF 32'737.00", "derived"]);
  });
  test("wrong: data to 12 October is no third month", () => {
    expect(lastStatus(upTo(20251012), housing)).toEqual(["CHF 26'400.00", "ungrounded"]);
    expect(lastStatus(upTo(20251012), total)).toEqual(["CHF 32'737.00", "ungrounded"]);
  });
});

describe("figctx: 'restaurants', 'places', 'stores', 'supermarkets' count merchants, not rows", () => {
  const dining: Call = {
    name: "merchant_breakdown",
    input: { category: "Dining", from: "2025-07-01", to: "2025-09-30" },
    summary: "Dining by merchant from 2025-07-01 to 2025-09-30. CHF: total CHF 2'983.10 over 94 transactions at 14 merchants: Restaurant Hiltl CHF 772.80 (11 tx).",
  };
  test("right: you ate at 14 restaurants, 14 places in all", () => {
    expect(statuses(turn([dining]), "You ate at 14 restaurants, 14 places in all.")).toEqual([["14", "grounded"], ["14", "grounded"]]);
  });
  test("wrong: 11 restaurants, 11 places, 11 stores (Hiltl's 11 rows as a count of merchants)", () => {
    for (const noun of ["restaurants", "places", "stores", "supermarkets"]) {
      expect(statuses(turn([dining]), `You ate at 11 ${noun}.`)).toEqual([["11", "mismatched"]]);
    }
  });
  test("guard: '11 restaurant visits' stays a count of rows", () => {
    expect(statuses(turn([dining]), "Hiltl had 11 restaurant visits.")).toEqual([["11", "grounded"]]);
  });
});

describe("figctx: 'no category', 'without a category' name the Uncategorised rows", () => {
  const month: Call = {
    name: "spending_by_category",
    input: { year: 2026, month: 5 },
    summary:
      "Spending by category for 2026-05. CHF: total CHF 900.00 over 12 transactions in 2 categories: Groceries CHF 600.00 (66.7%, 9 tx); Travel CHF 300.00 (33.3%, 3 tx). Unclassified money in (Uncategorised rows with money in, counted neither as spending nor as income): CHF 310.00 in 2 transactions.",
  };
  test("right: CHF 310.00 came in over 2 transactions without a category / that have no category", () => {
    expect(statuses(turn([month]), "CHF 310.00 came in over 2 transactions without a category.")).toEqual([["CHF 310.00", "grounded"], ["2", "grounded"]]);
    expect(statuses(turn([month]), "CHF 310.00 came in that has no category (2 transactions).")).toEqual([["CHF 310.00", "grounded"], ["2", "grounded"]]);
  });
  test("guard: 'no category' before a noun says something else ('no category budget set', 'no category for pets'; review of r4-figctx)", () => {
    expect(statuses(turn([month]), "Travel (no category budget set) took CHF 300.00.")).toEqual([["CHF 300.00", "grounded"]]);
    expect(statuses(turn([month]), "There is no category for pets, so the CHF 600.00 sits in Groceries.")).toEqual([["CHF 600.00", "grounded"]]);
  });
  test("wrong: 3 transactions without a category (Travel's 3 rows)", () => {
    expect(statuses(turn([month]), "CHF 310.00 came in over 3 transactions without a category.")).toEqual([["CHF 310.00", "grounded"], ["3", "mismatched"]]);
    expect(statuses(turn([month]), "CHF 310.00 came in that has no category (3 transactions).")).toEqual([["CHF 310.00", "grounded"], ["3", "mismatched"]]);
  });
});

describe("figfa: a full stop inside a merchant's name ends no sentence (issue 34)", () => {
  const NAMES = { categoryNames: ["Healthcare", "Groceries"], merchants: ["Migros", "Praxis Dr. med. S. Brunner", "Apotheke St. Gallen"], accounts: [] };
  const SUMMARY = "Total of spending by merchant for 2025. CHF: Migros CHF 2'310.40 (41); Praxis Dr. med. S. Brunner CHF 480.10 (3); Apotheke St. Gallen CHF 96.30 (4).";
  const m = () => turnOver(NAMES, { name: "spending_breakdown", input: { year: 2025, group_by: ["merchant"] }, summary: SUMMARY });
  test("a title and an initial ('Dr. med. S.'): right, the practice's CHF 480.10 and 3 bills; wrong, Migros's CHF 2'310.40 and the pharmacy's 4 bills said to be the practice's", () => {
    expect(statuses(m(), "Praxis Dr. med. S. Brunner charged CHF 480.10.")).toEqual([["CHF 480.10", "grounded"]]);
    expect(statuses(m(), "Praxis Dr. med. S. Brunner charged CHF 2'310.40.")).toEqual([["CHF 2'310.40", "mismatched"]]);
    expect(statuses(m(), "At Praxis Dr. med. S. Brunner you paid 3 bills.")).toEqual([["3", "grounded"]]);
    expect(statuses(m(), "At Praxis Dr. med. S. Brunner you paid 4 bills.")).toEqual([["4", "mismatched"]]);
  });
  test("a year that opens the sentence holds across the name: right, 2025's CHF 480.10; wrong, the same said of 2024", () => {
    expect(statuses(m(), "In 2025, Praxis Dr. med. S. Brunner charged CHF 480.10.")).toEqual([["CHF 480.10", "grounded"]]);
    expect(statuses(m(), "In 2024, Praxis Dr. med. S. Brunner charged CHF 480.10.")).toEqual([["CHF 480.10", "mismatched"]]);
  });
  test("a year that opens the sentence holds for a month after a name's full stop: right, 'In 2025 groceries (St. Jakob market too) peaked in May'; wrong, the same said of 2024 (May 2025's)", () => {
    const t = turn([{ name: "monthly_trend", input: { category: "Groceries", year: 2025 }, summary: "Monthly spending on Groceries for 2025. CHF: total CHF 7'431.20; highest 2025-05 CHF 1'706.20; lowest 2025-02 CHF 402.10." }]);
    expect(statuses(t, "In 2025 groceries (St. Jakob market too) peaked in May at CHF 1'706.20.")).toEqual([["CHF 1'706.20", "grounded"]]);
    expect(statuses(t, "In 2024 groceries (St. Jakob market too) peaked in May at CHF 1'706.20.")).toEqual([["CHF 1'706.20", "mismatched"]]);
  });
  test("a sentence that ends in a one-letter word ('Plan B.') or in 'no.' still ends there: right, Migros and Coop's CHF 3'160.95; wrong, CHF 3'494.30 (Plan B's taken in) and CHF 3'257.30 (Denner's, after 'no.')", () => {
    const shops = { categoryNames: ["Groceries"], merchants: ["Migros", "Coop", "Parking Zone A", "Plan B", "Denner", "Lidl", "Garage Frei"], accounts: [] };
    const t = () => turnOver(shops, { name: "spending_breakdown", input: { year: 2025, group_by: ["merchant"] }, summary: "Total of spending by merchant for 2025. CHF: Migros CHF 2'310.40 (41); Coop CHF 850.55 (12); Parking Zone A CHF 120.15 (10); Plan B CHF 333.35 (3); Denner CHF 96.35 (4); Lidl CHF 55.25 (2); Garage Frei CHF 480.10 (3)." });
    expect(statuses(t(), "Your insurer is Plan B. Migros and Coop came to CHF 3'160.95.")).toEqual([["CHF 3'160.95", "derived"]]);
    expect(statuses(t(), "Your insurer is Plan B. Migros and Coop came to CHF 3'494.30.")).toEqual([["CHF 3'494.30", "ungrounded"]]);
    expect(statuses(t(), "Did Denner cost more? The answer for Denner is no. Migros and Coop came to CHF 3'257.30.")).toEqual([["CHF 3'257.30", "ungrounded"]]);
  });
});

describe("figfa: spending beyond what came in is a net below zero (issue 34)", () => {
  test("right, in February you spent CHF 1'145.03 more than came in (its net -1'145.03), or more than you earned; wrong, the same said of March (its net is +1'145.03, a surplus)", () => {
    const t = turn([NETS]);
    expect(statuses(t, "In February you spent CHF 1'145.03 more than came in.")).toEqual([["CHF 1'145.03", "grounded"]]);
    expect(statuses(t, "In February you spent CHF 1'145.03 more than you earned.")).toEqual([["CHF 1'145.03", "grounded"]]);
    expect(statuses(t, "In March you spent CHF 1'145.03 more than came in.")).toEqual([["CHF 1'145.03", "mismatched"]]);
  });
  test("a deficit is no gap between two deficits: wrong, 'January and February cost CHF 3'145.03 more than came in' (January's −4'290.06 less February's −1'145.03: no deficit of either)", () => {
    const months = "2025-01 CHF 11'000.00 / CHF 15'290.06 / CHF -4'290.06; 2025-02 CHF 10'000.00 / CHF 11'145.03 / CHF -1'145.03; 2025-03 CHF 10'000.00 / CHF 8'700.00 / CHF 1'300.00.";
    const t = turn([{ ...NETS, summary: NETS.summary.replace(/2025-01 .*$/, months) }]);
    expect(statuses(t, "In January you spent CHF 4'290.06 more than came in.")).toEqual([["CHF 4'290.06", "grounded"]]);
    expect(statuses(t, "January and February cost CHF 3'145.03 more than came in.")).toEqual([["CHF 3'145.03", "ungrounded"]]);
  });
  test("a deficit is no sum of a deficit and a surplus, and no gap of two months' spending: wrong, February's CHF 3'145.03 (its −1'145.03 with January's +2'000.00) and CHF 2'290.06 (February's spending less March's)", () => {
    const t = turn([NETS]);
    expect(statuses(t, "In February you spent CHF 3'145.03 more than came in.")).toEqual([["CHF 3'145.03", "ungrounded"]]);
    expect(statuses(t, "February cost CHF 2'290.06 more than came in.")).toEqual([["CHF 2'290.06", "ungrounded"]]);
  });
  test("earning more than a year before is a rise of income, no deficit: right, 2025's rise of CHF 3'000.00; wrong, CHF 5'000.00 (2025's net of −5'000.00)", () => {
    const year = (y: number, income: string, spending: string, net: string): Call => ({ name: "income_vs_spending", input: { year: y }, summary: `Income vs spending from ${y}-01-01 to ${y}-12-31. CHF: income CHF ${income}, spending CHF ${spending}, net CHF ${net}, savings rate 5.0%.` });
    const t = turn([year(2024, "100'000.00", "95'000.00", "5'000.00"), year(2025, "103'000.00", "108'000.00", "-5'000.00")]);
    expect(statuses(t, "In 2025 you earned CHF 3'000.00 more than you earned in 2024.")).toEqual([["CHF 3'000.00", "derived"]]);
    expect(statuses(t, "In 2025 you earned CHF 5'000.00 more than you earned in 2024.")).toEqual([["CHF 5'000.00", "mismatched"]]);
  });
  test("a single payment is no month's overspend: wrong, February's Migros payment of CHF −435.49 said to be what was spent beyond what came in, or the month in the red", () => {
    const t = turn([{ name: "search_transactions", input: { year: 2025, month: 2 }, summary: "3 transactions in 2025-02. 2025-02-03 Migros CHF -435.49 (Groceries); 2025-02-10 Coop CHF -120.00 (Groceries); 2025-02-25 Salary CHF 5'000.00 (Income)." }]);
    expect(statuses(t, "In February you spent CHF 435.49 more than came in.")).toEqual([["CHF 435.49", "mismatched"]]);
    expect(statuses(t, "In February you ended CHF 435.49 in the red.")).toEqual([["CHF 435.49", "mismatched"]]);
  });
});

describe("figctx: an age in days (data_coverage's 'N days before today') is a count of days", () => {
  const coverage: Call = {
    name: "data_coverage",
    input: { year: 2025 },
    summary:
      "Today is 2026-11-02. The data runs from 2024-01-05 to 2026-10-12 (21 days before today); the current month 2026-11 has no data yet. Coverage from 2025-01-01 to 2025-12-31 per account and currency: Visa 4417 CHF: 2025-01-04 to 2025-12-28, 90 rows, 12 months with data, no gap months, last transaction 309 days before today, current month has no data.",
  };
  test("right: the age the tool states is found (309 days ago)", () => {
    expect(statuses(turn([coverage]), "The last franc transaction was 309 days ago.")).toEqual([["309", "grounded"]]);
  });
  test("wrong: another age is flagged (390 days ago; before, no figure at all)", () => {
    expect(statuses(turn([coverage]), "The last franc transaction was 390 days ago.")).toEqual([["390", "ungrounded"]]);
  });
  test("right: the age of the data's last day, said with that day (12 October 2026, 21 days before today)", () => {
    expect(statuses(turn([coverage]), "Your data ends on 12 October 2026, 21 days before today.")).toEqual([["21", "grounded"]]);
  });
  test("wrong: that age said of a day of another year (12 October 2025: inside the data's span, not its last day)", () => {
    expect(statuses(turn([coverage]), "Your data ends on 12 October 2025, 21 days before today.")).toEqual([["21", "mismatched"]]);
  });
  test("an age in a clause of its own takes no day its sentence wrote before it (review of r4-figctx F4)", () => {
    const said = "The card's last row is on 3 March 2026; the data as a whole ends 21 days before today.";
    expect(statuses(turn([coverage]), said)).toEqual([["21", "grounded"]]);
  });
  test("an age right after a day, a dash between, is of that day ('… to 12 October 2025 — 21 days before today')", () => {
    const said = (year: number) => `The data runs from January 2024 to 12 October ${year} — 21 days before today.`;
    expect(statuses(turn([coverage]), said(2026))).toEqual([["21", "grounded"]]);
    expect(statuses(turn([coverage]), said(2025))).toEqual([["21", "mismatched"]]);
  });
  test("an age no tool of the turn states is worked out from a listed day: left unchecked (review of r4-figctx F3)", () => {
    const search: Call = { name: "search_transactions", input: { query: "Migros", year: 2026 }, summary: "Transactions matching \"Migros\" in 2026: 3 transactions, CHF -120.00. 2026-09-02 Migros CHF -40.00; 2026-08-30 Migros CHF -40.00; 2026-08-02 Migros CHF -40.00." };
    expect(statuses(turn([search]), "Your last Migros payment, on 2 September, was 61 days ago.")).toEqual([]);
    // With data_coverage in the turn too: Migros is a name no age data_coverage states is of (review of r4-figmiss C).
    expect(statuses(turn([search, coverage]), "Your last Migros payment, on 2 September, was 61 days ago.")).toEqual([]);
  });
  test("wrong: an age equal to a count of rows is no age (90 days old: the tool's 90 is rows)", () => {
    expect(statuses(turn([coverage]), "The newest franc row is 90 days old.")).toEqual([["90", "mismatched"]]);
  });
});

describe("figmiss: 'shops' count rows or merchants, never categories", () => {
  const month: Call = {
    name: "spending_by_category",
    input: { year: 2026, month: 5 },
    summary: "Spending by category for 2026-05. CHF: total CHF 900.00 over 12 transactions in 3 categories: Groceries CHF 600.00 (66.7%, 9 tx); Travel CHF 200.00 (22.2%, 2 tx); Dining CHF 100.00 (11.1%, 1 tx).",
  };
  const shops: Call = {
    name: "merchant_breakdown",
    input: { category: "Groceries", year: 2026, month: 5 },
    summary: "Groceries by merchant for 2026-05. CHF: total CHF 600.00 over 9 transactions at 2 merchants: Migros CHF 400.00 (6 tx); Coop CHF 200.00 (3 tx).",
  };
  test("right: 12 shops (the rows), 2 shops (the merchants)", () => {
    expect(statuses(turn([month, shops]), "You went on 12 shops in May.")).toEqual([["12", "grounded"]]);
    expect(statuses(turn([month, shops]), "You bought groceries at 2 shops.")).toEqual([["2", "grounded"]]);
  });
  test("wrong: 3 shops (the count of categories)", () => {
    expect(statuses(turn([month]), "You went to 3 shops in May.")).toEqual([["3", "mismatched"]]);
  });
});

describe("figmiss: a budget's percentage said against the budgets after a change of this turn is not budget_status's of before", () => {
  const month = "Budgets for 2026-02 (a full month).\n- Groceries: budget CHF 1'500.00, spent CHF 1'637.70, remaining CHF -137.70, 109.2% used — OVER BUDGET.\n- Transport: budget CHF 600.00, spent CHF 534.79, remaining CHF 65.21, 89.1% used.\n- Dining: budget CHF 800.00, spent CHF 657.70, remaining CHF 142.30, 82.2% used.\nTotal budget CHF 2'900.00, total spent CHF 2'830.19 (97.6%).";
  const approved = (before: boolean) => {
    const t = turn([{ name: "budget_status", input: { year: 2026, month: 2 }, summary: month }]);
    t.recordOutcome({ id: "toolu_a", name: "set_budget", input: {} }, "Approved by the user: the Groceries budget is now CHF 1'700.00 a month (was CHF 1'500.00).");
    // A budget_status asked after the change shows the new budget and its percentages.
    if (!before) t.record({ id: "toolu_b", name: "budget_status", input: { year: 2026, month: 2 } }, { summary: month.replace("CHF 1'500.00", "CHF 1'700.00").replace("109.2%", "96.3%").replace("CHF 2'900.00", "CHF 3'100.00").replace("97.6%", "91.3%"), charts: [] });
    return t;
  };
  test("right: the old percentage said after a 'now' or 'new' of another clause, or 'instead of' the new one (review of r4-figmiss E: b01, b04)", () => {
    const t = approved(true);
    expect(statuses(t, "Done — the Groceries budget is now CHF 1'700.00 a month; in February groceries used 109.2% of its CHF 1'500.00 budget.")).toEqual([["CHF 1'700.00", "grounded"], ["109.2%", "grounded"], ["CHF 1'500.00", "grounded"]]);
    expect(statuses(t, "With the new limit of CHF 1'700.00, February's groceries of CHF 1'637.70 would have been at 96.3% instead of 109.2%.")).toEqual([["CHF 1'700.00", "grounded"], ["CHF 1'637.70", "grounded"], ["96.3%", "derived"], ["109.2%", "grounded"]]);
  });
  test("wrong: against the new limit groceries would have been at 109.2%, the month at 97.6% (the old budgets' percentages)", () => {
    const t = approved(true);
    expect(statuses(t, "Against the new limit February's groceries would have been at 109.2%, and the month at 97.6% of the budgets.")).toEqual([["109.2%", "ungrounded"], ["97.6%", "ungrounded"]]);
  });
  test("right: the old percentages said as they were; another category's against the new budgets; a later budget_status's", () => {
    const t = approved(true);
    expect(statuses(t, "Before the change groceries were at 109.2%.")).toEqual([["109.2%", "grounded"]]);
    expect(statuses(t, "With the new groceries budget you would be at 96.3% rather than the 109.2% it was.")[1]).toEqual(["109.2%", "grounded"]);
    expect(statuses(t, "With the new groceries budget, dining would still be at 82.2%.")).toEqual([["82.2%", "grounded"]]);
    expect(statuses(approved(false), "Against the new limit groceries are now at 96.3%, and the month at 91.3%.")).toEqual([["96.3%", "grounded"], ["91.3%", "grounded"]]);
  });
});

describe("figmiss: changes of both ways add up to no total", () => {
  const t = monthsCompared(5, 6, MAY_JUNE_CHANGES);
  test("right: dining and transport fell by CHF 676.76 together (570.95 + 105.81)", () => {
    expect(statuses(t, "Dining and transport fell by CHF 676.76 together.")).toEqual([["CHF 676.76", "derived"]]);
  });
  test("wrong: dining's fall and travel's rise are no CHF 1'504.15 (570.95 + 933.20)", () => {
    expect(statuses(t, "Dining and travel moved by CHF 1'504.15 together.")).toEqual([["CHF 1'504.15", "ungrounded"]]);
  });
});

/** data_coverage {} over the fixture database on 2026-11-02, as the tool wrote it: three accounts, two with gap months. */
const COVERAGE_WITH_GAPS =
  "Today is 2026-11-02. The data runs from 2024-01-05 to 2026-10-12 (21 days before today); the current month 2026-11 has no data yet: any period after 2026-10-12 has no data yet (not zero spending). Coverage for all dates (2024-01-05 to 2026-10-12) per account and currency: CHF: 2024-01-05 to 2025-12-28, 102 rows, 24 months with data, no gap months, last transaction 309 days before today, current month has no data; Visa 4417 CHF: 2026-01-05 to 2026-10-12, 23 rows, 9 months with data, gap months 2026-03, last transaction 21 days before today, current month has no data; CH93 0076 2011 6238 5295 7 CHF: 2026-01-01 to 2026-10-01, 17 rows, 9 months with data, gap months 2026-03, last transaction 32 days before today, current month has no data; EUR: 2025-06-10 to 2025-06-20, 4 rows, 1 month with data, no gap months, last transaction 500 days before today, current month has no data; USD: 2024-11-29 to 2025-05-03, 2 rows, 2 months with data, gap months 2024-12, 2025-01, 2025-02, 2025-03, 2025-04, last transaction 548 days before today, current month has no data. No imports are logged.";
const GAP_NAMES = { categoryNames: VOCABULARY.categoryNames, merchants: [], accounts: ["Visa 4417", "CH93 0076 2011 6238 5295 7"] };

describe("figmiss: a stated age is of the day its account's span ends, not of a gap month (review of r4-figmiss A)", () => {
  const coverage: Call = { name: "data_coverage", input: {}, summary: COVERAGE_WITH_GAPS };
  test("right: the card's age said of its last day (12 October 2026, 21 days ago)", () => {
    expect(statuses(turn([coverage], GAP_NAMES), "The Visa 4417's last row was on 12 October 2026, 21 days ago.")).toEqual([["21", "grounded"]]);
  });
  test("wrong: the card's age said of its gap month (g01: March 2026, 21 days ago); the dollars' of theirs (f03: December 2024, 548 days ago)", () => {
    expect(statuses(turn([coverage], GAP_NAMES), "The Visa 4417's last row was in March 2026, 21 days ago.")).toEqual([["21", "mismatched"]]);
    expect(statuses(turn([coverage], GAP_NAMES), "Your last dollar payment was in December 2024, 548 days ago.")).toEqual([["548", "mismatched"]]);
  });
});

describe("figmiss: an age worked out from a listed merchant's row with data_coverage in the turn is left unchecked (review of r4-figmiss C: g06)", () => {
  const names = { categoryNames: ["Subscriptions"], merchants: ["Spotify", "Apple", "Swisscom", "Netflix", "NZZ"], accounts: [] };
  const listed: Call = {
    name: "list_transactions",
    input: { category: "Subscriptions", from: "2026-10-01", to: "2026-10-31" },
    summary: 'Transactions in Subscriptions from 2026-10-01 to 2026-10-31, newest first (negative = money out): showing 4 of 4. 2026-10-17 CHF -21.95 Spotify "SPOTIFY AB" [Subscriptions]; 2026-10-12 CHF -114.00 Swisscom "SWISSCOM AG" [Subscriptions]; 2026-10-03 CHF -20.90 Netflix "NETFLIX.COM" [Subscriptions]; 2026-10-01 CHF -429.00 NZZ "NZZ ABO" [Subscriptions].',
  };
  const coverage: Call = {
    name: "data_coverage",
    input: {},
    summary: "Today is 2026-11-02. The data runs from 2023-11-01 to 2026-10-31 (2 days before today); the current month 2026-11 has no data yet. Coverage for all dates (2023-11-01 to 2026-10-31) per currency: CHF: 2023-11-01 to 2026-10-31, 7'300 rows, 36 months with data, no gap months, last transaction 2 days before today, current month has no data.",
  };
  test("right: Spotify 16 days ago and NZZ 32 days ago (today − the listed day) are not checked; the data's 2 days is", () => {
    const said = "Your data runs to 31 October 2026, 2 days before today. Spotify last charged CHF 21.95 on 17 October, 16 days ago, and NZZ CHF 429.00 on 1 October, 32 days ago.";
    expect(statuses(turn([listed, coverage], names), said)).toEqual([["2", "grounded"], ["CHF 21.95", "grounded"], ["CHF 429.00", "grounded"]]);
  });
});

describe("figmiss: data_coverage's 'Days since last' cell is of its row's Last day (review of r4-figmiss A, T2)", () => {
  /** The tool's whole result over the fixture database on 2026-11-02: the summary and its table, gap months and all. */
  const coverage: Call = {
    name: "data_coverage",
    input: {},
    summary: COVERAGE_WITH_GAPS,
    tables: [
      {
        title: "Data coverage, all dates",
        columns: ["Account", "Currency", "First", "Last", "Rows", "Months with data", "Gap months", "Days since last", "Current month"],
        kinds: ["text", "currency", "date", "date", "count", "count", "text", "count", "text"],
        totalRows: 5,
        rows: [
          ["(no account)", "CHF", "2024-01-05", "2025-12-28", 102, 24, null, 309, "no data yet"],
          ["Visa 4417", "CHF", "2026-01-05", "2026-10-12", 23, 9, "2026-03", 21, "no data yet"],
          ["CH93 0076 2011 6238 5295 7", "CHF", "2026-01-01", "2026-10-01", 17, 9, "2026-03", 32, "no data yet"],
          ["(no account)", "EUR", "2025-06-10", "2025-06-20", 4, 1, null, 500, "no data yet"],
          ["(no account)", "USD", "2024-11-29", "2025-05-03", 2, 2, "2024-12, 2025-01, 2025-02, 2025-03, 2025-04", 548, "no data yet"],
        ],
      },
    ],
  };
  const t = () => turn([coverage], GAP_NAMES);
  test("right: each age said of its row's last day, or of no day (a08: the card 21 days, the CH93 account 32 days)", () => {
    expect(statuses(t(), "The Visa 4417's last row was on 12 October 2026, 21 days ago.")).toEqual([["21", "grounded"]]);
    expect(statuses(t(), "The CH93 0076 2011 6238 5295 7 account was last used on 1 October 2026 (32 days ago).")).toEqual([["32", "grounded"]]);
    expect(statuses(t(), "Your dollar rows stopped 548 days ago.")).toEqual([["548", "grounded"]]);
  });
  test("wrong: an age said of a gap month (g01, f03) or of the row's first day (g02, g04)", () => {
    expect(statuses(t(), "The Visa 4417's last row was in March 2026, 21 days ago.")).toEqual([["21", "mismatched"]]);
    expect(statuses(t(), "Your last dollar payment was in December 2024, 548 days ago.")).toEqual([["548", "mismatched"]]);
    expect(statuses(t(), "The Visa 4417's newest row is from 5 January 2026 — 21 days ago.")).toEqual([["21", "mismatched"]]);
    expect(statuses(t(), "Your last dollar payment was on 29 November 2024 (548 days ago).")).toEqual([["548", "mismatched"]]);
  });
});
