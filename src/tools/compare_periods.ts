import { z } from "zod";
import { dayToIso, monthKey } from "../ledger/calendar.ts";
import type { Ledger } from "../ledger/ledger.ts";
import { UNKNOWN_MERCHANT } from "../ledger/schema.ts";
import { formatMoney, formatNumber, formatPercent, plural, round2 } from "../core/format.ts";
import { ToolInputError } from "../core/errors.ts";
import { categoryMask, measureOf, resolveCategory, rolesOf } from "./query/categories.ts";
import { chartTitle, PerCurrency } from "./query/currency.ts";
import { categoryField, periodFields } from "./query/fields.ts";
import { coverageSentence, coveredMonths, monthsCovered, resolvePeriod, type Period } from "./query/period.ts";
import { missingMonths, missingSentence } from "./query/statements.ts";
import { scopeOf } from "./query/scope.ts";
import { forEachRow } from "./query/rows.ts";
import { lazySchema } from "../core/validation.ts";
import type { ReadTool } from "./types.ts";
import type { BudgetDb } from "../ledger/reader.ts";
import { addInflow, noInflow, unclassifiedInflow, type Inflow } from "./query/unclassified.ts";

const schema = lazySchema(() => {
  const { year, month, from, to, currency, account } = periodFields();
  const periodArg = (which: string) => z.strictObject({ year, month, from, to }).describe(which);
  return z.strictObject({
    a: periodArg('The first (earlier) period, e.g. {"year": 2024} or {"from": "2025-01-01", "to": "2025-03-31"}.'),
    b: periodArg("The second period."),
    category: categoryField().optional().describe("Only this category (default: every spending category)."),
    by: z.enum(["category", "merchant"]).default("category").describe("merchant: also lists new and gone merchants."),
    currency,
    account,
  });
});

type Figures = {
  rows: number;
  a: Map<number, number>;
  b: Map<number, number>;
  spending: [number, number];
  income: [number, number];
  /** Unclassified money in per period (SPEC §1: neither spending nor income, reported apart). */
  inflow: [Inflow, Inflow];
};
/** A compared line; `pa`/`pb` are per month when the periods differ in covered length (else the totals), `change` their difference. */
type Row = { name: string; a: number; b: number; pa: number; pb: number; change: number };

const sumOf = (m: Map<number, number>) => [...m.values()].reduce((x, y) => x + y, 0);
/** Periods whose covered lengths differ by at most this share are compared in totals only. */
const SAME_LENGTH = 0.05;
/** Merchants named in the new and gone lists. */
const LISTED = 10;

function periodOf(input: { year?: number; month?: number; from?: string; to?: string }, which: "a" | "b"): Period {
  if (Object.values(input).every((v) => v === undefined)) throw new ToolInputError(`${which} names no period: give {"year": …} or {"from": …, "to": …}.`);
  try {
    return resolvePeriod(input);
  } catch (e) {
    throw new ToolInputError(`${which}: ${(e as Error).message}`);
  }
}

type Coverage =
  /** No data in the period; `short` ("2026-11: no data yet") is what the chart's title says of it. */
  | { none: true; note: string; short: string }
  /** Partly covered; `covered` is the part with data ("1–12 Oct", "2025-01-01 to 2025-12-28"). */
  | { none: false; note: string; covered: string };

/**
 * How much of a period the data covers (SPEC §1 "Time"): a period after the data's end has
 * no data yet, one partly after it covers only the days up to the end; one wholly before the
 * data's start has no data. null: nothing to say.
 */
function coverageNote(p: Period, l: Ledger): Coverage | null {
  const none = (short: string, why: string): Coverage => ({ none: true, short, note: `${short} — ${why}` });
  if (l.firstDay === null || l.lastDay === null) return none(`${p.label}: no data`, "the database has no transactions");
  const first = l.firstDay;
  const last = l.lastDay;
  if (p.from !== null && p.from > last) return none(`${p.label}: no data yet`, `the data ends ${dayToIso(last)}`);
  if (p.to !== null && p.to < first) return none(`${p.label}: no data`, `the data starts ${dayToIso(first)}`);
  // Only the data's END cuts a period short in a way worth saying (SPEC §1 "Time": no data yet).
  if (p.to === null || p.to <= last) return null;
  const from = p.from === null ? first : Math.max(p.from, first);
  const name = new Date(Date.UTC(2000, (Math.floor(last / 100) % 100) - 1, 1)).toLocaleString("en-GB", { month: "short", timeZone: "UTC" });
  const covered =
    monthKey(from) === monthKey(last) ? `${from === last ? "" : `${from % 100}–`}${last % 100} ${name}` : `${dayToIso(from)} to ${dayToIso(last)}`;
  return { none: false, covered, note: `${p.label} covers ${covered} only (the data ends ${dayToIso(last)})` };
}

