/** A figure derived from the turn's figures: sums, differences, ratios, averages over a period, rates (derive), and percentages: shares, changes, points (derivePercent). */
import type { AverageRate } from "../../core/figures.ts";
import { isCountOfTime, type FigureContext } from "../context.ts";
import type { SourceFigure } from "../collect.ts";
import type { ReadFigure } from "../read.ts";
import type { FigureIndex, Group } from "./figure-types.ts";
import { figuresAt, groupsOf } from "./figure-index.ts";
import { eachDifference, eachRatio, eachSum, findEqual, type Interval, lowerBound, scaled } from "./search.ts";
import { eachRun, ofCurrency } from "./operands.ts";
import { BUDGET, type Derivation, type Operation, policy } from "./policy.ts";
import { monthly, ofOwnCall, PER_YEAR, saidDivisors, wholeMonths } from "./periods.ts";
import { eachMean, eachSubset, listsOfKind, namedItems, namedMonths, pickedAsSaid, shareOfList, subsetsRare } from "./lists.ts";

export function derive(index: FigureIndex, f: ReadFigure, r: Interval, said: FigureContext): Derivation | null {
  const p = policy(index, f, said);
  let budget = BUDGET;
  let found: Derivation | null = null;
  /** Tries each figure combination of two values; true (stop) once one passes or the budget is spent. */
  const tryPair = (op: Operation, ga: Group, a: number, gb: Group, b: number): boolean => {
    for (let i = ga.offsets[a]!, ie = ga.offsets[a + 1]!; i < ie; i++) {
      const x = ga.flat[i]!;
      for (let j = gb.offsets[b]!, je = gb.offsets[b + 1]!; j < je; j++) {
        const y = gb.flat[j]!;
        if (--budget < 0) return true;
        if (x === y || !p.pair(op, x, y)) continue;
        found = { operation: op === "share" ? "ratio" : op, sources: [x, y] };
        return true;
      }
    }
    return false;
  };
  /** A count is derived from whole counts only (a count that is an average is no operand): per value, so one average leaves the others. */
  const whole = (g: Group, k: number) => f.kind !== "count" || g.kind !== "count" || Number.isInteger(g.values[k]!);
  const integral = (g: Group) => g.integral;
  /** `fits`: whether a source may be divided by that divisor (absent: any). */
  const average = (g: Group, per: "month" | AverageRate, divisors: readonly number[], fits?: (s: SourceFigure, m: number) => boolean): Derivation | null => {
    const v = g.values;
    for (const m of divisors) {
      // The values equal to r × m (findEqual's walk, without its arrays: this runs for every divisor of every figure not found).
      const hi = r.hi * m;
      for (let k = lowerBound(v, r.lo * m); k < v.length && v[k]! <= hi; k++) {
        for (let i = g.offsets[k]!, ie = g.offsets[k + 1]!; i < ie; i++) {
          const s = g.flat[i]!;
          // A count of days, weeks or months (an age, "6 months with data") is no total of things over time: no average of it.
          if (isCountOfTime(s.ctx.unit)) continue;
          if ((!fits || fits(s, m)) && p.terms([s])) return per === "month" ? { operation: "monthly_average", sources: [s], months: m } : { operation: "average", sources: [s], divisor: m, per };
        }
      }
    }
    return null;
  };
  switch (f.kind) {
    case "money":
    case "count": {
      const own = saidDivisors(index, said);
      for (const g of groupsOf(index, f, "seen").operands) {
        if (!ofCurrency(f, g)) continue;
        const v = g.values;
        if (eachSum(v, r, (i, j) => whole(g, i) && whole(g, j) && tryPair("sum", g, i, g, j)) && found) return found;
        if (r.lo > 0 && eachDifference(v, r, (j, i) => whole(g, i) && whole(g, j) && tryPair("difference", g, j, g, i)) && found) return found;
        if (f.kind === "count" && !integral(g)) continue;
        // A rounded or whole amount is an average of a period only when the answer says per what ("about CHF 1'300 a
        // month", "CHF 950 a week"): unasked, nearly any round amount is some total ÷ 4.29 weeks or ÷ 12 months.
        // A rate the answer writes is the only one tried: "CHF 4'299.15 a week" is no month's average.
        const rateSaid = said.per ?? said.perNear;
        // Said to be per item ("EUR 9.10 a payment"), an amount is no average per day, week or month (a year ÷ 366 days).
        const per = (rate: "month" | "week" | "day") => (rateSaid ? rateSaid === rate : !p.rounded && f.precision < 1 && !said.perItem);
        const avg =
          (per("month") ? average(g, "month", own.months, ofOwnCall(index, said, "months")) : null) ??
          (per("week") ? average(g, "week", own.weeks, ofOwnCall(index, said, "weeks")) : null) ??
          (per("day") ? average(g, "day", own.days, ofOwnCall(index, said, "days")) : null) ??
          // A yearly rate of a period of whole years, two or more ("over two years … CHF 302 a year"), only when said so, and
          // only of a figure of that many years itself (2025's total ÷ 2 is no yearly rate of 2024–2025).
          (said.per === "year" ? average(g, "year", own.months.filter((m) => m >= 24 && m % 12 === 0).map((m) => m / 12), (s, years) => s.ctx.periods?.length === 1 && wholeMonths(s.ctx.periods[0]!) === years * 12) : null);
        if (avg) return avg;
        if (said.per && PER_YEAR[said.per]) {
          // A yearly cost as a month's, a week's or a day's ("CHF 30'240 a year" → "CHF 2'520 a month").
          const n = PER_YEAR[said.per]!;
          for (const k of findEqual(v, scaled(r, n))) {
            const s = figuresAt(g, k).find((x) => x.ctx.per === "year" && p.terms([{ ...x, ctx: { ...x.ctx, per: said.per } }]));
            if (s) return said.per === "month" ? { operation: "monthly_average", sources: [s], months: n } : { operation: "average", sources: [s], divisor: n, per: said.per as AverageRate };
          }
        }
        if (said.per === "year" && f.kind === "money") {
          // A month's amount as a yearly cost ("the subscriptions would cost CHF 155.40 a year at this rate" of a month's
          // CHF 12.95): × 12, of a figure the source says is monthly (a rate a month, or the amount of a calendar month a call
          // is about, not one month of a call's longer period: any of a year's twelve months × 12 is near some yearly figure),
          // its month kept (said of another month or of a year it is no such cost).
          for (const k of findEqual(v, scaled(r, 1 / 12))) {
            const s = figuresAt(g, k).find((x) => monthly(x) && (x.ctx.per === "month" || index.spans.some((c) => c.from === x.ctx.periods![0]!.from && c.to === x.ctx.periods![0]!.to)) && p.terms([{ ...x, ctx: { ...x.ctx, per: "year" } }]));
            if (s) return { operation: "yearly", sources: [s], months: 12 };
          }
        }
      }
      // Said to be an average of items ("CHF 541.70 on average", "CHF 115.45 a visit"): a run of a list, or the items of
      // what the clause names, summed and divided by how many they are (two steps the model takes without a tool). Written
      // with its cents only: some run of a dozen months averages to nearly any whole amount ("CHF 1'800" of 0 + 2'000 × 3
      // + 2'200 × 3 over seven months).
      const averageSaid = f.kind === "money" && f.precision < 1 && !p.rounded && (said.measure === "average" || !!said.perItem);
      // An amount with its cents (a whole one is the sum of some three or four of a list of whole amounts) said to be a
      // total ("together", "came to", "between them"), not as a change or a gap ("a gap of CHF … between them").
      // Only when the clause names things (categories, merchants, several months): a total of "2025" is no sum of three of
      // its months (review: "Your 2025 spending totalled CHF 4'287.90" was found as February + June + December).
      // Or as many items as the clause says ("those four decreases add up to CHF 1'247.61"): then that many, of changes too.
      const howMany = said.items === 3 || said.items === 4 ? said.items : 0;
      const subsetSaid = said.total && (!said.changeSaid || howMany > 0) && !p.rounded && f.kind === "money" && !Number.isInteger(f.value) && ((said.names ?? said.categories ?? said.months) !== undefined || howMany > 0);
      // Whether the clause names items a list may hold (namedItems, namedMonths): asked once, not of every list.
      const itemsSaid = (!!(said.names ?? said.categories) && (!!said.ownName || !!said.categories)) || (!!said.months && said.months.length >= 2);
      for (const l of listsOfKind(index, f)) {
        if (l.prefix[l.prefix.length - 1]! < r.lo && !averageSaid) continue;
        let run: SourceFigure[] | null = null;
        if (r.hi >= l.min3) {
          eachRun(l, r, (s, e) => {
            if (--budget < 0) return true;
            const terms = l.figures.slice(s, e);
            if (!p.run(terms) || !p.terms(terms) || !p.countedRun(terms, l.figures, s === 0 && e === l.figures.length)) return false;
            run = terms;
            return true;
          });
        }
        if (run) return { operation: "sum", sources: run };
        // Picked only by how many the clause says (it names none of them): a list short enough that a chance value is
        // rarely the sum of some that many of it (any amount is the sum of some four of twenty payments).
        const picksOnlyByCount = howMany > 0 && (said.names ?? said.categories ?? said.months) === undefined;
        if (subsetSaid && (!picksOnlyByCount || subsetsRare(l, howMany))) {
          let picked: SourceFigure[] | null = null;
          eachSubset(l, r, (terms) => {
            if (--budget < 0) return true;
            if ((howMany && terms.length !== howMany) || (picksOnlyByCount && !pickedAsSaid(terms, said)) || !p.terms(terms, true)) return false;
            picked = terms;
            return true;
          });
          if (picked) return { operation: "sum", sources: picked };
        }
        const items = itemsSaid ? (namedItems(l, said) ?? namedMonths(l, said)) : null;
        if (items) {
          let total = 0;
          for (const x of items) total += Math.abs(x.value);
          if (total >= r.lo && total <= r.hi && p.terms(items)) return { operation: "sum", sources: items };
          if (averageSaid && total / items.length >= r.lo && total / items.length <= r.hi && p.terms(items)) return { operation: "mean", sources: items };
        }
        if (averageSaid) {
          let mean: SourceFigure[] | null = null;
          eachMean(l, r, (s, e) => {
            if (--budget < 0) return true;
            const terms = l.figures.slice(s, e);
            if (!p.terms(terms)) return false;
            mean = terms;
            return true;
          });
          if (mean) return { operation: "mean", sources: mean };
        }
      }
      if (f.kind === "money" && (!p.rounded || said.measure === "average" || said.perItem)) {
        // An average per item: an amount ÷ a count ("CHF 2'088.89 per payment"); a rounded one only when the answer
        // says it is one ("about CHF 69 each").
        for (const a of groupsOf(index, f, "seen").operands) {
          if (a.kind !== "money" || !ofCurrency(f, a)) continue;
          for (const b of index.seen) {
            if (b.kind !== "count" || !integral(b)) continue;
            if (eachRatio(a.values, b.values, r, (k, i) => tryPair("ratio", a, k, b, i)) && found) return found;
          }
        }
      }
      return null;
    }
    case "percent":
      return derivePercent(index.seen, r, f, said, tryPair, () => found) ?? (said.sign === undefined ? shareOfList(index, r, p, said) : null);
    case "points": {
      for (const g of index.seen) {
        if (g.kind !== "percent" && g.kind !== "number") continue;
        if (r.lo > 0 && eachDifference(g.values, r, (j, i) => tryPair("points", g, j, g, i)) && found) return found;
      }
      return null;
    }
    case "ratio": {
      if (r.lo <= 0) return null;
      for (const g of index.seen) {
        if (g.kind !== "money" && g.kind !== "count" && g.kind !== "number") continue;
        // The kind of the result fits what the clause compares: how many (counts) only when it says so ("as many"), else
        // how much ("housing 4.8 times transport" is no ratio of their transaction counts).
        if (g.kind === "count" ? !said.ofCounts : g.kind === "money" && said.ofCounts) continue;
        if (eachRatio(g.values, g.values, r, (k, i) => tryPair("ratio", g, k, g, i)) && found) return found;
      }
      return null;
    }
  }
}

