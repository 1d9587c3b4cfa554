import { Database, type SQLQueryBindings } from "bun:sqlite";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { ContentBlockParam, MessageParam } from "@anthropic-ai/sdk/resources/messages/messages";
import { type AgentEvent, type ApprovalPreview, type Usage } from "../core/events.ts";
import { APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION } from "./migrations.ts";

/**
 * The application database (chat.db): users and sessions, conversations, turns and
 * their display logs, approvals and the writes they made, the audit log and long-term
 * memory. Every SQL statement for this file lives in src/app-db/.
 *
 * Times are ISO-8601 UTC strings (`Date.toISOString()`), so they compare as text.
 */

/** The app database is missing, foreign, newer than this build, or unusable. The message says what. */
export class AppDbError extends Error {
  override name = "AppDbError";
}

export type AppDbOptions = {
  /** The clock used for every timestamp the database writes (tests inject one). */
  now?: () => Date;
};

export type User = { id: string; name: string; createdAt: string };

export type Conversation = { id: string; userId: string; title: string; createdAt: string; updatedAt: string };

export type MessageRole = "user" | "assistant";
/** A message's content exactly as the Messages API takes it. */
export type MessageContent = string | ContentBlockParam[];
export type NewMessage = { role: MessageRole; content: MessageContent };
export type StoredMessage = {
  id: number;
  conversationId: string;
  turnId: string | null;
  role: MessageRole;
  content: MessageContent;
  createdAt: string;
};

export type TurnStatus = "running" | "done" | "error" | "stopped" | "interrupted";
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
};
export type TurnWithEvents = Turn & { events: AgentEvent[] };

export type ApprovalStatus = "pending" | "approved" | "rejected" | "expired" | "executed" | "undone";
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
export type NewApproval = {
  userId: string;
  conversationId: string;
  turnId: string;
  toolUseId: string;
  tool: string;
  args: unknown;
  preview: ApprovalPreview;
  /** When it lapses; give this or `ttlMs`. */
  expiresAt?: Date | string;
  ttlMs?: number;
};

/** One budget transaction's classification, before or after a write. */
export type WriteRow = { id: number; category: string; source: string; confidence: number };
export type Write = {
  id: number;
  approvalId: string;
  before: WriteRow[];
  after: WriteRow[];
  createdAt: string;
  undoneAt: string | null;
};

export type AuditKind =
  | "turn"
  | "tool_call"
  | "approval_requested"
  | "approval_decided"
  | "approval_expired"
  | "write"
  | "undo"
  | "login"
  | "security";
export type NewAuditEntry = {
  kind: AuditKind;
  userId?: string | null;
  conversationId?: string | null;
  detail?: unknown;
  /** Defaults to now. */
  at?: Date | string;
};
export type AuditEntry = {
  id: number;
  at: string;
  userId: string | null;
  conversationId: string | null;
  kind: AuditKind;
  detail: unknown;
};

export type Memory = { id: number; userId: string; conversationId: string | null; content: string; createdAt: string };
/** A search hit; `score` is FTS5 bm25 (lower is more relevant). */
export type MemoryHit = Memory & { score: number };
export type MemoryEmbedding = { memoryId: number; model: string; vector: Float32Array; content: string };

export type UsageTotals = Usage & { turns: number };
export type ModelUsage = UsageTotals & { model: string };

/** What the history repair appends after an interrupted answer. */
export const INTERRUPTED_ANSWER = "(This answer was interrupted.)";
export const INTERRUPTED_TOOL_RESULT = "interrupted";

const SQLITE_HEADER = "SQLite format 3\0";
/** A session's last_seen_at is refreshed at most this often. */
const LAST_SEEN_RESOLUTION_MS = 60_000;

type Row = Record<string, any>;

export class AppDb {
  readonly db: Database;
  readonly path: string;
  private readonly clock: () => Date;

  private constructor(db: Database, path: string, opts: AppDbOptions) {
    this.db = db;
    this.path = path;
    this.clock = opts.now ?? (() => new Date());
  }

  /** Open (creating it and its parent directories if needed) and migrate the app database at `path`. */
  static open(path: string, opts: AppDbOptions = {}): AppDb {
    if (path === ":memory:") return AppDb.memory(opts);
    let created = false;
    if (existsSync(path)) {
      const st = statSync(path);
      if (!st.isFile()) throw new AppDbError(`app database ${path} is not a file`);
      if (st.size > 0 && !hasSqliteHeader(path)) {
        throw new AppDbError(`${path} is not a SQLite database; refusing to use it as the app database (CHAT_DATABASE_URL)`);
      }
    } else {
      try {
        mkdirSync(dirname(resolve(path)), { recursive: true });
      } catch (e) {
        throw new AppDbError(`cannot create the directory for the app database ${path}: ${(e as Error).message}`);
      }
      created = true;
    }
    let db: Database;
    try {
      db = new Database(path, { create: true, strict: true });
    } catch (e) {
      throw new AppDbError(`cannot open the app database ${path}: ${(e as Error).message}`);
    }
    try {
      prepare(db, path, true);
    } catch (e) {
      db.close();
      throw e;
    }
    if (created) {
      // Sessions and audit trail: keep them private. SQLite gives -wal/-shm the same mode.
      try {
        chmodSync(path, 0o600);
      } catch {
        /* not fatal (e.g. a filesystem without modes) */
      }
    }
    return new AppDb(db, path, opts);
  }

