/**
 * A change to rules, and its undo, as one write through the one write path (kind "rule", "rule_undo"): the rule and the
 * rows it moves in one transaction, with exactly what it replaced kept for the undo (SPEC §13.1).
 */
import type { Database } from "bun:sqlite";
import { WriteConflictError } from "../core/errors.ts";
import { CurrencyTotals, plural, type CurrencyTotal } from "../core/format.ts";
import {
  CATEGORY_RULES_DDL,
  readRules,
  readsOf,
  RULE_COLUMNS,
  ruleOf,
  USER_RULE_CONFIDENCE,
  USER_RULE_SOURCE,
  type CategoryRule,
  type RuleSpec,
} from "../ledger/category-rules.ts";
import { JOURNAL_SAMPLE } from "../ledger/change-capture.ts";
import { originSql } from "../ledger/row-origin.ts";
import { WriteSlices } from "../ledger/write-lock.ts";
import type { BudgetChange, BudgetWriter, BudgetWriteReceipt } from "../ledger/write-path.ts";
import type { RowChange } from "../store/budget-writes.ts";
import type { Settlement } from "../store/budget-writes.ts";
import { type RowState, scan } from "./preview.ts";

/** What one change to rules asks for. `expectedIds`: the rows an approval's preview showed (anything else is a conflict). */
export type RuleChange =
  | { action: "add"; spec: RuleSpec; apply: boolean; includeManual: boolean; expectedIds?: readonly number[] }
  | { action: "update"; rule: CategoryRule; spec: RuleSpec }
  | { action: "remove"; rule: CategoryRule }
  | { action: "apply"; rule: CategoryRule; includeManual: boolean };

/**
 * Exactly what a change replaced, for its undo (all JSON). `rows`: the transactions it moved,
 * grouped by what they were (`before`), all left as `after`.
 */
export type RuleSnapshot = {
  action: RuleChange["action"];
  ruleBefore: CategoryRule | null;
  ruleAfter: CategoryRule | null;
  rows: { before: (RowState & { ids: number[]; origins?: (string | null)[] })[]; after: RowState } | null;
  changed: number;
  totals: CurrencyTotal[];
  /** Hand-set rows the rule matched and left as they were. */
  manualSkipped: number;
};

/**
 * How a rule write from the server lets SQLite spill (BudgetChange.spill): its changed pages stay in memory up to
 * 48 MiB, so a rule changing rows on fewer pages than that (12,288 pages of 4 KiB) never shuts readers out before
 * its COMMIT. A bigger one (119,232 rows spread over a million change about 40,000 of its 51,600 pages, 170 MB)
 * keeps its memory within 3× of a plain UPDATE's and shuts readers out from its first spilt page until its COMMIT,
 * without pausing meanwhile (WriteSlices): bench/rules.ts measured about 1 s for that rule, against about 1.7 s for a
 * plain SQL UPDATE of the same rows and 0.5–0.8 s for the COMMIT alone of a write that keeps every page (and 250 MB).
 */
export const SERVER_SPILL = { beyondMiB: 48 };

/** Rows one UPDATE changes (a few milliseconds' work between two chances to pause). */
const UPDATE_CHUNK = 5000;

function columnsOf(db: Database, table: string): Set<string> {
  return new Set((db.query("SELECT name FROM pragma_table_info(?)").all(table) as { name: string }[]).map((r) => r.name));
}

function storedRule(db: Database, id: number): CategoryRule | null {
  const row = db.query(`SELECT ${RULE_COLUMNS.join(", ")} FROM category_rules WHERE id = ?`).get(id) as Record<string, unknown> | null;
  return row ? ruleOf(row) : null;
}

/** Whether two rules say the same (their hits aside: an import may have counted some meanwhile). */
export function sameRule(a: CategoryRule | null, b: CategoryRule | null): boolean {
  if (!a || !b) return a === b;
  return JSON.stringify({ ...a, hits: 0 }) === JSON.stringify({ ...b, hits: 0 });
}

function putRule(db: Database, r: CategoryRule): void {
  db.query(`INSERT OR REPLACE INTO category_rules (${RULE_COLUMNS.join(", ")}) VALUES (${RULE_COLUMNS.map(() => "?").join(", ")})`).run(
    r.id,
    r.field,
    r.match,
    r.pattern,
    r.minAmount,
    r.maxAmount,
    r.account,
    r.category,
    r.merchantName,
    r.priority,
    r.createdAt,
    r.createdBy,
    r.hits,
  );
}

