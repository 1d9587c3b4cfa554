/**
 * Ungrounded figures of an answer (SPEC §11): the figures of the answer that match no figure
 * of its turn's tool results, by the same checker the chat uses.
 */
import type { CallRecord } from "./score.ts";

/**
 * TODO(lead, at merge of branch `figures`): count with src/figures — turnFigures =
 * calls.flatMap((c) => c.output ? figuresOfOutput(c.tool, c.id, c.output) : []), then
 * checkAnswer(answer, question, turnFigures).filter((f) => f.status === "ungrounded").length.
 * Until that checker exists this returns null: "not checked", shown as such in the report.
 */
export function countUngrounded(_answer: string, _question: string, _calls: CallRecord[]): number | null {
  return null;
}
