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
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { streamSSE, type SSEStreamingApi } from "hono/streaming";
import { z } from "zod";
import { ChangeRefused, ConfigError, ImportInputError } from "../../core/errors.ts";
import { formatCount, formatMoney, plural, rowPlace } from "../../core/format.ts";
import { CurrencyCode, lazySchema } from "../../core/validation.ts";
import type { ModelUsageOfCalls } from "../../import/classify.ts";
import { LAYOUTS } from "../../import/formats/layouts/index.ts";
import { readerFor } from "../../import/formats/registry.ts";
import { isZip } from "../../import/formats/zip.ts";
import { membersToRead, type FallbackCurrency } from "../../import/formats/index.ts";
import {
  ImportEditedSinceError,
  importRecordJson,
  reconciliationJson,
  unreconciledMessage,
  type CommitResult,
  type ImportActor,
  type IncludePossible,
} from "../../import/importer.ts";
import { chosenLayout, readOptionsFor, settingsFromFields, withLayoutFlip, type FileSettings } from "../../import/mapping.ts";
import { ColumnsToName, dropInWorker, newFileId, unpackInWorker, viewOf, type HeldBytes } from "../../import/parse-pool.ts";
import { newOnceEach, SeenIds, type NewRow } from "../../import/duplicates.ts";
import { CHANGED_MESSAGE, EXPIRED_MESSAGE, PendingImports, type HeldImport, type PreviewOutcome } from "../../import/pending.ts";
import type { PreviewRow, StatementPreview } from "../../import/preview.ts";
import { COLUMN_ROLES, ignoredAmountColumns, ROLE_WORDS, saveLayout, savedLayout, savedNameOf, type ColumnRole, type CsvMappingView } from "../../import/user-layouts.ts";
import { estimateCost, formatCost } from "../../pricing.ts";
import { accountLabel } from "../../core/account-labels.ts";
import { BudgetBusyError } from "../../ledger/write-lock.ts";
import { ImportBatch } from "../../../views/ImportBatch.tsx";
import { ImportFile, type ImportFileView } from "../../../views/ImportFile.tsx";
import { ImportList } from "../../../views/ImportList.tsx";
import { DEMO_NOTE_ID, ImportPage } from "../../../views/ImportPage.tsx";
import type { ImportPreviewView } from "../../../views/ImportPreview.tsx";
import { ImportProgress } from "../../../views/ImportProgress.tsx";
import { ImportResult, type ImportResultProps } from "../../../views/ImportResult.tsx";
import { ImportSummary, type ImportSummaryRow, type SummaryTicks } from "../../../views/ImportSummary.tsx";
import { renderPage } from "../../../views/Layout.tsx";
import { assetUrl } from "../assets.ts";
import type { WebDeps, WebEnv } from "../context.ts";
import { signedInName } from "../middleware/auth/index.ts";
import { formBody, isHtmxRequest, jsonBody, refuse, refusalOf } from "../middleware/respond.ts";
import { MultipartError, readMultipart, type Multipart } from "../multipart.ts";
import { toHtml } from "../sse-renderer.ts";

/** The largest statement an upload may carry (SPEC §10). */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
/** Room for the multipart envelope and the other fields around the file. */
const ENVELOPE_BYTES = 64 * 1024;
const TOO_LARGE_MESSAGE = "File too large: a statement may be at most 50 MB.";
/** Rows of a preview the page and the API show from a file's start; possible duplicates after them are listed too, up to a bound. */
const PREVIEW_ROWS = 500;
const PREVIEW_POSSIBLE = 1000;

/** The new rows a preview lists (all of them for a file of up to PREVIEW_ROWS rows): their ids with their accounts. */
const newRowsOf = (p: StatementPreview): NewRow[] => p.rows.flatMap((r) => (r.status === "new" ? [{ id: r.transactionId, account: r.account }] : []));
/** Drops remembered for their combined preview (each drop's files are held previews of their own). */
const GROUPS_REMEMBERED = 200;

/** The optional body of a commit: the preview's version, which possible duplicates to import too (all, none, or these ids). */
/** DELETE /api/imports/:batch's optional body: agree to delete rows edited by hand since the import too. */
const UndoRequest = lazySchema(() => z.object({ including_edited: z.boolean("including_edited must be true or false").optional() }));

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

