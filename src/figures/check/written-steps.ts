/** One more step from figures the answer wrote in its sentence: a listed sum, a gap, a change, a second step. */
import type { AnswerFigure, FigureSource } from "../../core/figures.ts";
import { contradicts, type FigureContext } from "../context.ts";
import type { SourceFigure } from "../collect.ts";
import type { ReadFigure } from "../read.ts";
import type { FigureIndex } from "./figure-types.ts";
import { type Backed, COUNT_WORDS, figureOfSource, MAX_STEPS, MAX_WRITTEN, MONTH_NAMED, MONTH_NUMBER, writtenSource } from "./written.ts";
import { figuresAt } from "./figure-index.ts";
import { findEqual, type Interval, intervalOf } from "./search.ts";
import { MAX_LISTED } from "./policy.ts";
import { saidDivisors, wholeMonths } from "./periods.ts";
import { round, source } from "./sources.ts";

/**
 * A total of the amounts (or counts) the answer has just listed in the same sentence, each
 * backed by the turn: "March (CHF -659.52), June (…), July (…) and September (…), together
 * CHF 9'095.81" — a run of them ending right before it.
 */
export function listedSum(f: ReadFigure, sentence: readonly { f: ReadFigure; checked: AnswerFigure }[]): AnswerFigure | null {
  if (f.kind !== "money" && f.kind !== "count") return null;
  const r = intervalOf(f);
  const alike = sentence.filter((b) => b.f.kind === f.kind && (b.f.currency ?? "") === (f.currency ?? "")).slice(-MAX_LISTED);
  let total = 0;
  for (let k = alike.length - 1; k >= 0; k--) {
    // Parts of one whole: not a gap between others, nor a total of others (its terms would be counted twice).
    const op = alike[k]!.checked.operation;
    if (op === "difference" || op === "sum") break;
    total += Math.abs(alike[k]!.f.value);
    if (k < alike.length - 1 && total >= r.lo && total <= r.hi) {
      const terms = alike.slice(k);
      return { text: f.text, value: f.value, start: f.start, end: f.end, status: "derived", operation: "sum", sources: terms.map(writtenSource) };
    }
  }
  return null;
}

/**
 * A difference of two amounts the answer wrote before it in its paragraph, each backed by the turn (found or derived):
 * "May was CHF 694.85, April CHF 414.70 … CHF 280.15 more" — though the two stood only in a chart, which the model does not
 * read, the answer has them, and so does its reader. Written to the cent, of any two; a whole amount (a whole amount is
 * the difference of some two of two dozen) only of the two written last before it in its sentence (`sentence`: the backed
 * figures of its sentence), "CHF 2'000.00 until June and CHF 2'200.00 from July, CHF 200 or 10% more". Bounded: the
 * nearest MAX_WRITTEN amounts, O(n²).
 */
export function writtenDifference(f: ReadFigure, backed: readonly { f: ReadFigure; checked: AnswerFigure }[], sentence?: readonly Backed[]): AnswerFigure | null {
  if (f.kind !== "money" || f.approximate) return null;
  // A whole amount ("CHF 200 or 10% more") is the gap of the two amounts written last before it in its sentence only.
  if (f.precision >= 1 && !sentence) return null;
  const r = intervalOf(f);
  const alike = (f.precision >= 1 ? sentence!.filter((b) => b.f.end <= f.start) : backed).filter((b) => b.f.kind === "money" && (b.f.currency ?? "") === (f.currency ?? "")).slice(f.precision >= 1 ? -2 : -MAX_WRITTEN);
  for (let i = alike.length - 1; i >= 0; i--) {
    for (let j = i - 1; j >= 0; j--) {
      const a = alike[i]!;
      const b = alike[j]!;
      const d = Math.abs(Math.abs(a.f.value) - Math.abs(b.f.value));
      if (d < r.lo || d > r.hi) continue;
      const [big, small] = Math.abs(a.f.value) >= Math.abs(b.f.value) ? [a, b] : [b, a];
      const sources = [big, small].map(writtenSource);
      return { text: f.text, value: f.value, start: f.start, end: f.end, status: "derived", operation: "difference", sources };
    }
  }
  return null;
}

/**
 * A figure that follows in one more step from a figure the answer wrote earlier in the same sentence (the answer's own
 * figures are operands its reader sees): its share of a total of the turn ("those three are CHF 76'001.45, 41.2% of the
 * CHF 184'500.51 you spent"; "May was CHF 694.85, 12.5 % of the year"), or its average per month, week or day of the period
 * it is said to be about ("together CHF 28'889, CHF 555.56 a week"; "August came to CHF 13'361.36, … CHF 431.01 a day").
 * A figure found in the turn (not derived) is a share only of the natural total of its own call — the largest figure of
 * its kind, or one about no category or name — not of any figure that happens to fit. Bounded: the nearest few written
 * figures, one binary search each.
 */
