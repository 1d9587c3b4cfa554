/**
 * The one way anything changes budget.db (SPEC §13, §13.1): approved recategorisations and
 * their undo, imports and their undo, classification (and a re-classification's undo), the
 * user's own transaction edits, category changes, category rules and their undo.
 *
 * Everything else reads budget.db through a read-only connection. A change opens a
 * short-lived read-write connection with a busy timeout and goes in two phases, because
 * budget.db and chat.db are two files that no transaction spans:
 *
 *   0. its turn among this process's writers of the file (an async queue: a long import
 *      that yields to the event loop between chunks keeps the others waiting without
 *      blocking the server);
 *   1. the write lock (`BEGIN IMMEDIATE`, retried asynchronously within the busy timeout;
 *      else a BudgetBusyError that names who holds the file where the system says so), so
 *      nothing is recorded for a change that cannot even start;
 *   2. before the first write of a day, a snapshot of budget.db (src/ledger/backup.ts);
 *   3. `apply(db)` does the work inside that transaction (in chunks, awaiting between them,
 *      when it is long: the transaction stays one), while temporary triggers (on this
 *      connection only; budget.db's schema is not touched) note every row it inserts,
 *      updates or deletes, before and after;
 *   4. the intent, with those rows (a sample for big writes: the transaction is atomic,
 *      so any row tells whether it committed) and its settlement (below), is stored in
 *      chat.db ('pending'); if chat.db cannot take it, budget.db rolls back;
 *   5. budget.db COMMITs (a reader holding a rollback-journal database can make this
 *      fail after the busy timeout: rolled back, intent 'failed', BudgetBusyError);
 *   6. the intent is marked 'done' and its settlement recorded in the same chat.db
 *      transaction. The settlement is everything chat.db says about the change (a user's
 *      edit and its undo, the budgets a category change carries, an approval's write and
 *      'executed', an import's record, the audit entries): written only now, when budget.db
 *      holds it. A writer states it (`settle`); it never writes chat.db itself.
 *
 * A crash between 4 and 6 leaves a 'pending' intent: `reconcileBudgetWrites` (start-up) and
 * `watchLeftoverWrites` (a running server, every second) compare budget.db with its rows,
 * under budget.db's write lock so that a writer alive in another process finishes first,
 * and mark it done (recording its settlement) or failed.
 *
 * The connection may live in another thread: a change given as a `job` of a WriteWorker (an
 * import and its undo) is done in 1–3 and 5 by a connection that worker owns, told by message
 * (begin, run with its parts, commit, rollback), so that the work and the COMMIT (one
 * synchronous call writing every page of a 50 MB import) leave this thread's event loop free;
 * 0, 2, 4 and 6 stay here, in the same order.
 *
 * Callers keep the shape `write({kind, userId, apply, settle})`. `writeWithReceipt` also
 * tells the intent's id (a user's edit is found by it once settled: DataEdits.ofWrite) and
 * the snapshot taken before the write. The approval service hands a tool
 * `withSettlement(...)`, a writer whose writes carry the approval's settlement too, so
 * tools need not know about it.
 *
 * This file is the one path (BudgetWriter: steps 0–6 in their order); its parts live beside it: the file's rights,
 * the write lock, COMMIT and the refusals (write-lock.ts), the connections of this thread and of a write worker
 * (write-connections.ts), and the settling of intents a crash left pending (write-recovery.ts).
 */
import { Database } from "bun:sqlite";
import { resolve } from "node:path";
import type { RowChange, Settlement } from "../store/budget-writes.ts";
import type { Store } from "../store/store.ts";
import { backupDirFor, dailySnapshot } from "./backup.ts";
import { ThreadConnection, type ConnectionSpec, type WriteConnection, type WriteJob } from "./write-connections.ts";
import { BudgetUnwritableError, checkWritable, DEFAULT_BUSY_TIMEOUT_MS, type Spill, unwritable } from "./write-lock.ts";

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
  "classify_undo",
  "rule",
  "rule_undo",
] as const;
export type BudgetWriteKind = (typeof BUDGET_WRITE_KINDS)[number];

