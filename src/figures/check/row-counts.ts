/** Counts of rows: how many rows a listed amount stands for, and a call's rows per month (rowsPerMonth). */
import type { AnswerFigure } from "../../core/figures.ts";
import { contradicts, contextLabel, type FigureContext } from "../context.ts";
import type { SourceFigure } from "../collect.ts";
import type { ReadFigure } from "../read.ts";
import { type FigureIndex, MAX_SOURCES } from "./figure-types.ts";
import { intervalOf } from "./search.ts";
import { saidDivisors } from "./periods.ts";
import { source } from "./sources.ts";

/**
 * Between an amount and a count of its rows: "CHF 17.99 in 5 charges", "CHF 45.00 (2 transactions)", "CHF 91.20 (4.3%) in
 * 3 payments", "EUR 276.00 from the German account over 30 transactions" — a bracket (its share) and a few words of where
 * the money went from, then "over/in/across/from/with/(".
 */
const ROWS_OF_AMOUNT = /^(?:\s*\([^()\d]*\d[^()]*\))?(?:\s+(?:from|on|in)\s+(?:the|your)\s+[\p{L} -]{1,24}?)?,?\s*(?:\(|(?:over|in|across|from)\s+(?:(?:its|the|their|just|only|some)\s+)?)$/iu;

/** The noun of a summary's count of rows, as its place ends ("summary · Fees · tx"). */
const ROW_NOUN = /^(?:tx|transactions?|payments?|rows?|bookings?)$/i;

/** Per index, the counts of the rows of each amount of a summary ("Fees CHF 17.99 (0.1%, 3 tx)": 3), by its call and place: each with the part of the summary it stands in. */
const rowCounts = new WeakMap<FigureIndex, Map<string, { amounts: SourceFigure[]; counts: SourceFigure[] }>>();

function rowCountsOf(index: FigureIndex): Map<string, { amounts: SourceFigure[]; counts: SourceFigure[] }> {
  let m = rowCounts.get(index);
  if (m) return m;
  const out = new Map<string, { amounts: SourceFigure[]; counts: SourceFigure[] }>();
  const at = (key: string) => {
    let e = out.get(key);
    if (!e) out.set(key, (e = { amounts: [], counts: [] }));
    return e;
  };
  for (const g of index.groups) {
    if (g.kind !== "count" && g.kind !== "money") continue;
    for (const s of g.flat) {
      if (s.clause < 0) continue;
      if (g.kind === "money") {
        at(`${s.callId}\u0000${s.where}`).amounts.push(s);
        continue;
      }
      // A summary's count of rows after an amount is placed as that amount ("summary · Fees") and its noun ("· tx").
      const cut = s.where.lastIndexOf(" · ");
      if (cut >= 0 && ROW_NOUN.test(s.where.slice(cut + 3))) at(`${s.callId}\u0000${s.where.slice(0, cut)}`).counts.push(s);
    }
  }
  rowCounts.set(index, out);
  return out;
}

/**
 * A count of rows written right after an amount the turn backs ("fees came to CHF 17.99 in 5 charges") counts that
 * amount's rows: where the result states how many rows that amount is of, the count is that number or it is wrong, though
 * it equals some other count of the turn (another month's fees, another category's, the total's: small counts of a turn
 * equal nearly any count). Mismatched then, with the amount's own count as its source. Nothing when the result states no
 * count beside the amount (a table's cell, a chart's point), or the count counts no rows ("in 4 categories").
 */
export function countOfAmount(index: FigureIndex, f: ReadFigure, said: FigureContext, answer: string, amount: { f: ReadFigure; checked: AnswerFigure }): AnswerFigure | null {
  if (said.unit !== "rows" || amount.checked.status !== "grounded" || f.start - amount.f.end > 60) return null;
  if (!ROWS_OF_AMOUNT.test(answer.slice(amount.f.end, f.start))) return null;
  const counts = rowCountsOf(index);
  const own: SourceFigure[] = [];
  for (const src of amount.checked.sources) {
    // Its count stands in the amount's part of the summary ("Fees CHF 17.99 (0.1%, 3 tx);"), not in a later sentence its
    // label runs on into ("…; CH93 … CHF 770.00 (6). Unclassified money in …: CHF 45.00 in 1 transaction.").
    const e = counts.get(`${src.callId}\u0000${src.where}`);
    if (!e) continue;
    for (const a of e.amounts) if (a.value === src.value) for (const s of e.counts) if (s.clause === a.clause) own.push(s);
  }
  if (!own.length || own.some((s) => Math.abs(Math.abs(s.value) - Math.abs(f.value)) < 1e-9)) return null;
  const saidLabel = contextLabel(said);
  return { text: f.text, value: f.value, start: f.start, end: f.end, status: "mismatched", sources: own.slice(0, MAX_SOURCES).map((s) => source(s, index.lexicon)), ...(saidLabel ? { said: saidLabel } : {}) };
}

/**
 * A count of rows said per month ("318 transactions in all … about 53 a month") as the rows of a whole breakdown the model
 * read — every item of one list of row counts, each about another account, merchant or category (all the call's rows, not
 * a run of them) — over the months of the period its clause is about (saidDivisors). Only whole lists of row counts: a
 * part of the breakdown is a part's rate, which its clause would name.
 */
export function rowsPerMonth(index: FigureIndex, f: ReadFigure, said: FigureContext): AnswerFigure | null {
  const r = intervalOf(f);
  const months = saidDivisors(index, said).months;
  for (const l of index.lists) {
    const n = l.figures.length;
    if (l.kind !== "count" || n < 2 || !l.figures[0]!.seen || !l.figures.every((x) => x.ctx.unit === "rows" && !x.change && !contradicts({ ...said, per: undefined }, x.ctx))) continue;
    const items = new Set(l.figures.map((x) => x.ctx.names?.[0] ?? x.ctx.categories?.[0]));
    if (items.size !== n || items.has(undefined)) continue;
    for (const m of months) {
      const v = l.prefix[n]! / m;
      if (v >= r.lo && v <= r.hi) return { text: f.text, value: f.value, start: f.start, end: f.end, status: "derived", operation: "monthly_average", months: m, sources: l.figures.map((x) => source(x, index.lexicon)) };
    }
  }
  return null;
}
