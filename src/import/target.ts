/**
 * The database an import writes to (SPEC §10): the configured budget.db, created when
 * absent exactly as the pipeline would create it (its DDL, then the 17 default
 * categories with their descriptions), so budget-analyser can keep importing into it.
 */
import { Database } from "bun:sqlite";
import { existsSync, linkSync, mkdirSync, rmSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { CATEGORY_DESCRIPTIONS } from "../ledger/schema.ts";
import { DEMO_DB_PATH } from "../ledger/open.ts";
import { PIPELINE_DDL, pipelineTimestamp } from "../ledger/pipeline.ts";
import { ConfigError } from "../core/errors.ts";

/** The demo database is never an import's target: real rows must not mix with synthetic ones. */
export function checkImportTarget(path: string): void {
  if (resolve(path) === resolve(process.cwd(), DEMO_DB_PATH)) {
    throw new ConfigError(`${path} holds the demo data; import into your own database instead (--db PATH, default data/budget.db)`);
  }
}

/**
 * Create the budget database at `path` when there is none: the pipeline's tables and the
 * default categories. It is built under a temporary name and linked into place, so a
 * server watching for the file (src/ledger/reader.ts) never opens a half-made one; a link,
 * not a rename, because a rename would replace the file another import created meanwhile
 * (and is maybe writing to). Returns whether it was created.
 */
export function ensureBudgetDb(path: string, now: Date = new Date()): boolean {
  checkImportTarget(path);
  if (existsSync(path)) return false;
  mkdirSync(dirname(path), { recursive: true });
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.creating`);
  rmSync(tmp, { force: true });
  const db = new Database(tmp, { create: true, readwrite: true });
  try {
    db.transaction(() => {
      db.run(PIPELINE_DDL);
      const insert = db.prepare("INSERT INTO categories (name, description, created_at) VALUES (?, ?, ?)");
      const at = pipelineTimestamp(now);
      for (const [name, description] of CATEGORY_DESCRIPTIONS) insert.run(name, description, at);
    })();
  } finally {
    db.close();
  }
  try {
    linkSync(tmp, path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    return false; // another import created it first: that one is the database
  } finally {
    rmSync(tmp, { force: true });
  }
  return true;
}

/** Whether `transactions` has the `account` column an import fills (SPEC §10). */
export function hasAccountColumn(db: Database): boolean {
  return (db.query("SELECT 1 FROM pragma_table_info('transactions') WHERE name = 'account'").get() ?? null) !== null;
}

/** Add the nullable `account` column when absent (inside the import's transaction: it rolls back with it). */
export function ensureAccountColumn(db: Database): void {
  if (!hasAccountColumn(db)) db.run("ALTER TABLE transactions ADD COLUMN account TEXT");
}
