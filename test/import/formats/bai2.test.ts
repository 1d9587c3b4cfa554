import { describe, expect, test } from "bun:test";
import { brief, read, utf8 } from "./support.ts";

// BAI2 records written here (review of r4-qa36): a header, one group of one account, and the trailers.
const file = (...records: string[]) => utf8(records.map((r) => `${r}\n`).join(""));
const opts = { fileName: "report.bai" };
const group = (status: string) => [
  "01,021000021,ACMEPAY,240412,0600,3,80,,2/",
  `02,ACMEPAY,021000021,${status},240411,2359,USD,2/`,
  "03,3344556677,USD,010,+40000,,,015,+35000,,/",
  "16,475,5000,0,,,CHECK 12/",
  "49,+80000,3/",
  "98,+80000,1,5/",
  "99,+80000,1,7/",
];

describe("BAI2: a group's status (02, field 4)", () => {
  test("a deletion (2) books no money: its transactions are skipped lines naming the status", () => {
    const s = read(file(...group("2")), opts);
    expect(brief(s.rows)).toEqual([]);
    expect(s.skipped).toEqual([{ line: 4, reason: "its group (line 2) is marked deletion (2): it takes back data sent before: no money booked" }]);
    expect(s.reconciliation).toEqual([]);
  });

  test("a correction (3) is read, with a note", () => {
    const s = read(file(...group("3")), opts);
    expect(brief(s.rows)).toEqual([[4, "2024-04-11", -50, "USD", "CHECK 12"]]);
    expect(s.notes).toEqual(["the group from line 2 is marked a correction (3) of data sent before: its transactions are imported as written, check them against the earlier report"]);
    expect(s.reconciliation.map((r) => r.status)).toEqual(["ok"]);
  });
});

describe("BAI2: records out of place and codes with no money", () => {
  test("an account record (03) outside a group (after its 98, no 02) is refused with that reason, not as an amount", () => {
    const records = group("1");
    records.splice(6, 0, "03,3344556677,USD,010,+35000,,/", "16,475,1000,0,,,CHECK 13/");
    expect(() => read(file(...records), opts)).toThrow(
      "report.bai: line 7: an account record (03) outside a group (no group header 02 before it), which gives the date of its transactions",
    );
  });

  test("a bank-defined type code (900–999) is a bad row saying so", () => {
    const records = group("1");
    records.splice(4, 0, "16,920,5000,0,,,BANK CODE/");
    const s = read(file(...records), opts);
    expect(s.badRows).toEqual([{ line: 5, reason: 'type code "920" is one the bank defines (900–999): whether it is money in or out is not known' }]);
  });
});

describe("BAI2: a record whose code is mistyped is refused, not joined to the record above (review of r4-qa52)", () => {
  // The layout of Goldman Sachs's reports in moov-io/bai2 (sample4, sample5): only the 01 and 02 end with "/", and the
  // account states no opening or closing ledger (010/015), so no balance would show a lost booking.
  const noSlashes = (check: string) =>
    file(
      "01,GSBI,WILLOWCO,260612,0600,3,,,2/",
      "02,WILLOWCO,026015079,1,260611,2359,USD,/",
      "03,9100244810,USD,060,+218000,,,100,64000,1,,400,51725,2,",
      "16,195,64000,,FW7731,PO-5521,INCOMING WIRE ALDERWOOD",
      "88,EREF: 5521",
      `${check},40725,,CHK3318,,CHECK 3318`,
      "16,698,11000,,,,ANALYSIS FEES",
      "49,+1028530,6",
      "98,+1028530,1,8",
      "99,+1028530,1,10",
    );

  test('"16:475" (a colon for the comma) on a line with no "/" end: refused naming the line, its check not joined to the wire\'s text', () => {
    expect(() => read(noSlashes("16:475"), opts)).toThrow('report.bai: line 6: "16:475" is no BAI2 record (01, 02, 03, 16, 49, 88, 98 or 99)');
  });

  test("the same file written right reads its three transactions", () => {
    expect(brief(read(noSlashes("16,475"), opts).rows)).toEqual([
      [4, "2026-06-11", 640, "USD", "INCOMING WIRE ALDERWOOD EREF: 5521"],
      [6, "2026-06-11", -407.25, "USD", "CHECK 3318"],
      [7, "2026-06-11", -110, "USD", "ANALYSIS FEES"],
    ]);
  });
});

describe("BAI2: a CSV whose first line starts \"01,\" is no BAI2 file (review of r4-qa52)", () => {
  // "/02," on the first line (a month in a text) or on the second line of a file ended by CRs alone was taken for a
  // 02 record packed after the 01's "/", and the file refused for its as-of date.
  test.each([
    ["a month in the first line's text", "01,Rent 2026/02,2026-02-01,-800.00,NOK\n02,Coffee,2026-02-02,-3.50,NOK\n", 2],
    ["a date on the 2nd, lines ended by CR", "01,2026/03/01,Bakery,-3.50,NOK\r02,2026/03/02,Salary,2500.00,NOK\r03,2026/03/04,Rent,-800.00,NOK\r", 3],
  ])("%s: read as a CSV", (_, text, rows) => {
    const s = read(utf8(text), { fileName: "list.csv" });
    expect([s.format, s.rows.length]).toEqual(["csv", rows]);
  });
});
