import { existsSync } from "node:fs";
import { relative } from "node:path";
import { type BudgetDbLocation } from "../config.ts";
import { BudgetDb, BudgetDbError } from "./db.ts";
import { writeDemoDb } from "./demo.ts";

/**
 * Open the budget database for a command. A missing file at an explicitly given path
 * is an error; at the default path the first run writes demo data and says so.
 */
export function openBudgetDb(loc: BudgetDbLocation, log: (line: string) => void = (l) => console.error(l)): BudgetDb {
  if (!existsSync(loc.path)) {
    if (loc.explicit) throw new BudgetDbError(`budget database not found: ${loc.path}`);
    const made = writeDemoDb({ out: loc.path });
    log(
      `No budget database at ${relative(process.cwd(), loc.path) || loc.path}: created demo data ` +
        `(${made.transactions} synthetic transactions, ${made.firstDate} to ${made.lastDate}). ` +
        `Set DATABASE_URL or --db to use your own.`,
    );
  }
  return BudgetDb.open(loc.path);
}
