/** Walks over sorted values: the interval a written figure stands for, and the sums, differences, ratios and equal values that fall in it. */
import type { ReadFigure } from "../read.ts";

/** First index whose value is ≥ x. */
export function lowerBound(a: Float64Array, x: number, from = 0): number {
  let lo = from;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export type Interval = { lo: number; hi: number };

/**
 * The true magnitudes the writing can stand for: rounding at its precision; for a bound word,
 * one side, by half a unit of the writing or 2% of it, whichever is more ("almost CHF 7'500"
 * is 7'350–7'500, "nearly CHF 30k" 29.4k–30k, in its unit of thousands: 18.8k is not "nearly 20k"); a count written to the
 * unit by half a unit ("over 913 shops" is 913–913.5: 931 is no such count).
 */
export function intervalOf(f: ReadFigure): Interval {
  const w = Math.abs(f.value);
  const p = f.precision;
  const eps = 1e-9 * Math.max(1, w);
  // A count written to the unit ("over 913 shops") bounds only by its unit: rounding a count would end in zeros.
  const tol = f.kind === "count" && p < 10 ? p / 2 : Math.max(p / 2, 0.02 * w);
  if (f.bound === "under") return { lo: w - tol - eps, hi: w + eps };
  if (f.bound === "over") return { lo: w - eps, hi: w + tol + eps };
  return { lo: w - p / 2 - eps, hi: w + p / 2 + eps };
}

export const scaled = (r: Interval, k: number): Interval => ({ lo: r.lo * k, hi: r.hi * k });

/** Calls `visit(i, j)` for each i < j with v[i] + v[j] in r; stops when it returns true. Linear: j only moves down as i moves up. */
export function eachSum(v: Float64Array, r: Interval, visit: (i: number, j: number) => boolean): boolean {
  if (v.length < 2) return false;
  // The largest term is at most r.hi − the smallest: the walk down starts there (found by binary search), not at the top.
  let j = Math.min(v.length - 1, lowerBound(v, r.hi - v[0]! + 1e-9));
  for (let i = 0; i < j; i++) {
    while (j > i && v[i]! + v[j]! > r.hi) j--;
    for (let k = j; k > i && v[i]! + v[k]! >= r.lo; k--) if (visit(i, k)) return true;
  }
  return false;
}

/** Calls `visit(j, i)` for each j ≠ i with v[j] − v[i] in r (r.lo > 0). Linear: j only moves up as i does. */
export function eachDifference(v: Float64Array, r: Interval, visit: (j: number, i: number) => boolean): boolean {
  let j = 0;
  for (let i = 0; i < v.length; i++) {
    while (j < v.length && v[j]! - v[i]! < r.lo) j++;
    for (let k = j; k < v.length && v[k]! - v[i]! <= r.hi; k++) if (k !== i && visit(k, i)) return true;
  }
  return false;
}

/** Calls `visit(k, i)` for each k ≠ i with a[k] ÷ b[i] in r (r.lo > 0); `a` and `b` may be one array. Linear over b ascending. */
export function eachRatio(a: Float64Array, b: Float64Array, r: Interval, visit: (k: number, i: number) => boolean, distinct = a === b): boolean {
  let k0 = 0;
  for (let i = 0; i < b.length; i++) {
    const d = b[i]!;
    if (d <= 0) continue;
    while (k0 < a.length && a[k0]! < r.lo * d) k0++;
    for (let k = k0; k < a.length && a[k]! <= r.hi * d; k++) if (!(distinct && k === i) && visit(k, i)) return true;
  }
  return false;
}

export function findEqual(v: Float64Array, r: Interval): number[] {
  const out: number[] = [];
  for (let k = lowerBound(v, r.lo); k < v.length && v[k]! <= r.hi; k++) out.push(k);
  return out;
}
