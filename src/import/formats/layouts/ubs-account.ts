/**
 * UBS account statements. The current layout (since 2022-11: a `Key:;value;` preamble, a header ending in `;`,
 * newest first, debits written negative) is read exactly as the pipeline (budget-analyser csv_parser.rs) reads the
 * English one, so a file imported by either program is recognised by the other: the trade date (an empty one, a
 * standing order's, takes the previous row's), amount = −|Debit| or +|Credit|, raw_description = Description1 as
 * written, id = `Transaction no.` as is. The German, French and Italian exports have the same columns under their own
 * names; the first exports of 2022-11 still named the money columns in English in every language ("Debit amount",
 * "Credit amount", "Individual amount"), and French files of 2026 say "Devise" for "Monnaie". A collective order's
 * detail lines (only "Individual amount" filled) are skipped with that reason: their money is in the order's own line.
 * The preamble's opening and closing balance check the rows as a whole (opening + rows = closing; either may be empty),
 * the Balance column every row (it may be empty throughout: then the preamble's balances are the only check).
 *
 * Two older layouts: the transitional one of 2022-09 (a signed "Transaction amount" with a "Debit/Credit" indicator,
 * the same preamble) and the 21-column one of 2022 and before (no preamble; statement facts repeated on every row;
 * debit and credit both positive with `'` thousands; a footer of closing and opening balances). Research:
 * /work/wt/research/bank-layouts.md §1 (confidence high for the current and legacy layouts, medium for 2022-09).
 */
import type { BankLayout } from "../csv-layout.ts";

type Names = {
  lang: string;
  date: string;
  valueDate: string;
  currency: string | readonly string[];
  debit: string;
  credit: string;
  detail: string;
  balance: string;
  id: string | readonly string[];
  texts: readonly [string, string, string];
  preamble: readonly string[];
};

/** The preamble's labels of the statement's balances and period, in all four languages (the 2022-09 layout has the same preamble). */
const STATED_BALANCES = {
  opening: ["Opening balance:", "Anfangssaldo:", "Solde initial:", "Saldo iniziale:"],
  closing: ["Closing balance:", "Schlusssaldo:", "Solde final:", "Saldo finale:"],
  from: ["From:", "Von:", "Du:", "Dal:"],
  until: ["Until:", "Bis:", "Au:", "Al:"],
};

function ubsAccount(n: Names): BankLayout {
  return {
    id: `ubs-account-${n.lang}`,
    bank: "UBS",
    name: `account statement (${{ en: "English", de: "German", fr: "French", it: "Italian" }[n.lang]})`,
    format: "ubs-account",
    header: [n.date, n.currency, [n.debit, "Debit amount"], [n.credit, "Credit amount"], n.id, n.texts[0]],
    encoding: "utf-8-bom",
    delimiter: ";",
    dates: ["YYYY-MM-DD", "DD.MM.YYYY", "DD/MM/YYYY"],
    decimal: ".",
    date: n.date,
    emptyDateTakesPrevious: true,
    valueDate: n.valueDate,
    money: { debit: [n.debit, "Debit amount"], credit: [n.credit, "Credit amount"] },
    currency: { column: n.currency },
    balance: n.balance,
    reference: n.id,
    description: { columns: [n.texts[0]], asIs: true },
    counterparty: n.texts[0],
    purpose: [n.texts[1], n.texts[2]],
    detailAmount: [n.detail, "Individual amount"],
    account: { preamble: ["IBAN:", ...n.preamble] },
    statedBalances: STATED_BALANCES,
  };
}

