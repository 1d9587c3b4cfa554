/**
 * The allowlist and request hardening end to end (SPEC §6): users added with the real
 * CLI, login links, sessions, per-user isolation, Host/Origin checks, CSP, limits shown
 * in the chat, and the audit log, on the whole web app with the fake Messages API.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { connect } from "node:net";
import { join } from "node:path";
import { startFakeAnthropic, type FakeAnthropic } from "../support/fake-anthropic.ts";
import type { WebHarness } from "../support/web-harness.ts";
import { apiChat, browserHeaders, changedIds, postJson, recategoriseScript, snapshot, startTrustHarness } from "./support.ts";
import { runCli } from "../support/cli-process.ts";


/** Run the CLI (src/main.ts) in a subprocess. */
export const cli = (args: string[], env: Record<string, string> = {}) => runCli(args, { home: process.env.HOME ?? "/tmp", env });

/** A raw HTTP/1.1 request (fetch will not send a foreign Host header). */
function rawRequest(port: number, lines: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    let buf = "";
    const s = connect(port, "127.0.0.1", () => s.write(`${lines.join("\r\n")}\r\nConnection: close\r\n\r\n`));
    s.on("data", (d) => (buf += d.toString()));
    s.on("end", () => resolve(buf));
    s.on("error", reject);
  });
}

let fake: FakeAnthropic;
let h: WebHarness;
let port: number;
let chatDb: string;
let alice = "";
let bob = "";
let aliceToken = "";
beforeAll(async () => {
  fake = await startFakeAnthropic();
  h = await startTrustHarness({ fake });
  port = Number(new URL(h.url).port);
  chatDb = join(h.dir, "chat.db");
});
afterAll(async () => {
  await h.close();
  await fake.stop();
});
afterEach(() => fake.reset());

