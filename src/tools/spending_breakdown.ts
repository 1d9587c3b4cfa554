/**
 * spending_breakdown (SPEC §2): any slice of the spending, grouped by one or two
 * dimensions, with one metric per group. `total` follows SPEC §1 (every row of the
 * selected categories, refunds reduce it); count, average, median and max are over the
 * money-out rows, amounts positive.
 */
import { todayOf } from "./query/today.ts";
import { z } from "zod";
import { epochDay, WEEKDAY_LABELS, weekdayOf } from "../ledger/calendar.ts";
import type { Ledger, TextMatch } from "../ledger/ledger.ts";
import { median } from "../ledger/recurring.ts";
import { ToolInputError } from "../core/errors.ts";
import type { ChartSpec, TableSpec } from "../core/events.ts";
import { formatCount, formatMoney, joinAnd, quote, round2 } from "../core/format.ts";
import { categoryMask, measureOf, resolveCategory, roleMask, rolesOf } from "./query/categories.ts";
import { chartTitle, PerCurrency } from "./query/currency.ts";
import { amountFields, categoryField, periodFields, searchField } from "./query/fields.ts";
import { addRow, DIMENSIONS, merge, newAcc, TIME_DIMENSIONS, keyer, type Acc } from "./query/groups.ts";
import { coverageSentence, periodPhrase, resolvePeriod } from "./query/period.ts";
import { forEachRow } from "./query/rows.ts";
import { accountPhrase, scopeOf } from "./query/scope.ts";
import { lazySchema } from "../core/validation.ts";
import type { ReadTool } from "./types.ts";
import { addInflow, inflowSentence, noInflow, unclassifiedInflow, type Inflow } from "./query/unclassified.ts";

const METRICS = ["total", "count", "average", "median", "max"] as const;
type Metric = (typeof METRICS)[number];
/** The second dimension's values drawn as datasets; the rest become one `Other` dataset. */
const MAX_SERIES = 8;
/** A pair's key: first key × PAIR + second key (every key is below 2^27). */
const PAIR = 2 ** 27;
/** Group lines the summary names per currency (the table has them all). */
const SUMMARY_LINES = 24;

const schema = lazySchema(() =>
  z.strictObject({
    group_by: z
      .array(z.enum(DIMENSIONS))
      .min(1)
      .max(2)
      .describe('One or two dimensions, e.g. ["weekday"] or ["category", "month"].'),
    metric: z
      .enum(METRICS)
      .default("total")
      .describe("total (refunds reduce it), or over the money-out rows: count, average, median, max."),
    categories: z.array(categoryField()).min(1).max(20).optional().describe("Only these (default: every spending category)."),
    exclude_categories: z.array(categoryField()).min(1).max(20).optional().describe("Leave these out."),
    search: z.array(searchField()).min(1).max(10).optional().describe("Only rows containing any of these, e.g. [\"coffee\", \"starbucks\"]."),
    exclude_search: z.array(searchField()).min(1).max(10).optional().describe("Leave out rows containing any of these."),
    weekdays: z
      .array(z.enum(WEEKDAY_LABELS))
      .min(1)
      .max(7)
      .optional()
      .describe('e.g. ["Sat", "Sun"] for weekends.'),
    ...amountFields(),
    sort: z
      .enum(["value", "key"])
      .optional()
      .describe(
        'value: largest first, any dimension (the most expensive day: group_by ["day"], sort "value"); key: by label. Default: key for time dimensions, value otherwise.',
      ),
    top_n: z.number().int().min(1).max(100).default(20).describe("Groups ranked by value before the rest become Other."),
    ...periodFields(),
  }),
);
type Input = z.output<ReturnType<typeof schema>>;

const METRIC_NAMES: Record<Metric, string> = { total: "Total", count: "Count", average: "Average", median: "Median", max: "Largest" };

type Line = { label: string; second?: string; acc: Acc };

