/**
 * Follow-up questions after an answer, computed from what its tools showed (no model
 * call): each read tool offers its own (`followUps`, src/tools/types.ts), e.g. the largest
 * category of a breakdown invites its merchants and its trend. At most three, in the
 * order of the answer's charts, never the question a tool already answered; a call that
 * drew no chart (a list of rows) is asked only when no chart invited a question.
 */
import type { ChartSpec } from "../core/events.ts";
import { readCall, type TurnModel } from "./turn-model.ts";

const MAX = 3;

export function followUpQuestions(m: TurnModel): string[] {
  const asked = new Set(Object.values(m.toolCalls).map((c) => c.tool));
  const out = new Set<string>();
  const charted = new Set<string>();
  const offer = (toolId: string, chart: ChartSpec | null) => {
    const call = readCall(m, toolId);
    for (const q of call?.tool.followUps?.(chart, call.input, asked) ?? []) out.add(q);
  };
  for (const b of m.blocks) {
    if (b.kind !== "chart") continue;
    charted.add(b.toolId);
    offer(b.toolId, b.chart);
  }
  if (!out.size) for (const id of Object.keys(m.toolCalls)) if (!charted.has(id)) offer(id, null);
  return [...out].slice(0, MAX);
}
