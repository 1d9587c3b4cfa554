import { describe, expect, test } from "bun:test";
import { detectFormat, parseStatement, type CsvMapping } from "../../../src/import/formats/index.ts";
import { assignTransactionIds, parsedRowIdAssigner } from "../../../src/import/ids.ts";
import type { ParsedRow } from "../../../src/import/formats/types.ts";
import { brief, cp1252, fixture, read, utf8 } from "./support.ts";
import { binaryKind } from "../../../src/import/formats/decode.ts";
import { fileTotals } from "../../../src/import/importer.ts";

const parse = (text: string, mapping?: CsvMapping) => read(utf8(text), { fileName: "bank.csv", mapping });

describe("any bank's CSV: encodings and preambles", () => {
  test("windows-1252 with umlauts, a preamble with the IBAN, the currency in the amount header, an S/H column, a quoted cell over two lines, a balance line without an amount", () => {
    const bytes = fixture("bank-de-cp1252.csv");
    expect(detectFormat(bytes)).toBe("csv");
    const s = read(bytes, { fileName: "maerz.csv" });
    const account = "DE89370400440532013000";
    expect([s.format, s.layout, s.account, s.dataLines, s.badRows]).toEqual(["csv", "guessed", account, 4, []]);
    // raw_description: the other party and the purpose (SPEC §10.1); the content-hash id keeps the round-3 text (the party).
    expect(s.rows.map((r) => [r.line, r.date, r.amount, r.currency, r.description, r.idText, r.account])).toEqual([
      [7, "2025-03-03", -4.8, "EUR", "Bäckerei Schäfer · Kartenzahlung Filiale Göttingen", "Bäckerei Schäfer", account],
      [9, "2025-03-14", -1045, "EUR", "Stadtwerke Göttingen · Abschlag März", "Stadtwerke Göttingen", account],
      [10, "2025-03-31", 3250, "EUR", "Müller & Söhne GmbH · Gehalt März", "Müller & Söhne GmbH", account],
    ]);
    expect(s.rows[0]!.facts).toEqual({ counterparty: "Bäckerei Schäfer", purpose: "Kartenzahlung Filiale Göttingen", valueDate: "2025-03-03" });
    expect(s.skipped).toEqual([{ line: 11, reason: "a balance, total or note line without an amount" }]);
    expect(s.notes).toEqual(['the currency EUR (from the column "Betrag (EUR)") for every row']);
  });

  test("UTF-8 with a BOM: the BOM is not part of the first header", () => {
    const s = read(fixture("bank-utf8-bom.csv"), { fileName: "feb.csv" });
    expect(brief(s.rows)).toEqual([
      [2, "2025-02-01", -3.2, "CHF", "Café Crème"],
      [3, "2025-02-01", -3.2, "CHF", "Café Crème"],
      [4, "2025-02-03", 12, "CHF", "Rückerstattung SBB"],
    ]);
  });

  test("the same text in windows-1252, UTF-8, BOM + windows-1252 and UTF-16 reads the same", () => {
    const text = "Datum;Buchungstext;Betrag;Währung\n02.01.2025;Confiserie Sprüngli Zürich;-18,50;CHF\n";
    expect(read(cp1252(text), { fileName: "a.csv" }).rows).toEqual(parse(text).rows);
    expect(parse(text).rows[0]!.description).toBe("Confiserie Sprüngli Zürich");
    const bomThen1252 = Uint8Array.from([0xef, 0xbb, 0xbf, ...cp1252(text)]);
    expect(read(bomThen1252, { fileName: "b.csv" }).rows).toEqual(parse(text).rows);
    const utf16 = Uint8Array.from([0xff, 0xfe, ...[...text].flatMap((ch) => [ch.charCodeAt(0) & 0xff, ch.charCodeAt(0) >> 8])]);
    expect(read(utf16, { fileName: "c.csv" }).rows).toEqual(parse(text).rows);
    // Without its BOM (a tool that writes "Unicode text" without one; QA of stop 46: refused as binary data), either byte order.
    expect(read(utf16.subarray(2), { fileName: "d.csv" }).rows).toEqual(parse(text).rows);
    const utf16be = Uint8Array.from([...text].flatMap((ch) => [ch.charCodeAt(0) >> 8, ch.charCodeAt(0) & 0xff]));
    expect(read(utf16be, { fileName: "e.csv" }).rows).toEqual(parse(text).rows);
  });

  test("UTF-16 without a BOM holding a letter whose low byte is 00 (Latvian Ā, U+0100) still reads (review of stop 46: binary data)", () => {
    const text = "Datums;Apraksts;Summa;Valūta\n02.01.2025;ĀBOLI SIA RĪGA;-18,50;EUR\n";
    const le = Uint8Array.from([...text].flatMap((ch) => [ch.charCodeAt(0) & 0xff, ch.charCodeAt(0) >> 8]));
    expect(read(le, { fileName: "lv.csv" }).rows.map((r) => r.description)).toEqual(["ĀBOLI SIA RĪGA"]);
  });

  test("NUL bytes that are no UTF-16 text are still binary data, not a statement", () => {
    expect(binaryKind(Uint8Array.from([0x44, 0x00, 0x00, 0x00, 0x61, 0x00, 0x74, 0x00, 0x65, 0x00]))).toBe("binary data");
    expect(binaryKind(Uint8Array.from([0x44, 0x00, 0x61, 0x74, 0x00, 0x65, 0x3b, 0x00, 0x41, 0x00]))).toBe("binary data");
    // 16-bit samples of a sound, 1…255 little-endian: UTF-16's shape, but control characters read so (review of stop 46).
    expect(binaryKind(Uint8Array.from(Array.from({ length: 255 }, (_, i) => [i + 1, 0]).flat()))).toBe("binary data");
  });

  test("exports joined with a BOM before each header (Windows' `type a.csv b.csv`): the second header is no row (review of stop 46)", () => {
    const part = (rows: string) => `\uFEFF"Date","Description","Amount","Currency"\n${rows}`;
    const s = parse(part('"2026-01-05","Coop","-12.50","CHF"\n') + part('"2026-02-05","Migros","-20.00","CHF"\n'));
    expect(s.rows.map((r) => [r.line, r.amount])).toEqual([[2, -12.5], [4, -20]]);
    expect(s.skipped).toEqual([{ line: 3, reason: "the header row again (the table's next block)" }]);
  });
});

test("a header with nothing under it is an empty statement", () => {
  const s = read(utf8("IBAN;CH93 0023 5235 1234 5601 X\nDate;Text;Amount;Currency\n"), { fileName: "empty.csv" });
  expect([s.format, s.account, s.rows, s.badRows, s.skipped, s.dataLines]).toEqual(["csv", "CH930023523512345601X", [], [], [], 0]);
});

describe("rows with fewer cells than the header", () => {
  // A wide table's footer lines (one or three cells) are left out of the rows the columns are told by (pass 18:
  // Fidelity's disclaimer outnumbered its bookings); a file whose every booking leaves out its empty trailing cells is still
  // told by them, not taken for a header with nothing under it (worked out by hand: -64.20 and +100.00 EUR, two rows).
  test("a file whose every row has less than half the header's cells is read, not passed over as empty", () => {
    const s = parse("Datum;Valuta;Betrag;Waehrung;Text;Referenz;Kategorie;Notiz;Saldo;Konto\n05.01.2026;05.01.2026;-64,20;EUR\n06.01.2026;06.01.2026;100,00;EUR\n");
    expect([s.dataLines, brief(s.rows)]).toEqual([2, [[2, "2026-01-05", -64.2, "EUR", ""], [3, "2026-01-06", 100, "EUR", ""]]]);
  });
});

describe("the Lloyds group's card header over rows the card does not write (review of pass 18)", () => {
  // No payment row: most amounts positive is the card's (purchases positive, read as money out, in pounds); most
  // negative is another export's, read as written by the generic reader (in the data's main currency, none named).
  const header = "Date,Date entered,Reference,Description,Amount\n";
  test("purchases positive: the card's layout", () => {
    const s = parse(`${header}05/02/2026,06/02/2026,T1,BOOTS LONDON,12.00\n07/02/2026,08/02/2026,T2,PRET A MANGER,8.50\n`);
    expect([s.layout, brief(s.rows)]).toEqual(["lloyds-group-card", [[2, "2026-02-05", -12, "GBP", "BOOTS LONDON"], [3, "2026-02-07", -8.5, "GBP", "PRET A MANGER"]]]);
  });
  test("purchases negative: the generic reader", () => {
    // (Days past the 12th: the generic reader tells the date order by the values.)
    const s = read(utf8(`${header}15/02/2026,16/02/2026,T1,BOOTS LONDON,-12.00\n17/02/2026,18/02/2026,T2,PRET A MANGER,-8.50\n`), { fileName: "bank.csv", fallbackCurrency: { code: "EUR", from: "the main currency of your data" } });
    expect([s.layout, brief(s.rows)]).toEqual(["guessed", [[2, "2026-02-15", -12, "EUR", "BOOTS LONDON · T1"], [3, "2026-02-17", -8.5, "EUR", "PRET A MANGER · T2"]]]);
  });
});

describe("delimiters and quoting", () => {
  const rows = [[2, "2025-01-02", -12.5, "CHF", "Coop, Bahnhof"], [3, "2025-01-03", 100, "CHF", 'Twint "Max"']];
  test.each([
    [";", 'Date;Description;Amount;Currency\n2025-01-02;"Coop, Bahnhof";-12.50;CHF\n2025-01-03;"Twint ""Max""";100.00;CHF\n'],
    [",", 'Date,Description,Amount,Currency\n2025-01-02,"Coop, Bahnhof",-12.50,CHF\n2025-01-03,"Twint ""Max""",100.00,CHF\n'],
    ["tab", 'Date\tDescription\tAmount\tCurrency\n2025-01-02\tCoop, Bahnhof\t-12.50\tCHF\n2025-01-03\t"Twint ""Max"""\t100.00\tCHF\n'],
    ["|", 'Date|Description|Amount|Currency\r\n2025-01-02|Coop, Bahnhof|-12.50|CHF\r\n2025-01-03|"Twint ""Max"""|100.00|CHF\r\n'],
    ["sep=", 'sep=;\nDate;Description;Amount;Currency\n2025-01-02;Coop, Bahnhof;-12.50;CHF\n2025-01-03;"Twint ""Max""";100.00;CHF\n'],
  ])("%s", (name, text) => {
    const shifted = name === "sep=" ? rows.map((r) => [(r[0] as number) + 1, ...r.slice(1)]) : rows;
    expect(brief(parse(text).rows)).toEqual(shifted);
  });
});

describe("amount columns", () => {
  test("one signed column in every notation, the decimal mark decided by the column", () => {
    const text = "Date;Text;Amount;Currency\n" + ["1'234.50", "-12", "12-", "(12.00)", "+3.05", "-0.40"].map((a, i) => `2025-01-0${i + 1};T${i};${a};CHF`).join("\n");
    expect(parse(text).rows.map((r) => r.amount)).toEqual([1234.5, -12, -12, -12, 3.05, -0.4]);
    const comma = "Datum;Text;Betrag;Währung\n01.01.2025;A;1.234,50;EUR\n02.01.2025;B;-7,00;EUR\n";
    expect(parse(comma).rows.map((r) => r.amount)).toEqual([1234.5, -7]);
    const dotGroups = "Date,Text,Amount,Currency\n2025-01-01,A,\"1,234.50\",USD\n2025-01-02,B,\"-2,000.00\",USD\n";
    expect(parse(dotGroups).rows.map((r) => r.amount)).toEqual([1234.5, -2000]);
  });

  test("split debit and credit columns (debits written with or without a minus), an empty credit column", () => {
    const text = "Datum;Text;Belastung;Gutschrift;Währung\n02.01.2025;Miete;1'850.00;;CHF\n03.01.2025;Karte;-20.00;;CHF\n05.01.2025;Lohn;;6'100.00;CHF\n";
    expect(brief(parse(text).rows)).toEqual([
      [2, "2025-01-02", -1850, "CHF", "Miete"],
      [3, "2025-01-03", -20, "CHF", "Karte"],
      [4, "2025-01-05", 6100, "CHF", "Lohn"],
    ]);
    const onlyOut = "Date;Payee;Debit;Credit;Currency\n2025-01-02;A;5.00;;CHF\n2025-01-03;B;6.00;;CHF\n";
    expect(parse(onlyOut).rows.map((r) => r.amount)).toEqual([-5, -6]);
  });

  test("an amount with a debit/credit indicator column: S/H, D/C, Debit/Credit, Soll/Haben, recognised by content", () => {
    for (const [out, into] of [["S", "H"], ["D", "C"], ["Debit", "Credit"], ["Soll", "Haben"], ["DR", "CR"]]) {
      const text = `Date|Libellé|Montant|Sens|Devise\n02/01/2025|Carrefour|12,50|${out}|EUR\n25/01/2025|Salaire|2 100,00|${into}|EUR\n`;
      expect([out, parse(text).rows.map((r) => r.amount)]).toEqual([out, [-12.5, 2100]]);
    }
    const mapped = "D;T;Wert;Kennz;C\n01.01.2025;A;5,00;S;EUR\n02.01.2025;B;7,00;H;EUR\n";
    expect(parse(mapped, { dateColumn: "D", descriptionColumn: "T", amountColumn: "Wert", currencyColumn: "C" }).rows.map((r) => r.amount)).toEqual([-5, 7]);
    const unknown = "Datum;Text;Betrag;S/H;Währung\n01.01.2025;A;5,00;S;EUR\n02.01.2025;B;5,00;H;EUR\n03.01.2025;C;5,00;X;EUR\n";
    // "X" is no debit/credit mark: the row marked S must not be read as +5 (money in), so the file is refused, naming it.
    expect(() => parse(unknown)).toThrow('bank.csv: line 4: the column "S/H" marks money out and in, but its value "X" is neither a debit nor a credit mark');
  });

  test("UBS-like columns: Debit/Credit win over a secondary 'Individual amount'; Balance is never an amount", () => {
    const text = "Booking date;Description;Debit;Credit;Individual amount;Balance;Currency\n2025-01-02;A;-5.00;;;95.00;CHF\n2025-01-03;B;;10.00;;105.00;CHF\n";
    expect(parse(text).rows.map((r) => r.amount)).toEqual([-5, 10]);
  });
});

describe("date columns", () => {
  test("each format, decided from the whole column, with time parts", () => {
    const make = (dates: string[]) => "Date,Payee,Amount,Currency\n" + dates.map((d, i) => `${d},P${i},-1.00,USD`).join("\n");
    expect(parse(make(["2025-01-02 13:45:00", "2025-01-13T08:00"])).rows.map((r) => r.date)).toEqual(["2025-01-02", "2025-01-13"]);
    expect(parse(make(["02.01.2025", "13.01.2025"])).rows.map((r) => r.date)).toEqual(["2025-01-02", "2025-01-13"]);
    expect(parse(make(["02/01/2025", "13/01/2025"])).rows.map((r) => r.date)).toEqual(["2025-01-02", "2025-01-13"]);
    expect(parse(make(["01/02/2025", "01/13/2025"])).rows.map((r) => r.date)).toEqual(["2025-01-02", "2025-01-13"]);
  });

  test("German 'Valuta' (a value date) and Italian 'Valuta' (the currency) are told apart by their content", () => {
    const de = "Buchungsdatum;Valuta;Buchungstext;Betrag;Währung\n02.01.2025;03.01.2025;REWE;-5,00;EUR\n";
    expect(brief(parse(de).rows)).toEqual([[2, "2025-01-02", -5, "EUR", "REWE"]]);
    const it = "Data contabile;Data valuta;Descrizione;Importo;Valuta\n02/01/2025;03/01/2025;Esselunga;-45,10;EUR\n28/01/2025;28/01/2025;Stipendio;2.500,00;EUR\n";
    expect(brief(parse(it).rows)).toEqual([[2, "2025-01-02", -45.1, "EUR", "Esselunga"], [3, "2025-01-28", 2500, "EUR", "Stipendio"]]);
  });

  test("every date fits day-first and month-first: the user is asked for --date-format", () => {
    const text = "Date,Payee,Amount,Currency\n01/02/2025,A,1.00,USD\n12/12/2025,B,2.00,USD\n";
    expect(() => parse(text)).toThrow(
      'bank.csv: line 1: cannot tell the date format of column "Date" (every date fits both day-first and month-first); set --date-format YYYY-MM-DD, DD.MM.YYYY, DD/MM/YYYY or MM/DD/YYYY',
    );
    expect(parse(text, { dateFormat: "MM/DD/YYYY" }).rows.map((r) => r.date)).toEqual(["2025-01-02", "2025-12-12"]);
    expect(parse(text, { dateFormat: "DD/MM/YYYY" }).rows.map((r) => r.date)).toEqual(["2025-02-01", "2025-12-12"]);
  });
});

describe("currencies", () => {
  test("a currency column wins; its empty cells take the file's currency from the preamble; --currency overrides both", () => {
    const text = "Währung:;EUR\n\nDatum;Text;Betrag;Währung\n01.01.2025;A;-5,00;chf\n02.01.2025;B;-6,00;\n";
    expect(parse(text).rows.map((r) => r.currency)).toEqual(["CHF", "EUR"]);
    expect(parse(text, { currency: "usd" }).rows.map((r) => r.currency)).toEqual(["USD", "USD"]);
    expect(() => parse(text, { currency: "dollars" })).toThrow('bank.csv: --currency "DOLLARS" is not a three-letter ISO code');
  });
});

describe("exports of online banks", () => {
  test("N26-like: the amount in EUR named in its header, a foreign amount and its currency ignored", () => {
    const text = '"Date","Payee","Account number","Transaction type","Payment reference","Amount (EUR)","Amount (Foreign Currency)","Type Foreign Currency","Exchange Rate"\n' +
      '"2025-01-02","Pret A Manger","","MasterCard Payment","","-6.90","-5.80","GBP","1.19"\n' +
      '"2025-01-03","Anna Muster","DE89370400440532013000","Credit Transfer","Miete","450.00","","",""\n';
    expect(brief(parse(text).rows)).toEqual([[2, "2025-01-02", -6.9, "EUR", "Pret A Manger"], [3, "2025-01-03", 450, "EUR", "Anna Muster · Miete"]]);
  });

  test("Revolut-like: the completed date, not the started one", () => {
    const text = "Type,Product,Started Date,Completed Date,Description,Amount,Fee,Currency,State,Balance\n" +
      "CARD_PAYMENT,Current,2025-01-30 21:10:05,2025-02-01 09:00:00,Uber,-14.20,0.00,CHF,COMPLETED,100.00\n";
    expect(brief(parse(text).rows)).toEqual([[2, "2025-02-01", -14.2, "CHF", "Uber"]]);
  });
});

describe("descriptions", () => {
  test("money out names the payee, money in the payer, when the bank gives both; the purpose follows", () => {
    const text = "Buchungsdatum;Zahlungspflichtige*r;Zahlungsempfänger*in;Verwendungszweck;Betrag (€)\n" +
      "02.01.2025;Anna Muster;REWE Markt GmbH;Einkauf;-23,10\n" +
      "31.01.2025;Arbeitgeber AG;Anna Muster;Gehalt;2.500,00\n" +
      "31.01.2025;;;Zinsen;0,12\n";
    expect(brief(parse(text).rows)).toEqual([
      [2, "2025-01-02", -23.1, "EUR", "REWE Markt GmbH · Einkauf"],
      [3, "2025-01-31", 2500, "EUR", "Arbeitgeber AG · Gehalt"],
      [4, "2025-01-31", 0.12, "EUR", "Zinsen"],
    ]);
    // The content-hash id keeps round 3's text: the party alone.
    expect(parse(text).rows.map((r) => r.idText)).toEqual(["REWE Markt GmbH", "Arbeitgeber AG", "Zinsen"]);
  });

  test("the content-hash id's text comes from the columns round 3 chose, although round 4 splits camel-case headers", () => {
    // Round 3 read "bookingText" as the one word "bookingtext" (no description word), so its id text was the
    // "Beschreibung" column; round 4 reads it as "booking text" and describes with it, but the id must not move, or a
    // file imported before round 4 would come back as possible duplicates instead of duplicates.
    const text = "Datum;Betrag;Währung;bookingText;Beschreibung\n02.01.2025;-18,50;CHF;Kartenzahlung;Confiserie Sprüngli\n";
    const [row] = parse(text).rows;
    expect([row!.description, row!.idText]).toEqual(["Kartenzahlung · Confiserie Sprüngli", "Confiserie Sprüngli"]);
  });
});

describe("a mapping overrides the guesses", () => {
  test("named columns, a fixed currency, a date format and a decimal mark", () => {
    const text = "When;Who;How much;Note\n2025-01-02;Kiosk;-1.234;x\n";
    expect(brief(parse(text, { dateColumn: "When", descriptionColumn: "Who", amountColumn: "How much", currency: "chf", decimal: "," }).rows)).toEqual([
      [2, "2025-01-02", -1234, "CHF", "Kiosk"], // "," is the decimal mark, so "." groups thousands
    ]);
    const split = "D;T;Out;In;C\n2025-01-02;A;3.00;;EUR\n";
    expect(parse(split, { dateColumn: "D", descriptionColumn: "T", debitColumn: "Out", creditColumn: "In", currencyColumn: "C" }).rows.map((r) => r.amount)).toEqual([-3]);
  });

  test("a mapped column that does not exist lists the columns", () => {
    expect(() => parse("When;Who;How much\n2025-01-02;A;-1.00\n", { dateColumn: "Whenn" })).toThrow('bank.csv: --date-column "Whenn" is not a column; the columns are "When", "Who", "How much"');
  });
});

test("ABN AMRO's TAB export of two accounts: each row is booked to the account its first column names (QA round 16)", () => {
  const s = read(fixture("abnamro-tab-two-accounts.txt"), { fileName: "TXT260307.TAB", fallbackCurrency: { code: "CHF", from: "x" } });
  expect(s.rows.map((r) => [r.line, r.account, r.amount])).toEqual([
    [1, "417164300", -37.4],
    [2, "417164300", 2100],
    [3, "417164300", -950],
    [4, "562039811", -25],
    [5, "562039811", 100],
  ]);
});

test("Mint's export of every account: each row is booked to the account its \"Account Name\" names (QA round 4, pass 27)", () => {
  const s = read(fixture("mint-export.csv"), { fileName: "transactions.csv", fallbackCurrency: { code: "CHF", from: "x" } });
  expect(s.rows.map((r) => [r.line, r.account, r.amount])).toEqual([
    [2, "Everyday Checking", -63.18],
    [3, "Everyday Checking", 1842.5],
    [4, "Rewards Visa", 300],
    [5, "Everyday Checking", -300],
    [6, "Rewards Visa", -27],
  ]);
});

test("a money app's export of every account (Spendee's wallets, Monarch's accounts): its rows name no account, so a bank's statement of the same bookings finds them as possible duplicates; an \"Account\" of other parties' IBANs or of ledger accounts beside \"Converted amount\" is no account either (review of qa33)", () => {
  const opts = { fileName: "export.csv", fallbackCurrency: { code: "CHF", from: "x" } };
  // The account names typed in the app are no bank's account: read as the rows' accounts, the same bookings stored from
  // the bank under its IBAN were never compared with them, and were booked twice (app-account-duplicates.test.ts).
  expect(read(fixture("spendee-wallets.csv"), opts).rows.map((r) => [r.line, r.account, r.amount])).toEqual([
    [2, null, 3100],
    [3, null, -250],
    [4, null, 250],
    [5, null, -18.4],
    [6, null, -63.75],
  ]);
  expect(read(fixture("monarch-accounts.csv"), opts).rows.map((r) => r.account)).toEqual([null, null, null, null, null, null]);
  // One account told for every row (--account): the rows are that account's.
  expect(read(fixture("monarch-accounts.csv"), { ...opts, accountOverride: "Household" }).rows.every((r) => r.account === "Household")).toBe(true);
  expect(read(fixture("merchant-account-nearmiss.csv"), opts).rows.map((r) => r.account)).toEqual([null, null, null]);
  // Monefy's "Converted amount" beside "Account", in a bank's export whose "Account" is the other party's IBAN, and in an
  // expense export whose "Account" is the ledger's: were booked to the landlord's IBAN and to "6640 Travel".
  const counterparty = utf8(
    "Booking date,Value date,Description,Account,Amount,Converted amount,Currency\n" +
      "01.05.2026,01.05.2026,Rent May,CH27 0070 0110 0012 3456 7,-1850.00,-1850.00,CHF\n" +
      "04.05.2026,04.05.2026,Salary Beispiel AG,CH61 0900 0000 1234 5678 9,6100.00,6100.00,CHF\n" +
      "08.05.2026,08.05.2026,To savings,CH12 0483 5099 8877 6655 4,-400.00,-400.00,CHF\n",
  );
  expect(read(counterparty, opts).rows.map((r) => r.account)).toEqual([null, null, null]);
  const ledger = utf8(
    "Date,Merchant,Description,Amount,Currency,Converted amount,Account\n" +
      "2026-05-02,SBB CFF FFS,Train Basel-Bern,-41.00,CHF,-41.00,6640 Travel\n" +
      "2026-05-05,Swisscom,Mobile May,-39.00,CHF,-39.00,6500 Telecom\n" +
      "2026-05-07,Zunfthaus,Client lunch,-88.50,CHF,-88.50,6800 Meals\n",
  );
  expect(read(ledger, opts).rows.map((r) => r.account)).toEqual([null, null, null]);
});

test("Mint's export: a row of an account whose earlier rows are in CAD is CAD; the others keep the layout's assumed USD, said so (review of pass 27)", () => {
  const s = read(fixture("mint-export.csv"), { fileName: "transactions.csv", fallbackCurrency: { code: "CHF", from: "x" }, accountCurrencies: { "Everyday Checking": "CAD" } });
  expect(s.rows.map((r) => [r.line, r.account, r.amount, r.currency])).toEqual([
    [2, "Everyday Checking", -63.18, "CAD"],
    [3, "Everyday Checking", 1842.5, "CAD"],
    [4, "Rewards Visa", 300, "USD"],
    [5, "Everyday Checking", -300, "CAD"],
    [6, "Rewards Visa", -27, "USD"],
  ]);
  expect(s.notes).toEqual([
    "the currency CAD (from the account Everyday Checking's earlier rows) for 3 rows without a currency of their own",
    "the file names no currency anywhere: 2 rows were taken as USD (the Mint (Intuit) layout: Mint exported the dollars of US and Canadian accounts and names no currency); if this account is in another currency, set the currency of every row (--currency CODE) and import the file again",
  ]);
  // A currency the file states wins over the account's (--currency here).
  const given = read(fixture("mint-export.csv"), { fileName: "transactions.csv", mapping: { currency: "USD" }, accountCurrencies: { "Everyday Checking": "CAD" } });
  expect(given.rows.map((r) => r.currency)).toEqual(["USD", "USD", "USD", "USD", "USD"]);
});

test("an unsigned Amount beside a Debit/Credit pair filled on some rows only: the rows the pair leaves empty stay bad rows, never read as money in (review of pass 27)", () => {
  const file = utf8("Date,Description,Amount,Debit,Credit\n2025-07-02,Lakeside Pharmacy,14.30,14.30,\n2025-07-10,Rent refund,250.00,,250.00\n2025-07-21,Fuel Stop 66,47.15,,\n");
  expect(read(file, { fileName: "u.csv", fallbackCurrency: { code: "CHF", from: "x" } }).badRows).toEqual([{ line: 4, reason: "no amount: Debit and Credit are empty" }]);
  // A pair that contradicts the amount where both are filled is the pair's too.
  const other = utf8("Date,Description,Amount,Outflow,Inflow\n2025-07-02,Lakeside Pharmacy,-14.30,14.30,\n2025-07-10,Rent refund,-250.00,,250.00\n2025-07-21,Fuel Stop 66,-47.15,,\n");
  expect(read(other, { fileName: "o.csv", fallbackCurrency: { code: "CHF", from: "x" } }).badRows).toEqual([{ line: 4, reason: "no amount: Outflow and Inflow are empty" }]);
});