export const spendingBreakdown: ReadTool<ReturnType<typeof schema>> = {
  name: "spending_breakdown",
  label: "Breaking the spending down…",
  promptHint: "any other slice: by weekday, week, day, merchant, account…, two at once; count, average, median, largest; several categories or words, exclusions.",
  description:
    "Spending grouped by one or two dimensions, one metric per group: total (refunds reduce it), or over the money-out rows " +
    "count, average, median, max. Filters: categories, exclusions, search (any word), amounts, direction, weekdays. Ranked by " +
    "value (time dimensions in date order unless sort value), top_n, the rest as Other. The UI draws a chart and a table.",
  risk: "low",
  schema,
  run(db, input, ctx) {
    const l = db.ledger();
    const period = resolvePeriod(input);
    const dims = input.group_by;
    if (dims.length === 2 && dims[0] === dims[1]) throw new ToolInputError(`group_by names ${dims[0]} twice: give two different dimensions, or one.`);
    if (dims.includes("account") && !l.hasAccount) throw new ToolInputError("This database records no accounts (they come with imports): group by something else.");
    if (input.min_amount !== undefined && input.max_amount !== undefined && input.min_amount > input.max_amount)
      throw new ToolInputError(`min_amount (${input.min_amount}) is larger than max_amount (${input.max_amount}).`);
    const { mask, sign, subject } = categoriesOf(db, input);
    const include = input.search?.map((t) => l.textMatch(t));
    const exclude = input.exclude_search?.map((t) => l.textMatch(t));
    const k1 = keyer(l, dims[0]!);
    const k2 = dims[1] === undefined ? null : keyer(l, dims[1]);
    const keep = input.metric === "median";
    // Per currency: accumulators by first key, by second key and by pair (key1 · PAIR + key2).
    const buckets = new Map<number, { rows: number; first: Map<number, Acc>; second: Map<number, Acc>; pairs: Map<number, Acc> }>();
    const add = (m: Map<number, Acc>, key: number, measured: number, amount: number) => {
      let a = m.get(key);
      if (!a) m.set(key, (a = newAcc(keep)));
      addRow(a, measured, amount);
    };
    const matchesAny = (ms: TextMatch[], i: number) => ms.some((m) => l.rowMatches(m, i));
    const onDay = weekdayFilter(l, input.weekdays);
    const unclassified = unclassifiedInflow(l);
    const inflows = new PerCurrency<Inflow & { rows: number }>(l, () => ({ ...noInflow(), rows: 0 }));
    const filter = { period, ...scopeOf(l, input), categories: mask, minAbs: input.min_amount, maxAbs: input.max_amount, direction: input.direction };
    forEachRow(l, filter, (i) => {
      if (include && !matchesAny(include, i)) return;
      if (exclude && matchesAny(exclude, i)) return;
      if (onDay && !onDay(i)) return;
      const cur = l.currencyAt(i);
      if (unclassified(i)) return addInflow(inflows.of(cur), l.amountAt(i));
      let b = buckets.get(cur);
      if (!b) buckets.set(cur, (b = { rows: 0, first: new Map(), second: new Map(), pairs: new Map() }));
      b.rows++;
      const amount = l.amountAt(i);
      const measured = sign * amount;
      // One map update per row: the totals per first and per second value are merged from the pairs after the scan.
      if (k2) add(b.pairs, k1.key(i) * PAIR + k2.key(i), measured, amount);
      else add(b.first, k1.key(i), measured, amount);
    });
    if (k2) {
      for (const b of buckets.values()) {
        for (const [key, acc] of b.pairs) {
          const a = Math.floor(key / PAIR);
          const c = key - a * PAIR;
          b.first.set(a, merge(b.first.get(a) ?? newAcc(keep), acc));
          b.second.set(c, merge(b.second.get(c) ?? newAcc(keep), acc));
        }
      }
    }

    const filters = describeFilters(input);
    const scope = `${periodPhrase(period, l)}${accountPhrase(l, input)}`;
    const what = `${METRIC_NAMES[input.metric].toLowerCase()} of ${input.metric === "total" ? subject : `money-out payments (${subject})`} by ${dims.join(" and ")}`;
    const inflowNotes = inflows.list().map(([cur, t]) => inflowSentence(t, cur)).filter(Boolean);
    if (buckets.size === 0) return { summary: [`No ${subject} ${scope}${filters}.`, ...inflowNotes, coverageSentence(l, period, todayOf(ctx))].join(" "), charts: [] };

    const value = (a: Acc): number =>
      input.metric === "total" ? a.total : input.metric === "count" ? a.outCount : input.metric === "average" ? a.outSum / a.outCount : input.metric === "median" ? median(a.values!) : a.outMax;
    // Groups without money-out rows have no average, median or max.
    const usable = (a: Acc) => input.metric === "total" || a.outCount > 0;
    const show = (v: number, cur: string) => (input.metric === "count" ? formatCount(v) : formatMoney(v, cur));
    // Ranked by value unless sorted by key; time groups by key (date order) unless sort is "value".
    const byValue = (k: typeof k1) => !TIME_DIMENSIONS.has(k.dim) || input.sort === "value";
    const chronological = (k: typeof k1) => !byValue(k);
    const rank = (m: Map<number, Acc>, k: typeof k1): number[] =>
      [...m]
        .filter(([, a]) => usable(a))
        .sort(([ka, a], [kb, b]) => (chronological(k) ? ka - kb : value(b) - value(a) || k.label(ka).localeCompare(k.label(kb))))
        .map(([key]) => key);

    const sections = [...buckets]
      .sort(([ca, a], [cb, b]) => b.rows - a.rows || l.currencyCodeOf(ca).localeCompare(l.currencyCodeOf(cb)))
      .map(([c, b]) => {
        const cur = l.currencyCodeOf(c);
        const firstKeys = rank(b.first, k1);
        // Ranked: the largest top_n stay (sort "key" then only reorders them); the rest become Other. In date order, all.
        const cut = byValue(k1) && firstKeys.length > input.top_n;
        const shown = cut ? firstKeys.slice(0, input.top_n) : firstKeys;
        if (input.sort === "key" && !TIME_DIMENSIONS.has(k1.dim)) shown.sort((a, b) => k1.label(a).localeCompare(k1.label(b)));
        const rest = cut ? firstKeys.slice(input.top_n) : [];
        const restAcc = () => rest.reduce((o, k) => merge(o, b.first.get(k)!), newAcc(keep));
        let lines: Line[];
        let chartValue: (label: string, s: { keys: ReadonlySet<number> | null }) => number = () => 0;
        // Chart datasets for two dimensions: the first MAX_SERIES second-dimension values, the rest as one.
        let series: { name: string; keys: ReadonlySet<number> | null }[] = [];
        if (!k2) {
          lines = shown.map((k) => ({ label: k1.label(k), acc: b.first.get(k)! }));
          if (rest.length) lines.push({ label: `Other (${rest.length})`, acc: restAcc() });
        } else {
          const secondKeys = rank(b.second, k2);
          const cut2 = byValue(k2) && secondKeys.length > MAX_SERIES;
          series = (cut2 ? secondKeys.slice(0, MAX_SERIES) : secondKeys).map((k) => ({ name: k2.label(k), keys: new Set([k]) }));
          if (cut2) series.push({ name: `Other (${secondKeys.length - MAX_SERIES})`, keys: null });
          // The table and summary have every pair; the first dimension's rest is merged per second value.
          const pairsOf = (label: string, firsts: number[]) =>
            secondKeys.map((k) => ({ label, second: k2.label(k), key: k, acc: firsts.reduce((o, f) => {
              const p = b.pairs.get(f * PAIR + k);
              return p ? merge(o, p) : o;
            }, newAcc(keep)) }));
          const pairs = [...shown.map((k) => pairsOf(k1.label(k), [k])), ...(rest.length ? [pairsOf(`Other (${rest.length})`, rest)] : [])].flat().filter((x) => x.acc.rows > 0);
          lines = pairs;
          const named = new Set(series.flatMap((x) => (x.keys ? [...x.keys] : [])));
          chartValue = (label, s) => {
            const acc = pairs.filter((x) => x.label === label && (s.keys ? s.keys.has(x.key) : !named.has(x.key))).reduce((o, x) => merge(o, x.acc), newAcc(keep));
            return usable(acc) && acc.rows > 0 ? round2(value(acc)) : 0;
          };
        }
        const labels = k2 ? [...new Set(lines.map((x) => x.label))] : lines.map((x) => x.label);
        const all = [...b.first.values()].reduce((o, a) => merge(o, a), newAcc(keep));
        return { cur, rows: b.rows, lines: lines.filter((x) => usable(x.acc)), labels, series, all, chartValue };
      });

    const many = sections.length > 1;
    const summaryOf = (s: (typeof sections)[number]) => {
      const overall = usable(s.all) ? `${METRIC_NAMES[input.metric].toLowerCase()} ${show(value(s.all), s.cur)} over ${formatCount(input.metric === "total" ? s.all.rows : s.all.outCount)} rows` : "no money-out rows";
      const top = s.lines.slice(0, SUMMARY_LINES).map((x) => `${x.second === undefined ? x.label : `${x.label} / ${x.second}`} ${show(value(x.acc), s.cur)} (${formatCount(input.metric === "total" ? x.acc.rows : x.acc.outCount)})`);
      const more = s.lines.length > SUMMARY_LINES ? ` (first ${SUMMARY_LINES} of ${formatCount(s.lines.length)} groups; the table has them all)` : "";
      const inflow = inflowSentence(inflows.of(l.currencyIndex(s.cur)), s.cur);
      return `${s.cur}: ${overall}${more}. ${top.join("; ")}.${inflow ? ` ${inflow}` : ""}`;
    };
    const [main, ...others] = sections;
    const title = `${METRIC_NAMES[input.metric]} of ${subject} by ${dims.join(" and ")}, ${period.label}${accountPhrase(l, input).replace(" in account", ",")}`;
    const chartName = METRIC_NAMES[input.metric];
    const chart: ChartSpec = {
      type: k2 ? "grouped_bar" : chronological(k1) ? "bar" : "bar_h",
      title: chartTitle(title, main!.cur, input.metric === "total" ? others.map((s) => [s.cur, s.all.total]) : []),
      ...(input.metric === "count" ? { unit: "count" as const } : { currency: main!.cur }),
      data: {
        labels: main!.labels,
        datasets: k2
          ? main!.series.map((s) => ({ name: s.name, values: main!.labels.map((label) => main!.chartValue(label, s)) }))
          : [{ name: chartName, values: main!.lines.map((x) => round2(value(x.acc))) }],
      },
    };
    const heads = dims.map((d) => d.charAt(0).toUpperCase() + d.slice(1));
    const table: TableSpec = {
      title,
      columns: [...heads, ...(many ? ["Currency"] : []), chartName, input.metric === "total" ? "Transactions" : "Payments"],
      kinds: [...dims.map((d) => (d === "day" ? ("date" as const) : ("text" as const))), ...(many ? (["currency"] as const) : []), input.metric === "count" ? "count" : "money", "count"],
      totalRows: sections.reduce((n, s) => n + s.lines.length, 0),
      rows: sections.flatMap((s) =>
        s.lines.map((x) => [x.label, ...(k2 ? [x.second!] : []), ...(many ? [s.cur] : []), round2(value(x.acc)), input.metric === "total" ? x.acc.rows : x.acc.outCount]),
      ),
      ...(many ? {} : { currency: main!.cur }),
    };
    return {
      summary: [
        `${what.charAt(0).toUpperCase()}${what.slice(1)} ${scope}${filters}.`,
        ...sections.map(summaryOf),
        // A currency with only unclassified money in has no section of its own.
        ...inflows.list().flatMap(([cur, t]) => (t.count && !sections.some((x) => x.cur === cur) ? [inflowSentence(t, cur)] : [])),
      ].join(" "),
      charts: [chart],
      tables: [table],
    };
  },
};

