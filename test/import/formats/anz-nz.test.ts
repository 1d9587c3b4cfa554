/**
 * ANZ New Zealand's account export read by its layout (layouts/anz-nz.ts; the fixture's rows are in bank-fixtures.ts).
 * A month of it whose days passed 12 was read by the generic reader before: those rows' ids, made of the "Details"
 * (else the "Reference"), stay the same, so a month imported then comes back as duplicates, not as new rows.
 */
import { expect, test } from "bun:test";
import { fixture, read } from "./support.ts";

test("the ids are the generic reader's: of the Details, else the Reference (a row with neither: no text)", () => {
  const text = new TextDecoder().decode(fixture("anz-nz.csv")) + "Payment,,Rent,Flat 4,Ref 7,-5.00,12/03/2026,,\n";
  const s = read(new TextEncoder().encode(text), { fileName: "anz.csv" });
  expect(s.rows.map((r) => r.idText)).toEqual(["Harbourside Grocer", "Kowhai Design Ltd", "Totara Property", "01-0123-0456789-00", "06-0501-0099887-00", "Online Books Ltd", "City Power", "", "Ref 7"]);
  // Its description says it all: Particulars, Code, Reference, then the Type.
  expect(s.rows.at(-1)!.description).toBe("Rent · Flat 4 · Ref 7 · Payment");
});

test("a month whose References are mostly numbers: no Reference in the ids, as the generic reader read it (review of r4-qa50)", () => {
  const month = [
    "Type,Details,Particulars,Code,Reference,Amount,Date",
    "Eft-Pos,Harbourside Grocer,4835****1234,,081445,-54.20,13/12/2016",
    "Direct Debit,,,,00492718,-1979.24,15/12/2016",
    "Loan Payment,,,,004600,-350.00,14/12/2016",
    "Salary,Acme Ltd,Wages,,213232,2100.00,16/12/2016",
  ].join("\n");
  const s = read(new TextEncoder().encode(month + "\n"), { fileName: "anz.csv" });
  expect(s.rows.map((r) => r.idText)).toEqual(["Harbourside Grocer", "", "", "Acme Ltd"]);
});
