/**
 * What the tools' follow-up questions (their `followUps`) read from a chart they drew.
 */
import type { ChartSpec } from "../../core/events.ts";

/** The label with the largest absolute value in a chart's first series: a name a question can carry (short, not "Other"), or null. */
export function largestLabel(chart: ChartSpec | null): string | null {
  const labels = chart?.data.labels ?? [];
  const values = chart?.data.datasets[0]?.values;
  if (!values?.length) return null;
  let best = -1;
  for (let i = 0; i < labels.length; i++) if (best < 0 || Math.abs(values[i] ?? 0) > Math.abs(values[best] ?? 0)) best = i;
  const label = labels[best];
  return label && label.length <= 40 && !/^other$/i.test(label) ? label : null;
}

/** " in 2025" for a call that names its year, else "". */
export function inYear(input: { year?: number }): string {
  return input.year ? ` in ${input.year}` : "";
}
