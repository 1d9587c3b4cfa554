/**
 * N26: since 2023 `"Booking Date","Value Date","Partner Name","Partner Iban",Type,"Payment Reference","Account Name",
 * "Amount (EUR)","Original Amount","Original Currency","Exchange Rate"`; before, every field quoted, in English,
 * German or French (`"Datum","Empfänger","Kontonummer","Transaktionstyp","Verwendungszweck",…,"Betrag (EUR)",…`).
 * ISO dates, one signed amount, its currency in the header. No balance. Research: bank-layouts.md §19 (confidence
 * high for the headers).
 */
import type { BankLayout } from "../csv-layout.ts";

export const N26: BankLayout = {
  id: "n26",
  bank: "N26",
  name: "account (since 2023)",
  header: ["Booking Date", "Partner Name", "Amount ({CCY})"],
  encoding: "utf-8",
  delimiter: ",",
  dates: ["YYYY-MM-DD"],
  decimal: ".",
  date: "Booking Date",
  valueDate: "Value Date",
  money: { amount: "Amount ({CCY})" },
  description: { columns: ["Partner Name", "Payment Reference"] },
  counterparty: "Partner Name",
  // The partner's name, or empty (N26's own bookings: interest, fees): never a booking kind, which Type holds.
  partyNamed: true,
  counterpartyIban: "Partner Iban",
  purpose: ["Payment Reference"],
  originalAmount: "Original Amount",
  originalCurrency: "Original Currency",
  exchangeRate: "Exchange Rate",
};

export const N26_2022: BankLayout = {
  id: "n26-2022",
  bank: "N26",
  name: "account (until 2023; EN, DE, FR)",
  header: [["Payee", "Empfänger", "Bénéficiaire"], ["Transaction type", "Transaktionstyp", "Type de transaction"], ["Amount ({CCY})", "Betrag ({CCY})", "Montant ({CCY})"]],
  encoding: "utf-8",
  delimiter: ",",
  dates: ["YYYY-MM-DD"],
  decimal: ".",
  date: ["Date", "Datum"],
  money: { amount: ["Amount ({CCY})", "Betrag ({CCY})", "Montant ({CCY})"] },
  description: { columns: [["Payee", "Empfänger", "Bénéficiaire"], ["Payment reference", "Verwendungszweck", "Référence de paiement"]] },
  counterparty: ["Payee", "Empfänger", "Bénéficiaire"],
  partyNamed: true,
  counterpartyIban: ["Account number", "Kontonummer", "Numéro de compte"],
  purpose: [["Payment reference", "Verwendungszweck", "Référence de paiement"]],
  originalAmount: ["Amount (Foreign Currency)", "Betrag (Fremdwährung)", "Montant (Devise étrangère)"],
  originalCurrency: ["Type Foreign Currency", "Fremdwährung", "Sélectionnez la devise étrangère"],
  exchangeRate: ["Exchange Rate", "Wechselkurs", "Taux de conversion"],
};
