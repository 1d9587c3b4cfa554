/**
 * Issue 24 items 4 and 5 in headless Chromium, desktop and phone: an answer that asks for
 * approval ends waiting (no spinner, no Stop, the composer free, the conversation marked in
 * the list), the card lists the rows it changes, the decision is said in words and a
 * continuation answer streams in, Undo shows its time. axe: no serious or critical
 * violation in any of these states. Skipped only without Chromium outside CI.
 */
import { describe, expect, test } from "bun:test";
import type { WebHarness } from "../support/web-harness.ts";
import { changedIds, recategoriseScript, snapshot, startTrustHarness } from "../trust/support.ts";
import { browserSuite, ask, axe, SKIP_BROWSER, turnId, waitForStatus } from "./browser-helpers.ts";

const PHONE = { width: 390, height: 844 };

describe.skipIf(SKIP_BROWSER)("approvals never block (Chromium)", () => {
  const suite = browserSuite<WebHarness>();

  async function setup(viewport?: { width: number; height: number }, approvalTimeoutMs?: number) {
    return suite.open(await startTrustHarness({ approvalTimeoutMs }), viewport);
  }

  for (const [name, viewport] of [
    ["desktop", undefined],
    ["phone", PHONE],
  ] as const) {
    test(`${name}: waiting without a spinner, composer free, list marked; approve → words and a continuation; Undo at HH:MM`, async () => {
      const { h, tp, page } = await setup(viewport);
      const [asking, closing] = recategoriseScript({ search: "Starbucks", year: 2025, to_category: "Groceries" });
      h.fake.enqueue(asking!);
      const before = snapshot(h);
      await page.goto(`${h.url}/`);
      await ask(page, "File this year's Starbucks under Groceries");
      const id = await turnId(page);
      const card = page.locator(`#turn-${id} section.approval`);
      await card.waitFor();
      await waitForStatus(page, id, "waiting");

      // Waiting is not running: no spinner, no Stop, Send is there and the box takes a question.
      const article = page.locator(`#turn-${id}`);
      expect(await article.locator(".spinner").count()).toBe(0);
      expect(await article.getAttribute("aria-busy")).toBe("false");
      expect(await page.locator(`#status-${id}`).innerText()).toBe("Waiting for your decision on the card below. You can keep asking meanwhile.");
      expect(await page.isHidden("#stop-button")).toBe(true);
      expect(await page.isVisible("#send-button")).toBe(true);
      expect(await page.isEnabled("#message")).toBe(true);

      // The card lists the first 10 rows and links to all of them on the Transactions page.
      const rows = card.locator(".approval-rows tbody tr");
      expect(await rows.count()).toBe(10);
      const total = (await h.store.approvals.list("local"))[0]!.preview.rows as number;
      const link = card.locator(".approval-rows-link a");
      expect(await link.innerText()).toBe(`Show all ${total}`);
      expect(await link.getAttribute("href")).toBe("/transactions?q=Starbucks&from=2025-01-01&to=2025-12-31");

      // The conversation list marks it at once, and after a reload.
      const marked = page.locator("#conversation-list li.conv .conv-pending");
      await marked.waitFor({ state: "attached" });
      await page.reload();
      await waitForStatus(page, id, "waiting");
      expect(await marked.count()).toBe(1);
      expect(await axe(page)).toEqual([]);
      await tp.screenshot(`approval-waiting-${name}`);

      // The composer is free: a question is answered while the card waits.
      h.fake.enqueue({ kind: "message", content: [{ type: "text", text: "Coffee cost you a lot." }] });
      await ask(page, "and how much was coffee?");
      const meanwhile = await turnId(page, 1);
      await waitForStatus(page, meanwhile, "done");
      expect(await page.innerText(`#answer-${meanwhile}`)).toContain("Coffee cost you a lot.");
      expect(h.chat.runningCount("local")).toBe(0);

      // Approve: the card says what happened; a continuation streams in after the last answer.
      h.fake.enqueue(closing!);
      const liveCard = page.locator(`#turn-${id} section.approval`);
      await liveCard.getByRole("button", { name: "Approve" }).click();
      await liveCard.locator('[data-decision="approved"]').waitFor();
      expect(await liveCard.locator(".approval-actions .decision").innerText()).toBe(`Moved ${total} transactions to Groceries`);
      const continuation = await turnId(page, 2);
      await waitForStatus(page, continuation, "done");
      expect(await page.innerText(`#answer-${continuation}`)).toContain("Here is what happened.");
      expect(changedIds(before, snapshot(h))).toHaveLength(total);
      // Decided: the list's marker goes once the continuation has answered.
      await page.waitForFunction(() => !document.querySelector("#conversation-list .conv-pending"));
      expect(await axe(page)).toEqual([]);

      // Undo: "Undone at HH:MM" (24-hour clock), and the rows are back.
      await liveCard.getByRole("button", { name: "Undo" }).click();
      const undone = liveCard.locator('.approval-actions[data-decision="undone"] .decision');
      await undone.waitFor();
      expect(await undone.innerText()).toMatch(/^Undone at ([01]\d|2[0-3]):[0-5]\d: the previous categories of \d+ transactions are restored\.$/);
      // One state line: what was done is no longer claimed.
      expect(await liveCard.locator(".decision").count()).toBe(1);
      expect(await liveCard.locator("h3").innerText()).toBe(`Move ${total} transactions to “Groceries”`);
      expect(changedIds(before, snapshot(h))).toEqual([]);
      expect(await axe(page)).toEqual([]);
      await tp.screenshot(`approval-undone-${name}`);

      // After a reload: no marker any more; the continuation has no question bubble of its own.
      await page.reload();
      expect(await page.locator("#conversation-list .conv-pending").count()).toBe(0);
      expect(await page.locator("article.msg.user").count()).toBe(2);
      expect(await page.locator("article.msg.assistant").count()).toBe(3);
      tp.expectClean();
    });
  }

  test("desktop: an open card whose time runs out says so by itself, without a reload", async () => {
    const { h, tp, page } = await setup(undefined, 2_500);
    h.fake.enqueue(recategoriseScript({ search: "Tibits", to_category: "Groceries" })[0]!);
    await page.goto(`${h.url}/`);
    await ask(page, "Tibits is groceries");
    const id = await turnId(page);
    await waitForStatus(page, id, "waiting");
    const card = page.locator(`#turn-${id} section.approval`);
    expect(await card.getByRole("button", { name: "Approve" }).isVisible()).toBe(true);
    const decided = card.locator(".approval-actions.decided .decision");
    await decided.waitFor({ timeout: 15_000 });
    expect(await decided.innerText()).toBe("Expired — nothing changed");
    expect(await card.getByRole("button", { name: "Approve" }).count()).toBe(0);
    expect(h.fake.requests).toHaveLength(1);
    expect(await axe(page)).toEqual([]);
    tp.expectClean();
  });

  test("phone: Reject says so in words (never a failure), and the expired card says it expired", async () => {
    const { h, tp, page } = await setup(PHONE);
    h.fake.enqueue(...recategoriseScript({ search: "Tibits", to_category: "Groceries" }));
    await page.goto(`${h.url}/`);
    await ask(page, "Tibits is groceries");
    const id = await turnId(page);
    const card = page.locator(`#turn-${id} section.approval`);
    await waitForStatus(page, id, "waiting");
    await card.getByRole("button", { name: "Reject" }).click();
    await card.locator('[data-decision="rejected"]').waitFor();
    expect(await card.locator(".approval-actions .decision").innerText()).toBe("Rejected — nothing changed");
    expect(await card.innerText()).not.toContain("did not work");
    await waitForStatus(page, await turnId(page, 1), "done");
    expect(await axe(page)).toEqual([]);

    // An approval that expired shows so after a reload.
    h.fake.enqueue(recategoriseScript({ search: "Starbucks", to_category: "Groceries", year: 2024 })[0]!);
    await ask(page, "and Starbucks 2024 too");
    const second = await turnId(page, 2);
    await waitForStatus(page, second, "waiting");
    const pending = h.store.approvals.list("local", { status: "pending" })[0]!;
    h.store.approvals.expire(pending.id, "timeout");
    h.store.approvals.setResult(pending.id, { message: "The approval expired after 1 minute; nothing was modified." });
    await page.reload();
    const expired = page.locator(`#turn-${second} section.approval .approval-actions .decision`);
    expect(await expired.innerText()).toBe("Expired — nothing changed");
    expect(await axe(page)).toEqual([]);
    await tp.screenshot("approval-rejected-expired-phone");
    tp.expectClean();
  });
});
