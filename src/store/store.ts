/**
 * The app database as the rest of the product sees it: one object per kind of data,
 * all on one SQLite connection (so a transaction can span them).
 */
import type { Database } from "bun:sqlite";
import { Approvals } from "./approvals.ts";
import { AuditLog } from "./audit-log.ts";
import { Budgets } from "./budgets.ts";
import { Contributions } from "./contributions.ts";
import { DataEdits } from "./data-edits.ts";
import { CsvMappings } from "./csv-mappings.ts";
import { Imports } from "./import-records.ts";
import { Conversations, Messages } from "./conversations.ts";
import { isBusyError, storageProblem } from "../core/errors.ts";
import { BUSY_TIMEOUT_MS, openStoreDb, type StoreDb, userVersion } from "./db.ts";
import { Memories } from "./memories.ts";
import { Turns } from "./turns.ts";
import { UsageReport } from "./usage-report.ts";
import { Sessions, Users } from "./accounts.ts";
import { BudgetWrites } from "./budget-writes.ts";
import { AccountNames } from "./account-names.ts";
import { ModelCalls } from "./model-calls.ts";

/** How long a deferred write waits for a lock per try, and how often it is tried. */
const DEFERRED_BUSY_MS = 50;
const DEFERRED_RETRY_MS = 250;

export type StoreOptions = {
  /** The clock used for every timestamp the database writes (tests inject one). */
  now?: () => Date;
};

export class Store {
  readonly users: Users;
  readonly sessions: Sessions;
  readonly conversations: Conversations;
  readonly messages: Messages;
  readonly turns: Turns;
  readonly audit: AuditLog;
  readonly approvals: Approvals;
  readonly memories: Memories;
  readonly usage: UsageReport;
  /** The household's monthly budgets (issue 13). */
  readonly budgets: Budgets;
  /** The journal of the two-phase write path to budget.db (issue 25). */
  readonly budgetWrites: BudgetWrites;
  /** The user's own changes to budget.db outside approvals, for undo (issue 24). */
  readonly edits: DataEdits;
  /** Counterparties whose money in counts as household income (issue 33). */
  readonly contributions: Contributions;
  /** Imported bank files (issue 21) and saved CSV mappings. */
  readonly imports: Imports;
  readonly csvMappings: CsvMappings;
  /** The names of the household's bank accounts (issue 36). */
  readonly accountNames: AccountNames;
  /** Model calls outside an answer: an import's classification (issue 32). */
  readonly modelCalls: ModelCalls;

  private constructor(private readonly s: StoreDb) {
    // A tick's shared transaction that failed to commit: its writes wait and are tried again, in order, like any deferred write.
    s.onTickLost = (writes, err) => {
      if (!this.waitable(err)) console.error("app database: could not commit this tick's writes; trying them again:", err);
      this.defer(writes, true);
    };
    this.users = new Users(s);
    this.sessions = new Sessions(s);
    this.conversations = new Conversations(s);
    this.messages = new Messages(s);
    this.turns = new Turns(s);
    this.audit = new AuditLog(s);
    this.approvals = new Approvals(s, this.audit);
    this.memories = new Memories(s);
    this.usage = new UsageReport(s);
    this.budgets = new Budgets(s, this.audit);
    this.contributions = new Contributions(s, this.audit);
    this.edits = new DataEdits(s);
    this.imports = new Imports(s);
    this.budgetWrites = new BudgetWrites(s, this.approvals, this.audit, this.imports, this.edits, this.budgets);
    this.csvMappings = new CsvMappings(s);
    this.accountNames = new AccountNames(s);
    this.modelCalls = new ModelCalls(s);
  }

  /** Open (creating it and its parent directories if needed) and migrate the app database at `path`. */
  static open(path: string, opts: StoreOptions = {}): Store {
    return new Store(openStoreDb(path, opts.now));
  }

  /** A fresh in-memory app database (tests). */
  static memory(opts: StoreOptions = {}): Store {
    return new Store(openStoreDb(":memory:", opts.now));
  }

  /** The raw SQLite connection, for tests and maintenance only: the modules above are the interface. */
  get db(): Database {
    return this.s.db;
  }

  get path(): string {
    return this.s.path;
  }

  /** The schema version stored in the file (PRAGMA user_version). */
  schemaVersion(): number {
    return userVersion(this.s.db);
  }

  /** Run `fn` in one immediate (write-locking) transaction; nested calls join it. */
  transaction<T>(fn: () => T): T {
    return this.s.transaction(fn);
  }

  /** Like `transaction`, but waits at most `busyMs` for another connection's lock (then throws). */
  attempt<T>(fn: () => T, busyMs: number): T {
    return this.s.attempt(fn, busyMs);
  }

  private readonly deferred: { what: string; fn: () => void }[] = [];
  private retryTimer: ReturnType<typeof setInterval> | null = null;

