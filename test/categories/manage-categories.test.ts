/**
 * Categories from the chat: the high-risk manage_categories tool's approval policy, and
 * recategorise_transactions to a category that does not exist yet (it offers to create
 * it). Figures from test/fixtures/budget-rows.ts (strict variant).
 */
import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { WriteConflictError } from "../../src/core/errors.ts";
import { manageCategories, manageCategoriesSchema } from "../../src/tools/manage_categories.ts";
import { previewRecategorisation, recategoriseSchema, recategoriseTransactions } from "../../src/tools/recategorise_transactions.ts";
import type { Change, WriteContext } from "../../src/tools/types.ts";
import { type Fixture, writeFixturePerTest } from "../fixtures/budget-fixture.ts";
import { queryFile } from "../support/db-file.ts";

const NOW = new Date("2026-01-02T03:04:05Z");
const fresh = writeFixturePerTest(NOW);
const setup = (): { f: Fixture; ctx: WriteContext } => {
  const { f, store, deps } = fresh();
  store.budgets.set("Dining", 300, "CHF", { via: "cli", by: "cli" });
  return { f, ctx: deps };
};
const one = (path: string, sql: string) => queryFile(path, sql)[0] ?? null;

describe("manage_categories", () => {
  test("the card shows the rows, cache entries, examples and budgets; approve renames; undo restores", async () => {
    const { f, ctx } = setup();
    const policy = manageCategories.approval;
    // Dining rows: 101, 102, 103, 104, 112 (EUR), 123 (malformed date: still a stored row), 125 = 7.
    const plan = policy.prepare(f.db, manageCategoriesSchema().parse({ action: "rename", name: "dining", new_name: "Restaurants" }), { budgets: ctx.store.budgets });
    expect(plan.preview.title).toBe("rename “Dining” to “Restaurants”");
    expect(plan.preview.description).toBe("Rename Dining to Restaurants: 7 transactions, 0 merchant cache entries, 0 classifier examples, and its budget.");
    expect(plan.preview.facts).toEqual([
      { label: "Transactions", value: "7" },
      // CHF: 96.50 + 150.00 + 150.00 + 45.30 + 44.44 + 5.50 = 491.74 out (6 rows); EUR 55.20 (row 112).
      { label: "Total amount per currency", value: "CHF -491.74, EUR -55.20" },
      { label: "Merchant cache entries", value: "0" },
      { label: "Classifier examples", value: "0" },
      { label: "Budgets", value: "Dining CHF 300.00" },
    ]);
    const recorded: Change[] = [];
    const change = await policy.execute(ctx, plan.args, (c) => recorded.push(c));
    expect(change.message).toBe("Approved by the user: Renamed Dining to Restaurants (7 transactions, 0 merchant cache entries, 0 classifier examples, and its budget).");
    expect(recorded).toHaveLength(1);
    expect(one(f.path, "SELECT count(*) AS n FROM transactions WHERE category = 'Restaurants'")).toEqual({ n: 7 });
    expect(ctx.store.budgets.list().map((b) => [b.category, b.amount])).toEqual([["Restaurants", 300]]);
    expect(await policy.undo(ctx, plan.args, change, () => {})).toBe(
      "Undone: Renamed Dining to Restaurants (7 transactions, 0 merchant cache entries, 0 classifier examples, and its budget) is reversed.",
    );
    expect(one(f.path, "SELECT count(*) AS n FROM transactions WHERE category = 'Dining'")).toEqual({ n: 7 });
    expect(ctx.store.budgets.list().map((b) => [b.category, b.amount])).toEqual([["Dining", 300]]);
  });

  test("a category that changed between the card and the approval is not touched", async () => {
    const { f, ctx } = setup();
    const plan = manageCategories.approval.prepare(f.db, manageCategoriesSchema().parse({ action: "merge", name: "Dining", into: "Groceries" }), { budgets: ctx.store.budgets });
    // The merge card shows the amounts that move, per currency (QA D18: it showed none).
    expect(plan.preview.facts.slice(0, 2)).toEqual([
      { label: "Transactions", value: "7" },
      { label: "Total amount per currency", value: "CHF -491.74, EUR -55.20" },
    ]);
    const w = new Database(f.path);
    // Migros row 90 (Groceries) moved to Dining meanwhile: 7 + 1 = 8.
    w.run("UPDATE transactions SET category = 'Dining' WHERE id = 90");
    w.close();
    await expect(manageCategories.approval.execute(ctx, plan.args, () => {})).rejects.toThrow(new WriteConflictError("Dining changed since the preview (8 transactions now, 7 then)"));
    expect(one(f.path, "SELECT count(*) AS n FROM transactions WHERE category = 'Dining'")).toEqual({ n: 8 });
  });
});

