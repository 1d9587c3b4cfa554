/**
 * The Transactions page's listing (src/transactions/): filters, totals per currency,
 * paging and sort on the hand-made fixture (test/fixtures/budget-fixture.ts); every
 * figure below is counted by hand from its rows (ids in brackets).
 */
import { Database } from "bun:sqlite";
import { afterEach, describe, expect, test } from "bun:test";
import { allTransactions, mergedSets, transactionsPage, otherRowsOfMerchant } from "../../src/transactions/listing.ts";

/** The fields of a merged set that none of its sets gives (min, max, direction: `any` takes none of them). */
const asUnset = { min: undefined, max: undefined, direction: undefined };
import { datePresets, parseTransactionQuery, TransactionQueryError, transactionQueryString } from "../../src/transactions/query.ts";
import { dataAge, dataAgeText } from "../../src/transactions/data-age.ts";
import { createFixture, fixtureRow, IBAN, type Fixture } from "../fixtures/budget-fixture.ts";

let opened: Fixture[] = [];
afterEach(() => {
  for (const f of opened) f.cleanup();
  opened = [];
});
const open = (o?: Parameters<typeof createFixture>[0]) => {
  const f = createFixture(o);
  opened.push(f);
  return f;
};
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
const VALID_CATEGORIES =
  // The 15 names of the categories table and Household (only in transactions [30–35]); `transport` [75] [76] is Transport.
  "Valid categories: Dining, Fees, Groceries, Healthcare, Household, Housing, Income, Insurance, Investments, Other, Shopping, Subscriptions, Transfers, Transport, Travel, Uncategorised.";

