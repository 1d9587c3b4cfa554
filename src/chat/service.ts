import type Anthropic from "@anthropic-ai/sdk";
import type { MessageParam } from "@anthropic-ai/sdk/resources/messages/messages";
import { type Store } from "../store/store.ts";
import { emptyUsage, type AgentEvent } from "../core/events.ts";
import { historyWindow } from "../agent/history.ts";
import { offeredTools, runAgentTurn, type TurnOutcome } from "../agent/loop.ts";
import { figureCounts } from "../figures/turn.ts";
import type { ApprovalGate, ToolInvoker } from "../tools/invoke.ts";
import { callPeriods } from "../tools/query/period.ts";
import { systemBlocks } from "../agent/prompt.ts";
import { BudgetDbLocked, type BudgetDb } from "../ledger/reader.ts";
import type { MemoryHooks } from "../memory/memory.ts";
import { stripControls } from "../core/validation.ts";
import { cannotSaveMessage, isBusyError, QuestionRefused } from "../core/errors.ts";
import { NO_MODEL_REFUSAL } from "../config.ts";
import { admitQuestion, type QuestionLimits } from "./admission.ts";
import { repairHistory } from "./recovery.ts";
import { openingOf, type Decided } from "./opening.ts";
import type { Approval } from "../store/approvals.ts";
import type { ApprovalOutcome } from "./approval-service.ts";
import { coalesceText, RunningTurn } from "./running-turn.ts";

export type ChatSettings = {
  model: string;
  maxSteps: number;
  historyMessages: number;
  maxTokens: number;
  timeZone: string;
  /** The repair round after an answer with figures the check could not back (SPEC §11.1); on unless `--no-repair`. */
  repair?: boolean;
};

export type ChatDeps = {
  store: Store;
  budget: BudgetDb;
  /** null: the server runs without a model (`serve --no-model`): every question is refused. */
  client: Anthropic | null;
  /** Runs the tools the model calls (the app's one invoker). */
  invoker: ToolInvoker;
  settings: ChatSettings;
  /** Present unless the app runs read-only: high-risk tools reach the user through it. */
  approvals?: (turn: RunningTurn) => ApprovalGate;
  memory?: MemoryHooks;
  now?: () => Date;
};

import { ConversationBusy } from "../store/turns.ts";
import { figureRowsData } from "../tools/query/figure-rows.ts";

export { ConversationBusy };

export type QuestionRequest = { userId: string; conversationId?: string | null; question: string; limits?: QuestionLimits };

export class ConversationNotFound extends QuestionRefused {
  override name = "ConversationNotFound";
  constructor(readonly conversationId: string) {
    super("unknown_conversation", `This conversation does not exist (it may have been deleted): ${conversationId}`);
  }
}

/**
 * Runs turns in the background, independent of the request that started them, and
 * keeps their events so any number of consumers (a browser that reloads, the JSON
 * API, the CLI) can follow. Persists messages as each group completes.
 */
export class ChatService {
  private readonly running = new Map<string, RunningTurn>();

  constructor(readonly deps: ChatDeps) {}

  /** False when the server runs without a model (`serve --no-model`): the chat page then says how to add one. */
  get hasModel(): boolean {
    return this.deps.client !== null;
  }

  /** Ids of the turns that are still answering, per user (for concurrency limits). */
  runningCount(userId: string): number {
    let n = 0;
    for (const t of this.running.values()) if (t.userId === userId && !t.outcome) n++;
    return n;
  }

  /** Stop whatever is still answering in a conversation (it is being deleted or reset). */
  stopConversation(conversationId: string): void {
    for (const t of this.running.values()) if (t.conversationId === conversationId && !t.outcome) t.stop();
  }

  turn(id: string): RunningTurn | undefined {
    return this.running.get(id);
  }

  /** The running continuation that reports an approval's outcome, if any. */
  continuationOf(approvalId: string): RunningTurn | undefined {
    for (const t of this.running.values()) if (t.continues === approvalId && !t.outcome) return t;
    return undefined;
  }

