/**
 * Commerzbank: `Buchungstag;Wertstellung;Umsatzart;Buchungstext;Betrag;Währung;IBAN Kontoinhaber;Kategorie`, one
 * signed amount with a decimal comma and no fixed decimals (`-10,7`), the counterparty and the purpose together in
 * "Buchungstext". UTF-8 with BOM, CRLF. Research: bank-layouts.md §23 (confidence medium; the older header is known
 * only by its roles).
 */
import type { BankLayout } from "../csv-layout.ts";

export const COMMERZBANK: BankLayout = {
  id: "commerzbank",
  bank: "Commerzbank",
  name: "account",
  header: ["Buchungstag", "Wertstellung", "Umsatzart", "Buchungstext", "Betrag", "Währung"],
  encoding: "utf-8-bom",
  delimiter: ";",
  dates: ["DD.MM.YYYY"],
  decimal: ",",
  date: "Buchungstag",
  valueDate: "Wertstellung",
  money: { amount: "Betrag" },
  currency: { column: "Währung" },
  description: { columns: ["Buchungstext", "Umsatzart"] },
  purpose: ["Buchungstext"],
  account: { columns: ["IBAN Kontoinhaber", "IBAN Auftraggeberkonto"] },
};
