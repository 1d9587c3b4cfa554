/**
 * "See these transactions": the Transactions page's address for the rows behind a tool's
 * chart or table (SPEC §12). A read tool whose rows the page can select exactly says which
 * filters those are (its `rowsLink`, src/tools/types.ts) with these helpers; a tool whose
 * rows the page's filters would not match (spending across categories, recurring series,
 * comparisons) has none.
 */
import { daysInMonth } from "../ledger/calendar.ts";
import { transactionQueryString, type TransactionQuery } from "./query.ts";

/** The page's address for these filters. */
export function transactionsHref(q: Partial<TransactionQuery>): string {
  return `/transactions${transactionQueryString(q)}`;
}

/** The period and currency of a tool call as the page's filters: a year or a month becomes its first and last day. */
export function callScope(i: { year?: number; month?: number; from?: string; to?: string; currency?: string }): Partial<TransactionQuery> {
  const currency = i.currency?.trim().toUpperCase() || undefined;
  if (i.year === undefined) return { from: i.from, to: i.to, currency };
  const y = String(i.year).padStart(4, "0");
  if (i.month === undefined) return { from: `${y}-01-01`, to: `${y}-12-31`, currency };
  const m = String(i.month).padStart(2, "0");
  return { from: `${y}-${m}-01`, to: `${y}-${m}-${String(daysInMonth(i.year, i.month)).padStart(2, "0")}`, currency };
}
