/**
 * Rogers Bank (Canada) Mastercard: since 2023 `Date,Posted Date,Reference Number,Activity Type,Activity Status,Card Number,
 * Merchant Category Description,Merchant Name,Merchant City,Merchant State or Province,Merchant Country Code,Merchant
 * Postal Code,Amount,Rewards,Name on Card`; before, `Transaction Date` (or `Date`), `Activity Type`, `Merchant Name`,
 * `Merchant Category` (or `… Description`), `Amount` and sometimes `Rewards`. ISO dates, purchases positive written with
 * a dollar sign (`$84.12`, `"$1,024.50"`), payments and cash back negative (`($300.00)`, `-43.00`), Canadian dollars named
 * nowhere (QA round 16: a purchase was income, and in US dollars, read from the "$"). Research: peers' importers
 * (Nef10/SwiftBeanCountImporter's RogersImporter, rogers-cc-to-monarch's README; confidence medium).
 */
import type { BankLayout } from "../csv-layout.ts";

export const ROGERS: BankLayout = {
  id: "rogers",
  bank: "Rogers Bank",
  name: "Mastercard",
  card: true,
  header: [["Date", "Transaction Date"], "Activity Type", "Merchant Name", ["Merchant Category Description", "Merchant Category"], "Amount"],
  encoding: "utf-8",
  delimiter: ",",
  dates: ["YYYY-MM-DD"],
  decimal: ".",
  date: ["Date", "Transaction Date"],
  valueDate: "Posted Date",
  money: { amount: "Amount" },
  purchasesPositive: true,
  currency: { fixed: "CAD" },
  reference: "Reference Number",
  description: { columns: ["Merchant Name", "Merchant City"] },
  counterparty: "Merchant Name",
  skip: [{ column: "Activity Status", equals: ["pending", "declined"], reason: "not booked (pending or declined): no money moved" }],
};
