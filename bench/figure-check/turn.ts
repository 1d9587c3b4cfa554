/**
 * The turn of a labelled case (bench/figure-check/cases.ts) recorded as the chat records it: its
 * calls' stored results, the summaries of earlier turns, an approval's outcome. Shared by
 * bench/figure-check.ts (the checker's misses and false alarms) and bench/figure-links.ts (the
 * rows its figures' links open).
 */
import type { ToolOutput } from "../../src/core/events.ts";
import { createTurnFigures } from "../../src/figures/turn.ts";
import type { BudgetDb } from "../../src/ledger/reader.ts";
import { callPeriods } from "../../src/tools/query/period.ts";
import { READ_TOOLS } from "../../src/tools/registry.ts";
import { figureRowsData } from "../../src/tools/query/figure-rows.ts";
import { readResults, resultKey, type Case, type Db, type Results } from "./cases.ts";
import { runCall } from "./capture.ts";

/** The turns of cases over these databases, each results file read once. */
/**
 * `onOutput`: each call's stored result as it is recorded, by its id (a figure's source names its call by it). `today`:
 * each call's result as the tools give it today instead of the stored one (a frozen file's results are kept as written).
 */
export function turnsOver(dbs: Record<Db, BudgetDb>, onOutput?: (callId: string, output: ToolOutput) => void, today = false): (c: Case) => ReturnType<typeof createTurnFigures> {
  const results = new Map<string, Results>();
  const resultsOf = (c: Case) => {
    let r = results.get(c.results);
    if (!r) results.set(c.results, (r = today ? {} : readResults(c.results)));
    return r;
  };
  return (c) => {
    const ledger = dbs[c.db].ledger();
    const figures = createTurnFigures({
      vocabulary: ledger,
      periods: (input) => callPeriods(input, ledger),
      figureKind: (name) => READ_TOOLS.find((t) => t.name === name)?.figureKind,
      ...figureRowsData(dbs[c.db]),
    });
    let n = 0;
    const output = (call: Case["calls"][number]) => {
      const key = resultKey(c.db, call);
      if (today) resultsOf(c)[key] ??= runCall(dbs[c.db], c.db, call.tool, call.input);
      const out = resultsOf(c)[key];
      if (!out) throw new Error(`case ${c.id}: no stored result for ${call.tool} ${JSON.stringify(call.input)}: run bun bench/figure-check/capture.ts`);
      return out;
    };
    for (const e of c.earlier)
      for (const call of e.calls) {
        const id = `toolu_e${n++}`;
        onOutput?.(id, { summary: output(call).summary, charts: [] });
        figures.recordEarlier({ id, name: call.tool, input: call.input }, output(call).summary, e.question);
      }
    if (c.approval) figures.recordOutcome({ id: "toolu_approval", name: c.approval.tool, input: {} }, c.approval.outcome);
    for (const call of c.calls) {
      const id = `toolu_${n++}`;
      onOutput?.(id, output(call));
      figures.record({ id, name: call.tool, input: call.input }, output(call));
    }
    return figures;
  };
}
