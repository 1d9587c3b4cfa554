import type { BudgetLine, BudgetMonth } from "../src/budgets/budgets.ts";
import { formatMoney, formatPercent, plural } from "../src/core/format.ts";
import { safeId } from "../src/ui/dom-ids.ts";
import { AppNav } from "./AppNav.tsx";
import { Layout, type AssetUrl } from "./Layout.tsx";

/** One spending category on the Budgets page: its figures as the budgets domain computes them. */
export type BudgetRowView = BudgetLine;

/** The totals under the table, as the budgets domain computes them. */
export type BudgetTotalsView = Pick<BudgetMonth, "totals" | "unbudgetedSpending" | "otherCurrencySpending" | "unclassifiedIn" | "currency">;

export type BudgetsPageProps = BudgetTotalsView & {
  /** "2026-10" */
  month: string | null;
  inProgress: boolean;
  /** The last transaction's date, for the month in progress. */
  lastDate: string | null;
  /** A past month whose data stops before its end: the last day with data (YYYY-MM-DD). */
  dataUntil: string | null;
  daysElapsed: number | null;
  daysInMonth: number | null;
  rows: BudgetRowView[];
  asset?: AssetUrl;
  /** Who is logged in (null in single-user local mode). */
  userName?: string | null;
};

export const budgetRowId = (category: string) => `budget-${safeId(category)}`;
const path = (category: string) => `/budgets/${encodeURIComponent(category)}`;

/** Budgets per spending category for the month, editable inline (htmx swaps the row). */
export function BudgetsPage(p: BudgetsPageProps) {
  return (
    <Layout title="Budgets · budget-chat" asset={p.asset} bodyClass="page-budgets">
      <main class="page budgets-page" id="main">
        <AppNav user={p.userName ? { name: p.userName } : null} current="budgets" />
        <h1>Budgets</h1>
        <p class="muted">
          A monthly amount per spending category, shared by the whole household.{" "}
          {p.month === null
            ? "There are no transactions yet."
            : p.inProgress
              ? `${p.month} is in progress: today is day ${p.daysElapsed} of ${p.daysInMonth}, data up to ${p.lastDate}; projections add the recurring payments still expected this month and the pace of the other spending to the month's end.`
              : p.dataUntil
                ? `Figures for ${p.month}: data until ${p.dataUntil} only (the month's data stops before its end), so the figures may be incomplete.`
                : `Figures for ${p.month}.`}
        </p>
        <BudgetTotals {...p} />
        <ul class="budget-list" id="budget-list">
          {p.rows.map((r) => (
            <BudgetRow row={r} />
          ))}
        </ul>
      </main>
    </Layout>
  );
}

/** Totals: the budgets, what was spent against them, and spending without a budget. */
export function BudgetTotals({ totals, unbudgetedSpending, otherCurrencySpending, unclassifiedIn, currency }: BudgetTotalsView) {
  return (
    <section class="budget-totals" id="budget-totals" aria-label="Totals">
      {totals.length ? (
        totals.map((t) => (
          <p>
            Total budget <strong>{formatMoney(t.budget, t.currency)}</strong>, spent <strong>{formatMoney(t.spent, t.currency)}</strong> (
            {formatPercent(t.spent, t.budget)})
            {t.projection !== null ? <>, projected {formatMoney(t.projection, t.currency)}</> : null}.
          </p>
        ))
      ) : (
        <p>No budgets yet: enter an amount for a category below.</p>
      )}
      <p class="muted">
        Spending without a budget:{" "}
        {unbudgetedSpending.length ? unbudgetedSpending.map((u) => formatMoney(u.spent, u.currency)).join(", ") : formatMoney(0, currency)}.
      </p>
      {otherCurrencySpending.length ? (
        <p class="muted">
          In other currencies, not counted against the budgets: {otherCurrencySpending.map((o) => `${o.category} ${formatMoney(o.spent, o.currency)}`).join(", ")}.
        </p>
      ) : null}
      {unclassifiedIn.length ? (
        <p class="muted">
          Unclassified money in (Uncategorised rows, neither spending nor income):{" "}
          {unclassifiedIn.map((u) => `${formatMoney(u.total, u.currency)} in ${plural(u.count, "transaction")}`).join(", ")}.
        </p>
      ) : null}
    </section>
  );
}

/** The state a row is in: its colour class and the words that say the same (never colour alone). */
function stateOf(r: BudgetRowView): { cls: string; words: string } {
  if (r.budget === null) return { cls: "state-none", words: "No budget" };
  if (r.over) return { cls: "state-over", words: "Over budget" };
  if (r.projectedOver) return { cls: "state-projected", words: "Projected over budget" };
  return { cls: "state-ok", words: "On track" };
}

/** One category: name, state, bar of % used, figures and the inline edit form. */
export function BudgetRow({ row: r, error, typed }: { row: BudgetRowView; error?: string | null; typed?: string }) {
  const id = budgetRowId(r.category);
  const inputId = `${id}-amount`;
  const state = stateOf(r);
  const pct = r.pctUsed === null ? 0 : Math.max(0, Math.min(100, Math.round(r.pctUsed)));
  return (
    <li class={`budget-row ${state.cls}`} id={id} data-category={r.category}>
      <div class="budget-head">
        <h2 class="budget-name">{r.category}</h2>
        <span class="budget-state">{state.words}</span>
      </div>
      {r.budget !== null ? (
        <div class="budget-bar">
          <span class="budget-track" aria-hidden="true">
            <span class={`hbar-fill budget-fill p${pct}`} data-pct={String(pct)}></span>
          </span>
          <span class="budget-pct">{formatPercent(r.pctUsed!, 100)} used</span>
        </div>
      ) : null}
      <dl class="budget-figures">
        <div>
          <dt>Spent</dt>
          <dd>{formatMoney(r.spent, r.currency)}</dd>
        </div>
        {r.remaining !== null ? (
          <div>
            <dt>Remaining</dt>
            <dd>{formatMoney(r.remaining, r.currency)}</dd>
          </div>
        ) : null}
        {r.projection !== null ? (
          <div>
            <dt>Projected</dt>
            <dd>{formatMoney(r.projection, r.currency)}</dd>
          </div>
        ) : null}
      </dl>
      <div class="budget-actions">
        <form class="budget-form" method="post" action={path(r.category)} hx-put={path(r.category)} hx-target={`#${id}`} hx-swap="outerHTML">
          <label for={inputId}>Monthly budget ({r.currency})</label>
          <input type="hidden" name="currency" value={r.currency} />
          <input
            type="text"
            inputmode="decimal"
            id={inputId}
            name="amount"
            value={typed ?? (r.budget === null ? "" : r.budget.toFixed(2))}
            placeholder="none"
            autocomplete="off"
            maxlength={20}
            aria-invalid={error ? "true" : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          <button type="submit">{r.budget === null ? "Set" : "Save"}</button>
        </form>
        {r.budget !== null ? (
          <form class="budget-remove" method="post" action={`${path(r.category)}/remove`} hx-delete={path(r.category)} hx-target={`#${id}`} hx-swap="outerHTML">
            <button type="submit" class="danger">
              Remove
            </button>
          </form>
        ) : null}
      </div>
      {error ? (
        <p class="budget-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </li>
  );
}
