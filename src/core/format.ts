/**
 * The one way numbers are written, everywhere (tool summaries the model reads, views,
 * charts, tables, the CLI): de-CH with an ASCII apostrophe as thousands separator,
 * `CHF 1'234.50`. Done by hand rather than with Intl, whose de-CH output uses U+2019 on
 * some ICU versions, so the text is byte-identical on every machine. Sum first, round
 * here, last.
 */

/** Groups the integer digits in threes with `'`: "1234567" → "1'234'567". */
function group(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, "'");
}

/** Whole cents of |x|, rounded half away from zero despite binary floating point (1.005 → 101). */
function absCents(x: number): number {
  return Math.round(Number((Math.abs(x) * 100).toPrecision(15)));
}

/** Rounded to cents, half away from zero, never -0. */
export function round2(x: number): number {
  const r = (Math.sign(x) * absCents(x)) / 100;
  return r === 0 ? 0 : r;
}

/**
 * `1'234.50`, `-12.00`: an amount without its currency (for lists that state it once).
 * Amounts that round to zero print without a sign; non-finite ones as `–`.
 */
export function formatAmount(amount: number): string {
  if (typeof amount !== "number" || !Number.isFinite(amount)) return "–";
  const cents = absCents(amount);
  const sign = amount < 0 && cents > 0 ? "-" : "";
  return `${sign}${group(Math.floor(cents / 100).toString())}.${(cents % 100).toString().padStart(2, "0")}`;
}

/** `CHF 1'234.50`; negatives put the sign after the code: `CHF -12.00`. */
export function formatMoney(amount: number, currency: string): string {
  return currency ? `${currency} ${formatAmount(amount)}` : formatAmount(amount);
}

/** An integer count with the same grouping: 12345 → "12'345". */
export function formatCount(n: number): string {
  if (typeof n !== "number" || !Number.isFinite(n)) return "–";
  const r = Math.round(n);
  return `${r < 0 ? "-" : ""}${group(Math.abs(r).toString())}`;
}

/** A plain number for table cells: integers grouped, fractions with up to 2 decimals. */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return "–";
  if (Number.isInteger(n)) return formatCount(n);
  const [int, frac] = Math.abs(n).toFixed(2).replace(/0+$/, "").split(".");
  return `${n < 0 ? "-" : ""}${group(int!)}${frac ? `.${frac}` : ""}`;
}

/** "45.9%" (one decimal); "0.0%" for an empty whole. */
export function formatPercent(part: number, whole: number): string {
  return `${whole ? ((part / whole) * 100).toFixed(1) : "0.0"}%`;
}

/** "1 transaction", "1'200 transactions", "2 categories". */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${formatCount(n)} ${n === 1 ? word : many}`;
}

/** At most `max` characters: a longer text keeps its first `max - 1` and ends in "…". */
export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Text from the data echoed into a summary: one line, at most `max` characters, quoted. */
export function quote(text: string | null, max = 60): string {
  return JSON.stringify(clip((text ?? "").replace(/\s+/g, " ").trim(), max));
}

/** 600000 → "10 minutes", 90000 → "90 seconds", 1000 → "1 second". */
export function formatDuration(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) {
    const m = ms / 60_000;
    return `${m} minute${m === 1 ? "" : "s"}`;
  }
  const s = Math.round(ms / 1000);
  if (s >= 1) return `${s} second${s === 1 ? "" : "s"}`;
  return `${ms} ms`;
}

/** "a, b and c". */
export function joinAnd(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** A chart value as the chart's unit says: money (`CHF 1'234.50`), a percentage (`85.4%`) or a count (`1'234`). */
export function formatChartValue(v: number, chart: { unit?: "percent" | "count" }, currency: string): string {
  return chart.unit === "percent" ? formatPercent(v, 100) : chart.unit === "count" ? formatCount(v) : formatMoney(v, currency);
}

/**
 * A table cell as every place shows it (the page's table, the figures of a turn), by its
 * column's kind: money in the row's currency (the table's currency column, else the
 * table's currency, else `pageCurrency`), counts and other numbers grouped, percentages
 * with one decimal, text as it is, an empty cell as "—".
 */
export function formatTableCell(
  table: { kinds: readonly string[]; currency?: string },
  row: readonly (string | number | null)[],
  i: number,
  pageCurrency = "",
): string {
  const v = row[i];
  if (v == null) return "—";
  if (typeof v !== "number") return v;
  switch (table.kinds[i]) {
    case "money": {
      // A table whose rows mix currencies has a currency column: each row's money is in its own currency.
      const currencyColumn = table.kinds.indexOf("currency");
      return formatMoney(v, currencyColumn >= 0 ? String(row[currencyColumn] ?? "") : (table.currency ?? pageCurrency));
    }
    case "count":
      return formatCount(v);
    case "percent":
      return formatPercent(v, 100);
    default:
      return formatNumber(v);
  }
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An Intl.DateTimeFormat, made once per locale, options and time zone (the server's when
 * omitted): making one costs far more than formatting with it (a sidebar of 1,000
 * conversations, the clock in every question's prompt).
 */
export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions, timeZone?: string): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone ?? ""} ${JSON.stringify(options)}`;
  let f = dateFormats.get(key);
  if (!f) dateFormats.set(key, (f = new Intl.DateTimeFormat(locale, { ...options, timeZone })));
  return f;
}