/** Set `state` on the rows `ids`, a chunk at a time with pauses between (the transaction stays one). */
async function setRows(db: Database, ids: readonly number[], state: RowState, cols: Set<string>, slices: WriteSlices): Promise<number> {
  const sets = ["category = $category"];
  if (cols.has("source")) sets.push("source = $source");
  if (cols.has("confidence")) sets.push("confidence = $confidence");
  if (state.merchant_name !== undefined) sets.push("merchant_name = $merchant");
  const update = db.query(`UPDATE transactions SET ${sets.join(", ")} WHERE id IN (SELECT value FROM json_each($ids))`);
  let n = 0;
  for (let k = 0; k < ids.length; k += UPDATE_CHUNK) {
    n += update.run({
      category: state.category,
      ...(cols.has("source") ? { source: state.source } : {}),
      ...(cols.has("confidence") ? { confidence: state.confidence } : {}),
      ...(state.merchant_name !== undefined ? { merchant: state.merchant_name } : {}),
      ids: JSON.stringify(ids.slice(k, k + UPDATE_CHUNK)),
    }).changes;
    await slices.between();
  }
  return n;
}

/** Apply `rule` (stored in this transaction) over every row: move the rows it changes, count them in its hits. */
async function applyInWrite(db: Database, rule: CategoryRule, includeManual: boolean, expectedIds: readonly number[] | undefined, slices: WriteSlices) {
  const reads = readsOf(db);
  const cols = columnsOf(db, "transactions");
  const merchant = rule.merchantName !== null;
  const ids: number[] = [];
  const totals = new CurrencyTotals();
  // The rows by the state they leave (their undo puts each group back).
  const groups = new Map<string, RowState & { ids: number[]; origins?: (string | null)[] }>();
  const found = scan({ reads, iterate: (sql, params) => db.query(sql).iterate(params ?? {}) as IterableIterator<Record<string, unknown>> }, readRules(reads), rule, includeManual, (r) => {
    ids.push(r.id);
    totals.add(r.amount, r.currency);
    const state: RowState = { category: r.category, source: cols.has("source") ? r.source : null, confidence: cols.has("confidence") ? r.confidence : null, ...(merchant ? { merchant_name: r.merchant } : {}) };
    const key = JSON.stringify(state);
    const g = groups.get(key) ?? { ...state, ids: [] };
    g.ids.push(r.id);
    groups.set(key, g);
  });
  // Which row each id names (originSql), for the undo to tell it from a row that took its id since.
  const originOf = new Map<number, string | null>();
  const origins = db.query(`SELECT id, ${originSql(cols)} AS origin FROM transactions WHERE id IN (SELECT value FROM json_each($ids))`);
  for (let k = 0; k < ids.length; k += UPDATE_CHUNK) {
    for (const r of origins.all({ ids: JSON.stringify(ids.slice(k, k + UPDATE_CHUNK)) }) as { id: number; origin: string | null }[]) originOf.set(r.id, r.origin);
    await slices.between();
  }
  for (const g of groups.values()) g.origins = g.ids.map((id) => originOf.get(id) ?? null);
  if (expectedIds) {
    const now = [...ids].sort((a, b) => a - b);
    const then = [...expectedIds].sort((a, b) => a - b);
    if (now.length !== then.length || now.some((id, k) => id !== then[k])) {
      throw new WriteConflictError(`the transactions the rule would change are not those of the preview any more (${now.length} now, ${then.length} then)`);
    }
  }
  const after: RowState = {
    category: rule.category,
    source: cols.has("source") ? USER_RULE_SOURCE : null,
    confidence: cols.has("confidence") ? USER_RULE_CONFIDENCE : null,
    ...(merchant ? { merchant_name: rule.merchantName } : {}),
  };
  const changed = await setRows(db, ids, after, cols, slices);
  if (changed !== ids.length) throw new WriteConflictError(`expected to change ${ids.length} transactions, changed ${changed}`);
  if (changed) db.query("UPDATE category_rules SET hits = hits + ? WHERE id = ?").run(changed, rule.id);
  return { rows: changed ? { before: [...groups.values()], after } : null, changed, totals: totals.list(), manualSkipped: found.manual };
}

/**
 * Make one change to rules through the write path (kind "rule"): the rule and the rows in one
 * transaction. `settle` states what chat.db records once budget.db holds it (throw there to roll
 * everything back). Throws WriteConflictError when the data no longer fit (nothing written).
 */
