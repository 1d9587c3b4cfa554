import type { AffectedRowList as Affected } from "../src/core/events.ts";
import { formatCount, formatDate, formatMoney } from "../src/core/format.ts";

/**
 * The transactions an approval card's change touches: the first rows (newest first) and,
 * when there are more, "Show all N" on the Transactions page filtered the same way.
 * Merchant names are transaction data: rendered as text only. The table wraps instead of
 * scrolling (nothing to focus between the card and its buttons but the link); on a phone
 * each row is a card (app.css).
 */
export function AffectedRows({ affected }: { affected: Affected }) {
  const more = affected.total > affected.rows.length;
  return (
    <div class="approval-rows">
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
              <td class="date">
                <time datetime={r.date}>{formatDate(r.date)}</time>
              </td>
              <td class="merchant">{r.merchant}</td>
              <td class="category">{r.category}</td>
              <td class="num">{formatMoney(r.amount, r.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p class="approval-rows-link">
        <a href={affected.link}>{more ? `Show all ${formatCount(affected.total)}` : "See them on the Transactions page"}</a>
      </p>
    </div>
  );
}
