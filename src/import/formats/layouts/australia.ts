/**
 * Australian banks whose exports have a header row but name no currency (so without a layout their dollars were stored
 * in the data's main currency, with a note; QA round 4, pass 9). Westpac: `Bank Account,Date,Narrative,Debit Amount,
 * Credit Amount,Balance,Categories,Serial`, day-first dates, both amounts positive, a running balance, newest first.
 * NAB: `Date,Amount,Account Number,,Transaction Type,Transaction Details,Balance,Category,Merchant Name` (one column
 * without a header), dates as `21 Jan 26`, a signed amount, a running balance. Research: peers' importers of both
 * exports (several agree on the headers; confidence medium), written as our own fixtures.
 */
import type { BankLayout } from "../csv-layout.ts";

export const WESTPAC: BankLayout = {
  id: "westpac",
  bank: "Westpac",
  name: "accounts and cards",
  header: ["Bank Account", "Date", "Narrative", "Debit Amount", "Credit Amount", "Balance"],
  encoding: "utf-8",
  delimiter: ",",
  dates: ["DD/MM/YYYY"],
  decimal: ".",
  date: "Date",
  money: { debit: "Debit Amount", credit: "Credit Amount" },
  currency: { fixed: "AUD" },
  balance: "Balance",
  description: { columns: ["Narrative"] },
};

export const NAB: BankLayout = {
  id: "nab",
  bank: "NAB (National Australia Bank)",
  name: "accounts",
  header: ["Date", "Amount", "Account Number", "Transaction Type", "Transaction Details", "Balance", "Merchant Name"],
  encoding: "utf-8",
  delimiter: ",",
  // "21 Jan 26": a month by its name reads day-first whatever the notation says.
  dates: ["DD/MM/YYYY"],
  decimal: ".",
  date: "Date",
  money: { amount: "Amount" },
  currency: { fixed: "AUD" },
  balance: "Balance",
  description: { columns: ["Merchant Name", "Transaction Details", "Transaction Type"] },
  counterparty: "Merchant Name",
};

/**
 * Up (Australia): `Time,BSB / Account Number,Transaction Type,Payee,Description,Category,Tags,Subtotal (AUD),Currency,
 * Subtotal (Transaction Currency),Fee (AUD),Round Up (AUD),Total (AUD),Payment Method,Settled Date`, ISO times with
 * their offset, signed amounts. "Total (AUD)" is what the account moved (the purchase, its fee and the round-up swept to
 * a saver); "Currency" is the currency the purchase was paid in, whose amount is "Subtotal (Transaction Currency)".
 * Read by its header words, several rows took "Round Up (AUD)" as the amount: a purchase booked as its 50 cents of
 * round-up and the salary skipped as "no money moved" (qa44 blind pass). Research: a real export's row quoted in a
 * peer's import script, and peers' importers' headers (confidence medium).
 */
export const UP: BankLayout = {
  id: "up",
  bank: "Up",
  name: "spending and saver accounts",
  header: ["Time", "Payee", "Description", "Round Up (AUD)", "Total (AUD)"],
  encoding: "utf-8",
  delimiter: ",",
  dates: ["YYYY-MM-DD HH:MM:SS"],
  decimal: ".",
  date: "Time",
  money: { amount: "Total (AUD)" },
  currency: { fixed: "AUD" },
  description: { columns: ["Description"] },
  counterparty: "Payee",
  originalAmount: "Subtotal (Transaction Currency)",
  originalCurrency: "Currency",
};
