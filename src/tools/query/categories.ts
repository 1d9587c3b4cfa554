/**
 * Category arguments and roles (SPEC §1): exact name first, then a case-insensitive
 * match when exactly one name fits; otherwise an error that lists the valid names.
 * Roles decide what a figure counts: spending (everything but Income and the
 * not-spending categories), income, or neither.
 */
import type { Ledger } from "../../ledger/ledger.ts";
import type { BudgetDb, Role } from "../../ledger/reader.ts";

export { resolveCategory } from "../../ledger/categories.ts";

/** Per category code of the ledger: its role. */
export function rolesOf(db: BudgetDb, l: Ledger): Role[] {
  return l.categoryNames.map((n) => db.roleOf(n));
}

/** A mask over category codes selecting the named categories (names as resolveCategory gives them). */
export function categoryMask(l: Ledger, names: readonly string[]): Uint8Array {
  const mask = new Uint8Array(l.categoryNames.length);
  for (const n of names) {
    const i = l.categoryIndex(n);
    if (i >= 0) mask[i] = 1;
  }
  return mask;
}

/** A mask over category codes selecting every category of a role. */
export function roleMask(roles: readonly Role[], role: Role): Uint8Array {
  return Uint8Array.from(roles, (r) => (r === role ? 1 : 0));
}

/**
 * What an amount-per-group figure measures for a category (SPEC §1): money out as a
 * positive number (spending, or a not-spending category's outflow), or money in for
 * Income. `sign` turns a stored amount into the measured one.
 */
export type Measure = { sign: 1 | -1; noun: string; dataset: string };

export function measureOf(db: BudgetDb, category?: string): Measure {
  if (category === undefined) return { sign: -1, noun: "spending", dataset: "Spending" };
  const role = db.roleOf(category);
  if (role === "income") return { sign: 1, noun: `money in (${category})`, dataset: category };
  if (role === "notSpending") return { sign: -1, noun: `money out to ${category}`, dataset: category };
  return { sign: -1, noun: `spending on ${category}`, dataset: category };
}

/** "Transfers and Investments are not spending." for summaries. */
export function notSpendingNote(db: BudgetDb): string {
  const names = db.categories().map((c) => c.name).filter((n) => db.roleOf(n) === "notSpending");
  if (!names.length) return "";
  return `${names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`} ${names.length === 1 ? "is" : "are"} not spending.`;
}
