/**
 * The figures of one tool result (SPEC §11, §11.1): every number its summary states, every
 * chart value (with its label and dataset) and every numeric table cell (with its row and
 * column), each with where it came from, what it is about (its period, category, merchant,
 * currency…: read from the result the way the answer is read, src/figures/context.ts, and
 * from the call's own arguments), whether the model read it (summaries only: charts and
 * tables never reach the model), and the list it belongs to (a summary list, a table column,
 * a chart series: the figures an n-term sum may add up). Written as the page shows them
 * (src/core/format.ts), so a source reads exactly like the chart's tooltip or the table's cell.
 */
import type { ToolOutput } from "../core/events.ts";
import { formatChartValue, formatTableCell } from "../core/format.ts";
import type { FigureSource, ListedRow, ListedTransaction, RowFilters } from "../core/figures.ts";
import { addDays, parseDay } from "../ledger/calendar.ts";
import { allMatches, readFigures, type FigureKind, type ReadFigure } from "./read.ts";
import { inAccountName } from "./account-names.ts";
import { EVERY_SPENDING_CATEGORY, categoryOf, isAccount, isCountOfTime, mentionedIn, nameOf, readInContext, unitOfLabel, type FigureContext, type Lexicon, type Span } from "./context.ts";

/** "number": a bare number (a tool whose figureKind says so, e.g. a calculation), which an answer may write as any kind. */
export type SourceKind = FigureKind | "number";

/** A figure of the turn as the checker uses it: the stored source plus what the check needs. */
export type SourceFigure = FigureSource & {
  kind: SourceKind;
  /** The currency it was shown with ("" for none). */
  currency: string;
  /** The model read it (a summary, an approval's outcome), so it may have computed from it. */
  seen: boolean;
  /** The lists it belongs to (indices among the turn's lists): its clause's slot among clauses alike ("…, 2025-02 CHF 1'333.05, …"), and its part's slot among parts alike ("…; Interdiscount (Shopping) CHF 1'232.95, 23.3 × …; …"); -1 for none. */
  list: number;
  list2: number;
  /** The clause of a summary it stood in (numbered across the turn), or -1: a share or a change is taken within one. */
  clause: number;
  /** What it is about. */
  ctx: FigureContext;
  /** A figure of an approval's outcome (what the model was told was done), not of a tool's result. */
  outcome?: true;
  /** A change between two periods (a comparison's "+CHF 9'343.73", "-3.0%"), not an amount of either: derived only with changes. */
  change?: true;
  /** The call's text search, if any (the Transactions page's `q` for the rows behind it). */
  search?: string;
  /** The call's direction, if any (money out or in only: the page's `direction` for the rows behind it). */
  direction?: "out" | "in";
  /** The call selects rows by what a figure's rows do not carry (amount bounds, weekdays, exclusions, several searches): no page of rows is behind it. */
  beyondFilters?: true;
  /** One row of a listing (a transaction listed or found unusual): that transaction, the only row behind it (not a context the check reads). */
  row?: ListedTransaction;
  /** The period of the rows behind it when it is not the one it is about (a new merchant's payments in the call's period, said of its first day). */
  rowsPeriods?: Span[];
  /** A count of the rows of an amount: that amount's currency, the rows behind it (not a context the check reads). */
  rowsCurrency?: string;
  /** About the spending of all spending categories at once: no page of rows is behind it (not a context the check reads). */
  noRows?: true;
  /**
   * The filters that open exactly the rows a spending figure of these filters counts (src/transactions/counted.ts: a
   * merchant's spending-category rows, not its reimbursements), or null when none do; absent: the filters as they are.
   */
  spendingRows?: (rows: RowFilters) => RowFilters | null;
  /** How many rows the page opens for these filters: a recurring series' count links only to rows as many as its payments. */
  rowCount?: (rows: RowFilters) => number;
  /**
   * A recurring series' count of payments: the rows that may be its payments (its merchant's money out in its category,
   * from its first payment's day to its last's). They are its payments exactly when they are as many (a series is some of them).
   */
  series?: { merchant: string; category: string; from: number; to: number };
  /**
   * Where the data spells a merchant name several ways ("Migros", "MIGROS"), the text the figure's name is written in as
   * the result spells it: its summary line up to it ("VELO SHOP / 2025-05 ", "VELO SHOP first on 2025-05-09, 1 payment, "),
   * its table row's text cells, its chart label. Its rows are that spelling's only (context.ts `merchantSpelling`).
   */
  spelledIn?: string;
  /**
   * It is labelled with a merchant or account (a summary's "Migros (287)", a table row's merchant cell), not only the
   * call's search: one name among what "migros" found. Not a name the clause only quotes as the search ('matching
   * "Migros" …: 926 matches' is all the search found).
   */
  namedHere?: true;
};

/** What a call tells about all its figures: its periods, category, search, account, currency. */
export type CallContext = {
  periods: Span[];
  categories?: string[];
  names?: string[];
  currency?: string;
  search?: string;
  direction?: "out" | "in";
  beyondFilters?: true;
  /** Its amounts are no totals of rows: an average, median or largest payment per group (spending_breakdown's `metric`). */
  notASum?: true;
};

/** How to read a result: the data's names, the call's context, the tool's figure kind, and where its lists are numbered from. */
export type ReadOptions = {
  lexicon: Lexicon;
  call: CallContext;
  /** The tool's figure kind (the tool definition's `figureKind`): "number" for bare numbers. */
  figureKind?: "number";
  /** Numbers the turn's lists and clauses from (so those of several results never share a number). */
  firstList: number;
  /** The transactions a listed row may be, within its call's own filters (src/tools/query/listed.ts): a row's figure links to its one row. */
  rowIds?: (row: ListedRow) => readonly ListedTransaction[];
};

/** Tools that list transactions one per line or table row: an amount of a line is that one transaction. */
const LISTING_TOOLS = new Set(["list_transactions", "unusual_transactions"]);

/**
 * A line of a listing as its tool prints it, up to its amount and after it. list_transactions: "2025-05-20 CHF -50.00
 * (paid EUR 52.00) Migros "MIGROS ZUERICH" [Groceries]" (the day right before the amount; after it the merchant, the
 * description in quotes, the category in brackets); unusual_transactions: "2024-09-18 Zahnarztpraxis Dr. Keller
 * (Healthcare) CHF 480.00". A figure inside a description ("Rechnung: 2025-05-02 CHF 77.70") fits neither.
 */
