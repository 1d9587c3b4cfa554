/**
 * The argument handling every read tool shares (SPEC §1, §2): the period (year/month or
 * from/to, never both; month needs year; real YYYY-MM-DD dates; from ≤ to; open ends), the
 * currency (any letter case; an unknown one lists those present), category names (exact
 * first, unique case-insensitive, ambiguous/unknown errors), and the strict schemas.
 */
import { describe, expect, test } from "bun:test";
import { READ_TOOLS, toolInputSchema } from "../../src/tools/registry.ts";
import type { ReadTool } from "../../src/tools/types.ts";
import { extended, IBAN_ACCOUNT, fixtures, inputError, run, schemaRejects } from "./support.ts";

const { db } = fixtures();

/** Each read tool with the least input it needs (compare_periods takes its periods as a and b). */
const BASE: Record<string, Record<string, unknown>> = {
  search_transactions: { search: "a" },
  spending_breakdown: { group_by: ["category"] },
};
// Every read tool that takes a period of its own (from/to): compare_periods takes two (a and b), budget_status one month
// (SPEC §2's table and §8: `year?`, `month?` only) and calculate reads no data (test/tools/calculate.test.ts).
const PERIOD_TOOLS = READ_TOOLS.filter((t) => "from" in (toolInputSchema(t).properties ?? {}));
const budgetStatus = READ_TOOLS.find((t) => t.name === "budget_status")!;
const compare = READ_TOOLS.find((t) => t.name === "compare_periods")!;
const call = (t: ReadTool, extra: Record<string, unknown>) => run(t, db, { ...BASE[t.name], ...extra });

describe("budget_status: one month", () => {
  test("the JSON schema offers exactly year and month; from, to, currency and unknown keys are rejected", () => {
    expect(Object.keys(toolInputSchema(budgetStatus).properties ?? {}).sort()).toEqual(["month", "year"]);
    for (const extra of [{ from: "2025-01-01" }, { to: "2025-01-31" }, { currency: "CHF" }, { period: "last month" }, { year: 2025, month: 13 }]) {
      expect(schemaRejects(budgetStatus, extra)).toBe(true);
    }
  });
});

