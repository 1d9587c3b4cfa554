/**
 * Recent (formats/recent.ts): a value's result is computed once while it is remembered, the same result is given
 * back each time (null too), and everything is forgotten once `max` values are held.
 */
import { describe, expect, test } from "bun:test";
import { Recent } from "../../../src/import/formats/recent.ts";

describe("Recent", () => {
  test("computes each value once while remembered, null results included; forgets all at max", () => {
    const asked: string[] = [];
    const recent = new Recent((s: string) => (asked.push(s), s === "x" ? null : s.toUpperCase()), 3);
    expect(["a", "b", "a", "x", "x", "b"].map((s) => recent.get(s))).toEqual(["A", "B", "A", null, null, "B"]);
    // a, b and x are held (3 = max): "c" makes it forget them first, so "a" is computed again after it.
    expect([recent.get("c"), recent.get("a"), recent.get("c")]).toEqual(["C", "A", "C"]);
    expect(asked).toEqual(["a", "b", "x", "c", "a"]);
  });
});
