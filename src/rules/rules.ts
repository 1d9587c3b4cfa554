/**
 * The user's category rules (SPEC §14): list, add, change, remove, test and apply a rule,
 * and undo each of those. The Rules page, `budget-chat rules`, the JSON API and the approved
 * `propose_rule` all call this room; they differ only in how a change is recorded.
 *
 * A rule lives in budget.db (`category_rules`, src/ledger/category-rules.ts, which also
 * matches it), so every change to rules — and to the transactions a rule moves — is one write
 * through the one write path (kind "rule"; its undo "rule_undo"): the rule and the rows in one
 * transaction, the record of the change (data_edits, for undo) and its audit entry recorded in
 * chat.db only once budget.db holds it (SPEC §13.1).
 *
 * Applying a rule changes the rows it gives its category now: the rows where it is the rule
 * that wins (a rule of higher priority that also matches a row keeps that row), whose category
 * (or merchant name, when the rule gives one) differs from the rule's. Rows the user set by hand
 * (`source = 'manual'`) stay as they are unless the user asks to change them too. Changed rows
 * get `source = 'user_rule'`, confidence 1.0, and the rule counts them in its hits. An undo puts
 * back exactly what the write replaced, refusing when anything it wrote was changed since.
 */
import type { Database } from "bun:sqlite";
import { z } from "zod";
import { ChangeRefused, ToolInputError, UnknownCategory, WriteConflictError } from "../core/errors.ts";
import { demoChangeRefusal } from "../ledger/open.ts";
import { CurrencyTotals, formatAmount, plural, quote, type CurrencyTotal } from "../core/format.ts";
import { CONTROL_CHARS, lazySchema, oneLineError } from "../core/validation.ts";
import { accountLabel, maskAccount } from "../core/account-labels.ts";
import { foldText, SearchTerm } from "../core/search-text.ts";
import { resolveCategory } from "../ledger/categories.ts";
import {
  CATEGORY_RULES_DDL,
  compareRules,
  normaliseAccount,
  readRules,
  readsOf,
  RULE_COLUMNS,
  RULE_FIELDS,
  RULE_MATCHES,
  ruleOf,
  RuleSet,
  ruleSubjectsSql,
  subjectOf,
  USER_RULE_CONFIDENCE,
  USER_RULE_SOURCE,
  type CategoryRule,
  type RuleField,
  type RuleMatch,
  type RuleSpec,
  type Reads,
  type RuleSubjectRow,
} from "../ledger/category-rules.ts";
import { foldCategory } from "../ledger/ledger.ts";
import type { BudgetDb } from "../ledger/reader.ts";
import { UNCATEGORISED } from "../ledger/schema.ts";
import { JOURNAL_SAMPLE } from "../ledger/change-capture.ts";
import { originSql } from "../ledger/row-origin.ts";
import { WriteSlices, type BudgetChange, type BudgetWriter, type BudgetWriteReceipt } from "../ledger/write-path.ts";
import type { RowChange } from "../store/budget-writes.ts";
import type { Settlement } from "../store/budget-writes.ts";
import type { DataEdit } from "../store/data-edits.ts";
import type { Store } from "../store/store.ts";

export type { CategoryRule, RuleSpec };

/** A refused rule change or undo, with its kind (`invalid`, `not_found`, `conflict`): the web's status, the CLI's exit code. */
export class RuleError extends ChangeRefused {
  override name = "RuleError";
}

const PATTERN_MAX = 200;
const MERCHANT_MAX = 200;
const ACCOUNT_MAX = 100;
export const PRIORITY_RANGE = [-1000, 1000] as const;
/** Amounts a rule may name (SPEC §13: amounts beyond ±1e12 are no amounts). */
const AMOUNT_MAX = 1e12;

const optionalText = (max: number, what: string) =>
  z
    .string(`${what} must be text`)
    .trim()
    .max(max, `${what} has at most ${max} characters`)
    .refine((s) => !CONTROL_CHARS.test(s), `${what} cannot contain control characters`)
    .nullable()
    .optional()
    .transform((s) => (s ? s : null));

/** A rule as the API, the tool and the CLI give it (snake_case, as the table's columns). */
export const ruleInputSchema = lazySchema(() => {
  const amount = z.number("an amount must be a number").finite().min(-AMOUNT_MAX).max(AMOUNT_MAX);
  return z.strictObject({
    field: z.enum(RULE_FIELDS, `field must be one of ${RULE_FIELDS.join(", ")}`).default("text"),
    match: z.enum(RULE_MATCHES, `match must be one of ${RULE_MATCHES.join(", ")}`).default("contains"),
    pattern: z
      .string("pattern must be text")
      .trim()
      .max(PATTERN_MAX, `pattern has at most ${PATTERN_MAX} characters`)
      .refine((s) => !CONTROL_CHARS.test(s), "pattern cannot contain control characters")
      .default(""),
    min_amount: amount.nullable().optional(),
    max_amount: amount.nullable().optional(),
    account: optionalText(ACCOUNT_MAX, "account"),
    category: z.string("category is required").trim().min(1, "category cannot be empty").max(100, "category has at most 100 characters"),
    merchant_name: optionalText(MERCHANT_MAX, "merchant_name"),
    priority: z
      .number("priority must be a whole number")
      .int("priority must be a whole number")
      .min(PRIORITY_RANGE[0], `priority must be between ${PRIORITY_RANGE[0]} and ${PRIORITY_RANGE[1]}`)
      .max(PRIORITY_RANGE[1], `priority must be between ${PRIORITY_RANGE[0]} and ${PRIORITY_RANGE[1]}`)
      .default(0),
  });
});
export type RuleInput = z.input<ReturnType<typeof ruleInputSchema>>;
export type ValidRuleInput = z.output<ReturnType<typeof ruleInputSchema>>;

