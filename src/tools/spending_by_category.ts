import { z } from "zod";
import { formatAmount, formatMoney, formatPercent, plural, round2 } from "../core/format.ts";
import { dataCoverage, forPeriod, measureFor, measureWhere, monthField, resolvePeriod, yearField } from "./filters.ts";
import { UNCATEGORISED } from "../budget/schema.ts";
import type { ReadTool } from "./types.ts";

const schema = z.strictObject({ year: yearField, month: monthField });

type Row = { category: string; total: number; count: number };

function mergeUncategorised(groups: { category: string | null; total: number; count: number }[]): Row[] {
  const byName = new Map<string, Row>();
  for (const g of groups) {
    const name = g.category ?? UNCATEGORISED;
    const row = byName.get(name);
    if (row) {
      row.total += g.total;
      row.count += g.count;
    } else byName.set(name, { category: name, total: g.total, count: g.count });
  }
  return [...byName.values()];
}

export const spendingByCategory: ReadTool<typeof schema> = {
  name: "spending_by_category",
  label: "Analysing spending by category…",
  promptHint:
    "where the money went in a year or month; the biggest categories.",
  description:
    "Spending per category (money out, Transfers between own accounts excluded, refunds not counted) " +
    "for a year, one month, or all dates; largest first, with transaction counts and each category's share. " +
    "Use it for 'where does my money go', 'what did I spend most on in March 2025', or to compare categories. " +
    "The UI draws a horizontal bar chart from the result automatically.",
  risk: "low",
  schema,
  run(db, input) {
    const period = resolvePeriod(input);
    const measure = measureFor();
    const where = measureWhere(measure, period);
    // Grouped by the raw column so an index on category can serve the GROUP BY; NULL
    // (SPEC: counts as Uncategorised) is merged below, among at most a few dozen groups.
    const groups = db.all<{ category: string | null; total: number; count: number }>(`SELECT category, -SUM(amount) AS total, COUNT(*) AS count FROM transactions ${where.sql} GROUP BY category`, where.params);
    const rows = mergeUncategorised(groups).sort((a, b) => b.total - a.total || a.category.localeCompare(b.category));
    const scope = forPeriod(db, period);
    if (rows.length === 0) return { summary: `No spending found ${scope}. ${dataCoverage(db)}`, charts: [] };

    const { currency } = db.summary();
    let total = 0;
    let n = 0;
    for (const r of rows) {
      total += r.total;
      n += r.count;
    }
    const parts = rows.map((r) => `${r.category} ${formatAmount(r.total)} (${formatPercent(r.total, total)}, ${plural(r.count, "tx", "tx")})`);
    const summary =
      `Spending by category ${scope}, in ${currency}, Transfers excluded: total ${formatMoney(total, currency)} ` +
      `over ${plural(n, "transaction")} in ${plural(rows.length, "category", "categories")}. ` +
      `${parts.join("; ")}.`;
    return {
      summary,
      charts: [
        {
          type: "bar_h",
          title: `Spending by category (${currency}), ${period.label}`,
          data: { labels: rows.map((r) => r.category), datasets: [{ name: "Spending", values: rows.map((r) => round2(r.total)) }] },
        },
      ],
    };
  },
};
