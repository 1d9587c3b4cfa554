import { afterAll, describe, expect, test } from "bun:test";
import { buildWhere, likeContains, monthsBetween, resolveCategory, resolvePeriod } from "../../src/tools/filters.ts";
import { ToolInputError } from "../../src/core/errors.ts";
import { createFixture } from "../fixtures/budget-fixture.ts";

describe("resolvePeriod", () => {
  test("no year: all dates, no bounds", () => {
    expect(resolvePeriod({})).toEqual({ label: "all dates" });
  });
  test("year: half-open range over the calendar year", () => {
    const p = resolvePeriod({ year: 2025 });
    expect([p.from, p.to, p.firstMonth, p.lastMonth, p.label]).toEqual(["2025-01-01", "2026-01-01", "2025-01", "2025-12", "2025"]);
  });
  test("month: half-open range, December rolls into the next year", () => {
    const mar = resolvePeriod({ year: 2025, month: 3 });
    expect([mar.from, mar.to, mar.label]).toEqual(["2025-03-01", "2025-04-01", "2025-03"]);
    const dec = resolvePeriod({ year: 2024, month: 12 });
    expect([dec.from, dec.to, dec.label]).toEqual(["2024-12-01", "2025-01-01", "2024-12"]);
  });
  test("month without year is a correctable input error", () => {
    expect(() => resolvePeriod({ month: 3 })).toThrow(ToolInputError);
    expect(() => resolvePeriod({ month: 3 })).toThrow(/^month requires year/);
  });
});

describe("buildWhere", () => {
  test("user values are bound, never part of the SQL", () => {
    const w = buildWhere({ period: resolvePeriod({ year: 2025 }), category: "Dining'; DROP TABLE x; --", search: "a'b" });
    expect(w.sql).not.toContain("DROP");
    expect(w.sql).not.toContain("a'b");
    expect(w.params).toEqual({ from: "2025-01-01", to: "2026-01-01", category: "Dining'; DROP TABLE x; --", search: "%a'b%" });
  });
  test("spending excludes Transfers with IS NOT (NULL categories stay in)", () => {
    const w = buildWhere({ period: resolvePeriod({}), flow: "out", excludeTransfers: true });
    expect(w.sql).toBe("WHERE amount < 0 AND category IS NOT 'Transfers'");
    expect(w.params).toEqual({});
  });
  test("Uncategorised also selects NULL categories", () => {
    expect(buildWhere({ period: resolvePeriod({}), category: "Uncategorised" }).sql).toContain("category IS NULL");
  });
  test("no filters, no WHERE", () => {
    expect(buildWhere({ period: resolvePeriod({}) }).sql).toBe("");
  });
});

test("likeContains escapes the LIKE wildcards and the escape character", () => {
  expect(likeContains("50%")).toBe("%50\\%%");
  expect(likeContains("shop_online")).toBe("%shop\\_online%");
  expect(likeContains("a\\b")).toBe("%a\\\\b%");
});

test("monthsBetween spans years and rejects malformed months", () => {
  expect(monthsBetween("2024-11", "2025-02")).toEqual(["2024-11", "2024-12", "2025-01", "2025-02"]);
  expect(monthsBetween("2025-03", "2025-03")).toEqual(["2025-03"]);
  expect(monthsBetween("2025-04", "2025-03")).toEqual([]);
  expect(monthsBetween("garbage", "2025-03")).toEqual([]);
});

describe("resolveCategory", () => {
  const fx = createFixture();
  afterAll(() => fx.cleanup());
  test("case-insensitive, returns the canonical name", () => {
    expect(resolveCategory(fx.db, "groceries")).toBe("Groceries");
    expect(resolveCategory(fx.db, " DINING ")).toBe("Dining");
  });
  test("unknown category lists the valid names, sorted", () => {
    expect(() => resolveCategory(fx.db, "Food")).toThrow(
      'Unknown category "Food". Valid categories: Children, Dining, Groceries, Income, Shopping, Transfers, Transport, Uncategorised.',
    );
  });
});
