/**
 * Sparkasse (Germany), "CSV-CAMT" (V2 and V8 share the header) and "CSV-MT940": no preamble, every field quoted,
 * `"Auftragskonto";"Buchungstag";"Valutadatum";"Buchungstext";"Verwendungszweck";…;"Beguenstigter/Zahlungspflichtiger";
 * …;"Betrag";"Waehrung";"Info"` (header words without umlauts), two-digit years, one signed amount with a decimal
 * comma, newest first. "Umsatz vorgemerkt" rows are pending and skipped. ISO-8859-1. Research: bank-layouts.md §22
 * (confidence high).
 */
import type { BankLayout } from "../csv-layout.ts";

export const SPARKASSE: BankLayout = {
  id: "sparkasse",
  bank: "Sparkasse",
  name: "account (CSV-CAMT V2/V8, CSV-MT940)",
  header: ["Auftragskonto", "Buchungstag", "Verwendungszweck", "Beguenstigter/Zahlungspflichtiger", "Betrag", "Waehrung"],
  encoding: "windows-1252",
  delimiter: ";",
  dates: ["DD.MM.YY", "DD.MM.YYYY"],
  decimal: ",",
  date: "Buchungstag",
  valueDate: "Valutadatum",
  money: { amount: "Betrag" },
  currency: { column: "Waehrung" },
  description: { columns: ["Beguenstigter/Zahlungspflichtiger", "Verwendungszweck", "Buchungstext"] },
  counterparty: "Beguenstigter/Zahlungspflichtiger",
  // The SEPA payee or payer as the bank books it (CSV-CAMT is CAMT's Cdtr/Dbtr in columns); the kind is Buchungstext.
  partyNamed: true,
  purpose: ["Verwendungszweck"],
  counterpartyIban: ["Kontonummer/IBAN", "Kontonummer"],
  referenceFact: "Kundenreferenz (End-to-End)",
  account: { columns: ["Auftragskonto"] },
  skip: [{ column: "Info", equals: ["umsatz vorgemerkt"], reason: "pending (Umsatz vorgemerkt): not booked yet" }],
};
