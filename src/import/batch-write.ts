/**
 * What an import writes into budget.db, and what its undo deletes, inside the write path's one
 * transaction (src/ledger/write-path.ts). Both run in the budget write worker (write-worker.ts) as its
 * jobs, so that not even the COMMIT of a 50 MB statement holds the server's event loop (SPEC §13.1): the
 * server feeds an import its rows in parts (`RowsPart`), a few thousand at a time. A statement the
 * command line streams is written with the same BatchWrite on that process's own thread (no server runs
 * there; its reader reads the rows again inside the write).
 */
import type { Database, Statement } from "bun:sqlite";
import { addRuleHits } from "../ledger/category-rules.ts";
import { insertedSample } from "../ledger/change-capture.ts";
import { PIPELINE_CACHE_UPSERT, pipelineMerchantKey } from "../ledger/pipeline.ts";
import type { RowChange } from "../store/budget-writes.ts";
import { UNCATEGORISED } from "../ledger/schema.ts";
import { plainMerchant, type Classified, type ClassSource } from "./classify.ts";
import type { Reconciliation } from "./formats/index.ts";
import { anotherAccount, sameBookingId } from "./duplicates.ts";
import { bankIdKind, ownAccountId } from "./ids.ts";
import { FACT_COLUMNS, RowTable, type FactKey, type RowChunk } from "./formats/row-table.ts";
import { ensureAccountColumn, ensureImportTables } from "./target.ts";

/** transaction_details written at once (see BatchWrite.add). */
const DETAILS_CHUNK = 50_000;
/** Rows an undo deletes with one statement. */
const DELETE_CHUNK = 500;

/** What one import is, for its write: the file's facts, the batch, its time, the model's answers to keep. */
export type BatchFacts = {
  file: string;
  sha256: string;
  account: string | null;
  reconciliation: readonly Reconciliation[];
  learned: Map<string, Classified>;
  batch: string;
  at: string;
};

export type BatchResult = {
  batch: string | null;
  inserted: number;
  bySource: Record<ClassSource, number>;
  firstDate: string | null;
  lastDate: string | null;
  /**
   * What the write path journals of this write (BudgetChange.changes): a sample of the rows inserted and how many
   * rows it wrote (its transactions, the import_log row, the checked balances, merchant_cache's answers, the rules'
   * hit counts; the transaction_details go with their transactions, whose fate they share, and are not counted).
   */
  journal: { changes: RowChange[]; count: number };
};

export function emptyBySource(): Record<ClassSource, number> {
  return { user_rule: 0, cache: 0, rules: 0, llm: 0, unclassified: 0 };
}

/**
 * An import's rows written one by one (`add`, with their id and class: null for unclassified), their
 * transaction_details a chunk at a time after them (not in the order of their key: sorting a chunk costs more
 * than it saves), then `finish`: the checked balances, the model's answers in merchant_cache, the user rules' hit
 * counts, the import_log row. Creates the account column and the import's tables when absent.
 *
 * What is the same for every row of the import (its batch and time, its file and checksum) is written into the
 * statements as SQL literals, not bound row by row; the rows it inserts are noted for the journal by their ids
 * (BatchResult.journal), not by a trigger per row.
 */
export class BatchWrite {
  private readonly insert;
  private readonly there;
  private readonly accountOf;
  private readonly details: DetailsWriter;
  private pending: { t: RowTable; i: number; id: string }[] = [];
  private readonly usedKeys = new Set<string>();
  /** Rows per user rule (its id) that classified them, for the rules' hit counts. */
  private readonly ruleHits = new Map<number, number>();
  private readonly bySource = emptyBySource();
  /** The inserted rows' ids (transactions.id), in order: the journal's sample is drawn from them. */
  private readonly rowids: number[] = [];
  private first: string | null = null;
  private last: string | null = null;

