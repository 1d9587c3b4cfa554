import { formatCount, formatMoney } from "../src/core/format.ts";
import { DataAgeLine } from "./DataAgeLine.tsx";
import { FilterSelect, type FilterOption } from "./FilterSelect.tsx";
import { Layout, type AssetUrl } from "./Layout.tsx";
import { RecentEdits, type RecentEditView } from "./RecentEdits.tsx";
import { numeric, ScrollTable } from "./ScrollTable.tsx";
import { TransactionRowView, type TransactionRowData } from "./TransactionRowView.tsx";

/** The filters as the form shows them (strings as typed; "" when not set). */
export type TransactionFilterValues = {
  q: string;
  category: string;
  merchant: string;
  account: string;
  currency: string;
  from: string;
  to: string;
  min: string;
  max: string;
  direction: string;
  sort: string;
  /** The filter sets of `any` (the rows of a figure's parts): each as the URL writes it, and in words. */
  any: { value: string; words: string }[];
};

export type TransactionsPageProps = {
  filters: TransactionFilterValues;
  /** Every category, every currency, every account in the data (for the selects; accounts by name or masked number). */
  categories: string[];
  currencies: string[];
  accounts: FilterOption[];
  totalRows: number;
  totals: { currency: string; out: number; in: number; net: number }[];
  rows: TransactionRowData[];
  page: number;
  pages: number;
  pageSize: number;
  /** Links the route built (views know no query syntax beyond what they are given). */
  links: { self: string; csv: string; clear: string; withoutAny: string; prev: string | null; next: string | null; presets: { label: string; href: string; current: boolean }[] };
  dataAge: string;
  edits: RecentEditView[];
  asset?: AssetUrl;
  userName?: string | null;
};

/** The swap every filter, preset and pager link makes: the whole main region, the URL pushed (back button works). */
const swap = { "hx-target": "#main", "hx-select": "#main", "hx-swap": "outerHTML", "hx-push-url": "true" } as const;
/** The list's own refresh after an edit or an undo: the same swap, the same URL, no new history entry. */
const refresh = { "hx-trigger": "data-changed from:body", "hx-target": "#main", "hx-select": "#main", "hx-swap": "outerHTML" } as const;

