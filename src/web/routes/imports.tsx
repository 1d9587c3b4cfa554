/**
 * Importing bank statements in the web app (SPEC §10).
 *
 * JSON:
 *   GET    /api/imports                  every import, newest first;
 *   POST   /api/imports                  multipart `file` (≤ 50 MB; a ZIP of statements answers {files: [preview…]},
 *                                        one per file in it), optional `account`, `format`, `mapping`
 *                                        (a saved mapping's name) and the CSV mapping fields (`date-column`,
 *                                        `amount-column`, …, as the CLI's flags) → the preview, held for 30
 *                                        minutes in this process's memory (src/import/pending.ts);
 *                                        `flip-signs` ("true"); the statement is read in the parse worker (SPEC §13.1);
 *   POST   /api/imports/:id/commit       optional {"include_possible_duplicates": true | [transaction ids], "accept_unreconciled": true}
 *                                        → {batch, inserted, snapshot}; 422 when the balances do not reconcile and that is not
 *                                        accepted; 410 when the preview expired (let go for a newer one, or past 30 minutes);
 *                                        503 with Retry-After when budget.db is busy, the preview kept for a retry;
 *   DELETE /api/imports/:batch           undo → {batch, deleted}.
 * Browser (htmx, views/ImportPage.tsx): GET /import, POST /import/preview (an SSE stream of fragments:
 * progress, then the preview), POST /import/:id/commit, POST /import/undo (form field `batch`), each
 * answering with a fragment.
 *
 * Mounted after the session and Origin checks but before the chat's small body limit
 * (src/web/server.ts): uploads have their own, 50 MB. A file with bad rows is previewed
 * with the bad rows listed and imports without them (the page shows each with its reason).
 */
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { streamSSE } from "hono/streaming";
import { z } from "zod";
import { ChangeRefused, ConfigError, NeedsColumnMapping, UsageError } from "../../core/errors.ts";
import { IMPORT_FORMATS } from "../../import/formats/registry.ts";
import { isZip } from "../../import/formats/zip.ts";
import type { CsvMapping } from "../../import/formats/types.ts";
import {
  fileTotals,
  importRecordJson,
  planCounts,
  previewRows,
  reconciliationJson,
  rowsToInsert,
  unreconciledMessage,
  type FilePlan,
  type ImportActor,
  type IncludePossible,
} from "../../import/importer.ts";
import { csvMapping } from "../../import/mapping.ts";
import { unpackInWorker } from "../../import/parse-pool.ts";
import { PendingImports } from "../../import/pending.ts";
import { BudgetBusyError } from "../../ledger/write-path.ts";
import { ImportList } from "../../../views/ImportList.tsx";
import { ImportPage } from "../../../views/ImportPage.tsx";
import { ImportPreview, type ImportPreviewView } from "../../../views/ImportPreview.tsx";
import { ImportProgress } from "../../../views/ImportProgress.tsx";
import { ImportResult } from "../../../views/ImportResult.tsx";
import { renderPage } from "../../../views/Layout.tsx";
import { assetUrl } from "../assets.ts";
import type { WebDeps, WebEnv } from "../context.ts";
import { formBody, isHtmxRequest, jsonBody, refuse, refusalOf } from "../middleware/respond.ts";
import { toHtml } from "../sse-renderer.ts";

/** The largest statement an upload may carry (SPEC §10). */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
/** Room for the multipart envelope and the other fields around the file. */
const ENVELOPE_BYTES = 64 * 1024;
const TOO_LARGE_MESSAGE = "File too large: a statement may be at most 50 MB.";
/** Rows of a preview the page and the API show; the counts cover all. */
const PREVIEW_ROWS = 500;

/** The optional body of a commit: which possible duplicates to import too (all, none, or these ids). */
const CommitRequest = z.object({
  include_possible_duplicates: z.union([z.boolean(), z.array(z.string())], "include_possible_duplicates must be true, false or a list of transaction ids").optional(),
  accept_unreconciled: z.boolean("accept_unreconciled must be true or false").optional(),
});

type Upload = { name: string; bytes: Uint8Array; fields: Record<string, string> };

