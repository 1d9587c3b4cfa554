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
  { type: "tool_started", id: "toolu_1", tool: "spending_by_category", input: { year: 2025 } },
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

function stream(events: AgentEvent[], turnId = T) {
  const r = createFragmentRenderer(turnId, "CHF");
  return events.map((e) => ({ event: e, messages: r.render(e) }));
}

describe("createFragmentRenderer", () => {
  test("the first message resets every zone (replays never duplicate)", () => {
    const [first] = stream(SCRIPT);
    const reset = partials(first!.messages[0]!);
    expect(reset.map((p) => `${p.swap} #${p.target}`)).toEqual([
      `innerHTML #tools-${T}`,
      `innerHTML #artifacts-${T}`,
      `innerHTML #text-${T}`,
      `innerHTML #notices-${T}`,
      `innerHTML #usage-${T}`,
      `outerHTML #status-${T}`,
    ]);
    expect(reset.slice(0, 5).every((p) => p.html === "")).toBe(true);
    expect(reset[5]!.html).toContain('data-status="running"');
    expect(first!.messages).toHaveLength(1); // turn_started adds nothing else
  });

  test("each event targets the right zone", () => {
    const s = stream(SCRIPT);
    const targets = s.map(({ event, messages }) => ({ type: event.type, parts: messages.flatMap((m) => (m.event ? [`event:${m.event}`] : partials(m).map((p) => `${p.swap} #${p.target}`))) }));
    expect(targets.slice(1)).toEqual([
      { type: "text", parts: [`beforeend #text-${T}`] },
      { type: "text", parts: [`innerHTML #tb-${T}-0`] },
      { type: "tool_started", parts: [`beforeend #tools-${T}`] },
      { type: "tool_finished", parts: [`outerHTML #tool-${T}-toolu_1`] },
      { type: "chart", parts: [`beforeend #artifacts-${T}`] },
      { type: "text", parts: [`beforeend #text-${T}`] }, // a new block after the tool call
      { type: "text", parts: [`innerHTML #tb-${T}-1`] },
      { type: "done", parts: [`innerHTML #usage-${T}`, `outerHTML #status-${T}`, "event:done"] },
    ]);
  });

  test("text blocks carry the whole block as markdown, re-rendered on every delta", () => {
    const s = stream(SCRIPT);
    const newBlock = partials(s[1]!.messages[0]!)[0]!;
    expect(newBlock.html).toBe(`<div class="tb md" id="tb-${T}-0"><p>Let me </p>\n</div>`);
    const update = partials(s[2]!.messages[0]!)[0]!;
    expect(update.html).toBe("<p>Let me check <strong>your</strong> data.</p>\n");
    const second = partials(s[7]!.messages[0]!)[0]!;
    expect(second.html).toBe("<p>You spent <strong>CHF 1&#39;234.50</strong> on groceries.</p>\n");
  });

  test("tool status lines: running, done, failed with the error as text", () => {
    const s = stream([
      { type: "tool_started", id: "a", tool: "monthly_trend", input: {} },
      { type: "tool_failed", id: "a", tool: "monthly_trend", error: `unknown category ${EVIL}` },
      { type: "tool_started", id: "b", tool: "something_new", input: {} },
    ]);
    const running = partials(s[0]!.messages[1]!)[0]!;
    expect(running.html).toContain('data-state="running"');
    expect(running.html).toContain("Computing the monthly trend…");
    const failed = partials(s[1]!.messages[0]!)[0]!;
    expect(failed.target).toBe(`tool-${T}-a`);
    expect(failed.html).toContain('data-state="failed"');
    expect(failed.html).toContain(`<span class="tool-error">unknown category ${EVIL_ESCAPED}</span>`);
    expect(partials(s[2]!.messages[0]!)[0]!.html).toContain("Running something_new…");
  });

  test("the last message is the named SSE event `done` (hx-sse:close)", () => {
    const s = stream(SCRIPT);
    const last = s.at(-1)!.messages.at(-1)!;
    expect(last).toEqual({ event: "done", data: "done" });
    const all = s.flatMap((x) => x.messages);
    expect(all.filter((m) => m.event)).toHaveLength(1);
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

  test("approvals: card appended to artifacts, decision replaces the buttons", () => {
    const s = stream([
      { type: "tool_started", id: "tu", tool: "recategorise_transactions", input: {} },
      {
        type: "approval_requested",
        id: "ap1",
        toolId: "tu",
        expiresAt: "2025-05-01T12:00:00Z",
        preview: { title: "move 2 transactions to “Groceries”", facts: [{ label: "Top merchants", items: [`${EVIL} (2)`] }], rows: 2, total: -50, currency: "CHF", from: [{ category: "Other", rows: 2 }], to: "Groceries", merchants: [{ name: EVIL, rows: 2 }], description: "d" },
      },
      { type: "approval_decided", id: "ap1", decision: "approved", detail: "2 transactions moved" },
      { type: "approval_decided", id: "unknown", decision: "expired", detail: "" },
    ]);
    const card = partials(s[1]!.messages[0]!)[0]!;
    expect(card.target).toBe(`artifacts-${T}`);
    expect(card.html).toContain('hx-post="/approvals/ap1/approve"');
    expect(card.html).toContain(EVIL_ESCAPED);
    const decided = partials(s[2]!.messages[0]!)[0]!;
    expect(decided).toMatchObject({ target: "approval-actions-ap1", swap: "outerHTML" });
    expect(decided.html).toContain("2 transactions moved");
    expect(decided.html).not.toContain("<button");
    expect(s[3]!.messages).toEqual([]);
  });

  test("end(): closes a stream whose events stopped without `done`", () => {
    const r = createFragmentRenderer(T, "CHF");
    r.render({ type: "text", text: "partial" });
    const end = r.end();
    expect(partials(end[0]!)[0]!.html).toContain('data-status="interrupted"');
    expect(end[1]).toEqual({ event: "done", data: "interrupted" });
    expect(r.end()).toEqual([]);
    const r3 = createFragmentRenderer(T, "CHF");
    expect(r3.end("running").at(-1)).toEqual({ event: "done", data: "interrupted" });
    const r2 = createFragmentRenderer(T, "CHF");
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
  /** Plays a stream onto the running article, as the browser would. */
  function play(events: AgentEvent[]): string {
    let doc = html(AssistantMessage({ turnId: T, status: "running", events: [], currency: "CHF" }));
    for (const { messages } of stream(events)) {
      for (const m of messages) {
        if (m.event) continue;
        for (const p of partials(m)) doc = apply(doc, p);
      }
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
    expect(stored).toContain(`<div class="tb md" id="tb-${T}-0"><p>Let me check <strong>your</strong> data.</p>`);
    expect(stored).toContain(`<div class="tb md" id="tb-${T}-1"><p>You spent <strong>CHF 1&#39;234.50</strong> on groceries.</p>`);
    expect(stored).toContain("Analysing spending by category — done");
    expect(stored).toContain('<figure class="chart chart-bar_h"');
    expect(stored).toContain(`<div class="turn-status" id="status-${T}" data-status="done">`);
    expect(stored).toContain("Tokens: 1&#39;500 in · 250 out · 4&#39;000 cache read");
    // The chart sits in the artifacts zone, the text after it in its own block.
    const artifacts = stored.indexOf(`id="artifacts-${T}"`);
    const text = stored.indexOf(`id="text-${T}"`);
    expect(stored.indexOf("<figure")).toBeGreaterThan(artifacts);
    expect(stored.indexOf("<figure")).toBeLessThan(text);
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
      for (const m of messages) if (!m.event) for (const p of partials(m)) doc = apply(doc, p, { mustExist: false });
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
      { type: "table", toolId: "b", table: { title: "Rows", columns: ["date", "amount", "merchant"], rows: [["2025-01-01", -5, EVIL]] } },
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
    expect(stored).toContain("Nothing changed.");
    expect(stored).toContain("The answer was cut short.");
    expect(stored).toContain("Retry");
  });
});
