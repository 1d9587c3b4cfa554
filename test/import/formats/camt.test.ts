import { describe, expect, test } from "bun:test";
import { detectFormat } from "../../../src/import/formats/index.ts";
import { assignTransactionIds } from "../../../src/import/ids.ts";
import { parseStatement } from "../../../src/import/formats/index.ts";
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
    expect(s.skipped).toEqual([{ line: 4, reason: "pending (Sts PDNG), not booked yet" }]);
    // Every row of this format states its counterparty as a name (ParsedRow.named).
    expect(s.rows.map((r) => r.named)).toEqual(s.rows.map(() => true));
    expect(s.rows.map(({ named: _, ...r }) => r)).toEqual([
      {
        line: 1, date: "2025-03-03", amount: -45.6, currency: "CHF", description: "Migros Genossenschaft & Co · Rechnung 4711", idText: "Migros Genossenschaft & Co",
        reference: "camt:0001234", account, facts: { counterparty: "Migros Genossenschaft & Co", purpose: "Rechnung 4711", valueDate: "2025-03-03" },
      },
      {
        line: 2, date: "2025-03-25", amount: 6250, currency: "CHF", description: "Gärtnerei Blümli GmbH", idText: "Gärtnerei Blümli GmbH",
        reference: "camt:0001235", account, facts: { counterparty: "Gärtnerei Blümli GmbH", valueDate: "2025-03-25" },
      },
      {
        line: 3, part: 1, date: "2025-03-26", amount: -1200, currency: "CHF", description: "Hausverwaltung Fröhlich · Sammelauftrag", idText: "Hausverwaltung Fröhlich",
        reference: "camt:0001236:1", account, facts: { counterparty: "Hausverwaltung Fröhlich" },
      },
      {
        line: 3, part: 2, date: "2025-03-26", amount: -250, currency: "CHF", description: "EWZ Elektrizitätswerk · Sammelauftrag", idText: "EWZ Elektrizitätswerk",
        reference: "camt:0001236:2", account, facts: { counterparty: "EWZ Elektrizitätswerk" },
      },
      { line: 5, date: "2025-03-31", amount: -3.5, currency: "CHF", description: "Kontoführungsgebühr März", idText: "Kontoführungsgebühr März", reference: "camt:0001238", account, facts: {} },
    ]);
  });
});

describe("camt.053.001.08", () => {
  test("Sts/Cd, Pty/Nm, Othr/Id account, NtryRef when AcctSvcrRef is missing, TxDtls/Amt parts, Ustrd lines joined", () => {
    const s = read(fixture("camt053-v08.xml"), { fileName: "april.xml" });
    const account = "0235-123456.01";
    expect(s.account).toBe(account);
    expect(s.badRows).toEqual([]);
    expect(s.rows.map((r) => [r.line, r.part, r.amount, r.description, r.idText, r.reference])).toEqual([
      [1, undefined, -19.99, "Spotify AB", "Spotify AB", "camt:20250402-77"],
      [3, 1, 20, "Zalando SE", "Zalando SE", "camt:A-3:1"],
      [3, 2, 10, "Gutschrift Retoure 2", "Gutschrift Retoure 2", "camt:A-3:2"],
      [4, undefined, -5, "Parkuhr Zone 3", "Parkuhr Zone 3", null],
    ]);
  });
});

describe("camt facts for transaction_details (SPEC §10.1)", () => {
  test("IBAN of the other party, end-to-end id, QR/creditor reference, value date; a namespace prefix on every element", () => {
    const s = read(fixture("camt053-reconciles.xml"), { fileName: "mai.xml" });
    expect(s.rows[0]!.facts).toEqual({
      counterparty: "Coop Pronto Bern",
      counterpartyIban: "CH5604835012345678009",
      purpose: "Einkauf 1234",
      reference: "E2E-501",
      valueDate: "2025-05-03",
    });
    expect(s.rows[1]!.facts).toEqual({ counterparty: "Arbeitgeber Müller AG", purpose: "Lohn Mai", reference: "RF18539007547034" });
  });

  test("a foreign card purchase: the instructed amount and its currency, the rate, the charges", () => {
    const e = entry(
      "46.10",
      "DBIT",
      `<AcctSvcrRef>FX1</AcctSvcrRef><NtryDtls><TxDtls><AmtDtls><InstdAmt><Amt Ccy="USD">50.00</Amt><CcyXchg><SrcCcy>USD</SrcCcy><TrgtCcy>EUR</TrgtCcy><XchgRate>0.922</XchgRate></CcyXchg></InstdAmt></AmtDtls>` +
        `<Chrgs><Rcrd><Amt Ccy="EUR">0.75</Amt></Rcrd><Rcrd><Amt Ccy="EUR">0.25</Amt></Rcrd></Chrgs><RltdPties><Cdtr><Nm>Apple</Nm></Cdtr></RltdPties></TxDtls></NtryDtls>`,
    );
    expect(read(utf8(wrap("BkToCstmrStmt", "Stmt", e)), { fileName: "fx.xml" }).rows[0]!.facts).toEqual({
      counterparty: "Apple",
      originalAmount: 50,
      originalCurrency: "USD",
      exchangeRate: 0.922,
      fees: 1,
    });
  });
});

