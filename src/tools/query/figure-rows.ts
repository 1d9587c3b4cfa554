/**
 * What the figure check asks the data about a figure's rows (src/figures/turn.ts, SPEC §11.1 drill-down): a listed row's
 * transaction, a spending figure's rows as the page's filters, a count of the rows the page opens. The chat, the
 * benchmark and the tests wire it alike.
 */
import type { ListedRow, ListedTransaction, RowFilters } from "../../core/figures.ts";
import type { BudgetDb } from "../../ledger/reader.ts";
import { pageRowCount, spendingRowsFilter } from "../../transactions/counted.ts";
import { listedTransactions } from "./listed.ts";

export type FigureRowsData = {
  rowIds(row: ListedRow, input: unknown): readonly ListedTransaction[];
  spendingRows(rows: RowFilters): RowFilters | null;
  rowCount(rows: RowFilters): number;
};

export function figureRowsData(db: BudgetDb): FigureRowsData {
  return {
    rowIds: (row, input) => listedTransactions(db, row, input),
    spendingRows: (rows) => spendingRowsFilter(db, rows),
    rowCount: (rows) => pageRowCount(db, rows),
  };
}
