/**
 * What the statement readers of records with balances (GPC, BAI2, CFONB 120, Norma 43, CODA, MT940, camt, OFX) share:
 * the parts a reading gathers, and one account's run from the opening balance its header states to the closing one
 * its trailer states, checked there (SPEC §10.1). Each reader keeps its own parsing of where a run opens and closes.
 */
import { ImportInputError } from "../../core/errors.ts";
import { cents, reconcile, type StatedBalance } from "./reconcile.ts";
import { RowTable } from "./row-table.ts";
import type { BadRow, ReadOptions, Reconciliation, SkippedLine } from "./types.ts";

/** The parts of a Statement a reader fills as it reads, and its refusal of a line ("file: line n: why"). */
export function startReading(opts: ReadOptions) {
  const rows = new RowTable();
  return {
    rows,
    /** Where rows go: the caller's sink when it takes them as they are read, else `rows`. */
    out: opts.sink ?? rows,
    badRows: [] as BadRow[],
    skipped: [] as SkippedLine[],
    reconciliation: [] as Reconciliation[],
    notes: [] as string[],
    /** The accounts the file names, in order, each once (`named` adds one). */
    accounts: [] as string[],
    fail: (line: number, why: string): never => {
      throw new ImportInputError(`${opts.fileName}: line ${line}: ${why}`);
    },
  };
}

/** An account the file names, listed once, in the order the file names them. */
export function named(accounts: string[], account: string): void {
  if (!accounts.includes(account)) accounts.push(account);
}

/** One account's statement between its stated opening balance and its closing one: the entries booked so far, summed in cents. */
export type BalanceRun = { account: string; currency: string; opening: StatedBalance | null; line: number; n: number; cents: number };

/** A run opened at `line` (its header), with the reader's own fields of it (`own`): no entries yet. */
export function openRun<T extends object>(run: Omit<BalanceRun, "n" | "cents">, own: T): BalanceRun & T {
  return { ...run, ...own, n: 0, cents: 0 };
}

/** An entry booked into the run (in cents, so a thousand entries never drift by a rounding error). */
export function addEntry(run: BalanceRun, amount: number): void {
  run.n++;
  run.cents += cents(amount);
}

/** The run's check at its closing balance (null: none is stated, nothing to check it against). */
export function closeRun(run: BalanceRun, closing: StatedBalance | null, basis: string): Reconciliation {
  return reconcile({ account: run.account, currency: run.currency, opening: run.opening, closing, entries: run.n, entriesCents: run.cents, basis });
}

/** A run the file stops inside (no closing record): the note saying so, and its balance left unchecked. */
export function cutRun(run: BalanceRun, notes: string[], note: string, basis: string): Reconciliation {
  notes.push(note);
  return closeRun(run, null, basis);
}
