/** Sums, means and subsets of one list (a summary list, a table column, a chart series), and a list's natural whole. */
import type { FigureContext } from "../context.ts";
import type { SourceFigure } from "../collect.ts";
import type { ReadFigure } from "../read.ts";
import type { FigureIndex, List } from "./figure-types.ts";
import { byNameOf, figuresAt, sumsOf } from "./figure-index.ts";
import { findEqual, type Interval } from "./search.ts";
import { type Derivation, policy } from "./policy.ts";

/**
 * A share of a whole list: one of its items over the sum of all of them ("Möbel Pfister alone was 78.4 %" of the six
 * largest purchases; "72.1 % of these six payments"; "Housing was 60.8 %" of the three categories' totals). The whole
 * need not be a figure of the turn: the model adds the list up itself; but the list is a whole (its sum a total of its own
 * call, or as many items as the answer says it is of), not a top N or the first rows of more. The part is an item of that
 * same list the answer does not contradict (policy's `part`: a named item when the percentage is rounded). Bounded: one
 * pass over each list.
 */
export function shareOfList(index: FigureIndex, r: Interval, p: ReturnType<typeof policy>, said: FigureContext): Derivation | null {
  if (r.lo <= 0) return null;
  for (const l of index.lists) {
    const w = wholeOfParts(index, l);
    if (w === null || !(said.items === l.figures.length || w.ofCall)) continue;
    const whole = l.prefix[l.figures.length]!;
    const lo = (r.lo * whole) / 100;
    const hi = (r.hi * whole) / 100;
    for (const x of l.figures) {
      const v = Math.abs(x.value);
      if (v >= lo && v <= hi && p.part(x)) return { operation: "share_of_list", sources: [x, ...l.figures.filter((y) => y !== x)] };
    }
  }
  return null;
}

/** Per list, what shareOfList asks of it whatever the figure (asked of every list for every percentage not found): made once. */
const wholes = new WeakMap<List, { ofCall: boolean } | null>();

/**
 * A list that may be a whole of parts — a short list of amounts, not a list of a net beside its income and spending, or of
 * averages or changes, with a sum — and whether that sum is a total of its own call (totalOfCall); null when it is none.
 */
function wholeOfParts(index: FigureIndex, l: List): { ofCall: boolean } | null {
  let w = wholes.get(l);
  if (w !== undefined) return w;
  const whole = l.prefix[l.figures.length]!;
  const none = l.kind !== "money" || l.figures.length > MAX_SUBSET_LIST || l.figures.some((x) => x.ctx.measure || x.change || x.ctx.per) || !whole;
  wholes.set(l, (w = none ? null : { ofCall: totalOfCall(index, l, whole) }));
  return w;
}

/**
 * Whether a list's sum is a total its own call shows beside it (the half-year's spending of its six months): the list is
 * that whole, not a top N with the rest left out ("Other (5 merchants)") nor the first 20 rows of 35.
 */
function totalOfCall(index: FigureIndex, l: List, whole: number): boolean {
  const call = l.figures[0]!.callId;
  return index.groups.some(
    (g) => g.kind === l.kind && g.currency === l.currency && findEqual(g.values, { lo: whole - 0.005, hi: whole + 0.005 }).some((k) => figuresAt(g, k).some((x) => x.callId === call && !x.change && !l.figures.includes(x))),
  );
}

/**
 * The items of one list about what the answer names, wherever they stand in it, when together
 * they are the figure: "your three Brack.ch orders came to CHF 1'318.75" (the 2nd, 3rd and 7th
 * of the largest purchases). One pass over the list; three items or more (two are a pair).
 */
export function namedItems(l: List, said: FigureContext): SourceFigure[] | null {
  const names = said.names ?? said.categories;
  if (!names || (!said.ownName && !said.categories)) return null;
  const byName = byNameOf(l);
  let at = byName.get(names[0]!);
  // Several names: the items about any of them, in list order.
  for (const n of names.slice(1)) {
    const more = byName.get(n);
    if (more) at = [...new Set([...(at ?? []), ...more])].sort((a, b) => a - b);
  }
  return at && at.length >= 3 && at.length < l.figures.length ? at.map((i) => l.figures[i]!) : null;
}

/**
 * The items of one list about the months the answer names together, wherever they stand in it: "September and December
 * together CHF 1'305.90", "January, February, April and May kept CHF 16'980.23 between them" (a list by month, from a
 * summary or a chart). Two or more months, fewer than the list's; each item about one month, once (a list over two years
 * has two Mays: then none).
 */
export function namedMonths(l: List, said: FigureContext): SourceFigure[] | null {
  const months = said.months;
  if (!months || months.length < 2 || months.length >= l.figures.length) return null;
  const at: SourceFigure[] = [];
  for (const x of l.figures) {
    const p = x.ctx.periods;
    if (p?.length !== 1 || Math.floor(p[0]!.from / 100) !== Math.floor(p[0]!.to / 100) || p[0]!.from % 100 !== 1) continue;
    if (months.includes(Math.floor(p[0]!.from / 100) % 100)) at.push(x);
  }
  return at.length === months.length ? at : null;
}

/**
 * Calls `visit(0, n)` when the average of the whole of one list the model read is in r. Only the whole list: the average
 * of a run of months lands near the year's, so a slightly wrong "a month on average" matched some run of them (review:
 * CHF 1'518.76 as January–June's, the year's being CHF 1'536.21). The average of items the clause names is namedItems'.
 */
export function eachMean(list: List, r: Interval, visit: (s: number, e: number) => boolean): boolean {
  const n = list.figures.length;
  if (!list.figures[0]!.seen || n < 2) return false;
  const mean = list.prefix[n]! / n;
  return mean >= r.lo && mean <= r.hi && visit(0, n);
}

