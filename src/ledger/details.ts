/**
 * The facts an import keeps about each transaction (SPEC §10.1): budget.db's
 * `transaction_details`, created and filled by the import (the pipeline ignores it). The
 * tools read what a question needs: a card purchase's original amount and currency (and the
 * rate and fees), the counterparty the bank named. Read liberally: a database without the
 * table has no details, a table without some column has none of that fact.
 *
 * `transaction_id` is the row's id: matched to `transactions.transaction_id` (the text id the
 * import writes), and an integer one also to `transactions.id`.
 */
import type { Database } from "bun:sqlite";

export type TransactionDetail = {
  counterparty: string | null;
  purpose: string | null;
  /** The amount in the currency of the purchase, as the bank wrote it (its sign is not relied on). */
  originalAmount: number | null;
  originalCurrency: string | null;
  exchangeRate: number | null;
  /** Fees the bank charged on it (e.g. a foreign-currency fee), as a positive amount. */
  fees: number | null;
};

const COLUMNS = {
  counterparty: "counterparty",
  purpose: "purpose",
  originalAmount: "original_amount",
  originalCurrency: "original_currency",
  exchangeRate: "exchange_rate",
  fees: "fees",
} as const;

const text = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v.trim() : v instanceof Uint8Array ? new TextDecoder().decode(v) : null);
const number = (v: unknown): number | null => {
  const x = typeof v === "number" ? v : typeof v === "string" ? Number.parseFloat(v) : Number.NaN;
  return Number.isFinite(x) ? x : null;
};

/** Every transaction's details, by `transactions.id`; empty when the table is absent. */
export function loadTransactionDetails(db: Database): Map<number, TransactionDetail> {
  const out = new Map<number, TransactionDetail>();
  const have = new Set((db.query("SELECT name FROM pragma_table_info('transaction_details')").values() as [string][]).map((r) => r[0]));
  if (!have.has("transaction_id")) return out;
  const txCols = new Set((db.query("SELECT name FROM pragma_table_info('transactions')").values() as [string][]).map((r) => r[0]));
  const select = Object.entries(COLUMNS)
    .map(([key, col]) => `${have.has(col) ? `d.${col}` : "NULL"} AS ${key}`)
    .join(", ");
  const joins = [
    ...(txCols.has("transaction_id") ? [`SELECT t.id AS id, ${select} FROM transaction_details d JOIN transactions t ON t.transaction_id = d.transaction_id`] : []),
    `SELECT t.id AS id, ${select} FROM transaction_details d JOIN transactions t ON t.id = d.transaction_id WHERE typeof(d.transaction_id) = 'integer'`,
  ];
  for (const r of db.query(joins.join(" UNION ALL ")).iterate() as IterableIterator<Record<string, unknown>>) {
    const id = Number(r.id);
    if (out.has(id)) continue;
    out.set(id, {
      counterparty: text(r.counterparty),
      purpose: text(r.purpose),
      originalAmount: number(r.originalAmount),
      originalCurrency: text(r.originalCurrency)?.toUpperCase() ?? null,
      exchangeRate: number(r.exchangeRate),
      fees: number(r.fees),
    });
  }
  return out;
}
