/**
 * The parse worker (SPEC §13.1: parsers off the event loop). An uploaded statement's bytes come here once, in
 * shared memory, and are decoded into text that this thread keeps for the preview's life (the server keeps no copy:
 * SPEC §13.1's memory per preview is the text and what one reading of it makes at a time). The server asks for:
 *   - `preview`: the whole preview (preview.ts) — the file read, checked against budget.db — sent back as its
 *     summary, one status byte per row and the first rows; for a CSV, what the Import page's mapping screen shows
 *     (also when its columns must be named first);
 *   - `stage`: the rows an import of a preview inserts, read again with their transaction ids and kept here (a million
 *     rows held on the server's thread would make its garbage collections long), classified as far as the steps before
 *     the model go (the user's rules, merchant cache, card rules); the merchants left for the model go back;
 *   - `parts`: the staged rows, with the model's answers, in parts for the write worker, each as one JSON text that the
 *     server hands on unread, at most two on their way at once (the worker waits on a shared counter);
 *   - `unstage`: the staged rows go (written, or the write failed); `drop`: a preview let go (imported, expired, given
 *     way): its text goes;
 *   - `unpack`: a ZIP of statements (zip.ts), its files sent back, each in shared memory of its own.
 *
 * This file is a build entry point of its own (package.json's `build`, scripts/release.ts): in
 * the compiled binary a worker is found only when it was bundled as one (STACK_NOTES round 4).
 */
import { ImportInputError, NeedsColumnMapping, SignsInDoubt } from "../core/errors.ts";
import { binaryKind, decodeText } from "./formats/decode.ts";
import { parseText } from "./formats/index.ts";
import { SavedLayoutDiffers } from "./formats/csv.ts";
import { RowTable } from "./formats/row-table.ts";
import { statementFiles } from "./formats/zip.ts";
import { ownAccountId, parsedRowIdAssigner } from "./ids.ts";
import type { RowsPart } from "./batch-write.ts";
import { applyAnswers, classifyStatementRows, type StatementClasses } from "./classify.ts";
import { viewOf, type HeldBytes, type WorkerReply, type WorkerRequest } from "./parse-pool.ts";
import { openTarget, previewText } from "./preview.ts";
import { mappingView, type CsvMappingView } from "./user-layouts.ts";
import { collectNowAndThen, collectOften, flipForWalk } from "./walk.ts";

/** Rows per part of an import (a few tens of milliseconds of inserts in the write worker). */
const PART_ROWS = 5000;
/** Parts sent but not yet taken up by the server, at most. */
const PARTS_AHEAD = 2;

declare const self: Worker;

// This thread holds previews' texts and reads them whole: its readings' garbage is collected often (walk.ts).
collectOften();

/** A CSV whose columns must be named, with what the mapping screen shows of it. */
class TextGone extends Error {}

class MappingNeeded extends NeedsColumnMapping {
  constructor(
    message: string,
    readonly mapping: CsvMappingView | null,
    readonly signs: boolean,
  ) {
    super(message);
  }
}

const post = (reply: WorkerReply) => self.postMessage(reply, reply.kind === "preview" ? [reply.preview.status.buffer as ArrayBuffer] : []);

/** The statements' texts this thread holds, by the server's file id, with their file's checksum and size. */
const texts = new Map<string, { text: string; sha256: string; size: number }>();

/**
 * A held file's text: decoded from the bytes the first request brings (what is plainly no statement is refused
 * before decoding), then kept. Gone (a restarted worker): the server says the preview expired.
 */
function textOf(file: { id: string; bytes?: HeldBytes }, fileName: string): { text: string; sha256: string; size: number } {
  const known = texts.get(file.id);
  if (known) return known;
  if (!file.bytes) throw new TextGone(`${fileName}: this statement is no longer held; drop the file again`);
  const bytes = viewOf(file.bytes);
  const kind = binaryKind(bytes);
  if (kind) throw new ImportInputError(`${fileName}: this is ${kind}, not a bank statement`);
  const sha256 = Bun.CryptoHasher.hash("sha256", bytes, "hex");
  // Nobody needs the bytes after this (the server let go of them): the decoding may write over them.
  const held = { text: decodeText(bytes, { consume: true }), sha256, size: bytes.length };
  texts.set(file.id, held);
  file.bytes = undefined; // the text is what is kept: the bytes go with the collection below
  // Decoding leaves a buffer of the file's size behind: given back before the reading makes garbage of its own.
  Bun.gc(true);
  return held;
}

function preview(req: Extract<WorkerRequest, { kind: "preview" }>): void {
  const name = req.request.fileName;
  const { text, sha256, size } = textOf(req.file, name);
  const flip = req.request.options.flipSigns === true;
  // The flip the columns are read with: the user's, over the layout's own ("Flip signs" saved with it).
  const flipWith = (layoutId: string | undefined) => flip !== ([req.request.options.layout, ...(req.request.options.userLayouts ?? [])].find((l) => l && l.id === layoutId)?.flipSigns === true);
  try {
    const p = previewText(text, { sha256, bytes: size }, req.request);
    post({ id: req.id, kind: "preview", preview: p, mapping: p.format === "csv" ? mappingView(text, name, p.columns ?? null, flipWith(p.columns?.layout)) : null });
  } catch (e) {
    // A saved layout's header names in another order, or with more: the screen starts from the layout's roles by those names.
    if (e instanceof SavedLayoutDiffers) throw new MappingNeeded(e.message, mappingView(text, name, e.plan, flipWith(e.plan.layout)), false);
    // The columns must be named: the mapping screen shows the file's first rows with the roles proposed for them.
    if (e instanceof NeedsColumnMapping) throw new MappingNeeded(e.message, mappingView(text, name, null, flip), e instanceof SignsInDoubt);
    throw e;
  }
}

