/**
 * The Transactions page's listing (src/transactions/): filters, totals per currency,
 * paging and sort on the hand-made fixture (test/fixtures/small-fixture.ts); every
 * figure below is counted by hand from its rows.
 */
import { Database } from "bun:sqlite";
import { afterEach, describe, expect, test } from "bun:test";
import { allTransactions, transactionsPage, otherRowsOfMerchant } from "../../src/transactions/listing.ts";
import { datePresets, parseTransactionQuery, TransactionQueryError, transactionQueryString } from "../../src/transactions/query.ts";
import { dataAge, dataAgeText } from "../../src/transactions/data-age.ts";
import { createFixture, type Fixture, type FixtureRow } from "../fixtures/small-fixture.ts";

let fx: Fixture | null = null;
afterEach(() => {
  fx?.cleanup();
  fx = null;
});
const open = (o?: Parameters<typeof createFixture>[0]) => (fx = createFixture(o));
const q = (params: Record<string, string> = {}) => parseTransactionQuery(params);
const ids = (f: Fixture, params: Record<string, string>) => transactionsPage(f.db, q(params)).rows.map((r) => r.id);
const write = (f: Fixture, sql: string) => {
  const db = new Database(f.path);
  try {
    db.run(sql);
  } finally {
    db.close();
  }
};
const problem = (params: Record<string, string>): string => {
  try {
    parseTransactionQuery(params);
  } catch (e) {
    expect(e).toBeInstanceOf(TransactionQueryError);
    return (e as Error).message;
  }
  throw new Error("expected a TransactionQueryError");
};

