/**
 * Selecting ledger rows: a period (a contiguous slice: rows are in date order), then
 * currency, categories, text, absolute amount and direction. Every read tool filters
 * through here, so "the rows a search matches" means the same everywhere.
 */
import type { Ledger, TextMatch } from "../../ledger/ledger.ts";
import type { Period } from "./period.ts";

export type Filter = {
  period: Period;
  /** Currency code index, or every currency. */
  currency?: number;
  /** Account code index, or every account. */
  account?: number;
  /** Mask over category codes; absent = every category. */
  categories?: Uint8Array;
  text?: TextMatch;
  minAbs?: number;
  maxAbs?: number;
  direction?: "out" | "in";
};

/** True when the filter keeps every row of its period (which is then one contiguous slice). */
function isPlain(f: Filter): boolean {
  return f.currency === undefined && f.account === undefined && !f.categories && !f.text && f.minAbs === undefined && f.maxAbs === undefined && !f.direction;
}

/** Calls `fn` for every row that passes, in date order. */
export function forEachRow(l: Ledger, f: Filter, fn: (i: number) => void): void {
  const [start, end] = l.rangeOf(f.period.from ?? undefined, f.period.to ?? undefined);
  const { currency, account, categories, text, minAbs, maxAbs, direction } = f;
  if (isPlain(f)) {
    for (let i = start; i < end; i++) fn(i);
    return;
  }
  for (let i = start; i < end; i++) {
    if (currency !== undefined && l.currency[i] !== currency) continue;
    if (account !== undefined && l.account[i] !== account) continue;
    if (categories && !categories[l.categoryAt(i)]) continue;
    const a = l.amountAt(i);
    if (direction === "out" ? a >= 0 : direction === "in" ? a <= 0 : false) continue;
    if (minAbs !== undefined && Math.abs(a) < minAbs) continue;
    if (maxAbs !== undefined && Math.abs(a) > maxAbs) continue;
    if (text && !l.rowMatches(text, i)) continue;
    fn(i);
  }
}

/**
 * The first `limit` rows that pass in `order` (newest first: date desc, id desc; or the
 * largest absolute amount first, ties newest first), and how many pass in all. Rows are
 * stored oldest first, so "newest first" reads backwards; "largest first" keeps only the
 * best `limit` seen so far. Either way no list of every match is built and sorted (and
 * with no filter but the period, newest first only reads the rows it returns).
 */
export function topRows(l: Ledger, f: Filter, order: "date" | "amount", limit: number): { rows: number[]; total: number } {
  if (order === "date") {
    // Newest first is the reverse of the stored order (day asc, id asc).
    if (isPlain(f)) {
      // Every row of the period passes: the newest are the slice's last rows.
      const [start, end] = l.rangeOf(f.period.from ?? undefined, f.period.to ?? undefined);
      const rows: number[] = [];
      for (let i = end - 1; i >= start && rows.length < limit; i--) rows.push(i);
      return { rows, total: end - start };
    }
    const all: number[] = [];
    let total = 0;
    forEachRow(l, f, (i) => {
      total++;
      all.push(i);
      if (all.length > 2 * limit) all.splice(0, all.length - limit);
    });
    return { rows: all.slice(-limit).reverse(), total };
  }
  const newer = (a: number, b: number) => l.dayAt(a) > l.dayAt(b) || (l.day[a] === l.day[b] && l.idAt(a) > l.idAt(b));
  const before = (a: number, b: number) => {
    const x = Math.abs(l.amountAt(a));
    const y = Math.abs(l.amountAt(b));
    return x > y || (x === y && newer(a, b));
  };
  // A min-heap of the best rows so far: its root is the weakest of them.
  const heap: number[] = [];
  const down = (k: number) => {
    for (;;) {
      const left = 2 * k + 1;
      const right = left + 1;
      let weakest = k;
      if (left < heap.length && before(heap[weakest]!, heap[left]!)) weakest = left;
      if (right < heap.length && before(heap[weakest]!, heap[right]!)) weakest = right;
      if (weakest === k) return;
      [heap[k], heap[weakest]] = [heap[weakest]!, heap[k]!];
      k = weakest;
    }
  };
  let total = 0;
  forEachRow(l, f, (i) => {
    total++;
    if (heap.length < limit) {
      heap.push(i);
      for (let k = heap.length - 1; k > 0; ) {
        const parent = (k - 1) >> 1;
        if (!before(heap[parent]!, heap[k]!)) break;
        [heap[k], heap[parent]] = [heap[parent]!, heap[k]!];
        k = parent;
      }
    } else if (before(i, heap[0]!)) {
      heap[0] = i;
      down(0);
    }
  });
  return { rows: heap.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0)), total };
}

/** The transaction-level arguments of search_transactions and list_transactions. */
export type TransactionArgs = {
  search?: string;
  category?: string;
  min_amount?: number;
  max_amount?: number;
  direction?: "out" | "in";
  currency?: string;
  account?: string;
};
