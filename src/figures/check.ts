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
import { readFigures, type FigureKind, type ReadFigure } from "./read.ts";
import type { AnswerFigure, FigureOperation, FigureSource, TurnFigure } from "./types.ts";

/** Figures of one kind and currency, by magnitude: sorted distinct values, each with the figures that showed it. */
type Group = { kind: GroupKind; currency: string; values: Float64Array; figures: TurnFigure[][] };
/** "number": a bare result of the `calculate` tool, which an answer may write as an amount, a count or a percentage. */
type GroupKind = FigureKind | "number";
const CALCULATE = "calculate";

/** The figures of a turn, indexed for checking. */
export type FigureIndex = { groups: Group[] };

const MAX_SOURCES = 3;

/** The kind and currency of a figure as a tool showed it ("CHF 1'234.50", "18.6%", "312", "1'234.50"). */
function kindOf(f: TurnFigure): { kind: GroupKind; currency: string } {
  const text = f.text;
  if (f.tool === CALCULATE) return { kind: "number", currency: "" };
  if (text.endsWith("%")) return { kind: "percent", currency: "" };
  const code = /[A-Z]{3}/.exec(text);
  if (code) return { kind: "money", currency: code[0] };
  return { kind: /\.\d\d$/.test(text) ? "money" : "count", currency: "" };
}

export function indexFigures(figures: readonly TurnFigure[]): FigureIndex {
  const byKey = new Map<string, { kind: GroupKind; currency: string; items: { abs: number; figure: TurnFigure }[] }>();
  for (const f of figures) {
    if (!Number.isFinite(f.value)) continue;
    const { kind, currency } = kindOf(f);
    const key = `${kind}:${currency}`;
    let g = byKey.get(key);
    if (!g) byKey.set(key, (g = { kind, currency, items: [] }));
    g.items.push({ abs: Math.abs(f.value), figure: f });
  }
  const groups: Group[] = [];
  for (const { kind, currency, items } of byKey.values()) {
    items.sort((a, b) => a.abs - b.abs);
    const values: number[] = [];
    const figs: TurnFigure[][] = [];
    for (const it of items) {
      if (values.length && Math.abs(values[values.length - 1]! - it.abs) < 1e-9) figs[figs.length - 1]!.push(it.figure);
      else {
        values.push(it.abs);
        figs.push([it.figure]);
      }
    }
    groups.push({ kind, currency, values: Float64Array.from(values), figures: figs });
  }
  return { groups };
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
function groupsFor(index: FigureIndex, f: ReadFigure): Group[] {
  return index.groups.filter((g) => {
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
    const groups = groupsFor(index, f);

    const equal: FigureSource[] = [];
    for (const g of groups) for (const k of findEqual(g.values, r)) equal.push(...g.figures[k]!);
    if (equal.length) {
      out.push({ ...base, status: "grounded", sources: equal.slice(0, MAX_SOURCES).map(source) });
      continue;
    }
    const d = derive(groups, f, r, months) ?? (f.kind === "percent" ? derivePercent(index, f, r) : null);
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
function derivePercent(index: FigureIndex, f: ReadFigure, r: Interval): { group: Group; found: Found } | null {
  if (r.hi <= 0) return null;
  const share = scaled(r, 1 / 100);
  const up: Interval = { lo: 1 + Math.max(0, r.lo) / 100, hi: 1 + r.hi / 100 };
  const down: Interval = { lo: 1 - r.hi / 100, hi: 1 - Math.max(0, r.lo) / 100 };
  for (const g of index.groups) {
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
