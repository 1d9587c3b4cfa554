import { afterAll, describe, expect, test } from "bun:test";
import { listTransactions } from "../../src/tools/list_transactions.ts";
import { searchTransactions } from "../../src/tools/search_transactions.ts";
import { ToolInputError } from "../../src/core/errors.ts";
import { createFixture, runTool } from "../fixtures/budget-fixture.ts";

const fx = createFixture();
const loose = createFixture({ loose: true });
afterAll(() => {
  fx.cleanup();
  loose.cleanup();
});
const run = (input: unknown, db = fx.db) => runTool(searchTransactions, db, input);

describe("search_transactions", () => {
  test("merchant or description, case-insensitive; variants and monthly Out chart", () => {
    // "mIgRoS" matches #1 50, #5 70, #11 80, #12 20 (merchant "MIGROS"), #17 90, #27 64.2, #34 100
    // out 474.20 over 7, average 67.742… → 67.74; nothing in; 2024-01-05 … 2025-04-11
    const out = run({ search: "mIgRoS" });
    expect(out.summary).toContain('Transactions matching "mIgRoS" in all categories');
    expect(out.summary).toContain("CHF: 7 transactions from 2024-01-05 to 2025-04-11.");
    expect(out.summary).toContain(": 7 matches.");
    expect(out.summary).toContain("Money out: CHF 474.20 in 7 transactions (average CHF 67.74)");
    expect(out.summary).toContain("Money in: none.");
    expect(out.summary).toContain("Merchant names: Migros (6), MIGROS (1).");
    expect(out.summary).toContain("Categories: Groceries (7).");
    expect(out.charts).toHaveLength(1);
    const chart = out.charts[0];
    expect(chart!.type).toBe("bar");
    // months from the first to the last match, gaps as zero; 2025-01 = 80 + 20
    expect(chart!.data.labels).toHaveLength(16);
    expect(chart!.data.labels[0]).toBe("2024-01");
    expect(chart!.data.labels[15]).toBe("2025-04");
    expect(chart!.data.datasets).toEqual([{ name: "Out", values: [50, 70, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 100, 90, 64.2, 100] }]);
  });

  test("finds Transfers and reports money in separately (In dataset second)", () => {
    // "savings": #4 -1000 (2024-01), #10 +500 (2024-12), #16 -1500 (2025-01), #30 +300 (2025-03)
    const out = run({ search: "savings" });
    expect(out.summary).toContain("4 transactions from 2024-01-28 to 2025-03-28");
    expect(out.summary).toContain("Money out: CHF 2'500.00 in 2 transactions (average CHF 1'250.00)");
    expect(out.summary).toContain("Money in: CHF 800.00 in 2 transactions.");
    expect(out.summary).toContain("Categories: Transfers (4).");
    const { labels, datasets } = out.charts[0]!.data;
    expect(labels).toHaveLength(15); // 2024-01 … 2025-03
    expect(datasets.map((d) => d.name)).toEqual(["Out", "In"]);
    expect(datasets[0]!.values).toEqual([1000, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1500, 0, 0]);
    expect(datasets[1]!.values).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 500, 0, 0, 300]);
  });

  test("finds the salary: money in only", () => {
    // "acme": #3 5000, #7 5000, #15 5200, #21 5200, #29 5200 = 25,600 in 5
    const out = run({ search: "acme", year: 2025 });
    expect(out.summary).toContain("Money out: none.");
    // 2025 only: 5200 * 3 = 15,600 in 3
    expect(out.summary).toContain("Money in: CHF 15'600.00 in 3 transactions.");
    expect(out.charts[0]!.data.datasets).toEqual([
      { name: "Out", values: [0, 0, 0] },
      { name: "In", values: [5200, 5200, 5200] },
    ]);
  });

  test("% and _ are literal characters", () => {
    // "50%" → only #25 "50% OFF SALE" (as a wildcard it would also match #26 "BAKERY 5000 ZURICH")
    expect(run({ search: "50%" }).summary).toContain("Money out: CHF 12.00 in 1 transaction (average CHF 12.00)");
    // "shop_online" → only #23 (as a wildcard _ would also match #24 "SHOPXONLINE")
    expect(run({ search: "shop_online" }).summary).toContain("Money out: CHF 33.33 in 1 transaction");
    // "%" → #9 "100% BIO LADEN" 25.25 and #25 12 = 37.25 in 2
    expect(run({ search: "%" }).summary).toContain("Money out: CHF 37.25 in 2 transactions");
    // "_" → #23 only
    expect(run({ search: "_" }).summary).toContain(": 1 transaction from 2025-03-01 to 2025-03-01");
    // a backslash is literal too, and matches nothing here
    expect(run({ search: "\\" }).charts).toEqual([]);
  });

  test("category and period narrow the search", () => {
    // "krone" in dining 2025: #20 150, #31 45 = 195 in 2
    const out = run({ search: "krone", category: "dining", year: 2025 });
    expect(out.summary).toContain('matching "krone" in Dining for 2025');
    expect(out.summary).toContain("Money out: CHF 195.00 in 2 transactions (average CHF 97.50)");
    // "migros" 2025-01: #11 80 + #12 20
    const jan = run({ search: "migros", year: 2025, month: 1 });
    expect(jan.summary).toContain("Money out: CHF 100.00 in 2 transactions");
    expect(jan.charts[0]!.data).toEqual({ labels: ["2025-01"], datasets: [{ name: "Out", values: [100] }] });
  });

  test("no match: clear summary and no chart", () => {
    const out = run({ search: "zzz", year: 2025 });
    expect(out.summary).toStartWith('No transactions matching "zzz" in all categories for 2025.');
    expect(out.charts).toEqual([]);
  });

  test("the match count equals what list_transactions lists before its limit", () => {
    for (const input of [{ search: "migros" }, { search: "savings" }, { search: "e", year: 2025 }, { search: "%" }]) {
      const n = Number(/: (\d+) match(es)?\./.exec(run(input).summary)?.[1]);
      const listed = runTool(listTransactions, fx.db, { ...input, limit: 500 }).tables![0]!.rows.length;
      expect(listed).toBe(n);
    }
  });

  test("input errors", () => {
    expect(() => run({ search: "x", month: 3 })).toThrow("month requires year");
    expect(() => run({ search: "x", category: "Food" })).toThrow(ToolInputError);
    const s = searchTransactions.schema;
    expect(s.safeParse({}).success).toBe(false);
    expect(s.safeParse({ search: "" }).success).toBe(false);
    expect(s.safeParse({ search: "   " }).success).toBe(false);
    expect(s.safeParse({ search: "x".repeat(201) }).success).toBe(false);
    expect(s.safeParse({ search: 5 }).success).toBe(false);
    expect(s.safeParse({ search: "x", limit: 5 }).success).toBe(false);
    expect(s.parse({ search: "  coop " }).search).toBe("coop");
  });

  test("case-insensitive beyond ASCII (umlauts), where LIKE alone would not fold", () => {
    const swiss = createFixture({
      rows: [
        { id: 1, date: "2025-01-02", description: "BÄCKEREI JUNG ZÜRICH", amount: -6.5, merchant: "Bäckerei Jung", category: "Groceries" },
        { id: 2, date: "2025-01-03", description: "ZURICH INSURANCE", amount: -100, merchant: "Zurich", category: "Other" },
        { id: 3, date: "2025-01-04", description: "zürich* kiosk", amount: -3, merchant: "Kiosk", category: "Groceries" },
      ],
    });
    try {
      // "zürich" → #1 (ZÜRICH) and #3 (zürich), not #2 (ZURICH without umlaut): 6.50 + 3 = 9.50 in 2
      expect(run({ search: "Zürich" }, swiss.db).summary).toContain("Money out: CHF 9.50 in 2 transactions");
      expect(run({ search: "bäckerei" }, swiss.db).summary).toContain("Money out: CHF 6.50 in 1 transaction");
      // * and ? are literal in the GLOB form too: "zürich*" → #3 only
      expect(run({ search: "ZÜRICH*" }, swiss.db).summary).toContain("Money out: CHF 3.00 in 1 transaction");
      expect(run({ search: "zür?ch" }, swiss.db).charts).toEqual([]);
    } finally {
      swiss.cleanup();
    }
  });

  test("loose database: NULL merchant matches by description", () => {
    // #35 "CARD PAYMENT 7781", NULL merchant and category, -19.90
    const out = run({ search: "card payment" }, loose.db);
    expect(out.summary).toContain("Money out: CHF 19.90 in 1 transaction");
    expect(out.summary).toContain("Merchant names: (unknown merchant) (1).");
    expect(out.summary).toContain("Categories: Uncategorised (1).");
  });
});
