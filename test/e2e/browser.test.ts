/**
 * End-to-end: the real web app (routes, chat service, agent loop, real
 * @anthropic-ai/sdk) on a random loopback port, the fake Messages API as the model,
 * and headless Debian Chromium (playwright-core) as the user. One browser for the file,
 * a fresh browser context and a fresh harness (own temporary databases) per test.
 * Every test ends with no console error/warning, page error or CSP violation, and
 * saves test-artifacts/e2e-<name>.png.
 *
 * Skipped only when /usr/bin/chromium is missing outside CI; in CI it must run.
 */
import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { incomeVsSpending } from "../../src/tools/income_vs_spending.ts";
import { monthlyTrend } from "../../src/tools/monthly_trend.ts";
import type { FakeReply } from "../support/fake-anthropic.ts";
import { startWebHarness, type WebHarness } from "../support/web-harness.ts";
import { browserSuite, answerText, ask, chartBoxes, longText, recordTextSnapshots, SKIP_BROWSER, squash, textSnapshots, turnId, waitForStatus } from "./browser-helpers.ts";
import { waitFor } from "../support/wait.ts";

const EVIL_MERCHANT = "<img src=x onerror=alert(1)>";

const text = (t: string, chunkDelayMs?: number): FakeReply => ({ kind: "message", content: [{ type: "text", text: t }], chunkDelayMs });

/** The plain texts of a Messages request's history, per message (tool blocks left out). */
function transcript(messages: { role: string; content: string | { type: string; text?: string }[] }[]) {
  return messages.map((m) => ({
    role: m.role,
    text: typeof m.content === "string" ? m.content : m.content.flatMap((b) => (b.type === "text" ? [b.text!] : [])).join(""),
  }));
}


/**
 * The starters an empty chat offers on the harness's data (demo seed 7, 1 Nov 2023 – 31 Oct 2026, one
 * currency, no accounts): its last full month, its two largest spending categories over the whole data
 * (Housing, then Children), then that month against the one before (issue 36: questions that fit the data).
 */
const FITTING_STARTERS = [
  "Where did my money go in October 2026?",
  "How did my Housing spending develop month by month?",
  "Where do I spend most on Children?",
  "How does October 2026 compare with September 2026?",
];

