import { describe, expect, test } from "bun:test";
import { read, utf8 } from "./support.ts";

// Issue 31 (r4-signs2): a footer's total under a column of debit/credit marks, which leaves it unmarked.
const eur = { code: "EUR", from: "the main currency of your data" };
const statement = (footer: string, header = "Datum;Text;Betrag;Soll/Haben") =>
  `${header}\n13.01.2026;GEHALT MUSTER GMBH;2450,00;H\n14.01.2026;REWE MARKT;84,20;S\n15.01.2026;ARAL TANKSTELLE;45,00;S\n${footer}\n`;
const readIt = (text: string) => read(utf8(text), { fileName: "konto.csv", fallbackCurrency: eur });

describe("a total line below marked rows", () => {
  test("the sum of the rows above it (net, or of both sides), labelled a total and undated: skipped with its reason, the rows read (was: a bad row, the file refused)", () => {
    // Net: 2450.00 − 84.20 − 45.00 = 2320.80; gross: 2579.20; out 129.20; in 2450.00.
    for (const footer of [";Summe;2320,80;", ";Total;-2320,80;", "Total;;2579,20;", ";Summe Soll;129,20;", ";Totale;2450,00;"]) {
      const s = readIt(statement(footer));
      expect([s.rows.map((r) => r.amount), s.badRows]).toEqual([[2450, -84.2, -45], []]);
      const label = footer.split(";").find((x) => /^[A-Z]/.test(x))!;
      expect(s.skipped).toEqual([{ line: 5, reason: `a total line ("${label}"), the sum of the rows above it: no booking of its own` }]);
    }
    // Under a "Type" header the same, the footer's minus the only sign written (it contradicts no mark: no doubt of the marks).
    for (const footer of [";Total;2320,80;", ";Total;-2320,80;"]) {
      const typed = readIt(statement(footer, "Datum;Text;Betrag;Type").replace(/;H\n/g, ";Credit\n").replace(/;S\n/g, ";Debit\n"));
      expect([typed.rows.map((r) => r.amount), typed.skipped.length, typed.badRows]).toEqual([[2450, -84.2, -45], 1, []]);
    }
  });

  test("an unmarked line whose amount is no sum of the rows above it, or that has a date, stays a bad row, named", () => {
    for (const footer of [";Total;2320,90;", "16.01.2026;TOTAL ENERGIES;2320,80;"]) {
      expect(readIt(statement(footer)).badRows).toEqual([{ line: 5, reason: 'Soll/Haben "" is neither debit nor credit' }]);
    }
  });
});
