/**
 * Counts standing alone in a markdown table's cells ("| Housing | CHF 9'082.70 | 12 |"): the reader reads a bare
 * whole number of an answer only beside a count of the same thing (read.ts), but a table's column says what its cells
 * count (its header: "Payments", "Meals out"), so a whole number that fills a cell of a body row is a count figure.
 * Not: the row's first cell (its label: a rank, a day), a column headed as a rank, a year, a day or a date.
 */
import { tableCells } from "./context.ts";
import type { ReadFigure } from "./read.ts";

/** A column whose numbers are no figures: a rank, a list number, a year, a day, a week, a month, a date, a time, an age. */
const NOT_COUNTED = /^(?:#|no\.?|nr\.?|rank(?:ing)?|pos(?:ition)?\.?|place|year|day(?:\s+of\s+month)?|week|month|date|time|hour|age|id|order|step)$/i;
/** A whole number alone in its cell (spaces around it). */
const BARE = /^\s*(\d{1,6})\s*$/;

/** The bare whole numbers of `text`'s table body cells (not already among `read`) as counts, merged into `read` in order. */
export function withTableCounts(text: string, read: ReadFigure[]): ReadFigure[] {
  if (!text.includes("|")) return read;
  const found: ReadFigure[] = [];
  let header: string[] | null = null;
  let offset = 0;
  for (const line of text.split("\n")) {
    const cells = tableCells(text, offset, offset + line.length);
    offset += line.length + 1;
    if (!cells) {
      header = null;
      continue;
    }
    const texts = cells.map((c) => text.slice(c.start, c.end).trim());
    if (!header) {
      header = texts;
      continue;
    }
    if (texts.every((t) => /^:?-*:?$/.test(t))) continue;
    cells.forEach((c, k) => {
      if (k === 0) return;
      const m = BARE.exec(text.slice(c.start, c.end));
      if (!m || NOT_COUNTED.test(header![k] ?? "")) return;
      const value = Number(m[1]);
      if (value >= 1900 && value <= 2100 && m[1]!.length === 4) return; // a year
      const start = c.start + m[0].indexOf(m[1]!);
      if (read.some((f) => f.start <= start && start < f.end)) return;
      found.push({ text: m[1]!, value, start, end: start + m[1]!.length, kind: "count", precision: 1, approximate: false });
    });
  }
  return found.length ? [...read, ...found].sort((a, b) => a.start - b.start) : read;
}
