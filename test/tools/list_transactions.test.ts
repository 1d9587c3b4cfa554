/**
 * list_transactions on the fixture (test/fixtures/budget-fixture.ts): order (date, amount with
 * ties newest first), limit, filters, the table artifact, "showing N of M" with M equal to
 * search_transactions' match count, and the rows against the independent oracle on the strict
 * and loose fixtures and the demo database.
 */
import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { listTransactions } from "../../src/tools/list_transactions.ts";
import type { BudgetDb } from "../../src/ledger/reader.ts";
import { formatCount } from "../../src/core/format.ts";
import { searchTransactions } from "../../src/tools/search_transactions.ts";
import { createFixture } from "../fixtures/budget-fixture.ts";
import { list as oracle, load, type FilterArgs } from "../support/spec-oracle.ts";
import { fixtures, demoDb, inputError, money, run, schemaRejects, rowsLinkOf, followUpsOf, schemaOf, PERIOD_PROPS, schemaProperty } from "./support.ts";

const { db, path, loose, loosePath } = fixtures();
const demo = demoDb();
const tool = (input: unknown, on: BudgetDb = db) => run(listTransactions, on, input);

describe("list_transactions", () => {
  test("newest first (date desc, id desc), all columns, 'showing N of M'", () => {
    // "twint" matches [116], [117], [119] and [121], whose malformed date "2025-13-01" is left out
    // (as a string it would sort first). Newest first: [119] 11-14, [117] 09-02, [116] 02-27.
    const out = tool({ search: "twint" });
    expect(out.charts).toEqual([]);
    expect(out.tables).toHaveLength(1);
    const table = out.tables![0];
    expect(table!.columns).toEqual(["Date", "Amount", "Merchant", "Description", "Category"]);
    expect(table!.rows).toEqual([
      ["2025-11-14", 15, "TWINT", "TWINT *P2P REFUND", "Uncategorised"],
      ["2025-09-02", -40, "TWINT", "TWINT *P2P 0797654321", "Uncategorised"],
      ["2025-02-27", -25, "TWINT", "TWINT *P2P 0791234567", "Uncategorised"],
    ]);
    expect(table!.currency).toBe("CHF");
    // all dates: the data's first [60] and last [99] well-formed date
    expect(out.summary).toStartWith('Transactions matching "twint" in all categories for all dates (2024-01-05 to 2025-12-28), newest first (negative = money out): showing 3 of 3.');
    expect(out.summary).toContain('2025-09-02 CHF -40.00 TWINT "TWINT *P2P 0797654321" [Uncategorised]');
    // "shop": [107] and [108] share 2025-04-05: the higher id first
    expect(tool({ search: "shop" }).tables![0]!.rows.map((r) => r[3])).toEqual(["SHOPXONLINE 13", "SHOP_ONLINE 12"]);
  });

  test("sort by amount: largest absolute amount first, ties newest first; min/max and direction", () => {
    // "savings": |+2'500| [86], then the six |−1'000| [85 … 80], newest first
    const savings = tool({ search: "savings", sort: "amount" }).tables![0]!.rows;
    expect(savings.map((r) => r[1])).toEqual([2500, -1000, -1000, -1000, -1000, -1000, -1000]);
    expect(savings.map((r) => r[0])).toEqual(["2025-08-15", "2025-12-26", "2025-11-26", "2025-10-26", "2025-09-26", "2025-08-26", "2025-07-26"]);
    // Ties: Coop [98] (2025-09-13) and [91] (2024-05-11) are both -52.80: the newer first.
    expect(tool({ search: "coop", sort: "amount" }).tables![0]!.rows.map((r) => r[0])).toEqual(["2025-09-13", "2024-05-11"]);
    // min/max on the absolute amount; direction. |amount| ≥ 1'000: 12 salaries of 6'500 [13–24], 12 of 6'200 [1–12],
    // ETF -5'000 [88], -3'000 [87], transfer back +2'500 [86], ETF sale +1'200.50 [89], six transfers -1'000 [80–85]: 34
    const big = tool({ min_amount: 1000, sort: "amount" });
    expect(big.tables![0]!.rows.map((r) => r[1])).toEqual([
      ...Array<number>(12).fill(6500),
      ...Array<number>(12).fill(6200),
      -5000,
      -3000,
      2500,
      1200.5,
      ...Array<number>(6).fill(-1000),
    ]);
    // money out of at least 1'000, newest first: [85 … 80] 2025-12-26 … 2025-07-26, [88] 2025-02-10, [87] 2024-06-10
    expect(tool({ min_amount: 1000, direction: "out" }).tables![0]!.rows.map((r) => r[1])).toEqual([-1000, -1000, -1000, -1000, -1000, -1000, -5000, -3000]);
    // Migros of at most 50: [100] -30.05 (2025-10-04), [92] -41.25 (2024-08-31)
    expect(tool({ search: "migros", max_amount: 50 }).tables![0]!.rows.map((r) => r[1])).toEqual([-30.05, -41.25]);
    // Zalando money in: the refund [106]
    expect(tool({ search: "zalando", direction: "in" }).tables![0]!.rows.map((r) => r[1])).toEqual([40]);
    expect(() => tool({ min_amount: 100, max_amount: 10 })).toThrow("min_amount (100) is larger than max_amount (10).");
    expect(listTransactions.schema().safeParse({ sort: "size" }).success).toBe(false);
  });

  test("limit: the newest N, and the total M", () => {
    // "krone": [103] 2025-02-14, [102] 2024-12-20, [101] 2024-03-16; the malformed [123] "2024-02-30" is no match
    const out = tool({ search: "krone", limit: 2 });
    expect(out.tables![0]!.rows.map((r) => r[0])).toEqual(["2025-02-14", "2024-12-20"]);
    expect(out.summary).toContain("showing 2 of 3");
    // The table's title names what it lists; how many of how many is its row count and totalRows (the view says "Showing 2 of 3").
    expect(out.tables![0]!.title).toBe('Transactions matching "krone", all dates');
    expect([out.tables![0]!.rows.length, out.tables![0]!.totalRows]).toEqual([2, 3]);
    // a page that is exactly full still counts correctly
    expect(tool({ search: "krone", limit: 3 }).summary).toContain("showing 3 of 3");
  });

  test("every category and both signs; transfers and salary are listed", () => {
    // "SAVINGS" newest first: [85] 12-26, [84] 11-26, [83] 10-26, [82] 09-26, [81] 08-26 -1'000 each,
    // [86] 08-15 +2'500, [80] 07-26 -1'000
    const out = tool({ search: "SAVINGS" });
    expect(out.tables![0]!.rows.map((r) => r[1])).toEqual([-1000, -1000, -1000, -1000, -1000, 2500, -1000]);
    expect(out.tables![0]!.rows.every((r) => r[4] === "Transfers")).toBe(true);
    // "acme": the 24 salaries [1–24] and the correction [25], all Income: 25
    const salary = tool({ search: "acme" });
    expect(salary.summary).toContain("showing 25 of 25");
    expect(salary.tables![0]!.rows.every((r) => r[4] === "Income")).toBe(true);
  });

  test("without search: category and month filter", () => {
    // Dining 2025-08: [104] only; Shopping 2025-03: [106] 03-17, [105] 03-03, [67] 03-01 (03-01 is inside the month;
    // the malformed "14.03.2025" [122] is not)
    expect(tool({ category: "dining", year: 2025, month: 8 }).tables![0]!.rows).toEqual([
      ["2025-08-22", -45.3, "Pizzeria Napoli", "PIZZERIA NAPOLI", "Dining"],
    ]);
    expect(tool({ category: "shopping", year: 2025, month: 3 }).tables![0]!.rows.map((r) => r[1])).toEqual([40, -120, -49.9]);
  });

  test("the summary echoes at most 20 rows; the table has them all", () => {
    // 2024 has 23 rows: salaries [1–12], Helsana [55, 56], ZKB [60, 61], ETF [87], groceries [90, 91, 92],
    // Krone [101, 102], Amazon [114]: 12 + 2 + 2 + 1 + 3 + 2 + 1 = 23 (the malformed "2024-02-30" [123] is none)
    const out = tool({ year: 2024 });
    expect(out.tables![0]!.rows).toHaveLength(23);
    expect(out.summary).toContain("showing 23 of 23 (first 20 here; the table shows all 23)");
    expect(out.summary.match(/\[[A-Za-z]+\]/g)).toHaveLength(20);
  });

  test("% and _ are literal", () => {
    // "shop_online" is [107] only: as a wildcard "_" would match SHOPXONLINE [108] too
    expect(tool({ search: "shop_online" }).tables![0]!.rows.map((r) => r[2])).toEqual(["Shop_Online"]);
    // "%" is [109] "50% RABATT OUTLET" only: as a wildcard it would match all 108 rows
    expect(tool({ search: "%" }).tables![0]!.rows.map((r) => r[3])).toEqual(["50% RABATT OUTLET"]);
    // "0%" likewise: as a wildcard ("contains 0") TWINT [116, 117] would match too
    expect(tool({ search: "0%" }).tables![0]!.rows.map((r) => r[3])).toEqual(["50% RABATT OUTLET"]);
  });

  test("no match: clear summary, no table", () => {
    const out = tool({ search: "zzz" });
    expect(out.summary).toStartWith('No transactions matching "zzz" in all categories for all dates');
    expect(out.charts).toEqual([]);
    expect(out.tables ?? []).toEqual([]);
  });

  test("input errors", () => {
    expect(() => tool({ search: "x", month: 1 })).toThrow("month requires year");
    expect(() => tool({ category: "Food" })).toThrow(/Unknown category "Food"\. Valid categories: Dining, Fees, /);
    const s = listTransactions.schema();
    expect(s.safeParse({ search: "x", limit: 0 }).success).toBe(false);
    expect(s.safeParse({ search: "x", limit: 501 }).success).toBe(false);
    expect(s.safeParse({ search: "x", limit: "10" }).success).toBe(false);
    expect(s.safeParse({ search: "x", order: "amount" }).success).toBe(false);
    expect(s.parse({ search: "x" }).limit).toBe(50);
  });

  test("loose fixture: NULL merchant and NULL category shown by their documented names", () => {
    const out = tool({ year: 2025, month: 11 }, loose);
    // 2025-11 newest first: [84], [23], [204] (NULL category), [89], [119], then 11-12 [203] (NULL merchant)
    // before [50] (the higher id first), [63]
    expect(out.tables![0]!.rows).toEqual([
      ["2025-11-26", -1000, "Savings Account", "TRANSFER TO SAVINGS", "Transfers"],
      ["2025-11-25", 6500, "ACME AG", "SALARY ACME AG", "Income"],
      ["2025-11-21", 5, "Cumulus", "CASHBACK CUMULUS", "Uncategorised"],
      ["2025-11-20", 1200.5, "Swissquote", "SWISSQUOTE ETF VT SELL", "Investments"],
      ["2025-11-14", 15, "TWINT", "TWINT *P2P REFUND", "Uncategorised"],
      ["2025-11-12", -23.4, "(unknown merchant)", "MARKT STAND OERLIKON", "Groceries"],
      ["2025-11-12", -20.9, "Netflix", "NETFLIX.COM 866-579", "Subscriptions"],
      ["2025-11-03", -59, "Fitnesspark", "FITNESSPARK OERLIKON", "Healthcare"],
    ]);
    expect(out.summary).toContain("showing 8 of 8");
    // Uncategorised selects the NULL-category rows too: [204], [119], [202], [201], [117], [116]
    // (the malformed "2025-13-01" [121] is none)
    expect(tool({ category: "uncategorised" }, loose).tables![0]!.rows.map((r) => r[0])).toEqual([
      "2025-11-21",
      "2025-11-14",
      "2025-10-12",
      "2025-09-12",
      "2025-09-02",
      "2025-02-27",
    ]);
  });
});

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
    expect(table.title).toBe('Transactions matching "migros", all dates');
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
  test("the fixture: 'showing N of M' — M equals search's count", () => {
    for (const f of filters) {
      const s = run(searchTransactions, db, f);
      const l = tool({ ...f, limit: 5 });
      const [, m] = shownOf(l.summary);
      expect(m).toBeGreaterThan(0);
      expect(m).toBe(matchesOf(s.summary));
      expect([l.tables![0]!.rows.length, l.tables![0]!.totalRows]).toEqual([Math.min(5, m), m]);
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
  test("strict fixture", () => {
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

describe("list_transactions after the data changes", () => {
  test("a row's line (kept per version of the data) is written again once another program changed the row", () => {
    const fx = createFixture();
    try {
      // The newest row of the fixture: [99] 2025-12-28, as the first test's coverage says.
      const before = run(listTransactions, fx.db, { limit: 1 });
      const [date, amount, merchant, description] = before.tables![0]!.rows[0]! as [string, number, string, string, string];
      expect(date).toBe("2025-12-28");
      expect(before.summary).toContain(`2025-12-28 ${money(amount, "CHF")} ${merchant} ${JSON.stringify(description)} [`);
      // Another connection (as the import or an edit would) moves it to Travel and changes its amount.
      const w = new Database(fx.path);
      w.query("UPDATE transactions SET category = 'Travel', amount = -12.34 WHERE date = ? AND raw_description = ?").run(date, description);
      w.close();
      const after = run(listTransactions, fx.db, { limit: 1 });
      expect(after.tables![0]!.rows[0]).toEqual(["2025-12-28", -12.34, merchant, description, "Travel"]);
      expect(after.summary).toContain(`2025-12-28 CHF -12.34 ${merchant} ${JSON.stringify(description)} [Travel]`);
    } finally {
      fx.cleanup();
    }
  });
});

describe("list_transactions' affordances", () => {
  test("see these transactions: the listing's filters, period and order as the page's query; the biggest categories as a follow-up", () => {
    // February 2025 has 28 days; sort "amount" is kept (the page's default is by date).
    expect(rowsLinkOf(listTransactions, { search: "coop", category: "Groceries", year: 2025, month: 2, min_amount: 10, direction: "out", sort: "amount", limit: 50 })).toBe(
      "/transactions?q=coop&category=Groceries&from=2025-02-01&to=2025-02-28&min=10&direction=out&sort=amount",
    );
    // Without filters: every transaction, newest first (the page's default), so the bare page.
    expect(rowsLinkOf(listTransactions, {})).toBe("/transactions");
    // A list draws no chart: its question is asked when no chart of the answer invited one.
    expect(followUpsOf(listTransactions, null, {})).toEqual(["What are my biggest spending categories this year?"]);
    expect(followUpsOf(listTransactions, null, {}, ["list_transactions", "spending_by_category"])).toEqual([]);
  });
});

describe("list_transactions's schema", () => {
  test("the JSON schema sent to the model: its properties; the description says the UI shows the result", () => {
    expect(schemaOf(listTransactions)).toEqual({ names: ["search", "category", "min_amount", "max_amount", "direction", ...PERIOD_PROPS, "sort", "limit"], required: undefined });
    expect(schemaProperty(listTransactions, "limit")).toMatchObject({ type: "integer", minimum: 1, maximum: 500, default: 50 });
    // The model must know the UI draws the charts and tables (so it never draws text charts).
    expect(listTransactions.description).toMatch(/The UI (draws|shows)/);
  });
});
