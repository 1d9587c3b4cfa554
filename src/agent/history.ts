import type { MessageParam } from "@anthropic-ai/sdk/resources/messages/messages";

/** A user message that carries the user's own words (not tool results). */
export function isUserText(m: MessageParam): boolean {
  if (m.role !== "user") return false;
  if (typeof m.content === "string") return true;
  return m.content.length > 0 && m.content.every((b) => b.type !== "tool_result");
}

/**
 * The most recent `limit` messages, cut only where a user asked something, so a
 * tool_use never loses its tool_result. When no such boundary falls inside the
 * window (one turn with many tool steps) the window widens to the nearest
 * boundary before it rather than split a pair.
 */
export function historyWindow(messages: MessageParam[], limit: number): MessageParam[] {
  if (messages.length <= limit) return messages;
  const earliest = messages.length - limit;
  for (let i = earliest; i < messages.length; i++) if (isUserText(messages[i]!)) return messages.slice(i);
  for (let i = earliest - 1; i >= 0; i--) if (isUserText(messages[i]!)) return messages.slice(i);
  return messages;
}
