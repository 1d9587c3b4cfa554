/**
 * MT940 and QIF beyond their fixtures (fixtures.test.ts): the facts kept from `:86:` and QIF fields, bad lines with
 * their line and reason, statements that do not reconcile, files that are refused with what they are.
 */
import { describe, expect, test } from "bun:test";
import { ImportInputError } from "../../../src/core/errors.ts";
import { brief, fixture, read, utf8 } from "./support.ts";

const refusal = (text: string) => {
  try {
    read(utf8(text), { fileName: "x.sta" });
  } catch (e) {
    expect(e).toBeInstanceOf(ImportInputError);
    return (e as Error).message;
  }
  throw new Error("expected a refusal");
};

describe("MT940", () => {
  test("free text with a message but no party word keeps the text before the message (it named the payee, and was dropped)", () => {
    // PostFinance free text: 1'000.00 − 79.70 = 920.30. The payment order's text names the payee without "AUFTRAGGEBER:".
    const s = read(
      utf8(":20:X\n:25:CH5209000000123456789\n:28C:1\n:60F:C250301CHF1000,00\n:61:2503030303D79,70NTRFNONREF\n:86:GIRO AN ONLINE-SIC 80532 MUSTER AG EXAMPLESTRASSE 10 1234 ORT MITTEILUNGEN: RECHNUNG 4711\n:62F:C250303CHF920,30\n-\n"),
      { fileName: "pf.sta" },
    );
    expect(brief(s.rows)).toEqual([[5, "2025-03-03", -79.7, "CHF", "GIRO AN ONLINE-SIC 80532 MUSTER AG EXAMPLESTRASSE 10 1234 ORT · RECHNUNG 4711"]]);
    expect(s.rows[0]!.facts).toEqual({ counterparty: "GIRO AN ONLINE-SIC 80532 MUSTER AG EXAMPLESTRASSE 10 1234 ORT", purpose: "RECHNUNG 4711" });
  });

  test("German structured :86: gives the other party, its IBAN, the SEPA message and the end-to-end reference", () => {
    const s = read(fixture("mt940-deutsche-bank.sta"), { fileName: "db.sta" });
    expect(s.rows[0]!.facts).toEqual({
      counterparty: "PayPal Europe S.a.r.l. et Cie S.C.A",
      counterpartyIban: "LU89751000135104200E",
      purpose: "1046450041914/. eBay S.a r.l., Ihr Einkauf bei eBay S.a r.l., Artikel- EREF: 1046450041914 MREF: 5VYJ2258F7ZQG CRED: LU96ZZZ0xxxx",
      reference: "1046450041914",
    });
    expect(s.rows[1]!.facts).toEqual({ counterparty: "Arbeitgeber GmbH", counterpartyIban: "DE89370400440532013000", purpose: "Gehalt November 2025" });
    // No bank id of its own: the content hash makes the transaction_id.
    expect(s.rows.map((r) => r.reference)).toEqual([null, null]);
  });

  test("Dutch /KEY/ :86: (ING's /CNTP/) and PostFinance's free text give the party and the purpose", () => {
    const ing = read(fixture("mt940-ing-nl.sta"), { fileName: "ing.sta" });
    expect(ing.rows[0]!.facts).toEqual({ counterparty: "ING BANK NV INZAKE WEB", counterpartyIban: "NL32INGB0000012345", purpose: "EV10001REP1000000T1000", reference: "EV12341REP1231456T1234" });
    const pf = read(fixture("mt940-postfinance.sta"), { fileName: "pf.sta" });
    expect(pf.rows[1]!.facts).toEqual({ counterparty: "MUSTER AG BAHNHOFSTRASSE 1 8000 ZUERICH", purpose: "LOHN MAERZ" });
    expect(pf.rows[0]!.facts).toEqual({ reference: "20250303007602198765432000000012" });
  });

  test(":25: gives the IBAN behind a slash (nothing or a BIC before it); a German sort code/account stays whole", () => {
    const account = (a: string) => read(utf8(`:20:X\n:25:${a}\n:60F:C250301CHF100,00\n:61:2503030303D20,00NTRFNONREF\n:86:A\n:62F:C250303CHF80,00\n-\n`), { fileName: "x.sta" }).account;
    expect(account("/PL61114020040000310274556210")).toBe("PL61114020040000310274556210");
    expect(account("UBSWCHZH80A/CH9300762011623852957")).toBe("CH9300762011623852957");
    expect(account("NDEAFIHH/FI2112345600000785")).toBe("FI2112345600000785");
    expect(account("/PL61114020040000310274556210PLN")).toBe("PL61114020040000310274556210");
    expect(account("50070010/0123456789")).toBe("50070010/0123456789");
  });

  test("Rabobank's :61: reference words (EREF, MARF, NONREF) are no reference; an envelope with a block in a block is passed over", () => {
    const s = read(fixture("mt940-rabobank-structured.sta"), { fileName: "rabo.sta" });
    // "N064EREF" with /EREF/INV-2026-0042: the :86:'s; "N063MARF" with /EREF/NOTPROVIDED: none (was "MARF").
    expect(s.rows.map((r) => r.facts.reference)).toEqual([undefined, "INV-2026-0042", undefined]);
    // {3:{108:…}} before {4: with the first field on the same line: the field is read (the account was lost).
    const env = read(utf8("{1:F01UBSWCHZH80AXXX0000000000}{2:O940X}{3:{108:MT940}}{4::20:X\n:25:CH9300762011623852957\n:60F:C250301CHF100,00\n:61:2503030303D20,00NTRFNONREF\n:86:A\n:62F:C250303CHF80,00\n-}{5:{CHK:1}}\n"), { fileName: "x.sta" });
    expect([env.account, env.rows.map((r) => r.account), env.reconciliation.map((r) => r.status)]).toEqual(["CH9300762011623852957", ["CH9300762011623852957"], ["ok"]]);
  });

  test("a booking's :NS: stands in for its missing :86: (keyed lines, else free text); after an :86: it adds nothing", () => {
    const s = read(fixture("mt940-multicash-ns.sta"), { fileName: "mc.sta" });
    expect(s.rows.map((r) => r.facts)).toEqual([
      { counterparty: "REWE Markt GmbH", purpose: "KARTENZAHLUNG REWE MARKT KOELN 02.02" },
      { counterparty: "Arbeitgeber GmbH", purpose: "Gehalt Februar" },
    ]);
    const free = read(utf8(":20:X\n:25:CH5209000000123456789\n:60F:C250301CHF100,00\n:61:2503030303D20,00NTRFNONREF\n:NS:Kiosk Bahnhof\nZeitungen\n:62F:C250303CHF80,00\n-\n"), { fileName: "x.sta" });
    expect(brief(free.rows)).toEqual([[4, "2025-03-03", -20, "CHF", "Kiosk Bahnhof Zeitungen"]]);
    expect(read(fixture("mt940-ubs.sta"), { fileName: "ubs.sta" }).rows[0]!.description).toBe("Miete Februar 2026 Hausverwaltung Muster AG Bahnhofstrasse 1 8001 Zuerich");
  });

  test('a file on one line with "@@" where lines end (older German exports) is read, not refused as an unknown format', () => {
    const s = read(utf8(":20:STARTUMS@@:25:12345678/0001234567@@:28C:1@@:60F:C260102EUR10,00@@:61:2601020102CR5,00NTRFNONREF@@:86:166?00GUTSCHRIFT?20Danke?32Oma@@:62F:C260102EUR15,00@@-@@"), { fileName: "x.sta" });
    // 10.00 + 5.00 = 15.00; the "lines" are the pieces between the marks.
    expect(brief(s.rows)).toEqual([[5, "2026-01-02", 5, "EUR", "Oma · Danke · GUTSCHRIFT"]]);
    expect([s.format, s.account, s.reconciliation.map((r) => r.status)]).toEqual(["mt940", "12345678/0001234567", ["ok"]]);
  });

  test("an amount written with a decimal point (converters' MT940) is read, not cut at the point; a point and a comma is a bad row", () => {
    const text = (amount: string) => `:20:X\n:25:CH5209000000123456789\n:60F:C260202CHF100.00\n:61:2602030203D${amount}NMSCNONREF\n:86:Kiosk\n:62F:C260203CHF87,50\n-\n`;
    // 100.00 − 12.50 = 87.50 (it was read as 12, and ".50NMSCNONREF" as the reference).
    const s = read(utf8(text("12.50")), { fileName: "x.sta" });
    expect([brief(s.rows), s.rows[0]!.facts, s.reconciliation.map((r) => [r.status, r.opening])]).toEqual([[[4, "2026-02-03", -12.5, "CHF", "Kiosk"]], {}, [["ok", 100]]]);
    expect(read(utf8(text("1.234,50")), { fileName: "x.sta" }).badRows).toEqual([{ line: 4, reason: ':61: amount "1.234,50" is not a number' }]);
  });

  test("SWIFT's supplementary details (/OCMT/, /CHGS/) are facts of the booking, not its text", () => {
    const s = read(fixture("mt940-supplementary.sta"), { fileName: "s.sta" });
    expect(s.rows[0]!.facts).toEqual({ counterparty: "Eigene Bank", purpose: "Auslandszahlung USD", reference: "BANKREF-77", originalAmount: 13.6, originalCurrency: "USD", fees: 1.5 });
  });

  test("a :61: second line that is a reference (one token with digits, NONREF) is no text; words are", () => {
    const text = (second: string) => `:20:X\n:25:CH5209000000123456789\n:60F:C250301CHF100,00\n:61:2503030303D20,00NTRFNONREF\n${second}\n:86:Kiosk\n:62F:C250303CHF80,00\n-\n`;
    expect(["AB12CD34EF56", "NONREF", "LSV: Swisscom AG", "Dauerauftrag"].map((second) => read(utf8(text(second)), { fileName: "x.sta" }).rows[0]!.description)).toEqual([
      "Kiosk",
      "Kiosk",
      "LSV: Swisscom AG · Kiosk",
      "Dauerauftrag · Kiosk",
    ]);
  });

  test("an entry date in January of a December value date is the next year's; reversals (RC, RD) turn the sign", () => {
    const text = ":20:X\n:25:CH5209000000123456789\n:60F:C241231CHF100,00\n:61:2412310102D10,00NTRFNONREF\n:86:Januar\n:61:2412311231RC5,00NTRFNONREF\n:86:Storno Gutschrift\n:61:2412311231RD2,50NTRFNONREF\n:86:Storno Belastung\n:62F:C250102CHF87,50\n-\n";
    const s = read(utf8(text), { fileName: "x.sta" });
    // 100.00 − 10.00 − 5.00 (a credit reversed) + 2.50 (a debit reversed) = 87.50
    expect(brief(s.rows)).toEqual([
      [4, "2025-01-02", -10, "CHF", "Januar"],
      [6, "2024-12-31", -5, "CHF", "Storno Gutschrift"],
      [8, "2024-12-31", 2.5, "CHF", "Storno Belastung"],
    ]);
    expect(s.rows[0]!.facts.valueDate).toBe("2024-12-31");
    expect(s.reconciliation.map((r) => [r.status, r.opening, r.closing, r.difference])).toEqual([["ok", 100, 87.5, 0]]);
  });

  test("a statement whose bookings do not add up to its closing balance is off by the difference", () => {
    const text = ":20:X\n:25:CH5209000000123456789\n:60F:C250301CHF100,00\n:61:2503030303D20,00NTRFNONREF\n:86:A\n:62F:C250331CHF90,00\n-\n";
    // 100.00 − 20.00 = 80.00, not 90.00: off by −10.00
    expect(read(utf8(text), { fileName: "x.sta" }).reconciliation.map((r) => [r.status, r.difference])).toEqual([["off", -10]]);
  });

  test("two pages (:60M:/:62M:) are checked each; a bad :61: is a bad row with its line", () => {
    const text = [":20:P1", ":25:CH5209000000123456789", ":28C:7/1", ":60F:C250301CHF100,00", ":61:2503030303D20,00NTRFNONREF", ":86:A", ":62M:C250303CHF80,00", "-",
      ":20:P2", ":25:CH5209000000123456789", ":28C:7/2", ":60M:C250303CHF80,00", ":61:25033X", ":86:B", ":62F:C250331CHF80,00", "-", ""].join("\n");
    const s = read(utf8(text), { fileName: "x.sta" });
    expect(s.badRows).toEqual([{ line: 13, reason: ':61: "25033X" is no statement line (date, C/D, amount)' }]);
    expect(s.reconciliation.map((r) => [r.status, r.opening, r.closing])).toEqual([["ok", 100, 80], ["ok", 80, 80]]);
    expect(s.dataLines).toBe(2);
  });

  test("refused with what it is: no :61: lines; a balance that is none", () => {
    expect(refusal(":20:X\n:25:CH5209000000123456789\n:60F:C250301CHF100,00\n:62F:C250331CHF100,00\n-\n")).toBe("x.sta: this is an MT940 file with no :61: lines (no bookings to import)");
    expect(refusal(":20:X\n:25:CH5209000000123456789\n:60F:C2503CHF100\n:61:2503030303D20,00NTRFNONREF\n")).toBe('x.sta: line 3: :60F: "C2503CHF100" is no balance (C or D, YYMMDD, currency, amount)');
  });
});

