/** Periods (yyyymmdd spans) compared: overlap, one month, within a year, a month covered. */
import type { Span } from "./types.ts";

export const overlaps = (a: Span, b: Span) => a.from <= b.to && b.from <= a.to;
export const monthOf = (s: Span) => (s.from % 10000 / 100) | 0;
export const oneMonth = (s: Span) => Math.floor(s.from / 100) === Math.floor(s.to / 100);

/** A span of less than a year: a month named without its year can fall outside it. */
export const withinYear = (s: Span) => s.to - s.from < 10000;
/** Whether the span holds a day of the month (1–12) in any of its years. */
export function covers(s: Span, month: number): boolean {
  const y1 = Math.floor(s.from / 10000);
  const y2 = Math.floor(s.to / 10000);
  for (let y = y1; y <= y2; y++) {
    const m = y * 100 + month;
    if (m >= Math.floor(s.from / 100) && m <= Math.floor(s.to / 100)) return true;
  }
  return false;
}
