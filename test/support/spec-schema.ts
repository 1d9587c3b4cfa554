/**
 * SPEC §1's budget.db schema, column by column, and a reader for what a database really has:
 * what both the pipeline's DDL and the demo database are held against.
 */
import type { Database } from "bun:sqlite";

/** [name, declared type, NOT NULL, primary key (1/0)] per table, in column order. */
export const SPEC_COLUMNS: Record<string, [string, string, number, number][]> = {
  transactions: [
    ["id", "INTEGER", 0, 1],
    ["date", "TEXT", 1, 0],
    ["raw_description", "TEXT", 1, 0],
    ["amount", "REAL", 1, 0],
    ["currency", "TEXT", 1, 0],
    ["merchant_name", "TEXT", 1, 0],
    ["category", "TEXT", 1, 0],
    ["source", "TEXT", 1, 0],
    ["confidence", "REAL", 1, 0],
    ["transaction_id", "TEXT", 1, 0],
    ["import_batch", "TEXT", 0, 0],
    ["created_at", "TEXT", 1, 0],
  ],
  merchant_cache: [
    ["raw_key", "", 0, 1],
    ["merchant_name", "TEXT", 1, 0],
    ["category", "TEXT", 1, 0],
    ["confidence", "REAL", 1, 0],
    ["source", "TEXT", 1, 0],
    ["created_at", "TEXT", 1, 0],
    ["updated_at", "TEXT", 1, 0],
  ],
  import_log: [
    ["id", "INTEGER", 0, 1],
    ["filename", "TEXT", 1, 0],
    ["row_count", "INTEGER", 1, 0],
    ["imported_at", "TEXT", 1, 0],
  ],
  few_shot_examples: [
    ["id", "INTEGER", 0, 1],
    ["merchant_pattern", "TEXT", 1, 0],
    ["raw_description", "TEXT", 1, 0],
    ["correct_merchant", "TEXT", 1, 0],
    ["correct_category", "TEXT", 1, 0],
    ["created_at", "TEXT", 1, 0],
  ],
  categories: [
    ["name", "TEXT", 0, 1],
    ["description", "TEXT", 1, 0],
    ["created_at", "TEXT", 1, 0],
  ],
};

/** A table's columns as the database declares them, in SPEC_COLUMNS' shape. */
export function columnsOf(db: Database, table: string): [string, string, number, number][] {
  return db
    .query<{ name: string; type: string; notnull: number; pk: number }, [string]>(`SELECT name, type, "notnull", pk FROM pragma_table_info(?) ORDER BY cid`)
    .all(table)
    .map((c) => [c.name, c.type, c.notnull, c.pk ? 1 : 0]);
}
