import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { matchesSearch } from "../../src/core/search-text.ts";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeDemoDb } from "../../src/ledger/demo/generator.ts";
import { PIPELINE_DDL } from "../../src/ledger/pipeline.ts";
import { type Ledger } from "../../src/ledger/ledger.ts";
import { loadLedger } from "../../src/ledger/ledger-load.ts";
import { addDays, dayToIso, daysBetween, daysInMonth, epochDay, fromEpochDay, isoWeekLabel, monthKey, monthLabel, parseDay, weekdayOf } from "../../src/ledger/calendar.ts";

let dir: string;
const open: Database[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "ledger-test-"));
});
afterAll(() => {
  for (const db of open) db.close();
  rmSync(dir, { recursive: true, force: true });
});

type Row = {
  id: number;
  date: string;
  desc: string;
  amount: number;
  currency?: string;
  merchant: string | null;
  category: string | null;
  source?: string | null;
  confidence?: number | null;
};

/** Write a database with `ddl` and rows, then open it the way the app does (read-only). */
function makeDb(name: string, ddl: string, rows: Row[], columns: (keyof Row)[]): Database {
  const path = join(dir, `${name}.db`);
  const w = new Database(path, { create: true, strict: true });
  w.run(ddl);
  const sqlCols: Record<string, string> = {
    id: "id",
    date: "date",
    desc: "raw_description",
    amount: "amount",
    currency: "currency",
    merchant: "merchant_name",
    category: "category",
    source: "source",
    confidence: "confidence",
  };
  const extra = ddl.includes("transaction_id TEXT NOT NULL")
    ? { names: ", transaction_id, created_at", values: ", 'tx-' || $id, '2025-04-20T00:00:00Z'" }
    : { names: "", values: "" };
  const ins = w.query(
    `INSERT INTO transactions (${columns.map((c) => sqlCols[c]).join(", ")}${extra.names})
     VALUES (${columns.map((c) => `$${c}`).join(", ")}${extra.values})`,
  );
  w.transaction(() => {
    for (const r of rows) {
      const params: Record<string, string | number | null> = {};
      for (const c of columns) params[c] = (r[c] as string | number | null | undefined) ?? (c === "currency" ? "CHF" : null);
      ins.run(params as never);
    }
  })();
  w.close();
  const db = new Database(path, { readonly: true, strict: true });
  open.push(db);
  return db;
}

const ALL_COLUMNS: (keyof Row)[] = ["id", "date", "desc", "amount", "currency", "merchant", "category", "source", "confidence"];

