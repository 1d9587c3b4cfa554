/**
 * Issue 25 items 1 and 5 at the level of the write path itself (src/ledger/write-path.ts):
 * what the journal keeps, how start-up settles a crash's leftovers, and concurrent writers
 * (two programs writing budget.db at once are serialised, never half-written; an apply that
 * throws or whose process is killed midway leaves budget.db as it was).
 */
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeDemoDb } from "../../src/ledger/demo/generator.ts";
import { TimeSlices } from "../../src/core/time-slices.ts";
import { readersShutOut, WriteSlices } from "../../src/ledger/write-lock.ts";
import { BudgetWriter, mergeSettlements } from "../../src/ledger/write-path.ts";
import { reconcileBudgetWrites, RECONCILED_FAILED, settleLeftoverWrites } from "../../src/ledger/write-recovery.ts";
import { Store } from "../../src/store/store.ts";
import { integrity, queryFile } from "../support/db-file.ts";

let dir: string;
let demo: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "bc-write-path-"));
  demo = join(dir, "demo.db");
  writeDemoDb({ out: demo, seed: 7, transactions: 2000 });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
function fresh(): { db: string; chat: string; store: Store } {
  n++;
  const db = join(dir, `budget-${n}.db`);
  copyFileSync(demo, db);
  const chat = join(dir, `chat-${n}.db`);
  return { db, chat, store: Store.open(chat) };
}

const count = (db: string, sql: string, ...params: string[]) => queryFile<{ n: number }>(db, sql, ...params)[0]!.n;

