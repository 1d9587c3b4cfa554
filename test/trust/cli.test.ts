/** `budget-chat users` and `budget-chat audit` (subprocesses on a temp app database). */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Store } from "../../src/store/store.ts";
import { redact } from "../../src/cli/audit.ts";
import { runCli } from "../support/cli-process.ts";

let dir: string;
let chatDb: string;

const cli = (args: string[], env: Record<string, string> = {}) => runCli(args, { home: dir, env: { CHAT_DATABASE_URL: chatDb, ...env } });

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "bc-cli-"));
  chatDb = join(dir, "chat.db");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("users", () => {
  test("add, link, list, remove; links use BIND_ADDRESS or --base-url; clear errors", async () => {
    expect((await cli(["users", "list"])).stdout).toContain("No users: budget-chat runs in single-user local mode");
    const add = await cli(["users", "add", "dana"], { BIND_ADDRESS: "127.0.0.1:4100" });
    expect(add.code).toBe(0);
    expect(add.stdout).toMatch(/^Added user dana\.\nOne-time login link for dana \(works once, within 24 hours; open it in their browser\):\n  http:\/\/127\.0\.0\.1:4100\/login\?token=[\w-]{43}\n$/);
    const link = await cli(["users", "link", "dana", "--base-url", "https://budget.example.com/"]);
    expect(link.stdout).toMatch(/\n  https:\/\/budget\.example\.com\/login\?token=[\w-]{43}\n$/);
    const defaultBind = await cli(["users", "link", "dana"]);
    expect(defaultBind.stdout).toContain("http://127.0.0.1:3000/login?token=");
    expect((await cli(["users", "list"])).stdout).toMatch(/^NAME  ADDED\ndana  \d{4}-\d\d-\d\dT/);

    const dup = await cli(["users", "add", "dana"]);
    expect(dup).toEqual({ code: 2, stdout: "", stderr: "budget-chat: users add: user already exists: dana (for a new link: budget-chat users link dana)\n" });
    // A name that is not there is bad input (exit 2), like an unknown batch or --user.
    expect(await cli(["users", "link", "nobody"])).toMatchObject({ code: 2, stderr: "budget-chat: users link: no such user: nobody (add one with: budget-chat users add NAME)\n" });
    expect((await cli(["users", "remove", "nobody"])).code).toBe(2);
    expect((await cli(["users"])).code).toBe(2);
    expect((await cli(["users", "frobnicate"])).stderr).toBe('budget-chat: users: unknown action "frobnicate": add, link, list, remove, token or revoke-token\n');
    expect((await cli(["users", "add", "dana", "--base-url", "ftp://x"])).code).toBe(2);

    const removed = await cli(["users", "remove", "dana"]);
    expect(removed.stdout).toBe(
      "Removed user dana; their sessions and login links no longer work.\nNo users left: budget-chat runs in single-user local mode (loopback only).\n",
    );
    const help = await cli(["--help"]);
    expect(help.stdout).toContain("budget-chat users add|link|list|remove NAME");
    expect(help.stdout).toContain("budget-chat audit");
  });

  test("links start with the public address the server is configured with (--public-url / PUBLIC_URL) rather than the bind address", async () => {
    const db = join(dir, "public.db");
    const env = { CHAT_DATABASE_URL: db, BIND_ADDRESS: "0.0.0.0:3000" };
    const add = await cli(["users", "add", "fay"], { ...env, PUBLIC_URL: "https://budget.example.com/" });
    expect(add.stdout).toMatch(/\n  https:\/\/budget\.example\.com\/login\?token=[\w-]{43}\n$/);
    // No note about replacing 127.0.0.1: the link is already the public one.
    expect(add.stdout).not.toContain("127.0.0.1");
    const flag = await cli(["users", "link", "fay", "--public-url", "https://proxy.example.org/budget"], { ...env, PUBLIC_URL: "https://budget.example.com" });
    expect(flag.stdout).toMatch(/\n  https:\/\/proxy\.example\.org\/budget\/login\?token=[\w-]{43}\n$/);
    const bad = await cli(["users", "link", "fay"], { ...env, PUBLIC_URL: "budget.example.com" });
    expect(bad).toEqual({ code: 2, stdout: "", stderr: 'budget-chat: PUBLIC_URL must be an http(s) URL like https://budget.example.com, got "budget.example.com"\n' });
    const help = await cli(["users", "--help"]);
    expect(help.stdout).toContain("--public-url URL");
  });

  test("the first user takes over what single-user mode made: conversations, turns, approvals, memories, audit entries", async () => {
    const db = join(dir, "adopt.db");
    const store = Store.open(db);
    const conv = store.conversations.create("local", "Made before the allowlist");
    const turnId = store.turns.start({ conversationId: conv.id, userId: "local", model: "m", question: "q" });
    store.turns.finish(turnId, { status: "done", incomplete: false, usage: { input_tokens: 0, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 } });
    const approval = store.approvals.create({ userId: "local", conversationId: conv.id, turnId, toolUseId: "t", tool: "set_budget", args: {}, preview: { title: "x", description: "", facts: [] }, ttlMs: 60_000 });
    store.memories.add("local", conv.id, "likes coffee");
    store.audit.add({ kind: "turn", userId: "local", conversationId: conv.id, detail: {} });
    store.close();

    const add = await cli(["users", "add", "gil"], { CHAT_DATABASE_URL: db });
    expect(add.stdout).toStartWith("Added user gil.\ngil takes over the 1 conversation made before there were users.\n");
    // A second user takes over nothing.
    expect((await cli(["users", "add", "hal"], { CHAT_DATABASE_URL: db })).stdout).toStartWith("Added user hal.\nOne-time login link");

    const after = Store.open(db);
    try {
      const gil = after.users.byName("gil")!;
      expect(after.conversations.list(gil.id).map((c) => c.title)).toEqual(["Made before the allowlist"]);
      expect(after.conversations.list("local")).toEqual([]);
      expect(after.turns.get(turnId)!.userId).toBe(gil.id);
      expect(after.approvals.get(gil.id, approval.id)?.id).toBe(approval.id);
      expect(after.memories.list(gil.id).map((m) => m.content)).toEqual(["likes coffee"]);
      expect(after.audit.list({ kind: "turn" }).map((e) => e.userId)).toEqual([gil.id]);
      expect(after.conversations.list(after.users.byName("hal")!.id)).toEqual([]);
    } finally {
      after.close();
    }
  });
});

