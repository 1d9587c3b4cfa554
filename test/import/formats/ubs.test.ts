import { describe, expect, test } from "bun:test";
import { detectFormat } from "../../../src/import/formats/index.ts";
import { assignTransactionIds } from "../../../src/import/ids.ts";
import { cp1252, fixture, fnvReference, read, utf8 } from "./support.ts";

describe("UBS account statement (as the pipeline reads it)", () => {
  const bytes = fixture("ubs-account-cp1252.csv");

  test("detected from the content", () => {
    expect(detectFormat(bytes)).toBe("ubs-account");
  });

  test("windows-1252 umlauts, the preamble skipped, an empty trade date inherited, detail lines without debit or credit left out", () => {
    const s = read(bytes, { fileName: "march.csv" });
    expect(s.format).toBe("ubs-account");
    expect(s.account).toBe("CH930023523512345601X");
    expect(s.badRows).toEqual([]);
    const account = "CH930023523512345601X";
    expect(s.rows).toEqual([
      { line: 11, date: "2025-03-28", amount: -86.4, currency: "CHF", description: "Bäckerei Müller AG;Seestrasse 4; 8002 Zürich", reference: "3325087TI1234567", account },
      { line: 12, date: "2025-03-25", amount: -1450, currency: "CHF", description: "Collective order", reference: "9925084ZZ0000001", account },
      { line: 14, date: "2025-03-25", amount: -12.5, currency: "CHF", description: "Gebühr Dauerauftrag", reference: "9925084ZZ0000002", account },
      { line: 15, date: "2025-03-25", amount: 6250, currency: "CHF", description: "Lohn Gärtnerei Blümli GmbH", reference: "8825084LO7654321", account },
    ]);
  });

  test("a debit that is not a number is a bad row with its line; the other rows still come", () => {
    const text = [
      "IBAN:;CH93 0023 5235 1234 5601 X;",
      "Trade date;Trade time;Booking date;Value date;Currency;Debit;Credit;Individual amount;Balance;Transaction no.;Description1;Description2;Description3;Footnotes;",
      "2025-03-02;;2025-03-02;2025-03-02;chf ;-5.00;;;;T1;Kiosk;;;;",
      "2025-03-03;;2025-03-03;2025-03-03;CHF;abc;;;;T2;Kiosk;;;;",
      "2025-02-30;;2025-02-30;2025-02-30;CHF;-1.00;;;;T3;Kiosk;;;;",
    ].join("\n");
    const s = read(utf8(text), { fileName: "x.csv" });
    expect(s.rows.map((r) => [r.line, r.amount, r.currency, r.reference])).toEqual([[3, -5, "CHF", "T1"]]);
    expect(s.badRows).toEqual([
      { line: 4, reason: 'Debit "abc" is not a number' },
      { line: 5, reason: 'Trade date "2025-02-30" is not a real date (YYYY-MM-DD)' },
    ]);
  });

  test("the German export: same reading, its own column names, day-first dates", () => {
    const text = [
      "Kontonummer:;0235 00123456.01;",
      "IBAN:;CH93 0023 5235 1234 5601 X;",
      "Bewertet in:;CHF;",
      "",
      "Abschlussdatum;Abschlusszeit;Buchungsdatum;Valutadatum;Währung;Belastung;Gutschrift;Einzelbetrag;Saldo;Transaktions-Nr.;Beschreibung1;Beschreibung2;Beschreibung3;Fussnoten;",
      "30/03/2025;;01/04/2025;31/03/2025;CHF;-568.35;;;10757.58;9978091TO0000001;Zürcher Kantonalbank;Hypothekarzins;;;",
      ";;;;CHF;-4.00;;;10753.58;9978091TO0000002;Spesen;;;;",
      "2025-04-01;;2025-04-01;2025-04-01;CHF;abc;;;;9978091TO0000003;X;;;;",
    ].join("\r\n");
    const bytes = cp1252(text);
    expect(detectFormat(bytes)).toBe("ubs-account");
    const s = read(bytes, { fileName: "konto.csv" });
    const account = "CH930023523512345601X";
    expect(s.rows).toEqual([
      { line: 6, date: "2025-03-30", amount: -568.35, currency: "CHF", description: "Zürcher Kantonalbank", reference: "9978091TO0000001", account },
      { line: 7, date: "2025-03-30", amount: -4, currency: "CHF", description: "Spesen", reference: "9978091TO0000002", account },
    ]);
    expect(s.badRows).toEqual([{ line: 8, reason: 'Belastung "abc" is not a number' }]);
  });

  test("a header without the pipeline's columns is refused with what is missing", () => {
    const text = "Account number:;1;\nTrade date;Currency;Debit\n2025-01-01;CHF;-1\n";
    expect(() => read(utf8(text), { fileName: "x.csv" })).toThrow('x.csv: line 2: the UBS account statement header lacks "Credit", "Transaction no.", "Description1"');
  });
});