export function writeRuleChange(
  writer: BudgetWriter,
  change: RuleChange,
  opts: { userId: string | null; by: string; now: () => Date; settle: (s: RuleSnapshot) => Settlement | null; spill?: BudgetChange<RuleSnapshot>["spill"] },
): Promise<BudgetWriteReceipt<RuleSnapshot>> {
  let journal: { changes: RowChange[]; count: number } | null = null;
  return writer.writeWithReceipt({
    kind: "rule",
    userId: opts.userId,
    settle: (s) => opts.settle(s),
    // This write knows every row it changes: it states the journal's sample itself (no per-row capture).
    changes: () => journal!,
    spill: opts.spill ?? SERVER_SPILL,
    apply: async (db) => {
      const snap = await changeInWrite(db, change, opts);
      const id = (snap.ruleAfter ?? snap.ruleBefore)!.id;
      journal = journalOf(db, { id, was: snap.ruleBefore, is: snap.ruleAfter }, snap.rows ? { groups: snap.rows.before, to: snap.rows.after, undo: false } : null);
      return snap;
    },
  });
}

async function changeInWrite(db: Database, change: RuleChange, opts: { by: string; now: () => Date }): Promise<RuleSnapshot> {
  const slices = new WriteSlices(db);
  db.run(CATEGORY_RULES_DDL);
  const none = { rows: null, changed: 0, totals: [], manualSkipped: 0 };
  if (change.action === "add") {
    const at = opts.now().toISOString();
    const { id } = db
      .query("INSERT INTO category_rules (field, match, pattern, min_amount, max_amount, account, category, merchant_name, priority, created_at, created_by, hits) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0) RETURNING id")
      .get(change.spec.field, change.spec.match, change.spec.pattern, change.spec.minAmount, change.spec.maxAmount, change.spec.account, change.spec.category, change.spec.merchantName, change.spec.priority, at, opts.by) as { id: number };
    const rule = storedRule(db, id)!;
    const applied = change.apply ? await applyInWrite(db, rule, change.includeManual, change.expectedIds, slices) : none;
    return { action: "add", ruleBefore: null, ruleAfter: storedRule(db, id), ...applied };
  }
  const current = storedRule(db, change.rule.id);
  if (!sameRule(current, change.rule)) throw new WriteConflictError(`rule ${change.rule.id} was ${current ? "changed" : "removed"} meanwhile`);
  if (change.action === "update") {
    putRule(db, { ...current!, ...change.spec });
    return { action: "update", ruleBefore: current, ruleAfter: storedRule(db, current!.id), ...none };
  }
  if (change.action === "remove") {
    db.query("DELETE FROM category_rules WHERE id = ?").run(current!.id);
    return { action: "remove", ruleBefore: current, ruleAfter: null, ...none };
  }
  const applied = await applyInWrite(db, current!, change.includeManual, undefined, slices);
  return { action: "apply", ruleBefore: current, ruleAfter: storedRule(db, current!.id), ...applied };
}

/** A rule as its table row (the journal compares budget.db's row with it). */
function ruleRow(r: CategoryRule | null): Record<string, unknown> | null {
  if (!r) return null;
  const values = [r.id, r.field, r.match, r.pattern, r.minAmount, r.maxAmount, r.account, r.category, r.merchantName, r.priority, r.createdAt, r.createdBy, r.hits];
  return Object.fromEntries(RULE_COLUMNS.map((c, k) => [c, values[k]]));
}

/** A transaction's classification as the journal states it: only the columns budget.db has. */
function stateRow(s: RowState, cols: Set<string>): Record<string, unknown> {
  return {
    category: s.category,
    ...(cols.has("source") ? { source: s.source } : {}),
    ...(cols.has("confidence") ? { confidence: s.confidence } : {}),
    ...(s.merchant_name !== undefined ? { merchant_name: s.merchant_name } : {}),
  };
}

/**
 * The journal's sample of a rule write: the rule's row as it was and is (when it changed) and some of the rows it
 * moved, evenly spread (`moved`: the rows by the state they had, all left in `to`, or the other way round for an
 * undo), and how many rows it changed.
 */
