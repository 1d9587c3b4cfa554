/**
 * recategorise_transactions' preview and the budget writer, on the one hand-made
 * fixture (every number below is counted by hand from test/fixtures/budget-rows.ts).
 */
import { BudgetWriter } from "../../src/ledger/write-path.ts";
import { Database } from "bun:sqlite";
import { afterEach, describe, expect, test } from "bun:test";
import { PIPELINE_CACHE_LOOKUP_QUERY, PIPELINE_FEW_SHOT_QUERY, pipelineMerchantKey } from "../../src/ledger/pipeline.ts";
import { WriteConflictError } from "../../src/core/errors.ts";
import { Store } from "../../src/store/store.ts";
import type { Change } from "../../src/tools/types.ts";
import { previewRecategorisation, recategoriseSchema, recategoriseTransactions } from "../../src/tools/recategorise_transactions.ts";
import { ToolInputError } from "../../src/core/errors.ts";
import { createFixture, FIXTURE_ROWS, fixtureRow, type Fixture, type FixtureRow } from "../fixtures/budget-fixture.ts";

let fx: Fixture | null = null;
afterEach(() => {
  fx?.cleanup();
  fx = null;
});
const open = (o?: Parameters<typeof createFixture>[0]) => (fx = createFixture(o));
const preview = (f: Fixture, input: unknown) => previewRecategorisation(f.db, recategoriseSchema().parse(input));
const NOW = new Date("2026-01-02T03:04:05Z");
const policy = recategoriseTransactions.approval;
/** Carry out a plan as an approval does; `record` runs inside the write transaction. */
const context = (f: Fixture) => {
  const store = Store.memory();
  return { budget: f.db, writer: new BudgetWriter(f.db.path, { journal: store }), store, now: () => NOW };
};
const execute = async (f: Fixture, plan: ReturnType<typeof preview>, record: (c: Change) => void = () => {}) => policy.execute(context(f), plan.args, record);
const undo = async (f: Fixture, plan: ReturnType<typeof preview>, change: Change) => policy.undo(context(f), plan.args, change, () => {});
const errorOf = (fn: () => unknown): string => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ToolInputError);
    return (e as Error).message;
  }
  throw new Error("expected a ToolInputError");
};
const rowsOf = (path: string, ids: number[]) => {
  const db = new Database(path, { readonly: true });
  try {
    return db.query(`SELECT id, category, source, confidence FROM transactions WHERE id IN (${ids.join(",")}) ORDER BY id`).all();
  } finally {
    db.close();
  }
};
const cacheOf = (path: string) => {
  const db = new Database(path, { readonly: true });
  try {
    return db.query("SELECT raw_key, merchant_name, category, confidence, source FROM merchant_cache ORDER BY raw_key").all();
  } finally {
    db.close();
  }
};

