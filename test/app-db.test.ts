import { Database } from "bun:sqlite";
import { afterAll, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type AgentEvent, type ApprovalPreview, type Usage } from "../src/core/events.ts";
import { AppDb, AppDbError, INTERRUPTED_ANSWER, ftsQuery, sha256 } from "../src/app-db/app-db.ts";
import { APPLICATION_ID, SCHEMA_VERSION } from "../src/app-db/migrations.ts";

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), "app-db-test-"));
  dirs.push(d);
  return d;
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A settable clock. */
function clock(start = "2025-03-01T12:00:00.000Z") {
  let t = new Date(start).getTime();
  return {
    now: () => new Date(t),
    advance(ms: number) {
      t += ms;
    },
    set(iso: string) {
      t = new Date(iso).getTime();
    },
  };
}

const usage = (i: number, o: number, cw = 0, cr = 0): Usage => ({
  input_tokens: i,
  output_tokens: o,
  cache_creation_input_tokens: cw,
  cache_read_input_tokens: cr,
});

const preview: ApprovalPreview = {
  rows: 3,
  total: -42.5,
  currency: "CHF",
  from: [{ category: "Shopping", rows: 3 }],
  to: "Groceries",
  merchants: [{ name: "Migros", rows: 3 }],
  description: "Move 3 Migros transactions from Shopping to Groceries",
};

/** Bytes of the database file and its WAL (if any). */
function fileBytes(path: string): Buffer {
  const parts = [readFileSync(path)];
  if (existsSync(`${path}-wal`)) parts.push(readFileSync(`${path}-wal`));
  return Buffer.concat(parts);
}