describe("what cannot be read", () => {
  test("a Splitwise group's sheet and a broker's holdings list are named as no statement, not offered a column mapping (qa33)", () => {
    const splitwise = "Date,Description,Category,Cost,Currency,Mara,Jonas,Priya\n\n2026-05-02,Cabin rent,Rent,450.00,CHF,300.00,-150.00,-150.00\n2026-05-03,Groceries,Groceries,96.60,CHF,-32.20,64.40,-32.20\n\n2026-05-20,Total balance, , ,CHF,267.80,-85.60,-182.20\n";
    expect(() => parse(splitwise)).toThrow("bank.csv: this is a Splitwise group's expenses and each member's share of them (who owes whom), not money moved in an account of yours; nothing to import");
    expect(() => parse("Date,Description,Catégorie,Coût,Devise,Léa,Hugo\n2026-05-02,Chalet,Général,300.00,EUR,150.00,-150.00\n")).toThrow("a Splitwise group's expenses");
    const holdings = '"Holdings as of 04/30/2026"\n\n"Symbol","Description","Quantity","Price ($)","Value ($)"\n"VXUS","VANGUARD TOTAL INTL STOCK ETF","80","64.10","5,128.00"\n"BND","VANGUARD TOTAL BOND MARKET ETF","40","72.35","2,894.00"\n';
    expect(() => parse(holdings)).toThrow("bank.csv: this is a list of investment holdings (symbol, quantity, price, value), not a statement of money moved; nothing to import");
    // A statement with a "Quantity" beside its booking columns is read (no "Symbol").
    expect(parse("Date,Description,Quantity,Amount\n2026-05-02,Coffee beans,2,-18.40\n2026-05-03,Refund,1,9.20\n", { currency: "CHF" }).rows.map((r) => r.amount)).toEqual([-18.4, 9.2]);
  });

  test("dates without a year (JA Bank's \"5月7日\"): refused saying so, not as unclear columns (QA round 16)", () => {
    const ja =
      '"番号","明細区分","取扱日付","起算日","お支払金額","お預り金額","取引区分","残高","摘要"\n' +
      '"001","","5月1日","","","¥250,000","振込入金","¥312,400","ｷﾕｳﾖ"\n' +
      '"002","","5月7日","","¥8,800","","出金","¥303,600","ﾃﾞﾝｷﾀﾞｲ"\n';
    expect(() => parse(ja)).toThrow(
      'bank.csv: line 1: the dates in "取扱日付" have no year ("5月1日"), so the day of a row cannot be told; export the statement with full dates (day, month and year)',
    );
    // The same file with its years reads (2025年5月1日): the year was all it lacked.
    expect(brief(parse(ja.replaceAll('"5月', '"2025年5月')).rows)).toEqual([
      [2, "2025-05-01", 250000, "JPY", "ｷﾕｳﾖ"],
      [3, "2025-05-07", -8800, "JPY", "ﾃﾞﾝｷﾀﾞｲ"],
    ]);
  });

  test("columns that cannot be guessed: the message names the columns found and the flags", () => {
    expect(() => parse("Foo;Bar;Baz\n1;2;3\n4;5;6\n")).toThrow(
      'bank.csv: line 1: cannot tell which columns hold the date, the amount (one signed column, or a debit and a credit column), the description; found columns "Foo", "Bar", "Baz". ' +
        "Name them with --date-column, --amount-column (or --debit-column and --credit-column), --description-column, --currency-column or --currency, and if needed --date-format and --decimal",
    );
  });

  test("no currency named, but month-first dates: dollars, and the note says why (QA round 4, fifth pass: stored as the data's main currency)", () => {
    const s = parse("Posted Date,Payee,Amount\n01/02/2025,Amazon,(12.00)\n01/13/2025,Refund,12.00\n");
    expect(s.rows.map((r) => [r.date, r.amount, r.currency])).toEqual([["2025-01-02", -12, "USD"], ["2025-01-13", 12, "USD"]]);
    expect(s.notes).toEqual(["the file names no currency anywhere: every row was taken as USD (the dates' month-first order, MM/DD/YYYY, as US banks write them, and Canadian banks too); if this account is in another currency, set the currency of every row (--currency CODE) and import the file again"]);
  });

  test("no currency anywhere: ask for --currency", () => {
    expect(() => parse("Posted Date,Payee,Amount\n2025-01-02,Amazon,(12.00)\n2025-01-13,Refund,12.00\n")).toThrow(
      'bank.csv: no currency column and no currency named in the file; set --currency CODE (or --currency-column H); columns: "Posted Date", "Payee", "Amount"',
    );
  });

  test("amounts that read as thousands or decimals alike: ask for --decimal", () => {
    expect(() => parse("Date;Text;Amount;Currency\n2025-01-02;A;1,234;CHF\n2025-01-03;B;5,000;CHF\n")).toThrow(
      'bank.csv: cannot tell the decimal mark of "Amount" (every amount reads as a whole number with thousands or as a decimal); set --decimal . or --decimal ,',
    );
  });

  test("an amount 'abc' on line 4 and an unreal date on line 5 are bad rows; the rest is read", () => {
    const s = parse("Date;Text;Amount;Currency\n2025-01-01;A;1.00;CHF\n2025-01-02;B;2.00;CHF\n2025-01-03;C;abc;CHF\n2025-02-30;D;4.00;CHF\n;E;5.00;CHF\n2025-01-06;F;6.00;CH\n");
    expect(s.rows.map((r) => r.line)).toEqual([2, 3]);
    expect(s.badRows).toEqual([
      { line: 4, reason: 'Amount "abc" is not an amount' },
      { line: 5, reason: 'Date "2025-02-30" is not a real date' },
      { line: 6, reason: 'no date in "Date"' },
      { line: 7, reason: 'Currency "CH" is not a three-letter code' },
    ]);
  });
});

describe("a card export of no known layout (issue 32)", () => {
  const usd = { code: "USD", from: "the main currency of your data" };
  test("a payment to the card written negative among positive amounts: purchases are positive, turned to money out", () => {
    // American Express's plain download: Date,Description,Amount; charges positive, the payment −1'000.00.
    const s = read(utf8("Date,Description,Amount\n09/19/2025,EXAMPLE CAFE BROOKLYN NY,11.00\n09/15/2025,ONLINE PAYMENT - THANK YOU,-1000.00\n09/12/2025,WHOLEFDS BKN 10234,84.37\n"), { fileName: "amex.csv", fallbackCurrency: usd });
    expect(brief(s.rows)).toEqual([
      [2, "2025-09-19", -11, "USD", "EXAMPLE CAFE BROOKLYN NY"],
      [3, "2025-09-15", 1000, "USD", "ONLINE PAYMENT - THANK YOU"],
      [4, "2025-09-12", -84.37, "USD", "WHOLEFDS BKN 10234"],
    ]);
    expect(s.notes).toContain("a card export that writes purchases positive: they are read as money out, payments to the card as money in");
  });

  test("a bank account's signs are left as written (no payment to a card among them, or one that is money in)", () => {
    const bank = read(utf8("Date,Description,Amount\n09/19/2025,SALARY ACME,3000.00\n09/15/2025,Rent,-1000.00\n09/12/2025,Transfer,84.37\n"), { fileName: "b.csv", fallbackCurrency: usd });
    expect(bank.rows.map((r) => r.amount)).toEqual([3000, -1000, 84.37]);
    // Chase's card writes purchases negative: its "Payment Thank You" is positive, money in as written.
    const chase = read(utf8("Date,Description,Amount\n10/24/2025,Payment Thank You - Web,2519.13\n10/24/2025,UBER TRIP,-20.96\n"), { fileName: "c.csv", fallbackCurrency: usd });
    expect(chase.rows.map((r) => r.amount)).toEqual([2519.13, -20.96]);
  });

  test("a Type column saying 'Purchase' on positive rows makes it a card export, with no card column and no 'thank you' line (QA round 4: Apple Card's purchases were income)", () => {
    const text = "Transaction Date,Description,Type,Amount (USD)\n01/28/2026,UBER EATS,Purchase,32.18\n01/20/2026,ACH DEPOSIT INTERNET TRANSFER,Payment,-300.00\n01/14/2026,APPLE.COM/BILL,Purchase,2.99\n";
    expect(read(utf8(text), { fileName: "apple.csv", fallbackCurrency: usd }).rows.map((r) => r.amount)).toEqual([-32.18, 300, -2.99]);
    // Chase's card calls its purchases "Sale" and writes them negative: left as written.
    const chase = "Transaction Date,Post Date,Description,Category,Type,Amount\n01/28/2026,01/29/2026,UBER TRIP,Travel,Sale,-20.96\n01/24/2026,01/24/2026,AUTOMATIC PAYMENT,,Payment,500.00\n";
    expect(read(utf8(chase.replace("Category,Type", "Cat,Type")), { fileName: "c.csv", fallbackCurrency: usd }).rows.map((r) => r.amount)).toEqual([-20.96, 500]);
  });

  test("a card column on the positive rows and none on the negative ones makes a card export only with a payment to the card among them (Cornèr's \"Ihre Zahlung\"), not an account's cash deposits by card", () => {
    // Review of pass 20: an account's export naming the card on its cash deposits (+500.00, +300.00) and a purchase
    // (−25.40), none on the rent and the fee: every sign was turned, the rent booked as +1'800.00, exit 0. As written now.
    const chf = { code: "CHF", from: "the main currency of your data" };
    const account = "Datum;Karte;Buchungstext;Betrag\n02.03.2026;**1234;Bareinzahlung Automat Zürich HB;500.00\n05.03.2026;**1234;Bareinzahlung Automat Bern;300.00\n09.03.2026;**1234;Coop Pronto;-25.40\n15.03.2026;;Dauerauftrag Miete;-1800.00\n31.03.2026;;Kontoführungsgebühr;-5.00\n";
    const s = read(utf8(account), { fileName: "konto.csv", fallbackCurrency: chf });
    expect(s.rows.map((r) => r.amount)).toEqual([500, 300, -25.4, -1800, -5]);
    expect(s.notes).not.toContain("a card export that writes purchases positive: they are read as money out, payments to the card as money in");
    // The same signs with the card's payment ("Ihre Zahlung", Cornèr's words) and a rounding credit where the rent and
    // the fee were: a card's export, every sign turned (purchases money out, the payment and the credit money in).
    const card = read(utf8(account.replace("Dauerauftrag Miete", "Ihre Zahlung").replace("Kontoführungsgebühr", "Rundungsdifferenz")), { fileName: "karte.csv", fallbackCurrency: chf });
    expect(card.rows.map((r) => r.amount)).toEqual([-500, -300, 25.4, 1800, 5]);
  });

  test("a Chinese account's purchases (消费) and card repayments (还款) both money out are left as written; only a card gives them opposite signs (qa38)", () => {
    const cny = { code: "CNY", from: "the main currency of your data" };
    // A debit account: a purchase, the holder's card repaid from it, a refund of a purchase and the salary, as written.
    const account = "交易日期,交易摘要,交易金额\n2026-02-03,消费 示例便利店,-58.00\n2026-02-05,信用卡还款 示例银行,-1200.00\n2026-02-06,消费退款 示例便利店,18.00\n2026-02-10,工资 示例公司,9000.00\n";
    expect(read(utf8(account), { fileName: "debit.csv", fallbackCurrency: cny }).rows.map((r) => r.amount)).toEqual([-58, -1200, 18, 9000]);
    // The card's export writes the purchase positive and the repayment negative: every sign turned.
    const card = "交易日期,交易摘要,交易金额\n2026-02-03,（消费）示例便利店,58.00\n2026-02-05,（还款）转账还款,-1200.00\n2026-02-06,（退款）示例便利店,-18.00\n";
    expect(read(utf8(card), { fileName: "card.csv", fallbackCurrency: cny }).rows.map((r) => r.amount)).toEqual([-58, 1200, 18]);
    // A card's purchase given back under its bracketed kind ("（消费）… 退货") is still a card's.
    const refund = "交易日期,交易摘要,交易金额\n2026/02/14,（消费）示例超市,86.40\n2026/02/12,（消费）示例书店,120.00\n2026/02/13,（消费）示例书店 退货,-120.00\n2026/01/28,（还款）转账还款,-1500.00\n";
    expect(read(utf8(refund), { fileName: "card.csv", fallbackCurrency: cny }).rows.map((r) => r.amount)).toEqual([-86.4, -120, 120, 1500]);
    // Accounts whose texts only begin with 消费 or 分期, money in, beside a repayment paid from them (review of r4-qa38:
    // every sign was turned, the salary money out): a cashback, a consumer loan paid out, a payee's name, points.
    const accounts: [string, number[]][] = [
      ["交易日期,交易摘要,交易金额\n2026-02-02,消费返现 示例银行,5.00\n2026-02-05,信用卡还款 示例银行,-1200.00\n2026-02-08,快捷支付 示例超市,-58.00\n2026-02-10,工资 示例公司,9000.00\n", [5, -1200, -58, 9000]],
      ["交易日期,交易摘要,交易金额\n2026-02-02,分期贷款放款 示例消费金融,10000.00\n2026-02-05,贷款还款 示例消费金融,-850.00\n2026-02-08,转账 张三,-300.00\n", [10000, -850, -300]],
      ["交易日期,交易摘要,对方户名,交易金额\n2026-02-02,代发工资,示例公司,9000.00\n2026-02-05,还款,马上消费金融股份有限公司,-850.00\n2026-02-06,转账,消费者协会,200.00\n", [9000, -850, 200]],
      ["交易日期,交易摘要,交易金额\n2026-02-02,消费积分兑换 示例商城,30.00\n2026-02-05,信用卡还款,-1200.00\n2026-02-10,工资,9000.00\n2026-02-12,ATM取款,-500.00\n", [30, -1200, 9000, -500]],
    ];
    for (const [text, amounts] of accounts) expect(read(utf8(text), { fileName: "debit.csv", fallbackCurrency: cny }).rows.map((r) => r.amount)).toEqual(amounts);
  });

  test("a bare 借/贷 is a sign mark only under a 借贷 header; in a note column it is a note, and the amounts are read as written (review of r4-qa38)", () => {
    const cny = { code: "CNY", from: "the main currency of your data" };
    // 备注 with a lone 借 (borrowed, money in) and 贷: was refused ("备注 \"\" is neither debit nor credit"), or with
    // --skip-bad-rows the salary and the purchase lost and the marked rows turned.
    const note = "交易日期,交易摘要,交易金额,备注\n2026-02-03,转账 张三,2000.00,借\n2026-02-05,代发工资,9000.00,\n2026-02-14,网上支付,-64.20,\n2026-02-16,转账 李四,-500.00,贷\n";
    expect(read(utf8(note), { fileName: "debit.csv", fallbackCurrency: cny }).rows.map((r) => r.amount)).toEqual([2000, 9000, -64.2, -500]);
    // Under 借贷 and 借贷标志 they sign the unsigned amounts, and the balances walk by them.
    for (const header of ["借贷", "借贷标志"]) {
      const marked = `交易日期,${header},交易金额,余额,摘要\n2026-02-03,借,64.20,1835.80,网上支付\n2026-02-05,贷,2800.00,4635.80,代发工资\n2026-02-14,借,1200.00,3435.80,转账\n`;
      const s = read(utf8(marked), { fileName: "debit.csv", fallbackCurrency: cny });
      expect(s.rows.map((r) => r.amount)).toEqual([-64.2, 2800, -1200]);
      expect(s.reconciliation?.map((x) => x.status)).toEqual(["ok"]);
    }
  });

  test("a card's \"Interest Charge on Purchases\" written positive makes its purchases positive; written negative, the card's signs are left as written (qa38)", () => {
    const usd = { code: "USD", from: "the main currency of your data" };
    const positive = "Trans Date,Post Date,Description,Amount\n03/14/2026,03/16/2026,CORNER BAKERY,8.75\n04/07/2026,04/07/2026,Interest Charge on Purchases,2.14\n";
    expect(read(utf8(positive), { fileName: "visa.csv", fallbackCurrency: usd }).rows.map((r) => r.amount)).toEqual([-8.75, -2.14]);
    // A card that writes its purchases negative (Chase's), the payment positive: as written.
    const negative = "Trans Date,Post Date,Description,Amount\n03/14/2026,03/16/2026,CORNER BAKERY,-8.75\n03/20/2026,03/20/2026,AUTOMATIC PAYMENT - THANK YOU,500.00\n04/07/2026,04/07/2026,PURCHASE INTEREST CHARGE,-2.14\n";
    expect(read(utf8(negative), { fileName: "card.csv", fallbackCurrency: usd }).rows.map((r) => r.amount)).toEqual([-8.75, 500, -2.14]);
    // An account's deposits and its own interest paid, all positive: as written (a hint to flip, no turn).
    const account = "Date,Description,Amount\n03/14/2026,DEPOSIT ACME PAYROLL,1800.00\n03/31/2026,INTEREST PAID,1.12\n";
    expect(read(utf8(account), { fileName: "acct.csv", fallbackCurrency: usd }).rows.map((r) => r.amount)).toEqual([1800, 1.12]);
    // A card that writes its purchases negative and the payment positive, the interest given back positive (review of
    // r4-qa38: every sign was turned, the payment money out): as written, whether the line says it is a reversal or not.
    const given = (line: string) => `Date,Description,Amount\n03/14/2026,CORNER BAKERY,-8.75\n03/18/2026,AMAZON MKTPLACE,-42.10\n03/20/2026,ONLINE PAYMENT RECEIVED,500.00\n04/07/2026,${line},2.14\n`;
    for (const line of ["INTEREST CHARGE ON PURCHASES REVERSAL", "Interest Charge on Purchases"]) {
      expect(read(utf8(given(line)), { fileName: "card.csv", fallbackCurrency: usd }).rows.map((r) => r.amount)).toEqual([-8.75, -42.1, 500, 2.14]);
    }
    // The reversal alone, no payment: it is not the charge and says nothing of the signs; read as written.
    const reversal = "Date,Description,Amount\n03/14/2026,CORNER BAKERY,-8.75\n03/18/2026,AMAZON MKTPLACE,-42.10\n04/07/2026,INTEREST CHARGE ON PURCHASES REVERSAL,2.14\n";
    expect(read(utf8(reversal), { fileName: "card.csv", fallbackCurrency: usd }).rows.map((r) => r.amount)).toEqual([-8.75, -42.1, 2.14]);
  });

  test("mostly positive amounts with a negative one and nothing else to tell a card's export from an account's: refused, saying which flag says which; either flag reads it", () => {
    // 3 of 4 positive (15.99, 42.10, 60.00; the refund −42.10): purchases and a refund, or deposits and a withdrawal.
    const text = "Date,Description,Amount\n2026-01-05,NETFLIX.COM,15.99\n2026-01-07,AMAZON MKTPLACE,42.10\n2026-01-09,AMAZON MKTPLACE REFUND,-42.10\n2026-01-12,SHELL 1234,60.00\n";
    expect(() => read(utf8(text), { fileName: "card.csv", fallbackCurrency: usd })).toThrow(
      'card.csv: 3 of the 4 amounts in "Amount" are positive, and nothing in the file (a card column, a payment to the card, a balance column) tells whether it is a card\'s export that writes purchases positive or an account\'s money coming in; if they are card purchases, import it with --flip-signs; if they are money received, with --amount-column "Amount" (the signs as written)',
    );
    expect(read(utf8(text), { fileName: "card.csv", fallbackCurrency: usd, flipSigns: true }).rows.map((r) => r.amount)).toEqual([-15.99, -42.1, 42.1, -60]);
    expect(read(utf8(text), { fileName: "card.csv", fallbackCurrency: usd, mapping: { amountColumn: "Amount" } }).rows.map((r) => r.amount)).toEqual([15.99, 42.1, -42.1, 60]);
    // All positive says nothing of a convention (a month of deposits, or of purchases): read as written, as before.
    expect(read(utf8(text.replace("-42.10", "42.10")), { fileName: "card.csv", fallbackCurrency: usd }).rows.map((r) => r.amount)).toEqual([15.99, 42.1, 42.1, 60]);
  });

  test("a debit that names a card paid in an account's words, beside mostly money in: refused, naming its line; either flag reads it; a Zelle or pay received at a text's start reads it as an account's (this stop's probe: every sign turned, the payroll money out, exit 0)", () => {
    // A checking month: payroll, a Venmo cash-out, a transfer in and a refund (2'310.00 + 120.00 + 500.00 + 23.99) and one
    // debit that pays a card or a bill by autopay (−812.45). A card's export of four purchases and its payment received
    // would look the same: which it is, only the user can say.
    const month = (debit: string, received = "VENMO CASHOUT PPD ID: 5264681992") =>
      `Posting Date,Description,Amount\n03/13/2026,NORTHWIND LOGISTICS PAYROLL,2310.00\n03/16/2026,${received},120.00\n03/18/2026,ONLINE TRANSFER FROM SAV ...7731,500.00\n03/20/2026,${debit},-812.45\n03/23/2026,AMAZON.COM REFUND,23.99\n`;
    const chase = month("CHASE CREDIT CRD AUTOPAY PPD ID: 4760039224");
    expect(() => read(utf8(chase), { fileName: "checking.csv", fallbackCurrency: usd })).toThrow(
      'checking.csv: line 5: "CHASE CREDIT CRD AUTOPAY PPD ID: 4760039224" is written negative and names a payment to a card, but not in a card issuer\'s own words, and 4 of the 5 amounts in "Amount" are positive: it may be a card\'s export (purchases positive, the payment it received negative) or an account\'s (money coming in, a payment to a card going out), and nothing else in the file (the card\'s own payment line, a column of row kinds, a balance column) tells which; if they are card purchases, import it with --flip-signs; if they are money received, with --amount-column "Amount" (the signs as written)',
    );
    expect(read(utf8(chase), { fileName: "checking.csv", fallbackCurrency: usd, mapping: { amountColumn: "Amount" } }).rows.map((r) => r.amount)).toEqual([2310, 120, 500, -812.45, 23.99]);
    expect(read(utf8(chase), { fileName: "checking.csv", fallbackCurrency: usd, flipSigns: true }).rows.map((r) => r.amount)).toEqual([-2310, -120, -500, 812.45, -23.99]);
    // Other debits of an account that pay a card or a bill, in English, German and French; an issuer's bare line without
    // its thanks ("CAPITAL ONE AUTOPAY PYMT"; "AUTOPAY PAYMENT" beside pay named after its payer) is an account's debit text as well.
    for (const debit of ["VERIZON WIRELESS AUTOPAY", "CITI AUTOPAY PAYMENT 240312", "US BANK AUTOPAY", "ONLINE PAYMENT THANK YOU CITI CARD 2207", "ZAHLUNG KREDITKARTE BESTEN DANK", "PAIEMENT CARTE AMEX MERCI", "CAPITAL ONE AUTOPAY PYMT"]) {
      expect(() => read(utf8(month(debit)), { fileName: "checking.csv", fallbackCurrency: usd })).toThrow(`checking.csv: line 5: "${debit}" is written negative and names a payment to a card`);
    }
    // The issuer's bare autopay line beside a money app's cash-out written positive: the file says both (r4-signs2).
    expect(() => read(utf8(month("AUTOPAY PAYMENT")), { fileName: "checking.csv", fallbackCurrency: usd })).toThrow('checking.csv: line 5: "AUTOPAY PAYMENT" written negative reads as a card\'s automatic payment, and line 3: "VENMO CASHOUT PPD ID: 5264681992" written positive as money coming into an account: the file says both');
    // Money received at the text's start ("ZELLE FROM", Chase's "Zelle Payment From") says an account's money in: read as written.
    for (const received of ["ZELLE FROM R OKAFOR", "Zelle Payment From R Okafor"]) {
      for (const debit of ["CHASE CREDIT CRD AUTOPAY PPD ID: 4760039224", "CAPITAL ONE AUTOPAY PYMT"]) {
        expect(read(utf8(month(debit, received)), { fileName: "checking.csv", fallbackCurrency: usd }).rows.map((r) => r.amount)).toEqual([2310, 120, 500, -812.45, 23.99]);
      }
    }
    // The issuer's autopay line first says a card, the Zelle received an account: the file says both, and the user is asked.
    expect(() => read(utf8(month("AUTOPAY PAYMENT", "ZELLE FROM R OKAFOR")), { fileName: "checking.csv", fallbackCurrency: usd })).toThrow(
      'checking.csv: line 5: "AUTOPAY PAYMENT" written negative reads as a card\'s automatic payment, and line 3: "ZELLE FROM R OKAFOR" written positive as money coming into an account: the file says both, and 4 of the 5 amounts in "Amount" are positive; if they are card purchases, import it with --flip-signs; if they are money received, with --amount-column "Amount" (the signs as written)',
    );
    // The card's own line for the payment it received, its thanks written: a card's export, its purchases turned to money out.
    const card = (line: string) => `Posting Date,Description,Amount\n03/13/2026,BLUE HERON BOOKS,38.60\n03/16/2026,COPPER KETTLE CAFE,7.45\n03/18/2026,SUMMIT OUTDOOR SUPPLY,129.00\n03/20/2026,${line},-812.45\n03/23/2026,PINE STREET MARKET,61.32\n`;
    for (const line of ["AUTOPAY PAYMENT - THANK YOU", "Payment Thank You - Web", "PAYMENT RECEIVED - THANK YOU"]) {
      expect(read(utf8(card(line)), { fileName: "card.csv", fallbackCurrency: usd }).rows.map((r) => r.amount)).toEqual([-38.6, -7.45, -129, 812.45, -61.32]);
    }
    // The account's debit in a month of mostly money out: read as written, as before.
    const spent = "Posting Date,Description,Amount\n03/13/2026,MAPLE GROCERS,-84.20\n03/16/2026,NORTHWIND LOGISTICS PAYROLL,2310.00\n03/18/2026,HARBOR FUEL 22,-45.00\n03/20/2026,CHASE CREDIT CRD AUTOPAY PPD ID: 4760039224,-812.45\n";
    expect(read(utf8(spent), { fileName: "checking.csv", fallbackCurrency: usd }).rows.map((r) => r.amount)).toEqual([-84.2, 2310, -45, -812.45]);
  });

  test("amounts that write their side after the number: \"CR\" on the credits only books the bare amounts as money out; \"DR\" signs them with nothing to ask; any other sign written keeps the amounts as written (this stop's probe)", () => {
    const gbp = { code: "GBP", from: "the main currency of your data" };
    const amounts = (text: string) => read(utf8(text), { fileName: "statement.csv", fallbackCurrency: gbp }).rows.map((r) => r.amount);
    const shops = ["TESCO STORES 3217", "SALARY NORTHWIND LTD", "SHELL HEADINGLEY", "BOOTS 1123 LEEDS"];
    const file = (cells: string[]) => `Date,Description,Amount\n${cells.map((c, i) => `1${i + 3}/03/2026,${shops[i]},${c}`).join("\n")}\n`;
    expect(amounts(file(["45.20", '"2,310.00 CR"', "60.00", "12.49(Cr)"]))).toEqual([-45.2, 2310, -60, 12.49]);
    // A debit written negative, "DR", a trailing minus or in brackets, or a plus: the file signs its amounts itself.
    expect(amounts(file(["45.20 DR", '"2,310.00 CR"', "60.00"]))).toEqual([-45.2, 2310, 60]);
    expect(amounts(file(["-45.20", '"2,310.00 CR"', "60.00"]))).toEqual([-45.2, 2310, 60]);
    expect(amounts(file(["45.20-", '"2,310.00 CR"', "60.00"]))).toEqual([-45.2, 2310, 60]);
    expect(amounts(file(["(45.20)", '"2,310.00 CR"', "60.00"]))).toEqual([-45.2, 2310, 60]);
    expect(amounts(file(["+45.20", '"2,310.00 CR"', "60.00"]))).toEqual([45.2, 2310, 60]);
    // Debits marked "DR" among more credits: the marks sign the amounts, a card's or an account's, nothing to ask (refused
    // before as maybe a card's export writing its purchases positive).
    expect(amounts(file(['"2,310.00"', "500.00", "24.99", "45.20 DR"]))).toEqual([2310, 500, 24.99, -45.2]);
    expect(amounts(file(['"2,310.00 CR"', "500.00 CR", "24.99 CR", "45.20 DR"]))).toEqual([2310, 500, 24.99, -45.2]);
    // Every amount "CR": no bare one to read otherwise.
    expect(amounts(file(["45.20 CR", '"2,310.00 CR"']))).toEqual([45.2, 2310]);
    // Beside a balance column, the marks' reading is the one the balances walk with: checked, not refused.
    const s = read(utf8("Date,Description,Amount,Balance\n13/03/2026,TESCO,45.20,954.80\n14/03/2026,SALARY,2310.00 CR,3264.80\n16/03/2026,SHELL,60.00,3204.80\n"), { fileName: "statement.csv", fallbackCurrency: gbp });
    expect([s.rows.map((r) => r.amount), s.reconciliation.map((r) => [r.status, r.opening, r.closing])]).toEqual([[-45.2, 2310, -60], [["ok", 1000, 3204.8]]]);
  });

  test("every amount positive beside a card's two dates (the purchase's and the posting's), no balance column: refused, saying which flag says which (qa48: a Bilt card's month of purchases was money in, exit 0)", () => {
    // A US card's download: "Transaction Date" and "Posted Date", three purchases written positive (6.49 + 18.20 + 54.00),
    // no payment in the month. Its purchases were booked as income with a note only.
    const card = "Transaction Date,Posted Date,Description,Amount\n2026-02-03,2026-02-04,CORNER GROCER,6.49\n2026-02-06,2026-02-07,HARBOR BOOKS,18.20\n2026-02-11,2026-02-12,STREAMIFY PLUS,54.00\n";
    expect(() => read(utf8(card), { fileName: "card.csv", fallbackCurrency: usd })).toThrow(
      'card.csv: every one of the 3 amounts in "Amount" is positive beside a card\'s two dates ("Transaction Date" and "Posted Date"), and nothing in the file (a payment to the card, a balance column) tells whether they are a card\'s purchases or an account\'s money coming in; if they are card purchases, import it with --flip-signs; if they are money received, with --amount-column "Amount" (the signs as written)',
    );
    expect(read(utf8(card), { fileName: "card.csv", fallbackCurrency: usd, flipSigns: true }).rows.map((r) => r.amount)).toEqual([-6.49, -18.2, -54]);
    expect(read(utf8(card), { fileName: "card.csv", fallbackCurrency: usd, mapping: { amountColumn: "Amount" } }).rows.map((r) => r.amount)).toEqual([6.49, 18.2, 54]);
    // One purchase alone (a month of the rent charged to the card): asked as well (review of r4-qa48: booked as money in).
    expect(() => read(utf8("Transaction Date,Posted Date,Description,Amount\n2026-02-01,2026-02-02,BILT RENT ACME PROPERTIES,2150.00\n"), { fileName: "card.csv", fallbackCurrency: usd })).toThrow('card.csv: every one of the 1 amounts in "Amount" is positive beside a card\'s two dates');
    // Apple Card's "Clearing Date", a month of purchases only: asked (review of r4-qa48: booked as money in, exit 0).
    expect(() => read(utf8("Transaction Date,Clearing Date,Description,Merchant,Category,Type,Amount (USD),Purchased By\n02/03/2026,02/04/2026,CORNER GROCER,Corner Grocer,Grocery,Purchase,6.49,Pat\n02/06/2026,02/07/2026,HARBOR BOOKS,Harbor Books,Shopping,Purchase,18.20,Pat\n"), { fileName: "apple.csv", fallbackCurrency: usd })).toThrow('apple.csv: every one of the 2 amounts in "Amount (USD)" is positive beside a card\'s two dates ("Transaction Date" and "Clearing Date")');
    // One date column, or a balance column the amounts walk: an account's money in, read as written as before.
    const oneDate = "Date,Description,Amount\n02/03/2026,INTEREST PAYMENT,0.42\n02/16/2026,MOBILE DEPOSIT,200.00\n02/21/2026,MONTHLY DIVIDENDS,500.00\n";
    expect(read(utf8(oneDate), { fileName: "savings.csv", fallbackCurrency: usd }).rows.map((r) => r.amount)).toEqual([0.42, 200, 500]);
    const walked = "Transaction Date,Posted Date,Description,Amount,Balance\n2026-02-03,2026-02-03,INTEREST PAYMENT,0.42,100.42\n2026-02-06,2026-02-06,MOBILE DEPOSIT,200.00,300.42\n2026-02-11,2026-02-11,MONTHLY DIVIDENDS,500.00,800.42\n";
    expect(read(utf8(walked), { fileName: "savings.csv", fallbackCurrency: usd }).rows.map((r) => r.amount)).toEqual([0.42, 200, 500]);
  });

  test("an Italian card list's payment from the holder's current account (\"PAGAMENTO CON ADDEBITO SU VS C/C\") says a card's export; a payment by card or a transfer on an account does not (qa31)", () => {
    // Three purchases written positive (23.90 + 58.00 + 7.80) and the month's balance paid from the current account
    // written "412,35-": a card's list (a BCC's), every sign turned. Refused before, asking for --flip-signs.
    const list = (payment: string) => `DATA ACQUISTO\tDATA REGISTR.\tDESCRIZIONE DELLE OPERAZIONI\tIMPORTO IN EURO\n04/02/2026\t06/02/2026\tAMAZON EU SARL\t23,90\n05/02/2026\t06/02/2026\t${payment}\t412,35-\n09/02/2026\t10/02/2026\tRISTORANTE DA MARIO\t58,00\n20/02/2026\t23/02/2026\tAUTOSTRADE PER L ITALIA\t7,80\n`;
    const eur = { code: "EUR", from: "the main currency of your data" };
    expect(read(utf8(list("PAGAMENTO CON ADDEBITO SU VS C/C")), { fileName: "carta.csv", fallbackCurrency: eur }).rows.map((r) => r.amount)).toEqual([-23.9, 412.35, -58, -7.8]);
    // A payment made by card or a transfer out, on an account's list of mostly money in: nothing says a card's; refused as before.
    for (const text of ["PAGAMENTO CON CARTA DI DEBITO", "PAGAMENTO CON BONIFICO SU C/C ESTERO", "ADDEBITO SU VS C/C PER PAGAMENTO", "PAGAMENTO CON ADDEBITO SU VS C/C F24 TRIBUTI"]) {
      expect(() => read(utf8(list(text)), { fileName: "carta.csv", fallbackCurrency: eur })).toThrow('carta.csv: 3 of the 4 amounts in "IMPORTO IN EURO" are positive, and nothing in the file');
    }
    // A current account's debit whose text begins with the phrase and goes on (a tax payment): no card's line (review of
    // r4-qa31, c1.csv: both client transfers and the takings became money out, exit 0). Read as written.
    const account = "Data;Descrizione;Importo\n03/03/2026;BONIFICO DA CLIENTE VERDI FATTURA 31;1.450,00\n06/03/2026;BONIFICO DA CLIENTE NERI FATTURA 32;980,00\n10/03/2026;PAGAMENTO CON ADDEBITO SU VS C/C F24 TRIBUTI;-615,00\n13/03/2026;INCASSO POS GIORNALIERO;275,40\n23/03/2026;COMMISSIONI TENUTA CONTO;-9,50\n";
    expect(read(utf8(account), { fileName: "conto.csv", fallbackCurrency: eur }).rows.map((r) => r.amount)).toEqual([1450, 980, -615, 275.4, -9.5]);
  });

  test("a card's negative credit that starts as an ATM, EFTPOS or withdrawal line (a fee refund, a refund, a reversal) says nothing of an account: still refused (review of pass 26: every purchase was money in, exit 0)", () => {
    // Four purchases written positive (85.20 + 60.00 + 16.99 + 249.00) and one credit negative: a card's export. Only
    // spending written negative ("EFTPOS PURCHASE", "ATM WITHDRAWAL") would say an account's.
    const card = (credit: string) => `Date,Description,Amount\n22/03/2026,WOOLWORTHS 1234 SYDNEY,85.20\n23/03/2026,SHELL COLES EXPRESS,60.00\n24/03/2026,NETFLIX.COM,16.99\n25/03/2026,${credit}\n26/03/2026,JB HI FI BONDI,249.00\n`;
    const refusal = 'card.csv: 4 of the 5 amounts in "Amount" are positive, and nothing in the file (a card column, a payment to the card, a balance column) tells whether it is a card\'s export that writes purchases positive or an account\'s money coming in; if they are card purchases, import it with --flip-signs; if they are money received, with --amount-column "Amount" (the signs as written)';
    for (const credit of ["ATM FEE REFUND,-3.00", "EFTPOS REFUND BUNNINGS,-43.00", "Withdrawal reversal - cash advance fee,-3.50", "ATM WITHDRAWAL REBATE,-2.50", "EFTPOS PURCHASE RETURN JB HI FI,-49.00", "ATM CREDIT ADJUSTMENT,-1.00"]) {
      expect(() => read(utf8(card(credit)), { fileName: "card.csv", fallbackCurrency: usd })).toThrow(refusal);
    }
    // Spending written negative is an account's export: read as written.
    expect(read(utf8(card("EFTPOS PURCHASE 25MAR BUNNINGS,-43.00")), { fileName: "card.csv", fallbackCurrency: usd }).rows.map((r) => r.amount)).toEqual([85.2, 60, 16.99, -43, 249]);
    expect(read(utf8(card("Cash Withdrawal Westpac Bondi,-100.00")), { fileName: "card.csv", fallbackCurrency: usd }).rows.map((r) => r.amount)).toEqual([85.2, 60, 16.99, -100, 249]);
  });

  test("a checking account's payment to its card (\"CHASE CREDIT CRD AUTOPAY\") among its pay and deposits is no card's payment line: read as written (the card's own line starts with it)", () => {
    // A checking account's month without a balance column: pay, a Zelle received, a deposit, interest, all positive,
    // and the autopay of its credit card out (−845.20). "AUTOPAY" anywhere in a negative line said "a card's payment",
    // and every sign was turned: 6'166.32 of income read as spending, the payment as income, exit 0.
    const account = (payment: string) =>
      `Date,Description,Amount\n01/03/2026,PAYROLL ACME CORP,2450.00\n01/05/2026,ZELLE FROM JOHN SMITH,120.00\n01/09/2026,${payment},-845.20\n01/15/2026,PAYROLL ACME CORP,2450.00\n01/20/2026,MOBILE DEPOSIT,300.00\n01/22/2026,INTEREST PAYMENT,1.12\n`;
    for (const payment of ["CHASE CREDIT CRD AUTOPAY", "CITI AUTOPAY PAYMENT 260109", "BK OF AMER VISA AUTOPAY PPD ID: 4820"]) {
      expect(read(utf8(account(payment)), { fileName: "checking.csv", fallbackCurrency: usd }).rows.map((r) => r.amount)).toEqual([2450, 120, -845.2, 2450, 300, 1.12]);
    }
    // A card's export that writes purchases positive, its own line for the autopay negative (at the text's start, a
    // channel word before it or not): every sign turned, as before.
    const card = (payment: string) => `Date,Description,Amount\n01/03/2026,TRADER JOES #552,84.12\n01/09/2026,${payment},-845.20\n01/15/2026,SHELL OIL 5744,52.40\n01/20/2026,NETFLIX.COM,15.99\n`;
    for (const payment of ["AUTOPAY PAYMENT", "AUTOPAY 260109 AUTO-PMT", "MOBILE AUTOPAY PAYMENT"]) {
      expect(read(utf8(card(payment)), { fileName: "card.csv", fallbackCurrency: usd }).rows.map((r) => r.amount)).toEqual([-84.12, 845.2, -52.4, -15.99]);
    }
    // A merchant whose name starts with "Deposit" among a card's purchases says no account's deposit: still the card's.
    expect(read(utf8(card("AUTOPAY PAYMENT").replace("TRADER JOES #552", "DEPOSIT PHOTOS INC")), { fileName: "card.csv", fallbackCurrency: usd }).rows.map((r) => r.amount)).toEqual([-84.12, 845.2, -52.4, -15.99]);
    // An issuer's line with "autopay" after its name among a card's purchases ("CAPITAL ONE AUTOPAY PYMT") is an
    // account's debit text as well: asked, naming it. A merchant starting with a pay word never overrides the card's own
    // line, its thanks or "received" written (review of r4-leadsigns); beside the bare autopay line the file says both: asked.
    expect(() => read(utf8(card("CAPITAL ONE AUTOPAY PYMT")), { fileName: "card.csv", fallbackCurrency: usd })).toThrow('card.csv: line 3: "CAPITAL ONE AUTOPAY PYMT" is written negative and names a payment to a card');
    expect(read(utf8(card("PAYMENT RECEIVED").replace("TRADER JOES #552", "PAYROLL SOFTWARE GUSTO.COM")), { fileName: "card.csv", fallbackCurrency: usd }).rows.map((r) => r.amount)).toEqual([-84.12, 845.2, -52.4, -15.99]);
    expect(() => read(utf8(card("AUTOPAY PAYMENT").replace("TRADER JOES #552", "SALARY FINANCE LTD")), { fileName: "card.csv", fallbackCurrency: usd })).toThrow('card.csv: line 3: "AUTOPAY PAYMENT" written negative reads as a card\'s automatic payment, and line 2: "SALARY FINANCE LTD" written positive as money coming into an account: the file says both');
    // "AUTOPAY" before a payee is an account's debit naming what it pays, no issuer's line: beside an account's payouts and
    // no pay word, asked (review of the merge: every sign turned, exit 0).
    const payouts = (debit: string) => `Date,Description,Amount\n01/03/2026,STRIPE TRANSFER,512.40\n01/09/2026,${debit},-131.20\n01/15/2026,ETSY INC PAYOUT,318.75\n01/20/2026,VENMO CASHOUT,120.00\n`;
    for (const debit of ["AUTOPAY GEICO INSURANCE", "AUTOPAY COMCAST", "AUTOPAY PAYMENT CITI CARD"]) {
      expect(() => read(utf8(payouts(debit)), { fileName: "checking.csv", fallbackCurrency: usd })).toThrow(`checking.csv: line 3: "${debit}" is written negative and names a payment to a card`);
    }
    // Pay named after its payer among a card's purchases ("GUSTO PAYROLL FEE") keeps the bare autopay line from telling: asked.
    expect(() => read(utf8(card("AUTOPAY PAYMENT").replace("TRADER JOES #552", "GUSTO PAYROLL FEE")), { fileName: "card.csv", fallbackCurrency: usd })).toThrow('card.csv: line 3: "AUTOPAY PAYMENT" is written negative and names a payment to a card');
  });
});

