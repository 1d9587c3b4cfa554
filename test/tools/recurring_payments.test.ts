/**
 * recurring_payments' chart currency (SPEC §1: the main currency is the one with most
 * rows): two small EUR series (2 × 3 payments) against one long CHF series (12 payments).
 * Counting series would pick EUR; counting payments picks CHF.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { recurringPayments } from "../../src/tools/recurring_payments.ts";
import { createFixture, type Fixture, type FixtureRow } from "../fixtures/budget-fixture.ts";

const pay = (id: number, date: string, amount: number, merchant: string): FixtureRow => ({ id, date, description: `${merchant.toUpperCase()} ${id}`, amount, merchant, category: "Subscriptions" });
const months = (n: number) => Array.from({ length: n }, (_, k) => `2025-${String(k + 1).padStart(2, "0")}-05`);

let fx: Fixture;
beforeAll(() => {
  const rows = [
    ...months(12).map((d, k) => pay(1 + k, d, -20, "Streamio")), // CHF, monthly, 12 payments
    // EUR, monthly, 3 payments each, Oct–Dec (active at the data's end)
    ...months(12).slice(9).map((d, k) => pay(101 + k, d.replace("-05", "-01"), -9, "Cloudbox")),
    ...months(12).slice(9).map((d, k) => pay(201 + k, d.replace("-05", "-02"), -5, "Newsly")),
  ];
  fx = createFixture({ rows });
  const w = new Database(fx.path);
  w.run("UPDATE transactions SET currency = 'EUR' WHERE id > 100");
  w.close();
});
afterAll(() => fx.cleanup());

test("the chart shows the currency with most payments and names the rest", () => {
  const out = recurringPayments.run(fx.db, recurringPayments.schema.parse({ min_occurrences: 3 }));
  const chart = out.charts[0]!;
  expect(chart.currency).toBe("CHF");
  expect(chart.data.labels).toEqual(["Streamio"]);
  expect(chart.data.datasets[0]!.values).toEqual([240]);
  expect(chart.title).toEndWith("(CHF; EUR 168.00 not shown)");
});
