/**
 * Issue 29 item 1, the edit-id handoff when chat.db is busy: budget.db holds a user's edit,
 * but another program holds chat.db's lock just then, so the write path cannot record the
 * edit (its settlement) at once. The route waits a moment for it; still locked, it answers
 * with what budget.db holds, without an edit id (the page's toast says its Undo follows);
 * once chat.db is free the deferred settlement lands: the edit (found by the write's intent
 * id), its audit entry, and Undo works.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import { UNDO_LATER } from "../../src/transactions/edit.ts";
import { startFakeAnthropic, type FakeAnthropic } from "../support/fake-anthropic.ts";
import { startWebHarness, type WebHarness } from "../support/web-harness.ts";
import { browserHeaders } from "../trust/support.ts";
import { disagreements } from "./chat-vs-budget.ts";
import { Locker } from "./locker.ts";

let fake: FakeAnthropic;
let h: WebHarness;
let locker: Locker;
beforeAll(async () => {
  fake = await startFakeAnthropic();
  h = await startWebHarness({ fake, readOnly: false });
  locker = new Locker();
});
afterAll(async () => {
  await locker.close();
  await h.close();
  await fake.stop();
});

/** Take chat.db's lock (for `holdMs`) just before the next budget write is marked done: budget.db has committed, chat.db cannot say so. */
function lockChatDbBeforeNextDone(holdMs: number): void {
  const store = h.store;
  const writeSoon = store.writeSoon.bind(store);
  store.writeSoon = (what, fn) => {
    if (what.startsWith("the end of budget write")) {
      store.writeSoon = writeSoon;
      locker.lockNow(join(h.dir, "chat.db"), { holdMs });
    }
    return writeSoon(what, fn);
  };
}

test("the edit is made; its record and Undo follow once chat.db is free", async () => {
  const editsBefore = h.store.edits.list("local").length;
  lockChatDbBeforeNextDone(3500);
  // Transaction 5 of the demo data (seed 7): RISTORANTE MOLINO, Dining.
  const res = await fetch(`${h.url}/api/transactions/5`, { method: "PATCH", headers: { Origin: h.url, "content-type": "application/json" }, body: JSON.stringify({ category: "Travel" }) });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { edit_id: number | null; message: string; rows: number };
  expect([body.edit_id, body.message, body.rows]).toEqual([null, "Moved 1 transaction to Travel.", 1]);
  expect(h.budget.get<{ category: string }>("SELECT category FROM transactions WHERE id = 5")).toEqual({ category: "Travel" });

  // The lock goes; the deferred settlement lands (retried every 250 ms).
  await locker.released();
  const [intent] = h.store.budgetWrites.list(1);
  const deadline = Date.now() + 5000;
  while (!h.store.edits.ofWrite(intent!.id) && Date.now() < deadline) await Bun.sleep(50);
  const edit = h.store.edits.ofWrite(intent!.id)!;
  expect([edit.message, h.store.edits.list("local").length]).toEqual(["Moved 1 transaction to Travel.", editsBefore + 1]);
  expect(h.store.audit.list({ kind: "write" }).map((e) => (e.detail as { edit?: number }).edit)).toContain(edit.id);
  expect(disagreements(join(h.dir, "chat.db"), h.budget.path)).toEqual([]);
  const undo = await fetch(`${h.url}/api/edits/${edit.id}/undo`, { method: "POST", headers: { Origin: h.url } });
  expect(undo.status).toBe(200);
  expect(h.budget.get<{ category: string }>("SELECT category FROM transactions WHERE id = 5")).toEqual({ category: "Dining" });
}, 30_000);

test("the page's toast says the Undo follows", async () => {
  lockChatDbBeforeNextDone(3500);
  const res = await fetch(`${h.url}/transactions/27`, { method: "PATCH", headers: browserHeaders(h), body: new URLSearchParams({ category: "Travel" }) });
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(html).toContain(`Moved 1 transaction to Travel. ${UNDO_LATER}`);
  expect(html).not.toContain("/undo");
  await locker.released();
}, 30_000);
