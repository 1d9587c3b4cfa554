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
import type { FigureSource } from "../core/figures.ts";
import { parseDay } from "../ledger/calendar.ts";
import { readFigures, type FigureKind } from "./read.ts";
import { categoryOf, mentionedIn, nameOf, readInContext, type FigureContext, type Lexicon, type Span } from "./context.ts";

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
  /** The call's text search, if any (the Transactions page's `q` for the rows behind it). */
  search?: string;
};

/** What a call tells about all its figures: its periods, category, search, account, currency. */
export type CallContext = { periods: Span[]; categories?: string[]; names?: string[]; currency?: string; search?: string };

/** How to read a result: the data's names, the call's context, the tool's figure kind, and where its lists are numbered from. */
export type ReadOptions = {
  lexicon: Lexicon;
  call: CallContext;
  /** The tool's figure kind (the tool definition's `figureKind`): "number" for bare numbers. */
  figureKind?: "number";
  /** Numbers the turn's lists and clauses from (so those of several results never share a number). */
  firstList: number;
};

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
 * In a summary of a call over two periods (a comparison), a clause "X → Y (change)" is
 * about the first period up to the arrow, the second right after it, and both in brackets.
 */
function arrowPeriods(text: string, figures: { start: number }[], contexts: FigureContext[], periods: Span[]): void {
  if (periods.length !== 2) return;
  const clauseStart = (at: number) => Math.max(text.lastIndexOf(";", at), text.lastIndexOf(". ", at)) + 1;
  const clauseEnd = (at: number) => {
    const ends = [text.indexOf(";", at), text.indexOf(". ", at)].filter((e) => e >= 0);
    return ends.length ? Math.min(...ends) : text.length;
  };
  figures.forEach((f, i) => {
    const ctx = contexts[i]!;
    const start = clauseStart(f.start);
    if (ctx.periods || !text.slice(start, clauseEnd(f.start)).includes("→")) return;
    const lead = text.slice(start, f.start);
    const arrow = lead.indexOf("→");
    ctx.periods = arrow < 0 ? [periods[0]!] : lead.slice(arrow).includes("(") ? periods : [periods[1]!];
  });
}

/** The figures of one tool result. */
export function figuresOfOutput(tool: string, callId: string, output: ToolOutput, opts: ReadOptions): { figures: SourceFigure[]; lists: number } {
  const out: SourceFigure[] = [];
  const { lexicon, call } = opts;
  const bare = opts.figureKind === "number";

  // The summary: what the model reads.
  const { figures: read, contexts } = readInContext(output.summary, readFigures(output.summary, { counts: "bare" }), lexicon);
  const summaryKinds = read.map((f) => ({ start: f.start, kind: (bare ? "number" : f.kind) as SourceKind }));
  const { list, list2, clause, next } = summaryLists(output.summary, summaryKinds, opts.firstList);
  let lists = next;
  arrowPeriods(output.summary, read, contexts, call.periods);
  let end = 0;
  /** The label of the last amount or percentage: what a following count is about ("Housing … 52 tx"). */
  let label = "";
  read.forEach((f, i) => {
    const own = summaryLabel(output.summary.slice(end, f.start), label);
    end = f.end;
    const noun = f.kind === "count" ? countNoun(output.summary.slice(f.end, f.end + 24)) : "";
    if (f.kind !== "count") label = own;
    const where = noun ? [label, noun].filter(Boolean).join(" · ") : own;
    const currency = f.currency ?? "";
    // A change the tool signed ("+CHF 931.20", "-1.5%") says which way it went.
    const plus = output.summary[f.start - 1] === "+";
    const ctx = withCall({ ...contexts[i]!, ...(currency ? { currency } : {}), ...(f.value < 0 || plus ? { sign: f.value < 0 ? -1 : 1 } : {}) }, call);
    out.push({ tool, callId, where: where ? `${SUMMARY} · ${where}` : SUMMARY, value: f.value, text: f.text, kind: summaryKinds[i]!.kind, currency, seen: true, list: list[i]!, list2: list2[i]!, clause: clause[i]!, ctx });
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
        const ctx = merge(labelCtx[i] ?? {}, dsCtx, kind === "money" && currency ? { currency } : {}, withCall({}, call), titleCtx);
        const where = `${chart.title} · ${label}${many ? ` · ${ds.name}` : ""}`;
        out.push({ tool, callId, where, value, text: formatChartValue(value, chart, currency), kind, currency: kind === "money" ? currency : "", seen: false, list: l, list2: -1, clause: -1, ctx });
      });
    }
  }

  // Tables: each column is a list; a cell is about its row (its date, and the names and categories its text cells
  // are), its column's header and the title. Cells are looked up whole: a description's words name nothing.
  for (const table of output.tables ?? []) {
    const titleCtx = mentionedIn(table.title, lexicon);
    const columnLists = table.columns.map(() => lists++);
    const headerCtx = table.columns.map((c) => mentionedIn(c, lexicon));
    table.rows.forEach((row, r) => {
      const rowCtx = rowContext(table, row, lexicon);
      table.columns.forEach((column, c) => {
        const cell = row[c];
        if (cell == null) return;
        const where = `table ${table.title} · row ${r + 1} · ${column}`;
        const tableKind = table.kinds[c];
        if (typeof cell === "number") {
          if (!Number.isFinite(cell) || tableKind === "date") return;
          const kind: SourceKind = tableKind === "percent" ? "percent" : tableKind === "count" ? "count" : tableKind === "number" ? "ratio" : "money";
          const currency = kind === "money" ? (rowCurrency(table, row) ?? "") : "";
          // Every cell of a row is about the row's currency (its rows, its months), not only its amounts.
          const about = rowCurrency(table, row);
          const ctx = merge(headerCtx[c]!, rowCtx, about ? { currency: about } : {}, withCall({}, call), titleCtx);
          out.push({ tool, callId, where, value: cell, text: formatTableCell(table, row, c), kind, currency, seen: false, list: columnLists[c]!, list2: -1, clause: -1, ctx });
          return;
        }
        // Text cells count only when the whole cell is a figure ("85%", "CHF -50.00"): a number inside a
        // description ("ALDI SUISSE 68 ZUERICH") is a name, not a figure.
        const [f, ...more] = readFigures(cell);
        if (!f || more.length || f.text !== cell.trim()) return;
        const currency = f.currency ?? "";
        const ctx = merge(headerCtx[c]!, rowCtx, currency ? { currency } : {}, withCall({}, call), titleCtx);
        out.push({ tool, callId, where, value: f.value, text: f.text, kind: f.kind, currency, seen: false, list: columnLists[c]!, list2: -1, clause: -1, ctx });
      });
    });
  }
  return { figures: withSearch(out, call), lists };
}

function withSearch(figures: SourceFigure[], call: CallContext): SourceFigure[] {
  if (call.search) for (const f of figures) f.search = call.search;
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
      // A short label cell is a period or a weekday ("2025-03", "2024", "Mon"); a long one is a description.
      else if (cell.length <= 12) Object.assign(ctx, { ...mentionedIn(cell, lexicon), ...ctx });
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
  return { periods, ...(categories.length ? { categories } : {}), ...(names.length ? { names } : {}), ...(currency ? { currency } : {}), ...(search ? { search } : {}) };
}
