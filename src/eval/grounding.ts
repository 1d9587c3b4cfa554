/**
 * Ungrounded figures of an answer (SPEC §11): the figures of the answer that match no figure
 * of its turn's tool results, by the checker the chat uses (src/figures).
 */
import type { Ledger } from "../budget/ledger.ts";
import { checkAnswer } from "../figures/check.ts";
import { figuresOfOutput } from "../figures/collect.ts";
import { coveredMonths, resolvePeriod, type PeriodInput } from "../tools/query/period.ts";
import type { CallRecord } from "./score.ts";

/** The periods a call named: its own, or compare_periods' `a` and `b`. */
function periodsOf(input: unknown): PeriodInput[] {
  if (typeof input !== "object" || input === null) return [];
  const i = input as Record<string, unknown>;
  const nested = [i.a, i.b].filter((p): p is PeriodInput => typeof p === "object" && p !== null);
  return nested.length ? nested : [i as PeriodInput];
}

/** How many months each period of the turn's calls covers (a figure divided by one is a monthly average). */
function periodMonths(calls: CallRecord[], ledger: Ledger): number[] {
  const out: number[] = [];
  for (const c of calls.filter((c) => c.ok)) {
    for (const p of periodsOf(c.input)) {
      try {
        out.push(coveredMonths(resolvePeriod(p), ledger).length);
      } catch {
        // A period the tool accepted always resolves; anything else names no months.
      }
    }
  }
  return out;
}

/** The answer's ungrounded figures, as written. */
export function ungroundedFigures(answer: string, question: string, calls: CallRecord[], ledger: Ledger): string[] {
  const figures = calls.flatMap((c) => (c.output ? figuresOfOutput(c.tool, c.id, c.output) : []));
  return checkAnswer(answer, question, figures, { periodMonths: periodMonths(calls, ledger) })
    .filter((f) => f.status === "ungrounded")
    .map((f) => f.text);
}
