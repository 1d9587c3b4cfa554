/**
 * Wise (balance statement): `"TransferWise ID",Date,Amount,Currency,Description,"Payment Reference","Running Balance",
 * "Exchange From","Exchange To","Exchange Rate","Payer Name","Payee Name",…,"Total fees",…`, dates `DD-MM-YYYY`, a signed
 * amount, a running balance, newest first. The id (CARD-…, TRANSFER-…) is the transaction id. Research:
 * bank-layouts.md §18 (confidence high).
 */
import type { BankLayout } from "../csv-layout.ts";

export const WISE: BankLayout = {
  id: "wise",
  bank: "Wise",
  name: "balance statement",
  header: ["TransferWise ID", "Date", "Amount", "Currency", "Description", "Running Balance"],
  encoding: "utf-8",
  delimiter: ",",
  dates: ["DD-MM-YYYY"],
  decimal: ".",
  date: "Date",
  money: { amount: "Amount" },
  currency: { column: "Currency" },
  balance: "Running Balance",
  reference: "TransferWise ID",
  description: { columns: ["Merchant", "Description", "Payment Reference", "Note"] },
  party: { out: "Payee Name", in: "Payer Name" },
  purpose: ["Payment Reference"],
  exchangeRate: "Exchange Rate",
  fees: "Total fees",
};
