/**
 * Importing bank statements into budget.db (SPEC §10): the one room that CLI, web and
 * tests share; the adapters only read files and print or render what comes back.
 *
 * An import runs in three steps:
 *   1. `parse`: every file is read into rows (src/import/formats). Bad input (not a
 *      statement, a bad row without skipBadRows) throws ImportInputError here, before
 *      anything is written anywhere.
 *   2. `plan`: each row gets its transaction_id; rows budget.db already holds are
 *      duplicates, rows another source may have booked are possible duplicates; the new
 *      ones are classified (cache → rules → model → unclassified). Reads only; the
 *      model is the only slow part, and it runs outside any lock.
 *   3. `commit`: one transaction through the write path (BudgetWriter, kind "import"):
 *      the `account` column when absent, the rows (`INSERT OR IGNORE`, so a row another
 *      import added meanwhile is not added twice), the model's answers in merchant_cache,
 *      one import_log row; then, once budget.db holds them, in chat.db the import's record
 *      and its audit entry (the write's settlement); if any of it fails, none of it is kept.
 * `undo` deletes exactly one batch's rows, in one transaction, recorded and audited with
 * who once budget.db holds it. Commit, undo and `classifyPending` work in time slices,
 * yielding to the event loop between them (the transaction stays one): a 50 MB statement
 * does not stall the server.
 */
import { Database } from "bun:sqlite";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { CATEGORY_DESCRIPTIONS } from "../ledger/schema.ts";
import { PIPELINE_CACHE_UPSERT, pipelineMerchantKey, pipelineTimestamp } from "../ledger/pipeline.ts";
import { BudgetDb } from "../ledger/reader.ts";
import { budgetWriterFor, type BudgetWriter } from "../ledger/write-path.ts";
import { TimeSlices } from "../core/time-slices.ts";
import { ChangeRefused, ConfigError, ImportInputError } from "../core/errors.ts";
import type { Store } from "../store/store.ts";
import type { ImportRecord } from "../store/import-records.ts";
import { cacheEntries, categoriesOf, classifyRows, fewShotExamples, hasCachedMerchants, type ClassifierCategory, type Classified, type ClassSource, type ModelClassifier } from "./classify.ts";
import { existingIds, possibleDuplicates, type ExistingMatch } from "./duplicates.ts";
import { parseStatement, type BadRow, type CsvMapping, type ImportFormat, type ParsedRow } from "./formats/index.ts";
import { assignTransactionIds } from "./ids.ts";
import { ensureAccountColumn, ensureBudgetDb, hasAccountColumn } from "./target.ts";

/** Who imports or undoes: a user (page, API) or the terminal. */
export type ImportActor = { userId: string | null; by: string; via: "cli" | "page" | "api" };

export type ImportFile = { name: string; bytes: Uint8Array };

export type ParseOptions = {
  format?: ImportFormat | "auto";
  mapping?: CsvMapping;
  /** The account name for every row (`--account`), instead of the one the file names. */
  account?: string;
  /** Import the good rows and list the bad ones, instead of refusing the file. */
  skipBadRows?: boolean;
};

export type ParsedFile = { file: string; format: ImportFormat; account: string | null; rows: ParsedRow[]; badRows: BadRow[] };

export type RowStatus = "new" | "duplicate" | "possible_duplicate";

export type PlannedRow = ParsedRow & {
  transactionId: string;
  status: RowStatus;
  /** The existing row a possible duplicate may repeat. */
  match: ExistingMatch | null;
  /** How a new or possibly duplicate row would be stored (null for a duplicate). */
  classified: Classified | null;
};

export type FilePlan = {
  file: string;
  format: ImportFormat;
  account: string | null;
  rows: PlannedRow[];
  badRows: BadRow[];
  /** What the model's answers teach merchant_cache, by merchant key. */
  learned: Map<string, Classified>;
  modelError: string | null;
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

export type PlanCounts = { rows: number; new: number; duplicates: number; possibleDuplicates: number };

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
    undone_at: r.undoneAt,
    undone_by: r.undoneBy,
  };
}

/** An undo that cannot be done: no such import (404), or it was undone already (409). Nothing was changed. */
export class ImportUndoError extends ChangeRefused {
  override name = "ImportUndoError";
}

export function planCounts(plan: FilePlan): PlanCounts {
  let n = 0;
  let d = 0;
  let p = 0;
  for (const r of plan.rows) {
    if (r.status === "new") n++;
    else if (r.status === "duplicate") d++;
    else p++;
  }
  return { rows: plan.rows.length, new: n, duplicates: d, possibleDuplicates: p };
}

