/**
 * Canadian online banks, whose exports name no currency and write their dates month first, as US banks do (so without
 * a layout their dollars were read as US dollars). Tangerine: `Date,Transaction,Name,Memo,Amount`, M/D/YYYY, a signed
 * amount, the kind of booking (DEBIT, CREDIT, OTHER) in "Transaction"; its credit card's export is the same with
 * `Transaction date` first, purchases negative (QA round 16: a file whose days were all 12 or less was refused as
 * ambiguous). Simplii Financial: `Date, Transaction Details,
 * Funds Out, Funds In` (each header after the first with a leading space), MM/DD/YYYY, both amounts unsigned. Research:
 * the banks' help pages on downloading transactions and peers' importers (confidence medium).
 */
import type { BankLayout } from "../csv-layout.ts";

export const TANGERINE: BankLayout = {
  id: "tangerine",
  bank: "Tangerine",
  name: "chequing, savings and credit card",
  header: [["Date", "Transaction date"], "Transaction", "Name", "Memo", "Amount"],
  encoding: "utf-8",
  delimiter: ",",
  dates: ["MM/DD/YYYY"],
  decimal: ".",
  date: ["Date", "Transaction date"],
  money: { amount: "Amount" },
  currency: { fixed: "CAD" },
  description: { columns: ["Name", "Memo"] },
  counterparty: "Name",
};

export const SIMPLII: BankLayout = {
  id: "simplii",
  bank: "Simplii Financial",
  name: "accounts",
  header: ["Date", "Transaction Details", "Funds Out", "Funds In"],
  encoding: "utf-8",
  delimiter: ",",
  dates: ["MM/DD/YYYY"],
  decimal: ".",
  date: "Date",
  money: { debit: "Funds Out", credit: "Funds In" },
  currency: { fixed: "CAD" },
  description: { columns: ["Transaction Details"] },
};

/**
 * EQ Bank (Canada) savings account: `Transfer date,Description,Amount,Balance`, ISO dates, amounts and balance written
 * with a dollar sign ("$123.45", "-$100.00"), a running balance. Without a layout its "$" was read as US dollars and
 * said so (qa29: two real files; one of them, whose balances do not add up, is refused as before). "Transfer date"
 * heads no other bank's export known here.
 */
export const EQ_BANK: BankLayout = {
  id: "eq-bank",
  bank: "EQ Bank",
  name: "savings account",
  header: ["Transfer date", "Description", "Amount", "Balance"],
  encoding: "utf-8",
  delimiter: ",",
  dates: ["YYYY-MM-DD"],
  decimal: ".",
  date: "Transfer date",
  money: { amount: "Amount" },
  currency: { fixed: "CAD" },
  balance: "Balance",
  description: { columns: ["Description"] },
};
