import { describe, expect, test } from "bun:test";
import { detectFormat } from "../../../src/import/formats/index.ts";
import { assignTransactionIds } from "../../../src/import/ids.ts";
import { parseStatement } from "../../../src/import/formats/index.ts";
import { cp1252, fixture, fnvReference, read, utf8 } from "./support.ts";
import { reconciliationText, unreconciledMessage } from "../../../src/import/importer.ts";

describe("UBS account statement (as the pipeline reads it)", () => {
  const bytes = fixture("ubs-account-cp1252.csv");

  test("detected from the content", () => {
    expect(detectFormat(bytes)).toBe("ubs-account");
  });

  test("windows-1252 umlauts, the preamble skipped, an empty trade date inherited, a collective order's detail line skipped with its reason", () => {
    const s = read(bytes, { fileName: "march.csv" });
    expect(s.format).toBe("ubs-account");
    expect(s.layout).toBe("ubs-account-en");
    expect(s.account).toBe("CH930023523512345601X");
    expect(s.badRows).toEqual([]);
    const account = "CH930023523512345601X";
    // raw_description and the id exactly as the pipeline: Description1 as written, Transaction no. as is.
    expect(s.rows.map((r) => [r.line, r.date, r.amount, r.currency, r.description, r.idText, r.reference, r.account])).toEqual([
      [11, "2025-03-28", -86.4, "CHF", "Bäckerei Müller AG;Seestrasse 4; 8002 Zürich", "Bäckerei Müller AG;Seestrasse 4; 8002 Zürich", "3325087TI1234567", account],
      [12, "2025-03-25", -1450, "CHF", "Collective order · Hausverwaltung Fröhlich", "Collective order", "9925084ZZ0000001", account],
      [14, "2025-03-25", -12.5, "CHF", "Gebühr Dauerauftrag", "Gebühr Dauerauftrag", "9925084ZZ0000002", account],
      [15, "2025-03-25", 6250, "CHF", "Lohn Gärtnerei Blümli GmbH", "Lohn Gärtnerei Blümli GmbH", "8825084LO7654321", account],
    ]);
    expect(s.rows[0]!.facts).toEqual({
      counterparty: "Bäckerei Müller AG;Seestrasse 4; 8002 Zürich",
      purpose: "Debit card payment · Transaction no. 3325087TI1234567",
      reference: "3325087TI1234567",
      valueDate: "2025-03-28",
      balanceAfter: 7640.25,
    });
    expect(s.skipped).toEqual([{ line: 13, reason: "a batch's detail line: its amount -950.00 is part of the booking on line 12, not a booking of its own" }]);
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
      { line: 4, reason: 'Debit "abc" is not an amount' },
      { line: 5, reason: 'Trade date "2025-02-30" is not a real date' },
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
    expect(s.layout).toBe("ubs-account-de");
    expect(s.rows.map((r) => [r.line, r.date, r.amount, r.currency, r.description, r.reference, r.account])).toEqual([
      [6, "2025-03-30", -568.35, "CHF", "Zürcher Kantonalbank", "9978091TO0000001", account],
      [7, "2025-03-30", -4, "CHF", "Spesen", "9978091TO0000002", account],
    ]);
    expect(s.badRows).toEqual([{ line: 8, reason: 'Belastung "abc" is not an amount' }]);
  });

  test("a header without the pipeline's columns is refused with what is missing", () => {
    const text = "Account number:;1;\nTrade date;Currency;Debit\n2025-01-01;CHF;-1\n";
    expect(() => read(utf8(text), { fileName: "x.csv" })).toThrow('x.csv: line 2: the UBS account statement (English) header lacks "Transaction no.", "Credit" or "Credit amount", "Description1" (found "Trade date", "Currency", "Debit")');
  });

  test("the French export (N° de transaction), its collective order's detail lines skipped, its balance column checked", () => {
    const text = [
      "Numéro de compte:;0243 00517049.40;",
      "IBAN:;CH18 0024 3243 5170 4940 F;",
      "",
      "Date de transaction;Heure de transaction;Date de comptabilisation;Date de valeur;Monnaie;Débit;Crédit;Sous-montant;Solde;N° de transaction;Description1;Description2;Description3;Notes de bas de page;",
      "2025-03-14;;2025-03-14;2025-03-14;CHF;-2.40;;;1039.60;1234567890123456;Boulangerie;Paiement carte de débit;;;",
      "2025-03-13;;2025-03-13;2025-03-13;CHF;-160.00;;;1042.00;0000067890123456;Ordre groupé;e-banking;;;",
      ";;;;CHF;;;-100.00;;0000067890123456;Assurance SA;;;;",
      ";;;;CHF;;;-60.00;;0000067890123456;Club de tennis;;;;",
    ].join("\n");
    const s = read(cp1252(text), { fileName: "releve.csv" });
    expect([s.format, s.layout, s.account]).toEqual(["ubs-account", "ubs-account-fr", "CH180024324351704940F"]);
    expect(s.rows.map((r) => [r.line, r.amount, r.description, r.reference])).toEqual([
      [5, -2.4, "Boulangerie", "1234567890123456"],
      [6, -160, "Ordre groupé · Assurance SA · Club de tennis", "0000067890123456"],
    ]);
    expect(s.skipped.map((x) => x.line)).toEqual([7, 8]);
    // Newest first: 1'042.00 + 160.00 = 1'202.00 opening; − 160.00 − 2.40 = 1'039.60.
    expect(s.reconciliation.map((r) => [r.status, r.opening, r.closing, r.entries])).toEqual([["ok", 1202, 1039.6, 2]]);
  });
});

