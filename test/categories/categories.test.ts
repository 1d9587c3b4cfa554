/**
 * Categories (SPEC §12): add, rename, merge, describe across transactions, merchant_cache,
 * few_shot_examples, the categories table and the budgets, each undone exactly.
 * Figures from test/fixtures/budget-rows.ts (strict variant).
 */
import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { CategoryError, changeCategory, listCategories, planCategoryChange, undoCategoryChangeById } from "../../src/categories/categories.ts";
import { ToolInputError } from "../../src/core/errors.ts";
import { Store } from "../../src/store/store.ts";
import { writeFixturePerTest } from "../fixtures/budget-fixture.ts";

const NOW = new Date("2026-01-02T03:04:05Z");
const ANNA = { id: "u-anna", name: "anna" };

const fresh = writeFixturePerTest(NOW);
const setup = () => {
  const made = fresh();
  const w = new Database(made.f.path);
  w.run(`INSERT INTO merchant_cache VALUES ('RESTAURANT KRONE', 'Restaurant Krone', 'Dining', 0.9, 'llm', 't', 't'),
                                          ('PIZZERIA NAPOLI', 'Pizzeria Napoli', 'dining', 0.8, 'llm', 't', 't'),
                                          ('MIGROS', 'Migros', 'Groceries', 0.9, 'llm', 't', 't')`);
  w.run(`INSERT INTO few_shot_examples (merchant_pattern, raw_description, correct_merchant, correct_category, created_at)
         VALUES ('RESTAURANT KRONE', 'RESTAURANT KRONE', 'Restaurant Krone', 'Dining', 't')`);
  w.close();
  made.store.budgets.set("Dining", 300, "CHF", { via: "cli", by: "cli" });
  made.store.budgets.set("Groceries", 500, "CHF", { via: "cli", by: "cli" });
  return made;
};
const dump = (path: string) => {
  const db = new Database(path, { readonly: true });
  try {
    return ["transactions", "merchant_cache", "few_shot_examples", "categories"].map((t) => db.query(`SELECT * FROM ${t} ORDER BY rowid`).all());
  } finally {
    db.close();
  }
};
const count = (path: string, sql: string) => {
  const db = new Database(path, { readonly: true });
  try {
    return (db.query(sql).get() as { n: number }).n;
  } finally {
    db.close();
  }
};
const budgets = (s: Store) => s.budgets.list().map((b) => [b.category, b.amount]);
const inputError = (fn: () => unknown): string => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ToolInputError);
    return (e as Error).message;
  }
  throw new Error("expected a ToolInputError");
};

