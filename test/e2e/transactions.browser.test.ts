/**
 * The Transactions and Categories pages in headless Chromium under the app's CSP (issue
 * 24), on the hand-made fixture (test/fixtures/budget-fixture.ts, data up to 2025-12-28, row ids in brackets):
 * filters live in the URL and the back button walks them back; an inline edit with its
 * "also the other rows" option and the Undo toast; a category added and renamed; the
 * data's age in the chat header; phone and desktop; axe 0 serious/critical each time.
 * Skipped only without Chromium outside CI.
 */
import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { axe, fixtureHarnessSuite, SKIP_BROWSER } from "./browser-helpers.ts";

describe.skipIf(SKIP_BROWSER)("Transactions and Categories pages in headless Chromium", () => {
  const { suite, on } = fixtureHarnessSuite();

  const categoriesOf = (ids: number[]) => {
    const db = new Database(on.fx.path, { readonly: true });
    try {
      return db.query(`SELECT category, source FROM transactions WHERE id IN (${ids.join(",")}) ORDER BY id`).all();
    } finally {
      db.close();
    }
  };

  test("filters go into the URL, presets set the dates, the back button walks them back", async () => {
    const { tp, page } = await suite.open();
    await page.goto(`${on.h.url}/`);
    // Newest well-formed date 2025-12-28 [99]; the malformed "2025-3-1" [120] and "2025-13-01" [121] do not count.
    expect(await page.locator("#chat-head .data-age").innerText()).toBe("data up to 28 Dec 2025 · no imports recorded");
    await page.getByRole("link", { name: "Transactions" }).first().click();
    await page.waitForURL(`${on.h.url}/transactions`);
    // 108 well-formed rows (112 − 4 malformed [120–123]): the first page holds 50 of them.
    expect(await page.locator("#tx-results tbody tr").count()).toBe(50);
    expect(await page.locator(".pager span").innerText()).toBe("Page 1 of 3");
    expect(await page.locator("#data-age").innerText()).toBe("data up to 28 Dec 2025 · no imports recorded");
    expect(await axe(page)).toEqual([]);

    await page.getByLabel("Search").fill("migros");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(`${on.h.url}/transactions?q=migros`);
    await page.locator("#tx-results tbody tr").nth(5).waitFor();
    // Migros [90 92 93 96 99] and MIGROS [100]: 84.35 + 41.25 + 63.70 + 66.60 + 112.45 + 30.05 = 398.40.
    expect(await page.locator("#tx-results tbody tr").count()).toBe(6);
    expect(await page.locator(".tx-total").innerText()).toBe("CHF: money out CHF 398.40, money in CHF 0.00, net CHF -398.40");

    // The filter form's fields (each row's editor has a Category field too).
    await page.locator("#tx-sort").selectOption("amount");
    await page.locator("#tx-category").selectOption("Groceries");
    await page.locator("#tx-from").fill("2025-01-01");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(`${on.h.url}/transactions?q=migros&category=Groceries&from=2025-01-01&sort=amount`);
    await page.waitForFunction(() => document.querySelectorAll("#tx-results tbody tr").length === 4);
    // Largest first: [99] [96] [93] [100] (newest first would be [99] [100] [96] [93]).
    expect(await page.locator("#tx-results tbody tr .amount").allInnerTexts()).toEqual(["CHF -112.45", "CHF -66.60", "CHF -63.70", "CHF -30.05"]);
    expect(await axe(page)).toEqual([]);

    await page.goBack();
    await page.waitForURL(`${on.h.url}/transactions?q=migros`);
    await page.waitForFunction(() => document.querySelectorAll("#tx-results tbody tr").length === 6);
    expect(await page.getByLabel("Search").inputValue()).toBe("migros");
    await page.goBack();
    await page.waitForURL(`${on.h.url}/transactions`);
    await page.waitForFunction(() => document.querySelectorAll("#tx-results tbody tr").length === 50);
    // A row's merchant name filters by that merchant as the data spells it, as the tools group merchants: Migros
    // [90 92 93 96 99], not MIGROS [100] (a name typed in another case, "migros", finds both).
    await page.locator("#tx-99 a.tx-merchant").click();
    await page.waitForURL(`${on.h.url}/transactions?merchant=Migros`);
    await page.waitForFunction(() => document.querySelectorAll("#tx-results tbody tr").length === 5);
    expect(await page.locator("#tx-results tbody tr").evaluateAll((rows) => rows.map((r) => r.id))).toEqual(["tx-99", "tx-96", "tx-93", "tx-92", "tx-90"]);
    await page.goBack();
    await page.waitForURL(`${on.h.url}/transactions`);
    await page.waitForFunction(() => document.querySelectorAll("#tx-results tbody tr").length === 50);

    // A preset: the dates of "Last year" relative to today; the fixture ends in 2025, so any year after 2026 is empty.
    const last = page.locator(".tx-presets a", { hasText: "Last year" });
    const href = (await last.getAttribute("href"))!;
    expect(href).toMatch(/^\/transactions\?from=\d{4}-01-01&to=\d{4}-12-31$/);
    await last.click();
    await page.waitForURL(`${on.h.url}${href}`);
    expect(await page.locator(".tx-presets a[aria-current=true]").innerText()).toBe("Last year");
    expect(await page.locator("#tx-from").inputValue()).toBe(new URL(href, on.h.url).searchParams.get("from")!);
    await tp.screenshot("transactions-desktop");
    tp.expectClean();
  });

  test("an inline edit of a row and its merchant's other row, then Undo from the toast", async () => {
    const { tp, page } = await suite.open();
    // Fitnesspark [63] [64]: Healthcare, source llm.
    await page.goto(`${on.h.url}/transactions?q=fitnesspark`);
    const row = page.locator("#tx-64");
    await row.getByText("Edit").click();
    await row.getByLabel("Category").selectOption("Subscriptions");
    await row.getByLabel("Also change the 1 other transaction of Fitnesspark").check();
    await row.getByRole("button", { name: "Save" }).click();
    await page.locator("#toast .toast-message", { hasText: "Moved 2 transactions to Subscriptions." }).waitFor();
    // The row's form is redrawn away: the keyboard lands on the message, Undo one Tab away.
    await page.waitForFunction(() => document.activeElement?.id === "toast");
    // The list refreshed itself: both rows now say Subscriptions.
    await page.waitForFunction(() => [...document.querySelectorAll("#tx-results tbody td.category")].every((td) => td.textContent === "Subscriptions"));
    expect(categoriesOf([63, 64])).toEqual([
      { category: "Subscriptions", source: "manual" },
      { category: "Subscriptions", source: "manual" },
    ]);
    expect(await axe(page)).toEqual([]);
    await tp.screenshot("transactions-edit-toast", { fullPage: false });

    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Undo");
    await page.keyboard.press("Enter");
    await page.locator("#toast .toast-message", { hasText: "Undone: 2 transactions are back as before." }).waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll("#tx-results tbody td.category")].every((td) => td.textContent === "Healthcare"));
    expect(categoriesOf([63, 64])).toEqual([
      { category: "Healthcare", source: "llm" },
      { category: "Healthcare", source: "llm" },
    ]);
    // The audit trail on the page says it was undone.
    await page.locator("#recent-edits summary").click();
    expect(await page.locator("#recent-edits li").first().innerText()).toContain("Moved 2 transactions to Subscriptions. (undone)");
    tp.expectClean();
  });

  test("the Categories page: add a category with its description, then rename it", async () => {
    const { tp, page } = await suite.open();
    await page.goto(`${on.h.url}/transactions`);
    await page.getByRole("link", { name: "Categories" }).click();
    await page.waitForURL(`${on.h.url}/categories`);
    expect(await axe(page)).toEqual([]);
    await page.getByLabel("Name", { exact: true }).fill("Pets");
    await page.locator("#add-description").fill("Pet food, vets, pet insurance");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.locator("#toast .toast-message", { hasText: "Added the category Pets." }).waitFor();
    const pets = page.locator(".category-row", { has: page.locator("h2", { hasText: /^Pets$/ }) });
    await pets.waitFor();
    expect(await pets.locator(".category-description").innerText()).toBe("Pet food, vets, pet insurance");

    await pets.getByText("Change Pets").click();
    await pets.getByLabel("New name").fill("Animals");
    await pets.getByRole("button", { name: "Rename" }).click();
    await page.locator("#toast .toast-message", { hasText: "Renamed Pets to Animals (0 transactions, 0 merchant cache entries, 0 classifier examples)." }).waitFor();
    await page.locator(".category-row h2", { hasText: /^Animals$/ }).waitFor();
    expect(await page.locator(".category-row h2", { hasText: /^Pets$/ }).count()).toBe(0);
    expect(on.fx.db.categories().find((c) => c.name === "Animals")?.description).toBe("Pet food, vets, pet insurance");
    expect(await axe(page)).toEqual([]);
    await tp.screenshot("categories-desktop");
    tp.expectClean();
  });

  test("fits a phone: no page-wide horizontal scrolling; the filters, a row's editor and the categories are usable", async () => {
    const { tp, page } = await suite.open({ width: 390, height: 844 });
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await page.goto(`${on.h.url}/transactions?q=migros`);
    expect(await overflow()).toBeLessThanOrEqual(0);
    // The filters fold behind the Filter button on a phone (issue 36).
    expect(await page.getByLabel("Search").isVisible()).toBe(false);
    await page.getByRole("button", { name: "Filter (1 in use)" }).click();
    const search = (await page.getByLabel("Search").boundingBox())!;
    expect(search.x + search.width).toBeLessThanOrEqual(390);
    await page.locator("#tx-99").getByText("Edit").click();
    expect(await axe(page)).toEqual([]);
    await tp.screenshot("transactions-phone");
    await page.goto(`${on.h.url}/categories`);
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await axe(page)).toEqual([]);
    await page.goto(`${on.h.url}/`);
    expect(await page.locator("#chat-head .data-age").isVisible()).toBe(true);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await tp.screenshot("categories-phone");
    tp.expectClean();
  });
});
