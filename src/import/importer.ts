/**
 * Importing bank statements into budget.db (SPEC §10, §10.1): the one room that CLI, web and
 * tests share; the adapters only read files and print or render what comes back.
 *
 * An import runs in three steps:
 *   1. `parse` (the command line): every file is read into rows (src/import/formats), with their
 *      transaction ids, and checked: bad input (not a statement, a bad row without skipBadRows,
 *      balances that do not reconcile without acceptUnreconciled) throws ImportInputError here,
 *      before anything is written.
 *   2. `plan`: rows budget.db already holds are duplicates, rows another source may have booked
 *      are possible duplicates; the new ones are classified (the user's rules → cache → card rules →
 *      model → unclassified). Reads only; the model is the only slow part, and it runs outside any lock.
 *      Its calls are counted in usage as "import classification" (SPEC §10.1).
 *   3. `commit`: one transaction through the write path (BudgetWriter, kind "import"):
 *      the `account` column and the import's own tables when absent, the rows (`INSERT OR
 *      IGNORE`, so a row another import added meanwhile is not added twice) with their
 *      transaction_details, the statement's checked balances (account_balances), the model's
 *      answers in merchant_cache, one import_log row; then, once budget.db holds them, in chat.db
 *      the import's record and its audit entry (the write's settlement); if any of it fails,
 *      none of it is kept.
 * `undo` deletes exactly one batch's rows (and their details and balances), in one transaction,
 * recorded and audited with who once budget.db holds it. Commit and undo run in the budget write
 * worker (write-worker.ts, batch-write.ts), on a budget.db connection of that thread, the rows fed
 * to it in parts, so a 50 MB statement's write, COMMIT included, does not stall the server; the
 * work before it (classification) and `classifyPending` yield to the event loop in time slices. The
 * command line, where no server runs, writes on its own thread instead (`writesOnThisThread`): a
 * plan's rows go straight from its RowTable into the statements, not copied to a worker in parts,
 * and a streamed import (its large files) is read again by a synchronous reader inside its write.
 *
 * The web previews in the parse worker instead (`preview`: preview.ts, nothing but the file's bytes held
 * here, SPEC §13.1), asks the model nothing then, and at the user's "Import" (`commitPreview`) reads the
 * rows to insert again, classifies them (the model now, with progress) and commits them as above.
 *
 * A statement's rows stay in their columns (RowTable) from the reader to the commit: a plan adds
 * per-row arrays (status, class) beside them instead of copying rows, so a million-row statement
 * fits in a few hundred MB (SPEC §13.1).
 *
 * Its parts in their own files: a plan's rows (plan-rows.ts), its duplicates (plan-duplicates.ts), the one write
 * (import-write.ts), the balance checks in words (reconciliation-words.ts), records (record-words.ts), undo's
 * refusals (undo-refusals.ts).
 */
import { Database } from "bun:sqlite";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { PIPELINE_CACHE_UPSERT, pipelineMerchantKey, pipelineTimestamp } from "../ledger/pipeline.ts";
import { BudgetDb, DEFAULT_NOT_SPENDING } from "../ledger/reader.ts";
import { addRuleHits } from "../ledger/category-rules.ts";
import { budgetWriterFor, type BudgetWriter } from "../ledger/write-path.ts";
import { TimeSlices } from "../core/time-slices.ts";
import { ConfigError, ImportInputError } from "../core/errors.ts";
import { rowPlace } from "../core/format.ts";
import type { Store } from "../store/store.ts";
import type { ImportRecord } from "../store/import-records.ts";
import {
  applyAnswers,
  askModel,
  cacheEntries,
  classifyStatementRows,
  classifierCategories,
  classifyRows,
  fewShotExamples,
  type Classified,
  type ClassSource,
  type ModelClassifier,
  type ModelItem,
  type ModelUsageOfCalls,
  plainMerchant,
  unclassified,
  userRuleClassesOfStored,
} from "./classify.ts";
import { emptyBySource, rowsParts, type BatchFacts, type UndoFacts, type UndoOutcome } from "./batch-write.ts";
import { SignTurns, type SeenIds } from "./duplicates.ts";
import { binaryKind, decodeText } from "./formats/decode.ts";
import { parseStatement, type CsvMapping, type FallbackCurrency, type Reconciliation, type Statement } from "./formats/index.ts";
import { RowTable } from "./formats/row-table.ts";
import type { BankLayout } from "./formats/csv-layout.ts";
import { assignTransactionIds } from "./ids.ts";
import { previewInWorker, stagedParts, stageInWorker, unstageInWorker, type PreviewReply, type WorkerFile } from "./parse-pool.ts";
import { currencyDefaults, type StatementPreview } from "./preview.ts";
import { batchFacts, importWrites, NothingToAdd, writeImportBatch, type RowsToWrite } from "./import-write.ts";
import { markDuplicates } from "./plan-duplicates.ts";
import { rowsToInsert, type FilePlan, type IncludePossible, type ParsedFile, type PlannedRow } from "./plan-rows.ts";
import { unreconciledMessage } from "./reconciliation-words.ts";
import type { ImportActor } from "./record-words.ts";
import { ImportEditedSinceError, ImportUndoError } from "./undo-refusals.ts";
import { checkImportColumns, ensureBudgetDb } from "./target.ts";
import { savedLayouts } from "./user-layouts.ts";
import { heldRow, readFacts, rowsOf, walkRows, withHeld, withStoredOpenings, type CurrencyTotals, type RowVisitor as BalanceRows } from "./walk.ts";

