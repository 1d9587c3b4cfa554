/**
 * A money app's export of bookings already imported from another source (the bank's own statement under its IBAN, or
 * the same export imported earlier with --account) is held back as possible duplicates, not booked a second time
 * (review of qa33: the app's rows carried the account names typed in the app, and rows under another account name were
 * never compared, so the salary, the tax bill and the ticket were stored twice, exit 0).
 */
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