const LIST_BEFORE = /(?:^|; |\. )(\d{4}-\d{2}-\d{2}) $/;
const LIST_AFTER = /^(?: \(paid [^)]*\))? ([^"]+?) "(?:[^"\\]|\\.)*" \[([^\]]+)\](?:;|\.|$)/;
const UNUSUAL_BEFORE = /(?:^|; |\. )(\d{4}-\d{2}-\d{2}) ([^;]+) \(([^()]+)\) $/;

/** A recurring series' line opens with its payee and category: "Swisscom (Subscriptions) monthly CHF 114.00". */
const SERIES_PAYEE = /^([^();]+?) \([^()]+\) (?:weekly|monthly|quarterly|yearly|every)\b/;
/** The one-offs of a recurring series, each a row of its own: "one-offs inside the series (not price changes): 2025-03-20 settlement CHF 491.45, 2025-04-08 refund CHF 71.78 and 7 more". */
const ONE_OFFS = /\bone-offs inside the series\b[^;]*$/;
const ONE_OFF_LINE = /(?:^|[:,]\s*)(\d{4}-\d{2}-\d{2}) [^;,\d]{0,60}$/;

/** A new merchant's line ("Putzfee Anna first on 2025-03-07, 6 payments, CHF 500.00"): its figures are of the call's period. */
const FIRST_ON = /\bfirst on \d{4}-\d{2}-\d{2}\b[^;]*$/;

/**
 * A recurring series' line up to its count of payments: "Immo AG (Housing) monthly CHF 2'200.00 (usual CHF 2'000.00), " (its
 * merchant, category and cadence first), and after it " payments 2026-01-01 to 2026-10-01". A line begins after "; ", the
 * first after the sentence of the active yearly cost ("Active yearly cost: CHF 26'685.40. ").
 */
const SERIES_LINE = /^(.+?) \(([^()]+)\) (?:weekly|monthly|quarterly|yearly) [^;]*, $/;
const SERIES_COUNT_AFTER = /^ payments (\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})\b/;
const FIRST_SERIES = /^.*?Active yearly cost: .*?\d\. /;

/** The series whose count of payments a summary's count is, or undefined for any other count. */
function seriesOfLine(summary: string, f: { start: number; end: number }): SourceFigure["series"] {
  const span = SERIES_COUNT_AFTER.exec(summary.slice(f.end, f.end + 40));
  if (!span) return undefined;
  const before = summary.slice(0, f.start);
  const start = before.lastIndexOf("; ");
  const line = SERIES_LINE.exec(start >= 0 ? before.slice(start + 2) : before.replace(FIRST_SERIES, ""));
  const from = parseDay(span[1]!);
  const to = parseDay(span[2]!);
  return line && from !== null && to !== null ? { merchant: line[1]!, category: line[2]!, from, to } : undefined;
}

/** The text of a row's cell in the column of that name, if any. */
function textCell(table: NonNullable<ToolOutput["tables"]>[number], row: (string | number | null)[], name: string): string | undefined {
  const v = row[table.columns.indexOf(name)];
  return typeof v === "string" ? v : undefined;
}

/** The series of a row of recurring_payments' table (its Merchant, Category, First and Last cells), for its Payments cell. */
function seriesOfRow(table: NonNullable<ToolOutput["tables"]>[number], row: (string | number | null)[]): SourceFigure["series"] {
  const cell = (name: string) => textCell(table, row, name);
  const [merchant, category, first, last] = [cell("Merchant"), cell("Category"), cell("First"), cell("Last")];
  const from = first === undefined ? null : parseDay(first);
  const to = last === undefined ? null : parseDay(last);
  return merchant !== undefined && category !== undefined && from !== null && to !== null ? { merchant, category, from, to } : undefined;
}

/**
 * The row a summary's amount is the amount of, as its line prints it (its day, merchant, category), or null when the
 * amount is no listed row's: a line of a listing, a recurring series' one-off (its day only: the series names its payee).
 */
function listedLine(tool: string, summary: string, f: { start: number; end: number }, between: string): Omit<ListedRow, "amount" | "currency"> | null {
  if (tool === "recurring_payments") {
    const m = ONE_OFFS.test(summary.slice(Math.max(0, f.start - 400), f.start)) ? ONE_OFF_LINE.exec(between) : null;
    return m ? dayOnly(m[1]!) : null;
  }
  if (tool === "list_transactions") {
    const day = LIST_BEFORE.exec(between);
    const after = day ? LIST_AFTER.exec(summary.slice(f.end, f.end + 400)) : null;
    return day && after ? { ...dayOnly(day[1]!), merchant: after[1]!, category: after[2]! } : null;
  }
  if (tool === "unusual_transactions") {
    const m = UNUSUAL_BEFORE.exec(between);
    return m ? { ...dayOnly(m[1]!), merchant: m[2]!, category: m[3]! } : null;
  }
  return null;
}

const dayOnly = (iso: string) => ({ day: parseDay(iso) ?? 0 });

/** Where a listing's table has the cells that name its rows (their indices; -1: no such column). */
type ListingColumns = { date: number; merchant: number; category: number };

/** The columns of a listing's table that name its rows: looked up once per table, not for every row. */
function listingColumns(tool: string, table: NonNullable<ToolOutput["tables"]>[number]): ListingColumns | null {
  if (!LISTING_TOOLS.has(tool)) return null;
  const column = (name: string) => table.columns.findIndex((c) => c.toLowerCase() === name);
  return { date: column("date"), merchant: column("merchant"), category: column("category") };
}

/** The row a listing's table row is (its date, merchant and category cells), or null for a table of no listing. */
function listedTableRow(columns: ListingColumns | null, row: (string | number | null)[]): Omit<ListedRow, "amount" | "currency"> | null {
  if (!columns) return null;
  const cell = (at: number) => {
    const v = row[at];
    return typeof v === "string" ? v : undefined;
  };
  const date = cell(columns.date);
  const day = date === undefined ? null : parseDay(date.slice(0, 10));
  const merchant = cell(columns.merchant);
  const category = cell(columns.category);
  return day === null || merchant === undefined || category === undefined ? null : { day, merchant, category };
}

/** The one transaction a listed row is, when exactly one row of the call's is alike (day, amount, currency, merchant, category). */
function listedTransaction(opts: ReadOptions, line: Omit<ListedRow, "amount" | "currency">, amount: number, currency: string): ListedTransaction | undefined {
  if (!opts.rowIds || !line.day || !currency) return undefined;
  const rows = opts.rowIds({ ...line, amount, currency });
  return rows.length === 1 ? rows[0] : undefined;
}

/** Where a summary clause begins: after a `;`, `:`, `(`, `,` or a sentence's full stop. */
const CLAUSE_BREAK = /[;:(,\n]|\.\s/g;
const LABEL_NOISE = /\b(?:CHF|EUR|USD|GBP)\b|[~≈→]/g;

const LINKING_WORDS = /^(?:(?:over|in|of|for|on|at|by|to|from|with|and|or|per|a|an|the|is|was|were)\s+)+|(?:\s+(?:over|in|of|for|on|at|by|to|from|with|and|or|per|a|an|the|is|was|were))+$/gi;

/**
 * The label a summary gives a number: the words of its clause before it ("Housing CHF
 * 34'231.60" → "Housing"), linking words dropped; a number with no words of its own
 * ("(18.6%, …") keeps the label of the number before it.
 */
function summaryLabel(between: string, previous: string): string {
  let cut = 0;
  for (const m of between.matchAll(CLAUSE_BREAK)) cut = m.index + m[0].length;
  const label = between.slice(cut).replace(LABEL_NOISE, "").replace(/\s+/g, " ").trim().replace(LINKING_WORDS, "");
  return label ? label.slice(-40) : previous;
}

/** The noun a count is of: "2'318 transactions" → "transactions". */
function countNoun(after: string): string {
  const m = /^\s+(\p{L}{2,20})/u.exec(after);
  return m && !/^(?:of|in|and|or|to|per|a|an|the|over|from)$/i.test(m[1]!) ? m[1]! : "";
}

/** The labels of a figure about all spending at once (when the call names no category). */
const ACROSS_CATEGORIES = /^(?:total|spending|net|savings rate)$/i;
/** A search's currency part: "CHF: 10 transactions from 2025-01-05 to 2025-10-05." (the days of its rows). */
const ROW_DAYS = /\b[A-Z]{3}: \d+ transactions? from (\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})\./g;

/**
 * Figures that are no total or count of rows (SPEC §11.1: a link only where its rows total the figure), by their label: an
 * average, median or usual amount ("avg CHF 67.12", "the usual CHF 48.95"), a budget and what remains of it, the fees
 * recorded on foreign purchases (a part of their booked amounts, not Fees rows), the outlier rule's numbers ("median + 5 ×
 * MAD and at least 5 earlier payments").
 */
const NOT_A_SUM = /\b(?:avg|average|usual|median|budget|remaining|MAD|fees recorded)\b/i;

/** An amount per month, week or day ("per month CHF 20.40 (12 months)", "average CHF 898.29 per month"), not a month's total. */
const RATE_BEFORE = /\b(?:per|a|each) (?:month|week|day|year)\s*:?\s*$/i;
const RATE_AFTER = /^\s+(?:per|a|each) (?:month|week|day|year)\b/i;
const RATE_ARROW = /\bper (?:month|week|day) [A-Z]{3} [^;→]*→\s*$/;

/** All spending at once, whatever category the call names ("All spending, for reference: total spending …", "total spent"). */
const ALL_SPENDING = /^(?:total spending|total spent|total budget)$/i;

/** Tools none of whose figures is a set of rows the page selects: a recurring series (its payments among the merchant's), a budget. */
const NO_ROWS_TOOLS = new Set(["recurring_payments", "set_budget"]);

/** Nouns of a count that counts no rows ("14 merchants", "12 months", "its 9 earlier payments", "22 expected recurring payments"). */
const NOT_ROW_NOUNS = /^(?:merchants?|categor(?:y|ies)|months?|weeks?|days?|years?|series|accounts?|currenc(?:y|ies)|earlier|expected)$/i;

/** Nouns of a count of rows ("27 tx", "921 transactions"), not of merchants, categories or months. */
const ROW_NOUNS = /^(?:tx|transactions?|payments?|rows?|bookings?)$/i;

/** A listing's count of the rows it shows ("showing 50 of 2'357 (first 20 here; the table shows all 50)"): part of its rows, no filter selects them. */
const SHOWN_PART = /^(?:showing|first)$|\bshows all$/i;

/** A sentence of money out or in only: its direction ("Unclassified money in": the Uncategorised rows of money in, SPEC §1). */
const SENTENCE_DIRECTION = /^\s*(?:Money (out|in): |Unclassified money (in)\b)/;

/** Where a number of a summary stands: "summary" or "summary · <label>" (the part of a result the model reads). */
export const SUMMARY = "summary";

/** The call's context fills what a figure's own context leaves open. */
function withCall(ctx: FigureContext, call: CallContext): FigureContext {
  const out = { ...ctx };
  if (!out.periods && !out.month && call.periods.length) out.periods = call.periods;
  if (!out.categories && call.categories?.length) out.categories = call.categories;
  if (!out.names && call.names?.length) out.names = call.names;
  if (!out.currency && call.currency) out.currency = call.currency;
  return out;
}

/**
 * Figures of a summary in lists: a clause (between `;`, `,` or `: ` outside brackets) whose
 * figures have the same kinds in the same order as the clause just before it, in the same
 * sentence, continues that clause's lists, slot by slot ("Housing CHF 34'231.60 (18.6%, 52
 * tx); Children CHF 30'751.05 (16.7%, 81 tx)": a list of amounts, one of shares, one of counts).
 */
/** A list number before its full stop ("; 2. Migros"): no sentence ends there. */
const LIST_NUMBER = /(?:^|[;:])\s?\d{1,2}$/;

function summaryLists(text: string, figures: { start: number; kind: SourceKind }[], first: number): { list: number[]; list2: number[]; clause: number[]; next: number } {
  /** Per figure: its clause (between top-level `;` `,` `: ` and sentence ends), its part (between `;` and sentence ends), its sentence. */
  const clause: number[] = [];
  const part: number[] = [];
  const sentence: number[] = [];
  let depth = 0;
  let c = 0;
  let p = 0;
  let s = 0;
  let fi = 0;
  for (let i = 0; i <= text.length && fi < figures.length; i++) {
    while (fi < figures.length && figures[fi]!.start === i) {
      clause[fi] = c;
      part[fi] = p;
      sentence[fi++] = s;
    }
    const ch = text[i];
    if (ch === "(") depth++;
    else if (ch === ")") depth = Math.max(0, depth - 1);
    else if (ch === "." && /\s/.test(text[i + 1] ?? " ") && !LIST_NUMBER.test(text.slice(Math.max(0, i - 4), i))) {
      c++;
      p++;
      s++;
    } else if (depth === 0 && ch === ";") {
      c++;
      p++;
    } else if (depth === 0 && (ch === "," || (ch === ":" && text[i + 1] === " "))) c++;
  }
  let next = first;
  /** Lists of figures by unit (clause or part): units alike in shape, one after the other in a sentence, continue each other's lists slot by slot. */
  const listsBy = (unit: number[]) => {
    const list = figures.map(() => -1);
    let prev = { shape: "", unit: -2, sentence: -1, lists: [] as number[] };
    for (let k = 0; k < figures.length; ) {
      let e = k;
      while (e < figures.length && unit[e] === unit[k]) e++;
      const shape = figures
        .slice(k, e)
        .map((f) => f.kind)
        .join(",");
      const continues = shape === prev.shape && unit[k] === prev.unit + 1 && sentence[k] === prev.sentence;
      const lists = continues ? prev.lists : figures.slice(k, e).map(() => next++);
      for (let j = k; j < e; j++) list[j] = lists[j - k]!;
      prev = { shape, unit: unit[k]!, sentence: sentence[k]!, lists };
      k = e;
    }
    return list;
  };
  const list = listsBy(clause);
  const list2 = listsBy(part);
  // Parts are numbered after the lists: one number space for both per turn.
  return { list, list2, clause: part.map((x) => next + x), next: next + p + 1 };
}

/**
 * In a summary of a call over two periods (a comparison), a clause "X → Y (change)" is about
 * the first period up to the arrow and the second after it; in the brackets after the arrow a
 * signed or zero figure is the change between them ("(+CHF 9'343.73, +5.3%)", "(CHF 0.00, no
 * change)"), any other the second period's ("(1 transaction)"); a bracket with its own arrow
 * ("(per month CHF 284.47 → CHF 2'266.79: +CHF 1'982.33, +696.9%)") reads alike, its changes
 * after the colon. Returns the changes (indices of `figures`): they are no amounts of a period.
 */
function arrowPeriods(text: string, figures: { start: number; value: number }[], contexts: FigureContext[], periods: Span[]): Set<number> {
  const changes = new Set<number>();
  if (periods.length !== 2) return changes;
  const clauseStart = (at: number) => Math.max(text.lastIndexOf(";", at), text.lastIndexOf(". ", at)) + 1;
  const clauseEnd = (at: number) => {
    const ends = [text.indexOf(";", at), text.indexOf(". ", at)].filter((e) => e >= 0);
    return ends.length ? Math.min(...ends) : text.length;
  };
  figures.forEach((f, i) => {
    const ctx = contexts[i]!;
    const start = clauseStart(f.start);
    const clause = text.slice(start, clauseEnd(f.start));
    if (!clause.includes("→")) return;
    const lead = text.slice(start, f.start);
    // The bracket the figure stands in, if any: what of it comes before the figure, and all of it.
    let depth = 0;
    let open = -1;
    for (let k = lead.length - 1; k >= 0 && open < 0; k--) {
      if (lead[k] === ")") depth++;
      else if (lead[k] === "(") depth ? depth-- : (open = k);
    }
    const signed = f.value <= 0 || text[f.start - 1] === "+";
    let side: 0 | 1 | "change";
    if (open < 0) side = lead.includes("→") ? 1 : 0;
    else {
      const inner = lead.slice(open);
      const close = text.indexOf(")", f.start);
      const bracket = text.slice(start + open, close < 0 ? text.length : close);
      if (bracket.includes("→")) side = !inner.includes("→") ? 0 : inner.slice(inner.indexOf("→")).includes(":") ? "change" : 1;
      else side = !lead.slice(0, open).includes("→") ? 0 : signed ? "change" : 1;
    }
    if (side === "change") changes.add(i);
    if (!ctx.periods) ctx.periods = side === "change" ? periods : [periods[side]!];
  });
  return changes;
}

/** A price change of a series: "2026-07-01 CHF 2'000.00 → CHF 2'200.00", or of one of its parts: '2025-04-01 "Miete…" CHF 1'850.00 → CHF 1'900.00'. */
const PRICE_CHANGE = /(\d{4}-\d{2}-\d{2})(?: ("[^"]*"))? $/;
/** A series' span: "9 payments 2026-01-01 to 2026-10-01". */
const SERIES_SPAN = /payments? (\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})/;
/** A series' current amount: right after its cadence ("monthly CHF 2'200.00"), or a part's after its name ('"Miete…" CHF 1'900.00'). */
const CURRENT_AFTER = /(?:(?:weekly|monthly|quarterly|yearly) |(")[^"]*" )$/;

/**
 * In a summary of recurring payments, when each amount of a series was in force (SPEC §2.1): a
 * price change "D a → b" says a was paid up to D (since the series began or the change
 * before), b from D (until the day before the next change or the series' last payment); the
 * current amount (after the cadence, or after a part's name) from its last change. So "the
 * rent was CHF 2'000 in August" is about a period it was not paid in, and reads so.
 */
function pricePeriods(text: string, figures: { start: number; end: number; kind: string }[], contexts: FigureContext[]): void {
  if (!text.includes("→")) return;
  // Per series (a part of the summary between semicolons): its span, its price changes per part name, its current amounts.
  let partStart = 0;
  let k = 0;
  while (k < figures.length) {
    const partEnd = text.indexOf(";", figures[k]!.start) < 0 ? text.length : text.indexOf(";", figures[k]!.start);
    partStart = Math.max(0, text.lastIndexOf(";", figures[k]!.start) + 1);
    const inPart: number[] = [];
    while (k < figures.length && figures[k]!.start < partEnd) inPart.push(k++);
    const span = SERIES_SPAN.exec(text.slice(partStart, partEnd));
    const first = span ? parseDay(span[1]!) : null;
    const last = span ? parseDay(span[2]!) : null;
    if (first === null || last === null) continue;
    const changes = new Map<string, { day: number; from: number; to: number }[]>();
    const current: { at: number; part: string }[] = [];
    for (const i of inPart) {
      const f = figures[i]!;
      if (f.kind !== "money") continue;
      const before = text.slice(Math.max(partStart, f.start - 160), f.start);
      const change = PRICE_CHANGE.exec(before);
      const next = inPart[inPart.indexOf(i) + 1];
      if (change && next !== undefined && /^ → $/.test(text.slice(f.end, figures[next]!.start))) {
        const day = parseDay(change[1]!);
        const list = changes.get(change[2] ?? "") ?? [];
        if (day !== null) list.push({ day, from: i, to: next });
        changes.set(change[2] ?? "", list);
        continue;
      }
      const cur = CURRENT_AFTER.exec(before.slice(-60));
      if (cur) current.push({ at: i, part: cur[1] ? before.slice(before.lastIndexOf('"', before.length - 3), before.length - 1) : "" });
    }
    let latest = first;
    for (const [part, list] of changes) {
      list.sort((a, b) => a.day - b.day);
      list.forEach((c, n) => {
        // Up to the change's day itself: "it went up on 1 July from CHF 2'000" names the day with the old price.
        contexts[c.from]!.periods = [{ from: n ? list[n - 1]!.day : first, to: c.day }];
        contexts[c.to]!.periods = [{ from: c.day, to: n + 1 < list.length ? addDays(list[n + 1]!.day, -1) : last }];
      });
      const since = list.at(-1)!.day;
      latest = Math.max(latest, since);
      for (const c of current) if (c.part && c.part === part) contexts[c.at]!.periods = [{ from: since, to: last }];
    }
    for (const c of current) if (!c.part && latest > first) contexts[c.at]!.periods = [{ from: latest, to: last }];
  }
}

/** The figures of one tool result. */
/** A quoted text of a summary, as the tools quote it (JSON string syntax: src/core/format.ts `quote`). */
const QUOTED = /"(?:[^"\\]|\\.)*"/g;

export function figuresOfOutput(tool: string, callId: string, output: ToolOutput, opts: ReadOptions): { figures: SourceFigure[]; lists: number } {
  const out: SourceFigure[] = [];
  const { lexicon, call } = opts;
  const bare = opts.figureKind === "number";
  /** What the call says of each chart value and table cell (its periods, categories, names, currency): one for all of them. */
  const callCtx = withCall({}, call);
  /** Per text cell, the figure it is (null: none), read once: a table's text cells repeat (its merchants, categories, days). */
  const cellFigures = new Map<string, ReadFigure | null>();
  const cellFigure = (cell: string) => {
    let f = cellFigures.get(cell);
    if (f === undefined) cellFigures.set(cell, (f = wholeCellFigure(cell)));
    return f;
  };

  // The summary: what the model reads.
  // A number inside a quoted booking text ("AIRBNB * 682453") is part of the text, no figure: read as a count it would
  // also break the list its row stands in, so the rows before and after it would no longer add up or differ.
  const quoted = [...output.summary.matchAll(QUOTED)];
  const inQuotes = (f: { start: number }) => quoted.some((q) => f.start > q.index && f.start < q.index + q[0].length);
  const all = readFigures(output.summary, { counts: "bare" });
  // What a review covers ("8 transactions at 5 merchants (in Uncategorised/Other, confidence below 0.9 or unclassified)")
  // names the categories it looks in, not those of its rows (the Groceries rows to review were read as Uncategorised's).
  const contextText = tool === "review_transactions" && call.categories?.length ? output.summary.replace(REVIEW_CRITERIA, (_, open: string, categories: string, below: string, or: string) => open + " ".repeat(categories.length) + below + " ".repeat(or.length)) : output.summary;
  const { figures: read, contexts } = readInContext(contextText, quoted.length ? all.filter((f) => !inQuotes(f)) : all, lexicon);
  const summaryKinds = read.map((f) => ({ start: f.start, kind: (bare ? "number" : f.kind) as SourceKind }));
  const { list, list2, clause, next } = summaryLists(output.summary, summaryKinds, opts.firstList);
  let lists = next;
  const changes = arrowPeriods(output.summary, read, contexts, call.periods);
  pricePeriods(output.summary, read, contexts);
  let end = 0;
  /** The label of the last amount or percentage: what a following count is about ("Housing … 52 tx"). */
  let label = "";
  /** The currency of the last amount: the rows a following count of them is in ("Groceries CHF 676.45 (5.5%, 27 tx)"). */
  let amountCurrency = "";
  /** Where that amount ends. */
  let amountEnd = 0;
  const incomeRows = tool === "income_vs_spending" ? incomeVsSpendingRows(output.summary) : undefined;
  /** The digits of an account's name ("Visa 4417 CHF"), read as an amount: no total of rows. */
  const inAccount = inAccountName(output.summary, lexicon);
  /** A search's currency parts with the days of their rows (ROW_DAYS), read once for all its amounts. */
  const rowDayParts = tool === "search_transactions" ? allMatches(ROW_DAYS, output.summary) : [];
  read.forEach((f, i) => {
    const prevEnd = end;
    const own = summaryLabel(output.summary.slice(end, f.start), label);
    end = f.end;
    const noun = f.kind === "count" ? countNoun(output.summary.slice(f.end, f.end + 24)) : "";
    if (f.kind !== "count") label = own;
    if (f.kind === "money") {
      amountCurrency = f.currency ?? "";
      amountEnd = f.end;
    }
    const where = noun ? [label, noun].filter(Boolean).join(" · ") : own;
    const currency = f.currency ?? "";
    // A count of the rows an amount is of is of that amount's currency (its drill-down shows those rows, not the other
    // currencies' too), unless its own clause names one ("EUR: 1 transaction").
    // A bare count in brackets right after an amount ("Groceries EUR 291.20 (91)") counts that amount's rows too.
    const afterAmount = !noun && i > 0 && read[i - 1]!.kind === "money" && /^\s*\($/.test(output.summary.slice(prevEnd, f.start));
    // Of an amount of its own part only: "Hotel Roma …, EUR 420.00; SBB first on 2025-01-15, 5 payments, CHF 337.00" counts no EUR rows.
    const samePart = !/;|\.\s/.test(output.summary.slice(amountEnd, f.start));
    const rowsIn = ((noun && ROW_NOUNS.test(noun)) || afterAmount) && samePart && !contexts[i]!.currency ? amountCurrency : "";
    // A change the tool signed ("+CHF 931.20", "-1.5%") says which way it went.
    const plus = output.summary[f.start - 1] === "+";
    const ctx = withCall({ ...contexts[i]!, ...(currency ? { currency } : {}), ...(f.value < 0 || plus ? { sign: f.value < 0 ? -1 : 1 } : {}) }, call);
    // A search's amounts are of its currency's rows, whose days its summary states ("CHF: 10 transactions from 2025-01-05 to
    // 2025-10-05. Money out: …"): a total of one year when they all lie in it, though the search ran longer (rev-uqa6 #3).
    if (tool === "search_transactions" && f.kind === "money") {
      const rows = rowDayParts.findLast((m) => m.index + m[0].length <= f.start);
      if (rows) ctx.rowDays = { from: Number(rows[1]!.replaceAll("-", "")), to: Number(rows[2]!.replaceAll("-", "")) };
    }
    // The spending of all spending categories at once (a total; income_vs_spending's spending, net and savings rate, whose
    // clause names income first) is no one category's rows: the Transactions page's filters cannot select them.
    const acrossCategories = !call.categories?.length && ACROSS_CATEGORIES.test(own);
    // … and about all of them at once: "Income vs spending for 2026." names Income in its heading, yet its spending is every
    // spending category's ("Housing and groceries drove your spending of EUR 18'043.87" was flagged, uqa6 #8). Not about no
    // category: a single one said of it ("Groceries cost EUR 18'043.87") is still not its figure (rev-uqa6 #2). Its net and
    // savings rate keep the heading's Income (no spending category's either).
    if (acrossCategories && tool === "income_vs_spending" && /^spending$/i.test(own) && ctx.categories?.every((c) => c.toLowerCase() === "income")) ctx.categories = [EVERY_SPENDING_CATEGORY];
    // Its label, or the name its bracket follows ("Migros (287)").
    const between = output.summary.slice(prevEnd, f.start);
    const namedHere = [own, summaryLabel(between.replace(/\s*\($/, ""), "")].some((l) => l && nameOf(lexicon, l));
    // A search's "Money out: CHF x in n transactions (average …)." and "Money in: …", a spending tool's "Unclassified money
    // in …: CHF x in n transactions", are of the rows of one direction.
    // A sentence begins after a full stop or a line break (budget_status writes one sentence a line).
    const sentenceStart = Math.max(output.summary.lastIndexOf(". ", f.start), output.summary.lastIndexOf("\n", f.start)) + 1;
    const sentence = SENTENCE_DIRECTION.exec(output.summary.slice(sentenceStart, f.start));
    // Its line up to it (after a sentence's or a list item's end), where its name is written as the data spells it.
    const spelledIn = lexicon.spellings.size ? output.summary.slice(Math.max(sentenceStart, output.summary.lastIndexOf("; ", f.start) + 1), f.start) : undefined;
    const direction = sentence?.[1] ?? sentence?.[2];
    // A name the clause reader lost (cut at a stop inside it) is given back when the item names one; only an item that
    // names several has no rows of its own (review of r4-figlinks: id links of listed lines were dropped with it).
    const lost = lostName(output.summary, f.start, contexts[i]!, lexicon);
    if (lost.length === 1) ctx.names = lost;
    const noRows =
      acrossCategories ||
      inAccount(f.start) ||
      lost.length > 1 ||
      SHOWN_PART.test(own) ||
      (incomeRows !== undefined && !incomeRows.summary(own, output.summary.slice(f.end, f.end + 3))) ||
      noRowsOfSummary(tool, { label, between, before: output.summary.slice(Math.max(0, f.start - 80), f.start), after: output.summary.slice(f.end, f.end + 40), noun, direction, sentence: output.summary.slice(sentenceStart, f.start), ctx: contexts[i]!, kind: f.kind, call, lexicon });
    if (f.kind === "count" && !ctx.unit && !noun) {
      const unit = unitOfLabel(own);
      if (isCountOfTime(unit)) ctx.unit = unit;
    }
    // A budget's remaining amount says which side of it the spending is: below zero over, else under.
    // (Its amount only: the "121.9% used" after it is no remaining amount.)
    if (f.kind === "money" && /\bremaining$/i.test(own)) ctx.budget = f.value < 0 ? "over" : "under";
    // A line of a listing is one transaction (a recurring series' one-offs too); a new merchant's line is about the call's period, not its first day.
    const line = f.kind === "money" && (!noRows || tool === "recurring_payments") && !FIRST_ON.test(between) ? listedLine(tool, output.summary, f, between) : null;
    const row = line ? listedTransaction(opts, line, f.value, currency) : undefined;
    // A recurring series' one-off is its payee's ("Swisscom (Subscriptions) monthly …, one-offs …: 2026-05-26 late fee CHF 20.00").
    if (line && tool === "recurring_payments" && !ctx.names) {
      const part = output.summary.slice(Math.max(output.summary.lastIndexOf("; ", f.start), output.summary.lastIndexOf(". ", f.start)) + 2, f.start);
      const payee = SERIES_PAYEE.exec(part);
      const names = payee ? mentionedIn(payee[1]!, lexicon).names : undefined;
      if (names?.length) ctx.names = names;
    }
    // A line whose one transaction is not known (rows alike on its day) has no link: its day's rows are more than it.
    const unlisted = line !== null && row === undefined;
    // A new merchant's payments and total (of its money out only: its refunds are no payments).
    const firstOn = tool === "unusual_transactions" && FIRST_ON.test(output.summary.slice(Math.max(0, f.start - 200), f.start));
    const series = tool === "recurring_payments" && f.kind === "count" ? seriesOfLine(output.summary, f) : undefined;
    out.push({ tool, callId, where: where ? `${SUMMARY} · ${where}` : SUMMARY, value: f.value, text: f.text, kind: summaryKinds[i]!.kind, currency, seen: true, list: list[i]!, list2: list2[i]!, clause: clause[i]!, ctx, ...(row !== undefined ? { row } : {}), ...(firstOn ? { rowsPeriods: call.periods } : {}), ...(rowsIn ? { rowsCurrency: rowsIn } : {}), ...((noRows && row === undefined && !series) || unlisted ? { noRows: true as const } : {}), ...(series ? { series } : {}), ...(spelledIn ? { spelledIn } : {}), ...(namedHere ? { namedHere: true as const } : {}), ...(direction ? { direction: direction === "out" ? ("out" as const) : ("in" as const) } : firstOn ? { direction: "out" as const } : {}), ...(changes.has(i) ? { change: true as const } : {}) });
  });
  if (bare) return { figures: withSearch(out, call), lists };

  // Charts: each dataset is a list; a value is about its label, its dataset and the chart's title.
  for (const chart of output.charts) {
    const many = chart.data.datasets.length > 1;
    const currency = chart.currency ?? "";
    const kind: SourceKind = chart.unit === "percent" ? "percent" : chart.unit === "count" ? "count" : "money";
    const titleCtx = mentionedIn(chart.title, lexicon);
    const labelCtx = chart.data.labels.map((l) => mentionedIn(l, lexicon));
    for (const ds of chart.data.datasets) {
      const dsCtx = mentionedIn(ds.name, lexicon);
      const l = lists++;
      ds.values.forEach((value, i) => {
        if (typeof value !== "number" || !Number.isFinite(value)) return;
        const label = chart.data.labels[i] ?? `#${i + 1}`;
        const ctx = merge(labelCtx[i] ?? {}, dsCtx, kind === "money" && currency ? { currency } : {}, callCtx, titleCtx);
        const where = `${chart.title} · ${label}${many ? ` · ${ds.name}` : ""}`;
        const noRows = (incomeRows !== undefined && !incomeRows.series(ds.name)) || noRowsOfPart(tool, `${chart.title} · ${ds.name}`, label, kind, ctx, opts);
        // A search's months of money out and of money in ("Out", "In") are of the rows of one direction.
        const direction = tool === "search_transactions" ? ({ Out: "out", In: "in" } as const)[ds.name as "Out" | "In"] : undefined;
        const spelledIn = lexicon.spellings.size ? label : undefined;
        out.push({ tool, callId, where, value, text: formatChartValue(value, chart, currency), kind, currency: kind === "money" ? currency : "", seen: false, list: l, list2: -1, clause: -1, ctx, ...(noRows ? { noRows: true as const } : {}), ...(direction ? { direction } : {}), ...(spelledIn ? { spelledIn } : {}) });
      });
    }
  }

  // Tables: each column is a list; a cell is about its row (its date, and the names and categories its text cells
  // are), its column's header and the title. Cells are looked up whole: a description's words name nothing.
  for (const table of output.tables ?? []) {
    const titleCtx = mentionedIn(table.title, lexicon);
    const columnLists = table.columns.map(() => lists++);
    // A new merchant's row ("First date") is about the call's period, not its first date.
    const dated = table.kinds.indexOf("date");
    const firstOn = dated >= 0 && /^first/i.test(table.columns[dated]!);
    // unusual_transactions' new merchants: their payments only (money out).
    const newPayments = tool === "unusual_transactions" ? { direction: "out" as const } : {};
    const headerCtx = table.columns.map((c) => mentionedIn(c, lexicon));
    const listing = listingColumns(tool, table);
    table.rows.forEach((row, r) => {
      const rowCtx = rowContext(table, row, lexicon);
      const spelledIn = lexicon.spellings.size ? row.filter((cell, c) => table.kinds[c] === "text" && typeof cell === "string").join("\n") : undefined;
      table.columns.forEach((column, c) => {
        const cell = row[c];
        if (cell == null) return;
        const where = `table ${table.title} · row ${r + 1} · ${column}`;
        const tableKind = table.kinds[c];
        if (typeof cell === "number") {
          if (!Number.isFinite(cell) || tableKind === "date") return;
          const kind: SourceKind = tableKind === "percent" ? "percent" : tableKind === "count" ? "count" : tableKind === "number" ? "ratio" : "money";
          // Every cell of a row is about the row's currency (its rows, its months), not only its amounts.
          const about = rowCurrency(table, row);
          const currency = kind === "money" ? (about ?? "") : "";
          const ctx = merge(headerCtx[c]!, rowCtx, about ? { currency: about } : {}, callCtx, titleCtx);
          const unit = kind === "count" ? unitOfLabel(column) : undefined;
          if (unit) ctx.unit = unit;
          // An age ("Days since last") is of its row's Last day, not of its First day or gap months (review of r4-figmiss A).
          const last = unit === "days" && /\bsince last\b/i.test(column) ? textCell(table, row, "Last") : undefined;
          const lastDay = last === undefined ? null : parseDay(last);
          if (lastDay !== null) ctx.periods = [{ from: lastDay, to: lastDay }];
          const noRows = noRowsOfPart(tool, `${table.title} · ${column}`, rowLabel(table, row), kind, ctx, opts);
          // A listing's row is one transaction: its amount links to it.
          const line = kind === "money" && !noRows && /^amount$/i.test(column) ? listedTableRow(listing, row) : null;
          const listed = line ? listedTransaction(opts, line, cell, currency) : undefined;
          const series = tool === "recurring_payments" && kind === "count" && column === "Payments" ? seriesOfRow(table, row) : undefined;
          out.push({ tool, callId, where, value: cell, text: formatTableCell(table, row, c), kind, currency, seen: false, list: columnLists[c]!, list2: -1, clause: -1, ctx, ...(rowCtx.names?.length ? { namedHere: true as const } : {}), ...((noRows && !series) || (line && listed === undefined) ? { noRows: true as const } : {}), ...(series ? { series } : {}), ...(spelledIn ? { spelledIn } : {}), ...(listed !== undefined ? { row: listed } : {}), ...(firstOn ? { rowsPeriods: call.periods, ...newPayments } : {}) });
          return;
        }
        const f = cellFigure(cell);
        if (!f) return;
        const currency = f.currency ?? "";
        const ctx = merge(headerCtx[c]!, rowCtx, currency ? { currency } : {}, callCtx, titleCtx);
        const noRows = noRowsOfPart(tool, `${table.title} · ${column}`, rowLabel(table, row), f.kind, ctx, opts);
        out.push({ tool, callId, where, value: f.value, text: f.text, kind: f.kind, currency, seen: false, list: columnLists[c]!, list2: -1, clause: -1, ctx, ...(noRows ? { noRows: true as const } : {}), ...(firstOn ? { rowsPeriods: call.periods, ...newPayments } : {}) });
      });
    });
  }
  return { figures: withSearch(out, call), lists };
}

/**
 * The merchants or accounts the list item of a summary's figure names that its context does not have (none: it lost no name): the clause reader
 * ends a sentence inside a name with a full stop or an exclamation mark ("1. Praxis Dr. med. S. Brunner CHF 1'144.53",
 * "4. Holy Cow! CHF 64.65"), and the figure's rows would be the item's other filters only (all of Healthcare's 46 rows
 * for the practice's 8). Only then: an item with no such stop inside it is read whole.
 */
function lostName(summary: string, at: number, ctx: FigureContext, lexicon: Lexicon): string[] {
  if (ctx.names?.length) return [];
  const item = summary.slice(Math.max(summary.lastIndexOf("; ", at), summary.lastIndexOf(": ", at)) + 1, at);
  return /[.!?]\s/.test(item) ? (mentionedIn(item, lexicon).names ?? []) : [];
}

/** The rest of a list as the tools label it: "Other (9 merchants)", "Other (1 merchant)" (merchant_breakdown), "Other (8)" (spending_breakdown's row or series). */
const REST_LABEL = String.raw`Other \(\d[\d'’]*(?: merchants?)?\)`;
/** A summary's figure of the rest of a list: after its label, or its count in the label's bracket ("Other (9 merchants)"). */
const REST_BEFORE = new RegExp(String.raw`\b(?:${REST_LABEL}[^;]*|Other \()$`);
/** A chart's label or series, a table's row, that is the rest of a list. */
const REST_ROW = new RegExp(String.raw`^${REST_LABEL}$`);

/**
 * A figure of a summary that is no total or count of rows the page selects (SPEC §11.1 drill-down: no link rather than rows
 * that total something else): a tool's whose figures are none (NO_ROWS_TOOLS); an average, a rate, a budget (NOT_A_SUM,
 * or its clause says "per month", "on average"); all spending at once; a count of merchants, months or earlier payments;
 * the rest of a list ("Other (9 merchants) CHF 3'164.60 (170 tx)": no filter selects the merchants not listed); a
 * spending breakdown's average, median or largest payment per group, or its spending per account of all categories at once
 * (the account's rows include its income and transfers); a listed row's amount as paid in another currency.
 */
function noRowsOfSummary(
  tool: string,
  f: { label: string; between: string; before: string; after: string; noun: string; direction: string | undefined; sentence: string; ctx: FigureContext; kind: FigureKind; call: CallContext; lexicon: Lexicon },
): boolean {
  if (NO_ROWS_TOOLS.has(tool)) return true;
  // A metric's amounts (not a sentence of money out or in only: "Unclassified money in …: CHF 940.66").
  if (f.call.notASum && f.kind === "money" && !f.direction) return true;
  // Its own words only: a figure with none ("Migros (839)") is not said of the label of the figure before it ("average").
  const own = summaryLabel(f.between, "");
  if (NOT_A_SUM.test(own) || ALL_SPENDING.test(own || f.label) || RATE_BEFORE.test(f.between) || RATE_AFTER.test(f.after)) return true;
  // "CHF 9.45 in fees recorded on the purchases"; the second period's side of "per month CHF 20.40 (12 months) → CHF 12.95".
  if (/^\s+in fees recorded\b/.test(f.after) || RATE_ARROW.test(f.sentence)) return true;
  if (f.noun && NOT_ROW_NOUNS.test(f.noun)) return true;
  if (f.kind === "count" && isCountOfTime(unitOfLabel(own))) return true;
  // The rest of a list: "Other (9 merchants) CHF 3'164.60 (170 tx" (merchant_breakdown), "Other (88) CHF 640.00 (1'803)" (spending_breakdown).
  if (REST_BEFORE.test(f.before)) return true;
  // A listed row's amount as paid in another currency ("CHF -28.95 (paid EUR -30.00)"): the page's currency is the booked one.
  if (/\(paid $/.test(f.between)) return true;
  return acrossAccount(tool, f.ctx, f.call, f.lexicon);
}

/** A chart value or table cell that is no total or count of rows (as noRowsOfSummary): by its tool, its column or series, its measure. */
function noRowsOfPart(tool: string, heading: string, label: string, kind: SourceKind, ctx: FigureContext, opts: ReadOptions): boolean {
  const { call, lexicon } = opts;
  if (NO_ROWS_TOOLS.has(tool) || (!!call.notASum && kind === "money") || NOT_A_SUM.test(heading) || (!!ctx.measure && ctx.measure !== "net")) return true;
  // The merchants a list leaves out ("Other" of a chart or table by merchant: no category Other), a comparison's amounts per month.
  if (/\bby merchant\b/i.test(heading) && /^Other\b/.test(label)) return true;
  // Its column or series.
  const part = heading.slice(heading.lastIndexOf(" · ") + 3);
  // The rest of a list by category as a row or a series ("Other (8)"): the categories left out, not the category Other.
  if (REST_ROW.test(label) || REST_ROW.test(part)) return true;
  // A listing's "Paid in" cell ("EUR -30.00" of a row booked in CHF): the page's currency is the booked one.
  if (part === "Paid in") return true;
  if (tool === "compare_periods" && /\bper (?:month|week|day)\b/i.test(heading)) return true;
  if (kind === "count" && isCountOfTime(unitOfLabel(part))) return true;
  return acrossAccount(tool, ctx, call, lexicon);
}

/** A spending breakdown's figure of an account, of all spending categories at once: the account's rows include its income and transfers. */
function acrossAccount(tool: string, ctx: FigureContext, call: CallContext, lexicon: Lexicon): boolean {
  return tool === "spending_breakdown" && !call.categories?.length && !!ctx.names?.length && ctx.names.every((n) => isAccount(lexicon, n));
}

/** A table row's first text cell (its merchant, category or label). */
function rowLabel(table: NonNullable<ToolOutput["tables"]>[number], row: (string | number | null)[]): string {
  const c = table.kinds.indexOf("text");
  const v = c >= 0 ? row[c] : undefined;
  return typeof v === "string" ? v : "";
}

/**
 * Which of income_vs_spending's figures are one category's rows, which the page selects exactly (SPEC §11.1: a link only
 * where its rows total the figure). Its income is the Income category's net; when the household's contributions count
 * (SPEC §1) it also holds the partner's money in, whatever its category, which then also leaves the not-spending flows
 * ("moved to own accounts CHF 0.00" of Transfers rows netting +26'400.00): then only "Income category CHF x" is. Its
 * spending, net and savings rate are all spending categories at once, no category's rows; of a period's "income /
 * spending / net" only the first is its income (QA: every spending value linked to category=Income, its words read from
 * the heading "Per month (income / spending / net)").
 */
function incomeVsSpendingRows(summary: string): { summary: (label: string, after: string) => boolean; series: (name: string) => boolean } {
  const contributions = /Household contributions counted as income/.test(summary);
  return {
    summary: (label, after) =>
      /^Income category$/i.test(label) ||
      (!contributions && (/^(?:income|invested|moved to own accounts|moved out)$/i.test(label) || (/^\d{4}(?:-\d{2})?$/.test(label) && after === " / "))),
    series: (name) => !contributions && name === "Income",
  };
}

/**
 * The figure a text cell is, when the whole cell is one ("85%", "CHF -50.00"): a number inside a description ("ALDI SUISSE
 * 68 ZUERICH") is a name, not a figure.
 */
function wholeCellFigure(cell: string): ReadFigure | null {
  const [f, ...more] = readFigures(cell);
  return !f || more.length || f.text !== cell.trim() ? null : f;
}

/** What the call selects its rows by beyond a figure's own context: its search, its direction, and filters the page's link does not carry. */
function withSearch(figures: SourceFigure[], call: CallContext): SourceFigure[] {
  for (const f of figures) {
    if (call.search) f.search = call.search;
    if (call.direction) f.direction ??= call.direction;
    if (call.beyondFilters) f.beyondFilters = true;
  }
  return figures;
}

/** What a table row is about: its date cells' days, and the categories, merchants and accounts its text cells are. */
function rowContext(table: NonNullable<ToolOutput["tables"]>[number], row: (string | number | null)[], lexicon: Lexicon): FigureContext {
  const ctx: FigureContext = {};
  row.forEach((cell, c) => {
    if (typeof cell !== "string" || !cell) return;
    const kind = table.kinds[c];
    if (kind === "date") {
      const d = parseDay(cell.slice(0, 10));
      if (d !== null) (ctx.periods ??= []).push({ from: d, to: d });
    } else if (kind === "text") {
      const category = categoryOf(lexicon, cell);
      const name = category ? undefined : nameOf(lexicon, cell);
      if (category) (ctx.categories ??= []).push(category);
      else if (name) (ctx.names ??= []).push(name);
      // A short label cell is a period or a weekday ("2025-03", "2024", "Mon"); a long one is a description, which
      // names a period only with a date ("statement-2026-10.csv": the file of October's statement).
      else if (cell.length <= 12) Object.assign(ctx, { ...mentionedIn(cell, lexicon), ...ctx });
      // A timestamp ("2026-08-04T18:38:16+00:00", when an import ran) is when a row was recorded, not what it is about.
      else if (/\d{4}-\d{2}/.test(cell) && !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(cell)) {
        const periods = mentionedIn(cell, lexicon).periods;
        if (periods) (ctx.periods ??= []).push(...periods);
      }
    }
  });
  return ctx;
}

/** The currency of a table row: its Currency column, else the table's. */
function rowCurrency(table: NonNullable<ToolOutput["tables"]>[number], row: (string | number | null)[]): string | undefined {
  const c = table.kinds.indexOf("currency");
  const v = c >= 0 ? row[c] : undefined;
  return typeof v === "string" && v ? v : table.currency;
}

/** The first part's dimensions, then what the others add. */
function merge(...parts: FigureContext[]): FigureContext {
  const out: FigureContext = {};
  for (const p of parts) {
    out.periods ??= p.periods;
    out.month ??= p.month;
    out.weekdays ??= p.weekdays;
    out.categories ??= p.categories;
    out.names ??= p.names;
    out.currency ??= p.currency;
    out.per ??= p.per;
    out.measure ??= p.measure;
  }
  for (const k of Object.keys(out) as (keyof FigureContext)[]) if (out[k] === undefined) delete out[k];
  return out;
}

/** The context a call's arguments give all its figures. */
export function callContext(input: unknown, periods: Span[], lexicon: Lexicon): CallContext {
  const i = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
  const strings = (v: unknown) => (typeof v === "string" ? [v] : Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
  const categories = [...strings(i.category), ...strings(i.categories)].map((c) => categoryOf(lexicon, c) ?? c);
  // A text search names what it found only when it is a name of the data ("Migros"; "Zuerich" also finds Migros rows).
  const names = [...strings(i.search).flatMap((s) => nameOf(lexicon, s) ?? []), ...strings(i.merchant), ...strings(i.account)];
  const currency = typeof i.currency === "string" ? i.currency.trim().toUpperCase() : undefined;
  const search = strings(i.search)[0];
  const direction = i.direction === "out" || i.direction === "in" ? i.direction : undefined;
  const beyondFilters =
    typeof i.min_amount === "number" || typeof i.max_amount === "number" || ["weekdays", "exclude_categories", "exclude_search"].some((k) => i[k] !== undefined) || strings(i.search).length > 1;
  // A metric other than the total is of the money-out payments only (their count, average, median, largest).
  const metric = typeof i.metric === "string" && i.metric !== "total" ? i.metric : undefined;
  const notASum = metric !== undefined && metric !== "count";
  const out = direction ?? (metric ? ("out" as const) : undefined);
  return {
    periods,
    ...(categories.length ? { categories } : {}),
    ...(names.length ? { names } : {}),
    ...(currency ? { currency } : {}),
    ...(search ? { search } : {}),
    ...(out ? { direction: out } : {}),
    ...(beyondFilters ? { beyondFilters: true as const } : {}),
    ...(notASum ? { notASum: true as const } : {}),
  };
}

/** The categories a review looks in, as its summary states them: "(in Uncategorised/Other, confidence below 0.8 or unclassified)". */
const REVIEW_CRITERIA = /(\(in )([^,()]*)(, confidence below [\d.]+ )(or unclassified)(?=\))/;
