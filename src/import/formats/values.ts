/**
 * Amounts and dates as banks write them, decided from a whole column: `1'234.50`, `1.234,50`,
 * `1,234.50`, `-12`, `12-`, `(12.00)`, `12.00 DR`/`12.00 CR`; `YYYY-MM-DD`, `DD.MM.YYYY`, `DD/MM/YYYY`, `MM/DD/YYYY`
 * (optionally with a time part). A single value is ambiguous (`01/02/2025`, `1,234`); a column
 * rarely is, and when it is, the caller asks the user instead of guessing.
 */

import { aliasedCurrency, ISO_CURRENCIES } from "../../core/validation.ts";
import { daysInMonth } from "../../ledger/calendar.ts";
import { WORLD_MONTHS } from "./csv-words-world.ts";

export type Decimal = "." | ",";

const MINOR_UNITS = new Map<string, number>();
/** How many decimals a currency's amounts have (ISO 4217, as the runtime knows it): 2 for EUR, 3 for KWD, 0 for JPY. */
export function minorUnits(code: string): number {
  let n = MINOR_UNITS.get(code);
  if (n === undefined) {
    try {
      n = new Intl.NumberFormat("en", { style: "currency", currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      n = 2;
    }
    MINOR_UNITS.set(code, n);
  }
  return n;
}

export const DATE_FORMATS = ["YYYY-MM-DD", "DD.MM.YYYY", "DD/MM/YYYY", "MM/DD/YYYY"] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

// Thousands marks besides "." and ",": apostrophes (Swiss), spaces incl. no-break and narrow no-break.
const GROUPING = /['’\s\u00a0\u202f]/g;

/**
 * A minus written as another character than "-" (issue 31, the last stop's leftover): U+2212 MINUS SIGN (typeset and
 * spreadsheet exports), U+2010/U+2011 hyphens, U+2012 figure dash and U+2013 en dash (word processors turn a typed "-"
 * into one), U+FE63 small and U+FF0D fullwidth hyphen-minus (East Asian exports). Read as "-" wherever an amount is read,
 * never dropped (a dropped minus turns money out into money in). An em dash (U+2014) is no minus: such a cell is not an
 * amount, and its row is a bad row naming it.
 */
const OTHER_MINUS_CHARS = "\\u2010-\\u2013\\u2212\\ufe63\\uff0d";
/** Every form of minus, for a character class: "-" and OTHER_MINUS_CHARS. */
export const MINUS_CHARS = `\\-${OTHER_MINUS_CHARS}`;
const OTHER_MINUS = new RegExp(`[${OTHER_MINUS_CHARS}]`, "g");
/** The amount cell with every minus written as "-". */
export const asciiMinus = (raw: string): string => raw.replace(OTHER_MINUS, "-");
/** A sign written with an amount: a minus of any form, a plus, or an opening parenthesis. */
export const SIGN_MARK = new RegExp(`[+(${MINUS_CHARS}]`);
/** A minus of any form (asciiMinus). */
export const MINUS_MARK = new RegExp(`[${MINUS_CHARS}]`);

// Most cells are a plain signed number: answered without the replacements below (the same result, a fifth of the time).
const PLAIN_AMOUNT = /^-?\d+(?:[.,]\d+)?$/;

/**
 * Currency signs and short names written before or after the number: € $ £, and (QA round 4, pass 12) ¥ (WeChat Pay's
 * "¥64.20"), ₩ ₸ ₴ ₽ ₪ ₹ ₱ ฿ ₺, the dollars and reais written with their country ("R$", "S$", "HK$", "NT$" …), "RM",
 * "kr" (ICA Banken's "-64,20 kr"), "Rp", "zł", "Kč", "Ft", "lei", "руб.", "грн", and 円 元 원 written after the number
 * (Sony Bank's "6,420円").
 */
const SIGN_BEFORE = /^(?:(?:R|S|HK|NT|A|C|NZ|US|MX)?\$|[€£¥₩₸₴₽₪₹₱฿₺]|Rp\.?|Rs(?:\.\s*|\s+)|RM)\s*/;
const SIGN_AFTER = /\s*(?:[€$£¥₩₸₴₽₪₹₱฿₺円元원]|kr\.?|Kč|zł|Ft|lei|Rp|руб\.?|грн\.?)$/;

/** A cell without the "|" marks at its ends. */
function unframed(s: string): string {
  let from = 0;
  let to = s.length;
  while (from < to && s[from] === "|") from++;
  while (to > from && s[to - 1] === "|") to--;
  return s.slice(from, to).trim();
}

/** An amount with its side written after it: "45.90 DR", "2,000.00 CR", "12.00 Cr." (British and Australian statements), "1,234.00(Dr)" (Indian banks' balances). */
const SIDE_MARK = /^(.*\d)\s*(?:(CR|DR)\.?|\((CR|DR)\))$/i;

/** The side an amount cell writes after its number ("45.90 DR", "2,000.00 CR", "84.50(Cr)"), or null. */
export function sideMark(raw: string): "CR" | "DR" | null {
  const m = SIDE_MARK.exec(raw.trim());
  return m ? ((m[2] ?? m[3])!.toUpperCase() as "CR" | "DR") : null;
}

/** Whether the amount reader reads a cell as money out by its own mark: "-", "(…)", a trailing "-" or "DR" ("45.90 DR"). */
export function writtenNegative(raw: string): boolean {
  return amountParts(raw)?.negative === true;
}

/** The number part of an amount cell: sign, currency code or symbol and grouping marks removed. */
function amountParts(raw: string): { negative: boolean; body: string } | null {
  if (PLAIN_AMOUNT.test(raw)) return raw.charCodeAt(0) === 45 /* - */ ? { negative: true, body: raw.slice(1) } : { negative: false, body: raw };
  // A "|" against the number is a frame mark, no part of it (BancoPosta writes its opening balance "1.520,40|"; QA round
  // 4, pass 23: the balance was a bad amount and every file refused). Only against a number with its decimals: a
  // reference written "12|" is no amount (review of r4-qa23: a column of them was taken for a second amount, refused).
  let s = asciiMinus(raw.trim());
  if (s.startsWith("|") || s.endsWith("|")) s = ((inner) => (/[.,]\d{1,2}\s*$/.test(inner) ? inner : s))(unframed(s));
  if (s === "") return null;
  let negative = false;
  if (s.startsWith("(") && s.endsWith(")")) {
    negative = true;
    s = s.slice(1, -1).trim();
  }
  // A currency's code only, in any case (isoCode): "REF 123", "TAN 500", "ATM 200" are a reference's or a text's, no
  // amount (r4-signs2: a Fee column of "REF 1" was booked as fees of 1, a Memo of "TAN 500" taken for money, its text lost).
  // In capitals at either end, after a trailing minus or a side too ("84,20- EUR", "84.20 DR EUR"), or a code banks write
  // for one ("SFR 1'234.50", "RMB -1,234.00"; review of r4-signs2: such cells, read before, were refused).
  const known = (code: string) => isoCode(code) !== null || aliasedCurrency(code) !== undefined;
  s = s.replace(/^([A-Z]{3})\s*|\s*([A-Z]{3})$/g, (all, before?: string, after?: string) => (known(before ?? after!) ? "" : all));
  s = s.replace(LOWER_CODE, (all, before?: string, after?: string) => (isoCode(before ?? after!) ? "" : all)).replace(SIGN_BEFORE, "").replace(SIGN_AFTER, "");
  // A side written after the number (SIDE_MARK): the mark is the sign, whatever else the cell says.
  const mark = SIDE_MARK.exec(s);
  if (mark) {
    const body = amountParts(mark[1]!);
    return body && { negative: (mark[2] ?? mark[3])!.toUpperCase() === "DR", body: body.body };
  }
  if (s.startsWith("-") || s.startsWith("+")) {
    negative = negative || s[0] === "-";
    s = s.slice(1).trim();
  } else if (s.endsWith("-") || s.endsWith("+")) {
    negative = negative || s.endsWith("-");
    s = s.slice(0, -1).trim();
  }
  // The currency's code or sign after the minus ("-CHF 1'234.50", "-€12.50"), as before it.
  // Only a currency's code: "-TRX 10012", "-POS 4411" are a reference's, no amount (review of the lead's change: a memo
  // column of them was taken for money and its text lost).
  s = s.replace(/^([A-Z]{3})\s*/, (all, code: string) => (isoCode(code) ? "" : all)).replace(SIGN_BEFORE, "").replace(GROUPING, "");
  return /^[\d.,]*\d[\d.,]*$/.test(s) ? { negative, body: s } : null;
}

// A code before the number (after an opening parenthesis or a sign) or after it, also written against the digits
// ("-1.200,00EUR", CaixaBank: no word boundary between 0 and E); in any case, read as its capitals (see isoCode).
const CODE_IN_AMOUNT = new RegExp(`^\\(?[+${MINUS_CHARS}]?\\s*([A-Za-z]{3})(?![A-Za-z])|(?<![A-Za-z])([A-Za-z]{3})\\)?$`);
// A code not in capitals at an amount's start or end ("-34,00 usd"), removed only when it is an ISO code (isoCode).
const LOWER_CODE = /^([A-Za-z]{3})\s*(?=[\d.,(+\-−])|(?<=[\d.,)])\s*([A-Za-z]{3})$/;

/**
 * A currency code as written: in capitals, or (review of uqa4 F1-b: "-34,00 usd" was no amount) in other letters
 * when its capitals are an ISO code, so "usd" reads as USD; null for anything else.
 */
function isoCode(written: string): string | null {
  const code = written.toUpperCase();
  return ISO_CURRENCIES.has(code) ? code : null;
}

/** The ISO currency code an amount cell is written with ("EUR -120.00", "2.000,00 EUR", "-1.200,00EUR", "-34,00 usd"), or null. */
export function currencyInAmount(raw: string): string | null {
  // Most cells are digits to their last character with a sign or a digit first: answered without the expression.
  const last = raw.charCodeAt(raw.length - 1);
  const first = raw.charCodeAt(0);
  // (A minus before a code is no such cell: "-EUR 950.00"; review of the lead's change, its euros booked as the fallback's.)
  const second = raw.charCodeAt(1);
  if (last >= 48 && last <= 57 && ((first === 45 && second >= 48 && second <= 57) || (first >= 48 && first <= 57))) return null;
  const m = CODE_IN_AMOUNT.exec(raw.trim());
  const code = m?.[1] ?? m?.[2];
  return code === undefined ? null : isoCode(code);
}

// Indian banks group by lakh and crore: "1,35,500.00", "1,00,00,000.00" (Kotak's export; QA round 4, pass 26: every amount
// of a lakh or more was "not an amount" and the file refused).
const GROUPED = { ",": /^\d{1,3}(,\d{3})+$|^\d{1,2}(,\d{2})+,\d{3}$/, ".": /^\d{1,3}(\.\d{3})+$/ };
const PLAIN_POINT = /^-?\d+(?:\.\d+)?$/;
const PLAIN_COMMA = /^-?\d+(?:,\d+)?$/;
/** A whole part of sixteen digits or more: an id, no amount (see parseAmount). */
const ID_DIGITS = /^-?0*[1-9]\d{15}/;

/** The amount in a cell, or null when the cell is not a number under the given decimal mark. */
export function parseAmount(raw: string, decimal: Decimal): number | null {
  // Most cells: digits with at most the decimal mark itself (no grouping to check), read as they are.
  if (decimal === "." ? PLAIN_POINT.test(raw) : PLAIN_COMMA.test(raw)) return ID_DIGITS.test(raw) ? null : Number(decimal === "." ? raw : raw.replace(",", "."));
  const p = amountParts(raw);
  if (!p) return null;
  const group = decimal === "." ? "," : ".";
  const parts = p.body.split(decimal);
  if (parts.length > 2) return null;
  // A grouping mark stands between groups of three ("1,234.50"); "1,5" under "." is no amount.
  if (parts[0]!.includes(group) && !GROUPED[group].test(parts[0]!)) return null;
  const whole = parts[0]!.split(group).join("");
  const frac = parts[1] ?? "";
  if (!/^\d*$/.test(whole) || !/^\d*$/.test(frac) || whole + frac === "") return null;
  // Sixteen digits and more are an id (WeChat Pay's 28-digit order numbers), no amount of money (QA round 4, pass 12: one
  // was read as the amount column).
  if (ID_DIGITS.test(whole)) return null;
  const value = Number(`${whole || "0"}.${frac || "0"}`);
  return p.negative ? -value : value;
}

export type DecimalGuess = { decimal: Decimal } | { ambiguous: true } | { conflict: true };

/**
 * The decimal mark one value shows by itself, "unsure" for a lone thousands-like group (`1,234`), null when it has
 * no mark: a value with both marks, two or one decimal digits, or repeated grouping decides.
 */
function decimalOf(v: string): Decimal | "unsure" | null {
  const p = amountParts(v);
  if (!p) return null;
  const b = p.body;
  const lastDot = b.lastIndexOf(".");
  const lastComma = b.lastIndexOf(",");
  if (lastDot >= 0 && lastComma >= 0) return lastDot > lastComma ? "." : ",";
  const mark = lastDot >= 0 ? "." : lastComma >= 0 ? "," : null;
  if (!mark) return null;
  const other: Decimal = mark === "." ? "," : ".";
  const count = b.split(mark).length - 1;
  const whole = b.slice(0, b.indexOf(mark));
  const after = b.length - b.lastIndexOf(mark) - 1;
  // 1.234.567: repeated → a grouping mark, so the decimal is the other one.
  if (count > 1) return other;
  // Not a thousands group (those have 3 digits after and 1–3 non-zero digits before).
  if (after !== 3 || whole === "" || whole === "0" || whole.length > 3) return mark;
  return "unsure";
}

/**
 * The decimal mark of a column, voted value by value (a large file is never held as a column):
 * a value with both marks, two decimal digits, or repeated grouping decides; `1,234` alone could
 * be either. No separator anywhere → ".".
 */
export class DecimalVotes {
  private dot = 0;
  private comma = 0;
  private unsure = 0;

  /** The marks the unsure values ("6,420", "-6.420") were written with. */
  private unsureMarks = new Set<string>();

  add(v: string): void {
    const mark = decimalOf(v);
    if (mark === ".") this.dot++;
    else if (mark === ",") this.comma++;
    else if (mark === "unsure") {
      this.unsure++;
      // The mark of the number, not of the cell (Indonesia's "Rp. 64,200": its "." is the sign's; review of pass 12).
      this.unsureMarks.add(/[.,]/.exec(amountParts(v)!.body)![0]);
    }
  }

  /**
   * The decimal mark when every unsure value is a whole number grouped by one mark (a currency without decimals:
   * "6,420" yen, "-6.420" krónur): the other mark; null when they use both.
   */
  groupedWholeNumbers(): Decimal | null {
    if (this.unsureMarks.size !== 1) return null;
    return this.unsureMarks.has(",") ? "." : ",";
  }

  result(): DecimalGuess {
    if (this.dot > 0 && this.comma > 0) return { conflict: true };
    if (this.dot > 0) return { decimal: "." };
    if (this.comma > 0) return { decimal: "," };
    return this.unsure > 0 ? { ambiguous: true } : { decimal: "." };
  }
}

/**
 * How a statement file's amounts are read once its values have voted (OFX, QIF: one notation per file, as a
 * demanding user expects): under the file's mark when it has one; in a file that mixes them (`1,234.56` beside
 * `12,50`), each value by the mark it shows itself. A value that shows none the file can settle (`1,234` where
 * nothing else decides) is not guessed: the result says why.
 */
export function fileAmounts(guess: DecimalGuess): (raw: string) => { value: number } | { why: string } {
  return (raw) => {
    const own = decimalOf(raw);
    const decimal = "decimal" in guess ? guess.decimal : own === "." || own === "," ? own : own === null ? "." : null;
    if (decimal === null) {
      const why = "conflict" in guess ? "the file writes amounts with both decimal marks" : "no other amount in the file shows its decimal mark";
      return { why: `could be ${raw.replace(/[.,]/g, "")} or ${raw.replace(/[.,]/, ".")} (${why})` };
    }
    const value = parseAmount(raw, decimal);
    return value === null ? { why: "is not a number" } : { value };
  };
}

export function guessDecimal(values: readonly string[]): DecimalGuess {
  const votes = new DecimalVotes();
  for (const v of values) votes.add(v);
  return votes.result();
}

export type DateOrder = "YMD" | "DMY" | "MDY";

export const ORDER_OF_FORMAT: Record<DateFormat, DateOrder> = {
  "YYYY-MM-DD": "YMD",
  "DD.MM.YYYY": "DMY",
  "DD/MM/YYYY": "DMY",
  "MM/DD/YYYY": "MDY",
};

/** A month's number by its English name or abbreviation ("Mar", "March", "Sept"). */
const MONTHS: Record<string, number> = { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12 };
const FULL_MONTHS = ["january", "february", "march", "april", "june", "july", "august", "september", "october", "november", "december"];
const monthNumber = (name: string): number | undefined => {
  const n = name.toLowerCase();
  return MONTHS[n] ?? (FULL_MONTHS.includes(n) ? MONTHS[n.slice(0, 3)] : WORLD_MONTHS[n]);
};

/** `named`: a month written by its name, whose order the text itself says ("03 Mar 2025" day-first, "Mar 3, 2025" month-first). */
type DateShape = { a: string; sep: string; b: string; c: string; named?: "DMY" | "MDY" };

const DAY_MONTH_NAME = /^(\d{1,2})\.?[ -](\p{L}{3,10})\.?,?[ -](\d{4}|\d{2})(?:\.?[ T]\d{1,2}:\d{2}.*)?$/u;
const MONTH_NAME_DAY = /^([A-Za-z]{3,9})\.? (\d{1,2}),? (\d{4})(?:[ T]\d{1,2}:\d{2}.*)?$/;

/**
 * Japanese era years (wareki) as Japanese banks write them: SMBC's meisai.csv "年月日（和暦）" column holds "R03.03.01"
 * (Reiwa 3 = 2021). The era's first year and its last year number: Reiwa from 2019, Heisei 1989–2019 (31), Shōwa
 * 1926–1989 (64). QA round 4, pass 32: the file was refused, no date column found.
 * Read only when the caller says the file is Japanese (`eras`): elsewhere "S12.05.10" is a place's, a seat's or a part's
 * code, and a column of them was taken for the dates (review of r4-qa32: 1937-05-10 for 2026-02-03, exit 0).
 */
const ERAS: Record<string, { first: number; last: number }> = { R: { first: 2019, last: 99 }, H: { first: 1989, last: 31 }, S: { first: 1926, last: 64 } };
const ERA_DATE = /^([RHS])(\d{1,2})([./-])(\d{1,2})\3(\d{1,2})$/;

function eraDate(s: string): DateShape | null {
  const m = ERA_DATE.exec(s);
  const era = m ? ERAS[m[1]!] : undefined;
  if (!m || !era) return null;
  const n = Number(m[2]);
  if (n < 1 || n > era.last) return null;
  return { a: String(era.first + n - 1), sep: m[3]!, b: m[4]!, c: m[5]! };
}

function dateShape(raw: string, eras = false): DateShape | null {
  // Czech and Slovak typography spaces the dots: "5. 1. 2026" (QA round 4, pass 9: no date column was found).
  // AIB's card export writes the time first: "14:32, 05/01/2026" (QA round 4, pass 18: no date column was found).
  const s = raw
    .trim()
    .replace(/^\d{1,2}:\d{2}(?::\d{2})?,? (?=\d)/, "")
    .replace(/^(\d{1,2})\. (\d{1,2})\. (?=\d{4})/, "$1.$2.");
  // UK and US banks' "03 Mar 2025", "03-Mar-25", "Mar 3, 2025" (Nationwide, HSBC), Payoneer's "20 Jan, 2026", Satispay's "24 lug 2024. 02:59:45"; day first, also with the month names of
  // csv-words-world.ts (ING Romania's "03 februarie 2026"; QA round 4, pass 12: no date column was found).
  const dm = DAY_MONTH_NAME.exec(s);
  if (dm && monthNumber(dm[2]!) !== undefined) {
    return { a: dm[1]!, sep: " ", b: String(monthNumber(dm[2]!)), c: dm[3]!, named: "DMY" };
  }
  const md = MONTH_NAME_DAY.exec(s);
  if (md && monthNumber(md[1]!) !== undefined) return { a: String(monthNumber(md[1]!)), sep: " ", b: md[2]!, c: md[3]!, named: "MDY" };
  const m = /^(\d{1,4})([./-])(\d{1,2})\2(\d{2}|\d{4})(?:(?:[ T]|, ?)\d{1,2}:\d{2}.*)?$/.exec(s);
  if (m) return { a: m[1]!, sep: m[2]!, b: m[3]!, c: m[4]! };
  // Year first with a day of one digit: Japanese banks' "2026/2/3" (MUFG; QA round 4, pass 12: no date column was found).
  const yearFirst = /^(\d{4})([./-])(\d{1,2})\2(\d)(?:(?:[ T]|, ?)\d{1,2}:\d{2}.*)?$/.exec(s);
  if (yearFirst) return { a: yearFirst[1]!, sep: yearFirst[2]!, b: yearFirst[3]!, c: yearFirst[4]! };
  // Danske Bank Lithuania's "2012:03:01": year first, with colons (no time has a four-digit first part). A column reads
  // them only when every date of it is so written (DateVotes).
  const colons = /^((?:19|20)\d{2}):(\d{2}):(\d{2})$/.exec(s);
  if (colons) return { a: colons[1]!, sep: ":", b: colons[2]!, c: colons[3]! };
  // Japanese, Chinese and Korean written dates: "2026年2月3日" (Sony Bank), "2026년 2월 3일".
  const written = /^(\d{4})\s*[年년]\s*(\d{1,2})\s*[月월]\s*(\d{1,2})\s*[日일](?:\s*\d{1,2}:\d{2}.*)?$/.exec(s);
  if (written) return { a: written[1]!, sep: "-", b: written[2]!, c: written[3]! };
  const era = eras ? eraDate(s) : null;
  if (era) return era;
  // (With a real month and day: an operation number "203188450917" is none, and beside a date column of days all 12 or
  // less it made them read year first, every row "not a real date"; qa35, Mercado Pago's export.)
  const compact = /^((?:19|20)\d{2})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])(?:[ T]?\d{2}:?\d{2}.*)?$/.exec(s);
  return compact ? { a: compact[1]!, sep: "", b: compact[2]!, c: compact[3]! } : null;
}

export type DateGuess = { order: DateOrder } | { ambiguous: true } | { conflict: true } | { none: true };

/**
 * The order of a date column, voted value by value: a four-digit first part is ISO; a first part
 * above 12 is day-first and a second part above 12 month-first, whatever the mark between them
 * ("12.31.2025" is month-first: a US export with dots exists). A column where no value decides is
 * day-first when its dates are written with dots (as Europe writes them), else ambiguous.
 * (Dots were day-first whatever the values said: QA round 4, pass 9.)
 */
export class DateVotes {
  private votes = { YMD: 0, DMY: 0, MDY: 0 };
  private undecided = 0;
  private undecidedDotted = 0;
  private shaped = 0;
  private colons = 0;

  /** `eras`: Japanese era dates are dates (a Japanese file's column). */
  constructor(private readonly eras = false) {}

  add(v: string): void {
    const d = dateShape(v, this.eras);
    if (!d) return;
    this.shaped++;
    if (d.sep === ":") this.colons++;
    if (d.named) this.votes[d.named]++;
    else if (d.a.length === 4) this.votes.YMD++;
    else if (Number(d.a) > 12) this.votes.DMY++;
    else if (Number(d.b) > 12) this.votes.MDY++;
    else if (d.sep === ".") this.undecidedDotted++;
    else this.undecided++;
  }

  /** True once a value decided the order (a column read day-first only for its dots may still meet a "12.31.2025"). */
  settled(): boolean {
    const v = this.votes;
    return (v.YMD > 0 || v.DMY > 0 || v.MDY > 0) && !(v.DMY > 0 && v.MDY > 0);
  }

  result(): DateGuess {
    const votes = this.votes;
    // Dates with colons only as the notation of a whole column: among others they are no dates of it.
    if (this.shaped === 0 || (this.colons > 0 && this.colons < this.shaped)) return { none: true };
    if (votes.DMY > 0 && votes.MDY > 0) return { conflict: true };
    const best = (Object.keys(votes) as DateOrder[]).sort((x, y) => votes[y] - votes[x])[0]!;
    if (votes[best] > 0) return { order: best };
    if (this.undecided > 0) return { ambiguous: true };
    return this.undecidedDotted > 0 ? { order: "DMY" } : { none: true };
  }
}

export function guessDateOrder(values: readonly string[], eras = false): DateGuess {
  const votes = new DateVotes(eras);
  for (const v of values) votes.add(v);
  return votes.result();
}

/** True when the text has the shape of a date in some order (a column's content check); `eras`: a Japanese file's era dates too. */
export function looksLikeDate(raw: string, eras = false): boolean {
  return dateShape(raw, eras) !== null;
}

/** A statement's first and last day as [year, month, day]. */
export type StatementPeriod = { from: readonly [number, number, number]; until: readonly [number, number, number] };

/**
 * Of the years around a statement's period (from and until as [year, month, day]), the one that puts a yearless day
 * (month, day) nearest it (inside it: no distance): a statement from December into January dates its January rows in the
 * next year, a late posting of 30 December on a statement from 15 January in the year before.
 */
export function nearestYear(month: number, day: number, p: StatementPeriod): number {
  const at = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d);
  const from = at(...p.from);
  const until = at(...p.until);
  const distance = (y: number) => {
    const t = at(y, month, day);
    return t < from ? from - t : t > until ? t - until : 0;
  };
  return [p.from[0] - 1, p.from[0], p.until[0], p.until[0] + 1].reduce((best, y) => (distance(y) < distance(best) ? y : best));
}

