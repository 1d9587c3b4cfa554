/**
 * A rule as people write it (SPEC §14): the fields the API, the tool, the CLI and the page send, checked (the
 * schema, then against the data: the category and the account as the data spells them), and back in the API's shape.
 */
import { z } from "zod";
import { ChangeRefused, ToolInputError } from "../core/errors.ts";
import { formatAmount, quote } from "../core/format.ts";
import { CONTROL_CHARS, lazySchema, oneLineError } from "../core/validation.ts";
import { maskAccount } from "../core/account-labels.ts";
import { foldText, SearchTerm } from "../core/search-text.ts";
import { resolveCategory } from "../ledger/categories.ts";
import {
  normaliseAccount,
  readRules,
  RULE_FIELDS,
  RULE_MATCHES,
  type CategoryRule,
  type RuleSpec,
} from "../ledger/category-rules.ts";
import { foldCategory } from "../ledger/ledger.ts";
import type { BudgetDb } from "../ledger/reader.ts";

/** A refused rule change or undo, with its kind (`invalid`, `not_found`, `conflict`): the web's status, the CLI's exit code. */
export class RuleError extends ChangeRefused {
  override name = "RuleError";
}

export const PATTERN_MAX = 200;
export const MERCHANT_MAX = 200;
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
