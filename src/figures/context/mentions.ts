/** The mentions of a text: periods, months, weekdays and currencies (names come from names.ts). */
import { allMatches } from "../read.ts";
import { sentenceEnd, sentenceStart } from "./clauses.ts";
import { BOUND_BEFORE, CURRENCY_OF, CURRENCY_WORD, day, dayIndex, DOTTED_DAY, IN_ASIDE, ISO_DAY, ISO_MONTH, ISO_RANGE, LAST_YEAR, MONTH_ALONE, MONTH_RANGE, MONTH_RANGE_BARE, MONTH_YEAR, monthIndex, ORDINAL, PART_OF_YEAR, span, THIS_YEAR, validDay, WEEK_PARTS, WEEKDAY, WEEKDAY_RANGE, YEAR, YEAR_MONTH, YEAR_RANGE } from "./date-words.ts";
import { CHANGE_WORDS } from "./figure-words.ts";
import type { Mention, Span, Years } from "./types.ts";

/**
 * "Between January and June" joined by "and" in a sentence that speaks of a difference or a change ("the difference between
 * January and June 2024", "between January and June groceries rose 3%"): the two months compared, not a range.
 */
function twoCompared(text: string, m: RegExpMatchArray): boolean {
  if (!/\sand\s/i.test(m[0])) return false;
  const start = sentenceStart(text, m.index!);
  const sentence = text.slice(start, sentenceEnd(text, m.index! + m[0].length));
  return CHANGE_WORDS.test(sentence.replace(/\bbetween\b/gi, ""));
}

/** The year written last in `text` before `at`, else `fallback`. */
function yearBefore(text: string, at: number, fallback?: number): number | undefined {
  let year = fallback;
  for (const m of allMatches(YEAR, text.slice(0, at))) year = Number(m[1]);
  return year;
}

/**
 * The mentions of `text` outside the `masked` spans (the figures themselves), in order;
 * `names`: the names already found (they are read first: a name may hold digits, "Visa 4417").
 */
