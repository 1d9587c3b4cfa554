import { expect, test } from "bun:test";
import { ALL_TOOLS, READ_TOOLS, toolByName, toolGuide, toolInputSchema, toolsFor } from "../../src/tools/registry.ts";

test("READ_TOOLS holds the low-risk tools: the analysis tools (budget_status since issue 13, three more in round 3, foreign_spending in round 4) and calculate (issue 22)", () => {
  expect(READ_TOOLS.map((t) => t.name)).toEqual([
    "spending_by_category",
    "monthly_trend",
    "merchant_breakdown",
    "income_vs_spending",
    "search_transactions",
    "list_transactions",
    "compare_periods",
    "recurring_payments",
    "review_transactions",
    "budget_status",
    "spending_breakdown",
    "data_coverage",
    "unusual_transactions",
    "foreign_spending",
    "calculate",
  ]);
  for (const t of READ_TOOLS) {
    expect(t.risk).toBe("low");
    expect(t.description.length).toBeGreaterThan(100);
    // The model must know the UI draws the charts/tables (so it never draws text charts); calculate shows none.
    if (t.name !== "calculate") expect(t.description).toMatch(/The UI (draws|shows)/);
  }
});

test("toolByName", () => {
  expect(toolByName("monthly_trend")?.name).toBe("monthly_trend");
  expect(toolByName("nope")).toBeUndefined();
});

/** The period, currency and account arguments every read tool takes (SPEC §2). */
const PERIOD = ["year", "month", "from", "to", "currency", "account"];

test("toolInputSchema: a JSON schema object without $schema, with the properties", () => {
  const expected: Record<string, { props: string[]; required?: string[] }> = {
    spending_by_category: { props: [...PERIOD] },
    monthly_trend: { props: ["category", "categories", ...PERIOD] },
    merchant_breakdown: { props: ["category", "top_n", ...PERIOD] },
    income_vs_spending: { props: [...PERIOD] },
    search_transactions: { props: ["search", "category", "min_amount", "max_amount", "direction", ...PERIOD], required: ["search"] },
    list_transactions: { props: ["search", "category", "min_amount", "max_amount", "direction", ...PERIOD, "sort", "limit"] },
    compare_periods: { props: ["a", "b", "category", "by", "currency", "account"], required: ["a", "b"] },
    recurring_payments: { props: ["min_occurrences", ...PERIOD] },
    review_transactions: { props: ["category", "max_confidence", "limit", ...PERIOD] },
    // SPEC §8: a month, not a period; each budget is in its own currency.
    budget_status: { props: ["year", "month"] },
    foreign_spending: { props: ["original_currency", "category", ...PERIOD] },
    calculate: { props: ["expression"], required: ["expression"] },
    spending_breakdown: {
      props: ["group_by", "metric", "categories", "exclude_categories", "search", "exclude_search", "weekdays", "min_amount", "max_amount", "direction", "sort", "top_n", ...PERIOD],
      required: ["group_by"],
    },
    data_coverage: { props: [...PERIOD] },
    unusual_transactions: { props: ["kind", "category", "limit", ...PERIOD] },
  };
  for (const t of READ_TOOLS) {
    const s = toolInputSchema(t);
    expect(s).not.toHaveProperty("$schema");
    expect(s.type).toBe("object");
    expect(s.additionalProperties).toBe(false);
    expect(Object.keys(s.properties ?? {})).toEqual(expected[t.name]!.props);
    expect(s.required).toEqual(expected[t.name]!.required);
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
  // Read tools first, then the write tools (the guide and tool --list read in that order).
  const firstWrite = ALL_TOOLS.findIndex((t) => t.risk === "high");
  expect(ALL_TOOLS.slice(0, firstWrite)).toEqual([...READ_TOOLS]);
  expect(ALL_TOOLS.slice(firstWrite).every((t) => t.risk === "high")).toBe(true);
  expect(ALL_TOOLS.slice(firstWrite).map((t) => t.name)).toEqual(["recategorise_transactions", "set_budget", "manage_categories"]);
  expect(toolsFor({ readOnly: true })).toEqual(READ_TOOLS);
  expect(toolsFor({ readOnly: false })).toEqual(ALL_TOOLS);
  for (const t of ALL_TOOLS) {
    expect(t.label).toEndWith("…");
    expect(t.promptHint.length).toBeGreaterThan(20);
  }
  const guide = toolGuide().split("\n");
  expect(guide).toHaveLength(ALL_TOOLS.length);
  expect(guide[0]).toBe("- spending_by_category: where the money went in a period; the biggest categories and their shares.");
  expect(guide.at(-3)).toStartWith("- recategorise_transactions (when available): move matching transactions");
  expect(guide.at(-2)).toStartWith("- set_budget (when available): set, change or remove");
  expect(guide.at(-1)).toStartWith("- manage_categories (when available): add a category (name and description), rename one");
});
