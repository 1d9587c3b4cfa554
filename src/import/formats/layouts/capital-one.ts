/**
 * Capital One (United States) credit card: `Transaction Date,Posted Date,Card No.,Description,Category,Debit,Credit`,
 * ISO dates, a purchase positive in Debit, a payment or refund positive in Credit, dollars, newest first. Research:
 * bank-layouts.md §25 (confidence high; the Capital One 360 bank export is another, unknown layout).
 */
import type { BankLayout } from "../csv-layout.ts";

export const CAPITAL_ONE: BankLayout = {
  id: "capital-one",
  bank: "Capital One",
  name: "credit card",
  card: true,
  header: ["Transaction Date", "Posted Date", "Card No.", "Description", "Debit", "Credit"],
  encoding: "utf-8",
  delimiter: ",",
  dates: ["YYYY-MM-DD"],
  decimal: ".",
  date: "Transaction Date",
  valueDate: "Posted Date",
  money: { debit: "Debit", credit: "Credit" },
  currency: { fixed: "USD" },
  description: { columns: ["Description"] },
  counterparty: "Description",
};

/**
 * Capital One's card export in its other column order, `Posted Date,Description,Debit,Credit,Category,Card No.`:
 * month-first dates, no purchase date, the same unsigned Debit and Credit (qa29: a real file read right but with USD
 * guessed). Listed after the layout above, whose header has these cells and "Transaction Date" too.
 */
export const CAPITAL_ONE_POSTED: BankLayout = {
  ...CAPITAL_ONE,
  id: "capital-one-posted",
  name: "credit card (posted-date export)",
  card: true,
  header: ["Posted Date", "Description", "Debit", "Credit", "Category", "Card No."],
  notWith: ["Transaction Date"],
  dates: ["MM/DD/YYYY"],
  date: "Posted Date",
  valueDate: undefined,
  // The header guess that read this file before gave no counterparty fact: none here either (only the currency note goes).
  counterparty: undefined,
};
