/** When a derivation is licensed by what the answer says (policy): its operands, its kind and the clause's words. */
import type { AverageRate, FigureOperation } from "../../core/figures.ts";
import { contradicts, unitsAgree, isCountOfTime, isNamedIn, type FigureContext, type Span } from "../context.ts";
import type { SourceFigure } from "../collect.ts";
import type { ReadFigure } from "../read.ts";
import type { FigureIndex } from "./figure-types.ts";
import { isCallMax, oneMonthSpan } from "./periods.ts";

export type Derivation = { operation: FigureOperation; sources: SourceFigure[]; months?: number; divisor?: number; per?: AverageRate };

/** At most this many candidate derivations are weighed per figure (the search stays bounded whatever the answer). */
export const BUDGET = 4000;

/**
 * Whether a writing rounds (then nearly any value is some sum of two figures): a rounding
 * word, a magnitude ("CHF 18.1k"), a whole percentage or ratio ("13%", "5 times"), or a last
 * digit worth 1 % of the value or more ("CHF 65").
 */
export function isRounded(f: ReadFigure): boolean {
  if (f.approximate || f.precision >= 10) return true;
  if (f.kind === "count") return false;
  if ((f.kind === "percent" || f.kind === "ratio" || f.kind === "points") && f.precision >= 1) return true;
  return f.precision >= 1 && f.precision / Math.max(Math.abs(f.value), 1e-9) >= 0.01;
}

export type Operation = FigureOperation | "share";

/** Whether `a` is about a period wholly after `b`'s (both about periods that do not overlap). */
export function later(a: SourceFigure, b: SourceFigure): boolean {
  const pa = a.ctx.periods;
  const pb = b.ctx.periods;
  if (!pa?.length || !pb?.length) return false;
  return Math.min(...pa.map((p) => p.from)) > Math.max(...pb.map((p) => p.to));
}

/**
 * How a derivation must relate to what the answer says the figure is about (`said`) — with
 * thousands of figures nearly any value is the sum, difference or ratio of some two of them:
 * - a sum: one term about what the answer says (of a rounded figure: every term, none smaller
 *   than the writing's unit, two terms taken together by the result: see `related`);
 * - a difference, a ratio, a change, percentage points: two figures the result puts together
 *   (one list, one clause, one label, one call) or the answer's clause names both, one of
 *   them about what the answer says;
 * - a share: a part of its total (one clause of a result, the largest figure of its call, or one
 *   of the call about nothing in particular);
 * - when the answer's clause names two or more things, every operand about a thing is one of them.
 */
/** A budget's own figure in a result ("summary · budget"), not what was spent against it or what remains. */
const OF_A_BUDGET = /·\s*budget$/i;

