/**
 * What the statement readers of records with balances (GPC, BAI2, CFONB 120, Norma 43, CODA, MT940, camt, OFX) share:
 * the parts a reading gathers, the entries a balance check counts (EntrySum) and the check itself, and one account's run
 * from the opening balance its header states to the closing one its trailer states, checked there (SPEC §10.1). Each
 * reader keeps its own parsing of where a run opens and closes; MT940 (per message, its currency known at its end),
 * camt (per statement and currency) and OFX (no opening balance) keep their balances their own way and count their
 * entries here.
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

/** The entries a balance check covers: how many, and their sum in cents (so a thousand entries never drift by a rounding error). */
export type EntrySum = { n: number; cents: number };

/** No entries yet. */
export const noEntries = (): EntrySum => ({ n: 0, cents: 0 });

/** An entry counted (`sign`: a side the reader keeps apart from the amount, applied to its cents). */
export function addEntry(sum: EntrySum, amount: number, sign = 1): void {
  sum.n++;
  sum.cents += sign * cents(amount);
}

/** A statement's check: its opening balance + the entries counted = its closing balance (either may be unstated). */
export function checkEntries(sum: EntrySum, stated: Omit<Parameters<typeof reconcile>[0], "entries" | "entriesCents">): Reconciliation {
  return reconcile({ ...stated, entries: sum.n, entriesCents: sum.cents });
}

/** One account's statement between its stated opening balance and its closing one: the entries booked so far, summed in cents. */
export type BalanceRun = EntrySum & { account: string; currency: string; opening: StatedBalance | null; line: number };

/** A run opened at `line` (its header), with the reader's own fields of it (`own`): no entries yet. */
export function openRun<T extends object>(run: Omit<BalanceRun, "n" | "cents">, own: T): BalanceRun & T {
  return { ...run, ...own, n: 0, cents: 0 };
}

/** The run's check at its closing balance (null: none is stated, nothing to check it against). */
export function closeRun(run: BalanceRun, closing: StatedBalance | null, basis: string): Reconciliation {
  return checkEntries(run, { account: run.account, currency: run.currency, opening: run.opening, closing, basis });
}

/** A run the file stops inside (no closing record): the note saying so, and its balance left unchecked. */
export function cutRun(run: BalanceRun, notes: string[], note: string, basis: string): Reconciliation {
  notes.push(note);
  return closeRun(run, null, basis);
}
