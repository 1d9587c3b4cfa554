/**
 * A user's own transaction edit (SPEC §12): the same write as an approved
 * recategorisation (manual, 1.0, merchant_cache + few_shot_examples), recorded in chat.db
 * and the audit log, undone exactly once. Figures from test/fixtures/budget-fixture.ts (row ids
 * in brackets).
 */
import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { EditError, editTransaction, parseEdit, undoTransactionEditById } from "../../src/transactions/edit.ts";
import { writeFixturePerTest } from "../fixtures/budget-fixture.ts";
import { queryFile } from "../support/db-file.ts";
import { makeImporter, parsed, pipelineDb, row, tempDir } from "../import/support.ts";
import { BudgetDb } from "../../src/ledger/reader.ts";
import { join } from "node:path";

const NOW = new Date("2026-01-02T03:04:05Z");
const ANNA = { id: "u-anna", name: "anna" };
const BEN = { id: "u-ben", name: "ben" };

const setup = writeFixturePerTest(NOW);
const look = queryFile;
const txRows = (path: string, ids: number[]) =>
  look(path, `SELECT id, merchant_name, category, source, confidence FROM transactions WHERE id IN (${ids.join(",")}) ORDER BY id`);
const refusal = async (fn: () => unknown): Promise<[string, string]> => {
  try {
    await fn();
  } catch (e) {
    expect(e).toBeInstanceOf(EditError);
    return [(e as EditError).kind, (e as Error).message];
  }
  throw new Error("expected an EditError");
};

