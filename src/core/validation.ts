import { z } from "zod";
import { lazy } from "./lazy.ts";

/** The ISO 4217 currency codes, as the runtime knows them. */
export const ISO_CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf("currency"));

/**
 * Codes banks write for an ISO 4217 currency that are not its code (upper case): renminbi "RMB", New Taiwan dollars
 * "NTD", the rouble's pre-1998 "RUR", Swiss "SFR", sterling "STG", Israel's "NIS", "YEN". A statement's currency column
 * of "RMB" was refused as no currency (review of pass 20).
 */
const CURRENCY_ALIASES: Readonly<Record<string, string>> = { RMB: "CNY", NTD: "TWD", RUR: "RUB", SFR: "CHF", STG: "GBP", NIS: "ILS", YEN: "JPY" };
/** Whether three capitals are a currency's other code banks write ("SFR", "RMB", "YEN"): its ISO code, or undefined. */
export const aliasedCurrency = (code: string): string | undefined => CURRENCY_ALIASES[code];

/** The signs of one currency each ("$" and "C$" name several: they are none of these). */
export const SIGN_CURRENCY: Readonly<Record<string, string>> = { "€": "EUR", "£": "GBP", "₩": "KRW", "₸": "KZT", "₴": "UAH", "₽": "RUB", "₪": "ILS", "₹": "INR", "₱": "PHP", "฿": "THB", "₺": "TRY", 円: "JPY", 원: "KRW" };
/** Dollars and reais written with their country, and Malaysia's ringgit; yen and won after the number (QA round 4, pass 12). */
export const PREFIXED_SIGN_CURRENCY: Readonly<Record<string, string>> = { R$: "BRL", S$: "SGD", HK$: "HKD", NT$: "TWD", A$: "AUD", NZ$: "NZD", US$: "USD", MX$: "MXN", RM: "MYR" };

/**
 * A currency as people write it in a currency column rather than by its code (upper case): the Swiss franc's "Fr." and
 * "SFr.", the euro's name. A column of "€", "Fr." and "US$" was taken for no currency column at all, its rows booked in
 * the data's main currency under a note that the file names none (review of stop 47).
 */
const WRITTEN_CURRENCY: Readonly<Record<string, string>> = {
  "FR.": "CHF", FR: "CHF", "SFR.": "CHF", "CHF.": "CHF", EURO: "EUR", EUROS: "EUR",
  // The shekel as Israeli statements write it, "ש"ח" (with a quote mark, a gershayim or none; qa35's blind pass: an Isracard
  // statement's currency column of "שח" was refused as naming no currency).
  'ש"ח': "ILS", "ש״ח": "ILS", "שח": "ILS",
  // The renminbi by its Chinese name (ICBC's newer export: "人民币" where its older one wrote "RMB"), and the Kenyan
  // shilling as M-Pesa statements write it ("KSh", "Ksh"): both refused as naming no currency.
  人民币: "CNY", KSH: "KES",
};

/**
 * A currency cell as its ISO 4217 code where it is a known other name of one ("RMB" → "CNY"), a sign of one currency
 * ("€", "US$") or a way of writing one ("Fr."), else as written (upper case, trimmed).
 */
export const isoCurrencyOf = (cell: string): string => {
  const code = cell.trim().toUpperCase();
  return CURRENCY_ALIASES[code] ?? WRITTEN_CURRENCY[code] ?? SIGN_CURRENCY[code] ?? PREFIXED_SIGN_CURRENCY[code] ?? code;
};

/**
 * A currency the user names for every row of a file that names none ("eur", " CHF "): upper-cased, an ISO 4217 code.
 * The command line's --currency, the Import page's currency field and the import API's `columns.currency` read it alike.
 */
export const CurrencyCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine((c) => ISO_CURRENCIES.has(c), { error: (issue) => `"${String(issue.input).trim()}" is not an ISO 4217 currency code (three letters, like CHF, EUR or USD)` });

/** A zod error as one line ("✖ message → at path; ✖ …"), for stderr and JSON error bodies. */
export function oneLineError(error: z.ZodError): string {
  return z.prettifyError(error).replace(/\n\s*/g, " ");
}

/**
 * Control characters that must never reach a name or a title: C0 and C1 controls (NUL
 * included) and DEL, line/paragraph separators, and the bidi embeddings, overrides and
 * isolates that can make text display as something else. (Zero-width joiners stay: emoji
 * sequences need them.)
 */
export const CONTROL_CHARS = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
const CONTROL_CHARS_ALL = new RegExp(CONTROL_CHARS.source, "gu");

/**
 * Text for a terminal, every control character written as its \u escape: a file name or bank text carrying ESC
 * sequences (a window title, a cleared screen) or a bidi override is shown, never obeyed.
 */
export function terminalText(s: string): string {
  return s.replace(CONTROL_CHARS_ALL, (c) => `\\u${c.codePointAt(0)!.toString(16).padStart(4, "0")}`);
}

/** One line of display text: whitespace runs (and controls that act as line breaks) become one space, other controls go. */
export function stripControls(s: string): string {
  return s
    .replace(/[\t\n\v\f\r\u0085\u2028\u2029]+/g, " ")
    .replace(CONTROL_CHARS_ALL, "");
}

/**
 * A zod schema built at its first use (a tool's `schema`, fields the tools share, a route's body, a page's query):
 * building zod schemas is dear (tens of microseconds each, more for the first of a kind), and a start-up needs none of them.
 */
export const lazySchema: <S>(build: () => S) => () => S = lazy;