// The importer's parts, written in their own files, are still given from here: the one room CLI, web and tests share.
export { classificationOf, fileTotals, planCounts, plannedRow, possibleDuplicateRows, previewRows, rowsToInsert } from "./plan-rows.ts";
export type { FilePlan, IncludePossible, ParsedFile, PlanCounts, PlannedRow, RowStatus } from "./plan-rows.ts";
export { reconciliationJson, reconciliationText, unreconciledMessage } from "./reconciliation-words.ts";
export { importActorText, importRecordJson, type ImportActor } from "./record-words.ts";
export { ImportEditedSinceError, ImportUndoError } from "./undo-refusals.ts";

export type ImportFile = { name: string; bytes: Uint8Array };

export type ParseOptions = {
  format?: string;
  mapping?: CsvMapping;
  /** The one CSV layout to read with (the mapping screen's roles, a saved layout named with `--mapping`). */
  layout?: BankLayout;
  /** The account name for every row (`--account`), instead of the one the file names. */
  account?: string;
  /** Import the good rows and list the bad ones, instead of refusing the file. */
  skipBadRows?: boolean;
  /** `--flip-signs` / "Flip signs": the user's override of every sign. */
  flipSigns?: boolean;
  /** Import a statement whose balances do not reconcile (else it is refused, naming by how much). */
  acceptUnreconciled?: boolean;
  /** The currency a file that names none takes, decided once for the files read together (assumedCurrency). */
  fallbackCurrency?: FallbackCurrency;
};

/** How far classification goes: all steps, or without the model (no key, --no-classify, a dry run). */
export type ClassifyMode = "model" | "offline";

/** `batch` is null when there was nothing to add (every row a duplicate): then nothing is written at all. */
export type CommitResult = {
  batch: string | null;
  inserted: number;
  /** Rows planned as new that budget.db held by the time of the write (another import added them meanwhile): duplicates too. */
  alreadyThere: number;
  bySource: Record<ClassSource, number>;
  /** The snapshot of budget.db the write path kept before this import (absent: nothing written, or backups off). */
  snapshot?: string | null;
};

export type { CurrencyTotals } from "./walk.ts";

/** Bad rows (unless skipBadRows) and balances that do not reconcile (unless acceptUnreconciled) refuse the file: nothing is written. */
function refuseBadInput(file: string, s: Pick<Statement, "format" | "badRows" | "reconciliation">, opts: ParseOptions): void {
  const bad = s.badRows[0];
  if (bad && !opts.skipBadRows) {
    const more = s.badRows.length > 1 ? ` (and ${s.badRows.length - 1} more bad row${s.badRows.length > 2 ? "s" : ""})` : "";
    throw new ImportInputError(`${file} ${rowPlace(s.format, bad.line)}: ${bad.reason}${more}; nothing was imported (--skip-bad-rows imports the rest)`);
  }
  const refusal = opts.acceptUnreconciled ? null : unreconciledMessage(file, s.format, s.reconciliation);
  if (refusal) throw new ImportInputError(refusal);
}

