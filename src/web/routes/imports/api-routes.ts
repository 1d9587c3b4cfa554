/**
 * The import's JSON API (SPEC §10.1; see imports.tsx for each route): list, upload and preview, preview again, commit, undo.
 */
import type { Context, Hono } from "hono";
import { z } from "zod";
import { ChangeRefused } from "../../../core/errors.ts";
import { CurrencyCode, lazySchema } from "../../../core/validation.ts";
import { isZip } from "../../../import/formats/zip.ts";
import { membersToRead, type FallbackCurrency } from "../../../import/formats/index.ts";
import { ImportEditedSinceError, importRecordJson } from "../../../import/importer.ts";
import { readOptionsFor, settingsFromFields, type FileSettings } from "../../../import/mapping.ts";
import { dropInWorker, viewOf } from "../../../import/parse-pool.ts";
import { COLUMN_ROLES, type ColumnRole } from "../../../import/user-layouts.ts";
import type { WebDeps, WebEnv } from "../../context.ts";
import { jsonBody } from "../../middleware/respond.ts";
import { previewJson } from "./import-json.ts";
import { PREVIEW_POSSIBLE, PREVIEW_ROWS, type ImportSession } from "./import-session.tsx";
import { readUploads, small, statementsOf, toWorker, upload, type Upload } from "./uploads.ts";

/** DELETE /api/imports/:batch's optional body: agree to delete rows edited by hand since the import too. */
const UndoRequest = lazySchema(() => z.object({ including_edited: z.boolean("including_edited must be true or false").optional() }));

/** The optional body of a commit: the preview's version, which possible duplicates to import too (all, none, or these ids). */
const CommitRequest = lazySchema(() =>
  z.object({
    version: z.number("version must be the preview's version number").int().optional(),
    include_possible_duplicates: z.union([z.boolean(), z.array(z.string())], "include_possible_duplicates must be true, false or a list of transaction ids").optional(),
    accept_unreconciled: z.boolean("accept_unreconciled must be true or false").optional(),
    skip_bad_rows: z.boolean("skip_bad_rows must be true or false").optional(),
  }),
);

/** A re-preview's settings (JSON). */
const PreviewRequest = lazySchema(() =>
  z.strictObject({
    account: z.string().max(200).optional(),
    format: z.string().max(40).optional(),
    flip_signs: z.boolean().optional(),
    layout: z.string().max(80).optional(),
    /** The currency of every row without its own, as the command line's --currency: a bank layout's file keeps its layout. */
    currency: CurrencyCode.optional(),
    columns: z
      .strictObject({
        roles: z.array(z.enum(COLUMN_ROLES)).max(200),
        date_format: z.string().optional(),
        decimal: z.string().optional(),
        /** The currency of every row when no column holds one (the command line's --currency). */
        currency: CurrencyCode.optional(),
      })
      .optional(),
  }),
);

