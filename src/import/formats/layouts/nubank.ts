/**
 * Nubank (Brazil). The account export: `Data,Valor,Identificador,Descrição`, day-first dates, a signed amount with a
 * decimal point, a UUID per booking (kept as a fact). The credit card's: `date,title,amount`, ISO dates, purchases
 * positive and the payment the card received negative ("Pagamento recebido"). Neither names its currency: read as the
 * data's main currency before these layouts, with a note (issue 32, the last pass's leftover: reais stored as francs).
 * The card's header words are common ones, so a file that also has a currency, balance or description column is another
 * export. Research: peers' importers of both exports; written as our own fixtures.
 */
import type { BankLayout } from "../csv-layout.ts";
import { MINUS_MARK } from "../values.ts";

export const NUBANK_ACCOUNT: BankLayout = {
  id: "nubank-conta",
  bank: "Nubank",
  name: "account (conta)",
  header: ["Data", "Valor", "Identificador", "Descrição"],
  encoding: "utf-8",
  delimiter: ",",
  dates: ["DD/MM/YYYY"],
  decimal: ".",
  date: "Data",
  money: { amount: "Valor" },
  currency: { fixed: "BRL" },
  referenceFact: "Identificador",
  description: { columns: ["Descrição"] },
};

export const NUBANK_CARD: BankLayout = {
  id: "nubank-card",
  bank: "Nubank",
  name: "credit card",
  card: true,
  header: ["date", "title", "amount"],
  notWith: ["currency", "balance", "description"],
  // Its rows are the card's: purchases positive with at most the payment to the card negative (or a Portuguese word of
  // the card: "Pagamento recebido", "Estorno", "IOF"). A signed account export under the same words (rent −1'200.00,
  // salary +3'500.00) was read as this card, every sign flipped, in reais (review of r4-qa13, n1.csv).
  evidence: (cells) => cells("title").some((t) => /\b(pagamento|estorno|iof|parcela)\b/i.test(t)) || cells("amount").every((a) => !MINUS_MARK.test(a.trim()[0] ?? "")),
  encoding: "utf-8",
  delimiter: ",",
  dates: ["YYYY-MM-DD"],
  decimal: ".",
  date: "date",
  money: { amount: "amount" },
  purchasesPositive: true,
  currency: { fixed: "BRL" },
  description: { columns: ["title"] },
};
