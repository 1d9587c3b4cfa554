/** Checks one figure against the turn's figures: grounded, mismatched, derived or not found (checkOne). */
import type { AnswerFigure } from "../../core/figures.ts";
import { contradicts, contextLabel, foldName, saidOfAPart, unclassified, type FigureContext } from "../context.ts";
import type { SourceFigure } from "../collect.ts";
import type { ReadFigure } from "../read.ts";
import { type FigureIndex, MAX_SOURCES } from "./figure-types.ts";
import { groupsOf } from "./figure-index.ts";
import { intervalOf, lowerBound } from "./search.ts";
import { isRounded } from "./policy.ts";
import { derive } from "./derive.ts";
import { laterFirst, otherEnd } from "./endpoints.ts";
import { flowOfSource, twinFlow } from "./flows.ts";
import { typicalOf } from "./against-whole.ts";
import { round, source } from "./sources.ts";

export function checkOne(index: FigureIndex, f: ReadFigure, said: FigureContext): AnswerFigure {
  const base = { text: f.text, value: f.value, start: f.start, end: f.end };
  const r = intervalOf(f);
  // Said to be an average (or said to be what a change did) while the turn has such figures, a figure that is none is
  // no match: "CHF 20.90 on average" is not a month's CHF 20.90 when the tool gave the average; "I moved 2
  // transactions" is not the 2 a search found when the approval's outcome says how many were moved.
  const measured = (said.measure === "average" || said.measure === "median") && index.known.measures.has(said.measure);
  const acted = said.action && index.known.actions.has(said.action);
  // Likewise said of a merchant or account the turn has figures of, a figure of a whole category is not its figure: an
  // amount when the name is written next to it; a count also when its clause hands the name on ("Digitec Galaxus — CHF
  // 90.60 over 5 purchases" is no category's 5 transactions: small counts of a turn's categories equal nearly any count);
  // and a count said so is no count of a whole either (about no name: "4 visits" of Migros is not the 4 euro rows in all),
  // but an approval's outcome (what was moved).
  const namedElsewhere = (said.ownName || f.kind === "count") && !!said.names?.some((n) => index.known.names.has(foldName(n)));
  // Names agree when one holds the other ("Migros" of a search for Migros that also found Migros Restaurant); but a name
  // the turn has figures of as a merchant of its own ("Galaxus") is not a longer merchant's ("Digitec Galaxus").
  const ownNames = said.ownName && said.names!.every((n) => index.known.names.has(foldName(n))) ? said.names!.map(foldName) : null;
  const longerName = (s: SourceFigure) => !!ownNames && !s.search && !!s.ctx.names && !s.ctx.names.some((m) => ownNames.includes(foldName(m)));
  // Said of a category the turn has no figure of ("2 transfers", "fees … still uncategorised"), a figure of the rows not
  // classified yet may be what the answer says they are; of a category the turn has figures of, it is not that category's.
  const unknownCategory = said.categories && !said.categories.some((c) => index.known.categories.has(c)) ? { ...said, categories: undefined } : null;
  const clashes = (s: SourceFigure) => contradicts(said, s.ctx) && !(unknownCategory && unclassified(s.ctx) && !contradicts(unknownCategory, s.ctx));
  // A count of things ("50 transactions", "8 merchants") is not an amount or a ratio that has its digits. A table's count
  // column ("| Shops |", "| Payments |") says its cells count things too, but only as no amount: a column headed "Times"
  // beside a payment holds its ratio to the usual ("12" of "12.0 × the usual": review rev-figacc4 #4).
  const countOfThings = f.kind === "count" && !!said.unit;
  const tableCount = f.kind === "count" && !!f.tableCount;
  const fitting: SourceFigure[] = [];
  const contradicted: SourceFigure[] = [];
  /** The fitting figures about just what the answer says, in search order: the first few are the sources, so the search stops at them. */
  const specific: SourceFigure[] = [];
  equal: for (const g of groupsOf(index, f, "all").equal) {
    const v = g.values;
    for (let k = lowerBound(v, r.lo); k < v.length && v[k]! <= r.hi; k++) {
      for (let i = g.offsets[k]!, ie = g.offsets[k + 1]!; i < ie; i++) {
        const s = g.flat[i]!;
        if ((countOfThings || tableCount) && s.kind === "money") continue;
        if (countOfThings && s.kind === "ratio") continue;
        const currencyClash = f.kind === "money" && f.currency && s.currency && f.currency !== s.currency;
        // A comparison's change is what the answer writes as a change or a gap, not an amount of one period ("travel in July came to CHF 337.75"),
        // nor where a change came from or went to ("fees went down from CHF 19.23 to CHF 0.77": the -19.23 is no level).
        const levelAsChange = s.change && (!said.changeSaid || said.endpoint !== undefined);
        // Said to be in the red (or in the black), an amount is a figure below zero (above it): "August was CHF 3'602.42 in
        // the red" is not a net of +CHF 3'602.42.
        const otherSide = said.balance !== undefined && f.kind === "money" && ((said.balance < 0 ? s.value > 0 : s.value < 0) || flowOfSource(s) != null || (!said.names && !!s.ctx.names));
        // Said to be money in (income) or out (spending), a figure the result labels the other way is not its figure.
        const otherFlow = said.flow !== undefined && f.kind === "money" && (flowOfSource(s) ?? twinFlow(index, s) ?? said.flow) !== said.flow;
        // Said to be where a change went to (or came from), the other end of the change is not its figure.
        // Written with an arrow, the pair is in its result's order: by time only when its call names the later period last.
        // Then either order is right, but not one end written twice (review of r4-figacc8, #2: "Cash: CHF 160.00 → CHF 160.00");
        // and a sentence that says its months in time order ("from July to August") is by time.
        const byResult = said.arrow && !said.arrowInTime && laterFirst(index, s.callId);
        const wrongEnd =
          said.endpoint !== undefined && (byResult ? !!said.arrowFrom?.includes(source(s, index.lexicon)) : otherEnd(index, s, said.endpoint));
        // Said to be a week's ("CHF 113 a week"), an amount is no average per row (a search's average payment). Not a month's
        // or a day's: a monthly bill's average payment is its month's (Netflix CHF 20.40 a month), a daily coffee's its day's.
        const perRowAsRate = f.kind === "money" && said.per === "week" && s.ctx.measure === "average" && !s.ctx.per;
        if (currencyClash || levelAsChange || otherSide || otherFlow || wrongEnd || perRowAsRate || longerName(s) || clashes(s) || typicalOf(said, s) || saidOfAPart(said, s.ctx)) contradicted.push(s);
        else {
          fitting.push(s);
          if ((!measured || s.ctx.measure === said.measure) && (!acted || s.ctx.action === said.action) && (!namedElsewhere || s.ctx.names || s.outcome || (!s.ctx.categories && f.kind !== "count"))) {
            if (specific.push(s) === MAX_SOURCES) break equal;
          }
        }
      }
    }
  }
  if (specific.length) return { ...base, status: "grounded", sources: specific.map((s) => source(s, index.lexicon)) };
  contradicted.push(...fitting);
  // Found only as something else: mismatched — unless the writing rounds (then an equal value
  // is weak evidence) and the figure follows from figures about what the answer says.
  // Equal to the very value of a figure about something else, the writing rounds nothing: mismatched ("CHF 80 over the
  // limit" of a remaining CHF 80.00). Said of what a change did (an approval's outcome), a figure is the outcome's or
  // nothing: derived, a wrong count of moved rows would be a sum of any small counts.
  const exact = contradicted.some((s) => Math.abs(Math.abs(s.value) - Math.abs(f.value)) < 1e-9);
  const d = (contradicted.length && (!isRounded(f) || exact)) || acted ? null : derive(index, f, r, said);
  if (!d && contradicted.length) {
    const saidLabel = contextLabel(said);
    return { ...base, status: "mismatched", sources: contradicted.slice(0, MAX_SOURCES).map((s) => source(s, index.lexicon)), ...(saidLabel ? { said: saidLabel } : {}) };
  }
  if (d) {
    return {
      ...base,
      status: "derived",
      sources: d.sources.map((s) => source(s, index.lexicon)),
      operation: d.operation,
      ...(d.months ? { months: d.months } : {}),
      ...(d.divisor ? { divisor: round(d.divisor), per: d.per } : {}),
    };
  }
  return { ...base, status: "ungrounded", sources: [] };
}