/** Files from this size on are imported streamed from the command line (parseStreamed, commitStreamed). */
export const STREAM_FROM_BYTES = 8 * 1024 * 1024;
/** Possible duplicates a streamed import lists, at most (all are counted). */
const STREAM_LISTED = 1000;

/** A statement read for its facts only; see Importer.parseStreamed. */
export type StreamedFile = Omit<ParsedFile, "rows" | "ids"> & {
  text: string;
  readOptions: ParseOpts;
  totals: CurrencyTotals[];
  rowCount: number;
};

type ParseOpts = ReturnType<Importer["readOptions"]>;

export type StreamedOutcome = CommitResult & {
  counts: { rows: number; new: number; duplicates: number; possibleDuplicates: number };
  /** The possible duplicates, the first STREAM_LISTED of them. */
  possible: PlannedRow[];
  /** What the walk found to say besides the statement's own notes (rows stored before with the other sign). */
  notes: string[];
};

type RowVisitor = (rows: RowTable, i: number, id: string, c: Classified) => void;

export class Importer {
  readonly writer: BudgetWriter;

  constructor(
    private readonly opts: {
      /** budget.db to import into (created when absent); never the demo database. */
      target: string;
      store: Store;
      /** The model, when classification may use it. */
      model: ModelClassifier | null;
      now?: () => Date;
      /** The write path to `target` (default: the journaled one, `keepBackups` daily snapshots). */
      writer?: BudgetWriter;
      keepBackups?: number;
      /**
       * Write a plan's rows on this thread, not in the budget write worker (the command line: no server whose
       * event loop the write would hold). Saves copying every row to the worker (structured clone of each part),
       * the worker's start and its heap: at 100k rows about a tenth of the import's time and 60 MB of peak RSS.
       */
      writesOnThisThread?: boolean;
      /** The not-spending categories as configured (SPEC §1; default DEFAULT_NOT_SPENDING): a card's payments go to their transfer category. */
      notSpending?: readonly string[];
    },
  ) {
    // The demo database is refused when an import would write (ensureBudgetDb), not here: a server configured
    // with it must still start.
    this.writer = opts.writer ?? budgetWriterFor(opts.target, opts.store, opts.keepBackups ?? 0, { now: opts.now });
  }

  get target(): string {
    return this.opts.target;
  }

  private get notSpending(): readonly string[] {
    return this.opts.notSpending ?? DEFAULT_NOT_SPENDING;
  }

  get canClassify(): boolean {
    return this.opts.model !== null;
  }

  /** The model as a classifier (null: no key, or not asked for). */
  get classifier(): ModelClassifier | null {
    return this.opts.model;
  }

  private now(): Date {
    return this.opts.now?.() ?? new Date();
  }

  /** Read one file into rows, in this thread (the CLI). Throws ImportInputError for bad input (see the file comment). */
  parse(file: ImportFile, opts: ParseOptions = {}): ParsedFile {
    const s = parseStatement(file.bytes, this.readOptions(file, opts));
    const ids = assignTransactionIds(s.rows, s.account);
    return this.checked(file, s, ids, Bun.CryptoHasher.hash("sha256", file.bytes, "hex"), opts);
  }

  /** What a reader is given for this file: the options, and the currency of a CSV that names none. */
  readOptions(file: ImportFile, opts: ParseOptions) {
    return {
      fileName: file.name,
      format: opts.format,
      mapping: opts.mapping,
      layout: opts.layout,
      userLayouts: savedLayouts(this.opts.store),
      accountOverride: opts.account,
      flipSigns: opts.flipSigns,
      ...this.currencies(opts.fallbackCurrency),
    };
  }

  /**
   * The currency a file that names none takes as budget.db stands now (the data's main one, else budget-chat's default):
   * decided once for files previewed together (the page's drop), as the command line reads all its files before it
   * imports any, so that a file of the drop imported first does not become "the main currency of your data" for the others.
   */
  assumedCurrency(): FallbackCurrency {
    return this.currencies().fallbackCurrency;
  }