  /**
   * An approval was decided or expired (the approval service's listener). The turn that
   * asked records the outcome in its display log and, with no approval of it left pending,
   * stops waiting. A decision then starts one continuation turn of the conversation, whose
   * opening gives the model the outcome (see opening.ts) and whose text streams like any
   * answer; should the conversation be answering right now, it starts once that answer
   * ends. An expiry (or a change that failed on a lock) starts nothing: the model learns
   * it with the next request.
   */
  approvalSettled(approval: Approval, outcome: ApprovalOutcome): RunningTurn | null {
    const { store } = this.deps;
    const failed = outcome.decision === "approved" && outcome.isError;
    try {
      store.writeSoon(`the outcome of approval ${approval.id}`, () => {
        store.turns.appendEvents(approval.turnId, [
          { type: "approval_decided", id: approval.id, decision: outcome.decision, detail: outcome.result, ...(failed ? { failed } : {}) },
        ]);
        store.turns.settleWaiting(approval.turnId);
      });
    } catch (err) {
      // The conversation was reset meanwhile (its turns are gone): there is nothing to tell, nor to continue.
      console.error(`approval ${approval.id}: its outcome could not be added to its answer:`, (err as Error).message);
      return null;
    }
    // An expiry, or a change that failed on a lock (the app database is likely still busy), starts nothing;
    // nor does any decision without a model (a card left from before a restart with --no-model).
    if (outcome.decision === "expired" || outcome.fatal || !this.hasModel) return null;
    const decided: Decided = { approval, outcome };
    const start = () => {
      try {
        return this.startTurn({ userId: approval.userId, conversationId: approval.conversationId, question: "", decided });
      } catch (err) {
        // The conversation was deleted meanwhile (nothing to continue), or the app database failed.
        if (!(err instanceof ConversationNotFound)) console.error(`approval ${approval.id}: could not continue the conversation:`, err);
        return null;
      }
    };
    const busy = [...this.running.values()].find((t) => t.conversationId === approval.conversationId && !t.outcome);
    if (!busy) return start();
    void busy.finished.then(start);
    return null;
  }

  /** An approval's outcome as stored (to report it again: Retry of a continuation that failed), or undefined while undecided. */
  storedDecision(userId: string, approvalId: string): Decided | undefined {
    const approval = this.deps.store.approvals.get(userId, approvalId);
    if (!approval || approval.status === "pending" || approval.status === "approved") return undefined;
    const result = (approval.result as { message?: string } | null)?.message ?? `The approval ended ${approval.status}; nothing was modified.`;
    const decision = approval.status === "rejected" || approval.status === "expired" ? approval.status : "approved";
    const isError = approval.status !== "executed" && approval.status !== "undone";
    return { approval, outcome: { decision, result, isError } };
  }

  /**
   * Refuse a question the chat will not take (QuestionRefused): with `limits` (the
   * server's), too long, empty or too many answers running; always, an unknown
   * conversation or one still answering. startTurn checks it too; call it first when
   * something must happen only if the question will be taken.
   */
  admit(opts: QuestionRequest & { decided?: Decided }): void {
    if (!this.deps.client) throw new QuestionRefused("no_model", NO_MODEL_REFUSAL);
    // A continuation (`decided`) has no question of its own: only the answers running count.
    if (opts.limits) admitQuestion(opts.question, opts.limits, this.runningCount(opts.userId), !!opts.decided);
    const conversationId = opts.conversationId;
    if (!conversationId) return;
    if (!this.deps.store.conversations.get(opts.userId, conversationId)) throw new ConversationNotFound(conversationId);
    // One running turn per conversation (the database's turns_one_running index enforces it across processes too).
    for (const t of this.running.values()) if (t.conversationId === conversationId && !t.outcome) throw new ConversationBusy(conversationId);
  }

  /** Start answering a question, or refuse it (see `admit`; nothing stored or sent). */
  startTurn(opts: QuestionRequest & { decided?: Decided }): RunningTurn {
    const { store, settings } = this.deps;
    this.admit(opts);
    const continues = opts.decided?.approval.id;
    const isNew = !opts.conversationId;
    // Time-ordered ids (UUIDv7): the turn's rows in every index keyed by them go in at the end, so a tick's commit
    // shares its pages between the turns it stores instead of writing a page per turn per index.
    const conversationId = opts.conversationId || Bun.randomUUIDv7();
    const turnId = Bun.randomUUIDv7();
    // A new conversation and its turn are stored together, in the transaction every question of this tick shares
    // (the routes answer once it is committed: store.tickCommitted).
    store.inTick(`the start of turn ${turnId}`, () => {
      if (isNew) store.conversations.create(opts.userId, titleFrom(opts.question), conversationId);
      store.turns.start({ id: turnId, conversationId, userId: opts.userId, model: settings.model, question: opts.question, continues });
    });
    const turn = new RunningTurn(turnId, conversationId, opts.userId, continues ?? null);
    this.running.set(turnId, turn);
    turn.push({ type: "turn_started", conversationId, turnId, ...(continues ? { continues } : {}) });
    if (opts.decided) {
      // Whoever follows the continuation (the JSON API) learns first what was decided.
      const { approval, outcome } = opts.decided;
      const failed = outcome.decision === "approved" && outcome.isError;
      turn.push({ type: "approval_decided", id: approval.id, decision: outcome.decision, detail: outcome.result, ...(failed ? { failed } : {}) });
    }
    this.drive(turn, opts.question, opts.decided, isNew).catch((err) => {
      // Only bookkeeping can fail here (e.g. the app database went away): never leave a subscriber hanging.
      console.error(`turn ${turnId}: could not store its end:`, err);
      if (!turn.outcome) turn.finish({ status: "error", incomplete: true, error: String(err), usage: emptyUsage() });
    });
    return turn;
  }

