/**
 * Balances a statement states, checked against its entries (SPEC §10.1). Money is summed in
 * cents (integers), so a thousand entries never drift by a rounding error.
 *
 * - `reconcile`: opening + entries = closing (CAMT OPBD/PRCD and CLBD, OFX LEDGERBAL against a
 *   stored opening, later MT940 :60F:/:62F:).
 * - `checkBalanceColumn`: a CSV's running balance, row by row: balance after − balance before =
 *   amount, in the file's order or its reverse (newest first). A file whose every row agrees only
 *   with its signs turned round is "inverted" (the caller corrects it and says so); any other
 *   disagreement names the first line that disagrees.
 */
import type { Reconciliation } from "./types.ts";

export const cents = (amount: number) => Math.round(amount * 100);
const fromCents = (c: number) => c / 100;

export type StatedBalance = { amount: number; date: string | null };

export function reconcile(p: {
  account: string | null;
  currency: string;
  opening: StatedBalance | null;
  closing: StatedBalance | null;
  entries: number;
  entriesCents: number;
  basis: string;
}): Reconciliation {
  const base = {
    account: p.account,
    currency: p.currency,
    opening: p.opening?.amount ?? null,
    openingDate: p.opening?.date ?? null,
    closing: p.closing?.amount ?? null,
    closingDate: p.closing?.date ?? null,
    entries: p.entries,
    entriesTotal: fromCents(p.entriesCents),
    basis: p.basis,
  };
  if (!p.opening || !p.closing) return { ...base, difference: null, status: "none" };
  const diff = cents(p.opening.amount) + p.entriesCents - cents(p.closing.amount);
  return { ...base, difference: fromCents(diff), status: diff === 0 ? "ok" : "off" };
}

/** One row of a balance-column chain, in file order: its amount and, when the row states one, the balance after it. */
export type ChainRow = { line: number; date: string; amountCents: number; balanceCents: number | null };

export type ChainCheck = {
  /** File order oldest first ("forward") or newest first ("reverse"). */
  order: "forward" | "reverse";
  /** Every row agrees only with its sign turned round. */
  inverted: boolean;
  /** The first row (file order) whose stated balance disagrees, with by how much (stated − expected), or null. */
  disagreement: { line: number; differenceCents: number } | null;
  /** What the check covers: the rows between the first and the last stated balance. */
  opening: StatedBalance;
  closing: StatedBalance;
  entries: number;
  entriesCents: number;
  /** Rows outside that span (before the first or after the last stated balance). */
  uncovered: number;
};

type Hypothesis = { order: "forward" | "reverse"; sign: 1 | -1 };

/**
 * Check one chain (one account and currency). Null when fewer than two rows state a balance:
 * then there is nothing to check. `allowInverted` false (the user flipped the signs): an inverted
 * file is reported as disagreeing, not corrected behind the user's back.
 */
export function checkBalanceColumn(rows: readonly ChainRow[], allowInverted: boolean): ChainCheck | null {
  const stated: number[] = [];
  for (let i = 0; i < rows.length; i++) if (rows[i]!.balanceCents !== null) stated.push(i);
  if (stated.length < 2) return null;
  // prefix[k] = the sum of the amounts of rows 0..k-1.
  const prefix = new Array<number>(rows.length + 1);
  prefix[0] = 0;
  for (let i = 0; i < rows.length; i++) prefix[i + 1] = prefix[i]! + rows[i]!.amountCents;
  const test = (h: Hypothesis) => {
    let mismatches = 0;
    let first: { line: number; differenceCents: number } | null = null;
    for (let k = 1; k < stated.length; k++) {
      const i = stated[k - 1]!;
      const j = stated[k]!;
      const bi = rows[i]!.balanceCents!;
      const bj = rows[j]!.balanceCents!;
      // forward: b_j = b_i + amounts of rows i+1..j;  reverse (newest first): b_i = b_j + amounts of rows i..j-1.
      const stateDiff = h.order === "forward" ? bj - (bi + h.sign * (prefix[j + 1]! - prefix[i + 1]!)) : bi - (bj + h.sign * (prefix[j]! - prefix[i]!));
      if (stateDiff !== 0) {
        mismatches++;
        first ??= { line: rows[h.order === "forward" ? j : i]!.line, differenceCents: stateDiff };
      }
    }
    return { mismatches, first };
  };
  const hypotheses: Hypothesis[] = [
    { order: "forward", sign: 1 },
    { order: "reverse", sign: 1 },
    { order: "forward", sign: -1 },
    { order: "reverse", sign: -1 },
  ];
  const results = hypotheses.map((h) => ({ h, ...test(h) }));
  const exact = results.find((r) => r.mismatches === 0 && (r.h.sign === 1 || allowInverted));
  // No exact fit: report against the fit with the fewest disagreements (as written, on a tie).
  const best = exact ?? results.filter((r) => r.h.sign === 1).sort((a, b) => a.mismatches - b.mismatches)[0]!;
  const { order, sign } = best.h;
  const inverted = exact !== undefined && sign === -1;
  const oldest = order === "forward" ? stated[0]! : stated[stated.length - 1]!;
  const newest = order === "forward" ? stated[stated.length - 1]! : stated[0]!;
  const lo = Math.min(oldest, newest);
  const hi = Math.max(oldest, newest);
  const amountSign = inverted ? -1 : 1;
  const entriesCents = amountSign * (prefix[hi + 1]! - prefix[lo]!);
  const o = rows[oldest]!;
  return {
    order,
    inverted,
    disagreement: exact ? null : best.first,
    opening: { amount: fromCents(o.balanceCents! - amountSign * o.amountCents), date: o.date },
    closing: { amount: fromCents(rows[newest]!.balanceCents!), date: rows[newest]!.date },
    entries: hi - lo + 1,
    entriesCents,
    uncovered: rows.length - (hi - lo + 1),
  };
}