/** Why a rule's fields were refused, and an example of what to send. */
export function invalidRule(problem: string): string {
  return `Invalid rule: ${problem}; send e.g. {"field": "text", "match": "contains", "pattern": "TWINT", "category": "Children"}`;
}

/** Parse a rule's fields (an `invalid` RuleError in words when they do not fit). */
export function parseRuleInput(body: unknown): ValidRuleInput {
  const parsed = ruleInputSchema().safeParse(body);
  if (!parsed.success) throw new RuleError("invalid", invalidRule(oneLineError(parsed.error)));
  return parsed.data;
}

/**
 * A rule's fields checked against the data: the category as the data spells it (an unknown one
 * is refused, listing the valid ones), the amounts in order, at least one condition, and the
 * account as the data spells it (ruleAccountOf). Throws a ToolInputError that says what to fix.
 */
export function ruleSpecOf(budget: BudgetDb, input: ValidRuleInput, accountNames: ReadonlyMap<string, string> = new Map()): RuleSpec {
  const category = listedCategory(budget, input.category) ?? resolveCategory(budget, input.category);
  const min = input.min_amount ?? null;
  const max = input.max_amount ?? null;
  if (min !== null && max !== null && min > max) {
    throw new ToolInputError(`min_amount (${formatAmount(min)}) is above max_amount (${formatAmount(max)}): amounts are as stored, money out negative (e.g. from -100 to -10)`);
  }
  if (!input.pattern && min === null && max === null && input.account === null) {
    throw new ToolInputError("A rule needs a condition: a pattern, an amount range or an account (a rule without one would file every transaction)");
  }
  const account = input.account === null ? null : ruleAccountOf(budget, input.account, accountNames);
  return { field: input.field, match: input.match, pattern: input.pattern, minAmount: min, maxAmount: max, account, category, merchantName: input.merchant_name, priority: input.priority };
}

/**
 * The account a rule names, as the data spells it, from what a person (or the model) calls it: the name the
 * household gave it on the Settings page, folded as search folds (letter case, accents, ä = ae: "anna's kaertli"
 * is "Anna's Kärtli"), or its IBAN or card number (spaces and letter case aside). An account only a stored rule
 * still names counts too (editing that rule keeps it). A ToolInputError listing the accounts by their names
 * when `given` is none of them, or the name of several.
 */
function ruleAccountOf(budget: BudgetDb, given: string, names: ReadonlyMap<string, string>): string {
  const term = new SearchTerm(given.trim());
  const named = [...names]
    .filter(([, name]) => term.equalsFolded(foldText(name.trim())))
    .map(([account]) => account)
    .sort();
  if (named.length === 1) return named[0]!;
  if (named.length > 1) {
    throw new ToolInputError(
      `${quote(given, ACCOUNT_MAX)} is the name of ${named.length} accounts (${named.map(maskAccount).join(", ")}): give the IBAN or card number of the one meant, or rename one on the Settings page`,
    );
  }
  const accounts = accountsOf(budget);
  const number = normaliseAccount(given);
  const byNumber = [...accounts, ...readRules(budget).flatMap((r) => (r.account === null ? [] : [r.account]))].find((a) => normaliseAccount(a) === number);
  if (byNumber !== undefined) return byNumber;
  if (!accounts.length) throw new ToolInputError(`No account is called ${quote(given, ACCOUNT_MAX)}: the transactions record no account, so a rule cannot name one`);
  const label = (a: string) => (names.has(a) ? `${quote(names.get(a)!, ACCOUNT_MAX)} (${maskAccount(a)})` : `${maskAccount(a)} (no name yet: name it on the Settings page)`);
  const listed = [...accounts].sort((a, b) => Number(!names.has(a)) - Number(!names.has(b)) || label(a).localeCompare(label(b))).map(label);
  throw new ToolInputError(`No account is called ${quote(given, ACCOUNT_MAX)}. The accounts: ${listed.join("; ")}. Name one by its name as written here, or give its IBAN or card number`);
}

/** The accounts the transactions record (none when budget.db has no account column). */
function accountsOf(budget: BudgetDb): string[] {
  if (!budget.all<{ name: string }>("SELECT name FROM pragma_table_info('transactions')").some((c) => c.name === "account")) return [];
  return budget.all<{ account: string }>("SELECT DISTINCT account FROM transactions WHERE typeof(account) = 'text' AND trim(account) <> ''").map((r) => r.account);
}

