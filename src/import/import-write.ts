/**
 * An import's one write into budget.db (SPEC §10.1): the rows, their details, the checked balances and the log in one
 * transaction of the write path (BudgetWriter, kind "import"), then, once budget.db holds them, the import's record and
 * its audit entry in chat.db (the write's settlement). The undo's write runs in the same worker.
 */
import type { Database } from "bun:sqlite";
import { resolve } from "node:path";
import { WriteWorker } from "../ledger/write-connections.ts";
import type { BudgetWriter } from "../ledger/write-path.ts";
import { BatchWrite, type BatchFacts, type BatchResult, type RowsPart } from "./batch-write.ts";
import type { ImportActor } from "./record-words.ts";
import { reconciliationJson } from "./reconciliation-words.ts";

/**
 * Where an import's rows are written: in the budget write worker, fed to it in parts (`parts`: the server's imports),
 * or on this thread inside the write (`here`: the command line, where no server waits; Importer's writesOnThisThread).
 * `spill`: SQLite may write pages before COMMIT (BudgetChange.spill): a streamed file's write must, else a million
 * rows' pages would all stay in memory (SPEC §10.1: a 1M-row CSV within 500 MB).
 */
export type RowsToWrite = { parts: AsyncIterable<RowsPart | string> } | { here: (write: BatchWrite, db: Database) => void; spill: boolean };

/**
 * The budget write worker (write-worker.ts), where an import's write and its undo run. Under `bun run`, next to
 * this module; in the compiled binary an entry point of its own below the entry points' common folder (src/), as
 * the parse worker is (parse-pool.ts; test/binary.test.ts imports and undoes a statement through it).
 */
export const importWrites = new WriteWorker(
  /\$bunfs|~BUN/.test(import.meta.url) ? `${import.meta.dir}/import/write-worker.ts` : new URL("./write-worker.ts", import.meta.url).href,
);

/** Thrown when every row of an import turned out to be there already: rolls the empty batch back. */
export class NothingToAdd extends Error {}

/** What an import's write needs of its file (and nothing else: the plan's rows go to the write worker in parts). */
export function batchFacts(
  f: Pick<BatchFacts, "file" | "sha256" | "account" | "reconciliation" | "learned"> & { format: string },
  batch: string,
  at: string,
): BatchFacts & { format: string } {
  return { file: f.file, format: f.format, sha256: f.sha256, account: f.account, reconciliation: f.reconciliation, learned: f.learned, batch, at };
}

/**
 * The one write of an import: its rows, their details, the checked balances, the log (BatchWrite); recorded once
 * committed. See RowsToWrite for where the rows are written.
 */
export function writeImportBatch(writer: BudgetWriter, target: string, facts: BatchFacts & { format: string }, rows: RowsToWrite, actor: ImportActor) {
  const { batch, at } = facts;
  return writer.writeWithReceipt({
    kind: "import",
    userId: actor.userId,
    // The write notes its rows itself (BatchResult.journal): no trigger fires for each of them.
    changes: (r: BatchResult) => r.journal,
    ...("parts" in rows
      ? { job: { worker: importWrites, name: "import", input: facts, parts: rows.parts } }
      : {
          spill: rows.spill,
          apply: (db: Database) => {
            const write = new BatchWrite(db, facts);
            rows.here(write, db);
            return write.finish();
          },
        }),
    // Recorded in chat.db only once budget.db holds the rows (the write path's second phase).
    settle: (r: BatchResult, { snapshot }) => {
      if (r.inserted === 0) throw new NothingToAdd();
      return {
        imported: {
          batch,
          file: facts.file,
          format: facts.format,
          account: facts.account,
          rows: r.inserted,
          firstDate: r.firstDate,
          lastDate: r.lastDate,
          importedAt: at,
          importedBy: actor.by,
          importedVia: actor.via,
          userId: actor.userId,
          dbPath: resolve(target),
          reconciliation: facts.reconciliation.map(reconciliationJson),
        },
        audit: [
          {
            kind: "write",
            userId: actor.userId,
            detail: { import: batch, file: facts.file, format: facts.format, account: facts.account, rows: r.inserted, by_source: r.bySource, via: actor.via, by: actor.by, snapshot },
          },
        ],
      };
    },
  });
}
