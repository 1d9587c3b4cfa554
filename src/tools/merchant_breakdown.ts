import { todayOf } from "./query/today.ts";
import { z } from "zod";
import { UNKNOWN_MERCHANT } from "../ledger/schema.ts";
import { formatMoney, formatPercent, plural, round2 } from "../core/format.ts";
import { categoryMask, measureOf, resolveCategory, roleMask, rolesOf } from "./query/categories.ts";
import { chartTitle, PerCurrency } from "./query/currency.ts";
import { categoryField, periodFields } from "./query/fields.ts";
import { coverageSentence, periodPhrase, resolvePeriod } from "./query/period.ts";
import { forEachRow } from "./query/rows.ts";
import { lazySchema } from "../core/validation.ts";
import type { ReadTool } from "./types.ts";
import { scopeOf } from "./query/scope.ts";
import { inYear, largestLabel } from "./query/follow-ups.ts";
import { callScope, transactionsHref } from "../transactions/link.ts";
import { addInflow, inflowSentence, noInflow, unclassifiedInflow, type Inflow } from "./query/unclassified.ts";

const schema = lazySchema(() =>
  z.strictObject({
    category: categoryField().optional().describe("Only this category."),
    top_n: z.number().int().min(1).max(50).default(15).describe("Merchants listed before the rest become Other."),
    ...periodFields(),
  }),
);

type Figures = { rows: number; total: number; byMerchant: Map<number, { total: number; count: number }>; inflow: Inflow };
type Line = { name: string; total: number; count: number; merchants: number };

export const merchantBreakdown: ReadTool<ReturnType<typeof schema>> = {
  name: "merchant_breakdown",
  label: "Breaking spending down by merchant…",
  promptHint: "which merchants make up a category's (or all) spending; who the money went to.",
  description:
    "Top merchants in a period, in one category or all spending: total, count and average each, largest first, the rest as " +
    "Other. For Income: who paid money in. The UI draws a bar and a pie chart.",
  risk: "low",
  schema,
  rowsLink: (input) => (input.category ? transactionsHref({ ...callScope(input), category: input.category }) : null),
  followUps(chart, input, asked) {
    const merchant = largestLabel(chart);
    return merchant && !asked.has("list_transactions") ? [`List my transactions at ${merchant}${inYear(input)}`] : [];
  },
  run(db, input, ctx) {
    const l = db.ledger();
    const period = resolvePeriod(input);
    const category = input.category === undefined ? undefined : resolveCategory(db, input.category);
    const measure = measureOf(db, category);
    const categories = category === undefined ? roleMask(rolesOf(db, l), "spending") : categoryMask(l, [category]);
    const per = new PerCurrency<Figures>(l, () => ({ rows: 0, total: 0, byMerchant: new Map(), inflow: noInflow() }));
    const unclassified = unclassifiedInflow(l);
    forEachRow(l, { period, ...scopeOf(l, input), categories }, (i) => {
      const f = per.of(l.currencyAt(i));
      if (unclassified(i)) return addInflow(f.inflow, l.amountAt(i));
      const v = measure.sign * l.amountAt(i);
      const m = f.byMerchant.get(l.merchantAt(i)) ?? { total: 0, count: 0 };
      m.total += v;
      m.count++;
      f.byMerchant.set(l.merchantAt(i), m);
      f.total += v;
      f.rows++;
    });
    const scope = periodPhrase(period, l);
    if (per.size === 0) return { summary: `No ${measure.noun} found ${scope}. ${coverageSentence(l, period, todayOf(ctx))}`, charts: [] };

    const lines = (f: Figures): Line[] => {
      const ranked = [...f.byMerchant]
        .map(([code, m]) => ({ name: l.merchantNameOf(code) ?? UNKNOWN_MERCHANT, ...m, merchants: 1 }))
        .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
      const top = ranked.slice(0, input.top_n);
      const rest = ranked.slice(input.top_n);
      if (!rest.length) return top;
      const other = rest.reduce((o, m) => ({ ...o, total: o.total + m.total, count: o.count + m.count, merchants: o.merchants + 1 }), {
        name: "Other",
        total: 0,
        count: 0,
        merchants: 0,
      });
      return [...top, other];
    };
    const spent = per.list().filter(([, f]) => f.rows > 0);
    const inflows = per.list().map(([cur, f]) => inflowSentence(f.inflow, cur)).filter(Boolean);
    if (!spent.length) return { summary: [`No ${measure.noun} found ${scope}.`, ...inflows].join(" "), charts: [] };
    const parts = spent.map(([cur, f]) => {
      const ls = lines(f);
      const merchants = f.byMerchant.size;
      return (
        `${cur}: total ${formatMoney(f.total, cur)} over ${plural(f.rows, "transaction")} at ${plural(merchants, "merchant")}. ` +
        ls
          .map((m, i) =>
            i === input.top_n
              ? `Other (${plural(m.merchants, "merchant")}) ${formatMoney(m.total, cur)} (${plural(m.count, "tx", "tx")}, ${formatPercent(m.total, f.total)})`
              : `${i + 1}. ${m.name} ${formatMoney(m.total, cur)} (${plural(m.count, "tx", "tx")}, avg ${formatMoney(m.total / m.count, cur)}, ${formatPercent(m.total, f.total)})`,
          )
          .join("; ") +
        "."
      );
    });
    const [main, ...others] = spent;
    const [mainCur, mainF] = main!;
    const ls = lines(mainF);
    const data = { labels: ls.map((m) => m.name), datasets: [{ name: measure.dataset, values: ls.map((m) => round2(m.total)) }] };
    const title = chartTitle(`${category ?? "Spending"} by merchant, ${period.label}`, mainCur, others.map(([c, f]) => [c, f.total]));
    return {
      summary: [`Merchants for ${measure.noun} ${scope}.`, ...parts, ...inflows].join(" "),
      charts: [
        { type: "bar_h", title, currency: mainCur, data },
        { type: "pie", title, currency: mainCur, data },
      ],
    };
  },
};