/**
 * The category of the categories table spelt so (letter case aside), read with one query: a rule
 * for a listed category needs no ledger (a million rows read for the command line's `rules add`).
 * null: not listed (resolveCategory then also knows the categories only transactions carry).
 */
function listedCategory(budget: BudgetDb, name: string): string | null {
  if (!budget.hasTable("categories")) return null;
  const wanted = foldCategory(name);
  return budget.all<{ name: string }>("SELECT name FROM categories WHERE name IS NOT NULL").find((c) => foldCategory(c.name) === wanted)?.name ?? null;
}

/** A rule's fields back in the API's shape. */
export function ruleInputOf(r: RuleSpec): ValidRuleInput {
  return {
    field: r.field,
    match: r.match,
    pattern: r.pattern,
    min_amount: r.minAmount,
    max_amount: r.maxAmount,
    account: r.account,
    category: r.category,
    merchant_name: r.merchantName,
    priority: r.priority,
  };
}

/** A rule as the JSON API shows it (the table's columns). */
export function ruleJson(r: CategoryRule) {
  return { id: r.id, ...ruleInputOf(r), created_at: r.createdAt, created_by: r.createdBy, hits: r.hits };
}

const FIELD_WORDS: Record<RuleField, string> = { text: "Any text", description: "Description", counterparty: "Counterparty", purpose: "Purpose", merchant: "Merchant" };
const MATCH_WORDS: Record<RuleMatch, string> = { contains: "contains", starts_with: "starts with", equals: "is" };
export const RULE_FIELD_LABELS = FIELD_WORDS;
export const RULE_MATCH_LABELS = MATCH_WORDS;

/** The conditions of a rule in words: "Any text contains “TWINT”, amount -100.00 to -10.00, account CH93…" (`account` labels an account). */
export function ruleConditions(r: RuleSpec, account: (a: string) => string = (a) => a): string {
  const parts: string[] = [];
  if (r.pattern) parts.push(`${FIELD_WORDS[r.field]} ${MATCH_WORDS[r.match]} ${quote(r.pattern, PATTERN_MAX)}`);
  if (r.minAmount !== null && r.maxAmount !== null) parts.push(`amount ${formatAmount(r.minAmount)} to ${formatAmount(r.maxAmount)}`);
  else if (r.minAmount !== null) parts.push(`amount at least ${formatAmount(r.minAmount)}`);
  else if (r.maxAmount !== null) parts.push(`amount at most ${formatAmount(r.maxAmount)}`);
  if (r.account !== null) parts.push(`account ${account(r.account)}`);
  return parts.join(", ");
}

/** A rule in words: its conditions → its category (and merchant name). */
export function describeRule(r: RuleSpec, account?: (a: string) => string): string {
  return `${ruleConditions(r, account)} → ${r.category}${r.merchantName ? ` (merchant ${quote(r.merchantName, MERCHANT_MAX)})` : ""}`;
}

/** Every rule, in the order they are tried. */
export function listRules(budget: BudgetDb): CategoryRule[] {
  return readRules(budget);
}

/** One rule, or a `not_found` RuleError. */
export function getRule(budget: BudgetDb, id: number): CategoryRule {
  const rule = readRules(budget).find((r) => r.id === id);
  if (!rule) throw new RuleError("not_found", `No rule ${id} (see the Rules page or budget-chat rules list).`);
  return rule;
}

// ---------------------------------------------------------------------------------
// What a rule would change

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

