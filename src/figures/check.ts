/**
 * Checks the figures of an answer against the figures of its turn (SPEC §11).
 *
 * A figure is `grounded` when a figure of the turn equals it at the precision written,
 * `derived` when the sum, difference, ratio (as a number or %) or percentage change of two
 * figures of the turn does, or a figure divided by the period's months; else `ungrounded`.
 *
 * Choices where the spec is silent:
 * - Magnitudes are compared without their sign: an answer says "you spent CHF 11.65" of a
 *   row the tools list as `CHF -11.65`, or "a deficit of CHF 659.52" for a net of
 *   `CHF -659.52`.
 * - Operands of a derivation are of one kind and currency (two CHF amounts, two counts,
 *   two percentages): currencies are never added (SPEC §1), and mixing kinds would make
 *   nearly every number derivable from 2'000 figures.
 * - A plain integer ("18'110") may be an amount or a count; it is checked against both.
 *
 * Fast on purpose (bench/figures.ts): the turn's figures are grouped and sorted once; a
 * grounded figure is one binary search; a derivation is one linear two-pointer walk per
 * operation over the sorted values, tried only for figures that are not grounded.
 */
import { SUMMARY } from "./collect.ts";
import { readFigures, type FigureKind, type ReadFigure } from "./read.ts";
import type { AnswerFigure, FigureOperation, FigureSource, TurnFigure } from "./types.ts";

/** Figures of one kind and currency, by magnitude: sorted distinct values, each with the figures that showed it. */
type Group = {
  kind: GroupKind;
  currency: string;
  /** Distinct magnitudes, ascending. */
  values: Float64Array;
  /** The figures of values[k] are flat[offsets[k]] … flat[offsets[k + 1] - 1]. */
  offsets: Uint32Array;
  flat: TurnFigure[];
};
/** "number": a bare result of the `calculate` tool, which an answer may write as an amount, a count or a percentage. */
type GroupKind = FigureKind | "number";
const CALCULATE = "calculate";

/**
 * The figures of a turn, indexed for checking: all of them (a figure of the answer may
 * equal any number the user sees), and those of the tools' summaries, the only part of a
 * result the model reads (charts and tables never reach it), for derivations: the model
 * can only have computed from numbers it saw, and with 2'000 figures nearly any amount
 * would be the sum or difference of two of them.
 */
export type FigureIndex = { groups: Group[]; seen: Group[] };

const MAX_SOURCES = 3;

const isUpper = (t: string, i: number) => {
  const c = t.charCodeAt(i);
  return c >= 65 && c <= 90;
};

/** The currency code a figure was shown with: "CHF 1'234.50", "-CHF 12.00", "1'234.5 EUR"; "" for none. */
function currencyOf(t: string): string {
  const o = t.charCodeAt(0) === 45 ? 1 : 0;
  if (isUpper(t, o) && isUpper(t, o + 1) && isUpper(t, o + 2)) return t.slice(o, o + 3);
  const e = t.length - 3;
  return e > 0 && isUpper(t, e) && isUpper(t, e + 1) && isUpper(t, e + 2) ? t.slice(e) : "";
}

/** The kind of a figure as a tool showed it ("CHF 1'234.50", "18.6%", "312", "1'234.50"); its currency is `currencyOf`. */
function kindOf(f: TurnFigure, currency: string): GroupKind {
  if (f.tool === CALCULATE) return "number";
  const text = f.text;
  if (text.endsWith("%")) return "percent";
  if (currency) return "money";
  // Money without a currency keeps its cents ("1'234.50"); a count has none.
  const n = text.length;
  return n > 3 && text.charCodeAt(n - 3) === 46 ? "money" : "count";
}

const SUMMARY_PREFIX = `${SUMMARY} · `;

/**
 * One group: the distinct magnitudes of the figures `members` (indices into `figures`, with
 * their magnitudes in millionths in `keys`, so 0.1 + 0.2 and 0.3 are one value), sorted
 * natively and matched back by binary search, the figures then placed by counting sort:
 * faster than a hash map of float keys or a sort with a comparator (bench/figures.ts).
 */
function build(kind: GroupKind, currency: string, figures: readonly TurnFigure[], keys: Float64Array, members: Uint32Array): Group {
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
  const flat: TurnFigure[] = new Array(m);
  for (let i = 0; i < m; i++) flat[next[at[i]!]!++] = figures[members[i]!]!;
  const values = new Float64Array(n);
  for (let k = 0; k < n; k++) values[k] = distinct[k]! / 1e6;
  return { kind, currency, values, offsets, flat };
}

/** The figures that showed values[k]. */
function figuresAt(g: Group, k: number): TurnFigure[] {
  return g.flat.slice(g.offsets[k], g.offsets[k + 1]);
}

