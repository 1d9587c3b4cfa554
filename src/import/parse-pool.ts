/**
 * The server's side of the parse worker (parse-worker.ts): one worker, started on first use and
 * not keeping the process alive; requests queue in it. The file's bytes are transferred, not
 * copied; the rows come back in column chunks appended to one RowTable, at most two chunks on
 * their way at once (the worker waits on a shared counter), so the event loop handles a few
 * milliseconds of work at a time while a 50 MB statement is read, and no backlog of chunks piles up.
 */
import { ImportInputError, NeedsColumnMapping } from "../core/errors.ts";
import type { ParseOptions } from "./formats/index.ts";
import { RowTable, type RowChunk } from "./formats/row-table.ts";
import type { Statement } from "./formats/types.ts";
import { isZip, type StatementFile } from "./formats/zip.ts";

/**
 * `consumed`: one Int32 the server counts the chunks it has taken up in (the worker's backpressure). `unpack`: the
 * bytes are a file that may be a ZIP of statements: its statement files come back (zip.ts), nothing is read.
 */
export type ParseRequest = { id: number; bytes: ArrayBuffer; options: ParseOptions; consumed: SharedArrayBuffer; unpack?: string };
export type ParseReply =
  | { id: number; kind: "rows"; chunk: RowChunk }
  | { id: number; kind: "done"; statement: Omit<Statement, "rows">; sha256: string }
  | { id: number; kind: "files"; files: { name: string; bytes: ArrayBuffer }[] }
  /** `input`: the file's fault (ImportInputError), `mapping` when its columns must be named (NeedsColumnMapping). */
  | { id: number; kind: "error"; input: false | "file" | "mapping"; message: string };

export type ParsedInWorker = { statement: Statement; sha256: string };

type Pending = { rows: RowTable; consumed: Int32Array; resolve(r: ParsedInWorker): void; unpacked?(files: StatementFile[]): void; reject(e: Error): void };

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
      // Taken up: the worker may send the next one (it waits when two are still on their way).
      Atomics.add(p.consumed, 0, 1);
      Atomics.notify(p.consumed, 0);
      return;
    }
    pending.delete(reply.id);
    if (reply.kind === "files") p.unpacked?.(reply.files.map((f) => ({ name: f.name, bytes: new Uint8Array(f.bytes) })));
    else if (reply.kind === "error") p.reject(reply.input === "mapping" ? new NeedsColumnMapping(reply.message) : reply.input ? new ImportInputError(reply.message) : new Error(`the statement reader failed: ${reply.message}`));
    else {
      // Rows the reader passed on before its balance column told it their signs were the wrong way round.
      if (reply.statement.invertedByBalance) p.rows.negateAmounts();
      p.resolve({ statement: { ...reply.statement, rows: p.rows }, sha256: reply.sha256 });
    }
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

/** A view on part of a larger buffer is copied out; a whole buffer is transferred as it is. */
const transferable = (bytes: Uint8Array) => (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? (bytes.buffer as ArrayBuffer) : bytes.slice().buffer);

/** Read a statement in the worker. The bytes are handed over (the caller's array is empty afterwards). */
export function parseInWorker(bytes: Uint8Array, options: ParseOptions): Promise<ParsedInWorker> {
  const w = theWorker();
  const id = nextId++;
  const buffer = transferable(bytes);
  const consumed = new SharedArrayBuffer(4);
  return new Promise((resolve, reject) => {
    pending.set(id, { rows: new RowTable(), consumed: new Int32Array(consumed), resolve, reject });
    w.postMessage({ id, bytes: buffer, options, consumed } satisfies ParseRequest, [buffer]);
  });
}

/**
 * The statement files an upload stands for (a ZIP's members, else the file itself), unpacked in the worker: inflating
 * 50 MB takes longer than a page may wait (SPEC §13.1). A file that is no ZIP comes back as it was, without a trip.
 */
export function unpackInWorker(file: StatementFile): Promise<StatementFile[]> {
  if (!isZip(file.bytes)) return Promise.resolve([file]);
  const w = theWorker();
  const id = nextId++;
  const buffer = transferable(file.bytes);
  return new Promise((unpacked, reject) => {
    pending.set(id, { rows: new RowTable(), consumed: new Int32Array(1), resolve: () => {}, unpacked, reject });
    w.postMessage({ id, bytes: buffer, options: { fileName: file.name }, consumed: new SharedArrayBuffer(4), unpack: file.name } satisfies ParseRequest, [buffer]);
  });
}
