/**
 * One account named two ways by two exports (SPEC §10: a possible duplicate needs "the same account when both know it"):
 * an IBAN and the domestic account number that is its tail (a German Kontonummer, a British sort code and account
 * number), a card masked one way and another ("**** **** **** 4821", "XXXX-XXXX-XXXX-4821", "...4821", "4821", the whole
 * number). Their content ids differ (the account is in them), so each booking is a possible duplicate of the other
 * export's: held back, listed, never stored twice. Before, the accounts were compared as written and every booking was
 * stored a second time, exit 0. Accounts that truly differ stay apart: another Kontonummer at the same bank, another
 * card ending in the same four digits whose visible first digits differ.
 *
 * Invented accounts, card numbers, names and amounts.
 */
import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { FileSummary } from "../../src/cli/import.ts";
import { runCli } from "../support/cli-process.ts";
import { databasesPerTest } from "./support.ts";

const files = databasesPerTest();

/** Writes each file, imports them all in one command (in order); each file's [inserted, duplicates, possible duplicates]. */
async function countsOf(written: [name: string, text: string][]): Promise<number[][]> {
  for (const [name, text] of written) writeFileSync(join(files.dir, name), text);
  const run = await runCli(["import", ...written.map(([n]) => join(files.dir, n)), "--json", "--no-classify", "--db", files.db, "--chat-db", files.chatDb], { home: files.dir });
  expect([run.code, run.stderr]).toEqual([0, ""]);
  return (JSON.parse(run.stdout).files as FileSummary[]).map((s) => [s.inserted, s.duplicates, s.possible_duplicates]);
}

/** Stored rows as "account date amount", sorted. */
function stored(): string[] {
  const db = new Database(files.db, { readonly: true });
  try {
    const rows = db.query("SELECT account, date, amount FROM transactions").all() as { account: string; date: string; amount: number }[];
    return rows.map((r) => `${r.account} ${r.date.slice(0, 10)} ${r.amount.toFixed(2)}`).sort();
  } finally {
    db.close();
  }
}

// --- An account by its IBAN and by its domestic number ---

const IBAN = "DE38500502010123456789";
const KONTO = "0123456789";
/** Another account at the same bank (Kontonummer 0123456780), with the same bookings. */
const OTHER_KONTO = "0123456780";

