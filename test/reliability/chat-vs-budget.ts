/**
 * What chat.db states about budget.db, held against budget.db itself (issue 29: "chat.db
 * states no write that budget.db does not hold, checked by comparing each record's
 * after-rows with budget.db"), and the records a write may leave, for "nothing recorded".
 *
 * `disagreements` reads every record of a change to budget.db in chat.db — the user's edits
 * (transaction and category), imports, approvals' writes — and compares the rows it says the
 * change left (or, once undone, put back) with budget.db's rows now; the list is empty when
 * they agree. `records` is a copy of every table a write's settlement writes to.
 */
import { Database } from "bun:sqlite";
import { resolve } from "node:path";

type Row = Record<string, unknown>;

function open(path: string): Database {
  return new Database(path, { readonly: true, strict: true });
}

const json = (v: unknown) => JSON.stringify(v);
const hasTable = (db: Database, name: string) => db.query("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?").get(name) !== null;

/** Every way chat.db's records and budget.db's rows disagree (empty: they agree). */
export function disagreements(chatPath: string, budgetPath: string): string[] {
  const chat = open(chatPath);
  const budget = open(budgetPath);
  const out: string[] = [];
  try {
    const txn = budget.query("SELECT id, category, source, confidence, merchant_name FROM transactions WHERE id = ?");
    /** A classification row as a record states it, against the transaction now (only the columns the record has). */
    const checkRow = (what: string, want: Row) => {
      const have = txn.get(want.id as number) as Row | null;
      if (!have) return out.push(`${what}: transaction ${want.id} is not in budget.db`);
      for (const k of Object.keys(want)) if (json(have[k]) !== json(want[k])) out.push(`${what}: transaction ${want.id} has ${k} ${json(have[k])} in budget.db, chat.db says ${json(want[k])}`);
    };
    /**
     * What the user's edits state, column by column of each transaction and by category: only
     * the latest edit stating a value still holds it (an edit undone and the row edited again
     * later, or a category added then renamed, is superseded, not contradicted); checked once
     * every edit is read.
     */
    const editedRows = new Map<string, { what: string; id: number; column: string; value: unknown }>();
    const stateRow = (what: string, want: Row) => {
      for (const column of Object.keys(want)) if (column !== "id") editedRows.set(`${want.id}\0${column}`, { what, id: want.id as number, column, value: want[column] });
    };
    const editedCategories = new Map<string, { what: string; name: string; row: Row | null }>();
    const editedRules = new Map<number, { what: string; rule: { category: string } | null }>();
    const editedBudgets = new Map<string, { what: string; category: string; value: Row | null }>();
    const category = budget.query("SELECT rowid AS rowid, * FROM categories WHERE name = ? COLLATE NOCASE");

    for (const e of chat.query("SELECT * FROM data_edits ORDER BY id").all() as Row[]) {
      const what = `edit ${e.id} (${e.kind}${e.undone_at ? ", undone" : ""})`;
      const before = JSON.parse(e.before as string);
      const after = JSON.parse(e.after as string);
      if (e.kind === "transaction_edit") {
        for (const r of (e.undone_at ? before.rows : after.rows) as Row[]) stateRow(what, r);
        continue;
      }
      if (e.kind === "rule") {
        // A rule change (issue 35): the rows it moved, as it left them (or put them back), and the rule itself.
        // (Each group's `origins` say which row each id named when the rule wrote: no column of the row's state.)
        const snap = before as { ruleBefore: Row | null; ruleAfter: Row | null; rows: { before: (Row & { ids: number[]; origins?: unknown })[]; after: Row } | null };
        for (const g of snap.rows?.before ?? []) {
          const { ids, origins: _origins, ...was } = g;
          for (const id of ids) stateRow(what, { id, ...(e.undone_at ? was : snap.rows!.after) });
        }
        const rule = (e.undone_at ? snap.ruleBefore : snap.ruleAfter) as { id: number; category: string } | null;
        const id = ((snap.ruleAfter ?? snap.ruleBefore) as { id: number }).id;
        editedRules.set(id, { what, rule });
        continue;
      }
      if (e.kind === "reclassify") {
        // Unsure rows classified again (issue 35): each row as it left it (or put it back).
        for (const r of before.rows as { id: number; before: Row; after: Row }[]) stateRow(what, { id: r.id, ...(e.undone_at ? r.before : r.after) });
        continue;
      }
      // A category change: the categories rows it left (or put back), and where its transactions are.
      for (const r of (e.undone_at ? before.rowsBefore : before.rowsAfter) as { name: string; row: Row | null }[]) {
        editedCategories.set(r.name.toLowerCase(), { what, name: r.name, row: r.row });
      }
      for (const t of before.transactions as { id: number; category: string }[]) {
        stateRow(what, { id: t.id, category: e.undone_at ? t.category : before.plan.target });
      }
      if (!e.undone_at) {
        for (const b of before.budgetsAfter as { category: string; value: Row | null }[]) editedBudgets.set(b.category.toLowerCase(), { what, category: b.category, value: b.value });
      }
    }
    for (const { what, id, column, value } of editedRows.values()) checkRow(what, { id, [column]: value });
    for (const { what, name, row } of editedCategories.values()) {
      const have = (category.get(name) as Row | null) ?? null;
      if (json(have) !== json(row)) out.push(`${what}: category ${name} is ${json(have)} in budget.db, chat.db says ${json(row)}`);
    }
    const ruleNow = hasTable(budget, "category_rules") ? budget.query("SELECT category FROM category_rules WHERE id = ?") : null;
    for (const [id, { what, rule }] of editedRules) {
      const have = (ruleNow?.get(id) as Row | null) ?? null;
      if (json(have?.category ?? null) !== json(rule?.category ?? null)) out.push(`${what}: rule ${id} is ${json(have)} in budget.db, chat.db says ${json(rule)}`);
    }
    const budgetNow = chat.query("SELECT amount, currency FROM budgets WHERE category = ? COLLATE NOCASE");
    for (const { what, category, value } of editedBudgets.values()) {
      const have = (budgetNow.get(category) as Row | null) ?? null;
      if (json(have) !== json(value)) out.push(`${what}: the ${category} budget is ${json(have)}, the change says ${json(value)}`);
    }

    const inBatch = budget.query("SELECT count(*) AS n FROM transactions WHERE import_batch = ?");
    // Each imported row comes with its transaction_details, and an undo takes them and the batch's balances along.
    const detailsOf = hasTable(budget, "transaction_details")
      ? budget.query("SELECT count(*) AS n FROM transaction_details d JOIN transactions t ON t.transaction_id = d.transaction_id WHERE t.import_batch = ?")
      : null;
    const balancesOf = hasTable(budget, "account_balances") ? budget.query("SELECT count(*) AS n FROM account_balances WHERE import_batch = ?") : null;
    for (const i of chat.query("SELECT * FROM imports WHERE db_path = ?").all(resolve(budgetPath)) as Row[]) {
      const what = `import ${i.batch}${i.undone_at ? " (undone)" : ""}`;
      const n = (inBatch.get(i.batch as string) as { n: number }).n;
      const want = i.undone_at ? 0 : (i.rows as number);
      if (n !== want) out.push(`${what}: budget.db holds ${n} of its rows, chat.db says ${want}`);
      const details = detailsOf ? (detailsOf.get(i.batch as string) as { n: number }).n : 0;
      if (details !== want) out.push(`${what}: budget.db holds the details of ${details} of its rows, chat.db says it has ${want}`);
      const balances = balancesOf ? (balancesOf.get(i.batch as string) as { n: number }).n : 0;
      if (i.undone_at && balances !== 0) out.push(`${what}: budget.db still holds ${balances} of its balances`);
    }

    for (const w of chat.query("SELECT w.*, a.status FROM writes w JOIN approvals a ON a.id = w.approval_id").all() as Row[]) {
      const what = `approval ${w.approval_id} (${w.status})`;
      const state = JSON.parse((w.undone_at ? w.before : w.after) as string) as { rows: Row[] };
      for (const r of state.rows) checkRow(what, r);
    }

    // Every record made by a budget write belongs to one budget.db holds.
    for (const e of chat.query("SELECT d.id, b.status FROM data_edits d LEFT JOIN budget_writes b ON b.id = d.budget_write_id").all() as Row[]) {
      if (e.status !== "done") out.push(`edit ${e.id}: its budget write is ${e.status ?? "missing"}`);
    }
  } finally {
    chat.close();
    budget.close();
  }
  return out;
}

