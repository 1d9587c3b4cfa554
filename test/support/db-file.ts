/** Looking into a database file from a test, read-only, the way a second program would. */
import { Database, type SQLQueryBindings } from "bun:sqlite";

/** The rows of one query against the file. */
export function queryFile<T = Record<string, unknown>>(path: string, sql: string, ...params: SQLQueryBindings[]): T[] {
  const db = new Database(path, { readonly: true });
  try {
    return db.query<T, SQLQueryBindings[]>(sql).all(...params);
  } finally {
    db.close();
  }
}

/** What PRAGMA integrity_check says of the file ("ok" when sound). */
export function integrity(path: string): string {
  return queryFile<{ integrity_check: string }>(path, "PRAGMA integrity_check")[0]!.integrity_check;
}
