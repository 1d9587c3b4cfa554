/**
 * Periods (SPEC §1, §2): `year`/`month`, or inclusive `from`/`to` (either end open),
 * resolved to inclusive yyyymmdd bounds; the months of a period that the data covers.
 */
import { daysBetween, daysInMonth, dayToIso, monthKey, monthLabel, parseDay } from "../../ledger/calendar.ts";
import type { Ledger } from "../../ledger/ledger.ts";
import { ToolInputError } from "../../core/errors.ts";
import type { CallPeriod } from "../../core/figures.ts";

export type PeriodInput = { year?: number; month?: number; from?: string; to?: string };

export type Period = {
  /** Inclusive yyyymmdd bounds; null = open. */
  from: number | null;
  to: number | null;
  /** "2025", "2025-03", "2025-01-01…2025-03-31", "2025-03-01…", "all dates". */
  label: string;
};

export const ALL_DATES: Period = { from: null, to: null, label: "all dates" };

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function day(value: string, name: "from" | "to"): number {
  const d = DATE.test(value) ? parseDay(value) : null;
  if (d === null) throw new ToolInputError(`${name} must be a real date written YYYY-MM-DD, e.g. 2025-03-01; got "${value}".`);
  return d;
}

/** The period an input names; a ToolInputError says how to fix a wrong one. */
export function resolvePeriod(input: PeriodInput): Period {
  const { year, month, from, to } = input;
  if ((from !== undefined || to !== undefined) && (year !== undefined || month !== undefined)) {
    throw new ToolInputError("Give either year/month or from/to, not both: e.g. {\"year\": 2025} or {\"from\": \"2025-01-01\", \"to\": \"2025-03-31\"}.");
  }
  if (month !== undefined && year === undefined) {
    throw new ToolInputError(`month requires year: pass both, e.g. {"year": 2025, "month": ${month}}.`);
  }
  if (year !== undefined) {
    if (month === undefined) return { from: year * 10000 + 101, to: year * 10000 + 1231, label: String(year) };
    const ym = year * 10000 + month * 100;
    return { from: ym + 1, to: ym + daysInMonth(year, month), label: monthLabel(year * 12 + month - 1) };
  }
  if (from === undefined && to === undefined) return ALL_DATES;
  const f = from === undefined ? null : day(from, "from");
  const t = to === undefined ? null : day(to, "to");
  if (f !== null && t !== null && f > t) throw new ToolInputError(`from (${from}) is after to (${to}).`);
  return { from: f, to: t, label: rangeLabel(f, t) };
}

export function rangeLabel(from: number | null, to: number | null): string {
  return `${from === null ? "" : dayToIso(from)}…${to === null ? "" : dayToIso(to)}`;
}

/** "for 2025", "for 2025-03", "from 2025-01-01 to 2025-03-31", "since 2025-03-01", "for all dates (2023-11-01 to 2026-10-31)". */
export function periodPhrase(p: Period, l: Ledger): string {
  if (p.from === null && p.to === null) return l.firstDay === null ? "for all dates" : `for all dates (${coverage(l)})`;
  if (!p.label.includes("…")) return `for ${p.label}`;
  if (p.from === null) return `until ${dayToIso(p.to!)}`;
  if (p.to === null) return `since ${dayToIso(p.from)}`;
  return `from ${dayToIso(p.from)} to ${dayToIso(p.to)}`;
}

function coverage(l: Ledger): string {
  return `${dayToIso(l.firstDay!)} to ${dayToIso(l.lastDay!)}`;
}

/** Appended to an empty result so the model can pick a period that has data. */
export function coverageSentence(l: Ledger, period?: Period, today?: number): string {
  if (l.firstDay === null) return "The database has no transactions.";
  // A period wholly after the data's end has no data yet, not nothing (SPEC §1 "Time"; uqa3: "No spending found for 2026-11").
  if (period?.from != null && l.lastDay !== null && period.from > l.lastDay) {
    // One that has not begun (today is before it) has no statements to import yet (review of uqa3 D9).
    if (today !== undefined && period.from > today) return `${period.label} has not begun yet (today is ${dayToIso(today)}): the data ends ${dayToIso(l.lastDay)}.`;
    return `${period.label} has no data yet: the data ends ${dayToIso(l.lastDay)} (not zero; import the latest statements).`;
  }
  return `The data covers ${coverage(l)}.`;
}

/**
 * The months (year*12 + month-1, ascending) of the period that lie inside the data's
 * coverage: a month average is taken over these, empty months counting 0 (SPEC §1).
 */
