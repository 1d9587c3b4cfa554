/**
 * The chat's starter questions are made from one SELECT when the ledger is not read yet
 * (readStarterFacts), else from the ledger (starterFactsOfLedger): both must give the same facts.
 * The fixtures plant what could make them differ (budget-rows.ts): malformed dates (120–123),
 * dates with a time part (92, 96), currencies spelt "chf" and " CHF", categories spelt
 * "dining " / "transport" / "groceries", NULL categories (loose), a category only transactions
 * carry (Household); rows added here add an amount stored as text, an amount beyond ±1e12, a day
 * that does not exist and a time part after neither T nor a space.
 */
import { Database } from "bun:sqlite";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "bun:test";
import { createFixture, fixtureRow, IBAN, VISA, type FixtureOptions } from "../fixtures/budget-fixture.ts";
import { loadLedger } from "../../src/ledger/ledger-load.ts";
import { readStarterFacts, starterFactsOfLedger } from "../../src/ledger/starter-facts.ts";
import { BudgetDb } from "../../src/ledger/reader.ts";

/** Adds rows in CHF with the pipeline's columns (a loose table takes them too). */
function addRows(path: string, rows: { id: number; date: string; amount: number | string; category: string }[]): void {
  const w = new Database(path, { strict: true });
  const ins = w.query(
    `INSERT INTO transactions (id, date, raw_description, amount, currency, merchant_name, category, source, confidence, transaction_id, import_batch, created_at)
     VALUES ($id, $date, 'ADDED', $amount, 'CHF', 'Added', $category, 'manual', 1, 'added-' || $id, 'test', '2026-01-02T09:00:00Z')`,
  );
  for (const r of rows) ins.run(r);
  w.close();
}

/** Both ways, on the same file. */
function bothWays(path: string, open: ReturnType<typeof createFixture>["db"]) {
  const isSpending = (c: string) => open.roleOf(c) === "spending";
  const db = new Database(path, { readonly: true });
  try {
    return { sql: readStarterFacts(db, isSpending), ledger: starterFactsOfLedger(loadLedger(db), open.summary(), isSpending) };
  } finally {
    db.close();
  }
}

const ADDED = [
  // Text (REAL affinity keeps "-30000 CHF" as text): read as -30000, as the ledger reads it. Insurance
  // then has 30'000.00 + 1'272.20 (fixture) = 31'272.20 out, more than Housing's 18'800.00.
  { id: 901, date: "2025-06-15", amount: "-30000 CHF", category: "insurance " },
  // Left out of every figure, else each would be the largest spending category by far.
  { id: 902, date: "2025-06-15", amount: -5e12, category: "Dining" },
  { id: 903, date: "2025-02-30", amount: -99_999, category: "Travel" },
  { id: 904, date: "2025-06-15x10:00", amount: -99_999, category: "Travel" },
  // Text the ledger reads as an infinite amount (parseFloat) and leaves out; SQLite's CAST reads it as 0. Dated
  // after every other row: kept, it would move the last day (review of stop 43).
  { id: 905, date: "2030-06-15", amount: "Infinity", category: "Travel" },
  { id: 906, date: "2030-06-16", amount: " -Infinity CHF", category: "Travel" },
];

const VARIANTS: [string, FixtureOptions][] = [
  ["strict", {}],
  ["loose (NULL categories)", { loose: true }],
  ["extended (accounts)", { extended: true }],
  ["without a categories table", { extended: true, categoriesTable: false }],
];

for (const [name, variant] of VARIANTS) {
  test(`one SELECT gives the ledger's facts: ${name}, as written and with rows added`, () => {
    const fx = createFixture(variant);
    try {
      const before = bothWays(fx.path, fx.db);
      expect(before.sql).toEqual(before.ledger);
      addRows(fx.path, ADDED);
      const after = bothWays(fx.path, fx.db);
      expect(after.sql).toEqual(after.ledger);
      // Spelt as the categories table spells it (else as most of its rows do: "Insurance", rows 55–59).
      expect(after.sql.topSpending[0]).toBe("Insurance");
      expect(after.sql.topSpending).not.toContain("Travel");
      expect(after.sql.topSpending.indexOf("Dining")).toBeGreaterThan(0);
    } finally {
      fx.cleanup();
    }
  });
}

test("spellings of one category with as many rows each: named as the first row spells it, both ways", () => {
  // No categories table: "pets" (id 3) and "Pets" (id 5) have one row each, so the lower id's spelling names
  // Pets; "Food" has two rows in EUR, the main currency (3 EUR rows against 2 CHF rows), "pets" and "Pets" 12 + 30.
  const fx = createFixture({
    categoriesTable: false,
    rows: [
      fixtureRow(5, "2025-01-03", "ZOO", -30, "Zoo", "Pets", { currency: "EUR" }),
      fixtureRow(3, "2025-01-02", "ZOO", -12, "Zoo", "pets", { currency: "EUR" }),
      fixtureRow(4, "2025-01-04", "BAKERY", -20, "Bakery", "Food"),
      fixtureRow(6, "2025-01-05", "BAKERY", -25, "Bakery", "Food"),
      fixtureRow(7, "2025-01-06", "DELI", -41, "Deli", "Food", { currency: "EUR" }),
    ],
  });
  try {
    const { sql, ledger } = bothWays(fx.path, fx.db);
    expect(sql).toEqual(ledger);
    expect(sql).toEqual({ firstDay: 20250102, lastDay: 20250106, topSpending: ["pets", "Food"], accounts: [] });
  } finally {
    fx.cleanup();
  }
});

test("the extended fixture's facts, worked out from its rows (budget-rows.ts)", () => {
  const fx = createFixture({ extended: true });
  try {
    const facts = fx.db.starterFacts()!;
    // Its first row is the salary of 2024-01-25 or earlier (ZKB card fee 2024-01-05, row 60); its last 2026-10-12 (row 343).
    expect(facts.firstDay).toBe(20240105);
    expect(facts.lastDay).toBe(20261012);
    // Housing 18'800.00, then Shopping 1'849.83 (see test/ui/starter-questions.test.ts); Visa 4417 has 23 rows, the IBAN 17.
    expect(facts.topSpending.slice(0, 2)).toEqual(["Housing", "Shopping"]);
    expect(facts.accounts).toEqual([VISA, IBAN]);
    // Made without reading the ledger: the first page after a start does not wait for it.
    expect((fx.db as unknown as { cached: unknown }).cached).toBeNull();
  } finally {
    fx.cleanup();
  }
});

test("after the switch from demo data to the real database, the facts and the overview are the real one's (the new connection counts its data_version afresh)", () => {
  const demo = createFixture({});
  const real = createFixture({ extended: true });
  const dir = mkdtempSync(join(tmpdir(), "starter-switch-"));
  const realPath = join(dir, "budget.db");
  const db = BudgetDb.open(demo.path, { demo: true, realPath });
  try {
    const demoFacts = db.starterFacts();
    const demoOverview = db.overview();
    copyFileSync(real.path, realPath);
    const alone = BudgetDb.open(realPath);
    try {
      const want = [alone.starterFacts(), alone.overview()];
      // The two databases differ in what a page shows (the extended fixture has more rows and its accounts).
      expect(want).not.toEqual([demoFacts, demoOverview]);
      expect([db.starterFacts(), db.overview()]).toEqual(want);
      expect(db.demo).toBe(false);
    } finally {
      alone.close();
    }
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