/** Ids are deliberately not in date order; ids 7-11 and 17-20 have malformed dates. */
const STRICT_ROWS: Row[] = [
  { id: 1, date: "2025-03-14", desc: "MIGROS ZUERICH 123", amount: -50, merchant: "Migros", category: "Groceries", source: "rule", confidence: 0.9 },
  { id: 2, date: "2025-03-01", desc: "SBB CFF FFS", amount: -20, merchant: "SBB", category: "transport", source: "llm", confidence: 0.8 },
  { id: 3, date: "2025-03-14 10:22:00", desc: "COOP-1234 BERN", amount: -30, merchant: "Coop", category: "Groceries", source: "cache", confidence: 0.7 },
  { id: 4, date: "2025-03-14T10:22:00Z", desc: "100% BIO LADEN", amount: -25.25, merchant: "100% Bio", category: "Groceries", source: "manual", confidence: 1 },
  { id: 5, date: "2025-02-28", desc: "SBB GA", amount: -100, currency: "EUR", merchant: "SBB", category: "Transport", source: "llm", confidence: 0.5 },
  { id: 6, date: "2024-02-29", desc: "SALARY ACME AG", amount: 5000, merchant: "ACME AG", category: "Income", source: "rule", confidence: 1 },
  { id: 7, date: "2025-3-1", desc: "GHOST", amount: -1, merchant: "Ghost", category: "Ghostly", source: "ghost", confidence: 0 },
  { id: 8, date: "14.03.2025", desc: "GHOST", amount: -1, merchant: "Ghost", category: "Ghostly", source: "ghost", confidence: 0 },
  { id: 9, date: "2025-13-01", desc: "GHOST", amount: -1, merchant: "Ghost", category: "Ghostly", source: "ghost", confidence: 0 },
  { id: 10, date: "2025-02-30", desc: "GHOST", amount: -1, merchant: "Ghost", category: "Ghostly", source: "ghost", confidence: 0 },
  { id: 11, date: "", desc: "GHOST", amount: -1, merchant: "Ghost", category: "Ghostly", source: "ghost", confidence: 0 },
  { id: 12, date: "2025-04-02", desc: "ZÜRICH VERSICHERUNG", amount: -300, merchant: "Zürich Insurance", category: "Insurance", source: "llm", confidence: 0.95 },
  { id: 13, date: "2025-04-02", desc: "SHOP_ONLINE 12", amount: -33.33, merchant: "Shop_Online", category: "Shopping", source: "llm", confidence: 0.6 },
  { id: 14, date: "2025-04-03", desc: "SHOPXONLINE 13", amount: -10, merchant: "ShopXOnline", category: "Shopping", source: "llm", confidence: 0.6 },
  { id: 15, date: "2025-04-03", desc: "50% OFF SALE", amount: -12, merchant: "Sale Store", category: "Shopping", source: "llm", confidence: 0.6 },
  { id: 16, date: "2025-03-14", desc: "MIGROS-MMM BASEL", amount: -20, merchant: "MIGROS", category: "Groceries", source: "rule", confidence: 0.9 },
  { id: 17, date: "2025-03-14x", desc: "GHOST", amount: -1, merchant: "Ghost", category: "Ghostly", source: "ghost", confidence: 0 },
  { id: 18, date: " 2025-03-14", desc: "GHOST", amount: -1, merchant: "Ghost", category: "Ghostly", source: "ghost", confidence: 0 },
  { id: 19, date: "2023-02-29", desc: "GHOST", amount: -1, merchant: "Ghost", category: "Ghostly", source: "ghost", confidence: 0 },
  { id: 20, date: "1900-02-29", desc: "GHOST", amount: -1, merchant: "Ghost", category: "Ghostly", source: "ghost", confidence: 0 },
];

/** Sorted by (day, id). */
const STRICT_ORDER = [6, 5, 2, 1, 3, 4, 16, 12, 13, 14, 15];

const LOOSE_DDL = `
CREATE TABLE transactions (
  id INTEGER PRIMARY KEY,
  date TEXT NOT NULL,
  raw_description TEXT NOT NULL,
  amount REAL NOT NULL,
  currency TEXT NOT NULL,
  merchant_name TEXT,
  category TEXT,
  source TEXT,
  notes TEXT
);`;

const LOOSE_ROWS: Row[] = [
  { id: 1, date: "2025-01-02", desc: "CARD PAYMENT 7781", amount: -19.9, merchant: null, category: null, source: null },
  { id: 2, date: "2025-01-01", desc: "MARKET STALL", amount: -12, merchant: null, category: "Groceries", source: "rule" },
  { id: 3, date: "2025-01-03", desc: "CASHBACK", amount: 5, merchant: "Bank", category: "Uncategorised", source: null },
  { id: 4, date: "2025-01-03", desc: "TWINT 55", amount: -7, merchant: "TWINT", category: null, source: "llm" },
];

const MINIMAL_DDL = `
CREATE TABLE transactions (
  id INTEGER PRIMARY KEY, date TEXT, raw_description TEXT, amount REAL, currency TEXT,
  merchant_name TEXT, category TEXT
);`;

const ids = (l: Ledger, rows: ArrayLike<number>) => Array.from(rows, (i) => l.id[i]);

