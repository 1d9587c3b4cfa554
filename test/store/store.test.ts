import { Database } from "bun:sqlite";
import { afterAll, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type AgentEvent, type ApprovalPreview, type Usage } from "../../src/core/events.ts";
import { closeInterruptedTurns, INTERRUPTED_ANSWER } from "../../src/chat/recovery.ts";
import { ftsQuery } from "../../src/memory/fts-query.ts";
import { sha256, StoreError } from "../../src/store/db.ts";
import { Store } from "../../src/store/store.ts";
import { TURN_EVENT_FORMAT } from "../../src/store/turns.ts";
import { APPROVAL_STATUSES, AUDIT_KINDS, TURN_STATUSES } from "../../src/core/vocab.ts";
import { APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION } from "../../src/store/migrations.ts";

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), "store-test-"));
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
  title: "move 3 transactions to “Groceries”",
  facts: [{ label: "Transactions", value: "3" }],
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

  test("four processes opening one new chat.db at the same moment all get it, in WAL mode, migrated once", async () => {
    // SQLite answers the WAL switch SQLITE_BUSY at once (no busy handler) while another opener switches or
    // migrates the same new file: before the retry, 14 of 30 such rounds had an opener fail "database is locked".
    const script = join(tempDir(), "open.ts");
    writeFileSync(
      script,
      `import { Store } from ${JSON.stringify(join(import.meta.dir, "../../src/store/store.ts"))};
const at = Number(process.argv[3]);
while (Date.now() < at) {}
const s = Store.open(process.argv[2]);
console.log(s.schemaVersion());
s.close();`,
    );
    for (let round = 0; round < 5; round++) {
      const path = join(tempDir(), "chat.db");
      const at = Date.now() + 500;
      const runs = await Promise.all(
        [1, 2, 3, 4].map(async () => {
          const p = Bun.spawn([process.execPath, script, path, String(at)], { stdout: "pipe", stderr: "pipe" });
          return [await new Response(p.stdout).text(), await new Response(p.stderr).text(), await p.exited];
        }),
      );
      expect(runs).toEqual([1, 2, 3, 4].map(() => [`${SCHEMA_VERSION}\n`, "", 0]));
      const db = new Database(path, { readonly: true });
      expect(db.query("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
      db.close();
    }
  }, 60_000);

  test("creates parent directories, sets user_version, application_id and WAL; reopening is idempotent", () => {
    const path = join(tempDir(), "nested", "deeper", "chat.db");
    const a = Store.open(path);
    expect(SCHEMA_VERSION).toBe(18); // 3: personal tokens (issue 17), 4: turns.replaced_by (issue 15), 5–6: one running turn, failed approvals (issue 16), 7: budgets (issue 13), 8: budget_writes (issue 25), 9: data_edits (issue 24), 10: imports and CSV mappings (issue 21), 11: waiting turns, deleted conversations (issue 24), 12: account names (issue 36), 13: imports.reconciliation (issue 31), 14: household contributions (issue 33), 15: data_edits.budget_write_id (issue 29), 16: model_calls (issue 32), 17: data_edits kinds rule and reclassify, model_calls purposes of the classification check (issue 35), 18: imports.imported_via/undone_via (import QA)
    expect(a.schemaVersion()).toBe(SCHEMA_VERSION);
    const conv = a.conversations.create("local", "Kept across opens");
    a.close();

    const b = Store.open(path);
    expect(b.schemaVersion()).toBe(SCHEMA_VERSION);
    expect(b.conversations.get("local", conv.id)?.title).toBe("Kept across opens");
    expect((b.db.query("PRAGMA journal_mode").get() as { journal_mode: string }).journal_mode).toBe("wal");
    expect((b.db.query("PRAGMA foreign_keys").get() as { foreign_keys: number }).foreign_keys).toBe(1);
    expect((b.db.query("PRAGMA synchronous").get() as { synchronous: number }).synchronous).toBe(1); // NORMAL
    expect((b.db.query("PRAGMA busy_timeout").get() as { timeout: number }).timeout).toBe(5000);
    expect((b.db.query("PRAGMA application_id").get() as { application_id: number }).application_id).toBe(APPLICATION_ID);
    b.close();

    // A third open with another connection still open.
    const c1 = Store.open(path);
    const c2 = Store.open(path);
    expect(c2.conversations.list("local")).toHaveLength(1);
    c1.close();
    c2.close();
  });

  test("memory() gives a migrated database", () => {
    const a = Store.memory();
    expect(a.schemaVersion()).toBe(SCHEMA_VERSION);
    expect(a.users.count()).toBe(0);
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
      Store.open(path);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(StoreError);
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
    expect(() => Store.open(path)).toThrow(path);
    expect(() => Store.open(path)).toThrow(/no budget-chat application id/);
  });

  test("a file that is not SQLite is refused, naming the path", () => {
    const path = join(tempDir(), "notes.txt");
    writeFileSync(path, "these are not the bytes you are looking for\n".repeat(20));
    const before = readFileSync(path);
    expect(() => Store.open(path)).toThrow(StoreError);
    expect(() => Store.open(path)).toThrow(`${path} is not a SQLite database`);
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  test("a directory is refused", () => {
    const dir = tempDir();
    expect(() => Store.open(dir)).toThrow(`app database ${dir} is not a file`);
  });

  test("a database newer than the code is refused with a clear error", () => {
    const path = join(tempDir(), "chat.db");
    Store.open(path).close();
    const raw = new Database(path);
    raw.run(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
    raw.close();
    expect(() => Store.open(path)).toThrow(StoreError);
    expect(() => Store.open(path)).toThrow(`has app schema version ${SCHEMA_VERSION + 1}`);
    expect(() => Store.open(path)).toThrow(/newer budget-chat/);
  });

  test("18: an import's way (CLI, page, API) is kept, and imports made before take theirs from their audit entries", () => {
    const path = join(tempDir(), "chat.db");
    // A chat.db of schema 17 with three imports: by the page and by the API (both "local"), and by the command line,
    // the first undone through the API; the audit entries are what the importer wrote then.
    const raw = new Database(path, { create: true });
    for (const sql of MIGRATIONS.slice(0, 17)) raw.run(sql);
    raw.run(`PRAGMA user_version = 17`);
    raw.run(`PRAGMA application_id = ${APPLICATION_ID}`);
    const add = raw.prepare("INSERT INTO imports (batch, file, format, rows, imported_at, imported_by, undone_at, undone_by) VALUES (?, ?, 'csv', 1, '2026-11-01T00:00:00Z', ?, ?, ?)");
    add.run("a.csv@1", "a.csv", "local", "2026-11-02T00:00:00Z", "local");
    add.run("b.csv@2", "b.csv", "local", null, null);
    add.run("c.csv@3", "c.csv", "cli", null, null);
    const audit = raw.prepare("INSERT INTO audit_log (at, user_id, kind, detail) VALUES ('2026-11-01T00:00:00Z', 'local', ?, ?)");
    audit.run("write", JSON.stringify({ import: "a.csv@1", via: "page", by: "local" }));
    audit.run("write", JSON.stringify({ import: "b.csv@2", via: "api", by: "local" }));
    audit.run("undo", JSON.stringify({ import: "a.csv@1", via: "api", by: "local", deleted: 1 }));
    raw.close();
    const store = Store.open(path);
    expect(store.schemaVersion()).toBe(18);
    expect(store.db.query("SELECT batch, imported_via, undone_via FROM imports ORDER BY batch").all()).toEqual([
      { batch: "a.csv@1", imported_via: "page", undone_via: "api" },
      { batch: "b.csv@2", imported_via: "api", undone_via: null },
      { batch: "c.csv@3", imported_via: "cli", undone_via: null },
    ]);
    store.close();
  });

  test("an empty existing file is initialised", () => {
    const path = join(tempDir(), "empty.db");
    writeFileSync(path, "");
    const a = Store.open(path);
    expect(a.schemaVersion()).toBe(SCHEMA_VERSION);
    a.close();
  });
});

describe("users, login tokens and sessions", () => {
  test("addUser, listUsers, userCount, duplicates and bad names", () => {
    const a = Store.memory();
    const { user, loginToken } = a.users.add("  alice ");
    expect(user.name).toBe("alice");
    expect(loginToken.length).toBeGreaterThanOrEqual(40);
    a.users.add("bob");
    expect(a.users.count()).toBe(2);
    expect(a.users.list().map((u) => u.name)).toEqual(["alice", "bob"]);
    expect(a.users.byName("alice")?.id).toBe(user.id);
    expect(() => a.users.add("alice")).toThrow("user already exists: alice");
    expect(() => a.users.add("   ")).toThrow(StoreError);
    expect(() => a.users.add("a\u0000b")).toThrow(StoreError);
    expect(a.users.count()).toBe(2);
  });

  test("a login token is single-use", () => {
    const a = Store.memory();
    const { user, loginToken } = a.users.add("alice");
    expect(a.users.consumeLoginToken(loginToken)?.id).toBe(user.id);
    expect(a.users.consumeLoginToken(loginToken)).toBeNull();
    expect(a.users.consumeLoginToken("not-a-token")).toBeNull();
    expect(a.users.consumeLoginToken("")).toBeNull();
    // A lost link: a new token for the same user.
    const again = a.users.issueLoginToken("alice")!;
    expect(again).not.toBe(loginToken);
    expect(a.users.consumeLoginToken(again)?.name).toBe("alice");
    expect(a.users.issueLoginToken("nobody")).toBeNull();
  });

  test("a login token older than maxAgeMs is refused", () => {
    const c = clock();
    const a = Store.memory({ now: c.now });
    const { loginToken } = a.users.add("alice");
    c.advance(2 * 3600_000);
    expect(a.users.consumeLoginToken(loginToken, 3600_000)).toBeNull();
    expect(a.users.consumeLoginToken(loginToken, 3 * 3600_000)?.name).toBe("alice");
  });

  test("tokens and session ids are stored only as SHA-256 hex: the raw values are nowhere in the file", () => {
    const path = join(tempDir(), "chat.db");
    const a = Store.open(path);
    const { user, loginToken } = a.users.add("alice");
    const unused = a.users.issueLoginToken("alice")!;
    expect(a.users.consumeLoginToken(loginToken)?.id).toBe(user.id);
    const session = a.sessions.create(user.id, 3600_000);
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
    const a = Store.memory({ now: c.now });
    const { user } = a.users.add("alice");
    const s = a.sessions.create(user.id, 60_000);
    expect(a.sessions.user(s)?.id).toBe(user.id);
    expect(a.sessions.user("nope")).toBeNull();
    expect(a.sessions.user("")).toBeNull();
    c.advance(59_999);
    expect(a.sessions.user(s)?.id).toBe(user.id);
    c.advance(1);
    expect(a.sessions.user(s)).toBeNull();
    expect(a.sessions.deleteExpired()).toBe(1);

    const s2 = a.sessions.create(user.id, 60_000);
    expect(a.sessions.delete(s2)).toBe(true);
    expect(a.sessions.user(s2)).toBeNull();
  });

  test("removeUser cascades to their sessions and login tokens", () => {
    const a = Store.memory();
    const alice = a.users.add("alice");
    const bob = a.users.add("bob");
    const aliceSession = a.sessions.create(alice.user.id, 3600_000);
    const bobSession = a.sessions.create(bob.user.id, 3600_000);
    expect(a.users.remove("alice")).toBe(true);
    expect(a.users.remove("alice")).toBe(false);
    expect(a.users.count()).toBe(1);
    expect(a.sessions.user(aliceSession)).toBeNull();
    expect(a.users.consumeLoginToken(alice.loginToken)).toBeNull();
    expect(a.sessions.user(bobSession)?.name).toBe("bob");
    const count = (sql: string) => (a.db.query(sql).get() as { n: number }).n;
    expect(count("SELECT count(*) AS n FROM sessions")).toBe(1);
    expect(count("SELECT count(*) AS n FROM login_tokens")).toBe(1);
  });
});

describe("conversations and messages", () => {
  test("conversations are isolated between users", () => {
    const a = Store.memory();
    const mine = a.conversations.create("alice", "Alice's");
    const theirs = a.conversations.create("bob", "Bob's");
    expect(a.conversations.get("alice", mine.id)?.title).toBe("Alice's");
    expect(a.conversations.get("alice", theirs.id)).toBeNull();
    expect(a.conversations.get("bob", mine.id)).toBeNull();
    expect(a.conversations.list("alice").map((c) => c.id)).toEqual([mine.id]);
    expect(a.conversations.rename("bob", mine.id, "hijacked")).toBe(false);
    expect(a.conversations.delete("bob", mine.id)).toBe(false);
    expect(a.conversations.get("alice", mine.id)?.title).toBe("Alice's");
    expect(a.conversations.rename("alice", mine.id, "  Renamed\n title ")).toBe(true);
    expect(a.conversations.get("alice", mine.id)?.title).toBe("Renamed title");
    expect(a.conversations.delete("alice", mine.id)).toBe(true);
    expect(a.conversations.get("alice", mine.id)).toBeNull();
    expect(a.conversations.delete("alice", mine.id)).toBe(false);
  });

  test("listConversations is newest first by updated_at; touch and new messages move one up", () => {
    const c = clock();
    const a = Store.memory({ now: c.now });
    const first = a.conversations.create("local", "first");
    c.advance(1000);
    const second = a.conversations.create("local", "second");
    c.advance(1000);
    const third = a.conversations.create("local");
    expect(third.title).toBe("New chat");
    expect(a.conversations.list("local").map((x) => x.id)).toEqual([third.id, second.id, first.id]);
    c.advance(1000);
    a.conversations.touch(first.id);
    expect(a.conversations.list("local").map((x) => x.id)).toEqual([first.id, third.id, second.id]);
    c.advance(1000);
    a.messages.append(second.id, null, [{ role: "user", content: "hi" }]);
    expect(a.conversations.list("local").map((x) => x.id)).toEqual([second.id, first.id, third.id]);
    expect(a.conversations.list("local", 1)).toHaveLength(1);
  });

  test("messages are stored exactly and listed in order", () => {
    const a = Store.memory();
    const conv = a.conversations.create("local", "t");
    const turnId = a.turns.start({ conversationId: conv.id, userId: "local", model: "m", question: "q" });
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
    const ids = a.messages.append(conv.id, turnId, [{ role: "user", content: [{ type: "text", text: "q" }] }, assistant, results]);
    expect(ids).toHaveLength(3);
    expect(ids[0]! < ids[1]! && ids[1]! < ids[2]!).toBe(true);
    a.messages.append(conv.id, turnId, [{ role: "assistant", content: "plain string content" }]);
    const listed = a.messages.list(conv.id);
    expect(listed.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(listed[1]!.content).toEqual(assistant.content);
    expect(listed[2]!.content).toEqual(results.content);
    expect(listed[3]!.content).toBe("plain string content");
    expect(listed.every((m) => m.turnId === turnId && m.conversationId === conv.id)).toBe(true);
    expect(a.messages.list(conv.id).length).toBe(4);
    expect(a.messages.append(conv.id, turnId, [])).toEqual([]);
  });

  test("appendMessages is one transaction: a bad message stores none", () => {
    const a = Store.memory();
    const conv = a.conversations.create("local");
    expect(() =>
      a.messages.append(conv.id, null, [
        { role: "user", content: "ok" },
        { role: "system" as "user", content: "bad role" },
      ]),
    ).toThrow("cannot store a 'system' message");
    expect(a.messages.list(conv.id).length).toBe(0);
    // A failure on the second insert rolls back the first: nothing half-stored.
    a.db.run("CREATE TRIGGER fail_second BEFORE INSERT ON messages WHEN new.content = '\"boom\"' BEGIN SELECT RAISE(ABORT, 'boom'); END");
    expect(() => a.messages.append(conv.id, null, [{ role: "user", content: "ok" }, { role: "assistant", content: "boom" }])).toThrow("boom");
    expect(a.messages.list(conv.id).length).toBe(0);
  });

  test("deleting a conversation cascades to messages, turns and turn events; memories stay", () => {
    const a = Store.memory();
    const conv = a.conversations.create("local", "doomed");
    const keep = a.conversations.create("local", "kept");
    const t = a.turns.start({ conversationId: conv.id, userId: "local", model: "m", question: "q" });
    const k = a.turns.start({ conversationId: keep.id, userId: "local", model: "m", question: "q" });
    a.messages.append(conv.id, t, [{ role: "user", content: "q" }]);
    a.messages.append(keep.id, k, [{ role: "user", content: "q" }]);
    a.turns.appendEvents(t, [{ type: "text", text: "hello" }]);
    a.turns.appendEvents(k, [{ type: "text", text: "hello" }]);
    const mem = a.memories.add("local", conv.id, "Summary of the doomed conversation");
    expect(a.conversations.delete("local", conv.id)).toBe(true);
    expect(a.messages.list(conv.id).length).toBe(0);
    expect(a.turns.get(t)).toBeNull();
    expect(a.turns.events(t)).toEqual([]);
    expect(a.turns.list(conv.id)).toEqual([]);
    const count = (sql: string) => (a.db.query(sql).get() as { n: number }).n;
    expect(count("SELECT count(*) AS n FROM messages")).toBe(1);
    expect(count("SELECT count(*) AS n FROM turns")).toBe(1);
    expect(count("SELECT count(*) AS n FROM turn_events")).toBe(1);
    expect(a.memories.list("local").find((m) => m.id === mem)?.conversationId).toBeNull();
  });

  test("a deleted conversation can be restored until it is purged; purging cascades like a delete", () => {
    let now = new Date("2026-11-24T10:00:00Z");
    const a = Store.memory({ now: () => now });
    const conv = a.conversations.create("local", "oops");
    const t = a.turns.start({ conversationId: conv.id, userId: "local", model: "m", question: "q" });
    a.messages.append(conv.id, t, [{ role: "user", content: "q" }]);
    expect(a.conversations.softDelete("bob", conv.id)).toBeNull(); // another user's: nothing
    expect(a.conversations.softDelete("local", conv.id)?.title).toBe("oops");
    expect(a.conversations.softDelete("local", conv.id)).toBeNull(); // once
    expect(a.conversations.get("local", conv.id)).toBeNull();
    expect(a.conversations.list("local")).toEqual([]);
    expect(a.conversations.deleted("local", conv.id)?.id).toBe(conv.id);
    expect(a.conversations.restore("local", conv.id)).toBe(true);
    expect(a.conversations.restore("local", conv.id)).toBe(false);
    expect(a.conversations.list("local").map((c) => c.title)).toEqual(["oops"]);
    expect(a.messages.list(conv.id)).toHaveLength(1);
    // Deleted again at 10:00; a purge of what was deleted before 09:59 keeps it, one up to 10:00 removes it for good.
    a.conversations.softDelete("local", conv.id);
    now = new Date("2026-11-24T10:00:10Z");
    expect(a.conversations.purgeDeleted(new Date("2026-11-24T09:59:00Z"))).toBe(0);
    expect(a.conversations.purgeDeleted(new Date("2026-11-24T10:00:00Z"))).toBe(1);
    expect(a.conversations.restore("local", conv.id)).toBe(false);
    expect(a.messages.list(conv.id)).toEqual([]);
    expect(a.turns.get(t)).toBeNull();
  });

  test("search finds conversations by title or by any message's text (questions and answers), case-insensitively; % and _ are literal", () => {
    const a = Store.memory();
    const title = a.conversations.create("local", "Groceries in 2025");
    const body = a.conversations.create("local", "Something else");
    const other = a.conversations.create("bob", "Groceries too");
    const t = a.turns.start({ conversationId: body.id, userId: "local", model: "m", question: "q" });
    a.messages.append(body.id, t, [
      { role: "user", content: [{ type: "text", text: "How much at the FRESSNAPF pet shop in Zürich?" }] },
      { role: "assistant", content: [{ type: "text", text: "You spent 100% of it on cat food." }, { type: "tool_use", id: "x", name: "search_transactions", input: { search: "groceries" } }] },
    ]);
    expect(a.conversations.search("local", "groceries")).toEqual([title.id]); // a tool's input is not message text
    expect(a.conversations.search("local", "fressnapf")).toEqual([body.id]);
    expect(a.conversations.search("local", "cat food")).toEqual([body.id]);
    expect(a.conversations.search("local", "100%")).toEqual([body.id]);
    expect(a.conversations.search("local", "10_%")).toEqual([]);
    // Folded as every search (SPEC §1, round 4): the question says "Zürich".
    expect(a.conversations.search("local", "zuerich")).toEqual([body.id]);
    expect(a.conversations.search("local", "ZURICH")).toEqual([body.id]);
    expect(a.conversations.search("bob", "fressnapf")).toEqual([]);
    expect(a.conversations.search("bob", "groceries")).toEqual([other.id]);
    a.conversations.softDelete("local", body.id);
    expect(a.conversations.search("local", "fressnapf")).toEqual([]);
  });
});

describe("turns", () => {
  test("start, events, finish, listTurns and usage", () => {
    const c = clock();
    const a = Store.memory({ now: c.now });
    const conv = a.conversations.create("local");
    const t1 = a.turns.start({ conversationId: conv.id, userId: "local", model: "claude-sonnet", question: "How much on food?" });
    expect(a.turns.get(t1)!.status).toBe("running");
    const first: AgentEvent[] = [
      { type: "turn_started", conversationId: conv.id, turnId: t1 },
      { type: "text", text: "You spent " },
    ];
    a.turns.appendEvents(t1, first);
    a.turns.appendEvents(t1, [{ type: "text", text: "CHF 12." }]);
    a.turns.appendEvents(t1, []);
    c.advance(5000);
    a.turns.finish(t1, { status: "done", usage: usage(100, 20, 5, 50), incomplete: false });
    c.advance(1000);
    const t2 = a.turns.start({ conversationId: conv.id, userId: "local", model: "claude-haiku", question: "And rent?" });
    a.turns.finish(t2, { status: "error", usage: usage(10, 0), error: "overloaded", incomplete: true });

    const turn = a.turns.get(t1)!;
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
    expect(a.turns.get(t2)).toMatchObject({ status: "error", error: "overloaded", incomplete: true });
    expect(a.turns.get("missing")).toBeNull();

    const turns = a.turns.list(conv.id);
    expect(turns.map((t) => t.id)).toEqual([t1, t2]);
    // Text that follows stored text extends it (one row per text block, however many deltas).
    expect(turns[0]!.events).toEqual([first[0]!, { type: "text", text: "You spent CHF 12." }]);
    expect(turns[1]!.events).toEqual([]);
    expect(a.turns.events(t1)).toHaveLength(2);

    expect(a.usage.ofConversation(conv.id)).toEqual({ turns: 2, ...usage(110, 20, 5, 50) });
    expect(a.usage.byModel()).toEqual([
      { model: "claude-haiku", turns: 1, ...usage(10, 0) },
      { model: "claude-sonnet", turns: 1, ...usage(100, 20, 5, 50) },
    ]);
    expect(a.usage.byModel({ since: "2025-03-01T12:00:01.000Z" })).toEqual([{ model: "claude-haiku", turns: 1, ...usage(10, 0) }]);
    expect(a.usage.byModel({ userId: "someone-else" })).toEqual([]);
    expect(a.usage.ofConversation("none")).toEqual({ turns: 0, ...usage(0, 0) });
  });

  test("display events carry their format; an event written by a newer build is not guessed at", () => {
    const a = Store.memory();
    const conv = a.conversations.create("local", "c");
    const t = a.turns.start({ conversationId: conv.id, userId: "local", model: "m", question: "q" });
    a.turns.appendEvents(t, [{ type: "text", text: "hello" }]);
    expect(a.db.query("SELECT format FROM turn_events").all()).toEqual([{ format: TURN_EVENT_FORMAT }]);
    a.db.run(`INSERT INTO turn_events (turn_id, seq, event, format) VALUES (?, 2, '{"type":"sparkle"}', ?)`, [t, TURN_EVENT_FORMAT + 1]);
    expect(a.turns.events(t)).toEqual([
      { type: "text", text: "hello" },
      { type: "notice", kind: "incomplete", message: "Part of this answer was stored by a newer budget-chat and cannot be shown." },
    ]);
  });

  test("a table stored in format 1 (no column kinds, the row total in its title) is shown as it was", () => {
    const a = Store.memory();
    const conv = a.conversations.create("local", "c");
    const t = a.turns.start({ conversationId: conv.id, userId: "local", model: "m", question: "q" });
    const old = {
      type: "table",
      toolId: "x",
      table: { title: "Transactions: 2 of 1'312", columns: ["Date", "Amount", "Currency", "Merchant", "Payments"], rows: [["2025-01-02", -5, "EUR", "Coop", 3], ["2025-01-01", 7.5, "CHF", "Aldi", null]] },
    };
    a.db.run(`INSERT INTO turn_events (turn_id, seq, event, format) VALUES (?, 1, ?, 1)`, [t, JSON.stringify(old)]);
    expect(a.turns.events(t)).toEqual([{ ...old, table: { ...old.table, kinds: ["text", "money", "currency", "text", "number"], totalRows: 1312 } }] as never);
  });

  test("closeInterruptedTurns repairs a dangling tool_use", () => {
    const a = Store.memory();
    const conv = a.conversations.create("local");
    const t = a.turns.start({ conversationId: conv.id, userId: "local", model: "m", question: "Move Migros to Groceries" });
    a.messages.append(conv.id, t, [
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
    const approval = a.approvals.create({
      userId: "local",
      conversationId: conv.id,
      turnId: t,
      toolUseId: "toolu_a",
      tool: "recategorise_transactions",
      args: { merchant: "Migros", to: "Groceries" },
      preview,
      ttlMs: 600_000,
    });

    expect(closeInterruptedTurns(a)).toBe(1);
    const msgs = a.messages.list(conv.id);
    expect(msgs).toHaveLength(4);
    expect(msgs[2]!.role).toBe("user");
    expect(msgs[2]!.turnId).toBe(t);
    expect(msgs[2]!.content).toEqual([
      { type: "tool_result", tool_use_id: "toolu_a", is_error: true, content: "interrupted" },
      { type: "tool_result", tool_use_id: "toolu_b", is_error: true, content: "interrupted" },
    ]);
    expect(msgs[3]!.role).toBe("assistant");
    expect(msgs[3]!.content).toEqual([{ type: "text", text: INTERRUPTED_ANSWER }]);

    const turn = a.turns.list(conv.id)[0]!;
    expect(turn.status).toBe("interrupted");
    expect(turn.incomplete).toBe(true);
    expect(turn.endedAt).not.toBeNull();
    expect(turn.events.map((e) => e.type)).toEqual(["error", "done"]);
    // The approval the turn was waiting on can no longer be approved.
    expect(a.approvals.get("local", approval.id)?.status).toBe("expired");
    expect(a.approvals.decide("local", approval.id, "approved")).toBeNull();
    expect(a.audit.list({ kind: "approval_expired" })).toHaveLength(1);
    expect(a.audit.list({ kind: "turn" })[0]!.detail).toMatchObject({ turnId: t, status: "interrupted" });

    // Idempotent.
    expect(closeInterruptedTurns(a)).toBe(0);
    expect(a.messages.list(conv.id)).toHaveLength(4);
  });

  test("closeInterruptedTurns answers an unanswered user message, and leaves finished conversations alone", () => {
    const a = Store.memory();
    const conv = a.conversations.create("local");
    const done = a.turns.start({ conversationId: conv.id, userId: "local", model: "m", question: "first" });
    a.messages.append(conv.id, done, [
      { role: "user", content: [{ type: "text", text: "first" }] },
      { role: "assistant", content: [{ type: "text", text: "answer" }] },
    ]);
    a.turns.finish(done, { status: "done", usage: usage(1, 1), incomplete: false });
    const t = a.turns.start({ conversationId: conv.id, userId: "local", model: "m", question: "second" });
    a.messages.append(conv.id, t, [{ role: "user", content: [{ type: "text", text: "second" }] }]);

    const other = a.conversations.create("local");
    const ok = a.turns.start({ conversationId: other.id, userId: "local", model: "m", question: "q" });
    a.messages.append(other.id, ok, [
      { role: "user", content: "q" },
      { role: "assistant", content: [{ type: "text", text: "a" }] },
    ]);
    a.turns.finish(ok, { status: "done", usage: usage(1, 1), incomplete: false });

    // A running turn that crashed after a complete tool round (history ends with tool results).
    const third = a.conversations.create("local");
    const t3 = a.turns.start({ conversationId: third.id, userId: "local", model: "m", question: "q3" });
    a.messages.append(third.id, t3, [
      { role: "user", content: "q3" },
      { role: "assistant", content: [{ type: "tool_use", id: "toolu_x", name: "t", input: {} }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_x", content: "{}" }] },
    ]);

    // A running turn that never stored anything.
    const empty = a.conversations.create("local");
    a.turns.start({ conversationId: empty.id, userId: "local", model: "m", question: "q" });

    expect(closeInterruptedTurns(a)).toBe(3);
    const msgs = a.messages.list(conv.id);
    expect(msgs.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(msgs[3]!.content).toEqual([{ type: "text", text: "(This answer was interrupted.)" }]);
    expect(msgs[3]!.turnId).toBe(t);
    expect(a.turns.get(done)!.status).toBe("done");
    expect(a.messages.list(other.id)).toHaveLength(2);
    expect(a.messages.list(third.id).map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(a.messages.list(empty.id).length).toBe(0);
  });
});

describe("approvals and writes", () => {
  function setup() {
    const c = clock();
    const a = Store.memory({ now: c.now });
    const conv = a.conversations.create("alice");
    const turnId = a.turns.start({ conversationId: conv.id, userId: "alice", model: "m", question: "q" });
    const make = (ttlMs = 600_000) =>
      a.approvals.create({
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
    const got = a.approvals.get("alice", ap.id)!;
    expect(got.args).toEqual({ merchant: "Migros", to_category: "Groceries", year: 2024 });
    expect(got.preview).toEqual(preview);
    expect(got.result).toBeNull();
    expect(a.approvals.get("bob", ap.id)).toBeNull();
    expect(a.approvals.list("alice", { status: "pending" }).map((x) => x.id)).toEqual([ap.id]);
    expect(a.approvals.list("bob")).toEqual([]);
    const fixed = a.approvals.create({ ...got, expiresAt: "2025-03-01T13:00:00Z" });
    expect(fixed.expiresAt).toBe("2025-03-01T13:00:00.000Z");
  });

  test("decideApproval is single-shot: a second decide (or a replay) returns null", () => {
    const { a, c, make } = setup();
    const ap = make();
    c.advance(10_000);
    const decided = a.approvals.decide("alice", ap.id, "approved", c.now())!;
    expect(decided.status).toBe("approved");
    expect(decided.decidedAt).toBe("2025-03-01T12:00:10.000Z");
    expect(a.approvals.decide("alice", ap.id, "approved", c.now())).toBeNull();
    expect(a.approvals.decide("alice", ap.id, "rejected", c.now())).toBeNull();
    expect(a.approvals.get("alice", ap.id)!.status).toBe("approved");

    const rej = make();
    expect(a.approvals.decide("alice", rej.id, "rejected")!.status).toBe("rejected");
    expect(a.approvals.decide("alice", rej.id, "approved")).toBeNull();
  });

  test("two connections deciding the same approval: exactly one wins", () => {
    const path = join(tempDir(), "chat.db");
    const one = Store.open(path);
    const two = Store.open(path);
    const conv = one.conversations.create("alice");
    const turnId = one.turns.start({ conversationId: conv.id, userId: "alice", model: "m", question: "q" });
    const ap = one.approvals.create({ userId: "alice", conversationId: conv.id, turnId, toolUseId: "t", tool: "x", args: {}, preview, ttlMs: 60_000 });
    const results = [two.approvals.decide("alice", ap.id, "approved"), one.approvals.decide("alice", ap.id, "approved")];
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    one.close();
    two.close();
  });

  test("another user cannot decide an approval", () => {
    const { a, make } = setup();
    const ap = make();
    expect(a.approvals.decide("bob", ap.id, "approved")).toBeNull();
    expect(a.approvals.get("alice", ap.id)!.status).toBe("pending");
    expect(a.approvals.decide("alice", "no-such-id", "approved")).toBeNull();
  });

  test("decideApproval refuses after expiry, and expireApproval expires it once with an audit entry", () => {
    const { a, c, conv, make } = setup();
    const short = make(60_000);
    const long = make(600_000);
    c.advance(60_000); // exactly at expires_at: too late
    expect(a.approvals.decide("alice", short.id, "approved", c.now())).toBeNull();
    expect(a.approvals.get("alice", short.id)!.status).toBe("pending");
    expect(a.approvals.expire(short.id, "timeout", c.now())?.id).toBe(short.id);
    expect(a.approvals.get("alice", short.id)!.status).toBe("expired");
    expect(a.approvals.expire(short.id, "timeout", c.now().toISOString())).toBeNull();
    const audit = a.audit.list({ kind: "approval_expired" });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId: "alice", conversationId: conv.id, detail: { approvalId: short.id, reason: "timeout" } });
    // The long one is still decidable.
    expect(a.approvals.decide("alice", long.id, "approved", c.now())?.status).toBe("approved");
  });

  test("markExecuted / markUndone only move forward once; writes record before/after and undo once", () => {
    const { a, make } = setup();
    const ap = make();
    expect(a.approvals.markExecuted(ap.id, { rows: 3 })).toBe(false); // still pending
    a.approvals.decide("alice", ap.id, "approved");
    expect(a.approvals.markExecuted(ap.id, { rows: 3 })).toBe(true);
    expect(a.approvals.markExecuted(ap.id, { rows: 3 })).toBe(false);
    expect(a.approvals.get("alice", ap.id)).toMatchObject({ status: "executed", result: { rows: 3 } });

    const before = [
      { id: 1, category: "Shopping", source: "llm", confidence: 0.7 },
      { id: 2, category: "Shopping", source: "cache", confidence: 0.95 },
    ];
    const after = before.map((r) => ({ ...r, category: "Groceries", source: "manual", confidence: 1 }));
    const w = a.approvals.recordWrite(ap.id, before, after);
    expect(w.approvalId).toBe(ap.id);
    expect(a.approvals.getWrite(ap.id)).toMatchObject({ before, after, undoneAt: null });
    expect(() => a.approvals.recordWrite(ap.id, before, after)).toThrow(); // one write per approval
    expect(a.approvals.getWrite("nope")).toBeNull();

    expect(a.approvals.markWriteUndone(ap.id)).toBe(true);
    expect(a.approvals.markWriteUndone(ap.id)).toBe(false);
    expect(a.approvals.getWrite(ap.id)!.undoneAt).not.toBeNull();
    expect(a.approvals.markUndone(ap.id)).toBe(true);
    expect(a.approvals.markUndone(ap.id)).toBe(false);
    expect(a.approvals.get("alice", ap.id)!.status).toBe("undone");
  });
});

describe("audit log", () => {
  test("filters by user, since and kind; newest first; limit", () => {
    const c = clock("2025-01-01T00:00:00.000Z");
    const a = Store.memory({ now: c.now });
    a.audit.add({ kind: "login", userId: "alice", detail: { ok: true } });
    c.advance(1000);
    a.audit.add({ kind: "turn", userId: "bob", conversationId: "c1", detail: { model: "m" } });
    c.advance(1000);
    a.audit.add({ kind: "tool_call", userId: "alice", conversationId: "c2", detail: { tool: "x", ok: true } });
    c.advance(1000);
    a.audit.add({ kind: "security", detail: { reason: "foreign origin" } });
    a.audit.add({ kind: "write", userId: "alice", at: "2024-12-31T00:00:00Z" });

    expect(a.audit.list().map((e) => e.kind)).toEqual(["security", "tool_call", "turn", "login", "write"]);
    expect(a.audit.list({ userId: "alice" }).map((e) => e.kind)).toEqual(["tool_call", "login", "write"]);
    expect(a.audit.list({ since: "2025-01-01T00:00:01.000Z" }).map((e) => e.kind)).toEqual(["security", "tool_call", "turn"]);
    expect(a.audit.list({ userId: "alice", since: new Date("2025-01-01T00:00:00.000Z") }).map((e) => e.kind)).toEqual([
      "tool_call",
      "login",
    ]);
    expect(a.audit.list({ kind: "turn" })[0]).toMatchObject({ userId: "bob", conversationId: "c1", detail: { model: "m" } });
    expect(a.audit.list({ limit: 2 })).toHaveLength(2);
    expect(a.audit.list({ userId: "carol" })).toEqual([]);
    expect(a.audit.list({ kind: "security" })[0]).toMatchObject({ userId: null, conversationId: null });
    expect(a.audit.list({ kind: "write" })[0]!.detail).toEqual({});
    expect(() => a.audit.add({ kind: "bogus" as "turn" })).toThrow();
  });
});

describe("memories", () => {
  let a: Store;
  let ids: Record<"rent" | "groceries" | "approve" | "travel" | "bobs", number>;
  beforeEach(() => {
    a = Store.memory();
    ids = {
      rent: a.memories.add("alice", null, "Alice pays rent of CHF 2'100 on the 25th; rent is a fixed cost."),
      groceries: a.memories.add("alice", null, "Alice wants Migros and Coop purchases counted as groceries, not shopping."),
      approve: a.memories.add("alice", null, "Alice said to always approve recategorising Migros transactions."),
      travel: a.memories.add("alice", null, "Trips to Italy in summer are holidays."),
      bobs: a.memories.add("bob", null, "Bob's groceries come from Lidl."),
    };
  });

  test("FTS search ranks the relevant memory first", () => {
    const hits = a.memories.search("alice", ftsQuery("How much did I spend on groceries at Migros?")!, 5);
    expect(hits[0]!.id).toBe(ids.groceries);
    expect(hits[0]!.score).toBeLessThan(0); // bm25: lower is better
    expect(hits.map((h) => h.id)).not.toContain(ids.bobs);
    expect(a.memories.search("alice", ftsQuery("rent")!, 5).map((h) => h.id)).toEqual([ids.rent]);
    // porter stemming: "holiday" finds "holidays"
    expect(a.memories.search("alice", ftsQuery("holiday")!, 5).map((h) => h.id)).toEqual([ids.travel]);
    expect(a.memories.search("alice", ftsQuery("groceries")!, 1)).toHaveLength(1);
  });

  test("punctuation and FTS syntax in the query cannot break the search", () => {
    expect(a.memories.search("alice", ftsQuery('"approve" OR (')!, 5)[0]!.id).toBe(ids.approve);
    for (const q of ['"', "(", ")", "*", "NEAR(", "a:b", "-rent", "^rent", "rent AND", "NOT", "'", '""""', "{rent}", "rent*"]) {
      const match = ftsQuery(q);
      // No words, no query (recall then finds nothing); any words make a query that runs.
      if (match === null) expect(q.match(/[\p{L}\p{N}]/u)).toBeNull();
      else expect(() => a.memories.search("alice", match, 5)).not.toThrow();
    }
    expect(a.memories.search("alice", ftsQuery("-rent")!, 5).map((h) => h.id)).toEqual([ids.rent]);
    expect(ftsQuery('"approve" OR (')).toBe('"approve"');
    expect(ftsQuery("How much did I spend on Groceries?")).toBe('"spend" OR "groceries"');
    expect(ftsQuery("what is it")).toBe('"what" OR "is" OR "it"'); // nothing but common words: keep them
  });

  test("an empty or wordless question has no FTS query (recall finds nothing)", () => {
    expect(ftsQuery("")).toBeNull();
    expect(ftsQuery("   ")).toBeNull();
    expect(ftsQuery('?! ( )!) "')).toBeNull();
  });

  test("search is isolated by user", () => {
    expect(a.memories.search("bob", ftsQuery("groceries Migros")!, 5).map((h) => h.id)).toEqual([ids.bobs]);
    expect(a.memories.search("carol", ftsQuery("groceries")!, 5)).toEqual([]);
    expect(a.memories.search("bob", ftsQuery("rent")!, 5)).toEqual([]);
  });

  test("list, delete (own only) removes from search", () => {
    expect(a.memories.list("alice").map((m) => m.id)).toEqual([ids.travel, ids.approve, ids.groceries, ids.rent]);
    expect(a.memories.list("alice", "MIGROS").map((m) => m.id)).toEqual([ids.approve, ids.groceries]);
    expect(a.memories.list("alice", "100%")).toEqual([]);
    // Folded as every search (SPEC §1): "Trips" … "Italy"; "ITALÏ" and "itali" fold alike.
    expect(a.memories.list("alice", "ITALŸ").map((m) => m.id)).toEqual([ids.travel]);
    expect(a.memories.delete("bob", ids.groceries!)).toBe(false);
    expect(a.memories.delete("alice", ids.groceries!)).toBe(true);
    expect(a.memories.delete("alice", ids.groceries!)).toBe(false);
    expect(a.memories.search("alice", ftsQuery("groceries Coop")!, 5).map((h) => h.id)).not.toContain(ids.groceries);
    expect(a.memories.search("alice", ftsQuery("Coop")!, 5)).toEqual([]);
    expect(a.memories.list("alice")).toHaveLength(3);
    // The FTS index agrees with the table.
    a.db.run("INSERT INTO memories_fts(memories_fts) VALUES ('integrity-check')");
  });

  test("the FTS index follows content updates", () => {
    a.db.query("UPDATE memories SET content = ? WHERE id = ?").run("Alice now rents a garage too.", ids.travel!);
    expect(a.memories.search("alice", ftsQuery("Italy")!, 5)).toEqual([]);
    expect(a.memories.search("alice", ftsQuery("garage")!, 5).map((h) => h.id)).toEqual([ids.travel]);
    a.db.run("INSERT INTO memories_fts(memories_fts) VALUES ('integrity-check')");
  });

  test("embeddings round-trip as Float32Array, per user and model, and cascade on delete", () => {
    const v = new Float32Array([0.25, -1.5, 3.125, 1e-7]);
    a.memories.setEmbedding(ids.rent!, "embed-1", v);
    a.memories.setEmbedding(ids.groceries!, "embed-1", new Float32Array([1, 2, 3, 4]));
    a.memories.setEmbedding(ids.bobs!, "embed-1", new Float32Array([9, 9, 9, 9]));
    // Replace (a subarray view with a byte offset).
    const big = new Float32Array([7, 0.5, 0.25, 0.125, 0.0625]);
    a.memories.setEmbedding(ids.groceries!, "embed-2", big.subarray(1));

    const all = a.memories.embeddings("alice");
    expect(all.map((e) => e.memoryId)).toEqual([ids.rent, ids.groceries]);
    expect(all[0]!.vector).toBeInstanceOf(Float32Array);
    expect([...all[0]!.vector]).toEqual([...v]);
    expect(all[0]!.content).toContain("rent");
    expect([...all[1]!.vector]).toEqual([0.5, 0.25, 0.125, 0.0625]);
    expect(all[1]!.model).toBe("embed-2");
    expect(a.memories.embeddings("alice", "embed-1").map((e) => e.memoryId)).toEqual([ids.rent]);
    expect(a.memories.withoutEmbedding("alice").map((m) => m.id)).toEqual([ids.approve, ids.travel]);
    expect(a.memories.withoutEmbedding("alice", "embed-1").map((m) => m.id)).toEqual([ids.groceries, ids.approve, ids.travel]);

    a.memories.delete("alice", ids.rent!);
    expect(a.memories.embeddings("alice").map((e) => e.memoryId)).toEqual([ids.groceries]);
  });
});

test("the live schema's CHECK lists are the vocabularies of src/core/vocab.ts", () => {
  const a = Store.memory();
  const sql = (table: string) => (a.db.query("SELECT sql FROM sqlite_schema WHERE name = ?").get(table) as { sql: string }).sql;
  const check = (table: string, column: string) => {
    const m = new RegExp(`${column} TEXT NOT NULL CHECK \\(${column} IN \\(([^)]*)\\)\\)`).exec(sql(table).replace(/\s+/g, " "));
    return m![1]!.split(",").map((v) => v.trim().replace(/^'|'$/g, ""));
  };
  expect(check("turns", "status")).toEqual([...TURN_STATUSES]);
  expect(check("approvals", "status")).toEqual([...APPROVAL_STATUSES]);
  expect(check("audit_log", "kind")).toEqual([...AUDIT_KINDS]);
  a.close();
});
