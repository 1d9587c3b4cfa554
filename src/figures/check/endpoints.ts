/** A figure's place in what the answer says: the end of a change it is (from/to), the part of a year an ordinal names, time order. */
import type { AnswerFigure, FigureSource } from "../../core/figures.ts";
import type { FigureContext, Span } from "../context.ts";
import type { SourceFigure } from "../collect.ts";
import type { ReadFigure } from "../read.ts";
import { daysInMonth } from "../../ledger/calendar.ts";
import type { FigureIndex } from "./figure-types.ts";
import { figureOfSource, MONTH_NUMBER, sentenceStart } from "./written.ts";
import { later } from "./policy.ts";
import { wholeMonths } from "./periods.ts";

/** A percentage of a budget used: "64.6% used", "only 36.7% used". */
export const USED_AFTER = /^\)?\s+used\b/i;

/** A word of rounding a level may stand after ("from about CHF 290", "to roughly CHF 290"; review rev-figacc7 #2), or none. */
const ROUNDING_LEAD = String.raw`(?:(?:about|roughly|around|some|nearly|almost|approximately|just\s+(?:over|under))\s+)?`;

/** Where a change went to: "fell to", "dropped to", "rose to", "down 24.4% to", "up to" (not "came to", a total). */
const TO_LEVEL = new RegExp(String.raw`\b(?:fell|dropped|declined|decreased|sank|slipped|shrank|rose|climbed|increased|grew|jumped|went\s+(?:up|down)|up|down)\b(?:[^.;:!?\n]|\.(?=\d)){0,24}?\bto\s+${ROUNDING_LEAD}$`, "i");

/** "to" or "from" right before a figure, or with a word of rounding between. */
const TO_OR_FROM = new RegExp(String.raw`\b(?:to|from)\s+${ROUNDING_LEAD}$`, "i");

const FROM_LEAD = new RegExp(String.raw`\bfrom\s+${ROUNDING_LEAD}$`, "i");

const TO_BETWEEN = new RegExp(String.raw`^\s+to\s+${ROUNDING_LEAD}$`, "i");

/** An arrow between two amounts or counts ("CHF 3'485.65 → CHF 3'224.20", "12 -> 9"): after the first, and all between them. */
export const ARROW_BEFORE = /^\s*(?:→|->)\s*(?:[A-Z]{3}\s?|Fr\.\s?|[$€£]\s?)?[-−]?\d/;

export const ARROW_BETWEEN = /^\s*(?:→|->)\s*$/;

/**
 * Whether an amount or a count is written as where a change went to ("fell to CHF 43.00"; the second of "from CHF x to
 * CHF y") or came from ("from CHF 1'157.75 to …"). Silent (undefined) otherwise.
 */
export function endpointOf(answer: string, f: ReadFigure, before: ReadFigure | undefined): "from" | "to" | undefined {
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
export function ellipticPart(index: FigureIndex, answer: string, prior: { f: ReadFigure; said: FigureContext; checked: AnswerFigure }, f: ReadFigure, said: FigureContext): Span | null {
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
export const partKey = (x: SourceFigure) => (x.clause >= 0 ? `c${x.clause}` : `w${x.callId}|${x.where.slice(0, x.where.lastIndexOf(" · "))}`);

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
export function sentenceAround(answer: string, f: ReadFigure): string {
  const start = Math.max(answer.lastIndexOf(". ", f.start), answer.lastIndexOf("\n", f.start)) + 1;
  const end = answer.slice(f.end).search(/\.(?:\s|$)|\n/);
  return answer.slice(start, end < 0 ? answer.length : f.end + end);
}

const FROM_MONTH_TO_MONTH = /\bfrom\s+(January|February|March|April|May|June|July|August|September|October|November|December)\b[^.;\n]{0,40}?\bto\s+(January|February|March|April|May|June|July|August|September|October|November|December)\b/;

/** Whether a text says two months in time order: "from July to August". */
export function monthsInTimeOrder(text: string): boolean {
  const m = FROM_MONTH_TO_MONTH.exec(text);
  return !!m && MONTH_NUMBER[m[1]!.toLowerCase()]! < MONTH_NUMBER[m[2]!.toLowerCase()]!;
}

/** Whether a call names a later period before an earlier one (a comparison of this March, then last March). */
export function laterFirst(index: FigureIndex, call: string): boolean {
  const own = index.spans.filter((c) => c.call === call);
  return own.some((c, k) => k > 0 && own[k - 1]!.from > c.to);
}

/**
 * Whether a figure of a result is not the end of a change the answer says it is: said to be where it went to, the earlier
 * of a pair its clause gives of one thing (September's of "Fees CHF 43.00 → CHF 38.00"); said to be where it came from, the
 * later one.
 */
export function otherEnd(index: FigureIndex, s: SourceFigure, endpoint: "from" | "to"): boolean {
  if (s.change) return false;
  const thing = (x: SourceFigure) => `${x.kind}|${x.currency}|${x.ctx.categories}|${x.ctx.names}`;
  // Only a pair (a comparison's "a → b"): a series' clause of many months has a later month for nearly every one.
  const alike = partOf(index, s).filter((x) => !x.change && thing(x) === thing(s));
  return alike.length === 2 && alike.some((x) => x !== s && (endpoint === "to" ? later(x, s) : later(s, x)));
}