const camt = (iban: string) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
<BkToCstmrStmt><GrpHdr><MsgId>T-1</MsgId><CreDtTm>2026-03-05T08:00:00</CreDtTm></GrpHdr>
<Stmt><Id>T-S1</Id><Acct><Id><IBAN>${iban}</IBAN></Id><Ccy>EUR</Ccy></Acct>
<Ntry><Amt Ccy="EUR">64.85</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-03-02</Dt></BookgDt><AcctSvcrRef>9001</AcctSvcrRef>
<NtryDtls><TxDtls><RltdPties><Cdtr><Nm>Stadtwerke Beispielstadt</Nm></Cdtr></RltdPties><RmtInf><Ustrd>Abschlag Gas Maerz</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>
<Ntry><Amt Ccy="EUR">1900.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-03-03</Dt></BookgDt><AcctSvcrRef>9002</AcctSvcrRef>
<NtryDtls><TxDtls><RltdPties><Dbtr><Nm>Muster Werkzeuge GmbH</Nm></Dbtr></RltdPties><RmtInf><Ustrd>Gehalt Maerz</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>
<Ntry><Amt Ccy="EUR">55.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-03-04</Dt></BookgDt><AcctSvcrRef>9003</AcctSvcrRef>
<NtryDtls><TxDtls><RltdPties><Cdtr><Nm>Lindenhof Markt</Nm></Cdtr></RltdPties><RmtInf><Ustrd>Einkauf Lindenhof</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>
</Stmt></BkToCstmrStmt></Document>
`;

/** A Sparkasse CSV-CAMT export of the same three bookings, its "Auftragskonto" written as `account`. */
const sparkasse = (account: string) =>
  [
    `"Auftragskonto";"Buchungstag";"Valutadatum";"Buchungstext";"Verwendungszweck";"Beguenstigter/Zahlungspflichtiger";"Kontonummer";"BLZ";"Betrag";"Waehrung";"Info"`,
    `"${account}";"04.03.26";"04.03.26";"KARTENZAHLUNG";"Einkauf Lindenhof";"Lindenhof Markt";"";"";"-55,00";"EUR";"Umsatz gebucht"`,
    `"${account}";"03.03.26";"03.03.26";"GUTSCHRIFT";"Gehalt Maerz";"Muster Werkzeuge GmbH";"";"";"1900,00";"EUR";"Umsatz gebucht"`,
    `"${account}";"02.03.26";"02.03.26";"LASTSCHRIFT";"Abschlag Gas Maerz";"Stadtwerke Beispielstadt";"";"";"-64,85";"EUR";"Umsatz gebucht"`,
  ].join("\n") + "\n";

const rowsOf = (account: string) => [`${account} 2026-03-02 -64.85`, `${account} 2026-03-03 1900.00`, `${account} 2026-03-04 -55.00`];

describe("an account named by its IBAN in one export and by its Kontonummer in another", () => {
  const cases: [string, [string, string], [string, string], string][] = [
    ["CAMT with the IBAN, then Sparkasse's CSV with the Kontonummer", ["iban.xml", camt(IBAN)], ["konto.csv", sparkasse(KONTO)], IBAN],
    ["Sparkasse's CSV with the Kontonummer, then CAMT with the IBAN", ["konto.csv", sparkasse(KONTO)], ["iban.xml", camt(IBAN)], KONTO],
    ["Sparkasse's CSV with the IBAN, then with the Kontonummer", ["iban.csv", sparkasse(IBAN)], ["konto.csv", sparkasse(KONTO)], IBAN],
    ["Sparkasse's CSV with the Kontonummer, then with the IBAN", ["konto.csv", sparkasse(KONTO)], ["iban.csv", sparkasse(IBAN)], KONTO],
  ];
  for (const [name, first, second, kept] of cases) {
    test(`${name}: the second's 3 bookings are possible duplicates, 3 rows stored`, async () => {
      expect(await countsOf([first, second])).toEqual([
        [3, 0, 0],
        [0, 0, 3],
      ]);
      expect(stored()).toEqual(rowsOf(kept));
    });
  }

  test("another Kontonummer at the same bank is another account: both exports stored", async () => {
    expect(await countsOf([["iban.xml", camt(IBAN)], ["other.csv", sparkasse(OTHER_KONTO)]])).toEqual([
      [3, 0, 0],
      [3, 0, 0],
    ]);
    expect(stored()).toEqual([...rowsOf(IBAN), ...rowsOf(OTHER_KONTO)].sort());
  });
});

describe("a British account by its IBAN and by its sort code and account number", () => {
  // GB68 ABCD 6016 1331 9268 19: sort code 60-16-13, account number 31926819 (Marcus's layout, its "AccountNumber").
  const statement = (account: string) => `TransactionDate,Description,Value,AccountBalance,AccountNumber\n20260302,Interest paid,8.40,1008.40,${account}\n20260305,Transfer from linked account,2400.00,3408.40,${account}\n`;
  for (const [name, first, second] of [
    ["the IBAN, then the sort code and number", "GB68ABCD60161331926819", "60-16-13 31926819"],
    ["the sort code and number, then the IBAN", "60-16-13 31926819", "GB68 ABCD 6016 1331 9268 19"],
  ] as const) {
    test(`${name}: the second's 2 bookings are possible duplicates`, async () => {
      expect(await countsOf([["a.csv", statement(first)], ["b.csv", statement(second)]])).toEqual([
        [2, 0, 0],
        [0, 0, 2],
      ]);
    });
  }
});

// --- A card masked one way and another ---

