/** Figures said against a whole: a gap to the average, a share of a change, the top few's share, what is typical. */
import type { AnswerFigure, FigureSource } from "../../core/figures.ts";
import { contradicts, isNamedIn, mentionedIn, type FigureContext } from "../context.ts";
import type { SourceFigure } from "../collect.ts";
import type { ReadFigure } from "../read.ts";
import type { FigureIndex } from "./figure-types.ts";
import { type Backed, MAX_STEPS, MAX_WRITTEN, MONTH_NAMED, MONTH_NUMBER, sentenceStart, writtenSource } from "./written.ts";
import { figuresAt } from "./figure-index.ts";
import { findEqual, type Interval, intervalOf } from "./search.ts";
import { source } from "./sources.ts";

const MONTH_NAMED_ONE = new RegExp(MONTH_NAMED.source);

/** A gap to an average written right after an amount: "CHF 287.78 above the average", "CHF 421 above the monthly average", "CHF 9 less than you averaged". Its word says which side (1: above). */
export const FROM_AVERAGE = /^\s+(?:(?:a\s+month\s+|a\s+week\s+)?(more|less|higher|lower)\s+than|(above|below|over|under))\s+(?:(?:the|your|its|their|that)\s+)?(?:(?:monthly|weekly|daily|usual|typical)\s+)?(?:average|mean|typical\s+month|you\s+averaged)\b/i;

/**
 * An amount said to be a gap to an average (FROM_AVERAGE): what the clause is about less the average, on the side its
 * word says ("above": the amount is the larger). The average is one about what the sentence is about (its category or
 * name), or, when it names none, the only average of the turn; the amount is the level the answer wrote nearest before
 * it in its sentence, or, when it wrote none, the turn's figure of the month the sentence names (r4-figaccfix2: Dining's
 * average, an earlier month's amount of the sentence, and "below" of an amount above it all passed). Two steps the
 * model takes in its head; bounded: the averages × one written amount, one binary search per average for the month's figure.
 */
