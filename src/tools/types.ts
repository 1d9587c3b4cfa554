import type { z } from "zod";
import type { ToolOutput } from "../core/events.ts";
import type { Risk } from "../core/vocab.ts";
import type { BudgetDb } from "../budget/db.ts";

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