  /** A fresh in-memory app database (tests). */
  static memory(opts: AppDbOptions = {}): AppDb {
    const db = new Database(":memory:", { create: true, strict: true });
    prepare(db, ":memory:", false);
    return new AppDb(db, ":memory:", opts);
  }

  close(): void {
    try {
      this.db.run("PRAGMA optimize");
    } catch {
      /* closing anyway */
    }
    this.db.close();
  }

  /** The schema version stored in the file (PRAGMA user_version). */
  schemaVersion(): number {
    return userVersion(this.db);
  }

  /** Run `fn` in one immediate (write-locking) transaction; nested calls join it. */
  transaction<T>(fn: () => T): T {
    if (this.db.inTransaction) return fn();
    return this.db.transaction(fn).immediate();
  }

  // ---------------------------------------------------------------- users

  /** Add an allowlisted user; returns the user and a one-time login token (shown once, stored hashed). */
  addUser(name: string): { user: User; loginToken: string } {
    const clean = cleanUserName(name);
    return this.transaction(() => {
      if (this.one("SELECT 1 FROM users WHERE name = ?", clean)) throw new AppDbError(`user already exists: ${clean}`);
      const user: User = { id: randomUUID(), name: clean, createdAt: this.iso() };
      this.exec("INSERT INTO users (id, name, created_at) VALUES (?, ?, ?)", user.id, user.name, user.createdAt);
      return { user, loginToken: this.newLoginToken(user.id) };
    });
  }

  /** A new one-time login token for an existing user (lost link); null if there is no such user. */
  issueLoginToken(name: string): string | null {
    return this.transaction(() => {
      const user = this.getUserByName(name);
      return user ? this.newLoginToken(user.id) : null;
    });
  }

  listUsers(): User[] {
    return this.many("SELECT * FROM users ORDER BY name").map(toUser);
  }

  getUser(id: string): User | null {
    const row = this.one("SELECT * FROM users WHERE id = ?", id);
    return row ? toUser(row) : null;
  }

  getUserByName(name: string): User | null {
    const row = this.one("SELECT * FROM users WHERE name = ?", name.trim());
    return row ? toUser(row) : null;
  }

  /** Remove a user with their sessions and login tokens (their conversations and audit entries stay). */
  removeUser(name: string): boolean {
    return this.exec("DELETE FROM users WHERE name = ?", name.trim()).changes > 0;
  }

  userCount(): number {
    return this.one("SELECT count(*) AS n FROM users")!.n;
  }

  /**
   * Use a login token: the first call marks it used and returns its user, any later
   * call (or an unknown token, or one older than `maxAgeMs`) returns null.
   */
  consumeLoginToken(raw: string, maxAgeMs?: number): User | null {
    if (!raw) return null;
    const now = this.clock();
    const oldest = maxAgeMs === undefined ? "" : new Date(now.getTime() - maxAgeMs).toISOString();
    const row = this.one(
      `UPDATE login_tokens SET used_at = ?
       WHERE token_hash = ? AND used_at IS NULL AND created_at >= ?
       RETURNING user_id`,
      now.toISOString(),
      sha256(raw),
      oldest,
    );
    return row ? this.getUser(row.user_id) : null;
  }

  /** Start a session; returns the raw session id for the cookie (only its hash is stored). */
  createSession(userId: string, ttlMs: number): string {
    const raw = randomToken();
    const now = this.clock();
    this.exec(
      "INSERT INTO sessions (id_hash, user_id, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?)",
      sha256(raw),
      userId,
      now.toISOString(),
      now.toISOString(),
      new Date(now.getTime() + ttlMs).toISOString(),
    );
    return raw;
  }

  /** The user of a live session, or null (unknown, expired, or the user was removed). */
  sessionUser(raw: string): User | null {
    if (!raw) return null;
    const now = this.clock();
    const hash = sha256(raw);
    const row = this.one(
      `SELECT u.* FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.id_hash = ? AND s.expires_at > ?`,
      hash,
      now.toISOString(),
    );
    if (!row) return null;
    this.exec(
      "UPDATE sessions SET last_seen_at = ? WHERE id_hash = ? AND last_seen_at < ?",
      now.toISOString(),
      hash,
      new Date(now.getTime() - LAST_SEEN_RESOLUTION_MS).toISOString(),
    );
    return toUser(row);
  }

