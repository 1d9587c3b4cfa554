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
type Group = { kind: GroupKind; currency: string; values: Float64Array; figures: TurnFigure[][] };
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

/** Figures of one kind and currency while indexing, with their magnitudes in millionths (so 0.1 + 0.2 and 0.3 are one value). */
type Builder = { kind: GroupKind; currency: string; keys: number[]; figures: TurnFigure[] };

function add(builders: Builder[], kind: GroupKind, currency: string, key: number, f: TurnFigure): void {
  // A handful of groups: a linear search beats building a key string per figure.
  let g: Builder | undefined;
  for (const b of builders) if (b.kind === kind && b.currency === currency) g = b;
  if (!g) builders.push((g = { kind, currency, keys: [], figures: [] }));
  g.keys.push(key);
  g.figures.push(f);
}

/**
 * The distinct magnitudes, sorted, each with the figures that showed it. Sorted natively
 * and matched back by binary search: faster than a hash map of float keys or a sort with
 * a comparator (both measured, bench/figures.ts).
 */
function build({ kind, currency, keys, figures }: Builder): Group {
  const sorted = Float64Array.from(keys).sort();
  let n = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[n - 1]) sorted[n++] = sorted[i]!;
  const distinct = sorted.subarray(0, n);
  const figs: TurnFigure[][] = Array.from({ length: n }, () => []);
  for (let i = 0; i < keys.length; i++) figs[lowerBound(distinct, keys[i]!)]!.push(figures[i]!);
  return { kind, currency, values: distinct.map((k) => k / 1e6), figures: figs };
}

export function indexFigures(figures: readonly TurnFigure[]): FigureIndex {
  const all: Builder[] = [];
  const seen: Builder[] = [];
  for (const f of figures) {
    if (!Number.isFinite(f.value)) continue;
    const currency = f.tool === CALCULATE || f.text.endsWith("%") ? "" : currencyOf(f.text);
    const kind = kindOf(f, currency);
    const key = Math.round(Math.abs(f.value) * 1e6);
    add(all, kind, currency, key, f);
    if (f.where === SUMMARY || f.where.startsWith(SUMMARY_PREFIX)) add(seen, kind, currency, key, f);
  }
  return { groups: all.map(build), seen: seen.map(build) };
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

/** The groups an answer figure may be checked against: percentages with percentages; amounts by currency; a plain count with counts and amounts. */
function groupsFor(groups: readonly Group[], f: ReadFigure): Group[] {
  return groups.filter((g) => {
    if (g.kind === "number") return true;
    if (f.kind === "percent") return g.kind === "percent";
    if (f.kind === "money") return g.kind === "money" && (!f.currency || !g.currency || g.currency === f.currency);
    return g.kind === "count" || g.kind === "money";
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
    const res =
      hit("sum", findSum(v, r)) ??
      (r.lo > 0 ? hit("difference", findDifference(v, r)) : null) ??
      (f.kind === "count" && r.lo > 0 ? hit("ratio", findRatio(v, r)) : null);
    if (res) return res;
    for (const m of months) {
      const k = findEqual(v, scaled(r, m))[0];
      if (k !== undefined) return { group: g, found: { operation: "monthly_average", a: k, b: -1, months: m } };
    }
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
    for (const g of groups) for (const k of findEqual(g.values, r)) equal.push(...g.figures[k]!);
    if (equal.length) {
      out.push({ ...base, status: "grounded", sources: equal.slice(0, MAX_SOURCES).map(source) });
      continue;
    }
    const d = derive(groupsFor(index.seen, f), f, r, months) ?? (f.kind === "percent" ? derivePercent(index.seen, r) : null);
    if (d) {
      const { group, found } = d;
      const sources = [group.figures[found.a]![0]!, ...(found.b >= 0 ? [group.figures[found.b]![0]!] : [])].map(source);
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