describe.each(PERIOD_TOOLS.map((t) => [t.name, t] as const))("%s: period and currency arguments", (_name, t) => {
  test("the JSON schema offers year, month, from, to and currency", () => {
    const props = Object.keys(toolInputSchema(t).properties ?? {});
    for (const k of ["year", "month", "from", "to", "currency"]) expect(props).toContain(k);
  });

  test("mixed period forms are an error that says so", () => {
    for (const extra of [{ year: 2025, from: "2025-01-01" }, { year: 2025, month: 3, to: "2025-03-31" }, { month: 3, from: "2025-01-01" }]) {
      expect(inputError(() => call(t, extra)).message).toBe(
        'Give either year/month or from/to, not both: e.g. {"year": 2025} or {"from": "2025-01-01", "to": "2025-03-31"}.',
      );
    }
  });

  test("month without year", () => {
    expect(inputError(() => call(t, { month: 3 })).message).toBe('month requires year: pass both, e.g. {"year": 2025, "month": 3}.');
  });

  test("bad dates: 2025-13-01, 2025-02-30, 2025-1-1, 14.03.2025", () => {
    expect(inputError(() => call(t, { from: "2025-13-01" })).message).toBe('from must be a real date written YYYY-MM-DD, e.g. 2025-03-01; got "2025-13-01".');
    expect(inputError(() => call(t, { to: "2025-02-30" })).message).toBe('to must be a real date written YYYY-MM-DD, e.g. 2025-03-01; got "2025-02-30".');
    expect(inputError(() => call(t, { from: "2025-1-1" })).message).toBe('from must be a real date written YYYY-MM-DD, e.g. 2025-03-01; got "2025-1-1".');
    expect(inputError(() => call(t, { to: "14.03.2025" })).message).toBe('to must be a real date written YYYY-MM-DD, e.g. 2025-03-01; got "14.03.2025".');
    // 2024 is a leap year
    expect(() => call(t, { from: "2024-02-29", to: "2024-03-01" })).not.toThrow();
  });

  test("from after to", () => {
    expect(inputError(() => call(t, { from: "2025-06-01", to: "2025-05-31" })).message).toBe("from (2025-06-01) is after to (2025-05-31).");
    expect(() => call(t, { from: "2025-06-01", to: "2025-06-01" })).not.toThrow();
  });

  test("either end may be open", () => {
    expect(() => call(t, { from: "2025-06-01" })).not.toThrow();
    expect(() => call(t, { to: "2024-06-30" })).not.toThrow();
  });

  test("schema: month 0/13, a fractional year, unknown keys rejected", () => {
    expect(schemaRejects(t, { ...BASE[t.name], year: 2025, month: 13 })).toBe(true);
    expect(schemaRejects(t, { ...BASE[t.name], year: 2025, month: 0 })).toBe(true);
    expect(schemaRejects(t, { ...BASE[t.name], year: 2025.5 })).toBe(true);
    expect(schemaRejects(t, { ...BASE[t.name], year: "2025" })).toBe(true);
    expect(schemaRejects(t, { ...BASE[t.name], period: "last month" })).toBe(true);
  });

  test("currency: any letter case selects it; an unknown one lists those present", () => {
    const upper = call(t, { currency: "EUR", from: "2025-01-01" });
    for (const c of ["eur", "Eur", "eUR"]) {
      const out = call(t, { currency: c, from: "2025-01-01" });
      expect(out).toEqual(upper);
    }
    expect(inputError(() => call(t, { currency: "GBP" })).message).toBe('Unknown currency "GBP". Currencies in the data: CHF, EUR, USD.');
  });
});

describe("compare_periods: period arguments per side", () => {
  test("mixed forms, month without year, bad dates and from > to name the side", () => {
    const run2 = (a: unknown, b: unknown = { year: 2024 }) => run(compare, db, { a, b });
    expect(inputError(() => run2({ year: 2025, to: "2025-03-31" })).message).toStartWith("a: Give either year/month or from/to, not both");
    expect(inputError(() => run2({ year: 2025 }, { month: 1 })).message).toBe('b: month requires year: pass both, e.g. {"year": 2025, "month": 1}.');
    expect(inputError(() => run2({ from: "2025-13-01", to: "2025-12-31" })).message).toBe(
      'a: from must be a real date written YYYY-MM-DD, e.g. 2025-03-01; got "2025-13-01".',
    );
    expect(inputError(() => run2({ from: "2025-02-01", to: "2025-01-31" })).message).toBe("a: from (2025-02-01) is after to (2025-01-31).");
    expect(inputError(() => run2({})).message).toBe('a names no period: give {"year": …} or {"from": …, "to": …}.');
    expect(schemaRejects(compare, { a: { year: 2025 } })).toBe(true);
    expect(schemaRejects(compare, { a: { year: 2025 }, b: "2024" })).toBe(true);
  });

  test("labels: year, month, from…to, open ends", () => {
    const names = (a: unknown, b: unknown) => run(compare, db, { a, b }).charts[0]!.data.datasets.map((d) => d.name);
    expect(names({ year: 2025, month: 6 }, { year: 2024, month: 6 })).toEqual(["2025-06", "2024-06"]);
    expect(names({ year: 2024 }, { year: 2025 })).toEqual(["2024", "2025"]);
    expect(names({ from: "2025-01-01", to: "2025-03-31" }, { from: "2025-04-01", to: "2025-06-30" })).toEqual(["2025-01-01…2025-03-31", "2025-04-01…2025-06-30"]);
    expect(names({ to: "2024-12-31" }, { from: "2025-01-01" })).toEqual(["…2024-12-31", "2025-01-01…"]);
  });
});

