/**
 * The application database (chat.db): opening, checking that a file is ours,
 * migrating, and the small query helpers every store module uses. The modules beside
 * this file hold one kind of data each; `Store` (index.ts) puts them together.
 *
 * Times are ISO-8601 UTC strings (`Date.toISOString()`), so they compare as text.
 */
import { Database, type SQLQueryBindings } from "bun:sqlite";
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION } from "./migrations.ts";
import { isBusyError } from "../core/errors.ts";
import { registerSearchFunction, SEARCH_SQL_FUNCTION } from "../core/search-text.ts";

/** `WHERE` text for "this column contains the user's search", folded as every search (SPEC §1); bind the search as `term`. */
export const searchMatches = (column: string, term: string) => `${SEARCH_SQL_FUNCTION}(${term}, ${column})`;

/** The app database is missing, foreign, newer than this build, or unusable. The message says what. */
export class StoreError extends Error {
  override name = "StoreError";
}

export type Row = Record<string, any>;

/** One open app database with its clock: what every store module is built on. */
export class StoreDb {
  constructor(
    readonly db: Database,
    readonly path: string,
    /** The clock used for every timestamp the database writes (tests inject one). */
    readonly clock: () => Date = () => new Date(),
  ) {
    // Conversation and memory search fold as every search does (SPEC §1).
    registerSearchFunction(db);
  }

  iso(): string {
    return this.clock().toISOString();
  }

  one(sql: string, ...params: SQLQueryBindings[]): Row | null {
    if (this.tick && this.tickDepth === 0 && !isRead(sql)) this.commitTick();
    return (this.db.query(sql).get(...params) as Row | null) ?? null;
  }

  many(sql: string, ...params: SQLQueryBindings[]): Row[] {
    if (this.tick && this.tickDepth === 0 && !isRead(sql)) this.commitTick();
    return this.db.query(sql).all(...params) as Row[];
  }

  exec(sql: string, ...params: SQLQueryBindings[]): { changes: number } {
    if (this.tick && this.tickDepth === 0) this.commitTick();
    return this.db.query(sql).run(...params);
  }

  /** Run `fn` in one immediate (write-locking) transaction; nested calls join it. */
  transaction<T>(fn: () => T): T {
    if (this.tick && this.tickDepth === 0) this.commitTick();
    if (this.db.inTransaction) return fn();
    return this.counted(() => this.db.transaction(fn).immediate());
  }

  /**
   * How many transactions (or a tick write's savepoint) were rolled back so far: what a module
   * keeps in memory about rows it wrote (the turns' last events) is only good while this is unchanged.
   */
  rollbacks = 0;

  private counted<T>(fn: () => T): T {
    try {
      return fn();
    } catch (e) {
      this.rollbacks++;
      throw e;
    }
  }

  /**
   * Run `fn` in one transaction, waiting at most `busyMs` for another connection's lock
   * (instead of the usual 5 s): for writes that may just as well happen a moment later.
   * Inside a transaction it simply joins it.
   */
  attempt<T>(fn: () => T, busyMs: number): T {
    if (this.tick && this.tickDepth === 0) this.commitTick();
    if (this.db.inTransaction) return fn();
    return this.waitingAtMost(busyMs, () => this.counted(() => this.db.transaction(fn).immediate()));
  }

  /** The transaction the writes of this tick share (see `inTick`), with what runs once it is committed. */
  private tick: { writes: TickWrite[]; after: (() => void)[] } | null = null;
  /** How many `inTick` calls are running: their statements belong to the tick's transaction. */
  private tickDepth = 0;
  /** Called when the tick's COMMIT failed (its writes are rolled back): the caller queues them again. */
  onTickLost: (writes: TickWrite[], err: unknown) => void = (_writes, err) => {
    throw err;
  };

  /**
   * Run `fn` — writes that may commit at the end of this event-loop tick (streamed text, a
   * turn's messages) — in the one transaction every such write of the tick shares, committed
   * once when the tick ends (setImmediate): 200 answers streaming at once commit together
   * instead of once per delta each. `fn` runs in a savepoint: when it throws, its own writes
   * are undone and the error propagates. The transaction begins waiting at most `busyMs` for
   * another connection's lock. Any other write (exec, transaction, attempt, a statement that
   * is no SELECT) commits the tick's transaction first, so a write that must be durable at
   * once (the budget.db write path's journal) is, and in order.
   */
  inTick<T>(what: string, fn: () => T, busyMs: number): T {
    if (!this.tick) {
      if (this.db.inTransaction) return fn();
      this.waitingAtMost(busyMs, () => this.db.query("BEGIN IMMEDIATE").run());
      this.tick = { writes: [], after: [] };
      // At the tick's end (setImmediate: after every I/O callback of this turn of the event loop), so the deltas of
      // all the answers streaming at once share one COMMIT and the pages it writes. (Waiting longer on a timer to
      // gather more made every held delta later under load: the first text of 200 answers ~110 ms later at p99.)
      setImmediate(() => this.commitTick());
    }
    this.tickDepth++;
    this.db.query("SAVEPOINT tick_write").run();
    try {
      const result = fn();
      this.db.query("RELEASE tick_write").run();
      this.tick.writes.push({ what, fn });
      return result;
    } catch (e) {
      this.rollbacks++;
      if (this.db.inTransaction) {
        this.db.query("ROLLBACK TO tick_write").run();
        this.db.query("RELEASE tick_write").run();
      } else this.loseTick(e); // SQLite rolled the whole transaction back (a full disk, an I/O error)
      throw e;
    } finally {
      this.tickDepth--;
    }
  }