/** Which possible duplicates to import too: all, none, or those with these transaction ids (ticked on the page). */
export type IncludePossible = boolean | ReadonlySet<string>;

/** The rows a commit would insert. */
export function rowsToInsert(plan: FilePlan, include: IncludePossible): PlannedRow[] {
  const taken = (r: PlannedRow) => (typeof include === "boolean" ? include : include.has(r.transactionId));
  return plan.rows.filter((r) => r.status === "new" || (r.status === "possible_duplicate" && taken(r)));
}

export function emptyBySource(): Record<ClassSource, number> {
  return { cache: 0, rules: 0, llm: 0, unclassified: 0 };
}

/** How a file's bad row is named in a message: CSV lines, XML elements by ordinal. */
export function rowPlace(format: ImportFormat, line: number): string {
  return format === "camt" ? `entry ${line}` : format === "ofx" ? `transaction ${line}` : `line ${line}`;
}

/** Rows an undo deletes with one statement (a few milliseconds' work between two chances to pause). */
const DELETE_CHUNK = 500;

/** Thrown inside the write when every row turned out to be there already: rolls the empty batch back. */
class NothingToAdd extends Error {}

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
    },
  ) {
    // The demo database is refused when an import would write (ensureBudgetDb), not here: a server configured
    // with it must still start.
    this.writer = opts.writer ?? budgetWriterFor(opts.target, opts.store, opts.keepBackups ?? 0, { now: opts.now });
  }

  get target(): string {
    return this.opts.target;
  }

  get canClassify(): boolean {
    return this.opts.model !== null;
  }

  private now(): Date {
    return this.opts.now?.() ?? new Date();
  }

  /** Read one file into rows. Throws ImportInputError for bad input (a bad row too, unless skipBadRows). */
  parse(file: ImportFile, opts: ParseOptions = {}): ParsedFile {
    const s = parseStatement(file.bytes, { fileName: file.name, format: opts.format, mapping: opts.mapping, accountOverride: opts.account });
    const bad = s.badRows[0];
    if (bad && !opts.skipBadRows) {
      const more = s.badRows.length > 1 ? ` (and ${s.badRows.length - 1} more bad row${s.badRows.length > 2 ? "s" : ""})` : "";
      throw new ImportInputError(`${file.name} ${rowPlace(s.format, bad.line)}: ${bad.reason}${more}; nothing was imported (--skip-bad-rows imports the rest)`);
    }
    return { file: file.name, format: s.format, account: s.account, rows: s.rows, badRows: s.badRows };
  }

  /**
   * Ids, duplicates and classification of a parsed file, against budget.db as it is now
   * (a missing one counts as empty). `seen`: ids of files planned earlier in the same
   * run, which count as already there (overlapping statements given together).
   */
  async plan(parsed: ParsedFile, opts: { classify: ClassifyMode; seen?: Set<string>; onProgress?: (done: number, total: number) => void }): Promise<FilePlan> {
    const ids = assignTransactionIds(parsed.rows, parsed.account);
    const db = this.openForReading();
    try {
      const there = db ? existingIds(db, ids) : new Set<string>();
      for (const id of ids) if (opts.seen?.has(id)) there.add(id);
      const fresh = parsed.rows.map((_, i) => !there.has(ids[i]!));
      const freshRows = parsed.rows.filter((_, i) => fresh[i]);
      const matches = db ? possibleDuplicates(db, freshRows, hasAccountColumn(db), new Set(ids)) : freshRows.map(() => null);
      const categories: ClassifierCategory[] = (db && categoriesOf(db)) || CATEGORY_DESCRIPTIONS.map(([name, description]) => ({ name, description }));
      const model = opts.classify === "model" ? this.opts.model : null;
      const cached = hasCachedMerchants(db);
      const keys = cached || model ? freshRows.map((r) => pipelineMerchantKey(r.description)) : undefined;
      const outcome = await classifyRows(freshRows, {
        keys,
        cache: cached ? cacheEntries(db, new Set(keys)) : new Map(),
        cardRules: parsed.format === "ubs-card",
        model,
        categories,
        examples: fewShotExamples(db),
        onProgress: opts.onProgress,
      });
      let k = 0;
      const rows: PlannedRow[] = parsed.rows.map((row, i) => {
        if (!fresh[i]) return { ...row, transactionId: ids[i]!, status: "duplicate", match: null, classified: null };
        const match = matches[k] ?? null;
        const classified = outcome.classes[k]!;
        k++;
        return { ...row, transactionId: ids[i]!, status: match ? "possible_duplicate" : "new", match, classified };
      });
      for (const id of ids) opts.seen?.add(id);
      return { file: parsed.file, format: parsed.format, account: parsed.account, rows, badRows: parsed.badRows, learned: outcome.learned, modelError: outcome.modelError };
    } finally {
      db?.close();
    }
  }

  /**
   * Write a plan: one batch, one transaction (see the file comment). Creates budget.db
   * first when there is none. Returns the batch and how many rows it added.
   */
  async commit(plan: FilePlan, opts: { includePossibleDuplicates?: IncludePossible; actor: ImportActor }): Promise<CommitResult> {
    const rows = rowsToInsert(plan, opts.includePossibleDuplicates ?? false);
    if (rows.length === 0) return { batch: null, inserted: 0, alreadyThere: 0, bySource: emptyBySource() };
    let now = this.now();
    const { store } = this.opts;
    // Unique per import, also for two files of one name imported within the same millisecond.
    while (store.imports.get(`${plan.file}@${pipelineTimestamp(now)}`)) now = new Date(now.getTime() + 1);
    ensureBudgetDb(this.opts.target, now);
    const at = pipelineTimestamp(now);
    const batch = `${plan.file}@${at}`;
    let receipt;
    try {
      receipt = await this.writeBatch(plan, rows, batch, at, opts.actor);
    } catch (err) {
      // Another import added every row between plan and write: no batch, nothing written (rolled back).
      if (err instanceof NothingToAdd) return { batch: null, inserted: 0, alreadyThere: rows.length, bySource: emptyBySource() };
      throw err;
    }
    const r = receipt.result;
    return { batch: r.batch, inserted: r.inserted, alreadyThere: rows.length - r.inserted, bySource: r.bySource, snapshot: receipt.snapshot };
  }

  private writeBatch(plan: FilePlan, rows: PlannedRow[], batch: string, at: string, actor: ImportActor) {
    return this.writer.writeWithReceipt({
      kind: "import",
      userId: actor.userId,
      apply: async (db) => {
        ensureAccountColumn(db);
        const slices = new TimeSlices();
        const insert = db.prepare(
          `INSERT OR IGNORE INTO transactions (date, raw_description, amount, currency, merchant_name, category, source, confidence,
             transaction_id, import_batch, created_at, account) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        );
        const bySource = emptyBySource();
        const usedKeys = new Set<string>();
        let inserted = 0;
        let first: string | null = null;
        let last: string | null = null;
        for (const r of rows) {
          const c = r.classified!;
          const { changes } = insert.run(r.date, r.description, r.amount, r.currency, c.merchant, c.category, c.source, c.confidence, r.transactionId, batch, at, r.account);
          if (changes === 0) continue;
          inserted++;
          bySource[c.source]++;
          if (c.source === "llm") usedKeys.add(pipelineMerchantKey(r.description));
          if (first === null || r.date < first) first = r.date;
          if (last === null || r.date > last) last = r.date;
          if (slices.due()) await slices.pause();
        }
        if (inserted === 0) throw new NothingToAdd();
        // As the pipeline does after asking its model: the answer is cached under the merchant key.
        const upsert = db.prepare(PIPELINE_CACHE_UPSERT);
        for (const key of usedKeys) {
          const c = plan.learned.get(key);
          if (c) upsert.run(key, c.merchant, c.category, c.confidence, "llm", at, at);
        }
        db.prepare("INSERT INTO import_log (filename, row_count, imported_at) VALUES (?, ?, ?)").run(plan.file, inserted, at);
        return { batch: batch as string | null, inserted, bySource, firstDate: first, lastDate: last };
      },
      // Recorded in chat.db only once budget.db holds the rows (the write path's second phase).
      settle: (r, { snapshot }) => ({
        imported: {
          batch,
          file: plan.file,
          format: plan.format,
          account: plan.account,
          rows: r.inserted,
          firstDate: r.firstDate,
          lastDate: r.lastDate,
          importedAt: at,
          importedBy: actor.by,
          userId: actor.userId,
          dbPath: resolve(this.opts.target),
        },
        audit: [
          {
            kind: "write",
            userId: actor.userId,
            detail: { import: batch, file: plan.file, format: plan.format, account: plan.account, rows: r.inserted, by_source: r.bySource, via: actor.via, by: actor.by, snapshot },
          },
        ],
      }),
    });
  }

  /**
   * Delete exactly one import's rows (one transaction), record it and audit it. What the
   * database holds decides, not only the record: an import into another database is not
   * this one's to undo, and rows a restore brought back can be undone again.
   */
  async undo(batch: string, actor: ImportActor): Promise<{ batch: string; deleted: number }> {
    const { store } = this.opts;
    const record = store.imports.get(batch);
    if (!record || (record.dbPath !== null && record.dbPath !== resolve(this.opts.target))) {
      throw new ImportUndoError(404, `no import "${batch}" into ${this.opts.target} (see budget-chat imports list)`);
    }
    if (!existsSync(this.opts.target)) throw new ImportUndoError(404, `the budget database ${this.opts.target} does not exist`);
    return this.writer.write({
      kind: "import_undo",
      userId: actor.userId,
      apply: async (db) => {
        // Row by row in time slices, so that the server answers meanwhile: the ids first, then each deleted.
        const slices = new TimeSlices();
        const ids: number[] = [];
        for (const r of db.query("SELECT id FROM transactions WHERE import_batch = ?").iterate(batch) as IterableIterator<{ id: number }>) {
          ids.push(r.id);
          if (slices.due()) await slices.pause();
        }
        const remove = db.prepare("DELETE FROM transactions WHERE id IN (SELECT value FROM json_each(?))");
        let deleted = 0;
        for (let k = 0; k < ids.length; k += DELETE_CHUNK) {
          deleted += remove.run(JSON.stringify(ids.slice(k, k + DELETE_CHUNK))).changes;
          if (slices.due()) await slices.pause();
        }
        // Nothing of it is there: undone already (or removed since); throwing rolls back and records nothing.
        if (deleted === 0) {
          throw new ImportUndoError(
            409,
            record.undoneAt
              ? `import "${batch}" was already undone at ${record.undoneAt} by ${record.undoneBy}`
              : `none of the rows of import "${batch}" are in ${this.opts.target} any more; nothing to undo`,
          );
        }
        // The pipeline's import_log names the file and the time; this batch's row is the one with its exact time.
        db.prepare("DELETE FROM import_log WHERE filename = ? AND imported_at = ?").run(record.file, record.importedAt);
        return { batch, deleted };
      },
      settle: ({ deleted }, { snapshot }) => ({
        importUndone: { batch, by: actor.by },
        audit: [{ kind: "undo", userId: actor.userId, detail: { import: batch, file: record.file, deleted, via: actor.via, by: actor.by, snapshot } }],
      }),
    });
  }

  /**
   * Classify the rows an import stored `unclassified` (no model then, or it failed):
   * cache first (another import may have taught the merchant since), then the model.
   * Rows still unclassified afterwards are left as they are.
   */
  async classifyPending(actor: ImportActor, onProgress?: (done: number, total: number) => void): Promise<{ pending: number; classified: number; bySource: Record<ClassSource, number>; modelError: string | null }> {
    const db = this.openForReading();
    if (!db) throw new ConfigError(`the budget database ${this.opts.target} does not exist yet: import a statement first`);
    type Pending = { id: number; description: string; amount: number; currency: string };
    let pending: Pending[];
    let outcome: Awaited<ReturnType<typeof classifyRows>>;
    try {
      pending = db
        .query("SELECT id, raw_description AS description, amount, currency FROM transactions WHERE source = 'unclassified' ORDER BY id")
        .all() as Pending[];
      outcome = await classifyRows(pending, {
        cache: cacheEntries(db, new Set(pending.map((r) => pipelineMerchantKey(r.description)))),
        cardRules: false,
        model: this.opts.model,
        categories: categoriesOf(db) ?? CATEGORY_DESCRIPTIONS.map(([name, description]) => ({ name, description })),
        examples: fewShotExamples(db),
        onProgress,
      });
    } finally {
      db.close();
    }
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
        let classified = 0;
        for (const [i, r] of pending.entries()) {
          const c = outcome.classes[i]!;
          if (c.source === "unclassified") continue;
          classified += update.run(c.merchant, c.category, c.confidence, c.source, r.id).changes;
          bySource[c.source]++;
          if (slices.due()) await slices.pause();
        }
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
      return records.map((r) => (r.undoneAt && present.get(r.batch) ? { ...r, undoneAt: null, undoneBy: null } : r));
    } finally {
      db.close();
    }
  }

  /** budget.db read-only (its schema checked), or null when it does not exist yet. */
  private openForReading(): Database | null {
    if (!existsSync(this.opts.target)) return null;
    BudgetDb.open(this.opts.target).close(); // refuses a file that is no budget database, naming what is missing
    const db = new Database(this.opts.target, { readonly: true });
    db.run("PRAGMA busy_timeout = 5000");
    return db;
  }
}