/** An uploaded file; its bytes go to the parse worker with its first preview (and are gone from here then). */
type Upload = { name: string; size: number; bytes?: HeldBytes; fields: Record<string, string> };

/** A file of an upload as the parse worker will hold it, with its bytes for the first preview (taken from the upload). */
const toWorker = (up: Upload) => {
  const bytes = up.bytes;
  up.bytes = undefined;
  return { name: up.name, id: newFileId(), size: up.size, bytes };
};

/**
 * Where the page sets the currency of every row: on the mapping screen (a file read with columns found or chosen), or,
 * for a file a bank's layout reads, in the file's own "Currency" field, which keeps the layout as the command line's
 * --currency does (review of r4-left: the mapping screen's field made an FNB download a generic CSV, its dates refused).
 */
export type CurrencyField = "columns" | "file";
/** The mapping screen as the page names it (ImportColumns' summary). */
const COLUMNS_SCREEN = "under “Change columns”";
const CURRENCY_FIELD_WORDS: Record<CurrencyField, string> = { columns: `“Currency of every row” ${COLUMNS_SCREEN}`, file: "“Currency” beside “Account”" };
/** The signed amount's role as the mapping screen lists it. */
const SIGNED = `“${ROLE_WORDS.amount}”`;

/**
 * The combined preview's balance cell: checked ✓, off by …, a closing (an OFX LEDGERBAL) or an opening balance stated with
 * nothing to check it against, or none stated (uqa4 F4). A file whose statements fare differently says so per currency
 * ("CHF checked ✓; EUR none stated"), and within a currency per kind ("checked ✓ (1 statement), none stated (4
 * statements)"): a whole-file "checked ✓" hid the EUR rows nothing checked (review of uqa4 F4-b). It is "ok" only when
 * every statement was checked.
 */
export const balancesOf = (p: Pick<StatementPreview, "reconciliation">): ImportSummaryRow["balances"] => {
  const recs = p.reconciliation;
  const status = recs.some((x) => x.status === "off") ? "off" : recs.length && recs.every((x) => x.status === "ok") ? "ok" : "none";
  const words = (x: (typeof recs)[number]) =>
    x.status === "off"
      ? `off by ${formatMoney(Math.abs(x.difference ?? 0), x.currency)}`
      : x.status === "ok"
        ? "checked ✓"
        : x.closing !== null
          ? "closing only, not checked"
          : x.opening !== null
            ? "opening only, not checked"
            : "none stated";
  const byCurrency = new Map<string, string[]>();
  for (const x of recs) byCurrency.set(x.currency, [...(byCurrency.get(x.currency) ?? []), words(x)]);
  const parts = [...byCurrency].map(([currency, all]) => {
    const kinds = [...new Set(all)];
    const text = kinds.length === 1 ? kinds[0]! : kinds.map((k) => `${k} (${plural(all.filter((w) => w === k).length, "statement")})`).join(", ");
    // An amount off already names its currency ("off by USD 120.00").
    return byCurrency.size === 1 || text.startsWith("off by") ? text : `${currency} ${text}`;
  });
  // The same for every statement: said once ("checked ✓", not "EUR checked ✓; USD checked ✓").
  const alike = new Set(recs.map(words));
  return { status, words: alike.size === 1 ? [...alike][0]! : parts.length ? parts.join("; ") : "none stated" };
};

/** Whether a preview's file is read by a bank's layout (not by columns found from its header, chosen, or saved by the user). */
export const readByBankLayout = (p: StatementPreview): boolean => p.format === "csv" && p.layout !== null && p.layout !== "guessed" && p.layout !== "mapping" && savedNameOf(p.layout) === null;

/**
 * A reader's message in the page's words: the command line's flags are named by what the page calls them, and
 * its advice ("set --date-format …") becomes the page's (SPEC §10.1: pages never show CLI flags). `currency`: where
 * the page sets a file's currency (CurrencyField).
 */
