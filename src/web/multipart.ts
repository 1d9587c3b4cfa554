/**
 * An upload's multipart/form-data body read straight into shared memory (SPEC §13.1: memory per preview ≤ 3× the
 * file + 100 MB; the server answers within 100 ms while a 50 MB file is read). The body's bytes are copied once,
 * chunk by chunk as they arrive, into one SharedArrayBuffer; its files are ranges of it, which the parse worker
 * reads in place. Parsing it as FormData instead would hold the body, its File copies and then the held bytes at
 * once, and parse the whole body in one go on the event loop.
 *
 * Fields other than files are read as UTF-8 text (a few short ones: account, format, …).
 */
const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");
/** Body bytes read between two collections of the chunks they came in. */
const GC_EVERY_BYTES = 8 * 1024 * 1024;

/** A file of the upload: its form field, its name and where its bytes lie in the shared buffer. */
export type UploadedFile = { field: string; name: string; bytes: { buffer: SharedArrayBuffer; offset: number; length: number } };
export type Multipart = { files: UploadedFile[]; fields: Record<string, string> };

/** Why a body could not be read as multipart/form-data (a client's fault: 400). */
export class MultipartError extends Error {
  override name = "MultipartError";
}

/** The boundary of a multipart/form-data content type, or null when it is none. */
export function boundaryOf(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return null;
  const m = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return m ? (m[1] ?? m[2]!) : null;
}

/**
 * The body's bytes into one shared buffer (sized by Content-Length when the client sent it, else grown as
 * needed), at most `max` bytes (more: `tooLarge()` is thrown), the event loop free between the chunks.
 */
async function readInto(body: ReadableStream<Uint8Array>, length: number | null, max: number, tooLarge: () => Error): Promise<{ buffer: SharedArrayBuffer; size: number }> {
  if (length !== null && length > max) throw tooLarge();
  let buffer = new SharedArrayBuffer(length ?? 64 * 1024);
  let view = new Uint8Array(buffer);
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.length > max) {
      await reader.cancel();
      throw tooLarge();
    }
    if (size + value.length > buffer.byteLength) {
      const grown = new SharedArrayBuffer(Math.min(max, Math.max(buffer.byteLength * 2, size + value.length)));
      new Uint8Array(grown).set(view.subarray(0, size));
      buffer = grown;
      view = new Uint8Array(buffer);
    }
    view.set(value, size);
    size += value.length;
    // The chunks copied so far are garbage: collected every few MB (young, a quick collection), rather than all
    // lying beside their copy until the end (the 49 MB statement of bench/import-responsive: the peak 8 MB lower).
    if (Math.floor(size / GC_EVERY_BYTES) > Math.floor((size - value.length) / GC_EVERY_BYTES)) Bun.gc(false);
  }
  // The last chunks the body came in are garbage now: collected now (they are young), not left to lie beside their
  // copy until the server's next collection.
  Bun.gc(false);
  return { buffer, size };
}

/** A part's headers: its field name and, for a file, its file name. */
function partHeaders(text: string): { name: string | null; filename: string | null } {
  const disposition = text.split("\r\n").find((l) => /^content-disposition\s*:/i.test(l)) ?? "";
  const param = (key: string) => {
    const m = new RegExp(`;\\s*${key}="((?:[^"\\\\]|\\\\.)*)"`, "i").exec(disposition) ?? new RegExp(`;\\s*${key}=([^;\\s]+)`, "i").exec(disposition);
    // Browsers write a name's quote and line breaks as %22, %0A, %0D (the HTML standard's form encoding).
    return m ? m[1]!.replace(/\\(.)/g, "$1").replace(/%22/g, '"').replace(/%0A/gi, "\n").replace(/%0D/gi, "\r") : null;
  };
  return { name: param("name"), filename: param("filename") };
}

/**
 * Read a multipart/form-data body: every file part (even an empty one, which a form sends when no file was
 * chosen) as a range of one shared buffer, every other part as text (a field given twice: the last counts).
 */
export async function readMultipart(req: Request, max: number, tooLarge: () => Error): Promise<Multipart> {
  const boundary = boundaryOf(req.headers.get("content-type") ?? undefined);
  if (!boundary) throw new MultipartError("The upload must be sent as multipart/form-data.");
  if (!req.body) return { files: [], fields: {} };
  const declared = Number(req.headers.get("content-length"));
  const { buffer, size } = await readInto(req.body, Number.isFinite(declared) && declared > 0 ? declared : null, max, tooLarge);
  const bytes = Buffer.from(buffer, 0, size);
  const delimiter = Buffer.from(`--${boundary}`);
  const files: UploadedFile[] = [];
  const fields: Record<string, string> = {};
  let at = bytes.indexOf(delimiter);
  if (at < 0) throw new MultipartError("The upload's body has none of the parts its content type announces.");
  for (;;) {
    let start = at + delimiter.length;
    // The closing delimiter: "--boundary--".
    if (bytes[start] === 0x2d && bytes[start + 1] === 0x2d) break;
    if (bytes.indexOf(CRLF, start) !== start) throw new MultipartError("The upload's body is not well-formed multipart/form-data.");
    start += CRLF.length;
    const headerEnd = bytes.indexOf(HEADER_END, start);
    if (headerEnd < 0) throw new MultipartError("The upload's body is not well-formed multipart/form-data.");
    const head = partHeaders(bytes.toString("utf8", start, headerEnd));
    const contentStart = headerEnd + HEADER_END.length;
    const next = bytes.indexOf(Buffer.from(`\r\n--${boundary}`), contentStart);
    if (next < 0) throw new MultipartError("The upload's body ends inside a part (was it cut short?).");
    if (head.name !== null) {
      if (head.filename !== null) files.push({ field: head.name, name: head.filename, bytes: { buffer, offset: contentStart, length: next - contentStart } });
      else fields[head.name] = bytes.toString("utf8", contentStart, next);
    }
    at = next + CRLF.length;
  }
  return { files, fields };
}
