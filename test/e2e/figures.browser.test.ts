/**
 * Checked figures in headless Chromium under the app's CSP (issue 22): an answer with one
 * grounded, one derived and one ungrounded figure shows three marks; each mark's source
 * shows on keyboard focus, on hover and on tap; the ungrounded one is marked in text, not
 * by colour alone; the per-answer line appears; a reload shows the same marks; axe finds
 * no serious or critical violation. Skipped only without Chromium outside CI.
 */
import { describe, expect, test } from "bun:test";
import { formatMoney, round2 } from "../../src/core/format.ts";
import { spendingByCategory } from "../../src/tools/spending_by_category.ts";
import type { WebHarness } from "../support/web-harness.ts";
import { startWebHarness } from "../support/web-harness.ts";
import { ask, axe, sharedHarnessSuite, SKIP_BROWSER, turnId, waitForStatus } from "./browser-helpers.ts";

describe.skipIf(SKIP_BROWSER)("checked figures in headless Chromium", () => {
  let h: WebHarness;
  const suite = sharedHarnessSuite(async () => (h = await startWebHarness()));

  test("marks, the source on focus, hover and tap, the ungrounded flag, the line, the same after a reload, axe", async () => {
    const chart = spendingByCategory.run(h.budget, { year: 2025 }).charts[0]!;
    const value = (label: string) => chart.data.datasets[0]!.values[chart.data.labels.indexOf(label)]!;
    const groceries = formatMoney(value("Groceries"), "CHF");
    const dining = formatMoney(value("Dining"), "CHF");
    const both = formatMoney(round2(value("Groceries") + value("Dining")), "CHF");
    h.fake.enqueue(
      { kind: "message", content: [{ type: "tool_use", id: "toolu_f", name: "spending_by_category", input: { year: 2025 } }] },
      { kind: "message", content: [{ type: "text", text: `Groceries cost **${groceries}** in 2025.\n\nWith dining that is ${both}; hobbies took CHF 2'718.28.` }], chunkDelayMs: 1 },
    );
    const { tp, page } = await suite.open();
    let answered = "";
    await page.goto(`${h.url}/`);
    await ask(page, "What did groceries and dining cost in 2025?");
    const id = await turnId(page);
    answered = id;
    await waitForStatus(page, id, "done");
    const marks = page.locator(`#answer-${id} [data-figure]`);
    await page.locator(`#answer-${id} [data-figure="ungrounded"]`).waitFor();
    const shown = async () =>
      marks.evaluateAll((els) => els.map((el) => [el.getAttribute("data-figure"), el.firstChild?.textContent, el.getAttribute("tabindex"), el.querySelector(".fig-note")?.textContent]));
    const expected = [
      // Shown twice by the tool (its summary and its chart): both are sources.
      ["grounded", groceries, "0", `spending_by_category · summary · Groceries: ${groceries}; spending_by_category · Spending by category, 2025 (CHF) · Groceries: ${groceries}`],
      ["derived", both, "0", `${dining} + ${groceries} (sum) · spending_by_category · summary · Dining: ${dining}; spending_by_category · summary · Groceries: ${groceries}`],
      ["ungrounded", "CHF 2'718.28", "0", "CHF 2'718.28: not found in the data of this answer"],
    ];
    expect(await shown()).toEqual(expected);
    expect(await page.locator(`#notices-${id} .figures-line`).innerText()).toBe("? 3 figures checked · 1 not found");

    // Notes are hidden until asked for: keyboard focus (Tab reaches each mark), then hover.
    const note = (status: string) => page.locator(`#answer-${id} [data-figure="${status}"] .fig-note`);
    expect(await note("grounded").isVisible()).toBe(false);
    await page.locator(`#answer-${id} [data-figure="grounded"]`).focus();
    expect(await note("grounded").isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-figure"))).toBe("grounded");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-figure"))).toBe("derived");
    expect(await note("derived").isVisible()).toBe(true);
    expect(await note("grounded").isVisible()).toBe(false);
    // The mark is described by its note (screen readers read the source).
    const described = await page.locator(`#answer-${id} [data-figure="derived"]`).getAttribute("aria-describedby");
    expect(await page.locator(`#${described}`).innerText()).toBe(expected[1]![3]!);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.locator(`#answer-${id} [data-figure="ungrounded"]`).hover();
    expect(await note("ungrounded").isVisible()).toBe(true);

    // Not by colour alone: a "?" after the number and a wavy underline.
    const flag = await page.locator(`#answer-${id} [data-figure="ungrounded"]`).evaluate((el) => {
      const after = getComputedStyle(el, "::after");
      return [after.content, getComputedStyle(el).textDecorationStyle];
    });
    expect(flag).toEqual(['"?"', "wavy"]);
    expect(await axe(page)).toEqual([]);
    await tp.screenshot("figures-desktop", { fullPage: false });
    tp.expectClean();

    // A reload replays the stored turn: the same marks.
    await page.reload();
    await page.locator(`#answer-${id} [data-figure="ungrounded"]`).waitFor();
    expect(await shown()).toEqual(expected);

    // A phone: tapping a mark shows its source.
    const context = await suite.browser().newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    try {
      const page = await context.newPage();
      await page.goto(`${h.url}/`);
      await page.goto(`${h.url}/conversations/${encodeURIComponent(h.store.turns.get(answered)!.conversationId)}`);
      const mark = page.locator('[data-figure="ungrounded"]');
      await mark.waitFor();
      expect(await mark.locator(".fig-note").isVisible()).toBe(false);
      await mark.tap();
      expect(await mark.locator(".fig-note").isVisible()).toBe(true);
      expect(await mark.locator(".fig-note").innerText()).toBe("CHF 2'718.28: not found in the data of this answer");
      // The note stays on the screen: at its foot, inside both edges.
      const box = (await mark.locator(".fig-note").boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(box.y + box.height).toBeLessThanOrEqual(844);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await axe(page)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});
