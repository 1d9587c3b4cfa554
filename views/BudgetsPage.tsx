import type { BudgetLine, BudgetMonth } from "../src/budgets/budgets.ts";
import { formatDate, formatMoney, formatMonth, formatPercent, plural } from "../src/core/format.ts";
import { safeId } from "../src/ui/dom-ids.ts";
import { Layout, type AssetUrl } from "./Layout.tsx";

/** One spending category on the Budgets page: its figures as the budgets domain computes them. */
export type BudgetRowView = BudgetLine;

/** The totals under the table, as the budgets domain computes them. */
export type BudgetTotalsView = Pick<BudgetMonth, "totals" | "unbudgetedSpending" | "otherCurrencySpending" | "unclassifiedIn" | "currency">;

export type BudgetsPageProps = BudgetTotalsView & {
  /** The month shown, "2026-10". */
  month: string;
  inProgress: boolean;
  /** The last transaction's date (YYYY-MM-DD), null with no transactions at all. */
  lastDate: string | null;
  /** A past month whose data stops before its end: the last day with data (YYYY-MM-DD). */
  dataUntil: string | null;
  /** The month has no transaction (not imported yet, or before the data starts). */
  noData: boolean;
  daysElapsed: number | null;
  daysInMonth: number | null;
  /** Budgeted categories by % used (most first), then the others by spending. */
  rows: BudgetRowView[];
  /** The months the picker offers ("2026-11"), newest first. */
  months: string[];
  /** Starting amounts for the largest spending categories without a budget (SPEC §8's rule). */
  suggestions: BudgetSuggestionsView;
  asset?: AssetUrl;
  /** Who is logged in (null in single-user local mode). */
  userName?: string | null;
};

export type BudgetSuggestionsView = { from: string | null; to: string | null; currency: string; items: { category: string; average: number }[] };

export const budgetRowId = (category: string) => `budget-${safeId(category)}`;
/** A category's address, for the month shown (the answer to a change is that month's row). */
const path = (category: string, month: string) => `/budgets/${encodeURIComponent(category)}?month=${month}`;
/** The month picker and the suggestions' forms reload the whole page region, as the Transactions page does. */
const swap = { "hx-target": "#main", "hx-select": "#main", "hx-swap": "outerHTML", "hx-push-url": "true" } as const;

/** What the figures are for, in words: the month in progress, a month whose data stops early, a month without data. */
function monthNote(p: BudgetsPageProps): string {
  const month = formatMonth(p.month);
  const upTo = p.lastDate ? `your data goes up to ${formatDate(p.lastDate)}` : "there are no transactions yet";
  if (p.noData) return `No transactions in ${month}: ${upTo}. Import newer statements, or pick another month.`;
  if (p.inProgress)
    return `${month} is in progress: today is day ${p.daysElapsed} of ${p.daysInMonth}, data up to ${formatDate(p.lastDate!)}; projections add the recurring payments still expected this month and the pace of the other spending to the month's end.`;
  if (p.dataUntil) return `Figures for ${month}: data until ${formatDate(p.dataUntil)} only (the month's data stops before its end), so the figures may be incomplete.`;
  return `Figures for ${month}.`;
}

/** Budgets per spending category for a month (the picker; default the current month), editable inline (htmx swaps the row). */
export function BudgetsPage(p: BudgetsPageProps) {
  const i = p.months.indexOf(p.month);
  const newer = i > 0 ? p.months[i - 1] : undefined;
  const older = i >= 0 && i < p.months.length - 1 ? p.months[i + 1] : undefined;
  return (
    <Layout title="Budgets · budget-chat" asset={p.asset} bodyClass="page-budgets" nav={{ current: "budgets", user: p.userName ? { name: p.userName } : null }}>
      <main class="page budgets-page" id="main">
        <h1>Budgets</h1>
        <p class="muted">A monthly amount per spending category, shared by the whole household.</p>
        <form method="get" action="/budgets" hx-get="/budgets" hx-trigger="change" {...swap} class="month-picker" aria-label="Month">
          {older ? (
            <a href={`/budgets?month=${older}`} hx-get={`/budgets?month=${older}`} {...swap} class="button quiet" aria-label={`Previous month, ${formatMonth(older)}`}>
              ←
            </a>
          ) : null}
          <label for="budget-month">Month</label>
          <select id="budget-month" name="month">
            {p.months.map((m) => (
              <option value={m} selected={m === p.month}>
                {formatMonth(m)}
              </option>
            ))}
          </select>
          <button type="submit">
            Show
          </button>
          {newer ? (
            <a href={`/budgets?month=${newer}`} hx-get={`/budgets?month=${newer}`} {...swap} class="button quiet" aria-label={`Next month, ${formatMonth(newer)}`}>
              →
            </a>
          ) : null}
        </form>
        <p class={p.noData ? "notice month-note" : "muted month-note"} id="month-note">
          {monthNote(p)}
        </p>
        <BudgetTotals {...p} />
        <BudgetSuggestions suggestions={p.suggestions} month={p.month} />
        <ul class="budget-list" id="budget-list">
          {p.rows.map((r) => (
            <BudgetRow row={r} month={p.month} />
          ))}
        </ul>
      </main>
    </Layout>
  );
}

/**
 * Starting amounts (SPEC §8): the largest spending categories without a budget, each at its
 * monthly average over the last three full months, set with one click.
 */
export function BudgetSuggestions({ suggestions: s, month }: { suggestions: BudgetSuggestionsView; month: string }) {
  if (!s.items.length) return null;
  const span = s.from && s.to ? (s.from === s.to ? formatMonth(s.from) : `${formatMonth(s.from)} to ${formatMonth(s.to)}`) : null;
  return (
    <section class="budget-suggestions" id="budget-suggestions" aria-labelledby="budget-suggestions-title">
      <h2 id="budget-suggestions-title">Suggested amounts</h2>
      <p class="muted">Your largest spending categories without a budget, at their monthly average{span ? ` from ${span}` : ""}.</p>
      <ul>
        {s.items.map((x) => (
          <li>
            <form method="post" action={path(x.category, month)} hx-post={path(x.category, month)} {...swap} {...{ "hx-push-url": "false" }} class="suggestion-form">
              <input type="hidden" name="amount" value={x.average.toFixed(2)} />
              {/* The amount is an average in the suggestions' currency: the budget is set in that one, not the category's default. */}
              <input type="hidden" name="currency" value={s.currency} />
              <span class="suggestion-name">{x.category}</span> <span class="suggestion-amount">{formatMoney(x.average, s.currency)}</span>
              <button type="submit" aria-label={`Set ${x.category} to ${formatMoney(x.average, s.currency)} a month`}>
                Set
              </button>
            </form>
          </li>
        ))}
      </ul>
    </section>
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
export function BudgetRow({ row: r, month, error, typed }: { row: BudgetRowView; month: string; error?: string | null; typed?: string }) {
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
          <dd>
            {formatMoney(r.spent, r.currency)}
            {r.elsewhere?.length ? ` (and ${r.elsewhere.map((o) => formatMoney(o.spent, o.currency)).join(", ")})` : ""}
          </dd>
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
        <form class="budget-form" method="post" action={path(r.category, month)} hx-put={path(r.category, month)} hx-target={`#${id}`} hx-swap="outerHTML">
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
          <form
            class="budget-remove"
            method="post"
            action={`/budgets/${encodeURIComponent(r.category)}/remove?month=${month}`}
            hx-delete={path(r.category, month)}
            hx-target={`#${id}`}
            hx-swap="outerHTML"
          >
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
