/**
 * Purchases made in another currency (SPEC §10.1): a card payment abroad is booked in the
 * account's currency, and the import keeps what the bank said about it in transaction_details
 * (the original amount and currency, the rate, the fees).
 */
import type { TransactionDetail } from "../../ledger/details.ts";
import type { Ledger } from "../../ledger/ledger.ts";

/** The original amount (signed like the booked one) and currency of row i, when it was made in another currency; else null. */
export function foreignAmount(l: Ledger, i: number, d: TransactionDetail | undefined): { amount: number; currency: string } | null {
  if (!d || d.originalAmount === null || !d.originalCurrency || d.originalAmount === 0) return null;
  if (d.originalCurrency === l.currencyCode(i)) return null;
  // The bank's sign is not relied on: the booked amount says which way the money went.
  return { amount: Math.sign(l.amountAt(i)) * Math.abs(d.originalAmount), currency: d.originalCurrency };
}
