/**
 * The views, fragments and public/app.js in a real browser, under the app's CSP, without
 * the app's routes: a small server renders the pages and streams a scripted turn through
 * createFragmentRenderer exactly as GET /turns/:id/stream does. Skipped without Chromium.
 * (Playwright gives the browser a fresh temporary profile of its own.)
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { type AgentEvent } from "../../src/core/events.ts";
import { createFragmentRenderer, partial, type SseMessage } from "../../src/web/sse-renderer.ts";
import { AssistantMessage } from "../../views/AssistantMessage.tsx";
import { ChatForm } from "../../views/ChatForm.tsx";
import { ChatPage, type TurnView } from "../../views/ChatPage.tsx";
import { ConversationList } from "../../views/ConversationList.tsx";
import { renderPage } from "../../views/Layout.tsx";
import { UserMessage } from "../../views/UserMessage.tsx";
import { CONTENT_SECURITY_POLICY } from "../../src/web/middleware/security-headers/index.ts";
import { launchChromium, SKIP_BROWSER, type LaunchedBrowser } from "../e2e/browser-helpers.ts";
import { EVIL, html } from "./helpers.ts";

const root = new URL("../../", import.meta.url).pathname;
const ASSETS: Record<string, string> = {
  "htmx.min.js": "node_modules/htmx.org/dist/htmx.min.js",
  "hx-sse.min.js": "node_modules/htmx.org/dist/ext/hx-sse.min.js",
  "frappe-charts.min.umd.js": "node_modules/frappe-charts/dist/frappe-charts.min.umd.js",
  "app.js": "public/app.js",
  "app.css": "public/app.css",
};
// The policy the server sends (src/web/middleware/security-headers).
const CSP = CONTENT_SECURITY_POLICY;
const usage = { input_tokens: 1234, output_tokens: 321, cache_creation_input_tokens: 0, cache_read_input_tokens: 4567 };

function script(turnId: string): AgentEvent[] {
  const answer = "In 2025 you spent **CHF 8'355.15**.\n\n| Category | Amount |\n|---|---|\n| Groceries | CHF 5'234.50 |\n\n- two <img src=x onerror=alert(1)>";
  return [
    { type: "turn_started", conversationId: "c1", turnId },
    { type: "text", text: "Let me look at " },
    { type: "text", text: "your **spending**." },
    { type: "tool_started", id: "toolu_1", tool: "spending_by_category", input: {} },
    { type: "tool_finished", id: "toolu_1", tool: "spending_by_category", summary: "" },
    { type: "chart", toolId: "toolu_1", chart: { type: "bar_h", title: "By category", data: { labels: ["Groceries", EVIL], datasets: [{ name: "Spending", values: [5234.5, 1260] }] } } },
    { type: "tool_started", id: "toolu_2", tool: "income_vs_spending", input: {} },
    { type: "tool_finished", id: "toolu_2", tool: "income_vs_spending", summary: "" },
    { type: "chart", toolId: "toolu_2", chart: { type: "grouped_bar", title: "Income vs spending", data: { labels: ["Jan", "Feb"], datasets: [{ name: "Income", values: [6000, 6100] }, { name: "Spending", values: [4200, 5100] }] } } },
    { type: "chart", toolId: "toolu_2", chart: { type: "line", title: "Trend", data: { labels: ["2025-01", "2025-02", "2025-03"], datasets: [{ name: "Spending", values: [420, 510, 390] }] } } },
    { type: "chart", toolId: "toolu_2", chart: { type: "pie", title: "Share", data: { labels: [EVIL, "B"], datasets: [{ name: "Spending", values: [420, 510] }] } } },
    { type: "chart", toolId: "toolu_2", chart: { type: "bar", title: "Monthly", data: { labels: ["Jan", "Feb"], datasets: [{ name: "Out", values: [420, 510] }] } } },
    { type: "table", toolId: "toolu_2", table: { title: "Rows", columns: ["Date", "Amount", "Merchant"], rows: [["2025-01-02", -45.5, EVIL]] } },
    ...(answer.match(/.{1,10}/gs) ?? []).map((text): AgentEvent => ({ type: "text", text })),
    { type: "done", conversationId: "c1", turnId, incomplete: false, usage },
  ];
}

describe.skipIf(SKIP_BROWSER)("in Chromium, under the CSP", () => {
  let server: ReturnType<typeof Bun.serve>;
  let base = "";
  let launched: LaunchedBrowser;
  let browser: import("playwright-core").Browser;
  const connections = new Map<string, number>();
  const stopped = new Set<string>();
  let n = 0;

  beforeAll(async () => {
    const page = (s: string, status = 200) =>
      new Response(s, { status, headers: { "content-type": "text/html; charset=utf-8", "content-security-policy": CSP } });
    server = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      idleTimeout: 0,
      async fetch(req) {
        const url = new URL(req.url);
        const asset = url.pathname.startsWith("/assets/") ? ASSETS[url.pathname.slice(8)] : undefined;
        if (asset) return new Response(Bun.file(join(root, asset)), { headers: { "content-security-policy": CSP } });
        if (url.pathname === "/" || url.pathname === "/conversations/c1") {
          const turns: TurnView[] =
            url.pathname === "/" ? [] : [{ id: "t-done", question: "How much?", status: "done", events: script("t-done"), usage }];
          if (url.searchParams.has("running")) turns.push({ id: "t-run", question: "Running", status: "running", events: [] });
          const conversation = url.pathname === "/" ? null : { id: "c1", title: "Spending" };
          return page(await renderPage(ChatPage({ conversations: [{ id: "c1", title: "Spending" }], conversation, turns, currency: "CHF" })));
        }
        if (req.method === "POST" && (url.pathname === "/chat" || url.pathname === "/conversations/c1/messages")) {
          const question = String((await req.formData()).get("message") ?? "");
          const id = `t-new${++n}`;
          let out =
            partial("starters", "delete") +
            html(UserMessage({ text: question, turnId: id })) +
            html(AssistantMessage({ turnId: id, status: "running", events: [], currency: "CHF" }));
          // The first question makes a conversation: the app swaps in a new form and list.
          if (url.pathname === "/chat") {
            out +=
              partial("chat-form", "outerHTML", html(ChatForm({ conversationId: "c1" }))) +
              partial("conversation-list", "outerHTML", html(ConversationList({ conversations: [{ id: "c1", title: question }], activeId: "c1" })));
          }
          return page(out);
        }
        const stop = url.pathname.match(/^\/turns\/([^/]+)\/stop$/);
        if (stop && req.method === "POST") {
          stopped.add(stop[1]!);
          return new Response(null, { status: 204 });
        }
        const m = url.pathname.match(/^\/turns\/([^/]+)\/stream$/);
        if (!m) return new Response("not found", { status: 404 });
        const turnId = m[1]!;
        const attempt = (connections.get(turnId) ?? 0) + 1;
        connections.set(turnId, attempt);
        const slow = url.searchParams.get("slow") ?? (turnId.startsWith("t-new") ? "40" : "5");
        const renderer = createFragmentRenderer(turnId, "CHF");
        const enc = new TextEncoder();
        const body = new ReadableStream({
          async start(ctrl) {
            const write = (msgs: SseMessage[]) => {
              for (const msg of msgs) {
                let s = msg.event ? `event: ${msg.event}\n` : "";
                for (const line of msg.data.split("\n")) s += `data: ${line}\n`;
                ctrl.enqueue(enc.encode(`${s}\n`));
              }
            };
            let k = 0;
            for (const e of script(turnId)) {
              // t-run's first connection drops mid-answer: hx-sse reconnects and the replay must not duplicate.
              if (turnId === "t-run" && attempt === 1 && ++k > 8) return ctrl.close();
              if (stopped.has(turnId) && e.type !== "done") {
                write(renderer.render({ type: "notice", kind: "stopped", message: "Stopped." }));
                write(renderer.render({ type: "done", conversationId: "c1", turnId, incomplete: true, usage }));
                return ctrl.close();
              }
              write(renderer.render(e));
              await Bun.sleep(Number(slow));
            }
            write(renderer.end());
            ctrl.close();
          },
        });
        return new Response(body, { headers: { "content-type": "text/event-stream", "cache-control": "no-cache" } });
      },
    });
    base = `http://127.0.0.1:${server.port}`;
    launched = await launchChromium();
    browser = launched.browser;
  });

  afterAll(async () => {
    await launched?.close();
    server?.stop(true);
  });

  /** A page that records CSP violations and script errors. */
  async function open(path: string, width = 1280) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
    page.on("dialog", (d) => void d.dismiss());
    await page.addInitScript(() => {
      (window as unknown as { __csp: string[] }).__csp = [];
      document.addEventListener("securitypolicyviolation", (e) => {
        (window as unknown as { __csp: string[] }).__csp.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sample}`);
      });
    });
    await page.goto(base + path);
    const csp = async () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
    return { page, context, problems, csp };
  }

  test("a stored conversation: charts drawn, bar_h proportional, markdown safe, no CSP breach", async () => {
    const { page, context, problems, csp } = await open("/conversations/c1");
    await page.waitForFunction(() => document.querySelectorAll('figure.chart[data-ready="frappe"] svg').length === 4, null, { timeout: 15000 });
    const info = await page.evaluate(() => ({
      ready: [...document.querySelectorAll("figure.chart")].map((f) => f.getAttribute("data-ready")),
      bars: [...document.querySelectorAll(".hbar-fill")].map((e) => (e as HTMLElement).offsetWidth),
      imgs: document.querySelectorAll("img").length,
      scripts: document.querySelectorAll("body script").length,
      text: document.querySelector("#text-t-done")!.textContent,
      labels: [...document.querySelectorAll(".hbar-label")].map((e) => e.textContent),
    }));
    expect(info.ready).toEqual(["html", "frappe", "frappe", "frappe", "frappe"]);
    expect(info.bars[0]!).toBeGreaterThan(100);
    expect(Math.abs(info.bars[1]! / info.bars[0]! - 1260 / 5234.5)).toBeLessThan(0.03);
    expect(info.imgs).toBe(0);
    expect(info.scripts).toBe(0);
    expect(info.labels).toEqual(["Groceries", EVIL]);
    expect(info.text).toContain("two <img src=x onerror=alert(1)>");
    // Tooltips format amounts de-CH style.
    await page.waitForFunction(() => [...document.querySelectorAll("figure.chart-grouped_bar rect.bar")].some((r) => Number(r.getAttribute("height")) > 0));
    await page.hover("figure.chart-grouped_bar rect.bar >> nth=0", { force: true });
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => [...document.querySelectorAll(".graph-svg-tip")].map((t) => t.textContent).join(" "))).toContain("CHF 6'000.00");
    // Untrusted labels reach Frappe's innerHTML tooltips only as inert look-alike text.
    await page.hover("figure.chart-pie path >> nth=0", { force: true });
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => document.querySelectorAll("img").length)).toBe(0);
    // Only Frappe's own injected <style> may be refused: no inline style attribute, no script.
    const violations = await csp();
    expect(violations.filter((v) => !v.startsWith("style-src-elem inline"))).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  test("asking: input disabled while streaming, text after a chart in a new block, done closes the stream", async () => {
    const { page, context, problems, csp } = await open("/");
    await page.waitForSelector("button.starter");
    await page.click("button.starter >> nth=0");
    await page.waitForSelector('article.msg.assistant[data-status="running"]');
    const during = await page.evaluate(() => ({
      disabled: (document.getElementById("message") as HTMLTextAreaElement).disabled,
      send: (document.getElementById("send-button") as HTMLButtonElement).disabled,
      stop: (document.getElementById("stop-button") as HTMLButtonElement).hidden,
      starters: !!document.getElementById("starters"),
      question: document.querySelector(".msg.user .bubble")?.textContent,
      action: document.getElementById("chat-form")?.getAttribute("hx-post"),
      nestedNav: document.querySelectorAll("nav nav").length,
    }));
    expect(during).toEqual({
      disabled: true,
      send: true,
      stop: false,
      starters: false,
      question: "How much did I spend on groceries last year?",
      action: "/conversations/c1/messages",
      nestedNav: 0,
    });
    await page.waitForSelector('article.msg.assistant[data-status="done"]', { timeout: 20000 });
    await page.waitForTimeout(200);
    const after = await page.evaluate(() => ({
      disabled: (document.getElementById("message") as HTMLTextAreaElement).disabled,
      value: (document.getElementById("message") as HTMLTextAreaElement).value,
      stop: (document.getElementById("stop-button") as HTMLButtonElement).hidden,
      sse: document.querySelectorAll("[hx-sse\\:connect]").length,
      blocks: [...document.querySelectorAll("article.msg.assistant .tb")].map((b) => b.id),
      figures: document.querySelectorAll("article.msg.assistant figure").length,
      tools: [...document.querySelectorAll(".tool")].map((t) => t.getAttribute("data-state")),
      usage: document.querySelector(".usage")?.textContent,
      atBottom: (() => {
        const m = document.getElementById("messages")!;
        return m.scrollHeight - m.scrollTop - m.clientHeight < 5;
      })(),
    }));
    expect(after).toEqual({
      disabled: false,
      value: "",
      stop: true,
      sse: 0,
      blocks: ["tb-t-new1-0", "tb-t-new1-1"],
      figures: 6,
      tools: ["done", "done"],
      usage: "Tokens: 1'234 in · 321 out · 4'567 cache read",
      atBottom: true,
    });
    // Enter sends, Shift+Enter is a newline; Stop ends the running answer.
    await page.fill("#message", "first line");
    await page.press("#message", "Shift+Enter");
    await page.type("#message", "second");
    expect(await page.inputValue("#message")).toBe("first line\nsecond");
    await page.press("#message", "Enter");
    await page.waitForSelector("#turn-t-new2");
    await page.click("#stop-button");
    await page.waitForSelector('#turn-t-new2[data-status="stopped"]', { timeout: 10000 });
    expect(await page.textContent("#notices-t-new2")).toContain("Stopped.");
    expect(await page.evaluate(() => (document.getElementById("message") as HTMLTextAreaElement).disabled)).toBe(false);
    expect((await csp()).filter((v) => !v.startsWith("style-src-elem inline"))).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  test("reload mid-answer: the stream replays, and a dropped connection resumes without duplicates", async () => {
    const { page, context, problems } = await open("/conversations/c1?running=1", 800);
    await page.waitForSelector('#turn-t-run[data-status="done"]', { timeout: 20000 });
    const turn = await page.evaluate(() => ({
      blocks: [...document.querySelectorAll("#turn-t-run .tb")].map((b) => b.id),
      figures: document.querySelectorAll("#turn-t-run figure").length,
      tools: document.querySelectorAll("#turn-t-run .tool").length,
    }));
    expect(connections.get("t-run")).toBeGreaterThanOrEqual(2);
    expect(turn).toEqual({ blocks: ["tb-t-run-0", "tb-t-run-1"], figures: 6, tools: 2 });
    expect(problems).toEqual([]);
    await context.close();
    // hx-sse's reconnect after the dropped stream stalled in about 1 run of 5 while the 2 cores were saturated by
    // other processes (never on an idle machine); a retry keeps that contention from failing CI. A real regression
    // (no reconnect, duplicated replay) fails every attempt.
  }, { retry: 2 });
});
