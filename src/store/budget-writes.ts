/**
 * The journal of the two-phase write path to budget.db (SPEC §13, §13.1, src/ledger/write-path.ts).
 *
 * budget.db and chat.db are two files: no transaction spans both. So a change to budget.db
 * is first stored here as an intent ('pending', with the rows it changes, before and after,
 * and its settlement), then budget.db commits, then the intent is marked 'done' and, in that
 * same chat.db transaction, its settlement is recorded: whatever chat.db says about the
 * change (a user's edit and its undo, the budgets it carries, an approval's `writes` row and
 * 'executed', an import's record, the audit entries). So chat.db never says a change was made
 * that budget.db does not hold. A crash between the two commits leaves a 'pending' intent
 * that a later reconciliation settles by looking at budget.db (`reconcileBudgetWrites`,
 * `watchLeftoverWrites` in src/ledger/write-recovery.ts).
 */
import type { Approvals } from "./approvals.ts";
import type { AuditLog, NewAuditEntry } from "./audit-log.ts";
import type { Budgets, BudgetValue } from "./budgets.ts";
import type { DataEdits, NewDataEdit } from "./data-edits.ts";
import type { Imports, ImportVia, NewImportRecord } from "./import-records.ts";
import { json, type Row, type StoreDb } from "./db.ts";