describe("camt facts: a part's own amount in a foreign currency (.04+)", () => {
  test("TxDtls/Amt in USD under a EUR entry is the original amount and currency; the entry's EUR amount is the row's", () => {
    // A card purchase abroad as camt.053.001.04 writes it: the entry booked EUR 46.10, its one TxDtls states USD 50.00
    // as its own Amt (no AmtDtls); the row is EUR −46.10, the purchase was USD 50.00.
    const e = entry(
      "46.10",
      "DBIT",
      `<AcctSvcrRef>FX2</AcctSvcrRef><NtryDtls><TxDtls><Amt Ccy="USD">50.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><RltdPties><Cdtr><Nm>Apple</Nm></Cdtr></RltdPties></TxDtls></NtryDtls>`,
    );
    const rows = read(utf8(wrap("BkToCstmrStmt", "Stmt", e)), { fileName: "fx2.xml" }).rows;
    expect(rows.map((r) => [r.amount, r.currency])).toEqual([[-46.1, "EUR"]]);
    expect(rows[0]!.facts).toEqual({ counterparty: "Apple", originalAmount: 50, originalCurrency: "USD" });
  });
});

describe("camt.052 and camt.054", () => {
  test("an account report (Rpt) and a notification (Ntfctn) read like a statement", () => {
    const e = entry("12.30", "DBIT", "<AcctSvcrRef>R1</AcctSvcrRef><AddtlNtryInf>Karte Bäckerei</AddtlNtryInf>");
    for (const [root, container, ns] of [["BkToCstmrAcctRpt", "Rpt", "camt.052.001.06"], ["BkToCstmrDbtCdtNtfctn", "Ntfctn", "camt.054.001.04"]] as const) {
      const bytes = utf8(wrap(root, container, e, ns));
      expect(detectFormat(bytes)).toBe("camt");
      expect(read(bytes, { fileName: "n.xml" }).rows.map((r) => [r.line, r.date, r.amount, r.currency, r.description, r.reference, r.account])).toEqual([
        [1, "2025-06-02", -12.3, "EUR", "Karte Bäckerei", "camt:R1", "DE89370400440532013000"],
      ]);
    }
  });
});

describe("camt entry statuses: only BOOK is booked", () => {
  test("Sts/Prtry is read like Sts/Cd; a notification of nothing booked says so", () => {
    const status = (sts: string) => `<Ntry><Amt Ccy="EUR">5.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>${sts}</Sts><ValDt><Dt>2025-06-02</Dt></ValDt></Ntry>`;
    const s = read(utf8(wrap("BkToCstmrDbtCdtNtfctn", "Ntfctn", status("<Prtry>info</Prtry>") + status("<Cd>PDNG</Cd>") + status("<Cd>FUTR</Cd>"), "camt.054.001.08")), { fileName: "n.xml" });
    expect(s.rows.length).toBe(0);
    expect(s.skipped).toEqual([
      { line: 1, reason: "information only (Sts/Prtry INFO), not a booking" },
      { line: 2, reason: "pending (Sts PDNG), not booked yet" },
      { line: 3, reason: "status FUTR (Sts), not booked" },
    ]);
    expect(s.notes).toEqual(["no entry of the notification is booked (1 information only, 1 pending, 1 status FUTR): nothing is imported from it; its bookings come with a later statement"]);
    // A proprietary BOOK is booked, and then nothing needs saying.
    const booked = read(utf8(wrap("BkToCstmrDbtCdtNtfctn", "Ntfctn", status("<Prtry>BOOK</Prtry>"), "camt.054.001.08")), { fileName: "n.xml" });
    expect([booked.rows.map((r) => r.amount), booked.skipped, booked.notes]).toEqual([[-5], [], []]);
  });
});

