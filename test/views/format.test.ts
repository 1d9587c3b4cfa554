import { describe, expect, test } from "bun:test";
import { domIds, safeId, toolLabel } from "../../src/web/format.ts";

describe("ids and labels", () => {
  test("ids are safe in selectors", () => {
    expect(safeId("a b<c>\"d")).toBe("a_b_c__d");
    expect(domIds.block("t1", 2)).toBe("tb-t1-2");
    expect(domIds.tool("t1", "toolu_01A")).toBe("tool-t1-toolu_01A");
  });

  test("tool labels", () => {
    expect(toolLabel("spending_by_category")).toBe("Analysing spending by category…");
    expect(toolLabel("recategorise_transactions")).toBe("Preparing a recategorisation…");
    expect(toolLabel("mystery")).toBe("Running mystery…");
  });
});
