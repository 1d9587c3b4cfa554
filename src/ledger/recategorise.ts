/**
 * Moving rows to a category in budget.db (SPEC §1, §3.3, §12): an approved recategorisation,
 * a user's own edit, and their undo. Each is one write through the one write path
 * (write-path.ts: one IMMEDIATE transaction on a short-lived read-write connection, journaled
 * in chat.db), so the import pipeline is never blocked for longer than that transaction, and
 * what chat.db records about it (`settle`) is recorded only once budget.db holds it.
 *
 * What it writes is what the pipeline's own `recategorise` writes (src/ledger/pipeline.ts):
 * the moved transactions become `source='manual'`, `confidence=1.0`; for every merchant
 * key among them, a merchant_cache entry and a few_shot_examples row, so the next import
 * files that merchant under the new category and the classifier sees the correction.
 * Everything it replaces is kept, so an undo puts all three tables back as they were.
 *
 * Columns and tables an older or hand-made database lacks are left alone: `source` and
 * `confidence` are written only when they exist; merchant_cache and few_shot_examples
 * only when they have the pipeline's columns.
 */
import type { Database } from "bun:sqlite";
import {
  comparePipelineKeys,
  PIPELINE_CACHE_UPSERT,
  PIPELINE_FEW_SHOT_UPSERT,
  PIPELINE_MANUAL,
  pipelineMerchantKey,
  pipelineTimestamp,
} from "./pipeline.ts";
import { UNCATEGORISED } from "./schema.ts";
import type { Settlement } from "../store/budget-writes.ts";
import { whereOf, type Where } from "./selection.ts";
import type { BudgetWriter, BudgetWriteReceipt } from "./write-path.ts";
import { originSql } from "./row-origin.ts";
import { WriteConflictError } from "../core/errors.ts";
import { registerSearchFunction } from "../core/search-text.ts";
import { totalsByCurrency, type CurrencyTotal } from "../core/format.ts";

/**
 * One transaction's classification before or after a write (null: the column does not exist or was NULL).
 * `merchant_name` is there only when the write changed merchant names (a user's edit).
 */
export type ClassificationRow = { id: number; category: string | null; source: string | null; confidence: number | null; merchant_name?: string | null };

/**
 * Which row each changed row's id named at the write (originSql), in the order of its rows: its undo
 * refuses an id that names another row since. Absent in writes recorded before it was.
 */
export type RowOrigins = (string | null)[];

type SqlRow = Record<string, string | number | null>;

/**
 * What teaching one merchant key replaced: the merchant_cache and few_shot_examples rows
 * as they were (null: there was none), and the rows written in their place.
 */
export type Lesson = {
  key: string;
  cacheBefore: SqlRow | null;
  exampleBefore: SqlRow | null;
  cacheAfter: SqlRow | null;
  exampleAfter: SqlRow | null;
};

/**
 * Which rows to move: the selection as the preview made it, the ids it found then, and the
 * target; `create`: the target is a new category, added to the categories table in the same transaction.
 */
export type Recategorisation = { where: Where; expectedIds: readonly number[]; to: string; create?: { name: string; description: string } };

export type RecategoriseResult = {
  before: ClassificationRow[];
  after: ClassificationRow[];
  origins: RowOrigins;
  /** One per merchant key taught, in the order the pipeline would write them. */
  lessons: Lesson[];
  /** The moved rows' amounts (signed, as stored) summed per currency: never one sum over several (SPEC §3.3). */
  totals: CurrencyTotal[];
  /** Rows moved per previous category (NULL counts as Uncategorised), most first. */
  from: { category: string; rows: number }[];
  to: string;
  /** The category this write added to the categories table (undo removes it again), or null. */
  created: string | null;
};

export type WriteOptions<R> = {
  /** Clock for the pipeline's timestamps. */
  now?: () => Date;
  /**
   * What chat.db records once budget.db holds the change (the write path's settlement);
   * asked after the rows changed and before COMMIT: throw to roll everything back.
   */
  settle?: (result: R) => Settlement | null;
  /** Who made the change (for the write path's journal). */
  userId?: string | null;
};

type TxRow = ClassificationRow & { origin: string | null; raw_description: string; merchant_name: string | null; amount: number; currency: string; date: string };