/** Lists of at most this many figures add up any three or four of them, wherever they stand (a short list the model read). */
const MAX_SUBSET_LIST = 24;

/**
 * Whether a value of a list's resolution in the range of its `k`-item sums is rarely (≤ 1 in 50) the sum of some `k` of
 * its items: how many such subsets there are against how many values that range holds.
 */
export function subsetsRare(l: List, k: number): boolean {
  const v = l.figures.map((x) => Math.abs(x.value)).sort((a, b) => a - b);
  const n = v.length;
  if (n < k) return false;
  let subsets = 1;
  for (let i = 0; i < k; i++) subsets = (subsets * (n - i)) / (i + 1);
  const cents = v.map((x) => Math.round(x * 100));
  const step = [100, 50, 10, 5].find((d) => cents.every((c) => c % d === 0)) ?? 1;
  let range = 0;
  for (let i = 0; i < k; i++) range += cents[n - 1 - i]! - cents[i]!;
  return subsets * 50 <= range / step;
}

/** Items picked for a total the clause says is of changes one way ("those three decreases") are such changes; else no changes. */
export function pickedAsSaid(terms: readonly SourceFigure[], said: FigureContext): boolean {
  return said.itemsChange ? terms.every((x) => x.change && Math.sign(x.value) === said.itemsChange) : terms.every((x) => !x.change);
}

/**
 * Three or four items of one short list the model read, wherever they stand in it, that add up to an exact amount: "the
 * four new categories came to CHF 2'997.27" (the 3rd, 6th, 9th and 12th lines), "Zeughauskeller's four bills". Only for
 * an amount written to the cent (`r` narrower than a rappen either side) whose cents are not zero: three of a dozen
 * amounts are no coincidence at that precision, while whole amounts add up to many whole sums. Bounded: O(n²) per list,
 * n ≤ 24 (windows that only move one way over the values and the pairs' sums, both sorted once per list), and each
 * candidate is one visit (true: stop).
 */
export function eachSubset(l: List, r: Interval, visit: (terms: SourceFigure[]) => boolean): boolean {
  const n = l.figures.length;
  if (n < 4 || n > MAX_SUBSET_LIST || !l.figures[0]!.seen || r.hi - r.lo > 0.011) return false;
  const { order, sorted, pairs, pairI, pairJ } = sumsOf(l);
  // Out of reach: below the three smallest or above the four largest.
  if (r.hi < sorted[0]! + sorted[1]! + sorted[2]! || r.lo > sorted[n - 1]! + sorted[n - 2]! + sorted[n - 3]! + sorted[n - 4]!) return false;
  const pick = (...at: number[]) => at.sort((a, b) => a - b).map((i) => l.figures[i]!);
  // Three, by their places in value order a < b < c: for each a, the third's window only moves down as b moves up.
  for (let a = 0; a < n - 2 && sorted[a]! * 3 <= r.hi; a++) {
    let c = n;
    for (let b = a + 1; b < n - 1; b++) {
      const lo = r.lo - sorted[a]! - sorted[b]!;
      const hi = r.hi - sorted[a]! - sorted[b]!;
      if (hi < sorted[b]!) break;
      while (c > b + 1 && sorted[c - 1]! >= lo) c--;
      for (let k = Math.max(c, b + 1); k < n && sorted[k]! <= hi; k++) if (visit(pick(order[a]!, order[b]!, order[k]!))) return true;
    }
  }
  // Four: two pairs of distinct items, the one with the smallest item first (each four once). The pairs' sums are sorted:
  // the second pair's window only moves down as the first's sum moves up.
  let q0 = pairs.length;
  for (let p = 0; p < pairs.length && pairs[p]! < r.hi; p++) {
    const lo = r.lo - pairs[p]!;
    while (q0 > 0 && pairs[q0 - 1]! >= lo) q0--;
    const i = pairI[p]!;
    const j = pairJ[p]!;
    for (let q = q0; q < pairs.length && pairs[q]! <= r.hi - pairs[p]!; q++) {
      const x = pairI[q]!;
      const y = pairJ[q]!;
      if (x <= i || x === j || y === j) continue;
      if (visit(pick(i, j, x, y))) return true;
    }
  }
  return false;
}

/** A list whose runs may add up to the figure: of its kind and currency (a plain integer ≥ 1'000 may be an amount). */
function sameKind(l: List, f: ReadFigure): boolean {
  if (f.kind === "money") return l.kind === "money" && (!f.currency || !l.currency || l.currency === f.currency);
  if (f.kind === "percent") return l.kind === "percent";
  return l.kind === "count" || (l.kind === "money" && Math.abs(f.value) >= 1000);
}

/** Per index, the lists of each sort of figure (sameKind's answer depends only on kindOfLists), in the index's order. */
const listsByKind = new WeakMap<FigureIndex, Map<string, List[]>>();

/** What sameKind asks of a figure. */
const kindOfLists = (f: ReadFigure) => (f.kind === "money" ? `money|${f.currency ?? ""}` : f.kind === "percent" ? "percent" : Math.abs(f.value) >= 1000 ? "count+big" : "count");

/** The index's lists that are sameKind as the figure, in order: made once per sort of figure (a loop over all lists ran for every figure not found). */
export function listsOfKind(index: FigureIndex, f: ReadFigure): List[] {
  let byKind = listsByKind.get(index);
  if (!byKind) listsByKind.set(index, (byKind = new Map()));
  const key = kindOfLists(f);
  let lists = byKind.get(key);
  if (!lists) byKind.set(key, (lists = index.lists.filter((l) => sameKind(l, f))));
  return lists;
}