describe("allowlist", () => {
  test("users add prints a one-time login link that works once; the session cookie is HttpOnly and SameSite=Strict", async () => {
    const added = await cli(["users", "add", "alice", "--chat-db", chatDb], { BIND_ADDRESS: `127.0.0.1:${port}` });
    expect(added.code).toBe(0);
    expect(added.stderr).toBe("");
    const link = /(http:\/\/127\.0\.0\.1:\d+\/login\?token=[\w%-]+)/.exec(added.stdout)![1]!;
    expect(added.stdout).toStartWith("Added user alice.\nOne-time login link for alice (works once, within 24 hours; open it in their browser):\n");
    aliceToken = new URL(link).searchParams.get("token")!;
    expect(aliceToken.length).toBeGreaterThanOrEqual(40);

    const first = await fetch(link, { redirect: "manual" });
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe("/");
    const set = first.headers.get("set-cookie")!;
    expect(set).toMatch(/^bc_session=[\w-]+;/);
    expect(set).toContain("HttpOnly");
    expect(set).toContain("SameSite=Strict");
    alice = set.split(";")[0]!;
    const page = await fetch(`${h.url}/`, { headers: { Cookie: alice } });
    expect(page.status).toBe(200);

    // The same link again (another browser, or a replay): refused.
    const second = await fetch(link, { redirect: "manual" });
    expect(second.status).toBe(401);
    const body = await second.text();
    expect(body).toContain("This sign-in link is invalid, has expired or was already used");
    expect(body).not.toContain(aliceToken);
    expect(second.headers.get("set-cookie")).toBeNull();
    const aliceId = h.store.users.byName("alice")!.id;
    expect(h.store.audit.list({ kind: "login" }).map((e) => [e.userId, e.detail])).toEqual([[aliceId, { via: "login link" }]]);
    expect(h.store.audit.list({ kind: "security", limit: 1 })[0]!.detail).toEqual({ event: "invalid login link" });

    // The token is stored only hashed.
    const tokenRows = h.store.db.query("SELECT count(*) AS n FROM login_tokens WHERE token_hash = ?").get(aliceToken) as { n: number };
    expect(tokenRows.n).toBe(0);

    // Bob gets his own link; list shows both.
    const bobAdded = await cli(["users", "add", "bob", "--chat-db", chatDb, "--base-url", h.url]);
    bob = (await fetch(/(http:\S+)/.exec(bobAdded.stdout)![1]!, { redirect: "manual" })).headers.get("set-cookie")!.split(";")[0]!;
    const list = await cli(["users", "list", "--chat-db", chatDb]);
    expect(list.stdout.split("\n").slice(1, 3).map((l) => l.split(/\s+/)[0])).toEqual(["alice", "bob"]);
    expect((await cli(["users", "add", "alice", "--chat-db", chatDb])).code).toBe(2);
  });

  test("without a session every page and API is refused, and the model gets zero requests", async () => {
    const cases: [string, RequestInit, number][] = [
      ["/", {}, 401],
      ["/api/chat", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ message: "hi" }) }, 401],
      ["/chat", { method: "POST", headers: { ...browserHeaders(h), "content-type": "application/x-www-form-urlencoded" }, body: "message=hi" }, 401],
      ["/api/approvals", {}, 401],
      ["/conversations/x", {}, 401],
      ["/api/chat", { method: "POST", headers: { "content-type": "application/json", Cookie: "bc_session=forged" }, body: JSON.stringify({ message: "hi" }) }, 401],
    ];
    for (const [path, init, status] of cases) {
      const res = await fetch(`${h.url}${path}`, init);
      expect(res.status).toBe(status);
    }
    const api = await postJson(h, "/api/chat", { message: "hi" });
    expect(await api.json()).toEqual({ error: "login required" });
    const htmx = await fetch(`${h.url}/chat`, { method: "POST", headers: { ...browserHeaders(h), "content-type": "application/x-www-form-urlencoded" }, body: "message=hi" });
    expect(await htmx.text()).toContain("Login required");
    expect(fake.requests).toHaveLength(0);
    const refused = h.store.audit.list({ kind: "security", limit: 20 }).map((e) => e.detail as any);
    expect(refused.filter((d) => d.event === "no session").map((d) => `${d.method} ${d.path}`)).toEqual([
      "POST /chat",
      "POST /api/chat",
      "POST /api/chat",
      "GET /api/approvals",
      "POST /chat",
      "POST /api/chat",
    ]);
    expect(JSON.stringify(refused)).not.toContain("forged");
  });

  test("user B gets 404 on user A's conversation, turn and approval; A's approval still works", async () => {
    fake.enqueue(...recategoriseScript({ search: "Starbucks", year: 2025, to_category: "Groceries" }));
    const before = snapshot(h);
    const stream = await apiChat(h, "move Starbucks to Groceries", { Cookie: alice });
    const req = await stream.waitFor("approval_request");
    const a = h.store.approvals.list(h.store.users.byName("alice")!.id)[0]!;
    expect(a.id).toBe(req.id);

    const asBob = { Cookie: bob, Origin: h.url };
    expect((await fetch(`${h.url}/conversations/${a.conversationId}`, { headers: asBob })).status).toBe(404);
    expect((await fetch(`${h.url}/turns/${a.turnId}/stream`, { headers: asBob })).status).toBe(404);
    expect((await fetch(`${h.url}/conversations/${a.conversationId}/export.md`, { headers: asBob })).status).toBe(404);
    expect((await fetch(`${h.url}/api/approvals/${a.id}`, { headers: asBob })).status).toBe(404);
    const bobDecides = await postJson(h, `/api/approvals/${a.id}`, { decision: "approve" }, asBob);
    expect(bobDecides.status).toBe(404);
    expect(await bobDecides.json()).toEqual({ error: "approval not found" });
    expect((await fetch(`${h.url}/approvals/${a.id}/approve`, { method: "POST", headers: browserHeaders(h, bob) })).status).toBe(404);
    expect((await fetch(`${h.url}/approvals/${a.id}/undo`, { method: "POST", headers: browserHeaders(h, bob) })).status).toBe(404);
    expect((await postJson(h, "/api/chat", { message: "hi", conversation_id: a.conversationId }, asBob)).status).toBe(404);
    expect(await (await fetch(`${h.url}/api/approvals`, { headers: asBob })).json()).toEqual({ approvals: [] });
    expect(changedIds(before, snapshot(h))).toEqual([]);

    // A cross-site request carrying Alice's cookie (CSRF): 403, still pending.
    const csrf = await postJson(h, `/api/approvals/${a.id}`, { decision: "approve" }, { Cookie: alice, Origin: "http://evil.example" });
    expect(csrf.status).toBe(403);
    expect(h.store.approvals.get(a.userId, a.id)!.status).toBe("pending");

    const ok = await postJson(h, `/api/approvals/${a.id}`, { decision: "approve" }, { Cookie: alice, Origin: h.url });
    expect(ok.status).toBe(200);
    await stream.ended;
    expect(changedIds(before, snapshot(h)).length).toBe(req.preview.rows);
    // Undo it again so later tests see the demo data.
    expect((await postJson(h, `/api/approvals/${a.id}/undo`, {}, { Cookie: alice })).status).toBe(200);

    // The audit log keeps each user's entries apart.
    const aliceId = h.store.users.byName("alice")!.id;
    const bobId = h.store.users.byName("bob")!.id;
    const kinds = (userId: string) => h.store.audit.list({ userId }).map((e) => e.kind);
    expect(kinds(aliceId)).toEqual(expect.arrayContaining(["login", "approval_requested", "approval_decided", "write", "undo", "tool_call", "turn"]));
    expect(kinds(bobId).filter((k) => k !== "login" && k !== "security")).toEqual([]);
    const cliBob = await cli(["audit", "--chat-db", chatDb, "--user", "bob"]);
    expect(cliBob.code).toBe(0);
    expect(cliBob.stdout).not.toContain("approval");
    const cliAlice = await cli(["audit", "--chat-db", chatDb, "--user", "alice"]);
    for (const kind of ["login", "approval_requested", "approval_decided", "write", "undo", "tool_call", "turn"]) expect(cliAlice.stdout).toContain(` alice ${kind}`);
    expect(cliAlice.stdout).toMatch(/ alice turn conv=[\w-]+ status=done model=claude-test input=\d+ output=\d+ cache_read=\d+/);
  });
});

