/**
 * `budget-chat serve` as a real process (src/main.ts under bun) against the fake
 * Messages API: the start-up refusal, the runtime's approval wiring (--read-only,
 * --approval-timeout), and restarts with a pending approval (kill -9, SIGTERM): it stays
 * pending until its time passes, and deciding it after the restart works.
 */
import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { recategoriseScript, resultText, SseReader } from "./support.ts";
import { runCli } from "../support/cli-process.ts";
import { freePort, serveSuite, type ServeProcess } from "../support/serve-process.ts";
import { waitFor } from "../support/wait.ts";

const suite = serveSuite();
/** A key that must never be printed. */
const KEY = "sk-ant-test-serve-key-0123456789";
const budgetDb = () => join(suite.dir, "budget.db");
const chatDb = () => join(suite.dir, "chat.db");

function env(extra: Record<string, string> = {}): Record<string, string> {
  return {
    ANTHROPIC_API_KEY: KEY,
    ANTHROPIC_BASE_URL: suite.fake.url,
    ANTHROPIC_MODEL: "claude-test",
    DATABASE_URL: budgetDb(),
    CHAT_DATABASE_URL: chatDb(),
    ...extra,
  };
}

const run = (args: string[], extra: Record<string, string> = {}) => runCli(args, { home: suite.dir, env: env(extra) });

/** Start `serve` and wait for its "listening on" line. */
const serve = (args: string[], extra: Record<string, string> = {}) => suite.start({ args, env: { ANTHROPIC_API_KEY: KEY, ...extra } });
const stop = suite.stop;

