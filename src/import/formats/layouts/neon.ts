/**
 * neon (Switzerland): every field quoted, `"Date";"Amount";"Original amount";"Original currency";"Exchange rate";
 * "Description";"Subject";"Category";"Tags";"Wise";"Spaces"`, ISO dates, one signed amount in francs (no currency
 * column: the account is in CHF), the original amount and currency on card payments abroad. "Description" is the
 * counterparty or merchant, "Subject" the message. Newest first. Research: bank-layouts.md §13 (confidence high).
 */
import type { BankLayout } from "../csv-layout.ts";

export const NEON: BankLayout = {
  id: "neon",
  bank: "neon",
  name: "account",
  header: ["Date", "Amount", "Original amount", "Original currency", "Description", "Subject"],
  encoding: "utf-8",
  delimiter: ";",
  dates: ["YYYY-MM-DD"],
  decimal: ".",
  date: "Date",
  money: { amount: "Amount" },
  currency: { fixed: "CHF" },
  description: { columns: ["Description", "Subject"] },
  counterparty: "Description",
  purpose: ["Subject"],
  originalAmount: "Original amount",
  originalCurrency: "Original currency",
  exchangeRate: "Exchange rate",
};
