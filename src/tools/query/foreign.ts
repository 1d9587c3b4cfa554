/**
 * Purchases made in another currency (SPEC §10.1): a card payment abroad is booked in the
 * account's currency, and the import keeps what the bank said about it in transaction_details
 * (the original amount and currency, the rate, the fees).
 */
import type { TransactionDetail } from "../../ledger/details.ts";
import type { Ledger } from "../../ledger/ledger.ts";

/**
 * The original amount (signed like the booked one) and currency of row i, when it was made in another currency; else
 * null. The amount is null when the bank named the currency but stated no amount in it (an OFX card statement's
 * ORIGCURRENCY with a rate only): still a purchase in that currency, booked in full (uqa3: three purchases in Italy
 * were "no spending in other currencies").
 */
export function foreignAmount(l: Ledger, i: number, d: TransactionDetail | undefined): { amount: number | null; currency: string } | null {
  if (!d || !d.originalCurrency || d.originalAmount === 0) return null;
  if (d.originalCurrency === l.currencyCode(i)) return null;
  if (d.originalAmount === null) return { amount: null, currency: d.originalCurrency };
  // The bank's sign is not relied on: the booked amount says which way the money went.
  return { amount: Math.sign(l.amountAt(i)) * Math.abs(d.originalAmount), currency: d.originalCurrency };
}

/** What a summary adds when the bank stated no amount in `currency` for `unstated` of `rows` rows ("" when it stated all). */
export function unstatedNote(unstated: number, rows: number, currency: string): string {
  if (unstated === 0) return "";
  return `the bank stated no amount in ${currency}${unstated < rows ? ` for ${unstated} of them` : ""}`;
}
