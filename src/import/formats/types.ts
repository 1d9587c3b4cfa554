/**
 * What every statement reader returns: normalised rows, bytes in → rows out, no database.
 * The import domain (duplicates, classification, writes) is built on these types; the readers
 * themselves and their one list are in reader.ts and registry.ts.
 */
import type { RowTable } from "./row-table.ts";

export { ImportInputError } from "../../core/errors.ts";

/** The facts a row carries besides its figures (SPEC §10.1 `transaction_details`); every field optional. */
export type TransactionFacts = {
  counterparty?: string;
  counterpartyIban?: string;
  purpose?: string;
  /** End-to-end id, QR/ESR reference, the bank's transaction number. */
  reference?: string;
  valueDate?: string;
  originalAmount?: number;
  originalCurrency?: string;
  exchangeRate?: number;
  fees?: number;
  /** The running balance after this row, as the file states it. */
  balanceAfter?: number;
};

export type ParsedRow = {
  /** The file's line number (CSV), or the XML element's 1-based ordinal (CAMT Ntry, OFX STMTTRN). */
  line: number;
  /** The part of a split CAMT batch (1-based); absent for every other row. */
  part?: number;
  /** Booking date YYYY-MM-DD (UBS files: the pipeline's date, the trade / purchase date). */
  date: string;
  /** Negative = money out. */
  amount: number;
  /** ISO code, trimmed, upper case. */
  currency: string;
  /** What becomes raw_description (SPEC §10.1: counterparty and purpose joined with " · "; UBS: the pipeline's). */
  description: string;
  /**
   * The text the content-hash id (`h:`) is built from: the round-3 description, kept so that a file
   * imported before round 4 is still recognised as imported (SPEC §10.1).
   */
  idText: string;
  /** The bank's id as transaction_id per SPEC §10, null when the format has none. */
  reference: string | null;
  /** IBAN / card number / OFX account id found in the file (or the override), else null. */
  account: string | null;
  /** UBS card files: the Sector column, for the card-sector rules. */
  sector?: string;
  facts: TransactionFacts;
};

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
};

export type Statement = {
  /** The reader's id (`--format` value). */
  format: string;
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

export const DATE_FORMATS = ["YYYY-MM-DD", "DD.MM.YYYY", "DD/MM/YYYY", "MM/DD/YYYY"] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

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
  fallbackCurrency?: { code: string; from: string };
  /** The account every row belongs to (`--account NAME`), instead of the one the file names. */
  accountOverride?: string;
  /**
   * The currency each account's rows in budget.db are mostly in: a CSV that names no currency of its own takes its
   * account's before its IBAN country's and the data's main currency (SPEC §10.1).
   */
  accountCurrencies?: Record<string, string>;
  /** Rows go here as they are read instead of into the statement's own RowTable (which stays empty). */
  sink?: RowSink;
};
