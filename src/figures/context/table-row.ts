/** The context of the figures of a markdown table's row. */
import { setDim, slot, subjectsOf } from "./dims.ts";
import type { Dim, FigureContext, Mention, Target } from "./types.ts";

/** A table column of changes, by its header: "Change", "Difference", "Δ", "+/−". */
const CHANGE_HEADER = /^\s*(?:change|difference|diff\.?|Δ|delta|\+\s*\/\s*[-−])(?:\s*\([^)]*\))?\s*$/i;

/** A table row: each figure takes its own cell's mentions, then its column's header, then the row's first cell. */
export function attachRow(text: string, figures: readonly Target[], idx: number[], ms: Mention[], cells: Target[], header: Target[], out: FigureContext[]): void {
  const within = (t: Target | undefined) => (t ? ms.filter((m) => m.start >= t.start && m.end <= t.end) : []);
  const row = { start: cells[0]!.start, end: cells.at(-1)!.end };
  const subjects = subjectsOf(within(row));
  for (const i of idx) {
    const f = figures[i]!;
    const c = cells.findIndex((cell) => f.start >= cell.start && f.end <= cell.end);
    if (c < 0) continue;
    const ctx = out[i]!;
    const done = new Set<Dim>();
    for (const list of [within(cells[c]), within(header[c]), c > 0 ? within(cells[0]) : []]) {
      for (const m of list) {
        if (done.has(slot(m.dim))) continue;
        setDim(ctx, [m]);
        done.add(slot(m.dim));
      }
    }
    if (subjects.length) ctx.subjects = subjects;
    // A cell of a column headed "Change" is a change ("-201.25" beside "+607.04"), its minus a fall (review of r4-leadfig).
    if (header[c] && CHANGE_HEADER.test(text.slice(header[c]!.start, header[c]!.end))) {
      ctx.changeSaid = true;
      if (ctx.sign === undefined && /^[\s|]*[-−–]/.test(text.slice(cells[c]!.start, f.end))) ctx.sign = -1;
    }
  }
}
