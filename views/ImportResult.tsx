import { formatCount, plural } from "../src/core/format.ts";

export type ImportResultProps = {
  error?: string;
  file?: string;
  batch?: string | null;
  inserted?: number;
  /** Rows the preview would have added that another import added meanwhile (an overlapping statement). */
  skipped?: number;
  bySource?: Record<"user_rule" | "cache" | "rules" | "llm" | "unclassified", number>;
  /** The snapshot of the budget database kept before this import (the write path's daily backup). */
  snapshot?: string | null;
  undone?: { batch: string; deleted: number };
};

/** What an import (or an undo) did, with "Undo this import" right after an import; it takes the place of the file's preview. */
export function ImportResult(p: ImportResultProps) {
  if (p.error) {
    return (
      <div class="notice notice-error import-outcome" role="alert">
        <span class="error-message">{p.error}</span>
      </div>
    );
  }
  if (p.undone) {
    return (
      <div class="notice import-outcome" role="status">
        Undone: removed {plural(p.undone.deleted, "transaction")} of {p.undone.batch}.
      </div>
    );
  }
  const s = p.bySource;
  return (
    <div class="notice import-outcome import-result" role="status">
      <p>
        <strong>
          Imported {plural(p.inserted ?? 0, "transaction")} from {p.file}.
        </strong>{" "}
        {p.skipped ? `${plural(p.skipped, "row was", "rows were")} added meanwhile by another import and skipped. ` : null}
        {s && (p.inserted ?? 0) > 0
          ? `Classified: ${s.user_rule ? `${formatCount(s.user_rule)} by your rules, ` : ""}${formatCount(s.cache)} from the merchant cache, ${formatCount(s.rules)} by card rules, ${formatCount(s.llm)} by the model` +
            (s.unclassified ? `; ${formatCount(s.unclassified)} wait for classification (budget-chat classify).` : ".")
          : null}
      </p>
      {p.snapshot ? <p class="muted">Before this import a snapshot of the budget database was kept: {p.snapshot}</p> : null}
      {p.batch ? (
        <div class="import-result-actions">
          <a href="/">Ask about it in the chat</a>{" "}
          <form method="post" action="/import/undo" hx-post="/import/undo" hx-target="closest .import-outcome" hx-swap="outerHTML" class="inline-form">
            <input type="hidden" name="batch" value={p.batch} />
            <button type="submit" class="danger">
              Undo this import
            </button>
          </form>
        </div>
      ) : null}
    </div>
  );
}