describe("request hardening", () => {
  test("a foreign Host (DNS rebinding) → 403, before anything else", async () => {
    const evil = await rawRequest(port, ["GET / HTTP/1.1", `Host: evil.example:${port}`, `Cookie: ${alice}`]);
    expect(evil).toStartWith("HTTP/1.1 403");
    expect(evil).toContain("Forbidden: unexpected Host header");
    const post = await rawRequest(port, [
      "POST /api/chat HTTP/1.1",
      "Host: attacker.test",
      `Cookie: ${alice}`,
      "Content-Type: application/json",
      "Content-Length: 16",
      "",
      '{"message":"hi"}',
    ]);
    expect(post).toStartWith("HTTP/1.1 403");
    const own = await rawRequest(port, ["GET /healthz HTTP/1.1", `Host: 127.0.0.1:${port}`]);
    expect(own).toStartWith("HTTP/1.1 200");
    expect(fake.requests).toHaveLength(0);
    const audited = h.store.audit.list({ kind: "security", limit: 2 }).map((e) => e.detail);
    expect(audited).toEqual([
      { event: "forbidden host", method: "POST", path: "/api/chat", host: "attacker.test" },
      { event: "forbidden host", method: "GET", path: "/", host: `evil.example:${port}` },
    ]);
  });

  test("a foreign Origin on a state-changing request (CSRF) → 403, and the model gets nothing", async () => {
    const foreign = await postJson(h, "/api/chat", { message: "hi" }, { Cookie: alice, Origin: "http://evil.example" });
    expect(foreign.status).toBe(403);
    // Refusals now come from the app's one onError: under /api/ that is JSON like every other API error.
    expect(await foreign.json()).toEqual({ error: "Forbidden: cross-site request" });
    const crossSite = await fetch(`${h.url}/chat`, {
      method: "POST",
      headers: { Cookie: alice, "Sec-Fetch-Site": "cross-site", "content-type": "application/x-www-form-urlencoded" },
      body: "message=hi",
    });
    expect(crossSite.status).toBe(403);
    expect(fake.requests).toHaveLength(0);
    expect(h.store.audit.list({ kind: "security", limit: 2 }).map((e) => e.detail)).toEqual([
      { event: "cross-site request", method: "POST", path: "/chat", fetchSite: "cross-site" },
      { event: "cross-site request", method: "POST", path: "/api/chat", origin: "http://evil.example" },
    ]);
  });

  test("CSP default-src 'self' and no inline script on the pages", async () => {
    fake.enqueue({ kind: "message", content: [{ type: "text", text: "Hello <script>alert(1)</script>" }] });
    const s = await apiChat(h, "hi", { Cookie: alice });
    const done = (await s.ended).find((e) => e.event === "done")!;
    const conversationId = JSON.parse(done.data).conversation_id;
    for (const path of ["/", `/conversations/${conversationId}`, "/memories"]) {
      const res = await fetch(`${h.url}${path}`, { headers: { Cookie: alice } });
      expect(res.status).toBe(200);
      const csp = res.headers.get("content-security-policy")!;
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain("unsafe-eval");
      expect(csp.match(/script-src[^;]*/)![0]).not.toContain("unsafe-inline");
      const html = await res.text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attrs, body] of scripts) {
        expect(attrs).toMatch(/\bsrc="\/assets\//);
        expect(body!.trim()).toBe("");
      }
      expect(html).not.toMatch(/\son[a-z]+\s*=/i);
      expect(html).not.toContain("javascript:");
      expect(html).not.toContain("<script>alert(1)");
    }
  });

  test("413: a message that is too long is refused with a message shown in the chat; nothing reaches the model", async () => {
    const res = await fetch(`${h.url}/chat`, {
      method: "POST",
      headers: { ...browserHeaders(h, alice), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ message: "x".repeat(9000) }),
    });
    expect(res.status).toBe(413);
    const html = await res.text();
    expect(html).toBe('<div class="notice notice-error" role="alert"><span class="error-message">Message too large: at most 8 KB.</span></div>');
    const api = await postJson(h, "/api/chat", { message: "é".repeat(5000) }, { Cookie: alice });
    expect(api.status).toBe(413);
    expect(await api.json()).toEqual({ error: "Message too large: at most 8 KB." });
    // A body far beyond any message is cut off by the body limit itself.
    const huge = await fetch(`${h.url}/chat`, {
      method: "POST",
      headers: { ...browserHeaders(h, alice), "content-type": "application/x-www-form-urlencoded" },
      body: `message=${"y".repeat(200_000)}`,
    });
    expect(huge.status).toBe(413);
    expect(fake.requests).toHaveLength(0);
  });

  test("the API key and login tokens appear nowhere: not in pages, not in the audit log", async () => {
    const dump = (h.store.db.query("SELECT group_concat(detail, '\n') AS d FROM audit_log").get() as { d: string }).d;
    expect(dump).not.toContain(aliceToken);
    expect(dump).not.toContain("test-key");
    expect(dump).not.toContain(alice.split("=")[1]!);
    const cliAll = await cli(["audit", "--chat-db", chatDb, "--limit", "100000"]);
    expect(cliAll.stdout).not.toContain(aliceToken);
    expect(cliAll.stdout).not.toContain("test-key");
    const page = await (await fetch(`${h.url}/`, { headers: { Cookie: alice } })).text();
    expect(page).not.toContain(aliceToken);
    expect(page).not.toContain("test-key");
    expect(page).not.toContain(alice.split("=")[1]!);
  });
});

