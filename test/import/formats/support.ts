/** Helpers for the statement-reader tests: fixtures as bytes, text as bytes in a chosen encoding. */
import { readFileSync } from "node:fs";
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
  /** Counted by hand: data lines (CSV records after the header that are not blank; camt entries, a split batch counting its parts; OFX STMTTRN; MT940 :61:; QIF records). */
  dataLines: number;
  rows: (string | number)[][];
  totals: { currency: string; out: number; outRows: number; in: number; inRows: number }[];
  skipped?: { line: number; reason: string }[];
  bad?: { line: number; reason: string }[];
  reconciliation: { currency: string; status: "ok" | "off" | "none"; opening: number | null; closing: number | null; entries: number; difference: number | null; line?: number }[];
  notes?: string[];
};
