/**
 * unusual_transactions (SPEC §2): unusually large payments and merchants seen for the
 * first time. A payment is large when it exceeds median + 5 × MAD (MAD floored at 5% of
 * the median) of the same merchant's EARLIER money-out rows in its currency (at least 5),
 * else of its category's earlier rows (at least 5), and is at least twice that median;
 * ranked by amount ÷ median. Without a period it looks at the last 3 months of data.
 *
 * Round 4: an expected payment of a recurring obligation (src/ledger/recurring.ts: the monthly
 * pass among a transit company's tickets, the rent) is measured against its own part's
 * earlier payments only (at least 2), by the same rule: at its usual amount it is expected, not
 * unusual; only when it departs from its own series is it listed.
 *
 * Every payment's verdict depends only on earlier rows, so it is made once per version of the
 * data (and per history: the spending categories, or one category), for every payment at once;
 * a call then reads its period's verdicts as a range (binary search into the large ones) and
 * finds new merchants by each one's first row, never walking the history again.
 */
import { todayOf } from "./query/today.ts";
import { z } from "zod";
import { dayToIso, monthKey } from "../ledger/calendar.ts";
import type { Ledger } from "../ledger/ledger.ts";
import { distinctCounts, lower, RunningMedian } from "../ledger/running-median.ts";
import { median, type Series, type SeriesKeys } from "../ledger/recurring.ts";
import { UNKNOWN_MERCHANT } from "../ledger/schema.ts";
import type { TableSpec } from "../core/events.ts";
import { formatMoney, plural, round2 } from "../core/format.ts";
import { categoryMask, resolveCategory, roleMask, rolesOf } from "./query/categories.ts";
import { categoryField, periodFields } from "./query/fields.ts";
import { coverageSentence, periodPhrase, rangeLabel, resolvePeriod, type Period } from "./query/period.ts";
import { accountPhrase, scopeOf } from "./query/scope.ts";
import { lazySchema } from "../core/validation.ts";
import type { ReadTool } from "./types.ts";

const schema = lazySchema(() =>
  z.strictObject({
    kind: z.enum(["large", "new_merchants", "all"]).default("all").describe("large payments, new_merchants, or all."),
    category: categoryField().optional().describe("Only this category."),
    limit: z.number().int().min(1).max(200).default(20).describe("How many of each kind to list."),
    ...periodFields(),
  }),
);

/** Row-sized work arrays, one set per ledger, reused by every call: at 1M rows, allocating (and collecting) them made the slow calls. */
type Buffers = { group: Int32Array; rows: Int32Array; flags: Uint8Array; hist: Uint8Array; ask: Uint8Array; fallback: Uint8Array };
const buffers = new WeakMap<Ledger, Buffers>();

function buffersOf(l: Ledger): Buffers {
  let b = buffers.get(l);
  if (!b) {
    const n = l.size;
    b = { group: new Int32Array(n), rows: new Int32Array(n), flags: new Uint8Array(n), hist: new Uint8Array(n), ask: new Uint8Array(n), fallback: new Uint8Array(n) };
    buffers.set(l, b);
  }
  return b;
}

/** SPEC §2: the history a payment is measured against, and the rule. */
const MIN_HISTORY = 5;
const MADS = 5;
const MAD_FLOOR = 0.05;
const TIMES_MEDIAN = 2;
/** Without a period: this many months up to the data's end. */
const DEFAULT_MONTHS = 3;

type Large = { row: number; median: number; basis: "merchant" | "category" | "series"; history: number };
/** A recurring part's payment is judged against at least this many of its own earlier payments. */
const MIN_SERIES_HISTORY = 2;
/** `merchant`: whom the payments go to, a key of the SeriesKeys (merchant, or counterparty). */
type Fresh = { merchant: number; first: number; count: number; totals: Map<number, number> };

