/**
 * Issue 25 item 1: an approval is recorded as executed only when budget.db holds the change.
 *
 * (a) Another program holds a read transaction on the rollback-journal budget.db while the
 *     user approves: budget.db's COMMIT cannot get its exclusive lock within the busy
 *     timeout, so it rolls back, and chat.db records nothing of it (issue 29): 503 with
 *     Retry-After, the approval pending again, no `writes` row, no audit entry, the card
 *     still open and saying why; approving again once the reader is gone carries it out.
 * (b) The real server dies (SIGKILL, test hook) between budget.db's COMMIT and chat.db's
 *     "done": the restart finds the intent, sees budget.db holds the change and records
 *     the approval executed (its write, the audit entry); Undo then works.
 * Both databases pass PRAGMA integrity_check after each fault.
 */
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeDemoDb } from "../../src/ledger/demo/generator.ts";
import { CRASH_AFTER_COMMIT_ENV } from "../../src/ledger/write-path.ts";
import { startFakeAnthropic, type FakeAnthropic } from "../support/fake-anthropic.ts";
import { freePort, startServe } from "../support/serve-process.ts";
import type { WebHarness } from "../support/web-harness.ts";
import { apiChat, browserHeaders, changedIds, recategoriseScript, snapshot, SseReader, startTrustHarness } from "../trust/support.ts";
import { integrity } from "../support/db-file.ts";

const STARBUCKS = { search: "Starbucks", year: 2025, to_category: "groceries" };

let fake: FakeAnthropic;
beforeAll(async () => {
  fake = await startFakeAnthropic();
});
afterAll(async () => {
  await fake.stop();
});

describe("(a) a reader holds the rollback-journal budget.db during Approve", () => {
  let h: WebHarness;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "bc-2phase-a-"));
    writeDemoDb({ out: join(dir, "budget.db"), seed: 7 });
    h = await startTrustHarness({ fake, dir });
  });
  afterAll(async () => {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
    fake.reset();
  });

  test("COMMIT fails: rolled back, 503 with Retry-After, the approval pending again with nothing recorded; approving again works", async () => {
    const budgetPath = join(dir, "budget.db");
    const mode = new Database(budgetPath, { readonly: true });
    expect((mode.query("PRAGMA journal_mode").get() as { journal_mode: string }).journal_mode).toBe("delete");
    mode.close();

    fake.enqueue(...recategoriseScript(STARBUCKS));
    const before = snapshot(h);
    const stream = await apiChat(h, "move this year's Starbucks to Groceries");
    const { id } = await stream.waitFor("approval_request");
    // The answer ends waiting for the decision (it does not block).
    await stream.ended;
    const auditBefore = h.store.audit.list().length;

    // Another program reads budget.db and keeps its read transaction open (SHARED lock).
    const reader = new Database(budgetPath, { readonly: true });
    reader.run("BEGIN");
    reader.query("SELECT count(*) FROM transactions").get();
    let res: Response;
    try {
      res = await fetch(`${h.url}/approvals/${id}/approve`, { method: "POST", headers: browserHeaders(h) });
    } finally {
      reader.run("ROLLBACK");
      reader.close();
    }
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    const card = await res.text();
    // The card is still open (Approve and Reject), and says why nothing happened; the reader is this process, so no holder is named.
    expect(card).toContain("Nothing was changed: the budget database is busy (another program is using it); try again.");
    expect(card).toContain(`hx-post="/approvals/${id}/approve"`);
    expect(card).not.toContain("Undo");

    // budget.db unchanged; chat.db records nothing of it: pending again, no write, no audit entry.
    expect(changedIds(before, snapshot(h))).toEqual([]);
    expect(h.store.approvals.getWrite(id)).toBeNull();
    expect(h.store.approvals.get("local", id)!.status).toBe("pending");
    expect(h.store.audit.list().length).toBe(auditBefore);
    const [intent] = h.store.budgetWrites.list(1);
    expect(intent).toMatchObject({ kind: "recategorise", status: "failed" });
    expect(intent!.error).toBe("the budget database is busy (another program is using it); try again");
    expect(integrity(budgetPath)).toBe("ok");
    expect(integrity(join(dir, "chat.db"))).toBe("ok");

    // The reader is gone: the same card's Approve carries it out.
    const again = await fetch(`${h.url}/api/approvals/${id}`, { method: "POST", headers: { ...browserHeaders(h), "content-type": "application/json" }, body: JSON.stringify({ decision: "approve" }) });
    expect(again.status).toBe(200);
    expect((await again.json()).status).toBe("executed");
    expect(changedIds(before, snapshot(h)).length).toBeGreaterThan(0);
    const writes = h.store.audit.list({ kind: "write" }).filter((e) => (e.detail as { approvalId?: string }).approvalId === id);
    expect(writes.map((e) => (e.detail as { ok: boolean }).ok)).toEqual([true]);
    expect(h.store.audit.list({ kind: "approval_decided" }).filter((e) => (e.detail as { approvalId?: string }).approvalId === id)).toHaveLength(1);
  }, 30_000);
});

