/**
 * Issue 16 item 4: SIGTERM/SIGINT stop accepting, stop running answers (keeping what was
 * streamed), keep pending approvals for the next start (issue 24), and exit within 5 s, even when something is stuck
 * (a memory summary whose model call hangs); after a restart the conversation goes on.
 * `bun src/main.ts serve` runs as a real process against the fake Messages API.
 */
import { Database } from "bun:sqlite";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeDemoDb } from "../../src/ledger/demo/generator.ts";
import { SUMMARY_SYSTEM } from "../../src/memory/summarise.ts";
import { startFakeAnthropic, type FakeAnthropic } from "../support/fake-anthropic.ts";
import { SseReader } from "../trust/support.ts";

const root = join(import.meta.dir, "..", "..");
let fake: FakeAnthropic;
let dir: string;
const running = new Set<ReturnType<typeof Bun.spawn>>();

beforeAll(async () => {
  fake = await startFakeAnthropic();
  dir = mkdtempSync(join(tmpdir(), "bc-shutdown-"));
  writeDemoDb({ out: join(dir, "budget.db"), seed: 7 });
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

export function freePort(): number {
  const s = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
  const port = s.port!;
  s.stop(true);
  return port;
}

export type Server = { proc: ReturnType<typeof Bun.spawn>; url: string; output(): string };

/** `serve` as a process; resolves once it listens. */
export async function serve(fakeUrl: string, chatDb: string, args: string[] = []): Promise<Server> {
  const proc = Bun.spawn([process.execPath, "src/main.ts", "serve", "--bind", `127.0.0.1:${freePort()}`, ...args], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: dir,
      ANTHROPIC_API_KEY: "sk-ant-test-shutdown",
      ANTHROPIC_BASE_URL: fakeUrl,
      ANTHROPIC_MODEL: "claude-test",
      DATABASE_URL: join(dir, "budget.db"),
      CHAT_DATABASE_URL: chatDb,
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  running.add(proc);
  let out = "";
  const pump = async (s: ReadableStream<Uint8Array>) => {
    for await (const chunk of s) out += new TextDecoder().decode(chunk);
  };
  void pump(proc.stdout as ReadableStream<Uint8Array>);
  void pump(proc.stderr as ReadableStream<Uint8Array>);
  const deadline = Date.now() + 20_000;
  while (!/listening on (http:\S+?)\/?\s/.test(out)) {
    if (Date.now() > deadline || proc.exitCode !== null) throw new Error(`serve did not start: ${out}`);
    await Bun.sleep(20);
  }
  return { proc, url: /listening on (http:\S+?)\/?\s/.exec(out)![1]!, output: () => out };
}

/** Send a signal; the exit code, or "hung" if the process is still running after `ms` (then it is killed). */
export async function signalAndWait(s: Server, signal: "SIGTERM" | "SIGINT", ms = 8_000): Promise<number | "hung"> {
  s.proc.kill(signal);
  const result = await Promise.race([s.proc.exited, Bun.sleep(ms).then(() => "hung" as const)]);
  if (result === "hung") s.proc.kill("SIGKILL");
  await s.proc.exited;
  running.delete(s.proc);
  return result;
}

const post = (s: Server, path: string, body: unknown) =>
  fetch(`${s.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

const LONG = "The answer is being written slowly, word by word, so that it is still streaming when the server is told to stop.";

describe("shutdown", () => {
  test("SIGTERM during a streamed answer: it stops and keeps what was streamed, the process exits, and the conversation goes on after a restart", async () => {
    const chatDb = join(dir, "streamed.db");
    const s = await serve(fake.url, chatDb);
    fake.enqueue({ kind: "message", content: [{ type: "text", text: LONG }], chunkDelayMs: 150 });
    const stream = new SseReader(await post(s, "/api/chat", { message: "tell me slowly" }));
    await stream.waitFor("chunk");
    while (stream.all("chunk").length < 4) await Bun.sleep(20);
    expect(await signalAndWait(s, "SIGTERM")).toBe(0);
    await stream.ended;
    const seen = stream.all("chunk").map((c) => c.text).join("");
    expect(seen.length).toBeGreaterThan(0);

    const db = new Database(chatDb, { readonly: true });
    let conversationId: string;
    try {
      const turn = db.query("SELECT id, conversation_id, status FROM turns").get() as { id: string; conversation_id: string; status: string };
      expect(turn.status).toBe("stopped");
      conversationId = turn.conversation_id;
      const last = db.query("SELECT role, content FROM messages ORDER BY id DESC LIMIT 1").get() as { role: string; content: string };
      expect(last.role).toBe("assistant");
      expect(JSON.parse(last.content)[0].text).toStartWith(seen);
    } finally {
      db.close();
    }

    const again = await serve(fake.url, chatDb);
    try {
      fake.reset();
      fake.enqueue({ kind: "message", content: [{ type: "text", text: "Going on." }] });
      const next = new SseReader(await post(again, "/api/chat", { message: "go on", conversation_id: conversationId }));
      await next.ended;
      expect(next.all("error")).toEqual([]);
      expect(fake.requests[0]!.status).toBe(200);
    } finally {
      expect(await signalAndWait(again, "SIGINT")).toBe(0);
    }
  }, 60_000);

  test("SIGTERM while a memory summary's model call hangs and an approval is pending: exits within 5 s, the approval still pending for the next start", async () => {
    const chatDb = join(dir, "stuck.db");
    // History of 2 messages: the second question pushes the first exchange out of the window, which starts a summary.
    const s = await serve(fake.url, chatDb, ["--history", "2"]);
    fake.setHandler((body) => {
      const system = JSON.stringify(body.system ?? "");
      if (system.includes(SUMMARY_SYSTEM.split("\n")[0]!.slice(0, 60))) return { kind: "hang" };
      if (JSON.stringify(body.messages!.at(-1)).includes("move Starbucks"))
        return { kind: "message", content: [{ type: "tool_use", id: "toolu_r", name: "recategorise_transactions", input: { search: "Starbucks", year: 2025, to_category: "Groceries" } }] };
      return { kind: "message", content: [{ type: "text", text: "OK." }] };
    });
    const first = new SseReader(await post(s, "/api/chat", { message: "first" }));
    const { conversation_id } = await first.waitFor("done");
    await new SseReader(await post(s, "/api/chat", { message: "second", conversation_id })).ended;
    const third = new SseReader(await post(s, "/api/chat", { message: "move Starbucks", conversation_id }));
    const req = await third.waitFor("approval_request");
    await third.ended;
    // The summary call is under way (and hangs).
    const deadline = Date.now() + 5_000;
    while (!fake.requests.some((r) => JSON.stringify(r.body.system ?? "").includes("long-term memory notes"))) {
      if (Date.now() > deadline) throw new Error("no summary request");
      await Bun.sleep(20);
    }
    // signalAndWait gives up (and kills it) if the process is still there 8 s later.
    expect(await signalAndWait(s, "SIGTERM")).toBe(0);
    const db = new Database(chatDb, { readonly: true });
    try {
      expect(db.query("SELECT status FROM approvals WHERE id = ?").get(req.id)).toEqual({ status: "pending" });
      expect((db.query("SELECT count(*) AS n FROM turns WHERE status = 'running'").get() as { n: number }).n).toBe(0);
    } finally {
      db.close();
    }
  }, 60_000);
});
