/**
 * Raiffeisen (Switzerland): the header is English whatever the language (`IBAN;Booked At;Text;Details;Credit/Debit
 * Amount;Balance;Valuta Date`; IBAN since 2018-12, Details since 2024-07), one signed amount, a balance on every
 * row, oldest first. No currency column: the IBAN's (CHF). Dates as date and time (`2024-07-02 00:00:00.0`,
 * `04.01.2021 00:00`; older `06/10/2010`, `03.01.13`). A line that only continues the text above it (no IBAN, no date,
 * no amount: `;;Fortsetzung des Textes;;;;`, or in the second column in the files without IBAN) is that booking's text:
 * appended to its description. windows-1252. Research: bank-layouts.md §6 (confidence high).
 */
import type { BankLayout } from "../csv-layout.ts";

export const RAIFFEISEN: BankLayout = {
  id: "raiffeisen",
  bank: "Raiffeisen",
  name: "account (Switzerland)",
  header: ["Booked At", "Text", "Credit/Debit Amount", "Balance"],
  encoding: "windows-1252",
  delimiter: ";",
  dates: ["YYYY-MM-DD HH:MM:SS", "DD.MM.YYYY HH:MM", "DD/MM/YYYY", "DD.MM.YY"],
  decimal: ".",
  date: "Booked At",
  valueDate: "Valuta Date",
  money: { amount: "Credit/Debit Amount" },
  balance: "Balance",
  description: { columns: ["Text", "Details"] },
  purpose: ["Details"],
  account: { columns: ["IBAN"] },
  continuationLines: true,
};