describe("loadLedger on the pipeline schema", () => {
  let l: Ledger;
  beforeAll(() => {
    l = loadLedger(makeDb("strict", PIPELINE_DDL, STRICT_ROWS, ALL_COLUMNS));
  });

  test("rows are sorted by (day, id); malformed dates are left out and counted", () => {
    expect(l.size).toBe(11);
    expect(Array.from(l.id)).toEqual(STRICT_ORDER);
    expect(Array.from(l.day)).toEqual([
      20240229, 20250228, 20250301, 20250314, 20250314, 20250314, 20250314, 20250402, 20250402, 20250403, 20250403,
    ]);
    expect(l.malformedDates).toBe(9);
    expect(l.firstDay).toBe(20240229);
    expect(l.lastDay).toBe(20250403);
  });

  test("month index and amounts follow the sort order", () => {
    expect(Array.from(l.month)).toEqual([2024 * 12 + 1, 2025 * 12 + 1, ...Array(5).fill(2025 * 12 + 2), ...Array(4).fill(2025 * 12 + 3)]);
    expect(Array.from(l.amount)).toEqual([5000, -100, -20, -50, -30, -25.25, -20, -300, -33.33, -10, -12]);
  });

  test("dictionaries hold each distinct value once, in order of first appearance; `transport` and `Transport` are one category", () => {
    expect(l.currencies).toEqual(["CHF", "EUR"]);
    // One row each and no categories table row for it: the spelling seen first wins the tie.
    expect(l.categoryNames).toEqual(["Groceries", "transport", "Income", "Insurance", "Shopping"]);
    expect(l.merchants).toEqual(["Migros", "SBB", "Coop", "100% Bio", "ACME AG", "Zürich Insurance", "Shop_Online", "ShopXOnline", "Sale Store", "MIGROS"]);
    expect(l.descriptions).not.toContain("GHOST");
    expect(l.descriptions.length).toBe(11);
    expect(l.sources).toEqual(["rule", "llm", "cache", "manual"]);
    const at = (k: number) => STRICT_ORDER.indexOf(k);
    expect(l.currencies[l.currency[at(5)]!]).toBe("EUR");
    expect(l.categoryNames[l.category[at(2)]!]).toBe("transport");
    expect(l.categoryNames[l.category[at(5)]!]).toBe("transport");
    expect(l.merchants.at(l.merchant[at(16)]!)).toBe("MIGROS");
    expect(l.merchants.at(l.merchant[at(1)]!)).toBe("Migros");
    expect(l.descriptions.at(l.description[at(12)]!)).toBe("ZÜRICH VERSICHERUNG");
    expect(l.merchant[at(2)]).toBe(l.merchant[at(5)]); // both "SBB": one entry
    expect(Array.from(l.source, (s) => l.sources[s])).toEqual(["rule", "llm", "llm", "rule", "cache", "manual", "rule", "llm", "llm", "llm", "llm"]);
    expect(Array.from(l.confidence)).toEqual([1, 0.5, 0.8, 0.9, 0.7, 1, 0.9, 0.95, 0.6, 0.6, 0.6]);
    expect(l.hasConfidence).toBe(true);
    expect(l.hasSource).toBe(true);
    expect(l.categoryIndex("Transport")).toBe(1); // any letter case finds the one entry
    expect(l.categoryIndex(" TRANSPORT ")).toBe(1);
    expect(l.currencyIndex(" eur")).toBe(1);
    expect(l.categoryIndex("Ghostly")).toBe(-1);
    expect(l.currencyIndex("EUR")).toBe(1);
  });

  test("rangeOf: inclusive bounds, open ends, empty ranges", () => {
    expect(l.rangeOf()).toEqual([0, 11]);
    expect(l.rangeOf(20250301, 20250314)).toEqual([2, 7]);
    expect(l.rangeOf(20250314, 20250314)).toEqual([3, 7]);
    expect(l.rangeOf(20250313, 20250315)).toEqual([3, 7]);
    expect(l.rangeOf(undefined, 20250228)).toEqual([0, 2]);
    expect(l.rangeOf(20250315)).toEqual([7, 11]);
    expect(l.rangeOf(20240229, 20250403)).toEqual([0, 11]);
    expect(l.rangeOf(20250315, 20250401)).toEqual([7, 7]);
    expect(l.rangeOf(20260101)).toEqual([11, 11]);
    expect(l.rangeOf(undefined, 20200101)).toEqual([0, 0]);
    expect(l.rangeOf(20250403, 20250301)).toEqual([9, 9]); // from after to: empty
  });

  test("textMatch: case-insensitive substring on merchant or description", () => {
    expect(ids(l, l.matchingRows("migros"))).toEqual([1, 16]);
    expect(ids(l, l.matchingRows("MiGrOs"))).toEqual([1, 16]);
    const m = l.textMatch("migros");
    expect(m.any).toBe(true);
    expect(Array.from(m.merchants)).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(m.descriptions.reduce((a, b) => a + b, 0)).toBe(2);
    expect(l.rowMatches(m, STRICT_ORDER.indexOf(16))).toBe(true);
    expect(l.rowMatches(m, STRICT_ORDER.indexOf(3))).toBe(false);
  });

  test("textMatch: letters fold as a Swiss user types them (SPEC §1: ZÜRICH = zürich = Zuerich = Zurich, composed or decomposed)", () => {
    // Row 12 spells Zürich with the umlaut, row 1 as "zuerich": one word for search (round 4).
    for (const q of ["zürich", "ZÜRICH", "zu\u0308rich", "zuerich", "Zurich"]) expect(ids(l, l.matchingRows(q))).toEqual([1, 12]);
  });

  test("textMatch: % and _ are ordinary characters", () => {
    expect(ids(l, l.matchingRows("%"))).toEqual([4, 15]);
    expect(ids(l, l.matchingRows("_"))).toEqual([13]);
    expect(ids(l, l.matchingRows("shop_online"))).toEqual([13]);
    expect(ids(l, l.matchingRows("0% "))).toEqual([4, 15]);
  });

  test("textMatch: either column suffices", () => {
    expect(ids(l, l.matchingRows("insurance"))).toEqual([12]); // merchant only
    expect(ids(l, l.matchingRows("versicherung"))).toEqual([12]); // description only
    expect(ids(l, l.matchingRows("sbb ga"))).toEqual([5]); // description only
    expect(ids(l, l.matchingRows("sbb"))).toEqual([5, 2]); // both, in ledger order
  });

  test("textMatch: no match, and a match limited to a range", () => {
    const none = l.textMatch("xyz");
    expect(none.any).toBe(false);
    expect(l.matchingRows(none).length).toBe(0);
    expect(l.matchingRows("ghost").length).toBe(0); // only in malformed rows
    const [s, e] = l.rangeOf(20250301, 20250331);
    expect(ids(l, l.matchingRows("sbb", s, e))).toEqual([2]);
    expect(l.matchingRows("migros", 5, 5).length).toBe(0);
  });

  test("textMatch agrees with matchesSearch row by row (the dictionaries are folded once, the rule is the one search rule)", () => {
    for (const term of ["a", "S", "ü", "ue", "ag", "100", " ", "shop", "ONLINE 1", "%", "_"]) {
      const want: number[] = [];
      for (let i = 0; i < l.size; i++) {
        const m = l.merchant[i]! >= 0 ? l.merchants.at(l.merchant[i]!)! : "";
        const d = l.descriptions.at(l.description[i]!)!;
        if (matchesSearch(m, term) || matchesSearch(d, term)) want.push(i);
      }
      expect(Array.from(l.matchingRows(term))).toEqual(want);
    }
  });
});

