import { describe, expect, test } from "bun:test";
import { detectFormat } from "../../../src/import/formats/index.ts";
import { fixture, read, utf8 } from "./support.ts";

describe("OFX 1.x (SGML, unclosed tags, windows-1252)", () => {
  const bytes = fixture("statement-v1.ofx");

  test("detected from the content", () => {
    expect(detectFormat(bytes)).toBe("ofx");
  });

  test("STMTTRN rows: DTPOSTED with time and zone, a decimal comma, an empty NAME falling back to MEMO, entities, a per-transaction CURRENCY", () => {
    const s = read(bytes, { fileName: "avril.ofx" });
    const account = "00012345678";
    expect(s.format).toBe("ofx");
    expect(s.account).toBe(account);
    expect(s.rows).toEqual([
      { line: 1, date: "2025-04-03", amount: -23.4, currency: "EUR", description: "Boulangerie Ménard", reference: "ofx:00012345678:FR-0403-001", account },
      { line: 2, date: "2025-04-25", amount: 2350, currency: "EUR", description: "VIR SALAIRE AVRIL & PRIME", reference: "ofx:00012345678:FR-0425-002", account },
      { line: 4, date: "2025-04-28", amount: -60, currency: "CHF", description: "Hotel Zürich", reference: "ofx:00012345678:FR-0428-004", account },
    ]);
    expect(s.badRows).toEqual([{ line: 3, reason: 'STMTTRN 3: DTPOSTED "20250431" is not a real date' }]);
  });
});

describe("OFX 2.x (XML) credit-card statement", () => {
  const bytes = fixture("card-v2.qfx");

  test("detected from the content", () => {
    expect(detectFormat(bytes)).toBe("ofx");
  });

  test("CCACCTFROM account, CURDEF upper-cased, PAYEE/NAME, a plus sign, a bad TRNAMT as a bad row", () => {
    const s = read(bytes, { fileName: "may.qfx" });
    const account = "4111XXXXXXXX1111";
    expect(s.account).toBe(account);
    expect(s.rows).toEqual([
      { line: 1, date: "2025-05-12", amount: -4.75, currency: "USD", description: "BLUE BOTTLE COFFEE", reference: "ofx:4111XXXXXXXX1111:2025051200001", account },
      { line: 2, date: "2025-05-12", amount: -4.75, currency: "USD", description: "BLUE BOTTLE COFFEE", reference: "ofx:4111XXXXXXXX1111:2025051200002", account },
      { line: 3, date: "2025-05-20", amount: 120, currency: "USD", description: "PAYMENT THANK YOU", reference: "ofx:4111XXXXXXXX1111:2025052000003", account },
    ]);
    expect(s.badRows).toEqual([{ line: 4, reason: 'STMTTRN 4: TRNAMT "abc" is not a number' }]);
  });

  test("--account replaces the account of the statement and its rows but not the bank's ids", () => {
    const s = read(bytes, { fileName: "may.qfx", accountOverride: "Visa Anna" });
    expect(s.account).toBe("Visa Anna");
    expect(s.rows.map((r) => [r.account, r.reference])[0]).toEqual(["Visa Anna", "ofx:4111XXXXXXXX1111:2025051200001"]);
  });

  test("an OFX with a DOCTYPE is refused; one without a statement says so", () => {
    const text = new TextDecoder().decode(bytes).replace("<OFX>", '<!DOCTYPE OFX [<!ENTITY a "b">]>\n<OFX>');
    expect(() => read(utf8(text), { fileName: "d.qfx" })).toThrow("d.qfx: line 3: the XML declares a DOCTYPE, which is refused (statements never need one)");
    expect(() => read(utf8("OFXHEADER:100\n\n<OFX><SIGNONMSGSRSV1></SIGNONMSGSRSV1></OFX>"), { fileName: "e.ofx" })).toThrow(
      "e.ofx: the OFX file holds no bank or card statement (STMTRS / CCSTMTRS)",
    );
  });
});
