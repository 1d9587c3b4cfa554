/**
 * What a write to budget.db changed, as the write path journals it (src/ledger/write-path.ts):
 * temporary triggers on the write connection only (budget.db's schema is untouched) note
 * each changed row; at the end the journal keeps a sample (a write is all-or-nothing, so a
 * few rows tell whether it committed). `heldState` compares budget.db with such a sample.
 */
import type { Database } from "bun:sqlite";
import type { TimeSlices } from "../core/time-slices.ts";
import type { RowChange } from "../store/budget-writes.ts";

/** Rows of one write kept in the journal for start-up to compare; the write is atomic, so a sample tells. */
export const JOURNAL_SAMPLE = 100;
/** Entries the collector reads between two chances to pause. */
const SCAN_RANGE = 20_000;

type ChangeEntry = { tbl: string; key: string | null; ikey: unknown; old: string | null; new: string | null; ins: number };


const q = (name: string) => `"${name.replaceAll('"', '""')}"`;
const lit = (s: string) => `'${s.replaceAll("'", "''")}'`;

type TableShape = { columns: string[]; key: string[]; single: boolean };

/**
 * Columns of a main table and the columns that identify a row (primary key, else rowid);
 * `single`: that key is one integer (the rowid, or an INTEGER PRIMARY KEY).
 */
function tableShape(db: Database, table: string): TableShape {
  const info = db.query(`SELECT name, type, pk FROM pragma_table_info(?)`).all(table) as { name: string; type: string; pk: number }[];
  const pks = info.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
  const single = pks.length === 0 || (pks.length === 1 && pks[0]!.type.toUpperCase() === "INTEGER");
  return { columns: info.map((c) => c.name), key: pks.length ? pks.map((c) => c.name) : ["rowid"], single };
}

/** A row as JSON, as the journal keeps it (BLOBs as hex, since JSON has none). */
function rowJson(alias: string, columns: readonly string[]): string {
  return `json_object(${columns.map((c) => `${lit(c)}, CASE WHEN typeof(${alias}.${q(c)}) = 'blob' THEN hex(${alias}.${q(c)}) ELSE ${alias}.${q(c)} END`).join(", ")})`;
}

/** The row of `table` with this key as rowJson gives it (only `columns`), or null when there is none. */
function currentRow(db: Database, table: string, key: Record<string, unknown>, columns: readonly string[]): string | null {
  const keyCols = Object.keys(key);
  const where = keyCols.map((k) => `${k === "rowid" ? "rowid" : q(k)} IS ?`).join(" AND ");
  const row = db.query(`SELECT ${rowJson("t", columns)} AS j FROM main.${q(table)} AS t WHERE ${where}`).get(...(keyCols.map((k) => key[k]) as never[])) as { j: string } | null;
  return row ? row.j : null;
}

/** Stands for "the row as it is now" of a row whose last change was an insert (read only when needed). */
const NOW = Symbol("as it is now");

/**
 * Note every row the transaction changes, through temporary triggers on this connection
 * (dropped with it). Returns the collector: per row its first "before" and last "after", rows
 * that ended as they began left out, and a sample of them for the journal.
 *
 * An insert only notes which row (the key's value itself where that is one integer): its "before"
 * is "absent" (or what an earlier delete of the key in this transaction noted), and its
 * "after" is the row as the transaction leaves it, read when collecting, and only for the
 * rows that need it (the sample). A write of 100,000 rows so costs little more than the
 * inserts themselves (an import notes its rows itself, insertedSample, without even that),
 * and the journal holds the same as if every row had been copied; an import's undo (deletes
 * only) likewise. Collecting a long write's mixed changes yields to the event
 * loop now and then (`slices`).
 */
