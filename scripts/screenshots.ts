/**
 * Screenshots of the main flows, desktop, phone and dark, into docs/screenshots/ (`bun scripts/screenshots.ts`):
 * the real web app on demo data with the fake model (test/support), driven by playwright-core in Debian Chromium.
 * Re-run it after a UI change so the README's pictures stay current.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { launchChromium } from "../test/e2e/browser-helpers.ts";
import type { FakeReply } from "../test/support/fake-anthropic.ts";
import { startWebHarness } from "../test/support/web-harness.ts";

const OUT = new URL("../docs/screenshots/", import.meta.url).pathname;
mkdirSync(OUT, { recursive: true });

const answer: FakeReply[] = [
  { kind: "message", content: [{ type: "text", text: "Let me look at your spending by category and month." }, { type: "tool_use", name: "spending_by_category", input: { year: 2025 } }, { type: "tool_use", name: "monthly_trend", input: {} }] },
  {
    kind: "message",
    content: [{ type: "text", text: "In 2025 **Housing** was your largest category, followed by **Groceries**.\n\n| Category | Share |\n|---|--:|\n| Housing | 38% |\n| Groceries | 14% |\n\nSpending was highest in December." }],
  },
];

const views = [
  { name: "desktop", viewport: { width: 1280, height: 860 }, dark: false },
  { name: "phone", viewport: { width: 390, height: 844 }, dark: false },
  { name: "dark", viewport: { width: 1280, height: 860 }, dark: true },
];

const chromium = await launchChromium();
try {
  for (const v of views) {
    const h = await startWebHarness({ readOnly: false });
    try {
      const context = await chromium.browser.newContext({ viewport: v.viewport, colorScheme: v.dark ? "dark" : "light", deviceScaleFactor: 1 });
      const page = await context.newPage();
      await page.goto(`${h.url}/`);
      await page.screenshot({ path: join(OUT, `${v.name}-start.png`) });
      h.fake.enqueue(...answer);
      await page.fill("#message", "Where did my money go in 2025?");
      await page.click("#send-button");
      await page.waitForSelector('article.msg.assistant[data-status="done"]', { timeout: 20000 });
      // Frappe draws its data after a short first frame of zeros: wait for real bars.
      await page.waitForFunction(() => [...document.querySelectorAll("figure.chart rect.bar")].some((r) => Number(r.getAttribute("height")) > 0), null, { timeout: 10000 });
      await page.waitForTimeout(1000);
      await page.screenshot({ path: join(OUT, `${v.name}-answer.png`) });
      h.fake.enqueue(
        { kind: "message", content: [{ type: "text", text: "I'll prepare that change." }, { type: "tool_use", id: "toolu_recat", name: "recategorise_transactions", input: { search: "Tibits", to_category: "Groceries" } }] },
        { kind: "message", content: [{ type: "text", text: "Done." }] },
      );
      await page.fill("#message", "File Tibits under Groceries");
      await page.click("#send-button");
      await page.waitForSelector("section.approval");
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(OUT, `${v.name}-approval.png`) });
      if (v.name === "phone") {
        await page.click(".drawer-toggle");
        await page.waitForTimeout(300);
        await page.screenshot({ path: join(OUT, "phone-drawer.png") });
      }
      // The pages besides the chat: the transactions, and the budgets of the demo data's last month.
      await page.goto(`${h.url}/transactions`);
      await page.screenshot({ path: join(OUT, `${v.name}-transactions.png`) });
      await page.goto(`${h.url}/budgets?month=2026-10`);
      await page.screenshot({ path: join(OUT, `${v.name}-budgets.png`) });
      await context.close();
      console.log(`docs/screenshots/${v.name}-*.png`);
    } finally {
      await h.close();
    }
  }
} finally {
  await chromium.close();
}