describe("open and migrations", () => {
  test("FTS5 is compiled into bun's SQLite", () => {
    const db = new Database(":memory:");
    const opts = (db.query("PRAGMA compile_options").all() as { compile_options: string }[]).map((r) => r.compile_options);
    db.close();
    expect(opts).toContain("ENABLE_FTS5");
  });

  test("creates parent directories, sets user_version, application_id and WAL; reopening is idempotent", () => {
    const path = join(tempDir(), "nested", "deeper", "chat.db");
    const a = AppDb.open(path);
    expect(SCHEMA_VERSION).toBe(1);
    expect(a.schemaVersion()).toBe(SCHEMA_VERSION);
    const conv = a.createConversation("local", "Kept across opens");
    a.close();

    const b = AppDb.open(path);
    expect(b.schemaVersion()).toBe(SCHEMA_VERSION);
    expect(b.getConversation("local", conv.id)?.title).toBe("Kept across opens");
    expect((b.db.query("PRAGMA journal_mode").get() as { journal_mode: string }).journal_mode).toBe("wal");
    expect((b.db.query("PRAGMA foreign_keys").get() as { foreign_keys: number }).foreign_keys).toBe(1);
    expect((b.db.query("PRAGMA synchronous").get() as { synchronous: number }).synchronous).toBe(1); // NORMAL
    expect((b.db.query("PRAGMA busy_timeout").get() as { timeout: number }).timeout).toBe(5000);
    expect((b.db.query("PRAGMA application_id").get() as { application_id: number }).application_id).toBe(APPLICATION_ID);
    b.close();

    // A third open with another connection still open.
    const c1 = AppDb.open(path);
    const c2 = AppDb.open(path);
    expect(c2.listConversations("local")).toHaveLength(1);
    c1.close();
    c2.close();
  });

  test("memory() gives a migrated database", () => {
    const a = AppDb.memory();
    expect(a.schemaVersion()).toBe(SCHEMA_VERSION);
    expect(a.userCount()).toBe(0);
    a.close();
  });

  test("a SQLite file with foreign tables and no user_version is refused, naming the path, and left untouched", () => {
    const path = join(tempDir(), "budget.db");
    const foreign = new Database(path, { create: true });
    foreign.run("CREATE TABLE transactions (id INTEGER PRIMARY KEY, amount REAL)");
    foreign.run("INSERT INTO transactions (amount) VALUES (1.5)");
    foreign.close();
    const before = readFileSync(path);

    let err: unknown;
    try {
      AppDb.open(path);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AppDbError);
    expect((err as Error).message).toContain(path);
    expect((err as Error).message).toContain("not a budget-chat app database");
    expect((err as Error).message).toContain("transactions");
    expect(readFileSync(path).equals(before)).toBe(true);
    expect(existsSync(`${path}-wal`)).toBe(false);
  });

  test("a SQLite file of another application (user_version set, other application_id) is refused", () => {
    const path = join(tempDir(), "other.db");
    const foreign = new Database(path, { create: true });
    foreign.run("CREATE TABLE things (x)");
    foreign.run("PRAGMA user_version = 1");
    foreign.close();
    expect(() => AppDb.open(path)).toThrow(path);
    expect(() => AppDb.open(path)).toThrow(/no budget-chat application id/);
  });

  test("a file that is not SQLite is refused, naming the path", () => {
    const path = join(tempDir(), "notes.txt");
    writeFileSync(path, "these are not the bytes you are looking for\n".repeat(20));
    const before = readFileSync(path);
    expect(() => AppDb.open(path)).toThrow(AppDbError);
    expect(() => AppDb.open(path)).toThrow(`${path} is not a SQLite database`);
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  test("a directory is refused", () => {
    const dir = tempDir();
    expect(() => AppDb.open(dir)).toThrow(`app database ${dir} is not a file`);
  });

  test("a database newer than the code is refused with a clear error", () => {
    const path = join(tempDir(), "chat.db");
    AppDb.open(path).close();
    const raw = new Database(path);
    raw.run(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
    raw.close();
    expect(() => AppDb.open(path)).toThrow(AppDbError);
    expect(() => AppDb.open(path)).toThrow(`has app schema version ${SCHEMA_VERSION + 1}`);
    expect(() => AppDb.open(path)).toThrow(/newer budget-chat/);
  });

  test("an empty existing file is initialised", () => {
    const path = join(tempDir(), "empty.db");
    writeFileSync(path, "");
    const a = AppDb.open(path);
    expect(a.schemaVersion()).toBe(SCHEMA_VERSION);
    a.close();
  });
});

describe("users, login tokens and sessions", () => {
  test("addUser, listUsers, userCount, duplicates and bad names", () => {
    const a = AppDb.memory();
    const { user, loginToken } = a.addUser("  alice ");
    expect(user.name).toBe("alice");
    expect(loginToken.length).toBeGreaterThanOrEqual(40);
    a.addUser("bob");
    expect(a.userCount()).toBe(2);
    expect(a.listUsers().map((u) => u.name)).toEqual(["alice", "bob"]);
    expect(a.getUserByName("alice")?.id).toBe(user.id);
    expect(() => a.addUser("alice")).toThrow("user already exists: alice");
    expect(() => a.addUser("   ")).toThrow(AppDbError);
    expect(() => a.addUser("a\u0000b")).toThrow(AppDbError);
    expect(a.userCount()).toBe(2);
  });

  test("a login token is single-use", () => {
    const a = AppDb.memory();
    const { user, loginToken } = a.addUser("alice");
    expect(a.consumeLoginToken(loginToken)?.id).toBe(user.id);
    expect(a.consumeLoginToken(loginToken)).toBeNull();
    expect(a.consumeLoginToken("not-a-token")).toBeNull();
    expect(a.consumeLoginToken("")).toBeNull();
    // A lost link: a new token for the same user.
    const again = a.issueLoginToken("alice")!;
    expect(again).not.toBe(loginToken);
    expect(a.consumeLoginToken(again)?.name).toBe("alice");
    expect(a.issueLoginToken("nobody")).toBeNull();
  });

  test("a login token older than maxAgeMs is refused", () => {
    const c = clock();
    const a = AppDb.memory({ now: c.now });
    const { loginToken } = a.addUser("alice");
    c.advance(2 * 3600_000);
    expect(a.consumeLoginToken(loginToken, 3600_000)).toBeNull();
    expect(a.consumeLoginToken(loginToken, 3 * 3600_000)?.name).toBe("alice");
  });

  test("tokens and session ids are stored only as SHA-256 hex: the raw values are nowhere in the file", () => {
    const path = join(tempDir(), "chat.db");
    const a = AppDb.open(path);
    const { user, loginToken } = a.addUser("alice");
    const unused = a.issueLoginToken("alice")!;
    expect(a.consumeLoginToken(loginToken)?.id).toBe(user.id);
    const session = a.createSession(user.id, 3600_000);
    const hashes = (a.db.query("SELECT token_hash FROM login_tokens").all() as { token_hash: string }[]).map((r) => r.token_hash);
    expect(hashes.sort()).toEqual([sha256(loginToken), sha256(unused)].sort());
    expect(hashes.every((h) => /^[0-9a-f]{64}$/.test(h))).toBe(true);
    const sessionHash = (a.db.query("SELECT id_hash FROM sessions").get() as { id_hash: string }).id_hash;
    expect(sessionHash).toBe(sha256(session));

    // With the WAL still there, and after close (checkpointed into the main file).
    for (const raw of [loginToken, unused, session]) expect(fileBytes(path).includes(raw)).toBe(false);
    a.close();
    const bytes = fileBytes(path);
    for (const raw of [loginToken, unused, session]) expect(bytes.includes(raw)).toBe(false);
    expect(bytes.includes(sha256(loginToken))).toBe(true);
  });

  test("sessions resolve to their user until they expire; logout deletes them", () => {
    const c = clock();
    const a = AppDb.memory({ now: c.now });
    const { user } = a.addUser("alice");
    const s = a.createSession(user.id, 60_000);
    expect(a.sessionUser(s)?.id).toBe(user.id);
    expect(a.sessionUser("nope")).toBeNull();
    expect(a.sessionUser("")).toBeNull();
    c.advance(59_999);
    expect(a.sessionUser(s)?.id).toBe(user.id);
    c.advance(1);
    expect(a.sessionUser(s)).toBeNull();
    expect(a.deleteExpiredSessions()).toBe(1);

    const s2 = a.createSession(user.id, 60_000);
    expect(a.deleteSession(s2)).toBe(true);
    expect(a.sessionUser(s2)).toBeNull();
  });

  test("removeUser cascades to their sessions and login tokens", () => {
    const a = AppDb.memory();
    const alice = a.addUser("alice");
    const bob = a.addUser("bob");
    const aliceSession = a.createSession(alice.user.id, 3600_000);
    const bobSession = a.createSession(bob.user.id, 3600_000);
    expect(a.removeUser("alice")).toBe(true);
    expect(a.removeUser("alice")).toBe(false);
    expect(a.userCount()).toBe(1);
    expect(a.sessionUser(aliceSession)).toBeNull();
    expect(a.consumeLoginToken(alice.loginToken)).toBeNull();
    expect(a.sessionUser(bobSession)?.name).toBe("bob");
    const count = (sql: string) => (a.db.query(sql).get() as { n: number }).n;
    expect(count("SELECT count(*) AS n FROM sessions")).toBe(1);
    expect(count("SELECT count(*) AS n FROM login_tokens")).toBe(1);
  });
});

describe("conversations and messages", () => {
  test("conversations are isolated between users", () => {
    const a = AppDb.memory();
    const mine = a.createConversation("alice", "Alice's");
    const theirs = a.createConversation("bob", "Bob's");
    expect(a.getConversation("alice", mine.id)?.title).toBe("Alice's");
    expect(a.getConversation("alice", theirs.id)).toBeNull();
    expect(a.getConversation("bob", mine.id)).toBeNull();
    expect(a.listConversations("alice").map((c) => c.id)).toEqual([mine.id]);
    expect(a.renameConversation("bob", mine.id, "hijacked")).toBe(false);
    expect(a.deleteConversation("bob", mine.id)).toBe(false);
    expect(a.getConversation("alice", mine.id)?.title).toBe("Alice's");
    expect(a.renameConversation("alice", mine.id, "  Renamed\n title ")).toBe(true);
    expect(a.getConversation("alice", mine.id)?.title).toBe("Renamed title");
    expect(a.deleteConversation("alice", mine.id)).toBe(true);
    expect(a.getConversation("alice", mine.id)).toBeNull();
    expect(a.deleteConversation("alice", mine.id)).toBe(false);
  });

  test("listConversations is newest first by updated_at; touch and new messages move one up", () => {
    const c = clock();
    const a = AppDb.memory({ now: c.now });
    const first = a.createConversation("local", "first");
    c.advance(1000);
    const second = a.createConversation("local", "second");
    c.advance(1000);
    const third = a.createConversation("local");
    expect(third.title).toBe("New chat");
    expect(a.listConversations("local").map((x) => x.id)).toEqual([third.id, second.id, first.id]);
    c.advance(1000);
    a.touchConversation(first.id);
    expect(a.listConversations("local").map((x) => x.id)).toEqual([first.id, third.id, second.id]);
    c.advance(1000);
    a.appendMessages(second.id, null, [{ role: "user", content: "hi" }]);
    expect(a.listConversations("local").map((x) => x.id)).toEqual([second.id, first.id, third.id]);
    expect(a.listConversations("local", 1)).toHaveLength(1);
  });

  test("messages are stored exactly and listed in order", () => {
    const a = AppDb.memory();
    const conv = a.createConversation("local", "t");
    const turnId = a.startTurn({ conversationId: conv.id, userId: "local", model: "m", question: "q" });
    const assistant = {
      role: "assistant" as const,
      content: [
        { type: "text" as const, text: "Let me look — “quotes”, emoji 💸 and \u0000 nul." },
        { type: "tool_use" as const, id: "toolu_1", name: "spending_by_category", input: { year: 2024, nested: { a: [1, 2.5, null] } } },
      ],
    };
    const results = {
      role: "user" as const,
      content: [{ type: "tool_result" as const, tool_use_id: "toolu_1", content: '{"rows":[]}', is_error: false }],
    };
    const ids = a.appendMessages(conv.id, turnId, [{ role: "user", content: [{ type: "text", text: "q" }] }, assistant, results]);
    expect(ids).toHaveLength(3);
    expect(ids[0]! < ids[1]! && ids[1]! < ids[2]!).toBe(true);
    a.appendMessages(conv.id, turnId, [{ role: "assistant", content: "plain string content" }]);
    const listed = a.listMessages(conv.id);
    expect(listed.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(listed[1]!.content).toEqual(assistant.content);
    expect(listed[2]!.content).toEqual(results.content);
    expect(listed[3]!.content).toBe("plain string content");
    expect(listed.every((m) => m.turnId === turnId && m.conversationId === conv.id)).toBe(true);
    expect(a.listMessages(conv.id).length).toBe(4);
    expect(a.appendMessages(conv.id, turnId, [])).toEqual([]);
  });

  test("appendMessages is one transaction: a bad message stores none", () => {
    const a = AppDb.memory();
    const conv = a.createConversation("local");
    expect(() =>
      a.appendMessages(conv.id, null, [
        { role: "user", content: "ok" },
        { role: "system" as "user", content: "bad role" },
      ]),
    ).toThrow("cannot store a 'system' message");
    expect(a.listMessages(conv.id).length).toBe(0);
    // A failure on the second insert rolls back the first: nothing half-stored.
    a.db.run("CREATE TRIGGER fail_second BEFORE INSERT ON messages WHEN new.content = '\"boom\"' BEGIN SELECT RAISE(ABORT, 'boom'); END");
    expect(() => a.appendMessages(conv.id, null, [{ role: "user", content: "ok" }, { role: "assistant", content: "boom" }])).toThrow("boom");
    expect(a.listMessages(conv.id).length).toBe(0);
  });

  test("deleting a conversation cascades to messages, turns and turn events; memories stay", () => {
    const a = AppDb.memory();
    const conv = a.createConversation("local", "doomed");
    const keep = a.createConversation("local", "kept");
    const t = a.startTurn({ conversationId: conv.id, userId: "local", model: "m", question: "q" });
    const k = a.startTurn({ conversationId: keep.id, userId: "local", model: "m", question: "q" });
    a.appendMessages(conv.id, t, [{ role: "user", content: "q" }]);
    a.appendMessages(keep.id, k, [{ role: "user", content: "q" }]);
    a.appendTurnEvents(t, [{ type: "text", text: "hello" }]);
    a.appendTurnEvents(k, [{ type: "text", text: "hello" }]);
    const mem = a.addMemory("local", conv.id, "Summary of the doomed conversation");
    expect(a.deleteConversation("local", conv.id)).toBe(true);
    expect(a.listMessages(conv.id).length).toBe(0);
    expect(a.getTurn(t)).toBeNull();
    expect(a.getTurnEvents(t)).toEqual([]);
    expect(a.listTurns(conv.id)).toEqual([]);
    const count = (sql: string) => (a.db.query(sql).get() as { n: number }).n;
    expect(count("SELECT count(*) AS n FROM messages")).toBe(1);
    expect(count("SELECT count(*) AS n FROM turns")).toBe(1);
    expect(count("SELECT count(*) AS n FROM turn_events")).toBe(1);
    expect(a.listMemories("local").find((m) => m.id === mem)?.conversationId).toBeNull();
  });
});

describe("turns", () => {
  test("start, events, finish, listTurns and usage", () => {
    const c = clock();
    const a = AppDb.memory({ now: c.now });
    const conv = a.createConversation("local");
    const t1 = a.startTurn({ conversationId: conv.id, userId: "local", model: "claude-sonnet", question: "How much on food?" });
    expect(a.getTurn(t1)!.status).toBe("running");
    const first: AgentEvent[] = [
      { type: "turn_started", conversationId: conv.id, turnId: t1 },
      { type: "text", text: "You spent " },
    ];
    a.appendTurnEvents(t1, first);
    a.appendTurnEvents(t1, [{ type: "text", text: "CHF 12." }]);
    a.appendTurnEvents(t1, []);
    c.advance(5000);
    a.finishTurn(t1, { status: "done", usage: usage(100, 20, 5, 50), incomplete: false });
    c.advance(1000);
    const t2 = a.startTurn({ conversationId: conv.id, userId: "local", model: "claude-haiku", question: "And rent?" });
    a.finishTurn(t2, { status: "error", usage: usage(10, 0), error: "overloaded", incomplete: true });

    const turn = a.getTurn(t1)!;
    expect(turn).toMatchObject({
      status: "done",
      model: "claude-sonnet",
      question: "How much on food?",
      startedAt: "2025-03-01T12:00:00.000Z",
      endedAt: "2025-03-01T12:00:05.000Z",
      usage: usage(100, 20, 5, 50),
      error: null,
      incomplete: false,
    });
    expect(a.getTurn(t2)).toMatchObject({ status: "error", error: "overloaded", incomplete: true });
    expect(a.getTurn("missing")).toBeNull();

    const turns = a.listTurns(conv.id);
    expect(turns.map((t) => t.id)).toEqual([t1, t2]);
    expect(turns[0]!.events).toEqual([...first, { type: "text", text: "CHF 12." }]);
    expect(turns[1]!.events).toEqual([]);
    expect(a.getTurnEvents(t1)).toHaveLength(3);

    expect(a.conversationUsage(conv.id)).toEqual({ turns: 2, ...usage(110, 20, 5, 50) });
    expect(a.usageTotals()).toEqual([
      { model: "claude-haiku", turns: 1, ...usage(10, 0) },
      { model: "claude-sonnet", turns: 1, ...usage(100, 20, 5, 50) },
    ]);
    expect(a.usageTotals({ since: "2025-03-01T12:00:01.000Z" })).toEqual([{ model: "claude-haiku", turns: 1, ...usage(10, 0) }]);
    expect(a.usageTotals({ userId: "someone-else" })).toEqual([]);
    expect(a.conversationUsage("none")).toEqual({ turns: 0, ...usage(0, 0) });
  });

  test("closeInterruptedTurns repairs a dangling tool_use", () => {
    const a = AppDb.memory();
    const conv = a.createConversation("local");
    const t = a.startTurn({ conversationId: conv.id, userId: "local", model: "m", question: "Move Migros to Groceries" });
    a.appendMessages(conv.id, t, [
      { role: "user", content: [{ type: "text", text: "Move Migros to Groceries" }] },
      {
        role: "assistant",
        content: [
          { type: "text", text: "I'll prepare that." },
          { type: "tool_use", id: "toolu_a", name: "recategorise_transactions", input: { merchant: "Migros", to: "Groceries" } },
          { type: "tool_use", id: "toolu_b", name: "spending_by_category", input: {} },
        ],
      },
    ]);
    const approval = a.createApproval({
      userId: "local",
      conversationId: conv.id,
      turnId: t,
      toolUseId: "toolu_a",
      tool: "recategorise_transactions",
      args: { merchant: "Migros", to: "Groceries" },
      preview,
      ttlMs: 600_000,
    });

    expect(a.closeInterruptedTurns()).toBe(1);
    const msgs = a.listMessages(conv.id);
    expect(msgs).toHaveLength(4);
    expect(msgs[2]!.role).toBe("user");
    expect(msgs[2]!.turnId).toBe(t);
    expect(msgs[2]!.content).toEqual([
      { type: "tool_result", tool_use_id: "toolu_a", is_error: true, content: "interrupted" },
      { type: "tool_result", tool_use_id: "toolu_b", is_error: true, content: "interrupted" },
    ]);
    expect(msgs[3]!.role).toBe("assistant");
    expect(msgs[3]!.content).toEqual([{ type: "text", text: INTERRUPTED_ANSWER }]);

    const turn = a.listTurns(conv.id)[0]!;
    expect(turn.status).toBe("interrupted");
    expect(turn.incomplete).toBe(true);
    expect(turn.endedAt).not.toBeNull();
    expect(turn.events.map((e) => e.type)).toEqual(["notice", "done"]);
    // The approval the turn was waiting on can no longer be approved.
    expect(a.getApproval("local", approval.id)?.status).toBe("expired");
    expect(a.decideApproval("local", approval.id, "approved")).toBeNull();
    expect(a.listAudit({ kind: "approval_expired" })).toHaveLength(1);
    expect(a.listAudit({ kind: "turn" })[0]!.detail).toMatchObject({ turnId: t, status: "interrupted" });

    // Idempotent.
    expect(a.closeInterruptedTurns()).toBe(0);
    expect(a.listMessages(conv.id)).toHaveLength(4);
  });

  test("closeInterruptedTurns answers an unanswered user message, and leaves finished conversations alone", () => {
    const a = AppDb.memory();
    const conv = a.createConversation("local");
    const done = a.startTurn({ conversationId: conv.id, userId: "local", model: "m", question: "first" });
    a.appendMessages(conv.id, done, [
      { role: "user", content: [{ type: "text", text: "first" }] },
      { role: "assistant", content: [{ type: "text", text: "answer" }] },
    ]);
    a.finishTurn(done, { status: "done", usage: usage(1, 1), incomplete: false });
    const t = a.startTurn({ conversationId: conv.id, userId: "local", model: "m", question: "second" });
    a.appendMessages(conv.id, t, [{ role: "user", content: [{ type: "text", text: "second" }] }]);

    const other = a.createConversation("local");
    const ok = a.startTurn({ conversationId: other.id, userId: "local", model: "m", question: "q" });
    a.appendMessages(other.id, ok, [
      { role: "user", content: "q" },
      { role: "assistant", content: [{ type: "text", text: "a" }] },
    ]);
    a.finishTurn(ok, { status: "done", usage: usage(1, 1), incomplete: false });

    // A running turn that crashed after a complete tool round (history ends with tool results).
    const third = a.createConversation("local");
    const t3 = a.startTurn({ conversationId: third.id, userId: "local", model: "m", question: "q3" });
    a.appendMessages(third.id, t3, [
      { role: "user", content: "q3" },
      { role: "assistant", content: [{ type: "tool_use", id: "toolu_x", name: "t", input: {} }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_x", content: "{}" }] },
    ]);

    // A running turn that never stored anything.
    const empty = a.createConversation("local");
    a.startTurn({ conversationId: empty.id, userId: "local", model: "m", question: "q" });

    expect(a.closeInterruptedTurns()).toBe(3);
    const msgs = a.listMessages(conv.id);
    expect(msgs.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(msgs[3]!.content).toEqual([{ type: "text", text: "(This answer was interrupted.)" }]);
    expect(msgs[3]!.turnId).toBe(t);
    expect(a.getTurn(done)!.status).toBe("done");
    expect(a.listMessages(other.id)).toHaveLength(2);
    expect(a.listMessages(third.id).map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(a.listMessages(empty.id).length).toBe(0);
  });
});

describe("approvals and writes", () => {
  function setup() {
    const c = clock();
    const a = AppDb.memory({ now: c.now });
    const conv = a.createConversation("alice");
    const turnId = a.startTurn({ conversationId: conv.id, userId: "alice", model: "m", question: "q" });
    const make = (ttlMs = 600_000) =>
      a.createApproval({
        userId: "alice",
        conversationId: conv.id,
        turnId,
        toolUseId: "toolu_1",
        tool: "recategorise_transactions",
        args: { merchant: "Migros", to_category: "Groceries", year: 2024 },
        preview,
        ttlMs,
      });
    return { a, c, conv, turnId, make };
  }

  test("createApproval stores args and preview exactly", () => {
    const { a, make } = setup();
    const ap = make();
    expect(ap.status).toBe("pending");
    expect(ap.expiresAt).toBe("2025-03-01T12:10:00.000Z");
    const got = a.getApproval("alice", ap.id)!;
    expect(got.args).toEqual({ merchant: "Migros", to_category: "Groceries", year: 2024 });
    expect(got.preview).toEqual(preview);
    expect(got.result).toBeNull();
    expect(a.getApproval("bob", ap.id)).toBeNull();
    expect(a.listApprovals("alice", { status: "pending" }).map((x) => x.id)).toEqual([ap.id]);
    expect(a.listApprovals("bob")).toEqual([]);
    const fixed = a.createApproval({ ...got, expiresAt: "2025-03-01T13:00:00Z" });
    expect(fixed.expiresAt).toBe("2025-03-01T13:00:00.000Z");
  });

  test("decideApproval is single-shot: a second decide (or a replay) returns null", () => {
    const { a, c, make } = setup();
    const ap = make();
    c.advance(10_000);
    const decided = a.decideApproval("alice", ap.id, "approved", c.now())!;
    expect(decided.status).toBe("approved");
    expect(decided.decidedAt).toBe("2025-03-01T12:00:10.000Z");
    expect(a.decideApproval("alice", ap.id, "approved", c.now())).toBeNull();
    expect(a.decideApproval("alice", ap.id, "rejected", c.now())).toBeNull();
    expect(a.getApproval("alice", ap.id)!.status).toBe("approved");

    const rej = make();
    expect(a.decideApproval("alice", rej.id, "rejected")!.status).toBe("rejected");
    expect(a.decideApproval("alice", rej.id, "approved")).toBeNull();
  });

  test("two connections deciding the same approval: exactly one wins", () => {
    const path = join(tempDir(), "chat.db");
    const one = AppDb.open(path);
    const two = AppDb.open(path);
    const conv = one.createConversation("alice");
    const turnId = one.startTurn({ conversationId: conv.id, userId: "alice", model: "m", question: "q" });
    const ap = one.createApproval({ userId: "alice", conversationId: conv.id, turnId, toolUseId: "t", tool: "x", args: {}, preview, ttlMs: 60_000 });
    const results = [two.decideApproval("alice", ap.id, "approved"), one.decideApproval("alice", ap.id, "approved")];
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    one.close();
    two.close();
  });

  test("another user cannot decide an approval", () => {
    const { a, make } = setup();
    const ap = make();
    expect(a.decideApproval("bob", ap.id, "approved")).toBeNull();
    expect(a.getApproval("alice", ap.id)!.status).toBe("pending");
    expect(a.decideApproval("alice", "no-such-id", "approved")).toBeNull();
  });

  test("decideApproval refuses after expiry, and expireApproval expires it once with an audit entry", () => {
    const { a, c, conv, make } = setup();
    const short = make(60_000);
    const long = make(600_000);
    c.advance(60_000); // exactly at expires_at: too late
    expect(a.decideApproval("alice", short.id, "approved", c.now())).toBeNull();
    expect(a.getApproval("alice", short.id)!.status).toBe("pending");
    expect(a.expireApproval(short.id, "timeout", c.now())?.id).toBe(short.id);
    expect(a.getApproval("alice", short.id)!.status).toBe("expired");
    expect(a.expireApproval(short.id, "timeout", c.now().toISOString())).toBeNull();
    const audit = a.listAudit({ kind: "approval_expired" });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId: "alice", conversationId: conv.id, detail: { approvalId: short.id, reason: "timeout" } });
    // The long one is still decidable.
    expect(a.decideApproval("alice", long.id, "approved", c.now())?.status).toBe("approved");
  });

  test("markExecuted / markUndone only move forward once; writes record before/after and undo once", () => {
    const { a, make } = setup();
    const ap = make();
    expect(a.markExecuted(ap.id, { rows: 3 })).toBe(false); // still pending
    a.decideApproval("alice", ap.id, "approved");
    expect(a.markExecuted(ap.id, { rows: 3 })).toBe(true);
    expect(a.markExecuted(ap.id, { rows: 3 })).toBe(false);
    expect(a.getApproval("alice", ap.id)).toMatchObject({ status: "executed", result: { rows: 3 } });

    const before = [
      { id: 1, category: "Shopping", source: "llm", confidence: 0.7 },
      { id: 2, category: "Shopping", source: "cache", confidence: 0.95 },
    ];
    const after = before.map((r) => ({ ...r, category: "Groceries", source: "manual", confidence: 1 }));
    const w = a.recordWrite(ap.id, before, after);
    expect(w.approvalId).toBe(ap.id);
    expect(a.getWrite(ap.id)).toMatchObject({ before, after, undoneAt: null });
    expect(() => a.recordWrite(ap.id, before, after)).toThrow(); // one write per approval
    expect(a.getWrite("nope")).toBeNull();

    expect(a.markWriteUndone(ap.id)).toBe(true);
    expect(a.markWriteUndone(ap.id)).toBe(false);
    expect(a.getWrite(ap.id)!.undoneAt).not.toBeNull();
    expect(a.markUndone(ap.id)).toBe(true);
    expect(a.markUndone(ap.id)).toBe(false);
    expect(a.getApproval("alice", ap.id)!.status).toBe("undone");
  });
});

describe("audit log", () => {
  test("filters by user, since and kind; newest first; limit", () => {
    const c = clock("2025-01-01T00:00:00.000Z");
    const a = AppDb.memory({ now: c.now });
    a.audit({ kind: "login", userId: "alice", detail: { ok: true } });
    c.advance(1000);
    a.audit({ kind: "turn", userId: "bob", conversationId: "c1", detail: { model: "m" } });
    c.advance(1000);
    a.audit({ kind: "tool_call", userId: "alice", conversationId: "c2", detail: { tool: "x", ok: true } });
    c.advance(1000);
    a.audit({ kind: "security", detail: { reason: "foreign origin" } });
    a.audit({ kind: "write", userId: "alice", at: "2024-12-31T00:00:00Z" });

    expect(a.listAudit().map((e) => e.kind)).toEqual(["security", "tool_call", "turn", "login", "write"]);
    expect(a.listAudit({ userId: "alice" }).map((e) => e.kind)).toEqual(["tool_call", "login", "write"]);
    expect(a.listAudit({ since: "2025-01-01T00:00:01.000Z" }).map((e) => e.kind)).toEqual(["security", "tool_call", "turn"]);
    expect(a.listAudit({ userId: "alice", since: new Date("2025-01-01T00:00:00.000Z") }).map((e) => e.kind)).toEqual([
      "tool_call",
      "login",
    ]);
    expect(a.listAudit({ kind: "turn" })[0]).toMatchObject({ userId: "bob", conversationId: "c1", detail: { model: "m" } });
    expect(a.listAudit({ limit: 2 })).toHaveLength(2);
    expect(a.listAudit({ userId: "carol" })).toEqual([]);
    expect(a.listAudit({ kind: "security" })[0]).toMatchObject({ userId: null, conversationId: null });
    expect(a.listAudit({ kind: "write" })[0]!.detail).toEqual({});
    expect(() => a.audit({ kind: "bogus" as "turn" })).toThrow();
  });
});

describe("memories", () => {
  let a: AppDb;
  let ids: Record<string, number>;
  beforeEach(() => {
    a = AppDb.memory();
    ids = {
      rent: a.addMemory("alice", null, "Alice pays rent of CHF 2'100 on the 25th; rent is a fixed cost."),
      groceries: a.addMemory("alice", null, "Alice wants Migros and Coop purchases counted as groceries, not shopping."),
      approve: a.addMemory("alice", null, "Alice said to always approve recategorising Migros transactions."),
      travel: a.addMemory("alice", null, "Trips to Italy in summer are holidays."),
      bobs: a.addMemory("bob", null, "Bob's groceries come from Lidl."),
    };
  });

  test("FTS search ranks the relevant memory first", () => {
    const hits = a.searchMemories("alice", "How much did I spend on groceries at Migros?", 5);
    expect(hits[0]!.id).toBe(ids.groceries);
    expect(hits[0]!.score).toBeLessThan(0); // bm25: lower is better
    expect(hits.map((h) => h.id)).not.toContain(ids.bobs);
    expect(a.searchMemories("alice", "rent", 5).map((h) => h.id)).toEqual([ids.rent]);
    // porter stemming: "holiday" finds "holidays"
    expect(a.searchMemories("alice", "holiday", 5).map((h) => h.id)).toEqual([ids.travel]);
    expect(a.searchMemories("alice", "groceries", 1)).toHaveLength(1);
  });

  test("punctuation and FTS syntax in the query cannot break the search", () => {
    expect(a.searchMemories("alice", '"approve" OR (', 5)[0]!.id).toBe(ids.approve);
    for (const q of ['"', "(", ")", "*", "NEAR(", "a:b", "-rent", "^rent", "rent AND", "NOT", "'", '""""', "{rent}", "rent*"]) {
      expect(() => a.searchMemories("alice", q, 5)).not.toThrow();
    }
    expect(a.searchMemories("alice", "-rent", 5).map((h) => h.id)).toEqual([ids.rent]);
    expect(ftsQuery('"approve" OR (')).toBe('"approve"');
    expect(ftsQuery("How much did I spend on Groceries?")).toBe('"spend" OR "groceries"');
    expect(ftsQuery("what is it")).toBe('"what" OR "is" OR "it"'); // nothing but common words: keep them
  });

  test("an empty or wordless query returns []", () => {
    expect(a.searchMemories("alice", "", 5)).toEqual([]);
    expect(a.searchMemories("alice", "   ", 5)).toEqual([]);
    expect(a.searchMemories("alice", "?! ( ) \"", 5)).toEqual([]);
    expect(ftsQuery("")).toBeNull();
  });

  test("search is isolated by user", () => {
    expect(a.searchMemories("bob", "groceries Migros", 5).map((h) => h.id)).toEqual([ids.bobs]);
    expect(a.searchMemories("carol", "groceries", 5)).toEqual([]);
    expect(a.searchMemories("bob", "rent", 5)).toEqual([]);
  });

  test("list, delete (own only) removes from search", () => {
    expect(a.listMemories("alice").map((m) => m.id)).toEqual([ids.travel, ids.approve, ids.groceries, ids.rent]);
    expect(a.listMemories("alice", "MIGROS").map((m) => m.id)).toEqual([ids.approve, ids.groceries]);
    expect(a.listMemories("alice", "100%")).toEqual([]);
    expect(a.deleteMemory("bob", ids.groceries)).toBe(false);
    expect(a.deleteMemory("alice", ids.groceries)).toBe(true);
    expect(a.deleteMemory("alice", ids.groceries)).toBe(false);
    expect(a.searchMemories("alice", "groceries Coop", 5).map((h) => h.id)).not.toContain(ids.groceries);
    expect(a.searchMemories("alice", "Coop", 5)).toEqual([]);
    expect(a.listMemories("alice")).toHaveLength(3);
    // The FTS index agrees with the table.
    a.db.run("INSERT INTO memories_fts(memories_fts) VALUES ('integrity-check')");
  });

  test("the FTS index follows content updates", () => {
    a.db.query("UPDATE memories SET content = ? WHERE id = ?").run("Alice now rents a garage too.", ids.travel);
    expect(a.searchMemories("alice", "Italy", 5)).toEqual([]);
    expect(a.searchMemories("alice", "garage", 5).map((h) => h.id)).toEqual([ids.travel]);
    a.db.run("INSERT INTO memories_fts(memories_fts) VALUES ('integrity-check')");
  });

  test("embeddings round-trip as Float32Array, per user and model, and cascade on delete", () => {
    const v = new Float32Array([0.25, -1.5, 3.125, 1e-7]);
    a.setEmbedding(ids.rent, "embed-1", v);
    a.setEmbedding(ids.groceries, "embed-1", new Float32Array([1, 2, 3, 4]));
    a.setEmbedding(ids.bobs, "embed-1", new Float32Array([9, 9, 9, 9]));
    // Replace (a subarray view with a byte offset).
    const big = new Float32Array([7, 0.5, 0.25, 0.125, 0.0625]);
    a.setEmbedding(ids.groceries, "embed-2", big.subarray(1));

    const all = a.allEmbeddings("alice");
    expect(all.map((e) => e.memoryId)).toEqual([ids.rent, ids.groceries]);
    expect(all[0]!.vector).toBeInstanceOf(Float32Array);
    expect([...all[0]!.vector]).toEqual([...v]);
    expect(all[0]!.content).toContain("rent");
    expect([...all[1]!.vector]).toEqual([0.5, 0.25, 0.125, 0.0625]);
    expect(all[1]!.model).toBe("embed-2");
    expect(a.allEmbeddings("alice", "embed-1").map((e) => e.memoryId)).toEqual([ids.rent]);
    expect(a.memoriesWithoutEmbedding("alice").map((m) => m.id)).toEqual([ids.approve, ids.travel]);
    expect(a.memoriesWithoutEmbedding("alice", "embed-1").map((m) => m.id)).toEqual([ids.groceries, ids.approve, ids.travel]);

    a.deleteMemory("alice", ids.rent);
    expect(a.allEmbeddings("alice").map((e) => e.memoryId)).toEqual([ids.groceries]);
  });
});
