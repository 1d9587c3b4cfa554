/**
 * Approvals (SPEC §3.3): how a high-risk tool call reaches the user and, only when the
 * user approves, changes data. The service knows no tool: each high-risk tool brings
 * an approval policy (src/tools/types.ts) that prepares the preview, executes exactly
 * the stored arguments and undoes them.
 *
 *   request  → the tool's policy computes the preview on the server; the service stores
 *              a pending approval with the exact arguments, audits approval_requested,
 *              and arms its expiry; the turn that asked ends `waiting` (nobody blocks);
 *   decide   → one atomic compare-and-set from 'pending' (store.approvals.decide), so a
 *              double click, a replay or a second tab finds it decided and executes
 *              nothing; approve executes the stored arguments once; the decision's and
 *              the write's audit entries, the write (before/after) and the result
 *              'executed' are recorded only once the change is committed (a change to
 *              budget.db goes through the two-phase write path, which records them with
 *              its journal's "done"; a change to the app database alone records them in
 *              its own transaction); a busy budget.db puts the approval back to pending
 *              (503: try again) with nothing recorded; reject cancels; both are reported
 *              to the listener (the chat service), which starts the continuation turn
 *              that tells the model. An approval whose conversation was deleted (a reset)
 *              can no longer be decided: 409, and it ends expired;
 *   timeout  → the approval expires (its timer, or start-up for one whose time passed
 *              while the server was down); the listener is told, the model learns it
 *              with the next request;
 *   undo     → the policy puts back what the change did, once.
 *
 * Pending approvals live in the app database, not in a running answer: a decision works
 * in any process until the approval expires, also after a restart (`resume`).
 */
import type { ApprovalGate, PendingApproval } from "../tools/invoke.ts";
import type { BudgetDb } from "../ledger/reader.ts";
import { formatDuration } from "../core/format.ts";
import type { ApprovalStatus } from "../core/vocab.ts";
import type { Approval, ApprovalResult } from "../store/approvals.ts";
import type { Store } from "../store/store.ts";
import type { Change, Tool, ToolContext, WriteContext, WriteTool } from "../tools/types.ts";
import { BudgetBusyError, BudgetUnwritableError } from "../ledger/write-lock.ts";
import type { BudgetWriter } from "../ledger/write-path.ts";
import type { NewAuditEntry } from "../store/audit-log.ts";
import { ChangeRefused, isBusyError, WriteConflictError } from "../core/errors.ts";
import type { RunningTurn } from "./running-turn.ts";

/** What an approval stores as its arguments: the input in canonical form and the policy's own arguments. */
export type StoredApprovalArgs = { input: unknown; args: unknown };

/**
 * How a decided (or expired) approval turned out: `result` is what the model is told.
 * `fatal`: approved, but the change failed for a reason the model cannot fix (a lock):
 * no continuation runs; the card says so and the model learns it with the next request.
 */
export type ApprovalOutcome = { decision: "approved" | "rejected" | "expired"; result: string; isError: boolean; fatal?: string };
type Outcome = ApprovalOutcome;

/** Hears every outcome, with the approval as it was when decided. */
export type OutcomeListener = (approval: Approval, outcome: ApprovalOutcome) => void;

/** An armed pending approval: `resolve` reports its outcome, `cleanup` disarms its expiry. */
type ExpiryTimer = { resolve(o: Outcome): void; cleanup(): void };

/**
 * What a decision did. Refused: no such approval of this user (`not_found`, `approval` null), or one that
 * cannot be decided now (`conflict`: decided already, expired, or approved but the change could not be made).
 */
export type DecisionResult =
  | { ok: true; approval: Approval; outcome: "executed" | "rejected"; message: string }
  /** `decided`: this call decided it (approved, but the change could not be made); otherwise nothing was decided. */
  | { ok: false; refused: ChangeRefused | BudgetBusyError; approval: Approval | null; decided?: true };

/**
 * What an undo did; refused as a decision is (`not_found`, or `conflict`: not carried out, undone already, changed since).
 * A BudgetBusyError (its message the sentence to show: "Nothing was changed/restored: …"): budget.db was busy;
 * nothing was written or recorded, an approval is pending again and an Undo stays: try again (a 503 with Retry-After).
 */
export type UndoResult = { ok: true; approval: Approval; message: string } | { ok: false; refused: ChangeRefused | BudgetBusyError; approval: Approval | null };