  /** The currency of a CSV that names none: its account's, else the data's main currency (preview.ts). */
  private currencies(fallbackCurrency?: FallbackCurrency): ReturnType<typeof currencyDefaults> {
    const db = this.openForReading();
    try {
      const defaults = currencyDefaults(db);
      return fallbackCurrency ? { ...defaults, fallbackCurrency } : defaults;
    } finally {
      db?.close();
    }
  }

  private checked(file: ImportFile, s: Statement, ids: string[], sha256: string, opts: ParseOptions, size = file.bytes.length): ParsedFile {
    const parsed: ParsedFile = { ...s, file: file.name, sha256, bytes: size, ids, reconciliation: this.withStoredOpenings(s.reconciliation, rowsOf(s.rows)) };
    refuseBadInput(file.name, parsed, opts);
    return parsed;
  }

  /** A statement's balances checked against budget.db's stored ones where the file states no opening (walk.ts). */
  private withStoredOpenings(recs: Reconciliation[], eachRow: BalanceRows): Reconciliation[] {
    const db = this.openForReading();
    try {
      return withStoredOpenings(db, recs, eachRow);
    } finally {
      db?.close();
    }
  }

  /**
   * Duplicates and classification of a parsed file, against budget.db as it is now (a missing
   * one counts as empty). `seen`: ids of files planned earlier in the same run, which count as
   * already there (overlapping statements given together). Long steps give the event loop room.
   */
  async plan(parsed: ParsedFile, opts: { classify: ClassifyMode; seen?: SeenIds; onProgress?: (done: number, total: number) => void; actor?: ImportActor }): Promise<FilePlan> {
    const { rows, ids } = parsed;
    const db = this.openForReading();
    try {
      const { status, matches, fresh, turned } = await markDuplicates(db, parsed, opts.seen);
      const { classes, learned, modelError } = await this.classifyFresh(parsed, fresh, db, opts.classify === "model" ? this.opts.model : null, opts);
      if (opts.seen) for (let i = 0; i < ids.length; i++) opts.seen.add(ids[i]!, rows.accountOf(i));
      return { ...parsed, ...(turned ? { notes: [...parsed.notes, turned] } : {}), reconciliation: withHeld(parsed.reconciliation, Array.from(status.keys()).filter((i) => status[i] === 2).map((i) => heldRow(rows, i))), status, matches, classes, learned, modelError };
    } finally {
      db?.close();
    }
  }

  /**
   * The classes of a statement's new rows (`fresh`, indexes into its rows): the steps before the model
   * (classifyStatementRows), then `model` for the merchants left, else unclassified (left out of `classes`). The
   * model's calls are recorded in usage as "import classification" at once, whatever becomes of the import: they
   * were made (and paid for).
   */
  private async classifyFresh(
    file: Pick<ParsedFile, "rows" | "format" | "file">,
    fresh: readonly number[],
    db: Database | null,
    model: ModelClassifier | null,
    opts: { onProgress?: (done: number, total: number) => void; actor?: ImportActor },
  ): Promise<{ classes: (Classified | undefined)[]; learned: Map<string, Classified>; modelError: string | null; modelUsage: ModelUsageOfCalls | null }> {
    const known = await classifyStatementRows(db, file.rows, fresh, { cardRules: file.format === "ubs-card", withModel: model !== null, notSpending: this.notSpending });
    const asked = await this.askModelAbout(known.items, db, model, { file: file.file, ...opts });
    applyAnswers(known, asked.answers);
    return { classes: known.classes, learned: asked.learned, modelError: asked.modelError, modelUsage: asked.modelUsage };
  }

  /** The model asked about the merchants the steps before it left (none: not asked), its calls recorded in usage. */
  private async askModelAbout(
    items: readonly ModelItem[],
    db: Database | null,
    model: ModelClassifier | null,
    o: { file: string; onProgress?: (done: number, total: number) => void; actor?: ImportActor },
  ): Promise<Awaited<ReturnType<typeof askModel>>> {
    if (!model || items.length === 0) return { answers: new Map(), learned: new Map(), modelError: null, modelUsage: null };
    const categories = classifierCategories(db);
    const asked = await askModel(items, model, categories, fewShotExamples(db), o.onProgress);
    this.recordModelCalls(asked.modelUsage, asked.modelError, { file: o.file, actor: o.actor });
    return asked;
  }