export function mentionsOf(text: string, masked: readonly { start: number; end: number }[], names: Mention[], currencies = true, years: Years = {}): Mention[] {
  const { thisYear, lastYear, unwritten } = years;
  const out: Mention[] = [...names];
  /** Which characters a figure, a name or a mention already holds. */
  const taken = new Uint8Array(text.length + 1);
  const take = (s: number, e: number) => taken.fill(1, s, e);
  for (const m of masked) take(m.start, m.end);
  for (const m of names) take(m.start, m.end);
  const put = (m: Mention) => {
    for (let i = m.start; i < m.end; i++) if (taken[i]) return;
    take(m.start, m.end);
    if (m.dim === "period" || m.dim === "month") {
      if (BOUND_BEFORE.test(text.slice(Math.max(0, m.start - 24), m.start)) || (m.dim === "month" && /^\d/.test(text.slice(m.start, m.end)))) m.bound = "end";
      else if (IN_ASIDE.test(text.slice(Math.max(0, m.start - 40), m.start))) m.bound = "aside";
    }
    out.push(m);
  };
  const periods = (re: RegExp, f: (m: RegExpMatchArray) => Span | null) => {
    for (const m of allMatches(re, text)) {
      const p = f(m);
      if (p) put({ start: m.index!, end: m.index! + m[0].length, dim: "period", period: p, value: m[0] });
    }
  };
  // Each family of writings is looked for only where a cheap look finds its mark (this runs for every paragraph).
  const digits = /\d/.test(text);
  const iso = digits && /\d-\d/.test(text);
  const monthNames = /Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec/.test(text);
  if (iso) periods(ISO_RANGE, (m) => {
    const [y1, m1, d1, y2, m2, d2] = m.slice(1).map(Number) as [number, number, number, number, number, number];
    return validDay(y1, m1, d1) && validDay(y2, m2, d2) ? { from: day(y1, m1, d1), to: day(y2, m2, d2) } : null;
  });
  if (iso) periods(ISO_DAY, (m) => {
    const [y, mo, d] = m.slice(1).map(Number) as [number, number, number];
    return validDay(y, mo, d) ? { from: day(y, mo, d), to: day(y, mo, d) } : null;
  });
  if (iso) periods(ISO_MONTH, (m) => {
    const [y, mo] = m.slice(1).map(Number) as [number, number];
    return mo >= 1 && mo <= 12 ? span(y, mo) : null;
  });
  if (digits && /\d\.\d/.test(text)) periods(DOTTED_DAY, (m) => {
    const [d, mo, y] = m.slice(1).map(Number) as [number, number, number];
    return validDay(y, mo, d) ? { from: day(y, mo, d), to: day(y, mo, d) } : null;
  });
  if (digits && monthNames) periods(MONTH_RANGE, (m) => {
    if (twoCompared(text, m)) return null;
    const a = monthIndex(m[1]!);
    const b = monthIndex(m[2]!);
    return a && b && a <= b ? span(Number(m[3]), a, b) : null;
  });
  if (digits && monthNames) periods(MONTH_YEAR, (m) => {
    const mo = monthIndex(m[2]!);
    const y = Number(m[4]);
    const d = Number(m[1] ?? m[3] ?? 0);
    if (!mo) return null;
    return d && validDay(y, mo, d) ? { from: day(y, mo, d), to: day(y, mo, d) } : span(y, mo);
  });
  if (digits && monthNames) periods(YEAR_MONTH, (m) => {
    const mo = monthIndex(m[2]!);
    return mo ? span(Number(m[1]), mo) : null;
  });
  if (/quarter|half|\b[QH][1-4]\b/i.test(text)) periods(PART_OF_YEAR, (m) => {
    // "Last quarter" without "the" or a year is the one before now, not the fourth ("the last quarter of 2025").
    if (m[1]?.toLowerCase() === "last" && !m[5] && !/\bthe\s+$/i.test(text.slice(Math.max(0, m.index! - 4), m.index))) return null;
    const y = m[5] ? Number(m[5]) : yearBefore(text, m.index!, unwritten);
    if (!y) return null;
    const half = m[2]?.toLowerCase() === "half" || m[4] !== undefined;
    const n = m[3] ? Number(m[3]) : m[4] ? Number(m[4]) : half && m[1]!.toLowerCase() === "last" ? 2 : ORDINAL[m[1]!.toLowerCase()]!;
    if (half) return n <= 2 ? span(y, 6 * n - 5, 6 * n) : null;
    return span(y, 3 * n - 2, 3 * n);
  });
  if (monthNames) periods(MONTH_RANGE_BARE, (m) => {
    if (twoCompared(text, m)) return null;
    const a = monthIndex(m[1]!);
    const b = monthIndex(m[2]!);
    const y = yearBefore(text, m.index!, unwritten);
    return a && b && a < b && y ? span(y, a, b) : null;
  });
  if (monthNames) for (const m of allMatches(MONTH_ALONE, text)) {
    const w = m[1]!;
    // "May" is also a verb: not at a sentence's start, unless what follows says what the month did ("May was the peak").
    if (w === "May" && /(?:^|[.!?]\s+)$/.test(text.slice(Math.max(0, m.index! - 3), m.index)) && !MAY_THE_MONTH.test(text.slice(m.index! + 3, m.index! + 16))) continue;
    const mo = monthIndex(w);
    if (mo && /^\p{Lu}/u.test(w)) put({ start: m.index!, end: m.index! + m[0].length, dim: "month", value: mo });
  }
  if (digits) periods(YEAR_RANGE, (m) => {
    const y1 = Number(m[1]);
    const y2 = m[2]!.length === 2 ? Math.floor(y1 / 100) * 100 + Number(m[2]) : Number(m[2]);
    return y2 > y1 && y2 - y1 <= 10 ? { from: span(y1, 1).from, to: span(y2, 12).to } : null;
  });
  if (digits) periods(YEAR, (m) => span(Number(m[1]), 1, 12));
  if (thisYear && /\bthis year\b/i.test(text)) periods(THIS_YEAR, () => span(thisYear, 1, 12));
  if (lastYear && /\blast year/i.test(text)) periods(LAST_YEAR, () => span(lastYear, 1, 12));
  const weekdays = (start: number, end: number, days: number[]) => put({ start, end, dim: "weekday", value: days.join(","), days });
  const dayNames = /Mon|Tue|Wed|Thu|Fri|Sat|Sun/.test(text);
  if (dayNames) for (const m of allMatches(WEEKDAY_RANGE, text)) {
    const a = dayIndex(m[1]!);
    const b = dayIndex(m[2]!);
    if (a >= 0 && b >= a) weekdays(m.index!, m.index! + m[0].length, Array.from({ length: b - a + 1 }, (_, i) => a + i));
  }
  if (dayNames) for (const m of allMatches(WEEKDAY, text)) weekdays(m.index!, m.index! + m[0].length, [dayIndex(m[1]!)]);
  if (/week|working/i.test(text)) for (const m of allMatches(WEEK_PARTS, text)) weekdays(m.index!, m.index! + m[0].length, /^weekend/i.test(m[1]!) ? [5, 6] : [0, 1, 2, 3, 4]);
  if (currencies && /CHF|EUR|USD|GBP|franc|euro|dollar/i.test(text)) for (const m of allMatches(CURRENCY_WORD, text)) {
    const w = m[1]!;
    put({ start: m.index!, end: m.index! + w.length, dim: "currency", value: CURRENCY_OF[w.toLowerCase()] ?? w.toUpperCase() });
  }
  out.sort((a, b) => a.start - b.start);
  return monthsOfTheYearSaid(text, out);
}

