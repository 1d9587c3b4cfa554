/**
 * Issue 15 flows that no other browser test covers, in headless Chromium against the real
 * app: replacing answers (Regenerate, edit the last question, Copy: item 8), a server
 * that goes away mid-answer and comes back (item 9, with `serve` as a child process that
 * is killed and restarted on the same port), logging out and a login link that is not
 * valid (item 11), the conversation list (item 12), the demo banner and follow-up
 * questions (item 13), a failed tool's short line and "Show all" (item 14).
 * Skipped only when /usr/bin/chromium is missing outside CI.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BudgetDb } from "../../src/ledger/reader.ts";
import { formatCount, formatDate } from "../../src/core/format.ts";
import { listTransactions } from "../../src/tools/list_transactions.ts";
import { monthlyTrend } from "../../src/tools/monthly_trend.ts";
import { spendingByCategory } from "../../src/tools/spending_by_category.ts";
import { INVALID_LINK_MESSAGE } from "../../src/web/middleware/auth/index.ts";
import { startFakeAnthropic, type FakeAnthropic, type FakeReply } from "../support/fake-anthropic.ts";
import { waitFor, waitForOutput } from "../support/wait.ts";
import { startWebHarness, type WebHarness } from "../support/web-harness.ts";
import { browserSuite, answerText, ask, axe, longText, openPage, SKIP_BROWSER, squash, turnId, waitForStatus } from "./browser-helpers.ts";

const ROOT = join(import.meta.dir, "..", "..");
const text = (t: string, chunkDelayMs = 2): FakeReply => ({ kind: "message", content: [{ type: "text", text: t }], chunkDelayMs });
const userTexts = (messages: { role: string; content: string | { type: string; text?: string }[] }[]) =>
  messages.filter((m) => m.role === "user").map((m) => (typeof m.content === "string" ? m.content : m.content.flatMap((b) => (b.type === "text" ? [b.text!] : [])).join("")));

function freePort(): number {
  const s = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
  const port = s.port!;
  s.stop(true);
  return port;
}

/**
 * `budget-chat serve` as its own process in `dir` (no budget database configured: the
 * built-in demo data, as a newcomer gets it), talking to the fake Messages API.
 */
