/**
 * The only code that writes the budget database (SPEC §1, §3.3).
 *
 * Everything else reads budget.db through a read-only connection. An approved
 * recategorisation (and its undo) opens a short-lived read-write connection with a busy
 * timeout, does all its work in one IMMEDIATE transaction, and closes it again, so the
 * import pipeline is never blocked for longer than that one transaction.
 *
 * Columns the pipeline's DDL has but an older database may lack (`source`,
 * `confidence`) are only written when they exist; `merchant_cache` is only updated
 * when the table exists.
 */
import { Database } from "bun:sqlite";
import { recategoriseWhere, type RecategoriseArgs } from "../tools/recategorise_transactions.ts";
import { rawKey } from "./demo.ts";

/** One transaction's classification before or after a write (null: the column does not exist or was NULL). */
export type ClassificationRow = { id: number; category: string | null; source: string | null; confidence: number | null };

/** A merchant_cache entry as it was before the write; `previous: null` when the write created it. */
export type CacheBefore = { rawKey: string; previous: Record<string, string | number | null> | null };

/** The data is not what the approval (or the undo) was computed from: nothing was written. */
export class WriteConflictError extends Error {
  override name = "WriteConflictError";
}

export type RecategoriseResult = {
  before: ClassificationRow[];
  after: ClassificationRow[];
  /** merchant_cache entries before the write (for undo). */
  cache: CacheBefore[];
  /** Sum of the moved rows' amounts (signed, as stored). */
  total: number;
  /** Rows moved per previous category (NULL counts as Uncategorised), most first. */
  from: { category: string; rows: number }[];
  to: string;
};

export type WriteOptions = {
  /** Clock for merchant_cache timestamps. */
  now?: () => Date;
  /**
   * Runs inside the budget transaction, after the rows changed and before COMMIT: throw
   * to roll everything back (the approval service records the write in the app
   * database here, so a write it cannot record is not made).
   */
  beforeCommit?: (result: RecategoriseResult) => void;
  /** SQLite busy timeout; default 5000 ms. */
  busyTimeoutMs?: number;
};

export type UndoOptions = {
  now?: () => Date;
  beforeCommit?: () => void;
  busyTimeoutMs?: number;
};

type TxRow = {
  id: number;
  category: string | null;
  source: string | null;
  confidence: number | null;
  raw_description: string;
  merchant_name: string | null;
  amount: number;
};

/**
 * Move exactly the rows the approval was computed for to `args.to_category`, marking
 * them `source='manual'`, `confidence=1.0`, and teach merchant_cache the new category
 * for their raw keys. The rows are selected again by the stored arguments; if that
 * selection is no longer exactly `expectedIds`, nothing is written (WriteConflictError).
 */
export function recategorise(path: string, args: RecategoriseArgs, expectedIds: readonly number[], opts: WriteOptions = {}): RecategoriseResult {
  return withWriteConnection(path, opts.busyTimeoutMs, (db) =>
    db
      .transaction(() => {
        const cols = columnsOf(db, "transactions");
        const hasSource = cols.has("source");
        const hasConfidence = cols.has("confidence");
        const where = recategoriseWhere(args);
        const rows = db
          .query(
            `SELECT id, category, ${hasSource ? "source" : "NULL AS source"}, ${hasConfidence ? "confidence" : "NULL AS confidence"},
                    raw_description, merchant_name, amount
             FROM transactions ${where.sql} ORDER BY id`,
          )
          .all(where.params) as TxRow[];
        const expected = [...expectedIds].sort((a, b) => a - b);
        if (!sameIds(rows.map((r) => r.id), expected)) {
          throw new WriteConflictError(
            `the matching transactions changed since the preview (${rows.length} match now, ${expected.length} did then)`,
          );
        }

        const to = args.to_category;
        const before: ClassificationRow[] = rows.map((r) => ({ id: r.id, category: r.category, source: r.source, confidence: r.confidence }));
        const sets = ["category = $to"];
        if (hasSource) sets.push("source = 'manual'");
        if (hasConfidence) sets.push("confidence = 1.0");
        const changed = db
          .query(`UPDATE transactions SET ${sets.join(", ")} WHERE id IN (SELECT value FROM json_each($ids))`)
          .run({ to, ids: JSON.stringify(expected) }).changes;
        if (changed !== expected.length) throw new WriteConflictError(`expected to update ${expected.length} rows, updated ${changed}`);
        const after: ClassificationRow[] = rows.map((r) => ({
          id: r.id,
          category: to,
          source: hasSource ? "manual" : null,
          confidence: hasConfidence ? 1 : null,
        }));

        const cache = teachMerchantCache(db, rows, to, stamp(opts.now));

        const fromCounts = new Map<string, number>();
        let total = 0;
        for (const r of rows) {
          const c = r.category ?? "Uncategorised";
          fromCounts.set(c, (fromCounts.get(c) ?? 0) + 1);
          total += r.amount;
        }
        const result: RecategoriseResult = {
          before,
          after,
          cache,
          total,
          from: [...fromCounts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([category, n]) => ({ category, rows: n })),
          to,
        };
        opts.beforeCommit?.(result);
        return result;
      })
      .immediate(),
  );
}