type RowState = { category: string | null; source: string | null; confidence: number | null; merchant_name?: string | null };

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
function scan(src: RowSource, rules: readonly CategoryRule[], target: CategoryRule, includeManual: boolean, changing: (r: RuleSubjectRow) => void) {
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
 * The rows of a preview another rule takes, in words (the Rules page, `rules test`, propose_rule's card): that rule
 * comes first by a higher priority or, at the same priority, by being older; it said "a rule of higher priority" when
 * an older rule of the same priority won.
 */
export function shadowedWords(rows: number): string {
  return `${plural(rows, "transaction")} it matches ${rows === 1 ? "goes" : "go"} to another rule that comes first (a higher priority, or the same priority and older).`;
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

// ---------------------------------------------------------------------------------
// Writing rules

/** What one change to rules asks for. `expectedIds`: the rows an approval's preview showed (anything else is a conflict). */
export type RuleChange =
  | { action: "add"; spec: RuleSpec; apply: boolean; includeManual: boolean; expectedIds?: readonly number[] }
  | { action: "update"; rule: CategoryRule; spec: RuleSpec }
  | { action: "remove"; rule: CategoryRule }
  | { action: "apply"; rule: CategoryRule; includeManual: boolean };

/**
 * Exactly what a change replaced, for its undo (all JSON). `rows`: the transactions it moved,
 * grouped by what they were (`before`), all left as `after`.
 */
export type RuleSnapshot = {
  action: RuleChange["action"];
  ruleBefore: CategoryRule | null;
  ruleAfter: CategoryRule | null;
  rows: { before: (RowState & { ids: number[]; origins?: (string | null)[] })[]; after: RowState } | null;
  changed: number;
  totals: CurrencyTotal[];
  /** Hand-set rows the rule matched and left as they were. */
  manualSkipped: number;
};

/**
 * How a rule write from the server lets SQLite spill (BudgetChange.spill): its changed pages stay in memory up to
 * 48 MiB, so a rule changing rows on fewer pages than that (12,288 pages of 4 KiB) never shuts readers out before
 * its COMMIT. A bigger one (119,232 rows spread over a million change about 40,000 of its 51,600 pages, 170 MB)
 * keeps its memory within 3× of a plain UPDATE's and shuts readers out from its first spilt page until its COMMIT,
 * without pausing meanwhile (WriteSlices): bench/rules.ts measured about 1 s for that rule, against about 1.7 s for a
 * plain SQL UPDATE of the same rows and 0.5–0.8 s for the COMMIT alone of a write that keeps every page (and 250 MB).
 */
const SERVER_SPILL = { beyondMiB: 48 };

/** Rows one UPDATE changes (a few milliseconds' work between two chances to pause). */
const UPDATE_CHUNK = 5000;

function columnsOf(db: Database, table: string): Set<string> {
  return new Set((db.query("SELECT name FROM pragma_table_info(?)").all(table) as { name: string }[]).map((r) => r.name));
}

function storedRule(db: Database, id: number): CategoryRule | null {
  const row = db.query(`SELECT ${RULE_COLUMNS.join(", ")} FROM category_rules WHERE id = ?`).get(id) as Record<string, unknown> | null;
  return row ? ruleOf(row) : null;
}

/** Whether two rules say the same (their hits aside: an import may have counted some meanwhile). */
function sameRule(a: CategoryRule | null, b: CategoryRule | null): boolean {
  if (!a || !b) return a === b;
  return JSON.stringify({ ...a, hits: 0 }) === JSON.stringify({ ...b, hits: 0 });
}

function putRule(db: Database, r: CategoryRule): void {
  db.query(`INSERT OR REPLACE INTO category_rules (${RULE_COLUMNS.join(", ")}) VALUES (${RULE_COLUMNS.map(() => "?").join(", ")})`).run(
    r.id,
    r.field,
    r.match,
    r.pattern,
    r.minAmount,
    r.maxAmount,
    r.account,
    r.category,
    r.merchantName,
    r.priority,
    r.createdAt,
    r.createdBy,
    r.hits,
  );
}

/** Set `state` on the rows `ids`, a chunk at a time with pauses between (the transaction stays one). */
async function setRows(db: Database, ids: readonly number[], state: RowState, cols: Set<string>, slices: WriteSlices): Promise<number> {
  const sets = ["category = $category"];
  if (cols.has("source")) sets.push("source = $source");
  if (cols.has("confidence")) sets.push("confidence = $confidence");
  if (state.merchant_name !== undefined) sets.push("merchant_name = $merchant");
  const update = db.query(`UPDATE transactions SET ${sets.join(", ")} WHERE id IN (SELECT value FROM json_each($ids))`);
  let n = 0;
  for (let k = 0; k < ids.length; k += UPDATE_CHUNK) {
    n += update.run({
      category: state.category,
      ...(cols.has("source") ? { source: state.source } : {}),
      ...(cols.has("confidence") ? { confidence: state.confidence } : {}),
      ...(state.merchant_name !== undefined ? { merchant: state.merchant_name } : {}),
      ids: JSON.stringify(ids.slice(k, k + UPDATE_CHUNK)),
    }).changes;
    await slices.between();
  }
  return n;
}

/** Apply `rule` (stored in this transaction) over every row: move the rows it changes, count them in its hits. */
async function applyInWrite(db: Database, rule: CategoryRule, includeManual: boolean, expectedIds: readonly number[] | undefined, slices: WriteSlices) {
  const reads = readsOf(db);
  const cols = columnsOf(db, "transactions");
  const merchant = rule.merchantName !== null;
  const ids: number[] = [];
  const totals = new CurrencyTotals();
  // The rows by the state they leave (their undo puts each group back).
  const groups = new Map<string, RowState & { ids: number[]; origins?: (string | null)[] }>();
  const found = scan({ reads, iterate: (sql, params) => db.query(sql).iterate(params ?? {}) as IterableIterator<Record<string, unknown>> }, readRules(reads), rule, includeManual, (r) => {
    ids.push(r.id);
    totals.add(r.amount, r.currency);
    const state: RowState = { category: r.category, source: cols.has("source") ? r.source : null, confidence: cols.has("confidence") ? r.confidence : null, ...(merchant ? { merchant_name: r.merchant } : {}) };
    const key = JSON.stringify(state);
    const g = groups.get(key) ?? { ...state, ids: [] };
    g.ids.push(r.id);
    groups.set(key, g);
  });
  // Which row each id names (originSql), for the undo to tell it from a row that took its id since.
  const originOf = new Map<number, string | null>();
  const origins = db.query(`SELECT id, ${originSql(cols)} AS origin FROM transactions WHERE id IN (SELECT value FROM json_each($ids))`);
  for (let k = 0; k < ids.length; k += UPDATE_CHUNK) {
    for (const r of origins.all({ ids: JSON.stringify(ids.slice(k, k + UPDATE_CHUNK)) }) as { id: number; origin: string | null }[]) originOf.set(r.id, r.origin);
    await slices.between();
  }
  for (const g of groups.values()) g.origins = g.ids.map((id) => originOf.get(id) ?? null);
  if (expectedIds) {
    const now = [...ids].sort((a, b) => a - b);
    const then = [...expectedIds].sort((a, b) => a - b);
    if (now.length !== then.length || now.some((id, k) => id !== then[k])) {
      throw new WriteConflictError(`the transactions the rule would change are not those of the preview any more (${now.length} now, ${then.length} then)`);
    }
  }
  const after: RowState = {
    category: rule.category,
    source: cols.has("source") ? USER_RULE_SOURCE : null,
    confidence: cols.has("confidence") ? USER_RULE_CONFIDENCE : null,
    ...(merchant ? { merchant_name: rule.merchantName } : {}),
  };
  const changed = await setRows(db, ids, after, cols, slices);
  if (changed !== ids.length) throw new WriteConflictError(`expected to change ${ids.length} transactions, changed ${changed}`);
  if (changed) db.query("UPDATE category_rules SET hits = hits + ? WHERE id = ?").run(changed, rule.id);
  return { rows: changed ? { before: [...groups.values()], after } : null, changed, totals: totals.list(), manualSkipped: found.manual };
}

/**
 * Make one change to rules through the write path (kind "rule"): the rule and the rows in one
 * transaction. `settle` states what chat.db records once budget.db holds it (throw there to roll
 * everything back). Throws WriteConflictError when the data no longer fit (nothing written).
 */
export function writeRuleChange(
  writer: BudgetWriter,
  change: RuleChange,
  opts: { userId: string | null; by: string; now: () => Date; settle: (s: RuleSnapshot) => Settlement | null; spill?: BudgetChange<RuleSnapshot>["spill"] },
): Promise<BudgetWriteReceipt<RuleSnapshot>> {
  let journal: { changes: RowChange[]; count: number } | null = null;
  return writer.writeWithReceipt({
    kind: "rule",
    userId: opts.userId,
    settle: (s) => opts.settle(s),
    // This write knows every row it changes: it states the journal's sample itself (no per-row capture).
    changes: () => journal!,
    spill: opts.spill ?? SERVER_SPILL,
    apply: async (db) => {
      const snap = await changeInWrite(db, change, opts);
      const id = (snap.ruleAfter ?? snap.ruleBefore)!.id;
      journal = journalOf(db, { id, was: snap.ruleBefore, is: snap.ruleAfter }, snap.rows ? { groups: snap.rows.before, to: snap.rows.after, undo: false } : null);
      return snap;
    },
  });
}

async function changeInWrite(db: Database, change: RuleChange, opts: { by: string; now: () => Date }): Promise<RuleSnapshot> {
  const slices = new WriteSlices(db);
  db.run(CATEGORY_RULES_DDL);
  const none = { rows: null, changed: 0, totals: [], manualSkipped: 0 };
  if (change.action === "add") {
    const at = opts.now().toISOString();
    const { id } = db
      .query("INSERT INTO category_rules (field, match, pattern, min_amount, max_amount, account, category, merchant_name, priority, created_at, created_by, hits) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0) RETURNING id")
      .get(change.spec.field, change.spec.match, change.spec.pattern, change.spec.minAmount, change.spec.maxAmount, change.spec.account, change.spec.category, change.spec.merchantName, change.spec.priority, at, opts.by) as { id: number };
    const rule = storedRule(db, id)!;
    const applied = change.apply ? await applyInWrite(db, rule, change.includeManual, change.expectedIds, slices) : none;
    return { action: "add", ruleBefore: null, ruleAfter: storedRule(db, id), ...applied };
  }
  const current = storedRule(db, change.rule.id);
  if (!sameRule(current, change.rule)) throw new WriteConflictError(`rule ${change.rule.id} was ${current ? "changed" : "removed"} meanwhile`);
  if (change.action === "update") {
    putRule(db, { ...current!, ...change.spec });
    return { action: "update", ruleBefore: current, ruleAfter: storedRule(db, current!.id), ...none };
  }
  if (change.action === "remove") {
    db.query("DELETE FROM category_rules WHERE id = ?").run(current!.id);
    return { action: "remove", ruleBefore: current, ruleAfter: null, ...none };
  }
  const applied = await applyInWrite(db, current!, change.includeManual, undefined, slices);
  return { action: "apply", ruleBefore: current, ruleAfter: storedRule(db, current!.id), ...applied };
}

/** A rule as its table row (the journal compares budget.db's row with it). */
function ruleRow(r: CategoryRule | null): Record<string, unknown> | null {
  if (!r) return null;
  const values = [r.id, r.field, r.match, r.pattern, r.minAmount, r.maxAmount, r.account, r.category, r.merchantName, r.priority, r.createdAt, r.createdBy, r.hits];
  return Object.fromEntries(RULE_COLUMNS.map((c, k) => [c, values[k]]));
}

/** A transaction's classification as the journal states it: only the columns budget.db has. */
function stateRow(s: RowState, cols: Set<string>): Record<string, unknown> {
  return {
    category: s.category,
    ...(cols.has("source") ? { source: s.source } : {}),
    ...(cols.has("confidence") ? { confidence: s.confidence } : {}),
    ...(s.merchant_name !== undefined ? { merchant_name: s.merchant_name } : {}),
  };
}

/**
 * The journal's sample of a rule write: the rule's row as it was and is (when it changed) and some of the rows it
 * moved, evenly spread (`moved`: the rows by the state they had, all left in `to`, or the other way round for an
 * undo), and how many rows it changed.
 */
function journalOf(
  db: Database,
  rule: { id: number; was: CategoryRule | null; is: CategoryRule | null },
  moved: { groups: (RowState & { ids: number[] })[]; to: RowState; undo: boolean } | null,
): { changes: RowChange[]; count: number } {
  const ruleChanged = JSON.stringify(ruleRow(rule.was)) !== JSON.stringify(ruleRow(rule.is));
  const changes: RowChange[] = ruleChanged ? [{ table: "category_rules", key: { id: rule.id }, before: ruleRow(rule.was), after: ruleRow(rule.is) }] : [];
  const rows = moved ? moved.groups.flatMap((g) => g.ids.map((rowId) => ({ rowId, g }))) : [];
  if (moved) {
    const cols = columnsOf(db, "transactions");
    const step = Math.max(1, rows.length / (JOURNAL_SAMPLE - 1));
    for (let i = 0; i < rows.length && changes.length < JOURNAL_SAMPLE; i += step) {
      const { rowId, g } = rows[Math.floor(i)]!;
      const [before, after] = moved.undo ? [moved.to, g] : [g, moved.to];
      changes.push({ table: "transactions", key: { id: rowId }, before: stateRow(before, cols), after: stateRow(after, cols) });
    }
  }
  return { changes, count: rows.length + (ruleChanged ? 1 : 0) };
}

/**
 * Put back exactly what a change replaced (kind "rule_undo"): the rows as they were, the rule as
 * it was (its hits less the rows the change counted). Refuses (WriteConflictError, nothing written)
 * when the rule or any of the rows is no longer as the change left it.
 */
export function undoRuleWrite(writer: BudgetWriter, snap: RuleSnapshot, opts: { userId: string | null; settle: () => Settlement | null }): Promise<BudgetWriteReceipt<void>> {
  let journal: { changes: RowChange[]; count: number } | null = null;
  return writer.writeWithReceipt({
    kind: "rule_undo",
    userId: opts.userId,
    spill: SERVER_SPILL,
    settle: () => opts.settle(),
    // As the change it undoes: it knows every row it puts back, and states the journal's sample itself.
    changes: () => journal!,
    apply: async (db) => {
      const slices = new WriteSlices(db);
      db.run(CATEGORY_RULES_DDL);
      const id = (snap.ruleAfter ?? snap.ruleBefore)!.id;
      const current = storedRule(db, id);
      if (!sameRule(current, snap.ruleAfter)) throw new WriteConflictError(`rule ${id} was ${current ? (snap.ruleAfter ? "changed" : "added again") : "removed"} since`);
      const cols = columnsOf(db, "transactions");
      if (snap.rows) {
        const { after } = snap.rows;
        const ids = snap.rows.before.flatMap((g) => g.ids);
        // Each id with the origin it had (null: recorded before origins were): an id that now names another row counts as changed.
        const pairs = snap.rows.before.flatMap((g) => g.ids.map((id, k) => [id, g.origins?.[k] ?? null]));
        const check = db.query(
          `SELECT count(*) AS n FROM json_each($ids) AS p JOIN transactions t ON t.id = json_extract(p.value, '$[0]')
             WHERE (json_extract(p.value, '$[1]') IS NULL OR ${originSql(cols)} IS json_extract(p.value, '$[1]')) AND category IS $category
             ${cols.has("source") ? "AND source IS $source" : ""} ${cols.has("confidence") ? "AND confidence IS $confidence" : ""} ${after.merchant_name !== undefined ? "AND merchant_name IS $merchant" : ""}`,
        );
        let same = 0;
        for (let k = 0; k < ids.length; k += UPDATE_CHUNK) {
          same += (check.get({
            ids: JSON.stringify(pairs.slice(k, k + UPDATE_CHUNK)),
            category: after.category,
            ...(cols.has("source") ? { source: after.source } : {}),
            ...(cols.has("confidence") ? { confidence: after.confidence } : {}),
            ...(after.merchant_name !== undefined ? { merchant: after.merchant_name } : {}),
          }) as { n: number }).n;
          await slices.between();
        }
        if (same !== ids.length) {
          throw new WriteConflictError(`${plural(ids.length - same, "transaction")} of the ${ids.length} changed (or were deleted) since; undoing would overwrite that, so nothing was restored`);
        }
        for (const g of snap.rows.before) {
          const { ids: groupIds, origins: _origins, ...state } = g;
          await setRows(db, groupIds, state, cols, slices);
        }
      }
      if (!snap.ruleBefore) {
        db.query("DELETE FROM category_rules WHERE id = ?").run(id);
      } else {
        // Hits counted since (an import) stay counted; those of this change go.
        const hits = Math.max(0, (current?.hits ?? snap.ruleBefore.hits) - snap.changed);
        putRule(db, { ...snap.ruleBefore, hits });
      }
      journal = journalOf(db, { id, was: current, is: storedRule(db, id) }, snap.rows ? { groups: snap.rows.before, to: snap.rows.after, undo: true } : null);
    },
  });
}

// ---------------------------------------------------------------------------------
// A person's changes (page, CLI, API): recorded for undo and audited

export type RuleDeps = { budget: BudgetDb; writer: BudgetWriter; store: Store; now?: () => Date };
export type RuleUser = { id: string; name: string };
export type RuleOutcome = { message: string; snapshot: RuleSnapshot; edit: DataEdit | null };

/** "Added rule 3 (Any text contains “TWINT” → Children) and moved 12 transactions to Children." (`account`: how an account is named: ruleConditions) */
export function ruleMessage(s: RuleSnapshot, account?: (a: string) => string): string {
  const rule = (s.ruleAfter ?? s.ruleBefore)!;
  const what = `rule ${rule.id} (${describeRule(rule, account)})`;
  const moved = s.changed ? `moved ${plural(s.changed, "transaction")} to ${rule.category}` : `changed no transaction`;
  const kept = s.manualSkipped ? `; ${plural(s.manualSkipped, "transaction")} you set by hand ${s.manualSkipped === 1 ? "stays" : "stay"} as ${s.manualSkipped === 1 ? "it is" : "they are"}` : "";
  switch (s.action) {
    case "add":
      return s.rows || s.manualSkipped ? `Added ${what} and ${moved}${kept}.` : `Added ${what}.`;
    case "apply":
      return `Applied ${what}: ${moved}${kept}.`;
    case "update":
      return `Changed rule ${rule.id} to ${describeRule(rule, account)}.`;
    case "remove":
      return `Removed ${what}.`;
  }
}

/** A change's figures for the audit log and the JSON API. */
export function ruleDetail(s: RuleSnapshot): Record<string, unknown> {
  const rule = (s.ruleAfter ?? s.ruleBefore)!;
  return {
    action: s.action,
    rule: rule.id,
    ...(s.ruleAfter ? { after: ruleJson(s.ruleAfter) } : {}),
    ...(s.ruleBefore ? { before: ruleJson(s.ruleBefore) } : {}),
    changed: s.changed,
    totals: s.totals,
    manual_skipped: s.manualSkipped,
  };
}

/** Make a change as a person (page, CLI, API): recorded in store.edits (kind "rule") with its audit entry once budget.db holds it. */
async function changeRules(deps: RuleDeps, user: RuleUser, change: RuleChange, via: "page" | "cli" | "api"): Promise<RuleOutcome> {
  // On the demo data, refused (the command line's writer refuses first, in its own words).
  if (deps.writer && deps.budget.demo) throw new RuleError("conflict", `Nothing was changed: ${demoChangeRefusal("a rule")}`);
  let message = "";
  try {
    const receipt = await writeRuleChange(deps.writer, change, {
      userId: user.id,
      by: user.name,
      now: deps.now ?? (() => new Date()),
      // From the command line no server answers in this process: its memory stays bounded by the page cache (as a
      // large import's), a server elsewhere waits for the COMMIT. The page and the API keep the changed pages until
      // then, up to SERVER_SPILL's bound, so readers of this server are not shut out meanwhile.
      spill: via === "cli" ? true : SERVER_SPILL,
      settle: (snapshot) => {
        const names = deps.store.accountNames.all();
        message = ruleMessage(snapshot, (a) => accountLabel(a, names));
        return {
          edit: { kind: "rule", userId: user.id, message, input: change, before: snapshot, after: { rule: snapshot.ruleAfter } },
          audit: [{ kind: "write", userId: user.id === "cli" ? null : user.id, detail: { change: "rule", via, by: user.name, ...ruleDetail(snapshot) } }],
        };
      },
    });
    return { message, snapshot: receipt.result, edit: await deps.store.edits.recordedBy(receipt) };
  } catch (e) {
    if (e instanceof WriteConflictError) throw new RuleError("conflict", `Nothing was changed: ${e.message}.`);
    throw e;
  }
}

/** A rule's fields checked against the data (as ruleSpecOf), refused as an `invalid` RuleError in words. */
export function checkedRuleSpec(deps: Pick<RuleDeps, "budget" | "store">, input: ValidRuleInput): RuleSpec {
  try {
    return ruleSpecOf(deps.budget, input, deps.store.accountNames.all());
  } catch (e) {
    if (e instanceof ToolInputError || e instanceof UnknownCategory) throw new RuleError("invalid", e.message);
    throw e;
  }
}

/** Add a rule; with `apply`, also move the rows it gives its category now (hand-set ones only with `includeManual`). */
export async function addRule(deps: RuleDeps, user: RuleUser, input: ValidRuleInput, opts: { apply: boolean; includeManual?: boolean }, via: "page" | "cli" | "api"): Promise<RuleOutcome> {
  return changeRules(deps, user, { action: "add", spec: checkedRuleSpec(deps, input), apply: opts.apply, includeManual: opts.includeManual === true }, via);
}

/** Change a rule's conditions, category, merchant name or priority (its hits stay). Rows are not moved: apply it to do so. */
export async function updateRule(deps: RuleDeps, user: RuleUser, id: number, input: ValidRuleInput, via: "page" | "cli" | "api"): Promise<RuleOutcome> {
  const rule = getRule(deps.budget, id);
  const spec = checkedRuleSpec(deps, input);
  if (sameRule(rule, { ...rule, ...spec })) throw new RuleError("conflict", `Rule ${id} already says that: nothing to change.`);
  return changeRules(deps, user, { action: "update", rule, spec }, via);
}

/** Remove a rule (the rows it classified keep their categories). */
export async function removeRule(deps: RuleDeps, user: RuleUser, id: number, via: "page" | "cli" | "api"): Promise<RuleOutcome> {
  return changeRules(deps, user, { action: "remove", rule: getRule(deps.budget, id) }, via);
}

/** Apply a stored rule to the rows it gives its category now. */
export async function applyRule(deps: RuleDeps, user: RuleUser, id: number, opts: { includeManual?: boolean }, via: "page" | "cli" | "api"): Promise<RuleOutcome> {
  return changeRules(deps, user, { action: "apply", rule: getRule(deps.budget, id), includeManual: opts.includeManual === true }, via);
}

/** What undoing a change did, in words. */
function undoneMessage(s: RuleSnapshot): string {
  const rule = (s.ruleAfter ?? s.ruleBefore)!;
  const back = s.changed ? `${plural(s.changed, "transaction")} ${s.changed === 1 ? "is" : "are"} back as before` : "";
  switch (s.action) {
    case "add":
      return `Undone: rule ${rule.id} is gone again${back ? `, and ${back}` : ""}.`;
    case "apply":
      return `Undone: ${back || "nothing had moved"} (rule ${rule.id} stays).`;
    case "update":
      return `Undone: rule ${rule.id} says again ${describeRule(s.ruleBefore!)}.`;
    case "remove":
      return `Undone: rule ${rule.id} is back (${describeRule(rule)}).`;
  }
}

/** Undo one of the user's rule changes (the page's toast and list, `rules undo`), once. */
export async function undoRuleChangeById(deps: RuleDeps, user: RuleUser, editId: number): Promise<{ edit: DataEdit; message: string }> {
  const edit = deps.store.edits.get(user.id, editId);
  if (!edit || edit.kind !== "rule") throw new RuleError("not_found", `No rule change ${editId} of yours to undo.`);
  if (edit.undoneAt) throw new RuleError("conflict", "This change was already undone.");
  const snap = edit.before as RuleSnapshot;
  const message = undoneMessage(snap);
  try {
    const receipt = await undoRuleWrite(deps.writer, snap, {
      userId: user.id,
      settle: () => {
        if (deps.store.edits.get(user.id, editId)?.undoneAt) throw new WriteConflictError("this change was already undone");
        return {
          editUndone: { id: edit.id, by: user.name },
          audit: [{ kind: "undo", userId: user.id === "cli" ? null : user.id, detail: { edit: edit.id, change: "rule", by: user.name, ...ruleDetail(snap) } }],
        };
      },
    });
    const now = deps.store.edits.get(user.id, editId)!;
    return { edit: receipt.settled ? now : { ...now, undoneAt: now.undoneAt ?? new Date().toISOString(), undoneBy: now.undoneBy ?? user.name }, message };
  } catch (e) {
    if (e instanceof WriteConflictError) throw new RuleError("conflict", `Nothing was restored: ${e.message}.`);
    throw e;
  }
}

/**
 * An amount as a person types it for a rule (a form, the command line): `-50`, `−50`, `1'200.50`,
 * `-12,50`; money out negative. null for an empty text; a ToolInputError for anything else.
 */
export function parseRuleAmount(text: string, what: string): number | null {
  const t = text.trim().replace(/[\u2212\u2013]/g, "-").replace(/['\u2019\s]/g, "");
  if (t === "") return null;
  const n = /^-?\d+([.,]\d{1,2})?$/.test(t) ? Number(t.replace(",", ".")) : Number.NaN;
  if (!Number.isFinite(n) || Math.abs(n) > AMOUNT_MAX) throw new ToolInputError(`${what} must be an amount like -50 or 1'200.50 (money out negative), got "${text}"`);
  return n;
}
