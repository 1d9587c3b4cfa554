/**
 * The user's own changes to budget.db made outside an approval (SPEC §12, §14): a transaction
 * edited on the Transactions page, a category added, renamed, merged or described, a category
 * rule added, changed, removed or applied, low-confidence rows classified again. Each
 * keeps exactly what it replaced, so its undo restores that; each is undone at most once
 * (an atomic compare-and-set, as approvals are decided). A user sees and undoes only
 * their own (SPEC §6); the CLI's changes belong to "cli". An edit is stored by the write
 * path's settlement once budget.db holds it (SPEC §13.1), under the write's intent id, by
 * which the route that made it finds it (`ofWrite`).
 */
import { json, type Row, type StoreDb } from "./db.ts";

export type DataEditKind = "transaction_edit" | "category" | "rule" | "reclassify";

export type DataEdit = {
  id: number;
  kind: DataEditKind;
  userId: string;
  /** What happened, in words ("Moved 1 transaction to Dining"). */
  message: string;
  input: unknown;
  before: unknown;
  after: unknown;
  createdAt: string;
  undoneAt: string | null;
  undoneBy: string | null;
};

/** How long the route that made an edit waits for chat.db to record it when the write path put that off (a lock another program holds). */
const RECORD_WAIT_MS = 2000;

export type NewDataEdit = Pick<DataEdit, "kind" | "userId" | "message" | "input" | "before" | "after">;

export class DataEdits {
  constructor(private readonly s: StoreDb) {}

  /** Store an edit; `budgetWrite`: the write path's intent that made it (its settlement records the edit). */
  add(e: NewDataEdit, budgetWrite: string | null = null): DataEdit {
    return toEdit(
      this.s.one(
        `INSERT INTO data_edits (kind, user_id, message, input, before, after, created_at, budget_write_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
        e.kind,
        e.userId,
        e.message,
        json(e.input),
        json(e.before),
        json(e.after),
        this.s.iso(),
        budgetWrite,
      )!,
    );
  }

  /** The edit a budget write recorded once budget.db held it (null: not recorded yet, or none). */
  ofWrite(budgetWrite: string): DataEdit | null {
    const r = this.s.one("SELECT * FROM data_edits WHERE budget_write_id = ?", budgetWrite);
    return r ? toEdit(r) : null;
  }

  /**
   * The edit a settled (or soon settled) budget write recorded, for the route that made it: at once when the write
   * path marked it done, else waiting up to RECORD_WAIT_MS for chat.db (a lock another program holds) to take it;
   * null when chat.db stays busy (it is recorded later) or the write had no journal.
   */
  async recordedBy(receipt: { intentId: string | null; settled: boolean }): Promise<DataEdit | null> {
    if (!receipt.intentId) return null;
    const deadline = Date.now() + (receipt.settled ? 0 : RECORD_WAIT_MS);
    while (true) {
      const edit = this.ofWrite(receipt.intentId);
      if (edit || Date.now() >= deadline) return edit;
      await Bun.sleep(100);
    }
  }

  /** One of the user's edits, or null (none with that id, or someone else's). */
  get(userId: string, id: number): DataEdit | null {
    const r = this.s.one("SELECT * FROM data_edits WHERE id = ? AND user_id = ?", id, userId);
    return r ? toEdit(r) : null;
  }

  /** The user's edits, newest first. */
  list(userId: string, opts: { kind?: DataEditKind; limit?: number } = {}): DataEdit[] {
    return this.s
      .many(
        "SELECT * FROM data_edits WHERE user_id = ?1 AND (?2 IS NULL OR kind = ?2) ORDER BY id DESC LIMIT ?3",
        userId,
        opts.kind ?? null,
        opts.limit ?? 50,
      )
      .map(toEdit);
  }

  /** Mark an edit undone; false when it already was (nothing changes then). */
  markUndone(id: number, by: string): boolean {
    return this.s.exec("UPDATE data_edits SET undone_at = ?, undone_by = ? WHERE id = ? AND undone_at IS NULL", this.s.iso(), by, id).changes === 1;
  }
}

function toEdit(r: Row): DataEdit {
  return {
    id: r.id,
    kind: r.kind,
    userId: r.user_id,
    message: r.message,
    input: JSON.parse(r.input),
    before: JSON.parse(r.before),
    after: JSON.parse(r.after),
    createdAt: r.created_at,
    undoneAt: r.undone_at,
    undoneBy: r.undone_by,
  };
}
