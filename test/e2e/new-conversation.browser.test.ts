/**
 * In Chromium: each first question adds only its own conversation to the sidebar (issue 37
 * item 2), and the page shows it where a reload would: newest first under one Today heading,
 * the open one marked; an older conversation keeps its own heading below.
 */
import { describe, expect, test } from "bun:test";
import { startWebHarness, type WebHarness } from "../support/web-harness.ts";
import { ask, browserSuite, SKIP_BROWSER, turnId, waitForStatus } from "./browser-helpers.ts";

describe.skipIf(SKIP_BROWSER)("a new conversation in the sidebar (Chromium)", () => {
  const suite = browserSuite<WebHarness>();

  test("older, then two new ones: Today holds the two newest first, Older the first; as after a reload", async () => {
    const { h, tp, page } = await suite.open(await startWebHarness());
    const old = h.store.conversations.create("local", "Last year's review");
    h.store.db.query("UPDATE conversations SET updated_at = '2020-01-01T10:00:00.000Z' WHERE id = ?").run(old.id);
    const sidebar = async () =>
      page.evaluate(() =>
        [...document.querySelectorAll("#conversation-list .conv-group")].map((g) => [
          g.querySelector(".conv-group-title")?.textContent ?? "",
          [...g.querySelectorAll(".conv-title")].map((t) => t.textContent),
        ]),
      );
    for (const q of ["Groceries in 2025?", "Dining in 2025?"]) {
      h.fake.enqueue({ kind: "message", content: [{ type: "text", text: "Noted." }] });
      await page.goto(`${h.url}/`);
      await ask(page, q);
      await waitForStatus(page, await turnId(page), "done");
    }
    const expected = [
      ["Today", ["Dining in 2025?", "Groceries in 2025?"]],
      ["Older", ["Last year's review"]],
    ];
    expect(await sidebar()).toEqual(expected);
    expect(await page.textContent('#conversation-list a[aria-current="page"] .conv-title')).toBe("Dining in 2025?");
    await page.reload();
    expect(await sidebar()).toEqual(expected);
    tp.expectClean();
  });
});
