/**
 * Bank Norwegian (Norway, Sweden, Finland, Denmark) credit card: `TransactionDate,Text,Type,Currency Amount,Currency
 * Rate,Currency,Amount,Merchant Area,Merchant Category,BookDate,ValueDate`, day-first dates without leading zeros
 * (`4/3/2026`), a decimal point, purchases negative ("Kjøp"), payments positive ("Innbetaling"). `Amount` is in the
 * account's currency; `Currency` is the currency of `Currency Amount`, the purchase's own (EUR for a purchase in
 * Berlin), not the row's: the account's currency is the one of the rows whose `Currency Amount` is the `Amount` (QA
 * round 16, yngvark/beancount-no-bank-norwegian's test file: refused as its dates read both ways, and a purchase abroad
 * was booked in the purchase's currency). Research: peers' importers (yngvark/beancount-no-bank-norwegian reads
 * `%d/%m/%Y`; a Swedish clerk's mapping names `Currency` the foreign currency; confidence medium).
 */
import type { BankLayout } from "../csv-layout.ts";

export const BANK_NORWEGIAN: BankLayout = {
  id: "bank-norwegian",
  bank: "Bank Norwegian",
  name: "credit card",
  card: true,
  header: ["TransactionDate", "Text", "Currency Amount", "Currency Rate", "Currency", "Amount", "BookDate"],
  encoding: "utf-8",
  delimiter: ",",
  dates: ["DD/MM/YYYY"],
  decimal: ".",
  date: "TransactionDate",
  valueDate: "ValueDate",
  money: { amount: "Amount" },
  description: { columns: ["Text", "Merchant Area"] },
  counterparty: "Text",
  originalAmount: "Currency Amount",
  originalCurrency: "Currency",
  exchangeRate: "Currency Rate",
  // A file whose every purchase was abroad has no row not converted: it took the data's main currency, and its note said
  // the file names no currency (review of stop 46). A currency given keeps this layout (csv.ts onlyCurrency).
  homeCurrency: { code: "NOK", why: "its accounts are in Norwegian kroner and no row of this file is in the account's own currency; for a Swedish, Danish or Finnish card set its currency (--currency CODE)" },
};
