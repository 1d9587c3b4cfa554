import { todayOf } from "./query/today.ts";
import { z } from "zod";
import { formatMoney, formatPercent, plural, round2 } from "../core/format.ts";
import { notSpendingNote, roleMask, rolesOf } from "./query/categories.ts";
import { chartTitle, PerCurrency } from "./query/currency.ts";
import { periodFields } from "./query/fields.ts";
import { coverageSentence, periodPhrase, resolvePeriod } from "./query/period.ts";
import { forEachRow } from "./query/rows.ts";
import { lazySchema } from "../core/validation.ts";
import type { ReadTool } from "./types.ts";
import { scopeOf } from "./query/scope.ts";
import { inYear, largestLabel } from "./query/follow-ups.ts";
import { addInflow, inflowSentence, noInflow, unclassifiedInflow, type Inflow } from "./query/unclassified.ts";

const schema = lazySchema(() => z.strictObject({ ...periodFields() }));

type Figures = { rows: number; total: number; byCategory: Map<number, { total: number; count: number }>; inflow: Inflow };

export const spendingByCategory: ReadTool<ReturnType<typeof schema>> = {
  name: "spending_by_category",
  label: "Analysing spending by category…",
  promptHint: "where the money went in a period; the biggest categories and their shares.",
  description:
    "Spending per category in a period (default all dates), largest first, with counts and each category's share. The UI " +
    "draws a bar chart.",
  risk: "low",
  schema,
  followUps(chart, input, asked) {
    const category = largestLabel(chart);
    if (!category) return [];
    return [
      ...(asked.has("merchant_breakdown") ? [] : [`Which merchants do I spend most at for ${category}${inYear(input)}?`]),
      ...(asked.has("monthly_trend") ? [] : [`How did my ${category} spending develop month by month${inYear(input)}?`]),
    ];
  },
  run(db, input, ctx) {
    const l = db.ledger();
    const period = resolvePeriod(input);
    const spending = roleMask(rolesOf(db, l), "spending");
    const per = new PerCurrency<Figures>(l, () => ({ rows: 0, total: 0, byCategory: new Map(), inflow: noInflow() }));
    const unclassified = unclassifiedInflow(l);
    forEachRow(l, { period, ...scopeOf(l, input), categories: spending }, (i) => {
      const f = per.of(l.currencyAt(i));
      if (unclassified(i)) return addInflow(f.inflow, l.amountAt(i));
      const c = f.byCategory.get(l.categoryAt(i)) ?? { total: 0, count: 0 };
      c.total -= l.amountAt(i);
      c.count++;
      f.byCategory.set(l.categoryAt(i), c);
      f.total -= l.amountAt(i);
      f.rows++;
    });
    const scope = periodPhrase(period, l);
    if (per.size === 0) return { summary: `No spending found ${scope}. ${coverageSentence(l, period, todayOf(ctx))}`, charts: [] };

    const currencies = per.list().filter(([, f]) => f.byCategory.size > 0).map(([currency, f]) => {
      const categories = [...f.byCategory]
        .map(([code, c]) => ({ name: l.categoryNameOf(code), ...c }))
        .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
      return { currency, f, categories };
    });
    const parts = per.list().map(([currency, f]) => {
      const categories = currencies.find((c) => c.currency === currency)?.categories ?? [];
      const spent = categories.length
        ? `${currency}: total ${formatMoney(f.total, currency)} over ${plural(f.rows, "transaction")} in ${plural(categories.length, "category", "categories")}: ` +
          categories.map((c) => `${c.name} ${formatMoney(c.total, currency)} (${formatPercent(c.total, f.total)}, ${plural(c.count, "tx", "tx")})`).join("; ") +
          "."
        : `${currency}: no spending.`;
      return [spent, inflowSentence(f.inflow, currency)].filter(Boolean).join(" ");
    });
    if (!currencies.length) return { summary: [`No spending found ${scope}.`, ...parts].join(" "), charts: [] };
    const [main, ...others] = currencies;
    return {
      summary: [`Spending by category ${scope}. ${notSpendingNote(db)}`.trim(), ...parts].join(" "),
      charts: [
        {
          type: "bar_h",
          title: chartTitle(`Spending by category, ${period.label}`, main!.currency, others.map((o) => [o.currency, o.f.total])),
          currency: main!.currency,
          data: { labels: main!.categories.map((c) => c.name), datasets: [{ name: "Spending", values: main!.categories.map((c) => round2(c.total)) }] },
        },
      ],
    };
  },
};
