/**
 * ANZ (New Zealand), the account export: `Type,Details,Particulars,Code,Reference,Amount,Date,ForeignCurrencyAmount,
 * ConversionCharge` (older downloads end at `Date`), one signed amount, dates `10/07/2025`. Particulars, Code and
 * Reference are New Zealand's payment fields, written by the payer (a transfer's Particulars "Debit" or "Credit" is no
 * sign mark: read as one, another user's export was refused, "Particulars \"\" is neither debit nor credit"). It names
 * no currency, and its dates are day-first as everywhere in New Zealand: a month's export whose days are all 12 or less
 * was refused, "cannot tell the date format" (qa50, blind pass: a user's export of five bookings from 3 to 10 July), and
 * without a layout its dollars were stored in the data's main currency. Research: the header as ANZ's export writes it, quoted alike by peers' importers and
 * firefly-iii's import configuration for ANZ New Zealand (dates d/m/Y), written as our own fixture.
 */
import type { BankLayout } from "../csv-layout.ts";

export const ANZ_NZ: BankLayout = {
  id: "anz-nz",
  bank: "ANZ (New Zealand)",
  name: "accounts",
  header: ["Type", "Details", "Particulars", "Code", "Reference", "Amount", "Date"],
  encoding: "utf-8",
  delimiter: ",",
  dates: ["DD/MM/YYYY"],
  decimal: ".",
  date: "Date",
  money: { amount: "Amount" },
  currency: { fixed: "NZD" },
  description: { columns: ["Details", "Particulars", "Code", "Reference", "Type"] },
  counterparty: "Details",
  purpose: ["Particulars", "Code", "Reference"],
  // The ids as when the generic reader read this export (its months with a day over 12): the "Details", else the "Reference"
  // when that reader took it as text (not in a month of mostly numbered References).
  idText: ["Details", "Reference"],
  idTextAsGuessed: true,
};
