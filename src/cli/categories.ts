/**
 * `budget-chat categories list | add NAME --description TEXT | rename OLD NEW | merge FROM INTO
 * | describe NAME TEXT | undo ID` (SPEC §12): the categories from the terminal, through the
 * same domain code as the Categories page (src/categories/). Changes are audited (by "cli")
 * and recorded for undo. Exit 0 done, 2 bad input (nothing changed), 1 when the data
 * changed under the command or a database problem.
 */
import { openLocal } from "../app.ts";
import { CategoryError, changeCategory, listCategories, roleNote, undoCategoryChangeById, type CategoryRequest } from "../categories/categories.ts";
import { flagHelp, flagOptions } from "../config.ts";
import { ToolInputError, UsageError, WriteConflictError } from "../core/errors.ts";
import { formatCount, formatMoney } from "../core/format.ts";
import { parse } from "./args.ts";

export const CATEGORIES_HELP = `budget-chat categories list
budget-chat categories add NAME --description TEXT
budget-chat categories rename OLD NEW
budget-chat categories merge FROM INTO
budget-chat categories describe NAME TEXT
budget-chat categories undo ID

The categories of the budget database. The import pipeline classifies by their
descriptions, so a new category needs one. Rename and merge change the transactions,
the pipeline's merchant cache and examples, and the budgets in one go; every change
is in the audit log and can be undone (undo ID, the number the change printed).
Income, Transfers and Investments have roles (income; not spending): under a new
name they keep them only when --not-spending (or NOT_SPENDING) names the new name.
${flagHelp(["db", "notSpending", "chatDb", "keepBackups"])}`;

const ARITY: Record<string, number> = { list: 0, add: 1, rename: 2, merge: 2, describe: 2, undo: 1 };
const USAGE: Record<string, string> = {
  add: 'categories add NAME --description TEXT, e.g. categories add Pets --description "Pet food, vets"',
  rename: "categories rename OLD NEW",
  merge: "categories merge FROM INTO",
  describe: 'categories describe NAME TEXT, e.g. categories describe Pets "Pet food, vets, pet insurance"',
  undo: "categories undo ID",
  list: "categories list takes no arguments",
};
const CLI = { id: "cli", name: "cli" };

export async function categoriesCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, { ...flagOptions(["db", "notSpending", "chatDb", "keepBackups"]), description: { type: "string" } });
  if (values.help) {
    console.log(CATEGORIES_HELP);
    return 0;
  }
  const [action, ...rest] = positionals;
  if (!action) throw new UsageError("categories: missing action: list, add, rename, merge, describe or undo (see budget-chat categories --help)");
  if (!(action in ARITY)) throw new UsageError(`categories: unknown action "${action}": list, add, rename, merge, describe or undo`);
  if (rest.length !== ARITY[action]) throw new UsageError(`categories ${action}: give ${USAGE[action]}`);
  if (values.description !== undefined && action !== "add") throw new UsageError(`categories ${action}: --description is for add (describe takes the text as its second argument)`);

  // It may change budget.db: leftover write intents are settled first.
  const local = openLocal(values, { writes: action !== "list" });
  try {
    const { budget, store } = local;
    // The writer only when a change is made (on the demo data it refuses: reading stays possible).
    const deps = {
      budget,
      get writer() {
        return local.writer;
      },
      store,
    };
    if (action === "list") {
      for (const c of listCategories(budget, store)) {
        const budgetText = c.budget ? `, budget ${formatMoney(c.budget.amount, c.budget.currency)}` : "";
        console.log(`${c.name} (${formatCount(c.rows)} ${c.rows === 1 ? "transaction" : "transactions"}, ${c.role}${budgetText}): ${c.description || "no description"}`);
      }
      return 0;
    }
    if (action === "undo") {
      if (!/^\d+$/.test(rest[0]!)) throw new UsageError(`categories undo: ID must be the number a change printed, got "${rest[0]}"`);
      const { message } = await undoCategoryChangeById(deps, CLI, Number(rest[0]));
      console.log(message);
      return 0;
    }
    const [a, b] = rest as [string, string | undefined];
    const req: CategoryRequest =
      action === "add"
        ? { action, name: a, description: values.description }
        : action === "rename"
          ? { action, name: a, newName: b }
          : action === "merge"
            ? { action, name: a, into: b }
            : { action: "describe", name: a, description: b };
    const { plan, message, edit } = await changeCategory(deps, CLI, req, "cli");
    console.log(
      edit
        ? `${message} (change ${edit.id}; undo with: budget-chat categories undo ${edit.id})`
        : `${message} (the app database was busy: the change is made, and its record for undo follows once that database is free; its number then shows under "Your recent changes" on the Categories page)`,
    );
    const note = roleNote(budget, plan);
    if (note) console.error(`warning: ${note}`);
    return 0;
  } catch (e) {
    if (e instanceof ToolInputError) throw new UsageError(`categories ${action}: ${e.message}`);
    if (e instanceof CategoryError) {
      console.error(`budget-chat: categories ${action}: ${e.message}`);
      return e.kind === "conflict" ? 1 : 2;
    }
    if (e instanceof WriteConflictError) {
      console.error(`budget-chat: categories ${action}: nothing was changed: ${e.message}`);
      return 1;
    }
    throw e;
  } finally {
    local.close();
  }
}
