/**
 * Every statement fixture (test/fixtures/import), read by its reader, against what it holds,
 * worked out by hand from the file: each row (line, date, amount, currency, description), the
 * money out and money in per currency with their row counts, the skipped lines and bad rows with
 * their reasons, and what the file's balances say. The last test holds SPEC §10.1's "no silent
 * loss" for every fixture: rows + bad rows + skipped lines = the file's data lines (counted here
 * by hand, not by the reader), each data line accounted for exactly once.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { parseStatement } from "../../../src/import/formats/index.ts";
import { fileTotals } from "../../../src/import/importer.ts";
import { BANK_EXPECTED } from "./bank-fixtures.ts";
import { FORMAT_EXPECTED } from "./format-fixtures.ts";
import { GUESSED_BANK_EXPECTED } from "./guessed-bank-fixtures.ts";
import { brief, fixture, type Expected } from "./support.ts";

/** Every fixture: the formats' (format-fixtures.ts), one per bank layout (bank-fixtures.ts), and banks read without one (guessed-bank-fixtures.ts). */
const EXPECTED: Record<string, Expected> = { ...FORMAT_EXPECTED, ...BANK_EXPECTED, ...GUESSED_BANK_EXPECTED };

const readFixture = (name: string) => parseStatement(fixture(name), { fileName: name, fallbackCurrency: { code: "CHF", from: "the main currency of your data" } });

describe("every fixture, read as worked out by hand", () => {
  for (const [name, e] of Object.entries(EXPECTED)) {
    test(name, () => {
      const s = readFixture(name);
      expect([s.format, s.layout, s.account]).toEqual([e.format, e.layout, e.account]);
      expect(brief(s.rows.toArray())).toEqual(e.rows);
      expect(fileTotals(s.rows)).toEqual(e.totals);
      expect(s.skipped).toEqual(e.skipped ?? []);
      expect(s.badRows).toEqual(e.bad ?? []);
      expect(
        s.reconciliation.map((r) => ({ currency: r.currency, status: r.status, opening: r.opening, closing: r.closing, entries: r.entries, difference: r.difference, ...(r.line !== undefined ? { line: r.line } : {}) })),
      ).toEqual(e.reconciliation);
      expect(s.notes).toEqual(e.notes ?? []);
      const repeats = s.rows.toArray().flatMap((r) => (r.repeats ? [{ line: r.line, of: r.repeats.line, reason: r.repeats.reason }] : []));
      expect(repeats).toEqual(e.repeats ?? []);
    });
  }

  test("no fixture is left without its expectations", () => {
    const files = readdirSync(join(import.meta.dir, "../../fixtures/import")).filter((f) => !f.endsWith(".json"));
    expect(files.filter((f) => !(f in EXPECTED))).toEqual([]);
  });
});

describe("no silent loss (SPEC §10.1): every data line is a row, a bad row or a skipped line, exactly once", () => {
  for (const [name, e] of Object.entries(EXPECTED)) {
    test(name, () => {
      const s = readFixture(name);
      expect(s.dataLines).toBe(e.dataLines);
      expect(s.rows.length + s.badRows.length + s.skipped.length).toBe(e.dataLines);
      // A line is a row, a bad row or a skipped line, never two of them (a split batch's parts share their entry's line).
      const rowLines = new Set(s.rows.toArray().map((r) => r.line));
      const others = [...s.badRows, ...s.skipped].map((b) => b.line);
      expect(others.filter((l) => rowLines.has(l))).toEqual([]);
      expect(new Set(others).size).toBe(others.length);
    });
  }
});
