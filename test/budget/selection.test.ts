import { expect, test } from "bun:test";
import { globContainsAnyCase, likeContains, whereOf } from "../../src/budget/selection.ts";

test("likeContains escapes the LIKE wildcards and the escape character", () => {
  expect(likeContains("50%")).toBe("%50\\%%");
  expect(likeContains("shop_online")).toBe("%shop\\_online%");
  expect(likeContains("a\\b")).toBe("%a\\\\b%");
});

test("globContainsAnyCase folds letters into classes; *, ? and [ are literal", () => {
  expect(globContainsAnyCase("zü*")).toBe("*[zZ][üÜ][*]*");
  expect(globContainsAnyCase("a?[")).toBe("*[aA][?][[]*");
});

test("whereOf: user values are bound, never part of the SQL; malformed dates are never selected", () => {
  const w = whereOf({ from: "2025-01-01", to: "2025-12-31", category: "Dining'; DROP TABLE x; --", search: "a'b", notIn: "Groceries" });
  expect(w.sql).not.toContain("DROP");
  expect(w.sql).not.toContain("a'b");
  expect(w.sql).toContain("date(substr(date, 1, 10)) = substr(date, 1, 10)");
  expect(w.params).toEqual({ from: "2025-01-01", to: "2025-12-31", category: "Dining'; DROP TABLE x; --", search: "%a'b%", notIn: "Groceries" });
  expect(whereOf({ category: "Uncategorised" }).sql).toContain("category IS NULL");
  expect(whereOf({ search: "zürich" }).params.search).toBe("*[zZ][üÜ][rR][iI][cC][hH]*");
});
