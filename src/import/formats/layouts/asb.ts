/**
 * ASB (New Zealand), the account export: a preamble (`Created date / time : …`, `Bank 12; Branch 3456; Account
 * 0123456-00 (Streamline)`, `From date 20260101`, `To date 20260125`, `Avail Bal : 1949.10 as of 20260125`, `Ledger
 * Balance : 1949.10 as of 20260125`), then `Date,Unique Id,Tran Type,Cheque Number,Payee,Memo,Amount`, a blank line,
 * dates as `2026/01/22`, one signed amount. It names no currency: without a layout its dollars were stored in the data's
 * main currency, with a note (issue 32, the last pass's leftover). The Unique Id numbers the day's bookings (a fact, not
 * the id). Its balances are not reconciled: the preamble states the balance when the file was made ("as of" the day of
 * the download), not the statement's opening or closing one, and no opening balance at all, so there is nothing to check
 * the rows against. Research: peers' importers of this export (bank2ynab, ynab-csv converters), written as our own fixture.
 */
import type { BankLayout } from "../csv-layout.ts";

export const ASB: BankLayout = {
  id: "asb",
  bank: "ASB (New Zealand)",
  name: "accounts",
  header: ["Date", "Unique Id", "Tran Type", "Cheque Number", "Payee", "Memo", "Amount"],
  encoding: "utf-8",
  delimiter: ",",
  dates: ["YYYY/MM/DD"],
  decimal: ".",
  date: "Date",
  money: { amount: "Amount" },
  currency: { fixed: "NZD" },
  referenceFact: "Unique Id",
  description: { columns: ["Payee", "Memo"] },
  counterparty: "Payee",
  purpose: ["Memo"],
};
