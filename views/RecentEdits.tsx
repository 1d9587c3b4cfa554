import { formatDateTime } from "../src/core/format.ts";

/** One of the user's own changes (store.edits), as the "Your recent changes" list shows it. */
export type RecentEditView = { id: number; message: string; createdAt: string; undoneAt: string | null };

/**
 * The user's own recent changes to the data (transaction edits, category changes), each
 * undoable once from here as from its toast: the audit trail a person can act on.
 */
export function RecentEdits({ edits }: { edits: RecentEditView[] }) {
  if (!edits.length) return null;
  return (
    <details class="recent-edits" id="recent-edits">
      <summary>Your recent changes ({edits.length})</summary>
      <ul>
        {edits.map((e) => (
          <li>
            {/* page.js shows it in the reader's time zone (the time today, else the date). */}
            <time class="local-date" datetime={e.createdAt}>
              {formatDateTime(e.createdAt)}
            </time>{" "}
            {e.message}{" "}
            {e.undoneAt ? (
              <span class="muted">(undone)</span>
            ) : (
              <form method="post" action={`/edits/${e.id}/undo`} hx-post={`/edits/${e.id}/undo`} hx-target="#toast" hx-swap="innerHTML" class="inline-form">
                <button type="submit" class="link">
                  Undo
                </button>
              </form>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}
