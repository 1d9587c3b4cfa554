/**
 * Issue 25 item 2: what the user saw is stored. A client records every text delta it
 * received from the real `serve`; the server is killed (-9) at once after a delta, at an
 * early and a later moment of the answer; the stored answer contains all the client got,
 * and after a restart the conversation shows it.
 */
import { Database } from "bun:sqlite";
import { expect, test } from "bun:test";
import { join } from "node:path";
import { serveSuite } from "../support/serve-process.ts";
import { queryFile } from "../support/db-file.ts";
import { waitFor } from "../support/wait.ts";
import { SseReader } from "../trust/support.ts";

const suite = serveSuite({ transactions: 2000 });

const WORDS = Array.from({ length: 80 }, (_, i) => `w${i}`).join(" ");

function storedText(turnId: string): string {
  const db = new Database(join(suite.dir, "chat.db"), { readonly: true });
  try {
    return (db.query("SELECT event FROM turn_events WHERE turn_id = ? ORDER BY seq").all(turnId) as { event: string }[])
      .map((r) => JSON.parse(r.event))
      .filter((e) => e.type === "text")
      .map((e) => e.text)
      .join("");
  } finally {
    db.close();
  }
}

for (const killAfter of [1, 12]) {
  test(`kill -9 right after delta ${killAfter}: every delta the client received is stored and shown after a restart`, async () => {
    const server = await suite.start();
    suite.fake.enqueue({ kind: "message", content: [{ type: "text", text: WORDS }], chunkDelayMs: 15 });
    const res = await fetch(`${server.url}/api/chat`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ message: "a long answer please" }) });
    const stream = new SseReader(res);
    const { turn_id: turnId, conversation_id: conversationId } = await runningTurn();
    await waitFor(() => stream.all("chunk").length >= killAfter, { everyMs: 1, what: `delta ${killAfter}` });
    await suite.stop(server, "SIGKILL");
    // The connection is closed: whatever was in flight has reached the client.
    await stream.ended;
    const received = stream.all("chunk").map((c) => c.text).join("");
    expect(received.length).toBeGreaterThan(0);
    expect(received.length).toBeLessThan(WORDS.length);

    const stored = storedText(turnId);
    expect(stored.startsWith(received)).toBe(true);

    const again = await suite.start();
    try {
      const page = await (await fetch(`${again.url}/conversations/${conversationId}`)).text();
      expect(page).toContain(received.split(" ").slice(0, -1).join(" "));
      expect(page).toContain("interrupted");
    } finally {
      await suite.stop(again, "SIGTERM");
    }
  }, 60_000);
}

/** The running turn (the only one), read from chat.db as soon as it is there. */
async function runningTurn(): Promise<{ turn_id: string; conversation_id: string }> {
  let row: { turn_id: string; conversation_id: string } | null = null;
  await waitFor(
    () => {
      row = queryFile<{ turn_id: string; conversation_id: string }>(join(suite.dir, "chat.db"), "SELECT id AS turn_id, conversation_id FROM turns WHERE status = 'running'")[0] ?? null;
      return row !== null;
    },
    { everyMs: 5, timeoutMs: 10_000, what: "the running turn" },
  );
  return row!;
}
