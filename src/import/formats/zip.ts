/**
 * A ZIP of statements (SPEC §10.1): banks hand out a month of camt files, or one per account, as one ZIP. Each member
 * is imported as a file of its own, named `archive.zip/folder/member.xml` (folders kept); directories and the
 * litter of macOS and Windows (`__MACOSX/`, `._x`, `.DS_Store`, `Thumbs.db`) are no members. At most 1,000 members
 * and 50 MB unpacked, else the archive is refused before anything is read. An office document is a ZIP too: an
 * .xlsx, .ods or .docx is named as what it is.
 *
 * Read here, with node:zlib's inflate, rather than with an unzip library: the sizes an archive states may lie (a
 * "zip bomb" declares 1 KB and inflates to gigabytes), and zlib's `maxOutputLength` stops an inflate the moment it
 * passes what is left of the 50 MB, where fflate's unzip grows its buffer to whatever the data says. The container
 * is the central directory (one linear walk; ZIP64 records read) and each member's local header.
 */
import { crc32, inflateRawSync } from "node:zlib";
import { ImportInputError } from "../../core/errors.ts";

export const MAX_ZIP_MEMBERS = 1000;
export const MAX_UNPACKED_BYTES = 50 * 1024 * 1024;

export type StatementFile = { name: string; bytes: Uint8Array };

/** A ZIP's first bytes: a local file header, or the end record of an empty archive. */
export const isZip = (b: Uint8Array) => b[0] === 0x50 && b[1] === 0x4b && ((b[2] === 3 && b[3] === 4) || (b[2] === 5 && b[3] === 6));

type Entry = { name: string; method: number; flags: number; crc: number; compressed: number; size: number; local: number };

const u16 = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u32 = (b: Uint8Array, i: number) => (b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24)) >>> 0;
const u64 = (b: Uint8Array, i: number) => u32(b, i) + u32(b, i + 4) * 2 ** 32;

const utf8 = new TextDecoder("utf-8");
const cp437ish = new TextDecoder("windows-1252");

