/**
 * Issue 16 item 5: a crash loses no text the user already read. Streamed text is stored
 * as it streams (issue 25: in the same tick it is sent, see seen-is-stored.test.ts); after kill -9 and a restart the
 * conversation shows it, marked interrupted, with a Retry that works.
 */
import { Database } from "bun:sqlite";
import { expect, test } from "bun:test";
import { join } from "node:path";
import { SseReader } from "../trust/support.ts";
import { freePort, serveSuite } from "../support/serve-process.ts";
import { waitFor } from "../support/wait.ts";

const suite = serveSuite();

const WORDS = Array.from({ length: 120 }, (_, i) => `word${i}`).join(" ");

test("kill -9 mid-answer: the text streamed more than a second earlier is stored, shown after a restart as interrupted, with a Retry", async () => {
  const port = freePort();
  const first = await suite.start({ port });
  suite.fake.enqueue({ kind: "message", content: [{ type: "text", text: WORDS }], chunkDelayMs: 60 });
  const res = await fetch(`${first.url}/api/chat`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ message: "a long answer please" }) });
  const stream = new SseReader(res);
  await stream.waitFor("chunk");
  await waitFor(() => stream.all("chunk").length >= 10, { what: "ten chunks" });
  const readBefore = stream.all("chunk").map((c) => c.text).join("");
  // The user has read `readBefore`; more than a second later the server dies.
  await Bun.sleep(1_500);
  expect(stream.events.some((e) => e.event === "done")).toBe(false);
  await suite.stop(first, "SIGKILL");

  const db = new Database(join(suite.dir, "chat.db"), { readonly: true });
  let turnId: string;
  let conversationId: string;
  try {
    const turn = db.query("SELECT id, conversation_id FROM turns").get() as { id: string; conversation_id: string };
    turnId = turn.id;
    conversationId = turn.conversation_id;
    const stored = (db.query("SELECT event FROM turn_events WHERE turn_id = ? ORDER BY seq").all(turnId) as { event: string }[])
      .map((r) => JSON.parse(r.event))
      .filter((e) => e.type === "text")
      .map((e) => e.text)
      .join("");
    expect(stored.startsWith(readBefore)).toBe(true);
  } finally {
    db.close();
  }

  const second = await suite.start({ port });
  try {
    const page = await (await fetch(`${second.url}/conversations/${conversationId}`)).text();
    expect(page).toContain(readBefore);
    expect(page).toContain("interrupted");
    expect(page).toContain(`/turns/${turnId}/retry`);
    suite.fake.reset();
    suite.fake.enqueue({ kind: "message", content: [{ type: "text", text: "Here it is again." }] });
    const retry = await fetch(`${second.url}/turns/${turnId}/retry`, { method: "POST", headers: { Origin: second.url, "HX-Request": "true" } });
    expect(retry.status).toBe(200);
    await suite.fake.waitForRequests(1);
    expect(suite.fake.requests[0]!.body.messages!.at(-1).content[0].text).toBe("a long answer please");
  } finally {
    await suite.stop(second, "SIGTERM");
  }
}, 60_000);
