/**
 * A rule in words, as the Rules page, the CLI, the chat's approval card and the messages of a change say it.
 */
import { formatAmount, plural, quote } from "../core/format.ts";
import type { RuleField, RuleMatch, RuleSpec } from "../ledger/category-rules.ts";
import { MERCHANT_MAX, PATTERN_MAX } from "./rule-input.ts";

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

/**
 * The rows of a preview another rule takes, in words (the Rules page, `rules test`, propose_rule's card): that rule
 * comes first by a higher priority or, at the same priority, by being older; it said "a rule of higher priority" when
 * an older rule of the same priority won.
 */
export function shadowedWords(rows: number): string {
  return `${plural(rows, "transaction")} it matches ${rows === 1 ? "goes" : "go"} to another rule that comes first (a higher priority, or the same priority and older).`;
}
