/**
 * set_budget (SPEC §8): set, change or (amount 0) remove the monthly budget of a spending
 * category, for the whole household.
 *
 * Risk "high": it never runs at once. `prepare` computes old → new on the server (the
 * budgets reach it through its ToolContext, passed by the approval service); the service
 * stores that with the exact arguments and shows the card; only an approval executes it,
 * inside one app-database transaction that also records the change (`record`). If the
 * budget changed between the preview and the approval, nothing is written. Undo puts
 * the previous budget back, unless it was changed again since.
 */
import { z } from "zod";
import { monthKey, monthLabel } from "../ledger/calendar.ts";
import type { BudgetDb } from "../ledger/reader.ts";
import { ToolInputError, WriteConflictError } from "../core/errors.ts";
import type { ApprovalPreview } from "../core/events.ts";
import { formatMoney, round2 } from "../core/format.ts";
import { budgetAuditDetail, type BudgetValue } from "../store/budgets.ts";
import type { Store } from "../store/store.ts";
import { todayOf } from "./query/today.ts";
import { budgetAmountProblem, budgetCategory, budgetMonth, currencyOfBudget, findBudget } from "../budgets/budgets.ts";
import { categoryField } from "./query/fields.ts";
import { lazySchema } from "../core/validation.ts";
import type { ToolContext, WriteTool } from "./types.ts";

export const setBudgetSchema = lazySchema(() =>
  z.strictObject({
    category: categoryField().describe("The spending category, e.g. Groceries (exact, or any letter case when that is unambiguous)."),
    amount: z
      .number()
      .min(0)
      .max(1_000_000_000)
      .describe("The monthly budget, e.g. 600, in the budget's currency (see currency). 0 removes the category's budget."),
    currency: z
      .string()
      .min(3)
      .max(3)
      .optional()
      .describe("Only when the user names one: the budget's currency, e.g. EUR. Omit: a changed budget keeps its currency, a new one takes the currency the category is spent in most."),
  }),
);

/** What an approval stores: the canonical change, the budget the preview saw, and a ref naming the approval. */
export type StoredBudgetChange = {
  category: string;
  /** null: remove the budget. */
  amount: number | null;
  currency: string;
  /** The budget as the preview saw it (execute refuses when it is no longer so). */
  previous: BudgetValue;
  /** Random: lets execute and undo find whose approval this is (store.approvals.userOfApproval). */
  ref: string;
};

export type BudgetPreview = ApprovalPreview & { category: string; before: number | null; after: number | null; currency: string };

const show = (v: BudgetValue) => (v ? formatMoney(v.amount, v.currency) : "none");

export function previewBudgetChange(
  db: BudgetDb,
  input: z.output<ReturnType<typeof setBudgetSchema>>,
  ctx?: ToolContext,
): { input: { category: string; amount: number }; args: StoredBudgetChange; preview: BudgetPreview } {
  if (!ctx) throw new Error("set_budget needs the household's budgets (the app database): run it through the app");
  const budgets = ctx.budgets.list();
  const remove = input.amount === 0;
  // Removing may name a budget whose category is no longer a spending one (or no longer in the data).
  const stored = remove ? findBudget(budgets, input.category) : undefined;
  const category = stored ? stored.category : budgetCategory(db, input.category);
  const current = budgets.find((b) => b.category === category);
  const previous: BudgetValue = current ? { amount: current.amount, currency: current.currency } : null;
  let amount: number | null = null;
  const currency = remove ? (previous?.currency ?? "") : currencyOfBudget(db, previous, category, input.currency);
  if (!remove) {
    const problem = budgetAmountProblem(input.amount);
    if (problem) throw new ToolInputError(`amount: ${problem}.`);
    amount = round2(input.amount);
    if (previous && previous.amount === amount && previous.currency === currency) {
      throw new ToolInputError(`The ${category} budget is already ${formatMoney(amount, currency)} a month: nothing to change.`);
    }
  } else if (!previous) {
    throw new ToolInputError(`${category} has no budget, so there is nothing to remove (amount 0 removes a budget).`);
  }
  const after: BudgetValue = amount === null ? null : { amount, currency };

  // This month's spending beside the card, so the user sees what the new amount means.
  const l = db.ledger();
  const facts: ApprovalPreview["facts"] = [
    { label: "Category", value: category },
    { label: "Monthly budget", value: `${show(previous)} → ${show(after)}` },
  ];
  if (l.lastDay !== null) {
    const month = monthKey(l.lastDay);
    const status = budgetMonth(db, [{ category, amount: amount ?? previous!.amount, currency: after?.currency ?? previous!.currency }], month, todayOf(ctx));
    const line = status.budgeted[0]!;
    // Spending in another currency is never added to the budget's, nor left out unsaid (SPEC §1).
    const elsewhere = status.otherCurrencySpending.map((o) => formatMoney(o.spent, o.currency));
    const apart = elsewhere.length ? ` (and ${elsewhere.join(", ")}, not counted against a ${line.currency} budget)` : "";
    facts.push({ label: `Spent in ${monthLabel(month)}`, value: formatMoney(line.spent, line.currency) + apart });
  }
  facts.push({ label: "Applies to", value: "the whole household" });
  const preview: BudgetPreview = {
    title: amount === null ? `remove the “${category}” budget` : `set the “${category}” budget to ${formatMoney(amount, currency)}`,
    description:
      amount === null
        ? `Remove the monthly budget for ${category} (was ${show(previous)}).`
        : previous
          ? `Change the monthly budget for ${category} from ${show(previous)} to ${show(after)}.`
          : `Set a monthly budget of ${show(after)} for ${category}.`,
    facts,
    outcome: amount === null ? `Removed the ${category} budget` : `Set the ${category} budget to ${formatMoney(amount, currency)} a month`,
    category,
    before: previous?.amount ?? null,
    after: amount,
    currency: after?.currency ?? previous!.currency,
  };
  return {
    input: { category, amount: amount ?? 0 },
    args: { category, amount, currency: after?.currency ?? previous!.currency, previous, ref: crypto.randomUUID() },
    preview,
  };
}

