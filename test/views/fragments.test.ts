import { describe, expect, test } from "bun:test";
import { type AgentEvent } from "../../src/core/events.ts";
import { createFragmentRenderer, type SseMessage } from "../../src/web/sse-renderer.ts";
import { AssistantMessage } from "../../views/AssistantMessage.tsx";
import { attributeNames, EVIL, EVIL_ESCAPED, expectInert, html } from "./helpers.ts";

const usage = { input_tokens: 1500, output_tokens: 250, cache_creation_input_tokens: 0, cache_read_input_tokens: 4000 };
const T = "turn-42";

const SCRIPT: AgentEvent[] = [
  { type: "turn_started", conversationId: "c1", turnId: T },
  { type: "text", text: "Let me " },
  { type: "text", text: "check **your** data." },
  { type: "tool_started", id: "toolu_1", tool: "spending_by_category", label: "Analysing spending by category…", input: { year: 2025 } },
  { type: "tool_finished", id: "toolu_1", tool: "spending_by_category", summary: "Groceries 1234.50" },
  { type: "chart", toolId: "toolu_1", chart: { type: "bar_h", title: "Spending by category", data: { labels: ["Groceries", EVIL], datasets: [{ name: "Spent", values: [1234.5, 100] }] } } },
  { type: "text", text: "You spent " },
  { type: "text", text: "**CHF 1'234.50** on groceries." },
  { type: "done", conversationId: "c1", turnId: T, incomplete: false, usage },
];

type Partial = { target: string; swap: string; html: string };

