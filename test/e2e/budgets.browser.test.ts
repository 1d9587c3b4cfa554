/**
 * The Budgets page in headless Chromium under the app's CSP (issue 13): reached from the
 * chat's navigation, edit a budget inline (htmx swaps the row and the totals), the bar
 * and the words change, a bad amount is explained in the row, and it fits a phone.
 * Skipped only without Chromium outside CI.
 */
import { describe, expect, test } from "bun:test";
import { formatMoney } from "../../src/core/format.ts";
import type { WebHarness } from "../support/web-harness.ts";
import { startWebHarness } from "../support/web-harness.ts";
import { sharedHarnessSuite, SKIP_BROWSER } from "./browser-helpers.ts";

describe.skipIf(SKIP_BROWSER)("Budgets page in headless Chromium", () => {
  let h: WebHarness;
  const suite = sharedHarnessSuite(async () => (h = await startWebHarness()));

  test("edit a budget inline: the row swaps, the bar and the state words change, the totals follow", async () => {
    const { tp, page } = await suite.open();
    await page.goto(`${h.url}/`);
    await page.getByRole("link", { name: "Budgets" }).click();
    await page.waitForURL(`${h.url}/budgets`);
    expect(await page.locator("h1").innerText()).toBe("Budgets");
    // The page opens on the current month, after the demo data's end (31 Oct 2026): the month picker goes back to October.
    await page.selectOption("#budget-month", "2026-10");
    await page.waitForURL(`${h.url}/budgets?month=2026-10`);
    expect(await page.locator("#month-note").innerText()).toBe("Figures for October 2026.");
    const row = page.locator("#budget-Groceries");
    expect(await row.locator(".budget-state").innerText()).toBe("No budget");
    expect(await row.locator(".budget-fill").count()).toBe(0);
    const spent = await row.locator(".budget-figures dd").first().innerText();
    const spentValue = Number(spent.replace(/[^\d.]/g, ""));
    expect(spentValue).toBeGreaterThan(100);

    // A budget of twice this month's spending: half used, on track.
    const half = (spentValue * 2).toFixed(2);
    await row.getByLabel("Monthly budget (CHF)").fill(half);
    await row.getByRole("button", { name: "Set" }).click();
    await page.locator("#budget-Groceries.state-ok").waitFor();
    expect(await page.locator("#budget-Groceries .budget-fill").getAttribute("data-pct")).toBe("50");
    expect(await page.locator("#budget-Groceries .budget-pct").innerText()).toBe("50.0% used");
    expect(await page.locator("#budget-Groceries .budget-state").innerText()).toBe("On track");
    const width = async () => (await page.locator("#budget-Groceries .budget-fill").boundingBox())!.width;
    const track = async () => (await page.locator("#budget-Groceries .budget-track").boundingBox())!.width;
    expect(Math.abs((await width()) / (await track()) - 0.5)).toBeLessThan(0.02);
    expect(await page.locator("#budget-totals").innerText()).toContain(`Total budget ${formatMoney(Number(half), "CHF")}`);
    expect(h.store.budgets.get("Groceries")!.amount).toBe(Number(half));

    // Lower it below the spending: the bar fills, the row says so in words (and colour).
    await page.locator("#budget-Groceries").getByLabel("Monthly budget (CHF)").fill("100");
    await page.locator("#budget-Groceries").getByRole("button", { name: "Save" }).click();
    await page.locator("#budget-Groceries.state-over").waitFor();
    expect(await page.locator("#budget-Groceries .budget-state").innerText()).toBe("Over budget");
    expect(await page.locator("#budget-Groceries .budget-fill").getAttribute("data-pct")).toBe("100");
    expect(Math.abs((await width()) / (await track()) - 1)).toBeLessThan(0.02);
    const colour = await page.locator("#budget-Groceries .budget-fill").evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(colour).not.toBe("rgba(0, 0, 0, 0)");
    // The demo data ends 2026-10-31, before today: only the current calendar month is projected (SPEC §8).
    expect(await page.locator("#budget-Groceries .budget-figures").innerText()).not.toContain("Projected");

    // A bad amount is explained in the row; nothing changes.
    await page.locator("#budget-Groceries").getByLabel("Monthly budget (CHF)").fill("lots");
    await page.locator("#budget-Groceries").getByRole("button", { name: "Save" }).click();
    await page.locator("#budget-Groceries .budget-error").waitFor();
    expect(await page.locator("#budget-Groceries .budget-error").innerText()).toContain("The amount must be a positive number");
    expect(h.store.budgets.get("Groceries")!.amount).toBe(100);

    // Remove it.
    await page.locator("#budget-Groceries").getByRole("button", { name: "Remove" }).click();
    await page.locator("#budget-Groceries.state-none").waitFor();
    expect(h.store.budgets.get("Groceries")).toBeNull();
    await tp.screenshot("budgets-desktop");
    // The one refusal the browser logs is the bad amount's 422 (its row shows why).
    expect(tp.problems.filter((p) => !/status of 422 \(Unprocessable Entity\).*\/budgets\/Groceries\?month=2026-10\)$/.test(p))).toEqual([]);
  });

  test("fits a phone: no horizontal scrolling, the form is usable", async () => {
    h.store.budgets.set("Dining", 100, "CHF", { via: "cli", by: "cli" });
    const { tp, page } = await suite.open({ width: 375, height: 740 });
    try {
      await page.goto(`${h.url}/budgets`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const input = page.locator("#budget-Dining").getByLabel("Monthly budget (CHF)");
      const box = (await input.boundingBox())!;
      expect(box.width).toBeGreaterThan(80);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      expect(await page.locator("#budget-Dining .budget-state").innerText()).toMatch(/^(Over budget|Projected over budget|On track)$/);
      await tp.screenshot("budgets-phone");
      tp.expectClean();
    } finally {
      h.store.budgets.remove("Dining", { via: "cli", by: "cli" });
    }
  });
});
