/**
 * Statement files in, normalised rows out: refusals that come before any reading (images, PDFs,
 * archives, HTML pages, empty files), the text decoded, the format identified from the content
 * (never the file name) by the readers of registry.ts, and the file read. Any failure of a reader
 * reaches the caller as an ImportInputError naming the file (SPEC §13.1: exit 2 / HTTP 400, never
 * a bare parser message).
 */
import { ImportInputError } from "../../core/errors.ts";
import { binaryKind, decodeText, looksLikeHtml } from "./decode.ts";
import { FORMATS_IN_WORDS, READERS, readerFor } from "./registry.ts";
import type { StatementReader } from "./reader.ts";
import type { ParsedRow, ReadOptions, Statement } from "./types.ts";

export * from "./types.ts";
export { IMPORT_FORMATS } from "./registry.ts";

const HEAD_CHARS = 65536;

function identify(text: string): StatementReader | null {
  const head = text.slice(0, HEAD_CHARS).replace(/^\s+/, "");
  if (head === "" || looksLikeHtml(head)) return null;
  return READERS.find((r) => r.identify(head)) ?? null;
}

/** The format a file is in (a reader's id), or null. */
export function detectFormat(bytes: Uint8Array): string | null {
  if (binaryKind(bytes)) return null;
  return identify(decodeText(bytes))?.id ?? null;
}

export type ParseOptions = ReadOptions & { format?: string };

export function parseStatement(bytes: Uint8Array, opts: ParseOptions): Statement {
  const { fileName } = opts;
  const kind = binaryKind(bytes);
  if (kind) throw new ImportInputError(`${fileName}: this is ${kind}, not a bank statement`);
  return parseText(decodeText(bytes), opts);
}

/** The same, for text already decoded (the parse worker decodes while it reads). */
export function parseText(text: string, opts: ParseOptions): Statement {
  const { fileName } = opts;
  // (Not text.trim(): on a 100 MB statement that would copy it whole.)
  if (!/\S/.test(text)) throw new ImportInputError(`${fileName}: the file is empty`);
  if (looksLikeHtml(text.slice(0, HEAD_CHARS))) throw new ImportInputError(`${fileName}: this is an HTML page (a saved web page?), not a bank statement export`);
  const reader = opts.format && opts.format !== "auto" ? readerFor(opts.format) : identify(text);
  if (!reader) throw new ImportInputError(`${fileName}: unknown format: expected ${FORMATS_IN_WORDS}`);
  const override = opts.accountOverride?.trim();
  // Rows handed on as they are read take the override on their way.
  const target = opts.sink;
  const sink = override && target ? { add: (r: ParsedRow) => target.add({ ...r, account: override }) } : target;
  let s: Statement;
  try {
    s = reader.read(text, { ...opts, sink });
  } catch (e) {
    if (e instanceof ImportInputError) throw e;
    // A reader's own mistake or the engine's limit (a stack, a range): still the file's problem to the user, named.
    throw new ImportInputError(`${fileName}: the ${reader.label} reader could not read this file (${(e as Error).message ?? e})`);
  }
  if (override) {
    s.account = override;
    s.rows.setAccount(override);
    for (const r of s.reconciliation) r.account = override;
  }
  return s;
}
