/** Yearly costs and paces: a month's amount × 12, a year at the pace of a shorter period, and what a pace is of. */
import type { AnswerFigure, FigureSource } from "../../core/figures.ts";
import { contradicts, type FigureContext } from "../context.ts";
import type { ReadFigure } from "../read.ts";
import { daysBetween, daysInMonth } from "../../ledger/calendar.ts";
import type { CallSpan, FigureIndex } from "./figure-types.ts";
import { type Backed, figureOfSource, MAX_STEPS, writtenSource } from "./written.ts";
import { figuresAt, groupsOf } from "./figure-index.ts";
import { findEqual, intervalOf, scaled } from "./search.ts";
import { ofCurrency } from "./operands.ts";
import { flowOfSource } from "./flows.ts";
import { source } from "./sources.ts";

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
export function writtenYearly(index: FigureIndex, f: ReadFigure, said: FigureContext, paragraph: readonly Backed[], sentence: readonly Backed[]): AnswerFigure | null {
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
export const YEAR_AT_PACE = /\b(?:(?:a|the|one)\s+(?:full|whole|complete|entire)\s+year|(?:over|for|in)\s+a\s+year|a\s+year\s+at\s+(?:this|that|the\s+same)\s+(?:pace|rate))\b/i;

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
export function yearAtPace(index: FigureIndex, f: ReadFigure, said: FigureContext, part: string, last: Backed | undefined): AnswerFigure | null {
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