export const unusualTransactions: ReadTool<ReturnType<typeof schema>> = {
  name: "unusual_transactions",
  label: "Looking for unusual spending…",
  promptHint: "anything unusual: payments far above the usual, new merchants.",
  description:
    "Unusual spending in a period (default: the last 3 months of data). large: payments far above the merchant's earlier ones " +
    "(median + 5 × MAD, at least twice the median; the category's history for a merchant with fewer than 5), ranked by times " +
    "the usual; a recurring payment only when it departs from its series. new_merchants: first seen in the period. The UI " +
    "shows tables.",
  risk: "low",
  schema,
  run(db, input, ctx) {
    const l = db.ledger();
    const given = [input.year, input.month, input.from, input.to].some((v) => v !== undefined);
    const period = given ? resolvePeriod(input) : lastMonths(l);
    const category = input.category === undefined ? undefined : resolveCategory(db, input.category);
    const mask = category === undefined ? roleMask(rolesOf(db, l), "spending") : categoryMask(l, [category]);
    const scope = scopeOf(l, input);
    const [start, end] = l.rangeOf(period.from ?? undefined, period.to ?? undefined);
    const isCandidate = (i: number) =>
      l.amountAt(i) < 0 && mask[l.categoryAt(i)] === 1 && (scope.currency === undefined || l.currency[i] === scope.currency) && (scope.account === undefined || l.account[i] === scope.account);
    const where = `${periodPhrase(period, l)}${given ? "" : ` (the last ${DEFAULT_MONTHS} months of data; give a period for another)`}${accountPhrase(l, input)}`;
    const subject = category ?? "spending";
    if (start === end) return { summary: `No transactions ${where}. ${coverageSentence(l, period, todayOf(ctx))}`, charts: [] };

    const parts: string[] = [];
    const tables: TableSpec[] = [];
    const cur = (i: number) => l.currencyCode(i);
    const merchantName = (m: number) => (l.merchantNameOf(m) ?? UNKNOWN_MERCHANT);
    const payee = (k: number) => (k < 0 ? UNKNOWN_MERCHANT : db.seriesKeys().name(k));
    if (input.kind !== "new_merchants") {
      const history = category === undefined ? "spending" : `category ${l.categoryIndex(category)}`;
      const verdicts = db.perVersion(`unusual_transactions: verdicts, ${history}`, () => judgeAll(l, mask));
      const series = db.perVersion("unusual_transactions: recurring verdicts", () => judgeSeries(l, db.recurring()));
      // A recurring obligation's payment is judged against its own series; every other payment against its merchant or category.
      let expected = 0;
      for (let i = start; i < end; i++) if (series.inSeries[i] === 1 && isCandidate(i)) expected++;
      const fromSeries = inRange(series.large, start, end, isCandidate);
      const large = [...inRange(verdicts, start, end, (i) => series.inSeries[i] === 0 && isCandidate(i)), ...fromSeries];
      // Ties (the same amount against the same usual one) oldest first: rows are stored in date order.
      large.sort((a, b) => -l.amountAt(b.row) / b.median - -l.amountAt(a.row) / a.median || a.row - b.row);
      const shown = large.slice(0, input.limit);
      const times = (x: Large) => -l.amountAt(x.row) / x.median;
      const basis = (x: Large) =>
        x.basis === "merchant"
          ? `its ${x.history} earlier payments`
          : x.basis === "series"
            ? `its recurring series' ${x.history} earlier payments`
            : `${l.categoryName(x.row)}'s ${x.history} earlier payments`;
      const left = expected - fromSeries.length;
      const recurringNote = left > 0 ? ` ${plural(left, "expected recurring payment")} (rent, premiums, passes, subscriptions at their usual amount) ${left === 1 ? "is" : "are"} not unusual and not listed.` : "";
      parts.push(
        large.length
          ? `Unusually large payments in ${subject} ${where}: ${large.length}${large.length > shown.length ? ` (the ${shown.length} largest by times the usual)` : ""}. ` +
              shown
                .map(
                  (x) =>
                    `${dayToIso(l.dayAt(x.row))} ${merchantName(l.merchantAt(x.row))} (${l.categoryName(x.row)}) ${formatMoney(-l.amountAt(x.row), cur(x.row))}, ` +
                    `${times(x).toFixed(1)} × the usual ${formatMoney(x.median, cur(x.row))} (median of ${basis(x)})`,
                )
                .join("; ") +
              "."
          : `No unusually large payments in ${subject} ${where} (rule: above median + 5 × MAD and at least twice the median of the merchant's, else the category's, at least 5 earlier payments; a recurring payment against its own series).`,
      );
      parts[parts.length - 1] += recurringNote;
      if (large.length) {
        tables.push({
          title: `Unusually large payments, ${period.label}`,
          columns: ["Date", "Merchant", "Category", "Amount", "Currency", "Usual (median)", "Times usual", "Compared with"],
          kinds: ["date", "text", "text", "money", "currency", "money", "number", "text"],
          totalRows: large.length,
          rows: shown.map((x) => [
            dayToIso(l.dayAt(x.row)),
            merchantName(l.merchantAt(x.row)),
            l.categoryName(x.row),
            round2(-l.amountAt(x.row)),
            cur(x.row),
            round2(x.median),
            Math.round(times(x) * 10) / 10,
            `${x.basis}, ${x.history} payments`,
          ]),
        });
      }
    }
    if (input.kind !== "large") {
      const keys = db.seriesKeys();
      const firstRows = db.perVersion("unusual_transactions: each payee's first row", () => firstRowOf(l, keys));
      const fresh = newMerchants(l, keys, firstRows, start, end, isCandidate);
      const biggest = (f: Fresh) => Math.max(...f.totals.values());
      fresh.sort((a, b) => biggest(b) - biggest(a) || a.first - b.first || payee(a.merchant).localeCompare(payee(b.merchant)));
      const shown = fresh.slice(0, input.limit);
      const totals = (f: Fresh) => [...f.totals].map(([c, v]) => formatMoney(v, l.currencyCodeOf(c))).join(", ");
      parts.push(
        fresh.length
          ? `New merchants in ${subject} ${where} (first transaction in the whole data): ${fresh.length}${fresh.length > shown.length ? ` (the ${shown.length} largest)` : ""}. ` +
              shown.map((f) => `${payee(f.merchant)} first on ${dayToIso(f.first)}, ${plural(f.count, "payment")}, ${totals(f)}`).join("; ") +
              "."
          : `No new merchants in ${subject} ${where}.`,
      );
      if (fresh.length) {
        tables.push({
          title: `New merchants, ${period.label}`,
          columns: ["Merchant", "First date", "Payments", "Total"],
          kinds: ["text", "date", "count", "text"],
          totalRows: fresh.length,
          rows: shown.map((f) => [payee(f.merchant), dayToIso(f.first), f.count, totals(f)]),
        });
      }
    }
    return { summary: parts.join(" "), charts: [], tables };
  },
};

