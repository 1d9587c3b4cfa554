/**
 * What flows upward through the product: tool outputs, and the typed events of a turn.
 * The agent loop yields AgentEvents; the HTML/SSE renderer, the JSON API and the CLI are
 * thin consumers of that one stream.
 */
import type { AnswerFigure } from "./figures.ts";
import type { ApprovalDecision, ChartType, ColumnKind, NoticeKind } from "./vocab.ts";

/** A chart the browser draws; never sent to the model. */
export type ChartSpec = {
  type: ChartType;
  title: string;
  data: { labels: string[]; datasets: { name: string; values: number[] }[] };
  height?: number;
  /** The currency of the values (charts never mix currencies); the page's main currency when absent. */
  currency?: string;
  /** "percent": the values are percentages (e.g. budget_status's % used); "count": numbers of transactions. Else money. */
  unit?: "percent" | "count";
};

/** Rows the browser shows as a table; never sent to the model. */
export type TableSpec = {
  title: string;
  columns: string[];
  /** One per column: what it holds (views format by this, never by header words). */
  kinds: ColumnKind[];
  rows: (string | number | null)[][];
  /** How many rows matched; more than `rows.length` when the table shows only the first ones. */
  totalRows: number;
  /** The currency of money columns when the table holds one; with several, a "Currency" column says per row. */
  currency?: string;
};

export type ToolOutput = {
  /** Concise and numeric: the only part of a result the model sees. */
  summary: string;
  charts: ChartSpec[];
  tables?: TableSpec[];
};

/** Token usage of one turn, summed over its model calls. */
export type Usage = {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
};

export function emptyUsage(): Usage {
  return { input_tokens: 0, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
}

/**
 * What an approval card shows: computed by the server from the stored arguments, never
 * taken from model text. `title`, `description` and `facts` are what the card displays;
 * the tool adds its own figures beside them (e.g. rows, total, from, to) for the JSON API.
 */
export type ApprovalPreview = {
  /** What would happen, e.g. `move 12 transactions to “Dining”`. */
  title: string;
  description: string;
  /** Label → value (or a list of values), in display order. */
  facts: { label: string; value?: string; items?: string[] }[];
  /** What the card says once the change is carried out, e.g. "Moved 3 transactions to Pets". */
  outcome?: string;
  /** The transactions the change touches: the first few, how many in all, and the Transactions page showing them. */
  affected?: AffectedRowList;
  [figure: string]: unknown;
};

/** The first rows a change touches (newest first), their number, and a `/transactions?…` link to see them all. */
export type AffectedRowList = {
  total: number;
  rows: { date: string; merchant: string; category: string; amount: number; currency: string }[];
  link: string;
};

export type AgentEvent =
  /** `continues`: this turn reports the outcome of that approval (it has no question of its own). */
  | { type: "turn_started"; conversationId: string; turnId: string; continues?: string }
  | { type: "text"; text: string }
  /** `label`: what the user sees while it runs ("Analysing spending by category…"); absent in answers stored before round 3. */
  | { type: "tool_started"; id: string; tool: string; label?: string; input: unknown }
  | { type: "tool_finished"; id: string; tool: string; summary: string }
  | { type: "tool_failed"; id: string; tool: string; error: string }
  | { type: "chart"; toolId: string; chart: ChartSpec }
  | { type: "table"; toolId: string; table: TableSpec }
  | { type: "approval_requested"; id: string; toolId: string; preview: ApprovalPreview; expiresAt: string }
  /** `failed`: approved, but the change could not be made (nothing was modified). */
  | { type: "approval_decided"; id: string; decision: ApprovalDecision; detail: string; failed?: boolean }
  | { type: "notice"; kind: NoticeKind; message: string }
  /**
   * The figures of the answer checked against the turn's tool results (SPEC §11), in the
   * order they appear; sent once the answer's text has ended, just before `done`.
   */
  | { type: "figures"; figures: AnswerFigure[] }
  /**
   * The repair round's outcome (SPEC §11.1), after `figures`: the answer's figures again, each
   * ungrounded or mismatched one confirmed (now `derived`) or carrying its `correction` where
   * the data backs what the model said; `asked`: how many it was asked about.
   */
  /** `error`: the repair call failed, or its reply was no figure check (the figures stay as checked). */
  | { type: "repair"; figures: AnswerFigure[]; asked: number; error?: string }
  /** `waiting`: the turn ended asking for the user's decision on an approval card. */
  | { type: "done"; conversationId: string; turnId: string; incomplete: boolean; usage: Usage; waiting?: boolean }
  | { type: "error"; message: string; retryable: boolean };