export function coveredMonths(p: Period, l: Ledger): number[] {
  if (l.firstDay === null || l.lastDay === null) return [];
  const first = monthKey(Math.max(p.from ?? l.firstDay, l.firstDay));
  const last = monthKey(Math.min(p.to ?? l.lastDay, l.lastDay));
  const out: number[] = [];
  for (let m = first; m <= last; m++) out.push(m);
  return out;
}

/**
 * How many months of the data a period covers, the divisor of its month average (SPEC §1).
 * `wholeMonths` (a year or a month): the count of coveredMonths, as every tool counts calendar
 * periods. Otherwise (from/to) its covered length, so that two 30-day windows weigh alike
 * however they straddle month ends: a whole calendar month counts 1, a part of one its days ÷
 * that month's days, and only the days from the data's first to its last date count.
 */
export function monthsCovered(p: Period, l: Ledger, wholeMonths: boolean): number {
  if (wholeMonths) return coveredMonths(p, l).length;
  if (l.firstDay === null || l.lastDay === null) return 0;
  const from = Math.max(p.from ?? l.firstDay, l.firstDay);
  const to = Math.min(p.to ?? l.lastDay, l.lastDay);
  let n = 0;
  for (let m = monthKey(from); from <= to && m <= monthKey(to); m++) {
    const days = daysInMonth(Math.floor(m / 12), (m % 12) + 1);
    const first = m === monthKey(from) ? from % 100 : 1;
    const last = m === monthKey(to) ? to % 100 : days;
    n += (last - first + 1) / days;
  }
  return n;
}

/**
 * The periods a tool call names: its own, or compare_periods' `a` and `b`. A call that names
 * none has none here (its tool's default may be all dates, or the current month, or no period
 * at all: a chart by month still tells how many months it shows).
 */
function periodsOf(input: unknown): PeriodInput[] {
  if (typeof input !== "object" || input === null) return [];
  const i = input as Record<string, unknown>;
  const named = (p: unknown): p is PeriodInput =>
    typeof p === "object" && p !== null && ["year", "month", "from", "to"].some((k) => (p as Record<string, unknown>)[k] !== undefined);
  return [i.a, i.b, i].filter(named);
}

/**
 * A period a tool call names, as the figure checker reads it (SPEC §11.1): its bounds
 * (an open end is the data's first or last day) and the divisors of an average over it —
 * its calendar months, weeks and days when both ends are named (a year is 12, 52⅐ and 365),
 * and the months and days of it that the data covers (what the tools' own averages divide by).
 */
export function callPeriods(input: unknown, l: Ledger): CallPeriod[] {
  const out: CallPeriod[] = [];
  for (const p of periodsOf(input)) {
    let period: Period;
    try {
      period = resolvePeriod(p);
    } catch {
      // A period the tool accepted always resolves; anything else names no period.
      continue;
    }
    const months = new Set<number>();
    const days = new Set<number>();
    // A period that runs on past the data's last month is "so far": over its months with data only (2026 with data to
    // October: ten months, 304 days, not 12 and 365 — what the tools' own averages divide by).
    const cut = period.to !== null && l.lastDay !== null && monthKey(l.lastDay) < monthKey(period.to);
    if (period.from !== null && period.to !== null && !cut) {
      months.add(monthKey(period.to) - monthKey(period.from) + 1);
      days.add(daysBetween(period.from, period.to) + 1);
    }
    months.add(coveredMonths(period, l).length);
    if (l.firstDay !== null && l.lastDay !== null) {
      const from = Math.max(period.from ?? l.firstDay, l.firstDay);
      const to = Math.min(period.to ?? l.lastDay, l.lastDay);
      if (from <= to) days.add(daysBetween(from, to) + 1);
    }
    const weeks = new Set<number>();
    // A week average divides by the period's days ÷ 7, or by its whole weeks (a year's 52) when the period is longer than
    // two months (62 days). Not a month's: its whole weeks (4 of a 31-day July) leave out up to three days, a tenth of it
    // ("CHF 807 a week" of July's CHF 3'228.70 ÷ 4 is CHF 729 a week at 4.43; r4m01).
    for (const d of days) {
      weeks.add(d / 7);
      if (d > 62) weeks.add(Math.round(d / 7));
    }
    const from = period.from ?? l.firstDay;
    const to = period.to ?? l.lastDay;
    if (from === null || to === null) continue;
    out.push({ from, to, months: [...months].filter((m) => m > 0), weeks: [...weeks].filter((w) => w > 0), days: [...days].filter((d) => d > 0) });
  }
  return out;
}
