/**
 * SPEC §1 "Time": a period after the data's end has no data yet, and every read tool says so instead of reporting
 * nothing found (uqa3 D9: on 2026-11-27 with statements up to 2026-10-30, "No spending found for 2026-11" from
 * spending_by_category and eight other tools, while compare_periods and data_coverage said "no data yet").
 */
import { expect, test } from "bun:test";
import { ALL_TOOLS } from "../../src/tools/registry.ts";
import type { ReadTool } from "../../src/tools/types.ts";
import { fixtures, on, run } from "./support.ts";

const { db } = fixtures();
const INPUTS: Record<string, object> = {
  search_transactions: { search: "migros" },
  list_transactions: {},
  spending_breakdown: { group_by: ["category"] },
};
const NAMES = [
  "spending_by_category", "monthly_trend", "merchant_breakdown", "income_vs_spending", "search_transactions", "list_transactions",
  "recurring_payments", "review_transactions", "spending_breakdown", "unusual_transactions", "foreign_spending",
];

test("a month after the data's end: 'no data yet' with the last day, from every read tool that finds nothing there", () => {
  const last = db.summary().lastDate!;
  const [y, m] = last.split("-").map(Number) as [number, number];
  const next = { year: m === 12 ? y + 1 : y, month: m === 12 ? 1 : m + 1 };
  const label = `${next.year}-${String(next.month).padStart(2, "0")}`;
  for (const name of NAMES) {
    const tool = ALL_TOOLS.find((t) => t.name === name) as ReadTool<any>;
    const summary = run(tool, db, { ...INPUTS[name], ...next }).summary;
    expect([name, summary]).toEqual([name, expect.stringContaining(`${label} has no data yet: the data ends ${last} (not zero; import the latest statements).`)]);
  }
  // A period inside the data that holds nothing keeps saying what the data covers.
  const inside = run(ALL_TOOLS.find((t) => t.name === "search_transactions") as ReadTool<any>, db, { search: "no such shop anywhere" }).summary;
  expect(inside).toContain(`The data covers ${db.summary().firstDate} to ${last}.`);
});

test("a period that has not begun says so (nothing to import yet), with today and the data's end", () => {
  // Review of uqa3 D9: {year: 2027} on 2026-11-27 advised "import the latest statements".
  const last = db.summary().lastDate!;
  const ctx = on("2026-11-27");
  for (const name of NAMES) {
    const tool = ALL_TOOLS.find((t) => t.name === name) as ReadTool<any>;
    const summary = run(tool, db, { ...INPUTS[name], year: 2027 }, ctx).summary;
    expect([name, summary]).toEqual([name, expect.stringContaining(`2027 has not begun yet (today is 2026-11-27): the data ends ${last}.`)]);
  }
});
