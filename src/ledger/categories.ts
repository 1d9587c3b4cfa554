/**
 * Category arguments (SPEC §1): the exact name first, then the name equal ignoring case and
 * surrounding spaces (names are unique that way: the ledger merges them); otherwise an
 * UnknownCategory that lists the valid names. Shared by the tools
 * and the budgets domain (src/budgets), which must not reach into the tools' helpers.
 */
import { UnknownCategory } from "../core/errors.ts";
import { foldCategory, type Ledger } from "./ledger.ts";
import type { BudgetDb } from "./reader.ts";
import { UNCATEGORISED } from "./schema.ts";

/** The category's name as the data writes it. */
export function resolveCategory(db: BudgetDb, requested: string): string {
  const names = db.categories().map((c) => c.name);
  const wanted = requested.trim();
  if (names.includes(wanted)) return wanted;
  const fits = names.find((n) => foldCategory(n) === foldCategory(wanted));
  if (fits !== undefined) return fits;
  throw new UnknownCategory(`Unknown category "${requested}". Valid categories: ${[...names].sort((a, b) => a.localeCompare(b)).join(", ")}.`);
}

/**
 * SPEC §1 (round 4): money in on an Uncategorised row is not netted against spending (an
 * unclassified inflow is as likely a salary as a refund): Uncategorised spending is the money
 * out of its rows, and its money in is counted apart, as neither spending nor income. The
 * predicate says which ledger rows are such "unclassified money in".
 */
export function unclassifiedInflow(l: Ledger): (i: number) => boolean {
  const unc = l.categoryIndex(UNCATEGORISED);
  return unc < 0 ? () => false : (i) => l.categoryAt(i) === unc && l.amountAt(i) > 0;
}
