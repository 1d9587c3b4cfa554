/**
 * The parse worker (SPEC §13.1: parsers off the event loop). It reads one statement — decoding,
 * format detection, the reader, transaction ids, the file's checksum — and sends the rows back in
 * column chunks, so neither side ever holds two copies of a large statement, then the rest.
 *
 * This file is a build entry point of its own (package.json's `build`, scripts/release.ts): in
 * the compiled binary a worker is found only when it was bundled as one (STACK_NOTES round 4).
 */
import { ImportInputError } from "../core/errors.ts";
import { parseStatement, type ParseOptions } from "./formats/index.ts";
import { assignTransactionIds } from "./ids.ts";
import type { ParseRequest, ParseReply } from "./parse-pool.ts";

/** Rows per message: each arrives in a few milliseconds, so the server's event loop stays free. */
const CHUNK_ROWS = 5000;

declare const self: Worker;

self.onmessage = (event: MessageEvent<ParseRequest>) => {
  const { id, bytes, options } = event.data;
  const post = (reply: ParseReply) => self.postMessage(reply);
  try {
    const data = new Uint8Array(bytes);
    const sha256 = Bun.CryptoHasher.hash("sha256", data, "hex");
    const statement = parseStatement(data, options as ParseOptions);
    const ids = assignTransactionIds(statement.rows, statement.account);
    const { rows, ...rest } = statement;
    for (let from = 0; from < rows.length; from += CHUNK_ROWS) {
      const to = Math.min(rows.length, from + CHUNK_ROWS);
      post({ id, kind: "rows", chunk: rows.toChunk(from, to), ids: ids.slice(from, to) });
    }
    post({ id, kind: "done", statement: rest, sha256 });
  } catch (e) {
    post({ id, kind: "error", input: e instanceof ImportInputError, message: e instanceof Error ? e.message : String(e) });
  }
};