  /** Abort every running turn and wait for each to store its state. */
  async shutdown(): Promise<void> {
    const turns = [...this.running.values()].filter((t) => !t.outcome);
    for (const t of turns) t.stop();
    await Promise.all(turns.map((t) => t.finished));
  }

  /** `isNew`: the conversation was created with this turn, so it has no history and nothing waiting to be answered. */
  private async drive(turn: RunningTurn, question: string, decided: Decided | undefined, isNew: boolean): Promise<void> {
    const { store, budget, invoker, settings, memory } = this.deps;
    const client = this.deps.client;
    if (!client) throw new Error("no model: admit() refuses every question");
    const started = performance.now();
    let flushed = 0;
    /** The display events not stored yet (they are stored in order, once the app database lets us). */
    const takeFresh = () => {
      const fresh = coalesceText(turn.events.slice(flushed));
      flushed = turn.events.length;
      return fresh;
    };
    // Every write of a turn goes through writeSoon: in order, and never waiting on another program's lock
    // (a locked app database delays them, it does not stall the answer or the server).
    let toldUnsaved = false;
    /** `inTick`: the write may share this tick's transaction with every running turn's (store.writeInTick). */
    const write = (what: string, fn: () => void, inTick = false) => {
      const stored = inTick ? store.writeInTick(`${what} of turn ${turn.id}`, fn) : store.writeSoon(`${what} of turn ${turn.id}`, fn);
      // A full disk or read-only chat.db: the answer goes on (its writes wait for space), and the user is told once.
      if (!stored && store.cannotSave && !toldUnsaved) {
        toldUnsaved = true;
        turn.push({ type: "notice", kind: "unsaved", message: `${cannotSaveMessage(store.cannotSave)}. The answer goes on; it is stored as soon as the app database can be written again.` });
      }
      return stored;
    };
    let outcome: TurnOutcome;
    try {
      const stored = isNew ? [] : store.messages.list(turn.conversationId).map((m) => ({ role: m.role, content: m.content }) as MessageParam);
      const history = historyWindow(stored, Math.max(0, settings.historyMessages - 1));
      if (memory && history.length < stored.length) {
        await memory.forget(turn.userId, turn.conversationId, stored.slice(0, stored.length - history.length));
      }
      const memories = memory && question ? await memory.recall(turn.userId, question) : [];
      // Answers to a waiting turn's tool calls, and notes of what was decided or undone since.
      const opening = isNew ? { blocks: [], undoneTold: [] } : openingOf(store, turn.conversationId, { decided, timeZone: settings.timeZone });
      // An import may hold budget.db: wait for it (without freezing the server), or end with a clear error.
      const data = await budget.whenReadable();
      // Tools that change data only where a change could be written (not read-only, budget.db writable, chat.db saving).
      const approvals = budget.writable && !store.cannotSave ? this.deps.approvals?.(turn) : undefined;
      const gen = runAgentTurn({
        client,
        model: settings.model,
        maxTokens: settings.maxTokens,
        invoker,
        system: systemBlocks(
          { summary: data.summary, notSpending: [...budget.notSpendingNames], now: (this.deps.now ?? (() => new Date()))(), timeZone: settings.timeZone, memories, budgets: store.budgets.list(), contributions: store.contributions.counterparties() },
          offeredTools(invoker.tools, !!approvals),
        ),
        history,
        question,
        opening: opening.blocks,
        maxSteps: settings.maxSteps,
        figureData: {
          vocabulary: data.ledger,
          periods: (input) => callPeriods(input, budget.ledger()),
          ...figureRowsData(budget),
        },
        repair: settings.repair ?? true,
        signal: turn.controller.signal,
        approvals,
        persist: (messages) => {
          const events = takeFresh();
          const told = opening.undoneTold.splice(0);
          write(
            "messages",
            () => {
              store.messages.append(turn.conversationId, turn.id, messages);
              store.turns.appendEvents(turn.id, events);
              // The notes are in the stored history now: the model heard of these undos.
              for (const id of told) store.approvals.markUndoneTold(id);
            },
            true,
          );
        },
        // In this tick's shared transaction, like the messages: a write of its own would commit that transaction early.
        onToolCall: (call) =>
          write(
            "a tool call",
            () => store.audit.add({ kind: "tool_call", userId: turn.userId, conversationId: turn.conversationId, detail: { turnId: turn.id, ...call } }),
            true,
          ),
      });
      while (true) {
        const step = await gen.next();
        if (step.done) {
          outcome = step.value;
          break;
        }
        // What the user reads is stored before any subscriber can send it (SPEC §13): a text delta joins this tick's
        // transaction, which every running turn's deltas share, and is shown once that transaction is committed, at
        // the tick's end; a crash at any moment loses nothing a client received. Text extends the stored text block
        // in place (Turns.appendEvents), so this is one small UPDATE per delta, and one COMMIT per tick for all turns.
        if (step.value.type === "text") {
          turn.hold(step.value);
          const events = takeFresh();
          if (write("streamed text", () => store.turns.appendEvents(turn.id, events), true)) store.afterTick(() => turn.release());
          // Waiting for a lock (or for storage): the answer goes on, stored as soon as it can be.
          else turn.release();
        } else turn.push(step.value);
      }
    } catch (err) {
      // A bug or a database failure, not an upstream error (those arrive as events).
      const message = err instanceof BudgetDbLocked
        ? "The budget database is locked by another program (an import may be running), so this question was not answered. Retry in a moment."
        : isBusyError(err)
        ? "The app database is busy (another program holds a lock on it), so this answer could not be stored. Retry in a moment."
        : `Internal error: ${(err as Error).message}`;
      console.error(`turn ${turn.id} failed:`, err);
      turn.push({ type: "error", message, retryable: true });
      outcome = { status: "error", incomplete: true, error: message, usage: emptyUsage() };
      // What was stored of this turn may end mid-exchange: make the history valid for the next question.
      write("the history repair", () => void repairHistory(store, turn.conversationId, turn.id));
    }
    // The loop checks the answer's figures before it ends; a turn it could not finish still says it checked none.
    let checked = turn.events.findLast((e): e is Extract<AgentEvent, { type: "figures" }> => e.type === "figures");
    if (!checked) turn.push((checked = { type: "figures", figures: [] }));
    const repaired = turn.events.findLast((e): e is Extract<AgentEvent, { type: "repair" }> => e.type === "repair");
    const done: AgentEvent = {
      type: "done",
      conversationId: turn.conversationId,
      turnId: turn.id,
      incomplete: outcome.incomplete,
      usage: outcome.usage,
      ...(outcome.status === "waiting" ? { waiting: true } : {}),
    };
    const unflushed = [...takeFresh(), done];
    const audit = {
      turnId: turn.id,
      model: settings.model,
      status: outcome.status,
      usage: outcome.usage,
      durationMs: Math.round(performance.now() - started),
      error: outcome.error,
      figures: figureCounts(repaired?.figures ?? checked.figures),
      ...(repaired
        ? { repair: { asked: repaired.asked, corrected: repaired.figures.filter((f) => f.correction).length, confirmed: repaired.figures.filter((f) => f.operation === "calculation").length, ...(repaired.error ? { error: repaired.error } : {}) } }
        : {}),
    };
    // Stored first, so whoever sees `done` finds the turn finished and its usage counted: in this tick's shared
    // transaction (the ends of all the turns ending at once commit together), and `done` goes out once it is
    // committed. Should the app database be locked, the turn still ends for everyone following it (and frees the
    // user's slot); its end is stored once the lock is gone, and the live turn is kept until then.
    const stored = write(
      "the end",
      () => {
        // The events first: the turn's last stored event is known while it runs (Turns.appendEvents), not after `finish`.
        store.turns.appendEvents(turn.id, unflushed);
        store.turns.finish(turn.id, {
          status: outcome.status,
          usage: outcome.usage,
          error: outcome.error,
          incomplete: outcome.incomplete,
          pendingResults: outcome.pendingResults,
        });
        // Its approvals may have been decided while it was still ending.
        if (outcome.status === "waiting") store.turns.settleWaiting(turn.id);
        store.conversations.touch(turn.conversationId);
        store.audit.add({ kind: "turn", userId: turn.userId, conversationId: turn.conversationId, detail: audit });
        this.running.delete(turn.id);
      },
      true,
    );
    const end = () => {
      turn.push(done);
      turn.finish(outcome);
    };
    if (stored) store.afterTick(end);
    else {
      console.error(`turn ${turn.id}: the app database is locked; its end will be stored once it is free`);
      end();
    }
  }
}

/** A conversation title from its first question: one line, at most ~60 characters, cut at a word. */
export function titleFrom(question: string): string {
  const line = stripControls(question).replace(/\s+/g, " ").trim();
  if (line.length <= 60) return line || "New chat";
  const cut = line.slice(0, 60);
  const space = cut.lastIndexOf(" ");
  return `${(space > 30 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, "")}…`;
}
