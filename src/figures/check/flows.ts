/** Which way the money went (money in, money out, net) as the answer says it and as a source is labelled; rates and budgets said of a flow. */
import type { AnswerFigure } from "../../core/figures.ts";
import { foldName } from "../context.ts";
import type { SourceFigure } from "../collect.ts";
import { allMatches, type ReadFigure } from "../read.ts";
import { OVERSPENT_AFTER } from "../context/figure-words.ts";
import type { FigureIndex } from "./figure-types.ts";
import { figureOfSource, PART_END, SENTENCE_END, sentenceStart } from "./written.ts";
import { periodKey } from "./written-shares.ts";
import { notFound } from "./written-ratios.ts";

/** Words that say money came in or went out: the last of them before an amount in its clause says which it is. */
const FLOW_WORDS = /\b(?:(income|earn(?:ed|ings?|s)?|came\s+in|money\s+in)|(spen(?:t|d|ds|ding)|expenses?|outgoings|money\s+out))\b/gi;

/** The noun spending right before an amount ("your spending of", "total spending came to", "spending:"): the whole spending, whatever categories drove it. */
export const WHOLE_SPENDING = /\bspending(?:\s+(?:of|was|is|came\s+to|totall?ed|reached|at))?\s*:?\s*(?:[A-Z]{3}\s*)?$/i;

/** The same right after it: "CHF 90'000 of income", "CHF 70'000 in spending", "CHF 56'400.00 came in", "CHF 23'305.40 went out". */
const FLOW_AFTER = /^\s*(?:(?:of|in)\s+(?:total\s+)?(?:(income)|(spending))|(came\s+in)(?!\s+(?:well\s+|just\s+|far\s+)?(?:under|over|at|below|above|lower|higher|ahead|behind))|(went\s+out))\b/i;

/**
 * Whether an amount is written as money in or money out: by the last flow word between the figure before it (or its
 * clause's start) and it, else by "of income" / "in spending" / "came in" / "went out" right after it. Silent (undefined)
 * when neither. The words right after the figure before are that figure's ("CHF 56'400.00 came in and CHF 23'305.40 went
 * out": the spending is not money in).
 */
export function flowOf(answer: string, f: ReadFigure, before: ReadFigure | undefined): "in" | "out" | undefined {
  // Spent beyond what came in ("you spent CHF 435.49 more than came in"): the gap of the two flows, of neither.
  if (OVERSPENT_AFTER.test(answer.slice(f.end, f.end + 30))) return undefined;
  const after = before && before.end <= f.start ? before.end : 0;
  const clause = Math.max(answer.lastIndexOf(". ", f.start), answer.lastIndexOf(";", f.start), answer.lastIndexOf("\n", f.start), after);
  const own = clause === after && after > 0 ? FLOW_AFTER.exec(answer.slice(clause, f.start)) : null;
  // allMatches, not matchAll: no copy of the expression for every amount of an answer.
  const m = allMatches(FLOW_WORDS, answer.slice(clause + (own ? own[0].length : 0), f.start)).at(-1) ?? FLOW_AFTER.exec(answer.slice(f.end, f.end + 30)) ?? undefined;
  return m ? (m[1] || m[3] ? "in" : "out") : undefined;
}

/**
 * A figure a result says is money in or out: its sentence's direction ("Unclassified money in: …"), else its label
 * ("income", "total spending", a series "In"/"Out"). Remembered.
 */
const flows = new WeakMap<SourceFigure, "in" | "out" | null>();

// Not a budget's "spent": a budget tool reports only spending (no income to swap it with), and its lines run on to the
// next sentence's figures ("… total spent CHF 4'535.45.\nUnclassified money in: CHF 20.95" keeps that label).
const FLOW_LABEL = /^(?:total\s+)?(?:(income|in)(?:\s+category)?|(spending|out))$/i;

export function flowOfSource(s: SourceFigure): "in" | "out" | null {
  let v = flows.get(s);
  if (v === undefined && s.direction) flows.set(s, (v = s.direction));
  if (v === undefined) {
    const m = FLOW_LABEL.exec(s.where.slice(s.where.lastIndexOf(" · ") + 3).trim());
    flows.set(s, (v = m ? (m[1] ? "in" : "out") : null));
  }
  return v;
}

