/**
 * A CSV's columns as the guess sees them (csv-guess.ts): each with its header, normalised, and its first filled values,
 * and what those values fit (a date, an amount, a currency code). Shared by the guess, its sign rules (csv-signs.ts) and
 * its skip rules (csv-skips.ts).
 */
import { ISO_CURRENCIES, isoCurrencyOf } from "../../core/validation.ts";
import type { CsvRecord } from "./delimited.ts";
import { japaneseCell, neutralUnder, WORLD_STATUS_HEADERS } from "./csv-words-world.ts";
import { columnName, headerTier, indicatorSign, normaliseHeader, type Role } from "./csv-words.ts";
import { looksLikeDate, parseAmount } from "./values.ts";

/** `eras`: the file is Japanese, its dates may be written in era years ("R03.03.01": eraDatesIn). */
export type Column = { index: number; name: string; norm: string; values: string[]; eras: boolean };
/** A column with no header of its own: blank, named "column N" by its place (csv.ts, tableHeader). */
export const unnamed = (c: Column): boolean => c.norm === "" || c.name === columnName(c.index);

// A column's role is judged on its first filled values: enough to tell, cheap on a large file.
const SAMPLE = 500;

export function share(values: readonly string[], test: (v: string) => boolean): number {
  let filled = 0;
  let passed = 0;
  for (const v of values) {
    if (v.trim() === "") continue;
    filled++;
    if (test(v)) passed++;
    if (filled === SAMPLE) break;
  }
  return filled === 0 ? 0 : passed / filled;
}

/**
 * An amount read with a point as its decimal mark, or else a comma: enough to tell its sign and size while the
 * columns are guessed, before the whole column has decided its mark.
 */
export const eitherMark = (v: string): number | null => parseAmount(v, ".") ?? parseAmount(v, ",");

export const looksLikeAmount = (v: string) => eitherMark(v) !== null;
/** A code (three letters), or a currency written otherwise that names one ("€", "US$", "Fr."). */
export const isCurrencyCode = (raw: string) => /^[A-Za-z]{3}$/.test(raw.trim()) || ISO_CURRENCIES.has(isoCurrencyOf(raw));
export const allEmpty = (values: readonly string[]) => values.every((v) => v.trim() === "");

/** Does the column's content fit the role? (Empty columns fit nothing that must be read.) */
export function fits(col: Column, role: Role): boolean {
  switch (role) {
    case "date":
    case "valueDate":
      return share(col.values, (v) => looksLikeDate(v, col.eras)) >= 0.5;
    case "amount":
    case "balance":
    case "originalAmount":
    case "fees":
    case "rate":
      return share(col.values, looksLikeAmount) >= 0.5;
    case "debit":
    case "credit":
    case "detail":
      // A statement without any income has an empty credit column, and that is still the column.
      return allEmpty(col.values) || share(col.values, looksLikeAmount) >= 0.5;
    case "currency":
    case "originalCurrency":
      return share(col.values, isCurrencyCode) >= 0.8;
    case "indicator":
      // (WeChat Pay's "/" under 收/支 among its marks: a row of neither, skipped by the reader; qa38: the column was no
      // indicator then, and every row, the purchases too, read as money in.)
      return share(col.values, (v) => indicatorSign(v, col.norm) !== undefined || neutralUnder(col.norm, v)) === 1 || unmarkedIcici(col);
    case "reference":
    case "iban":
    case "card":
      return !allEmpty(col.values);
    default:
      return share(col.values, (v) => looksLikeAmount(v) || looksLikeDate(v, col.eras)) < 0.8;
  }
}

export const STATUS_HEADERS = ["status", "state", "statetype", "state type", "buchungsstatus", "statut", "stato", "estado", "transaction status", "umsatzstatus", "info", "cleared", ...WORLD_STATUS_HEADERS];

/** Headers of a column of the rows' kinds (a purpose column that says "Einkauf" is no such column). */
export const KIND_HEADERS = new Set(["type", "typ", "art", "tipo", "kind", "transaction type", "umsatzart", "buchungsart", "transaktionstyp", "type d operation", "tipo operazione", "tipo de movimiento", "typ transakcji", "typ transakce", "rodzaj transakcji", "typ operacji", "tipologia"]);

/** The header's columns with their sampled values. */
export function columnsOf(header: CsvRecord, sample: readonly CsvRecord[]): Column[] {
  const eras = eraDatesIn(header, sample);
  return header.fields.map((name, index) => ({ index, name, norm: normaliseHeader(name), values: sample.map((r) => r.fields[index] ?? ""), eras }));
}

/**
 * Whether a file's dates may be written in Japanese era years ("R03.03.01", SMBC's "年月日（和暦）"): its header is written
 * in Japanese or names the era date (年月日, 和暦); a file without a header, when its rows' text is Japanese. Nowhere else:
 * "S12.05.10" is a place's, a seat's or a part's code there, and such a column was taken for the dates of a headerless
 * file (review of r4-qa32: 1937-05-10 for 2026-02-03, exit 0) or decided the order of the real ones (a GBP file refused).
 */
export function eraDatesIn(header: CsvRecord, sample: readonly CsvRecord[]): boolean {
  if (!header.fields.every((f, i) => f === columnName(i))) return header.fields.some(japaneseCell);
  return sample.some((r) => r.fields.some(japaneseCell));
}

/**
 * A column headed as debit and credit together whose values are signed money, not marks, is the signed amount
 * (Nationwide's midata export: "Debit/Credit" of "-£52.00" and "+£5.00"; QA round 21: refused, "cannot tell which columns
 * hold the amount"). After an amount column headed so.
 */
export const signedMoneyUnderMarks = (c: Column) =>
  c.values.some((v) => /^\s*[-(]/.test(v)) &&
  c.values.every((v) => v.trim() === "" || (looksLikeAmount(v) && indicatorSign(v) === undefined)) &&
  headerTier(c.norm, "indicator") !== null;

export const centsOf = (v: string | undefined) => Math.round((eitherMark(v ?? "") ?? 0) * 100);

/** ICICI Bank's card column "BillingAmountSign" with nothing in it: a statement of purchases only (oneSided). */
export const unmarkedIcici = (c: Column): boolean => c.norm === "billing amount sign" && c.values.length > 0 && c.values.every((v) => v.trim() === "");

export const listColumns = (cols: readonly { name: string }[]) =>
  cols
    .filter((c) => c.name.trim() !== "")
    .map((c) => `"${c.name.trim()}"`)
    .join(", ");
