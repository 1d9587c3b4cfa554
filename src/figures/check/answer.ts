/** Checks every figure of an answer in order, with what the answer wrote before it (checkWithIndex). */
import type { AnswerFigure } from "../../core/figures.ts";
import { readInContext, type FigureContext } from "../context.ts";
import { readFigures, type ReadFigure } from "../read.ts";
import { withTableCounts } from "../table.ts";
import type { FigureIndex } from "./figure-types.ts";
import { type Backed, SENTENCE_END, sentenceStart } from "./written.ts";
import { countOfAmount, rowsPerMonth } from "./row-counts.ts";
import { ARROW_BEFORE, ARROW_BETWEEN, ellipticPart, endpointOf, monthsInTimeOrder, sentenceAround, USED_AFTER } from "./endpoints.ts";
import { clauseAround, flowOf, nameBeside, ofOwnRate, overFlowSaid, ownPart, SO_FAR, soFar, sumOfOwnName, WHOLE_SPENDING } from "./flows.ts";
import { antecedentOf, OF_PRONOUN, shareOfWritten, writtenBase, writtenPerItem } from "./written-shares.ts";
import { comparedBack, COMPARES_AFTER, lastYearOf, overNet, ratioOfCompared, shareOfKept, TIMES_USUAL, usualOfOneRow, writtenRatio } from "./written-ratios.ts";
import { listedSum, secondStep, writtenChange, writtenDifference } from "./written-steps.ts";
import { writtenYearly, YEAR_AT_PACE, yearAtPace } from "./pace.ts";
import { ageNoneStates } from "./ages.ts";
import { clauseBefore } from "../context/clauses.ts";
import { approvedTotal, ofNewBudgets } from "./approvals.ts";
import { leftOut, leftOutThing, sumOfNamed } from "./left-out.ts";
import { FROM_AVERAGE, fromAverage, OF_CHANGE, shareOfChange, topShare } from "./against-whole.ts";
import { checkOne } from "./check-one.ts";

/**
 * The figures of `answer`, each with its status and sources. Numbers the user wrote in
 * `question` are not figures of the answer.
 */