/** One changed row of budget.db: its key (primary-key columns, or rowid) and its values before and after (null: absent). */
export type RowChange = {
  table: string;
  key: Record<string, unknown>;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/**
 * What chat.db records once budget.db holds a change, and only then. A writer states it
 * (BudgetChange.settle); the write path keeps it with the intent and records it with
 * "done", so a crash's leftovers are recorded by the reconciliation just the same. Each
 * field is one kind of record; a new writer that needs another kind adds a field here and
 * its line in `BudgetWrites.settle`.
 */
export type Settlement = {
  /** An approval carried out (its write and result), and an approval's write put back. */
  executed?: { approvalId: string; before: unknown; after: unknown; result: unknown };
  undone?: { approvalId: string; result: unknown };
  /** An imported file's record (`imports list`), and an import undone. */
  imported?: NewImportRecord;
  importUndone?: { batch: string; by: string; via: ImportVia };
  /** A user's own change (data_edits), kept for its undo; stored under the intent's id (DataEdits.ofWrite). */
  edit?: NewDataEdit;
  /** One of the user's changes undone by this write. */
  editUndone?: { id: number; by: string };
  /** The household's budgets as the write leaves them (a category renamed or merged carries its budget), in order: set (value) or removed (null). */
  budgets?: { category: string; value: BudgetValue; by: string }[];
  /** Audit entries. In a settlement with an `edit`, each names it (`detail.edit`: its id, known only once it is stored). */
  audit?: NewAuditEntry[];
};

export type BudgetWriteStatus = "pending" | "done" | "failed";

export type BudgetWriteIntent = {
  id: string;
  kind: string;
  userId: string | null;
  dbPath: string;
  status: BudgetWriteStatus;
  changes: RowChange[];
  changedRows: number;
  settle: Settlement | null;
  snapshot: string | null;
  error: string | null;
  createdAt: string;
  endedAt: string | null;
};

export type NewBudgetWrite = Pick<BudgetWriteIntent, "kind" | "userId" | "dbPath" | "changes" | "changedRows" | "settle" | "snapshot">;

export class BudgetWrites {
  constructor(
    private readonly s: StoreDb,
    private readonly approvals: Approvals,
    private readonly audit: AuditLog,
    private readonly imports: Imports,
    private readonly edits: DataEdits,
    private readonly budgets: Budgets,
  ) {}

  /** Store the intent ('pending'); returns its id. Throws when chat.db cannot take it: then budget.db must not commit. */
  begin(w: NewBudgetWrite): string {
    const id = crypto.randomUUID();
    this.s.transaction(() =>
      this.s.exec(
        `INSERT INTO budget_writes (id, kind, user_id, db_path, status, changes, changed_rows, settle, snapshot, created_at)
         VALUES (?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?)`,
        id,
        w.kind,
        w.userId,
        w.dbPath,
        json(w.changes),
        w.changedRows,
        w.settle ? json(w.settle) : null,
        w.snapshot,
        this.s.iso(),
      ),
    );
    return id;
  }

  /** budget.db holds the change: 'pending' → 'done', and record its settlement in the same transaction. False if it was not pending. */
  done(id: string): boolean {
    return this.s.transaction(() => {
      const row = this.s.one("UPDATE budget_writes SET status = 'done', ended_at = ? WHERE id = ? AND status = 'pending' RETURNING settle", this.s.iso(), id);
      if (!row) return false;
      if (row.settle) this.settle(id, JSON.parse(row.settle) as Settlement);
      return true;
    });
  }

  /** budget.db does not hold the change: 'pending' → 'failed', with why. */
  fail(id: string, error: string): boolean {
    return this.s.exec("UPDATE budget_writes SET status = 'failed', error = ?, ended_at = ? WHERE id = ? AND status = 'pending'", error, this.s.iso(), id).changes > 0;
  }

  get(id: string): BudgetWriteIntent | null {
    const row = this.s.one("SELECT * FROM budget_writes WHERE id = ?", id);
    return row ? toIntent(row) : null;
  }

  /** Whether any intent is pending (a cheap look: a partial index holds only those). */
  hasPending(): boolean {
    return this.s.one("SELECT 1 FROM budget_writes WHERE status = 'pending' LIMIT 1") !== null;
  }

  /** Intents a crash left between the two commits, oldest first. */
  pending(): BudgetWriteIntent[] {
    return this.s.many("SELECT * FROM budget_writes WHERE status = 'pending' ORDER BY created_at, rowid").map(toIntent);
  }

  list(limit = 100): BudgetWriteIntent[] {
    return this.s.many("SELECT * FROM budget_writes ORDER BY created_at DESC, rowid DESC LIMIT ?", limit).map(toIntent);
  }

  private settle(id: string, s: Settlement): void {
    if (s.executed) {
      const e = s.executed;
      this.approvals.recordWrite(e.approvalId, e.before, e.after);
      // 'failed' too: a crash's leftovers may have been given up on before budget.db was looked at; it holds the change.
      if (!this.approvals.markExecuted(e.approvalId, e.result, ["approved", "failed"])) throw new Error(`approval ${e.approvalId} is neither approved nor failed`);
    }
    if (s.undone) {
      if (!this.approvals.markUndone(s.undone.approvalId) || !this.approvals.markWriteUndone(s.undone.approvalId)) {
        throw new Error(`approval ${s.undone.approvalId} was already undone`);
      }
      this.approvals.setResult(s.undone.approvalId, s.undone.result);
    }
    if (s.imported) this.imports.add(s.imported);
    if (s.importUndone) this.imports.markUndone(s.importUndone.batch, s.importUndone.by, s.importUndone.via);
    // budget.db holds the undo; an edit marked undone already (two undos raced) stays as it is.
    if (s.editUndone) this.edits.markUndone(s.editUndone.id, s.editUndone.by);
    const edit = s.edit ? this.edits.add(s.edit, id) : null;
    for (const b of s.budgets ?? []) this.budgets.write(b.category, b.value, b.by);
    for (const entry of s.audit ?? []) this.audit.add(edit ? { ...entry, detail: { edit: edit.id, ...(entry.detail as Record<string, unknown>) } } : entry);
  }
}

function toIntent(r: Row): BudgetWriteIntent {
  return {
    id: r.id,
    kind: r.kind,
    userId: r.user_id,
    dbPath: r.db_path,
    status: r.status,
    changes: JSON.parse(r.changes),
    changedRows: r.changed_rows,
    settle: r.settle === null ? null : JSON.parse(r.settle),
    snapshot: r.snapshot,
    error: r.error,
    createdAt: r.created_at,
    endedAt: r.ended_at,
  };
}
