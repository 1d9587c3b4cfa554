import { afterAll, describe, expect, test } from "bun:test";
import { incomeVsSpending } from "../../src/tools/income_vs_spending.ts";
import { createFixture, runTool } from "../fixtures/budget-fixture.ts";

const fx = createFixture();
const loose = createFixture({ loose: true });
afterAll(() => {
  fx.cleanup();
  loose.cleanup();
});
const run = (input: unknown, db = fx.db) => runTool(incomeVsSpending, db, input);

describe("income_vs_spending", () => {
  test("year: per month income, spending and net; Transfers reported beside them, not counted", () => {
    // 2025, by hand:
    //   01 income #15 5200            spending 205.50   net 4,994.50  (transfer out #16 -1500 excluded)
    //   02 income #21 5200 + #18 40   spending 375.00   net 4,865.00  (the refund counts as income)
    //   03 income #29 5200            spending 972.53   net 4,227.47  (transfer in #30 +300 excluded)
    //   04 income 0                   spending 190.50   net  -190.50
    //   totals: income 15,640.00, spending 1,743.53, net 13,896.47; savings rate 13896.47 / 15640 = 88.85%
    //   Transfers (not spending): out #16 1500, in #30 300 → moved to own accounts, net 1,200.00
    const out = run({ year: 2025 });
    expect(out.charts).toHaveLength(1);
    const chart = out.charts[0];
    expect(chart!.type).toBe("grouped_bar");
    expect(chart!.data.labels).toEqual(["2025-01", "2025-02", "2025-03", "2025-04"]);
    expect(chart!.data.datasets).toEqual([
      { name: "Income", values: [5200, 5240, 5200, 0] },
      { name: "Spending", values: [205.5, 375, 972.53, 190.5] },
    ]);
    expect(chart!.title).toBe("Income vs spending, 2025 (CHF)");
    expect(out.summary).toStartWith("Income vs spending for 2025.");
    expect(out.summary).toContain("CHF: income CHF 15'640.00, spending CHF 1'743.53, net CHF 13'896.47, savings rate 88.9%.");
    expect(out.summary).toContain("Not counted as spending or income: moved to own accounts CHF 1'200.00 (Transfers, net).");
    expect(out.summary).toContain("2025-02 CHF 5'240.00 / CHF 375.00 / CHF 4'865.00");
    expect(out.summary).toContain("2025-04 CHF 0.00 / CHF 190.50 / CHF -190.50");
  });

  test("all dates: every month of the data, gaps as zeros", () => {
    // 2024-01 5000/80, 2024-02 5000/190, 2024-03 0/80.75, 2024-04…12 0/0 (the 2024-12 transfer in is excluded)
    // totals: income 10000 + 15640 = 25,640.00; spending 350.75 + 1743.53 = 2,094.28; net 23,545.72
    // Transfers: 1000 + 1500 out, 500 + 300 in → net 1,700.00 moved to own accounts
    const out = run({});
    const { labels, datasets } = out.charts[0]!.data;
    expect(labels).toHaveLength(16);
    expect(labels[0]).toBe("2024-01");
    expect(labels[15]).toBe("2025-04");
    expect(datasets[0]!.values).toEqual([5000, 5000, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5200, 5240, 5200, 0]);
    expect(datasets[1]!.values).toEqual([80, 190, 80.75, 0, 0, 0, 0, 0, 0, 0, 0, 0, 205.5, 375, 972.53, 190.5]);
    expect(out.summary).toContain("income CHF 25'640.00, spending CHF 2'094.28, net CHF 23'545.72");
    expect(out.summary).toContain("2024-12 CHF 0.00 / CHF 0.00 / CHF 0.00");
    expect(out.summary).toContain("moved to own accounts CHF 1'700.00 (Transfers, net)");
  });

  test("empty year: clear summary, no chart", () => {
    const out = run({ year: 2019 });
    expect(out.summary).toStartWith("No income or spending found for 2019.");
    expect(out.charts).toEqual([]);
  });

  test("schema", () => {
    const s = incomeVsSpending.schema;
    expect(s.safeParse({ year: "2025" }).success).toBe(false);
    expect(s.safeParse({ year: 2025, month: 13 }).success).toBe(false);
    expect(s.safeParse({ year: 2025, category: "Dining" }).success).toBe(false);
    expect(s.safeParse({ year: 2025, month: 1 }).success).toBe(true);
    expect(s.safeParse({}).success).toBe(true);
  });

  test("loose database: NULL-category rows are Uncategorised spending, money in included", () => {
    // 2025-04 gains #35 -19.90 (NULL category → Uncategorised), #36 -12 (Groceries, NULL merchant) and #37 +5
    // (NULL category → Uncategorised: a refund there reduces spending, it is not income):
    // income 0, spending 190.5 + 19.9 + 12 − 5 = 217.40, net -217.40.
    // Totals: income 15,640.00, spending 1,743.53 + 31.90 = 1,775.43 − 5 = 1,770.43, net 13,869.57
    const out = run({ year: 2025 }, loose.db);
    expect(out.charts[0]!.data.datasets).toEqual([
      { name: "Income", values: [5200, 5240, 5200, 0] },
      { name: "Spending", values: [205.5, 375, 972.53, 217.4] },
    ]);
    expect(out.summary).toContain("CHF: income CHF 15'640.00, spending CHF 1'770.43, net CHF 13'869.57");
    expect(out.summary).toContain("2025-04 CHF 0.00 / CHF 217.40 / CHF -217.40");
  });
});