async function serveChild(dir: string, port: number, fake: FakeAnthropic) {
  // Run from `dir`: Bun looks for tsconfig.json (the JSX settings) in the working directory, so name it.
  const args = [`--tsconfig-override=${join(ROOT, "tsconfig.json")}`, join(ROOT, "src/main.ts"), "serve", "--bind", `127.0.0.1:${port}`];
  const proc = Bun.spawn([process.execPath, ...args], {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: dir,
      ANTHROPIC_API_KEY: "sk-ant-test-ux",
      ANTHROPIC_BASE_URL: fake.url,
      ANTHROPIC_MODEL: "claude-test",
      CHAT_DATABASE_URL: join(dir, "chat.db"),
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  try {
    await waitForOutput(proc.stdout as ReadableStream<Uint8Array>, "listening on", 30_000);
  } catch (e) {
    proc.kill("SIGKILL");
    throw e;
  }
  // Keep draining the pipes so the server never blocks on a full one.
  for (const out of [proc.stdout, proc.stderr] as ReadableStream<Uint8Array>[]) {
    const reader = out.getReader();
    void (async () => {
      while (!(await reader.read()).done);
    })();
  }
  return proc;
}

/** The text of a turn as the server stored it (chat.db, read-only). */
function storedText(dir: string, turn: string): string {
  const db = new Database(join(dir, "chat.db"), { readonly: true });
  try {
    const rows = db.query("SELECT event FROM turn_events WHERE turn_id = ? ORDER BY seq").all(turn) as { event: string }[];
    return rows.map((r) => JSON.parse(r.event)).flatMap((e) => (e.type === "text" ? [e.text as string] : [])).join("");
  } finally {
    db.close();
  }
}

describe.skipIf(SKIP_BROWSER)("issue 15 flows in headless Chromium", () => {
  const suite = browserSuite<WebHarness>();
  // What a test opened besides its page and harness (a second server, a second browser context).
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  async function setup() {
    return suite.open(await startWebHarness());
  }

  /** A child `serve` with its own directory and fake API, cleaned up after the test. */
  async function childSetup() {
    const fake = await startFakeAnthropic();
    const dir = mkdtempSync(join(tmpdir(), "bc-ux-"));
    const port = freePort();
    const procs = new Set<ReturnType<typeof Bun.spawn>>();
    cleanups.push(async () => {
      for (const p of procs) {
        p.kill("SIGKILL");
        await p.exited;
      }
      await fake.stop();
      rmSync(dir, { recursive: true, force: true });
    });
    const start = async () => {
      const p = await serveChild(dir, port, fake);
      procs.add(p);
      return p;
    };
    const first = await start();
    const tp = await openPage(suite.browser());
    cleanups.push(() => tp.close());
    return { fake, dir, url: `http://127.0.0.1:${port}`, first, start, procs, tp, page: tp.page };
  }

  test("item 8: Regenerate replaces the last answer; the last question can be edited and resent; Copy copies the answer", async () => {
    const { h, tp, page } = await setup();
    await tp.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: h.url });
    const q = "What did I spend on groceries in 2025?";
    h.fake.enqueue(text("First answer: CHF 5'234.50."), text("Second answer.\n\nIt is **CHF 5'234.50** in total."));
    await page.goto(`${h.url}/`);
    await ask(page, q);
    const first = await turnId(page);
    await waitForStatus(page, first, "done");

    await page.click(`#turn-${first} button.regenerate`);
    await page.waitForSelector(`#turn-${first}`, { state: "detached" });
    const second = await turnId(page);
    expect(second).not.toBe(first);
    await waitForStatus(page, second, "done");
    expect(await page.locator(".msg.user .bubble").allTextContents()).toEqual([q]);
    expect(await page.locator("article.msg.assistant").count()).toBe(1);
    expect(squash(await answerText(page, second))).toBe("Second answer. It is CHF 5'234.50 in total.");
    // The model saw the question once, not the replaced answer.
    expect(userTexts(h.fake.requests[1]!.body.messages!)).toEqual([q]);

    // Copy: the answer's text (paragraphs kept) lands on the clipboard; the button says so.
    await page.click(`#turn-${second} button.copy-answer`);
    await page.waitForFunction((id) => document.querySelector(`#turn-${id} button.copy-answer`)?.textContent === "Copied", second);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("Second answer.\n\nIt is CHF 5'234.50 in total.");

    // Edit the last question: the composer gets it, sending replaces question and answer.
    h.fake.enqueue(text("Dining: CHF 1'260.00."));
    await page.click(`#q-${second} button.edit-question`);
    expect(await page.inputValue("#message")).toBe(q);
    expect(await page.isVisible("#editing")).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("message");
    await page.fill("#message", "What did I spend on dining in 2025?");
    await page.press("#message", "Enter");
    await page.waitForSelector(`#q-${second}`, { state: "detached" });
    await page.waitForSelector(`#turn-${second}`, { state: "detached" });
    const edited = await turnId(page);
    await waitForStatus(page, edited, "done");
    const shows = async () => ({
      questions: await page.locator(".msg.user .bubble").allTextContents(),
      answers: (await page.locator("article.msg.assistant .answer").allInnerTexts()).map(squash),
    });
    const expected = { questions: ["What did I spend on dining in 2025?"], answers: ["Dining: CHF 1'260.00."] };
    expect(await shows()).toEqual(expected);
    expect(await page.isHidden("#editing")).toBe(true);
    expect(userTexts(h.fake.requests[2]!.body.messages!)).toEqual(["What did I spend on dining in 2025?"]);
    await page.reload();
    await waitForStatus(page, edited, "done");
    expect(await shows()).toEqual(expected);
    await tp.screenshot("ux-replace-edit-copy");
    tp.expectClean();
  });

  test("item 9: the server dies mid-answer: the page says so, Stop is not ignored; after a restart the streamed text shows with Retry", async () => {
    const { fake, dir, url, first, start, procs, tp, page } = await childSetup();
    const full = longText(80, "Lost");
    fake.enqueue(text(full, 60));
    await page.goto(`${url}/`);
    await ask(page, "Tell me about 2025, slowly");
    const id = await turnId(page);
    await page.waitForFunction((id) => (document.getElementById(`answer-${id}`)?.textContent ?? "").includes("Lost3 is"), id);
    // The server stores streamed text as it sends it: wait until what the page shows is stored, then kill it.
    const shown = squash(await answerText(page, id));
    await waitFor(() => squash(storedText(dir, id)).startsWith(shown), { timeoutMs: 10_000, everyMs: 100, what: "the shown text to be stored" });
    await page.evaluate(() => {
      const w = window as unknown as { __bar: string[] };
      w.__bar = [];
      new MutationObserver(() => {
        const t = document.getElementById("connection")?.textContent ?? "";
        if (w.__bar.at(-1) !== t) w.__bar.push(t);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    first.kill("SIGKILL");
    await first.exited;
    procs.delete(first);

    // Said at once, as an alert above the composer; what was shown stays; the composer stays usable.
    await page.waitForSelector("#connection");
    expect(await page.textContent("#connection")).toBe("Connection lost: reconnecting… What was already shown stays.");
    expect(await page.getAttribute("#connection", "role")).toBe("alert");
    expect(squash(await answerText(page, id)).startsWith(shown)).toBe(true);
    expect(await page.isEnabled("#message")).toBe(true);
    // Nothing can arrive: no spinner pretends otherwise.
    expect(await page.locator(`#turn-${id} .spinner`).count()).toBe(1);
    expect(await page.isHidden(`#turn-${id} .spinner`)).toBe(true);
    // Stop cannot reach the server: the page says so and Stop stays usable (not silently swallowed).
    await page.click("#stop-button");
    await page.waitForFunction(() =>
      (window as unknown as { __bar: string[] }).__bar.includes("Could not stop the answer: the server is not reachable. Try again when it is back."),
    );
    await page.waitForFunction(() => !(document.getElementById("stop-button") as HTMLButtonElement).disabled);
    expect(await page.isVisible("#stop-button")).toBe(true);

    // The server comes back (start-up recovery closes the answer): the page reconnects by itself.
    await start();
    await page.waitForSelector(`#turn-${id}:not([data-status="running"])`, { state: "attached", timeout: 45_000 });
    await page.waitForSelector("#connection", { state: "detached" });
    const kept = squash(await answerText(page, id));
    expect(kept).toBe(squash(storedText(dir, id)));
    expect(kept.startsWith(shown)).toBe(true);
    expect(full.startsWith(kept)).toBe(true);
    expect(kept.length).toBeLessThan(full.length);
    expect(await page.textContent(`#notices-${id} .error-message`)).toBe("This answer was interrupted: the server stopped before it finished.");
    // The same status as a page load shows (the stored one), and it is announced as such.
    expect(await page.getAttribute(`#turn-${id}`, "data-status")).toBe("interrupted");
    expect(await page.textContent("#announcer")).toBe("The answer was interrupted.");
    expect(await page.isHidden("#stop-button")).toBe(true);
    expect(await page.locator(`#turn-${id} .spinner`).count()).toBe(0);

    fake.enqueue(text("Here is the whole answer again."));
    await page.click(`#notices-${id} button.retry`);
    await page.waitForSelector(`#turn-${id}`, { state: "detached" });
    const retried = await turnId(page);
    await waitForStatus(page, retried, "done");
    expect(squash(await answerText(page, retried))).toBe("Here is the whole answer again.");
    expect(await page.locator(".msg.user .bubble").allTextContents()).toEqual(["Tell me about 2025, slowly"]);
    await tp.screenshot("ux-lost-connection");
    // Chromium logs the requests that found no server, htmx the broken stream (or a reconnect that found no server,
    // depending on when it tried); nothing else may appear.
    expect(tp.problems.filter((p) => !/net::ERR_(CONNECTION_REFUSED|CONNECTION_RESET|EMPTY_RESPONSE|INCOMPLETE_CHUNKED_ENCODING)|htmx:sse:error: (network error|Failed to fetch)/.test(p))).toEqual([]);
  }, 120_000);

  test("item 11: with users, Log out ends the session; a login link that is not valid shows the sign-in page in the app's layout", async () => {
    const { h, tp, page } = await setup();
    const { loginToken } = h.store.users.add("erin");
    await page.goto(`${h.url}/login?token=${encodeURIComponent(loginToken)}`);
    expect(new URL(page.url()).pathname).toBe("/");
    expect(await page.textContent(".app-nav .user-name")).toBe("erin");
    const logout = page.locator(".app-nav form.logout-form button", { hasText: "Log out" });
    expect(await logout.isVisible()).toBe(true);
    await logout.click();
    await page.waitForSelector("body.page-login");
    expect(await page.textContent("h1")).toBe("Sign in");
    expect((await tp.context.cookies()).map((c) => c.name)).not.toContain("bc_session");
    // The next page load still asks to sign in: the session is gone, not just the page.
    const again = await page.goto(`${h.url}/`);
    expect(again!.status()).toBe(401);
    expect(await page.textContent("h1")).toBe("Sign in");
    expect(await page.textContent("main")).toContain("budget-chat users link NAME");

    const bad = await page.goto(`${h.url}/login?token=not-a-valid-token`);
    expect(bad!.status()).toBe(401);
    expect(await page.getAttribute("html", "lang")).toBe("en");
    expect(await page.title()).toBe("Sign-in link not valid · budget-chat");
    expect(await page.textContent("h1")).toBe("Sign-in link not valid");
    expect(await page.textContent(".notice-error")).toBe(INVALID_LINK_MESSAGE);
    // The advice is given once (issue 36), naming the way without a terminal first.
    const main = await page.innerText("main");
    expect(main.split("budget-chat users link NAME").length - 1).toBe(1);
    expect(main.split("Settings → Sign in on another device").length - 1).toBe(1);
    expect(await page.locator('link[rel="stylesheet"]').evaluateAll((ls) => ls.map((l) => new URL((l as HTMLLinkElement).href).pathname))).toEqual([
      "/assets/app.css",
      "/assets/figures.css",
      "/assets/pages.css",
    ]);
    expect(await axe(page)).toEqual([]);
    await tp.screenshot("ux-login-invalid");
    // Chromium logs the 401 responses; nothing else may appear.
    expect(tp.problems.filter((p) => !/status of 401/.test(p))).toEqual([]);
  });

  test("item 12: dates on entries, search with 'No conversation matches.', Escape closes the menu, the tab title follows the conversation", async () => {
    const { h, tp, page } = await setup();
    const q1 = "How much did I spend on groceries in 2025?";
    const q2 = "What about dining out?";
    h.fake.enqueue(text("CHF 5'234.50."), text("CHF 1'260.00."));
    await page.goto(`${h.url}/`);
    expect(await page.title()).toBe("New chat · budget-chat");
    await ask(page, q1);
    await waitForStatus(page, await turnId(page), "done");
    await page.waitForFunction((t) => document.title === t, `${q1} · budget-chat`);
    await page.click("a.new-chat");
    await page.waitForURL(`${h.url}/`);
    expect(await page.title()).toBe("New chat · budget-chat");
    await ask(page, q2);
    await waitForStatus(page, await turnId(page), "done");
    await page.waitForFunction((t) => document.title === t, `${q2} · budget-chat`);

    // The groceries conversation last changed in March 2025 (written with a connection of our own).
    const [dining, groceries] = h.store.conversations.list("local");
    expect([dining!.title, groceries!.title]).toEqual([q2, q1]);
    h.store.db.query("UPDATE conversations SET updated_at = ? WHERE id = ?").run("2025-03-14T10:00:00.000Z", groceries!.id);
    await page.reload();
    const dates = await page.locator("#conversation-list li.conv").evaluateAll((lis) =>
      lis.map((li) => ({ title: li.querySelector(".conv-title")!.textContent, datetime: li.querySelector("time")!.getAttribute("datetime"), shown: li.querySelector("time")!.textContent })),
    );
    expect(dates.map((d) => [d.title, d.datetime])).toEqual([
      [q2, dining!.updatedAt],
      [q1, "2025-03-14T10:00:00.000Z"],
    ]);
    // Today's entry shows its time; an older one its date with the year (local format, not the raw ISO day).
    expect(dates[0]!.shown).toMatch(/\d{1,2}[:.]\d{2}/);
    expect(dates[1]!.shown).toContain("2025");
    expect(dates[1]!.shown).toContain("14");
    expect(dates[1]!.shown).not.toBe("2025-03-14");

    const visible = () => page.locator("#conversation-list li.conv:visible .conv-title").allTextContents();
    // The server answers the search with the list of matches: wait until it has replaced the list.
    const search = async (q: string, titles: string[]) => {
      await page.fill("#conv-search", q);
      await page.waitForFunction((n) => document.querySelectorAll("#conversation-list li.conv").length === n, titles.length);
    };
    await search("GROCER", [q1]);
    expect(await visible()).toEqual([q1]);
    expect(await page.locator("#conv-none").count()).toBe(0);
    await search("holidays", []);
    expect(await visible()).toEqual([]);
    expect(await page.textContent("#conv-none")).toBe("No conversation matches.");
    expect(await page.isVisible("#conv-none")).toBe(true);
    expect(await axe(page)).toEqual([]);
    await tp.screenshot("ux-search-none");
    await search("", [q2, q1]);
    expect(await visible()).toEqual([q2, q1]);
    expect(await page.locator("#conv-none").count()).toBe(0);

    // The open conversation's menu closes on Escape, and the focus goes back to its button.
    await page.click("#conversation-list details.conv-menu > summary");
    expect(await page.getAttribute("#conversation-list details.conv-menu", "open")).toBe("");
    await page.keyboard.press("Escape");
    expect(await page.getAttribute("#conversation-list details.conv-menu", "open")).toBeNull();
    expect(await page.evaluate(() => document.activeElement?.matches("details.conv-menu > summary"))).toBe(true);

    // Opening the other conversation: the tab title follows.
    await page.click(`#conversation-list a.conv-link[href="/conversations/${groceries!.id}"]`);
    await page.waitForURL(`${h.url}/conversations/${groceries!.id}`);
    expect(await page.title()).toBe(`${q1} · budget-chat`);
    tp.expectClean();
  });

  test("item 13: demo data says so with its dates; the composer has the focus; follow-up questions come from the tool result and ask", async () => {
    const { fake, dir, url, tp, page } = await childSetup();
    const demo = BudgetDb.open(join(dir, "data", "demo-budget.db"));
    cleanups.push(() => demo.close());
    const s = demo.summary();
    const chart = spendingByCategory.run(demo, spendingByCategory.schema().parse({ year: 2025 })).charts[0]!;
    // The follow-ups name the category with the largest amount.
    const sizes = chart.data.datasets[0]!.values.map(Math.abs);
    const top = chart.data.labels[sizes.indexOf(Math.max(...sizes))]!;
    fake.enqueue(
      { kind: "message", content: [{ type: "text", text: "Let me look." }, { type: "tool_use", name: "spending_by_category", input: { year: 2025 } }], chunkDelayMs: 2 },
      text("Housing leads."),
      text("Here are the merchants."),
    );
    await page.goto(`${url}/`);
    expect(squash(await page.innerText("#demo-banner p"))).toBe(
      `Demo data: ${formatCount(s.transactionCount)} made-up transactions from ${formatDate(s.firstDate!)} to ${formatDate(s.lastDate!)}. Import your bank statements (or point budget-chat at your own budget.db) to see yours.`,
    );
    expect(s.firstDate).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("message");

    await ask(page, "Where does my money go in 2025?");
    const id = await turnId(page);
    await waitForStatus(page, id, "done");
    const followUps = page.locator(`#turn-${id} .follow-ups button.follow-up`);
    expect(await followUps.allTextContents()).toEqual([
      `Which merchants do I spend most at for ${top} in 2025?`,
      `How did my ${top} spending develop month by month in 2025?`,
    ]);
    expect(fake.requests.length).toBe(2); // computed from the tool result: no model call for them
    expect(await axe(page)).toEqual([]);
    await followUps.first().click();
    const next = await turnId(page, 1);
    await waitForStatus(page, next, "done");
    expect(await page.locator(".msg.user .bubble").allTextContents()).toEqual(["Where does my money go in 2025?", `Which merchants do I spend most at for ${top} in 2025?`]);
    expect(userTexts(fake.requests[2]!.body.messages!).at(-1)).toBe(`Which merchants do I spend most at for ${top} in 2025?`);
    await tp.screenshot("ux-demo-follow-ups");
    tp.expectClean();
  });

  test("item 14: a failed tool is one short line with its error behind 'why'; 'Show all N' fetches the rest of a table", async () => {
    const { h, tp, page } = await setup();
    const bad = { category: "Spaceships", year: 2025 };
    let error = "";
    try {
      monthlyTrend.run(h.budget, monthlyTrend.schema().parse(bad));
    } catch (e) {
      error = (e as Error).message;
    }
    expect(error).toStartWith('Unknown category "Spaceships". Valid categories: ');
    const listInput = { search: "Migros", year: 2025, limit: 5 };
    const all = listTransactions.run(h.budget, listTransactions.schema().parse({ ...listInput, limit: 500 })).tables![0]!;
    expect(all.rows.length).toBeGreaterThan(5);
    expect(all.rows.length).toBeLessThanOrEqual(500);
    h.fake.enqueue(
      {
        kind: "message",
        content: [
          { type: "tool_use", name: "monthly_trend", input: bad },
          { type: "tool_use", name: "list_transactions", input: listInput },
        ],
        chunkDelayMs: 2,
      },
      text("There is no such category. Here are your Migros purchases."),
    );
    await page.goto(`${h.url}/`);
    await ask(page, "Spaceship spending and Migros purchases in 2025");
    const id = await turnId(page);
    await waitForStatus(page, id, "done");

    const failed = page.locator(`#answer-${id} > .tool[data-state="failed"]`);
    expect(await failed.count()).toBe(1);
    expect(await failed.locator(".tool-label").textContent()).toBe("Computing the monthly trend — did not work");
    expect(squash(await failed.innerText())).toBe("✗ Computing the monthly trend — did not work why");
    expect(await failed.locator(".tool-error").isVisible()).toBe(false);
    await failed.locator("summary", { hasText: "why" }).click();
    expect(await failed.locator(".tool-error").isVisible()).toBe(true);
    expect(await failed.locator(".tool-error").innerText()).toBe(error);
    expect(await axe(page)).toEqual([]);
    await tp.screenshot("ux-tool-failed-why");

    const table = page.locator(`#answer-${id} figure.data-table`);
    expect(await table.locator("tbody tr").count()).toBe(5);
    expect(await table.locator(".row-count").innerText()).toBe(`Showing 5 of ${formatCount(all.rows.length)}`);
    const showAll = table.locator("button.show-all");
    expect(await showAll.textContent()).toBe(`Show all ${formatCount(all.rows.length)}`);
    await showAll.click();
    await page.waitForFunction((id) => document.querySelectorAll(`#answer-${id} figure.data-table tbody tr`).length > 5, id);
    expect(await table.locator("tbody tr").count()).toBe(all.rows.length);
    expect(await table.locator("figcaption").innerText()).toBe(`${all.title}\n${formatCount(all.rows.length)} rows`);
    expect(await table.locator("button.show-all").count()).toBe(0);
    expect(await table.locator("tbody tr >> nth=0 >> td >> nth=0").textContent()).toBe(formatDate(String(all.rows[0]![0])));
    tp.expectClean();
  });
});