/** Per index, the flow of each chart or table value whose series or column says it ("Income", "Spending"), by call, period, currency and value; null where both flows have it. */
const labelledFlows = new WeakMap<FigureIndex, Map<string, "in" | "out" | null>>();

const flowKey = (s: SourceFigure) => `${s.callId}|${periodKey(s.ctx)}|${s.currency}|${Math.round(Math.abs(s.value) * 100)}`;

/**
 * The flow of a summary's figure its label does not say, from its twin in the call's chart (same period, currency and
 * value): the slots of "Per month (income / spending / net): 2024-09 CHF 16'893.56 / CHF 19'234.78 / CHF -2'341.22",
 * labelled by the month or the slash, are the Income and Spending series' 2024-09 values — "September's income of CHF
 * 19'234.78" is the spending (r4p06), "January's spending of CHF 16'737.95" the income (r4o05).
 */
export function twinFlow(index: FigureIndex, s: SourceFigure): "in" | "out" | null {
  if (s.clause < 0) return null;
  let byKey = labelledFlows.get(index);
  if (!byKey) {
    byKey = new Map();
    for (const g of index.groups) {
      for (const x of g.flat) {
        const flow = x.clause < 0 && x.kind === "money" ? flowOfSource(x) : null;
        if (!flow) continue;
        const key = flowKey(x);
        const had = byKey.get(key);
        byKey.set(key, had === undefined || had === flow ? flow : null);
      }
    }
    labelledFlows.set(index, byKey);
  }
  return byKey.get(flowKey(s)) ?? null;
}

/**
 * The whole a percentage is said to be of, when it is money in or money out: "of your income", "of its income", "of all the
 * income", "of the salaries" (in); "of your spending", "of what you spent", "of the month's expenses" (out).
 */
const OF_FLOW_WHOLE = /^\s*of\s+(?:(?:your|its|their|our|the|all|that|this|total|net|gross|month['’]s|year['’]s|quarter['’]s|household['’]s)\s+){0,3}(?:(income|salar(?:y|ies)|earnings|pay)|(spending|expenses|outgoings|what\s+(?:you|we)\s+spent))\b/i;

/**
 * A sum or a difference said to be per some time ("CHF 300.00 a year") is of figures of that rate or of none: of a monthly
 * rent's two prices it is a month's gap, not a year's (r4r20: CHF 2'150.00 − CHF 1'850.00 written "a year").
 */
export function ofOwnRate(index: FigureIndex, checked: AnswerFigure, per: string): AnswerFigure {
  return checked.sources.some((src) => {
    const rate = figureOfSource(index, src)?.ctx.per;
    return rate !== undefined && rate !== per;
  })
    ? notFound(checked)
    : checked;
}

/** Whether a name stands right before a figure, as an item of a list ("Netflix CHF 21.90", "Netflix: CHF 21.90"). */
export function nameBeside(answer: string, f: ReadFigure, name: string): boolean {
  const before = answer.slice(Math.max(0, f.start - name.length - 8), f.start).replace(/[\s:—–*-]+$/u, "");
  return foldName(before.slice(-name.length)) === foldName(name);
}

/**
 * A sum said of one merchant or account written beside it ("Netflix CHF 21.90") is of that name's figures: a term of
 * another name (Apple's one-off CHF 1.00 + Netflix's CHF 20.90, r4r11) makes it no such sum: not found.
 */
export function sumOfOwnName(index: FigureIndex, checked: AnswerFigure, name: string): AnswerFigure {
  const other = checked.sources.some((src) => {
    const names = figureOfSource(index, src)?.ctx.names;
    return !!names && !names.some((n) => foldName(n) === foldName(name));
  });
  return other ? notFound(checked) : checked;
}

/** A rate said to be over the part of a period behind us: "so far this year", "year to date". */
export const SO_FAR = /\bso\s+far\b|\byear[\s-]+to[\s-]+date\b|\bYTD\b/i;

