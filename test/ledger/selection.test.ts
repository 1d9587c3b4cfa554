import { Database } from "bun:sqlite";
import { expect, test } from "bun:test";
import { globContainsAnyCase, likeContains, whereOf } from "../../src/ledger/selection.ts";

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

test("category selections fold case and surrounding spaces, as the ledger does (SPEC §1 hygiene)", () => {
  const db = new Database(":memory:");
  db.run("CREATE TABLE transactions (id INTEGER PRIMARY KEY, date TEXT, merchant_name TEXT, raw_description TEXT, amount REAL, category TEXT)");
  const cats = ["Transport", "transport", " TRANSPORT ", null, "", "Dining"];
  cats.forEach((c, k) => db.run("INSERT INTO transactions VALUES (?, '2025-01-01', 'm', 'd', -10, ?)", [k + 1, c]));
  const ids = (sel: Parameters<typeof whereOf>[0]) => {
    const w = whereOf(sel);
    return (db.query(`SELECT id FROM transactions ${w.sql} ORDER BY id`).all(w.params as never) as { id: number }[]).map((r) => r.id);
  };
  expect(ids({ category: "Transport" })).toEqual([1, 2, 3]);
  expect(ids({ category: "Uncategorised" })).toEqual([4, 5]);
  expect(ids({ notIn: "Transport" })).toEqual([4, 5, 6]);
  expect(ids({ notIn: "Uncategorised" })).toEqual([1, 2, 3, 6]);
  db.close();
});