describe("loadLedger on looser schemas", () => {
  test("NULL merchant and category, no confidence column, an extra column", () => {
    const l = loadLedger(makeDb("loose", LOOSE_DDL, LOOSE_ROWS, ["id", "date", "desc", "amount", "currency", "merchant", "category", "source"]));
    expect(l.size).toBe(4);
    expect(l.malformedDates).toBe(0);
    expect(Array.from(l.id)).toEqual([2, 1, 3, 4]);
    expect(l.categoryNames).toEqual(["Uncategorised", "Groceries"]); // NULL shares the stored 'Uncategorised'
    expect(Array.from(l.category)).toEqual([1, 0, 0, 0]);
    expect(l.merchants).toEqual(["Bank", "TWINT"]);
    expect(Array.from(l.merchant)).toEqual([-1, -1, 0, 1]);
    expect(l.hasConfidence).toBe(false);
    expect(Array.from(l.confidence).every(Number.isNaN)).toBe(true);
    expect(l.hasSource).toBe(true);
    expect(l.sources).toEqual(["rule", "llm"]);
    expect(Array.from(l.source)).toEqual([0, -1, -1, 1]);
    // A NULL merchant does not hide the description from a search.
    expect(ids(l, l.matchingRows("card payment"))).toEqual([1]);
    expect(ids(l, l.matchingRows("twint"))).toEqual([4]);
  });

  test("only the required columns: no source, no confidence", () => {
    const l = loadLedger(
      makeDb("minimal", MINIMAL_DDL, LOOSE_ROWS, ["id", "date", "desc", "amount", "currency", "merchant", "category"]),
    );
    expect(l.size).toBe(4);
    expect(l.hasSource).toBe(false);
    expect(l.sources).toEqual([]);
    expect(Array.from(l.source)).toEqual([-1, -1, -1, -1]);
    expect(l.hasConfidence).toBe(false);
  });

  test("ids that are not numbers read as NaN and sort last within their day", () => {
    const ddl = "CREATE TABLE transactions (id, date TEXT, raw_description TEXT, amount REAL, currency TEXT, merchant_name TEXT, category TEXT)";
    const path = join(dir, "oddids.db");
    const w = new Database(path, { create: true });
    w.run(ddl);
    w.run(
      "INSERT INTO transactions VALUES ('x', '2025-01-01', 'A', -1, 'CHF', NULL, NULL), (3, '2025-01-01', 'B', -2, 'CHF', NULL, NULL), (1, '2025-01-01', 'C', -3, 'CHF', NULL, NULL), (2, '2024-12-31', 'D', -4, 'CHF', NULL, NULL)",
    );
    w.close();
    const db = new Database(path, { readonly: true, strict: true });
    open.push(db);
    const l = loadLedger(db);
    expect(Array.from(l.id)).toEqual([2, 1, 3, Number.NaN]);
    expect(Array.from(l.amount)).toEqual([-4, -3, -2, -1]);
  });

  test("an empty table", () => {
    const l = loadLedger(makeDb("empty", PIPELINE_DDL, [], ALL_COLUMNS));
    expect(l.size).toBe(0);
    expect(l.firstDay).toBeNull();
    expect(l.lastDay).toBeNull();
    expect(l.rangeOf()).toEqual([0, 0]);
    expect(l.rangeOf(20250101, 20251231)).toEqual([0, 0]);
    expect(l.matchingRows("x").length).toBe(0);
  });

  test("only malformed dates", () => {
    const l = loadLedger(makeDb("allbad", PIPELINE_DDL, STRICT_ROWS.filter((r) => r.desc === "GHOST"), ALL_COLUMNS));
    expect(l.size).toBe(0);
    expect(l.malformedDates).toBe(9);
    expect(l.categoryNames).toEqual([]);
  });

  test("no transactions table is an error that says so", () => {
    const path = join(dir, "none.db");
    new Database(path, { create: true }).close();
    const db = new Database(path, { readonly: true, strict: true });
    open.push(db);
    expect(() => loadLedger(db)).toThrow("no table 'transactions'");
  });
});