/**
 * A figure's own part of its sentence: from the figure written before it (or the sentence's start) to the next comma or
 * semicolon after it ("spending of CHF 169'593.08, and the savings rate stays …" is no savings, r4s06).
 */
export function ownPart(answer: string, f: ReadFigure, figures: readonly ReadFigure[]): string {
  const from = Math.max(sentenceStart(answer, f.start), figures.findLast((g) => g.end <= f.start)?.end ?? 0);
  const after = answer.slice(f.end, f.end + 40);
  const end = after.search(PART_END);
  return answer.slice(from, f.end + (end < 0 ? after.length : end));
}

/** A figure's sentence up to it and a few words after it (no further than its end). */
export function clauseAround(answer: string, f: ReadFigure): string {
  const after = answer.slice(f.end, f.end + 40);
  const end = after.search(SENTENCE_END);
  return answer.slice(sentenceStart(answer, f.start), f.end + (end < 0 ? after.length : end));
}

/**
 * A monthly average said to be "so far" is over the months its call has data for: a divisor its call does not count (a year's
 * 12 months of a year with data to October, r4r08 "per month so far this year CHF 178.80" = 2026's ÷ 12) is no such rate.
 */
export function soFar(index: FigureIndex, checked: AnswerFigure): AnswerFigure {
  const s = checked.sources.length === 1 ? figureOfSource(index, checked.sources[0]!) : undefined;
  const own = s ? index.callDivisors.get(s.callId)?.months : undefined;
  return own?.length && checked.months !== undefined && !own.includes(checked.months) ? notFound(checked) : checked;
}

/** A result's budget, as its place ends ("budget_status · summary · Total budget", "… · Groceries · budget"). */
const BUDGET_LABEL = /·\s*(?:total\s+)?budget$/i;

/** A share of a thing's own budget ("of their budget", "of its own budget"), and a result's budget of all categories. */
const OF_OWN_BUDGET = /^\s*of\s+(?:its|their|his|her)\s+(?:own\s+)?(?:monthly\s+)?budget\b/i;

const TOTAL_BUDGET = /·\s*total\s+budget$/i;

const TOTAL_SPENT = /·\s*total\s+spent$/i;

/** A result's savings rate, as its place ends ("income_vs_spending · summary · savings rate"). */
const SAVINGS_RATE = /·\s*savings rate$/i;

/**
 * A percentage said to be of income is over money in, one said to be of spending over money out: derived as a ratio over a
 * figure the result gives as the other flow (the net ÷ the spending, written "X % of your income"), it is a share of the
 * wrong whole: not found (r4r05, r4q05, r4p18, r4l05). A whole the result gives no flow for is left as it is. A savings rate
 * (net ÷ income) said to be of spending is mismatched (r4l05 "11.5% of spending was left over").
 */
export function overFlowSaid(index: FigureIndex, checked: AnswerFigure, after: string): AnswerFigure {
  // "Groceries used 66.1% of their budget": of the category's own budget, not of all budgets together (r4q23). Of the total
  // spent, "their" is all the budgeted categories together, whose budget is the total budget.
  if (
    checked.status === "derived" &&
    OF_OWN_BUDGET.test(after) &&
    checked.sources.length === 2 &&
    TOTAL_BUDGET.test(checked.sources[1]!.where) &&
    !TOTAL_SPENT.test(checked.sources[0]!.where)
  )
    return notFound(checked);
  const m = OF_FLOW_WHOLE.exec(after);
  // A savings rate is the net over the income: said to be of spending ("11.5% of spending was left over"), it is not that share.
  if (checked.status === "grounded") return m?.[2] && checked.sources.every((x) => SAVINGS_RATE.test(x.where)) ? { ...checked, status: "mismatched" } : checked;
  const whole = m && checked.sources.length === 2 ? figureOfSource(index, checked.sources[1]!) : undefined;
  if (!m || !whole) return checked;
  // A budget is no spending: "75.4% of what you spent" is no share of the total budget (r4k18).
  if (m[2] && BUDGET_LABEL.test(whole.where)) return notFound(checked);
  const flow = flowOfSource(whole) ?? twinFlow(index, whole);
  return flow && flow !== (m[1] ? "in" : "out") ? notFound(checked) : checked;
}
