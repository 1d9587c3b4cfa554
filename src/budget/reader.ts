import { Database, type SQLQueryBindings } from "bun:sqlite";
import { existsSync } from "node:fs";
import { CATEGORY_SQL, REQUIRED_TRANSACTION_COLUMNS } from "./schema.ts";

/** Named parameters of a statement (`$name` in the SQL, `{ name }` here: connections use strict: true). */
export type SqlParams = Record<string, string | number | bigint | boolean | null>;

export type Category = { name: string; description: string };

export type DataSummary = {
  transactionCount: number;
  firstDate: string | null;
  lastDate: string | null;
  currency: string;
  /** Rows per category, most rows first. */
  categoryCounts: { category: string; count: number }[];
  categories: Category[];
};

/** How long a reader waits for another program's lock on budget.db (an import) before giving up. */
export const BUDGET_BUSY_TIMEOUT_MS = 5000;

/** budget.db stayed locked by another program (say a pipeline import) for longer than we wait. Retry later. */
export class BudgetDbLocked extends Error {
  override name = "BudgetDbLocked";
  constructor() {
    super("The budget database is locked by another program (an import may be running). Retry in a moment.");
  }
}

/** SQLite's "database is locked". */
function isLocked(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return (typeof code === "string" && code.startsWith("SQLITE_BUSY")) || /database is locked/i.test((err as Error)?.message ?? "");
}

/** A budget database that is missing, foreign or incomplete. The message says what. */
export class BudgetDbError extends Error {
  override name = "BudgetDbError";
}

/**
 * The user's budget database, opened read-only. The pipeline may import while we
 * run, so we wait on its locks (busy timeout) and re-read the summary whenever
 * SQLite's data_version says another connection committed.
 */
export class BudgetDb {
  private readonly db: Database;
  readonly path: string;
  private cachedSummary: DataSummary | null = null;
  private cachedVersion = -1;

  private constructor(
    db: Database,
    path: string,
    /** Synthetic demo data (the web page says so with a banner). */
    readonly demo: boolean,
  ) {
    this.db = db;
    this.path = path;
  }

  static open(path: string, opts: { demo?: boolean } = {}): BudgetDb {
    if (!existsSync(path)) throw new BudgetDbError(`budget database not found: ${path}`);
    let db: Database;
    try {
      db = new Database(path, { readonly: true, strict: true });
      db.run("PRAGMA busy_timeout = 5000");
      db.query("SELECT count(*) FROM sqlite_schema").get();
    } catch (e) {
      throw new BudgetDbError(`${path} is not a SQLite database (${(e as Error).message})`);
    }
    const problem = schemaProblem(db);
    if (problem) {
      db.close();
      throw new BudgetDbError(`${path} is not a budget-analyser database: ${problem}`);
    }
    return new BudgetDb(db, path, opts.demo ?? false);
  }

  close(): void {
    this.db.close();
  }

  /** Every row of a query (the statement is prepared once per SQL text and cached). */
  all<T>(sql: string, params: SqlParams = {}): T[] {
    return this.db.query(sql).all(params as SQLQueryBindings) as T[];
  }

  /** The first row of a query, or null. */
  get<T>(sql: string, params: SqlParams = {}): T | null {
    return (this.db.query(sql).get(params as SQLQueryBindings) as T | null) ?? null;
  }

  /** Changes whenever another connection commits to the file. */
  dataVersion(): number {
    return (this.db.query("PRAGMA data_version").get() as { data_version: number }).data_version;
  }

  hasTable(name: string): boolean {
    return !!this.db.query("SELECT 1 FROM sqlite_schema WHERE type='table' AND name=?").get(name);
  }

  /** Category names with descriptions; falls back to the distinct transaction categories. */
  categories(): Category[] {
    return this.summary().categories;
  }

  summary(): DataSummary {
    const version = this.dataVersion();
    if (this.cachedSummary && version === this.cachedVersion) return this.cachedSummary;
    this.cachedVersion = version;
    this.cachedSummary = this.readSummary();
    return this.cachedSummary;
  }

