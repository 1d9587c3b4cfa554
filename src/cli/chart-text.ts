import { type ChartSpec, type TableSpec } from "../core/events.ts";
import { formatChartValue } from "../core/format.ts";

const BAR_WIDTH = 24;

/** A chart as a compact text table for the terminal: one row per label, a bar per dataset. */
export function chartAsText(chart: ChartSpec, currency: string): string {
  const { labels, datasets } = chart.data;
  const max = Math.max(0, ...datasets.flatMap((d) => d.values.map((v) => Math.abs(v))));
  const labelWidth = Math.min(28, Math.max(...labels.map((l) => l.length), 5));
  const lines = [`▌${chart.title}`];
  labels.forEach((label, i) => {
    const cells = datasets.map((d) => {
      const v = d.values[i] ?? 0;
      const bar = "█".repeat(max > 0 ? Math.round((Math.abs(v) / max) * BAR_WIDTH) : 0);
      const name = datasets.length > 1 ? `${d.name} ` : "";
      return `${name}${formatChartValue(v, chart, currency).padStart(16)} ${bar}`;
    });
    lines.push(`  ${label.slice(0, labelWidth).padEnd(labelWidth)}  ${cells.join("   ")}`);
  });
  return lines.join("\n");
}

export function tableAsText(table: TableSpec): string {
  const widths = table.columns.map((c, i) =>
    Math.min(40, Math.max(c.length, ...table.rows.map((r) => String(r[i] ?? "").length))),
  );
  const row = (cells: (string | number | null)[]) =>
    "  " + cells.map((c, i) => String(c ?? "").slice(0, widths[i]).padEnd(widths[i]!)).join("  ");
  return [`▌${table.title}`, row(table.columns), ...table.rows.map(row)].join("\n");
}
