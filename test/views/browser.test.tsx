/**
 * The views, fragments and public/app.js in a real browser, through the app's real routes
 * (startWebHarness: createServer on the agent harness, the fake Messages API as the
 * model) and under the app's own CSP. A test tool (`show_script`) returns every kind of
 * artifact with hostile labels, so charts and tables arrive exactly as tools send them.
 * Skipped without Chromium (outside CI).
 */
import { describe, expect, test } from "bun:test";
import { z } from "zod";
import type { ToolOutput } from "../../src/core/events.ts";
import { ALL_TOOLS } from "../../src/tools/registry.ts";
import type { ReadTool } from "../../src/tools/types.ts";
import type { FakeReply } from "../support/fake-anthropic.ts";
import { startWebHarness, type WebHarness } from "../support/web-harness.ts";
import { recategoriseScript } from "../trust/support.ts";
import { axe, browserSuite, answerText, ask, SKIP_BROWSER, squash, turnId, waitForStatus } from "../e2e/browser-helpers.ts";
import { EVIL } from "./helpers.ts";
import { waitFor } from "../support/wait.ts";

const months = Array.from({ length: 36 }, (_, i) => `${2023 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, "0")}`);

const showScript: ReadTool = {
  name: "show_script",
  label: "Showing the script…",
  promptHint: "test only",
  description: "test only",
  risk: "low",
  schema: () => z.strictObject({}),
  run(): ToolOutput {
    return {
      summary: "shown",
      charts: [
        { type: "bar_h", title: "By category (CHF)", data: { labels: ["Groceries", EVIL, "Public transport and travel"], datasets: [{ name: "Spending", values: [5234.5, 1260, 300] }] } },
        { type: "grouped_bar", title: "Income vs spending (CHF)", data: { labels: ["2025-01", "2025-02"], datasets: [{ name: "Income", values: [6000, 6100] }, { name: "Spending", values: [4200, 5100] }] } },
        { type: "line", title: "Trend (CHF)", data: { labels: months, datasets: [{ name: "Spending", values: months.map((_, i) => 3000 + ((i * 37) % 900)) }] } },
        { type: "pie", title: "Share", data: { labels: [EVIL, "B"], datasets: [{ name: "Spending", values: [420, 510] }] } },
      ],
      tables: [{ title: "Rows", columns: ["Date", "Amount", "Merchant"], kinds: ["date", "money", "text"], totalRows: 3, rows: [["2025-01-02", -45.5, EVIL], ["2025-01-03", 12, "Coop"], ["2024-12-31", -100, "Aldi"]] }],
    };
  },
};

const answer = "In 2025 you spent **CHF 8'355.15**.\n\n| Category | Amount |\n|---|--:|\n| Groceries | CHF 5'234.50 |\n\n- two <img src=x onerror=alert(1)>";
const text = (t: string, chunkDelayMs = 2): FakeReply => ({ kind: "message", content: [{ type: "text", text: t }], chunkDelayMs });
const script = (delay = 2): FakeReply[] => [
  { kind: "message", content: [{ type: "text", text: "Let me look at your **spending**." }, { type: "tool_use", name: "show_script", input: {} }], chunkDelayMs: delay },
  text(answer, delay),
];

