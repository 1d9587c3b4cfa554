import { todayOf } from "./query/today.ts";
import { z } from "zod";
import { dayToIso, monthLabel } from "../ledger/calendar.ts";
import { UNKNOWN_MERCHANT } from "../ledger/schema.ts";
import { formatMoney, plural, round2 } from "../core/format.ts";
import { chartTitle, PerCurrency } from "./query/currency.ts";
import { amountFields, categoryField, periodFields, searchField } from "./query/fields.ts";
import { coverageSentence } from "./query/period.ts";
import { forEachRow } from "./query/rows.ts";
import { selectTransactions } from "./query/selection.ts";
import { lazySchema } from "../core/validation.ts";
import type { ReadTool } from "./types.ts";
import { callScope, transactionsHref } from "../transactions/link.ts";
import type { TransactionQuery } from "../transactions/query.ts";
import { foreignAmount, unstatedNote } from "./query/foreign.ts";

export const searchSchema = lazySchema(() =>
  z.strictObject({
    search: searchField(),
    category: categoryField().optional().describe("Only this category."),
    ...amountFields(),
    ...periodFields(),
  }),
);

/** The Transactions page's filters for the rows a search (or a listing) selects. */
export function searchRows(input: Omit<z.output<ReturnType<typeof searchSchema>>, "search"> & { search?: string }): Partial<TransactionQuery> {
  return { ...callScope(input), q: input.search, category: input.category, min: input.min_amount, max: input.max_amount, direction: input.direction };
}

/** Merchant-name variants and categories named in the summary. */
const TOP_NAMES = 5;

type Figures = {
  rows: number;
  outTotal: number;
  outCount: number;
  inTotal: number;
  inCount: number;
  first: number;
  last: number;
  months: Map<number, { out: number; in: number }>;
  merchants: Map<number, number>;
  categories: Map<number, number>;
  /** Money out paid in another currency (card purchases abroad), per original currency: original total, booked total, count. */
  foreign: Map<string, { original: number; booked: number; count: number; unstated: number }>;
};

function topCounts(counts: Map<string, number>): string {
  const sorted = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const shown = sorted.slice(0, TOP_NAMES).map(([name, n]) => `${name} (${n})`);
  if (sorted.length > TOP_NAMES) shown.push(`${sorted.length - TOP_NAMES} more`);
  return shown.join(", ");
}

