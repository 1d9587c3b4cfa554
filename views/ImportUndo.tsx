import { formatCount } from "../src/core/format.ts";

/** What an undo of an import does, in the words of its confirmation. */
export const removedWords = (n: number) => (n === 1 ? "Its transaction is removed from your data." : `Its ${formatCount(n)} transactions are removed from your data.`);

/**
 * Undo of one import (a batch), asking first (page.js reads `data-confirm`); the answer goes to `target` — the
 * import's result it replaces, or the notice above the list of past imports.
 */
export function ImportUndo(p: { batch: string; file: string; rows: number; target: string; swap: string; label: string; name?: string; /** Rows edited by hand since, which the user agrees to lose (an undo refused for them, asked again). */ includingEdited?: number }) {
  const edits = p.includingEdited ? ` ${p.includingEdited === 1 ? "The row you edited since goes too, with your edit" : `The ${formatCount(p.includingEdited)} rows you edited since go too, with your edits`}.` : "";
  return (
    <form method="post" action="/import/undo" hx-post="/import/undo" hx-target={p.target} hx-swap={p.swap} class="inline-form" data-confirm={`Undo the import of ${p.file}? ${removedWords(p.rows)}${edits}`}>
      <input type="hidden" name="batch" value={p.batch} />
      {p.includingEdited ? <input type="hidden" name="including_edited" value="yes" /> : null}
      <button type="submit" class="danger" aria-label={p.name}>
        {p.label}
      </button>
    </form>
  );
}