describe.skipIf(SKIP_BROWSER)("budget-chat in headless Chromium (end to end)", () => {
  const suite = browserSuite<WebHarness>();

  async function setup(opts: { width?: number } = {}) {
    return suite.open(await startWebHarness(), opts);
  }

  test("a question streams text in visible steps and draws a Frappe bar chart", async () => {
    const { h, tp, page } = await setup();
    const answer = longText(12, "Trend");
    h.fake.enqueue(
      { kind: "message", content: [{ type: "text", text: "Let me check." }, { type: "tool_use", name: "monthly_trend", input: { year: 2025 } }], chunkDelayMs: 5 },
      text(answer, 25),
    );
    await page.goto(`${h.url}/`);
    await recordTextSnapshots(page);
    await ask(page, "How did my spending develop in 2025?");
    const id = await turnId(page);
    await waitForStatus(page, id, "done");

    const final = await answerText(page, id);
    expect(squash(final)).toBe(`Let me check. ${answer}`);
    // The text grew in several visible steps, each a prefix of the next (never wiped).
    const snaps = (await textSnapshots(page, id)).map(squash);
    for (let i = 1; i < snaps.length; i++) expect(snaps[i]!.startsWith(snaps[i - 1]!)).toBe(true);
    const partial = new Set(snaps.filter((s) => s.length > 0 && s !== squash(final)));
    expect(partial.size).toBeGreaterThanOrEqual(3);

    // The chart: server-computed spec, drawn by Frappe at a real size.
    const spec = monthlyTrend.run(h.budget, monthlyTrend.schema().parse({ year: 2025 })).charts[0]!;
    expect(spec.type).toBe("bar");
    await page.waitForSelector(`#turn-${id} figure.chart[data-ready="frappe"] svg`);
    const boxes = await chartBoxes(page, id);
    expect(boxes.map((b) => [b.type, b.ready])).toEqual([["bar", "frappe"]]);
    expect(boxes[0]!.w).toBeGreaterThan(300);
    expect(boxes[0]!.h).toBeGreaterThan(100);
    expect(await page.textContent(`#turn-${id} figure.chart figcaption`)).toBe(spec.title);
    // One Frappe bar per month of the spec.
    expect(await page.locator(`#turn-${id} figure.chart svg rect.bar`).count()).toBe(spec.data.labels.length);
    expect(await page.locator(`#answer-${id} > .tool`).allTextContents()).toEqual(["✓ Computing the monthly trend — done"]);
    // Issue 15: in the order it happened: the text, then the tool line, then the chart, then the answer.
    expect(await page.locator(`#answer-${id} > *`).evaluateAll((els) => els.map((e) => e.className.split(" ")[0]))).toEqual(["tb", "tool", "chart", "tb"]);
    await tp.screenshot("stream-and-chart");
    tp.expectClean();
  });

  test("a follow-up sends the history; the URL and the sidebar name the conversation", async () => {
    const { h, tp, page } = await setup();
    const q1 = "How much did I spend on groceries in 2025?";
    const a1 = "You spent CHF 5'234.50 on groceries in 2025.";
    const q2 = "And how does that compare with 2024?";
    const a2 = "In 2024 it was CHF 4'980.10, so 2025 was 5.1% higher.";
    h.fake.enqueue(text(a1, 2), text(a2, 2));
    await page.goto(`${h.url}/`);
    await ask(page, q1);
    const t1 = await turnId(page, 0);
    await waitForStatus(page, t1, "done");

    const [conv] = h.store.conversations.list("local");
    expect(conv!.title).toBe(q1);
    expect(new URL(page.url()).pathname).toBe(`/conversations/${conv!.id}`);
    expect(await page.locator("#conversation-list a.conv-link .conv-title").allTextContents()).toEqual([q1]);
    expect(await page.getAttribute("#conversation-list a.conv-link", "aria-current")).toBe("page");
    expect(await page.textContent("#chat-title")).toBe(q1);

    await ask(page, q2);
    const t2 = await turnId(page, 1);
    await waitForStatus(page, t2, "done");
    expect(squash(await answerText(page, t2))).toBe(a2);
    expect(new URL(page.url()).pathname).toBe(`/conversations/${conv!.id}`);
    expect(h.store.conversations.list("local").length).toBe(1);

    expect(h.fake.requests.length).toBe(2);
    expect(transcript(h.fake.requests[0]!.body.messages!)).toEqual([{ role: "user", text: q1 }]);
    expect(transcript(h.fake.requests[1]!.body.messages!)).toEqual([
      { role: "user", text: q1 },
      { role: "assistant", text: a1 },
      { role: "user", text: q2 },
    ]);
    // The page after a reload shows both turns, from the database.
    await page.reload();
    expect(await page.locator(".msg.user .bubble").allTextContents()).toEqual([q1, q2]);
    expect((await page.locator("article.msg.assistant .answer").allInnerTexts()).map(squash)).toEqual([a1, a2]);
    await tp.screenshot("follow-up");
    tp.expectClean();
  });

  test("two charts in one answer: in order, both drawn, kept while text streams after them", async () => {
    const { h, tp, page } = await setup();
    const answer = longText(10, "Compare");
    h.fake.enqueue(
      {
        kind: "message",
        content: [
          { type: "text", text: "Two views of 2025." },
          { type: "tool_use", name: "monthly_trend", input: { year: 2025 } },
          { type: "tool_use", name: "income_vs_spending", input: { year: 2025 } },
        ],
        chunkDelayMs: 2,
      },
      // Slow enough that both charts are drawn while this text is still arriving.
      text(answer, 40),
    );
    await page.goto(`${h.url}/`);
    await ask(page, "Compare my spending and income in 2025");
    const id = await turnId(page);
    await page.waitForFunction((id) => document.querySelectorAll(`#turn-${id} figure.chart[data-ready="frappe"] svg`).length === 2, id);
    // Tag the drawn figures: the same nodes must survive the text that follows.
    const during = await page.evaluate((id) => {
      const figs = [...document.querySelectorAll(`#turn-${id} figure.chart`)];
      figs.forEach((f, i) => ((f as unknown as { __tag: number }).__tag = i + 1));
      return { status: document.querySelector(`#turn-${id}`)!.getAttribute("data-status"), text: [...document.querySelectorAll<HTMLElement>(`#answer-${id} > .tb`)].map((b) => b.innerText).join(" ") };
    }, id);
    expect(during.status).toBe("running");
    expect(squash(during.text).length).toBeLessThan(squash(`Two views of 2025. ${answer}`).length);
    await waitForStatus(page, id, "done");

    const trend = monthlyTrend.run(h.budget, monthlyTrend.schema().parse({ year: 2025 })).charts[0]!;
    const ivs = incomeVsSpending.run(h.budget, incomeVsSpending.schema().parse({ year: 2025 })).charts[0]!;
    const after = await page.evaluate(
      (id) => [...document.querySelectorAll(`#turn-${id} figure.chart`)].map((f) => (f as unknown as { __tag?: number }).__tag ?? 0),
      id,
    );
    expect(after).toEqual([1, 2]);
    const boxes = await chartBoxes(page, id);
    expect(boxes.map((b) => [b.type, b.ready])).toEqual([
      ["bar", "frappe"],
      ["grouped_bar", "frappe"],
    ]);
    for (const b of boxes) expect(b.w).toBeGreaterThan(300);
    expect(await page.locator(`#turn-${id} figure.chart figcaption`).allTextContents()).toEqual([trend.title, ivs.title]);
    // grouped_bar: one Frappe bar per month and dataset (Income, Spending).
    expect(await page.locator(`#turn-${id} figure.chart-grouped_bar svg rect.bar`).count()).toBe(ivs.data.labels.length * 2);
    expect(squash(await answerText(page, id))).toBe(`Two views of 2025. ${answer}`);
    // The text after the tools is its own block, after the charts (issue 15: in the order it happened).
    expect(await page.locator(`#answer-${id} > .tb`).evaluateAll((els) => els.map((e) => e.id))).toEqual([`tb-${id}-0`, `tb-${id}-1`]);
    expect(await page.locator(`#answer-${id} > *`).evaluateAll((els) => els.map((e) => e.className.split(" ")[0]))).toEqual(["tb", "tool", "tool", "chart", "chart", "tb"]);
    expect(await page.locator(`#answer-${id} > .tool`).allTextContents()).toEqual([
      "✓ Computing the monthly trend — done",
      "✓ Comparing income and spending — done",
    ]);
    // The app is one window-high shell that scrolls inside #messages: the page itself
    // never scrolls (hidden chart tables included).
    expect(await page.evaluate(() => [document.documentElement.scrollHeight, document.documentElement.scrollWidth])).toEqual([900, 1280]);
    // Auto-scroll ends on the answer's last line, not on blank space below it.
    const tail = await page.evaluate((id) => {
      const m = document.getElementById("messages")!;
      return {
        below: m.scrollHeight - m.scrollTop - m.clientHeight,
        gap: Math.round(m.getBoundingClientRect().bottom - document.getElementById(`turn-${id}`)!.getBoundingClientRect().bottom),
      };
    }, id);
    expect(tail.below).toBeLessThan(2);
    expect(tail.gap).toBeGreaterThanOrEqual(0);
    expect(tail.gap).toBeLessThan(40);
    await tp.screenshot("two-charts");
    tp.expectClean();
  });

  test("New chat shows the starters; rename changes sidebar and header; delete removes it", async () => {
    const { h, tp, page } = await setup();
    const q = "What did I spend on dining in 2025?";
    h.fake.enqueue(text("CHF 1'260.00 on dining.", 2));
    await page.goto(`${h.url}/`);
    expect(await page.locator("#starters button.starter").allTextContents()).toEqual(FITTING_STARTERS);
    await ask(page, q);
    const id = await turnId(page);
    await waitForStatus(page, id, "done");
    expect(await page.locator("#starters").count()).toBe(0);
    const conv = h.store.conversations.list("local")[0]!;

    await page.click("a.new-chat");
    await page.waitForURL(`${h.url}/`);
    expect(await page.locator("#starters button.starter").allTextContents()).toEqual(FITTING_STARTERS);
    expect(await page.textContent("#chat-title")).toBe("New chat");
    expect(await page.locator("article.msg").count()).toBe(0);
    expect(await page.locator("#conversation-list a.conv-link .conv-title").allTextContents()).toEqual([q]);
    expect(await page.isEnabled("#message")).toBe(true);

    // Rename (from the ⋯ menu of the conversation, while it is open).
    await page.click("#conversation-list a.conv-link");
    await page.waitForURL(`${h.url}/conversations/${conv.id}`);
    await page.click("#conversation-list details.conv-menu > summary");
    await page.fill("#conversation-list details.conv-menu input[name=title]", "Dining 2025 review");
    await page.click("#conversation-list details.conv-menu .rename-form button[type=submit]");
    await page.waitForFunction(() => document.getElementById("chat-title")?.textContent === "Dining 2025 review");
    expect(new URL(page.url()).pathname).toBe(`/conversations/${conv.id}`);
    expect(await page.locator("#conversation-list a.conv-link .conv-title").allTextContents()).toEqual(["Dining 2025 review"]);
    expect(await page.title()).toBe("Dining 2025 review · budget-chat");
    expect(h.store.conversations.get("local", conv.id)!.title).toBe("Dining 2025 review");
    await tp.screenshot("renamed");

    // Delete: no dialog; the next page offers Undo for a few seconds (and drops ?deleted= from the address).
    await page.click("#conversation-list details.conv-menu > summary");
    await page.click("#conversation-list details.conv-menu .delete-form button[type=submit]");
    await page.waitForSelector("#undo-toast");
    expect(new URL(page.url()).pathname).toBe("/");
    expect(tp.dialogs).toEqual([]);
    expect(await page.innerText("#undo-toast")).toContain("Deleted “Dining 2025 review”.");
    await page.waitForSelector("#undo-toast", { state: "detached", timeout: 15_000 });
    expect(await page.locator("#conversation-list a.conv-link").count()).toBe(0);
    expect(await page.textContent("#conversation-list .empty-list")).toBe("No conversations yet.");
    expect(h.store.conversations.list("local")).toEqual([]);
    expect((await page.request.get(`${h.url}/conversations/${conv.id}`)).status()).toBe(404);
    await tp.screenshot("new-rename-delete");
    tp.expectClean();
  });

  test("Stop mid-answer keeps the streamed text, the composer stays usable, and the model request is aborted", async () => {
    const { h, tp, page } = await setup();
    const full = longText(40, "Slow");
    h.fake.enqueue(text(full, 150));
    await page.goto(`${h.url}/`);
    await ask(page, "Tell me everything about 2025");
    const id = await turnId(page);
    await page.waitForFunction((id) => [...document.querySelectorAll<HTMLElement>(`#answer-${id} > .tb`)].map((b) => b.innerText).join(" ").includes("Slow2 is"), id);
    expect(await page.isVisible("#stop-button")).toBe(true);
    // Issue 15: the composer never locks; Send turns into Stop while the answer runs.
    expect(await page.isDisabled("#message")).toBe(false);
    expect(await page.isHidden("#send-button")).toBe(true);
    await page.fill("#message", "a draft for later");
    await page.click("#stop-button");
    await waitForStatus(page, id, "stopped");

    const kept = squash(await answerText(page, id));
    expect(full.startsWith(kept)).toBe(true);
    expect(kept.length).toBeGreaterThanOrEqual("Slow1 is sentence number 1. Slow2 is".length);
    expect(kept.length).toBeLessThan(full.length / 2);
    expect(squash(await page.innerText(`#notices-${id}`))).toBe("Stopped. The answer so far is kept.");
    await page.waitForFunction(() => !(document.getElementById("message") as HTMLTextAreaElement).disabled);
    expect(await page.isHidden("#stop-button")).toBe(true);
    expect(await page.isVisible("#send-button")).toBe(true);
    expect(await page.inputValue("#message")).toBe("a draft for later");
    await waitFor(() => h.fake.requests[0]?.aborted === true, { what: "the fake to see the request aborted" });
    expect(h.fake.requests.length).toBe(1);

    // Nothing more arrives, and what the page shows is what was stored.
    // Deliberate: let time pass to show that no more text arrives after the stop (nothing to wait for).
    await page.waitForTimeout(400);
    expect(squash(await answerText(page, id))).toBe(kept);
    await page.reload();
    await waitForStatus(page, id, "stopped");
    expect(squash(await answerText(page, id))).toBe(kept);
    await tp.screenshot("stop");
    tp.expectClean();
  });

  test("reloading mid-answer: the same answer keeps streaming and ends with its text exactly once", async () => {
    const { h, tp, page } = await setup();
    const full = longText(20, "Part");
    h.fake.enqueue(text(full, 30));
    await page.goto(`${h.url}/`);
    await ask(page, "Explain my 2025 budget in detail");
    const id = await turnId(page);
    await page.waitForFunction((id) => [...document.querySelectorAll<HTMLElement>(`#answer-${id} > .tb`)].map((b) => b.innerText).join(" ").includes("Part3 is"), id);
    await page.reload();
    // The reloaded page shows the turn still running and follows it.
    await page.waitForSelector(`article.msg.assistant[data-turn="${id}"]`, { state: "attached" });
    expect(await page.getAttribute(`article.msg.assistant[data-turn="${id}"]`, "data-status")).toBe("running");
    await recordTextSnapshots(page);
    await waitForStatus(page, id, "done");
    const shown = squash(await answerText(page, id));
    expect(shown).toBe(full);
    expect(shown.split("Part1 is sentence number 1.").length - 1).toBe(1);
    expect(shown.split("Part20 is sentence number 20.").length - 1).toBe(1);
    // After the reload the text kept growing (not a finished answer rendered at once).
    const snaps = (await textSnapshots(page, id)).map(squash).filter((s) => s && s !== full);
    expect(snaps.length).toBeGreaterThanOrEqual(2);
    for (const s of snaps) expect(full.startsWith(s)).toBe(true);
    expect(await page.locator("article.msg.assistant").count()).toBe(1);
    expect(await page.locator(`#answer-${id} > .tb`).count()).toBe(1);
    expect(h.fake.requests.length).toBe(1);
    expect(await page.isEnabled("#message")).toBe(true);
    await tp.screenshot("reload");
    tp.expectClean();
  });

  test("an overloaded API shows the error; Retry replaces it with a new answer that succeeds", async () => {
    const { h, tp, page } = await setup();
    const overloaded: FakeReply = { kind: "http_error", status: 529, errorType: "overloaded_error", message: "Overloaded" };
    h.fake.enqueue(overloaded, overloaded, overloaded);
    const q = "What are my biggest categories?";
    await page.goto(`${h.url}/`);
    await ask(page, q);
    const failed = await turnId(page, 0);
    await waitForStatus(page, failed, "error");
    expect(await page.textContent(`#notices-${failed} .error-message`)).toBe("The Anthropic API is overloaded (529). Retry in a moment.");
    expect(await page.isVisible(`#notices-${failed} button.retry`)).toBe(true);
    expect(h.fake.requests.map((r) => r.status)).toEqual([529, 529, 529]);
    await page.waitForFunction(() => !(document.getElementById("message") as HTMLTextAreaElement).disabled);

    h.fake.enqueue(text("Housing is your biggest category.", 2));
    await page.click(`#notices-${failed} button.retry`);
    // Issue 15: Retry replaces the failed answer (and its question) in place: never a duplicate question.
    await page.waitForSelector(`#turn-${failed}`, { state: "detached" });
    const retried = await turnId(page, 0);
    expect(retried).not.toBe(failed);
    await waitForStatus(page, retried, "done");
    expect(squash(await answerText(page, retried))).toBe("Housing is your biggest category.");
    expect(await page.locator(".msg.user .bubble").allTextContents()).toEqual([q]);
    expect(await page.locator("article.msg.assistant").count()).toBe(1);
    const last = h.fake.requests.at(-1)!;
    expect(last.status).toBe(200);
    expect(last.validationError).toBeUndefined();
    // The model sees the question once.
    expect(transcript(last.body.messages!)).toEqual([{ role: "user", text: q }]);
    // A reload shows the same: the failed answer is gone from the conversation.
    await page.reload();
    expect(await page.locator(".msg.user .bubble").allTextContents()).toEqual([q]);
    expect(await page.locator(`#turn-${failed}`).count()).toBe(0);
    await tp.screenshot("error-retry");
    tp.expectClean();
  });

  test("untrusted merchant names and model text stay inert", async () => {
    const { h, tp, page } = await setup();
    // The app opens the budget read-only: write the hostile row with a connection of our own.
    const rw = new Database(h.budget.path);
    rw.run(
      `INSERT INTO transactions (date, raw_description, amount, currency, merchant_name, category, source, confidence, transaction_id, import_batch, created_at)
       VALUES ('2026-11-20', 'CARD PAYMENT XSS-TEST 4711', -66.60, 'CHF', ?, 'Shopping', 'llm', 0.9, 'e2e-xss-1', 'e2e', '2026-11-20T10:00:00Z')`,
      [EVIL_MERCHANT],
    );
    rw.close();
    const modelText =
      "Here it is: ![x](http://example.invalid/leak?d=1) and <script>alert(2)</script> and [click](javascript:alert(3)) done.";
    h.fake.enqueue(
      {
        kind: "message",
        content: [
          { type: "tool_use", name: "list_transactions", input: { search: "XSS-TEST", limit: 5 } },
          { type: "tool_use", name: "search_transactions", input: { search: "onerror" } },
        ],
        chunkDelayMs: 2,
      },
      text(modelText, 2),
    );
    await page.goto(`${h.url}/`);
    await ask(page, "Show the XSS-TEST transactions");
    const id = await turnId(page);
    await waitForStatus(page, id, "done");
    // The last thing the page does with this answer: the browser script draws the chart.
    await page.waitForSelector(`#turn-${id} figure.chart[data-ready] svg`, { state: "attached" });

    // The merchant name shows literally, as text, in the visible table.
    const cell = page.locator(`#turn-${id} figure.data-table td`, { hasText: "onerror" });
    expect(await cell.count()).toBe(1);
    expect(await cell.textContent()).toBe(EVIL_MERCHANT);
    expect(await cell.isVisible()).toBe(true);
    expect(await page.locator(`#turn-${id} figure.data-table thead th`).allTextContents()).toEqual(["Date", "Amount", "Merchant", "Description", "Category"]);
    expect(await page.locator(`#turn-${id} figure.data-table tbody tr`).count()).toBe(1);
    // search_transactions found the same row (by merchant name) and drew its monthly chart.
    expect(await page.locator(`#answer-${id} > .tool`).allTextContents()).toEqual([
      "✓ Listing transactions — done",
      "✓ Searching transactions — done",
    ]);
    expect((await chartBoxes(page, id)).map((b) => [b.type, b.ready])).toEqual([["bar", "frappe"]]);
    // The model's markup is text; the image and the javascript: link are not rendered.
    const shown = squash(await answerText(page, id));
    expect(shown).toBe("Here it is: [x: http://example.invalid/leak?d=1] and <script>alert(2)</script> and click done.");
    const inert = await page.evaluate((id) => {
      const a = document.getElementById(`turn-${id}`)!;
      return {
        imgs: a.querySelectorAll("img").length,
        scripts: a.querySelectorAll("script").length,
        // The app's own links (a figure's CSV, "See these transactions" with the search as an encoded query) are expected.
        links: [...a.querySelectorAll("a")].map((l) => l.getAttribute("href")).filter((h) => !/^\/turns\/[^/]+\/(tables|charts)\/\d+\.csv$|^\/transactions\?q=[\w%+.-]*$/.test(h ?? "")),
        handlers: [...a.querySelectorAll("*")].flatMap((e) => [...e.attributes].filter((x) => /^on/i.test(x.name)).map((x) => x.name)),
        pageImgs: document.querySelectorAll("img").length,
      };
    }, id);
    expect(inert).toEqual({ imgs: 0, scripts: 0, links: [], handlers: [], pageImgs: 0 });
    // Hover the chart (Frappe builds tooltips with innerHTML): still nothing.
    await page.hover(`#turn-${id} figure.chart svg rect.bar >> nth=-1`, { force: true });
    // Deliberate: give Frappe's tooltip code (innerHTML) a moment to run, to show no <img> appears.
    await page.waitForTimeout(150);
    expect(await page.evaluate(() => document.querySelectorAll("img").length)).toBe(0);
    expect(tp.dialogs).toEqual([]);
    expect(tp.requests.filter((u) => u.includes("example.invalid") || !u.startsWith(h.url))).toEqual([]);
    await tp.screenshot("untrusted-inert");
    tp.expectClean();
  });

  test("an 800px-wide window: no horizontal scrolling, the question box is visible", async () => {
    const { h, tp, page } = await setup({ width: 800 });
    h.fake.enqueue(
      {
        kind: "message",
        content: [
          { type: "text", text: "Here are your transactions and the trend." },
          { type: "tool_use", name: "list_transactions", input: { year: 2025, limit: 30 } },
          { type: "tool_use", name: "monthly_trend", input: { year: 2025 } },
          { type: "tool_use", name: "spending_by_category", input: { year: 2025 } },
        ],
        chunkDelayMs: 1,
      },
      text("| Month | Amount |\n|---|---|\n| 2025-01 | CHF 4'200.00 |\n\nA **long** line without spaces: " + "x".repeat(200), 1),
    );
    await page.goto(`${h.url}/`);
    const fits = () =>
      page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        body: document.body.scrollWidth,
      }));
    expect(await fits()).toEqual({ scroll: 800, body: 800 });
    await ask(page, "List my 2025 transactions with the trend");
    const id = await turnId(page);
    await waitForStatus(page, id, "done");
    await page.waitForSelector(`#turn-${id} figure.chart[data-ready="frappe"] svg`);
    const m = await fits();
    expect(m.scroll).toBeLessThanOrEqual(800);
    expect(m.body).toBeLessThanOrEqual(800);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBe(900);
    const box = (await page.locator("#message").boundingBox())!;
    expect(await page.isVisible("#message")).toBe(true);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(800);
    expect(box.y + box.height).toBeLessThanOrEqual(900);
    expect(box.width).toBeGreaterThan(200);
    const send = (await page.locator("#send-button").boundingBox())!;
    expect(send.x + send.width).toBeLessThanOrEqual(800);
    const boxes = await chartBoxes(page, id);
    expect(boxes.map((b) => [b.type, b.ready])).toEqual([
      ["bar", "frappe"],
      ["bar_h", "html"],
    ]);
    expect(boxes[0]!.w).toBeGreaterThan(300);
    expect(boxes[0]!.w).toBeLessThanOrEqual(800);
    // bar_h is HTML bars, not an SVG: its longest bar fits in the window too.
    const hbar = await page.evaluate((id) => Math.max(...[...document.querySelectorAll(`#turn-${id} .hbar-fill`)].map((e) => e.getBoundingClientRect().right)), id);
    expect(hbar).toBeGreaterThan(0);
    expect(hbar).toBeLessThanOrEqual(800);
    // The question box is usable: type and send a follow-up.
    h.fake.enqueue(text("Fine.", 1));
    await ask(page, "Thanks");
    await waitForStatus(page, await turnId(page, 1), "done");
    await tp.screenshot("narrow-800", { fullPage: false });
    tp.expectClean();
  });
});
