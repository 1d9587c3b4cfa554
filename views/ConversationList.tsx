import type { ConversationGroup } from "../src/ui/conversation-groups.ts";
import { ConversationItem, type ConversationSummary } from "./ConversationItem.tsx";

/**
 * The sidebar's conversations, newest first (the caller orders them), under the headings
 * Today / Yesterday / Previous 7 days / Older (each summary's `group`). The root element
 * carries id="conversation-list", so an `outerHTML` partial can replace the whole list:
 * the sidebar's search does (`query`: the conversations shown are its matches).
 */
export function ConversationList({ conversations, activeId, query }: { conversations: ConversationSummary[]; activeId?: string | null; query?: string }) {
  const groups: { name: ConversationGroup | null; items: ConversationSummary[] }[] = [];
  for (const c of conversations) {
    const name = c.group ?? null;
    const last = groups.at(-1);
    if (last && last.name === name) last.items.push(c);
    else groups.push({ name, items: [c] });
  }
  return (
    <nav class="conversations" id="conversation-list" aria-label="Conversations">
      {conversations.length ? (
        groups.map((g) => (
          <section class="conv-group">
            {g.name ? <h2 class="conv-group-title">{g.name}</h2> : null}
            <ul class="conv-list">
              {g.items.map((c) => (
                <ConversationItem conversation={c} active={c.id === activeId} />
              ))}
            </ul>
          </section>
        ))
      ) : query ? (
        <p class="muted empty-list" id="conv-none">
          No conversation matches.
        </p>
      ) : (
        <p class="muted empty-list">No conversations yet.</p>
      )}
    </nav>
  );
}