describe("audit", () => {
  test("one line per entry, oldest first, filtered by --since/--user/--kind, secrets redacted", async () => {
    const store = Store.open(chatDb);
    const erin = store.users.add("erin").user;
    store.audit.add({ kind: "login", userId: erin.id, detail: { via: "login link" }, at: "2030-01-01T10:00:00Z" });
    store.audit.add({
      kind: "turn",
      userId: erin.id,
      conversationId: "c0ffee00-1111-2222-3333-444455556666",
      detail: { turnId: "t1", model: "claude-x", status: "done", usage: { input_tokens: 10, output_tokens: 5, cache_creation_input_tokens: 0, cache_read_input_tokens: 7 }, durationMs: 1234 },
      at: "2030-02-01T10:00:00Z",
    });
    store.audit.add({
      kind: "tool_call",
      userId: "local",
      detail: { tool: "search_transactions", input: { search: "x" }, ok: true, durationMs: 3.4, apiKey: "sk-ant-abcdefghijkl", note: "Bearer abcdefghijklmnop" },
      at: "2030-02-02T10:00:00Z",
    });
    store.audit.add({
      kind: "write",
      userId: erin.id,
      detail: { approvalId: "a1", ok: true, rows: 1, before: [{ id: 7, category: "Dining", source: "llm", confidence: 0.8 }], after: [{ id: 7, category: "Groceries", source: "manual", confidence: 1 }] },
      at: "2030-02-03T10:00:00Z",
    });
    store.close();

    const all = await cli(["audit"]);
    const lines = all.stdout.trim().split("\n");
    expect(lines.slice(-4)).toEqual([
      '2030-01-01T10:00:00.000Z erin login via="login link"',
      "2030-02-01T10:00:00.000Z erin turn conv=c0ffee00-1111-2222-3333-444455556666 status=done model=claude-x input=10 output=5 cache_read=7 cache_write=0 ms=1234",
      '2030-02-02T10:00:00.000Z local tool_call tool=search_transactions ok=true input={"search":"x"} ms=3',
      "2030-02-03T10:00:00.000Z erin write approval=a1 ok=true rows=1 #7:Dining/llm/0.8→Groceries/manual/1",
    ]);
    const json = await cli(["audit", "--json", "--kind", "tool_call"]);
    expect(json.stdout).not.toContain("sk-ant-abcdefghijkl");
    expect(json.stdout).not.toContain("abcdefghijklmnop");
    expect(JSON.parse(json.stdout.trim()).detail.apiKey).toBe("[redacted]");
    const since = await cli(["audit", "--since", "2030-02-02", "--user", "erin"]);
    expect(since.stdout.trim().split("\n")).toEqual(["2030-02-03T10:00:00.000Z erin write approval=a1 ok=true rows=1 #7:Dining/llm/0.8→Groceries/manual/1"]);
    expect((await cli(["audit", "--user", "local"])).stdout).toContain("local tool_call");
    expect(await cli(["audit", "--since", "2026-13-01"])).toMatchObject({ code: 2, stderr: 'budget-chat: --since must be a date like 2026-01-31 (or an ISO time), got "2026-13-01"\n' });
    expect(await cli(["audit", "--user", "zed"])).toMatchObject({ code: 2, stderr: "budget-chat: audit: no such user: zed\n" });
    expect((await cli(["audit", "--kind", "nope"])).code).toBe(2);
  });

  test("an import, its undo, a budget, a contribution and a rule say what they changed (QA: \"- write\", \"local undo\" with nothing after)", async () => {
    const store = Store.open(chatDb);
    const batch = "konto.csv@2031-01-01T10:00:00.000+00:00";
    const at = (m: number) => `2031-01-01T10:0${m}:00Z`;
    // The details as the import, budget, contribution and rule writers record them.
    store.audit.add({ kind: "write", userId: "local", detail: { import: batch, file: "konto.csv", format: "csv", account: null, rows: 3, by_source: { cache: 3 }, via: "page", by: "local" }, at: at(1) });
    store.audit.add({ kind: "undo", userId: "local", detail: { import: batch, file: "konto.csv", deleted: 3, via: "api", by: "local" }, at: at(2) });
    store.audit.add({ kind: "write", userId: null, detail: { budget: "Transport", before: 100, after: null, currency: "CHF", via: "cli", by: "cli" }, at: at(3) });
    store.audit.add({ kind: "write", userId: null, detail: { budget: "Groceries", before: null, after: 600, currency: "CHF", via: "cli", by: "cli" }, at: at(4) });
    store.audit.add({ kind: "write", userId: null, detail: { contribution: "Alex Muster", action: "add", via: "cli", by: "cli" }, at: at(5) });
    store.audit.add({ kind: "write", userId: null, detail: { edit: 5, change: "rule", via: "cli", by: "cli", action: "add", rule: 1, changed: 1 }, at: at(6) });
    store.close();
    const out = await cli(["audit", "--since", "2031-01-01"]);
    expect(out.stdout.trim().split("\n")).toEqual([
      `2031-01-01T10:01:00.000Z local write import=${batch} rows=3`,
      `2031-01-01T10:02:00.000Z local undo import=${batch} rows=3`,
      "2031-01-01T10:03:00.000Z - write budget=Transport currency=CHF before=100 after=none",
      "2031-01-01T10:04:00.000Z - write budget=Groceries currency=CHF before=none after=600",
      '2031-01-01T10:05:00.000Z - write contribution="Alex Muster" action=add',
      "2031-01-01T10:06:00.000Z - write edit=5 change=rule by=cli action=add rule=1 rows=1",
    ]);
  });

  test("redact keeps token counts, drops secrets", () => {
    expect(
      redact({ usage: { input_tokens: 3 }, loginToken: "abc", nested: [{ session: "x", text: "key sk-ant-api03-AAAAAAAAAAAA here" }] }),
    ).toEqual({ usage: { input_tokens: 3 }, loginToken: "[redacted]", nested: [{ session: "[redacted]", text: "key [redacted] here" }] });
  });
});
