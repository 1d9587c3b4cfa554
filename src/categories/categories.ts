/**
 * Categories (SPEC §12): list, add, rename, merge, describe, and undo each change.
 *
 * A category lives in five places: `transactions.category`, `merchant_cache.category`,
 * `few_shot_examples.correct_category`, the `categories` table (name and the description
 * the pipeline classifies by) in budget.db, and the household's budgets in chat.db. A
 * rename or merge changes the four of budget.db in one transaction (through the one write
 * path, kind "category"); the budgets it carries, and the record of the change (what it
 * replaced, for undo), are the write's settlement: recorded in chat.db only once budget.db
 * holds the change (SPEC §13.1), so chat.db never states a change that was not made.
 *
 * Names equal ignoring case are one category (SPEC §1): every place matches the old name
 * that way. Uncategorised is where the pipeline files what it cannot classify, so it can
 * be merged into, but not renamed or merged away.
 *
 * The CLI, the Categories page and the approved `manage_categories` tool all call
 * `planCategoryChange` (what would change, for the card and for checks) and
 * `applyCategoryChange`; they differ only in how the change is recorded.
 */
import type { Database } from "bun:sqlite";
import type { BudgetDb, Role } from "../ledger/reader.ts";
import { UNCATEGORISED } from "../ledger/schema.ts";
import type { BudgetWriter, BudgetWriteReceipt } from "../ledger/write-path.ts";
import { ChangeRefused, ToolInputError, UnknownCategory, WriteConflictError } from "../core/errors.ts";
import { demoChangeRefusal } from "../ledger/open.ts";
import { plural, type CurrencyTotal } from "../core/format.ts";
import { CONTROL_CHARS } from "../core/validation.ts";
import type { Settlement } from "../store/budget-writes.ts";
import type { BudgetValue } from "../store/budgets.ts";
import type { DataEdit } from "../store/data-edits.ts";
import type { Store } from "../store/store.ts";
import { resolveCategory } from "../ledger/categories.ts";

export const CATEGORY_ACTIONS = ["add", "rename", "merge", "describe"] as const;
export type CategoryAction = (typeof CATEGORY_ACTIONS)[number];

export type CategoryRequest = { action: CategoryAction; name: string; newName?: string; into?: string; description?: string };

/** What a change would touch: counted when planned, shown on the approval card and the page. */
export type CategoryPlan = {
  action: CategoryAction;
  /** The category as the data spells it (add: the new name). */
  name: string;
  /** rename: the new name; merge: the category it goes into. */
  target?: string;
  description?: string;
  rows: number;
  cacheEntries: number;
  examples: number;
  /** Budgets (chat.db) that move or merge. */
  budgets: { category: string; amount: number; currency: string }[];
  /** What would happen, in words (the card's description). */
  message: string;
};

/** Exactly what a change replaced, for undo (all JSON). */
export type CategorySnapshot = {
  plan: CategoryPlan;
  /** Transactions, cache entries and examples that carried the old name, with their exact spelling. */
  transactions: { id: number; category: string }[];
  cache: { key: string; category: string }[];
  examples: { id: number; category: string }[];
  /** The categories rows of the old and the new name as they were (null: none). */
  rowsBefore: { name: string; row: Record<string, unknown> | null }[];
  /** The budgets of the names involved as they were. */
  budgetsBefore: { category: string; value: BudgetValue }[];
  /** What the change wrote in their place. */
  rowsAfter: { name: string; row: Record<string, unknown> | null }[];
  budgetsAfter: { category: string; value: BudgetValue }[];
};

/** A category's line on the Categories page and in `categories list`. */
export type CategoryInfo = { name: string; description: string; rows: number; role: "income" | "not spending" | "spending"; budget: { amount: number; currency: string } | null };

export type CategoryDeps = { budget: BudgetDb; writer: BudgetWriter; store: Store; now?: () => Date };

const NAME_MAX = 60;
const DESCRIPTION_MAX = 500;

/** The sentence a category gets when it is created without one (recategorise_transactions to a new name). */
export function defaultDescription(name: string): string {
  return `Transactions the user filed under ${name}.`;
}

