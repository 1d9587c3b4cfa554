/** Helpers for the statement-reader tests: fixtures as bytes, text as bytes in a chosen encoding. */
import { readFileSync } from "node:fs";
import { crc32, deflateRawSync } from "node:zlib";
import { join } from "node:path";
import { parseStatement, type ParsedRow, type ParseOptions, type Statement } from "../../../src/import/formats/index.ts";

export const fixture = (name: string): Uint8Array => new Uint8Array(readFileSync(join(import.meta.dir, "../../fixtures/import", name)));

export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/** windows-1252 bytes of a Latin-1 text (the fixtures' umlauts and accents are all below U+0100). */
export function cp1252(text: string): Uint8Array {
  return Uint8Array.from([...text].map((ch) => {
    const code = ch.codePointAt(0)!;
    if (code > 0xff) throw new Error(`not Latin-1: ${ch}`);
    return code;
  }));
}

/** FNV-1a 64 written out with BigInt, independently of the product's two-halves version. */
export function fnvReference(text: string): string {
  let h = 0xcbf29ce484222325n;
  for (const b of new TextEncoder().encode(text)) {
    h ^= BigInt(b);
    h = (h * 0x100000001b3n) % (1n << 64n);
  }
  return `cc-${h.toString(16).padStart(16, "0")}`;
}

/** parseStatement with the rows as a list of objects (what the tests compare). */
export function read(bytes: Uint8Array, opts: ParseOptions): Omit<Statement, "rows"> & { rows: ParsedRow[] } {
  const s = parseStatement(bytes, opts);
  return { ...s, rows: s.rows.toArray() };
}

/** A row in brief: line, date, amount, currency, description. */
export const brief = (rows: readonly ParsedRow[]) => rows.map((r) => [r.line, r.date, r.amount, r.currency, r.description]);

/** What a fixture holds, worked out by hand (fixtures.test.ts, bank-fixtures.ts). */
export type Expected = {
  format: string;
  layout: string | null;
  account: string | null;
  /** Counted by hand: data lines (CSV records after the header that are not blank, but for a text-only line that continues the booking above it; camt entries, a split batch counting its parts; OFX STMTTRN; MT940 :61:; QIF records). */
  dataLines: number;
  rows: (string | number)[][];
  totals: { currency: string; out: number; outRows: number; in: number; inRows: number }[];
  skipped?: { line: number; reason: string }[];
  bad?: { line: number; reason: string }[];
  reconciliation: { currency: string; status: "ok" | "off" | "none"; opening: number | null; closing: number | null; entries: number; difference: number | null; line?: number }[];
  notes?: string[];
  /** Rows the reader marks as possibly repeating another row of the file (ParsedRow.repeats): the row's line, the other's, and why. */
  repeats?: { line: number; of: number; reason: string }[];
};

/**
 * A ZIP archive written here for the tests (its layout from the ZIP specification, APPNOTE.TXT): each entry stored or
 * deflated, with its name (a name ending in "/" is a folder); `size` states another unpacked size than the real one
 * (a lying archive), `flags` sets general-purpose bits (1: encrypted).
 */
export function makeZip(entries: { name: string; data?: Uint8Array | string; deflate?: boolean; size?: number; flags?: number }[]): Uint8Array {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  const enc = new TextEncoder();
  for (const e of entries) {
    const data = typeof e.data === "string" ? enc.encode(e.data) : (e.data ?? new Uint8Array(0));
    const packed = e.deflate ? new Uint8Array(deflateRawSync(data)) : data;
    const name = enc.encode(e.name);
    const head = (central: boolean) => {
      const h = new DataView(new ArrayBuffer(central ? 46 : 30));
      let i = 0;
      h.setUint32(i, central ? 0x02014b50 : 0x04034b50, true);
      i += 4;
      if (central) (h.setUint16(i, 20, true), (i += 2));
      h.setUint16(i, 20, true);
      h.setUint16(i + 2, 0x800 | (e.flags ?? 0), true);
      h.setUint16(i + 4, e.deflate ? 8 : 0, true);
      h.setUint32(i + 10, crc32(data) >>> 0, true);
      h.setUint32(i + 14, packed.length, true);
      h.setUint32(i + 18, e.size ?? data.length, true);
      h.setUint16(i + 22, name.length, true);
      if (central) h.setUint32(42, offset, true);
      return new Uint8Array(h.buffer);
    };
    central.push(head(true), name);
    const local = [head(false), name, packed];
    parts.push(...local);
    offset += local.reduce((n, p) => n + p.length, 0);
  }
  const cd = central.reduce((n, p) => n + p.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, entries.length, true);
  end.setUint16(10, entries.length, true);
  end.setUint32(12, cd, true);
  end.setUint32(16, offset, true);
  const all = [...parts, ...central, new Uint8Array(end.buffer)];
  const out = new Uint8Array(all.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of all) (out.set(p, at), (at += p.length));
  return out;
}
