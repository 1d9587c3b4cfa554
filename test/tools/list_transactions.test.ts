/**
 * list_transactions on the answers fixture: order (date, amount with ties newest first),
 * limit, filters, the table artifact, "showing N of M" with M equal to search_transactions'
 * match count, and the rows against the independent oracle on the strict and loose fixtures
 * and the demo database.
 *
 * Also the small round-1 fixture (test/fixtures/small-fixture.ts) with its strict and loose
 * schema variants, first below.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { listTransactions } from "../../src/tools/list_transactions.ts";
import { createFixture, FIXTURE_ROWS, runTool } from "../fixtures/small-fixture.ts";
import type { BudgetDb } from "../../src/budget/reader.ts";
import { formatCount } from "../../src/core/format.ts";
import { searchTransactions } from "../../src/tools/search_transactions.ts";
import { list as oracle, load, type FilterArgs } from "../support/spec-oracle.ts";
import { answers, demoDb, inputError, money, run, schemaRejects } from "./answers/support.ts";

const fx = createFixture();
const looseFixture = createFixture({ loose: true });
afterAll(() => {
  fx.cleanup();
  looseFixture.cleanup();
});
const runOnFixture = (input: unknown, db = fx.db) => runTool(listTransactions, db, input);

describe("list_transactions", () => {
  test("newest first (date desc, id desc), all columns, 'showing N of M'", () => {
    // "migros" matches 7 rows; newest first: #34 04-11, #27 03-15, #17 02-02, then #12 and #11 share 2025-01-03
    // (higher id first), #5, #1.
    const out = runOnFixture({ search: "migros" });
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
    expect(runOnFixture({ search: "savings", sort: "amount" }).tables![0]!.rows.map((r) => r[1])).toEqual([-1500, -1000, 500, 300]);
    // Dining by size: #20 150, #6 120, #14 60, #31 45, #33 35
    expect(runOnFixture({ category: "Dining", sort: "amount" }).tables![0]!.rows.map((r) => r[1])).toEqual([-150, -120, -60, -45, -35]);
    // Ties: SBB #32 (2025-04-02) and #8 (2024-03-03) are both -55.50: the newer first.
    expect(runOnFixture({ search: "sbb", sort: "amount" }).tables![0]!.rows.map((r) => r[0])).toEqual(["2025-04-02", "2024-03-03"]);
    // min/max on the absolute amount; direction
    const big = runOnFixture({ min_amount: 1000, sort: "amount" });
    expect(big.tables![0]!.rows.map((r) => r[1])).toEqual([5200, 5200, 5200, 5000, 5000, -1500, -1000]);
    expect(runOnFixture({ min_amount: 1000, direction: "out" }).tables![0]!.rows.map((r) => r[1])).toEqual([-1500, -1000]);
    expect(runOnFixture({ search: "migros", max_amount: 50 }).tables![0]!.rows.map((r) => r[1])).toEqual([-20, -50]);
    expect(runOnFixture({ search: "zalando", direction: "in" }).tables![0]!.rows.map((r) => r[1])).toEqual([40]);
    expect(() => runOnFixture({ min_amount: 100, max_amount: 10 })).toThrow("min_amount (100) is larger than max_amount (10).");
    expect(listTransactions.schema.safeParse({ sort: "size" }).success).toBe(false);
  });

  test("limit: the newest N, and the total M", () => {
    const out = runOnFixture({ search: "migros", limit: 3 });
    expect(out.tables![0]!.rows.map((r) => r[0])).toEqual(["2025-04-11", "2025-03-15", "2025-02-02"]);
    expect(out.summary).toContain("showing 3 of 7");
    expect(out.tables![0]!.title).toContain("3 of 7");
    // a page that is exactly full still counts correctly
    expect(runOnFixture({ search: "migros", limit: 7 }).summary).toContain("showing 7 of 7");
  });

  test("every category and both signs; transfers and salary are listed", () => {
    // "savings": #30 +300, #16 -1500, #10 +500, #4 -1000
    const out = runOnFixture({ search: "SAVINGS" });
    expect(out.tables![0]!.rows.map((r) => r[1])).toEqual([300, -1500, 500, -1000]);
    expect(out.tables![0]!.rows.every((r) => r[4] === "Transfers")).toBe(true);
  });

  test("without search: category and month filter", () => {
    // Dining 2025-03: #31 only; Shopping 2025-03: #25, #24, #23 (03-01 is inside the month)
    expect(runOnFixture({ category: "dining", year: 2025, month: 3 }).tables![0]!.rows).toEqual([
      ["2025-03-31", -45, "Restaurant Krone", "RESTAURANT KRONE", "Dining"],
    ]);
    expect(runOnFixture({ category: "shopping", year: 2025, month: 3 }).tables![0]!.rows.map((r) => r[1])).toEqual([-12, -10, -33.33]);
    // everything, default limit 50 ≥ 34 rows
    const all = runOnFixture({});
    expect(all.tables![0]!.rows).toHaveLength(FIXTURE_ROWS.length);
    expect(all.summary).toContain(`showing ${FIXTURE_ROWS.length} of ${FIXTURE_ROWS.length}`);
  });

  test("the summary echoes at most 20 rows; the table has them all", () => {
    // 2025 has 24 rows (#11 … #34)
    const out = runOnFixture({ year: 2025 });
    expect(out.tables![0]!.rows).toHaveLength(24);
    expect(out.summary).toContain("showing 24 of 24 (first 20 here; the table shows all 24)");
    expect(out.summary.match(/\[[A-Za-z]+\]/g)).toHaveLength(20);
  });

  test("% and _ are literal", () => {
    expect(runOnFixture({ search: "shop_online" }).tables![0]!.rows.map((r) => r[2])).toEqual(["Shop_Online"]);
    expect(runOnFixture({ search: "50%" }).tables![0]!.rows.map((r) => r[3])).toEqual(["50% OFF SALE"]);
  });

  test("no match: clear summary, no table", () => {
    const out = runOnFixture({ search: "zzz" });
    expect(out.summary).toStartWith('No transactions matching "zzz" in all categories for all dates');
    expect(out.charts).toEqual([]);
    expect(out.tables ?? []).toEqual([]);
  });

  test("input errors", () => {
    expect(() => runOnFixture({ search: "x", month: 1 })).toThrow("month requires year");
    expect(() => runOnFixture({ category: "Food" })).toThrow(/Unknown category "Food"\. Valid categories: Children, /);
    const s = listTransactions.schema;
    expect(s.safeParse({ search: "x", limit: 0 }).success).toBe(false);
    expect(s.safeParse({ search: "x", limit: 501 }).success).toBe(false);
    expect(s.safeParse({ search: "x", limit: "10" }).success).toBe(false);
    expect(s.safeParse({ search: "x", order: "amount" }).success).toBe(false);
    expect(s.parse({ search: "x" }).limit).toBe(50);
  });

  test("looseFixture database: NULL merchant and NULL category shown by their documented names", () => {
    const out = runOnFixture({ year: 2025, month: 4 }, looseFixture.db);
    // 2025-04 newest first: #37 +5 (NULL/NULL), #36 -12 (NULL merchant), #35 -19.90 (NULL/NULL), #34, #33, #32
    expect(out.tables![0]!.rows.slice(0, 3)).toEqual([
      ["2025-04-17", 5, "(unknown merchant)", "CASHBACK", "Uncategorised"],
      ["2025-04-16", -12, "(unknown merchant)", "MARKET STALL", "Groceries"],
      ["2025-04-15", -19.9, "(unknown merchant)", "CARD PAYMENT 7781", "Uncategorised"],
    ]);
    expect(out.summary).toContain("showing 6 of 6");
    // Uncategorised selects the NULL-category rows too: #37, #35, #22
    expect(runOnFixture({ category: "uncategorised" }, looseFixture.db).tables![0]!.rows.map((r) => r[0])).toEqual([
      "2025-04-17",
      "2025-04-15",
      "2025-02-27",
    ]);
  });
});

const { db, path, loose, loosePath } = answers();
const demo = demoDb();
const tool = (input: unknown, on: BudgetDb = db) => run(listTransactions, on, input);
type ListArgs = FilterArgs & { sort?: "date" | "amount"; limit?: number };

/** The table rows the ids stand for, as the oracle reads them (hygiene applied; as SPEC §2 names the columns). */
function rowsOf(path: string, ids: number[], withCurrency: boolean): (string | number)[][] {
  const all = new Map(load(path).rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const r = all.get(id)!;
    return [r.date, r.amount, ...(withCurrency ? [r.currency] : []), r.merchant, r.raw_description, r.category];
  });
}