/** Every transaction, filtered by what the URL says; totals per currency; CSV; inline edits with Undo. */
export function TransactionsPage(p: TransactionsPageProps) {
  const f = p.filters;
  const showAccount = p.accounts.length > 0;
  const first = (p.page - 1) * p.pageSize + 1;
  // Filters in use (sort is an order, not a filter): the Filter button says how many.
  const active = [f.q, f.category, f.merchant, f.account, f.currency, f.from, f.to, f.min, f.max, f.direction].filter((v) => v !== "").length + (f.any.length ? 1 : 0);
  return (
    <Layout title="Transactions · budget-chat" asset={p.asset} bodyClass="page-transactions" nav={{ current: "transactions", user: p.userName ? { name: p.userName } : null }}>
      <main class="page wide transactions-page" id="main">
        <h1>Transactions</h1>
        <DataAgeLine text={p.dataAge} />
        {/* A phone folds the filters and presets behind this button (page.js), so its first screen shows transactions. */}
        <button type="button" class="filter-toggle" aria-expanded="false" aria-controls="tx-filter-panel">
          Filter{active ? ` (${active} in use)` : ""}
        </button>
        <div class="tx-filter-panel" id="tx-filter-panel">
          <form method="get" action="/transactions" hx-get="/transactions" {...swap} class="tx-filters" role="search" aria-label="Filter transactions">
            {/* The rows of a figure's parts stay selected while the other filters change (until "Show all rows"). */}
            {f.any.map((a) => (
              <input type="hidden" name="any" value={a.value} />
            ))}
            <div class="field grow">
              <label for="tx-q">Search</label>
              <input type="search" id="tx-q" name="q" value={f.q} maxlength={200} placeholder="merchant or description" />
            </div>
            <FilterSelect name="category" label="Category" all="All categories" options={p.categories} selected={f.category} />
            <div class="field">
              <label for="tx-merchant">Merchant</label>
              <input type="text" id="tx-merchant" name="merchant" value={f.merchant} maxlength={200} autocomplete="off" />
            </div>
            {showAccount ? <FilterSelect name="account" label="Account" all="All accounts" options={p.accounts} selected={f.account} /> : null}
            {p.currencies.length > 1 ? <FilterSelect name="currency" label="Currency" all="All currencies" options={p.currencies} selected={f.currency} /> : null}
            <div class="field">
              <label for="tx-from">From</label>
              <input type="date" id="tx-from" name="from" value={f.from} />
            </div>
            <div class="field">
              <label for="tx-to">To</label>
              <input type="date" id="tx-to" name="to" value={f.to} />
            </div>
            <div class="field small">
              <label for="tx-min">Min amount</label>
              <input type="text" inputmode="decimal" id="tx-min" name="min" value={f.min} maxlength={16} />
            </div>
            <div class="field small">
              <label for="tx-max">Max amount</label>
              <input type="text" inputmode="decimal" id="tx-max" name="max" value={f.max} maxlength={16} />
            </div>
            <div class="field">
              <label for="tx-direction">Direction</label>
              <select id="tx-direction" name="direction">
                <option value="">Out and in</option>
                <option value="out" selected={f.direction === "out"}>
                  Money out
                </option>
                <option value="in" selected={f.direction === "in"}>
                  Money in
                </option>
              </select>
            </div>
            <div class="field">
              <label for="tx-sort">Sort</label>
              <select id="tx-sort" name="sort">
                <option value="date">Newest first</option>
                <option value="amount" selected={f.sort === "amount"}>
                  Largest amount first
                </option>
              </select>
            </div>
            <div class="field actions">
              <button type="submit" class="primary">
                Apply
              </button>
              <a href={p.links.clear} hx-get={p.links.clear} {...swap}>
                Clear
              </a>
            </div>
          </form>
          <nav class="tx-presets" aria-label="Date range presets">
            {p.links.presets.map((x) => (
              <a href={x.href} hx-get={x.href} {...swap} class="button quiet" aria-current={x.current ? "true" : undefined}>
                {x.label}
              </a>
            ))}
          </nav>
        </div>
        {f.any.length ? (
          <p class="tx-any">
            Only the rows of {f.any.length === 1 ? "" : "any of: "}
            {f.any.map((a, i) => (
              <>
                {i ? "; " : ""}
                <strong>{a.words}</strong>
              </>
            ))}
            .{" "}
            <a href={p.links.withoutAny} hx-get={p.links.withoutAny} {...swap}>
              Show all rows
            </a>
          </p>
        ) : null}
        <section class="tx-totals" aria-label="Totals of the filtered transactions" id="tx-totals">
          <p>
            <strong>{formatCount(p.totalRows)}</strong> {p.totalRows === 1 ? "transaction" : "transactions"}
            {p.totalRows ? (
              <>
                {" "}
                · <a href={p.links.csv} download>Download CSV</a>
              </>
            ) : null}
          </p>
          {p.totals.map((t) => (
            <p class="tx-total">
              {t.currency}: money out <strong>{formatMoney(t.out, t.currency)}</strong>, money in <strong>{formatMoney(t.in, t.currency)}</strong>, net{" "}
              <strong>{formatMoney(t.net, t.currency)}</strong>
            </p>
          ))}
        </section>
        {p.rows.length ? (
          <ScrollTable
            label="Transactions"
            class="tx-table-wrap"
            table={{ class: "tx-table", id: "tx-results", "hx-get": p.links.self, ...refresh }}
            caption={
              <caption class="sr-only">
                Transactions {formatCount(first)}–{formatCount(first + p.rows.length - 1)} of {formatCount(p.totalRows)}
              </caption>
            }
            columns={["Date", "Merchant and description", "Category", showAccount ? "Account" : null, ...numeric("Amount"), { head: <span class="sr-only">Edit</span> }]}
          >
            {p.rows.map((r) => (
              <TransactionRowView row={r} categories={p.categories} showAccount={showAccount} swap={swap} />
            ))}
          </ScrollTable>
        ) : (
          <p class="muted" id="tx-results" hx-get={p.links.self} {...refresh}>
            No transaction matches these filters.
          </p>
        )}
        {p.pages > 1 ? (
          <nav class="pager" aria-label="Pages of transactions">
            {p.links.prev ? (
              <a href={p.links.prev} hx-get={p.links.prev} {...swap} rel="prev">
                ← Previous
              </a>
            ) : null}
            <span>
              Page {formatCount(p.page)} of {formatCount(p.pages)}
            </span>
            {p.links.next ? (
              <a href={p.links.next} hx-get={p.links.next} {...swap} rel="next">
                Next →
              </a>
            ) : null}
          </nav>
        ) : null}
        <RecentEdits edits={p.edits} />
      </main>
      {/* Outside #main: the list's refresh after an edit must not wipe the message and its Undo. */}
      <div id="toast" class="toast-region" role="status" aria-live="polite"></div>
    </Layout>
  );
}