describe("transactionsPage", () => {
  test("no filter: every well-formed row newest first, the count, and money out / in / net per currency", () => {
    const f = open();
    const page = transactionsPage(f.db, q());
    expect(page.totalRows).toBe(108); // 112 rows − 4 malformed dates [120–123]
    expect(page.pages).toBe(3); // 50 + 50 + 8
    // 2025-12-28 [99], 12-26 [85], 12-25 [24], 12-20 [62]
    expect(page.rows.slice(0, 4).map((r) => r.id)).toEqual([99, 85, 24, 62]);
    // CHF, 102 rows (108 − 4 EUR − 2 USD):
    //   in 29 rows: salaries 12 × 6'200 + 12 × 6'500 [1–24] = 152'400, + 144 [26] + 2'500 [86] + 1'200.50 [89]
    //   + 40 [106] + 15 [119] = 156'299.50;
    //   out 73 rows: 450 [25] + 500 [30–35] + 244.80 [40–51] + 1'272.20 [55–59] + 370 [60–62] + 118 [63–64]
    //   + 249.50 [65–69] + 337 [70–74] + 77.75 [75–76] + 6'000 [80–85] + 8'000 [87–88] + 549.80 [90–100]
    //   + 441.80 [101–104] + 190.33 [105 107 108 109] + 65 [116 117] + 7.80 [118] + 180 [124] + 5.50 [125] = 19'059.48.
    // EUR: out 420 + 38.40 + 55.20 [110–112] = 513.60, in 60 [113]. USD: out 89.99 [114] + 9.99 [115] = 99.98.
    expect(page.totals).toEqual([
      { currency: "CHF", rows: 102, out: expect.closeTo(19059.48, 9), in: expect.closeTo(156299.5, 9), net: expect.closeTo(137240.02, 9) },
      { currency: "EUR", rows: 4, out: expect.closeTo(513.6, 9), in: 60, net: expect.closeTo(-453.6, 9) },
      { currency: "USD", rows: 2, out: expect.closeTo(99.98, 9), in: 0, net: expect.closeTo(-99.98, 9) },
    ]);
    expect(page.rows[0]).toEqual({
      id: 99,
      date: "2025-12-28",
      amount: -112.45,
      currency: "CHF",
      merchant: "Migros",
      category: "Groceries",
      description: "MIGROS ZUERICH HB",
      account: null,
      // The fixture's rows carry the batch 'fixture'; without transaction_details that is all their origin.
      origin: { batch: "fixture" },
    });
  });

  test("each row's origin: the file and line transaction_details records (SPEC §10.1), else its import batch", () => {
    const f = open();
    // [99] is fx-99 (the fixture's transaction ids); a details row for it, none for [100].
    write(
      f,
      `CREATE TABLE transaction_details (transaction_id TEXT PRIMARY KEY, source_file TEXT, source_sha256 TEXT, source_line INTEGER);
       INSERT INTO transaction_details VALUES ('fx-99', 'camt053-2025-12.xml', 'abc', 17);`,
    );
    const rows = transactionsPage(f.db, q({ merchant: "Migros" })).rows;
    expect(rows.find((r) => r.id === 99)!.origin).toEqual({ file: "camt053-2025-12.xml", line: 17, batch: "fixture" });
    expect(rows.find((r) => r.id === 93)!.origin).toEqual({ batch: "fixture" });
  });

  test("search in merchant and description, a date range; same-day rows newest id first", () => {
    const f = open();
    // Migros/MIGROS from 2025: 2025-12-28 [99], 10-04 [100], 06-15T08:30 [96], 01-04 [93]; 2024 [90] [92] and malformed [120] out.
    const page = transactionsPage(f.db, q({ q: "migros", from: "2025-01-01" }));
    expect(page.rows.map((r) => r.id)).toEqual([99, 100, 96, 93]);
    // 112.45 + 30.05 + 66.60 + 63.70 = 272.80
    expect(page.totals).toEqual([{ currency: "CHF", rows: 4, out: expect.closeTo(272.8, 9), in: 0, net: expect.closeTo(-272.8, 9) }]);
    // SHOP_ONLINE [107] and SHOPXONLINE [108], both 2025-04-05.
    expect(ids(f, { q: "online", from: "2025-04-05", to: "2025-04-05" })).toEqual([108, 107]);
    // [94] only by its merchant name "Bäckerei Zürich" (its description is BAECKEREI ZUERICH); [95] by both.
    expect(ids(f, { q: "bäckerei" })).toEqual([95, 94]);
  });

  test("category in any letter case, sort by amount (largest first, ties newest first), amount range and direction", () => {
    const f = open();
    const dining = transactionsPage(f.db, q({ category: "dining", sort: "amount" }));
    expect(dining.category).toBe("Dining");
    // 150 [103] (2025-02-14) before 150 [102] (2024-12-20), 96.50 [101], 55.20 EUR [112], 45.30 [104], 5.50 [125]; malformed [123] out.
    expect(dining.rows.map((r) => r.id)).toEqual([103, 102, 101, 112, 104, 125]);
    expect(dining.totals).toEqual([
      { currency: "CHF", rows: 5, out: expect.closeTo(447.3, 9), in: 0, net: expect.closeTo(-447.3, 9) }, // 150 + 150 + 96.50 + 45.30 + 5.50
      { currency: "EUR", rows: 1, out: expect.closeTo(55.2, 9), in: 0, net: expect.closeTo(-55.2, 9) },
    ]);
    // The data's `transport` [75] [76] is Transport [70–74]: newest first.
    expect(ids(f, { category: "TRANSPORT" })).toEqual([76, 75, 74, 73, 72, 71, 70]);
    // Money out of 220 … 1'000 (both ends included): 1'000 × 6 [85 84 83 82 81 80] (newest first), 450 [25], 420 EUR [110],
    // 260.40 [59 58 57], 245.50 [56 55], 220 [73]. Out of range: 3'000 and 5'000 [87] [88], 180 [124]; money in [86].
    const mid = transactionsPage(f.db, q({ min: "220", max: "1000", direction: "out", sort: "amount" }));
    expect(mid.rows.map((r) => r.id)).toEqual([85, 84, 83, 82, 81, 80, 25, 110, 59, 58, 57, 56, 55, 73]);
    // CHF: 6'000 + 450 + 3 × 260.40 + 2 × 245.50 + 220 = 7'942.20
    expect(mid.totals).toEqual([
      { currency: "CHF", rows: 13, out: expect.closeTo(7942.2, 9), in: 0, net: expect.closeTo(-7942.2, 9) },
      { currency: "EUR", rows: 1, out: 420, in: 0, net: -420 },
    ]);
    // Money in of 1'000 … 6'000: the ETF sale 1'200.50 [89] (2025-11-20), from savings 2'500 [86] (2025-08-15); not the
    // salaries (6'200, 6'500) nor the 1'000.00 transfers out [80–85].
    expect(ids(f, { direction: "in", min: "1000", max: "6000" })).toEqual([89, 86]);
  });

  test("merchant filter is the name as the data spells it, else the name in any letter case; (unknown merchant) finds rows without one", () => {
    const f = open({ loose: true });
    // Migros [90 92 93 96 99] and MIGROS [100], newest first; malformed [120] out: "migros" is spelled so by no row.
    expect(ids(f, { merchant: "migros" })).toEqual([99, 100, 96, 93, 92, 90]);
    // A spelling of the data is that merchant only, as the tools group it (merchant_breakdown's "Migros" and "MIGROS" lines).
    expect(ids(f, { merchant: "Migros" })).toEqual([99, 96, 93, 92, 90]);
    expect(ids(f, { merchant: "MIGROS" })).toEqual([100]);
    expect(ids(f, { merchant: " MIGROS " })).toEqual([100]);
    // NULL merchant (loose variant): 2025-11-12 [203], 10-12 [202], 09-12 [201].
    expect(ids(f, { merchant: "(unknown merchant)" })).toEqual([203, 202, 201]);
    expect(ids(f, { merchant: "Migro" })).toEqual([]);
  });

  test("currencies are never added: totals per currency, main currency first, codes folded (chf and ' CHF' are CHF), currency filter", () => {
    const f = open();
    // June 2025: EUR [110–113] 4 rows, CHF Netflix [45] 20.90, Migros [96] 66.60, salary [18] +6'500: EUR has more rows.
    const june = transactionsPage(f.db, q({ from: "2025-06-01", to: "2025-06-30" }));
    expect(june.totals).toEqual([
      { currency: "EUR", rows: 4, out: expect.closeTo(513.6, 9), in: 60, net: expect.closeTo(-453.6, 9) }, // 420 + 38.40 + 55.20; +60 refund
      { currency: "CHF", rows: 3, out: expect.closeTo(87.5, 9), in: 6500, net: expect.closeTo(6412.5, 9) }, // 20.90 + 66.60
    ]);
    expect(transactionsPage(f.db, q({ currency: "eur" })).rows.map((r) => [r.id, r.currency])).toEqual([
      [113, "EUR"],
      [112, "EUR"],
      [111, "EUR"],
      [110, "EUR"],
    ]);
    // Extended: 2026-02-02 … 02-06: coffees [331–335] ([332] "chf", [335] " CHF") and Spotify 12.95 [312] on 02-05 (after [334]: same day, lower id).
    const x = open({ extended: true });
    const week = transactionsPage(x.db, q({ currency: "chf", from: "2026-02-02", to: "2026-02-06" }));
    expect(week.rows.map((r) => [r.id, r.currency])).toEqual([
      [335, "CHF"],
      [334, "CHF"],
      [312, "CHF"],
      [333, "CHF"],
      [332, "CHF"],
      [331, "CHF"],
    ]);
    // 5 × 4.50 + 12.95 = 35.45
    expect(week.totals).toEqual([{ currency: "CHF", rows: 6, out: expect.closeTo(35.45, 9), in: 0, net: expect.closeTo(-35.45, 9) }]);
  });

  test("account filter when the data has an account column", () => {
    const f = open({ extended: true });
    // Salaries on the IBAN [321–328] only: the older salaries [1–24] have no account (NULL).
    expect(ids(f, { account: IBAN.toLowerCase(), q: "acme" })).toEqual([328, 327, 326, 325, 324, 323, 322, 321]);
    const iban = transactionsPage(f.db, q({ account: IBAN }));
    // Rent [301–309]: 5 × 2'000 + 4 × 2'200 = 18'800 out; salary [321–328]: 8 × 6'800 = 54'400 in.
    expect(iban.totalRows).toBe(17);
    expect(iban.totals).toEqual([{ currency: "CHF", rows: 17, out: 18800, in: 54400, net: 35600 }]);
    expect(iban.rows[0]).toEqual({
      id: 309,
      date: "2026-10-01",
      amount: -2200,
      currency: "CHF",
      merchant: "Immo AG",
      category: "Housing",
      description: "MIETE IMMO AG",
      account: "CH93 0076 2011 6238 5295 7",
      origin: { batch: "fixture" },
    });
  });

  test("paging: 50 rows a page, the last page partly full, totals always of the whole filtered set", () => {
    const rows = Array.from({ length: 120 }, (_, k) =>
      fixtureRow(k + 1, new Date(Date.UTC(2025, 0, 1 + k)).toISOString().slice(0, 10), `SHOP ${k + 1}`, -(k + 1), "Shop", "Shopping"),
    );
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
    // Restaurant Krone: 150 [103] (2025-02-14) before 150 [102] (2024-12-20), then 96.50 [101]; malformed [123] out.
    expect([...allTransactions(f.db, q({ q: "krone", sort: "amount" }))].map((r) => [r.id, r.amount])).toEqual([
      [103, -150],
      [102, -150],
      [101, -96.5],
    ]);
  });

  test("an unknown category is refused with the valid names", () => {
    const f = open();
    expect(() => transactionsPage(f.db, q({ category: "Pets" }))).toThrow(`Unknown category "Pets". ${VALID_CATEGORIES}`);
  });
});

