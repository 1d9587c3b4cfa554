/**
 * budget_status (SPEC §8): per budgeted category the budget, spent, remaining and % used
 * for one month (default the current calendar month when it has data, else the latest month with data), with the projection for the month
 * in progress; over and projected-over flagged; totals and unbudgeted spending last.
 * With no budgets: says so and suggests starting amounts.
 *
 * The budgets live in the app database: they reach the tool through its ToolContext.
 */
import { z } from "zod";
import { dayToIso, monthKey } from "../ledger/calendar.ts";
import type { BudgetDb } from "../ledger/reader.ts";
import { formatMoney, formatPercent, joinAnd, plural } from "../core/format.ts";
import { budgetMonth, budgetMonthOf, suggestedBudgets, type BudgetLine, type BudgetMonth } from "../budgets/budgets.ts";
import { coverageSentence } from "./query/period.ts";
import { todayOf } from "./query/today.ts";
import { lazySchema } from "../core/validation.ts";
import type { ReadTool, ToolContext } from "./types.ts";

const schema = lazySchema(() =>
  z.strictObject({
    year: z.number().int().min(1900).max(2200).optional().describe("Calendar year of the month, e.g. 2025; only together with month."),
    month: z.number().int().min(1).max(12).optional().describe("Month 1-12, with year. Omit both for the current month (else the latest month with data)."),
  }),
);

export const budgetStatus: ReadTool<ReturnType<typeof schema>> = {
  name: "budget_status",
  label: "Checking the budgets…",
  promptHint: "whether the user is on track with their monthly budgets ('how am I doing?').",
  description:
    "Monthly budgets against one month's spending (default: the current month if it has data, else the latest): per budget " +
    "spent, remaining, % used, and for the current month the projection (recurring payments still due + the pace of the " +
    "rest); over or projected over is flagged. Without budgets: suggested amounts. The UI draws a bar chart.",
  risk: "low",
  schema,
  run(db, input, ctx) {
    const budgets = budgetsOf(ctx).list();
    const today = todayOf(ctx);
    const month = budgetMonthOf(db, input, today);
    if (month === null) {
      return { summary: `No transactions yet, so no month to check budgets against. ${budgets.length ? `Budgets set: ${budgets.length}.` : "No budgets are set."}`, charts: [] };
    }
    if (!budgets.length) return { summary: noBudgets(db), charts: [] };
    const status = budgetMonth(db, budgets, month, today);
    return {
      summary: describe(db, status, today),
      charts: [
        {
          type: "bar_h",
          title: `Budget used, ${status.label}${status.inProgress ? " (month in progress)" : ""}`,
          unit: "percent",
          data: {
            labels: status.budgeted.map((b) => b.category),
            datasets: [{ name: "% used", values: status.budgeted.map((b) => Math.round(b.pctUsed! * 10) / 10) }],
          },
        },
      ],
    };
  },
};

function budgetsOf(ctx: ToolContext | undefined) {
  if (!ctx) throw new Error("budget_status needs the household's budgets (the app database): run it through the app, the CLI or MCP");
  return ctx.budgets;
}

/** "over budget" / "projected over budget" / "" for a line. */
export function flagOf(b: BudgetLine): string {
  return b.over ? "OVER BUDGET" : b.projectedOver ? "projected over budget" : "";
}

