/**
 * The page's imports (SPEC §10.1): one file, "Import all" of a drop, a tick of the drop's combined preview, and undo.
 */
import type { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { ChangeRefused } from "../../../core/errors.ts";
import { plural } from "../../../core/format.ts";
import { ImportEditedSinceError } from "../../../import/importer.ts";
import { settingsFromFields } from "../../../import/mapping.ts";
import { CHANGED_MESSAGE, EXPIRED_MESSAGE } from "../../../import/pending.ts";
import { BudgetBusyError } from "../../../ledger/write-lock.ts";
import { ImportResult } from "../../../../views/ImportResult.tsx";
import type { WebDeps, WebEnv } from "../../context.ts";
import { formBody, isHtmxRequest, refusalOf } from "../../middleware/respond.ts";
import { toHtml } from "../../sse-renderer.ts";
import { errorNotice, escapeText, throttledProgress } from "./fragments.tsx";
import type { ImportSession } from "./import-session.tsx";
import { modelWords, resultProps } from "./import-views.ts";
import { small } from "./uploads.ts";

export function commitRoutes(r: Hono<WebEnv>, s: ImportSession, deps: WebDeps) {
  const { store } = deps;
  const { pending, groups, userOf, noIdleTimeout, outcomeFor, mappingOf, summaryHtml, keepTicks, summaryPartial, fileHtml, listPartial, demoNotePartial, commit, undo, markDone } = s;

  // Import one file: the page's fields and the preview's version say what it showed. While the rows are read again and
  // the model classifies the new merchants, progress; then the result takes the file's place.
  r.post("/import/:id/commit", small, async (c) => {
    const id = c.req.param("id");
    const body = await formBody(c, { all: true });
    const one = (k: string) => (Array.isArray(body[k]) ? (body[k] as unknown[]).at(-1) : body[k]);
    const fields: Record<string, unknown> = {};
    for (const k of Object.keys(body)) fields[k] = one(k);
    const ticked = ([] as unknown[]).concat(body.include ?? []).filter((x): x is string => typeof x === "string");
    const version = Number(one("version"));
    const shown = { version: Number.isInteger(version) ? version : undefined, settings: settingsFromFields(fields) };
    const userId = userOf(c);
    noIdleTimeout(c);
    const run = (onProgress?: (label: string, done?: number, total?: number) => void) =>
      commit(c, id, shown, { include: new Set(ticked), acceptUnreconciled: fields["accept-unreconciled"] === "on", skipBadRows: fields["skip-bad-rows"] === "on", via: "page", onProgress, refuseEmpty: true });
    /** The result in the file's place, and what else on the page follows the import: past imports, the drop's summary, the demo note. */
    const answer = (res: Awaited<ReturnType<typeof run>>) => {
      markDone(id, res.preview, `imported ${plural(res.inserted, "transaction")}`);
      return { result: toHtml(<ImportResult {...resultProps(id, res, modelWords(res))} />), around: listPartial() + summaryPartial(c, id) + demoNotePartial() };
    };
    /**
     * A refusal as the page shows it: the preview changed (the file previewed again as the page now shows it), budget.db
     * was busy (the preview stays, saying why: Import again), or the reason.
     */
    const refusedHtml = async (e: unknown): Promise<{ html: string; status: number; headers?: Record<string, string> } | null> => {
      const refused = refusalOf(e);
      if (!refused) return null;
      if (e instanceof BudgetBusyError && "held" in pending.lookup(id, userId)) {
        const notice = `Nothing was imported: ${e.message}.`;
        return { html: `<hx-partial hx-target="#file-${id}" hx-swap="outerHTML">${fileHtml(c, id, notice)}</hx-partial>`, status: refused.status, headers: refused.headers };
      }
      if (e instanceof ChangeRefused && e.message === CHANGED_MESSAGE) {
        // What the page shows now is what gets previewed: the user checks it, then imports.
        try {
          await pending.repreview(id, userId, shown.settings, (h) => outcomeFor(h.file, shown.settings, mappingOf(h), h.assumedCurrency));
        } catch (again) {
          if (!refusalOf(again)) throw again;
        }
        if ("held" in pending.lookup(id, userId)) {
          return { html: `<hx-partial hx-target="#file-${id}" hx-swap="outerHTML">${fileHtml(c, id, CHANGED_MESSAGE)}</hx-partial>${summaryPartial(c, id)}`, status: refused.status };
        }
      }
      return { html: errorNotice(refused.message ?? (e as Error).message), status: refused.status, headers: refused.headers };
    };
    if (!isHtmxRequest(c)) {
      try {
        const { result, around } = answer(await run());
        return c.html(result + around);
      } catch (e) {
        const r2 = await refusedHtml(e);
        if (!r2) throw e;
        return c.html(r2.html, r2.status as 409, r2.headers);
      }
    }
    return streamSSE(c, async (stream) => {
      const progress = throttledProgress(stream);
      try {
        const { result, around } = answer(await run(progress));
        // Side by side: a partial inside another is not swapped (the list of past imports stayed as it was).
        await stream.writeSSE({ data: `<hx-partial hx-target="#file-${id}" hx-swap="outerHTML">${result}</hx-partial>${around}` });
      } catch (e) {
        const r2 = await refusedHtml(e);
        if (!r2) throw e;
        await stream.writeSSE({ data: r2.html });
      }
    });
  });

  // "Import all" of a drop: each file that is ready, in the order dropped, as its own import (its own batch and undo);
  // a statement that does not add up only when ticked; each file's result takes its place as it is done.
  r.post("/import/all", small, async (c) => {
    const body = await formBody(c, { all: true });
    const group = typeof body.group === "string" ? body.group : "";
    const shown = ([] as unknown[]).concat(body.file ?? []).flatMap((x) => {
      const m = typeof x === "string" ? /^([\w-]+):(\d+)$/.exec(x) : null;
      return m ? [{ id: m[1]!, version: Number(m[2]) }] : [];
    });
    // What the form shows is what is imported: its ticks are the drop's from now on.
    const { accept: accepted, skipBad } = keepTicks(group, body);
    const userId = userOf(c);
    noIdleTimeout(c);
    const importAll = async (send: (html: string) => Promise<void>, progress?: (label: string, done?: number, total?: number) => void) => {
      let files = 0;
      let rows = 0;
      const left: string[] = [];
      for (const f of shown) {
        const found = pending.lookup(f.id, userId);
        if (!("held" in found)) continue;
        const o = found.held.outcome;
        if (!("preview" in o) || found.held.columnsGuessed) {
          // A file that is no statement (a PDF in a ZIP) says why, as its row does, not to choose columns it has none of.
          const name = found.held.file.name;
          const why = "preview" in o ? "check its columns first" : o.needsColumns ? "choose its columns first" : o.problem.replace(`${name}: `, "");
          left.push(`${name} (${why})`);
          continue;
        }
        try {
          const res = await commit(c, f.id, { version: f.version }, { include: false, acceptUnreconciled: accepted.has(f.id), skipBadRows: skipBad.has(f.id), via: "page", onProgress: progress });
          if (res.inserted > 0) files++;
          rows += res.inserted;
          markDone(f.id, res.preview, `imported ${plural(res.inserted, "transaction")}`);
          await send(`<hx-partial hx-target="#file-${f.id}" hx-swap="outerHTML">${toHtml(<ImportResult {...resultProps(f.id, res, modelWords(res))} />)}</hx-partial>`);
        } catch (e) {
          if (!refusalOf(e)) throw e;
          const why = e instanceof ChangeRefused && e.kind === "needs_consent" ? "its balances do not add up: tick “import anyway”" : o.preview.badRows.length && !skipBad.has(f.id) ? `${plural(o.preview.badRows.length, "bad row")}: tick “import without the bad rows”` : (e as Error).message;
          left.push(`${o.preview.file} (${why})`);
        }
      }
      const words = `Imported ${plural(rows, "transaction")} from ${plural(files, "file")}.${left.length ? ` Not imported: ${left.join("; ")}.` : ""}`;
      const summary = summaryHtml(c, group).replace(`<div class="import-live" id="summary-live-${group}"></div>`, `<div class="import-live" id="summary-live-${group}"><p class="notice import-all-result" role="status">${escapeText(words)}</p></div>`);
      await send(`<hx-partial hx-target="#summary-${group}" hx-swap="outerHTML">${summary}</hx-partial>${listPartial()}${demoNotePartial()}`);
    };
    if (!isHtmxRequest(c)) {
      let html = "";
      await importAll(async (h) => {
        html += h;
      });
      return c.html(html);
    }
    return streamSSE(c, async (stream) => {
      await importAll((html) => stream.writeSSE({ data: html }), throttledProgress(stream));
    });
  });

  // A tick of the combined preview changed ("import anyway", "import without the bad rows"): the summary again, its
  // "Import all" counting what it will import with the ticks as they are.
  r.post("/import/summary", small, async (c) => {
    const body = await formBody(c, { all: true });
    const group = typeof body.group === "string" ? body.group : "";
    if (!groups.has(group)) return c.html(errorNotice(EXPIRED_MESSAGE), 410);
    keepTicks(group, body);
    return c.html(summaryHtml(c, group));
  });

  r.post("/import/undo", small, async (c) => {
    const body = await formBody(c);
    const batch = typeof body.batch === "string" ? body.batch : "";
    const file = () => store.imports.get(batch)?.file ?? batch;
    try {
      const res = await undo(c, batch, "page", body.including_edited === "yes");
      return c.html(toHtml(<ImportResult undone={{ file: file(), deleted: res.deleted }} />) + listPartial());
    } catch (e) {
      const refused = refusalOf(e);
      if (!refused) throw e;
      // Rows edited since: said, with a second undo that deletes them too (asking once more).
      const editedSince = e instanceof ImportEditedSinceError ? { batch, file: file(), rows: store.imports.get(batch)?.rows ?? 0, edited: e.edited.count } : undefined;
      return c.html(toHtml(<ImportResult error={refused.message ?? (e as Error).message} editedSince={editedSince} />) + listPartial(), refused.status, refused.headers);
    }
  });
}
