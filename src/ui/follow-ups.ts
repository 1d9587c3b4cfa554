/**
 * Follow-up questions after an answer, computed from what its tools returned (no model
 * call): the largest category of a breakdown invites its merchants and its trend, a
 * monthly trend invites the breakdown of its period, and so on. At most three, never the
 * question a tool already answered.
 */
import type { TurnModel } from "./turn-model.ts";

const MAX = 3;

function yearOf(input: unknown): number | null {
  const y = (input as { year?: unknown } | null)?.year;
  return typeof y === "number" ? y : null;
}

/** The label with the largest absolute value in a chart's first dataset. */
function top(labels: string[], values: number[] | undefined): string | null {
  if (!values?.length) return null;
  let best = -1;
  for (let i = 0; i < labels.length; i++) if (best < 0 || Math.abs(values[i] ?? 0) > Math.abs(values[best] ?? 0)) best = i;
  const label = labels[best];
  return label && label.length <= 40 && !/^other$/i.test(label) ? label : null;
}

export function followUpQuestions(m: TurnModel): string[] {
  const out: string[] = [];
  const used = new Set(Object.values(m.toolCalls).map((c) => c.tool));
  const add = (q: string) => {
    if (!out.includes(q)) out.push(q);
  };
  for (const b of m.blocks) {
    if (b.kind !== "chart") continue;
    const call = m.toolCalls[b.toolId];
    if (!call) continue;
    const year = yearOf(call.input);
    const period = year ? ` in ${year}` : "";
    const { labels, datasets } = b.chart.data;
    if (call.tool === "spending_by_category") {
      const cat = top(labels, datasets[0]?.values);
      if (cat) {
        if (!used.has("merchant_breakdown")) add(`Which merchants do I spend most at for ${cat}${period}?`);
        if (!used.has("monthly_trend")) add(`How did my ${cat} spending develop month by month${period}?`);
      }
    } else if (call.tool === "merchant_breakdown") {
      const merchant = top(labels, datasets[0]?.values);
      if (merchant && !used.has("list_transactions")) add(`List my transactions at ${merchant}${period}`);
    } else if (call.tool === "monthly_trend" || call.tool === "income_vs_spending") {
      if (!used.has("spending_by_category")) add(`What were my biggest spending categories${period}?`);
      if (year && call.tool === "monthly_trend") add(`How does ${year} compare with ${year - 1}?`);
    } else if (call.tool === "search_transactions") {
      if (!used.has("list_transactions")) add("List these transactions");
    }
  }
  if (!out.length && used.has("list_transactions") && !used.has("spending_by_category")) add("What are my biggest spending categories this year?");
  return out.slice(0, MAX);
}
