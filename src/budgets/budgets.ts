/**
 * The budgets domain (SPEC §8): budgets against spending, shared by budget_status and
 * set_budget, the Budgets page, the JSON API and `budget-chat budgets`, so they all show
 * the same figures. It reads the ledger itself (not the tools' query helpers).
 *
 * - spent: the spending of a category in the month (SPEC §1: −SUM(amount) over all its
 *   rows; money in on Uncategorised rows is reported apart), in the budget's own currency: a
 *   budget stores it, by default the currency the category is spent in most, by amount, over
 *   the last 3 full months (budgetCurrency); spending in other currencies is listed apart;
 * - remaining = budget − spent; % used = spent ÷ budget × 100;
 * - the month in progress is the current calendar month (today, from the caller's clock),
 *   and only that one. Its projection = spent so far + the category's recurring payments
 *   (SPEC §2.1) still expected this month + variable pace × days left, where variable
 *   pace = (spent so far − recurring payments already made this month) ÷ days elapsed
 *   (today's day of the month). The recurring payments are the obligations of src/ledger/recurring.ts
 *   (rent and service charges together, an insurer's premiums together), so a month whose rent
 *   is paid is not projected to pay it again; a one-off inside a series (a settlement, a late
 *   fee) is spent but is no pace;
 * - a past month whose data stops before its end says "data until …" (dataUntil);
 * - over: spent > budget; projected over: not over yet, but projection > budget.
 */
import { resolveCategory } from "../ledger/categories.ts";
import { daysInMonth, monthKey, monthLabel } from "../ledger/calendar.ts";
import type { Ledger } from "../ledger/ledger.ts";
import type { BudgetDb } from "../ledger/reader.ts";
import { findSeries, stillExpected, type Series } from "../ledger/recurring.ts";
import { unclassifiedInflow } from "../ledger/categories.ts";
import { ToolInputError } from "../core/errors.ts";
import { formatMoney, round2 } from "../core/format.ts";

/** A budget as the figures need it (src/store/budgets.ts Budget fits). */
export type BudgetEntry = { category: string; amount: number; currency: string };

/** Where read tools find the household's budgets (the app database's `store.budgets` fits). */
export type BudgetSource = { list(): BudgetEntry[] };

/** The largest budget one category may have (a typo guard, not a policy). */
export const MAX_BUDGET = 1_000_000_000;

export type BudgetLine = {
  category: string;
  /** null: the category has no budget (the page lists every spending category). */
  budget: number | null;
  currency: string;
  spent: number;
  remaining: number | null;
  /** spent ÷ budget × 100 (unrounded); null without a budget. */
  pctUsed: number | null;
  /** Only for the month in progress. */
  projection: number | null;
  over: boolean;
  projectedOver: boolean;
  /** A category without a budget: what it spent in the data's other currencies (never added to `spent`). */
  elsewhere?: { currency: string; spent: number }[];
};

export type BudgetMonth = {
  /** year*12 + month-1 */
  month: number;
  label: string;
  /** The current calendar month. */
  inProgress: boolean;
  /** Today's day of the month (the month in progress only). */
  daysElapsed: number | null;
  /** A past month whose data stops before its end: the last day with data (yyyymmdd). */
  dataUntil: number | null;
  daysInMonth: number;
  /** The household's spending currency (most spending by amount over the last 3 full months), for the lines without a budget. */
  currency: string;
  /** Budgeted categories, most used (% of budget) first. */
  budgeted: BudgetLine[];
  /** Spending categories without a budget, largest spending first (main currency; all spending categories, even at 0). */
  unbudgeted: BudgetLine[];
  /** Per currency of the budgets: total budget and spent of the budgeted categories. */
  totals: { currency: string; budget: number; spent: number; projection: number | null }[];
  /** Spending of categories without a budget, per currency (main first), only where not 0. */
  unbudgetedSpending: { currency: string; spent: number }[];
  /**
   * Spending of budgeted categories in a currency other than their budget's (never added
   * to it, SPEC §1: reported beside it), only where not 0.
   */
  otherCurrencySpending: { category: string; currency: string; spent: number }[];
  /** Money in on Uncategorised rows, per currency (SPEC §1: neither spending nor income, reported apart), only where any. */
  unclassifiedIn: { currency: string; total: number; count: number }[];
  /** The month lies outside the data's coverage (no spending can be in it). */
  outsideData: boolean;
  /**
   * The budgets' currencies whose data does not reach the month (it ends before the month or starts after it), each with its
   * data's first and last day (null: no row in it): "no data yet" for their lines, and nothing projected (review of uqa3 D8: November's
   * CHF budgets were projected from recurring payments alone because one EUR row reached November).
   */
  noData: { currency: string; firstDay: number | null; lastDay: number | null }[];
};