describe.skipIf(SKIP_BROWSER)("in Chromium, through the real routes, under the app's CSP", () => {
  const suite = browserSuite<WebHarness>();

  async function setup(opts: { width?: number; height?: number; readOnly?: boolean; showUsage?: boolean; dark?: boolean } = {}) {
    const opened = await suite.open(await startWebHarness({ tools: [...ALL_TOOLS, showScript], readOnly: opts.readOnly ?? true, showUsage: opts.showUsage }), opts);
    if (opts.dark) await opened.page.emulateMedia({ colorScheme: "dark" });
    return opened;
  }

  /** Month ticks: "Jan 2023" where the year changes (the first included), the month alone where it does not. */
  function expectMonthTicks(labels: string[]) {
    let year: string | null = null;
    for (const l of labels) {
      const m = /^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)(?: (\d{4}))?$/.exec(l);
      expect(m).not.toBeNull();
      if (year === null) expect(m![2]).toBeDefined();
      if (m![2] !== undefined) {
        expect(m![2]).not.toBe(year);
        year = m![2]!;
      }
    }
  }

  test("an answer: blocks in order, charts drawn, month axis readable, server-formatted tooltips, markdown safe, no token line", async () => {
    const { h, tp, page } = await setup();
    h.fake.enqueue(...script());
    await page.goto(`${h.url}/`);
    await ask(page, "Show me everything");
    const id = await turnId(page);
    await waitForStatus(page, id, "done");
    await page.waitForFunction((id) => document.querySelectorAll(`#answer-${id} figure.chart[data-ready="frappe"] svg`).length === 3, id, { timeout: 15000 });
    const info = await page.evaluate((id) => ({
      order: [...document.querySelectorAll(`#answer-${id} > *`)].map((e) => e.className.split(" ")[0]),
      ready: [...document.querySelectorAll(`#answer-${id} figure.chart`)].map((f) => f.getAttribute("data-ready")),
      bars: [...document.querySelectorAll(`#answer-${id} .hbar-fill`)].map((e) => (e as HTMLElement).offsetWidth),
      labels: [...document.querySelectorAll(`#answer-${id} .hbar-label`)].map((e) => e.textContent),
      imgs: document.querySelectorAll("img").length,
      scripts: document.querySelectorAll("body script").length,
      usage: document.querySelector(`#usage-${id}`)!.textContent,
      right: [...document.querySelectorAll(`#answer-${id} .md td`)].map((td) => getComputedStyle(td).textAlign),
    }), id);
    // Text, the tool, the charts and the table, then the rest of the answer: in the order they happened.
    expect(info.order).toEqual(["tb", "tool", "chart", "chart", "chart", "chart", "data-table", "tb"]);
    expect(info.ready).toEqual(["html", "frappe", "frappe", "frappe"]);
    expect(info.bars[0]!).toBeGreaterThan(100);
    expect(Math.abs(info.bars[1]! / info.bars[0]! - 1260 / 5234.5)).toBeLessThan(0.03);
    expect(info.labels).toEqual(["Groceries", EVIL, "Public transport and travel"]);
    expect(info.imgs).toBe(0);
    expect(info.scripts).toBe(0);
    expect(info.usage).toBe(""); // no token counts without --show-usage
    expect(info.right).toEqual(["left", "right"]); // a markdown column marked --: is right-aligned
    expect(squash(await answerText(page, id))).toContain("two <img src=x onerror=alert(1)>");
    // The 36-month axis: short labels, thinned, none cut to "…" or ".."; the year in full ("Jan 2023", never
    // "Jan 23", which reads as a day), shown where it changes.
    const axis = await page.evaluate((id) => [...document.querySelectorAll(`#answer-${id} figure.chart-line .x.axis text`)].map((t) => t.textContent ?? ""), id);
    const shown = axis.filter(Boolean);
    expect(shown.length).toBeGreaterThanOrEqual(4);
    expect(shown.length).toBeLessThan(36);
    expectMonthTicks(shown);
    // The y axis in the chart's currency, thousands as k: "CHF 3k" (once Frappe drew its real scale: it starts from 0–5).
    await page.waitForFunction((id) => [...document.querySelectorAll(`#answer-${id} figure.chart-line .y.axis text`)].some((t) => /k$/.test(t.textContent ?? "")), id);
    const yTicks = await page.evaluate((id) => [...document.querySelectorAll(`#answer-${id} figure.chart-line .y.axis text`)].map((t) => t.textContent ?? "").filter(Boolean), id);
    expect(yTicks.length).toBeGreaterThanOrEqual(3);
    for (const t of yTicks) expect(t).toMatch(/^CHF (0|-?\d+(\.\d)?k)$/);
    expect(yTicks.some((t) => /^CHF \d+(\.\d)?k$/.test(t))).toBe(true);
    // Tooltips: amounts formatted by the server (app.js has no formatter); a thinned month still names itself.
    await page.waitForFunction((id) => [...document.querySelectorAll(`#answer-${id} figure.chart-grouped_bar rect.bar`)].some((r) => Number(r.getAttribute("height")) > 0), id);
    /** Whether Frappe shows the tooltip of this chart (it sets the tip's opacity once it has filled it). */
    const tipShown = (kind: string) => page.evaluate(([id, kind]) => (document.querySelector(`#answer-${id} figure.chart-${kind} .graph-svg-tip`) as HTMLElement | null)?.style.opacity === "1", [id, kind]);
    // Frappe redraws its bars once after the first paint: point at the bar until its tooltip shows.
    const bar = page.locator(`#answer-${id} figure.chart-grouped_bar rect.bar >> nth=0`);
    await waitFor(
      async () => {
        await bar.scrollIntoViewIfNeeded();
        const b = (await bar.boundingBox())!;
        await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
        return tipShown("grouped_bar");
      },
      { everyMs: 50, what: "the bar's tooltip" },
    );
    expect(await page.evaluate(() => [...document.querySelectorAll(".graph-svg-tip")].map((t) => t.textContent).join(" "))).toContain("CHF 6'000.00");
    // Untrusted labels reach Frappe's innerHTML tooltips only as inert look-alike text: once it shows the slice's tooltip, no <img>.
    const slice = page.locator(`#answer-${id} figure.chart-pie svg`);
    await slice.scrollIntoViewIfNeeded();
    const sb = (await slice.boundingBox())!;
    await page.mouse.move(sb.x + sb.width / 2, sb.y + sb.height / 2);
    await waitFor(() => tipShown("pie"), { what: "the slice's tooltip" });
    expect(await page.evaluate(() => document.querySelectorAll("img").length)).toBe(0);
    // Tables sort by column.
    await page.click(`#answer-${id} figure.data-table th >> nth=1 >> button`);
    expect(await page.locator(`#answer-${id} figure.data-table tbody td.num`).allTextContents()).toEqual(["CHF -100.00", "CHF -45.50", "CHF 12.00"]);
    // Days show in words and sort by the day, not by their words ("31 Dec 2024" comes first, not last).
    await page.click(`#answer-${id} figure.data-table th >> nth=0 >> button`);
    expect(await page.locator(`#answer-${id} figure.data-table tbody tr td:first-child`).allTextContents()).toEqual(["31 Dec 2024", "2 Jan 2025", "3 Jan 2025"]);
    // Chart data as CSV, from the server: UTF-8 with its BOM, as Excel needs it (Playwright's text() keeps the BOM).
    const csv = await page.request.get(`${h.url}${await page.getAttribute(`#answer-${id} figure.chart-line .figure-tools a`, "href")}`);
    expect((await csv.text()).split("\r\n").slice(0, 2)).toEqual(["\ufeffLabel,Spending", "2023-01,3000"]);
    // SVG and PNG of the picture download without breaking the CSP.
    const [svg] = await Promise.all([page.waitForEvent("download"), page.click(`#answer-${id} figure.chart-line button.chart-save[data-format="svg"]`)]);
    expect(svg.suggestedFilename()).toBe("Trend-CHF.svg");
    const [png] = await Promise.all([page.waitForEvent("download"), page.click(`#answer-${id} figure.chart-bar_h button.chart-save[data-format="png"]`)]);
    expect(png.suggestedFilename()).toMatch(/\.png$/);
    // Follow-up: the composer has the focus, axe finds nothing serious.
    expect(await axe(page)).toEqual([]);
    await tp.screenshot("views-answer");
    // On a phone the 36-month axis still names several months: Frappe blanks every label off
    // its own step, so ours is a multiple of it (else only the first month would remain).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.waitForFunction((id) => document.querySelector(`#answer-${id} figure.chart-line`)?.getAttribute("data-ready") === "frappe", id);
    const phoneAxis = await page.evaluate((id) => [...document.querySelectorAll(`#answer-${id} figure.chart-line .x.axis text`)].map((t) => t.textContent ?? "").filter(Boolean), id);
    expect(phoneAxis.length).toBeGreaterThanOrEqual(3);
    expectMonthTicks(phoneAxis);
    tp.expectClean();
  });

  test("the composer never locks: draft while streaming, Send becomes Stop, Esc stops; one announcement", async () => {
    const { h, tp, page } = await setup();
    h.fake.enqueue(text("Slow answer. ".repeat(60), 60));
    await page.goto(`${h.url}/`);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("message"); // focused on load
    await page.waitForSelector("button.starter");
    await page.click("button.starter >> nth=0");
    const id = await turnId(page);
    await page.waitForFunction((id) => (document.querySelector(`#answer-${id}`)?.textContent ?? "").length > 20, id);
    const during = await page.evaluate(() => ({
      disabled: (document.getElementById("message") as HTMLTextAreaElement).disabled,
      send: (document.getElementById("send-button") as HTMLButtonElement).hidden,
      stop: (document.getElementById("stop-button") as HTMLButtonElement).hidden,
      starters: !!document.getElementById("starters"),
      action: document.getElementById("chat-form")?.getAttribute("hx-post"),
      log: document.getElementById("messages")!.getAttribute("role"),
      live: document.querySelectorAll("#messages[aria-live], #messages [aria-live]").length,
    }));
    expect(during).toMatchObject({ disabled: false, send: true, stop: false, starters: false, log: "log", live: 0 });
    expect(during.action).toMatch(/^\/conversations\/[^/]+\/messages$/);
    // Draft the next question; Enter does not send it while the answer runs.
    await page.fill("#message", "next question");
    await page.press("#message", "Shift+Enter");
    await page.type("#message", "second line");
    await page.press("#message", "Enter");
    expect(await page.inputValue("#message")).toBe("next question\nsecond line");
    expect(await page.locator("article.msg.assistant").count()).toBe(1);
    await page.keyboard.press("Escape");
    await waitForStatus(page, id, "stopped");
    expect(await page.textContent(`#notices-${id}`)).toContain("Stopped.");
    expect(await page.isVisible("#send-button")).toBe(true);
    expect(await page.textContent("#announcer")).toBe("Answer stopped.");
    expect(await page.inputValue("#message")).toBe("next question\nsecond line");
    // Edit the last question: it replaces its answer.
    h.fake.enqueue(text("Edited answer."));
    await page.click(`#q-${id} button.edit-question`);
    // The first starter that fits the harness's data (demo seed 7, up to 31 Oct 2026: its last full month).
    expect(await page.inputValue("#message")).toBe("Where did my money go in October 2026?");
    await page.fill("#message", "How much on dining?");
    await page.press("#message", "Enter");
    await page.waitForSelector(`#turn-${id}`, { state: "detached" });
    const edited = await turnId(page);
    await waitForStatus(page, edited, "done");
    expect(await page.locator(".msg.user .bubble").allTextContents()).toEqual(["How much on dining?"]);
    expect(squash(await answerText(page, edited))).toBe("Edited answer.");
    tp.expectClean();
  });

  test("approval card: focus on the card (Approve two Tabs away, after Show all), then on the outcome; decided card loses its header", async () => {
    const { h, tp, page } = await setup({ readOnly: false });
    h.fake.enqueue(...recategoriseScript({ search: "Tibits", to_category: "Groceries" }));
    await page.goto(`${h.url}/`);
    await ask(page, "Tibits is groceries");
    const id = await turnId(page);
    const card = page.locator(`#turn-${id} section.approval`);
    await card.waitFor();
    await page.waitForFunction(() => document.activeElement?.classList.contains("approval"));
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Show all \d+$/);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Approve");
    expect(await card.locator("h3").innerText()).toMatch(/^Approval needed: /);
    expect(await card.innerText()).toContain("Expires at");
    expect(await axe(page)).toEqual([]);
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab"); // Reject
    await page.keyboard.press("Enter");
    await card.locator('[data-decision="rejected"]').waitFor();
    // The asking answer stays done-waiting → done; the continuation reports the rejection.
    await waitForStatus(page, await turnId(page, 1), "done");
    await page.waitForFunction(() => document.activeElement?.classList.contains("decided"));
    expect(await card.locator("h3").innerText()).not.toContain("Approval needed");
    expect(await card.innerText()).not.toContain("Expires");
    tp.expectClean();
  });

  test("a phone: drawer, transcript ≥ 60% of the height, tables scroll once, the Send key sends and ↵ makes a newline; dark mode passes axe", async () => {
    const { h, tp, page } = await setup({ width: 390, height: 844, dark: true });
    h.fake.enqueue(...script());
    await page.goto(`${h.url}/`);
    expect(await page.isVisible("#sidebar .conv-search")).toBe(false);
    await page.fill("#message", "Show me everything");
    await page.click("#send-button");
    const id = await turnId(page);
    await waitForStatus(page, id, "done");
    const m = await page.evaluate(() => ({
      transcript: document.getElementById("messages")!.getBoundingClientRect().height,
      scrollW: document.documentElement.scrollWidth,
      innerScrollers: [...document.querySelectorAll("#messages .table-scroll")].filter((e) => e.scrollHeight > e.clientHeight + 1).length,
    }));
    expect(m.transcript).toBeGreaterThanOrEqual(0.6 * 844);
    expect(m.scrollW).toBe(390);
    expect(m.innerScrollers).toBe(0);
    await page.click(".drawer-toggle");
    await page.waitForFunction(() => document.body.classList.contains("drawer-open"));
    expect(await page.isVisible("#conversation-list a.conv-link")).toBe(true);
    await page.keyboard.press("Escape");
    expect(await page.evaluate(() => document.body.classList.contains("drawer-open"))).toBe(false);
    expect(await axe(page)).toEqual([]);
    await tp.screenshot("views-phone-dark");
    tp.expectClean();
    // Touch keyboards: the Send key (enterkeyhint="send") sends; the ↵ button makes a newline.
    const touch = await suite.browser().newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const p2 = await touch.newPage();
    await p2.goto(`${h.url}/`);
    expect(await p2.getAttribute("#message", "enterkeyhint")).toBe("send");
    expect(await p2.isVisible("#newline-button")).toBe(true);
    await p2.fill("#message", "one");
    await p2.click("#newline-button");
    await p2.type("#message", "two");
    expect(await p2.inputValue("#message")).toBe("one\ntwo");
    h.fake.enqueue(text("Sent."));
    await p2.press("#message", "Enter");
    await p2.waitForSelector("article.msg.user");
    expect(await p2.locator("article.msg.user .bubble").innerText()).toBe("one\ntwo");
    expect(await p2.inputValue("#message")).toBe("");
    await touch.close();
    // On a desktop (no touch) the ↵ button is not there: Shift+Enter is.
    expect(await page.isVisible("#newline-button")).toBe(false);
  });

  test("pages in the app's layout: 404, usage, blank rename; token line only with --show-usage", async () => {
    const { h, tp, page } = await setup({ showUsage: true });
    h.fake.enqueue(text("Fine."));
    await page.goto(`${h.url}/`);
    await ask(page, "Hello");
    const id = await turnId(page);
    await waitForStatus(page, id, "done");
    expect(await page.textContent(`#usage-${id}`)).toMatch(/^Tokens: /);
    await page.goto(`${h.url}/usage`);
    expect(await page.textContent("h1")).toBe("Usage");
    expect(await page.locator(".usage-table tbody tr").count()).toBe(1);
    expect(await axe(page)).toEqual([]);
    const res = await page.goto(`${h.url}/no/such/page`);
    expect(res!.status()).toBe(404);
    expect(await page.getAttribute("html", "lang")).toBe("en");
    expect(await page.textContent("h1")).toBe("Not found");
    expect(await page.locator('link[rel="stylesheet"]').evaluateAll((ls) => ls.map((l) => new URL((l as HTMLLinkElement).href).pathname))).toEqual([
      "/assets/app.css", "/assets/figures.css", "/assets/pages.css",
    ]);
    const conv = h.store.conversations.list("local")[0]!;
    await page.goto(`${h.url}/conversations/${conv.id}`);
    await page.click("#conversation-list details.conv-menu > summary");
    await page.fill("#conversation-list details.conv-menu input[name=title]", " ");
    await page.evaluate(() => document.querySelector<HTMLInputElement>("#conversation-list input[name=title]")!.removeAttribute("required"));
    await page.click("#conversation-list .rename-form button[type=submit]");
    await page.waitForSelector("#rename-title");
    expect(await page.textContent(".page-message-text")).toBe("A title cannot be empty.");
    // Chromium logs the 404 and 400 responses as console errors; nothing else may appear.
    expect(tp.problems.filter((p) => !/status of 40[04]/.test(p))).toEqual([]);
  });
});