/** Payments judged large, ascending by row, with what each was judged against. */
type Judged = { rows: Int32Array; median: Float64Array; basis: Uint8Array; history: Int32Array };
const BASES: Large["basis"][] = ["merchant", "category", "series"];

function judged(list: Large[]): Judged {
  list.sort((a, b) => a.row - b.row);
  return {
    rows: Int32Array.from(list, (x) => x.row),
    median: Float64Array.from(list, (x) => x.median),
    basis: Uint8Array.from(list, (x) => BASES.indexOf(x.basis)),
    history: Int32Array.from(list, (x) => x.history),
  };
}

/** The judged payments in [start, end) that `keep` keeps (a binary search to the first, then the range). */
function inRange(j: Judged, start: number, end: number, keep: (i: number) => boolean): Large[] {
  const out: Large[] = [];
  for (let k = lower(j.rows, start); k < j.rows.length && j.rows[k]! < end; k++) {
    const row = j.rows[k]!;
    if (keep(row)) out.push({ row, median: j.median[k]!, basis: BASES[j.basis[k]!]!, history: j.history[k]! });
  }
  return out;
}

/**
 * The recurring obligations' payments (`inSeries`), each judged against its own part's earlier payments (an expected
 * one at its usual amount is not large); those judged large. Depends on the data alone: made once per version.
 */
