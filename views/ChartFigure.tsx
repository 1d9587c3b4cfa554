import { type ChartSpec } from "../src/core/events.ts";
import { formatChartValue } from "../src/core/format.ts";

/**
 * A chart. `bar_h` is drawn here as HTML (a table of label, bar, amount; the bar's
 * width comes from a `pN` class, 0–100, styled in app.css: no inline style, no JS).
 * The other types carry the spec in `data-chart` for public/app.js to draw with Frappe
 * Charts; their figures hold a visually hidden table with the same numbers for
 * screen readers.
 */
export function ChartFigure({ chart, currency: pageCurrency }: { chart: ChartSpec; currency: string }) {
  const currency = chart.currency ?? pageCurrency;
  const { labels, datasets } = chart.data;
  const multi = datasets.length > 1;
  return (
    <figure class={`chart chart-${chart.type}`} data-chart={JSON.stringify(chart)} data-currency={currency}>
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
                  <th scope="row">{label}</th>
                  {datasets.map((d) => (
                    <td>{formatChartValue(d.values[i] ?? 0, chart, currency)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
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