export function importRoutes(deps: WebDeps) {
  const r = new Hono<WebEnv>();
  const { importer, store } = deps;
  const pending = new PendingImports();
  const asset = (name: string) => assetUrl(deps.assets, name);
  const actor = (c: Context<WebEnv>, via: ImportActor["via"]): ImportActor => {
    const user = c.get("user");
    return { userId: user.id, by: user.name, via };
  };
  const upload = bodyLimit({ maxSize: MAX_UPLOAD_BYTES + ENVELOPE_BYTES, onError: (c) => refuse(c, 413, TOO_LARGE_MESSAGE) });
  // These routes sit before the chat's body limit (server.ts): a commit carries at most the ticked ids, an undo one batch.
  const small = bodyLimit({ maxSize: 4 * 1024 * 1024, onError: (c) => refuse(c, 413, "Request too large.") });

  /** The uploaded files and the other fields. None is refused (`invalid`); more than 50 MB together is a 413. */
  const readUploads = async (c: Context<WebEnv>): Promise<Upload[]> => {
    const body = await formBody(c, { all: true });
    const fields: Record<string, string> = {};
    for (const [k, v] of Object.entries(body)) if (typeof v === "string") fields[k] = v;
    const files = ([] as unknown[]).concat(body.file ?? []).filter((f): f is File => f instanceof File && (f.size > 0 || f.name !== ""));
    if (files.length === 0) throw new ChangeRefused("invalid", "Choose a statement file to import (form field `file`).");
    if (files.reduce((n, f) => n + f.size, 0) > MAX_UPLOAD_BYTES) throw new HTTPException(413, { message: TOO_LARGE_MESSAGE });
    return Promise.all(files.map(async (f) => ({ name: f.name || "statement", bytes: new Uint8Array(await f.arrayBuffer()), fields })));
  };
  /** Each upload as the statement files it stands for: a ZIP's members (unpacked in the parse worker), else itself. */
  const statementsOf = async (ups: Upload[]): Promise<Upload[]> =>
    (await Promise.all(ups.map(async (up) => (await unpackInWorker(up)).map((f) => ({ ...f, fields: up.fields }))))).flat();

  /**
   * Parse and plan an upload and hold the plan for its commit; a problem with the file is thrown (ImportInputError,
   * NeedsColumnMapping when its columns must be named). Files dropped together are planned each against budget.db
   * alone: each can be imported or not, in any order, and a row two of them share is added once (the commit skips
   * ids that are there by then).
   */
  const preview = async (c: Context<WebEnv>, up: Upload, onProgress?: (done: number, total: number) => void): Promise<{ id: string; plan: FilePlan }> => {
    const { fields } = up;
    const format = fields.format?.trim() || "auto";
    if (format !== "auto" && !IMPORT_FORMATS.includes(format)) {
      throw new ChangeRefused("invalid", `Unknown format "${format}": auto, ${IMPORT_FORMATS.join(", ")}.`);
    }
    const savedName = fields.mapping?.trim();
    const saved = savedName ? store.csvMappings.get(savedName) : null;
    if (savedName && !saved) throw new ChangeRefused("invalid", `No saved mapping "${savedName}".`);
    let mapping: CsvMapping | undefined;
    try {
      mapping = csvMapping(fields, saved);
    } catch (e) {
      // The column fields do not make a mapping (a debit column without a credit column, an unknown date format…).
      if (e instanceof UsageError) throw new NeedsColumnMapping(e.message);
      throw e;
    }
    // Read off the event loop; bad rows and unreconciled balances are shown in the preview, not refused.
    const parsed = await importer.parseOffThread(
      { name: up.name, bytes: up.bytes },
      { format, mapping, account: fields.account?.trim() || undefined, skipBadRows: true, acceptUnreconciled: true, flipSigns: isTicked(fields["flip-signs"]) },
    );
    // Classifying may take several model calls: the answer must not be cut off by the idle timeout.
    c.env?.server?.timeout(c.req.raw, 0);
    const plan = await importer.plan(parsed, { classify: importer.canClassify ? "model" : "offline", onProgress });
    return { id: pending.add(plan, c.get("user").id), plan };
  };

  /** Previews being imported right now: a second Import of the same preview imports nothing. */
  const committing = new Set<string>();

  /**
   * Import a held preview. It is let go only once its rows are in budget.db: a busy database
   * (BudgetBusyError, a 503) keeps it, so Import can simply be tried again.
   */
  const commit = async (c: Context<WebEnv>, id: string, include: IncludePossible, acceptUnreconciled: boolean, via: ImportActor["via"]) => {
    const userId = c.get("user").id;
    const held = pending.lookup(id, userId);
    if ("expired" in held) throw new ChangeRefused("expired", "This preview expired; drop the file again.");
    if ("unknown" in held) throw new ChangeRefused("not_found", "This preview is no longer available (it was imported already, or never made). Drop the file again.");
    // Refused while the preview is held: ticking "import anyway" and pressing Import again works.
    const refusal = acceptUnreconciled ? null : unreconciledMessage(held.plan.file, held.plan.format, held.plan.reconciliation);
    if (refusal) throw new ChangeRefused("needs_consent", refusal.replace(/\(--accept-unreconciled, or the tick on the page, imports it anyway\)/, "(tick “Import although the balances do not add up” to import it anyway)"));
    if (committing.has(id)) throw new ChangeRefused("conflict", "This preview is being imported already.");
    const plan = held.plan;
    committing.add(id);
    // A big statement takes longer than the server's idle timeout (10 s without a byte): the answer must not be cut off.
    c.env?.server?.timeout(c.req.raw, 0);
    try {
      const done = await importer.commit(plan, { includePossibleDuplicates: include, acceptUnreconciled, actor: actor(c, via) });
      pending.take(id, userId);
      // The chat's data (and, after a first import, the switch from demo data) follow at once, read in slices.
      await deps.budget.refreshInSlices();
      return { plan, ...done };
    } catch (e) {
      // The configured budget database cannot take it (another program's file): nothing was written.
      if (e instanceof ConfigError) throw new ChangeRefused("conflict", e.message);
      throw e;
    } finally {
      committing.delete(id);
    }
  };

  const undo = async (c: Context<WebEnv>, batch: string, via: ImportActor["via"]) => {
    // A big import's undo takes longer than the server's idle timeout too.
    c.env?.server?.timeout(c.req.raw, 0);
    const done = await importer.undo(batch, actor(c, via));
    await deps.budget.refreshInSlices();
    return done;
  };

  /** How the page shows a refused upload or file: the message, and the column mapping opened when the columns must be named. */
  const problem = (e: unknown) => {
    if (!refusalOf(e)) throw e;
    return <ImportPreview error={(e as Error).message} needsMapping={e instanceof NeedsColumnMapping} />;
  };

  // --- JSON ---

  r.get("/api/imports", (c) => c.json({ imports: importer.list().map(importRecordJson) }));

  r.post("/api/imports", upload, async (c) => {
    const uploads = await readUploads(c);
    if (uploads.length > 1) throw new ChangeRefused("invalid", "One file per request: post each statement on its own.");
    // A ZIP of statements: a preview per file in it, each committed on its own.
    if (isZip(uploads[0]!.bytes)) {
      const previews = [];
      for (const up of await statementsOf(uploads)) {
        const res = await preview(c, up);
        previews.push(previewJson(res.id, res.plan));
      }
      return c.json({ files: previews });
    }
    const res = await preview(c, uploads[0]!);
    return c.json(previewJson(res.id, res.plan));
  });

  r.post("/api/imports/:id/commit", small, jsonBody(CommitRequest, (problem) => `invalid request: ${problem}; send {"include_possible_duplicates": true} or a list of transaction ids`), async (c) => {
    const body = c.req.valid("json");
    const v = body.include_possible_duplicates ?? false;
    const res = await commit(c, c.req.param("id"), typeof v === "boolean" ? v : new Set(v), body.accept_unreconciled ?? false, "api");
    return c.json({ batch: res.batch, inserted: res.inserted, snapshot: res.snapshot ?? null });
  });

  r.delete("/api/imports/:batch", async (c) => {
    const res = await undo(c, c.req.param("batch"), "api");
    return c.json({ batch: res.batch, deleted: res.deleted });
  });

  // --- Browser ---

  r.get("/import", async (c) => {
    const user = c.get("user");
    return c.html(
      await renderPage(
        <ImportPage imports={importer.list()} mappings={store.csvMappings.names()} demo={deps.budget.demo} asset={asset} userName={user.id === "local" ? null : user.name} />,
      ),
    );
  });

  // The page's preview streams (hx-sse swaps each message into #import-preview): a progress bar while the
  // model classifies a large file's merchants, then a preview (or the problem) per file.
  r.post("/import/preview", upload, async (c) => {
    let files: Upload[];
    try {
      files = await statementsOf(await readUploads(c));
    } catch (e) {
      if (e instanceof HTTPException) return c.html(toHtml(<ImportPreview error={e.message} />), e.status as 413);
      return c.html(toHtml(problem(e)), 422);
    }
    const previews = async (progress?: (file: string, done: number, total: number) => void) => {
      let html = "";
      for (const up of files) {
        try {
          const res = await preview(c, up, progress && ((done, total) => progress(up.name, done, total)));
          html += toHtml(<ImportPreview preview={previewView(res.id, res.plan)} />);
        } catch (e) {
          html += toHtml(problem(e));
        }
      }
      return html;
    };
    if (!isHtmxRequest(c)) return c.html(await previews());
    return streamSSE(c, async (stream) => {
      const send = (html: string) => stream.writeSSE({ data: html });
      await send(toHtml(<ImportProgress label={`Reading ${files.map((f) => f.name).join(", ")}…`} />));
      let last = 0;
      const html = await previews((file, done, total) => {
        // At most a few updates a second: each is one small fragment.
        if (done < total && Date.now() - last < 250) return;
        last = Date.now();
        void send(toHtml(<ImportProgress label={`${file}: classifying new merchants`} done={done} total={total} />));
      });
      await send(`<div class="import-files">${html}</div>`);
    });
  });

  r.post("/import/:id/commit", small, async (c) => {
    const body = await formBody(c, { all: true });
    const ticked = ([] as unknown[]).concat(body.include ?? []).filter((x): x is string => typeof x === "string");
    const include = new Set(ticked);
    const id = c.req.param("id");
    let res: Awaited<ReturnType<typeof commit>>;
    try {
      res = await commit(c, id, include, isTicked(body["accept-unreconciled"]), "page");
    } catch (e) {
      const refused = refusalOf(e);
      if (!refused) throw e;
      // budget.db was busy: the preview stays, with why its Import did not happen; the user presses Import again.
      const held = e instanceof BudgetBusyError ? pending.lookup(id, c.get("user").id) : null;
      if (held && "plan" in held) {
        return c.html(toHtml(<ImportPreview preview={previewView(id, held.plan)} error={`Nothing was imported: ${(e as Error).message}.`} />), refused.status, refused.headers);
      }
      return c.html(toHtml(<ImportResult error={refused.message ?? (e as Error).message} />), refused.status, refused.headers);
    }
    const list = `<hx-partial hx-target="#import-list" hx-swap="outerHTML">${toHtml(<ImportList imports={importer.list()} />)}</hx-partial>`;
    const skipped = rowsToInsert(res.plan, include).length - res.inserted;
    return c.html(toHtml(<ImportResult file={res.plan.file} batch={res.batch} inserted={res.inserted} skipped={skipped} bySource={res.bySource} snapshot={res.snapshot} />) + list);
  });

  r.post("/import/undo", small, async (c) => {
    const body = await formBody(c);
    const batch = typeof body.batch === "string" ? body.batch : "";
    const list = () => `<hx-partial hx-target="#import-list" hx-swap="outerHTML">${toHtml(<ImportList imports={importer.list()} />)}</hx-partial>`;
    try {
      const res = await undo(c, batch, "page");
      return c.html(toHtml(<ImportResult undone={{ batch: res.batch, deleted: res.deleted }} />) + list());
    } catch (e) {
      const refused = refusalOf(e);
      if (!refused) throw e;
      return c.html(toHtml(<ImportResult error={refused.message ?? (e as Error).message} />) + list(), refused.status, refused.headers);
    }
  });

  return r;
}