describe("UBS account statement: the preamble's opening and closing balance check the rows", () => {
  // The French export of 2026 (ubs-account-fr-2026.csv's rows): its balance column is empty throughout, so the
  // preamble's balances are the only check. Rows: −1'808.00 (a collective order; its two parts skipped) and −7.90.
  const french = (opening: string, closing: string, balances: [string, string] = ["", ""]) =>
    utf8(
      [
        "Numéro de compte:;0240 00111222.01;",
        "IBAN:;CH44 0024 0240 1112 2201 B;",
        "Du:;2026-06-01;",
        "Au:;2026-06-30;",
        `Solde initial:;${opening};`,
        `Solde final:;${closing};`,
        "Évaluation en:;CHF;",
        "Nombre de transactions dans cette période:;2;",
        "",
        "Date de transaction;Heure de transaction;Date de comptabilisation;Date de valeur;Devise;Débit;Crédit;Sous-montant;Solde;No de transaction;Description1;Description2;Description3;Notes de bas de page;",
        `2026-06-20;;2026-06-20;2026-06-20;CHF;-1808.00;;;${balances[0]};9940839LP4963780;"Ordre groupé";;;;`,
        ";;;;CHF;;;-1500.00;;9940839LP4963780;\"Régie Immobilière SA, Genève\";;;;",
        ";;;;CHF;;;-308.00;;9940839LP4963780;\"SIG Services Industriels\";;;;",
        `2026-06-05;12:01:33;2026-06-05;2026-06-05;CHF;-7.90;;;${balances[1]};1234567TW8901234;"Boulangerie du Pont, Lausanne";"Paiement TWINT";;;`,
      ].join("\n"),
    );
  const brief = (s: ReturnType<typeof read>) => s.reconciliation.map((r) => [r.status, r.opening, r.closing, r.entries, r.difference, r.openingDate, r.closingDate]);

  test("both stated and the rows add up: checked ✓ (2'000.00 − 1'808.00 − 7.90 = 184.10)", () => {
    const s = read(french("2000.00", "184.10"), { fileName: "juin.csv" });
    expect(brief(s)).toEqual([["ok", 2000, 184.1, 2, 0, "2026-06-01", "2026-06-30"]]);
    expect(s.reconciliation[0]!.basis).toBe("the statement's opening and closing balance");
    expect(reconciliationText(s.reconciliation[0]!)).toBe("CH440024024011122201B CHF: balance checked ✓ (opening CHF 2'000.00 + 2 entries = closing CHF 184.10)");
  });

  test("both stated and the rows do not add up: off by 15.90 (2'000.00 − 1'815.90 = 184.10, the file says 200.00), and the import refuses it", () => {
    const s = read(french("2000.00", "200.00"), { fileName: "juin.csv" });
    expect(brief(s)).toEqual([["off", 2000, 200, 2, -15.9, "2026-06-01", "2026-06-30"]]);
    expect(s.notes).toContain("the statement's opening balance CHF 2'000.00 + its 2 rows (CHF -1'815.90) make CHF 184.10, but it states a closing balance of CHF 200.00");
    expect(unreconciledMessage("juin.csv", s.format, s.reconciliation)).toBe(
      "juin.csv: CH440024024011122201B CHF does not reconcile: off by CHF 15.90; nothing was imported (--accept-unreconciled, or the tick on the page, imports it anyway)",
    );
  });

  test("a balance column that agrees with the rows does not hide a preamble that disagrees (closing 1'500.00 where the rows give 1'483.82)", () => {
    const text = new TextDecoder().decode(fixture("ubs-account-en-2026.csv")).replace("Closing balance:;1483.82;", "Closing balance:;1500.00;");
    const s = read(utf8(text), { fileName: "feb.csv" });
    // −2'586.93 − 877.45 − 11.80 + 5'000.00 − 40.00 = 1'483.82, 16.18 short of the stated 1'500.00.
    expect(brief(s)).toEqual([["off", -2586.93, 1500, 4, -16.18, "2026-01-01", "2026-02-15"]]);
  });

  test("only the opening balance stated, no balance column: nothing to check, and the text says what the rows bring it to", () => {
    const s = read(french("2000.00", ""), { fileName: "juin.csv" });
    expect(brief(s)).toEqual([["none", 2000, null, 2, null, "2026-06-01", null]]);
    expect(reconciliationText(s.reconciliation[0]!)).toBe(
      "CH440024024011122201B CHF: opening balance CHF 2'000.00 stated, but no closing balance to check the 2 entries against (they bring it to CHF 184.10)",
    );
  });

  test("only the closing balance stated, no balance column: the opening it means is said", () => {
    const s = read(french("", "184.10"), { fileName: "juin.csv" });
    expect(brief(s)).toEqual([["none", null, 184.1, 2, null, null, "2026-06-30"]]);
    expect(reconciliationText(s.reconciliation[0]!)).toBe(
      "CH440024024011122201B CHF: closing balance CHF 184.10 stated, but no opening balance to check it against (with the 2 entries it means an opening balance of CHF 2'000.00)",
    );
  });

  test("only the opening balance stated, with a balance column over every row: checked against the column (newest first: 1'992.10 + 7.90 = 2'000.00 before the oldest row)", () => {
    const ok = read(french("2000.00", "", ["184.10", "1992.10"]), { fileName: "juin.csv" });
    expect(brief(ok)).toEqual([["ok", 2000, 184.1, 2, 0, "2026-06-01", "2026-06-20"]]);
    const off = read(french("2100.00", "", ["184.10", "1992.10"]), { fileName: "juin.csv" });
    // 2'100.00 − 1'815.90 = 284.10 where the column ends at 184.10.
    expect(brief(off)).toEqual([["off", 2100, 184.1, 2, 100, "2026-06-01", "2026-06-20"]]);
  });

  test("neither stated (the fixture's empty Solde initial/final) and no balance column: nothing to check, as before", () => {
    const s = read(fixture("ubs-account-fr-2026.csv"), { fileName: "juin.csv" });
    expect(brief(s)).toEqual([["none", null, null, 2, null, null, null]]);
  });
});

