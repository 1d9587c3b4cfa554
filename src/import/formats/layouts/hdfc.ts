/**
 * HDFC Bank (India), the net banking "Delimited" download of a savings or current account: a line of bare commas,
 * then `Date,Narration,Value Dat,Debit Amount,Credit Amount,Chq/Ref Number,Closing Balance` with every header and cell
 * padded with spaces to a fixed width, DD/MM/YY dates, both amounts unsigned with 0.00 on the other side, a running
 * balance. It names no currency: without a layout its rupees were stored in the data's main currency, and a download
 * of a month's first twelve days was refused as "cannot tell the date format" (qa53's blind pass: a real download's
 * lines quoted in a peer's test). "Value Dat" (cut short) and "Chq/Ref Number" head no other bank's export known here.
 * Research: peers' importers quoting the download's header (several agree; confidence medium).
 */
import type { BankLayout } from "../csv-layout.ts";

export const HDFC_DELIMITED: BankLayout = {
  id: "hdfc-delimited",
  bank: "HDFC Bank",
  name: "savings and current accounts (Delimited download)",
  header: ["Date", "Narration", "Value Dat", "Debit Amount", "Credit Amount", "Chq/Ref Number", "Closing Balance"],
  encoding: "utf-8",
  delimiter: ",",
  dates: ["DD/MM/YY"],
  decimal: ".",
  date: "Date",
  valueDate: "Value Dat",
  money: { debit: "Debit Amount", credit: "Credit Amount" },
  currency: { fixed: "INR" },
  balance: "Closing Balance",
  description: { columns: ["Narration"] },
  // The cheque number or UPI/NEFT reference, kept as a fact (SPEC §10.1); no id: ATM rows repeat zero-filled ones.
  referenceFact: "Chq/Ref Number",
};