/** A form checkbox's value: ticked ("on", "true", "1") or not. */
const isTicked = (v: unknown) => typeof v === "string" && ["on", "true", "1", "yes"].includes(v.trim().toLowerCase());

/**
 * The preview of SPEC §10/§10.1: what the file holds and what becomes of each of its data lines
 * (new, duplicate, possible duplicate, bad row, skipped — they add up to `data_lines`), the money
 * out and in per currency, what its balances say, and the first rows.
 */
function previewJson(id: string, plan: FilePlan) {
  const counts = planCounts(plan);
  return {
    id,
    format: plan.format,
    layout: plan.layout,
    account: plan.account,
    data_lines: counts.dataLines,
    rows: counts.rows,
    new: counts.new,
    duplicates: counts.duplicates,
    possible_duplicates: counts.possibleDuplicates,
    bad_rows: plan.badRows.map((b) => ({ line: b.line, reason: b.reason })),
    skipped: plan.skipped.map((b) => ({ line: b.line, reason: b.reason })),
    totals: fileTotals(plan.rows).map((t) => ({ currency: t.currency, out: t.out, out_rows: t.outRows, in: t.in, in_rows: t.inRows })),
    reconciliation: plan.reconciliation.map(reconciliationJson),
    notes: plan.notes,
    preview: previewRows(plan, PREVIEW_ROWS).map((r) => ({
      line: r.line,
      date: r.date,
      amount: r.amount,
      currency: r.currency,
      description: r.description,
      merchant: r.classified?.merchant ?? null,
      category: r.classified?.category ?? null,
      source: r.classified?.source ?? null,
      status: r.status,
      transaction_id: r.transactionId,
    })),
  };
}

function previewView(id: string, plan: FilePlan): ImportPreviewView {
  const json = previewJson(id, plan);
  return {
    ...json,
    file: plan.file,
    modelError: plan.modelError,
    willImport: rowsToInsert(plan, false).length,
    shown: json.preview.length,
    reconciliationLines: plan.reconciliation,
  };
}
