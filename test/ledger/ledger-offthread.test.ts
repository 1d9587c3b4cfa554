/**
 * The ledger built in a worker (src/ledger/ledger-offthread.ts, issue 29: the server's thread only
 * adopts it after a big import) is exactly the ledger `loadLedger` builds on the caller's connection:
 * every column, every dictionary, the counts of rows left out. The fixture has what each step of the
 * build treats specially: thousands of distinct descriptions (non-ASCII, an emoji, an empty one, a NUL),
 * transfers, currencies spelt several ways, categories equal ignoring case, a blank merchant, rows whose
 * id order is not date order (the sort), a malformed date and an amount beyond ±1e12.
 */
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TimeSlices } from "../../src/core/time-slices.ts";
import { writeDemoDb } from "../../src/ledger/demo/generator.ts";
import { PackedTexts, textsOf, type Ledger } from "../../src/ledger/ledger.ts";
import { loadLedger, loadLedgerInSlices } from "../../src/ledger/ledger-load.ts";
import { loadLedgerInWorker, packLedger } from "../../src/ledger/ledger-offthread.ts";
import { BudgetDb } from "../../src/ledger/reader.ts";

let dir: string;
let path: string;
const DEMO_ROWS = 300;
/** Rows added with a description each of their own. */
const DISTINCT = 5000;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "bc-ledger-offthread-"));
  path = join(dir, "budget.db");
  writeDemoDb({ out: path, seed: 11, transactions: DEMO_ROWS });
  const db = new Database(path);
  const insert = db.prepare(
    "INSERT INTO transactions (date, amount, currency, merchant_name, category, raw_description, confidence, source, transaction_id, created_at) VALUES (?, ?, ?, ?, ?, ?, 0.5, 'import', ?, '2026-01-01')",
  );
  const currencies = ["CHF", "chf", " EUR", "USD"];
  const categories = ["Transfers", "transfers ", "Dining", "dining", "Groceries"];
  db.transaction(() => {
    for (let i = 0; i < DISTINCT; i++) {
      // Dates run backwards while ids run forwards: read order is not (day, id) order.
      const day = new Date(Date.UTC(2025, 11, 31) - (i % 400) * 86_400_000).toISOString().slice(0, 10);
      insert.run(day, -(i % 977) / 4, currencies[i % 4]!, i % 50 === 0 ? "  " : `Shop ${i % 37}`, categories[i % 5]!, `Zürich Café ${i} 🍕`, `offthread-${i}`);
    }
    insert.run("2025-06-01", 12.5, "CHF", "Bank", "Transfers", "", "offthread-empty");
    insert.run("2025-06-01", 3, "CHF", "Bank", "Transfers", "a\u0000b", "offthread-nul");
    insert.run("2025-02-30", 1, "CHF", "Bank", "Dining", "not a day", "offthread-malformed");
    insert.run("2025-06-02", 5e12, "CHF", "Bank", "Dining", "too much", "offthread-bad-amount");
  })();
  db.close();
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function oneStep(): Ledger {
  const db = new Database(path, { readonly: true, strict: true });
  try {
    return loadLedger(db);
  } finally {
    db.close();
  }
}

const FIELDS = [
  "size", "id", "day", "month", "amount", "currency", "category", "merchant", "description", "confidence", "source", "account",
  "currencies", "categoryNames", "merchants", "descriptions", "sources", "accounts",
  "hasConfidence", "hasSource", "hasAccount", "malformedDates", "badAmounts",
] as const;

/** A column as it is; a dictionary as the array of its entries. */
const dictionaryOrColumn = (v: unknown) => (v !== null && typeof v === "object" && "at" in v && !ArrayBuffer.isView(v) ? textsOf(v as Ledger["descriptions"]) : v);

function expectSame(a: Ledger, b: Ledger): void {
  // A dictionary is compared by its entries (the descriptions of a worker's ledger stay one packed string).
  for (const f of FIELDS) expect([f, dictionaryOrColumn(a[f])]).toEqual([f, dictionaryOrColumn(b[f])]);
}

