import { budgetDbLocation, chatDbPath, flagHelp, flagOptions } from "../config.ts";
import { openBudgetDb } from "../budget/open.ts";
import { ToolInputError, UsageError } from "../core/errors.ts";
import { oneLineError } from "../core/validation.ts";
import { Store } from "../store/store.ts";
import { ALL_TOOLS, READ_TOOLS, toolInputSchema } from "../tools/registry.ts";
import { parse } from "./args.ts";

export const TOOL_HELP = `budget-chat tool NAME 'JSON' [--db PATH] [--chat-db PATH]
budget-chat tool --list

Run one analysis tool without the model and print its ToolOutput as JSON, or list
every tool with its risk and JSON schema.
Tools: ${READ_TOOLS.map((t) => t.name).join(", ")}
Example: budget-chat tool spending_by_category '{"year":2025}'
budget_status reads the household's budgets from the app database (--chat-db).
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
  const tool = READ_TOOLS.find((t) => t.name === name);
  if (!tool && ALL_TOOLS.some((t) => t.name === name)) {
    throw new UsageError(
      `tool: ${name} changes data, so it runs only in the chat, after the user approves it on a card` +
        `${name === "set_budget" ? " (to set a budget from here: budget-chat budgets set CATEGORY AMOUNT)" : name === "manage_categories" ? " (to change categories from here: budget-chat categories add|rename|merge|describe)" : ""}; tools that only read: ${READ_TOOLS.map((t) => t.name).join(", ")}`,
    );
  }
  if (!tool) throw new UsageError(`tool: unknown tool "${name}"; available: ${READ_TOOLS.map((t) => t.name).join(", ")}`);
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (e) {
    throw new UsageError(`tool: input is not valid JSON: ${(e as Error).message}`);
  }
  const parsed = tool.schema.safeParse(raw);
  if (!parsed.success) throw new UsageError(`tool: invalid input for ${name}: ${oneLineError(parsed.error)}`);
  const db = openBudgetDb(budgetDbLocation(values));
  // The app database is opened only when the tool reads budgets (the same context the app gives the loop).
  let store: Store | null = null;
  const budgets = { list: () => (store ??= Store.open(chatDbPath(values))).budgets.list() };
  try {
    console.log(JSON.stringify(tool.run(db, parsed.data, { budgets }), null, 2));
    return 0;
  } catch (e) {
    if (e instanceof ToolInputError) throw new UsageError(`tool: ${e.message}`);
    throw e;
  } finally {
    (store as Store | null)?.close();
    db.close();
  }
}
