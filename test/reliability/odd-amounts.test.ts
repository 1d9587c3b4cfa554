/**
 * Issue 25 item 4: amounts that are not finite or beyond ±1e12 (a broken import's
 * 1e300, Infinity) are left out of every figure like malformed dates, and the data
 * summary in the prompt counts them. ±1e12 itself is still money.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { dynamicSystem } from "../../src/agent/prompt.ts";
import { whereOf } from "../../src/budget/selection.ts";
import { spendingByCategory } from "../../src/tools/spending_by_category.ts";
import { createFixture, runTool, type Fixture } from "../fixtures/small-fixture.ts";

const row = (id: number, amount: number, description = `ODD ${id}`) => ({ id, date: "2025-03-10", description, amount, merchant: "Odd", category: "Shopping" });

let fx: Fixture;
beforeAll(() => {
  fx = createFixture({
    rows: [
      row(1, -100),
      row(2, -1e300),
      row(3, Number.POSITIVE_INFINITY),
      row(4, Number.NEGATIVE_INFINITY),
      row(5, 1e12 + 1),
      row(6, -1e12), // at the limit: kept
      { id: 7, date: "2025-3-10", description: "BAD DATE", amount: 5, merchant: "Odd", category: "Shopping" },
    ],
  });
});
afterAll(() => fx.cleanup());

test("left out of the ledger and counted apart from malformed dates", () => {
  const s = fx.db.summary();
  expect(s.transactionCount).toBe(2);
  expect(s.badAmounts).toBe(4);
  expect(s.malformedDates).toBe(1);
});

test("no figure carries them: Shopping's spending is 100 + 1e12", () => {
  const out = runTool(spendingByCategory, fx.db, { year: 2025 });
  expect(out.summary).toContain("CHF 1'000'000'000'100.00");
  expect(out.summary).not.toMatch(/e\+|Infinity|NaN/);
});

test("the prompt's data summary says how many rows were left out and why", () => {
  const text = dynamicSystem({ summary: fx.db.summary(), notSpending: ["Transfers"], now: new Date("2025-04-01T10:00:00Z"), timeZone: "Europe/Zurich", memories: [] });
  expect(text).toContain("- 4 rows have an amount that is not a real sum of money (not finite, or beyond ±1e12); they are left out of every figure.");
  expect(text).toContain("- 1 rows have a date that is not a real YYYY-MM-DD day; they are left out of every figure.");
});

test("a selection (recategorise's preview and write) leaves them out too", () => {
  const where = whereOf({ search: "odd" });
  expect(fx.db.all<{ id: number }>(`SELECT id FROM transactions ${where.sql} ORDER BY id`, where.params).map((r) => r.id)).toEqual([1, 6]);
});