function describe(db: BudgetDb, s: BudgetMonth, today: number): string {
  const l = db.ledger();
  // The month in progress that no import has reached yet: nothing spent is not nothing known (SPEC §1 "no data yet"). Decided
  // per currency: a budget's currency whose data does not reach the month has no figures there (review of uqa3 D8: one EUR
  // row in November made CHF's November "spent CHF 0.00, projected CHF 247.00, on track").
  const noData = new Map(s.noData.map((n) => [n.currency, n]));
  const future = (currency: string) => {
    const lastDay = noData.get(currency)?.lastDay;
    return lastDay != null && s.month > monthKey(lastDay);
  };
  const ends = (currency: string) => {
    const n = noData.get(currency);
    if (n?.firstDay == null || n.lastDay == null) return `there is no ${currency} data`;
    return future(currency) ? `the ${currency} data ends ${dayToIso(n.lastDay)}` : `the ${currency} data covers ${dayToIso(n.firstDay)} to ${dayToIso(n.lastDay)}`;
  };
  const missing = s.budgeted.length > 0 && s.budgeted.every((b) => noData.has(b.currency));
  const head =
    s.inProgress && s.outsideData
      ? `Budgets for ${s.label}, the month in progress: no data yet (the data ends ${dayToIso(l.lastDay!)}; import the latest statements), so there is no spending to compare or project yet.`
      : s.inProgress
        ? `Budgets for ${s.label}, the month in progress: today is day ${s.daysElapsed} of ${s.daysInMonth}, data up to ${dayToIso(l.lastDay!)}; ` +
          "projection = spent so far + the category's recurring payments still expected this month + the pace of its other spending × the days left." +
          s.noData.map((n) => ` No ${n.currency} data yet this month: ${ends(n.currency)} (import the latest ${n.currency} statements), so its budgets are neither compared nor projected.`).join("")
        : s.outsideData
          ? s.month > monthKey(today)
            ? `Budgets for ${s.label}: that month has not begun yet (today is ${dayToIso(today)}), so there is no spending to compare. ${coverageSentence(l)}`
            : `Budgets for ${s.label}: that month lies outside the data, so there is no spending to compare yet. ${coverageSentence(l)}`
          : s.dataUntil !== null
            ? `Budgets for ${s.label}: data until ${dayToIso(s.dataUntil)} only (the month's data stops before its end), so the figures may be incomplete.`
            : `Budgets for ${s.label} (a full month).`;
  const lines = s.budgeted.map((b) => {
    if (noData.has(b.currency)) {
      return `- ${b.category}: budget ${formatMoney(b.budget!, b.currency)}: ${future(b.currency) ? "no data yet" : "no data"} (${ends(b.currency)}).`;
    }
    const flag = flagOf(b);
    return (
      `- ${b.category}: budget ${formatMoney(b.budget!, b.currency)}, spent ${formatMoney(b.spent, b.currency)}, ` +
      `remaining ${formatMoney(b.remaining!, b.currency)}, ${formatPercent(b.pctUsed!, 100)} used` +
      (b.projection !== null ? `, projected ${formatMoney(b.projection, b.currency)}` : "") +
      (flag ? ` — ${flag}` : "") +
      "."
    );
  });
  const flagged = s.budgeted.filter((b) => b.over || b.projectedOver);
  const some = s.noData.length ? " with data" : "";
  const verdict = flagged.length
    ? `Flagged: ${joinAnd(flagged.map((b) => `${b.category} (${b.over ? "over" : "projected over"})`))}.`
    : s.outsideData || missing
      ? ""
      : s.inProgress
        ? `Every budget${some} is on track.`
        : `Every budget${some} was kept.`;
  const otherCurrencies = s.otherCurrencySpending.length
    ? `Spending of budgeted categories in other currencies (not counted against their budgets): ${s.otherCurrencySpending.map((o) => `${o.category} ${formatMoney(o.spent, o.currency)}`).join(", ")}.`
    : "";
  const totals = s.totals.map((t) =>
    noData.has(t.currency)
      ? `Total budget ${formatMoney(t.budget, t.currency)}: ${future(t.currency) ? "no data yet" : "no data"} in ${t.currency}.`
      : `Total budget ${formatMoney(t.budget, t.currency)}, total spent ${formatMoney(t.spent, t.currency)} (${formatPercent(t.spent, t.budget)})` +
        (t.projection !== null ? `, projected ${formatMoney(t.projection, t.currency)}` : "") +
        ".",
  );
  const inflow = s.unclassifiedIn.length
    ? `Unclassified money in (Uncategorised rows, neither spending nor income): ${s.unclassifiedIn.map((u) => `${formatMoney(u.total, u.currency)} in ${plural(u.count, "transaction")}`).join(", ")}.`
    : "";
  const unbudgeted = s.unbudgetedSpending.length
    ? `Unbudgeted spending (categories without a budget): ${s.unbudgetedSpending.map((u) => formatMoney(u.spent, u.currency)).join(", ")}.`
    : s.outsideData || noData.has(s.currency)
      ? `Unbudgeted spending (categories without a budget): none known (no ${s.currency} data for ${s.label}).`
      : `Unbudgeted spending (categories without a budget): ${formatMoney(0, s.currency)}.`;
  return [head, ...lines, verdict, otherCurrencies, ...totals, unbudgeted, inflow].filter(Boolean).join("\n");
}

function noBudgets(db: BudgetDb): string {
  const { months, currency, suggestions } = suggestedBudgets(db);
  const how = "Budgets are set on the Budgets page, with `budget-chat budgets set`, or with set_budget (the user approves).";
  if (!suggestions.length) return `No budgets are set. There is no full month of spending before the month in progress to suggest amounts from. ${how}`;
  return (
    `No budgets are set. Suggested starting amounts: the three largest spending categories with their monthly average over the last ` +
    `${months.length === 1 ? "full month" : `${months.length} full months`} (${months.join(", ")}): ` +
    `${suggestions.map((s) => `${s.category} ${formatMoney(s.average, currency)}`).join(", ")}. ${how}`
  );
}
