/**
 * budget_status and set_budget's preview (SPEC §8) on hand-made rows of their own
 * (createFixture({ rows }) of the one fixture module, with its categories table): a month in
 * progress whose last row is today and three full months before it, small enough that every
 * figure is a few additions. Every expected figure below is computed by hand from BUDGET_ROWS.
 *
 *   2025-05 (a full month)              2025-06 (in progress: last transaction 2025-06-10, day 10 of 30)
 *   Groceries [8] 250.40                Groceries [13] 100.00 + [16] 20.00 = 120.00
 *   Dining    [9] 120.00                Dining    [14]  45.50
 *   Shopping  [10] 80.00 − [11] 30 refund = 50.00
 *                                       Shopping  [15] 130.00
 *   Transport [12] 55.50                Transport  0 (no spending)
 *                                       Children  [17]  50.00 (no budget; a category only in transactions)
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { budgetStatus } from "../../src/tools/budget_status.ts";
import { budgetMonth, parseBudgetAmount, suggestedBudgets, type BudgetEntry } from "../../src/budgets/budgets.ts";
import { setBudget } from "../../src/tools/set_budget.ts";
import { createInvoker } from "../../src/tools/invoke.ts";
import { Store } from "../../src/store/store.ts";
import { ToolInputError } from "../../src/core/errors.ts";
import { createFixture, fixtureRow, type Fixture, type FixtureRow } from "../fixtures/budget-fixture.ts";
import { schemaOf } from "./support.ts";

const row = (id: number, date: string, amount: number, category: string, currency = "CHF"): FixtureRow =>
  fixtureRow(id, date, `${category.toUpperCase()} ${id}`, amount, category, category, { currency });

const BUDGET_ROWS: FixtureRow[] = [
  row(1, "2025-03-10", -300, "Groceries"),
  row(2, "2025-03-15", -90, "Dining"),
  row(3, "2025-03-20", -60, "Shopping"),
  row(4, "2025-03-25", 5000, "Income"),
  row(5, "2025-04-05", -330, "Groceries"),
  row(6, "2025-04-12", -150, "Children"),
  row(7, "2025-04-20", -1000, "Transfers"),
  row(8, "2025-05-02", -250.4, "Groceries"),
  row(9, "2025-05-09", -120, "Dining"),
  row(10, "2025-05-15", -80, "Shopping"),
  row(11, "2025-05-20", 30, "Shopping"),
  row(12, "2025-05-28", -55.5, "Transport"),
  row(13, "2025-06-01", -100, "Groceries"),
  row(14, "2025-06-04", -45.5, "Dining"),
  row(15, "2025-06-07", -130, "Shopping"),
  row(16, "2025-06-10", -20, "Groceries"),
  row(17, "2025-06-10", -50, "Children"),
];

const BUDGETS: BudgetEntry[] = [
  { category: "Groceries", amount: 400, currency: "CHF" },
  { category: "Dining", amount: 100, currency: "CHF" },
  { category: "Transport", amount: 150, currency: "CHF" },
  { category: "Shopping", amount: 120, currency: "CHF" },
];

let fx: Fixture;
beforeAll(() => {
  fx = createFixture({ rows: BUDGET_ROWS });
});
afterAll(() => fx.cleanup());

/** Today is 2025-06-10 (local time), the fixture's last day: June 2025 is the month in progress. */
const TODAY = 20250610;
const ctx = (budgets: BudgetEntry[]) => ({ budgets: { list: () => budgets }, now: () => new Date(2025, 5, 10, 12) });
const run = (input: unknown, budgets = BUDGETS) => budgetStatus.run(fx.db, budgetStatus.schema().parse(input), ctx(budgets));