  /** The model's calls of a classification, in usage as "import classification" (SPEC §10.1). */
  private recordModelCalls(used: ModelUsageOfCalls | null, error: string | null, o: { file: string | null; actor?: ImportActor }): void {
    if (!used) return;
    this.opts.store.modelCalls.add({
      userId: o.actor?.userId ?? null,
      purpose: "import classification",
      model: used.model,
      calls: used.calls,
      usage: used.usage,
      detail: { file: o.file, merchants: used.merchants, via: o.actor?.via ?? "cli", by: o.actor?.by ?? "cli", error },
    });
  }

  /**
   * Write a plan: one batch, one transaction (see the file comment). Creates budget.db
   * first when there is none. Returns the batch and how many rows it added.
   */
  async commit(plan: FilePlan, opts: { includePossibleDuplicates?: IncludePossible; acceptUnreconciled?: boolean; actor: ImportActor }): Promise<CommitResult> {
    const refusal = opts.acceptUnreconciled ? null : unreconciledMessage(plan.file, plan.format, plan.reconciliation);
    if (refusal) throw new ImportInputError(refusal);
    const rows = rowsToInsert(plan, opts.includePossibleDuplicates ?? false);
    const { rows: table, ids, classes } = plan;
    const write: RowsToWrite = this.opts.writesOnThisThread
      ? // As the worker's job adds them (importJob): each row with its class, null for unclassified; no spilling, as there.
        { here: (w) => rows.forEach((i) => w.add(table, i, ids[i]!, classes[i] ?? null)), spill: false }
      : { parts: rowsParts(table, rows, ids, classes) };
    return this.writeRows(plan, write, rows.length, opts.actor);
  }

  /** An import's rows (`count` of them) written in one batch (see writeImportBatch, import-write.ts); nothing at all when there are none. */
  private async writeRows(
    f: Pick<BatchFacts, "file" | "sha256" | "account" | "reconciliation" | "learned"> & { format: string },
    rows: RowsToWrite,
    count: number,
    actor: ImportActor,
  ): Promise<CommitResult> {
    if (count === 0) return { batch: null, inserted: 0, alreadyThere: 0, bySource: emptyBySource() };
    const { batch, at } = this.newBatch(f.file);
    let receipt;
    try {
      receipt = await writeImportBatch(this.writer, this.opts.target, batchFacts(f, batch, at), rows, actor);
    } catch (err) {
      // Another import added every row between plan and write: no batch, nothing written (rolled back).
      if (err instanceof NothingToAdd) return { batch: null, inserted: 0, alreadyThere: count, bySource: emptyBySource() };
      throw err;
    }
    const r = receipt.result;
    return { batch: r.batch, inserted: r.inserted, alreadyThere: count - r.inserted, bySource: r.bySource, snapshot: receipt.snapshot };
  }

  /**
   * The web's preview of a file the parse worker holds (its first preview brings the bytes), made there (preview.ts): bad rows
   * and balances that do not add up are shown, not refused; the model is not asked (it classifies at import).
   * Throws ImportInputError for a file that cannot be read, ColumnsToName (parse-pool.ts) for a CSV whose
   * columns must be named.
   */
  preview(file: WorkerFile & { name: string }, opts: Omit<ParseOptions, "skipBadRows" | "acceptUnreconciled">, list: { rows: number; possible: number }): Promise<PreviewReply> {
    return previewInWorker(file, {
      fileName: file.name,
      options: { format: opts.format, mapping: opts.mapping, layout: opts.layout, userLayouts: savedLayouts(this.opts.store), accountOverride: opts.account, flipSigns: opts.flipSigns },
      fallbackCurrency: opts.fallbackCurrency,
      target: this.opts.target,
      model: this.opts.model?.model ?? null,
      listRows: list.rows,
      listPossible: list.possible,
      notSpending: this.notSpending,
    });
  }

