/**
 * Cash App (Block, United States): the activity export `Transaction ID,Date,Transaction Type,Currency,Amount,Fee,Net
 * Amount,Asset Type,Asset Price,Asset Amount,Status,Notes,Name of sender/receiver,Account`, and its bitcoin report, the
 * same first ten columns only, quoted, with dollar signs and a time and zone in the date ("2023-07-16 16:51:24 PDT").
 * `Amount` is before the fee, `Net Amount` what moved in the cash balance (a bitcoin buy of −78.20 with a −1.80 fee took
 * −80.00). A bitcoin withdrawal or deposit sends coins to or from a wallet outside the app: no dollars moved, although
 * the report writes their worth as the amount. Rows that failed, were cancelled or declined, or still wait, moved
 * nothing. Research: qa36's blind pass (Pjrich1313's transactions_2023.csv: 37 rows read by the guessed columns, the
 * fees lost and three withdrawals booked as money in; Minance's cash_app_debit.csv).
 */
import type { BankLayout } from "../csv-layout.ts";

export const CASH_APP: BankLayout = {
  id: "cash-app",
  bank: "Cash App",
  name: "activity export",
  header: ["Transaction ID", "Date", "Transaction Type", "Currency", "Amount", "Fee", "Net Amount"],
  encoding: "utf-8",
  delimiter: ",",
  dates: ["YYYY-MM-DD HH:MM:SS", "MM/DD/YYYY"],
  decimal: ".",
  date: "Date",
  money: { amount: "Net Amount" },
  currency: { column: "Currency" },
  reference: "Transaction ID",
  description: { columns: ["Name of sender/receiver", "Notes", "Transaction Type"] },
  counterparty: "Name of sender/receiver",
  fees: "Fee",
  skip: [
    { column: "Transaction Type", equals: ["bitcoin withdrawal", "bitcoin deposit"], reason: "bitcoin sent to or received from a wallet outside Cash App: no dollars moved" },
    {
      column: "Status",
      equals: ["failed", "canceled", "cancelled", "declined", "card declined", "pending", "payment failed", "payment canceled", "payment declined", "waiting on recipient", "waiting on sender"],
      reason: "not completed (failed, cancelled, declined or pending): no money moved",
    },
  ],
};
