/**
 * The one way anything changes budget.db (SPEC §13): approved recategorisations and
 * their undo, imports and their undo, the user's own transaction edits, category changes.
 *
 * Everything else reads budget.db through a read-only connection. A change opens a
 * short-lived read-write connection with a busy timeout and goes in two phases, because
 * budget.db and chat.db are two files that no transaction spans:
 *
 *   0. before the first write of a day, a snapshot of budget.db (src/ledger/backup.ts);
 *   1. the write lock first (`BEGIN IMMEDIATE`, retried within the busy timeout; else a
 *      BudgetBusyError that names who holds the file where the system says so), so
 *      nothing is recorded for a change that cannot even start;
 *   2. `apply(db)` does the work inside that transaction, while temporary triggers (on
 *      this connection only; budget.db's schema is not touched) note every row it
 *      inserts, updates or deletes, before and after;
 *   3. the intent, with those rows (a sample for big writes: the transaction is atomic,
 *      so any row tells whether it committed), is stored in chat.db ('pending');
 *      if chat.db cannot take it, budget.db rolls back;
 *   4. budget.db COMMITs (a reader holding a rollback-journal database can make this
 *      fail after the busy timeout: rolled back, intent 'failed', nothing recorded);
 *   5. the intent is marked 'done' and its settlement recorded in the same chat.db
 *      transaction: what states the change (an approval's write and 'executed', audit
 *      entries) is written only now, when budget.db holds it.
 *
 * A crash between 3 and 5 leaves a 'pending' intent: start-up (`reconcileBudgetWrites`,
 * called by createApp when it owns the app database, and by the CLI commands that write)
 * compares budget.db with its rows, under budget.db's write lock so that a writer alive in
 * another process finishes first, and marks it done (recording its settlement) or failed.
 *
 * Callers keep the shape `write({kind, userId, apply})`; optional `settle` says what to
 * record once budget.db holds the change. `writeWithReceipt` also tells the intent's id
 * and the snapshot that was taken before the write (for the import page, the audit).
 * The approval service hands a tool `withSettlement(...)`, a writer whose writes carry
 * the approval's settlement, so tools need not know about it.
 */
import { Database } from "bun:sqlite";
import { isBusyError } from "../core/errors.ts";
import type { RowChange, Settlement } from "../store/budget-writes.ts";
import type { Store } from "../store/store.ts";
import { backupDirFor, dailySnapshot, whoHolds } from "./backup.ts";
import { capture, heldState } from "./change-capture.ts";

/** What a change to budget.db is, for the journal and the audit log. */
export const BUDGET_WRITE_KINDS = [
  "recategorise",
  "recategorise_undo",
  "import",
  "import_undo",
  "transaction_edit",
  "transaction_edit_undo",
  "category",
  "category_undo",
  "classify",
] as const;
export type BudgetWriteKind = (typeof BUDGET_WRITE_KINDS)[number];

export type BudgetChange<R> = {
  kind: BudgetWriteKind;
  /** Who made it (null: the CLI on this machine). */
  userId: string | null;
  /** The work, inside the IMMEDIATE transaction; throw to roll everything back. */
  apply(db: Database): R;
  /**
   * Optional: what chat.db records once budget.db holds the change, and only then (e.g.
   * the audit entry that states it). Computed from `apply`'s result before COMMIT and
   * kept with the intent, so start-up can record it after a crash.
   */
  settle?: (result: R, taken: { snapshot: string | null }) => Settlement | null;
  /**
   * Optional: tables whose rows this change writes only beside rows of another table it also writes, and whose
   * fate (committed or not) those rows tell (an import's transaction_details beside its transactions). They are
   * not noted row by row: for a 100,000-row import that is a trigger and a journal row less per row (a fifth of
   * its time), and the journal's sample is drawn from the others anyway.
   */
  uncaptured?: readonly string[];
};

export type BudgetWriteReceipt<R> = {
  result: R;
  /** The intent in chat.db (null: no journal, e.g. a test writer without an app database). */
  intentId: string | null;
  /** The newest snapshot of budget.db taken before this write (today's), or null when backups are off. */
  snapshot: string | null;
  /** Whether the intent is marked done already (false: chat.db was busy or full; retried, or settled at start-up). */
  settled: boolean;
};

/** budget.db's write lock could not be had (or COMMIT could not finish) within the busy timeout: nothing was written. */
export class BudgetBusyError extends Error {
  override name = "BudgetBusyError";
}

export type BudgetWriterOptions = {
  /** How long to wait for budget.db's lock (default 5 s). */
  busyTimeoutMs?: number;
  /** The app database that journals each write (createApp passes it; without one a write is a single phase). */
  journal?: Store;
  /** Where the daily snapshots go and how many to keep (null: none). */
  backups?: { dir: string; keep: number } | null;
  now?: () => Date;
};

