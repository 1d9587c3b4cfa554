import { editDistance } from "../core/edit-distance.ts";
import { constants, Database, type SQLQueryBindings } from "bun:sqlite";
import { accessSync, closeSync, constants as fsConstants, existsSync, openSync, readSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { foldCategory, type Ledger } from "./ledger.ts";
import { loadLedger, loadLedgerInSlices } from "./ledger-load.ts";
import { loadLedgerInWorker } from "./ledger-offthread.ts";
import { TimeSlices } from "../core/time-slices.ts";
import { identityOf, readCachedLedger, writeCachedLedger } from "./ledger-cache.ts";
import { dayToIso, parseDay } from "./calendar.ts";
import { REQUIRED_TRANSACTION_COLUMNS } from "./schema.ts";
import { isBusyError } from "../core/errors.ts";
import { registerSearchFunction } from "../core/search-text.ts";
import { loadTransactionDetails, type TransactionDetail } from "./details.ts";
import { readStarterFacts, type StarterFacts, starterFactsOfLedger } from "./starter-facts.ts";
import { counterpartyKeys, findSeries, merchantKeys, type Series, type SeriesKeys } from "./recurring.ts";

/** Named parameters of a statement (`$name` in the SQL, `{ name }` here: connections use strict: true). */
export type SqlParams = Record<string, string | number | bigint | boolean | null>;

export type Category = { name: string; description: string };

export type DataSummary = {
  /** Rows with a well-formed date and amount: the rows every figure is made of. */
  transactionCount: number;
  /** Rows left out of every figure because their date is not a real YYYY-MM-DD day. */
  malformedDates: number;
  /** Rows left out of every figure because their amount is not finite or beyond ±1e12 (SPEC §13). */
  badAmounts: number;
  firstDate: string | null;
  lastDate: string | null;
  /** The main currency (most rows); CHF for an empty database. */
  currency: string;
  /** Rows per currency, most first. */
  currencies: { currency: string; count: number }[];
  /** Rows per category, most rows first. */
  categoryCounts: { category: string; count: number }[];
  /** Rows per account (the import's account column), most first; empty without that column. */
  accounts: { account: string; count: number }[];
  /** Every category name: the categories table's and any other that transactions carry (case-sensitive). */
  categories: Category[];
  /** The newest import_log.imported_at as stored; null when no import is recorded (or there is no import_log). */
  lastImport: string | null;
};

/** Up to this many rows a page may read the starter questions' facts with one SELECT on the spot (starterFacts): well under 100 ms. */
const QUICK_FACTS_ROWS = 100_000;

/** How long a reader waits for another program's lock on budget.db (an import) before giving up. */
export const BUDGET_BUSY_TIMEOUT_MS = 5000;

/** budget.db stayed locked by another program (say a pipeline import) for longer than we wait. Retry later. */
export class BudgetDbLocked extends Error {
  override name = "BudgetDbLocked";
  /** SQLite's own code: whoever waits on a busy database (whenReadable) waits on this too. */
  readonly code = "SQLITE_BUSY";
  constructor() {
    super("The budget database is locked by another program (an import may be running). Retry in a moment.");
  }
}

/**
 * A read of budget.db: another program's lock that outlasted the busy timeout is said to be budget.db's (a bare
 * SQLITE_BUSY reads as chat.db's to the web's error handler, which told a user editing a transaction, adding a category
 * or a rule that chat.db was locked).
 */
function lockedAsBudgetDb<T>(read: () => T): T {
  try {
    return read();
  } catch (e) {
    throw isBusyError(e) && !(e instanceof BudgetDbLocked) ? new BudgetDbLocked() : e;
  }
}

/** A category's role in the figures (SPEC §1). */
export type Role = "income" | "notSpending" | "spending";

/** The not-spending categories unless configured (--not-spending / NOT_SPENDING). */
export const DEFAULT_NOT_SPENDING = ["Transfers", "Investments"];

/**
 * Whether a not-spending category holds investments (what was invested) rather than money moved between own accounts,
 * told by its name ("Investments", "Investitionen", "Investissements").
 */
export function isInvestmentCategory(name: string): boolean {
  return /invest/i.test(name);
}
const INCOME = "income";

/** A budget database that is missing, foreign or incomplete. The message says what. */
export class BudgetDbError extends Error {
  override name = "BudgetDbError";
}

/** The budget database is there and is a database, but another program's write lock outlasted the busy timeout. */
export class BudgetDbBusyError extends BudgetDbError {
  override name = "BudgetDbBusyError";
}

/**
 * The user's budget database, opened read-only. The pipeline may import while we
 * run, so we wait on its locks (busy timeout) and re-read the summary whenever
 * SQLite's data_version says another connection committed.
 */
export class BudgetDb {
  private db: Database;
  private currentPath: string;
  private isDemo: boolean;
  private cached: Snapshot | null = null;
  /** Lower-cased, for matching roles in any letter case. */
  private readonly notSpending: Set<string>;
  /** The not-spending list came from the user (--not-spending, NOT_SPENDING), not the default: its names are checked. */
  private notSpendingGiven = false;
  private readonly switchListeners: ((path: string) => void)[] = [];
  /** A rebuild in slices under way (refreshInSlices): meanwhile the last ledger serves. */
  private refreshing: Promise<void> | null = null;

  private constructor(
    db: Database,
    path: string,
    demo: boolean,
    /** The not-spending categories as configured. */
    readonly notSpendingNames: readonly string[],
    /** Demo data only: the real database it stands in for until that file exists. */
    private readonly realPath: string | null,
    /** Keep the ledger in a cache file beside the database (ledger-cache.ts), and read it from there. */
    private readonly ledgerCache: boolean,
  ) {
    // Searches in SQL (an approval's preview) fold as the ledger's do.
    registerSearchFunction(db);
    this.db = db;
    this.currentPath = path;
    this.isDemo = demo;
    this.notSpending = new Set(notSpendingNames.map(foldCategory));
  }

  get path(): string {
    this.switchToRealWhenPresent();
    return this.currentPath;
  }

  /**
   * Whether a change could be written to this file now (the file and its folder, where SQLite
   * keeps its journal, are writable for this user): the chat offers the tools that change data
   * only then. Asked per question (two access() calls).
   */
  get writable(): boolean {
    const path = this.path;
    try {
      accessSync(path, fsConstants.W_OK);
      accessSync(dirname(path), fsConstants.W_OK);
      return true;
    } catch {
      return false;
    }
  }

  /** Synthetic demo data (the web page says so with a banner). */
  get demo(): boolean {
    this.switchToRealWhenPresent();
    return this.isDemo;
  }

  /**
   * `notSpending`: the categories that are neither spending nor income (default
   * Transfers, Investments). Roles match names case-insensitively, so a lower-case
   * `transfers` left by a hand edit is still a transfer.
   */
  static open(
    path: string,
    opts: { demo?: boolean; notSpending?: readonly string[]; notSpendingGiven?: boolean; realPath?: string; ledgerCache?: boolean } = {},
  ): BudgetDb {
    if (!existsSync(path)) throw new BudgetDbError(`budget database not found: ${path}`);
    if (statSync(path).isDirectory()) {
      throw new BudgetDbError(`${path} is a directory, not a database file: give the path of the .db file itself (e.g. ${join(path, "budget.db")})`);
    }
    let db: Database | undefined;
    try {
      db = new Database(path, { readonly: true, strict: true });
      db.run(`PRAGMA busy_timeout = ${BUDGET_BUSY_TIMEOUT_MS}`);
      db.query("SELECT count(*) FROM sqlite_schema").get();
    } catch (e) {
      db?.close();
      db = afterHotJournal(path) ?? openImmutable(path, e as Error & { code?: string }) ?? undefined;
      if (!db) {
        const err = e as Error & { code?: string };
        throw isBusyError(err) ? new BudgetDbBusyError(`${path} is locked by another program's write; try again in a moment`) : new BudgetDbError(openProblem(path, err));
      }
    }
    const problem = schemaProblem(db);
    if (problem) {
      db.close();
      throw new BudgetDbError(`${path} is not a budget-analyser database: ${problem}`);
    }
    const opened = new BudgetDb(db, path, opts.demo ?? false, opts.notSpending ?? DEFAULT_NOT_SPENDING, opts.demo ? (opts.realPath ?? null) : null, opts.ledgerCache ?? false);
    opened.notSpendingGiven = opts.notSpendingGiven ?? false;
    return opened;
  }

  close(): void {
    this.db.close();
  }

  /** Hear when demo data gives way to the real database (the server's lease follows it). */
  onSwitch(listener: (path: string) => void): void {
    this.switchListeners.push(listener);
  }

  /** Every row of a query (the statement is prepared once per SQL text and cached). */
  all<T>(sql: string, params: SqlParams = {}): T[] {
    return lockedAsBudgetDb(() => this.db.query(sql).all(params as SQLQueryBindings) as T[]);
  }

  /** The rows of a query one at a time (a scan of every row that need not hold them all). */
  iterate<T>(sql: string, params: SqlParams = {}): IterableIterator<T> {
    return this.db.query(sql).iterate(params as SQLQueryBindings) as IterableIterator<T>;
  }

  /** The first row of a query, or null. */
  get<T>(sql: string, params: SqlParams = {}): T | null {
    return lockedAsBudgetDb(() => (this.db.query(sql).get(params as SQLQueryBindings) as T | null) ?? null);
  }

  /** Changes whenever another connection commits to the file. */
  dataVersion(): number {
    return lockedAsBudgetDb(() => (this.db.query("PRAGMA data_version").get() as { data_version: number }).data_version);
  }

  hasTable(name: string): boolean {
    return lockedAsBudgetDb(() => !!this.db.query("SELECT 1 FROM sqlite_schema WHERE type='table' AND name=?").get(name));
  }

  /** Category names with descriptions; categories only transactions carry have an empty description. */
  categories(): Category[] {
    return this.summary().categories;
  }

  /**
   * The not-spending list the user gave (--not-spending, NOT_SPENDING) against the categories there are now: a name that
   * folds to none (a typo, "Transfer"; a category not added yet) leaves the category meant counted as spending. Null
   * when every name is a category or the list is the default. Asked afresh each time: categories change while running.
   */
  notSpendingWarning(): string | null {
    if (!this.notSpendingGiven) return null;
    const names = this.categories().map((c) => c.name);
    const known = new Set(names.map(foldCategory));
    const unknown = this.notSpendingNames.filter((n) => !known.has(foldCategory(n)));
    if (!unknown.length) return null;
    const named = unknown.map((n) => {
      const near = closestName(n, names);
      return near ? `"${n}" (did you mean ${near}?)` : `"${n}"`;
    });
    return (
      `--not-spending (NOT_SPENDING) names ${named.join(", ")}, which ${unknown.length === 1 ? "is" : "are"} no category of the budget database: ` +
      `only the categories it names are not spending, every other one counts as spending.`
    );
  }

  /** The role of a category name in the figures. */
  roleOf(category: string): Role {
    const name = foldCategory(category);
    return name === INCOME ? "income" : this.notSpending.has(name) ? "notSpending" : "spending";
  }

  /**
   * Every transaction with a well-formed date, in memory (src/ledger/ledger.ts): the
   * tools compute from it. Rebuilt when another connection (the import pipeline) has
   * committed since, as SQLite's data_version tells.
   */
  ledger(): Ledger {
    return this.fresh().ledger;
  }

  summary(): DataSummary {
    return this.fresh().summary;
  }

  /**
   * The import's facts per transaction (`transaction_details`, SPEC §10.1) by transactions.id,
   * read once per version of the data, at the first question that needs them; empty without the table.
   */
  details(): Map<number, TransactionDetail> {
    const c = this.fresh();
    return (c.details ??= loadTransactionDetails(this.db));
  }

  /**
   * The recurring obligations over all the data (SPEC §2.1: money out of the spending
   * categories, at least 3 cycles), found once per version of the data: unusual_transactions
   * leaves their expected payments out, the budget projection counts what they still owe.
   */
  recurring(): Series[] {
    const c = this.fresh();
    if (!c.recurring) {
      const l = c.ledger;
      const spending = Uint8Array.from(l.categoryNames, (n) => (this.roleOf(n) === "spending" ? 1 : 0));
      const all = (pick: (i: number) => boolean) => (fn: (i: number) => void) => {
        for (let i = 0; i < l.size; i++) if (pick(i)) fn(i);
      };
      c.recurring = findSeries(l, all((i) => l.amount[i]! < 0 && spending[l.category[i]!] === 1), 3, l.lastDay ?? 0, {
        keys: this.seriesKeys(),
        inflows: all((i) => l.amount[i]! > 0),
      });
    }
    return c.recurring;
  }

  /**
   * The ledger rows that have details, ascending, with their details (for scans over a period:
   * a date range is a slice of rows, so of this list too).
   */
  detailRows(): { rows: Int32Array; details: TransactionDetail[] } {
    const c = this.fresh();
    if (!c.detailRows) {
      const details = this.details();
      const rows: number[] = [];
      const found: TransactionDetail[] = [];
      if (details.size) {
        const l = c.ledger;
        for (let i = 0; i < l.size; i++) {
          const d = details.get(l.id[i]!);
          if (d) {
            rows.push(i);
            found.push(d);
          }
        }
      }
      c.detailRows = { rows: Int32Array.from(rows), details: found };
    }
    return c.detailRows;
  }

  /**
   * What a tool derives from the whole data once per version of it (say every payment's verdict
   * of unusual_transactions, which depends only on earlier rows): made at the first call that
   * needs it after a change, then reused, so a call answers for its period alone.
   */
  perVersion<T>(key: string, make: (ledger: Ledger) => T): T {
    const c = this.fresh();
    c.derived ??= new Map();
    if (!c.derived.has(key)) c.derived.set(key, make(c.ledger));
    return c.derived.get(key) as T;
  }

  /** Whom each row is paid to, for recurring series: its merchant, or the bank's counterparty where the import knew no merchant. */
  seriesKeys(): SeriesKeys {
    const c = this.fresh();
    if (!c.keys) {
      const details = this.details();
      c.keys = details.size ? counterpartyKeys(c.ledger, (id) => details.get(id)?.counterparty ?? null) : merchantKeys(c.ledger);
    }
    return c.keys;
  }

  /**
   * The summary for pages, which must never wait on another program's lock: the current
   * one when the file can be read at once, else the last one read (waits only if none
   * was ever read).
   */
  summaryOrLast(): DataSummary {
    return this.currentOrLast().summary;
  }

  /**
   * What a page says about the data (how many rows, first and last day, the main currency, the
   * last import) without waiting for the ledger: from the ledger's summary when the ledger of
   * this version is read already, else from one SQL statement, made once per version (the
   * first page after a start at 1M rows is not held up by reading the ledger). Until the ledger
   * is read, the row count includes rows with malformed dates or amounts and the main currency
   * is the one most of the latest 5,000 rows carry. Never waits on another program's lock
   * either: the last overview read will do.
   */
  overview(): DataOverview {
    try {
      return this.withoutWaiting(() => {
        this.switchToRealWhenPresent();
        const version = this.dataVersion();
        if (this.cached?.version === version) return overviewOf(this.cached.summary);
        if (this.quick?.version !== version) this.quick = { version, overview: this.readOverview() };
        return this.quick.overview;
      });
    } catch (e) {
      const last = this.cached ? overviewOf(this.cached.summary) : this.quick?.overview;
      if (isBusyError(e) && last) return last;
      throw e;
    }
  }

  /**
   * What the chat's starter questions are made of (starter-facts.ts), for pages, once per version
   * of the data: from the ledger when it is read already, else from one grouped SELECT when the data
   * is small (up to QUICK_FACTS_ROWS rows: a few milliseconds), so a page does not wait for the
   * ledger. Null when neither is at hand (a page then does without, until a question reads the
   * ledger). Never waits on another program's lock either: the facts last made will do.
   */
  starterFacts(): StarterFacts | null {
    try {
      const small = this.overview().transactionCount <= QUICK_FACTS_ROWS;
      return this.withoutWaiting(() => {
        const version = this.dataVersion();
        if (this.starter?.version === version) return this.starter.facts;
        const isSpending = (c: string) => this.roleOf(c) === "spending";
        const ledger = this.cached?.version === version ? this.cached : null;
        if (!ledger && !small) return null;
        const facts = ledger ? starterFactsOfLedger(ledger.ledger, ledger.summary, isSpending) : readStarterFacts(this.db, isSpending);
        this.starter = { version, facts };
        return facts;
      });
    } catch (e) {
      if (isBusyError(e)) return this.starter?.facts ?? null;
      throw e;
    }
  }

  private starter: { version: number; facts: StarterFacts } | null = null;

  private quick: { version: number; overview: DataOverview } | null = null;

  private readOverview(): DataOverview {
    const row = this.get<{ n: number; currency: string | null; lastImport: unknown }>(
      `SELECT count(*) AS n,
         (SELECT upper(trim(currency)) FROM (SELECT currency FROM transactions ORDER BY rowid DESC LIMIT 5000) GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1) AS currency,
         ${this.hasTable("import_log") ? "(SELECT max(imported_at) FROM import_log)" : "NULL"} AS lastImport
       FROM transactions`,
    )!;
    return {
      transactionCount: row.n,
      firstDate: this.endDay("ASC"),
      lastDate: this.endDay("DESC"),
      currency: row.currency || "CHF",
      lastImport: typeof row.lastImport === "string" ? row.lastImport : null,
    };
  }

  /**
   * The first or last well-formed day (as the ledger reads them: calendar.ts parseDay), walking the
   * date index from that end: the GLOB lets through shapes like "2025-13-01" or "2025-02-30", which
   * sort among the real days, so each candidate is checked until one is a day.
   */
  private endDay(order: "ASC" | "DESC"): string | null {
    const candidates = this.db
      .query(`SELECT date FROM transactions WHERE date GLOB '[0-9][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]*' ORDER BY date ${order}`)
      .iterate() as IterableIterator<{ date: string }>;
    for (const { date } of candidates) {
      const day = parseDay(date);
      if (day !== null) return dayToIso(day);
    }
    return null;
  }

  private currentOrLast(): { ledger: Ledger; summary: DataSummary } {
    const last = this.cached;
    if (!last) return this.fresh();
    try {
      return this.withoutWaiting(() => this.fresh());
    } catch (e) {
      if (isBusyError(e)) return last;
      throw e;
    }
  }

  /**
   * Resolves once the file can be read, with the current ledger and summary, waiting for
   * another program's lock without blocking the event loop (SQLite's own busy wait would
   * freeze the whole server); rejects with BudgetDbLocked after `timeoutMs`.
   */
  async whenReadable(timeoutMs = BUDGET_BUSY_TIMEOUT_MS): Promise<{ ledger: Ledger; summary: DataSummary }> {
    const deadline = Date.now() + timeoutMs;
    while (true) {
      try {
        return this.withoutWaiting(() => this.fresh());
      } catch (e) {
        if (!isBusyError(e)) throw e;
      }
      if (Date.now() >= deadline) throw new BudgetDbLocked();
      await Bun.sleep(50);
    }
  }

  private withoutWaiting<T>(fn: () => T): T {
    // Prepared once (query caches by text): these run at every question.
    this.db.query("PRAGMA busy_timeout = 0").run();
    try {
      return fn();
    } finally {
      this.db.query(`PRAGMA busy_timeout = ${BUDGET_BUSY_TIMEOUT_MS}`).run();
    }
  }

  /**
   * Demo data stands in for the real database only until that file exists: the first
   * import creates it (src/import/target.ts builds it aside and renames it into place),
   * and from the next read on, everything that holds this object (pages, the chat, the
   * tools, approvals) reads the real one, without a restart. A file that is not (yet) a
   * budget database is ignored until it is.
   */
  private switchToRealWhenPresent(): void {
    if (!this.isDemo || this.realPath === null || !existsSync(this.realPath)) return;
    let real: BudgetDb;
    try {
      real = BudgetDb.open(this.realPath, { notSpending: this.notSpendingNames, notSpendingGiven: this.notSpendingGiven, ledgerCache: this.ledgerCache });
    } catch {
      return;
    }
    this.db.close();
    this.db = real.db;
    this.currentPath = real.currentPath;
    this.isDemo = false;
    // What was read of the demo data, keyed by a version the new connection counts afresh (PRAGMA data_version).
    this.cached = null;
    this.starter = null;
    this.quick = null;
    for (const listener of this.switchListeners) listener(this.currentPath);
  }

  /**
   * Rebuild the in-memory ledger in time slices, when another connection committed since
   * (after a big import or its undo: a million rows take a second or more). The event loop
   * goes on meanwhile; readers that come in get the last ledger until the new one is ready
   * (rather than a second, blocking rebuild).
   */
  refreshInSlices(): Promise<void> {
    this.switchToRealWhenPresent();
    if (this.refreshing) return this.refreshing;
    const version = this.dataVersion();
    if (this.cached?.version === version) return Promise.resolve();
    const db = this.db;
    const slices = new TimeSlices();
    // Built in a worker (ledger-offthread.ts); where it cannot read the file as it is, on this connection in slices.
    this.refreshing = loadLedgerInWorker(this.currentPath, BUDGET_BUSY_TIMEOUT_MS, slices)
      .catch(() => loadLedgerInSlices(db, slices))
      .then(async (ledger) => {
        // A million rows counted in slices too: at a commit's end this was the thread's longest piece of work.
        const counts = emptyRowCounts(ledger);
        for (const _ of countRows(ledger, counts)) if (slices.due()) await slices.pause();
        if (this.db === db) this.cached = { version, ledger, summary: this.readSummary(ledger, counts) };
      })
      .finally(() => (this.refreshing = null));
    return this.refreshing;
  }

  private fresh(): Snapshot {
    return lockedAsBudgetDb(() => this.freshOrBusy());
  }

  private freshOrBusy(): Snapshot {
    this.switchToRealWhenPresent();
    if (this.refreshing && this.cached) return this.cached;
    // The version is read before the data: a commit in between costs one more rebuild, never stale data.
    const version = this.dataVersion();
    if (this.cached?.version !== version) {
      const ledger = this.readLedger();
      const counts = emptyRowCounts(ledger);
      for (const _ of countRows(ledger, counts));
      this.cached = { version, ledger, summary: this.readSummary(ledger, counts) };
    }
    return this.cached;
  }

  /** The ledger: from the cache file when it is this very database's (ledger-cache.ts), else built, and then kept there. */
  private readLedger(): Ledger {
    if (!this.ledgerCache) return loadLedger(this.db);
    const path = this.currentPath;
    const before = identityOf(path);
    if (!before) return loadLedger(this.db);
    const cached = readCachedLedger(path, before);
    if (cached) return cached;
    const readAt = Date.now();
    const ledger = loadLedger(this.db);
    writeCachedLedger(path, before, readAt, ledger);
    return ledger;
  }

  /** Read with the summary (so pages never query for it while another program holds a lock). */
  private lastImport(): string | null {
    if (!this.hasTable("import_log")) return null;
    try {
      const at = this.get<{ at: unknown }>("SELECT max(imported_at) AS at FROM import_log")?.at;
      return typeof at === "string" ? at : null;
    } catch (e) {
      if (isBusyError(e)) throw e;
      return null; // a hand-made import_log without imported_at: no import recorded, as far as we can tell
    }
  }

  private readSummary(l: Ledger, { byCurrency, byCategory, byAccount }: RowCounts): DataSummary {
    const currencies = l.currencies
      .map((currency, i) => ({ currency, count: byCurrency[i]! }))
      .filter((c) => c.count > 0)
      .sort((a, b) => b.count - a.count || a.currency.localeCompare(b.currency));
    const categoryCounts = l.categoryNames
      .map((category, i) => ({ category, count: byCategory[i]! }))
      .filter((c) => c.count > 0)
      .sort((a, b) => b.count - a.count || a.category.localeCompare(b.category));
    // Names equal ignoring case and surrounding spaces are one category (SPEC §1), as in the ledger.
    const categories: Category[] = [];
    const known = new Set<string>();
    const table = this.hasTable("categories")
      ? this.all<Category>("SELECT name, COALESCE(description, '') AS description FROM categories WHERE name IS NOT NULL ORDER BY name")
      : [];
    // Rows may carry a category the categories table does not list (hand edits, NULL → Uncategorised).
    for (const c of [...table, ...l.categoryNames.map((name) => ({ name, description: "" }))]) {
      const name = String(c.name).trim();
      if (name && !known.has(foldCategory(name))) {
        categories.push({ name, description: c.description });
        known.add(foldCategory(name));
      }
    }
    categories.sort((a, b) => a.name.localeCompare(b.name) || (a.name < b.name ? -1 : 1));
    const accounts = l.accounts
      .map((account, k) => ({ account, count: byAccount[k]! }))
      .filter((a) => a.count > 0)
      .sort((a, b) => b.count - a.count || a.account.localeCompare(b.account));
    return {
      lastImport: this.lastImport(),
      transactionCount: l.size,
      malformedDates: l.malformedDates,
      badAmounts: l.badAmounts,
      firstDate: dayToIso(l.firstDay),
      lastDate: dayToIso(l.lastDay),
      currency: currencies[0]?.currency ?? "CHF",
      currencies,
      categoryCounts,
      accounts,
      categories,
    };
  }
}

/** Rows per currency, category and account (indexed as the ledger's dictionaries): the summary's counts. */
type RowCounts = { byCurrency: Int32Array; byCategory: Int32Array; byAccount: Int32Array };

function emptyRowCounts(l: Ledger): RowCounts {
  return { byCurrency: new Int32Array(l.currencies.length), byCategory: new Int32Array(l.categoryNames.length), byAccount: new Int32Array(l.accounts.length) };
}

/** Counts every row into `out` in one pass, stopping every 64k rows so that a caller may pause (refreshInSlices). */
function* countRows(l: Ledger, out: RowCounts): Generator<void> {
  for (let i = 0; i < l.size; i++) {
    out.byCurrency[l.currency[i]!]!++;
    out.byCategory[l.category[i]!]!++;
    const a = l.accountAt(i);
    if (a >= 0) out.byAccount[a]!++;
    if ((i & 0xffff) === 0xffff) yield;
  }
}

/** What a page says about the data (see BudgetDb.overview). */
export type DataOverview = Pick<DataSummary, "transactionCount" | "firstDate" | "lastDate" | "currency" | "lastImport">;

function overviewOf(s: DataSummary): DataOverview {
  return { transactionCount: s.transactionCount, firstDate: s.firstDate, lastDate: s.lastDate, currency: s.currency, lastImport: s.lastImport };
}

/** What is read of one version of the data: the ledger and its summary at once, the rest when first needed. */
type Snapshot = {
  version: number;
  ledger: Ledger;
  summary: DataSummary;
  details?: Map<number, TransactionDetail>;
  keys?: SeriesKeys;
  recurring?: Series[];
  detailRows?: { rows: Int32Array; details: TransactionDetail[] };
  /** perVersion's results, by key. */
  derived?: Map<string, unknown>;
};

/** A WAL-mode database that cannot be opened because its folder is not writable (SQLite would create -shm there). */
function walInReadOnlyFolder(path: string, e: Error & { code?: string }): boolean {
  return (
    e.code === "SQLITE_READONLY_DIRECTORY" ||
    e.code === "SQLITE_CANTOPEN_WAL" ||
    ((/readonly|unable to open/i.test(e.message) || e.code?.startsWith("SQLITE_CANTOPEN") === true) && walMode(path) && !folderWritable(path))
  );
}

function folderWritable(path: string): boolean {
  try {
    accessSync(dirname(path), fsConstants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** Bytes in the database's -wal file (0: none): changes not yet in the main file. */
function walBytes(path: string): number {
  try {
    return statSync(`${path}-wal`).size;
  } catch {
    return 0;
  }
}

/**
 * A writer killed inside its transaction (kill -9, power loss) leaves a hot rollback journal,
 * and a read-only connection cannot roll it back ("attempt to write a readonly database"):
 * the first read-write connection that reads does. Then the file opens read-only again,
 * exactly as it was before that transaction. Null when there is no journal or that fails.
 */
function afterHotJournal(path: string): Database | null {
  if (!existsSync(`${path}-journal`)) return null;
  let db: Database | undefined;
  try {
    const w = new Database(path, { readwrite: true, create: false, strict: true });
    try {
      w.run(`PRAGMA busy_timeout = ${BUDGET_BUSY_TIMEOUT_MS}`);
      w.query("SELECT count(*) FROM sqlite_schema").get();
    } finally {
      w.close();
    }
    db = new Database(path, { readonly: true, strict: true });
    db.run(`PRAGMA busy_timeout = ${BUDGET_BUSY_TIMEOUT_MS}`);
    db.query("SELECT count(*) FROM sqlite_schema").get();
    return db;
  } catch {
    db?.close();
    return null;
  }
}

/**
 * A WAL database in a folder we cannot write (a read-only share, a backup disk) is still
 * readable when every change is in the main file (no -wal content): opened `immutable`,
 * SQLite needs no -shm. Null when that is not safe (the -wal holds changes) or fails.
 * Nobody can commit through such a folder, but another user with rights could: the
 * summary is then as of start-up (immutable turns off change detection).
 */
function openImmutable(path: string, e: Error & { code?: string }): Database | null {
  if (!walInReadOnlyFolder(path, e) || walBytes(path) > 0) return null;
  let db: Database | undefined;
  try {
    const uri = `file:${encodeURI(resolve(path)).replaceAll("?", "%3F").replaceAll("#", "%23")}?immutable=1`;
    db = new Database(uri, constants.SQLITE_OPEN_READONLY | constants.SQLITE_OPEN_URI);
    db.query("SELECT count(*) FROM sqlite_schema").get();
    return db;
  } catch {
    db?.close();
    return null;
  }
}

function openProblem(path: string, e: Error & { code?: string }): string {
  // A WAL-mode database needs its -shm file even to be read; SQLite creates it next to the file.
  if (walInReadOnlyFolder(path, e) || (/readonly/i.test(e.message) && walMode(path))) {
    const pending = walBytes(path);
    return (
      `${path} cannot open read-only: it is in WAL mode${pending ? ` with changes still in ${path}-wal (${pending} bytes)` : ""}, and SQLite needs to create ${path}-shm next to it, ` +
      `but ${dirname(path)} is not writable for this user. Make that folder writable, or switch the database out of WAL mode ` +
      `once (sqlite3 ${path} "PRAGMA journal_mode=DELETE"), or copy it to a folder you can write to.`
    );
  }
  return `${path} is not a SQLite database (${e.message})`;
}

/** Whether the file's header says WAL (bytes 18 and 19 are 2). */
function walMode(path: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(path, "r");
    const head = Buffer.alloc(20);
    return readSync(fd, head, 0, 20, 0) === 20 && head[18] === 2 && head[19] === 2;
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
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

/** The name closest to `name` by edit distance (letter case aside) when it is a likely typo of it: at most 2 edits and under a third of its length. */
function closestName(name: string, names: readonly string[]): string | null {
  const a = foldCategory(name);
  let best: { name: string; d: number } | null = null;
  for (const n of names) {
    const d = editDistance(a, foldCategory(n));
    if (d <= 2 && d < Math.max(a.length, 3) / 3 + 1 && (!best || d < best.d)) best = { name: n, d };
  }
  return best?.name ?? null;
}
