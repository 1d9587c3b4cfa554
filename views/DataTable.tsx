import { type TableSpec } from "../src/core/events.ts";
import { formatMoney, formatNumber } from "../src/core/format.ts";

const MONEY_COLUMN = /amount|total|sum|average|avg|spent|spending|income|net|balance|value|cost/i;

/** A table artifact (e.g. transaction rows). Cells are untrusted text: JSX escapes them. */
export function DataTable({ table, currency: pageCurrency }: { table: TableSpec; currency: string }) {
  const currencyColumn = table.columns.indexOf("Currency");
  const currencyOf = (row: (string | number | null)[]) =>
    currencyColumn >= 0 ? String(row[currencyColumn] ?? "") : (table.currency ?? pageCurrency);
  const money = table.columns.map((c) => MONEY_COLUMN.test(c));
  const numeric = table.columns.map((_, i) => table.rows.some((r) => typeof r[i] === "number") && table.rows.every((r) => r[i] == null || typeof r[i] === "number"));
  const cell = (v: string | number | null, i: number, row: (string | number | null)[]) => {
    if (v == null) return "—";
    if (typeof v === "number") return money[i] ? formatMoney(v, currencyOf(row)) : formatNumber(v);
    return v;
  };
  return (
    <figure class="data-table">
      <figcaption>
        {table.title} <span class="row-count">({table.rows.length} {table.rows.length === 1 ? "row" : "rows"})</span>
      </figcaption>
      <div class="table-scroll" tabindex={0} role="region" aria-label={table.title}>
        <table>
          <thead>
            <tr>
              {table.columns.map((c, i) => (
                <th scope="col" class={numeric[i] ? "num" : undefined}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((r) => (
              <tr>
                {table.columns.map((_, i) => (
                  <td class={numeric[i] ? "num" : r[i] == null ? "empty" : undefined}>{cell(r[i] ?? null, i, r)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
