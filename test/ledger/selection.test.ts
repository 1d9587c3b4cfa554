import { Database } from "bun:sqlite";
import { expect, test } from "bun:test";
import { registerSearchFunction } from "../../src/core/search-text.ts";
import { whereOf } from "../../src/ledger/selection.ts";

test("whereOf: user values are bound, never part of the SQL; malformed dates are never selected", () => {
  const w = whereOf({ from: "2025-01-01", to: "2025-12-31", category: "Dining'; DROP TABLE x; --", search: "a'b", notIn: "Groceries" });
  expect(w.sql).not.toContain("DROP");
  expect(w.sql).not.toContain("a'b");
  expect(w.sql).toContain("date(substr(date, 1, 10)) = substr(date, 1, 10)");
  expect(w.params).toEqual({ from: "2025-01-01", to: "2025-12-31", category: "Dining'; DROP TABLE x; --", search: "a'b", notIn: "Groceries" });
  expect(whereOf({ category: "Uncategorised" }).sql).toContain("category IS NULL");
});

test("search selections fold as the ledger's search does (SPEC §1: case, accents, ü = ue = u, ß = ss); % and _ are literal", () => {
  const db = new Database(":memory:");
  registerSearchFunction(db);
  db.run("CREATE TABLE transactions (id INTEGER PRIMARY KEY, date TEXT, merchant_name TEXT, raw_description TEXT, amount REAL, category TEXT)");
  const rows: [string | null, string][] = [
    ["Bäckerei Zürich", "KARTE 12"],
    [null, "ZUERICH HB SBB"],
    ["Zurich Versicherung", "Praemie"],
    ["Stadt", "Mahngebühr Strasse"],
    ["50% Rabatt", "SHOP_ONLINE"],
    ["Bauer", "Hof"],
  ];
  rows.forEach(([m, d], k) => db.run("INSERT INTO transactions VALUES (?, '2025-01-01', ?, ?, -10, 'Other')", [k + 1, m, d]));
  const ids = (search: string) => {
    const w = whereOf({ search });
    return (db.query(`SELECT id FROM transactions ${w.sql} ORDER BY id`).all(w.params as never) as { id: number }[]).map((r) => r.id);
  };
  // By hand: rows 1-3 hold Zürich, ZUERICH and Zurich; "Gebuehr" and "Gebühr" are row 4; "straße" = "strasse".
  for (const q of ["Zuerich", "Zürich", "Zurich", "ZURICH", "zÜrich"]) expect(ids(q)).toEqual([1, 2, 3]);
  expect(ids("Gebuehr")).toEqual([4]);
  expect(ids("gebühr")).toEqual([4]);
  expect(ids("straße")).toEqual([4]);
  expect(ids("prämie")).toEqual([3]);
  expect(ids("50%")).toEqual([5]);
  expect(ids("p_on")).toEqual([5]);
  expect(ids("shop_")).toEqual([5]);
  // The plain fold keeps the "e" of "ue" for substrings that start with it ("zu-er-ich", "bau-er").
  expect(ids("er")).toEqual([1, 2, 3, 6]);
  db.close();
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