const post = (s: ServeProcess, path: string, body: unknown) =>
  fetch(`${s.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

const manualStarbucks = () => {
  const db = new Database(budgetDb(), { readonly: true });
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
    expect(suite.fake.requests).toHaveLength(0);
  });

  test("with a user it starts on that address, and every request needs a session", async () => {
    const scratch = join(suite.dir, "users-chat.db");
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

  test("--public-url: behind a proxy, the public address's Host and Origin are accepted, and the start-up line names it", async () => {
    const s = await serve(["--bind", `127.0.0.1:${freePort()}`, "--public-url", "https://budget.example.com"]);
    try {
      expect(s.stdout()).toContain("(public address https://budget.example.com/)");
      const viaProxy = await fetch(`${s.url}/`, { headers: { Host: "budget.example.com" } });
      expect(viaProxy.status).toBe(200);
      const other = await fetch(`${s.url}/`, { headers: { Host: "evil.example.com" } });
      expect(other.status).toBe(403);
      const reset = await fetch(`${s.url}/api/chat/reset`, {
        method: "POST",
        headers: { Host: "budget.example.com", Origin: "https://budget.example.com", "content-type": "application/json" },
        body: JSON.stringify({ conversation_id: "none" }),
      });
      // Past the Origin check: the conversation is unknown (404), not a cross-site refusal (403).
      expect(reset.status).toBe(404);
    } finally {
      expect(await stop(s, "SIGTERM")).toBe(0);
    }
  });

  test("--read-only: the write tool is not in the request to the model; without it, it is, with --approval-timeout applied", async () => {
    const ro = await serve(["--bind", `127.0.0.1:${freePort()}`, "--read-only"]);
    try {
      suite.fake.enqueue({ kind: "message", content: [{ type: "text", text: "Hi." }] });
      await (await post(ro, "/api/chat", { message: "hello" })).text();
      const names = suite.fake.requests[0]!.body.tools!.map((t: any) => t.name);
      expect(names).toContain("list_transactions");
      expect(names).not.toContain("recategorise_transactions");
    } finally {
      await stop(ro, "SIGTERM");
    }
    suite.fake.reset();
    const rw = await serve(["--bind", `127.0.0.1:${freePort()}`, "--approval-timeout", "5"]);
    try {
      suite.fake.enqueue(recategoriseScript({ search: "Starbucks", year: 2025, to_category: "Groceries" })[0]!);
      const res = await post(rw, "/api/chat", { message: "move Starbucks" });
      const stream = new SseReader(res);
      const started = Date.now();
      const req = await stream.waitFor("approval_request");
      expect(suite.fake.requests[0]!.body.tools!.map((t: any) => t.name)).toContain("recategorise_transactions");
      const ttl = Date.parse(req.expires_at) - started;
      expect(ttl).toBeGreaterThan(3_000);
      expect(ttl).toBeLessThan(7_000);
      // The answer ends waiting; the approval expires on its own when its time passes, with no model call.
      await stream.ended;
      expect(stream.all("done")[0]).toMatchObject({ waiting: true });
      expect(await approvalStatusOnceNot(rw, req.id, "pending")).toBe("expired");
      const a = await (await fetch(`${rw.url}/api/approvals/${req.id}`)).json();
      expect(a.result.message).toBe("The approval expired after 5 seconds; nothing was modified.");
      expect(suite.fake.requests).toHaveLength(1);
    } finally {
      expect(await stop(rw, "SIGTERM")).toBe(0);
    }
  }, 30_000);

  test("kill -9 with a pending approval, restart: the approval is still pending; approving it executes and the continuation streams", async () => {
    const port = freePort();
    const first = await serve(["--bind", `127.0.0.1:${port}`]);
    suite.fake.enqueue(...recategoriseScript({ search: "Starbucks", year: 2025, to_category: "Groceries" }));
    const stream = new SseReader(await post(first, "/api/chat", { message: "move this year's Starbucks to Groceries" }));
    const req = await stream.waitFor("approval_request");
    // The answer has ended waiting (stored): nothing runs when the process dies.
    await stream.ended;
    const manualBefore = manualStarbucks();
    await stop(first, "SIGKILL");

    const second = await serve(["--bind", `127.0.0.1:${port}`]);
    try {
      const a = await (await fetch(`${second.url}/api/approvals/${req.id}`)).json();
      expect(a.status).toBe("pending");
      const list = await (await fetch(`${second.url}/`)).text();
      expect(list).toContain('<span class="sr-only">(waiting for your decision)</span>');
      const decide = await post(second, `/api/approvals/${req.id}`, { decision: "approve" });
      expect(decide.status).toBe(200);
      const decided = await decide.json();
      expect(decided).toMatchObject({ status: "executed", outcome: "executed" });
      expect(manualStarbucks()).toBe(manualBefore + req.preview.rows);
      // The continuation's text streams (JSON API), and its request answers the waiting tool_use right after it.
      const cont = new SseReader(await fetch(`${second.url}/api/turns/${decided.continuation_turn_id}/stream`));
      await cont.ended;
      expect(cont.all("chunk").map((c) => c.text).join("")).toBe("Here is what happened.");
      expect(cont.all("done")[0]).toMatchObject({ conversation_id: a.conversation_id, incomplete: false });
      expect(suite.fake.requests).toHaveLength(2);
      expect(suite.fake.requests[1]!.status).toBe(200);
      const sent = suite.fake.requests[1]!.body.messages!;
      expect(sent.map((m: any) => m.role)).toEqual(["user", "assistant", "user"]);
      expect(sent[1].content.at(-1)).toMatchObject({ type: "tool_use", id: "toolu_recat" });
      expect(sent[2].content[0]).toMatchObject({ type: "tool_result", tool_use_id: "toolu_recat" });
      expect(resultText(sent[2].content[0])).toMatch(/^Approved by the user: moved \d+ transactions/);
      // The web page shows the continuation (no question of its own) after the decided card.
      const page = await (await fetch(`${second.url}/conversations/${a.conversation_id}`)).text();
      expect(page).toContain(`id="turn-${decided.continuation_turn_id}"`);
      expect(page).toContain("Here is what happened.");
      expect(page).not.toContain('(waiting for your decision)</span>');
      await post(second, `/api/approvals/${req.id}/undo`, {});
    } finally {
      await stop(second, "SIGTERM");
    }
    const audit = await run(["audit", "--kind", "approval_expired"]);
    expect(audit.stdout).not.toContain(`approval=${req.id}`);
  }, 60_000);

  test("a pending approval survives a clean shutdown; after a restart it expires when its time passes (also when it passed while the server was down)", async () => {
    const port = freePort();
    const ask = async (s: ServeProcess, message: string) => {
      suite.fake.enqueue(recategoriseScript({ search: "Tibits", year: 2025, to_category: "Groceries" })[0]!);
      const stream = new SseReader(await post(s, "/api/chat", { message }));
      const req = await stream.waitFor("approval_request");
      await stream.ended;
      return req;
    };
    const first = await serve(["--bind", `127.0.0.1:${port}`, "--approval-timeout", "5"]);
    const early = await ask(first, "move Tibits");
    expect(await stop(first, "SIGTERM")).toBe(0);
    const db = new Database(chatDb(), { readonly: true });
    try {
      expect(db.query("SELECT status FROM approvals WHERE id = ?").get(early.id)).toEqual({ status: "pending" });
      expect(db.query("SELECT status FROM turns WHERE id = (SELECT turn_id FROM approvals WHERE id = ?)").get(early.id)).toEqual({ status: "waiting" });
    } finally {
      db.close();
    }
    // Its time passes while the server is down: the next start expires it.
    await waitFor(() => Date.now() > Date.parse(early.expires_at), { everyMs: 100, what: "the approval's time to pass" });
    const second = await serve(["--bind", `127.0.0.1:${port}`, "--approval-timeout", "5"]);
    let late: { id: string; expires_at: string };
    try {
      expect((await (await fetch(`${second.url}/api/approvals/${early.id}`)).json()).status).toBe("expired");
      late = await ask(second, "move Tibits again");
      expect(await stop(second, "SIGTERM")).toBe(0);
      // Restarted before its time: the timer armed at start-up expires it.
      const third = await serve(["--bind", `127.0.0.1:${port}`, "--approval-timeout", "5"]);
      try {
        expect((await (await fetch(`${third.url}/api/approvals/${late.id}`)).json()).status).toBe("pending");
        expect(await approvalStatusOnceNot(third, late.id, "pending")).toBe("expired");
        expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(late.expires_at));
      } finally {
        await stop(third, "SIGTERM");
      }
    } finally {
      if (second.proc.exitCode === null) await stop(second, "SIGTERM");
    }
    const audit = await run(["audit", "--kind", "approval_expired"]);
    expect(audit.stdout).toContain(`approval=${early.id} reason=timeout`);
    expect(audit.stdout).toContain(`approval=${late!.id} reason=timeout`);
  }, 60_000);
});

/** Poll an approval until its status is no longer `status`; returns the new status. */
async function approvalStatusOnceNot(s: ServeProcess, id: string, status: string): Promise<string> {
  let now = status;
  await waitFor(
    async () => {
      now = (await (await fetch(`${s.url}/api/approvals/${id}`)).json()).status;
      return now !== status;
    },
    { everyMs: 200, timeoutMs: 20_000, what: `approval ${id} to leave ${status}` },
  );
  return now;
}