export type BudgetChange<R> = {
  kind: BudgetWriteKind;
  /** Who made it (null: the CLI on this machine). */
  userId: string | null;
  /**
   * The work, inside the IMMEDIATE transaction, on this thread; throw to roll everything back. A long one
   * is async and pauses between chunks (src/core/time-slices.ts): the transaction and the
   * write lock stay held, and the server answers meanwhile. Exactly one of `apply` and `job`.
   */
  apply?(db: Database): R | Promise<R>;
  /**
   * Instead of `apply`: the work as a job of a write worker (WriteWorker), on a budget.db connection
   * that thread owns, so that none of it, the COMMIT included (one synchronous call writing every page
   * of a big import), holds this thread's event loop. The two phases are the same: the intent is stored
   * here before the worker is told to COMMIT, the settlement after it says it did.
   */
  job?: WriteJob;
  /**
   * What chat.db records once budget.db holds the change, and only then (a user's edit,
   * budgets, the audit entry that states it, …). Computed from `apply`'s result before
   * COMMIT and kept with the intent, so a crash's leftovers can be recorded later. Throw
   * here to roll the change back.
   */
  settle?: (result: R, taken: { snapshot: string | null }) => Settlement | null;
  /**
   * Let SQLite write changed pages into budget.db before COMMIT ("spill" them; default: no). Spilling takes the
   * exclusive lock: from the first spilt page until COMMIT, readers of budget.db wait. Without it every changed
   * page stays in memory until COMMIT, so readers are not shut out of a long, pausing write, but its memory
   * grows with the pages it changes (a rule moving 100,000 rows of a million changes most of the file's pages).
   *   - `true`: once SQLite's page cache is full (a streamed import of a million rows from the command line,
   *     which does not pause anyway): its memory bounded by the cache, readers wait for its COMMIT;
   *   - `{ beyondMiB }`: only once the changed pages exceed that many MiB: a write below it never shuts readers
   *     out before its COMMIT, a bigger one keeps its memory bounded and shuts them out for its rest only.
   */
  spill?: Spill;
  /**
   * The rows it changed, stated by a writer that knows them exactly (a rule applied to 100,000
   * rows, an import: BatchResult.journal): the journal's sample (as the change capture keeps one:
   * a write is all-or-nothing, so a few rows tell whether it committed) and their number. The
   * capture's triggers, which copy every changed row twice, are then not set. Called after
   * `apply`, before `settle`.
   */
  changes?: (result: R) => { changes: RowChange[]; count: number };
};

export type BudgetWriteReceipt<R> = {
  result: R;
  /** The intent in chat.db (null: no journal, e.g. a test writer without an app database). */
  intentId: string | null;
  /** The newest snapshot of budget.db taken before this write (today's), or null when backups are off. */
  snapshot: string | null;
  /** Whether the intent is marked done already (false: chat.db was busy or full; retried, or settled by the next reconciliation). */
  settled: boolean;
};

export type BudgetWriterOptions = {
  /** How long to wait for budget.db's lock, and for COMMIT (default 5 s). */
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

/**
 * This process's writers of one file take turns (whatever BudgetWriter object they use):
 * SQLite's own lock would make a second writer spin in a synchronous busy wait on the event
 * loop, which a first writer yielding between chunks needs to go on.
 */
class WriterQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  run<T>(fn: () => Promise<T>): Promise<T> {
    this.waiting++;
    const turn = this.tail.then(fn).finally(() => this.waiting--);
    this.tail = turn.catch(() => undefined);
    return turn;
  }

  /** Whether a write of this process holds or waits for the file. */
  get busy(): boolean {
    return this.waiting > 0;
  }
}

