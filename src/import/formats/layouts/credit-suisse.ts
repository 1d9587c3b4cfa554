/**
 * Credit Suisse (accounts moved to UBS in 2024–2025; their exports are still in people's archives): comma-separated,
 * a preamble (created when, the account, "Saldo,18'367.58 CHF"), `Buchungsdatum,Text,Belastung,Gutschrift,
 * Valutadatum,Saldo` (French `Date comptable,Texte,Débit,Crédit,Date de valeur,Solde`, Italian), debit and credit
 * positive, the balance only on each day's first row (newest first), a "Total Spalte" footer. The text is several
 * sub-lines, each padded with spaces and ended by a comma (booking type, counterparty, message): split into parts.
 * No currency column: the preamble's. UTF-8 with BOM since 2024 (ISO-8859-1 before). Research: bank-layouts.md §7
 * (confidence high; the English header is unknown, and so is the word pending rows carry instead of a date: the
 * skip rule's words are a guess).
 */
import type { BankLayout } from "../csv-layout.ts";

export const CREDIT_SUISSE: BankLayout = {
  id: "credit-suisse",
  bank: "Credit Suisse",
  name: "account (DE, FR, IT)",
  header: [
    ["Buchungsdatum", "Date comptable", "Data di registrazione"],
    ["Text", "Texte", "Testo"],
    ["Belastung", "Débit", "Addebito"],
    ["Gutschrift", "Crédit", "Accredito"],
  ],
  // Its exports date a booking by booking and value date only: a header with a transaction (purchase) date as well is
  // another bank's statement with the same words (a card statement's "Transaktionsdatum;Buchungsdatum;Text;…").
  notWith: [["Transaktionsdatum", "Date de transaction", "Data della transazione", "Transaction date", "Einkaufsdatum", "Date d'achat"]],
  encoding: "utf-8-bom",
  delimiter: ",",
  dates: ["DD.MM.YYYY"],
  decimal: ".",
  date: ["Buchungsdatum", "Date comptable", "Data di registrazione"],
  valueDate: ["Valutadatum", "Date de valeur", "Data di valuta"],
  money: { debit: ["Belastung", "Débit", "Addebito"], credit: ["Gutschrift", "Crédit", "Accredito"] },
  balance: ["Saldo", "Solde"],
  description: { columns: [["Text", "Texte", "Testo"]] },
  textParts: / +,/,
  // Pending bookings carry a ten-letter word instead of their date (the research saw it scrambled): these are the
  // bank's ten-letter words for it.
  skip: [{ column: ["Buchungsdatum", "Date comptable", "Data di registrazione"], equals: ["vorgemerkt", "en suspens", "in sospeso", "pending"], reason: "pending: not booked yet" }],
};
