import { z } from "zod";
import { addDays, daysBetween, dayToIso } from "../budget/calendar.ts";
import type { Ledger } from "../budget/ledger.ts";
import { formatCount, formatMoney, plural, round2 } from "../core/format.ts";
import { roleMask, rolesOf } from "./query/categories.ts";
import { chartTitle, resolveCurrency } from "./query/currency.ts";
import { periodFields } from "./query/fields.ts";
import { dataCoverage, periodPhrase, resolvePeriod } from "./query/period.ts";
import { forEachRow } from "./query/rows.ts";
import type { ReadTool } from "./types.ts";

const schema = z.strictObject({
  min_occurrences: z.number().int().min(2).max(100).default(3).describe("Fewest payments that make a series (default 3)."),
  ...periodFields,
});

/** SPEC §2.1: a cadence is named by the median gap in days (inclusive ranges) and sets the yearly multiplier. */
const CADENCES = [
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
/** Active while the last payment is no older than this many median gaps before the newest transaction. */
const ACTIVE_GAPS = 1.5;

export type Series = {
  merchant: string;
  currency: string;
  category: string;
  cadence: (typeof CADENCES)[number]["name"];
  typical: number;
  count: number;
  first: number;
  last: number;
  next: number;
  medianGap: number;
  yearlyCost: number;
  active: boolean;
};

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The series of one merchant in one currency (rows in date order), or null when it is not recurring by SPEC §2.1. */
function seriesOf(l: Ledger, rows: ArrayLike<number>, newest: number): Omit<Series, "merchant" | "currency"> | null {
  const first = l.day[rows[0]!]!;
  const last = l.day[rows[rows.length - 1]!]!;
  // A median gap of at least 5 days (the shortest cadence) needs half the gaps ≥ 5, so at
  // most 2·span/5 gaps: a merchant paid more often (a supermarket) is no series, unsorted.
  if (rows.length - 1 > (2 * daysBetween(first, last)) / MIN_GAP) return null;
  const gaps = Array.from({ length: rows.length - 1 }, (_, k) => daysBetween(l.day[rows[k]!]!, l.day[rows[k + 1]!]!));
  const medianGap = median(gaps);
  const cadence = CADENCES.find((c) => medianGap >= c.min && medianGap <= c.max);
  if (!cadence) return null;
  if (gaps.filter((g) => g >= cadence.min && g <= cadence.max).length < FIT * gaps.length) return null;
  const amounts = Array.from(rows, (r) => -l.amount[r]!);
  const typical = median(amounts);
  if (amounts.filter((a) => Math.abs(a - typical) <= AMOUNT_SPREAD * typical).length < FIT * amounts.length) return null;
  const categories = new Map<string, number>();
  for (const r of Array.from(rows)) categories.set(l.categoryNames[l.category[r]!]!, (categories.get(l.categoryNames[l.category[r]!]!) ?? 0) + 1);
  const category = [...categories].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
  return {
    category,
    cadence: cadence.name,
    typical,
    count: rows.length,
    first,
    last,
    next: addDays(last, Math.round(medianGap)),
    medianGap,
    yearlyCost: typical * cadence.perYear,
    active: daysBetween(last, newest) <= ACTIVE_GAPS * medianGap,
  };
}

export const recurringPayments: ReadTool<typeof schema> = {
  name: "recurring_payments",
  label: "Finding recurring payments…",
  promptHint: "subscriptions and other regular payments (weekly, monthly, quarterly, yearly): what they cost a year, which are still running, when the next is due.",
  description:
    "Find recurring payments: money-out series of one merchant (spending categories only) whose payments come weekly, " +
    "monthly, quarterly or yearly at a steady amount. For each: merchant, category, cadence, typical amount, number of " +
    "payments, first and last date, next expected date, yearly cost, and whether it is still active; plus the total yearly " +
    "cost of the active ones. Use it for 'what subscriptions am I paying for', 'my fixed costs', 'when is the insurance due'. " +
    "The UI shows a table and a horizontal bar chart of the active yearly costs automatically.",
  risk: "low",
  schema,
  run(db, input) {
    const l = db.ledger();
    const period = resolvePeriod(input);
    const spending = roleMask(rolesOf(db, l), "spending");
    // Group the rows by (merchant, currency) without a map of arrays: count per group,
    // then lay every group's rows out contiguously, still in date order (a counting sort).
    const nCur = l.currencies.length;
    const groupOf = (i: number) => l.merchant[i]! * nCur + l.currency[i]!;
    const filter = { period, currency: resolveCurrency(l, input.currency), categories: spending, direction: "out" as const };
    const sizes = new Int32Array(l.merchants.length * nCur + 1);
    forEachRow(l, filter, (i) => {
      if (l.merchant[i]! >= 0) sizes[groupOf(i) + 1]!++;
    });
    const starts = new Int32Array(sizes.length); // where each group starts: prefix sums of the sizes
    for (let g = 1; g < sizes.length; g++) starts[g] = starts[g - 1]! + sizes[g]!;
    const rowsByGroup = new Int32Array(starts[starts.length - 1]!);
    const fill = starts.slice();
    forEachRow(l, filter, (i) => {
      if (l.merchant[i]! >= 0) rowsByGroup[fill[groupOf(i)]!++] = i;
    });
    const groups: Int32Array[] = [];
    for (let g = 0; g + 1 < starts.length; g++) {
      if (starts[g + 1]! - starts[g]! >= input.min_occurrences) groups.push(rowsByGroup.subarray(starts[g]!, starts[g + 1]!));
    }
    const scope = periodPhrase(period, l);
    const newest = l.lastDay ?? 0;
    const series: Series[] = [];
    for (const rows of groups) {
      const s = seriesOf(l, rows, newest);
      if (s) series.push({ merchant: l.merchants[l.merchant[rows[0]!]!]!, currency: l.currencies[l.currency[rows[0]!]!]!, ...s });
    }
    series.sort((a, b) => b.yearlyCost - a.yearlyCost || a.merchant.localeCompare(b.merchant));
    if (!series.length) {
      return {
        summary: `No recurring payments found ${scope} (at least ${input.min_occurrences} payments at a steady weekly, monthly, quarterly or yearly rhythm). ${dataCoverage(l)}`,
        charts: [],
      };
    }
    const currencies = [...new Set(series.map((s) => s.currency))];
    const activeCost = (c: string) => series.filter((s) => s.active && s.currency === c).reduce((t, s) => t + s.yearlyCost, 0);
    const line = (s: Series) =>
      `${s.merchant} (${s.category}) ${s.cadence} ${formatMoney(s.typical, s.currency)}, ${s.count} payments ${dayToIso(s.first)} to ${dayToIso(s.last)}, ` +
      `${s.active ? `next about ${dayToIso(s.next)}` : `ended (the next was due about ${dayToIso(s.next)})`}, ${formatMoney(s.yearlyCost, s.currency)} a year`;
    // The chart's currency is the one with most payments in the series (SPEC §1: most rows).
    const payments = (c: string) => series.filter((s) => s.currency === c).reduce((n, s) => n + s.count, 0);
    const main = currencies.sort((a, b) => payments(b) - payments(a) || a.localeCompare(b))[0]!;
    const active = series.filter((s) => s.active && s.currency === main);
    const many = currencies.length > 1;
    return {
      summary:
        `Recurring payments ${scope}: ${plural(series.length, "series", "series")}, ${formatCount(series.filter((s) => s.active).length)} active. ` +
        `Active yearly cost: ${currencies.map((c) => formatMoney(activeCost(c), c)).join(", ")}. ${series.map(line).join("; ")}.`,
      charts: active.length
        ? [
            {
              type: "bar_h",
              title: chartTitle(`Active recurring payments, yearly cost, ${period.label}`, main, currencies.filter((c) => c !== main).map((c) => [c, activeCost(c)])),
              currency: main,
              data: { labels: active.map((s) => s.merchant), datasets: [{ name: "Yearly cost", values: active.map((s) => round2(s.yearlyCost)) }] },
            },
          ]
        : [],
      tables: [
        {
          title: `Recurring payments, ${period.label}`,
          columns: ["Merchant", "Category", "Cadence", "Typical amount", ...(many ? ["Currency"] : []), "Payments", "First", "Last", "Next expected", "Yearly cost", "Status"],
          kinds: ["text", "text", "text", "money", ...(many ? (["currency"] as const) : []), "count", "date", "date", "date", "money", "text"],
          totalRows: series.length,
          rows: series.map((s) => [
            s.merchant,
            s.category,
            s.cadence,
            round2(s.typical),
            ...(many ? [s.currency] : []),
            s.count,
            dayToIso(s.first),
            dayToIso(s.last),
            dayToIso(s.next),
            round2(s.yearlyCost),
            s.active ? "active" : "ended",
          ]),
          ...(many ? {} : { currency: main }),
        },
      ],
    };
  },
};
