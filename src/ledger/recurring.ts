/**
 * Recurring payments (SPEC §2.1) found in the ledger: the recurring_payments tool lists
 * them, and the budget projection (SPEC §8) counts the payments they still owe this month.
 * Pure ledger computation: the caller chooses the candidate rows (money-out rows of
 * spending categories, in a period) and this groups them by merchant and currency.
 */
import { addDays, daysBetween } from "./calendar.ts";
import type { Ledger } from "./ledger.ts";

/** A cadence is named by the median gap in days (inclusive ranges) and sets the yearly multiplier. */
export const CADENCES = [
  { name: "weekly", min: 5, max: 9, perYear: 52 },
  { name: "monthly", min: 26, max: 35, perYear: 12 },
  { name: "quarterly", min: 84, max: 98, perYear: 4 },
  { name: "yearly", min: 350, max: 380, perYear: 1 },
] as const;
const MIN_GAP = CADENCES[0].min;
/** At least this share of the gaps, and of the amounts, must fit. */
const FIT = 0.75;
/** An amount fits within ±20% of the median amount. */
const AMOUNT_SPREAD = 0.2;
/** A price change: more than 2% away from the previous payment, the next one within 2% of it. */
const PRICE_STEP = 0.02;
/** Two payments closer than this share of the median gap are a possible double charge. */
const DOUBLE_GAP = 0.25;
/** Active while the last payment is no older than this many median gaps before the newest transaction. */
const ACTIVE_GAPS = 1.5;

export type PriceChange = { day: number; from: number; to: number };
export type DoubleCharge = { first: number; second: number; amount: number };

export type Series = {
  merchant: string;
  currency: string;
  category: string;
  cadence: (typeof CADENCES)[number]["name"];
  /** The median amount ("usual"). */
  typical: number;
  /** The last payment's amount: the current price. */
  current: number;
  priceChanges: PriceChange[];
  /** The current price is more than 2% above the first payment's in the period. */
  dearer: boolean;
  doubleCharges: DoubleCharge[];
  count: number;
  first: number;
  last: number;
  next: number;
  medianGap: number;
  /** current × payments a year. */
  yearlyCost: number;
  active: boolean;
  /** The series' rows (ledger indexes), in date order. */
  rows: Int32Array;
};

/** The median (an even count: the mean of the two middle values). A typed-array sort: numeric and native, so a group of 100k payments costs milliseconds. */
export function median(xs: ArrayLike<number>): number {
  const s = Float64Array.from(xs).sort();
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

const differs = (a: number, b: number) => Math.abs(a - b) > PRICE_STEP * Math.abs(b);

/** The series of one merchant in one currency (rows in date order), or null when it is not recurring. */
function seriesOf(l: Ledger, rows: Int32Array, newest: number): Omit<Series, "merchant" | "currency"> | null {
  const first = l.dayAt(rows[0]!);
  const last = l.dayAt(rows[rows.length - 1]!);
  // A median gap of at least 5 days (the shortest cadence) needs half the gaps ≥ 5, so at
  // most 2·span/5 gaps: a merchant paid more often (a supermarket) is no series, unsorted.
  if (rows.length - 1 > (2 * daysBetween(first, last)) / MIN_GAP) return null;
  const gaps = Array.from({ length: rows.length - 1 }, (_, k) => daysBetween(l.dayAt(rows[k]!), l.dayAt(rows[k + 1]!)));
  const medianGap = median(gaps);
  const cadence = CADENCES.find((c) => medianGap >= c.min && medianGap <= c.max);
  if (!cadence) return null;
  if (gaps.filter((g) => g >= cadence.min && g <= cadence.max).length < FIT * gaps.length) return null;
  const amounts = Array.from(rows, (r) => -l.amountAt(r));
  const typical = median(amounts);
  if (amounts.filter((a) => Math.abs(a - typical) <= AMOUNT_SPREAD * typical).length < FIT * amounts.length) return null;
  const categories = new Map<string, number>();
  for (const r of rows) {
    const name = l.categoryName(r);
    categories.set(name, (categories.get(name) ?? 0) + 1);
  }
  const category = [...categories].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
  const priceChanges: PriceChange[] = [];
  for (let k = 1; k < amounts.length; k++) {
    const next = amounts[k + 1];
    if (differs(amounts[k]!, amounts[k - 1]!) && (next === undefined || !differs(next, amounts[k]!))) {
      priceChanges.push({ day: l.dayAt(rows[k]!), from: amounts[k - 1]!, to: amounts[k]! });
    }
  }
  const doubleCharges: DoubleCharge[] = [];
  gaps.forEach((g, k) => {
    if (g < DOUBLE_GAP * medianGap) doubleCharges.push({ first: l.dayAt(rows[k]!), second: l.dayAt(rows[k + 1]!), amount: amounts[k + 1]! });
  });
  const current = amounts[amounts.length - 1]!;
  return {
    category,
    cadence: cadence.name,
    typical,
    current,
    priceChanges,
    dearer: current > amounts[0]! && differs(current, amounts[0]!),
    doubleCharges,
    count: rows.length,
    first,
    last,
    next: addDays(last, Math.round(medianGap)),
    medianGap,
    yearlyCost: current * cadence.perYear,
    active: daysBetween(last, newest) <= ACTIVE_GAPS * medianGap,
    rows,
  };
}

/**
 * The recurring series among the candidate rows that `each` visits (in date order), with at
 * least `minOccurrences` payments; `newest` is the newest day of the whole database (for
 * active/ended). Sorted by yearly cost desc, then merchant.
 */
export function findSeries(l: Ledger, each: (fn: (i: number) => void) => void, minOccurrences: number, newest: number): Series[] {
  // Group the rows by (merchant, currency) without a map of arrays: count per group,
  // then lay every group's rows out contiguously, still in date order (a counting sort).
  const nCur = l.currencies.length;
  const groupOf = (i: number) => l.merchantAt(i) * nCur + l.currencyAt(i);
  const sizes = new Int32Array(l.merchants.length * nCur + 1);
  each((i) => {
    if (l.merchantAt(i) >= 0) sizes[groupOf(i) + 1]!++;
  });
  const starts = new Int32Array(sizes.length); // where each group starts: prefix sums of the sizes
  for (let g = 1; g < sizes.length; g++) starts[g] = starts[g - 1]! + sizes[g]!;
  const rowsByGroup = new Int32Array(starts[starts.length - 1]!);
  const fill = starts.slice();
  each((i) => {
    if (l.merchantAt(i) >= 0) rowsByGroup[fill[groupOf(i)]!++] = i;
  });
  const series: Series[] = [];
  for (let g = 0; g + 1 < starts.length; g++) {
    if (starts[g + 1]! - starts[g]! < minOccurrences) continue;
    const rows = rowsByGroup.subarray(starts[g]!, starts[g + 1]!);
    const s = seriesOf(l, rows, newest);
    if (s) series.push({ merchant: l.merchantName(rows[0]!)!, currency: l.currencyCode(rows[0]!), ...s });
  }
  return series.sort((a, b) => b.yearlyCost - a.yearlyCost || a.merchant.localeCompare(b.merchant));
}

/**
 * The payments an active series still owes between `after` (exclusive) and `until`
 * (inclusive): every median gap after its last payment (SPEC §8 projection).
 */
export function expectedPayments(s: Series, after: number, until: number): number[] {
  if (!s.active) return [];
  const gap = Math.max(1, Math.round(s.medianGap));
  const out: number[] = [];
  for (let d = addDays(s.last, gap); d <= until; d = addDays(d, gap)) if (d > after) out.push(d);
  return out;
}
