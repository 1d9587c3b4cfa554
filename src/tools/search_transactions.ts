import { z } from "zod";
import { CATEGORY_SQL, MERCHANT_SQL } from "../budget/schema.ts";
import { formatAmount, plural, round2 } from "../core/format.ts";
import { capitalise, categoryField, dataCoverage, monthField, MONTH_SQL, monthsBetween, monthLabels, resolveSearch, searchField, yearField } from "./filters.ts";
import type { ReadTool } from "./types.ts";

export const searchSchema = z.strictObject({
  search: searchField,
  category: categoryField.optional().describe("Only this category (case-insensitive). Omit to search every category."),
  year: yearField,
  month: monthField,
});

/** One group per (month, merchant, category): a single scan serves every figure. */
type Row = {
  month: string;
  merchant: string;
  category: string;
  count: number;
  out_count: number;
  out_total: number;
  in_count: number;
  in_total: number;
  first: string;
  last: string;
};

/** Merchant-name variants and categories named in the summary. */
const TOP_NAMES = 5;

function topCounts(counts: Map<string, number>): string {
  const sorted = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const shown = sorted.slice(0, TOP_NAMES).map(([name, n]) => `${name} (${n})`);
  if (sorted.length > TOP_NAMES) shown.push(`${sorted.length - TOP_NAMES} more`);
  return shown.join(", ");
}

export const searchTransactions: ReadTool<typeof searchSchema> = {
  name: "search_transactions",
  label: "Searching transactions…",
  promptHint:
    'totals for a merchant, a shop or a word in the descriptions (e.g. "Migros", "Netflix", "savings"); it matches every category and both money out and money in.',
  description:
    "Find transactions whose merchant name or bank description contains a text (case-insensitive), in every category " +
    "and both directions, and total them: money out (total, count, average) and money in (total, count) separately, " +
    "date range, the merchant-name variants and categories matched. Use it for a specific merchant, shop, employer, " +
    "person or keyword ('how much did I spend at Migros', 'what did I pay Swisscom in 2024', 'transfers to savings'). " +
    "Use list_transactions to see the individual rows. The UI draws a monthly bar chart from the result automatically.",
  risk: "low",
  schema: searchSchema,
  run(db, input) {
    const { where, label, title } = resolveSearch(db, input);
    const rows = db.all<Row>(`SELECT ${MONTH_SQL} AS month, ${MERCHANT_SQL} AS merchant, ${CATEGORY_SQL} AS category, COUNT(*) AS count,
                SUM(amount < 0) AS out_count, -TOTAL(CASE WHEN amount < 0 THEN amount END) AS out_total,
                SUM(amount > 0) AS in_count, TOTAL(CASE WHEN amount > 0 THEN amount END) AS in_total,
                MIN(date) AS first, MAX(date) AS last
         FROM transactions ${where.sql} GROUP BY 1, 2, 3`, where.params);
    if (rows.length === 0)
      return {
        summary: `No ${label}. ${dataCoverage(db)} Search matches merchant names and bank descriptions; try a shorter or different text.`,
        charts: [],
      };

    const { currency } = db.summary();
    const months = new Map<string, { out: number; in: number }>();
    const merchants = new Map<string, number>();
    const categories = new Map<string, number>();
    let n = 0;
    let outN = 0;
    let outTotal = 0;
    let inN = 0;
    let inTotal = 0;
    let first = rows[0].first;
    let last = rows[0].last;
    for (const r of rows) {
      const m = months.get(r.month) ?? { out: 0, in: 0 };
      m.out += r.out_total;
      m.in += r.in_total;
      months.set(r.month, m);
      merchants.set(r.merchant, (merchants.get(r.merchant) ?? 0) + r.count);
      categories.set(r.category, (categories.get(r.category) ?? 0) + r.count);
      n += r.count;
      outN += r.out_count;
      outTotal += r.out_total;
      inN += r.in_count;
      inTotal += r.in_total;
      if (r.first < first) first = r.first;
      if (r.last > last) last = r.last;
    }
    const summary = [
      `${capitalise(label)}, in ${currency}: ${plural(n, "transaction")} from ${first} to ${last}.`,
      outN ? `Money out: ${formatAmount(outTotal)} in ${plural(outN, "transaction")} (average ${formatAmount(outTotal / outN)}).` : "Money out: none.",
      inN ? `Money in: ${formatAmount(inTotal)} in ${plural(inN, "transaction")}.` : "Money in: none.",
      `Merchant names: ${topCounts(merchants)}.`,
      `Categories: ${topCounts(categories)}.`,
    ].join(" ");

    const labels = monthLabels(monthsBetween(first.slice(0, 7), last.slice(0, 7)), months.keys());
    const datasets = [{ name: "Out", values: labels.map((m) => round2(months.get(m)?.out ?? 0)) }];
    if (inN) datasets.push({ name: "In", values: labels.map((m) => round2(months.get(m)?.in ?? 0)) });
    return {
      summary,
      charts: [{ type: "bar", title: `${title}: ${inN ? "money out and in" : "money out"} per month (${currency})`, data: { labels, datasets } }],
    };
  },
};
