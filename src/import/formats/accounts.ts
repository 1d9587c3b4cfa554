/**
 * One account written several ways in one file: a file joined from an old and a new export names it by its IBAN in one
 * statement and by its bank code and number (or the number alone, or with its currency after it) in another. Counting
 * the accounts a file holds (one account given for every row is refused for a file of several) counts such spellings
 * once; only accounts that truly differ count apart.
 */
import { ISO_CURRENCIES } from "../../core/validation.ts";
import { ACCOUNT_NUMBER } from "./csv-guess.ts";

type Spelling =
  | { kind: "iban"; iban: string; bban: string }
  | { kind: "bank"; bank: string; number: string }
  | { kind: "number"; number: string };

const noZeros = (digits: string) => digits.replace(/^0+/, "");

/** An IBAN written without spaces: country, check digits, the account's BBAN. */
export const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/;

function spelling(written: string): Spelling {
  let s = written.replace(/\s+/g, "").toUpperCase();
  // "50010517/0648489890EUR", "NL20INGB0001234567EUR": the account with its currency after it.
  const withCurrency = /^(.*\d)([A-Z]{3})$/.exec(s);
  if (withCurrency && ISO_CURRENCIES.has(withCurrency[2]!)) s = withCurrency[1]!;
  if (IBAN.test(s)) return { kind: "iban", iban: s, bban: s.slice(4) };
  const bank = /^(\d+)\/(\d+)$/.exec(s);
  if (bank) return { kind: "bank", bank: bank[1]!, number: noZeros(bank[2]!) };
  return { kind: "number", number: /^\d+$/.test(s) ? noZeros(s) : s };
}

/** Whether two spellings name one account: an IBAN holds its bank code and account number (its BBAN; DE: BLZ + Konto). */
function sameAccount(a: Spelling, b: Spelling): boolean {
  if (a.kind === "iban" && b.kind === "iban") return a.iban === b.iban;
  if (b.kind === "iban") return sameAccount(b, a);
  if (a.kind === "iban") {
    if (b.kind === "bank") return a.bban.startsWith(b.bank) && noZeros(a.bban.slice(b.bank.length)) === b.number;
    // The number alone: a German IBAN's account number (after the BLZ), else the BBAN's last digits (at least six, so
    // that a short number is not found in any IBAN).
    if (a.iban.startsWith("DE")) return noZeros(a.bban.slice(8)) === b.number;
    return /^\d{6,}$/.test(b.number) && a.bban.endsWith(b.number);
  }
  return a.number === b.number && (a.kind !== "bank" || b.kind !== "bank" || a.bank === b.bank);
}

/** The accounts a file names, each written as it first was, spellings of one account counted once. */
export function distinctAccounts(written: readonly string[]): string[] {
  const groups: { first: string; spellings: Spelling[] }[] = [];
  for (const w of written) {
    const s = spelling(w);
    const group = groups.find((g) => g.spellings.some((o) => sameAccount(o, s)));
    if (group) group.spellings.push(s);
    else groups.push({ first: w, spellings: [s] });
  }
  return groups.map((g) => g.first);
}

/** Whether two accounts as written are one account (its spellings alike: sameAccount). */
export function oneAccount(a: string, b: string): boolean {
  return sameAccount(spelling(a), spelling(b));
}

/**
 * Whether two labels of an account carry one account number, at least six digits, whatever words are around it
 * ("Platinum CashPlus 101 770021", "Household cash 101-770021"): an app's or Morgan Stanley's account label, its product
 * or nickname renamed between two exports.
 */
export function sameAccountNumber(a: string, b: string): boolean {
  const digits = a.replace(/\D/g, "");
  return digits.length >= 6 && digits === b.replace(/\D/g, "");
}

/**
 * Whether two accounts are surely two: both written as account numbers, as a bank writes them, and not one. A name given
 * for an account ("Joint", with --account) may be either of them, so it is not surely another.
 */
export function twoAccountNumbers(a: string, b: string): boolean {
  return ACCOUNT_NUMBER.test(a.trim()) && ACCOUNT_NUMBER.test(b.trim()) && !oneAccount(a, b);
}
