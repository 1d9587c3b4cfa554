import { type TableSpec } from "../src/core/events.ts";
import { formatCount, formatTableCell } from "../src/core/format.ts";

/** "Transactions: 50 of 312" → { shown: 50, total: 312 } (list_transactions' title says how many matched). */
export function tableCounts(title: string): { shown: number; total: number } | null {
  const m = /:\s*([\d'’]+) of ([\d'’]+)$/.exec(title);
  if (!m) return null;
  const num = (s: string) => Number(s.replace(/['’]/g, ""));
  return { shown: num(m[1]!), total: num(m[2]!) };
}

export type DataTableProps = {
  table: TableSpec;
  currency: string;
  id?: string;
  turnId?: string;
  n?: number;
  /** The table has more rows than it shows and GET /turns/:id/tables/:n/all can fetch them. */
  more?: { total: number } | null;
};

/**
 * A table artifact (e.g. transaction rows). Cells are untrusted text: JSX escapes them.
 * Column headers are buttons that sort (app.js: numbers by their raw value in `data-v`, text by its text); the table
 * downloads as CSV (GET /turns/:id/tables/:n.csv), and when it shows only part of what
 * matched, "Show all" fetches the rest.
 */
export function DataTable({ table, currency: pageCurrency, id, turnId, n, more }: DataTableProps) {
  const numeric = table.columns.map((_, i) => table.rows.some((r) => typeof r[i] === "number") && table.rows.every((r) => r[i] == null || typeof r[i] === "number"));
  // list_transactions has a Currency column: each row's money is in its own currency (formatTableCell).
  const cell = (i: number, row: (string | number | null)[]) => formatTableCell(table, row, i, pageCurrency);
  const base = turnId !== undefined && n !== undefined ? `/turns/${encodeURIComponent(turnId)}/tables/${n}` : null;
  const rows = table.rows.length;
  return (
    <figure class="data-table" id={id}>
      <figcaption>
        {table.title} <span class="row-count">({formatCount(rows)} {rows === 1 ? "row" : "rows"})</span>
      </figcaption>
      <div class="table-scroll" tabindex={0} role="region" aria-label={table.title}>
        <table>
          <thead>
            <tr>
              {table.columns.map((c, i) => (
                <th scope="col" class={numeric[i] ? "num" : undefined} aria-sort="none">
                  <button type="button" class="sort" data-col={String(i)} data-type={numeric[i] ? "num" : "text"}>
                    {c}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((r) => (
              <tr>
                {table.columns.map((_, i) => (
                  <td class={numeric[i] ? "num" : r[i] == null ? "empty" : undefined} data-v={typeof r[i] === "number" ? String(r[i]) : undefined}>
                    {cell(i, r)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {base ? (
        <div class="figure-tools">
          <a class="button quiet" href={`${base}.csv`} download>
            CSV
          </a>
          {more && more.total > rows ? (
            <button type="button" class="quiet show-all" hx-get={`${base}/all`} hx-target={`#${id}`} hx-swap="outerHTML">
              Show all {formatCount(Math.min(more.total, 500))}
              {more.total > 500 ? ` (of ${formatCount(more.total)})` : ""}
            </button>
          ) : null}
        </div>
      ) : null}
    </figure>
  );
}
