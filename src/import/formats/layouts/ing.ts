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
  // The payer or payee as ING books it (a card payment: the shop, "VISA MUSTER SHOP"); the kind is Buchungstext.
  partyNamed: true,
  purpose: ["Verwendungszweck"],
};

/** ING Netherlands' columns, by their Dutch or English names. */
type IngNlColumns = { date: string; name: string; account: string; counterparty: string; sign: string; amount: string; notes: string; balance: string };

/** ING Netherlands' layout from its columns' names: the Dutch export and the English one read alike. */
const ingNetherlands = (id: string, name: string, c: IngNlColumns): BankLayout => ({
  id,
  bank: "ING",
  name,
  header: [c.date, c.name, c.account, c.sign, c.amount],
  encoding: "utf-8",
  delimiter: ";",
  dates: ["YYYYMMDD"],
  decimal: ",",
  date: c.date,
  money: { amount: c.amount, indicator: c.sign },
  balance: c.balance,
  description: { columns: [c.name, c.notes] },
  counterparty: c.name,
  purpose: [c.notes],
  counterpartyIban: c.counterparty,
  account: { columns: [c.account] },
});

export const ING_NL = ingNetherlands("ing-nl", "betaalrekening (Netherlands)", {
  date: "Datum",
  name: "Naam / Omschrijving",
  account: "Rekening",
  counterparty: "Tegenrekening",
  sign: "Af Bij",
  amount: "Bedrag ({CCY})",
  notes: "Mededelingen",
  balance: "Saldo na mutatie",
});

/**
 * ING Netherlands' English export (uqa10: read as guessed columns, its "Account" was taken for the other party's and
 * the rows were stored with no account). The export of all accounts holds several, each on its run of rows: each
 * row's own "Account".
 */
export const ING_NL_EN = ingNetherlands("ing-nl-en", "current account (Netherlands, English)", {
  date: "Date",
  name: "Name / Description",
  account: "Account",
  counterparty: "Counterparty",
  sign: "Debit/credit",
  amount: "Amount ({CCY})",
  notes: "Notifications",
  balance: "Resulting balance",
});
