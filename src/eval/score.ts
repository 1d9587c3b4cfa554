/**
 * Scoring one run of one question: was an acceptable tool called — one the question names,
 * with its key arguments, or any tool whose result yields every expected figure —, does the
 * answer contain every expected figure (at the precision it writes), and how many of its
 * figures no result supports. A run is right only when all of that holds and it did not fail.
 *
 * Every number is read by the eval's own reader (eval/reader.ts), never by the product's
 * figure check: a mistake of the checker cannot make an answer look right or wrong here.
 */
import { periodBounds, type ExpectedFigure, type Period } from "../../eval/oracle.ts";
import { couldState, readNumbers, statesExactly, type EvalNumber } from "../../eval/reader.ts";
import type { ToolOutput, Usage } from "../core/events.ts";
import type { PreparedQuestion } from "./questions.ts";

/** One tool call of a run, as the agent's events reported it. */
export type CallRecord = { id: string; tool: string; input: unknown; ok: boolean; output?: ToolOutput; error?: string };

/** What one run of a question produced. */
export type RunRecord = {
  answer: string;
  calls: CallRecord[];
  /** Model calls (HTTP requests to the Messages API answered with success). */
  steps: number;
  usage: Usage;
  latencyMs: number;
  /** The turn's error (upstream or internal), if it failed. */
  error?: string;
  /** Figures of the answer that no result of the turn supports (the eval's own reading, see `unsupportedFigures`), as written. */
  ungrounded: string[];
};

export type RunScore = {
  rightTool: boolean;
  rightArgs: boolean;
  /** Per expected figure: found in the answer. */
  present: boolean[];
  right: boolean;
};

export function scoreRun(q: PreparedQuestion, run: RunRecord): RunScore {
  const done = run.calls.filter((c) => c.ok);
  // Any tool whose result yields every expected figure answers the question, named or not.
  const yielding = done.filter((c) => c.output && q.expected.every((e) => yields(c.output!, e)));
  const named = done.filter((c) => c.tool in q.tools);
  const rightTool = named.length > 0 || yielding.length > 0;
  const rightArgs = yielding.length > 0 || named.some((c) => argsMatch(q.tools[c.tool]!, c.input));
  const read = readNumbers(run.answer);
  const present = q.expected.map((e) => read.some((f) => states(f, e)));
  return { rightTool, rightArgs, present, right: !run.error && rightTool && rightArgs && present.every(Boolean) && run.ungrounded.length === 0 };
}

// ---------------------------------------------------------------------------------------
// Key arguments

const PERIOD_KEYS = ["year", "month", "from", "to"];

/** `from…to` of a call's period arguments ("" for an open end; year/month win as the tools read them). */
function callPeriod(input: Record<string, unknown>): string {
  if (typeof input.year === "number") {
    const b = periodBounds(typeof input.month === "number" ? { year: input.year, month: input.month } : { year: input.year });
    return `${b.from}…${b.to}`;
  }
  return `${typeof input.from === "string" ? input.from : ""}…${typeof input.to === "string" ? input.to : ""}`;
}

function expectedPeriod(p: Record<string, unknown>): string {
  const b = periodBounds(p as Period);
  return `${b.from}…${b.to}`;
}

function sameValue(key: string, want: unknown, got: unknown): boolean {
  // A list (group_by, categories): every key item among the call's, letter case aside.
  if (Array.isArray(want)) return Array.isArray(got) && want.every((w) => got.some((g) => String(g).toLowerCase() === String(w).toLowerCase()));
  if (typeof want === "string") {
    if (typeof got !== "string") return false;
    const w = want.trim().toLowerCase();
    const g = got.trim().toLowerCase();
    // A search may be more specific than the key term ("Kita Sonnenschein" for "Kita"); the figures tell whether it found the right rows.
    return key === "search" ? g.includes(w) : g === w;
  }
  if (typeof want === "object" && want !== null) {
    return typeof got === "object" && got !== null && expectedPeriod(want as Record<string, unknown>) === callPeriod(got as Record<string, unknown>);
  }
  return want === got;
}

/**
 * The call passes every key argument: the period (year/month or from/to) by the days it
 * covers, so `{year: 2025}` and `{from: "2025-01-01", to: "2025-12-31"}` are the same;
 * compare_periods' `a` and `b` likewise, in either order; text case-insensitively.
 */