export const UBS_ACCOUNT_LAYOUTS: readonly BankLayout[] = [
  ubsAccount({
    lang: "en", date: "Trade date", valueDate: "Value date", currency: "Currency", debit: "Debit", credit: "Credit", detail: "Individual amount", balance: "Balance",
    id: "Transaction no.", texts: ["Description1", "Description2", "Description3"], preamble: ["Account number:"],
  }),
  ubsAccount({
    lang: "de", date: "Abschlussdatum", valueDate: "Valutadatum", currency: "Währung", debit: "Belastung", credit: "Gutschrift", detail: "Einzelbetrag", balance: "Saldo",
    id: "Transaktions-Nr.", texts: ["Beschreibung1", "Beschreibung2", "Beschreibung3"], preamble: ["Kontonummer:"],
  }),
  ubsAccount({
    lang: "fr", date: "Date de transaction", valueDate: "Date de valeur", currency: ["Monnaie", "Devise"], debit: "Débit", credit: "Crédit", detail: "Sous-montant", balance: "Solde",
    id: ["N° de transaction", "No de transaction"], texts: ["Description1", "Description2", "Description3"], preamble: ["Numéro de compte:"],
  }),
  ubsAccount({
    lang: "it", date: "Data dell'operazione", valueDate: "Data di valuta", currency: "Moneta", debit: "Addebito", credit: "Accredito", detail: "Importo singolo", balance: "Saldo",
    id: "N. di transazione", texts: ["Descrizione1", "Descrizione2", "Descrizione3"], preamble: ["Numero di conto:"],
  }),
  {
    id: "ubs-account-2022",
    bank: "UBS",
    name: "account statement of 2022-09 (Transaction amount with Debit/Credit; EN, DE, FR, IT)",
    format: "ubs-account",
    header: [
      ["Trade date", "Abschlussdatum", "Date de transaction", "Data dell'operazione"],
      ["Transaction amount", "Transaktionsbetrag", "Montant de la transaction", "Importo della transazione"],
      ["Debit/Credit", "Belastung/Gutschrift", "Débit/Crédit", "Addebito/Accredito"],
    ],
    encoding: "utf-8",
    delimiter: ";",
    dates: ["YYYY-MM-DD"],
    decimal: ".",
    date: ["Trade date", "Abschlussdatum", "Date de transaction", "Data dell'operazione"],
    emptyDateTakesPrevious: true,
    valueDate: ["Value date", "Valutadatum", "Date de valeur", "Data di valuta"],
    money: {
      amount: ["Transaction amount", "Transaktionsbetrag", "Montant de la transaction", "Importo della transazione"],
      indicator: ["Debit/Credit", "Belastung/Gutschrift", "Débit/Crédit", "Addebito/Accredito"],
    },
    currency: { column: ["Currency", "Währung", "Monnaie", "Moneta"] },
    balance: ["Balance", "Saldo", "Solde"],
    referenceFact: ["Transaction no.", "Transaktions-Nr.", "N° de transaction", "N. di transazione"],
    description: { columns: [["Description1", "Beschreibung1", "Descrizione1"], ["Description2", "Beschreibung2", "Descrizione2"], ["Description3", "Beschreibung3", "Descrizione3"]] },
    counterparty: ["Description1", "Beschreibung1", "Descrizione1"],
    account: { preamble: ["IBAN:", "Account number:", "Kontonummer:", "Numéro de compte:", "Numero di conto:"] },
    statedBalances: STATED_BALANCES,
  },
  {
    id: "ubs-account-legacy",
    bank: "UBS",
    name: "account statement until 2022 (21 columns, no preamble; EN, DE, FR, IT)",
    header: [
      ["Valuation date", "Bewertungsdatum", "Date d'évaluation", "Data di valutazione"],
      ["Banking relationship", "Bankbeziehung", "Relation bancaire", "Relazione bancaria"],
      ["Transaction no.", "Transaktions-Nr.", "N° de transaction", "N. di transazione"],
      ["Debit", "Belastung", "Débit", "Addebito"],
      ["Credit", "Gutschrift", "Crédit", "Accredito"],
    ],
    encoding: "windows-1252",
    delimiter: ";",
    dates: ["DD.MM.YYYY", "DD.MM.YY"],
    decimal: ".",
    date: ["Trade date", "Abschluss", "Abschlussdatum", "Date de conclusion", "Data di chiusura"],
    valueDate: ["Value date", "Valuta", "Date de valeur"],
    money: { debit: ["Debit", "Belastung", "Débit", "Addebito"], credit: ["Credit", "Gutschrift", "Crédit", "Accredito"] },
    currency: { column: ["Ccy.", "Whrg.", "Monn.", "Mon."] },
    balance: ["Balance", "Saldo", "Solde"],
    reference: ["Transaction no.", "Transaktions-Nr.", "N° de transaction", "N. di transazione"],
    description: { columns: [["Description 1", "Beschreibung 1", "Descrizione 1"], ["Description 2", "Beschreibung 2", "Descrizione 2"], ["Description 3", "Beschreibung 3", "Descrizione 3"]] },
    counterparty: ["Description 1", "Beschreibung 1", "Descrizione 1"],
    detailAmount: ["Individual amount", "Einzelbetrag", "Sous-montant", "Importo singolo"],
    account: { columns: ["IBAN"] },
  },
];
