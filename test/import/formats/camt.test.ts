import { describe, expect, test } from "bun:test";
import { detectFormat } from "../../../src/import/formats/index.ts";
import { assignTransactionIds } from "../../../src/import/ids.ts";
import { fixture, read, utf8 } from "./support.ts";

const wrap = (root: string, container: string, entries: string, ns = "camt.053.001.04") =>
  `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:${ns}"><${root}><${container}><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct>${entries}</${container}></${root}></Document>`;

const entry = (amt: string, ind: string, extra = "") =>
  `<Ntry><Amt Ccy="EUR">${amt}</Amt><CdtDbtInd>${ind}</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2025-06-02</Dt></BookgDt>${extra}</Ntry>`;

describe("camt.053.001.02", () => {
  const bytes = fixture("camt053-v02.xml");
  const account = "CH4431999123000889012";

  test("detected from the content", () => {
    expect(detectFormat(bytes)).toBe("camt");
  });

  test("entries: creditor for money out, debtor for money in, DtTm booking dates, references kept as text, a batch split into its parts, pending skipped", () => {
    const s = read(bytes, { fileName: "march.xml" });
    expect(s.format).toBe("camt");
    expect(s.account).toBe(account);
    expect(s.badRows).toEqual([]);
    expect(s.rows).toEqual([
      { line: 1, date: "2025-03-03", amount: -45.6, currency: "CHF", description: "Migros Genossenschaft & Co", reference: "camt:0001234", account },
      { line: 2, date: "2025-03-25", amount: 6250, currency: "CHF", description: "Gärtnerei Blümli GmbH", reference: "camt:0001235", account },
      { line: 3, date: "2025-03-26", amount: -1200, currency: "CHF", description: "Hausverwaltung Fröhlich", reference: "camt:0001236:1", account },
      { line: 3, date: "2025-03-26", amount: -250, currency: "CHF", description: "EWZ Elektrizitätswerk", reference: "camt:0001236:2", account },
      { line: 5, date: "2025-03-31", amount: -3.5, currency: "CHF", description: "Kontoführungsgebühr März", reference: "camt:0001238", account },
    ]);
  });
});

describe("camt.053.001.08", () => {
  test("Sts/Cd, Pty/Nm, Othr/Id account, NtryRef when AcctSvcrRef is missing, TxDtls/Amt parts, Ustrd lines joined", () => {
    const s = read(fixture("camt053-v08.xml"), { fileName: "april.xml" });
    const account = "0235-123456.01";
    expect(s.account).toBe(account);
    expect(s.badRows).toEqual([]);
    expect(s.rows).toEqual([
      { line: 1, date: "2025-04-02", amount: -19.99, currency: "EUR", description: "Spotify AB", reference: "camt:20250402-77", account },
      { line: 3, date: "2025-04-04", amount: 20, currency: "EUR", description: "Zalando SE", reference: "camt:A-3:1", account },
      { line: 3, date: "2025-04-04", amount: 10, currency: "EUR", description: "Gutschrift Retoure 2", reference: "camt:A-3:2", account },
      { line: 4, date: "2025-04-05", amount: -5, currency: "EUR", description: "Parkuhr Zone 3", reference: null, account },
    ]);
  });
});

describe("camt.052 and camt.054", () => {
  test("an account report (Rpt) and a notification (Ntfctn) read like a statement", () => {
    const e = entry("12.30", "DBIT", "<AcctSvcrRef>R1</AcctSvcrRef><AddtlNtryInf>Karte Bäckerei</AddtlNtryInf>");
    for (const [root, container, ns] of [["BkToCstmrAcctRpt", "Rpt", "camt.052.001.06"], ["BkToCstmrDbtCdtNtfctn", "Ntfctn", "camt.054.001.04"]] as const) {
      const bytes = utf8(wrap(root, container, e, ns));
      expect(detectFormat(bytes)).toBe("camt");
      expect(read(bytes, { fileName: "n.xml" }).rows).toEqual([
        { line: 1, date: "2025-06-02", amount: -12.3, currency: "EUR", description: "Karte Bäckerei", reference: "camt:R1", account: "DE89370400440532013000" },
      ]);
    }
  });
});

