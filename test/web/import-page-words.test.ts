import { describe, expect, test } from "bun:test";
import { inPageWords } from "../../src/web/routes/imports.tsx";

/**
 * The readers' advice that names command-line flags, as the Import page says it (SPEC §10.1: no page shows a CLI flag).
 * uqa10: a generic rewrite of each flag into words made "name the amount column with the amount column, else map the
 * columns on the Import page" (said on that page) and "import it again with flip signs".
 */
describe("inPageWords: the readers' advice in the page's words", () => {
  const SIGNS = `f.csv: line 4: the column "Type" says money out on line 2 ("Withdrawal") but "Interest" here, so the sign of its rows cannot be told; `;
  test("a sign that cannot be told: the page's own screen and its role's name", () => {
    expect(inPageWords(`${SIGNS}if the amounts carry their own signs, name the amount column with --amount-column, else map the columns on the Import page`)).toBe(
      `${SIGNS}choose what each column holds under “Change columns” (“Amount (signed)” for the amounts if they carry their own signs)`,
    );
  });
  test("a file with no header row whose columns cannot be told apart", () => {
    const head = "f.csv: line 2: the file has no header row, and what its columns hold does not tell them apart (1 of dates, 0 of amounts, 1 of text)";
    expect(inPageWords(`${head}; name them with --date-column "column N", --amount-column "column N" and --description-column "column N" (counted from 1)`)).toBe(
      `${head}; choose what each column holds under “Change columns”`,
    );
  });
  test("a file with no header row read as money out and in: the signed amount, or the flip, as the page offers them", () => {
    const read = "the file has no header row: column 2 (a minus on every row) was read as money out and column 3 as money in (nothing else in the file confirms it)";
    expect(inPageWords(`${read}; if column 3 holds balances or pending amounts, not bookings, name the columns with --amount-column "column 2"`)).toBe(
      `${read}; if column 3 holds balances or pending amounts, not bookings, choose “Amount (signed)” for column 2 under “Change columns”`,
    );
    const order = "the file has no header row: column 2 was read as money out and column 3 as money in (the order of CIBC's and TD's exports; nothing in the file confirms it)";
    expect(inPageWords(`${order}; if it is the other way round, import it again with --flip-signs`)).toBe(`${order}; if it is the other way round, tick “Flip signs”`);
  });
  test("every row money in: the page's tick by its name (the command line's flag in brackets was dropped, leaving \"flip the signs\")", () => {
    expect(inPageWords("every one of the 4 rows is money in: if this is a card statement that writes its purchases positive, flip the signs (--flip-signs)")).toBe(
      "every one of the 4 rows is money in: if this is a card statement that writes its purchases positive, tick “Flip signs”",
    );
  });
});
