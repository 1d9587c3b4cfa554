/**
 * Yuh (the Swissquote/PostFinance app): `DATE;ACTIVITY TYPE;ACTIVITY NAME;DEBIT;DEBIT CURRENCY;CREDIT;CREDIT CURRENCY;
 * CARD NUMBER;LOCALITY;RECIPIENT;SENDER;FEES/COMMISSION;…` in every language, day-first dates with slashes, debits
 * written negative, each side with its own currency: an automatic exchange debits francs and credits dollars on one
 * line, which is two rows (one per currency). Texts come in tripled quotes (`"""Migros Zürich"""`). UTF-8 with BOM.
 * Research: bank-layouts.md §12 (confidence medium; the row order is seen in one sample only).
 */
import type { BankLayout } from "../csv-layout.ts";

export const YUH: BankLayout = {
  id: "yuh",
  bank: "Yuh",
  name: "activities",
  header: ["DATE", "ACTIVITY TYPE", "ACTIVITY NAME", "DEBIT", "DEBIT CURRENCY", "CREDIT", "CREDIT CURRENCY"],
  encoding: "utf-8-bom",
  delimiter: ";",
  dates: ["DD/MM/YYYY"],
  decimal: ".",
  date: "DATE",
  money: { debit: "DEBIT", credit: "CREDIT" },
  sideCurrencies: { debit: "DEBIT CURRENCY", credit: "CREDIT CURRENCY" },
  description: { columns: ["ACTIVITY NAME", "RECIPIENT", "SENDER", "LOCALITY"] },
  fees: "FEES/COMMISSION",
};
