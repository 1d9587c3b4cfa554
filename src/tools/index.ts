import { z } from "zod";
import { incomeVsSpending } from "./income_vs_spending.ts";
import { listTransactions } from "./list_transactions.ts";
import { merchantBreakdown } from "./merchant_breakdown.ts";
import { monthlyTrend } from "./monthly_trend.ts";
import { searchTransactions } from "./search_transactions.ts";
import { spendingByCategory } from "./spending_by_category.ts";
import { type Tool } from "./types.ts";

export { incomeVsSpending, listTransactions, merchantBreakdown, monthlyTrend, searchTransactions, spendingByCategory };

/** The low-risk analysis tools, in the order the model sees them. */
export const readTools: Tool[] = [
  spendingByCategory,
  monthlyTrend,
  merchantBreakdown,
  incomeVsSpending,
  searchTransactions,
  listTransactions,
];

export function toolByName(name: string, tools: readonly Tool[] = readTools): Tool | undefined {
  return tools.find((t) => t.name === name);
}

/** The tool's input as the JSON schema sent to Claude (`$schema` dropped; defaulted fields stay optional). */
export function toolInputSchema(tool: Tool): { type: "object"; properties?: Record<string, unknown>; [k: string]: unknown } {
  const { $schema: _drop, ...input_schema } = z.toJSONSchema(tool.schema, { io: "input" }) as Record<string, unknown>;
  return input_schema as { type: "object"; properties?: Record<string, unknown> };
}