  /**
   * The summary for pages, which must never wait on another program's lock: the current
   * one when the file can be read at once, else the last one read (waits only if none
   * was ever read).
   */
  summaryOrLast(): DataSummary {
    if (!this.cachedSummary) return this.summary();
    try {
      return this.withoutWaiting(() => this.summary());
    } catch (e) {
      if (isLocked(e)) return this.cachedSummary;
      throw e;
    }
  }

  /**
   * Resolves once the file can be read (and the summary is current), waiting for another
   * program's lock without blocking the event loop (SQLite's own busy wait would freeze
   * the whole server); rejects with BudgetDbLocked after `timeoutMs`.
   */
  async whenReadable(timeoutMs = BUDGET_BUSY_TIMEOUT_MS): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (true) {
      try {
        this.withoutWaiting(() => this.summary());
        return;
      } catch (e) {
        if (!isLocked(e)) throw e;
      }
      if (Date.now() >= deadline) throw new BudgetDbLocked();
      await Bun.sleep(50);
    }
  }

  private withoutWaiting<T>(fn: () => T): T {
    this.db.run("PRAGMA busy_timeout = 0");
    try {
      return fn();
    } finally {
      this.db.run(`PRAGMA busy_timeout = ${BUDGET_BUSY_TIMEOUT_MS}`);
    }
  }

  private readSummary(): DataSummary {
    const totals = this.db
      .query("SELECT count(*) AS n, min(date) AS first, max(date) AS last FROM transactions")
      .get() as { n: number; first: string | null; last: string | null };
    const currency =
      (
        this.db
          .query("SELECT currency, count(*) AS n FROM transactions GROUP BY currency ORDER BY n DESC LIMIT 1")
          .get() as { currency: string } | null
      )?.currency ?? "CHF";
    const categoryCounts = this.db
      .query(`SELECT ${CATEGORY_SQL} AS category, count(*) AS count FROM transactions GROUP BY 1 ORDER BY count DESC, category`)
      .all() as { category: string; count: number }[];
    let categories: Category[];
    if (this.hasTable("categories")) {
      categories = this.db
        .query("SELECT name, COALESCE(description, '') AS description FROM categories ORDER BY name")
        .all() as Category[];
    } else {
      categories = categoryCounts
        .map((c) => ({ name: c.category, description: "" }))
        .sort((a, b) => a.name.localeCompare(b.name));
    }
    // Rows may carry a category the categories table does not list (hand edits, NULL → Uncategorised).
    const known = new Set(categories.map((c) => c.name.toLowerCase()));
    for (const c of categoryCounts) {
      if (!known.has(c.category.toLowerCase())) {
        categories.push({ name: c.category, description: "" });
        known.add(c.category.toLowerCase());
      }
    }
    return {
      transactionCount: totals.n,
      firstDate: totals.first,
      lastDate: totals.last,
      currency,
      categoryCounts,
      categories,
    };
  }
}

/** Why this file cannot serve as a budget database, or null when it can. */
function schemaProblem(db: Database): string | null {
  const cols = db.query("SELECT name FROM pragma_table_info('transactions')").all() as { name: string }[];
  if (cols.length === 0) return "missing table 'transactions'";
  const have = new Set(cols.map((c) => c.name));
  const missing = REQUIRED_TRANSACTION_COLUMNS.filter((c) => !have.has(c));
  if (missing.length) return `table 'transactions' is missing column${missing.length > 1 ? "s" : ""} ${missing.map((m) => `'${m}'`).join(", ")}`;
  const catCols = db.query("SELECT name FROM pragma_table_info('categories')").all() as { name: string }[];
  if (catCols.length > 0) {
    const names = new Set(catCols.map((c) => c.name));
    const catMissing = ["name", "description"].filter((c) => !names.has(c));
    if (catMissing.length) return `table 'categories' is missing column${catMissing.length > 1 ? "s" : ""} ${catMissing.map((m) => `'${m}'`).join(", ")}`;
  }
  return null;
}
