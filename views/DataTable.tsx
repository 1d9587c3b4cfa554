import { type TableSpec } from "../src/core/events.ts";
import { formatCount, formatDate, formatTableCell } from "../src/core/format.ts";
import { ScrollTable } from "./ScrollTable.tsx";

/** The most rows "Show all" fetches (GET /turns/:id/tables/:n/all asks the tool for this many). */
export const MAX_TABLE_ROWS = 500;

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
 * matched it says so ("Showing 10 of 808") and "Show all" fetches the rest (up to
 * MAX_TABLE_ROWS). On a phone each row is a card of its cells, each labelled with its
 * column (`data-label`, figures.css): nothing lies off-screen.
 */
export function DataTable({ table, currency: pageCurrency, id, turnId, n, canShowAll, transactions }: DataTableProps) {
  const numeric = table.kinds.map((k) => k === "money" || k === "count" || k === "number" || k === "percent");
  // A day as people write it ("18 Dec 2025"); it sorts by the day itself (data-v, app.js).
  const isDay = (i: number, v: string | number | null | undefined): v is string => table.kinds[i] === "date" && typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v);
  const cell = (i: number, row: (string | number | null)[]) => (isDay(i, row[i]) ? formatDate(row[i] as string) : formatTableCell(table, row, i, pageCurrency));
  const sortType = (i: number) => (numeric[i] ? "num" : table.kinds[i] === "date" ? "date" : "text");
  const sortValue = (i: number, v: string | number | null | undefined) => (typeof v === "number" ? String(v) : isDay(i, v) ? v : undefined);
  const total = table.totalRows;
  const base = turnId !== undefined && n !== undefined ? `/turns/${encodeURIComponent(turnId)}/tables/${n}` : null;
  const rows = table.rows.length;
  const fetchable = Math.min(total, MAX_TABLE_ROWS);
  return (
    <figure class="data-table" id={id}>
      <figcaption>
        {table.title}{" "}
        <span class="row-count">
          {rows < total ? `Showing ${formatCount(rows)} of ${formatCount(total)}` : `${formatCount(rows)} ${rows === 1 ? "row" : "rows"}`}
        </span>
      </figcaption>
      <ScrollTable
        label={table.title}
        columns={table.columns.map((c, i) => ({
          head: (
            <button type="button" class="sort" data-col={String(i)} data-type={sortType(i)}>
              {c}
            </button>
          ),
          num: numeric[i],
          sortable: true,
        }))}
      >
        {table.rows.map((r) => (
          <tr>
            {table.columns.map((_, i) => (
              <td class={numeric[i] ? "num" : r[i] == null ? "empty" : undefined} data-v={sortValue(i, r[i])} data-label={table.columns[i]}>
                {cell(i, r)}
              </td>
            ))}
          </tr>
        ))}
      </ScrollTable>
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
          {canShowAll && fetchable > rows ? (
            <button type="button" class="quiet show-all" hx-get={`${base}/all`} hx-target={`#${id}`} hx-swap="outerHTML">
              {total > MAX_TABLE_ROWS ? `Show ${formatCount(MAX_TABLE_ROWS)} of ${formatCount(total)}` : `Show all ${formatCount(total)}`}
            </button>
          ) : null}
        </div>
      ) : null}
    </figure>
  );
}
