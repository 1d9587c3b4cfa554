import { type TableSpec } from "../src/core/events.ts";
import { formatCount, formatTableCell } from "../src/core/format.ts";

export type DataTableProps = {
  table: TableSpec;
  currency: string;
  id?: string;
  turnId?: string;
  n?: number;
  /** GET /turns/:id/tables/:n/all can fetch the rows it does not show (table.totalRows). */
  canShowAll?: boolean;
  /** The Transactions page's address for the same rows ("See these transactions"). */
  transactions?: string;
};

/**
 * A table artifact (e.g. transaction rows). Cells are untrusted text: JSX escapes them.
 * Column headers are buttons that sort (app.js: numbers by their raw value in `data-v`, text by its text); the table
 * downloads as CSV (GET /turns/:id/tables/:n.csv), and when it shows only part of what
 * matched, "Show all" fetches the rest.
 */
export function DataTable({ table, currency: pageCurrency, id, turnId, n, canShowAll, transactions }: DataTableProps) {
  const numeric = table.kinds.map((k) => k === "money" || k === "count" || k === "number" || k === "percent");
  const cell = (i: number, row: (string | number | null)[]) => formatTableCell(table, row, i, pageCurrency);
  const total = table.totalRows;
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
          {transactions ? (
            <a class="button quiet see-transactions" href={transactions}>
              See these transactions
            </a>
          ) : null}
          {canShowAll && total > rows ? (
            <button type="button" class="quiet show-all" hx-get={`${base}/all`} hx-target={`#${id}`} hx-swap="outerHTML">
              Show all {formatCount(Math.min(total, 500))}
              {total > 500 ? ` (of ${formatCount(total)})` : ""}
            </button>
          ) : null}
        </div>
      ) : null}
    </figure>
  );
}
