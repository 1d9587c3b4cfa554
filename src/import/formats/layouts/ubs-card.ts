/**
 * UBS credit-card invoices, read as the pipeline reads them: a `sep=;` line, then the header; the balance brought
 * forward (no purchase date, no booking date) and `DIRECT DEBIT` rows (the invoice's settlement, booked on the bank
 * account) are no card transactions; the purchase date dates a row, and a booked row without one (a payment by bank
 * transfer, a fee, a refund: the pipeline drops these, which loses real bookings) is dated by its booking date; amount = −|Debit| or +|Credit| (purchases are
 * written positive in the Debit column); raw_description = Booking text as written; id = `cc-` + FNV-1a 64 over
 * `purchase date|booking text|debit|credit|booked`, the raw cells. The German and French invoices have the same
 * columns under their own names. Also skipped: the invoice's total lines ("Total per currency", "Total card bookings")
 * and pending rows (no Booked date, no billed amount yet). windows-1252. Research: bank-layouts.md §2 (confidence
 * high; the Italian header is unknown, so there is none).
 */
import type { BankLayout } from "../csv-layout.ts";

/** The invoice's first line, the balance of the last one (EN, DE, FR), which has no purchase date and no booking date. */
const BROUGHT_FORWARD = ["balance brought forward", "saldovortrag", "report de solde"];

type Names = {
  lang: "en" | "de" | "fr";
  purchase: string;
  text: string;
  sector: string;
  amount: string;
  originalCurrency: string;
  rate: string;
  currency: string;
  debit: string;
  credit: string;
  booked: string;
  card: string;
  account: string;
};

function ubsCard(n: Names): BankLayout {
  return {
    id: `ubs-card-${n.lang}`,
    bank: "UBS",
    name: `credit-card invoice (${{ en: "English", de: "German", fr: "French" }[n.lang]})`,
    card: true,
    format: "ubs-card",
    header: [n.purchase, n.text, n.currency, n.debit, n.credit, n.booked],
    encoding: "windows-1252",
    delimiter: ";",
    dates: ["DD.MM.YYYY"],
    decimal: ".",
    date: n.purchase,
    money: { debit: n.debit, credit: n.credit },
    currency: { column: n.currency },
    reference: { fnv1a64: [n.purchase, n.text, n.debit, n.credit, n.booked], prefix: "cc-" },
    description: { columns: [n.text], asIs: true },
    counterparty: n.text,
    originalAmount: n.amount,
    originalCurrency: n.originalCurrency,
    exchangeRate: n.rate,
    sector: n.sector,
    account: { columns: [n.card, n.account] },
    dateWhenEmpty: n.booked,
    checkDates: [n.booked],
    skip: [
      { column: n.text, contains: "Total ", reason: "a total line of the invoice, no booking of its own" },
      { column: n.text, equals: BROUGHT_FORWARD, reason: "no purchase date: the balance brought forward from the last invoice" },
      { column: n.purchase, empty: true, emptyToo: n.booked, reason: "neither a purchase nor a booking date: a line of the invoice that is no booking (a balance or a note)" },
      { column: n.text, contains: "DIRECT DEBIT", reason: "the invoice's settlement by direct debit, booked on the bank account" },
      { column: n.booked, empty: true, reason: "pending: not booked yet (no Booked date)" },
    ],
  };
}

export const UBS_CARD_LAYOUTS: readonly BankLayout[] = [
  ubsCard({
    lang: "en", purchase: "Purchase date", text: "Booking text", sector: "Sector", amount: "Amount", originalCurrency: "Original currency", rate: "Rate", currency: "Currency",
    debit: "Debit", credit: "Credit", booked: "Booked", card: "Card number", account: "Account number",
  }),
  ubsCard({
    lang: "de", purchase: "Einkaufsdatum", text: "Buchungstext", sector: "Branche", amount: "Betrag", originalCurrency: "Originalwährung", rate: "Kurs", currency: "Währung",
    debit: "Belastung", credit: "Gutschrift", booked: "Buchung", card: "Kartennummer", account: "Kontonummer",
  }),
  ubsCard({
    lang: "fr", purchase: "Date d'achat", text: "Texte comptable", sector: "Secteur", amount: "Montant", originalCurrency: "Monnaie originale", rate: "Cours", currency: "Monnaie",
    debit: "Débit", credit: "Crédit", booked: "Ecriture", card: "Numéro de carte", account: "Numéro de compte",
  }),
];
