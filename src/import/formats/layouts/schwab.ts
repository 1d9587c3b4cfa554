/**
 * Charles Schwab checking: every field quoted, `"Date","Status","Type","CheckNumber","Description","Withdrawal",
 * "Deposit","RunningBalance"` (older: `"Check #"`, `"Withdrawal (-)"`, `"Deposit (+)"`), month-first dates, amounts as
 * `$5,000.00` both positive, a running balance, newest first; pending rows (Status, or the older export's "Pending
 * Transactions" section) are skipped. Research: bank-layouts.md §26
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
  // The older export has no Status column: its pending rows stand under a "Pending Transactions" title (QA round 4).
  sections: [{ title: "Pending Transactions", skip: "pending: not posted yet" }, { title: "Posted Transactions" }],
};