describe("budget_status with a second currency", () => {
  // 2025-05: Dining CHF 120 [1] and EUR 105.50 [2] (budget CHF 100); Travel EUR 300 [3] (no budget);
  // Groceries CHF [4] 50 + [5] 10 = 60 (no budget).
  let eur: Fixture;
  beforeAll(() => {
    eur = createFixture({
      rows: [
        row(1, "2025-05-02", -120, "Dining"),
        row(2, "2025-05-09", -105.5, "Dining", "EUR"),
        row(3, "2025-05-15", -300, "Travel", "EUR"),
        row(4, "2025-05-20", -50, "Groceries"),
        row(5, "2025-05-21", -10, "Groceries"),
      ],
    });
  });
  afterAll(() => eur.cleanup());

  test("a budgeted category's spending in another currency is reported beside it, never added or dropped", () => {
    const out = budgetStatus.run(eur.db, budgetStatus.schema().parse({ year: 2025, month: 5 }), ctx([{ category: "Dining", amount: 100, currency: "CHF" }]));
    expect(out.summary).toBe(
      [
        // Today (2025-06-10) is past May, so May is not in progress: its data stops on the 21st.
        "Budgets for 2025-05: data until 2025-05-21 only (the month's data stops before its end), so the figures may be incomplete.",
        "- Dining: budget CHF 100.00, spent CHF 120.00, remaining CHF -20.00, 120.0% used — OVER BUDGET.",
        "Flagged: Dining (over).",
        "Spending of budgeted categories in other currencies (not counted against their budgets): Dining EUR 105.50.",
        "Total budget CHF 100.00, total spent CHF 120.00 (120.0%).",
        "Unbudgeted spending (categories without a budget): CHF 60.00, EUR 300.00.",
      ].join("\n"),
    );
  });

  test("set_budget's card names the category's spending in another currency beside the spent figure, never drops it", () => {
    // Today is 2025-06-10, the card shows the data's last month, 2025-05: Dining CHF 120 [1], EUR 105.50 [2].
    const store = Store.memory();
    try {
      const c = { budgets: store.budgets, now: () => new Date(2025, 5, 10, 12) };
      const prep = (input: unknown) => setBudget.approval.prepare(eur.db, setBudget.schema().parse(input), c);
      expect(prep({ category: "Dining", amount: 150 }).preview.facts).toContainEqual({
        label: "Spent in 2025-05",
        value: "CHF 120.00 (and EUR 105.50, not counted against a CHF budget)",
      });
      // A category spent in one currency only: the figure alone. Groceries CHF [4] 50 + [5] 10.
      expect(prep({ category: "Groceries", amount: 80 }).preview.facts).toContainEqual({ label: "Spent in 2025-05", value: "CHF 60.00" });
      // Travel is spent in EUR only: a EUR budget leaves nothing out.
      expect(prep({ category: "Travel", amount: 400, currency: "EUR" }).preview.facts).toContainEqual({ label: "Spent in 2025-05", value: "EUR 300.00" });
      // Without a currency, a new budget takes the household's CHF (no full month of data yet):
      // Travel's EUR spending is named, not shown as CHF 0.00 alone.
      expect(prep({ category: "Travel", amount: 400 }).preview.facts).toContainEqual({
        label: "Spent in 2025-05",
        value: "CHF 0.00 (and EUR 300.00, not counted against a CHF budget)",
      });
    } finally {
      store.close();
    }
  });
});