describe("parseDay", () => {
  test("well-formed days, with or without a time part", () => {
    expect(parseDay("2025-03-14")).toBe(20250314);
    expect(parseDay("2025-03-14 10:22:00")).toBe(20250314);
    expect(parseDay("2025-03-14T10:22:00Z")).toBe(20250314);
    expect(parseDay("2024-02-29")).toBe(20240229);
    expect(parseDay("2000-02-29")).toBe(20000229);
    expect(parseDay("2025-12-31")).toBe(20251231);
    expect(parseDay("2025-04-30")).toBe(20250430);
  });

  test("everything else is null", () => {
    for (const s of [
      "2025-3-1",
      "14.03.2025",
      "2025-13-01",
      "2025-00-10",
      "2025-02-30",
      "2025-04-31",
      "2025-03-00",
      "2023-02-29",
      "1900-02-29",
      "",
      "2025-03-1",
      "2025/03/14",
      "2025-03-14x",
      "2025-03-14_10:22",
      " 2025-03-14",
      "20250314",
      "2025-0a-14",
      "+025-03-14",
    ]) {
      expect([s, parseDay(s)]).toEqual([s, null]);
    }
  });
});

describe("calendar helpers", () => {
  test("daysInMonth: leap years and month ends", () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2025, 2)).toBe(28);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(2025, 1)).toBe(31);
    expect(daysInMonth(2025, 4)).toBe(30);
    expect(daysInMonth(2025, 6)).toBe(30);
    expect(daysInMonth(2025, 9)).toBe(30);
    expect(daysInMonth(2025, 11)).toBe(30);
    expect(daysInMonth(2025, 12)).toBe(31);
  });

  test("dayToIso, monthKey, monthLabel", () => {
    expect(dayToIso(20250314)).toBe("2025-03-14");
    expect(dayToIso(20251231)).toBe("2025-12-31");
    expect(dayToIso(9990101)).toBe("0999-01-01");
    expect(monthKey(20250314)).toBe(2025 * 12 + 2);
    expect(monthKey(20250101)).toBe(2025 * 12);
    expect(monthKey(20251231)).toBe(2025 * 12 + 11);
    expect(monthLabel(monthKey(20250314))).toBe("2025-03");
    expect(monthLabel(monthKey(20251231))).toBe("2025-12");
    expect(monthLabel(monthKey(20251231) + 1)).toBe("2026-01");
    expect(monthLabel(monthKey(20250101) - 1)).toBe("2024-12");
  });

  test("addDays and daysBetween across month ends, year ends and leap days", () => {
    expect(addDays(20240228, 1)).toBe(20240229);
    expect(addDays(20240229, 1)).toBe(20240301);
    expect(addDays(20250228, 1)).toBe(20250301);
    expect(addDays(20250301, -1)).toBe(20250228);
    expect(addDays(20231231, 1)).toBe(20240101);
    expect(addDays(20240101, -1)).toBe(20231231);
    expect(addDays(20250131, 30)).toBe(20250302);
    expect(addDays(20250115, 365)).toBe(20260115);
    expect(addDays(20250314, 0)).toBe(20250314);
    expect(daysBetween(20240101, 20250101)).toBe(366);
    expect(daysBetween(20250101, 20260101)).toBe(365);
    expect(daysBetween(20250314, 20250301)).toBe(-13);
    expect(daysBetween(20250314, 20250314)).toBe(0);
    expect(epochDay(19700101)).toBe(0);
    expect(fromEpochDay(0)).toBe(19700101);
  });

  test("addDays and daysBetween agree with Date in UTC over 30 years", () => {
    const start = Date.UTC(1999, 11, 1);
    const toDay = (ms: number) => {
      const d = new Date(ms);
      return d.getUTCFullYear() * 10000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
    };
    const first = toDay(start);
    for (let n = 0; n < 366 * 30; n += 1) {
      const want = toDay(start + n * 86_400_000);
      if (addDays(first, n) !== want) throw new Error(`addDays(${first}, ${n}) = ${addDays(first, n)}, want ${want}`);
      if (daysBetween(first, want) !== n) throw new Error(`daysBetween(${first}, ${want}) != ${n}`);
      if (parseDay(dayToIso(want)) !== want) throw new Error(`parseDay(dayToIso(${want}))`);
    }
  });
});