  /** Log out. */
  deleteSession(raw: string): boolean {
    return this.exec("DELETE FROM sessions WHERE id_hash = ?", sha256(raw)).changes > 0;
  }

  /** Drop expired sessions; returns how many. */
  deleteExpiredSessions(): number {
    return this.exec("DELETE FROM sessions WHERE expires_at <= ?", this.iso()).changes;
  }

  // -------------------------------------------------------- conversations

  createConversation(userId: string, title?: string | null): Conversation {
    const now = this.iso();
    const conv: Conversation = { id: randomUUID(), userId, title: cleanTitle(title), createdAt: now, updatedAt: now };
    this.exec(
      "INSERT INTO conversations (id, user_id, title, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
      conv.id,
      conv.userId,
      conv.title,
      conv.createdAt,
      conv.updatedAt,
    );
    return conv;
  }

  /** The conversation, or null when it does not exist or belongs to another user. */
  getConversation(userId: string, id: string): Conversation | null {
    const row = this.one("SELECT * FROM conversations WHERE id = ? AND user_id = ?", id, userId);
    return row ? toConversation(row) : null;
  }

  /** The user's conversations, most recently updated first. */
  listConversations(userId: string, limit = 1000): Conversation[] {
    return this.many(
      "SELECT * FROM conversations WHERE user_id = ? ORDER BY updated_at DESC, rowid DESC LIMIT ?",
      userId,
      limit,
    ).map(toConversation);
  }

  renameConversation(userId: string, id: string, title: string): boolean {
    return (
      this.exec("UPDATE conversations SET title = ? WHERE id = ? AND user_id = ?", cleanTitle(title), id, userId).changes > 0
    );
  }

  /** Delete a conversation with its messages, turns and display logs. */
  deleteConversation(userId: string, id: string): boolean {
    return this.exec("DELETE FROM conversations WHERE id = ? AND user_id = ?", id, userId).changes > 0;
  }

  /** Mark a conversation as just used (moves it to the top of the list). */
  touchConversation(id: string): void {
    this.exec("UPDATE conversations SET updated_at = ? WHERE id = ?", this.iso(), id);
  }

  // ------------------------------------------------------------- messages

  /**
   * Append messages (in order, one transaction); content is stored verbatim as JSON.
   * Only user and assistant messages belong in a conversation (a 'system' role throws).
   * Returns their ids.
   */
  appendMessages(conversationId: string, turnId: string | null, msgs: readonly (NewMessage | MessageParam)[]): number[] {
    if (!msgs.length) return [];
    for (const m of msgs) {
      if (m.role !== "user" && m.role !== "assistant") throw new AppDbError(`cannot store a '${m.role}' message in a conversation`);
    }
    return this.transaction(() => {
      const now = this.iso();
      const ids = msgs.map(
        (m) =>
          this.one(
            "INSERT INTO messages (conversation_id, turn_id, role, content, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id",
            conversationId,
            turnId,
            m.role,
            JSON.stringify(m.content),
            now,
          )!.id as number,
      );
      this.exec("UPDATE conversations SET updated_at = ? WHERE id = ?", now, conversationId);
      return ids;
    });
  }

  /** Every message of a conversation, oldest first. */
  listMessages(conversationId: string): StoredMessage[] {
    return this.many("SELECT * FROM messages WHERE conversation_id = ? ORDER BY id", conversationId).map(toMessage);
  }

  // ---------------------------------------------------------------- turns

  /** Record a new running turn; returns its id. */
  startTurn(t: { conversationId: string; userId: string; model: string; question: string }): string {
    const id = randomUUID();
    this.exec(
      `INSERT INTO turns (id, conversation_id, user_id, status, model, question, started_at)
       VALUES (?, ?, ?, 'running', ?, ?, ?)`,
      id,
      t.conversationId,
      t.userId,
      t.model,
      t.question,
      this.iso(),
    );
    return id;
  }

  finishTurn(
    turnId: string,
    r: { status: Exclude<TurnStatus, "running">; usage: Usage; error?: string | null; incomplete: boolean },
  ): void {
    this.exec(
      `UPDATE turns SET status = ?, ended_at = ?, input_tokens = ?, output_tokens = ?,
         cache_creation_input_tokens = ?, cache_read_input_tokens = ?, error = ?, incomplete = ?
       WHERE id = ?`,
      r.status,
      this.iso(),
      r.usage.input_tokens ?? 0,
      r.usage.output_tokens ?? 0,
      r.usage.cache_creation_input_tokens ?? 0,
      r.usage.cache_read_input_tokens ?? 0,
      r.error ?? null,
      r.incomplete ? 1 : 0,
      turnId,
    );
  }

  getTurn(id: string): Turn | null {
    const row = this.one("SELECT * FROM turns WHERE id = ?", id);
    return row ? toTurn(row) : null;
  }

