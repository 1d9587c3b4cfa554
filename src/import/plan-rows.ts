/**
 * A statement read and planned (importer.ts), as the preview, the command line and the write read it: what became of
 * each row (new, duplicate, possible duplicate), how each would be stored, what a file's lines add up to, and which
 * rows a commit inserts. Reads only.
 */
import type { Classified } from "./classify.ts";
import { plainMerchant, unclassified } from "./classify.ts";
import type { ExistingMatch } from "./duplicates.ts";
import type { ParsedRow, Statement } from "./formats/index.ts";
import type { RowTable } from "./formats/row-table.ts";
import { CurrencyTally, type CurrencyTotals } from "./walk.ts";

/** A statement read and checked: the reader's outcome, its file's identity, every row's transaction id. */
export type ParsedFile = Omit<Statement, "format"> & {
  file: string;
  format: string;
  /** SHA-256 of the file's bytes (transaction_details.source_sha256), and its size. */
  sha256: string;
  bytes: number;
  ids: string[];
};

export type RowStatus = "new" | "duplicate" | "possible_duplicate";
const STATUS: readonly RowStatus[] = ["new", "duplicate", "possible_duplicate"];

/** One row of a plan, as the preview and the CLI show it. */
export type PlannedRow = ParsedRow & {
  index: number;
  transactionId: string;
  status: RowStatus;
  /** The existing row a possible duplicate may repeat. */
  match: ExistingMatch | null;
  /** How a new or possibly duplicate row would be stored (null for a duplicate). */
  classified: Classified | null;
};

export type FilePlan = ParsedFile & {
  /** Per row: 0 new, 1 duplicate, 2 possible duplicate (RowStatus by index). */
  status: Uint8Array;
  matches: Map<number, ExistingMatch>;
  /** Per row, how it is classified; absent for a duplicate, or for a row left unclassified (classificationOf). */
  classes: (Classified | undefined)[];
  /** What the model's answers teach merchant_cache, by merchant key. */
  learned: Map<string, Classified>;
  modelError: string | null;
};


/** What a file's data lines became (SPEC §10.1: they add up to `dataLines`). */
export type PlanCounts = { rows: number; new: number; duplicates: number; possibleDuplicates: number; badRows: number; skipped: number; dataLines: number };

export function planCounts(plan: FilePlan): PlanCounts {
  let n = 0;
  let d = 0;
  let p = 0;
  for (const s of plan.status) {
    if (s === 0) n++;
    else if (s === 1) d++;
    else p++;
  }
  return { rows: plan.rows.length, new: n, duplicates: d, possibleDuplicates: p, badRows: plan.badRows.length, skipped: plan.skipped.length, dataLines: plan.dataLines };
}

/** The file's money out and money in per currency (every row read, duplicates included). */
export function fileTotals(rows: RowTable): CurrencyTotals[] {
  const tally = new CurrencyTally();
  for (let i = 0; i < rows.length; i++) tally.count(rows.currencyOf(i), rows.amount(i));
  return tally.result(false);
}

/** How a row of the plan would be stored: its class, or unclassified. */
export function classificationOf(plan: FilePlan, i: number): Classified {
  return plan.classes[i] ?? unclassified(plainMerchant(plan.rows, i));
}

export function plannedRow(plan: FilePlan, i: number): PlannedRow {
  const status = STATUS[plan.status[i]!]!;
  return { ...plan.rows.row(i), index: i, transactionId: plan.ids[i]!, status, match: plan.matches.get(i) ?? null, classified: status === "duplicate" ? null : classificationOf(plan, i) };
}

/** The first `limit` rows of a plan (the preview's table), and every possible duplicate after them (each needs the user's word). */
export function previewRows(plan: FilePlan, limit: number): PlannedRow[] {
  const out: PlannedRow[] = [];
  for (let i = 0; i < plan.rows.length && i < limit; i++) out.push(plannedRow(plan, i));
  for (const i of [...plan.matches.keys()].sort((a, b) => a - b)) if (i >= limit) out.push(plannedRow(plan, i));
  return out;
}

export function possibleDuplicateRows(plan: FilePlan): PlannedRow[] {
  return [...plan.matches.keys()].sort((a, b) => a - b).map((i) => plannedRow(plan, i));
}

/** Which possible duplicates to import too: all, none, or those with these transaction ids (ticked on the page). */
export type IncludePossible = boolean | ReadonlySet<string>;

/** The rows a commit would insert (indexes into the plan). */
export function rowsToInsert(plan: FilePlan, include: IncludePossible): number[] {
  const taken = (i: number) => (typeof include === "boolean" ? include : include.has(plan.ids[i]!));
  const out: number[] = [];
  for (let i = 0; i < plan.status.length; i++) if (plan.status[i] === 0 || (plan.status[i] === 2 && taken(i))) out.push(i);
  return out;
}
