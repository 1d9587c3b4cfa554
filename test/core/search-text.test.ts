/**
 * The one search fold (SPEC §1, round 4): every search of the product and the user's rules
 * match with it. Expectations written from SPEC §1's examples and the German spellings.
 */
import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { foldPlain, foldUmlaut, matchesSearch, registerSearchFunction } from "../../src/core/search-text.ts";

describe("matchesSearch", () => {
  test("SPEC §1's examples: Zuerich, Zürich, Zurich and ZURICH find the same text; Gebuehr finds Gebühr", () => {
    for (const text of ["Zürich HB", "ZUERICH HB", "Zurich HB", "zu\u0308rich hb"]) {
      for (const q of ["Zuerich", "Zürich", "Zurich", "ZURICH", "zÜrIcH"]) expect(matchesSearch(text, q)).toBe(true);
    }
    expect(matchesSearch("Mahngebühr", "Gebuehr")).toBe(true);
    expect(matchesSearch("MAHNGEBUEHR", "gebühr")).toBe(true);
  });

  test("ä = ae = a, ö = oe = o, ß = ss, accents and case", () => {
    expect(matchesSearch("Bäckerei", "baeckerei")).toBe(true);
    expect(matchesSearch("Baeckerei", "bäckerei")).toBe(true);
    expect(matchesSearch("Höheweg", "hoeheweg")).toBe(true);
    expect(matchesSearch("Straße 5", "strasse")).toBe(true);
    expect(matchesSearch("STRASSE 5", "straße")).toBe(true);
    expect(matchesSearch("Café Crème", "cafe creme")).toBe(true);
    expect(matchesSearch("CAFE", "café")).toBe(true);
  });

  test("a plain substring: % and _ are ordinary; the plain fold still finds substrings starting at the e of ue", () => {
    expect(matchesSearch("50% RABATT", "0% r")).toBe(true);
    expect(matchesSearch("SHOP_ONLINE", "p_o")).toBe(true);
    expect(matchesSearch("SHOPXONLINE", "p_o")).toBe(false);
    expect(matchesSearch("Bauer", "er")).toBe(true);
    expect(matchesSearch("Bauer", "baur")).toBe(true);
    expect(matchesSearch("Migros", "coop")).toBe(false);
    expect(matchesSearch("anything", "")).toBe(true);
  });

  test("the two folds", () => {
    expect(foldPlain("Zürich Straße ÆON")).toBe("zurich strasse aeon");
    expect(foldUmlaut(foldPlain("Zuerich Goethe"))).toBe("zurich gothe");
    expect(foldUmlaut("abc")).toBe("abc");
  });
});

describe("search_matches in SQL", () => {
  test("agrees with matchesSearch, skips NULL texts and matches when any text does", () => {
    const db = new Database(":memory:");
    registerSearchFunction(db);
    const q = (sql: string, ...p: (string | null)[]) => (db.query(sql).get(...p) as { v: number }).v;
    expect(q("SELECT search_matches(?, ?) AS v", "zuerich", "Zürich")).toBe(1);
    expect(q("SELECT search_matches(?, ?, ?) AS v", "gebühr", null, "MAHNGEBUEHR")).toBe(1);
    expect(q("SELECT search_matches(?, ?, ?) AS v", "coop", "Migros", null)).toBe(0);
    // A new term in the same statement's connection folds afresh (the per-term memo is reset).
    expect(q("SELECT search_matches(?, ?) AS v", "migros", "Migros")).toBe(1);
    db.close();
  });
});