test("dates that fit both orders in a file with a decimal comma are day-first (no country writes 1.234,56 with month-first dates)", () => {
  // A Spanish bank's first days of May: 03/05 and 01/05 read both ways; "-45,30" and "2.000,00" are European notation.
  // It was refused ("cannot tell the date format … set --date-format"), so the statement needed a flag.
  const s = read(utf8("Fecha Operación;Concepto;Importe;Saldo\n03/05/2025;COMPRA MERCADONA;-45,30;1.954,70\n01/05/2025;NOMINA EMPRESA SL;2.000,00;2.000,00\n"), {
    fileName: "es.csv",
    fallbackCurrency: { code: "EUR", from: "the main currency of your data" },
  });
  expect(brief(s.rows)).toEqual([
    [2, "2025-05-03", -45.3, "EUR", "COMPRA MERCADONA"],
    [3, "2025-05-01", 2000, "EUR", "NOMINA EMPRESA SL"],
  ]);
  expect(s.notes).toContain("every date fits both day-first and month-first: read day-first, as the decimal comma of the amounts is written (check the statement's own dates)");
  // A decimal point decides nothing: still refused, naming the column.
  expect(() => read(utf8("Date;Description;Amount\n03/05/2025;Shop;-45.30\n01/05/2025;Pay;2000.00\n"), { fileName: "us.csv", fallbackCurrency: { code: "USD", from: "x" } })).toThrow(
    'us.csv: line 1: cannot tell the date format of column "Date" (every date fits both day-first and month-first)',
  );
});

test("a balance column that fits both orders is read in the order its dates run: the opening and closing stored are the statement's", () => {
  // Newest first: 02.05 +50.00 → 1'000.00, 01.05 −50.00 → 950.00. Oldest first the statement opens at 1'000.00 and
  // closes at 1'000.00 on 2 May. Read top-down it fits too (1'000.00 − 50.00 = 950.00), and then it "opened" at 950.00
  // and "closed" at 950.00 on 1 May: a wrong closing balance for the next statement's missing-statement check.
  const s = read(utf8("Datum;Text;Betrag;Saldo;Währung\n02.05.2025;Rückzahlung;50.00;1000.00;CHF\n01.05.2025;Kino;-50.00;950.00;CHF\n"), { fileName: "k.csv" });
  expect(s.reconciliation.map((r) => [r.status, r.opening, r.closing, r.openingDate, r.closingDate])).toEqual([["ok", 1000, 1000, "2025-05-01", "2025-05-02"]]);
});

test("amounts written with their currency's sign or code name the file's currency, before the account's or your data's", () => {
  const chf = { code: "CHF", from: "the main currency of your data" };
  // A US bank's download with "$" amounts, imported into CHF data: USD, not CHF (it was CHF, "from the main currency of your data").
  const usd = read(utf8('Date,Description,Amount\n2025-03-04,Grocer,"-$1,234.56"\n2025-03-05,Refund,($5.00)\n2025-03-06,Salary,"$2,000.00"\n'), { fileName: "us.csv", fallbackCurrency: chf });
  expect(usd.rows.map((r) => [r.amount, r.currency])).toEqual([[-1234.56, "USD"], [-5, "USD"], [2000, "USD"]]);
  expect(usd.notes).toEqual(["the amounts' $ sign names no one currency (dollars, pesos…): every row was taken as USD (the amounts' $ sign, read as US dollars); if this account is in another currency, set the currency of every row (--currency CODE) and import the file again"]);
  // "$" is also pesos' sign (review of pass 12): data whose main currency is written "$" takes it, assumed all the same.
  const mxn = read(utf8('Fecha,Descripción,Monto\n2025-03-04,OXXO,"-$1,234.56"\n2025-03-06,Nómina,"$2,000.00"\n'), { fileName: "mx.csv", fallbackCurrency: { code: "MXN", from: "the main currency of your data" } });
  expect(mxn.rows.map((r) => [r.amount, r.currency])).toEqual([[-1234.56, "MXN"], [2000, "MXN"]]);
  expect(mxn.notes).toEqual(["the amounts' $ sign names no one currency (dollars, pesos…): every row was taken as MXN (the amounts' $ sign, read as the main currency of your data); if this account is in another currency, set the currency of every row (--currency CODE) and import the file again"]);
  // The account's earlier rows say more than the sign.
  const stored = read(utf8('Date,Description,Amount\n2025-03-04,Shop,"-$1.50"\n'), { fileName: "a.csv", fallbackCurrency: chf, accountOverride: "ACC-1", accountCurrencies: { "ACC-1": "CAD" } });
  expect(stored.rows.map((r) => r.currency)).toEqual(["CAD"]);
  // "-10,80 €" and an ISO code after the amount.
  const eur = read(utf8("Datum;Text;Betrag\n04.03.2025;Kiosk;-10,80 €\n05.03.2025;Lohn;2.000,00 EUR\n"), { fileName: "eu.csv", fallbackCurrency: chf });
  expect(eur.rows.map((r) => [r.amount, r.currency])).toEqual([[-10.8, "EUR"], [2000, "EUR"]]);
  expect(eur.notes).toEqual(["the currency EUR (from the amounts' € sign) for every row"]);
  // Signs that disagree name no currency: the fallback, as before.
  const mixed = read(utf8("Date,Description,Amount\n2025-03-04,A,-$5.00\n2025-03-05,B,-£4.00\n"), { fileName: "m.csv", fallbackCurrency: chf });
  expect(mixed.rows.map((r) => r.currency)).toEqual(["CHF", "CHF"]);
});

test("amounts written with their own currency codes in one file (no currency column): each row in its own (QA round 4: the EUR rows were stored as CHF)", () => {
  const chf = { code: "CHF", from: "the main currency of your data" };
  const s = read(utf8("Date;Description;Amount\n2026-01-05;Hotel Paris;EUR -120.00\n2026-01-06;Migros;CHF -45.50\n2026-01-07;Refund Hotel;20.00 EUR\n"), { fileName: "m.csv", fallbackCurrency: chf });
  expect(s.rows.map((r) => [r.amount, r.currency])).toEqual([[-120, "EUR"], [-45.5, "CHF"], [20, "EUR"]]);
  expect(s.notes).toEqual(["the currency CHF (from the main currency of your data) for 1 row without a currency of its own"]);
});

test("a column of the statement's own IBAN names the currency by its country when nothing else does (Belfius's Rekening); the rows keep no account of it", () => {
  // As belfius-be.csv without its "Devies" column: BE → EUR, not the data's CHF.
  const text = "Rekening;Boekingsdatum;Naam tegenpartij bevat;Transactie;Bedrag;Mededelingen\nBE23 0631 2345 6791;05/01/2026;Colruyt;Betaling Bancontact;-65,20;Colruyt 1234\nBE23 0631 2345 6791;07/01/2026;Werkgever NV;Overschrijving;2.750,00;Loon\n";
  const s = read(utf8(text), { fileName: "b.csv", fallbackCurrency: { code: "CHF", from: "the main currency of your data" } });
  expect(s.rows.map((r) => [r.amount, r.currency, r.account])).toEqual([[-65.2, "EUR", null], [2750, "EUR", null]]);
  expect(s.notes).toContain("the currency EUR (from the IBAN's country (BE)) for every row");
  // Two different IBANs in the column: the other party's, not the statement's; nothing is said by it.
  const other = read(utf8(text.replace("BE23 0631 2345 6791;07", "NL91ABNA0417164300;07")), { fileName: "b.csv", fallbackCurrency: { code: "CHF", from: "the main currency of your data" } });
  expect(other.rows.map((r) => r.currency)).toEqual(["CHF", "CHF"]);
});

test("the other parties' IBANs tell a file's currency only where nothing contradicts them: never over the data's own currency, never in a Swiss notation", () => {
  // Review of pass 20: a Swiss franc account paying a German and a Luxembourg IBAN was booked in euros (salary 5'200
  // EUR) over the data's francs, exit 0. Counterparty IBANs say where the other party banks, not this account's currency.
  const swiss = "Datum;Buchungstext;Empfänger IBAN;Betrag;Saldo\n05.03.2026;Zahlung Hotel Schwarzwald;DE89370400440532013000;-420.00;\n12.03.2026;Zahlung Amazon EU;LU280019400644750000;-89.90;\n20.03.2026;Lohn;;5200.00;\n";
  const chfData = { code: "CHF", from: "the main currency of your data" };
  const newDb = { code: "CHF", from: "budget-chat's default: your data has no currency yet", noData: true as const };
  const ibanNote = (code: string, from: string) =>
    `the file names no currency; its rows name other parties' accounts in DE, LU (EUR), which say where they bank, not this account's currency: every row was taken as ${code} (${from}); if this account is in another currency, set the currency of every row (--currency CODE) and import the file again`;
  const onChf = read(utf8(swiss), { fileName: "a.csv", fallbackCurrency: chfData });
  expect(onChf.rows.map((r) => [r.amount, r.currency])).toEqual([[-420, "CHF"], [-89.9, "CHF"], [5200, "CHF"]]);
  expect(onChf.notes).toEqual([ibanNote("CHF", "the main currency of your data")]);
  // In a new database too: its amounts' decimal point is a Swiss bank's notation, not the euro area's.
  const fresh = read(utf8(swiss), { fileName: "a.csv", fallbackCurrency: newDb });
  expect(fresh.rows.map((r) => r.currency)).toEqual(["CHF", "CHF", "CHF"]);
  expect(fresh.notes).toEqual([ibanNote("CHF", "budget-chat's default: your data has no currency yet")]);
  // 1822direkt's German export (decimal comma, every row a German IBAN) in a new database: euros, a guess said so.
  const german = read(fixture("1822direkt-no-currency.csv"), { fileName: "1822.csv", fallbackCurrency: newDb });
  expect(german.rows.map((r) => [r.amount, r.currency])).toEqual([[-54.3, "EUR"], [-89, "EUR"], [2350, "EUR"]]);
  expect(german.notes).toContain("the file names no currency, only the countries of the accounts its rows name: every row was taken as EUR (the IBANs and creditor ids in its rows, all of DE); if this account is in another currency, set the currency of every row (--currency CODE) and import the file again");
  // …and over the data's euros, the data's own currency, nothing to guess.
  const onEur = read(fixture("1822direkt-no-currency.csv"), { fileName: "1822.csv", fallbackCurrency: { code: "EUR", from: "the main currency of your data" } });
  expect(onEur.rows.map((r) => r.currency)).toEqual(["EUR", "EUR", "EUR"]);
  expect(onEur.notes).toContain("the file names no currency anywhere: every row was taken as EUR (the main currency of your data); if this account is in another currency, set the currency of every row (--currency CODE) and import the file again");
});

test("the other parties' IBANs tell a file's currency only when most rows name one: one direct debit among ten payments says nothing", () => {
  // Review of pass 20: nine TWINT payments and a salary without an IBAN and one Dutch direct debit (its creditor id and IBAN, two cells
  // of one row) were all booked in euros. Here with a decimal comma, in a new database, where the guess may apply at all.
  const twint = Array.from({ length: 9 }, (_, i) => `0${i + 1}.03.2026;TWINT Migros;;;-1${i + 1},50`);
  const text = ["Datum;Buchungstext;Gläubiger-ID;Empfänger IBAN;Betrag", ...twint, "10.03.2026;Lastschrift Netflix;NL12ZZZ123456780000;NL91ABNA0417164300;-15,90", "25.03.2026;Lohn Arbeitgeber AG;;;5200,00", ""].join("\n");
  const newDb = { code: "CHF", from: "budget-chat's default: your data has no currency yet", noData: true as const };
  const s = read(utf8(text), { fileName: "c.csv", fallbackCurrency: newDb });
  // By hand: 11 rows, 1 of them naming an IBAN (NL, two cells): not most; every row budget-chat's default francs.
  expect(s.rows.length).toBe(11);
  expect(new Set(s.rows.map((r) => r.currency))).toEqual(new Set(["CHF"]));
  expect(s.notes).toEqual(["the file names no currency anywhere: every row was taken as CHF (budget-chat's default: your data has no currency yet); if this account is in another currency, set the currency of every row (--currency CODE) and import the file again"]);
  // Seven of the eleven rows naming Dutch accounts (six payments made direct debits, and Netflix's): most, euros, a guess said so.
  let n = 0;
  const most = text.replace(/;TWINT Migros;;;/g, (m) => (n++ < 6 ? ";Lastschrift;;NL91ABNA0417164300;" : m));
  const eur = read(utf8(most), { fileName: "c.csv", fallbackCurrency: newDb });
  expect(new Set(eur.rows.map((r) => r.currency))).toEqual(new Set(["EUR"]));
  expect(eur.notes).toEqual(["the file names no currency, only the countries of the accounts its rows name: every row was taken as EUR (the IBANs and creditor ids in its rows, all of NL); if this account is in another currency, set the currency of every row (--currency CODE) and import the file again"]);
});

test("a preamble's account number with a currency after it names the account's currency (Cornèr's \"Konto-Nr.;330217/06 EUR\"); a number under another label does not", () => {
  // QA round 4, pass 20: Cornèr's EUR account export names its currency only so: the euros were taken as the data's
  // francs. By hand: -5.07 and 120.00, both EUR.
  const text = "Konto-Nr.;330217/06 EUR;;;;\n;;;;;\nKonto-Nr.;Erfassungsdatum;Bezeichnung;Detail;Valutadatum;Betrag\n330217/06;31.03.2026;Spesen;;31.03.2026;-5.07\n330217/06;30.03.2026;Gutschrift;;30.03.2026;120.00\n";
  const chf = { code: "CHF", from: "the main currency of your data" };
  const s = read(utf8(text), { fileName: "c.csv", fallbackCurrency: chf });
  expect(brief(s.rows)).toEqual([
    [4, "2026-03-31", -5.07, "EUR", "Spesen"],
    [5, "2026-03-30", 120, "EUR", "Gutschrift"],
  ]);
  expect(s.notes).toContain("the currency EUR (from the file's preamble) for every row");
  // Review of pass 20: an exchange rate in the preamble ("Kurs;1.0825 EUR") of a Swiss IBAN's account was taken for the
  // account's currency, its francs booked as euros, exit 0. A rate, a limit or a price is no account number: the IBAN's CH.
  const kurs = read(utf8("IBAN;CH93 0076 2011 6238 5295 7\nKurs;1.0825 EUR\n\nDatum;Buchungstext;Betrag\n01.03.2026;Migros;-50.00\n02.03.2026;Lohn;5000.00\n"), { fileName: "k.csv", fallbackCurrency: { code: "EUR", from: "the main currency of your data" } });
  expect(kurs.rows.map((r) => [r.amount, r.currency])).toEqual([[-50, "CHF"], [5000, "CHF"]]);
  expect(kurs.notes).toEqual(["the currency CHF (from the IBAN's country (CH)) for every row"]);
});

test("a currency column of codes that are no currency (a test file's scrambled \"INE\", a wallet's \"BTC\") is refused, saying how to go on; beside real codes each such row is a bad row; \"RMB\" is CNY", () => {
  // QA round 4, pass 20: BananaAccounting's Sparkasse and Cornèr test files scramble their currency ("EUR" → "INE"):
  // every row was booked in "INE", exit 0.
  const text = "Buchungstag;Verwendungszweck;Betrag;Waehrung\n02.03.2026;REWE;-12,50;INE\n03.03.2026;Gehalt;2.000,00;INE\n";
  const chf = { code: "CHF", from: "x" };
  const refusal = (codes: string) =>
    `s.csv: the column "Waehrung" holds ${codes}, no currency code of ISO 4217 (budget-chat books money in those, not crypto assets or made-up codes): nothing was imported; if every amount is in one currency, set the currency of every row (--currency CODE) and import the file again`;
  expect(() => read(utf8(text), { fileName: "s.csv", fallbackCurrency: chf })).toThrow(refusal('"INE"'));
  // Review of pass 20: a wallet's "BTC" alone was refused, beside "EUR" booked as written. Now alike: no ISO code, no
  // booking; beside real codes the row is a bad row (the import stops there, or --skip-bad-rows imports the rest).
  expect(() => read(utf8(text.replaceAll("INE", "BTC")), { fileName: "s.csv", fallbackCurrency: chf })).toThrow(refusal('"BTC"'));
  const mixed = read(utf8(text.replace("REWE;-12,50;INE", "Kauf;-0,01;BTC").replace("Gehalt;2.000,00;INE", "Gehalt;2.000,00;EUR")), { fileName: "s.csv", fallbackCurrency: chf });
  expect(brief(mixed.rows)).toEqual([[3, "2026-03-03", 2000, "EUR", "Gehalt"]]);
  expect(mixed.badRows).toEqual([{ line: 2, reason: 'Waehrung "BTC" is no currency code of ISO 4217' }]);
  // Named with --currency, the column is not read: every row in that currency.
  expect(read(utf8(text), { fileName: "s.csv", fallbackCurrency: chf, mapping: { currency: "EUR" } }).rows.map((r) => [r.amount, r.currency])).toEqual([[-12.5, "EUR"], [2000, "EUR"]]);
  // Renminbi written "RMB" (not its ISO code, CNY), alone or beside "CNY": yuan, CNY.
  const rmb = read(utf8("Date;Description;Amount;Currency\n2026-03-01;Salary;25000.00;RMB\n2026-03-05;Rent;-8000.00;rmb\n2026-03-06;Taxi;-35.00;CNY\n"), { fileName: "r.csv", fallbackCurrency: chf });
  expect(rmb.rows.map((r) => [r.amount, r.currency])).toEqual([[25000, "CNY"], [-8000, "CNY"], [-35, "CNY"]]);
  expect(rmb.badRows).toEqual([]);
});

test("a currency column of words that name no one currency (\"card\", \"Franken\", \"$\") is refused naming them, never passed over for the main currency", () => {
  // Review of stop 47: such a column was passed over, every row booked in the data's main currency with a note that the
  // file names no currency anywhere.
  const chf = { code: "CHF", from: "the main currency of your data" };
  const refusal = (cells: string) =>
    `w.csv: the column "Currency" holds ${cells}, which name no one currency (an ISO 4217 code such as EUR, or a sign of one currency such as € or US$): nothing was imported; if every amount is in one currency, set the currency of every row (--currency CODE) and import the file again`;
  const file = (a: string, b: string, c: string) => utf8(`Date,Description,Amount,Currency\n2026-03-02,Bakery,-4.50,${a}\n2026-03-03,Kiosk,-12.00,${b}\n2026-03-05,Salary,2000.00,${c}\n`);
  expect(() => read(file("card", "cash", "transfer"), { fileName: "w.csv", fallbackCurrency: chf })).toThrow(refusal('"card", "cash", "transfer"'));
  expect(() => read(file("Franken", "Franken", "Euro"), { fileName: "w.csv", fallbackCurrency: chf })).toThrow(refusal('"Franken"'));
  expect(() => read(file("$", "$", "$"), { fileName: "w.csv", fallbackCurrency: chf })).toThrow(refusal('"$"'));
  // One such word beside codes (review of r4-left8: "Punkte" beside three "EUR", the column under 80 % codes was passed
  // over: every row CHF, exit 0): refused too, naming it.
  const points = utf8("Date,Description,Amount,Currency\n2026-03-02,Bakery,-4.50,EUR\n2026-03-03,Bonus,-300.00,Punkte\n2026-03-04,Salary,2000.00,EUR\n2026-03-05,Cinema,-12.00,EUR\n");
  expect(() => read(points, { fileName: "w.csv", fallbackCurrency: chf })).toThrow(refusal('"Punkte"'));
  // The user's --currency settles it; a value date under "Valuta" is no currency and no refusal.
  expect(read(file("card", "cash", "transfer"), { fileName: "w.csv", fallbackCurrency: chf, mapping: { currency: "EUR" } }).rows.map((r) => r.currency)).toEqual(["EUR", "EUR", "EUR"]);
  const valuta = read(utf8("Data,Descrizione,Importo,Valuta\n02/03/2026,Panetteria,-4.50,03/03/2026\n03/03/2026,Stipendio,2000.00,03/03/2026\n"), { fileName: "v.csv", fallbackCurrency: chf });
  expect(valuta.rows.map((r) => [r.amount, r.currency])).toEqual([[-4.5, "CHF"], [2000, "CHF"]]);
});