/**
 * Move exactly the rows the approval was computed for to `to`, and teach the pipeline.
 * The rows are selected again with the stored selection; if that is no longer exactly
 * `expectedIds`, nothing is written (WriteConflictError).
 */
export function recategorise(writer: BudgetWriter, r: Recategorisation, opts: WriteOptions<RecategoriseResult> = {}): Promise<BudgetWriteReceipt<RecategoriseResult>> {
  return writer.writeWithReceipt({ kind: "recategorise", userId: opts.userId ?? null, settle: opts.settle, apply: (db) => {
    // The stored selection may search (SQL's search function folds as the preview's did).
    registerSearchFunction(db);
    const cols = columnsOf(db, "transactions");
    const source = cols.has("source") ? "source" : "NULL AS source";
    const confidence = cols.has("confidence") ? "confidence" : "NULL AS confidence";
    const rows = db
      .query(
        `SELECT id, category, ${source}, ${confidence}, raw_description, merchant_name, amount, currency, date, ${originSql(cols)} AS origin
         FROM transactions ${r.where.sql} ORDER BY id`,
      )
      .all(r.where.params) as TxRow[];
    const expected = [...r.expectedIds].sort((a, b) => a - b);
    if (rows.length !== expected.length || rows.some((row, i) => row.id !== expected[i])) {
      throw new WriteConflictError(`the matching transactions changed since the preview (${rows.length} match now, ${expected.length} did then)`);
    }

    const sets = ["category = $to"];
    if (cols.has("source")) sets.push(`source = '${PIPELINE_MANUAL.source}'`);
    if (cols.has("confidence")) sets.push(`confidence = ${PIPELINE_MANUAL.confidence}`);
    const changed = db
      .query(`UPDATE transactions SET ${sets.join(", ")} WHERE id IN (SELECT value FROM json_each($ids))`)
      .run({ to: r.to, ids: JSON.stringify(expected) }).changes;
    if (changed !== expected.length) throw new WriteConflictError(`expected to update ${expected.length} rows, updated ${changed}`);

    const fromCounts = new Map<string, number>();
    for (const row of rows) {
      const c = row.category ?? UNCATEGORISED;
      fromCounts.set(c, (fromCounts.get(c) ?? 0) + 1);
    }
    const result: RecategoriseResult = {
      before: rows.map(({ id, category, source, confidence }) => ({ id, category, source, confidence })),
      origins: rows.map((row) => row.origin),
      after: rows.map((row) => ({
        id: row.id,
        category: r.to,
        source: cols.has("source") ? PIPELINE_MANUAL.source : null,
        confidence: cols.has("confidence") ? PIPELINE_MANUAL.confidence : null,
      })),
      lessons: teach(db, rows.map((row) => ({ ...row, category: r.to })), opts.now ?? (() => new Date())),
      created: r.create ? createCategory(db, r.create, (opts.now ?? (() => new Date()))()) : null,
      totals: totalsByCurrency(rows),
      from: [...fromCounts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([category, n]) => ({ category, rows: n })),
      to: r.to,
    };
    return result;
  } });
}

/** What an undo put back: the rows, and the lessons the pipeline had not changed since. */
export type Restored = { restored: number; lessonsRestored: number };

/**
 * Put back exactly what a recategorisation changed: the rows' previous classification,
 * and every merchant_cache and few_shot_examples row as it was (rows that did not exist
 * are deleted again). Refuses (WriteConflictError, nothing written) when any of the
 * rows no longer carries the values the write left: something changed them since, and
 * an undo must not overwrite that. A lesson the pipeline has changed since (its cache
 * entry or example is no longer the one written) is left as the pipeline made it.
 */
export function undoRecategorisation(
  writer: BudgetWriter,
  write: { before: readonly ClassificationRow[]; after: readonly ClassificationRow[]; origins?: RowOrigins; lessons: readonly Lesson[]; createdCategory?: string | null },
  opts: WriteOptions<Restored> = {},
): Promise<BudgetWriteReceipt<Restored>> {
  return restore(writer, "recategorise_undo", write, opts);
}

/** Put back exactly what a user's transaction edit changed (editTransactions), on the same terms as undoRecategorisation. */
export function undoTransactionEdit(
  writer: BudgetWriter,
  write: { before: readonly ClassificationRow[]; after: readonly ClassificationRow[]; origins?: RowOrigins; lessons: readonly Lesson[] },
  opts: WriteOptions<Restored> = {},
): Promise<BudgetWriteReceipt<Restored>> {
  return restore(writer, "transaction_edit_undo", write, opts);
}

