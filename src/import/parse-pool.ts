/**
 * The server's side of the parse worker (parse-worker.ts): one worker, started on first use and
 * not keeping the process alive; requests queue in it. An uploaded statement's bytes (shared memory:
 * `HeldBytes`) go to the worker with its first preview; it keeps the decoded text under the file's id
 * for the preview's life (`dropInWorker` lets it go), so the server holds no copy. A preview comes back
 * whole (preview.ts); the rows an import inserts come back in column chunks appended to one RowTable,
 * at most two chunks on their way at once (the worker waits on a shared counter), so the event loop
 * handles a few milliseconds of work at a time. A ZIP of statements is unpacked there too (`unpackInWorker`).
 */
import { ChangeRefused, ImportInputError, NeedsColumnMapping } from "../core/errors.ts";
import type { ParseOptions } from "./formats/index.ts";
import { RowTable, type RowChunk } from "./formats/row-table.ts";
import type { PreviewRequest, StatementPreview } from "./preview.ts";
import type { CsvMappingView } from "./user-layouts.ts";
import type { StatementFacts } from "./walk.ts";
import { isZip } from "./formats/zip.ts";

/** A statement's bytes: a range of shared memory (an upload's body, src/web/multipart.ts), which the worker reads in place. */
export type HeldBytes = { buffer: SharedArrayBuffer; offset: number; length: number };

/** The bytes as an array (no copy). */
export const viewOf = (b: HeldBytes) => new Uint8Array(b.buffer, b.offset, b.length);

/** The rows an import inserts: `keep` is the preview's status per row (0 new, 2 possible duplicate), `include` the possible duplicates to insert too. */
export type RowsRequest = {
  options: ParseOptions;
  facts: Pick<StatementFacts, "account" | "format" | "invertedByBalance">;
  keep: Uint8Array;
  include: true | string[];
};

/** A file the worker holds, by id; its bytes come with the first request about it. */
export type WorkerFile = { id: string; bytes?: HeldBytes };

export type WorkerRequest =
  | { id: number; kind: "preview"; file: WorkerFile; request: PreviewRequest }
  /** `consumed`: one Int32 the server counts the chunks it has taken up in (the worker's backpressure). */
  | ({ id: number; kind: "rows"; file: WorkerFile; consumed: SharedArrayBuffer } & RowsRequest)
  /** A file that is a ZIP of statements: its statement files come back (zip.ts), each in shared memory of its own. */
  | { id: number; kind: "unpack"; name: string; bytes: HeldBytes }
  | { kind: "drop"; fileId: string };

export type WorkerReply =
  | { id: number; kind: "preview"; preview: StatementPreview; mapping: CsvMappingView | null }
  | { id: number; kind: "rows"; chunk: RowChunk; ids: string[] }
  | { id: number; kind: "done"; read: number }
  | { id: number; kind: "files"; files: { name: string; bytes: HeldBytes }[] }
  /**
   * `input`: the file's fault (ImportInputError), `mapping` when its columns must be named (with what the mapping
   * screen shows), `gone` when the worker no longer holds the file (it was restarted).
   */
  | { id: number; kind: "error"; input: false | "file" | "mapping" | "gone"; message: string; mapping: CsvMappingView | null };

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
      const error =
        reply.input === "mapping"
          ? new ColumnsToName(reply.message, reply.mapping)
          : reply.input === "gone"
            ? new ChangeRefused("expired", "This preview expired; drop the file again.")
            : reply.input
              ? new ImportInputError(reply.message)
              : new Error(`the statement reader failed: ${reply.message}`);
      p.reject(error);
    } else if (reply.kind === "preview") p.resolve({ preview: reply.preview, mapping: reply.mapping } satisfies PreviewReply);
    else if (reply.kind === "files") p.resolve(reply.files);
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

/** Ids for the files the worker holds. */
let nextFileId = 1;
export const newFileId = () => `f${nextFileId++}`;

/**
 * A statement's preview, made in the worker (preview.ts); the first one of a file brings its bytes (the caller lets
 * go of them: the worker keeps the text). Throws ImportInputError for the file's faults, ColumnsToName when its
 * columns must be named, ChangeRefused `expired` when the worker no longer holds the file.
 */
export function previewInWorker(file: WorkerFile, request: PreviewRequest): Promise<PreviewReply> {
  const w = theWorker();
  const id = nextId++;
  // From here on the worker holds the file: this thread lets go of its bytes (the caller's object too), and asks
  // for a collection, so that they are not kept beside the worker's text while it is read.
  const bytes = file.bytes;
  file.bytes = undefined;
  const promise = new Promise<PreviewReply>((resolve, reject) => {
    pending.set(id, { resolve: resolve as (r: unknown) => void, reject });
    w.postMessage({ id, kind: "preview", file: { id: file.id, bytes }, request } satisfies WorkerRequest);
  });
  if (bytes) Bun.gc(false);
  return promise;
}

/** The rows an import of a preview inserts, read again in the worker, with their transaction ids; `read`: every row the file gave. */
export function rowsInWorker(file: WorkerFile, request: RowsRequest): Promise<RowsReply> {
  const w = theWorker();
  const id = nextId++;
  const consumed = new SharedArrayBuffer(4);
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve: resolve as (r: unknown) => void, reject, rows: new RowTable(), ids: [], consumed: new Int32Array(consumed) });
    w.postMessage({ id, kind: "rows", file, consumed, ...request } satisfies WorkerRequest);
  });
}

/** The worker lets a file's text go (its preview was imported, let go or expired). */
export function dropInWorker(fileId: string): void {
  worker?.postMessage({ kind: "drop", fileId } satisfies WorkerRequest);
}

/**
 * The statement files an upload stands for (a ZIP's members, else the file itself), unpacked in the worker: inflating
 * 50 MB takes longer than a page may wait (SPEC §13.1). A file that is no ZIP comes back as it was, without a trip.
 */
export function unpackInWorker(file: { name: string; bytes: HeldBytes }): Promise<{ name: string; bytes: HeldBytes }[]> {
  if (!isZip(viewOf(file.bytes))) return Promise.resolve([file]);
  const w = theWorker();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve: resolve as (r: unknown) => void, reject });
    w.postMessage({ id, kind: "unpack", name: file.name, bytes: file.bytes } satisfies WorkerRequest);
  });
}