test("amounts in cents are refused, never read 100 times too large: a column headed as cents; Kontist's API transactions", () => {
  // Review of stop 47: Kontist's transactions as its API gives them ("amount": -4590 for −45.90 EUR, its bookingDate a UTC
  // time) were imported as −4'590.00; a column "Amount (cents)" likewise.
  const chf = { code: "CHF", from: "the main currency of your data" };
  const go = "nothing was imported: budget-chat reads amounts in the currency's units (45.90, not 4590); export the statement with its amounts so, or as CAMT, MT940 or OFX, and import that";
  const api =
    "id,amount,name,iban,type,bookingDate,valutaDate,paymentMethod,purpose\n" +
    "7a1c-01,-4590,Buchhandlung Weiss,DE02100500000054540402,SEPA_DIRECT_DEBIT,2026-02-03T23:00:00.000Z,2026-02-03T23:00:00.000Z,bank_account,Rechnung 2211\n" +
    "7a1c-02,312500,Agentur Nord GmbH,DE12500105170648489890,SEPA_CREDIT_TRANSFER,2026-02-10T23:00:00.000Z,2026-02-10T23:00:00.000Z,bank_account,Honorar Januar\n";
  expect(() => read(utf8(api), { fileName: "kontist.csv", fallbackCurrency: chf })).toThrow(
    `kontist.csv: these are Kontist's transactions as its API gives them (bookingDate, valutaDate, amount), whose amounts are in cents and times in UTC; ${go}`,
  );
  for (const header of ["Amount (cents)", "amount_cents", "amountInCents", "Betrag in Cent"]) {
    expect(() => read(utf8(`Date,Description,${header}\n2026-02-03,Bakery,-450\n2026-02-04,Salary,250000\n`), { fileName: "c.csv", fallbackCurrency: chf })).toThrow(`c.csv: the column "${header}" holds amounts in cents; ${go}`);
  }
  // Kontist's own export (German headers, "Betrag" with a decimal comma) is read as written.
  const own = read(utf8("Buchungsdatum;Empfänger;Transaktionstyp;Verwendungszweck;Betrag\n2026-02-04;Buchhandlung Weiss;Lastschrift;Rechnung 2211;-45,90\n2026-02-11;Agentur Nord GmbH;Gutschrift;Honorar Januar;3.125,00\n"), { fileName: "k.csv", fallbackCurrency: chf });
  expect(own.rows.map((r) => r.amount)).toEqual([-45.9, 3125]);
});

test("money out and in are summed to the ten-thousandth, each row on the side of its own sign: dinars' 0.015 and −0.005", () => {
  // Review of pass 20: 0.015 and −0.005 were summed in cents: "in 0.02, 2 rows; out 0" (−0.005 rounded to −0, money in).
  // By hand: in 0.015 (1 row), out 0.005 (1 row).
  const s = parseStatement(utf8("Date;Description;Amount;Currency\n2026-03-01;Deposit;0.015;KWD\n2026-03-05;Fee;-0.005;KWD\n"), { fileName: "kw.csv", fallbackCurrency: { code: "CHF", from: "x" } });
  expect(fileTotals(s.rows)).toEqual([{ currency: "KWD", out: 0.005, outRows: 1, in: 0.015, inRows: 1 }]);
});

test("a guessed file's own-account column of two accounts, each on a run of rows, books each row to its account (ING's English export of all its accounts; QA round 21)", () => {
  const s = read(fixture("ing-nl-en-two-accounts.csv"), { fileName: "ing-nl-en-two-accounts.csv" });
  // Lines 2–4 are NL11…'s, lines 5–6 NL22…'s; the statement names no one account.
  expect(s.rows.map((r) => [r.line, r.account])).toEqual([[2, "NL11INGB0001111111"], [3, "NL11INGB0001111111"], [4, "NL11INGB0001111111"], [5, "NL22INGB0002222222"], [6, "NL22INGB0002222222"]]);
  expect(s.account).toBeNull();
  expect(s.reconciliation.map((r) => [r.account, r.status])).toEqual([["NL11INGB0001111111", "ok"], ["NL22INGB0002222222", "ok"]]);
});

test("ING Netherlands' English export of one account: its layout books every row to the account its \"Account\" names, the other party's name and IBAN kept (uqa10)", () => {
  const s = read(fixture("ing-nl-en.csv"), { fileName: "ing-nl-en.csv" });
  expect([s.layout, s.account]).toEqual(["ing-nl-en", "NL00INGB0001234567"]);
  expect(s.rows.map((r) => [r.line, r.account, r.facts?.counterparty ?? null, r.facts?.counterpartyIban ?? null])).toEqual([
    [2, "NL00INGB0001234567", "J de Vries", "NL91ABNA0417164300"],
    [3, "NL00INGB0001234567", "Employer BV", "NL20RABO0123456789"],
    [4, "NL00INGB0001234567", "Albert Heijn 1234", null],
  ]);
});

/** The message a read is refused with, or null when it is not. */
function refusalOf(f: () => unknown): string | null {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  return null;
}

describe("Morgan Stanley's activity export of several of the holder's accounts (qa40; review of r4-qa40)", () => {
  const name = "morgan-stanley-two-accounts.csv";
  const CASH = "Platinum CashPlus 101 557310";
  const AAA = "AAA 101 418822";

  test("its exact header set is the layout: each row is booked to its own account, each account's money on its own line", () => {
    const s = read(fixture(name), { fileName: name });
    expect([s.layout, s.account]).toEqual(["morgan-stanley-activity", null]);
    // The transfer of 10/19 is in both: out of the CashPlus account (line 9), into the AAA account (line 11).
    expect(s.rows.map((r) => [r.line, r.account])).toEqual([[2, CASH], [5, CASH], [7, AAA], [9, CASH], [11, AAA], [13, CASH]]);
    expect(s.reconciliation.map((r) => [r.account, r.entries])).toEqual([[CASH, 4], [AAA, 2]]);
  });

  test("its rows keep the ids they had when the file was read as one account (eeaa7a0), with no account given or one", () => {
    // Ids as eeaa7a0 computed them (its parseStatement and assignTransactionIds), the rows then booked to no account.
    const s = parseStatement(fixture(name), { fileName: name });
    expect(assignTransactionIds(s.rows, s.account)).toEqual(["h:d90c5d1bc451550f", "h:e6896df6e650064e", "h:4f567e4c98fabb51", "h:a10b055e7a6487ca", "h:7ced561be5185b82", "h:6237edf974e4c51b"]);
    const handed: ParsedRow[] = [];
    parseStatement(fixture(name), { fileName: name, sink: { add: (r) => handed.push(r) } });
    expect(handed.map(parsedRowIdAssigner(null))).toEqual(["h:d90c5d1bc451550f", "h:e6896df6e650064e", "h:4f567e4c98fabb51", "h:a10b055e7a6487ca", "h:7ced561be5185b82", "h:6237edf974e4c51b"]);
    // One account's export, with and without an account given for it: the ids eeaa7a0 gave it.
    const one = utf8(
      'Activity Date,Transaction Date,Account,Institution Name,Activity,Description,Memo,Tags,Amount($)\n10/14/2026,10/14/2026,Platinum CashPlus 101 557310,Morgan Stanley,Direct Deposit,DIRECT DEP FUNDS RECVD NORTHWIND TRADERS PAYROLL,,,"4,215.38"\n10/21/2026,10/21/2026,Platinum CashPlus 101 557310,Morgan Stanley,Check,CHECK 2231,,,-650.00\n',
    );
    const own = parseStatement(one, { fileName: "one.csv" });
    expect([own.layout, own.account]).toEqual(["morgan-stanley-activity", CASH]);
    expect(assignTransactionIds(own.rows, own.account)).toEqual(["h:d90c5d1bc451550f", "h:6237edf974e4c51b"]);
    const given = parseStatement(one, { fileName: "one.csv", accountOverride: "MS joint" });
    expect(given.rows.toArray().map((r) => r.account)).toEqual(["MS joint", "MS joint"]);
    expect(assignTransactionIds(given.rows, given.account)).toEqual(["h:b9a5d0ad53f582c9", "h:48186dbb86b892a6"]);
    // Two accounts' rows under one name given for them: refused, naming them.
    // Rows imported so before (one account then) are held back on the import without it (review of r4-msacct, finding 1).
    expect(refusalOf(() => read(fixture(name), { fileName: name, accountOverride: "MS joint" }))).toBe(
      `${name}: the file holds 2 accounts (${CASH}, ${AAA}), and the account "MS joint" given for every row would put them all into one; nothing was imported: import it without naming an account, and each account's rows go to its own account; its rows imported before under one name come back as possible duplicates of those, not added again`,
    );
  });
});

describe("Money Manager's (Realbyte) export of several of its accounts: each row is its \"Accounts\"' (the app's own)", () => {
  const name = "moneymanager-two-accounts.csv";
  const BASE_IDS = ["h:448c505f3558f11e", "h:9b955a1ecd88bbed", "h:1de5388908de6f53", "h:6e0fb2bf7676a7af", "h:53d96d5a7728bce2", "h:1c443d210d493d86"];

  test("each row is booked to its account; the transfer's two legs once each, out of HDFC Savings and into Cash", () => {
    const s = read(fixture(name), { fileName: name });
    expect([s.layout, s.account]).toEqual(["guessed", null]);
    expect(s.rows.map((r) => [r.line, r.amount, r.account])).toEqual([
      [2, 85000, "HDFC Savings"], [3, -60, "Cash"], [4, -3000, "HDFC Savings"], [5, 3000, "Cash"], [6, -1432.75, "HDFC Savings"], [7, -120, "Cash"],
    ]);
    expect(s.reconciliation.map((r) => [r.account, r.entries])).toEqual([["HDFC Savings", 3], ["Cash", 3]]);
  });

  test("its rows keep the ids they had when read as one account (eeaa7a0), with no account given or one", () => {
    // Ids as eeaa7a0 computed them (its parseStatement and assignTransactionIds), the rows then booked to no account.
    const s = parseStatement(fixture(name), { fileName: name });
    expect(assignTransactionIds(s.rows, s.account)).toEqual(BASE_IDS);
    const handed: ParsedRow[] = [];
    parseStatement(fixture(name), { fileName: name, sink: { add: (r) => handed.push(r) } });
    expect(handed.map(parsedRowIdAssigner(null))).toEqual(BASE_IDS);
    const one = utf8(
      "Period,Accounts,Category,Subcategory,Note,INR,Income/Expense,Description,Amount,Currency,Accounts\n01/05/2026 09:00:00,HDFC Savings,Salary,,May salary,85000,Income,,85000,INR,85000\n14/05/2026 20:05:44,HDFC Savings,Bills,Electricity,BESCOM May,1432.75,Exp.,,1432.75,INR,1432.75\n",
    );
    const own = parseStatement(one, { fileName: "one.csv" });
    expect([own.account, own.rows.toArray().map((r) => r.account)]).toEqual(["HDFC Savings", ["HDFC Savings", "HDFC Savings"]]);
    expect(assignTransactionIds(own.rows, own.account)).toEqual(["h:448c505f3558f11e", "h:53d96d5a7728bce2"]);
    const given = parseStatement(one, { fileName: "one.csv", accountOverride: "Wallet" });
    expect(assignTransactionIds(given.rows, given.account)).toEqual(["h:3d9c6066a02c47f9", "h:3a4775b3772dcaa0"]);
    expect(refusalOf(() => read(fixture(name), { fileName: name, accountOverride: "Wallet" }))).toBe(
      `${name}: the file holds 2 accounts (HDFC Savings, Cash), and the account "Wallet" given for every row would put them all into one; nothing was imported: import it without naming an account, and each account's rows go to its own account; its rows imported before under one name come back as possible duplicates of those, not added again`,
    );
  });

  test("a statement's account above the header (an IBAN in a preamble line) stays in its rows' ids as eeaa7a0 had it (review of r4-msacct, finding 4)", () => {
    // eeaa7a0 booked every row to the preamble's IBAN, its ids holding it (its parseStatement and assignTransactionIds).
    const text = new TextDecoder().decode(fixture(name));
    const s = parseStatement(utf8(`Statement of DE89370400440532013000\n\n${text}`), { fileName: "pre.csv" });
    expect([s.account, s.rows.toArray().map((r) => r.account)]).toEqual(["DE89370400440532013000", ["HDFC Savings", "Cash", "HDFC Savings", "Cash", "HDFC Savings", "Cash"]]);
    expect(assignTransactionIds(s.rows, s.account)).toEqual(["h:22a9fa8c0b4a891b", "h:685dc1e908468551", "h:e1298e20d10b13f8", "h:bbdbdd4f59d62472", "h:2a275ab731cc030f", "h:af4c418dc187939e"]);
  });

  test("its account column is the \"Accounts\" of names: not one of amounts (columns in another order), and none when neither holds names (review of r4-msacct, finding 2)", () => {
    const head = "Period,Accounts,Category,Subcategory,Note,INR,Income/Expense,Description,Amount,Currency,Accounts\n";
    // The amounts' "Accounts" first, the accounts' last: the rows were booked to accounts "2500", "45" and "700".
    const swapped = utf8(
      head +
        "02/06/2026 10:00:00,2500,Gifts,,Birthday,2500,Income,,2500,INR,Kotak Savings\n" +
        "04/06/2026 08:10:00,45,Food,Snacks,Tea,45,Exp.,,45,INR,Wallet\n" +
        "09/06/2026 12:00:00,700,Wallet,,ATM cash,700,Transfer-Out,,700,INR,Kotak Savings\n" +
        "09/06/2026 12:00:00,700,Kotak Savings,,ATM cash,700,Transfer-In,,700,INR,Wallet\n",
    );
    const s = read(swapped, { fileName: "swapped.csv" });
    expect(s.rows.map((r) => [r.line, r.amount, r.account])).toEqual([[2, 2500, "Kotak Savings"], [3, -45, "Wallet"], [4, -700, "Kotak Savings"], [5, 700, "Wallet"]]);
    // Neither "Accounts" of names: the rows are no account's, as before the app's accounts were read.
    const numbers = utf8(head + "02/06/2026 10:00:00,2500,Gifts,,Birthday,2500,Income,,2500,INR,2500\n04/06/2026 08:10:00,45,Food,Snacks,Tea,45,Exp.,,45,INR,45\n");
    const n = read(numbers, { fileName: "numbers.csv" });
    expect([n.account, n.rows.map((r) => [r.line, r.amount, r.account])]).toEqual([null, [[2, 2500, null], [3, -45, null]]]);
  });
});

test("a transfer log's \"Account\" and \"Institution\" of each payee are no account of the holder's: its rows stay on one account (review of r4-qa40, finding 1)", () => {
  const name = "transfer-log-payee-accounts-us.csv";
  const s = read(fixture(name), { fileName: name });
  expect([s.layout, s.account]).toEqual(["guessed", null]);
  expect(s.rows.map((r) => r.account)).toEqual([null, null, null]);
  expect(s.reconciliation.map((r) => [r.account, r.entries])).toEqual([[null, 3]]);
  // With an account given, all three are that account's.
  const given = read(fixture(name), { fileName: name, accountOverride: "Checking" });
  expect(given.rows.map((r) => r.account)).toEqual(["Checking", "Checking", "Checking"]);
});

test("an \"Account\" or \"Kontonummer\" column of the other party's accounts is no account of the statement: its rows keep none, one balance for the file (review of QA round 21)", () => {
  // Lines 2–3 name the landlord's IBAN, 4 the employer's, 5 the utility's. The balance runs through them all
  // (2'000.00 − 800.00 = 1'200.00 − 50.00 = 1'150.00 + 2'400.00 = 3'550.00 − 95.00 = 3'455.00): one account's.
  const withBalance = read(fixture("account-column-other-party-balance.csv"), { fileName: "account-column-other-party-balance.csv" });
  expect(withBalance.rows.map((r) => r.account)).toEqual([null, null, null, null]);
  expect(withBalance.reconciliation.map((r) => [r.account, r.status, r.opening, r.closing])).toEqual([[null, "ok", 2000, 3455]]);
  // No balance to tell by, and "Kontonummer" beside "Empfänger" may be either's: one account, as before the split.
  const noBalance = read(fixture("kontonummer-other-party-de.csv"), { fileName: "kontonummer-other-party-de.csv" });
  expect(noBalance.rows.map((r) => r.account)).toEqual([null, null, null, null]);
  expect(noBalance.reconciliation.map((r) => [r.account, r.status])).toEqual([[null, "none"]]);
});

test("dates that fit both orders are read by a second date column's distance only when it is a posting, value or transaction date, and never day-first in dollars (review of QA round 21)", () => {
  const refused = (column: string) => `bank.csv: line 1: cannot tell the date format of column "${column}" (every date fits both day-first and month-first)`;
  // "Next Payment Date" a month on: day-first would put each row's two dates a day apart (1 May, 2 May), but it is no
  // posting of the row: no order told, refused as before the rule (it read 01/05/2026 as 1 May, exit 0).
  expect(() => parse("Date,Description,Amount,Currency,Next Payment Date\n01/05/2026,NETFLIX,-15.49,USD,02/05/2026\n01/09/2026,SPOTIFY,-11.99,USD,02/09/2026\n")).toThrow(refused("Date"));
  // A posting date a day on in the day-first order only, in a dollar file: dollars write the month first, so no order is told.
  expect(() => parse("Trans. Date,Post Date,Description,Amount,Currency\n01/05/2026,02/05/2026,NETFLIX,-15.49,USD\n01/09/2026,02/09/2026,SPOTIFY,-11.99,USD\n")).toThrow(refused("Trans. Date"));
  // The same posting dates month-first (5 and 6 January, 9 and 10 January) read so: the rule still decides them.
  expect(parse("Trans. Date,Post Date,Description,Amount,Currency\n01/05/2026,01/06/2026,NETFLIX,-15.49,USD\n01/09/2026,01/10/2026,SPOTIFY,-11.99,USD\n").rows.map((r) => r.date)).toEqual(["2026-01-05", "2026-01-09"]);
});

test("no header row, a pair of money columns one with a minus on every row: only the minus column first is money out, and the note says nothing else confirms it (review of r4-qa25, F1/F4)", () => {
  // A card's export with Debit,Credit and its credits written with a minus (Citi): the minus in the second column is no
  // money out; it was read so (purchases 126.39 as income, the payment 500.00 as spending, no note). Refused, as before.
  const card = "Cleared,01/05/2026,AMAZON MKTPLACE,49.90,\nCleared,01/17/2026,ONLINE PAYMENT THANK YOU,,-500.00\nCleared,01/19/2026,SHELL OIL,61.00,\nCleared,01/22/2026,NETFLIX.COM,15.49,\n";
  expect(() => read(utf8(card), { fileName: "c.csv", fallbackCurrency: { code: "USD", from: "x" } })).toThrow("c.csv: line 1: the file has no header row, and what its columns hold does not tell them apart (1 of dates, 2 of amounts, 2 of text)");
  // The same with the credit's minus written U+2212 (issue 31: the pair rule took "−500.00" for unsigned, and the file was
  // read as debit and credit columns, its minus dropped) or U+FF0D: refused alike.
  for (const minus of ["\u2212", "\uff0d"]) {
    expect(() => read(utf8(card.replace("-500.00", `${minus}500.00`)), { fileName: "c.csv", fallbackCurrency: { code: "USD", from: "x" } })).toThrow("c.csv: line 1: the file has no header row, and what its columns hold does not tell them apart (1 of dates, 2 of amounts, 2 of text)");
  }
  // The minus first, an unsigned column filled on the other lines: read as out and in, with a note that nothing confirms
  // the second (here the day's balances on lines of their own, which the file cannot tell from money in).
  const daily = "02.03.2026;Kartenzahlung REWE;-23,10;\n02.03.2026;Tagessaldo;;1.234,56\n05.03.2026;Lastschrift Telekom;-39,99;\n";
  const s = read(utf8(daily), { fileName: "d.csv", fallbackCurrency: { code: "EUR", from: "x" } });
  expect(brief(s.rows)).toEqual([
    [1, "2026-03-02", -23.1, "EUR", "Kartenzahlung REWE"],
    [2, "2026-03-02", 1234.56, "EUR", "Tagessaldo"],
    [3, "2026-03-05", -39.99, "EUR", "Lastschrift Telekom"],
  ]);
  expect(s.notes).toContain('the file has no header row: column 3 (a minus on every row) was read as money out and column 4 as money in (nothing else in the file confirms it); if column 4 holds balances or pending amounts, not bookings, name the columns with --amount-column "column 3"');
});

test("no header row: an IBAN on some rows of a column only is a payee's, not the account's: it tells no currency (review of r4-qa25, F2)", () => {
  // A euro account, its landlord's UK IBAN on the two rent rows: every row was stored in pounds, exit 0.
  const text = "02.03.2026;Kartenzahlung REWE;-23,10;\n05.03.2026;Miete Maerz;-900,00;GB33BUKB20201555555555\n09.03.2026;Kartenzahlung Shell;-61,00;\n05.04.2026;Miete April;-900,00;GB33BUKB20201555555555\n";
  const s = read(utf8(text), { fileName: "p.csv", fallbackCurrency: { code: "EUR", from: "the data" } });
  expect(s.rows.map((r) => r.currency)).toEqual(["EUR", "EUR", "EUR", "EUR"]);
  // The same IBAN on every row is the account's: its country tells the currency.
  const own = text.replace(/;\n/g, ";GB33BUKB20201555555555\n");
  expect(read(utf8(own), { fileName: "o.csv", fallbackCurrency: { code: "EUR", from: "the data" } }).rows.map((r) => r.currency)).toEqual(["GBP", "GBP", "GBP", "GBP"]);
});

test("a line called 'Turnover' or 'Käive' is skipped as the period's turnover only when its amount is the sum of the debits or credits before it (review of r4-qa25, F3)", () => {
  // A booking of 1'200.00 called "Turnover" in a file of no balance was dropped, exit 0.
  const headed = "Date;Text;Amount\n02.03.2026;Kartenzahlung;-23,10\n05.03.2026;Turnover;1.200,00\n09.03.2026;Lastschrift;-61,00\n";
  const h = read(utf8(headed), { fileName: "t.csv", fallbackCurrency: { code: "EUR", from: "x" } });
  expect(brief(h.rows)).toEqual([
    [2, "2026-03-02", -23.1, "EUR", "Kartenzahlung"],
    [3, "2026-03-05", 1200, "EUR", "Turnover"],
    [4, "2026-03-09", -61, "EUR", "Lastschrift"],
  ]);
  expect(h.skipped).toEqual([]);
  // Swedbank's row type 20 (a booking) whose details are "Turnover" is booked; its type-82 sums after it are skipped, and
  // the file reconciles (it was refused, off by 600.00): 150.00 − 25.40 + 600.00 − 12.99 = 711.61.
  const swed = new TextDecoder().decode(fixture("swedbank-lt-headerless.csv")).replace("Jonas Petraitis | 73000 | LT557300010000777222,Atlyginimas uz kovo men.", ",Turnover");
  const w = read(utf8(swed), { fileName: "s.csv", fallbackCurrency: { code: "EUR", from: "x" } });
  expect(brief(w.rows).map((r) => r[2])).toEqual([-25.4, 600, -12.99]);
  expect(w.skipped.map((k) => k.line)).toEqual([1, 5, 6, 7]);
  expect(w.reconciliation.map((r) => [r.status, r.difference])).toEqual([["ok", 0]]);
});

test("a file with no header row whose columns do not tell themselves apart is refused, saying how to name them; named, it is read from its first line", () => {
  // Two columns of amounts, neither walking the other from row to row (976.55 + 6'500.00 is not 7'400.00, nor −23.45 +
  // 7'400.00 976.55): which is the booking's? (With 7'476.55 the third column walks the fourth: commbank-au.csv.)
  const text = "05.01.2026;Migros;-23.45;976.55\n06.01.2026;Lohn;6500.00;7400.00\n";
  expect(() => read(utf8(text), { fileName: "h.csv", fallbackCurrency: { code: "CHF", from: "x" } })).toThrow(
    'h.csv: line 1: the file has no header row, and what its columns hold does not tell them apart (1 of dates, 2 of amounts, 1 of text); name them with --date-column "column N", --amount-column "column N" and --description-column "column N" (counted from 1)',
  );
  const s = read(utf8(text), { fileName: "h.csv", fallbackCurrency: { code: "CHF", from: "x" }, mapping: { dateColumn: "column 1", amountColumn: "column 3", descriptionColumn: "column 2" } });
  expect(brief(s.rows)).toEqual([
    [1, "2026-01-05", -23.45, "CHF", "Migros"],
    [2, "2026-01-06", 6500, "CHF", "Lohn"],
  ]);
});

test("no header row, an amount and the balance after each row (CommBank): the balance walks the amounts, so they are told apart and checked (QA round 4, pass 9: refused)", () => {
  // Newest first: 2'187.50 is 2'200.00 − 12.50; 2'200.00 is 0.00 + 2'200.00. The text "Value Date: 21/01/2026" named two
  // header words, and the first booking was taken for the header.
  const text = '23/01/2026,"-12.50","WOOLWORTHS 1234 SYDNEY NS AUS Card xx1234 Value Date: 21/01/2026","+2187.50"\n17/01/2026,"+2200.00","Salary ACME PTY LTD","+2200.00"\n05/01/2026,"-50.00","Transfer to xx9876 CommBank app","+0.00"\n';
  const s = read(utf8(text), { fileName: "CSVData.csv", fallbackCurrency: { code: "AUD", from: "the main currency of your data" } });
  expect(brief(s.rows)).toEqual([
    [1, "2026-01-23", -12.5, "AUD", "WOOLWORTHS 1234 SYDNEY NS AUS Card xx1234 Value Date: 21/01/2026"],
    [2, "2026-01-17", 2200, "AUD", "Salary ACME PTY LTD"],
    [3, "2026-01-05", -50, "AUD", "Transfer to xx9876 CommBank app"],
  ]);
  // Opening 50.00 (0.00 + 50.00 taken off on the oldest row), closing 2'187.50.
  expect(s.reconciliation.map((r) => [r.status, r.opening, r.closing])).toEqual([["ok", 50, 2187.5]]);
});

test("a file of several accounts, each block with its account line and the header again: each row in its block's account", () => {
  const s = read(fixture("repeated-header.csv"), { fileName: "r.csv" });
  expect(s.rows.map((r) => [r.line, r.amount, r.account])).toEqual([
    [3, -12.5, "CH9300762011623852957"],
    [4, 5000, "CH9300762011623852957"],
    [8, 1.25, "CH5604835012345678009"],
  ]);
  expect(s.reconciliation.map((r) => [r.account, r.entries])).toEqual([["CH9300762011623852957", 2], ["CH5604835012345678009", 1]]);
});

test("a preamble's values written as Excel formulas (PostFinance: =\"01.07.2023\", \"=CHF\") still name the currency", () => {
  const text = 'Datum von:;="01.07.2023"\nBewegungsart:;"=Alle"\nKonto:;"=Postkonto 12-345-6"\nWährung:;"=CHF"\n\nDatum;Avisierungstext;Gutschrift;Lastschrift\n31.12.2023;"PREIS FÜR KONTOFÜHRUNG";;-5\n';
  const s = read(utf8(text), { fileName: "pf.csv", fallbackCurrency: { code: "EUR", from: "the main currency of your data" } });
  expect([s.layout, s.rows.map((r) => [r.amount, r.currency]), s.notes]).toEqual(["postfinance-account", [[-5, "CHF"]], ["the currency CHF (from the file's preamble) for every row"]]);
});

describe("Raiffeisen: a line of text only continues the booking above it (QA: it was skipped)", () => {
  const header = "IBAN;Booked At;Text;Details;Credit/Debit Amount;Balance;Valuta Date";
  const iban = "CH0080808001234567890";
  const booking = (day: string, text: string, amount: string, balance: string) => `${iban};2024-07-${day} 00:00:00.0;${text};;${amount};${balance};2024-07-${day} 00:00:00.0`;

  test("its text joins the booking's description (what search and the classifier read); it is no data line, neither row nor skipped; two in a row both join", () => {
    const text = [
      header,
      booking("02", "Zahlung PAYPAL EUROPE", "-12.90", "987.10"),
      ";;SPOTIFY P1234567;;;;",
      ";;Abo Juli;;;;",
      booking("03", "Einkauf Coop", "-20.00", "967.10"),
    ].join("\n");
    const s = parse(text);
    expect(s.layout).toBe("raiffeisen");
    expect(brief(s.rows)).toEqual([
      [2, "2024-07-02", -12.9, "CHF", "Zahlung PAYPAL EUROPE · SPOTIFY P1234567 · Abo Juli"],
      [5, "2024-07-03", -20, "CHF", "Einkauf Coop"],
    ]);
    // The content-hash id keeps the booking line's own text: the same booking is the same id with or without the continuation.
    expect(s.rows[0]!.idText).toBe("Zahlung PAYPAL EUROPE");
    expect([s.dataLines, s.skipped, s.badRows]).toEqual([2, [], []]);
    expect(s.notes).toContain("2 lines of text only (no date, no amount) continued the booking above them: their text was added to those bookings' descriptions");
    // 987.10 + 12.90 = 1'000.00 opening; − 20.00 = 967.10: the continuation lines change no figure.
    expect(s.reconciliation.map((r) => [r.status, r.opening, r.closing, r.entries])).toEqual([["ok", 1000, 967.1, 2]]);
  });

  test("the old layout without IBAN (text in the second column), a continuation of the last line, and rows handed on as they are read (a sink) get the text too", () => {
    const text = ["Booked At;Text;Credit/Debit Amount;Balance;Valuta Date", "04.01.2016 00:00;Vergütung Muster AG;-1885.38;114.62;04.01.2016 00:00", ";Aquit PRO 1'885.38;;;"].join("\n");
    const got: string[] = [];
    const s = read(utf8(text), { fileName: "bank.csv", fallbackCurrency: { code: "CHF", from: "test" }, sink: { add: (r) => got.push(r.description) } });
    expect(s.layout).toBe("raiffeisen");
    expect(got).toEqual(["Vergütung Muster AG · Aquit PRO 1'885.38"]);
    expect([s.dataLines, s.skipped]).toEqual([1, []]);
  });

  test("a total, balance or note line under a booking is skipped with its reason, not glued onto it (review of r4-qa13, defect 7)", () => {
    const text = [header, booking("02", "Einkauf Coop", "-20.00", "980.00"), ";;Übertrag;;;;", ";;;;;980.00;", booking("03", "Einkauf Migros", "-10.00", "970.00"), ";;Disclaimer: for information only;;;;"].join("\n");
    const s = parse(text);
    expect(brief(s.rows)).toEqual([
      [2, "2024-07-02", -20, "CHF", "Einkauf Coop"],
      [5, "2024-07-03", -10, "CHF", "Einkauf Migros"],
    ]);
    // Lines 3, 4 and 6 are data lines of their own, each skipped: a carry-over, a balance with no text, a disclaimer.
    expect(s.skipped.map((x) => x.line)).toEqual([3, 4, 6]);
    expect(s.dataLines).toBe(5);
  });

  test("text with no booking above it (first line, or after a bad row) is a skipped line that says so", () => {
    // (Four good bookings after the bad one: a file whose dates mostly do not read would not be taken for Raiffeisen's.)
    const good = [booking("03", "Einkauf Coop", "-20.00", "979.00"), booking("04", "Einkauf Migros", "-10.00", "969.00"), booking("05", "Einkauf Denner", "-9.00", "960.00"), booking("06", "Einkauf Volg", "-10.00", "950.00")];
    const text = [header, ";;Zins Gutschrift;;;;", `${iban};2024-07-32 00:00:00.0;Kaputt;;-1.00;999.00;`, ";;mehr Text;;;;", ...good].join("\n");
    const s = parse(text);
    expect(s.layout).toBe("raiffeisen");
    expect(brief(s.rows).map((r) => r[0])).toEqual([5, 6, 7, 8]);
    expect(s.badRows.map((b) => b.line)).toEqual([3]);
    expect(s.skipped).toEqual([
      { line: 2, reason: "text with no booking above it to continue" },
      { line: 4, reason: "text continuing line 3, which is no booking (see there)" },
    ]);
    expect(s.dataLines).toBe(7);
  });
});

