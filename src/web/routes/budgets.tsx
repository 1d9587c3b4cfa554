/**
 * Budgets (SPEC §8) in the web app: the Budgets page with inline editing, and the JSON API.
 *
 * Browser (htmx, views/BudgetsPage.tsx), each for `?month=YYYY-MM` (default: the current calendar month):
 *   GET    /budgets                   the page: every spending category, its budget, the month's figures,
 *                                     the month picker and suggested amounts;
 *   PUT    /budgets/:category         form field `amount` (blank or 0 removes) → the row, plus the totals
 *                                     as an <hx-partial>; a bad amount → the row with the error (422);
 *   DELETE /budgets/:category         remove → the row;
 *   POST   /budgets/:category[/remove] the same without JavaScript (and the suggestions' Set), answered with a
 *                                     redirect to the month's page.
 * JSON:
 *   GET    /api/budgets               the month's figures for every budget;
 *   PUT    /api/budgets/:category     {"amount": n, "currency"?: "EUR"} (n > 0; a new budget's currency defaults to the
 *                                     one the category is spent in most, a changed one keeps its own) → its figures, before and after;
 *   DELETE /api/budgets/:category     → before; 404 when the category has no budget.
 *
 * Mounted after the session and Origin checks (src/web/server.ts), like every route that
 * reads or changes data. Budgets are the household's: every user sees and changes the
 * same ones; each change is audited with the user's name (store.budgets).
 */
