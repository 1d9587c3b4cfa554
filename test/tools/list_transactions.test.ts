import { afterAll, describe, expect, test } from "bun:test";
import { listTransactions } from "../../src/tools/list_transactions.ts";
import { createFixture, FIXTURE_ROWS, runTool } from "../fixtures/budget-fixture.ts";

const fx = createFixture();
const loose = createFixture({ loose: true });
afterAll(() => {
  fx.cleanup();
  loose.cleanup();
});
const run = (input: unknown, db = fx.db) => runTool(listTransactions, db, input);

describe("list_transactions", () => {
  test("newest first (date desc, id desc), all columns, 'showing N of M'", () => {
    // "migros" matches 7 rows; newest first: #34 04-11, #27 03-15, #17 02-02, then #12 and #11 share 2025-01-03
    // (higher id first), #5, #1.
    const out = run({ search: "migros" });
    expect(out.charts).toEqual([]);
    expect(out.tables).toHaveLength(1);
    const table = out.tables![0];
    expect(table!.columns).toEqual(["Date", "Amount", "Merchant", "Description", "Category"]);
    expect(table!.rows).toEqual([
      ["2025-04-11", -100, "Migros", "MIGROS ZUERICH 123", "Groceries"],
      ["2025-03-15", -64.2, "Migros", "MIGROS ZUERICH 123", "Groceries"],
      ["2025-02-02", -90, "Migros", "MIGROS ZUERICH 123", "Groceries"],
      ["2025-01-03", -20, "MIGROS", "MIGROS-MMM BASEL", "Groceries"],
      ["2025-01-03", -80, "Migros", "MIGROS ZUERICH 123", "Groceries"],
      ["2024-02-10", -70, "Migros", "MIGROS ZUERICH 123", "Groceries"],
      ["2024-01-05", -50, "Migros", "MIGROS ZUERICH 123", "Groceries"],
    ]);
    expect(table!.currency).toBe("CHF");
    expect(out.summary).toStartWith('Transactions matching "migros" in all categories for all dates (2024-01-05 to 2025-04-11), newest first (negative = money out): showing 7 of 7.');
    expect(out.summary).toContain('2025-04-11 CHF -100.00 Migros "MIGROS ZUERICH 123" [Groceries]');
  });

  test("sort by amount: largest absolute amount first, ties newest first; min/max and direction", () => {
    // "savings": |−1500| #16, |−1000| #4, |+500| #10, |+300| #30
    expect(run({ search: "savings", sort: "amount" }).tables![0]!.rows.map((r) => r[1])).toEqual([-1500, -1000, 500, 300]);
    // Dining by size: #20 150, #6 120, #14 60, #31 45, #33 35
    expect(run({ category: "Dining", sort: "amount" }).tables![0]!.rows.map((r) => r[1])).toEqual([-150, -120, -60, -45, -35]);
    // Ties: SBB #32 (2025-04-02) and #8 (2024-03-03) are both -55.50: the newer first.
    expect(run({ search: "sbb", sort: "amount" }).tables![0]!.rows.map((r) => r[0])).toEqual(["2025-04-02", "2024-03-03"]);
    // min/max on the absolute amount; direction
    const big = run({ min_amount: 1000, sort: "amount" });
    expect(big.tables![0]!.rows.map((r) => r[1])).toEqual([5200, 5200, 5200, 5000, 5000, -1500, -1000]);
    expect(run({ min_amount: 1000, direction: "out" }).tables![0]!.rows.map((r) => r[1])).toEqual([-1500, -1000]);
    expect(run({ search: "migros", max_amount: 50 }).tables![0]!.rows.map((r) => r[1])).toEqual([-20, -50]);
    expect(run({ search: "zalando", direction: "in" }).tables![0]!.rows.map((r) => r[1])).toEqual([40]);
    expect(() => run({ min_amount: 100, max_amount: 10 })).toThrow("min_amount (100) is larger than max_amount (10).");
    expect(listTransactions.schema.safeParse({ sort: "size" }).success).toBe(false);
  });

  test("limit: the newest N, and the total M", () => {
    const out = run({ search: "migros", limit: 3 });
    expect(out.tables![0]!.rows.map((r) => r[0])).toEqual(["2025-04-11", "2025-03-15", "2025-02-02"]);
    expect(out.summary).toContain("showing 3 of 7");
    expect(out.tables![0]!.title).toContain("3 of 7");
    // a page that is exactly full still counts correctly
    expect(run({ search: "migros", limit: 7 }).summary).toContain("showing 7 of 7");
  });

  test("every category and both signs; transfers and salary are listed", () => {
    // "savings": #30 +300, #16 -1500, #10 +500, #4 -1000
    const out = run({ search: "SAVINGS" });
    expect(out.tables![0]!.rows.map((r) => r[1])).toEqual([300, -1500, 500, -1000]);
    expect(out.tables![0]!.rows.every((r) => r[4] === "Transfers")).toBe(true);
  });

  test("without search: category and month filter", () => {
    // Dining 2025-03: #31 only; Shopping 2025-03: #25, #24, #23 (03-01 is inside the month)
    expect(run({ category: "dining", year: 2025, month: 3 }).tables![0]!.rows).toEqual([
      ["2025-03-31", -45, "Restaurant Krone", "RESTAURANT KRONE", "Dining"],
    ]);
    expect(run({ category: "shopping", year: 2025, month: 3 }).tables![0]!.rows.map((r) => r[1])).toEqual([-12, -10, -33.33]);
    // everything, default limit 50 ≥ 34 rows
    const all = run({});
    expect(all.tables![0]!.rows).toHaveLength(FIXTURE_ROWS.length);
    expect(all.summary).toContain(`showing ${FIXTURE_ROWS.length} of ${FIXTURE_ROWS.length}`);
  });

  test("the summary echoes at most 20 rows; the table has them all", () => {
    // 2025 has 24 rows (#11 … #34)
    const out = run({ year: 2025 });
    expect(out.tables![0]!.rows).toHaveLength(24);
    expect(out.summary).toContain("showing 24 of 24 (first 20 here; the table shows all 24)");
    expect(out.summary.match(/\[[A-Za-z]+\]/g)).toHaveLength(20);
  });

  test("% and _ are literal", () => {
    expect(run({ search: "shop_online" }).tables![0]!.rows.map((r) => r[2])).toEqual(["Shop_Online"]);
    expect(run({ search: "50%" }).tables![0]!.rows.map((r) => r[3])).toEqual(["50% OFF SALE"]);
  });

  test("no match: clear summary, no table", () => {
    const out = run({ search: "zzz" });
    expect(out.summary).toStartWith('No transactions matching "zzz" in all categories for all dates');
    expect(out.charts).toEqual([]);
    expect(out.tables ?? []).toEqual([]);
  });

  test("input errors", () => {
    expect(() => run({ search: "x", month: 1 })).toThrow("month requires year");
    expect(() => run({ category: "Food" })).toThrow(/Unknown category "Food"\. Valid categories: Children, /);
    const s = listTransactions.schema;
    expect(s.safeParse({ search: "x", limit: 0 }).success).toBe(false);
    expect(s.safeParse({ search: "x", limit: 501 }).success).toBe(false);
    expect(s.safeParse({ search: "x", limit: "10" }).success).toBe(false);
    expect(s.safeParse({ search: "x", order: "amount" }).success).toBe(false);
    expect(s.parse({ search: "x" }).limit).toBe(50);
  });

  test("loose database: NULL merchant and NULL category shown by their documented names", () => {
    const out = run({ year: 2025, month: 4 }, loose.db);
    // 2025-04 newest first: #37 +5 (NULL/NULL), #36 -12 (NULL merchant), #35 -19.90 (NULL/NULL), #34, #33, #32
    expect(out.tables![0]!.rows.slice(0, 3)).toEqual([
      ["2025-04-17", 5, "(unknown merchant)", "CASHBACK", "Uncategorised"],
      ["2025-04-16", -12, "(unknown merchant)", "MARKET STALL", "Groceries"],
      ["2025-04-15", -19.9, "(unknown merchant)", "CARD PAYMENT 7781", "Uncategorised"],
    ]);
    expect(out.summary).toContain("showing 6 of 6");
    // Uncategorised selects the NULL-category rows too: #37, #35, #22
    expect(run({ category: "uncategorised" }, loose.db).tables![0]!.rows.map((r) => r[0])).toEqual([
      "2025-04-17",
      "2025-04-15",
      "2025-02-27",
    ]);
  });
});
