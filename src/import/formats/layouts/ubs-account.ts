/**
 * UBS account statements (e-banking CSV, since 2023), read exactly as the pipeline
 * (budget-analyser csv_parser.rs) reads the English one, so a file imported by either program is
 * recognised by the other: the trade date (an empty one, a standing order's, takes the previous
 * row's), amount = −|Debit| or +|Credit|, raw_description = Description1 as written, id =
 * `Transaction no.` as is. The German, French and Italian exports have the same columns under
 * their own names. A collective order's detail lines (only "Individual amount" filled) are
 * skipped with that reason: their money is in the order's own line. The Balance column is newest
 * first and checks every row.
 */
import type { BankLayout } from "../csv-layout.ts";

type Names = {
  lang: string;
  date: string;
  valueDate: string;
  currency: string;
  debit: string;
  credit: string;
  detail: string;
  balance: string;
  id: string | readonly string[];
  texts: readonly [string, string, string];
  preamble: readonly string[];
};

function ubsAccount(n: Names): BankLayout {
  return {
    id: `ubs-account-${n.lang}`,
    bank: "UBS",
    name: `account statement (${{ en: "English", de: "German", fr: "French", it: "Italian" }[n.lang]})`,
    format: "ubs-account",
    header: [n.date, n.currency, n.debit, n.credit, n.id, n.texts[0]],
    encoding: "windows-1252",
    delimiter: ";",
    dates: ["YYYY-MM-DD", "DD.MM.YYYY", "DD/MM/YYYY"],
    decimal: ".",
    date: n.date,
    emptyDateTakesPrevious: true,
    valueDate: n.valueDate,
    money: { debit: n.debit, credit: n.credit },
    currency: { column: n.currency },
    balance: n.balance,
    reference: n.id,
    description: { columns: [n.texts[0]], asIs: true },
    counterparty: n.texts[0],
    purpose: [n.texts[1], n.texts[2]],
    detailAmount: n.detail,
    account: { preamble: ["IBAN:", ...n.preamble] },
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
    lang: "fr", date: "Date de transaction", valueDate: "Date de valeur", currency: "Monnaie", debit: "Débit", credit: "Crédit", detail: "Sous-montant", balance: "Solde",
    id: ["N° de transaction", "No de transaction"], texts: ["Description1", "Description2", "Description3"], preamble: ["Numéro de compte:"],
  }),
  ubsAccount({
    lang: "it", date: "Data dell'operazione", valueDate: "Data di valuta", currency: "Moneta", debit: "Addebito", credit: "Accredito", detail: "Importo singolo", balance: "Saldo",
    id: "N. di transazione", texts: ["Descrizione1", "Descrizione2", "Descrizione3"], preamble: ["Numero di conto:"],
  }),
];
