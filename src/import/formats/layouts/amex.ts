/**
 * American Express, the export "with additional details": `Date,Description,Amount,Extended Details,Appears On Your
 * Statement As,Address,City/State,Zip Code,Country,Reference,Category` (a multi-card account adds `Card Member,
 * Account #`), month-first dates, charges positive and payments negative, multi-line cells, newest first, dollars; the
 * United Kingdom's has `Town/City,Postcode`, day-first dates and pounds. The plain `Date,Description,Amount` download
 * has nothing that tells it from any other bank's export: it is read by its header words (csv-guess.ts). Research:
 * bank-layouts.md §27 (confidence high; the UK date order is unverified).
 */
import type { BankLayout } from "../csv-layout.ts";

function amex(region: "us" | "uk"): BankLayout {
  const us = region === "us";
  return {
    id: `amex-${region}`,
    bank: "American Express",
    name: us ? "card (United States, with additional details)" : "card (United Kingdom, with additional details)",
    card: true,
    header: ["Date", "Description", "Amount", "Extended Details", "Appears On Your Statement As", us ? "City/State" : "Town/City"],
    encoding: "utf-8",
    delimiter: ",",
    dates: [us ? "MM/DD/YYYY" : "DD/MM/YYYY"],
    decimal: ".",
    date: "Date",
    money: { amount: "Amount" },
    purchasesPositive: true,
    currency: { fixed: us ? "USD" : "GBP" },
    reference: "Reference",
    description: { columns: ["Description"] },
    counterparty: "Appears On Your Statement As",
    purpose: ["Extended Details"],
    account: { columns: ["Account #"] },
  };
}

export const AMEX_US = amex("us");
export const AMEX_UK = amex("uk");

/**
 * American Express's download without additional details from an account with several cards: `Date,Description,Card
 * Member,Account #,Amount` (2020: `Date,Receipt,Description,Card Member,Account #,Amount`). "Card Member" is Amex's own
 * word, so it is known by its header, and its charges are positive like the detailed export's (QA round 4: read as a
 * plain signed CSV, a purchase was money in). Research: bank-layouts.md §27 (confidence high; United States).
 */
export const AMEX_US_CARD_MEMBER: BankLayout = {
  ...AMEX_US,
  id: "amex-us-card-member",
  name: "card (United States, several cards)",
  card: true,
  header: ["Date", "Description", "Card Member", "Account #", "Amount"],
  counterparty: undefined,
  purpose: undefined,
  reference: undefined,
};
