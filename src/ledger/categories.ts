/**
 * Category arguments (SPEC §1): the exact name first, then the name equal ignoring case and
 * surrounding spaces (names are unique that way: the ledger merges them); otherwise an
 * UnknownCategory that lists the valid names. Shared by the tools
 * and the budgets domain (src/budgets), which must not reach into the tools' helpers.
 */
import { UnknownCategory } from "../core/errors.ts";
import { foldCategory } from "./ledger.ts";
import type { BudgetDb } from "./reader.ts";

/** The category's name as the data writes it. */
export function resolveCategory(db: BudgetDb, requested: string): string {
  const names = db.categories().map((c) => c.name);
  const wanted = requested.trim();
  if (names.includes(wanted)) return wanted;
  const fits = names.find((n) => foldCategory(n) === foldCategory(wanted));
  if (fits !== undefined) return fits;
  throw new UnknownCategory(`Unknown category "${requested}". Valid categories: ${[...names].sort((a, b) => a.localeCompare(b)).join(", ")}.`);
}
