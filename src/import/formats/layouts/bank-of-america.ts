/**
 * Bank of America (United States) credit card: `Posted Date,Reference Number,Payee,Address,Amount`, month-first dates,
 * a signed amount (purchases negative, payments positive), dollars, no currency column. Research: qa29 blind pass (a
 * real export, the header and shape only). Its checking export (`Date,Description,Amount,Running Bal.` under a summary
 * block) is not this layout.
 */
import type { BankLayout } from "../csv-layout.ts";

export const BANK_OF_AMERICA_CARD: BankLayout = {
  id: "bank-of-america-card",
  bank: "Bank of America",
  name: "credit card",
  card: true,
  header: ["Posted Date", "Reference Number", "Payee", "Address", "Amount"],
  encoding: "utf-8",
  delimiter: ",",
  dates: ["MM/DD/YYYY"],
  decimal: ".",
  date: "Posted Date",
  money: { amount: "Amount" },
  currency: { fixed: "USD" },
  description: { columns: ["Payee"] },
  counterparty: "Payee",
};
