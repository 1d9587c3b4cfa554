import { describe, expect, test } from "bun:test";
import { parseAmount } from "../../../src/import/formats/values.ts";
import { read, utf8 } from "./support.ts";

// Issue 31 (r4-signs2): three capitals before or after a number are a currency's code only when they are one (ISO 4217).
const eur = { code: "EUR", from: "the main currency of your data" };
const facts = (text: string) => read(utf8(text), { fileName: "bank.csv", fallbackCurrency: eur }).rows.map((r) => [r.amount, r.description, r.facts]);

describe("three capitals beside a number", () => {
  test("a currency's code is no part of the amount; a reference's or a text's letters make the cell no amount", () => {
    expect(["EUR 12.50", "12.50 USD", "CHF -4.80", "-4.80 GBP", "usd 3.00"].map((v) => parseAmount(v, "."))).toEqual([12.5, 12.5, -4.8, -4.8, 3]);
    expect(["REF 123", "TAN 500", "ATM 200", "123 POS", "ABC 45.00"].map((v) => parseAmount(v, "."))).toEqual([null, null, null, null, null]);
  });

  test("a code after a trailing minus or a side, and the other codes banks write for a currency, are read as before (review of r4-signs2: refused)", () => {
    expect([parseAmount("84,20- EUR", ","), parseAmount("1.234,56- EUR", ",")]).toEqual([-84.2, -1234.56]);
    expect(["84.20 DR EUR", "84.20- USD", "SFR 1'234.50", "RMB -1,234.00", "NIS 50.00", "YEN 1200"].map((v) => parseAmount(v, "."))).toEqual([-84.2, -84.2, 1234.5, -1234, 50, 1200]);
  });

  test("a column of references beside the amount is text, not a fee or an original amount (was: \"REF 500\" stored as an original amount of 500, \"REF 1\" as a fee of 1, a Memo's text lost)", () => {
    const rows = (header: string, refs: string[]) =>
      `Date,Description,Amount,${header}\n13.01.2026,REWE MARKT,-84.20,${refs[0]}\n14.01.2026,GEHALT MUSTER GMBH,2450.00,${refs[1]}\n15.01.2026,ARAL TANKSTELLE,-45.00,${refs[2]}\n`;
    expect(facts(rows("Original amount", ["REF 500", "REF 501", "REF 502"]))).toEqual([
      [-84.2, "REWE MARKT", {}],
      [2450, "GEHALT MUSTER GMBH", {}],
      [-45, "ARAL TANKSTELLE", {}],
    ]);
    expect(facts(rows("Fee", ["REF 1", "REF 2", "REF 3"]))).toEqual([
      [-84.2, "REWE MARKT", {}],
      [2450, "GEHALT MUSTER GMBH", {}],
      [-45, "ARAL TANKSTELLE", {}],
    ]);
    expect(facts(rows("Memo", ["TAN 500", "TAN 501", "TAN 502"]))).toEqual([
      [-84.2, "REWE MARKT · TAN 500", { purpose: "TAN 500" }],
      [2450, "GEHALT MUSTER GMBH · TAN 501", { purpose: "TAN 501" }],
      [-45, "ARAL TANKSTELLE · TAN 502", { purpose: "TAN 502" }],
    ]);
  });
});
