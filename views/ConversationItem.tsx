import { formatDate } from "../src/core/format.ts";
import type { ConversationGroup } from "../src/ui/conversation-groups.ts";

/** `pending`: an approval card in it waits for the user's decision; `group`: its heading in the list. */
export type ConversationSummary = { id: string; title: string; updatedAt?: string | null; pending?: boolean; group?: ConversationGroup };

/** "14 Mar 2025" from an ISO time (page.js shows it as "14:05" today, else "14 Mar", in the browser's zone). */
function day(iso: string | null | undefined): string {
  return iso ? formatDate(iso) : "";
}

/**
 * One conversation in the sidebar: its link with its date. The open conversation also
 * has (under a ⋯ disclosure, no JS needed) a rename form and a delete form: one Tab stop
 * per conversation, not three. Plain POST forms: the server answers with a redirect.
 * A delete asks nothing: the page that follows offers Undo for a few seconds. page.js
 * closes the menu on Escape.
 */
export function ConversationItem({ conversation, active }: { conversation: ConversationSummary; active?: boolean }) {
  const id = encodeURIComponent(conversation.id);
  const title = conversation.title || "Untitled";
  return (
    <li class={active ? "conv active" : "conv"}>
      <a class="conv-link" href={`/conversations/${id}`} aria-current={active ? "page" : undefined} title={title}>
        <span class="conv-title">{title}</span>
        {conversation.pending ? (
          <span class="conv-pending" title="Waiting for your decision">
            <span aria-hidden="true">●</span>
            <span class="sr-only">(waiting for your decision)</span>
          </span>
        ) : null}
        {conversation.updatedAt ? (
          <time class="conv-date local-date" datetime={conversation.updatedAt}>
            {day(conversation.updatedAt)}
          </time>
        ) : null}
      </a>
      {active ? (
        <details class="conv-menu">
          <summary aria-label={`Options for “${title}”`} title="Rename or delete">
            <span aria-hidden="true">⋯</span>
          </summary>
          <div class="conv-menu-body">
            <form method="post" action={`/conversations/${id}/rename`} class="rename-form">
              <label>
                <span class="sr-only">New title for “{title}”</span>
                <input type="text" name="title" value={title} maxlength={200} required autocomplete="off" />
              </label>
              <button type="submit">Rename</button>
            </form>
            <form method="post" action={`/conversations/${id}/delete`} class="delete-form">
              <button type="submit" class="danger">
                Delete
              </button>
            </form>
          </div>
        </details>
      ) : null}
    </li>
  );
}