describe("budget_status figures", () => {
  test("the month in progress (today's month, which has data): spent, remaining, % used, projection, flags", () => {
    const s = budgetMonth(fx.db, BUDGETS, 2025 * 12 + 5, TODAY);
    expect(s).toMatchObject({ label: "2025-06", inProgress: true, daysElapsed: 10, daysInMonth: 30, currency: "CHF", outsideData: false });
    const byName = Object.fromEntries(s.budgeted.map((b) => [b.category, b]));
    // Day 10 of 30, no recurring payments: projection = spent + spent / 10 × 20 = 3 × spent.
    // Groceries [13] 100 + [16] 20 = 120 of 400: remaining 280, 30%, projected 3 × 120 = 360.
    expect(byName.Groceries).toMatchObject({ budget: 400, over: false, projectedOver: false });
    expect(byName.Groceries!.spent).toBeCloseTo(120, 9);
    expect(byName.Groceries!.remaining).toBeCloseTo(280, 9);
    expect(byName.Groceries!.pctUsed).toBeCloseTo(30, 9);
    expect(byName.Groceries!.projection).toBeCloseTo(360, 9);
    // Under budget so far, but over at the current pace: Dining [14] 45.50 of 100, projected 3 × 45.50 = 136.50.
    expect(byName.Dining).toMatchObject({ over: false, projectedOver: true });
    expect(byName.Dining!.spent).toBeCloseTo(45.5, 9);
    expect(byName.Dining!.remaining).toBeCloseTo(54.5, 9);
    expect(byName.Dining!.pctUsed).toBeCloseTo(45.5, 9);
    expect(byName.Dining!.projection).toBeCloseTo(136.5, 9);
    // A budgeted category without spending this month.
    expect(byName.Transport).toMatchObject({ spent: 0, remaining: 150, pctUsed: 0, projection: 0, over: false, projectedOver: false });
    // Over budget already: Shopping [15] 130 of 120: remaining −10, projected 3 × 130 = 390.
    expect(byName.Shopping).toMatchObject({ over: true, projectedOver: false });
    expect(byName.Shopping!.remaining).toBeCloseTo(-10, 9);
    expect(byName.Shopping!.pctUsed).toBeCloseTo((130 / 120) * 100, 9);
    expect(byName.Shopping!.projection).toBeCloseTo(390, 9);
    // Most used first.
    expect(s.budgeted.map((b) => b.category)).toEqual(["Shopping", "Dining", "Groceries", "Transport"]);
    expect(s.totals).toHaveLength(1);
    // 400 + 100 + 150 + 120 = 770; spent 120 + 45.50 + 130 + 0 = 295.50, projected 360 + 136.50 + 390 = 886.50;
    // unbudgeted: Children [17] 50.
    expect(s.totals[0]!.budget).toBe(770);
    expect(s.totals[0]!.spent).toBeCloseTo(295.5, 9);
    expect(s.totals[0]!.projection).toBeCloseTo(886.5, 9);
    expect(s.unbudgetedSpending).toEqual([{ currency: "CHF", spent: 50 }]);

    const out = run({});
    expect(out.summary).toBe(
      [
        "Budgets for 2025-06, the month in progress: today is day 10 of 30, data up to 2025-06-10; projection = spent so far + the category's recurring payments still expected this month + the pace of its other spending × the days left.",
        "- Shopping: budget CHF 120.00, spent CHF 130.00, remaining CHF -10.00, 108.3% used, projected CHF 390.00 — OVER BUDGET.",
        "- Dining: budget CHF 100.00, spent CHF 45.50, remaining CHF 54.50, 45.5% used, projected CHF 136.50 — projected over budget.",
        "- Groceries: budget CHF 400.00, spent CHF 120.00, remaining CHF 280.00, 30.0% used, projected CHF 360.00.",
        "- Transport: budget CHF 150.00, spent CHF 0.00, remaining CHF 150.00, 0.0% used, projected CHF 0.00.",
        "Flagged: Shopping (over) and Dining (projected over).",
        "Total budget CHF 770.00, total spent CHF 295.50 (38.4%), projected CHF 886.50.",
        "Unbudgeted spending (categories without a budget): CHF 50.00.",
      ].join("\n"),
    );
    expect(out.charts).toEqual([
      {
        type: "bar_h",
        title: "Budget used, 2025-06 (month in progress)",
        unit: "percent",
        data: { labels: ["Shopping", "Dining", "Groceries", "Transport"], datasets: [{ name: "% used", values: [108.3, 45.5, 30, 0] }] },
      },
    ]);
    // The default is the current month (it has data).
    expect(run({ year: 2025, month: 6 }).summary).toBe(out.summary);
  });

  test("a full month: no projection; a refund reduces its category's spending", () => {
    // Dining [9] 120 of 100 = 120%; Groceries [8] 250.40 of 400 = 62.6%; Shopping [10] 80 − [11] 30 = 50 of 120 = 41.7%;
    // Transport [12] 55.50 of 150 = 37%; total 120 + 250.40 + 50 + 55.50 = 475.90 of 770 = 61.8%.
    const out = run({ year: 2025, month: 5 });
    expect(out.summary).toBe(
      [
        "Budgets for 2025-05 (a full month).",
        "- Dining: budget CHF 100.00, spent CHF 120.00, remaining CHF -20.00, 120.0% used — OVER BUDGET.",
        "- Groceries: budget CHF 400.00, spent CHF 250.40, remaining CHF 149.60, 62.6% used.",
        "- Shopping: budget CHF 120.00, spent CHF 50.00, remaining CHF 70.00, 41.7% used.",
        "- Transport: budget CHF 150.00, spent CHF 55.50, remaining CHF 94.50, 37.0% used.",
        "Flagged: Dining (over).",
        "Total budget CHF 770.00, total spent CHF 475.90 (61.8%).",
        "Unbudgeted spending (categories without a budget): CHF 0.00.",
      ].join("\n"),
    );
    const s = budgetMonth(fx.db, BUDGETS, 2025 * 12 + 4, TODAY);
    expect(s.inProgress).toBe(false);
    expect(s.budgeted.every((b) => b.projection === null && !b.projectedOver)).toBe(true);
  });

  test("the month in progress with no data yet (the last import ends before it): no projection, and it says so", () => {
    // uqa3: on 2026-11-27 with statements up to 2026-10-30, {year: 2026, month: 11} said "spent CHF 0.00" and projected
    // Groceries at the recurring payments still expected alone (CHF 101.30): a month not imported yet is not a month without
    // spending. Here today is 2025-08-15 and the data ends 2025-06-10.
    const s = budgetMonth(fx.db, BUDGETS, 2025 * 12 + 7, 20250815);
    expect(s).toMatchObject({ label: "2025-08", inProgress: true, outsideData: true });
    expect(s.budgeted.map((b) => [b.category, b.projection, b.projectedOver])).toEqual(BUDGETS.map((b) => [b.category, null, false]).sort((a, b) => String(a[0]).localeCompare(String(b[0]))));
    expect(s.totals.every((t) => t.projection === null)).toBe(true);
    const out = budgetStatus.run(fx.db, budgetStatus.schema().parse({ year: 2025, month: 8 }), { budgets: { list: () => BUDGETS }, now: () => new Date(2025, 7, 15, 12) }).summary;
    // Review: and no "spent CHF 0.00 … 0.0% used" lines either (SPEC §1: "no data yet" instead of zero).
    expect(out).toBe(
      [
        "Budgets for 2025-08, the month in progress: no data yet (the data ends 2025-06-10; import the latest statements), so there is no spending to compare or project yet.",
        "- Dining: budget CHF 100.00: no data yet (the CHF data ends 2025-06-10).",
        "- Groceries: budget CHF 400.00: no data yet (the CHF data ends 2025-06-10).",
        "- Shopping: budget CHF 120.00: no data yet (the CHF data ends 2025-06-10).",
        "- Transport: budget CHF 150.00: no data yet (the CHF data ends 2025-06-10).",
        "Total budget CHF 770.00: no data yet in CHF.",
        "Unbudgeted spending (categories without a budget): none known (no CHF data for 2025-08).",
      ].join("\n"),
    );
  });

  test("a month outside the data says so; bad periods are errors the model can fix", () => {
    const outside = run({ year: 2025, month: 8 }).summary;
    // Today is the data's last day (2025-06-10): August has not begun (review of uqa3 D9: "import the latest statements" could not be followed).
    expect(outside).toStartWith(
      "Budgets for 2025-08: that month has not begun yet (today is 2025-06-10), so there is no spending to compare. The data covers 2025-03-10 to 2025-06-10.\n- Dining: budget CHF 100.00: no data yet (the CHF data ends 2025-06-10).",
    );
    const before = run({ year: 2025, month: 1 }).summary;
    expect(before).toStartWith(
      "Budgets for 2025-01: that month lies outside the data, so there is no spending to compare yet. The data covers 2025-03-10 to 2025-06-10.\n- Dining: budget CHF 100.00: no data (the CHF data covers 2025-03-10 to 2025-06-10).",
    );
    // Nothing was spent because there is no data, not because the budgets were kept.
    expect(outside).not.toContain("kept");
    expect(outside).not.toContain("on track");
    expect(() => run({ month: 5 })).toThrow(ToolInputError);
    expect(() => run({ year: 2025 })).toThrow("Budgets are per month");
    expect(() => budgetStatus.schema().parse({ from: "2025-01-01" })).toThrow();
  });

  test("no budgets: says so and suggests the three largest spending categories' monthly average over the last 3 full months", () => {
    // 2025-03..2025-05: Groceries [1] 300 + [5] 330 + [8] 250.40 = 880.40 / 3 = 293.47; Dining [2] 90 + [9] 120 = 210 / 3 = 70;
    // Children [6] 150 / 3 = 50 (Shopping [3] 60 + [10] 80 − [11] 30 = 110 / 3, Transport [12] 55.50 / 3; Transfers [7] not spending).
    const sug = suggestedBudgets(fx.db);
    expect(sug.months).toEqual(["2025-03", "2025-04", "2025-05"]);
    expect(sug.suggestions.map((s) => s.category)).toEqual(["Groceries", "Dining", "Children"]);
    expect(sug.suggestions[0]!.average).toBeCloseTo(880.4 / 3, 9);
    const out = run({}, []);
    expect(out.summary).toBe(
      "No budgets are set. Suggested starting amounts: the three largest spending categories with their monthly average over the last 3 full months " +
        "(2025-03, 2025-04, 2025-05): Groceries CHF 293.47, Dining CHF 70.00, Children CHF 50.00. " +
        "Budgets are set on the Budgets page, with `budget-chat budgets set`, or with set_budget (the user approves).",
    );
    expect(out.charts).toEqual([]);
  });

  test("without its context (the budgets) the tool refuses instead of pretending there are none; the invoker passes the context it was given", async () => {
    expect(() => budgetStatus.run(fx.db, {})).toThrow("needs the household's budgets");
    const call = await createInvoker({ budget: fx.db, tools: [budgetStatus], ctx: ctx(BUDGETS) }).invoke({ id: "t", name: "budget_status", input: {} });
    expect(call.kind === "output" && call.output.summary).toBe(run({}).summary);
  });
});

