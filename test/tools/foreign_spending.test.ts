/**
 * foreign_spending (issue 33 item 10): its own suite, as every tool has one. The figures of
 * purchases abroad are worked out on the household fixture, whose import left the original
 * amounts in transaction_details (test/tools/household.test.ts, "10. purchases abroad"); here:
 * its schema and affordances, and what it says on a database without transaction facts (the
 * hand-made budget fixture has none).
 */
import { describe, expect, test } from "bun:test";
import { foreignSpending } from "../../src/tools/foreign_spending.ts";
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BudgetDb } from "../../src/ledger/reader.ts";
import { listTransactions } from "../../src/tools/list_transactions.ts";
import { searchTransactions } from "../../src/tools/search_transactions.ts";
import { writeHousehold } from "../fixtures/household.ts";
import { fixtures, followUpsOf, chartOf, money, PERIOD_PROPS, rowsLinkOf, run, schemaOf, schemaRejects } from "./support.ts";

const { db } = fixtures();

describe("foreign_spending without transaction facts", () => {
  test("the budget fixture has no transaction_details: it says it cannot tell purchases abroad from the others", () => {
    expect(run(foreignSpending, db, { year: 2025 }).summary).toStartWith(
      "No spending in other currencies for 2025: this database holds no transaction facts (transaction_details, written by the import), so purchases abroad cannot be told from the others.",
    );
  });
});

describe("foreign_spending's schema and affordances", () => {
  test("the JSON schema sent to the model: original_currency, category and the period; a currency code has three letters", () => {
    expect(schemaOf(foreignSpending)).toEqual({ names: ["original_currency", "category", ...PERIOD_PROPS], required: undefined });
    expect(schemaRejects(foreignSpending, { original_currency: "EURO" })).toBe(true);
    expect(schemaRejects(foreignSpending, { original_currency: "eur" })).toBe(false);
    // The model must know the UI draws the charts and tables (so it never draws text charts).
    expect(foreignSpending.description).toMatch(/The UI (draws|shows)/);
  });

  test("no 'see these transactions' link (the Transactions page cannot filter by the currency paid in) and no follow-ups", () => {
    expect(rowsLinkOf(foreignSpending, { year: 2025, original_currency: "EUR" })).toBeNull();
    expect(followUpsOf(foreignSpending, chartOf({ EUR: 580 }), { year: 2025 })).toEqual([]);
  });
});