export const searchTransactions: ReadTool<ReturnType<typeof searchSchema>> = {
  name: "search_transactions",
  label: "Searching transactions…",
  promptHint: "totals for a merchant, shop, person or word (\"Migros\", \"Netflix\", \"savings\", the employer).",
  description:
    "Totals of the transactions whose merchant or description contains a text: money out (total, count, average) and money in " +
    "apart, date range, merchant variants and categories matched, and money out paid in another currency. Its matches are " +
    "exactly what list_transactions lists. The UI draws a monthly bar chart.",
  risk: "low",
  schema: searchSchema,
  rowsLink: (input) => transactionsHref(searchRows(input)),
  followUps: (chart, _input, asked) => (chart && !asked.has("list_transactions") ? ["List these transactions"] : []),
  run(db, input, ctx) {
    const { ledger: l, filter, label, title } = selectTransactions(db, input);
    const per = new PerCurrency<Figures>(l, () => ({
      rows: 0,
      outTotal: 0,
      outCount: 0,
      inTotal: 0,
      inCount: 0,
      first: Infinity,
      last: -Infinity,
      months: new Map(),
      merchants: new Map(),
      categories: new Map(),
      foreign: new Map(),
    }));
    const details = db.details();
    forEachRow(l, filter, (i) => {
      const f = per.of(l.currencyAt(i));
      const a = l.amountAt(i);
      const m = f.months.get(l.monthAt(i)) ?? { out: 0, in: 0 };
      if (a < 0) {
        f.outTotal -= a;
        f.outCount++;
        m.out -= a;
        const paid = details.size ? foreignAmount(l, i, details.get(l.idAt(i))) : null;
        if (paid) {
          const t = f.foreign.get(paid.currency) ?? { original: 0, booked: 0, count: 0, unstated: 0 };
          if (paid.amount === null) t.unstated++;
          else t.original -= paid.amount;
          t.booked -= a;
          t.count++;
          f.foreign.set(paid.currency, t);
        }
      } else if (a > 0) {
        f.inTotal += a;
        f.inCount++;
        m.in += a;
      }
      f.months.set(l.monthAt(i), m);
      f.merchants.set(l.merchantAt(i), (f.merchants.get(l.merchantAt(i)) ?? 0) + 1);
      f.categories.set(l.categoryAt(i), (f.categories.get(l.categoryAt(i)) ?? 0) + 1);
      f.first = Math.min(f.first, l.dayAt(i));
      f.last = Math.max(f.last, l.dayAt(i));
      f.rows++;
    });
    if (per.size === 0) {
      return {
        summary: `No ${label}. ${coverageSentence(l, filter.period, todayOf(ctx))} Search matches merchant names and bank descriptions; try a shorter or different text.`,
        charts: [],
      };
    }
    const names = <K extends number>(counts: Map<K, number>, name: (k: K) => string) => new Map([...counts].map(([k, n]) => [name(k), n]));
    const parts = per.list().map(
      ([cur, f]) =>
        `${cur}: ${plural(f.rows, "transaction")} from ${dayToIso(f.first)} to ${dayToIso(f.last)}. ` +
        (f.outCount ? `Money out: ${formatMoney(f.outTotal, cur)} in ${plural(f.outCount, "transaction")} (average ${formatMoney(f.outTotal / f.outCount, cur)}).` : "Money out: none.") +
        (f.foreign.size
          ? ` Of it paid in other currencies: ${[...f.foreign].map(([c, t]) => paidIn(c, t, cur)).join(", ")}.`
          : "") +
        " " +
        (f.inCount ? `Money in: ${formatMoney(f.inTotal, cur)} in ${plural(f.inCount, "transaction")}.` : "Money in: none.") +
        ` Merchant names: ${topCounts(names(f.merchants, (k) => (l.merchantNameOf(k) ?? UNKNOWN_MERCHANT)))}.` +
        ` Categories: ${topCounts(names(f.categories, (k) => l.categoryNameOf(k)))}.`,
    );
    const total = per.list().reduce((n, [, f]) => n + f.rows, 0);
    const [main, ...others] = per.list();
    const [mainCur, f] = main!;
    const firstMonth = Math.min(...f.months.keys());
    const lastMonth = Math.max(...f.months.keys());
    const months = Array.from({ length: lastMonth - firstMonth + 1 }, (_, k) => firstMonth + k);
    const datasets = [{ name: "Out", values: months.map((m) => round2(f.months.get(m)?.out ?? 0)) }];
    if (f.inCount) datasets.push({ name: "In", values: months.map((m) => round2(f.months.get(m)?.in ?? 0)) });
    return {
      summary: [`${label.charAt(0).toUpperCase()}${label.slice(1)}: ${plural(total, "match", "matches")}.`, ...parts].join(" "),
      charts: [
        {
          type: "bar",
          title: chartTitle(`${title}: ${f.inCount ? "money out and in" : "money out"} per month`, mainCur, others.map(([c, o]) => [c, o.outTotal])),
          currency: mainCur,
          data: { labels: months.map(monthLabel), datasets },
        },
      ],
    };
  },
};

/** One currency of "Of it paid in other currencies": what the bank stated in it, how many purchases, what was booked. */
function paidIn(c: string, t: { original: number; booked: number; count: number; unstated: number }, cur: string): string {
  const note = unstatedNote(t.unstated, t.count, c);
  if (t.unstated === t.count) return `${plural(t.count, "purchase")} in ${c} (${note}), booked ${formatMoney(t.booked, cur)}`;
  return `${formatMoney(t.original, c)} (${plural(t.count, "purchase")}, booked ${formatMoney(t.booked, cur)}${note ? `; ${note}` : ""})`;
}