/**
 * "14:05": the time of an ISO instant on the 24-hour clock, as de-CH writes it, in
 * `timeZone` (the server's when omitted). Intl's hour cycle is pinned, so no ICU
 * version turns it into "2:05 PM".
 */
export function formatClock(iso: string, timeZone?: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const parts = dateFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }, timeZone).formatToParts(d);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "00";
  return `${part("hour")}:${part("minute")}`;
}

const MONTH_ABBR = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "2026-11-26" (or an ISO instant's date part) → "26 Nov 2026": how people write a day. */
export function formatDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) return iso;
  return `${Number(m[3])} ${MONTH_ABBR[Number(m[2]) - 1]} ${m[1]}`;
}

/** "2026-10" → "October 2026". */
export function formatMonth(yyyyMm: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(yyyyMm);
  const name = m ? MONTH_NAMES[Number(m[2]) - 1] : undefined;
  return m && name ? `${name} ${m[1]}` : yyyyMm;
}

/**
 * "26 Nov 2026, 14:05": an ISO instant as a day and a time on the 24-hour clock, in
 * `timeZone` (the server's when omitted; page.js rewrites it in the reader's zone).
 */
export function formatDateTime(iso: string, timeZone?: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const parts = dateFormat("en-GB", { year: "numeric", month: "2-digit", day: "2-digit" }, timeZone).formatToParts(d);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${formatDate(`${part("year")}-${part("month")}-${part("day")}`)}, ${formatClock(iso, timeZone)}`;
}

/** Money per currency, never one sum over several (SPEC §1, §3.3). */
export type CurrencyTotal = { currency: string; total: number };

/**
 * Signed amounts summed per currency (codes trimmed and upper-cased, as every figure knows
 * them), the currency with most amounts first (ties alphabetical).
 */
export function totalsByCurrency(items: Iterable<{ amount: number; currency: string }>): CurrencyTotal[] {
  const totals = new CurrencyTotals();
  for (const { amount, currency } of items) totals.add(amount, currency);
  return totals.list();
}

/** totalsByCurrency one amount at a time: for rows read once and not kept (a rule's 100,000 rows). */
export class CurrencyTotals {
  private readonly sums = new Map<string, { total: number; n: number }>();

  add(amount: number, currency: string): void {
    const code = String(currency ?? "").trim().toUpperCase();
    const t = this.sums.get(code) ?? { total: 0, n: 0 };
    t.total += amount;
    t.n++;
    this.sums.set(code, t);
  }

  list(): CurrencyTotal[] {
    return [...this.sums]
      .sort((a, b) => b[1].n - a[1].n || a[0].localeCompare(b[0]))
      .map(([currency, t]) => ({ currency, total: t.total }));
  }
}

/** "CHF -90.00, EUR -30.86": each currency's total, side by side. */
export function formatTotals(totals: readonly CurrencyTotal[]): string {
  return totals.map((t) => formatMoney(t.total, t.currency)).join(", ");
}

/** How a file's line is named in a message: CSV, MT940 and QIF lines, CAMT's entries and OFX's transactions by ordinal. */
export function rowPlace(format: string, line: number): string {
  return format === "camt" ? `entry ${line}` : format === "ofx" ? `transaction ${line}` : `line ${line}`;
}

/**
 * A stored row's place in its file, the format told by the file's name (transaction_details keeps the name, not the
 * format): "camt053.xml, entry 1", not "line 1" (QA of stop 46).
 */
export function placeInFile(file: string, line: number): string {
  const ext = /\.([a-z0-9]+)$/i.exec(file)?.[1]?.toLowerCase();
  return rowPlace(ext === "xml" ? "camt" : ext === "ofx" || ext === "qfx" ? "ofx" : "csv", line);
}
