import { expect, test } from "bun:test";
import type { AgentEvent } from "../../src/core/events.ts";
import type { Conversation } from "../../src/store/conversations.ts";
import type { TurnWithEvents } from "../../src/store/turns.ts";
import { exportMarkdown } from "../../src/web/export.ts";

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
