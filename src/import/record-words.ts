/**
 * An import's record as the command line and the API list it, and who made it in words.
 */
import type { ImportRecord, ImportVia } from "../store/import-records.ts";

/** Who imports or undoes: a user (page, API) or the terminal. */
export type ImportActor = { userId: string | null; by: string; via: ImportVia };

/** An import record as `imports list --json` and GET /api/imports show it. */
export function importRecordJson(r: ImportRecord) {
  return {
    batch: r.batch,
    file: r.file,
    format: r.format,
    account: r.account,
    rows: r.rows,
    first_date: r.firstDate,
    last_date: r.lastDate,
    imported_at: r.importedAt,
    imported_by: r.importedBy,
    imported_via: r.importedVia,
    undone_at: r.undoneAt,
    undone_by: r.undoneBy,
    undone_via: r.undoneVia,
    reconciliation: r.reconciliation,
  };
}

const VIA_WORDS: Record<ImportVia, string> = { cli: "CLI", page: "page", api: "API" };

/**
 * Who made (or undid) an import, in words: how — "CLI", "page", "API" — and, when it was a signed-in user of a
 * multi-user app, who ("alex (page)"). The single local user's name ("local") and the command line's ("cli") say
 * nothing the way does not.
 */
export function importActorText(by: string, via: ImportVia | null): string {
  if (!via) return by === "cli" ? VIA_WORDS.cli : by === "local" ? "the local user (page or API)" : by;
  return by === "local" || by === "cli" ? VIA_WORDS[via] : `${by} (${VIA_WORDS[via]})`;
}
