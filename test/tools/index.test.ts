import { expect, test } from "bun:test";
import { readTools, toolByName, toolInputSchema } from "../../src/tools/index.ts";

test("readTools holds the six low-risk analysis tools", () => {
  expect(readTools.map((t) => t.name)).toEqual([
    "spending_by_category",
    "monthly_trend",
    "merchant_breakdown",
    "income_vs_spending",
    "search_transactions",
    "list_transactions",
  ]);
  for (const t of readTools) {
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
  for (const t of readTools) {
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
