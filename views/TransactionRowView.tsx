import { formatDate, formatMoney, placeInFile } from "../src/core/format.ts";
import { UNKNOWN_MERCHANT } from "../src/ledger/schema.ts";
import type { TransactionRow } from "../src/transactions/listing.ts";

/** One transaction as the page lists it, with how many other rows share its merchant. */
export type TransactionRowData = TransactionRow & {
  /** Other rows with the same merchant name: what "also change the N others" offers. */
  others: number;
  /** The page filtered to this merchant (null: the row has none). */
  merchantHref: string | null;
  /** The account as people know it: its name, else its masked number (null: none recorded). */
  accountLabel: string | null;
};

export const transactionRowId = (id: number) => `tx-${id}`;

/** "statement-2026-10.csv, line 12 · import statement-2026-10.csv@2026-11-05T18:38:16Z", or what of it is known. */
function originText(o: NonNullable<TransactionRowData["origin"]>): string {
  const where = o.file ? `${o.file}${o.line !== undefined ? `, ${placeInFile(o.file, o.line)}` : ""}` : null;
  return [where, o.batch ? `import ${o.batch}` : null].filter(Boolean).join(" · ");
}

/**
 * A table row with its inline editor: a disclosure holding a form for the category and
 * the merchant name (PATCH /transactions/:id; without JavaScript, POST …/edit). The
 * answer lands in the page's toast (#toast) and the list refreshes itself.
 */
export function TransactionRowView({
  row,
  categories,
  showAccount,
  swap,
}: {
  row: TransactionRowData;
  categories: string[];
  showAccount: boolean;
  /** The htmx attributes of the page's own links (swap #main, push the URL). */
  swap: Record<string, string>;
}) {
  const id = transactionRowId(row.id);
  const path = `/transactions/${row.id}`;
  return (
    <tr id={id} class={row.amount < 0 ? "out" : "in"}>
      <td class="date">
        <time datetime={row.date}>{formatDate(row.date)}</time>
      </td>
      <td class="merchant">
        {row.merchantHref ? (
          <a class="tx-merchant" href={row.merchantHref} hx-get={row.merchantHref} {...swap} title={`Only ${row.merchant}`}>
            {row.merchant}
          </a>
        ) : (
          <span class="tx-merchant">{row.merchant ?? UNKNOWN_MERCHANT}</span>
        )}
        <span class="tx-description muted">{row.description}</span>
        {row.origin ? <span class="tx-origin muted">{originText(row.origin)}</span> : null}
      </td>
      <td class="category">{row.category}</td>
      {showAccount ? <td class="account">{row.accountLabel ?? "—"}</td> : null}
      <td class="num amount">{formatMoney(row.amount, row.currency)}</td>
      <td class="edit">
        <details class="tx-edit">
          <summary aria-label={`Edit transaction of ${formatDate(row.date)}, ${row.merchant ?? UNKNOWN_MERCHANT}`}>Edit</summary>
          <form method="post" action={`${path}/edit`} hx-patch={path} hx-target="#toast" hx-swap="innerHTML" class="tx-edit-form">
            <label for={`${id}-category`}>Category</label>
            <select id={`${id}-category`} name="category">
              {categories.map((c) => (
                <option value={c} selected={c === row.category}>
                  {c}
                </option>
              ))}
            </select>
            <label for={`${id}-merchant`}>Merchant name</label>
            <input type="text" id={`${id}-merchant`} name="merchant_name" value={row.merchant ?? ""} maxlength={200} autocomplete="off" />
            {row.others > 0 && row.merchant !== null ? (
              <label class="check">
                <input type="checkbox" name="apply_to_merchant" value="true" /> Also change the {row.others} other {row.others === 1 ? "transaction" : "transactions"} of {row.merchant}
              </label>
            ) : null}
            <button type="submit" class="primary">
              Save
            </button>
          </form>
        </details>
      </td>
    </tr>
  );
}
