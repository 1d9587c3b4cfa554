/**
 * Checks the figures of an answer against the figures of its turn (SPEC §11, §11.1).
 *
 * `grounded`: a figure of the turn equals it at the precision written and is about what the
 * answer says it is about. `mismatched`: figures of the turn equal it, but every one of them
 * is about something the answer contradicts (another year, category, merchant, currency…).
 * `derived`: it follows, at the precision written, from figures the model read (the tools'
 * summaries, earlier results it sees, an approval's outcome): a sum of two of them or of a run
 * of one list (a summary list, a table column, a chart series), a difference, a ratio (as a
 * number, "1.7 times", or a percentage), a percentage change, percentage points between two
 * percentages, an amount ÷ a count (an average), or an amount ÷ the months, weeks or days of
 * a period a call named; three or four items of a short list said to be a total, wherever they
 * stand; the average of a run of a list (or of the items the clause names, the months it names); a
 * series by month with one month left out; and one more step from figures the answer itself wrote
 * in its sentence (its reader sees them): a gap or a ratio of two of them, a share of the base it
 * writes or of its call's natural total, a rate over the period it is said of, an amount per item
 * or a total of equal items with a count it wrote. `ungrounded`: anything else.
 *
 * A derivation is accepted only when the text licenses its operands (with 2'000 figures some pair,
 * run or subset explains nearly any number): things the clause names, figures the answer wrote, the
 * natural total of a list, a period the clause names; and when its kind fits what the clause says
 * (a ratio of counts only "as many", a rate only from rates, a change of one thing between two
 * periods, two shares added only as the shares of two things named).
 *
 * Choices where the spec is silent:
 * - Magnitudes are compared without their sign ("you spent CHF 11.65" of a row's CHF -11.65);
 *   the sign counts only where the answer says "up"/"fell" of a figure a tool signed (+/−).
 * - Operands of a derivation are of one kind and currency (two CHF amounts, two counts):
 *   currencies are never added (SPEC §1).
 * - A plain integer ("18'110") may be an amount or a count; it is checked against both.
 * - A rounded figure ("about CHF 30k", "1.2k") is derived only from operands about what the
 *   answer says it is about: with thousands of figures nearly every round number is some sum.
 *
 * Fast on purpose (bench/figures.ts): the turn's figures are grouped and sorted once; a
 * grounded figure is one binary search; a derivation is a linear two-pointer walk per
 * operation over sorted values, tried only for figures that are not grounded.
 */
import type { AnswerFigure, AverageRate, FigureOperation, FigureSource, RowFilters } from "../core/figures.ts";
import { contradicts, contextLabel, unitsAgree, foldName, isAccount, isCountOfTime, isNamedIn, isoOf, mentionedIn, merchantSpelling, nameOf, readInContext, saidOfAPart, unclassified, type FigureContext, type Lexicon, type Span } from "./context.ts";
import type { SourceFigure, SourceKind } from "./collect.ts";
import { allMatches, readFigures, type ReadFigure } from "./read.ts";
import { withTableCounts } from "./table.ts";
import { daysBetween, daysInMonth, monthKey } from "../ledger/calendar.ts";
import { UNCATEGORISED } from "../ledger/schema.ts";

/** Figures of one kind and currency, by magnitude: sorted distinct values, each with the figures that showed it. */
type Group = {
  kind: SourceKind;
  currency: string;
  /** Distinct magnitudes, ascending. */
  values: Float64Array;
  /** The figures of values[k] are flat[offsets[k]] … flat[offsets[k + 1] - 1]. */
  offsets: Uint32Array;
  flat: SourceFigure[];
  /** Every value whole (not so for counts that are averages): what a count may be derived from. */
  integral: boolean;
};

/** A list's figures in order (a summary list, a table column, a chart series), their running sums of magnitudes, and its kind and currency. */
/**
 * `byName`: the positions of its figures per category or name they are about (as the data spells them, which is how
 * an answer's mentions are read), for the items of a list an answer names; built at its first use.
 */
/** `min3`: the smallest sum of three items in a row (prefix[t + 3] − prefix[t]): no run of three or more is smaller. */
type List = { figures: SourceFigure[]; prefix: Float64Array; min3: number; kind: SourceKind; currency: string; byName: Map<string, number[]> | null; sums: Sums | null };

/** A short list's magnitudes sorted, and the sums of its pairs sorted: what three or four of its items add up to (built at first use). */
type Sums = { order: Uint8Array; sorted: Float64Array; pairs: Float64Array; pairI: Uint8Array; pairJ: Uint8Array };

function sumsOf(l: List): Sums {
  if (l.sums) return l.sums;
  const n = l.figures.length;
  const v = Float64Array.from(l.figures, (x) => Math.abs(x.value));
  const order = Uint8Array.from(v.keys()).sort((a, b) => v[a]! - v[b]!);
  const sorted = Float64Array.from(order, (i) => v[i]!);
  const at: number[] = [];
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) at.push(i * 32 + j);
  at.sort((a, b) => v[a >> 5]! + v[a & 31]! - (v[b >> 5]! + v[b & 31]!));
  const pairs = Float64Array.from(at, (k) => v[k >> 5]! + v[k & 31]!);
  return (l.sums = { order, sorted, pairs, pairI: Uint8Array.from(at, (k) => k >> 5), pairJ: Uint8Array.from(at, (k) => k & 31) });
}

/** A list's positions per category and name. */
function byNameOf(l: List): Map<string, number[]> {
  if (l.byName) return l.byName;
  const byName = new Map<string, number[]>();
  const add = (k: string, i: number) => {
    const at = byName.get(k);
    if (!at) byName.set(k, [i]);
    else if (at[at.length - 1] !== i) at.push(i);
  };
  for (let i = 0; i < l.figures.length; i++) {
    const c = l.figures[i]!.ctx;
    if (c.categories) for (const k of c.categories) add(k, i);
    if (c.names) for (const k of c.names) add(k, i);
  }
  return (l.byName = byName);
}

/** The divisors of the periods the turn's calls named: months, weeks and days. */
export type Divisors = { months: number[]; weeks: number[]; days: number[] };

/**
 * The figures of a turn, indexed for checking: all of them (a figure of the answer may equal
 * any number the user sees) and those the model read (`seen`), the only ones it can have
 * computed from: with 2'000 figures nearly any amount is the sum of two of them.
 */
export type FigureIndex = {
  groups: Group[];
  seen: Group[];
  lists: List[];
  divisors: Divisors;
  /** The periods the calls named, this turn's and earlier turns' (what an average said of a period inside one may divide by). */
  spans: CallSpan[];
  /** Per call (its id), the divisors of the periods it named or stated and of its charts' months: what its own figures may be divided by. */
  callDivisors: Map<string, Divisors>;
  lexicon: Lexicon;
  /** The latest year this turn's own calls name: what the answer's "this year" is about (absent: not read). */
  thisYear?: number;
  /** The earliest year any figure of the turn is about (Infinity: none). */
  firstYear: number;
  /** The figures the model read that are the largest of their call, kind and currency (a total something is a share of). */
  callMax: Set<SourceFigure>;
  /** The numbers of a question (not figures of its answer), read once. */
  asked: Map<string, number[]>;
  /** The measures (average, median), change verbs ("moved") and names (folded) of the turn's figures. */
  known: { measures: Set<string>; actions: Set<string>; names: Set<string>; categories: Set<string> };
  /** Per kind of answer figure, the groups it may equal and those it may be derived from (of all figures, and of those read). */
  kinds: { all: Map<KindKey, KindGroups>; seen: Map<KindKey, KindGroups> };
};

/** An answer figure's kind as the groups it meets depend on it: a whole ratio ("914 times") may be a count, a plain integer ≥ 1'000 an amount. */
type KindKey = "percent" | "points" | "money" | "ratio" | "ratio+whole" | "count" | "count+big";
type KindGroups = { equal: Group[]; operands: Group[] };
const FIGURE_KINDS: KindKey[] = ["percent", "points", "money", "ratio", "ratio+whole", "count", "count+big"];
const kindKey = (f: ReadFigure): KindKey =>
  f.kind === "ratio" ? (Number.isInteger(f.value) && !f.compares ? "ratio+whole" : "ratio") : f.kind === "count" ? (Math.abs(f.value) >= 1000 ? "count+big" : "count") : f.kind;
/** The groups of a kind of answer figure (all figures, or those the model read). */
const groupsOf = (index: FigureIndex, f: ReadFigure, which: "all" | "seen") => index.kinds[which].get(kindKey(f))!;

const MAX_SOURCES = 3;
/** Lists longer than this add up only as a running total from their start (a top-n, the months so far). */
const MAX_RUN_LIST = 60;

/**
 * One group: the distinct magnitudes of `members` (indices into `figures`, with their
 * magnitudes in millionths in `keys`, so 0.1 + 0.2 and 0.3 are one value), sorted natively
 * and matched back by binary search, the figures then placed by counting sort.
 */
function build(kind: SourceKind, currency: string, figures: readonly SourceFigure[], keys: Float64Array, members: Uint32Array): Group {
  const m = members.length;
  const sorted = new Float64Array(m);
  for (let i = 0; i < m; i++) sorted[i] = keys[members[i]!]!;
  sorted.sort();
  let n = 0;
  for (let i = 0; i < m; i++) if (i === 0 || sorted[i] !== sorted[n - 1]) sorted[n++] = sorted[i]!;
  const distinct = sorted.subarray(0, n);
  const at = new Uint32Array(m);
  const offsets = new Uint32Array(n + 1);
  for (let i = 0; i < m; i++) offsets[(at[i] = lowerBound(distinct, keys[members[i]!]!)) + 1]!++;
  for (let k = 0; k < n; k++) offsets[k + 1]! += offsets[k]!;
  const next = offsets.slice(0, n);
  const flat: SourceFigure[] = new Array(m);
  for (let i = 0; i < m; i++) flat[next[at[i]!]!++] = figures[members[i]!]!;
  const values = new Float64Array(n);
  for (let k = 0; k < n; k++) values[k] = distinct[k]! / 1e6;
  return { kind, currency, values, offsets, flat, integral: kind !== "count" || values.every(Number.isInteger) };
}

function figuresAt(g: Group, k: number): SourceFigure[] {
  return g.flat.slice(g.offsets[k], g.offsets[k + 1]);
}

/** A period a call of the turn names, with the divisors of an average over it (its calendar and covered months, weeks and days). */
export type CallSpan = Span & { divisors?: Divisors; earlier?: boolean; /** The call that named it. */ call?: string };

export function indexFigures(figures: readonly SourceFigure[], opts: { divisors: Divisors; spans?: CallSpan[]; callDivisors?: Map<string, Divisors>; lexicon: Lexicon; thisYear?: number }): FigureIndex {
  const n = figures.length;
  const keys = new Float64Array(n);
  const group = new Int16Array(n);
  const kinds: { kind: SourceKind; currency: string; all: number; seen: number }[] = [];
  const lists = new Map<number, SourceFigure[]>();
  /** Puts a figure in its list `id` (none: -1). */
  const inList = (id: number, f: SourceFigure) => {
    if (id < 0) return;
    const l = lists.get(id);
    if (l) l.push(f);
    else lists.set(id, [f]);
  };
  for (let i = 0; i < n; i++) {
    const f = figures[i]!;
    if (!Number.isFinite(f.value)) {
      group[i] = -1;
      continue;
    }
    let g = 0;
    while (g < kinds.length && (kinds[g]!.kind !== f.kind || kinds[g]!.currency !== f.currency)) g++;
    if (g === kinds.length) kinds.push({ kind: f.kind, currency: f.currency, all: 0, seen: 0 });
    group[i] = g;
    keys[i] = Math.round(Math.abs(f.value) * 1e6);
    kinds[g]!.all++;
    if (f.seen) kinds[g]!.seen++;
    if (f.kind === "money" || f.kind === "count" || f.kind === "percent") {
      inList(f.list, f);
      inList(f.list2, f);
    }
  }
  const all: Group[] = [];
  const seen: Group[] = [];
  kinds.forEach((k, g) => {
    const members = new Uint32Array(k.all);
    const seenMembers = new Uint32Array(k.seen);
    let a = 0;
    let b = 0;
    for (let i = 0; i < n; i++) {
      if (group[i] !== g) continue;
      members[a++] = i;
      if (figures[i]!.seen) seenMembers[b++] = i;
    }
    all.push(build(k.kind, k.currency, figures, keys, members));
    if (k.seen) seen.push(build(k.kind, k.currency, figures, keys, seenMembers));
  });
  const runs: List[] = [];
  for (const list of lists.values()) {
    // A list of several currencies adds up in each apart ("Putzfee Anna CHF 500.00; Hotel Roma EUR 420.00; SBB CHF 337.00").
    for (const currency of new Set(list.map((f) => f.currency))) {
      const l = list.filter((f) => f.currency === currency);
      if (l.length < 3) continue;
      const prefix = new Float64Array(l.length + 1);
      for (let i = 0; i < l.length; i++) prefix[i + 1] = prefix[i]! + Math.abs(l[i]!.value);
      let min3 = Infinity;
      for (let t = 0; t + 3 <= l.length; t++) min3 = Math.min(min3, prefix[t + 3]! - prefix[t]!);
      runs.push({ figures: l, prefix, min3, kind: l[0]!.kind, currency, byName: null, sums: null });
    }
  }
  const divisors = {
    months: [...new Set(opts.divisors.months)].filter((m) => m > 1).sort((a, b) => a - b),
    weeks: [...new Set(opts.divisors.weeks)].filter((w) => w > 1).sort((a, b) => a - b),
    days: [...new Set(opts.divisors.days)].filter((d) => d > 1).sort((a, b) => a - b),
  };
  const measures = new Set<string>();
  const actions = new Set<string>();
  const names = new Set<string>();
  const categories = new Set<string>();
  let firstYear = Infinity;
  for (const f of figures) {
    for (const p of f.ctx.periods ?? []) firstYear = Math.min(firstYear, Math.floor(p.from / 10000));
    if (f.ctx.measure) measures.add(f.ctx.measure);
    if (f.ctx.action) actions.add(f.ctx.action);
    for (const n of f.ctx.names ?? []) names.add(foldName(n));
    for (const c of f.ctx.categories ?? []) categories.add(c);
  }
  const byKind = (groups: Group[]) => new Map(FIGURE_KINDS.map((k) => [k, { equal: equalGroups(groups, k), operands: operandGroups(groups, k) }]));
  return {
    groups: all,
    seen,
    lists: runs,
    divisors,
    spans: opts.spans ?? [],
    callDivisors: opts.callDivisors ?? new Map(),
    lexicon: opts.lexicon,
    ...(opts.thisYear ? { thisYear: opts.thisYear } : {}),
    firstYear,
    callMax: callMaxima(figures),
    asked: new Map(),
    known: { measures, actions, names, categories },
    kinds: { all: byKind(all), seen: byKind(seen) },
  };
}

