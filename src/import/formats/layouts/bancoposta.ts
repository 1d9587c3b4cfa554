/**
 * Poste Italiane, the BancoPosta account's movements as CSV: `Data;Valuta;Addebiti;Accrediti;Descrizione operazioni`,
 * day-first dates with two-digit years (`03/01/18`), a decimal comma, debits and credits unsigned in columns of their own,
 * in euros (no currency column: BancoPosta accounts are Italian euro accounts). The line after the header states the
 * opening balance ("SALDO INIZIALE", its amount written "26.851,95|"), the last line the closing one ("|SALDO FINALE"),
 * both without a value date: checked against the rows. Read without this layout, its euros were taken for the data's
 * main currency, with a note (QA round 4, pass 23: ofxstatement-bancoposta's real test files, before that refused for
 * the "|" of the opening balance).
 */
import type { BankLayout } from "../csv-layout.ts";

const TEXT = "Descrizione operazioni";
/** A text as the lines write it, with a "|" before or after it or neither (lower case, as skip rules compare). */
const framed = (text: string) => [text, `|${text}`, `${text}|`, `|${text}|`];

export const BANCOPOSTA: BankLayout = {
  id: "bancoposta",
  bank: "Poste Italiane (BancoPosta)",
  name: "account movements",
  header: ["Data", "Valuta", "Addebiti", "Accrediti", TEXT],
  encoding: "utf-8",
  delimiter: ";",
  dates: ["DD/MM/YY"],
  decimal: ",",
  date: "Data",
  valueDate: "Valuta",
  money: { debit: "Addebiti", credit: "Accrediti" },
  currency: { fixed: "EUR" },
  description: { columns: [TEXT] },
  // The whole text, its "|" marks aside: a booking's text may hold the words ("BONIFICO SALDO FINALE FATTURA 12", a bill
  // settled; review of r4-qa23: matched as "contains", it was taken for the closing balance and lost).
  skip: [
    { column: TEXT, equals: framed("saldo iniziale"), reason: "the statement's opening balance, not a booking", balance: "opening" },
    { column: TEXT, equals: framed("saldo finale"), reason: "the statement's closing balance, not a booking", balance: "closing" },
  ],
};
