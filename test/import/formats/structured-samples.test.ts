/**
 * QA round 4 (second pass over the structured formats): what real exports do that the readers got wrong, each shape
 * learnt from a bank's or a peer importer's published sample and written here as a small file of our own. Every
 * expectation is worked out by hand from the text next to it.
 */
import { describe, expect, test } from "bun:test";
import { brief, fixture, read, utf8 } from "./support.ts";

const camt = (entries: string, balances = "") =>
  `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.04"><BkToCstmrStmt><GrpHdr><MsgId>M1</MsgId></GrpHdr><Stmt><Id>S1</Id><Acct><Id><IBAN>CH9300762011623852957</IBAN></Id></Acct>${balances}${entries}</Stmt></BkToCstmrStmt></Document>`;

const ustrdEntry = (ref: string, amount: string, pieces: string[]) =>
  `<Ntry><Amt Ccy="CHF">${amount}</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-03-02</Dt></BookgDt><AcctSvcrRef>${ref}</AcctSvcrRef>
    <NtryDtls><TxDtls><RmtInf>${pieces.map((p) => `<Ustrd>${p}</Ustrd>`).join("")}</RmtInf></TxDtls></NtryDtls></Ntry>`;

describe("CAMT: a purpose cut into several <Ustrd> pieces", () => {
  // The rule (camt.ts joinUstrd): a piece of a width banks cut at (27, 35, 70, 105, 140) with no whitespace on either
  // side of the cut was cut inside a word: no space. Anything else ended a line of the text: a space.
  const cut35 = "Rechnung 2026-0412 Wartung Heizungs"; // 35 characters, cut inside "Heizungsanlage"
  const cut140 = "Ihre Bestellung 4471-22 vom 12.03.2026 bei Muster Versand AG, Lieferung an Hauptstrasse 12, 3011 Bern, Kundennr. 998123, Danke fuer Ihren Ei";
  const spaceKept = "Beitrag Turnverein Bern Jahr 2026, "; // 35 with the space of a cut on a word boundary
  const trimmedShort = "Mitgliedbeitrag 2026 TV Bern Senio"; // 34: a bank's own line end, not a cut
  const xml = camt(
    ustrdEntry("U1", "10.00", [cut35, "anlage Haus Nord"]) +
      ustrdEntry("U2", "20.00", [cut140, "nkauf"]) +
      ustrdEntry("U3", "30.00", ["Parkuhr", "Zone 3"]) +
      ustrdEntry("U4", "40.00", [spaceKept, "Senioren"]) +
      ustrdEntry("U5", "50.00", [trimmedShort, "ren"]) +
      ustrdEntry("U6", "60.00", [cut35, " Zahlung 2"]),
  );

  test("a full-width piece cut mid-word is joined without a space; shorter pieces, or a cut beside a space, with one", () => {
    expect([cut35.length, cut140.length, spaceKept.length, trimmedShort.length]).toEqual([35, 140, 35, 34]);
    const s = read(utf8(xml), { fileName: "ustrd.xml" });
    expect(brief(s.rows)).toEqual([
      [1, "2026-03-02", -10, "CHF", "Rechnung 2026-0412 Wartung Heizungsanlage Haus Nord"],
      [2, "2026-03-02", -20, "CHF", `${cut140}nkauf`],
      [3, "2026-03-02", -30, "CHF", "Parkuhr Zone 3"],
      [4, "2026-03-02", -40, "CHF", "Beitrag Turnverein Bern Jahr 2026, Senioren"],
      [5, "2026-03-02", -50, "CHF", "Mitgliedbeitrag 2026 TV Bern Senio ren"],
      [6, "2026-03-02", -60, "CHF", "Rechnung 2026-0412 Wartung Heizungs Zahlung 2"],
    ]);
    expect(s.rows[0]!.facts.purpose).toBe("Rechnung 2026-0412 Wartung Heizungsanlage Haus Nord");
  });

  test("the content-hash input keeps its round-3 join with a space (ids of earlier imports stay the same)", () => {
    const noRefs = xml.replace(/<AcctSvcrRef>U\d<\/AcctSvcrRef>/g, "");
    const s = read(utf8(noRefs), { fileName: "ustrd.xml" });
    expect(s.rows[0]!.idText).toBe("Rechnung 2026-0412 Wartung Heizungs anlage Haus Nord");
  });
});

describe("MT940 from ASN Bank: the other party's IBAN where the :61: reference goes", () => {
  test("is the counterparty's IBAN, not a reference (each row's facts); the entry date of four spaces is none", () => {
    const s = read(fixture("mt940-asn-blank-entry-date.sta"), { fileName: "asn.sta" });
    expect(s.rows.map((r) => r.facts)).toEqual([{ counterpartyIban: "NL36INGB0003445588" }, { counterpartyIban: "NL71RABO0123456789" }, {}]);
    expect(s.badRows).toEqual([]);
  });
});

describe("a camt message with no statement in it", () => {
  test("is refused with the reason (it imported nothing with exit 0, as if it were a statement without bookings)", () => {
    const xml = `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>M</MsgId></GrpHdr></BkToCstmrStmt></Document>`;
    expect(() => read(utf8(xml), { fileName: "empty.xml" })).toThrow("empty.xml: this camt message holds no statement, report or notification (Stmt, Rpt, Ntfctn): nothing to import");
  });

  test("a statement without entries (a day with no bookings) is read: its balances are checked (100.00 + 0 entries = 100.00)", () => {
    const s = read(utf8(camt("", `<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="CHF">100.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-03-01</Dt></Dt></Bal><Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="CHF">100.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-03-01</Dt></Dt></Bal>`)), { fileName: "quiet.xml" });
    expect([s.rows.length, s.reconciliation.map((r) => [r.opening, r.closing, r.entries, r.status])]).toEqual([0, [[100, 100, 0, "ok"]]]);
  });
});

