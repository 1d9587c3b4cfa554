/**
 * Swisscard (Cashback American Express and other Swisscard cards): comma-separated, `Transaktionsdatum,Beschreibung,
 * Händler,Kartennummer,Währung,Betrag,Fremdwährung,Betrag in Fremdwährung,Debit/Kredit,Status,…` (English and Italian
 * headers too; 2023's eight columns without merchant and foreign amount), day-first dates. Purchases are positive,
 * payments negative, and the Debit/Kredit column (Belastung/Gutschrift, Debit/Credit, Addebito/Accredito) says which:
 * it decides the sign. Pending rows (only the foreign amount filled) are skipped. Research: bank-layouts.md §14
 * (confidence high; the French header is unknown).
 */
import type { BankLayout } from "../csv-layout.ts";

export const SWISSCARD: BankLayout = {
  id: "swisscard",
  bank: "Swisscard",
  name: "credit card (DE, EN, IT)",
  card: true,
  header: [
    ["Transaktionsdatum", "Transaction date", "Data transazione"],
    ["Kartennummer", "Card number", "Numero di carta"],
    ["Betrag", "Amount", "Importo"],
    ["Debit/Kredit", "Debit/Credit", "Debito/Credito"],
    ["Status", "Stato"],
  ],
  encoding: "utf-8",
  delimiter: ",",
  dates: ["DD.MM.YYYY"],
  decimal: ".",
  date: ["Transaktionsdatum", "Transaction date", "Data transazione"],
  money: { amount: ["Betrag", "Amount", "Importo"], indicator: ["Debit/Kredit", "Debit/Credit", "Debito/Credito"] },
  currency: { column: ["Währung", "Currency", "Valuta"] },
  description: { columns: [["Beschreibung", "Description", "Descrizione"], ["Händler", "Merchant", "Commerciante"]] },
  counterparty: ["Händler", "Merchant", "Commerciante"],
  originalAmount: ["Betrag in Fremdwährung", "Amount in foreign currency", "Importo Estero"],
  originalCurrency: ["Fremdwährung", "Foreign Currency", "Valuta estera"],
  account: { columns: [["Kartennummer", "Card number", "Numero di carta"]] },
  skip: [{ column: ["Status", "Stato"], equals: ["pending", "in sospeso", "ausstehend", "vorgemerkt", "en attente"], reason: "pending: not booked yet" }],
};