import { Hono, type Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import { lazySchema } from "../../core/validation.ts";
import { dayToIso, localDay, monthKey, monthLabel } from "../../ledger/calendar.ts";
import { ChangeRefused, ToolInputError } from "../../core/errors.ts";
import { round2 } from "../../core/format.ts";
import { escapeHtml } from "../../core/html.ts";
import type { BudgetActor, BudgetAmountChange } from "../../store/budgets.ts";
import {
  budgetAmountProblem,
  budgetCategory,
  budgetMonth,
  budgetMonthOf,
  currencyOfBudget,
  findBudget,
  parseBudgetAmount,
  suggestedBudgets,
  type BudgetLine,
  type BudgetMonth,
} from "../../budgets/budgets.ts";
import { BudgetRow, BudgetsPage, BudgetTotals, type BudgetSuggestionsView } from "../../../views/BudgetsPage.tsx";
import { renderPage } from "../../../views/Layout.tsx";
import { assetUrl } from "../assets.ts";
import type { WebDeps, WebEnv } from "../context.ts";
import { toHtml } from "../sse-renderer.ts";
import { signedInName } from "../middleware/auth/index.ts";
import { formBody, jsonBody, refusalOf } from "../middleware/respond.ts";

const PutRequest = lazySchema(() => z.strictObject({ amount: z.number(), currency: z.string().max(10).optional() }));

type Outcome = { category: string; change: BudgetAmountChange | null };

/** The page's amount field does not read as an amount: its row shows what was typed, with why (422). */
class UnreadableAmount extends ChangeRefused {
  constructor(
    message: string,
    readonly typed: string,
  ) {
    super("invalid", message);
  }
}

/** "must be more than 0" → "Must be more than 0." */
const sentence = (problem: string) => `${problem[0]!.toUpperCase()}${problem.slice(1)}.`;

export function budgetRoutes(deps: WebDeps) {
  const r = new Hono<WebEnv>();
  const { store, budget } = deps;
  const asset = (name: string) => assetUrl(deps.assets, name);
  const actor = (c: Context<WebEnv>, via: BudgetActor["via"]): BudgetActor => {
    const user = c.get("user");
    return { via, by: user.name, userId: user.id };
  };

  /** The API's month (SPEC §8): the current calendar month when it has data, else the latest month with data (the calendar month when there is none). */
  const current = (): BudgetMonth => {
    const today = localDay(new Date());
    const month = budgetMonthOf(budget, {}, today) ?? monthKey(today);
    return budgetMonth(budget, store.budgets.list(), month, today);
  };
  /** The page's month: `?month=YYYY-MM`, default the current calendar month (with data or not: the page says so). */
  const pageMonth = (c: Context<WebEnv>): BudgetMonth => {
    const today = localDay(new Date());
    const asked = c.req.query("month");
    const m = asked === undefined || asked === "" ? null : /^(\d{4})-(0[1-9]|1[0-2])$/.exec(asked);
    if (asked && !m) throw new ChangeRefused("invalid", `Not a month: "${asked.slice(0, 20)}". Pick one from the list, e.g. 2026-10.`);
    const month = m ? Number(m[1]) * 12 + Number(m[2]) - 1 : monthKey(today);
    return budgetMonth(budget, store.budgets.list(), month, today);
  };
  /** Every line of the month: the budgeted ones by % used (most first), then every spending category without one by spending. */
  const lines = (s: BudgetMonth): BudgetLine[] => [...s.budgeted, ...s.unbudgeted];
  const lineOf = (s: BudgetMonth, category: string): BudgetLine | undefined => lines(s).find((l) => l.category === category);

  /**
   * Set a budget, in `currency` when one is asked for (else the budget's own, or the category's
   * default: currencyOfBudget). Refusals are thrown: no such category (UnknownCategory), one that
   * takes no budget (Income, Transfers: a ToolInputError), an amount that cannot be a budget, a
   * currency the data does not have.
   */
  const set = (c: Context<WebEnv>, via: BudgetActor["via"], requested: string, amount: number, currency?: string): Outcome => {
    const category = budgetCategory(budget, requested);
    const problem = budgetAmountProblem(amount);
    if (problem) throw new ChangeRefused("invalid", sentence(problem));
    let code: string;
    try {
      code = currencyOfBudget(budget, store.budgets.get(category), category, currency);
    } catch (e) {
      if (!(e instanceof ToolInputError)) throw e;
      throw new ChangeRefused("invalid", sentence(e.message));
    }
    return { category, change: store.budgets.set(category, round2(amount), code, actor(c, via)) };
  };

  const remove = (c: Context<WebEnv>, via: BudgetActor["via"], requested: string): Outcome => {
    const found = findBudget(store.budgets.list(), requested);
    if (!found) throw new ChangeRefused("not_found", `No budget for "${requested}".`);
    return { category: found.category, change: store.budgets.remove(found.category, actor(c, via)) };
  };

  /** The row (and the totals, out of band) after an htmx change. */
  const rowResponse = (c: Context<WebEnv>, category: string | undefined, status: ContentfulStatusCode, error?: string, typed?: string) => {
    const s = pageMonth(c);
    const line = category ? lineOf(s, category) : undefined;
    c.header("Cache-Control", "no-store");
    if (!line) return c.html(`<p class="budget-error" role="alert">${escapeHtml(error ?? "Unknown category.")}</p>`, status);
    const totals = `<hx-partial hx-target="#budget-totals" hx-swap="outerHTML">${toHtml(<BudgetTotals {...s} />)}</hx-partial>`;
    return c.html(toHtml(<BudgetRow row={line} month={s.label} error={error} typed={typed} />) + totals, status);
  };

  const fromForm = async (c: Context<WebEnv>): Promise<{ text: string; currency?: string }> => {
    // The one form reader: a malformed body is a 400, never a 500.
    const body = await formBody(c);
    return { text: typeof body.amount === "string" ? body.amount : "", currency: typeof body.currency === "string" && body.currency ? body.currency : undefined };
  };

  /** A form's amount: blank or 0 removes the budget. */
  const applyForm = (c: Context<WebEnv>, category: string, text: string, currency?: string): Outcome => {
    if (text.trim() === "" || /^0+(\.0*)?$/.test(text.trim())) {
      const found = findBudget(store.budgets.list(), category);
      return found ? remove(c, "page", found.category) : { category: lookup(category), change: null };
    }
    const parsed = parseBudgetAmount(text);
    if ("problem" in parsed) throw new UnreadableAmount(sentence(parsed.problem), text);
    // The currency the row shows (the budget's own, or the category's default) is the one it is set in.
    return set(c, "page", category, parsed.amount, currency);
  };
  /** A refused change as its row shows it: the status (422 for an amount that does not read as one) and what was typed. */
  const refusedRow = (c: Context<WebEnv>, requested: string, e: unknown) => {
    const refused = refusalOf(e);
    if (!refused) throw e;
    const typed = e instanceof UnreadableAmount ? e.typed : undefined;
    return rowResponse(c, lookup(requested), typed === undefined ? refused.status : 422, (e as Error).message, typed);
  };
  const lookup = (requested: string) => {
    try {
      return budgetCategory(budget, requested);
    } catch {
      return requested;
    }
  };

  r.get("/budgets", async (c) => {
    const s = pageMonth(c);
    const l = budget.ledger();
    // yyyymmdd of the month's first and last possible day.
    const first = Math.floor(s.month / 12) * 10000 + ((s.month % 12) + 1) * 100;
    const [start, end] = l.rangeOf(first + 1, first + 31);
    return c.html(
      await renderPage(
        <BudgetsPage
          month={s.label}
          inProgress={s.inProgress}
          lastDate={dayToIso(l.lastDay)}
          dataUntil={dayToIso(s.dataUntil)}
          noData={end <= start}
          daysElapsed={s.daysElapsed}
          daysInMonth={s.daysInMonth}
          rows={lines(s)}
          months={pickerMonths(l.firstDay, l.lastDay, localDay(new Date()), s.month)}
          suggestions={suggestions(s)}
          totals={s.totals}
          unbudgetedSpending={s.unbudgetedSpending}
          otherCurrencySpending={s.otherCurrencySpending}
          unclassifiedIn={s.unclassifiedIn}
          currency={s.currency}
          asset={asset}
          userName={signedInName(c.get("user"))}
        />,
      ),
    );
  });

  /** SPEC §8's starting amounts, for the three largest spending categories that have no budget yet. */
  const suggestions = (s: BudgetMonth): BudgetSuggestionsView => {
    const all = suggestedBudgets(budget, Number.MAX_SAFE_INTEGER);
    const open = new Set(s.unbudgeted.map((u) => u.category));
    return { from: all.months[0] ?? null, to: all.months.at(-1) ?? null, currency: all.currency, items: all.suggestions.filter((x) => open.has(x.category)).slice(0, 3) };
  };

  r.put("/budgets/:category", async (c) => {
    const category = c.req.param("category");
    const { text, currency } = await fromForm(c);
    try {
      return rowResponse(c, applyForm(c, category, text, currency).category, 200);
    } catch (e) {
      return refusedRow(c, category, e);
    }
  });

  r.delete("/budgets/:category", (c) => {
    const category = c.req.param("category");
    try {
      return rowResponse(c, remove(c, "page", category).category, 200);
    } catch (e) {
      return refusedRow(c, category, e);
    }
  });

  // Without JavaScript: the same changes as plain form posts (a refusal is its message as plain text).
  const plainForm = (c: Context<WebEnv>, change: () => unknown) => {
    try {
      change();
    } catch (e) {
      const refused = refusalOf(e);
      if (!refused) throw e;
      return c.text((e as Error).message, refused.status);
    }
    return c.redirect(`/budgets?month=${pageMonth(c).label}`, 303);
  };
  r.post("/budgets/:category", async (c) => {
    const { text, currency } = await fromForm(c);
    return plainForm(c, () => applyForm(c, c.req.param("category"), text, currency));
  });
  r.post("/budgets/:category/remove", (c) => plainForm(c, () => remove(c, "page", c.req.param("category"))));

  r.get("/api/budgets", (c) => {
    const s = current();
    const stored = new Map(store.budgets.list().map((b) => [b.category, b]));
    const l = budget.ledger();
    return c.json({
      month: s.label,
      in_progress: s.inProgress,
      last_date: dayToIso(l.lastDay),
      data_until: dayToIso(s.dataUntil),
      days_elapsed: s.daysElapsed,
      days_in_month: s.daysInMonth,
      currency: s.currency,
      budgets: s.budgeted.map((b) => ({ ...lineJson(b), updated_at: stored.get(b.category)?.updatedAt ?? null, updated_by: stored.get(b.category)?.updatedBy ?? null })),
      totals: s.totals.map((t) => ({ currency: t.currency, budget: round2(t.budget), spent: round2(t.spent), projection: t.projection === null ? null : round2(t.projection) })),
      unbudgeted_spending: s.unbudgetedSpending.map((u) => ({ currency: u.currency, spent: round2(u.spent) })),
      other_currency_spending: s.otherCurrencySpending.map((o) => ({ category: o.category, currency: o.currency, spent: round2(o.spent) })),
      unclassified_money_in: s.unclassifiedIn.map((u) => ({ currency: u.currency, total: round2(u.total), count: u.count })),
    });
  });

  r.put("/api/budgets/:category", jsonBody(PutRequest, (problem) => `invalid request: ${problem}; send {"amount": 600}`), async (c) => {
    const { amount, currency } = c.req.valid("json");
    // As set_budget (SPEC §8): 0 removes the budget.
    if (amount === 0) {
      const gone = remove(c, "api", c.req.param("category"));
      return c.json({ removed: gone.category, before: gone.change?.before ?? null });
    }
    const res = set(c, "api", c.req.param("category"), amount, currency);
    const line = lineOf(current(), res.category)!;
    return c.json({ budget: lineJson(line), before: res.change?.before ?? null, after: res.change?.after ?? null });
  });

  r.delete("/api/budgets/:category", (c) => {
    const res = remove(c, "api", c.req.param("category"));
    return c.json({ removed: res.category, before: res.change?.before ?? null });
  });

  return r;
}

/** A line as the JSON API shows it: money rounded to cents, % used to one decimal. */
function lineJson(b: BudgetLine) {
  const money = (v: number | null) => (v === null ? null : round2(v));
  return {
    category: b.category,
    amount: b.budget,
    currency: b.currency,
    spent: round2(b.spent),
    remaining: money(b.remaining),
    pct_used: b.pctUsed === null ? null : Math.round(b.pctUsed * 10) / 10,
    projection: money(b.projection),
    over: b.over,
    projected_over: b.projectedOver,
  };
}

/**
 * The months the picker offers, newest first: from the data's first month to the later of
 * today's month and the data's last (a month without data says so when picked), and the
 * month shown even when it lies outside them.
 */
export function pickerMonths(firstDay: number | null, lastDay: number | null, today: number, shown: number): string[] {
  const newest = Math.max(monthKey(today), lastDay === null ? 0 : monthKey(lastDay), shown);
  const oldest = Math.min(firstDay === null ? monthKey(today) : monthKey(firstDay), shown);
  const out: string[] = [];
  for (let m = newest; m >= oldest; m--) out.push(monthLabel(m));
  return out;
}
