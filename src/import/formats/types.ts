/**
 * What every statement reader returns: normalised rows, bytes in → rows out, no database.
 * The import domain (duplicates, classification, writes) is built on these types.
 */
export { ImportInputError } from "../../core/errors.ts";

export const IMPORT_FORMATS = ["camt", "ubs-account", "ubs-card", "csv", "ofx"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export type ParsedRow = {
  /** The file's line number (CSV), or the XML element's 1-based ordinal (CAMT Ntry, OFX STMTTRN). */
  line: number;
  /** Booking date YYYY-MM-DD (UBS files: the pipeline's date, the trade / purchase date). */
  date: string;
  /** Negative = money out. */
  amount: number;
  /** ISO code, trimmed, upper case. */
  currency: string;
  /** What becomes raw_description (SPEC §10). */
  description: string;
  /** The bank's id as transaction_id per SPEC §10, null when the format has none. */
  reference: string | null;
  /** IBAN / card number / OFX account id found in the file (or the override), else null. */
  account: string | null;
  /** UBS card files: the Sector column, for the card-sector rules. */
  sector?: string;
};

export type BadRow = { line: number; reason: string };

export type ParsedStatement = { format: ImportFormat; account: string | null; rows: ParsedRow[]; badRows: BadRow[] };

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
