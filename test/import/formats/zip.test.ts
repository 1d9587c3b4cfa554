/**
 * A ZIP of statements (SPEC §10.1): each file in it is a statement of its own, folders kept in its name; the litter of
 * macOS and Windows is no file; over 1,000 files or 50 MB unpacked (also when the archive states less than it holds)
 * it is refused before anything is read; a damaged, encrypted or office-document ZIP is refused naming the file.
 */
import { describe, expect, test } from "bun:test";
import { ImportInputError } from "../../../src/core/errors.ts";
import { parseStatement } from "../../../src/import/formats/index.ts";
import { MAX_UNPACKED_BYTES, statementFiles } from "../../../src/import/formats/zip.ts";
import { fixture, makeZip } from "./support.ts";

const refusal = (bytes: Uint8Array) => {
  try {
    statementFiles({ name: "stmts.zip", bytes });
  } catch (e) {
    expect(e).toBeInstanceOf(ImportInputError);
    return (e as Error).message;
  }
  throw new Error("expected a refusal");
};

describe("a ZIP of statements", () => {
  test("each file is a statement of its own, named archive/folder/file; folders and litter are no files", () => {
    const zip = makeZip([
      { name: "2025/" },
      { name: "2025/03/camt053-v02.xml", data: fixture("camt053-v02.xml"), deflate: true },
      { name: "2025/03/mt940-postfinance.sta", data: fixture("mt940-postfinance.sta") },
      { name: "__MACOSX/2025/03/._camt053-v02.xml", data: "\u0000\u0005\u0016\u0007" },
      { name: ".DS_Store", data: "Bud1" },
    ]);
    const files = statementFiles({ name: "stmts.zip", bytes: zip });
    expect(files.map((f) => f.name)).toEqual(["stmts.zip/2025/03/camt053-v02.xml", "stmts.zip/2025/03/mt940-postfinance.sta"]);
    // Unpacked byte for byte, and read like the files themselves (5 and 2 rows, worked out in fixtures.test.ts).
    expect(files[0]!.bytes).toEqual(fixture("camt053-v02.xml"));
    expect(files.map((f) => parseStatement(f.bytes, { fileName: f.name }).rows.length)).toEqual([5, 2]);
  });

  test("a file that is no ZIP stands for itself", () => {
    const csv = fixture("neon.csv");
    expect(statementFiles({ name: "neon.csv", bytes: csv })).toEqual([{ name: "neon.csv", bytes: csv }]);
  });

  test("over 1,000 files, or over 50 MB unpacked — also when the archive states less than it holds — is refused", () => {
    const many = makeZip(Array.from({ length: 1001 }, (_, i) => ({ name: `s${i}.csv`, data: "a;b\n1;2\n" })));
    expect(refusal(many)).toBe("stmts.zip: the ZIP archive holds 1001 files; at most 1000 are imported at once (unpack it and import it in parts)");
    // 60 MB of zeros packs into ~60 KB; stated truthfully it is refused from the directory, stated as 10 bytes while inflating.
    const big = new Uint8Array(60 * 1024 * 1024);
    expect(refusal(makeZip([{ name: "big.csv", data: big, deflate: true }]))).toBe("stmts.zip: the ZIP archive unpacks to more than 50 MB; import its statements in parts");
    expect(refusal(makeZip([{ name: "big.csv", data: big, deflate: true, size: 10 }]))).toBe("stmts.zip: the ZIP archive unpacks to more than 50 MB; import its statements in parts");
    // Two files just under the limit each are over it together.
    const half = new Uint8Array(MAX_UNPACKED_BYTES / 2 + 1);
    expect(refusal(makeZip([{ name: "a.csv", data: half, deflate: true, size: 1 }, { name: "b.csv", data: half, deflate: true, size: 1 }]))).toBe(
      "stmts.zip: the ZIP archive unpacks to more than 50 MB; import its statements in parts",
    );
  });

  test("damaged, encrypted, empty archives and office documents are refused naming the file", () => {
    const zip = makeZip([{ name: "a.xml", data: fixture("camt053-v02.xml"), deflate: true }]);
    expect(refusal(zip.subarray(0, zip.length - 30))).toBe("stmts.zip: the ZIP archive is damaged (no end of central directory); is the file complete?");
    const flipped = zip.slice();
    flipped[40] = flipped[40]! ^ 0xff; // a byte of the member's packed data
    expect(refusal(flipped)).toMatch(/^stmts\.zip\/a\.xml: (the member cannot be unpacked|the ZIP archive is damaged \(the member's checksum does not match\))/);
    expect(refusal(makeZip([{ name: "a.xml", data: "x", flags: 1 }]))).toBe("stmts.zip/a.xml: the member is encrypted; unpack the archive with its password and import the files");
    expect(refusal(makeZip([{ name: "empty/" }]))).toBe("stmts.zip: the ZIP archive holds no files");
    expect(refusal(makeZip([{ name: "[Content_Types].xml", data: "<Types/>" }, { name: "xl/workbook.xml", data: "<workbook/>" }]))).toBe(
      "stmts.zip: this is an Excel .xlsx workbook, not a bank statement export (export the statement as CSV, camt.053 XML, MT940 or OFX)",
    );
  });

  test("a ZIP inside the ZIP is named, not read as a table", () => {
    const inner = makeZip([{ name: "a.csv", data: "a;b\n1;2\n" }]);
    const [member] = statementFiles({ name: "outer.zip", bytes: makeZip([{ name: "inner.zip", data: inner }]) });
    expect(() => parseStatement(member!.bytes, { fileName: member!.name })).toThrow("outer.zip/inner.zip: this is a ZIP archive inside an archive (unpack it and import its files), not a bank statement");
  });
});
