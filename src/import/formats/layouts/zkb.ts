/**
 * Zürcher Kantonalbank (ZKB): no preamble, `Datum;Buchungstext;…;Belastung CHF;Gutschrift CHF;Valuta;Saldo CHF` (the
 * currency in the header: "Belastung EUR" on a euro account), debit and credit both positive, `'` thousands in some
 * years, fields often all quoted, a `;`-only separator line now and then. A collective booking ("Belastungen (2)") is
 * followed by its detail lines: no date, the part in "Whg" and "Betrag Detail": skipped, their money is in the
 * booking. The ZKB-Referenz is kept as the reference (it is no unique id of a line). Order varies; the balance column
 * checks it either way. Research: bank-layouts.md §5 (structure high, encoding medium).
 */
import type { BankLayout } from "../csv-layout.ts";

export const ZKB: BankLayout = {
  id: "zkb",
  bank: "ZKB",
  name: "account",
  header: ["Datum", "Buchungstext", "Belastung {CCY}", "Gutschrift {CCY}", "Saldo {CCY}"],
  encoding: "utf-8",
  delimiter: ";",
  dates: ["DD.MM.YYYY"],
  decimal: ".",
  date: "Datum",
  valueDate: "Valuta",
  money: { debit: "Belastung {CCY}", credit: "Gutschrift {CCY}" },
  balance: "Saldo {CCY}",
  referenceFact: "ZKB-Referenz",
  description: { columns: ["Buchungstext", "Zahlungszweck", "Details"] },
  purpose: ["Zahlungszweck", "Details"],
  detailAmount: "Betrag Detail",
};