describe("previewRecategorisation", () => {
  test("the exact rows, total, merchants and from → to of a selection", () => {
    const f = open();
    // "migros" in 2025: rows 93 (2025-01-04, -63.70), 96 (2025-06-15T08:30:00, -66.60), 99 (2025-12-28, -112.45),
    // 100 (2025-10-04, -30.05, merchant MIGROS), all Groceries; 90 and 92 are 2024, 120 ("2025-3-1") is malformed.
    // Total: -63.70 - 66.60 - 112.45 - 30.05 = -272.80.
    const plan = preview(f, { search: "migros", year: 2025, to_category: "dining" });
    expect(plan.args.ids).toEqual([93, 96, 99, 100]);
    expect(plan.args.input).toEqual({ search: "migros", year: 2025, to_category: "Dining" });
    expect(plan.preview).toEqual({
      title: "move 4 transactions to “Dining”",
      facts: [
        { label: "Transactions", value: "4" },
        { label: "Total amount", value: "CHF -272.80" },
        { label: "From", items: ["Groceries (4) → Dining"] },
        { label: "Top merchants", items: ["Migros (3)", "MIGROS (1)"] },
      ],
      rows: 4,
      totals: [{ currency: "CHF", total: -272.8 }],
      from: [{ category: "Groceries", rows: 4 }],
      to: "Dining",
      merchants: [
        { name: "Migros", rows: 3 },
        { name: "MIGROS", rows: 1 },
      ],
      description: 'Move 4 transactions (transactions matching "migros" in all categories for 2025) to Dining; they are marked as manually classified.',
      outcome: "Moved 4 transactions to Dining",
      // Newest first, dates without their time part (96), and the Transactions page with the same filter.
      affected: {
        total: 4,
        rows: [
          { date: "2025-12-28", merchant: "Migros", category: "Groceries", amount: -112.45, currency: "CHF" },
          { date: "2025-10-04", merchant: "MIGROS", category: "Groceries", amount: -30.05, currency: "CHF" },
          { date: "2025-06-15", merchant: "Migros", category: "Groceries", amount: -66.6, currency: "CHF" },
          { date: "2025-01-04", merchant: "Migros", category: "Groceries", amount: -63.7, currency: "CHF" },
        ],
        link: "/transactions?q=migros&from=2025-01-01&to=2025-12-31",
      },
    });
    // Same day, the later row first: "online" matches 107 (SHOP_ONLINE, -33.33) and 108 (SHOPXONLINE, -10.00), both 2025-04-05.
    expect(preview(f, { search: "online", to_category: "Dining" }).preview.affected!.rows).toEqual([
      { date: "2025-04-05", merchant: "ShopXOnline", category: "Shopping", amount: -10, currency: "CHF" },
      { date: "2025-04-05", merchant: "Shop_Online", category: "Shopping", amount: -33.33, currency: "CHF" },
    ]);
  });

  test("rows in several currencies: totals per currency on the card, in the stored result and the model's result, never one sum (SPEC §3.3)", async () => {
    const f = open();
    // "o" in June 2025: Netflix [45] "NETFLIX.COM" CHF -20.90, Migros [96] CHF -66.60, Trattoria [112] EUR -55.20;
    // Hotel Roma [110] and its refund [113] (EUR) are in Travel already. CHF -20.90 - 66.60 = -87.50 (2 rows); EUR -55.20.
    const plan = preview(f, { search: "o", year: 2025, month: 6, to_category: "Travel" });
    expect(plan.args.ids).toEqual([45, 96, 112]);
    expect(plan.preview.totals).toEqual([
      { currency: "CHF", total: -87.5 },
      { currency: "EUR", total: -55.2 },
    ]);
    expect(plan.preview.facts).toContainEqual({ label: "Total amount per currency", value: "CHF -87.50, EUR -55.20" });
    expect(JSON.stringify(plan.preview)).not.toContain("142.7"); // 87.50 + 55.20: never added
    const change = await execute(f, plan);
    expect(change.message).toBe(
      "Approved by the user: moved 3 transactions (per currency: CHF -87.50, EUR -55.20) from Dining (1), Groceries (1) and Subscriptions (1) to Travel. Future imports of these merchants will be filed under Travel.",
    );
    expect(change.detail.totals).toEqual([
      { currency: "CHF", total: -87.5 },
      { currency: "EUR", total: -55.2 },
    ]);
  });

  test("category and month narrow it; rows already in the target stay and are counted in the description", () => {
    const f = open();
    // "restaurant krone": 101 (2024-03), 102 (2024-12), 103 (2025-02), all Dining; 123 ("2024-02-30") is malformed.
    const plan = preview(f, { search: "krone", category: "DINING", year: 2025, month: 2, to_category: "Groceries" });
    expect(plan.args.ids).toEqual([103]);
    expect(plan.args.input).toEqual({ search: "krone", category: "Dining", year: 2025, month: 2, to_category: "Groceries" });
    expect(plan.preview.affected!.link).toBe("/transactions?q=krone&category=Dining&from=2025-02-01&to=2025-02-28");
    // "savings" rows 80–86 are all Transfers; moving them to Transfers → nothing to move.
    // All dates: 2024-01-05 (60) to 2025-12-28 (99).
    expect(errorOf(() => preview(f, { search: "savings", to_category: "Transfers" }))).toBe(
      'Nothing to move: all 7 matching transactions (transactions matching "savings" in all categories for all dates (2024-01-05 to 2025-12-28)) are already in Transfers.',
    );
    // Mixed: "kiosk" is 118 Other (-7.80) and 125 Dining (-5.50): to Dining moves only row 118.
    const k = preview(f, { search: "kiosk", to_category: "Dining" });
    expect(k.args.ids).toEqual([118]);
    expect(k.preview.totals).toEqual([{ currency: "CHF", total: -7.8 }]);
    expect(k.preview.from).toEqual([{ category: "Other", rows: 1 }]);
    expect(k.preview.description).toBe(
      'Move 1 transaction (transactions matching "kiosk" in all categories for all dates (2024-01-05 to 2025-12-28)) to Dining; they are marked as manually classified. 1 matching transaction already in Dining stay as they are.',
    );
  });

  test("correctable errors: an unknown source category lists the names, same category, nothing matches", () => {
    const f = open();
    expect(errorOf(() => preview(f, { search: "migros", category: "Foo", to_category: "Dining" }))).toBe(
      // The table's 15 names plus Household (only in transactions; "transport" folds into Transport).
      'Unknown category "Foo". Valid categories: Dining, Fees, Groceries, Healthcare, Household, Housing, Income, Insurance, Investments, Other, Shopping, Subscriptions, Transfers, Transport, Travel, Uncategorised.',
    );
    expect(errorOf(() => preview(f, { search: "migros", category: "groceries", to_category: "Groceries" }))).toBe(
      "category and to_category are both Groceries: nothing would move. Name the category the transactions should go to in to_category.",
    );
    expect(errorOf(() => preview(f, { search: "no such shop", to_category: "Dining" }))).toStartWith(
      'Nothing to move: no transactions matching "no such shop" in all categories for all dates',
    );
    expect(errorOf(() => preview(f, { search: "migros", month: 3, to_category: "Dining" }))).toStartWith("month requires year");
  });

  test("at most 1,000 rows per approval: 1,000 is fine, 1,001 is refused", () => {
    const many = (n: number): FixtureRow[] =>
      Array.from({ length: n }, (_, i) => fixtureRow(i + 1, "2025-01-01", `BULK SHOP ${i}`, -1, "Bulk", "Shopping"));
    const f = open({ rows: many(1001) });
    expect(errorOf(() => preview(f, { search: "bulk", to_category: "Groceries" }))).toBe(
      "refused: 1'001 rows match; at most 1'000 per approval — narrow it with category/year/month.",
    );
    f.cleanup();
    fx = null;
    const g = open({ rows: many(1000) });
    expect(preview(g, { search: "bulk", to_category: "Groceries" }).preview.rows).toBe(1000);
  });

  test("the tool is high risk: it has no run, only an approval policy, and a preview writes nothing", () => {
    const f = open();
    expect(recategoriseTransactions.risk).toBe("high");
    expect("run" in recategoriseTransactions).toBe(false);
    preview(f, { search: "migros", to_category: "Dining" });
    expect(rowsOf(f.path, [93])).toEqual([{ id: 93, category: "Groceries", source: "llm", confidence: 0.79 }]);
    // Unknown keys and a missing target are schema errors.
    expect(recategoriseSchema().safeParse({ search: "x" }).success).toBe(false);
    expect(recategoriseSchema().safeParse({ search: "x", to_category: "Dining", ids: [1] }).success).toBe(false);
  });
});