export const comparePeriods: ReadTool<ReturnType<typeof schema>> = {
  name: "compare_periods",
  label: "Comparing two periods…",
  promptHint: "one period against another (this month vs last year's, 2025 vs 2024): what changed, by category or merchant.",
  description:
    "Spending of two periods category by category, or merchant by merchant (then also new and gone merchants): each amount, " +
    "the change and % change, largest change first, plus total spending and income. Periods of different length are also " +
    "compared per month; a period after the data's end has no data yet, a partly covered one says so. The UI draws a grouped " +
    "bar chart.",
  risk: "low",
  schema,
  run(db, input) {
    const l = db.ledger();
    const pa = periodOf(input.a, "a");
    const pb = periodOf(input.b, "b");
    const labels = pa.label === pb.label ? [`a ${pa.label}`, `b ${pb.label}`] : [pa.label, pb.label];
    const category = input.category === undefined ? undefined : resolveCategory(db, input.category);
    const byMerchant = input.by === "merchant";
    const measure = measureOf(db, category);
    const roles = rolesOf(db, l);
    const only = category === undefined ? undefined : categoryMask(l, [category]);
    const scope = scopeOf(l, input);
    const per = new PerCurrency<Figures>(l, () => ({ rows: 0, a: new Map(), b: new Map(), spending: [0, 0], income: [0, 0], inflow: [noInflow(), noInflow()] }));
    const subject = new PerCurrency<{ rows: number; v: [number, number] }>(l, () => ({ rows: 0, v: [0, 0] }));
    const unclassified = unclassifiedInflow(l);
    ([pa, pb] as const).forEach((period, k) =>
      forEachRow(l, { period, ...scope }, (i) => {
        const f = per.of(l.currencyAt(i));
        const code = l.categoryAt(i);
        const a = l.amountAt(i);
        if (unclassified(i)) return addInflow(f.inflow[k]!, a);
        if (roles[code] === "spending") f.spending[k]! -= a;
        if (roles[code] === "income") f.income[k]! += a;
        if (only ? only[code] : roles[code] === "spending") {
          const side = k === 0 ? f.a : f.b;
          const key = byMerchant ? l.merchantAt(i) : code;
          side.set(key, (side.get(key) ?? 0) + measure.sign * a);
          // The chart's currency is the one with most rows of what it compares.
          f.rows++;
          if (only) subject.of(l.currencyAt(i)).v[k]! += measure.sign * a;
        }
      }),
    );
    const notes = [coverageNote(pa, l), coverageNote(pb, l)];
    const comparable = !notes.some((n) => n?.none);
    const said = notes.filter((n) => n !== null).map((n) => n.note);
    // "b covers 6–12 Oct only" for a period partly after the data's end, beside the new/gone lists.
    const partly = notes.map((n, k) => (n && !n.none ? `${k === 0 ? "a" : "b"} covers ${n.covered} only` : null));
    if (per.size === 0) return { summary: `No transactions in ${pa.label} or ${pb.label}. ${said.length ? `${said.join("; ")}. ` : ""}${coverageSentence(l)}`, charts: [] };

    // Lengths as shown (one decimal): a year or month counts whole months, from/to its covered length (SPEC §1), and
    // so does a period the data's end cuts short (12 days of October are 0.4 of a month, not 1).
    const whole = (k: 0 | 1) => (k === 0 ? input.a : input.b).year !== undefined && !partly[k];
    const months = [monthsCovered(pa, l, whole(0)), monthsCovered(pb, l, whole(1))] as const;
    const shown = months.map((n) => Math.round(n * 10) / 10);
    // Unequal lengths: every line is compared per month, not only the total (a year against a month is no −92%, nor
    // 12 days of October against a whole one). Lengths within 5% count as equal (a year whose data ends on the 28th of December).
    const perMonth = comparable && months[0] > 0 && months[1] > 0 && Math.abs(months[0] - months[1]) > SAME_LENGTH * Math.max(months[0], months[1]);
    const divisor = perMonth ? months : ([1, 1] as const);
    const nameOf = (key: number) => (byMerchant ? (l.merchantNameOf(key) ?? UNKNOWN_MERCHANT) : l.categoryNameOf(key));
    const line = (name: string, a: number, b: number): Row => {
      const pa = a / divisor[0];
      const pb = b / divisor[1];
      return { name, a, b, pa, pb, change: pb - pa };
    };
    const rowsOf = (f: Figures): Row[] =>
      [...new Set([...f.a.keys(), ...f.b.keys()])]
        .map((key) => line(nameOf(key), f.a.get(key) ?? 0, f.b.get(key) ?? 0))
        .sort((x, y) => Math.abs(y.change) - Math.abs(x.change) || x.name.localeCompare(y.name));
    const signed = (x: number, c: string) => `${x > 0 ? "+" : ""}${formatMoney(x, c)}`;
    // A side without data is said to have none, never shown as 0.
    const side = (k: 0 | 1, x: number, c: string) => (notes[k]?.none ? "no data" : formatMoney(x, c));
    const pair = (a: number, b: number, c: string) => `${side(0, a, c)} → ${side(1, b, c)}`;
    const monthsOf = (k: 0 | 1) => `${formatNumber(shown[k]!)} month${shown[k] === 1 ? "" : "s"}`;
    const words = wordsOf(db, category);
    // A period with a month a missing statement touches (SPEC §10.1) lacks that statement's bookings: said, per currency.
    const missing = ([pa, pb] as const).map((p) => missingMonths(db, l, input, coveredMonths(p, l)));
    const lacking = (c: string) =>
      ([0, 1] as const)
        .map((k) => missingSentence(missing[k]!.get(c)))
        .map((m, k) => (m ? ` In ${labels[k]} (${k === 0 ? "a" : "b"}): ${m} Its figures lack those bookings: no change is stated.` : ""))
        .join("");
    /**
     * " (per month CHF 100.00 → CHF 120.00, +CHF 20.00, +20.0%)" or " (+CHF 20.00, +20.0%)"; "" when a side has no data
     * or lacks a missing statement's bookings (a change against figures known to be short is no change: `lacking` says so).
     */
    const change = (r: Row, c: string) => {
      if (!comparable || missing.some((m) => m.get(c)?.size)) return "";
      const each = perMonth ? " a month" : "";
      const pct = percentChange(r.pa, r.pb, (x) => `${words(x, c)}${each}`);
      return perMonth
        ? ` (per month ${formatMoney(r.pa, c)} → ${formatMoney(r.pb, c)}: ${signed(r.change, c)}, ${pct})`
        : ` (${signed(r.change, c)}, ${pct})`;
    };
    // With a category, the currencies it has rows in (all of them when it has none).
    const listed = per.list().filter(([, f]) => category === undefined || f.rows > 0);
    const parts = (listed.length ? listed : per.list()).map(([c, f]) => {
      const rows = rowsOf(f);
      const spending = line("spending", f.spending[0], f.spending[1]);
      const lengths = perMonth ? `; over ${monthsOf(0)} → ${monthsOf(1)}` : "";
      const inflow = f.inflow.some((t) => t.count)
        ? ` Unclassified money in (Uncategorised rows, neither spending nor income): ${f.inflow.map((t, k) => (notes[k]?.none ? "no data" : `${formatMoney(t.total, c)} (${plural(t.count, "transaction")})`)).join(" → ")}.`
        : "";
      const totals = `total spending ${pair(spending.a, spending.b, c)}${change(spending, c)}${lengths}; income ${pair(f.income[0], f.income[1], c)}.${inflow}${lacking(c)}`;
      const lines = rows.map((r) => `${r.name} ${pair(r.a, r.b, c)}${change(r, c)}`);
      const detail = lines.length ? ` By ${byMerchant ? "merchant" : category ? "category" : "change"}${perMonth ? " (ranked by the change per month)" : ""}: ${lines.join("; ")}.` : ` No ${measure.noun} in either period.`;
      const turnover = byMerchant && comparable ? merchantTurnover(rows, partly) : "";
      if (category === undefined) return `${c}: ${totals}${detail}${turnover}`;
      const v = subject.of(l.currencies.indexOf(c)).v;
      const head = `${c}: ${category} ${pair(v[0], v[1], c)}${change(line(category, v[0], v[1]), c)}${lengths}.`;
      return `${head}${byMerchant ? `${detail}${turnover}` : ""} All spending, for reference: ${totals}`;
    });
    const [main, ...others] = per.list();
    const [mainCur, mainF] = main!;
    const rows = rowsOf(mainF);
    // A period without data is no dataset of zeros (SPEC §1 "Time"): it is left out and the title says why.
    const drawn = ([0, 1] as const).filter((k) => !notes[k]?.none);
    const gaps = notes.flatMap((n) => (n?.none ? [n.short] : []));
    const what = byMerchant ? `${measure.noun.charAt(0).toUpperCase()}${measure.noun.slice(1)} by merchant` : `${measure.noun.charAt(0).toUpperCase()}${measure.noun.slice(1)}`;
    return {
      summary: [`${what}: ${labels[0]} (a) vs ${labels[1]} (b)${scope.account === undefined ? "" : ` in account ${l.accountNameOf(scope.account)}`}.`, ...(said.length ? [`${said.join("; ")}.`] : []), ...parts].join(" "),
      charts: rows.length
        ? [
            {
              type: "grouped_bar",
              title: chartTitle(
                `${category ?? "Spending"}${byMerchant ? " by merchant" : ""}${perMonth ? " per month" : ""}: ${labels[0]} vs ${labels[1]}${gaps.length ? ` (${gaps.join("; ")})` : ""}`,
                mainCur,
                others.map(([c, f]) => [c, sumOf(f.b)]),
              ),
              currency: mainCur,
              data: {
                labels: rows.map((r) => r.name),
                datasets: drawn.map((k) => ({ name: labels[k]!, values: rows.map((r) => round2(k === 0 ? r.pa : r.pb)) })),
              },
            },
          ]
        : [],
    };
  },
};