export function fromAverage(index: FigureIndex, f: ReadFigure, said: FigureContext, answer: string, sentence: readonly Backed[], backed: readonly Backed[]): AnswerFigure | null {
  const word = FROM_AVERAGE.exec(answer.slice(f.end, f.end + 60))!;
  const side = /^(?:more|higher|above|over)$/i.test(word[1] ?? word[2]!) ? 1 : -1;
  const r = intervalOf(f);
  const currency = (x: { currency?: string }) => !f.currency || !x.currency || x.currency === f.currency;
  const opened = sentenceStart(answer, f.start);
  const mentioned = said.categories || said.names ? said : mentionedIn(answer.slice(opened, f.start), index.lexicon);
  const subjects = [...(mentioned.categories ?? []), ...(mentioned.names ?? [])];
  /** About what the sentence is about: its subject, or no other one. */
  const aboutIt = (ctx: FigureContext) => (subjects.length ? isNamedIn(subjects, ctx) : true);
  /** The averages: of the turn, then those the answer wrote before it (an average, or a rate a month, week or day). */
  const averages: { value: number; source: () => FigureSource }[] = [];
  for (const g of index.seen) {
    if (g.kind !== "money" || !currency(g)) continue;
    for (const s of g.flat) if (s.ctx.measure === "average" && !s.change && aboutIt(s.ctx)) averages.push({ value: Math.abs(s.value), source: () => source(s, index.lexicon) });
  }
  // With no subject written, an average is the turn's only one (two categories' averages: which one is unsaid).
  if (!subjects.length && new Set(averages.map((a) => a.value)).size > 1) averages.length = 0;
  for (const b of backed.slice(-MAX_WRITTEN)) {
    if (b.f.kind === "money" && b.f.end <= f.start && currency(b.f) && (b.said.measure === "average" || (b.said.per && b.said.per !== "year")) && (!subjects.length || !(b.said.categories || b.said.names) || aboutIt(b.said))) averages.push({ value: Math.abs(b.f.value), source: () => writtenSource(b) });
  }
  const result = { text: f.text, value: f.value, start: f.start, end: f.end, status: "derived" as const, operation: "difference" as const };
  /** The amount the clause is about: the level written nearest before it in its sentence (no average, rate or change). */
  const level = sentence.filter((b) => b.f.kind === "money" && currency(b.f) && !b.said.measure && !b.said.per && !b.said.changeSaid).at(-1);
  // The month the sentence is about when the clause names none: the first it names ("May stands out: …, and CHF 271.89 above your monthly average").
  const named = said.month === undefined && !said.periods ? MONTH_NAMED_ONE.exec(answer.slice(opened, f.start)) : null;
  if (named) said = { ...said, month: MONTH_NUMBER[named[1]!.toLowerCase()]! };
  if (subjects.length && !said.categories && !said.names) said = { ...said, categories: mentioned.categories, names: mentioned.names };
  const periodSaid = said.month !== undefined || !!said.periods;
  for (const avg of averages.slice(0, MAX_WRITTEN)) {
    if (level) {
      const d = side * (Math.abs(level.f.value) - avg.value);
      if (d >= r.lo && d <= r.hi) return { ...result, sources: [writtenSource(level), avg.source()] };
      continue;
    }
    if (!periodSaid) continue;
    // The clause's month or period, not written: its figure of the turn (about what the clause says, no average or change).
    const part: Interval = side > 0 ? { lo: avg.value + r.lo, hi: avg.value + r.hi } : { lo: avg.value - r.hi, hi: avg.value - r.lo };
    if (part.hi <= 0) continue;
    for (const g of index.seen) {
      if (g.kind !== "money" || !currency(g)) continue;
      for (const k of findEqual(g.values, part)) {
        const s = figuresAt(g, k).find((x) => !x.change && !x.ctx.measure && !x.ctx.per && !contradicts({ ...said, measure: undefined, sign: undefined }, x.ctx));
        if (s) return { ...result, sources: [source(s, index.lexicon), avg.source()] };
      }
    }
  }
  return null;
}

/** A share of a change, written right after a percentage: "65% of the whole decline", "79.0% of the drop", "121.2 % of the total increase". Its word says which way the whole went (none: "change", "difference"). */
export const OF_CHANGE = /^\s+of\s+(?:the|this|that|its|your)\s+(?:whole\s+|total\s+|overall\s+|entire\s+)?(?:(increase|rise|growth|jump)|(decline|drop|fall|decrease)|change|difference)\b/i;

/**
 * A percentage said to be a share of a change (OF_CHANGE): a change over the whole change of its comparison — a change
 * of the turn about what the answer says, or an amount the answer wrote just before it in its sentence that is one of
 * that comparison's changes (or a sum or difference of them), over a change of the same call about no category or name
 * (its total's) that went the way the word says. Not a ratio of two amounts, nor a level over the change, nor a change
 * in per cent (r4-figaccfix2: "Other rose from CHF 96.00 to CHF 276.00, 47.7% of the whole increase" passed as
 * 276.00 ÷ 578.65; "65.2% of the whole decline" as Other's −65.2 %; "64.5% of the increase" as a share of a decline).
 * Bounded: the turn's total changes × (one binary search + the nearest written amounts, one binary search each).
 */
