/**
 * The Settings page's household contributions in headless Chromium under the app's CSP
 * (issue 33): reached from the navigation, a counterparty marked and unmarked through htmx (the
 * section swaps itself), a bad name explained in place, no serious accessibility violation, and
 * it fits a phone. Skipped only without Chromium outside CI.
 */
import { describe, expect, test } from "bun:test";
import type { WebHarness } from "../support/web-harness.ts";
import { startWebHarness } from "../support/web-harness.ts";
import { axe, sharedHarnessSuite, SKIP_BROWSER } from "./browser-helpers.ts";

describe.skipIf(SKIP_BROWSER)("Settings page in headless Chromium", () => {
  let h: WebHarness;
  const suite = sharedHarnessSuite(async () => (h = await startWebHarness()));

  test("mark a counterparty as a household contribution, see its money in, unmark it", async () => {
    const { tp, page } = await suite.open();
    await page.goto(`${h.url}/`);
    await page.getByRole("link", { name: "Settings" }).click();
    await page.waitForURL(`${h.url}/settings`);
    expect(await page.locator("h1").innerText()).toBe("Settings");
    expect(await page.locator("#contributions").innerText()).toContain("No household contributions yet.");

    // The demo's TWINT P2P credits (Uncategorised money in): a housemate paying in, say.
    await page.getByLabel("Counterparty").fill("twint p2p");
    await page.getByRole("button", { name: "Count as income" }).click();
    await page.locator(".contribution-row").waitFor();
    expect(await page.locator(".contribution-name").innerText()).toBe("twint p2p");
    expect(await page.locator(".contribution-row .muted").innerText()).toMatch(/^CHF [\d']+\.\d\d in \d+ payments$/);
    expect(h.store.contributions.counterparties()).toEqual(["twint p2p"]);

    // A name that cannot be one is said in the section; nothing changes.
    await page.getByLabel("Counterparty").fill("*");
    await page.getByRole("button", { name: "Count as income" }).click();
    await page.locator("#contribution-error").waitFor();
    expect(await page.locator("#contribution-error").innerText()).toContain("needs at least 2 letters or digits");
    expect(h.store.contributions.counterparties()).toEqual(["twint p2p"]);
    expect(await axe(page)).toEqual([]);

    await page.getByRole("button", { name: "Remove twint p2p" }).click();
    await page.locator(".contribution-row").waitFor({ state: "detached" });
    expect(h.store.contributions.counterparties()).toEqual([]);
    await tp.screenshot("settings-desktop");
    // The one refusal the browser logs is the bad name's 422 (the section shows why).
    expect(tp.problems.filter((p) => !/status of 422 \(Unprocessable Entity\).*\/settings\/contributions\)$/.test(p))).toEqual([]);
  });

  test("fits a phone: no horizontal scrolling", async () => {
    h.store.contributions.add("Alex Muster", { via: "cli", by: "cli" });
    const { tp, page } = await suite.open({ width: 375, height: 740 });
    try {
      await page.goto(`${h.url}/settings`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const box = (await page.getByLabel("Counterparty").boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      await tp.screenshot("settings-phone");
      tp.expectClean();
    } finally {
      h.store.contributions.remove("Alex Muster", { via: "cli", by: "cli" });
    }
  });
});
