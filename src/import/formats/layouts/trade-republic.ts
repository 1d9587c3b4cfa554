/**
 * Trade Republic's cash account as pytr exports it (`pytr export_transactions`, transactions.csv: Trade Republic has
 * no CSV of its own): `Date;Type;Value;Note;ISIN;Shares;Fees;Taxes` with the header in the language asked for
 * (German `Datum;Typ;Wert;Notiz;ISIN;Stück;Gebühren;Steuern`; newer versions add `ISIN2;Stück2`), ISO dates (newer
 * versions with the time: `2024-02-20T16:32:07`, Trade Republic's UTC clock time: booked on its day in Berlin, where the
 * account is (r4-signs3: taken as written, a payment just after midnight in Berlin was dated the day before), `;`, and amounts as Python writes them (`-7.01`) or, with
 * --decimal-localization, as the language does (`-3.002,8`): the decimal mark is decided per file. Value is the cash
 * that moved, fee and tax already in it (a buy of 60 shares at 50.03 with a 1.00 fee is -3,002.80): Fees and Taxes
 * are not booked again. No currency column: the account is in euros. Read by the generic reader the English file took
 * the data's main currency and the German one was refused (no amount column; QA round 4, pass 51).
 * Sources: pytr's transactions.py and its header translations (pytr/locale), its golden test export, and
 * ofxstatement-traderepublic's sample of it.
 */
import type { BankLayout } from "../csv-layout.ts";

// pytr's header in each language it writes (pytr/locale: cs, da, pl, ru and zh are not covered).
const DATE = ["Date", "Datum", "Fecha", "Data"];
const TYPE = ["Type", "Typ", "Tipo", "Transactietype"];
const VALUE = ["Value", "Wert", "Valeur", "Valor", "Valore", "Waarde (netto)"];
const NOTE = ["Note", "Notiz", "Nota", "Opmerking"];

export const TRADE_REPUBLIC: BankLayout = {
  id: "trade-republic",
  bank: "Trade Republic",
  name: "transactions (pytr export)",
  header: [
    DATE,
    TYPE,
    VALUE,
    NOTE,
    "ISIN",
    ["Shares", "Stück", "Parts", "Cantidad", "Azioni", "Aantal", "Quantidade"],
    ["Fees", "Gebühren", "Frais", "Comisiones", "Commissioni", "Kosten", "Comissões"],
  ],
  // Portfolio Performance's own account export shares these columns but has a WKN column and is in any currency; its CSV
  // import vocabulary, which other tools write, names the security and the booking currency, and its values are unsigned
  // (the side in "Typ"): read as pytr's, a buy and a withdrawal were money in (review of r4-qa51).
  notWith: ["WKN", ["Transaction Currency", "Buchungswährung"], ["Security Name", "Wertpapiername"], ["Ticker Symbol", "Ticker-Symbol"], "Operation currency", ["Gross Amount", "Bruttobetrag"], ["Exchange Rate", "Wechselkurs"]],
  encoding: "utf-8",
  delimiter: ";",
  dates: ["YYYY-MM-DD"],
  utcTimesIn: "Europe/Berlin",
  decimal: "per file",
  date: DATE,
  money: { amount: VALUE },
  currency: { fixed: "EUR" },
  description: { columns: [NOTE, TYPE] },
};
