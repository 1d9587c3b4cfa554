/**
 * RBC Royal Bank (Canada): `"Account Type","Account Number","Transaction Date","Cheque Number","Description 1",
 * "Description 2","CAD$","USD$"`, one export for every account of the client (chequing, savings, Visa; Canadian- and
 * US-dollar accounts together), month-first dates without leading zeros (`1/15/2026`), a signed amount in the column
 * of the account's currency and the other one empty, no balance. Research: RBC Online Banking's "Download
 * transactions" (CSV) as peers' importers read it (confidence medium: no bank documentation of the columns).
 */
import type { BankLayout } from "../csv-layout.ts";

export const RBC: BankLayout = {
  id: "rbc",
  bank: "RBC Royal Bank",
  name: "accounts and cards (CSV)",
  header: ["Account Type", "Account Number", "Transaction Date", "Description 1", "CAD$", "USD$"],
  encoding: "utf-8",
  delimiter: ",",
  dates: ["MM/DD/YYYY"],
  decimal: ".",
  date: "Transaction Date",
  money: { byCurrency: [{ column: "CAD$", currency: "CAD" }, { column: "USD$", currency: "USD" }] },
  description: { columns: ["Description 1", "Description 2"] },
  referenceFact: "Cheque Number",
  account: { columns: ["Account Number"] },
};