  /** `fn` once the tick's transaction is committed (or failed); at once when none is open. */
  afterTick(fn: () => void): void {
    if (this.tick) this.tick.after.push(fn);
    else fn();
  }

  /** Commit the tick's shared transaction now (at the tick's end, before another write, at close). */
  commitTick(): void {
    const tick = this.tick;
    if (!tick) return;
    try {
      this.db.query("COMMIT").run();
    } catch (err) {
      this.rollbacks++;
      if (this.db.inTransaction) this.db.query("ROLLBACK").run();
      this.loseTick(err);
      return;
    }
    this.tick = null;
    for (const fn of tick.after) fn();
  }

  /** The tick's transaction is rolled back: its writes go to `onTickLost` (to be tried again), what waited on it runs. */
  private loseTick(err: unknown): void {
    const tick = this.tick!;
    this.tick = null;
    try {
      this.onTickLost(tick.writes, err);
    } finally {
      for (const fn of tick.after) fn();
    }
  }

  private waitingAtMost<T>(busyMs: number, fn: () => T): T {
    // Prepared once per text (query caches them): these run around every deferred-able write.
    this.db.query(`PRAGMA busy_timeout = ${Math.max(0, Math.floor(busyMs))}`).run();
    try {
      return fn();
    } finally {
      this.db.query(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`).run();
    }
  }
}

/** A write that joined a tick's shared transaction (kept to be queued again should its COMMIT fail). */
export type TickWrite = { what: string; fn: () => void };

/** A statement that only reads: it may run inside the tick's open transaction. */
function isRead(sql: string): boolean {
  return /^\s*SELECT\b/i.test(sql);
}

/** How long a statement waits for another connection's lock on the app database. */
export const BUSY_TIMEOUT_MS = 5000;


const SQLITE_HEADER = "SQLite format 3\0";

/** Open (creating it and its parent directories if needed) and migrate the app database at `path`. */
export function openStoreDb(path: string, clock?: () => Date): StoreDb {
  if (path === ":memory:") {
    const db = new Database(":memory:", { create: true, strict: true });
    prepare(db, ":memory:", false);
    return new StoreDb(db, ":memory:", clock);
  }
  let created = false;
  if (existsSync(path)) {
    const st = statSync(path);
    if (!st.isFile()) throw new StoreError(`app database ${path} is not a file`);
    if (st.size > 0 && !hasSqliteHeader(path)) {
      throw new StoreError(`${path} is not a SQLite database; refusing to use it as the app database (CHAT_DATABASE_URL)`);
    }
  } else {
    try {
      mkdirSync(dirname(resolve(path)), { recursive: true });
    } catch (e) {
      throw new StoreError(`cannot create the directory for the app database ${path}: ${(e as Error).message}`);
    }
    created = true;
  }
  let db: Database;
  try {
    db = new Database(path, { create: true, strict: true });
  } catch (e) {
    throw new StoreError(`cannot open the app database ${path}: ${(e as Error).message}`);
  }
  try {
    prepare(db, path, true);
  } catch (e) {
    db.close();
    throw e;
  }
  if (created) {
    // Sessions and audit trail: keep them private. SQLite gives -wal/-shm the same mode.
    try {
      chmodSync(path, 0o600);
    } catch {
      /* not fatal (e.g. a filesystem without modes) */
    }
  }
  return new StoreDb(db, path, clock);
}

function hasSqliteHeader(path: string): boolean {
  const fd = openSync(path, "r");
  try {
    const buf = Buffer.alloc(16);
    const n = readSync(fd, buf, 0, 16, 0);
    return n === 16 && buf.toString("latin1") === SQLITE_HEADER;
  } finally {
    closeSync(fd);
  }
}

export function userVersion(db: Database): number {
  return (db.query("PRAGMA user_version").get() as { user_version: number }).user_version;
}

/** Check the file is ours (or empty), set the connection up, and apply pending migrations. */
function prepare(db: Database, path: string, isFile: boolean): void {
  let version: number;
  let appId: number;
  let tables: string[];
  try {
    db.run(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    // One read transaction: another process creating the same new file may commit its first migration between
    // two separate reads, and "tables but no schema version" would refuse a database that is ours.
    [version, appId, tables] = db.transaction(() => [
      userVersion(db),
      (db.query("PRAGMA application_id").get() as { application_id: number }).application_id,
      (db.query("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[]).map((r) => r.name),
    ] as const)();
  } catch (e) {
    throw new StoreError(`${path} is not a usable SQLite database: ${(e as Error).message}`);
  }
  const foreign = (why: string) =>
    new StoreError(`${path} is not a budget-chat app database (${why}); refusing to use it. Point CHAT_DATABASE_URL at a new file.`);
  if (appId !== 0 && appId !== APPLICATION_ID) throw foreign(`it belongs to another application, application_id ${appId}`);
  if (version === 0 && tables.length) {
    const shown = tables.slice(0, 5).join(", ") + (tables.length > 5 ? ", …" : "");
    throw foreign(`it has tables (${shown}) but no budget-chat schema version`);
  }
  if (version > 0 && appId !== APPLICATION_ID) throw foreign(`it has schema version ${version} but no budget-chat application id`);
  if (version > SCHEMA_VERSION) throw newerError(path, version);

  if (isFile) switchToWal(db, path);
  db.run("PRAGMA synchronous = NORMAL");
  db.run("PRAGMA foreign_keys = ON");
  // Statement and savepoint journals in memory, not in temp files: every write of a tick's shared transaction runs in
  // a savepoint (StoreDb.inTick), whose journal otherwise costs file writes, ~20 µs per turn start (a savepoint's
  // journal holds only the pages its own few statements changed; chat.db's sorts are small).
  db.run("PRAGMA temp_store = MEMORY");
  migrate(db, path);
}

/**
 * Put the file in WAL mode. SQLite answers SQLITE_BUSY at once, without calling the busy handler, when another
 * process switches or migrates the same new file at that moment (two imports starting on a fresh chat.db: 14 of
 * 30 rounds of four openers failed), so the switch is retried until the busy timeout is spent. It blocks: it runs
 * once, as the database opens, before anything else uses this connection.
 */
function switchToWal(db: Database, path: string): void {
  const deadline = Date.now() + BUSY_TIMEOUT_MS;
  while (true) {
    try {
      const mode = (db.query("PRAGMA journal_mode = WAL").get() as { journal_mode: string }).journal_mode;
      if (mode.toLowerCase() !== "wal") throw new StoreError(`cannot switch ${path} to WAL mode (got ${mode})`);
      return;
    } catch (err) {
      if (!isBusyError(err) || Date.now() >= deadline) throw err;
      Bun.sleepSync(5);
    }
  }
}

function newerError(path: string, version: number): StoreError {
  return new StoreError(
    `${path} has app schema version ${version}, but this budget-chat knows only up to ${SCHEMA_VERSION}: it was written by a newer budget-chat. Upgrade budget-chat (or use another CHAT_DATABASE_URL).`,
  );
}

/** Apply each pending migration in its own immediate transaction (safe against a concurrent opener). */
function migrate(db: Database, path: string): void {
  if (userVersion(db) >= SCHEMA_VERSION) return;
  // Some migrations rebuild a table (SQLite cannot alter a CHECK): that needs foreign keys off
  // (the pragma is a no-op inside a transaction), and a foreign_key_check before each commit.
  db.run("PRAGMA foreign_keys = OFF");
  try {
    migrateAll(db, path);
  } finally {
    db.run("PRAGMA foreign_keys = ON");
  }
}

function migrateAll(db: Database, path: string): void {
  while (true) {
    const applied = db
      .transaction(() => {
        const v = userVersion(db);
        if (v > SCHEMA_VERSION) throw newerError(path, v);
        if (v === SCHEMA_VERSION) return false;
        try {
          db.run(MIGRATIONS[v]!);
        } catch (e) {
          throw new StoreError(`migrating ${path} to app schema version ${v + 1} failed: ${(e as Error).message}`);
        }
        const broken = db.query("PRAGMA foreign_key_check").all();
        if (broken.length) throw new StoreError(`migrating ${path} to app schema version ${v + 1} broke ${broken.length} foreign key reference(s)`);
        db.run(`PRAGMA user_version = ${v + 1}`);
        return true;
      })
      .immediate();
    if (!applied) return;
  }
}

// ----------------------------------------------------------------- helpers

// Bun's hasher and the Web Crypto global rather than node:crypto, as everywhere outside src/import: a Node
// built-in imported anywhere in the program is loaded at every start (the bundle hoists it), node:crypto with
// the stream internals it is built on (a few ms of the compiled binary's start-up).
export function sha256(s: string): string {
  return new Bun.CryptoHasher("sha256").update(s).digest("hex");
}

export function randomToken(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
}

/** A time as the database stores it; an invalid one is a programming error. */
export function isoOf(t: Date | string): string {
  const d = typeof t === "string" ? new Date(t) : t;
  if (Number.isNaN(d.getTime())) throw new StoreError(`invalid time: ${String(t)}`);
  return d.toISOString();
}

/** JSON for a TEXT column (`null` for undefined). */
export function json(v: unknown): string {
  return JSON.stringify(v ?? null);
}