/** A Swisscard export of three bookings, its "Kartennummer" written as `card`. */
const swisscard = (card: string) =>
  [
    "Transaktionsdatum,Beschreibung,Händler,Kartennummer,Währung,Betrag,Fremdwährung,Betrag in Fremdwährung,Debit/Kredit,Status",
    `12.05.2026,"MIGROLINO BERN, BERN",Migrolino,${card},CHF,18.40,,,Belastung,Gebucht`,
    `14.05.2026,"KINO REX, BERN",Kino Rex,${card},CHF,32.00,,,Belastung,Gebucht`,
    `20.05.2026,"ZAHLUNG DANKE",,${card},CHF,300.00,,,Gutschrift,Gebucht`,
  ].join("\n") + "\n";

/** An OFX credit-card download of three bookings, its ACCTID written as `card`. */
const ofx = (card: string) => `OFXHEADER:100
DATA:OFXSGML
VERSION:102
ENCODING:USASCII

<OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><TRNUID>0<CCSTMTRS><CURDEF>USD<CCACCTFROM><ACCTID>${card}</CCACCTFROM>
<BANKTRANLIST><DTSTART>20260501<DTEND>20260531
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260512<TRNAMT>-23.10<FITID>7731001<NAME>CORNER DELI</STMTTRN>
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260514<TRNAMT>-61.00<FITID>7731002<NAME>HARBOR HARDWARE</STMTTRN>
<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20260520<TRNAMT>150.00<FITID>7731003<NAME>PAYMENT THANK YOU</STMTTRN>
</BANKTRANLIST></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>
`;

describe("a card named masked in one export and otherwise in another", () => {
  for (const [first, second] of [
    ["**** **** **** 4821", "XXXX-XXXX-XXXX-4821"],
    ["**** **** **** 4821", "...4821"],
    ["XXXX-XXXX-XXXX-4821", "4821"],
    ["4821", "**** **** **** 4821"],
    ["3776 62**** *4821", "...4821"],
  ] as const) {
    test(`Swisscard's CSV with "${first}", then with "${second}": the second's 3 bookings are possible duplicates`, async () => {
      expect(await countsOf([["a.csv", swisscard(first)], ["b.csv", swisscard(second)]])).toEqual([
        [3, 0, 0],
        [0, 0, 3],
      ]);
      expect(stored()).toHaveLength(3);
    });
  }

  test("two cards ending in 4821 whose first digits differ (two issuers) are two cards: both exports stored", async () => {
    expect(await countsOf([["a.csv", swisscard("3776 62**** *4821")], ["b.csv", swisscard("4266 11** **** 4821")]])).toEqual([
      [3, 0, 0],
      [3, 0, 0],
    ]);
  });

  test("an account number with a dashed sub-account, or one failing a card's check digit, is no card's whole number (review of r4-acct3)", async () => {
    expect(await countsOf([["a.csv", swisscard("**** **** **** 1004")], ["b.csv", swisscard("12345678-41004")]])).toEqual([
      [3, 0, 0],
      [3, 0, 0],
    ]);
    expect(await countsOf([["a.csv", swisscard("**** **** **** 4821")], ["b.csv", swisscard("123456784821")]])).toEqual([
      [3, 0, 0],
      [3, 0, 0],
    ]);
  });

  test("a card ending in 1234 is another card than one ending in 4821", async () => {
    expect(await countsOf([["a.csv", swisscard("**** **** **** 4821")], ["b.csv", swisscard("**** **** **** 1234")]])).toEqual([
      [3, 0, 0],
      [3, 0, 0],
    ]);
  });

  for (const [first, second] of [
    ["XXXXXXXXXXXX4821", "...4821"],
    ["4266110000074821", "XXXXXXXXXXXX4821"],
  ] as const) {
    test(`OFX with ACCTID "${first}", then "${second}" (the same FITIDs): the second's 3 bookings are possible duplicates`, async () => {
      expect(await countsOf([["a.ofx", ofx(first)], ["b.ofx", ofx(second)]])).toEqual([
        [3, 0, 0],
        [0, 0, 3],
      ]);
    });
  }

  test("OFX of two cards ending in 4821 whose whole numbers differ, the same FITIDs: both stored", async () => {
    expect(await countsOf([["a.ofx", ofx("4266110000074821")], ["b.ofx", ofx("5412750000004821")]])).toEqual([
      [3, 0, 0],
      [3, 0, 0],
    ]);
  });
});