function unpack(req: Extract<WorkerRequest, { kind: "unpack" }>): void {
  const files = statementFiles({ name: req.name, bytes: viewOf(req.bytes) }).map((f) => {
    const buffer = new SharedArrayBuffer(f.bytes.length);
    new Uint8Array(buffer).set(f.bytes);
    return { name: f.name, bytes: { buffer, offset: 0, length: f.bytes.length } };
  });
  post({ id: req.id, kind: "files", files });
}

/** The rows an import will insert, by file id, classified as far as the steps before the model go (stage), until sent (parts). */
const staged = new Map<string, { rows: RowTable; ids: string[]; classes: StatementClasses }>();

async function stage(req: Extract<WorkerRequest, { kind: "stage" }>): Promise<void> {
  const { id, facts, keep, include } = req;
  const ticked = include === true ? null : new Set(include);
  const nextId = parsedRowIdAssigner(facts.account);
  const rows = new RowTable();
  const ids: string[] = [];
  let read = 0;
  // Ids are given to every row in the file's order (a repeated row's "#k" counts them all); only the rows to insert are kept.
  parseText(textOf(req.file, req.options.fileName).text, {
    ...req.options,
    flipSigns: flipForWalk(req.options, facts),
    sink: {
      add(r) {
        const index = read++;
        collectNowAndThen(read, 1);
        const tid = nextId(r);
        const s = keep[index];
        // (A ticked row the preview gave its own account's id, its plain one being another account's row's: ids.ts ownAccountId.)
        if (s !== 0 && !(s === 2 && (ticked === null || ticked.has(tid) || (r.account !== null && ticked.has(ownAccountId(tid, r.account)))))) return;
        rows.add(r);
        ids.push(tid);
      },
    },
  });
  const db = openTarget(req.target);
  let classes: StatementClasses;
  try {
    const all = Array.from({ length: rows.length }, (_, i) => i);
    classes = await classifyStatementRows(db, rows, all, { cardRules: facts.format === "ubs-card", withModel: req.withModel, notSpending: req.notSpending });
  } finally {
    db?.close();
  }
  staged.set(req.file.id, { rows, ids, classes });
  post({ id, kind: "staged", rows: rows.length, read, items: classes.items });
}

function parts(req: Extract<WorkerRequest, { kind: "parts" }>): void {
  const { id } = req;
  const s = staged.get(req.fileId);
  if (!s) throw new Error("no rows are staged for this import");
  applyAnswers(s.classes, new Map(req.answers));
  const flow = new Int32Array(req.flow);
  const { rows, ids, classes } = s;
  for (let from = 0, sent = 0; from < rows.length; from += PART_ROWS, sent++) {
    // Backpressure: wait (this thread only) until the server has taken up all but PARTS_AHEAD parts, or wants no more.
    for (let seen = Atomics.load(flow, 0); sent - seen >= PARTS_AHEAD && Atomics.load(flow, 1) === 0; seen = Atomics.load(flow, 0)) Atomics.wait(flow, 0, seen, 1000);
    if (Atomics.load(flow, 1) !== 0) break;
    const to = Math.min(rows.length, from + PART_ROWS);
    const part: RowsPart = {
      chunk: rows.toChunk(from, to),
      take: Array.from({ length: to - from }, (_, k) => k),
      ids: ids.slice(from, to),
      classes: Array.from({ length: to - from }, (_, k) => classes.classes[from + k] ?? null),
    };
    post({ id, kind: "part", part: JSON.stringify(part) });
  }
  post({ id, kind: "done" });
}

/**
 * A request is handled on the next turn, not in the message's handler: the message event holds the shared memory its
 * data came in (a preview's file) until the event goes, and a preview read while it was live kept the file's bytes
 * beside their text to the end (a 49 MB CSV: the server's peak 47 MB higher). Requests still run in the order they came.
 */
self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const req = event.data;
  setTimeout(() => handle(req), 0);
};

async function handle(req: WorkerRequest): Promise<void> {
  if (req.kind === "drop" || req.kind === "unstage") {
    if (req.kind === "drop") texts.delete(req.fileId);
    staged.delete(req.fileId);
    return;
  }
  try {
    if (req.kind === "preview") preview(req);
    else if (req.kind === "unpack") unpack(req);
    else if (req.kind === "stage") await stage(req);
    else parts(req);
  } catch (e) {
    post({
      id: req.id,
      kind: "error",
      input: e instanceof TextGone ? "gone" : e instanceof NeedsColumnMapping ? "mapping" : e instanceof ImportInputError ? "file" : false,
      message: e instanceof Error ? e.message : String(e),
      mapping: e instanceof MappingNeeded ? e.mapping : null,
      signs: e instanceof MappingNeeded && e.signs,
    });
  }
  // What the reading made is garbage now: this thread's heap gives it back at once, not at its next request.
  Bun.gc(true);
}