describe("UBS credit-card invoice (as the pipeline reads it)", () => {
  const bytes = fixture("ubs-card-cp1252.csv");
  const card = "548812XXXXXX7781";
  const cafe = "Café Schwarzenbach       Zürich       CHE";

  test("detected from the content", () => {
    expect(detectFormat(bytes)).toBe("ubs-card");
  });

  test("sep=; line, balance brought forward and DIRECT DEBIT skipped with their reasons; cc- ids equal FNV-1a 64 of the raw cells", () => {
    const s = read(bytes, { fileName: "invoice.csv" });
    expect(s.format).toBe("ubs-card");
    expect(s.account).toBe(card);
    expect(s.badRows).toEqual([]);
    expect(s.skipped.map((x) => x.line)).toEqual([3, 8]);
    const amazon = "AMAZON MKTPLACE          Luxembourg   LUX";
    expect(s.rows.map((r) => [r.line, r.date, r.amount, r.currency, r.description, r.reference, r.account, r.sector])).toEqual([
      [4, "2025-03-03", -9.8, "CHF", cafe, fnvReference(`03.03.2025|${cafe}|9.80||05.03.2025`), card, "Restaurants"],
      [5, "2025-03-03", -9.8, "CHF", cafe, fnvReference(`03.03.2025|${cafe}|9.80||05.03.2025`), card, "Restaurants"],
      [6, "2025-03-07", -43.93, "CHF", amazon, fnvReference(`07.03.2025|${amazon}|43.93||10.03.2025`), card, "Retail business"],
      [7, "2025-03-12", 120, "CHF", "Rückvergütung Hotel      Genève       CHE", fnvReference("12.03.2025|Rückvergütung Hotel      Genève       CHE||120.00|14.03.2025"), card, "Hotels"],
    ]);
    // A purchase abroad keeps its own currency, amount and rate as facts.
    expect(s.rows[2]!.facts).toEqual({ counterparty: amazon, originalAmount: 45.9, originalCurrency: "EUR", exchangeRate: 0.9571 });
  });

  test("the pipeline's own example row hashes to the id it stores", () => {
    // cc-19235d651d1ffb9f was computed separately (Python, FNV-1a 64 over the same string).
    const text = "sep=;\nAccount number;Card number;Account/Cardholder;Purchase date;Booking text;Sector;Amount;Original currency;Rate;Currency;Debit;Credit;Booked\n" +
      "3126 8107 8910;490118XXXXXX1234;DOE JANE;15.01.2026;Coop-1511 Stadelhofen    Zurich       CHE;Grocery stores;16.10;CHF;;CHF;16.10;;17.01.2026\n";
    expect(read(utf8(text), { fileName: "x.csv" }).rows[0]!.reference).toBe("cc-19235d651d1ffb9f");
  });

  test("two identical purchases on one day: both kept, the second with #2", () => {
    const s = parseStatement(bytes, { fileName: "invoice.csv" });
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
    expect(read(utf8(text), { fileName: "x.csv" }).badRows).toEqual([{ line: 3, reason: 'Purchase date "31.04.2025" is not a real date' }]);
  });

  test("a booked row without a purchase date (a payment by bank transfer, the annual fee) is a booking dated by its Booked date; only the balance brought forward, and a line with neither date, are skipped, each with a true reason (QA: a payment was skipped as 'balance brought forward')", () => {
    const head = "sep=;\nKontonummer;Kartennummer;Konto-/Karteninhaber;Einkaufsdatum;Buchungstext;Branche;Betrag;Originalwährung;Kurs;Währung;Belastung;Gutschrift;Buchung\n";
    const text =
      head +
      "3126 8107 8910;;;;Saldovortrag;;;;;CHF;1250.45;;\n" +
      "3126 8107 8910;;;;BANK TRANSFER;;;;;CHF;;1250.45;22.01.2026\n" +
      "3126 8107 8910;4901 18XX XXXX 1234;MUSTER MAX;15.01.2026;Coop-1511 Stadelhofen    Zürich       CHE;Lebensmittelgeschäfte;16.10;CHF;;CHF;16.10;;17.01.2026\n" +
      "3126 8107 8910;;;;Jahresgebühr;;;;;CHF;100.00;;31.01.2026\n" +
      "3126 8107 8910;;;;Hinweis: neue Kartenlimite;;;;;;;;\n";
    const s = read(cp1252(text), { fileName: "rechnung.csv" });
    expect(s.format).toBe("ubs-card");
    // Ids as the pipeline makes them, over the raw cells: the empty purchase date is part of the string.
    expect(s.rows.map((r) => [r.line, r.date, r.amount, r.description, r.reference])).toEqual([
      [4, "2026-01-22", 1250.45, "BANK TRANSFER", fnvReference("|BANK TRANSFER||1250.45|22.01.2026")],
      [5, "2026-01-15", -16.1, "Coop-1511 Stadelhofen    Zürich       CHE", fnvReference("15.01.2026|Coop-1511 Stadelhofen    Zürich       CHE|16.10||17.01.2026")],
      [6, "2026-01-31", -100, "Jahresgebühr", fnvReference("|Jahresgebühr|100.00||31.01.2026")],
    ]);
    expect(s.skipped).toEqual([
      { line: 3, reason: "no purchase date: the balance brought forward from the last invoice" },
      { line: 7, reason: "neither a purchase nor a booking date: a line of the invoice that is no booking (a balance or a note)" },
    ]);
    expect([s.dataLines, s.badRows]).toEqual([5, []]);
    expect(s.notes).toContain('2 rows with no "Einkaufsdatum" are dated by their "Buchung"');
  });
});
