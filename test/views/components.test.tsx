import { describe, expect, test } from "bun:test";
import { type AgentEvent } from "../../src/core/events.ts";
import { ApprovalCard } from "../../views/ApprovalCard.tsx";
import { DeletedToast } from "../../views/DeletedToast.tsx";
import { DemoBanner } from "../../views/DemoBanner.tsx";
import { formatClock } from "../../src/core/format.ts";
import { AssistantMessage } from "../../views/AssistantMessage.tsx";
import { ChartFigure } from "../../views/ChartFigure.tsx";
import { ChatForm } from "../../views/ChatForm.tsx";
import { ChatPage } from "../../views/ChatPage.tsx";
import { ConversationList } from "../../views/ConversationList.tsx";
import { DataTable } from "../../views/DataTable.tsx";
import { ErrorNotice } from "../../views/ErrorNotice.tsx";
import { renderPage } from "../../views/Layout.tsx";
import { LoginPage } from "../../views/LoginPage.tsx";
import { MemoriesPage } from "../../views/MemoriesPage.tsx";
import { STARTER_QUESTIONS, StarterQuestions } from "../../views/StarterQuestions.tsx";
import { UserMessage } from "../../views/UserMessage.tsx";
import { countOf, EVIL, EVIL_ESCAPED, expectInert, html, startTags } from "./helpers.ts";

const usage = { input_tokens: 1200, output_tokens: 80, cache_creation_input_tokens: 10, cache_read_input_tokens: 3400 };

describe("Layout / pages", () => {
  test("full page: doctype, color-scheme, assets in order, no inline script or style", async () => {
    const page = await renderPage(LoginPage({}));
    expect(page.startsWith("<!doctype html><html lang=\"en\">")).toBe(true);
    expect(page).toContain('<meta name="color-scheme" content="light dark"/>');
    const styles = [...page.matchAll(/<link rel="stylesheet" href="([^"]+)"\/>/g)].map((m) => m[1]);
    expect(styles).toEqual(["/assets/app.css", "/assets/figures.css", "/assets/pages.css"]);
    const scripts = [...page.matchAll(/<script defer="" src="([^"]+)"><\/script>/g)].map((m) => m[1]);
    expect(scripts).toEqual([
      "/assets/htmx.min.js", "/assets/hx-sse.min.js", "/assets/frappe-charts.min.umd.js", "/assets/page.js", "/assets/figures.js", "/assets/app.js",
    ]);
    expect(countOf(page, "<script")).toBe(6);
    expectInert(page, { allowScriptSrc: true });
  });

  test("asset URLs come from the caller (cache-busting hashes)", async () => {
    const page = await renderPage(LoginPage({ asset: (n) => `/assets/${n}?v=abc` }));
    expect(page).toContain('src="/assets/app.js?v=abc"');
    expect(page).toContain('href="/assets/app.css?v=abc"');
  });

  test("login page shows an error as text", async () => {
    const page = await renderPage(LoginPage({ error: `Link expired ${EVIL}` }));
    expect(page).toContain(`Link expired ${EVIL_ESCAPED}`);
    expect(page).toContain('role="alert"');
    expectInert(page, { allowScriptSrc: true });
  });

  test("memories page: search box, delete forms, escaped content", async () => {
    const page = await renderPage(
      MemoriesPage({ memories: [{ id: "m1", content: `Prefers ${EVIL}`, createdAt: "2025-03-01T10:00:00Z" }], query: `q"><script>` }),
    );
    expect(page).toContain('<form method="get" action="/memories" class="search-form" role="search">');
    expect(page).toContain('name="q" value="q&quot;&gt;&lt;script&gt;"');
    expect(page).toContain(`Prefers ${EVIL_ESCAPED}`);
    expect(page).toContain('action="/memories/m1/delete"');
    expect(page).toContain('data-confirm="Delete this memory?"');
    expectInert(page, { allowScriptSrc: true });
    const empty = await renderPage(MemoriesPage({ memories: [], query: "" }));
    expect(empty).toContain("No memories yet.");
  });
});