describe("UBS credit-card invoice (as the pipeline reads it)", () => {
  const bytes = fixture("ubs-card-cp1252.csv");
  const card = "548812XXXXXX7781";
  const cafe = "Café Schwarzenbach       Zürich       CHE";

  test("detected from the content", () => {
    expect(detectFormat(bytes)).toBe("ubs-card");
  });

  test("sep=; line, balance brought forward and DIRECT DEBIT skipped; cc- ids equal FNV-1a 64 of the raw cells", () => {
    const s = read(bytes, { fileName: "invoice.csv" });
    expect(s.format).toBe("ubs-card");
    expect(s.account).toBe(card);
    expect(s.badRows).toEqual([]);
    expect(s.rows).toEqual([
      { line: 4, date: "2025-03-03", amount: -9.8, currency: "CHF", description: cafe, reference: fnvReference(`03.03.2025|${cafe}|9.80||05.03.2025`), account: card, sector: "Restaurants" },
      { line: 5, date: "2025-03-03", amount: -9.8, currency: "CHF", description: cafe, reference: fnvReference(`03.03.2025|${cafe}|9.80||05.03.2025`), account: card, sector: "Restaurants" },
      {
        line: 6, date: "2025-03-07", amount: -43.93, currency: "CHF", description: "AMAZON MKTPLACE          Luxembourg   LUX",
        reference: fnvReference("07.03.2025|AMAZON MKTPLACE          Luxembourg   LUX|43.93||10.03.2025"), account: card, sector: "Retail business",
      },
      {
        line: 7, date: "2025-03-12", amount: 120, currency: "CHF", description: "Rückvergütung Hotel      Genève       CHE",
        reference: fnvReference("12.03.2025|Rückvergütung Hotel      Genève       CHE||120.00|14.03.2025"), account: card, sector: "Hotels",
      },
    ]);
  });

  test("the pipeline's own example row hashes to the id it stores", () => {
    // cc-19235d651d1ffb9f was computed separately (Python, FNV-1a 64 over the same string).
    const text = "sep=;\nAccount number;Card number;Account/Cardholder;Purchase date;Booking text;Sector;Amount;Original currency;Rate;Currency;Debit;Credit;Booked\n" +
      "3126 8107 8910;490118XXXXXX1234;DOE JANE;15.01.2026;Coop-1511 Stadelhofen    Zurich       CHE;Grocery stores;16.10;CHF;;CHF;16.10;;17.01.2026\n";
    expect(read(utf8(text), { fileName: "x.csv" }).rows[0]!.reference).toBe("cc-19235d651d1ffb9f");
  });

  test("two identical purchases on one day: both kept, the second with #2", () => {
    const s = read(bytes, { fileName: "invoice.csv" });
    const ids = assignTransactionIds(s.rows, s.account);
    const first = fnvReference(`03.03.2025|${cafe}|9.80||05.03.2025`);
    expect(ids.slice(0, 2)).toEqual([first, `${first}#2`]);
  });

  test("a partner card on the same invoice: each row keeps its card, the statement names the card account", () => {
    const text = "sep=;\nAccount number;Card number;Account/Cardholder;Purchase date;Booking text;Sector;Amount;Original currency;Rate;Currency;Debit;Credit;Booked\n" +
      "5412 7700 3301;548812XXXXXX7781;A;01.03.2025;Shop A;;1.00;CHF;;CHF;1.00;;02.03.2025\n" +
      "5412 7700 3301;548812XXXXXX9902;B;01.03.2025;Shop B;;2.00;CHF;;CHF;2.00;;02.03.2025\n";
    const s = read(cp1252(text), { fileName: "x.csv" });
    expect(s.account).toBe("5412 7700 3301");
    expect(s.rows.map((r) => r.account)).toEqual(["548812XXXXXX7781", "548812XXXXXX9902"]);
    expect(s.rows.map((r) => r.sector)).toEqual(["", ""]);
  });

  test("an unreal purchase date is a bad row", () => {
    const text = "sep=;\nAccount number;Card number;Account/Cardholder;Purchase date;Booking text;Sector;Amount;Original currency;Rate;Currency;Debit;Credit;Booked\n" +
      "1;2;A;31.04.2025;Shop;;1.00;CHF;;CHF;1.00;;02.05.2025\n";
    expect(read(utf8(text), { fileName: "x.csv" }).badRows).toEqual([{ line: 3, reason: 'Purchase date "31.04.2025" is not a real DD.MM.YYYY date' }]);
  });
});
