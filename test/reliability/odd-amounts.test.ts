/**
 * Issue 25 item 4: amounts that are not finite or beyond ±1e12 (a broken import's
 * 1e300, Infinity) are left out of every figure like malformed dates, and the data
 * summary in the prompt counts them. ±1e12 itself is still money.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { dynamicSystem } from "../../src/agent/prompt.ts";
import { whereOf } from "../../src/ledger/selection.ts";
import { spendingByCategory } from "../../src/tools/spending_by_category.ts";
import { createFixture, fixtureRow, fixtureRows, runTool, type Fixture } from "../fixtures/budget-fixture.ts";

// The fixture's rows plus odd ones of their own (ids 501–507; the fixture plants no odd amount).
const odd = (id: number, amount: number) => fixtureRow(id, "2025-03-10", `ODD ${id}`, amount, "Odd", "Shopping");

let fx: Fixture;
beforeAll(() => {
  fx = createFixture({
    rows: [
      ...fixtureRows(),
      odd(501, -100),
      odd(502, -1e300),
      odd(503, Number.POSITIVE_INFINITY),
      odd(504, Number.NEGATIVE_INFINITY),
      odd(505, 1e12 + 1),
      odd(506, -1e12), // at the limit: kept
      fixtureRow(507, "2025-3-10", "BAD DATE", 5, "Odd", "Shopping"),
    ],
  });
});
afterAll(() => fx.cleanup());

test("left out of the ledger and counted apart from malformed dates", () => {
  const s = fx.db.summary();
  // the fixture's 108 well-formed rows + [501] [506] = 110; [502–505] bad amounts;
  // the fixture's malformed dates [120–123] + [507] = 5
  expect(s.transactionCount).toBe(110);
  expect(s.badAmounts).toBe(4);
  expect(s.malformedDates).toBe(5);
});

test("no figure carries them: Shopping's 2025 spending is the fixture's 399.83 + 100 + 1e12", () => {
  const out = runTool(spendingByCategory, fx.db, { year: 2025 });
  // Shopping 2025 in CHF: Digitec [65–69] 5 × 49.90 = 249.50, Zalando [105] 120 − [106] 40 = 80,
  // [107] 33.33, [108] 10, [109] 27 → 399.83 ([122] malformed); + [501] 100 + [506] 1e12
  expect(out.summary).toContain("Shopping CHF 1'000'000'000'499.83");
  expect(out.summary).not.toMatch(/e\+|Infinity|NaN/);
});

test("the prompt's data summary says how many rows were left out and why", () => {
  const text = dynamicSystem({ summary: fx.db.summary(), notSpending: ["Transfers"], now: new Date("2025-04-01T10:00:00Z"), timeZone: "Europe/Zurich", memories: [] });
  expect(text).toContain("- 4 rows have an amount that is not a real sum of money (not finite, or beyond ±1e12); they are left out of every figure.");
  expect(text).toContain("- 5 rows have a date that is not a real YYYY-MM-DD day; they are left out of every figure.");
});

test("a selection (recategorise's preview and write) leaves them out too", () => {
  const where = whereOf({ search: "odd" });
  expect(fx.db.all<{ id: number }>(`SELECT id FROM transactions ${where.sql} ORDER BY id`, where.params).map((r) => r.id)).toEqual([501, 506]);
});
