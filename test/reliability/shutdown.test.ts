/**
 * Issue 16 item 4: SIGTERM/SIGINT stop accepting, stop running answers (keeping what was
 * streamed), keep pending approvals for the next start (issue 24), and exit within 5 s, even when something is stuck
 * (a memory summary whose model call hangs); after a restart the conversation goes on.
 * `bun src/main.ts serve` runs as a real process against the fake Messages API.
 */
import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { SUMMARY_SYSTEM } from "../../src/memory/summarise.ts";
import { SseReader } from "../trust/support.ts";
import { serveSuite, type ServeProcess } from "../support/serve-process.ts";
import { waitFor } from "../support/wait.ts";

const suite = serveSuite();

/** `serve` on the demo data with its own app database; resolves once it listens. */
const serve = (chatDb: string, args: string[] = []) => suite.start({ args, env: { CHAT_DATABASE_URL: chatDb } });

/** Send a signal; the exit code, or "hung" if the process is still running after `ms` (then it is killed). */
async function signalAndWait(s: ServeProcess, signal: "SIGTERM" | "SIGINT", ms = 8_000): Promise<number | "hung"> {
  const result = await Promise.race([suite.stop(s, signal), Bun.sleep(ms).then(() => "hung" as const)]);
  if (result === "hung") await suite.stop(s, "SIGKILL");
  return result;
}

const post = (s: ServeProcess, path: string, body: unknown) =>
  fetch(`${s.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

const LONG = "The answer is being written slowly, word by word, so that it is still streaming when the server is told to stop.";

describe("shutdown", () => {
  test("SIGTERM during a streamed answer: it stops and keeps what was streamed, the process exits, and the conversation goes on after a restart", async () => {
    const chatDb = join(suite.dir, "streamed.db");
    const s = await serve(chatDb);
    suite.fake.enqueue({ kind: "message", content: [{ type: "text", text: LONG }], chunkDelayMs: 150 });
    const stream = new SseReader(await post(s, "/api/chat", { message: "tell me slowly" }));
    await stream.waitFor("chunk");
    await waitFor(() => stream.all("chunk").length >= 4, { what: "four chunks" });
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

    const again = await serve(chatDb);
    try {
      suite.fake.reset();
      suite.fake.enqueue({ kind: "message", content: [{ type: "text", text: "Going on." }] });
      const next = new SseReader(await post(again, "/api/chat", { message: "go on", conversation_id: conversationId }));
      await next.ended;
      expect(next.all("error")).toEqual([]);
      expect(suite.fake.requests[0]!.status).toBe(200);
    } finally {
      expect(await signalAndWait(again, "SIGINT")).toBe(0);
    }
  }, 60_000);

  test("SIGTERM while a memory summary's model call hangs and an approval is pending: exits within 5 s, the approval still pending for the next start", async () => {
    const chatDb = join(suite.dir, "stuck.db");
    // History of 2 messages: the second question pushes the first exchange out of the window, which starts a summary.
    const s = await serve(chatDb, ["--history", "2"]);
    suite.fake.setHandler((body) => {
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
    await waitFor(() => suite.fake.requests.some((r) => JSON.stringify(r.body.system ?? "").includes("long-term memory notes")), { what: "the summary request" });
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
