/**
 * Morgan Stanley's activity export (its cash accounts' "Activity", a CSV): `Activity Date,Transaction Date,Account,
 * Institution Name,Activity,Description,Memo,Tags,Amount($)`, several of the holder's accounts in one file, each row
 * naming its own ("Platinum CashPlus 101 234882", "AAA 101 209320") and the institution that holds it, month-first dates,
 * signed dollars, descriptions over several lines, no balance (qa40: a real export's rows of two accounts were booked to
 * no account, as one, exit 0). Its "Account" is the holder's own by this whole header only: an "Account" beside an
 * "Institution" elsewhere may be the payee's (review of r4-qa40: a transfer log's rows were booked to its payees'
 * accounts). Read by guessed columns before: its rows' ids keep no account (or the one given) and the text they had then
 * (the institution's name), so a month imported then comes back as duplicates.
 */
import type { BankLayout } from "../csv-layout.ts";

export const MORGAN_STANLEY_ACTIVITY: BankLayout = {
  id: "morgan-stanley-activity",
  bank: "Morgan Stanley",
  name: "activity export of several accounts",
  header: ["Activity Date", "Transaction Date", "Account", "Institution Name", "Activity", "Description", "Memo", "Tags", "Amount($)"],
  encoding: "utf-8",
  delimiter: ",",
  dates: ["MM/DD/YYYY"],
  decimal: ".",
  date: "Transaction Date",
  money: { amount: "Amount($)" },
  currency: { fixed: "USD" },
  description: { columns: ["Description", "Memo", "Activity"] },
  account: { columns: ["Account"], notInIds: true },
  idText: ["Institution Name", "Description", "Memo"],
};