describe("editTransaction", () => {
  // Kiosk: [125] Dining (llm, 0.6) and [118] Other (llm, 0.9); only [125] is edited.
  test("one row to another category: manual, 1.0, the cache entry and the example written, recorded and audited", async () => {
    const { f, deps } = setup();
    const { edit: recorded, message } = await editTransaction(deps, ANNA, 125, parseEdit({ category: "groceries" }));
    const edit = recorded!;
    expect(message).toBe("Moved 1 transaction to Groceries.");
    expect(txRows(f.path, [118, 125])).toEqual([
      { id: 118, merchant_name: "Kiosk", category: "Other", source: "llm", confidence: 0.9 },
      { id: 125, merchant_name: "Kiosk", category: "Groceries", source: "manual", confidence: 1 },
    ]);
    expect(look(f.path, "SELECT raw_key, merchant_name, category, confidence, source, created_at, updated_at FROM merchant_cache")).toEqual([
      { raw_key: "KIOSK BAHNHOF", merchant_name: "Kiosk", category: "Groceries", confidence: 1, source: "manual", created_at: "2026-01-02T03:04:05+00:00", updated_at: "2026-01-02T03:04:05+00:00" },
    ]);
    expect(look(f.path, "SELECT merchant_pattern, raw_description, correct_merchant, correct_category, created_at FROM few_shot_examples")).toEqual([
      { merchant_pattern: "KIOSK BAHNHOF", raw_description: "KIOSK BAHNHOF", correct_merchant: "Kiosk", correct_category: "Groceries", created_at: "2026-01-02T03:04:05+00:00" },
    ]);
    expect(deps.store.edits.list(ANNA.id).map((e) => [e.id, e.kind, e.message, e.undoneAt])).toEqual([[edit.id, "transaction_edit", "Moved 1 transaction to Groceries.", null]]);
    const [audit] = deps.store.audit.list({ kind: "write" });
    expect(audit!.userId).toBe(ANNA.id);
    expect(audit!.detail).toEqual({
      edit: edit.id,
      change: "transaction_edit",
      via: "page",
      by: "anna",
      transaction: 125,
      rows: 1,
      before: [{ id: 125, category: "Dining", source: "llm", confidence: 0.6, merchant_name: "Kiosk" }],
      after: [{ id: 125, category: "Groceries", source: "manual", confidence: 1, merchant_name: "Kiosk" }],
      merchantKeys: 1,
    });
  });

  // Restaurant Krone: [101] [102] [103] well-formed, [123] dated "2024-02-30" (malformed: in no list, so not one of "its other rows").
  test("the merchant's other rows in one action, with a new merchant name; undo restores every table exactly", async () => {
    const { f, deps } = setup();
    const before = look(f.path, "SELECT * FROM transactions ORDER BY id");
    const { edit: recorded, message } = await editTransaction(deps, ANNA, 103, parseEdit({ category: "Groceries", merchant_name: "Krone Bistro", apply_to_merchant: true }));
    const edit = recorded!;
    expect(message).toBe('Moved 3 transactions to Groceries and renamed their merchant to "Krone Bistro".');
    expect(txRows(f.path, [101, 102, 103, 123])).toEqual([
      ...[101, 102, 103].map((id) => ({ id, merchant_name: "Krone Bistro", category: "Groceries", source: "manual", confidence: 1 })),
      { id: 123, merchant_name: "Restaurant Krone", category: "Dining", source: "llm", confidence: 0.95 },
    ]);
    expect(look(f.path, "SELECT raw_key, merchant_name, category FROM merchant_cache")).toEqual([{ raw_key: "RESTAURANT KRONE", merchant_name: "Krone Bistro", category: "Groceries" }]);

    const undone = await undoTransactionEditById(deps, ANNA, edit.id);
    expect(undone.message).toBe("Undone: 3 transactions are back as before.");
    expect(undone.edit.undoneAt).toBe(NOW.toISOString());
    expect(look(f.path, "SELECT * FROM transactions ORDER BY id")).toEqual(before);
    expect(look(f.path, "SELECT count(*) AS n FROM merchant_cache")).toEqual([{ n: 0 }]);
    expect(look(f.path, "SELECT count(*) AS n FROM few_shot_examples")).toEqual([{ n: 0 }]);
    expect(deps.store.audit.list({ kind: "undo" })[0]!.detail).toMatchObject({ edit: edit.id, change: "transaction_edit", rows: 3 });
    // Once only.
    expect(await refusal(() => undoTransactionEditById(deps, ANNA, edit.id))).toEqual(["conflict", "This edit was already undone."]);
  });

  test("undo leaves a row someone changed since alone, and says so", async () => {
    const { f, deps } = setup();
    const { edit: recorded } = await editTransaction(deps, ANNA, 125, parseEdit({ category: "Groceries" }));
    const edit = recorded!;
    const w = new Database(f.path);
    w.run("UPDATE transactions SET category = 'Shopping' WHERE id = 125");
    w.close();
    expect(await refusal(() => undoTransactionEditById(deps, ANNA, edit.id))).toEqual([
      "conflict",
      "Nothing was restored: 1 of the 1 transactions changed (or were deleted) since the edit; undo would overwrite that, so nothing was restored.",
    ]);
    expect(txRows(f.path, [125])).toEqual([{ id: 125, merchant_name: "Kiosk", category: "Shopping", source: "manual", confidence: 1 }]);
  });

  test("refusals change nothing: bad input 400, unknown id or someone else's edit 404, no change 409", async () => {
    const { f, deps } = setup();
    const before = look(f.path, "SELECT * FROM transactions ORDER BY id");
    expect(await refusal(() => parseEdit({}))).toEqual(["invalid", 'Invalid edit: ✖ give category, merchant_name or both; send e.g. {"category": "Dining"} or {"merchant_name": "Migros", "apply_to_merchant": true}']);
    expect((await refusal(() => parseEdit({ category: "Dining", colour: "red" })))[0]).toBe("invalid");
    // The 15 names of the categories table and Household (only in transactions [30–35]); `transport` [75] [76] is Transport.
    expect(await refusal(() => editTransaction(deps, ANNA, 125, parseEdit({ category: "Pets" })))).toEqual([
      "invalid",
      'Unknown category "Pets". Valid categories: Dining, Fees, Groceries, Healthcare, Household, Housing, Income, Insurance, Investments, Other, Shopping, Subscriptions, Transfers, Transport, Travel, Uncategorised.',
    ]);
    expect(await refusal(() => editTransaction(deps, ANNA, 999, parseEdit({ category: "Dining" })))).toEqual(["not_found", "No transaction with id 999."]);
    const { edit: recorded } = await editTransaction(deps, ANNA, 125, parseEdit({ category: "Groceries" }));
    const edit = recorded!;
    expect(await refusal(() => editTransaction(deps, ANNA, 125, parseEdit({ category: "Groceries" })))).toEqual([
      "conflict",
      "Nothing was changed: transaction 125 already has this category and merchant name: nothing to change.",
    ]);
    expect(await refusal(() => undoTransactionEditById(deps, BEN, edit.id))).toEqual(["not_found", `No edit ${edit.id} of yours to undo.`]);
    await undoTransactionEditById(deps, ANNA, edit.id);
    expect(look(f.path, "SELECT * FROM transactions ORDER BY id")).toEqual(before);
  });
});

