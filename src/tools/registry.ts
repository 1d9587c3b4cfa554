/**
 * Every tool, in the order the model sees them. Everything that lists, finds, labels or
 * describes tools derives from this list: the API tool definitions, the prompt's tool
 * guide, the UI's labels and a call's affordances, the CLI's `tool --list`. createApp
 * hands its tools (these, or the read tools alone) to the invoker and the approval service.
 */
import { type InputJsonSchema, inputJsonSchema } from "../core/json-schema.ts";
import { budgetStatus } from "./budget_status.ts";
import { calculate } from "./calculate.ts";
import { comparePeriods } from "./compare_periods.ts";
import { dataCoverage } from "./data_coverage.ts";
import { foreignSpending } from "./foreign_spending.ts";
import { incomeVsSpending } from "./income_vs_spending.ts";
import { listTransactions } from "./list_transactions.ts";
import { manageCategories } from "./manage_categories.ts";
import { merchantBreakdown } from "./merchant_breakdown.ts";
import { monthlyTrend } from "./monthly_trend.ts";
import { proposeRule } from "./propose_rule.ts";
import { recategoriseTransactions } from "./recategorise_transactions.ts";
import { recurringPayments } from "./recurring_payments.ts";
import { reviewTransactions } from "./review_transactions.ts";
import { searchTransactions } from "./search_transactions.ts";
import { setBudget } from "./set_budget.ts";
import { spendingBreakdown } from "./spending_breakdown.ts";
import { spendingByCategory } from "./spending_by_category.ts";
import type { ReadTool, Tool } from "./types.ts";
import { unusualTransactions } from "./unusual_transactions.ts";

export const ALL_TOOLS: readonly Tool[] = [
  spendingByCategory,
  monthlyTrend,
  merchantBreakdown,
  incomeVsSpending,
  searchTransactions,
  listTransactions,
  comparePeriods,
  recurringPayments,
  reviewTransactions,
  budgetStatus,
  spendingBreakdown,
  dataCoverage,
  unusualTransactions,
  foreignSpending,
  calculate,
  recategoriseTransactions,
  setBudget,
  manageCategories,
  proposeRule,
];

/** The low-risk analysis tools. */
export const READ_TOOLS: readonly ReadTool[] = ALL_TOOLS.filter((t): t is ReadTool => t.risk === "low");

/** The tools a server offers: with `readOnly`, no tool that changes data. */
export function toolsFor(opts: { readOnly: boolean }): readonly Tool[] {
  return opts.readOnly ? READ_TOOLS : ALL_TOOLS;
}

export function toolByName(name: string, tools: readonly Tool[] = ALL_TOOLS): Tool | undefined {
  return tools.find((t) => t.name === name);
}

/**
 * What the tools' arguments share, said once (in the chat's system prompt, in the MCP server's instructions) rather
 * than in every tool's schema (query/fields.ts).
 */
export const SHARED_ARGUMENTS = `- Tool arguments: a period is year (with month) or from/to (YYYY-MM-DD, inclusive, either end open), never both; turn "last year", "this month", "last 3 months", "since March" into dates from today's date and say which period you used. currency or account: only that one (accounts as the data names them). Category names as the data spells them (any letter case). A search text matches inside merchant names and bank descriptions, in every category, money out and in; case, accents and umlaut spellings do not matter (Zürich = Zuerich).`;

/** The system prompt's "which tool to use" lines, one per tool (write tools marked as possibly absent). */
export function toolGuide(tools: readonly Tool[] = ALL_TOOLS): string {
  return tools.map((t) => `- ${t.name}${t.risk === "high" ? " (when available)" : ""}: ${t.promptHint}`).join("\n");
}

export type ToolInputSchema = InputJsonSchema;

/** The tool's input as the JSON schema sent to Claude (core/json-schema.ts): shared and frozen. */
export function toolInputSchema(tool: Tool): ToolInputSchema {
  return inputJsonSchema(tool.schema());
}
