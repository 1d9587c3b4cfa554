import { describe, expect, test } from "bun:test";
import type { ExpectedFigure } from "../../eval/oracle.ts";
import { argsMatch, matches, readNumbers } from "../../src/eval/score.ts";

const money = (value: number): ExpectedFigure => ({ kind: "money", value, currency: "CHF", label: "m" });
const percent = (value: number): ExpectedFigure => ({ kind: "percent", value, currency: "CHF", label: "p" });
const count = (value: number): ExpectedFigure => ({ kind: "count", value, currency: "CHF", label: "c" });
const found = (text: string, f: ExpectedFigure) => readNumbers(text).some((n) => matches(n, f));

describe("readNumbers", () => {
  test("de-CH and en-US grouping, decimals, signs and percentages", () => {
    expect(readNumbers("CHF 18'109.55, 1,234.50, 29316.26 and −659.52; 13.7% or 14 percent; 914 rows")).toEqual([
      { value: 18109.55, decimals: 2, percent: false },
      { value: 1234.5, decimals: 2, percent: false },
      { value: 29316.26, decimals: 2, percent: false },
      { value: -659.52, decimals: 2, percent: false },
      { value: 13.7, decimals: 1, percent: true },
      { value: 14, decimals: 0, percent: true },
      { value: 914, decimals: 0, percent: false },
    ]);
  });
});

describe("an expected figure is present at the precision written", () => {
  test("money to the cent or the franc; not a near miss, not a rounder writing", () => {
    expect(found("You spent CHF 18'109.55.", money(18109.55))).toBe(true);
    expect(found("You spent CHF 18'110.", money(18109.55))).toBe(true);
    expect(found("You spent CHF 18'109.65.", money(18109.55))).toBe(false);
    expect(found("You spent about 18k.", money(18109.55))).toBe(false);
    expect(found("a deficit of CHF 659.52", money(-659.52))).toBe(true);
    expect(found("18.6% of it", money(18.6))).toBe(false);
  });
  test("percentages at their written decimals; counts exactly", () => {
    expect(found("savings rate 13.7%", percent(13.711))).toBe(true);
    expect(found("savings rate 14%", percent(13.711))).toBe(true);
    expect(found("savings rate 13.8%", percent(13.711))).toBe(false);
    expect(found("savings rate 13.7", percent(13.711))).toBe(false);
    expect(found("914 transactions", count(914))).toBe(true);
    expect(found("914.0 transactions", count(914))).toBe(false);
    expect(found("915 transactions", count(914))).toBe(false);
  });
});

describe("key arguments", () => {
  test("a period matches by the days it covers", () => {
    expect(argsMatch({ year: 2025, category: "Groceries" }, { year: 2025, category: "groceries", currency: "CHF" })).toBe(true);
    expect(argsMatch({ year: 2025 }, { from: "2025-01-01", to: "2025-12-31" })).toBe(true);
    expect(argsMatch({ year: 2026, month: 3 }, { from: "2026-03-01", to: "2026-03-31" })).toBe(true);
    expect(argsMatch({ year: 2025 }, { year: 2024 })).toBe(false);
    expect(argsMatch({ year: 2025 }, {})).toBe(false);
    expect(argsMatch({ year: 2025, category: "Groceries" }, { year: 2025, category: "Dining" })).toBe(false);
    expect(argsMatch({ year: 2025, category: "Groceries" }, { year: 2025 })).toBe(false);
  });
  test("a search may be more specific than the key term; compare_periods' a and b in either order", () => {
    expect(argsMatch({ year: 2025, search: "Kita" }, { year: 2025, search: "kita sonnenschein" })).toBe(true);
    expect(argsMatch({ year: 2025, search: "Kita" }, { year: 2025, search: "Kinder" })).toBe(false);
    const key = { a: { year: 2024 }, b: { year: 2025 }, category: "Groceries" };
    expect(argsMatch(key, { a: { year: 2024 }, b: { from: "2025-01-01", to: "2025-12-31" }, category: "Groceries" })).toBe(true);
    expect(argsMatch(key, { a: { year: 2025 }, b: { year: 2024 }, category: "Groceries" })).toBe(true);
    expect(argsMatch(key, { a: { year: 2023 }, b: { year: 2025 }, category: "Groceries" })).toBe(false);
  });
});
