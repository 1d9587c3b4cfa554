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
import { CARD_PAYMENT_LINE } from "./formats/card-lines.ts";
import { TEXT_SEPARATOR } from "./formats/texts.ts";

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
