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
 */
import { Database } from "bun:sqlite";
import { accessSync, constants as fsConstants } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import { ChangeRefused, isBusyError } from "../core/errors.ts";
import { TimeSlices } from "../core/time-slices.ts";
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
  spill?: boolean | { beyondMiB: number };
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

export const DEFAULT_BUSY_TIMEOUT_MS = 5000;

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
function queueFor(path: string): WriterQueue {
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

// ----------------------------------------------------------------- connections

/** What a write's connection needs to know: the file, the busy timeout, whether pages may spill (BudgetChange.spill). */
type ConnectionSpec = { path: string; busyMs: number; spill: NonNullable<BudgetChange<unknown>["spill"]> };

/** What the work did: its result and, when the write is journaled, the rows it changed (a sample) and how many. */
type Ran = { result: unknown; captured: { changes: RowChange[]; count: number } | null };

/**
 * A write's connection to budget.db, wherever it lives: this thread's (ThreadConnection) or one a
 * write worker owns (WriteWorker). Its errors are the write path's (BudgetBusyError, BudgetUnwritableError, …).
 */
interface WriteConnection {
  /** Open budget.db and take its write lock (BEGIN IMMEDIATE within the busy timeout). */
  begin(): Promise<void>;
  /** The work, with its changed rows noted when `journaled`. */
  run(journaled: boolean): Promise<Ran>;
  commit(): Promise<void>;
  /** Roll back whatever the transaction holds (never throws: a failed transaction is rolled back by SQLite already). */
  rollback(): Promise<void>;
  close(): void;
}

/** A connection of this thread, for `apply` (and, in a write worker, for a job). */
class ThreadConnection implements WriteConnection {
  private db: Database | null = null;

  constructor(
    private readonly spec: ConnectionSpec,
    private readonly apply: (db: Database) => unknown,
  ) {}

  async begin(): Promise<void> {
    const { path } = this.spec;
    try {
      const db = (this.db = new Database(path, { readwrite: true, create: false, strict: true }));
      db.run("PRAGMA recursive_triggers = ON"); // a REPLACE's implicit delete is a change too
      await begin(db, path, this.spec.busyMs, this.spec.spill);
    } catch (err) {
      throw unwritable(path, err) ?? err;
    }
  }

  async run(journaled: boolean): Promise<Ran> {
    const db = this.db!;
    const captured = journaled ? capture(db) : null;
    const result = await this.apply(db);
    return { result, captured: captured ? await captured(new TimeSlices()) : null };
  }

  async commit(): Promise<void> {
    commit(this.db!, this.spec.path);
  }

  async rollback(): Promise<void> {
    try {
      this.db?.run("ROLLBACK");
    } catch {
      /* SQLite rolled back already */
    }
  }

  close(): void {
    this.db?.close();
    this.db = null;
  }
}

/** A write worker's job: its name (a job the worker's entry file serves), its input, and parts fed to it one by one (rows in chunks). */
export type WriteJob = { worker: WriteWorker; name: string; input: unknown; parts?: AsyncIterable<unknown> };

/** What a write worker's job does with its connection: `parts` are those the job was fed, in order. */
export type WriteJobRunner = (db: Database, input: any, parts: AsyncIterable<unknown>) => unknown;

/** Between this thread and a write worker: requests about one write (`write`: its number). */
type ToWorker =
  | { write: number; op: "begin"; spec: ConnectionSpec; name: string; input: unknown }
  | { write: number; op: "run"; journaled: boolean }
  | { write: number; op: "part"; data: unknown }
  | { write: number; op: "end" }
  | { write: number; op: "commit" }
  | { write: number; op: "rollback" };
/** …and the answers: `op` answers that request (a part's answer: the job took it), `error` when it failed. */
type FromWorker = { write: number; op: ToWorker["op"]; ran?: Ran; error?: { name: string; message: string; code?: string } };

/** Parts a write sends before the worker has taken them, at most (each is a few thousand rows). */
const PARTS_IN_FLIGHT = 2;

/** An error of the worker's as the write path knows it here (the busy and unwritable errors by their class; SQLite's with its code). */
function revived(e: NonNullable<FromWorker["error"]>): Error {
  if (e.name === "BudgetBusyError") return new BudgetBusyError(e.message);
  if (e.name === "BudgetUnwritableError") return new BudgetUnwritableError(e.message);
  const err = Object.assign(new Error(e.message), e.code ? { code: e.code } : {});
  err.name = e.name;
  return err;
}

function errorOf(err: unknown): NonNullable<FromWorker["error"]> {
  const code = (err as { code?: unknown })?.code;
  return { name: (err as Error)?.name ?? "Error", message: (err as Error)?.message ?? String(err), ...(typeof code === "string" ? { code } : {}) };
}

/**
 * A thread that owns budget.db connections for writes (`serveBudgetWrites` in its entry file, which names
 * its jobs): started on first use, keeping the process alive only while a write is under way. Its writes
 * take their turns in this process's queue like any other; each has a connection of its own there.
 */
export class WriteWorker {
  private worker: Worker | null = null;
  private nextWrite = 1;
  private readonly open = new Map<number, (reply: FromWorker) => void>();

  /** `url`: the worker's entry file (in the compiled binary an entry point of its own: STACK_NOTES). */
  constructor(private readonly url: string) {}

  private thread(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(this.url);
    (w as unknown as { unref(): void }).unref(); // kept up by a write under way only (connect)
    w.onmessage = (event: MessageEvent<FromWorker>) => this.open.get(event.data.write)?.(event.data);
    // A worker that cannot start or dies must not leave a write waiting forever.
    const stopped = (why: string) => {
      if (this.worker === w) this.worker = null;
      for (const [write, answer] of this.open) answer({ write, op: "run", error: { name: "Error", message: `the budget write worker ${why}` } });
    };
    w.addEventListener("error", (event) => stopped(`failed: ${(event as ErrorEvent).message ?? "unknown error"}`));
    w.addEventListener("close", () => stopped("stopped"));
    return (this.worker = w);
  }

  /** A connection of the worker's for one write running `job`. */
  connect(spec: ConnectionSpec, job: WriteJob): WriteConnection {
    const write = this.nextWrite++;
    const w = this.thread();
    let answers: ((reply: FromWorker) => void)[] = [];
    let failure: Error | null = null;
    this.open.set(write, (reply) => {
      if (reply.error && !failure) failure = revived(reply.error);
      const waiting = answers;
      answers = [];
      for (const a of waiting) a(reply);
    });
    // The process stays up while a write is under way (a CLI import awaits the worker only).
    if (this.open.size === 1) (w as unknown as { ref(): void }).ref();
    const post = (m: ToWorker) => w.postMessage(m);
    /** The next answer (or any failure) of the worker about this write. */
    const next = () =>
      new Promise<FromWorker>((resolve, reject) => {
        if (failure) return reject(failure);
        answers.push((reply) => (failure ? reject(failure) : resolve(reply)));
      });
    const ask = async (m: ToWorker) => {
      post(m);
      for (;;) if ((await next()).op === m.op) return;
    };
    const done = () => {
      this.open.delete(write);
      if (this.open.size === 0) (w as unknown as { unref(): void }).unref();
    };
    return {
      begin: () => ask({ write, op: "begin", spec, name: job.name, input: job.input }),
      run: async (journaled) => {
        post({ write, op: "run", journaled });
        let inFlight = 0;
        let ran: Ran | undefined;
        const take = (reply: FromWorker) => {
          if (reply.op === "part") inFlight--;
          if (reply.op === "run") ran = reply.ran;
        };
        for await (const data of job.parts ?? []) {
          post({ write, op: "part", data });
          inFlight++;
          while (inFlight >= PARTS_IN_FLIGHT && !ran) take(await next());
        }
        post({ write, op: "end" });
        while (!ran) take(await next());
        return ran;
      },
      commit: () => ask({ write, op: "commit" }),
      rollback: async () => {
        if (this.worker !== w) return; // the worker stopped: its connections went with it
        failure = null; // the rollback's own answer is awaited, whatever failed before
        await ask({ write, op: "rollback" }).catch(() => undefined);
      },
      close: done,
    };
  }
}

/**
 * The worker's side (its entry file calls this with the jobs it runs): each write a ThreadConnection of
 * this thread, its job fed the parts as they come. A connection is closed after its COMMIT or ROLLBACK.
 */
export function serveBudgetWrites(jobs: Record<string, WriteJobRunner>): void {
  const scope = globalThis as unknown as { postMessage(m: FromWorker): void; onmessage: ((e: MessageEvent<ToWorker>) => void) | null };
  type Write = { conn: ThreadConnection; parts: Queue };
  const writes = new Map<number, Write>();
  const answer = (write: number, op: ToWorker["op"], work: () => unknown) => {
    Promise.resolve()
      .then(work)
      .then(
        (ran) => scope.postMessage({ write, op, ...(op === "run" ? { ran: ran as Ran } : {}) }),
        (err) => scope.postMessage({ write, op, error: errorOf(err) }),
      );
  };
  const end = (write: number) => {
    writes.get(write)?.conn.close();
    writes.delete(write);
  };
  scope.onmessage = (event) => {
    const m = event.data;
    const w = writes.get(m.write);
    switch (m.op) {
      case "begin": {
        const run = jobs[m.name];
        const parts = new Queue(() => scope.postMessage({ write: m.write, op: "part" }));
        const conn = new ThreadConnection(m.spec, (db) => {
          if (!run) throw new Error(`the budget write worker has no job "${m.name}"`);
          return run(db, m.input, parts);
        });
        writes.set(m.write, { conn, parts });
        answer(m.write, "begin", () => conn.begin().catch((err) => (end(m.write), Promise.reject(err))));
        return;
      }
      case "run":
        return answer(m.write, "run", () => w!.conn.run(m.journaled));
      // (A part sent before the server learnt that the job failed finds it rolled back: dropped.)
      case "part":
        return w?.parts.push(m.data);
      case "end":
        return w?.parts.close();
      case "commit":
        return answer(m.write, "commit", async () => {
          try {
            await w!.conn.commit();
          } finally {
            await w!.conn.rollback(); // nothing to roll back after a COMMIT; what a failed one left, else
            end(m.write);
          }
        });
      case "rollback":
        return answer(m.write, "rollback", async () => {
          await w?.conn.rollback();
          end(m.write);
        });
    }
  };
}

/** Parts of a job as they arrive, taken one by one (`taken` tells the sender). */
class Queue implements AsyncIterable<unknown> {
  private items: unknown[] = [];
  private closed = false;
  private wake: (() => void) | null = null;

  constructor(private readonly taken: () => void) {}

  push(item: unknown): void {
    this.items.push(item);
    this.wake?.();
  }

  close(): void {
    this.closed = true;
    this.wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<unknown> {
    for (;;) {
      if (this.items.length) {
        const item = this.items.shift();
        this.taken();
        yield item;
      } else if (this.closed) return;
      else await new Promise<void>((r) => (this.wake = r));
      this.wake = null;
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
function checkWritable(path: string): void {
  if (!writable(path)) throw new BudgetUnwritableError(`the budget database cannot be changed: ${path} is read-only for this user; nothing was changed`);
  if (!writable(dirname(resolve(path)))) {
    throw new BudgetUnwritableError(
      `the budget database cannot be changed: its folder ${dirname(resolve(path))} is read-only for this user, and SQLite writes ${basename(path)}-journal (or -wal) beside it; nothing was changed`,
    );
  }
}

/** SQLite's "readonly" (or "cannot open") as the real cause, or null for any other error. */
function unwritable(path: string, err: unknown): BudgetUnwritableError | null {
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
async function begin(db: Database, path: string, busyMs: number, spill: ConnectionSpec["spill"]): Promise<void> {
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
function spillPragma(db: Database, spill: ConnectionSpec["spill"]): string {
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
function beginBlocking(db: Database, path: string, busyMs: number): void {
  db.run(`PRAGMA busy_timeout = ${busyMs}`);
  try {
    db.run("BEGIN IMMEDIATE");
  } catch (err) {
    if (isBusyError(err)) throw busyError(path);
    throw err;
  }
}

function commit(db: Database, path: string): void {
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

// ----------------------------------------------------------------- reconciliation

/**
 * heldState under budget.db's write lock: an intent is pending from before its writer's COMMIT
 * until just after, so a writer alive in another process (an import while a server starts)
 * must finish first; judged without the lock, its change would be called failed. Opening
 * read-write also rolls back the hot journal a writer killed mid-transaction left. A folder
 * this user cannot write (no lock to take, nobody can write there) is judged read-only.
 * `lock`: how the lock is taken (start-up waits for it; a running server tries and comes back later).
 */
function judge(path: string, changes: readonly RowChange[], lock: (db: Database) => boolean): "after" | "before" | "unknown" | "busy" {
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
        if (!lock(db)) {
          locked = false;
          return "busy";
        }
      } catch (err) {
        locked = false;
        if (!/readonly/i.test((err as Error).message)) throw err;
      }
    }
    db.run(`PRAGMA busy_timeout = ${DEFAULT_BUSY_TIMEOUT_MS}`);
    return heldState(db, changes);
  } finally {
    if (locked) db.run("ROLLBACK");
    db.close();
  }
}

export const RECONCILED_FAILED = "the writer stopped before budget.db committed this change; nothing was modified";
export const RECONCILED_UNKNOWN = "the writer stopped while this change was being made, and budget.db no longer shows whether it was";

type Verdict = "after" | "before" | "unknown" | "busy" | "unreadable";

function settleIntent(store: Store, id: string, state: Verdict, out: { done: string[]; failed: string[] }): void {
  if (state === "after") {
    if (store.budgetWrites.done(id)) out.done.push(id);
  } else if (state === "before" || state === "unknown") {
    if (store.budgetWrites.fail(id, state === "before" ? RECONCILED_FAILED : RECONCILED_UNKNOWN)) out.failed.push(id);
  }
}

/**
 * Settle the intents a crash left between budget.db's COMMIT and chat.db's "done", at
 * start-up: those budget.db holds are marked done (recording their settlement: the
 * approval executed, its write, the user's edit, the audit), the others failed. Waits for
 * a writer alive in another process to finish. Returns what was decided.
 */
export function reconcileBudgetWrites(store: Store): { done: string[]; failed: string[] } {
  const out = { done: [] as string[], failed: [] as string[] };
  for (const intent of store.budgetWrites.pending()) {
    let state: Verdict = "unreadable";
    try {
      state = judge(intent.dbPath, intent.changes, (db) => (beginBlocking(db, intent.dbPath, DEFAULT_BUSY_TIMEOUT_MS), true));
    } catch (err) {
      console.error(`budget write ${intent.id}: cannot read ${intent.dbPath} to settle it now (tried again later):`, (err as Error).message);
    }
    settleIntent(store, intent.id, state, out);
  }
  return out;
}

/**
 * The same for a running server, without ever waiting: an intent whose file this process
 * is writing, or another program holds locked (a live writer), is left for the next round.
 */
export async function settleLeftoverWrites(store: Store): Promise<{ done: string[]; failed: string[] }> {
  const out = { done: [] as string[], failed: [] as string[] };
  for (const intent of store.budgetWrites.pending()) {
    if (queueFor(intent.dbPath).busy) continue;
    await queueFor(intent.dbPath).run(async () => {
      let state: Verdict = "unreadable";
      try {
        state = judge(intent.dbPath, intent.changes, (db) => {
          db.run("PRAGMA busy_timeout = 0");
          try {
            db.run("BEGIN IMMEDIATE");
            return true;
          } catch (err) {
            if (isBusyError(err)) return false;
            throw err;
          }
        });
      } catch {
        /* gone or unreadable now: the next round, or the next start, tries again */
      }
      try {
        // chat.db held by another program: not worth a wait on the event loop; the next round tries again.
        store.attempt(() => settleIntent(store, intent.id, state, out), 50);
      } catch (err) {
        if (!isBusyError(err)) throw err;
      }
    });
  }
  return out;
}

/**
 * A running server settles the intents any process left (a CLI import killed midway) within
 * about `everyMs`, without a restart: a cheap look for pending intents each round, the
 * judging only when there are some. Returns how to stop it.
 */
export function watchLeftoverWrites(store: Store, everyMs = 1000, onSettled?: (r: { done: string[]; failed: string[] }) => void): { stop(): void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    try {
      if (!store.budgetWrites.hasPending()) return;
    } catch {
      return; // chat.db locked or unreadable this moment: the next round looks again
    }
    running = true;
    settleLeftoverWrites(store)
      .then((r) => {
        if (r.done.length || r.failed.length) onSettled?.(r);
      })
      .catch((err) => console.error("settling leftover budget writes:", (err as Error).message))
      .finally(() => (running = false));
  }, everyMs);
  (timer as { unref?: () => void }).unref?.();
  return { stop: () => clearInterval(timer) };
}