/** "showing N of M" → [N, M]. */
function shownOf(summary: string): [number, number] {
  if (summary.startsWith("No ")) return [0, 0];
  const m = /showing ([\d']+) of ([\d']+)/.exec(summary);
  if (!m) throw new Error(`no "showing N of M" in: ${summary}`);
  return [Number(m[1]!.replaceAll("'", "")), Number(m[2]!.replaceAll("'", ""))];
}

describe("list_transactions: hand-computed order and rows", () => {
  test("date order (newest first, ties id desc); [92] and [96] dates with a time part; the table", () => {
    const out = tool({ search: "migros" });
    expect(shownOf(out.summary)).toEqual([6, 6]);
    expect(out.charts).toEqual([]);
    const table = out.tables![0]!;
    expect(table.title).toBe('Transactions matching "migros", all dates: 6 of 6');
    expect(table.columns).toEqual(["Date", "Amount", "Merchant", "Description", "Category"]);
    expect(table.currency).toBe("CHF");
    expect(table.rows).toEqual([
      ["2025-12-28", -112.45, "Migros", "MIGROS ZUERICH HB", "Groceries"], // [99]
      ["2025-10-04", -30.05, "MIGROS", "MIGROS-MMM BASEL", "Groceries"], // [100]
      ["2025-06-15", -66.6, "Migros", "MIGROS ZUERICH HB", "Groceries"], // [96] 2025-06-15T08:30:00
      ["2025-01-04", -63.7, "Migros", "MIGROS ZUERICH HB", "Groceries"], // [93]
      ["2024-08-31", -41.25, "Migros", "MIGROS ZUERICH HB", "Groceries"], // [92] 2024-08-31 23:59
      ["2024-02-03", -84.35, "Migros", "MIGROS ZUERICH HB", "Groceries"], // [90]; malformed [120] out
    ]);
    // money out keeps its minus sign
    expect(out.summary).toContain(`2025-12-28 ${money(-112.45, "CHF")} Migros "MIGROS ZUERICH HB" [Groceries]`);
    expect(money(-112.45, "CHF")).toBe("CHF -112.45");
    const lim = tool({ search: "migros", limit: 3 });
    expect(shownOf(lim.summary)).toEqual([3, 6]);
    expect(lim.tables![0]!.rows.map((r) => r[0])).toEqual(["2025-12-28", "2025-10-04", "2025-06-15"]);
  });

  test("sort amount: largest |amount| first, ties newest first; mixed currencies get a Currency column", () => {
    // 112.45 [99], 84.35 [90], 66.60 [96], 63.70 [93], 41.25 [92], 30.05 [100]
    expect(tool({ search: "migros", sort: "amount" }).tables![0]!.rows.map((r) => r[1])).toEqual([-112.45, -84.35, -66.6, -63.7, -41.25, -30.05]);
    // Dining: 150 [103] (2025-02-14) before 150 [102] (2024-12-20), 96.50, 55.20 EUR, 45.30, 5.50
    const d = tool({ category: "Dining", sort: "amount" });
    const table = d.tables![0]!;
    expect(table.columns).toEqual(["Date", "Amount", "Currency", "Merchant", "Description", "Category"]);
    expect(table.currency).toBeUndefined();
    expect(table.rows).toEqual([
      ["2025-02-14", -150, "CHF", "Restaurant Krone", "RESTAURANT KRONE", "Dining"],
      ["2024-12-20", -150, "CHF", "Restaurant Krone", "RESTAURANT KRONE", "Dining"],
      ["2024-03-16", -96.5, "CHF", "Restaurant Krone", "RESTAURANT KRONE", "Dining"],
      ["2025-06-12", -55.2, "EUR", "Trattoria da Luigi", "TRATTORIA DA LUIGI", "Dining"],
      ["2025-08-22", -45.3, "CHF", "Pizzeria Napoli", "PIZZERIA NAPOLI", "Dining"],
      ["2025-10-11", -5.5, "CHF", "Kiosk", "KIOSK BAHNHOF", "Dining"],
    ]);
    expect(d.summary).toContain("largest amount first");
    expect(d.summary).toContain(`2025-06-12 ${money(-55.2, "EUR")} Trattoria da Luigi`);
  });

  test("Shopping: same-date rows [107]/[108] by id desc; the refund listed; USD last; malformed [122] out", () => {
    const out = tool({ category: "Shopping" });
    expect(shownOf(out.summary)).toEqual([11, 11]);
    // ids [69, 109, 108, 107, 68, 106, 105, 67, 66, 65, 114]
    expect(out.tables![0]!.rows.map((r) => [r[0], r[1], r[2]])).toEqual([
      ["2025-05-31", -49.9, "CHF"],
      ["2025-04-26", -27, "CHF"],
      ["2025-04-05", -10, "CHF"],
      ["2025-04-05", -33.33, "CHF"],
      ["2025-04-01", -49.9, "CHF"],
      ["2025-03-17", 40, "CHF"],
      ["2025-03-03", -120, "CHF"],
      ["2025-03-01", -49.9, "CHF"],
      ["2025-02-19", -49.9, "CHF"],
      ["2025-01-20", -49.9, "CHF"],
      ["2024-11-29", -89.99, "USD"],
    ]);
    expect(shownOf(tool({ category: "Shopping", currency: "chf" }).summary)).toEqual([10, 10]);
  });

  test("money in 2025 CHF by amount; big outflows; to= includes a date with a time part", () => {
    const r = tool({ direction: "in", year: 2025, currency: "CHF", sort: "amount", limit: 5 });
    // salaries [13–24] (12) + CSS [26] + transfer back [86] + ETF sale [89] + Zalando refund [106] + TWINT [119] = 17
    expect(shownOf(r.summary)).toEqual([5, 17]);
    // 6'500 × 12 newest first: 2025-12-25, 11-25, 10-25, 09-25, 08-25
    expect(r.tables![0]!.rows.map((x) => [x[0], x[1]])).toEqual([
      ["2025-12-25", 6500],
      ["2025-11-25", 6500],
      ["2025-10-25", 6500],
      ["2025-09-25", 6500],
      ["2025-08-25", 6500],
    ]);
    // the tail: [86] 2'500, [89] 1'200.50, [26] 144, [106] 40, [119] 15
    expect(tool({ direction: "in", year: 2025, currency: "CHF", sort: "amount" }).tables![0]!.rows.slice(12).map((x) => x[1])).toEqual([2500, 1200.5, 144, 40, 15]);
    expect(tool({ search: "migros", to: "2025-06-15" }).tables![0]!.rows.map((x) => x[0])).toEqual(["2025-06-15", "2025-01-04", "2024-08-31", "2024-02-03"]);
    // |amount| ≥ 1'000 and out: 5'000 [88], 3'000 [87], then the 1'000s [80–85] newest first
    const big = tool({ min_amount: 1000, direction: "out", sort: "amount" });
    expect(shownOf(big.summary)).toEqual([8, 8]);
    expect(big.tables![0]!.rows.map((x) => [x[0], x[1]])).toEqual([
      ["2025-02-10", -5000],
      ["2024-06-10", -3000],
      ["2025-12-26", -1000],
      ["2025-11-26", -1000],
      ["2025-10-26", -1000],
      ["2025-09-26", -1000],
      ["2025-08-26", -1000],
      ["2025-07-26", -1000],
    ]);
    // max_amount bounds |amount| (inclusive): ≤ 10 → [108] 10, [115] USD 9.99, [95] 8.90, [118] 7.80, [125] 5.50, [72] 4.40
    expect(tool({ max_amount: 10, sort: "amount" }).tables![0]!.rows.map((x) => x[1])).toEqual([-10, -9.99, -8.9, -7.8, -5.5, -4.4]);
  });

  test("summary echoes at most 20 rows; limit 500 accepted, 501 and 0 rejected; unknown sort rejected", () => {
    const out = tool({ limit: 500 });
    // 108 well-formed rows
    expect(shownOf(out.summary)).toEqual([108, 108]);
    expect(out.summary).toContain("(first 20 here; the table shows all 108)");
    expect(out.tables![0]!.rows).toHaveLength(108);
    expect(shownOf(tool({}).summary)).toEqual([50, 108]);
    // With no filter but the period, newest first reads only the rows it shows: the same
    // rows and count as a filter that keeps every row (min_amount 0) and so scans them all.
    for (const period of [{}, { year: 2025 }, { from: "2024-03-01", to: "2025-02-28" }, { to: "2024-06-30" }]) {
      const plain = tool({ ...period, limit: 7 });
      const scanned = tool({ ...period, limit: 7, min_amount: 0 });
      expect(plain.tables![0]!.rows).toHaveLength(7);
      expect(plain.tables![0]!.rows).toEqual(scanned.tables![0]!.rows);
      expect(shownOf(plain.summary)).toEqual(shownOf(scanned.summary));
    }
    expect(schemaRejects(listTransactions, { limit: 501 })).toBe(true);
    expect(schemaRejects(listTransactions, { limit: 0 })).toBe(true);
    expect(schemaRejects(listTransactions, { sort: "price" })).toBe(true);
    expect(schemaRejects(listTransactions, { sort: "date" })).toBe(false);
    expect(schemaRejects(listTransactions, { direction: "sideways" })).toBe(true);
    expect(schemaRejects(listTransactions, { max_amount: -5 })).toBe(true);
    expect(inputError(() => tool({ min_amount: 20, max_amount: 10 })).message).toBe("min_amount (20) is larger than max_amount (10).");
    // One category in any letter case (SPEC §1 hygiene): no ambiguity.
    expect(tool({ category: "TRANSPORT" })).toEqual(tool({ category: "Transport" }));
  });

  test("loose: NULL merchant shown as (unknown merchant), NULL category as Uncategorised", () => {
    const out = tool({ search: "4471" }, loose);
    expect(out.tables![0]!.rows).toEqual([
      ["2025-10-12", -23.4, "(unknown merchant)", "CARD PAYMENT 4471", "Uncategorised"],
      ["2025-09-12", -23.4, "(unknown merchant)", "CARD PAYMENT 4471", "Uncategorised"],
    ]);
  });
});

