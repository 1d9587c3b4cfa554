/**
 * Importing bank statements in the web app (SPEC §10).
 *
 * JSON:
 *   GET    /api/imports                  every import, newest first;
 *   POST   /api/imports                  multipart `file` (≤ 50 MB), optional `account`, `format`, `mapping`
 *                                        (a saved mapping's name) and the CSV mapping fields (`date-column`,
 *                                        `amount-column`, …, as the CLI's flags) → the preview, held for 30
 *                                        minutes in this process's memory (src/import/pending.ts);
 *   POST   /api/imports/:id/commit       optional {"include_possible_duplicates": true | [transaction ids]} → {batch, inserted, snapshot}
 *                                        (a busy budget.db: 503 with Retry-After, the preview kept for a retry);
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
import { streamSSE } from "hono/streaming";
import { ConfigError, ImportInputError, UsageError } from "../../core/errors.ts";
import { IMPORT_FORMATS, type ImportFormat } from "../../import/formats/types.ts";
import { importRecordJson, ImportUndoError, planCounts, rowsToInsert, type FilePlan, type ImportActor, type IncludePossible } from "../../import/importer.ts";
import { csvMapping } from "../../import/mapping.ts";
import { PendingImports } from "../../import/pending.ts";
import { BudgetBusyError, BUSY_RETRY_AFTER_S } from "../../ledger/write-path.ts";
import { ImportList } from "../../../views/ImportList.tsx";
import { ImportPage } from "../../../views/ImportPage.tsx";
import { ImportPreview, type ImportPreviewView } from "../../../views/ImportPreview.tsx";
import { ImportProgress } from "../../../views/ImportProgress.tsx";
import { ImportResult } from "../../../views/ImportResult.tsx";
import { renderPage } from "../../../views/Layout.tsx";
import { assetUrl } from "../assets.ts";
import type { WebDeps, WebEnv } from "../context.ts";
import { formBody, isHtmxRequest, refuse } from "../middleware/respond.ts";
import { toHtml } from "../sse-renderer.ts";

/** The largest statement an upload may carry (SPEC §10). */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
/** Room for the multipart envelope and the other fields around the file. */
const ENVELOPE_BYTES = 64 * 1024;
/** Rows of a preview the page and the API show; the counts cover all. */
const PREVIEW_ROWS = 500;

type Upload = { name: string; bytes: Uint8Array; fields: Record<string, string> };
type Problem = { ok: false; status: 400 | 413; message: string };

