import { todayOf } from "./query/today.ts";
import { z } from "zod";
import { dayToIso } from "../ledger/calendar.ts";
import type { Ledger } from "../ledger/ledger.ts";
import { UNCATEGORISED } from "../ledger/schema.ts";
import type { TableSpec } from "../core/events.ts";
import { formatCount, formatMoney, plural, quote, round2 } from "../core/format.ts";
import { categoryMask, resolveCategory } from "./query/categories.ts";
import { categoryField, periodFields } from "./query/fields.ts";
import { coverageSentence, periodPhrase, resolvePeriod } from "./query/period.ts";
import { forEachRow, type Filter } from "./query/rows.ts";
import { lazySchema } from "../core/validation.ts";
import type { ReadTool } from "./types.ts";
import { scopeOf } from "./query/scope.ts";

const schema = lazySchema(() =>
  z.strictObject({
    category: categoryField().optional().describe("Only rows currently in this category."),
    max_confidence: z.number().min(0).max(1).default(0.8).describe("Rows classified with a lower confidence need a look."),
    limit: z.number().int().min(1).max(500).default(50).describe("Most merchants to list."),
    ...periodFields(),
  }),
);

/** Categories that mean "not really classified" (matched in any letter case). */
const UNCLEAR = new Set([UNCATEGORISED.toLowerCase(), "other"]);
/** Duplicate groups the table shows (the summary names the first SUMMARY_GROUPS). */
const DUPLICATE_ROWS = 50;
/** Groups named in the summary (the table has them all). */
const SUMMARY_GROUPS = 10;

type Group = { name: string; count: number; totals: Map<string, number>; categories: Set<string>; lowest: number };

