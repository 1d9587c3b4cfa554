/**
 * The parse worker (SPEC §13.1: parsers off the event loop). It reads one statement — decoding,
 * format detection, the reader, the file's checksum — and sends the rows back in column chunks
 * as the reader makes them, so this thread never holds a whole statement's rows, then the rest;
 * or it unpacks a ZIP of statements and sends back its files.
 *
 * This file is a build entry point of its own (package.json's `build`, scripts/release.ts): in
 * the compiled binary a worker is found only when it was bundled as one (STACK_NOTES round 4).
 */
import { ImportInputError, NeedsColumnMapping } from "../core/errors.ts";
import { parseStatement, type ParseOptions } from "./formats/index.ts";
import { RowTable } from "./formats/row-table.ts";
import { statementFiles } from "./formats/zip.ts";
import type { ParseRequest, ParseReply } from "./parse-pool.ts";

/** Rows per message: each arrives in a few milliseconds, so the server's event loop stays free. */
const CHUNK_ROWS = 5000;
/** Chunks sent but not yet taken up by the server, at most. */
const IN_FLIGHT = 2;

declare const self: Worker;

self.onmessage = (event: MessageEvent<ParseRequest>) => {
  const { id, bytes, options } = event.data;
  const consumed = new Int32Array(event.data.consumed);
  let sent = 0;
  const post = (reply: ParseReply) => self.postMessage(reply);
  try {
    const data = new Uint8Array(bytes);
    if (event.data.unpack !== undefined) {
      const files = statementFiles({ name: event.data.unpack, bytes: data }).map((f) => ({ name: f.name, bytes: f.bytes.slice().buffer }));
      self.postMessage({ id, kind: "files", files } satisfies ParseReply, files.map((f) => f.bytes));
      return;
    }
    const sha256 = Bun.CryptoHasher.hash("sha256", data, "hex");
    let chunk = new RowTable();
    const flush = () => {
      if (!chunk.length) return;
      // Backpressure: wait (this thread only) until the server has taken up all but IN_FLIGHT chunks.
      for (let seen = Atomics.load(consumed, 0); sent - seen >= IN_FLIGHT; seen = Atomics.load(consumed, 0)) Atomics.wait(consumed, 0, seen, 1000);
      post({ id, kind: "rows", chunk: chunk.toChunk(0, chunk.length) });
      sent++;
      chunk = new RowTable();
      // What this thread made for those rows is garbage now; collected as it goes, it never piles up (≤ 3× the file + 100 MB).
      if (sent % 10 === 0) Bun.gc(true);
    };
    const sink = {
      add(row: Parameters<RowTable["add"]>[0]) {
        chunk.add(row);
        if (chunk.length >= CHUNK_ROWS) flush();
      },
    };
    const { rows: _none, ...rest } = parseStatement(data, { ...(options as ParseOptions), sink });
    flush();
    post({ id, kind: "done", statement: rest, sha256 });
  } catch (e) {
    post({ id, kind: "error", input: e instanceof NeedsColumnMapping ? "mapping" : e instanceof ImportInputError ? "file" : false, message: e instanceof Error ? e.message : String(e) });
  }
  // The statement's text and rows are the server's now (or nothing): this thread's heap gives them back at once,
  // instead of holding a second copy of a large statement until its next request.
  Bun.gc(true);
};
