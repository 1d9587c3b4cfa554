import { budgetDbLocation } from "../config.ts";
import { ToolInputError, UsageError } from "../core/errors.ts";
import { oneLineError } from "../core/validation.ts";
import { openBudgetDb } from "../budget/open.ts";
import { readTools, toolByName } from "../tools/index.ts";
import { parse } from "./args.ts";

export const TOOL_HELP = `budget-chat tool NAME 'JSON' [--db PATH]

Run one analysis tool without the model and print its ToolOutput as JSON.
Tools: ${readTools.map((t) => t.name).join(", ")}
Example: budget-chat tool spending_by_category '{"year":2025}'`;

export async function toolCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, { db: { type: "string" }, help: { type: "boolean", short: "h" } });
  if (values.help) {
    console.log(TOOL_HELP);
    return 0;
  }
  const [name, json = "{}", ...extra] = positionals;
  if (!name) throw new UsageError("tool: missing tool NAME (see budget-chat tool --help)");
  if (extra.length) throw new UsageError(`tool: unexpected argument "${extra[0]}" (quote the JSON input)`);
  const tool = toolByName(name);
  if (!tool || tool.risk !== "low")
    throw new UsageError(`tool: unknown tool "${name}"; available: ${readTools.map((t) => t.name).join(", ")}`);
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (e) {
    throw new UsageError(`tool: input is not valid JSON: ${(e as Error).message}`);
  }
  const parsed = tool.schema.safeParse(raw);
  if (!parsed.success) throw new UsageError(`tool: invalid input for ${name}: ${oneLineError(parsed.error)}`);
  const db = openBudgetDb(budgetDbLocation(values.db));
  try {
    const output = tool.run(db, parsed.data);
    console.log(JSON.stringify(output, null, 2));
    return 0;
  } catch (e) {
    if (e instanceof ToolInputError) throw new UsageError(`tool: ${e.message}`);
    throw e;
  } finally {
    db.close();
  }
}
