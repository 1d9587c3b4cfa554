/**
 * The server's side of the parse worker (parse-worker.ts): one worker, started on first use and
 * not keeping the process alive; requests queue in it. The file's bytes are transferred, not
 * copied; the rows come back in column chunks appended to one RowTable, so the event loop only
 * ever handles a few milliseconds of work at a time while a 50 MB statement is read.
 */
import { ImportInputError } from "../core/errors.ts";
import type { ParseOptions } from "./formats/index.ts";
import { RowTable, type RowChunk } from "./formats/row-table.ts";
import type { Statement } from "./formats/types.ts";

export type ParseRequest = { id: number; bytes: ArrayBuffer; options: ParseOptions };
export type ParseReply =
  | { id: number; kind: "rows"; chunk: RowChunk; ids: string[] }
  | { id: number; kind: "done"; statement: Omit<Statement, "rows">; sha256: string }
  | { id: number; kind: "error"; input: boolean; message: string };

export type ParsedInWorker = { statement: Statement; ids: string[]; sha256: string };

type Pending = { rows: RowTable; ids: string[]; resolve(r: ParsedInWorker): void; reject(e: Error): void };

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

function failAll(e: Error): void {
  for (const p of pending.values()) p.reject(e);
  pending.clear();
  worker?.terminate();
  worker = null;
}

/**
 * Where the worker is. Under `bun run`, next to this module. In the compiled binary the worker is
 * an entry point of its own (package.json's build, scripts/release.ts), kept at its path below the
 * entry points' common folder (src/), and every module's import.meta.dir is that folder's place in
 * the binary: so `import/parse-worker.ts` there (test/binary.test.ts reads a statement through it).
 */
const WORKER_URL = /\$bunfs|~BUN/.test(import.meta.url) ? `${import.meta.dir}/import/parse-worker.ts` : new URL("./parse-worker.ts", import.meta.url).href;

function theWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(WORKER_URL);
  // Bun's Worker: an idle worker does not keep the process (a CLI command, a test) alive.
  (w as unknown as { unref(): void }).unref();
  w.onmessage = (event: MessageEvent<ParseReply>) => {
    const reply = event.data;
    const p = pending.get(reply.id);
    if (!p) return;
    if (reply.kind === "rows") {
      p.rows.appendChunk(reply.chunk);
      for (const id of reply.ids) p.ids.push(id);
      return;
    }
    pending.delete(reply.id);
    if (reply.kind === "error") p.reject(reply.input ? new ImportInputError(reply.message) : new Error(`the statement reader failed: ${reply.message}`));
    else p.resolve({ statement: { ...reply.statement, rows: p.rows }, ids: p.ids, sha256: reply.sha256 });
  };
  // A worker that cannot start (or dies) must not leave a request waiting forever.
  w.addEventListener("error", (event) => failAll(new Error(`the parse worker failed: ${(event as ErrorEvent).message ?? "unknown error"}`)));
  w.addEventListener("close", () => {
    if (pending.size) failAll(new Error("the parse worker stopped"));
    worker = null;
  });
  worker = w;
  return w;
}

/** Read a statement in the worker. The bytes are handed over (the caller's array is empty afterwards). */
export function parseInWorker(bytes: Uint8Array, options: ParseOptions): Promise<ParsedInWorker> {
  const w = theWorker();
  const id = nextId++;
  // A view on part of a larger buffer is copied out; a whole buffer is transferred as it is.
  const buffer = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? (bytes.buffer as ArrayBuffer) : bytes.slice().buffer;
  return new Promise((resolve, reject) => {
    pending.set(id, { rows: new RowTable(), ids: [], resolve, reject });
    w.postMessage({ id, bytes: buffer, options } satisfies ParseRequest, [buffer]);
  });
}
