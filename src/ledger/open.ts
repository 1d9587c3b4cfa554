import { existsSync } from "node:fs";
import { relative, resolve } from "node:path";
import type { BudgetDbLocation } from "../config.ts";
import { BudgetDb, BudgetDbError } from "./reader.ts";
import { formatCount } from "../core/format.ts";

/**
 * Where demo data lives: never the pipeline's own default path (data/budget.db), so the
 * pipeline can never import real data into a database full of synthetic rows.
 */
export const DEMO_DB_PATH = "data/demo-budget.db";

/**
 * Why a rule or category change is refused on the demo data: it would be stored in the demo database, and the first import
 * makes the user's own database without it (uqa3 D1 and its review: the web app's Rules and Categories pages, their API and
 * the chat stored them there, "Added rule 1", then gone). `what`: "a rule", "a category change".
 */
export function demoChangeRefusal(what: string): string {
  return (
    `these are the demo data (${DEMO_DB_PATH}), not yours: ${what} made now would be lost when your first import creates your own budget database. ` +
    "Import your statements first (the Import page, or budget-chat import FILE), then make it."
  );
}

/**
 * Open the budget database for a command. A missing file at an explicitly given path
 * is an error. With nothing configured, a real data/budget.db wins; otherwise the demo
 * database is used (written once, and announced then; the server's banner and the web
 * page say "demo data" every time) until an import creates data/budget.db.
 */
export function openBudgetDb(loc: BudgetDbLocation, log: (line: string) => void = (l) => console.error(l)): BudgetDb {
  const db = openFor(loc, log);
  // A not-spending name that is no category (a typo, a category not added yet) is said, never refused: the user may be
  // about to add it (review of uqa3 D10: a refusal blocked `categories add`, undo and serve alike).
  const warning = db.notSpendingWarning();
  if (warning) log(`Warning: ${warning}`);
  return db;
}

function openFor(loc: BudgetDbLocation, log: (line: string) => void): BudgetDb {
  // The app's own opening: its ledger is kept in a cache file beside the database (ledger-cache.ts).
  if (existsSync(loc.path)) return BudgetDb.open(loc.path, { notSpending: loc.notSpending, notSpendingGiven: loc.notSpendingGiven, ledgerCache: true });
  if (loc.explicit) throw new BudgetDbError(`budget database not found: ${loc.path}`);
  const demo = resolve(process.cwd(), DEMO_DB_PATH);
  const shown = relative(process.cwd(), demo) || demo;
  if (!existsSync(demo)) {
    // The generator (its merchant tables are built when it loads) only when there is no demo database yet.
    const { writeDemoDb } = require("./demo/generator.ts") as typeof import("./demo/generator.ts");
    const made = writeDemoDb({ out: demo });
    log(
      `No budget database at ${relative(process.cwd(), loc.path) || loc.path}: created demo data at ${shown} ` +
        `(${formatCount(made.transactions)} synthetic transactions, ${made.firstDate} to ${made.lastDate}). ` +
        `To use your own, import your bank statements on the Import page (/import) or with budget-chat import FILE.`,
    );
  }
  // The first import creates loc.path; the demo then gives way to it without a restart.
  return BudgetDb.open(demo, { demo: true, notSpending: loc.notSpending, notSpendingGiven: loc.notSpendingGiven, realPath: loc.path, ledgerCache: true });
}
