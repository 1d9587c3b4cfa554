/**
 * `budget-chat budgets set CATEGORY AMOUNT | list | remove CATEGORY` (SPEC §8): the
 * household's monthly budgets from the terminal. Changes are audited (via "cli").
 */
import { openLocal } from "../app.ts";
import { dayToIso, localDay } from "../ledger/calendar.ts";
import { flagHelp, flagOptions } from "../config.ts";
import { ToolInputError, UsageError } from "../core/errors.ts";
import { formatMoney, formatPercent, plural } from "../core/format.ts";
import type { Store } from "../store/store.ts";
import { budgetCategory, budgetMonth, budgetMonthOf, currencyOfBudget, findBudget, parseBudgetAmount } from "../budgets/budgets.ts";
import { parse } from "./args.ts";

export const BUDGETS_HELP = `budget-chat budgets set CATEGORY AMOUNT
budget-chat budgets list
budget-chat budgets remove CATEGORY

Monthly budgets per spending category, shared by the whole household (the Budgets page
and the chat's set_budget change the same ones; every change is in the audit log).
  set CATEGORY AMOUNT   set or change a category's monthly budget (e.g. budget-chat budgets set Groceries 600);
                        0 removes it. A new budget is kept in the currency the category was spent in most
                        (by amount) over the last 3 full months; a changed one keeps its currency
  --currency CODE       with set: keep the budget in this currency instead (e.g. EUR)
  list                  every budget with this month's spending, remaining and % used
                        (this month: the latest month with data, projected to its end)
  remove CATEGORY       remove a category's budget
${flagHelp(["db", "notSpending", "chatDb"])}`;

const ACTIONS = "set, list or remove";

