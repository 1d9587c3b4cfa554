/**
 * A file with no header row whose one column of amounts is positive on every row, and no balance the amounts walk
 * (qa50, blind pass of English-speaking banks: POSB's headerless download of a card purchase, "27 Feb 2018,UMC-, 7.80, ,…",
 * its credit column blank, and Barclaycard's headerless card export of a purchase "…,Household,,20.59" were both booked
 * as money in, exit 0). Nothing in such a file says the column is signed: the user says which.
 */
import { describe, expect, test } from "bun:test";
import { parseStatement } from "../../../src/import/formats/index.ts";
import { brief, read, utf8 } from "./support.ts";

// Written here in the layout of POSB's headerless download (date, code, debit, credit, three references): three debits.
const POSB = utf8(
  "03 Feb 2026,POS, 12.40, ,NTUC FAIRPRICE BEDOK SI NG 02FEB,,,\n05 Feb 2026,UMC-, 6.90, ,KOPI CORNER TAMPINES SI NG 04FEB,,,\n11 Feb 2026,ICT, 250.00, ,I-BANK TRANSFER TO 123-456789-0,,,\n",
);
// And in the layout of Barclaycard's headerless export (date, text, card, holder, category, an empty column, the amount): two purchases.
const BARCLAYCARD = utf8(
  '03 Feb 26," CORNER BAKERY, LEEDS 4.20 POUND STERLING GREAT BRITAIN ",Visa,MS J DOE,Food & Drink,,4.20\n07 Feb 26," RAIL TICKETS ONLINE, YORK 38.50 POUND STERLING GREAT BRITAIN ",Visa,MS J DOE,Travel,,38.50\n',
);

const sgd = { code: "SGD", from: "test" };
const gbp = { code: "GBP", from: "test" };

describe("a headerless file whose one column of amounts is positive on every row, with no balance", () => {
  test("POSB's download of debits (the credit column blank on every row) is refused, saying how to go on", () => {
    expect(() => parseStatement(POSB, { fileName: "posb.csv", fallbackCurrency: sgd })).toThrow(
      'posb.csv: the file has no header row, and every one of the 3 amounts in "column 3" is positive beside "column 4", empty on every row: ' +
        "they may be money out with money in unused, or the other way round, and nothing in the file (a minus, a header, a balance the amounts walk) tells which; " +
        'if they are card purchases, import it with --flip-signs; if they are money received, with --amount-column "column 3" (the signs as written)',
    );
  });

  test("Barclaycard's headerless card export of purchases is refused the same way", () => {
    expect(() => parseStatement(BARCLAYCARD, { fileName: "statement.csv", fallbackCurrency: gbp })).toThrow(
      'statement.csv: the file has no header row, and every one of the 2 amounts in "column 7" is positive beside "column 6", empty on every row',
    );
  });

  test("the currency given (the file names none) does not make them money in", () => {
    expect(() => parseStatement(POSB, { fileName: "posb.csv", mapping: { currency: "SGD" } })).toThrow('posb.csv: the file has no header row, and every one of the 3 amounts in "column 3" is positive beside "column 4"');
  });

  test("--flip-signs reads them as money out: 12.40 + 6.90 + 250.00 = 269.30 out, nothing in", () => {
    const s = read(POSB, { fileName: "posb.csv", fallbackCurrency: sgd, flipSigns: true });
    expect(brief(s.rows)).toEqual([
      [1, "2026-02-03", -12.4, "SGD", "POS · NTUC FAIRPRICE BEDOK SI NG 02FEB"],
      [2, "2026-02-05", -6.9, "SGD", "UMC- · KOPI CORNER TAMPINES SI NG 04FEB"],
      [3, "2026-02-11", -250, "SGD", "ICT · I-BANK TRANSFER TO 123-456789-0"],
    ]);
    const c = read(BARCLAYCARD, { fileName: "statement.csv", fallbackCurrency: gbp, flipSigns: true });
    expect(c.rows.map((r) => [r.date, r.amount])).toEqual([["2026-02-03", -4.2], ["2026-02-07", -38.5]]);
  });

  test("the amount column named reads them as written (money in), as the refusal says", () => {
    const s = read(POSB, { fileName: "posb.csv", fallbackCurrency: sgd, mapping: { amountColumn: "column 3" } });
    expect(s.rows.map((r) => r.amount)).toEqual([12.4, 6.9, 250]);
  });

  test("a minus on one row says the column is signed: read as written", () => {
    const text = "03 Feb 2026,POS, 12.40, ,NTUC FAIRPRICE BEDOK SI NG 02FEB,,,\n05 Feb 2026,UMC-, -6.90, ,KOPI CORNER TAMPINES SI NG 04FEB,,,\n";
    expect(read(utf8(text), { fileName: "posb.csv", fallbackCurrency: sgd }).rows.map((r) => r.amount)).toEqual([12.4, -6.9]);
  });

  test("a plus written before the amounts says their side as a minus would: read as written (review of r4-qa50)", () => {
    const text = "14/01/2026,SALARY ACME LTD,+2100.00,\n20/01/2026,INTEREST,+0.52,\n";
    expect(read(utf8(text), { fileName: "plus.csv", fallbackCurrency: gbp }).rows.map((r) => r.amount)).toEqual([2100, 0.52]);
  });

  test("positive amounts with no empty column beside them are read as written (a savings book's transfers in)", () => {
    const text = "13/02/2026,TRANSFER FROM CURRENT ACCOUNT,150.00\n27/02/2026,TRANSFER FROM CURRENT ACCOUNT,75.50\n";
    expect(read(utf8(text), { fileName: "livret.csv", fallbackCurrency: gbp }).rows.map((r) => r.amount)).toEqual([150, 75.5]);
  });

  test("a balance the positive amounts walk says they are money in: read as written", () => {
    // 100.00 + 12.40 = 112.40; + 6.90 = 119.30 (oldest first).
    const text = "13/02/2026,INTEREST,12.40,112.40\n15/02/2026,DEPOSIT CASH,6.90,119.30\n";
    expect(read(utf8(text), { fileName: "savings.csv", fallbackCurrency: gbp }).rows.map((r) => r.amount)).toEqual([12.4, 6.9]);
  });
});
