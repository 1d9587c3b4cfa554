/**
 * Figures (SPEC §11): the numbers tool results of a turn showed, and the numbers of an
 * answer checked against them. Plain data: it is stored with the turn's events, sent by
 * the JSON API and shown on the page, so a replayed answer carries the same marks.
 */

/** A number a tool result showed, and where: the tool, its call, and the label/row/column it stood under. */
export type FigureSource = {
  tool: string;
  callId: string;
  /** E.g. "Spending by category, 2025 (CHF) · Groceries" or "table Transactions · row 3 · Amount". */
  where: string;
  value: number;
  /** As the tool showed it: "CHF 7'431.20", "18.6%", "312". */
  text: string;
};

/** A figure of a turn: a number a tool result of the turn showed. */
export type TurnFigure = FigureSource;

export type FigureStatus = "grounded" | "derived" | "ungrounded";

/** How a derived figure follows from figures of the turn (its sources, in this order). */
export type FigureOperation =
  /** sources[0] + sources[1] */
  | "sum"
  /** sources[0] − sources[1] */
  | "difference"
  /** sources[0] ÷ sources[1] (as a number, or ×100 when the answer wrote a percentage) */
  | "ratio"
  /** from sources[0] to sources[1]: (sources[1] − sources[0]) ÷ sources[0], as a percentage */
  | "percent_change"
  /** sources[0] ÷ `months` */
  | "monthly_average";

/** A figure of an answer: where it stands in the checked text, and what backs it. */
export type AnswerFigure = {
  /** As the answer wrote it: "CHF 1'234.50", "about CHF 1'200" is "CHF 1'200". */
  text: string;
  value: number;
  /** Offsets in the checked text (`text` = checked.slice(start, end)). */
  start: number;
  end: number;
  status: FigureStatus;
  /** Grounded: the figure(s) it equals; derived: the operands; ungrounded: none. */
  sources: FigureSource[];
  operation?: FigureOperation;
  /** The divisor of a monthly average (the period's months). */
  months?: number;
};
