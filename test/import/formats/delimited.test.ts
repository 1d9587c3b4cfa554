/**
 * The CSV record reader (formats/delimited.ts): records with their first line and where they end, across line
 * ends (LF, CRLF, a lone CR), empty lines, a quoted field spanning lines, and a last line without a line end.
 */
import { describe, expect, test } from "bun:test";
import { forEachRecord } from "../../../src/import/formats/delimited.ts";

const records = (text: string, start = 0, firstLine = 1) => {
  const out: [number, string[], number][] = [];
  forEachRecord(text, ";", (r, end) => void out.push([r.line, r.fields, end]), start, firstLine);
  return out;
};

describe("forEachRecord", () => {
  test("a cell written as Excel's text formula (=\"…\") is the text in its quotes; an = elsewhere stays (QA round 4, pass 9)", () => {
    // ="05.01.2026" → 05.01.2026; ="-23,45" → -23,45; a = not followed by a quote, or inside a cell, is text.
    expect(records('="05.01.2026";Migros;="-23,45";=SUM(A1);a="b"\n')).toEqual([[1, ["05.01.2026", "Migros", "-23,45", "=SUM(A1)", 'a="b"'], 46]]);
  });

  test("line ends, empty lines, a quoted field over two lines, a last line without an end", () => {
    // "a;b\r\n" ends at 5; "\r\n" (line 2) is empty; '"x\ny";z\n' is lines 3–4 and ends at 15; "c;;\r" (line 5) at 19;
    // "d\n" (line 6) at 21; "e" (line 7) at the text's end, 22.
    const text = 'a;b\r\n\r\n"x\ny";z\nc;;\rd\ne';
    expect(records(text)).toEqual([
      [1, ["a", "b"], 5],
      [3, ["x\ny", "z"], 15],
      [5, ["c", "", ""], 19],
      [6, ["d"], 21],
      [7, ["e"], 22],
    ]);
    // From the third record on, numbered from line 5: the same records, their lines two lower.
    expect(records(text, 15, 5)).toEqual([
      [5, ["c", "", ""], 19],
      [6, ["d"], 21],
      [7, ["e"], 22],
    ]);
  });

  test("spaces before an opening quote are no text of the field: it is the quoted one (review of stop 46)", () => {
    // ` "b;c"` → b;c (the ; inside kept), `  "d"` → d; spaces before unquoted text, or alone, stay as written. The record
    // is 20 characters and its line end: it ends at 21.
    expect(records('a; "b;c";  "d"; e;  \n')).toEqual([[1, ["a", "b;c", "d", " e", "  "], 21]]);
    // A quote after spaces that does not close the field on its line is text: the next line stays a record of its own.
    expect(records('a; "b;c\nd;e\n')).toEqual([
      [1, ["a", ' "b', "c"], 8],
      [2, ["d", "e"], 12],
    ]);
    expect(records('a; "5" x;b\n')).toEqual([[1, ["a", ' "5" x', "b"], 11]]);
  });

  test("a quote inside an unquoted field is a character; text after a closing quote is kept", () => {
    expect(records('5" disk;x\n"a"b;c\n')).toEqual([
      [1, ['5" disk', "x"], 10],
      [2, ["ab", "c"], 17],
    ]);
  });
});
