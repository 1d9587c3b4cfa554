/**
 * The budget projection (SPEC §8) with a clock: only the current calendar month is in progress;
 * projection = spent so far + the category's recurring payments still expected this month +
 * (spent − recurring payments already made this month) ÷ days elapsed × days left. On the
 * extended fixture (rent on the 1st, Spotify on the 5th, Migros on 2026-10-12) and on
 * hand-made rows for a payment still expected.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { budgetMonth, budgetMonthOf, type BudgetEntry } from "../../src/budgets/budgets.ts";
import { budgetStatus } from "../../src/tools/budget_status.ts";
import { createFixture, fixtureRow } from "../fixtures/budget-fixture.ts";
import { extended, money, on, run } from "./support.ts";

const { db } = extended();
const CHF = (x: number) => money(x, "CHF");
const budgets: BudgetEntry[] = [
  { category: "Housing", amount: 2300, currency: "CHF" },
  { category: "Groceries", amount: 300, currency: "CHF" },
  { category: "Subscriptions", amount: 30, currency: "CHF" },
];

describe("budget projection (2026-10, data up to 2026-10-12)", () => {
  test("day 14: the rent paid on the 1st counts once; variable spending runs at its pace", () => {
    const s = budgetMonth(db, budgets, 2026 * 12 + 9, 20261014);
    expect(s).toMatchObject({ label: "2026-10", inProgress: true, daysElapsed: 14, dataUntil: null });
    const by = Object.fromEntries(s.budgeted.map((b) => [b.category, b]));
    // Housing: spent 2'200 (Immo AG [309], a recurring payment made this month); next rent 2026-11-01 is next month:
    // 2'200 + 0 + (2'200 − 2'200) / 14 × 17 = 2'200
    expect(by.Housing!.projection).toBeCloseTo(2200, 9);
    // Groceries: Migros 95.40, no series: 95.40 + 95.40 / 14 × 17 = 211.242857…
    expect(by.Groceries!.projection).toBeCloseTo(95.4 + (95.4 / 14) * 17, 9);
    // Subscriptions: Spotify 12.95 made on the 5th, next 2026-11-05; Netflix ended in 2025: 12.95
    expect(by.Subscriptions!.projection).toBeCloseTo(12.95, 9);
    expect(s.totals[0]!.projection).toBeCloseTo(2200 + 95.4 + (95.4 / 14) * 17 + 12.95, 9);
    const out = run(budgetStatus, db, {}, on("2026-10-14", budgets));
    expect(out.summary).toContain(`- Housing: budget ${CHF(2300)}, spent ${CHF(2200)}, remaining ${CHF(100)}, 95.7% used, projected ${CHF(2200)}.`);
    expect(out.summary).toContain(`- Groceries: budget ${CHF(300)}, spent ${CHF(95.4)}, remaining ${CHF(204.6)}, 31.8% used, projected ${CHF(211.24)}.`);
    expect(out.summary).toContain(`Total budget ${CHF(2630)}, total spent ${CHF(2308.35)} (87.8%), projected ${CHF(2424.19)}.`);
    expect(out.summary).toContain("Every budget is on track.");
  });

  test("day 2: a CHF 2'200 rent projects to CHF 2'200, not to 15 rents", () => {
    const out = run(budgetStatus, db, {}, on("2026-10-02", [{ category: "Housing", amount: 2200, currency: "CHF" }]));
    expect(out.summary).toStartWith("Budgets for 2026-10, the month in progress: today is day 2 of 31, data up to 2026-10-12;");
    expect(out.summary).toContain(`- Housing: budget ${CHF(2200)}, spent ${CHF(2200)}, remaining ${CHF(0)}, 100.0% used, projected ${CHF(2200)}.`);
  });

  test("after the month: 2026-10 is not in progress; its data stops on the 12th: 'data until'", () => {
    expect(budgetMonthOf(db, {}, 20261124)).toBe(2026 * 12 + 9); // November has no data: the latest month with data
    const out = run(budgetStatus, db, {}, on("2026-11-24", budgets));
    expect(out.summary).toStartWith("Budgets for 2026-10: data until 2026-10-12 only (the month's data stops before its end), so the figures may be incomplete.");
    expect(out.summary).not.toContain("projected");
    expect(budgetMonthOf(db, {}, 20261014)).toBe(2026 * 12 + 9);
  });
});

describe("a recurring payment still expected this month", () => {
  const row = (id: number, date: string, amount: number, category: string, merchant: string) => fixtureRow(id, date, merchant.toUpperCase(), amount, merchant, category);
  // Streaming 15.00 on the 20th of Jan–Mar; April so far: groceries 60 on the 2nd and 40 on the 9th.
  const fx = createFixture({
    rows: [
      row(1, "2026-01-20", -15, "Subscriptions", "StreamCo"),
      row(2, "2026-02-20", -15, "Subscriptions", "StreamCo"),
      row(3, "2026-03-20", -15, "Subscriptions", "StreamCo"),
      row(4, "2026-04-02", -60, "Groceries", "Coop"),
      row(5, "2026-04-09", -40, "Groceries", "Coop"),
    ],
  });
  afterAll(() => fx.cleanup());
  test("today 2026-04-10: StreamCo's payment due 2026-04-19 (last + the median gap, rounded) is added; groceries run at 10 a day", () => {
    const s = budgetMonth(
      fx.db,
      [
        { category: "Subscriptions", amount: 20, currency: "CHF" },
        { category: "Groceries", amount: 250, currency: "CHF" },
      ],
      2026 * 12 + 3,
      20260410,
    );
    const by = Object.fromEntries(s.budgeted.map((b) => [b.category, b]));
    // StreamCo gaps 31 ([1]→[2]), 28 ([2]→[3]) → median 29.5 → next [3] 2026-03-20 + 30 = 2026-04-19:
    // 0 spent + 15 expected + 0 pace
    expect(by.Subscriptions!.spent).toBe(0);
    expect(by.Subscriptions!.projection).toBeCloseTo(15, 9);
    // Coop [4] 60 + [5] 40 = 100 in 10 days; 20 days left: 100 + 100 / 10 × 20 = 300 > 250: projected over
    expect(by.Groceries!.projection).toBeCloseTo(300, 9);
    expect(by.Groceries!.projectedOver).toBe(true);
  });
});