  /** Append display events to a turn's log (one transaction, after any already stored). */
  appendTurnEvents(turnId: string, events: readonly AgentEvent[]): void {
    if (!events.length) return;
    this.transaction(() => {
      let seq: number = this.one("SELECT coalesce(max(seq), 0) AS s FROM turn_events WHERE turn_id = ?", turnId)!.s;
      for (const e of events) this.exec("INSERT INTO turn_events (turn_id, seq, event) VALUES (?, ?, ?)", turnId, ++seq, JSON.stringify(e));
    });
  }

  getTurnEvents(turnId: string): AgentEvent[] {
    return this.many("SELECT event FROM turn_events WHERE turn_id = ? ORDER BY seq", turnId).map((r) => JSON.parse(r.event));
  }

  /** A conversation's turns, oldest first, each with its display log (to re-render the conversation). */
  listTurns(conversationId: string): TurnWithEvents[] {
    const turns = this.many("SELECT * FROM turns WHERE conversation_id = ? ORDER BY started_at, rowid", conversationId).map(
      (r): TurnWithEvents => ({ ...toTurn(r), events: [] }),
    );
    const byId = new Map(turns.map((t) => [t.id, t]));
    for (const r of this.many(
      `SELECT e.turn_id, e.event FROM turn_events e JOIN turns t ON t.id = e.turn_id
       WHERE t.conversation_id = ? ORDER BY e.turn_id, e.seq`,
      conversationId,
    )) {
      byId.get(r.turn_id)?.events.push(JSON.parse(r.event));
    }
    return turns;
  }

  /**
   * After a crash or kill: mark every 'running' turn 'interrupted' (with a notice and
   * a done event in its display log, and a 'turn' audit entry), expire the approvals
   * those turns were waiting on, and repair each affected conversation's history so
   * it is valid for the API again (see `repairHistory`). Returns the number of turns.
   * Call once at start-up, before any turn runs.
   */
  closeInterruptedTurns(): number {
    return this.transaction(() => {
      const now = this.iso();
      const turns = this.many(
        "UPDATE turns SET status = 'interrupted', ended_at = ?, incomplete = 1 WHERE status = 'running' RETURNING *",
        now,
      )
        .map(toTurn)
        .sort((a, b) => (a.startedAt < b.startedAt ? -1 : a.startedAt > b.startedAt ? 1 : 0));
      const lastTurnOf = new Map<string, string>();
      for (const t of turns) {
        this.appendTurnEvents(t.id, [
          { type: "notice", kind: "incomplete", message: "This answer was interrupted: the server stopped before it finished." },
          { type: "done", conversationId: t.conversationId, turnId: t.id, incomplete: true, usage: t.usage },
        ]);
        this.audit({
          kind: "turn",
          userId: t.userId,
          conversationId: t.conversationId,
          detail: { turnId: t.id, model: t.model, status: "interrupted", usage: t.usage },
        });
        const expired = this.many(
          `UPDATE approvals SET status = 'expired', decided_at = ? WHERE turn_id = ? AND status = 'pending'
           RETURNING id, user_id, conversation_id, tool`,
          now,
          t.id,
        );
        for (const a of expired) {
          this.audit({
            kind: "approval_expired",
            userId: a.user_id,
            conversationId: a.conversation_id,
            detail: { approvalId: a.id, tool: a.tool, turnId: t.id, reason: "interrupted" },
          });
        }
        lastTurnOf.set(t.conversationId, t.id); // turns are sorted oldest first: the last one wins
      }
      for (const [conversationId, turnId] of lastTurnOf) this.repairHistory(conversationId, turnId);
      return turns.length;
    });
  }

  /**
   * Make a conversation's stored history valid for the Messages API: if the last
   * assistant message has tool_use blocks with no results, append a user message with
   * an error tool_result for each; then, if the history ends with a user message,
   * append a short assistant message so roles alternate. Returns whether it changed.
   */
  repairHistory(conversationId: string, turnId: string | null = null): boolean {
    return this.transaction(() => {
      const last = this.one("SELECT * FROM messages WHERE conversation_id = ? ORDER BY id DESC LIMIT 1", conversationId);
      if (!last) return false;
      const msg = toMessage(last);
      let endsWithUser = msg.role === "user";
      let changed = false;
      if (msg.role === "assistant" && Array.isArray(msg.content)) {
        const toolUseIds = msg.content.filter((b) => b.type === "tool_use").map((b) => (b as { id: string }).id);
        if (toolUseIds.length) {
          this.appendMessages(conversationId, turnId, [
            {
              role: "user",
              content: toolUseIds.map((id) => ({
                type: "tool_result" as const,
                tool_use_id: id,
                is_error: true,
                content: INTERRUPTED_TOOL_RESULT,
              })),
            },
          ]);
          endsWithUser = true;
          changed = true;
        }
      }
      if (endsWithUser) {
        this.appendMessages(conversationId, turnId, [{ role: "assistant", content: [{ type: "text", text: INTERRUPTED_ANSWER }] }]);
        changed = true;
      }
      return changed;
    });
  }