describe("ledger equals SQL on the demo database (seed 7, 7,300 rows)", () => {
  let db: Database;
  let l: Ledger;
  const cents = (x: number) => Math.round(x * 100);
  beforeAll(() => {
    const out = join(dir, "demo.db");
    writeDemoDb({ out, seed: 7 });
    db = new Database(out, { readonly: true, strict: true });
    open.push(db);
    l = loadLedger(db);
  });

  test("every row is in, sorted by (day, id)", () => {
    expect(l.size).toBe(7300);
    expect(l.malformedDates).toBe(0);
    for (let i = 1; i < l.size; i++) {
      if (l.day[i - 1]! > l.day[i]! || (l.day[i - 1] === l.day[i] && l.id[i - 1]! >= l.id[i]!)) throw new Error(`row ${i} out of order`);
    }
    const range = db.query("SELECT min(date) AS first, max(date) AS last FROM transactions").get() as { first: string; last: string };
    expect(dayToIso(l.firstDay!)).toBe(range.first);
    expect(dayToIso(l.lastDay!)).toBe(range.last);
  });

  test("per-category sums and counts equal SQL GROUP BY (to the cent)", () => {
    const sql = db
      .query("SELECT COALESCE(category, 'Uncategorised') AS category, count(*) AS n, SUM(amount) AS total FROM transactions GROUP BY 1 ORDER BY 1")
      .all() as { category: string; n: number; total: number }[];
    const sums = new Float64Array(l.categoryNames.length);
    const counts = new Int32Array(l.categoryNames.length);
    for (let i = 0; i < l.size; i++) {
      sums[l.category[i]!]! += l.amount[i]!;
      counts[l.category[i]!]!++;
    }
    const mine = l.categoryNames
      .map((category, k) => ({ category, n: counts[k], total: cents(sums[k]!) }))
      .sort((a, b) => (a.category < b.category ? -1 : 1));
    expect(mine).toEqual(sql.map((r) => ({ category: r.category, n: r.n, total: cents(r.total) })));
    expect(mine.length).toBe(17);
  });

  test("per-month counts and a text search equal SQL", () => {
    const months = db
      .query("SELECT substr(date, 1, 7) AS month, count(*) AS n FROM transactions GROUP BY 1 ORDER BY 1")
      .all() as { month: string; n: number }[];
    const mine = new Map<string, number>();
    for (let i = 0; i < l.size; i++) {
      const k = monthLabel(l.month[i]!);
      mine.set(k, (mine.get(k) ?? 0) + 1);
    }
    expect([...mine].map(([month, n]) => ({ month, n }))).toEqual(months);

    const hits = db
      .query("SELECT id FROM transactions WHERE merchant_name LIKE '%migros%' OR raw_description LIKE '%migros%' ORDER BY date, id")
      .values()
      .map((r) => r[0]);
    expect(hits.length).toBeGreaterThan(0);
    expect(ids(l, l.matchingRows("migros"))).toEqual(hits as number[]);
  });
});