export function policy(index: FigureIndex, f: ReadFigure, said: FigureContext) {
  const rounded = isRounded(f);
  const subjects = said.subjects ?? [];
  /** Whether a source is about what the answer says (asked again and again of the same sources in a search: remembered). */
  const agrees = new Map<SourceFigure, boolean>();
  // The way the answer says the figure went ("CHF 130.61 more") is the result's, not an operand's: an operand's own sign
  // (a row's "CHF -618.00" of money out) contradicts it only when the operand is itself a change.
  const unsigned: FigureContext = { ...said, sign: undefined };
  const ok = (s: SourceFigure) => {
    let v = agrees.get(s);
    if (v === undefined) agrees.set(s, (v = !contradicts(s.change ? said : unsigned, s.ctx)));
    return v;
  };
  /** Whether a source is about a thing the clause names (likewise remembered; never, when it names none). */
  const names = new Map<SourceFigure, boolean>();
  const named = (s: SourceFigure) => {
    if (!subjects.length) return false;
    let v = names.get(s);
    if (v === undefined) names.set(s, (v = isNamedIn(subjects, s.ctx)));
    return v;
  };
  /** About what the answer says but for its category or name (the clause names the thing elsewhere). */
  const besidesSubject: FigureContext = { ...said, categories: undefined, names: undefined };
  const okBesidesSubject = (s: SourceFigure) => !contradicts(besidesSubject, s.ctx);
  const aboutThing = (s: SourceFigure) => !!(s.ctx.categories || s.ctx.names || s.ctx.weekdays?.length === 1);
  // An approval's outcome goes with whatever the answer reports about it.
  const outcome = (s: SourceFigure) => s.outcome === true;
  const inNamedSet = (s: SourceFigure) => subjects.length < 2 || !aboutThing(s) || named(s) || outcome(s);
  /**
   * Every thing the clause names is a term of an exact sum of three or more: "the three largest categories" beside the two
   * it names, "together with travel, dining and fees the new lines" (and shopping, the clause before): the sum is of them
   * and more, not of other things instead. Only for items that stand together (a run of a list, the items of a name): items
   * picked from anywhere in a list are the things the clause names, or it names none.
   */
  const everySubjectIn = (sources: SourceFigure[]) => subjects.every((x) => sources.some((s) => isNamedIn([x], s.ctx)));
  /** A count adds up or differs only with counts of what it counts ("6 transactions" from transactions, not from merchants). */
  const sameUnit = (s: SourceFigure) => !said.unit || !s.ctx.unit || unitsAgree(s.ctx.unit, said.unit);
  /** Said to count what the figure counts, in so many words. */
  const countsAlike = (s: SourceFigure) => !!said.unit && !!s.ctx.unit && unitsAgree(s.ctx.unit, said.unit);
  const sameList = (a: SourceFigure, b: SourceFigure) => (a.list >= 0 && (a.list === b.list || a.list === b.list2)) || (a.list2 >= 0 && (a.list2 === b.list || a.list2 === b.list2));
  const samePart = (a: SourceFigure, b: SourceFigure) => a.clause >= 0 && a.clause === b.clause;
  /**
   * An approval's outcome goes with a figure of the turn about the same thing (its category or name, or none): the new
   * Dining budget less July's groceries is nothing ("leaving CHF 320.00" of CHF 420.00 − CHF 100.00, r4n18). With another
   * thing's figure only when that is a budget too (or an outcome) and the figure is said to be a total ("your budgets
   * total CHF 190.00": the new Groceries budget and Subscriptions').
   */
  const withOutcome = (a: SourceFigure, b: SourceFigure) => {
    if (!outcome(a) && !outcome(b)) return false;
    if (!contradicts({ categories: a.ctx.categories, names: a.ctx.names }, b.ctx)) return true;
    const other = outcome(a) ? b : a;
    return !!said.total && (other.outcome || OF_A_BUDGET.test(other.where));
  };
  const together = (a: SourceFigure, b: SourceFigure) => sameList(a, b) || samePart(a, b) || a.where === b.where || (named(a) && named(b)) || withOutcome(a, b);
  /** A month's or a day's figure, read as part of a rounded share while the answer names no period. */
  const unsaidPart = (s: SourceFigure) => !said.periods && !said.month && s.ctx.per !== "year" && !!s.ctx.periods?.every((q) => q.to - q.from < 100);
  const counts = f.kind === "count";
  /** A figure of the call about no category or name while the part is about one: the total it is a share of ("total spending … (+CHF 2'434.50)"). */
  const totalOf = (a: SourceFigure, b: SourceFigure) => a.callId === b.callId && !b.ctx.categories && !b.ctx.names && !!(a.ctx.categories || a.ctx.names);
  /** One thing counted twice over one period: the same category or name in two lists of a result (its CHF and its EUR rows). */
  const sameThing = (a: SourceFigure, b: SourceFigure) =>
    aboutThing(a) && String(a.ctx.categories) === String(b.ctx.categories) && String(a.ctx.names) === String(b.ctx.names) && JSON.stringify(a.ctx.periods) === JSON.stringify(b.ctx.periods);
  /** A call's income and its total spending of one period ("income beat spending by CHF 8'046.06"): their difference is the net, whatever the answer calls it. */
  const incomeLessSpending = (a: SourceFigure, b: SourceFigure) => {
    const income = (x: SourceFigure) => x.ctx.categories?.length === 1 && x.ctx.categories[0] === "Income";
    const total = (x: SourceFigure) => !x.ctx.categories && !x.ctx.names;
    return ((income(a) && total(b)) || (income(b) && total(a))) && JSON.stringify(a.ctx.periods) === JSON.stringify(b.ctx.periods);
  };
  /** Whether `a` is about a time within `b`'s (each of a's periods inside one of b's), or either is a rate (a year's cost of a series) or about no period. */
  const within = (a: SourceFigure, b: SourceFigure) => {
    const pa = a.ctx.periods;
    const pb = b.ctx.periods;
    if (!!a.ctx.per || !!b.ctx.per || !pa?.length || !pb?.length) return true;
    // Loops, not every/some with closures: this runs for every pair a share's search weighs (bench/figures.ts).
    for (const q of pa) {
      let inside = false;
      for (const x of pb) if (x.from <= q.from && q.to <= x.to) { inside = true; break; }
      if (!inside) return false;
    }
    return true;
  };
  const related = (op: Operation, a: SourceFigure, b: SourceFigure) => {
    switch (op) {
      case "sum":
        // Two counts add up when the result lists them together, or the answer names both.
        return counts ? sameList(a, b) || (named(a) && named(b) && !sameThing(a, b)) || outcome(a) || outcome(b) : together(a, b);
      case "difference":
        // Counts differ only as "N more than …" or what an approval's count leaves; a rounded difference is taken within one clause of a result;
        // money out less money in of one call is a net.
        // An approval's count taken from the count it was of is what is left ("that leaves 6 to review").
        if (counts) return (said.sign !== undefined && (sameList(a, b) || (named(a) && named(b)))) || (outcome(a) && countsAlike(b)) || (outcome(b) && countsAlike(a));
        // A total less its own average (one clause: "CHF 1'388.00 in 13 transactions (average CHF 106.77)") is nothing.
        if (samePart(a, b) && (a.ctx.measure === "average") !== (b.ctx.measure === "average")) return false;
        if (rounded) return samePart(a, b) || withOutcome(a, b);
        return together(a, b) || ((said.measure === "net" || incomeLessSpending(a, b)) && a.callId === b.callId);
      case "share":
        if (rounded && (unsaidPart(a) || unsaidPart(b))) return false;
        // A part is within its whole's time: Other's June is no share of May's total spending.
        if (!within(a, b)) return false;
        return samePart(a, b) || isCallMax(index, b) || totalOf(a, b) || (named(a) && named(b)) || outcome(a) || outcome(b);
      default:
        return together(a, b);
    }
  };
  const big = (s: SourceFigure) => Math.abs(s.value) >= f.precision;
  /** Whether the text licenses a pair that passed the other checks (asked last: naming is dearer to find out than those). */
  const licensed = (op: Operation, a: SourceFigure, b: SourceFigure): boolean => {
    // Two percentages add up or differ only as the shares of two things the clause names ("housing and children took
    // 28.5 %"): any two shares of a list make some sum or gap near any percentage.
    if (f.kind === "percent" && (op === "sum" || op === "difference") && !outcome(a) && !outcome(b) && !(named(a) && named(b))) return false;
    // Two counts add up as the counts of two things the clause names or says are two ("the two supermarkets together make
    // 242 rows"): two small whole numbers of a list make nearly any count.
    if (counts && op === "sum" && !outcome(a) && !outcome(b) && !(named(a) && named(b)) && said.items !== 2) return false;
    // A ratio of two things the clause names is of those two, not of one of them and a total ("housing cost 2.4 times
    // insurance" is no housing ÷ all spending).
    if (f.kind === "ratio" && subjects.length >= 2 && !(named(a) && named(b))) return false;
    // A net is what is left of a call's income after its spending: added to one of them it is no figure of anything ("you
    // earned about CHF 240k" of income 213'816.77 + net 28'645.68; QA of stop 46), unless the answer says it adds a net.
    if (op === "sum" && a.callId === b.callId && (a.ctx.measure === "net") !== (b.ctx.measure === "net") && said.measure !== "net") return false;
    // A figure said to be below zero ("CHF 4'467.37 more than came in", "in the red") is a gap of what went out over what
    // came in, not of two figures below zero themselves (two months' deficits, two payments out): their gap is no deficit.
    if (op === "difference" && said.balance === -1 && !incomeLessSpending(a, b)) return false;
    if (op === "sum" && said.balance !== undefined && (a.value < 0) !== (b.value < 0)) return false;
    // A figure said to be a rate ("about CHF 207 a week", "CHF 1'500 a month") is a sum or a gap of two rates of that
    // kind, not of two months' amounts.
    if ((op === "sum" || op === "difference") && said.per && said.per !== "year" && !(a.ctx.per === said.per && b.ctx.per === said.per)) return false;
    // A change in per cent is of one thing between two periods ("groceries rose 4.8 %"), or between two things the clause
    // names ("about 10 % more at Coop than at Migros"), not from one thing to another ("Helsana 2024 → insurance 2025").
    if (op === "percent_change" && (String(a.ctx.categories) !== String(b.ctx.categories) || String(a.ctx.names) !== String(b.ctx.names)) && !(named(a) && named(b))) return false;
    return true;
  };

  /** Whether two figures of two periods of a series (a month or longer) are named by the answer: both periods (or their months), or the span of both. */
  const periodsNamed = (a: SourceFigure, b: SourceFigure) => {
    const pa = a.ctx.periods;
    const pb = b.ctx.periods;
    if (pa?.length !== 1 || pb?.length !== 1 || (pa[0]!.from === pb[0]!.from && pa[0]!.to === pb[0]!.to)) return true;
    const [x, y] = [pa[0]!, pb[0]!];
    if (x.to - x.from < 27 || y.to - y.from < 27) return true;
    const from = Math.min(x.from, y.from);
    const to = Math.max(x.to, y.to);
    if (said.periods?.some((q) => q.from === from && q.to === to)) return true;
    const isSaid = (p: Span) => !!said.periods?.some((q) => q.from === p.from && q.to === p.to) || (!!said.months && oneMonthSpan(p) && said.months.includes(Math.floor(p.from / 100) % 100));
    return isSaid(x) && isSaid(y);
  };
  return {
    rounded,
    /** The part of a share of a whole list: about what the answer says, one of the things its clause names, and no change. */
    part: (a: SourceFigure) => !a.change && ok(a) && inNamedSet(a) && (!rounded || named(a)),
    /** Terms of a sum, or the one figure of an average; `picked`: items taken from anywhere in one list (not a run). */
    terms(sources: SourceFigure[], picked = false): boolean {
      // Two terms must go together whatever else holds (both endings below ask it): asked first, as it is the cheapest
      // look that turns most pairs of a search away.
      if (sources.length === 2 && !related("sum", sources[0]!, sources[1]!)) return false;
      if (!(sources.every(inNamedSet) || (!picked && !rounded && sources.length >= 3 && everySubjectIn(sources))) || !sources.every(sameUnit)) return false;
      // A share said of a thing ("dining took 9.6 % of the month") is a sum of shares only of that thing's parts: dining's
      // and cash's shares together are no share of dining ("housing and children took 28.5 %" is said of both).
      if (f.kind === "percent" && sources.length > 1 && (said.categories || said.names) && !sources.every((s) => !aboutThing(s) || ok(s))) return false;
      // A count said of a thing ("7 uncategorised transactions") adds up that thing's counts, not a neighbour's in the same list.
      if (counts && sources.length > 1 && !sources.every((s) => !aboutThing(s) || ok(s))) return false;
      // Changes of both ways add up to no total: a fall's CHF -173.50 and a rise's CHF 384.14 are no CHF 557.64 of anything.
      if (sources.length > 1 && sources.some((s) => s.change && s.value < 0) && sources.some((s) => s.change && s.value > 0)) return false;
      // A rounded figure said to rise or fall ("spending fell about CHF 400") is a change: a sum of changes, not of amounts.
      if (rounded && said.sign !== undefined && sources.length > 1 && !sources.every((s) => s.change)) return false;
      // Two figures of two periods of a series (months, quarters) add up to a figure of both, which a rounded figure's answer
      // names (the two months, or the span from one to the other): "August and December together about CHF 2.9k", not
      // "averaged about CHF 2.9k a month" (August + December of 2025). Exact ones are no coincidence; days are a list's rows.
      if (sources.length === 2 && rounded && !periodsNamed(sources[0]!, sources[1]!)) return false;
      // Items picked from anywhere in a list are each about what the answer says (the months it names, its category).
      if (!rounded ? !(picked ? sources.every(ok) : sources.some(ok)) : !sources.every((s) => ok(s) && big(s))) return false;
      // A sum adds parts, never a part to the whole it is in (Zalando to all shopping, April to the year): asked last.
      return !(sources.length <= MAX_LISTED && sources.some((w) => sources.some((x) => holds(index, w, x))));
    },
    /**
     * A run of a series of periods (months) summed to a rounded figure: only the run of a period the clause names ("Q1
     * about CHF 1.2k"); with a dozen months some run is near any round amount ("the year about CHF 9.5k" of February–October).
     */
    run(terms: SourceFigure[]): boolean {
      if (!rounded || !terms.every((s) => s.ctx.periods?.length === 1)) return true;
      const from = Math.min(...terms.map((s) => s.ctx.periods![0]!.from));
      const to = Math.max(...terms.map((s) => s.ctx.periods![0]!.to));
      return !!said.periods?.some((q) => q.from === from && q.to === to);
    },
    /**
     * A run of a list's counts added up to a count: small whole numbers, so some run is near any count. Only the whole list,
     * the things the clause names, as many items as it says ("those three alone are 395 rows", "the top 5"), or the items of
     * the currency it names where the list has others ("506 rows of them in francs").
     */
    countedRun(terms: SourceFigure[], list: readonly SourceFigure[], whole: boolean): boolean {
      if (!counts || whole || terms.every((s) => outcome(s) || named(s))) return true;
      const c = said.currency;
      if (c && terms.every((s) => s.ctx.currency === c) && list.some((s) => !terms.includes(s) && s.ctx.currency && s.ctx.currency !== c)) return true;
      return said.items === terms.length;
    },
    pair(op: Operation, a: SourceFigure, b: SourceFigure): boolean {
      // A comparison's change goes only with changes ("62% of the increase"), never with an amount of a period.
      if (!a.change !== !b.change || (op === "percent_change" && a.change)) return false;
      // A change runs from the earlier period to the later: its from (a) is not the later one; a difference (or
      // percentage points) said to have risen or fallen (a is the larger) is larger at the later period when it rose,
      // smaller when it fell.
      if (op === "percent_change" && later(a, b)) return false;
      // Not when the answer says the figure is about the one it says is larger ("July cost CHF 560.34 more" than August) or smaller: a gap, not a rise.
      const gapOfSaid = said.sign !== undefined && (said.sign > 0 ? ok(a) && !ok(b) : ok(b) && !ok(a));
      if ((op === "difference" || op === "points") && said.sign !== undefined && !gapOfSaid && (said.sign > 0 ? later(b, a) : later(a, b))) return false;
      if (op === "sum") return this.terms([a, b]) && licensed(op, a, b);
      // An amount said to be a day's, a week's or a month's is over days, weeks or months, not over rows ("EUR 8.90 a day" is
      // no EUR 276.00 ÷ its 31 transactions): an amount ÷ a count is per item unless the count is of time. (Not a rate only near it in its clause: "per week that is CHF 343, and a single shop averaged CHF 19.67".)
      if (op === "ratio" && f.kind === "money" && b.kind === "count" && said.per && !said.perItem && !isCountOfTime(b.ctx.unit)) return false;
      if (rounded && op === "difference" && !(big(a) && big(b) && ok(a) && ok(b))) return false;
      // A share is of the part the answer names.
      // A difference between two things the clause names ("Hiltl … CHF 1'458.45 more than Zeughauskeller") is about them, whatever else it names.
      if (f.kind === "count" && !(sameUnit(a) && sameUnit(b))) return false;
      // Whether the two go together is asked first: most pairs a search meets do not, and it is cheaper than what each is about.
      if (!related(op, a, b)) return false;
      // A share's clause may name its whole last ("investments took 6.7 % of your income": said of Income): of two things it
      // names, the whole may be what the figure is said of, the part agreeing but for its subject.
      const about = op === "share" ? ok(a) || (named(a) && named(b) && ok(b) && okBesidesSubject(a)) : ok(a) || ok(b) || (op === "difference" && named(a) && named(b) && okBesidesSubject(a) && okBesidesSubject(b));
      return about && inNamedSet(a) && inNamedSet(b) && licensed(op, a, b);
    },
  };
}

