/**
 * The web app on the implicit demo data (no budget database of one's own yet): a rule or a category change is refused with
 * the reason, in the API, on the pages and in the chat's proposals, and nothing is stored in the demo database; the first
 * import would make the user's own database without it. Review of uqa3 D1: only the command line refused; `serve` stored
 * POST /api/rules {"pattern":"Migros",…} as rule 1 in data/demo-budget.db.
 */
import { Database } from "bun:sqlite";
import { expect, test } from "bun:test";
import { join } from "node:path";
import { startWebHarness, webSuite } from "../support/web-harness.ts";
import { proposeRule } from "../../src/tools/propose_rule.ts";
import { manageCategories } from "../../src/tools/manage_categories.ts";

const h = webSuite(() => startWebHarness({ demo: true, noModel: true, readOnly: false }));
const REASON =
  "these are the demo data (data/demo-budget.db), not yours: %s made now would be lost when your first import creates your own budget database. " +
  "Import your statements first (the Import page, or budget-chat import FILE), then make it.";
const post = (path: string, body: unknown) =>
  fetch(`${h.url}${path}`, { method: "POST", headers: { Origin: h.url, "content-type": "application/json", accept: "application/json" }, body: JSON.stringify(body) });
const count = (sql: string) => {
  const d = new Database(join(h.dir, "data", "demo-budget.db"), { readonly: true });
  try {
    return (d.query(sql).get() as { n: number }).n;
  } finally {
    d.close();
  }
};

test("POST /api/rules and /api/categories are refused (409) with the reason; nothing is stored", async () => {
  expect(h.budget.demo).toBe(true);
  const rule = await post("/api/rules", { field: "text", match: "contains", pattern: "Migros", category: "Groceries" });
  expect([rule.status, ((await rule.json()) as { error: string }).error]).toEqual([409, `Nothing was changed: ${REASON.replace("%s", "a rule")}`]);
  const cat = await post("/api/categories", { action: "add", name: "Pets", description: "Pet food, vets" });
  expect([cat.status, ((await cat.json()) as { error: string }).error]).toEqual([409, `Nothing was changed: ${REASON.replace("%s", "a category change")}`]);
  expect(count("SELECT count(*) AS n FROM categories WHERE name = 'Pets'")).toBe(0);
  expect(count("SELECT count(*) AS n FROM sqlite_schema WHERE name = 'category_rules'") && count("SELECT count(*) AS n FROM category_rules")).toBe(0);
});

test("the Rules page's form says why", async () => {
  const page = await fetch(`${h.url}/rules`, {
    method: "POST",
    headers: { Origin: h.url, "content-type": "application/x-www-form-urlencoded", "HX-Request": "true" },
    body: new URLSearchParams({ field: "text", match: "contains", pattern: "Migros", category: "Groceries" }),
  });
  expect(await page.text()).toContain("these are the demo data (data/demo-budget.db), not yours: a rule made now would be lost");
});

test("the chat's propose_rule and manage_categories refuse to prepare a change", () => {
  const ctx = { accountNames: h.store.accountNames, budgets: h.store.budgets } as never;
  expect(() => proposeRule.approval.prepare(h.budget, proposeRule.schema().parse({ pattern: "Migros", category: "Groceries" }), ctx)).toThrow(
    `refused: ${REASON.replace("%s", "a rule")}`,
  );
  expect(() => manageCategories.approval.prepare(h.budget, manageCategories.schema().parse({ action: "add", name: "Pets", description: "Pet food" }), ctx)).toThrow(
    `refused: ${REASON.replace("%s", "a category change")}`,
  );
});
