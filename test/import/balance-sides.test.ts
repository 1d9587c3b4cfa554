/**
 * What a CSV's balance column can and cannot tell about its signs (SPEC §10.1: a consistently inverted file is corrected;
 * one that contradicts its balances otherwise is refused with the first line that disagrees).
 *
 * - Amounts that agree with the balance only turned round, mostly money out as written: the amount owed on a card or a
 *   loan rises as its purchases (written negative) fall. Turning them booked every purchase as income, "balance checked
 *   ✓", exit 0: now refused, both readings named; as written or flipped, at the user's word.
 * - Amounts with no sign at all beside a balance that falls: the refusal said "off by …, imports it anyway", and
 *   importing it anyway booked every debit as money in: now it says why, and what importing anyway does.
 * - Amounts all positive beside a balance that rises with them: an account's money in, or a card's purchases beside the
 *   amount owed; the note that every row is money in is no longer left out because the balance agrees.
 */
import { describe, expect, test } from "bun:test";
import { ImportInputError } from "../../src/core/errors.ts";
import { reconciliationText, type ParsedFile } from "../../src/import/importer.ts";
import { databasesPerTest, makeImporter } from "./support.ts";

const files = databasesPerTest();
const csv = (name: string, lines: string[]) => ({ name, bytes: new TextEncoder().encode(lines.join("\n") + "\n") });
const amounts = (p: ParsedFile) => p.rows.toArray().map((r) => r.amount);

// A card's month in the holder's signs (purchases negative, the payment positive) beside the amount owed.
const OWED = csv("card-owed.csv", [
  "Date,Description,Amount,Currency,Balance",
  "2026-03-02,COFFEE CORNER 12,-5.40,USD,105.40",
  "2026-03-03,BOOKSHOP ONLINE,-42.99,USD,148.39",
  "2026-03-05,FUEL STATION 77,-38.10,USD,186.49",
  "2026-03-08,ONLINE PAYMENT,100.00,USD,86.49",
  "2026-03-09,GROCER MAIN ST,-64.22,USD,150.71",
]);

describe("a balance column that agrees with the amounts only turned round", () => {
  test("mostly money out as written (a card's amount owed): refused, both readings named; nothing turned", () => {
    const { importer } = makeImporter(files.db);
    expect(() => importer.parse(OWED)).toThrow(ImportInputError);
    expect(() => importer.parse(OWED)).toThrow(
      "card-owed.csv: USD does not reconcile: its balance rises as its amounts written negative fall, as the amount owed on a card or a loan does: if it is the amount owed on a card or a loan, its signs are right as written; if it is an account's balance, they are the other way round: flip the signs (--flip-signs); nothing was imported (--accept-unreconciled, or the tick on the page, imports it anyway, as written)",
    );
  });

  test("accepted: as written (4 out, 1 in); flipped: turned, and the balance checks", () => {
    const { importer } = makeImporter(files.db);
    const written = importer.parse(OWED, { acceptUnreconciled: true });
    expect(amounts(written)).toEqual([-5.4, -42.99, -38.1, 100, -64.22]);
    expect(written.reconciliation.map((r) => reconciliationText(r))).toEqual(["USD: does not reconcile as written: its balance rises as its amounts written negative fall, as the amount owed on a card or a loan does"]);
    const flipped = importer.parse(OWED, { flipSigns: true });
    expect(amounts(flipped)).toEqual([5.4, 42.99, 38.1, -100, 64.22]);
    expect(flipped.reconciliation.map((r) => reconciliationText(r))).toEqual(["USD: balance checked ✓ (opening USD 100.00 + 5 entries = closing USD 150.71)"]);
  });

  test("half of them money out as written (a card's payment and a refund beside two purchases): refused too", () => {
    const { importer } = makeImporter(files.db);
    const tie = csv("tie.csv", ["Date,Description,Amount,Currency,Balance", "2026-03-01,PAYMENT RECEIVED,500.00,USD,0.00", "2026-03-03,BOOKSHOP ONLINE,-42.99,USD,42.99", "2026-03-05,REFUND BOOKSHOP,10.00,USD,32.99", "2026-03-09,GROCER MAIN ST,-64.22,USD,97.21"]);
    expect(() => importer.parse(tie)).toThrow("tie.csv: USD does not reconcile: its balance rises as its amounts written negative fall, as the amount owed on a card or a loan does");
    const written = importer.parse(tie, { acceptUnreconciled: true });
    expect(amounts(written)).toEqual([500, -42.99, 10, -64.22]);
    // Its entries as written, no difference: the balances run the other way, they are off by no amount.
    expect(written.reconciliation.map((r) => [r.status, r.entriesTotal, r.difference])).toEqual([["off", 402.79, null]]);
  });

  test("mostly money in as written (an account's month written the other way round): still corrected, and said", () => {
    const { importer } = makeImporter(files.db);
    const p = importer.parse(
      csv("inverted.csv", ["Date,Description,Amount,Currency,Balance", "2026-03-01,GROCER MAIN ST,12.30,EUR,987.70", "2026-03-03,CITY POWER,85.00,EUR,902.70", "2026-03-15,ACME PAYROLL,-2400.00,EUR,3302.70"]),
    );
    expect(amounts(p)).toEqual([-12.3, -85, 2400]);
    expect(p.notes).toContain("every amount's sign contradicted the balance column (Balance) and agreed with it turned round: the signs were flipped to match it");
  });
});