describe("a header line longer than 64 KB (QA: it was 'unknown format')", () => {
  // 4,000 extra columns of 20 characters each: the header is over 80 KB, well past the 64 KB the format used to be told from.
  const extra = Array.from({ length: 4000 }, (_, i) => `Zusatzfeld ${String(i).padStart(9, "0")}`);
  const header = ["Datum", "Buchungstext", "Betrag", "Währung", ...extra].join(";");
  const empty = ";".repeat(extra.length);

  test("the CSV is told from its first complete lines and read: every row, with its amount and text", () => {
    expect(header.length).toBeGreaterThan(80_000);
    const text = [header, `02.01.2025;Migros Basel;-12.50;CHF${empty}`, `03.01.2025;Lohn;3000.00;CHF${empty}`].join("\n");
    expect(detectFormat(utf8(text))).toBe("csv");
    const s = parse(text);
    expect(brief(s.rows)).toEqual([
      [2, "2025-01-02", -12.5, "CHF", "Migros Basel"],
      [3, "2025-01-03", 3000, "CHF", "Lohn"],
    ]);
    expect([s.dataLines, s.badRows, s.skipped]).toEqual([2, [], []]);
  });

  test("a preamble line over 64 KB before the header does not hide it either", () => {
    const note = `Hinweis;${"x".repeat(70_000)}`;
    const s = parse([note, "Datum;Buchungstext;Betrag;Währung", "02.01.2025;Migros Basel;-12.50;CHF", "03.01.2025;Lohn;3000.00;CHF"].join("\n"));
    expect(brief(s.rows).map((r) => r[0])).toEqual([3, 4]);
  });

  test("a first line over 16 MB is refused naming that, not as an unknown format", () => {
    const text = `${"Spalte;".repeat(2_400_000)}\n1;2\n`;
    expect(() => parse(text)).toThrow("bank.csv: its first line is over 16 MB long, longer than any statement's header row: expected ");
  });
});

describe("balance lines that name their day ('Saldo per 31.12.2025 …', Cembra): the earliest opens, the latest closes (QA round 4, fifth pass)", () => {
  const file = (closing: string) =>
    [
      "Einkaufsdatum;Buchungsdatum;Beschreibung;Gutschrift CHF;Belastung CHF",
      ";;Saldo per 31.01.2026 zu unseren Gunsten;;" + closing,
      "20.01.2026;21.01.2026;MIGROS BERN;;40.00",
      ";;Saldo per 31.12.2025 zu unseren Gunsten;;100.00",
    ].join("\n");
  test("in either order; a closing balance that does not meet the rows is off, with the difference", () => {
    // By hand: −100.00 − 40.00 = −140.00 (both owed: in Belastung).
    const ok = read(utf8(file("140.00")), { fileName: "cembra.csv" });
    expect(ok.reconciliation.map((r) => [r.status, r.opening, r.openingDate, r.closing, r.closingDate, r.difference])).toEqual([["ok", -100, "2025-12-31", -140, "2026-01-31", 0]]);
    // −140.00 − (−150.00) = 10.00.
    const off = read(utf8(file("150.00")), { fileName: "cembra.csv" });
    expect(off.reconciliation.map((r) => [r.status, r.difference])).toEqual([["off", 10]]);
    expect([off.dataLines, off.rows.length, off.skipped.length]).toEqual([3, 1, 2]);
  });
  test("two monthly exports joined newest month first: each middle line is checked against the balance next to it in the file, with the rows between (review of impl6: refused, off by CHF 2'109.40)", () => {
    const joined = (first: string, last: string) =>
      [
        `31/01/2026;${first};;;Solde au 31/01/2026;`,
        "03/02/2026;-120,00;Prélèvement;;PRLV SEPA EDF;",
        "10/02/2026;-34,70;Carte;;CB BOULANGERIE DU PORT;",
        "28/02/2026;3800,00;;;Solde au 28/02/2026;",
        "31/12/2025;2000,00;;;Solde au 31/12/2025;",
        "05/01/2026;-45,30;Carte;;CB CARREFOUR CITY 04/01;",
        "15/01/2026;2000,00;Virement;;VIR SEPA EMPLOYEUR;",
        `31/01/2026;${last};;;Solde au 31/01/2026;`,
      ].join("\n");
    // By hand: 2'000.00 − 45.30 + 2'000.00 = 3'954.70 on 31.01; 3'954.70 − 120.00 − 34.70 = 3'800.00 on 28.02 ✓.
    const ok = read(utf8(joined("3954,70", "3954,70")), { fileName: "lcl.csv", fallbackCurrency: { code: "CHF", from: "the main currency of your data" } });
    expect(ok.reconciliation.map((r) => [r.status, r.opening, r.closing, r.difference])).toEqual([["ok", 2000, 3800, 0]]);
    expect(ok.skipped.map((x) => [x.line, x.reason.replace(/.*\), /, "")])).toEqual([[1, "checked against its rows"], [4, "checked against its rows"], [5, "checked against its rows"], [8, "checked against its rows"]]);
    // January's closing line says 3'900.00: 2'000.00 and the 2 rows between make 3'954.70, off at its own line (8).
    const lastOff = read(utf8(joined("3954,70", "3900,00")), { fileName: "lcl.csv", fallbackCurrency: { code: "CHF", from: "the main currency of your data" } });
    expect(lastOff.reconciliation.map((r) => [r.status, r.difference, r.line])).toEqual([["off", 54.7, 8]]);
    expect(lastOff.notes.filter((n) => n.startsWith("line "))).toEqual(["line 8: the statement's balance on 2026-01-31 is CHF 3'900.00, but its balance on 2025-12-31 (CHF 2'000.00) and the 2 rows between make CHF 3'954.70 (off by CHF 54.70)"]);
    // February's opening line says 3'900.00: 3'800.00 on 28.02 less the 2 rows between makes 3'954.70, off at line 1.
    const firstOff = read(utf8(joined("3900,00", "3954,70")), { fileName: "lcl.csv", fallbackCurrency: { code: "CHF", from: "the main currency of your data" } });
    expect(firstOff.reconciliation.map((r) => [r.status, r.difference, r.line])).toEqual([["off", 54.7, 1]]);
    expect(firstOff.skipped[0]!.reason).toBe(`the statement's balance on 2026-01-31 ("Solde au 31/01/2026"), disagrees with its rows: the balance on 2026-02-28 and the rows between make CHF 3'954.70`);
  });
  test("newest first, a month's balance that is wrong is caught at its line, off by as much as the refusal says (review of impl6: 'off by CHF -100.00')", () => {
    const lines = [
      "31/03/2026;3550,00;;;Solde au 31/03/2026;",
      "04/03/2026;-250,00;Carte;;CB FNAC PARIS;",
      "28/02/2026;3900,00;;;Solde au 28/02/2026;",
      "10/02/2026;-34,70;Carte;;CB BOULANGERIE DU PORT;",
      "03/02/2026;-120,00;Prélèvement;;PRLV SEPA EDF;",
      "31/01/2026;3954,70;;;Solde au 31/01/2026;",
      "15/01/2026;2000,00;Virement;;VIR SEPA EMPLOYEUR;",
      "05/01/2026;-45,30;Carte;;CB CARREFOUR CITY 04/01;",
      "31/12/2025;2000,00;;;Solde au 31/12/2025;",
    ];
    // By hand: 3'550.00 on 31.03 less March's −250.00 = 3'800.00 on 28.02, not 3'900.00; 31.01's 3'954.70 agrees with 31.12's.
    const s = read(utf8(lines.join("\n")), { fileName: "lcl.csv", fallbackCurrency: { code: "CHF", from: "the main currency of your data" } });
    expect(s.reconciliation.map((r) => [r.status, r.difference, r.line])).toEqual([["off", -100, 3]]);
    expect(s.notes.filter((n) => n.startsWith("line "))).toEqual(["line 3: the statement's balance on 2026-02-28 is CHF 3'900.00, but its balance on 2026-03-31 (CHF 3'550.00) and the row between make CHF 3'800.00 (off by CHF 100.00)"]);
    expect(s.skipped.map((x) => [x.line, x.reason.replace(/.*\), /, "")])).toEqual([[1, "checked against its rows"], [3, "disagrees with its rows: the balance on 2026-03-31 and the rows between make CHF 3'800.00"], [6, "checked against its rows"], [9, "checked against its rows"]]);
  });
  test("two balance lines of one day with no row between (one export's close, the next one's open) agree, and the lines beside them are checked", () => {
    const lines = [
      "31/12/2025;2000,00;;;Solde au 31/12/2025;",
      "05/01/2026;-45,30;Carte;;CB CARREFOUR CITY 04/01;",
      "15/01/2026;2000,00;Virement;;VIR SEPA EMPLOYEUR;",
      "31/01/2026;3954,70;;;Solde au 31/01/2026;",
      "31/01/2026;3954,70;;;Solde au 31/01/2026;",
      "03/02/2026;-120,00;Prélèvement;;PRLV SEPA EDF;",
      "10/02/2026;-34,70;Carte;;CB BOULANGERIE DU PORT;",
      "28/02/2026;3800,00;;;Solde au 28/02/2026;",
    ];
    const s = read(utf8(lines.join("\n")), { fileName: "lcl.csv", fallbackCurrency: { code: "CHF", from: "the main currency of your data" } });
    expect(s.reconciliation.map((r) => [r.status, r.difference])).toEqual([["ok", 0]]);
    expect(s.skipped.map((x) => [x.line, x.reason.replace(/.*\), /, "")])).toEqual([[1, "checked against its rows"], [4, "checked against its rows"], [5, "checked against its rows"], [8, "checked against its rows"]]);
    // The second 31.01 line says 3'950.00: its twin of the same day says 3'954.70, and 28.02's 3'800.00 less the 2 rows between makes 3'954.70.
    const off = read(utf8(lines.map((l, i) => (i === 4 ? l.replace("3954,70", "3950,00") : l)).join("\n")), { fileName: "lcl.csv", fallbackCurrency: { code: "CHF", from: "the main currency of your data" } });
    expect(off.reconciliation.map((r) => [r.status, r.difference, r.line])).toEqual([["off", 4.7, 5]]);
  });
  test("rows of two currencies: balance lines whose currency cell names one check that currency's rows; lines that state none are kept, not checked, and say why (review of impl6: 'no rows of its currency' beside two EUR rows)", () => {
    const text = (cur: string) => `Date;Montant;Devise;Libellé\n31/12/2025;2000,00;${cur};Solde au 31/12/2025\n05/01/2026;-45,30;EUR;CB CARREFOUR\n15/01/2026;-20,00;USD;AMAZON US\n31/01/2026;1954,70;${cur};Solde au 31/01/2026\n03/02/2026;-120,00;EUR;PRLV SEPA EDF\n28/02/2026;1834,70;${cur};Solde au 28/02/2026\n`;
    // By hand: EUR 2'000.00 − 45.30 = 1'954.70 on 31.01 ✓; − 120.00 = 1'834.70 on 28.02 ✓; the USD row has no balance.
    const eur = read(utf8(text("EUR")), { fileName: "lcl.csv" });
    expect(eur.reconciliation.map((r) => [r.currency, r.status, r.opening, r.closing, r.difference])).toEqual([["EUR", "ok", 2000, 1834.7, 0], ["USD", "none", null, null, null]]);
    expect(eur.skipped.map((x) => [x.line, x.reason.replace(/.*\), /, "")])).toEqual([2, 5, 7].map((l) => [l, "checked against its rows"]));
    // 31.01 said 1'900.00: off at its line by 54.70 (the USD row is not counted into EUR's balance).
    const wrong = read(utf8(text("EUR").replace("1954,70", "1900,00")), { fileName: "lcl.csv" });
    expect(wrong.reconciliation.map((r) => [r.currency, r.status, r.difference, r.line])).toEqual([["EUR", "off", 54.7, 5], ["USD", "none", null, undefined]]);
    const none = read(utf8(text("")), { fileName: "lcl.csv" });
    expect(none.reconciliation.map((r) => [r.currency, r.status])).toEqual([["EUR", "none"], ["USD", "none"]]);
    expect(none.skipped.map((x) => [x.line, x.reason.replace(/.*\), /, "")])).toEqual([2, 5, 7].map((l) => [l, "kept, not checked (rows of several currencies, and no currency stated for the balance)"]));
  });
  test("newest first, a month's balance between the months is checked against the balance line above it in the file (here the closing one, 28.02) and the rows between", () => {
    const months = (january: string) =>
      [
        "Einkaufsdatum;Buchungsdatum;Beschreibung;Gutschrift CHF;Belastung CHF",
        ";;Saldo per 28.02.2026 zu unseren Gunsten;;210.00",
        "10.02.2026;11.02.2026;COOP BASEL;;70.00",
        ";;Saldo per 31.01.2026 zu unseren Gunsten;;" + january,
        "20.01.2026;21.01.2026;MIGROS BERN;;40.00",
        ";;Saldo per 31.12.2025 zu unseren Gunsten;;100.00",
      ].join("\n");
    // By hand: −210.00 on 28.02 less February's −70.00 = −140.00 on 31.01; −100.00 − 40.00 = −140.00 on 31.12 + January ✓.
    const ok = read(utf8(months("140.00")), { fileName: "cembra.csv" });
    expect(ok.reconciliation.map((r) => [r.status, r.opening, r.closing, r.difference])).toEqual([["ok", -100, -210, 0]]);
    expect(ok.skipped.map((x) => [x.line, x.reason.replace(/.*\), /, "")])).toEqual([[2, "checked against its rows"], [4, "checked against its rows"], [6, "checked against its rows"]]);
    // −150.00 stated on 31.01: −210.00 + 70.00 = −140.00, off by 10.00 at line 4 (the ends still meet: −100 − 110 = −210).
    const off = read(utf8(months("150.00")), { fileName: "cembra.csv" });
    expect(off.reconciliation.map((r) => [r.status, r.difference, r.line])).toEqual([["off", 10, 4]]);
    expect(off.skipped[1]!.reason).toBe(`the statement's balance on 2026-01-31 ("Saldo per 31.01.2026 zu unseren Gunsten"), disagrees with its rows: the balance on 2026-02-28 and the rows between make CHF -140.00`);
  });
});

describe("a card statement with Cembra's columns (no Cembra CSV is known: these are its PDF statement's columns; QA round 4, fifth pass: a layout of its own)", () => {
  // Transaction date, booking date, text, credit, debit; DD.MM.YYYY; ' thousands (research: bank-layouts.md §16).
  // Worked out by hand: purchases 12.50 and 1'250.00 are money out, the payment 1'500.00 money in; each row dated by
  // its booking date (SPEC §10: date = booking date), never by the purchase date before it.
  const rows = (a: string, b: string, c: string) => [
    `28.02.2026;02.03.2026;${a};;12.50`,
    `01.03.2026;03.03.2026;${b};;1'250.00`,
    `05.03.2026;05.03.2026;${c};1'500.00;`,
  ];
  const cases: [string, string, string[]][] = [
    ["German", "Transaktionsdatum;Buchungsdatum;Text;Gutschrift;Belastung", rows("Coop Pronto Zürich", "Hotel Bellevue Luzern", "Ihre Zahlung - besten Dank")],
    ["French", "Date de transaction;Date de comptabilisation;Texte;Crédit;Débit", rows("Migros Genève", "Hôtel du Lac Montreux", "Votre paiement - merci")],
    ["Italian", "Data della transazione;Data di registrazione;Testo;Accredito;Addebito", rows("Coop Lugano", "Albergo Lago Locarno", "Il vostro pagamento - grazie")],
  ];
  for (const [language, header, lines] of cases) {
    test(`${language}: read with no flag as Cembra's layout, in francs whatever the data's main currency`, () => {
      const s = read(utf8([header, ...lines].join("\n")), { fileName: "karte.csv", fallbackCurrency: { code: "EUR", from: "your data" } });
      expect([s.format, s.layout, s.notes]).toEqual(["csv", "cembra", ["the currency CHF (from the Cembra layout) for every row"]]);
      const texts = lines.map((l) => l.split(";")[2]!);
      expect(brief(s.rows)).toEqual([
        [2, "2026-03-02", -12.5, "CHF", texts[0]!],
        [3, "2026-03-03", -1250, "CHF", texts[1]!],
        [4, "2026-03-05", 1500, "CHF", texts[2]!],
      ]);
      expect([s.dataLines, s.badRows, s.skipped]).toEqual([3, [], []]);
    });
  }
});

test("\"Auftraggeber/Zahlungsempfänger\" is the holder's own side only beside an \"Empfänger/Zahlungspflichtiger\" column; alone it is the other party", () => {
  // Review of pass 20: a file whose only party column is "Auftraggeber/Zahlungsempfänger" (the payer of money in, the
  // payee of money out) lost every counterparty: the column was taken for the holder's and left out of the descriptions.
  const text = "Buchungstag;Auftraggeber/Zahlungsempfänger;Verwendungszweck;Betrag\n02.03.2026;Stadtwerke Musterstadt;Abschlag Strom;-85,00\n15.03.2026;Arbeitgeber GmbH;Lohn Maerz;2450,00\n";
  const s = read(utf8(text), { fileName: "vb.csv", fallbackCurrency: { code: "EUR", from: "the main currency of your data" } });
  // By hand: the party, then the purpose (SPEC §10.1); the party is each row's counterparty.
  expect(brief(s.rows)).toEqual([
    [2, "2026-03-02", -85, "EUR", "Stadtwerke Musterstadt · Abschlag Strom"],
    [3, "2026-03-15", 2450, "EUR", "Arbeitgeber GmbH · Lohn Maerz"],
  ]);
  expect(s.rows.map((r) => r.facts?.counterparty)).toEqual(["Stadtwerke Musterstadt", "Arbeitgeber GmbH"]);
});

describe("Volksbank (VR) Umsatzanzeige: stated balances written as rows (QA round 4: they were imported as money in)", () => {
  // A VR export as the bank writes it: ISO-8859-1, a preamble, an S/H column with a blank header, and its "Anfangssaldo" and
  // "Endsaldo" as rows with a date, an amount and "H", the word in the Kundenreferenz column and no booking text.
  const lines = [
    '"Umsatzanzeige"',
    '"BLZ:";"12345678";;"Datum:";"06.03.2025"',
    "",
    '"Buchungstag";"Valuta";"Auftraggeber/Zahlungsempfänger";"Empfänger/Zahlungspflichtiger";"Konto-Nr.";"IBAN";"BLZ";"BIC";"Vorgang/Verwendungszweck";"Kundenreferenz";"Währung";"Umsatz";" "',
    '"03.03.2025";"03.03.2025";"Max Müller";"Bäckerei Schäfer";"";"DE12500105170648489890";"";"INGDDEFFXXX";"Basislastschrift\nBrötchen März";"";"EUR";"1.234,50";"S"',
    '"04.03.2025";"04.03.2025";"Max Müller";"Arbeitgeber GmbH";"";"DE89370400440532013000";"";"COBADEFFXXX";"Gutschrift Gehalt";"";"EUR";"3.000,00";"H"',
    '"05.03.2025";"05.03.2025";"Max Müller";"Stadtwerke";"";"DE02120300000000202051";"";"BYLADEM1001";"Lastschrift; Strom";"";"EUR";"45,00";"S"',
    "",
    '"01.03.2025";;;;;;;;;"Anfangssaldo";"EUR";"1.000,00";"H"',
    '"05.03.2025";;;;;;;;;"Endsaldo";"EUR";"2.720,50";"H"',
  ];
  test("the three bookings with their S/H signs; the two balance lines skipped with their word", () => {
    const s = read(cp1252(lines.join("\r\n") + "\r\n"), { fileName: "Umsaetze.csv" });
    // By hand: S is money out, H money in; 1.234,50 is 1234.5. Lines: header 4, bookings 5–8 (line 5 spans two), balances 10–11.
    expect(s.rows.map((r) => [r.line, r.date, r.amount, r.currency])).toEqual([
      [5, "2025-03-03", -1234.5, "EUR"],
      [7, "2025-03-04", 3000, "EUR"],
      [8, "2025-03-05", -45, "EUR"],
    ]);
    expect(s.skipped).toEqual([
      { line: 10, reason: `the statement's opening balance ("Anfangssaldo"), checked against its rows` },
      { line: 11, reason: `the statement's closing balance ("Endsaldo"), checked against its rows` },
    ]);
    expect([s.dataLines, s.badRows]).toEqual([5, []]);
  });

  test("its Anfangssaldo and Endsaldo are the statement's balances: checked against the rows (QA round 4, fifth pass: only skipped)", () => {
    // By hand: 1'000.00 − 1'234.50 + 3'000.00 − 45.00 = 2'720.50 = Endsaldo ✓.
    const ok = read(cp1252(lines.join("\r\n") + "\r\n"), { fileName: "Umsaetze.csv" });
    expect(ok.reconciliation.map((r) => [r.currency, r.status, r.opening, r.openingDate, r.closing, r.closingDate, r.entries, r.difference])).toEqual([
      ["EUR", "ok", 1000, "2025-03-01", 2720.5, "2025-03-05", 3, 0],
    ]);
    // An Endsaldo of 2.702,50 S (money owed): 1'000.00 + 1'720.50 = 2'720.50, off by 2'720.50 − (−2'702.50) = 5'423.00.
    const owed = lines.map((l) => l.replace('"Endsaldo";"EUR";"2.720,50";"H"', '"Endsaldo";"EUR";"2.702,50";"S"'));
    const off = read(cp1252(owed.join("\r\n") + "\r\n"), { fileName: "Umsaetze.csv" });
    expect(off.reconciliation.map((r) => [r.status, r.closing, r.difference])).toEqual([["off", -2702.5, 5423]]);
    expect(off.notes).toContain("the statement's opening balance EUR 1'000.00 + its 3 rows (EUR 1'720.50) make EUR 2'720.50, but it states a closing balance of EUR -2'702.50");
  });
});

describe("comdirect: 'Neuer Kontostand' above the table and 'Alter Kontostand' below it are the statement's balances (QA round 4, fifth pass: never read)", () => {
  const file = (closing: string) =>
    [
      ";",
      '"Umsätze Girokonto";"Zeitraum: 30 Tage";',
      `"Neuer Kontostand";"${closing} EUR";`,
      ";",
      '"Buchungstag";"Wertstellung (Valuta)";"Vorgang";"Buchungstext";"Umsatz in EUR";',
      '"12.02.2026";"12.02.2026";"Lastschrift / Belastung";"Auftraggeber: Stadtwerke Buchungstext: Strom";"-1.080,15";',
      '"02.02.2026";"02.02.2026";"Übertrag / Überweisung";"Auftraggeber: Arbeitgeber AG Buchungstext: Gehalt";"3.000,00";',
      ";",
      '"Alter Kontostand";"-512,40 EUR";',
    ].join("\r\n") + "\r\n";
  test("opening + rows = closing, dated by the rows; a closing balance that does not meet them is off", () => {
    // By hand: −512.40 + 3'000.00 − 1'080.15 = 1'407.45.
    const ok = read(cp1252(file("1.407,45")), { fileName: "umsaetze.csv" });
    expect(ok.rows.map((r) => [r.line, r.date, r.amount])).toEqual([[6, "2026-02-12", -1080.15], [7, "2026-02-02", 3000]]);
    expect(ok.skipped).toEqual([{ line: 9, reason: `the statement's opening balance ("Alter Kontostand"), checked against its rows` }]);
    expect(ok.reconciliation.map((r) => [r.status, r.opening, r.openingDate, r.closing, r.closingDate, r.difference])).toEqual([["ok", -512.4, "2026-02-02", 1407.45, "2026-02-12", 0]]);
    // 1'407.45 − 1'470.45 = −63.00.
    const off = read(cp1252(file("1.470,45")), { fileName: "umsaetze.csv" });
    expect(off.reconciliation.map((r) => [r.status, r.difference])).toEqual([["off", -63]]);
  });
});

describe("Italian split columns Dare / Avere (QA round 4: such a file was refused as 'cannot tell which columns hold the amount')", () => {
  test("Dare is money out, Avere money in; an indicator column headed Dare/Avere is still an indicator", () => {
    // By hand: 1.234,50 in Dare is −1234.5; 2.000,00 in Avere is +2000; day-first dates (14/03 decides the order).
    const split = parse("Data contabile;Data valuta;Descrizione;Dare;Avere;Divisa\n03/03/2025;03/03/2025;Esselunga;1.234,50;;EUR\n14/03/2025;14/03/2025;Stipendio;;2.000,00;EUR\n");
    expect(brief(split.rows)).toEqual([
      [2, "2025-03-03", -1234.5, "EUR", "Esselunga"],
      [3, "2025-03-14", 2000, "EUR", "Stipendio"],
    ]);
    const withCurrency = parse("Data;Descrizione;Dare (EUR);Avere (EUR)\n03/03/2025;Esselunga;12,50;\n14/03/2025;Rimborso;;7,00\n");
    expect(brief(withCurrency.rows)).toEqual([
      [2, "2025-03-03", -12.5, "EUR", "Esselunga"],
      [3, "2025-03-14", 7, "EUR", "Rimborso"],
    ]);
    const indicator = parse("Data;Descrizione;Importo;Dare/Avere;Divisa\n03/03/2025;Esselunga;12,50;D;EUR\n14/03/2025;Rimborso;7,00;A;EUR\n");
    expect(brief(indicator.rows)).toEqual([
      [2, "2025-03-03", -12.5, "EUR", "Esselunga"],
      [3, "2025-03-14", 7, "EUR", "Rimborso"],
    ]);
  });
});

describe("a sign column of '+' and '–' beside unsigned amounts (issue 31's leftover: refused, or under a '+/-' header ignored and every row money in)", () => {
  const rows = (marks: [string, string, string]) => `2026-03-01,Coop Bern,${marks[0]},45.10,EUR\n2026-03-02,Salary,${marks[1]},3000.00,EUR\n2026-03-03,Rent,${marks[2]},1500.00,EUR\n`;
  test("read as the rows' signs under a header that names a sign, with an en dash, a hyphen or a minus; by hand: −45.10, +3'000.00, −1'500.00", () => {
    for (const header of ["+/-", "±", "+/\u2212", "Sign", "Vorzeichen", "Signe", "Segno"]) {
      for (const dash of ["\u2013", "-", "\u2212", "\u2010"]) {
        const s = parse(`Date,Description,${header},Amount,Currency\n${rows([dash, "+", dash])}`);
        expect([header, dash, brief(s.rows)]).toEqual([header, dash, [[2, "2026-03-01", -45.1, "EUR", "Coop Bern"], [3, "2026-03-02", 3000, "EUR", "Salary"], [4, "2026-03-03", -1500, "EUR", "Rent"]]]);
      }
    }
  });
  test("under a header that names no sign ('Beleg', a receipt kept or none; 'Receipt'; 'X'), the marks are no signs: the unsigned amounts stay money in, as before (review of impl6: Lohn and Zins were booked as money out)", () => {
    for (const header of ["Beleg", "Receipt", "X"]) {
      const s = parse(`Date,Description,${header},Amount,Currency\n${rows(["+", "\u2013", "\u2013"])}`);
      expect([header, brief(s.rows)]).toEqual([header, [[2, "2026-03-01", 45.1, "EUR", "Coop Bern"], [3, "2026-03-02", 3000, "EUR", "Salary"], [4, "2026-03-03", 1500, "EUR", "Rent"]]]);
    }
  });
  test("under a header that names a sign, one kind of mark is enough: a month of purchases, every row '–', is all money out (review of impl6: all money in, exit 0)", () => {
    for (const [header, dash] of [["+/-", "\u2013"], ["Sign", "\u2013"], ["+/-", "-"], ["Vorzeichen", "\u2212"]] as const) {
      const s = parse(`Date,Description,${header},Amount,Currency\n${rows([dash, dash, dash])}`);
      expect([header, dash, brief(s.rows).map((r) => r[2])]).toEqual([header, dash, [-45.1, -3000, -1500]]);
    }
    // Every row "+": all money in.
    expect(brief(parse(`Date,Description,+/-,Amount,Currency\n${rows(["+", "+", "+"])}`).rows).map((r) => r[2])).toEqual([45.1, 3000, 1500]);
  });
  test("a balance or total line without a mark is no booking: skipped as such, not refused as an unmarked row (review of impl6: refused whole, 'its value \"\"')", () => {
    const head = "Datum;Buchungstext;+/-;Betrag;Währung\n02.03.2026;Coop Bern;\u2013;45.10;CHF\n05.03.2026;Lohn;+;3000.00;CHF\n10.03.2026;Miete Wohnung;\u2013;1500.00;CHF\n";
    const saldo = parse(`${head}31.03.2026;Saldo per 31.03.2026;;1454.90;CHF\n`);
    expect(brief(saldo.rows).map((r) => r[2])).toEqual([-45.1, 3000, -1500]);
    expect(saldo.skipped.map((x) => [x.line, x.reason])).toEqual([[5, `the statement's balance on 2026-03-31 ("Saldo per 31.03.2026"), kept, not checked (the statement states its closing balance only)`]]);
    const total = parse(`${head};Total;;4545.10;CHF\n`);
    expect(brief(total.rows).map((r) => r[2])).toEqual([-45.1, 3000, -1500]);
    expect(total.skipped.map((x) => [x.line, x.reason])).toEqual([[5, "a total or balance line, no booking of its own"]]);
    // An unmarked row that is no balance line is still refused, naming its line.
    expect(() => parse(`${head}12.03.2026;Migros;;30.00;CHF\n`)).toThrow('bank.csv: line 5: the column "+/-" marks money out and in, but this line has no mark in it, so the sign of its row cannot be told');
  });
  test("a mark that is neither, or none on a row with an amount, is refused naming its line", () => {
    expect(() => parse(`Date,Description,+/-,Amount,Currency\n${rows(["\u2013", "+", "?"])}`)).toThrow('bank.csv: line 4: the column "+/-" marks money out and in, but its value "?" is neither a debit nor a credit mark');
    expect(() => parse(`Date,Description,Sign,Amount,Currency\n${rows(["\u2013", "", "+"])}`)).toThrow('bank.csv: line 3: the column "Sign" marks money out and in, but this line has no mark in it, so the sign of its row cannot be told');
  });
  test("amounts that carry their own signs beside it: a column named as the sign is refused as before", () => {
    expect(() => parse("Date,Description,Sign,Amount,Currency\n2026-03-01,Coop Bern,\u2013,-45.10,EUR\n2026-03-02,Salary,+,3000.00,EUR\n")).toThrow('bank.csv: line 2: the column "Sign" marks money out and in, but its value "\u2013" is neither a debit nor a credit mark');
  });
});

