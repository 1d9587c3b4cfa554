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
 * `coveredMonths`: how many months of the data each period of a call covers (what the tools'
 * own monthly averages divide by); the caller knows budget.db, the figures room does not.
 */
export function createTurnFigures(coveredMonths: (input: unknown) => number[] = () => []): TurnFigures {
  const figures: TurnFigure[] = [];
  const months = new Set<number>();
  // Indexed as each result arrives (while the model is still at work), so checking the
  // answer once it has ended only reads and searches (bench/figures.ts).
  let index: FigureIndex = indexFigures([]);
  return {
    figures,
    record(call, output) {
      figures.push(...figuresOfOutput(call.name, call.id, output));
      for (const m of [...periodMonths(call.input, output), ...coveredMonths(call.input)]) months.add(m);
      index = indexFigures(figures);
    },
    check(answer, question) {
      return checkWithIndex(answer, question, index, { periodMonths: [...months] });
    },
  };
}

const MONTH_LABEL = /^\d{4}-\d{2}$/;
const ISO_DAY = /^(\d{4})-(\d{2})-\d{2}$/;

/**
 * The numbers of months a tool call's periods span as the call itself shows them, for monthly
 * averages: a `year` is 12, `from`/`to` count the calendar months they touch (compare_periods'
 * `a` and `b` too), and a chart by month counts its months. The months of each period that
 * the data covers (what a tool's own monthly average divides by, SPEC §1) come from the caller.
 */
function periodMonths(input: unknown, output: ToolOutput): number[] {
  const out: number[] = [];
  const ofPeriod = (p: unknown) => {
    if (!p || typeof p !== "object") return;
    const { year, month, from, to } = p as Record<string, unknown>;
    if (typeof year === "number" && month === undefined) out.push(12);
    const f = typeof from === "string" ? ISO_DAY.exec(from) : null;
    const t = typeof to === "string" ? ISO_DAY.exec(to) : null;
    if (f && t) out.push((Number(t[1]) - Number(f[1])) * 12 + Number(t[2]) - Number(f[2]) + 1);
  };
  ofPeriod(input);
  if (input && typeof input === "object") for (const side of ["a", "b"]) ofPeriod((input as Record<string, unknown>)[side]);
  for (const chart of output.charts) {
    const n = chart.data.labels.filter((l) => MONTH_LABEL.test(l)).length;
    if (n > 1) out.push(n);
  }
  return out.filter((m) => m > 1);
}

export type FigureCounts = { checked: number; grounded: number; derived: number; ungrounded: number };

/** How many figures an answer had, by status (the turn's audit entry, the usage page, the per-answer line). */
export function figureCounts(figures: readonly AnswerFigure[]): FigureCounts {
  const n: FigureCounts = { checked: figures.length, grounded: 0, derived: 0, ungrounded: 0 };
  for (const f of figures) n[f.status]++;
  return n;
}