/**
 * How many calendar months a derived sum's terms are, when each term is one whole month's figure, the rate is said of
 * no period or of just those months, and `text` (the answer up to the rate) names those months or their number (else 0).
 */
function monthsOfSum(index: FigureIndex, sum: AnswerFigure, said: FigureContext, text: string): number {
  const months = new Set<number>();
  let from = Infinity;
  let to = 0;
  for (const src of sum.sources) {
    const q = figureOfSource(index, src)?.ctx.periods;
    if (q?.length !== 1 || wholeMonths(q[0]!) !== 1 || q[0]!.from % 100 !== 1) return 0;
    months.add(Math.floor(q[0]!.from / 100));
    from = Math.min(from, q[0]!.from);
    to = Math.max(to, q[0]!.to);
  }
  if (said.periods && !(said.periods.length === 1 && said.periods[0]!.from === from && said.periods[0]!.to === to && wholeMonths(said.periods[0]!) === months.size)) return 0;
  return namesMonths(text, months) ? months.size : 0;
}

/** The answer's paragraph up to `end`. */
function paragraphTo(answer: string, end: number): string {
  return answer.slice(answer.lastIndexOf("\n\n", end) + 1, end);
}

const MONTHS_COUNTED = new RegExp(String.raw`\b(both|\d{1,2}|${Object.keys(COUNT_WORDS).join("|")})\s+months\b`, "gi");

/**
 * Whether a text names each of some months (yyyymm) by name ("October and November"), or their number ("both months",
 * "the two months'", "the other five months").
 */
function namesMonths(text: string, months: ReadonlySet<number>): boolean {
  for (const m of text.matchAll(MONTHS_COUNTED)) {
    const w = m[1]!.toLowerCase();
    if ((w === "both" ? 2 : (COUNT_WORDS[w] ?? Number(w))) === months.size) return true;
  }
  const names = new Set([...text.matchAll(MONTH_NAMED)].map((m) => MONTH_NUMBER[m[1]!.toLowerCase()]));
  return [...months].every((ym) => names.has(ym % 100));
}

export function secondStep(index: FigureIndex, f: ReadFigure, said: FigureContext, steps: readonly Backed[], answer: string): AnswerFigure | null {
  const r = intervalOf(f);
  // An amount's rate is of an amount: the nearest amounts, past the counts between ("CHF 13'361.36 over 187 transactions … CHF 431.01 a day").
  const from = f.kind === "money" ? steps.filter((b) => b.f.kind === "money") : steps;
  for (const b of from.slice(-MAX_STEPS).reverse()) {
    const x = b.f;
    const xv = Math.abs(x.value);
    const derived = b.checked.status === "derived";
    const found = derived ? undefined : b.checked.sources[0];
    if (!derived && !found) continue;
    const step: FigureSource = found ?? { tool: "this answer", callId: "", where: "derived above", value: x.value, text: x.text };
    /** The total a share of the step may be taken of. */
    const base = derived
      ? (t: SourceFigure) => !contradicts(said, t.ctx)
      : (t: SourceFigure) => t.callId === found!.callId && Math.abs(t.value) > xv && (index.callMax.has(t) || (!t.ctx.categories && !t.ctx.names)) && totalAsSaid(said, t) && coversStep(index, found!, t);
    const result = { text: f.text, value: f.value, start: f.start, end: f.end, status: "derived" as const };
    // A percentage said to be a rise or a fall ("+4.6 %", "up 9.6 %") is a change, never a share of a total: a change of
    // CHF 4'200 is not "+4.6 %" because CHF 4'200 ÷ some income of the turn lands there (as derivePercent, which tries
    // only the change for a signed percentage); it is the change of a difference over where it started (above).
    if (f.kind === "percent" && r.lo > 0 && said.sign !== undefined && derived && b.checked.operation === "difference" && b.checked.sources.length === 2) {
      // A change in per cent of a difference the answer derived: of the amount it changed from ("CHF 600.00 more than
      // November, a rise of 40.3%": 600.00 ÷ November's 1'488.72), the smaller of the two for a rise, the larger for a fall.
      const [big, small] = b.checked.sources;
      const from = said.sign > 0 ? small! : big!;
      const pct = (100 * xv) / Math.abs(from.value);
      if (pct >= r.lo && pct <= r.hi) return { ...result, sources: [step, from], operation: "ratio" };
    }
    if (f.kind === "percent" && r.lo > 0 && said.sign === undefined) {
      // The total it is a share of: xv ÷ total within the written percentage.
      const totals: Interval = { lo: (xv * 100) / r.hi, hi: (xv * 100) / r.lo };
      for (const g of index.seen) {
        if (g.kind !== x.kind || (x.currency && g.currency && g.currency !== x.currency)) continue;
        for (const k of findEqual(g.values, totals)) {
          const total = figuresAt(g, k).find((t) => !t.change && Math.abs(t.value) >= xv && base(t));
          if (total) return { ...result, sources: [step, source(total, index.lexicon)], operation: "ratio" };
        }
      }
    }
    if (f.kind === "money" && x.kind === "money" && (said.per === "month" || said.per === "week" || said.per === "day")) {
      // A found figure's rate is over the period the answer says it is about (the rate's own clause may carry another).
      const own = saidDivisors(index, derived ? said : b.said);
      // A sum the answer made of whole months ("October and November: CHF 25'937.42") is a month's rate over those months
      // only: not over its call's quarter (r4q06 "about CHF 8'645.81 a month" = the two months' sum ÷ 3).
      // Not when the rate is said of another period ("over the quarter that's …"): then over that period's months, as before.
      // Only when the answer names those months or their number (review of r4-figacc8, #1: "Spending came to CHF 2'200.35,
      // about CHF 1'100.18 a month" of a quarter is no two months' rate).
      const ofMonths = said.per === "month" && derived && b.checked.operation === "sum" ? monthsOfSum(index, b.checked, said, paragraphTo(answer, f.end)) : 0;
      const divisors = ofMonths ? [ofMonths] : said.per === "month" ? own.months : said.per === "week" ? own.weeks : own.days;
      for (const d of divisors) {
        const v = xv / d;
        if (v < r.lo || v > r.hi) continue;
        return said.per === "month" ? { ...result, sources: [step], operation: "monthly_average", months: d } : { ...result, sources: [step], operation: "average", divisor: round(d), per: said.per };
      }
    }
  }
  return null;
}

