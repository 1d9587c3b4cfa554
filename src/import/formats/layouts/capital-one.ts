/**
 * Capital One (United States) credit card: `Transaction Date,Posted Date,Card No.,Description,Category,Debit,Credit`,
 * ISO dates, a purchase positive in Debit, a payment or refund positive in Credit, dollars, newest first. Research:
 * bank-layouts.md §25 (confidence high; the Capital One 360 bank export is another, unknown layout).
 */
import type { BankLayout } from "../csv-layout.ts";

export const CAPITAL_ONE: BankLayout = {
  id: "capital-one",
  bank: "Capital One",
  name: "credit card",
  header: ["Transaction Date", "Posted Date", "Card No.", "Description", "Debit", "Credit"],
  encoding: "utf-8",
  delimiter: ",",
  dates: ["YYYY-MM-DD"],
  decimal: ".",
  date: "Transaction Date",
  valueDate: "Posted Date",
  money: { debit: "Debit", credit: "Credit" },
  currency: { fixed: "USD" },
  description: { columns: ["Description"] },
  counterparty: "Description",
};
