/** The tools' shared argument handling (src/tools/query/): periods, categories, currencies. */
import { afterAll, describe, expect, test } from "bun:test";
import { ToolInputError } from "../../src/core/errors.ts";
import { resolveCategory } from "../../src/tools/query/categories.ts";
import { resolveCurrency } from "../../src/tools/query/currency.ts";
import { coveredMonths, resolvePeriod } from "../../src/tools/query/period.ts";
import { createFixture } from "../fixtures/small-fixture.ts";

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
  test("covered months: the period's months inside the data (2024-01-05 … 2025-04-11)", () => {
    const l = fx.db.ledger();
    const labels = (p: object) => coveredMonths(resolvePeriod(p), l).map((m) => `${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, "0")}`);
    expect(labels({ year: 2025 })).toEqual(["2025-01", "2025-02", "2025-03", "2025-04"]);
    expect(labels({ from: "2024-11-15" })).toEqual(["2024-11", "2024-12", "2025-01", "2025-02", "2025-03", "2025-04"]);
    expect(labels({})).toHaveLength(16);
    expect(labels({ year: 2019 })).toEqual([]);
  });
});

describe("resolveCategory", () => {
  test("exact name first, then a unique case-insensitive match", () => {
    expect(resolveCategory(fx.db, "groceries")).toBe("Groceries");
    expect(resolveCategory(fx.db, " DINING ")).toBe("Dining");
  });
  test("unknown category lists the valid names, sorted", () => {
    expect(() => resolveCategory(fx.db, "Food")).toThrow(
      'Unknown category "Food". Valid categories: Children, Dining, Groceries, Income, Shopping, Transfers, Transport, Uncategorised.',
    );
  });
  test("a name that exists in two letter cases is one category (SPEC §1 hygiene): every spelling resolves to it", () => {
    const both = createFixture({
      rows: [
        { id: 1, date: "2025-01-02", description: "SBB", amount: -5, merchant: "SBB", category: "Transport" },
        { id: 2, date: "2025-01-03", description: "MOBILITY", amount: -7, merchant: "Mobility", category: "transport" },
      ],
    });
    try {
      // No categories table row for it and one row each: the spelling seen first ("Transport", id 1) wins.
      for (const name of ["transport", "Transport", " TRANSPORT "]) expect(resolveCategory(both.db, name)).toBe("Transport");
    } finally {
      both.cleanup();
    }
  });
});

test("resolveCurrency: any letter case; an unknown one lists the currencies present", () => {
  const l = fx.db.ledger();
  expect(resolveCurrency(l, undefined)).toBeUndefined();
  expect(l.currencies[resolveCurrency(l, "chf")!]).toBe("CHF");
  expect(() => resolveCurrency(l, "EUR")).toThrow('Unknown currency "EUR". Currencies in the data: CHF.');
});
