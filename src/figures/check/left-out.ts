/** Totals of named things and totals with one thing left out ("without the rent"). */
import type { AnswerFigure, FigureSource } from "../../core/figures.ts";
import { contradicts, isNamedIn, mentionedIn, type FigureContext } from "../context.ts";
import type { SourceFigure } from "../collect.ts";
import type { ReadFigure } from "../read.ts";
import type { FigureIndex } from "./figure-types.ts";
import { type Backed, MAX_WRITTEN, MONTH_NAMED, MONTH_NUMBER, sentenceStart, writtenSource } from "./written.ts";
import { byNameOf } from "./figure-index.ts";
import { intervalOf } from "./search.ts";
import { listsOfKind } from "./lists.ts";
import { readAlso } from "./approvals.ts";
import { source } from "./sources.ts";

/** The fewest things a sentence names for a total of one item of each, picked from a list wherever they stand. */
const MIN_NAMED = 3;

/**
 * A total of the things the answer names in its sentence before it, one item of one list per thing: "Swisscom CHF 114.00,
 * Spotify CHF 21.95, Netflix CHF 20.90, Apple CHF 10.00 — CHF 166.85 a month or CHF 2'002.20 a year" (their monthly
 * amounts, then their yearly costs, each a list of the result). The terms are the list's figures, not the answer's (one of
 * them may be miswritten while the total is right). Three things or more, each exactly once in the list, none of its items
 * about what the answer contradicts (a monthly list for "a year"); an amount with cents (a whole one is a sum of too many).
 * Bounded: one pass over each list of its kind, one sum each.
 */
export function sumOfNamed(index: FigureIndex, f: ReadFigure, said: FigureContext, before: string): AnswerFigure | null {
  if (f.precision >= 1 || f.approximate || Number.isInteger(f.value)) return null;
  const named = mentionedIn(before, index.lexicon);
  const names = (named.names?.length ?? 0) >= MIN_NAMED ? named.names! : (named.categories?.length ?? 0) >= MIN_NAMED ? named.categories! : null;
  if (!names) return null;
  const r = intervalOf(f);
  const unnamed: FigureContext = { ...said, names: undefined, categories: undefined, subjects: undefined, ownName: undefined };
  for (const l of listsOfKind(index, f)) {
    if (l.kind !== "money" || l.figures.length <= names.length) continue;
    const byName = byNameOf(l);
    const items: SourceFigure[] = [];
    for (const n of names) {
      const at = byName.get(n);
      if (at?.length !== 1) break;
      items.push(l.figures[at[0]!]!);
    }
    if (items.length !== names.length || new Set(items).size !== items.length) continue;
    let total = 0;
    for (const x of items) total += Math.abs(x.value);
    if (total < r.lo || total > r.hi || items.some((x) => x.change || contradicts(unnamed, x.ctx))) continue;
    // The model read each term: an item of a table or chart (which it does not see) only as its summary also gave it.
    if (!l.figures[0]!.seen && !items.every((x) => readAlso(index, x))) continue;
    return { text: f.text, value: f.value, start: f.start, end: f.end, status: "derived", operation: "sum", sources: items.map((x) => source(x, index.lexicon)) };
  }
  return null;
}

/** A month left out of a series ("without June", "leaving October out", "except March"), or "it" (the month its sentence is about). */
const LEFT_OUT = /\b(?:without|excluding|except(?:\s+for)?|apart\s+from|leaving)\s+(?:the\s+)?(January|February|March|April|May|June|July|August|September|October|November|December|it)\b(?![^.;\n]*[.;\n])/i;

/**
 * A series by month with one month left out, as its clause says ("Without June the year would have come to CHF 11'410.87",
 * "without March it was CHF 13'150.23 a month", "leaving October out, you spent CHF 4'147.73 a month on average"): the
 * series' total less that month's, or that ÷ the months left. Two steps over items the answer names, so only for an amount
 * written to the cent (a whole one is some total less some month). Bounded: one subtraction per list by month.
 */
