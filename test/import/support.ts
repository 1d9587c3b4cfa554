/** Shared set-up for the import tests: a temporary budget.db path, an in-memory app database, an Importer. */
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PIPELINE_DDL } from "../../src/ledger/pipeline.ts";
import { Importer, type ParsedFile } from "../../src/import/importer.ts";
import type { ModelClassifier } from "../../src/import/classify.ts";
import type { ParsedRow } from "../../src/import/formats/types.ts";
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

export function makeImporter(target: string, opts: { model?: ModelClassifier | null; store?: Store; now?: () => Date } = {}) {
  const store = opts.store ?? Store.memory();
  const importer = new Importer({ target, store, model: opts.model ?? null, now: opts.now ?? (() => NOW) });
  return { importer, store };
}

export function row(p: Partial<ParsedRow> & Pick<ParsedRow, "date" | "amount" | "description">): ParsedRow {
  return { line: 1, currency: "CHF", reference: null, account: null, ...p };
}

export function parsed(file: string, rows: ParsedRow[], extra: Partial<ParsedFile> = {}): ParsedFile {
  return { file, format: "csv", account: null, rows: rows.map((r, i) => ({ ...r, line: r.line === 1 ? i + 2 : r.line })), badRows: [], ...extra };
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
