/**
 * PostFinance. The account export (since 2024: a preamble whose values are Excel formulas, `Datum;Bewegungstyp;
 * Avisierungstext;Gutschrift in CHF;Lastschrift in CHF;Label;Kategorie`, a "Disclaimer:" footer; until 2023:
 * `Buchungsdatum;Avisierungstext;Gutschrift in CHF;Lastschrift in CHF;Valuta;Saldo in CHF`, the balance only on each
 * day's last row) in German, English, French and Italian: debits are written negative in their own column, the
 * currency is in the money columns' header ("in CHF", "in EUR"), dates day-first (older exports ISO or two-digit
 * years), amounts without trailing zeros. The whole message is in one text column (Avisierungstext / Notification
 * text / Texte de notification / Testo di avviso). UTF-8 with BOM (until 2023 windows-1252). Newest first.
 *
 * The card export (PostFinance Visa / Mastercard): a card preamble, `Rechnungsperiode;Buchungsdatum;Einkaufsdatum;
 * Buchungsdetails;Gutschrift in CHF;Lastschrift in CHF` (2023: `Datum;Buchungsdetails;…`), purchases negative in the
 * debit column (not "purchases positive"), the same footer. Research: bank-layouts.md §3, §4 (confidence high; the
 * German and English preamble labels are unverified, the columns are).
 */
import type { BankLayout } from "../csv-layout.ts";

const CREDIT = ["Gutschrift in {CCY}", "Credit in {CCY}", "Crédit en {CCY}", "Accredito in {CCY}", "Gutschrift", "Credit", "Accredito"] as const;
const DEBIT = ["Lastschrift in {CCY}", "Debit in {CCY}", "Débit en {CCY}", "Addebito in {CCY}", "Lastschrift", "Debit", "Addebito"] as const;

export const POSTFINANCE_ACCOUNT: BankLayout = {
  id: "postfinance-account",
  bank: "PostFinance",
  name: "account (DE, EN, FR, IT; 2024 and earlier layouts)",
  header: [["Avisierungstext", "Notification text", "Texte de notification", "Testo di avviso"], CREDIT, DEBIT],
  encoding: "utf-8-bom",
  delimiter: ";",
  dates: ["DD.MM.YYYY", "YYYY-MM-DD", "DD.MM.YY"],
  decimal: ".",
  date: ["Datum", "Date", "Data", "Buchungsdatum", "Booking date", "Data di contabilizzazione"],
  valueDate: ["Valuta", "Value", "Valeur"],
  money: { debit: DEBIT, credit: CREDIT },
  balance: ["Saldo in {CCY}", "Balance in {CCY}", "Solde en {CCY}", "Saldo", "Solde"],
  description: { columns: [["Avisierungstext", "Notification text", "Texte de notification", "Testo di avviso"]] },
  purpose: [["Avisierungstext", "Notification text", "Texte de notification", "Testo di avviso"]],
};

export const POSTFINANCE_CARD: BankLayout = {
  id: "postfinance-card",
  bank: "PostFinance",
  name: "credit card (DE, EN, FR, IT)",
  card: true,
  header: [["Buchungsdetails", "Booking details", "Détails de comptabilisation", "Dettagli di contabilizzazione"], CREDIT, DEBIT],
  encoding: "utf-8-bom",
  delimiter: ";",
  dates: ["DD.MM.YYYY", "YYYY-MM-DD"],
  decimal: ".",
  date: ["Einkaufsdatum", "Purchase date", "Date d’achat", "Data di acquisto", "Datum", "Date", "Data"],
  valueDate: ["Buchungsdatum", "Booking date", "Date d’écriture", "Data di contabilizzazione"],
  money: { debit: DEBIT, credit: CREDIT },
  description: { columns: [["Buchungsdetails", "Booking details", "Détails de comptabilisation", "Dettagli di contabilizzazione"]] },
  counterparty: ["Buchungsdetails", "Booking details", "Détails de comptabilisation", "Dettagli di contabilizzazione"],
  account: { preamble: ["Kartenkonto:", "Card account:", "Compte de carte:", "Conto della carta:"] },
};