/**
 * Whether `w` is a whole `p` is a part of: of one currency, over the same time or longer, about the same thing or wider,
 * and one of the two strictly — a merchant within the total of its call (Zalando within the call's shopping), a month
 * within the year of the same thing (April's housing rows within 2025's). Not rates or averages (no whole of anything), nor
 * an approval's outcome.
 */
function holds(index: FigureIndex, w: SourceFigure, p: SourceFigure): boolean {
  if (w === p || w.currency !== p.currency || w.outcome || p.outcome || w.change || p.change) return false;
  if (w.ctx.per || p.ctx.per || w.ctx.measure || p.ctx.measure) return false;
  const wp = w.ctx.periods;
  const pp = p.ctx.periods;
  if (!wp?.length || !pp?.length || !pp.every((q) => wp.some((x) => x.from <= q.from && q.to <= x.to))) return false;
  const longer = !pp.every((q) => wp.some((x) => x.from === q.from && x.to === q.to));
  const same = (a?: string[], b?: string[]) => String(a ?? "") === String(b ?? "");
  if (same(w.ctx.categories, p.ctx.categories) && same(w.ctx.names, p.ctx.names)) return longer && !!(w.ctx.categories || w.ctx.names);
  // A wider thing: the call's own total (its largest figure, about no name, of the same category or none) over a part of
  // it (an item whose name the data does not know looks like a total too, but is not the largest).
  return w.callId === p.callId && isCallMax(index, w) && !w.ctx.names && !!p.ctx.names && (!w.ctx.categories || same(w.ctx.categories, p.ctx.categories));
}

/** The most figures of a sentence a total of them may add up. */
export const MAX_LISTED = 8;