export const reviewTransactions: ReadTool<ReturnType<typeof schema>> = {
  name: "review_transactions",
  label: "Finding transactions to review…",
  promptHint: "what still needs categorising, low-confidence rows, possible duplicate bookings.",
  description:
    "Rows that need a human look: Uncategorised or Other, or confidence below max_confidence, grouped by merchant (else " +
    "description), most rows first, with count, total, categories and lowest confidence; possible duplicates (same date, " +
    "amount, currency, description) apart. The UI shows a table.",
  risk: "low",
  schema,
  run(db, input, ctx) {
    const l = db.ledger();
    const period = resolvePeriod(input);
    const only = input.category === undefined ? undefined : categoryMask(l, [resolveCategory(db, input.category)]);
    const unclear = Uint8Array.from(l.categoryNames, (n) => (UNCLEAR.has(n.toLowerCase()) ? 1 : 0));
    const unclassified = l.sources.indexOf("unclassified");
    const groups = new Map<string, Group>();
    let rows = 0;
    const filter = { period, ...scopeOf(l, input), categories: only };
    const duplicates = possibleDuplicates(l, filter);
    forEachRow(l, filter, (i) => {
      const c = l.confidenceAt(i);
      // NaN (unknown confidence) is not low.
      if (!unclear[l.categoryAt(i)] && !(c < input.max_confidence) && !(unclassified >= 0 && l.source[i] === unclassified)) return;
      const name = l.merchantName(i) ?? l.descriptionText(i);
      const g = groups.get(name) ?? { name, count: 0, totals: new Map(), categories: new Set(), lowest: NaN };
      const cur = l.currencyCode(i);
      g.totals.set(cur, (g.totals.get(cur) ?? 0) + l.amountAt(i));
      g.categories.add(l.categoryName(i));
      if (!Number.isNaN(c) && !(c >= g.lowest)) g.lowest = c;
      g.count++;
      groups.set(name, g);
      rows++;
    });
    const scope = periodPhrase(period, l);
    const dupes = describeDuplicates(l, duplicates, period.label);
    if (!groups.size) {
      return {
        summary: `Nothing to review ${scope}: no transaction in Uncategorised or Other, none below confidence ${input.max_confidence}, none unclassified.${dupes.summary} ${coverageSentence(l, period, todayOf(ctx))}`,
        charts: [],
        tables: dupes.table ? [dupes.table] : [],
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
        `(in Uncategorised/Other, confidence below ${input.max_confidence} or unclassified)${more}. ${sorted.slice(0, SUMMARY_GROUPS).map(line).join("; ")}.${dupes.summary}`,
      charts: [],
      tables: [
        {
          title: `Merchants to review, ${period.label}`,
          columns: ["Merchant", "Transactions", "Total", "Categories", "Lowest confidence"],
          kinds: ["text", "count", "text", "text", "number"],
          totalRows: sorted.length,
          rows: shown.map((g) => [g.name, g.count, totals(g), [...g.categories].sort().join(", "), lowest(g)]),
        },
        ...(dupes.table ? [dupes.table] : []),
      ],
    };
  },
};

/** Rows that look like one transaction booked twice: same day, amount, currency and description (SPEC §2). */
type Duplicate = { first: number; count: number };

/**
 * Possible duplicates among the selected rows. Every ledger row is its own transactions
 * row, so two of them are two transaction ids. Rows come in day order, so each day is one
 * open-addressing hash table over (description, amount, currency), cleared between days by
 * a generation stamp: O(1) typed-array work per row, no strings, no sorting (at 1M rows a
 * Map or a sort per day cost ten times the rest of the tool).
 */
function possibleDuplicates(l: Ledger, filter: Filter): Duplicate[] {
  const [start, end] = l.rangeOf(filter.period.from ?? undefined, filter.period.to ?? undefined);
  let most = 1;
  for (let i = start, run = 0; i < end; i++) {
    run = i > start && l.day[i] === l.day[i - 1] ? run + 1 : 1;
    if (run > most) most = run;
  }
  let size = 2;
  while (size < 2 * most) size *= 2;
  const mask = size - 1;
  const slotRow = new Int32Array(size);
  const slotGen = new Int32Array(size);
  const bits = new Float64Array(1);
  const words = new Int32Array(bits.buffer);
  const slotGroup = new Int32Array(size); // -1: the slot's row has no duplicate (yet)
  const firsts: number[] = []; // per group: its first row
  const counts: number[] = [];
  let gen = 0;
  let day = -1;
  forEachRow(l, filter, (i) => {
    if (l.day[i] !== day) {
      day = l.dayAt(i);
      gen++;
    }
    const desc = l.descriptionAt(i);
    const amount = l.amountAt(i);
    const cur = l.currencyAt(i);
    bits[0] = amount;
    let h = Math.imul(desc, 0x9e3779b1) ^ Math.imul(words[0]! ^ words[1]!, 0x85ebca6b) ^ Math.imul(cur, 0xc2b2ae35);
    for (h &= mask; slotGen[h] === gen; h = (h + 1) & mask) {
      const j = slotRow[h]!;
      if (l.description[j] === desc && l.amount[j] === amount && l.currency[j] === cur) {
        if (slotGroup[h]! < 0) {
          slotGroup[h] = firsts.length;
          firsts.push(j);
          counts.push(1);
        }
        counts[slotGroup[h]!]!++;
        return;
      }
    }
    slotGen[h] = gen;
    slotRow[h] = i;
    slotGroup[h] = -1;
  });
  // A group appears with its second row; list them by their first (date order, then id).
  return firsts.map((first, k) => ({ first, count: counts[k]! })).sort((a, b) => a.first - b.first);
}

function describeDuplicates(l: Ledger, dupes: Duplicate[], label: string): { summary: string; table: TableSpec | null } {
  if (!dupes.length) return { summary: " No possible duplicates.", table: null };
  const total = dupes.length;
  const fields = (d: Duplicate) => {
    const i = d.first;
    const cur = l.currencyCode(i);
    return { date: dayToIso(l.dayAt(i)), description: l.descriptionText(i), amount: l.amountAt(i), cur, count: d.count, total: l.amountAt(i) * d.count };
  };
  // Groups come in date order (by their first row; rows are stored by day, then id); only the shown ones are spelt out.
  const list = dupes.slice(0, DUPLICATE_ROWS).map(fields);
  return {
    summary:
      ` Possible duplicates (same date, amount, currency and description, different transaction ids): ${plural(total, "group")}` +
      `${total > SUMMARY_GROUPS ? ` (the first ${SUMMARY_GROUPS} here)` : ""}. ` +
      list
        .slice(0, SUMMARY_GROUPS)
        .map((d) => `${d.date} ${quote(d.description, 80)} ${formatMoney(d.amount, d.cur)} × ${d.count} (total ${formatMoney(d.total, d.cur)})`)
        .join("; ") +
      ".",
    table: {
      title: `Possible duplicates, ${label}`,
      columns: ["Date", "Description", "Amount", "Currency", "Rows", "Total"],
      kinds: ["date", "text", "money", "currency", "count", "money"],
      totalRows: total,
      rows: list.map((d) => [d.date, d.description, round2(d.amount), d.cur, d.count, round2(d.total)]),
    },
  };
}
