/**
 * The holder paying a card off ("PAYMENT - THANK YOU", "AUTOPAY PAYMENT - THANK YOU", "DIRECTPAY FULL BALANCE" …) is
 * money moved from another of the holder's own accounts, no income (SPEC §1): classified without the model into the
 * user's transfer category. Only where all three hold:
 *   - the row is a card account's (RowTable.onCard: a card layout, OFX CCSTMTRS, QIF !Type:CCard), so that a client's
 *     "PAYMENT RECEIVED" on a checking account stays the income it is;
 *   - the row is money in (a "PAYMENT" debit on a card is no payment to it);
 *   - the row's text is wholly the issuer's fixed line (CARD_PAYMENT_LINE), so that a memo that merely holds the word
 *     ("payment for dinner", a student loan's "NAVIENT E-PAYMENT") is no such line.
 */
import { foldCategory } from "../ledger/ledger.ts";
import { isInvestmentCategory } from "../ledger/reader.ts";
import type { RowTable } from "./formats/row-table.ts";
import { TEXT_SEPARATOR } from "./formats/texts.ts";

/** How the issuer may name the way it was paid, before "PAYMENT". */
const PAID_BY = String.raw`(?:(?:online|internet|mobile|electronic|web|phone|ach|autopay|automatic|auto|direct\s+debit)\s+)?`;
/** The thanks after it, cut short as some exports cut it ("AUTOMATIC PAYMENT - THANK"). */
const THANKS = String.raw`\W*thank(?:\s*you)?`;
/**
 * What an issuer may write after its line: the channel ("-Mobile", " - Web") or a reference or date ("REF 0412",
 * "#88231", "03/07", "REF0412"), words each after a separator. A reference is digits after at most four letters, so a
 * name with a digit ("JSMITH1", "4ACME", "PAYPAL1") is none. Separators and words share no character (a date's "/" is a
 * separator between two numbers), so a long text that is no such line fails in time linear in its length (no
 * backtracking between them; a word that took "/" or "-" too took 13 s on a 108-character text).
 */
const TAIL = String.raw`(?:[\s,.:;/#*\u2013\u2014-]+(?:mobile|web|online|app|phone|ref|conf|no|[a-z]{0,4}\d+))*`;

/**
 * The issuers' own lines for a payment received on the card, as the whole text (US, UK and Canadian cards): "PAYMENT -
 * THANK YOU", "ONLINE PAYMENT, THANK YOU", "Payment Thank You-Mobile", "PAYMENT RECEIVED - THANK YOU", "INTERNET PAYMENT
 * RECEIVED", "AUTOPAY PAYMENT", "CAPITAL ONE AUTOPAY PYMT", "DIRECT DEBIT PAYMENT - THANK YOU", "DIRECTPAY FULL BALANCE".
 */
export const CARD_PAYMENT_LINE = new RegExp(
  String.raw`^\W*(?:` +
    [
      `${PAID_BY}payment(?:\\s+received)?${THANKS}`,
      `${PAID_BY}payment\\s+received`,
      String.raw`auto(?:pay|matic)\s+payment`,
      String.raw`(?:capital\s+one\s+)?(?:autopay|mobile|online)\s+pymt`,
      String.raw`direct\s+debit${THANKS}`,
      String.raw`direct\s*pay\s+full\s+balance`,
    ].join("|") +
    `)${TAIL}\\W*$`,
  "i",
);

/**
 * Whether a row pays its card off: money in on a card account whose booking text (the first of the texts its
 * description joins) is wholly an issuer's payment line.
 */
export function paysCardOff(rows: RowTable, i: number): boolean {
  return rows.onCard(i) && rows.amount(i) > 0 && CARD_PAYMENT_LINE.test(rows.descriptionOf(i).split(TEXT_SEPARATOR, 1)[0]!);
}

/**
 * The user's category for money moved between own accounts, among `categories` (budget.db's, its spelling): the one
 * not-spending category (`notSpending`, SPEC §1's roles as configured) that is no investment category; null when there is
 * none, or several (a guess would file the payments under a category the user did not mean).
 */
export function ownTransferCategory(categories: readonly string[], notSpending: readonly string[]): string | null {
  const roles = new Set(notSpending.map(foldCategory));
  const found = categories.filter((n) => roles.has(foldCategory(n)) && !isInvestmentCategory(n));
  return found.length === 1 ? found[0]! : null;
}
