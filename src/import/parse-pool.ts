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
import type { Classified, ModelItem } from "./classify.ts";
import type { PreviewRequest, StatementPreview } from "./preview.ts";
import type { CsvMappingView } from "./user-layouts.ts";
import type { StatementFacts } from "./walk.ts";
import { isZip } from "./formats/zip.ts";

/** A statement's bytes: a range of shared memory (an upload's body, src/web/multipart.ts), which the worker reads in place. */
export type HeldBytes = { buffer: SharedArrayBuffer; offset: number; length: number };

/** The bytes as an array (no copy). */
export const viewOf = (b: HeldBytes) => new Uint8Array(b.buffer, b.offset, b.length);

/**
 * The rows an import of a preview inserts, staged in the worker: `keep` is the preview's status per row (0 new, 2 possible
 * duplicate), `include` the possible duplicates to insert too; `target` the budget.db they are classified against
 * (the user's rules, merchant cache, card rules), `withModel` whether the merchants left are for the model.
 */
export type StageRequest = {
  options: ParseOptions;
  facts: Pick<StatementFacts, "account" | "format" | "invertedByBalance">;
  keep: Uint8Array;
  include: true | string[];
  target: string;
  withModel: boolean;
  /** The not-spending categories as configured (SPEC §1): a card's payments go to their transfer category. */
  notSpending: readonly string[];
};

/** What staging found: the rows to insert, every row the file gave (`read`), and the merchants left for the model. */
export type Staged = { rows: number; read: number; items: ModelItem[] };

/** A file the worker holds, by id; its bytes come with the first request about it. */
export type WorkerFile = { id: string; bytes?: HeldBytes };

export type WorkerRequest =
  | { id: number; kind: "preview"; file: WorkerFile; request: PreviewRequest }
  | ({ id: number; kind: "stage"; file: WorkerFile } & StageRequest)
  /**
   * The staged rows in parts for the write worker, classified (the model's `answers` by merchant key added); `flow`: two
   * Int32s, the parts the server has taken up (the worker's backpressure) and, set to 1, that it wants no more.
   */
  | { id: number; kind: "parts"; fileId: string; answers: [string, Classified][]; flow: SharedArrayBuffer }
  /** A file that is a ZIP of statements: its statement files come back (zip.ts), each in shared memory of its own. */
  | { id: number; kind: "unpack"; name: string; bytes: HeldBytes }
  | { kind: "drop"; fileId: string }
  /** The staged rows of a file go (its import wrote them, or failed). */
  | { kind: "unstage"; fileId: string };

export type WorkerReply =
  | { id: number; kind: "preview"; preview: StatementPreview; mapping: CsvMappingView | null }
  | ({ id: number; kind: "staged" } & Staged)
  /** A part of the rows, as its JSON text (RowsPart): the server hands it on to the write worker without reading it. */
  | { id: number; kind: "part"; part: string }
  | { id: number; kind: "done" }
  | { id: number; kind: "files"; files: { name: string; bytes: HeldBytes }[] }
  /**
   * `input`: the file's fault (ImportInputError), `mapping` when its columns must be named (with what the mapping
   * screen shows), `gone` when the worker no longer holds the file (it was restarted).
   */
  | { id: number; kind: "error"; input: false | "file" | "mapping" | "gone"; message: string; mapping: CsvMappingView | null; signs: boolean };

/**
 * A CSV whose columns must be named, with its first rows and the roles proposed for them (null: no table to show);
 * `signs`: what is asked is the amounts' sign (SignsInDoubt), the columns themselves were found.
 */
export class ColumnsToName extends NeedsColumnMapping {
  constructor(
    message: string,
    readonly mapping: CsvMappingView | null,
    readonly signs = false,
  ) {
    super(message);
  }
}

export type PreviewReply = { preview: StatementPreview; mapping: CsvMappingView | null };
type Pending = { resolve(r: unknown): void; reject(e: Error): void; part?: (part: string) => void };

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
    if (reply.kind === "part") return p.part!(reply.part);
    pending.delete(reply.id);
    if (reply.kind === "error") {
      const error =
        reply.input === "mapping"
          ? new ColumnsToName(reply.message, reply.mapping, reply.signs)
          : reply.input === "gone"
            ? new ChangeRefused("expired", "This preview expired; drop the file again.")
            : reply.input
              ? new ImportInputError(reply.message)
              : new Error(`the statement reader failed: ${reply.message}`);
      p.reject(error);
    } else if (reply.kind === "preview") p.resolve({ preview: reply.preview, mapping: reply.mapping } satisfies PreviewReply);
    else if (reply.kind === "files") p.resolve(reply.files);
    else if (reply.kind === "staged") p.resolve({ rows: reply.rows, read: reply.read, items: reply.items } satisfies Staged);
    else p.resolve(undefined);
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

/**
 * The rows an import of a preview inserts, read again in the worker and kept there (not on this thread: a million rows
 * held here would make its garbage collections long), classified as far as the steps before the model go.
 */
export function stageInWorker(file: WorkerFile, request: StageRequest): Promise<Staged> {
  const w = theWorker();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve: resolve as (r: unknown) => void, reject });
    w.postMessage({ id, kind: "stage", file, ...request } satisfies WorkerRequest);
  });
}

/**
 * A file's staged rows in parts for the write worker (importJob), each the JSON text of a RowsPart, which this thread
 * passes on unread; `answers`: the model's, by merchant key. The worker sends at most PARTS_AHEAD parts before they are
 * taken; stopping early (the write failed) tells it to stop.
 */
export async function* stagedParts(fileId: string, answers: ReadonlyMap<string, Classified>): AsyncGenerator<string> {
  const w = theWorker();
  const id = nextId++;
  const flow = new Int32Array(new SharedArrayBuffer(8));
  const parts: string[] = [];
  let wake: (() => void) | null = null;
  let end: { error: Error | null } | null = null;
  const stir = () => {
    wake?.();
    wake = null;
  };
  pending.set(id, {
    resolve: () => ((end = { error: null }), stir()),
    reject: (error) => ((end = { error }), stir()),
    part: (part) => (parts.push(part), stir()),
  });
  w.postMessage({ id, kind: "parts", fileId, answers: [...answers], flow: flow.buffer as SharedArrayBuffer } satisfies WorkerRequest);
  try {
    for (;;) {
      const part = parts.shift();
      if (part !== undefined) {
        // Taken up: the worker may send the next one.
        Atomics.add(flow, 0, 1);
        Atomics.notify(flow, 0);
        yield part;
        continue;
      }
      const ended = end as { error: Error | null } | null;
      if (ended) {
        if (ended.error) throw ended.error;
        return;
      }
      await new Promise<void>((r) => (wake = r));
    }
  } finally {
    Atomics.store(flow, 1, 1);
    Atomics.notify(flow, 0);
    pending.delete(id);
  }
}

/** The worker lets a file's staged rows go. */
export function unstageInWorker(fileId: string): void {
  worker?.postMessage({ kind: "unstage", fileId } satisfies WorkerRequest);
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
