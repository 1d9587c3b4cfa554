/**
 * Swedbank in Estonia, Latvia and Lithuania (account statement CSV): `"Client account";"Row type";"Date";
 * "Beneficiary/Payer";"Details";"Amount";"Currency";"Debit/Credit";"Archive ID";"Transaction type";"Reference number";
 * "Document number"` (in Estonian: `"Kliendi konto";"Reatüüp";"Kuupäev";"Saaja/Maksja";"Selgitus";"Summa";"Valuuta";
 * "Deebet/Kreedit";"Arhiveerimistunnus";"Tehingu tüüp";"Viitenumber";"Dokumendi number"`), dates `DD.MM.YYYY`, unsigned
 * amounts with a decimal comma and their side in D (debit) / K (kredit). Besides the bookings (row type 20) the file
 * writes its opening balance (10), the period's turnover per side (82), its closing balance (86) and accrued interest
 * (900) as rows with amounts of their own: read as bookings they doubled the money in (QA round 4, blind pass: the
 * turnover and both balances were imported as income). Written from what is publicly known of the export (confidence
 * medium: no Swedbank file was at hand; the row types are those of its documented statement format).
 */
import type { BankLayout } from "../csv-layout.ts";

const ROW_TYPE = ["Row type", "Reatüüp", "Ieraksta tips", "Įrašo tipas"];

export const SWEDBANK_BALTIC: BankLayout = {
  id: "swedbank-baltic",
  bank: "Swedbank (Estonia, Latvia, Lithuania)",
  name: "account statement",
  header: [["Client account", "Kliendi konto"], ROW_TYPE, ["Date", "Kuupäev"], ["Amount", "Summa"], ["Currency", "Valuuta"], ["Debit/Credit", "Deebet/Kreedit"]],
  encoding: "utf-8",
  delimiter: ";",
  dates: ["DD.MM.YYYY"],
  decimal: ",",
  date: ["Date", "Kuupäev"],
  money: { amount: ["Amount", "Summa"], indicator: ["Debit/Credit", "Deebet/Kreedit"] },
  currency: { column: ["Currency", "Valuuta"] },
  reference: ["Archive ID", "Arhiveerimistunnus"],
  referenceFact: ["Reference number", "Viitenumber"],
  description: { columns: [["Beneficiary/Payer", "Saaja/Maksja"], ["Details", "Selgitus"]] },
  counterparty: ["Beneficiary/Payer", "Saaja/Maksja"],
  purpose: [["Details", "Selgitus"]],
  account: { columns: [["Client account", "Kliendi konto"]] },
  skip: [
    { column: ROW_TYPE, equals: ["10"], reason: "the statement's opening balance, not a booking" },
    { column: ROW_TYPE, equals: ["82"], reason: "the period's turnover (a total of the bookings), not a booking" },
    { column: ROW_TYPE, equals: ["86"], reason: "the statement's closing balance, not a booking" },
    { column: ROW_TYPE, equals: ["900"], reason: "accrued interest (a statement of interest due, not booked)" },
  ],
};