  // ------------------------------------------------------------ approvals

  createApproval(a: NewApproval): Approval {
    const now = this.clock();
    const expiresAt =
      a.expiresAt !== undefined
        ? isoOf(a.expiresAt)
        : a.ttlMs !== undefined
          ? new Date(now.getTime() + a.ttlMs).toISOString()
          : (() => {
              throw new AppDbError("createApproval needs expiresAt or ttlMs");
            })();
    const row = this.one(
      `INSERT INTO approvals (id, user_id, conversation_id, turn_id, tool_use_id, tool, args, preview, status, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?) RETURNING *`,
      randomUUID(),
      a.userId,
      a.conversationId,
      a.turnId,
      a.toolUseId,
      a.tool,
      JSON.stringify(a.args ?? null),
      JSON.stringify(a.preview),
      now.toISOString(),
      expiresAt,
    );
    return toApproval(row!);
  }

  /** The approval, or null when it does not exist or belongs to another user. */
  getApproval(userId: string, id: string): Approval | null {
    const row = this.one("SELECT * FROM approvals WHERE id = ? AND user_id = ?", id, userId);
    return row ? toApproval(row) : null;
  }

  listApprovals(userId: string, opts: { status?: ApprovalStatus; conversationId?: string; limit?: number } = {}): Approval[] {
    return this.many(
      `SELECT * FROM approvals
       WHERE user_id = ?1 AND (?2 IS NULL OR status = ?2) AND (?3 IS NULL OR conversation_id = ?3)
       ORDER BY created_at DESC, rowid DESC LIMIT ?4`,
      userId,
      opts.status ?? null,
      opts.conversationId ?? null,
      opts.limit ?? 100,
    ).map(toApproval);
  }

