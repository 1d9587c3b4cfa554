import { describe, expect, test } from "bun:test";
import type { ExpectedFigure } from "../../eval/oracle.ts";
import { argsMatch, figurePresent } from "../../src/eval/score.ts";

const money = (value: number): ExpectedFigure => ({ kind: "money", value, currency: "CHF", label: "m" });
const percent = (value: number): ExpectedFigure => ({ kind: "percent", value, currency: "CHF", label: "p" });
const count = (value: number): ExpectedFigure => ({ kind: "count", value, currency: "CHF", label: "c" });

describe("an expected figure is present at the precision written", () => {
  test("money to the cent or the franc, de-CH or en-US; not a near miss, a rounder writing or a bound", () => {
    expect(figurePresent("You spent CHF 18'109.55.", money(18109.55))).toBe(true);
    expect(figurePresent("You spent $18,109.55.", money(18109.55))).toBe(true);
    expect(figurePresent("You spent CHF 18'110.", money(18109.55))).toBe(true);
    expect(figurePresent("You spent CHF 18'109.65.", money(18109.55))).toBe(false);
    expect(figurePresent("You spent about CHF 18'100.", money(18109.55))).toBe(false);
    expect(figurePresent("You spent CHF 18.1k.", money(18109.55))).toBe(false);
    expect(figurePresent("You spent over CHF 18'109.", money(18109.55))).toBe(false);
    expect(figurePresent("a deficit of CHF 659.52", money(-659.52))).toBe(true);
    expect(figurePresent("net CHF -659.52", money(-659.52))).toBe(true);
    expect(figurePresent("18.6% of it", money(18.6))).toBe(false);
  });
  test("percentages at their written decimals; counts exactly; a year is not a figure", () => {
    expect(figurePresent("savings rate 13.7%", percent(13.711))).toBe(true);
    expect(figurePresent("savings rate 14%", percent(13.711))).toBe(true);
    expect(figurePresent("savings rate 13.8%", percent(13.711))).toBe(false);
    expect(figurePresent("savings rate CHF 13.71", percent(13.711))).toBe(false);
    expect(figurePresent("914 transactions", count(914))).toBe(true);
    expect(figurePresent("915 transactions", count(914))).toBe(false);
    expect(figurePresent("in 2025", count(2025))).toBe(false);
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