describe("the journal", () => {
  test("updates of two tables: the intent keeps each changed row before and after, and ends done", async () => {
    const { db, store } = fresh();
    const writer = new BudgetWriter(db, { journal: store });
    const receipt = await writer.writeWithReceipt({
      kind: "transaction_edit",
      userId: "u1",
      apply: (d) => {
        d.run("UPDATE transactions SET category = 'Travel' WHERE id = 1");
        d.run("UPDATE categories SET description = 'changed' WHERE name = 'Cash'");
        d.run("UPDATE categories SET description = description WHERE name = 'Fees'"); // no change: left out
        return 42;
      },
    });
    expect(receipt).toMatchObject({ result: 42, settled: true, snapshot: null });
    const intent = store.budgetWrites.get(receipt.intentId!)!;
    expect(intent).toMatchObject({ kind: "transaction_edit", userId: "u1", status: "done", changedRows: 2, dbPath: db });
    expect(intent.changes.map((c) => [c.table, c.key, c.before?.category ?? c.before?.description, c.after?.category ?? c.after?.description])).toEqual([
      ["transactions", { id: 1 }, expect.any(String), "Travel"],
      ["categories", { name: "Cash" }, expect.any(String), "changed"],
    ]);
    store.close();
  });

  test("inserts: each row's final state is kept (inserted then changed, replaced), a row inserted then deleted is left out", async () => {
    const { db, store } = fresh();
    const at = (d: Database, id: number) => d.query("SELECT * FROM transactions WHERE id = ?").get(id);
    const r = new Database(db, { readonly: true });
    const row3 = at(r, 3);
    const top = (r.query("SELECT max(id) AS n FROM transactions").get() as { n: number }).n;
    r.close();
    const add = (d: Database, tag: string) =>
      Number(
        d
          .query(
            `INSERT INTO transactions (date, raw_description, amount, currency, merchant_name, category, source, confidence, transaction_id, import_batch, created_at)
             VALUES ('2026-01-01', ?, -1, 'CHF', 'Test', 'Other', 'manual', 1, ?, 'T', '2026-01-01T00:00:00Z')`,
          )
          .run(tag, tag).lastInsertRowid,
      );
    const writer = new BudgetWriter(db, { journal: store });
    const receipt = await writer.writeWithReceipt({
      kind: "import",
      userId: null,
      apply: (d) => {
        const a = add(d, "a");
        d.run("UPDATE transactions SET category = 'Travel' WHERE id = ?", [a]);
        const b = add(d, "b");
        add(d, "c");
        d.run("DELETE FROM transactions WHERE id = ?", [b]);
        d.run("INSERT OR REPLACE INTO transactions (id, date, raw_description, amount, currency, merchant_name, category, source, confidence, transaction_id, import_batch, created_at) VALUES (3, '2026-02-02', 'replaced', -2, 'CHF', 'R', 'Other', 'manual', 1, 'r', 'T', '2026-01-01T00:00:00Z')");
        return null;
      },
    });
    const intent = store.budgetWrites.get(receipt.intentId!)!;
    const w = new Database(db, { readonly: true });
    expect(intent.changedRows).toBe(3);
    expect(intent.changes).toEqual([
      { table: "transactions", key: { id: top + 1 }, before: null, after: at(w, top + 1) as Record<string, unknown> },
      { table: "transactions", key: { id: top + 3 }, before: null, after: at(w, top + 3) as Record<string, unknown> },
      { table: "transactions", key: { id: 3 }, before: row3 as Record<string, unknown>, after: at(w, 3) as Record<string, unknown> },
    ]);
    expect(w.query("SELECT id, raw_description, category FROM transactions WHERE import_batch = 'T' ORDER BY id").all()).toEqual([
      { id: 3, raw_description: "replaced", category: "Other" },
      { id: top + 1, raw_description: "a", category: "Travel" },
      { id: top + 3, raw_description: "c", category: "Other" },
    ]);
    w.close();
    store.close();
  });

  test("a big insert-only write: every row counted, a sample of 100 spread over them, each as budget.db holds it", async () => {
    const { db, store } = fresh();
    const r = new Database(db, { readonly: true });
    const top = (r.query("SELECT max(id) AS n FROM transactions").get() as { n: number }).n;
    r.close();
    const receipt = await new BudgetWriter(db, { journal: store }).writeWithReceipt({
      kind: "import",
      userId: null,
      apply: (d) => {
        const insert = d.query(
          `INSERT INTO transactions (date, raw_description, amount, currency, merchant_name, category, source, confidence, transaction_id, import_batch, created_at)
           VALUES ('2026-01-01', ?, -1, 'CHF', 'Test', 'Other', 'manual', 1, ?, 'T', '2026-01-01T00:00:00Z')`,
        );
        for (let i = 0; i < 1000; i++) insert.run(`row ${i}`, `big-${i}`);
        return null;
      },
    });
    const intent = store.budgetWrites.get(receipt.intentId!)!;
    expect(intent.changedRows).toBe(1000);
    expect(intent.changes.map((c) => c.key.id)).toEqual(Array.from({ length: 100 }, (_, i) => top + 1 + i * 10));
    const w = new Database(db, { readonly: true });
    for (const c of intent.changes) {
      expect(c).toEqual({ table: "transactions", key: c.key, before: null, after: w.query("SELECT * FROM transactions WHERE id = ?").get(c.key.id as number) as Record<string, unknown> });
    }
    w.close();
    expect(reconcileBudgetWrites(store)).toEqual({ done: [], failed: [] }); // done already
    store.close();
  });

  test("a settlement is recorded with done, and only then", async () => {
    const { db, store } = fresh();
    const writer = new BudgetWriter(db, { journal: store });
    await writer.write({
      kind: "import",
      userId: null,
      apply: (d) => d.run("DELETE FROM transactions WHERE id = 2"),
      settle: () => ({ audit: [{ kind: "write", detail: { what: "deleted row 2" } }] }),
    });
    expect(store.audit.list({ kind: "write" }).map((e) => e.detail)).toEqual([{ what: "deleted row 2" }]);
    await expect(
      writer.write({
        kind: "import",
        userId: null,
        apply: (d) => {
          d.run("DELETE FROM transactions WHERE id = 3");
          throw new Error("the file has a bad row");
        },
        settle: () => ({ audit: [{ kind: "write", detail: { what: "deleted row 3" } }] }),
      }),
    ).rejects.toThrow("the file has a bad row");
    expect(store.audit.list({ kind: "write" })).toHaveLength(1);
    expect(count(db, "SELECT count(*) AS n FROM transactions WHERE id = 3")).toBe(1);
    store.close();
  });

  test("start-up: an intent whose change budget.db holds is done (with its settlement); one it does not hold is failed", async () => {
    const { db, store } = fresh();
    const row = (id: number) => {
      const d = new Database(db, { readonly: true });
      const r = d.query("SELECT id, category FROM transactions WHERE id = ?").get(id) as { id: number; category: string };
      d.close();
      return r;
    };
    const r5 = row(5);
    const r6 = row(6);
    // As a crash would leave them: both pending. Row 5 carries the first write's "after"; row 6 still its "before".
    const rw = new Database(db);
    rw.run("UPDATE transactions SET category = 'Travel' WHERE id = 5");
    rw.close();
    const held = store.budgetWrites.begin({
      kind: "recategorise",
      userId: "u",
      dbPath: db,
      changes: [{ table: "transactions", key: { id: 5 }, before: { id: 5, category: r5.category }, after: { id: 5, category: "Travel" } }],
      changedRows: 1,
      settle: { audit: [{ kind: "write", detail: { ok: true, which: "held" } }] },
      snapshot: null,
    });
    const lost = store.budgetWrites.begin({
      kind: "recategorise",
      userId: "u",
      dbPath: db,
      changes: [{ table: "transactions", key: { id: 6 }, before: { id: 6, category: r6.category }, after: { id: 6, category: "Travel" } }],
      changedRows: 1,
      settle: { audit: [{ kind: "write", detail: { ok: true, which: "lost" } }] },
      snapshot: null,
    });
    expect(reconcileBudgetWrites(store)).toEqual({ done: [held], failed: [lost] });
    expect(store.budgetWrites.get(held)!.status).toBe("done");
    expect(store.budgetWrites.get(lost)).toMatchObject({ status: "failed", error: RECONCILED_FAILED });
    expect(store.audit.list({ kind: "write" }).map((e) => e.detail)).toEqual([{ ok: true, which: "held" }]);
    expect(reconcileBudgetWrites(store)).toEqual({ done: [], failed: [] });
    store.close();
  });

  test("start-up leaves alone the intent of a writer still inside its transaction (another process about to COMMIT)", async () => {
    const { db, store } = fresh();
    const rw = new Database(db);
    const was = (rw.query("SELECT category FROM transactions WHERE id = 8").get() as { category: string }).category;
    // A live writer: the write lock held, its change made, its intent stored, COMMIT not yet done.
    rw.run("BEGIN IMMEDIATE");
    rw.run("UPDATE transactions SET category = 'Travel' WHERE id = 8");
    const live = store.budgetWrites.begin({
      kind: "recategorise",
      userId: "u",
      dbPath: db,
      changes: [{ table: "transactions", key: { id: 8 }, before: { category: was }, after: { category: "Travel" } }],
      changedRows: 1,
      settle: { audit: [{ kind: "write", detail: { which: "live" } }] },
      snapshot: null,
    });
    // Judged without the lock it would look "not held" and be failed, and its settlement lost when it commits.
    expect(reconcileBudgetWrites(store)).toEqual({ done: [], failed: [] });
    expect(store.budgetWrites.get(live)!.status).toBe("pending");
    rw.run("COMMIT");
    rw.close();
    expect(reconcileBudgetWrites(store)).toEqual({ done: [live], failed: [] });
    expect(store.audit.list({ kind: "write" }).map((e) => e.detail)).toEqual([{ which: "live" }]);
    store.close();
  }, 20_000);
});