test("the worker's ledger equals the one-step build, column by column and entry by entry", async () => {
  const expected = oneStep();
  // By hand: the demo rows and the DISTINCT rows and the two with an empty / NUL description are kept; the 30th of
  // February and the amount beyond ±1e12 are left out and counted.
  expect(expected.size).toBe(DEMO_ROWS + DISTINCT + 2);
  expect(expected.malformedDates).toBe(1);
  expect(expected.badAmounts).toBe(1);
  const built = await loadLedgerInWorker(path, 5000, new TimeSlices());
  expectSame(built, expected);
  // The dictionaries' awkward entries come through whole.
  expect(textsOf(built.descriptions)).toContain("Zürich Café 4999 🍕");
  expect(textsOf(built.descriptions)).toContain("a\u0000b");
  expect(textsOf(built.descriptions)).toContain("");
  // Currencies normalised (CHF/chf one entry, " EUR" trimmed), categories merged ignoring case.
  expect(built.currencies.filter((c) => c === "CHF" || c === "EUR" || c === "USD").sort()).toEqual(["CHF", "EUR", "USD"]);
  expect(built.categoryNames.filter((c) => c.toLowerCase().trim() === "transfers")).toHaveLength(1);
});

test("a worker's ledger keeps its merchants and descriptions as one string each, and reads and searches them as the one-step build", async () => {
  const expected = oneStep();
  const built = await loadLedgerInWorker(path, 5000, new TimeSlices());
  // Not a million strings on the server's thread (ledger.ts, PackedTexts): cut per entry when asked.
  expect(built.merchants).toBeInstanceOf(PackedTexts);
  expect(built.descriptions).toBeInstanceOf(PackedTexts);
  for (let i = 0; i < expected.size; i++) {
    if (built.merchantName(i) !== expected.merchantName(i) || built.descriptionText(i) !== expected.descriptionText(i)) throw new Error(`row ${i} differs`);
  }
  // Indices as an array's `at` takes them: past the end nothing, a negative one from the end.
  expect(built.descriptions.at(built.descriptions.length)).toBeUndefined();
  expect(built.merchants.at(-1)).toBe(textsOf(expected.merchants).at(-1)!);
  // A search folds the packed entries as it folds an array's ("cafe" finds "Café"; "zurich" finds "Zürich").
  for (const term of ["cafe", "zurich", "🍕", "MIGROS"]) expect(Array.from(built.matchingRows(term))).toEqual(Array.from(expected.matchingRows(term)));
  expect(built.matchingRows("cafe").length).toBeGreaterThan(0);
  // Packed again (as for a worker's message, whose buffers are transferred), it keeps its own entries.
  const before = built.descriptionText(0);
  const { transfer } = packLedger(built);
  new MessageChannel().port1.postMessage(null, transfer);
  expect(built.descriptionText(0)).toBe(before);
  expect(built.descriptions.length).toBe(expected.descriptions.length);
});

test("the worker's ledger equals the sliced build on this thread (the fallback)", async () => {
  const db = new Database(path, { readonly: true, strict: true });
  const sliced = await loadLedgerInSlices(db, new TimeSlices(1));
  db.close();
  expectSame(await loadLedgerInWorker(path, 5000, new TimeSlices(1)), sliced);
});

test("a database the worker cannot open is refused with the worker's reason, so the caller builds it itself", async () => {
  await expect(loadLedgerInWorker(join(dir, "missing", "budget.db"), 5000, new TimeSlices())).rejects.toThrow(/the ledger worker: unable to open database file/);
});

test("BudgetDb.refreshInSlices (the worker, or the fallback) takes another connection's commit", async () => {
  const budget = BudgetDb.open(path);
  try {
    const before = budget.summary().transactionCount;
    const w = new Database(path);
    w.run(
      "INSERT INTO transactions (date, amount, currency, merchant_name, category, raw_description, confidence, source, transaction_id, created_at) VALUES ('2026-01-05', -7.25, 'CHF', 'Kiosk', 'Dining', 'Kiosk 1', 1, 'import', 'offthread-refresh', '2026-01-05')",
    );
    w.close();
    await budget.refreshInSlices();
    // One row more than before, and the ledger is the one-step build of the file as it is now.
    expect(budget.summary().transactionCount).toBe(before + 1);
    expectSame(budget.ledger(), oneStep());
  } finally {
    budget.close();
  }
});