/**
 * A percentage change that means something: from a positive base ("+20.0%", "-100.0%"),
 * "new" from nothing, and in words when either side is a net refund (negative): "from a net
 * refund of CHF 200.00 to spending of CHF 300.00" — never "+-638.2%".
 */
function percentChange(a: number, b: number, words: (x: number) => string): string {
  if (round2(a) === round2(b)) return "no change";
  if (a > 0 && b >= 0) return `${b > a ? "+" : ""}${formatPercent(b - a, a)}`;
  if (round2(a) === 0 && b > 0) return "new";
  return `from ${words(a)} to ${words(b)}`;
}

/** How a compared amount reads in words, by what is measured: spending (a negative one is a net refund), income, or a not-spending flow. */
function wordsOf(db: BudgetDb, category: string | undefined): (x: number, currency: string) => string {
  const role = category === undefined ? "spending" : db.roleOf(category);
  const [positive, negative] =
    role === "income" ? ["income", "a net repayment"] : role === "notSpending" ? ["money out", "money back in"] : ["spending", "a net refund"];
  return (x, c) => (round2(x) === 0 ? "nothing" : x > 0 ? `${positive} of ${formatMoney(x, c)}` : `${negative} of ${formatMoney(-x, c)}`);
}

/**
 * " New merchants (only in b): …. Gone merchants (only in a): …." A period partly after the data's
 * end is named beside the list its missing days make doubtful (gone for b, new for a), every
 * merchant kept: any of them may fall into the days the data does not reach yet, so leaving some
 * out would guess; the note lets the reader (and the model) weigh "gone" as "not seen yet".
 */
function merchantTurnover(rows: Row[], partly: (string | null)[]): string {
  const fresh = rows.filter((r) => r.a === 0 && r.b !== 0).sort((x, y) => y.b - x.b || x.name.localeCompare(y.name));
  const gone = rows.filter((r) => r.b === 0 && r.a !== 0).sort((x, y) => y.a - x.a || x.name.localeCompare(y.name));
  const names = (rs: Row[]) => `${rs.length}${rs.length ? `: ${rs.slice(0, LISTED).map((r) => r.name).join(", ")}${rs.length > LISTED ? ", …" : ""}` : ""}`;
  const why = (k: 0 | 1) => (partly[k] ? `; ${partly[k]}` : "");
  return ` New merchants (only in b${why(0)}): ${names(fresh)}. Gone merchants (only in a${why(1)}): ${names(gone)}.`;
}
