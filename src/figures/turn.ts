/**
 * The figures of one turn (SPEC §11, §11.1): what the model can have read while answering —
 * the results of this turn's tools (recorded as the invoker hands them over), the results of
 * earlier turns still in its history (their summaries: the source names that turn's question),
 * and the outcome of an approval decided in this turn — and the check of its answer once the
 * answer's text has ended.
 */
import type { ToolOutput } from "../core/events.ts";
import type { AnswerFigure, ListedRow, ListedTransaction, RowFilters } from "../core/figures.ts";
import type { CallPeriod } from "../core/figures.ts";
import { checkWithIndex, type CallSpan, indexFigures, mixesCurrencies, verifyCalculation, type Divisors, type FigureIndex } from "./check.ts";
import { callContext, figuresOfOutput, SUMMARY, type SourceFigure } from "./collect.ts";
import { lexiconOf, mentionedIn, type Lexicon, type Vocabulary } from "./context.ts";
import { OUTCOME } from "./outcome.ts";
import { allMatches } from "./read.ts";

type Call = { id: string; name: string; input: unknown };

export type TurnFigures = {
  /** Records the figures of one of this turn's tool results (pass it as the invoker's `onOutput`). */
  record(call: Call, output: ToolOutput): void;
  /** Records a tool result of an earlier turn that the model still sees: its summary, under that turn's question. */
  recordEarlier(call: Call, summary: string, question: string): void;
  /** Records the outcome of an approval decided in this turn (what the model was told). */
  recordOutcome(call: Call, outcome: string): void;
  readonly figures: readonly SourceFigure[];
  /**
   * Indexes what was recorded since the last index (nothing when nothing new was recorded): the
   * loop calls it while a model request is on its way, so that checking the answer only reads and
   * searches. A check indexes first if it was not called. With nothing recorded yet (a turn's
   * first request) it does nothing: that empty index waits for the first check, after the
   * request's answer began (it was ~25 µs of every turn's start, bench/concurrency.ts --profile).
   */
  prepare(): void;
  /** The answer's figures checked against what was recorded; numbers of `question` are not figures. */
  check(answer: string, question: string): AnswerFigure[];
  /**
   * Checks the finished paragraphs of an answer still being written (the loop calls it as each
   * paragraph ends), so that `check` at the answer's end has only its last paragraph to read.
   */
  checkSoFar(answer: string, question: string): void;
  /**
   * The answer's figures after the repair round (SPEC §11.1): what the model replied for each
   * unverified figure, verified here — a calculation over figures of the turn confirms one
   * (it becomes `derived`), a correction that checks out is kept with it (`correction`).
   */
  repair(answer: string, question: string, figures: readonly AnswerFigure[], replies: readonly FigureReply[], evaluate: (expression: string) => number): AnswerFigure[];
};

export type TurnFigureOptions = {
  /** The data's categories, merchants and accounts (what a figure can be about). */
  vocabulary: Vocabulary;
  /** The periods a call names (tools/query/period.ts callPeriods on the caller's budget.db). */
  periods(input: unknown): CallPeriod[];
  /** A tool's figure kind (its definition's `figureKind`). */
  figureKind(tool: string): "number" | undefined;
  /** The transactions a listed row may be within its call's filters (`input`: src/tools/query/listed.ts): a row's figure links to its one row. */
  rowIds?(row: ListedRow, input: unknown): readonly ListedTransaction[];
  /** The filters that open exactly the rows a spending figure of a merchant or account counts (src/transactions/counted.ts), or null. */
  spendingRows?(rows: RowFilters): RowFilters | null;
  /** How many rows the Transactions page opens for these filters (a recurring series' count links to its rows only when they are as many). */
  rowCount?(rows: RowFilters): number;
};

/** `ask` asked once per set of filters (its answers kept by the filters' JSON). */
function oncePerFilters<T>(ask: (rows: RowFilters) => T): (rows: RowFilters) => T {
  const asked = new Map<string, T>();
  return (rows) => {
    const key = JSON.stringify(rows);
    if (!asked.has(key)) asked.set(key, ask(rows));
    return asked.get(key)!;
  };
}

