/**
 * Migros Bank account, the export since 2024: a quoted preamble (statement dates, contract, "Kontonummer / IBAN:",
 * the owner's address), `"Datum";"Buchungstext";"Mitteilung";"Referenznummer";"Betrag";"Saldo";"Valuta"` (Italian
 * and French without the balance), one signed amount, oldest first. The French file writes a decimal comma, the
 * German and Italian a point: decided per file. "Buchungstext" is the counterparty with its address, "Mitteilung"
 * the message, "Referenznummer" the QR/ESR reference. UTF-8 with BOM. The export until 2023 is Valiant's (valiant.ts);
 * the Migros Bank card is Viseca's (viseca.ts). Research: bank-layouts.md §9a (confidence medium).
 */
import type { BankLayout } from "../csv-layout.ts";

export const MIGROS_BANK: BankLayout = {
  id: "migros-bank",
  bank: "Migros Bank",
  name: "account (since 2024; DE, FR, IT)",
  header: [
    ["Datum", "Data", "Date"],
    ["Buchungstext", "Testo di registrazione", "Libellé"],
    ["Mitteilung", "Comunicazione", "Message"],
    ["Referenznummer", "Numero di riferimento", "Numéro de référence"],
    ["Betrag", "Importo", "Montant"],
  ],
  encoding: "utf-8-bom",
  delimiter: ";",
  dates: ["DD.MM.YYYY"],
  decimal: "per file",
  date: ["Datum", "Data", "Date"],
  valueDate: ["Valuta", "Valeur"],
  money: { amount: ["Betrag", "Importo", "Montant"] },
  balance: ["Saldo", "Solde"],
  referenceFact: ["Referenznummer", "Numero di riferimento", "Numéro de référence"],
  description: { columns: [["Buchungstext", "Testo di registrazione", "Libellé"], ["Mitteilung", "Comunicazione", "Message"]] },
  counterparty: ["Buchungstext", "Testo di registrazione", "Libellé"],
  purpose: [["Mitteilung", "Comunicazione", "Message"]],
};