export function argsMatch(key: Record<string, unknown>, input: unknown): boolean {
  if (typeof input !== "object" || input === null) return false;
  const got = input as Record<string, unknown>;
  if (PERIOD_KEYS.some((k) => k in key) && expectedPeriod(key) !== callPeriod(got)) return false;
  if ("a" in key && "b" in key) {
    const inOrder = sameValue("a", key.a, got.a) && sameValue("b", key.b, got.b);
    if (!inOrder && !(sameValue("a", key.a, got.b) && sameValue("b", key.b, got.a))) return false;
  }
  return Object.entries(key).every(([k, want]) => PERIOD_KEYS.includes(k) || k === "a" || k === "b" || sameValue(k, want, got[k]));
}

// ---------------------------------------------------------------------------------------
// Expected figures in the answer

/**
 * A figure of a text states an expected figure when it equals it at the precision written:
 * money to the franc or the cent (with or without its sign: "a deficit of CHF 659.52"), a
 * percentage to its written decimals, a count exactly. Rounder writings ("about CHF 18'000",
 * "18k") and bounds ("over CHF 18'000") do not state it.
 */
function states(f: EvalNumber, e: ExpectedFigure): boolean {
  if ((f.kind === "percent") !== (e.kind === "percent")) return false;
  if (e.kind === "count" && f.unit !== 1) return false;
  return statesExactly(f, e.value);
}

/** The expected figure is stated somewhere in `text`. */
export function figurePresent(text: string, e: ExpectedFigure): boolean {
  return readNumbers(text).some((f) => states(f, e));
}

/** The numbers a tool result shows: its summary's (as read), its charts' values, its tables' numeric cells. */
function shown(output: ToolOutput): { summary: EvalNumber[]; values: number[] } {
  const values: number[] = [];
  for (const c of output.charts) for (const d of c.data.datasets) for (const v of d.values) if (Number.isFinite(v)) values.push(v);
  for (const t of output.tables ?? []) for (const r of t.rows) for (const cell of r) if (typeof cell === "number") values.push(cell);
  return { summary: readNumbers(output.summary), values };
}

/** A result yields an expected figure: its summary states it, or a chart or table shows it to the cent (a percentage to a tenth). */
function yields(output: ToolOutput, e: ExpectedFigure): boolean {
  const { summary, values } = shown(output);
  if (summary.some((n) => states(n, e))) return true;
  const unit = e.kind === "percent" ? 0.1 : e.kind === "count" ? 1 : 0.01;
  return e.kind !== "percent" && values.some((v) => Math.abs(Math.abs(v) - Math.abs(e.value)) <= unit / 2 + 1e-9);
}

/** Divisors of an average a model may take over a period: its months, 52 weeks or 7 days, 365/366 days. */
const DIVISORS = [...Array.from({ length: 35 }, (_, i) => i + 2), 52, 365, 366];

/**
 * The figures of an answer that no successful result of the turn supports, as written. A figure
 * is supported when a number the results show could be it as written (a loose writing within its
 * rounding), or it follows from two numbers of one result's summary (a sum, a difference, a share
 * or a change in %) or from one divided by a period's months, weeks or days. Numbers of the
 * question are not the answer's.
 */
export function unsupportedFigures(answer: string, question: string, calls: CallRecord[]): string[] {
  const asked = readNumbers(question).map((n) => n.value);
  const results = calls.filter((c) => c.ok && c.output).map((c) => shown(c.output!));
  const all = results.flatMap((r) => [...r.summary.map((n) => n.value), ...r.values.map(Math.abs)]);
  return readNumbers(answer)
    .filter((n) => !asked.includes(n.value))
    .filter((n) => !all.some((v) => couldState(n, v)) && !results.some((r) => derivable(n, r.summary)))
    .map((n) => n.text);
}

function derivable(n: EvalNumber, summary: EvalNumber[]): boolean {
  const nums = summary.filter((x) => (n.kind === "percent" ? true : x.kind !== "percent")).map((x) => x.value);
  for (const a of nums) {
    if (n.kind !== "percent" && DIVISORS.some((d) => couldState(n, a / d))) return true;
    for (const b of nums) {
      if (n.kind === "percent") {
        if (b !== 0 && (couldState(n, (100 * a) / b) || couldState(n, (100 * (a - b)) / b))) return true;
        if (couldState(n, a + b) || couldState(n, a - b)) return true;
      } else if (couldState(n, a + b) || couldState(n, a - b)) return true;
    }
  }
  return false;
}