function journalOf(
  db: Database,
  rule: { id: number; was: CategoryRule | null; is: CategoryRule | null },
  moved: { groups: (RowState & { ids: number[] })[]; to: RowState; undo: boolean } | null,
): { changes: RowChange[]; count: number } {
  const ruleChanged = JSON.stringify(ruleRow(rule.was)) !== JSON.stringify(ruleRow(rule.is));
  const changes: RowChange[] = ruleChanged ? [{ table: "category_rules", key: { id: rule.id }, before: ruleRow(rule.was), after: ruleRow(rule.is) }] : [];
  const rows = moved ? moved.groups.flatMap((g) => g.ids.map((rowId) => ({ rowId, g }))) : [];
  if (moved) {
    const cols = columnsOf(db, "transactions");
    const step = Math.max(1, rows.length / (JOURNAL_SAMPLE - 1));
    for (let i = 0; i < rows.length && changes.length < JOURNAL_SAMPLE; i += step) {
      const { rowId, g } = rows[Math.floor(i)]!;
      const [before, after] = moved.undo ? [moved.to, g] : [g, moved.to];
      changes.push({ table: "transactions", key: { id: rowId }, before: stateRow(before, cols), after: stateRow(after, cols) });
    }
  }
  return { changes, count: rows.length + (ruleChanged ? 1 : 0) };
}

/**
 * Put back exactly what a change replaced (kind "rule_undo"): the rows as they were, the rule as
 * it was (its hits less the rows the change counted). Refuses (WriteConflictError, nothing written)
 * when the rule or any of the rows is no longer as the change left it.
 */
export function undoRuleWrite(writer: BudgetWriter, snap: RuleSnapshot, opts: { userId: string | null; settle: () => Settlement | null }): Promise<BudgetWriteReceipt<void>> {
  let journal: { changes: RowChange[]; count: number } | null = null;
  return writer.writeWithReceipt({
    kind: "rule_undo",
    userId: opts.userId,
    spill: SERVER_SPILL,
    settle: () => opts.settle(),
    // As the change it undoes: it knows every row it puts back, and states the journal's sample itself.
    changes: () => journal!,
    apply: async (db) => {
      const slices = new WriteSlices(db);
      db.run(CATEGORY_RULES_DDL);
      const id = (snap.ruleAfter ?? snap.ruleBefore)!.id;
      const current = storedRule(db, id);
      if (!sameRule(current, snap.ruleAfter)) throw new WriteConflictError(`rule ${id} was ${current ? (snap.ruleAfter ? "changed" : "added again") : "removed"} since`);
      const cols = columnsOf(db, "transactions");
      if (snap.rows) {
        const { after } = snap.rows;
        const ids = snap.rows.before.flatMap((g) => g.ids);
        // Each id with the origin it had (null: recorded before origins were): an id that now names another row counts as changed.
        const pairs = snap.rows.before.flatMap((g) => g.ids.map((id, k) => [id, g.origins?.[k] ?? null]));
        const check = db.query(
          `SELECT count(*) AS n FROM json_each($ids) AS p JOIN transactions t ON t.id = json_extract(p.value, '$[0]')
             WHERE (json_extract(p.value, '$[1]') IS NULL OR ${originSql(cols)} IS json_extract(p.value, '$[1]')) AND category IS $category
             ${cols.has("source") ? "AND source IS $source" : ""} ${cols.has("confidence") ? "AND confidence IS $confidence" : ""} ${after.merchant_name !== undefined ? "AND merchant_name IS $merchant" : ""}`,
        );
        let same = 0;
        for (let k = 0; k < ids.length; k += UPDATE_CHUNK) {
          same += (check.get({
            ids: JSON.stringify(pairs.slice(k, k + UPDATE_CHUNK)),
            category: after.category,
            ...(cols.has("source") ? { source: after.source } : {}),
            ...(cols.has("confidence") ? { confidence: after.confidence } : {}),
            ...(after.merchant_name !== undefined ? { merchant: after.merchant_name } : {}),
          }) as { n: number }).n;
          await slices.between();
        }
        if (same !== ids.length) {
          throw new WriteConflictError(`${plural(ids.length - same, "transaction")} of the ${ids.length} changed (or were deleted) since; undoing would overwrite that, so nothing was restored`);
        }
        for (const g of snap.rows.before) {
          const { ids: groupIds, origins: _origins, ...state } = g;
          await setRows(db, groupIds, state, cols, slices);
        }
      }
      if (!snap.ruleBefore) {
        db.query("DELETE FROM category_rules WHERE id = ?").run(id);
      } else {
        // Hits counted since (an import) stay counted; those of this change go.
        const hits = Math.max(0, (current?.hits ?? snap.ruleBefore.hits) - snap.changed);
        putRule(db, { ...snap.ruleBefore, hits });
      }
      journal = journalOf(db, { id, was: current, is: storedRule(db, id) }, snap.rows ? { groups: snap.rows.before, to: snap.rows.after, undo: true } : null);
    },
  });
}
