import { todayOf } from "./query/today.ts";
import { z } from "zod";
import { monthLabel } from "../ledger/calendar.ts";
import { ToolInputError } from "../core/errors.ts";
import { formatMoney, plural, round2 } from "../core/format.ts";
import { measureOf, resolveCategory, roleMask, rolesOf } from "./query/categories.ts";
import { chartTitle, PerCurrency } from "./query/currency.ts";
import { scopeOf } from "./query/scope.ts";
import { categoryField, periodFields } from "./query/fields.ts";
import { coveredMonths, coverageSentence, periodPhrase, resolvePeriod } from "./query/period.ts";
import { forEachRow } from "./query/rows.ts";
import { lazySchema } from "../core/validation.ts";
import type { ReadTool } from "./types.ts";
import { inYear } from "./query/follow-ups.ts";
import { callScope, transactionsHref } from "../transactions/link.ts";
import { addInflow, inflowSentence, noInflow, unclassifiedInflow, type Inflow } from "./query/unclassified.ts";
import { missingLabels, missingMonths, missingNote, missingSentence } from "./query/statements.ts";

const schema = lazySchema(() =>
  z.strictObject({
    category: categoryField().optional().describe("One category (default: all spending)."),
    categories: z.array(categoryField()).min(2).max(8).optional().describe("2-8 categories side by side, one series each. Not with category."),
    ...periodFields(),
  }),
);

/** Months listed one by one in the summary up to this many; longer spans get per-year totals. */
const LIST_MONTHS_MAX = 24;

type Series = { name: string; sign: 1 | -1; noun: string };
type Figures = { rows: number; values: Float64Array[]; counts: Int32Array[]; inflow: Inflow };