export function shareOfChange(index: FigureIndex, f: ReadFigure, said: FigureContext, sentence: readonly Backed[], way: number): AnswerFigure | null {
  const r = intervalOf(f);
  if (r.hi <= 0) return null;
  const about: FigureContext = { ...said, sign: undefined, changeSaid: undefined };
  const result = { text: f.text, value: f.value, start: f.start, end: f.end, status: "derived" as const, operation: "ratio" as const };
  const wholes = index.seen.flatMap((g) => (g.kind === "money" ? g.flat.filter((s) => s.change && !s.ctx.categories && !s.ctx.names && s.value !== 0 && (!way || Math.sign(s.value) === way)) : []));
  for (const whole of wholes) {
    const w = Math.abs(whole.value);
    /** Whether `v` is a change of the whole's comparison (an amount of the turn said to be one). */
    const isChange = (v: number) =>
      index.seen.some((g) => g.kind === "money" && g.currency === whole.currency && findEqual(g.values, { lo: Math.abs(v) - 0.005, hi: Math.abs(v) + 0.005 }).some((k) => figuresAt(g, k).some((x) => x.change && x.callId === whole.callId)));
    for (const b of sentence.slice(-MAX_STEPS).reverse()) {
      if (b.f.kind !== "money" || (b.f.currency && b.f.currency !== whole.currency)) continue;
      const change = b.checked.status === "derived" ? b.checked.sources.every((x) => isChange(x.value)) : isChange(b.f.value);
      if (!change) continue;
      const v = (100 * Math.abs(b.f.value)) / w;
      if (v >= r.lo && v <= r.hi) return { ...result, sources: [writtenSource(b), source(whole, index.lexicon)] };
    }
    const parts: Interval = { lo: (r.lo * w) / 100, hi: (r.hi * w) / 100 };
    for (const g of index.seen) {
      if (g.kind !== "money" || g.currency !== whole.currency) continue;
      for (const k of findEqual(g.values, parts)) {
        const part = figuresAt(g, k).find((x) => x !== whole && x.change && x.callId === whole.callId && !contradicts(about, x.ctx));
        if (part) return { ...result, sources: [source(part, index.lexicon), source(whole, index.lexicon)] };
      }
    }
  }
  return null;
}

/** "the top three", "your top 5": the first k items of a ranked list. */
const TOP_K = /\btop\s+(two|three|four|five|six|seven|eight|nine|ten|\d{1,2})\b(?![^.;\n]*[.;\n])/i;

const TOP_WORDS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

/**
 * A share of a ranked list's first k items when the figure's clause says "the top k" ("the top three took 41.8 % of
 * everything"): their sum ÷ the call's total (its largest figure of their kind and currency). Two steps, bounded: only
 * the k the answer writes, one sum per list.
 */
export function topShare(index: FigureIndex, f: ReadFigure, said: FigureContext, before: string): AnswerFigure | null {
  const m = TOP_K.exec(before);
  if (!m) return null;
  const k = TOP_WORDS[m[1]!.toLowerCase()] ?? Number(m[1]);
  const r = intervalOf(f);
  for (const l of index.lists) {
    if (l.kind !== "money" || l.figures.length <= k || k < 2 || contradicts(said, l.figures[0]!.ctx)) continue;
    const sum = l.prefix[k]!;
    const first = l.figures[0]!;
    for (const total of index.callMax) {
      if (total.callId !== first.callId || total.kind !== l.kind || total.currency !== l.currency || total.change || Math.abs(total.value) <= sum || contradicts(said, total.ctx)) continue;
      const share = (100 * sum) / Math.abs(total.value);
      if (share < r.lo || share > r.hi) continue;
      const sources = [...l.figures.slice(0, k), total].map((s) => source(s, index.lexicon));
      return { text: f.text, value: f.value, start: f.start, end: f.end, status: "derived", operation: "ratio", sources };
    }
  }
  return null;
}

/**
 * A typical amount (a median, an average) over a span, said plainly of a shorter period inside
 * it: "the rent was CHF 2'000 in August" of a series whose usual amount is CHF 2'000 says what
 * was paid then, which the usual amount does not tell.
 */
export function typicalOf(said: FigureContext, s: SourceFigure): boolean {
  if (said.measure || (s.ctx.measure !== "median" && s.ctx.measure !== "average")) return false;
  const span = s.ctx.periods;
  if (!span?.length) return false;
  if (said.periods) return !said.periods.some((p) => span.every((q) => p.from <= q.from && q.to <= p.to));
  return said.month !== undefined && !span.every((q) => Math.floor(q.from / 100) === Math.floor(q.to / 100));
}