function restore(
  writer: BudgetWriter,
  kind: "recategorise_undo" | "transaction_edit_undo",
  write: { before: readonly ClassificationRow[]; after: readonly ClassificationRow[]; origins?: RowOrigins; lessons: readonly Lesson[]; createdCategory?: string | null },
  opts: WriteOptions<Restored>,
): Promise<BudgetWriteReceipt<Restored>> {
  return writer.writeWithReceipt({ kind, userId: opts.userId ?? null, settle: opts.settle, apply: (db) => {
    const cols = columnsOf(db, "transactions");
    const hasSource = cols.has("source");
    const hasConfidence = cols.has("confidence");
    const afterById = new Map(write.after.map((r) => [r.id, r]));
    const originById = new Map(write.origins?.map((o, k) => [write.after[k]!.id, o]));
    const current = db
      .query(
        `SELECT id, category, merchant_name, ${hasSource ? "source" : "NULL AS source"}, ${hasConfidence ? "confidence" : "NULL AS confidence"}, ${originSql(cols)} AS origin
         FROM transactions WHERE id IN (SELECT value FROM json_each($ids))`,
      )
      .all({ ids: JSON.stringify(write.before.map((r) => r.id)) }) as (Required<ClassificationRow> & { origin: string | null })[];
    const changed =
      write.before.length -
      current.length +
      current.filter((r) => {
        const a = afterById.get(r.id);
        return (
          !a ||
          // The id now names another row (its row deleted, the id given to a new one).
          (typeof originById.get(r.id) === "string" && r.origin !== originById.get(r.id)) ||
          r.category !== a.category ||
          (a.merchant_name !== undefined && r.merchant_name !== a.merchant_name) ||
          (hasSource && r.source !== a.source) ||
          (hasConfidence && r.confidence !== a.confidence)
        );
      }).length;
    if (changed > 0) {
      throw new WriteConflictError(
        `${changed} of the ${write.before.length} transactions changed (or were deleted) since ${kind === "transaction_edit_undo" ? "the edit" : "the approval"}; undo would overwrite that, so nothing was restored`,
      );
    }
    const sets = ["category = $category"];
    if (hasSource) sets.push("source = $source");
    if (hasConfidence) sets.push("confidence = $confidence");
    const put = db.query(`UPDATE transactions SET ${sets.join(", ")} WHERE id = $id`);
    const putMerchant = db.query("UPDATE transactions SET merchant_name = $merchant WHERE id = $id");
    for (const r of write.before) {
      put.run({
        id: r.id,
        category: r.category,
        ...(hasSource ? { source: r.source } : {}),
        ...(hasConfidence ? { confidence: r.confidence } : {}),
      });
      if (r.merchant_name !== undefined) putMerchant.run({ id: r.id, merchant: r.merchant_name });
    }
    // Later lessons replaced earlier ones' rows last: put them back in reverse.
    let lessonsRestored = 0;
    for (const lesson of [...write.lessons].reverse()) if (unteach(db, lesson)) lessonsRestored++;
    // A category the write created goes again, unless something was filed under it since.
    if (write.createdCategory) {
      db.query("DELETE FROM categories WHERE name = $c AND NOT EXISTS (SELECT 1 FROM transactions WHERE category = $c)").run({ c: write.createdCategory });
    }
    return { restored: write.before.length, lessonsRestored };
  } });
}

/** A user's own edit of one transaction (SPEC §12): a new category and/or merchant name, for it alone or for its merchant's every row. */
export type TransactionEdit = {
  id: number;
  category?: string;
  merchantName?: string;
  /** Also change every other row with the same merchant name (as stored) and a well-formed date. */
  applyToMerchant: boolean;
};

export type TransactionEditResult = {
  /** The changed rows as they were and as they are (merchant_name included), the edited row first. */
  before: ClassificationRow[];
  after: ClassificationRow[];
  origins: RowOrigins;
  lessons: Lesson[];
};