  constructor(
    private readonly db: Database,
    private readonly facts: BatchFacts,
  ) {
    ensureAccountColumn(db);
    ensureImportTables(db);
    this.details = new DetailsWriter(db, facts);
    this.insert = db.prepare(
      `INSERT OR IGNORE INTO transactions (date, raw_description, amount, currency, merchant_name, category, source, confidence,
         transaction_id, import_batch, created_at, account) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ${sqlText(facts.batch)}, ${sqlText(facts.at)}, ?)`,
    );
    // A camt booking already here under its other id (an entry as one row, or split into its parts) was planned
    // before it was written (files previewed apart, "Import all"): INSERT OR IGNORE cannot see it, this does.
    this.there = db.prepare("SELECT 1 FROM transactions WHERE transaction_id = ?");
    // A content-hash id another account's row took after the plan (files previewed apart, each against budget.db alone):
    // INSERT OR IGNORE would drop this row as that one's duplicate; it goes in under its own account's id (ownAccountId).
    this.accountOf = db.prepare<{ account: string | null }, [string]>("SELECT account FROM transactions WHERE transaction_id = ?");
  }

  /** The row's id for its insert again when `id` is another account's row's, else null. */
  private ownAccountIdFor(t: RowTable, i: number, id: string): string | null {
    const own = t.accountOf(i);
    if (own === null || bankIdKind(id) !== null || !anotherAccount(this.accountOf.get(id)?.account, own)) return null;
    return ownAccountId(id, own);
  }

  /** A row (INSERT OR IGNORE: one another import added meanwhile is not added twice); `c` null: unclassified. */
  readonly add = (t: RowTable, i: number, planned: string, c: Classified | null): void => {
    if (this.pending.length >= DETAILS_CHUNK) this.writeDetails();
    const other = sameBookingId(planned);
    if (other !== null && this.there.get(other)) return;
    const date = t.date(i);
    const description = t.descriptionOf(i);
    const insert = (id: string) =>
      c === null
        ? this.insert.run(date, description, t.amount(i), t.currencyOf(i), plainMerchant(t, i), UNCATEGORISED, "unclassified", 0, id, t.accountOf(i))
        : this.insert.run(date, description, t.amount(i), t.currencyOf(i), c.merchant, c.category, c.source, c.confidence, id, t.accountOf(i));
    let id = planned;
    let ran = insert(id);
    const own = ran.changes === 0 ? this.ownAccountIdFor(t, i, id) : null;
    if (own !== null) ran = insert((id = own));
    if (ran.changes === 0) return;
    this.pending.push({ t, i, id });
    this.rowids.push(Number(ran.lastInsertRowid));
    if (c === null) this.bySource.unclassified++;
    else {
      this.bySource[c.source]++;
      if (c.source === "llm") this.usedKeys.add(pipelineMerchantKey(description));
      if (c.rule !== undefined) this.ruleHits.set(c.rule, (this.ruleHits.get(c.rule) ?? 0) + 1);
    }
    if (this.first === null || date < this.first) this.first = date;
    if (this.last === null || date > this.last) this.last = date;
  };

  /** The details of the rows added since the last call. */
  writeDetails(): void {
    for (const d of this.pending) this.details.write(d.t, d.i, d.id);
    this.pending = [];
  }

  /** The rest of the import, once every row is added; `inserted: 0` when every row was there already (nothing else written: the caller rolls back). */
  finish(): BatchResult {
    this.writeDetails();
    const { db, facts } = this;
    const inserted = this.rowids.length;
    const result = { batch: facts.batch as string | null, inserted, bySource: this.bySource, firstDate: this.first, lastDate: this.last };
    if (inserted === 0) return { ...result, journal: { changes: [], count: 0 } };
    let written = inserted + storeCheckedBalances(db, facts) + addRuleHits(db, this.ruleHits);
    // As the pipeline does after asking its model: the answer is cached under the merchant key.
    const upsert = db.prepare(PIPELINE_CACHE_UPSERT);
    for (const key of this.usedKeys) {
      const c = facts.learned.get(key);
      if (c) written += upsert.run(key, c.merchant, c.category, c.confidence, "llm", facts.at, facts.at).changes;
    }
    written += db.prepare("INSERT INTO import_log (filename, row_count, imported_at) VALUES (?, ?, ?)").run(facts.file, inserted, facts.at).changes;
    return { ...result, journal: { changes: insertedSample(db, "transactions", this.rowids), count: written } };
  }
}

/**
 * Rows of a statement on their way to the write worker: a range of its rows as plain columns, which of them
 * to insert (`take`: indexes into the range), with their ids and classes (null: unclassified).
 */
