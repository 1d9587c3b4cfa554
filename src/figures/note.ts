/**
 * What a checked figure's note says (SPEC §11, §11.1): the page's tooltip, the export, the
 * CLI and the repair round's question to the model all word a figure the same way.
 */
import type { AnswerFigure, FigureSource } from "../core/figures.ts";

/** What is said when no figure of the turn backs a number. */
export const NOT_FOUND = "not found in the data of this answer";

/** A source as the note names it: "spending_by_category · summary · Groceries: CHF 7'431.20", with its earlier turn and what it is about. */
const source = (s: FigureSource) =>
  `${s.turn ? `earlier answer (“${s.turn.length > 60 ? `${s.turn.slice(0, 57)}…` : s.turn}”) · ` : ""}${s.tool} · ${s.where}${s.about ? ` (${s.about})` : ""}: ${s.text}`;

/** An average's divisor and its name, per rate. */
const PER = { week: { unit: "weeks", average: "weekly" }, day: { unit: "days", average: "daily" }, quarter: { unit: "quarters", average: "quarterly" }, year: { unit: "years", average: "yearly" } } as const;

const OPERATION_SIGN: Record<string, string> = { sum: "+", difference: "−", ratio: "÷", points: "−" };

/**
 * What a figure's mark says: its source ("spending_by_category · summary · Groceries:
 * CHF 7'431.20"), for a derived one the figures and the operation, for a mismatched one what
 * it was found as, or that nothing backs it.
 */
export function figureNote(f: AnswerFigure): string {
  if (f.correction) {
    const c = f.correction;
    return `${f.text}: corrected to ${c.text}${c.note ? ` (${c.note})` : ""} · ${c.sources.map(source).join("; ")}`;
  }
  if (f.status === "ungrounded") return `${f.text}: ${NOT_FOUND}`;
  if (f.status === "grounded") return f.sources.map(source).join("; ");
  if (f.status === "mismatched") return `${f.text}${f.said ? ` (said of ${f.said})` : ""}: found as ${f.sources.map(source).join("; ")}`;
  const [a, b] = f.sources;
  if (!a) return f.text;
  const all = f.sources.map(source).join("; ");
  switch (f.operation) {
    case "monthly_average":
      // A whole list's rows over the months (several sources): their sum ÷ the months.
      return `${f.sources.length > 1 ? `(${f.sources.map((s) => s.text).join(" + ")})` : a.text} ÷ ${f.months ?? "?"} months (monthly average) · ${all}`;
    case "average":
      return `${a.text} ÷ ${f.divisor ?? "?"} ${PER[f.per ?? "week"].unit} (${PER[f.per ?? "week"].average} average) · ${all}`;
    case "percent_change":
      return `change from ${a.text} to ${b?.text ?? "?"} · ${all}`;
    case "points":
      return `${a.text} − ${b?.text ?? "?"} (percentage points) · ${all}`;
    case "calculation":
      return `${f.expression ?? "?"} (checked calculation)${all ? ` · ${all}` : ""}`;
    case "sum":
      return `${f.sources.map((s) => s.text).join(" + ")} (sum) · ${all}`;
    case "mean":
      return `(${f.sources.map((s) => s.text).join(" + ")}) ÷ ${f.sources.length} (average) · ${all}`;
    case "yearly":
      // Of a longer period's total (`divisor` its months): ÷ its months × 12.
      if (f.sources.length === 2) return `(${a.text} − ${b!.text}) × ${f.months ?? "?"} months (a year of the monthly change) · ${all}`;
      return f.divisor ? `${a.text} ÷ ${f.divisor} months × ${f.months ?? "?"} (a year at that pace) · ${all}` : `${a.text} × ${f.months ?? "?"} months (a year at the monthly amount) · ${all}`;
    case "share_of_list":
      return `${a.text} ÷ (${f.sources.map((s) => s.text).join(" + ")}) (share of the list) · ${all}`;
    default:
      return `${a.text} ${OPERATION_SIGN[f.operation ?? ""] ?? "?"} ${b?.text ?? "?"} (${f.operation}) · ${all}`;
  }
}