export function listCategories(budget: BudgetDb, store: Store): CategoryInfo[] {
  const counts = new Map<string, number>();
  for (const c of budget.summary().categoryCounts) counts.set(c.category.trim().toLowerCase(), (counts.get(c.category.trim().toLowerCase()) ?? 0) + c.count);
  const budgets = new Map(store.budgets.list().map((b) => [b.category.toLowerCase(), b]));
  const seen = new Set<string>();
  const out: CategoryInfo[] = [];
  for (const c of budget.categories()) {
    const key = c.name.trim().toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    const role = budget.roleOf(c.name);
    const b = budgets.get(key);
    out.push({
      name: c.name,
      description: c.description,
      rows: counts.get(key) ?? 0,
      role: role === "income" ? "income" : role === "notSpending" ? "not spending" : "spending",
      budget: b ? { amount: b.amount, currency: b.currency } : null,
    });
  }
  return out;
}

function checkName(name: string, what: string): string {
  const n = name.trim();
  if (!n) throw new ToolInputError(`${what} cannot be empty.`);
  if (n.length > NAME_MAX) throw new ToolInputError(`${what} has at most ${NAME_MAX} characters.`);
  if (CONTROL_CHARS.test(n)) throw new ToolInputError(`${what} cannot contain control characters.`);
  return n;
}

function checkDescription(text: string | undefined, action: string): string {
  const d = (text ?? "").trim();
  if (!d) throw new ToolInputError(`${action} needs a description: the import pipeline classifies transactions by the categories' descriptions (e.g. "Pet food, vets, pet insurance").`);
  if (d.length > DESCRIPTION_MAX) throw new ToolInputError(`A description has at most ${DESCRIPTION_MAX} characters.`);
  if (CONTROL_CHARS.test(d.replace(/\n/g, " "))) throw new ToolInputError("A description cannot contain control characters.");
  return d;
}

/** The existing category a name means, or null (case-insensitive; ambiguity is an error). */
function existing(budget: BudgetDb, name: string): string | null {
  try {
    return resolveCategory(budget, name);
  } catch (e) {
    if (e instanceof UnknownCategory) return null;
    throw e;
  }
}

/**
 * Check a request against the data and count what it would change. Throws a
 * ToolInputError that says what to fix (unknown category, name taken, no description…).
 */
export function planCategoryChange(budget: BudgetDb, budgets: { category: string; amount: number; currency: string }[], req: CategoryRequest): CategoryPlan {
  const action = req.action;
  if (action === "add") {
    const name = checkName(req.name, "A category name");
    const taken = existing(budget, name);
    if (taken) throw new ToolInputError(`A category "${taken}" already exists.`);
    const description = checkDescription(req.description, "A new category");
    return { action, name, description, rows: 0, cacheEntries: 0, examples: 0, budgets: [], message: `Add the category ${name} (“${description}”).` };
  }
  const name = resolveCategory(budget, req.name);
  if (action === "describe") {
    const description = checkDescription(req.description, "describe");
    return { action, name, description, rows: 0, cacheEntries: 0, examples: 0, budgets: [], message: `Describe ${name} as “${description}”.` };
  }
  if (name.toLowerCase() === UNCATEGORISED.toLowerCase()) {
    throw new ToolInputError(`${UNCATEGORISED} cannot be ${action === "rename" ? "renamed" : "merged away"}: the import pipeline files what it cannot classify there. Move its transactions with recategorise_transactions instead.`);
  }
  let target: string;
  if (action === "rename") {
    if (req.newName === undefined) throw new ToolInputError("rename needs the new name (new_name).");
    target = checkName(req.newName, "The new name");
    const taken = existing(budget, target);
    // A change of letter case only is a rename; any other existing name is a merge.
    if (taken && taken.toLowerCase() !== name.toLowerCase()) throw new ToolInputError(`"${taken}" already exists: to put ${name} into it, merge instead.`);
    if (target === name) throw new ToolInputError(`${name} is already called that.`);
  } else {
    if (req.into === undefined) throw new ToolInputError("merge needs the category to merge into (into).");
    target = resolveCategory(budget, req.into);
    if (target.toLowerCase() === name.toLowerCase()) throw new ToolInputError(`Cannot merge ${name} into itself.`);
  }
  const rows = budget.get<{ n: number }>("SELECT count(*) AS n FROM transactions WHERE trim(category) = $name COLLATE NOCASE", { name })!.n;
  const cacheEntries = safeCount(budget, "merchant_cache", "category", name);
  const examples = safeCount(budget, "few_shot_examples", "correct_category", name);
  const affected = budgets.filter((b) => [name.toLowerCase(), target.toLowerCase()].includes(b.category.toLowerCase()));
  const what = [plural(rows, "transaction"), plural(cacheEntries, "merchant cache entry", "merchant cache entries"), plural(examples, "classifier example")].join(", ");
  const message =
    action === "rename"
      ? `Rename ${name} to ${target}: ${what}${affected.length ? ", and its budget" : ""}.`
      : `Merge ${name} into ${target}: ${what} move to ${target}${affected.length ? "; their budgets are added together" : ""}; ${name} is removed.`;
  return { action, name, target, rows, cacheEntries, examples, budgets: affected.map((b) => ({ category: b.category, amount: b.amount, currency: b.currency })), message };
}