export function capture(db: Database): (slices?: TimeSlices) => Promise<{ changes: RowChange[]; count: number }> {
  // `del`: the entry is a delete (an update notes its old row too, as a first entry without `del`).
  db.run(
    "CREATE TEMP TABLE budget_chat_changes (seq INTEGER PRIMARY KEY, tbl TEXT NOT NULL, key TEXT, ikey INTEGER, old TEXT, new TEXT, ins INTEGER NOT NULL DEFAULT 0, del INTEGER NOT NULL DEFAULT 0)",
  );
  const tables = db
    .query("SELECT name, sql FROM main.sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .all() as { name: string; sql: string | null }[];
  const shapes = new Map<string, TableShape>();
  tables.forEach(({ name, sql }, i) => {
    if (/WITHOUT\s+ROWID/i.test(sql ?? "")) return; // no rowid to fall back on; such tables are not the pipeline's
    const shape = tableShape(db, name);
    if (!shape.columns.length) return;
    shapes.set(name, shape);
    const key = (alias: string) => `json_array(${shape.key.map((k) => `${alias}.${k === "rowid" ? "rowid" : q(k)}`).join(", ")})`;
    const log = (alias: string, old: boolean, del = 0) =>
      `INSERT INTO temp.budget_chat_changes (tbl, key, old, new, del) VALUES (${lit(name)}, ${key(alias)}, ${old ? rowJson(alias, shape.columns) : "NULL"}, ${old ? "NULL" : rowJson(alias, shape.columns)}, ${del});`;
    const k0 = shape.key[0]!;
    const inserted = shape.single
      ? `INSERT INTO temp.budget_chat_changes (tbl, ikey, ins) VALUES (${lit(name)}, NEW.${k0 === "rowid" ? "rowid" : q(k0)}, 1);`
      : `INSERT INTO temp.budget_chat_changes (tbl, key, ins) VALUES (${lit(name)}, ${key("NEW")}, 1);`;
    db.run(`CREATE TEMP TRIGGER budget_chat_i${i} AFTER INSERT ON main.${q(name)} BEGIN ${inserted} END`);
    // An update is logged as "the old key's row was this" and "the new key's row is this", so a changed key works too.
    db.run(`CREATE TEMP TRIGGER budget_chat_u${i} AFTER UPDATE ON main.${q(name)} BEGIN ${log("OLD", true)} ${log("NEW", false)} END`);
    db.run(`CREATE TEMP TRIGGER budget_chat_d${i} AFTER DELETE ON main.${q(name)} BEGIN ${log("OLD", true, 1)} END`);
  });
  const keyObject = (tbl: string, key: string) => {
    const keyCols = shapes.get(tbl)?.key ?? ["rowid"];
    const keyVals = JSON.parse(key) as unknown[];
    return Object.fromEntries(keyCols.map((c, k) => [c, keyVals[k] ?? null]));
  };
  return async (slices?: TimeSlices) => {
    const rest = async () => {
      if (slices?.due()) await slices.pause();
    };
    // What kinds of entries there are, counted a range of seq at a time (entries are never removed: seq runs 1…n).
    const n = (db.query("SELECT coalesce(max(seq), 0) AS n FROM temp.budget_chat_changes").get() as { n: number }).n;
    const kinds = db.query("SELECT total(ins) AS ins, total(del) AS del FROM temp.budget_chat_changes WHERE seq > ? AND seq <= ?");
    let inserts = 0;
    let deletes = 0;
    for (let lo = 0; lo < n; lo += SCAN_RANGE) {
      const k = kinds.get(lo, lo + SCAN_RANGE) as { ins: number; del: number };
      inserts += k.ins;
      deletes += k.del;
      await rest();
    }
    const onlyInserts = inserts === n;
    const onlyDeletes = deletes === n;
    if (onlyInserts || onlyDeletes) {
      // Every entry a row that was absent and is there now (inserting a key twice needs a delete between), or one that
      // was there and is gone (deleting a key twice needs an insert between): the sample is read by seq (1…n, one
      // per row), without going through all of them.
      const at = db.query("SELECT tbl, key, ikey, old FROM temp.budget_chat_changes WHERE seq = ?");
      const step = Math.max(1, n / JOURNAL_SAMPLE);
      const sample: RowChange[] = [];
      for (let i = 0; i < n && sample.length < JOURNAL_SAMPLE; i += step) {
        const e = at.get(Math.floor(i) + 1) as { tbl: string; key: string | null; ikey: unknown; old: string | null };
        const key = keyObject(e.tbl, e.key ?? JSON.stringify([e.ikey]));
        if (onlyDeletes) {
          sample.push({ table: e.tbl, key, before: JSON.parse(e.old!), after: null });
          continue;
        }
        const after = currentRow(db, e.tbl, key, shapes.get(e.tbl)!.columns);
        sample.push({ table: e.tbl, key, before: null, after: after === null ? null : JSON.parse(after) });
      }
      return { changes: sample, count: n };
    }
    type Row = { tbl: string; key: string; before: string | null; after: string | null | typeof NOW };
    const rows = new Map<string, Row>();
    for (const e of db.query("SELECT tbl, key, ikey, old, new, ins FROM temp.budget_chat_changes ORDER BY seq").iterate() as IterableIterator<ChangeEntry>) {
      const key = e.key ?? JSON.stringify([e.ikey]); // as json_array writes it in the update and delete triggers
      const id = `${e.tbl}\u0000${key}`;
      const after = e.ins ? NOW : e.new;
      const row = rows.get(id);
      if (!row) rows.set(id, { tbl: e.tbl, key, before: e.ins ? null : e.old, after });
      else row.after = after;
      await rest();
    }
    const keyOf = (r: Row) => keyObject(r.tbl, r.key);
    const afterOf = (r: Row): string | null => (r.after === NOW ? (r.after = currentRow(db, r.tbl, keyOf(r), shapes.get(r.tbl)!.columns)) : r.after);
    // An inserted row that was absent before changed (it is there now: a later delete would have noted so).
    const changed: Row[] = [];
    for (const r of rows.values()) {
      if (r.after === NOW && r.before === null ? true : r.before !== afterOf(r)) changed.push(r);
      await rest();
    }
    const step = Math.max(1, changed.length / JOURNAL_SAMPLE);
    const sample: RowChange[] = [];
    for (let i = 0; i < changed.length && sample.length < JOURNAL_SAMPLE; i += step) {
      const r = changed[Math.floor(i)]!;
      const after = afterOf(r);
      sample.push({ table: r.tbl, key: keyOf(r), before: r.before === null ? null : JSON.parse(r.before), after: after === null ? null : JSON.parse(after) });
    }
    return { changes: sample, count: changed.length };
  };
}

/**
 * The journal's note of rows a writer inserted and counts itself (BudgetChange.changes: an import's
 * hundred thousand rows, without a trigger firing for each): up to JOURNAL_SAMPLE of them, evenly spaced
 * in the order they were inserted, each as `capture` notes an insert (absent before, the row as the
 * transaction leaves it after). `rowids`: the rows' keys, `table`'s integer primary key (or rowid).
 */
export function insertedSample(db: Database, table: string, rowids: ArrayLike<number>): RowChange[] {
  const shape = tableShape(db, table);
  if (!shape.single) throw new Error(`insertedSample: ${table} has no integer key`);
  const key = shape.key[0]!;
  const step = Math.max(1, rowids.length / JOURNAL_SAMPLE);
  const sample: RowChange[] = [];
  for (let i = 0; i < rowids.length && sample.length < JOURNAL_SAMPLE; i += step) {
    const k = { [key]: rowids[Math.floor(i)]! };
    const after = currentRow(db, table, k, shape.columns);
    sample.push({ table, key: k, before: null, after: after === null ? null : JSON.parse(after) });
  }
  return sample;
}

/** Whether budget.db holds a journaled change: "after" (it committed), "before" (it did not), or "unknown". */
export function heldState(db: Database, changes: readonly RowChange[]): "after" | "before" | "unknown" {
  let after = false;
  let before = false;
  for (const c of changes) {
    const columns = Object.keys(c.after ?? c.before ?? {});
    let current: Record<string, unknown> | null = null;
    try {
      const j = currentRow(db, c.table, c.key, columns);
      current = j === null ? null : JSON.parse(j);
    } catch {
      current = null; // the table is gone
    }
    const same = (want: Record<string, unknown> | null) =>
      want === null ? current === null : current !== null && Object.keys(want).every((k) => JSON.stringify(current![k] ?? null) === JSON.stringify(want[k] ?? null));
    const isAfter = same(c.after);
    const isBefore = same(c.before);
    if (isAfter && !isBefore) after = true;
    if (isBefore && !isAfter) before = true;
  }
  // Any row that carries the write's own values: it committed (rows changed since by others do not undo that).
  return after ? "after" : before ? "before" : "unknown";
}

