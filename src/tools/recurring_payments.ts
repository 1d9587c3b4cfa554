import { z } from "zod";
import { dayToIso } from "../ledger/calendar.ts";
import { findSeries, type Series } from "../ledger/recurring.ts";
import { formatCount, formatMoney, plural, round2 } from "../core/format.ts";
import { roleMask, rolesOf } from "./query/categories.ts";
import { chartTitle } from "./query/currency.ts";
import { periodFields } from "./query/fields.ts";
import { coverageSentence, periodPhrase, resolvePeriod } from "./query/period.ts";
import { forEachRow } from "./query/rows.ts";
import type { ReadTool } from "./types.ts";
import { scopeOf } from "./query/scope.ts";

const schema = z.strictObject({
  min_occurrences: z.number().int().min(2).max(100).default(3).describe("Fewest payments that make a series (default 3)."),
  ...periodFields,
});

export const recurringPayments: ReadTool<typeof schema> = {
  name: "recurring_payments",
  label: "Finding recurring payments…",
  promptHint:
    "subscriptions and other regular payments (weekly, monthly, quarterly, yearly): what they cost a year at today's price, which are still running, when the next is due, which got dearer (price changes) and possible double charges.",
  description:
    "Find recurring payments: money-out series of one merchant (spending categories only) whose payments come weekly, " +
    "monthly, quarterly or yearly at a steady amount. For each: merchant, category, cadence, usual (median) and current " +
    "(last) amount, price changes (date, old → new) and whether it got more expensive in the period, possible double " +
    "charges, number of payments, first and last date, next expected date, yearly cost at the current price, and whether it " +
    "is still active; plus the total yearly cost of the active ones. Use it for 'what subscriptions am I paying for', 'my " +
    "fixed costs', 'did a subscription get dearer', 'was I charged twice', 'when is the insurance due'. " +
    "The UI shows a table and a horizontal bar chart of the active yearly costs automatically.",
  risk: "low",
  schema,
  run(db, input) {
    const l = db.ledger();
    const period = resolvePeriod(input);
    const spending = roleMask(rolesOf(db, l), "spending");
    const filter = { period, ...scopeOf(l, input), categories: spending, direction: "out" as const };
    const scope = periodPhrase(period, l);
    const series = findSeries(l, (fn) => forEachRow(l, filter, fn), input.min_occurrences, l.lastDay ?? 0);
    if (!series.length) {
      return {
        summary: `No recurring payments found ${scope} (at least ${input.min_occurrences} payments at a steady weekly, monthly, quarterly or yearly rhythm). ${coverageSentence(l)}`,
        charts: [],
      };
    }
    const currencies = [...new Set(series.map((s) => s.currency))];
    const activeCost = (c: string) => series.filter((s) => s.active && s.currency === c).reduce((t, s) => t + s.yearlyCost, 0);
    const line = (s: Series) =>
      `${s.merchant} (${s.category}) ${s.cadence} ${formatMoney(s.current, s.currency)}` +
      `${round2(s.current) === round2(s.typical) ? "" : ` (usual ${formatMoney(s.typical, s.currency)})`}, ${s.count} payments ${dayToIso(s.first)} to ${dayToIso(s.last)}, ` +
      `${s.active ? `next about ${dayToIso(s.next)}` : `ended (the next was due about ${dayToIso(s.next)})`}, ${formatMoney(s.yearlyCost, s.currency)} a year` +
      (s.priceChanges.length ? `, price changes: ${changesOf(s)}` : "") +
      (s.dearer ? ", GOT MORE EXPENSIVE in the period" : "") +
      (s.doubleCharges.length ? `, possible double charges: ${doublesOf(s)}` : "");
    // The chart's currency is the one with most payments in the series (SPEC §1: most rows).
    const payments = (c: string) => series.filter((s) => s.currency === c).reduce((n, s) => n + s.count, 0);
    const main = currencies.sort((a, b) => payments(b) - payments(a) || a.localeCompare(b))[0]!;
    const active = series.filter((s) => s.active && s.currency === main);
    const many = currencies.length > 1;
    return {
      summary:
        `Recurring payments ${scope}: ${plural(series.length, "series", "series")}, ${formatCount(series.filter((s) => s.active).length)} active. ` +
        `Active yearly cost: ${currencies.map((c) => formatMoney(activeCost(c), c)).join(", ")}. ${series.map(line).join("; ")}.`,
      charts: active.length
        ? [
            {
              type: "bar_h",
              title: chartTitle(`Active recurring payments, yearly cost, ${period.label}`, main, currencies.filter((c) => c !== main).map((c) => [c, activeCost(c)])),
              currency: main,
              data: { labels: active.map((s) => s.merchant), datasets: [{ name: "Yearly cost", values: active.map((s) => round2(s.yearlyCost)) }] },
            },
          ]
        : [],
      tables: [
        {
          title: `Recurring payments, ${period.label}`,
          columns: ["Merchant", "Category", "Cadence", "Usual amount", "Current amount", ...(many ? ["Currency"] : []), "Payments", "First", "Last", "Next expected", "Yearly cost", "Price changes", "Possible double charges", "Status"],
          kinds: ["text", "text", "text", "money", "money", ...(many ? (["currency"] as const) : []), "count", "date", "date", "date", "money", "text", "text", "text"],
          totalRows: series.length,
          rows: series.map((s) => [
            s.merchant,
            s.category,
            s.cadence,
            round2(s.typical),
            round2(s.current),
            ...(many ? [s.currency] : []),
            s.count,
            dayToIso(s.first),
            dayToIso(s.last),
            dayToIso(s.next),
            round2(s.yearlyCost),
            changesOf(s) || null,
            doublesOf(s) || null,
            s.active ? (s.dearer ? "active, dearer" : "active") : s.dearer ? "ended, dearer" : "ended",
          ]),
          ...(many ? {} : { currency: main }),
        },
      ],
    };
  },
};

/** "2025-04-12 CHF 18.90 → CHF 20.90, …" */
function changesOf(s: Series): string {
  return s.priceChanges.map((p) => `${dayToIso(p.day)} ${formatMoney(p.from, s.currency)} → ${formatMoney(p.to, s.currency)}`).join(", ");
}

/** "2025-05-12 and 2025-05-13 (CHF 20.90), …" */
function doublesOf(s: Series): string {
  return s.doubleCharges.map((d) => `${dayToIso(d.first)} and ${dayToIso(d.second)} (${formatMoney(d.amount, s.currency)})`).join(", ");
}