describe("ChatPage", () => {
  const conversations = [
    { id: "c1", title: `Groceries ${EVIL}` },
    { id: "c2", title: "Dining" },
  ];

  test("empty chat: sidebar, starters, form posting to /chat", async () => {
    const page = await renderPage(ChatPage({ maxMessageBytes: 8192, conversations, conversation: null, turns: [], currency: "CHF" }));
    // Issue 15: the transcript is a focusable log; one polite announcement per finished answer goes to #announcer.
    expect(page).toContain('<div id="messages" class="messages" role="log" tabindex="0" aria-label="Conversation">');
    expect(page).toContain('<div class="sr-only" id="announcer" aria-live="polite" aria-atomic="true"></div>');
    expect(page).toContain('id="starters"');
    for (const q of STARTER_QUESTIONS) expect(page).toContain(`data-question="${q}"`);
    expect(page).toContain('<form id="chat-form" class="chat-form" hx-post="/chat" hx-target="#messages" hx-swap="beforeend">');
    expect(page).toContain('href="/memories"');
    expect(page).toContain('href="/"');
    expect(page).not.toContain("export.md");
    expect(page).toContain(`Groceries ${EVIL_ESCAPED}`);
    expectInert(page, { allowScriptSrc: true });
  });

  test("a conversation: past turns render fully, export link, active item", async () => {
    const events: AgentEvent[] = [
      { type: "turn_started", conversationId: "c1", turnId: "t1" },
      { type: "text", text: "You spent **CHF 5.00**." },
      { type: "done", conversationId: "c1", turnId: "t1", incomplete: false, usage },
    ];
    const page = await renderPage(
      ChatPage({
        maxMessageBytes: 8192,
        conversations,
        conversation: { id: "c1", title: "Groceries" },
        turns: [{ id: "t1", question: `What ${EVIL}?`, status: "done", events, usage }],
        currency: "CHF",
      }),
    );
    expect(page).toContain('hx-post="/conversations/c1/messages"');
    expect(page).toContain('href="/conversations/c1/export.md"');
    expect(page).toContain('aria-current="page"');
    expect(page).toContain(`What ${EVIL_ESCAPED}?`);
    expect(page).toContain("<strong>CHF 5.00</strong>");
    expect(page).not.toContain('id="starters"');
    expect(page).not.toContain("hx-sse:connect");
    expectInert(page, { allowScriptSrc: true });
  });

  test("conversation list: rename and delete forms", () => {
    // Issue 15 (fewer Tab stops): only the open conversation carries the rename/delete menu.
    const out = html(ConversationList({ conversations, activeId: "c1" }));
    expect(out).toContain('<a class="conv-link" href="/conversations/c1"');
    expect(out).toContain('<form method="post" action="/conversations/c1/rename" class="rename-form">');
    expect(out).toContain('name="title"');
    // A delete asks nothing: the next page offers Undo (DeletedToast).
    expect(out).toContain('<form method="post" action="/conversations/c1/delete" class="delete-form">');
    expect(out).not.toContain("data-confirm");
    expect(countOf(out, "<details")).toBe(1);
    expect(countOf(out, 'aria-current="page"')).toBe(1);
    expectInert(out);
    expect(out.startsWith('<nav class="conversations" id="conversation-list" aria-label="Conversations">')).toBe(true);
    expect(html(ConversationList({ conversations: [] }))).toContain("No conversations yet.");
  });

  test("conversation list: grouped under Today / Yesterday / Previous 7 days / Older, in order; a pending decision is marked", () => {
    const out = html(
      ConversationList({
        conversations: [
          { id: "a", title: "A", group: "Today", pending: true },
          { id: "b", title: "B", group: "Today" },
          { id: "c", title: "C", group: "Yesterday" },
          { id: "d", title: "D", group: "Older" },
        ],
      }),
    );
    expect([...out.matchAll(/<h2 class="conv-group-title">([^<]+)<\/h2>/g)].map((m) => m[1])).toEqual(["Today", "Yesterday", "Older"]);
    expect([...out.matchAll(/<span class="conv-title">([^<]+)<\/span>/g)].map((m) => m[1])).toEqual(["A", "B", "C", "D"]);
    expect(countOf(out, 'class="conv-pending"')).toBe(1);
    expect(out).toContain('<span class="conv-title">A</span><span class="conv-pending" title="Waiting for your decision"><span aria-hidden="true">●</span><span class="sr-only">(waiting for your decision)</span></span>');
  });

  test("deleted toast: Undo posts to restore; the title is text", () => {
    const out = html(DeletedToast({ conversation: { id: "c 1", title: `Groceries ${EVIL}` } }));
    expect(out).toBe(
      `<div class="toast toast-inline" id="undo-toast" role="status" data-timeout="8000"><span>Deleted “Groceries ${EVIL_ESCAPED}”.</span><form method="post" action="/conversations/c%201/restore"><button type="submit" class="primary">Undo</button></form></div>`,
    );
  });

  test("demo banner: dismissable, the whole text in its title for the one-line phone layout", () => {
    const out = html(DemoBanner({ demo: { firstDate: "2023-11-01", lastDate: "2026-10-31", transactions: 7300 } }));
    expect(out).toContain('title="Demo data: 7&#39;300 made-up transactions from 1 Nov 2023 to 31 Oct 2026. Import your bank statements (or point budget-chat at your own budget.db) to see yours."');
    expect(out).toContain('<a href="/import">Import your bank statements</a>');
    expect(out).toContain('<button type="button" class="demo-dismiss quiet" aria-label="Dismiss the demo data note">×</button>');
  });

  test("chat form: textarea limits and labels, Send and Stop", () => {
    const out = html(ChatForm({ conversationId: "c 1", maxBytes: 8192 }));
    expect(out).toContain('hx-post="/conversations/c%201/messages"');
    // The limit comes from WebLimits.maxMessageBytes (passed in), not a second constant; the label is the <label>.
    expect(out).toMatch(/<textarea id="message" name="message" rows="2" maxlength="8192" required=""/);
    expect(out).toContain('<label for="message" class="sr-only">');
    expect(out).toContain('<button type="submit" id="send-button" class="primary">');
    expect(out).toContain('<button type="button" id="stop-button" class="stop" hidden="">');
    expectInert(out);
  });

  test("starter questions are buttons, not forms", () => {
    const out = html(StarterQuestions({}));
    expect(countOf(out, '<button type="button" class="starter"')).toBe(4);
  });

  test("user message is plain text", () => {
    const out = html(UserMessage({ text: `**not bold** ${EVIL}`, turnId: "t1" }));
    expect(out).toContain(`**not bold** ${EVIL_ESCAPED}`);
    expect(out).toContain('id="q-t1"');
    expectInert(out);
  });
});