/** The first and last day of the data in each currency (indexed as l.currencies; null: no row). */
function currencySpans(l: Ledger): ({ first: number; last: number } | null)[] {
  const spans: ({ first: number; last: number } | null)[] = l.currencies.map(() => null);
  const [start, end] = l.rangeOf();
  for (let i = start; i < end; i++) {
    const k = l.currencyAt(i);
    const d = l.dayAt(i);
    const x = spans[k];
    if (!x) spans[k] = { first: d, last: d };
    else x.last = d;
  }
  return spans;
}

/** The month a `{year?, month?}` input names; default the current calendar month when it has data, else the latest month with data. */
export function budgetMonthOf(db: BudgetDb, input: { year?: number; month?: number }, today: number): number | null {
  if (input.month !== undefined && input.year === undefined) {
    throw new ToolInputError(`month requires year: pass both, e.g. {"year": 2025, "month": ${input.month}}.`);
  }
  if (input.year !== undefined && input.month === undefined) {
    throw new ToolInputError(`Budgets are per month: pass month with year, e.g. {"year": ${input.year}, "month": 3}; omit both for the current month.`);
  }
  if (input.year !== undefined) return input.year * 12 + input.month! - 1;
  const l = db.ledger();
  if (l.lastDay === null) return null;
  const current = monthKey(today);
  const [start, end] = l.rangeOf(Math.floor(today / 100) * 100 + 1, Math.floor(today / 100) * 100 + 31);
  return end > start ? current : monthKey(l.lastDay);
}

/**
 * Per category code and currency code: the spending of the rows in [from, to] (SPEC §1);
 * unclassified money in apart, per currency code.
 */
function spendingOf(l: Ledger, from: number, to: number): { spent: Map<number, Float64Array>; inflow: { total: Float64Array; count: Int32Array } } {
  const spent = new Map<number, Float64Array>();
  const inflow = { total: new Float64Array(l.currencies.length), count: new Int32Array(l.currencies.length) };
  const unclassified = unclassifiedInflow(l);
  const [start, end] = l.rangeOf(from, to);
  for (let i = start; i < end; i++) {
    if (unclassified(i)) {
      inflow.total[l.currencyAt(i)]! += l.amountAt(i);
      inflow.count[l.currencyAt(i)]!++;
      continue;
    }
    const c = l.categoryAt(i);
    let per = spent.get(c);
    if (!per) spent.set(c, (per = new Float64Array(l.currencies.length)));
    per[l.currencyAt(i)]! -= l.amountAt(i);
  }
  return { spent, inflow };
}

