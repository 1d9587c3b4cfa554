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
import { MINUS_MARK } from "../values.ts";

/** A payment to the card as the Lloyds group's cards describe it ("PAYMENT RECEIVED - THANK YOU", "DIRECT DEBIT PAYMENT"). */
const CARD_PAYMENT = /\bpayment received\b|\bdirect debit payment\b|\bpayment\b.*\bthank you\b/i;

export const TESCO_BANK_CARD: BankLayout = {
  id: "tesco-bank-card",
  bank: "Tesco Bank",
  name: "credit card",
  card: true,
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
  card: true,
  header: ["Date", "Date entered", "Reference", "Description", "Amount"],
  encoding: "utf-8",
  delimiter: ",",
  dates: ["DD/MM/YYYY"],
  decimal: ".",
  date: "Date",
  money: { amount: "Amount" },
  purchasesPositive: true,
  // Its rows as the card writes them: the payment to the card negative ("PAYMENT RECEIVED - THANK YOU" -200.00), and
  // where no row is one, most amounts positive. The same header over purchases written negative (another tool's export)
  // was read as this card, every purchase booked as income (review of pass 18): the generic reader reads it.
  evidence: (cells) => {
    const amounts = cells("Amount").map((a) => a.trim());
    const texts = cells("Description");
    const payments = amounts.filter((a, i) => a !== "" && CARD_PAYMENT.test(texts[i] ?? ""));
    if (payments.length > 0) return payments.every((a) => MINUS_MARK.test(a[0] ?? ""));
    const filled = amounts.filter((a) => a !== "");
    return filled.length === 0 || filled.filter((a) => !MINUS_MARK.test(a[0] ?? "")).length * 2 > filled.length;
  },
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
