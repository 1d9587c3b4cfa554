import { describe, expect, test } from "bun:test";
import type { AgentEvent } from "../../src/core/events.ts";
import type { AnswerFigure, FigureSource } from "../../src/core/figures.ts";
import { corrections, figuresLine, placeFigures, renderMarkedMarkdown } from "../../src/ui/figure-marks.ts";
import { figureNote } from "../../src/figures/note.ts";
import { createFragmentRenderer } from "../../src/web/sse-renderer.ts";
import { AssistantMessage } from "../../views/AssistantMessage.tsx";

const src = (where: string, value: number, text: string, tool = "spending_by_category"): FigureSource => ({ tool, callId: "toolu_1", where, value, text });
const GROCERIES = src("summary · Groceries", 7431.2, "CHF 7'431.20");
const DINING = src("summary · Dining", 1234.5, "CHF 1'234.50");
const fig = (text: string, value: number, status: AnswerFigure["status"], more: Partial<AnswerFigure> = {}): AnswerFigure => ({ text, value, start: 0, end: 0, status, sources: [], ...more });

const grounded = fig("CHF 7'431.20", 7431.2, "grounded", { sources: [GROCERIES] });
const derived = fig("CHF 8'665.70", 8665.7, "derived", { sources: [DINING, GROCERIES], operation: "sum" });
const ungrounded = fig("CHF 2'718.28", 2718.28, "ungrounded");

describe("placeFigures", () => {
  test("pairs the figures of each piece with the event's, in order, by written text; numbers the event does not list stay unmarked", () => {
    const pieces = ["Groceries CHF 7'431.20, above your CHF 500 guess.", "Together CHF 8'665.70.", "Hobbies CHF 2'718.28."];
    expect(placeFigures(pieces, [grounded, derived, ungrounded]).map((p) => p.map((m) => [m.index, pieces.join("|").length && m.start, m.end, m.figure.status]))).toEqual([
      [[0, 10, 22, "grounded"]],
      [[1, 9, 21, "derived"]],
      [[2, 8, 20, "ungrounded"]],
    ]);
  });
});

describe("figureNote", () => {
  test("grounded: the source as tool · where: value", () => {
    expect(figureNote(grounded)).toBe("spending_by_category · summary · Groceries: CHF 7'431.20");
  });
  test("derived: the figures, the operation and their sources", () => {
    expect(figureNote(derived)).toBe(
      "CHF 1'234.50 + CHF 7'431.20 (sum) · spending_by_category · summary · Dining: CHF 1'234.50; spending_by_category · summary · Groceries: CHF 7'431.20",
    );
    expect(figureNote(fig("CHF 619.27", 619.27, "derived", { sources: [GROCERIES], operation: "monthly_average", months: 12 }))).toBe(
      "CHF 7'431.20 ÷ 12 months (monthly average) · spending_by_category · summary · Groceries: CHF 7'431.20",
    );
  });
  test("ungrounded: not found in the data of this answer", () => {
    expect(figureNote(ungrounded)).toBe("CHF 2'718.28: not found in the data of this answer");
  });
  test("mismatched: what the answer said it is about, and what it was found as", () => {
    expect(figureNote(mismatched)).toBe("CHF 7'431.20 (said of 2024 · Groceries): found as spending_by_category · summary · Groceries (2025 · Groceries): CHF 7'431.20");
  });
  test("corrected: the corrected writing and its source", () => {
    expect(figureNote(corrected)).toBe("CHF 2'718.28: corrected to CHF 1'234.50 (Dining, not Hobbies) · spending_by_category · summary · Dining: CHF 1'234.50");
  });
});

const GROCERIES_2025 = { ...GROCERIES, about: "2025 · Groceries", rows: { from: "2025-01-01", to: "2025-12-31", category: "Groceries" } };
const DINING_2025 = { ...DINING, rows: { from: "2025-01-01", to: "2025-12-31", category: "Dining" } };
const mismatched = fig("CHF 7'431.20", 7431.2, "mismatched", { sources: [GROCERIES_2025], said: "2024 · Groceries" });
const corrected = fig("CHF 2'718.28", 2718.28, "ungrounded", { correction: { text: "CHF 1'234.50", value: 1234.5, status: "grounded", sources: [DINING], note: "Dining, not Hobbies" } });

describe("figuresLine and corrections", () => {
  test("only when a figure was not found or corrected; a mismatched figure counts as not found", () => {
    expect(figuresLine([grounded, derived, ungrounded])).toBe("3 figures checked · 1 not found");
    expect(figuresLine([grounded, mismatched])).toBe("2 figures checked · 1 not found");
    expect(figuresLine([grounded, derived])).toBeNull();
    expect(figuresLine([])).toBeNull();
  });
  test("after the repair round: the corrected ones counted apart, one line each in the Checked note", () => {
    expect(figuresLine([grounded, corrected, mismatched])).toBe("3 figures checked · 1 corrected · 1 not found");
    expect(figuresLine([corrected])).toBe("1 figure checked · 1 corrected");
    expect(corrections([grounded, corrected, mismatched])).toEqual(["CHF 2'718.28 → CHF 1'234.50 (Dining, not Hobbies)"]);
  });
});

