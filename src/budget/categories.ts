/**
 * Category arguments (SPEC §1): the exact name first, then a case-insensitive match when
 * exactly one name fits; otherwise an error that lists the valid names. Shared by the tools
 * and the budgets domain (src/budgets), which must not reach into the tools' helpers.
 */
import { ToolInputError } from "../core/errors.ts";
import type { BudgetDb } from "./reader.ts";

/** The category's name as the data writes it. */
export function resolveCategory(db: BudgetDb, requested: string): string {
  const names = db.categories().map((c) => c.name);
  const wanted = requested.trim();
  if (names.includes(wanted)) return wanted;
  const folded = wanted.toLowerCase();
  const fits = names.filter((n) => n.toLowerCase() === folded);
  if (fits.length === 1) return fits[0]!;
  if (fits.length > 1) {
    throw new ToolInputError(`Category "${requested}" is ambiguous: ${fits.map((n) => `"${n}"`).join(", ")} all fit. Pass the exact name.`);
  }
  throw new ToolInputError(`Unknown category "${requested}". Valid categories: ${[...names].sort((a, b) => a.localeCompare(b)).join(", ")}.`);
}