  /**
   * A write that must happen but may wait for a lock another program holds on the app
   * database, or for storage to come back (a full disk, a read-only file: `cannotSave`)
   * (a final state, the end of a turn): tried now for a moment, else retried in
   * the background, in order, until it succeeds (and once more, waiting, at close).
   * Returns whether it is stored already. A failure other than a lock throws when tried
   * at once; in the background it is logged and dropped.
   */
  writeSoon(what: string, fn: () => void): boolean {
    return this.nowOrLater(what, fn, () => this.s.attempt(fn, DEFERRED_BUSY_MS));
  }

  /**
   * Like `writeSoon`, but the write may share one transaction with every other such write of
   * this event-loop tick, committed when the tick ends (streamed text and messages of all running
   * answers: SPEC §13 allows storing a delta in the same tick it is sent). Returns whether it is
   * in that transaction (false: it waits, as `writeSoon`'s do). `afterTick` runs once it is committed.
   */
  writeInTick(what: string, fn: () => void): boolean {
    return this.nowOrLater(what, fn, () => this.s.inTick(what, fn, DEFERRED_BUSY_MS));
  }

  /** `write` now unless earlier writes still wait (order is kept) or it meets a lock or lost storage: then it waits too. */
  private nowOrLater(what: string, fn: () => void, write: () => void): boolean {
    if (!this.deferred.length) {
      try {
        write();
        return true;
      } catch (err) {
        if (!this.waitable(err)) throw err;
      }
    }
    this.defer([{ what, fn }]);
    return false;
  }

  /** Queue writes to be tried again in the background (at the front: they were due before what waits already). */
  private defer(writes: { what: string; fn: () => void }[], first = false): void {
    if (first) this.deferred.unshift(...writes);
    else this.deferred.push(...writes);
    this.retryTimer ??= setInterval(() => this.retryDeferred(), DEFERRED_RETRY_MS);
    (this.retryTimer as { unref?: () => void }).unref?.();
  }

  /**
   * Writes that must be made now (what keeps them from it throws, as `transaction`'s do) but may
   * share this tick's transaction with every other write of the tick (see `writeInTick`), so
   * 200 questions arriving at once commit together. `fn` runs again, in order, should that
   * transaction fail to commit: it must write the same rows each time (ids made before, not in it).
   * `tickCommitted` tells when they are stored.
   */
  inTick(what: string, fn: () => void): void {
    this.s.inTick(what, fn, BUSY_TIMEOUT_MS);
  }

  /** Resolves once this tick's shared transaction is committed (at once when none is open). */
  tickCommitted(): Promise<void> {
    return new Promise((resolve) => this.s.afterTick(resolve));
  }

  /** `fn` once this tick's shared transaction is committed (at once when none is open). */
  afterTick(fn: () => void): void {
    this.s.afterTick(fn);
  }

  /** Writes still waiting for a lock. */
  get deferredCount(): number {
    return this.deferred.length;
  }

  /**
   * Why the app database cannot be written right now (full disk, read-only file, disk
   * error), while writes wait for it; null when writing works. The chat and the write
   * routes tell the user "budget-chat cannot save: …" with it.
   */
  cannotSave: string | null = null;

  /** A lock, or storage that may come back (space freed, rights restored): worth waiting for. */
  private waitable(err: unknown): boolean {
    if (isBusyError(err)) {
      this.cannotSave = null; // a lock is no storage problem
      return true;
    }
    const problem = storageProblem(err);
    if (problem) this.cannotSave = problem;
    return problem !== null;
  }

  private tryDeferred(w: { what: string; fn: () => void }, busyMs = DEFERRED_BUSY_MS): boolean {
    try {
      this.s.attempt(w.fn, busyMs);
      return true;
    } catch (err) {
      if (this.waitable(err)) return false;
      console.error(`app database: could not store ${w.what}:`, err);
      return true;
    }
  }

  private retryDeferred(busyMs = DEFERRED_BUSY_MS): void {
    while (this.deferred.length && this.tryDeferred(this.deferred[0]!, busyMs)) this.deferred.shift();
    if (!this.deferred.length) this.cannotSave = null;
    if (!this.deferred.length && this.retryTimer) {
      clearInterval(this.retryTimer);
      this.retryTimer = null;
    }
  }

  close(): void {
    this.s.commitTick();
    if (this.deferred.length) {
      this.retryDeferred(2000);
      const why = this.cannotSave ? `cannot be written (${this.cannotSave})` : "locked";
      for (const w of this.deferred) console.error(`app database: still ${why} at close; ${w.what} was not stored (start-up recovery will close it)`);
      if (this.retryTimer) clearInterval(this.retryTimer);
    }
    try {
      this.s.db.run("PRAGMA optimize");
    } catch {
      /* closing anyway */
    }
    this.s.db.close();
  }
}
