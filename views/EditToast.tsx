/**
 * What a change on a data page did, with its Undo (POST /edits/:id/undo). Swapped into
 * the page's #toast live region, so a screen reader hears it once.
 */
export function EditToast({ message, undoId, error }: { message: string; undoId?: number | null; error?: boolean }) {
  return (
    <div class={`toast${error ? " toast-error" : ""}`}>
      <span class="toast-message">{message}</span>
      {undoId != null ? (
        <form method="post" action={`/edits/${undoId}/undo`} hx-post={`/edits/${undoId}/undo`} hx-target="#toast" hx-swap="innerHTML" class="toast-undo">
          <button type="submit">Undo</button>
        </form>
      ) : null}
    </div>
  );
}
