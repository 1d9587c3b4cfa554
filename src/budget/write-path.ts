/**
 * The one way anything changes budget.db (SPEC §13): approved recategorisations and
 * their undo, imports and their undo, the user's own transaction edits, category changes.
 *
 * Everything else reads budget.db through a read-only connection. A change opens a
 * short-lived read-write connection with a busy timeout, takes the write lock first
 * (`BEGIN IMMEDIATE`), does all its work in that one transaction and closes the
 * connection again, so the import pipeline is never blocked for longer than that.
 *
 * Writers describe what they do (`kind`, who) so that the path can journal it; callers
 * never open their own write connection.
 */
import { Database } from "bun:sqlite";

/** What a change to budget.db is, for the journal and the audit log. */
export const BUDGET_WRITE_KINDS = [
  "recategorise",
  "recategorise_undo",
  "import",
  "import_undo",
  "transaction_edit",
  "transaction_edit_undo",
  "category",
  "category_undo",
  "classify",
] as const;
export type BudgetWriteKind = (typeof BUDGET_WRITE_KINDS)[number];

export type BudgetChange<R> = {
  kind: BudgetWriteKind;
  /** Who made it (null: the CLI on this machine). */
  userId: string | null;
  /** The work, inside the IMMEDIATE transaction; throw to roll everything back. */
  apply(db: Database): R;
};

export class BudgetWriter {
  constructor(
    readonly path: string,
    private readonly opts: { busyTimeoutMs?: number } = {},
  ) {}

  write<R>(change: BudgetChange<R>): R {
    const db = new Database(this.path, { readwrite: true, create: false, strict: true });
    try {
      db.run(`PRAGMA busy_timeout = ${Math.max(0, Math.floor(this.opts.busyTimeoutMs ?? 5000))}`);
      return db.transaction(() => change.apply(db)).immediate();
    } finally {
      db.close();
    }
  }
}