/** Every record a budget write's settlement may add or change in chat.db (to compare before and after a write that must record nothing). */
export function records(chatPath: string): Record<string, unknown[]> {
  const chat = open(chatPath);
  try {
    const all = (sql: string) => chat.query(sql).all();
    return {
      edits: all("SELECT * FROM data_edits ORDER BY id"),
      audit: all("SELECT * FROM audit_log ORDER BY id"),
      budgets: all("SELECT * FROM budgets ORDER BY category"),
      imports: all("SELECT * FROM imports ORDER BY batch"),
      approvals: all("SELECT id, status, result FROM approvals ORDER BY id"),
      writes: all("SELECT * FROM writes ORDER BY approval_id"),
    };
  } finally {
    chat.close();
  }
}

/** Everything budget.db holds that a writer may change (to compare before and after a write that must change nothing). */
export function budgetContent(budgetPath: string): Record<string, unknown[]> {
  const db = open(budgetPath);
  try {
    const all = (sql: string) => db.query(sql).all();
    return {
      transactions: all("SELECT * FROM transactions ORDER BY id"),
      categories: all("SELECT rowid AS rowid, * FROM categories ORDER BY rowid"),
      merchantCache: all("SELECT * FROM merchant_cache ORDER BY raw_key"),
      examples: all("SELECT * FROM few_shot_examples ORDER BY id"),
      importLog: all("SELECT * FROM import_log ORDER BY rowid"),
      // An import's own tables (made by the first import into a database).
      details: hasTable(db, "transaction_details") ? all("SELECT * FROM transaction_details ORDER BY transaction_id") : [],
      balances: hasTable(db, "account_balances") ? all("SELECT rowid AS rowid, * FROM account_balances ORDER BY rowid") : [],
    };
  } finally {
    db.close();
  }
}