export const monthlyTrend: ReadTool<ReturnType<typeof schema>> = {
  name: "monthly_trend",
  label: "Computing the monthly trend…",
  promptHint: "spending month by month (all, one category, or 2-8 side by side); highs, lows, averages.",
  description:
    "Spending per month (YYYY-MM) for all spending, one category, or 2-8 categories side by side: per series total, average " +
    "per month (months without transactions count as 0; a month with a statement missing is left out), active months, highest and lowest. Income: money in; a not-spending " +
    "category: money moved out. The UI draws a bar chart.",
  risk: "low",
  schema,
  rowsLink: (input) => (input.category ? transactionsHref({ ...callScope(input), category: input.category }) : null),
  followUps(chart, input, asked) {
    if (!chart) return [];
    return [
      ...(asked.has("spending_by_category") ? [] : [`What were my biggest spending categories${inYear(input)}?`]),
      ...(input.year ? [`How does ${input.year} compare with ${input.year - 1}?`] : []),
    ];
  },
  run(db, input, ctx) {
    if (input.category !== undefined && input.categories !== undefined)
      throw new ToolInputError("Give either category or categories, not both.");
    const l = db.ledger();
    const period = resolvePeriod(input);
    const only = scopeOf(l, input);
    const names = input.categories ? [...new Set(input.categories.map((c) => resolveCategory(db, c)))] : input.category ? [resolveCategory(db, input.category)] : [];
    if (input.categories && names.length < 2) throw new ToolInputError("categories needs at least 2 different categories.");
    const series: Series[] = names.length
      ? names.map((n) => ({ name: n, ...measureOf(db, n) }))
      : [{ name: "Spending", ...measureOf(db) }];
    const months = coveredMonths(period, l);
    const first = months[0] ?? 0;
    const roles = rolesOf(db, l);
    const per = new PerCurrency<Figures>(l, () => ({
      rows: 0,
      values: series.map(() => new Float64Array(months.length)),
      counts: series.map(() => new Int32Array(months.length)),
      inflow: noInflow(),
    }));
    const unclassified = unclassifiedInflow(l);
    // Which series a category code feeds (one category can only be one series).
    const seriesOf = new Int16Array(l.categoryNames.length).fill(-1);
    if (names.length) names.forEach((n, s) => (seriesOf[l.categoryIndex(n)] = s));
    else roleMask(roles, "spending").forEach((on, code) => (seriesOf[code] = on ? 0 : -1));
    const mask = Uint8Array.from(seriesOf, (s) => (s >= 0 ? 1 : 0));
    forEachRow(l, { period, ...only, categories: mask }, (i) => {
      const s = seriesOf[l.categoryAt(i)]!;
      const f = per.of(l.currencyAt(i));
      if (unclassified(i)) return addInflow(f.inflow, l.amountAt(i));
      const m = l.monthAt(i) - first;
      f.values[s]![m]! += series[s]!.sign * l.amountAt(i);
      f.counts[s]![m]!++;
      f.rows++;
    });
    const scope = periodPhrase(period, l);
    const what = names.length === 1 ? series[0]!.noun : names.length ? `${names.join(", ")}` : "spending";
    if (per.size === 0) return { summary: `No ${what} found ${scope}. ${coverageSentence(l, period, todayOf(ctx))}`, charts: [] };

    const labels = months.map(monthLabel);
    // Months a missing statement touches (SPEC §10.1): not empty months; left out of averages, highs and lows.
    const missing = missingMonths(db, l, input, months);
    const gapsIn = (cur: string) => missing.get(cur);
    const describe = (cur: string, f: Figures, full: boolean) =>
      series
        // Other currencies: only the series that have any of it.
        .filter((_, k) => full || f.counts[k]!.some((n) => n > 0))
        .map((s) => {
          const k = series.indexOf(s);
          const v = f.values[k]!;
          const gaps = gapsIn(cur);
          const whole = months.flatMap((m, i) => (gaps?.has(m) ? [] : [i]));
          const total = v.reduce((a, b) => a + b, 0);
          const wholeTotal = whole.reduce((a, i) => a + v[i]!, 0);
          const active = whole.filter((i) => f.counts[k]![i]! > 0).length;
          let hi = whole[0] ?? 0;
          let lo = whole[0] ?? 0;
          for (const i of whole) {
            if (v[i]! > v[hi]!) hi = i;
            if (v[i]! < v[lo]!) lo = i;
          }
          const count = f.counts[k]!.reduce((x, y) => x + y, 0);
          const left = gaps?.size ? ` (without ${missingLabels(gaps).join(", ")}: statement missing)` : "";
          const head =
            `${series.length > 1 ? `${s.name}: ` : ""}total ${formatMoney(total, cur)} over ${plural(count, "transaction")}, ` +
            (whole.length
              ? `average ${formatMoney(wholeTotal / whole.length, cur)} per month over ${plural(whole.length, "month")}${left} (activity in ${active}); ` +
                `highest ${labels[hi]} ${formatMoney(v[hi]!, cur)}, lowest ${labels[lo]} ${formatMoney(v[lo]!, cur)}.`
              : `no month average: every month has a statement missing.`);
          const month = (i: number) =>
            !gaps?.has(months[i]!) ? `${labels[i]} ${formatMoney(v[i]!, cur)}` : f.counts[k]![i] ? `${labels[i]} ${formatMoney(v[i]!, cur)} (incomplete: statement missing)` : `${labels[i]} statement missing`;
          if (!full) return head;
          if (months.length <= LIST_MONTHS_MAX) return `${head} Per month: ${labels.map((_, i) => month(i)).join(", ")}.`;
          const years = new Map<string, number>();
          labels.forEach((m, i) => years.set(m.slice(0, 4), (years.get(m.slice(0, 4)) ?? 0) + v[i]!));
          return `${head} Per year: ${[...years].map(([y, t]) => `${y} ${formatMoney(t, cur)}`).join(", ")}.`;
        })
        .join(" ");
    const inflows = per.list().map(([cur, f]) => inflowSentence(f.inflow, cur)).filter(Boolean);
    if (!per.list().some(([, f]) => f.rows)) return { summary: [`No ${what} found ${scope}.`, ...inflows].join(" "), charts: [] };
    const [main, ...others] = per.list();
    const [mainCur, mainF] = main!;
    return {
      summary: [
        `Monthly ${what} ${scope}.`,
        ...per.list().map(([cur, f], i) => {
          const gaps = missingSentence(gapsIn(cur));
          return [
            f.rows ? `${cur}: ${describe(cur, f, i === 0)}` : "",
            f.rows && gaps ? `${gaps} ${gapsIn(cur)!.size > 1 ? "Not empty months: left" : "Not an empty month: left"} out of the average, highest and lowest.` : "",
            inflowSentence(f.inflow, cur),
          ]
            .filter(Boolean)
            .join(" ");
        }),
      ].join(" "),
      charts: [
        {
          type: "bar",
          title: chartTitle(
            `Monthly ${what}, ${period.label}${missingNote(gapsIn(mainCur))}`,
            mainCur,
            others.map(([c, f]) => [c, f.values.reduce((a, v) => a + v.reduce((x, y) => x + y, 0), 0)]),
          ),
          currency: mainCur,
          data: { labels, datasets: series.map((s, k) => ({ name: s.name, values: [...mainF.values[k]!].map(round2) })) },
        },
      ],
    };
  },
};