describe("an indicator column with a value that is no debit/credit mark (QA round 4: the column was dropped and its debits read as income)", () => {
  test("a lone en dash or hyphen in a Dr/Cr column is a placeholder, no minus: refused, not read as money out (review of impl5)", () => {
    // The interest's 0.50 marked "–" (nothing) was booked as −0.50; a lone "−" (U+2212) or fullwidth "－" is a minus.
    for (const dash of ["\u2013", "\u2010", "\u2012"]) {
      const text = `Date,Description,Amount,Dr/Cr,Currency\n2026-03-02,Payroll Northwind,1000.00,CR,EUR\n2026-03-03,Corner Cafe,4.50,DR,EUR\n2026-03-31,Interest,0.50,${dash},EUR\n2026-04-01,Bookshop Quay,10.00,DR,EUR\n`;
      expect(() => parse(text)).toThrow(`bank.csv: line 4: the column "Dr/Cr" marks money out and in, but its value "${dash}" is neither a debit nor a credit mark`);
    }
    for (const minus of ["-", "\u2212", "\uff0d"]) {
      const text = `Date,Description,Amount,Dr/Cr,Currency\n2026-03-02,Payroll Northwind,1000.00,+,EUR\n2026-03-03,Corner Cafe,4.50,${minus},EUR\n`;
      expect(brief(parse(text).rows).map((r) => r[2])).toEqual([1000, -4.5]);
    }
  });
  test("refused, naming the column and the value; the amount column named by hand reads the amounts as signed", () => {
    // "X" is neither D nor A: reading "Importo" as signed would book Esselunga's 12,50 (marked D) as money in.
    const text = "Data;Descrizione;Importo;Dare/Avere;Divisa\n03/03/2025;Esselunga;12,50;D;EUR\n14/03/2025;Rimborso;7,00;A;EUR\n15/03/2025;Storno;3,00;X;EUR\n";
    expect(() => parse(text)).toThrow('bank.csv: line 4: the column "Dare/Avere" marks money out and in, but its value "X" is neither a debit nor a credit mark');
    // Named by hand, the amounts are read as they stand (the user's choice).
    expect(brief(parse(text, { amountColumn: "Importo" }).rows).map((r) => r[2])).toEqual([12.5, 7, 3]);
  });
  test("unsigned amounts beside a 'Type' that says a row is money out ('Withdrawal', 'Debit') and has a value that is no sign: refused, naming both (review of r4-qa39: every withdrawal was money in, exit 0)", () => {
    const cu = "Date,Description,Type,Amount,Currency\n2026-06-03,ATM MAIN ST,Withdrawal,80.00,USD\n2026-06-10,DIRECT DEP EMPLOYER,Deposit,1525.00,USD\n2026-06-30,DIVIDEND,Interest,0.94,USD\n";
    expect(() => parse(cu)).toThrow('bank.csv: line 4: the amounts carry no sign, and the column "Type" says money out on line 2 ("Withdrawal") but "Interest" here, which is no word this reader knows for money out or in, so the sign of its rows cannot be told');
    const us = "Date,Description,Type,Amount,Currency\n2026-06-01,PAYROLL NORTHWIND,ACH,2100.00,USD\n2026-06-02,CHECK 1042,CHECK,350.00,USD\n2026-06-04,POS GROCER,DEBIT,61.20,USD\n";
    expect(() => parse(us)).toThrow('bank.csv: line 2: the amounts carry no sign, and the column "Type" says money out on line 4 ("DEBIT") but "ACH" here');
    // Named by hand, the amounts are read as they stand (the user's choice); a balance column checks the signs itself;
    // signed amounts, or no word of money out, are read as before (the negative fixtures of test/fixtures/import).
    expect(brief(parse(cu, { amountColumn: "Amount" }).rows).map((r) => r[2])).toEqual([80, 1525, 0.94]);
    expect(brief(parse("Date,Description,Type,Amount,Currency\n2026-06-03,ATM,Withdrawal,-80.00,USD\n2026-06-30,DIVIDEND,Interest,0.94,USD\n").rows).map((r) => r[2])).toEqual([-80, 0.94]);
    expect(brief(parse("Date,Description,Type,Amount,Currency\n2026-06-02,From checking,Transfer In,650.00,USD\n2026-06-30,Interest,Interest,2.17,USD\n").rows).map((r) => r[2])).toEqual([650, 2.17]);
    // A "DR" after the amount is its sign (British and Australian statements; review of r4-wallet, finding 1: refused,
    // saying the amounts carried none); a bare "CR" is not (debits bare, credits "CR": still refused).
    const dr = "Date,Type,Description,Amount\n12/05/2026,Debit,TESCO STORES,45.90 DR\n13/05/2026,Credit,SALARY ACME,\"2,000.00 CR\"\n14/05/2026,Fee,ACCOUNT FEE,5.00 DR\n15/05/2026,Debit,TFL TRAVEL,12.40 DR\n";
    expect(brief(parse(dr, { currency: "GBP" }).rows).map((r) => r[2])).toEqual([-45.9, 2000, -5, -12.4]);
    expect(() => parse(dr.replaceAll(" DR", ""), { currency: "GBP" })).toThrow('bank.csv: line 4: the amounts carry no sign, and the column "Type" says money out on line 2 ("Debit") but "Fee" here');
  });
  // The refusal's two exemptions, each seen failing without it (no test pinned them: removing either failed nothing).
  test("its exemption: a balance column checks the signs itself", () => {
    // A balance column: the same Withdrawal, Deposit and Interest, read as written, and the balance says where that is
    // wrong — line 3 (the withdrawal's 80.00 read as money in) is off by USD -160.00: imported only when the user accepts.
    const balanced = "Date,Description,Type,Amount,Balance,Currency\n2026-06-01,DIRECT DEP EMPLOYER,Deposit,1525.00,2525.00,USD\n2026-06-03,ATM MAIN ST,Withdrawal,80.00,2445.00,USD\n2026-06-30,DIVIDEND,Interest,0.94,2445.94,USD\n";
    const b = parse(balanced);
    expect(brief(b.rows).map((r) => r[2])).toEqual([1525, 80, 0.94]);
    expect(b.reconciliation.map((r) => [r.status, r.line, r.difference])).toEqual([["off", 3, -160]]);
  });
  test("its exemption: a card export signs its rows itself", () => {
    // A card export (its interest charge written positive, no payment to the card: purchases positive): its "Debit" and
    // "Interest" rows are all money out, the card's note says so.
    const card = "Date,Description,Type,Amount,Currency\n2026-06-03,GROCER ON MAIN,Debit,80.00,USD\n2026-06-10,HARDWARE DEPOT,Debit,152.00,USD\n2026-06-30,INTEREST CHARGE ON PURCHASES,Interest,4.94,USD\n";
    const c = parse(card);
    expect(brief(c.rows).map((r) => r[2])).toEqual([-80, -152, -4.94]);
    expect(c.notes).toEqual(["a card export that writes purchases positive: they are read as money out, payments to the card as money in"]);
  });
  test("a loosely named column ('Type') holding kinds of payment is no indicator: read as before", () => {
    const s = parse("Date,Type,Description,Amount,Currency\n2025-03-03,Debit,Coop,-12.50,CHF\n2025-03-04,Card payment,Migros,-7.00,CHF\n");
    expect(brief(s.rows).map((r) => r[2])).toEqual([-12.5, -7]);
  });
});

describe("Schwab's older export: its Pending Transactions section (QA round 4: a pending row was imported as booked)", () => {
  test("the rows under 'Pending Transactions' are skipped as pending, those under 'Posted Transactions' read; the balance checks the posted ones", () => {
    const s = parse(
      [
        '"Transactions  for Checking account ...234 as of 03/10/2025 10:11:12 ET"',
        '"Date","Type","Check #","Description","Withdrawal (-)","Deposit (+)","RunningBalance"',
        '"Pending Transactions"',
        '"03/10/2025","ACH","","ELECTRONIC WITHDRAWAL ACME UTILITY","$84.20","",""',
        '"Total Pending Check and other Debit(s)","","","","$84.20","",""',
        '"Posted Transactions"',
        '"03/07/2025","ATM","","ATM WITHDRAWAL 1234 MAIN ST","$200.00","","$5,001.00"',
        '"03/05/2025","CHECK","1042","CHECK 1042","$1,250.00","","$5,201.00"',
        '"03/01/2025","ACH","","PAYROLL ACME","","$3,000.00","$6,451.00"',
      ].join("\r\n") + "\r\n",
    );
    expect(s.layout).toBe("schwab");
    // By hand: newest first; 6,451.00 − 1,250.00 = 5,201.00, − 200.00 = 5,001.00: the three posted rows agree with the balances.
    expect(brief(s.rows)).toEqual([
      [7, "2025-03-07", -200, "USD", "ATM WITHDRAWAL 1234 MAIN ST"],
      [8, "2025-03-05", -1250, "USD", "CHECK 1042"],
      [9, "2025-03-01", 3000, "USD", "PAYROLL ACME"],
    ]);
    expect(s.skipped).toEqual([
      { line: 3, reason: 'a section title ("Pending Transactions")' },
      { line: 4, reason: "pending: not posted yet" },
      { line: 5, reason: "pending: not posted yet" },
      { line: 6, reason: 'a section title ("Posted Transactions")' },
    ]);
    expect([s.dataLines, s.badRows]).toEqual([7, []]);
  });
});

describe("amounts and balances marked DR/CR after the number (QA round 4: such a file was refused: 'cannot tell which columns hold the amount')", () => {
  test("DR is money out, CR money in; the balance column, marked the same way, checks them", () => {
    const s = parse('Date,Description,Amount,Balance,Currency\n05/03/2025,TESCO STORES,45.90 DR,954.10 CR,GBP\n14/03/2025,SALARY,"2,000.00 CR","2,954.10 CR",GBP\n15/03/2025,RENT,"3,000.00 DR",45.90 DR,GBP\n');
    // By hand: 954.10 + 2,000.00 = 2,954.10; 2,954.10 − 3,000.00 = −45.90 (overdrawn, "DR"). Day-first: 14/03 decides.
    expect(brief(s.rows)).toEqual([
      [2, "2025-03-05", -45.9, "GBP", "TESCO STORES"],
      [3, "2025-03-14", 2000, "GBP", "SALARY"],
      [4, "2025-03-15", -3000, "GBP", "RENT"],
    ]);
    expect(s.rows.map((r) => r.facts.balanceAfter)).toEqual([954.1, 2954.1, -45.9]);
    expect(s.reconciliation.map((r) => [r.status, r.opening, r.closing, r.entries])).toEqual([["ok", 1000, -45.9, 3]]);
  });
});

describe("French banks' 'Débit euros' / 'Crédit euros' (QA round 4: such a file's euros were imported as the data's main currency)", () => {
  test("the currency is named by the money columns' header word; a preamble, multi-line labels and no-break thousands spaces", () => {
    const lines = [
      "Téléchargement du 06/03/2025;",
      "",
      "Compte de Dépôt carte n° 12345678901;",
      "Solde au 05/03/2025 2\u00a0720,50 EUR",
      "",
      "Date;Libellé;Débit euros;Crédit euros;",
      '05/03/2025;"PRLV SEPA EDF\nECH/050325";45,00;;',
      '04/03/2025;"VIR SEPA RECU /DE ACME SA\n/MOTIF SALAIRE";;3\u00a0000,00;',
      '03/03/2025;"CB CARREFOUR 02/03";1\u00a0234,50;;',
    ];
    const s = read(cp1252(lines.join("\r\n") + "\r\n"), { fileName: "CA20250306.csv" });
    // By hand: Débit is money out, Crédit money in; "1 234,50" with a no-break space is 1234.5.
    expect(brief(s.rows)).toEqual([
      [7, "2025-03-05", -45, "EUR", "PRLV SEPA EDF ECH/050325"],
      [9, "2025-03-04", 3000, "EUR", "VIR SEPA RECU /DE ACME SA /MOTIF SALAIRE"],
      [11, "2025-03-03", -1234.5, "EUR", "CB CARREFOUR 02/03"],
    ]);
    expect(s.notes).toContain('the currency EUR (from the column "Débit euros") for every row');
  });
});

describe("a file of no known layout with a status column (QA round 4: its pending and declined rows were imported as spending)", () => {
  test("rows whose status says not booked are skipped with the reason; booked ones read", () => {
    const s = parse("Date,Description,Amount,Currency,Status\n2025-03-05,Coffee,-4.50,EUR,Pending\n2025-03-04,Book,-20.00,EUR,Booked\n2025-03-03,Hotel,-200.00,EUR,DECLINED\n2025-03-02,Salary,1000.00,EUR,Completed\n");
    // By hand: only Book (−20) and Salary (+1000) moved money.
    expect(brief(s.rows)).toEqual([
      [3, "2025-03-04", -20, "EUR", "Book"],
      [5, "2025-03-02", 1000, "EUR", "Salary"],
    ]);
    const reason = "not booked (pending, declined or cancelled): no money moved";
    expect(s.skipped).toEqual([{ line: 2, reason }, { line: 4, reason }]);
    const de = parse("Buchungstag;Text;Betrag;Währung;Status\n05.03.2025;Kaffee;-4,50;EUR;vorgemerkt\n04.03.2025;Buch;-20,00;EUR;gebucht\n");
    expect([brief(de.rows), de.skipped]).toEqual([[[3, "2025-03-04", -20, "EUR", "Buch"]], [{ line: 2, reason }]]);
    // A "Status" column of other words (a category, a note) skips nothing.
    const other = parse("Date,Description,Amount,Currency,Status\n2025-03-05,Coffee,-4.50,EUR,Pending review\n2025-03-04,Book,-20.00,EUR,ok\n");
    expect([other.rows.length, other.skipped]).toEqual([2, []]);
  });
});

describe("Nationwide (UK): '03 Mar 2025' dates, 'Paid out' / 'Paid in' in pounds, a balance (QA round 4: refused, 'cannot tell which columns hold the date')", () => {
  test("read with its signs and checked against its balance", () => {
    const lines = [
      '"Account Name:","FlexAccount ****12345"',
      '"Account Balance:","£1,234.56"',
      "",
      '"Date","Transaction type","Description","Paid out","Paid in","Balance"',
      '"03 Mar 2025","Visa purchase","TESCO STORES","£45.90","","£1,000.00"',
      '"14 Mar 2025","Bank credit","SALARY","","£2,000.00","£3,000.00"',
      '"15 Mar 2025","Direct debit","RENT","£1,765.44","","£1,234.56"',
    ];
    const s = parse(lines.join("\r\n") + "\r\n");
    // By hand: 1,000.00 + 2,000.00 = 3,000.00; 3,000.00 − 1,765.44 = 1,234.56; the opening is 1,000.00 + 45.90 = 1,045.90.
    expect(s.rows.map((r) => [r.line, r.date, r.amount, r.currency])).toEqual([
      [5, "2025-03-03", -45.9, "GBP"],
      [6, "2025-03-14", 2000, "GBP"],
      [7, "2025-03-15", -1765.44, "GBP"],
    ]);
    expect(s.reconciliation.map((r) => [r.status, r.opening, r.closing])).toEqual([["ok", 1045.9, 1234.56]]);
  });
});

describe("a card export of no known layout, mostly negative in a month with a payment and a refund (QA round 4: read as a bank account's)", () => {
  test("a card-number column and the payment to the card written negative say purchases are positive", () => {
    const s = parse("Kartennummer;Datum;Beschreibung;Betrag;Währung\n4111 XXXX XXXX 1111;01.03.2025;MIGROS;85.50;CHF\n4111 XXXX XXXX 1111;05.03.2025;ZAHLUNG - BESTEN DANK;-500.00;CHF\n4111 XXXX XXXX 1111;06.03.2025;GUTSCHRIFT ZALANDO;-40.00;CHF\n");
    // By hand: the purchase 85.50 is money out; the payment 500 and the refund 40 are money in.
    expect(brief(s.rows)).toEqual([
      [2, "2025-03-01", -85.5, "CHF", "MIGROS"],
      [3, "2025-03-05", 500, "CHF", "ZAHLUNG - BESTEN DANK"],
      [4, "2025-03-06", 40, "CHF", "GUTSCHRIFT ZALANDO"],
    ]);
  });
});

test("Swedbank's Estonian export (Kliendi konto;Reatüüp;…) is read by the same layout: its balance and turnover rows skipped, D/K as the sides (QA round 4, blind pass)", () => {
  const text =
    '"Kliendi konto";"Reatüüp";"Kuupäev";"Saaja/Maksja";"Selgitus";"Summa";"Valuuta";"Deebet/Kreedit";"Arhiveerimistunnus";"Tehingu tüüp";"Viitenumber";"Dokumendi number";\n' +
    '"EE382200221020145685";"10";"01.03.2026";"";"Algsaldo";"200,00";"EUR";"K";"";"AS";"";"";\n' +
    '"EE382200221020145685";"20";"04.03.2026";"SELVER AS";"Kaardimakse";"12,30";"EUR";"D";"2026030400001";"K";"";"";\n' +
    '"EE382200221020145685";"86";"31.03.2026";"";"Lõppsaldo";"187,70";"EUR";"K";"";"LS";"";"";\n';
  const s = read(utf8(text), { fileName: "ee.csv" });
  expect(s.layout).toBe("swedbank-baltic");
  // 200.00 − 12.30 = 187.70: only the booking is a row.
  expect(brief(s.rows)).toEqual([[3, "2026-03-04", -12.3, "EUR", "SELVER AS · Kaardimakse"]]);
  expect(s.skipped).toEqual([
    { line: 2, reason: "the statement's opening balance (\"Algsaldo\"), checked against its rows" },
    { line: 4, reason: "the statement's closing balance (\"Lõppsaldo\"), checked against its rows" },
  ]);
  // The balance lines are the statement's (review of stop 46): 200.00 − 12.30 = 187.70 ✓.
  expect(s.reconciliation.map((r) => [r.status, r.opening, r.closing, r.difference])).toEqual([["ok", 200, 187.7, 0]]);
});

test("columns no header word names are told by what they hold only when that is unambiguous; else the refusal stands (QA round 4)", () => {
  const chf = { code: "CHF", from: "the main currency of your data" };
  // Two columns of amounts that do not walk one another (976.55 + 6'500.00 is not 7'400.00): which is the booking's?
  expect(() => read(utf8("Päev;Tekst;Summa1;Summa2\n05.01.2026;Migros;-23.45;976.55\n06.01.2026;Lohn;6500.00;7400.00\n"), { fileName: "u.csv", fallbackCurrency: chf })).toThrow(
    'u.csv: line 1: cannot tell which columns hold the date, the amount (one signed column, or a debit and a credit column); found columns "Päev", "Tekst", "Summa1", "Summa2".',
  );
  // Three capitals that are no ISO code (ASN's "BEA"), and a foreign currency filled only where one was paid abroad, are
  // not the rows' currency: the data's CHF, said so.
  const s = read(utf8("Päev;Kood;Tekst;Iznos;Välisvaluuta\n05.01.2026;BEA;Migros;-23.45;\n06.01.2026;OVB;Hotel;-120.00;EUR\n"), { fileName: "c.csv", fallbackCurrency: chf });
  expect(s.rows.map((r) => [r.amount, r.currency, r.description])).toEqual([[-23.45, "CHF", "Migros"], [-120, "CHF", "Hotel"]]);
  expect(s.notes).toEqual([
    "\"Päev\" was taken as the date, \"Iznos\" as the amount, by what the columns hold (no header word this reader knows named them): check the preview's rows",
    "the file names no currency anywhere: every row was taken as CHF (the main currency of your data); if this account is in another currency, set the currency of every row (--currency CODE) and import the file again",
  ]);
});

describe("dotted dates decided by their values (QA round 4, pass 9)", () => {
  test("a month-first column written with dots (12.31.2025) is read month-first, every row", () => {
    const s = parse("Date,Description,Amount\n12.31.2025,COFFEE SHOP,-4.50\n01.05.2026,PAYROLL ACME,2500.00\n01.07.2026,GROCERY MART,-62.10\n");
    // Line 2 decides (31 cannot be a month); lines 3–4 follow: January 5 and 7, not May 1 and July 1.
    expect(brief(s.rows)).toEqual([
      [2, "2025-12-31", -4.5, "USD", "COFFEE SHOP"],
      [3, "2026-01-05", 2500, "USD", "PAYROLL ACME"],
      [4, "2026-01-07", -62.1, "USD", "GROCERY MART"],
    ]);
    expect(s.badRows).toEqual([]);
  });

  test("the deciding date after the first 500 records still decides the whole column", () => {
    // 600 records dated 01.01.2026–12.12.2026 style (both parts ≤ 12, so undecided), then 12.31.2026 on line 602.
    const lines = ["Date,Description,Amount"];
    for (let i = 0; i < 600; i++) lines.push(`${String((i % 12) + 1).padStart(2, "0")}.${String((i % 5) + 1).padStart(2, "0")}.2026,SHOP ${i},-1.00`);
    lines.push("12.31.2026,LAST SHOP,-2.00");
    const s = parse(lines.join("\n") + "\n");
    expect(s.badRows).toEqual([]);
    expect(s.rows.length).toBe(601);
    // Line 2 is "01.01.2026"; line 3 "02.02.2026"; line 7 is i = 5: "06.01.2026" → June 1 month-first (January 6 day-first).
    expect(brief([s.rows[5]!])).toEqual([[7, "2026-06-01", -1, "USD", "SHOP 5"]]);
    expect(brief([s.rows[600]!])).toEqual([[602, "2026-12-31", -2, "USD", "LAST SHOP"]]);
  });
});

describe("review of this stop's CSV guesses: a guess a header could contradict is no guess", () => {
  const chf = { code: "CHF", from: "the main currency of your data" };
  test("a column of country codes is no currency, though CHE is an ISO 4217 fund code", () => {
    const s = read(utf8("Datum,Betrag,Beschreibung,Land\n21.05.2026,-12.50,COOP,CHE\n22.05.2026,-8.00,MIGROS,CHE\n"), { fileName: "l.csv", fallbackCurrency: chf });
    expect(s.rows.map((r) => [r.amount, r.currency])).toEqual([[-12.5, "CHF"], [-8, "CHF"]]);
  });
  test("two amount columns of a file with a header, told apart by nothing but their order, are refused (Uplata = money in came first)", () => {
    expect(() => read(utf8("Datum;Opis;Uplata;Isplata\n21.05.2026;PLACA;2500,00;\n22.05.2026;KONZUM;;45,20\n"), { fileName: "hr.csv", fallbackCurrency: chf })).toThrow(
      "hr.csv: line 1: cannot tell which columns hold the amount",
    );
  });
  test("a Status column of nothing but K is no debit/credit mark: the signs stay as written", () => {
    const s = read(utf8("Date,Amount,Description,Status\n2026-05-21,-12.50,COOP,K\n2026-05-22,100.00,REFUND,K\n"), { fileName: "k.csv", fallbackCurrency: chf });
    expect(s.rows.map((r) => r.amount)).toEqual([-12.5, 100]);
  });
});

test("a text cell that says there is none (\"No Description\", \"N/A\", \"none\", \"-\") gives way to the row's other text (issue 32, Fidelity)", () => {
  // The memo column holds the text; the description column only placeholders: each row is described by its memo alone.
  const s = parse("Date;Description;Memo;Amount;Currency\n02.03.2026;No Description;Migros Oerlikon;-23.45;CHF\n03.03.2026;N/A;Lohn Maerz;5200.00;CHF\n04.03.2026;none;SBB Halbtax;-190.00;CHF\n05.03.2026;-;Coop Pronto;-8.20;CHF\n");
  expect(brief(s.rows)).toEqual([
    [2, "2026-03-02", -23.45, "CHF", "Migros Oerlikon"],
    [3, "2026-03-03", 5200, "CHF", "Lohn Maerz"],
    [4, "2026-03-04", -190, "CHF", "SBB Halbtax"],
    [5, "2026-03-05", -8.2, "CHF", "Coop Pronto"],
  ]);
});

test("a spreadsheet's guard apostrophe comes off texts and numbers, not Dutch names' apostrophe (issue 32, NatWest)", () => {
  const s = parse("Date;Description;Amount;Currency\n02.03.2026;'Card Transaction';'-12.50;GBP\n03.03.2026;'s-Hertogenbosch Stadhuis;-4.00;EUR\n04.03.2026;'t Hoen Bakkerij;'1234;EUR\n");
  expect(brief(s.rows)).toEqual([
    [2, "2026-03-02", -12.5, "GBP", "Card Transaction"],
    [3, "2026-03-03", -4, "EUR", "'s-Hertogenbosch Stadhuis"],
    [4, "2026-03-04", 1234, "EUR", "'t Hoen Bakkerij"],
  ]);
});

test("balances stated in columns of their own on lines without a booking (Venmo's Beginning/Ending Balance) are checked against the rows (issue 32)", () => {
  const header = ",ID,Datetime,Type,Status,Note,From,To,Amount (total),Beginning Balance,Ending Balance\n";
  const rows = ",1,2026-03-02T10:00:00,Payment,Complete,Lunch,Jane,Joe,- $10.00,,\n,2,2026-03-04T10:00:00,Payment,Complete,Rent,Ann,Jane,+ $50.00,,\n";
  // 100.00 − 10.00 + 50.00 = 140.00: the stated ending balance agrees.
  const ok = parse(`${header},,,,,,,,,$100.00,\n${rows},,,,,,,,,,$140.00\n`);
  expect(ok.skipped.map((x) => x.line)).toEqual([2, 5]);
  expect(ok.reconciliation.map((r) => [r.currency, r.status, r.opening, r.closing, r.difference])).toEqual([["USD", "ok", 100, 140, 0]]);
  // An ending balance of 135.00 is 5.00 short of what the rows make: the statement does not reconcile.
  const off = parse(`${header},,,,,,,,,$100.00,\n${rows},,,,,,,,,,$135.00\n`);
  expect(off.reconciliation.map((r) => [r.status, r.difference])).toEqual([["off", 5]]); // 140.00 made − 135.00 stated
});

test("Nubank's card export with purchases only (no payment to the card to tell it by) is money out in reais by its layout (issue 32)", () => {
  const s = parse("date,title,amount\n2026-03-01,iFood *Restaurante,45.90\n2026-03-02,Uber *Trip,12.00\n2026-03-04,Drogasil,31.50\n");
  expect(s.layout).toBe("nubank-card");
  expect(brief(s.rows)).toEqual([
    [2, "2026-03-01", -45.9, "BRL", "iFood *Restaurante"],
    [3, "2026-03-02", -12, "BRL", "Uber *Trip"],
    [4, "2026-03-04", -31.5, "BRL", "Drogasil"],
  ]);
});

describe("content-hash ids stay as 93af78c computed them (review of r4-qa13, defect 4)", () => {
  // Pass 13 read text cells without a spreadsheet's apostrophe and "N/A" as no text, and the content-hash id (whose text
  // is the description when no layout names id columns: every headerless file) changed with them: ASN's file imported
  // before and again found its 3 rows as possible duplicates. The ids below are what 93af78c's build stored for these
  // files (imported with `budget-chat import --json`, read from budget.db's transaction_id). (Nubank's and ASB's rows,
  // whose currency pass 13 corrected, have other ids on purpose: the currency is part of the id.)
  const idsOf = (name: string) => {
    const s = parseStatement(fixture(name), { fileName: name, fallbackCurrency: { code: "CHF", from: "the main currency of your data" } });
    return assignTransactionIds(s.rows, s.account);
  };

  test("ASN (NL), its texts in apostrophes", () => {
    expect(idsOf("asn-nl.csv")).toEqual(["h:737c1dde89ce305e", "h:fcaf946498f0b9f1", "h:d3afa4929f8574c8"]);
  });

  test("a headerless file with an N/A placeholder column", () => {
    expect(idsOf("placeholder-na-headerless.csv")).toEqual(["h:72d26ab9284c265f", "h:b0df5eb23b13314b", "h:145c22b1bb7af7d2"]);
  });
});

describe('a money header with a bare "$" (review of r4-qa13, defect 6)', () => {
  test("the account's stored currency wins over it: a Canadian account's \"Amount ($)\" rows are CAD", () => {
    const s = parseStatement(fixture("dollar-header.csv"), { fileName: "dollar-header.csv", accountOverride: "CA-CHEQUING-1", accountCurrencies: { "CA-CHEQUING-1": "CAD" } });
    expect(brief(s.rows.toArray())).toEqual([
      [2, "2026-01-15", -4.5, "CAD", "Tim Hortons"],
      [3, "2026-01-16", 2000, "CAD", "Payroll"],
      [4, "2026-01-17", -85.2, "CAD", "Loblaws"],
    ]);
  });
  test("a Canadian user's data (main currency CAD) reads it as CAD, as a \"$\" in the amounts is read, and says it was assumed", () => {
    // Review of the fixes: the header's "$" was US dollars whatever the data's currency, the amounts' "$" the main one.
    const s = parseStatement(fixture("dollar-header.csv"), { fileName: "dollar-header.csv", fallbackCurrency: { code: "CAD", from: "the main currency of your data" } });
    expect(s.rows.toArray().map((r) => r.currency)).toEqual(["CAD", "CAD", "CAD"]);
    expect(s.notes).toEqual([`the column "Amount ($)"'s $ sign names no one currency (dollars, pesos…): every row was taken as CAD (the column "Amount ($)"'s $ sign, read as the main currency of your data); if this account is in another currency, set the currency of every row (--currency CODE) and import the file again`]);
  });
});

describe("a headerless file's one column with cents beside whole amounts (review of r4-qa13, defects 1 and 2)", () => {
  test("is not the amount when a signed whole column is beside it (yen, and a fee column of 0.00 and 110.00): refused, as the columns do not tell", () => {
    // The balance takes the fee off too (397'950 − 20'000 − 110 = 377'840), so no column walks it; r4-qa13 then booked
    // the fee column as the amounts (0, 0, 0, +110).
    const text = ["2026/01/05,ローソン Lawson,-1200,0.00,48800", "2026/01/10,Salary ACME KK,350000,0.00,398800", "2026/01/15,Family Mart,-850,0.00,397950", "2026/01/20,ATM withdrawal,-20000,110.00,377840"].join("\n");
    expect(() => parseStatement(utf8(text), { fileName: "j1.csv", fallbackCurrency: { code: "JPY", from: "test" } })).toThrow("the file has no header row, and what its columns hold does not tell them apart (1 of dates, 3 of amounts, 1 of text)");
  });
});

