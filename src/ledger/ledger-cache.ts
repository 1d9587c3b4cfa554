/**
 * The ledger (ledger.ts) kept beside budget.db in a cache file, so a process that starts
 * (`budget-chat tool …`, the server) reads it in one go instead of rebuilding it from every
 * row (1M rows: one read of ~50 MB instead of ~1.5 s of SQLite and dictionary work).
 *
 * Trust. The file is used only when the database is provably the one it was made from:
 * the key is the identity of budget.db and of its -wal (device, inode, size, modification
 * and change times in nanoseconds; the header's file change counter, which every commit in
 * rollback-journal mode bumps; the WAL's size and salts, which every commit or WAL reset
 * changes, when it holds frames) plus the code that builds a ledger (a hash of its source) and the cache's format.
 * Any difference — an import, a hand edit of the same size, a restore, a copy — is a
 * different key, and the ledger is built from the database again. A file that does not
 * read back whole (truncated, corrupted: its checksum) is never used either.
 *
 * A change within one tick of the file system's clock could leave every time equal (coarse
 * timestamps) and, in WAL mode once checkpointed, size and counter too. So a ledger is
 * written only when both files were last changed more than RACY_MS before it was read (as
 * git does for its index): a later change then necessarily has a later time. It is written
 * only when the database did not change while it was read (the key before and after), into
 * a temporary file renamed into place (a reader never sees half a file), and never where
 * the folder cannot be written (then the ledger is simply built in memory). budget.db itself
 * is never touched: the pipeline and other readers sharing the folder see nothing but one
 * more hidden file, `.<name>.ledger`.
 */