describe("ChartFigure", () => {
  test("bar_h: server-rendered bars with escaped labels and formatted amounts", () => {
    const out = html(
      ChartFigure({
        chart: { type: "bar_h", title: `Top ${EVIL}`, data: { labels: [EVIL, "Dining", "Zero"], datasets: [{ name: "Spent", values: [1234.5, 308.64, 0] }] } },
        currency: "CHF",
      }),
    );
    expect(out).toContain('<figure class="chart chart-bar_h" data-chart="{&quot;type&quot;:&quot;bar_h&quot;');
    expect(out).toContain('data-currency="CHF"');
    expect(out).toContain(`<figcaption>Top ${EVIL_ESCAPED}</figcaption>`);
    expect(out).toContain(`<th scope="row" class="hbar-label">${EVIL_ESCAPED}</th>`);
    expect(out).toContain('<span class="hbar-fill d0 p100" data-pct="100"></span>');
    expect(out).toContain('<span class="hbar-fill d0 p25" data-pct="25"></span>');
    expect(out).toContain('<span class="hbar-fill d0 p0" data-pct="0"></span>');
    expect(out).toContain('<span class="hbar-value">CHF 1&#39;234.50</span>');
    expect(out).toContain('<span class="hbar-track" aria-hidden="true">');
    expect(out).not.toContain("chart-canvas");
    expectInert(out);
    // The JSON in data-chart round-trips (what app.js parses).
    const attr = out.match(/data-chart="([^"]*)"/)![1]!;
    const json = JSON.parse(attr.replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&#39;/g, "'").replace(/&amp;/g, "&"));
    expect(json.data.labels[0]).toBe(EVIL);
  });

  test("tiny non-zero bars stay visible", () => {
    const out = html(ChartFigure({ chart: { type: "bar_h", title: "t", data: { labels: ["a", "b"], datasets: [{ name: "x", values: [100000, 1] }] } }, currency: "CHF" }));
    expect(out).toContain("p1");
  });

  test.each(["bar", "line", "pie", "grouped_bar"] as const)("%s: a canvas for Frappe and a hidden data table", (type) => {
    const out = html(
      ChartFigure({
        chart: { type, title: "Monthly", height: 300, data: { labels: ["Jan", EVIL], datasets: [{ name: "Income", values: [10, 20] }, { name: "Spending", values: [-5, 1234.5] }] } },
        currency: "EUR",
      }),
    );
    expect(out).toContain(`<figure class="chart chart-${type}" data-chart=`);
    expect(out).toContain('<div class="chart-canvas h300" aria-hidden="true"></div>');
    expect(out).toContain('<table class="sr-only">');
    expect(out).toContain(`<th scope="row">${EVIL_ESCAPED}</th>`);
    expect(out).toContain("<td>EUR 1&#39;234.50</td>");
    expect(out).toContain("<td>EUR -5.00</td>");
    expectInert(out);
  });
});

