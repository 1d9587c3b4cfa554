/** Which groups of figures a derivation may take its operands from: runs of a list, equal values, the currency written. */
import type { ReadFigure } from "../read.ts";
import { type Group, type KindKey, type List, MAX_RUN_LIST } from "./figure-types.ts";
import { type Interval, lowerBound } from "./search.ts";

/** Calls `visit(s, e)` for each run [s, e) of ≥ 3 figures of one list summing to r (magnitudes are ≥ 0: a sliding window). */
export function eachRun(list: List, r: Interval, visit: (s: number, e: number) => boolean): boolean {
  // Every run is at least its smallest three in a row (magnitudes are ≥ 0, and so are the float differences of the
  // running totals): a figure below that is no run's, and the walk below would visit none.
  if (r.hi < list.min3) return false;
  const p = list.prefix;
  const n = list.figures.length;
  if (n > MAX_RUN_LIST) {
    // Running totals only grow: the first that reaches the interval is found by binary search.
    for (let e = Math.max(3, lowerBound(p, r.lo)); e <= n && p[e]! <= r.hi; e++) if (visit(0, e)) return true;
    return false;
  }
  let s = 0;
  for (let e = 3; e <= n; e++) {
    while (s < e && p[e]! - p[s]! > r.hi) s++;
    for (let t = s; t <= e - 3 && p[e]! - p[t]! >= r.lo; t++) if (p[e]! - p[t]! <= r.hi && visit(t, e)) return true;
  }
  return false;
}

/**
 * The groups an answer figure may equal: percentages with percentages; amounts with amounts
 * (of any currency: another currency is a mismatch, not a miss); a plain integer with counts
 * and amounts; a ratio with ratios (and a whole "914 times" with counts). A bare number (a
 * calculation's result) may be written as anything.
 */
export function equalGroups(groups: readonly Group[], k: KindKey): Group[] {
  return groups.filter((g) => {
    if (g.kind === "number") return k !== "points";
    switch (k) {
      case "percent":
        return g.kind === "percent";
      case "points":
        return g.kind === "points";
      case "money":
        return g.kind === "money";
      case "ratio":
        return g.kind === "ratio";
      case "ratio+whole":
        return g.kind === "ratio" || g.kind === "count";
      default:
        return g.kind === "count" || g.kind === "money" || g.kind === "ratio";
    }
  });
}

/** The groups a figure may be added or divided from: amounts (of its currency: `ofCurrency`); whole counts (a plain integer ≥ 1'000 may also be an amount). */
export function operandGroups(groups: readonly Group[], k: KindKey): Group[] {
  return groups.filter((g) => {
    if (g.kind === "number") return true;
    if (k === "money") return g.kind === "money";
    if (k === "count") return g.kind === "count";
    if (k === "count+big") return g.kind === "count" || g.kind === "money";
    return false;
  });
}

/** An amount is derived only from amounts of the currency written with it (or of none). */
export const ofCurrency = (f: ReadFigure, g: Group) => f.kind !== "money" || !f.currency || !g.currency || g.currency === f.currency;