describe("settlements (issue 29): what a writer states, recorded once budget.db holds it", () => {
  test("an edit is stored under the intent's id and named in its audit entries; budgets and an undo mark are recorded with it", async () => {
    const { db, store } = fresh();
    store.budgets.set("Dining", 300, "CHF", { via: "cli", by: "cli" });
    const writer = new BudgetWriter(db, { journal: store });
    const settle = () => ({
      edit: { kind: "category" as const, userId: "u1", message: "Renamed Dining to Food.", input: {}, before: {}, after: {} },
      budgets: [
        { category: "Dining", value: null, by: "ann" },
        { category: "Food", value: { amount: 300, currency: "CHF" }, by: "ann" },
      ],
      audit: [{ kind: "write" as const, userId: "u1", detail: { change: "category" } }],
    });
    // Before COMMIT nothing of it is in chat.db: settle is asked inside the write, recorded after.
    const audited = store.audit.list().length; // the budget set above
    let during: unknown = null;
    const receipt = await writer.writeWithReceipt({
      kind: "category",
      userId: "u1",
      apply: (d) => {
        d.run("UPDATE transactions SET category = 'Food' WHERE category = 'Dining'");
        during = [store.edits.list("u1").length, store.budgets.list().map((b) => b.category), store.audit.list().length];
      },
      settle,
    });
    expect(during).toEqual([0, ["Dining"], audited]);
    const edit = store.edits.ofWrite(receipt.intentId!)!;
    expect([edit.kind, edit.message, edit.userId]).toEqual(["category", "Renamed Dining to Food.", "u1"]);
    expect(store.audit.list({ kind: "write" }).map((e) => e.detail)[0]).toEqual({ edit: edit.id, change: "category" });
    expect(store.budgets.list().map((b) => [b.category, b.amount, b.updatedBy])).toEqual([["Food", 300, "ann"]]);
    // The undo marks it undone with its own write.
    await writer.write({ kind: "category_undo", userId: "u1", apply: (d) => d.run("UPDATE transactions SET category = 'Dining' WHERE category = 'Food'"), settle: () => ({ editUndone: { id: edit.id, by: "ann" } }) });
    expect(store.edits.get("u1", edit.id)!.undoneBy).toBe("ann");
    store.close();
  });

  test("an approval's settlement and the writer's own are one: lists joined, a record both state refused", () => {
    const audit = (what: string) => ({ kind: "write" as const, detail: { what } });
    expect(mergeSettlements({ audit: [audit("a")], budgets: [{ category: "X", value: null, by: "b" }] }, { audit: [audit("b")], undone: { approvalId: "p", result: {} } })).toEqual({
      audit: [audit("a"), audit("b")],
      budgets: [{ category: "X", value: null, by: "b" }],
      undone: { approvalId: "p", result: {} },
    });
    expect(mergeSettlements(null, { audit: [] })).toEqual({ audit: [] });
    expect(() => mergeSettlements({ editUndone: { id: 1, by: "a" } }, { editUndone: { id: 2, by: "b" } })).toThrow("two settlements of one write both record editUndone");
  });

  test("this process's writers take turns: a second waits (asynchronously) for a first that pauses between slices, the event loop free meanwhile", async () => {
    const { db, store } = fresh();
    const first = new BudgetWriter(db, { journal: store });
    const second = new BudgetWriter(db, { journal: store });
    const order: string[] = [];
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 1);
    const a = first.write({
      kind: "import",
      userId: null,
      apply: async (d) => {
        order.push("first begins");
        for (let i = 0; i < 5; i++) {
          d.run(`UPDATE transactions SET category = 'Slice ${i}' WHERE id = 1`);
          await Bun.sleep(20);
        }
        order.push("first ends");
      },
    });
    const b = second.write({ kind: "transaction_edit", userId: null, apply: (d) => void (order.push("second"), d.run("UPDATE transactions SET category = 'Second' WHERE id = 1")) });
    await Promise.all([a, b]);
    clearInterval(ticker);
    expect(order).toEqual(["first begins", "first ends", "second"]);
    // The timer kept firing while the first write paused (100 ms in all): the loop was never held.
    expect(ticks).toBeGreaterThan(10);
    expect(count(db, "SELECT count(*) AS n FROM transactions WHERE id = 1 AND category = 'Second'")).toBe(1);
    expect(store.budgetWrites.list().map((w) => w.status)).toEqual(["done", "done"]);
    store.close();
  });

  test("a write keeps its changed pages until COMMIT, so another connection reads the file as it was meanwhile; one that asks to spill (a streamed import) writes them early, its memory bounded, and readers wait; one that spills beyond a bound keeps them up to it", async () => {
    const { db, store } = fresh();
    const writer = new BudgetWriter(db, { journal: store });
    const before = count(db, "SELECT count(*) AS n FROM transactions");
    // 20,000 rows of over 500 bytes each (about 11 MB): far more than SQLite's default page cache (2 MB), so it would spill.
    const fill = (d: Database, tag: string) => {
      const insert = d.prepare(
        "INSERT INTO transactions (date, raw_description, amount, currency, merchant_name, category, source, confidence, transaction_id, created_at) VALUES ('2026-01-01', ?, -1, 'CHF', 'M', 'Other', 'manual', 1, ?, 't')",
      );
      for (let i = 0; i < 20_000; i++) insert.run(`${tag} ${i} ${"x".repeat(500)}`, `${tag}-${i}`);
    };
    /** What another connection reads while the write is still inside its transaction: the row count, or its error. */
    const readMeanwhile = () => {
      const r = new Database(db, { readonly: true });
      try {
        r.run("PRAGMA busy_timeout = 0");
        return (r.query("SELECT count(*) AS n FROM transactions").get() as { n: number }).n;
      } catch (e) {
        return (e as Error).message;
      } finally {
        r.close();
      }
    };
    expect(await writer.write({ kind: "import", userId: null, apply: (d) => (fill(d, "kept"), readMeanwhile()) })).toBe(before);
    expect(await writer.write({ kind: "import", userId: null, spill: true, apply: (d) => (fill(d, "spilt"), readMeanwhile()) })).toBe("database is locked");
    // A bound (a rule's write from the server): the same 11 MB of pages stay in memory under a 32 MiB bound, and spill over a 4 MiB one.
    expect(await writer.write({ kind: "import", userId: null, spill: { beyondMiB: 32 }, apply: (d) => (fill(d, "under"), readMeanwhile()) })).toBe(before + 40_000);
    expect(await writer.write({ kind: "import", userId: null, spill: { beyondMiB: 4 }, apply: (d) => (fill(d, "over"), readMeanwhile()) })).toBe("database is locked");
    // What WriteSlices asks before it pauses: shut out only once the write spilt.
    expect(await writer.write({ kind: "import", userId: null, spill: { beyondMiB: 4 }, apply: (d) => [readersShutOut(db), (fill(d, "asked"), readersShutOut(db))] })).toEqual([false, true]);
    expect(count(db, "SELECT count(*) AS n FROM transactions")).toBe(before + 100_000);
    expect(store.budgetWrites.list().map((w) => w.status)).toEqual(["done", "done", "done", "done", "done"]);
    store.close();
  });

  test("WriteSlices pauses between chunks while readers can read, and no more once the write spilt (readers are shut out until COMMIT anyway)", async () => {
    const { db, store } = fresh();
    const writer = new BudgetWriter(db, { journal: store });
    /** Whether a chunk boundary let a timer set just before it run (TimeSlices(0): a pause is always due). */
    const paused = async (d: Database) => {
      let ran = false;
      setTimeout(() => (ran = true), 0);
      await new WriteSlices(d, new TimeSlices(0)).between();
      return ran;
    };
    // About 11 MB of pages (as above): over a 4 MiB bound, SQLite spills them.
    const fill = (d: Database) => {
      const insert = d.prepare(
        "INSERT INTO transactions (date, raw_description, amount, currency, merchant_name, category, source, confidence, transaction_id, created_at) VALUES ('2026-01-01', ?, -1, 'CHF', 'M', 'Other', 'manual', 1, ?, 't')",
      );
      for (let i = 0; i < 20_000; i++) insert.run(`slice ${i} ${"x".repeat(500)}`, `slice-${i}`);
    };
    expect(await writer.write({ kind: "import", userId: null, spill: { beyondMiB: 4 }, apply: async (d) => [await paused(d), (fill(d), await paused(d))] })).toEqual([true, false]);
    store.close();
  });

  test("a running server's round leaves an intent alone while another connection holds the file, without waiting; settles it once free", async () => {
    const { db, store } = fresh();
    const rw = new Database(db);
    const was = (rw.query("SELECT category FROM transactions WHERE id = 9").get() as { category: string }).category;
    rw.run("BEGIN IMMEDIATE");
    rw.run("UPDATE transactions SET category = 'Travel' WHERE id = 9");
    const live = store.budgetWrites.begin({
      kind: "import",
      userId: null,
      dbPath: db,
      changes: [{ table: "transactions", key: { id: 9 }, before: { category: was }, after: { category: "Travel" } }],
      changedRows: 1,
      settle: { audit: [{ kind: "write", detail: { which: "left by another process" } }] },
      snapshot: null,
    });
    const started = Date.now();
    expect(await settleLeftoverWrites(store)).toEqual({ done: [], failed: [] });
    expect(Date.now() - started).toBeLessThan(1000); // it did not sit in a 5 s busy wait
    rw.run("COMMIT");
    rw.close();
    expect(await settleLeftoverWrites(store)).toEqual({ done: [live], failed: [] });
    expect(store.audit.list({ kind: "write" }).map((e) => e.detail)).toEqual([{ which: "left by another process" }]);
    store.close();
  });
});