describe("DataTable", () => {
  test("untrusted cells are escaped; amounts formatted; nulls shown as a dash", () => {
    const out = html(
      DataTable({
        table: {
          title: "Transactions",
          columns: ["date", "amount", "merchant", "description", "category"],
          kinds: ["date", "money", "text", "text", "text"],
          totalRows: 2,
          rows: [
            ["2025-01-02", -45.5, EVIL, "<script>alert(1)</script>", "Groceries"],
            ["2025-01-03", 1200, "Migros", null, "Groceries"],
          ],
        },
        currency: "CHF",
      }),
    );
    // Each cell carries its column's name (the phone's card layout labels it with that, issue 36).
    expect(out).toContain(`<td data-label="merchant">${EVIL_ESCAPED}</td>`);
    expect(out).toContain('<td data-label="description">&lt;script&gt;alert(1)&lt;/script&gt;</td>');
    // Numbers carry their raw value for sorting (issue 15: tables sort by column).
    expect(out).toContain('<td class="num" data-v="-45.5" data-label="amount">CHF -45.50</td>');
    expect(out).toContain('<td class="num" data-v="1200" data-label="amount">CHF 1&#39;200.00</td>');
    expect(out).toContain('<td class="empty" data-label="description">—</td>');
    // A day in words, sorted by the day itself (issue 36).
    expect(out).toContain('<td data-v="2025-01-02" data-label="date">2 Jan 2025</td>');
    expect(out).toContain('<button type="button" class="sort" data-col="0" data-type="date">date</button>');
    expect(out).toContain('<th scope="col" class="num" aria-sort="none"><button type="button" class="sort" data-col="1" data-type="num">amount</button></th>');
    expect(out).toContain('tabindex="0" role="region" aria-label="Transactions"');
    expect(out).toContain('<span class="row-count">2 rows</span>');
    expect(out).not.toContain("<script");
    expectInert(out);
  });
});

describe("DataTable row counts (issue 36: 'Showing 500 of 808', not 'Show all 500 (of 808)')", () => {
  const table = (shown: number, total: number) =>
    html(
      DataTable({
        table: { title: "Transactions in 2025", columns: ["date"], kinds: ["date"], totalRows: total, rows: Array.from({ length: shown }, () => ["2025-01-02"]) },
        currency: "CHF",
        id: "table-t1-0",
        turnId: "t1",
        n: 0,
        canShowAll: true,
      }),
    );
  const count = (out: string) => /<span class="row-count">([^<]*)<\/span>/.exec(out)![1];
  const button = (out: string) => /class="quiet show-all"[^>]*>([^<]*)<\/button>/.exec(out)?.[1] ?? null;

  test("part of more than 500: says how many of how many; Show fetches the first 500", () => {
    expect(count(table(10, 808))).toBe("Showing 10 of 808");
    expect(button(table(10, 808))).toBe("Show 500 of 808");
    // Once 500 are shown, nothing more can be fetched here: the caption says so, no button.
    expect(count(table(500, 808))).toBe("Showing 500 of 808");
    expect(button(table(500, 808))).toBeNull();
  });

  test("part of 500 or fewer: Show all N; all of them: N rows", () => {
    expect(count(table(10, 44))).toBe("Showing 10 of 44");
    expect(button(table(10, 44))).toBe("Show all 44");
    expect(count(table(44, 44))).toBe("44 rows");
    expect(button(table(44, 44))).toBeNull();
    expect(count(table(1, 1))).toBe("1 row");
    expect(count(table(1_000, 1_000))).toBe("1&#39;000 rows"); // de-CH thousands, escaped in HTML
  });
});

