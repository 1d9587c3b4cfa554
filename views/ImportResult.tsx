import { formatCount, plural } from "../src/core/format.ts";
import { ImportUndo } from "./ImportUndo.tsx";

export type ImportResultProps = {
  /** The file's preview this result takes the place of (its element id stays, so links to it still work). */
  id?: string;
  error?: string;
  file?: string;
  batch?: string | null;
  inserted?: number;
  /** Rows the preview would have added that another import added meanwhile (an overlapping statement). */
  skipped?: number;
  bySource?: Record<"user_rule" | "cache" | "rules" | "llm" | "unclassified", number>;
  /** What asking the model did and took, in a sentence ("The model classified 12 new merchants (3'456 tokens, estimated USD 0.01)."), and its failure. */
  classification?: string | null;
  modelError?: string | null;
  /** The snapshot of the budget database kept before this import (the write path's daily backup). */
  snapshot?: string | null;
  undone?: { file: string; deleted: number };
  /** With `error`: the undo was refused because rows were edited by hand since; offered again, deleting them too. */
  editedSince?: { batch: string; file: string; rows: number; edited: number };
};

/**
 * What an import (or an undo) did, with "Undo this import" (asking first) right after an import; it takes
 * the place of the file's preview. The batch and the snapshot's path are kept in its details, for whoever
 * needs them.
 */
export function ImportResult(p: ImportResultProps) {
  const id = p.id ? `file-${p.id}` : undefined;
  if (p.error) {
    return (
      <div class="notice notice-error import-outcome" role="alert" id={id}>
        <span class="error-message">{p.error}</span>
        {p.editedSince ? (
          <div class="import-result-actions">
            <ImportUndo
              batch={p.editedSince.batch}
              file={p.editedSince.file}
              rows={p.editedSince.rows}
              includingEdited={p.editedSince.edited}
              target="closest .import-outcome"
              swap="outerHTML"
              label={p.editedSince.edited === 1 ? "Undo it anyway, with the edited row" : `Undo it anyway, with the ${formatCount(p.editedSince.edited)} edited rows`}
            />
          </div>
        ) : null}
      </div>
    );
  }
  if (p.undone) {
    return (
      <div class="notice import-outcome" role="status" id={id}>
        Undone: removed {plural(p.undone.deleted, "transaction")} imported from {p.undone.file}.
      </div>
    );
  }
  const s = p.bySource;
  const classified = s
    ? [s.user_rule ? `${formatCount(s.user_rule)} by your rules` : null, s.cache ? `${formatCount(s.cache)} known merchants` : null, s.rules ? `${formatCount(s.rules)} by card rules` : null, s.llm ? `${formatCount(s.llm)} by the model` : null, s.unclassified ? `${formatCount(s.unclassified)} not classified` : null].filter((x) => x !== null)
    : [];
  return (
    <div class="notice import-outcome import-result" role="status" id={id}>
      <p>
        <strong>
          Imported {plural(p.inserted ?? 0, "transaction")} from {p.file}.
        </strong>{" "}
        {p.skipped ? `${plural(p.skipped, "row was", "rows were")} added meanwhile by another import and skipped. ` : null}
        {classified.length && (p.inserted ?? 0) > 0 ? `Categories: ${classified.join(", ")}.` : null}
      </p>
      {p.classification ? <p class="import-classification">{p.classification}</p> : null}
      {p.modelError ? <p class="notice notice-error">The model could not classify every new merchant ({p.modelError}); those rows are stored as not classified.</p> : null}
      {p.batch ? (
        <div class="import-result-actions">
          <a href="/">Ask about it in the chat</a>{" "}
          <ImportUndo batch={p.batch} file={p.file ?? ""} rows={p.inserted ?? 0} target="closest .import-outcome" swap="outerHTML" label="Undo this import" />
        </div>
      ) : null}
      {p.batch ? (
        <details class="import-technical">
          <summary>Details</summary>
          <p>
            Import {p.batch}
            {p.snapshot ? `; before it, a snapshot of the budget database was kept: ${p.snapshot}` : ""}
          </p>
        </details>
      ) : null}
    </div>
  );
}