export function leftOut(index: FigureIndex, f: ReadFigure, said: FigureContext, answer: string): AnswerFigure | null {
  if (f.approximate || f.precision >= 1) return null;
  const before = answer.slice(Math.max(0, f.start - 160), f.start);
  const m = LEFT_OUT.exec(before);
  if (!m) return null;
  let month = MONTH_NUMBER[m[1]!.toLowerCase()];
  if (!month) {
    // "without it": the month its sentence is about, the first it names ("April stood out …, above March …; without it").
    const head = answer.slice(Math.max(0, f.start - 400), f.start - before.length + m.index);
    const cut = Math.max(head.lastIndexOf(". "), head.lastIndexOf("\n"));
    const named = [...head.slice(cut + 1).matchAll(MONTH_NAMED)][0];
    month = named ? MONTH_NUMBER[named[1]!.toLowerCase()] : undefined;
  }
  if (!month) return null;
  const r = intervalOf(f);
  const perMonth = said.per === "month" || said.perNear === "month" || said.measure === "average" || /\baverag/i.test(answer.slice(Math.max(0, f.start - 60), f.start));
  for (const l of index.lists) {
    if (l.kind !== "money" || (f.currency && l.currency && l.currency !== f.currency)) continue;
    let out: SourceFigure | null = null;
    let twice = false;
    let monthly = true;
    for (const x of l.figures) {
      const p = x.ctx.periods;
      if (p?.length !== 1 || p[0]!.from % 100 !== 1 || Math.floor(p[0]!.from / 100) !== Math.floor(p[0]!.to / 100)) {
        monthly = false;
        break;
      }
      if (Math.floor(p[0]!.from / 100) % 100 === month) {
        if (out) twice = true;
        out = x;
      }
    }
    // A list over two years or more has that month twice: then none (review of r4-held12: a third May was taken).
    if (!monthly || !out || twice) continue;
    const n = l.figures.length;
    const rest = l.prefix[n]! - Math.abs(out.value);
    const value = perMonth ? rest / (n - 1) : rest;
    if (value < r.lo || value > r.hi) continue;
    const sources = [...l.figures.filter((x) => x !== out), out].map((x) => source(x, index.lexicon));
    return { text: f.text, value: f.value, start: f.start, end: f.end, status: "derived", operation: perMonth ? "mean" : "difference", sources };
  }
  return null;
}

/** A thing left out of a total ("leave Other out", "without the tax instalment", "excluding Migros", "without it"). */
const LEFT_OUT_THING = /\b(?:without|excluding|except(?:\s+for)?|apart\s+from|leav(?:e|ing))\s+(?:the\s+|that\s+)?([^,;:.!?\n]{1,40})/gi;

const IT = /^(?:it|that|this|them|those)\b/i;

const LEFT_OUT_WORD = /\b(?:without|excluding|except|apart\s+from|leav(?:e|ing))\b/i;

/**
 * A total with one thing left out, as its sentence says ("Leave Other out and spending rose from CHF 11'340.50 …", "without
 * it September would have been CHF 13'251.14"): a total less the figure of the thing it names, both of one call and one
 * period (or both written by the answer); for "it", a total and a part the answer wrote before it in its paragraph. The
 * months of a series are leftOut's. Two figures the text names, so only for an amount written to the cent (a whole one is
 * some total less some part). Bounded: one pass over the turn's amounts read, and the answer's amounts before it.
 */
export function leftOutThing(index: FigureIndex, f: ReadFigure, answer: string, backed: readonly Backed[]): AnswerFigure | null {
  if (f.kind !== "money" || f.approximate || f.precision >= 1) return null;
  // Asked first of the words just before it (cheap), then of its sentence.
  const near = answer.slice(Math.max(0, f.start - 240), f.start);
  if (!LEFT_OUT_WORD.test(near)) return null;
  const start = sentenceStart(answer, f.start);
  const m = [...answer.slice(start, f.start).matchAll(LEFT_OUT_THING)].at(-1);
  if (!m) return null;
  const r = intervalOf(f);
  const paragraph = answer.lastIndexOf("\n\n", f.start);
  const written = backed.filter((b) => b.f.kind === "money" && b.f.start > paragraph && b.f.end <= f.start && (!f.currency || !b.f.currency || b.f.currency === f.currency)).slice(-MAX_WRITTEN);
  const fits = (total: number, part: number) => Math.abs(part) < Math.abs(total) && Math.abs(total) - Math.abs(part) >= r.lo && Math.abs(total) - Math.abs(part) <= r.hi;
  const derived = (total: FigureSource, part: FigureSource): AnswerFigure => ({ text: f.text, value: f.value, start: f.start, end: f.end, status: "derived", operation: "difference", sources: [total, part] });
  if (IT.test(m[1]!)) {
    // "without it": a part the answer wrote before the sentence that leaves it out, from a total it wrote before.
    for (const part of written.filter((b) => b.f.end <= start)) for (const total of written) if (total !== part && fits(total.f.value, part.f.value)) return derived(writtenSource(total), writtenSource(part));
    return null;
  }
  const named = mentionedIn(m[1]!, index.lexicon);
  const subjects = [...(named.categories ?? []), ...(named.names ?? [])];
  if (!subjects.length) return null;
  const period = (s: SourceFigure) => JSON.stringify(s.ctx.periods ?? null);
  const parts: SourceFigure[] = [];
  const totals = new Map<string, SourceFigure[]>();
  for (const g of index.seen) {
    if (g.kind !== "money" || (f.currency && g.currency && g.currency !== f.currency)) continue;
    for (const s of g.flat) {
      if (s.change) continue;
      if (isNamedIn(subjects, s.ctx)) parts.push(s);
      else if (!s.ctx.categories && !s.ctx.names) {
        const key = `${s.callId}|${period(s)}`;
        totals.set(key, [...(totals.get(key) ?? []), s]);
      }
    }
  }
  for (const part of parts) {
    for (const total of totals.get(`${part.callId}|${period(part)}`) ?? []) if (fits(total.value, part.value)) return derived(source(total, index.lexicon), source(part, index.lexicon));
    for (const total of written) if (fits(total.f.value, part.value)) return derived(writtenSource(total), source(part, index.lexicon));
  }
  return null;
}
