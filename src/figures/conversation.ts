/**
 * What the model reads besides this turn's tool results (SPEC §11.1): the tool results of
 * earlier turns still in its history (each recorded under the question of its turn) and what
 * the request that opens this turn tells it — the outcome of an approval decided now, the
 * results of a waiting step, the app's notes.
 */
import type { ContentBlockParam, MessageParam } from "@anthropic-ai/sdk/resources/messages/messages";
import type { TurnFigures } from "./turn.ts";

const textOf = (content: unknown): string =>
  typeof content === "string"
    ? content
    : Array.isArray(content)
      ? content.map((b: { type?: string; text?: string }) => (b.type === "text" ? (b.text ?? "") : "")).join("\n")
      : "";

/** Records the results of `history` (earlier turns) and of `opening` (this turn's first user message) as figures of the turn. */
export function recordConversation(figures: TurnFigures, history: readonly MessageParam[], opening: readonly ContentBlockParam[]): void {
  const calls = new Map<string, { name: string; input: unknown }>();
  let question = "";
  for (const m of history) {
    if (typeof m.content === "string") {
      if (m.role === "user") question = m.content;
      continue;
    }
    for (const b of m.content) {
      if (b.type === "tool_use") calls.set(b.id, { name: b.name, input: b.input });
      else if (b.type === "text" && m.role === "user" && b.text.trim()) question = b.text;
      else if (b.type === "tool_result" && !b.is_error) {
        const call = calls.get(b.tool_use_id);
        if (call) figures.recordEarlier({ id: b.tool_use_id, ...call }, textOf(b.content), question);
      }
    }
  }
  // The opening answers the waiting step's calls (an approval's outcome among them) and brings the app's notes.
  for (const b of opening) {
    if (b.type === "tool_result" && !b.is_error) figures.recordOutcome({ id: b.tool_use_id, ...(calls.get(b.tool_use_id) ?? { name: "approval", input: {} }) }, textOf(b.content));
    else if (b.type === "text" && b.text.startsWith("[Note from the app")) figures.recordOutcome({ id: "note", name: "app note", input: {} }, b.text);
  }
}
