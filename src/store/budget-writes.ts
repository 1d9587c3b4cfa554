/**
 * The journal of the two-phase write path to budget.db (SPEC §13, src/ledger/write-path.ts).
 *
 * budget.db and chat.db are two files: no transaction spans both. So a change to budget.db
 * is first stored here as an intent ('pending', with the rows it changes, before and after),
 * then budget.db commits, then the intent is marked 'done' and, in that same chat.db
 * transaction, whatever states the change (the approval's `writes` row and 'executed', the
 * audit entry) is recorded: chat.db never says a change was made that budget.db does not
 * hold. A crash between the two commits leaves a 'pending' intent that start-up settles by
 * looking at budget.db (`reconcileBudgetWrites` in src/ledger/write-path.ts).
 */
import { randomUUID } from "node:crypto";
import type { Approvals } from "./approvals.ts";
import type { AuditLog, NewAuditEntry } from "./audit-log.ts";
import type { Imports, NewImportRecord } from "./import-records.ts";
import { json, type Row, type StoreDb } from "./db.ts";

/** One changed row of budget.db: its key (primary-key columns, or rowid) and its values before and after (null: absent). */
export type RowChange = {
  table: string;
  key: Record<string, unknown>;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/**
 * What chat.db records once budget.db holds the change, and only then: an approval carried
 * out (its write and result), an approval's write put back, and the audit entries.
 */
export type Settlement = {
  executed?: { approvalId: string; before: unknown; after: unknown; result: unknown };
  undone?: { approvalId: string; result: unknown };
  /** An imported file's record (`imports list`), and an import undone. */
  imported?: NewImportRecord;
  importUndone?: { batch: string; by: string };
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
  ) {}

  /** Store the intent ('pending'); returns its id. Throws when chat.db cannot take it: then budget.db must not commit. */
  begin(w: NewBudgetWrite): string {
    const id = randomUUID();
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
      if (row.settle) this.settle(JSON.parse(row.settle) as Settlement);
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

  /** Intents a crash left between the two commits, oldest first. */
  pending(): BudgetWriteIntent[] {
    return this.s.many("SELECT * FROM budget_writes WHERE status = 'pending' ORDER BY created_at, rowid").map(toIntent);
  }

  list(limit = 100): BudgetWriteIntent[] {
    return this.s.many("SELECT * FROM budget_writes ORDER BY created_at DESC, rowid DESC LIMIT ?", limit).map(toIntent);
  }

  private settle(s: Settlement): void {
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
    if (s.importUndone) this.imports.markUndone(s.importUndone.batch, s.importUndone.by);
    for (const entry of s.audit ?? []) this.audit.add(entry);
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
