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
  | { kind: "number"; number: string; digits: string | null }
  | { kind: "card"; head: string; tail: string };

const noZeros = (digits: string) => digits.replace(/^0+/, "");

/** An IBAN written without spaces: country, check digits, the account's BBAN. */
export const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/;

/**
 * A card number masked (spaces and dashes taken out): the digits shown first, if any, the mask, the last four (Amex: five)
 * — "**** **** **** 4821", "XXXX-XXXX-XXXX-4821", "...4821", "3776 62**** *4821", "4111XXXXXXXX1111". (Not one dot: an
 * account number "1234.5678".)
 */
const MASKED_CARD = /^(\d*)(?:[*X•.]{2,}|…)(\d{4,5})$/;

/** How many digits a card number has (ISO/IEC 7812): a number this long may be a card's, written whole. */
const CARD_DIGITS = { min: 12, max: 19 };

function spelling(written: string): Spelling {
  let s = written.replace(/\s+/g, "").toUpperCase();
  // "50010517/0648489890EUR", "NL20INGB0001234567EUR": the account with its currency after it.
  const withCurrency = /^(.*\d)([A-Z]{3})$/.exec(s);
  if (withCurrency && ISO_CURRENCIES.has(withCurrency[2]!)) s = withCurrency[1]!;
  if (IBAN.test(s)) return { kind: "iban", iban: s, bban: s.slice(4) };
  const bank = /^(\d+)\/(\d+)$/.exec(s);
  if (bank) return { kind: "bank", bank: bank[1]!, number: noZeros(bank[2]!) };
  // Dashes between digits group them only: a sort code and number "60-16-13 31926819", Amex's "-41004".
  const undashed = s.replace(/-/g, "");
  const card = MASKED_CARD.exec(undashed);
  if (card) return { kind: "card", head: card[1]!, tail: card[2]! };
  // (A card's whole number is written without dashes: "12345678-41004" is an account and its sub-account.)
  return /^\d+$/.test(undashed) ? { kind: "number", number: noZeros(undashed), digits: undashed === s ? undashed : null } : { kind: "number", number: s, digits: null };
}

/** Whether one of two digit strings begins (`at` "start") or ends the other: what a mask shows of a number agrees with it. */
const agree = (a: string, b: string, at: "start" | "end"): boolean => (a.length <= b.length ? (at === "start" ? b.startsWith(a) : b.endsWith(a)) : agree(b, a, at));

/**
 * Whether a masked card and a number written in digits are one card: its last digits alone ("4821"), or its whole number
 * (12 to 19 digits) with the mask's digits at its start and end. An account number of other length is no card's.
 */
function cardNumber(card: { head: string; tail: string }, digits: string): boolean {
  if (digits.length <= card.tail.length + 1) return digits.length >= 4 && agree(digits, card.tail, "end");
  // A whole number only when it passes the card numbers' check digit (Luhn): a savings account "12345678-41004" or a
  // 12-digit account number ending 4821 is no card's (review of r4-acct3: a savings booking held as the card's).
  return digits.length >= CARD_DIGITS.min && digits.length <= CARD_DIGITS.max && digits.startsWith(card.head) && digits.endsWith(card.tail) && luhn(digits);
}

/** Whether a number passes the Luhn check digit every card number carries (ISO/IEC 7812). */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const d = digits.charCodeAt(digits.length - 1 - i) - 48;
    sum += i % 2 === 1 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d;
  }
  return sum % 10 === 0;
}

/** Whether two spellings, one of them a masked card, are one card. */
function sameCard(a: Spelling, b: Spelling): boolean {
  if (a.kind === "card" && b.kind === "card") return agree(a.tail, b.tail, "end") && agree(a.head, b.head, "start");
  if (a.kind === "card") return b.kind === "number" && b.digits !== null && cardNumber(a, b.digits);
  return b.kind === "card" && sameCard(b, a);
}

/**
 * Whether two spellings name one account: an IBAN holds its bank code and account number (its BBAN; DE: BLZ + Konto); a
 * masked card is the card whose number shows the same digits ("XXXX-XXXX-XXXX-4821" and "...4821"; not "3776 62**** *4821"
 * and "4266 11** **** 4821", two issuers' cards).
 */
function sameAccount(a: Spelling, b: Spelling): boolean {
  if (a.kind === "card" || b.kind === "card") return sameCard(a, b);
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