describe("CAMT: a part's amount of zero in another currency", () => {
  test("is no original amount (genkgo/camt's .08 sample: EUR 8.85 with a TxDtls Amt of SEK 0)", () => {
    const xml = camt(`<Ntry><Amt Ccy="EUR">8.85</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><DtTm>2026-12-31T13:15:00+01:00</DtTm></BookgDt><ValDt><Dt>2027-01-02</Dt></ValDt><AcctSvcrRef>Z1</AcctSvcrRef>
      <NtryDtls><TxDtls><Amt Ccy="SEK">0</Amt><CdtDbtInd>CRDT</CdtDbtInd><RltdPties><Dbtr><Pty><Nm>NAME NAME</Nm></Pty></Dbtr></RltdPties></TxDtls></NtryDtls></Ntry>`);
    const s = read(utf8(xml), { fileName: "zero.xml" });
    // The booking date is BookgDt's (12-31, as written), the value date 01-02 a fact.
    expect(brief(s.rows)).toEqual([[1, "2026-12-31", 8.85, "EUR", "NAME NAME"]]);
    expect(s.rows[0]!.facts).toEqual({ counterparty: "NAME NAME", valueDate: "2027-01-02" });
  });
});

describe("OFX whose values stand on the line after their tags", () => {
  test("a FITID two transactions share is no id of either (content hashes); the unique one stays the id", () => {
    const s = read(fixture("qfx-values-next-line.qfx"), { fileName: "ally.qfx" });
    expect(s.rows.map((r) => r.reference)).toEqual([null, null, "ofx:44501:21302970191777"]);
  });
});

describe("MT940 structured :86: whose subfields end lines of the text (a Postbank-style purpose without SEPA keywords)", () => {
  // ?20 and ?21 are shorter than the 27-character width: each ended a line, so a space follows; ?22 is full (27) and
  // was cut inside "Nebenkosten": joined as written. ?32 (27, cut inside "Wohnungsbau") goes on in ?33.
  const sta = [
    ":20:STARTUMS", ":25:10010010/0123456789", ":28C:1/1", ":60F:C260301EUR2000,00",
    ":61:2603020302DR720,00NMSCNONREF",
    ":86:177?00UEBERWEISUNG?20Miete Maerz?21Wohnung 3 links?22Vorauszahlung Betriebs- Neb?23enkosten?30PBNKDEFF?31DE12500105170648489890?32Gemeinnuetzige Wohnungsbaug?33enossenschaft eG",
    ":62F:C260302EUR1280,00", "-", "",
  ].join("\r\n");

  test("a short subfield is followed by a space, a full one goes on as written (2000.00 − 720.00 = 1280.00)", () => {
    const s = read(utf8(sta), { fileName: "pb.sta" });
    expect(["Miete Maerz", "Wohnung 3 links", "Vorauszahlung Betriebs- Neb", "Gemeinnuetzige Wohnungsbaug"].map((p) => p.length)).toEqual([11, 15, 27, 27]);
    expect(brief(s.rows)).toEqual([[5, "2026-03-02", -720, "EUR", "Gemeinnuetzige Wohnungsbaugenossenschaft eG · Miete Maerz Wohnung 3 links Vorauszahlung Betriebs- Nebenkosten · UEBERWEISUNG"]]);
    expect(s.reconciliation.map((r) => r.status)).toEqual(["ok"]);
  });
});

describe("MT940 subfields joined with spaces: the content-hash id keeps its input", () => {
  test("the id text is the subfields as they were joined before (a statement imported earlier keeps its ids)", () => {
    const sta = [":20:S", ":25:10010010/0123456789", ":28C:1/1", ":60F:C260301EUR100,00", ":61:2603020302DR20,00NMSCNONREF", ":86:177?00UEBERWEISUNG?20Miete Maerz?21Wohnung 3?32Verwaltung AG", ":62F:C260302EUR80,00", "-", ""].join("\r\n");
    const [row] = read(utf8(sta), { fileName: "id.sta" }).rows;
    expect([row!.description, row!.idText]).toEqual(["Verwaltung AG · Miete Maerz Wohnung 3 · UEBERWEISUNG", "Verwaltung AG · Miete MaerzWohnung 3 · UEBERWEISUNG"]);
  });
});

describe("CAMT: a BookgDt that is no real date", () => {
  test("is a bad row naming it, not dated by its ValDt in silence; an entry with no BookgDt still takes its ValDt", () => {
    const entry = (ref: string, booked: string) =>
      `<Ntry><Amt Ccy="CHF">10.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>${booked}<ValDt><Dt>2026-03-05</Dt></ValDt><AcctSvcrRef>${ref}</AcctSvcrRef><AddtlNtryInf>Kiosk</AddtlNtryInf></Ntry>`;
    const s = read(utf8(camt(entry("D1", "<BookgDt><Dt>2026-02-30</Dt></BookgDt>") + entry("D2", "<BookgDt><Dt>invalid-date</Dt></BookgDt>") + entry("D3", ""))), { fileName: "dates.xml" });
    expect(s.badRows).toEqual([
      { line: 1, reason: 'BookgDt "2026-02-30" is not a real date' },
      { line: 2, reason: 'BookgDt "invalid-date" is not a real date' },
    ]);
    expect(brief(s.rows)).toEqual([[3, "2026-03-05", -10, "CHF", "Kiosk"]]);
  });
});