export function createTurnFigures(opts: TurnFigureOptions): TurnFigures {
  const lexicon = lexiconOf(opts.vocabulary);
  const figures: SourceFigure[] = [];
  const divisors: Divisors = { months: [], weeks: [], days: [] };
  let lists = 0;
  /**
   * The index of the figures recorded so far: built once after a burst of results (`prepare`,
   * or the first check after them), not after every result (bench/figures.ts).
   */
  let index: FigureIndex | null = null;
  /**
   * Paragraphs checked against the current index (cleared when a result arrives): a figure's
   * context never reaches across a blank line, so each paragraph is checked on its own.
   */
  let checked = new Map<string, Map<string, AnswerFigure[]>>();
  /** Where the paragraphs checked while the answer streamed end: the text up to there, and the question. */
  let streamed = { question: "", upTo: 0, text: "" };
  /** The latest year this turn's own calls name (not an earlier turn's, not an approval's): the answer's "this year". */
  let thisYear = 0;
  /** The periods the calls named, this turn's and earlier turns' (`earlier`): an average said of a period inside one divides by its months. */
  const spans: CallSpan[] = [];
  /** What the data says of a figure's rows, asked once per set of filters in a turn (an answer names a merchant again and again). */
  const spendingRows = opts.spendingRows && oncePerFilters(opts.spendingRows);
  const rowCount = opts.rowCount && oncePerFilters(opts.rowCount);
  /** Per call, the divisors of its own periods and charts: its figures are averaged over these, not another call's. */
  const callDivisors = new Map<string, Divisors>();
  const current = (): FigureIndex => (index ??= indexFigures(figures, { divisors, spans, callDivisors, lexicon, ...(thisYear ? { thisYear } : {}) }));
  const add = (call: Call, output: ToolOutput, extra: { turn?: string; part?: string } = {}) => {
    const periods = opts.periods(call.input);
    // A call that names no period (all dates, the current month) is about the period its result states, and gives its divisors.
    const stated = periods.length ? [] : opts.periods(statedPeriod(output.summary, lexicon));
    const read = figuresOfOutput(call.name, call.id, output, {
      lexicon,
      call: callContext(call.input, periods.length ? periods : stated, lexicon),
      figureKind: opts.figureKind(call.name),
      firstList: lists,
      ...(opts.rowIds ? { rowIds: (row: ListedRow) => opts.rowIds!(row, call.input) } : {}),
    });
    lists = read.lists;
    // A bare number (a calculation) over amounts of several currencies is no figure of any currency: not one of the turn.
    const expression = opts.figureKind(call.name) === "number" ? (call.input as { expression?: unknown } | null)?.expression : undefined;
    const mixed = typeof expression === "string" && figures.length > 0 && mixesCurrencies(current(), expression);
    for (const f of mixed ? [] : read.figures) {
      if (extra.turn) f.turn = extra.turn;
      // An approval's outcome is no tool summary: its figures say so where they stood.
      if (extra.part && f.where.startsWith(SUMMARY)) f.where = extra.part + f.where.slice(SUMMARY.length);
      if (extra.part) f.outcome = true;
      if (spendingRows) f.spendingRows = spendingRows;
      if (f.series && rowCount) f.rowCount = rowCount;
      figures.push(f);
    }
    if (!extra.part) {
      for (const p of [...periods, ...stated]) {
        if (!extra.turn) thisYear = Math.max(thisYear, Math.floor(p.to / 10000));
        spans.push({ from: p.from, to: p.to, divisors: { months: p.months, weeks: p.weeks, days: p.days }, call: call.id, ...(extra.turn ? { earlier: true } : {}) });
      }
    }
    const own: Divisors = callDivisors.get(call.id) ?? { months: [], weeks: [], days: [] };
    for (const p of [...periods, ...stated]) {
      for (const d of [divisors, own]) {
        d.months.push(...p.months);
        d.weeks.push(...p.weeks);
        d.days.push(...p.days);
      }
    }
    const charted = chartMonths(output);
    divisors.months.push(...charted);
    own.months.push(...charted);
    // A calculate result is of no period: no call's months divide it (else rerunning a half-year's figure through it takes the year's 12).
    if (own.months.length || own.weeks.length || own.days.length || call.name === "calculate") callDivisors.set(call.id, own);
    index = null;
    if (checked.size) checked = new Map();
  };
  const paragraph = (text: string, question: string) => {
    // Per question, then per paragraph's text (not one key joining them: each lookup would copy the question and the text).
    let ofQuestion = checked.get(question);
    if (!ofQuestion) checked.set(question, (ofQuestion = new Map()));
    let figs = ofQuestion.get(text);
    if (!figs) ofQuestion.set(text, (figs = checkWithIndex(text, question, current())));
    return figs;
  };
  return {
    figures,
    prepare: () => void (figures.length && current()),
    record: (call, output) => add(call, output),
    recordEarlier: (call, summary, question) => add(call, { summary, charts: [] }, { turn: question }),
    recordOutcome: (call, outcome) => add(call, { summary: outcome, charts: [] }, { part: OUTCOME }),
    check(answer, question) {
      const out: AnswerFigure[] = [];
      for (const p of paragraphsOf(answer)) {
        for (const f of paragraph(answer.slice(p.start, p.end), question)) out.push({ ...f, start: f.start + p.start, end: f.end + p.start });
      }
      return out;
    },
    checkSoFar(answer, question) {
      // Called as the text grows: only what follows the paragraphs checked last time is read again (the text so far
      // starts with them), and of it only the paragraphs a blank line has ended (the last may still grow).
      const from = streamed.question === question && streamed.upTo <= answer.length && answer.startsWith(streamed.text) ? streamed.upTo : 0;
      const rest = paragraphsOf(answer.slice(from));
      for (const p of rest.slice(0, -1)) paragraph(answer.slice(from + p.start, from + p.end), question);
      const upTo = from + rest.at(-1)!.start;
      streamed = { question, upTo, text: answer.slice(0, upTo) };
    },
    repair(answer, question, checked, replies, evaluate) {
      const unverified = checked.filter(needsRepair);
      return checked.map((f) => {
        const n = unverified.indexOf(f) + 1;
        const reply = n ? replies.find((r) => r.n === n) : undefined;
        if (!reply) return f;
        if (reply.verdict === "confirm" && reply.expression) {
          const confirmed = verifyCalculation(current(), f, reply.expression, evaluate);
          // A calculation is of the turn's figures, not of the figure itself: one of constants alone ("77", "7 * 11") or of
          // the figure's own value again ("18109.55 * 1", "(9500 + 9500) / 2") calculates nothing, and a figure found only
          // as something else (Groceries' amount written as Dining's) stays so (QA and review of stop 46).
          const restated = !confirmed?.length || confirmed.every((s) => Math.abs(Math.abs(s.value) - Math.abs(f.value)) < 1e-9);
          return confirmed && !restated ? { ...f, status: "derived", operation: "calculation", expression: reply.expression, sources: confirmed } : f;
        }
        if (reply.verdict === "correct" && reply.corrected) {
          // The correction, read where the figure stood: it must be found (or follow) as what the answer says.
          const p = paragraphsOf(answer).find((x) => f.start >= x.start && f.end <= x.end)!;
          const text = answer.slice(p.start, f.start) + reply.corrected + answer.slice(f.end, p.end);
          const at = f.start - p.start;
          const again = checkWithIndex(text, question, current()).find((x) => x.start === at);
          if (!again || (again.status !== "grounded" && again.status !== "derived")) return f;
          return {
            ...f,
            correction: {
              text: again.text,
              value: again.value,
              status: again.status,
              sources: again.sources,
              ...(again.operation ? { operation: again.operation } : {}),
              ...(reply.reason ? { note: reply.reason.slice(0, 200) } : {}),
            },
          };
        }
        return f;
      });
    },
  };
}