describe("(b) SIGKILL between budget.db's COMMIT and chat.db's done", () => {
  let dir: string;
  const procs = new Set<ReturnType<typeof Bun.spawn>>();
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "bc-2phase-b-"));
    writeDemoDb({ out: join(dir, "budget.db"), seed: 7 });
  });
  afterAll(async () => {
    for (const p of procs) {
      p.kill("SIGKILL");
      await p.exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  const serve = async (port: number, env: Record<string, string> = {}) => {
    const p = await startServe({ dir, fakeUrl: fake.url, port, env });
    procs.add(p.proc);
    return p;
  };

  const headers = (url: string) => ({ "content-type": "application/json", Origin: url });

  const manualRows = () => {
    const db = new Database(join(dir, "budget.db"), { readonly: true });
    try {
      return (db.query("SELECT count(*) AS n FROM transactions WHERE source = 'manual'").get() as { n: number }).n;
    } finally {
      db.close();
    }
  };

  test("the restart reconciles: executed, its write and audit recorded, Undo works", async () => {
    const manualBefore = manualRows();
    const port = freePort();
    const first = await serve(port, { NODE_ENV: "test", [CRASH_AFTER_COMMIT_ENV]: "1" });
    fake.reset();
    fake.enqueue(...recategoriseScript(STARBUCKS));
    const stream = new SseReader(await fetch(`${first.url}/api/chat`, { method: "POST", headers: headers(first.url), body: JSON.stringify({ message: "move Starbucks" }) }));
    const { id } = await stream.waitFor("approval_request");
    const approve = await fetch(`${first.url}/api/approvals/${id}`, { method: "POST", headers: headers(first.url), body: JSON.stringify({ decision: "approve" }) }).catch(
      (e: Error) => e,
    );
    expect(approve).toBeInstanceOf(Error); // the server died mid-request
    expect(await first.proc.exited).not.toBe(0);
    expect(first.proc.signalCode).toBe("SIGKILL");
    procs.delete(first.proc);

    // budget.db holds the change; chat.db has only the pending intent.
    const moved = (() => {
      const db = new Database(join(dir, "budget.db"), { readonly: true });
      try {
        return (db.query("SELECT count(*) AS n FROM transactions WHERE source = 'manual' AND category = 'Groceries' AND merchant_name LIKE '%Starbucks%'").get() as { n: number }).n;
      } finally {
        db.close();
      }
    })();
    expect(moved).toBeGreaterThan(0);
    const chat = new Database(join(dir, "chat.db"), { readonly: true });
    try {
      expect(chat.query("SELECT status FROM approvals WHERE id = ?").get(id)).toEqual({ status: "approved" });
      expect(chat.query("SELECT count(*) AS n FROM writes").get()).toEqual({ n: 0 });
      expect(chat.query("SELECT status, kind FROM budget_writes").all()).toEqual([{ status: "pending", kind: "recategorise" }]);
    } finally {
      chat.close();
    }

    const second = await serve(port);
    try {
      const a = await (await fetch(`${second.url}/api/approvals/${id}`, { headers: headers(second.url) })).json();
      expect(a.status).toBe("executed");
      const check = new Database(join(dir, "chat.db"), { readonly: true });
      try {
        expect(check.query("SELECT count(*) AS n FROM writes WHERE approval_id = ?").get(id)).toEqual({ n: 1 });
        expect(check.query("SELECT status FROM budget_writes").all()).toEqual([{ status: "done" }]);
        const audit = check.query("SELECT detail FROM audit_log WHERE kind = 'write'").all() as { detail: string }[];
        const details = audit.map((r) => JSON.parse(r.detail));
        expect(details.map((d) => [d.approvalId, d.ok, d.moved])).toEqual([[id, true, moved]]);
        // It names the day's snapshot of budget.db, taken before the change.
        expect(details[0].snapshot).toStartWith(join(dir, "backups", "budget-"));
        expect(existsSync(details[0].snapshot)).toBe(true);
      } finally {
        check.close();
      }
      const undo = await fetch(`${second.url}/api/approvals/${id}/undo`, { method: "POST", headers: headers(second.url) });
      expect(undo.status).toBe(200);
      expect((await undo.json()).status).toBe("undone");
      expect(manualRows()).toBe(manualBefore);
    } finally {
      second.proc.kill("SIGTERM");
      await second.proc.exited;
      procs.delete(second.proc);
    }
    expect(integrity(join(dir, "budget.db"))).toBe("ok");
    expect(integrity(join(dir, "chat.db"))).toBe("ok");
  }, 60_000);
});
