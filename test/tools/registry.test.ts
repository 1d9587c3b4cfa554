import { expect, test } from "bun:test";
import { ALL_TOOLS, READ_TOOLS, toolByName, toolGuide, toolInputSchema, toolLabel, toolsFor } from "../../src/tools/registry.ts";

test("READ_TOOLS holds the six low-risk analysis tools", () => {
  expect(READ_TOOLS.map((t) => t.name)).toEqual([
    "spending_by_category",
    "monthly_trend",
    "merchant_breakdown",
    "income_vs_spending",
    "search_transactions",
    "list_transactions",
  ]);
  for (const t of READ_TOOLS) {
    expect(t.risk).toBe("low");
    expect(t.description.length).toBeGreaterThan(100);
    // The model must know the UI draws the charts/tables (so it never draws text charts).
    expect(t.description).toMatch(/The UI (draws|shows)/);
  }
});

test("toolByName", () => {
  expect(toolByName("monthly_trend")?.name).toBe("monthly_trend");
  expect(toolByName("nope")).toBeUndefined();
});

test("toolInputSchema: a JSON schema object without $schema, with the properties", () => {
  const expected: Record<string, { props: string[]; required?: string[] }> = {
    spending_by_category: { props: ["year", "month"] },
    monthly_trend: { props: ["category", "year"] },
    merchant_breakdown: { props: ["category", "year", "month", "top_n"], required: ["category"] },
    income_vs_spending: { props: ["year"] },
    search_transactions: { props: ["search", "category", "year", "month"], required: ["search"] },
    list_transactions: { props: ["search", "category", "year", "month", "limit"] },
  };
  for (const t of READ_TOOLS) {
    const s = toolInputSchema(t);
    expect(s).not.toHaveProperty("$schema");
    expect(s.type).toBe("object");
    expect(s.additionalProperties).toBe(false);
    expect(Object.keys(s.properties ?? {})).toEqual(expected[t.name].props);
    expect(s.required).toEqual(expected[t.name].required);
    // Compact: no regex patterns or date formats spending tokens.
    expect(JSON.stringify(s)).not.toContain("pattern");
  }
  const year = toolInputSchema(toolByName("spending_by_category")!).properties!.year;
  expect(year).toMatchObject({ type: "integer", minimum: 1900, maximum: 2200 });
  const topN = toolInputSchema(toolByName("merchant_breakdown")!).properties!.top_n;
  expect(topN).toMatchObject({ type: "integer", minimum: 1, maximum: 50, default: 15 });
  const limit = toolInputSchema(toolByName("list_transactions")!).properties!.limit;
  expect(limit).toMatchObject({ type: "integer", minimum: 1, maximum: 500, default: 50 });
});

test("every tool carries its label and prompt hint; the write tool is left out read-only", () => {
  expect(ALL_TOOLS.map((t) => t.name)).toEqual([...READ_TOOLS.map((t) => t.name), "recategorise_transactions"]);
  expect(toolsFor({ readOnly: true })).toEqual(READ_TOOLS);
  expect(toolsFor({ readOnly: false })).toEqual(ALL_TOOLS);
  for (const t of ALL_TOOLS) {
    expect(t.label).toEndWith("…");
    expect(t.promptHint.length).toBeGreaterThan(20);
  }
  expect(toolLabel("spending_by_category")).toBe("Analysing spending by category…");
  expect(toolLabel("recategorise_transactions")).toBe("Preparing a recategorisation…");
  expect(toolLabel("mystery")).toBe("Running mystery…");
  const guide = toolGuide().split("\n");
  expect(guide).toHaveLength(ALL_TOOLS.length);
  expect(guide[0]).toBe("- spending_by_category: where the money went in a year or month; the biggest categories.");
  expect(guide.at(-1)).toStartWith("- recategorise_transactions (when available): move matching transactions");
});