export const CONVERSATION_GONE_MESSAGE = "The conversation of this approval was deleted, so it can no longer be decided; nothing was changed.";

export const REJECTED_MESSAGE = "The user rejected the change; nothing was modified.";
export const NOT_FOUND_MESSAGE = "Approval not found.";

export type ApprovalServiceOptions = {
  store: Store;
  budget: BudgetDb;
  /** The app's tools: a stored approval is decided and undone by the policy of its tool among these. */
  tools: readonly Tool[];
  /** What a policy's `prepare` reads besides the budget database (the budgets, the clock), as the read tools get it. */
  toolContext?: ToolContext;
  /** The one write path to budget.db (createApp's: it follows `budget` from demo data to the real file). */
  writer: BudgetWriter;
  /** How long an approval stays open. */
  timeoutMs: number;
  now?: () => Date;
};

export class ApprovalService {
  private readonly timers = new Map<string, ExpiryTimer>();
  private listener: OutcomeListener | null = null;
  private readonly store: Store;
  private readonly ctx: WriteContext;
  private readonly tools: readonly Tool[];
  private readonly toolContext: ToolContext | undefined;
  readonly timeoutMs: number;

  constructor(opts: ApprovalServiceOptions) {
    this.store = opts.store;
    this.tools = opts.tools;
    this.toolContext = opts.toolContext;
    this.timeoutMs = opts.timeoutMs;
    this.ctx = { budget: opts.budget, writer: opts.writer, store: opts.store, now: opts.now ?? (() => new Date()) };
  }

  /** The gate for one running turn (how the agent loop reaches the user). */
  gate(turn: RunningTurn): ApprovalGate {
    return { request: (call) => this.request(turn, call) };
  }

  /** Who hears the outcomes (the chat service: it settles the waiting turn and continues the conversation). */
  onOutcome(listener: OutcomeListener): void {
    this.listener = listener;
  }

  /**
   * At start-up: approvals pending from before survive until their time passes. Those
   * whose time passed while the server was down expire now; the rest are armed again.
   */
  resume(): void {
    const now = this.store.approvals.now().getTime();
    for (const a of this.store.approvals.allPending()) {
      if (Date.parse(a.expiresAt) <= now) this.expire(a.id, "timeout", this.expiredMessage());
      else this.arm(a);
    }
  }

  /** Disarm every expiry timer (the app is closing; start-up arms them again). */
  stop(): void {
    for (const w of [...this.timers.values()]) w.cleanup();
  }

  /** Arm a pending approval: it expires when its time passes; its outcome goes to the listener. */
  private arm(a: Approval): ExpiryTimer {
    const handle = setTimeout(() => this.expire(a.id, "timeout", this.expiredMessage()), Math.max(0, Date.parse(a.expiresAt) - this.store.approvals.now().getTime()));
    (handle as { unref?: () => void }).unref?.();
    const timer: ExpiryTimer = {
      resolve: (o) => this.listener?.(a, o),
      cleanup: () => {
        clearTimeout(handle);
        this.timers.delete(a.id);
      },
    };
    this.timers.set(a.id, timer);
    return timer;
  }

  /** "The approval expired after 10 minutes; nothing was modified." */
  expiredMessage(): string {
    return `The approval expired after ${formatDuration(this.timeoutMs)}; nothing was modified.`;
  }

  private async request(turn: RunningTurn, call: Parameters<ApprovalGate["request"]>[0]): Promise<PendingApproval> {
    const tool = call.tool as WriteTool;
    // Throws a ToolInputError (unknown category, nothing to change, too many rows) that the loop hands to the model.
    const plan = tool.approval.prepare(this.ctx.budget, call.input, this.toolContext);
    const approval = this.store.approvals.create({
      userId: turn.userId,
      conversationId: turn.conversationId,
      turnId: turn.id,
      toolUseId: call.toolUseId,
      tool: tool.name,
      args: { input: plan.input, args: plan.args } satisfies StoredApprovalArgs,
      preview: plan.preview,
      ttlMs: this.timeoutMs,
    });
    const { title, description, facts, ...figures } = plan.preview;
    this.store.audit.add({
      kind: "approval_requested",
      userId: turn.userId,
      conversationId: turn.conversationId,
      detail: { approvalId: approval.id, tool: tool.name, turnId: turn.id, input: plan.input, ...figures, expiresAt: approval.expiresAt },
    });
    this.arm(approval);
    return { id: approval.id, preview: approval.preview, expiresAt: approval.expiresAt };
  }

