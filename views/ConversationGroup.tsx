import type { ConversationGroup as GroupName } from "../src/ui/conversation-groups.ts";
import { ConversationItem, type ConversationSummary } from "./ConversationItem.tsx";

/** The id of the Today group's list: a new conversation's item goes first in it (POST /chat sends only that item). */
export const TODAY_LIST_ID = "conv-today";

/** One heading of the conversation list (Today, Yesterday, …; none for search results) and its conversations. */
export function ConversationGroup({ name, items, activeId }: { name: GroupName | null; items: ConversationSummary[]; activeId?: string | null }) {
  return (
    <section class="conv-group">
      {name ? <h2 class="conv-group-title">{name}</h2> : null}
      <ul class="conv-list" id={name === "Today" ? TODAY_LIST_ID : undefined}>
        {items.map((c) => (
          <ConversationItem conversation={c} active={c.id === activeId} />
        ))}
      </ul>
    </section>
  );
}