/** The amounts of a category's rows, per currency, most rows first (a rename or merge card's total): never one sum over several. */
export function categoryTotals(budget: BudgetDb, name: string): CurrencyTotal[] {
  return budget.all<CurrencyTotal>(
    `SELECT upper(trim(currency)) AS currency, round(sum(amount), 2) AS total FROM transactions WHERE trim(category) = $name COLLATE NOCASE
     GROUP BY 1 ORDER BY count(*) DESC, 1`,
    { name },
  );
}

function safeCount(budget: BudgetDb, table: string, column: string, name: string): number {
  if (!budget.hasTable(table)) return 0;
  try {
    return budget.get<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE trim(${column}) = $name COLLATE NOCASE`, { name })?.n ?? 0;
  } catch {
    return 0; // a hand-made table without that column
  }
}

/**
 * A categories row by name (any letter case) with its rowid, so that an undo, or the
 * renamed row, takes the same place in the table as before.
 */
function categoryRow(db: Database, catCols: Set<string>, name: string): Record<string, unknown> | null {
  if (!catCols.has("name")) return null;
  return (db.query("SELECT rowid AS rowid, * FROM categories WHERE name = $name COLLATE NOCASE").get({ name }) as Record<string, unknown> | null) ?? null;
}

function columns(db: Database, table: string): Set<string> {
  return new Set((db.query("SELECT name FROM pragma_table_info($table)").all({ table }) as { name: string }[]).map((r) => r.name));
}

/**
 * Carry out a plan: budget.db through the write path; the budgets it carries and whatever
 * `settle(snapshot)` states are recorded in chat.db once budget.db holds the change (throw
 * there to roll everything back). Throws WriteConflictError when the data no longer fit the plan.
 */
export function applyCategoryChange(
  deps: CategoryDeps,
  plan: CategoryPlan,
  opts: { userId: string | null; by: string; settle: (s: CategorySnapshot) => Settlement | null },
): Promise<BudgetWriteReceipt<CategorySnapshot>> {
  const now = (deps.now ?? (() => new Date()))().toISOString();
  return deps.writer.writeWithReceipt({
    kind: "category",
    userId: opts.userId,
    settle: (snap) => ({ ...opts.settle(snap), ...budgetMoves(snap, opts.by, false) }),
    apply: (db) => {
      const catCols = columns(db, "categories");
      const hasCategories = catCols.has("name") && catCols.has("description");
      const rowOf = (name: string) => categoryRow(db, catCols, name);
      const insert = (row: Record<string, unknown>) => {
        const keys = Object.keys(row).filter((k) => catCols.has(k) || k === "rowid");
        db.query(`INSERT INTO categories (${keys.join(", ")}) VALUES (${keys.map((k) => `$${k}`).join(", ")})`).run(Object.fromEntries(keys.map((k) => [k, row[k] as string])));
      };
      const snap: CategorySnapshot = { plan, transactions: [], cache: [], examples: [], rowsBefore: [], budgetsBefore: [], rowsAfter: [], budgetsAfter: [] };
      const names = plan.target ? [plan.name, plan.target] : [plan.name];
      snap.rowsBefore = names.map((name) => ({ name, row: rowOf(name) }));

      if (plan.action === "add") {
        if (!hasCategories) throw new WriteConflictError("the database has no categories table to add to");
        if (rowOf(plan.name)) throw new WriteConflictError(`a category "${plan.name}" was added meanwhile`);
        insert({ name: plan.name, description: plan.description!, created_at: now });
      } else if (plan.action === "describe") {
        if (!hasCategories) throw new WriteConflictError("the database has no categories table to describe categories in");
        if (rowOf(plan.name)) db.query("UPDATE categories SET description = $d WHERE name = $name COLLATE NOCASE").run({ d: plan.description!, name: plan.name });
        else insert({ name: plan.name, description: plan.description!, created_at: now });
      } else {
        const to = plan.target!;
        snap.transactions = db.query("SELECT id, category FROM transactions WHERE trim(category) = $name COLLATE NOCASE ORDER BY id").all({ name: plan.name }) as { id: number; category: string }[];
        db.query("UPDATE transactions SET category = $to WHERE trim(category) = $name COLLATE NOCASE").run({ to, name: plan.name });
        const cache = columns(db, "merchant_cache");
        if (cache.has("raw_key") && cache.has("category")) {
          snap.cache = (db.query("SELECT raw_key AS key, category FROM merchant_cache WHERE trim(category) = $name COLLATE NOCASE ORDER BY raw_key").all({ name: plan.name }) as { key: string; category: string }[]);
          db.query("UPDATE merchant_cache SET category = $to WHERE trim(category) = $name COLLATE NOCASE").run({ to, name: plan.name });
        }
        const ex = columns(db, "few_shot_examples");
        if (ex.has("id") && ex.has("correct_category")) {
          snap.examples = db.query("SELECT id, correct_category AS category FROM few_shot_examples WHERE trim(correct_category) = $name COLLATE NOCASE ORDER BY id").all({ name: plan.name }) as {
            id: number;
            category: string;
          }[];
          db.query("UPDATE few_shot_examples SET correct_category = $to WHERE trim(correct_category) = $name COLLATE NOCASE").run({ to, name: plan.name });
        }
        if (hasCategories) {
          const old = rowOf(plan.name);
          db.query("DELETE FROM categories WHERE name = $name COLLATE NOCASE").run({ name: plan.name });
          if (plan.action === "rename") {
            insert({ ...(old ?? { description: "", created_at: now }), name: to });
          } else if (!rowOf(to)) {
            insert({ name: to, description: (old?.description as string) ?? "", created_at: now });
          }
        }
      }
      snap.rowsAfter = names.map((name) => ({ name, row: rowOf(name) }));

      if (plan.action === "rename" || plan.action === "merge") {
        // The budgets move with the category: worked out now (chat.db read under budget.db's write lock), recorded with the settlement.
        const budgets = deps.store.budgets.list();
        const from = budgets.find((b) => b.category.toLowerCase() === plan.name.toLowerCase());
        // A rename that only changes letter case finds the same budget twice: it is the one budget.
        const into = budgets.find((b) => b.category.toLowerCase() === plan.target!.toLowerCase() && b !== from && b.category !== from?.category);
        const value = (b: typeof from): BudgetValue => (b ? { amount: b.amount, currency: b.currency } : null);
        snap.budgetsBefore = [
          { category: from?.category ?? plan.name, value: value(from) },
          { category: into?.category ?? plan.target!, value: value(into) },
        ];
        // Merged budgets add up when they are in one currency; otherwise the target keeps its own.
        const merged: BudgetValue = !from ? value(into) : into ? (into.currency === from.currency ? { amount: Math.round((into.amount + from.amount) * 100) / 100, currency: into.currency } : value(into)) : value(from);
        // A rename that only changes letter case keeps the one budget, under the new spelling.
        const sameName = plan.name.toLowerCase() === plan.target!.toLowerCase();
        snap.budgetsAfter = [
          { category: snap.budgetsBefore[0]!.category, value: sameName ? merged : null },
          { category: plan.target!, value: merged },
        ];
      }
      return snap;
    },
  });
}

/**
 * The budget changes a rename or merge (or its undo) records when the category had a
 * budget: the budgets it replaces removed, then the ones it leaves set. None otherwise.
 */
function budgetMoves(snap: CategorySnapshot, by: string, undo: boolean): Pick<Settlement, "budgets"> {
  if (!snap.budgetsBefore[0]?.value) return {};
  const [was, becomes] = undo ? [snap.budgetsAfter, snap.budgetsBefore] : [snap.budgetsBefore, snap.budgetsAfter];
  return { budgets: [...was.map((b) => ({ category: b.category, value: null, by })), ...becomes.filter((b) => b.value).map((b) => ({ category: b.category, value: b.value, by }))] };
}

/**
 * Put back exactly what a change replaced; refuses (WriteConflictError) when anything it
 * wrote was changed since. The budgets it put back, and whatever `settle()` states, are
 * recorded once budget.db holds the undo.
 */
export function undoCategoryChange(
  deps: CategoryDeps,
  snap: CategorySnapshot,
  opts: { userId: string | null; by: string; settle: () => Settlement | null },
): Promise<BudgetWriteReceipt<void>> {
  const { plan } = snap;
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  return deps.writer.writeWithReceipt({
    kind: "category_undo",
    userId: opts.userId,
    settle: () => ({ ...opts.settle(), ...budgetMoves(snap, opts.by, true) }),
    apply: (db) => {
      const catCols = columns(db, "categories");
      const rowOf = (name: string) => categoryRow(db, catCols, name);
      for (const r of snap.rowsAfter) {
        if (!same(rowOf(r.name), r.row)) throw new WriteConflictError(`the category ${r.name} was changed again since`);
      }
      // The budgets it left must still be so (read under budget.db's write lock; put back with the settlement).
      for (const b of snap.budgetsAfter) {
        const now = deps.store.budgets.get(b.category);
        if (!same(now ? { amount: now.amount, currency: now.currency } : null, b.value)) throw new WriteConflictError(`the ${b.category} budget was changed since`);
      }
      if (plan.target) {
        const to = plan.target;
        const moved = db.query("SELECT id, category FROM transactions WHERE id IN (SELECT value FROM json_each($ids))").all({ ids: JSON.stringify(snap.transactions.map((t) => t.id)) }) as {
          id: number;
          category: string;
        }[];
        const changed = snap.transactions.length - moved.filter((m) => m.category === to).length;
        if (changed > 0) throw new WriteConflictError(`${plural(changed, "transaction")} of ${to} changed since; undoing would overwrite that`);
        const put = db.query("UPDATE transactions SET category = $c WHERE id = $id");
        for (const t of snap.transactions) put.run({ c: t.category, id: t.id });
        const putCache = db.query("UPDATE merchant_cache SET category = $c WHERE raw_key = $k AND category = $to");
        for (const k of snap.cache) putCache.run({ c: k.category, k: k.key, to });
        const putEx = db.query("UPDATE few_shot_examples SET correct_category = $c WHERE id = $id AND correct_category = $to");
        for (const e of snap.examples) putEx.run({ c: e.category, id: e.id, to });
      }
      if (catCols.has("name")) {
        for (const r of snap.rowsAfter) db.query("DELETE FROM categories WHERE name = $name COLLATE NOCASE").run({ name: r.name });
        for (const r of snap.rowsBefore) {
          if (!r.row) continue;
          const keys = Object.keys(r.row).filter((k) => catCols.has(k) || k === "rowid");
          db.query(`INSERT INTO categories (${keys.join(", ")}) VALUES (${keys.map((k) => `$${k}`).join(", ")})`).run(Object.fromEntries(keys.map((k) => [k, r.row![k] as string])));
        }
      }
    },
  });
}

/**
 * What a rename or merge does to the category's role (SPEC §12): Income, and the
 * not-spending categories (Transfers, Investments by default), keep their role under a new
 * name only when the configuration names it. null when the role stays.
 */
export function roleNote(budget: BudgetDb, plan: CategoryPlan): string | null {
  if (!plan.target) return null;
  const before = budget.roleOf(plan.name);
  const after = budget.roleOf(plan.target);
  if (before === "spending" || before === after) return null;
  const word = (r: Role) => (r === "income" ? "income" : r === "notSpending" ? "not spending" : "spending");
  const unless = before === "notSpending" ? ` unless --not-spending (or NOT_SPENDING) names ${plan.target}` : "";
  return `${plan.name} counted as ${word(before)}; ${plan.target} counts as ${word(after)}${unless}.`;
}

/** The summary line of a carried-out change ("Renamed Pets to Animals: 12 transactions, …"). */
export function doneMessage(plan: CategoryPlan): string {
  const counts = `${plural(plan.rows, "transaction")}, ${plural(plan.cacheEntries, "merchant cache entry", "merchant cache entries")}, ${plural(plan.examples, "classifier example")}`;
  switch (plan.action) {
    case "add":
      return `Added the category ${plan.name}.`;
    case "describe":
      return `Described ${plan.name} as “${plan.description}”.`;
    case "rename":
      return `Renamed ${plan.name} to ${plan.target} (${counts}${plan.budgets.length ? ", and its budget" : ""}).`;
    case "merge":
      return `Merged ${plan.name} into ${plan.target} (${counts}${plan.budgets.length ? "; budgets added together" : ""}).`;
  }
}

/**
 * A change made by a person on the page or in the CLI: planned, applied, recorded in
 * store.edits (kind "category") with an audit entry once budget.db holds it. `edit`: the
 * stored edit (null when chat.db was busy and records it a moment later).
 */
export async function changeCategory(deps: CategoryDeps, user: { id: string; name: string }, req: CategoryRequest, via: "page" | "cli" | "api"): Promise<{ plan: CategoryPlan; message: string; edit: DataEdit | null }> {
  // On the demo data, refused (the command line's writer refuses first, in its own words).
  if (deps.writer && deps.budget.demo) throw new CategoryError("conflict", `Nothing was changed: ${demoChangeRefusal("a category change")}`);
  const plan = planCategoryChange(deps.budget, deps.store.budgets.list(), req);
  const message = doneMessage(plan);
  const receipt = await applyCategoryChange(deps, plan, {
    userId: user.id,
    by: user.name,
    settle: (snap) => ({
      edit: { kind: "category", userId: user.id, message, input: req, before: snap, after: { rowsAfter: snap.rowsAfter } },
      audit: [{ kind: "write", userId: user.id === "cli" ? null : user.id, detail: { change: "category", via, by: user.name, ...planDetail(plan) } }],
    }),
  });
  return { plan, message, edit: await deps.store.edits.recordedBy(receipt) };
}

/** A plan's figures for the audit log and the JSON API. */
export function planDetail(plan: CategoryPlan): Record<string, unknown> {
  return {
    action: plan.action,
    category: plan.name,
    ...(plan.target ? { target: plan.target } : {}),
    ...(plan.description ? { description: plan.description } : {}),
    rows: plan.rows,
    cacheEntries: plan.cacheEntries,
    examples: plan.examples,
    budgets: plan.budgets.length,
  };
}

/** Undo one of the user's category changes (the page's toast and list, `categories undo`), once. */
export async function undoCategoryChangeById(deps: CategoryDeps, user: { id: string; name: string }, editId: number): Promise<{ edit: DataEdit; message: string }> {
  const edit = deps.store.edits.get(user.id, editId);
  if (!edit || edit.kind !== "category") throw new CategoryError("not_found", `No change ${editId} of yours to undo.`);
  if (edit.undoneAt) throw new CategoryError("conflict", "This change was already undone.");
  const snap = edit.before as CategorySnapshot;
  const message = `Undone: ${edit.message.replace(/\.$/, "")} is reversed.`;
  try {
    const receipt = await undoCategoryChange(deps, snap, {
      userId: user.id,
      by: user.name,
      settle: () => {
        if (deps.store.edits.get(user.id, editId)?.undoneAt) throw new WriteConflictError("this change was already undone");
        return {
          editUndone: { id: edit.id, by: user.name },
          audit: [{ kind: "undo", userId: user.id === "cli" ? null : user.id, detail: { edit: edit.id, change: "category", by: user.name, ...planDetail(snap.plan) } }],
        };
      },
    });
    const now = deps.store.edits.get(user.id, editId)!;
    return { edit: receipt.settled ? now : { ...now, undoneAt: now.undoneAt ?? new Date().toISOString(), undoneBy: now.undoneBy ?? user.name }, message };
  } catch (e) {
    if (e instanceof WriteConflictError) throw new CategoryError("conflict", `Nothing was restored: ${e.message}.`);
    throw e;
  }
}

/** A refused category change or undo, with its kind (the CLI exits 2 for `invalid` and `not_found`, 1 for a `conflict`). */
export class CategoryError extends ChangeRefused {
  override name = "CategoryError";
}
