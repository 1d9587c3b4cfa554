/**
 * Citi (United States) credit card: `Status,Date,Description,Debit,Credit`, month-first dates, both amounts unsigned:
 * a purchase in Debit, a payment or refund in Credit (read as written: a file of credits only is money in). Dollars, no
 * currency column. The "Status" column (Cleared, Pending) heads no other bank's export known here. Research: qa29
 * blind pass (real exports, the header and shape only). The Costco card's export, the same with `Member Name` after
 * them, is left to the header guess: its rows' ids were made of that column's text when guessed, and read by this
 * layout they would change (the file imported again: 19 of 30 rows held as possible duplicates). Its dates are written in
 * digits (02/03/2026, or however a spreadsheet saved them again): Woolworths Money's card export (Australia) has the same
 * five cells in another order with "03 Mar 26" dates, and was read as Citi's, in US dollars (qa44 blind pass).
 */
import type { BankLayout } from "../csv-layout.ts";
import { NOT_BOOKED } from "../csv-words.ts";

export const CITI: BankLayout = {
  id: "citi",
  bank: "Citi",
  name: "credit card",
  card: true,
  header: ["Status", "Date", "Description", "Debit", "Credit"],
  notWith: ["Member Name"],
  // (A Pending line's Date may be empty: review of r4-qa44, such a file lost the layout.)
  evidence: (cells) => cells("Date").every((d) => d.trim() === "" || /^\d[\d./-]*$/.test(d.trim())),
  encoding: "utf-8",
  delimiter: ",",
  dates: ["MM/DD/YYYY"],
  decimal: ".",
  date: "Date",
  money: { debit: "Debit", credit: "Credit" },
  currency: { fixed: "USD" },
  description: { columns: ["Description"] },
  // A pending (or declined) card charge moved no money yet: skipped, with the reason the header guess gave before.
  skip: [{ column: "Status", equals: NOT_BOOKED, reason: "not booked (pending, declined or cancelled): no money moved" }],
};