  /**
   * Import what a preview showed: its file's rows read again in the parse worker with the preview's options, only
   * those it showed as new (and the possible duplicates `include`d), classified now — merchant cache, card rules,
   * then the model, with `onProgress` — and written as `commit` writes a plan. A statement whose balances do not
   * add up is refused (ImportInputError) unless accepted.
   */
  async commitPreview(
    file: WorkerFile,
    p: StatementPreview,
    opts: { include: IncludePossible; acceptUnreconciled: boolean; actor: ImportActor; onProgress?: (done: number, total: number) => void },
  ): Promise<CommitResult & { modelError: string | null; modelUsage: ModelUsageOfCalls | null }> {
    const refusal = opts.acceptUnreconciled ? null : unreconciledMessage(p.file, p.format, p.reconciliation);
    if (refusal) throw new ImportInputError(refusal);
    const include = typeof opts.include === "boolean" ? (opts.include ? true : []) : [...opts.include];
    // The rows stay in the parse worker, from their reading to the write worker (this thread passes their parts on
    // unread): a million rows held here would make this thread's garbage collections long (SPEC §13.1).
    const model = this.opts.model;
    const staged = await stageInWorker({ id: file.id }, { options: p.readOptions, facts: p, keep: p.status, include, target: this.opts.target, withModel: model !== null, notSpending: this.notSpending });
    try {
      // The same bytes read with the same options give the same rows; anything else is a fault of ours, not the file's.
      if (staged.read !== p.status.length) throw new Error(`${p.file} gave ${staged.read} rows on its second reading, ${p.status.length} on its first`);
      const db = staged.items.length && model ? this.openForReading() : null;
      let asked;
      try {
        asked = await this.askModelAbout(staged.items, db, model, { file: p.file, ...opts });
      } finally {
        db?.close();
      }
      const { answers, modelError, modelUsage, learned } = asked;
      return { ...(await this.writeRows({ ...p, learned }, { parts: stagedParts(file.id, answers) }, staged.rows, opts.actor)), modelError, modelUsage };
    } finally {
      unstageInWorker(file.id);
    }
  }

  /** A batch name unique per import (also for two files of one name in the same millisecond); budget.db made when absent. */
  private newBatch(file: string): { batch: string; at: string } {
    let now = this.now();
    while (this.opts.store.imports.get(`${file}@${pipelineTimestamp(now)}`)) now = new Date(now.getTime() + 1);
    ensureBudgetDb(this.opts.target, now);
    const at = pipelineTimestamp(now);
    return { batch: `${file}@${at}`, at };
  }

  /**
   * A statement read for its facts only (the command line, from STREAM_FROM_BYTES): the rows are
   * counted and summed as they go by, not kept; its text is, for the write, which reads it again in
   * chunks (commitStreamed). Refuses what `parse` refuses.
   */
  parseStreamed(file: ImportFile, opts: ParseOptions = {}): StreamedFile {
    const kind = binaryKind(file.bytes);
    if (kind) throw new ImportInputError(`${file.name}: this is ${kind}, not a bank statement`);
    const text = decodeText(file.bytes);
    const readOptions = this.readOptions(file, opts);
    const facts = readFacts(text, readOptions);
    refuseBadInput(file.name, facts, opts);
    return { ...facts, file: file.name, sha256: Bun.CryptoHasher.hash("sha256", file.bytes, "hex"), bytes: file.bytes.length, text, readOptions };
  }