describe("hygiene at load (SPEC §1, round 3)", () => {
  test("currencies trimmed and upper-cased; categories merged ignoring case under the table's spelling, else the most frequent; blank merchants unknown", () => {
    const db = new Database(":memory:");
    db.run(PIPELINE_DDL);
    db.run("INSERT INTO categories (name, description, created_at) VALUES ('Groceries', 'Food', '2024-01-01')");
    const rows: [number, string, number, string, string, string][] = [
      [1, "2025-01-01", -10, "chf", "Migros", " groceries"],
      [2, "2025-01-02", -20, "CHF ", "  ", "GROCERIES"],
      [3, "2025-01-03", -30, "CHF", "", "Groceries"],
      [4, "2025-01-04", -40, "eur", "Bar", "dining"],
      [5, "2025-01-05", -50, " EUR", "Bar", "Dining "],
      [6, "2025-01-06", -60, "EUR", "Bar", "dining"],
    ];
    for (const [id, date, amount, currency, merchant, category] of rows) {
      db.run(
        "INSERT INTO transactions (id, date, raw_description, amount, currency, merchant_name, category, source, confidence, transaction_id, created_at) VALUES (?, ?, 'x', ?, ?, ?, ?, 'llm', 0.9, ?, '2025-01-01')",
        [id, date, amount, currency, merchant, category, `t${id}`],
      );
    }
    const l = loadLedger(db);
    expect(l.currencies).toEqual(["CHF", "EUR"]);
    expect(Array.from(l.currency)).toEqual([0, 0, 0, 1, 1, 1]);
    // Groceries: the categories table's spelling; dining: 2 rows "dining" against 1 "Dining " (no table row).
    expect(l.categoryNames).toEqual(["Groceries", "dining"]);
    expect(Array.from(l.category)).toEqual([0, 0, 0, 1, 1, 1]);
    expect(Array.from(l.merchant).map((m) => (m < 0 ? null : l.merchants.at(m)))).toEqual(["Migros", null, null, "Bar", "Bar", "Bar"]);
    db.close();
  });
});

describe("ISO weeks and weekdays", () => {
  test("weeks belong to the year of their Thursday", () => {
    const week = (d: number) => isoWeekLabel(epochDay(d));
    expect(week(20260101)).toBe("2026-W01"); // a Thursday
    expect(week(20241230)).toBe("2025-W01"); // Monday of the week holding 2025-01-02 (Thu)
    expect(week(20270101)).toBe("2026-W53"); // Friday; 2026 has 53 ISO weeks
    expect(week(20210103)).toBe("2020-W53"); // Sunday
    expect(week(20260208)).toBe("2026-W06");
    expect([20260202, 20260207, 20260208].map((d) => weekdayOf(epochDay(d)))).toEqual([0, 5, 6]); // Mon, Sat, Sun
  });
});
