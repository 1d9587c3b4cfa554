/**
 * Mint (Intuit, United States and Canada; closed in 2024, its exports still around): `Date,Description,Original
 * Description,Amount,Transaction Type,Category,Account Name,Labels,Notes`, every account of the user in one file, each
 * row naming its own, month-first dates, an unsigned amount with "debit" or "credit" beside it, no currency (QA round 4,
 * pass 27: maybe's mint.csv was refused, "every date fits both day-first and month-first", a Mint export of ten days).
 * Dollars of the account's country, assumed US dollars with a note.
 */
import type { BankLayout } from "../csv-layout.ts";

export const MINT: BankLayout = {
  id: "mint",
  bank: "Mint (Intuit)",
  name: "transactions export",
  header: ["Date", "Description", "Original Description", "Amount", "Transaction Type", "Category", "Account Name"],
  encoding: "utf-8",
  delimiter: ",",
  dates: ["MM/DD/YYYY"],
  decimal: ".",
  date: "Date",
  money: { amount: "Amount", indicator: "Transaction Type" },
  homeCurrency: { code: "USD", why: "Mint exported the dollars of US and Canadian accounts and names no currency", assumed: true },
  description: { columns: ["Description", "Original Description", "Notes"] },
  counterparty: "Description",
  account: { columns: ["Account Name"] },
};