  /**
   * Write a statement read by parseStreamed: its text read again, a chunk of rows at a time, each
   * chunk's ids, duplicates, possible duplicates and class (cache, card rules; the model is left to
   * `budget-chat classify`) worked out and its rows inserted, all in the one transaction of the
   * import (the write path's, two-phase like any import's); or, for a dry run, only counted.
   * Memory holds one chunk and the statement's text.
   */
  async commitStreamed(sf: StreamedFile, opts: { includePossibleDuplicates?: boolean; acceptUnreconciled?: boolean; dryRun?: boolean; seen?: SeenIds; actor: ImportActor }): Promise<StreamedOutcome> {
    const refusal = opts.acceptUnreconciled ? null : unreconciledMessage(sf.file, sf.format, sf.reconciliation);
    if (refusal) throw new ImportInputError(refusal);
    const counts = { rows: 0, new: 0, duplicates: 0, possibleDuplicates: 0 };
    const possible: PlannedRow[] = [];
    const include = opts.includePossibleDuplicates === true;
    const turns = new SignTurns();
    const readRows = (db: Database | null, batch: string | null, visit: RowVisitor) =>
      walkRows(sf.text, sf.readOptions, sf, db, { seen: opts.seen, batch, sha256: sf.sha256, turns, notSpending: this.notSpending }, (c) => {
        for (let i = 0; i < c.rows.length; i++) {
          if (c.status[i] === 1) {
            counts.duplicates++;
            continue;
          }
          const cls = c.classes[i] ?? unclassified(plainMerchant(c.rows, i));
          if (c.status[i] === 2) {
            counts.possibleDuplicates++;
            if (possible.length < STREAM_LISTED) possible.push({ ...c.rows.row(i), index: c.offset + i, transactionId: c.ids[i]!, status: "possible_duplicate", match: c.matches[i]!, classified: cls });
            if (!include) continue;
          } else counts.new++;
          visit(c.rows, i, c.ids[i]!, cls);
        }
        counts.rows += c.rows.length;
      });
    const bySource = emptyBySource();
    const outcome = (r: Partial<CommitResult> & { inserted: number }): StreamedOutcome => {
      const turned = turns.note((line) => rowPlace(sf.format, line));
      return { batch: null, alreadyThere: 0, bySource, ...r, counts, possible, notes: turned ? [turned] : [] };
    };
    if (opts.dryRun) {
      const db = this.openForReading();
      let would = 0;
      try {
        readRows(db, null, (_t, _i, _id, c) => {
          would++;
          bySource[c.source]++;
        });
      } finally {
        db?.close();
      }
      return outcome({ inserted: would });
    }
    const { batch, at } = this.newBatch(sf.file);
    try {
      const receipt = await writeImportBatch(this.writer, this.opts.target, batchFacts({ ...sf, learned: new Map() }, batch, at), { here: (w, db) => readRows(db, batch, w.add), spill: true }, opts.actor);
      const r = receipt.result;
      return outcome({ batch: r.batch, inserted: r.inserted, bySource: r.bySource, snapshot: receipt.snapshot, alreadyThere: counts.new + (opts.includePossibleDuplicates ? counts.possibleDuplicates : 0) - r.inserted });
    } catch (err) {
      if (err instanceof NothingToAdd) return outcome({ inserted: 0, alreadyThere: counts.new });
      throw err;
    }
  }

  /**
   * Delete exactly one import's rows (one transaction, in the budget write worker), record it and audit it. What
   * the database holds decides, not only the record: an import into another database is not this one's to undo,
   * and rows a restore brought back can be undone again.
   */
  async undo(batch: string, actor: ImportActor, opts: { includingEdited?: boolean } = {}): Promise<{ batch: string; deleted: number }> {
    const { store } = this.opts;
    const record = store.imports.get(batch);
    if (!record || (record.dbPath !== null && record.dbPath !== resolve(this.opts.target))) {
      throw new ImportUndoError("not_found", `no import "${batch}" into ${this.opts.target} (see budget-chat imports list)`);
    }
    if (!existsSync(this.opts.target)) throw new ImportUndoError("not_found", `the budget database ${this.opts.target} does not exist`);
    const input: UndoFacts = { batch, file: record.file, importedAt: record.importedAt, includingEdited: opts.includingEdited ?? false };
    const done = await this.writer.write({
      kind: "import_undo",
      userId: actor.userId,
      job: { worker: importWrites, name: "import_undo", input },
      settle: ({ deleted, edited }: UndoOutcome, { snapshot }) => {
        // Rows edited by hand since, and the user has not agreed to lose those edits: throwing rolls back and records nothing.
        if (deleted === 0 && edited.count && !input.includingEdited) throw new ImportEditedSinceError(batch, edited);
        // Nothing of it is there: undone already (or removed since).
        if (deleted === 0) {
          throw new ImportUndoError(
            "conflict",
            record.undoneAt
              ? `import "${batch}" was already undone at ${record.undoneAt} by ${record.undoneBy}`
              : `none of the rows of import "${batch}" are in ${this.opts.target} any more; nothing to undo`,
          );
        }
        return {
          importUndone: { batch, by: actor.by, via: actor.via },
          audit: [{ kind: "undo", userId: actor.userId, detail: { import: batch, file: record.file, deleted, ...(edited.count ? { edited_since: edited.count } : {}), via: actor.via, by: actor.by, snapshot } }],
        };
      },
    });
    return { batch: done.batch, deleted: done.deleted };
  }