import { closeSync, fstatSync, openSync, readFileSync, readSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { Ledger, LEDGER_COLUMN_NAMES, LEDGER_DICTIONARY_NAMES, type LedgerColumnName, type LedgerColumns, type LedgerDictionaryName } from "./ledger.ts";

/** Bump when the file's layout changes (the builder's own changes are caught by its source hash). */
const FORMAT = 1;
const MAGIC = "BCLEDGER";
/** Files changed less than this long before the ledger was read could change again unseen (coarse clocks). */
export const RACY_MS = 2000;

/**
 * The code that builds ledgers: a ledger made by other code is not this code's ledger. From a source checkout, a
 * hash of the builder's source files; in the compiled binary (whose modules live in /$bunfs), the binary's own
 * identity, so every other build (an upgrade) builds its ledger anew.
 */
let builder: string | null = null;
function builderId(): string {
  if (builder === null) {
    if (/\$bunfs|~BUN/.test(import.meta.dir)) {
      const s = statSync(process.execPath, { bigint: true });
      builder = `binary ${s.size} ${s.mtimeNs}`;
    } else {
      const text = ["ledger-load.ts", "ledger.ts", "calendar.ts", "schema.ts"].map((f) => readFileSync(join(import.meta.dir, f), "utf8")).join("\0");
      builder = `source ${Bun.hash(text).toString(36)}`;
    }
  }
  return builder;
}

/** Bytes of a WAL file's header (its frames follow). */
const WAL_HEADER = 32;

/** The cache file of a database: hidden, beside it. */
export function cachePathOf(dbPath: string): string {
  return join(dirname(dbPath), `.${basename(dbPath)}.ledger`);
}

type FileStamp = { dev: string; ino: string; size: string; mtime: string; ctime: string };
/** What identifies the database's content: see the module comment. */
export type DbIdentity = { db: FileStamp & { counter: number }; wal: (FileStamp & { salts: string }) | null };

function stamp(fd: number): FileStamp {
  const s = fstatSync(fd, { bigint: true });
  return { dev: String(s.dev), ino: String(s.ino), size: String(s.size), mtime: String(s.mtimeNs), ctime: String(s.ctimeNs) };
}

function readAt(fd: number, length: number, position: number): Buffer {
  const b = Buffer.alloc(length);
  return b.subarray(0, readSync(fd, b, 0, length, position));
}

/** The database's identity now, or null when it cannot be read (then there is no cache to trust or write). */
export function identityOf(dbPath: string): DbIdentity | null {
  let fd: number | undefined;
  try {
    fd = openSync(dbPath, "r");
    const head = readAt(fd, 100, 0);
    const db = { ...stamp(fd), counter: head.length >= 28 ? head.readUInt32BE(24) : -1 };
    closeSync(fd);
    fd = undefined;
    let wal: DbIdentity["wal"] = null;
    try {
      fd = openSync(`${dbPath}-wal`, "r");
      const s = stamp(fd);
      // A -wal without frames holds nothing (every reader of a WAL database opens one, empty, and removes it last).
      if (Number(s.size) > WAL_HEADER) wal = { ...s, salts: readAt(fd, WAL_HEADER, 0).subarray(12, 24).toString("hex") };
    } catch {
      // No -wal: every change is in the main file.
    }
    return { db, wal };
  } catch {
    return null;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

const keyOf = (id: DbIdentity) => JSON.stringify({ format: FORMAT, builder: builderId(), id });

/** Changed less than RACY_MS before `readAt` (ms since the epoch): a change in the same clock tick could go unseen. */
function racy(id: DbIdentity, readAtMs: number): boolean {
  const times = [id.db.mtime, id.db.ctime, ...(id.wal ? [id.wal.mtime, id.wal.ctime] : [])].map((ns) => Number(BigInt(ns) / 1_000_000n));
  return times.some((t) => t > readAtMs - RACY_MS);
}

// ---------------------------------------------------------------------------------------------
// The file: MAGIC, u32 header length, header JSON {key, size, …, dictionaries' JSON length}, then
// each column 8-byte aligned, the dictionaries as JSON, and a u64 checksum of all before it.

type Typed = Float64Array | Int32Array | Uint16Array | Int16Array;
/** Each column's typed array, over the file's bytes; the columns are written in LEDGER_COLUMN_NAMES' order. */
const VIEWS: Record<LedgerColumnName, (buffer: ArrayBuffer, offset: number, length: number) => Typed> = {
  id: (b, o, n) => new Float64Array(b, o, n),
  day: (b, o, n) => new Int32Array(b, o, n),
  month: (b, o, n) => new Int32Array(b, o, n),
  amount: (b, o, n) => new Float64Array(b, o, n),
  currency: (b, o, n) => new Uint16Array(b, o, n),
  category: (b, o, n) => new Uint16Array(b, o, n),
  merchant: (b, o, n) => new Int32Array(b, o, n),
  description: (b, o, n) => new Int32Array(b, o, n),
  confidence: (b, o, n) => new Float64Array(b, o, n),
  source: (b, o, n) => new Int16Array(b, o, n),
  account: (b, o, n) => new Int32Array(b, o, n),
};
type Header = {
  key: string;
  size: number;
  hasConfidence: boolean;
  hasSource: boolean;
  hasAccount: boolean;
  malformedDates: number;
  badAmounts: number;
  dictionaries: number;
};
type Dictionaries = Pick<LedgerColumns, LedgerDictionaryName>;

const align8 = (n: number) => (n + 7) & ~7;

/** The ledger of `dbPath` as cached for exactly this identity, or null (no file, another key, not whole). */
export function readCachedLedger(dbPath: string, id: DbIdentity): Ledger | null {
  let file: Buffer;
  try {
    file = readFileSync(cachePathOf(dbPath));
  } catch {
    return null;
  }
  try {
    if (file.length < 24 || file.toString("latin1", 0, 8) !== MAGIC) return null;
    const body = file.length - 8;
    if (file.readBigUInt64LE(body) !== BigInt(Bun.hash(file.subarray(0, body)))) return null;
    const headerLength = file.readUInt32LE(8);
    const header = JSON.parse(file.toString("utf8", 12, 12 + headerLength)) as Header;
    if (header.key !== keyOf(id)) return null;
    // Typed arrays need their alignment: the file's bytes, copied once if the buffer does not start on 8.
    const buffer = file.byteOffset % 8 === 0 ? file.buffer : new Uint8Array(file).buffer;
    let at = file.byteOffset % 8 === 0 ? file.byteOffset : 0;
    const start = at;
    at += align8(12 + headerLength);
    const columns = {} as Record<LedgerColumnName, Typed>;
    for (const name of LEDGER_COLUMN_NAMES) {
      columns[name] = VIEWS[name](buffer as ArrayBuffer, at, header.size);
      at += align8(columns[name].byteLength);
    }
    const dictionaries = JSON.parse(Buffer.from(buffer, at, header.dictionaries).toString("utf8")) as Dictionaries;
    if (at - start + header.dictionaries !== body) return null;
    return new Ledger({ ...(columns as unknown as Pick<LedgerColumns, LedgerColumnName>), ...dictionaries, ...header });
  } catch {
    return null;
  }
}

/**
 * Keep `ledger`, read from the database while it had identity `before`, for later processes:
 * only when the database is still `before` now (it did not change during the read) and was not
 * racy, and only where the folder can be written. Never throws: the cache is only a shortcut.
 */
export function writeCachedLedger(dbPath: string, before: DbIdentity, readAtMs: number, ledger: Ledger): boolean {
  const now = identityOf(dbPath);
  if (!now || keyOf(now) !== keyOf(before) || racy(before, readAtMs)) return false;
  const path = cachePathOf(dbPath);
  const temp = `${path}.${process.pid}.tmp`;
  try {
    const dictionaries = Buffer.from(JSON.stringify(Object.fromEntries(LEDGER_DICTIONARY_NAMES.map((n) => [n, ledger[n]])) as Dictionaries));
    const header = Buffer.from(
      JSON.stringify({
        key: keyOf(before),
        size: ledger.size,
        hasConfidence: ledger.hasConfidence,
        hasSource: ledger.hasSource,
        hasAccount: ledger.hasAccount,
        malformedDates: ledger.malformedDates,
        badAmounts: ledger.badAmounts,
        dictionaries: dictionaries.length,
      } satisfies Header),
    );
    let length = align8(12 + header.length);
    for (const name of LEDGER_COLUMN_NAMES) length += align8(ledger[name].byteLength);
    length += dictionaries.length;
    const out = Buffer.alloc(length + 8);
    out.write(MAGIC, 0, "latin1");
    out.writeUInt32LE(header.length, 8);
    header.copy(out, 12);
    let at = align8(12 + header.length);
    for (const name of LEDGER_COLUMN_NAMES) {
      const column = ledger[name];
      out.set(new Uint8Array(column.buffer, column.byteOffset, column.byteLength), at);
      at += align8(column.byteLength);
    }
    dictionaries.copy(out, at);
    out.writeBigUInt64LE(BigInt(Bun.hash(out.subarray(0, length))), length);
    writeFileSync(temp, out, { mode: statSync(dbPath).mode & 0o666 });
    renameSync(temp, path);
    return true;
  } catch {
    // A folder this user cannot write (a read-only share, a backup disk), a full disk: the ledger stays in memory.
    rmSync(temp, { force: true });
    return false;
  }
}