describe("camt purposes", () => {
  test("a placeholder written as the purpose (Ustrd NOTPROVIDED) is no purpose: the description is the party's name", () => {
    // Belgian camt.053 samples (Subite-eu/camt-to-coda's example files) write <Ustrd>NOTPROVIDED</Ustrd> on 779 of 1'311 entries.
    const tx = (ustrd: string) => `<NtryDtls><TxDtls><RltdPties><Cdtr><Nm>Nova Holdings</Nm></Cdtr></RltdPties><RmtInf>${ustrd}</RmtInf></TxDtls></NtryDtls>`;
    const s = read(utf8(wrap("BkToCstmrStmt", "Stmt", entry("12.00", "DBIT", tx("<Ustrd>NOTPROVIDED</Ustrd>")) + entry("3.00", "DBIT", tx("<Ustrd>Invoice 7</Ustrd><Ustrd>NOTPROVIDED</Ustrd>")))), { fileName: "p.xml" });
    expect(s.rows.map((r) => [r.description, r.facts.purpose])).toEqual([
      ["Nova Holdings", undefined],
      ["Nova Holdings · Invoice 7", "Invoice 7"],
    ]);
  });
});

describe("camt entries that are not batches", () => {
  test("several TxDtls without their own amounts are one row with the entry's amount and every part's text", () => {
    const e = entry("30.00", "DBIT", "<AcctSvcrRef>R9</AcctSvcrRef><NtryDtls><TxDtls><RltdPties><Cdtr><Nm>A</Nm></Cdtr></RltdPties></TxDtls><TxDtls><RltdPties><Cdtr><Nm>B</Nm></Cdtr></RltdPties></TxDtls></NtryDtls><AddtlNtryInf>Sammelzahlung</AddtlNtryInf>");
    const s = read(utf8(wrap("BkToCstmrStmt", "Stmt", e)), { fileName: "s.xml" });
    // The content id's text stays round 3's: the entry's own text first for such an entry.
    expect(s.rows.map((r) => [r.amount, r.description, r.idText, r.reference])).toEqual([[-30, "A · B · Sammelzahlung", "Sammelzahlung", "camt:R9"]]);
  });

  test("a batch whose parts do not add up to the entry (SPEC §10.1) is one row with the entry's amount, and the note says why", () => {
    const parts = '<TxDtls><Amt Ccy="EUR">20.00</Amt><RltdPties><Cdtr><Nm>A</Nm></Cdtr></RltdPties></TxDtls><TxDtls><Amt Ccy="EUR">9.50</Amt><RltdPties><Cdtr><Nm>B</Nm></Cdtr></RltdPties></TxDtls>';
    const s = read(utf8(wrap("BkToCstmrStmt", "Stmt", entry("30.00", "DBIT", `<AcctSvcrRef>R8</AcctSvcrRef><NtryDtls>${parts}</NtryDtls>`))), { fileName: "s.xml" });
    expect(s.rows.map((r) => [r.amount, r.currency, r.description, r.reference])).toEqual([[-30, "EUR", "A · B", "camt:R8"]]);
    expect(s.notes).toEqual(["entry 1 is one row, not split into its parts: its 2 parts add up to EUR -29.50, not the entry's EUR -30.00"]);
    // A part in another currency cannot be checked against the entry: not split either.
    const foreign = parts.replace('<Amt Ccy="EUR">9.50</Amt>', '<Amt Ccy="CHF">10.00</Amt>');
    const f = read(utf8(wrap("BkToCstmrStmt", "Stmt", entry("30.00", "DBIT", `<AcctSvcrRef>R7</AcctSvcrRef><NtryDtls>${foreign}</NtryDtls>`))), { fileName: "f.xml" });
    expect(f.rows.map((r) => [r.amount, r.currency])).toEqual([[-30, "EUR"]]);
    expect(f.notes).toEqual(["entry 1 is one row, not split into its parts: not every part states its amount in the entry's currency EUR"]);
  });

  test("one TxDtls with its own amount is not a batch: the entry's id without a part number", () => {
    const e = entry("8.00", "DBIT", "<AcctSvcrRef>R7</AcctSvcrRef><NtryDtls><TxDtls><Amt Ccy=\"EUR\">8.00</Amt><RltdPties><Cdtr><Nm>Kiosk</Nm></Cdtr></RltdPties></TxDtls></NtryDtls>");
    expect(read(utf8(wrap("BkToCstmrStmt", "Stmt", e)), { fileName: "s.xml" }).rows.map((r) => r.reference)).toEqual(["camt:R7"]);
  });

  test("entries without any reference get content ids; identical ones are numbered", () => {
    const e = entry("4.20", "DBIT", "<AddtlNtryInf>Kaffee</AddtlNtryInf>");
    const s = parseStatement(utf8(wrap("BkToCstmrStmt", "Stmt", e + e)), { fileName: "s.xml" });
    const ids = assignTransactionIds(s.rows, s.account);
    expect(ids[0]).toMatch(/^h:[0-9a-f]{16}$/);
    expect(ids[1]).toBe(`${ids[0]}#2`);
  });
});