  /**
   * Classify the rows an import stored `unclassified` (no model then, or it failed): the user's
   * rules first (one written since), then the cache (another import may have taught the merchant
   * since), then the model when there is one. Rows still unclassified afterwards are left as they are.
   */
  async classifyPending(actor: ImportActor, onProgress?: (done: number, total: number) => void): Promise<{ pending: number; classified: number; bySource: Record<ClassSource, number>; modelError: string | null }> {
    const db = this.openForReading();
    if (!db) throw new ConfigError(`the budget database ${this.opts.target} does not exist yet: import a statement first`);
    type Pending = { id: number; description: string; amount: number; currency: string };
    let pending: Pending[];
    let outcome: Awaited<ReturnType<typeof classifyRows>>;
    let ruled: Map<number, Classified>;
    try {
      ruled = userRuleClassesOfStored(db, "WHERE t.source = 'unclassified'");
      pending = db
        .query("SELECT id, raw_description AS description, amount, currency FROM transactions WHERE source = 'unclassified' ORDER BY id")
        .all() as Pending[];
      const rest = pending.filter((r) => !ruled.has(r.id));
      outcome = await classifyRows(rest, {
        cache: cacheEntries(db, new Set(rest.map((r) => pipelineMerchantKey(r.description)))),
        cardRules: false,
        model: this.opts.model,
        categories: classifierCategories(db),
        examples: fewShotExamples(db),
        onProgress,
      });
    } finally {
      db.close();
    }
    this.recordModelCalls(outcome.modelUsage, outcome.modelError, { file: null, actor });
    const at = pipelineTimestamp(this.now());
    return this.writer.write({
      kind: "classify",
      userId: actor.userId,
      apply: async (w) => {
        const slices = new TimeSlices();
        const update = w.prepare(
          "UPDATE transactions SET merchant_name = ?, category = ?, confidence = ?, source = ? WHERE id = ? AND source = 'unclassified'",
        );
        const bySource = emptyBySource();
        const ruleHits = new Map<number, number>();
        let classified = 0;
        let k = 0;
        for (const r of pending) {
          const c = ruled.get(r.id) ?? outcome.classes[k++]!;
          if (c.source === "unclassified") continue;
          const n = update.run(c.merchant, c.category, c.confidence, c.source, r.id).changes;
          classified += n;
          bySource[c.source] += n;
          if (c.rule !== undefined) ruleHits.set(c.rule, (ruleHits.get(c.rule) ?? 0) + n);
          if (slices.due()) await slices.pause();
        }
        addRuleHits(w, ruleHits);
        const upsert = w.prepare(PIPELINE_CACHE_UPSERT);
        for (const [key, c] of outcome.learned) upsert.run(key, c.merchant, c.category, c.confidence, "llm", at, at);
        return { pending: pending.length, classified, bySource, modelError: outcome.modelError };
      },
      // Audited once budget.db holds the classification.
      settle: (r) => ({ audit: [{ kind: "write", userId: actor.userId, detail: { classify: r.classified, pending: r.pending, by_source: r.bySource, via: actor.via, by: actor.by } }] }),
    });
  }

  /**
   * The imports into this budget database, newest first. An import whose rows a restore
   * brought back after its undo is listed as not undone: the rows are there.
   */
  list(): ImportRecord[] {
    const records = this.opts.store.imports.list(resolve(this.opts.target));
    const undone = records.filter((r) => r.undoneAt);
    if (!undone.length) return records;
    const db = this.openForReading();
    if (!db) return records;
    try {
      const present = db.query("SELECT 1 FROM transactions WHERE import_batch = ? LIMIT 1");
      return records.map((r) => (r.undoneAt && present.get(r.batch) ? { ...r, undoneAt: null, undoneBy: null, undoneVia: null } : r));
    } finally {
      db.close();
    }
  }

  /** budget.db read-only (its schema checked), or null when it does not exist yet. */
  private openForReading(): Database | null {
    if (!existsSync(this.opts.target)) return null;
    BudgetDb.open(this.opts.target).close(); // refuses a file that is no budget database, naming what is missing
    const db = new Database(this.opts.target, { readonly: true });
    try {
      db.run("PRAGMA busy_timeout = 5000");
      checkImportColumns(db, this.opts.target);
    } catch (e) {
      db.close();
      throw e;
    }
    return db;
  }
}
