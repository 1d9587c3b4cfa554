/**
 * BancaStato (Banca dello Stato del Cantone Ticino), Italian only: `Data;Data valuta;Numero di ordine;Tipo di ordine;
 * Testo di contabilizzazione;Addebiti (CHF);Accrediti (CHF);Saldo (CHF)` (2022: order type and text in one column;
 * 2018: no currency in the header and summary lines "Totale movimenti", "Saldo finale", "Saldo iniziale"), debit and
 * credit positive, newest first. The number notation differs per file (`20.000,00` on a franc account, `1’333.85` on a
 * dollar one): decided per file. Texts may span lines. Research: bank-layouts.md §10 (confidence medium).
 */
import type { BankLayout } from "../csv-layout.ts";

export const BANCASTATO: BankLayout = {
  id: "bancastato",
  bank: "BancaStato",
  name: "account (Italian)",
  header: ["Data", "Data valuta", ["Addebiti ({CCY})", "Addebiti"], ["Accrediti ({CCY})", "Accrediti"]],
  encoding: "utf-8-bom",
  delimiter: ";",
  dates: ["DD.MM.YYYY", "DD.MM.YY"],
  decimal: "per file",
  date: "Data",
  valueDate: "Data valuta",
  money: { debit: ["Addebiti ({CCY})", "Addebiti"], credit: ["Accrediti ({CCY})", "Accrediti"] },
  balance: ["Saldo ({CCY})", "Saldo"],
  referenceFact: ["Numero di ordine", "Rif.Esterno"],
  description: { columns: [["Testo di contabilizzazione", "Tipo di ordine Testo di contabilizzazione"], ["Tipo di ordine", "Tipo"]] },
};
