/**
 * The server's side of the parse worker (parse-worker.ts): one worker, started on first use and
 * not keeping the process alive; requests queue in it. A statement's bytes live in shared memory
 * (`HeldBytes`): the server keeps them for the preview's life, the worker reads them without a copy.
 * A preview comes back whole (preview.ts); the rows an import inserts come back in column chunks
 * appended to one RowTable, at most two chunks on their way at once (the worker waits on a shared
 * counter), so the event loop handles a few milliseconds of work at a time.
 */
import { ImportInputError, NeedsColumnMapping } from "../core/errors.ts";
import type { ParseOptions } from "./formats/index.ts";
import { RowTable, type RowChunk } from "./formats/row-table.ts";
import type { PreviewRequest, StatementPreview } from "./preview.ts";
import type { CsvMappingView } from "./user-layouts.ts";
import type { StatementFacts } from "./walk.ts";

/** A statement's bytes in shared memory (the worker reads them in place). */
export type HeldBytes = SharedArrayBuffer;

/** The bytes of an uploaded file into shared memory, a slice at a time (a 50 MB copy in one go would hold up the event loop). */
export async function holdBytes(file: Blob): Promise<HeldBytes> {
  const held = new SharedArrayBuffer(file.size);
  const view = new Uint8Array(held);
  const SLICE = 4 * 1024 * 1024;
  for (let at = 0; at < file.size; at += SLICE) view.set(await file.slice(at, at + SLICE).bytes(), at);
  return held;
}

/** The rows an import inserts: `keep` is the preview's status per row (0 new, 2 possible duplicate), `include` the possible duplicates to insert too. */
export type RowsRequest = {
  options: ParseOptions;
  facts: Pick<StatementFacts, "account" | "format" | "invertedByBalance">;
  keep: Uint8Array;
  include: true | string[];
};

export type WorkerRequest =
  | { id: number; kind: "preview"; bytes: HeldBytes; request: PreviewRequest }
  /** `consumed`: one Int32 the server counts the chunks it has taken up in (the worker's backpressure). */
  | ({ id: number; kind: "rows"; bytes: HeldBytes; consumed: SharedArrayBuffer } & RowsRequest);

export type WorkerReply =
  | { id: number; kind: "preview"; preview: StatementPreview; mapping: CsvMappingView | null }
  | { id: number; kind: "rows"; chunk: RowChunk; ids: string[] }
  | { id: number; kind: "done"; read: number }
  /** `input`: the file's fault (ImportInputError), `mapping` when its columns must be named (with what the mapping screen shows). */
  | { id: number; kind: "error"; input: false | "file" | "mapping"; message: string; mapping: CsvMappingView | null };

/** A CSV whose columns must be named, with its first rows and the roles proposed for them (null: no table to show). */
export class ColumnsToName extends NeedsColumnMapping {
  constructor(
    message: string,
    readonly mapping: CsvMappingView | null,
  ) {
    super(message);
  }
}

export type PreviewReply = { preview: StatementPreview; mapping: CsvMappingView | null };
export type RowsReply = { rows: RowTable; ids: string[]; read: number };

type Pending = { resolve(r: unknown): void; reject(e: Error): void; rows?: RowTable; ids?: string[]; consumed?: Int32Array };

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
  w.onmessage = (event: MessageEvent<WorkerReply>) => {
    const reply = event.data;
    const p = pending.get(reply.id);
    if (!p) return;
    if (reply.kind === "rows") {
      p.rows!.appendChunk(reply.chunk);
      for (const id of reply.ids) p.ids!.push(id);
      // Taken up: the worker may send the next one (it waits when two are still on their way).
      Atomics.add(p.consumed!, 0, 1);
      Atomics.notify(p.consumed!, 0);
      return;
    }
    pending.delete(reply.id);
    if (reply.kind === "error") {
      p.reject(reply.input === "mapping" ? new ColumnsToName(reply.message, reply.mapping) : reply.input ? new ImportInputError(reply.message) : new Error(`the statement reader failed: ${reply.message}`));
    } else if (reply.kind === "preview") p.resolve({ preview: reply.preview, mapping: reply.mapping } satisfies PreviewReply);
    else p.resolve({ rows: p.rows!, ids: p.ids!, read: reply.read } satisfies RowsReply);
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

/** A statement's preview, made in the worker (preview.ts). Throws ImportInputError for the file's faults, ColumnsToName when its columns must be named. */
export function previewInWorker(bytes: HeldBytes, request: PreviewRequest): Promise<PreviewReply> {
  const w = theWorker();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve: resolve as (r: unknown) => void, reject });
    w.postMessage({ id, kind: "preview", bytes, request } satisfies WorkerRequest);
  });
}

/** The rows an import of a preview inserts, read again in the worker, with their transaction ids; `read`: every row the file gave. */
export function rowsInWorker(bytes: HeldBytes, request: RowsRequest): Promise<RowsReply> {
  const w = theWorker();
  const id = nextId++;
  const consumed = new SharedArrayBuffer(4);
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve: resolve as (r: unknown) => void, reject, rows: new RowTable(), ids: [], consumed: new Int32Array(consumed) });
    w.postMessage({ id, kind: "rows", bytes, consumed, ...request } satisfies WorkerRequest);
  });
}
