/**
 * The rows a spending figure counts, as the Transactions page's filters (SPEC §1, §11.1 drill-down). A spending tool
 * that names no category (merchant_breakdown of all spending, compare_periods by merchant, a call of one account) counts a
 * merchant's or account's rows of the spending categories only, Uncategorised ones money out only; the page's filters of
 * that merchant or account open all its rows, whose total is another: CSS's insurance reimbursements (Income) netted
 * against its premiums, CHF 11'175.72 for spending of CHF 11'774.99. The page opens the counted rows exactly with one
 * more filter when one does it: the one category they are all in, or money out when they are all of the money out and
 * the others all of the money in. Else no filters do it, and the figure gets no link rather than rows of another total.
 */
import type { RowFilters } from "../core/figures.ts";
import type { TurnFigureOptions } from "../figures/turn.ts";
import type { BudgetDb } from "../ledger/reader.ts";
import { listedTransactions } from "../tools/query/listed.ts";
import { UNCATEGORISED } from "../ledger/schema.ts";
import { allTransactions, transactionsPage } from "./listing.ts";

const fold = (s: string) => s.trim().toLowerCase();

/**
 * The filters that open exactly the rows of `rows` a spending figure counts: `rows` itself when it counts them all,
 * with a category or `direction=out` added when that leaves out exactly those it does not count, else null.
 */
export function spendingRowsFilter(db: BudgetDb, rows: RowFilters): RowFilters | null {
  if (rows.id !== undefined || rows.category !== undefined) return rows;
  const { id: _id, amount: _amount, ...filters } = rows;
  const categories = new Set<string>();
  let uncounted = 0;
  // Whether the counted rows are all of the money out, and the others all of the money in.
  let splitByDirection = true;
  for (const r of allTransactions(db, { ...filters, sort: "date", page: 1 })) {
    const counted = db.roleOf(r.category) === "spending" && !(fold(r.category) === fold(UNCATEGORISED) && r.amount > 0);
    if (counted) categories.add(r.category);
    else uncounted++;
    if (counted !== r.amount < 0) splitByDirection = false;
  }
  if (!uncounted) return rows;
  if (categories.size === 1) {
    const category = [...categories][0]!;
    return { ...rows, category, ...(fold(category) === fold(UNCATEGORISED) ? { direction: "out" as const } : {}) };
  }
  return categories.size && splitByDirection && rows.direction === undefined ? { ...rows, direction: "out" } : null;
}

/** How many rows the page opens for these filters (a recurring series' payments are linked only when they are all its rows). */
export function pageRowCount(db: BudgetDb, rows: RowFilters): number {
  return transactionsPage(db, { ...rows, sort: "date", page: 1 }).totalRows;
}

/** What the figure check asks the data about a figure's rows (src/figures/turn.ts): a listed row's transaction, a spending figure's rows, a count of rows. */
export function figureRowsData(db: BudgetDb): Required<Pick<TurnFigureOptions, "rowIds" | "spendingRows" | "rowCount">> {
  return {
    rowIds: (row, input) => listedTransactions(db, row, input),
    spendingRows: (rows) => spendingRowsFilter(db, rows),
    rowCount: (rows) => pageRowCount(db, rows),
  };
}
