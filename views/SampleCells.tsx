import { formatAmount } from "../src/core/format.ts";

/** A transaction shown as an example (a rule's preview, a classification check's misses): its date, merchant over description, and amount cells. */
export function SampleCells(p: { row: { date: string; merchant: string | null; description: string; currency: string; amount: number } }) {
  const r = p.row;
  return (
    <>
      <td class="date">{r.date}</td>
      <td>
        <span class="tx-merchant">{r.merchant}</span>
        <span class="tx-description muted">{r.description}</span>
      </td>
      <td class="num">
        {r.currency} {formatAmount(r.amount)}
      </td>
    </>
  );
}
