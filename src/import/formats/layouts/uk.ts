/**
 * British card and savings exports whose headers are their issuers' own but name no currency (so without a layout their
 * pounds were stored in the data's main currency, with a note; QA round 4, pass 18, written from firefly-iii's import
 * configurations for these banks, run blind):
 * - Tesco Bank credit card: `Transaction Date,Posting Date,Billing Amount,Merchant,Merchant City ,Merchant County ,
 *   Merchant Postal Code ,Reference Number,Debit/Credit Flag,SICMCC Code` (the address headers end with a space),
 *   day-first dates, unsigned amounts with a D/C flag.
 * - The credit cards of Lloyds Banking Group (MBNA, Halifax, Lloyds Bank): `Date,Date entered,Reference,Description,
 *   Amount` (MBNA's with a trailing comma: one column without a header), day-first, purchases positive and payments
 *   negative (the Halifax fixtures of pass 12 have the same header).
 * - Marcus by Goldman Sachs (savings): `TransactionDate,Description,Value,AccountBalance,AccountName,AccountNumber`,
 *   dates `20260131`, a signed value, the balance after each row, newest first.
 * The card references are the card scheme's (kept as facts, not as ids: nothing says they are unique per booking).
 */
import type { BankLayout } from "../csv-layout.ts";

export const TESCO_BANK_CARD: BankLayout = {
  id: "tesco-bank-card",
  bank: "Tesco Bank",
  name: "credit card",
  header: ["Transaction Date", "Posting Date", "Billing Amount", "Merchant", "Debit/Credit Flag"],
  encoding: "utf-8",
  delimiter: ",",
  dates: ["DD/MM/YYYY"],
  decimal: ".",
  date: "Transaction Date",
  money: { amount: "Billing Amount", indicator: "Debit/Credit Flag" },
  currency: { fixed: "GBP" },
  referenceFact: "Reference Number",
  description: { columns: ["Merchant", "Merchant City"] },
  counterparty: "Merchant",
};

export const LLOYDS_GROUP_CARD: BankLayout = {
  id: "lloyds-group-card",
  bank: "Lloyds Banking Group (MBNA, Halifax, Lloyds Bank)",
  name: "credit card",
  header: ["Date", "Date entered", "Reference", "Description", "Amount"],
  encoding: "utf-8",
  delimiter: ",",
  dates: ["DD/MM/YYYY"],
  decimal: ".",
  date: "Date",
  money: { amount: "Amount" },
  purchasesPositive: true,
  currency: { fixed: "GBP" },
  referenceFact: "Reference",
  description: { columns: ["Description"] },
};

export const MARCUS_UK: BankLayout = {
  id: "marcus-uk",
  bank: "Marcus by Goldman Sachs (United Kingdom)",
  name: "savings account",
  header: ["TransactionDate", "Description", "Value", "AccountBalance", "AccountNumber"],
  encoding: "utf-8",
  delimiter: ",",
  dates: ["YYYYMMDD"],
  decimal: ".",
  date: "TransactionDate",
  money: { amount: "Value" },
  currency: { fixed: "GBP" },
  balance: "AccountBalance",
  description: { columns: ["Description"] },
  account: { columns: ["AccountNumber"] },
};
