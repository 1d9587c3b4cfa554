/**
 * What applying a rule would change now (SPEC §14's preview): the rows it wins and would move, read only. The write
 * (rule-writes.ts) goes through the same scan, so what the preview shows is what an apply moves.
 */
import { CurrencyTotals, type CurrencyTotal } from "../core/format.ts";
import {
  compareRules,
  readRules,
  RuleSet,
  ruleSubjectsSql,
  subjectOf,
  type CategoryRule,
  type RuleSpec,
  type Reads,
  type RuleSubjectRow,
} from "../ledger/category-rules.ts";
import { foldCategory } from "../ledger/ledger.ts";
import type { BudgetDb } from "../ledger/reader.ts";
import { UNCATEGORISED } from "../ledger/schema.ts";

/** A transaction as a rule's preview lists it. */
export type RuleRowView = { id: number; date: string; merchant: string; description: string; category: string; amount: number; currency: string };

export type RulePreview = {
  /** Rows applying it would change now. */
  rows: number;
  /** Their amounts (signed, as stored) per currency: never one sum over several. */
  totals: CurrencyTotal[];
  /** Rows moved per current category, most first. */
  from: { category: string; rows: number }[];
  /** Hand-set rows it matches that stay as they are (0 when the user asked to change them too). */
  manual: number;
  /** Rows it matches that another rule takes: one of higher priority, or an older one of the same priority. */
  shadowed: number;
  /** Rows it matches and wins that already are as it says. */
  already: number;
  /** The newest few of the rows it would change. */
  sample: RuleRowView[];
  ids: number[];
};

const SAMPLE = 10;
/** A stand-in id for a rule not stored yet (the page's live preview, a proposal): tried after every stored rule of its priority. */
export const DRAFT_RULE_ID = Number.MAX_SAFE_INTEGER;

/** The rule of a spec not stored yet (`id`: the rule it replaces when editing one). */
export function draftRule(spec: RuleSpec, id = DRAFT_RULE_ID): CategoryRule {
  return { ...spec, id, createdAt: "", createdBy: "", hits: 0 };
}

export type RowState = { category: string | null; source: string | null; confidence: number | null; merchant_name?: string | null };

/** Whether a row matched by `rule` would change when applied: another category (case aside), or another merchant name when the rule gives one. */
function changes(rule: RuleSpec, r: RuleSubjectRow): boolean {
  return foldCategory(r.category ?? UNCATEGORISED) !== foldCategory(rule.category) || (rule.merchantName !== null && r.merchant !== rule.merchantName);
}

/** How scan reads budget.db: a query's rows one at a time (a BudgetDb, or the write's connection). */
type RowSource = { reads: Reads; iterate(sql: string, params?: Record<string, string>): Iterable<Record<string, unknown>> };

/** Rows the second pass reads per query. */
const ID_CHUNK = 5000;

/**
 * Go through every transaction and sort out what applying `target` would do with `rules` (the
 * stored rules, with `target` among them). Two passes: every row with only what the rules look at
 * (which rule wins it), then the rows `target` wins with their classification. Each row it would
 * change is handed to `changing` and not kept: what a caller keeps of 100,000 rows is its own
 * (their ids, their money), not the rows.
 */
export function scan(src: RowSource, rules: readonly CategoryRule[], target: CategoryRule, includeManual: boolean, changing: (r: RuleSubjectRow) => void) {
  const set = new RuleSet(rules);
  const alone = new RuleSet([target]);
  const won: number[] = [];
  let shadowed = 0;
  for (const raw of src.iterate(ruleSubjectsSql(src.reads, "", { fields: set.looksAt, classification: false }))) {
    const r = subjectOf(raw);
    const winner = set.match(r);
    if (winner?.id === target.id) won.push(r.id);
    else if (winner && alone.match(r)) shadowed++;
  }
  let manual = 0;
  let already = 0;
  // What applying reads of the rows it wins: their classification, merchant and money (not their texts).
  const full = ruleSubjectsSql(src.reads, "WHERE t.id IN (SELECT value FROM json_each($ids))", { fields: new Set(["merchant", "amount"]) });
  for (let k = 0; k < won.length; k += ID_CHUNK) {
    for (const raw of src.iterate(full, { ids: JSON.stringify(won.slice(k, k + ID_CHUNK)) })) {
      const r = subjectOf(raw);
      if (!changes(target, r)) already++;
      else if (!includeManual && r.source === "manual") manual++;
      else changing(r);
    }
  }
  return { manual, shadowed, already };
}

/** Newest first: by date, then the later id. */
function newestFirst(a: RuleSubjectRow, b: RuleSubjectRow): number {
  return a.date < b.date ? 1 : a.date > b.date ? -1 : b.id - a.id;
}

/** The stored rules with `target` in its place (replacing the rule of its id, or added). */
function rulesWith(stored: readonly CategoryRule[], target: CategoryRule): CategoryRule[] {
  return [...stored.filter((r) => r.id !== target.id), target].sort(compareRules);
}

/**
 * What applying `rule` (stored, or a draft: draftRule) would change now, against the stored
 * rules (it replaces the stored rule of its id). Reads only.
 */
export function previewRule(budget: BudgetDb, rule: CategoryRule, opts: { includeManual?: boolean; sample?: number } = {}): RulePreview {
  const rules = rulesWith(readRules(budget), rule);
  const size = opts.sample ?? SAMPLE;
  const ids: number[] = [];
  const totals = new CurrencyTotals();
  const from = new Map<string, number>();
  let newest: RuleSubjectRow[] = [];
  const found = scan({ reads: budget, iterate: (sql, params) => budget.iterate(sql, params) }, rules, rule, opts.includeManual === true, (r) => {
    ids.push(r.id);
    totals.add(r.amount, r.currency);
    const c = r.category?.trim() || UNCATEGORISED;
    from.set(c, (from.get(c) ?? 0) + 1);
    newest.push(r);
    if (newest.length > 4 * size + 100) newest = newest.sort(newestFirst).slice(0, size);
  });
  const sample = newest.sort(newestFirst).slice(0, size);
  // The scan reads no texts of the rows it changes: the sample's, read now.
  const texts = new Map(
    budget
      .all<{ id: number; text: string | null }>("SELECT id, raw_description AS text FROM transactions WHERE id IN (SELECT value FROM json_each($ids))", { ids: JSON.stringify(sample.map((r) => r.id)) })
      .map((r) => [r.id, r.text ?? ""]),
  );
  return {
    rows: ids.length,
    totals: totals.list(),
    from: [...from].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([category, rows]) => ({ category, rows })),
    manual: found.manual,
    shadowed: found.shadowed,
    already: found.already,
    sample: sample.map((r) => ({
      id: r.id,
      date: r.date.slice(0, 10),
      merchant: r.merchant?.trim() || "(unknown merchant)",
      description: texts.get(r.id) ?? "",
      category: r.category?.trim() || UNCATEGORISED,
      amount: r.amount,
      currency: r.currency.trim().toUpperCase(),
    })),
    ids,
  };
}
