/**
 * Routes that read budget.db on the spot (a transaction edit and its page, category and rule changes and their
 * pages, the undo of an edit) first wait until budget.db can be read, without blocking the event loop, as a tool
 * call does (BudgetDb.whenReadable). Their reads are synchronous with SQLite's busy timeout: while another program
 * held an exclusive lock on budget.db (its commit), one edit froze the whole server, /healthz included, for that
 * long. They now answer 503 with Retry-After (BudgetDbLocked) once the wait runs out, and the server answers meanwhile.
 */
import type { MiddlewareHandler } from "hono";
import type { BudgetDb } from "../../ledger/reader.ts";
import type { WebEnv } from "../context.ts";

export function whenBudgetReadable(budget: Pick<BudgetDb, "whenReadable">): MiddlewareHandler<WebEnv> {
  return async (_c, next) => {
    await budget.whenReadable();
    await next();
  };
}