export async function budgetsCommand(argv: string[]): Promise<number> {
  // "-5" would otherwise read as an unknown option: say what is wrong with it as an amount.
  const negative = argv[0] === "set" ? argv.find((a) => /^-\d/.test(a)) : undefined;
  if (negative) throw new UsageError(`budgets set: the amount must be a positive number, e.g. 450 or 450.50; got "${negative}"`);
  const { values, positionals } = parse(argv, { ...flagOptions(["db", "notSpending", "chatDb"]), currency: { type: "string" } });
  if (values.help) {
    console.log(BUDGETS_HELP);
    return 0;
  }
  const [action, ...rest] = positionals;
  if (!action) throw new UsageError(`budgets: missing action: ${ACTIONS} (see budget-chat budgets --help)`);
  if (!["set", "list", "remove"].includes(action)) throw new UsageError(`budgets: unknown action "${action}": ${ACTIONS}`);
  if (values.currency !== undefined && action !== "set") throw new UsageError(`budgets ${action}: --currency goes with set only`);
  const arity = { set: 2, list: 0, remove: 1 }[action as "set" | "list" | "remove"];
  if (rest.length !== arity) {
    throw new UsageError(
      action === "set" ? "budgets set: give CATEGORY AMOUNT, e.g. budgets set Groceries 600" : action === "remove" ? "budgets remove: give exactly one CATEGORY" : "budgets list takes no arguments",
    );
  }

  const local = openLocal(values);
  try {
    const { budget, store } = local;
    const actor = { via: "cli" as const, by: "cli" };
    switch (action) {
      case "set": {
        const [name, amountText] = rest as [string, string];
        let category: string;
        try {
          category = budgetCategory(budget, name);
        } catch (e) {
          if (e instanceof ToolInputError) throw new UsageError(`budgets set: ${e.message}`);
          throw e;
        }
        // As set_budget (SPEC §8): 0 removes the budget.
        if (/^\s*0+(\.0+)?\s*$/.test(amountText)) return removeBudget(store, category, actor, "budgets set");
        const parsed = parseBudgetAmount(amountText);
        if ("problem" in parsed) throw new UsageError(`budgets set: ${parsed.problem}`);
        let currency: string;
        try {
          currency = currencyOfBudget(budget, store.budgets.get(category), category, values.currency);
        } catch (e) {
          if (e instanceof ToolInputError) throw new UsageError(`budgets set: ${e.message}`);
          throw e;
        }
        const change = store.budgets.set(category, parsed.amount, currency, actor);
        const was = change.before ? ` (was ${formatMoney(change.before.amount, change.before.currency)})` : "";
        console.log(`${category}: budget ${formatMoney(parsed.amount, currency)} a month${was}.`);
        return 0;
      }
      case "remove":
        return removeBudget(store, rest[0]!, actor, "budgets remove");
      default: {
        const budgets = store.budgets.list();
        if (!budgets.length) {
          console.log("No budgets. Set one with: budget-chat budgets set CATEGORY AMOUNT (budget_status suggests starting amounts).");
          return 0;
        }
        const today = localDay(new Date());
        const month = budgetMonthOf(budget, {}, today);
        if (month === null) {
          for (const b of budgets) console.log(`${b.category}: ${formatMoney(b.amount, b.currency)} (no transactions yet)`);
          return 0;
        }
        const s = budgetMonth(budget, budgets, month, today);
        const last = budget.ledger().lastDay!;
        console.log(
          s.inProgress
            ? `Budgets for ${s.label}, month in progress (data up to ${dayToIso(last)}, day ${s.daysElapsed} of ${s.daysInMonth}):`
            : `Budgets for ${s.label}${s.dataUntil === null ? "" : ` (data until ${dayToIso(s.dataUntil)})`}:`,
        );
        const rows = s.budgeted.map((b) => [
          b.category,
          formatMoney(b.budget!, b.currency),
          formatMoney(b.spent, b.currency),
          formatMoney(b.remaining!, b.currency),
          formatPercent(b.pctUsed!, 100),
          b.projection === null ? "" : formatMoney(b.projection, b.currency),
          b.over ? "OVER BUDGET" : b.projectedOver ? "projected over" : "on track",
        ]);
        const head = ["CATEGORY", "BUDGET", "SPENT", "REMAINING", "USED", "PROJECTED", "STATUS"];
        const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
        const line = (r: string[]) => r.map((c, i) => (i === 0 || i === r.length - 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ").trimEnd();
        console.log(line(head));
        for (const r of rows) console.log(line(r));
        for (const t of s.totals) console.log(`Total: budget ${formatMoney(t.budget, t.currency)}, spent ${formatMoney(t.spent, t.currency)} (${formatPercent(t.spent, t.budget)}).`);
        const un = s.unbudgetedSpending.map((u) => formatMoney(u.spent, u.currency)).join(", ") || formatMoney(0, s.currency);
        console.log(`Unbudgeted spending: ${un}.`);
        const other = s.otherCurrencySpending.map((o) => `${o.category} ${formatMoney(o.spent, o.currency)}`).join(", ");
        if (other) console.log(`Budgeted categories' spending in other currencies (not counted against their budgets): ${other}.`);
        const inflow = s.unclassifiedIn.map((u) => `${formatMoney(u.total, u.currency)} (${plural(u.count, "transaction")})`).join(", ");
        if (inflow) console.log(`Unclassified money in (Uncategorised rows, neither spending nor income): ${inflow}.`);
        return 0;
      }
    }
  } finally {
    local.close();
  }
}

/** `budgets remove CATEGORY` (and `budgets set CATEGORY 0`). */
function removeBudget(store: Store, requested: string, actor: { via: "cli"; by: string }, command: string): number {
  const found = findBudget(store.budgets.list(), requested);
  if (!found) {
    const names = store.budgets.list().map((b) => b.category);
    throw new UsageError(`${command}: no budget for "${requested}" to remove; budgets: ${names.length ? names.join(", ") : "none"}`);
  }
  store.budgets.remove(found.category, actor);
  console.log(`${found.category}: budget removed (was ${formatMoney(found.amount, found.currency)}).`);
  return 0;
}
