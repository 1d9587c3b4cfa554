/**
 * A money app's export of bookings already imported from another source (the bank's own statement under its IBAN, or
 * the same export imported earlier with --account) is held back as possible duplicates, not booked a second time
 * (review of qa33: the app's rows carried the account names typed in the app, and rows under another account name were
 * never compared, so the salary, the tax bill and the ticket were stored twice, exit 0).
 */
import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { FileSummary } from "../../src/cli/import.ts";
import { runCli } from "../support/cli-process.ts";
import { allRows, databasesPerTest } from "./support.ts";

const fixtures = join(import.meta.dir, "..", "fixtures", "import");
const files = databasesPerTest();
const cli = (args: string[]) => runCli([...args, "--db", files.db, "--chat-db", files.chatDb, "--no-classify"], { home: files.dir });

async function imported(path: string, ...flags: string[]): Promise<FileSummary> {
  const run = await cli(["import", path, "--json", ...flags]);
  expect([run.code, run.stderr]).toEqual([0, ""]);
  return (JSON.parse(run.stdout).files as FileSummary[])[0]!;
}

// Spendee's export of the three bookings of ubs-account-en-2026.csv, the wallet named by the user.
const SPENDEE = `Date,Wallet,Type,Category name,Amount,Currency,Note,Labels,Author
2026-02-12T08:00:00+00:00,UBS Privatkonto,Expense,Taxes,-877.45,CHF,Steueramt Musterstrasse 1 Chur,,Max
2026-02-11T08:00:00+00:00,UBS Privatkonto,Expense,Transport,-11.8,CHF,SBB MOBILE Bern,,Max
2026-02-01T08:00:00+00:00,UBS Privatkonto,Income,Salary,5000,CHF,ACME AG,,Max
`;

describe("a money app's export of bookings stored from another source", () => {
  test("the bank's statement (under its IBAN), then Spendee's export of the same three bookings: all three held back, none stored twice", async () => {
    const bank = await imported(join(fixtures, "ubs-account-en-2026.csv"));
    expect([bank.inserted, bank.possible_duplicates]).toEqual([4, 0]);
    const spendee = join(files.dir, "spendee-ubs.csv");
    writeFileSync(spendee, SPENDEE);
    const app = await imported(spendee);
    expect([app.inserted, app.duplicates, app.possible_duplicates]).toEqual([0, 0, 3]);
    expect(allRows(files.db)).toHaveLength(4);
  });

  test("Monarch's export imported with --account, then again without: all six held back, none stored twice", async () => {
    const path = join(fixtures, "monarch-accounts.csv");
    const first = await imported(path, "--account", "Household");
    expect(first.inserted).toBe(6);
    const again = await imported(path);
    expect([again.inserted, again.duplicates, again.possible_duplicates]).toEqual([0, 0, 6]);
    expect(allRows(files.db)).toHaveLength(6);
  });
});

/**
 * The rows of an export of several accounts as eeaa7a0 stored them with --account "Joint" (it read one account; today the
 * same command is refused): booked to "Joint", ids holding "Joint" (its parseStatement and assignTransactionIds), its
 * descriptions (Morgan Stanley's began "Morgan Stanley · "). Keyed by date and amount, each unique in these files.
 */
const JOINT_BY_EEAA7A0: Record<string, Record<string, [string, string]>> = {
  "moneymanager-two-accounts.csv": {
    "2026-05-01 85000": ["h:69b0b7e2681b424e", "May salary"],
    "2026-05-03 -60": ["h:fced56700a8369d8", "Chai and samosa"],
    "2026-05-06 -3000": ["h:77e95dd1216296bf", "ATM withdrawal"],
    "2026-05-06 3000": ["h:63ad6a81f899d9bb", "ATM withdrawal"],
    "2026-05-14 -1432.75": ["h:5bf6ba5499f17343", "BESCOM May"],
    "2026-05-21 -120": ["h:47bd04985e6d2f94", "Auto to station"],
  },
  "morgan-stanley-two-accounts.csv": {
    "2026-10-14 4215.38": ["h:7283eb925cc5e5a2", "Morgan Stanley · Direct Deposit · DIRECT DEP FUNDS RECVD NORTHWIND TRADERS PAYROLL"],
    "2026-10-14 -73.46": ["h:1b2d4f00285c865c", "Morgan Stanley · DEBIT CARD PURCHASE TRADER JOES #552"],
    "2026-10-16 18.9": ["h:fabe6349a218f715", "Morgan Stanley · DIVIDEND VANGUARD TOTAL STK MKT"],
    "2026-10-19 -1000": ["h:814f9b8c4752bc15", "Morgan Stanley · FUNDS TRANSFERRED TO AAA 101 418822 · monthly saving"],
    "2026-10-19 1000": ["h:eff870d2a464aa75", "Morgan Stanley · FUNDS RECEIVED FROM PLATINUM CASHPLUS 101 557310 · monthly saving"],
    "2026-10-21 -650": ["h:a754a84ed93dbe6b", "Morgan Stanley · CHECK 2231"],
  },
};

describe("an export of several accounts imported before with --account (one account then), again without (review of r4-msacct, finding 1)", () => {
  for (const name of Object.keys(JOINT_BY_EEAA7A0)) {
    test(`${name}: all six held back as possible duplicates of the rows under "Joint", none stored twice`, async () => {
      const path = join(fixtures, name);
      // Stored as eeaa7a0 stored them: imported, then each row given its account, id and text of then.
      expect((await imported(path)).inserted).toBe(6);
      const db = new Database(files.db);
      try {
        const before = JOINT_BY_EEAA7A0[name]!;
        const update = db.query("UPDATE transactions SET transaction_id = ?, raw_description = ?, account = 'Joint' WHERE id = ?");
        for (const r of db.query("SELECT id, date, amount FROM transactions").all() as { id: number; date: string; amount: number }[]) {
          const [id, description] = before[`${r.date} ${r.amount}`]!;
          update.run(id, description, r.id);
        }
        db.run("DELETE FROM transaction_details");
      } finally {
        db.close();
      }
      const again = await imported(path);
      expect([again.inserted, again.duplicates, again.possible_duplicates]).toEqual([0, 0, 6]);
      expect(allRows(files.db).map((r) => r.account)).toEqual(["Joint", "Joint", "Joint", "Joint", "Joint", "Joint"]);
    });
  }
});
