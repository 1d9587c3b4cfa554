/**
 * Importing bank statements in the web app (SPEC §10).
 *
 * JSON:
 *   GET    /api/imports                  every import, newest first;
 *   POST   /api/imports                  multipart `file` (≤ 50 MB), optional `account`, `format`, `mapping`
 *                                        (a saved mapping's name) and the CSV mapping fields (`date-column`,
 *                                        `amount-column`, …, as the CLI's flags) → the preview, held for 30
 *                                        minutes in this process's memory (src/import/pending.ts);
 *                                        `flip-signs` ("true"); the statement is read in the parse worker (SPEC §13.1);
 *   POST   /api/imports/:id/commit       optional {"include_possible_duplicates": true | [transaction ids], "accept_unreconciled": true}
 *                                        → {batch, inserted, snapshot}; 422 when the balances do not reconcile and that is not
 *                                        accepted; 410 when the preview expired (let go for a newer one, or past 30 minutes);
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
import { IMPORT_FORMATS } from "../../import/formats/registry.ts";
import {
  fileTotals,
  importRecordJson,
  ImportUndoError,
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
import { PendingImports } from "../../import/pending.ts";
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
    if (format !== "auto" && !IMPORT_FORMATS.includes(format)) {
      return { ok: false, status: 400, message: `Unknown format "${format}": auto, ${IMPORT_FORMATS.join(", ")}.` };
    }
    try {
      const savedName = fields.mapping?.trim();
      const saved = savedName ? store.csvMappings.get(savedName) : null;
      if (savedName && !saved) return { ok: false, status: 400, message: `No saved mapping "${savedName}".` };
      // Read off the event loop; bad rows and unreconciled balances are shown in the preview, not refused.
      const parsed = await importer.parseOffThread(
        { name: up.name, bytes: up.bytes },
        {
          format,
          mapping: csvMapping(fields, saved),
          account: fields.account?.trim() || undefined,
          skipBadRows: true,
          acceptUnreconciled: true,
          flipSigns: isTicked(fields["flip-signs"]),
        },
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

  const commit = (c: Context<WebEnv>, id: string, include: IncludePossible, acceptUnreconciled: boolean, via: ImportActor["via"]) => {
    const userId = c.get("user").id;
    const held = pending.lookup(id, userId);
    if ("expired" in held) return { ok: false as const, status: 410 as const, message: "This preview expired; drop the file again." };
    if ("unknown" in held) return { ok: false as const, status: 404 as const, message: "This preview is no longer available (it was imported already, or never made). Drop the file again." };
    // Refused before the preview is taken: ticking "import anyway" and pressing Import again works.
    const refusal = acceptUnreconciled ? null : unreconciledMessage(held.plan.file, held.plan.format, held.plan.reconciliation);
    if (refusal) return { ok: false as const, status: 422 as const, message: refusal.replace(/\(--accept-unreconciled, or the tick on the page, imports it anyway\)/, "(tick “Import although the balances do not add up” to import it anyway)") };
    const plan = held.plan;
    pending.take(id, userId);
    try {
      const done = importer.commit(plan, { includePossibleDuplicates: include, acceptUnreconciled, actor: actor(c, via) });
      // The chat's data summary (and, after a first import, the switch from demo data) follow at once.
      deps.budget.summaryOrLast();
      return { ok: true as const, plan, ...done };
    } catch (e) {
      if (e instanceof ConfigError) return { ok: false as const, status: 409 as const, message: e.message };
      throw e;
    }
  };

  const undo = (c: Context<WebEnv>, batch: string, via: ImportActor["via"]) => {
    try {
      const done = importer.undo(batch, actor(c, via));
      deps.budget.summaryOrLast();
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
    let accept = false;
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
      const a = (body as { accept_unreconciled?: unknown })?.accept_unreconciled;
      if (a !== undefined && typeof a !== "boolean") return c.json({ error: "accept_unreconciled must be true or false." }, 400);
      accept = a === true;
    }
    const res = commit(c, c.req.param("id"), include, accept, "api");
    if (!res.ok) return c.json({ error: res.message }, res.status);
    return c.json({ batch: res.batch, inserted: res.inserted, snapshot: res.snapshot ?? null });
  });

  r.delete("/api/imports/:batch", (c) => {
    const res = undo(c, c.req.param("batch"), "api");
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
    const res = commit(c, c.req.param("id"), include, isTicked(body["accept-unreconciled"]), "page");
    if (!res.ok) return c.html(toHtml(<ImportResult error={res.message} />), res.status);
    const list = `<hx-partial hx-target="#import-list" hx-swap="outerHTML">${toHtml(<ImportList imports={importer.list()} />)}</hx-partial>`;
    const skipped = rowsToInsert(res.plan, include).length - res.inserted;
    return c.html(toHtml(<ImportResult file={res.plan.file} batch={res.batch} inserted={res.inserted} skipped={skipped} bySource={res.bySource} snapshot={res.snapshot} />) + list);
  });

  r.post("/import/undo", small, async (c) => {
    const body = await formBody(c);
    const batch = typeof body.batch === "string" ? body.batch : "";
    const res = undo(c, batch, "page");
    const list = `<hx-partial hx-target="#import-list" hx-swap="outerHTML">${toHtml(<ImportList imports={importer.list()} />)}</hx-partial>`;
    if (!res.ok) return c.html(toHtml(<ImportResult error={res.message} />) + list, res.status);
    return c.html(toHtml(<ImportResult undone={{ batch: res.batch, deleted: res.deleted }} />) + list);
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
