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
      // One balance, the latest, said plainly to be that statement's own, of no account; the other statements named, not
      // mixed into it (impl8: "(no account) CHF 635.06" read as the balance of an account holding all three).
      expect(table.rows).toEqual([["(no account)", "CHF", "2026-02-06", 635.06, "revolut.csv", null]]);
      expect(out.summary).toContain(
          "Last verified balance: (no account) CHF 635.06 on 2026-02-06 (revolut.csv), the closing balance of that statement alone: it names no account, so it is the balance of no account you named, and the 2 other CHF statements without an account (zkb.csv, releve.csv) are not chained to it.",
      );
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

describe("data_coverage: statements that name no account give one balance per currency, the latest (uqa6 #3, reverted)", () => {
  // Nothing stored tells two account-less statements apart (account NULL, no IBAN), and a statement that does not chain
  // on the previous one is as likely a missing statement or an overlapping re-export of the same account as another
  // account: reading it as another account made a stale closing a current balance (rev-uqa6 #1). So one currency's
  // latest stays the one balance.
  const balanceOf = (rows: BalanceRow[]) => {
    let got: { rows: unknown[][]; summary: string } | null = null;
    withBalances(rows, (own) => {
      const out = run(dataCoverage, own, {}, on("2026-11-28"));
      got = { rows: out.tables!.find((t) => t.title === "Last verified balance per account")!.rows.map((r) => r.slice(0, 5)), summary: out.summary };
    });
    return got!;
  };
  const cases: [string, BalanceRow[], string][] = [
    [
      "a missing March between two Revolut exports of one EUR account: one balance, April's 674.40, not February's 487.50 beside it",
      [
        [null, "EUR", "2026-02-25", 487.5, "revolut-jan-feb.csv", "2026-01-05", 100, 4],
        [null, "EUR", "2026-04-25", 674.4, "revolut-apr.csv", "2026-04-05", 407.5, 2],
      ],
      "487.50",
    ],
    [
      "Jan–Mar exported again as Feb–Apr (overlapping): one balance, 674.40, not Mar's 407.50 beside it",
      [
        [null, "EUR", "2026-03-20", 407.5, "revolut-jan-mar.csv", "2026-01-05", 100, 5],
        [null, "EUR", "2026-04-25", 674.4, "revolut-feb-apr.csv", "2026-02-10", 560, 5],
      ],
      "407.50",
    ],
  ];
  for (const [name, rows, stale] of cases)
    test(name, () => {
      const got = balanceOf(rows);
      const file = rows[1]![4];
      expect(got.rows).toEqual([["(no account)", "EUR", "2026-04-25", 674.4, file]]);
      expect(got.summary).toContain(
        `Last verified balance: (no account) EUR 674.40 on 2026-04-25 (${file}), the closing balance of that statement alone: it names no account, so it is the balance of no account you named, and the 1 other EUR statement without an account (${rows[0]![4]}) is not chained to it.`,
      );
      expect(got.summary).not.toContain(stale);
    });
  test("a Wise EUR statement and a Revolut CSV, both account-less: the latest, Revolut's 61.23 on 2026-10-20, named by its file", () => {
    // The summary names the date and the file of the balance it gives, so it is true of that file; Wise's 571.40 on
    // 2026-09-20 is not said to be the EUR balance (left: telling the two apart needs an account identity the imports
    // do not store).
    const got = balanceOf([
      [null, "EUR", "2026-09-20", 571.4, "statement_EUR.csv", "2026-07-02", 250, 2],
      [null, "EUR", "2026-10-20", 61.23, "revolut.csv", "2025-11-15", 40, 50],
    ]);
    expect(got.rows).toEqual([["(no account)", "EUR", "2026-10-20", 61.23, "revolut.csv"]]);
    expect(got.summary).toContain(
      "Last verified balance: (no account) EUR 61.23 on 2026-10-20 (revolut.csv), the closing balance of that statement alone: it names no account, so it is the balance of no account you named, and the 1 other EUR statement without an account (statement_EUR.csv) is not chained to it.",
    );
    expect(got.summary).not.toContain("Missing statement");
  });
});
