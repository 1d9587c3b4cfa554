/**
 * Issue 16 item 2: a failed approved write never hangs the answer. With the app database
 * locked for more than 5 s during the commit (another connection holds a write lock on
 * chat.db), the budget write rolls back, approve answers 409 (nothing was written), the
 * approval ends `failed` (never "approved" without a write), the turn ends with a clear,
 * retryable error, the user's slot is free, and the conversation goes on.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { Store } from "../../src/store/store.ts";
import { MIGRATIONS } from "../../src/store/migrations.ts";
import { closeInterruptedTurns } from "../../src/chat/recovery.ts";
import { apiChat, browserHeaders, changedIds, postJson, recategoriseScript, resultText, snapshot, startTrustHarness, toolResultsOf } from "../trust/support.ts";
import { Locker } from "./locker.ts";
import { webSuite } from "../support/web-harness.ts";
import { waitFor } from "../support/wait.ts";

let locker: Locker;
const h = webSuite(() => startTrustHarness());
beforeAll(async () => {
  locker = new Locker();
});
afterAll(async () => {
  await locker.close();
});
afterEach(async () => {
  await locker.release();
  h.fake.reset();
});

const STARBUCKS = { search: "Starbucks", year: 2025, to_category: "groceries" };

/** Take the lock on chat.db the next time the app opens a transaction on it (the approval's record step, inside the budget commit). */
function lockChatDbAtNextTransaction() {
  const store = h.store;
  const original = store.transaction;
  store.transaction = function <T>(fn: () => T): T {
    store.transaction = original;
    locker.lockNow(join(h.dir, "chat.db"));
    return original.call(store, fn) as T;
  };
  return () => (store.transaction = original);
}

describe("approve while the app database is locked", () => {
  test("locked > 5 s during the commit: rolled back, 409, approval failed, no continuation, the card says why, the slot is free", async () => {
    h.fake.enqueue(...recategoriseScript(STARBUCKS));
    const before = snapshot(h);
    const stream = await apiChat(h, "move this year's Starbucks to Groceries");
    const { id } = await stream.waitFor("approval_request");
    await stream.ended;
    const approval = h.store.approvals.get("local", id)!;
    const restore = lockChatDbAtNextTransaction();
    let res: Response;
    try {
      res = await postJson(h, `/api/approvals/${id}`, { decision: "approve" });
    } finally {
      restore();
    }
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.error).toContain("nothing was modified");
    expect(body.error).toContain("busy");
    await locker.release();

    // No continuation on a database that is likely still busy: the model is not asked again (it learns it with the next request).
    expect(body.continuation_turn_id).toBeUndefined();
    expect(h.fake.requests).toHaveLength(1);

    // Nothing written, the approval in its final state, the turn finished, the slot free.
    expect(changedIds(before, snapshot(h))).toEqual([]);
    expect(h.store.approvals.getWrite(id)).toBeNull();
    await waitFor(() => h.store.approvals.get("local", id)!.status === "failed", { timeoutMs: 15_000, what: "the approval to fail" });
    expect((h.store.approvals.get("local", id)!.result as { message: string }).message).toContain("nothing was modified");
    await waitFor(() => h.store.turns.get(approval.turnId)!.status === "done", { timeoutMs: 15_000, what: "the turn to be done" });
    expect(h.chat.runningCount("local")).toBe(0);
    expect(h.chat.turn(approval.turnId)).toBeUndefined();
    const page = await (await fetch(`${h.url}/conversations/${approval.conversationId}`, { headers: browserHeaders(h) })).text();
    expect(page).toContain("<strong>Approved, but it could not be done: the app database was busy (another program held a lock on it), so the change could not be recorded.");

    // A later decision finds it decided; the conversation goes on with a valid history.
    const again = await postJson(h, `/api/approvals/${id}`, { decision: "approve" });
    expect(again.status).toBe(409);
    expect((await again.json()).status).toBe("failed");
    h.fake.enqueue({ kind: "message", content: [{ type: "text", text: "Nothing changed, as said." }] });
    const next = await apiChat(h, "what happened?", {}, approval.conversationId);
    await next.ended;
    expect(next.all("error")).toEqual([]);
    expect(h.fake.requests.at(-1)!.status).toBe(200);
    const told = toolResultsOf(h.fake, h.fake.requests.length - 1).find((b) => b.tool_use_id === "toolu_recat");
    expect(told.is_error).toBe(true);
    expect(resultText(told)).toContain("nothing was modified");
    const audit = h.store.audit.list({ kind: "write", limit: 1 })[0]!;
    expect(audit.detail).toMatchObject({ approvalId: id, ok: false });
  }, 60_000);

  test("locked right after the decision is recorded (another point of approve): the same clean ending, in the browser too", async () => {
    h.fake.enqueue(...recategoriseScript(STARBUCKS));
    const before = snapshot(h);
    const stream = await apiChat(h, "move this year's Starbucks to Groceries");
    const { id } = await stream.waitFor("approval_request");
    await stream.ended;
    const approval = h.store.approvals.get("local", id)!;
    const original = h.store.approvals.decide;
    h.store.approvals.decide = function (...args: Parameters<typeof original>) {
      h.store.approvals.decide = original;
      const decided = original.apply(h.store.approvals, args);
      locker.lockNow(join(h.dir, "chat.db"));
      return decided;
    };
    let res: Response;
    try {
      res = await fetch(`${h.url}/approvals/${id}/approve`, { method: "POST", headers: browserHeaders(h) });
    } finally {
      h.store.approvals.decide = original;
    }
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(html).toContain("<strong>Approved, but it could not be done: ");
    expect(html).not.toContain("<hx-partial");
    await locker.release();
    expect(h.fake.requests).toHaveLength(1);
    expect(changedIds(before, snapshot(h))).toEqual([]);
    await waitFor(() => h.store.approvals.get("local", id)!.status === "failed", { timeoutMs: 15_000, what: "the approval to fail" });
    await waitFor(() => h.store.turns.get(approval.turnId)!.status === "done", { timeoutMs: 15_000, what: "the turn to be done" });
    expect(h.chat.runningCount("local")).toBe(0);
  }, 60_000);

  test("an approval left 'approved' without a write (a crash between decision and write) is failed at start-up", () => {
    const s = Store.memory();
    const conv = s.conversations.create("u", "x");
    const turnId = s.turns.start({ conversationId: conv.id, userId: "u", model: "m", question: "q" });
    const a = s.approvals.create({ userId: "u", conversationId: conv.id, turnId, toolUseId: "t", tool: "recategorise_transactions", args: {}, preview: { title: "t", description: "", facts: [] }, ttlMs: 60_000 });
    expect(s.approvals.decide("u", a.id, "approved")!.status).toBe("approved");
    closeInterruptedTurns(s);
    expect(s.approvals.get("u", a.id)!.status).toBe("failed");
    s.close();
  });
});