/**
 * Whether a total a found figure is said to be a share of agrees with what the share's own clause says but for the thing
 * it names (the part is that thing, the total is of everything; its currency may be the part's converted): its period. "In July travel alone was 35 % of
 * the month" is a share of July's total, not of August's, though both totals stand in the same comparison; "31.2 % of
 * June's spending" is not of May's. A whole is of the time its part is said of (as policy's `within` for a share).
 */
function totalAsSaid(said: FigureContext, total: SourceFigure): boolean {
  if (!said.periods && said.month === undefined) return true;
  const time: FigureContext = {};
  if (said.periods) time.periods = said.periods;
  if (said.month !== undefined) time.month = said.month;
  return !contradicts(time, total.ctx);
}

/**
 * Whether a total covers the time of the found figure it is taken as a share of: each of the part's periods inside one of
 * the total's. A comparison's July travel is no part of August's total spending, whatever the share's clause says ("in
 * August travel was 50 % of the month" of July's CHF 4'000.00 over August's CHF 8'000.00). A rate or a figure about no
 * period covers and is covered by anything (as policy's `within`).
 */
function coversStep(index: FigureIndex, step: FigureSource, total: SourceFigure): boolean {
  const part = figureOfSource(index, step);
  const pa = part?.ctx.periods;
  const pb = total.ctx.periods;
  if (!part || part.ctx.per || total.ctx.per || !pa?.length || !pb?.length) return true;
  return pa.every((q) => pb.some((x) => x.from <= q.from && q.to <= x.to));
}

/**
 * A change in per cent between the two amounts the answer wrote last before it in its sentence ("went from CHF 21'452.40
 * to CHF 23'654.40, … or 10.3% more"): from the first to the second, the way it is said to go (a rise only up, a fall only
 * down). Either may be one the answer derived (a net, a total less a part), which no search of the turn's figures meets.
 * One pair, licensed by where the answer wrote it.
 */
export function writtenChange(f: ReadFigure, said: FigureContext, sentence: readonly Backed[]): AnswerFigure | null {
  if (f.kind !== "percent" || said.sign === undefined) return null;
  const money = sentence.filter((b) => b.f.kind === "money" && b.f.end <= f.start);
  const [a, b] = [money.at(-2), money.at(-1)];
  if (!a || !b || !a.f.value || (a.f.currency && b.f.currency && a.f.currency !== b.f.currency)) return null;
  const from = Math.abs(a.f.value);
  const to = Math.abs(b.f.value);
  if (said.sign > 0 ? to <= from : to >= from) return null;
  const r = intervalOf(f);
  // The way it went is said in words or by its sign ("-43.2%"): its magnitude is compared.
  const pct = (100 * Math.abs(to - from)) / from;
  if (pct > Math.max(Math.abs(r.lo), Math.abs(r.hi)) || pct < Math.min(Math.abs(r.lo), Math.abs(r.hi))) return null;
  return { text: f.text, value: f.value, start: f.start, end: f.end, status: "derived", operation: "percent_change", sources: [writtenSource(a), writtenSource(b)] };
}
