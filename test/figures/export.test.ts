import { expect, test } from "bun:test";
import type { AgentEvent } from "../../src/core/events.ts";
import type { Conversation } from "../../src/store/conversations.ts";
import type { TurnWithEvents } from "../../src/store/turns.ts";
import { exportMarkdown } from "../../src/web/export.ts";
import { renderMarkdown } from "../../src/ui/markdown.ts";

const conversation: Conversation = { id: "c1", userId: "u", title: "Groceries", createdAt: "2026-01-01T00:00:00Z", updatedAt: "2026-01-02T00:00:00Z" };
const usage = { input_tokens: 0, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
const source = { tool: "spending_by_category", callId: "toolu_1", where: "summary · Groceries", value: 7431.2, text: "CHF 7'431.20" };

function turn(events: AgentEvent[]): TurnWithEvents {
  return { id: "t1", conversationId: "c1", userId: "u", status: "done", model: "m", question: "Groceries in 2025?", startedAt: "", endedAt: "", usage, error: null, incomplete: false, pendingResults: [], continues: null, events };
}

test("the export marks each figure no tool result backs, where it stands, and says how many were not found", () => {
  const md = exportMarkdown(
    conversation,
    [
      turn([
        { type: "text", text: "Groceries cost CHF 7'431.20 in 2025; hobbies CHF 2'718.28." },
        { type: "figures", figures: [
          { text: "CHF 7'431.20", value: 7431.2, start: 15, end: 27, status: "grounded", sources: [source] },
          { text: "CHF 2'718.28", value: 2718.28, start: 46, end: 58, status: "ungrounded", sources: [] },
        ] },
        { type: "done", conversationId: "c1", turnId: "t1", incomplete: false, usage },
      ]),
    ],
    "CHF",
  );
  expect(md).toContain("Groceries cost CHF 7'431.20 in 2025; hobbies CHF 2'718.28 *[not found in the data of this answer]*.\n\n> 2 figures checked · 1 not found\n");
});

test("an answer whose figures were all found is exported as written", () => {
  const md = exportMarkdown(
    conversation,
    [turn([{ type: "text", text: "Groceries cost CHF 7'431.20." }, { type: "figures", figures: [{ text: "CHF 7'431.20", value: 7431.2, start: 15, end: 27, status: "grounded", sources: [source] }] }])],
    "CHF",
  );
  expect(md).toContain("Groceries cost CHF 7'431.20.\n");
  expect(md).not.toContain("not found");
});

test("under each answer, the links to the rows behind its figures, on the server's address (SPEC §11.1)", () => {
  const year = { from: "2025-01-01", to: "2025-12-31" };
  const groceries = { ...source, about: "2025 · Groceries", rows: { ...year, category: "Groceries" } };
  const dining = { ...source, where: "summary · Dining", value: 1234.5, text: "CHF 1'234.50", about: "2025 · Dining", rows: { ...year, category: "Dining" } };
  const md = exportMarkdown(
    conversation,
    [
      turn([
        { type: "text", text: "Together CHF 8'665.70; groceries cost CHF 6'196.70 more than dining." },
        {
          type: "figures",
          figures: [
            { text: "CHF 8'665.70", value: 8665.7, start: 9, end: 21, status: "derived", operation: "sum", sources: [dining, groceries] },
            { text: "CHF 6'196.70", value: 6196.7, start: 39, end: 51, status: "derived", operation: "difference", sources: [groceries, dining] },
          ],
        },
      ]),
    ],
    "CHF",
    [],
    undefined,
    "http://127.0.0.1:3000",
  );
  expect(md).toContain(
    [
      "> Rows behind the figures:",
      ">",
      "> - CHF 8'665.70: [See the rows](http://127.0.0.1:3000/transactions?from=2025-01-01&to=2025-12-31&any=category%3DDining&any=category%3DGroceries)",
      "> - CHF 6'196.70: rows of each part: [2025 · Groceries](http://127.0.0.1:3000/transactions?category=Groceries&from=2025-01-01&to=2025-12-31), " +
        "[2025 · Dining](http://127.0.0.1:3000/transactions?category=Dining&from=2025-01-01&to=2025-12-31)",
      "",
    ].join("\n"),
  );
});

test("a row link's label from bank text cannot close the link and make one of its own: it shows as written", () => {
  // A merchant's name read from a statement, with a backslash before the bracket that closes the link text (the old
  // escaping of [ and ] alone turned `\]` into `\\]`: an escaped backslash, then a bracket that closes the text).
  const evil = "Shop\\](https://evil.example/phish) [x";
  const shop = { ...source, where: "summary · Shop", about: evil, rows: { merchant: "A" } };
  const other = { ...source, where: "summary · B", value: 2, about: "B & <b>C</b>", rows: { merchant: "B" } };
  const md = exportMarkdown(
    conversation,
    [turn([{ type: "text", text: "CHF 1.00 less" }, { type: "figures", figures: [{ text: "CHF 1.00", value: 1, start: 0, end: 8, status: "derived", operation: "difference", sources: [shop, other] }] }])],
    "CHF",
    [],
    undefined,
    "http://127.0.0.1:3000",
  );
  const line = md.split("\n").find((l) => l.includes("rows of each part"))!;
  const html = renderMarkdown(line);
  expect(html).not.toContain("evil.example/phish\"");
  // Exactly two links, each with its label as written (HTML-escaped by the renderer) and the page's address.
  expect([...html.matchAll(/<a href="([^"]*)"[^>]*>(.*?)<\/a>/g)].map((m) => [m[1], m[2]])).toEqual([
    ["http://127.0.0.1:3000/transactions?merchant=A", "Shop\\](https://evil.example/phish) [x"],
    ["http://127.0.0.1:3000/transactions?merchant=B", "B &amp; &lt;b&gt;C&lt;/b&gt;"],
  ]);
});
