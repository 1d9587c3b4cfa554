/** A context and its periods written for people: "2024 · Groceries", "2025-03". */
import { daysInMonth } from "../../ledger/calendar.ts";
import { MONTH_NAMES, WEEKDAYS } from "./date-words.ts";
import { monthOf, oneMonth } from "./spans.ts";
import type { FigureContext, Span } from "./types.ts";

/** The ISO dates written so far (every source of every check writes its period: the same few days again and again). */
const isoDays = new Map<number, string>();
const iso = (d: number) => {
  let s = isoDays.get(d);
  if (s === undefined) {
    s = `${Math.floor(d / 10000)}-${String(Math.floor(d / 100) % 100).padStart(2, "0")}-${String(d % 100).padStart(2, "0")}`;
    if (isoDays.size > 50_000) isoDays.clear();
    isoDays.set(d, s);
  }
  return s;
};

/** The periods written so far, by from × 10⁸ + to (both yyyymmdd, so the key is exact). */
const spanLabels = new Map<number, string>();

/** A period as people read it: "2025", "2025-03", "2025-03-14", "2025-01-01…2025-06-30". */
export function spanLabel(s: Span): string {
  const key = s.from * 1e8 + s.to;
  let label = spanLabels.get(key);
  if (label === undefined) {
    label = writeSpan(s);
    if (spanLabels.size > 50_000) spanLabels.clear();
    spanLabels.set(key, label);
  }
  return label;
}

function writeSpan(s: Span): string {
  const y1 = Math.floor(s.from / 10000);
  const y2 = Math.floor(s.to / 10000);
  if (s.from % 10000 === 101 && s.to % 10000 === 1231 && y1 === y2) return String(y1);
  if (s.from % 100 === 1 && oneMonth(s) && s.to % 100 === daysInMonth(y1, monthOf(s))) return iso(s.from).slice(0, 7);
  if (s.from === s.to) return iso(s.from);
  return `${iso(s.from)}…${iso(s.to)}`;
}

/** The ISO date of a yyyymmdd. */
export const isoOf = iso;

/** The context in a few words, for the note of a figure: "2024 · Groceries". */
export function contextLabel(c: FigureContext): string {
  const parts: string[] = [];
  if (c.periods?.length) parts.push(c.periods.map(spanLabel).join(" / "));
  else if (c.month) parts.push(MONTH_NAMES[c.month - 1]!);
  if (c.weekdays?.length) parts.push(c.weekdays.map((d) => WEEKDAYS[d]!.replace(/^./, (x) => x.toUpperCase())).join(" / "));
  if (c.categories?.length) parts.push(c.categories.join(" / "));
  if (c.names?.length) parts.push(c.names.join(" / "));
  if (c.currency) parts.push(c.currency);
  if (c.per) parts.push(`a ${c.per}`);
  if (c.balance) parts.push(c.balance < 0 ? "in the red" : "in the black");
  if (c.flow) parts.push(c.flow === "in" ? "money in" : "money out");
  return parts.join(" · ");
}
