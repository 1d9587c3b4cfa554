/**
 * A French-language bank's account export (the shape issue 31 reports: a "Montant débité" and a
 * "Montant crédité" column, both written without a sign, and a running "Solde"), day-first dates
 * and a decimal comma, windows-1252. No currency column: the rows take the IBAN's country's
 * (or the data's main) currency, and the preview says which.
 */
import type { BankLayout } from "../csv-layout.ts";

export const FR_DEBIT_CREDIT: BankLayout = {
  id: "fr-debit-credit",
  bank: "French-language bank",
  name: "account statement (Montant débité / Montant crédité / Solde)",
  header: ["Date", "Libellé", "Montant débité", "Montant crédité", "Solde"],
  encoding: "windows-1252",
  delimiter: ";",
  dates: ["DD/MM/YYYY", "DD.MM.YYYY"],
  decimal: ",",
  date: "Date",
  valueDate: "Date de valeur",
  money: { debit: "Montant débité", credit: "Montant crédité" },
  balance: "Solde",
  description: { columns: ["Libellé"] },
  counterparty: "Libellé",
};