export type RowsPart = { chunk: RowChunk; take: number[]; ids: string[]; classes: (Classified | null)[] };

/** Rows of a part: at most this many in one range (a few tens of milliseconds of inserts in the worker). */
const PART_ROWS = 5000;

/** The parts of `rows` (indexes into `table`, ascending), each made when the write worker asks for it. */
export async function* rowsParts(table: RowTable, rows: readonly number[], ids: readonly string[], classes: readonly (Classified | undefined)[]): AsyncGenerator<RowsPart> {
  for (let k = 0; k < rows.length; ) {
    const from = rows[k]!;
    const take: number[] = [];
    const partIds: string[] = [];
    const partClasses: (Classified | null)[] = [];
    for (; k < rows.length && rows[k]! < from + PART_ROWS; k++) {
      const i = rows[k]!;
      take.push(i - from);
      partIds.push(ids[i]!);
      partClasses.push(classes[i] ?? null);
    }
    yield { chunk: table.toChunk(from, from + take.at(-1)! + 1), take, ids: partIds, classes: partClasses };
  }
}

/** The write worker's job "import": an import's rows, fed in parts, and the rest (BatchWrite). */
export async function importJob(db: Database, facts: BatchFacts, parts: AsyncIterable<unknown>): Promise<BatchResult> {
  const write = new BatchWrite(db, facts);
  // A part comes as it is, or (a preview's rows, staged in the parse worker and passed on by the server unread) as its JSON text.
  for await (const raw of parts as AsyncIterable<RowsPart | string>) {
    const p: RowsPart = typeof raw === "string" ? JSON.parse(raw) : raw;
    const t = new RowTable();
    t.appendChunk(p.chunk);
    p.take.forEach((i, k) => write.add(t, i, p.ids[k]!, p.classes[k] ?? null));
    write.writeDetails();
  }
  return write.finish();
}

/**
 * What an undo names: the batch, its import_log row (its file and exact time), and whether the user
 * agreed to delete rows edited by hand since the import too.
 */
export type UndoFacts = { batch: string; file: string; importedAt: string; includingEdited: boolean };

/** A row of a batch the user edited by hand since it was imported (its category or merchant: `source = 'manual'`), as an undo names it. */
export type EditedRow = { id: number; date: string; amount: number; currency: string; merchant: string | null; category: string | null };

/** What an undo did: `deleted: 0` when it deleted nothing; `edited`: the batch's rows edited by hand (at most EDITED_NAMED of them) and their number. */
export type UndoOutcome = { batch: string; deleted: number; edited: { count: number; rows: EditedRow[] } };

/** Rows edited since the import that a refused undo names (their number is always given). */
const EDITED_NAMED = 5;

/**
 * The write worker's job "import_undo": exactly one batch's rows, their details and balances, and its
 * import_log row, deleted. `deleted: 0` when none of its rows is there, or when some were edited by hand
 * since and the user did not agree to lose those edits (nothing else deleted: the caller refuses, which
 * rolls back). The edited rows are looked for here, inside the write's transaction, so no edit can come
 * between the check and the delete.
 */
export function undoJob(db: Database, facts: UndoFacts): UndoOutcome {
  const { batch } = facts;
  const count = (db.query("SELECT count(*) AS n FROM transactions WHERE import_batch = ? AND source = 'manual'").get(batch) as { n: number }).n;
  const edited = {
    count,
    rows: count
      ? (db
          .query(
            `SELECT id, date, amount, currency, merchant_name AS merchant, category FROM transactions
             WHERE import_batch = ? AND source = 'manual' ORDER BY id LIMIT ${EDITED_NAMED}`,
          )
          .all(batch) as EditedRow[])
      : [],
  };
  if (count && !facts.includingEdited) return { batch, deleted: 0, edited };
  const ids: number[] = [];
  const keys: string[] = [];
  for (const r of db.query("SELECT id, transaction_id FROM transactions WHERE import_batch = ?").iterate(batch) as IterableIterator<{ id: number; transaction_id: string | null }>) {
    ids.push(r.id);
    if (r.transaction_id !== null) keys.push(r.transaction_id);
  }
  if (ids.length === 0) return { batch, deleted: 0, edited };
  deleteImportFacts(db, batch, keys);
  const remove = db.prepare("DELETE FROM transactions WHERE id IN (SELECT value FROM json_each(?))");
  let deleted = 0;
  for (let k = 0; k < ids.length; k += DELETE_CHUNK) deleted += remove.run(JSON.stringify(ids.slice(k, k + DELETE_CHUNK))).changes;
  // The pipeline's import_log names the file and the time; this batch's row is the one with its exact time.
  db.prepare("DELETE FROM import_log WHERE filename = ? AND imported_at = ?").run(facts.file, facts.importedAt);
  return { batch, deleted, edited };
}

