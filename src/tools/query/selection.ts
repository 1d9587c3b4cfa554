/**
 * What search_transactions and list_transactions select: every category and both signs
 * unless narrowed (a text search is explicit intent, SPEC §1), so a search's match count
 * is exactly what the list shows before its limit.
 */
import type { Ledger } from "../../ledger/ledger.ts";
import type { BudgetDb } from "../../ledger/reader.ts";
import { ToolInputError } from "../../core/errors.ts";
import { formatMoney, quote } from "../../core/format.ts";
import { categoryMask, resolveCategory } from "./categories.ts";
import { periodPhrase, resolvePeriod, type PeriodInput } from "./period.ts";
import type { Filter, TransactionArgs } from "./rows.ts";
import { scopeOf } from "./scope.ts";

export type Selected = {
  /** The ledger the filter was made for (its masks index this version's dictionaries). */
  ledger: Ledger;
  filter: Filter;
  /** For summaries: 'transactions matching "coop" in Groceries for 2025'. */
  label: string;
  /** For chart and table titles: 'Transactions matching "coop" in Groceries, 2025'. */
  title: string;
};

export function selectTransactions(db: BudgetDb, input: TransactionArgs & PeriodInput): Selected {
  const l = db.ledger();
  const period = resolvePeriod(input);
  if (input.min_amount !== undefined && input.max_amount !== undefined && input.min_amount > input.max_amount)
    throw new ToolInputError(`min_amount (${input.min_amount}) is larger than max_amount (${input.max_amount}).`);
  const category = input.category === undefined ? undefined : resolveCategory(db, input.category);
  const filter: Filter = {
    period,
    ...scopeOf(l, input),
    categories: category === undefined ? undefined : categoryMask(l, [category]),
    text: input.search === undefined ? undefined : l.textMatch(input.search),
    minAbs: input.min_amount,
    maxAbs: input.max_amount,
    direction: input.direction,
  };
  const cur = input.currency?.trim().toUpperCase() ?? "";
  const what = [
    input.direction === "out" ? "money out" : input.direction === "in" ? "money in" : "transactions",
    input.search === undefined ? "" : `matching ${quote(input.search, 200)}`,
    input.min_amount !== undefined && input.max_amount !== undefined
      ? `of ${formatMoney(input.min_amount, cur)} to ${formatMoney(input.max_amount, cur)}`
      : input.min_amount !== undefined
        ? `of at least ${formatMoney(input.min_amount, cur)}`
        : input.max_amount !== undefined
          ? `of at most ${formatMoney(input.max_amount, cur)}`
          : "",
    input.currency ? `in ${cur}` : "",
  ]
    .filter(Boolean)
    .join(" ");
  return {
    ledger: l,
    filter,
    label: `${what} in ${category ?? "all categories"} ${periodPhrase(period, l)}`,
    title: `${what.charAt(0).toUpperCase()}${what.slice(1)}${category ? ` in ${category}` : ""}, ${period.label}`,
  };
}