/** The partials of one unnamed SSE message; asserts it holds nothing else. */
function partials(m: SseMessage): Partial[] {
  expect(m.event).toBeUndefined();
  const re = /<hx-partial hx-target="#([^"]+)" hx-swap="([^"]+)">([\s\S]*?)<\/hx-partial>/g;
  const out = [...m.data.matchAll(re)].map((x) => ({ target: x[1]!, swap: x[2]!, html: x[3]! }));
  expect(m.data.replace(re, "")).toBe(""); // nothing outside the partials (would land in the connect element)
  return out;
}

/** Applies partials to an HTML document the way htmx swaps them (HTMLRewriter as the DOM). */
function apply(doc: string, p: Partial, opts: { mustExist?: boolean } = {}): string {
  let hits = 0;
  const out = new HTMLRewriter()
    .on(`#${p.target}`, {
      element(el) {
        hits++;
        if (p.swap === "innerHTML") el.setInnerContent(p.html, { html: true });
        else if (p.swap === "beforeend") el.append(p.html, { html: true });
        else if (p.swap === "outerHTML") el.replace(p.html, { html: true });
        else throw new Error(`unexpected swap ${p.swap}`);
      },
    })
    .transform(doc);
  if (opts.mustExist !== false) expect({ target: p.target, hits }).toEqual({ target: p.target, hits: 1 });
  return out;
}

/** One SSE message onto the document: partials swapped, `tx` text appended (escaped) to the last `.tb-live`. */
function applyMessage(doc: string, m: SseMessage, opts: { mustExist?: boolean } = {}): string {
  if (m.event === "tx") {
    const live = [...doc.matchAll(/class="tb-live" id="([^"]+)"/g)].at(-1)![1]!;
    return new HTMLRewriter().on(`#${live}`, { element: (el) => void el.append(Bun.escapeHTML(JSON.parse(m.data)), { html: true }) }).transform(doc);
  }
  if (m.event) return doc;
  for (const p of partials(m)) doc = apply(doc, p, opts);
  return doc;
}

function stream(events: AgentEvent[], turnId = T) {
  const r = createFragmentRenderer(turnId, { currency: "CHF" });
  return events.map((e) => ({ event: e, messages: r.render(e) }));
}

describe("createFragmentRenderer", () => {
  test("the first message resets every zone (replays never duplicate)", () => {
    const [first] = stream(SCRIPT);
    const reset = partials(first!.messages[0]!);
    expect(reset.map((p) => `${p.swap} #${p.target}`)).toEqual([
      `innerHTML #answer-${T}`,
      `innerHTML #notices-${T}`,
      `innerHTML #usage-${T}`,
      `innerHTML #actions-${T}`,
      `outerHTML #status-${T}`,
    ]);
    expect(reset.slice(0, 4).every((p) => p.html === "")).toBe(true);
    expect(reset[4]!.html).toContain('data-status="running"');
    expect(first!.messages).toHaveLength(1); // turn_started adds nothing else
  });

  // Issue 15: blocks in the order they happened (all appended to the one answer zone,
  // not to separate tool/artifact/text zones), and text sent append-only.
  test("each event appends in order; text goes out as appends, never re-sent", () => {
    const s = stream(SCRIPT);
    const targets = s.map(({ event, messages }) => ({ type: event.type, parts: messages.flatMap((m) => (m.event ? [`event:${m.event}`] : partials(m).map((p) => `${p.swap} #${p.target}`))) }));
    expect(targets.slice(1)).toEqual([
      { type: "text", parts: [`beforeend #answer-${T}`] },
      { type: "text", parts: ["event:tx"] },
      // The tool closes the text block: its last paragraph is rendered, its live tail emptied.
      { type: "tool_started", parts: [`beforeend #tbd-${T}-0`, `innerHTML #tbl-${T}-0`, `beforeend #answer-${T}`] },
      { type: "tool_finished", parts: [`outerHTML #tool-${T}-toolu_1`] },
      { type: "chart", parts: [`beforeend #answer-${T}`] },
      { type: "text", parts: [`beforeend #answer-${T}`] }, // a new block after the chart
      { type: "text", parts: ["event:tx"] },
      { type: "done", parts: [`beforeend #tbd-${T}-1`, `innerHTML #tbl-${T}-1`, `innerHTML #actions-${T}`, `outerHTML #status-${T}`, "event:done"] },
    ]);
  });

  test("text: plain deltas while a paragraph grows, each finished paragraph rendered once", () => {
    const s = stream(SCRIPT);
    const newBlock = partials(s[1]!.messages[0]!)[0]!;
    expect(newBlock.html).toBe(`<div class="tb md" id="tb-${T}-0"><div class="tb-done" id="tbd-${T}-0"></div><div class="tb-live" id="tbl-${T}-0">Let me </div></div>`);
    expect(s[2]!.messages).toEqual([{ event: "tx", data: JSON.stringify("check **your** data.") }]);
    const settled = partials(s[3]!.messages[0]!)[0]!;
    expect(settled.html).toBe("<p>Let me check <strong>your</strong> data.</p>\n");
    // A blank line finishes a paragraph while the block still streams.
    const r = createFragmentRenderer(T, { currency: "CHF" });
    r.render({ type: "text", text: "First **one**." });
    const m = r.render({ type: "text", text: "\n\nSecond" });
    expect(partials(m[0]!).map((p) => [p.swap, p.target, p.html])).toEqual([
      ["beforeend", `tbd-${T}-0`, "<p>First <strong>one</strong>.</p>\n"],
      ["innerHTML", `tbl-${T}-0`, "Second"],
    ]);
    expect(r.render({ type: "text", text: " <b>x</b>" })).toEqual([{ event: "tx", data: JSON.stringify(" <b>x</b>") }]);
    // No blank line inside a code fence ends a paragraph.
    const f = createFragmentRenderer(T, { currency: "CHF" });
    f.render({ type: "text", text: "```\na\n\nb\n" });
    expect(f.render({ type: "text", text: "```\n\nafter" })[0]!.data).toContain("<pre><code>a\n\nb\n</code></pre>");
  });

  test("a batch of deltas goes out as one append", () => {
    const r = createFragmentRenderer(T, { currency: "CHF" });
    r.render({ type: "text", text: "a" });
    expect(r.renderBatch([{ type: "text", text: "b" }, { type: "text", text: "c" }, { type: "text", text: "d" }])).toEqual([{ event: "tx", data: '"bcd"' }]);
  });

  test("token counts only with showUsage", () => {
    const plain = stream(SCRIPT).at(-1)!.messages.map((m) => m.data).join("");
    expect(plain).not.toContain("Tokens:");
    const r = createFragmentRenderer(T, { currency: "CHF", showUsage: true });
    const withUsage = SCRIPT.flatMap((e) => r.render(e)).map((m) => m.data).join("");
    expect(withUsage).toContain("Tokens: 1&#39;500 in");
  });

  test("tool status lines: running, done, failed as a short line with the error as text on demand", () => {
    const s = stream([
      { type: "tool_started", id: "a", tool: "monthly_trend", label: "Computing the monthly trend…", input: {} },
      { type: "tool_failed", id: "a", tool: "monthly_trend", error: `unknown category ${EVIL}` },
      { type: "tool_started", id: "b", tool: "something_new", input: {} },
    ]);
    const running = partials(s[0]!.messages[1]!)[0]!;
    expect(running.target).toBe(`answer-${T}`);
    expect(running.html).toContain('data-state="running"');
    expect(running.html).toContain("Computing the monthly trend…");
    const failed = partials(s[1]!.messages[0]!)[0]!;
    expect(failed.target).toBe(`tool-${T}-a`);
    expect(failed.html).toContain('data-state="failed"');
    // One short line; the error itself (escaped) opens on demand.
    expect(failed.html).toContain("Computing the monthly trend — did not work");
    expect(failed.html).toContain(`<details class="tool-why"><summary>why</summary><span class="tool-error">unknown category ${EVIL_ESCAPED}</span></details>`);
    // A start event stored before labels travelled in events: the label comes from the tool's name.
    expect(partials(s[2]!.messages[0]!)[0]!.html).toContain("Something new…");
  });

  test("the last message is the named SSE event `done` (hx-sse:close)", () => {
    const s = stream(SCRIPT);
    const last = s.at(-1)!.messages.at(-1)!;
    expect(last).toEqual({ event: "done", data: "done" });
    const all = s.flatMap((x) => x.messages);
    expect(all.filter((m) => m.event && m.event !== "tx")).toHaveLength(1);
  });

  test("final status: error and stopped turns", () => {
    const err = stream([
      { type: "error", message: "Overloaded", retryable: true },
      { type: "done", conversationId: "c", turnId: T, incomplete: true, usage },
    ]);
    const errNotice = partials(err[0]!.messages[1]!)[0]!;
    expect(errNotice.target).toBe(`notices-${T}`);
    expect(errNotice.html).toContain(`hx-post="/turns/${T}/retry"`);
    expect(err[1]!.messages.at(-1)).toEqual({ event: "done", data: "error" });
    const stopped = stream([
      { type: "notice", kind: "stopped", message: "Stopped." },
      { type: "done", conversationId: "c", turnId: T, incomplete: true, usage },
    ]);
    expect(stopped[1]!.messages.at(-1)).toEqual({ event: "done", data: "stopped" });
  });

  test("approvals: card appended in order, decision replaces the head and the buttons", () => {
    const s = stream([
      { type: "tool_started", id: "tu", tool: "recategorise_transactions", input: {} },
      {
        type: "approval_requested",
        id: "ap1",
        toolId: "tu",
        expiresAt: "2025-05-01T12:00:00Z",
        preview: { title: "move 2 transactions to “Groceries”", outcome: "Moved 2 transactions to Groceries", facts: [{ label: "Top merchants", items: [`${EVIL} (2)`] }], rows: 2, total: -50, currency: "CHF", from: [{ category: "Other", rows: 2 }], to: "Groceries", merchants: [{ name: EVIL, rows: 2 }], description: "d" },
      },
      { type: "approval_decided", id: "ap1", decision: "approved", detail: "2 transactions moved" },
      { type: "approval_decided", id: "unknown", decision: "expired", detail: "" },
    ]);
    const card = partials(s[1]!.messages[0]!)[0]!;
    expect(card.target).toBe(`answer-${T}`);
    expect(card.html).toContain('hx-post="/approvals/ap1/approve"');
    expect(card.html).toContain("Approval needed: move 2 transactions");
    expect(card.html).toContain("Expires at");
    expect(card.html).toContain(EVIL_ESCAPED);
    const [head, decided] = partials(s[2]!.messages[0]!);
    expect(head).toMatchObject({ target: "approval-head-ap1", swap: "outerHTML" });
    // Decided: no "Approval needed", no expiry.
    expect(head!.html).not.toContain("Approval needed");
    expect(head!.html).not.toContain("Expires");
    expect(decided).toMatchObject({ target: "approval-actions-ap1", swap: "outerHTML" });
    expect(decided!.html).toContain("<strong>Moved 2 transactions to Groceries</strong>");
    expect(decided!.html).not.toContain("<button");
    expect(s[3]!.messages).toEqual([]);
  });

  test("end(): closes a stream whose events stopped without `done`", () => {
    const r = createFragmentRenderer(T, { currency: "CHF" });
    r.render({ type: "text", text: "partial" });
    const end = r.end();
    // The open text block is finished first (its tail rendered), then the status.
    expect(partials(end[0]!).map((p) => p.target)).toEqual([`tbd-${T}-0`, `tbl-${T}-0`]);
    expect(partials(end[1]!).at(-1)!.html).toContain('data-status="interrupted"');
    end.shift();
    expect(end[1]).toEqual({ event: "done", data: "interrupted" });
    expect(r.end()).toEqual([]);
    const r3 = createFragmentRenderer(T, { currency: "CHF" });
    expect(r3.end("running").at(-1)).toEqual({ event: "done", data: "interrupted" });
    const r2 = createFragmentRenderer(T, { currency: "CHF" });
    for (const e of SCRIPT) r2.render(e);
    expect(r2.end()).toEqual([]);
  });

  test("no fragment carries script, inline style, handlers or images", () => {
    for (const { messages } of stream(SCRIPT)) {
      for (const m of messages) {
        if (m.event) continue;
        expectInert(m.data);
        for (const tag of m.data.match(/<[a-zA-Z][^>]*>/g) ?? []) expect(attributeNames(tag)).not.toContain("src");
      }
    }
  });
});

describe("streamed turn = re-rendered turn", () => {
  /** Plays a stream onto the running article, as the browser would (app.js appends `tx` text to the last live tail). */
  function play(events: AgentEvent[]): string {
    let doc = html(AssistantMessage({ turnId: T, status: "running", events: [], currency: "CHF" }));
    for (const { messages } of stream(events)) {
      for (const m of messages) doc = applyMessage(doc, m);
    }
    return doc;
  }

  /** What differs only because the page was rendered before the end: the article's live attributes and the connect element (app.js removes it on close). */
  function normalise(doc: string): string {
    return doc
      .replace(/<div class="sse"[^>]*><\/div>/, "")
      .replace(/ data-status="[a-z]+" aria-busy="(true|false)">/, ">");
  }

  test("the scripted sequence", () => {
    const streamed = play(SCRIPT);
    const stored = html(AssistantMessage({ turnId: T, status: "done", events: SCRIPT, usage, currency: "CHF" }));
    expect(normalise(streamed)).toBe(normalise(stored));
    // Sanity: the result really contains everything.
    expect(stored).toContain(`<div class="tb md" id="tb-${T}-0"><div class="tb-done" id="tbd-${T}-0"><p>Let me check <strong>your</strong> data.</p>`);
    expect(stored).toContain(`<div class="tb md" id="tb-${T}-1"><div class="tb-done" id="tbd-${T}-1"><p>You spent <strong>CHF 1&#39;234.50</strong> on groceries.</p>`);
    expect(stored).toContain("Analysing spending by category — done");
    expect(stored).toContain('<figure class="chart chart-bar_h"');
    expect(stored).toContain(`<div class="turn-status" id="status-${T}" data-status="done">`);
    // Token counts only with --show-usage (issue 15).
    expect(stored).not.toContain("Tokens:");
    // In the order it happened: text, tool, chart, more text.
    const order = [`id="tb-${T}-0"`, `id="tool-${T}-toolu_1"`, "<figure", `id="tb-${T}-1"`].map((x) => stored.indexOf(x));
    expect(order.every((x) => x > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  test("coalesced stored events render the same as the live deltas", () => {
    const coalesced: AgentEvent[] = [];
    for (const e of SCRIPT) {
      const last = coalesced.at(-1);
      if (e.type === "text" && last?.type === "text") coalesced[coalesced.length - 1] = { type: "text", text: last.text + e.text };
      else coalesced.push(e);
    }
    expect(coalesced.length).toBeLessThan(SCRIPT.length);
    expect(normalise(play(SCRIPT))).toBe(normalise(play(coalesced)));
    const stored = html(AssistantMessage({ turnId: T, status: "done", events: coalesced, currency: "CHF" }));
    expect(normalise(play(SCRIPT))).toBe(normalise(stored));
  });

  test("a replayed stream (reconnect) shows everything once", () => {
    let doc = play(SCRIPT.slice(0, 6)); // first connection dropped after the chart
    for (const { messages } of stream(SCRIPT)) {
      for (const m of messages) doc = applyMessage(doc, m, { mustExist: false });
    }
    expect(doc.split("<figure").length - 1).toBe(1);
    expect(doc.split('class="tool"').length - 1).toBe(1);
    expect(normalise(doc)).toBe(normalise(play(SCRIPT)));
  });

  test("errors, notices, failures and approvals render the same both ways", () => {
    const events: AgentEvent[] = [
      { type: "turn_started", conversationId: "c1", turnId: T },
      { type: "tool_started", id: "a", tool: "list_transactions", input: {} },
      { type: "tool_failed", id: "a", tool: "list_transactions", error: "bad month" },
      { type: "tool_started", id: "b", tool: "list_transactions", input: {} },
      { type: "tool_finished", id: "b", tool: "list_transactions", summary: "" },
      { type: "table", toolId: "b", table: { title: "Rows", columns: ["date", "amount", "merchant"], kinds: ["date", "money", "text"], totalRows: 1, rows: [["2025-01-01", -5, EVIL]] } },
      {
        type: "approval_requested",
        id: "ap9",
        toolId: "c",
        expiresAt: "2025-05-01T12:00:00Z",
        preview: { title: "move 1 transaction to “Dining”", facts: [], rows: 1, total: -5, currency: "CHF", from: [{ category: "Other", rows: 1 }], to: "Dining", merchants: [], description: "" },
      },
      { type: "approval_decided", id: "ap9", decision: "rejected", detail: "Nothing changed." },
      { type: "text", text: "Partial answer" },
      { type: "notice", kind: "max_tokens", message: "The answer was cut short." },
      { type: "error", message: "Overloaded", retryable: true },
      { type: "done", conversationId: "c1", turnId: T, incomplete: true, usage },
    ];
    const stored = html(AssistantMessage({ turnId: T, status: "error", events, currency: "CHF" }));
    expect(normalise(play(events))).toBe(normalise(stored));
    expect(stored).toContain("bad month");
    expect(stored).toContain("Rejected — nothing changed");
    expect(stored).toContain("The answer was cut short.");
    expect(stored).toContain("Retry");
  });
});
