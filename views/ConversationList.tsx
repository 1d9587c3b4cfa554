import { ConversationItem, type ConversationSummary } from "./ConversationItem.tsx";

/**
 * The sidebar's conversations, newest first (the caller orders them). The root element
 * carries id="conversation-list", so an `outerHTML` partial can replace the whole list.
 */
export function ConversationList({ conversations, activeId }: { conversations: ConversationSummary[]; activeId?: string | null }) {
  return (
    <nav class="conversations" id="conversation-list" aria-label="Conversations">
      {conversations.length ? (
        <ul class="conv-list">
          {conversations.map((c) => (
            <ConversationItem conversation={c} active={c.id === activeId} />
          ))}
        </ul>
      ) : (
        <p class="muted empty-list">No conversations yet.</p>
      )}
    </nav>
  );
}