describe("camt entries that are not batches", () => {
  test("several TxDtls without their own amounts are one row with the entry's amount and the entry's text", () => {
    const e = entry("30.00", "DBIT", "<AcctSvcrRef>R9</AcctSvcrRef><NtryDtls><TxDtls><RltdPties><Cdtr><Nm>A</Nm></Cdtr></RltdPties></TxDtls><TxDtls><RltdPties><Cdtr><Nm>B</Nm></Cdtr></RltdPties></TxDtls></NtryDtls><AddtlNtryInf>Sammelzahlung</AddtlNtryInf>");
    const s = read(utf8(wrap("BkToCstmrStmt", "Stmt", e)), { fileName: "s.xml" });
    expect(s.rows.map((r) => [r.amount, r.description, r.reference])).toEqual([[-30, "Sammelzahlung", "camt:R9"]]);
  });

  test("one TxDtls with its own amount is not a batch: the entry's id without a part number", () => {
    const e = entry("8.00", "DBIT", "<AcctSvcrRef>R7</AcctSvcrRef><NtryDtls><TxDtls><Amt Ccy=\"EUR\">8.00</Amt><RltdPties><Cdtr><Nm>Kiosk</Nm></Cdtr></RltdPties></TxDtls></NtryDtls>");
    expect(read(utf8(wrap("BkToCstmrStmt", "Stmt", e)), { fileName: "s.xml" }).rows.map((r) => r.reference)).toEqual(["camt:R7"]);
  });

  test("entries without any reference get content ids; identical ones are numbered", () => {
    const e = entry("4.20", "DBIT", "<AddtlNtryInf>Kaffee</AddtlNtryInf>");
    const s = read(utf8(wrap("BkToCstmrStmt", "Stmt", e + e)), { fileName: "s.xml" });
    const ids = assignTransactionIds(s.rows, s.account);
    expect(ids[0]).toMatch(/^h:[0-9a-f]{16}$/);
    expect(ids[1]).toBe(`${ids[0]}#2`);
  });
});

describe("camt bad entries and bad files", () => {
  test("a bad amount, an unreal date and a missing indicator are bad rows named by the entry's ordinal", () => {
    const entries = entry("1.00", "DBIT") + entry("abc", "DBIT") + entry("2.00", "DBIT").replace("2025-06-02", "2025-06-31") + entry("3.00", "XX");
    const s = read(utf8(wrap("BkToCstmrStmt", "Stmt", entries)), { fileName: "s.xml" });
    expect(s.rows.map((r) => r.line)).toEqual([1]);
    expect(s.badRows).toEqual([
      { line: 2, reason: 'entry 2: amount "abc" is not a positive decimal with a currency (Amt Ccy="…")' },
      { line: 3, reason: "entry 3: no real booking date (BookgDt/Dt or DtTm)" },
      { line: 4, reason: 'entry 4: CdtDbtInd "XX" is neither CRDT nor DBIT' },
    ]);
  });

  test("blank lines before the XML declaration are fine; an error after them names the file's own line", () => {
    const e = entry("1.00", "DBIT", "<AcctSvcrRef>R1</AcctSvcrRef>");
    expect(read(utf8(`\n\n${wrap("BkToCstmrStmt", "Stmt", e)}`), { fileName: "s.xml" }).rows.length).toBe(1);
    expect(() => read(utf8(`\n\n<?xml version="1.0"?>\n<Document>\n<BkToCstmrStmt>\n</Document>`), { fileName: "s.xml" })).toThrow(/^s\.xml: line 6: the XML is not well-formed/);
  });

  test("truncated XML is refused with the line where it breaks", () => {
    const full = new TextDecoder().decode(fixture("camt053-v02.xml"));
    const cut = full.slice(0, full.indexOf("<Ntry>", full.indexOf("<Ntry>") + 1) + 40);
    expect(() => read(utf8(cut), { fileName: "cut.xml" })).toThrow(/^cut\.xml: line \d+: the XML is not well-formed \(.+\); is the file complete\?$/);
  });

  test("a DOCTYPE is refused before parsing (no entity expansion)", () => {
    const xxe = `<?xml version="1.0"?>\n<!DOCTYPE Document [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt>${entry("1.00", "DBIT", "<AddtlNtryInf>&x;</AddtlNtryInf>")}</Stmt></BkToCstmrStmt></Document>`;
    expect(detectFormat(utf8(xxe))).toBe("camt");
    expect(() => read(utf8(xxe), { fileName: "evil.xml" })).toThrow("evil.xml: line 2: the XML declares a DOCTYPE, which is refused (statements never need one)");
  });

  test("XML that is no camt document is refused, and is not detected as one", () => {
    const other = utf8(`<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"><CstmrCdtTrfInitn/></Document>`);
    expect(detectFormat(other)).toBeNull();
    expect(() => read(other, { fileName: "p.xml", format: "camt" })).toThrow("p.xml: not a camt.053/.052/.054 document");
  });
});
