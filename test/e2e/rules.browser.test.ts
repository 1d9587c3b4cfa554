/**
 * From edits to a rule in headless Chromium under the app's CSP (issue 35 item 4), on the hand-made
 * fixture (test/fixtures/budget-fixture.ts, row ids in brackets): Fitnesspark [63] [64] moved to
 * Subscriptions one row at a time; the second edit's toast offers "Always do this (make a rule)"; it
 * opens the Rules page with the rule filled in and its preview; "Add rule" makes it, and it is listed
 * with its Undo in the toast. axe finds no serious or critical problem. Skipped only without Chromium
 * outside CI.
 */
import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { axe, fixtureHarnessSuite, SKIP_BROWSER } from "./browser-helpers.ts";

describe.skipIf(SKIP_BROWSER)("Always do this (make a rule) in headless Chromium", () => {
  const { suite, on } = fixtureHarnessSuite();

  test("two edits of one merchant to one category → the toast's link → the filled-in Rules page → Add rule", async () => {
    const { tp, page } = await suite.open();
    await page.goto(`${on.h.url}/transactions?q=fitnesspark`);
    for (const id of [63, 64]) {
      const row = page.locator(`#tx-${id}`);
      await row.getByText("Edit").click();
      await row.getByLabel("Category").selectOption("Subscriptions");
      await row.getByRole("button", { name: "Save" }).click();
      await page.locator("#toast .toast-message", { hasText: "Moved 1 transaction to Subscriptions." }).waitFor();
      // The first edit offers nothing; the second offers the rule.
      expect(await page.locator("#toast .toast-rule").count()).toBe(id === 63 ? 0 : 1);
    }
    expect(await axe(page)).toEqual([]);
    await page.locator("#toast .toast-rule", { hasText: "Always do this (make a rule)" }).click();
    await page.waitForURL(/\/rules\?field=merchant&match=equals&pattern=Fitnesspark&category=Subscriptions#add-rule$/);
    expect(await page.locator("#add-rule-field").inputValue()).toBe("merchant");
    expect(await page.locator("#add-rule-match").inputValue()).toBe("equals");
    expect(await page.locator("#add-rule-pattern").inputValue()).toBe("Fitnesspark");
    expect(await page.locator("#add-rule-category").inputValue()).toBe("Subscriptions");
    expect(await page.locator("#add-rule-preview").innerText()).toContain("2 transactions it matches are in Subscriptions already.");
    expect(await axe(page)).toEqual([]);
    await page.getByRole("button", { name: "Add rule" }).click();
    await page.locator("#toast .toast-message", { hasText: 'Added rule 1 (Merchant is "Fitnesspark" → Subscriptions).' }).waitFor();
    // The page refreshed itself: the rule is listed.
    await page.locator("#rule-list li", { hasText: "Subscriptions" }).waitFor();
    const db = new Database(on.fx.path, { readonly: true });
    try {
      expect(db.query("SELECT field, match, pattern, category FROM category_rules").all()).toEqual([{ field: "merchant", match: "equals", pattern: "Fitnesspark", category: "Subscriptions" }]);
    } finally {
      db.close();
    }
    tp.expectClean();
  });
});