/**
 * A user's edit, written as an approved recategorisation is (SPEC §12): the rows become
 * `source='manual'`, confidence 1.0, and the pipeline is taught (merchant_cache and
 * few_shot_examples) from their new values. Rows the edit would leave exactly as they are
 * are not touched. Throws WriteConflictError when the transaction is gone or nothing
 * would change.
 */
export function editTransactions(writer: BudgetWriter, e: TransactionEdit, opts: WriteOptions<TransactionEditResult> = {}): Promise<BudgetWriteReceipt<TransactionEditResult>> {
  return writer.writeWithReceipt({ kind: "transaction_edit", userId: opts.userId ?? null, settle: opts.settle, apply: (db) => {
    const cols = columnsOf(db, "transactions");
    const source = cols.has("source") ? "source" : "NULL AS source";
    const confidence = cols.has("confidence") ? "confidence" : "NULL AS confidence";
    const select = `SELECT id, category, ${source}, ${confidence}, raw_description, merchant_name, amount, date, ${originSql(cols)} AS origin FROM transactions`;
    const edited = db.query(`${select} WHERE id = $id`).get({ id: e.id }) as TxRow | null;
    if (!edited) throw new WriteConflictError(`transaction ${e.id} no longer exists`);
    let rows: TxRow[] = [edited];
    if (e.applyToMerchant && edited.merchant_name !== null) {
      const well = whereOf({});
      const others = db
        .query(`${select} ${well.sql} AND merchant_name = $merchant AND id <> $id ORDER BY id`)
        .all({ ...well.params, merchant: edited.merchant_name, id: e.id }) as TxRow[];
      rows = [edited, ...others];
    }
    const target = (r: TxRow) => ({ category: e.category ?? r.category ?? UNCATEGORISED, merchant_name: e.merchantName ?? r.merchant_name });
    const changing = rows.filter((r, k) => {
      const t = target(r);
      const manual = (!cols.has("source") || r.source === PIPELINE_MANUAL.source) && (!cols.has("confidence") || r.confidence === PIPELINE_MANUAL.confidence);
      // The edited row is always written (the user confirms it); the others only when they change.
      return k === 0 ? t.category !== r.category || t.merchant_name !== r.merchant_name || !manual : t.category !== r.category || t.merchant_name !== r.merchant_name;
    });
    if (!changing.length || changing[0] !== edited) {
      throw new WriteConflictError(`transaction ${e.id} already has this category and merchant name: nothing to change`);
    }
    const sets = ["category = $category", "merchant_name = $merchant"];
    if (cols.has("source")) sets.push(`source = '${PIPELINE_MANUAL.source}'`);
    if (cols.has("confidence")) sets.push(`confidence = ${PIPELINE_MANUAL.confidence}`);
    const update = db.query(`UPDATE transactions SET ${sets.join(", ")} WHERE id = $id`);
    const after = changing.map((r) => ({ ...r, ...target(r) }));
    for (const r of after) update.run({ id: r.id, category: r.category, merchant: r.merchant_name });
    const pick = (r: TxRow): ClassificationRow => ({ id: r.id, category: r.category, source: r.source, confidence: r.confidence, merchant_name: r.merchant_name });
    const result: TransactionEditResult = {
      before: changing.map(pick),
      after: after.map((r) => ({
        ...pick(r),
        source: cols.has("source") ? PIPELINE_MANUAL.source : null,
        confidence: cols.has("confidence") ? PIPELINE_MANUAL.confidence : null,
      })),
      origins: changing.map((r) => r.origin),
      lessons: teach(db, after, opts.now ?? (() => new Date())),
    };
    return result;
  } });
}

/** Add a category (name, description) unless one of that name (any letter case) exists; the name added, or null. */
function createCategory(db: Database, c: { name: string; description: string }, now: Date): string | null {
  const cols = columnsOf(db, "categories");
  if (!cols.has("name") || !cols.has("description")) return null;
  if (db.query("SELECT 1 FROM categories WHERE name = $name COLLATE NOCASE").get({ name: c.name })) return null;
  if (cols.has("created_at")) db.query("INSERT INTO categories (name, description, created_at) VALUES ($name, $d, $at)").run({ name: c.name, d: c.description, at: pipelineTimestamp(now) });
  else db.query("INSERT INTO categories (name, description) VALUES ($name, $d)").run({ name: c.name, d: c.description });
  return c.name;
}

// ---------------------------------------------------------------------------------