describe("ApprovalCard / ErrorNotice", () => {
  const preview = {
    title: "move 3 transactions to “Groceries”",
    description: "Move 3 rows",
    facts: [
      { label: "Total amount", value: "CHF -123.45" },
      { label: "From", items: ["Shopping (2) → Groceries", `${EVIL} (1) → Groceries`] },
      { label: "Top merchants", items: [`${EVIL} (3)`] },
    ],
  };

  test("built from the preview, buttons post with htmx", () => {
    const out = html(ApprovalCard({ approvalId: "ap1", preview, expiresAt: "2025-05-01T12:34:00.000Z" }));
    expect(out).toContain('<section class="approval" id="approval-ap1"');
    expect(out).toContain("CHF -123.45");
    expect(out).toContain("Approval needed: move 3 transactions to “Groceries”");
    expect(out).toContain(`<li>${EVIL_ESCAPED} (1) → Groceries</li>`);
    expect(out).toContain(`<dt>Top merchants</dt><dd><ul><li>${EVIL_ESCAPED} (3)</li></ul></dd>`);
    // On the 24-hour clock in the server's zone (formatClock, tested in format.test.ts); page.js shows the browser's.
    expect(out).toContain(`<time class="local-time" datetime="2025-05-01T12:34:00.000Z">${formatClock("2025-05-01T12:34:00.000Z")}</time>`);
    expect(out).toContain('<form hx-post="/approvals/ap1/approve" hx-target="#approval-actions-ap1" hx-swap="outerHTML">');
    expect(out).toContain('<form hx-post="/approvals/ap1/reject" hx-target="#approval-actions-ap1" hx-swap="outerHTML">');
    expectInert(out);
  });

  test("decided card has no buttons, and says what happened in words", () => {
    const out = html(ApprovalCard({ approvalId: "ap1", preview, expiresAt: "2025-05-01T12:34:00Z", decision: { decision: "rejected", detail: "no change" } }));
    expect(out).not.toContain("<button");
    expect(out).toContain('data-decision="rejected"');
    expect(out).toContain("<strong>Rejected — nothing changed</strong>");
    expect(out).not.toContain("did not work");
    const expired = html(ApprovalCard({ approvalId: "ap1", preview, expiresAt: "2025-05-01T12:34:00Z", decision: { decision: "expired", detail: "too late" } }));
    expect(expired).toContain("<strong>Expired — nothing changed</strong>");
    // Decided: the heading is what it was about, capitalised (the tool's title starts lower-case).
    expect(out).toContain(">Move 3 transactions to “Groceries”</h3>");
    expect(expired).toContain(">Move 3 transactions to “Groceries”</h3>");
  });

  test("after every decision one state line: approved (with Undo), undone (the 'Moved' line gone, no Undo)", () => {
    const approved = { decision: "approved" as const, detail: "Moved 3 transactions to Groceries." };
    const withOutcome = { ...preview, outcome: "Moved 3 transactions to Groceries" };
    const done = html(ApprovalCard({ approvalId: "ap1", preview: withOutcome, expiresAt: "2025-05-01T12:34:00Z", decision: approved, undo: { kind: "available" } }));
    expect(countOf(done, 'class="decision"')).toBe(1);
    expect(done).toContain("<strong>Moved 3 transactions to Groceries</strong>");
    expect(done).toContain('hx-post="/approvals/ap1/undo"');
    const undone = html(
      ApprovalCard({
        approvalId: "ap1",
        preview: withOutcome,
        expiresAt: "2025-05-01T12:34:00Z",
        decision: approved,
        undo: { kind: "done", message: "Undone: the previous categories of 3 transactions are restored.", at: "2025-05-01T12:40:00.000Z" },
      }),
    );
    expect(countOf(undone, 'class="decision"')).toBe(1);
    expect(undone).toContain('data-decision="undone"');
    expect(undone).toContain(
      `<strong>Undone at <time class="local-time" datetime="2025-05-01T12:40:00.000Z">${formatClock("2025-05-01T12:40:00.000Z")}</time>: the previous categories of 3 transactions are restored.</strong>`,
    );
    expect(undone).not.toContain("Moved 3");
    expect(undone).not.toContain("/undo");
    expect(undone).toContain(">Move 3 transactions to “Groceries”</h3>");
  });

  test("the affected rows: the first ones as text, and Show all N linking to the Transactions page", () => {
    const affected = {
      total: 12,
      rows: [
        { date: "2026-10-02", merchant: EVIL, category: "Shopping", amount: -1234.5, currency: "CHF" },
        { date: "2026-09-30", merchant: "Fressnapf", category: "Shopping", amount: -20, currency: "CHF" },
      ],
      link: "/transactions?q=Fressnapf&from=2026-01-01&to=2026-12-31",
    };
    const out = html(ApprovalCard({ approvalId: "ap1", preview: { ...preview, affected }, expiresAt: "2025-05-01T12:34:00Z" }));
    // Dates as people write them (issue 36); each cell named by its class for the phone's card layout.
    expect(out).toContain(
      `<td class="date"><time datetime="2026-10-02">2 Oct 2026</time></td><td class="merchant">${EVIL_ESCAPED}</td><td class="category">Shopping</td><td class="num">CHF -1&#39;234.50</td>`,
    );
    expect(out).toContain('<td class="date"><time datetime="2026-09-30">30 Sep 2026</time></td><td class="merchant">Fressnapf</td><td class="category">Shopping</td><td class="num">CHF -20.00</td>');
    expect(out).toContain('<a href="/transactions?q=Fressnapf&amp;from=2026-01-01&amp;to=2026-12-31">Show all 12</a>');
    expectInert(out);
    const all = html(ApprovalCard({ approvalId: "ap1", preview: { ...preview, affected: { ...affected, total: 2 } }, expiresAt: "2025-05-01T12:34:00Z" }));
    expect(all).toContain(">See them on the Transactions page</a>");
  });

  test("approved but not carried out: no ✓, says so, with the reason", () => {
    const why = "The user approved, but nothing was modified: the Travel budget changed since the preview (it is now CHF 700.00).";
    const out = html(ApprovalCard({ approvalId: "ap1", preview, expiresAt: "2025-05-01T12:34:00Z", decision: { decision: "approved", detail: why, failed: true } }));
    expect(out).toContain('data-decision="approved"');
    expect(out).toContain('data-failed="true"');
    expect(out).toContain(`<strong>Approved, but it could not be done: the Travel budget changed since the preview (it is now CHF 700.00).</strong>`);
    expect(out).not.toContain("✓");
    const ok = html(ApprovalCard({ approvalId: "ap1", preview: { ...preview, outcome: "Moved 3 transactions to Groceries" }, expiresAt: "2025-05-01T12:34:00Z", decision: { decision: "approved", detail: "Moved 3." } }));
    expect(ok).toContain("<strong>Moved 3 transactions to Groceries</strong>");
    expect(ok).not.toContain("data-failed");
  });

  test("error notice with and without retry", () => {
    const withRetry = html(ErrorNotice({ message: `Overloaded ${EVIL}`, retryable: true, turnId: "t1" }));
    expect(withRetry).toContain('hx-post="/turns/t1/retry" hx-target="#messages" hx-swap="beforeend"');
    expect(withRetry).toContain(`Overloaded ${EVIL_ESCAPED}`);
    expect(withRetry).toContain('role="alert"');
    expectInert(withRetry);
    expect(html(ErrorNotice({ message: "Bad", retryable: false, turnId: "t1" }))).not.toContain("<button");
  });
});

