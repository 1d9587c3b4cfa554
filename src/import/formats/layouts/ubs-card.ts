/**
 * UBS credit-card invoices, read exactly as the pipeline reads them: a `sep=;` line, then the
 * header; rows without a purchase date (the balance brought forward) and `DIRECT DEBIT` rows (the
 * invoice's settlement, booked on the bank account) are no card transactions; the purchase date
 * dates a row; amount = −|Debit| or +|Credit|; raw_description = Booking text as written; id =
 * `cc-` + FNV-1a 64 over `purchase date|booking text|debit|credit|booked`, the raw cells.
 */
import type { BankLayout } from "../csv-layout.ts";

export const UBS_CARD: BankLayout = {
  id: "ubs-card-en",
  bank: "UBS",
  name: "credit-card invoice (English)",
  format: "ubs-card",
  header: ["Purchase date", "Booking text", "Currency", "Debit", "Credit", "Booked"],
  encoding: "windows-1252",
  delimiter: ";",
  dates: ["DD.MM.YYYY"],
  decimal: ".",
  date: "Purchase date",
  money: { debit: "Debit", credit: "Credit" },
  currency: { column: "Currency" },
  reference: { fnv1a64: ["Purchase date", "Booking text", "Debit", "Credit", "Booked"], prefix: "cc-" },
  description: { columns: ["Booking text"], asIs: true },
  counterparty: "Booking text",
  originalAmount: "Amount",
  originalCurrency: "Original currency",
  exchangeRate: "Rate",
  sector: "Sector",
  account: { columns: ["Card number", "Account number"] },
  checkDates: ["Booked"],
  skip: [
    { column: "Purchase date", empty: true, reason: "no purchase date: the balance brought forward from the last invoice" },
    { column: "Booking text", contains: "DIRECT DEBIT", reason: "the invoice's settlement by direct debit, booked on the bank account" },
  ],
};
