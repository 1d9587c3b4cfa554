import { z } from "zod";
import { UNCATEGORISED } from "../budget/schema.ts";
import { formatCount, formatMoney, plural } from "../core/format.ts";
import { categoryMask, resolveCategory } from "./query/categories.ts";
import { categoryField, periodFields } from "./query/fields.ts";
import { dataCoverage, periodPhrase, resolvePeriod } from "./query/period.ts";
import { forEachRow } from "./query/rows.ts";
import type { ReadTool } from "./types.ts";
import { scopeOf } from "./query/scope.ts";

const schema = z.strictObject({
  category: categoryField.optional().describe("Only rows currently in this category."),
  max_confidence: z.number().min(0).max(1).default(0.8).describe("Rows classified with a confidence below this need a look (default 0.8)."),
  limit: z.number().int().min(1).max(500).default(50).describe("Most merchants to list (default 50)."),
  ...periodFields,
});

/** Categories that mean "not really classified" (matched in any letter case). */
const UNCLEAR = new Set([UNCATEGORISED.toLowerCase(), "other"]);
/** Groups named in the summary (the table has them all). */
const SUMMARY_GROUPS = 10;

type Group = { name: string; count: number; totals: Map<string, number>; categories: Set<string>; lowest: number };

export const reviewTransactions: ReadTool<typeof schema> = {
  name: "review_transactions",
  label: "Finding transactions to review…",
  promptHint: "what still needs categorising: Uncategorised/Other rows and low-confidence classifications, grouped by merchant.",
  description:
    "Transactions that need a human look: in Uncategorised or Other, or classified with a confidence below max_confidence " +
    "(default 0.8). Grouped by merchant (by bank description when the merchant is unknown), most rows first, with count, " +
    "total, current categories and lowest confidence. Use it for 'what still needs categorising', 'which classifications are " +
    "shaky', before offering recategorise_transactions. The UI shows the groups as a table automatically.",
  risk: "low",
  schema,
  run(db, input) {
    const l = db.ledger();
    const period = resolvePeriod(input);
    const only = input.category === undefined ? undefined : categoryMask(l, [resolveCategory(db, input.category)]);
    const unclear = Uint8Array.from(l.categoryNames, (n) => (UNCLEAR.has(n.toLowerCase()) ? 1 : 0));
    const groups = new Map<string, Group>();
    let rows = 0;
    forEachRow(l, { period, ...scopeOf(l, input), categories: only }, (i) => {
      const c = l.confidence[i]!;
      if (!unclear[l.category[i]!] && !(c < input.max_confidence)) return; // NaN (unknown confidence) is not low
      const name = l.merchant[i]! >= 0 ? l.merchants[l.merchant[i]!]! : l.descriptions[l.description[i]!]!;
      const g = groups.get(name) ?? { name, count: 0, totals: new Map(), categories: new Set(), lowest: NaN };
      const cur = l.currencies[l.currency[i]!]!;
      g.totals.set(cur, (g.totals.get(cur) ?? 0) + l.amount[i]!);
      g.categories.add(l.categoryNames[l.category[i]!]!);
      if (!Number.isNaN(c) && !(c >= g.lowest)) g.lowest = c;
      g.count++;
      groups.set(name, g);
      rows++;
    });
    const scope = periodPhrase(period, l);
    if (!groups.size) {
      return {
        summary: `Nothing to review ${scope}: no transaction in Uncategorised or Other, none below confidence ${input.max_confidence}. ${dataCoverage(l)}`,
        charts: [],
      };
    }
    const sorted = [...groups.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
    const shown = sorted.slice(0, input.limit);
    const totals = (g: Group) => [...g.totals].map(([c, v]) => formatMoney(v, c)).join(", ");
    const lowest = (g: Group) => (Number.isNaN(g.lowest) ? null : g.lowest);
    const line = (g: Group) =>
      `${g.name}: ${plural(g.count, "row")}, ${totals(g)}, in ${[...g.categories].sort().join("/")}` +
      (lowest(g) === null ? "" : `, lowest confidence ${g.lowest.toFixed(2)}`);
    const more = sorted.length > SUMMARY_GROUPS ? ` (top ${SUMMARY_GROUPS} here; the table lists ${formatCount(shown.length)})` : "";
    return {
      summary:
        `To review ${scope}: ${plural(rows, "transaction")} at ${plural(sorted.length, "merchant")} ` +
        `(in Uncategorised/Other or confidence below ${input.max_confidence})${more}. ${sorted.slice(0, SUMMARY_GROUPS).map(line).join("; ")}.`,
      charts: [],
      tables: [
        {
          title: `To review, ${period.label}: ${formatCount(shown.length)} of ${formatCount(sorted.length)} merchants`,
          columns: ["Merchant", "Transactions", "Total", "Categories", "Lowest confidence"],
          kinds: ["text", "count", "text", "text", "number"],
          totalRows: sorted.length,
          rows: shown.map((g) => [g.name, g.count, totals(g), [...g.categories].sort().join(", "), lowest(g)]),
        },
      ],
    };
  },
};
