/**
 * "See these transactions": the Transactions page's address for the rows behind a tool's
 * chart or table (SPEC §12), and behind a figure of an answer (SPEC §11.1 drill-down). A read
 * tool whose rows the page can select exactly says which filters those are (its `rowsLink`,
 * src/tools/types.ts) with these helpers; a tool whose rows the page's filters would not match
 * (spending across categories, recurring series, comparisons) has none.
 */
import type { AnswerFigure, FigureSource } from "../core/figures.ts";
import { addDays, daysInMonth, dayToIso, parseDay } from "../ledger/calendar.ts";
import { formatMoney } from "../core/format.ts";
import { SPENDING_TOOLS } from "../figures/check/sources.ts";
import { readFigures } from "../figures/read.ts";
import { UNCATEGORISED, UNKNOWN_MERCHANT } from "../ledger/schema.ts";
import { fold, MAX_ANY, rowsFilterString, transactionQueryString, type RowsFilter, type TransactionQuery } from "./query.ts";

/** The page's address for these filters. */
export function transactionsHref(q: Partial<TransactionQuery>): string {
  return `/transactions${transactionQueryString(q)}`;
}

/** The page's address for the rows of one filter set (a figure's source): its filters, a transaction's id under `any`. */
export function rowsHref(rows: RowsFilter): string {
  return transactionsHref(unionOfRows([rows]) ?? {});
}

/** The period and currency of a tool call as the page's filters: a year or a month becomes its first and last day. */
export function callScope(i: { year?: number; month?: number; from?: string; to?: string; currency?: string }): Partial<TransactionQuery> {
  const currency = i.currency?.trim().toUpperCase() || undefined;
  if (i.year === undefined) return { from: i.from, to: i.to, currency };
  const y = String(i.year).padStart(4, "0");
  if (i.month === undefined) return { from: `${y}-01-01`, to: `${y}-12-31`, currency };
  const m = String(i.month).padStart(2, "0");
  return { from: `${y}-${m}-01`, to: `${y}-${m}-${String(daysInMonth(i.year, i.month)).padStart(2, "0")}`, currency };
}

type Field = keyof RowsFilter;
const FIELDS: readonly Field[] = ["q", "category", "merchant", "account", "currency", "from", "to", "direction", "id", "amount"];

/**
 * A filter set of `any` in words, for the page: `Groceries · Migros · 2025-01-01 to 2025-03-31`, a search in quotes. A
 * set of one transaction is named by its day, amount and merchant (`2025-05-20 · CHF -50.00 · Migros`: `found`, the row
 * it still opens), or said to be no longer there (`found` null: no row has that id with that day, amount and currency).
 */
export function rowsFilterWords(f: RowsFilter, found?: { merchant: string | null } | null): string {
  if (f.id !== undefined) {
    const what = `${f.from ?? "…"} · ${formatMoney(Number(f.amount), f.currency ?? "")}`;
    if (found === null) return `the transaction of ${what}, which is no longer there`;
    return found === undefined ? `the transaction of ${what}` : `${what} · ${found.merchant ?? UNKNOWN_MERCHANT}`;
  }
  const period = f.from !== undefined || f.to !== undefined ? `${f.from ?? "…"} to ${f.to ?? "…"}` : undefined;
  const direction = f.direction === undefined ? undefined : f.direction === "out" ? "money out" : "money in";
  return [f.q === undefined ? undefined : `“${f.q}”`, f.category, f.merchant, f.account, f.currency, direction, period].filter((w) => w !== undefined).join(" · ");
}

/** Sets one field of a filter set (each field has its own type: a direction is out or in). */
const put = <K extends Field>(f: RowsFilter, k: K, v: RowsFilter[K]) => {
  f[k] = v;
};

/** A filter set without its unset fields. */
function setFields(f: RowsFilter): RowsFilter {
  const out: RowsFilter = {};
  for (const k of FIELDS) if (f[k] !== undefined && f[k] !== "") put(out, k, f[k]);
  return out;
}

/**
 * The page's filters for the rows of several filter sets together (the terms of a sum: several
 * categories, merchants or months): exactly the rows that pass at least one of them. What every
 * set says alike is a filter of its own (`category=Groceries`); periods that touch or overlap,
 * the sets otherwise alike, are one period (January to March); the rest goes to `any`, one filter
 * set each (`any=category%3DDining&any=category%3DGroceries`). Null for no set.
 */
