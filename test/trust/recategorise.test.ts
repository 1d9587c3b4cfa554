/**
 * recategorise_transactions' preview and the budget writer, on the small hand-made
 * fixture (every number below is counted by hand from test/fixtures/small-fixture.ts).
 */
import { BudgetWriter } from "../../src/budget/write-path.ts";
import { Database } from "bun:sqlite";
import { afterEach, describe, expect, test } from "bun:test";
import { PIPELINE_CACHE_LOOKUP_QUERY, PIPELINE_FEW_SHOT_QUERY, pipelineMerchantKey } from "../../src/budget/pipeline.ts";
import { WriteConflictError } from "../../src/budget/writer.ts";
import { Store } from "../../src/store/store.ts";
import type { Change } from "../../src/tools/types.ts";
import { previewRecategorisation, recategoriseSchema, recategoriseTransactions } from "../../src/tools/recategorise_transactions.ts";
import { ToolInputError } from "../../src/core/errors.ts";
import { createFixture, FIXTURE_ROWS, type Fixture, type FixtureRow } from "../fixtures/small-fixture.ts";

let fx: Fixture | null = null;
afterEach(() => {
  fx?.cleanup();
  fx = null;
});
const open = (o?: Parameters<typeof createFixture>[0]) => (fx = createFixture(o));
const preview = (f: Fixture, input: unknown) => previewRecategorisation(f.db, recategoriseSchema.parse(input));
const NOW = new Date("2026-01-02T03:04:05Z");
const policy = recategoriseTransactions.approval;
/** Carry out a plan as an approval does; `record` runs inside the write transaction. */
const execute = (f: Fixture, plan: ReturnType<typeof preview>, record: (c: Change) => void = () => {}) =>
  policy.execute({ budget: f.db, writer: new BudgetWriter(f.db.path), store: Store.memory(), now: () => NOW }, plan.args, record);