  /** Expire a pending approval and report it (the model learns it with the next request). */
  private expire(id: string, reason: string, message: string): void {
    this.timers.get(id)?.cleanup();
    const expired = this.store.approvals.expire(id, reason);
    if (!expired) return;
    this.store.approvals.setResult(id, { message } satisfies ApprovalResult);
    this.listener?.(expired, { decision: "expired", result: message, isError: true });
  }

  /**
   * The user's decision. Executes (for "approved") at most once per approval, in whatever
   * process decides it before it expires (the answer that asked has long ended).
   */
  async decide(userId: string, id: string, decision: "approved" | "rejected"): Promise<DecisionResult> {
    const current = this.store.approvals.get(userId, id);
    if (!current) return { ok: false, refused: new ChangeRefused("not_found", NOT_FOUND_MESSAGE), approval: null };
    if (current.status !== "pending") return { ok: false, refused: new ChangeRefused("conflict", alreadyMessage(current)), approval: current };
    if (!this.store.conversations.get(userId, current.conversationId)) return this.orphaned(current);
    const timer = this.timers.get(id) ?? this.arm(current);
    let decided: Approval | null;
    try {
      decided = this.store.approvals.decide(userId, id, decision);
    } catch (err) {
      // Not even the decision could be stored (the app database is locked): nothing was written.
      return this.failed(userId, current, timer, decision, err);
    }
    if (!decided) {
      // Its time ran out a moment before the timer fired.
      if (this.store.approvals.get(userId, id)?.status === "pending") this.expire(id, "timeout", this.expiredMessage());
      const now = this.store.approvals.get(userId, id);
      return { ok: false, refused: new ChangeRefused("conflict", now ? alreadyMessage(now) : NOT_FOUND_MESSAGE), approval: now };
    }
    timer.cleanup();
    const decidedEntry: NewAuditEntry = {
      kind: "approval_decided",
      userId,
      conversationId: decided.conversationId,
      detail: { approvalId: id, tool: decided.tool, turnId: decided.turnId, decision },
    };
    // From here on every failure ends in failed() (or, on a busy budget.db, back to pending): the listener always hears the outcome, the approval always ends final.
    try {
      if (decision === "rejected") {
        this.store.audit.add(decidedEntry);
        this.store.approvals.setResult(id, { message: REJECTED_MESSAGE } satisfies ApprovalResult);
        timer.resolve({ decision: "rejected", result: REJECTED_MESSAGE, isError: true });
        return { ok: true, approval: this.store.approvals.get(userId, id)!, outcome: "rejected", message: REJECTED_MESSAGE };
      }

      const stored = decided.args as StoredApprovalArgs;
      const executed = (c: Change) => ({
        result: { message: c.message, ...c.detail } satisfies ApprovalResult,
        audit: this.auditEntry(userId, decided, { ok: true, ...c.detail, before: c.before, after: c.after }),
      });
      // A change to budget.db is recorded by the write path once budget.db holds it (two-phase, SPEC §13), the decision with it.
      let inBudget: Change | null = null;
      const writer = this.ctx.writer.withSettlement(({ snapshot }) => {
        if (!inBudget) return null;
        const e = executed(inBudget);
        // The audit names the snapshot of budget.db taken before the change (SPEC §13), when backups are on.
        const audit = snapshot ? { ...e.audit, detail: { ...(e.audit.detail as Record<string, unknown>), snapshot } } : e.audit;
        return { executed: { approvalId: id, before: inBudget.before, after: inBudget.after, result: e.result }, audit: [decidedEntry, audit] };
      });
      const change = await this.policyOf(decided).execute({ ...this.ctx, writer, userId }, stored.args, (c) => {
        if (writer.writing) {
          inBudget = c;
          return;
        }
        // A change to the app database only (set_budget): recorded inside its own transaction, so a change that cannot be recorded is not made.
        const e = executed(c);
        this.store.transaction(() => {
          this.store.approvals.recordWrite(id, c.before, c.after);
          if (!this.store.approvals.markExecuted(id, e.result)) throw new Error("approval is no longer in 'approved'");
          this.store.audit.add(decidedEntry);
          this.store.audit.add(e.audit);
        });
      });
      timer.resolve({ decision: "approved", result: change.message, isError: false });
      const now = this.store.approvals.get(userId, id)!;
      // budget.db holds the change even when chat.db could not record it yet (retried; reconciled at the latest).
      const shown = now.status === "approved" ? { ...now, status: "executed" as const, result: executed(change).result } : now;
      return { ok: true, approval: shown, outcome: "executed", message: change.message };
    } catch (err) {
      if (err instanceof BudgetBusyError) return this.reopen(decided, err);
      return this.failed(userId, decided, timer, decision, err, decidedEntry);
    }
  }

