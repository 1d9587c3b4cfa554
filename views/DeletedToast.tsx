/** How long a deleted conversation can be restored (the server removes it for good a little later). */
export const DELETE_UNDO_MS = 8_000;

/**
 * After a conversation was deleted: "Deleted “title”." with Undo, for a few seconds
 * (page.js removes it after `data-timeout`). Undo is a plain POST form.
 */
export function DeletedToast({ conversation }: { conversation: { id: string; title: string } }) {
  return (
    <div class="toast toast-inline" id="undo-toast" role="status" data-timeout={String(DELETE_UNDO_MS)}>
      <span>Deleted “{conversation.title || "Untitled"}”.</span>
      <form method="post" action={`/conversations/${encodeURIComponent(conversation.id)}/restore`}>
        <button type="submit" class="primary">
          Undo
        </button>
      </form>
    </div>
  );
}
