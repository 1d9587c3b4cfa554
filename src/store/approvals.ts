/**
 * Approvals of high-risk tool calls and the writes they made. Every change of status
 * is an atomic compare-and-set, so a double click, a replay or a second tab finds the
 * approval already decided and changes nothing.
 */
import type { ApprovalPreview } from "../core/events.ts";
import type { ApprovalStatus } from "../core/vocab.ts";
import type { AuditLog } from "./audit-log.ts";
import { isoOf, json, type Row, StoreError, type StoreDb } from "./db.ts";

export type Approval = {
  id: string;
  userId: string;
  conversationId: string;
  turnId: string;
  toolUseId: string;
  tool: string;
  args: unknown;
  preview: ApprovalPreview;
  status: ApprovalStatus;
  createdAt: string;
  expiresAt: string;
  decidedAt: string | null;
  result: unknown;
};
export type NewApproval = Pick<Approval, "userId" | "conversationId" | "turnId" | "toolUseId" | "tool" | "args" | "preview"> & {
  /** When it lapses; give this or `ttlMs`. */
  expiresAt?: Date | string;
  ttlMs?: number;
};

/**
 * What an approval stores as its result once decided: the message the model and the card
 * show, the tool's figures of a carried-out change, why a write failed, and the undo.
 */
export type ApprovalResult = {
  message: string;
  error?: string;
  /** `told`: the model learnt of the undo (a note in the next request's history). */
  undone?: { at: string; message: string; told?: boolean };
  [figure: string]: unknown;
};

/** What an executed approval changed: the tool's own before/after values (for undo and the audit). */
export type Write = {
  id: number;
  approvalId: string;
  before: unknown;
  after: unknown;
  createdAt: string;
  undoneAt: string | null;
};

export class Approvals {
  constructor(
    private readonly s: StoreDb,
    private readonly audit: AuditLog,
  ) {}

  /** The clock approvals' times are written and compared by (expiry timers must agree with it). */
  now(): Date {
    return this.s.clock();
  }

  create(a: NewApproval): Approval {
    const now = this.s.clock();
    if (a.expiresAt === undefined && a.ttlMs === undefined) throw new StoreError("an approval needs expiresAt or ttlMs");
    const expiresAt = a.expiresAt !== undefined ? isoOf(a.expiresAt) : new Date(now.getTime() + a.ttlMs!).toISOString();
    const row = this.s.one(
      `INSERT INTO approvals (id, user_id, conversation_id, turn_id, tool_use_id, tool, args, preview, status, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?) RETURNING *`,
      crypto.randomUUID(),
      a.userId,
      a.conversationId,
      a.turnId,
      a.toolUseId,
      a.tool,
      json(a.args),
      json(a.preview),
      now.toISOString(),
      expiresAt,
    );
    return toApproval(row!);
  }

  /** The approval, or null when it does not exist or belongs to another user. */
  get(userId: string, id: string): Approval | null {
    const row = this.s.one("SELECT * FROM approvals WHERE id = ? AND user_id = ?", id, userId);
    return row ? toApproval(row) : null;
  }

  list(userId: string, opts: { status?: ApprovalStatus; conversationId?: string; limit?: number } = {}): Approval[] {
    return this.s
      .many(
        `SELECT * FROM approvals
         WHERE user_id = ?1 AND (?2 IS NULL OR status = ?2) AND (?3 IS NULL OR conversation_id = ?3)
         ORDER BY created_at DESC, rowid DESC LIMIT ?4`,
        userId,
        opts.status ?? null,
        opts.conversationId ?? null,
        opts.limit ?? 100,
      )
      .map(toApproval);
  }