/** A text as an SQL string literal (what is the same for every row of an import, written into its statements; a NUL, which would end the statement's text, as char(0)). */
const sqlText = (s: string) => s.split("\0").map((part) => `'${part.replaceAll("'", "''")}'`).join(" || char(0) || ");

/**
 * Writes a row's transaction_details (SPEC §10.1): its facts and where it came from (file, checksum, line). The
 * statement names only the facts its rows' table has a column of (most statements have few, a plain CSV none),
 * one statement per such set of facts.
 */
class DetailsWriter {
  private readonly statements = new Map<string, { insert: Statement; keys: FactKey[]; values: unknown[] }>();
  /** The statement of the table written last (the rows of one table come one after another). */
  private last: { t: RowTable; s: { insert: Statement; keys: FactKey[]; values: unknown[] } } | null = null;

  constructor(
    private readonly db: Database,
    private readonly source: { file: string; sha256: string },
  ) {}

  write(t: RowTable, i: number, id: string): void {
    const s = this.last?.t === t ? this.last.s : this.statementFor(t);
    const { values } = s;
    values[0] = id;
    for (let k = 0; k < s.keys.length; k++) values[k + 1] = t.factOf(i, s.keys[k]!) ?? null;
    values[s.keys.length + 1] = t.lineOf(i);
    s.insert.run(...(values as never[]));
  }

  private statementFor(t: RowTable): { insert: Statement; keys: FactKey[]; values: unknown[] } {
    const keys = t.factKeys();
    const signature = keys.join(",");
    let s = this.statements.get(signature);
    if (!s) {
      const insert = this.db.prepare(
        `INSERT OR REPLACE INTO transaction_details (transaction_id, ${keys.map((k) => `${FACT_COLUMNS[k]}, `).join("")}source_file, source_sha256, source_line)
         VALUES (?, ${keys.map(() => "?, ").join("")}${sqlText(this.source.file)}, ${sqlText(this.source.sha256)}, ?)`,
      );
      this.statements.set(signature, (s = { insert, keys, values: new Array(keys.length + 2) }));
    }
    this.last = { t, s };
    return s;
  }
}

/** The statement's checked balances (status ok) into account_balances, for data_coverage and the next statement's check. */
function storeCheckedBalances(db: Database, source: Pick<BatchFacts, "file" | "account" | "reconciliation" | "batch">): number {
  const insert = db.prepare(
    `INSERT INTO account_balances (account, currency, date, balance, source_file, opening_date, opening_balance, entries, import_batch)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  let stored = 0;
  for (const r of source.reconciliation) {
    if (r.status !== "ok" || r.closing === null || r.closingDate === null) continue;
    stored += insert.run(r.account ?? source.account, r.currency, r.closingDate, r.closing, source.file, r.openingDate, r.opening, r.entries, source.batch).changes;
  }
  return stored;
}

/** An import's details (by its rows' transaction ids, DELETE_CHUNK a statement) and balances go with its rows. */
function deleteImportFacts(db: Database, batch: string, transactionIds: readonly string[]): void {
  const has = (t: string) => db.query("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?").get(t) !== null;
  if (has("transaction_details")) {
    const remove = db.prepare("DELETE FROM transaction_details WHERE transaction_id IN (SELECT value FROM json_each(?))");
    for (let k = 0; k < transactionIds.length; k += DELETE_CHUNK) remove.run(JSON.stringify(transactionIds.slice(k, k + DELETE_CHUNK)));
  }
  if (has("account_balances")) db.prepare("DELETE FROM account_balances WHERE import_batch = ?").run(batch);
}