/** A real calendar date as YYYY-MM-DD, or null. */
export function isoDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1) return null;
  if (day > daysInMonth(year, month) || year < 1900 || year > 2199) return null;
  // (The year has four digits here.)
  return `${year}-${month < 10 ? "0" : ""}${month}-${day < 10 ? "0" : ""}${day}`;
}

/** . / - */
const isDateMark = (c: number) => c === 46 || c === 47 || c === 45;
/** Where the digits of `DD.MM.YYYY` and of `YYYY-MM-DD` are. */
const DAY_FIRST_DIGITS = [0, 1, 3, 4, 6, 7, 8, 9];
const YEAR_FIRST_DIGITS = [0, 1, 2, 3, 5, 6, 8, 9];

/** The digit at `i` of `s` (0–9), or -1. */
const digitAt = (s: string, i: number) => {
  const d = s.charCodeAt(i) - 48;
  return d >= 0 && d <= 9 ? d : -1;
};

/**
 * The date of a cell written in ten characters, `DD.MM.YYYY` (or with / or -) or `YYYY-MM-DD` (or with . or /),
 * read from its characters; undefined for any other shape (dateShape reads those). The same answer as the
 * general reading, for the shape nearly every bank writes, without a regular expression's match per cell.
 */
function tenCharDate(s: string, order: DateOrder): string | null | undefined {
  if (s.length !== 10) return undefined;
  const sep = isDateMark(s.charCodeAt(2)) && s.charCodeAt(5) === s.charCodeAt(2) ? 2 : isDateMark(s.charCodeAt(4)) && s.charCodeAt(7) === s.charCodeAt(4) ? 4 : -1;
  if (sep < 0) return undefined;
  for (const i of sep === 2 ? DAY_FIRST_DIGITS : YEAR_FIRST_DIGITS) if (digitAt(s, i) < 0) return undefined;
  const n = (i: number) => digitAt(s, i) * 10 + digitAt(s, i + 1);
  if (sep === 4) return order === "YMD" ? isoDate(n(0) * 100 + n(2), n(5), n(8)) : null;
  if (order === "YMD") return null;
  const year = n(6) * 100 + n(8);
  return order === "DMY" ? isoDate(year, n(3), n(0)) : isoDate(year, n(0), n(3));
}

