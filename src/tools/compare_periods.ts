import { z } from "zod";
import { formatMoney, formatPercent, round2 } from "../core/format.ts";
import { ToolInputError } from "../core/errors.ts";
import { categoryMask, measureOf, resolveCategory, rolesOf } from "./query/categories.ts";
import { chartTitle, PerCurrency, resolveCurrency } from "./query/currency.ts";
import { categoryField, periodFields } from "./query/fields.ts";
import { dataCoverage, resolvePeriod, type Period } from "./query/period.ts";
import { forEachRow } from "./query/rows.ts";
import type { ReadTool } from "./types.ts";

const { year, month, from, to, currency } = periodFields;
const periodArg = (which: string) =>
  z
    .strictObject({ year, month, from, to })
    .describe(`${which}: {"year": 2025}, {"year": 2025, "month": 6} or {"from": "2025-01-01", "to": "2025-03-31"}.`);

const schema = z.strictObject({
  a: periodArg("The first (earlier) period"),
  b: periodArg("The second period"),
  category: categoryField.optional().describe("Only this category. Omit to compare every spending category."),
  currency,
});

type Figures = { rows: number; a: Map<number, number>; b: Map<number, number>; spending: [number, number]; income: [number, number] };
type Row = { name: string; a: number; b: number; change: number; pct: number | null };

const sumOf = (m: Map<number, number>) => [...m.values()].reduce((x, y) => x + y, 0);

function periodOf(input: { year?: number; month?: number; from?: string; to?: string }, which: "a" | "b"): Period {
  if (Object.values(input).every((v) => v === undefined)) throw new ToolInputError(`${which} names no period: give {"year": …} or {"from": …, "to": …}.`);
  try {
    return resolvePeriod(input);
  } catch (e) {
    throw new ToolInputError(`${which}: ${(e as Error).message}`);
  }
}

export const comparePeriods: ReadTool<typeof schema> = {
  name: "compare_periods",
  label: "Comparing two periods…",
  promptHint: "one period against another (this month vs the same month last year, 2025 vs 2024, Q1 vs Q2): what changed, by category.",
  description:
    "Compare spending in two periods, category by category: the amount in each, the change and the % change, sorted by the " +
    "size of the change; plus total spending and income of both periods. Each period is a year, a month, or from/to dates. " +
    "With category, only that category. Per currency. Use it for 'this month vs the same month last year', 'did I spend more " +
    "than last year', 'what grew most'. The UI draws a grouped bar chart (one series per period) automatically.",
  risk: "low",
  schema,
  run(db, input) {
    const l = db.ledger();
    const pa = periodOf(input.a, "a");
    const pb = periodOf(input.b, "b");
    const labels = pa.label === pb.label ? [`a ${pa.label}`, `b ${pb.label}`] : [pa.label, pb.label];
    const category = input.category === undefined ? undefined : resolveCategory(db, input.category);
    const measure = measureOf(db, category);
    const roles = rolesOf(db, l);
    const only = category === undefined ? undefined : categoryMask(l, [category]);
    const cur = resolveCurrency(l, input.currency);
    const per = new PerCurrency<Figures>(l, () => ({ rows: 0, a: new Map(), b: new Map(), spending: [0, 0], income: [0, 0] }));
    ([pa, pb] as const).forEach((period, k) =>
      forEachRow(l, { period, currency: cur }, (i) => {
        const f = per.of(l.currency[i]!);
        const code = l.category[i]!;
        const a = l.amount[i]!;
        if (roles[code] === "spending") f.spending[k] -= a;
        if (roles[code] === "income") f.income[k] += a;
        if (only ? only[code] : roles[code] === "spending") {
          const side = k === 0 ? f.a : f.b;
          side.set(code, (side.get(code) ?? 0) + measure.sign * a);
          // The chart's currency is the one with most rows of what it compares.
          f.rows++;
        }
      }),
    );
    if (per.size === 0) return { summary: `No transactions in ${pa.label} or ${pb.label}. ${dataCoverage(l)}`, charts: [] };

    const rowsOf = (f: Figures): Row[] =>
      [...new Set([...f.a.keys(), ...f.b.keys()])]
        .map((code) => {
          const a = f.a.get(code) ?? 0;
          const b = f.b.get(code) ?? 0;
          return { name: l.categoryNames[code]!, a, b, change: b - a, pct: a === 0 ? null : ((b - a) / a) * 100 };
        })
        .sort((x, y) => Math.abs(y.change) - Math.abs(x.change) || x.name.localeCompare(y.name));
    const signed = (x: number, c: string) => `${x > 0 ? "+" : ""}${formatMoney(x, c)}`;
    const parts = per.list().map(([c, f]) => {
      const rows = rowsOf(f);
      const totals =
        `total spending ${formatMoney(f.spending[0], c)} → ${formatMoney(f.spending[1], c)} (${signed(f.spending[1] - f.spending[0], c)}` +
        `${f.spending[0] ? `, ${f.spending[1] > f.spending[0] ? "+" : ""}${formatPercent(f.spending[1] - f.spending[0], f.spending[0])}` : ""}); ` +
        `income ${formatMoney(f.income[0], c)} → ${formatMoney(f.income[1], c)}.`;
      const lines = rows.map((r) => `${r.name} ${formatMoney(r.a, c)} → ${formatMoney(r.b, c)} (${signed(r.change, c)}${r.pct === null ? ", new" : `, ${r.pct > 0 ? "+" : ""}${r.pct.toFixed(1)}%`})`);
      return `${c}: ${totals}${lines.length ? ` By ${category ? "category" : "change"}: ${lines.join("; ")}.` : ` No ${measure.noun} in either period.`}`;
    });
    const [main, ...others] = per.list();
    const [mainCur, mainF] = main!;
    const rows = rowsOf(mainF);
    return {
      summary: [`${measure.noun.charAt(0).toUpperCase()}${measure.noun.slice(1)}: ${labels[0]} (a) vs ${labels[1]} (b).`, ...parts].join(" "),
      charts: rows.length
        ? [
            {
              type: "grouped_bar",
              title: chartTitle(`${category ?? "Spending"}: ${labels[0]} vs ${labels[1]}`, mainCur, others.map(([c, f]) => [c, sumOf(f.b)])),
              currency: mainCur,
              data: {
                labels: rows.map((r) => r.name),
                datasets: [
                  { name: labels[0]!, values: rows.map((r) => round2(r.a)) },
                  { name: labels[1]!, values: rows.map((r) => round2(r.b)) },
                ],
              },
            },
          ]
        : [],
    };
  },
};