/** After "May" opening a sentence, words that make it the month: "May was the peak", "May's bill", "May cost …". */
const MAY_THE_MONTH = /^(?:['’]s\b|\s+(?:was|is|had|has|cost|came|saw|brought|reached|rose|fell|dropped|ended|stood|peaked|went)\b)/;

/** A year the sentence is set in: "In 2025 groceries peaked in May", "During 2024, …" (not "Compared with 2024, March rose"). */
const YEAR_OPENER = /(?:^|[.!?:;]\s+|\n\s*(?:[-*]\s+)?|^\s*(?:[-*]\s+)?)(?:in|during|for|throughout|across)\s+$/i;

/**
 * A month named without its year in a sentence set in one year ("in 2025 groceries peaked in May at CHF 1'706.20") is that
 * month of that year: May 2025, not May 2026. Only a year that opens a sentence or a clause ("In 2025 …", "…; in 2025 …"),
 * for the months after it up to the sentence's end or another year: "Compared with 2024, March rose" is not March 2024.
 */
function monthsOfTheYearSaid(text: string, ms: Mention[]): Mention[] {
  let year: number | null = null;
  let yearUntil = -1;
  for (let i = 0; i < ms.length; i++) {
    const m = ms[i]!;
    if (m.start > yearUntil && year !== null) year = null;
    const p = m.period;
    if (m.dim === "period" && p && p.from % 10000 === 101 && p.to % 10000 === 1231 && Math.floor(p.from / 10000) === Math.floor(p.to / 10000)) {
      const lead = text.slice(Math.max(0, m.start - 40), m.start);
      year = YEAR_OPENER.test(lead) ? Math.floor(p.from / 10000) : null;
      if (year !== null) {
        yearUntil = sentenceEnd(text, m.end);
      }
      continue;
    }
    if (m.dim === "month" && year !== null && m.start < yearUntil) {
      const mo = m.value as number;
      ms[i] = { ...m, dim: "period", period: span(year, mo), value: `${year}-${mo}` };
    }
  }
  return ms;
}