/** An ISO date with a UTC clock time ("2026-01-14T23:30:05", a "Z" or "+00:00" after it or none). */
const UTC_TIME = /^\s*(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-]00:?00)?\s*$/;
/**
 * The day, in time zone `zone`, of a cell written as an ISO date with a UTC clock time ("2026-01-14T23:30:05" in
 * "Europe/Berlin": "2026-01-15", 00:30 there); any other cell as it is. (r4-signs3: pytr's times are Trade Republic's UTC
 * clock: a payment just after midnight in Berlin was dated the day before.)
 */
export function dayInZone(raw: string, zone: string): string {
  const m = UTC_TIME.exec(raw);
  if (!m) return raw;
  const at = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0)));
  return Number.isNaN(at.getTime()) ? raw : dayFormat(zone).format(at);
}
/** One formatter of a day in each zone (built once: a pytr file's every cell is a time of its own). */
const DAY_FORMATS = new Map<string, Intl.DateTimeFormat>();
function dayFormat(zone: string): Intl.DateTimeFormat {
  let f = DAY_FORMATS.get(zone);
  if (!f) DAY_FORMATS.set(zone, (f = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" })));
  return f;
}

/** The date in a cell under the given order (two-digit years are 20xx), or null when not a real date; `eras`: a Japanese file's era dates too. */
export function parseDate(raw: string, order: DateOrder, eras = false): string | null {
  const ten = tenCharDate(raw, order);
  if (ten !== undefined) return ten;
  const d = dateShape(raw, eras);
  if (!d) return null;
  const year = (s: string) => (s.length === 2 ? 2000 + Number(s) : Number(s));
  // A month by its name says its own order, whatever the column's.
  if (d.named === "DMY") return isoDate(year(d.c), Number(d.b), Number(d.a));
  if (d.named === "MDY") return isoDate(year(d.c), Number(d.a), Number(d.b));
  if (d.a.length === 4) return order === "YMD" ? isoDate(Number(d.a), Number(d.b), Number(d.c)) : null;
  if (order === "YMD") return null;
  return order === "DMY" ? isoDate(year(d.c), Number(d.b), Number(d.a)) : isoDate(year(d.c), Number(d.a), Number(d.b));
}
