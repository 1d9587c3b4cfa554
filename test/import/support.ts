/** Shared set-up for the import tests: a temporary budget.db path, an in-memory app database, an Importer. */
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PIPELINE_DDL } from "../../src/ledger/pipeline.ts";
import { Importer, type ParsedFile } from "../../src/import/importer.ts";
import type { ModelClassifier } from "../../src/import/classify.ts";
import { RowTable } from "../../src/import/formats/row-table.ts";
import type { ParsedRow } from "../../src/import/formats/types.ts";
import { assignTransactionIds } from "../../src/import/ids.ts";
import { Store } from "../../src/store/store.ts";
import { afterEach, beforeEach } from "bun:test";

export const NOW = new Date("2026-11-24T10:00:00.000Z");
export const NOW_TS = "2026-11-24T10:00:00+00:00";

export function tempDir(): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), "bc-import-"));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A temporary folder for each test, with where its budget.db and chat.db go; removed after the test. */
export function databasesPerTest(): { readonly dir: string; readonly db: string; readonly chatDb: string } {
  let tmp: ReturnType<typeof tempDir> | null = null;
  beforeEach(() => {
    tmp = tempDir();
  });
  afterEach(() => tmp?.cleanup());
  return {
    get dir() {
      return tmp!.dir;
    },
    get db() {
      return join(tmp!.dir, "budget.db");
    },
    get chatDb() {
      return join(tmp!.dir, "chat.db");
    },
  };
}

export function makeImporter(target: string, opts: { model?: ModelClassifier | null; store?: Store; now?: () => Date; notSpending?: readonly string[] } = {}) {
  const store = opts.store ?? Store.memory();
  const importer = new Importer({ target, store, model: opts.model ?? null, now: opts.now ?? (() => NOW), notSpending: opts.notSpending });
  return { importer, store };
}

export function row(p: Partial<ParsedRow> & Pick<ParsedRow, "date" | "amount" | "description">): ParsedRow {
  return { line: 1, currency: "CHF", reference: null, account: null, idText: p.description, facts: {}, ...p };
}

/** A parsed file of these rows (lines 2, 3, … unless given), with their transaction ids, as a reader and the parse step make it. */
export function parsed(file: string, rows: ParsedRow[], extra: Partial<Omit<ParsedFile, "rows">> = {}): ParsedFile {
  const table = new RowTable();
  rows.forEach((r, i) => table.add({ ...r, line: r.line === 1 ? i + 2 : r.line }));
  const account = extra.account ?? null;
  return {
    file,
    format: "csv",
    layout: null,
    account,
    rows: table,
    badRows: [],
    skipped: [],
    reconciliation: [],
    dataLines: rows.length,
    notes: [],
    invertedByBalance: false,
    sha256: "0".repeat(64),
    bytes: 1000,
    ids: assignTransactionIds(table, account),
    ...extra,
  };
}

/** A database as the pipeline makes it, with its own rows (ids like UBS "Transaction no."). */
export function pipelineDb(path: string, rows: { date: string; raw: string; amount: number; merchant: string; category: string; id: string }[]): void {
  const db = new Database(path, { create: true });
  db.run(PIPELINE_DDL);
  const insert = db.prepare(
    "INSERT INTO transactions (date, raw_description, amount, currency, merchant_name, category, source, confidence, transaction_id, import_batch, created_at) VALUES (?, ?, ?, 'CHF', ?, ?, 'llm', 0.9, ?, 'ubs.csv', '2026-01-01T00:00:00+00:00')",
  );
  for (const r of rows) insert.run(r.date, r.raw, r.amount, r.merchant, r.category, r.id);
  db.close();
}

export function allRows(path: string): Record<string, unknown>[] {
  const db = new Database(path, { readonly: true });
  try {
    return db.query("SELECT * FROM transactions ORDER BY id").all() as Record<string, unknown>[];
  } finally {
    db.close();
  }
}
