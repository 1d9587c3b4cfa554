/**
 * The parse worker (SPEC §13.1: parsers off the event loop). The server's thread holds an uploaded
 * statement's bytes (in shared memory: nothing is copied to get them here) and asks for:
 *   - `preview`: the whole preview (preview.ts) — the file decoded, read twice, checked against
 *     budget.db — sent back as its summary, one status byte per row and the first rows; for a CSV,
 *     what the Import page's mapping screen shows (also when its columns must be named first);
 *   - `rows`: the rows an import of a preview inserts, read again, in column chunks with their
 *     transaction ids, at most two chunks on their way at once (the worker waits on a shared counter),
 *     so the server's event loop handles a few milliseconds of work at a time.
 *
 * This file is a build entry point of its own (package.json's `build`, scripts/release.ts): in
 * the compiled binary a worker is found only when it was bundled as one (STACK_NOTES round 4).
 */
import { ImportInputError, NeedsColumnMapping } from "../core/errors.ts";
import { binaryKind, decodeText } from "./formats/decode.ts";
import { parseText } from "./formats/index.ts";
import { RowTable } from "./formats/row-table.ts";
import { parsedRowIdAssigner } from "./ids.ts";
import type { WorkerReply, WorkerRequest } from "./parse-pool.ts";
import { previewText } from "./preview.ts";
import { mappingView, type CsvMappingView } from "./user-layouts.ts";
import { flipForWalk } from "./walk.ts";

/** Rows per message: each arrives in a few milliseconds, so the server's event loop stays free. */
const CHUNK_ROWS = 5000;
/** Chunks sent but not yet taken up by the server, at most. */
const IN_FLIGHT = 2;

declare const self: Worker;

/** A CSV whose columns must be named, with what the mapping screen shows of it. */
class MappingNeeded extends NeedsColumnMapping {
  constructor(
    message: string,
    readonly mapping: CsvMappingView | null,
  ) {
    super(message);
  }
}

const post = (reply: WorkerReply) => self.postMessage(reply, reply.kind === "preview" ? [reply.preview.status.buffer as ArrayBuffer] : []);

/** The statement's text; what is plainly no statement is refused before decoding. */
function textOf(bytes: Uint8Array, fileName: string): string {
  const kind = binaryKind(bytes);
  if (kind) throw new ImportInputError(`${fileName}: this is ${kind}, not a bank statement`);
  return decodeText(bytes);
}

function preview(req: Extract<WorkerRequest, { kind: "preview" }>): void {
  const bytes = new Uint8Array(req.bytes);
  const name = req.request.fileName;
  const sha256 = Bun.CryptoHasher.hash("sha256", bytes, "hex");
  const text = textOf(bytes, name);
  const flip = req.request.options.flipSigns === true;
  try {
    const p = previewText(text, { sha256, bytes: bytes.length }, req.request);
    const layoutFlip = [req.request.options.layout, ...(req.request.options.userLayouts ?? [])].find((l) => l && l.id === p.columns?.layout)?.flipSigns === true;
    post({ id: req.id, kind: "preview", preview: p, mapping: p.format === "csv" ? mappingView(text, name, p.columns ?? null, flip !== layoutFlip) : null });
  } catch (e) {
    // The columns must be named: the mapping screen shows the file's first rows with the roles proposed for them.
    if (e instanceof NeedsColumnMapping) throw new MappingNeeded(e.message, mappingView(text, name, null, flip));
    throw e;
  }
}

function rows(req: Extract<WorkerRequest, { kind: "rows" }>): void {
  const { id, facts, keep, include } = req;
  const consumed = new Int32Array(req.consumed);
  const ticked = include === true ? null : new Set(include);
  const nextId = parsedRowIdAssigner(facts.account);
  let sent = 0;
  let read = 0;
  let chunk = new RowTable();
  let ids: string[] = [];
  const flush = () => {
    if (!chunk.length) return;
    // Backpressure: wait (this thread only) until the server has taken up all but IN_FLIGHT chunks.
    for (let seen = Atomics.load(consumed, 0); sent - seen >= IN_FLIGHT; seen = Atomics.load(consumed, 0)) Atomics.wait(consumed, 0, seen, 1000);
    post({ id, kind: "rows", chunk: chunk.toChunk(0, chunk.length), ids });
    sent++;
    chunk = new RowTable();
    ids = [];
    // What this thread made for those rows is garbage now; collected as it goes, it never piles up.
    if (sent % 10 === 0) Bun.gc(true);
  };
  // Ids are given to every row in the file's order (a repeated row's "#k" counts them all); only the rows to insert go back.
  parseText(textOf(new Uint8Array(req.bytes), req.options.fileName), {
    ...req.options,
    flipSigns: flipForWalk(req.options, facts),
    sink: {
      add(r) {
        const index = read++;
        const tid = nextId(r);
        const s = keep[index];
        if (s !== 0 && !(s === 2 && (ticked === null || ticked.has(tid)))) return;
        chunk.add(r);
        ids.push(tid);
        if (chunk.length >= CHUNK_ROWS) flush();
      },
    },
  });
  flush();
  post({ id, kind: "done", read });
}

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const req = event.data;
  try {
    if (req.kind === "preview") preview(req);
    else rows(req);
  } catch (e) {
    post({
      id: req.id,
      kind: "error",
      input: e instanceof NeedsColumnMapping ? "mapping" : e instanceof ImportInputError ? "file" : false,
      message: e instanceof Error ? e.message : String(e),
      mapping: e instanceof MappingNeeded ? e.mapping : null,
    });
  }
  // The statement's text and rows are the server's now (or nothing): this thread's heap gives them back at once,
  // instead of holding a copy of a large statement's text until its next request.
  Bun.gc(true);
};
