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
