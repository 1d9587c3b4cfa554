/**
 * Money apps whose exports write their amounts without a sign and say money out or in by a kinds column in the app's own
 * words, as data: one entry per app, known by its header set (every one of its column names, normalised as
 * csv-words.ts normaliseHeader does), its kinds column, the words of that column that sign a row, and, for an app whose
 * date column has a name no bank uses for one, that column. The words sign rows only under the app's header set and
 * only in its kinds column (csv-guess.ts appExportOf): elsewhere a "Type" column's "Interest" or "Payment" is a bank's
 * and says nothing of the sign (review of r4-qa39: read as an app's kinds in any "Type" column, a savings account's
 * interest became money out and a checking account's bill payment money in, exit 0). A word the entry does not list
 * signs nothing: its row is a bad row naming the column and the word (a language of the app not listed here).
 */
import type { Column } from "./csv-columns.ts";
import { normaliseHeader } from "./csv-words.ts";

export type AppExport = {
  /** The app, as its users call it ("Wallet by BudgetBakers"): named in the note of a file read by its words. */
  app: string;
  /** Column names every export of the app has (normalised), found together in no bank's export. */
  with: readonly string[];
  /** The kinds column (normalised). */
  kinds: string;
  /** What the words say, for the note ("its expenses as money out, its incomes as money in"). */
  says: string;
  /** The kinds column's words (normalised) → money out (−1) or in (1). */
  marks: Readonly<Record<string, 1 | -1>>;
  /** The app's date column (normalised), read when no column has a date word of its own. */
  date?: string;
  /**
   * The column naming each row's account in the app (normalised; the first of that name): every account of the app is the
   * user's own, so each row is booked to its account, and a transfer between two of them, one row per account, is one
   * leg in each. Read since the rows were booked to none: their ids keep none (or the one given for every row).
   */
  account?: string;
};

export const APP_EXPORTS: readonly AppExport[] = [
  // Wallet by BudgetBakers' "Export" (semicolons; account;category;currency;amount;ref_currency_amount;type;payment_type;
  // note;date;transfer;payee;labels, later ones also payment_type_local, gps_…, envelope_id, custom_category). Its English
  // export writes the amounts signed beside "Expenses"/"Income"; its Russian and Spanish exports write them without a
  // sign beside "Расход"/"Доход" (qa39: a public project's test of a Wallet import; every expense was booked as money in,
  // exit 0), "Gastos"/"Ingresos"; a Hungarian one "Kiadás"/"Bevétel" (a public project's Wallet import), a Czech one
  // "Výdaj"/"Příjem". A transfer is two rows, an expense in one account and an income in the other, both marked in
  // "transfer".
  {
    app: "Wallet by BudgetBakers",
    with: ["account", "category", "currency", "amount", "ref currency amount", "type", "date", "transfer"],
    kinds: "type",
    says: "its expenses as money out, its incomes as money in",
    marks: {
      expenses: -1, expense: -1, income: 1,
      расход: -1, расходы: -1, доход: 1, доходы: 1,
      gastos: -1, gasto: -1, ingresos: 1, ingreso: 1,
      kiadas: -1, bevetel: 1,
      vydaj: -1, prijem: 1,
    },
  },
  // Money Manager by Realbyte's export (Period,Accounts,Category,Subcategory,Note,<main currency>,Income/Expense,
  // Description,Amount,Currency,Accounts; its older one Date,Time,Accounts,Category,Subcategory,Note,<main currency>,
  // Income/Expense): amounts without a sign, "Exp."/"Income", a transfer one row per account ("Transfer-Out" of one,
  // "Transfer-In" of the other), and "Period" its only date, day and time (qa39: refused, no date column; with
  // --date-column every expense was booked as money in, exit 0). The first "Accounts" names the row's account (the
  // app's, its "Category" on a transfer's row the other one; the last "Accounts" is the amount in the account's
  // currency): public readers of its export take it so, a transfer's two rows as its two legs. Its rows of several
  // accounts were booked to none, both legs of each transfer under one account, with no word said (qa40's leftover).
  {
    app: "Money Manager (Realbyte)",
    with: ["accounts", "category", "subcategory", "note", "income expense"],
    kinds: "income expense",
    says: "its expenses and transfers out as money out, its incomes and transfers in as money in",
    marks: { exp: -1, expense: -1, income: 1, "transfer out": -1, "transfer in": 1 },
    date: "period",
    account: "accounts",
  },
];

/** The app whose export this header is (APP_EXPORTS), or undefined. */
export function appExportOf(cols: readonly Column[]): AppExport | undefined {
  const names = new Set(cols.map((c) => normaliseHeader(c.name)));
  return APP_EXPORTS.find((a) => a.with.every((n) => names.has(n)));
}

/** The sign an app's kinds cell says (AppExport.marks), or undefined. */
export function appKindSign(app: Pick<AppExport, "marks">, cell: string): 1 | -1 | undefined {
  const k = normaliseHeader(cell.trim());
  return Object.hasOwn(app.marks, k) ? app.marks[k] : undefined;
}