describe("transactionsPage", () => {
  test("no filter: every row newest first, the count, and money out / in / net of the whole set", () => {
    const f = open();
    const page = transactionsPage(f.db, q());
    expect(page.totalRows).toBe(34);
    expect(page.pages).toBe(1);
    expect(page.rows.slice(0, 4).map((r) => r.id)).toEqual([34, 33, 32, 31]);
    // 26 rows out: 4,594.28; 8 rows in: 26,440.00.
    expect(page.totals).toEqual([{ currency: "CHF", rows: 34, out: expect.closeTo(4594.28, 9), in: 26440, net: expect.closeTo(21845.72, 9) }]);
    expect(page.rows[0]).toEqual({
      id: 34,
      date: "2025-04-11",
      amount: -100,
      currency: "CHF",
      merchant: "Migros",
      category: "Groceries",
      description: "MIGROS ZUERICH 123",
      account: null,
    });
  });

  test("search in merchant and description, a date range; same-day rows newest id first", () => {
    const f = open();
    const page = transactionsPage(f.db, q({ q: "migros", from: "2025-01-01" }));
    expect(page.rows.map((r) => r.id)).toEqual([34, 27, 17, 12, 11]);
    expect(page.totals).toEqual([{ currency: "CHF", rows: 5, out: expect.closeTo(354.2, 9), in: 0, net: expect.closeTo(-354.2, 9) }]);
    expect(ids(f, { q: "migros", from: "2025-01-03", to: "2025-01-03" })).toEqual([12, 11]);
  });

  test("category in any letter case, sort by amount (largest first, ties newest first), amount range and direction", () => {
    const f = open();
    const dining = transactionsPage(f.db, q({ category: "dining", sort: "amount" }));
    expect(dining.category).toBe("Dining");
    expect(dining.rows.map((r) => r.id)).toEqual([20, 6, 14, 31, 33]);
    expect(dining.totals[0]).toEqual({ currency: "CHF", rows: 5, out: 410, in: 0, net: -410 });
    // Money out of 100 … 1,000: 4 (1000), 28 (800), 20 (150), 19 and 6 (120 each: 19 is newer), 34 (100).
    const mid = transactionsPage(f.db, q({ min: "100", max: "1000", direction: "out", sort: "amount" }));
    expect(mid.rows.map((r) => r.id)).toEqual([4, 28, 20, 19, 6, 34]);
    expect(mid.totals[0]!.out).toBe(2290);
    expect(ids(f, { direction: "in", min: "1000" })).toEqual([29, 21, 15, 7, 3]);
  });

  test("merchant filter is the exact name in any letter case; (unknown merchant) finds rows without one", () => {
    const f = open({ loose: true });
    expect(ids(f, { merchant: "migros" })).toEqual([34, 27, 17, 12, 11, 5, 1]);
    expect(ids(f, { merchant: "(unknown merchant)" })).toEqual([37, 36, 35]);
    expect(ids(f, { merchant: "Migro" })).toEqual([]);
  });

  test("currencies are never added: totals per currency, codes folded (eur and 'EUR ' are one), currency filter", () => {
    const f = open();
    write(f, "UPDATE transactions SET currency = 'eur ' WHERE id = 18; UPDATE transactions SET currency = 'EUR' WHERE id = 19");
    const all = transactionsPage(f.db, q());
    expect(all.totals).toEqual([
      { currency: "CHF", rows: 32, out: expect.closeTo(4474.28, 9), in: 26400, net: expect.closeTo(21925.72, 9) },
      { currency: "EUR", rows: 2, out: 120, in: 40, net: -80 },
    ]);
    const eur = transactionsPage(f.db, q({ currency: "eur" }));
    expect(eur.rows.map((r) => [r.id, r.currency])).toEqual([
      [18, "EUR"],
      [19, "EUR"],
    ]);
  });

  test("account filter when the data has an account column", () => {
    const f = open();
    write(f, "ALTER TABLE transactions ADD COLUMN account TEXT; UPDATE transactions SET account = 'CH93 0076 2011 6238 5295 7' WHERE id IN (1, 2, 3)");
    expect(ids(f, { account: "ch93 0076 2011 6238 5295 7" })).toEqual([3, 2, 1]);
    expect(transactionsPage(f.db, q({ account: "CH93 0076 2011 6238 5295 7" })).rows[0]!.account).toBe("CH93 0076 2011 6238 5295 7");
  });

  test("paging: 50 rows a page, the last page partly full, totals always of the whole filtered set", () => {
    const rows: FixtureRow[] = Array.from({ length: 120 }, (_, k) => ({
      id: k + 1,
      date: new Date(Date.UTC(2025, 0, 1 + k)).toISOString().slice(0, 10),
      description: `SHOP ${k + 1}`,
      amount: -(k + 1),
      merchant: "Shop",
      category: "Shopping",
    }));
    const f = open({ rows });
    const p2 = transactionsPage(f.db, q({ page: "2" }));
    expect(p2.pages).toBe(3);
    expect(p2.rows.map((r) => r.id)).toEqual(Array.from({ length: 50 }, (_, k) => 70 - k));
    expect(p2.totals[0]!.out).toBe(7260); // 1 + … + 120
    const p3 = transactionsPage(f.db, q({ page: "3", sort: "amount" }));
    expect(p3.rows.map((r) => r.id)).toEqual(Array.from({ length: 20 }, (_, k) => 20 - k));
    expect(transactionsPage(f.db, q({ page: "4" })).rows).toEqual([]);
    // From 2025-03-01 (row 60) on: 61 rows, page 2 holds 70 … 60.
    const march = transactionsPage(f.db, q({ from: "2025-03-01", page: "2" }));
    expect(march.totalRows).toBe(61);
    expect(march.rows.map((r) => r.id)).toEqual([70, 69, 68, 67, 66, 65, 64, 63, 62, 61, 60]);
    expect(otherRowsOfMerchant(f.db, march.rows[0]!)).toBe(119);
  });

  test("the CSV rows are every filtered row in page order", () => {
    const f = open();
    expect([...allTransactions(f.db, q({ q: "krone", sort: "amount" }))].map((r) => [r.id, r.amount])).toEqual([
      [20, -150],
      [6, -120],
      [31, -45],
    ]);
  });

  test("an unknown category is refused with the valid names", () => {
    const f = open();
    expect(() => transactionsPage(f.db, q({ category: "Pets" }))).toThrow(
      'Unknown category "Pets". Valid categories: Children, Dining, Groceries, Income, Shopping, Transfers, Transport, Uncategorised.',
    );
  });
});