/**
 * Put back exactly the `before` values of a write, and the merchant_cache entries it
 * changed. Refuses (WriteConflictError, nothing written) when any of the rows no longer
 * carries the values the write left (`after`): something changed them since, and an
 * undo must not overwrite that. A cache entry changed since is left as it is.
 */
export function undoRecategorisation(
  path: string,
  write: { before: readonly ClassificationRow[]; after: readonly ClassificationRow[] },
  cache: readonly CacheBefore[],
  opts: UndoOptions = {},
): { restored: number; cacheRestored: number } {
  return withWriteConnection(path, opts.busyTimeoutMs, (db) =>
    db
      .transaction(() => {
        const cols = columnsOf(db, "transactions");
        const hasSource = cols.has("source");
        const hasConfidence = cols.has("confidence");
        const afterById = new Map(write.after.map((r) => [r.id, r]));
        const current = db
          .query(
            `SELECT id, category, ${hasSource ? "source" : "NULL AS source"}, ${hasConfidence ? "confidence" : "NULL AS confidence"}
             FROM transactions WHERE id IN (SELECT value FROM json_each($ids))`,
          )
          .all({ ids: JSON.stringify(write.before.map((r) => r.id)) }) as ClassificationRow[];
        const changed =
          write.before.length - current.length +
          current.filter((r) => {
            const a = afterById.get(r.id);
            return !a || r.category !== a.category || (hasSource && r.source !== a.source) || (hasConfidence && r.confidence !== a.confidence);
          }).length;
        if (changed > 0) {
          throw new WriteConflictError(
            `${changed} of the ${write.before.length} transactions changed (or were deleted) since the approval; undo would overwrite that, so nothing was restored`,
          );
        }
        const sets = ["category = $category"];
        if (hasSource) sets.push("source = $source");
        if (hasConfidence) sets.push("confidence = $confidence");
        const restore = db.query(`UPDATE transactions SET ${sets.join(", ")} WHERE id = $id`);
        for (const r of write.before) {
          restore.run({
            id: r.id,
            category: r.category,
            ...(hasSource ? { source: r.source } : {}),
            ...(hasConfidence ? { confidence: r.confidence } : {}),
          });
        }
        const to = write.after[0]?.category ?? null;
        const cacheRestored = to === null ? 0 : restoreMerchantCache(db, cache, to);
        opts.beforeCommit?.();
        return { restored: write.before.length, cacheRestored };
      })
      .immediate(),
  );
}

// ---------------------------------------------------------------------------------

function withWriteConnection<T>(path: string, busyTimeoutMs = 5000, fn: (db: Database) => T): T {
  const db = new Database(path, { readwrite: true, create: false, strict: true });
  try {
    db.run(`PRAGMA busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`);
    return fn(db);
  } finally {
    db.close();
  }
}

function columnsOf(db: Database, table: string): Map<string, { notnull: number; dflt_value: unknown; pk: number }> {
  const rows = db.query(`SELECT name, "notnull", dflt_value, pk FROM pragma_table_info($table)`).all({ table }) as {
    name: string;
    notnull: number;
    dflt_value: unknown;
    pk: number;
  }[];
  return new Map(rows.map((r) => [r.name, r]));
}

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** The pipeline's timestamp format: "YYYY-MM-DD HH:MM:SS" (UTC). */
function stamp(now: (() => Date) | undefined): string {
  return (now ? now() : new Date()).toISOString().slice(0, 19).replace("T", " ");
}