export function unionOfRows(sets: readonly RowsFilter[]): Partial<TransactionQuery> | null {
  const seen = new Set<string>();
  const parts = sets.map(setFields).filter((f) => {
    const key = rowsFilterString(f);
    return seen.has(key) ? false : (seen.add(key), true);
  });
  if (!parts.length) return null;
  // A transaction is a filter set of `any` only, its day, amount and currency with it (the page names it there, with a link to drop it).
  if (parts.some((p) => p.id !== undefined)) return { any: parts };
  if (parts.length === 1) return parts[0]!;
  const common: RowsFilter = {};
  for (const k of FIELDS) {
    const v = parts[0]![k];
    if (v !== undefined && parts.every((p) => p[k] === v)) put(common, k, v);
  }
  const rest = parts.map((p) => {
    const r: RowsFilter = {};
    for (const k of FIELDS) if (p[k] !== undefined && common[k] === undefined) put(r, k, p[k]);
    return r;
  });
  // A set left with nothing of its own selects every row the common filters do: the others add none.
  if (rest.some((r) => Object.keys(r).length === 0)) return common;
  const periods = mergedPeriods(rest);
  if (periods?.length === 1) return { ...common, ...periods[0]! };
  return { ...common, any: periods ?? rest };
}

/** Sets that differ only in their period, each with both ends, as the fewest periods (those that touch or overlap joined); else null. */
function mergedPeriods(sets: readonly RowsFilter[]): { from: string; to: string }[] | null {
  if (!sets.every((s) => s.from !== undefined && s.to !== undefined && Object.keys(s).length === 2)) return null;
  const spans = sets.map((s) => ({ from: parseDay(s.from!)!, to: parseDay(s.to!)! })).sort((a, b) => a.from - b.from);
  const out: { from: number; to: number }[] = [];
  for (const s of spans) {
    const last = out.at(-1);
    if (last && s.from <= addDays(last.to, 1)) last.to = Math.max(last.to, s.to);
    else out.push({ ...s });
  }
  return out.map((s) => ({ from: dayToIso(s.from), to: dayToIso(s.to) }));
}

/**
 * A link from a figure of an answer to rows of the Transactions page. `of: "figure"`: the rows
 * that make the figure, whose total (or count) is the figure (a grounded figure's source's; a
 * sum's terms' together; never a percentage's, which totals no rows); `of: "term"`: one term's rows (an average, difference, ratio, change or
 * calculation: its total is that term, and the figure follows from the terms' totals).
 */
export type FigureRowsLink = { href: string; label: string; of: "figure" | "term" };

/**
 * Where the rows behind a figure are (SPEC §11.1 drill-down), from its sources' filters (its
 * correction's, when the repair round corrected it). A grounded figure found at several places
 * has one set of rows (the first with filters). A sum links to the union of its terms' rows, so the
 * page's total is the sum. Any other derived figure (an average, a difference, ratio, share,
 * change, points, a calculation) links to each term's rows, named by what the term is about: the
 * page totals rows, and no set of rows totals an average or a difference, so a link of "See the
 * rows" would pass the total of the rows it is worked out from for the figure itself (an average
 * of CHF 1'509.13 a month linked to rows totalling CHF 18'109.55). Nothing when a term has no rows
 * the page can select (a count of a chart, a comparison's change), since part of the rows would
 * pass for all of them, nor when terms of different values have the same filters (two list rows of
 * one merchant and day), since those rows total neither, nor for a percentage (grounded or a term),
 * which is no total or count of rows.
 *
 * The terms added up must be apart: a row two of them may share is counted once on the page but
 * once per term in the figure, so terms whose rows may overlap (two list rows of one merchant, day
 * and category, whose filters are the same; a category and a merchant in it) get no link. Terms
 * that count their rows differently (Uncategorised spending is money out only, any other
 * category's is net of its refunds: SPEC §1) get each its own link, whose rows total that term,
 * since neither the money out nor the net of their rows together is the sum; so do terms of money out and of money in
 * (a search's payments and contributions added up: their rows' net is the difference, and the page totals no sum of both).
 */