const queues = new Map<string, WriterQueue>();
export function queueFor(path: string): WriterQueue {
  const key = resolve(path);
  let q = queues.get(key);
  if (!q) queues.set(key, (q = new WriterQueue()));
  return q;
}

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

  /** Whether a write of this writer is running right now (between its lock and its end). */
  get writing(): boolean {
    return this.depth > 0;
  }

  /** A writer for the same file whose writes also record `settle()` (asked after `apply`) once budget.db holds them. */
  withSettlement(settle: (taken: { snapshot: string | null }) => Settlement | null): BudgetWriter {
    // Without a journal there is nowhere to record it: a settlement would be lost without a word.
    if (!this.opts.journal) throw new Error("BudgetWriter.withSettlement needs a writer with a journal (the app database)");
    return new BudgetWriter(this.where, this.opts, settle);
  }

  async write<R>(change: BudgetChange<R>): Promise<R> {
    return (await this.writeWithReceipt(change)).result;
  }

  writeWithReceipt<R>(change: BudgetChange<R>): Promise<BudgetWriteReceipt<R>> {
    const path = this.path;
    return queueFor(path).run(() => this.writeNow(path, change));
  }

  private async writeNow<R>(path: string, change: BudgetChange<R>): Promise<BudgetWriteReceipt<R>> {
    const busyMs = Math.max(0, Math.floor(this.opts.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS));
    const now = this.opts.now ?? (() => new Date());
    const journal = this.opts.journal ?? null;
    // Without a journal there is nowhere to record a settlement: refuse rather than lose it without a word.
    if (change.settle && !journal) throw new Error(`a ${change.kind} write records what it did in chat.db: give its BudgetWriter a journal`);
    if (!change.apply === !change.job) throw new Error(`a ${change.kind} write has either apply or job`);
    const spec: ConnectionSpec = { path, busyMs, spill: change.spill ?? false };
    const conn: WriteConnection = change.apply ? new ThreadConnection(spec, change.apply) : change.job!.worker.connect(spec, change.job!);
    let intentId: string | null = null;
    this.depth++;
    try {
      await conn.begin();
      let committed = false;
      try {
        checkWritable(path);
        // Under the write lock: of two writers starting at once (two imports), the second finds
        // the day's snapshot the first took, instead of taking a second one beside it.
        const snapshot = this.opts.backups ? backUp(path, this.opts.backups, now()) : null;
        // Noted by the change capture unless the writer states its rows itself (BudgetChange.changes).
        const ran = await conn.run(journal !== null && !change.changes);
        const result = ran.result as R;
        if (journal) {
          const { changes, count } = change.changes ? change.changes(result) : ran.captured!;
          const settle = mergeSettlements(change.settle?.(result, { snapshot }) ?? null, this.scopeSettle?.({ snapshot }) ?? null);
          const intent = { kind: change.kind, userId: change.userId, dbPath: path, changes, changedRows: count, settle, snapshot };
          intentId = journal.transaction(() => journal.budgetWrites.begin(intent));
        }
        if (intentId && crashHookArmed(CRASH_BEFORE_COMMIT_ENV)) process.kill(process.pid, "SIGKILL");
        await conn.commit();
        committed = true;
        if (intentId && crashHookArmed(CRASH_AFTER_COMMIT_ENV)) process.kill(process.pid, "SIGKILL");
        const settled = intentId ? markDone(journal!, intentId) : true;
        return { result, intentId, snapshot, settled };
      } catch (err) {
        if (!committed) {
          await conn.rollback();
          if (intentId && journal) {
            const id = intentId;
            const why = (err as Error)?.message ?? String(err);
            try {
              journal.writeSoon(`the failure of budget write ${id}`, () => void journal.budgetWrites.fail(id, why));
            } catch (markErr) {
              // Left 'pending': the next reconciliation finds budget.db without the change and marks it failed then.
              console.error(`budget write ${id} rolled back; chat.db could not record that yet:`, (markErr as Error).message);
            }
          }
        }
        throw unwritable(path, err) ?? err;
      }
    } finally {
      this.depth--;
      conn.close();
    }
  }
}

/**
 * The write path as the product uses it (createApp; a CLI command that writes budget.db
 * without the model): journaled in `store`, a daily snapshot in backups/ beside budget.db,
 * the newest `keepBackups` kept (0: none; the --keep-backups setting).
 */
export function budgetWriterFor(path: string | (() => string), store: Store, keepBackups: number, opts: { now?: () => Date; busyTimeoutMs?: number } = {}): BudgetWriter {
  const where = typeof path === "string" ? () => path : path;
  const backups = keepBackups > 0 ? { get dir() { return backupDirFor(where()); }, keep: keepBackups } : null;
  return new BudgetWriter(where, { journal: store, backups, now: opts.now, busyTimeoutMs: opts.busyTimeoutMs });
}

/**
 * Two settlements of one write (the writer's own and an approval's): lists are joined (the
 * writer's first), a record both state is a bug.
 */
export function mergeSettlements(a: Settlement | null, b: Settlement | null): Settlement | null {
  if (!a) return b;
  if (!b) return a;
  const out: Settlement = { ...a };
  for (const [k, v] of Object.entries(b) as [keyof Settlement, unknown][]) {
    const mine = out[k];
    if (mine === undefined) (out as Record<string, unknown>)[k] = v;
    else if (Array.isArray(mine) && Array.isArray(v)) (out as Record<string, unknown>)[k] = [...mine, ...v];
    else throw new Error(`two settlements of one write both record ${k}`);
  }
  return out;
}

/** Mark the intent done (recording its settlement); when chat.db is busy, retried in the background; otherwise left for the next reconciliation. */
function markDone(store: Store, id: string): boolean {
  try {
    return store.writeSoon(`the end of budget write ${id}`, () => void store.budgetWrites.done(id));
  } catch (err) {
    console.error(`budget write ${id} is in budget.db, but chat.db could not record it (reconciliation will):`, (err as Error).message);
    return false;
  }
}

function crashHookArmed(hook: string): boolean {
  const env = process.env;
  return env[hook] === "1" && (env.NODE_ENV === "test" || env.BUN_ENV === "test");
}

function backUp(path: string, backups: { dir: string; keep: number }, at: Date): string {
  try {
    return dailySnapshot(path, backups.dir, backups.keep, at);
  } catch (err) {
    throw new BudgetUnwritableError((err as Error).message);
  }
}