  /**
   * Decide a pending approval: an atomic compare-and-set from 'pending' only, and only
   * before it expires. Returns the updated approval, or null (already decided, expired,
   * unknown, or another user's).
   */
  decide(userId: string, id: string, decision: "approved" | "rejected", now: Date | string = this.s.clock()): Approval | null {
    const at = isoOf(now);
    const row = this.s.one(
      `UPDATE approvals SET status = ?, decided_at = ?
       WHERE id = ? AND user_id = ? AND status = 'pending' AND expires_at > ?
       RETURNING *`,
      decision,
      at,
      id,
      userId,
      at,
    );
    return row ? toApproval(row) : null;
  }

  /** 'approved' → 'pending' again: the change could not even start (budget.db busy), nothing was recorded. False if it was not 'approved'. */
  reopen(id: string): boolean {
    return this.s.exec("UPDATE approvals SET status = 'pending', decided_at = NULL WHERE id = ? AND status = 'approved'", id).changes > 0;
  }

  /** 'approved' (or one of `from`) → 'executed', storing the result. False if it was in none of them. */
  markExecuted(id: string, result: unknown, from: readonly ApprovalStatus[] = ["approved"]): boolean {
    return (
      this.s.exec("UPDATE approvals SET status = 'executed', result = ? WHERE id = ? AND status IN (SELECT value FROM json_each(?))", json(result), id, json(from))
        .changes > 0
    );
  }

  /**
   * 'approved' (or a 'pending' whose approval could not even be stored) → 'failed', storing
   * why: the user approved but nothing was written. False if it was in neither.
   */
  markFailed(id: string, result: unknown): boolean {
    return (
      this.s.exec("UPDATE approvals SET status = 'failed', result = ?, decided_at = coalesce(decided_at, ?) WHERE id = ? AND status IN ('pending', 'approved')", json(result), this.s.iso(), id)
        .changes > 0
    );
  }

  /**
   * At start-up: approvals still 'approved' were decided but never carried out (the process
   * ended between the decision and the write). Start-up settles the budget.db writes a crash
   * left half-recorded first (reconcileBudgetWrites), so those budget.db holds are 'executed'
   * by now; the rest end 'failed'. Returns their ids.
   */
  failUnexecuted(message: string): string[] {
    return this.s.transaction(() =>
      this.s
        .many("UPDATE approvals SET status = 'failed', result = ? WHERE status = 'approved' RETURNING id", json({ message, error: "interrupted" }))
        .map((r) => r.id as string),
    );
  }

  /** 'executed' → 'undone'. False if it was not in 'executed' (so an undo runs once). */
  markUndone(id: string): boolean {
    return this.s.exec("UPDATE approvals SET status = 'undone' WHERE id = ? AND status = 'executed'", id).changes > 0;
  }

  /**
   * Expire one pending approval now, whatever its expiry time (its time ran out, or the
   * answer that asked for it was interrupted), with an
   * `approval_expired` audit entry carrying `reason`. Returns the expired approval, or
   * null if it was not pending.
   */
  expire(id: string, reason: string, now: Date | string = this.s.clock()): Approval | null {
    const at = isoOf(now);
    return this.s.transaction(() => {
      const row = this.s.one("UPDATE approvals SET status = 'expired', decided_at = ? WHERE id = ? AND status = 'pending' RETURNING *", at, id);
      if (!row) return null;
      const a = toApproval(row);
      this.audit.add({
        kind: "approval_expired",
        userId: a.userId,
        conversationId: a.conversationId,
        detail: { approvalId: a.id, tool: a.tool, turnId: a.turnId, reason },
        at,
      });
      return a;
    });
  }

  /** Expire the pending approvals of one turn (it was interrupted); returns their ids. */
  expireForTurn(turnId: string, reason: string): string[] {
    return this.s.transaction(() =>
      this.s
        .many("SELECT id FROM approvals WHERE turn_id = ? AND status = 'pending' ORDER BY created_at", turnId)
        .flatMap((r) => this.expire(r.id, reason)?.id ?? []),
    );
  }

  /** Every pending approval, oldest first (start-up arms their expiry: they survive a restart until their time passes). */
  allPending(): Approval[] {
    return this.s.many("SELECT * FROM approvals WHERE status = 'pending' ORDER BY created_at, rowid").map(toApproval);
  }