export function inPageWords(message: string, currency: CurrencyField = "columns"): string {
  return message
    .replace(/;\s*set --date-format[^;]*$/, "; choose how its dates are written")
    // The amounts' sign in doubt (csv-signs.ts): the page's answers are its "Flip signs" and its columns confirmed as they are.
    .replace(/; if they are card purchases, import it with --flip-signs; if they are money received, with --amount-column "[^"]*" \(the signs as written\)$/, "; if they are card purchases, tick “Flip signs”; if they are money received, use these columns as they are (the signs as written)")
    // Advice that names the column flags as a whole (csv-signs.ts, csv-guess.ts's file with no header row): the page's
    // mapping screen and its roles; word by word it read "name the amount column with the amount column" (uqa10).
    .replace(/if the amounts carry their own signs, name the amount column with --amount-column, else map the columns on the Import page/, `choose what each column holds ${COLUMNS_SCREEN} (${SIGNED} for the amounts if they carry their own signs)`)
    .replace(/;\s*name them with --date-column "column N"[^;]*$/, `; choose what each column holds ${COLUMNS_SCREEN}`)
    // A saved layout's names in another order (csv.ts, SavedLayoutDiffers): the screen opens with its roles, to be checked.
    .replace(/: name its columns \(--date-column …\), or read it with the layout, its columns found by their names \(--mapping "[^"]*"\)$/, `: check what each column holds ${COLUMNS_SCREEN}`)
    .replace(/name the columns with --amount-column ("[^"]*"|\S+)/, (_, col: string) => `choose ${SIGNED} for ${col.replace(/^"|"$/g, "")} ${COLUMNS_SCREEN}`)
    .replace(/import it again with --flip-signs|flip the signs \(--flip-signs\)/, "tick “Flip signs”")
    .replace(/;\s*set --decimal[^;]*$/, "; choose its decimal mark")
    .replace(/;\s*set --currency CODE \(or --currency-column H\)/, "; choose its currency column")
    // An assumed currency (a file that names none): the page's own field says otherwise, and the preview follows at once.
    .replace(/set the currency of every row \(--currency CODE\) and import the file again/, `enter it in ${CURRENCY_FIELD_WORDS[currency]}`)
    .replace(/\(from --currency\)/g, "(as you set it)")
    .replace(/set its currency \(--currency CODE\)/, `set its currency in ${CURRENCY_FIELD_WORDS[currency]}`)
    .replace(/\.\s*Name them with --[\s\S]*$/, ". Choose what each column holds")
    .replace(/\s*\((?:--[a-z-]+[^)]*)\)/g, "")
    .replace(/--(date|amount|debit|credit|description|currency)-column/g, (_, w: string) => `the ${w} column`)
    .replace(/--currency\b/g, "the currency")
    .replace(/--([a-z]+(?:-[a-z]+)*)/g, (_, w: string) => w.replace(/-/g, " "));
}

export function importRoutes(deps: WebDeps) {
  const r = new Hono<WebEnv>();
  const { importer, store } = deps;
  const pending = new PendingImports(undefined, undefined, (h) => dropInWorker(h.file.id));
  /**
   * The files of each drop, for its combined preview (oldest drops forgotten first), and its ticks as the summary last
   * sent them: a summary drawn again because one file changed keeps them, so its count is what "Import all" imports.
   */
  const groups = new Map<string, { ids: string[]; done: Map<string, { file: string; words: string; newRows: NewRow[] }>; ticks: SummaryTicks }>();
  const asset = (name: string) => assetUrl(deps.assets, name);
  const actor = (c: Context<WebEnv>, via: ImportActor["via"]): ImportActor => {
    const user = c.get("user");
    return { userId: user.id, by: user.name, via };
  };
  const userOf = (c: Context<WebEnv>) => c.get("user").id;
  const upload = bodyLimit({ maxSize: MAX_UPLOAD_BYTES + ENVELOPE_BYTES, onError: (c) => refuse(c, 413, TOO_LARGE_MESSAGE) });
  // These routes sit before the chat's body limit (server.ts): a commit carries at most the ticked ids, an undo one batch.
  const small = bodyLimit({ maxSize: 4 * 1024 * 1024, onError: (c) => refuse(c, 413, "Request too large.") });
  /** A preview, an import: long work (a 50 MB file, the model's calls) must not be cut off by Bun's idle timeout. */
  const noIdleTimeout = (c: Context<WebEnv>) => c.env?.server?.timeout(c.req.raw, 0);
  const accountWords = () => {
    const names = store.accountNames.all();
    return (a: string) => accountLabel(a, names);
  };

  /**
   * The uploaded files and the other fields, the body read straight into shared memory (multipart.ts). None is
   * refused (`invalid`); more than 50 MB together is a 413.
   */
  const readUploads = async (c: Context<WebEnv>): Promise<Upload[]> => {
    let body: Multipart;
    try {
      body = await readMultipart(c.req.raw, MAX_UPLOAD_BYTES + ENVELOPE_BYTES, () => new HTTPException(413, { message: TOO_LARGE_MESSAGE }));
    } catch (e) {
      if (e instanceof MultipartError) throw new ChangeRefused("invalid", e.message);
      throw e;
    }
    const files = body.files.filter((f) => f.field === "file" && (f.bytes.length > 0 || f.name !== ""));
    if (files.length === 0) throw new ChangeRefused("invalid", "Choose a statement file to import (form field `file`).");
    if (files.reduce((n, f) => n + f.bytes.length, 0) > MAX_UPLOAD_BYTES) throw new HTTPException(413, { message: TOO_LARGE_MESSAGE });
    return files.map((f) => ({ name: f.name || "statement", size: f.bytes.length, bytes: f.bytes, fields: body.fields }));
  };
  /** Each upload as the statement files it stands for: a ZIP's members (unpacked in the parse worker), else itself. */
  const statementsOf = async (ups: Upload[]): Promise<Upload[]> =>
    (await Promise.all(ups.map(async (up) => (up.bytes ? (await unpackInWorker({ name: up.name, bytes: up.bytes })).map((f) => ({ ...f, size: f.bytes.length, fields: up.fields })) : [up])))).flat();

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

  /** What the file is, in words: its bank layout, or its format and how its columns were found. */
  const whatOf = (p: StatementPreview): string => {
    const saved = savedNameOf(p.layout);
    if (saved) return `a CSV read with your layout “${saved}”`;
    const bank = LAYOUTS.find((l) => l.id === p.layout);
    if (bank) return `${bank.bank} ${bank.name}`;
    // The reader's label in words (the README's table writes its version names as code).
    const label = (readerFor(p.format)?.label ?? p.format).replace(/`/g, "");
    if (p.layout === "guessed") return `${label}, its columns recognised from the header`;
    if (p.layout === "mapping") return `${label}, read with the columns you chose`;
    return label;
  };

  const estimateWords = (p: StatementPreview): string | null => {
    const e = p.estimate;
    if (!e) return null;
    const tokens = e.inputTokens + e.outputTokens;
    return `about ${formatCount(Math.round(tokens / 100) * 100 || tokens)} tokens in ${plural(e.requests, "request")}, ${costWords(e.cost)}`;
  };

  const previewView = (id: string, p: StatementPreview, account: (a: string) => string): ImportPreviewView => ({
    id,
    file: p.file,
    what: whatOf(p),
    account: p.account ? account(p.account) : null,
    data_lines: p.dataLines,
    rows: p.counts.rows,
    new: p.counts.new,
    duplicates: p.counts.duplicates,
    possible_duplicates: p.counts.possibleDuplicates,
    bad_rows: p.badRows.map((b) => ({ line: b.line, reason: inPageWords(b.reason) })),
    skipped: p.skipped,
    totals: p.totals.map((t) => ({ currency: t.currency, out: t.out, out_rows: t.outRows, in: t.in, in_rows: t.inRows })),
    // The accounts by their names (Settings) or masked, never the whole IBAN or card number.
    reconciliationLines: p.reconciliation.map((r) => ({ ...r, account: r.account ? account(r.account) : null })),
    notes: p.notes.map((n) => inPageWords(n, readByBankLayout(p) ? "file" : "columns")),
    preview: p.rows.map((row) => ({ ...previewRowJson(row), match: row.match ? matchView(p.format, row.match) : null })),
    shown: p.rows.length,
    willImport: p.counts.new,
    newMerchants: p.newMerchants,
    model: importer.canClassify,
    estimate: estimateWords(p),
  });

  const fileView = (id: string, h: HeldImport, account: (a: string) => string): ImportFileView => {
    const s = h.settings;
    const o = h.outcome;
    const p = "preview" in o ? o.preview : null;
    return {
      id,
      file: h.file.name,
      version: h.version,
      what: p ? whatOf(p) : null,
      account: p?.account ? account(p.account) : null,
      // The Account field holds the layout's account: said so, as an account read from the file reads alike (two
      // accounts at one bank share a header; review of r4-uqa10).
      ...(p?.account && s.account && layoutAccountOf(p) === s.account ? { accountFromLayout: true as const } : {}),
      settings: {
        account: s.account ?? "",
        format: s.format ?? "auto",
        flipSigns: s.flipSigns === true,
        columnsChosen: s.columns !== undefined,
        layout: s.layout ?? null,
        // A bank layout's file: its currency set beside its account, the layout kept (the mapping screen's would not keep it).
        currency: p && !s.columns && readByBankLayout(p) ? (s.flags?.currency ?? "") : null,
      },
      mapping: o.mapping,
      guessed: h.columnsGuessed && o.mapping ? { ignoredAmounts: ignoredAmountColumns(o.mapping), signs: h.signsInDoubt ?? null, why: h.guessedWhy ?? null } : null,
      ...(p ? { preview: previewView(id, p, account) } : { problem: { message: (o as { problem: string }).problem, needsColumns: (o as { needsColumns: boolean }).needsColumns } }),
    };
  };

  const summaryRow = (id: string, h: HeldImport | null, done: { file: string; words: string } | undefined, account: (a: string) => string): ImportSummaryRow | null => {
    const without = (file: string, version: number, said: { problem: string; waitsForColumns?: boolean } | { result: string }): ImportSummaryRow => ({
      id, file, version, what: null, account: null, problem: null, result: null, waitsForColumns: false, waitsForTick: false, ...said, new: 0, duplicates: 0, possible: 0, badOrSkipped: 0, badRows: 0, totals: [], balances: { status: "none", words: "" }, willImport: 0,
    });
    if (!h) return done ? without(done.file, 0, { result: done.words }) : null;
    const o = h.outcome;
    if (!("preview" in o)) return without(h.file.name, h.version, { problem: o.needsColumns ? "choose its columns first" : o.problem, waitsForColumns: o.needsColumns });
    if (h.columnsGuessed) return without(h.file.name, h.version, { problem: "its columns are a guess: check them first", waitsForColumns: true });
    const p = o.preview;
    return {
      id,
      file: h.file.name,
      version: h.version,
      what: whatOf(p),
      account: p.account ? account(p.account) : null,
      problem: null,
      result: null,
      waitsForColumns: false,
      waitsForTick: false,
      new: p.counts.new,
      duplicates: p.counts.duplicates,
      possible: p.counts.possibleDuplicates,
      badOrSkipped: p.badRows.length + p.skipped.length,
      badRows: p.badRows.length,
      totals: p.totals.map((t) => ({ currency: t.currency, out: t.out, in: t.in })),
      balances: balancesOf(p),
      willImport: p.counts.new,
    };
  };

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
    toHtml(<ImportFile v={fileView(id, pending.get(id, userOf(c)), accountWords())} />).replace(`<div class="import-live" id="live-${id}"></div>`, `<div class="import-live" id="live-${id}">${notice ? errorNotice(notice) : ""}</div>`);

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

  /** What an import did, as the page says it (the model's calls in words). */
  const resultProps = (id: string, res: CommitResult & { preview: StatementPreview; modelError: string | null }, usage: string | null): ImportResultProps => ({
    id,
    file: res.preview.file,
    batch: res.batch,
    inserted: res.inserted,
    skipped: res.alreadyThere,
    bySource: res.bySource,
    snapshot: res.snapshot,
    classification: usage,
    modelError: res.modelError,
  });

  // --- JSON ---

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

  // --- Browser ---

  r.get("/import", async (c) => {
    const user = c.get("user");
    const name = signedInName(user);
    return c.html(await renderPage(<ImportPage imports={importer.list()} account={accountWords()} demo={deps.budget.demo} asset={asset} user={name ? { name } : null} />));
  });

  // The dropped files, each held and previewed in the parse worker; the page gets progress while they are read,
  // then their previews (one each, and with several the combined preview with "Import all").
  r.post("/import/preview", upload, async (c) => {
    let files: Upload[];
    try {
      files = await statementsOf(await readUploads(c));
    } catch (e) {
      if (e instanceof HTTPException) return c.html(errorNotice(e.message), e.status as 413);
      const refused = refusalOf(e);
      if (!refused) throw e;
      return c.html(errorNotice((e as Error).message), refused.status);
    }
    noIdleTimeout(c);
    const userId = userOf(c);
    const previews = async (progress?: (label: string) => Promise<void>) => {
      const ids: string[] = [];
      // One currency for every file of the drop that names none, however many of them are imported before another.
      const assumedCurrency = importer.assumedCurrency();
      for (const [k, up] of files.entries()) {
        await progress?.(files.length > 1 ? `Reading ${up.name} (${k + 1} of ${files.length})…` : `Reading ${up.name}…`);
        // The worker keeps the file's text from its first preview on: later ones name it only.
        const sent = toWorker(up);
        const file = { name: sent.name, id: sent.id, size: sent.size };
        let settings: FileSettings = {};
        let outcome = await outcomeFor(sent, settings, null, assumedCurrency);
        let guessed = false;
        let signsInDoubt: string | undefined;
        let guessedWhy: string | undefined;
        // Columns nothing recognised: the roles proposed for them are tried at once, and the mapping screen opens
        // with their preview (the user checks and corrects them) rather than with only a question — or with what the
        // proposal still lacks ("Choose how the dates are written"), which says more than "cannot tell which columns".
        if ("problem" in outcome && outcome.needsColumns && outcome.mapping) {
          // (A saved layout's roles, for its header's names in another order: its "Flip signs" with them.)
          const proposal: FileSettings = { columns: { roles: outcome.mapping.roles, dateFormat: outcome.mapping.dateFormat, decimal: outcome.mapping.decimal, currency: outcome.mapping.currency }, ...(outcome.mapping.flipSigns ? { flipSigns: true as const } : {}) };
          const tried = await outcomeFor(file, proposal, outcome.mapping, assumedCurrency);
          // Only a guess: previewed to be checked, imported once the user confirms or changes it (as the CLI and the API
          // refuse the file until its columns are named). The signs in doubt (uqa9's card CSV: its purchases money in,
          // unsaid) stay said beside "Flip signs" until then, as the command line says them.
          if ("preview" in tried || tried.needsColumns) [settings, outcome, guessed, signsInDoubt, guessedWhy] = [proposal, tried, true, outcome.signs ? outcome.problem : undefined, outcome.mapping.savedAs ? outcome.problem : undefined];
        }
        // Read with a layout the user saved with an account, a file that names none is that account's, as the Account
        // field then shows (uqa10: it landed with no account, where the user had named one when saving the layout).
        const kept = "preview" in outcome ? savedAccountFor(outcome.preview) : null;
        if (kept) {
          settings = { ...settings, account: kept };
          outcome = await outcomeFor(file, settings, outcome.mapping, assumedCurrency);
        }
        ids.push(pending.add({ file, settings, outcome, version: 1, assumedCurrency, ...(guessed ? { columnsGuessed: true as const } : {}), ...(signsInDoubt ? { signsInDoubt } : {}), ...(guessedWhy ? { guessedWhy } : {}) }, userId));
      }
      const group = startGroup(ids);
      const account = accountWords();
      const views = ids.map((id) => fileView(id, pending.get(id, userId), account));
      return toHtml(<ImportBatch group={group} files={views} summary={summaryOf(c, group)} />);
    };
    if (!isHtmxRequest(c)) return c.html(await previews());
    return streamSSE(c, async (stream) => {
      const html = await previews((label) => stream.writeSSE({ data: toHtml(<ImportProgress label={label} />) }));
      await stream.writeSSE({ data: html });
    });
  });

  // A field of a file's preview changed: the file is read again with the settings the page now shows.
  r.post("/import/:id/settings", small, async (c) => {
    const id = c.req.param("id");
    const body = await formBody(c);
    const columns = c.req.query("columns") === "chosen" ? "chosen" : body.columns;
    noIdleTimeout(c);
    const userId = userOf(c);
    try {
      // A field the page cannot use (a currency that is no ISO code) is said beside the file, which stays as it was.
      const before = pending.get(id, userId);
      let settings = withLayoutFlip(settingsFromFields({ ...body, columns }), before.settings, mappingOf(before));
      if (c.req.query("save") === "1") settings = saveChosen(c, before, settings, typeof body["save-as"] === "string" ? body["save-as"] : "");
      const { held } = await pending.repreview(id, userId, settings, (h) => outcomeFor(h.file, settings, mappingOf(h), h.assumedCurrency));
      // A choice made on the mapping screen ("Use these columns" too) is the user's, no longer a guess; a change of the
      // account or the format leaves the guess a guess.
      if (c.req.query("columns") === "chosen" || !held.settings.columns) {
        delete held.columnsGuessed;
        delete held.signsInDoubt;
        delete held.guessedWhy;
      }
      // "Flip signs" ticked answers the signs' doubt (the command line's --flip-signs), not the columns' guess.
      if (held.settings.flipSigns) delete held.signsInDoubt;
    } catch (e) {
      const refused = refusalOf(e);
      if (!refused) throw e;
      // The file is still held (a name missing for its layout, an import running): it stays, saying why.
      if ("held" in pending.lookup(id, userId)) return c.html(fileHtml(c, id, (e as Error).message), refused.status);
      return c.html(errorNotice((e as Error).message), refused.status);
    }
    return c.html(fileHtml(c, id) + summaryPartial(c, id));
  });

  /** "Save layout as …": the roles chosen on the mapping screen saved by name; the file is then read with the saved layout. */
  const saveChosen = (c: Context<WebEnv>, h: HeldImport, settings: FileSettings, name: string): FileSettings => {
    const view = mappingOf(h);
    const trimmed = name.trim();
    if (!trimmed) throw new ChangeRefused("invalid", "Give the layout a name to save it under.");
    if (!view || !settings.columns) throw new ChangeRefused("invalid", "Choose what each column holds first.");
    const layout = chosenLayout(view, { ...settings, columns: settings.columns }, trimmed);
    const account = settings.account?.trim();
    saveLayout(store, trimmed, account ? { ...layout, savedAccount: account } : layout, c.get("user").name);
    // Its flip is the layout's now: read with it, the file needs no flip of its own.
    return { ...(settings.account ? { account: settings.account } : {}), ...(settings.format ? { format: settings.format } : {}), layout: trimmed };
  };

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

  const markDone = (id: string, p: StatementPreview, words: string) => {
    for (const g of groups.values()) if (g.ids.includes(id)) g.done.set(id, { file: p.file, words, newRows: newRowsOf(p) });
  };

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

  return r;
}

/** The files a summary's ticks name (form fields `accept`, `skip-bad`: a file's id each). */
const ticksOf = (field: unknown) => new Set(([] as unknown[]).concat(field ?? []).filter((x): x is string => typeof x === "string"));

/** Bad rows listed in a refusal, at most this many (the preview lists them all). */
const BAD_ROWS_NAMED = 5;

/** A file with bad rows refused: each bad line (up to a few) with its reason, and how to import the other rows (the API's field, the page's tick). */
function badRowsMessage(p: StatementPreview, via: ImportActor["via"]): string {
  const page = via !== "api";
  const advice = page ? "tick “Import without the bad rows” to import the other rows" : 'send "skip_bad_rows": true to import the other rows';
  const named = p.badRows.slice(0, BAD_ROWS_NAMED).map((b) => `${rowPlace(p.format, b.line)}: ${page ? inPageWords(b.reason) : b.reason}`);
  const more = p.badRows.length > BAD_ROWS_NAMED ? `; and ${p.badRows.length - BAD_ROWS_NAMED} more` : "";
  return `${p.file}: ${plural(p.badRows.length, "bad row")} (${named.join("; ")}${more}); nothing was imported (${advice})`;
}

/** A refusal as a notice in the page (the same classes as views/ErrorNotice.tsx). */
function errorNotice(message: string): string {
  return `<div class="notice notice-error import-problem" role="alert"><span class="error-message">${escapeText(message)}</span></div>`;
}

function escapeText(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Progress of an import, at most a few updates a second (each one small fragment into the file's status line). */
function throttledProgress(stream: SSEStreamingApi): (label: string, done?: number, total?: number) => void {
  let last = 0;
  return (label, done, total) => {
    if (done !== undefined && total !== undefined) {
      // A step's own updates are thinned (its last one always goes); a new step always shows.
      if (done < total && Date.now() - last < 250) return;
      last = Date.now();
    }
    void stream.writeSSE({ data: toHtml(<ImportProgress label={label} done={done} total={total} />) });
  };
}

/** What the model's classification of an import did and took, in a sentence (null: the model was not asked). */
function modelWords(res: { modelUsage: ModelUsageOfCalls | null }): string | null {
  const u = res.modelUsage;
  if (!u) return null;
  const tokens = u.usage.input_tokens + u.usage.output_tokens + u.usage.cache_creation_input_tokens + u.usage.cache_read_input_tokens;
  const took = `(${formatCount(tokens)} tokens, ${costWords(estimateCost(u.model, u.usage))})`;
  // What the model did, not what it was asked: an answer with no result (or none worth keeping) classified nothing.
  if (u.classified === 0) return `The model was asked about ${plural(u.merchants, "new merchant")} ${took} and classified none of them.`;
  return `The model classified ${u.classified < u.merchants ? `${formatCount(u.classified)} of ` : ""}${plural(u.merchants, "new merchant")} ${took}.`;
}

/** A cost in words: "estimated USD 0.02", or that the model has no known price. */
const costWords = (cost: number | "unknown") => (cost === "unknown" ? "cost unknown for this model" : `estimated ${formatCost(cost)}`);

/**
 * The preview of SPEC §10/§10.1: what the file holds and what becomes of each of its data lines
 * (new, duplicate, possible duplicate, bad row, skipped — they add up to `data_lines`), the money
 * out and in per currency, what its balances say, how many merchants are new and what classifying
 * them at import will take, and the first rows (a row the model classifies at import has merchant,
 * category and source null).
 */
function previewJson(id: string, version: number, p: StatementPreview, model: boolean) {
  return {
    id,
    version,
    format: p.format,
    layout: p.layout,
    account: p.account,
    data_lines: p.dataLines,
    rows: p.counts.rows,
    new: p.counts.new,
    duplicates: p.counts.duplicates,
    possible_duplicates: p.counts.possibleDuplicates,
    bad_rows: p.badRows.map((b) => ({ line: b.line, reason: b.reason })),
    skipped: p.skipped.map((b) => ({ line: b.line, reason: b.reason })),
    totals: p.totals.map((t) => ({ currency: t.currency, out: t.out, out_rows: t.outRows, in: t.in, in_rows: t.inRows })),
    reconciliation: p.reconciliation.map(reconciliationJson),
    notes: p.notes,
    new_merchants: p.newMerchants,
    classification_estimate:
      model && p.estimate ? { merchants: p.estimate.merchants, requests: p.estimate.requests, input_tokens: p.estimate.inputTokens, output_tokens: p.estimate.outputTokens, cost_usd: p.estimate.cost } : null,
    preview: p.rows.map(previewRowJson),
  };
}

/** The row a possible duplicate may repeat, as the page names it: its day and text, and for a row of the same file its place and why. */
function matchView(format: string, m: NonNullable<PreviewRow["match"]>) {
  return {
    date: m.date,
    description: m.description,
    ...(m.currency ? { currency: m.currency } : {}),
    ...(m.inFile ? { inFile: { place: rowPlace(format, m.inFile.line), reason: m.inFile.reason } } : {}),
  };
}

/** A preview's row as the API gives it (and the page shows it): merchant, category and source null when the model classifies it at import; an already imported row's as stored (source "stored"). */
function previewRowJson(r: PreviewRow) {
  return {
    line: r.line,
    date: r.date,
    amount: r.amount,
    currency: r.currency,
    description: r.description,
    // (An already imported row: as it is stored now.)
    merchant: r.classified?.merchant ?? r.stored?.merchant ?? null,
    category: r.classified?.category ?? r.stored?.category ?? null,
    source: r.classified?.source ?? (r.stored ? "stored" : null),
    status: r.status,
    transaction_id: r.transactionId,
    // The row a possible duplicate may repeat (stored, or a row of this file with why), as the CLI and the page name it (issue 31).
    match: r.match ? { date: r.match.date, description: r.match.description, ...(r.match.currency ? { currency: r.match.currency } : {}), ...(r.match.inFile ? { in_file: { line: r.match.inFile.line, reason: r.match.inFile.reason } } : {}) } : null,
  };
}
