/**
 * The intents a crash left 'pending' between budget.db's COMMIT and chat.db's "done" (write-path.ts, steps 4–6),
 * settled by comparing budget.db with their rows under its write lock: at start-up (reconcileBudgetWrites) and
 * in a running server, every second (watchLeftoverWrites).
 */
import { Database } from "bun:sqlite";
import { isBusyError } from "../core/errors.ts";
import type { RowChange } from "../store/budget-writes.ts";
import type { Store } from "../store/store.ts";
import { heldState } from "./change-capture.ts";
import { beginBlocking, DEFAULT_BUSY_TIMEOUT_MS } from "./write-lock.ts";
import { queueFor } from "./write-path.ts";

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