describe("a statement the file holds twice", () => {
  const statement = (id: string, entries: string, more = "") =>
    `<Stmt><Id>${id}</Id>${more}<Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct>${entries}</Stmt>`;
  const period = "<FrToDt><FrDt>2025-06-01</FrDt><ToDt>2025-06-30</ToDt></FrToDt>";
  const opening = (amount: string) => `<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2025-06-01</Dt></Dt></Bal>`;
  const file = (...statements: string[]) =>
    utf8(`<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.04"><BkToCstmrStmt>${statements.join("")}</BkToCstmrStmt></Document>`);
  const a = entry("12.00", "DBIT", "<AcctSvcrRef>A1</AcctSvcrRef><AddtlNtryInf>Kiosk</AddtlNtryInf>");
  const b = entry("30.00", "CRDT", "<AcctSvcrRef>A2</AcctSvcrRef><AddtlNtryInf>Rueckzahlung</AddtlNtryInf>");

  test("two statements of one account with the same Id but other entries (pages) are both booked, with their references", () => {
    const s = read(file(statement("S1", a), statement("S1", b)), { fileName: "pages.xml" });
    expect(s.rows.map((r) => [r.line, r.amount, r.reference])).toEqual([[1, -12, "camt:A1"], [2, 30, "camt:A2"]]);
    expect(s.skipped).toEqual([]);
  });

  test("an entry written twice, reference and all, in one statement is two bookings of it; in a later statement, a repeat", () => {
    const one = read(file(statement("S1", a + a)), { fileName: "twice.xml" });
    expect(one.rows.map((r) => [r.line, r.amount, r.reference])).toEqual([[1, -12, "camt:A1"], [2, -12, "camt:A1"]]);
    expect(one.skipped).toEqual([]);
    // In a later statement that opens at the same balance (a cumulative report), a repeat.
    const later = read(file(statement("S1", a, opening("100.00")), statement("S2", a + b, opening("100.00"))), { fileName: "later.xml" });
    expect(later.rows.map((r) => [r.line, r.amount])).toEqual([[1, -12], [3, 30]]);
    expect(later.skipped.map((k) => k.line)).toEqual([2]);
    // Without balances the file cannot tell (references are unique within a statement only): neither dropped (review of
    // r4-left8: pages' entries numbered afresh were dropped) nor booked twice in silence: entry 2 is a row that may repeat
    // entry 1, which the import offers as a possible duplicate (the user decides).
    const untold = read(file(statement("S1", a), statement("S2", a + b)), { fileName: "later.xml" });
    expect(untold.rows.map((r) => [r.line, r.amount, r.repeats ?? null])).toEqual([
      [1, -12, null],
      [2, -12, { line: 1, date: "2025-06-02", description: "Kiosk", reason: "written as entry 1 of an earlier statement of the file, whose balances do not tell whether it is that booking again" }],
      [3, 30, null],
    ]);
    expect(untold.skipped).toEqual([]);
    expect(untold.notes).toEqual([]);
    // Entries without any reference, written alike in two statements, alike: the second may repeat the first.
    const bare = entry("12.00", "DBIT", "<AddtlNtryInf>Kiosk</AddtlNtryInf>");
    const unreferenced = read(file(statement("S1", bare), statement("S2", bare + bare)), { fileName: "bare.xml" });
    // Each earlier entry stands for one later one: S2's second kiosk payment is its own (S1 had one).
    expect(unreferenced.rows.map((r) => [r.line, r.repeats?.line ?? null])).toEqual([[1, null], [2, 1], [3, null]]);
  });

  test("a copy under another Id is still the statement again when its balances are written alike: booked once; without balances, two", () => {
    // Review of r4-left8: two notifications (no period, no balances) of one payment each were taken for one twice.
    const two = read(file(statement("N1", a), statement("N2", a)), { fileName: "two.xml" });
    expect(two.rows.map((r) => [r.line, r.amount])).toEqual([[1, -12], [2, -12]]);
    expect(two.skipped).toEqual([]);
    const s = read(file(statement("S1", a + b, period + opening("100.00")), statement("S1-COPY", a + b, period + opening("100.00"))), { fileName: "copy.xml" });
    expect(s.rows.map((r) => [r.line, r.amount, r.reference])).toEqual([[1, -12, "camt:A1"], [2, 30, "camt:A2"]]);
    expect(s.skipped.map((k) => k.line)).toEqual([3, 4]);
    expect(s.dataLines).toBe(4);
  });

  test("a repeat of a statement too large to hold (read as it goes) refuses the file", () => {
    const many = Array.from({ length: 10_001 }, (_, i) => entry("1.00", "DBIT", `<AcctSvcrRef>M${i}</AcctSvcrRef>`)).join("");
    expect(() => read(file(statement("BIG", many, period), statement("BIG", many, period)), { fileName: "big.xml" })).toThrow(
      'big.xml: entry 10002: the statement "BIG" of DE89370400440532013000 (2025-06-01 to 2025-06-30) of entries 1–10001 again, with more than 10,000 entries, read as they go: its repeat cannot be left out, so nothing was imported: remove the second copy from the file and import it again',
    );
  });
});

