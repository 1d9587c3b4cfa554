/**
 * The rule a repeated edit suggests (SPEC §14, "from edits"): after the user gives the same
 * merchant the same new category twice (two edits of their own, neither undone), or moves "all
 * rows of this merchant" at once, the page offers "Always do this (make a rule)": the Rules page's
 * add form filled in with that rule (merchant is …, that category), which shows what it would
 * change now before anything is written. Nothing is offered when a stored rule already files that
 * transaction under that category.
 */
import { foldCategory } from "../ledger/ledger.ts";
import { readRules, RuleSet, ruleSubjectsSql, subjectOf, type RuleSpec } from "../ledger/category-rules.ts";
import type { BudgetDb } from "../ledger/reader.ts";
import type { DataEdit } from "../store/data-edits.ts";
import type { Store } from "../store/store.ts";

/** How many of the user's latest edits are looked through for the same merchant and category. */
const EDITS_LOOKED_AT = 200;
/** The same merchant to the same category this many times makes a suggestion. */
const REPEATS = 2;

export type RuleSuggestion = { spec: RuleSpec; merchant: string; category: string; link: string };

/** What one transaction edit asked: the transaction, its new category (resolved), all rows of its merchant. */
type EditAsked = { id: number; category?: string; apply_to_merchant?: boolean };

const merchantKey = (m: string) => m.trim().toLocaleLowerCase();

/**
 * The rule to offer after `edit` (the transaction edit just made; null when chat.db was busy and
 * it is recorded a moment later), or null.
 */
export function suggestRule(budget: BudgetDb, store: Store, userId: string, asked: EditAsked, edit: DataEdit | null): RuleSuggestion | null {
  if (asked.category === undefined) return null;
  const subjectAt = (id: number) => {
    const raw = budget.get<Record<string, unknown>>(ruleSubjectsSql(budget, "WHERE t.id = $id"), { id });
    return raw ? subjectOf(raw) : null;
  };
  const row = subjectAt(asked.id);
  const merchant = row?.merchant?.trim();
  if (!row || !merchant) return null;
  const category = asked.category;
  const filed = readRules(budget).filter((r) => foldCategory(r.category) === foldCategory(category));
  if (filed.length && new RuleSet(filed).match(row)) return null;
  if (!asked.apply_to_merchant) {
    let times = edit ? 0 : 1;
    for (const e of store.edits.list(userId, { kind: "transaction_edit", limit: EDITS_LOOKED_AT })) {
      const input = e.input as EditAsked;
      if (e.undoneAt || input.category === undefined || foldCategory(input.category) !== foldCategory(category)) continue;
      const other = input.id === asked.id ? row : subjectAt(input.id);
      if (other?.merchant && merchantKey(other.merchant) === merchantKey(merchant)) times++;
    }
    if (times < REPEATS) return null;
  }
  const spec: RuleSpec = { field: "merchant", match: "equals", pattern: merchant, minAmount: null, maxAmount: null, account: null, category, merchantName: null, priority: 0 };
  return { spec, merchant, category, link: `/rules?${new URLSearchParams({ field: "merchant", match: "equals", pattern: merchant, category })}#add-rule` };
}
