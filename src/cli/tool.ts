import { openLocal } from "../app.ts";
import { flagHelp, flagOptions } from "../config.ts";
import { UsageError } from "../core/errors.ts";
import { createInvoker } from "../tools/invoke.ts";
import { ALL_TOOLS, READ_TOOLS, toolByName, toolInputSchema } from "../tools/registry.ts";
import { parse } from "./args.ts";

export const TOOL_HELP = `budget-chat tool NAME 'JSON' [--db PATH] [--chat-db PATH]
budget-chat tool --list

Run one analysis tool without the model and print its ToolOutput as JSON, or list
every tool with its risk and JSON schema.
Tools: ${READ_TOOLS.map((t) => t.name).join(", ")}
Example: budget-chat tool spending_by_category '{"year":2025}'
budget_status and income_vs_spending read the household's budgets and contributions from the app database (--chat-db).
${flagHelp(["db", "notSpending", "chatDb"])}`;

export async function toolCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, { ...flagOptions(["db", "notSpending", "chatDb"]), list: { type: "boolean" } });
  if (values.help) {
    console.log(TOOL_HELP);
    return 0;
  }
  if (values.list) {
    if (positionals.length) throw new UsageError("tool --list takes no arguments");
    const list = ALL_TOOLS.map((t) => ({ name: t.name, risk: t.risk, description: t.description, input_schema: toolInputSchema(t) }));
    console.log(JSON.stringify(list, null, 2));
    return 0;
  }
  const [name, json = "{}", ...extra] = positionals;
  if (!name) throw new UsageError("tool: missing tool NAME (see budget-chat tool --help)");
  if (extra.length) throw new UsageError(`tool: unexpected argument "${extra[0]}" (quote the JSON input)`);
  let input: unknown;
  try {
    input = JSON.parse(json);
  } catch (e) {
    throw new UsageError(`tool: input is not valid JSON: ${(e as Error).message}`);
  }
  const local = openLocal(values);
  // The app database is opened only when the tool reads budgets or contributions (the same context the app gives the loop).
  const ctx = { budgets: { list: () => local.store.budgets.list() }, contributions: { counterparties: () => local.store.contributions.counterparties() } };
  try {
    // The budget database is opened when the tool runs: a refused name or input opens (or creates) nothing.
    const invoker = createInvoker({
      get budget() {
        return local.budget;
      },
      tools: READ_TOOLS,
      ctx,
      known: ALL_TOOLS,
    });
    const call = await invoker.invoke({ id: "cli", name, input });
    if (call.kind === "error" && !call.badCall) throw new Error(`tool: ${call.error}`);
    if (call.kind !== "output") {
      const tool = toolByName(name);
      const hint = tool?.risk === "high" && tool.cliHint ? ` ${tool.cliHint}` : "";
      throw new UsageError(`tool: ${call.kind === "error" ? call.error : ""}${hint}`);
    }
    console.log(JSON.stringify(call.output, null, 2));
    return 0;
  } finally {
    local.close();
  }
}
