/**
 * An undo refused (SPEC §10.1): no such import or undone already, or rows of it edited by hand since. Nothing was changed.
 */
import { ChangeRefused } from "../core/errors.ts";
import { formatCount, formatMoney } from "../core/format.ts";
import { UNCATEGORISED } from "../ledger/schema.ts";
import type { UndoOutcome } from "./batch-write.ts";

/** An undo that cannot be done: no such import (`not_found`), or it was undone already (`conflict`). Nothing was changed. */
export class ImportUndoError extends ChangeRefused {
  override name = "ImportUndoError";
}

/**
 * An undo refused because rows of the import were edited by hand since (`needs_consent`): undoing it would delete
 * them with the edits, and those edits could not be undone any more. Nothing was changed; the user may agree
 * (`includingEdited`). The message names how many and which; each surface adds how to agree.
 */
export class ImportEditedSinceError extends ImportUndoError {
  override name = "ImportEditedSinceError";
  constructor(
    readonly batch: string,
    readonly edited: UndoOutcome["edited"],
  ) {
    super("needs_consent", editedSinceWords(batch, edited));
  }
}

/** "2 rows of import "a.csv@…" were edited since it was imported (#12 2026-01-05 CHF −4.50 Migros → Dining, …): undoing it deletes them and your edits of them. Nothing was changed." */
function editedSinceWords(batch: string, edited: UndoOutcome["edited"]): string {
  const named = edited.rows.map((r) => `#${r.id} ${r.date} ${formatMoney(r.amount, r.currency)} ${r.merchant ?? "?"} → ${r.category ?? UNCATEGORISED}`);
  const more = edited.count > named.length ? `, and ${formatCount(edited.count - named.length)} more` : "";
  const rows = edited.count === 1 ? "1 row" : `${formatCount(edited.count)} rows`;
  return `${rows} of import "${batch}" ${edited.count === 1 ? "was" : "were"} edited by hand since it was imported (${named.join("; ")}${more}): undoing the import deletes ${edited.count === 1 ? "it" : "them"} and your edits of ${edited.count === 1 ? "it" : "them"}. Nothing was changed.`;
}