function judgeSeries(l: Ledger, series: readonly Series[]): { inSeries: Uint8Array; large: Judged } {
  const inSeries = new Uint8Array(l.size);
  const large: Large[] = [];
  for (const s of series) {
    for (const part of s.parts) {
      const rows = part.rows;
      for (let k = 0; k < rows.length; k++) {
        const i = rows[k]!;
        inSeries[i] = 1;
        if (k < MIN_SERIES_HISTORY) continue;
        const earlier = Array.from(rows.subarray(0, k), (r) => -l.amountAt(r));
        const med = median(earlier);
        const amount = -l.amountAt(i);
        if (amount < TIMES_MEDIAN * med) continue;
        const mad = Math.max(median(earlier.map((x) => Math.abs(x - med))), MAD_FLOOR * med);
        if (amount > med + MADS * mad) large.push({ row: i, median: med, basis: "series", history: k });
      }
    }
  }
  return { inSeries, large: judged(large) };
}

/** The default period: the last DEFAULT_MONTHS calendar months up to the data's last day. */
function lastMonths(l: Ledger): Period {
  if (l.lastDay === null) return { from: null, to: null, label: "all dates" };
  const m = monthKey(l.lastDay) - (DEFAULT_MONTHS - 1);
  const from = Math.floor(m / 12) * 10000 + ((m % 12) + 1) * 100 + 1;
  return { from, to: l.lastDay, label: rangeLabel(from, l.lastDay) };
}

/**
 * Every payment's verdict against its history (every earlier money-out row of the selected categories in the same
 * currency, any account): the merchant's when it has at least MIN_HISTORY, else the category's. Those judged large.
 */
function judgeAll(l: Ledger, mask: Uint8Array): Judged {
  const nCur = l.currencies.length;
  const end = l.size;
  // Both walks share the history rows; the category walk asks only about the merchant walk's leftovers.
  const buf = buffersOf(l);
  const { hist, ask } = buf;
  for (let i = 0; i < end; i++) hist[i] = l.amountAt(i) < 0 && mask[l.categoryAt(i)] === 1 ? 1 : 0;
  ask.set(hist.subarray(0, end));
  const out: Large[] = [];
  const fallback = buf.fallback.fill(0, 0, end);
  let last = -1;
  // Merchant baselines, then the category's for the payments whose merchant had too few.
  walk(
    l,
    buf,
    end,
    l.merchants.length * nCur,
    (i) => (l.merchantAt(i) >= 0 ? l.merchantAt(i) * nCur + l.currencyAt(i) : -1),
    hist,
    ask,
    (i, stats) => {
      if (stats !== null) judge(l, i, stats, "merchant", out);
      else {
        fallback[i] = 1;
        if (i > last) last = i;
      }
    },
  );
  if (last >= 0) {
    walk(
      l,
      buf,
      last + 1,
      l.categoryNames.length * nCur,
      (i) => l.categoryAt(i) * nCur + l.currencyAt(i),
      hist,
      fallback,
      (i, stats) => {
        if (stats) judge(l, i, stats, "category", out);
      },
    );
  }
  return judged(out);
}

function judge(l: Ledger, i: number, stats: RunningMedian, basis: Large["basis"], out: Large[]): void {
  const amount = -l.amountAt(i);
  const median = stats.median();
  if (amount < TIMES_MEDIAN * median) return; // the cheap test first: most payments stop here
  // Large needs a MAD below t. Fewer than half the history within t of the median (a margin for rounding) means the
  // MAD is above it: one count, not the MAD's binary searches, and it decides most payments that get this far.
  const t = (amount - median) / MADS;
  if (stats.within(median, t + Math.abs(t) * 1e-9 + 1e-9) < Math.ceil(stats.count / 2)) return;
  const mad = Math.max(stats.mad(median), MAD_FLOOR * median);
  if (amount > median + MADS * mad) out.push({ row: i, median, basis, history: stats.count });
}

/**
 * Visits the rows of [0, end) group by group (groupOf: 0 ≤ g < groups, or -1 for none) in
 * date order, keeping each group's history (rows marked 1 in `history`) in a RunningMedian;
 * `visit` is called for the rows marked 1 in `asks`, before they join the history, with the
 * stats of their group's earlier rows (null when fewer than MIN_HISTORY). Only groups with
 * a row to ask about are built. Typed arrays and a counting sort, no per-row allocation:
 * at 1M rows this walk is the tool's cost.
 */
