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
  /** What it is about, in a few words ("2024 · Groceries"), when the result says. */
  about?: string;
  /** A result of an earlier turn of the conversation (the model still sees it): that turn's question. */
  turn?: string;
  /** The Transactions page's filters for the rows behind it (SPEC §11.1 drill-down), when the call selects rows. */
  rows?: RowFilters;
};

/** A row as a tool listed it: its day (yyyymmdd), its amount (signed or not), its currency, its merchant and category as printed (when printed). */
export type ListedRow = { day: number; amount: number; currency: string; merchant?: string; category?: string };

/** The transaction behind a listed row: its id with what names it for good (its day, signed amount, currency). */
export type ListedTransaction = { id: number; day: number; amount: number; currency: string };

/** Filters of the Transactions page (`/transactions?…`), as strings. */
export type RowFilters = { from?: string; to?: string; category?: string; merchant?: string; q?: string; currency?: string; account?: string; direction?: "out" | "in"; /** One transaction's number (a listing's row), always with its day (from = to), currency and signed amount. */ id?: string; amount?: string };

/**
 * `mismatched`: the value is a figure of the turn, but about something else than the answer
 * says (another year, category, merchant, currency…; SPEC §11.1). Shown like `ungrounded`.
 */
export type FigureStatus = "grounded" | "derived" | "mismatched" | "ungrounded";

/** How a derived figure follows from figures of the turn (its sources, in this order). */
export type FigureOperation =
  /** sources[0] + sources[1] (+ … : figures of one list, table column or chart series) */
  | "sum"
  /** sources[0] − sources[1] */
  | "difference"
  /** sources[0] ÷ sources[1] (as a number, "1.7 times", or ×100 when the answer wrote a percentage) */
  | "ratio"
  /** from sources[0] to sources[1]: (sources[1] − sources[0]) ÷ sources[0], as a percentage */
  | "percent_change"
  /** sources[0] − sources[1], two percentages, in percentage points */
  | "points"
  /** sources[0] ÷ `months` */
  | "monthly_average"
  /** sources[0] × `months` (12): a month's amount as a yearly cost ("CHF 155.40 a year at this rate"); with `divisor`, sources[0] ÷ `divisor` months × 12: a year at the pace of a period of that many months */
  | "yearly"
  /** sources[0] ÷ `divisor` weeks or days of a period (`per`) */
  | "average"
  /** (sources[0] + … + sources[n − 1]) ÷ n: the average of figures of one list ("the eight payments averaged CHF 541.70") */
  | "mean"
  /** sources[0] ÷ (sources[0] + … + sources[n − 1]): an item's share of the whole of its list, as a percentage */
  | "share_of_list"
  /** confirmed after the answer with a calculation over figures of the turn (`expression`) */
  | "calculation";

/** What an `average` other than a monthly one is per (a monthly average is `monthly_average`). */
export type AverageRate = "week" | "day" | "quarter" | "year";

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
  /** The divisor of an `average`: how many weeks or days of the period (of a `yearly` one: the months of its source's period). */
  divisor?: number;
  per?: AverageRate;
  /** A `calculation`: the expression over figures of the turn. */
  expression?: string;
  /** What the answer says it is about ("2025 · Groceries"), for a `mismatched` figure. */
  said?: string;
  /** The repair round's correction of an ungrounded or mismatched figure (SPEC §11.1). */
  correction?: FigureCorrection;
};

/** A figure the model corrected when asked to check it: the corrected writing and what backs it. */
export type FigureCorrection = {
  text: string;
  value: number;
  /** How the corrected value is backed: a figure of the turn or a derivation from them. */
  status: "grounded" | "derived";
  sources: FigureSource[];
  operation?: FigureOperation;
  /** The model's reason, in its words (short). */
  note?: string;
};

/**
 * A period a tool call names, as day numbers (yyyymmdd), with its calendar months, weeks and
 * days and the months and days of it the data covers: what a figure may be divided by
 * (tools/query/period.ts callPeriods computes it; the figure check reads it).
 */
export type CallPeriod = { from: number; to: number; months: number[]; weeks: number[]; days: number[] };
