/**
 * Scoring one run of one question: was an acceptable tool called, with the key arguments,
 * does the answer contain every expected figure (at the precision it writes), and how many of
 * its figures are ungrounded. A run is right only when all of that holds and it did not fail.
 */
import { periodBounds, type ExpectedFigure, type Period } from "../../eval/oracle.ts";
import type { ToolOutput, Usage } from "../core/events.ts";
import { readFigures, type ReadFigure } from "../figures/read.ts";
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
  /** Figures of the answer that match nothing of the turn (SPEC §11), as written. */
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
  const acceptable = done.filter((c) => c.tool in q.tools);
  const rightTool = acceptable.length > 0;
  const rightArgs = acceptable.some((c) => argsMatch(q.tools[c.tool]!, c.input));
  const read = readFigures(run.answer);
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
 * A figure of a text (read by the chat's own number reader) states an expected figure when
 * it equals it at the precision written: money to the franc or the cent (with or without its
 * sign: "a deficit of CHF 659.52"), a percentage to its written decimals, a count exactly.
 * Rounder writings ("about CHF 18'000", "18k") and bounds ("over CHF 18'000") do not state it.
 */
function states(f: ReadFigure, e: ExpectedFigure): boolean {
  if ((f.kind === "percent") !== (e.kind === "percent")) return false;
  if (f.bound || f.precision > 1 || (e.kind === "count" && f.precision !== 1)) return false;
  return Math.abs(Math.abs(f.value) - Math.abs(e.value)) <= f.precision / 2 + 1e-9;
}

/** The expected figure is stated somewhere in `text`. */
export function figurePresent(text: string, e: ExpectedFigure): boolean {
  return readFigures(text).some((f) => states(f, e));
}
