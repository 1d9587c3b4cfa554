/**
 * Approvals (SPEC §3.3): how a high-risk tool call reaches the user and, only when the
 * user approves, the budget database.
 *
 *   request  → the server computes the preview (previewRecategorisation) and stores a
 *              pending approval with the exact arguments and row ids, audits
 *              approval_requested, and the agent loop waits on `decision`;
 *   decide   → one atomic compare-and-set from 'pending' (Store.decideApproval), so a
 *              double click, a replay or a second tab finds it decided and executes
 *              nothing; approve runs the stored arguments once through the writer, in
 *              one budget transaction that also records the write (before/after) and
 *              the audit entry; reject cancels; both tell the waiting model;
 *   timeout  → the approval expires (default 10 minutes) and the model is told;
 *   stop     → an answer stopped while waiting expires its approval;
 *   undo     → restores the exact before-values of an executed approval, once.
 *
 * A decision only executes while the answer that asked is still waiting in this process:
 * after a restart (or for an approval nobody waits for) it expires instead.
 *
 * One service per app database (`approvalService(app, budget)`): the runtime builds it
 * for the chat service's gate, and the web routes find the same instance.
 */
import { type Store } from "../store/index.ts";
import { type Approval } from "../store/approvals.ts";
import { type ApprovalStatus } from "../core/vocab.ts";
import type { ApprovalGate, PendingApproval } from "../agent/loop.ts";
import type { BudgetDb } from "../budget/db.ts";
import { recategorise, undoRecategorisation, WriteConflictError, type ClassificationRow, type CacheBefore, type RecategoriseResult } from "../budget/writer.ts";
import {
  previewRecategorisation,
  recategoriseTransactions,
  type RecategoriseArgs,
  type RecategoriseInput,
} from "../tools/recategorise_transactions.ts";
import { formatDuration, formatMoney, joinAnd, plural } from "../core/format.ts";
import type { RunningTurn } from "./running-turn.ts";

export const DEFAULT_APPROVAL_TIMEOUT_MS = 10 * 60 * 1000;

/** What an approval stores as its arguments: the validated input and the exact rows the preview showed. */
export type StoredRecategorisation = { input: RecategoriseArgs; ids: number[] };

/** What an approval stores as its result once decided. */
export type ApprovalOutcomeRecord = {
  message: string;
  moved?: number;
  total?: number;
  currency?: string;
  from?: { category: string; rows: number }[];
  to?: string;
  /** merchant_cache entries before the write (for undo). */
  cache?: CacheBefore[];
  error?: string;
  undone?: { at: string; message: string };
};

type Outcome = Awaited<PendingApproval["decision"]>;

type Waiter = {
  approvalId: string;
  resolve(o: Outcome): void;
  timer: ReturnType<typeof setTimeout>;
  cleanup(): void;
};

export type DecisionResult =
  | { ok: true; approval: Approval; outcome: "executed" | "rejected" | "failed"; message: string }
  | { ok: false; status: 404 | 409; message: string; approval: Approval | null };

export type UndoResult = { ok: true; approval: Approval; message: string } | { ok: false; status: 404 | 409; message: string; approval: Approval | null };

export const REJECTED_MESSAGE = "The user rejected the change; nothing was modified.";
export const STOPPED_MESSAGE = "The answer was stopped before the user decided; nothing was modified.";
export const NOT_FOUND_MESSAGE = "Approval not found.";
export const NOT_WAITING_MESSAGE =
  "This approval is no longer active: the answer that asked for it has ended (for example, the server restarted). Nothing was modified.";

export type ApprovalServiceOptions = {
  /** How long an approval stays open; default 10 minutes. */
  timeoutMs?: number;
};

export class ApprovalService {
  timeoutMs: number;
  private readonly waiters = new Map<string, Waiter>();

  constructor(
    readonly app: Store,
    readonly budget: BudgetDb,
    opts: ApprovalServiceOptions = {},
  ) {
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_APPROVAL_TIMEOUT_MS;
  }

  /** The gate for one running turn (ChatDeps.approvals). */
  gate(turn: RunningTurn): ApprovalGate {
    return { request: (call) => this.request(turn, call) };
  }

  /** Ids of the approvals an answer is waiting on right now. */
  waiting(): string[] {
    return [...this.waiters.keys()];
  }

  /** The user's approval, or null (unknown or another user's). */
  get(userId: string, id: string): Approval | null {
    return this.app.approvals.get(userId, id);
  }

