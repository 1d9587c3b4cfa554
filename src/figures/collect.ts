/**
 * The figures of one tool result (SPEC §11): every number its summary states, every chart
 * value (with its label and dataset) and every numeric table cell (with its row and
 * column), each with where it came from. Written as the page shows them (src/core/format.ts),
 * so a source reads exactly like the chart's tooltip or the table's cell.
 */
import type { ToolOutput } from "../core/events.ts";
import { formatChartValue, formatTableCell } from "../core/format.ts";
import { readFigures } from "./read.ts";
import type { TurnFigure } from "./types.ts";

/** Where a summary clause begins: after a `;`, `:`, `(`, `,` or a sentence's full stop. */
const CLAUSE_BREAK = /[;:(,\n]|\.\s/g;
const LABEL_NOISE = /\b(?:CHF|EUR|USD|GBP)\b|[~≈]/g;

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

export function figuresOfOutput(tool: string, callId: string, output: ToolOutput): TurnFigure[] {
  const out: TurnFigure[] = [];
  let end = 0;
  /** The label of the last amount or percentage: what a following count is about ("Housing … 52 tx"). */
  let label = "";
  for (const f of readFigures(output.summary)) {
    const own = summaryLabel(output.summary.slice(end, f.start), label);
    end = f.end;
    const noun = f.kind === "count" ? countNoun(output.summary.slice(f.end, f.end + 24)) : "";
    if (f.kind !== "count") label = own;
    const where = noun ? [label, noun].filter(Boolean).join(" · ") : own;
    out.push({ tool, callId, where: where ? `${SUMMARY} · ${where}` : SUMMARY, value: f.value, text: f.text });
  }
  for (const chart of output.charts) {
    const many = chart.data.datasets.length > 1;
    for (const ds of chart.data.datasets) {
      ds.values.forEach((value, i) => {
        if (typeof value !== "number" || !Number.isFinite(value)) return;
        const where = `${chart.title} · ${chart.data.labels[i] ?? `#${i + 1}`}${many ? ` · ${ds.name}` : ""}`;
        out.push({ tool, callId, where, value, text: formatChartValue(value, chart, chart.currency ?? "") });
      });
    }
  }
  for (const table of output.tables ?? []) {
    table.rows.forEach((row, r) => {
      table.columns.forEach((column, c) => {
        const cell = row[c];
        if (cell == null) return;
        const where = `table ${table.title} · row ${r + 1} · ${column}`;
        if (typeof cell === "number") {
          if (Number.isFinite(cell) && table.kinds[c] !== "date") out.push({ tool, callId, where, value: cell, text: formatTableCell(table, row, c) });
          return;
        }
        // Text cells count only when the whole cell is a figure ("85%"): a number inside a
        // description ("ALDI SUISSE 68 ZUERICH") is a name, not a figure.
        const [f, ...more] = readFigures(cell);
        if (f && !more.length && f.text === cell.trim()) out.push({ tool, callId, where, value: f.value, text: f.text });
      });
    });
  }
  return out;
}