describe("parseTransactionQuery", () => {
  test("empty fields are absent; defaults sort=date, page=1; currency upper-cased", () => {
    expect(q({ q: "", category: " ", currency: "chf", min: "", sort: "" })).toEqual({ currency: "CHF", sort: "date", page: 1 });
  });

  test("every problem is named", () => {
    expect(problem({ from: "2025-02-30" })).toBe("Invalid filter: from must be a real date written YYYY-MM-DD, e.g. 2025-03-01.");
    expect(problem({ min: "50", max: "10" })).toBe("Invalid filter: min is larger than max.");
    expect(problem({ from: "2025-03-01", to: "2025-01-01" })).toBe("Invalid filter: from is after to.");
    expect(problem({ min: "-5" })).toBe("Invalid filter: min must be an amount of money ≥ 0, e.g. 100 or 99.50 (the amount without its sign).");
    expect(problem({ page: "0", sort: "size" })).toBe("Invalid filter: sort must be date or amount; page must be a whole number ≥ 1.");
    expect(problem({ catgory: "Dining" })).toBe(
      'Invalid filter: unknown parameter "catgory" (known: q, category, merchant, account, currency, from, to, min, max, direction, sort, page).',
    );
    expect(problem({ currency: "Swiss francs" })).toBe("Invalid filter: currency must be a three-letter code such as CHF.");
  });

  test("the query string keeps only what is set, defaults left out", () => {
    expect(transactionQueryString(q({ q: "coop & co", category: "Groceries", sort: "date", page: "1" }))).toBe("?q=coop+%26+co&category=Groceries");
    expect(transactionQueryString(q({ min: "10.5", sort: "amount", page: "3" }))).toBe("?min=10.5&sort=amount&page=3");
    expect(transactionQueryString(q())).toBe("");
  });

  test("date presets relative to today", () => {
    expect(datePresets(new Date("2026-01-15T10:00:00Z"))).toEqual([
      { label: "This month", from: "2026-01-01", to: "2026-01-31" },
      { label: "Last month", from: "2025-12-01", to: "2025-12-31" },
      { label: "Last 3 months", from: "2025-10-01", to: "2025-12-31" },
      { label: "This year", from: "2026-01-01", to: "2026-12-31" },
      { label: "Last year", from: "2025-01-01", to: "2025-12-31" },
    ]);
  });
});

describe("dataAge", () => {
  test("the last day with data and the last import, in words", () => {
    const f = open();
    expect(dataAgeText(dataAge(f.db), new Date("2025-04-20T08:00:00Z"))).toBe("data up to 11 Apr 2025 · no imports recorded");
    write(f, "INSERT INTO import_log (filename, row_count, imported_at) VALUES ('a.csv', 10, '2025-04-12T09:00:00+00:00'), ('b.csv', 5, '2025-04-17T23:59:00+00:00')");
    const age = dataAge(f.db);
    expect(age).toEqual({ lastDate: "2025-04-11", lastImport: "2025-04-17T23:59:00+00:00" });
    expect(dataAgeText(age, new Date("2025-04-20T08:00:00Z"))).toBe("data up to 11 Apr 2025 · last import 3 days ago");
    expect(dataAgeText(age, new Date("2025-04-18T00:30:00Z"))).toBe("data up to 11 Apr 2025 · last import yesterday");
    expect(dataAgeText(age, new Date("2025-04-17T23:59:30Z"))).toBe("data up to 11 Apr 2025 · last import today");
  });
});

describe("transactionsHref (see these transactions)", () => {
  test("a tool's filters as the page's query; none where the page cannot show exactly those rows", async () => {
    const { transactionsHref } = await import("../../src/transactions/link.ts");
    expect(transactionsHref("list_transactions", { search: "coop", category: "Groceries", year: 2025, month: 2, min_amount: 10, direction: "out", sort: "amount", limit: 50 })).toBe(
      "/transactions?q=coop&category=Groceries&from=2025-02-01&to=2025-02-28&min=10&direction=out&sort=amount",
    );
    expect(transactionsHref("search_transactions", { search: "sbb", from: "2025-01-01", currency: "chf" })).toBe("/transactions?q=sbb&currency=CHF&from=2025-01-01");
    expect(transactionsHref("merchant_breakdown", { category: "Dining", year: 2024 })).toBe("/transactions?category=Dining&from=2024-01-01&to=2024-12-31");
    expect(transactionsHref("merchant_breakdown", { year: 2024 })).toBeNull();
    expect(transactionsHref("spending_by_category", { year: 2024 })).toBeNull();
  });
});