  private async request(turn: RunningTurn, call: Parameters<ApprovalGate["request"]>[0]): Promise<PendingApproval> {
    if (call.tool.name !== recategoriseTransactions.name) throw new Error(`${call.tool.name} has no approval flow`);
    // Throws a ToolInputError (unknown category, nothing to move, too many rows) that the loop hands to the model.
    const plan = previewRecategorisation(this.budget, call.input as RecategoriseInput);
    const args: StoredRecategorisation = { input: plan.args, ids: plan.ids };
    const approval = this.app.approvals.create({
      userId: turn.userId,
      conversationId: turn.conversationId,
      turnId: turn.id,
      toolUseId: call.toolUseId,
      tool: call.tool.name,
      args,
      preview: plan.preview,
      ttlMs: this.timeoutMs,
    });
    this.app.audit.add({
      kind: "approval_requested",
      userId: turn.userId,
      conversationId: turn.conversationId,
      detail: {
        approvalId: approval.id,
        tool: approval.tool,
        turnId: turn.id,
        input: plan.args,
        rows: plan.preview.rows,
        total: plan.preview.total,
        currency: plan.preview.currency,
        from: plan.preview.from,
        to: plan.preview.to,
        expiresAt: approval.expiresAt,
      },
    });

    const decision = new Promise<Outcome>((resolve) => {
      const signal = turn.controller.signal;
      const onAbort = () => this.expire(approval.id, "stopped", STOPPED_MESSAGE);
      const timer = setTimeout(() => this.expire(approval.id, "timeout", this.expiredMessage()), this.timeoutMs);
      (timer as { unref?: () => void }).unref?.();
      const waiter: Waiter = {
        approvalId: approval.id,
        resolve,
        timer,
        cleanup: () => {
          clearTimeout(timer);
          signal.removeEventListener("abort", onAbort);
          this.waiters.delete(approval.id);
        },
      };
      this.waiters.set(approval.id, waiter);
      if (signal.aborted) onAbort();
      else signal.addEventListener("abort", onAbort, { once: true });
    });
    return { id: approval.id, preview: approval.preview, expiresAt: approval.expiresAt, decision };
  }

  /** "The approval expired after 10 minutes; nothing was modified." */
  expiredMessage(): string {
    return `The approval expired after ${formatDuration(this.timeoutMs)}; nothing was modified.`;
  }

  /** Expire a pending approval and tell the waiting answer (if any). */
  private expire(id: string, reason: string, message: string): void {
    const waiter = this.waiters.get(id);
    const expired = this.app.approvals.expire(id, reason);
    if (expired) this.app.approvals.setResult(id, { message } satisfies ApprovalOutcomeRecord);
    if (waiter) {
      waiter.cleanup();
      waiter.resolve({ decision: "expired", result: message, isError: true });
    }
  }

  /**
   * The user's decision. Executes (for "approved") at most once per approval, and only
   * while the answer that asked for it is waiting in this process.
   */
  decide(userId: string, id: string, decision: "approved" | "rejected"): DecisionResult {
    const current = this.app.approvals.get(userId, id);
    if (!current) return { ok: false, status: 404, message: NOT_FOUND_MESSAGE, approval: null };
    if (current.status !== "pending") return { ok: false, status: 409, message: alreadyMessage(current), approval: current };
    const waiter = this.waiters.get(id);
    if (!waiter) {
      this.app.approvals.expire(id, "not waiting");
      this.app.approvals.setResult(id, { message: NOT_WAITING_MESSAGE } satisfies ApprovalOutcomeRecord);
      return { ok: false, status: 409, message: NOT_WAITING_MESSAGE, approval: this.app.approvals.get(userId, id) };
    }
    const decided = this.app.approvals.decide(userId, id, decision);
    if (!decided) {
      // Its time ran out a moment before the timer fired.
      const latest = this.app.approvals.get(userId, id);
      if (latest?.status === "pending") this.expire(id, "timeout", this.expiredMessage());
      const now = this.app.approvals.get(userId, id);
      return { ok: false, status: 409, message: now ? alreadyMessage(now) : NOT_FOUND_MESSAGE, approval: now };
    }
    waiter.cleanup();
    this.app.audit.add({
      kind: "approval_decided",
      userId,
      conversationId: decided.conversationId,
      detail: { approvalId: id, tool: decided.tool, turnId: decided.turnId, decision },
    });

    if (decision === "rejected") {
      this.app.approvals.setResult(id, { message: REJECTED_MESSAGE } satisfies ApprovalOutcomeRecord);
      waiter.resolve({ decision: "rejected", result: REJECTED_MESSAGE, isError: true });
      return { ok: true, approval: this.app.approvals.get(userId, id)!, outcome: "rejected", message: REJECTED_MESSAGE };
    }

    const stored = decided.args as StoredRecategorisation;
    let message: string;
    try {
      recategorise(this.budget.path, stored.input, stored.ids, {
        beforeCommit: (r) => {
          // Recorded inside the budget transaction: a write that cannot be recorded is not made.
          message = approvedMessage(r, decided.preview.currency);
          const record: ApprovalOutcomeRecord = {
            message,
            moved: r.after.length,
            total: r.total,
            currency: decided.preview.currency,
            from: r.from,
            to: r.to,
            cache: r.cache,
          };
          this.app.transaction(() => {
            this.app.approvals.recordWrite(id, r.before as ClassificationRow[], r.after as ClassificationRow[]);
            if (!this.app.approvals.markExecuted(id, record)) throw new Error("approval is no longer in 'approved'");
            this.app.audit.add({
              kind: "write",
              userId,
              conversationId: decided.conversationId,
              detail: {
                approvalId: id,
                tool: decided.tool,
                ok: true,
                input: stored.input,
                rows: r.after.length,
                merchantCacheEntries: r.cache.length,
                before: r.before,
                after: r.after,
              },
            });
          });
        },
      });
    } catch (err) {
      const why = err instanceof WriteConflictError ? err.message : `the write failed (${(err as Error).message})`;
      if (!(err instanceof WriteConflictError)) console.error(`approval ${id}: write failed:`, err);
      const failed =
        `The user approved, but nothing was modified: ${why}. ` +
        "Call recategorise_transactions again for a fresh preview if the change is still wanted.";
      this.app.approvals.setResult(id, { message: failed, error: why } satisfies ApprovalOutcomeRecord);
      this.app.audit.add({
        kind: "write",
        userId,
        conversationId: decided.conversationId,
        detail: { approvalId: id, tool: decided.tool, ok: false, input: stored.input, error: why },
      });
      waiter.resolve({ decision: "approved", result: failed, isError: true });
      return { ok: true, approval: this.app.approvals.get(userId, id)!, outcome: "failed", message: failed };
    }
    waiter.resolve({ decision: "approved", result: message!, isError: false });
    return { ok: true, approval: this.app.approvals.get(userId, id)!, outcome: "executed", message: message! };
  }

