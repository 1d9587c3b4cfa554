/**
 * Unclassified money in (SPEC §1, round 4): money in on Uncategorised rows counts neither as
 * spending nor as income and is reported apart, with its count, by every tool that reports
 * spending or income. The rows are picked by the ledger's rule (unclassifiedInflow).
 */
import { formatMoney, plural } from "../../core/format.ts";

export { unclassifiedInflow } from "../../ledger/categories.ts";

/** Money in and rows of one currency's unclassified inflows. */
export type Inflow = { total: number; count: number };

export const noInflow = (): Inflow => ({ total: 0, count: 0 });

export function addInflow(t: Inflow, amount: number): void {
  t.total += amount;
  t.count++;
}

/** "Unclassified money in (…): CHF 310.00 in 2 transactions." — "" when there is none. */
export function inflowSentence(t: Inflow, currency: string): string {
  if (!t.count) return "";
  return `Unclassified money in (Uncategorised rows with money in, counted neither as spending nor as income): ${formatMoney(t.total, currency)} in ${plural(t.count, "transaction")}.`;
}
