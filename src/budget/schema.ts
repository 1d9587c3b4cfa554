/**
 * The budget-analyser pipeline's own DDL (SPEC §1). budget-chat never creates these
 * tables in a user's database; the demo generator and test fixtures use this DDL so
 * they are exactly what the pipeline writes.
 */
export const PIPELINE_DDL = `
CREATE TABLE IF NOT EXISTS transactions (
  id INTEGER PRIMARY KEY,
  date TEXT NOT NULL,
  raw_description TEXT NOT NULL,
  amount REAL NOT NULL,
  currency TEXT NOT NULL,
  merchant_name TEXT NOT NULL,
  category TEXT NOT NULL,
  source TEXT NOT NULL,
  confidence REAL NOT NULL,
  transaction_id TEXT NOT NULL UNIQUE,
  import_batch TEXT,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS categories (
  name TEXT PRIMARY KEY,
  description TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS merchant_cache (
  raw_key PRIMARY KEY,
  merchant_name TEXT NOT NULL,
  category TEXT NOT NULL,
  confidence REAL NOT NULL,
  source TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS import_log (
  id INTEGER PRIMARY KEY,
  filename TEXT NOT NULL,
  row_count INTEGER NOT NULL,
  imported_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS few_shot_examples (
  id INTEGER PRIMARY KEY,
  raw_description TEXT NOT NULL,
  merchant_name TEXT NOT NULL,
  category TEXT NOT NULL,
  created_at TEXT NOT NULL
);
`;

/** Columns every tool reads. Anything else (source, confidence, …) is optional for reading. */
export const REQUIRED_TRANSACTION_COLUMNS = [
  "id",
  "date",
  "raw_description",
  "amount",
  "currency",
  "merchant_name",
  "category",
] as const;

/** SQL expressions that give NULLs their documented meaning (SPEC §1). */
export const MERCHANT_SQL = "COALESCE(merchant_name, '(unknown merchant)')";
export const CATEGORY_SQL = "COALESCE(category, 'Uncategorised')";