describe("search count == list count", () => {
  const filters: FilterArgs[] = [
    { search: "zürich" },
    { search: "savings" },
    { search: "acme" },
    { search: "twint" },
    { search: "%" },
    { search: "_online" },
    { search: "migros", min_amount: 50 },
    { search: "migros", min_amount: 63.7, max_amount: 84.35 },
    { search: "twint", direction: "in" },
    { search: "krone", category: "Dining" },
    { search: "hotel", currency: "eur" },
    { search: "a", year: 2025, month: 4 },
    { search: "e", from: "2025-03-01", to: "2025-06-30", direction: "out" },
  ];
  const matchesOf = (summary: string) => {
    if (summary.startsWith("No ")) return 0;
    const m = /: ([\d']+) match(?:es)?\./.exec(summary);
    if (!m) throw new Error(`no match count in: ${summary}`);
    return Number(m[1]!.replaceAll("'", ""));
  };
  test("answers fixture: 'showing N of M' — M equals search's count", () => {
    for (const f of filters) {
      const s = run(searchTransactions, db, f);
      const l = tool({ ...f, limit: 5 });
      const [, m] = shownOf(l.summary);
      expect(m).toBeGreaterThan(0);
      expect(m).toBe(matchesOf(s.summary));
      expect(l.tables![0]!.title).toEndWith(`: ${formatCount(Math.min(5, m))} of ${formatCount(m)}`);
    }
  });
  test("loose fixture and demo database", () => {
    for (const f of [...filters, { search: "card" }]) expect(shownOf(tool({ ...f, limit: 1 }, loose).summary)[1]).toBe(matchesOf(run(searchTransactions, loose, f).summary));
    for (const f of [{ search: "migros" }, { search: "coop", direction: "in" as const }, { search: "savings", direction: "in" as const }, { search: "zürich" }, { search: "sbb", min_amount: 10, max_amount: 30 }]) {
      const s = run(searchTransactions, demo.db, f);
      expect(shownOf(tool(f, demo.db).summary)[1]).toBe(matchesOf(s.summary));
    }
  });
});

describe("list_transactions == oracle", () => {
  const check = (on: BudgetDb, args: ListArgs, p: string) => {
    const want = oracle(p, { ...args, currency: args.currency?.toUpperCase() });
    const out = tool(args, on);
    if (want.matchCount === 0) {
      expect(out.tables).toBeUndefined();
      return expect(out.summary).toStartWith("No ");
    }
    expect(shownOf(out.summary)).toEqual([want.ids.length, want.matchCount]);
    const table = out.tables![0]!;
    const many = table.columns.includes("Currency");
    expect(table.rows).toEqual(rowsOf(p, want.ids, many));
    expect(out.summary).toContain(`showing ${formatCount(want.ids.length)} of ${formatCount(want.matchCount)}`);
  };
  const cases: ListArgs[] = [
    {},
    { sort: "amount", limit: 500 },
    { search: "migros", sort: "amount" },
    { category: "Dining", sort: "amount" },
    { category: "Shopping" },
    { direction: "in", year: 2025, sort: "amount", limit: 20 },
    { min_amount: 100, max_amount: 1000, direction: "out" },
    { search: "ü", limit: 500 },
    { year: 2025, month: 6, currency: "EUR" },
    { from: "2025-04-01", to: "2025-04-30", sort: "amount", limit: 3 },
  ];
  test("answers fixture", () => {
    for (const args of cases) check(db, args, path);
  });
  test("loose fixture", () => {
    for (const args of cases) check(loose, args, loosePath);
  });
  test("demo database (7'300 rows, seed 7)", () => {
    for (const args of [{ limit: 500 }, { sort: "amount" as const, limit: 500 }, { search: "coop", year: 2025 }, { category: "Groceries", min_amount: 100, sort: "amount" as const }, { direction: "in" as const, from: "2024-01-01", to: "2024-03-31", limit: 500 }]) {
      check(demo.db, args, demo.path);
    }
  });
});