describe("category arguments (every tool that takes one)", () => {
  const withCategory: [ReadTool, Record<string, unknown>][] = [
    [READ_TOOLS.find((t) => t.name === "monthly_trend")!, {}],
    [READ_TOOLS.find((t) => t.name === "merchant_breakdown")!, {}],
    [READ_TOOLS.find((t) => t.name === "search_transactions")!, { search: "a" }],
    [READ_TOOLS.find((t) => t.name === "list_transactions")!, {}],
    [compare, { a: { year: 2024 }, b: { year: 2025 } }],
    [READ_TOOLS.find((t) => t.name === "review_transactions")!, {}],
    [READ_TOOLS.find((t) => t.name === "unusual_transactions")!, { year: 2025 }],
  ];
  test.each(withCategory.map(([t, base]) => [t.name, t, base] as const))("%s: any letter case and spaces, unknown", (_n, t, base) => {
    const r = (category: string) => run(t, db, { ...base, category });
    // Names equal ignoring case are one category (SPEC §1 hygiene): every spelling gives the same answer.
    expect(r("transport")).toEqual(r("Transport"));
    expect(r(" TRANSPORT ")).toEqual(r("Transport"));
    expect(r("groceries")).toEqual(r("Groceries"));
    expect(r("HOUSEHOLD")).toEqual(r("Household"));
    expect(inputError(() => r("Petrol")).message).toBe(
      'Unknown category "Petrol". Valid categories: Dining, Fees, Groceries, Healthcare, Household, Housing, Income, Insurance, ' +
        "Investments, Other, Shopping, Subscriptions, Transfers, Transport, Travel, Uncategorised.",
    );
  });

  test("`transport` rows are Transport, spelt as the categories table spells it", () => {
    const m = READ_TOOLS.find((t) => t.name === "list_transactions")!;
    // SBB [70–74] and Mobility [75] [76] (stored as `transport`), newest first
    const rows = run(m, db, { category: "transport" }).tables![0]!.rows;
    expect(rows.map((r) => r[2])).toEqual(["Mobility", "Mobility", "SBB", "SBB", "SBB", "SBB", "SBB"]);
    expect(new Set(rows.map((r) => r[4]))).toEqual(new Set(["Transport"]));
  });
});

describe("account argument (every read tool with a period)", () => {
  const ext = extended();
  const accounts = `Accounts in the data: ${IBAN_ACCOUNT}, Visa 4417.`;
  test.each(PERIOD_TOOLS.map((t) => [t.name, t] as const))("%s: an unknown account lists the accounts; without an account column it says so", (_n, t) => {
    expect(inputError(() => run(t, ext.db, { ...BASE[t.name], account: "Postfinance" })).message).toBe(`Unknown account "Postfinance". ${accounts}`);
    expect(inputError(() => run(t, db, { ...BASE[t.name], account: "Visa 4417" })).message).toBe(
      "This database records no accounts (they come with imports): omit account.",
    );
    // Any letter case and surrounding spaces select the account.
    expect(run(t, ext.db, { ...BASE[t.name], account: " visa 4417" })).toEqual(run(t, ext.db, { ...BASE[t.name], account: "Visa 4417" }));
  });
  test("only that account's rows count", () => {
    const sbc = READ_TOOLS.find((t) => t.name === "spending_by_category")!;
    // Visa 2026: Shopping 1'450, Groceries 736.60, Dining 162.50, Subscriptions 129.50 = 2'478.60 (the rent is on the IBAN)
    const out = run(sbc, ext.db, { year: 2026, account: "Visa 4417" });
    expect(out.charts[0]!.data).toEqual({ labels: ["Shopping", "Groceries", "Dining", "Subscriptions"], datasets: [{ name: "Spending", values: [1450, 736.6, 162.5, 129.5] }] });
    expect(compare.schema().safeParse({ a: { year: 2025 }, b: { year: 2026 }, account: "Visa 4417" }).success).toBe(true);
  });
});