  /**
   * Decide a pending approval: an atomic compare-and-set from 'pending' only, and only
   * before it expires. Returns the updated approval, or null (already decided, expired,
   * unknown, or another user's) — so a double click or a replay does nothing.
   */
  decideApproval(userId: string, id: string, decision: "approved" | "rejected", now: Date | string = this.clock()): Approval | null {
    const at = isoOf(now);
    const row = this.one(
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

  /** 'approved' → 'executed', storing the result. False if it was not in 'approved'. */
  markExecuted(id: string, result: unknown): boolean {
    return (
      this.exec("UPDATE approvals SET status = 'executed', result = ? WHERE id = ? AND status = 'approved'", JSON.stringify(result ?? null), id)
        .changes > 0
    );
  }

  /** 'executed' → 'undone'. False if it was not in 'executed' (so an undo runs once). */
  markUndone(id: string): boolean {
    return this.exec("UPDATE approvals SET status = 'undone' WHERE id = ? AND status = 'executed'", id).changes > 0;
  }

  /**
   * Expire one pending approval now, whatever its expiry time (its time ran out, the
   * answer waiting for it was stopped, or nobody waits for it any more), with an
   * `approval_expired` audit entry carrying `reason`. An atomic compare-and-set from
   * 'pending': returns the expired approval, or null if it was not pending.
   */
  expireApproval(id: string, reason: string, now: Date | string = this.clock()): Approval | null {
    const at = isoOf(now);
    return this.transaction(() => {
      const row = this.one("UPDATE approvals SET status = 'expired', decided_at = ? WHERE id = ? AND status = 'pending' RETURNING *", at, id);
      if (!row) return null;
      const a = toApproval(row);
      this.audit({
        kind: "approval_expired",
        userId: a.userId,
        conversationId: a.conversationId,
        detail: { approvalId: a.id, tool: a.tool, turnId: a.turnId, reason },
        at,
      });
      return a;
    });
  }

  /**
   * Expire every pending approval, whatever its expiry time (with an audit entry each);
   * returns their ids. At start-up of the process that owns the app database no answer
   * is waiting for any approval, so none may be decided any more.
   */
  expireAllPendingApprovals(reason: string, now: Date | string = this.clock()): string[] {
    return this.transaction(() =>
      this.many("SELECT id FROM approvals WHERE status = 'pending' ORDER BY created_at")
        .map((r) => this.expireApproval(r.id, reason, now)?.id)
        .filter((id): id is string => id !== undefined),
    );
  }

  /** Store an approval's outcome without changing its status (e.g. approved, but the write was refused). */
  setApprovalResult(id: string, result: unknown): boolean {
    return this.exec("UPDATE approvals SET result = ? WHERE id = ?", JSON.stringify(result ?? null), id).changes > 0;
  }

  // --------------------------------------------------------------- writes

  /** Record the previous and new classification of the rows an approval changed. One write per approval. */
  recordWrite(approvalId: string, before: readonly WriteRow[], after: readonly WriteRow[]): Write {
    const row = this.one(
      "INSERT INTO writes (approval_id, before, after, created_at) VALUES (?, ?, ?, ?) RETURNING *",
      approvalId,
      JSON.stringify(before),
      JSON.stringify(after),
      this.iso(),
    );
    return toWrite(row!);
  }

  getWrite(approvalId: string): Write | null {
    const row = this.one("SELECT * FROM writes WHERE approval_id = ?", approvalId);
    return row ? toWrite(row) : null;
  }

  /** Set undone_at once; false if already undone or unknown. */
  markWriteUndone(approvalId: string): boolean {
    return this.exec("UPDATE writes SET undone_at = ? WHERE approval_id = ? AND undone_at IS NULL", this.iso(), approvalId).changes > 0;
  }

  // ---------------------------------------------------------------- audit

  /** Append an audit entry; returns its id. Never put secrets in `detail`. */
  audit(entry: NewAuditEntry): number {
    return this.one(
      "INSERT INTO audit_log (at, user_id, conversation_id, kind, detail) VALUES (?, ?, ?, ?, ?) RETURNING id",
      entry.at !== undefined ? isoOf(entry.at) : this.iso(),
      entry.userId ?? null,
      entry.conversationId ?? null,
      entry.kind,
      JSON.stringify(entry.detail ?? {}),
    )!.id;
  }

  /** Audit entries, newest first; `since` is inclusive. */
  listAudit(opts: { userId?: string; since?: Date | string; kind?: AuditKind; limit?: number } = {}): AuditEntry[] {
    return this.many(
      `SELECT * FROM audit_log
       WHERE (?1 IS NULL OR user_id = ?1) AND (?2 IS NULL OR at >= ?2) AND (?3 IS NULL OR kind = ?3)
       ORDER BY at DESC, id DESC LIMIT ?4`,
      opts.userId ?? null,
      opts.since !== undefined ? isoOf(opts.since) : null,
      opts.kind ?? null,
      opts.limit ?? 1000,
    ).map(toAudit);
  }

  // ------------------------------------------------------------- memories

  addMemory(userId: string, conversationId: string | null, content: string): number {
    return this.one(
      "INSERT INTO memories (user_id, conversation_id, content, created_at) VALUES (?, ?, ?, ?) RETURNING id",
      userId,
      conversationId,
      content,
      this.iso(),
    )!.id;
  }

  /** The user's memories, newest first; `search` filters by substring (case-insensitive for ASCII). */
  listMemories(userId: string, search?: string): Memory[] {
    const needle = search?.trim();
    if (needle) {
      return this.many(
        "SELECT * FROM memories WHERE user_id = ? AND content LIKE ? ESCAPE '\\' ORDER BY id DESC",
        userId,
        `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
      ).map(toMemory);
    }
    return this.many("SELECT * FROM memories WHERE user_id = ? ORDER BY id DESC", userId).map(toMemory);
  }

  deleteMemory(userId: string, id: number): boolean {
    return this.exec("DELETE FROM memories WHERE id = ? AND user_id = ?", id, userId).changes > 0;
  }

  /** The user's memories most relevant to `query` (FTS5 bm25, best first); [] for a query without words. */
  searchMemories(userId: string, query: string, limit = 5): MemoryHit[] {
    const match = ftsQuery(query);
    if (!match) return [];
    return this.many(
      `SELECT m.*, bm25(memories_fts) AS score
       FROM memories_fts JOIN memories m ON m.id = memories_fts.rowid
       WHERE memories_fts MATCH ? AND m.user_id = ?
       ORDER BY score, m.id DESC LIMIT ?`,
      match,
      userId,
      limit,
    ).map((r) => ({ ...toMemory(r), score: r.score }));
  }

  /** Store (or replace) a memory's embedding vector. */
  setEmbedding(memoryId: number, model: string, vector: Float32Array): void {
    this.exec(
      `INSERT INTO memory_embeddings (memory_id, model, vector) VALUES (?, ?, ?)
       ON CONFLICT (memory_id) DO UPDATE SET model = excluded.model, vector = excluded.vector`,
      memoryId,
      model,
      new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength),
    );
  }

  /** The user's memories that have an embedding (optionally only from `model`), with their text. */
  allEmbeddings(userId: string, model?: string): MemoryEmbedding[] {
    return this.many(
      `SELECT e.memory_id, e.model, e.vector, m.content
       FROM memory_embeddings e JOIN memories m ON m.id = e.memory_id
       WHERE m.user_id = ?1 AND (?2 IS NULL OR e.model = ?2) ORDER BY m.id`,
      userId,
      model ?? null,
    ).map((r) => ({ memoryId: r.memory_id, model: r.model, vector: toFloat32(r.vector), content: r.content }));
  }

  /** Memories of the user that have no embedding yet (optionally none for `model`). */
  memoriesWithoutEmbedding(userId: string, model?: string): Memory[] {
    return this.many(
      `SELECT m.* FROM memories m LEFT JOIN memory_embeddings e ON e.memory_id = m.id
       WHERE m.user_id = ?1 AND (e.memory_id IS NULL OR (?2 IS NOT NULL AND e.model <> ?2)) ORDER BY m.id`,
      userId,
      model ?? null,
    ).map(toMemory);
  }

  // ---------------------------------------------------------------- usage

  /** Token usage summed over a conversation's turns. */
  conversationUsage(conversationId: string): UsageTotals {
    return toUsageTotals(
      this.one(
        `SELECT count(*) AS turns, ${USAGE_SUMS} FROM turns WHERE conversation_id = ?`,
        conversationId,
      )!,
    );
  }

  /** Token usage per model (turns started at or after `since`, optionally one user's), by model name. */
  usageTotals(opts: { since?: Date | string; userId?: string } = {}): ModelUsage[] {
    return this.many(
      `SELECT model, count(*) AS turns, ${USAGE_SUMS} FROM turns
       WHERE (?1 IS NULL OR started_at >= ?1) AND (?2 IS NULL OR user_id = ?2)
       GROUP BY model ORDER BY model`,
      opts.since !== undefined ? isoOf(opts.since) : null,
      opts.userId ?? null,
    ).map((r) => ({ model: r.model, ...toUsageTotals(r) }));
  }

  // -------------------------------------------------------------- helpers

  private iso(): string {
    return this.clock().toISOString();
  }

  private newLoginToken(userId: string): string {
    const raw = randomToken();
    this.exec("INSERT INTO login_tokens (token_hash, user_id, created_at) VALUES (?, ?, ?)", sha256(raw), userId, this.iso());
    return raw;
  }

  private one(sql: string, ...params: SQLQueryBindings[]): Row | null {
    return (this.db.query(sql).get(...params) as Row | null) ?? null;
  }

  private many(sql: string, ...params: SQLQueryBindings[]): Row[] {
    return this.db.query(sql).all(...params) as Row[];
  }

  private exec(sql: string, ...params: SQLQueryBindings[]): { changes: number } {
    return this.db.query(sql).run(...params);
  }
}

// ------------------------------------------------------------ open/migrate

function hasSqliteHeader(path: string): boolean {
  const fd = openSync(path, "r");
  try {
    const buf = Buffer.alloc(16);
    const n = readSync(fd, buf, 0, 16, 0);
    return n === 16 && buf.toString("latin1") === SQLITE_HEADER;
  } finally {
    closeSync(fd);
  }
}

function userVersion(db: Database): number {
  return (db.query("PRAGMA user_version").get() as { user_version: number }).user_version;
}

/** Check the file is ours (or empty), set the connection up, and apply pending migrations. */
function prepare(db: Database, path: string, isFile: boolean): void {
  let version: number;
  let appId: number;
  let tables: string[];
  try {
    db.run("PRAGMA busy_timeout = 5000");
    version = userVersion(db);
    appId = (db.query("PRAGMA application_id").get() as { application_id: number }).application_id;
    tables = (db.query("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as {
      name: string;
    }[]).map((r) => r.name);
  } catch (e) {
    throw new AppDbError(`${path} is not a usable SQLite database: ${(e as Error).message}`);
  }
  const foreign = (why: string) =>
    new AppDbError(`${path} is not a budget-chat app database (${why}); refusing to use it. Point CHAT_DATABASE_URL at a new file.`);
  if (appId !== 0 && appId !== APPLICATION_ID) throw foreign(`it belongs to another application, application_id ${appId}`);
  if (version === 0 && tables.length) {
    const shown = tables.slice(0, 5).join(", ") + (tables.length > 5 ? ", …" : "");
    throw foreign(`it has tables (${shown}) but no budget-chat schema version`);
  }
  if (version > 0 && appId !== APPLICATION_ID) throw foreign(`it has schema version ${version} but no budget-chat application id`);
  if (version > SCHEMA_VERSION) throw newerError(path, version);

  if (isFile) {
    const mode = (db.query("PRAGMA journal_mode = WAL").get() as { journal_mode: string }).journal_mode;
    if (mode.toLowerCase() !== "wal") throw new AppDbError(`cannot switch ${path} to WAL mode (got ${mode})`);
  }
  db.run("PRAGMA synchronous = NORMAL");
  db.run("PRAGMA foreign_keys = ON");
  migrate(db, path);
}

function newerError(path: string, version: number): AppDbError {
  return new AppDbError(
    `${path} has app schema version ${version}, but this budget-chat knows only up to ${SCHEMA_VERSION}: it was written by a newer budget-chat. Upgrade budget-chat (or use another CHAT_DATABASE_URL).`,
  );
}

/** Apply each pending migration in its own immediate transaction (safe against a concurrent opener). */
function migrate(db: Database, path: string): void {
  while (true) {
    const applied = db
      .transaction(() => {
        const v = userVersion(db);
        if (v > SCHEMA_VERSION) throw newerError(path, v);
        if (v === SCHEMA_VERSION) return false;
        try {
          db.run(MIGRATIONS[v]!);
        } catch (e) {
          throw new AppDbError(`migrating ${path} to app schema version ${v + 1} failed: ${(e as Error).message}`);
        }
        db.run(`PRAGMA user_version = ${v + 1}`);
        return true;
      })
      .immediate();
    if (!applied) return;
  }
}

// ----------------------------------------------------------------- helpers

export function sha256(s: string): string {
  return createHash("sha256").update(s).digest("hex");
}

function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

function isoOf(t: Date | string): string {
  const d = typeof t === "string" ? new Date(t) : t;
  if (Number.isNaN(d.getTime())) throw new AppDbError(`invalid time: ${String(t)}`);
  return d.toISOString();
}

function cleanUserName(name: string): string {
  const clean = name.trim();
  if (!clean) throw new AppDbError("user name must not be empty");
  if (clean.length > 64) throw new AppDbError("user name is too long (at most 64 characters)");
  if (/[\p{Cc}\p{Cf}]/u.test(clean)) throw new AppDbError("user name must not contain control characters");
  return clean;
}

function cleanTitle(title: string | null | undefined): string {
  const t = (title ?? "").replace(/\s+/g, " ").trim().slice(0, 200);
  return t || "New chat";
}

/**
 * Words too common to say what a question is about (English and German). Without
 * this, "how much did I spend on groceries" matches a memory by "on" as readily as by
 * "groceries" — bm25 weighs rare words up, and in a small memory table every word is rare.
 */
const STOPWORDS = new Set(
  (
    "a an and are as at be been but by can could did do does doing for from had has have how i if in into is it its " +
    "me much my no not of on or our so than that the their them then there these they this to was we were what when " +
    "where which while who why will with would you your show tell give list about all any many please " +
    "der die das den dem des ein eine einen einem einer und oder ist sind war wie was wo wer warum ich du wir sie es " +
    "mein meine mir mich für von mit auf im in zu zum zur bei aus nicht auch viel wieviel"
  ).split(" "),
);

/**
 * A user's words as an FTS5 query that cannot be a syntax error: every run of letters
 * or digits becomes a quoted term, OR'ed together (common words dropped unless there is
 * nothing else). Null when there are no words.
 */
export function ftsQuery(text: string): string | null {
  const words = [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];
  const meaningful = words.filter((w) => !STOPWORDS.has(w) && (w.length > 1 || /\d/.test(w)));
  const terms = (meaningful.length ? meaningful : words).slice(0, 32);
  if (!terms.length) return null;
  return terms.map((t) => `"${t.replace(/"/g, '""')}"`).join(" OR ");
}

function toFloat32(blob: Uint8Array): Float32Array {
  // Copy: a BLOB's bytes need not be 4-byte aligned.
  const copy = new Uint8Array(blob.byteLength);
  copy.set(blob);
  return new Float32Array(copy.buffer, 0, Math.floor(copy.byteLength / 4));
}

const USAGE_SUMS = `coalesce(sum(input_tokens), 0) AS input_tokens, coalesce(sum(output_tokens), 0) AS output_tokens,
  coalesce(sum(cache_creation_input_tokens), 0) AS cache_creation_input_tokens,
  coalesce(sum(cache_read_input_tokens), 0) AS cache_read_input_tokens`;

function toUsage(r: Row): Usage {
  return {
    input_tokens: r.input_tokens,
    output_tokens: r.output_tokens,
    cache_creation_input_tokens: r.cache_creation_input_tokens,
    cache_read_input_tokens: r.cache_read_input_tokens,
  };
}

function toUsageTotals(r: Row): UsageTotals {
  return { turns: r.turns, ...toUsage(r) };
}

function toUser(r: Row): User {
  return { id: r.id, name: r.name, createdAt: r.created_at };
}

function toConversation(r: Row): Conversation {
  return { id: r.id, userId: r.user_id, title: r.title, createdAt: r.created_at, updatedAt: r.updated_at };
}

function toMessage(r: Row): StoredMessage {
  return {
    id: r.id,
    conversationId: r.conversation_id,
    turnId: r.turn_id,
    role: r.role,
    content: JSON.parse(r.content),
    createdAt: r.created_at,
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
  };
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

function toAudit(r: Row): AuditEntry {
  return {
    id: r.id,
    at: r.at,
    userId: r.user_id,
    conversationId: r.conversation_id,
    kind: r.kind,
    detail: JSON.parse(r.detail),
  };
}

function toMemory(r: Row): Memory {
  return { id: r.id, userId: r.user_id, conversationId: r.conversation_id, content: r.content, createdAt: r.created_at };
}