  /** The approval a tool call of a conversation asked for, or null (the call was not a write, or was refused). */
  forToolUse(conversationId: string, toolUseId: string): Approval | null {
    const row = this.s.one("SELECT * FROM approvals WHERE conversation_id = ? AND tool_use_id = ?", conversationId, toolUseId);
    return row ? toApproval(row) : null;
  }

  /** Of `conversationIds`, those with an approval waiting for the user's decision (the conversation list marks them). */
  conversationsWithPending(userId: string, now: Date | string = this.s.clock()): Set<string> {
    return new Set(
      this.s
        .many("SELECT DISTINCT conversation_id FROM approvals WHERE user_id = ? AND status = 'pending' AND expires_at > ?", userId, isoOf(now))
        .map((r) => r.conversation_id as string),
    );
  }

  /** Undone approvals of a conversation the model has not been told about yet, oldest undo first. */
  undoneUntold(conversationId: string): Approval[] {
    return this.s
      .many(
        `SELECT * FROM approvals WHERE conversation_id = ? AND status = 'undone' AND json_extract(result, '$.undone.told') IS NULL
         ORDER BY json_extract(result, '$.undone.at'), rowid`,
        conversationId,
      )
      .map(toApproval);
  }

  /** The model was told (in a request's history) that this approval's change was undone. */
  markUndoneTold(id: string): void {
    this.s.exec("UPDATE approvals SET result = json_set(result, '$.undone.told', json('true')) WHERE id = ? AND status = 'undone'", id);
  }

  /** Store an approval's outcome without changing its status (e.g. approved, but the write was refused). */
  setResult(id: string, result: unknown): boolean {
    return this.s.exec("UPDATE approvals SET result = ? WHERE id = ?", json(result), id).changes > 0;
  }

  /** Record what an approval changed, before and after. One write per approval. */
  recordWrite(approvalId: string, before: unknown, after: unknown): Write {
    const row = this.s.one(
      "INSERT INTO writes (approval_id, before, after, created_at) VALUES (?, ?, ?, ?) RETURNING *",
      approvalId,
      json(before),
      json(after),
      this.s.iso(),
    );
    return toWrite(row!);
  }

  getWrite(approvalId: string): Write | null {
    const row = this.s.one("SELECT * FROM writes WHERE approval_id = ?", approvalId);
    return row ? toWrite(row) : null;
  }

  /**
   * The user of the approval of `tool` whose stored policy arguments carry `ref`
   * (`args.args.ref`): how a policy that keeps a random ref in its arguments learns, while
   * executing or undoing, whose approval it is (only that user can decide or undo it).
   */
  userOfApproval(tool: string, ref: string): string | null {
    const row = this.s.one(
      "SELECT user_id FROM approvals WHERE tool = ? AND json_extract(args, '$.args.ref') = ?",
      tool,
      ref,
    );
    return row ? (row.user_id as string) : null;
  }

  /** Set undone_at once; false if already undone or unknown. */
  markWriteUndone(approvalId: string): boolean {
    return this.s.exec("UPDATE writes SET undone_at = ? WHERE approval_id = ? AND undone_at IS NULL", this.s.iso(), approvalId).changes > 0;
  }
}

function toApproval(r: Row): Approval {
  return {
    id: r.id,
    userId: r.user_id,
    conversationId: r.conversation_id,
    turnId: r.turn_id,
    toolUseId: r.tool_use_id,
    tool: r.tool,
    args: JSON.parse(r.args),
    preview: JSON.parse(r.preview),
    status: r.status,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    decidedAt: r.decided_at,
    result: r.result === null ? null : JSON.parse(r.result),
  };
}

function toWrite(r: Row): Write {
  return {
    id: r.id,
    approvalId: r.approval_id,
    before: JSON.parse(r.before),
    after: JSON.parse(r.after),
    createdAt: r.created_at,
    undoneAt: r.undone_at,
  };
}