describe("recategorise_transactions to a new category", () => {
  test("the card says it creates the category; approve creates it with the description; undo removes it again", async () => {
    const { f, ctx } = setup();
    // "praxis": only row 124 (2025-04-08, PRAXIS DR. MEIER, Healthcare, -180.00). All dates: 2024-01-05 (60) to 2025-12-28 (99).
    const plan = previewRecategorisation(f.db, recategoriseSchema().parse({ search: "praxis", to_category: "Doctors", new_category_description: "Doctors, dentists, therapists" }));
    expect(plan.preview.title).toBe("move 1 transaction to the new category “Doctors”");
    expect(plan.preview.description).toBe(
      'Move 1 transaction (transactions matching "praxis" in all categories for all dates (2024-01-05 to 2025-12-28)) to Doctors; they are marked as manually classified. This creates the new category Doctors (“Doctors, dentists, therapists”).',
    );
    expect(plan.preview.facts[0]).toEqual({ label: "New category", value: "Doctors: Doctors, dentists, therapists" });
    const change = await recategoriseTransactions.approval.execute(ctx, plan.args, () => {});
    expect(change.message).toBe("Approved by the user: moved 1 transaction (CHF -180.00) from Healthcare to Doctors. The new category Doctors was created. Future imports of these merchants will be filed under Doctors.");
    expect(one(f.path, "SELECT name, description, created_at FROM categories WHERE name = 'Doctors'")).toEqual({ name: "Doctors", description: "Doctors, dentists, therapists", created_at: "2026-01-02T03:04:05+00:00" });
    expect(one(f.path, "SELECT category FROM transactions WHERE id = 124")).toEqual({ category: "Doctors" });
    await recategoriseTransactions.approval.undo(ctx, plan.args, change, () => {});
    expect(one(f.path, "SELECT count(*) AS n FROM categories WHERE name = 'Doctors'")).toEqual({ n: 0 });
    expect(one(f.path, "SELECT category FROM transactions WHERE id = 124")).toEqual({ category: "Healthcare" });
  });

  test("without a description the new category gets a default sentence", async () => {
    const { f } = setup();
    const plan = previewRecategorisation(f.db, recategoriseSchema().parse({ search: "praxis", to_category: "Medical" }));
    expect(plan.args.input.new_category_description).toBe("Transactions the user filed under Medical.");
  });
});

describe("manage_categories when the category appeared meanwhile", () => {
  test("an add approved after someone else added the name writes nothing and says why", async () => {
    const { f, ctx } = setup();
    const plan = manageCategories.approval.prepare(f.db, manageCategoriesSchema().parse({ action: "add", name: "Pets", description: "Pet food" }), { budgets: ctx.store.budgets });
    const w = new Database(f.path);
    w.run("INSERT INTO categories (name, description, created_at) VALUES ('pets', 'Animals', 't')");
    w.close();
    await expect(manageCategories.approval.execute(ctx, plan.args, () => {})).rejects.toThrow(new WriteConflictError('A category "pets" already exists'));
    expect(one(f.path, "SELECT count(*) AS n FROM categories WHERE name LIKE 'pets'")).toEqual({ n: 1 });
  });
});
