/**
 * The writes of one tick share one chat.db transaction (issue 37 item 1: StoreDb.inTick,
 * Store.writeInTick / inTick / tickCommitted), and what relies on them: a running turn's
 * last stored event kept in memory (Turns.appendEvents), and text shown to subscribers only
 * once it is stored (RunningTurn.hold / release; SPEC §13).
 */
import { Database } from "bun:sqlite";
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RunningTurn } from "../../src/chat/running-turn.ts";
import type { AgentEvent } from "../../src/core/events.ts";
import { Store } from "../../src/store/store.ts";

const dir = mkdtempSync(join(tmpdir(), "store-tick-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
/** A store on a file of its own, and a second connection to that file (another process, as it were). */
function open(): { store: Store; other: Database; titles: () => string[] } {
  const path = join(dir, `chat-${++n}.db`);
  const store = Store.open(path);
  const other = new Database(path, { readonly: true });
  return { store, other, titles: () => (other.query("SELECT title FROM conversations ORDER BY title").all() as { title: string }[]).map((r) => r.title) };
}

test("writes of one tick commit together at its end: another connection sees none of them before, all of them after", async () => {
  const { store, other, titles } = open();
  for (const t of ["a", "b", "c"]) expect(store.writeInTick(`conversation ${t}`, () => void store.conversations.create("local", t))).toBe(true);
  // This connection reads its own writes at once; another sees them only once committed.
  expect(store.conversations.list("local").map((c) => c.title).sort()).toEqual(["a", "b", "c"]);
  expect(titles()).toEqual([]);
  await store.tickCommitted();
  expect(titles()).toEqual(["a", "b", "c"]);
  other.close();
  store.close();
});

test("a write that throws undoes only its own rows; the tick's others are stored", async () => {
  const { store, other, titles } = open();
  store.writeInTick("a", () => void store.conversations.create("local", "a"));
  expect(() =>
    store.inTick("b, then a failure", () => {
      store.conversations.create("local", "b");
      throw new Error("boom");
    }),
  ).toThrow("boom");
  store.writeInTick("c", () => void store.conversations.create("local", "c"));
  await store.tickCommitted();
  expect(titles()).toEqual(["a", "c"]);
  other.close();
  store.close();
});

test("any other write commits the tick's writes first (so they stay in order, and the other one is stored at once)", () => {
  const { store, other, titles } = open();
  store.writeInTick("a", () => void store.conversations.create("local", "a"));
  // A plain write (here a rename): no waiting for the tick's end.
  const b = store.conversations.create("local", "b");
  expect(titles()).toEqual(["a", "b"]);
  store.writeInTick("c", () => void store.conversations.rename("local", b.id, "c"));
  store.transaction(() => void store.conversations.create("local", "d"));
  expect(titles()).toEqual(["a", "c", "d"]);
  other.close();
  store.close();
});

test("a running turn's streamed deltas extend its stored text in place without reading it back; after a rollback it is read again", async () => {
  const { store, other } = open();
  const c = store.conversations.create("local", "t");
  const turnId = store.turns.start({ conversationId: c.id, userId: "local", model: "m", question: "q" });
  const text = (t: string): AgentEvent => ({ type: "text", text: t });
  store.writeInTick("deltas", () => {
    store.turns.appendEvents(turnId, [{ type: "turn_started", conversationId: c.id, turnId }]);
    store.turns.appendEvents(turnId, [text("Hel")]);
    store.turns.appendEvents(turnId, [text("lo")]);
  });
  // A rolled-back write in between (its row undone: the kept tail, which had moved on to it, is no longer trusted) …
  expect(() =>
    store.transaction(() => {
      store.turns.appendEvents(turnId, [{ type: "notice", kind: "unsaved", message: "lost" }]);
      throw new Error("rolled back");
    }),
  ).toThrow("rolled back");
  // … then more text, and another event: the log is exactly what was kept.
  store.writeInTick("more", () => store.turns.appendEvents(turnId, [text(" there"), { type: "notice", kind: "stopped", message: "Stopped." }]));
  await store.tickCommitted();
  const rows = other.query("SELECT seq, event FROM turn_events WHERE turn_id = ? ORDER BY seq").all(turnId) as { seq: number; event: string }[];
  expect(rows.map((r) => [r.seq, JSON.parse(r.event)])).toEqual([
    [1, { type: "turn_started", conversationId: c.id, turnId }],
    [2, { type: "text", text: "Hello there" }],
    [3, { type: "notice", kind: "stopped", message: "Stopped." }],
  ]);
  other.close();
  store.close();
});

test("held text reaches subscribers only at release, together with what was pushed meanwhile", async () => {
  const turn = new RunningTurn("t1", "c1", "local");
  const seen: AgentEvent[][] = [];
  const reading = (async () => {
    for await (const batch of turn.batches(undefined, false)) seen.push(batch);
  })();
  turn.push({ type: "tool_started", id: "x", tool: "calculate", input: {} });
  await Bun.sleep(1);
  turn.hold({ type: "text", text: "stored first" });
  turn.push({ type: "tool_finished", id: "x", tool: "calculate", summary: "2" });
  await Bun.sleep(1);
  expect(seen).toEqual([[{ type: "tool_started", id: "x", tool: "calculate", input: {} }]]);
  turn.release();
  turn.finish({ status: "done", incomplete: false, usage: { input_tokens: 0, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 } });
  await reading;
  expect(seen.slice(1).flat()).toEqual([
    { type: "text", text: "stored first" },
    { type: "tool_finished", id: "x", tool: "calculate", summary: "2" },
  ]);
});