describe("a status column of a file of no known layout (QA round 4, pass 15)", () => {
  test("a refused payment after the 500 sampled records is skipped, spelled with its accent too", () => {
    // BNP Paribas Fortis's French export: 520 accepted card payments of 1.00 (lines 2–521), then a refused transfer of
    // 9'999.00 (line 522, "Refusé") and one of 50.00 (line 523, "Refused"): only the 520 are money out, 520.00 in all.
    const header = "Numéro de séquence;Date d'exécution;Date valeur;Montant;Devise du compte;Numéro de compte;Type de transaction;Contrepartie;Nom de la contrepartie;Communication;Détails;Statut;Motif du refus";
    const accepted = Array.from({ length: 520 }, (_, i) => `2026-${i + 1};03/02/2026;03/02/2026;-1,00;EUR;BE62510007547061;Paiement par carte;;;;DELHAIZE ${i + 1};Accepté;`);
    const text = [header, ...accepted, "2026-521;10/02/2026;10/02/2026;-9999,00;EUR;BE62510007547061;Virement en euros;BE08001123456713;Garage SA;Voiture;VIREMENT;Refusé;Solde insuffisant", "2026-522;11/02/2026;11/02/2026;-50,00;EUR;BE62510007547061;Virement en euros;BE08001123456713;Garage SA;Voiture;VIREMENT;Refused;Solde insuffisant", ""].join("\n");
    const s = parse(text);
    expect([s.rows.length, s.badRows, s.dataLines]).toEqual([520, [], 522]);
    expect(s.rows.reduce((sum, r) => sum + Math.round(r.amount * 100), 0)).toBe(-52000);
    const reason = "not booked (pending, declined or cancelled): no money moved";
    expect(s.skipped).toEqual([{ line: 522, reason }, { line: 523, reason }]);
  });
});

test("a footer sentence under wrapped bookings (\"This is a computer generated statement\") is a note line, not the last booking's text", () => {
  // Review of the fixes: it was glued onto the last card purchase ("CARD PURCHASE · GRAB SG · This is a computer …").
  const text = "Date,Description,Amount,Balance\n2026-02-01,CARD PURCHASE,-12.50,987.50\n,NTUC FAIRPRICE SINGAPORE SG,,\n2026-02-02,CARD PURCHASE,-20.00,967.50\n,COLD STORAGE SG,,\n2026-02-03,SALARY,+1000.00,1967.50\n2026-02-04,CARD PURCHASE,-5.00,1962.50\n,GRAB SG,,\n,This is a computer generated statement\n";
  const s = read(utf8(text), { fileName: "wrapped.csv", fallbackCurrency: { code: "SGD", from: "the main currency of your data" } });
  expect(s.rows.map((r) => r.description)).toEqual(["CARD PURCHASE · NTUC FAIRPRICE SINGAPORE SG", "CARD PURCHASE · COLD STORAGE SG", "SALARY", "CARD PURCHASE · GRAB SG"]);
  expect(s.skipped.map((x) => x.line)).toEqual([9]);
});

describe("notes about pending rows (review of stop 46: notes that say something else hid every booked row)", () => {
  const head = "Date,Description,Amount,Currency\n";
  const booked = "2026-02-20,SUPERMARKET CENTRAL,-45.30,CHF\n2026-02-25,ACME AG SALARY,3200.00,CHF\n";
  const amounts = (text: string) => parse(text).rows.map((r) => r.amount);
  test("a note that pending rows are among or marked in the rows below opens no section: every row is booked", () => {
    expect(amounts(`${head},The transactions below include pending transactions,,\n${booked}`)).toEqual([-45.3, 3200]);
    expect(amounts(`${head},Listed below: all transactions. Pending transactions are marked with *,,\n${booked}`)).toEqual([-45.3, 3200]);
  });
  test("a note that the rows below are pending (or not yet posted) skips them until any other title or the header again", () => {
    const pending = "2026-02-27,HOTEL PREAUTH,-180.00,CHF\n";
    expect(amounts(`${head},Transactions below are pending,,\n${pending},Account activity,,\n${booked}`)).toEqual([-45.3, 3200]);
    expect(amounts(`${head},Transactions below are pending,,\n${pending}${head}${booked}`)).toEqual([-45.3, 3200]);
    expect(amounts(`${head},The following transactions have not yet been posted,,\n${pending},Posted transactions,,\n${booked}`)).toEqual([-45.3, 3200]);
    expect(parse(`${head},Transactions below are pending,,\n${pending},Account activity,,\n${booked}`).skipped).toEqual([
      { line: 2, reason: 'a section title ("Transactions below are pending")' },
      { line: 3, reason: "pending: not booked yet (under a section title that says so)" },
      { line: 4, reason: 'a section title ("Account activity")' },
    ]);
  });
});

test("a headerless column of whole amounts that repeat (rupiah) is no account number (review of stop 46: taken as the account, the file refused)", () => {
  const text = "20260301\tINDOMARET JAKARTA\t1500000\tD\n20260302\tGAJI PT MAJU\t12500000\tK\n20260303\tTRANSFER KE BUDI\t1500000\tD\n20260304\tPLN TOKEN\t1500000\tD\n";
  const s = read(utf8(text), { fileName: "mutasi.txt", mapping: { currency: "IDR" } });
  expect(s.rows.map((r) => [r.account ?? null, r.amount])).toEqual([[null, -1500000], [null, 12500000], [null, -1500000], [null, -1500000]]);
});

test("an amount written with its refund keeps its own sign: \"-89.90(已退款25.50)\" is −64.40 (review of stop 46: money in)", () => {
  const s = parse("Date,Description,Amount,Currency\n2026-03-02,JD order,-89.90(已退款25.50),CNY\n2026-03-03,Salary,5000.00,CNY\n");
  expect(s.rows.map((r) => r.amount)).toEqual([-64.4, 5000]);
});

test("a file of one headerless line is a booking, unless the line states a balance (review of stop 46: \"Kontostand\" was booked as income)", () => {
  expect(detectFormat(utf8("31.01.2026;Kontostand;1.234,56;EUR\n"))).toBeNull();
  expect(detectFormat(utf8("62000000001,31/01/2026,1234.56,Available\n"))).toBeNull();
  expect(detectFormat(utf8("31.01.2026;Migros Zürich;-64,20;CHF\n"))).toBe("csv");
});

describe("the last review of stop 46", () => {
  const head = "Date,Description,Amount,Currency\n";
  const pending = "2026-02-27,HOTEL PREAUTH,-180.00,CHF\n";
  const booked = "2026-02-20,SUPERMARKET CENTRAL,-45.30,CHF\n";
  test("a pending note of several words for not booked (en attente, in Bearbeitung, in attesa, in behandeling, on hold) or with more to say opens the section", () => {
    for (const note of [
      "Les opérations ci-dessous sont en attente",
      "Die folgenden Umsätze sind in Bearbeitung",
      "I movimenti di seguito sono in attesa",
      "De onderstaande transacties zijn in behandeling",
      "Transactions below are on hold",
      "The following transactions are pending and may change",
      "Transactions below are pending authorisation",
    ]) {
      expect([note, parse(`${head},${note},,\n${pending},Posted transactions,,\n${booked}`).rows.map((r) => r.amount)]).toEqual([note, [-45.3]]);
    }
  });
  test("one headerless booking whose text holds a balance word is a booking; a line that is a balance is not", () => {
    expect(detectFormat(utf8('"01/15/2026","-34.56","*","","TOTAL WINE AND MORE 1234 SAN JOSE CA"\n'))).toBe("csv");
    expect(detectFormat(utf8('"01/16/2026","-250.00","*","","CHASE CREDIT CRD AUTOPAY BALANCE PAYMENT"\n'))).toBe("csv");
    expect(detectFormat(utf8("31.01.2026;Kontostand;1.234,56;EUR\n"))).toBeNull();
  });
  test("a headerless account column with one booking for an account is still the account", () => {
    const text = "417164300\tEUR\t20260301\t1250,00\t1212,60\t20260301\t-37,40\tBEA Albert Heijn\n417164300\tEUR\t20260304\t1212,60\t3312,60\t20260304\t2100,00\tSALARIS MAART\n562039811\tEUR\t20260306\t455,15\t555,15\t20260306\t100,00\tSpaarpot\n";
    expect(read(utf8(text), { fileName: "TXT.TAB" }).rows.map((r) => [r.account, r.amount])).toEqual([["417164300", -37.4], ["417164300", 2100], ["562039811", 100]]);
  });
});

describe("a currency given for a file a bank's layout reads keeps the layout (review of r4-left: Bank Norwegian became a generic CSV)", () => {
  test("Bank Norwegian with --currency SEK: the layout's rows, texts and facts, in kronor (a Swedish card)", () => {
    const plain = read(fixture("bank-norwegian-abroad.csv"), { fileName: "bn.csv" });
    const sek = read(fixture("bank-norwegian-abroad.csv"), { fileName: "bn.csv", mapping: { currency: "sek" } });
    // The fixture's rows (bank-fixtures.ts) as the layout reads them, the Amount in SEK: −496.91, −2'175.00, −63.70.
    expect([sek.layout, brief(sek.rows)]).toEqual([
      "bank-norwegian",
      [
        [2, "2026-06-02", -496.91, "SEK", "EDEKA MUENCHEN"],
        [3, "2026-06-05", -2175, "SEK", "SAS HOTEL KOBENHAVN"],
        [4, "2026-06-14", -63.7, "SEK", "STARBUCKS STOCKHOLM"],
      ],
    ]);
    // The same texts as without the flag, and the layout's facts: the purchase in Munich, EUR 42.80 (as the layout reads it).
    expect(sek.rows.map((r) => [r.description, r.idText])).toEqual(plain.rows.map((r) => [r.description, r.idText]));
    expect([sek.rows[0]!.facts.originalAmount, sek.rows[0]!.facts.originalCurrency]).toEqual([42.8, "EUR"]);
    expect(sek.notes).toEqual(["the currency SEK (from --currency) for every row"]);
  });

  test("a layout with a currency column: each row's cell still, the currency given only where a cell is empty, said so", () => {
    const text =
      '"Kliendi konto";"Reatüüp";"Kuupäev";"Saaja/Maksja";"Selgitus";"Summa";"Valuuta";"Deebet/Kreedit";"Arhiveerimistunnus";"Tehingu tüüp";"Viitenumber";"Dokumendi number";\n' +
      '"EE382200221020145685";"20";"02.03.2026";"ACME OU";"Palk";"1 200,00";"EUR";"K";"2026030200111";"MK";"";"";\n' +
      '"EE382200221020145685";"20";"04.03.2026";"SELVER AS";"PIRKING";"45,60";"";"D";"2026030400222";"K";"";"";\n';
    const s = read(utf8(text), { fileName: "sw.csv", mapping: { currency: "USD" } });
    expect([s.layout, s.rows.map((r) => [r.amount, r.currency])]).toEqual(["swedbank-baltic", [[1200, "EUR"], [-45.6, "USD"]]]);
    expect(s.notes).toEqual(['each row\'s currency is read from the column "Valuuta"; USD (from --currency) only where that cell is empty', "the currency USD (from --currency) for 1 row without a currency of its own"]);
  });

  test("any other setting is the user's own reading of the columns: the generic reader, as before", () => {
    expect(read(fixture("bank-norwegian-abroad.csv"), { fileName: "bn.csv", mapping: { currency: "SEK", amountColumn: "Amount" } }).layout).toBe("mapping");
  });
});

describe("FNB downloads: the currency, and the user's settings (review of stop 46: any setting sent it to the generic reader)", () => {
  test("BCA's Mutasi Rekening without its period line is refused saying its dates have no year; its settings other than a currency are refused by name", () => {
    const text = new TextDecoder().decode(fixture("bca-id-mutasi.csv"));
    expect(() => read(utf8(text.replace("Periode : 16/12/2025 - 15/01/2026\n", "")), { fileName: "bca.csv" })).toThrow(
      'bca.csv: no statement period ("Periode : dd/mm/yyyy - dd/mm/yyyy") in a BCA Mutasi Rekening: its bookings\' dates ("dd/mm") have no year',
    );
    expect(() => read(fixture("bca-id-mutasi.csv"), { fileName: "bca.csv", mapping: { dateColumn: "Tanggal Transaksi" } })).toThrow(
      "bca.csv: a BCA Mutasi Rekening is read by its own layout; the date column setting does not apply to it (only a currency does)",
    );
    const usd = read(fixture("bca-id-mutasi.csv"), { fileName: "bca.csv", mapping: { currency: "USD" } });
    expect(usd.rows.map((r) => [r.date, r.amount, r.currency])).toEqual([["2025-12-22", -1225000, "USD"], ["2025-12-31", 9800000, "USD"], ["2026-01-05", -500000, "USD"]]);
  });

  test("a currency is taken: the same three rows, in that currency, said so", () => {
    const s = read(fixture("fnb-za-en.csv"), { fileName: "fnb.csv", mapping: { currency: "bwp" } });
    expect([s.layout, s.account]).toEqual(["fnb-za", "62000000001"]);
    // The fixture's rows (format-fixtures.ts), in pula: −642.50, +28'000.00, −12'000.00.
    expect(brief(s.rows)).toEqual([
      [8, "2025-12-20", -642.5, "BWP", "POS Purchase · Checkers Sea Point"],
      [9, "2025-12-25", 28000, "BWP", "Magtape Credit · ACME PTY LTD Salary"],
      [10, "2026-01-05", -12000, "BWP", "Scheduled Payment · Landlord Rent"],
    ]);
    expect(s.notes).toEqual(["the currency BWP (from --currency) for every row"]);
  });

  test("the country its Afrikaans account line names (\"NAMIBIË\") gives the currency; two currencies named give none (rand, assumed)", () => {
    const download = (account: string) =>
      `2,62000000078,'MNR P SHIKONGO','${account}'\n3,'Staatnommer','Vanaf Datum','Tot Datum'\n3,5,'01 April 2026','30 April 2026'\n` +
      `5,'Nommer','Datum','Beskrywing1','Beskrywing2','Beskrywing3','Bedrag','Saldo','Opgeloopte Koste'\n5,1,'02 Apr',"POS Aankoop","Spar Windhoek","",-80.00,920.00,\n6,'END'\n`;
    const na = read(utf8(download("FNB NAMIBIË TJEKREKENING")), { fileName: "na.csv" });
    expect(brief(na.rows)).toEqual([[5, "2026-04-02", -80, "NAD", "POS Aankoop · Spar Windhoek"]]);
    const both = read(utf8(download("NAMIBIA / BOTSWANA")), { fileName: "x.csv" });
    expect(both.rows[0]!.currency).toBe("ZAR");
    expect(both.notes[0]).toStartWith("the file names no currency anywhere: every row was taken as ZAR");
  });

  // Review of r4-left: every cell of lines 2–4 was searched, the holder's name too, and what it found was the file's
  // currency, over the account's earlier rows. Each download below is in rand as far as it says: the holder's name is a
  // firm or a person, "ALL" an account's name (not Albanian leks).
  const holder = (name: string, type = "GOLD CHEQUE ACCOUNT", statement = "3,5,'01 April 2026','30 April 2026'") =>
    utf8(
      `2,62000000079,'${name}','${type}'\n3,'Statement Number','From Date','To Date'\n${statement}\n` +
        `5,'Number','Date','Description1','Description2','Description3','Amount','Balance','Accrued Charges'\n5,1,'02 Apr',"POS Purchase","Spar","",-80.00,920.00,\n6,'END'\n`,
    );
  const RAND_ASSUMED =
    "the file names no currency anywhere: every row was taken as ZAR (the FNB (First National Bank, South Africa) layout: its downloads are in rand unless their account lines name another currency or country); if this account is in another currency, set the currency of every row (--currency CODE) and import the file again";

  test("the holder's name never names the currency (\"NAMIBIA TOURS CC\", \"MRS T ZAMBIA\"), nor a type cell that is a word (\"ALL\"): rand, assumed", () => {
    for (const [name, type] of [["NAMIBIA TOURS CC", "BUSINESS CHEQUE ACCOUNT"], ["BOTSWANA MEAT COMMISSION (SA) PTY", "BUSINESS CHEQUE ACCOUNT"], ["MRS T ZAMBIA", "GOLD CHEQUE ACCOUNT"], ["MR J SMITH", "ALL"], ["NAD", "GOLD CHEQUE ACCOUNT"]]) {
      const s = read(holder(name!, type), { fileName: "fnb.csv" });
      expect([name, type, s.rows[0]!.currency, s.notes]).toEqual([name, type, "ZAR", [RAND_ASSUMED]]);
    }
  });

  test("a country the account type names is a guess: said as assumed, and the account's earlier rows win over it", () => {
    const namibia = holder("MR P SHIKONGO", "FNB NAMIBIA GOLD CHEQUE ACCOUNT");
    const guessed = read(namibia, { fileName: "na.csv" });
    expect([guessed.rows[0]!.currency, guessed.notes]).toEqual([
      "NAD",
      [
        "the file names no currency, only its account's country (Namibia): every row was taken as NAD (the FNB (First National Bank, South Africa) layout: its account line names Namibia, whose FNB accounts are in Namibian dollars); if this account is in another currency, set the currency of every row (--currency CODE) and import the file again",
      ],
    ]);
    const stored = read(namibia, { fileName: "na.csv", accountCurrencies: { "62000000079": "ZAR" } });
    expect([stored.rows[0]!.currency, stored.notes]).toEqual(["ZAR", ["the currency ZAR (from the account 62000000079's earlier rows) for every row"]]);
  });

  test("one of FNB's currency codes as a statement line's cell states it: taken over the account's earlier rows, not assumed", () => {
    const stated = holder("MR P SHIKONGO", "GOLD CHEQUE ACCOUNT", "3,5,'01 April 2026','30 April 2026','NAD'");
    const s = read(stated, { fileName: "na.csv", accountCurrencies: { "62000000079": "ZAR" } });
    expect([s.rows[0]!.currency, s.notes]).toEqual(["NAD", ["the currency NAD (from the download's account and statement lines) for every row"]]);
  });

  test("column, date and decimal settings, which its own layout decides, are refused by name", () => {
    expect(() => read(fixture("fnb-za-en.csv"), { fileName: "fnb.csv", mapping: { dateColumn: "Date", decimal: ",", currency: "ZAR" } })).toThrow(
      "fnb.csv: an FNB download is read by its own layout; the date column and decimal settings do not apply to it (only a currency does)",
    );
    expect(() => read(fixture("fnb-za-en.csv"), { fileName: "fnb.csv", mapping: { currency: "rand" } })).toThrow('fnb.csv: --currency "RAND" is not a three-letter ISO code');
  });
});

describe("a headerless file's first line is the account's only when it is no booking (review of r4-qa23, F1: a booking dropped with exit 0)", () => {
  const chf = (text: string) => read(utf8(text), { fileName: "bank.csv", fallbackCurrency: { code: "CHF", from: "test" } });
  const refusal = (text: string) => {
    try {
      chf(text);
      return "read";
    } catch (e) {
      return (e as Error).message;
    }
  };
  // (A bad row: the import refuses the file naming it, as before the account's line was known.)
  const lines = (text: string) => ((s) => [s.rows.map((r) => [r.line, r.amount]), s.badRows, s.skipped])(chf(text));
  test("a booking on top with a blank booking date, its value date beside it: a bad row naming its line, never read as 3 rows", () => {
    const text = ";12/03/2026;CARTE PICARD;-23,90\n13/03/2026;13/03/2026;VIR LOYER RECU;950,00\n14/03/2026;14/03/2026;ASSURANCE;-41,00\n16/03/2026;16/03/2026;GAZ;-57,30\n";
    expect(lines(text)).toEqual([[[2, 950], [3, -41], [4, -57.3]], [{ line: 1, reason: 'no date in "column 1"' }], []]);
  });
  test("a wider booking on top dated in another column, with no account number: refused, never dropped", () => {
    const text = "Y;12/03/2026;;CARTE PICARD;-23,90;EUR\n13/03/2026;VIR LOYER RECU;950,00\n14/03/2026;ASSURANCE;-41,00\n16/03/2026;GAZ;-57,30\n";
    expect(refusal(text)).toStartWith("bank.csv: line 1: the file has no header row, and what its columns hold does not tell them apart (0 of dates");
  });
  test("a booking on top dated in a later column than the rows' first: a bad row", () => {
    const text = ";;12/03/2026;CARTE;-23,90\n13/03/2026;13/03/2026;13/03/2026;VIR;950,00\n14/03/2026;14/03/2026;14/03/2026;GAZ;-57,30\n";
    expect(lines(text)).toEqual([[[2, 950], [3, -57.3]], [{ line: 1, reason: 'no date in "column 1"' }], []]);
  });
  test("the account's line with an IBAN over the rows: skipped with its reason, every booking read", () => {
    const s = chf("Compte courant;FR7630004000031234567890143;28/02/2026;;1 850,00\n03/02/2026;;;CARTE PICARD;-23,90\n05/02/2026;;;VIR LOYER RECU;950,00\n");
    expect([s.rows.map((r) => [r.line, r.amount]), s.skipped, s.dataLines]).toEqual([
      [[2, -23.9], [3, 950]],
      [{ line: 1, reason: "the account's line (Compte courant, FR7630004000031234567890143, 28/02/2026, 1 850,00), no booking of its own; its balance is not checked" }],
      3,
    ]);
  });
});

test("a header naming some columns, with blank cells over an amount and a balance (`Date,Description,,`): those are \"column 3\" and \"column 4\", told by what they hold and named by the user (review of pass 26: refused, and --amount-column could name neither)", () => {
  const chf = { code: "CHF", from: "the main currency of your data" };
  // 1'000.00 − 4.50 − 50.00 + 1'000.00 − 900.00 = 1'045.50 ✓ (oldest first). The header line written again mid-file is no row.
  const text = "Date,Description,,\n22/03/2026,Coffee,-4.50,995.50\n23/03/2026,Groceries,-50.00,945.50\nDate,Description,,\n24/03/2026,Salary,1000.00,1945.50\n25/03/2026,Rent,-900.00,1045.50\n";
  const s = read(utf8(text), { fileName: "h.csv", fallbackCurrency: chf });
  expect(brief(s.rows)).toEqual([
    [2, "2026-03-22", -4.5, "CHF", "Coffee"],
    [3, "2026-03-23", -50, "CHF", "Groceries"],
    [5, "2026-03-24", 1000, "CHF", "Salary"],
    [6, "2026-03-25", -900, "CHF", "Rent"],
  ]);
  expect(s.reconciliation.map((r) => [r.status, r.opening, r.closing, r.basis])).toEqual([["ok", 1000, 1045.5, "balance column column 4 (oldest first)"]]);
  expect(s.skipped).toEqual([{ line: 4, reason: "the header row again (the table's next block)" }]);
  expect(s.notes[0]).toBe('"column 3" was taken as the amount, "column 4" as the balance after each row, by what the columns hold (no header word this reader knows named them): check the preview\'s rows');
  // The user names the blank column: read as said, with no balance.
  const named = read(utf8(text), { fileName: "h.csv", fallbackCurrency: chf, mapping: { amountColumn: "column 3" } });
  expect(named.rows.map((r) => r.amount)).toEqual([-4.5, -50, 1000, -900]);
  // A header of every role but the balance, its last cell blank: the note names the balance's column, never "".
  const full = read(utf8(text.replaceAll("Date,Description,,", "Date,Description,Amount,")), { fileName: "h.csv", fallbackCurrency: chf });
  expect(full.rows.map((r) => r.amount)).toEqual([-4.5, -50, 1000, -900]);
  expect(full.notes[0]).toBe('"column 4" was taken as the balance after each row, by what the column holds (no header word this reader knows named it)');
});

test("\"International Currency\" alone is the rows' currency; beside an international amount it is that amount's (review of pass 26: GBP rows were taken as the data's francs, \"the file names no currency anywhere\")", () => {
  const chf = { code: "CHF", from: "the main currency of your data" };
  const s = read(utf8("Date,Description,Amount,International Currency\n22/03/2026,AMAZON UK,-45.00,GBP\n23/03/2026,Salary,2000.00,GBP\n24/03/2026,Tesco,-12.50,GBP\n"), { fileName: "e.csv", fallbackCurrency: chf });
  expect(s.rows.map((r) => [r.amount, r.currency])).toEqual([[-45, "GBP"], [2000, "GBP"], [-12.5, "GBP"]]);
  // "Intl.Currency" beside "Intl.Amount" is the foreign amount's currency: the rows are in the column "Amount(in Rs)"'s
  // rupees, and the note says "Rs" names no one currency (it is several countries'), not that the file names none.
  const pair = read(utf8('"Date","Details","Intl.Amount","Intl.Currency","Amount(in Rs)"\n"04/02/2026","SPOTIFY STOCKHOLM","9.99","EUR","-899.00"\n"09/02/2026","BIG BAZAAR","0","","-1210.50"\n"21/02/2026","SALARY","0","","5000.00"\n'), { fileName: "p.csv", fallbackCurrency: chf });
  expect(pair.rows.map((r) => [r.amount, r.currency])).toEqual([[-899, "CHF"], [-1210.5, "CHF"], [5000, "CHF"]]);
  expect(pair.notes).toEqual(['the column "Amount(in Rs)" writes Rs, which names no one currency (rupees of India, Pakistan, Sri Lanka, Nepal…): every row was taken as CHF (the main currency of your data); if this account is in another currency, set the currency of every row (--currency CODE) and import the file again']);
});

describe('"Nombre": the other party only as PayPal writes it (review of qa24)', () => {
  const eur = (text: string) => read(utf8(text), { fileName: "movimientos.csv", fallbackCurrency: { code: "EUR", from: "test" } });
  const descriptions = (text: string) => eur(text).rows.map((r) => r.description);

  test("a card export's cardholder beside its merchant (Comercio) stays as it was, the merchant kept", () => {
    expect(descriptions("Fecha;Nombre;Comercio;Importe\n03/02/2026;ANA PEREZ SOLER;FARMACIA CENTRO;-9,80\n07/02/2026;ANA PEREZ SOLER;LIBRERIA LUNA;-21,00\n")).toEqual([
      "ANA PEREZ SOLER · FARMACIA CENTRO",
      "ANA PEREZ SOLER · LIBRERIA LUNA",
    ]);
  });

  test("the holder's name on every row is no other party: not put in front of each description", () => {
    const s = eur("Fecha;Concepto;Importe;Saldo;Nombre\n03/02/2026;RECIBO LUZ;-45,10;954,90;ANA PEREZ SOLER\n07/02/2026;TRANSFERENCIA RECIBIDA;200,00;1154,90;ANA PEREZ SOLER\n");
    expect(s.rows.map((r) => [r.description, r.facts.counterparty ?? null])).toEqual([["RECIBO LUZ", null], ["TRANSFERENCIA RECIBIDA", null]]);
  });

  test("'Nombre del titular' and 'Nombre de la cuenta' are not the other party", () => {
    expect(descriptions("Fecha;Concepto;Importe;Nombre del titular\n03/02/2026;RECIBO LUZ;-45,10;ANA PEREZ SOLER\n07/02/2026;BIZUM DE LUIS;15,00;ANA PEREZ SOLER\n")).toEqual(["RECIBO LUZ", "BIZUM DE LUIS"]);
  });
});

describe('a preamble\'s "Currency: All" is no currency (review of qa24)', () => {
  const body = "\nDate,Description,Amount\n2026-02-03,Corner shop,-4.20\n2026-02-05,Refund,10.00\n";
  test.each([["one cell", "Currency: All"], ["two cells", "Currency,All"]])("%s: the data's currency, not Albania's lek", (_, line) => {
    const s = read(utf8(`Account: 55501234\n${line}\n${body}`), { fileName: "export.csv", fallbackCurrency: { code: "GBP", from: "the main currency of your data" } });
    expect(s.rows.map((r) => r.currency)).toEqual(["GBP", "GBP"]);
  });
  test("ALL in capitals is the code", () => {
    const s = read(utf8(`Account: 55501234\nCurrency: ALL\n${body}`), { fileName: "export.csv", fallbackCurrency: { code: "GBP", from: "x" } });
    expect(s.rows.map((r) => r.currency)).toEqual(["ALL", "ALL"]);
  });
});

describe("DKB's card writes a purchase abroad's own amount and currency in one cell (uqa4 F1)", () => {
  test("\"-1.240,00 USD\" in Fremdwährungsbetrag: the original amount and its currency, for each row abroad", () => {
    const s = read(fixture("dkb-card-abroad.csv"), { fileName: "dkb-visa.csv" });
    expect(s.layout).toBe("dkb-card");
    expect(s.rows.map((r) => [r.amount, r.facts.originalAmount ?? null, r.facts.originalCurrency ?? null])).toEqual([
      [-31.28, 34, "USD"],
      [-195.73, 212.75, "USD"],
      [-1140.8, 1240, "USD"],
      [-4.95, 37, "DKK"],
      [-65.45, null, null],
      [432.46, null, null],
    ]);
  });
});

describe("an original amount's cell with its currency code, read only as an amount with its currency (review of uqa4 F1)", () => {
  // DKB's card layout, each row's Fremdwährungsbetrag written another way.
  const dkb = (cells: string[]) =>
    read(
      utf8(
        [
          '"Karte";"Visa Kreditkarte";"4930 •••• •••• 2207"',
          '""',
          '"Saldo vom 31.05.2026:";"-100,00 EUR"',
          '"Datum";"31.05.2026"',
          '""',
          '"Belegdatum";"Wertstellung";"Status";"Beschreibung";"Umsatztyp";"Betrag (€)";"Fremdwährungsbetrag"',
          ...cells.map((c, i) => `"18.05.26";"19.05.26";"Gebucht";"SHOP ${i}";"Im Geschäft";"-31,28 €";"${c}"`),
        ].join("\n") + "\n",
      ),
      { fileName: "dkb-visa.csv" },
    );
  test("a code in small letters reads as its capitals when it is an ISO code; one without an amount stores no currency; the row's own currency stores nothing", () => {
    const s = dkb(["-34,00 usd", "-34,00 Usd", "usd -34,00", "(34,00) USD", "USD", "-34,00 EUR", "-34,00 xyz", "-34,00 USD"]);
    expect(s.layout).toBe("dkb-card");
    expect(s.rows.map((r) => [r.description, r.facts.originalAmount ?? null, r.facts.originalCurrency ?? null])).toEqual([
      ["SHOP 0", 34, "USD"],
      ["SHOP 1", 34, "USD"],
      ["SHOP 2", 34, "USD"],
      // A parenthesised number with a code after it is no amount the reader knows: no currency without it.
      ["SHOP 3", null, null],
      ["SHOP 4", null, null],
      // The row's own currency: the amount again, no fact.
      ["SHOP 5", null, null],
      // No currency code, so no amount.
      ["SHOP 6", null, null],
      ["SHOP 7", 34, "USD"],
    ]);
  });
});

