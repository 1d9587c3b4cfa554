/**
 * data_coverage (SPEC §2) on the extended fixture: per account and currency the first
 * and last date, rows, months with data, gap months (2026-03), days to today and whether the
 * current month has data; the latest 5 imports; today from the injected clock. Against the
 * round-3 oracle on every fixture and the demo database.
 */
import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { dynamicSystem } from "../../src/agent/prompt.ts";
import { BudgetDb } from "../../src/ledger/reader.ts";
import { IMPORT_TABLES_DDL } from "../../src/import/target.ts";
import { dataCoverage } from "../../src/tools/data_coverage.ts";
import { createFixture } from "../fixtures/budget-fixture.ts";
import { dataCoverage as oracle } from "../support/spec-oracle-round3.ts";
import { fixtures, demoDb, extended, IBAN_ACCOUNT, on, run, schemaOf, PERIOD_PROPS } from "./support.ts";

const { db: plain, path: plainPath, loose, loosePath } = fixtures();
const { db, path } = extended();
const demo = demoDb();

type BalanceRow = [account: string | null, currency: string, date: string, balance: number, file: string, openingDate: string | null, opening: number | null, entries: number];

/** `fn` over a fixture whose account_balances hold `rows` (as imports store them). */
function withBalances(rows: BalanceRow[], fn: (own: BudgetDb) => void): void {
  const fx = createFixture();
  const w = new Database(fx.path);
  w.run(IMPORT_TABLES_DDL);
  const add = w.prepare("INSERT INTO account_balances (account, currency, date, balance, source_file, opening_date, opening_balance, entries) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
  for (const r of rows) add.run(...r);
  w.close();
  const own = BudgetDb.open(fx.path);
  try {
    fn(own);
  } finally {
    own.close();
    fx.cleanup();
  }
}

describe("data_coverage: hand-computed", () => {
  test("today 2026-11-24: the data ends 2026-10-12, so November has no data yet; per account and currency", () => {
    const out = run(dataCoverage, db, {}, on("2026-11-24"));
    expect(out.summary).toStartWith(
      "Today is 2026-11-24. The data runs from 2024-01-05 to 2026-10-12 (43 days before today); the current month 2026-11 has no data yet: " +
        "any period after 2026-10-12 has no data yet (not zero spending).",
    );
    const table = out.tables![0]!;
    expect(table.columns).toEqual(["Account", "Currency", "First", "Last", "Rows", "Months with data", "Gap months", "Days since last", "Current month"]);
    expect(table.rows).toEqual([
      // 108 well-formed rows before 2026 without an account, less EUR 4 and USD 2; 2025-12-28 → 2026-11-24 = 3 + 1 + 327 days
      ["(no account)", "CHF", "2024-01-05", "2025-12-28", 102, 24, null, 331, "no data yet"],
      // Spotify 10 + coffees 5 + Krone + Café Sonntag + Migros 3 + Coop 2 + Pfister = 23; no March; Oct 12 → Nov 24 = 19 + 24
      ["Visa 4417", "CHF", "2026-01-05", "2026-10-12", 23, 9, "2026-03", 43, "no data yet"],
      // rent 9 + salary 8 = 17; Oct 1 → Nov 24 = 30 + 24
      [IBAN_ACCOUNT, "CHF", "2026-01-01", "2026-10-01", 17, 9, "2026-03", 54, "no data yet"],
      ["(no account)", "EUR", "2025-06-10", "2025-06-20", 4, 1, null, 522, "no data yet"],
      ["(no account)", "USD", "2024-11-29", "2025-05-03", 2, 2, "2024-12, 2025-01, 2025-02, 2025-03, 2025-04", 570, "no data yet"],
    ]);
    expect(out.summary).toContain("Visa 4417 CHF: 2026-01-05 to 2026-10-12, 23 rows, 9 months with data, gap months 2026-03, last transaction 43 days before today, current month has no data");
  });

  test("today 2026-10-14: the current month has data; filters by account and period", () => {
    const out = run(dataCoverage, db, { account: "Visa 4417", year: 2026 }, on("2026-10-14"));
    expect(out.summary).toContain("the current month 2026-10 has data up to 2026-10-12.");
    expect(out.tables![0]!.rows).toEqual([["Visa 4417", "CHF", "2026-01-05", "2026-10-12", 23, 9, "2026-03", 2, "has data"]]);
  });

  test("the last verified balance per account, and a missing statement where an opening differs from the previous closing", () => {
    const fx = createFixture();
    const w = new Database(fx.path);
    w.run(IMPORT_TABLES_DDL);
    const add = w.prepare("INSERT INTO account_balances (account, currency, date, balance, source_file, opening_date, opening_balance, entries) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    // March closes at 2'000.00, April opens at 2'000.00 (complete); June opens at 2'450.00 though April closed at 2'310.00: May is missing.
    add.run("CH93", "CHF", "2026-03-31", 2000, "maerz.xml", "2026-03-01", 1500, 20);
    add.run("CH93", "CHF", "2026-04-30", 2310, "april.xml", "2026-04-01", 2000, 18);
    add.run("CH93", "CHF", "2026-06-30", 2600.5, "juni.xml", "2026-06-01", 2450, 22);
    add.run("Visa", "CHF", "2026-05-31", -120.4, "visa.ofx", null, null, 7);
    w.close();
    const own = BudgetDb.open(fx.path);
    try {
      const out = run(dataCoverage, own, {}, on("2026-07-02"));
      const table = out.tables!.find((t) => t.title === "Last verified balance per account")!;
      expect(table.columns).toEqual(["Account", "Currency", "Date", "Balance", "From file", "Missing statements"]);
      const gap = "between 2026-04-30 and 2026-06-01 (closing CHF 2'310.00, then opening CHF 2'450.00: CHF 140.00 of bookings not imported)";
      expect(table.rows).toEqual([
        ["CH93", "CHF", "2026-06-30", 2600.5, "juni.xml", gap],
        ["Visa", "CHF", "2026-05-31", -120.4, "visa.ofx", null],
      ]);
      expect(out.summary).toContain("Last verified balances: CH93 CHF 2'600.50 on 2026-06-30 (juni.xml); Visa CHF -120.40 on 2026-05-31 (visa.ofx).");
      expect(out.summary).toContain(`Missing statement: CH93 CHF ${gap}.`);
      // The currency filter applies to balances too.
      expect(run(dataCoverage, own, { currency: "EUR" }, on("2026-07-02")).summary).not.toContain("verified balance");
    } finally {
      own.close();
      fx.cleanup();
    }
  });

  test("overlapping statements are said to overlap, never a missing statement between a later and an earlier day (QA D15)", () => {
    // August to 8 September closes at 1'800.00; the next statement opens on 1 September at 2'000.00 (before the 8th: the days 1–8 are in both).
    withBalances(
      [
        ["Main", "CHF", "2026-09-08", 1800, "aug.csv", "2026-08-01", 1500, 12],
        ["Main", "CHF", "2026-09-30", 2100, "sep.csv", "2026-09-01", 2000, 9],
      ],
      (own) => {
        const out = run(dataCoverage, own, {}, on("2026-10-02"));
        expect(out.summary).not.toContain("Missing statement");
        expect(out.summary).toContain(
          "Overlapping statements: Main CHF: sep.csv opens on 2026-09-01 (CHF 2'000.00), before aug.csv closed on 2026-09-08 (CHF 1'800.00); their balances cannot be chained, so no statement between them can be said to be missing.",
        );
        expect(out.tables!.find((t) => t.title === "Last verified balance per account")!.rows).toEqual([["Main", "CHF", "2026-09-30", 2100, "sep.csv", null]]);
      },
    );
  });

  test("a statement imported again in a second file (MT940 files that repeat their last month) chains: no overlap said (uqa4 F3)", () => {
    // January and February in one file, February (the same statement: dates and balances alike) again at the start of the
    // next file, then March; April was never imported: May opens at 32'508.87 though March closed at 20'676.19.
    withBalances(
      [
        ["DE10", "EUR", "2026-01-31", 20910.11, "giro-h2.sta", "2026-01-01", 12343.98, 18],
        ["DE10", "EUR", "2026-02-28", 20757.66, "giro-h2.sta", "2026-02-01", 20910.11, 16],
        ["DE10", "EUR", "2026-02-28", 20757.66, "giro-2026.sta", "2026-02-01", 20910.11, 16],
        ["DE10", "EUR", "2026-03-31", 20676.19, "giro-2026.sta", "2026-03-01", 20757.66, 14],
        ["DE10", "EUR", "2026-05-31", 33632.48, "giro-2026.sta", "2026-05-01", 32508.87, 15],
      ],
      (own) => {
        const out = run(dataCoverage, own, {}, on("2026-06-10"));
        expect(out.summary).not.toContain("Overlapping statements");
        const gap = "between 2026-03-31 and 2026-05-01 (closing EUR 20'676.19, then opening EUR 32'508.87: EUR 11'832.68 of bookings not imported)";
        expect(out.summary).toContain(`Missing statement: DE10 EUR ${gap}.`);
        expect(out.tables!.find((t) => t.title === "Last verified balance per account")!.rows).toEqual([["DE10", "EUR", "2026-05-31", 33632.48, "giro-2026.sta", gap]]);
      },
    );
  });

  test("balances of statements that name no account are never chained into a missing statement", () => {
    // Three banks' CSVs with a balance column and no IBAN (a ZKB export, a French bank's, a
    // Revolut statement): each stored with account NULL. Nothing says they are one account, so
    // ZKB's closing 23'708.77 followed by the French file's opening 1'000.00 is no missing
    // statement (it was reported as "CHF -22'708.77 of bookings not imported").
    const fx = createFixture();
    const w = new Database(fx.path);
    w.run(IMPORT_TABLES_DDL);
    const add = w.prepare("INSERT INTO account_balances (account, currency, date, balance, source_file, opening_date, opening_balance, entries) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    add.run(null, "CHF", "2022-02-11", 23708.77, "zkb.csv", "2022-02-10", 23028.05, 3);
    add.run(null, "CHF", "2025-03-07", 2141.75, "releve.csv", "2025-03-02", 1000, 3);
    add.run(null, "CHF", "2026-02-06", 635.06, "revolut.csv", "2026-02-04", 575.46, 3);
    w.close();
    const own = BudgetDb.open(fx.path);
    try {
      const out = run(dataCoverage, own, {}, on("2026-07-02"));
      expect(out.summary).not.toContain("Missing statement");
      const table = out.tables!.find((t) => t.title === "Last verified balance per account")!;
      expect(table.rows.map((r) => r[5])).toEqual(table.rows.map(() => null));
    } finally {
      own.close();
      fx.cleanup();
    }
  });

  test("without an account column there is no Account column; the latest 5 imports of import_log", () => {
    const fx = createFixture();
    const w = new Database(fx.path);
    for (let k = 1; k <= 6; k++) w.run("INSERT INTO import_log (filename, row_count, imported_at) VALUES (?, ?, ?)", [`statement-${k}.csv`, 10 * k, `2026-0${k}-02T08:00:00Z`]);
    w.close();
    const own = BudgetDb.open(fx.path);
    try {
      const out = run(dataCoverage, own, { currency: "usd" }, on("2026-01-01"));
      expect(out.tables![0]!.columns[0]).toBe("Currency");
      expect(out.tables![0]!.rows).toEqual([["USD", "2024-11-29", "2025-05-03", 2, 2, "2024-12, 2025-01, 2025-02, 2025-03, 2025-04", 243, "no data yet"]]);
      expect(out.tables![1]!.rows).toEqual([6, 5, 4, 3, 2].map((k) => [`2026-0${k}-02T08:00:00Z`, `statement-${k}.csv`, 10 * k]));
      expect(out.summary).toContain("Latest imports: 2026-06-02T08:00:00Z statement-6.csv (60 rows); 2026-05-02T08:00:00Z statement-5.csv (50 rows);");
    } finally {
      own.close();
      fx.cleanup();
    }
  });
});

test("the system prompt states the last date with data, the accounts, and one CHF for chf / ' CHF' / CHF", () => {
  const text = dynamicSystem({ summary: db.summary(), notSpending: ["Transfers", "Investments"], now: new Date(2026, 10, 24, 12), timeZone: "Europe/Zurich", memories: [] });
  // 102 (before 2026) + 23 (Visa) + 17 (IBAN) = 142 CHF rows, [332] "chf" and [335] " CHF" among them
  expect(text).toContain("- Currencies: CHF (142 transactions), EUR (4 transactions), USD (2 transactions); never add them together.");
  expect(text).toContain(`- Accounts (the tools' account argument): Visa 4417 (23 transactions), ${IBAN_ACCOUNT} (17 transactions).`);
  expect(text).toContain("The last date with data is 2026-10-12. A period after it has no data yet (that is not zero spending)");
  expect(text).not.toContain("dining ");
});

describe("data_coverage == oracle", () => {
  const check = (on0: BudgetDb, p: string, today: string, args: { year?: number; currency?: string } = {}) => {
    const want = oracle(p, today, args);
    const rows = run(dataCoverage, on0, args, on(today)).tables![0]!.rows;
    const accounts = rows[0]?.length === 9;
    const got = rows.map((r) => (accounts ? r : [null, ...r]));
    const exp = want.map((c) => [c.account ?? (accounts ? "(no account)" : null), c.currency, c.first, c.last, c.rows, c.months, c.gaps.join(", ") || null, c.daysSinceLast, c.currentMonth ? "has data" : "no data yet"]);
    expect([...got].map((x) => JSON.stringify(x)).sort()).toEqual(exp.map((x) => JSON.stringify(x)).sort());
  };
  test("fixtures and the demo database", () => {
    for (const today of ["2025-12-30", "2026-11-24"]) {
      check(plain, plainPath, today);
      check(loose, loosePath, today, { year: 2025 });
      check(db, path, today);
      check(db, path, today, { currency: "CHF" });
      check(demo.db, demo.path, today);
    }
  });
});

describe("data_coverage's schema", () => {
  test("the JSON schema sent to the model: its properties; the description says the UI shows the result", () => {
    expect(schemaOf(dataCoverage)).toEqual({ names: [...PERIOD_PROPS], required: undefined });
    // The model must know the UI draws the charts and tables (so it never draws text charts).
    expect(dataCoverage.description).toMatch(/The UI (draws|shows)/);
  });
});

describe("data_coverage: statements that name no account keep each account's last balance (uqa6 #3)", () => {
  // A Revolut CSV (EUR, 2025-11-15 to 2026-10-20, opening 40.00, closing 61.23) and a Wise EUR balance statement
  // (2026-07-02 to 2026-09-20, opening 250.00, closing 571.40), both stored with account NULL: only Revolut's 61.23 was
  // reported (the latest date of "(no account) EUR"), Wise's checked 571.40 nowhere. Neither continues the other (the
  // Revolut file opens at 40.00, not at 571.40), so each is an account's own last balance. Two monthly files of a third
  // account-less export (opening = the previous closing) and one exported again longer from the same start are one
  // account: its last balance only.
  test("Wise EUR 571.40 and Revolut EUR 61.23 both reported; a monthly chain and a longer re-export give one balance each", () => {
    withBalances(
      [
        [null, "EUR", "2026-09-20", 571.4, "statement_EUR.csv", "2026-07-02", 250, 2],
        [null, "EUR", "2026-10-20", 61.23, "revolut.csv", "2025-11-15", 40, 50],
        [null, "USD", "2026-01-31", 100, "n26-jan.csv", "2026-01-01", 80, 3],
        [null, "USD", "2026-02-28", 150, "n26-feb.csv", "2026-02-01", 100, 4],
        [null, "GBP", "2026-03-31", 30, "monzo-q1.csv", "2026-01-01", 10, 5],
        [null, "GBP", "2026-06-30", 45, "monzo-h1.csv", "2026-01-01", 10, 9],
      ],
      (own) => {
        const out = run(dataCoverage, own, {}, on("2026-11-28"));
        const table = out.tables!.find((t) => t.title === "Last verified balance per account")!;
        expect(table.rows.map((r) => r.slice(0, 5))).toEqual([
          ["(no account)", "EUR", "2026-09-20", 571.4, "statement_EUR.csv"],
          ["(no account)", "EUR", "2026-10-20", 61.23, "revolut.csv"],
          ["(no account)", "GBP", "2026-06-30", 45, "monzo-h1.csv"],
          ["(no account)", "USD", "2026-02-28", 150, "n26-feb.csv"],
        ]);
        expect(out.summary).toContain(
          "Last verified balances: (no account) EUR 571.40 on 2026-09-20 (statement_EUR.csv); (no account) EUR 61.23 on 2026-10-20 (revolut.csv); (no account) GBP 45.00 on 2026-06-30 (monzo-h1.csv); (no account) USD 150.00 on 2026-02-28 (n26-feb.csv).",
        );
        expect(out.summary).not.toContain("Missing statement");
      },
    );
  });
});