  /**
   * budget.db was busy: nothing was written or recorded, so the approval is pending again
   * (armed to expire as before) and the user may simply approve again; 503.
   */
  private reopen(a: Approval, err: BudgetBusyError): DecisionResult {
    this.store.writeSoon(`approval ${a.id} pending again`, () => void this.store.approvals.reopen(a.id));
    const pending: Approval = { ...a, status: "pending", decidedAt: null };
    this.arm(pending);
    return { ok: false, refused: new BudgetBusyError(`Nothing was changed: ${err.message}.`), approval: pending };
  }

  /** An approval whose conversation was deleted (a reset): it ends expired, without a word to a conversation that is gone; 409. */
  private orphaned(a: Approval): DecisionResult {
    this.timers.get(a.id)?.cleanup();
    const expired = this.store.approvals.expire(a.id, "conversation deleted");
    if (expired) this.store.approvals.setResult(a.id, { message: CONVERSATION_GONE_MESSAGE } satisfies ApprovalResult);
    return { ok: false, refused: new ChangeRefused("conflict", CONVERSATION_GONE_MESSAGE), approval: this.store.approvals.get(a.userId, a.id) };
  }

  private auditEntry(userId: string, a: Approval, detail: Record<string, unknown>): NewAuditEntry {
    return {
      kind: "write",
      userId,
      conversationId: a.conversationId,
      detail: { approvalId: a.id, tool: a.tool, input: (a.args as StoredApprovalArgs | null)?.input, ...detail },
    };
  }

  private writeAudit(userId: string, a: Approval, detail: Record<string, unknown>): void {
    this.store.audit.add(this.auditEntry(userId, a, detail));
  }

  /**
   * A decision that could not be carried out: nothing was written (the budget write rolled
   * back, or never began). The listener hears the outcome at once; the approval's final state
   * (`failed`, or `rejected`) is stored as soon as the app database lets us (it may be the
   * very thing that is locked). An approve is refused as a `conflict`.
   */
  private failed(userId: string, a: Approval, timer: ExpiryTimer, decision: "approved" | "rejected", err: unknown, decidedEntry?: NewAuditEntry): DecisionResult {
    timer.cleanup();
    if (decision === "rejected") {
      timer.resolve({ decision: "rejected", result: REJECTED_MESSAGE, isError: true });
      this.store.writeSoon(`the rejection of approval ${a.id}`, () => {
        if (this.store.approvals.decide(userId, a.id, "rejected", new Date(Math.min(Date.now(), Date.parse(a.expiresAt) - 1)))) {
          this.store.approvals.setResult(a.id, { message: REJECTED_MESSAGE } satisfies ApprovalResult);
          this.store.audit.add({ kind: "approval_decided", userId, conversationId: a.conversationId, detail: { approvalId: a.id, tool: a.tool, turnId: a.turnId, decision } });
        }
      });
      return { ok: true, approval: { ...a, status: "rejected", result: { message: REJECTED_MESSAGE } }, outcome: "rejected", message: REJECTED_MESSAGE };
    }
    const conflict = err instanceof WriteConflictError;
    const why = conflict || err instanceof BudgetUnwritableError
      ? (err as Error).message
      : isBusyError(err)
        ? "the app database was busy (another program held a lock on it), so the change could not be recorded"
        : `the write failed (${(err as Error)?.message ?? String(err)})`;
    if (!conflict) console.error(`approval ${a.id}: write failed:`, err);
    const message =
      `The user approved, but nothing was modified: ${why}. ` +
      (conflict ? `Call ${a.tool} again for a fresh preview if the change is still wanted.` : "Nothing needs undoing; the user may try again in a moment.");
    timer.resolve({
      decision: "approved",
      result: message,
      isError: true,
      // A conflict is for the model to handle (a fresh preview); anything else ends here with a clear message on the card.
      ...(conflict ? {} : { fatal: `The approved change could not be made: ${why}. Nothing was modified; retry in a moment.` }),
    });
    const result = { message, error: why } satisfies ApprovalResult;
    this.store.writeSoon(`the failure of approval ${a.id}`, () => {
      if (!this.store.approvals.markFailed(a.id, result)) return;
      if (decidedEntry) this.store.audit.add(decidedEntry);
      this.writeAudit(userId, a, { ok: false, error: why });
    });
    return { ok: false, refused: new ChangeRefused("conflict", message), approval: { ...a, status: "failed", result }, decided: true };
  }

