/**
 * Counts standing alone in a markdown table's cells ("| Housing | CHF 9'082.70 | 12 |"): the reader reads a bare
 * whole number of an answer only beside a count of the same thing (read.ts), but a table's column can say what its
 * cells count (its header: "Payments", "Merchants", "Months with payments"), so a whole number that fills a cell of a
 * body row under such a header is a count of that unit — the same unit a tool's table column gives its counts
 * (context.ts unitOfLabel). Any other column is not read: an amount, a share or a day of the month written without its
 * sign ("| CHF |", "| Share |", "| Due day |") is no count (r4-figaccfix2: "| Housing | 12 |" under "CHF" was grounded
 * as Housing's 12 transactions; "3" under "Transactions" as the 3 categories). Nor the row's first cell (its label).
 */
import { tableCells, unitOfLabel } from "./context.ts";
import type { ReadFigure } from "./read.ts";

/** A header that says its cells are amounts, shares, rates, days, positions or names, whatever count word it has ("Avg per payment", "Total (CHF)", "Due day"). */
const NOT_COUNTED = /\b(?:amount|total|sum|spent|spending|cost|paid|average|avg|mean|median|share|percent|per|rate|due|day|date|time|rank|year|month|week|id|no|nr|number|order|step)\b|[%/$€£#]/i;
/** A currency code in a header ("CHF", "Amount (EUR)"). */
const CURRENCY = /\b[A-Z]{3}\b/;

/** A header that is a count of things of no known unit ("Shops": the visits of r4k06's table by weekday): a count of anything, as "123 shops" is in prose. */
const ANY_COUNT = /^(?:count|shops|stores|items|times)$/i;

/** What a column's header says its cells count (`unit` none: anything), or null (then its cells are not read). */
function counted(header: string | undefined): { unit?: string } | null {
  // "# tx", "No. of payments", "Number of merchants": the count of what follows.
  header = header?.replace(/^(?:#|no\.|nr\.|number\s+of|count\s+of)\s*(?:of\s+)?/i, "");
  if (!header) return null;
  if (ANY_COUNT.test(header)) return {};
  const unit = NOT_COUNTED.test(header) || CURRENCY.test(header) ? undefined : unitOfLabel(header);
  return unit ? { unit } : null;
}

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
      const column = m ? counted(header![k]) : null;
      if (!m || !column) return;
      const value = Number(m[1]);
      if (value >= 1900 && value <= 2100 && m[1]!.length === 4) return; // a year
      const start = c.start + m[0].indexOf(m[1]!);
      if (read.some((f) => f.start <= start && start < f.end)) return;
      found.push({ text: m[1]!, value, start, end: start + m[1]!.length, kind: "count", precision: 1, approximate: false, tableCount: true, ...column });
    });
  }
  return found.length ? [...read, ...found].sort((a, b) => a.start - b.start) : read;
}