export function apiRoutes(r: Hono<WebEnv>, s: ImportSession, deps: WebDeps) {
  const { importer, store } = deps;
  const { pending, userOf, noIdleTimeout, outcomeFor, mappingOf, commit, undo } = s;

  r.get("/api/imports", (c) => c.json({ imports: importer.list().map(importRecordJson) }));

  /** One statement file of an upload previewed and held (the API's preview); a file it cannot read is thrown (400). */
  const apiPreview = async (c: Context<WebEnv>, up: Upload, assumedCurrency: FallbackCurrency) => {
    const settings = settingsFromFields(up.fields);
    const file = toWorker(up);
    const held = { name: file.name, id: file.id, size: file.size };
    let reply;
    try {
      // The API answers a file it cannot read with the reader's own message (400), naming the flags it names.
      reply = await importer.preview(file, { ...readOptionsFor(settings, null, store), fallbackCurrency: assumedCurrency }, { rows: PREVIEW_ROWS, possible: PREVIEW_POSSIBLE });
    } catch (e) {
      dropInWorker(held.id);
      throw e;
    }
    const { preview, mapping } = reply;
    const id = pending.add({ file: held, settings, outcome: { preview, mapping }, version: 1, assumedCurrency }, userOf(c));
    return previewJson(id, 1, preview, importer.canClassify);
  };

  r.post("/api/imports", upload, async (c) => {
    const uploads = await readUploads(c);
    if (uploads.length > 1) throw new ChangeRefused("invalid", "One file per request: post each statement on its own.");
    noIdleTimeout(c);
    const up = uploads[0]!;
    // A ZIP of statements: a preview per file in it, each committed on its own; a file in it that is no statement (a PDF
    // beside the camt files) is listed as not read, as the CLI and the page do, and only when none is left is it a 400.
    if (up.bytes && isZip(viewOf(up.bytes))) {
      const { read, notRead } = membersToRead(await statementsOf(uploads), (m) => viewOf(m.bytes!), settingsFromFields(up.fields).format);
      const previews = [];
      const assumedCurrency = importer.assumedCurrency();
      for (const member of read) previews.push(await apiPreview(c, member, assumedCurrency));
      return c.json({ files: previews, not_read: notRead });
    }
    return c.json(await apiPreview(c, up, importer.assumedCurrency()));
  });

  r.post("/api/imports/:id/preview", small, jsonBody(PreviewRequest), async (c) => {
    const body = c.req.valid("json");
    const id = c.req.param("id");
    noIdleTimeout(c);
    // Columns carry their own currency (columns.currency); the file's currency is for the columns its layout finds.
    if (body.columns && body.currency) throw new ChangeRefused("invalid", "Give the currency in columns.currency when you name the columns, not beside them.");
    const settings: FileSettings = {
      ...(body.account?.trim() ? { account: body.account.trim() } : {}),
      ...(body.format && body.format !== "auto" ? { format: body.format } : {}),
      ...(body.flip_signs ? { flipSigns: true as const } : {}),
      ...(body.layout ? { layout: body.layout } : {}),
      ...(body.currency ? { flags: { currency: body.currency } } : {}),
      ...(body.columns
        ? {
            columns: {
              roles: body.columns.roles as ColumnRole[],
              dateFormat: (body.columns.date_format ?? null) as never,
              decimal: body.columns.decimal === "." || body.columns.decimal === "," ? body.columns.decimal : null,
              currency: body.columns.currency ?? null,
            },
          }
        : {}),
    };
    const { held } = await pending.repreview(id, userOf(c), settings, (h) => outcomeFor(h.file, settings, mappingOf(h), h.assumedCurrency));
    const o = held.outcome;
    if (!("preview" in o)) throw new ChangeRefused("invalid", o.problem);
    return c.json(previewJson(id, held.version, o.preview, importer.canClassify));
  });

  r.post("/api/imports/:id/commit", small, jsonBody(CommitRequest, (problem) => `invalid request: ${problem}; send {"include_possible_duplicates": true} or a list of transaction ids`), async (c) => {
    const body = c.req.valid("json");
    noIdleTimeout(c);
    const v = body.include_possible_duplicates ?? false;
    const res = await commit(c, c.req.param("id"), { version: body.version }, { include: typeof v === "boolean" ? v : new Set(v), acceptUnreconciled: body.accept_unreconciled ?? false, skipBadRows: body.skip_bad_rows ?? false, via: "api" });
    return c.json({ batch: res.batch, inserted: res.inserted, snapshot: res.snapshot ?? null, by_source: res.bySource });
  });

  r.delete("/api/imports/:batch", small, jsonBody(UndoRequest, (problem) => `invalid request: ${problem}; send nothing, or {"including_edited": true}`), async (c) => {
    try {
      const res = await undo(c, c.req.param("batch"), "api", c.req.valid("json").including_edited ?? false);
      return c.json({ batch: res.batch, deleted: res.deleted });
    } catch (e) {
      // How to undo it all the same, in the API's words; the rows edited since as data too.
      if (!(e instanceof ImportEditedSinceError)) throw e;
      return c.json({ error: `${e.message} Send {"including_edited": true} to undo it all the same.`, edited_count: e.edited.count, edited: e.edited.rows }, 422);
    }
  });
}
