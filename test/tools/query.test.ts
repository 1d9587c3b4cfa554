/** The tools' shared argument handling (src/tools/query/): periods, categories, currencies. */
import { afterAll, describe, expect, test } from "bun:test";
import { ToolInputError } from "../../src/core/errors.ts";
import { resolveCategory } from "../../src/tools/query/categories.ts";
import { resolveCurrency } from "../../src/tools/query/currency.ts";
import { callPeriods, coveredMonths, resolvePeriod } from "../../src/tools/query/period.ts";
import { createFixture, fixtureRow } from "../fixtures/budget-fixture.ts";

const fx = createFixture();
afterAll(() => fx.cleanup());

describe("resolvePeriod", () => {
  test("no arguments: all dates, open ends", () => {
    expect(resolvePeriod({})).toEqual({ from: null, to: null, label: "all dates" });
  });
  test("year and month: inclusive day bounds, month ends and leap years", () => {
    expect(resolvePeriod({ year: 2025 })).toEqual({ from: 20250101, to: 20251231, label: "2025" });
    expect(resolvePeriod({ year: 2024, month: 2 })).toEqual({ from: 20240201, to: 20240229, label: "2024-02" });
    expect(resolvePeriod({ year: 2025, month: 12 })).toEqual({ from: 20251201, to: 20251231, label: "2025-12" });
  });
  test("from/to: inclusive, either end open", () => {
    expect(resolvePeriod({ from: "2025-01-01", to: "2025-03-31" })).toEqual({ from: 20250101, to: 20250331, label: "2025-01-01…2025-03-31" });
    expect(resolvePeriod({ from: "2025-03-01" })).toEqual({ from: 20250301, to: null, label: "2025-03-01…" });
    expect(resolvePeriod({ to: "2024-12-31" })).toEqual({ from: null, to: 20241231, label: "…2024-12-31" });
  });
  test("errors that say how to fix them", () => {
    const err = (input: object) => {
      try {
        resolvePeriod(input);
      } catch (e) {
        expect(e).toBeInstanceOf(ToolInputError);
        return (e as Error).message;
      }
      throw new Error("expected an error");
    };
    expect(err({ month: 3 })).toBe('month requires year: pass both, e.g. {"year": 2025, "month": 3}.');
    expect(err({ year: 2025, from: "2025-01-01" })).toStartWith("Give either year/month or from/to, not both");
    expect(err({ from: "2025-13-01" })).toBe('from must be a real date written YYYY-MM-DD, e.g. 2025-03-01; got "2025-13-01".');
    expect(err({ to: "2025-02-30" })).toBe('to must be a real date written YYYY-MM-DD, e.g. 2025-03-01; got "2025-02-30".');
    expect(err({ from: "1.3.2025" })).toStartWith("from must be a real date");
    expect(err({ from: "2025-04-01", to: "2025-03-01" })).toBe("from (2025-04-01) is after to (2025-03-01).");
  });
  test("covered months: the period's months inside the data (2024-01-05 … 2025-12-28)", () => {
    const l = fx.db.ledger();
    const labels = (p: object) => coveredMonths(resolvePeriod(p), l).map((m) => `${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, "0")}`);
    expect(labels({ year: 2025 })).toEqual(["2025-01", "2025-02", "2025-03", "2025-04", "2025-05", "2025-06", "2025-07", "2025-08", "2025-09", "2025-10", "2025-11", "2025-12"]);
    // an open end stops at the data's last month, 2025-12 [99] (the malformed "2025-13-01" [121] is no month)
    expect(labels({ from: "2025-09-15" })).toEqual(["2025-09", "2025-10", "2025-11", "2025-12"]);
    // an open start begins at the data's first month, 2024-01 [60]
    expect(labels({ to: "2024-03-10" })).toEqual(["2024-01", "2024-02", "2024-03"]);
    // 2024-01 … 2025-12: 12 + 12 = 24
    expect(labels({})).toHaveLength(24);
    expect(labels({ year: 2019 })).toEqual([]);
  });
  test("the periods of a tool call: bounds, and the months, weeks and days an average over them divides by (calendar and covered)", () => {
    const l = fx.db.ledger();
    // 2025: 12 months; 365 calendar days, 362 of them with data (the data ends 2025-12-28 [99]); weeks 365/7, 52, 362/7.
    expect(callPeriods({ year: 2025, category: "Dining" }, l)).toEqual([{ from: 20250101, to: 20251231, months: [12], weeks: [365 / 7, 52, 362 / 7], days: [365, 362] }]);
    // 2023-11-01 … 2024-03-10: 5 calendar months, of which the data (from 2024-01-05) covers January to March; 131 days, 66 covered.
    expect(callPeriods({ from: "2023-11-01", to: "2024-03-10" }, l)).toEqual([{ from: 20231101, to: 20240310, months: [5, 3], weeks: [131 / 7, 19, 66 / 7, 9], days: [131, 66] }]);
    // 2025-11-15 … open: the open end is the data's last day; no calendar span. Its 44 days are no whole weeks (6 would
    // leave out 2 days: only a period over two months has them, its error ≤ 5 %).
    expect(callPeriods({ from: "2025-11-15" }, l)).toEqual([{ from: 20251115, to: 20251228, months: [2], weeks: [44 / 7], days: [44] }]);
    // A period that runs on past the data's last month (the data ends 2025-12-28): "so far", its months with data only,
    // not the calendar's 12 / 365 (before, those too: an average of 2025-06…2026-03 "a month" found ÷ 10 of 7 months' data).
    expect(callPeriods({ from: "2025-06-01", to: "2026-03-31" }, l)).toEqual([{ from: 20250601, to: 20260331, months: [7], weeks: [211 / 7, 30], days: [211] }]);
    // compare_periods' a and b.
    expect(callPeriods({ a: { year: 2024 }, b: { year: 2025, month: 3 }, category: "Dining" }, l).map((p) => [p.from, p.to, p.months])).toEqual([
      [20240101, 20241231, [12]],
      [20250301, 20250331, [1]],
    ]);
    // No period named: all dates for some tools, the current month for budget_status, none for calculate.
    expect(callPeriods({}, l)).toEqual([]);
    expect(callPeriods({ category: "Dining", top_n: 5 }, l)).toEqual([]);
    expect(callPeriods({ expression: "1+1" }, l)).toEqual([]);
    // A period no tool would accept names none.
    expect(callPeriods({ month: 3 }, l)).toEqual([]);
    expect(callPeriods({ from: "2025-04-01", to: "2025-03-01" }, l)).toEqual([]);
    expect(callPeriods(null, l)).toEqual([]);
  });
});

