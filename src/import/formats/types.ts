/**
 * What every statement reader returns: normalised rows, bytes in → rows out, no database.
 * The import domain (duplicates, classification, writes) is built on these types; the readers
 * themselves and their one list are in reader.ts and registry.ts.
 */
import type { BankLayout, ColumnPlan } from "./csv-layout.ts";
import type { ParsedRow, RowTable } from "./row-table.ts";
import type { DateFormat } from "./values.ts";

export { ImportInputError } from "../../core/errors.ts";
// A row's types live with the table that stores rows, the date notations with the values they read: this file only gathers.
export type { ParsedRow, RepeatOf, TransactionFacts } from "./row-table.ts";
export { DATE_FORMATS, type DateFormat } from "./values.ts";

export type BadRow = { line: number; reason: string };

/** A data line that is no transaction of its own, with why: a batch's detail line, a total, a pending entry… */
export type SkippedLine = { line: number; reason: string };

export type ReconciliationStatus = "ok" | "off" | "none";

/**
 * Opening + entries = closing, for one statement and currency (SPEC §10.1). `none`: the file
 * states no balance to check. `off`: `difference` (entries' end − stated closing, or at the first
 * disagreeing line of a balance column, `line`) is not zero.
 */
export type Reconciliation = {
  account: string | null;
  currency: string;
  opening: number | null;
  openingDate: string | null;
  closing: number | null;
  closingDate: string | null;
  /** How many rows the check covers, and their sum. */
  entries: number;
  entriesTotal: number;
  difference: number | null;
  status: ReconciliationStatus;
  /** A balance column's first line that disagrees. */
  line?: number;
  /** The first day the statement covers, when it says so (OFX DTSTART): where a stored opening balance may stand in. */
  periodStart?: string;
  /** What was checked, in words ("balance column", "OPBD/CLBD", "LEDGERBAL against the last stored balance"). */
  basis: string;
  /** The lines (entries) of the statement checked, first and last, where a file holds several of one account (camt). */
  lines?: { first: number; last: number };
  /**
   * The possible duplicates among the entries checked (the import's plan sets it): not imported unless the user says,
   * so the balance checked is not the one stored without them.
   */
  held?: { entries: number; total: number };
  /**
   * The user flipped the signs (`--flip-signs`, "Flip signs", a layout saved with it) and, flipped, the entries contradict
   * the balances the file states, which agree with them as written: the flip, not the file, is what is off.
   */
  flipContradicts?: true;
  /**
   * Every amount reads as money in (none carries a sign) and the balance column falls (at `line`): some rows are money
   * out, and the file does not say which. Imported anyway, every row would be money in.
   */
  unsignedFalls?: true;
  /**
   * The amounts, mostly money out as written, agree with the balance column only turned round: the amount owed on a card
   * or a loan, where they are right as written, or an account's balance, where they are the other way round. Not turned
   * unasked: the user says which (flip the signs, or import as written).
   */
  owedLike?: true;
};

export type Statement = {
  /** The reader's id (`--format` value). */
  format: string;
  /**
   * The accounts the file itself names, in order, when a reader can hold several (camt, MT940, OFX, QIF, Norma 43):
   * one account given for every row (`--account`) is refused for a file of two or more (parseText).
   */
  accounts?: string[];
  /** The CSV bank layout that read it (its id), or how the columns were found; null for other formats. */
  layout: string | null;
  account: string | null;
  rows: RowTable;
  badRows: BadRow[];
  skipped: SkippedLine[];
  reconciliation: Reconciliation[];
  /**
   * The file's data lines: every line (element) that is, or could have been, a transaction.
   * rows + badRows + skipped add up to it (a split CAMT batch counts its parts).
   */
  dataLines: number;
  /** What the reader decided that the user should know ("signs flipped to match the balance column", …). */
  notes: string[];
  /**
   * The balance column said every sign was the wrong way round: the rows in `rows` are corrected; rows a reader gave a
   * `sink` as it read are not (it could not know yet), and the receiver turns them round.
   */
  invertedByBalance: boolean;
  /** A CSV's columns as its reader resolved them (a bank layout, a user's layout, or guessed): the Import page's mapping screen starts from them. */
  columns?: ColumnPlan;
};

/** Where a reader puts each row as it reads it: a RowTable, or (the parse worker) something that passes them on in chunks. */
export type RowSink = { add(row: ParsedRow): void };

/** The user's answers for a CSV whose columns cannot be guessed (CLI flags / form fields / saved mapping). */
export type CsvMapping = {
  dateColumn?: string;
  amountColumn?: string;
  debitColumn?: string;
  creditColumn?: string;
  descriptionColumn?: string;
  currencyColumn?: string;
  currency?: string;
  dateFormat?: DateFormat;
  decimal?: "." | ",";
};


/**
 * The data's main currency, or budget-chat's default when the data has none yet (`noData`): that default says nothing
 * of the file, the data's own currency does (a guess from the other parties' IBANs yields to it).
 */
export type FallbackCurrency = { code: string; from: string; noData?: true };

/** What a read takes besides the bytes. */
export type ReadOptions = {
  fileName: string;
  mapping?: CsvMapping;
  /** `--flip-signs` / "Flip signs": every amount the other way round, after everything the reader decided. */
  flipSigns?: boolean;
  /**
   * The currency of a CSV that names none (no column, nothing in its header or preamble, no IBAN):
   * the importer passes the data's main currency, and says so (SPEC §10.1: never refused for that alone).
   */
  fallbackCurrency?: FallbackCurrency;
  /** The account every row belongs to (`--account NAME`), instead of the one the file names. */
  accountOverride?: string;
  /**
   * The currency each account's rows in budget.db are mostly in: a CSV that names no currency of its own takes its
   * account's before its IBAN country's and the data's main currency (SPEC §10.1).
   */
  accountCurrencies?: Record<string, string>;
  /** Rows go here as they are read instead of into the statement's own RowTable (which stays empty). */
  sink?: RowSink;
  /**
   * The user's saved CSV layouts (the Import page's "Save layout as …", `--save-mapping`): a CSV whose header
   * has a layout's columns is read with it, before any bank layout or guess.
   */
  userLayouts?: readonly BankLayout[];
  /** The one layout to read a CSV with, whatever its header suggests (the mapping screen's roles, `--mapping NAME`). */
  layout?: BankLayout;
};