export function importRoutes(deps: WebDeps) {
  const r = new Hono<WebEnv>();
  const { importer, store } = deps;
  const pending = new PendingImports();
  const asset = (name: string) => assetUrl(deps.assets, name);
  const actor = (c: Context<WebEnv>, via: ImportActor["via"]): ImportActor => {
    const user = c.get("user");
    return { userId: user.id, by: user.name, via };
  };
  const upload = bodyLimit({ maxSize: MAX_UPLOAD_BYTES + ENVELOPE_BYTES, onError: (c) => refuse(c, 413, "File too large: a statement may be at most 50 MB.") });
  // These routes sit before the chat's body limit (server.ts): a commit carries at most the ticked ids, an undo one batch.
  const small = bodyLimit({ maxSize: 4 * 1024 * 1024, onError: (c) => refuse(c, 413, "Request too large.") });

  /** The uploaded files and the other fields, or why there are none (400/413). */
  const readUploads = async (c: Context<WebEnv>): Promise<{ ok: true; files: Upload[] } | Problem> => {
    const body = await formBody(c, { all: true });
    const fields: Record<string, string> = {};
    for (const [k, v] of Object.entries(body)) if (typeof v === "string") fields[k] = v;
    const files = ([] as unknown[]).concat(body.file ?? []).filter((f): f is File => f instanceof File && (f.size > 0 || f.name !== ""));
    if (files.length === 0) return { ok: false, status: 400, message: "Choose a statement file to import (form field `file`)." };
    if (files.reduce((n, f) => n + f.size, 0) > MAX_UPLOAD_BYTES) return { ok: false, status: 413, message: "File too large: a statement may be at most 50 MB." };
    return { ok: true, files: await Promise.all(files.map(async (f) => ({ name: f.name || "statement", bytes: new Uint8Array(await f.arrayBuffer()), fields }))) };
  };

  /**
   * Parse and plan an upload and hold the plan for its commit; a problem with the file is a 400 with its message.
   * Files dropped together are planned each against budget.db alone: each can be imported or not, in any order,
   * and a row two of them share is added once (the commit skips ids that are there by then).
   */
  const preview = async (c: Context<WebEnv>, up: Upload, onProgress?: (done: number, total: number) => void): Promise<{ ok: true; id: string; plan: FilePlan } | Problem> => {
    const { fields } = up;
    const format = fields.format?.trim() || "auto";
    if (format !== "auto" && !(IMPORT_FORMATS as readonly string[]).includes(format)) {
      return { ok: false, status: 400, message: `Unknown format "${format}": auto, ${IMPORT_FORMATS.join(", ")}.` };
    }
    try {
      const savedName = fields.mapping?.trim();
      const saved = savedName ? store.csvMappings.get(savedName) : null;
      if (savedName && !saved) return { ok: false, status: 400, message: `No saved mapping "${savedName}".` };
      const parsed = importer.parse(
        { name: up.name, bytes: up.bytes },
        { format: format as ImportFormat | "auto", mapping: csvMapping(fields, saved), account: fields.account?.trim() || undefined, skipBadRows: true },
      );
      // Classifying may take several model calls: the answer must not be cut off by the idle timeout.
      c.env?.server?.timeout(c.req.raw, 0);
      const plan = await importer.plan(parsed, { classify: importer.canClassify ? "model" : "offline", onProgress });
      return { ok: true, id: pending.add(plan, c.get("user").id), plan };
    } catch (e) {
      if (e instanceof ImportInputError || e instanceof UsageError) return { ok: false, status: 400, message: e.message };
      throw e;
    }
  };

  /** Previews being imported right now: a second Import of the same preview waits for nothing and imports nothing. */
  const committing = new Set<string>();

  /**
   * Import a held preview. It is let go only once its rows are in budget.db: a busy database
   * (BudgetBusyError, answered 503 by the error handler) keeps it, so Import can simply be tried again.
   */
  const commit = async (c: Context<WebEnv>, id: string, include: IncludePossible, via: ImportActor["via"]) => {
    const user = c.get("user").id;
    const plan = pending.get(id, user);
    if (!plan) return { ok: false as const, status: 404 as const, message: "This preview is no longer available (it expired or was imported already). Upload the file again." };
    if (committing.has(id)) return { ok: false as const, status: 409 as const, message: "This preview is being imported already." };
    committing.add(id);
    // A big statement takes longer than the server's idle timeout (10 s without a byte): the answer must not be cut off.
    c.env?.server?.timeout(c.req.raw, 0);
    try {
      const done = await importer.commit(plan, { includePossibleDuplicates: include, actor: actor(c, via) });
      pending.take(id, user);
      // The chat's data (and, after a first import, the switch from demo data) follow at once, read in slices.
      await deps.budget.refreshInSlices();
      return { ok: true as const, plan, ...done };
    } catch (e) {
      if (e instanceof ConfigError) return { ok: false as const, status: 409 as const, message: e.message };
      throw e;
    } finally {
      committing.delete(id);
    }
  };

  const undo = async (c: Context<WebEnv>, batch: string, via: ImportActor["via"]) => {
    c.env?.server?.timeout(c.req.raw, 0);
    try {
      const done = await importer.undo(batch, actor(c, via));
      await deps.budget.refreshInSlices();
      return { ok: true as const, ...done };
    } catch (e) {
      if (e instanceof ImportUndoError) return { ok: false as const, status: e.status, message: e.message };
      throw e;
    }
  };

  // --- JSON ---

  r.get("/api/imports", (c) => c.json({ imports: importer.list().map(importRecordJson) }));

  r.post("/api/imports", upload, async (c) => {
    const ups = await readUploads(c);
    if (ups.ok && ups.files.length > 1) return c.json({ error: "One file per request: post each statement on its own." }, 400);
    const res = ups.ok ? await preview(c, ups.files[0]!) : ups;
    if (!res.ok) return c.json({ error: res.message }, res.status);
    return c.json(previewJson(res.id, res.plan));
  });

  r.post("/api/imports/:id/commit", small, async (c) => {
    let include: IncludePossible = false;
    const text = await c.req.text();
    if (text.trim()) {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return c.json({ error: "The body must be JSON: {\"include_possible_duplicates\": true} or a list of transaction ids." }, 400);
      }
      const v = (body as { include_possible_duplicates?: unknown })?.include_possible_duplicates;
      if (v === true || v === false) include = v;
      else if (Array.isArray(v) && v.every((x) => typeof x === "string")) include = new Set(v as string[]);
      else if (v !== undefined) return c.json({ error: "include_possible_duplicates must be true, false or a list of transaction ids." }, 400);
    }
    const res = await commit(c, c.req.param("id"), include, "api");
    if (!res.ok) return c.json({ error: res.message }, res.status);
    return c.json({ batch: res.batch, inserted: res.inserted, snapshot: res.snapshot ?? null });
  });

  r.delete("/api/imports/:batch", async (c) => {
    const res = await undo(c, c.req.param("batch"), "api");
    if (!res.ok) return c.json({ error: res.message }, res.status);
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
    const ups = await readUploads(c);
    const problem = (message: string) => <ImportPreview error={message} needsMapping={/column|date format|decimal/i.test(message)} />;
    if (!ups.ok) return c.html(toHtml(problem(ups.message)), ups.status === 413 ? 413 : 422);
    const previews = async (progress?: (file: string, done: number, total: number) => void) => {
      let html = "";
      for (const up of ups.files) {
        const res = await preview(c, up, progress && ((done, total) => progress(up.name, done, total)));
        html += toHtml(res.ok ? <ImportPreview preview={previewView(res.id, res.plan)} /> : problem(res.message));
      }
      return html;
    };
    if (!isHtmxRequest(c)) return c.html(await previews());
    return streamSSE(c, async (stream) => {
      const send = (html: string) => stream.writeSSE({ data: html });
      await send(toHtml(<ImportProgress label={`Reading ${ups.files.map((f) => f.name).join(", ")}…`} />));
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
    let res: Awaited<ReturnType<typeof commit>>;
    try {
      res = await commit(c, c.req.param("id"), include, "page");
    } catch (e) {
      if (!(e instanceof BudgetBusyError)) throw e;
      // The preview stays, with why its Import did not happen: the user presses Import again.
      const plan = pending.get(c.req.param("id"), c.get("user").id);
      if (!plan) throw e;
      c.header("Retry-After", String(BUSY_RETRY_AFTER_S));
      return c.html(toHtml(<ImportPreview preview={previewView(c.req.param("id"), plan)} error={`Nothing was imported: ${e.message}.`} />), 503);
    }
    if (!res.ok) return c.html(toHtml(<ImportResult error={res.message} />), res.status);
    const list = `<hx-partial hx-target="#import-list" hx-swap="outerHTML">${toHtml(<ImportList imports={importer.list()} />)}</hx-partial>`;
    const skipped = rowsToInsert(res.plan, include).length - res.inserted;
    return c.html(toHtml(<ImportResult file={res.plan.file} batch={res.batch} inserted={res.inserted} skipped={skipped} bySource={res.bySource} snapshot={res.snapshot} />) + list);
  });

  r.post("/import/undo", small, async (c) => {
    const body = await formBody(c);
    const batch = typeof body.batch === "string" ? body.batch : "";
    const res = await undo(c, batch, "page");
    const list = `<hx-partial hx-target="#import-list" hx-swap="outerHTML">${toHtml(<ImportList imports={importer.list()} />)}</hx-partial>`;
    if (!res.ok) return c.html(toHtml(<ImportResult error={res.message} />) + list, res.status);
    return c.html(toHtml(<ImportResult undone={{ batch: res.batch, deleted: res.deleted }} />) + list);
  });

  return r;
}

/** A preview row's status: new, duplicate, possible duplicate (and bad rows, listed apart). */
function previewJson(id: string, plan: FilePlan) {
  const counts = planCounts(plan);
  return {
    id,
    format: plan.format,
    account: plan.account,
    rows: counts.rows,
    new: counts.new,
    duplicates: counts.duplicates,
    possible_duplicates: counts.possibleDuplicates,
    bad_rows: plan.badRows.map((b) => ({ line: b.line, reason: b.reason })),
    preview: plan.rows.slice(0, PREVIEW_ROWS).map((r) => ({
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
  };
}
