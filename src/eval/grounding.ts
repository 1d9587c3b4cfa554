/**
 * Ungrounded figures of an answer (SPEC §11): the figures of the answer that match no figure
 * of its turn's tool results, by the checker the chat uses (src/figures).
 */
import type { Ledger } from "../ledger/ledger.ts";
import { createTurnFigures } from "../figures/turn.ts";
import { periodMonthCounts } from "../tools/query/period.ts";
import type { CallRecord } from "./score.ts";

/** The answer's ungrounded figures, as written: checked as the chat checks a turn. */
export function ungroundedFigures(answer: string, question: string, calls: CallRecord[], ledger: Ledger): string[] {
  const figures = createTurnFigures((input) => periodMonthCounts(input, ledger));
  for (const c of calls) if (c.ok && c.output) figures.record({ id: c.id, name: c.tool, input: c.input }, c.output);
  return figures
    .check(answer, question)
    .filter((f) => f.status === "ungrounded")
    .map((f) => f.text);
}
