import { type ChartSpec } from "../src/core/events.ts";
import { formatChartValue } from "../src/core/format.ts";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * "2025-01" → "Jan 2025" (the ChartSpec keeps YYYY-MM; only the display is short). The
 * year stays four digits: "Nov 23" reads as a day. public/figures.js drops the year from
 * an axis label whose year the label before it already showed. Other labels unchanged.
 */
export function shortLabel(label: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(label);
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  return m && month ? `${month} ${m[1]}` : label;
}

/** A time axis: every label a month (YYYY-MM). */
export function isMonthAxis(labels: string[]): boolean {
  return labels.length > 0 && labels.every((l) => /^\d{4}-\d{2}$/.test(l));
}

/** The chart's data as CSV text: label, then one column per dataset (raw numbers). */
export function chartCsv(chart: ChartSpec): string {
  const rows = [["Label", ...chart.data.datasets.map((d) => d.name)], ...chart.data.labels.map((l, i) => [l, ...chart.data.datasets.map((d) => String(d.values[i] ?? ""))])];
  return rows.map((r) => r.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/**
 * What every CSV download starts with: the UTF-8 byte order mark, without which Excel reads the file as the
 * machine's ANSI code page ("ZÃ¼rich" for "Zürich"). Separator and decimals stay RFC 4180's comma and a point
 * with ISO dates, as every other program reads them (SPEC is silent; uqa10 chose this over Excel's locale-bound ";").
 */
export const CSV_BOM = "\ufeff";

/**
 * One CSV cell: quoted when needed; a cell starting with = + - @ tab or CR is prefixed with '
 * so spreadsheets never run it as a formula (the OWASP rule), unless the whole cell is a
 * number ("-12.50" in a money column): "-2+3+cmd|…" starts like one and is a formula.
 */
export function csvCell(v: string | number | null | undefined): string {
  if (v == null) return "";
  let s = String(v);
  if (typeof v === "string" && /^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * A chart. `bar_h` is drawn here as HTML (a table of label, bar, amount; the bar's
 * width comes from a `pN` class, 0–100, styled in app.css: no inline style, no JS).
 * The other types carry the spec in `data-chart` for public/app.js to draw with Frappe
 * Charts; their figures hold a visually hidden table with the same numbers for
 * screen readers.
 */
export function ChartFigure({
  chart,
  currency: pageCurrency,
  id,
  turnId,
  n,
  transactions,
}: {
  chart: ChartSpec;
  currency: string;
  id?: string;
  turnId?: string;
  n?: number;
  /** The Transactions page's address for the rows behind the chart ("See these transactions"). */
  transactions?: string;
}) {
  const currency = chart.currency ?? pageCurrency;
  const { labels, datasets } = chart.data;
  const multi = datasets.length > 1;
  // What the browser shows, pre-formatted here (public/app.js has no number formatter):
  // short month labels, and every value as money for the tooltips.
  const months = isMonthAxis(labels);
  const display = { labels: labels.map(shortLabel), series: months, money: Object.fromEntries(datasets.flatMap((d) => d.values.map((v) => [String(v), formatChartValue(v, chart, currency)]))) };
  const base = turnId !== undefined && n !== undefined ? `/turns/${encodeURIComponent(turnId)}/charts/${n}` : null;
  return (
    <figure class={`chart chart-${chart.type}`} id={id} data-chart={JSON.stringify(chart)} data-display={JSON.stringify(display)} data-currency={currency}>
      <figcaption>{chart.title}</figcaption>
      {chart.type === "bar_h" ? (
        <HBars chart={chart} currency={currency} />
      ) : (
        <>
          <div class={`chart-canvas h${heightClass(chart.height)}`} aria-hidden="true"></div>
          <table class="sr-only">
            <ChartTableHead chart={chart} />
            <tbody>
              {labels.map((label, i) => (
                <tr>
                  <th scope="row">{shortLabel(label)}</th>
                  {datasets.map((d) => (
                    <td>{formatChartValue(d.values[i] ?? 0, chart, currency)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {base ? (
        <div class="figure-tools">
          <a class="button quiet" href={`${base}.csv`} download>
            CSV
          </a>
          <button type="button" class="quiet chart-save" data-format="svg">
            SVG
          </button>
          <button type="button" class="quiet chart-save" data-format="png">
            PNG
          </button>
          {transactions ? (
            <a class="button quiet see-transactions" href={transactions}>
              See these transactions
            </a>
          ) : null}
        </div>
      ) : null}
      {multi && chart.type === "bar_h" ? (
        <ul class="legend" aria-hidden="true">
          {datasets.map((d, j) => (
            <li>
              <span class={`swatch d${j % 8}`}></span> {d.name}
            </li>
          ))}
        </ul>
      ) : null}
    </figure>
  );
}

/** A chart's table caption and column headers (label, one per dataset); `hidden` keeps them for screen readers only. */
function ChartTableHead({ chart, hidden }: { chart: ChartSpec; hidden?: boolean }) {
  const cls = hidden ? "sr-only" : undefined;
  return (
    <>
      <caption class={cls}>{chart.title}</caption>
      <thead class={cls}>
        <tr>
          <th scope="col">Label</th>
          {chart.data.datasets.map((d) => (
            <th scope="col">{d.name}</th>
          ))}
        </tr>
      </thead>
    </>
  );
}

/** Chart heights come in 50px steps (classes h150 … h500), again without inline style. */
function heightClass(h: number | undefined): number {
  const v = Math.round((h ?? 250) / 50) * 50;
  return Math.min(500, Math.max(150, v));
}

function HBars({ chart, currency }: { chart: ChartSpec; currency: string }) {
  const { labels, datasets } = chart.data;
  const max = Math.max(0, ...datasets.flatMap((d) => d.values.map((v) => Math.abs(v ?? 0))));
  const pct = (v: number) => {
    if (!max || !v) return 0;
    const p = Math.round((Math.abs(v) / max) * 100);
    return Math.max(1, Math.min(100, p));
  };
  return (
    <table class="hbars">
      <ChartTableHead chart={chart} hidden />
      <tbody>
        {labels.map((label, i) => (
          <tr>
            <th scope="row" class="hbar-label">
              {label}
            </th>
            {datasets.map((d, j) => {
              const v = d.values[i] ?? 0;
              return (
                <td class="hbar-cell">
                  <span class="hbar-track" aria-hidden="true">
                    <span class={`hbar-fill d${j % 8} p${pct(v)}${v < 0 ? " neg" : ""}`} data-pct={String(pct(v))}></span>
                  </span>
                  <span class="hbar-value">{formatChartValue(v, chart, currency)}</span>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
