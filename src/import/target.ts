/**
 * The database an import writes to (SPEC §10): the configured budget.db, created when
 * absent exactly as the pipeline would create it (its DDL, then the 17 default
 * categories with their descriptions), so budget-analyser can keep importing into it.
 */
import { Database } from "bun:sqlite";
import { existsSync, linkSync, mkdirSync, rmSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { CATEGORY_DESCRIPTIONS, REQUIRED_TRANSACTION_COLUMNS } from "../ledger/schema.ts";
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

/** Columns of the pipeline's `transactions` an import writes besides the ones every tool reads (SPEC §1). */
const IMPORT_WRITES = ["transaction_id", "source", "confidence", "import_batch", "created_at"] as const;

/**
 * Refuses a budget database an import (or classification) could not write, naming every column it lacks (a hand-made table of id, date,
 * amount…: the reader needs fewer, but an import writing into it stopped at SQLite's "no such column: transaction_id").
 */
export function checkImportColumns(db: Database, path: string): void {
  const have = new Set((db.query("SELECT name FROM pragma_table_info('transactions')").all() as { name: string }[]).map((c) => c.name));
  const missing = [...REQUIRED_TRANSACTION_COLUMNS, ...IMPORT_WRITES].filter((c) => !have.has(c));
  if (missing.length) {
    throw new ConfigError(
      `${path}: table 'transactions' is missing column${missing.length > 1 ? "s" : ""} ${missing.map((m) => `'${m}'`).join(", ")}, which budget-chat writes when it imports or classifies (the pipeline's schema)`,
    );
  }
}

/** Whether `transactions` has the `account` column an import fills (SPEC §10). */
export function hasAccountColumn(db: Database): boolean {
  return (db.query("SELECT 1 FROM pragma_table_info('transactions') WHERE name = 'account'").get() ?? null) !== null;
}

/** Add the nullable `account` column when absent (inside the import's transaction: it rolls back with it). */
export function ensureAccountColumn(db: Database): void {
  if (!hasAccountColumn(db)) db.run("ALTER TABLE transactions ADD COLUMN account TEXT");
}

/**
 * The import's own tables in budget.db (SPEC §10.1), created when absent inside the import's
 * transaction; the pipeline ignores them. transaction_details: every imported row's facts and its
 * origin (file, checksum, line). account_balances: each statement's checked closing balance, with
 * the opening it was checked from (a later statement whose opening differs from it shows a
 * missing statement in data_coverage).
 */
export const IMPORT_TABLES_DDL = `
CREATE TABLE IF NOT EXISTS transaction_details (
  transaction_id TEXT PRIMARY KEY,
  counterparty TEXT,
  counterparty_iban TEXT,
  purpose TEXT,
  reference TEXT,
  value_date TEXT,
  original_amount REAL,
  original_currency TEXT,
  exchange_rate REAL,
  fees REAL,
  balance_after REAL,
  source_file TEXT NOT NULL,
  source_sha256 TEXT NOT NULL,
  source_line INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS account_balances (
  account TEXT,
  currency TEXT NOT NULL,
  date TEXT NOT NULL,
  balance REAL NOT NULL,
  source_file TEXT NOT NULL,
  opening_date TEXT,
  opening_balance REAL,
  entries INTEGER,
  import_batch TEXT
);
CREATE INDEX IF NOT EXISTS account_balances_account ON account_balances(account, currency, date);
`;

export function ensureImportTables(db: Database): void {
  db.run(IMPORT_TABLES_DDL);
}

const hasTable = (db: Database, name: string) => db.query("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?").get(name) !== null;

/** The currency most rows are in (trimmed, upper case), or null for an empty database. */
export function mainCurrency(db: Database): string | null {
  const row = db.query("SELECT upper(trim(currency)) AS c, count(*) AS n FROM transactions GROUP BY 1 ORDER BY n DESC LIMIT 1").get() as { c: string } | null;
  return row && /^[A-Z]{3}$/.test(row.c) ? row.c : null;
}

/** Each account's main currency (the one most of its rows are in): a CSV naming none takes its account's (SPEC §10.1). */
export function accountCurrencies(db: Database): Record<string, string> {
  if (!hasAccountColumn(db)) return {};
  const out: Record<string, string> = {};
  const rows = db
    .query("SELECT account, upper(trim(currency)) AS c, count(*) AS n FROM transactions WHERE account IS NOT NULL AND account <> '' GROUP BY 1, 2 ORDER BY n DESC")
    .all() as { account: string; c: string }[];
  for (const r of rows) if (!(r.account in out) && /^[A-Z]{3}$/.test(r.c)) out[r.account] = r.c;
  return out;
}

/** The latest checked balance of an account and currency dated before `day`, or null. */
export function accountBalancesBefore(db: Database, account: string, currency: string, day: string): { date: string; balance: number; sourceFile: string } | null {
  if (!hasTable(db, "account_balances")) return null;
  return db
    .query("SELECT date, balance, source_file AS sourceFile FROM account_balances WHERE account = ? AND currency = ? AND date < ? ORDER BY date DESC, rowid DESC LIMIT 1")
    .get(account, currency, day) as { date: string; balance: number; sourceFile: string } | null;
}
