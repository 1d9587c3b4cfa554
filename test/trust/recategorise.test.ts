/**
 * recategorise_transactions' preview and the budget writer, on the small hand-made
 * fixture (every number below is counted by hand from test/fixtures/budget-fixture.ts).
 */
import { Database } from "bun:sqlite";
import { afterEach, describe, expect, test } from "bun:test";
import { rawKey } from "../../src/budget/demo.ts";
import { recategorise, undoRecategorisation, WriteConflictError } from "../../src/budget/writer.ts";
import { previewRecategorisation, recategoriseSchema, recategoriseTransactions } from "../../src/tools/recategorise_transactions.ts";
import { ToolInputError } from "../../src/core/errors.ts";
import { createFixture, FIXTURE_ROWS, type Fixture, type FixtureRow } from "../fixtures/budget-fixture.ts";

let fx: Fixture | null = null;
afterEach(() => {
  fx?.cleanup();
  fx = null;
});
const open = (o?: Parameters<typeof createFixture>[0]) => (fx = createFixture(o));
const preview = (f: Fixture, input: unknown) => previewRecategorisation(f.db, recategoriseSchema.parse(input));
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
    expect(plan.ids).toEqual([11, 12, 17, 27, 34]);
    expect(plan.args).toEqual({ search: "migros", year: 2025, to_category: "Dining" });
    expect(plan.preview).toEqual({
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
    });
  });

  test("category and month narrow it; rows already in the target stay and are counted in the description", () => {
    const f = open();
    // "restaurant krone": 6 (2024, Dining), 20 (2025-02, Dining), 31 (2025-03, Dining).
    const plan = preview(f, { search: "krone", category: "DINING", year: 2025, month: 2, to_category: "Groceries" });
    expect(plan.ids).toEqual([20]);
    expect(plan.args).toEqual({ search: "krone", category: "Dining", year: 2025, month: 2, to_category: "Groceries" });
    // Mixed: "savings" rows 4, 10, 16, 30 are Transfers; moving all to Transfers → nothing to move.
    expect(errorOf(() => preview(f, { search: "savings", to_category: "Transfers" }))).toBe(
      'Nothing to move: all 4 matching transactions (transactions matching "savings" in all categories for all dates (2024-01-05 to 2025-04-11)) are already in Transfers.',
    );
    // Zalando: 18 Income (+40), 19 Shopping (-120): to Shopping moves only row 18.
    const z = preview(f, { search: "zalando", to_category: "Shopping" });
    expect(z.ids).toEqual([18]);
    expect(z.preview.total).toBe(40);
    expect(z.preview.from).toEqual([{ category: "Income", rows: 1 }]);
    expect(z.preview.description).toContain("1 matching transaction already in Shopping stay as they are.");
  });

  test("correctable errors: unknown categories list the names, same category, nothing matches", () => {
    const f = open();
    expect(errorOf(() => preview(f, { search: "migros", to_category: "Food" }))).toBe(
      'Unknown category "Food". Valid categories: Children, Dining, Groceries, Income, Shopping, Transfers, Transport, Uncategorised.',
    );
    expect(errorOf(() => preview(f, { search: "migros", category: "Foo", to_category: "Dining" }))).toStartWith('Unknown category "Foo". Valid categories: ');
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

  test("the tool is high risk and its run never writes", () => {
    const f = open();
    expect(recategoriseTransactions.risk).toBe("high");
    expect(() => recategoriseTransactions.run(f.db, recategoriseSchema.parse({ search: "migros", to_category: "Dining" }))).toThrow(
      /needs the user's approval/,
    );
    expect(rowsOf(f.path, [11])).toEqual([{ id: 11, category: "Groceries", source: "rule", confidence: 1 }]);
    // Unknown keys and a missing target are schema errors.
    expect(recategoriseSchema.safeParse({ search: "x" }).success).toBe(false);
    expect(recategoriseSchema.safeParse({ search: "x", to_category: "Dining", ids: [1] }).success).toBe(false);
  });
});