/** The test hook of the crash between budget.db's COMMIT and the journal's "done" (only under NODE_ENV/BUN_ENV=test). */
export const CRASH_AFTER_COMMIT_ENV = "BUDGET_CHAT_TEST_CRASH_AFTER_BUDGET_COMMIT";
/** The test hook of the crash inside the write transaction: the intent is in chat.db, budget.db has not committed (only under NODE_ENV/BUN_ENV=test). */
export const CRASH_BEFORE_COMMIT_ENV = "BUDGET_CHAT_TEST_CRASH_BEFORE_BUDGET_COMMIT";

export class BudgetWriter {
  private depth = 0;
  private readonly where: () => string;

  /**
   * `path` may be a function: asked at each write, so a writer follows a BudgetDb that gives
   * up demo data for the real database once an import creates it.
   */
  constructor(
    path: string | (() => string),
    private readonly opts: BudgetWriterOptions = {},
    private readonly scopeSettle: ((taken: { snapshot: string | null }) => Settlement | null) | null = null,
  ) {
    this.where = typeof path === "string" ? () => path : path;
  }

  /** The budget database this writer writes (now). */
  get path(): string {
    return this.where();
  }

  /** Whether a write of this writer is running right now (its `apply` is on the stack). */
  get writing(): boolean {
    return this.depth > 0;
  }

  /** A writer for the same file whose writes also record `settle()` (asked after `apply`) once budget.db holds them. */
  withSettlement(settle: (taken: { snapshot: string | null }) => Settlement | null): BudgetWriter {
    // Without a journal there is nowhere to record it: a settlement would be lost without a word.
    if (!this.opts.journal) throw new Error("BudgetWriter.withSettlement needs a writer with a journal (the app database)");
    return new BudgetWriter(this.where, this.opts, settle);
  }

  write<R>(change: BudgetChange<R>): R {
    return this.writeWithReceipt(change).result;
  }

  writeWithReceipt<R>(change: BudgetChange<R>): BudgetWriteReceipt<R> {
    const busyMs = Math.max(0, Math.floor(this.opts.busyTimeoutMs ?? 5000));
    const now = this.opts.now ?? (() => new Date());
    const journal = this.opts.journal ?? null;
    // Without a journal there is nowhere to record a settlement: refuse rather than lose it without a word.
    if (change.settle && !journal) throw new Error(`a ${change.kind} write records what it did in chat.db: give its BudgetWriter a journal`);
    const db = new Database(this.path, { readwrite: true, create: false, strict: true });
    let intentId: string | null = null;
    this.depth++;
    try {
      db.run("PRAGMA recursive_triggers = ON"); // a REPLACE's implicit delete is a change too
      begin(db, this.path, busyMs);
      let committed = false;
      try {
        // Under the write lock: of two writers starting at once (two imports), the second finds
        // the day's snapshot the first took, instead of taking a second one beside it.
        const snapshot = this.opts.backups ? dailySnapshot(this.path, this.opts.backups.dir, this.opts.backups.keep, now()) : null;
        const captured = journal ? capture(db, change.uncaptured) : null;
        const result = change.apply(db);
        if (journal && captured) {
          const { changes, count } = captured();
          const settle = merge(change.settle?.(result, { snapshot }) ?? null, this.scopeSettle?.({ snapshot }) ?? null);
          const intent = { kind: change.kind, userId: change.userId, dbPath: this.path, changes, changedRows: count, settle, snapshot };
          intentId = journal.transaction(() => journal.budgetWrites.begin(intent));
        }
        if (intentId && crashHookArmed(CRASH_BEFORE_COMMIT_ENV)) process.kill(process.pid, "SIGKILL");
        commit(db, this.path);
        committed = true;
        if (intentId && crashHookArmed(CRASH_AFTER_COMMIT_ENV)) process.kill(process.pid, "SIGKILL");
        const settled = intentId ? markDone(journal!, intentId) : true;
        return { result, intentId, snapshot, settled };
      } catch (err) {
        if (!committed) {
          try {
            db.run("ROLLBACK");
          } catch {
            /* SQLite rolled back already */
          }
          if (intentId && journal) {
            const id = intentId;
            const why = (err as Error)?.message ?? String(err);
            try {
              journal.writeSoon(`the failure of budget write ${id}`, () => void journal.budgetWrites.fail(id, why));
            } catch (markErr) {
              // Left 'pending': start-up finds budget.db without the change and marks it failed then.
              console.error(`budget write ${id} rolled back; chat.db could not record that yet:`, (markErr as Error).message);
            }
          }
        }
        throw err;
      }
    } finally {
      this.depth--;
      db.close();
    }
  }
}

/**
 * The write path as the product uses it (createApp; a CLI command that writes budget.db
 * without the model): journaled in `store`, a daily snapshot in backups/ beside budget.db,
 * the newest `keepBackups` kept (0: none; the --keep-backups setting).
 */
