/**
 * The figures of one turn, recorded as its tools answer (the invoker's `onOutput` hook),
 * and the check of its answer once the answer's text has ended.
 */
import type { ToolOutput } from "../core/events.ts";
import { checkWithIndex, indexFigures, type FigureIndex } from "./check.ts";
import { figuresOfOutput } from "./collect.ts";
import type { AnswerFigure, TurnFigure } from "../core/figures.ts";

export type TurnFigures = {
  /** Records the figures of one read tool's result (pass it as the invoker's `onOutput`). */
  record(call: { id: string; name: string; input: unknown }, output: ToolOutput): void;
  readonly figures: readonly TurnFigure[];
  /** The answer's figures checked against what was recorded; numbers of `question` are not figures. */
  check(answer: string, question: string): AnswerFigure[];
};

/**
 * `periodMonths`: how many months each period a call names spans (tools/query/period.ts
 * periodMonthCounts on the caller's budget.db; periods are the tools' business, not this room's).
 */
export function createTurnFigures(periodMonths: (input: unknown) => number[]): TurnFigures {
  const figures: TurnFigure[] = [];
  const months = new Set<number>();
  // Indexed as each result arrives (while the model is still at work), so checking the
  // answer once it has ended only reads and searches (bench/figures.ts).
  let index: FigureIndex = indexFigures([]);
  return {
    figures,
    record(call, output) {
      figures.push(...figuresOfOutput(call.name, call.id, output));
      for (const m of [...periodMonths(call.input), ...chartMonths(output)]) months.add(m);
      index = indexFigures(figures);
    },
    check(answer, question) {
      return checkWithIndex(answer, question, index, { periodMonths: [...months] });
    },
  };
}

const MONTH_LABEL = /^\d{4}-\d{2}$/;

/** A chart by month counts its months: the months of the period inside the data (SPEC §1). */
function chartMonths(output: ToolOutput): number[] {
  return output.charts.map((chart) => chart.data.labels.filter((l) => MONTH_LABEL.test(l)).length);
}

export type FigureCounts = { checked: number; grounded: number; derived: number; ungrounded: number };

/** How many figures an answer had, by status (the turn's audit entry, the usage page, the per-answer line). */
export function figureCounts(figures: readonly AnswerFigure[]): FigureCounts {
  const n: FigureCounts = { checked: figures.length, grounded: 0, derived: 0, ungrounded: 0 };
  for (const f of figures) n[f.status]++;
  return n;
}
