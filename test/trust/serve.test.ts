/**
 * `budget-chat serve` as a real process (src/main.ts under bun) against the fake
 * Messages API: the start-up refusal, the runtime's approval wiring (--read-only,
 * --approval-timeout), and a kill -9 while an approval is pending, then a restart.
 */
import { Database } from "bun:sqlite";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeDemoDb } from "../../src/budget/demo/generator.ts";
import { startFakeAnthropic, type FakeAnthropic } from "../support/fake-anthropic.ts";
import { recategoriseScript, resultText, SseReader, toolResultsOf } from "./support.ts";

const root = join(import.meta.dir, "..", "..");
let fake: FakeAnthropic;
let dir: string;
let budgetDb: string;
let chatDb: string;
const running = new Set<ReturnType<typeof Bun.spawn>>();

beforeAll(async () => {
  fake = await startFakeAnthropic();
  dir = mkdtempSync(join(tmpdir(), "bc-serve-"));
  budgetDb = join(dir, "budget.db");
  chatDb = join(dir, "chat.db");
  writeDemoDb({ out: budgetDb, seed: 7 });
});
afterEach(() => fake.reset());
afterAll(async () => {
  for (const p of running) {
    p.kill("SIGKILL");
    await p.exited;
  }
  await fake.stop();
  rmSync(dir, { recursive: true, force: true });
});

function env(extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "",
    HOME: dir,
    ANTHROPIC_API_KEY: "sk-ant-test-serve-key-0123456789",
    ANTHROPIC_BASE_URL: fake.url,
    ANTHROPIC_MODEL: "claude-test",
    DATABASE_URL: budgetDb,
    CHAT_DATABASE_URL: chatDb,
    ...extra,
  };
}

function freePort(): number {
  const s = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
  const port = s.port!;
  s.stop(true);
  return port;
}