/** The figures of every budget (and every spending category) for one month; `today` (yyyymmdd) decides the month in progress. */
export function budgetMonth(db: BudgetDb, budgets: readonly BudgetEntry[], month: number, today: number): BudgetMonth {
  const l = db.ledger();
  const currencies = spendingCurrencies(db);
  const main = currencies.household;
  const year = Math.floor(month / 12);
  const m = (month % 12) + 1;
  const dim = daysInMonth(year, m);
  const first = year * 10000 + m * 100 + 1;
  const last = first + dim - 1;
  const inProgress = monthKey(today) === month;
  const daysElapsed = inProgress ? today % 100 : null;
  const dataUntil = !inProgress && l.lastDay !== null && monthKey(l.lastDay) === month && l.lastDay < last ? l.lastDay : null;
  const outsideData = l.firstDay === null || month < monthKey(l.firstDay) || month > monthKey(l.lastDay!);
  const spans = currencySpans(l);
  const spanOf = (currency: string) => spans[l.currencyIndex(currency)] ?? null;
  const outsideIn = (currency: string) => {
    const x = spanOf(currency);
    return !x || month < monthKey(x.first) || month > monthKey(x.last);
  };

  // Spending per category code and currency code in the month (all rows: refunds reduce it).
  const { spent, inflow } = spendingOf(l, first, last);
  const spentOf = (category: string, currency: string): number => {
    const c = l.categoryIndex(category);
    const k = l.currencyIndex(currency);
    return c < 0 || k < 0 ? 0 : (spent.get(c)?.[k] ?? 0);
  };
  // A category's spending in the currencies other than its row's: shown apart, never added.
  const spentElsewhere = (category: string, currency: string) =>
    l.currencies
      .filter((cur) => cur !== currency)
      .map((cur) => ({ currency: cur, spent: spentOf(category, cur) }))
      .filter((o) => round2(o.spent) !== 0);
  // The month in progress: its obligations as found up to its end (all the data, unless the data runs past it).
  const series = !inProgress ? [] : l.lastDay !== null && l.lastDay <= last ? db.recurring() : recurringUpTo(db, l, last);
  const project = (category: string, currency: string, s: number): number | null => {
    // A month in progress that no import has reached yet has no pace to project from (uqa3: November, with the
    // statements up to October, was projected at its recurring payments alone).
    if (!daysElapsed || outsideIn(currency)) return null;
    const c = l.categoryIndex(category);
    const mine = (r: number) => l.categoryAt(r) === c && l.dayAt(r) >= first && l.dayAt(r) <= today;
    // Made this month: the series' regular payments, and their one-offs (spent, but no pace).
    let made = 0;
    let expected = 0;
    for (const x of series) {
      if (x.currency !== currency) continue;
      for (const r of x.rows) if (mine(r)) made -= l.amountAt(r);
      for (const o of x.oneOffs) if (o.kind !== "refund" && mine(o.row)) made -= l.amountAt(o.row);
      for (const e of stillExpected(x, first, last)) if (e.category === category) expected += e.amount;
    }
    return s + expected + ((s - made) / daysElapsed) * (dim - daysElapsed);
  };

  const budgeted: BudgetLine[] = budgets.map((b) => {
    const s = spentOf(b.category, b.currency);
    const projection = project(b.category, b.currency, s);
    const over = round2(s) > round2(b.amount);
    return {
      category: b.category,
      budget: b.amount,
      currency: b.currency,
      spent: s,
      remaining: b.amount - s,
      pctUsed: (s / b.amount) * 100,
      projection,
      over,
      projectedOver: !over && projection !== null && round2(projection) > round2(b.amount),
    };
  });
  budgeted.sort((a, b) => b.pctUsed! - a.pctUsed! || a.category.localeCompare(b.category));

  const has = new Set(budgets.map((b) => b.category));
  const spendingNames = db
    .categories()
    .map((c) => c.name)
    .filter((n) => db.roleOf(n) === "spending" && !has.has(n));
  const unbudgeted: BudgetLine[] = spendingNames
    .map((n) => {
      const currency = currencies.of(n);
      const s = spentOf(n, currency);
      const elsewhere = spentElsewhere(n, currency);
      return { category: n, budget: null, currency, spent: s, remaining: null, pctUsed: null, projection: project(n, currency, s), over: false, projectedOver: false, elsewhere };
    })
    .sort((a, b) => b.spent - a.spent || a.category.localeCompare(b.category));

  const totals = new Map<string, { budget: number; spent: number; projection: number | null }>();
  for (const b of budgeted) {
    const t = totals.get(b.currency) ?? { budget: 0, spent: 0, projection: b.projection === null ? null : 0 };
    t.budget += b.budget!;
    t.spent += b.spent;
    if (t.projection !== null && b.projection !== null) t.projection += b.projection;
    totals.set(b.currency, t);
  }
  const other = l.currencies.map((cur) => ({ currency: cur, spent: spendingNames.reduce((sum, n) => sum + spentOf(n, cur), 0) }));
  const unbudgetedSpending = other
    .filter((o) => round2(o.spent) !== 0)
    .sort((a, b) => (a.currency === main ? -1 : b.currency === main ? 1 : a.currency.localeCompare(b.currency)));

  const otherCurrencySpending = budgets.flatMap((b) => spentElsewhere(b.category, b.currency).map((o) => ({ category: b.category, ...o })));

  return {
    month,
    label: monthLabel(month),
    inProgress,
    daysElapsed,
    dataUntil,
    daysInMonth: dim,
    currency: main,
    budgeted,
    unbudgeted,
    totals: [...totals]
      .map(([currency, t]) => ({ currency, ...t }))
      .sort((a, b) => (a.currency === main ? -1 : b.currency === main ? 1 : a.currency.localeCompare(b.currency))),
    unbudgetedSpending,
    otherCurrencySpending,
    unclassifiedIn: l.currencies
      .map((currency, k) => ({ currency, total: inflow.total[k]!, count: inflow.count[k]! }))
      .filter((x) => x.count > 0),
    outsideData,
    noData: [...new Set(budgets.map((b) => b.currency))]
      .filter(outsideIn)
      .map((currency) => ({ currency, firstDay: spanOf(currency)?.first ?? null, lastDay: spanOf(currency)?.last ?? null })),
  };
}

