/** Ratios and comparisons the answer writes of its own figures: "1.7 times", as much back, against last year. */
import type { AnswerFigure, FigureSource } from "../../core/figures.ts";
import { contradicts, foldName, type FigureContext } from "../context.ts";
import type { SourceFigure } from "../collect.ts";
import type { ReadFigure } from "../read.ts";
import type { FigureIndex } from "./figure-types.ts";
import { type Backed, figureOfSource, sentenceStart, writtenSource } from "./written.ts";
import { figuresAt } from "./figure-index.ts";
import { intervalOf } from "./search.ts";
import { partKey } from "./endpoints.ts";
import { source } from "./sources.ts";

/**
 * A ratio of two amounts the answer wrote in its sentence ("May … CHF 694.85, …, 1.7 times April's CHF 414.70"; "December
 * … CHF 1'115.50 …; August the cheapest at CHF 239.60 — December cost 4.7 times as much"): the amount nearest before it,
 * or the one said of what its clause names, over the amount right after it or one of the two nearest before it. A handful
 * of pairs, each licensed by where the answer wrote it.
 */
export function writtenRatio(f: ReadFigure, said: FigureContext, sentence: readonly Backed[]): AnswerFigure | null {
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
export const notFound = (f: AnswerFigure): AnswerFigure => ({ text: f.text, value: f.value, start: f.start, end: f.end, status: "ungrounded", sources: [] });

/** "times the usual", "× its usual", "times a usual dining payment": a payment over the usual amount of its own merchant or kind. */
export const TIMES_USUAL = /^\s*(?:the|a|its|their|his|her)\s+(?:\S+\s+)?usual\b/i;

/**
 * A ratio said to be "N times the usual" is one payment over its own usual amount: the result states it for each unusual
 * payment ("× the usual"), or its row gives both amounts (one clause), or the answer names the row whose usual it is ("8.6
 * times a usual Coop shop": a payment over Coop's usual, review rev-figacc4 #3). Derived from two figures of two different rows
 * (AXA's usual over Coop's, a doctor's usual over SBB's) it compares nothing the answer says: not found.
 */
export function usualOfOneRow(index: FigureIndex, checked: AnswerFigure, after: string): AnswerFigure {
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

export function shareOfKept(answer: string, f: ReadFigure): boolean {
  return OF_KEPT_AFTER.test(answer.slice(f.end, f.end + 40)) || OF_KEPT_OPENING.test(answer.slice(sentenceStart(answer, f.start), f.start));
}

/**
 * A share said to be of what was kept is a part over the net (income less spending): "invested CHF 3'715, 7.3 % of what
 * you kept" is 3'715 ÷ the net, not ÷ the income the same call states (a share of income is another figure the answer
 * did not write). Derived over a whole that is no net, it is not found.
 */
export function overNet(index: FigureIndex, checked: AnswerFigure, read: ReadFigure, before: readonly Backed[]): AnswerFigure {
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
export function comparedBack(answer: string, f: ReadFigure, before: readonly Backed[]): [Backed, Backed] | null {
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
export function ratioOfCompared(f: AnswerFigure, read: ReadFigure, [a, b]: [Backed, Backed]): AnswerFigure {
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
export function lastYearOf(index: FigureIndex, question: string): number | undefined {
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
export const COMPARES_AFTER = /^\s*(?:as\s+(?:much|many|high|large|big|expensive)\b|(?:more|less|higher|lower|larger|bigger)\s+than\b|(?:the|that|what|my|your|its|his|her|their|our)\s|\p{L}[\p{L}.&-]*['’]s\s)/u;
