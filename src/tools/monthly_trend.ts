import { z } from "zod";
import { formatAmount, formatMoney, plural, round2 } from "../core/format.ts";
import { categoryField, coveredMonths, dataCoverage, flowSumSql, forPeriod, measureFor, foldMonths, measureWhere, monthLabels, resolveCategory, resolvePeriod, yearField } from "./filters.ts";
import type { ReadTool } from "./types.ts";

const schema = z.strictObject({
  category: categoryField.optional().describe("Only this category (case-insensitive). Omit for all spending."),
  year: yearField,
});

/** Months listed one by one in the summary up to this many; longer spans get per-year totals. */
const LIST_MONTHS_MAX = 24;

export const monthlyTrend: ReadTool<typeof schema> = {
  name: "monthly_trend",
  label: "Computing the monthly trend…",
  promptHint:
    "how spending (overall or in one category) developed month by month; highs, lows, averages.",
  description:
    "Spending per month (YYYY-MM, ascending), for all spending or one category, for one year or all dates; " +
    "gives total, average per month, highest and lowest month. Months without spending count as 0. " +
    "Use it for trends over time, 'how did my grocery spending develop', 'which month was most expensive', seasonality. " +
    "With category Income it shows money in per month; with Transfers, money moved out. " +
    "The UI draws a bar chart from the result automatically.",
  risk: "low",
  schema,
  run(db, input) {
    const period = resolvePeriod(input);
    const category = input.category === undefined ? undefined : resolveCategory(db, input.category);
    const measure = measureFor(category);
    const where = measureWhere(measure, period);
    const days = db.all<{ day: string; total: number; count: number }>(`SELECT date AS day, ${flowSumSql(measure.flow)} AS total, COUNT(*) AS count FROM transactions ${where.sql} GROUP BY date`, where.params);
    const scope = forPeriod(db, period);
    if (days.length === 0) return { summary: `No ${measure.noun} found ${scope}. ${dataCoverage(db)}`, charts: [] };

    const { currency } = db.summary();
    const byMonth = foldMonths(days, ["total", "count"] as const);
    const labels = monthLabels(coveredMonths(db, period), byMonth.keys());
    const values = labels.map((m) => byMonth.get(m)?.total ?? 0);
    let total = 0;
    let n = 0;
    for (const m of byMonth.values()) {
      total += m.total;
      n += m.count;
    }
    let hi = 0;
    let lo = 0;
    values.forEach((v, i) => {
      if (v > values[hi]) hi = i;
      if (v < values[lo]) lo = i;
    });
    const empty = labels.length - byMonth.size;
    const lines = [
      `Monthly ${measure.noun} ${scope}, in ${currency}: total ${formatMoney(total, currency)} over ${plural(n, "transaction")} ` +
        `in ${plural(labels.length, "month")}, average ${formatAmount(total / labels.length)} per month.`,
      `Highest ${labels[hi]} ${formatAmount(values[hi])}; lowest ${labels[lo]} ${formatAmount(values[lo])}` +
        (empty > 0 ? ` (${plural(empty, "month")} with none).` : "."),
    ];
    if (labels.length <= LIST_MONTHS_MAX) {
      lines.push(`Per month: ${labels.map((m, i) => `${m} ${formatAmount(values[i])}`).join(", ")}.`);
    } else {
      const perYear = new Map<string, number>();
      labels.forEach((m, i) => perYear.set(m.slice(0, 4), (perYear.get(m.slice(0, 4)) ?? 0) + values[i]));
      lines.push(`Per year: ${[...perYear].map(([y, v]) => `${y} ${formatAmount(v)}`).join(", ")}.`);
    }
    return {
      summary: lines.join(" "),
      charts: [
        {
          type: "bar",
          title: `Monthly ${measure.noun} (${currency}), ${period.label}`,
          data: { labels, datasets: [{ name: measure.dataset, values: values.map(round2) }] },
        },
      ],
    };
  },
};
