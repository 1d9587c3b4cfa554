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
import { unclassifiedInflow } from "../ledger/categories.ts";
import type { BudgetDb } from "../ledger/reader.ts";
import { UNCATEGORISED } from "../ledger/schema.ts";
import { eachMatch } from "./listing.ts";
import { fold } from "./query.ts";

/**
 * The filters that open exactly the rows of `rows` a spending figure counts: `rows` itself when it counts them all,
 * with a category or `direction=out` added when that leaves out exactly those it does not count, else null. The rows
 * are read where they stand in the ledger (their category and amount), not made into the page's rows.
 */
export function spendingRowsFilter(db: BudgetDb, rows: RowFilters): RowFilters | null {
  if (rows.id !== undefined || rows.category !== undefined) return rows;
  const { id: _id, amount: _amount, ...filters } = rows;
  const categories = new Set<number>();
  let uncounted = 0;
  // Whether the counted rows are all of the money out, and the others all of the money in. A row of no amount is
  // neither: the rows cannot be told apart by direction then (no link rather than one that leaves it out).
  let splitByDirection = true;
  let spending: Uint8Array | undefined;
  let unclassified: ((i: number) => boolean) | undefined;
  let names: readonly string[] = [];
  eachMatch(db, filters, (l, i) => {
    if (!spending) {
      names = l.categoryNames;
      spending = Uint8Array.from(names, (c) => (db.roleOf(c) === "spending" ? 1 : 0));
      unclassified = unclassifiedInflow(l);
    }
    const c = l.categoryAt(i);
    const counted = spending[c] === 1 && !unclassified!(i);
    if (counted) categories.add(c);
    else uncounted++;
    if (counted !== l.amountAt(i) < 0) splitByDirection = false;
  });
  if (!uncounted) return rows;
  if (categories.size === 1) {
    const category = names[[...categories][0]!]!;
    return { ...rows, category, ...(fold(category) === fold(UNCATEGORISED) ? { direction: "out" as const } : {}) };
  }
  return categories.size && splitByDirection && rows.direction === undefined ? { ...rows, direction: "out" } : null;
}

/** How many rows the page opens for these filters (a recurring series' payments are linked only when they are all its rows). */
export function pageRowCount(db: BudgetDb, rows: RowFilters): number {
  return eachMatch(db, rows);
}
