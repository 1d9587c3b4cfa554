/**
 * The transaction a tool's listed row is (SPEC §11.1 drill-down: a figure of one listed transaction links to that
 * row): the rows of its day with its amount and currency, its merchant and category as the line prints them, that
 * pass the call's own filters (its period, category, account, currency, search, direction, amount bounds, as
 * selectTransactions reads them). Every filter is one the listed row itself passes, so when one row is left it is the
 * row the tool listed; several alike leave no answer.
 */
import type { ListedRow, ListedTransaction } from "../../core/figures.ts";
import type { BudgetDb } from "../../ledger/reader.ts";
import { UNKNOWN_MERCHANT } from "../../ledger/schema.ts";
import { forEachRow } from "./rows.ts";
import { selectTransactions } from "./selection.ts";

/** The transactions a listed row may be, within the call's own filters (its input as the model gave it). */
export function listedTransactions(db: BudgetDb, row: ListedRow, input: unknown): ListedTransaction[] {
  let selected: ReturnType<typeof selectTransactions>;
  try {
    selected = selectTransactions(db, (input ?? {}) as Parameters<typeof selectTransactions>[1]);
  } catch {
    return []; // a call this reading of its input would not select rows for: no row is known
  }
  const { ledger: l, filter } = selected;
  const { from, to } = filter.period;
  if ((from !== null && row.day < from) || (to !== null && row.day > to)) return [];
  const cents = Math.round(Math.abs(row.amount) * 100);
  const currency = row.currency.trim().toUpperCase();
  const out: ListedTransaction[] = [];
  forEachRow(l, { ...filter, period: { from: row.day, to: row.day, label: "" } }, (i) => {
    if (Math.round(Math.abs(l.amountAt(i)) * 100) !== cents || l.currencyCode(i).trim().toUpperCase() !== currency) return;
    if (row.merchant !== undefined && (l.merchantName(i) ?? UNKNOWN_MERCHANT) !== row.merchant) return;
    if (row.category !== undefined && l.categoryName(i) !== row.category) return;
    out.push({ id: l.idAt(i), day: l.dayAt(i), amount: l.amountAt(i), currency: l.currencyCode(i) });
  });
  return out;
}