describe("amounts with no sign beside a balance that falls", () => {
  const UNSIGNED = csv("unsigned.csv", ["Date,Description,Amount,Currency,Balance", "2026-04-01,ACME PAYROLL,2000.00,CHF,2500.00", "2026-04-02,GROCER MAIN ST,45.20,CHF,2454.80", "2026-04-04,CITY POWER,80.00,CHF,2374.80"]);

  test("refused: the amounts carry no sign, the line where the balance first falls, what importing anyway does", () => {
    const { importer } = makeImporter(files.db);
    expect(() => importer.parse(UNSIGNED)).toThrow(
      "unsigned.csv: CHF does not reconcile: its amounts carry no sign, and its balance falls (first at line 3): some rows are money out, and the file does not say which; if every row is money out, flip the signs (--flip-signs); nothing was imported (--accept-unreconciled, or the tick on the page, imports it anyway, every row as money in)",
    );
  });

  test("money out only, written with no sign: flipped as the refusal says, the balance checks every row", () => {
    const { importer } = makeImporter(files.db);
    const out = csv("out.csv", ["Date,Description,Amount,Currency,Balance", "2026-04-02,GROCER MAIN ST,45.20,CHF,954.80", "2026-04-04,CITY POWER,80.00,CHF,874.80", "2026-04-06,RENT APRIL,700.00,CHF,174.80"]);
    expect(() => importer.parse(out)).toThrow("if every row is money out, flip the signs (--flip-signs)");
    const flipped = importer.parse(out, { flipSigns: true });
    expect(amounts(flipped)).toEqual([-45.2, -80, -700]);
    expect(flipped.reconciliation.map((r) => reconciliationText(r))).toEqual(["CHF: balance checked ✓ (opening CHF 1'000.00 + 3 entries = closing CHF 174.80)"]);
  });

  test("salaries beside a balance that falls by no row's amount: a balance's typo, said as one (no row said money out)", () => {
    const { importer } = makeImporter(files.db);
    const typo = csv("typo-fall.csv", ["Date,Description,Amount,Currency,Balance", "2026-01-25,ACME PAYROLL,3000.00,CHF,3000.00", "2026-02-25,ACME PAYROLL,3000.00,CHF,6000.00", "2026-03-25,ACME PAYROLL,3000.00,CHF,5990.00"]);
    expect(() => importer.parse(typo)).toThrow("typo-fall.csv: CHF does not reconcile: off by CHF 3'010.00 (first at line 4); nothing was imported");
  });

  test("signed amounts flipped by the user against their balances: a plain disagreement, not 'no sign'", () => {
    const { importer } = makeImporter(files.db);
    const signed = csv("signed.csv", ["Date,Description,Amount,Currency,Balance", "2026-04-02,GROCER MAIN ST,-45.20,CHF,954.80", "2026-04-04,CITY POWER,-80.00,CHF,874.80", "2026-04-06,RENT APRIL,-700.00,CHF,174.80"]);
    expect(() => importer.parse(signed, { flipSigns: true })).toThrow("signed.csv: CHF does not reconcile with its signs flipped: off by CHF 160.00 (first at line 3); as written, its amounts agree with the balances it states");
  });

  test("a typo of the balance in a file of signed amounts is still a plain disagreement", () => {
    const { importer } = makeImporter(files.db);
    const typo = csv("typo.csv", ["Date,Description,Amount,Currency,Balance", "2026-04-01,ACME PAYROLL,2000.00,CHF,2500.00", "2026-04-02,GROCER MAIN ST,-45.20,CHF,2444.80", "2026-04-04,CITY POWER,-80.00,CHF,2364.80"]);
    expect(() => importer.parse(typo)).toThrow("typo.csv: CHF does not reconcile: off by CHF 10.00 (first at line 3); nothing was imported (--accept-unreconciled, or the tick on the page, imports it anyway)");
  });
});

test("every amount positive beside a balance that rises with them: booked as written, and the note says both readings", () => {
  const { importer } = makeImporter(files.db);
  const p = importer.parse(csv("all-in.csv", ["Date,Description,Amount,Currency,Balance", "2026-03-02,COFFEE CORNER 12,5.40,USD,105.40", "2026-03-03,BOOKSHOP ONLINE,42.99,USD,148.39", "2026-03-05,FUEL STATION 77,38.10,USD,186.49"]));
  expect(amounts(p)).toEqual([5.4, 42.99, 38.1]);
  expect(p.notes).toContain(
    "every one of the 3 rows is money in, and the balance column rises with them, as an account's balance does with money in and a card's amount owed does with purchases: if this is a card statement that writes its purchases positive, flip the signs (--flip-signs)",
  );
});