/** The recurring obligations (SPEC §2.1) among the money-out rows of spending categories up to `until`. */
function recurringUpTo(db: BudgetDb, l: Ledger, until: number): Series[] {
  const spending = Uint8Array.from(l.categoryNames, (n) => (db.roleOf(n) === "spending" ? 1 : 0));
  const [, end] = l.rangeOf(undefined, until);
  return findSeries(
    l,
    (fn) => {
      for (let i = 0; i < end; i++) if (l.amountAt(i) < 0 && spending[l.categoryAt(i)]) fn(i);
    },
    3,
    l.lastDay ?? 0,
    { keys: db.seriesKeys() },
  );
}

/**
 * The last 3 full months the data covers, as inclusive yyyymmdd bounds (null: none): the month
 * the data stops in is not full unless the data reaches its last day (demo data ending 31 Oct:
 * October is); only months inside the data's coverage.
 */
function lastFullMonths(l: Ledger): { from: number; to: number; months: number[] } | null {
  if (l.lastDay === null || l.firstDay === null) return null;
  const y = Math.floor(l.lastDay / 10000);
  const m = Math.floor(l.lastDay / 100) % 100;
  const current = monthKey(l.lastDay) + (l.lastDay % 100 === daysInMonth(y, m) ? 1 : 0);
  const months: number[] = [];
  for (let mk = Math.max(current - 3, monthKey(l.firstDay)); mk <= current - 1; mk++) months.push(mk);
  if (!months.length) return null;
  const day = (mk: number, end: boolean) => {
    const y = Math.floor(mk / 12);
    const mm = (mk % 12) + 1;
    return y * 10000 + mm * 100 + (end ? daysInMonth(y, mm) : 1);
  };
  return { from: day(months[0]!, false), to: day(months.at(-1)!, true), months };
}

/**
 * The currency with the most spending by amount over the last 3 full months, per category and
 * for all spending: what a budget is kept in unless told otherwise (SPEC §8, round 4) — not
 * the currency with the most rows, so a big EUR import does not turn CHF groceries into EUR.
 * A category without spending there falls back to the household's currency, which falls back
 * to the data's main currency.
 */
export function spendingCurrencies(db: BudgetDb): { household: string; of(category: string): string } {
  const l = db.ledger();
  const window = lastFullMonths(l);
  const nCur = l.currencies.length;
  // Per category code × currency code, and per currency for all spending.
  const totals = new Float64Array(l.categoryNames.length * nCur);
  const all = new Float64Array(nCur);
  if (window) {
    const spending = Uint8Array.from(l.categoryNames, (n) => (db.roleOf(n) === "spending" ? 1 : 0));
    const unclassified = unclassifiedInflow(l);
    const [start, end] = l.rangeOf(window.from, window.to);
    for (let i = start; i < end; i++) {
      if (unclassified(i)) continue;
      totals[l.categoryAt(i) * nCur + l.currencyAt(i)]! -= l.amountAt(i);
      if (spending[l.categoryAt(i)]) all[l.currencyAt(i)]! -= l.amountAt(i);
    }
  }
  const most = (at: (k: number) => number): string | null => {
    let best = -1;
    for (let k = 0; k < nCur; k++) if (at(k) > 0 && (best < 0 || at(k) > at(best) || (at(k) === at(best) && l.currencyCodeOf(k) < l.currencyCodeOf(best)))) best = k;
    return best < 0 ? null : l.currencyCodeOf(best);
  };
  const household = most((k) => all[k]!) ?? db.summary().currency;
  return {
    household,
    of(category) {
      const c = l.categoryIndex(category);
      return (c < 0 ? null : most((k) => totals[c * nCur + k]!)) ?? household;
    },
  };
}

/** The currency a new budget for `category` is kept in (spendingCurrencies). */
export function budgetCurrency(db: BudgetDb, category: string): string {
  return spendingCurrencies(db).of(category);
}

