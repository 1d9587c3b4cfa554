/** The turn's figures indexed for the checker: grouped by kind and currency, sorted by magnitude, with their lists, sums and names (indexFigures). */
import { foldName, type Lexicon } from "../context.ts";
import type { SourceFigure, SourceKind } from "../collect.ts";
import type { ReadFigure } from "../read.ts";
import type { CallSpan, Divisors, FigureIndex, Group, KindKey, List, Sums } from "./figure-types.ts";
import { lowerBound } from "./search.ts";
import { equalGroups, operandGroups } from "./operands.ts";
import { callMaxima } from "./periods.ts";

export function sumsOf(l: List): Sums {
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
export function byNameOf(l: List): Map<string, number[]> {
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

const FIGURE_KINDS: KindKey[] = ["percent", "points", "money", "ratio", "ratio+whole", "count", "count+big"];

const kindKey = (f: ReadFigure): KindKey =>
  f.kind === "ratio" ? (Number.isInteger(f.value) && !f.compares ? "ratio+whole" : "ratio") : f.kind === "count" ? (Math.abs(f.value) >= 1000 ? "count+big" : "count") : f.kind;

/** The groups of a kind of answer figure (all figures, or those the model read). */
export const groupsOf = (index: FigureIndex, f: ReadFigure, which: "all" | "seen") => index.kinds[which].get(kindKey(f))!;

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

export function figuresAt(g: Group, k: number): SourceFigure[] {
  return g.flat.slice(g.offsets[k], g.offsets[k + 1]);
}

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
