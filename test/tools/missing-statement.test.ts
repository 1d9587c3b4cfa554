/**
 * A month that a missing statement touches (SPEC §10.1: data_coverage's "missing statement", a
 * statement whose opening differs from the previous closing) is not an empty month (SPEC §1
 * counts those as 0): monthly_trend and income_vs_spending mark it "statement missing", leave it
 * out of month averages, highs and lows, and say why (uqa3 D6: "average … over 3 months; lowest
 * 2026-09 CHF 0.00" for a September whose statement was never imported).
 *
 * The extended fixture's IBAN account (rent 2'000.00 Jan–Jun and 2'200.00 Jul–Oct on the 1st,
 * salary 6'800.00 on the 25th Jan–Sep, nothing in March), with account_balances as two CAMT
 * imports store them: February closes 2026-02-28 at 5'000.00, April opens 2026-04-01 at 9'000.00.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { BudgetDb } from "../../src/ledger/reader.ts";
import { IMPORT_TABLES_DDL } from "../../src/import/target.ts";
import { monthlyTrend } from "../../src/tools/monthly_trend.ts";
import { incomeVsSpending } from "../../src/tools/income_vs_spending.ts";
import { comparePeriods } from "../../src/tools/compare_periods.ts";
import { createFixture } from "../fixtures/budget-fixture.ts";
import { IBAN_ACCOUNT, run } from "./support.ts";

/** The extended fixture with two statements of the IBAN account: [closing date, source file, opening date] each (balances as above). */
function withStatements(feb: [string, string, string], apr: [string, string, string]) {
  const fx = createFixture({ extended: true });
  const w = new Database(fx.path);
  w.run(IMPORT_TABLES_DDL);
  const add = w.prepare("INSERT INTO account_balances (account, currency, date, balance, source_file, opening_date, opening_balance, entries) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
  add.run(IBAN_ACCOUNT, "CHF", feb[0], 5000, feb[1], feb[2], 1400, 4);
  add.run(IBAN_ACCOUNT, "CHF", apr[0], 13800, apr[1], apr[2], 9000, 2);
  w.close();
  return { fx, db: BudgetDb.open(fx.path) };
}
const { fx, db } = withStatements(["2026-02-28", "feb.xml", "2026-02-01"], ["2026-04-30", "apr.xml", "2026-04-01"]);
afterAll(() => {
  db.close();
  fx.cleanup();
});

const GAP = `2026-03 has a statement missing: ${IBAN_ACCOUNT} CHF between 2026-02-28 and 2026-04-01 (closing CHF 5'000.00, then opening CHF 9'000.00: CHF 4'000.00 of bookings not imported).`;

describe("a month with a statement missing is no empty month", () => {
  test("monthly_trend for the account: March is marked and left out of the average, highest and lowest", () => {
    const out = run(monthlyTrend, db, { year: 2026, account: IBAN_ACCOUNT });
    // Rent: 5 × 2'000 (Jan, Feb, Apr–Jun) + 4 × 2'200 (Jul–Oct) = 18'800 over the 9 months Jan–Oct without March:
    // 18'800 / 9 = 2'088.888… (it read 18'800 / 10 = 1'880.00 and "lowest 2026-03 CHF 0.00").
    expect(out.summary).toBe(
      "Monthly spending for 2026. CHF: total CHF 18'800.00 over 9 transactions, average CHF 2'088.89 per month over 9 months (without 2026-03: statement missing) (activity in 9); " +
        "highest 2026-07 CHF 2'200.00, lowest 2026-01 CHF 2'000.00. Per month: 2026-01 CHF 2'000.00, 2026-02 CHF 2'000.00, 2026-03 statement missing, " +
        "2026-04 CHF 2'000.00, 2026-05 CHF 2'000.00, 2026-06 CHF 2'000.00, 2026-07 CHF 2'200.00, 2026-08 CHF 2'200.00, 2026-09 CHF 2'200.00, 2026-10 CHF 2'200.00. " +
        `${GAP} Not an empty month: left out of the average, highest and lowest.`,
    );
    expect(out.charts[0]!.title).toBe("Monthly spending, 2026; 2026-03: statement missing (CHF)");
  });

  test("income_vs_spending: March is marked, not a month of CHF 0.00 / CHF 0.00 / CHF 0.00", () => {
    const out = run(incomeVsSpending, db, { year: 2026, account: IBAN_ACCOUNT });
    // Income 8 × 6'800 = 54'400; spending 18'800; net 35'600; 35'600 / 54'400 = 65.44%.
    expect(out.summary).toContain(
      `CHF: income CHF 54'400.00, spending CHF 18'800.00, net CHF 35'600.00, savings rate 65.4%. ${GAP} Not a month without income or spending: the totals lack its bookings.`,
    );
    expect(out.summary).toContain(
      "2026-02 CHF 6'800.00 / CHF 2'000.00 / CHF 4'800.00; 2026-03 statement missing; 2026-04 CHF 6'800.00 / CHF 2'000.00 / CHF 4'800.00;",
    );
    expect(out.charts[0]!.title).toBe("Income vs spending, 2026; 2026-03: statement missing (CHF)");
  });

  test("all accounts: the month lacks the account's bookings, so it is left out too; another currency is not touched", () => {
    const all = run(monthlyTrend, db, { year: 2026 });
    // 2026 spending of every account (test/tools/monthly_trend.test.ts): 21'278.60, none in March → 21'278.60 / 9 = 2'364.29
    // (it read / 10 = 2'127.86 and "lowest 2026-03 CHF 0.00"); the lowest whole month is 2026-06 (rent 2'000 + Spotify 2 × 12.95).
    expect(all.summary).toContain(
      "total CHF 21'278.60 over 32 transactions, average CHF 2'364.29 per month over 9 months (without 2026-03: statement missing) (activity in 9); " +
        "highest 2026-09 CHF 3'662.95, lowest 2026-06 CHF 2'025.90.",
    );
    expect(run(monthlyTrend, db, { year: 2025 }).summary).not.toContain("statement missing");
    // The Visa account has no missing statement.
    expect(run(monthlyTrend, db, { year: 2026, account: "Visa 4417" }).summary).not.toContain("statement missing");
  });
});

describe("compare_periods", () => {
  test("a period with a month whose statement is missing says its figures lack those bookings", () => {
    const out = run(comparePeriods, db, { a: { year: 2026, month: 3 }, b: { year: 2026, month: 4 }, account: IBAN_ACCOUNT });
    expect(out.summary).toContain(`income CHF 0.00 → CHF 6'800.00. In 2026-03 (a): ${GAP} Its figures lack those bookings: no change is stated. By change:`);
    expect(out.summary).not.toContain("In 2026-04 (b)");
  });

  // A change between a period that lacks a statement's bookings and another is no change of spending: left out, and said
  // why (review of uleft, item 7: it read "(+CHF 2'000.00, +50.0%)" beside the note).
  test("a period with a statement missing: no change is stated", () => {
    const out = run(comparePeriods, db, { a: { from: "2026-01-01", to: "2026-03-31" }, b: { from: "2026-04-01", to: "2026-06-30" }, account: IBAN_ACCOUNT });
    expect(out.summary).toBe(
      `Spending: 2026-01-01…2026-03-31 (a) vs 2026-04-01…2026-06-30 (b) in account ${IBAN_ACCOUNT}. CHF: total spending CHF 4'000.00 → CHF 6'000.00; income CHF 13'600.00 → CHF 20'400.00. ` +
        `In 2026-01-01…2026-03-31 (a): ${GAP} Its figures lack those bookings: no change is stated. By change: Housing CHF 4'000.00 → CHF 6'000.00.`,
    );
  });
});

// A balance-column CSV stores its first and last booking dates, not the statement's period: February's file closes on
// its last booking, 2026-02-25. February was imported whole; only March lies entirely between the statements, and only
// March is marked (review of uleft, item 6: February was marked and left out of the average too).
describe("a missing statement between booking dates marks only the months entirely inside the gap", () => {
  test("monthly_trend: March marked, February not", () => {
    const { fx: fx2, db: db2 } = withStatements(["2026-02-25", "feb.csv", "2026-02-01"], ["2026-04-25", "apr.csv", "2026-04-01"]);
    try {
      expect(run(monthlyTrend, db2, { year: 2026, account: IBAN_ACCOUNT }).summary).toBe(
        "Monthly spending for 2026. CHF: total CHF 18'800.00 over 9 transactions, average CHF 2'088.89 per month over 9 months (without 2026-03: statement missing) (activity in 9); " +
          "highest 2026-07 CHF 2'200.00, lowest 2026-01 CHF 2'000.00. Per month: 2026-01 CHF 2'000.00, 2026-02 CHF 2'000.00, 2026-03 statement missing, " +
          "2026-04 CHF 2'000.00, 2026-05 CHF 2'000.00, 2026-06 CHF 2'000.00, 2026-07 CHF 2'200.00, 2026-08 CHF 2'200.00, 2026-09 CHF 2'200.00, 2026-10 CHF 2'200.00. " +
          `2026-03 has a statement missing: ${IBAN_ACCOUNT} CHF between 2026-02-25 and 2026-04-01 (closing CHF 5'000.00, then opening CHF 9'000.00: CHF 4'000.00 of bookings not imported). Not an empty month: left out of the average, highest and lowest.`,
      );
    } finally {
      db2.close();
      fx2.cleanup();
    }
  });
});
