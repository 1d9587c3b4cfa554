/**
 * The independent oracle for the round-3 tools (SPEC §2: spending_breakdown, data_coverage,
 * unusual_transactions; review_transactions' possible duplicates), written from the SPEC
 * text, brute force and for clarity. It shares no code with src/: rows come from the
 * oracle's own loader (spec-oracle.ts, hygiene applied), dates are handled as strings and
 * JavaScript Dates in UTC, medians by sorting.
 *
 * Conventions where the SPEC is silent (the product's decisions, restated):
 * - spending_breakdown: without `categories`, the spending categories; `total` sums every
 *   selected row (measured: −amount, or +amount for Income as the only category); count,
 *   average, median and max use the money-out rows only. Ranking: value desc, ties label asc;
 *   time dimensions by date; the rest after top_n is "Other (k)" (not for time dimensions).
 * - unusual_transactions: candidates and history are money-out rows of the spending
 *   categories (or of `category`); history = earlier rows (date, then id) of the same
 *   merchant and currency in the whole database; without a period, the last 3 calendar
 *   months up to the newest date.
 */
import { load, periodBounds, recurringPayments, roleOf, resolveCategory, searchContains, unclassifiedIn, type OracleRow, type PeriodArgs } from "./spec-oracle.ts";

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

function utc(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

/** ISO weekday 0 = Monday … 6 = Sunday. */
function weekday(date: string): number {
  return (utc(date).getUTCDay() + 6) % 7;
}

/** ISO 8601 week label, the textbook way: the week belongs to the year of its Thursday. */
export function isoWeek(date: string): string {
  const d = utc(date);
  d.setUTCDate(d.getUTCDate() + 3 - weekday(date));
  const year = d.getUTCFullYear();
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const week = 1 + Math.round((d.getTime() - jan4.getTime()) / 86_400_000 / 7 - (3 - ((jan4.getUTCDay() + 6) % 7)) / 7);
  return `${year}-W${String(week).padStart(2, "0")}`;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

const inPeriod = (r: OracleRow, p: PeriodArgs) => {
  const b = periodBounds(p);
  return (b.from === null || r.date >= b.from) && (b.to === null || r.date <= b.to);
};

// ---------------------------------------------------------------------------------------
// spending_breakdown

export type Dimension = "category" | "merchant" | "year" | "month" | "week" | "weekday" | "day" | "currency" | "account";
export type BreakdownArgs = PeriodArgs & {
  group_by: Dimension[];
  metric?: "total" | "count" | "average" | "median" | "max";
  categories?: string[];
  exclude_categories?: string[];
  search?: string[];
  exclude_search?: string[];
  min_amount?: number;
  max_amount?: number;
  direction?: "out" | "in";
  currency?: string;
  account?: string;
};
export type BreakdownGroup = { labels: string[]; value: number; count: number };

const TIME = new Set<Dimension>(["year", "month", "week", "weekday", "day"]);

function label(r: OracleRow, d: Dimension): string {
  switch (d) {
    case "category":
      return r.category;
    case "merchant":
      return r.merchant;
    case "currency":
      return r.currency;
    case "account":
      return r.account ?? "(no account)";
    case "year":
      return r.date.slice(0, 4);
    case "month":
      return r.month;
    case "day":
      return r.date;
    case "weekday":
      return WEEKDAYS[weekday(r.date)]!;
    case "week":
      return isoWeek(r.date);
  }
}

/** Sort key of a label (time dimensions by date). */
function order(d: Dimension, l: string): string {
  return d === "weekday" ? String(WEEKDAYS.indexOf(l)) : l;
}

/** Per currency: every group (pairs for two dimensions), ranked, before top_n is applied. */
export function spendingBreakdown(path: string, args: BreakdownArgs): Record<string, BreakdownGroup[]> {
  const l = load(path);
  const names = (args.categories ?? []).map((c) => resolveCategory(l.categoryNames, c));
  const excluded = new Set((args.exclude_categories ?? []).map((c) => resolveCategory(l.categoryNames, c)));
  const subjectIncome = names.length === 1 && roleOf(names[0]!) === "income";
  const matches = (r: OracleRow, t: string) => searchContains(r.merchant_name ?? "", t) || searchContains(r.raw_description, t);
  const rows = l.rows.filter(
    (r) =>
      inPeriod(r, args) &&
      (names.length ? names.includes(r.category) : roleOf(r.category) === "spending") &&
      !unclassifiedIn(r) &&
      !excluded.has(r.category) &&
      (args.currency === undefined || r.currency === args.currency.trim().toUpperCase()) &&
      (args.account === undefined || r.account === args.account) &&
      (args.search === undefined || args.search.some((t) => matches(r, t))) &&
      (args.exclude_search === undefined || !args.exclude_search.some((t) => matches(r, t))) &&
      (args.min_amount === undefined || Math.abs(r.amount) >= args.min_amount) &&
      (args.max_amount === undefined || Math.abs(r.amount) <= args.max_amount) &&
      (args.direction === undefined || (args.direction === "out" ? r.amount < 0 : r.amount > 0)),
  );
  const metric = args.metric ?? "total";
  const out: Record<string, BreakdownGroup[]> = {};
  for (const cur of [...new Set(rows.map((r) => r.currency))]) {
    const groups = new Map<string, OracleRow[]>();
    for (const r of rows.filter((x) => x.currency === cur)) {
      const key = JSON.stringify(args.group_by.map((d) => label(r, d)));
      groups.set(key, [...(groups.get(key) ?? []), r]);
    }
    const list: BreakdownGroup[] = [];
    for (const [key, rs] of groups) {
      const outs = rs.filter((r) => r.amount < 0).map((r) => -r.amount);
      if (metric !== "total" && outs.length === 0) continue;
      const value =
        metric === "total"
          ? rs.reduce((s, r) => s + (subjectIncome ? r.amount : -r.amount), 0)
          : metric === "count"
            ? outs.length
            : metric === "average"
              ? outs.reduce((a, b) => a + b, 0) / outs.length
              : metric === "median"
                ? median(outs)
                : Math.max(...outs);
      list.push({ labels: JSON.parse(key), value, count: metric === "total" ? rs.length : outs.length });
    }
    const d0 = args.group_by[0];
    list.sort((a, b) =>
      TIME.has(d0!) ? order(d0!, a.labels[0]!).localeCompare(order(d0!, b.labels[0]!)) || 0 : b.value - a.value || a.labels[0]!.localeCompare(b.labels[0]!),
    );
    out[cur] = list;
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// data_coverage

export type Coverage = { account: string | null; currency: string; first: string; last: string; rows: number; months: number; gaps: string[]; daysSinceLast: number; currentMonth: boolean };

export function dataCoverage(path: string, today: string, args: PeriodArgs & { currency?: string } = {}): Coverage[] {
  const l = load(path);
  const rows = l.rows.filter((r) => inPeriod(r, args) && (args.currency === undefined || r.currency === args.currency));
  const keys = [...new Set(rows.map((r) => JSON.stringify([r.account, r.currency])))];
  return keys.map((k) => {
    const [account, currency] = JSON.parse(k) as [string | null, string];
    const rs = rows.filter((r) => r.account === account && r.currency === currency);
    const dates = rs.map((r) => r.date).sort();
    const months = new Set(rs.map((r) => r.month));
    const gaps: string[] = [];
    for (let m = dates[0]!.slice(0, 7); m <= dates[dates.length - 1]!.slice(0, 7); ) {
      if (!months.has(m)) gaps.push(m);
      const [y, mo] = m.split("-").map(Number);
      m = mo === 12 ? `${y! + 1}-01` : `${y}-${String(mo! + 1).padStart(2, "0")}`;
    }
    const last = dates[dates.length - 1]!;
    return {
      account,
      currency,
      first: dates[0]!,
      last,
      rows: rs.length,
      months: months.size,
      gaps,
      daysSinceLast: Math.round((utc(today).getTime() - utc(last!).getTime()) / 86_400_000),
      currentMonth: months.has(today.slice(0, 7)),
    };
  });
}

// ---------------------------------------------------------------------------------------
// unusual_transactions

export type LargePayment = { id: number; median: number; basis: "merchant" | "category" | "series"; history: number; ratio: number };
export type NewMerchant = { merchant: string; first: string; count: number; totals: Record<string, number> };

function lastMonths(rows: OracleRow[]): PeriodArgs {
  const newest = rows.map((r) => r.date).sort().at(-1)!;
  const d = new Date(Date.UTC(Number(newest.slice(0, 4)), Number(newest.slice(5, 7)) - 3, 1));
  return { from: d.toISOString().slice(0, 10), to: newest };
}

export function unusualTransactions(path: string, args: PeriodArgs & { category?: string } = {}): { large: LargePayment[]; fresh: NewMerchant[] } {
  const l = load(path);
  const period = [args.year, args.month, args.from, args.to].some((v) => v !== undefined) ? args : lastMonths(l.rows);
  const subject = args.category === undefined ? null : resolveCategory(l.categoryNames, args.category);
  const sorted = [...l.rows].sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
  const payment = (r: OracleRow) => r.amount < 0 && (subject === null ? roleOf(r.category) === "spending" : r.category === subject);
  const large: LargePayment[] = [];
  // Round 4: a payment of a recurring obligation (found over all the data) is judged against its own part's earlier
  // payments (at least 2), not its merchant's: at its usual amount it is expected.
  const partOf = new Map<number, { ids: number[]; k: number }>();
  for (const f of Object.values(recurringPayments(path).byCurrency)) {
    for (const s of f.series) for (const ids of s.partIds) ids.forEach((id, k) => partOf.set(id, { ids, k }));
  }
  const byId = new Map(l.rows.map((r) => [r.id, r]));
  // Earlier payments per merchant and per category (same currency), in date order, as they accumulate.
  const earlierOf = new Map<string, number[]>();
  const earlier = (key: string) => earlierOf.get(key) ?? [];
  for (const r of sorted) {
    if (!payment(r)) continue;
    const mKey = JSON.stringify(["m", r.merchant_name, r.currency]);
    const cKey = JSON.stringify(["c", r.category, r.currency]);
    const part = partOf.get(r.id);
    if (inPeriod(r, period) && part) {
      if (part.k >= 2) {
        const history = part.ids.slice(0, part.k).map((id) => -byId.get(id)!.amount);
        const med = median(history);
        const mad = Math.max(median(history.map((x) => Math.abs(x - med))), 0.05 * med);
        if (-r.amount > med + 5 * mad && -r.amount >= 2 * med) large.push({ id: r.id, median: med, basis: "series", history: part.k, ratio: -r.amount / med });
      }
    } else if (inPeriod(r, period)) {
      const own = r.merchant_name === null ? [] : earlier(mKey);
      const basis = own.length >= 5 ? "merchant" : "category";
      const history = basis === "merchant" ? own : earlier(cKey);
      if (history.length >= 5) {
        const med = median(history);
        const mad = Math.max(median(history.map((x) => Math.abs(x - med))), 0.05 * med);
        if (-r.amount > med + 5 * mad && -r.amount >= 2 * med) large.push({ id: r.id, median: med, basis, history: history.length, ratio: -r.amount / med });
      }
    }
    for (const key of r.merchant_name === null ? [cKey] : [mKey, cKey]) earlierOf.set(key, [...earlier(key), -r.amount]);
  }
  large.sort((a, b) => b.ratio - a.ratio || sorted.findIndex((r) => r.id === a.id) - sorted.findIndex((r) => r.id === b.id));
  const firstSeen = new Map<string, string>();
  for (const r of sorted) if (r.merchant_name !== null && !firstSeen.has(r.merchant_name)) firstSeen.set(r.merchant_name, r.date);
  const fresh: NewMerchant[] = [];
  for (const [merchant, first] of firstSeen) {
    if (!inPeriod({ date: first } as OracleRow, period)) continue;
    const rs = sorted.filter((r) => r.merchant_name === merchant && inPeriod(r, period) && payment(r));
    if (!rs.length) continue;
    const totals: Record<string, number> = {};
    for (const r of rs) totals[r.currency] = (totals[r.currency] ?? 0) - r.amount;
    fresh.push({ merchant, first, count: rs.length, totals });
  }
  return { large, fresh };
}

// ---------------------------------------------------------------------------------------
// review_transactions: possible duplicates

export function possibleDuplicates(path: string, args: PeriodArgs = {}): { date: string; description: string; amount: number; currency: string; ids: number[] }[] {
  const l = load(path);
  const groups = new Map<string, OracleRow[]>();
  for (const r of l.rows.filter((x) => inPeriod(x, args))) {
    const key = JSON.stringify([r.date, r.amount, r.currency, r.raw_description]);
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups.values()]
    .filter((rs) => rs.length > 1)
    .map((rs) => ({ date: rs[0]!.date, description: rs[0]!.raw_description, amount: rs[0]!.amount, currency: rs[0]!.currency, ids: rs.map((r) => r.id).sort((a, b) => a - b) }))
    // In date order, then by the group's first transaction id (the order rows are stored in).
    .sort((a, b) => a.date.localeCompare(b.date) || a.ids[0]! - b.ids[0]!);
}
