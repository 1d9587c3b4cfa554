/**
 * Valiant, and Migros Bank until 2023 (one e-banking platform): an eleven-line preamble padded with `;;;`
 * ("Kontoauszug bis:", "Kontonummer:", "Saldo: CHF 30920.51", the owner's address), then `Datum;Buchungstext;
 * Betrag;Valuta` (French `Date;Libellé;Montant;Solde;Valeur`, with a balance), one signed amount, two-digit years.
 * No currency column: the preamble's balance names it. ISO-8859-1. Research: bank-layouts.md §9a, §11 (medium).
 */
import type { BankLayout } from "../csv-layout.ts";

export const VALIANT: BankLayout = {
  id: "valiant",
  bank: "Valiant",
  name: "account, and Migros Bank's until 2023 (DE, FR, IT)",
  header: [["Datum", "Date", "Data"], ["Buchungstext", "Libellé", "Testo di registrazione"], ["Betrag", "Montant", "Importo"], ["Valuta", "Valeur"]],
  encoding: "windows-1252",
  delimiter: ";",
  dates: ["DD.MM.YY", "DD.MM.YYYY"],
  decimal: ".",
  date: ["Datum", "Date", "Data"],
  valueDate: ["Valuta", "Valeur"],
  money: { amount: ["Betrag", "Montant", "Importo"] },
  balance: ["Saldo", "Solde"],
  description: { columns: [["Buchungstext", "Libellé", "Testo di registrazione"]] },
};
