/**
 * ING. Germany (ING-DiBa): a preamble (`Umsatzanzeige;Datei erstellt am: …`, `IBAN;DE00 …`, `Kontoname;…`,
 * `Sortierung;Datum absteigend`, a sentence about pending bookings), then `Buchung;Valuta;Auftraggeber/Empfänger;
 * Buchungstext;Verwendungszweck;Saldo;Währung;Betrag;Währung` (2025: `Buchung;Wertstellungsdatum;…;Betrag;Währung`,
 * no balance), one signed amount `-1.234,56`, ISO-8859-1, newest first by default.
 *
 * The Netherlands: every field quoted, `"Datum";"Naam / Omschrijving";"Rekening";"Tegenrekening";"Code";"Af Bij";
 * "Bedrag (EUR)";"Mutatiesoort";"Mededelingen";"Saldo na mutatie";"Tag"` (older files comma-separated, without the
 * balance), `YYYYMMDD` dates, an unsigned amount with a decimal comma whose sign is "Af" (money out) or "Bij".
 * Its English export: the same columns in English (`"Date";"Name / Description";"Account";"Counterparty";…;
 * "Debit/credit";"Amount (EUR)";"Transaction type";"Notifications";"Resulting balance";"Tag"`), "Debit" or "Credit".
 * Research: bank-layouts.md §21 (confidence high).
 */
import type { BankLayout } from "../csv-layout.ts";

export const ING_DE: BankLayout = {
  id: "ing-de",
  bank: "ING",
  name: "Girokonto (Germany)",
  header: ["Buchung", "Auftraggeber/Empfänger", "Buchungstext", "Verwendungszweck", "Betrag", "Währung"],
  encoding: "windows-1252",
  delimiter: ";",
  dates: ["DD.MM.YYYY"],
  decimal: ",",
  date: "Buchung",
  valueDate: ["Wertstellungsdatum", "Valuta"],
  money: { amount: "Betrag" },
  currency: { column: "Währung" },
  balance: "Saldo",
  description: { columns: ["Auftraggeber/Empfänger", "Verwendungszweck", "Buchungstext"] },
  counterparty: "Auftraggeber/Empfänger",
  purpose: ["Verwendungszweck"],
};

export const ING_NL: BankLayout = {
  id: "ing-nl",
  bank: "ING",
  name: "betaalrekening (Netherlands)",
  header: ["Datum", "Naam / Omschrijving", "Rekening", "Af Bij", "Bedrag ({CCY})"],
  encoding: "utf-8",
  delimiter: ";",
  dates: ["YYYYMMDD"],
  decimal: ",",
  date: "Datum",
  money: { amount: "Bedrag ({CCY})", indicator: "Af Bij" },
  balance: "Saldo na mutatie",
  description: { columns: ["Naam / Omschrijving", "Mededelingen"] },
  counterparty: "Naam / Omschrijving",
  purpose: ["Mededelingen"],
  counterpartyIban: "Tegenrekening",
  account: { columns: ["Rekening"] },
};

/**
 * ING Netherlands' English export, the Dutch one's columns by their English names (uqa10: read as guessed columns, its
 * "Account" was taken for the other party's and the rows were stored with no account). The export of all accounts
 * holds several, each on its run of rows: each row's own "Account".
 */
export const ING_NL_EN: BankLayout = {
  ...ING_NL,
  id: "ing-nl-en",
  name: "current account (Netherlands, English)",
  header: ["Date", "Name / Description", "Account", "Debit/credit", "Amount ({CCY})"],
  date: "Date",
  money: { amount: "Amount ({CCY})", indicator: "Debit/credit" },
  balance: "Resulting balance",
  description: { columns: ["Name / Description", "Notifications"] },
  counterparty: "Name / Description",
  purpose: ["Notifications"],
  counterpartyIban: "Counterparty",
  account: { columns: ["Account"] },
};
