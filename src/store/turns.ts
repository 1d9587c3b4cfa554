/**
 * Turns (one question and its answer) and their display logs: the AgentEvents a turn
 * produced, stored so a reload or a late stream can show the answer again.
 */
import type { ToolResultBlockParam } from "@anthropic-ai/sdk/resources/messages/messages";
import { type AgentEvent, type TableSpec, type Usage } from "../core/events.ts";
import type { ColumnKind, TurnStatus } from "../core/vocab.ts";
import { QuestionRefused } from "../core/errors.ts";
import { type Row, type StoreDb } from "./db.ts";

export type Turn = {
  id: string;
  conversationId: string;
  userId: string;
  status: TurnStatus;
  model: string;
  question: string;
  startedAt: string;
  endedAt: string | null;
  usage: Usage;
  error: string | null;
  incomplete: boolean;
  /** A waiting turn's results of the other tool calls of its last step (they go to the model with the approval's outcome). */
  pendingResults: ToolResultBlockParam[];
  /** A continuation: the approval whose outcome this turn reports (it has no question of its own). */
  continues: string | null;
};
export type TurnWithEvents = Turn & { events: AgentEvent[] };

/**
 * The shape of the AgentEvent JSON in turn_events.event. Bump it (and teach `decode`)
 * when an event changes incompatibly; rows written by a newer build are not guessed at.
 */
export const TURN_EVENT_FORMAT = 2;

/** The conversation is still answering: one running turn per conversation (issue 16). */
export class ConversationBusy extends QuestionRefused {
  override name = "ConversationBusy";
  constructor(readonly conversationId: string) {
    super("busy", "This conversation is still answering the previous question. Wait for it to finish (or stop it), then ask again.");
  }
}

/** A running turn's last stored event, kept in memory so a streamed delta needs no SELECT (see appendEvents). */
type Tail = { seq: number; text: boolean; rollbacks: number };

export class Turns {
  /** The last stored event of each turn this process runs (from start to finish). */
  private readonly tails = new Map<string, Tail>();

  constructor(private readonly s: StoreDb) {}

  /** Record a new running turn; returns its id (`id` when given). `continues`: the approval a continuation reports on. */
  start(t: { id?: string; conversationId: string; userId: string; model: string; question: string; continues?: string }): string {
    const id = t.id ?? crypto.randomUUID();
    try {
      this.s.exec(
        `INSERT INTO turns (id, conversation_id, user_id, status, model, question, started_at, continues)
         VALUES (?, ?, ?, 'running', ?, ?, ?, ?)`,
        id,
        t.conversationId,
        t.userId,
        t.model,
        t.question,
        this.s.iso(),
        t.continues ?? null,
      );
    } catch (e) {
      // turns_one_running: this conversation already has a running turn.
      if ((e as { code?: string }).code === "SQLITE_CONSTRAINT_UNIQUE") throw new ConversationBusy(t.conversationId);
      throw e;
    }
    this.tails.set(id, { seq: 0, text: false, rollbacks: this.s.rollbacks });
    return id;
  }

  finish(
    turnId: string,
    r: { status: Exclude<TurnStatus, "running">; usage: Usage; error?: string | null; incomplete: boolean; pendingResults?: ToolResultBlockParam[] },
  ): void {
    this.tails.delete(turnId);
    this.s.exec(
      `UPDATE turns SET status = ?, ended_at = ?, input_tokens = ?, output_tokens = ?,
         cache_creation_input_tokens = ?, cache_read_input_tokens = ?, error = ?, incomplete = ?, pending_results = ?
       WHERE id = ?`,
      r.status,
      this.s.iso(),
      r.usage.input_tokens ?? 0,
      r.usage.output_tokens ?? 0,
      r.usage.cache_creation_input_tokens ?? 0,
      r.usage.cache_read_input_tokens ?? 0,
      r.error ?? null,
      r.incomplete ? 1 : 0,
      r.pendingResults?.length ? JSON.stringify(r.pendingResults) : null,
      turnId,
    );
  }

  /**
   * A waiting turn whose approvals are all decided or expired becomes `done`. Returns
   * whether it changed (false while one of its approvals is still pending).
   */
  settleWaiting(turnId: string): boolean {
    return (
      this.s.exec(
        `UPDATE turns SET status = 'done' WHERE id = ? AND status = 'waiting'
           AND NOT EXISTS (SELECT 1 FROM approvals WHERE turn_id = turns.id AND status = 'pending')`,
        turnId,
      ).changes > 0
    );
  }

  /** The running turn of a conversation, if any (there is at most one). */
  runningIn(conversationId: string): Turn | null {
    const row = this.s.one("SELECT * FROM turns WHERE conversation_id = ? AND status = 'running'", conversationId);
    return row ? toTurn(row) : null;
  }

  get(id: string): Turn | null {
    const row = this.s.one("SELECT * FROM turns WHERE id = ?", id);
    return row ? toTurn(row) : null;
  }

  /** Mark every running turn interrupted (after a crash); returns them, oldest first. */
  interruptRunning(): Turn[] {
    return this.s
      .many("UPDATE turns SET status = 'interrupted', ended_at = ?, incomplete = 1 WHERE status = 'running' RETURNING *", this.s.iso())
      .map(toTurn)
      .sort((a, b) => (a.startedAt < b.startedAt ? -1 : a.startedAt > b.startedAt ? 1 : 0));
  }

