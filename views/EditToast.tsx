/** A rule a repeated edit suggests: where the Rules page opens with it filled in, and the merchant and category it names. */
export type SuggestedRule = { link: string; merchant: string; category: string };

/**
 * What a change on a data page did, with its Undo (POST /edits/:id/undo), and after a repeated
 * edit "Always do this": the Rules page with that rule filled in (and its preview). Swapped into
 * the page's #toast live region, so a screen reader hears it once.
 */
export function EditToast({ message, undoId, error, rule }: { message: string; undoId?: number | null; error?: boolean; rule?: SuggestedRule | null }) {
  return (
    <div class={`toast${error ? " toast-error" : ""}`}>
      <span class="toast-message">{message}</span>
      {undoId != null ? (
        <form method="post" action={`/edits/${undoId}/undo`} hx-post={`/edits/${undoId}/undo`} hx-target="#toast" hx-swap="innerHTML" class="toast-undo">
          <button type="submit">Undo</button>
        </form>
      ) : null}
      {rule ? (
        <a class="button quiet toast-rule" href={rule.link} title={`Make a rule: merchant ${rule.merchant} → ${rule.category}, at every import`}>
          Always do this (make a rule)
        </a>
      ) : null}
    </div>
  );
}