/** The members the central directory lists, in order. */
function centralDirectory(b: Uint8Array, fileName: string): Entry[] {
  const bad = (what: string): never => {
    throw new ImportInputError(`${fileName}: the ZIP archive is damaged (${what}); is the file complete?`);
  };
  // The end record: 22 bytes, followed by a comment of at most 65,535 bytes.
  let end = -1;
  for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 65535); i--) {
    if (u32(b, i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) bad("no end of central directory");
  let count = u16(b, end + 10);
  let offset = u32(b, end + 16);
  // ZIP64: the end record's fields are full, the real ones are in the ZIP64 end record its locator points to.
  if ((count === 0xffff || offset === 0xffffffff) && end >= 20 && u32(b, end - 20) === 0x07064b50) {
    const z = u64(b, end - 12);
    if (z + 56 > b.length || u32(b, z) !== 0x06064b50) bad("a broken ZIP64 record");
    count = u64(b, z + 32);
    offset = u64(b, z + 48);
  }
  if (count > MAX_ZIP_MEMBERS * 4) {
    throw new ImportInputError(`${fileName}: the ZIP archive holds ${count} entries; at most ${MAX_ZIP_MEMBERS} files are imported at once`);
  }
  const entries: Entry[] = [];
  let p = offset;
  for (let k = 0; k < count; k++) {
    if (p + 46 > b.length || u32(b, p) !== 0x02014b50) bad(`entry ${k + 1} of the central directory`);
    const flags = u16(b, p + 8);
    const nameLength = u16(b, p + 28);
    const extraLength = u16(b, p + 30);
    const commentLength = u16(b, p + 32);
    const rawName = b.subarray(p + 46, p + 46 + nameLength);
    const e: Entry = {
      name: (flags & 0x800 ? utf8 : cp437ish).decode(rawName),
      method: u16(b, p + 10),
      flags,
      crc: u32(b, p + 16),
      compressed: u32(b, p + 20),
      size: u32(b, p + 24),
      local: u32(b, p + 42),
    };
    // ZIP64 extra field (0x0001): the full sizes and offset, in that order, for the fields that are full.
    for (let x = p + 46 + nameLength; x + 4 <= p + 46 + nameLength + extraLength; ) {
      const id = u16(b, x);
      const length = u16(b, x + 2);
      if (id === 1) {
        let f = x + 4;
        if (e.size === 0xffffffff) (e.size = u64(b, f)), (f += 8);
        if (e.compressed === 0xffffffff) (e.compressed = u64(b, f)), (f += 8);
        if (e.local === 0xffffffff) e.local = u64(b, f);
      }
      x += 4 + length;
    }
    entries.push(e);
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** What an office document packed as a ZIP is, from its members' names, or null. */
function officeKind(names: readonly string[]): string | null {
  if (names.some((n) => n.startsWith("xl/"))) return "an Excel .xlsx workbook";
  if (names.some((n) => n.startsWith("word/"))) return "a Word document";
  if (names.includes("mimetype") && names.some((n) => n === "content.xml")) return "an OpenDocument file (a spreadsheet?)";
  if (names.some((n) => n.startsWith("Index/") && n.endsWith(".iwa"))) return "an Apple Numbers spreadsheet";
  return null;
}

const LITTER = /(^|\/)(__MACOSX\/|\._|\.DS_Store$|Thumbs\.db$|desktop\.ini$)/i;

/**
 * The statement files a file stands for: itself, or a ZIP's members (each named `archive.zip/path`). A bad archive,
 * one over the limits, an encrypted one or an office document is refused naming the file.
 */
export function statementFiles(file: StatementFile): StatementFile[] {
  const b = file.bytes;
  if (!isZip(b)) return [file];
  const entries = centralDirectory(b, file.name);
  const office = officeKind(entries.map((e) => e.name));
  if (office) throw new ImportInputError(`${file.name}: this is ${office}, not a bank statement export (export the statement as CSV, camt.053 XML, MT940 or OFX)`);
  const members = entries.filter((e) => !e.name.endsWith("/") && !LITTER.test(e.name));
  if (members.length === 0) throw new ImportInputError(`${file.name}: the ZIP archive holds no files`);
  if (members.length > MAX_ZIP_MEMBERS) {
    throw new ImportInputError(`${file.name}: the ZIP archive holds ${members.length} files; at most ${MAX_ZIP_MEMBERS} are imported at once (unpack it and import it in parts)`);
  }
  const tooLarge = () => new ImportInputError(`${file.name}: the ZIP archive unpacks to more than ${MAX_UNPACKED_BYTES / 1024 / 1024} MB; import its statements in parts`);
  const stated = members.reduce((n, e) => n + e.size, 0);
  if (stated > MAX_UNPACKED_BYTES) throw tooLarge();
  let left = MAX_UNPACKED_BYTES;
  return members.map((e) => {
    const where = `${file.name}/${e.name}`;
    if (e.flags & 1) throw new ImportInputError(`${where}: the member is encrypted; unpack the archive with its password and import the files`);
    if (e.local + 30 > b.length || u32(b, e.local) !== 0x04034b50) throw new ImportInputError(`${where}: the ZIP archive is damaged (no local header); is the file complete?`);
    const start = e.local + 30 + u16(b, e.local + 26) + u16(b, e.local + 28);
    const data = b.subarray(start, start + e.compressed);
    if (start + e.compressed > b.length) throw new ImportInputError(`${where}: the ZIP archive is damaged (the member is cut short); is the file complete?`);
    let bytes: Uint8Array;
    if (e.method === 0) bytes = data.slice();
    else if (e.method === 8) {
      try {
        // Never more than what is left of the limit, whatever the archive states.
        bytes = new Uint8Array(inflateRawSync(data, { maxOutputLength: Math.max(1, left) }));
      } catch (err) {
        if ((err as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw tooLarge();
        throw new ImportInputError(`${where}: the member cannot be unpacked (${(err as Error).message})`);
      }
    } else throw new ImportInputError(`${where}: the member is packed with method ${e.method}, which is not read (only stored and deflated members are)`);
    left -= bytes.length;
    if (left < 0) throw tooLarge();
    if (crc32(bytes) >>> 0 !== e.crc) throw new ImportInputError(`${where}: the ZIP archive is damaged (the member's checksum does not match); is the file complete?`);
    return { name: where, bytes };
  });
}