const same = (a: BudgetValue, b: BudgetValue) => (a === null ? b === null : b !== null && a.amount === b.amount && a.currency === b.currency);

function valueOf(store: Store, category: string): BudgetValue {
  const b = store.budgets.get(category);
  return b ? { amount: b.amount, currency: b.currency } : null;
}

/** The approving user's name (their id when unknown; "local" in single-user mode). */
function approver(store: Store, ref: string): string {
  const id = store.approvals.userOfApproval(setBudget.name, ref);
  return id === null ? "approval" : (store.users.get(id)?.name ?? id);
}

export const setBudget: WriteTool<ReturnType<typeof setBudgetSchema>, StoredBudgetChange> = {
  name: "set_budget",
  label: "Preparing a budget change…",
  promptHint:
    "set, change or remove (amount 0) the monthly budget of a spending category. It only prepares a change; the user approves or rejects it in the app. Use it only when the user asks to set or change a budget.",
  description:
    "Set or change a spending category's monthly budget (in its own currency: a new one in the currency the category is spent " +
    "in most, unless currency says otherwise), or remove it (amount 0); shared by the household. It CHANGES settings, so the " +
    "user approves it on a card first; the result says what was decided. Only when the user asks; to suggest amounts use " +
    "budget_status.",
  risk: "high",
  cliHint: "To set a budget from here: budget-chat budgets set CATEGORY AMOUNT.",
  schema: setBudgetSchema,
  approval: {
    prepare: previewBudgetChange,
    execute({ store }, args, record) {
      return store.transaction(() => {
        const now = valueOf(store, args.category);
        if (!same(now, args.previous)) {
          throw new WriteConflictError(`the ${args.category} budget changed since the preview (it is now ${show(now)})`);
        }
        const by = approver(store, args.ref);
        const written = store.budgets.write(args.category, args.amount === null ? null : { amount: args.amount, currency: args.currency }, by);
        const message =
          args.amount === null
            ? `Approved by the user: the ${args.category} budget (was ${show(written.before)}) is removed.`
            : `Approved by the user: the ${args.category} budget is now ${show(written.after)} a month (was ${show(written.before)}).`;
        const change = {
          message,
          before: written.before?.amount ?? null,
          after: written.after?.amount ?? null,
          detail: budgetAuditDetail(written, { via: "approval", by }),
        };
        // Inside this transaction: if the approval cannot be recorded, the budget is not changed.
        record(change);
        return change;
      });
    },
    undo({ store }, args, change, record) {
      return store.transaction(() => {
        const now = valueOf(store, args.category);
        if ((now?.amount ?? null) !== change.after) {
          throw new WriteConflictError(`the ${args.category} budget was changed again since (it is now ${show(now)}); undoing would overwrite that`);
        }
        const before = change.before as number | null;
        const restored: BudgetValue = before === null ? null : { amount: before, currency: args.previous?.currency ?? args.currency };
        store.budgets.write(args.category, restored, approver(store, args.ref));
        const message = `Undone: the ${args.category} budget is ${restored ? `back to ${show(restored)}` : "removed again"}.`;
        record(message);
        return message;
      });
    },
  },
};
