import type { Child } from "hono/jsx";
import { formatCount } from "../src/core/format.ts";

export type RuleItemProps = {
  id: number;
  /** The rule in words: its conditions and what it gives. */
  conditions: string;
  category: string;
  merchantName: string | null;
  priority: number;
  hits: number;
  createdBy: string;
  createdAt: string;
  /** The edit form (RuleForm), inside the item's "Edit" disclosure. */
  editForm: Child;
};

/**
 * One rule in the Rules page's list: what it does, its priority and hits; Test (the transactions it
 * would change now, fetched on demand), Apply (with "also change hand-set rows"), Edit, Remove.
 */
export function RuleItem(p: RuleItemProps) {
  const test = `rule-${p.id}-test`;
  return (
    <li class="rule-row" id={`rule-${p.id}`}>
      <div class="rule-head">
        <h3 class="rule-name">
          Rule {p.id}: {p.conditions} → {p.category}
          {p.merchantName ? <span class="muted"> (merchant “{p.merchantName}”)</span> : null}
        </h3>
        <span class="muted">
          priority {p.priority} · {formatCount(p.hits)} {p.hits === 1 ? "hit" : "hits"} · by {p.createdBy},{" "}
          <time class="local-date" datetime={p.createdAt}>
            {p.createdAt.slice(0, 10)}
          </time>
        </span>
      </div>
      <div class="rule-actions">
        <button type="button" hx-get={`/rules/${p.id}/test`} hx-target={`#${test}`} hx-swap="innerHTML" aria-controls={test}>
          Test
        </button>
        <form method="post" action={`/rules/${p.id}/apply`} hx-post={`/rules/${p.id}/apply`} hx-target="#toast" hx-swap="innerHTML" class="inline-form rule-apply">
          <label class="check">
            <input type="checkbox" name="include_manual" value="true" /> Also change hand-set rows
          </label>
          <button type="submit">Apply</button>
        </form>
        <form
          method="post"
          action={`/rules/${p.id}/remove`}
          hx-post={`/rules/${p.id}/remove`}
          hx-target="#toast"
          hx-swap="innerHTML"
          class="inline-form"
          data-confirm={`Remove rule ${p.id}? The transactions it classified keep their categories. You can undo it.`}
        >
          <button type="submit" class="danger">
            Remove
          </button>
        </form>
      </div>
      <div class="rule-test" id={test} aria-live="polite"></div>
      <details class="rule-edit">
        <summary>Edit rule {p.id}</summary>
        {p.editForm}
      </details>
    </li>
  );
}
