/**
 * Issue 24 item 8 (and 7's sign-in page) in headless Chromium, phone and desktop: the demo
 * banner can be dismissed and takes one line on a phone; the conversation list groups by
 * day and its search finds message text; a delete offers Undo; a logged-out visitor is
 * told how to get a new link. axe: no serious or critical violation in these states.
 * Skipped only without Chromium outside CI.
 */
import { describe, expect, test } from "bun:test";
import type { FakeReply } from "../support/fake-anthropic.ts";
import { startWebHarness, type WebHarness } from "../support/web-harness.ts";
import { browserSuite, ask, axe, SKIP_BROWSER, turnId, waitForStatus } from "./browser-helpers.ts";

const PHONE = { width: 390, height: 844 };
const text = (t: string): FakeReply => ({ kind: "message", content: [{ type: "text", text: t }] });

describe.skipIf(SKIP_BROWSER)("chat UX details (Chromium)", () => {
  const suite = browserSuite<WebHarness>();

  async function setup(viewport?: { width: number; height: number }) {
    const h = await startWebHarness();
    // The harness's budget.db is the demo: the banner shows, as it does for a newcomer.
    Object.defineProperty(h.app.budget, "demo", { get: () => true });
    return suite.open(h, viewport);
  }

  test("phone: the demo banner is one line and can be dismissed for good (in this browser)", async () => {
    const { h, tp, page } = await setup(PHONE);
    await page.goto(`${h.url}/`);
    const banner = page.locator("#demo-banner");
    const box = (await banner.boundingBox())!;
    const line = await banner.locator("p").evaluate((p) => parseFloat(getComputedStyle(p).lineHeight) || 20);
    // One line of text (plus the padding and the dismiss button's height).
    expect(box.height).toBeLessThanOrEqual(Math.max(line, 28) + 8);
    expect(await banner.getAttribute("title")).toMatch(/^Demo data: [\d']+ made-up transactions from \d{1,2} [A-Z][a-z]{2} \d{4} to \d{1,2} [A-Z][a-z]{2} \d{4}\./);
    expect(await axe(page)).toEqual([]);
    await tp.screenshot("demo-banner-phone", { fullPage: false });
    await banner.getByRole("button", { name: "Dismiss the demo data note" }).click();
    expect(await page.locator("#demo-banner").count()).toBe(0);
    await page.reload();
    await page.waitForFunction(() => !document.getElementById("demo-banner"));
    tp.expectClean();
  });

  test("desktop: a paste longer than the box holds says it was cut; below the limit the usual hint is back", async () => {
    // QA round 4 (uqa9): the box holds at most maxMessageBytes characters (maxlength); a longer paste was cut without a word,
    // and the question sent was the first 8'192 characters of it.
    const { h, tp, page } = await setup();
    await page.goto(`${h.url}/`);
    const hint = page.locator("#chat-hint");
    expect(await hint.innerText()).toBe("Enter sends · Shift+Enter for a new line · Esc stops an answer");
    await page.locator("#message").focus();
    await page.keyboard.insertText("x".repeat(9000));
    expect((await page.inputValue("#message")).length).toBe(8192);
    expect(await hint.innerText()).toBe("The box holds at most 8'192 characters: the rest of what you pasted was not taken.");
    await page.keyboard.press("Backspace");
    expect(await hint.innerText()).toBe("Enter sends · Shift+Enter for a new line · Esc stops an answer");
    expect(await axe(page)).toEqual([]);
    tp.expectClean();
  });

  test("desktop: the list groups by day, search finds message text, a delete offers Undo that brings it back", async () => {
    const { h, tp, page } = await setup();
    h.fake.enqueue(text("Fressnapf: CHF 240.00 on pet food."), text("CHF 1'260.00 on dining."));
    await page.goto(`${h.url}/`);
    await ask(page, "What did the cat cost?");
    await waitForStatus(page, await turnId(page), "done");
    await page.click("a.new-chat");
    await page.waitForURL(`${h.url}/`);
    await ask(page, "And dining?");
    await waitForStatus(page, await turnId(page), "done");
    // The cat conversation last changed 3 days ago (written with a connection of our own).
    const [dining, cat] = h.store.conversations.list("local");
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString();
    h.store.db.query("UPDATE conversations SET updated_at = ? WHERE id = ?").run(threeDaysAgo, cat!.id);
    await page.reload();
    const groups = await page.locator("#conversation-list section.conv-group").evaluateAll((gs) =>
      gs.map((g) => [g.querySelector("h2")!.textContent, [...g.querySelectorAll(".conv-title")].map((t) => t.textContent)]),
    );
    expect(groups).toEqual([
      ["Today", [dining!.title]],
      ["Previous 7 days", [cat!.title]],
    ]);
    expect(await axe(page)).toEqual([]);

    // Search: "fressnapf" is in no title, only in the cat conversation's answer.
    const visible = () => page.locator("#conversation-list li.conv:visible .conv-title").allTextContents();
    // The server answers with the list of matches: wait until it has replaced the list.
    const search = async (q: string, count: number) => {
      await page.fill("#conv-search", q);
      await page.waitForFunction((n) => document.querySelectorAll("#conversation-list li.conv").length === n, count);
    };
    await search("fressnapf", 1);
    expect(await visible()).toEqual([cat!.title]);
    // The Today heading goes with its entry.
    expect(await page.locator("#conversation-list section.conv-group:visible h2").allTextContents()).toEqual(["Previous 7 days"]);
    await search("", 2);
    expect(await visible()).toEqual([dining!.title, cat!.title]);

    // Delete the open conversation: no dialog, a toast with Undo; Undo brings it back whole.
    await page.goto(`${h.url}/conversations/${cat!.id}`);
    await page.click("#conversation-list details.conv-menu > summary");
    await page.click("#conversation-list details.conv-menu .delete-form button[type=submit]");
    const toast = page.locator("#undo-toast");
    await toast.waitFor();
    expect(await toast.innerText()).toContain(`Deleted “${cat!.title}”.`);
    expect(await visible()).toEqual([dining!.title]);
    expect(await axe(page)).toEqual([]);
    await tp.screenshot("delete-undo");
    await toast.getByRole("button", { name: "Undo" }).click();
    await page.waitForURL(`${h.url}/conversations/${cat!.id}`);
    expect(await page.locator("article.msg.assistant").innerText()).toContain("Fressnapf: CHF 240.00 on pet food.");
    expect(await visible()).toEqual([dining!.title, cat!.title]);
    expect(tp.dialogs).toEqual([]);
    tp.expectClean();
  });

  test("phone: a visitor without a session is told how to get a new login link", async () => {
    const { h, tp, page } = await setup(PHONE);
    h.store.users.add("ann");
    const res = await page.goto(`${h.url}/`);
    expect(res!.status()).toBe(401);
    expect(await page.textContent("h1")).toBe("Sign in");
    expect(await page.innerText("main")).toContain(
      "No link, or it no longer works? For a new one: on a device where you are still signed in, open Settings → Sign in on another device; or ask whoever runs budget-chat to make one with budget-chat users link NAME.",
    );
    expect(await axe(page)).toEqual([]);
    // The 401 is the answer the page expects: Chromium logs it as a console error, nothing else may appear.
    expect(tp.problems.filter((p) => !/status of 401/.test(p))).toEqual([]);
  });
});