describe("resolveCategory", () => {
  test("exact name first, then a unique case-insensitive match", () => {
    expect(resolveCategory(fx.db, "groceries")).toBe("Groceries");
    expect(resolveCategory(fx.db, " DINING ")).toBe("Dining");
  });
  test("unknown category lists the valid names, sorted", () => {
    // the 15 names of the categories table and Household [30–35], which only transactions carry;
    // "transport" [75, 76] is Transport, not a 17th name
    expect(() => resolveCategory(fx.db, "Food")).toThrow(
      'Unknown category "Food". Valid categories: Dining, Fees, Groceries, Healthcare, Household, Housing, Income, Insurance, Investments, Other, Shopping, Subscriptions, Transfers, Transport, Travel, Uncategorised.',
    );
  });
  test("a name that exists in two letter cases is one category (SPEC §1 hygiene): every spelling resolves to it", () => {
    // "Transport" [70–74] and "transport" [75, 76]; the categories table spells it "Transport".
    for (const name of ["transport", "Transport", " TRANSPORT "]) expect(resolveCategory(fx.db, name)).toBe("Transport");
    const both = createFixture({
      categoriesTable: false,
      rows: [
        fixtureRow(1, "2025-01-02", "MOBILITY CARSHARING", -7, "Mobility", "transport"),
        fixtureRow(2, "2025-01-03", "SBB CFF FFS", -5, "SBB", "Transport"),
      ],
    });
    try {
      // No categories table and one row each: the spelling seen first ("transport", id 1) wins.
      for (const name of ["transport", "Transport", " TRANSPORT "]) expect(resolveCategory(both.db, name)).toBe("transport");
    } finally {
      both.cleanup();
    }
  });
});

test("resolveCurrency: any letter case; an unknown one lists the currencies present", () => {
  const l = fx.db.ledger();
  expect(resolveCurrency(l, undefined)).toBeUndefined();
  expect(l.currencies[resolveCurrency(l, "chf")!]).toBe("CHF");
  // EUR [110–113], USD [114, 115]
  expect(l.currencies[resolveCurrency(l, "eur")!]).toBe("EUR");
  expect(() => resolveCurrency(l, "GBP")).toThrow('Unknown currency "GBP". Currencies in the data: CHF, EUR, USD.');
});