  /** Put back what an executed approval changed; once. */
  async undo(userId: string, id: string): Promise<UndoResult> {
    const a = this.store.approvals.get(userId, id);
    if (!a) return { ok: false, refused: new ChangeRefused("not_found", NOT_FOUND_MESSAGE), approval: null };
    const write = this.store.approvals.getWrite(id);
    if (a.status === "undone" || write?.undoneAt) return { ok: false, refused: new ChangeRefused("conflict", "This change was already undone."), approval: a };
    if (a.status !== "executed" || !write) return { ok: false, refused: new ChangeRefused("conflict", "Only a change that was carried out can be undone."), approval: a };
    const result = (a.result ?? {}) as ApprovalResult;
    const { message: _m, error: _e, undone: _u, ...figures } = result;
    const entry = (detail: Record<string, unknown>): NewAuditEntry => ({
      kind: "undo",
      userId,
      conversationId: a.conversationId,
      detail: { approvalId: id, tool: a.tool, ...detail },
    });
    const audit = (detail: Record<string, unknown>) => this.store.audit.add(entry(detail));
    const undone = (message: string) => ({ ...result, undone: { at: this.ctx.now().toISOString(), message } }) satisfies ApprovalResult;
    const okEntry = () => entry({ ok: true, ...figures, before: write.after, after: write.before });
    // Undoing a change to budget.db is recorded by the write path once budget.db holds it (two-phase, SPEC §13).
    let inBudget: string | null = null;
    const writer = this.ctx.writer.withSettlement(() => (inBudget === null ? null : { undone: { approvalId: id, result: undone(inBudget) }, audit: [okEntry()] }));
    try {
      const message = await this.policyOf(a).undo({ ...this.ctx, writer, userId }, (a.args as StoredApprovalArgs).args, write, (message) => {
        if (writer.writing) {
          inBudget = message;
          return;
        }
        this.store.transaction(() => {
          if (!this.store.approvals.markUndone(id) || !this.store.approvals.markWriteUndone(id)) {
            throw new WriteConflictError("this change was already undone");
          }
          this.store.approvals.setResult(id, undone(message));
          this.store.audit.add(okEntry());
        });
      });
      const now = this.store.approvals.get(userId, id)!;
      return { ok: true, approval: now.status === "executed" ? { ...now, status: "undone", result: undone(message) } : now, message };
    } catch (err) {
      // A busy budget.db: nothing was changed, and nothing is recorded; the Undo stays for another try.
      if (err instanceof BudgetBusyError) return { ok: false, refused: new BudgetBusyError(`Nothing was restored: ${err.message}.`), approval: a };
      const refused = err instanceof WriteConflictError || err instanceof BudgetUnwritableError;
      const why = refused ? (err as Error).message : `the undo failed (${(err as Error).message})`;
      if (!refused) console.error(`approval ${id}: undo failed:`, err);
      audit({ ok: false, error: why });
      return { ok: false, refused: new ChangeRefused("conflict", `Nothing was restored: ${why}.`), approval: this.store.approvals.get(userId, id) };
    }
  }

  /** The policy of the approval's tool, among the app's own tools. */
  private policyOf(a: Approval) {
    const tool = this.tools.find((t): t is WriteTool => t.name === a.tool && t.risk === "high");
    if (!tool) throw new Error(`${a.tool} is not a tool that changes data here`);
    return tool.approval;
  }
}

function alreadyMessage(a: Approval): string {
  const word: Record<ApprovalStatus, string> = {
    pending: "is still waiting",
    approved: "was already approved",
    executed: "was already approved and carried out",
    undone: "was already approved, carried out and undone",
    rejected: "was already rejected",
    expired: "has expired",
    failed: "was approved, but the change could not be made",
  };
  return `This approval ${word[a.status]}; nothing more was done.`;
}
