/**
 * Checks the figures of an answer against the figures of its turn (SPEC §11, §11.1).
 *
 * `grounded`: a figure of the turn equals it at the precision written and is about what the
 * answer says it is about. `mismatched`: figures of the turn equal it, but every one of them
 * is about something the answer contradicts (another year, category, merchant, currency…).
 * `derived`: it follows, at the precision written, from figures the model read (the tools'
 * summaries, earlier results it sees, an approval's outcome): a sum of two of them or of a run
 * of one list (a summary list, a table column, a chart series), a difference, a ratio (as a
 * number, "1.7 times", or a percentage), a percentage change, percentage points between two
 * percentages, an amount ÷ a count (an average), or an amount ÷ the months, weeks or days of
 * a period a call named; three or four items of a short list said to be a total, wherever they
 * stand; the average of a run of a list (or of the items the clause names, the months it names); a
 * series by month with one month left out; and one more step from figures the answer itself wrote
 * in its sentence (its reader sees them): a gap or a ratio of two of them, a share of the base it
 * writes or of its call's natural total, a rate over the period it is said of, an amount per item
 * or a total of equal items with a count it wrote. `ungrounded`: anything else.
 *
 * A derivation is accepted only when the text licenses its operands (with 2'000 figures some pair,
 * run or subset explains nearly any number): things the clause names, figures the answer wrote, the
 * natural total of a list, a period the clause names; and when its kind fits what the clause says
 * (a ratio of counts only "as many", a rate only from rates, a change of one thing between two
 * periods, two shares added only as the shares of two things named).
 *
 * Choices where the spec is silent:
 * - Magnitudes are compared without their sign ("you spent CHF 11.65" of a row's CHF -11.65);
 *   the sign counts only where the answer says "up"/"fell" of a figure a tool signed (+/−).
 * - Operands of a derivation are of one kind and currency (two CHF amounts, two counts):
 *   currencies are never added (SPEC §1).
 * - A plain integer ("18'110") may be an amount or a count; it is checked against both.
 * - A rounded figure ("about CHF 30k", "1.2k") is derived only from operands about what the
 *   answer says it is about: with thousands of figures nearly every round number is some sum.
 *
 * Fast on purpose (bench/figures.ts): the turn's figures are grouped and sorted once; a
 * grounded figure is one binary search; a derivation is a linear two-pointer walk per
 * operation over sorted values, tried only for figures that are not grounded.
 */
export type { Divisors, FigureIndex, CallSpan } from "./check/figure-types.ts";
export { indexFigures } from "./check/figure-index.ts";
export { checkWithIndex } from "./check/answer.ts";
export { verifyCalculation, mixesCurrencies } from "./check/calculation.ts";
