/**
 * Issue 29 item 2 (SPEC §13.1): an import's write and its undo run in the budget write worker
 * (src/import/write-worker.ts), on a budget.db connection of that thread, with the write path's
 * two phases unchanged. A reader holds budget.db (a rollback journal) across the COMMIT, so the
 * COMMIT waits for it in SQLite's busy wait: were the COMMIT on this thread, nothing here could run
 * until it gave up. Because it is in the worker, the test looks meanwhile and finds the intent
 * 'pending' in chat.db and neither the rows (for other readers) nor the import's record; then it lets
 * the reader go and finds the intent done, the rows and the record. A reader held past the busy
 * timeout makes the worker's COMMIT fail: BudgetBusyError, the intent failed, nothing recorded,
 * budget.db unchanged, and the worker's connection let go (the next write takes the lock). The kill
 * tests of the worker's writes (import, import_undo: crash before and after the worker's COMMIT,
 * settled by reconciliation) are in writer-kills.test.ts.
 */
import { Database } from "bun:sqlite";
import { afterEach, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { Importer } from "../../src/import/importer.ts";
import { BudgetBusyError } from "../../src/ledger/write-lock.ts";
import { budgetWriterFor } from "../../src/ledger/write-path.ts";
import { Store } from "../../src/store/store.ts";
import { integrity } from "../support/db-file.ts";
import { waitFor } from "../support/wait.ts";
import { allRows, parsed, row, tempDir } from "../import/support.ts";

const CLI = { userId: null, by: "cli", via: "cli" } as const;
let tmp: ReturnType<typeof tempDir> | null = null;
const readers: { release(): void }[] = [];
// A reader a failed expectation left held would keep a worker's COMMIT waiting into the next test.
afterEach(() => {
  for (const r of readers.splice(0)) r.release();
  tmp?.cleanup();
});

function setUp(busyTimeoutMs: number) {
  tmp = tempDir();
  const target = join(tmp.dir, "budget.db");
  const store = Store.memory();
  const importer = new Importer({ target, store, model: null, writer: budgetWriterFor(target, store, 0, { busyTimeoutMs }) });
  return { target, store, importer };
}

const statement = (name: string, refs: string[]) =>
  parsed(
    name,
    refs.map((r, k) => row({ date: `2026-02-0${k + 1}`, amount: -(k + 1), description: `Shop ${r}`, reference: r })),
  );

/**
 * A read transaction on budget.db from another connection (as sqlite3 or a backup tool holds one): a COMMIT must
 * wait for its end, and no new reader gets in meanwhile (the COMMIT's pending lock); `ids()` reads through it.
 */
function holdReader(path: string): { ids(): unknown[]; release(): void } {
  const reader = new Database(path, { readonly: true });
  reader.run("BEGIN");
  reader.query("SELECT 1 FROM transactions LIMIT 1").get();
  let held = true;
  const r = {
    ids: () => reader.query("SELECT transaction_id FROM transactions ORDER BY id").values().map((v) => v[0]),
    release() {
      if (!held) return;
      held = false;
      reader.run("ROLLBACK");
      reader.close();
    },
  };
  readers.push(r);
  return r;
}

/** The transaction ids budget.db holds, read by a fresh connection (what another reader sees). */
const ids = (path: string) => allRows(path).map((r) => r.transaction_id);

describe("the budget write worker", () => {
  test("an import: the intent is pending while the worker's COMMIT waits for a reader, its record comes only after", async () => {
    const { target, store, importer } = setUp(20_000);
    // The first import makes budget.db (and the pipeline's tables) for the reader to hold.
    await importer.commit(await importer.plan(statement("a.csv", ["a1"]), { classify: "offline" }), { actor: CLI });
    const reader = holdReader(target);
    const writing = importer.commit(await importer.plan(statement("b.csv", ["b1", "b2"]), { classify: "offline" }), { actor: CLI });
    await waitFor(() => store.budgetWrites.pending().length === 1, { what: "the import's intent, stored before its COMMIT" });
    const [intent] = store.budgetWrites.pending();
    // The two rows and the import_log row, as the import notes them (BatchResult.journal: a row's transaction_details go with it, uncounted).
    expect([intent!.kind, intent!.status, intent!.changedRows]).toEqual(["import", "pending", 3]);
    // Its sample: both new rows (ids 2 and 3 after a1's 1), absent before, as the write leaves them after (every column).
    expect(intent!.changes.map((c) => [c.table, c.key, c.before, c.after?.transaction_id, c.after?.import_batch, Object.keys(c.after ?? {}).length])).toEqual([
      ["transactions", { id: 2 }, null, "b1", expect.stringMatching(/^b\.csv@/), 13],
      ["transactions", { id: 3 }, null, "b2", expect.stringMatching(/^b\.csv@/), 13],
    ]);
    // The COMMIT is waiting: the file does not hold the rows yet, and chat.db has no record of them.
    expect(reader.ids()).toEqual(["a1"]);
    expect(store.imports.list(target).map((r) => r.file)).toEqual(["a.csv"]);
    expect(store.audit.list({ kind: "write" }).length).toBe(1);
    reader.release();
    const done = await writing;
    expect(done.inserted).toBe(2);
    expect(store.budgetWrites.get(intent!.id)!.status).toBe("done");
    expect(ids(target)).toEqual(["a1", "b1", "b2"]);
    expect(store.imports.list(target).map((r) => r.file).sort()).toEqual(["a.csv", "b.csv"]);
    expect(integrity(target)).toBe("ok");
  });

  test("an undo: the same two phases", async () => {
    const { target, store, importer } = setUp(20_000);
    await importer.commit(await importer.plan(statement("a.csv", ["a1"]), { classify: "offline" }), { actor: CLI });
    const b = await importer.commit(await importer.plan(statement("b.csv", ["b1", "b2"]), { classify: "offline" }), { actor: CLI });
    const reader = holdReader(target);
    const undoing = importer.undo(b.batch!, CLI);
    await waitFor(() => store.budgetWrites.pending().length === 1, { what: "the undo's intent" });
    const [intent] = store.budgetWrites.pending();
    expect([intent!.kind, intent!.changedRows]).toEqual(["import_undo", 5]); // two rows, their two transaction_details, the import_log row
    expect(reader.ids()).toEqual(["a1", "b1", "b2"]);
    expect(store.imports.get(b.batch!)!.undoneAt).toBeNull();
    reader.release();
    expect(await undoing).toEqual({ batch: b.batch!, deleted: 2 });
    expect(store.budgetWrites.get(intent!.id)!.status).toBe("done");
    expect(ids(target)).toEqual(["a1"]);
    expect(store.imports.get(b.batch!)!.undoneBy).toBe("cli");
  });

  test("a reader held past the busy timeout: BudgetBusyError, the intent failed, nothing recorded or written, the lock let go", async () => {
    const { target, store, importer } = setUp(300);
    await importer.commit(await importer.plan(statement("a.csv", ["a1"]), { classify: "offline" }), { actor: CLI });
    const plan = await importer.plan(statement("b.csv", ["b1"]), { classify: "offline" });
    const reader = holdReader(target);
    const failed = await importer.commit(plan, { actor: CLI }).catch((e: unknown) => e);
    reader.release();
    expect(failed).toBeInstanceOf(BudgetBusyError);
    expect((failed as Error).message).toBe("the budget database is busy (another program is using it); try again");
    const intents = store.budgetWrites.list();
    expect(intents.map((i) => [i.kind, i.status])).toEqual([
      ["import", "failed"],
      ["import", "done"],
    ]);
    expect(ids(target)).toEqual(["a1"]);
    expect(store.imports.list(target).map((r) => r.file)).toEqual(["a.csv"]);
    // The worker rolled back and closed its connection: the same plan imports now.
    expect((await importer.commit(plan, { actor: CLI })).inserted).toBe(1);
    expect(ids(target)).toEqual(["a1", "b1"]);
    expect(integrity(target)).toBe("ok");
  });
});