describe("categories", () => {
  test("rename moves the name everywhere (any letter case) with its budget; undo puts every table back exactly", async () => {
    const { f, deps } = setup();
    const before = dump(f.path);
    // Dining rows: 101, 102, 103, 104, 112 (EUR), 123 (malformed date: still a stored row), 125 = 7;
    // cache entries: RESTAURANT KRONE "Dining" + PIZZERIA NAPOLI "dining" = 2; examples: 1.
    const plan = planCategoryChange(f.db, deps.store.budgets.list(), { action: "rename", name: "dining", newName: "Eating Out" });
    expect(plan).toEqual({
      action: "rename",
      name: "Dining",
      target: "Eating Out",
      rows: 7,
      cacheEntries: 2,
      examples: 1,
      budgets: [{ category: "Dining", amount: 300, currency: "CHF" }],
      message: "Rename Dining to Eating Out: 7 transactions, 2 merchant cache entries, 1 classifier example, and its budget.",
    });
    const done = await changeCategory(deps, ANNA, { action: "rename", name: "dining", newName: "Eating Out" }, "page");
    const edit = done.edit!;
    expect(done.message).toBe("Renamed Dining to Eating Out (7 transactions, 2 merchant cache entries, 1 classifier example, and its budget).");
    expect(count(f.path, "SELECT count(*) AS n FROM transactions WHERE category = 'Eating Out'")).toBe(7);
    expect(count(f.path, "SELECT count(*) AS n FROM merchant_cache WHERE category = 'Eating Out'")).toBe(2);
    expect(count(f.path, "SELECT count(*) AS n FROM few_shot_examples WHERE correct_category = 'Eating Out'")).toBe(1);
    expect(count(f.path, "SELECT count(*) AS n FROM categories WHERE name = 'Eating Out' AND description = 'Restaurants, cafes, take-away, kiosks'")).toBe(1);
    expect(count(f.path, "SELECT count(*) AS n FROM categories WHERE name = 'Dining'")).toBe(0);
    expect(budgets(deps.store)).toEqual([
      ["Eating Out", 300],
      ["Groceries", 500],
    ]);
    expect(deps.store.audit.list({ kind: "write" })[0]!.detail).toEqual({
      edit: edit.id,
      change: "category",
      via: "page",
      by: "anna",
      action: "rename",
      category: "Dining",
      target: "Eating Out",
      rows: 7,
      cacheEntries: 2,
      examples: 1,
      budgets: 1,
    });

    const undone = await undoCategoryChangeById(deps, ANNA, edit.id);
    expect(undone.message).toBe("Undone: Renamed Dining to Eating Out (7 transactions, 2 merchant cache entries, 1 classifier example, and its budget) is reversed.");
    expect(dump(f.path)).toEqual(before);
    expect(budgets(deps.store)).toEqual([
      ["Dining", 300],
      ["Groceries", 500],
    ]);
    await expect(undoCategoryChangeById(deps, ANNA, edit.id)).rejects.toThrow(new CategoryError("conflict", "This change was already undone."));
  });

  test("merge moves rows, cache and examples into the target, adds the budgets, removes the category; undo restores it", async () => {
    const { f, deps } = setup();
    const before = dump(f.path);
    const done = await changeCategory(deps, ANNA, { action: "merge", name: "Dining", into: "groceries" }, "cli");
    const edit = done.edit!;
    expect(done.message).toBe("Merged Dining into Groceries (7 transactions, 2 merchant cache entries, 1 classifier example; budgets added together).");
    // Groceries had 12 stored rows: 90–100 and 120 (malformed date); + Dining's 7 = 19.
    expect(count(f.path, "SELECT count(*) AS n FROM transactions WHERE category = 'Groceries'")).toBe(19);
    expect(count(f.path, "SELECT count(*) AS n FROM merchant_cache WHERE category = 'Groceries'")).toBe(3);
    expect(count(f.path, "SELECT count(*) AS n FROM categories WHERE name = 'Dining'")).toBe(0);
    expect(budgets(deps.store)).toEqual([["Groceries", 800]]);
    // The page counts rows with a well-formed date only: 19 − 120 − 123 = 17.
    expect(listCategories(f.db, deps.store).find((c) => c.name === "Groceries")).toEqual({
      name: "Groceries",
      description: "Supermarkets, bakeries, food shopping",
      rows: 17,
      role: "spending",
      budget: { amount: 800, currency: "CHF" },
    });
    await undoCategoryChangeById(deps, ANNA, edit.id);
    expect(dump(f.path)).toEqual(before);
    expect(budgets(deps.store)).toEqual([
      ["Dining", 300],
      ["Groceries", 500],
    ]);
  });

  test("add needs a name and a description; describe changes the description; both undo", async () => {
    const { f, deps } = setup();
    const add = await changeCategory(deps, ANNA, { action: "add", name: " Pets ", description: "Pet food, vets, pet insurance" }, "page");
    expect(add.message).toBe("Added the category Pets.");
    expect(listCategories(f.db, deps.store).find((c) => c.name === "Pets")).toEqual({ name: "Pets", description: "Pet food, vets, pet insurance", rows: 0, role: "spending", budget: null });
    const describe = await changeCategory(deps, ANNA, { action: "describe", name: "pets", description: "Animals" }, "page");
    expect(describe.message).toBe("Described Pets as “Animals”.");
    await undoCategoryChangeById(deps, ANNA, describe.edit!.id);
    expect(f.db.categories().find((c) => c.name === "Pets")?.description).toBe("Pet food, vets, pet insurance");
    await undoCategoryChangeById(deps, ANNA, add.edit!.id);
    expect(f.db.categories().some((c) => c.name === "Pets")).toBe(false);
  });

  test("refusals say what to fix and change nothing", async () => {
    const { f, deps } = setup();
    const before = dump(f.path);
    const plan = (req: Parameters<typeof planCategoryChange>[2]) => () => planCategoryChange(f.db, deps.store.budgets.list(), req);
    expect(inputError(plan({ action: "add", name: "Pets" }))).toBe(
      'A new category needs a description: the import pipeline classifies transactions by the categories\' descriptions (e.g. "Pet food, vets, pet insurance").',
    );
    expect(inputError(plan({ action: "add", name: "dining", description: "x" }))).toBe('A category "Dining" already exists.');
    expect(inputError(plan({ action: "rename", name: "Dining", newName: "groceries" }))).toBe('"Groceries" already exists: to put Dining into it, merge instead.');
    expect(inputError(plan({ action: "merge", name: "Dining", into: "DINING" }))).toBe("Cannot merge Dining into itself.");
    expect(inputError(plan({ action: "rename", name: "Uncategorised", newName: "Unknown" }))).toBe(
      "Uncategorised cannot be renamed: the import pipeline files what it cannot classify there. Move its transactions with recategorise_transactions instead.",
    );
    expect(inputError(plan({ action: "merge", name: "Pets", into: "Dining" }))).toStartWith('Unknown category "Pets". Valid categories: ');
    expect(dump(f.path)).toEqual(before);
  });
});