export function indexFigures(figures: readonly TurnFigure[]): FigureIndex {
  const n = figures.length;
  const keys = new Float64Array(n);
  /** Each figure's group (its kind and currency: a handful, found by a linear search), or -1 when it is no number. */
  const group = new Int16Array(n);
  const inSummary = new Uint8Array(n);
  const kinds: { kind: GroupKind; currency: string; all: number; seen: number }[] = [];
  for (let i = 0; i < n; i++) {
    const f = figures[i]!;
    if (!Number.isFinite(f.value)) {
      group[i] = -1;
      continue;
    }
    const currency = f.tool === CALCULATE || f.text.endsWith("%") ? "" : currencyOf(f.text);
    const kind = kindOf(f, currency);
    let g = 0;
    while (g < kinds.length && (kinds[g]!.kind !== kind || kinds[g]!.currency !== currency)) g++;
    if (g === kinds.length) kinds.push({ kind, currency, all: 0, seen: 0 });
    group[i] = g;
    keys[i] = Math.round(Math.abs(f.value) * 1e6);
    kinds[g]!.all++;
    if (f.where === SUMMARY || f.where.startsWith(SUMMARY_PREFIX)) {
      inSummary[i] = 1;
      kinds[g]!.seen++;
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
      if (inSummary[i]) seenMembers[b++] = i;
    }
    all.push(build(k.kind, k.currency, figures, keys, members));
    if (k.seen) seen.push(build(k.kind, k.currency, figures, keys, seenMembers));
  });
  return { groups: all, seen };
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

/** The true magnitudes the writing can stand for: rounding at its precision, or one unit on one side for a bound word. */
function intervalOf(f: ReadFigure): Interval {
  const w = Math.abs(f.value);
  const p = f.precision;
  const eps = 1e-9 * Math.max(1, w);
  if (f.bound === "under") return { lo: w - p - eps, hi: w + eps };
  if (f.bound === "over") return { lo: w - eps, hi: w + p + eps };
  return { lo: w - p / 2 - eps, hi: w + p / 2 + eps };
}

const scaled = (r: Interval, k: number): Interval => ({ lo: r.lo * k, hi: r.hi * k });

type Found = { operation: FigureOperation; a: number; b: number; months?: number };

/** i < j with v[i] + v[j] in r (two pointers over the values ≤ r.hi). */
function findSum(v: Float64Array, r: Interval): [number, number] | null {
  let i = 0;
  let j = lowerBound(v, r.hi + 1e-12) - 1;
  while (i < j) {
    const s = v[i]! + v[j]!;
    if (s < r.lo) i++;
    else if (s > r.hi) j--;
    else return [i, j];
  }
  return null;
}

/** i ≠ j with v[j] − v[i] in r, r.lo > 0 (j runs ahead of i). */
function findDifference(v: Float64Array, r: Interval): [number, number] | null {
  let j = 0;
  for (let i = 0; i < v.length; i++) {
    if (j <= i) j = i + 1;
    while (j < v.length && v[j]! - v[i]! < r.lo) j++;
    if (j >= v.length) return null;
    if (v[j]! - v[i]! <= r.hi) return [j, i];
  }
  return null;
}

/** i ≠ j with v[j] ÷ v[i] in r, r.lo > 0 (the window [lo·v[i], hi·v[i]] only moves right). */
function findRatio(v: Float64Array, r: Interval): [number, number] | null {
  let j = 0;
  for (let i = 0; i < v.length; i++) {
    const d = v[i]!;
    if (d <= 0) continue;
    while (j < v.length && v[j]! < r.lo * d) j++;
    for (let k = j; k < v.length && v[k]! <= r.hi * d; k++) if (k !== i) return [k, i];
  }
  return null;
}

function findEqual(v: Float64Array, r: Interval): number[] {
  const out: number[] = [];
  for (let k = lowerBound(v, r.lo); k < v.length && v[k]! <= r.hi; k++) out.push(k);
  return out;
}

/**
 * The groups an answer figure may be checked against: percentages with percentages;
 * amounts by currency; a plain integer with counts and amounts ("18'110" may be either).
 * As an operand of a derivation (`operands`), a small plain integer is a count only: "316
 * transactions" is never the sum of two amounts.
 */
function groupsFor(groups: readonly Group[], f: ReadFigure, operands = false): Group[] {
  return groups.filter((g) => {
    if (g.kind === "number") return true;
    if (f.kind === "percent") return g.kind === "percent";
    if (f.kind === "money") return g.kind === "money" && (!f.currency || !g.currency || g.currency === f.currency);
    return g.kind === "count" || (g.kind === "money" && (!operands || Math.abs(f.value) >= 1000));
  });
}