describe("AssistantMessage", () => {
  test("a running turn: zones and the SSE connect element", () => {
    const out = html(AssistantMessage({ turnId: "t9", status: "running", events: [], currency: "CHF" }));
    expect(out.startsWith('<article class="msg assistant" id="turn-t9" data-turn="t9" data-status="running" aria-busy="true">')).toBe(true);
    // Issue 15: one answer zone with the blocks in order (no separate tools/artifacts/text zones).
    for (const zone of ['<div class="answer" id="answer-t9">', '<div class="notices" id="notices-t9">', '<footer class="usage" id="usage-t9">', '<div class="turn-actions" id="actions-t9">']) {
      expect(out).toContain(zone);
    }
    expect(out).toContain('<div class="turn-status" id="status-t9" data-status="running">');
    expect(out).toContain('<div class="sse" hidden="" hx-sse:connect="/turns/t9/stream" hx-sse:close="done"></div>');
    expectInert(out);
  });

  test("finished turns have no stream; statuses and usage", () => {
    for (const status of ["done", "error", "stopped", "interrupted"] as const) {
      const out = html(AssistantMessage({ turnId: "t9", status, events: [{ type: "text", text: "hi" }], usage, currency: "CHF" }));
      expect(out).toContain(`data-status="${status}"`);
      expect(out).not.toContain("hx-sse");
      // Token counts only with --show-usage (issue 15).
      expect(out).not.toContain("Tokens:");
      expect(html(AssistantMessage({ turnId: "t9", status, events: [], usage, currency: "CHF", showUsage: true }))).toContain(
        "Tokens: 1&#39;200 in · 80 out · 3&#39;400 cache read",
      );
    }
    const interrupted = html(AssistantMessage({ turnId: "t9", status: "interrupted", events: [], currency: "CHF" }));
    expect(interrupted).toContain("interrupted before it finished");
  });

  test("waiting for a decision: no spinner, no stream, not busy, says so; no Regenerate; a continuation has none either", () => {
    const events: AgentEvent[] = [
      { type: "text", text: "I'll prepare that." },
      { type: "done", conversationId: "c", turnId: "t9", incomplete: false, usage, waiting: true },
    ];
    const out = html(AssistantMessage({ turnId: "t9", status: "waiting", events, currency: "CHF" }));
    expect(out).toContain('data-status="waiting" aria-busy="false"');
    expect(out).toContain('<div class="turn-status" id="status-t9" data-status="waiting"><span>Waiting for your decision on the card below. You can keep asking meanwhile.</span></div>');
    expect(out).not.toContain("spinner");
    expect(out).not.toContain("hx-sse");
    expect(out).not.toContain("Regenerate");
    expect(out).toContain("Copy");
    const continuation: AgentEvent[] = [
      { type: "turn_started", conversationId: "c", turnId: "t10", continues: "ap1" },
      { type: "text", text: "Moved." },
      { type: "done", conversationId: "c", turnId: "t10", incomplete: false, usage },
    ];
    expect(html(AssistantMessage({ turnId: "t10", status: "done", events: continuation, currency: "CHF" }))).not.toContain("Regenerate");
    expect(html(AssistantMessage({ turnId: "t11", status: "done", events: continuation.slice(1), currency: "CHF" }))).toContain("Regenerate");
  });

  test("model text is sanitised markdown; merchant names in artifacts are escaped", () => {
    const events: AgentEvent[] = [
      { type: "text", text: `Hi <script>alert(1)</script> ![x](http://example.invalid/a.png) ${EVIL}` },
      { type: "tool_started", id: "toolu_1", tool: "merchant_breakdown", input: {} },
      { type: "tool_finished", id: "toolu_1", tool: "merchant_breakdown", summary: "" },
      { type: "chart", toolId: "toolu_1", chart: { type: "bar_h", title: "Merchants", data: { labels: [EVIL], datasets: [{ name: "Spent", values: [5] }] } } },
      { type: "table", toolId: "toolu_1", table: { title: "Rows", columns: ["merchant"], kinds: ["text"], totalRows: 1, rows: [[EVIL]] } },
    ];
    const out = html(AssistantMessage({ turnId: "t1", status: "done", events, currency: "CHF" }));
    expect(startTags(out).some((t) => /^<(script|img)/i.test(t))).toBe(false);
    expect(out).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(out).toContain("[x: http://example.invalid/a.png]");
    expect(out).toContain(`<th scope="row" class="hbar-label">${EVIL_ESCAPED}</th>`);
    expect(out).toContain(`<td data-label="merchant">${EVIL_ESCAPED}</td>`);
    expectInert(out);
  });
});