function walk(
  l: Ledger,
  buf: Buffers,
  end: number,
  groups: number,
  groupOf: (i: number) => number,
  history: Uint8Array,
  asks: Uint8Array,
  visit: (i: number, stats: RunningMedian | null) => void,
): void {
  // Per row: its group (or -1) and flags (1 history, 2 asks); per group: whether anything asks.
  const { group, flags } = buf;
  const needed = new Uint8Array(groups);
  for (let i = 0; i < end; i++) {
    const f = history[i]! | (asks[i]! << 1);
    flags[i] = f;
    const g = f ? groupOf(i) : -1;
    group[i] = g;
    if (f & 2) {
      if (g < 0) visit(i, null);
      else needed[g] = 1;
    }
  }
  const starts = new Int32Array(groups + 1);
  for (let i = 0; i < end; i++) if (flags[i] && group[i]! >= 0 && needed[group[i]!]) starts[group[i]! + 1]!++;
  for (let g = 1; g <= groups; g++) starts[g] = starts[g - 1]! + starts[g]!;
  const rows = buf.rows.subarray(0, starts[groups]!);
  const fill = starts.slice(0, groups);
  for (let i = 0; i < end; i++) if (flags[i] && group[i]! >= 0 && needed[group[i]!]) rows[fill[group[i]!]!++] = i;
  for (let g = 0; g < groups; g++) {
    if (!needed[g]) continue;
    const own = rows.subarray(starts[g]!, starts[g + 1]!);
    const amounts = new Float64Array(own.length);
    let n = 0;
    let firstAsk = own.length;
    for (let k = 0; k < own.length; k++) {
      const i = own[k]!;
      if (flags[i]! & 1) amounts[n++] = -l.amountAt(i);
      if (flags[i]! & 2 && firstAsk === own.length) firstAsk = k;
    }
    // The history before the first row asked about goes in at once; the rest as the walk reaches it.
    const { values, counts } = distinctCounts(amounts.subarray(0, n));
    for (let k = firstAsk; k < own.length; k++) if (flags[own[k]!]! & 1) counts[lower(values, -l.amountAt(own[k]!))]!--;
    const stats = RunningMedian.of(values, counts);
    for (let k = firstAsk; k < own.length; k++) {
      const i = own[k]!;
      if (flags[i]! & 2) visit(i, stats.count >= MIN_HISTORY ? stats : null);
      if (flags[i]! & 1) stats.add(lower(values, -l.amountAt(i)));
    }
  }
}

/** Each payee's (SeriesKeys key's) first row in the whole ledger, -1 for none. */
function firstRowOf(l: Ledger, keys: SeriesKeys): Int32Array {
  const first = new Int32Array(keys.size).fill(-1);
  for (let i = 0; i < l.size; i++) {
    const k = keys.of(i);
    if (k >= 0 && first[k] === -1) first[k] = i;
  }
  return first;
}

/**
 * Merchants whose first row in the whole ledger lies in [start, end), with their candidate rows there. A merchant is
 * whom the row is paid to (SeriesKeys): the counterparty the bank named when the import knew no merchant, so a bill
 * whose text names the quarter is not a new merchant each quarter.
 */
function newMerchants(l: Ledger, keys: SeriesKeys, firstRows: Int32Array, start: number, end: number, isCandidate: (i: number) => boolean): Fresh[] {
  const fresh = new Map<number, Fresh>();
  for (let i = start; i < end; i++) {
    const m = keys.of(i);
    if (m < 0 || firstRows[m]! < start) continue;
    if (!isCandidate(i)) {
      // A merchant's first row decides "new" whatever it is; only payments are counted.
      if (!fresh.has(m)) fresh.set(m, { merchant: m, first: l.dayAt(i), count: 0, totals: new Map() });
      continue;
    }
    let f = fresh.get(m);
    if (!f) fresh.set(m, (f = { merchant: m, first: l.dayAt(i), count: 0, totals: new Map() }));
    f.count++;
    f.totals.set(l.currencyAt(i), (f.totals.get(l.currencyAt(i)) ?? 0) - l.amountAt(i));
  }
  return [...fresh.values()].filter((f) => f.count > 0);
}
