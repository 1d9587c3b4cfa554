/**
 * Selecting ledger rows: a period (a contiguous slice: rows are in date order), then
 * currency, categories, text, absolute amount and direction. Every read tool filters
 * through here, so "the rows a search matches" means the same everywhere.
 */
import type { Ledger, TextMatch } from "../../budget/ledger.ts";
import type { Period } from "./period.ts";

export type Filter = {
  period: Period;
  /** Currency code index, or every currency. */
  currency?: number;
  /** Mask over category codes; absent = every category. */
  categories?: Uint8Array;
  text?: TextMatch;
  minAbs?: number;
  maxAbs?: number;
  direction?: "out" | "in";
};

/** Calls `fn` for every row that passes, in date order. */
export function forEachRow(l: Ledger, f: Filter, fn: (i: number) => void): void {
  const [start, end] = l.rangeOf(f.period.from ?? undefined, f.period.to ?? undefined);
  const { currency, categories, text, minAbs, maxAbs, direction } = f;
  const plain = currency === undefined && !categories && !text && minAbs === undefined && maxAbs === undefined && !direction;
  if (plain) {
    for (let i = start; i < end; i++) fn(i);
    return;
  }
  for (let i = start; i < end; i++) {
    if (currency !== undefined && l.currency[i] !== currency) continue;
    if (categories && !categories[l.category[i]!]) continue;
    const a = l.amount[i]!;
    if (direction === "out" ? a >= 0 : direction === "in" ? a <= 0 : false) continue;
    if (minAbs !== undefined && Math.abs(a) < minAbs) continue;
    if (maxAbs !== undefined && Math.abs(a) > maxAbs) continue;
    if (text && !l.rowMatches(text, i)) continue;
    fn(i);
  }
}

/** The rows that pass, in date order. */
export function selectRows(l: Ledger, f: Filter): number[] {
  const out: number[] = [];
  forEachRow(l, f, (i) => out.push(i));
  return out;
}

/** The transaction-level arguments of search_transactions and list_transactions. */
export type TransactionArgs = {
  search?: string;
  category?: string;
  min_amount?: number;
  max_amount?: number;
  direction?: "out" | "in";
  currency?: string;
};
