import type { AffectedRows as Affected } from "../src/core/events.ts";
import { formatCount, formatMoney } from "../src/core/format.ts";

/**
 * The transactions an approval card's change touches: the first rows (newest first) and,
 * when there are more, "Show all N" on the Transactions page filtered the same way.
 * Merchant names are transaction data: rendered as text only.
 */
export function AffectedRows({ affected }: { affected: Affected }) {
  const more = affected.total > affected.rows.length;
  return (
    <div class="approval-rows">
      <div class="table-scroll" tabindex={0} role="region" aria-label="Transactions this changes">
        <table>
          <caption class="sr-only">
            {more ? `The first ${affected.rows.length} of ${formatCount(affected.total)} transactions this changes` : "The transactions this changes"}
          </caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Merchant</th>
              <th scope="col">Category</th>
              <th scope="col" class="num">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {affected.rows.map((r) => (
              <tr>
                <td>{r.date}</td>
                <td>{r.merchant}</td>
                <td>{r.category}</td>
                <td class="num">{formatMoney(r.amount, r.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p class="approval-rows-link">
        <a href={affected.link}>{more ? `Show all ${formatCount(affected.total)}` : "See them on the Transactions page"}</a>
      </p>
    </div>
  );
}