describe("an edit's undo after an import undo gave its row's id to a new import", () => {
  // transactions.id has no AUTOINCREMENT: undoing the last import frees its ids, and importing the same file again takes them (and the same transaction_id).
  test("is refused: the row under that id now is another import's, edited the same way by a later edit; that edit's undo still works", async () => {
    const tmp = tempDir();
    try {
      const target = join(tmp.dir, "budget.db");
      pipelineDb(target, []);
      const db = new Database(target);
      db.run("INSERT INTO categories VALUES ('Groceries', 'Food shopping', 't')");
      db.close();
      const { importer, store } = makeImporter(target);
      const fileA = () => parsed("a.csv", [row({ date: "2026-03-01", amount: -9.9, description: "Kiosk Bahnhof", reference: "k1" })]);
      const cli = { userId: null, by: "cli", via: "cli" } as const;
      const first = await importer.commit(await importer.plan(fileA(), { classify: "offline" }), { actor: cli });
      const batch = first.batch!;
      const deps = { budget: BudgetDb.open(target), writer: importer.writer, store };
      try {
        const { edit: old } = await editTransaction(deps, ANNA, 1, parseEdit({ category: "Groceries" }));
        // The edited row goes with its import (the user agreed to lose the edit).
        expect(await importer.undo(batch, cli, { includingEdited: true })).toEqual({ batch, deleted: 1 });
        await importer.commit(await importer.plan(fileA(), { classify: "offline" }), { actor: cli });
        const { edit: again } = await editTransaction(deps, ANNA, 1, parseEdit({ category: "Groceries" }));
        // Id 1 again, as the first edit left its row: only the origin tells them apart.
        expect(txRows(target, [1])).toEqual([{ id: 1, merchant_name: "Kiosk Bahnhof", category: "Groceries", source: "manual", confidence: 1 }]);
        expect(await refusal(() => undoTransactionEditById(deps, ANNA, old!.id))).toEqual([
          "conflict",
          "Nothing was restored: 1 of the 1 transactions changed (or were deleted) since the edit; undo would overwrite that, so nothing was restored.",
        ]);
        expect(txRows(target, [1])).toEqual([{ id: 1, merchant_name: "Kiosk Bahnhof", category: "Groceries", source: "manual", confidence: 1 }]);
        expect(store.edits.get(ANNA.id, old!.id)!.undoneAt).toBeNull();
        // The later edit made this row what it is: its undo puts back what the import had written (the merchant cache the first edit taught: Groceries, 1.0).
        expect((await undoTransactionEditById(deps, ANNA, again!.id)).message).toBe("Undone: 1 transaction is back as before.");
        expect(txRows(target, [1])).toEqual([{ id: 1, merchant_name: "Kiosk Bahnhof", category: "Groceries", source: "cache", confidence: 1 }]);
      } finally {
        deps.budget.close();
      }
    } finally {
      tmp.cleanup();
    }
  });
});
