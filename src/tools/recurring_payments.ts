import { todayOf } from "./query/today.ts";
import { z } from "zod";
import { dayToIso } from "../ledger/calendar.ts";
import { findSeries, type OneOff, type Series } from "../ledger/recurring.ts";
import { formatCount, formatMoney, plural, quote, round2 } from "../core/format.ts";
import { roleMask, rolesOf } from "./query/categories.ts";
import { chartTitle } from "./query/currency.ts";
import { periodFields } from "./query/fields.ts";
import { coverageSentence, periodPhrase, resolvePeriod } from "./query/period.ts";
import { forEachRow } from "./query/rows.ts";
import { lazySchema } from "../core/validation.ts";
import type { ReadTool } from "./types.ts";
import { scopeOf } from "./query/scope.ts";

/** The fewest cycles that make a series unless asked otherwise (SPEC §2.1). */
const DEFAULT_MIN = 3;

const schema = lazySchema(() =>
  z.strictObject({
    min_occurrences: z.number().int().min(2).max(100).default(DEFAULT_MIN).describe("Fewest payments (due dates) that make a series."),
    ...periodFields(),
  }),
);

/** One-offs named per series in the summary (the table lists them all). */
const ONE_OFFS_NAMED = 4;

export const recurringPayments: ReadTool<ReturnType<typeof schema>> = {
  name: "recurring_payments",
  label: "Finding recurring payments…",
  promptHint: "subscriptions, fixed costs, regular payments: yearly cost, next due, price changes, double charges.",
  description:
    "Regular money out to one merchant (weekly to yearly); payments of one due date are one obligation with parts. Each with " +
    "category, cadence, parts (usual and current amount), price changes, first, last and next date, yearly cost, active or " +
    "ended, and the named one-offs inside; plus the active ones' yearly total. The UI shows a table and a bar chart.",
  risk: "low",
  schema,
  run(db, input, ctx) {
    const l = db.ledger();
    const period = resolvePeriod(input);
    const spending = roleMask(rolesOf(db, l), "spending");
    const scope = scopeOf(l, input);
    const filter = { period, ...scope, categories: spending, direction: "out" as const };
    const where = periodPhrase(period, l);
    // Over all the data with the defaults, the obligations are the ones the database keeps (found once per version of the data).
    const everything = period.from === null && period.to === null && scope.currency === undefined && scope.account === undefined && input.min_occurrences === DEFAULT_MIN;
    const series = everything
      ? db.recurring()
      : findSeries(l, (fn) => forEachRow(l, filter, fn), input.min_occurrences, l.lastDay ?? 0, {
          keys: db.seriesKeys(),
          inflows: (fn) => forEachRow(l, { period, ...scope, direction: "in" }, fn),
        });
    if (!series.length) {
      return {
        summary: `No recurring payments found ${where} (at least ${input.min_occurrences} payments at a steady weekly, monthly, quarterly or yearly rhythm). ${coverageSentence(l, period, todayOf(ctx))}`,
        charts: [],
      };
    }
    const currencies = [...new Set(series.map((s) => s.currency))];
    const activeCost = (c: string) => series.filter((s) => s.active && s.currency === c).reduce((t, s) => t + s.yearlyCost, 0);
    const line = (s: Series) => {
      const m = (x: number) => formatMoney(x, s.currency);
      const what =
        s.parts.length === 1
          ? `${m(s.current)}${round2(s.current) === round2(s.typical) ? "" : ` (usual ${m(s.typical)})`}`
          : `${m(s.current)} in ${s.parts.length} parts: ${s.parts.map((p) => `${quote(p.label, 40)} ${m(p.current)}${round2(p.current) === round2(p.typical) ? "" : ` (usual ${m(p.typical)})`}${p.active || !s.active ? "" : " (ended)"}`).join(" + ")}`;
      const unconfirmed = s.parts.filter((p) => p.unconfirmed && p.active);
      const named = s.oneOffs.slice(0, ONE_OFFS_NAMED).map((o) => oneOffText(o, s.currency));
      return (
        `${s.merchant} (${s.category}) ${s.cadence} ${what}, ${s.count} payments ${dayToIso(s.first)} to ${dayToIso(s.last)}, ` +
        `${s.active ? `next about ${dayToIso(s.next)}` : `ended (the next was due about ${dayToIso(s.next)})`}, ${m(s.yearlyCost)} a year` +
        (s.priceChanges.length ? `, price changes: ${changesOf(s)}` : "") +
        (s.dearer ? ", GOT MORE EXPENSIVE in the period" : "") +
        (unconfirmed.length ? `, the latest payment differs (${unconfirmed.map((p) => m(p.current)).join(", ")}): a price change only if it repeats` : "") +
        (s.oneOffs.length ? `, one-offs inside the series (not price changes): ${named.join(", ")}${s.oneOffs.length > named.length ? ` and ${s.oneOffs.length - named.length} more` : ""}` : "")
      );
    };
    // The chart's currency is the one with most payments in the series (SPEC §1: most rows).
    const payments = (c: string) => series.filter((s) => s.currency === c).reduce((n, s) => n + s.count, 0);
    const main = currencies.sort((a, b) => payments(b) - payments(a) || a.localeCompare(b))[0]!;
    const active = series.filter((s) => s.active && s.currency === main);
    const many = currencies.length > 1;
    return {
      summary:
        `Recurring payments ${where}: ${plural(series.length, "series", "series")}, ${formatCount(series.filter((s) => s.active).length)} active. ` +
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
          columns: ["Merchant", "Category", "Cadence", "Parts", "Usual amount", "Current amount", ...(many ? ["Currency"] : []), "Payments", "First", "Last", "Next expected", "Yearly cost", "Price changes", "One-offs", "Status"],
          kinds: ["text", "text", "text", "text", "money", "money", ...(many ? (["currency"] as const) : []), "count", "date", "date", "date", "money", "text", "text", "text"],
          totalRows: series.length,
          rows: series.map((s) => [
            s.merchant,
            s.category,
            s.cadence,
            s.parts.length === 1 ? null : s.parts.map((p) => `${p.label}: ${formatMoney(p.current, s.currency)}`).join(" + "),
            round2(s.typical),
            round2(s.current),
            ...(many ? [s.currency] : []),
            s.count,
            dayToIso(s.first),
            dayToIso(s.last),
            dayToIso(s.next),
            round2(s.yearlyCost),
            changesOf(s) || null,
            s.oneOffs.map((o) => oneOffText(o, s.currency)).join(", ") || null,
            s.active ? (s.dearer ? "active, dearer" : "active") : s.dearer ? "ended, dearer" : "ended",
          ]),
          ...(many ? {} : { currency: main }),
        },
      ],
    };
  },
};

/** "2025-04-12 CHF 18.90 → CHF 20.90, …" (with the part's text when the series has several parts). */
function changesOf(s: Series): string {
  return s.priceChanges
    .map((p) => `${dayToIso(p.day)} ${s.parts.length > 1 ? `${quote(p.part, 40)} ` : ""}${formatMoney(p.from, s.currency)} → ${formatMoney(p.to, s.currency)}`)
    .join(", ");
}

/** "2025-03-20 settlement CHF 316.35" */
function oneOffText(o: OneOff, currency: string): string {
  return `${dayToIso(o.day)} ${o.kind} ${formatMoney(o.amount, currency)}`;
}