/** The merchant_cache columns a write may set, in this order. */
const CACHE_WRITABLE = ["category", "source", "confidence", "updated_at"] as const;

/**
 * Set the new category for the raw keys of the moved rows (so the next import files
 * them there), returning what each entry was before. Keys are the pipeline's
 * (`rawKey` of the raw description, as the demo generator derives them).
 */
function teachMerchantCache(db: Database, rows: readonly TxRow[], to: string, now: string): CacheBefore[] {
  const cols = columnsOf(db, "merchant_cache");
  if (!cols.has("raw_key") || !cols.has("category")) return [];
  const firstByKey = new Map<string, TxRow>();
  for (const r of rows) {
    const key = rawKey(r.raw_description ?? "");
    if (key && !firstByKey.has(key)) firstByKey.set(key, r);
  }
  if (firstByKey.size === 0) return [];

  const writable = CACHE_WRITABLE.filter((c) => cols.has(c));
  const values: Record<string, string | number> = { category: to, source: "manual", confidence: 1.0, updated_at: now };
  const select = db.query(`SELECT ${writable.join(", ")} FROM merchant_cache WHERE raw_key = $key LIMIT 1`);
  const update = db.query(`UPDATE merchant_cache SET ${writable.map((c) => `${c} = $${c}`).join(", ")} WHERE raw_key = $key`);
  // New entries: every known column that exists; skip inserting when the table demands a column we cannot fill.
  const insertCols = ["raw_key", "merchant_name", ...writable, ...(cols.has("created_at") ? ["created_at"] : [])].filter((c) => cols.has(c));
  const unfillable = [...cols].some(([name, c]) => c.notnull && c.dflt_value === null && !c.pk && !insertCols.includes(name));
  const insert = unfillable
    ? null
    : db.query(`INSERT INTO merchant_cache (${insertCols.join(", ")}) VALUES (${insertCols.map((c) => `$${c}`).join(", ")})`);
  const bind = (names: readonly string[], extra: Record<string, string | number>) => {
    const out: Record<string, string | number> = {};
    for (const n of names) out[n] = n in extra ? extra[n]! : values[n]!;
    return out;
  };

  const before: CacheBefore[] = [];
  for (const [key, row] of firstByKey) {
    const previous = (select.get({ key }) as Record<string, string | number | null> | null) ?? null;
    if (previous) {
      update.run({ ...bind(writable, {}), key });
      before.push({ rawKey: key, previous });
    } else if (insert) {
      insert.run(bind(insertCols, { raw_key: key, merchant_name: row.merchant_name ?? "(unknown merchant)", created_at: now }));
      before.push({ rawKey: key, previous: null });
    }
  }
  return before;
}

/** Put merchant_cache entries back unless something changed them since the write; returns how many. */
function restoreMerchantCache(db: Database, cache: readonly CacheBefore[], to: string): number {
  if (cache.length === 0) return 0;
  const cols = columnsOf(db, "merchant_cache");
  if (!cols.has("raw_key") || !cols.has("category")) return 0;
  const hasSource = cols.has("source");
  const select = db.query(`SELECT category${hasSource ? ", source" : ""} FROM merchant_cache WHERE raw_key = $key LIMIT 1`);
  const remove = db.query("DELETE FROM merchant_cache WHERE raw_key = $key");
  let restored = 0;
  for (const entry of cache) {
    const now = select.get({ key: entry.rawKey }) as { category: string | null; source?: string | null } | null;
    if (!now || now.category !== to || (hasSource && now.source !== "manual")) continue; // changed since: leave it
    if (entry.previous === null) {
      remove.run({ key: entry.rawKey });
    } else {
      const names = Object.keys(entry.previous).filter((c) => (CACHE_WRITABLE as readonly string[]).includes(c) && cols.has(c));
      if (!names.length) continue;
      const params: Record<string, string | number | null> = { key: entry.rawKey };
      for (const n of names) params[n] = entry.previous[n] ?? null;
      db.query(`UPDATE merchant_cache SET ${names.map((c) => `${c} = $${c}`).join(", ")} WHERE raw_key = $key`).run(params);
    }
    restored++;
  }
  return restored;
}