describe("set_budget's preview", () => {
  test("old → new computed on the server; canonical category; errors the model can act on", () => {
    const store = Store.memory();
    try {
      const c = { budgets: store.budgets };
      const prep = (input: unknown) => setBudget.approval.prepare(fx.db, setBudget.schema().parse(input), c);
      const first = prep({ category: "groceries", amount: 450.555 });
      expect(first.input).toEqual({ category: "Groceries", amount: 450.56 });
      expect(first.args).toMatchObject({ category: "Groceries", amount: 450.56, currency: "CHF", previous: null });
      expect(first.preview).toMatchObject({
        title: "set the “Groceries” budget to CHF 450.56",
        description: "Set a monthly budget of CHF 450.56 for Groceries.",
        category: "Groceries",
        before: null,
        after: 450.56,
        currency: "CHF",
      });
      expect(first.preview.facts).toEqual([
        { label: "Category", value: "Groceries" },
        { label: "Monthly budget", value: "none → CHF 450.56" },
        { label: "Spent in 2025-06", value: "CHF 120.00" }, // Groceries [13] 100 + [16] 20
        { label: "Applies to", value: "the whole household" },
      ]);

      store.budgets.set("Groceries", 400, "CHF", { via: "cli", by: "cli" });
      const change = prep({ category: "Groceries", amount: 500 });
      expect(change.preview.facts[1]).toEqual({ label: "Monthly budget", value: "CHF 400.00 → CHF 500.00" });
      expect(change.args.previous).toEqual({ amount: 400, currency: "CHF" });
      const removal = prep({ category: "GROCERIES", amount: 0 });
      expect(removal.preview.title).toBe("remove the “Groceries” budget");
      expect(removal.preview.facts[1]).toEqual({ label: "Monthly budget", value: "CHF 400.00 → none" });
      expect(removal.args.amount).toBeNull();

      expect(() => prep({ category: "Groceries", amount: 400 })).toThrow("already CHF 400.00 a month");
      expect(() => prep({ category: "Dining", amount: 0 })).toThrow("Dining has no budget");
      expect(() => prep({ category: "Income", amount: 100 })).toThrow("Income is income: budgets are for spending categories");
      expect(() => prep({ category: "Transfers", amount: 100 })).toThrow("Transfers is not spending");
      expect(() => prep({ category: "Grocery", amount: 100 })).toThrow('Unknown category "Grocery". Valid categories:');
      expect(() => setBudget.schema().parse({ category: "Groceries", amount: -1 })).toThrow();
    } finally {
      store.close();
    }
  });
});