export function checkWithIndex(answer: string, question: string, index: FigureIndex): AnswerFigure[] {
  let asked = index.asked.get(question);
  if (!asked) index.asked.set(question, (asked = readFigures(question).map((q) => Math.abs(q.value))));
  const lastYear = lastYearOf(index, question);
  // A quarter or a range of months written without its year is the turn's year when all its figures are of that year.
  const unwritten = index.thisYear && index.firstYear >= index.thisYear ? index.thisYear : undefined;
  const years = { ...(index.thisYear ? { thisYear: index.thisYear } : {}), ...(lastYear ? { lastYear } : {}), ...(unwritten ? { unwritten } : {}) };
  const { figures, contexts } = readInContext(answer, withTableCounts(answer, readFigures(answer)), index.lexicon, { answer: true, years });
  const out: AnswerFigure[] = [];
  /** The answer's own amounts and counts so far that the turn backs: a later figure of their sentence may add them up, or take a second step from one it derived. */
  const backed: Backed[] = [];
  /** Unfound amounts said to be a gap, and unfound ratios: looked at again once the rest of their sentence is read. */
  const later: { at: number; said: FigureContext }[] = [];
  /** Unfound amounts said to be each item's or all items' ("CHF 16.67 each", "came to CHF 360"): looked at once their sentence is read. */
  const items: { at: number; said: FigureContext }[] = [];
  /** Percentages with their base written after them: looked at once it is read. */
  const shares: { at: number; base: ReadFigure; said: FigureContext }[] = [];
  /** The last amount read and how it was checked: a count right after it may count its rows (countOfAmount). */
  let lastAmount: { f: ReadFigure; checked: AnswerFigure } | undefined;
  figures.forEach((f, i) => {
    if (asked.some((q) => Math.abs(q - Math.abs(f.value)) < 1e-9)) return;
    const said = contexts[i]!;
    if (ageNoneStates(index, answer, f, said.names)) return;
    // The currency written with the figure is what it is in, whatever the clause's currency word ("Outside francs there was EUR 453.60").
    if (f.currency && said.currency) said.currency = f.currency;
    // A plus says it went up ("+14.4%", "+CHF 12.00"); a minus before a percentage that it went down ("-3.0%").
    if (said.sign === undefined && answer[f.start - 1] === "+") said.sign = 1;
    else if (said.sign === undefined && f.value < 0 && (f.kind === "percent" || f.kind === "points")) said.sign = -1;
    if (said.sign !== undefined) said.changeSaid = true;
    // "36.7% used" is spent ÷ budget: no remaining amount (a budget's other side) is its part.
    if (f.kind === "percent" && said.budget === undefined && USED_AFTER.test(answer.slice(f.end, f.end + 24))) said.budget = "used";
    if (f.kind === "ratio" && COMPARES_AFTER.test(answer.slice(f.end, f.end + 40))) f.compares = true;
    if (f.kind === "money") {
      const flow = flowOf(answer, f, figures[i - 1]);
      if (flow) said.flow = flow;
      if (WHOLE_SPENDING.test(answer.slice(Math.max(0, f.start - 40), f.start))) said.wholeSpending = true;
    }
    const endpoint = endpointOf(answer, f, figures[i - 1]);
    if (endpoint) said.endpoint = endpoint;
    if (endpoint && (ARROW_BEFORE.test(answer.slice(f.end, f.end + 12)) || ARROW_BETWEEN.test(answer.slice(figures[i - 1]?.end ?? f.start, f.start)))) said.arrow = true;
    if (said.arrow && monthsInTimeOrder(sentenceAround(answer, f))) said.arrowInTime = true;
    // "The first half came to CHF 600.00, and the second to CHF 900.00": the second half of the year the first is of.
    // It is of what the first is of, too ("Groceries' first half came to …, and the second to …" is groceries' second half).
    // Only when the first was itself found for that half (review of r4-figacc7, #1: "the year before, the first half came to
    // CHF 540.00" is read under the clause's 2025; an unfound first figure names no year to take the second of).
    const prior = out.length && out[out.length - 1]!.start === figures[i - 1]?.start ? out[out.length - 1] : undefined;
    if (said.arrow && endpoint === "to" && prior?.status === "grounded" && contexts[i - 1]?.endpoint === "from") said.arrowFrom = prior.sources;
    const partOfYear = i > 0 && prior ? ellipticPart(index, answer, { f: figures[i - 1]!, said: contexts[i - 1]!, checked: prior }, f, said) : null;
    if (partOfYear) {
      const first = contexts[i - 1]!;
      said.periods = [partOfYear];
      if (!said.categories && first.categories) said.categories = first.categories;
      if (!said.names && first.names) said.names = first.names;
      if (!said.currency && first.currency) said.currency = first.currency;
    }
    let checked = checkOne(index, f, said);
    // A share whose base the answer writes right after it ("38 % of June's spending of CHF 17'499.29") is of that base:
    // looked at once the base is read, whatever else it may be a ratio of.
    // A share already derived other than as a ratio (a sum of the shares the result gives), or as a ratio over that very
    // base, stays so (review of r4-held12: "56.6% of your spending of CHF 18'434.50", Groceries' 40.3% + Dining's 16.3%,
    // was lost: its part is no one figure).
    /** The figures the turn backs that the answer wrote before this one in its sentence (no sentence end between). */
    const sentenceBefore = () => backed.filter((b) => !SENTENCE_END.test(answer.slice(b.f.end, f.start)));
    const pronoun = f.kind === "percent" && said.sign === undefined && checked.status !== "grounded" ? OF_PRONOUN.exec(answer.slice(f.end, f.end + 16)) : null;
    const antecedent = pronoun ? antecedentOf(answer, f, figures, pronoun[1]!) : undefined;
    const written = f.kind === "percent" && said.sign === undefined && checked.status !== "grounded" ? (pronoun ? (antecedent ?? undefined) : writtenBase(answer, f, figures)) : undefined;
    const overBase = written && checked.status === "derived" && (checked.operation !== "ratio" || checked.sources.some((x) => Math.abs(Math.abs(x.value) - Math.abs(written.value)) < 0.005));
    const base = overBase ? undefined : written;
    // "N % of it / of that / of them" with no one figure it can refer to: a ratio of two figures of the turn is a guess at
    // what the whole is (the last of a list, an amount in brackets, a count beside the amount): not derived.
    // Nor when that figure is itself not found or found as something else ("Housing came to EUR 6'000.00" of a CHF 6'000.00):
    // a share of a wrong whole is no share the turn backs.
    const unbacked = pronoun && antecedent !== undefined && (!written || !backed.some((b) => b.f.start === written.start));
    if (unbacked && checked.status === "derived" && checked.operation === "ratio") checked = { text: f.text, value: f.value, start: f.start, end: f.end, status: "ungrounded", sources: [] };
    if (base) {
      shares.push({ at: out.length, base, said });
      checked = { text: f.text, value: f.value, start: f.start, end: f.end, status: "ungrounded", sources: [] };
    } else if (checked.status === "ungrounded") {
      const sentence = sentenceBefore();
      checked = (sentence.length && (listedSum(f, sentence) ?? secondStep(index, f, said, sentence, answer) ?? writtenChange(f, said, sentence))) || checked;
    }
    // Only a figure said to be a change or a gap ("CHF 130.61 more than", "rose by"): a difference of any two earlier
    // amounts is near any amount (review: "Travel came to CHF 4'431.20" was found as groceries − dining).
    if (checked.status === "ungrounded" && said.changeSaid) checked = writtenDifference(f, backed, f.precision >= 1 && !f.approximate ? sentenceBefore() : undefined) ?? checked;
    if (checked.status === "ungrounded" && f.kind === "money" && said.per === "year") checked = writtenYearly(index, f, said, backed.filter((b) => !answer.slice(b.f.end, f.start).includes("\n\n")), sentenceBefore()) ?? checked;
    if (checked.status === "ungrounded" && f.kind === "money") {
      const clause = clauseAround(answer, f);
      if (said.per === "year" || YEAR_AT_PACE.test(clause)) checked = yearAtPace(index, f, said, ownPart(answer, f, figures), backed.filter((b) => b.f.kind === "money" && !answer.slice(b.f.end, f.start).includes("\n\n")).at(-1)) ?? checked;
    }
    // A percentage of the increase or the decline is a share of a change and nothing else: not a change in per cent that has its value.
    const ofChange = f.kind === "percent" ? OF_CHANGE.exec(answer.slice(f.end, f.end + 50)) : null;
    if (ofChange) checked = shareOfChange(index, f, said, sentenceBefore(), ofChange[1] ? 1 : ofChange[2] ? -1 : 0) ?? { ...checked, status: "ungrounded", sources: [] };
    if (checked.status === "ungrounded" && f.kind === "count" && said.per === "month") checked = rowsPerMonth(index, f, said) ?? checked;
    if (checked.status === "ungrounded" && f.kind === "percent") checked = topShare(index, f, said, answer.slice(Math.max(0, f.start - 120), f.start)) ?? checked;
    if (checked.status === "ungrounded" && f.kind === "money") checked = leftOut(index, f, said, answer) ?? leftOutThing(index, f, answer, backed) ?? checked;
    if (checked.status === "ungrounded" && f.kind === "money") {
      const opened = answer.slice(sentenceStart(answer, f.start), f.start);
      checked = approvedTotal(index, f, opened, answer.slice(f.end, f.end + 30)) ?? sumOfNamed(index, f, said, opened) ?? checked;
    }
    // An amount said to be a gap to the average is that gap and nothing else: not another difference of two figures of the turn that has its value (highest − lowest, the average − another month).
    if (f.kind === "money" && checked.status !== "grounded" && checked.status !== "mismatched" && FROM_AVERAGE.test(answer.slice(f.end, f.end + 60))) checked = fromAverage(index, f, said, answer, sentenceBefore(), backed) ?? { ...checked, status: "ungrounded", sources: [] };
    if (f.kind === "count" && (checked.status === "grounded" || checked.status === "derived") && lastAmount) checked = countOfAmount(index, f, said, answer, lastAmount) ?? checked;
    if (f.kind === "money") lastAmount = { f, checked };
    if ((checked.status === "derived" || checked.status === "grounded") && (f.kind === "money" || f.kind === "count")) backed.push({ f, checked, said });
    else if (checked.status === "ungrounded" && ((said.changeSaid && f.kind === "money") || f.kind === "ratio")) later.push({ at: out.length, said });
    if (checked.status === "derived" && f.kind === "ratio" && TIMES_USUAL.test(answer.slice(f.end, f.end + 40))) checked = usualOfOneRow(index, checked, answer.slice(f.end, f.end + 60));
    if (checked.status === "derived" && checked.operation === "monthly_average" && SO_FAR.test(clauseAround(answer, f))) checked = soFar(index, checked);
    if (checked.status === "derived" && (checked.operation === "difference" || checked.operation === "sum") && said.per) checked = ofOwnRate(index, checked, said.per);
    if (checked.status === "derived" && checked.operation === "sum" && said.ownName && !said.total && !said.items && said.names?.length === 1 && nameBeside(answer, f, said.names[0]!)) checked = sumOfOwnName(index, checked, said.names[0]!);
    if (checked.status === "derived" && f.kind === "percent" && shareOfKept(answer, f)) checked = overNet(index, checked, f, sentenceBefore());
    if (f.kind === "percent" && checked.status === "grounded") checked = ofNewBudgets(index, checked, clauseBefore(answer, f.start), answer.slice(f.end, f.end + 40));
    if (f.kind === "percent" && ((checked.status === "derived" && checked.operation === "ratio") || checked.status === "grounded")) checked = overFlowSaid(index, checked, answer.slice(f.end, f.end + 48));
    const compared = checked.status === "derived" ? comparedBack(answer, f, sentenceBefore()) : null;
    if (compared) checked = ratioOfCompared(checked, f, compared);
    if (checked.status === "ungrounded" && f.kind === "money" && (said.perItem || said.measure === "average" || said.total)) items.push({ at: out.length, said });
    out.push(checked);
  });
  // A gap the answer states before its second term ("CHF 453.60 more than November's CHF 661.90"): a difference of two
  // amounts it wrote, one of them after it in its sentence; likewise a ratio ("1.7 times April's CHF 414.70").
  for (const { at, said } of later) {
    const f = out[at]!;
    const upTo = answer.slice(f.end).search(SENTENCE_END);
    const end = upTo < 0 ? answer.length : f.end + upTo;
    const read = figures.find((x) => x.start === f.start)!;
    const found = read.kind === "ratio" ? writtenRatio(read, said, backed.filter((b) => b.f.start < end && !SENTENCE_END.test(answer.slice(Math.min(b.f.end, f.start), Math.max(b.f.start, f.end))))) : writtenDifference(read, backed.filter((b) => b.f.start < end));
    if (found) out[at] = found;
  }
  for (const { at, said } of items) {
    const f = out[at]!;
    if (f.status !== "ungrounded") continue;
    const upTo = answer.slice(f.end).search(SENTENCE_END);
    const from = sentenceStart(answer, f.start);
    const end = upTo < 0 ? answer.length : f.end + upTo;
    const sentence = backed.filter((b) => b.f.start >= from && b.f.start < end);
    const read = figures.find((x) => x.start === f.start)!;
    out[at] = writtenPerItem(read, said, sentence, answer.slice(from, end), from) ?? f;
  }
  for (const { at, base, said } of shares) {
    const f = out[at]!;
    const b = backed.find((x) => x.f.start === base.start);
    if (!b) continue;
    const read = figures.find((x) => x.start === f.start)!;
    const sentence = backed.filter((x) => x.f.end <= f.start && !SENTENCE_END.test(answer.slice(x.f.end, f.start)));
    out[at] = shareOfWritten(index, read, said, b, sentence) ?? f;
  }
  return out;
}