/** The category mask, the measure's sign and how the summary names what is measured. */
function categoriesOf(db: Parameters<ReadTool["run"]>[0], input: Input): { mask: Uint8Array; sign: number; subject: string } {
  const l = db.ledger();
  const names = input.categories ? [...new Set(input.categories.map((c) => resolveCategory(db, c)))] : [];
  const excluded = input.exclude_categories ? input.exclude_categories.map((c) => resolveCategory(db, c)) : [];
  const nonSpending = names.filter((n) => db.roleOf(n) !== "spending");
  if (nonSpending.length && names.length > 1) {
    throw new ToolInputError(`${joinAnd(nonSpending)} ${nonSpending.length === 1 ? "is" : "are"} not spending: ask for ${nonSpending.length === 1 ? "it" : "each"} alone, or only spending categories together.`);
  }
  const mask = names.length ? categoryMask(l, names) : roleMask(rolesOf(db, l), "spending");
  for (const n of excluded) mask[l.categoryIndex(n)] = 0;
  const measure = measureOf(db, names.length === 1 ? names[0] : undefined);
  const subject = names.length === 1 ? measure.noun : names.length ? `spending on ${joinAnd(names)}` : "spending";
  return { mask, sign: measure.sign, subject };
}

/** Whether row i falls on one of the weekdays (null: no weekday filter). Computed once per distinct day: rows are in day order. */
function weekdayFilter(l: Ledger, weekdays: readonly string[] | undefined): ((i: number) => boolean) | null {
  if (!weekdays) return null;
  const on = new Set(weekdays.map((w) => WEEKDAY_LABELS.indexOf(w as (typeof WEEKDAY_LABELS)[number])));
  let day = -1;
  let hit = false;
  return (i) => {
    if (l.dayAt(i) !== day) {
      day = l.dayAt(i);
      hit = on.has(weekdayOf(epochDay(day)));
    }
    return hit;
  };
}

function describeFilters(input: Input): string {
  const parts = [
    input.exclude_categories ? `without ${joinAnd(input.exclude_categories)}` : "",
    input.search ? `matching ${input.search.map((t) => quote(t, 100)).join(" or ")}` : "",
    input.exclude_search ? `not matching ${input.exclude_search.map((t) => quote(t, 100)).join(" or ")}` : "",
    input.min_amount !== undefined ? `of at least ${formatMoney(input.min_amount, "")}`.trim() : "",
    input.max_amount !== undefined ? `of at most ${formatMoney(input.max_amount, "")}`.trim() : "",
    input.direction ? (input.direction === "out" ? "money out only" : "money in only") : "",
    input.weekdays ? `on ${joinAnd(input.weekdays)}` : "",
    input.currency ? `in ${input.currency.trim().toUpperCase()}` : "",
  ].filter(Boolean);
  return parts.length ? ` (${parts.join(", ")})` : "";
}
