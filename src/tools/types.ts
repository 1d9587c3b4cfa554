import type { z } from "zod";
import type { BudgetDb } from "../budget/db.ts";

/** A chart the browser draws; never sent to the model. */
export type ChartSpec = {
  type: "bar" | "bar_h" | "pie" | "grouped_bar" | "line";
  title: string;
  data: { labels: string[]; datasets: { name: string; values: number[] }[] };
  height?: number;
};

/** Rows the browser shows as a table; never sent to the model. */
export type TableSpec = {
  title: string;
  columns: string[];
  rows: (string | number | null)[][];
};

export type ToolOutput = {
  /** Concise and numeric: the only part of a result the model sees. */
  summary: string;
  charts: ChartSpec[];
  tables?: TableSpec[];
};

export type Risk = "low" | "high";

/**
 * An analysis tool. Tools know nothing of HTTP or the model: they take validated
 * input and a budget database and return a ToolOutput.
 * A failure the model can correct (unknown category, month without year) is thrown
 * as a ToolInputError whose message tells it how.
 */
export interface Tool<S extends z.ZodType = z.ZodType> {
  name: string;
  description: string;
  risk: Risk;
  schema: S;
  run(db: BudgetDb, input: z.output<S>): ToolOutput;
}

/** An error in the model's (or CLI user's) input, explained so it can be corrected. */
export class ToolInputError extends Error {
  override name = "ToolInputError";
}
