/**
 * Grouping ledger rows by one or two dimensions (spending_breakdown): each row gets an
 * integer key per dimension, computed once per distinct day for the time dimensions
 * (rows are in day order), and a label for each key.
 */
import { dayToIso, epochDay, fromEpochDay, isoWeekLabel, monthLabel, WEEKDAY_LABELS, weekdayOf } from "../../ledger/calendar.ts";
import type { Ledger } from "../../ledger/ledger.ts";
import { NO_ACCOUNT, UNKNOWN_MERCHANT } from "../../ledger/schema.ts";

export const DIMENSIONS = ["category", "merchant", "year", "month", "week", "weekday", "day", "currency", "account"] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/** Time dimensions sort by label ascending and are never cut into top N + Other. */
export const TIME_DIMENSIONS: ReadonlySet<Dimension> = new Set(["year", "month", "week", "weekday", "day"]);

// Day keys are days since 1970-01-01 shifted positive (years from 1900 on).
const EPOCH_SHIFT = 1_000_000;

export type Keyer = {
  dim: Dimension;
  /** The row's key (≥ 0). */
  key(i: number): number;
  label(key: number): string;
};

/** The key function and labels of one dimension. */
export function keyer(l: Ledger, dim: Dimension): Keyer {
  // The time keys of the current day, recomputed only when the day changes.
  let lastDay = -1;
  let epoch = 0;
  const seeDay = (i: number) => {
    const d = l.dayAt(i);
    if (d !== lastDay) {
      lastDay = d;
      epoch = epochDay(d);
    }
  };
  switch (dim) {
    case "category":
      return { dim, key: (i) => l.categoryAt(i), label: (k) => l.categoryNameOf(k) };
    case "merchant":
      return { dim, key: (i) => l.merchantAt(i) + 1, label: (k) => l.merchantNameOf(k - 1) ?? UNKNOWN_MERCHANT };
    case "currency":
      return { dim, key: (i) => l.currencyAt(i), label: (k) => l.currencyCodeOf(k) };
    case "account":
      return { dim, key: (i) => l.accountAt(i) + 1, label: (k) => l.accountNameOf(k - 1) ?? NO_ACCOUNT };
    case "year":
      return { dim, key: (i) => Math.floor(l.dayAt(i) / 10000), label: (k) => String(k) };
    case "month":
      return { dim, key: (i) => l.monthAt(i), label: monthLabel };
    case "day":
      return {
        dim,
        key: (i) => {
          seeDay(i);
          return epoch + EPOCH_SHIFT;
        },
        label: (k) => dayToIso(fromEpochDay(k - EPOCH_SHIFT)),
      };
    case "weekday":
      return {
        dim,
        key: (i) => {
          seeDay(i);
          return weekdayOf(epoch);
        },
        label: (k) => WEEKDAY_LABELS[k]!,
      };
    case "week":
      // Keyed by the week's Monday, so keys sort like the labels.
      return {
        dim,
        key: (i) => {
          seeDay(i);
          return epoch - weekdayOf(epoch) + EPOCH_SHIFT;
        },
        label: (k) => isoWeekLabel(k - EPOCH_SHIFT),
      };
  }
}

/** What a metric is computed from, per group. Mergeable, so the rest can become `Other`. */
export type Acc = {
  /** Rows in the group. */
  rows: number;
  /** Sum of the measured amounts of every row (spending semantics: refunds reduce it). */
  total: number;
  /** Money-out rows, their positive sum and largest amount. */
  outCount: number;
  outSum: number;
  outMax: number;
  /** Positive money-out amounts (kept only for the median). */
  values: number[] | null;
};

export const newAcc = (keepValues: boolean): Acc => ({ rows: 0, total: 0, outCount: 0, outSum: 0, outMax: 0, values: keepValues ? [] : null });

export function addRow(a: Acc, measured: number, amount: number): void {
  a.rows++;
  a.total += measured;
  if (amount < 0) {
    a.outCount++;
    a.outSum -= amount;
    if (-amount > a.outMax) a.outMax = -amount;
    a.values?.push(-amount);
  }
}

export function merge(into: Acc, a: Acc): Acc {
  into.rows += a.rows;
  into.total += a.total;
  into.outCount += a.outCount;
  into.outSum += a.outSum;
  if (a.outMax > into.outMax) into.outMax = a.outMax;
  if (into.values && a.values) for (const v of a.values) into.values.push(v);
  return into;
}
