/** Per item and share figures of bases the answer wrote itself: what "of it" refers to, the base written after a share. */
import type { AnswerFigure, FigureSource } from "../../core/figures.ts";
import { contradicts, type FigureContext } from "../context.ts";
import { allMatches, type ReadFigure } from "../read.ts";
import type { FigureIndex } from "./figure-types.ts";
import { type Backed, COUNT_WORD, COUNT_WORDS, MAX_STEPS, sentenceStart, writtenSource } from "./written.ts";
import { figuresAt } from "./figure-index.ts";
import { findEqual, type Interval, intervalOf } from "./search.ts";
import { source } from "./sources.ts";

/**
 * An amount per item, or a total of equal items, from an amount and a count the answer wrote in its sentence: "3 payments,
 * CHF 50.00 in all (about CHF 16.67 each)", "Hiltl's four to CHF 461.80, CHF 115.45 a visit", "Two music-school bills of
 * CHF 180 came to CHF 360". The amount is one of the two nearest before it; the count any the sentence writes (in figures
 * or words), before the amount for a total.
 */
export function writtenPerItem(f: ReadFigure, said: FigureContext, sentence: readonly Backed[], text: string, offset: number): AnswerFigure | null {
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
export const OF_PRONOUN = /^\s+of\s+(it|that|this|them|those)\b/i;

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
export function antecedentOf(answer: string, f: ReadFigure, figures: readonly ReadFigure[], pronoun: string): ReadFigure | null | undefined {
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
export function writtenBase(answer: string, f: ReadFigure, figures: readonly ReadFigure[]): ReadFigure | undefined {
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
export function shareOfWritten(index: FigureIndex, f: ReadFigure, said: FigureContext, base: Backed, before: readonly Backed[]): AnswerFigure | null {
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
export function periodKey(ctx: FigureContext): string {
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