function columnsOf(db: Database, table: string): Set<string> {
  return new Set((db.query("SELECT name FROM pragma_table_info($table)").all({ table }) as { name: string }[]).map((r) => r.name));
}

const CACHE_COLUMNS = ["raw_key", "merchant_name", "category", "confidence", "source", "created_at", "updated_at"];
const EXAMPLE_COLUMNS = ["id", "merchant_pattern", "raw_description", "correct_merchant", "correct_category", "created_at"];

/**
 * Write the pipeline's lessons for the changed rows (their values after the change), as
 * its `recategorise` does: per merchant key (in its order), the cache entry from the
 * key's earliest row, then the few-shot example. Returns what each replaced.
 */
function teach(db: Database, rows: readonly (TxRow & { category: string })[], now: () => Date): Lesson[] {
  const cache = CACHE_COLUMNS.every((c) => columnsOf(db, "merchant_cache").has(c));
  const examples = EXAMPLE_COLUMNS.every((c) => columnsOf(db, "few_shot_examples").has(c));
  if (!cache && !examples) return [];
  const firstByKey = new Map<string, TxRow & { category: string }>();
  for (const row of [...rows].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id))) {
    const key = pipelineMerchantKey(row.raw_description ?? "");
    if (!firstByKey.has(key)) firstByKey.set(key, row);
  }
  const cacheRow = db.query(`SELECT ${CACHE_COLUMNS.join(", ")} FROM merchant_cache WHERE raw_key = ?`);
  const exampleRow = db.query(`SELECT ${EXAMPLE_COLUMNS.join(", ")} FROM few_shot_examples WHERE merchant_pattern = ?`);
  const lessons: Lesson[] = [];
  for (const key of [...firstByKey.keys()].sort(comparePipelineKeys)) {
    const first = firstByKey.get(key)!;
    const merchant = first.merchant_name ?? "";
    const lesson: Lesson = { key, cacheBefore: null, exampleBefore: null, cacheAfter: null, exampleAfter: null };
    if (cache) {
      lesson.cacheBefore = (cacheRow.get(key) as SqlRow | null) ?? null;
      const at = pipelineTimestamp(now());
      db.query(PIPELINE_CACHE_UPSERT).run(key, merchant, first.category, PIPELINE_MANUAL.confidence, PIPELINE_MANUAL.source, at, at);
      lesson.cacheAfter = cacheRow.get(key) as SqlRow;
    }
    if (examples) {
      lesson.exampleBefore = (exampleRow.get(key) as SqlRow | null) ?? null;
      db.query(PIPELINE_FEW_SHOT_UPSERT).run(key, first.raw_description, merchant, first.category, pipelineTimestamp(now()));
      lesson.exampleAfter = exampleRow.get(key) as SqlRow;
    }
    lessons.push(lesson);
  }
  return lessons;
}

/** Put one lesson's rows back as they were, unless the pipeline changed them since; whether it did. */
function unteach(db: Database, lesson: Lesson): boolean {
  const same = (table: string, keyColumn: string, written: SqlRow | null, columns: string[]) => {
    if (!written) return false;
    const now = db.query(`SELECT ${columns.join(", ")} FROM ${table} WHERE ${keyColumn} = ?`).get(lesson.key) as SqlRow | null;
    return !!now && columns.every((c) => now[c] === written[c]);
  };
  const cacheOurs = same("merchant_cache", "raw_key", lesson.cacheAfter, CACHE_COLUMNS);
  const exampleOurs = same("few_shot_examples", "merchant_pattern", lesson.exampleAfter, EXAMPLE_COLUMNS);
  if (cacheOurs) putBack(db, "merchant_cache", "raw_key", lesson.key, lesson.cacheBefore, CACHE_COLUMNS);
  if (exampleOurs) putBack(db, "few_shot_examples", "merchant_pattern", lesson.key, lesson.exampleBefore, EXAMPLE_COLUMNS);
  return cacheOurs || exampleOurs;
}

function putBack(db: Database, table: string, keyColumn: string, key: string, before: SqlRow | null, columns: string[]): void {
  db.query(`DELETE FROM ${table} WHERE ${keyColumn} = ?`).run(key);
  if (before) {
    db.query(`INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`).run(...columns.map((c) => before[c] ?? null));
  }
}
