/**
 * Imports (SPEC §10): one record per imported file, i.e. per batch of rows in budget.db
 * (`transactions.import_batch`), for `imports list`, the Import page and undo. The rows
 * themselves live in budget.db; this is who imported what, when, and whether it was undone.
 */
import { type Row, type StoreDb } from "./db.ts";

/** How an import was made or undone: the command line, the Import page, the JSON API. */
export type ImportVia = "cli" | "page" | "api";

export type ImportRecord = {
  batch: string;
  file: string;
  format: string;
  account: string | null;
  /** Rows the import added to budget.db. */
  rows: number;
  firstDate: string | null;
  lastDate: string | null;
  importedAt: string;
  /** A user's name ("local" for the single local user), or "cli". */
  importedBy: string;
  /** How: null for an import recorded before this was kept whose audit entry did not say. */
  importedVia: ImportVia | null;
  userId: string | null;
  undoneAt: string | null;
  undoneBy: string | null;
  undoneVia: ImportVia | null;
  /** The budget database the rows went into (absolute path): one chat.db may serve several. */
  dbPath: string | null;
  /** What the statement's balances said (SPEC §10.1), as the import's `--json` gives it; null before round 4. */
  reconciliation: unknown[] | null;
};

export type NewImportRecord = Omit<ImportRecord, "undoneAt" | "undoneBy" | "undoneVia" | "reconciliation" | "importedVia"> & { importedVia: ImportVia; reconciliation?: unknown[] | null };

export class Imports {
  constructor(private readonly s: StoreDb) {}

  add(r: NewImportRecord): void {
    this.s.exec(
      `INSERT INTO imports (batch, file, format, account, rows, first_date, last_date, imported_at, imported_by, imported_via, user_id, db_path, reconciliation)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      r.batch,
      r.file,
      r.format,
      r.account,
      r.rows,
      r.firstDate,
      r.lastDate,
      r.importedAt,
      r.importedBy,
      r.importedVia,
      r.userId,
      r.dbPath,
      r.reconciliation ? JSON.stringify(r.reconciliation) : null,
    );
  }

  get(batch: string): ImportRecord | null {
    const r = this.s.one("SELECT * FROM imports WHERE batch = ?", batch);
    return r ? toRecord(r) : null;
  }

  /** Every import into the budget database at `dbPath`, newest first. */
  list(dbPath: string): ImportRecord[] {
    return this.s.many("SELECT * FROM imports WHERE db_path = ? ORDER BY imported_at DESC, rowid DESC", dbPath).map(toRecord);
  }

  markUndone(batch: string, by: string, via: ImportVia): void {
    this.s.exec("UPDATE imports SET undone_at = ?, undone_by = ?, undone_via = ? WHERE batch = ?", this.s.iso(), by, via, batch);
  }
}

function toRecord(r: Row): ImportRecord {
  return {
    batch: r.batch,
    file: r.file,
    format: r.format,
    account: r.account,
    rows: r.rows,
    firstDate: r.first_date,
    lastDate: r.last_date,
    importedAt: r.imported_at,
    importedBy: r.imported_by,
    importedVia: r.imported_via,
    userId: r.user_id,
    undoneAt: r.undone_at,
    undoneBy: r.undone_by,
    undoneVia: r.undone_via,
    dbPath: r.db_path,
    reconciliation: r.reconciliation ? (JSON.parse(r.reconciliation) as unknown[]) : null,
  };
}