describe("amounts typed as text", () => {
  test("de-CH thousands separators are fine; anything but a positive number is refused", () => {
    expect(parseBudgetAmount("1'200.50")).toEqual({ amount: 1200.5 });
    expect(parseBudgetAmount(" 450 ")).toEqual({ amount: 450 });
    expect(parseBudgetAmount("abc")).toEqual({ problem: 'the amount must be a positive number, e.g. 450 or 450.50; got "abc"' });
    expect(parseBudgetAmount("-5")).toHaveProperty("problem");
    expect(parseBudgetAmount("0")).toEqual({ problem: "the amount must be a positive number (at least 0.01)" });
    expect(parseBudgetAmount("1e5")).toHaveProperty("problem");
  });
});

describe("budget_status's schema", () => {
  test("the JSON schema sent to the model: its properties; the description says the UI shows the result", () => {
    // SPEC §8: a month, not a period; budgets are in the main currency.
    expect(schemaOf(budgetStatus)).toEqual({ names: ["year", "month"], required: undefined });
    // The model must know the UI draws the charts and tables (so it never draws text charts).
    expect(budgetStatus.description).toMatch(/The UI (draws|shows)/);
  });
});

describe("budget_status: 'no data yet' is decided per currency", () => {
  // Review of uqa3 D8: the CHF data ends 2026-10-30 (a monthly Farmy order of CHF 101.30 among other groceries), one EUR row
  // is from 2026-11-10, today is 2026-11-27. November's CHF budget said "spent CHF 0.00 … projected CHF 247.00" and "Every
  // budget is on track": a projection from CHF's recurring payments alone, because the data as a whole reached November.
  let mixed: Fixture;
  beforeAll(() => {
    mixed = createFixture({
      rows: [
        ...["2026-08-28", "2026-09-28", "2026-10-28"].map((d, k) => fixtureRow(700 + k, d, "FARMY AG", -101.3, "Farmy", "Groceries")),
        fixtureRow(710, "2026-10-03", "Migros", -64.2, "Migros", "Groceries"),
        fixtureRow(711, "2026-10-30", "Coop", -48.9, "Coop", "Groceries"),
        fixtureRow(712, "2026-11-10", "Trattoria Roma", -42, "Trattoria Roma", "Dining", { currency: "EUR" }),
      ],
    });
  });
  afterAll(() => mixed.cleanup());

  test("November's CHF budget: no data yet, nothing projected; the EUR row is still counted", () => {
    const budgets: BudgetEntry[] = [{ category: "Groceries", amount: 400, currency: "CHF" }];
    const s = budgetMonth(mixed.db, budgets, 2026 * 12 + 10, 20261127);
    expect([s.outsideData, s.noData, s.budgeted[0]!.projection]).toEqual([false, [{ currency: "CHF", firstDay: 20260828, lastDay: 20261030 }], null]);
    const out = budgetStatus.run(mixed.db, budgetStatus.schema().parse({ year: 2026, month: 11 }), { budgets: { list: () => budgets }, now: () => new Date(2026, 10, 27, 12) }).summary;
    expect(out).toBe(
      [
        "Budgets for 2026-11, the month in progress: today is day 27 of 30, data up to 2026-11-10; projection = spent so far + the category's recurring payments still expected this month + the pace of its other spending × the days left. No CHF data yet this month: the CHF data ends 2026-10-30 (import the latest CHF statements), so its budgets are neither compared nor projected.",
        "- Groceries: budget CHF 400.00: no data yet (the CHF data ends 2026-10-30).",
        "Total budget CHF 400.00: no data yet in CHF.",
        "Unbudgeted spending (categories without a budget): EUR 42.00.",
      ].join("\n"),
    );
  });
});