describe("writer", () => {
  test("moves exactly the stored rows, marks them manual, teaches merchant_cache, and undo restores the exact before-values", () => {
    const f = open();
    // An existing cache entry for one of the raw keys.
    const w = new Database(f.path, { strict: true });
    w.query(
      "INSERT INTO merchant_cache (raw_key, merchant_name, category, confidence, source, created_at, updated_at) VALUES ($k, 'Migros', 'Groceries', 0.8, 'llm', '2024-01-01 00:00:00', '2024-01-01 00:00:00')",
    ).run({ k: rawKey("MIGROS ZUERICH 123") });
    w.query("UPDATE transactions SET source = 'llm', confidence = 0.73 WHERE id = 12").run();
    w.close();
    const plan = preview(f, { search: "migros", year: 2025, to_category: "Dining" });
    const before = rowsOf(f.path, plan.ids);

    const r = recategorise(f.path, plan.args, plan.ids, { now: () => new Date("2026-01-02T03:04:05Z") });
    expect(r.after.map((x) => x.id)).toEqual(plan.ids);
    expect(r.before).toEqual(before as never);
    expect(r.total).toBeCloseTo(-354.2, 9);
    expect(r.from).toEqual([{ category: "Groceries", rows: 5 }]);
    expect(rowsOf(f.path, plan.ids)).toEqual(plan.ids.map((id) => ({ id, category: "Dining", source: "manual", confidence: 1 })));
    // Rows outside the selection are untouched (2024 Migros rows 1 and 5).
    expect(rowsOf(f.path, [1, 5])).toEqual([
      { id: 1, category: "Groceries", source: "rule", confidence: 1 },
      { id: 5, category: "Groceries", source: "rule", confidence: 1 },
    ]);
    // Two raw keys: "migros zuerich" (updated) and "migros-mmm basel" (new).
    expect(cacheOf(f.path)).toEqual([
      { raw_key: "migros zuerich", merchant_name: "Migros", category: "Dining", confidence: 1, source: "manual" },
      { raw_key: "migros-mmm basel", merchant_name: "MIGROS", category: "Dining", confidence: 1, source: "manual" },
    ]);
    expect(r.cache).toEqual([
      { rawKey: "migros zuerich", previous: { category: "Groceries", source: "llm", confidence: 0.8, updated_at: "2024-01-01 00:00:00" } },
      { rawKey: "migros-mmm basel", previous: null },
    ]);

    // Running the same approval again finds a different selection (the rows are in Dining now): nothing written.
    expect(() => recategorise(f.path, plan.args, plan.ids)).toThrow(WriteConflictError);

    const undone = undoRecategorisation(f.path, r, r.cache);
    expect(undone).toEqual({ restored: 5, cacheRestored: 2 });
    expect(rowsOf(f.path, plan.ids)).toEqual(before);
    expect(cacheOf(f.path)).toEqual([{ raw_key: "migros zuerich", merchant_name: "Migros", category: "Groceries", confidence: 0.8, source: "llm" }]);
    // A second undo finds the rows no longer as the write left them: refused.
    expect(() => undoRecategorisation(f.path, r, r.cache)).toThrow(WriteConflictError);
    expect(rowsOf(f.path, plan.ids)).toEqual(before);
  });

  test("refuses when the matching set changed since the preview; rolls back when beforeCommit throws", () => {
    const f = open();
    const plan = preview(f, { search: "migros", year: 2025, to_category: "Dining" });
    const w = new Database(f.path, { strict: true });
    w.query(
      "INSERT INTO transactions (id, date, raw_description, amount, currency, merchant_name, category, source, confidence, transaction_id, created_at) VALUES (99, '2025-05-01', 'MIGROS NEW', -1, 'CHF', 'Migros', 'Groceries', 'llm', 0.9, 'new-99', 'x')",
    ).run();
    w.close();
    expect(() => recategorise(f.path, plan.args, plan.ids)).toThrow("the matching transactions changed since the preview (6 match now, 5 did then)");
    expect(rowsOf(f.path, [11])).toEqual([{ id: 11, category: "Groceries", source: "rule", confidence: 1 }]);

    const again = preview(f, { search: "migros", year: 2025, to_category: "Dining" });
    expect(() =>
      recategorise(f.path, again.args, again.ids, {
        beforeCommit: () => {
          throw new Error("cannot record");
        },
      }),
    ).toThrow("cannot record");
    expect(rowsOf(f.path, again.ids).every((r: any) => r.category === "Groceries")).toBe(true);
    expect(cacheOf(f.path)).toEqual([]);
  });

  test("an older database: no merchant_cache, NULL categories, no source/confidence columns", () => {
    const f = open({ loose: true });
    const w = new Database(f.path, { strict: true });
    w.run("ALTER TABLE transactions DROP COLUMN source");
    w.close();
    // Rows 35 (-19.9) and 37 (+5) have NULL category and NULL merchant; "card payment" / "cashback".
    const plan = preview(f, { search: "ca", category: "uncategorised", to_category: "Shopping" });
    expect(plan.ids).toEqual([35, 37]);
    expect(plan.preview.from).toEqual([{ category: "Uncategorised", rows: 2 }]);
    expect(plan.preview.merchants).toEqual([{ name: "(unknown merchant)", rows: 2 }]);
    const r = recategorise(f.path, plan.args, plan.ids);
    expect(r.before).toEqual([
      { id: 35, category: null, source: null, confidence: 1 },
      { id: 37, category: null, source: null, confidence: 1 },
    ]);
    expect(r.cache).toEqual([]);
    const db = new Database(f.path, { readonly: true });
    expect(db.query("SELECT id, category, confidence FROM transactions WHERE id IN (35, 37)").all()).toEqual([
      { id: 35, category: "Shopping", confidence: 1 },
      { id: 37, category: "Shopping", confidence: 1 },
    ]);
    db.close();
    undoRecategorisation(f.path, r, r.cache);
    const db2 = new Database(f.path, { readonly: true });
    expect(db2.query("SELECT id, category, confidence FROM transactions WHERE id IN (35, 37)").all()).toEqual([
      { id: 35, category: null, confidence: 1 },
      { id: 37, category: null, confidence: 1 },
    ]);
    db2.close();
    expect(FIXTURE_ROWS.length).toBe(34);
  });
});
