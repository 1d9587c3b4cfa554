/**
 * What the Import page and the API hold between requests, and what they do with it: the previews held for a while
 * (pending.ts; their files in the parse worker), the drops dropped together with their combined preview and its
 * ticks, a file read again with new settings, the commit of what a preview showed, and the undo of an import.
 * One per server (importRoutes).
 */
import type { Context } from "hono";
import { ChangeRefused, ConfigError, ImportInputError } from "../../../core/errors.ts";
import { accountLabel } from "../../../core/account-labels.ts";
import type { FallbackCurrency } from "../../../import/formats/index.ts";
import { unreconciledMessage, type ImportActor, type IncludePossible } from "../../../import/importer.ts";
import { readOptionsFor, type FileSettings } from "../../../import/mapping.ts";
import { ColumnsToName, dropInWorker, type HeldBytes } from "../../../import/parse-pool.ts";
import { newOnceEach, SeenIds, type NewRow } from "../../../import/duplicates.ts";
import { PendingImports, type HeldImport, type PreviewOutcome } from "../../../import/pending.ts";
import type { StatementPreview } from "../../../import/preview.ts";
import { savedLayout, savedNameOf, type CsvMappingView } from "../../../import/user-layouts.ts";
import { ImportFile } from "../../../../views/ImportFile.tsx";
import { ImportList } from "../../../../views/ImportList.tsx";
import { DEMO_NOTE_ID } from "../../../../views/ImportPage.tsx";
import { ImportSummary, type ImportSummaryRow, type SummaryTicks } from "../../../../views/ImportSummary.tsx";
import type { WebDeps, WebEnv } from "../../context.ts";
import { toHtml } from "../../sse-renderer.ts";
import { errorNotice } from "./fragments.tsx";
import { fileView, summaryRow } from "./import-views.ts";
import { badRowsMessage, inPageWords } from "./page-words.ts";

/** Rows of a preview the page and the API show from a file's start; possible duplicates after them are listed too, up to a bound. */
export const PREVIEW_ROWS = 500;
export const PREVIEW_POSSIBLE = 1000;

/** The new rows a preview lists (all of them for a file of up to PREVIEW_ROWS rows): their ids with their accounts. */
const newRowsOf = (p: StatementPreview): NewRow[] => p.rows.flatMap((r) => (r.status === "new" ? [{ id: r.transactionId, account: r.account }] : []));
/** Drops remembered for their combined preview (each drop's files are held previews of their own). */
const GROUPS_REMEMBERED = 200;

/** The files a summary's ticks name (form fields `accept`, `skip-bad`: a file's id each). */
const ticksOf = (field: unknown) => new Set(([] as unknown[]).concat(field ?? []).filter((x): x is string => typeof x === "string"));

export type ImportSession = ReturnType<typeof importSession>;