  /** Put back the exact before-values of an executed approval; once. */
  undo(userId: string, id: string): UndoResult {
    const a = this.app.approvals.get(userId, id);
    if (!a) return { ok: false, status: 404, message: NOT_FOUND_MESSAGE, approval: null };
    if (a.status === "undone") return { ok: false, status: 409, message: "This change was already undone.", approval: a };
    if (a.status !== "executed") return { ok: false, status: 409, message: "Only a change that was carried out can be undone.", approval: a };
    const write = this.app.approvals.getWrite(id);
    if (!write || write.undoneAt) return { ok: false, status: 409, message: "This change was already undone.", approval: a };
    const rows = { before: write.before as ClassificationRow[], after: write.after as ClassificationRow[] };
    const record = (a.result ?? {}) as ApprovalOutcomeRecord;
    const message = `Undone: the previous categories of ${plural(rows.before.length, "transaction")} are restored.`;
    try {
      undoRecategorisation(this.budget.path, rows, record.cache ?? [], {
        beforeCommit: () =>
          this.app.transaction(() => {
            if (!this.app.approvals.markUndone(id) || !this.app.approvals.markWriteUndone(id)) throw new WriteConflictError("this change was already undone");
            this.app.approvals.setResult(id, { ...record, undone: { at: new Date().toISOString(), message } } satisfies ApprovalOutcomeRecord);
            this.app.audit.add({
              kind: "undo",
              userId,
              conversationId: a.conversationId,
              detail: { approvalId: id, tool: a.tool, ok: true, rows: rows.before.length, before: rows.after, after: rows.before },
            });
          }),
      });
    } catch (err) {
      const why = err instanceof WriteConflictError ? err.message : `the undo failed (${(err as Error).message})`;
      if (!(err instanceof WriteConflictError)) console.error(`approval ${id}: undo failed:`, err);
      this.app.audit.add({ kind: "undo", userId, conversationId: a.conversationId, detail: { approvalId: id, tool: a.tool, ok: false, error: why } });
      return { ok: false, status: 409, message: `Nothing was restored: ${why}.`, approval: this.app.approvals.get(userId, id) };
    }
    return { ok: true, approval: this.app.approvals.get(userId, id)!, message };
  }
}

const services = new WeakMap<Store, ApprovalService>();

/**
 * The approval service of an app database (created on first use). The runtime calls it
 * with the configured timeout; the web routes call it to reach the same waiting answers.
 */
export function approvalService(app: Store, budget: BudgetDb, opts: ApprovalServiceOptions = {}): ApprovalService {
  let s = services.get(app);
  if (!s) {
    s = new ApprovalService(app, budget, opts);
    services.set(app, s);
  } else if (opts.timeoutMs !== undefined) {
    s.timeoutMs = opts.timeoutMs;
  }
  return s;
}

/** "Approved by the user: moved 23 transactions (CHF -1'234.50) from Groceries to Dining." */
function approvedMessage(r: RecategoriseResult, currency: string): string {
  const from =
    r.from.length === 1 ? r.from[0]!.category : joinAnd(r.from.map((f) => `${f.category} (${f.rows})`));
  const learnt = r.cache.length ? ` Future imports of these merchants will be filed under ${r.to}.` : "";
  return `Approved by the user: moved ${plural(r.after.length, "transaction")} (${formatMoney(r.total, currency)}) from ${from} to ${r.to}.${learnt}`;
}

function alreadyMessage(a: Approval): string {
  const word: Record<ApprovalStatus, string> = {
    pending: "is still waiting",
    approved: "was already approved",
    executed: "was already approved and carried out",
    undone: "was already approved, carried out and undone",
    rejected: "was already rejected",
    expired: "has expired",
  };
  return `This approval ${word[a.status]}; nothing more was done.`;
}