  /**
   * Append display events to a turn's log (one transaction, after any already stored). Text
   * that follows stored text extends that event in place (adjacent text is one block on
   * screen anyway), so storing an answer delta by delta keeps one row per text block.
   */
  appendEvents(turnId: string, events: readonly AgentEvent[]): void {
    if (!events.length) return;
    this.s.transaction(() => {
      // A running turn's last event is known (nothing else writes its log); a rollback since may have undone it.
      const known = this.tails.get(turnId);
      const tail: Omit<Tail, "rollbacks"> = known && known.rollbacks === this.s.rollbacks ? known : this.storedTail(turnId);
      let seq = tail.seq;
      let rest = events;
      const first = events[0]!;
      if (first.type === "text" && tail.text) {
        this.s.exec("UPDATE turn_events SET event = json_set(event, '$.text', json_extract(event, '$.text') || ?) WHERE turn_id = ? AND seq = ?", first.text, turnId, seq);
        rest = events.slice(1);
      }
      const insert = "INSERT INTO turn_events (turn_id, seq, event, format) VALUES (?, ?, ?, ?)";
      for (const e of rest) this.s.exec(insert, turnId, ++seq, JSON.stringify(e), TURN_EVENT_FORMAT);
      if (known) this.tails.set(turnId, { seq, text: (rest.length ? rest[rest.length - 1]! : first).type === "text", rollbacks: this.s.rollbacks });
    });
  }

  /** The last stored event of a turn: its seq, and whether it is text this build may extend. */
  private storedTail(turnId: string): Omit<Tail, "rollbacks"> {
    const last = this.s.one("SELECT seq, json_extract(event, '$.type') AS type, format FROM turn_events WHERE turn_id = ? ORDER BY seq DESC LIMIT 1", turnId);
    return { seq: last?.seq ?? 0, text: last?.type === "text" && last.format === TURN_EVENT_FORMAT };
  }

  events(turnId: string): AgentEvent[] {
    return this.s.many("SELECT event, format FROM turn_events WHERE turn_id = ? ORDER BY seq", turnId).map(decode);
  }

  /**
   * Takes a finished turn out of the model's history (its messages), before a new turn
   * answers the same or an edited question in its place (see `markReplaced`).
   */
  dropFromHistory(turnId: string): void {
    this.s.exec("DELETE FROM messages WHERE turn_id = ?", turnId);
  }

  /** The turn was replaced by another: it no longer shows in its conversation (its usage still counts). */
  markReplaced(turnId: string, byTurnId: string): void {
    this.s.exec("UPDATE turns SET replaced_by = ? WHERE id = ?", byTurnId, turnId);
  }

  /** The conversation's last turn that was not replaced. */
  last(conversationId: string): Turn | null {
    const row = this.s.one(
      "SELECT * FROM turns WHERE conversation_id = ? AND replaced_by IS NULL ORDER BY started_at DESC, rowid DESC LIMIT 1",
      conversationId,
    );
    return row ? toTurn(row) : null;
  }

  /** A conversation's turns, oldest first, each with its display log (to re-render the conversation); replaced turns left out. */
  list(conversationId: string): TurnWithEvents[] {
    const turns = this.s
      .many("SELECT * FROM turns WHERE conversation_id = ? AND replaced_by IS NULL ORDER BY started_at, rowid", conversationId)
      .map((r): TurnWithEvents => ({ ...toTurn(r), events: [] }));
    const byId = new Map(turns.map((t) => [t.id, t]));
    for (const r of this.s.many(
      `SELECT e.turn_id, e.event, e.format FROM turn_events e JOIN turns t ON t.id = e.turn_id
       WHERE t.conversation_id = ? ORDER BY e.turn_id, e.seq`,
      conversationId,
    )) {
      byId.get(r.turn_id)?.events.push(decode(r));
    }
    return turns;
  }
}

function decode(r: Row): AgentEvent {
  if (r.format > TURN_EVENT_FORMAT) {
    return { type: "notice", kind: "incomplete", message: "Part of this answer was stored by a newer budget-chat and cannot be shown." };
  }
  const e = JSON.parse(r.event) as AgentEvent;
  return r.format < 2 && e.type === "table" ? { ...e, table: tableOfFormat1(e.table) } : e;
}

/**
 * Format 1 tables had no column kinds or row total: money columns were told by their
 * header words and the total read from a title ending "N of M". Old answers keep showing
 * as they did.
 */
function tableOfFormat1(t: Omit<TableSpec, "kinds" | "totalRows">): TableSpec {
  const money = /amount|total|sum|average|avg|spent|spending|income|net|balance|value|cost/i;
  const kinds = t.columns.map((c, i): ColumnKind => {
    if (c === "Currency") return "currency";
    const numeric = t.rows.some((r) => typeof r[i] === "number") && t.rows.every((r) => r[i] == null || typeof r[i] === "number");
    return numeric ? (money.test(c) ? "money" : "number") : "text";
  });
  const counts = /:\s*([\d'’]+) of ([\d'’]+)$/.exec(t.title);
  return { ...t, kinds, totalRows: counts ? Number(counts[2]!.replace(/['’]/g, "")) : t.rows.length };
}

export function toUsage(r: Row): Usage {
  return {
    input_tokens: r.input_tokens,
    output_tokens: r.output_tokens,
    cache_creation_input_tokens: r.cache_creation_input_tokens,
    cache_read_input_tokens: r.cache_read_input_tokens,
  };
}

function toTurn(r: Row): Turn {
  return {
    id: r.id,
    conversationId: r.conversation_id,
    userId: r.user_id,
    status: r.status,
    model: r.model,
    question: r.question,
    startedAt: r.started_at,
    endedAt: r.ended_at,
    usage: toUsage(r),
    error: r.error,
    incomplete: !!r.incomplete,
    pendingResults: r.pending_results ? JSON.parse(r.pending_results) : [],
    continues: r.continues ?? null,
  };
}