export function importSession(deps: WebDeps) {
  const { importer, store } = deps;
  const pending = new PendingImports(undefined, undefined, (h) => dropInWorker(h.file.id));
  /**
   * The files of each drop, for its combined preview (oldest drops forgotten first), and its ticks as the summary last
   * sent them: a summary drawn again because one file changed keeps them, so its count is what "Import all" imports.
   */
  const groups = new Map<string, { ids: string[]; done: Map<string, { file: string; words: string; newRows: NewRow[] }>; ticks: SummaryTicks }>();
  const actor = (c: Context<WebEnv>, via: ImportActor["via"]): ImportActor => {
    const user = c.get("user");
    return { userId: user.id, by: user.name, via };
  };
  const userOf = (c: Context<WebEnv>) => c.get("user").id;
  /** A preview, an import: long work (a 50 MB file, the model's calls) must not be cut off by Bun's idle timeout. */
  const noIdleTimeout = (c: Context<WebEnv>) => c.env?.server?.timeout(c.req.raw, 0);
  const accountWords = () => {
    const names = store.accountNames.all();
    return (a: string) => accountLabel(a, names);
  };


  /**
   * A file read with these settings, in the parse worker: the preview, or the problem with the file (its columns
   * must be named, it cannot be read, the roles chosen do not make a layout). `previous`: what the mapping screen
   * showed of it, for a file whose columns the user is naming.
   */
  const outcomeFor = async (file: { name: string; id: string; bytes?: HeldBytes }, settings: FileSettings, previous: CsvMappingView | null, assumedCurrency: FallbackCurrency | undefined): Promise<PreviewOutcome> => {
    // The mapping screen shows the user's own choice, also while it does not make a layout yet.
    const chosen = (view: CsvMappingView | null): CsvMappingView | null =>
      view && settings.columns ? { ...view, roles: view.header.map((_, i) => settings.columns!.roles[i] ?? "ignore"), dateFormat: settings.columns.dateFormat, decimal: settings.columns.decimal, currency: settings.columns.currency, flipSigns: settings.flipSigns === true } : view;
    try {
      const options = { ...readOptionsFor(settings, previous, store), fallbackCurrency: assumedCurrency };
      const { preview, mapping } = await importer.preview(file, options, { rows: PREVIEW_ROWS, possible: PREVIEW_POSSIBLE });
      return { preview, mapping: chosen(mapping) };
    } catch (e) {
      if (e instanceof ColumnsToName) return { problem: inPageWords(e.message), needsColumns: true, mapping: chosen(e.mapping ?? previous), ...(e.signs ? { signs: true as const } : {}) };
      if (e instanceof ImportInputError) return { problem: inPageWords(e.message), needsColumns: false, mapping: null };
      // Roles that do not make a layout yet ("Choose the column that holds the amount"): the screen stays, saying so.
      if (e instanceof ChangeRefused && e.kind === "invalid") return { problem: e.message, needsColumns: previous !== null, mapping: chosen(previous) };
      throw e;
    }
  };

  const mappingOf = (h: HeldImport) => h.outcome.mapping;

  /** The account saved with the user's layout a file was read with (null: none saved, or no user's layout). */
  const layoutAccountOf = (p: StatementPreview): string | null => {
    const name = savedNameOf(p.layout);
    const saved = name ? savedLayout(store, name) : null;
    return saved && "layout" in saved ? (saved.layout.savedAccount ?? null) : null;
  };

  /** The account a file is offered from its layout: the layout's, when the file names no account of its own. */
  const savedAccountFor = (p: StatementPreview): string | null => (p.account || p.accounts?.length ? null : layoutAccountOf(p));

  /** A held file as the page shows it. */
  const fileViewOf = (id: string, h: HeldImport, account: (a: string) => string) => fileView(id, h, account, { model: importer.canClassify, layoutAccountOf });

  /**
   * The combined preview of a drop, as it stands (files imported meanwhile say so), with its ticks. What each file will
   * import counts a booking once: one that an earlier file of the drop holds too, or one imported from it meanwhile, is
   * not new again. Only the files "Import all" imports claim their rows: a file waiting for its tick imports nothing, so
   * a booking it shares with another file is that file's; the waiting file's own count is what it would add to them.
   */
  const summaryOf = (c: Context<WebEnv>, group: string): ImportSummaryRow[] => {
    const g = groups.get(group);
    if (!g) return [];
    const account = accountWords();
    const rows: { row: ImportSummaryRow; preview: StatementPreview | null }[] = g.ids.flatMap((id) => {
      const found = pending.lookup(id, userOf(c));
      const held = "held" in found ? found.held : null;
      const row = summaryRow(id, held, g.done.get(id), account);
      return row ? [{ row, preview: held && "preview" in held.outcome && row.result === null ? held.outcome.preview : null }] : [];
    });
    const ready = rows.filter((r) => r.preview !== null);
    for (const { row } of ready) {
      row.waitsForTick = (row.balances.status === "off" && !g.ticks.accept.has(row.id)) || (row.badRows > 0 && !g.ticks.skipBad.has(row.id));
    }
    const newOf = (p: StatementPreview) => ({ newRows: newRowsOf(p), complete: p.rows.length >= p.counts.rows, new: p.counts.new });
    const claimed = new SeenIds();
    for (const d of g.done.values()) for (const r of d.newRows) claimed.add(r.id, r.account);
    const going = ready.filter((r) => !r.row.waitsForTick);
    newOnceEach(going.map((r) => newOf(r.preview!)), claimed).forEach((n, k) => (going[k]!.row.willImport = n));
    for (const r of ready) if (r.row.waitsForTick) r.row.willImport = newOnceEach([newOf(r.preview!)], claimed.copy())[0]!;
    return rows.map((r) => r.row);
  };

  /** The summary of a drop with its ticks as they stand. */
  const summaryHtml = (c: Context<WebEnv>, group: string) => toHtml(<ImportSummary group={group} rows={summaryOf(c, group)} ticked={groups.get(group)?.ticks} />);

  /** The ticks a summary form sent (fields `accept`, `skip-bad`: a file's id each) become its drop's. */
  const keepTicks = (group: string, body: Record<string, unknown>): SummaryTicks => {
    const ticks = { accept: ticksOf(body.accept), skipBad: ticksOf(body["skip-bad"]) };
    const g = groups.get(group);
    if (g) g.ticks = ticks;
    return ticks;
  };

  /** The summary of the drop a file belongs to, as a partial swap (nothing for a file dropped alone). */
  const summaryPartial = (c: Context<WebEnv>, id: string): string => {
    for (const [group, g] of groups) {
      if (!g.ids.includes(id) || g.ids.length < 2) continue;
      return `<hx-partial hx-target="#summary-${group}" hx-swap="outerMorph">${summaryHtml(c, group)}</hx-partial>`;
    }
    return "";
  };

  /** A file's article as it stands, with a notice in its status line (a refused save, "the preview changed"). */
  const fileHtml = (c: Context<WebEnv>, id: string, notice?: string) =>
    toHtml(<ImportFile v={fileViewOf(id, pending.get(id, userOf(c)), accountWords())} />).replace(`<div class="import-live" id="live-${id}"></div>`, `<div class="import-live" id="live-${id}">${notice ? errorNotice(notice) : ""}</div>`);

  const listPartial = () => `<hx-partial hx-target="#import-list" hx-swap="outerHTML">${toHtml(<ImportList imports={importer.list()} account={accountWords()} />)}</hx-partial>`;
  /** After an import the user's own data is shown: the page's note about demo data goes. */
  const demoNotePartial = () => (deps.budget.demo ? "" : `<hx-partial hx-target="#${DEMO_NOTE_ID}" hx-swap="delete"></hx-partial>`);

  /** Files dropped together are held as one group (their combined preview), each previewed against budget.db alone. */
  const startGroup = (ids: string[]): string => {
    const group = crypto.randomUUID().slice(0, 8);
    groups.set(group, { ids, done: new Map(), ticks: { accept: new Set(), skipBad: new Set() } });
    if (groups.size > GROUPS_REMEMBERED) groups.delete(groups.keys().next().value!);
    return group;
  };

  /**
   * Import a held preview, if it is the one that was shown (`shown`: its version, and on the page the settings its
   * fields hold): the rows read again, the new merchants classified (progress to `onProgress`), the rows written.
   */
  const commit = async (
    c: Context<WebEnv>,
    id: string,
    shown: { version?: number; settings?: FileSettings },
    o: {
      include: IncludePossible;
      acceptUnreconciled: boolean;
      skipBadRows: boolean;
      via: ImportActor["via"];
      onProgress?: (label: string, done?: number, total?: number) => void;
      /** Refuse an import that would add nothing (the page's Import of a file with only possible duplicates, none ticked). */
      refuseEmpty?: boolean;
    },
  ) =>
    pending.commit(id, userOf(c), shown, async (h) => {
      const o2 = h.outcome;
      if (!("preview" in o2)) throw new ChangeRefused("invalid", `${h.file.name} cannot be imported yet: ${o2.needsColumns ? "choose its columns first" : o2.problem}`);
      if (h.columnsGuessed) throw new ChangeRefused("invalid", `${h.file.name} is not imported: its columns are a guess; check what each column holds and confirm it first.`);
      const p = o2.preview;
      if (o.refuseEmpty && p.counts.new === 0 && (o.include === false || (typeof o.include !== "boolean" && o.include.size === 0))) {
        throw new ChangeRefused("invalid", `Nothing was imported: nothing in this file is new${p.counts.possibleDuplicates ? "; tick a possible duplicate to import it anyway" : ""}.`);
      }
      // A bad row is left out only when asked (as the command line's --skip-bad-rows): refused before anything is read.
      if (p.badRows.length && !o.skipBadRows) throw new ChangeRefused("invalid", badRowsMessage(p, o.via));
      // Refused before anything is read or asked: ticking "import anyway" and pressing Import again works.
      // The page names the account as its preview does, by its name or masked (review of r4-uqa10: the whole IBAN).
      const refusal = o.acceptUnreconciled ? null : unreconciledMessage(p.file, p.format, p.reconciliation, o.via === "api" ? undefined : accountWords());
      // How to import it anyway, in the words of where it was asked (the page's tick, the API's field), as for bad rows.
      // (With what importing anyway does, where the refusal says it: "every row as money in", "as written".)
      const anyway = (how: string) => (o.via === "api" ? `(send "accept_unreconciled": true to import it anyway${how})` : `(tick “Import although the balances do not add up” to import it anyway${how})`);
      // And how to read it as written: the page names its tick (its words without the flag named no control; review of r4-uqa10).
      const unflipped = o.via === "api" ? "without flipping the signs" : "without “Flip signs” ticked";
      // And how to flip them, where the balances say the signs may be the other way round (a card's amount owed or an account's balance).
      const flip = o.via === "api" ? 'flip the signs ("flip_signs": true in a new preview)' : "tick “Flip signs”";
      if (refusal) {
        const inWords = refusal.replace(/\(--accept-unreconciled, or the tick on the page, imports it anyway([^)]*)\)/, (_, how: string) => anyway(how)).replace("without flipping the signs (--flip-signs)", unflipped).replace("flip the signs (--flip-signs)", flip);
        throw new ChangeRefused("needs_consent", inWords);
      }
      o.onProgress?.(`${p.file}: reading the rows to import`);
      try {
        const done = await importer.commitPreview(h.file, p, {
          include: o.include,
          acceptUnreconciled: true,
          actor: actor(c, o.via),
          onProgress: (d, t) => o.onProgress?.(`${p.file}: classifying new merchants`, d, t),
        });
        // The chat's data (and, after a first import, the switch from demo data) follow at once, read in slices.
        await deps.budget.refreshInSlices();
        return { preview: p, ...done };
      } catch (e) {
        // The configured budget database cannot take it (another program's file): nothing was written.
        if (e instanceof ConfigError) throw new ChangeRefused("conflict", e.message);
        throw e;
      }
    });

  const undo = async (c: Context<WebEnv>, batch: string, via: ImportActor["via"], includingEdited: boolean) => {
    // A big import's undo takes longer than the server's idle timeout too.
    noIdleTimeout(c);
    const done = await importer.undo(batch, actor(c, via), { includingEdited });
    await deps.budget.refreshInSlices();
    return done;
  };

  const markDone = (id: string, p: StatementPreview, words: string) => {
    for (const g of groups.values()) if (g.ids.includes(id)) g.done.set(id, { file: p.file, words, newRows: newRowsOf(p) });
  };

  return { pending, groups, actor, userOf, noIdleTimeout, accountWords, outcomeFor, mappingOf, savedAccountFor, fileViewOf, summaryOf, summaryHtml, keepTicks, summaryPartial, fileHtml, listPartial, demoNotePartial, startGroup, commit, undo, markDone };
}