describe("the note's links to the rows (src/transactions/link.ts figureRowsLinks)", () => {
  const note = (f: AnswerFigure) => /<span class="fig-note"[^>]*>([\s\S]*)<\/span><\/span>/.exec(renderMarkedMarkdown(f.text, placeFigures([f.text], [f])[0]!, "n"))![1]!;
  test("a grounded figure and a sum: one link, See the rows (the sum's to both categories' rows)", () => {
    expect(note({ ...grounded, sources: [GROCERIES_2025] })).toEndWith(' <a class="fig-rows" href="/transactions?category=Groceries&amp;from=2025-01-01&amp;to=2025-12-31">See the rows</a>');
    expect(note({ ...derived, sources: [DINING_2025, GROCERIES_2025] })).toEndWith(
      ' <a class="fig-rows" href="/transactions?from=2025-01-01&amp;to=2025-12-31&amp;any=category%3DDining&amp;any=category%3DGroceries">See the rows</a>',
    );
  });
  test("a difference: a link per part, named by what it is about (the model's words escaped)", () => {
    const odd = { ...DINING_2025, about: "2025 · <b>Dining</b>" };
    expect(note({ ...derived, operation: "difference", sources: [GROCERIES_2025, odd] })).toEndWith(
      ' <span class="fig-rows-terms">Rows of each part: <a class="fig-rows" href="/transactions?category=Groceries&amp;from=2025-01-01&amp;to=2025-12-31">2025 · Groceries</a>, ' +
        '<a class="fig-rows" href="/transactions?category=Dining&amp;from=2025-01-01&amp;to=2025-12-31">2025 · &lt;b&gt;Dining&lt;/b&gt;</a></span>',
    );
  });
  test("no link for a figure whose sources have no rows, nor one not found", () => {
    expect(note(grounded)).not.toContain("<a");
    expect(note(ungrounded)).not.toContain("<a");
  });
});

describe("renderMarkedMarkdown", () => {
  const marks = (text: string, figures: AnswerFigure[]) => placeFigures([text], figures)[0]!;

  test("wraps the figure in a focusable mark with its note", () => {
    const text = "Groceries: **CHF 7'431.20**.";
    expect(renderMarkedMarkdown(text, marks(text, [grounded]), "fign-t")).toBe(
      '<p>Groceries: <strong><span class="fig" data-figure="grounded" tabindex="0" aria-describedby="fign-t-0">CHF 7&#39;431.20' +
        '<span class="fig-note" id="fign-t-0">spending_by_category · summary · Groceries: CHF 7&#39;431.20</span></span></strong>.</p>\n',
    );
  });

  test("the model's HTML stays text, and a figure inside a tag's attribute is never marked", () => {
    const text = `<img src=x onerror=alert(1)> CHF 2'718.28 [a](https://example.com "CHF 2'718.28")`;
    const html = renderMarkedMarkdown(text, marks(text, [ungrounded, ungrounded]), "fign-t");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).not.toContain("<img");
    // The reader finds the figure in the link's title too, but its mark would land in an attribute: it is dropped.
    expect(html.match(/class="fig"/g)).toHaveLength(1);
    expect(html).toContain('title="CHF 2&#39;718.28"');
    expect(html).not.toMatch(/[\ue000-\ue8ff]/);
  });

  test("a text that already holds marker characters is rendered without marks", () => {
    const text = "CHF 7'431.20 \ue100odd\ue000";
    expect(renderMarkedMarkdown(text, marks(text, [grounded]), "fign-t")).not.toContain("data-figure");
  });
});

describe("the stream and a reload show the same marks", () => {
  const T = "turn-7";
  const answer = "Groceries CHF 7'431.20.\n\nTogether CHF 8'665.70; hobbies CHF 2'718.28.";
  const events: AgentEvent[] = [
    { type: "turn_started", conversationId: "c", turnId: T },
    { type: "text", text: answer },
    { type: "figures", figures: [grounded, derived, ungrounded] },
    { type: "done", conversationId: "c", turnId: T, incomplete: false, usage: { input_tokens: 1, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 } },
  ];

  test("the figures event re-sends the block's paragraphs with marks, and the line", () => {
    const r = createFragmentRenderer(T, { currency: "CHF" });
    r.render(events[0]!);
    r.render(events[1]!);
    const data = r.render(events[2]!).map((m) => m.data).join("");
    const parts = [...data.matchAll(/<hx-partial hx-target="#([^"]+)" hx-swap="([^"]+)">([\s\S]*?)<\/hx-partial>/g)];
    expect(parts.map((p) => `${p[2]} #${p[1]}`)).toEqual([
      `beforeend #tbd-${T}-0`, // the block closes: its last paragraph goes out unmarked first
      `innerHTML #tbl-${T}-0`,
      `innerHTML #tbd-${T}-0`, // then the block's paragraphs with their marks
      `beforeend #notices-${T}`,
    ]);
    const reloaded = String(AssistantMessage({ turnId: T, status: "done", events, currency: "CHF" }));
    const done = /<div class="tb-done" id="tbd-turn-7-0">([\s\S]*?)<\/div><div class="tb-live"/.exec(reloaded)![1]!;
    expect(parts[2]![3]).toBe(done);
    expect(done.match(/data-figure="(\w+)"/g)).toEqual(['data-figure="grounded"', 'data-figure="derived"', 'data-figure="ungrounded"']);
    expect(parts[3]![3]).toContain("3 figures checked · 1 not found");
    expect(reloaded).toContain("3 figures checked · 1 not found");
  });
});
