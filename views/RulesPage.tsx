import type { Child } from "hono/jsx";
import { Layout, type AssetUrl } from "./Layout.tsx";
import { RecentEdits, type RecentEditView } from "./RecentEdits.tsx";

export type RulesPageProps = {
  /** The add form (RuleForm), filled in when the page was opened from "Always do this". */
  addForm: Child;
  /** One RuleItem per rule, in the order they are tried. */
  rules: Child[];
  /** How good the classification is (ClassificationQuality). */
  quality: Child;
  edits: RecentEditView[];
  asset?: AssetUrl;
  userName?: string | null;
};

/**
 * The user's category rules (SPEC §14): add one with a live preview of what it would change now;
 * the list with each rule's hits, test, apply, edit and remove; how good the classification is;
 * the recent changes with Undo. The page refreshes itself after a change (data-changed).
 */
export function RulesPage(p: RulesPageProps) {
  return (
    <Layout title="Rules · budget-chat" asset={p.asset} bodyClass="page-rules" nav={{ current: "rules", user: p.userName ? { name: p.userName } : null }}>
      <main class="page wide rules-page" id="main" hx-get="/rules" hx-trigger="data-changed from:body" hx-select="#main" hx-target="#main" hx-swap="outerHTML">
        <h1>Rules</h1>
        <p class="muted">
          A rule files transactions under a category by their text, merchant, account or amount, before the merchant cache and the model, at every import, and
          without an API key. Rules are tried by priority (higher first), then oldest first; the first that matches decides.
        </p>
        <section class="rule-add" aria-labelledby="add-rule-heading" id="add-rule">
          <h2 id="add-rule-heading">Add a rule</h2>
          {p.addForm}
        </section>
        <section aria-labelledby="rule-list-heading">
          <h2 id="rule-list-heading">Your rules</h2>
          <ul class="rule-list" id="rule-list">
            {p.rules.length ? p.rules : <li class="muted">No rules yet.</li>}
          </ul>
        </section>
        {p.quality}
        <RecentEdits edits={p.edits} />
      </main>
      <div id="toast" class="toast-region" role="status" aria-live="polite"></div>
    </Layout>
  );
}
