import { z } from "zod";
import { formatAmount, formatMoney, formatPercent, round2 } from "../core/format.ts";
import { buildWhere, coveredMonths, dataCoverage, foldMonths, forPeriod, monthLabels, resolvePeriod, yearField } from "./filters.ts";
import type { ReadTool } from "./types.ts";

const schema = z.strictObject({ year: yearField });

/** Months listed one by one in the summary up to this many; longer spans get per-year totals. */
const LIST_MONTHS_MAX = 24;

const triple = (income: number, spending: number) => `${formatAmount(income)} / ${formatAmount(spending)} / ${formatAmount(income - spending)}`;

export const incomeVsSpending: ReadTool<typeof schema> = {
  name: "income_vs_spending",
  label: "Comparing income and spending…",
  promptHint:
    "income, spending and net (savings) per month.",
  description:
    "Income (money in) against spending (money out) per month, with net = income − spending, for one year or all dates; " +
    "Transfers between own accounts are excluded from both, refunds count as income. " +
    "Use it for 'am I saving money', 'did I spend more than I earned', savings rate, cash-flow questions. " +
    "The UI draws a grouped bar chart from the result automatically.",
  risk: "low",
  schema,
  run(db, input) {
    const period = resolvePeriod(input);
    const where = buildWhere({ period, excludeTransfers: true });
    const days = db.all<{ day: string; income: number; spending: number }>(`SELECT date AS day, TOTAL(CASE WHEN amount > 0 THEN amount END) AS income,
                -TOTAL(CASE WHEN amount < 0 THEN amount END) AS spending
         FROM transactions ${where.sql} GROUP BY date`, where.params);
    const scope = forPeriod(db, period);
    if (days.length === 0) return { summary: `No income or spending found ${scope}. ${dataCoverage(db)}`, charts: [] };

    const { currency } = db.summary();
    const byMonth = foldMonths(days, ["income", "spending"] as const);
    const labels = monthLabels(coveredMonths(db, period), byMonth.keys());
    const income = labels.map((m) => byMonth.get(m)?.income ?? 0);
    const spending = labels.map((m) => byMonth.get(m)?.spending ?? 0);
    let totalIn = 0;
    let totalOut = 0;
    for (const m of byMonth.values()) {
      totalIn += m.income;
      totalOut += m.spending;
    }
    const net = totalIn - totalOut;
    const lines = [
      `Income vs spending ${scope}, in ${currency}, Transfers excluded: income ${formatMoney(totalIn, currency)}, ` +
        `spending ${formatMoney(totalOut, currency)}, net ${formatMoney(net, currency)}` +
        (totalIn > 0 ? ` (${formatPercent(net, totalIn)} of income left over).` : "."),
    ];
    if (labels.length <= LIST_MONTHS_MAX) {
      lines.push(`Per month (income / spending / net): ${labels.map((m, i) => `${m} ${triple(income[i], spending[i])}`).join("; ")}.`);
    } else {
      const years = new Map<string, { income: number; spending: number }>();
      labels.forEach((m, i) => {
        const y = years.get(m.slice(0, 4)) ?? { income: 0, spending: 0 };
        y.income += income[i];
        y.spending += spending[i];
        years.set(m.slice(0, 4), y);
      });
      let best = 0;
      let worst = 0;
      labels.forEach((_, i) => {
        if (income[i] - spending[i] > income[best] - spending[best]) best = i;
        if (income[i] - spending[i] < income[worst] - spending[worst]) worst = i;
      });
      lines.push(`Per year (income / spending / net): ${[...years].map(([y, v]) => `${y} ${triple(v.income, v.spending)}`).join("; ")}.`);
      lines.push(
        `${labels.length} months; best net ${labels[best]} ${formatAmount(income[best] - spending[best])}, ` +
          `worst net ${labels[worst]} ${formatAmount(income[worst] - spending[worst])}.`,
      );
    }
    return {
      summary: lines.join(" "),
      charts: [
        {
          type: "grouped_bar",
          title: `Income vs spending (${currency}), ${period.label}`,
          data: {
            labels,
            datasets: [
              { name: "Income", values: income.map(round2) },
              { name: "Spending", values: spending.map(round2) },
            ],
          },
        },
      ],
    };
  },
};
