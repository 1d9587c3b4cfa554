/**
 * Importing bank statements in the web app (SPEC §10, §10.1).
 *
 * JSON:
 *   GET    /api/imports                  every import, newest first;
 *   POST   /api/imports                  multipart `file` (≤ 50 MB), optional `account`, `format`, `flip-signs` ("true"),
 *                                        `layout` (or `mapping`: a saved layout's name) and the CSV mapping fields
 *                                        (`date-column`, `amount-column`, …, named as the CLI's flags) → the preview
 *                                        with its `version`, held for 30 minutes in this process's memory
 *                                        (src/import/pending.ts; the statement is read in the parse worker, SPEC §13.1);
 *                                        a ZIP of statements answers {files: [preview…]}, one per file in it;
 *   POST   /api/imports/:id/preview      {"account", "format", "flip_signs", "layout", "currency" (as --currency: a bank
 *                                        layout's file keeps its layout), "columns": {"roles": [...], "date_format",
 *                                        "decimal", "currency"}} → the file previewed again with these settings, under
 *                                        the next version;
 *   POST   /api/imports/:id/commit       optional {"version": n, "include_possible_duplicates": true | [transaction ids],
 *                                        "accept_unreconciled": true, "skip_bad_rows": true} → {batch, inserted, snapshot, by_source}; the new
 *                                        merchants are classified now (the model, counted in usage as "import
 *                                        classification"); 400 naming the bad lines when the file has bad rows and
 *                                        `skip_bad_rows` is not set (the CLI's --skip-bad-rows); 409 "The preview changed; check it and import again." when
 *                                        `version` is not the preview's (or a re-preview runs), 422 when the balances do not
 *                                        reconcile and that is not accepted, 410 when the preview expired;
 *                                        503 with Retry-After when budget.db is busy, the preview kept for a retry;
 *   DELETE /api/imports/:batch           undo → {batch, deleted}; 422 {error, edited_count, edited} when rows of it were
 *                                        edited by hand since, unless the body is {"including_edited": true}.
 * Browser (htmx, views/Import*.tsx): GET /import; POST /import/preview (the dropped files: an SSE stream of
 * fragments, progress then the previews); POST /import/:id/settings (a field changed: the file previewed again;
 * `?columns=chosen` from the mapping screen — "Use these columns" too —, `&save=1` saves the layout); POST /import/:id/commit
 * (progress while the rows are read again and the model classifies, then the result); POST /import/all ("Import all" of a
 * drop); POST /import/summary (a tick of the drop's combined preview changed: the ticks kept for the drop, the summary
 * again); POST /import/undo (form fields `batch`, `including_edited=yes` once the user agreed to lose edits made since).
 *
 * Mounted after the session and Origin checks but before the chat's small body limit
 * (src/web/server.ts): uploads have their own, 50 MB. A file with bad rows is previewed
 * with the bad rows listed (each with its reason) and imports without them only when asked: the page's tick "Import
 * without the bad rows", the API's `skip_bad_rows`. A CSV nothing recognised is previewed on the page with the columns
 * proposed for it, and imports once the user has confirmed or changed them (the CLI and the API refuse it until its
 * columns are named).
 */
import { Hono } from "hono";
import type { WebDeps, WebEnv } from "../context.ts";
import { apiRoutes } from "./imports/api-routes.ts";
import { commitRoutes } from "./imports/commit-routes.tsx";
import { importSession } from "./imports/import-session.tsx";
import { mappingRoutes } from "./imports/mapping-routes.ts";
import { previewRoutes } from "./imports/preview-routes.tsx";

// Given from here as before the split (the tests import them from the routes).
export { balancesOf } from "./imports/import-views.ts";
export { inPageWords } from "./imports/page-words.ts";

/** The import's routes, in this order: the JSON API, the page and its drop, a file's settings, the page's imports. */
export function importRoutes(deps: WebDeps) {
  const r = new Hono<WebEnv>();
  const session = importSession(deps);
  apiRoutes(r, session, deps);
  previewRoutes(r, session, deps);
  mappingRoutes(r, session, deps);
  commitRoutes(r, session, deps);
  return r;
}
