import { z } from "zod";
import { MERCHANT_SQL } from "../budget/schema.ts";
import { formatAmount, formatMoney, formatPercent, plural, round2 } from "../core/format.ts";
import { categoryField, dataCoverage, flowSumSql, forPeriod, measureFor, measureWhere, monthField, resolveCategory, resolvePeriod, yearField } from "./filters.ts";
import type { ReadTool } from "./types.ts";

const schema = z.strictObject({
  category: categoryField,
  year: yearField,
  month: monthField,
  top_n: z.number().int().min(1).max(50).default(15).describe("How many merchants to list before grouping the rest as Other (default 15)."),
});

/** merchant is null for the Other row (all merchants ranked below top_n). */
type Row = { merchant: string | null; total: number; count: number; merchants: number };

export const merchantBreakdown: ReadTool<typeof schema> = {
  name: "merchant_breakdown",
  label: "Breaking spending down by merchant…",
  promptHint:
    "which merchants make up one category's spending.",
  description:
    "Top merchants within one category for a year, a month or all dates: total, transaction count and average per merchant, " +
    "largest first, the remaining merchants combined as Other. Use it for 'where do I buy groceries', " +
    "'which restaurants cost most', or to explain a category's total. For Income it ranks who paid money in. " +
    "The UI draws a horizontal bar chart and a pie chart from the result automatically.",
  risk: "low",
  schema,
  run(db, input) {
    const period = resolvePeriod(input);
    const measure = measureFor(resolveCategory(db, input.category));
    const where = measureWhere(measure, period);
    // One scan: group per merchant, rank, then fold everything below top_n into one Other row.
    const rows = db.all<Row>(`WITH g AS (
           SELECT ${MERCHANT_SQL} AS merchant, ${flowSumSql(measure.flow)} AS total, COUNT(*) AS count
           FROM transactions ${where.sql} GROUP BY 1),
         r AS (SELECT merchant, total, count, ROW_NUMBER() OVER (ORDER BY total DESC, merchant) AS rank FROM g)
         SELECT CASE WHEN rank <= $top_n THEN merchant END AS merchant,
                SUM(total) AS total, SUM(count) AS count, COUNT(*) AS merchants
         FROM r GROUP BY 1 ORDER BY MIN(rank)`, { ...where.params, top_n: input.top_n });
    const scope = forPeriod(db, period);
    if (rows.length === 0) return { summary: `No ${measure.noun} found ${scope}. ${dataCoverage(db)}`, charts: [] };

    const { currency } = db.summary();
    let total = 0;
    let n = 0;
    let merchants = 0;
    for (const r of rows) {
      total += r.total;
      n += r.count;
      merchants += r.merchants;
    }
    const labels = rows.map((r) => r.merchant ?? "Other");
    const parts = rows.map((r, i) =>
      r.merchant === null
        ? `Other (${plural(r.merchants, "merchant")}) ${formatAmount(r.total)} (${plural(r.count, "tx", "tx")}, ${formatPercent(r.total, total)})`
        : `${i + 1}. ${r.merchant} ${formatAmount(r.total)} (${plural(r.count, "tx", "tx")}, avg ${formatAmount(r.total / r.count)}, ${formatPercent(r.total, total)})`,
    );
    const summary =
      `Merchants for ${measure.noun} ${scope}, in ${currency}: total ${formatMoney(total, currency)} over ` +
      `${plural(n, "transaction")} at ${plural(merchants, "merchant")}. ${parts.join("; ")}.`;
    const data = { labels, datasets: [{ name: measure.dataset, values: rows.map((r) => round2(r.total)) }] };
    const title = `${measure.category} by merchant (${currency}), ${period.label}`;
    return {
      summary,
      charts: [
        { type: "bar_h", title, data },
        { type: "pie", title, data },
      ],
    };
  },
};