/**
 * Starting amounts when there are no budgets: the three largest spending categories
 * with their monthly average over the last 3 full months the data covers (lastFullMonths;
 * empty months count 0), in the household's spending currency (spendingCurrencies).
 */
export function suggestedBudgets(db: BudgetDb, n = 3): { months: string[]; currency: string; suggestions: { category: string; average: number }[] } {
  const l = db.ledger();
  const currency = spendingCurrencies(db).household;
  // The months inside the data's coverage (SPEC §1 month average: empty months count 0).
  const window = lastFullMonths(l);
  if (!window) return { months: [], currency, suggestions: [] };
  const { months } = window;
  const k = l.currencyIndex(currency);
  const totals = new Float64Array(l.categoryNames.length);
  const spending = Uint8Array.from(l.categoryNames, (name) => (db.roleOf(name) === "spending" ? 1 : 0));
  const unclassified = unclassifiedInflow(l);
  const [start, end] = l.rangeOf(window.from, window.to);
  for (let i = start; i < end; i++) if (l.currencyAt(i) === k && spending[l.categoryAt(i)] && !unclassified(i)) totals[l.categoryAt(i)]! -= l.amountAt(i);
  const suggestions = [...totals]
    .map((t, c) => ({ category: l.categoryNameOf(c), average: t / months.length }))
    .filter((s) => spending[l.categoryIndex(s.category)] && round2(s.average) > 0)
    .sort((a, b) => b.average - a.average || a.category.localeCompare(b.category))
    .slice(0, n);
  return { months: months.map(monthLabel), currency, suggestions };
}

/**
 * The currency a budget is set in: the one asked for (it must be in the data), else the
 * budget's own when it has one (changing an amount keeps it), else budgetCurrency.
 */
export function currencyOfBudget(db: BudgetDb, existing: { currency: string } | null | undefined, category: string, requested?: string): string {
  if (requested !== undefined) {
    const code = requested.trim().toUpperCase();
    const known = db.summary().currencies.map((c) => c.currency);
    if (!/^[A-Z]{3}$/.test(code) || !known.includes(code)) {
      throw new ToolInputError(`currency must be one of the data's currencies (${known.join(", ") || "none"}); got "${requested}"`);
    }
    return code;
  }
  return existing?.currency ?? budgetCurrency(db, category);
}

/** A budget amount as typed or sent: null when fine, else why not. */
export function budgetAmountProblem(amount: number): string | null {
  if (typeof amount !== "number" || !Number.isFinite(amount)) return "the amount must be a number, e.g. 450 or 450.50";
  if (round2(amount) <= 0) return "the amount must be a positive number (at least 0.01)";
  if (amount > MAX_BUDGET) return `the amount must be at most ${formatMoney(MAX_BUDGET, "")}`;
  return null;
}

/**
 * The category a budget is for: resolved like every category argument (exact, then a
 * unique case-insensitive match, else an error listing the names), and a spending one.
 */
export function budgetCategory(db: BudgetDb, requested: string): string {
  const name = resolveCategory(db, requested);
  const role = db.roleOf(name);
  if (role !== "spending") {
    const spending = db
      .categories()
      .map((c) => c.name)
      .filter((c) => db.roleOf(c) === "spending");
    throw new ToolInputError(
      `${name} is ${role === "income" ? "income" : "not spending"}: budgets are for spending categories (${spending.join(", ")}).`,
    );
  }
  return name;
}

/** The stored budget a name means: exact first, then the only one that fits in any letter case. */
export function findBudget<B extends { category: string }>(budgets: readonly B[], requested: string): B | undefined {
  const wanted = requested.trim();
  const exact = budgets.find((b) => b.category === wanted);
  if (exact) return exact;
  const fits = budgets.filter((b) => b.category.toLowerCase() === wanted.toLowerCase());
  return fits.length === 1 ? fits[0] : undefined;
}

/**
 * A budget amount typed as text (CLI, the page's form): "450", "450.50", "1'200" (de-CH
 * thousands separators and spaces are fine). Returns the amount, or why it is not one.
 */
export function parseBudgetAmount(text: string): { amount: number } | { problem: string } {
  const t = text.trim().replace(/['’\s]/g, "");
  if (!/^\d+(\.\d+)?$/.test(t)) return { problem: `the amount must be a positive number, e.g. 450 or 450.50; got "${text.trim()}"` };
  const amount = Number(t);
  const problem = budgetAmountProblem(amount);
  return problem ? { problem } : { amount: round2(amount) };
}
