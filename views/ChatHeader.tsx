import { type Usage } from "../src/core/events.ts";
import { usageText } from "./UsageLine.tsx";

/**
 * The chat column's header: the conversation title, its token total and its Export
 * link. Its root has id="chat-head" so the first question's response can swap it
 * (outerHTML) once the conversation exists.
 */
export function ChatHeader({ conversation, usage }: { conversation?: { id: string; title: string } | null; usage?: Usage | null }) {
  return (
    <header class="chat-head" id="chat-head">
      <h1 id="chat-title">{conversation?.title || "New chat"}</h1>
      {usage && usage.input_tokens + usage.output_tokens > 0 ? (
        <small class="usage-total muted">Conversation total: {usageText(usage)}</small>
      ) : null}
      {conversation ? (
        <a class="button export" href={`/conversations/${encodeURIComponent(conversation.id)}/export.md`} download>
          Export
        </a>
      ) : null}
    </header>
  );
}