describe("any: the rows of several filter sets together (a figure's parts, SPEC §11.1)", () => {
  const anyQuery = (base: Record<string, string>, parts: string[]) => {
    const p = new URLSearchParams(base);
    for (const part of parts) p.append("any", part);
    return parseTransactionQuery(p);
  };
  test("a row passes when it passes the common filters and at least one set, each with its own dates", () => {
    const f = open();
    // CHF Dining of 2025: 150 [103] 2025-02-14, 45.30 [104], 5.50 [125] (the EUR [112] is not CHF; [101] [102] are 2024);
    // Transport of January to March 2025: 85 [71], 12 [70], 4.40 [72] (not [73] April). Largest first.
    const q = anyQuery({ currency: "CHF", sort: "amount" }, ["category=Dining&from=2025-01-01&to=2025-12-31", "category=transport&from=2025-01-01&to=2025-03-31"]);
    const page = transactionsPage(f.db, q);
    expect(page.rows.map((r) => r.id)).toEqual([103, 71, 104, 70, 125, 72]);
    // 150 + 85 + 45.30 + 12 + 5.50 + 4.40 = 302.20
    expect(page.totals).toEqual([{ currency: "CHF", rows: 6, out: expect.closeTo(302.2, 9), in: 0, net: expect.closeTo(-302.2, 9) }]);
    expect([...allTransactions(f.db, q)].map((r) => r.id)).toEqual([103, 71, 104, 70, 125, 72]);
    // The common dates bound every set: from March only [72] and Dining's [104] [125].
    expect(transactionsPage(f.db, { ...q, from: "2025-03-01" }).rows.map((r) => r.id)).toEqual([104, 125, 72]);
    // A set's unknown category is refused like the page's own.
    expect(() => transactionsPage(f.db, anyQuery({}, ["category=Dinning"]))).toThrow(TransactionQueryError);
  });
  test("sets that differ in one filter only are read as one set taking any of its values; sets that differ in two stay apart", () => {
    const f = open();
    const years = { from: "2024-01-01", to: "2025-12-31" };
    // Kiosk in Other [118] and Restaurant Krone in Dining [101] [102] [103] ([123]'s date is malformed): not Kiosk in Dining [125].
    expect(transactionsPage(f.db, anyQuery(years, ["merchant=Kiosk&category=Other", "merchant=Restaurant+Krone&category=Dining"])).rows.map((r) => r.id)).toEqual([118, 103, 102, 101]);
    // Kiosk, SBB and Zalando from April to December 2025 (one set of three merchants), and SBB in January: Kiosk [125]
    // 10-11, [118] 05-09; SBB [74] 05-15, [73] 04-15, and [70] 01-15; Zalando's rows are of March ([105] [106]). Newest first.
    const apr = "&from=2025-04-01&to=2025-12-31";
    const merchants = anyQuery({}, [`merchant=Kiosk${apr}`, `merchant=SBB${apr}`, `merchant=zalando${apr}`, "merchant=SBB&from=2025-01-01&to=2025-01-31"]);
    expect(transactionsPage(f.db, merchants).rows.map((r) => r.id)).toEqual([125, 74, 118, 73, 70]);
    // Two searches: "kiosk" [118] [125], "twint" [116] [117] [119] ([121]'s date is malformed).
    expect(transactionsPage(f.db, anyQuery({}, ["q=kiosk", "q=twint"])).rows.map((r) => r.id)).toEqual([119, 125, 117, 118, 116]);
  });
  test("mergedSets: 100 merchants, 14 categories or 100 searches of one period are one set each; months × categories one set per month", () => {
    const jan = { from: "2025-01-01", to: "2025-01-31" };
    const feb = { from: "2025-02-01", to: "2025-02-28" };
    const hundred = Array.from({ length: 100 }, (_, k) => `M${k}`);
    expect(mergedSets(hundred.map((merchant) => ({ merchant, ...jan })))).toEqual([{ ...asUnset, merchant: hundred, ...jan }]);
    expect(mergedSets(hundred.map((q) => ({ q })))).toEqual([{ ...asUnset, from: undefined, to: undefined, q: hundred }]);
    expect(mergedSets([{ category: "Dining", ...jan }, { category: "Groceries", ...jan }, { category: "Dining", ...feb }])).toEqual([
      { ...asUnset, category: ["Dining", "Groceries"], ...jan },
      { ...asUnset, category: ["Dining"], ...feb },
    ]);
    // Merchant and category both differ: two sets (one of Kiosk or Krone in Other or Dining would add Kiosk in Dining).
    expect(mergedSets([{ merchant: "Kiosk", category: "Other" }, { merchant: "Krone", category: "Dining" }])).toHaveLength(2);
  });
  test("a set may be one transaction by its id, with its day, amount and currency (a listing's row behind a figure): ids merge into one set; a reused id matches nothing; a bad id or one alone is refused, and id is no filter of the page's own", () => {
    const f = open();
    // [103] Dining CHF -150 of 2025-02-14 and [71] Transport CHF -85 of the same day: exactly those two rows, largest first.
    const t103 = "id=103&from=2025-02-14&to=2025-02-14&currency=CHF&amount=-150.00";
    const t71 = "id=71&from=2025-02-14&to=2025-02-14&currency=CHF&amount=-85.00";
    const two = anyQuery({ sort: "amount" }, [t103, t71]);
    const day = { from: "2025-02-14", to: "2025-02-14", currency: "CHF" };
    expect(two.any).toEqual([{ id: "103", ...day, amount: "-150.00" }, { id: "71", ...day, amount: "-85.00" }]);
    const page = transactionsPage(f.db, two);
    expect(page.rows.map((r) => r.id)).toEqual([103, 71]);
    expect(page.totals).toEqual([{ currency: "CHF", rows: 2, out: 235, in: 0, net: -235 }]);
    // The common filters still apply: of the two, only [103] is Dining.
    expect(transactionsPage(f.db, anyQuery({ category: "Dining" }, [t103, t71])).rows.map((r) => r.id)).toEqual([103]);
    expect(transactionQueryString(two)).toBe("?any=currency%3DCHF%26from%3D2025-02-14%26to%3D2025-02-14%26id%3D103%26amount%3D-150.00&any=currency%3DCHF%26from%3D2025-02-14%26to%3D2025-02-14%26id%3D71%26amount%3D-85.00&sort=amount");
    // An id whose row is another now (another day or amount: the id given again after an import was undone): no row.
    expect(transactionsPage(f.db, anyQuery({}, ["id=103&from=2025-02-14&to=2025-02-14&currency=CHF&amount=-50.00"])).rows).toEqual([]);
    expect(transactionsPage(f.db, anyQuery({}, ["id=103&from=2025-02-15&to=2025-02-15&currency=CHF&amount=-150.00"])).rows).toEqual([]);
    expect(() => anyQuery({}, ["id=12a&from=2025-02-14&to=2025-02-14&currency=CHF&amount=-1"])).toThrow("Invalid filter: any #1: id must be a transaction's number, e.g. 1234.");
    expect(() => anyQuery({}, ["id=103"])).toThrow("Invalid filter: any #1: id needs its transaction's day (from = to), amount and currency.");
    expect(() => parseTransactionQuery(new URLSearchParams("id=103"))).toThrow('unknown parameter "id"');
  });
  test("the query string writes each set as its own parameter, and reads back the same", () => {
    const q = anyQuery({ from: "2025-01-01" }, ["category=Dining", "merchant=Caf%C3%A9+Sonntag&currency=chf"]);
    expect(q.any).toEqual([{ category: "Dining" }, { merchant: "Café Sonntag", currency: "CHF" }]);
    const s = transactionQueryString(q);
    expect(s).toBe("?from=2025-01-01&any=category%3DDining&any=merchant%3DCaf%25C3%25A9%2BSonntag%26currency%3DCHF");
    expect(parseTransactionQuery(new URLSearchParams(s.slice(1)))).toEqual(q);
  });
  test("every problem of a set is named with its place; more than 100 sets are refused", () => {
    const refused = (parts: string[]) => {
      try {
        anyQuery({}, parts);
      } catch (e) {
        expect(e).toBeInstanceOf(TransactionQueryError);
        return (e as Error).message;
      }
      throw new Error("expected a TransactionQueryError");
    };
    expect(refused(["category=Dining", "from=2025-02-30&catgory=x&category=a&category=b", ""])).toBe(
      'Invalid filter: any #2: unknown filter "catgory" (known: q, category, merchant, account, currency, from, to, direction, id, amount); any #2: category is given more than once; ' +
        "any #2: from must be a real date written YYYY-MM-DD, e.g. 2025-03-01; any #3: it sets no filter.",
    );
    expect(refused(["min=5"])).toBe('Invalid filter: any #1: unknown filter "min" (known: q, category, merchant, account, currency, from, to, direction, id, amount); any #1: it sets no filter.');
    expect(refused(Array.from({ length: 101 }, (_, k) => `q=${k}`))).toBe("Invalid filter: any is given at most 100 times.");
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
      'Invalid filter: unknown parameter "catgory" (known: q, category, merchant, account, currency, from, to, min, max, direction, any, sort, page).',
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
    // Newest well-formed date 2025-12-28 [99]; "2025-3-1" [120] and "2025-13-01" [121] sort after it as text but are malformed.
    expect(dataAgeText(dataAge(f.db), new Date("2026-01-07T08:00:00Z"))).toBe("data up to 28 Dec 2025 · no imports recorded");
    write(f, "INSERT INTO import_log (filename, row_count, imported_at) VALUES ('a.csv', 10, '2025-12-29T09:00:00+00:00'), ('b.csv', 5, '2026-01-04T23:59:00+00:00')");
    const age = dataAge(f.db);
    expect(age).toEqual({ lastDate: "2025-12-28", lastImport: "2026-01-04T23:59:00+00:00" });
    expect(dataAgeText(age, new Date("2026-01-07T08:00:00Z"))).toBe("data up to 28 Dec 2025 · last import 3 days ago");
    expect(dataAgeText(age, new Date("2026-01-05T00:30:00Z"))).toBe("data up to 28 Dec 2025 · last import yesterday");
    expect(dataAgeText(age, new Date("2026-01-04T23:59:30Z"))).toBe("data up to 28 Dec 2025 · last import today");
    // Demo data (issue 36): nobody imported it, so only how far it goes.
    expect(dataAgeText({ ...age, demo: true }, new Date("2026-01-07T08:00:00Z"))).toBe("data up to 28 Dec 2025");
  });
});