describe("MT940: the other party of SWIFT's narrative and names with a slash (QA round 4, qa30)", () => {
  const counterparties = (name: string) => read(fixture(name), { fileName: name }).rows.map((r) => [r.line, r.facts.counterparty, r.facts.counterpartyIban]);

  test("money out names the /BENM/ payee, money in the /ORDP/ payer; the payer's bank (/ORDB/) is no part of the name", () => {
    expect(counterparties("mt940-ordering-beneficiary.sta")).toEqual([
      [5, "NORTHGATE DESIGN LTD", undefined],
      [8, "CASTLE JOINERY", undefined],
      [12, "+46701112233 ANNA LIND", undefined],
    ]);
  });

  test("a name keeps its own '/' in /NAME/ and in CNTP, and CNTP's IBAN stays its IBAN", () => {
    expect(counterparties("mt940-names-with-slash.sta")).toEqual([
      [5, "Havnens Fisk A/S", "DK6120000123456789"],
      [8, "Bakker w/ Dochters V.O.F.", "NL02ABNA0123456789"],
      [10, undefined, undefined],
      [12, "Verhuur De Hoek", undefined],
    ]);
  });

  test("a '//' ends a name: a key the reader does not know after CNTP's city is no part of it, nor of /NAME/ (review of r4-qa30)", () => {
    const booking = (narrative: string) =>
      read(utf8(`:20:X1\n:25:NL12INGB0001234567\n:28C:1/1\n:60F:C260301EUR100,00\n:61:2603020302D10,00NTRFNONREF//B1\n:86:${narrative}\n:62F:C260302EUR90,00\n`), { fileName: "x.sta" }).rows.map((r) => [r.description, r.facts.counterparty]);
    expect(booking("/EREF/E1//CNTP/NL91ABNA0417164300/ABNANL2A/Jansen BV/Utrecht//SVCL/SEPA//REMI/USTD//Factuur 12/")).toEqual([["Jansen BV · Factuur 12", "Jansen BV"]]);
    expect(booking("/CNTP/NL91ABNA0417164300/ABNANL2A/Jansen BV/Utrecht//IREF/XYZ123//REMI/USTD//Factuur 12/")).toEqual([["Jansen BV · Factuur 12", "Jansen BV"]]);
    // An empty city: the name before it keeps its "/".
    expect(booking("/CNTP/NL91ABNA0417164300/ABNANL2A/Nordisk A/S///REMI/USTD//Faktura 7/")).toEqual([["Nordisk A/S · Faktura 7", "Nordisk A/S"]]);
    expect(booking("/TRTP/SEPA OVERBOEKING/IBAN/NL91ABNA0417164300/BIC/ABNANL2A/NAME/ACME//BV/REMI/Factuur 12")).toEqual([["ACME · Factuur 12 · SEPA OVERBOEKING", "ACME"]]);
  });
});

