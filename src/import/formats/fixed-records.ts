import { isoDate } from "./values.ts";

/**
 * The records of a fixed-width statement (Norma 43's 80 characters, CFONB's 120) and their line numbers. A DOS
 * end-of-file mark (Ctrl-Z, "\x1a") after the last record is no record. A file without line breaks is its records back to
 * back (numbered as records, review of qa24: read as one line, such a file gave 0 rows, exit 0); a line longer than a
 * record in a file that has line breaks is refused, not read at fixed positions as one record.
 */
export function fixedRecords(text: string, width: number, fail: (line: number, why: string) => never): [number, string][] {
  const body = text.replace(/[\x1a\s]+$/, "");
  if (!/[\r\n]/.test(body)) {
    // The last record's trailing spaces may be gone with the end of the file; a piece that is no record is refused by the reader.
    return Array.from({ length: Math.ceil(body.length / width) }, (_, i) => [i + 1, body.slice(i * width, (i + 1) * width)]);
  }
  return body.split(/\r\n|\n|\r/).map((raw, i) => {
    if (raw.replace(/\s+$/, "").length > width) fail(i + 1, `the line is ${raw.replace(/\s+$/, "").length} characters long, a record ${width}`);
    return [i + 1, raw];
  });
}

/** DDMMYY as a day (years 70–99 are the 1900s), or null: the dates of CFONB 120 and CODA records. */
export function ddmmyy(raw: string): string | null {
  if (!/^\d{6}$/.test(raw)) return null;
  const yy = Number(raw.slice(4, 6));
  return isoDate(yy < 70 ? 2000 + yy : 1900 + yy, Number(raw.slice(2, 4)), Number(raw.slice(0, 2)));
}