async function run(args: string[], extra: Record<string, string> = {}) {
  const p = Bun.spawn([process.execPath, "src/main.ts", ...args], { cwd: root, env: env(extra), stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
  return { code, stdout, stderr };
}

type Server = { proc: ReturnType<typeof Bun.spawn>; url: string; stdout(): string; stderr(): string };

/** Start `serve` and wait for its "listening on" line. */
async function serve(args: string[], extra: Record<string, string> = {}): Promise<Server> {
  const proc = Bun.spawn([process.execPath, "src/main.ts", "serve", ...args], { cwd: root, env: env(extra), stdout: "pipe", stderr: "pipe" });
  running.add(proc);
  let out = "";
  let err = "";
  void (async () => {
    for await (const chunk of proc.stderr as ReadableStream<Uint8Array>) err += new TextDecoder().decode(chunk);
  })();
  const reader = (proc.stdout as ReadableStream<Uint8Array>).getReader();
  const deadline = Date.now() + 20_000;
  while (!/listening on (http:\S+)/.test(out)) {
    if (Date.now() > deadline) throw new Error(`serve did not start: ${out} ${err}`);
    const { value, done } = await reader.read();
    if (done) throw new Error(`serve exited: ${out} ${err}`);
    out += new TextDecoder().decode(value);
  }
  void (async () => {
    while (true) {
      const { value, done } = await reader.read();
      if (done) break;
      out += new TextDecoder().decode(value);
    }
  })();
  const url = /listening on (http:\S+?)\/?\s/.exec(out)![1]!;
  return { proc, url, stdout: () => out, stderr: () => err };
}

async function stop(s: Server, signal: "SIGTERM" | "SIGKILL"): Promise<number> {
  s.proc.kill(signal);
  const code = await s.proc.exited;
  running.delete(s.proc);
  return code;
}

const post = (s: Server, path: string, body: unknown) =>
  fetch(`${s.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

const manualStarbucks = () => {
  const db = new Database(budgetDb, { readonly: true });
  try {
    return (db.query("SELECT count(*) AS n FROM transactions WHERE merchant_name = 'Starbucks' AND source = 'manual'").get() as { n: number }).n;
  } finally {
    db.close();
  }
};

describe("serve", () => {
  test("a non-loopback address with no users: refuses to start, with a clear message", async () => {
    const port = freePort();
    const viaFlag = await run(["serve", "--bind", `0.0.0.0:${port}`]);
    expect(viaFlag.code).toBe(1);
    expect(viaFlag.stdout).toBe("");
    expect(viaFlag.stderr).toBe(
      "budget-chat: refusing to listen on 0.0.0.0, which is not a loopback address, with no users configured: anyone who can reach it could read your finances. Add a user first (budget-chat users add NAME), or bind to 127.0.0.1.\n",
    );
    const viaEnv = await run(["serve"], { BIND_ADDRESS: `0.0.0.0:${port}` });
    expect(viaEnv.code).toBe(1);
    expect(viaEnv.stderr).toContain("refusing to listen on 0.0.0.0");
    expect(fake.requests).toHaveLength(0);
  });

  test("with a user it starts on that address, and every request needs a session", async () => {
    const scratch = join(dir, "users-chat.db");
    const port = freePort();
    const added = await run(["users", "add", "carol"], { CHAT_DATABASE_URL: scratch, BIND_ADDRESS: `0.0.0.0:${port}` });
    expect(added.code).toBe(0);
    expect(added.stdout).toContain(`http://127.0.0.1:${port}/login?token=`);
    expect(added.stdout).toContain("The server listens on every address (0.0.0.0)");
    const s = await serve([], { CHAT_DATABASE_URL: scratch, BIND_ADDRESS: `0.0.0.0:${port}` });
    try {
      const url = `http://127.0.0.1:${port}`;
      expect((await fetch(`${url}/`)).status).toBe(401);
      const link = /(http:\S+login\?token=\S+)/.exec(added.stdout)![1]!;
      const login = await fetch(link, { redirect: "manual" });
      expect(login.status).toBe(303);
      expect((await fetch(`${url}/`, { headers: { Cookie: login.headers.get("set-cookie")!.split(";")[0]! } })).status).toBe(200);
      expect(s.stdout()).not.toContain("sk-ant-test-serve-key");
      expect(s.stderr()).not.toContain("sk-ant-test-serve-key");
    } finally {
      expect(await stop(s, "SIGTERM")).toBe(0);
    }
    const audit = await run(["audit", "--user", "carol"], { CHAT_DATABASE_URL: scratch });
    expect(audit.stdout).toMatch(/ carol security .*"user added"/);
    expect(audit.stdout).toMatch(/ carol login via="login link"/);
    expect(audit.stdout).not.toContain(new URL(/(http:\S+)/.exec(added.stdout)![1]!).searchParams.get("token")!);
  });

  test("--read-only: the write tool is not in the request to the model; without it, it is, with --approval-timeout applied", async () => {
    const ro = await serve(["--bind", `127.0.0.1:${freePort()}`, "--read-only"]);
    try {
      fake.enqueue({ kind: "message", content: [{ type: "text", text: "Hi." }] });
      await (await post(ro, "/api/chat", { message: "hello" })).text();
      const names = fake.requests[0]!.body.tools!.map((t: any) => t.name);
      expect(names).toContain("list_transactions");
      expect(names).not.toContain("recategorise_transactions");
    } finally {
      await stop(ro, "SIGTERM");
    }
    fake.reset();
    const rw = await serve(["--bind", `127.0.0.1:${freePort()}`, "--approval-timeout", "5"]);
    try {
      fake.enqueue(...recategoriseScript({ search: "Starbucks", year: 2025, to_category: "Groceries" }));
      const res = await post(rw, "/api/chat", { message: "move Starbucks" });
      const stream = new SseReader(res);
      const started = Date.now();
      const req = await stream.waitFor("approval_request");
      expect(fake.requests[0]!.body.tools!.map((t: any) => t.name)).toContain("recategorise_transactions");
      const ttl = Date.parse(req.expires_at) - started;
      expect(ttl).toBeGreaterThan(3_000);
      expect(ttl).toBeLessThan(7_000);
      await stream.ended;
      expect(stream.all("approval_decision")[0]).toEqual({ id: req.id, decision: "expired", detail: "The approval expired after 5 seconds; nothing was modified." });
      expect(resultText(toolResultsOf(fake, 1)[0])).toBe("The approval expired after 5 seconds; nothing was modified.");
    } finally {
      expect(await stop(rw, "SIGTERM")).toBe(0);
    }
  }, 30_000);

  test("kill -9 with a pending approval, restart: the approval is expired, deciding it writes nothing, the history is valid", async () => {
    const port = freePort();
    const first = await serve(["--bind", `127.0.0.1:${port}`]);
    fake.enqueue(...recategoriseScript({ search: "Starbucks", year: 2025, to_category: "Groceries" }));
    const stream = new SseReader(await post(first, "/api/chat", { message: "move this year's Starbucks to Groceries" }));
    const req = await stream.waitFor("approval_request");
    const manualBefore = manualStarbucks();
    await stop(first, "SIGKILL");

    const second = await serve(["--bind", `127.0.0.1:${port}`]);
    try {
      const a = await (await fetch(`${second.url}/api/approvals/${req.id}`)).json();
      expect(a.status).toBe("expired");
      const decide = await post(second, `/api/approvals/${req.id}`, { decision: "approve" });
      expect(decide.status).toBe(409);
      expect(await decide.json()).toEqual({ error: "This approval has expired; nothing more was done.", status: "expired" });
      const browser = await fetch(`${second.url}/approvals/${req.id}/approve`, { method: "POST", headers: { Origin: second.url, "HX-Request": "true" } });
      expect(browser.status).toBe(409);
      expect(await browser.text()).toContain('data-decision="expired"');
      expect(manualStarbucks()).toBe(manualBefore);

      // The conversation continues: the stored history is valid for the API (the fake rejects broken pairs with a 400).
      fake.reset();
      fake.enqueue({ kind: "message", content: [{ type: "text", text: "Sure." }] });
      const next = new SseReader(await post(second, "/api/chat", { message: "what happened?", conversation_id: a.conversation_id }));
      await next.ended;
      expect(next.all("error")).toEqual([]);
      expect(next.all("done")[0].incomplete).toBe(false);
      expect(fake.requests).toHaveLength(1);
      expect(fake.requests[0]!.status).toBe(200);
      const roles = fake.requests[0]!.body.messages!.map((m: any) => m.role);
      expect(roles).toEqual(["user", "assistant", "user"]);
      expect(JSON.stringify(fake.requests[0]!.body.messages![1])).toContain("(This answer was interrupted.)");
    } finally {
      await stop(second, "SIGTERM");
    }
    const audit = await run(["audit", "--kind", "approval_expired"]);
    expect(audit.stdout).toContain(`approval=${req.id} reason=interrupted`);
  }, 60_000);

  test("a clean shutdown while an approval waits expires it as well", async () => {
    const s = await serve(["--bind", `127.0.0.1:${freePort()}`]);
    fake.enqueue(...recategoriseScript({ search: "Tibits", year: 2025, to_category: "Groceries" }));
    const stream = new SseReader(await post(s, "/api/chat", { message: "move Tibits" }));
    const req = await stream.waitFor("approval_request");
    expect(await stop(s, "SIGTERM")).toBe(0);
    const db = new Database(chatDb, { readonly: true });
    try {
      expect(db.query("SELECT status FROM approvals WHERE id = ?").get(req.id)).toEqual({ status: "expired" });
      expect(db.query("SELECT status FROM turns WHERE id = (SELECT turn_id FROM approvals WHERE id = ?)").get(req.id)).toEqual({ status: "stopped" });
    } finally {
      db.close();
    }
  }, 30_000);
});
