/**
 * Issue 25 item 2: what the user saw is stored. A client records every text delta it
 * received from the real `serve`; the server is killed (-9) at once after a delta, at an
 * early and a later moment of the answer; the stored answer contains all the client got,
 * and after a restart the conversation shows it.
 */
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeDemoDb } from "../../src/ledger/demo/generator.ts";
import { startFakeAnthropic, type FakeAnthropic } from "../support/fake-anthropic.ts";
import { startServe, type ServeProcess } from "../support/serve-process.ts";
import { SseReader } from "../trust/support.ts";

let fake: FakeAnthropic;
let dir: string;
const procs = new Set<ServeProcess["proc"]>();
beforeAll(async () => {
  fake = await startFakeAnthropic();
  dir = mkdtempSync(join(tmpdir(), "bc-seen-"));
  writeDemoDb({ out: join(dir, "budget.db"), seed: 7, transactions: 2000 });
});
afterAll(async () => {
  for (const p of procs) {
    p.kill("SIGKILL");
    await p.exited;
  }
  await fake.stop();
  rmSync(dir, { recursive: true, force: true });
});

const WORDS = Array.from({ length: 80 }, (_, i) => `w${i}`).join(" ");

function storedText(turnId: string): string {
  const db = new Database(join(dir, "chat.db"), { readonly: true });
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
    const server = await startServe({ dir, fakeUrl: fake.url });
    procs.add(server.proc);
    fake.reset();
    fake.enqueue({ kind: "message", content: [{ type: "text", text: WORDS }], chunkDelayMs: 15 });
    const res = await fetch(`${server.url}/api/chat`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ message: "a long answer please" }) });
    const stream = new SseReader(res);
    const { turn_id: turnId, conversation_id: conversationId } = await turnOf(server.url);
    while (stream.all("chunk").length < killAfter) await Bun.sleep(1);
    server.proc.kill("SIGKILL");
    await server.proc.exited;
    procs.delete(server.proc);
    await Bun.sleep(50); // whatever was in flight reaches the client
    const received = stream.all("chunk").map((c) => c.text).join("");
    expect(received.length).toBeGreaterThan(0);
    expect(received.length).toBeLessThan(WORDS.length);

    const stored = storedText(turnId);
    expect(stored.startsWith(received)).toBe(true);

    const again = await startServe({ dir, fakeUrl: fake.url });
    procs.add(again.proc);
    try {
      const page = await (await fetch(`${again.url}/conversations/${conversationId}`)).text();
      expect(page).toContain(received.split(" ").slice(0, -1).join(" "));
      expect(page).toContain("interrupted");
    } finally {
      again.proc.kill("SIGTERM");
      await again.proc.exited;
      procs.delete(again.proc);
    }
  }, 60_000);
}

/** The running turn (the only one), read from chat.db. */
async function turnOf(_url: string): Promise<{ turn_id: string; conversation_id: string }> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const db = new Database(join(dir, "chat.db"), { readonly: true });
    try {
      const row = db.query("SELECT id AS turn_id, conversation_id FROM turns WHERE status = 'running'").get() as { turn_id: string; conversation_id: string } | null;
      if (row) return row;
    } finally {
      db.close();
    }
    await Bun.sleep(5);
  }
  throw new Error("no running turn");
}
