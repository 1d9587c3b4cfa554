/**
 * Bank Cler: no preamble, `Buchungsdatum;Auftragsart;Text;Belastungsbetrag (CHF);Gutschriftsbetrag (CHF);Saldo (CHF)`
 * (French `Date de comptabilisation;Type d'ordre;Libellé;Montant débité (CHF);…`, Italian with a value date), the
 * currency in the header, debit and credit positive, the text a quoted cell of several lines (counterparty, address,
 * message), newest first. ISO-8859-1. Research: bank-layouts.md §8 (confidence medium).
 */
import type { BankLayout } from "../csv-layout.ts";

const DEBIT = ["Belastungsbetrag ({CCY})", "Montant débité ({CCY})", "Importo di addebito ({CCY})"] as const;
const CREDIT = ["Gutschriftsbetrag ({CCY})", "Montant crédité ({CCY})", "Importo di accredito ({CCY})"] as const;

export const BANK_CLER: BankLayout = {
  id: "bank-cler",
  bank: "Bank Cler",
  name: "account (DE, FR, IT)",
  header: [["Buchungsdatum", "Date de comptabilisation", "Data di registrazione"], ["Auftragsart", "Type d'ordre", "Tipo di ordine"], DEBIT, CREDIT],
  encoding: "windows-1252",
  delimiter: ";",
  dates: ["DD.MM.YYYY"],
  decimal: ".",
  date: ["Buchungsdatum", "Date de comptabilisation", "Data di registrazione"],
  valueDate: ["Data valuta"],
  money: { debit: DEBIT, credit: CREDIT },
  balance: ["Saldo ({CCY})", "Solde ({CCY})"],
  description: { columns: [["Text", "Libellé", "Testo"], ["Auftragsart", "Type d'ordre", "Tipo di ordine"]] },
};