describe("camt bad entries and bad files", () => {
  test("a bad amount, an unreal date and a missing indicator are bad rows named by the entry's ordinal", () => {
    const entries = entry("1.00", "DBIT") + entry("abc", "DBIT") + entry("2.00", "DBIT").replace("2025-06-02", "2025-06-31") + entry("3.00", "XX");
    const s = read(utf8(wrap("BkToCstmrStmt", "Stmt", entries)), { fileName: "s.xml" });
    expect(s.rows.map((r) => r.line)).toEqual([1]);
    expect(s.badRows).toEqual([
      { line: 2, reason: 'amount "abc" is not a positive decimal with a currency (Amt Ccy="…")' },
      { line: 3, reason: 'BookgDt "2025-06-31" is not a real date' },
      { line: 4, reason: 'CdtDbtInd "XX" is neither CRDT nor DBIT' },
    ]);
  });

  test("blank lines before the XML declaration are fine; an error after them names the file's own line", () => {
    const e = entry("1.00", "DBIT", "<AcctSvcrRef>R1</AcctSvcrRef>");
    expect(read(utf8(`\n\n${wrap("BkToCstmrStmt", "Stmt", e)}`), { fileName: "s.xml" }).rows.length).toBe(1);
    expect(() => read(utf8(`\n\n<?xml version="1.0"?>\n<Document>\n<BkToCstmrStmt>\n</Document>`), { fileName: "s.xml" })).toThrow(/^s\.xml: line 6: the XML is not well-formed/);
    expect(() => read(utf8(wrap("BkToCstmrStmt", "Stmt", entry("1.00", "DBIT", "<AddtlNtryInf>A&#99999999;</AddtlNtryInf>"))), { fileName: "r.xml" })).toThrow('r.xml: line 1: "&#99999999;" refers to no character');
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

  test("nesting 40,000 deep is read in one pass (no recursion, no parser limit): refused as the malformed XML it is, with its line, or read", () => {
    const deep = 40_000;
    const nested = `${"<X>".repeat(deep)}${"</X>".repeat(deep)}`;
    const ok = wrap("BkToCstmrStmt", "Stmt", entry("1.00", "DBIT", `<AcctSvcrRef>D1</AcctSvcrRef><AddtlNtryInf>Tief</AddtlNtryInf>${nested}`));
    expect(read(utf8(ok), { fileName: "deep.xml" }).rows.map((r) => [r.amount, r.description])).toEqual([[-1, "Tief"]]);
    const unclosed = wrap("BkToCstmrStmt", "Stmt", `<Ntry>${"<X>".repeat(deep)}</Ntry>`);
    expect(() => read(utf8(unclosed), { fileName: "deep.xml" })).toThrow("deep.xml: line 1: the XML is not well-formed (</Ntry> where </X> (opened on line 1) was expected); is the file complete?");
  });
});
