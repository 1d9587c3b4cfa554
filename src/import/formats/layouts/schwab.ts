/**
 * Charles Schwab checking: every field quoted, `"Date","Status","Type","CheckNumber","Description","Withdrawal",
 * "Deposit","RunningBalance"` (older: `"Check #"`, `"Withdrawal (-)"`, `"Deposit (+)"`), month-first dates, amounts as
 * `$5,000.00` both positive, a running balance, newest first; pending rows are skipped. Research: bank-layouts.md §26
 * (confidence high).
 */
import type { BankLayout } from "../csv-layout.ts";

export const SCHWAB: BankLayout = {
  id: "schwab",
  bank: "Charles Schwab",
  name: "checking",
  header: ["Date", "Description", ["Withdrawal", "Withdrawal (-)"], ["Deposit", "Deposit (+)"], "RunningBalance"],
  encoding: "utf-8",
  delimiter: ",",
  dates: ["MM/DD/YYYY"],
  decimal: ".",
  date: "Date",
  money: { debit: ["Withdrawal", "Withdrawal (-)"], credit: ["Deposit", "Deposit (+)"] },
  currency: { fixed: "USD" },
  balance: "RunningBalance",
  description: { columns: ["Description"] },
  referenceFact: ["CheckNumber", "Check #"],
  skip: [{ column: "Status", equals: ["pending"], reason: "pending: not posted yet" }],
};
