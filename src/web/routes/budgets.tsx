/**
 * Budgets (SPEC §8) in the web app: the Budgets page with inline editing, and the JSON API.
 *
 * Browser (htmx, views/BudgetsPage.tsx):
 *   GET    /budgets                   the page: every spending category, its budget, this month's figures;
 *   PUT    /budgets/:category         form field `amount` (blank or 0 removes) → the row, plus the totals
 *                                     as an <hx-partial>; a bad amount → the row with the error (422);
 *   DELETE /budgets/:category         remove → the row;
 *   POST   /budgets/:category[/remove] the same without JavaScript, answered with a redirect to /budgets.
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
import { z } from "zod";
import { dayToIso, localDay, monthKey } from "../../ledger/calendar.ts";
import { ToolInputError } from "../../core/errors.ts";
import { round2 } from "../../core/format.ts";
import { escapeHtml } from "../../core/html.ts";
import { oneLineError } from "../../core/validation.ts";
import type { BudgetActor, BudgetAmountChange } from "../../store/budgets.ts";
import {
  budgetAmountProblem,
  budgetCategory,
  budgetMonth,
  budgetMonthOf,
  currencyOfBudget,
  findBudget,
  parseBudgetAmount,
  type BudgetLine,
  type BudgetMonth,
} from "../../budgets/budgets.ts";
import { BudgetRow, BudgetsPage, BudgetTotals } from "../../../views/BudgetsPage.tsx";
import { renderPage } from "../../../views/Layout.tsx";
import { assetUrl } from "../assets.ts";
import type { WebDeps, WebEnv } from "../context.ts";
import { toHtml } from "../sse-renderer.ts";
import { LOCAL_USER_ID } from "../../core/vocab.ts";
import { formBody } from "../middleware/respond.ts";

const PutRequest = z.strictObject({ amount: z.number(), currency: z.string().max(10).optional() });

type Outcome = { ok: true; category: string; change: BudgetAmountChange | null } | { ok: false; status: 400 | 404; message: string; category?: string };

export function budgetRoutes(deps: WebDeps) {
  const r = new Hono<WebEnv>();
  const { store, budget } = deps;
  const asset = (name: string) => assetUrl(deps.assets, name);
  const actor = (c: Context<WebEnv>, via: BudgetActor["via"]): BudgetActor => {
    const user = c.get("user");
    return { via, by: user.name, userId: user.id };
  };

  /** This month's figures: the current calendar month when it has data, else the latest month with data (the calendar month when there is none). */
  const current = (): BudgetMonth => {
    const today = localDay(new Date());
    const month = budgetMonthOf(budget, {}, today) ?? monthKey(today);
    return budgetMonth(budget, store.budgets.list(), month, today);
  };
  /** Every line of the month: the budgeted ones and every spending category without one, by name. */
  const lines = (s: BudgetMonth): BudgetLine[] => [...s.budgeted, ...s.unbudgeted].sort((a, b) => a.category.localeCompare(b.category));
  const lineOf = (s: BudgetMonth, category: string): BudgetLine | undefined => lines(s).find((l) => l.category === category);

  const set = (c: Context<WebEnv>, via: BudgetActor["via"], requested: string, amount: number, currency?: string): Outcome => {
    let category: string;
    try {
      category = budgetCategory(budget, requested);
    } catch (e) {
      if (!(e instanceof ToolInputError)) throw e;
      // No such category: 404. One that exists but takes no budget (Income, Transfers) or is ambiguous: 400.
      const wanted = requested.trim().toLowerCase();
      const exists = budget.categories().some((x) => x.name.toLowerCase() === wanted);
      return { ok: false, status: exists ? 400 : 404, message: e.message };
    }
    const problem = budgetAmountProblem(amount);
    if (problem) return { ok: false, status: 400, message: `${problem[0]!.toUpperCase()}${problem.slice(1)}.`, category };
    let code: string;
    try {
      code = currencyOfBudget(budget, store.budgets.get(category), category, currency);
    } catch (e) {
      if (!(e instanceof ToolInputError)) throw e;
      return { ok: false, status: 400, message: `${e.message[0]!.toUpperCase()}${e.message.slice(1)}.`, category };
    }
    return { ok: true, category, change: store.budgets.set(category, round2(amount), code, actor(c, via)) };
  };

  const remove = (c: Context<WebEnv>, via: BudgetActor["via"], requested: string): Outcome => {
    const found = findBudget(store.budgets.list(), requested);
    if (!found) return { ok: false, status: 404, message: `No budget for "${requested}".` };
    return { ok: true, category: found.category, change: store.budgets.remove(found.category, actor(c, via)) };
  };

  /** The row (and the totals, out of band) after an htmx change. */
  const rowResponse = (c: Context<WebEnv>, category: string | undefined, status: 200 | 400 | 404 | 422, error?: string, typed?: string) => {
    const s = current();
    const line = category ? lineOf(s, category) : undefined;
    c.header("Cache-Control", "no-store");
    if (!line) return c.html(`<p class="budget-error" role="alert">${escapeHtml(error ?? "Unknown category.")}</p>`, status);
    const totals = `<hx-partial hx-target="#budget-totals" hx-swap="outerHTML">${toHtml(<BudgetTotals {...s} />)}</hx-partial>`;
    return c.html(toHtml(<BudgetRow row={line} error={error} typed={typed} />) + totals, status);
  };

  const fromForm = async (c: Context<WebEnv>): Promise<{ text: string; currency?: string }> => {
    // The one form reader: a malformed body is a 400, never a 500.
    const body = await formBody(c);
    return { text: typeof body.amount === "string" ? body.amount : "", currency: typeof body.currency === "string" && body.currency ? body.currency : undefined };
  };

  /** A form's amount: blank or 0 removes the budget. */
  const applyForm = (c: Context<WebEnv>, category: string, text: string, currency?: string): Outcome | { ok: false; status: 422; message: string; typed: string } => {
    if (text.trim() === "" || /^0+(\.0*)?$/.test(text.trim())) {
      const found = findBudget(store.budgets.list(), category);
      return found ? remove(c, "page", found.category) : { ok: true, category: lookup(category), change: null };
    }
    const parsed = parseBudgetAmount(text);
    if ("problem" in parsed) return { ok: false, status: 422, message: `${parsed.problem[0]!.toUpperCase()}${parsed.problem.slice(1)}.`, typed: text };
    // The currency the row shows (the budget's own, or the category's default) is the one it is set in.
    return set(c, "page", category, parsed.amount, currency);
  };
  const lookup = (requested: string) => {
    try {
      return budgetCategory(budget, requested);
    } catch {
      return requested;
    }
  };

  r.get("/budgets", async (c) => {
    const s = current();
    const l = budget.ledger();
    return c.html(
      await renderPage(
        <BudgetsPage
          month={l.lastDay === null ? null : s.label}
          inProgress={s.inProgress}
          lastDate={dayToIso(l.lastDay)}
          dataUntil={dayToIso(s.dataUntil)}
          daysElapsed={s.daysElapsed}
          daysInMonth={s.daysInMonth}
          rows={lines(s)}
          totals={s.totals}
          unbudgetedSpending={s.unbudgetedSpending}
          otherCurrencySpending={s.otherCurrencySpending}
          unclassifiedIn={s.unclassifiedIn}
          currency={s.currency}
          asset={asset}
          userName={c.get("user").id === LOCAL_USER_ID ? null : c.get("user").name}
        />,
      ),
    );
  });

  r.put("/budgets/:category", async (c) => {
    const category = c.req.param("category");
    const { text, currency } = await fromForm(c);
    const res = applyForm(c, category, text, currency);
    if (res.ok) return rowResponse(c, res.category, 200);
    return rowResponse(c, "category" in res ? res.category : lookup(category), res.status, res.message, "typed" in res ? res.typed : undefined);
  });

  r.delete("/budgets/:category", (c) => {
    const res = remove(c, "page", c.req.param("category"));
    if (res.ok) return rowResponse(c, res.category, 200);
    return rowResponse(c, lookup(c.req.param("category")), res.status, res.message);
  });

  // Without JavaScript: the same changes as plain form posts.
  r.post("/budgets/:category", async (c) => {
    const { text, currency } = await fromForm(c);
    const res = applyForm(c, c.req.param("category"), text, currency);
    if (!res.ok) return c.text(res.message, res.status);
    return c.redirect("/budgets", 303);
  });
  r.post("/budgets/:category/remove", (c) => {
    const res = remove(c, "page", c.req.param("category"));
    if (!res.ok) return c.text(res.message, res.status);
    return c.redirect("/budgets", 303);
  });

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

  r.put("/api/budgets/:category", async (c) => {
    const body = PutRequest.safeParse(await c.req.json().catch(() => undefined));
    if (!body.success) return c.json({ error: `invalid request: ${oneLineError(body.error)}; send {"amount": 600}` }, 400);
    // As set_budget (SPEC §8): 0 removes the budget.
    if (body.data.amount === 0) {
      const gone = remove(c, "api", c.req.param("category"));
      if (!gone.ok) return c.json({ error: gone.message }, gone.status);
      return c.json({ removed: gone.category, before: gone.change?.before ?? null });
    }
    const res = set(c, "api", c.req.param("category"), body.data.amount, body.data.currency);
    if (!res.ok) return c.json({ error: res.message }, res.status);
    const line = lineOf(current(), res.category)!;
    return c.json({ budget: lineJson(line), before: res.change?.before ?? null, after: res.change?.after ?? null });
  });

  r.delete("/api/budgets/:category", (c) => {
    const res = remove(c, "api", c.req.param("category"));
    if (!res.ok) return c.json({ error: res.message }, res.status);
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
