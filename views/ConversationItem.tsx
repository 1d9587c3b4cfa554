export type ConversationSummary = { id: string; title: string; updatedAt?: string | null };

/**
 * One conversation in the sidebar: its link, and (under a ⋯ disclosure, no JS needed)
 * a rename form and a delete form. Plain POST forms: the server answers with a redirect.
 * app.js asks for confirmation before a delete.
 */
export function ConversationItem({ conversation, active }: { conversation: ConversationSummary; active?: boolean }) {
  const id = encodeURIComponent(conversation.id);
  const title = conversation.title || "Untitled";
  return (
    <li class={active ? "conv active" : "conv"}>
      <a class="conv-link" href={`/conversations/${id}`} aria-current={active ? "page" : undefined} title={title}>
        {title}
      </a>
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
          <form method="post" action={`/conversations/${id}/delete`} class="delete-form" data-confirm={`Delete “${title}”? This cannot be undone.`}>
            <button type="submit" class="danger">
              Delete
            </button>
          </form>
        </div>
      </details>
    </li>
  );
}