/** First index whose value is ≥ x. */
function lowerBound(a: Float64Array, x: number, from = 0): number {
  let lo = from;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

type Interval = { lo: number; hi: number };

/**
 * The true magnitudes the writing can stand for: rounding at its precision; for a bound word,
 * one side, by half a unit of the writing or 2% of it, whichever is more ("almost CHF 7'500"
 * is 7'350–7'500, "nearly CHF 30k" 29.4k–30k, in its unit of thousands: 18.8k is not "nearly 20k"); a count written to the
 * unit by half a unit ("over 913 shops" is 913–913.5: 931 is no such count).
 */
function intervalOf(f: ReadFigure): Interval {
  const w = Math.abs(f.value);
  const p = f.precision;
  const eps = 1e-9 * Math.max(1, w);
  // A count written to the unit ("over 913 shops") bounds only by its unit: rounding a count would end in zeros.
  const tol = f.kind === "count" && p < 10 ? p / 2 : Math.max(p / 2, 0.02 * w);
  if (f.bound === "under") return { lo: w - tol - eps, hi: w + eps };
  if (f.bound === "over") return { lo: w - eps, hi: w + tol + eps };
  return { lo: w - p / 2 - eps, hi: w + p / 2 + eps };
}

const scaled = (r: Interval, k: number): Interval => ({ lo: r.lo * k, hi: r.hi * k });

/** Calls `visit(i, j)` for each i < j with v[i] + v[j] in r; stops when it returns true. Linear: j only moves down as i moves up. */
function eachSum(v: Float64Array, r: Interval, visit: (i: number, j: number) => boolean): boolean {
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
function eachDifference(v: Float64Array, r: Interval, visit: (j: number, i: number) => boolean): boolean {
  let j = 0;
  for (let i = 0; i < v.length; i++) {
    while (j < v.length && v[j]! - v[i]! < r.lo) j++;
    for (let k = j; k < v.length && v[k]! - v[i]! <= r.hi; k++) if (k !== i && visit(k, i)) return true;
  }
  return false;
}

/** Calls `visit(k, i)` for each k ≠ i with a[k] ÷ b[i] in r (r.lo > 0); `a` and `b` may be one array. Linear over b ascending. */
function eachRatio(a: Float64Array, b: Float64Array, r: Interval, visit: (k: number, i: number) => boolean, distinct = a === b): boolean {
  let k0 = 0;
  for (let i = 0; i < b.length; i++) {
    const d = b[i]!;
    if (d <= 0) continue;
    while (k0 < a.length && a[k0]! < r.lo * d) k0++;
    for (let k = k0; k < a.length && a[k]! <= r.hi * d; k++) if (!(distinct && k === i) && visit(k, i)) return true;
  }
  return false;
}

function findEqual(v: Float64Array, r: Interval): number[] {
  const out: number[] = [];
  for (let k = lowerBound(v, r.lo); k < v.length && v[k]! <= r.hi; k++) out.push(k);
  return out;
}

/** Calls `visit(s, e)` for each run [s, e) of ≥ 3 figures of one list summing to r (magnitudes are ≥ 0: a sliding window). */
function eachRun(list: List, r: Interval, visit: (s: number, e: number) => boolean): boolean {
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
function equalGroups(groups: readonly Group[], k: KindKey): Group[] {
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
function operandGroups(groups: readonly Group[], k: KindKey): Group[] {
  return groups.filter((g) => {
    if (g.kind === "number") return true;
    if (k === "money") return g.kind === "money";
    if (k === "count") return g.kind === "count";
    if (k === "count+big") return g.kind === "count" || g.kind === "money";
    return false;
  });
}

/** An amount is derived only from amounts of the currency written with it (or of none). */
const ofCurrency = (f: ReadFigure, g: Group) => f.kind !== "money" || !f.currency || !g.currency || g.currency === f.currency;

type Derivation = { operation: FigureOperation; sources: SourceFigure[]; months?: number; divisor?: number; per?: AverageRate };

/** At most this many candidate derivations are weighed per figure (the search stays bounded whatever the answer). */
const BUDGET = 4000;

/**
 * Whether a writing rounds (then nearly any value is some sum of two figures): a rounding
 * word, a magnitude ("CHF 18.1k"), a whole percentage or ratio ("13%", "5 times"), or a last
 * digit worth 1 % of the value or more ("CHF 65").
 */
function isRounded(f: ReadFigure): boolean {
  if (f.approximate || f.precision >= 10) return true;
  if (f.kind === "count") return false;
  if ((f.kind === "percent" || f.kind === "ratio" || f.kind === "points") && f.precision >= 1) return true;
  return f.precision >= 1 && f.precision / Math.max(Math.abs(f.value), 1e-9) >= 0.01;
}

type Operation = FigureOperation | "share";

/** Whether `a` is about a period wholly after `b`'s (both about periods that do not overlap). */
function later(a: SourceFigure, b: SourceFigure): boolean {
  const pa = a.ctx.periods;
  const pb = b.ctx.periods;
  if (!pa?.length || !pb?.length) return false;
  return Math.min(...pa.map((p) => p.from)) > Math.max(...pb.map((p) => p.to));
}

/**
 * How a derivation must relate to what the answer says the figure is about (`said`) — with
 * thousands of figures nearly any value is the sum, difference or ratio of some two of them:
 * - a sum: one term about what the answer says (of a rounded figure: every term, none smaller
 *   than the writing's unit, two terms taken together by the result: see `related`);
 * - a difference, a ratio, a change, percentage points: two figures the result puts together
 *   (one list, one clause, one label, one call) or the answer's clause names both, one of
 *   them about what the answer says;
 * - a share: a part of its total (one clause of a result, the largest figure of its call, or one
 *   of the call about nothing in particular);
 * - when the answer's clause names two or more things, every operand about a thing is one of them.
 */
/** A budget's own figure in a result ("summary · budget"), not what was spent against it or what remains. */
const OF_A_BUDGET = /·\s*budget$/i;

function policy(index: FigureIndex, f: ReadFigure, said: FigureContext) {
  const rounded = isRounded(f);
  const subjects = said.subjects ?? [];
  /** Whether a source is about what the answer says (asked again and again of the same sources in a search: remembered). */
  const agrees = new Map<SourceFigure, boolean>();
  // The way the answer says the figure went ("CHF 130.61 more") is the result's, not an operand's: an operand's own sign
  // (a row's "CHF -618.00" of money out) contradicts it only when the operand is itself a change.
  const unsigned: FigureContext = { ...said, sign: undefined };
  const ok = (s: SourceFigure) => {
    let v = agrees.get(s);
    if (v === undefined) agrees.set(s, (v = !contradicts(s.change ? said : unsigned, s.ctx)));
    return v;
  };
  /** Whether a source is about a thing the clause names (likewise remembered; never, when it names none). */
  const names = new Map<SourceFigure, boolean>();
  const named = (s: SourceFigure) => {
    if (!subjects.length) return false;
    let v = names.get(s);
    if (v === undefined) names.set(s, (v = isNamedIn(subjects, s.ctx)));
    return v;
  };
  /** About what the answer says but for its category or name (the clause names the thing elsewhere). */
  const besidesSubject: FigureContext = { ...said, categories: undefined, names: undefined };
  const okBesidesSubject = (s: SourceFigure) => !contradicts(besidesSubject, s.ctx);
  const aboutThing = (s: SourceFigure) => !!(s.ctx.categories || s.ctx.names || s.ctx.weekdays?.length === 1);
  // An approval's outcome goes with whatever the answer reports about it.
  const outcome = (s: SourceFigure) => s.outcome === true;
  const inNamedSet = (s: SourceFigure) => subjects.length < 2 || !aboutThing(s) || named(s) || outcome(s);
  /**
   * Every thing the clause names is a term of an exact sum of three or more: "the three largest categories" beside the two
   * it names, "together with travel, dining and fees the new lines" (and shopping, the clause before): the sum is of them
   * and more, not of other things instead. Only for items that stand together (a run of a list, the items of a name): items
   * picked from anywhere in a list are the things the clause names, or it names none.
   */
  const everySubjectIn = (sources: SourceFigure[]) => subjects.every((x) => sources.some((s) => isNamedIn([x], s.ctx)));
  /** A count adds up or differs only with counts of what it counts ("6 transactions" from transactions, not from merchants). */
  const sameUnit = (s: SourceFigure) => !said.unit || !s.ctx.unit || unitsAgree(s.ctx.unit, said.unit);
  /** Said to count what the figure counts, in so many words. */
  const countsAlike = (s: SourceFigure) => !!said.unit && !!s.ctx.unit && unitsAgree(s.ctx.unit, said.unit);
  const sameList = (a: SourceFigure, b: SourceFigure) => (a.list >= 0 && (a.list === b.list || a.list === b.list2)) || (a.list2 >= 0 && (a.list2 === b.list || a.list2 === b.list2));
  const samePart = (a: SourceFigure, b: SourceFigure) => a.clause >= 0 && a.clause === b.clause;
  /**
   * An approval's outcome goes with a figure of the turn about the same thing (its category or name, or none): the new
   * Dining budget less July's groceries is nothing ("leaving CHF 320.00" of CHF 420.00 − CHF 100.00, r4n18). With another
   * thing's figure only when that is a budget too (or an outcome) and the figure is said to be a total ("your budgets
   * total CHF 190.00": the new Groceries budget and Subscriptions').
   */
  const withOutcome = (a: SourceFigure, b: SourceFigure) => {
    if (!outcome(a) && !outcome(b)) return false;
    if (!contradicts({ categories: a.ctx.categories, names: a.ctx.names }, b.ctx)) return true;
    const other = outcome(a) ? b : a;
    return !!said.total && (other.outcome || OF_A_BUDGET.test(other.where));
  };
  const together = (a: SourceFigure, b: SourceFigure) => sameList(a, b) || samePart(a, b) || a.where === b.where || (named(a) && named(b)) || withOutcome(a, b);
  /** A month's or a day's figure, read as part of a rounded share while the answer names no period. */
  const unsaidPart = (s: SourceFigure) => !said.periods && !said.month && s.ctx.per !== "year" && !!s.ctx.periods?.every((q) => q.to - q.from < 100);
  const counts = f.kind === "count";
  /** A figure of the call about no category or name while the part is about one: the total it is a share of ("total spending … (+CHF 2'434.50)"). */
  const totalOf = (a: SourceFigure, b: SourceFigure) => a.callId === b.callId && !b.ctx.categories && !b.ctx.names && !!(a.ctx.categories || a.ctx.names);
  /** One thing counted twice over one period: the same category or name in two lists of a result (its CHF and its EUR rows). */
  const sameThing = (a: SourceFigure, b: SourceFigure) =>
    aboutThing(a) && String(a.ctx.categories) === String(b.ctx.categories) && String(a.ctx.names) === String(b.ctx.names) && JSON.stringify(a.ctx.periods) === JSON.stringify(b.ctx.periods);
  /** A call's income and its total spending of one period ("income beat spending by CHF 8'046.06"): their difference is the net, whatever the answer calls it. */
  const incomeLessSpending = (a: SourceFigure, b: SourceFigure) => {
    const income = (x: SourceFigure) => x.ctx.categories?.length === 1 && x.ctx.categories[0] === "Income";
    const total = (x: SourceFigure) => !x.ctx.categories && !x.ctx.names;
    return ((income(a) && total(b)) || (income(b) && total(a))) && JSON.stringify(a.ctx.periods) === JSON.stringify(b.ctx.periods);
  };
  /** Whether `a` is about a time within `b`'s (each of a's periods inside one of b's), or either is a rate (a year's cost of a series) or about no period. */
  const within = (a: SourceFigure, b: SourceFigure) => {
    const pa = a.ctx.periods;
    const pb = b.ctx.periods;
    if (!!a.ctx.per || !!b.ctx.per || !pa?.length || !pb?.length) return true;
    // Loops, not every/some with closures: this runs for every pair a share's search weighs (bench/figures.ts).
    for (const q of pa) {
      let inside = false;
      for (const x of pb) if (x.from <= q.from && q.to <= x.to) { inside = true; break; }
      if (!inside) return false;
    }
    return true;
  };
  const related = (op: Operation, a: SourceFigure, b: SourceFigure) => {
    switch (op) {
      case "sum":
        // Two counts add up when the result lists them together, or the answer names both.
        return counts ? sameList(a, b) || (named(a) && named(b) && !sameThing(a, b)) || outcome(a) || outcome(b) : together(a, b);
      case "difference":
        // Counts differ only as "N more than …" or what an approval's count leaves; a rounded difference is taken within one clause of a result;
        // money out less money in of one call is a net.
        // An approval's count taken from the count it was of is what is left ("that leaves 6 to review").
        if (counts) return (said.sign !== undefined && (sameList(a, b) || (named(a) && named(b)))) || (outcome(a) && countsAlike(b)) || (outcome(b) && countsAlike(a));
        // A total less its own average (one clause: "CHF 1'388.00 in 13 transactions (average CHF 106.77)") is nothing.
        if (samePart(a, b) && (a.ctx.measure === "average") !== (b.ctx.measure === "average")) return false;
        if (rounded) return samePart(a, b) || withOutcome(a, b);
        return together(a, b) || ((said.measure === "net" || incomeLessSpending(a, b)) && a.callId === b.callId);
      case "share":
        if (rounded && (unsaidPart(a) || unsaidPart(b))) return false;
        // A part is within its whole's time: Other's June is no share of May's total spending.
        if (!within(a, b)) return false;
        return samePart(a, b) || isCallMax(index, b) || totalOf(a, b) || (named(a) && named(b)) || outcome(a) || outcome(b);
      default:
        return together(a, b);
    }
  };
  const big = (s: SourceFigure) => Math.abs(s.value) >= f.precision;
  /** Whether the text licenses a pair that passed the other checks (asked last: naming is dearer to find out than those). */
  const licensed = (op: Operation, a: SourceFigure, b: SourceFigure): boolean => {
    // Two percentages add up or differ only as the shares of two things the clause names ("housing and children took
    // 28.5 %"): any two shares of a list make some sum or gap near any percentage.
    if (f.kind === "percent" && (op === "sum" || op === "difference") && !outcome(a) && !outcome(b) && !(named(a) && named(b))) return false;
    // Two counts add up as the counts of two things the clause names or says are two ("the two supermarkets together make
    // 242 rows"): two small whole numbers of a list make nearly any count.
    if (counts && op === "sum" && !outcome(a) && !outcome(b) && !(named(a) && named(b)) && said.items !== 2) return false;
    // A ratio of two things the clause names is of those two, not of one of them and a total ("housing cost 2.4 times
    // insurance" is no housing ÷ all spending).
    if (f.kind === "ratio" && subjects.length >= 2 && !(named(a) && named(b))) return false;
    // A net is what is left of a call's income after its spending: added to one of them it is no figure of anything ("you
    // earned about CHF 240k" of income 213'816.77 + net 28'645.68; QA of stop 46), unless the answer says it adds a net.
    if (op === "sum" && a.callId === b.callId && (a.ctx.measure === "net") !== (b.ctx.measure === "net") && said.measure !== "net") return false;
    // A figure said to be a rate ("about CHF 207 a week", "CHF 1'500 a month") is a sum or a gap of two rates of that
    // kind, not of two months' amounts.
    if ((op === "sum" || op === "difference") && said.per && said.per !== "year" && !(a.ctx.per === said.per && b.ctx.per === said.per)) return false;
    // A change in per cent is of one thing between two periods ("groceries rose 4.8 %"), or between two things the clause
    // names ("about 10 % more at Coop than at Migros"), not from one thing to another ("Helsana 2024 → insurance 2025").
    if (op === "percent_change" && (String(a.ctx.categories) !== String(b.ctx.categories) || String(a.ctx.names) !== String(b.ctx.names)) && !(named(a) && named(b))) return false;
    return true;
  };

  /** Whether two figures of two periods of a series (a month or longer) are named by the answer: both periods (or their months), or the span of both. */
  const periodsNamed = (a: SourceFigure, b: SourceFigure) => {
    const pa = a.ctx.periods;
    const pb = b.ctx.periods;
    if (pa?.length !== 1 || pb?.length !== 1 || (pa[0]!.from === pb[0]!.from && pa[0]!.to === pb[0]!.to)) return true;
    const [x, y] = [pa[0]!, pb[0]!];
    if (x.to - x.from < 27 || y.to - y.from < 27) return true;
    const from = Math.min(x.from, y.from);
    const to = Math.max(x.to, y.to);
    if (said.periods?.some((q) => q.from === from && q.to === to)) return true;
    const isSaid = (p: Span) => !!said.periods?.some((q) => q.from === p.from && q.to === p.to) || (!!said.months && oneMonthSpan(p) && said.months.includes(Math.floor(p.from / 100) % 100));
    return isSaid(x) && isSaid(y);
  };
  return {
    rounded,
    /** The part of a share of a whole list: about what the answer says, one of the things its clause names, and no change. */
    part: (a: SourceFigure) => !a.change && ok(a) && inNamedSet(a) && (!rounded || named(a)),
    /** Terms of a sum, or the one figure of an average; `picked`: items taken from anywhere in one list (not a run). */
    terms(sources: SourceFigure[], picked = false): boolean {
      // Two terms must go together whatever else holds (both endings below ask it): asked first, as it is the cheapest
      // look that turns most pairs of a search away.
      if (sources.length === 2 && !related("sum", sources[0]!, sources[1]!)) return false;
      if (!(sources.every(inNamedSet) || (!picked && !rounded && sources.length >= 3 && everySubjectIn(sources))) || !sources.every(sameUnit)) return false;
      // A share said of a thing ("dining took 9.6 % of the month") is a sum of shares only of that thing's parts: dining's
      // and cash's shares together are no share of dining ("housing and children took 28.5 %" is said of both).
      if (f.kind === "percent" && sources.length > 1 && (said.categories || said.names) && !sources.every((s) => !aboutThing(s) || ok(s))) return false;
      // A count said of a thing ("7 uncategorised transactions") adds up that thing's counts, not a neighbour's in the same list.
      if (counts && sources.length > 1 && !sources.every((s) => !aboutThing(s) || ok(s))) return false;
      // A rounded figure said to rise or fall ("spending fell about CHF 400") is a change: a sum of changes, not of amounts.
      if (rounded && said.sign !== undefined && sources.length > 1 && !sources.every((s) => s.change)) return false;
      // Two figures of two periods of a series (months, quarters) add up to a figure of both, which a rounded figure's answer
      // names (the two months, or the span from one to the other): "August and December together about CHF 2.9k", not
      // "averaged about CHF 2.9k a month" (August + December of 2025). Exact ones are no coincidence; days are a list's rows.
      if (sources.length === 2 && rounded && !periodsNamed(sources[0]!, sources[1]!)) return false;
      // Items picked from anywhere in a list are each about what the answer says (the months it names, its category).
      if (!rounded ? !(picked ? sources.every(ok) : sources.some(ok)) : !sources.every((s) => ok(s) && big(s))) return false;
      // A sum adds parts, never a part to the whole it is in (Zalando to all shopping, April to the year): asked last.
      return !(sources.length <= MAX_LISTED && sources.some((w) => sources.some((x) => holds(index, w, x))));
    },
    /**
     * A run of a series of periods (months) summed to a rounded figure: only the run of a period the clause names ("Q1
     * about CHF 1.2k"); with a dozen months some run is near any round amount ("the year about CHF 9.5k" of February–October).
     */
    run(terms: SourceFigure[]): boolean {
      if (!rounded || !terms.every((s) => s.ctx.periods?.length === 1)) return true;
      const from = Math.min(...terms.map((s) => s.ctx.periods![0]!.from));
      const to = Math.max(...terms.map((s) => s.ctx.periods![0]!.to));
      return !!said.periods?.some((q) => q.from === from && q.to === to);
    },
    /**
     * A run of a list's counts added up to a count: small whole numbers, so some run is near any count. Only the whole list,
     * the things the clause names, as many items as it says ("those three alone are 395 rows", "the top 5"), or the items of
     * the currency it names where the list has others ("506 rows of them in francs").
     */
    countedRun(terms: SourceFigure[], list: readonly SourceFigure[], whole: boolean): boolean {
      if (!counts || whole || terms.every((s) => outcome(s) || named(s))) return true;
      const c = said.currency;
      if (c && terms.every((s) => s.ctx.currency === c) && list.some((s) => !terms.includes(s) && s.ctx.currency && s.ctx.currency !== c)) return true;
      return said.items === terms.length;
    },
    pair(op: Operation, a: SourceFigure, b: SourceFigure): boolean {
      // A comparison's change goes only with changes ("62% of the increase"), never with an amount of a period.
      if (!a.change !== !b.change || (op === "percent_change" && a.change)) return false;
      // A change runs from the earlier period to the later: its from (a) is not the later one; a difference (or
      // percentage points) said to have risen or fallen (a is the larger) is larger at the later period when it rose,
      // smaller when it fell.
      if (op === "percent_change" && later(a, b)) return false;
      // Not when the answer says the figure is about the one it says is larger ("July cost CHF 560.34 more" than August) or smaller: a gap, not a rise.
      const gapOfSaid = said.sign !== undefined && (said.sign > 0 ? ok(a) && !ok(b) : ok(b) && !ok(a));
      if ((op === "difference" || op === "points") && said.sign !== undefined && !gapOfSaid && (said.sign > 0 ? later(b, a) : later(a, b))) return false;
      if (op === "sum") return this.terms([a, b]) && licensed(op, a, b);
      // An amount said to be a day's, a week's or a month's is over days, weeks or months, not over rows ("EUR 8.90 a day" is
      // no EUR 276.00 ÷ its 31 transactions): an amount ÷ a count is per item unless the count is of time. (Not a rate only near it in its clause: "per week that is CHF 343, and a single shop averaged CHF 19.67".)
      if (op === "ratio" && f.kind === "money" && b.kind === "count" && said.per && !said.perItem && !isCountOfTime(b.ctx.unit)) return false;
      if (rounded && op === "difference" && !(big(a) && big(b) && ok(a) && ok(b))) return false;
      // A share is of the part the answer names.
      // A difference between two things the clause names ("Hiltl … CHF 1'458.45 more than Zeughauskeller") is about them, whatever else it names.
      if (f.kind === "count" && !(sameUnit(a) && sameUnit(b))) return false;
      // Whether the two go together is asked first: most pairs a search meets do not, and it is cheaper than what each is about.
      if (!related(op, a, b)) return false;
      // A share's clause may name its whole last ("investments took 6.7 % of your income": said of Income): of two things it
      // names, the whole may be what the figure is said of, the part agreeing but for its subject.
      const about = op === "share" ? ok(a) || (named(a) && named(b) && ok(b) && okBesidesSubject(a)) : ok(a) || ok(b) || (op === "difference" && named(a) && named(b) && okBesidesSubject(a) && okBesidesSubject(b));
      return about && inNamedSet(a) && inNamedSet(b) && licensed(op, a, b);
    },
  };
}

/**
 * Whether `w` is a whole `p` is a part of: of one currency, over the same time or longer, about the same thing or wider,
 * and one of the two strictly — a merchant within the total of its call (Zalando within the call's shopping), a month
 * within the year of the same thing (April's housing rows within 2025's). Not rates or averages (no whole of anything), nor
 * an approval's outcome.
 */
function holds(index: FigureIndex, w: SourceFigure, p: SourceFigure): boolean {
  if (w === p || w.currency !== p.currency || w.outcome || p.outcome || w.change || p.change) return false;
  if (w.ctx.per || p.ctx.per || w.ctx.measure || p.ctx.measure) return false;
  const wp = w.ctx.periods;
  const pp = p.ctx.periods;
  if (!wp?.length || !pp?.length || !pp.every((q) => wp.some((x) => x.from <= q.from && q.to <= x.to))) return false;
  const longer = !pp.every((q) => wp.some((x) => x.from === q.from && x.to === q.to));
  const same = (a?: string[], b?: string[]) => String(a ?? "") === String(b ?? "");
  if (same(w.ctx.categories, p.ctx.categories) && same(w.ctx.names, p.ctx.names)) return longer && !!(w.ctx.categories || w.ctx.names);
  // A wider thing: the call's own total (its largest figure, about no name, of the same category or none) over a part of
  // it (an item whose name the data does not know looks like a total too, but is not the largest).
  return w.callId === p.callId && isCallMax(index, w) && !w.ctx.names && !!p.ctx.names && (!w.ctx.categories || same(w.ctx.categories, p.ctx.categories));
}

/** How many whole calendar months a period is (0: it starts or ends inside a month). */
const wholeMonths = (p: Span) => (p.from % 100 === 1 && p.to % 100 === daysInMonth(Math.floor(p.to / 10000), Math.floor(p.to / 100) % 100) ? monthKey(p.to) - monthKey(p.from) + 1 : 0);
const oneMonthSpan = (p: Span) => p.from % 100 === 1 && Math.floor(p.from / 100) === Math.floor(p.to / 100);

/** The largest figure of its call, kind and currency among those the model read (among its changes, for a change): a total something is a share of. */
function isCallMax(index: FigureIndex, s: SourceFigure): boolean {
  return index.callMax.has(s);
}

/** The largest figures of each call, kind, currency and sort (a change or an amount) among those the model read. */
function callMaxima(figures: readonly SourceFigure[]): Set<SourceFigure> {
  const max = new Map<string, number>();
  const key = (s: SourceFigure) => `${s.callId}|${s.kind}|${s.currency}|${s.change ? "change" : ""}`;
  /** The figures weighed, each with its key (made once: there are thousands). */
  const weighed: [SourceFigure, string][] = [];
  for (const s of figures) if (s.seen && Number.isFinite(s.value)) weighed.push([s, key(s)]);
  for (const [s, k] of weighed) max.set(k, Math.max(max.get(k) ?? 0, Math.abs(s.value)));
  const out = new Set<SourceFigure>();
  for (const [s, k] of weighed) if (Math.abs(s.value) >= max.get(k)!) out.add(s);
  return out;
}

/**
 * The divisors of an average said of a figure: those of the periods the turn's calls named, and those of the one
 * period the answer says the figure is about when it lies inside them ("CHF 1'626.98 a month in 2025" of a call over
 * 2024–2025: 12 months; "the first quarter …, CHF 814.05 a month": 3) — a year, a quarter, a month of the data asked about.
 */
function saidDivisors(index: FigureIndex, said: FigureContext): Divisors {
  const p = said.periods?.length === 1 ? said.periods[0]! : said.periods ? null : monthOfCalls(index.spans, said.month);
  if (!p || !index.spans.some((c) => c.from <= p.from && p.to <= c.to)) return index.divisors;
  const days = daysBetween(p.from, p.to) + 1;
  const months = wholeMonths(p);
  // A part of every call's period that holds it, of two whole months or more ("over January to October" of a call over 2026), is the
  // period the rate is over: its own months, weeks and days only, not the whole call's (roughly CHF 47 a month was 2026's ÷ 12, written of ten
  // months). A period a call names itself keeps the call's divisors too (a year so far is its months with data).
  const part = months >= 2 && index.spans.every((c) => !(c.from <= p.from && p.to <= c.to) || c.from < p.from || p.to < c.to);
  // A period a call names itself (May of a call comparing May with June) keeps that call period's own divisors (its
  // covered months and days), not the other periods' of the turn (June's 30 days are no divisor of May's total).
  const same = index.spans.find((c) => c.from === p.from && c.to === p.to && c.divisors)?.divisors;
  const base = same ?? index.divisors;
  const add = (xs: number[], ...more: number[]) => [...new Set([...(part ? [] : xs), ...more].filter((x) => x > 1))];
  return { months: months ? add(base.months, months) : part ? [] : add(base.months), weeks: add(base.weeks, days / 7), days: add(base.days, days) };
}

/**
 * Whether a figure may be divided by `m` months (weeks, days): a divisor of a period its own call named (or stated, or
 * charted), or of the one period the answer says it is about when that lies inside one of its own call's periods (saidDivisors).
 * Not another call's: "about 30 transactions a month" is no 2024 count over the six months of a 2025 half-year call, nor a
 * half-year's 180 over a year call's 12 (review rev-figacc5 §6). A call that names no period (a calculation) keeps any.
 */
function ofOwnCall(index: FigureIndex, said: FigureContext, rate: keyof Divisors): (s: SourceFigure, m: number) => boolean {
  const p = said.periods?.length === 1 ? said.periods[0]! : said.periods ? null : monthOfCalls(index.spans, said.month);
  const days = p ? daysBetween(p.from, p.to) + 1 : 0;
  const ofSaid = !p ? null : rate === "months" ? wholeMonths(p) : rate === "weeks" ? days / 7 : days;
  const near = (a: number, b: number) => Math.abs(a - b) < 1e-9;
  return (s, m) => {
    const own = index.callDivisors.get(s.callId);
    if (!own) return true;
    if (own[rate].some((x) => near(x, m))) return true;
    return !!p && ofSaid !== null && near(ofSaid, m) && index.spans.some((c) => c.call === s.callId && c.from <= p.from && p.to <= c.to);
  };
}

/**
 * A month named without its year ("CHF 104.15 a day in July") in the one year of this turn's call periods that holds it; of
 * earlier turns' only when none of this turn's holds it (July of this turn's 2025 is not made ambiguous by an earlier 2024 call).
 */
function monthOfCalls(spans: readonly CallSpan[], month: number | undefined): Span | null {
  if (month === undefined) return null;
  const own = monthsIn(spans.filter((c) => !c.earlier), month);
  const found = own.size ? own : monthsIn(spans, month);
  return found.size === 1 ? [...found.values()][0]! : null;
}

/** That month of each year it lies wholly inside one of the spans, by year. */
function monthsIn(spans: readonly Span[], month: number): Map<number, Span> {
  const found = new Map<number, Span>();
  for (const c of spans) {
    for (let y = Math.floor(c.from / 10000); y <= Math.floor(c.to / 10000); y++) {
      const m = { from: y * 10000 + month * 100 + 1, to: y * 10000 + month * 100 + daysInMonth(y, month) };
      if (c.from <= m.from && m.to <= c.to) found.set(y, m);
    }
  }
  return found;
}

/** A figure the source says is monthly: a rate a month, or the amount of one calendar month (no average of something else). */
const monthly = (x: SourceFigure) => !x.change && !x.ctx.measure && (x.ctx.per === "month" || (!x.ctx.per && x.ctx.periods?.length === 1 && oneMonthSpan(x.ctx.periods[0]!)));

/** Rates a figure of the tools converts between: a yearly cost is 4 quarters, 12 months, 52 weeks or 365 days. */
const PER_YEAR: Record<string, number> = { quarter: 4, month: 12, week: 52, day: 365 };

function derive(index: FigureIndex, f: ReadFigure, r: Interval, said: FigureContext): Derivation | null {
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

/**
 * A share of a whole list: one of its items over the sum of all of them ("Möbel Pfister alone was 78.4 %" of the six
 * largest purchases; "72.1 % of these six payments"; "Housing was 60.8 %" of the three categories' totals). The whole
 * need not be a figure of the turn: the model adds the list up itself; but the list is a whole (its sum a total of its own
 * call, or as many items as the answer says it is of), not a top N or the first rows of more. The part is an item of that
 * same list the answer does not contradict (policy's `part`: a named item when the percentage is rounded). Bounded: one
 * pass over each list.
 */
function shareOfList(index: FigureIndex, r: Interval, p: ReturnType<typeof policy>, said: FigureContext): Derivation | null {
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
function namedItems(l: List, said: FigureContext): SourceFigure[] | null {
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
function namedMonths(l: List, said: FigureContext): SourceFigure[] | null {
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
function eachMean(list: List, r: Interval, visit: (s: number, e: number) => boolean): boolean {
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
function subsetsRare(l: List, k: number): boolean {
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
function pickedAsSaid(terms: readonly SourceFigure[], said: FigureContext): boolean {
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
function eachSubset(l: List, r: Interval, visit: (terms: SourceFigure[]) => boolean): boolean {
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
function listsOfKind(index: FigureIndex, f: ReadFigure): List[] {
  let byKind = listsByKind.get(index);
  if (!byKind) listsByKind.set(index, (byKind = new Map()));
  const key = kindOfLists(f);
  let lists = byKind.get(key);
  if (!lists) byKind.set(key, (lists = index.lists.filter((l) => sameKind(l, f))));
  return lists;
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

/**
 * The figures of `answer`, each with its status and sources. Numbers the user wrote in
 * `question` are not figures of the answer.
 */
export function checkWithIndex(answer: string, question: string, index: FigureIndex): AnswerFigure[] {
  let asked = index.asked.get(question);
  if (!asked) index.asked.set(question, (asked = readFigures(question).map((q) => Math.abs(q.value))));
  const lastYear = lastYearOf(index, question);
  // A quarter or a range of months written without its year is the turn's year when all its figures are of that year.
  const unwritten = index.thisYear && index.firstYear >= index.thisYear ? index.thisYear : undefined;
  const years = { ...(index.thisYear ? { thisYear: index.thisYear } : {}), ...(lastYear ? { lastYear } : {}), ...(unwritten ? { unwritten } : {}) };
  const { figures, contexts } = readInContext(answer, withTableCounts(answer, readFigures(answer)), index.lexicon, { answer: true, years });
  const out: AnswerFigure[] = [];
  /** The answer's own amounts and counts so far that the turn backs: a later figure of their sentence may add them up, or take a second step from one it derived. */
  const backed: Backed[] = [];
  /** Unfound amounts said to be a gap, and unfound ratios: looked at again once the rest of their sentence is read. */
  const later: { at: number; said: FigureContext }[] = [];
  /** Unfound amounts said to be each item's or all items' ("CHF 16.67 each", "came to CHF 360"): looked at once their sentence is read. */
  const items: { at: number; said: FigureContext }[] = [];
  /** Percentages with their base written after them: looked at once it is read. */
  const shares: { at: number; base: ReadFigure; said: FigureContext }[] = [];
  /** The last amount read and how it was checked: a count right after it may count its rows (countOfAmount). */
  let lastAmount: { f: ReadFigure; checked: AnswerFigure } | undefined;
  figures.forEach((f, i) => {
    if (asked.some((q) => Math.abs(q - Math.abs(f.value)) < 1e-9)) return;
    const said = contexts[i]!;
    // The currency written with the figure is what it is in, whatever the clause's currency word ("Outside francs there was EUR 453.60").
    if (f.currency && said.currency) said.currency = f.currency;
    // A plus says it went up ("+14.4%", "+CHF 12.00"); a minus before a percentage that it went down ("-3.0%").
    if (said.sign === undefined && answer[f.start - 1] === "+") said.sign = 1;
    else if (said.sign === undefined && f.value < 0 && (f.kind === "percent" || f.kind === "points")) said.sign = -1;
    if (said.sign !== undefined) said.changeSaid = true;
    // "36.7% used" is spent ÷ budget: no remaining amount (a budget's other side) is its part.
    if (f.kind === "percent" && said.budget === undefined && USED_AFTER.test(answer.slice(f.end, f.end + 24))) said.budget = "used";
    if (f.kind === "ratio" && COMPARES_AFTER.test(answer.slice(f.end, f.end + 40))) f.compares = true;
    if (f.kind === "money") {
      const flow = flowOf(answer, f, figures[i - 1]);
      if (flow) said.flow = flow;
      if (WHOLE_SPENDING.test(answer.slice(Math.max(0, f.start - 40), f.start))) said.wholeSpending = true;
    }
    const endpoint = endpointOf(answer, f, figures[i - 1]);
    if (endpoint) said.endpoint = endpoint;
    if (endpoint && (ARROW_BEFORE.test(answer.slice(f.end, f.end + 12)) || ARROW_BETWEEN.test(answer.slice(figures[i - 1]?.end ?? f.start, f.start)))) said.arrow = true;
    if (said.arrow && monthsInTimeOrder(sentenceAround(answer, f))) said.arrowInTime = true;
    // "The first half came to CHF 600.00, and the second to CHF 900.00": the second half of the year the first is of.
    // It is of what the first is of, too ("Groceries' first half came to …, and the second to …" is groceries' second half).
    // Only when the first was itself found for that half (review of r4-figacc7, #1: "the year before, the first half came to
    // CHF 540.00" is read under the clause's 2025; an unfound first figure names no year to take the second of).
    const prior = out.length && out[out.length - 1]!.start === figures[i - 1]?.start ? out[out.length - 1] : undefined;
    if (said.arrow && endpoint === "to" && prior?.status === "grounded" && contexts[i - 1]?.endpoint === "from") said.arrowFrom = prior.sources;
    const partOfYear = i > 0 && prior ? ellipticPart(index, answer, { f: figures[i - 1]!, said: contexts[i - 1]!, checked: prior }, f, said) : null;
    if (partOfYear) {
      const first = contexts[i - 1]!;
      said.periods = [partOfYear];
      if (!said.categories && first.categories) said.categories = first.categories;
      if (!said.names && first.names) said.names = first.names;
      if (!said.currency && first.currency) said.currency = first.currency;
    }
    let checked = checkOne(index, f, said);
    // A share whose base the answer writes right after it ("38 % of June's spending of CHF 17'499.29") is of that base:
    // looked at once the base is read, whatever else it may be a ratio of.
    // A share already derived other than as a ratio (a sum of the shares the result gives), or as a ratio over that very
    // base, stays so (review of r4-held12: "56.6% of your spending of CHF 18'434.50", Groceries' 40.3% + Dining's 16.3%,
    // was lost: its part is no one figure).
    /** The figures the turn backs that the answer wrote before this one in its sentence (no sentence end between). */
    const sentenceBefore = () => backed.filter((b) => !SENTENCE_END.test(answer.slice(b.f.end, f.start)));
    const pronoun = f.kind === "percent" && said.sign === undefined && checked.status !== "grounded" ? OF_PRONOUN.exec(answer.slice(f.end, f.end + 16)) : null;
    const antecedent = pronoun ? antecedentOf(answer, f, figures, pronoun[1]!) : undefined;
    const written = f.kind === "percent" && said.sign === undefined && checked.status !== "grounded" ? (pronoun ? (antecedent ?? undefined) : writtenBase(answer, f, figures)) : undefined;
    const overBase = written && checked.status === "derived" && (checked.operation !== "ratio" || checked.sources.some((x) => Math.abs(Math.abs(x.value) - Math.abs(written.value)) < 0.005));
    const base = overBase ? undefined : written;
    // "N % of it / of that / of them" with no one figure it can refer to: a ratio of two figures of the turn is a guess at
    // what the whole is (the last of a list, an amount in brackets, a count beside the amount): not derived.
    // Nor when that figure is itself not found or found as something else ("Housing came to EUR 6'000.00" of a CHF 6'000.00):
    // a share of a wrong whole is no share the turn backs.
    const unbacked = pronoun && antecedent !== undefined && (!written || !backed.some((b) => b.f.start === written.start));
    if (unbacked && checked.status === "derived" && checked.operation === "ratio") checked = { text: f.text, value: f.value, start: f.start, end: f.end, status: "ungrounded", sources: [] };
    if (base) {
      shares.push({ at: out.length, base, said });
      checked = { text: f.text, value: f.value, start: f.start, end: f.end, status: "ungrounded", sources: [] };
    } else if (checked.status === "ungrounded") {
      const sentence = sentenceBefore();
      checked = (sentence.length && (listedSum(f, sentence) ?? secondStep(index, f, said, sentence, answer) ?? writtenChange(f, said, sentence))) || checked;
    }
    // Only a figure said to be a change or a gap ("CHF 130.61 more than", "rose by"): a difference of any two earlier
    // amounts is near any amount (review: "Travel came to CHF 4'431.20" was found as groceries − dining).
    if (checked.status === "ungrounded" && said.changeSaid) checked = writtenDifference(f, backed, f.precision >= 1 && !f.approximate ? sentenceBefore() : undefined) ?? checked;
    if (checked.status === "ungrounded" && f.kind === "money" && said.per === "year") checked = writtenYearly(index, f, said, backed.filter((b) => !answer.slice(b.f.end, f.start).includes("\n\n")), sentenceBefore()) ?? checked;
    if (checked.status === "ungrounded" && f.kind === "money") {
      const clause = clauseAround(answer, f);
      if (said.per === "year" || YEAR_AT_PACE.test(clause)) checked = yearAtPace(index, f, said, ownPart(answer, f, figures), backed.filter((b) => b.f.kind === "money" && !answer.slice(b.f.end, f.start).includes("\n\n")).at(-1)) ?? checked;
    }
    // A percentage of the increase or the decline is a share of a change and nothing else: not a change in per cent that has its value.
    const ofChange = f.kind === "percent" ? OF_CHANGE.exec(answer.slice(f.end, f.end + 50)) : null;
    if (ofChange) checked = shareOfChange(index, f, said, sentenceBefore(), ofChange[1] ? 1 : ofChange[2] ? -1 : 0) ?? { ...checked, status: "ungrounded", sources: [] };
    if (checked.status === "ungrounded" && f.kind === "count" && said.per === "month") checked = rowsPerMonth(index, f, said) ?? checked;
    if (checked.status === "ungrounded" && f.kind === "percent") checked = topShare(index, f, said, answer.slice(Math.max(0, f.start - 120), f.start)) ?? checked;
    if (checked.status === "ungrounded" && f.kind === "money") checked = leftOut(index, f, said, answer) ?? leftOutThing(index, f, answer, backed) ?? checked;
    if (checked.status === "ungrounded" && f.kind === "money") {
      const opened = answer.slice(sentenceStart(answer, f.start), f.start);
      checked = approvedTotal(index, f, opened, answer.slice(f.end, f.end + 30)) ?? sumOfNamed(index, f, said, opened) ?? checked;
    }
    // An amount said to be a gap to the average is that gap and nothing else: not another difference of two figures of the turn that has its value (highest − lowest, the average − another month).
    if (f.kind === "money" && checked.status !== "grounded" && checked.status !== "mismatched" && FROM_AVERAGE.test(answer.slice(f.end, f.end + 60))) checked = fromAverage(index, f, said, answer, sentenceBefore(), backed) ?? { ...checked, status: "ungrounded", sources: [] };
    if (f.kind === "count" && (checked.status === "grounded" || checked.status === "derived") && lastAmount) checked = countOfAmount(index, f, said, answer, lastAmount) ?? checked;
    if (f.kind === "money") lastAmount = { f, checked };
    if ((checked.status === "derived" || checked.status === "grounded") && (f.kind === "money" || f.kind === "count")) backed.push({ f, checked, said });
    else if (checked.status === "ungrounded" && ((said.changeSaid && f.kind === "money") || f.kind === "ratio")) later.push({ at: out.length, said });
    if (checked.status === "derived" && f.kind === "ratio" && TIMES_USUAL.test(answer.slice(f.end, f.end + 40))) checked = usualOfOneRow(index, checked, answer.slice(f.end, f.end + 60));
    if (checked.status === "derived" && checked.operation === "monthly_average" && SO_FAR.test(clauseAround(answer, f))) checked = soFar(index, checked);
    if (checked.status === "derived" && (checked.operation === "difference" || checked.operation === "sum") && said.per) checked = ofOwnRate(index, checked, said.per);
    if (checked.status === "derived" && checked.operation === "sum" && said.ownName && !said.total && !said.items && said.names?.length === 1 && nameBeside(answer, f, said.names[0]!)) checked = sumOfOwnName(index, checked, said.names[0]!);
    if (checked.status === "derived" && f.kind === "percent" && shareOfKept(answer, f)) checked = overNet(index, checked, f, sentenceBefore());
    if (f.kind === "percent" && ((checked.status === "derived" && checked.operation === "ratio") || checked.status === "grounded")) checked = overFlowSaid(index, checked, answer.slice(f.end, f.end + 48));
    const compared = checked.status === "derived" ? comparedBack(answer, f, sentenceBefore()) : null;
    if (compared) checked = ratioOfCompared(checked, f, compared);
    if (checked.status === "ungrounded" && f.kind === "money" && (said.perItem || said.measure === "average" || said.total)) items.push({ at: out.length, said });
    out.push(checked);
  });
  // A gap the answer states before its second term ("CHF 453.60 more than November's CHF 661.90"): a difference of two
  // amounts it wrote, one of them after it in its sentence; likewise a ratio ("1.7 times April's CHF 414.70").
  for (const { at, said } of later) {
    const f = out[at]!;
    const upTo = answer.slice(f.end).search(SENTENCE_END);
    const end = upTo < 0 ? answer.length : f.end + upTo;
    const read = figures.find((x) => x.start === f.start)!;
    const found = read.kind === "ratio" ? writtenRatio(read, said, backed.filter((b) => b.f.start < end && !SENTENCE_END.test(answer.slice(Math.min(b.f.end, f.start), Math.max(b.f.start, f.end))))) : writtenDifference(read, backed.filter((b) => b.f.start < end));
    if (found) out[at] = found;
  }
  for (const { at, said } of items) {
    const f = out[at]!;
    if (f.status !== "ungrounded") continue;
    const upTo = answer.slice(f.end).search(SENTENCE_END);
    const from = sentenceStart(answer, f.start);
    const end = upTo < 0 ? answer.length : f.end + upTo;
    const sentence = backed.filter((b) => b.f.start >= from && b.f.start < end);
    const read = figures.find((x) => x.start === f.start)!;
    out[at] = writtenPerItem(read, said, sentence, answer.slice(from, end), from) ?? f;
  }
  for (const { at, base, said } of shares) {
    const f = out[at]!;
    const b = backed.find((x) => x.f.start === base.start);
    if (!b) continue;
    const read = figures.find((x) => x.start === f.start)!;
    const sentence = backed.filter((x) => x.f.end <= f.start && !SENTENCE_END.test(answer.slice(x.f.end, f.start)));
    out[at] = shareOfWritten(index, read, said, b, sentence) ?? f;
  }
  return out;
}


/**
 * Between an amount and a count of its rows: "CHF 17.99 in 5 charges", "CHF 45.00 (2 transactions)", "CHF 91.20 (4.3%) in
 * 3 payments", "EUR 276.00 from the German account over 30 transactions" — a bracket (its share) and a few words of where
 * the money went from, then "over/in/across/from/with/(".
 */
const ROWS_OF_AMOUNT = /^(?:\s*\([^()\d]*\d[^()]*\))?(?:\s+(?:from|on|in)\s+(?:the|your)\s+[\p{L} -]{1,24}?)?,?\s*(?:\(|(?:over|in|across|from)\s+(?:(?:its|the|their|just|only|some)\s+)?)$/iu;

/** The noun of a summary's count of rows, as its place ends ("summary · Fees · tx"). */
const ROW_NOUN = /^(?:tx|transactions?|payments?|rows?|bookings?)$/i;

/** Per index, the counts of the rows of each amount of a summary ("Fees CHF 17.99 (0.1%, 3 tx)": 3), by its call and place: each with the part of the summary it stands in. */
const rowCounts = new WeakMap<FigureIndex, Map<string, { amounts: SourceFigure[]; counts: SourceFigure[] }>>();
function rowCountsOf(index: FigureIndex): Map<string, { amounts: SourceFigure[]; counts: SourceFigure[] }> {
  let m = rowCounts.get(index);
  if (m) return m;
  const out = new Map<string, { amounts: SourceFigure[]; counts: SourceFigure[] }>();
  const at = (key: string) => {
    let e = out.get(key);
    if (!e) out.set(key, (e = { amounts: [], counts: [] }));
    return e;
  };
  for (const g of index.groups) {
    if (g.kind !== "count" && g.kind !== "money") continue;
    for (const s of g.flat) {
      if (s.clause < 0) continue;
      if (g.kind === "money") {
        at(`${s.callId}\u0000${s.where}`).amounts.push(s);
        continue;
      }
      // A summary's count of rows after an amount is placed as that amount ("summary · Fees") and its noun ("· tx").
      const cut = s.where.lastIndexOf(" · ");
      if (cut >= 0 && ROW_NOUN.test(s.where.slice(cut + 3))) at(`${s.callId}\u0000${s.where.slice(0, cut)}`).counts.push(s);
    }
  }
  rowCounts.set(index, out);
  return out;
}

/**
 * A count of rows written right after an amount the turn backs ("fees came to CHF 17.99 in 5 charges") counts that
 * amount's rows: where the result states how many rows that amount is of, the count is that number or it is wrong, though
 * it equals some other count of the turn (another month's fees, another category's, the total's: small counts of a turn
 * equal nearly any count). Mismatched then, with the amount's own count as its source. Nothing when the result states no
 * count beside the amount (a table's cell, a chart's point), or the count counts no rows ("in 4 categories").
 */
function countOfAmount(index: FigureIndex, f: ReadFigure, said: FigureContext, answer: string, amount: { f: ReadFigure; checked: AnswerFigure }): AnswerFigure | null {
  if (said.unit !== "rows" || amount.checked.status !== "grounded" || f.start - amount.f.end > 60) return null;
  if (!ROWS_OF_AMOUNT.test(answer.slice(amount.f.end, f.start))) return null;
  const counts = rowCountsOf(index);
  const own: SourceFigure[] = [];
  for (const src of amount.checked.sources) {
    // Its count stands in the amount's part of the summary ("Fees CHF 17.99 (0.1%, 3 tx);"), not in a later sentence its
    // label runs on into ("…; CH93 … CHF 770.00 (6). Unclassified money in …: CHF 45.00 in 1 transaction.").
    const e = counts.get(`${src.callId}\u0000${src.where}`);
    if (!e) continue;
    for (const a of e.amounts) if (a.value === src.value) for (const s of e.counts) if (s.clause === a.clause) own.push(s);
  }
  if (!own.length || own.some((s) => Math.abs(Math.abs(s.value) - Math.abs(f.value)) < 1e-9)) return null;
  const saidLabel = contextLabel(said);
  return { text: f.text, value: f.value, start: f.start, end: f.end, status: "mismatched", sources: own.slice(0, MAX_SOURCES).map((s) => source(s, index.lexicon)), ...(saidLabel ? { said: saidLabel } : {}) };
}

/** A percentage of a budget used: "64.6% used", "only 36.7% used". */
const USED_AFTER = /^\)?\s+used\b/i;

/** A word of rounding a level may stand after ("from about CHF 290", "to roughly CHF 290"; review rev-figacc7 #2), or none. */
const ROUNDING_LEAD = String.raw`(?:(?:about|roughly|around|some|nearly|almost|approximately|just\s+(?:over|under))\s+)?`;
/** Where a change went to: "fell to", "dropped to", "rose to", "down 24.4% to", "up to" (not "came to", a total). */
const TO_LEVEL = new RegExp(String.raw`\b(?:fell|dropped|declined|decreased|sank|slipped|shrank|rose|climbed|increased|grew|jumped|went\s+(?:up|down)|up|down)\b(?:[^.;:!?\n]|\.(?=\d)){0,24}?\bto\s+${ROUNDING_LEAD}$`, "i");
/** "to" or "from" right before a figure, or with a word of rounding between. */
const TO_OR_FROM = new RegExp(String.raw`\b(?:to|from)\s+${ROUNDING_LEAD}$`, "i");
const FROM_LEAD = new RegExp(String.raw`\bfrom\s+${ROUNDING_LEAD}$`, "i");
const TO_BETWEEN = new RegExp(String.raw`^\s+to\s+${ROUNDING_LEAD}$`, "i");
/** An arrow between two amounts or counts ("CHF 3'485.65 → CHF 3'224.20", "12 -> 9"): after the first, and all between them. */
const ARROW_BEFORE = /^\s*(?:→|->)\s*(?:[A-Z]{3}\s?|Fr\.\s?|[$€£]\s?)?[-−]?\d/;
const ARROW_BETWEEN = /^\s*(?:→|->)\s*$/;
/**
 * Whether an amount or a count is written as where a change went to ("fell to CHF 43.00"; the second of "from CHF x to
 * CHF y") or came from ("from CHF 1'157.75 to …"). Silent (undefined) otherwise.
 */
function endpointOf(answer: string, f: ReadFigure, before: ReadFigure | undefined): "from" | "to" | undefined {
  // "CHF 1'084.85 → CHF 1'084.85": a pair written with an arrow is a change from the first to the second.
  if (ARROW_BEFORE.test(answer.slice(f.end, f.end + 12))) return "from";
  if (before && before.end <= f.start && ARROW_BETWEEN.test(answer.slice(before.end, f.start))) return "to";
  if (!TO_OR_FROM.test(answer.slice(Math.max(0, f.start - 24), f.start))) return undefined;
  const lead = answer.slice(Math.max(0, f.start - 48, before && before.end <= f.start ? before.end : 0), f.start);
  if (FROM_LEAD.test(lead) && /^\s+to\s/i.test(answer.slice(f.end, f.end + 5))) return "from";
  if (before && TO_BETWEEN.test(answer.slice(before.end, f.start)) && FROM_LEAD.test(answer.slice(Math.max(0, before.start - 24), before.start))) return "to";
  if (TO_LEVEL.test(lead)) return "to";
  // The change written between the verb and "to" ("dropped CHF 10 to CHF 176.85", "fell 2.2% to …"): the verb stands before that figure.
  if (before && TO_BETWEEN.test(answer.slice(before.end, f.start)) && TO_LEVEL.test(answer.slice(Math.max(0, before.start - 24), f.start))) return "to";
  return undefined;
}

/**
 * A half or a quarter named by its ordinal alone right after the figure of another ("…, and the second to CHF 900.00",
 * "…, the last to CHF 480.00"): only ", " or "and" between the two figures (no sentence or clause end), nothing named in
 * between.
 */
const ELLIPTIC_PART = /^\s*(?:,\s*(?:and\s+)?|\s+and\s+)the\s+(first|second|third|fourth|last)\s+(?:(?:came|added\s+up|amounted)\s+to|to|was|cost)\s+(?:about\s+|roughly\s+|around\s+)?$/i;
const ORDINALS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4 };

/**
 * The half or quarter of a year an ordinal names right after a figure said of one ("The first half came to … and the
 * second to …"): that year's half or quarter of that rank ("last": the year's last). Null when the figure before is of no
 * one half or quarter of one year, or when what the answer says of this figure names any other time than that year (its
 * clause's own year or month: "…, and in 2025 the second came to …" is 2025's, not the year before's; review rev-figacc6 #1).
 */
function ellipticPart(index: FigureIndex, answer: string, prior: { f: ReadFigure; said: FigureContext; checked: AnswerFigure }, f: ReadFigure, said: FigureContext): Span | null {
  const before = prior.f;
  if (f.kind !== "money" || before.kind !== "money" || f.start - before.end > 60) return null;
  const m = ELLIPTIC_PART.exec(answer.slice(before.end, f.start));
  if (!m) return null;
  const p = prior.said.periods?.length === 1 ? prior.said.periods[0]! : null;
  const months = p ? wholeMonths(p) : 0;
  if (!p || (months !== 6 && months !== 3) || (((Math.floor(p.from / 100) % 100) - 1) % months) !== 0 || Math.floor(p.from / 10000) !== Math.floor(p.to / 10000)) return null;
  if (!foundForPeriod(index, prior.checked, p)) return null;
  if (RELATIVE_YEAR.test(answer.slice(sentenceStart(answer, before.start), f.start))) return null;
  const year = Math.floor(p.from / 10000);
  if (said.month !== undefined || said.months || said.periods?.some((q) => q.from < year * 10000 + 101 || q.to > year * 10000 + 1231)) return null;
  const parts = 12 / months;
  const ordinal = m[1]!.toLowerCase();
  const rank = ordinal === "last" ? parts : ORDINALS[ordinal];
  if (!rank || rank > parts) return null;
  const first = (rank - 1) * months + 1;
  const last = first + months - 1;
  return { from: year * 10000 + first * 100 + 1, to: year * 10000 + last * 100 + daysInMonth(year, last) };
}

/** A year written only relative to another ("the year before", "the previous year", "that year"): not read as a year. */
const RELATIVE_YEAR = /\b(?:the\s+(?:year|twelve\s+months)\s+(?:before|after|prior)|the\s+(?:previous|prior|preceding|following|next)\s+year|a\s+year\s+(?:earlier|before|later|on)|that\s+(?:same\s+)?year)\b/i;

/**
 * Whether a checked figure was found as one of exactly a period `p`: grounded on a figure of that period, or derived as a
 * sum of figures that lie in it and reach both its ends (its months; a term of zero may lie outside). Not when found as
 * anything else (a month's amount, another year's, a ratio).
 */
function foundForPeriod(index: FigureIndex, checked: AnswerFigure, p: Span): boolean {
  const spans = (src: FigureSource) => figureOfSource(index, src)?.ctx.periods ?? [];
  const inside = (q: Span) => q.from >= p.from && q.to <= p.to;
  if (checked.status === "grounded") return checked.sources.some((src) => spans(src).some((q) => q.from === p.from && q.to === p.to));
  if (checked.status !== "derived" || checked.operation !== "sum") return false;
  // A month of nothing beside it adds nothing ("CHF 0.00 + …" of March before the second quarter).
  const all = checked.sources.filter((src) => src.value !== 0).map(spans);
  return all.length > 0 && all.every((qs) => qs.length > 0 && qs.every(inside)) && all.some((qs) => qs.some((q) => q.from === p.from)) && all.some((qs) => qs.some((q) => q.to === p.to));
}

/** Where a figure stood with the figures of its part: its summary clause, else its chart's or table's item (its place less the last step: "… · Fees"). */
const partKey = (x: SourceFigure) => (x.clause >= 0 ? `c${x.clause}` : `w${x.callId}|${x.where.slice(0, x.where.lastIndexOf(" · "))}`);
/** Per index, the figures of each part of a result (a comparison's "Fees CHF 43.00 → CHF 38.00", a chart's Fees of 2025-09 and 2025-10): built at first use. */
const parts = new WeakMap<FigureIndex, Map<string, SourceFigure[]>>();
function partOf(index: FigureIndex, s: SourceFigure): SourceFigure[] {
  let m = parts.get(index);
  if (!m) {
    parts.set(index, (m = new Map()));
    for (const g of index.groups)
      for (const x of g.flat) {
        const k = partKey(x);
        const at = m.get(k);
        if (at) at.push(x);
        else m.set(k, [x]);
      }
  }
  return m.get(partKey(s)) ?? [];
}

/** The sentence a figure is in (a full stop inside an amount, "160.00", ends none). */
function sentenceAround(answer: string, f: ReadFigure): string {
  const start = Math.max(answer.lastIndexOf(". ", f.start), answer.lastIndexOf("\n", f.start)) + 1;
  const end = answer.slice(f.end).search(/\.(?:\s|$)|\n/);
  return answer.slice(start, end < 0 ? answer.length : f.end + end);
}

const FROM_MONTH_TO_MONTH = /\bfrom\s+(January|February|March|April|May|June|July|August|September|October|November|December)\b[^.;\n]{0,40}?\bto\s+(January|February|March|April|May|June|July|August|September|October|November|December)\b/;

/** Whether a text says two months in time order: "from July to August". */
function monthsInTimeOrder(text: string): boolean {
  const m = FROM_MONTH_TO_MONTH.exec(text);
  return !!m && MONTH_NUMBER[m[1]!.toLowerCase()]! < MONTH_NUMBER[m[2]!.toLowerCase()]!;
}

/** Whether a call names a later period before an earlier one (a comparison of this March, then last March). */
function laterFirst(index: FigureIndex, call: string): boolean {
  const own = index.spans.filter((c) => c.call === call);
  return own.some((c, k) => k > 0 && own[k - 1]!.from > c.to);
}

/**
 * Whether a figure of a result is not the end of a change the answer says it is: said to be where it went to, the earlier
 * of a pair its clause gives of one thing (September's of "Fees CHF 43.00 → CHF 38.00"); said to be where it came from, the
 * later one.
 */
function otherEnd(index: FigureIndex, s: SourceFigure, endpoint: "from" | "to"): boolean {
  if (s.change) return false;
  const thing = (x: SourceFigure) => `${x.kind}|${x.currency}|${x.ctx.categories}|${x.ctx.names}`;
  // Only a pair (a comparison's "a → b"): a series' clause of many months has a later month for nearly every one.
  const alike = partOf(index, s).filter((x) => !x.change && thing(x) === thing(s));
  return alike.length === 2 && alike.some((x) => x !== s && (endpoint === "to" ? later(x, s) : later(s, x)));
}

/** Words that say money came in or went out: the last of them before an amount in its clause says which it is. */
const FLOW_WORDS = /\b(?:(income|earn(?:ed|ings?|s)?|came\s+in|money\s+in)|(spen(?:t|d|ds|ding)|expenses?|outgoings|money\s+out))\b/gi;
/** The noun spending right before an amount ("your spending of", "total spending came to", "spending:"): the whole spending, whatever categories drove it. */
const WHOLE_SPENDING = /\bspending(?:\s+(?:of|was|is|came\s+to|totall?ed|reached|at))?\s*:?\s*(?:[A-Z]{3}\s*)?$/i;
/** The same right after it: "CHF 90'000 of income", "CHF 70'000 in spending", "CHF 56'400.00 came in", "CHF 23'305.40 went out". */
const FLOW_AFTER = /^\s*(?:(?:of|in)\s+(?:total\s+)?(?:(income)|(spending))|(came\s+in)(?!\s+(?:well\s+|just\s+|far\s+)?(?:under|over|at|below|above|lower|higher|ahead|behind))|(went\s+out))\b/i;

/**
 * Whether an amount is written as money in or money out: by the last flow word between the figure before it (or its
 * clause's start) and it, else by "of income" / "in spending" / "came in" / "went out" right after it. Silent (undefined)
 * when neither. The words right after the figure before are that figure's ("CHF 56'400.00 came in and CHF 23'305.40 went
 * out": the spending is not money in).
 */
function flowOf(answer: string, f: ReadFigure, before: ReadFigure | undefined): "in" | "out" | undefined {
  const after = before && before.end <= f.start ? before.end : 0;
  const clause = Math.max(answer.lastIndexOf(". ", f.start), answer.lastIndexOf(";", f.start), answer.lastIndexOf("\n", f.start), after);
  const own = clause === after && after > 0 ? FLOW_AFTER.exec(answer.slice(clause, f.start)) : null;
  // allMatches, not matchAll: no copy of the expression for every amount of an answer.
  const m = allMatches(FLOW_WORDS, answer.slice(clause + (own ? own[0].length : 0), f.start)).at(-1) ?? FLOW_AFTER.exec(answer.slice(f.end, f.end + 30)) ?? undefined;
  return m ? (m[1] || m[3] ? "in" : "out") : undefined;
}

/**
 * A figure a result says is money in or out: its sentence's direction ("Unclassified money in: …"), else its label
 * ("income", "total spending", a series "In"/"Out"). Remembered.
 */
const flows = new WeakMap<SourceFigure, "in" | "out" | null>();
// Not a budget's "spent": a budget tool reports only spending (no income to swap it with), and its lines run on to the
// next sentence's figures ("… total spent CHF 4'535.45.\nUnclassified money in: CHF 20.95" keeps that label).
const FLOW_LABEL = /^(?:total\s+)?(?:(income|in)(?:\s+category)?|(spending|out))$/i;
function flowOfSource(s: SourceFigure): "in" | "out" | null {
  let v = flows.get(s);
  if (v === undefined && s.direction) flows.set(s, (v = s.direction));
  if (v === undefined) {
    const m = FLOW_LABEL.exec(s.where.slice(s.where.lastIndexOf(" · ") + 3).trim());
    flows.set(s, (v = m ? (m[1] ? "in" : "out") : null));
  }
  return v;
}

/** Per index, the flow of each chart or table value whose series or column says it ("Income", "Spending"), by call, period, currency and value; null where both flows have it. */
const labelledFlows = new WeakMap<FigureIndex, Map<string, "in" | "out" | null>>();
const flowKey = (s: SourceFigure) => `${s.callId}|${periodKey(s.ctx)}|${s.currency}|${Math.round(Math.abs(s.value) * 100)}`;
/**
 * The flow of a summary's figure its label does not say, from its twin in the call's chart (same period, currency and
 * value): the slots of "Per month (income / spending / net): 2024-09 CHF 16'893.56 / CHF 19'234.78 / CHF -2'341.22",
 * labelled by the month or the slash, are the Income and Spending series' 2024-09 values — "September's income of CHF
 * 19'234.78" is the spending (r4p06), "January's spending of CHF 16'737.95" the income (r4o05).
 */
function twinFlow(index: FigureIndex, s: SourceFigure): "in" | "out" | null {
  if (s.clause < 0) return null;
  let byKey = labelledFlows.get(index);
  if (!byKey) {
    byKey = new Map();
    for (const g of index.groups) {
      for (const x of g.flat) {
        const flow = x.clause < 0 && x.kind === "money" ? flowOfSource(x) : null;
        if (!flow) continue;
        const key = flowKey(x);
        const had = byKey.get(key);
        byKey.set(key, had === undefined || had === flow ? flow : null);
      }
    }
    labelledFlows.set(index, byKey);
  }
  return byKey.get(flowKey(s)) ?? null;
}

/**
 * The whole a percentage is said to be of, when it is money in or money out: "of your income", "of its income", "of all the
 * income", "of the salaries" (in); "of your spending", "of what you spent", "of the month's expenses" (out).
 */
const OF_FLOW_WHOLE = /^\s*of\s+(?:(?:your|its|their|our|the|all|that|this|total|net|gross|month['’]s|year['’]s|quarter['’]s|household['’]s)\s+){0,3}(?:(income|salar(?:y|ies)|earnings|pay)|(spending|expenses|outgoings|what\s+(?:you|we)\s+spent))\b/i;

/**
 * A sum or a difference said to be per some time ("CHF 300.00 a year") is of figures of that rate or of none: of a monthly
 * rent's two prices it is a month's gap, not a year's (r4r20: CHF 2'150.00 − CHF 1'850.00 written "a year").
 */
function ofOwnRate(index: FigureIndex, checked: AnswerFigure, per: string): AnswerFigure {
  return checked.sources.some((src) => {
    const rate = figureOfSource(index, src)?.ctx.per;
    return rate !== undefined && rate !== per;
  })
    ? notFound(checked)
    : checked;
}

/** Whether a name stands right before a figure, as an item of a list ("Netflix CHF 21.90", "Netflix: CHF 21.90"). */
function nameBeside(answer: string, f: ReadFigure, name: string): boolean {
  const before = answer.slice(Math.max(0, f.start - name.length - 8), f.start).replace(/[\s:—–*-]+$/u, "");
  return foldName(before.slice(-name.length)) === foldName(name);
}

/**
 * A sum said of one merchant or account written beside it ("Netflix CHF 21.90") is of that name's figures: a term of
 * another name (Apple's one-off CHF 1.00 + Netflix's CHF 20.90, r4r11) makes it no such sum: not found.
 */
function sumOfOwnName(index: FigureIndex, checked: AnswerFigure, name: string): AnswerFigure {
  const other = checked.sources.some((src) => {
    const names = figureOfSource(index, src)?.ctx.names;
    return !!names && !names.some((n) => foldName(n) === foldName(name));
  });
  return other ? notFound(checked) : checked;
}

/** A rate said to be over the part of a period behind us: "so far this year", "year to date". */
const SO_FAR = /\bso\s+far\b|\byear[\s-]+to[\s-]+date\b|\bYTD\b/i;

/**
 * A figure's own part of its sentence: from the figure written before it (or the sentence's start) to the next comma or
 * semicolon after it ("spending of CHF 169'593.08, and the savings rate stays …" is no savings, r4s06).
 */
function ownPart(answer: string, f: ReadFigure, figures: readonly ReadFigure[]): string {
  const from = Math.max(sentenceStart(answer, f.start), figures.findLast((g) => g.end <= f.start)?.end ?? 0);
  const after = answer.slice(f.end, f.end + 40);
  const end = after.search(PART_END);
  return answer.slice(from, f.end + (end < 0 ? after.length : end));
}

/** A figure's sentence up to it and a few words after it (no further than its end). */
function clauseAround(answer: string, f: ReadFigure): string {
  const after = answer.slice(f.end, f.end + 40);
  const end = after.search(SENTENCE_END);
  return answer.slice(sentenceStart(answer, f.start), f.end + (end < 0 ? after.length : end));
}

/**
 * A monthly average said to be "so far" is over the months its call has data for: a divisor its call does not count (a year's
 * 12 months of a year with data to October, r4r08 "per month so far this year CHF 178.80" = 2026's ÷ 12) is no such rate.
 */
function soFar(index: FigureIndex, checked: AnswerFigure): AnswerFigure {
  const s = checked.sources.length === 1 ? figureOfSource(index, checked.sources[0]!) : undefined;
  const own = s ? index.callDivisors.get(s.callId)?.months : undefined;
  return own?.length && checked.months !== undefined && !own.includes(checked.months) ? notFound(checked) : checked;
}

/** A result's budget, as its place ends ("budget_status · summary · Total budget", "… · Groceries · budget"). */
const BUDGET_LABEL = /·\s*(?:total\s+)?budget$/i;

/** A share of a thing's own budget ("of their budget", "of its own budget"), and a result's budget of all categories. */
const OF_OWN_BUDGET = /^\s*of\s+(?:its|their|his|her)\s+(?:own\s+)?(?:monthly\s+)?budget\b/i;
const TOTAL_BUDGET = /·\s*total\s+budget$/i;
const TOTAL_SPENT = /·\s*total\s+spent$/i;

/** A result's savings rate, as its place ends ("income_vs_spending · summary · savings rate"). */
const SAVINGS_RATE = /·\s*savings rate$/i;

/**
 * A percentage said to be of income is over money in, one said to be of spending over money out: derived as a ratio over a
 * figure the result gives as the other flow (the net ÷ the spending, written "X % of your income"), it is a share of the
 * wrong whole: not found (r4r05, r4q05, r4p18, r4l05). A whole the result gives no flow for is left as it is. A savings rate
 * (net ÷ income) said to be of spending is mismatched (r4l05 "11.5% of spending was left over").
 */
function overFlowSaid(index: FigureIndex, checked: AnswerFigure, after: string): AnswerFigure {
  // "Groceries used 66.1% of their budget": of the category's own budget, not of all budgets together (r4q23). Of the total
  // spent, "their" is all the budgeted categories together, whose budget is the total budget.
  if (
    checked.status === "derived" &&
    OF_OWN_BUDGET.test(after) &&
    checked.sources.length === 2 &&
    TOTAL_BUDGET.test(checked.sources[1]!.where) &&
    !TOTAL_SPENT.test(checked.sources[0]!.where)
  )
    return notFound(checked);
  const m = OF_FLOW_WHOLE.exec(after);
  // A savings rate is the net over the income: said to be of spending ("11.5% of spending was left over"), it is not that share.
  if (checked.status === "grounded") return m?.[2] && checked.sources.every((x) => SAVINGS_RATE.test(x.where)) ? { ...checked, status: "mismatched" } : checked;
  const whole = m && checked.sources.length === 2 ? figureOfSource(index, checked.sources[1]!) : undefined;
  if (!m || !whole) return checked;
  // A budget is no spending: "75.4% of what you spent" is no share of the total budget (r4k18).
  if (m[2] && BUDGET_LABEL.test(whole.where)) return notFound(checked);
  const flow = flowOfSource(whole) ?? twinFlow(index, whole);
  return flow && flow !== (m[1] ? "in" : "out") ? notFound(checked) : checked;
}

/** Counts written in words ("four bills", "two music-school bills"), not ratios ("three times"). */
const COUNT_WORD = /\b(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b(?!\s+times\b)/gi;
const COUNT_WORDS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12 };

/**
 * An amount per item, or a total of equal items, from an amount and a count the answer wrote in its sentence: "3 payments,
 * CHF 50.00 in all (about CHF 16.67 each)", "Hiltl's four to CHF 461.80, CHF 115.45 a visit", "Two music-school bills of
 * CHF 180 came to CHF 360". The amount is one of the two nearest before it; the count any the sentence writes (in figures
 * or words), before the amount for a total.
 */
function writtenPerItem(f: ReadFigure, said: FigureContext, sentence: readonly Backed[], text: string, offset: number): AnswerFigure | null {
  const r = intervalOf(f);
  const amounts = sentence.filter((b) => b.f.kind === "money" && b.f.end <= f.start && (b.f.currency ?? "") === (f.currency ?? "")).slice(-2);
  const counts: { value: number; start: number; source: FigureSource }[] = sentence
    .filter((b) => b.f.kind === "count" && b.f.value > 1)
    .map((b) => ({ value: b.f.value, start: b.f.start, source: writtenSource(b) }));
  for (const m of allMatches(COUNT_WORD, text)) {
    const value = COUNT_WORDS[m[1]!.toLowerCase()]!;
    counts.push({ value, start: offset + m.index, source: { tool: "this answer", callId: "", where: "written", value, text: m[1]! } });
  }
  const result = { text: f.text, value: f.value, start: f.start, end: f.end, status: "derived" as const };
  for (const a of amounts.reverse()) {
    const av = Math.abs(a.f.value);
    for (const c of counts) {
      if ((said.perItem || said.measure === "average") && av / c.value >= r.lo && av / c.value <= r.hi) return { ...result, operation: "ratio", sources: [writtenSource(a), c.source] };
      if (said.total && c.start < a.f.start && av * c.value >= r.lo && av * c.value <= r.hi) return { ...result, operation: "sum", sources: [writtenSource(a), c.source] };
    }
  }
  return null;
}

/**
 * From a percentage to the base it names: "of" right before the base ("of CHF 17'499.29"), or "of" and a few words that end
 * in a word that hands over to it ("of June's spending of", "of the month's", "of the"); no punctuation between.
 */
const OF_BASE = /^\s+of\s+(?:[^\d.,;:!?()\s]+\s+){0,4}?(?:(?<=\bof\s+)|(?<=['’]s\s+)|(?<=\b(?:of|the|your)\s+))(?=(?:CHF|EUR|USD|GBP|Fr\.|\$|€|£)?\s?\d)/;

/** A share said of a figure written before it: "40.4% of it", "of that", "of them", "of this", "of those". */
const OF_PRONOUN = /^\s+of\s+(it|that|this|them|those)\b/i;

/**
 * The one figure "of it / of that / of them" can refer to, in the percentage's sentence before it: brackets and dash
 * asides left out ("CHF 18'434.50 (housing CHF 6'000.00), and dining was … of it" is of the total, not of housing); the
 * nearest clause (split at , ; : and a lone dash) that writes a figure of the kind, when it writes just one — "it", "that",
 * "this" an amount (a count only when no clause writes one: "CHF 7'431.20 over 180 transactions, and dining was 50.0% of
 * it" is of the amount), "them", "those" a count, else an amount. Two or more in that clause ("X and Y"), or a clause that
 * is one item of a list (the clause before it writes one too, and it does not sum up: "so", "in all", "together" …):
 * `null`, no antecedent — "them" after a list is their sum, which the answer did not write. No figure of either kind in
 * the sentence: `undefined` (it refers to something earlier, which this does not read). A share of the wrong whole that
 * happens to be a ratio of two other figures is the false figure this prevents.
 */
function antecedentOf(answer: string, f: ReadFigure, figures: readonly ReadFigure[], pronoun: string): ReadFigure | null | undefined {
  const from = sentenceStart(answer, f.start);
  let text = answer.slice(from, f.start);
  // Asides blanked out (same length, so places still match): their figures are not what the pronoun takes.
  text = text.replace(/\([^()]*\)|\s[—–]\s[^—–]*\s[—–](?=\s)/g, (m) => " ".repeat(m.length));
  const clauses: { at: number; end: number; text: string }[] = [];
  let at = 0;
  for (const m of allMatches(/[,;:]\s|\s[—–]\s/g, text)) {
    clauses.push({ at: from + at, end: from + m.index, text: text.slice(at, m.index) });
    at = m.index + m[0].length;
  }
  clauses.push({ at: from + at, end: f.start, text: text.slice(at) });
  const inClause = (c: { at: number; end: number }, kind: string) => figures.filter((x) => x.kind === kind && x.start >= c.at && x.end <= c.end && text[x.start - from] !== " ");
  const plural = /^(?:them|those)$/i.test(pronoun);
  for (const kind of plural ? ["count", "money"] : ["money", "count"]) {
    for (let i = clauses.length - 1; i >= 0; i--) {
      const own = inClause(clauses[i]!, kind);
      if (!own.length) continue;
      if (own.length > 1) return null;
      const listed = i > 0 && inClause(clauses[i - 1]!, kind).length > 0 && !SUMS_UP.test(clauses[i]!.text);
      return listed ? null : own[0]!;
    }
  }
  return undefined;
}

/** A clause that sums up or follows from the one before it ("so the month came to …", "in all …", "together …"), not one more item of a list. */
const SUMS_UP = /^\s*(?:and\s+)?(?:so|thus|hence|which|making|bringing|for\s+a\s+total|in\s+(?:all|total)|together|altogether|overall|all\s+in\s+all|that\s+(?:is|makes|comes))\b/i;

/** The figure a percentage says it is a share of, written right after it ("12.5 % of the year's CHF 5'558.80"), if any. */
function writtenBase(answer: string, f: ReadFigure, figures: readonly ReadFigure[]): ReadFigure | undefined {
  const m = OF_BASE.exec(answer.slice(f.end, f.end + 80));
  if (!m) return undefined;
  const at = f.end + m[0].length;
  return figures.find((x) => x.start === at && (x.kind === "money" || x.kind === "count"));
}

/**
 * A share of the base the answer wrote after it: a figure it wrote before in its sentence (the nearest few), or one the
 * model read about what the answer says, over that base. Only that base: "38 % of June's spending of CHF 17'499.29" is
 * not remaining ÷ budget because those two make 38 %.
 */
function shareOfWritten(index: FigureIndex, f: ReadFigure, said: FigureContext, base: Backed, before: readonly Backed[]): AnswerFigure | null {
  const r = intervalOf(f);
  const bv = Math.abs(base.f.value);
  if (!bv) return null;
  const result = { text: f.text, value: f.value, start: f.start, end: f.end, status: "derived" as const, operation: "ratio" as const };
  for (const a of before.filter((x) => x.f.kind === base.f.kind).slice(-MAX_STEPS).reverse()) {
    const v = (100 * Math.abs(a.f.value)) / bv;
    if (v >= r.lo && v <= r.hi) return { ...result, sources: [writtenSource(a), writtenSource(base)] };
  }
  const parts: Interval = { lo: (r.lo * bv) / 100, hi: (r.hi * bv) / 100 };
  const unsaidPeriod: FigureContext = { ...said, periods: undefined, month: undefined };
  // The part covers the whole's own period (its source's; of a sum, none its operands' contradicts), unless the share's
  // clause names another ("together CHF 8'991.23, and March gave back 35.0% of it"); never one the clause contradicts.
  const saidPeriod: FigureContext = { periods: said.periods, month: said.month };
  const whole = periodsOf(index, base);
  const elsewhere = (said.periods || said.month !== undefined) && whole.periods.every((p) => contradicts(saidPeriod, p));
  const ofWhole = (ctx: FigureContext) => elsewhere || (whole.one ? periodKey(ctx) === periodKey(whole.periods[0]!) : !whole.periods.some((p) => contradicts(p, ctx)));
  for (const g of index.seen) {
    if (g.kind !== base.f.kind) continue;
    for (const k of findEqual(g.values, parts)) {
      // The part is in the base's currency, asked of each figure (a group of the seen figures mixes currencies).
      const part = figuresAt(g, k).find((x) => !x.change && !contradicts(unsaidPeriod, x.ctx) && !contradicts(saidPeriod, x.ctx) && ofWhole(x.ctx) && !(base.f.currency && x.currency && x.currency !== base.f.currency));
      if (part) return { ...result, sources: [source(part, index.lexicon), writtenSource(base)] };
    }
  }
  return null;
}

/** The period a figure's context is about, as a key: its spans and month (none: all dates). */
function periodKey(ctx: FigureContext): string {
  return `${(ctx.periods ?? []).map((p) => `${p.from}-${p.to}`).sort().join(",")}|${ctx.month ?? ""}`;
}

/**
 * The periods of a written figure (the whole of a share): of its source when the turn backs it with one figure (`one`),
 * else of each operand (an operand the answer wrote: what the answer said of the whole).
 */
function periodsOf(index: FigureIndex, b: Backed): { one: boolean; periods: FigureContext[] } {
  const found = b.checked.sources.map((s) => {
    for (const g of index.seen) for (const k of findEqual(g.values, { lo: Math.abs(s.value), hi: Math.abs(s.value) })) {
      const x = figuresAt(g, k).find((y) => source(y, index.lexicon) === s);
      if (x) return x.ctx;
    }
    return b.said;
  });
  return { one: b.checked.status === "grounded" && found.length === 1, periods: found.map((c) => ({ periods: c.periods, month: c.month })) };
}

/**
 * A count of rows said per month ("318 transactions in all … about 53 a month") as the rows of a whole breakdown the model
 * read — every item of one list of row counts, each about another account, merchant or category (all the call's rows, not
 * a run of them) — over the months of the period its clause is about (saidDivisors). Only whole lists of row counts: a
 * part of the breakdown is a part's rate, which its clause would name.
 */
function rowsPerMonth(index: FigureIndex, f: ReadFigure, said: FigureContext): AnswerFigure | null {
  const r = intervalOf(f);
  const months = saidDivisors(index, said).months;
  for (const l of index.lists) {
    const n = l.figures.length;
    if (l.kind !== "count" || n < 2 || !l.figures[0]!.seen || !l.figures.every((x) => x.ctx.unit === "rows" && !x.change && !contradicts({ ...said, per: undefined }, x.ctx))) continue;
    const items = new Set(l.figures.map((x) => x.ctx.names?.[0] ?? x.ctx.categories?.[0]));
    if (items.size !== n || items.has(undefined)) continue;
    for (const m of months) {
      const v = l.prefix[n]! / m;
      if (v >= r.lo && v <= r.hi) return { text: f.text, value: f.value, start: f.start, end: f.end, status: "derived", operation: "monthly_average", months: m, sources: l.figures.map((x) => source(x, index.lexicon)) };
    }
  }
  return null;
}

/**
 * A ratio of two amounts the answer wrote in its sentence ("May … CHF 694.85, …, 1.7 times April's CHF 414.70"; "December
 * … CHF 1'115.50 …; August the cheapest at CHF 239.60 — December cost 4.7 times as much"): the amount nearest before it,
 * or the one said of what its clause names, over the amount right after it or one of the two nearest before it. A handful
 * of pairs, each licensed by where the answer wrote it.
 */
function writtenRatio(f: ReadFigure, said: FigureContext, sentence: readonly Backed[]): AnswerFigure | null {
  if (said.ofCounts) return null;
  const r = intervalOf(f);
  const money = sentence.filter((b) => b.f.kind === "money");
  const before = money.filter((b) => b.f.end <= f.start);
  const after = money.find((b) => b.f.start >= f.end);
  const named = (said.month || said.periods || said.categories || said.names) && before.filter((b) => b !== before.at(-1) && !contradicts(said, b.said) && (b.said.month || b.said.periods || b.said.categories || b.said.names));
  const tops = [before.at(-1), ...(named || [])].filter((b): b is Backed => !!b);
  const bottoms = [after, before.at(-1), before.at(-2)].filter((b): b is Backed => !!b);
  for (const a of tops) {
    for (const b of bottoms) {
      if (a === b || !b.f.value) continue;
      const v = Math.abs(a.f.value) / Math.abs(b.f.value);
      if (v >= r.lo && v <= r.hi) return { text: f.text, value: f.value, start: f.start, end: f.end, status: "derived", operation: "ratio", sources: [writtenSource(a), writtenSource(b)] };
    }
  }
  return null;
}

/** A figure a rule turns away, as not found: its text and place, no sources (and no operation of the derivation it had). */
const notFound = (f: AnswerFigure): AnswerFigure => ({ text: f.text, value: f.value, start: f.start, end: f.end, status: "ungrounded", sources: [] });

/** "times the usual", "× its usual", "times a usual dining payment": a payment over the usual amount of its own merchant or kind. */
const TIMES_USUAL = /^\s*(?:the|a|its|their|his|her)\s+(?:\S+\s+)?usual\b/i;

/**
 * A ratio said to be "N times the usual" is one payment over its own usual amount: the result states it for each unusual
 * payment ("× the usual"), or its row gives both amounts (one clause), or the answer names the row whose usual it is ("8.6
 * times a usual Coop shop": a payment over Coop's usual, review rev-figacc4 #3). Derived from two figures of two different rows
 * (AXA's usual over Coop's, a doctor's usual over SBB's) it compares nothing the answer says: not found.
 */
function usualOfOneRow(index: FigureIndex, checked: AnswerFigure, after: string): AnswerFigure {
  const rows = checked.sources.map((x) => figureOfSource(index, x));
  if (rows.length === 2 && rows.every((x) => x) && partKey(rows[0]!) === partKey(rows[1]!)) return checked;
  // "8.6 times a usual Coop shop": the usual of the row the answer names, over which a payment (no usual itself) was taken.
  const named = USUAL_NAMED.exec(after)?.[1];
  const [part, whole] = rows;
  const ofNamed = (x: SourceFigure) => x.ctx.measure === "median" && !!x.ctx.names?.some((n) => foldName(n) === foldName(named!));
  if (named && index.known.names.has(foldName(named)) && rows.length === 2 && part && whole && ofNamed(whole) && part.ctx.measure !== "median") return checked;
  return notFound(checked);
}
/** The name right after "usual" ("a usual Coop shop", "the usual Migros amount"). */
const USUAL_NAMED = /^\s*(?:the|a|its|their|his|her)\s+(?:\S+\s+)?usual\s+(\p{Lu}[\p{L}'’.&-]*(?:\s+\p{Lu}[\p{L}'’.&-]*)*)/u;

/**
 * A share said of what was kept: "25% of what you kept", "82% of the net you kept"; or a sentence opening "Of what you
 * kept, …". Not "of your net income / net salary" (pay after deductions: the income) nor "of your savings" (often a balance).
 */
const OF_KEPT_AFTER = /^\s*of\s+(?:(?:what|the\s+money)\s+(?:you|we)\s+(?:kept|saved|put\s+aside)|(?:the|your)\s+net\b(?!\s+(?:income|salary|pay|wages?|earnings)\b))/i;
const OF_KEPT_OPENING = /^\s*of\s+(?:what|the\s+money)\s+(?:you|we)\s+(?:kept|saved|put\s+aside)\s*,/i;
function shareOfKept(answer: string, f: ReadFigure): boolean {
  return OF_KEPT_AFTER.test(answer.slice(f.end, f.end + 40)) || OF_KEPT_OPENING.test(answer.slice(sentenceStart(answer, f.start), f.start));
}

/**
 * A share said to be of what was kept is a part over the net (income less spending): "invested CHF 3'715, 7.3 % of what
 * you kept" is 3'715 ÷ the net, not ÷ the income the same call states (a share of income is another figure the answer
 * did not write). Derived over a whole that is no net, it is not found.
 */
function overNet(index: FigureIndex, checked: AnswerFigure, read: ReadFigure, before: readonly Backed[]): AnswerFigure {
  const whole = checked.operation === "ratio" && checked.sources.length === 2 ? figureOfSource(index, checked.sources[1]!) : undefined;
  if (!whole || whole.ctx.measure === "net") return checked;
  // The search found another ratio first: an amount the sentence wrote over a net of the turn may still be the share
  // ("CHF 500.00 went into investments, 25% of what you kept": 500 ÷ 2'000, review rev-figacc4 #5).
  const r = intervalOf(read);
  for (const part of before.filter((b) => b.f.kind === "money")) {
    for (const g of index.seen) {
      if (g.kind !== "money" || (part.f.currency && g.currency && g.currency !== part.f.currency)) continue;
      for (let k = 0; k < g.values.length; k++) {
        const net = g.values[k] ? figuresAt(g, k).find((x) => x.ctx.measure === "net") : undefined;
        const v = net ? (100 * Math.abs(part.f.value)) / g.values[k]! : NaN;
        if (net && v >= r.lo && v <= r.hi) return { ...notFound(checked), status: "derived", operation: "ratio", sources: [writtenSource(part), source(net, index.lexicon)] };
      }
    }
  }
  return notFound(checked);
}

/** "as much", "as many", "as high" with no "as …" after: a comparison back to what the sentence wrote before. */
const AS_MUCH_BACK = /^\s*as\s+(?:much|many|high|large|big|expensive)\b(?!\s+as\b)/i;
/** Words that set two amounts against each other ("CHF 4'860.40 in October against CHF 782.00 in September"). */
const AGAINST = /\b(?:against|versus|vs\.?|compared\s+(?:with|to))\s/i;

/**
 * The two amounts a ratio said "N times as much" compares, when its sentence set them against each other right before it
 * ("you kept CHF 5'486.73 in August against CHF 1'475.92 in July — about 3.7 times as much"), in the clause of the second
 * side (not after a ";" or ", and …", where it may be about something else: review rev-figacc4 #2), else null. With nothing after
 * it to compare with, the ratio is of those two: derived from two other figures of the turn (Insurance over Transport of
 * the same call) it would tell the user a wrong ratio is checked.
 */
function comparedBack(answer: string, f: ReadFigure, before: readonly Backed[]): [Backed, Backed] | null {
  if (f.kind !== "ratio" || !AS_MUCH_BACK.test(answer.slice(f.end, f.end + 30))) return null;
  const money = before.filter((b) => b.f.kind === "money" && b.f.end <= f.start);
  const [a, b] = [money.at(-2), money.at(-1)];
  return a && b && AGAINST.test(answer.slice(a.f.end, b.f.start)) && !OWN_CLAUSE.test(answer.slice(b.f.end, f.start)) ? [a, b] : null;
}
/** A clause of its own between the second side and the ratio ("…; travel alone cost 17.5 times as much", "…, and on travel you spent …"): the ratio may be of another subject. */
const OWN_CLAUSE = /[;:]|,\s*(?:and|but|while|whereas)\b/i;

/**
 * A ratio said of two amounts set against each other (comparedBack): the larger over the smaller of them; else the ratio
 * the search found, only when one of its operands is one of the two (the other side written wrong: the ratio may still be
 * right to the data); else not found.
 */
function ratioOfCompared(f: AnswerFigure, read: ReadFigure, [a, b]: [Backed, Backed]): AnswerFigure {
  const [big, small] = Math.abs(a.f.value) >= Math.abs(b.f.value) ? [a, b] : [b, a];
  const r = intervalOf(read);
  const v = small.f.value ? Math.abs(big.f.value) / Math.abs(small.f.value) : NaN;
  if (v >= r.lo && v <= r.hi) return { text: f.text, value: f.value, start: f.start, end: f.end, status: "derived", operation: "ratio", sources: [writtenSource(big), writtenSource(small)] };
  const isSide = (x: FigureSource) => [a, b].some((y) => Math.abs(Math.abs(x.value) - Math.abs(y.f.value)) < 0.005);
  if (f.status === "derived" && f.sources.some(isSide)) return f;
  return notFound(f);
}

/**
 * The year the answer's "last year" is about, when the question tells which year the turn's calls are: the latest one of
 * them when it asks about "last year", the one before it when it asks about "this year". Otherwise none: the checker does
 * not know the day of the turn, and the calls' latest year need not be the current one ("last year" in an answer to a
 * question about 2025, asked in 2026, is 2025: review of r4-held12, right figures were mismatched as said of 2024). None
 * when the turn has figures of an earlier year still: answers also say "last year" of any earlier year they compare with.
 */
function lastYearOf(index: FigureIndex, question: string): number | undefined {
  const asksLast = /\blast year\b/i.test(question);
  const asksThis = /\bthis year\b/i.test(question);
  if (!index.thisYear || asksLast === asksThis) return undefined;
  const last = asksLast ? index.thisYear : index.thisYear - 1;
  // With figures of a year before it (an earlier turn's 2024 beside this turn's 2026), "last year" may be either.
  return index.firstYear < last ? undefined : last;
}

/**
 * What a ratio compares with, right after it: "nearly 22 times November's CHF 228.10", "3 times the rent", "twice as much",
 * "4 times more than": then "22 times" is a ratio, not how often something happened ("you ate out 22 times").
 */
const COMPARES_AFTER = /^\s*(?:as\s+(?:much|many|high|large|big|expensive)\b|(?:more|less|higher|lower|larger|bigger)\s+than\b|(?:the|that|what|my|your|its|his|her|their|our)\s|\p{L}[\p{L}.&-]*['’]s\s)/u;

/** The most figures of a sentence a total of them may add up. */
const MAX_LISTED = 8;

/**
 * A total of the amounts (or counts) the answer has just listed in the same sentence, each
 * backed by the turn: "March (CHF -659.52), June (…), July (…) and September (…), together
 * CHF 9'095.81" — a run of them ending right before it.
 */
function listedSum(f: ReadFigure, sentence: readonly { f: ReadFigure; checked: AnswerFigure }[]): AnswerFigure | null {
  if (f.kind !== "money" && f.kind !== "count") return null;
  const r = intervalOf(f);
  const alike = sentence.filter((b) => b.f.kind === f.kind && (b.f.currency ?? "") === (f.currency ?? "")).slice(-MAX_LISTED);
  let total = 0;
  for (let k = alike.length - 1; k >= 0; k--) {
    // Parts of one whole: not a gap between others, nor a total of others (its terms would be counted twice).
    const op = alike[k]!.checked.operation;
    if (op === "difference" || op === "sum") break;
    total += Math.abs(alike[k]!.f.value);
    if (k < alike.length - 1 && total >= r.lo && total <= r.hi) {
      const terms = alike.slice(k);
      return { text: f.text, value: f.value, start: f.start, end: f.end, status: "derived", operation: "sum", sources: terms.map(writtenSource) };
    }
  }
  return null;
}

/** A figure the answer wrote, as an operand: a grounded one by its source; a derived one as the answer wrote it (its own sources are its operands). */
function writtenSource(x: { f: ReadFigure; checked: AnswerFigure }): FigureSource {
  return x.checked.status === "grounded" && x.checked.sources[0] ? x.checked.sources[0] : { tool: "this answer", callId: "", where: "derived above", value: x.f.value, text: x.f.text };
}

/** The most figures of a paragraph a difference of two of them is looked for among (the nearest before it). */
const MAX_WRITTEN = 24;

/**
 * A difference of two amounts the answer wrote before it in its paragraph, each backed by the turn (found or derived):
 * "May was CHF 694.85, April CHF 414.70 … CHF 280.15 more" — though the two stood only in a chart, which the model does not
 * read, the answer has them, and so does its reader. Written to the cent, of any two; a whole amount (a whole amount is
 * the difference of some two of two dozen) only of the two written last before it in its sentence (`sentence`: the backed
 * figures of its sentence), "CHF 2'000.00 until June and CHF 2'200.00 from July, CHF 200 or 10% more". Bounded: the
 * nearest MAX_WRITTEN amounts, O(n²).
 */
function writtenDifference(f: ReadFigure, backed: readonly { f: ReadFigure; checked: AnswerFigure }[], sentence?: readonly Backed[]): AnswerFigure | null {
  if (f.kind !== "money" || f.approximate) return null;
  // A whole amount ("CHF 200 or 10% more") is the gap of the two amounts written last before it in its sentence only.
  if (f.precision >= 1 && !sentence) return null;
  const r = intervalOf(f);
  const alike = (f.precision >= 1 ? sentence!.filter((b) => b.f.end <= f.start) : backed).filter((b) => b.f.kind === "money" && (b.f.currency ?? "") === (f.currency ?? "")).slice(f.precision >= 1 ? -2 : -MAX_WRITTEN);
  for (let i = alike.length - 1; i >= 0; i--) {
    for (let j = i - 1; j >= 0; j--) {
      const a = alike[i]!;
      const b = alike[j]!;
      const d = Math.abs(Math.abs(a.f.value) - Math.abs(b.f.value));
      if (d < r.lo || d > r.hi) continue;
      const [big, small] = Math.abs(a.f.value) >= Math.abs(b.f.value) ? [a, b] : [b, a];
      const sources = [big, small].map(writtenSource);
      return { text: f.text, value: f.value, start: f.start, end: f.end, status: "derived", operation: "difference", sources };
    }
  }
  return null;
}

const SENTENCE_END = /[.!?]\s|\n/;
/** Every sentence end of a text. */
const SENTENCE_ENDS = new RegExp(SENTENCE_END.source, "g");
/** Where a figure's own part of its sentence ends: a comma, a semicolon, the sentence's end. */
const PART_END = new RegExp(`[,;]|${SENTENCE_END.source}`);

/** Where the sentence of the text at `at` starts: after the last sentence end before it (a full stop before a space, a line break). */
function sentenceStart(text: string, at: number): number {
  let start = 0;
  for (const m of allMatches(SENTENCE_ENDS, text.slice(0, at))) start = m.index + m[0].length;
  return start;
}
/** The earlier figures of its sentence a second step may start from (the nearest first). */
const MAX_STEPS = 3;

/** A figure the answer wrote that the turn backs (found or derived), with what the answer says it is about. */
type Backed = { f: ReadFigure; checked: AnswerFigure; said: FigureContext };

/**
 * A figure that follows in one more step from a figure the answer wrote earlier in the same sentence (the answer's own
 * figures are operands its reader sees): its share of a total of the turn ("those three are CHF 76'001.45, 41.2% of the
 * CHF 184'500.51 you spent"; "May was CHF 694.85, 12.5 % of the year"), or its average per month, week or day of the period
 * it is said to be about ("together CHF 28'889, CHF 555.56 a week"; "August came to CHF 13'361.36, … CHF 431.01 a day").
 * A figure found in the turn (not derived) is a share only of the natural total of its own call — the largest figure of
 * its kind, or one about no category or name — not of any figure that happens to fit. Bounded: the nearest few written
 * figures, one binary search each.
 */
/**
 * How many calendar months a derived sum's terms are, when each term is one whole month's figure, the rate is said of
 * no period or of just those months, and `text` (the answer up to the rate) names those months or their number (else 0).
 */
function monthsOfSum(index: FigureIndex, sum: AnswerFigure, said: FigureContext, text: string): number {
  const months = new Set<number>();
  let from = Infinity;
  let to = 0;
  for (const src of sum.sources) {
    const q = figureOfSource(index, src)?.ctx.periods;
    if (q?.length !== 1 || wholeMonths(q[0]!) !== 1 || q[0]!.from % 100 !== 1) return 0;
    months.add(Math.floor(q[0]!.from / 100));
    from = Math.min(from, q[0]!.from);
    to = Math.max(to, q[0]!.to);
  }
  if (said.periods && !(said.periods.length === 1 && said.periods[0]!.from === from && said.periods[0]!.to === to && wholeMonths(said.periods[0]!) === months.size)) return 0;
  return namesMonths(text, months) ? months.size : 0;
}

/** The answer's paragraph up to `end`. */
function paragraphTo(answer: string, end: number): string {
  return answer.slice(answer.lastIndexOf("\n\n", end) + 1, end);
}

const MONTHS_COUNTED = new RegExp(String.raw`\b(both|\d{1,2}|${Object.keys(COUNT_WORDS).join("|")})\s+months\b`, "gi");

/**
 * Whether a text names each of some months (yyyymm) by name ("October and November"), or their number ("both months",
 * "the two months'", "the other five months").
 */
function namesMonths(text: string, months: ReadonlySet<number>): boolean {
  for (const m of text.matchAll(MONTHS_COUNTED)) {
    const w = m[1]!.toLowerCase();
    if ((w === "both" ? 2 : (COUNT_WORDS[w] ?? Number(w))) === months.size) return true;
  }
  const names = new Set([...text.matchAll(MONTH_NAMED)].map((m) => MONTH_NUMBER[m[1]!.toLowerCase()]));
  return [...months].every((ym) => names.has(ym % 100));
}

function secondStep(index: FigureIndex, f: ReadFigure, said: FigureContext, steps: readonly Backed[], answer: string): AnswerFigure | null {
  const r = intervalOf(f);
  // An amount's rate is of an amount: the nearest amounts, past the counts between ("CHF 13'361.36 over 187 transactions … CHF 431.01 a day").
  const from = f.kind === "money" ? steps.filter((b) => b.f.kind === "money") : steps;
  for (const b of from.slice(-MAX_STEPS).reverse()) {
    const x = b.f;
    const xv = Math.abs(x.value);
    const derived = b.checked.status === "derived";
    const found = derived ? undefined : b.checked.sources[0];
    if (!derived && !found) continue;
    const step: FigureSource = found ?? { tool: "this answer", callId: "", where: "derived above", value: x.value, text: x.text };
    /** The total a share of the step may be taken of. */
    const base = derived
      ? (t: SourceFigure) => !contradicts(said, t.ctx)
      : (t: SourceFigure) => t.callId === found!.callId && Math.abs(t.value) > xv && (index.callMax.has(t) || (!t.ctx.categories && !t.ctx.names)) && totalAsSaid(said, t) && coversStep(index, found!, t);
    const result = { text: f.text, value: f.value, start: f.start, end: f.end, status: "derived" as const };
    // A percentage said to be a rise or a fall ("+4.6 %", "up 9.6 %") is a change, never a share of a total: a change of
    // CHF 4'200 is not "+4.6 %" because CHF 4'200 ÷ some income of the turn lands there (as derivePercent, which tries
    // only the change for a signed percentage); it is the change of a difference over where it started (above).
    if (f.kind === "percent" && r.lo > 0 && said.sign !== undefined && derived && b.checked.operation === "difference" && b.checked.sources.length === 2) {
      // A change in per cent of a difference the answer derived: of the amount it changed from ("CHF 600.00 more than
      // November, a rise of 40.3%": 600.00 ÷ November's 1'488.72), the smaller of the two for a rise, the larger for a fall.
      const [big, small] = b.checked.sources;
      const from = said.sign > 0 ? small! : big!;
      const pct = (100 * xv) / Math.abs(from.value);
      if (pct >= r.lo && pct <= r.hi) return { ...result, sources: [step, from], operation: "ratio" };
    }
    if (f.kind === "percent" && r.lo > 0 && said.sign === undefined) {
      // The total it is a share of: xv ÷ total within the written percentage.
      const totals: Interval = { lo: (xv * 100) / r.hi, hi: (xv * 100) / r.lo };
      for (const g of index.seen) {
        if (g.kind !== x.kind || (x.currency && g.currency && g.currency !== x.currency)) continue;
        for (const k of findEqual(g.values, totals)) {
          const total = figuresAt(g, k).find((t) => !t.change && Math.abs(t.value) >= xv && base(t));
          if (total) return { ...result, sources: [step, source(total, index.lexicon)], operation: "ratio" };
        }
      }
    }
    if (f.kind === "money" && x.kind === "money" && (said.per === "month" || said.per === "week" || said.per === "day")) {
      // A found figure's rate is over the period the answer says it is about (the rate's own clause may carry another).
      const own = saidDivisors(index, derived ? said : b.said);
      // A sum the answer made of whole months ("October and November: CHF 25'937.42") is a month's rate over those months
      // only: not over its call's quarter (r4q06 "about CHF 8'645.81 a month" = the two months' sum ÷ 3).
      // Not when the rate is said of another period ("over the quarter that's …"): then over that period's months, as before.
      // Only when the answer names those months or their number (review of r4-figacc8, #1: "Spending came to CHF 2'200.35,
      // about CHF 1'100.18 a month" of a quarter is no two months' rate).
      const ofMonths = said.per === "month" && derived && b.checked.operation === "sum" ? monthsOfSum(index, b.checked, said, paragraphTo(answer, f.end)) : 0;
      const divisors = ofMonths ? [ofMonths] : said.per === "month" ? own.months : said.per === "week" ? own.weeks : own.days;
      for (const d of divisors) {
        const v = xv / d;
        if (v < r.lo || v > r.hi) continue;
        return said.per === "month" ? { ...result, sources: [step], operation: "monthly_average", months: d } : { ...result, sources: [step], operation: "average", divisor: round(d), per: said.per };
      }
    }
  }
  return null;
}

/**
 * Whether a total a found figure is said to be a share of agrees with what the share's own clause says but for the thing
 * it names (the part is that thing, the total is of everything; its currency may be the part's converted): its period. "In July travel alone was 35 % of
 * the month" is a share of July's total, not of August's, though both totals stand in the same comparison; "31.2 % of
 * June's spending" is not of May's. A whole is of the time its part is said of (as policy's `within` for a share).
 */
function totalAsSaid(said: FigureContext, total: SourceFigure): boolean {
  if (!said.periods && said.month === undefined) return true;
  const time: FigureContext = {};
  if (said.periods) time.periods = said.periods;
  if (said.month !== undefined) time.month = said.month;
  return !contradicts(time, total.ctx);
}

/** The figure of the turn a found figure's source was made from (source() makes one source per figure), if the model read it. */
function figureOfSource(index: FigureIndex, src: FigureSource): SourceFigure | undefined {
  const v = Math.abs(src.value);
  for (const g of index.seen) {
    for (const k of findEqual(g.values, { lo: v - 1e-9, hi: v + 1e-9 })) {
      const x = figuresAt(g, k).find((s) => sources.get(s) === src);
      if (x) return x;
    }
  }
  return undefined;
}

/**
 * Whether a total covers the time of the found figure it is taken as a share of: each of the part's periods inside one of
 * the total's. A comparison's July travel is no part of August's total spending, whatever the share's clause says ("in
 * August travel was 50 % of the month" of July's CHF 4'000.00 over August's CHF 8'000.00). A rate or a figure about no
 * period covers and is covered by anything (as policy's `within`).
 */
function coversStep(index: FigureIndex, step: FigureSource, total: SourceFigure): boolean {
  const part = figureOfSource(index, step);
  const pa = part?.ctx.periods;
  const pb = total.ctx.periods;
  if (!part || part.ctx.per || total.ctx.per || !pa?.length || !pb?.length) return true;
  return pa.every((q) => pb.some((x) => x.from <= q.from && q.to <= x.to));
}

/**
 * A change in per cent between the two amounts the answer wrote last before it in its sentence ("went from CHF 21'452.40
 * to CHF 23'654.40, … or 10.3% more"): from the first to the second, the way it is said to go (a rise only up, a fall only
 * down). Either may be one the answer derived (a net, a total less a part), which no search of the turn's figures meets.
 * One pair, licensed by where the answer wrote it.
 */
function writtenChange(f: ReadFigure, said: FigureContext, sentence: readonly Backed[]): AnswerFigure | null {
  if (f.kind !== "percent" || said.sign === undefined) return null;
  const money = sentence.filter((b) => b.f.kind === "money" && b.f.end <= f.start);
  const [a, b] = [money.at(-2), money.at(-1)];
  if (!a || !b || !a.f.value || (a.f.currency && b.f.currency && a.f.currency !== b.f.currency)) return null;
  const from = Math.abs(a.f.value);
  const to = Math.abs(b.f.value);
  if (said.sign > 0 ? to <= from : to >= from) return null;
  const r = intervalOf(f);
  // The way it went is said in words or by its sign ("-43.2%"): its magnitude is compared.
  const pct = (100 * Math.abs(to - from)) / from;
  if (pct > Math.max(Math.abs(r.lo), Math.abs(r.hi)) || pct < Math.min(Math.abs(r.lo), Math.abs(r.hi))) return null;
  return { text: f.text, value: f.value, start: f.start, end: f.end, status: "derived", operation: "percent_change", sources: [writtenSource(a), writtenSource(b)] };
}

/**
 * A yearly cost the answer states of a monthly amount it wrote before in its paragraph ("At CHF 428.80 a month, Alex's
 * premium costs CHF 5'145.60 a year"): that amount × 12, both said per their period in words. Of the nearest few amounts
 * of its currency said to be a month's, each backed by the turn; the amount as written × 12 at the yearly figure's
 * precision (no more: CHF 473.43 is no year of CHF 39.45 a month). Only of a monthly amount of what the clause is of: its
 * category, merchant and flow, and the year it names (rev-figacc9 #1: the groceries budget × 12 is no "dining is budgeted
 * at … a year", 2024's average × 12 no "2025's groceries come to … a year", the income × 12 no "you spend … a year");
 * when the clause names none of these, of the nearest monthly amount only. Said as a change, also the gap of two amounts
 * of its sentence × 12.
 */
function writtenYearly(index: FigureIndex, f: ReadFigure, said: FigureContext, paragraph: readonly Backed[], sentence: readonly Backed[]): AnswerFigure | null {
  const r = intervalOf(f);
  const result = (sources: FigureSource[]): AnswerFigure => ({ text: f.text, value: f.value, start: f.start, end: f.end, status: "derived", operation: "yearly", sources, months: 12 });
  const writtenBefore = (b: Backed) => b.f.kind === "money" && b.f.end <= f.start && (!f.currency || !b.f.currency || f.currency === b.f.currency);
  const monthly = paragraph.filter((b) => writtenBefore(b) && b.said.per === "month");
  const { subject, flow, when } = paceOf(index, said, undefined);
  const ofClause = (b: Backed) => {
    const of = aboutOf(index, b);
    return !contradicts(subject, of.subject) && !(flow && of.flow && of.flow !== flow) && !contradicts(when, of.when);
  };
  for (const b of monthly.slice(namesSubject(said) ? -MAX_STEPS : -1).reverse()) {
    if (!ofClause(b)) continue;
    const v = 12 * Math.abs(b.f.value);
    if (v >= r.lo && v <= r.hi) return result([writtenSource(b)]);
  }
  if (!said.changeSaid) return null;
  // A yearly change of a monthly price or budget ("now CHF 100.00 a month (it was CHF 150.00), … a cut of CHF 600.00 a
  // year"): the gap of two amounts its sentence wrote, one of them a month's (said so, or a monthly figure of the turn), × 12.
  const near = sentence.filter(writtenBefore).slice(-MAX_STEPS - 1);
  for (let i = near.length - 1; i > 0; i--) {
    for (let j = i - 1; j >= 0; j--) {
      const [a, b] = [near[j]!, near[i]!];
      if (!isMonthly(index, a) && !isMonthly(index, b)) continue;
      const v = 12 * Math.abs(Math.abs(a.f.value) - Math.abs(b.f.value));
      if (v >= r.lo && v <= r.hi) return result([writtenSource(a), writtenSource(b)]);
    }
  }
  return null;
}

/** An amount the answer wrote that is a month's: said so, or found as a figure the turn says is monthly (a monthly series' price, a budget a month). */
function isMonthly(index: FigureIndex, b: Backed): boolean {
  if (b.said.per === "month") return true;
  const src = b.checked.status === "grounded" ? b.checked.sources[0] : undefined;
  return !!src && figureOfSource(index, src)?.ctx.per === "month";
}

/** What was kept, in words ("you would save", "your savings", "keep", "put aside", "left over"): a pace said so is of a net (rev-figacc9 #3). */
const KEPT_SAID = /\b(?:sav(?:e|es|ed|ing|ings)|keeps?|kept|put\s+aside|left\s+over)\b/i;
/** A year at the pace of a shorter period, in words: "a full year", "the whole year", "over a year", "a year at this pace". */
const YEAR_AT_PACE = /\b(?:(?:a|the|one)\s+(?:full|whole|complete|entire)\s+year|(?:over|for|in)\s+a\s+year|a\s+year\s+at\s+(?:this|that|the\s+same)\s+(?:pace|rate))\b/i;

/**
 * A year at the pace of the period a call names, a whole number of months short of a year (a quarter, a half-year, ten
 * months of a year with data to October): that period's total ÷ its months × 12 ("At this pace the full year would be
 * CHF 14'194.38" of ten months' CHF 11'828.65; a quarter's Netflix CHF 62.70 as "CHF 250.80 a year"), said of a year in
 * words. Only a total (or a net: what was kept; a net when said to be kept, saved, put aside or left over) of the call's own period (not one month of it, not a change, a rate or an average), over that
 * period's whole months from its start (not a last month the data covers only in part: 15 March is no third month), of
 * the currency written, and of what the pace is of: what the clause names (category, merchant, money in or out), else
 * what the amount the paragraph wrote last is of ("You spent CHF 30'000.00 … at this pace the full year" is no year of
 * the income). A year at the pace of any figure of any length would fit nearly any amount.
 */
function yearAtPace(index: FigureIndex, f: ReadFigure, said: FigureContext, part: string, last: Backed | undefined): AnswerFigure | null {
  const r = intervalOf(f);
  const { subject, flow, when } = paceOf(index, said, last);
  const ofNet = said.measure === "net" || KEPT_SAID.test(part);
  for (const g of groupsOf(index, f, "seen").operands) {
    if (g.kind !== "money" || !ofCurrency(f, g)) continue;
    for (const c of index.spans) {
      for (const n of new Set(c.divisors?.months ?? [])) {
        if (n < 2 || n > 11 || !wholeMonthsFrom(c, n)) continue;
        for (const k of findEqual(g.values, scaled(r, n / 12))) {
          const s = figuresAt(g, k).find((x) => x.callId === c.call && !x.change && !x.ctx.per && (!x.ctx.measure || x.ctx.measure === "net") && (!ofNet || x.ctx.measure === "net") && x.ctx.periods?.length === 1 && x.ctx.periods[0]!.from === c.from && x.ctx.periods[0]!.to === c.to && !contradicts(subject, x.ctx) && !contradicts(when, x.ctx) && (!flow || (flowOfSource(x) ?? flow) === flow));
          if (s) return { text: f.text, value: f.value, start: f.start, end: f.end, status: "derived", operation: "yearly", sources: [source(s, index.lexicon)], months: 12, divisor: n };
        }
      }
    }
  }
  return null;
}

/** What a figure is of: its category, merchant and currency, which way the money went, and its period or month. */
type Pace = { subject: FigureContext; flow?: "in" | "out"; when: FigureContext };
/** The period or month a clause names, if any. */
const whenOf = (c: FigureContext): FigureContext => ({ ...(c.periods ? { periods: c.periods } : {}), ...(c.month !== undefined ? { month: c.month } : {}) });
const namesWhen = (c: FigureContext) => !!c.periods || c.month !== undefined;
const ownSubject = (c: FigureContext): FigureContext => ({ ...(c.categories ? { categories: c.categories } : {}), ...(c.names ? { names: c.names } : {}), ...(c.currency ? { currency: c.currency } : {}) });
/** Whether a clause names what its figure is of: a category, a merchant, money in or out. */
const namesSubject = (said: FigureContext) => !!(said.categories || said.names || said.flow);

/**
 * What a pace is of: the subject and flow its clause says, else those of the amount written last before it (and of its
 * source); likewise its period (rev-figacc9 #2: "In the first quarter of 2026 you spent … At this pace a full year …" is
 * no year at 2025's first quarter).
 */
function paceOf(index: FigureIndex, said: FigureContext, last: Backed | undefined): Pace {
  const of = last ? aboutOf(index, last) : undefined;
  const when = namesWhen(said) || !of ? whenOf(said) : of.when;
  if (namesSubject(said) || !of) return { subject: ownSubject(said), ...(said.flow ? { flow: said.flow } : {}), when };
  return { subject: of.subject, ...(of.flow ? { flow: of.flow } : {}), when };
}

/**
 * What an amount the answer wrote is of, and when: what its clause says, else what the figure the turn found it as is of.
 * A row is of every name its text mentions, not its merchant's only ("Helsana · Prämie KVG Alex Muster" is Alex's
 * premium as well, r4m16).
 */
function aboutOf(index: FigureIndex, b: Backed): Pace {
  const found = b.checked.status === "grounded" && b.checked.sources[0] ? figureOfSource(index, b.checked.sources[0]) : undefined;
  const flow = b.said.flow ?? (found ? (flowOfSource(found) ?? undefined) : undefined);
  const rowNames = found?.ctx.names && found.ctx.subjects ? { names: [...found.ctx.names, ...found.ctx.subjects] } : {};
  const when = namesWhen(b.said) || !found ? whenOf(b.said) : whenOf(found.ctx);
  return { subject: { ...ownSubject(found?.ctx ?? {}), ...rowNames, ...ownSubject(b.said) }, ...(flow ? { flow } : {}), when };
}

/**
 * Whether the first `n` months of a call's period are ones its data covers whole (its days from the start count them to
 * a month's end, within the days its data covers: August to October with data to 12 October is no three months,
 * rev-figacc9 #4).
 */
function wholeMonthsFrom(c: CallSpan, n: number): boolean {
  if (!Number.isInteger(n) || c.from % 100 !== 1) return false;
  const last = Math.floor(c.from / 100) % 100 - 1 + n - 1;
  const y = Math.floor(c.from / 10000) + Math.floor(last / 12);
  const m = (last % 12) + 1;
  const days = daysBetween(c.from, y * 10000 + m * 100 + daysInMonth(y, m)) + 1;
  return !!c.divisors?.days.includes(days) && days <= Math.min(...c.divisors.days);
}

/** The budgets of a budget_status call with every budget approved in this turn in place: the budgets as they are now. */
type Approved = { old: SourceFigure; items: SourceFigure[]; total: number };
const approvals = new WeakMap<FigureIndex, Approved[]>();
/** A result figure's label: the last part of where it stood ("Total budget", "budget", "was"). */
const labelOf = (s: SourceFigure) => s.where.slice(s.where.lastIndexOf(" · ") + 3).trim();

/**
 * The budgets of each budget_status call of the turn with every approval of this turn in place (each outcome's "now" for
 * its "was"), when that call's budgets add up to its "Total budget" (the list is whole) and each approved category is one
 * of them at its old amount: with two approvals, only the total with both. Made once per index.
 */
function approvedBudgets(index: FigureIndex): Approved[] {
  let out = approvals.get(index);
  if (out) return out;
  out = [];
  const all = index.seen.flatMap((g) => (g.kind === "money" ? g.flat : []));
  const outcomes = all.filter((s) => s.outcome && s.ctx.categories?.length === 1);
  const changes: { was: SourceFigure; now: SourceFigure }[] = [];
  for (const was of outcomes) {
    if (labelOf(was) !== "was") continue;
    const now = outcomes.find((s) => s !== was && s.callId === was.callId && s.currency === was.currency && s.ctx.categories![0] === was.ctx.categories![0] && /\bnow$/i.test(labelOf(s)));
    if (now) changes.push({ was, now });
  }
  for (const old of changes.length ? all : []) {
    if (old.outcome || old.tool !== "budget_status" || !/^total budget$/i.test(labelOf(old))) continue;
    const budgets = all.filter((s) => s.callId === old.callId && !s.outcome && !s.change && s.currency === old.currency && labelOf(s) === "budget" && s.ctx.categories?.length === 1 && samePeriods(s, old)).sort((a, b) => a.clause - b.clause);
    const sum = budgets.reduce((t, s) => t + Math.abs(s.value), 0);
    if (Math.abs(sum - Math.abs(old.value)) > 0.005) continue;
    // Every approval of the turn in place, each its category's one budget at its old amount, or no total of this call.
    const items = budgets.slice();
    let total = sum;
    const whole = changes.every(({ was, now }) => {
      const at = budgets.flatMap((s, i) => (s.ctx.categories![0] === was.ctx.categories![0] ? [i] : []));
      if (was.currency !== old.currency || at.length !== 1 || Math.abs(Math.abs(budgets[at[0]!]!.value) - Math.abs(was.value)) >= 0.005 || items[at[0]!] !== budgets[at[0]!]) return false;
      items[at[0]!] = now;
      total += Math.abs(now.value) - Math.abs(was.value);
      return true;
    });
    if (whole) out.push({ old, items, total });
  }
  approvals.set(index, out);
  return out;
}
/** Two figures of one call about the same periods (a budget line and the total of its month). */
const samePeriods = (a: SourceFigure, b: SourceFigure) => JSON.stringify(a.ctx.periods ?? null) === JSON.stringify(b.ctx.periods ?? null);

/** Words before an amount in its sentence that say it is the budgets as they are after the change. */
const AS_NOW = /\b(?:now|new|after|from\s+now\s+on|updated|would|will)\b/i;
/** Words that say it is the budgets as they were, or spending: "before", "was", "spent … against … budgeted". */
const AS_BEFORE = /\b(?:before|was|were|previous(?:ly)?|old|earlier|spen[dt]|spending|against|used|of\s+the)\b/i;
const AS_BEFORE_AFTER = /^\s*(?:budgeted|spent|before|earlier|previously|in\s+spending)\b/i;

/**
 * The budgets' total after the budgets approved in this turn ("the Groceries budget is now CHF 1'700.00 (was CHF
 * 1'500.00)" beside a month's budgets of CHF 4'100.00: "your budgets now total CHF 4'300.00"): the sum of the call's
 * budgets with every approved one's new amount, only when its sentence says it is the budgets as they are now (now, new,
 * after, would) and nothing before it says it is as they were or spending. One sum per call: no search.
 */
function approvedTotal(index: FigureIndex, f: ReadFigure, before: string, after: string): AnswerFigure | null {
  if (f.kind !== "money" || !AS_NOW.test(before) || AS_BEFORE.test(before) || AS_BEFORE_AFTER.test(after)) return null;
  const r = intervalOf(f);
  for (const a of approvedBudgets(index)) {
    if (ofCurrencyOf(f, a.old.currency) && a.total >= r.lo && a.total <= r.hi) return { text: f.text, value: f.value, start: f.start, end: f.end, status: "derived", operation: "sum", sources: a.items.map((s) => source(s, index.lexicon)) };
  }
  return null;
}
const ofCurrencyOf = (f: ReadFigure, currency: string) => !f.currency || !currency || f.currency === currency;
/** Per index, the amounts the model read, by name or category and value in cents ("Spotify|2195"). */
const readAmounts = new WeakMap<FigureIndex, Set<string>>();
/** Whether the model read an amount of the same thing and value as a figure it did not see (a table's cell beside its summary). */
function readAlso(index: FigureIndex, x: SourceFigure): boolean {
  let read = readAmounts.get(index);
  if (!read) {
    readAmounts.set(index, (read = new Set()));
    for (const g of index.seen) {
      if (g.kind !== "money") continue;
      for (const y of g.flat) for (const n of [...(y.ctx.names ?? []), ...(y.ctx.categories ?? [])]) read.add(`${n}|${Math.round(Math.abs(y.value) * 100)}`);
    }
  }
  const cents = Math.round(Math.abs(x.value) * 100);
  const about = [...(x.ctx.names ?? []), ...(x.ctx.categories ?? [])];
  return about.length > 0 && about.every((n) => read.has(`${n}|${cents}`));
}

/** The fewest things a sentence names for a total of one item of each, picked from a list wherever they stand. */
const MIN_NAMED = 3;

/**
 * A total of the things the answer names in its sentence before it, one item of one list per thing: "Swisscom CHF 114.00,
 * Spotify CHF 21.95, Netflix CHF 20.90, Apple CHF 10.00 — CHF 166.85 a month or CHF 2'002.20 a year" (their monthly
 * amounts, then their yearly costs, each a list of the result). The terms are the list's figures, not the answer's (one of
 * them may be miswritten while the total is right). Three things or more, each exactly once in the list, none of its items
 * about what the answer contradicts (a monthly list for "a year"); an amount with cents (a whole one is a sum of too many).
 * Bounded: one pass over each list of its kind, one sum each.
 */
function sumOfNamed(index: FigureIndex, f: ReadFigure, said: FigureContext, before: string): AnswerFigure | null {
  if (f.precision >= 1 || f.approximate || Number.isInteger(f.value)) return null;
  const named = mentionedIn(before, index.lexicon);
  const names = (named.names?.length ?? 0) >= MIN_NAMED ? named.names! : (named.categories?.length ?? 0) >= MIN_NAMED ? named.categories! : null;
  if (!names) return null;
  const r = intervalOf(f);
  const unnamed: FigureContext = { ...said, names: undefined, categories: undefined, subjects: undefined, ownName: undefined };
  for (const l of listsOfKind(index, f)) {
    if (l.kind !== "money" || l.figures.length <= names.length) continue;
    const byName = byNameOf(l);
    const items: SourceFigure[] = [];
    for (const n of names) {
      const at = byName.get(n);
      if (at?.length !== 1) break;
      items.push(l.figures[at[0]!]!);
    }
    if (items.length !== names.length || new Set(items).size !== items.length) continue;
    let total = 0;
    for (const x of items) total += Math.abs(x.value);
    if (total < r.lo || total > r.hi || items.some((x) => x.change || contradicts(unnamed, x.ctx))) continue;
    // The model read each term: an item of a table or chart (which it does not see) only as its summary also gave it.
    if (!l.figures[0]!.seen && !items.every((x) => readAlso(index, x))) continue;
    return { text: f.text, value: f.value, start: f.start, end: f.end, status: "derived", operation: "sum", sources: items.map((x) => source(x, index.lexicon)) };
  }
  return null;
}

/** A month left out of a series ("without June", "leaving October out", "except March"), or "it" (the month its sentence is about). */
const LEFT_OUT = /\b(?:without|excluding|except(?:\s+for)?|apart\s+from|leaving)\s+(?:the\s+)?(January|February|March|April|May|June|July|August|September|October|November|December|it)\b(?![^.;\n]*[.;\n])/i;
const MONTH_NAMED = /\b(January|February|March|April|May|June|July|August|September|October|November|December)\b/g;
const MONTH_NUMBER: Record<string, number> = { january: 1, february: 2, march: 3, april: 4, may: 5, june: 6, july: 7, august: 8, september: 9, october: 10, november: 11, december: 12 };

/**
 * A series by month with one month left out, as its clause says ("Without June the year would have come to CHF 11'410.87",
 * "without March it was CHF 13'150.23 a month", "leaving October out, you spent CHF 4'147.73 a month on average"): the
 * series' total less that month's, or that ÷ the months left. Two steps over items the answer names, so only for an amount
 * written to the cent (a whole one is some total less some month). Bounded: one subtraction per list by month.
 */
function leftOut(index: FigureIndex, f: ReadFigure, said: FigureContext, answer: string): AnswerFigure | null {
  if (f.approximate || f.precision >= 1) return null;
  const before = answer.slice(Math.max(0, f.start - 160), f.start);
  const m = LEFT_OUT.exec(before);
  if (!m) return null;
  let month = MONTH_NUMBER[m[1]!.toLowerCase()];
  if (!month) {
    // "without it": the month its sentence is about, the first it names ("April stood out …, above March …; without it").
    const head = answer.slice(Math.max(0, f.start - 400), f.start - before.length + m.index);
    const cut = Math.max(head.lastIndexOf(". "), head.lastIndexOf("\n"));
    const named = [...head.slice(cut + 1).matchAll(MONTH_NAMED)][0];
    month = named ? MONTH_NUMBER[named[1]!.toLowerCase()] : undefined;
  }
  if (!month) return null;
  const r = intervalOf(f);
  const perMonth = said.per === "month" || said.perNear === "month" || said.measure === "average" || /\baverag/i.test(answer.slice(Math.max(0, f.start - 60), f.start));
  for (const l of index.lists) {
    if (l.kind !== "money" || (f.currency && l.currency && l.currency !== f.currency)) continue;
    let out: SourceFigure | null = null;
    let twice = false;
    let monthly = true;
    for (const x of l.figures) {
      const p = x.ctx.periods;
      if (p?.length !== 1 || p[0]!.from % 100 !== 1 || Math.floor(p[0]!.from / 100) !== Math.floor(p[0]!.to / 100)) {
        monthly = false;
        break;
      }
      if (Math.floor(p[0]!.from / 100) % 100 === month) {
        if (out) twice = true;
        out = x;
      }
    }
    // A list over two years or more has that month twice: then none (review of r4-held12: a third May was taken).
    if (!monthly || !out || twice) continue;
    const n = l.figures.length;
    const rest = l.prefix[n]! - Math.abs(out.value);
    const value = perMonth ? rest / (n - 1) : rest;
    if (value < r.lo || value > r.hi) continue;
    const sources = [...l.figures.filter((x) => x !== out), out].map((x) => source(x, index.lexicon));
    return { text: f.text, value: f.value, start: f.start, end: f.end, status: "derived", operation: perMonth ? "mean" : "difference", sources };
  }
  return null;
}

/** A thing left out of a total ("leave Other out", "without the tax instalment", "excluding Migros", "without it"). */
const LEFT_OUT_THING = /\b(?:without|excluding|except(?:\s+for)?|apart\s+from|leav(?:e|ing))\s+(?:the\s+|that\s+)?([^,;:.!?\n]{1,40})/gi;
const IT = /^(?:it|that|this|them|those)\b/i;
const LEFT_OUT_WORD = /\b(?:without|excluding|except|apart\s+from|leav(?:e|ing))\b/i;

/**
 * A total with one thing left out, as its sentence says ("Leave Other out and spending rose from CHF 11'340.50 …", "without
 * it September would have been CHF 13'251.14"): a total less the figure of the thing it names, both of one call and one
 * period (or both written by the answer); for "it", a total and a part the answer wrote before it in its paragraph. The
 * months of a series are leftOut's. Two figures the text names, so only for an amount written to the cent (a whole one is
 * some total less some part). Bounded: one pass over the turn's amounts read, and the answer's amounts before it.
 */
function leftOutThing(index: FigureIndex, f: ReadFigure, answer: string, backed: readonly Backed[]): AnswerFigure | null {
  if (f.kind !== "money" || f.approximate || f.precision >= 1) return null;
  // Asked first of the words just before it (cheap), then of its sentence.
  const near = answer.slice(Math.max(0, f.start - 240), f.start);
  if (!LEFT_OUT_WORD.test(near)) return null;
  const start = sentenceStart(answer, f.start);
  const m = [...answer.slice(start, f.start).matchAll(LEFT_OUT_THING)].at(-1);
  if (!m) return null;
  const r = intervalOf(f);
  const paragraph = answer.lastIndexOf("\n\n", f.start);
  const written = backed.filter((b) => b.f.kind === "money" && b.f.start > paragraph && b.f.end <= f.start && (!f.currency || !b.f.currency || b.f.currency === f.currency)).slice(-MAX_WRITTEN);
  const fits = (total: number, part: number) => Math.abs(part) < Math.abs(total) && Math.abs(total) - Math.abs(part) >= r.lo && Math.abs(total) - Math.abs(part) <= r.hi;
  const derived = (total: FigureSource, part: FigureSource): AnswerFigure => ({ text: f.text, value: f.value, start: f.start, end: f.end, status: "derived", operation: "difference", sources: [total, part] });
  if (IT.test(m[1]!)) {
    // "without it": a part the answer wrote before the sentence that leaves it out, from a total it wrote before.
    for (const part of written.filter((b) => b.f.end <= start)) for (const total of written) if (total !== part && fits(total.f.value, part.f.value)) return derived(writtenSource(total), writtenSource(part));
    return null;
  }
  const named = mentionedIn(m[1]!, index.lexicon);
  const subjects = [...(named.categories ?? []), ...(named.names ?? [])];
  if (!subjects.length) return null;
  const period = (s: SourceFigure) => JSON.stringify(s.ctx.periods ?? null);
  const parts: SourceFigure[] = [];
  const totals = new Map<string, SourceFigure[]>();
  for (const g of index.seen) {
    if (g.kind !== "money" || (f.currency && g.currency && g.currency !== f.currency)) continue;
    for (const s of g.flat) {
      if (s.change) continue;
      if (isNamedIn(subjects, s.ctx)) parts.push(s);
      else if (!s.ctx.categories && !s.ctx.names) {
        const key = `${s.callId}|${period(s)}`;
        totals.set(key, [...(totals.get(key) ?? []), s]);
      }
    }
  }
  for (const part of parts) {
    for (const total of totals.get(`${part.callId}|${period(part)}`) ?? []) if (fits(total.value, part.value)) return derived(source(total, index.lexicon), source(part, index.lexicon));
    for (const total of written) if (fits(total.f.value, part.value)) return derived(writtenSource(total), source(part, index.lexicon));
  }
  return null;
}

const MONTH_NAMED_ONE = new RegExp(MONTH_NAMED.source);
/** A gap to an average written right after an amount: "CHF 287.78 above the average", "CHF 421 above the monthly average", "CHF 9 less than you averaged". Its word says which side (1: above). */
const FROM_AVERAGE = /^\s+(?:(?:a\s+month\s+|a\s+week\s+)?(more|less|higher|lower)\s+than|(above|below|over|under))\s+(?:(?:the|your|its|their|that)\s+)?(?:(?:monthly|weekly|daily|usual|typical)\s+)?(?:average|mean|typical\s+month|you\s+averaged)\b/i;

/**
 * An amount said to be a gap to an average (FROM_AVERAGE): what the clause is about less the average, on the side its
 * word says ("above": the amount is the larger). The average is one about what the sentence is about (its category or
 * name), or, when it names none, the only average of the turn; the amount is the level the answer wrote nearest before
 * it in its sentence, or, when it wrote none, the turn's figure of the month the sentence names (r4-figaccfix2: Dining's
 * average, an earlier month's amount of the sentence, and "below" of an amount above it all passed). Two steps the
 * model takes in its head; bounded: the averages × one written amount, one binary search per average for the month's figure.
 */
function fromAverage(index: FigureIndex, f: ReadFigure, said: FigureContext, answer: string, sentence: readonly Backed[], backed: readonly Backed[]): AnswerFigure | null {
  const word = FROM_AVERAGE.exec(answer.slice(f.end, f.end + 60))!;
  const side = /^(?:more|higher|above|over)$/i.test(word[1] ?? word[2]!) ? 1 : -1;
  const r = intervalOf(f);
  const currency = (x: { currency?: string }) => !f.currency || !x.currency || x.currency === f.currency;
  const opened = sentenceStart(answer, f.start);
  const mentioned = said.categories || said.names ? said : mentionedIn(answer.slice(opened, f.start), index.lexicon);
  const subjects = [...(mentioned.categories ?? []), ...(mentioned.names ?? [])];
  /** About what the sentence is about: its subject, or no other one. */
  const aboutIt = (ctx: FigureContext) => (subjects.length ? isNamedIn(subjects, ctx) : true);
  /** The averages: of the turn, then those the answer wrote before it (an average, or a rate a month, week or day). */
  const averages: { value: number; source: () => FigureSource }[] = [];
  for (const g of index.seen) {
    if (g.kind !== "money" || !currency(g)) continue;
    for (const s of g.flat) if (s.ctx.measure === "average" && !s.change && aboutIt(s.ctx)) averages.push({ value: Math.abs(s.value), source: () => source(s, index.lexicon) });
  }
  // With no subject written, an average is the turn's only one (two categories' averages: which one is unsaid).
  if (!subjects.length && new Set(averages.map((a) => a.value)).size > 1) averages.length = 0;
  for (const b of backed.slice(-MAX_WRITTEN)) {
    if (b.f.kind === "money" && b.f.end <= f.start && currency(b.f) && (b.said.measure === "average" || (b.said.per && b.said.per !== "year")) && (!subjects.length || !(b.said.categories || b.said.names) || aboutIt(b.said))) averages.push({ value: Math.abs(b.f.value), source: () => writtenSource(b) });
  }
  const result = { text: f.text, value: f.value, start: f.start, end: f.end, status: "derived" as const, operation: "difference" as const };
  /** The amount the clause is about: the level written nearest before it in its sentence (no average, rate or change). */
  const level = sentence.filter((b) => b.f.kind === "money" && currency(b.f) && !b.said.measure && !b.said.per && !b.said.changeSaid).at(-1);
  // The month the sentence is about when the clause names none: the first it names ("May stands out: …, and CHF 271.89 above your monthly average").
  const named = said.month === undefined && !said.periods ? MONTH_NAMED_ONE.exec(answer.slice(opened, f.start)) : null;
  if (named) said = { ...said, month: MONTH_NUMBER[named[1]!.toLowerCase()]! };
  if (subjects.length && !said.categories && !said.names) said = { ...said, categories: mentioned.categories, names: mentioned.names };
  const periodSaid = said.month !== undefined || !!said.periods;
  for (const avg of averages.slice(0, MAX_WRITTEN)) {
    if (level) {
      const d = side * (Math.abs(level.f.value) - avg.value);
      if (d >= r.lo && d <= r.hi) return { ...result, sources: [writtenSource(level), avg.source()] };
      continue;
    }
    if (!periodSaid) continue;
    // The clause's month or period, not written: its figure of the turn (about what the clause says, no average or change).
    const part: Interval = side > 0 ? { lo: avg.value + r.lo, hi: avg.value + r.hi } : { lo: avg.value - r.hi, hi: avg.value - r.lo };
    if (part.hi <= 0) continue;
    for (const g of index.seen) {
      if (g.kind !== "money" || !currency(g)) continue;
      for (const k of findEqual(g.values, part)) {
        const s = figuresAt(g, k).find((x) => !x.change && !x.ctx.measure && !x.ctx.per && !contradicts({ ...said, measure: undefined, sign: undefined }, x.ctx));
        if (s) return { ...result, sources: [source(s, index.lexicon), avg.source()] };
      }
    }
  }
  return null;
}

/** A share of a change, written right after a percentage: "65% of the whole decline", "79.0% of the drop", "121.2 % of the total increase". Its word says which way the whole went (none: "change", "difference"). */
const OF_CHANGE = /^\s+of\s+(?:the|this|that|its|your)\s+(?:whole\s+|total\s+|overall\s+|entire\s+)?(?:(increase|rise|growth|jump)|(decline|drop|fall|decrease)|change|difference)\b/i;

/**
 * A percentage said to be a share of a change (OF_CHANGE): a change over the whole change of its comparison — a change
 * of the turn about what the answer says, or an amount the answer wrote just before it in its sentence that is one of
 * that comparison's changes (or a sum or difference of them), over a change of the same call about no category or name
 * (its total's) that went the way the word says. Not a ratio of two amounts, nor a level over the change, nor a change
 * in per cent (r4-figaccfix2: "Other rose from CHF 96.00 to CHF 276.00, 47.7% of the whole increase" passed as
 * 276.00 ÷ 578.65; "65.2% of the whole decline" as Other's −65.2 %; "64.5% of the increase" as a share of a decline).
 * Bounded: the turn's total changes × (one binary search + the nearest written amounts, one binary search each).
 */
function shareOfChange(index: FigureIndex, f: ReadFigure, said: FigureContext, sentence: readonly Backed[], way: number): AnswerFigure | null {
  const r = intervalOf(f);
  if (r.hi <= 0) return null;
  const about: FigureContext = { ...said, sign: undefined, changeSaid: undefined };
  const result = { text: f.text, value: f.value, start: f.start, end: f.end, status: "derived" as const, operation: "ratio" as const };
  const wholes = index.seen.flatMap((g) => (g.kind === "money" ? g.flat.filter((s) => s.change && !s.ctx.categories && !s.ctx.names && s.value !== 0 && (!way || Math.sign(s.value) === way)) : []));
  for (const whole of wholes) {
    const w = Math.abs(whole.value);
    /** Whether `v` is a change of the whole's comparison (an amount of the turn said to be one). */
    const isChange = (v: number) =>
      index.seen.some((g) => g.kind === "money" && g.currency === whole.currency && findEqual(g.values, { lo: Math.abs(v) - 0.005, hi: Math.abs(v) + 0.005 }).some((k) => figuresAt(g, k).some((x) => x.change && x.callId === whole.callId)));
    for (const b of sentence.slice(-MAX_STEPS).reverse()) {
      if (b.f.kind !== "money" || (b.f.currency && b.f.currency !== whole.currency)) continue;
      const change = b.checked.status === "derived" ? b.checked.sources.every((x) => isChange(x.value)) : isChange(b.f.value);
      if (!change) continue;
      const v = (100 * Math.abs(b.f.value)) / w;
      if (v >= r.lo && v <= r.hi) return { ...result, sources: [writtenSource(b), source(whole, index.lexicon)] };
    }
    const parts: Interval = { lo: (r.lo * w) / 100, hi: (r.hi * w) / 100 };
    for (const g of index.seen) {
      if (g.kind !== "money" || g.currency !== whole.currency) continue;
      for (const k of findEqual(g.values, parts)) {
        const part = figuresAt(g, k).find((x) => x !== whole && x.change && x.callId === whole.callId && !contradicts(about, x.ctx));
        if (part) return { ...result, sources: [source(part, index.lexicon), source(whole, index.lexicon)] };
      }
    }
  }
  return null;
}

/** "the top three", "your top 5": the first k items of a ranked list. */
const TOP_K = /\btop\s+(two|three|four|five|six|seven|eight|nine|ten|\d{1,2})\b(?![^.;\n]*[.;\n])/i;
const TOP_WORDS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

/**
 * A share of a ranked list's first k items when the figure's clause says "the top k" ("the top three took 41.8 % of
 * everything"): their sum ÷ the call's total (its largest figure of their kind and currency). Two steps, bounded: only
 * the k the answer writes, one sum per list.
 */
function topShare(index: FigureIndex, f: ReadFigure, said: FigureContext, before: string): AnswerFigure | null {
  const m = TOP_K.exec(before);
  if (!m) return null;
  const k = TOP_WORDS[m[1]!.toLowerCase()] ?? Number(m[1]);
  const r = intervalOf(f);
  for (const l of index.lists) {
    if (l.kind !== "money" || l.figures.length <= k || k < 2 || contradicts(said, l.figures[0]!.ctx)) continue;
    const sum = l.prefix[k]!;
    const first = l.figures[0]!;
    for (const total of index.callMax) {
      if (total.callId !== first.callId || total.kind !== l.kind || total.currency !== l.currency || total.change || Math.abs(total.value) <= sum || contradicts(said, total.ctx)) continue;
      const share = (100 * sum) / Math.abs(total.value);
      if (share < r.lo || share > r.hi) continue;
      const sources = [...l.figures.slice(0, k), total].map((s) => source(s, index.lexicon));
      return { text: f.text, value: f.value, start: f.start, end: f.end, status: "derived", operation: "ratio", sources };
    }
  }
  return null;
}

/**
 * A typical amount (a median, an average) over a span, said plainly of a shorter period inside
 * it: "the rent was CHF 2'000 in August" of a series whose usual amount is CHF 2'000 says what
 * was paid then, which the usual amount does not tell.
 */
function typicalOf(said: FigureContext, s: SourceFigure): boolean {
  if (said.measure || (s.ctx.measure !== "median" && s.ctx.measure !== "average")) return false;
  const span = s.ctx.periods;
  if (!span?.length) return false;
  if (said.periods) return !said.periods.some((p) => span.every((q) => p.from <= q.from && q.to <= p.to));
  return said.month !== undefined && !span.every((q) => Math.floor(q.from / 100) === Math.floor(q.to / 100));
}

function checkOne(index: FigureIndex, f: ReadFigure, said: FigureContext): AnswerFigure {
  const base = { text: f.text, value: f.value, start: f.start, end: f.end };
  const r = intervalOf(f);
  // Said to be an average (or said to be what a change did) while the turn has such figures, a figure that is none is
  // no match: "CHF 20.90 on average" is not a month's CHF 20.90 when the tool gave the average; "I moved 2
  // transactions" is not the 2 a search found when the approval's outcome says how many were moved.
  const measured = (said.measure === "average" || said.measure === "median") && index.known.measures.has(said.measure);
  const acted = said.action && index.known.actions.has(said.action);
  // Likewise said of a merchant or account the turn has figures of, a figure of a whole category is not its figure: an
  // amount when the name is written next to it; a count also when its clause hands the name on ("Digitec Galaxus — CHF
  // 90.60 over 5 purchases" is no category's 5 transactions: small counts of a turn's categories equal nearly any count);
  // and a count said so is no count of a whole either (about no name: "4 visits" of Migros is not the 4 euro rows in all),
  // but an approval's outcome (what was moved).
  const namedElsewhere = (said.ownName || f.kind === "count") && !!said.names?.some((n) => index.known.names.has(foldName(n)));
  // Names agree when one holds the other ("Migros" of a search for Migros that also found Migros Restaurant); but a name
  // the turn has figures of as a merchant of its own ("Galaxus") is not a longer merchant's ("Digitec Galaxus").
  const ownNames = said.ownName && said.names!.every((n) => index.known.names.has(foldName(n))) ? said.names!.map(foldName) : null;
  const longerName = (s: SourceFigure) => !!ownNames && !s.search && !!s.ctx.names && !s.ctx.names.some((m) => ownNames.includes(foldName(m)));
  // Said of a category the turn has no figure of ("2 transfers", "fees … still uncategorised"), a figure of the rows not
  // classified yet may be what the answer says they are; of a category the turn has figures of, it is not that category's.
  const unknownCategory = said.categories && !said.categories.some((c) => index.known.categories.has(c)) ? { ...said, categories: undefined } : null;
  const clashes = (s: SourceFigure) => contradicts(said, s.ctx) && !(unknownCategory && unclassified(s.ctx) && !contradicts(unknownCategory, s.ctx));
  // A count of things ("50 transactions", "8 merchants") is not an amount or a ratio that has its digits. A table's count
  // column ("| Shops |", "| Payments |") says its cells count things too, but only as no amount: a column headed "Times"
  // beside a payment holds its ratio to the usual ("12" of "12.0 × the usual": review rev-figacc4 #4).
  const countOfThings = f.kind === "count" && !!said.unit;
  const tableCount = f.kind === "count" && !!f.tableCount;
  const fitting: SourceFigure[] = [];
  const contradicted: SourceFigure[] = [];
  /** The fitting figures about just what the answer says, in search order: the first few are the sources, so the search stops at them. */
  const specific: SourceFigure[] = [];
  equal: for (const g of groupsOf(index, f, "all").equal) {
    const v = g.values;
    for (let k = lowerBound(v, r.lo); k < v.length && v[k]! <= r.hi; k++) {
      for (let i = g.offsets[k]!, ie = g.offsets[k + 1]!; i < ie; i++) {
        const s = g.flat[i]!;
        if ((countOfThings || tableCount) && s.kind === "money") continue;
        if (countOfThings && s.kind === "ratio") continue;
        const currencyClash = f.kind === "money" && f.currency && s.currency && f.currency !== s.currency;
        // A comparison's change is what the answer writes as a change or a gap, not an amount of one period ("travel in July came to CHF 337.75"),
        // nor where a change came from or went to ("fees went down from CHF 19.23 to CHF 0.77": the -19.23 is no level).
        const levelAsChange = s.change && (!said.changeSaid || said.endpoint !== undefined);
        // Said to be in the red (or in the black), an amount is a figure below zero (above it): "August was CHF 3'602.42 in
        // the red" is not a net of +CHF 3'602.42.
        const otherSide = said.balance !== undefined && f.kind === "money" && (said.balance < 0 ? s.value > 0 : s.value < 0);
        // Said to be money in (income) or out (spending), a figure the result labels the other way is not its figure.
        const otherFlow = said.flow !== undefined && f.kind === "money" && (flowOfSource(s) ?? twinFlow(index, s) ?? said.flow) !== said.flow;
        // Said to be where a change went to (or came from), the other end of the change is not its figure.
        // Written with an arrow, the pair is in its result's order: by time only when its call names the later period last.
        // Then either order is right, but not one end written twice (review of r4-figacc8, #2: "Cash: CHF 160.00 → CHF 160.00");
        // and a sentence that says its months in time order ("from July to August") is by time.
        const byResult = said.arrow && !said.arrowInTime && laterFirst(index, s.callId);
        const wrongEnd =
          said.endpoint !== undefined && (byResult ? !!said.arrowFrom?.includes(source(s, index.lexicon)) : otherEnd(index, s, said.endpoint));
        // Said to be a week's ("CHF 113 a week"), an amount is no average per row (a search's average payment). Not a month's
        // or a day's: a monthly bill's average payment is its month's (Netflix CHF 20.40 a month), a daily coffee's its day's.
        const perRowAsRate = f.kind === "money" && said.per === "week" && s.ctx.measure === "average" && !s.ctx.per;
        if (currencyClash || levelAsChange || otherSide || otherFlow || wrongEnd || perRowAsRate || longerName(s) || clashes(s) || typicalOf(said, s) || saidOfAPart(said, s.ctx)) contradicted.push(s);
        else {
          fitting.push(s);
          if ((!measured || s.ctx.measure === said.measure) && (!acted || s.ctx.action === said.action) && (!namedElsewhere || s.ctx.names || s.outcome || (!s.ctx.categories && f.kind !== "count"))) {
            if (specific.push(s) === MAX_SOURCES) break equal;
          }
        }
      }
    }
  }
  if (specific.length) return { ...base, status: "grounded", sources: specific.map((s) => source(s, index.lexicon)) };
  contradicted.push(...fitting);
  // Found only as something else: mismatched — unless the writing rounds (then an equal value
  // is weak evidence) and the figure follows from figures about what the answer says.
  // Equal to the very value of a figure about something else, the writing rounds nothing: mismatched ("CHF 80 over the
  // limit" of a remaining CHF 80.00). Said of what a change did (an approval's outcome), a figure is the outcome's or
  // nothing: derived, a wrong count of moved rows would be a sum of any small counts.
  const exact = contradicted.some((s) => Math.abs(Math.abs(s.value) - Math.abs(f.value)) < 1e-9);
  const d = (contradicted.length && (!isRounded(f) || exact)) || acted ? null : derive(index, f, r, said);
  if (!d && contradicted.length) {
    const saidLabel = contextLabel(said);
    return { ...base, status: "mismatched", sources: contradicted.slice(0, MAX_SOURCES).map((s) => source(s, index.lexicon)), ...(saidLabel ? { said: saidLabel } : {}) };
  }
  if (d) {
    return {
      ...base,
      status: "derived",
      sources: d.sources.map((s) => source(s, index.lexicon)),
      operation: d.operation,
      ...(d.months ? { months: d.months } : {}),
      ...(d.divisor ? { divisor: round(d.divisor), per: d.per } : {}),
    };
  }
  return { ...base, status: "ungrounded", sources: [] };
}

const round = (x: number) => Math.round(x * 100) / 100;

/** Stored sources, made once per figure of the turn (an answer names the same ones again and again). */
const sources = new WeakMap<SourceFigure, FigureSource>();

/** The stored source of a figure: where it stood, what it is about, and the rows behind it. */
function source(f: SourceFigure, lexicon: Lexicon): FigureSource {
  let s = sources.get(f);
  if (!s) sources.set(f, (s = makeSource(f, lexicon)));
  return s;
}

function makeSource(f: SourceFigure, lexicon: Lexicon): FigureSource {
  const about = contextLabel(f.ctx);
  const rows = rowsOf(f, lexicon);
  // Set field by field (not spread from empty objects: this runs for every source of every answer's figure).
  const s: FigureSource = { tool: f.tool, callId: f.callId, where: f.where, value: f.value, text: f.text };
  if (about) s.about = about;
  if (f.turn) s.turn = f.turn;
  if (rows) s.rows = rows;
  return s;
}


/**
 * The Transactions page's filters for the rows behind a figure (SPEC §11.1): its period (one),
 * category (one), merchant or account (one), the call's search, its currency. None for a
 * calculation's result or a figure about several periods at once (a comparison's change).
 */
function rowsOf(f: SourceFigure, lexicon: Lexicon): RowFilters | undefined {
  // Rows the call selected by amount bounds, weekdays or exclusions are fewer than the page's link would show.
  // An approval's outcome says what a change did: the rows it moved are no longer where its words place them.
  if (f.kind === "number" || f.kind === "ratio" || f.noRows || f.beyondFilters || f.outcome || SUBSET_TOOLS.has(f.tool)) return undefined;
  // A recurring series' payments: its merchant's money out in its category over its span, when those rows are all its
  // payments. Its payments are some of its merchant's money out over its span (in any category: one recategorised), so
  // when that is as many rows as its payments, it is they; the rows of its category are they when as many too. A one-off
  // inside (a double charge) or a payment in another category makes them more or fewer: no link.
  if (f.series) {
    const s = f.series;
    const currency = f.currency || f.ctx.currency || f.rowsCurrency;
    const rows: RowFilters = { from: isoOf(s.from), to: isoOf(s.to), category: s.category, merchant: s.merchant, ...(currency ? { currency } : {}), direction: "out" };
    const { category: _category, ...anyCategory } = rows;
    return f.rowCount?.(anyCategory) === f.value && f.rowCount(rows) === f.value ? rows : undefined;
  }
  // One transaction of a listing: that row, by its id with its day, amount and currency (not every row of its day, merchant
  // and category; not another row given its id again after an import was undone).
  if (f.row !== undefined) {
    const day = isoOf(f.row.day);
    return { id: String(f.row.id), from: day, to: day, currency: f.row.currency, amount: f.row.amount.toFixed(2) };
  }
  const c = f.ctx;
  // The page selects no weekday: Fridays' spending is no set of its rows (QA: it linked to all the category's rows).
  if (c.weekdays?.length) return undefined;
  const periods = f.rowsPeriods ?? c.periods;
  if (periods && periods.length > 1) return undefined;
  const rows: RowFilters = {};
  const p = periods?.[0];
  if (p) {
    rows.from = isoOf(p.from);
    rows.to = isoOf(p.to);
  }
  if (c.categories?.length === 1) rows.category = c.categories[0];
  const name = c.names?.length === 1 ? c.names[0]! : undefined;
  if (name) {
    if (isAccount(lexicon, name)) rows.account = name;
    // A name the call's search stands for is what the search found, not a merchant filter: "spotify" found the EUR row
    // of "Spotify AB · PayPal" too, which merchant=Spotify leaves out (QA: a grounded figure linked to no rows). A name the
    // figure's own clause gives is one merchant among what the search found: "Migros (287)" of "migros" is merchant=Migros
    // with q=migros, not all 322 rows the search found (review of 179f9e6).
    else if (f.search !== undefined && !f.namedHere && (f.search === name || nameOf(lexicon, f.search) === name)) rows.q = f.search;
    // As the result spells it: the tools group merchants as stored ("Migros" and "MIGROS" are two lines), as the page opens
    // them; a figure whose spelling is not known, or one the page cannot tell apart, has no link rather than another's rows.
    else {
      const merchant = merchantSpelling(lexicon, name, f.spelledIn);
      if (merchant === undefined) return undefined;
      rows.merchant = merchant;
    }
  }
  if (f.search && !rows.q) rows.q = f.search;
  // A figure of no category, merchant, account or search is about all rows of its period only where the tool counts
  // rows (coverage, a listing); elsewhere it is about all spending (a month's spending, a chart's series), which
  // the page's filters cannot select: its rows would add up to something else (QA: 921 transactions → 996 rows).
  if (!rows.category && !rows.merchant && !rows.account && !rows.q && !ALL_ROWS_TOOLS.has(f.tool)) return undefined;
  const currency = f.currency || c.currency || f.rowsCurrency;
  if (currency) rows.currency = currency;
  // A call of money out (or in) only counted and added up those rows (QA: 2'345 payments out linked to all 2'423 rows);
  // a spending tool's Uncategorised spending is its money out (SPEC §1: its money in is no refund but unclassified).
  if (f.direction) rows.direction = f.direction;
  else if (rows.category === UNCATEGORISED && SPENDING_TOOLS.has(f.tool)) rows.direction = "out";
  if (!Object.keys(rows).length) return undefined;
  // A spending tool's merchant or account of no category counts its spending-category rows only (not CSS's reimbursements).
  return f.spendingRows && SPENDING_TOOLS.has(f.tool) && rows.category === undefined ? (f.spendingRows(rows) ?? undefined) : rows;
}

/** Tools whose figures are about rows the page's filters cannot pick out (those to review: unsure, unclassified). */
const SUBSET_TOOLS = new Set(["review_transactions"]);

/** Tools whose figures of a category are its spending (SPEC §1), not all its rows. */
const SPENDING_TOOLS = new Set(["spending_by_category", "spending_breakdown", "monthly_trend", "budget_status", "merchant_breakdown", "compare_periods"]);

/** Tools whose figures without a category, merchant or search are about every row of their period. */
const ALL_ROWS_TOOLS = new Set(["data_coverage", "list_transactions"]);

/** Constants a calculation may use besides figures of the turn: the days, weeks or months of a period, 100 for a percentage. */
const MAX_CONSTANT = 366;

/**
 * A calculation the model gave to confirm a figure: every number in it is a figure of the turn
 * (or a small whole constant: 12 months, 100 %), and its result is the figure at the precision
 * written. The figures it used, or null.
 */
export function verifyCalculation(index: FigureIndex, f: AnswerFigure, expression: string, evaluate: (expression: string) => number): FigureSource[] | null {
  let value: number;
  try {
    value = evaluate(expression);
  } catch {
    return null;
  }
  const read = readFigures(f.text)[0];
  if (!read || !Number.isFinite(value)) return null;
  const r = intervalOf(read);
  if (Math.abs(value) < r.lo || Math.abs(value) > r.hi) return null;
  const operands = calculationOperands(index, expression);
  if (!operands) return null;
  const picked = oneCurrencyReading(operands, read.kind === "money" ? read.currency : undefined);
  return picked ? picked.map((h) => source(h.f, index.lexicon)) : null;
}

/** A number of a calculation: every figure of the turn it could be. */
type Operand = { g: Group; f: SourceFigure }[];

/** Each number of a calculation (small whole constants aside) with every figure of the turn it could be; null when one is no figure of the turn. */
function calculationOperands(index: FigureIndex, expression: string): Operand[] | null {
  const operands: Operand[] = [];
  for (const m of expression.matchAll(/\d[\d'’_]*(?:\.\d+)?/g)) {
    const x = Number(m[0].replace(/['’_]/g, ""));
    if (Number.isInteger(x) && x <= MAX_CONSTANT) continue;
    const eps = 1e-9 * Math.max(1, x);
    const hits = index.groups.flatMap((g) => findEqual(g.values, { lo: x - eps, hi: x + eps }).map((k) => ({ g, f: g.flat[g.offsets[k]!]! })));
    if (!hits.length) return null;
    operands.push(hits);
  }
  return operands;
}

/**
 * Currencies are never added together (SPEC §1): the figures a calculation's numbers are, read as amounts of one
 * currency (`written`, the one written with the figure, when it names one; counts and percentages go with any), or
 * null when they cannot be.
 */
function oneCurrencyReading(operands: readonly Operand[], written: string | undefined): Operand[number][] | null {
  const moneyOf = (h: { g: Group }) => (h.g.kind === "money" && h.g.currency ? h.g.currency : null);
  const currencies = written ? [written] : [...new Set(operands.flatMap((hits) => hits.flatMap((h) => moneyOf(h) ?? [])))];
  for (const currency of currencies.length ? currencies : [null]) {
    const picked = operands.map((hits) => hits.find((h) => moneyOf(h) === null || moneyOf(h) === currency));
    if (picked.every((h) => h)) return picked as Operand[number][];
  }
  return null;
}

/**
 * A calculation of the turn over amounts of several currencies (CHF 760.20 + EUR 9.99): its result is no figure
 * of any currency, so it grounds nothing. A calculation with a number that is no figure of the turn is not judged.
 */
export function mixesCurrencies(index: FigureIndex, expression: string): boolean {
  const operands = calculationOperands(index, expression);
  return operands !== null && oneCurrencyReading(operands, undefined) === null;
}