describe("MT940: subfield marks without a code before them (review of r4-qa41)", () => {
  const descriptions = (narrative: string) =>
    read(utf8(`:20:X1\n:25:DE27105010251000002312345678\n:28C:45\n:60F:C260401EUR100,00\n:61:260403D10,00NTRFNONREF\n:86:${narrative}\n:62F:C260403EUR90,00\n`), { fileName: "x.sta" }).rows.map((r) => r.description);

  test("free text with its own '<NN' twice keeps every word: '<50' names no subfield, so the field is no subfields", () => {
    expect(descriptions("<20 EUR Rabatt auf Ticket, Rest <50 EUR bezahlt")).toEqual(["<20 EUR Rabatt auf Ticket, Rest <50 EUR bezahlt"]);
    expect(descriptions(">20 EUR Rabatt, Rest >99 EUR bezahlt")).toEqual([">20 EUR Rabatt, Rest >99 EUR bezahlt"]);
  });

  test("a field of subfield numbers only is read as subfields", () => {
    expect(descriptions("<20Faktura 7/2026<32JAN NOWAK")).toEqual(["JAN NOWAK · Faktura 7/2026"]);
  });
});

describe("QIF", () => {
  test("a file of two accounts (!Account blocks): each record keeps the account it is listed under", () => {
    // Quicken's export of all accounts: Checking's grocer (−100.00, split 60 + 40) and Visa's café (−20.00). The
    // grocer was booked on Visa, the last account named in the file.
    const s = read(
      utf8("!Account\nNChecking\nTBank\n^\n!Type:Bank\nD01/15/2025\nT-100.00\nPGrocer\nSFood\n$-60.00\nSHousehold\n$-40.00\n^\n!Account\nNVisa\nTCCard\n^\n!Type:CCard\nD01/16/2025\nT-20.00\nPCafe\n^\n"),
      { fileName: "all.qif", fallbackCurrency: { code: "USD", from: "the main currency of your data" } },
    );
    expect(s.rows.map((r) => [r.line, r.date, r.amount, r.description, r.account])).toEqual([
      [6, "2025-01-15", -100, "Grocer", "Checking"],
      [19, "2025-01-16", -20, "Cafe", "Visa"],
    ]);
    expect(s.account).toBeNull();
    expect(s.reconciliation.map((r) => [r.account, r.entries, r.status])).toEqual([["Checking", 1, "none"], ["Visa", 1, "none"]]);
  });

  test("an account list (!Option:AutoSwitch) names no row's account, but a list of one never cleared that goes on with its section is its header", () => {
    // Cleared: the entries (Checking, Visa) are a list; the records after "!Account NSavings" are Savings'. Never
    // cleared: the one entry before "!Type:Bank" heads its records, as a header outside a list does.
    const cleared = "!Option:AutoSwitch\n!Account\nNChecking\nTBank\n^\nNVisa\nTCCard\n^\n!Clear:AutoSwitch\n!Account\nNSavings\nTBank\n^\n!Type:Bank\nD01/15/2025\nT-10.00\nPFee\n^\n";
    const open = "!Option:AutoSwitch\n!Account\nNChecking\nTBank\n^\n!Type:Bank\nD01/15/2025\nT-10.00\nPFee\n^\n";
    const opts = { fileName: "all.qif", fallbackCurrency: { code: "USD", from: "the main currency of your data" } };
    expect(read(utf8(cleared), opts).rows.map((r) => [r.line, r.account])).toEqual([[15, "Savings"]]);
    expect(read(utf8(cleared), opts).account).toBe("Savings");
    expect(read(utf8(open), opts).rows.map((r) => [r.line, r.account])).toEqual([[7, "Checking"]]);
  });

  test("amounts with a minus written U+2212, U+2013 or U+FF0D are money out, read by the same amount reader as CSV (issue 31)", () => {
    const qif = "!Type:Bank\nD03/02/2026\nT\u221245.20\nPGrocer One\n^\nD03/04/2026\nT\u2013 12.00\nPBakery\n^\nD03/05/2026\nT\uff0d3.10\nPKiosk\n^\nD03/06/2026\nT8.40\u2212\nPParking\n^\nD03/20/2026\nT1,200.00\nPSalary\n^\n";
    const s = read(utf8(qif), { fileName: "m.qif", fallbackCurrency: { code: "USD", from: "the main currency of your data" } });
    expect(s.rows.map((r) => [r.line, r.date, r.amount])).toEqual([
      [2, "2026-03-02", -45.2],
      [6, "2026-03-04", -12],
      [10, "2026-03-05", -3.1],
      [14, "2026-03-06", -8.4],
      [18, "2026-03-20", 1200],
    ]);
    expect([s.badRows, s.notes]).toEqual([[], ["the currency USD (from the main currency of your data) for every row (QIF names none)"]]);
  });

  test("a list of several accounts never cleared, or one going on with a list of categories, names no account for the section after it (review of r4-qa30)", () => {
    // The section after "Checking, Savings" was booked to Savings (the last entry), after "!Type:Cat … !Clear:AutoSwitch"
    // too: the file says not which account it is.
    const several = "!Option:AutoSwitch\n!Account\nNChecking\nTBank\n^\nNSavings\nTBank\n^\n!Type:Bank\nD3/2/2026\nT-10.00\nPShop A\n^\n";
    const cat = "!Option:AutoSwitch\n!Account\nNChecking\nTBank\n^\nNSavings\nTBank\n^\n!Type:Cat\nNFood\nE\n^\n!Clear:AutoSwitch\n!Type:Bank\nD3/2/2026\nT-10.00\nPShop A\n^\n";
    const oneThenCat = "!Option:AutoSwitch\n!Account\nNChecking\nTBank\n^\n!Type:Cat\nNFood\nE\n^\n!Clear:AutoSwitch\n!Type:Bank\nD3/2/2026\nT-10.00\nPShop A\n^\n";
    const opts = { fileName: "all.qif", fallbackCurrency: { code: "USD", from: "the main currency of your data" } };
    for (const [text, line] of [[several, 10], [cat, 15], [oneThenCat, 12]] as const) {
      const s = read(utf8(text), opts);
      expect(s.rows.map((r) => [r.line, r.amount, r.account])).toEqual([[line, -10, null]]);
      expect(s.account).toBeNull();
    }
  });

  test("payee, memo and check number are kept as facts", () => {
    const s = read(fixture("qif-us-bank.qif"), { fileName: "q.qif", fallbackCurrency: { code: "USD", from: "x" } });
    expect(s.rows[0]!.facts).toEqual({ counterparty: "ACME Rent LLC", purpose: "January rent", reference: "1042" });
    expect(s.rows.map((r) => [r.currency, r.account])).toEqual([["USD", "Checking"], ["USD", "Checking"], ["USD", "Checking"]]);
  });

  test("the account's earlier rows name its currency before the data's main one", () => {
    const s = read(fixture("qif-us-bank.qif"), { fileName: "q.qif", fallbackCurrency: { code: "CHF", from: "the main currency of your data" }, accountCurrencies: { Checking: "USD" } });
    expect(s.notes).toEqual(["the currency USD (from the account Checking's earlier rows) for every row (QIF names none)"]);
  });

  test("the chain of SPEC §10.1 for a QIF naming no currency: account's rows, its IBAN's country, the data's main currency, and month-first dates only when the data has none (qa36)", () => {
    // Month-first (03/18/2026 decides it), no sign, no code.
    const us = "!Type:Bank\nD03/02/2026\nT-42.17\nPHardware store\n^\nD03/18/2026\nT1,850.00\nPPayroll\n^\n";
    const main = { code: "CHF", from: "the main currency of your data" };
    const noData = { code: "CHF", from: "budget-chat's default: your data has no currency yet", noData: true as const };
    // The data's main currency stays the last link of the chain: a guess from the dates' order does not override it.
    const withData = read(utf8(us), { fileName: "us.qif", fallbackCurrency: main });
    expect(withData.rows.map((r) => [r.line, r.date, r.amount, r.currency])).toEqual([[2, "2026-03-02", -42.17, "CHF"], [6, "2026-03-18", 1850, "CHF"]]);
    expect(withData.notes).toEqual(["the currency CHF (from the main currency of your data) for every row (QIF names none)"]);
    // No data yet: budget-chat's own default names nothing of the file; its month-first dates do (as a CSV so dated).
    const fresh = read(utf8(us), { fileName: "us.qif", fallbackCurrency: noData });
    expect(fresh.rows.map((r) => [r.line, r.amount, r.currency])).toEqual([[2, -42.17, "USD"], [6, 1850, "USD"]]);
    expect(fresh.notes).toEqual(["the currency USD (from the dates' month-first order, MM/DD/YYYY, as US banks write them, and Canadian banks too) for every row (QIF names none)"]);
    // Day-first or undecided dates with no data: budget-chat's default, said so.
    const undecided = read(utf8("!Type:Bank\nD03/02/2026\nT-42.17\nPShop\n^\n"), { fileName: "x.qif", fallbackCurrency: noData });
    expect(undecided.rows.map((r) => r.currency)).toEqual(["CHF"]);
    // An account named by its IBAN (the user's --account, or the file's !Account): the IBAN's country, before the main currency.
    const byIban = read(utf8(us), { fileName: "us.qif", fallbackCurrency: main, accountOverride: "DE89370400440532013000" });
    expect(byIban.rows.map((r) => [r.currency, r.account])).toEqual([["EUR", "DE89370400440532013000"], ["EUR", "DE89370400440532013000"]]);
    expect(byIban.notes).toEqual(["the currency EUR (from the IBAN's country (DE)) for every row (QIF names none)"]);
    const listed = read(utf8(`!Account\nNGB29NWBK60161331926819\nTBank\n^\n${us}`), { fileName: "us.qif", fallbackCurrency: noData });
    expect(listed.rows.map((r) => r.currency)).toEqual(["GBP", "GBP"]);
    // A name that only opens like an IBAN ("SE22 Stockholm trip") is no IBAN: the main currency, not kronor (review of r4-impl8).
    const named = read(utf8(`!Account\nNSE22 Stockholm trip\nTBank\n^\n${us}`), { fileName: "us.qif", fallbackCurrency: main });
    expect(named.rows.map((r) => r.currency)).toEqual(["CHF", "CHF"]);
    // The account's earlier rows still come first.
    const stored = read(utf8(us), { fileName: "us.qif", fallbackCurrency: noData, accountOverride: "DE89370400440532013000", accountCurrencies: { DE89370400440532013000: "USD" } });
    expect(stored.rows.map((r) => r.currency)).toEqual(["USD", "USD"]);
  });

  test("each account's currency on its own: one's £ signs name neither another account's currency nor override its stored one (review of r4-qa22)", () => {
    // Quicken's export of all accounts: a franc current account (its earlier rows stored in CHF) and a UK card written
    // "T-£42.18". The card's £ was applied to both accounts (Migros's −100.00 stored as GBP).
    const all = "!Account\nNChecking CH\nTBank\n^\n!Type:Bank\nD05/02/2026\nT-100.00\nPMigros\n^\n!Account\nNUK Card\nTCCard\n^\n!Type:CCard\nD05/01/2026\nT-£42.18\nPTesco\n^\n";
    const s = read(utf8(all), { fileName: "all.qif", fallbackCurrency: { code: "EUR", from: "the main currency of your data" }, accountCurrencies: { "Checking CH": "CHF" } });
    expect(s.rows.map((r) => [r.line, r.amount, r.currency, r.account])).toEqual([[6, -100, "CHF", "Checking CH"], [15, -42.18, "GBP", "UK Card"]]);
    expect(s.notes.slice(0, 2)).toEqual(["the currency CHF (from the account Checking CH's earlier rows) for 1 row of Checking CH (QIF names none)", "the currency GBP (from the amounts' £ sign) for 1 row of UK Card"]);
    expect(s.reconciliation.map((r) => [r.account, r.currency, r.entries])).toEqual([["Checking CH", "CHF", 1], ["UK Card", "GBP", 1]]);
    // Nothing stored: the unsigned account takes the data's main currency, not the card's pounds.
    const fresh = read(utf8(all), { fileName: "all.qif", fallbackCurrency: { code: "EUR", from: "the main currency of your data" } });
    expect(fresh.rows.map((r) => r.currency)).toEqual(["EUR", "GBP"]);
  });

  test("amounts of one account naming several currencies are each in the one they name; one naming none says so (review of r4-qa22)", () => {
    // £42.18 and €10.00 in one account were both taken as francs, with a note that QIF names no currency. Each is in the
    // one it names; the salary written without a sign is in what an unsigned account is (the data's main currency).
    const s = read(utf8("!Type:Bank\nD01/05/2026\nT-£42.18\nPTesco\n^\nD02/05/2026\nT-€10.00\nPCafe Paris\n^\nD03/05/2026\nT1,000.00\nPSalary\n^\n"), {
      fileName: "m.qif",
      fallbackCurrency: { code: "CHF", from: "the main currency of your data" },
    });
    expect(s.rows.map((r) => [r.amount, r.currency])).toEqual([[-42.18, "GBP"], [-10, "EUR"], [1000, "CHF"]]);
    expect(s.notes.slice(0, 3)).toEqual([
      "the currency GBP (from the amounts' £ sign) for 1 row",
      "the currency EUR (from the amounts' € sign) for 1 row",
      "the currency CHF (from the main currency of your data) for 1 row (QIF names none)",
    ]);
    expect(s.reconciliation.map((r) => [r.currency, r.entries])).toEqual([["GBP", 1], ["EUR", 1], ["CHF", 1]]);
    // A "$" beside a "£" names no one currency: the account's earlier rows (Canadian dollars) say which, as in an account
    // of "$" amounts alone.
    const dollars = read(utf8("!Account\nNVisa\nTCCard\n^\n!Type:CCard\nD01/05/2026\nT-£42.18\nPTesco\n^\nD02/05/2026\nT-$10.00\nPTim Hortons\n^\n"), {
      fileName: "d.qif",
      fallbackCurrency: { code: "CHF", from: "the main currency of your data" },
      accountCurrencies: { Visa: "CAD" },
    });
    expect(dollars.rows.map((r) => r.currency)).toEqual(["GBP", "CAD"]);
  });

  test("day-first slashes decided by a day above 12; a file no date decides is read month-first and says so", () => {
    const uk = read(utf8("!Type:Bank\nD01/02/2024\nT-5.00\nPTesco\n^\nD25/02/2024\nT-7.50\nPBoots\n^\n"), { fileName: "uk.qif", fallbackCurrency: { code: "GBP", from: "x" } });
    expect(brief(uk.rows)).toEqual([[2, "2024-02-01", -5, "GBP", "Tesco"], [6, "2024-02-25", -7.5, "GBP", "Boots"]]);
    const unclear = read(utf8("!Type:Bank\nD01/02/2024\nT-5.00\nPTesco\n^\n"), { fileName: "u.qif", fallbackCurrency: { code: "GBP", from: "x" } });
    expect(unclear.rows[0]!.date).toBe("2024-01-02");
    expect(unclear.notes[1]).toBe("every date fits both day-first and month-first: read month-first, as Quicken writes them (use the statement's own dates to check)");
    // …unless the amounts have a decimal comma, as the CSV reader decides: a European bank's 3 May, not 5 March.
    const eu = read(utf8("!Type:Bank\nD03/05/2025\nT-45,30\nPMercadona\n^\n"), { fileName: "es.qif", fallbackCurrency: { code: "EUR", from: "x" } });
    expect(eu.rows.map((r) => [r.date, r.amount])).toEqual([["2025-05-03", -45.3]]);
    expect(eu.notes[1]).toBe("every date fits both day-first and month-first: read day-first, as the decimal comma of the amounts is written (use the statement's own dates to check)");
  });

  test("month-first dates with dots are decided over the whole file (a second part above 12), not read day-first and lost", () => {
    // "12.31.2025" settles month-first; "1.5'26" is then 5 January 2026 and "01.06.2026" 6 January (not 1 May, 1 June).
    const s = read(utf8("!Type:Bank\nD12.31.2025\nT-45.00\nPDiner\n^\nD1.5'26\nT-12.50\nPGas\n^\nD01.06.2026\nT1,000.00\nPPayroll\n^\n"), { fileName: "us.qif", fallbackCurrency: { code: "USD", from: "x" } });
    expect(s.badRows).toEqual([]);
    expect(brief(s.rows)).toEqual([[2, "2025-12-31", -45, "USD", "Diner"], [6, "2026-01-05", -12.5, "USD", "Gas"], [10, "2026-01-06", 1000, "USD", "Payroll"]]);
    expect(s.notes).toEqual(["the currency USD (from x) for every row (QIF names none)"]);
    // A day above 12 in the first part settles day-first with dots just as with slashes: 13 March, then 4 February.
    const dmy = read(utf8("!Type:Bank\nD13.03.2026\nT-1.00\nPA\n^\nD04.02.2026\nT-2.00\nPB\n^\n"), { fileName: "eu.qif", fallbackCurrency: { code: "EUR", from: "x" } });
    expect(dmy.rows.map((r) => r.date)).toEqual(["2026-03-13", "2026-02-04"]);
    expect(dmy.notes).toHaveLength(1);
    // No date decides and the amounts show a decimal point: dots are read day-first, and the note says so.
    const unclear = read(utf8("!Type:Bank\nD04.02.2026\nT-2.00\nPB\n^\n"), { fileName: "u.qif", fallbackCurrency: { code: "EUR", from: "x" } });
    expect(unclear.rows.map((r) => r.date)).toEqual(["2026-02-04"]);
    expect(unclear.notes[1]).toBe("every date fits both day-first and month-first: read day-first, as dates with dots are written in Europe (use the statement's own dates to check)");
    // Dots one way and slashes the other in one file cannot be read unambiguously.
    expect(() => read(utf8("!Type:Bank\nD25.02.2024\nT-1.00\n^\nD02/25/2024\nT-2.00\n^\n"), { fileName: "m.qif" })).toThrow(
      "m.qif: line 5: the dates are day-first in some records (line 2) and month-first in others (line 5); the file cannot be read unambiguously",
    );
  });

  test("only an account's first record, or one naming the account itself, is its opening or starting balance; the reason says how much (review of r4-qa22)", () => {
    // A transfer of 500.00 from savings whose payee reads "Opening Balance" (the money that opened a deposit), in the
    // middle of the account, was skipped as the account's balance; so was a later "Starting balance" of 250.00 to income.
    // Both are payments. The account's first record (YNAB's starting balance) and Quicken's L[own account] are balances.
    const mid = read(utf8("!Type:Bank\nD01/05/2026\nT-10.00\nPA\n^\nD02/05/2026\nT500.00\nPOpening Balance\nLTransfer:Savings\n^\nD03/05/2026\nT250.00\nPStarting balance\nLIncome\n^\n"), {
      fileName: "m.qif",
      fallbackCurrency: { code: "USD", from: "x" },
    });
    expect(mid.rows.map((r) => [r.line, r.amount, r.description])).toEqual([[2, -10, "A"], [6, 500, "Opening Balance"], [11, 250, "Starting balance"]]);
    expect(mid.skipped).toEqual([]);
    const first = read(utf8("!Type:Bank\nD01/05/2026\nT500.00\nPOpening Balance\nLTransfer:Savings\n^\nD02/05/2026\nT-10.00\nPA\n^\n"), { fileName: "f.qif", fallbackCurrency: { code: "USD", from: "x" } });
    expect(first.skipped).toEqual([{ line: 2, reason: "the account's opening balance of 500.00 (payee Opening Balance, category Transfer:Savings): a balance, not a payment" }]);
    const own = read(utf8("!Account\nNChecking\nTBank\n^\n!Type:Bank\nD01/05/2026\nT-10.00\nPA\n^\nD02/05/2026\nT75.00\nPOpening Balance\nL[Checking]\n^\n"), { fileName: "o.qif", fallbackCurrency: { code: "USD", from: "x" } });
    expect([own.rows.map((r) => r.amount), own.skipped]).toEqual([[-10], [{ line: 10, reason: "the account's opening balance of 75.00 (payee Opening Balance, category [Checking]): a balance, not a payment" }]]);
  });

  test("comment lines are passed over wherever they stand, not only before the first ! line (review of r4-qa22)", () => {
    // One after the last record was read as a record of its own without a date: "line 8: no date (D)", the file refused.
    const s = read(utf8("# head\n!Type:Bank\n# section comment\nD01/05/2026\nT-10.00\nPShop\n^\n# between\nD01/06/2026\nT-2.00\nPKiosk\n^\n# trailing comment\n"), {
      fileName: "c.qif",
      fallbackCurrency: { code: "USD", from: "x" },
    });
    expect([s.badRows, s.dataLines, s.rows.map((r) => [r.line, r.amount, r.description])]).toEqual([[], 2, [[4, -10, "Shop"], [9, -2, "Kiosk"]]]);
  });

  test("a voided record is skipped with its reason, and one that still states an amount says which", () => {
    // Quicken writes 0.00 for a voided cheque; a void that kept its amount is still no payment (it is not booked).
    const s = read(utf8("!Type:Bank\nD01/02/2026\nT0.00\nP**VOID**Cheque 17\n^\nD01/03/2026\nT-25.00\nP**VOID**Gym\n^\nD01/04/2026\nT-9.50\nPKiosk\n^\n"), { fileName: "v.qif", fallbackCurrency: { code: "USD", from: "x" } });
    expect(s.rows.map((r) => [r.line, r.amount])).toEqual([[10, -9.5]]);
    expect(s.skipped).toEqual([
      { line: 2, reason: "a voided transaction (payee **VOID**Cheque 17): it moved no money" },
      { line: 6, reason: "a voided transaction (payee **VOID**Gym, amount -25.00): it moved no money" },
    ]);
  });

  test("a date written YYYYMMDD (as GnuCash reads QIF) is read, not a bad row", () => {
    const s = read(utf8("!Type:Bank\nD20260105\nT-12.50\nPA\n^\nD01/06/2026\nT-1.00\nPB\n^\n"), { fileName: "c.qif", fallbackCurrency: { code: "USD", from: "x" } });
    expect([s.badRows, s.rows.map((r) => r.date)]).toEqual([[], ["2026-01-05", "2026-01-06"]]);
  });

  test("bad records are bad rows with their line; category lists are passed over; an investment account is refused", () => {
    const s = read(utf8("!Type:Cat\nNFood\nE\n^\n!Type:Bank\nD02/30/2025\nT-1.00\nPA\n^\nD03/01/2025\nTabc\nPB\n^\nD03/02/2025\nPC\n^\n"), { fileName: "b.qif", fallbackCurrency: { code: "USD", from: "x" } });
    expect(s.badRows).toEqual([
      { line: 6, reason: 'date D "02/30/2025" is not a real date' },
      { line: 10, reason: 'amount T "abc" is not a number' },
      { line: 14, reason: "no amount (T)" },
    ]);
    expect(s.dataLines).toBe(3);
    expect(s.notes).toContain("lists that are no transactions (!Type:Cat) were passed over");
    expect(() => read(utf8("!Type:Invst\nD01/02/2024\nNBuy\n^\n"), { fileName: "i.qif" })).toThrow("i.qif: line 1: an investment account (!Type:Invst) is not read; export the bank or card account");
    expect(() => read(utf8("!Type:Bank\nD25/02/2024\nT-1.00\n^\nD02/25/2024\nT-2.00\n^\n"), { fileName: "m.qif" })).toThrow(
      "m.qif: line 5: the dates are day-first in some records (line 2) and month-first in others (line 5); the file cannot be read unambiguously",
    );
  });
});