describe("per-user limits", () => {
  test("429 for too many messages per minute and too many answers at once, shown in the chat", async () => {
    const limited = await startTrustHarness({ fake, limits: { messagesPerMinute: 2, concurrentTurns: 1 } });
    try {
      // A hanging answer occupies the one slot.
      fake.enqueue({ kind: "hang" });
      const send = (message: string) =>
        fetch(`${limited.url}/chat`, {
          method: "POST",
          headers: { ...browserHeaders(limited), "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ message }),
        });
      const first = await send("one");
      expect(first.status).toBe(200);
      await fake.waitForRequests(1);
      const busy = await send("two");
      expect(busy.status).toBe(429);
      expect(await busy.text()).toBe(
        '<div class="notice notice-error" role="alert"><span class="error-message">Too many answers at once: at most 1 per user. Wait for one to finish.</span></div>',
      );
      const rate = await send("three");
      expect(rate.status).toBe(429);
      expect(rate.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await rate.text()).toMatch(/<span class="error-message">Too many requests: at most 2 messages per minute\. Try again in \d+ s\.<\/span>/);
      const api = await postJson(limited, "/api/chat", { message: "four" });
      expect(api.status).toBe(429);
      // The page and the API share one per-minute budget per user.
      expect((await api.json()).error).toMatch(/^Too many requests: at most 2 messages per minute\. Try again in \d+ s\.$/);
      expect(fake.requests).toHaveLength(1);
    } finally {
      await limited.close();
    }
  });
});