const cacheRows = (path: string) => query(path, "SELECT * FROM merchant_cache ORDER BY raw_key");
const exampleRows = (path: string) => query(path, "SELECT * FROM few_shot_examples ORDER BY id");
function query(path: string, sql: string, ...params: any[]) {
  const db = new Database(path, { readonly: true });
  try {
    return db.query(sql).all(...params);
  } finally {
    db.close();
  }
}

describe("writer", () => {
  test("moves exactly the stored rows, marks them manual, teaches the pipeline under its own keys, and undo restores all three tables", async () => {
    const f = open();
    // What the pipeline had: a cache entry under its key for MIGROS ZUERICH HB, and an older example for it.
    const w = new Database(f.path, { strict: true });
    w.query(
      "INSERT INTO merchant_cache (raw_key, merchant_name, category, confidence, source, created_at, updated_at) VALUES ('MIGROS ZUERICH HB', 'Migros', 'Groceries', 0.8, 'llm', '2024-01-01T00:00:00+00:00', '2024-01-01T00:00:00+00:00')",
    ).run();
    w.query(
      "INSERT INTO few_shot_examples (id, merchant_pattern, raw_description, correct_merchant, correct_category, created_at) VALUES (7, 'MIGROS ZUERICH HB', 'MIGROS ZUERICH HB 0815', 'Migros', 'Groceries', '2024-01-01T00:00:00+00:00')",
    ).run();
    // Every selected row is source 'llm' (93 at confidence 0.79, the rest 0.95); one of another source too.
    w.query("UPDATE transactions SET source = 'rule', confidence = 0.73 WHERE id = 100").run();
    w.close();
    const cacheBefore = cacheRows(f.path);
    const examplesBefore = exampleRows(f.path);
    const plan = preview(f, { search: "migros", year: 2025, to_category: "Dining" });
    const before = rowsOf(f.path, plan.args.ids);

    const change = await execute(f, plan);
    expect(change.message).toBe(
      "Approved by the user: moved 4 transactions (CHF -272.80) from Groceries to Dining. Future imports of these merchants will be filed under Dining.",
    );
    // Rows 93, 96, 99, 100: -63.70 - 66.60 - 112.45 - 30.05 = -272.80; keys MIGROS ZUERICH HB and MIGROS-MMM BASEL.
    expect(change.detail).toEqual({ moved: 4, totals: [{ currency: "CHF", total: -272.8 }], from: [{ category: "Groceries", rows: 4 }], to: "Dining", merchantKeys: 2 });
    expect((change.before as { rows: unknown }).rows).toEqual(before as never);
    expect(rowsOf(f.path, plan.args.ids)).toEqual(plan.args.ids.map((id) => ({ id, category: "Dining", source: "manual", confidence: 1 })));
    // Rows outside the selection are untouched (2024 Migros rows 90 and 92; 120, whose date "2025-3-1" is malformed).
    expect(rowsOf(f.path, [90, 92, 120])).toEqual([
      { id: 90, category: "Groceries", source: "llm", confidence: 0.95 },
      { id: 92, category: "Groceries", source: "llm", confidence: 0.95 },
      { id: 120, category: "Groceries", source: "llm", confidence: 0.95 },
    ]);
    // The pipeline's own lookup under its own keys now finds the new category: "MIGROS ZUERICH HB" → MIGROS ZUERICH HB
    // (merchant from its earliest row, #93), "MIGROS-MMM BASEL" → MIGROS-MMM BASEL (a new entry; merchant from #100).
    const stamp = "2026-01-02T03:04:05+00:00";
    expect(query(f.path, PIPELINE_CACHE_LOOKUP_QUERY, pipelineMerchantKey("MIGROS ZUERICH HB"))).toEqual([
      { merchant_name: "Migros", category: "Dining", confidence: 1, source: "manual" },
    ]);
    expect(cacheRows(f.path)).toEqual([
      { raw_key: "MIGROS ZUERICH HB", merchant_name: "Migros", category: "Dining", confidence: 1, source: "manual", created_at: stamp, updated_at: stamp },
      { raw_key: "MIGROS-MMM BASEL", merchant_name: "MIGROS", category: "Dining", confidence: 1, source: "manual", created_at: stamp, updated_at: stamp },
    ]);
    // One few-shot example per key (the old one for MIGROS ZUERICH HB replaced), readable by the pipeline's own query.
    expect(query(f.path, PIPELINE_FEW_SHOT_QUERY)).toEqual([
      { merchant_pattern: "MIGROS-MMM BASEL", raw_description: "MIGROS-MMM BASEL", correct_merchant: "MIGROS", correct_category: "Dining" },
      { merchant_pattern: "MIGROS ZUERICH HB", raw_description: "MIGROS ZUERICH HB", correct_merchant: "Migros", correct_category: "Dining" },
    ]);

    // Running the same approval again finds a different selection (the rows are in Dining now): nothing written.
    await expect(execute(f, plan)).rejects.toThrow(WriteConflictError);

    expect(await undo(f, plan, change)).toBe("Undone: the previous categories of 4 transactions are restored.");
    expect(rowsOf(f.path, plan.args.ids)).toEqual(before);
    // Byte for byte: the cache entry and the example as they were (same id), the new ones gone.
    expect(cacheRows(f.path)).toEqual(cacheBefore);
    expect(exampleRows(f.path)).toEqual(examplesBefore);
    // A second undo finds the rows no longer as the write left them: refused.
    await expect(undo(f, plan, change)).rejects.toThrow(WriteConflictError);
    expect(rowsOf(f.path, plan.args.ids)).toEqual(before);
  });

  test("a lesson the pipeline changed since is left as the pipeline made it", async () => {
    const f = open();
    // "pizzeria": only row 104 (PIZZERIA NAPOLI, Dining).
    const plan = preview(f, { search: "pizzeria", to_category: "Groceries" });
    const change = await execute(f, plan);
    const w = new Database(f.path, { strict: true });
    w.run("UPDATE merchant_cache SET category = 'Dining', source = 'llm' WHERE raw_key = 'PIZZERIA NAPOLI'");
    w.close();
    await undo(f, plan, change);
    expect(query(f.path, "SELECT raw_key, category, source FROM merchant_cache")).toEqual([{ raw_key: "PIZZERIA NAPOLI", category: "Dining", source: "llm" }]);
    expect(exampleRows(f.path)).toEqual([]);
  });

  test("an undo refuses a row whose id another row took since (its row deleted, the same values again): nothing restored", async () => {
    const f = open();
    // "pizzeria": only row 104 (PIZZERIA NAPOLI, Dining).
    const plan = preview(f, { search: "pizzeria", to_category: "Groceries" });
    const change = await execute(f, plan);
    // As an import undo and the next import do: row 104 goes, a row of another batch and transaction_id takes id 104, as the approval left row 104.
    const w = new Database(f.path);
    w.run("CREATE TEMP TABLE gone AS SELECT * FROM transactions WHERE id = 104");
    w.run("DELETE FROM transactions WHERE id = 104");
    w.run("UPDATE gone SET import_batch = 'later-import', transaction_id = 'tx-later'");
    w.run("INSERT INTO transactions SELECT * FROM gone");
    w.close();
    expect(rowsOf(f.path, [104])).toEqual([{ id: 104, category: "Groceries", source: "manual", confidence: 1 }]);
    await expect(undo(f, plan, change)).rejects.toThrow(
      "1 of the 1 transactions changed (or were deleted) since the approval; undo would overwrite that, so nothing was restored",
    );
    expect(rowsOf(f.path, [104])).toEqual([{ id: 104, category: "Groceries", source: "manual", confidence: 1 }]);
  });

  test("refuses when the matching set changed since the preview; rolls back when recording fails", async () => {
    const f = open();
    const plan = preview(f, { search: "migros", year: 2025, to_category: "Dining" });
    const w = new Database(f.path, { strict: true });
    w.query(
      "INSERT INTO transactions (id, date, raw_description, amount, currency, merchant_name, category, source, confidence, transaction_id, created_at) VALUES (500, '2025-05-01', 'MIGROS NEW', -1, 'CHF', 'Migros', 'Groceries', 'llm', 0.9, 'new-500', 'x')",
    ).run();
    w.close();
    await expect(execute(f, plan)).rejects.toThrow("the matching transactions changed since the preview (5 match now, 4 did then)");
    expect(rowsOf(f.path, [93])).toEqual([{ id: 93, category: "Groceries", source: "llm", confidence: 0.79 }]);

    const again = preview(f, { search: "migros", year: 2025, to_category: "Dining" });
    await expect(
      execute(f, again, () => {
        throw new Error("cannot record");
      }),
    ).rejects.toThrow("cannot record");
    expect(rowsOf(f.path, again.args.ids).every((r: any) => r.category === "Groceries")).toBe(true);
    expect(cacheOf(f.path)).toEqual([]);
    expect(exampleRows(f.path)).toEqual([]);
  });

  test("an older database: no merchant_cache or few_shot_examples, NULL categories, no source/confidence columns", async () => {
    const f = open({ loose: true });
    const w = new Database(f.path, { strict: true });
    w.run("ALTER TABLE transactions DROP COLUMN source");
    w.close();
    // NULL category, so Uncategorised, and "ca" in the description: 201, 202 ("CARD PAYMENT 4471", NULL merchant,
    // NULL confidence) and 204 ("CASHBACK CUMULUS", merchant Cumulus, confidence 0.50). The TWINT rows 116, 117, 119
    // are Uncategorised too but have no "ca"; 121 has a malformed date.
    const plan = preview(f, { search: "ca", category: "uncategorised", to_category: "Shopping" });
    expect(plan.args.ids).toEqual([201, 202, 204]);
    expect(plan.preview.from).toEqual([{ category: "Uncategorised", rows: 3 }]);
    expect(plan.preview.merchants).toEqual([
      { name: "(unknown merchant)", rows: 2 },
      { name: "Cumulus", rows: 1 },
    ]);
    const change = await execute(f, plan);
    expect(change.before).toEqual({
      rows: [
        { id: 201, category: null, source: null, confidence: null },
        { id: 202, category: null, source: null, confidence: null },
        { id: 204, category: null, source: null, confidence: 0.5 },
      ],
      lessons: [],
    });
    const db = new Database(f.path, { readonly: true });
    expect(db.query("SELECT id, category, confidence FROM transactions WHERE id IN (201, 202, 204)").all()).toEqual([
      { id: 201, category: "Shopping", confidence: 1 },
      { id: 202, category: "Shopping", confidence: 1 },
      { id: 204, category: "Shopping", confidence: 1 },
    ]);
    db.close();
    await undo(f, plan, change);
    const db2 = new Database(f.path, { readonly: true });
    expect(db2.query("SELECT id, category, confidence FROM transactions WHERE id IN (201, 202, 204)").all()).toEqual([
      { id: 201, category: null, confidence: null },
      { id: 202, category: null, confidence: null },
      { id: 204, category: null, confidence: 0.5 },
    ]);
    db2.close();
    expect(FIXTURE_ROWS.length).toBe(112);
  });
});
