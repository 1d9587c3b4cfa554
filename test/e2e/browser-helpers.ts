/**
 * Helpers for the end-to-end browser tests (test/e2e/browser.test.ts): one headless
 * Debian Chromium driven by playwright-core, a fresh context per test, and a page that
 * records everything that should never happen (console errors and warnings, uncaught
 * exceptions, CSP violations, dialogs, requests leaving the app's origin).
 */
import { afterAll, afterEach, beforeAll, expect } from "bun:test";
import { existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { createFixture, type Fixture, type FixtureOptions } from "../fixtures/budget-fixture.ts";
import { startWebHarness, type WebHarness } from "../support/web-harness.ts";
import type { Browser, BrowserContext, Dialog, Page } from "playwright-core";

export const CHROMIUM = "/usr/bin/chromium";

/**
 * Skip only on a developer machine without Chromium. In CI (`CI` set) a missing
 * browser must fail the run, not silently skip it.
 */
export const SKIP_BROWSER = !existsSync(CHROMIUM) && !process.env.CI;

export const ARTIFACTS = new URL("../../test-artifacts/", import.meta.url).pathname;

export type LaunchedBrowser = { browser: Browser; close(): Promise<void> };

/**
 * Chromium with the flags from STACK_NOTES.md ("Browser tests") and a fresh profile:
 * playwright-core refuses an explicit `--user-data-dir` with `launch()` and always starts
 * the browser on a new temporary profile of its own (deleted on close), which is the
 * fresh --user-data-dir the notes ask for.
 */
export async function launchChromium(): Promise<LaunchedBrowser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install the Debian package "chromium" (apt-get install -y chromium)`);
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  return {
    browser,
    async close() {
      await browser.close().catch(() => {});
    },
  };
}

export type TestPage = {
  context: BrowserContext;
  page: Page;
  /** Console errors/warnings, page errors, CSP violations: must stay empty. */
  problems: string[];
  /** Every dialog (alert/confirm/prompt) the page opened: `type: message`. */
  dialogs: string[];
  /** Every request URL the page made. */
  requests: string[];
  /** Fails the test when anything in `problems` was recorded. */
  expectClean(): void;
  /** Writes test-artifacts/e2e-<name>.png (the full page unless `fullPage: false`). */
  screenshot(name: string, opts?: { fullPage?: boolean }): Promise<void>;
  close(): Promise<void>;
};

/** The window's size, and light or dark mode (prefers-color-scheme). */
type Viewport = { width?: number; height?: number; colorScheme?: "light" | "dark" };

/**
 * One Chromium per suite; the pages a test opened are closed after it, then `afterEachTest`
 * runs (a failing test leaves nothing running).
 */
function chromiumPerSuite(afterEachTest: () => Promise<void>) {
  let chromium: LaunchedBrowser | null = null;
  const pages: TestPage[] = [];
  beforeAll(async () => {
    chromium = await launchChromium();
  });
  afterAll(async () => {
    await chromium?.close();
  });
  afterEach(async () => {
    for (const tp of pages.splice(0)) await tp.close();
    await afterEachTest();
  });
  return {
    browser: (): Browser => chromium!.browser,
    async page(viewport: Viewport): Promise<TestPage> {
      const tp = await openPage(chromium!.browser, viewport);
      pages.push(tp);
      return tp;
    },
  };
}

/**
 * A browser suite whose tests each start their own harness: one Chromium per suite, and
 * after each test the page and the harness it opened are closed. Call it inside the
 * `describe`; `open(harness, viewport)` registers both.
 */
export function browserSuite<H extends { close(): Promise<void> }>() {
  let harness: H | null = null;
  const chromium = chromiumPerSuite(async () => {
    await harness?.close();
    harness = null;
  });
  return {
    browser: chromium.browser,
    async open(h: H, viewport: Viewport = {}) {
      harness = h;
      const tp = await chromium.page(viewport);
      return { h, tp, page: tp.page };
    },
  };
}

/**
 * A browser suite whose tests share one served app: `start` runs once before them and what
 * it returns is closed after them; each test's page is closed after it. Call it inside the
 * `describe`; `open(viewport)` gives a fresh page.
 */
export function sharedHarnessSuite(start: () => Promise<{ close(): Promise<void> }>) {
  let harness: { close(): Promise<void> } | null = null;
  const chromium = chromiumPerSuite(async () => {});
  beforeAll(async () => {
    harness = await start();
  });
  afterAll(async () => {
    await harness?.close();
  });
  return {
    browser: chromium.browser,
    async open(viewport: Viewport = {}) {
      const tp = await chromium.page(viewport);
      return { tp, page: tp.page };
    },
  };
}

/** sharedHarnessSuite on the one fixture (or its `options`: other rows) served by the web harness: `on.h` and `on.fx` once the suite has started. */
export function fixtureHarnessSuite(options: FixtureOptions = {}) {
  const on = {} as { h: WebHarness; fx: Fixture };
  const suite = sharedHarnessSuite(async () => {
    on.fx = createFixture(options);
    on.h = await startWebHarness({ dir: dirname(on.fx.path) });
    return {
      async close() {
        await on.h.close();
        on.fx.cleanup();
      },
    };
  });
  return { suite, on };
}

/**
 * A fresh context and page. Dialogs are recorded; `confirm` is accepted (the only
 * dialog the app itself opens is the delete confirmation), anything else dismissed.
 */
export async function openPage(browser: Browser, opts: Viewport = {}): Promise<TestPage> {
  const context = await browser.newContext({ viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 }, colorScheme: opts.colorScheme ?? "light" });
  const page = await context.newPage();
  const problems: string[] = [];
  const dialogs: string[] = [];
  const requests: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") problems.push(`console.${m.type()}: ${m.text()} (${m.location().url})`);
  });
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  page.on("request", (r) => requests.push(r.url()));
  page.on("dialog", (d: Dialog) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    void (d.type() === "confirm" ? d.accept() : d.dismiss()).catch(() => {});
  });
  // CSP violations, reported from every document the page loads (navigations included).
  await page.exposeBinding("__reportCsp", (_src, v: string) => void problems.push(`csp: ${v}`));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __reportCsp(v: string): void }).__reportCsp(`${e.effectiveDirective} ${e.blockedURI} ${e.sample}`);
    });
  });
  return {
    context,
    page,
    problems,
    dialogs,
    requests,
    expectClean() {
      expect(problems).toEqual([]);
    },
    async screenshot(name: string, opts: { fullPage?: boolean } = {}) {
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: join(ARTIFACTS, `e2e-${name}.png`), fullPage: opts.fullPage ?? true });
    },
    async close() {
      await context.close().catch(() => {});
    },
  };
}

/** Types a question into #message and sends it with Enter (as a user does). */
export async function ask(page: Page, question: string): Promise<void> {
  await page.waitForFunction(() => {
    const t = document.getElementById("message") as HTMLTextAreaElement | null;
    return !!t && !t.disabled;
  });
  await page.fill("#message", question);
  await page.press("#message", "Enter");
}

/** The `n`-th (0-based) assistant article's turn id, once it exists. */
export async function turnId(page: Page, n = 0): Promise<string> {
  const sel = `article.msg.assistant >> nth=${n}`;
  await page.waitForSelector(sel, { state: "attached" });
  return (await page.getAttribute(sel, "data-turn"))!;
}

/** Waits until the turn's article has this data-status. */
export async function waitForStatus(page: Page, id: string, status: string, timeout = 20_000): Promise<void> {
  await page.waitForSelector(`article.msg.assistant[data-turn="${id}"][data-status="${status}"]`, { state: "attached", timeout });
}

/** Whitespace-collapsed text (innerText of markdown paragraphs varies in newlines only). */
export function squash(s: string): string {
  return s.replace(/\s+/g, " ").trim();
}

/**
 * Records the innerText of every assistant `.text` zone whenever #messages changes
 * (MutationObserver on the page). Read the snapshots with `textSnapshots`.
 */
export async function recordTextSnapshots(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __snaps: Record<string, string[]> };
    w.__snaps = {};
    const take = () => {
      document.querySelectorAll<HTMLElement>("article.msg.assistant").forEach((a) => {
        const blocks = [...a.querySelectorAll<HTMLElement>(".answer > .tb")];
        if (!blocks.length) return;
        const id = a.getAttribute("data-turn")!;
        const list = (w.__snaps[id] ??= []);
        const t = blocks.map((b) => b.innerText).join("\n");
        if (list[list.length - 1] !== t) list.push(t);
      });
    };
    new MutationObserver(take).observe(document.getElementById("messages")!, { childList: true, subtree: true, characterData: true });
  });
}

export async function textSnapshots(page: Page, id: string): Promise<string[]> {
  return page.evaluate((id) => (window as unknown as { __snaps: Record<string, string[]> }).__snaps[id] ?? [], id);
}

/** Width and height of each drawn chart's SVG in a turn, in DOM order, with the figure's type class. */
export async function chartBoxes(page: Page, id: string): Promise<{ type: string; ready: string | null; w: number; h: number }[]> {
  return page.evaluate((id) => {
    const a = document.querySelector(`article.msg.assistant[data-turn="${id}"]`)!;
    return [...a.querySelectorAll<HTMLElement>(".answer figure.chart")].map((f) => {
      const svg = f.querySelector("svg");
      const r = svg?.getBoundingClientRect();
      return {
        type: [...f.classList].find((c) => c.startsWith("chart-"))!.slice(6),
        ready: f.getAttribute("data-ready"),
        w: Math.round(r?.width ?? 0),
        h: Math.round(r?.height ?? 0),
      };
    });
  }, id);
}

/**
 * The answer's text: its text blocks' innerText, joined (issue 15: the blocks sit in the
 * order they happened, between tool lines and charts, not in one text zone).
 */
export async function answerText(page: Page, id: string): Promise<string> {
  return page.evaluate((id) => [...document.querySelectorAll<HTMLElement>(`#answer-${id} > .tb`)].map((b) => b.innerText).join("\n"), id);
}

/** A long plain sentence list (no markdown), `n` sentences, each unique. */
export function longText(n: number, tag = "S"): string {
  return Array.from({ length: n }, (_, i) => `${tag}${i + 1} is sentence number ${i + 1}.`).join(" ");
}

const AXE_SOURCE = Bun.file(join(import.meta.dir, "..", "..", "node_modules/axe-core/axe.min.js")).text();

/**
 * axe-core in the page (through DevTools: the CSP refuses a <script>): every violation, whatever its impact
 * (issue 36: 0 violations), as "impact rule: targets".
 */
export async function axe(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(await AXE_SOURCE);
  return page.evaluate(async () => {
    type Result = { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
    const r = await (window as unknown as { axe: { run(o: unknown): Promise<Result> } }).axe.run({ resultTypes: ["violations"] });
    return r.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  });
}
