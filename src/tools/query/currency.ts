/**
 * Currencies are never added together (SPEC §1): figures are kept per currency, charts
 * show the main one (most rows) and name what they leave out.
 */
import type { Ledger } from "../../ledger/ledger.ts";
import { ToolInputError } from "../../core/errors.ts";
import { formatMoney } from "../../core/format.ts";

/** The code index of a `currency` argument (any letter case), or undefined for every currency. */
export function resolveCurrency(l: Ledger, code: string | undefined): number | undefined {
  if (code === undefined) return undefined;
  const exact = l.currencyIndex(code.trim());
  if (exact >= 0) return exact;
  const folded = l.currencies.findIndex((c) => c.toUpperCase() === code.trim().toUpperCase());
  if (folded >= 0) return folded;
  throw new ToolInputError(`Unknown currency "${code}". Currencies in the data: ${[...l.currencies].sort().join(", ") || "none"}.`);
}

/** Per-currency accumulators, created on first use, listed main currency (most rows) first. */
export class PerCurrency<T extends { rows: number }> {
  private readonly map = new Map<number, T>();
  constructor(
    private readonly l: Ledger,
    private readonly fresh: () => T,
  ) {}

  of(currency: number): T {
    let t = this.map.get(currency);
    if (!t) {
      t = this.fresh();
      this.map.set(currency, t);
    }
    return t;
  }

  /** [code, figures], most rows first (ties alphabetical). */
  list(): [string, T][] {
    return [...this.map]
      .map(([c, t]) => [this.l.currencyCodeOf(c), t] as [string, T])
      .sort((a, b) => b[1].rows - a[1].rows || a[0].localeCompare(b[0]));
  }

  get size(): number {
    return this.map.size;
  }
}

/**
 * A chart title naming the currency it shows and what it leaves out:
 * "Spending by category, 2025 (CHF; EUR 480.00 not shown)".
 */
export function chartTitle(base: string, shown: string, others: [string, number][]): string {
  return titleLeavingOut(
    base,
    shown,
    others.filter(([, v]) => v !== 0).map(([c, v]) => `${formatMoney(v, c)}`),
  );
}

/** A chart title naming the currency it shows and what it leaves out, each left-out part already written. */
export function titleLeavingOut(base: string, shown: string, left: string[]): string {
  return `${base} (${shown}${left.length ? `; ${left.join(", ")} not shown` : ""})`;
}