/** A figure the repair round asks about: not found, or found as something else. */
export const needsRepair = (f: AnswerFigure) => f.status === "ungrounded" || f.status === "mismatched";

/** What the model replied for the n-th unverified figure (1-based) when asked to check it. */
export type FigureReply = { n: number; verdict: "confirm" | "correct"; corrected?: string; expression?: string; reason?: string };

/** What ends a paragraph: a blank line. */
const BLANK_LINE = /\n[ \t]*\n/g;

/** The paragraphs of a text (between blank lines), as offsets. */
function paragraphsOf(text: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  let start = 0;
  for (const m of allMatches(BLANK_LINE, text)) {
    out.push({ start, end: m.index });
    start = m.index + m[0].length;
  }
  out.push({ start, end: text.length });
  return out;
}

/**
 * The period a result states in its first two sentences ("for all dates (2023-11-01 to
 * 2026-10-31)", "Budgets for 2026-10", "Today is 2026-11-02. The data runs from 2023-11-01 to
 * 2026-10-31"), as a tool input; a single day is none.
 */
function statedPeriod(summary: string, lexicon: Lexicon): { from: string; to: string } | null {
  const opening = /^[^.]*(?:\.(?=\S)[^.]*)*(?:\.\s[^.]*(?:\.(?=\S)[^.]*)*)?/.exec(summary)?.[0] ?? "";
  const span = mentionedIn(opening, lexicon).periods?.find((p) => p.from !== p.to);
  return span ? { from: isoDay(span.from), to: isoDay(span.to) } : null;
}

const isoDay = (d: number) => `${Math.floor(d / 10000)}-${String(Math.floor(d / 100) % 100).padStart(2, "0")}-${String(d % 100).padStart(2, "0")}`;


const MONTH_LABEL = /^\d{4}-\d{2}$/;

/** A chart by month counts its months: the months of the period inside the data (SPEC §1). */
function chartMonths(output: ToolOutput): number[] {
  return output.charts.map((chart) => chart.data.labels.filter((l) => MONTH_LABEL.test(l)).length);
}

export type FigureCounts = { checked: number; grounded: number; derived: number; mismatched: number; ungrounded: number };

/** How many figures an answer had, by status (the turn's audit entry, the usage page, the per-answer line). */
export function figureCounts(figures: readonly AnswerFigure[]): FigureCounts {
  const n: FigureCounts = { checked: figures.length, grounded: 0, derived: 0, mismatched: 0, ungrounded: 0 };
  for (const f of figures) n[f.status]++;
  return n;
}