const undo = (f: Fixture, plan: ReturnType<typeof preview>, change: Change) =>
  policy.undo({ budget: f.db, writer: new BudgetWriter(f.db.path), store: Store.memory(), now: () => NOW }, plan.args, change, () => {});
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
    // "migros" in 2025: rows 11 (-80), 12 (-20, merchant MIGROS), 17 (-90), 27 (-64.2), 34 (-100), all Groceries.
    const plan = preview(f, { search: "migros", year: 2025, to_category: "dining" });
    expect(plan.args.ids).toEqual([11, 12, 17, 27, 34]);
    expect(plan.args.input).toEqual({ search: "migros", year: 2025, to_category: "Dining" });
    expect(plan.preview).toEqual({
      title: "move 5 transactions to “Dining”",
      facts: [
        { label: "Transactions", value: "5" },
        { label: "Total amount", value: "CHF -354.20" },
        { label: "From", items: ["Groceries (5) → Dining"] },
        { label: "Top merchants", items: ["Migros (4)", "MIGROS (1)"] },
      ],
      rows: 5,
      total: -354.2,
      currency: "CHF",
      from: [{ category: "Groceries", rows: 5 }],
      to: "Dining",
      merchants: [
        { name: "Migros", rows: 4 },
        { name: "MIGROS", rows: 1 },
      ],
      description: 'Move 5 transactions (transactions matching "migros" in all categories for 2025) to Dining; they are marked as manually classified.',
      outcome: "Moved 5 transactions to Dining",
      // Newest first (same day: the later row first), and the Transactions page with the same filter.
      affected: {
        total: 5,
        rows: [
          { date: "2025-04-11", merchant: "Migros", category: "Groceries", amount: -100, currency: "CHF" },
          { date: "2025-03-15", merchant: "Migros", category: "Groceries", amount: -64.2, currency: "CHF" },
          { date: "2025-02-02", merchant: "Migros", category: "Groceries", amount: -90, currency: "CHF" },
          { date: "2025-01-03", merchant: "MIGROS", category: "Groceries", amount: -20, currency: "CHF" },
          { date: "2025-01-03", merchant: "Migros", category: "Groceries", amount: -80, currency: "CHF" },
        ],
        link: "/transactions?q=migros&from=2025-01-01&to=2025-12-31",
      },
    });
  });

  test("category and month narrow it; rows already in the target stay and are counted in the description", () => {
    const f = open();
    // "restaurant krone": 6 (2024, Dining), 20 (2025-02, Dining), 31 (2025-03, Dining).
    const plan = preview(f, { search: "krone", category: "DINING", year: 2025, month: 2, to_category: "Groceries" });
    expect(plan.args.ids).toEqual([20]);
    expect(plan.args.input).toEqual({ search: "krone", category: "Dining", year: 2025, month: 2, to_category: "Groceries" });
    expect(plan.preview.affected!.link).toBe("/transactions?q=krone&category=Dining&from=2025-02-01&to=2025-02-28");
    // Mixed: "savings" rows 4, 10, 16, 30 are Transfers; moving all to Transfers → nothing to move.
    expect(errorOf(() => preview(f, { search: "savings", to_category: "Transfers" }))).toBe(
      'Nothing to move: all 4 matching transactions (transactions matching "savings" in all categories for all dates (2024-01-05 to 2025-04-11)) are already in Transfers.',
    );
    // Zalando: 18 Income (+40), 19 Shopping (-120): to Shopping moves only row 18.
    const z = preview(f, { search: "zalando", to_category: "Shopping" });
    expect(z.args.ids).toEqual([18]);
    expect(z.preview.total).toBe(40);
    expect(z.preview.from).toEqual([{ category: "Income", rows: 1 }]);
    expect(z.preview.description).toContain("1 matching transaction already in Shopping stay as they are.");
  });

  test("correctable errors: an unknown source category lists the names, same category, nothing matches", () => {
    const f = open();
    expect(errorOf(() => preview(f, { search: "migros", category: "Foo", to_category: "Dining" }))).toBe(
      'Unknown category "Foo". Valid categories: Children, Dining, Groceries, Income, Shopping, Transfers, Transport, Uncategorised.',
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
      Array.from({ length: n }, (_, i) => ({ id: i + 1, date: "2025-01-01", description: `BULK SHOP ${i}`, amount: -1, merchant: "Bulk", category: "Shopping" }));
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
    expect(rowsOf(f.path, [11])).toEqual([{ id: 11, category: "Groceries", source: "rule", confidence: 1 }]);
    // Unknown keys and a missing target are schema errors.
    expect(recategoriseSchema.safeParse({ search: "x" }).success).toBe(false);
    expect(recategoriseSchema.safeParse({ search: "x", to_category: "Dining", ids: [1] }).success).toBe(false);
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
  test("moves exactly the stored rows, marks them manual, teaches the pipeline under its own keys, and undo restores all three tables", () => {
    const f = open();
    // What the pipeline had: a cache entry under its key for MIGROS ZUERICH, and an older example for it.
    const w = new Database(f.path, { strict: true });
    w.query(
      "INSERT INTO merchant_cache (raw_key, merchant_name, category, confidence, source, created_at, updated_at) VALUES ('MIGROS ZUERICH', 'Migros', 'Groceries', 0.8, 'llm', '2024-01-01T00:00:00+00:00', '2024-01-01T00:00:00+00:00')",
    ).run();
    w.query(
      "INSERT INTO few_shot_examples (id, merchant_pattern, raw_description, correct_merchant, correct_category, created_at) VALUES (7, 'MIGROS ZUERICH', 'MIGROS ZUERICH 1', 'Migros', 'Groceries', '2024-01-01T00:00:00+00:00')",
    ).run();
    w.query("UPDATE transactions SET source = 'llm', confidence = 0.73 WHERE id = 12").run();
    w.close();
    const cacheBefore = cacheRows(f.path);
    const examplesBefore = exampleRows(f.path);
    const plan = preview(f, { search: "migros", year: 2025, to_category: "Dining" });
    const before = rowsOf(f.path, plan.args.ids);

    const change = execute(f, plan);
    expect(change.message).toBe(
      "Approved by the user: moved 5 transactions (CHF -354.20) from Groceries to Dining. Future imports of these merchants will be filed under Dining.",
    );
    expect(change.detail).toEqual({ moved: 5, total: -354.2, currency: "CHF", from: [{ category: "Groceries", rows: 5 }], to: "Dining", merchantKeys: 2 });
    expect((change.before as { rows: unknown }).rows).toEqual(before as never);
    expect(rowsOf(f.path, plan.args.ids)).toEqual(plan.args.ids.map((id) => ({ id, category: "Dining", source: "manual", confidence: 1 })));
    // Rows outside the selection are untouched (2024 Migros rows 1 and 5).
    expect(rowsOf(f.path, [1, 5])).toEqual([
      { id: 1, category: "Groceries", source: "rule", confidence: 1 },
      { id: 5, category: "Groceries", source: "rule", confidence: 1 },
    ]);
    // The pipeline's own lookup under its own keys now finds the new category: "MIGROS ZUERICH 123" → MIGROS ZUERICH,
    // "MIGROS-MMM BASEL" → MIGROS-MMM BASEL (a new entry; merchant from its earliest row, #12).
    const stamp = "2026-01-02T03:04:05+00:00";
    expect(query(f.path, PIPELINE_CACHE_LOOKUP_QUERY, pipelineMerchantKey("MIGROS ZUERICH 123"))).toEqual([
      { merchant_name: "Migros", category: "Dining", confidence: 1, source: "manual" },
    ]);
    expect(cacheRows(f.path)).toEqual([
      { raw_key: "MIGROS ZUERICH", merchant_name: "Migros", category: "Dining", confidence: 1, source: "manual", created_at: stamp, updated_at: stamp },
      { raw_key: "MIGROS-MMM BASEL", merchant_name: "MIGROS", category: "Dining", confidence: 1, source: "manual", created_at: stamp, updated_at: stamp },
    ]);
    // One few-shot example per key (the old one for MIGROS ZUERICH replaced), readable by the pipeline's own query.
    expect(query(f.path, PIPELINE_FEW_SHOT_QUERY)).toEqual([
      { merchant_pattern: "MIGROS-MMM BASEL", raw_description: "MIGROS-MMM BASEL", correct_merchant: "MIGROS", correct_category: "Dining" },
      { merchant_pattern: "MIGROS ZUERICH", raw_description: "MIGROS ZUERICH 123", correct_merchant: "Migros", correct_category: "Dining" },
    ]);

    // Running the same approval again finds a different selection (the rows are in Dining now): nothing written.
    expect(() => execute(f, plan)).toThrow(WriteConflictError);

    expect(undo(f, plan, change)).toBe("Undone: the previous categories of 5 transactions are restored.");
    expect(rowsOf(f.path, plan.args.ids)).toEqual(before);
    // Byte for byte: the cache entry and the example as they were (same id), the new ones gone.
    expect(cacheRows(f.path)).toEqual(cacheBefore);
    expect(exampleRows(f.path)).toEqual(examplesBefore);
    // A second undo finds the rows no longer as the write left them: refused.
    expect(() => undo(f, plan, change)).toThrow(WriteConflictError);
    expect(rowsOf(f.path, plan.args.ids)).toEqual(before);
  });

  test("a lesson the pipeline changed since is left as the pipeline made it", () => {
    const f = open();
    const plan = preview(f, { search: "pizzeria", to_category: "Groceries" });
    const change = execute(f, plan);
    const w = new Database(f.path, { strict: true });
    w.run("UPDATE merchant_cache SET category = 'Dining', source = 'llm' WHERE raw_key = 'PIZZERIA NAPOLI'");
    w.close();
    undo(f, plan, change);
    expect(query(f.path, "SELECT raw_key, category, source FROM merchant_cache")).toEqual([{ raw_key: "PIZZERIA NAPOLI", category: "Dining", source: "llm" }]);
    expect(exampleRows(f.path)).toEqual([]);
  });

  test("refuses when the matching set changed since the preview; rolls back when recording fails", () => {
    const f = open();
    const plan = preview(f, { search: "migros", year: 2025, to_category: "Dining" });
    const w = new Database(f.path, { strict: true });
    w.query(
      "INSERT INTO transactions (id, date, raw_description, amount, currency, merchant_name, category, source, confidence, transaction_id, created_at) VALUES (99, '2025-05-01', 'MIGROS NEW', -1, 'CHF', 'Migros', 'Groceries', 'llm', 0.9, 'new-99', 'x')",
    ).run();
    w.close();
    expect(() => execute(f, plan)).toThrow("the matching transactions changed since the preview (6 match now, 5 did then)");
    expect(rowsOf(f.path, [11])).toEqual([{ id: 11, category: "Groceries", source: "rule", confidence: 1 }]);

    const again = preview(f, { search: "migros", year: 2025, to_category: "Dining" });
    expect(() =>
      execute(f, again, () => {
        throw new Error("cannot record");
      }),
    ).toThrow("cannot record");
    expect(rowsOf(f.path, again.args.ids).every((r: any) => r.category === "Groceries")).toBe(true);
    expect(cacheOf(f.path)).toEqual([]);
    expect(exampleRows(f.path)).toEqual([]);
  });

  test("an older database: no merchant_cache or few_shot_examples, NULL categories, no source/confidence columns", () => {
    const f = open({ loose: true });
    const w = new Database(f.path, { strict: true });
    w.run("ALTER TABLE transactions DROP COLUMN source");
    w.close();
    // Rows 35 (-19.9) and 37 (+5) have NULL category and NULL merchant; "card payment" / "cashback".
    const plan = preview(f, { search: "ca", category: "uncategorised", to_category: "Shopping" });
    expect(plan.args.ids).toEqual([35, 37]);
    expect(plan.preview.from).toEqual([{ category: "Uncategorised", rows: 2 }]);
    expect(plan.preview.merchants).toEqual([{ name: "(unknown merchant)", rows: 2 }]);
    const change = execute(f, plan);
    expect(change.before).toEqual({
      rows: [
        { id: 35, category: null, source: null, confidence: 1 },
        { id: 37, category: null, source: null, confidence: 1 },
      ],
      lessons: [],
    });
    const db = new Database(f.path, { readonly: true });
    expect(db.query("SELECT id, category, confidence FROM transactions WHERE id IN (35, 37)").all()).toEqual([
      { id: 35, category: "Shopping", confidence: 1 },
      { id: 37, category: "Shopping", confidence: 1 },
    ]);
    db.close();
    undo(f, plan, change);
    const db2 = new Database(f.path, { readonly: true });
    expect(db2.query("SELECT id, category, confidence FROM transactions WHERE id IN (35, 37)").all()).toEqual([
      { id: 35, category: null, confidence: 1 },
      { id: 37, category: null, confidence: 1 },
    ]);
    db2.close();
    expect(FIXTURE_ROWS.length).toBe(34);
  });
});