export function budgetWriterFor(path: string | (() => string), store: Store, keepBackups: number, now?: () => Date): BudgetWriter {
  const where = typeof path === "string" ? () => path : path;
  const backups = keepBackups > 0 ? { get dir() { return backupDirFor(where()); }, keep: keepBackups } : null;
  return new BudgetWriter(where, { journal: store, backups, now });
}

function merge(a: Settlement | null, b: Settlement | null): Settlement | null {
  if (!a) return b;
  if (!b) return a;
  return { ...a, ...b, audit: [...(a.audit ?? []), ...(b.audit ?? [])] };
}

/** Mark the intent done (recording its settlement); when chat.db is busy, retried in the background; otherwise left for start-up. */
function markDone(store: Store, id: string): boolean {
  try {
    return store.writeSoon(`the end of budget write ${id}`, () => void store.budgetWrites.done(id));
  } catch (err) {
    console.error(`budget write ${id} is in budget.db, but chat.db could not record it (start-up will):`, (err as Error).message);
    return false;
  }
}

function crashHookArmed(hook: string): boolean {
  const env = process.env;
  return env[hook] === "1" && (env.NODE_ENV === "test" || env.BUN_ENV === "test");
}

// ----------------------------------------------------------------- locking

/** `BEGIN IMMEDIATE`, retried until the busy timeout is spent (WAL can answer BUSY without waiting). */
function begin(db: Database, path: string, busyMs: number): void {
  const deadline = Date.now() + busyMs;
  while (true) {
    const left = Math.max(0, deadline - Date.now());
    db.run(`PRAGMA busy_timeout = ${left}`);
    try {
      db.run("BEGIN IMMEDIATE");
      db.run(`PRAGMA busy_timeout = ${busyMs}`);
      return;
    } catch (err) {
      if (!isBusyError(err)) throw err;
      if (Date.now() >= deadline) throw busyError(path, busyMs);
      Bun.sleepSync(Math.min(20, Math.max(1, deadline - Date.now())));
    }
  }
}

function commit(db: Database, path: string): void {
  try {
    db.run("COMMIT");
  } catch (err) {
    if (isBusyError(err)) throw busyError(path, Number((db.query("PRAGMA busy_timeout").get() as { timeout: number }).timeout));
    throw err;
  }
}

function busyError(path: string, busyMs: number): BudgetBusyError {
  return new BudgetBusyError(`the budget database is busy (another program is writing or reading it: ${whoHolds(path) ?? `it kept the file locked for more than ${Math.round(busyMs / 100) / 10} s`}); try again`);
}

// ----------------------------------------------------------------- start-up

/**
 * heldState under budget.db's write lock: an intent is pending from before its writer's COMMIT
 * until just after, so a writer alive in another process (an import while a server starts)
 * must finish first; judged without the lock, its change would be called failed. Opening
 * read-write also rolls back the hot journal a writer killed mid-transaction left. A folder
 * this user cannot write (no lock to take, nobody can write there) is judged read-only.
 */
function judge(path: string, changes: readonly RowChange[]): "after" | "before" | "unknown" {
  let db: Database;
  let locked = true;
  try {
    db = new Database(path, { readwrite: true, create: false, strict: true });
  } catch {
    db = new Database(path, { readonly: true, strict: true });
    locked = false;
  }
  try {
    if (locked) {
      try {
        begin(db, path, 5000);
      } catch (err) {
        locked = false;
        if (!/readonly/i.test((err as Error).message)) throw err;
      }
    }
    if (!locked) db.run("PRAGMA busy_timeout = 5000");
    return heldState(db, changes);
  } finally {
    if (locked) db.run("ROLLBACK");
    db.close();
  }
}

export const RECONCILED_FAILED = "the server stopped before budget.db committed this change; nothing was modified";
export const RECONCILED_UNKNOWN = "the server stopped while this change was being made, and budget.db no longer shows whether it was";

/**
 * Settle the intents a crash left between budget.db's COMMIT and chat.db's "done":
 * those budget.db holds are marked done (recording their settlement: the approval
 * executed, its write, the audit), the others failed. Returns what was decided.
 */
export function reconcileBudgetWrites(store: Store): { done: string[]; failed: string[] } {
  const out = { done: [] as string[], failed: [] as string[] };
  for (const intent of store.budgetWrites.pending()) {
    let state: "after" | "before" | "unknown" | "unreadable" = "unreadable";
    try {
      state = judge(intent.dbPath, intent.changes);
    } catch (err) {
      console.error(`budget write ${intent.id}: cannot read ${intent.dbPath} to settle it now (tried again at the next start):`, (err as Error).message);
    }
    if (state === "unreadable") continue;
    if (state === "after") {
      store.budgetWrites.done(intent.id);
      out.done.push(intent.id);
    } else {
      store.budgetWrites.fail(intent.id, state === "before" ? RECONCILED_FAILED : RECONCILED_UNKNOWN);
      out.failed.push(intent.id);
    }
  }
  return out;
}
