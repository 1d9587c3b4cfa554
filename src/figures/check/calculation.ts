/** The calculate tool's own check: its operands must be figures of the turn, of one currency (verifyCalculation). */
import type { AnswerFigure, FigureSource } from "../../core/figures.ts";
import type { SourceFigure } from "../collect.ts";
import { readFigures } from "../read.ts";
import type { FigureIndex, Group } from "./figure-types.ts";
import { findEqual, intervalOf } from "./search.ts";
import { MAX_CONSTANT, source } from "./sources.ts";

/**
 * A calculation the model gave to confirm a figure: every number in it is a figure of the turn
 * (or a small whole constant: 12 months, 100 %), and its result is the figure at the precision
 * written. The figures it used, or null.
 */
export function verifyCalculation(index: FigureIndex, f: AnswerFigure, expression: string, evaluate: (expression: string) => number): FigureSource[] | null {
  let value: number;
  try {
    value = evaluate(expression);
  } catch {
    return null;
  }
  const read = readFigures(f.text)[0];
  if (!read || !Number.isFinite(value)) return null;
  const r = intervalOf(read);
  if (Math.abs(value) < r.lo || Math.abs(value) > r.hi) return null;
  const operands = calculationOperands(index, expression);
  if (!operands) return null;
  const picked = oneCurrencyReading(operands, read.kind === "money" ? read.currency : undefined);
  return picked ? picked.map((h) => source(h.f, index.lexicon)) : null;
}

/** A number of a calculation: every figure of the turn it could be. */
type Operand = { g: Group; f: SourceFigure }[];

/** Each number of a calculation (small whole constants aside) with every figure of the turn it could be; null when one is no figure of the turn. */
function calculationOperands(index: FigureIndex, expression: string): Operand[] | null {
  const operands: Operand[] = [];
  for (const m of expression.matchAll(/\d[\d'’_]*(?:\.\d+)?/g)) {
    const x = Number(m[0].replace(/['’_]/g, ""));
    if (Number.isInteger(x) && x <= MAX_CONSTANT) continue;
    const eps = 1e-9 * Math.max(1, x);
    const hits = index.groups.flatMap((g) => findEqual(g.values, { lo: x - eps, hi: x + eps }).map((k) => ({ g, f: g.flat[g.offsets[k]!]! })));
    if (!hits.length) return null;
    operands.push(hits);
  }
  return operands;
}

/**
 * Currencies are never added together (SPEC §1): the figures a calculation's numbers are, read as amounts of one
 * currency (`written`, the one written with the figure, when it names one; counts and percentages go with any), or
 * null when they cannot be.
 */
function oneCurrencyReading(operands: readonly Operand[], written: string | undefined): Operand[number][] | null {
  const moneyOf = (h: { g: Group }) => (h.g.kind === "money" && h.g.currency ? h.g.currency : null);
  const currencies = written ? [written] : [...new Set(operands.flatMap((hits) => hits.flatMap((h) => moneyOf(h) ?? [])))];
  for (const currency of currencies.length ? currencies : [null]) {
    const picked = operands.map((hits) => hits.find((h) => moneyOf(h) === null || moneyOf(h) === currency));
    if (picked.every((h) => h)) return picked as Operand[number][];
  }
  return null;
}

/**
 * A calculation of the turn over amounts of several currencies (CHF 760.20 + EUR 9.99): its result is no figure
 * of any currency, so it grounds nothing. A calculation with a number that is no figure of the turn is not judged.
 */
export function mixesCurrencies(index: FigureIndex, expression: string): boolean {
  const operands = calculationOperands(index, expression);
  return operands !== null && oneCurrencyReading(operands, undefined) === null;
}
