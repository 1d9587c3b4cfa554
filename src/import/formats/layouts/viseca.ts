/**
 * Viseca / one (the cards of Migros Bank, cantonal and regional banks): `TransactionId,CardId,Date,ValutaDate,Amount,
 * Currency,OriginalAmount,OriginalCurrency,MerchantName,MerchantPlace,MerchantCountry,StateType,Details,Type`
 * (since 2025 also `Exchange Rate`), date and time, amounts with three decimals, purchases positive and refunds and
 * payments negative, not sorted. The Migros Bank card export is this one. UTF-8 with BOM. `StateType` is BOOKED, or
 * PENDING or REVERSED for a charge not booked (QA round 16, mekanics/beancount-tools-collection's Viseca sample: both
 * were imported as spending). Research: bank-layouts.md §15 and §9b (confidence high).
 */
import type { BankLayout } from "../csv-layout.ts";

export const VISECA: BankLayout = {
  id: "viseca",
  bank: "Viseca / one",
  name: "card transactions (also Migros Bank's card)",
  card: true,
  header: ["TransactionId", "CardId", "Date", "Amount", "Currency", "MerchantName", "StateType"],
  encoding: "utf-8-bom",
  delimiter: ",",
  dates: ["YYYY-MM-DD HH:MM:SS"],
  decimal: ".",
  date: "Date",
  valueDate: "ValutaDate",
  money: { amount: "Amount" },
  purchasesPositive: true,
  currency: { column: "Currency" },
  reference: "TransactionId",
  description: { columns: ["MerchantName", "MerchantPlace", "Details"] },
  counterparty: "MerchantName",
  originalAmount: "OriginalAmount",
  originalCurrency: "OriginalCurrency",
  exchangeRate: "Exchange Rate",
  skip: [
    {
      column: "StateType",
      equals: ["pending", "reversed", "reverted", "declined", "cancelled", "canceled", "authorized", "authorised"],
      reason: "not booked (pending or reversed): no money moved",
    },
  ],
};
