/** The periods a figure may be a rate of: the months, weeks and days of a period a call or the clause names. */
import type { FigureContext, Span } from "../context.ts";
import type { SourceFigure } from "../collect.ts";
import { daysBetween, daysInMonth, monthKey } from "../../ledger/calendar.ts";
import type { CallSpan, Divisors, FigureIndex } from "./figure-types.ts";

/** How many whole calendar months a period is (0: it starts or ends inside a month). */
export const wholeMonths = (p: Span) => (p.from % 100 === 1 && p.to % 100 === daysInMonth(Math.floor(p.to / 10000), Math.floor(p.to / 100) % 100) ? monthKey(p.to) - monthKey(p.from) + 1 : 0);

export const oneMonthSpan = (p: Span) => p.from % 100 === 1 && Math.floor(p.from / 100) === Math.floor(p.to / 100);

/** The largest figure of its call, kind and currency among those the model read (among its changes, for a change): a total something is a share of. */
export function isCallMax(index: FigureIndex, s: SourceFigure): boolean {
  return index.callMax.has(s);
}

/** The largest figures of each call, kind, currency and sort (a change or an amount) among those the model read. */
export function callMaxima(figures: readonly SourceFigure[]): Set<SourceFigure> {
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
export function saidDivisors(index: FigureIndex, said: FigureContext): Divisors {
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
export function ofOwnCall(index: FigureIndex, said: FigureContext, rate: keyof Divisors): (s: SourceFigure, m: number) => boolean {
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
export const monthly = (x: SourceFigure) => !x.change && !x.ctx.measure && (x.ctx.per === "month" || (!x.ctx.per && x.ctx.periods?.length === 1 && oneMonthSpan(x.ctx.periods[0]!)));

/** Rates a figure of the tools converts between: a yearly cost is 4 quarters, 12 months, 52 weeks or 365 days. */
export const PER_YEAR: Record<string, number> = { quarter: 4, month: 12, week: 52, day: 365 };
