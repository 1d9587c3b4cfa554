/**
 * Cembra Money Bank (the Cembra Mastercard, certo!, Cumulus Mastercard until 2023): the statement's own table —
 * purchase date, booking date, text, credit, debit — as a CSV (`Einkaufsdatum;Buchungsdatum;Beschreibung;Gutschrift
 * CHF;Belastung CHF`, or `Transaktionsdatum;Buchungsdatum;Text;Gutschrift;Belastung`; French `Date d'achat;Date de comptabilisation;Description;Crédit CHF;Débit CHF`; Italian),
 * day-first dates, `'` thousands, both amounts positive: a purchase in Belastung is money out, a payment to the card in
 * Gutschrift money in. The "Saldo per … zu unseren Gunsten" lines (no date of their own) state the balance owed, in
 * Belastung: read as the statement's opening and closing balance (a debt: negative) and checked against its rows. Research:
 * bank-layouts.md §16 — the column order, notations and balance line are those of the bank's PDF statement as
 * tarioch/beancounttools reads it; no CSV export of Cembra's was found to compare with (confidence low: a file of
 * other headers is read by the header guess instead).
 */
import type { BankLayout } from "../csv-layout.ts";

const PURCHASE_DATE = ["Einkaufsdatum", "Transaktionsdatum", "Date d'achat", "Date de transaction", "Data d'acquisto", "Data della transazione"] as const;
const BOOKING_DATE = ["Buchungsdatum", "Date de comptabilisation", "Data di registrazione"] as const;
const TEXT = ["Beschreibung", "Text", "Description", "Texte", "Descrizione", "Testo"] as const;
const CREDIT = ["Gutschrift {CCY}", "Gutschrift", "Crédit {CCY}", "Crédit", "Accredito {CCY}", "Accredito"] as const;
const DEBIT = ["Belastung {CCY}", "Belastung", "Débit {CCY}", "Débit", "Addebito {CCY}", "Addebito"] as const;

export const CEMBRA: BankLayout = {
  id: "cembra",
  bank: "Cembra",
  name: "credit card (DE, FR, IT)",
  card: true,
  header: [PURCHASE_DATE, BOOKING_DATE, TEXT, CREDIT, DEBIT],
  encoding: "windows-1252",
  delimiter: ";",
  dates: ["DD.MM.YYYY"],
  decimal: ".",
  // Dated by the booking (SPEC §10), as every statement is; the purchase date must still be a real one where written.
  date: BOOKING_DATE,
  checkDates: [PURCHASE_DATE],
  money: { debit: DEBIT, credit: CREDIT },
  // Cembra's cards are in francs (amounts abroad are converted, the foreign amount written in the text).
  currency: { fixed: "CHF" },
  description: { columns: [TEXT] },
};