test("start-up: an undo budget.db holds settles its approval as undone (its write marked undone, the audit written)", async () => {
  const { db, store } = fresh();
  const conv = store.conversations.create("u", "x");
  const turnId = store.turns.start({ conversationId: conv.id, userId: "u", model: "m", question: "q" });
  const a = store.approvals.create({ userId: "u", conversationId: conv.id, turnId, toolUseId: "t", tool: "recategorise_transactions", args: {}, preview: { title: "", description: "", facts: [] }, ttlMs: 60_000 });
  store.approvals.decide("u", a.id, "approved");
  store.approvals.recordWrite(a.id, { rows: [] }, { rows: [] });
  store.approvals.markExecuted(a.id, { message: "moved" });
  // The undo committed to budget.db (row 7 back in Travel), then the process died.
  const rw = new Database(db);
  const was = (rw.query("SELECT category FROM transactions WHERE id = 7").get() as { category: string }).category;
  rw.run("UPDATE transactions SET category = 'Travel' WHERE id = 7");
  rw.close();
  const undone = { message: "moved", undone: { at: "2026-11-24T10:00:00.000Z", message: "Undone." } };
  store.budgetWrites.begin({
    kind: "recategorise_undo",
    userId: "u",
    dbPath: db,
    changes: [{ table: "transactions", key: { id: 7 }, before: { category: was }, after: { category: "Travel" } }],
    changedRows: 1,
    settle: { undone: { approvalId: a.id, result: undone }, audit: [{ kind: "undo", userId: "u", detail: { approvalId: a.id, ok: true } }] },
    snapshot: null,
  });
  expect(reconcileBudgetWrites(store).done).toHaveLength(1);
  expect(store.approvals.get("u", a.id)).toMatchObject({ status: "undone", result: undone });
  expect(store.approvals.getWrite(a.id)!.undoneAt).not.toBeNull();
  expect(store.audit.list({ kind: "undo" }).map((e) => e.detail)).toEqual([{ approvalId: a.id, ok: true }]);
  store.close();
});