type TryPair = (op: Operation, ga: Group, a: number, gb: Group, b: number) => boolean;

/**
 * A percentage as the sum or difference of two (or a run of a list's), a share of two
 * amounts or counts, or — written as a change ("up 36%", "+10%", "10% more") — the change
 * from one to the other.
 */
function derivePercent(seen: readonly Group[], r: Interval, f: ReadFigure, said: FigureContext, tryPair: TryPair, found: () => Derivation | null): Derivation | null {
  if (r.hi <= 0) return null;
  /** Which way the answer says it went: "up 36%", "+10%", "10% more"; "-3.0%", "fell 3%", "10% less". */
  const sign = said.sign;
  const change = sign !== undefined;
  for (const g of seen) {
    if (g.kind !== "percent" && g.kind !== "number") continue;
    if (eachSum(g.values, r, (i, j) => tryPair("sum", g, i, g, j)) && found()) return found();
    if (r.lo > 0 && eachDifference(g.values, r, (j, i) => tryPair("difference", g, j, g, i)) && found()) return found();
  }
  const share = scaled(r, 1 / 100);
  const up: Interval = { lo: 1 + Math.max(0, r.lo) / 100, hi: 1 + r.hi / 100 };
  const down: Interval = { lo: Math.max(1 - r.hi / 100, 1e-12), hi: 1 - Math.max(0, r.lo) / 100 };
  for (const g of seen) {
    if (g.kind === "percent") continue;
    const v = g.values;
    if (!change && share.lo > 0 && eachRatio(v, v, share, (k, i) => tryPair("share", g, k, g, i)) && found()) return found();
    if (!change) continue;
    // From b to a: a ÷ b − 1 (an increase), or 1 − a ÷ b (a decrease), as written; the sources read from → to.
    if (sign !== -1 && eachRatio(v, v, up, (k, i) => tryPair("percent_change", g, i, g, k)) && found()) return found();
    if (sign !== 1 && down.hi > 0 && eachRatio(v, v, down, (k, i) => tryPair("percent_change", g, i, g, k)) && found()) return found();
  }
  return null;
}
