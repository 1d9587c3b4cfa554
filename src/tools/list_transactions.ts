import { todayOf } from "./query/today.ts";
import { z } from "zod";
import { formatCount } from "../core/format.ts";
import { searchField } from "./query/fields.ts";
import { coverageSentence } from "./query/period.ts";
import { RowTexts } from "./query/row-texts.ts";
import { topRows } from "./query/rows.ts";
import { selectTransactions } from "./query/selection.ts";
import { searchRows, searchSchema } from "./search_transactions.ts";
import { lazySchema } from "../core/validation.ts";
import type { ReadTool } from "./types.ts";
import { transactionsHref } from "../transactions/link.ts";

const schema = lazySchema(() =>
  z.strictObject({
    ...searchSchema().shape,
    search: searchField().optional(),
    sort: z.enum(["date", "amount"]).default("date").describe("date: newest first; amount: largest absolute amount first."),
    limit: z.number().int().min(1).max(500).default(50).describe("Most rows to return."),
  }),
);

/** Rows echoed into the summary: the model needs examples, the table has them all. */
const SUMMARY_ROWS = 20;

export const listTransactions: ReadTool<ReturnType<typeof schema>> = {
  name: "list_transactions",
  label: "Listing transactions…",
  promptHint: "the transactions behind a figure, newest or largest first (sort amount), with filters.",
  description:
    "The transactions themselves: date, amount (negative = money out), currency, merchant, description, category, and for a " +
    "purchase abroad what was paid in which currency; newest or largest first (sort amount); filters as search_transactions. " +
    "At most limit rows, with the count matched. The UI shows a table.",
  risk: "low",
  schema,
  rowsLink: (input) => transactionsHref({ ...searchRows(input), sort: input.sort }),
  followUps: (chart, _input, asked) => (!chart && !asked.has("spending_by_category") ? ["What are my biggest spending categories this year?"] : []),
  run(db, input, ctx) {
    // The ledger the selection was made for: the data's version is asked once per call.
    const { ledger: l, filter, label, title } = selectTransactions(db, input);
    const { rows, total } = topRows(l, filter, input.sort, input.limit);
    if (total === 0) return { summary: `No ${label}. ${coverageSentence(l, filter.period, todayOf(ctx))}`, charts: [] };
    const written = RowTexts.of(db, l);
    const first = l.currencyAt(rows[0]!);
    let many = false;
    for (const i of rows) many ||= l.currencyAt(i) !== first;
    // A card purchase abroad: its original amount and currency, as the bank stated it (transaction_details).
    const paidIn = written.anyPaid(rows);
    let echoed = "";
    for (let k = 0; k < Math.min(rows.length, SUMMARY_ROWS); k++) echoed += `${k ? "; " : ""}${written.line(rows[k]!)}`;
    const more = rows.length > SUMMARY_ROWS ? ` (first ${SUMMARY_ROWS} here; the table shows all ${formatCount(rows.length)})` : "";
    const order = input.sort === "amount" ? "largest amount first" : "newest first";
    return {
      summary:
        `${label.charAt(0).toUpperCase()}${label.slice(1)}, ${order} (negative = money out): ` +
        `showing ${formatCount(rows.length)} of ${formatCount(total)}${more}. ${echoed}.`,
      charts: [],
      tables: [
        {
          // The table says how many it shows of how many ("Showing 10 of 808", views/DataTable.tsx from totalRows).
          title,
          columns: [...(many ? ["Date", "Amount", "Currency"] : ["Date", "Amount"]), ...(paidIn ? ["Paid in"] : []), "Merchant", "Description", "Category"],
          kinds: [...(many ? (["date", "money", "currency"] as const) : (["date", "money"] as const)), ...(paidIn ? (["text"] as const) : []), "text", "text", "text"],
          totalRows: total,
          rows: rows.map((i) => written.cells(i, many, paidIn)),
          ...(many ? {} : { currency: l.currencyCodeOf(first) }),
        },
      ],
    };
  },
};