describe("concurrent writers and killed writes", () => {
  const child = (db: string, chat: string, tag: string, rows: number, holdMs: number, busyMs: number) =>
    Bun.spawn([process.execPath, join(import.meta.dir, "write-child.ts"), db, chat, tag, String(rows), String(holdMs), String(busyMs)], {
      stdout: "pipe",
      stderr: "pipe",
    });

  async function inside(p: ReturnType<typeof child>): Promise<void> {
    const reader = (p.stderr as ReadableStream<Uint8Array>).getReader();
    let seen = "";
    while (!seen.includes("inside")) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`child ended before it was inside: ${seen}`);
      seen += new TextDecoder().decode(value);
    }
    reader.releaseLock();
  }

  test("two writers at once: the second waits for the first; both whole, one after the other", async () => {
    const { db, chat, store } = fresh();
    const before = count(db, "SELECT count(*) AS n FROM transactions");
    const a = child(db, chat, "A", 400, 600, 10_000);
    await inside(a);
    const b = child(db, chat, "B", 400, 0, 10_000);
    const [outA, outB] = await Promise.all([new Response(a.stdout).text(), new Response(b.stdout).text()]);
    expect([outA.trim(), outB.trim()]).toEqual(["ok", "ok"]);
    expect(count(db, "SELECT count(*) AS n FROM transactions")).toBe(before + 800);
    // Serialised: every row of A was written before any row of B.
    expect(count(db, "SELECT count(*) AS n FROM transactions WHERE import_batch = 'B' AND id < (SELECT max(id) FROM transactions WHERE import_batch = 'A')")).toBe(0);
    expect(store.budgetWrites.list().map((i) => [i.status, i.changedRows])).toEqual([
      ["done", 400],
      ["done", 400],
    ]);
    store.close();
    expect(integrity(db)).toBe("ok");
  }, 30_000);

  test("two writers at once, the second out of patience: it gets the busy error and writes nothing; the first is whole", async () => {
    const { db, chat, store } = fresh();
    const before = count(db, "SELECT count(*) AS n FROM transactions");
    const a = child(db, chat, "A", 400, 1500, 10_000);
    await inside(a);
    const b = child(db, chat, "B", 400, 0, 200);
    const outB = (await new Response(b.stdout).text()).trim();
    expect(outB).toStartWith("busy: the budget database is busy (another program is using it: process ");
    expect(outB).toEndWith("); try again");
    expect((await new Response(a.stdout).text()).trim()).toBe("ok");
    expect(count(db, "SELECT count(*) AS n FROM transactions")).toBe(before + 400);
    expect(count(db, "SELECT count(*) AS n FROM transactions WHERE import_batch = 'B'")).toBe(0);
    // Nothing recorded for the write that never got the lock.
    expect(store.budgetWrites.list()).toHaveLength(1);
    store.close();
    expect(integrity(db)).toBe("ok");
  }, 30_000);

  test("a writer killed (SIGKILL) in the middle of its apply leaves budget.db as it was", async () => {
    const { db, chat, store } = fresh();
    const before = count(db, "SELECT count(*) AS n FROM transactions");
    const a = child(db, chat, "K", 400, 10_000, 10_000);
    await inside(a);
    a.kill("SIGKILL");
    await a.exited;
    expect(count(db, "SELECT count(*) AS n FROM transactions")).toBe(before);
    expect(count(db, "SELECT count(*) AS n FROM transactions WHERE import_batch = 'K'")).toBe(0);
    expect(integrity(db)).toBe("ok");
    // It never got as far as recording an intent; the next writer works.
    expect(store.budgetWrites.list()).toEqual([]);
    await new BudgetWriter(db, { journal: store }).write({ kind: "import", userId: null, apply: (d) => d.run("DELETE FROM transactions WHERE id = 1") });
    expect(count(db, "SELECT count(*) AS n FROM transactions")).toBe(before - 1);
    store.close();
    expect(integrity(chat)).toBe("ok");
  }, 30_000);
});
