/**
 * Trust features as a user sees them, in headless Chromium under the app's CSP: the
 * approval card (Approve with a double click writes once, Undo restores, Reject), and
 * 413/429 refusals shown in the chat. Skipped only without Chromium outside CI.
 */
import { describe, expect, test } from "bun:test";
import type { WebHarness } from "../support/web-harness.ts";
import { browserSuite, ask, SKIP_BROWSER, turnId, waitForStatus } from "../e2e/browser-helpers.ts";
import { changedIds, recategoriseScript, snapshot, startTrustHarness, type TrustHarnessOptions } from "./support.ts";

describe.skipIf(SKIP_BROWSER)("trust in headless Chromium", () => {
  const suite = browserSuite<WebHarness>();

  async function setup(limits?: TrustHarnessOptions["limits"]) {
    return suite.open(await startTrustHarness({ limits }));
  }

  test("approval card: a double click on Approve writes once, the model is told, Undo restores", async () => {
    const { h, tp, page } = await setup();
    h.fake.enqueue(...recategoriseScript({ search: "Starbucks", year: 2025, to_category: "Groceries" }));
    const before = snapshot(h);
    await page.goto(`${h.url}/`);
    await ask(page, "Please file this year's Starbucks under Groceries");
    const id = await turnId(page);
    const card = page.locator(`#turn-${id} section.approval`);
    await card.waitFor();
    expect(await card.locator("h3").innerText()).toMatch(/^Approval needed: move \d+ transactions to “Groceries”$/);
    expect(await card.innerText()).toContain("Dining");
    expect(changedIds(before, snapshot(h))).toEqual([]);

    // The answer waits for the decision without running (issue 24).
    await waitForStatus(page, id, "waiting");
    await card.getByRole("button", { name: "Approve" }).dblclick();
    await card.locator('[data-decision="approved"]').waitFor();
    expect(await card.locator(".decision").first().innerText()).toMatch(/^Moved \d+ transactions to Groceries$/);
    // One continuation answer reports it.
    const next = await turnId(page, 1);
    await waitForStatus(page, next, "done");
    expect(await page.locator("article.msg.assistant").count()).toBe(2);
    const moved = changedIds(before, snapshot(h));
    expect(moved.length).toBeGreaterThan(10);
    expect(h.store.audit.list({ kind: "write" })).toHaveLength(1);
    expect(h.fake.requests).toHaveLength(2);

    await card.getByRole("button", { name: "Undo" }).click();
    // The card tells the truth after the undo (issue 36): one state line, the "Moved …" line gone, a capitalised heading.
    await card.locator('[data-decision="undone"]').waitFor();
    const lines = await card.locator(".decision").allInnerTexts();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Undone at \d\d:\d\d: the previous categories of \d+ transactions are restored\.$/);
    expect(await card.innerText()).not.toContain("Moved");
    expect(await card.getByRole("button", { name: "Undo" }).count()).toBe(0);
    expect(await card.locator("h3").innerText()).toMatch(/^Move \d+ transactions to “Groceries”$/);
    expect(changedIds(before, snapshot(h))).toEqual([]);
    await tp.screenshot("trust-approval-undo");
    // The second click's request is answered 409 (already decided), which Chromium logs; nothing else may appear.
    expect(tp.problems.filter((p) => !/status of 409 \(Conflict\).*\/approve\)$/.test(p))).toEqual([]);
  });

  test("approval card: Reject writes nothing, says so in words, and the continuation answers", async () => {
    const { h, tp, page } = await setup();
    h.fake.enqueue(...recategoriseScript({ search: "Tibits", to_category: "Groceries" }));
    const before = snapshot(h);
    await page.goto(`${h.url}/`);
    await ask(page, "Tibits is groceries");
    const id = await turnId(page);
    const card = page.locator(`#turn-${id} section.approval`);
    await card.getByRole("button", { name: "Reject" }).click();
    await card.locator('[data-decision="rejected"]').waitFor();
    expect(await card.locator(".decision").first().innerText()).toBe("Rejected — nothing changed");
    const next = await turnId(page, 1);
    await waitForStatus(page, next, "done");
    expect(await page.innerText(`#answer-${next}`)).toContain("Here is what happened.");
    expect(changedIds(before, snapshot(h))).toEqual([]);
    tp.expectClean();
  });

  test("413 and 429 are shown in the chat, and nothing reaches the model", async () => {
    const { h, tp, page } = await setup({ messagesPerMinute: 2 });
    await page.goto(`${h.url}/`);
    // 5,000 characters, 10,000 bytes: within the box's character limit, over the 8 KB message limit.
    await ask(page, "é".repeat(5000));
    const tooLarge = page.locator("#messages .notice-error", { hasText: "Message too large: at most 8 KB." });
    await tooLarge.waitFor();
    expect(h.fake.requests).toHaveLength(0);

    h.fake.enqueue({ kind: "message", content: [{ type: "text", text: "One." }] }, { kind: "message", content: [{ type: "text", text: "Two." }] });
    await ask(page, "first");
    await waitForStatus(page, await turnId(page, 0), "done");
    await ask(page, "second");
    await waitForStatus(page, await turnId(page, 1), "done");
    await ask(page, "third");
    const tooMany = page.locator("#messages .notice-error", { hasText: /^Too many requests: at most 2 messages per minute\. Try again in \d+ s\.$/ });
    await tooMany.waitFor();
    expect(h.fake.requests).toHaveLength(2);
    await tp.screenshot("trust-413-429");
    // The refusals are answers the page expects: Chromium logs 4xx responses as console errors, nothing else may appear.
    expect(tp.problems.filter((p) => !/status of 4(13|29)/.test(p))).toEqual([]);
  });
});
