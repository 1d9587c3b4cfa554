import { formatCount, formatMoney } from "../src/core/format.ts";
import { safeId } from "../src/ui/dom-ids.ts";
import { Layout, type AssetUrl } from "./Layout.tsx";
import { RecentEdits, type RecentEditView } from "./RecentEdits.tsx";

export type CategoryView = {
  name: string;
  description: string;
  rows: number;
  role: "income" | "not spending" | "spending";
  budget: { amount: number; currency: string } | null;
};

/** `notSpendingNote`: the not-spending list names no category (BudgetDb.notSpendingWarning), shown above the list. */
export type CategoriesPageProps = { categories: CategoryView[]; edits: RecentEditView[]; asset?: AssetUrl; userName?: string | null; notSpendingNote?: string | null };

/** A form that changes a category: POST /categories (works without JavaScript); with htmx the answer goes to the toast and the page refreshes itself. */
const change = { method: "post", action: "/categories", "hx-post": "/categories", "hx-target": "#toast", "hx-swap": "innerHTML" } as const;

/**
 * Every category with its description (what the import pipeline classifies by), role,
 * transactions and budget; add, rename, merge and describe, each undoable.
 */
export function CategoriesPage(p: CategoriesPageProps) {
  return (
    <Layout title="Categories · budget-chat" asset={p.asset} bodyClass="page-categories" nav={{ current: "categories", user: p.userName ? { name: p.userName } : null }}>
      <main class="page categories-page" id="main" hx-get="/categories" hx-trigger="data-changed from:body" hx-select="#main" hx-target="#main" hx-swap="outerHTML">
        <h1>Categories</h1>
        <p class="muted">
          The import pipeline files each transaction under the category whose description fits it best, so a description says what belongs there. Renaming or merging a
          category changes its transactions, the pipeline's merchant cache and examples, and its budget together; each change can be undone.
        </p>
        {p.notSpendingNote ? (
          <p class="notice" role="note" id="not-spending-note">
            {p.notSpendingNote}
          </p>
        ) : null}
        <section class="category-add" aria-labelledby="add-heading">
          <h2 id="add-heading">Add a category</h2>
          <form {...change} class="stack-form">
            <input type="hidden" name="action" value="add" />
            <label for="add-name">Name</label>
            <input type="text" id="add-name" name="name" required maxlength={60} autocomplete="off" />
            <label for="add-description">Description</label>
            <input type="text" id="add-description" name="description" required maxlength={500} autocomplete="off" placeholder="e.g. Pet food, vets, pet insurance" />
            <button type="submit" class="primary">
              Add
            </button>
          </form>
        </section>
        <ul class="category-list" id="category-list">
          {p.categories.map((c) => {
            const id = `cat-${safeId(c.name)}`;
            return (
              <li class="category-row" id={id}>
                <div class="category-head">
                  <h2 class="category-name">{c.name}</h2>
                  <span class="muted">
                    {formatCount(c.rows)} {c.rows === 1 ? "transaction" : "transactions"} · {c.role}
                    {c.budget ? ` · budget ${formatMoney(c.budget.amount, c.budget.currency)}` : ""}
                  </span>
                </div>
                <p class="category-description">{c.description || <span class="muted">No description.</span>}</p>
                <details class="category-edit">
                  <summary>Change {c.name}</summary>
                  <form {...change} class="stack-form">
                    <input type="hidden" name="action" value="rename" />
                    <input type="hidden" name="name" value={c.name} />
                    <label for={`${id}-rename`}>New name</label>
                    <input type="text" id={`${id}-rename`} name="new_name" required maxlength={60} autocomplete="off" />
                    <button type="submit">Rename</button>
                  </form>
                  <form
                    {...change}
                    class="stack-form"
                    data-confirm={`Merge ${c.name} into {into}? Its ${formatCount(c.rows)} ${c.rows === 1 ? "transaction" : "transactions"}${c.budget ? ", its budget" : ""} and what the import learnt about it move there, and ${c.name} is gone. You can undo it.`}
                  >
                    <input type="hidden" name="action" value="merge" />
                    <input type="hidden" name="name" value={c.name} />
                    <label for={`${id}-into`}>Merge into</label>
                    <select id={`${id}-into`} name="into">
                      {p.categories
                        .filter((o) => o.name !== c.name)
                        .map((o) => (
                          <option value={o.name}>{o.name}</option>
                        ))}
                    </select>
                    <button type="submit">Merge</button>
                  </form>
                  <form {...change} class="stack-form">
                    <input type="hidden" name="action" value="describe" />
                    <input type="hidden" name="name" value={c.name} />
                    <label for={`${id}-describe`}>Description</label>
                    <input type="text" id={`${id}-describe`} name="description" value={c.description} required maxlength={500} autocomplete="off" />
                    <button type="submit">Save description</button>
                  </form>
                </details>
              </li>
            );
          })}
        </ul>
        <RecentEdits edits={p.edits} />
      </main>
      <div id="toast" class="toast-region" role="status" aria-live="polite"></div>
    </Layout>
  );
}