test("migration: a database of the previous version keeps its approvals, writes and audit entries; 'failed' is allowed", () => {
  const dir = mkdtempSync(join(tmpdir(), "bc-mig-"));
  const path = join(dir, "chat.db");
  const old = new Database(path);
  for (let v = 0; v < 3; v++) old.run(MIGRATIONS[v]!);
  old.run("PRAGMA user_version = 3");
  old.run("PRAGMA foreign_keys = ON");
  old.run("INSERT INTO conversations VALUES ('c', 'u', 't', '2026-01-01', '2026-01-01')");
  old.run("INSERT INTO turns (id, conversation_id, user_id, status, model, question, started_at) VALUES ('t', 'c', 'u', 'done', 'm', 'q', '2026-01-01')");
  old.run("INSERT INTO approvals VALUES ('a', 'u', 'c', 't', 'tu', 'recategorise_transactions', '{}', '{}', 'executed', '2026-01-01', '2026-01-02', '2026-01-01', '{\"message\":\"done\"}')");
  old.run("INSERT INTO writes (approval_id, before, after, created_at) VALUES ('a', '[]', '[]', '2026-01-01')");
  old.run("INSERT INTO audit_log (at, user_id, kind, detail) VALUES ('2026-01-01', 'u', 'write', '{}')");
  old.close();
  const s = Store.open(path);
  try {
    expect(s.approvals.get("u", "a")!.status).toBe("executed");
    expect(s.approvals.getWrite("a")!.approvalId).toBe("a");
    expect(s.audit.list({ kind: "write" })).toHaveLength(1);
    expect(s.db.query("PRAGMA foreign_key_check").all()).toEqual([]);
    expect((s.db.query("PRAGMA foreign_keys").get() as { foreign_keys: number }).foreign_keys).toBe(1);
    s.db.run("UPDATE approvals SET status = 'failed' WHERE id = 'a'");
    // The writes table still refers to approvals (a write without its approval is refused).
    expect(() => s.db.run("INSERT INTO writes (approval_id, before, after, created_at) VALUES ('nope', '[]', '[]', 'x')")).toThrow(/FOREIGN KEY/);
  } finally {
    s.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