function derive(groups: Group[], f: ReadFigure, r: Interval, months: readonly number[]): { group: Group; found: Found } | null {
  for (const g of groups) {
    const v = g.values;
    const hit = (operation: FigureOperation, pair: [number, number] | null): { group: Group; found: Found } | null =>
      pair ? { group: g, found: { operation, a: pair[0], b: pair[1] } } : null;
    if (f.kind === "percent" && (g.kind === "percent" || g.kind === "number")) {
      const res = hit("sum", findSum(v, r)) ?? (r.lo > 0 ? hit("difference", findDifference(v, r)) : null);
      if (res) return res;
      continue;
    }
    if (f.kind === "percent") continue;
    const res = hit("sum", findSum(v, r)) ?? (r.lo > 0 ? hit("difference", findDifference(v, r)) : null);
    if (res) return res;
    for (const m of months) {
      const k = findEqual(v, scaled(r, m))[0];
      if (k !== undefined) return { group: g, found: { operation: "monthly_average", a: k, b: -1, months: m } };
    }
  }
  return null;
}

/** A plain number as the ratio of two amounts or two counts ("6.0 times as much"). */
function deriveRatio(seen: readonly Group[], r: Interval): { group: Group; found: Found } | null {
  if (r.lo <= 0) return null;
  for (const g of seen) {
    if (g.kind === "percent") continue;
    const p = findRatio(g.values, r);
    if (p) return { group: g, found: { operation: "ratio", a: p[0], b: p[1] } };
  }
  return null;
}

/**
 * The figures of `answer`, each with its status and sources. Numbers the user wrote in
 * `question` are not figures of the answer. `periodMonths`: the months of the periods the
 * turn's tools covered (a figure divided by one of them is a monthly average).
 */
export function checkAnswer(answer: string, question: string, figures: readonly TurnFigure[], opts: { periodMonths?: number[] } = {}): AnswerFigure[] {
  return checkWithIndex(answer, question, indexFigures(figures), opts);
}

export function checkWithIndex(answer: string, question: string, index: FigureIndex, opts: { periodMonths?: number[] } = {}): AnswerFigure[] {
  const asked = readFigures(question).map((q) => Math.abs(q.value));
  const months = [...new Set(opts.periodMonths ?? [])].filter((m) => Number.isInteger(m) && m > 1).sort((a, b) => a - b);
  const out: AnswerFigure[] = [];
  for (const f of readFigures(answer)) {
    const w = Math.abs(f.value);
    if (asked.some((q) => Math.abs(q - w) < 1e-9)) continue;
    const base = { text: f.text, value: f.value, start: f.start, end: f.end };
    const r = intervalOf(f);
    const groups = groupsFor(index.groups, f);

    const equal: FigureSource[] = [];
    for (const g of groups) for (const k of findEqual(g.values, r)) equal.push(...figuresAt(g, k));
    if (equal.length) {
      out.push({ ...base, status: "grounded", sources: equal.slice(0, MAX_SOURCES).map(source) });
      continue;
    }
    const d =
      derive(groupsFor(index.seen, f, true), f, r, months) ??
      (f.kind === "percent" ? derivePercent(index.seen, r) : f.kind === "count" ? deriveRatio(index.seen, r) : null);
    if (d) {
      const { group, found } = d;
      const sources = [group.flat[group.offsets[found.a]!]!, ...(found.b >= 0 ? [group.flat[group.offsets[found.b]!]!] : [])].map(source);
      out.push({ ...base, status: "derived", sources, operation: found.operation, ...(found.months ? { months: found.months } : {}) });
      continue;
    }
    out.push({ ...base, status: "ungrounded", sources: [] });
  }
  return out;
}

/** A percentage as a share of two amounts or counts (ratio), or the change from one to the other. */
function derivePercent(seen: readonly Group[], r: Interval): { group: Group; found: Found } | null {
  if (r.hi <= 0) return null;
  const share = scaled(r, 1 / 100);
  const up: Interval = { lo: 1 + Math.max(0, r.lo) / 100, hi: 1 + r.hi / 100 };
  const down: Interval = { lo: 1 - r.hi / 100, hi: 1 - Math.max(0, r.lo) / 100 };
  for (const g of seen) {
    if (g.kind === "percent") continue;
    const v = g.values;
    if (share.lo > 0) {
      const p = findRatio(v, share);
      if (p) return { group: g, found: { operation: "ratio", a: p[0], b: p[1] } };
    }
    // From b to a: a ÷ b − 1 (an increase), or 1 − a ÷ b (a decrease).
    const inc = findRatio(v, up);
    if (inc) return { group: g, found: { operation: "percent_change", a: inc[1], b: inc[0] } };
    if (down.hi > 0) {
      const dec = findRatio(v, { lo: Math.max(down.lo, 1e-12), hi: down.hi });
      if (dec) return { group: g, found: { operation: "percent_change", a: dec[1], b: dec[0] } };
    }
  }
  return null;
}

function source(f: TurnFigure): FigureSource {
  return { tool: f.tool, callId: f.callId, where: f.where, value: f.value, text: f.text };
}
