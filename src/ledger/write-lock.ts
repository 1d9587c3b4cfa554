/**
 * How a write gets budget.db, and why it cannot: the file's rights (a read-only file or folder is refused with that
 * reason), the write lock (`BEGIN IMMEDIATE` within the busy timeout, without blocking the event loop), the pauses
 * of a long write, COMMIT, and the errors the write path refuses with (BudgetBusyError, BudgetUnwritableError).
 */
import { Database } from "bun:sqlite";
import { accessSync, constants as fsConstants } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import { ChangeRefused, isBusyError } from "../core/errors.ts";
import { TimeSlices } from "../core/time-slices.ts";
import { whoHolds } from "./backup.ts";

/** How long a client should wait before trying a write again after a BudgetBusyError (seconds; the web's Retry-After). */
export const BUSY_RETRY_AFTER_S = 5;

/** budget.db's write lock could not be had (or COMMIT could not finish) within the busy timeout: nothing was written or recorded. */
export class BudgetBusyError extends Error {
  override name = "BudgetBusyError";
}

/**
 * budget.db cannot be changed here at all (a read-only file, a folder SQLite cannot create
 * its journal in, a snapshot that cannot be written): a 409 with the real cause; nothing
 * was written or recorded.
 */
export class BudgetUnwritableError extends ChangeRefused {
  override name = "BudgetUnwritableError";
  constructor(message: string) {
    super("conflict", message);
  }
}

export const DEFAULT_BUSY_TIMEOUT_MS = 5000;

/** Whether a write lets SQLite spill changed pages before COMMIT, and beyond how many MiB (BudgetChange.spill). */
export type Spill = boolean | { beyondMiB: number };

// ----------------------------------------------------------------- rights

function writable(path: string): boolean {
  try {
    accessSync(path, fsConstants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** Before anything else is done under the lock: a file or folder this user cannot write is refused with that reason. */
export function checkWritable(path: string): void {
  if (!writable(path)) throw new BudgetUnwritableError(`the budget database cannot be changed: ${path} is read-only for this user; nothing was changed`);
  if (!writable(dirname(resolve(path)))) {
    throw new BudgetUnwritableError(
      `the budget database cannot be changed: its folder ${dirname(resolve(path))} is read-only for this user, and SQLite writes ${basename(path)}-journal (or -wal) beside it; nothing was changed`,
    );
  }
}

/** SQLite's "readonly" (or "cannot open") as the real cause, or null for any other error. */
export function unwritable(path: string, err: unknown): BudgetUnwritableError | null {
  if (err instanceof BudgetUnwritableError) return err;
  const code = String((err as { code?: unknown })?.code ?? "");
  const message = (err as Error)?.message ?? String(err);
  if (!code.startsWith("SQLITE_READONLY") && !code.startsWith("SQLITE_CANTOPEN") && !/readonly database/i.test(message)) return null;
  try {
    checkWritable(path);
  } catch (why) {
    return why as BudgetUnwritableError;
  }
  return new BudgetUnwritableError(`the budget database cannot be changed: ${path}: ${message}; nothing was changed`);
}

// ----------------------------------------------------------------- locking

/**
 * `BEGIN IMMEDIATE`, retried (without blocking the event loop) until the busy timeout is spent.
 * First, outside the transaction (where SQLite applies it; it reads the schema, so another
 * program's COMMIT can make it busy too): dirty pages stay in memory until COMMIT. Spilling
 * them would take the exclusive lock early and shut out this server's own readers (and
 * everybody else's) for the rest of a long, chunked transaction. `spill`: a write that asked
 * for it (BudgetChange.spill) lets SQLite spill, once its page cache is full or beyond the
 * MiB it gave.
 */
export async function begin(db: Database, path: string, busyMs: number, spill: Spill): Promise<void> {
  const deadline = Date.now() + busyMs;
  db.run("PRAGMA busy_timeout = 0");
  while (true) {
    try {
      db.run(`PRAGMA cache_spill = ${spillPragma(db, spill)}`);
      db.run("BEGIN IMMEDIATE");
      break;
    } catch (err) {
      if (!isBusyError(err)) throw err;
      if (Date.now() >= deadline) throw busyError(path);
      await Bun.sleep(Math.min(20, Math.max(1, deadline - Date.now())));
    }
  }
  // Inside the transaction (a reader finishing its read, COMMIT waiting for readers): SQLite's own wait.
  db.run(`PRAGMA busy_timeout = ${busyMs}`);
}

/** cache_spill's value for a write's `spill`: ON, OFF, or the pages beyond which SQLite spills (it counts pages, not bytes). */
function spillPragma(db: Database, spill: Spill): string {
  if (typeof spill === "boolean") return spill ? "ON" : "OFF";
  const { page_size } = db.query("PRAGMA page_size").get() as { page_size: number };
  return String(Math.max(1, Math.ceil((spill.beyondMiB * 1024 * 1024) / page_size)));
}

/**
 * Between the chunks of a long write on this thread (`apply`): a pause (TimeSlices) while readers can still read
 * budget.db, so the server answers meanwhile. Once SQLite has spilt changed pages (BudgetChange.spill) the write
 * holds the exclusive lock until COMMIT: a pause then would only keep readers out longer, and a reader on this
 * thread waiting for the lock would hold up the very write it waits for until its busy timeout. So from then on the
 * write goes on without pausing.
 */
export class WriteSlices {
  private shutOut = false;

  constructor(
    private readonly db: Database,
    private readonly slices = new TimeSlices(),
  ) {}

  async between(): Promise<void> {
    if (this.shutOut || !this.slices.due()) return;
    if ((this.shutOut = readersShutOut(this.db.filename))) return;
    await this.slices.pause();
  }
}

/** Whether a reader of budget.db is shut out now (a writer holds its exclusive lock): asked without waiting. */
export function readersShutOut(path: string): boolean {
  const reader = new Database(path, { readonly: true });
  try {
    reader.run("PRAGMA busy_timeout = 0");
    reader.query("SELECT count(*) FROM sqlite_schema").get();
    return false;
  } catch (err) {
    if (isBusyError(err)) return true;
    throw err;
  } finally {
    reader.close();
  }
}

/** `BEGIN IMMEDIATE` with SQLite's own (blocking) busy wait: for start-up, when nothing else runs yet. */
export function beginBlocking(db: Database, path: string, busyMs: number): void {
  db.run(`PRAGMA busy_timeout = ${busyMs}`);
  try {
    db.run("BEGIN IMMEDIATE");
  } catch (err) {
    if (isBusyError(err)) throw busyError(path);
    throw err;
  }
}

export function commit(db: Database, path: string): void {
  try {
    db.run("COMMIT");
  } catch (err) {
    if (isBusyError(err)) throw busyError(path);
    throw err;
  }
}

/** "the budget database is busy (another program is using it[: process 123 (sqlite3)]); try again" */
export function busyError(path: string | null): BudgetBusyError {
  const who = path === null ? null : whoHolds(path);
  return new BudgetBusyError(`the budget database is busy (another program is using it${who ? `: ${who}` : ""}); try again`);
}
