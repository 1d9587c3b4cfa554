import { z } from "zod";
import { CATEGORY_SQL, MERCHANT_SQL } from "../budget/schema.ts";
import { formatAmount, formatCount, quote } from "../core/format.ts";
import { capitalise, dataCoverage, resolveSearch, searchField } from "./filters.ts";
import { searchSchema } from "./search_transactions.ts";
import type { ReadTool } from "./types.ts";

const schema = z.strictObject({
  ...searchSchema.shape,
  search: searchField.optional().describe(
    "Text to find in merchant names and bank descriptions (case-insensitive substring; % and _ are literal). " +
      "Omit to list every transaction of the category/period.",
  ),
  limit: z.number().int().min(1).max(500).default(50).describe("Most rows to return, newest first (default 50, max 500)."),
});

type Row = { id: number; date: string; amount: number; merchant: string; description: string; category: string };

/** Rows echoed into the summary: the model needs examples, the table has them all. */
const SUMMARY_ROWS = 20;

export const listTransactions: ReadTool<typeof schema> = {
  name: "list_transactions",
  label: "Listing transactions…",
  promptHint:
    "the individual transactions behind a figure, newest first.",
  description:
    "List individual transactions, newest first: date, amount (negative = money out), merchant, bank description, category. " +
    "Filters: search text (merchant name or description, case-insensitive, every category and both directions), " +
    "category, year, month; returns at most `limit` rows and says how many matched in total. " +
    "Use it when the user wants to see the actual transactions or check what is behind a total; " +
    "use search_transactions or the other tools for totals. The UI shows the rows as a table automatically.",
  risk: "low",
  schema,
  run(db, input) {
    const { where, label, title } = resolveSearch(db, input);
    const rows = db.all<Row>(`SELECT id, date, amount, ${MERCHANT_SQL} AS merchant, raw_description AS description, ${CATEGORY_SQL} AS category
         FROM transactions ${where.sql} ORDER BY date DESC, id DESC LIMIT $limit`, { ...where.params, limit: input.limit });
    if (rows.length === 0) return { summary: `No ${label}. ${dataCoverage(db)}`, charts: [] };

    // Only a full page can have more behind it; otherwise the page is the whole match.
    const total =
      rows.length < input.limit
        ? rows.length
        : db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM transactions ${where.sql}`, where.params)!.n;
    const { currency } = db.summary();
    const echoed = rows.slice(0, SUMMARY_ROWS).map(
      (r) => `${r.date} ${formatAmount(r.amount)} ${r.merchant} ${quote(r.description, 40)} [${r.category}]`,
    );
    const more = rows.length > SUMMARY_ROWS ? ` (first ${SUMMARY_ROWS} here; the table shows all ${formatCount(rows.length)})` : "";
    const summary =
      `${capitalise(label)}, newest first, amounts in ${currency} (negative = money out): ` +
      `showing ${formatCount(rows.length)} of ${formatCount(total)}${more}. ${echoed.join("; ")}.`;
    return {
      summary,
      charts: [],
      tables: [
        {
          title: `${title}: ${formatCount(rows.length)} of ${formatCount(total)}`,
          columns: ["Date", "Amount", "Merchant", "Description", "Category"],
          rows: rows.map((r) => [r.date, r.amount, r.merchant, r.description, r.category]),
        },
      ],
    };
  },
};
