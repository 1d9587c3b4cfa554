/**
 * A write's connection to budget.db, wherever it lives (write-path.ts, steps 1–3 and 5): a connection of this
 * thread for an `apply`, or one a write worker owns for a `job` (an import and its undo), told by message (begin,
 * run with its parts, commit, rollback) so that the work and the COMMIT leave this thread's event loop free.
 */
import { Database } from "bun:sqlite";
import { TimeSlices } from "../core/time-slices.ts";
import type { RowChange } from "../store/budget-writes.ts";
import { capture } from "./change-capture.ts";
import { begin, BudgetBusyError, BudgetUnwritableError, commit, unwritable, type Spill } from "./write-lock.ts";

/** What a write's connection needs to know: the file, the busy timeout, whether pages may spill (BudgetChange.spill). */
export type ConnectionSpec = { path: string; busyMs: number; spill: Spill };

/** What the work did: its result and, when the write is journaled, the rows it changed (a sample) and how many. */
type Ran = { result: unknown; captured: { changes: RowChange[]; count: number } | null };

/**
 * A write's connection to budget.db, wherever it lives: this thread's (ThreadConnection) or one a
 * write worker owns (WriteWorker). Its errors are the write path's (BudgetBusyError, BudgetUnwritableError, …).
 */
export interface WriteConnection {
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
export class ThreadConnection implements WriteConnection {
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