export function figureRowsLinks(f: AnswerFigure): FigureRowsLink[] {
  const backed = f.correction ?? f;
  if (backed.status !== "grounded" && backed.status !== "derived") return [];
  const whole = (sources: readonly FigureSource[]): FigureRowsLink[] => {
    const union = unionOfRows(sources.map((s) => s.rows!));
    // More terms than the page takes (no list of one answer has that many) get no link rather than a refused one.
    return union && (union.any?.length ?? 0) <= MAX_ANY ? [{ href: transactionsHref(union), label: "See the rows", of: "figure" }] : [];
  };
  if (backed.status === "grounded") {
    const first = backed.sources.find((s) => s.rows);
    return first && kindOf(first) !== "percent" ? whole([first]) : [];
  }
  if (!backed.sources.length || !backed.sources.every((s) => s.rows && kindOf(s) !== "percent")) return [];
  const terms = new Map<string, FigureSource[]>();
  for (const s of backed.sources) {
    const href = rowsHref(s.rows!);
    const same = terms.get(href) ?? [];
    // One set of rows totals one amount and counts one number (CHF 3'946.35 in 206 payments: CHF 19.16 each), never two.
    if (same.some((t) => (kindOf(t) === "count") === (kindOf(s) === "count") && t.value !== s.value)) return [];
    terms.set(href, [...same, s]);
  }
  const eachTerm = (): FigureRowsLink[] => {
    const labelled = [...terms].map(([href, [s]]) => ({ href, label: s!.about ?? s!.where, direction: s!.rows!.direction }));
    // Terms about the same rows, one of their money out, one of their money in, say which they are.
    const shared = (label: string) => labelled.filter((t) => t.label === label).length > 1;
    return labelled.map((t) => ({ href: t.href, label: t.direction && shared(t.label) ? `${t.label} · money ${t.direction}` : t.label, of: "term" }));
  };
  if (backed.operation !== "sum") return eachTerm();
  const sets = backed.sources.map((s) => setFields(s.rows!));
  if (sets.some((a, i) => sets.slice(i + 1).some((b) => mayOverlap(a, b)))) return [];
  const uncategorised = sets.filter((f) => f.category !== undefined && fold(f.category) === fold(UNCATEGORISED)).length;
  // Terms whose rows the page counts with other signs (money out and money in; a net of unknown side beside either) or an
  // Uncategorised term beside others: one link each. Terms of one side (a merchant's money out and another's spending,
  // which is net of its refunds) keep one link to their rows together (review of r4-figlinks: CSS + Hotelplan lost theirs).
  const signs = new Set(backed.sources.map(signOf));
  return (uncategorised > 0 && uncategorised < sets.length) || signs.size > 1 ? eachTerm() : whole(backed.sources);
}

/** The side of a term's rows on the page: money out and a spending tool's net (spending net of refunds) are out, money in is in, any other net unknown. */
function signOf(s: FigureSource): "out" | "in" | "unknown" {
  const d = s.rows!.direction;
  return d === "out" ? "out" : d === "in" ? "in" : SPENDING_TOOLS.has(s.tool) ? "out" : "unknown";
}

/** What a source's figure is, as the number reader reads it ("206": a count, "CHF 19.16": money, "7.1%": a percentage). */
const kindOf = (s: FigureSource) => readFigures(s.text, { counts: "bare" })[0]?.kind;

/**
 * Whether two filter sets may select a row in common: nothing both name tells them apart (another
 * category, merchant, account or currency; periods that do not meet; money out and money in). A
 * search tells nothing apart: any row may match both. Names equal ignoring case may: the page takes
 * a category or account so, and a merchant spelled as none of the rows its other filters select
 * ("Migros" in a year of MIGROS only, "migros") opens every spelling (listing.ts `merchantMask`);
 * only the data tells whether two spellings open apart, so a sum across them has no one link.
 */
function mayOverlap(a: RowsFilter, b: RowsFilter): boolean {
  if (a.direction !== undefined && b.direction !== undefined && a.direction !== b.direction) return false;
  if (a.id !== undefined && b.id !== undefined) return a.id === b.id;
  if (a.amount !== undefined && b.amount !== undefined && a.amount !== b.amount) return false;
  for (const k of ["category", "merchant", "account", "currency"] as const) if (a[k] !== undefined && b[k] !== undefined && fold(a[k]) !== fold(b[k])) return false;
  return !((a.to !== undefined && b.from !== undefined && a.to < b.from) || (b.to !== undefined && a.from !== undefined && b.to < a.from));
}
