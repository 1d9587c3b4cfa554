import { describe, expect, test } from "bun:test";
import { domIds, safeId } from "../../src/ui/dom-ids.ts";

describe("ids", () => {
  test("ids are safe in selectors", () => {
    expect(safeId("a b<c>\"d")).toBe("a_b_c__d");
    expect(domIds.block("t1", 2)).toBe("tb-t1-2");
    expect(domIds.tool("t1", "toolu_01A")).toBe("tool-t1-toolu_01A");
  });
});
