import type { Child } from "hono/jsx";
import { RULE_FIELDS, RULE_MATCHES } from "../src/ledger/category-rules.ts";
import { PRIORITY_RANGE } from "../src/rules/rule-input.ts";
import { RULE_FIELD_LABELS, RULE_MATCH_LABELS } from "../src/rules/rule-words.ts";

/** A rule's fields as a form holds them (text, as typed). */
export type RuleFormValues = {
  field: string;
  match: string;
  pattern: string;
  min_amount: string;
  max_amount: string;
  account: string;
  category: string;
  merchant_name: string;
  priority: string;
  apply: boolean;
  include_manual: boolean;
};

export const EMPTY_RULE_FORM: RuleFormValues = {
  field: "text",
  match: "contains",
  pattern: "",
  min_amount: "",
  max_amount: "",
  account: "",
  category: "",
  merchant_name: "",
  priority: "0",
  apply: true,
  include_manual: false,
};

export type RuleFormProps = {
  /** Ids of the form's fields start with it (one page holds the add form and an edit form per rule). */
  idPrefix: string;
  /** Where the form posts (POST /rules, POST /rules/:id). */
  action: string;
  /** The rule being edited (its preview compares against the other rules). */
  ruleId?: number;
  values: RuleFormValues;
  categories: string[];
  accounts: { value: string; label: string }[];
  submitLabel: string;
  /** The add form offers "apply now"; an edit changes the rule only (Apply is beside it). */
  offerApply: boolean;
  /** The live preview's first content (the server's, for a form that opens filled in). */
  preview: Child;
};

/**
 * A rule's fields with a live preview (SPEC §14: "would change N rows now"): the preview is asked
 * for again as the fields change (POST /rules/preview, htmx); without JavaScript the form still
 * posts and the page answers.
 */
export function RuleForm(p: RuleFormProps) {
  const v = p.values;
  const id = (name: string) => `${p.idPrefix}-${name}`;
  // A rule may name a category or an account the data no longer has: still shown, so an edit keeps it.
  const categories = v.category && !p.categories.includes(v.category) ? [v.category, ...p.categories] : p.categories;
  const accounts = v.account && !p.accounts.some((a) => a.value === v.account) ? [{ value: v.account, label: v.account }, ...p.accounts] : p.accounts;
  return (
    <form method="post" action={p.action} hx-post={p.action} hx-target="#toast" hx-swap="innerHTML" class="rule-form">
      {p.ruleId !== undefined ? <input type="hidden" name="id" value={String(p.ruleId)} /> : null}
      <div class="rule-fields">
        <div class="field">
          <label for={id("field")}>Where</label>
          <select id={id("field")} name="field">
            {RULE_FIELDS.map((f) => (
              <option value={f} selected={v.field === f}>
                {RULE_FIELD_LABELS[f]}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for={id("match")}>How</label>
          <select id={id("match")} name="match">
            {RULE_MATCHES.map((m) => (
              <option value={m} selected={v.match === m}>
                {RULE_MATCH_LABELS[m]}
              </option>
            ))}
          </select>
        </div>
        <div class="field grow">
          <label for={id("pattern")}>Text</label>
          <input type="text" id={id("pattern")} name="pattern" value={v.pattern} maxlength={200} autocomplete="off" placeholder="e.g. TWINT" />
        </div>
        <div class="field small">
          <label for={id("min")}>Amount from</label>
          <input type="text" inputmode="decimal" id={id("min")} name="min_amount" value={v.min_amount} autocomplete="off" placeholder="-100" aria-describedby={id("amount-hint")} />
        </div>
        <div class="field small">
          <label for={id("max")}>Amount to</label>
          <input type="text" inputmode="decimal" id={id("max")} name="max_amount" value={v.max_amount} autocomplete="off" placeholder="-10" aria-describedby={id("amount-hint")} />
        </div>
        <div class="field">
          <label for={id("account")}>Account</label>
          <select id={id("account")} name="account">
            <option value="">Any account</option>
            {accounts.map((a) => (
              <option value={a.value} selected={v.account === a.value}>
                {a.label}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for={id("category")}>Category</label>
          <select id={id("category")} name="category" required>
            <option value="">Choose…</option>
            {categories.map((c) => (
              <option value={c} selected={v.category === c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <div class="field grow">
          <label for={id("merchant")}>Merchant name (optional)</label>
          <input type="text" id={id("merchant")} name="merchant_name" value={v.merchant_name} maxlength={200} autocomplete="off" />
        </div>
        <div class="field small">
          <label for={id("priority")}>Priority</label>
          <input type="number" id={id("priority")} name="priority" value={v.priority} min={PRIORITY_RANGE[0]} max={PRIORITY_RANGE[1]} step={1} />
        </div>
      </div>
      <p class="muted rule-hint" id={id("amount-hint")}>
        Amounts as in your statements: money out is negative (from -100 to -10 is a payment of 10 to 100). Text matches like search: case, accents and ü = ue = u do not
        matter. When two rules match, the higher priority wins.
      </p>
      <div class="rule-checks">
        {p.offerApply ? (
          <label class="check">
            <input type="checkbox" name="apply" value="true" checked={v.apply} /> Apply to the matching transactions now
          </label>
        ) : null}
        <label class="check">
          <input type="checkbox" name="include_manual" value="true" checked={v.include_manual} /> Also change hand-set rows
        </label>
      </div>
      <div
        class="rule-preview"
        id={id("preview")}
        aria-live="polite"
        hx-post="/rules/preview"
        hx-trigger="input from:closest form delay:400ms, change from:closest form"
        hx-sync="replace"
        hx-target="this"
        hx-swap="innerHTML"
      >
        {p.preview}
      </div>
      <button type="submit" class="primary">
        {p.submitLabel}
      </button>
    </form>
  );
}
