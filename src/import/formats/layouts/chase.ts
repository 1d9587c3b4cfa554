/**
 * Chase (United States). Checking and savings: `Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #`,
 * month-first dates, a signed amount, a balance (a blank for pending rows), a trailing empty field on every row,
 * newest first. Credit card: `Transaction Date,Post Date,Description,Category,Type,Amount,Memo`, purchases negative,
 * dated by the purchase. Dollars, no currency column. Research: bank-layouts.md §24 (confidence high).
 */
import type { BankLayout } from "../csv-layout.ts";

export const CHASE_CHECKING: BankLayout = {
  id: "chase-checking",
  bank: "Chase",
  name: "checking and savings",
  header: ["Details", "Posting Date", "Description", "Amount", "Type", "Balance"],
  encoding: "utf-8",
  delimiter: ",",
  dates: ["MM/DD/YYYY"],
  decimal: ".",
  date: "Posting Date",
  money: { amount: "Amount" },
  currency: { fixed: "USD" },
  balance: "Balance",
  description: { columns: ["Description"] },
  referenceFact: "Check or Slip #",
};

export const CHASE_CARD: BankLayout = {
  id: "chase-card",
  bank: "Chase",
  name: "credit card",
  card: true,
  header: ["Transaction Date", "Post Date", "Description", "Category", "Type", "Amount"],
  encoding: "utf-8",
  delimiter: ",",
  dates: ["MM/DD/YYYY"],
  decimal: ".",
  date: "Transaction Date",
  valueDate: "Post Date",
  money: { amount: "Amount" },
  currency: { fixed: "USD" },
  description: { columns: ["Description", "Memo"] },
  counterparty: "Description",
};
