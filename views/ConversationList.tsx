import type { ConversationGroup as GroupName } from "../src/ui/conversation-groups.ts";
import { ConversationGroup } from "./ConversationGroup.tsx";
import type { ConversationSummary } from "./ConversationItem.tsx";

/**
 * The sidebar's conversations, newest first (the caller orders them), under the headings
 * Today / Yesterday / Previous 7 days / Older (each summary's `group`). The root element
 * carries id="conversation-list", so an `outerHTML` partial can replace the whole list:
 * the sidebar's search does (`query`: the conversations shown are its matches).
 */
export function ConversationList({ conversations, activeId, query }: { conversations: ConversationSummary[]; activeId?: string | null; query?: string }) {
  const groups: { name: GroupName | null; items: ConversationSummary[] }[] = [];
  for (const c of conversations) {
    const name = c.group ?? null;
    const last = groups.at(-1);
    if (last && last.name === name) last.items.push(c);
    else groups.push({ name, items: [c] });
  }
  return (
    <nav class="conversations" id="conversation-list" aria-label="Conversations">
      {conversations.length ? (
        groups.map((g) => <ConversationGroup name={g.name} items={g.items} activeId={activeId} />)
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