describe("a purchase abroad whose original amount the bank did not state", () => {
  // An OFX card statement writes <ORIGCURRENCY><CURRATE>0.96<CURSYM>EUR</ORIGCURRENCY>: the purchase was in EUR, but no
  // amount in EUR is given (uqa3: three purchases in Italy were "No spending in other currencies", exit 0). The household
  // fixture's Esselunga purchase (CHF 77.20 for EUR 80, fee 1.20) is made such a row here.
  const CHF = (x: number) => money(x, "CHF");
  const EUR = (x: number) => money(x, "EUR");
  const Y2025 = { from: "2025-01-01", to: "2025-12-31" };

  const open = (where: string, more: string[] = []) => {
    const dir = mkdtempSync(join(tmpdir(), "foreign-unstated-"));
    const path = join(dir, "budget.db");
    writeHousehold(path);
    const w = new Database(path);
    w.run(
      `UPDATE transaction_details SET original_amount = NULL WHERE transaction_id IN
         (SELECT transaction_id FROM transactions WHERE currency = 'CHF' AND ${where})`,
    );
    for (const sql of more) w.run(sql);
    w.close();
    return { b: BudgetDb.open(path), done: () => rmSync(dir, { recursive: true, force: true }) };
  };

  test("one of them: still a purchase in EUR, booked in full; the EUR total and the rate over the ones stated", () => {
    const { b, done } = open("raw_description LIKE '%Esselunga%'");
    try {
      const out = run(foreignSpending, b, Y2025);
      // EUR stated: 120 + 400 + 30 − 50 = 500 for 115.80 + 386 + 28.95 − 48.25 = 482.50 → 0.9650; booked 482.50 + 77.20 = 559.70.
      expect(out.summary).toContain(
        `${EUR(500)} paid in EUR (4 purchases; the bank stated no amount in EUR for 1 of them), booked ${CHF(559.7)}, on average 0.9650 CHF per EUR (where it was stated), fees recorded on them ${CHF(9.45)}`,
      );
      expect(run(listTransactions, b, { search: "esselunga" }).summary).toContain(`2025-06-14 ${CHF(-77.2)} (paid in EUR, amount not stated) Esselunga`);
    } finally {
      b.close();
      done();
    }
  });

  test("none of them: the purchases in EUR and what was booked, never 'no spending in other currencies'", () => {
    const { b, done } = open("1 = 1");
    try {
      const out = run(foreignSpending, b, Y2025);
      expect(out.summary).toContain(`4 purchases paid in EUR (the bank stated no amount in EUR), booked ${CHF(559.7)}, fees recorded on them ${CHF(9.45)}`);
      expect(out.summary).toContain(`1 purchase paid in USD (the bank stated no amount in USD), booked ${CHF(44)}`);
      expect(out.tables![0]!.rows.map((r) => [r[0], r[2]])).toEqual([
        ["EUR", "not stated"],
        ["USD", "not stated"],
      ]);
      expect(run(searchTransactions, b, { search: "como", year: 2025 }).summary).toContain(
        `Of it paid in other currencies: 3 purchases in EUR (the bank stated no amount in EUR), booked ${CHF(530.75)}.`,
      );
    } finally {
      b.close();
      done();
    }
  });

  // Review of uqa3 D3's fix: purchases and "no amount stated" are counted over money out only, and a fee row stays a fee row.
  const on = (where: string, more: string[], check: (b: BudgetDb) => void) => {
    const { b, done } = open(where, more);
    try {
      check(b);
    } finally {
      b.close();
      done();
    }
  };
  test("a refund without its EUR amount is no purchase and not 'one of them'; the EUR figure says it leaves it out", () => {
    on("amount > 0 AND raw_description LIKE '%Como%'", [], (b) => {
      // EUR stated: 120 + 400 + 30 + 80 = 630 for 115.80 + 386 + 28.95 + 77.20 = 607.95 → 0.9650; the refund CHF 48.25 back.
      expect(run(foreignSpending, b, Y2025).summary).toContain(
        `${EUR(630)} paid in EUR (4 purchases; ${CHF(48.25)} of refunds without their EUR amount not in it), booked ${CHF(559.7)}, on average 0.9650 CHF per EUR, fees`,
      );
    });
  });

  test("purchases without EUR amounts and a refund with one: the purchases unstated, no negative EUR total", () => {
    on("amount < 0", [], (b) => {
      const out = run(foreignSpending, b, Y2025);
      expect(out.summary).toContain(`4 purchases paid in EUR (the bank stated no amount in EUR), booked ${CHF(559.7)}`);
      expect(out.tables![0]!.rows.map((r) => [r[0], r[1], r[2]])).toEqual([
        ["EUR", 4, "not stated"],
        ["USD", 1, "not stated"],
      ]);
    });
  });

  test("a foreign-currency fee row naming EUR without an amount stays a fee row booked apart (exchange cost CHF 19.67)", () => {
    const fee = [
      `INSERT INTO transactions (date, raw_description, amount, currency, merchant_name, category, source, confidence, transaction_id, import_batch, created_at)
         VALUES ('2025-06-30', 'Bearbeitungsgebuehr Fremdwaehrung', -9.45, 'CHF', 'Swisscard', 'Fees', 'rule', 1, 'fx-fee-1', 'b', '2025-07-01')`,
      `INSERT INTO transaction_details (transaction_id, original_currency, source_file, source_sha256, source_line) VALUES ('fx-fee-1', 'EUR', 'card.ofx', 'x', 99)`,
    ];
    on("0", fee, (b) => {
      const out = run(foreignSpending, b, Y2025);
      expect(out.summary).toContain(`${EUR(580)} paid in EUR (4 purchases), booked ${CHF(559.7)}, on average 0.9650 CHF per EUR`);
      expect(out.summary).toContain(
        `Exchange cost: ${CHF(19.67)} (${CHF(9.45)} in fees recorded on the purchases, ${CHF(10.22)} in 2 foreign-currency fee rows booked apart)`,
      );
      expect(out.summary).not.toContain("Swisscard");
    });
  });
});