describe("fixtures whose original amounts the currency in their cell changed (review of uqa4 F1-c)", () => {
  test("raiffeisen-cz.csv line 2: a card purchase in EUR on a CZK account keeps EUR", () => {
    const s = read(fixture("raiffeisen-cz.csv"), { fileName: "raiffeisen-cz.csv" });
    const r = s.rows.find((x) => x.line === 2)!;
    expect([r.currency, r.facts.originalAmount ?? null, r.facts.originalCurrency ?? null]).toEqual(["CZK", 93.5, "EUR"]);
  });
  test("barclays-de-card.csv line 17: an original amount in the card's own EUR is no original amount", () => {
    const s = read(fixture("barclays-de-card.csv"), { fileName: "barclays-de-card.csv" });
    const r = s.rows.find((x) => x.line === 17)!;
    expect([r.currency, r.facts.originalAmount ?? null, r.facts.originalCurrency ?? null]).toEqual(["EUR", null, null]);
  });
});

test("YNAB's register export: each row goes to the account its \"Account\" names (issue 31: the rows had no account)", () => {
  const s = read(fixture("ynab-register-two-accounts-eu.csv"), { fileName: "ynab.csv", fallbackCurrency: { code: "CHF", from: "x" } });
  expect(s.rows.map((r) => [r.line, r.account])).toEqual([[2, "Girokonto"], [3, "Girokonto"], [4, "Kreditkarte"], [5, "Kreditkarte"]]);
  expect(s.reconciliation.map((r) => [r.account, r.entries])).toEqual([["Girokonto", 2], ["Kreditkarte", 2]]);
});

describe("a currency column beside an amount whose header names a currency (review of r4-qa29)", () => {
  // China Merchants Bank's card layout: the amount in yuan, the currency each purchase was paid in.
  const cmb = (rows: string[]) =>
    read(utf8(['"交易日期","入账日期","交易摘要","卡号末四位","人民币金额","美元金额","交易币种"', ...rows].join("\n") + "\n"), { fileName: "cmb.csv" });
  const yuan = (i: number) => `"2026/01/${String((i % 28) + 1).padStart(2, "0")}","2026/01/${String((i % 28) + 1).padStart(2, "0")}","便利店 ${i}","8765","-${(10 + i / 100).toFixed(2)}","","RMB"`;
  test("a purchase abroad after the 500th row keeps its yuan, with its own currency as the original one", () => {
    const rows = Array.from({ length: 510 }, (_, i) => yuan(i));
    rows.splice(505, 0, '"2026/02/03","2026/02/04","STEAM PURCHASE","8765","-151.20","-20.80","USD"');
    const s = cmb(rows);
    const abroad = s.rows.find((r) => r.description.includes("STEAM"))!;
    expect([abroad.line, abroad.amount, abroad.currency, abroad.facts.originalCurrency ?? null]).toEqual([507, -151.2, "CNY", "USD"]);
    expect([...new Set(s.rows.map((r) => r.currency))]).toEqual(["CNY"]);
    expect(s.rows.length).toBe(511);
    expect(s.notes.filter((n) => n.includes('"交易币种" names USD'))).toHaveLength(1);
  });
  test("the yuan rows' RMB is CNY, their own currency: no original currency stored; the USD row keeps USD", () => {
    const s = cmb([yuan(1), '"2026/02/03","2026/02/04","STEAM PURCHASE","8765","-151.20","-20.80","USD"', yuan(2)]);
    expect(s.rows.map((r) => [r.line, r.currency, r.facts.originalCurrency ?? null])).toEqual([
      [2, "CNY", null],
      [3, "CNY", "USD"],
      [4, "CNY", null],
    ]);
  });
  const euros = "Date,Description,Amount (EUR),Currency\n2026-04-02,Bakery,-3.80,EUR\n2026-04-06,Bookshop London,-24.50,GBP\n2026-04-09,Refund,12.00,EUR\n";
  test("--currency-column wins over the header's currency: each row in its own column's currency", () => {
    const s = read(utf8(euros), { fileName: "eur.csv", mapping: { currencyColumn: "Currency" } });
    expect(s.rows.map((r) => [r.amount, r.currency, r.facts.originalCurrency ?? null])).toEqual([
      [-3.8, "EUR", null],
      [-24.5, "GBP", null],
      [12, "EUR", null],
    ]);
    expect(s.notes.some((n) => n.includes("paid in"))).toBe(false);
  });
  test("without the flag, the header's EUR is every row's currency, the column the currency paid in", () => {
    const s = read(utf8(euros), { fileName: "eur.csv" });
    expect(s.rows.map((r) => [r.amount, r.currency, r.facts.originalCurrency ?? null])).toEqual([
      [-3.8, "EUR", null],
      [-24.5, "EUR", "GBP"],
      [12, "EUR", null],
    ]);
  });
  test("a balance's header naming a currency leaves the currency column the amount's own", () => {
    const text = "Date,Description,Amount,Currency,Balance (EUR)\n2026-04-02,Bakery,-3.80,EUR,496.20\n2026-04-04,Taxi Zurich,-35.00,CHF,\n2026-04-09,Refund,12.00,EUR,508.20\n";
    const s = read(utf8(text), { fileName: "bal.csv" });
    expect(s.rows.map((r) => [r.amount, r.currency, r.facts.originalCurrency ?? null])).toEqual([
      [-3.8, "EUR", null],
      [-35, "CHF", null],
      [12, "EUR", null],
    ]);
    expect(s.reconciliation.map((r) => [r.currency, r.status, r.opening, r.closing])).toEqual([
      ["EUR", "ok", 500, 508.2],
      ["CHF", "none", null, null],
    ]);
    expect(s.notes.some((n) => n.includes("paid in"))).toBe(false);
  });
});

test("a rupee amount's header does not overrule the file's two date columns: each posting date a day after its transaction date (review of r4-qa29)", () => {
  const text = "Transaction Date,Posting Date,Description,Amount (Rs)\n02/10/2026,02/11/2026,GROCER,-320.00\n04/07/2026,04/08/2026,PAYROLL,61000.00\n05/11/2026,05/12/2026,PHARMACY,-95.50\n";
  const s = read(utf8(text), { fileName: "rs.csv" });
  expect(s.rows.map((r) => r.date)).toEqual(["2026-02-11", "2026-04-08", "2026-05-12"]);
});

describe("an Activity or Detalhes column of sign marks only stays out of the description (review of r4-qa29)", () => {
  test("Activity = DR/CR", () => {
    const s = read(utf8("Date,Details,Activity,Amount\n2026-05-04,BAKERY,DR,6.40\n2026-05-08,EMPLOYER LTD,CR,3100.00\n"), { fileName: "a.csv", mapping: { currency: "GBP" } });
    expect(s.rows.map((r) => [r.amount, r.description])).toEqual([[-6.4, "BAKERY"], [3100, "EMPLOYER LTD"]]);
  });
  test("Activity = Debit/Credit before the description", () => {
    const s = read(utf8("Date,Activity,Description,Amount\n2026-05-04,Debit,BAKERY,6.40\n2026-05-08,Credit,EMPLOYER LTD,3100.00\n"), { fileName: "a.csv", mapping: { currency: "GBP" } });
    expect(s.rows.map((r) => [r.amount, r.description])).toEqual([[-6.4, "BAKERY"], [3100, "EMPLOYER LTD"]]);
  });
  test("Detalhes = D/C", () => {
    const s = read(utf8("Data;Descrição;Detalhes;Valor\n04/05/2026;Padaria;D;6,40\n08/05/2026;Salário;C;3100,00\n"), { fileName: "b.csv", mapping: { currency: "BRL" } });
    expect(s.rows.map((r) => [r.amount, r.description])).toEqual([[-6.4, "Padaria"], [3100, "Salário"]]);
  });
});

test("an \"Account\" of the other party's IBAN beside \"Outflow\" and \"Inflow\" in no YNAB register is no account of the statement (review of impl5)", () => {
  // The landlord's, the employer's and the grocer's IBANs: each row was booked to the other party's account, its
  // currency taken from that IBAN's country. Without YNAB's "Flag" and "Cleared", the column proves no own account.
  const text = "Date,Payee,Account,Memo,Outflow,Inflow\n2026-03-02,Landlord AG,CH9300762011623852957,Rent,1500.00,\n2026-03-05,Employer SA,CH5604835012345678009,Salary,,4200.00\n2026-03-09,Grocer,CH4431999123000889012,Food,82.40,\n";
  const s = read(utf8(text), { fileName: "bank.csv", fallbackCurrency: { code: "EUR", from: "x" } });
  expect(s.rows.map((r) => [r.line, r.amount, r.account ?? null])).toEqual([[2, -1500, null], [3, 4200, null], [4, -82.4, null]]);
  expect(s.reconciliation.map((r) => [r.account, r.entries])).toEqual([[null, 3]]);
});

test("a Swedish \"Betalningsdag\" (the payment or due day) dates no row: the rows keep the date column they had (review of r4-qa34)", () => {
  // As at ff421e0: "Valutadag" dates a file with no booking or transaction day; "Transaktionsdag" beside "Betalningsdag" does.
  expect(parse("Valutadag;Betalningsdag;Text;Belopp\n2026-03-20;2026-03-25;ICA;-100,00\n2026-03-21;2026-03-26;Hyra;-5000,00\n").rows.map((r) => [r.date, r.amount])).toEqual([["2026-03-20", -100], ["2026-03-21", -5000]]);
  expect(parse("Betalningsdag;Transaktionsdag;Text;Belopp\n2026-03-25;2026-03-20;ICA;-100,00\n2026-03-26;2026-03-21;Hyra;-5000,00\n").rows.map((r) => [r.date, r.amount])).toEqual([["2026-03-20", -100], ["2026-03-21", -5000]]);
});

describe("dates that fit both orders under a header in a day-first country's script (review of qa35)", () => {
  test("a Hebrew header over a USD column: read day-first, the note names the header's language, not ILS", () => {
    const s = parse("תאריך,תיאור,סכום,מטבע\n02/11/2026,Amazon,-25.00,USD\n03/11/2026,Transfer,1500.00,USD\n05/11/2026,Hotel,-388.15,USD\n");
    expect(s.rows.map((r) => [r.date, r.amount, r.currency])).toEqual([["2026-11-02", -25, "USD"], ["2026-11-03", 1500, "USD"], ["2026-11-05", -388.15, "USD"]]);
    expect(s.notes).toEqual(["every date fits both day-first and month-first: read day-first, as banks write them where the header's language is written (the header, written in Hebrew; check the statement's own dates)"]);
  });
  test("a Greek header: read day-first too, as Greece's banks write them", () => {
    const s = parse("Ημερομηνία,Περιγραφή,Ποσό\n04/03/2026,ΣΚΛΑΒΕΝΙΤΗΣ,-52.40\n09/03/2026,ΜΙΣΘΟΔΟΣΙΑ,1250.00\n11/03/2026,ΔΕΗ,-86.10\n");
    expect(s.rows.map((r) => [r.date, r.amount, r.currency])).toEqual([["2026-03-04", -52.4, "EUR"], ["2026-03-09", 1250, "EUR"], ["2026-03-11", -86.1, "EUR"]]);
    expect(s.notes).toContain("every date fits both day-first and month-first: read day-first, as banks write them where the header's language is written (the header, written in Greek; check the statement's own dates)");
  });
});

test("\"סכום חיוב\" beside a balance column is an account's amount, read as written: no card note beside the balance's (review of qa35)", () => {
  // 1'240.50 + 6'200.00 = 7'440.50; − 412.30 = 7'028.20; + 180.00 = 7'208.20; + 900.00 = 8'108.20.
  const s = parse("תאריך,תיאור,סכום חיוב,יתרה\n14/10/2026,משכורת,6200.00,7440.50\n16/10/2026,בזק,-412.30,7028.20\n20/10/2026,החזר מס,180.00,7208.20\n23/10/2026,העברה מאת דנה,900.00,8108.20\n");
  expect(s.rows.map((r) => [r.date, r.amount])).toEqual([["2026-10-14", 6200], ["2026-10-16", -412.3], ["2026-10-20", 180], ["2026-10-23", 900]]);
  expect(s.notes.filter((n) => /card export|contradicted the balance/.test(n))).toEqual([]);
});

test("a money app's export whose amount column is named by hand is still signed by the app's kind words (review of r4-wallet, finding 2: every Расход was money in)", () => {
  const s = read(fixture("wallet-ru-kinds.csv"), { fileName: "wallet-ru-kinds.csv", fallbackCurrency: { code: "CHF", from: "x" }, mapping: { amountColumn: "amount" } });
  expect(s.rows.map((r) => r.amount)).toEqual([-1875.4, 112000, -20000, 20000, -640]);
});

test("a currency column in words: ICBC's newer \"人民币\" is CNY, M-Pesa's \"KSh\"/\"Ksh\" KES (both refused before as naming no currency)", () => {
  const icbc = read(utf8("交易日期,摘要,交易金额,币种,余额\n2026-01-05,消费,-120.00,人民币,880.00\n2026-01-06,工资,5000.00,人民币,5880.00\n"), { fileName: "icbc.csv" });
  expect(icbc.rows.map((r) => [r.date, r.amount, r.currency])).toEqual([["2026-01-05", -120, "CNY"], ["2026-01-06", 5000, "CNY"]]);
  const mpesa = read(utf8("Date,Details,Amount,Currency\n2026-01-05,Pay Bill to KPLC,-1500.00,KSh\n2026-01-06,Funds received,3000.00,Ksh\n"), { fileName: "mpesa.csv" });
  expect(mpesa.rows.map((r) => [r.date, r.amount, r.currency])).toEqual([["2026-01-05", -1500, "KES"], ["2026-01-06", 3000, "KES"]]);
});

test("Wallet by BudgetBakers' kind words in each language listed sign its unsigned amounts; its signed export keeps its signs (review of r4-wallet, finding 4)", () => {
  const header = "account;category;currency;amount;ref_currency_amount;type;payment_type;note;date;transfer;payee;labels\n";
  const wallet = (out: string, into: string, amounts: [string, string] = ["12.50", "300.00"]) =>
    read(utf8(`${header}Karta;Jídlo;EUR;${amounts[0]};${amounts[0]};${out};Karta;;2026-08-03T10:12:00.000Z;false;Shop;\nKarta;Mzda;EUR;${amounts[1]};${amounts[1]};${into};Převod;;2026-08-05T07:00:00.000Z;false;Firma;\n`), { fileName: "wallet.csv" }).rows.map((r) => r.amount);
  for (const [out, into] of [["Расходы", "Доходы"], ["Расход", "Доход"], ["Gasto", "Ingreso"], ["Gastos", "Ingresos"], ["Výdaj", "Příjem"], ["Kiadás", "Bevétel"], ["Expenses", "Income"]]) {
    expect([out, wallet(out!, into!)]).toEqual([out, [-12.5, 300]]);
  }
  // The English export writes its amounts signed: they stand as written, whatever the kind says (a positive amount
  // under "Expenses", as the file writes it, stays money in).
  expect(wallet("Expenses", "Income", ["-12.50", "300.00"])).toEqual([-12.5, 300]);
  expect(wallet("Expenses", "Expenses", ["-12.50", "4.00"])).toEqual([-12.5, 4]);
});

test("OP (FI): the other party's account written with its bank's BIC after it is kept as the IBAN alone (qa41's blind pass: the BIC was glued onto it)", () => {
  const s = read(fixture("op-fi-iban-bic.csv"), { fileName: "op-fi-iban-bic.csv" });
  expect(s.rows.map((r) => [r.line, r.facts.counterparty ?? null, r.facts.counterpartyIban ?? null])).toEqual([
    [2, "Helsingin Energia Oy", "FI2112345600000785"],
    [3, "Metsä Konsultit Oy", "FI3750000120251144"],
    [4, "K-MARKET KALLIO", null],
  ]);
});

describe("an empty text column takes the unnamed column before it only when that column reads as prose (review of r4-qa44)", () => {
  // Header "Date,,Description,Amount,Balance", Description empty on every row: the unnamed column holds a reference code,
  // the holder's IBAN or a second date. Each was taken as every row's description (a false merchant, the same IBAN on
  // every row); they stay empty, as before the rule. The figures are the same either way: out 57.50 (2 rows), in 1'200.00.
  const reading = (unnamed: string[]) => {
    const s = parseStatement(
      utf8(`Date,,Description,Amount,Balance\n22/03/2026,${unnamed[0]},,-45.00,955.00\n25/03/2026,${unnamed[1]},,1200.00,2155.00\n29/03/2026,${unnamed[2]},,-12.50,2142.50\n`),
      { fileName: "bank.csv", fallbackCurrency: { code: "CHF", from: "the main currency of your data" } },
    );
    return { rows: brief(s.rows.toArray()), totals: fileTotals(s.rows), reconciliation: s.reconciliation.map((r) => ({ status: r.status, opening: r.opening, closing: r.closing })) };
  };
  const empty = {
    rows: [
      [2, "2026-03-22", -45, "CHF", ""],
      [3, "2026-03-25", 1200, "CHF", ""],
      [4, "2026-03-29", -12.5, "CHF", ""],
    ],
    totals: [{ currency: "CHF", out: 57.5, outRows: 2, in: 1200, inRows: 1 }],
    reconciliation: [{ status: "ok" as const, opening: 1000, closing: 2142.5 }],
  };
  test("reference codes (INV-ABC-0012, …): no words of prose", () => {
    expect(reading(["INV-ABC-0012", "TRF-XYZ-0099", "POS-SHP-1234"])).toEqual(empty);
  });
  test("the same IBAN on every row: one value repeated, not the bookings' texts", () => {
    expect(reading(Array(3).fill("GB29 NWBK 6016 1331 9268 19"))).toEqual(empty);
  });
  test("a second date written with its month's name (\"23 Mar 2026\")", () => {
    expect(reading(["23 Mar 2026", "26 Mar 2026", "30 Mar 2026"])).toEqual(empty);
  });
  test("texts of words are read (Stanbic Zambia's shape)", () => {
    expect(reading(["POS PURCHASE CORNER GROCER", "SALARY NORTHWIND LTD", "ATM WITHDRAWAL CAIRO ROAD"]).rows.map((r) => r[4])).toEqual([
      "POS PURCHASE CORNER GROCER",
      "SALARY NORTHWIND LTD",
      "ATM WITHDRAWAL CAIRO ROAD",
    ]);
  });
});

describe("an Indian statement's header written again, and lakh grouping beside thousands (review of r4-qa47)", () => {
  const inr = { code: "INR", from: "the main currency of your data" };
  const usd = { code: "USD", from: "the main currency of your data" };
  const table = (again: string) =>
    `Date,Narration,Opening Bal,Withdrawal,Deposit,Closing Bal\n13/03/26,UPI-KIRANA,"43,500.50","1,180.00",,"42,320.50"\n16/03/26,NEFT CR SALARY,"42,320.50",,"64,000.00","1,06,320.50"\n${again}\n21/03/26,ATM WDL,"1,06,320.50","5,000.00",,"1,01,320.50"\n22/03/26,UPI-MILK,"1,01,320.50",320.00,,"1,01,000.50"\n`;

  test("the table's own header again (its \"Opening Bal\" and \"Closing Bal\") is no summary table: the booking after it is kept and the balances checked", () => {
    // 43,500.50 + 1,180.00 = 44,680.50 opens; − 1,180.00 + 64,000.00 − 5,000.00 − 320.00 = 1,01,000.50 closes.
    const s = read(utf8(table("Date,Narration,Opening Bal,Withdrawal,Deposit,Closing Bal")), { fileName: "hdfc.csv", fallbackCurrency: inr });
    expect(s.rows.map((r) => [r.line, r.amount])).toEqual([[2, -1180], [3, 64000], [5, -5000], [6, -320]]);
    expect(s.reconciliation.map((r) => [r.status, r.closing])).toEqual([["ok", 101000.5]]);
  });

  test("the header again in capitals, or with a trailing empty cell: never its next booking skipped as the summary's figures (refused as before, naming the line)", () => {
    for (const again of ["DATE,NARRATION,OPENING BAL,WITHDRAWAL,DEPOSIT,CLOSING BAL", "Date,Narration,Opening Bal,Withdrawal,Deposit,Closing Bal,"]) {
      let rows: number[] | null = null;
      try {
        rows = read(utf8(table(again)), { fileName: "hdfc.csv", fallbackCurrency: inr }).rows.map((r) => r.line);
      } catch {
        rows = null; // refused: nothing imported
      }
      // Either refused or every booking kept; never line 5 (ATM WDL) lost.
      if (rows !== null) expect(rows).toContain(5);
    }
  });

  test("one lakh-shaped cell beside amounts grouped in thousands (\"105,000.00\") decides nothing: dates that fit both orders are still refused", () => {
    const text = 'Posting Date,Description,Amount,Balance\n01/02/2026,PAYROLL ACME CORP,"1,00,000.00","105,000.00"\n01/05/2026,SAFEWAY #1234,-45.12,"104,954.88"\n02/03/2026,PG&E ONLINE PAYMENT,-120.00,"104,834.88"\n';
    expect(() => read(utf8(text), { fileName: "us.csv", fallbackCurrency: usd })).toThrow("cannot tell the date format");
  });
});

test("a label line of two balance names with no figures below it, between bookings: the dated booking after it is kept (review of r4-qa47: RENT was skipped as the summary's figures, exit 0)", () => {
  const text = "Date,Description,Paid out,Paid in\n13/03/2026,TESCO STORES,12.50,\n16/03/2026,SALARY,,2000.00\nOpening Balance,Closing Balance,,\n21/03/2026,RENT,900.00,\n22/03/2026,COFFEE,3.20,\n";
  const s = read(utf8(text), { fileName: "uk.csv", fallbackCurrency: { code: "GBP", from: "the main currency of your data" } });
  expect(s.rows.map((r) => [r.line, r.amount, r.description])).toEqual([[2, -12.5, "TESCO STORES"], [3, 2000, "SALARY"], [5, -900, "RENT"], [6, -3.2, "COFFEE"]]);
  // A booking's text with digits in it (a flat, a UPI reference): a booking all the same (review of 890b9e44: still skipped).
  for (const rent of ["RENT FLAT 2B", "UPI-KIRANA-612345"]) {
    const t = read(utf8(text.replace("RENT", rent)), { fileName: "uk.csv", fallbackCurrency: { code: "GBP", from: "the main currency of your data" } });
    expect(t.rows.map((r) => [r.line, r.amount])).toEqual([[2, -12.5], [3, 2000], [5, -900], [6, -3.2]]);
  }
});

test("a card summary's dated line of figures with \"Nil\", \"N/A\", \"Cr\" or \"Rs.\" under its columns stays the summary's, never a booking (review of 890b9e44: booked as +500.00, exit 0)", () => {
  const card = (figures: string) => `Date,Description,Amount\n21/02/2026,AMAZON MARKETPLACE,-1234.00\n25/02/2026,PAYMENT RECEIVED THANK YOU,500.00\nStatement Date,Opening Balance,Payments/Credits,Purchases/Debits,Finance Charges,Total Dues\n${figures}\n`;
  for (const figures of ['15/03/2026,"1,234.00","500.00","1,234.00",Nil,"1,968.00"', '15/03/2026,N/A,"500.00","1,234.00",NA,"1,968.00"', '15/03/2026,12480.00 Cr,-,"1,234.00",0.00,"Rs. 1,968.00"', '15/03/2026,"RS. 12,480.00","500.00","1,234.00",0.00,"rs 1,968.00"']) {
    const s = read(utf8(card(figures)), { fileName: "card.csv", fallbackCurrency: { code: "INR", from: "the main currency of your data" } });
    expect(s.rows.map((r) => [r.line, r.amount])).toEqual([[2, -1234], [3, 500]]);
  }
});

describe("amounts written with Rs (rupees of India, Pakistan, Sri Lanka, Nepal…)", () => {
  const chf = { code: "CHF", from: "the main currency of your data" };
  test("a reference like \"Rs101\" is no amount: Rs is a sign only with a dot or a space after it (review of r4-leadmask: a tag column was booked as money in)", () => {
    const tags = "When,Tag,What\n2026-05-22,Rs101,Coffee\n2026-05-23,Rs102,Lunch\n2026-05-24,Rs103,Refund\n";
    expect(() => read(utf8(tags), { fileName: "t.csv", fallbackCurrency: chf })).toThrow("cannot tell which columns hold");
    const summed = "When,Tag,What,Sum\n2026-05-22,Rs101,Coffee,-4.50\n2026-05-23,Rs102,Lunch,-12.00\n2026-05-24,Rs103,Refund,100.00\n";
    expect(read(utf8(summed), { fileName: "t.csv", fallbackCurrency: chf }).rows.map((r) => r.amount)).toEqual([-4.5, -12, 100]);
  });

  test("\"Rs. 1,180.00\" is an amount; the note says Rs names no one currency, and the dates are read day-first as rupee accounts' (was: refused, no amount column)", () => {
    // 43,500.50 − 1,180.00 = 42,320.50; + 64,000.00 = 1,06,320.50.
    const text = 'Date,Narration,Withdrawal,Deposit,Balance\n02/05/2026,UPI-KIRANA,"Rs. 1,180.00",,"Rs. 42,320.50"\n06/05/2026,NEFT CR SALARY,,"Rs 64,000.00","Rs. 1,06,320.50"\n';
    const s = read(utf8(text), { fileName: "in.csv", fallbackCurrency: chf });
    expect(s.rows.map((r) => [r.line, r.date, r.amount])).toEqual([[2, "2026-05-02", -1180], [3, "2026-05-06", 64000]]);
    expect(s.reconciliation.map((r) => [r.status, r.opening, r.closing])).toEqual([["ok", 43500.5, 106320.5]]);
    expect(s.notes).toContain("every date fits both day-first and month-first: read day-first, as banks write the dates of rupee accounts (the amounts' \"Rs. 1,180.00\"; check the statement's own dates)");
    expect(s.notes.some((n) => n.startsWith('its amounts are written with Rs ("Rs. 1,180.00"), which names no one currency (rupees of India, Pakistan, Sri Lanka, Nepal…): every row was taken as CHF'))).toBe(true);
  });

  test("\"Rs. 1,180.00\" written without quotes in a comma-separated file: a bad row naming the split, never 180.00 booked (was: money in 180.00, exit 0)", () => {
    const text = "Date,Narration,Withdrawal,Deposit,Balance\n22/05/2026,UPI-KIRANA,Rs. 1,180.00,,Rs. 42,320.50\n";
    const s = read(utf8(text), { fileName: "in.csv", fallbackCurrency: chf });
    expect(s.rows).toEqual([]);
    expect(s.badRows.map((b) => [b.line, b.reason.slice(0, 96)])).toEqual([[2, 'Withdrawal "Rs. 1" and the next cell "180.00" are one number ("Rs. 1,180.00") split at its comma']]);
  });
});

describe("the operation's own amount beside its own currency, when another column holds the rows' currency (T-Bank, VTB)", () => {
  test("a purchase abroad keeps its own amount and currency as the original (was: the currency kept, the amount lost)", () => {
    const s = read(fixture("tbank-ru-abroad.csv"), { fileName: "operations.csv" });
    expect(s.rows.map((r) => [r.amount, r.currency, r.facts.originalAmount ?? null, r.facts.originalCurrency ?? null])).toEqual([
      [-642, "RUB", null, null],
      [31000, "RUB", null, null],
      [-965.4, "RUB", 10, "USD"],
    ]);
    const vtb = read(fixture("vtb-ru-osnovanie.csv"), { fileName: "vtb.csv" });
    expect(vtb.rows.map((r) => [r.amount, r.currency, r.facts.originalAmount ?? null, r.facts.originalCurrency ?? null])).toEqual([
      [-642, "RUB", null, null],
      [28000, "RUB", null, null],
      [-1150, "RUB", 12.5, "EUR"],
    ]);
  });
});

describe("a minus before the currency's code (review of the lead's change)", () => {
  test("each row keeps the code it is written with: \"-EUR 950.00\" is in euros, not the file's fallback", () => {
    const s = read(utf8("Date,Description,Amount\n2026-03-02,COFFEE,-CHF 4.50\n2026-03-03,SALARY,CHF 2450.00\n2026-03-04,HOTEL PARIS,-EUR 950.00\n2026-03-05,REFUND,+EUR 12.00\n"), { fileName: "mixed.csv", fallbackCurrency: { code: "USD", from: "the main currency of your data" } });
    expect(s.rows.map((r) => [r.amount, r.currency])).toEqual([[-4.5, "CHF"], [2450, "CHF"], [-950, "EUR"], [12, "EUR"]]);
  });
  test("a reference's \"-POS 4411\" is no amount: its column stays text, in the description", () => {
    const s = read(utf8("Date,Description,Memo,Amount\n2026-03-02,STARBUCKS,-POS 4411,-4.50\n2026-03-03,SHELL,-ACH 2210,-60.00\n"), { fileName: "memo.csv", fallbackCurrency: { code: "USD", from: "the main currency of your data" } });
    expect(s.rows.map((r) => [r.amount, r.description])).toEqual([[-4.5, "STARBUCKS · -POS 4411"], [-60, "SHELL · -ACH 2210"]]);
  });
});

describe("amounts written with \"$\" beside a currency stated otherwise (review of r4-probe2)", () => {
  const file = "Date,Description,Amount\n2026-04-02,SUPERMARKET KINGSTON,-$4500.00\n2026-04-03,SALARY,$185000.00\n";
  test("the account's earlier rows' currency stands: a Jamaican account's \"$\" stays JMD", () => {
    const s = read(utf8(file), { fileName: "b.csv", accountOverride: "NCB Jamaica 1234", accountCurrencies: { "NCB Jamaica 1234": "JMD" } });
    expect(s.rows.map((r) => [r.amount, r.currency])).toEqual([[-4500, "JMD"], [185000, "JMD"]]);
  });
  test("a Brazilian header's real stands beside \"$\" written without its R", () => {
    const s = read(utf8("Data do Balancete;Histórico;Valor\n02/04/2026;PADARIA;-$45,20\n05/04/2026;SALARIO;$6.200,00\n"), { fileName: "br.csv" });
    expect(s.rows.map((r) => [r.amount, r.currency])).toEqual([[-45.2, "BRL"], [6200, "BRL"]]);
  });
});
