/**
 * Which row a transactions.id names. The id is an INTEGER PRIMARY KEY without AUTOINCREMENT (the
 * pipeline's schema, not ours to change): when an import undo deletes the highest ids, the next
 * import gets the same ids. An undo that finds its rows by id alone would then overwrite rows it
 * never wrote (the same file imported again even carries the same transaction_id). A row's origin —
 * its import batch and its transaction_id — tells the row a write changed from one that took its id.
 */

/** A row's origin in SQL: "[batch, transaction_id]" (every database an import or classify writes has both columns). */
export const ROW_ORIGIN = "json_array(import_batch, transaction_id)";

/** The SQL of a row's origin ("[batch, transaction_id]"), or NULL where budget.db lacks those columns. */
export function originSql(cols: ReadonlySet<string>): string {
  return cols.has("import_batch") && cols.has("transaction_id") ? ROW_ORIGIN : "NULL";
}
