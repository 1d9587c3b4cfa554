/**
 * The rows a figure's link opens, on the demo data (src/ledger/demo, seeded as the app seeds it), against the
 * Transactions page's own totals (SPEC §11.1 drill-down): a link is given only when its rows total (or count) exactly
 * the figure. Expected counts are the tool's own summary (quoted in each test), which counts the rows itself.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeDemoDb } from "../../src/ledger/demo/generator.ts";
import { openBudgetDb } from "../../src/ledger/open.ts";
import type { BudgetDb } from "../../src/ledger/reader.ts";
import { READ_TOOLS } from "../../src/tools/registry.ts";
import { createTurnFigures } from "../../src/figures/turn.ts";
import { callPeriods } from "../../src/tools/query/period.ts";
import { figureRowsLinks } from "../../src/transactions/link.ts";
import { parseTransactionQuery } from "../../src/transactions/query.ts";
import { transactionsPage } from "../../src/transactions/listing.ts";

let dir: string;
let db: BudgetDb;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "figure-rows-demo-"));
  writeDemoDb({ out: join(dir, "demo.db") });
  db = openBudgetDb({ path: join(dir, "demo.db"), explicit: true, notSpending: ["Transfers", "Investments"] });
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The figures of an answer checked against the results of these read tool calls. */
function checked(calls: [string, Record<string, unknown>][], answer: string) {
  const t = createTurnFigures({ vocabulary: db.ledger(), periods: (i) => callPeriods(i, db.ledger()), figureKind: () => undefined });
  calls.forEach(([name, input], i) => {
    const tool = READ_TOOLS.find((x) => x.name === name)!;
    t.record({ id: `toolu_${i}`, name, input }, tool.run(db, tool.schema().parse(input) as never, { budgets: { list: () => [] }, contributions: { counterparties: () => [] }, now: () => new Date("2026-11-02T12:00:00Z") }));
  });
  return t.check(answer, "");
}
const pageOf = (href: string) => transactionsPage(db, parseTransactionQuery(new URL(href, "http://x").searchParams));

test("one merchant's count among a search's results links to that merchant's rows the search found, not to all of them (review: 287 → 322 rows)", () => {
  // The summary: "322 matches … Merchant names: Migros (287), Migros Restaurant (35)".
  const [migros, restaurant, all] = checked([["search_transactions", { search: "migros", year: 2024 }]], "Migros had 287 payments and Migros Restaurant 35, of 322 in all.");
  expect([migros!.status, restaurant!.status, all!.status]).toEqual(["grounded", "grounded", "grounded"]);
  const counts = [migros!, restaurant!, all!].map((f) => {
    const [link] = figureRowsLinks(f);
    return link && pageOf(link.href).totalRows;
  });
  expect(counts).toEqual([287, 35, 322]);
});

test("the count of all a search found links to all of them, the search written as a merchant's name (\"Migros\") included (926 matches linked to 839 Migros rows)", () => {
  // The summary: 'Transactions matching "Migros" in all categories for 2024: 322 matches. … Merchant names: Migros (287), …'.
  const [all, migros] = checked([["search_transactions", { search: "Migros", year: 2024 }]], "The search found 322 transactions, 287 of them at Migros.");
  expect([all!.status, migros!.status]).toEqual(["grounded", "grounded"]);
  expect([all!, migros!].map((f) => figureRowsLinks(f).map((l) => pageOf(l.href).totalRows))).toEqual([[322], [287]]);
});

test("income_vs_spending: income links to the Income rows, whose net is it; spending (all spending categories at once) has no link (review: every spending value linked to category=Income)", () => {
  // The summary for 2025: "CHF: income CHF 213'816.77, … invested CHF 11'460.00 (Investments, net) … Per month (income /
  // spending / net): 2025-01 CHF 17'078.65 / CHF 11'446.19 / CHF 5'632.46; 2025-02 CHF 16'927.02 / CHF 13'853.90 / …";
  // the chart's Income and Spending series hold the same monthly values. No household contributions on the demo data.
  const figures = checked(
    [["income_vs_spending", { year: 2025 }]],
    "In January 2025 income was CHF 17'078.65 and spending CHF 11'446.19; in February spending was CHF 13'853.90. Income for the year: CHF 213'816.77; invested CHF 11'460.00.",
  );
  expect(figures.map((f) => f.status)).toEqual(["grounded", "grounded", "grounded", "grounded", "grounded"]);
  const nets = figures.map((f) => {
    const links = figureRowsLinks(f);
    return links.length ? links.map((l) => Math.round(pageOf(l.href).totals.find((t) => t.currency === "CHF")!.net * 100)) : null;
  });
  expect(nets).toEqual([[1707865], null, null, [21381677], [-1146000]]);
});

test("a listing of money out: its count links to the money-out rows it counted, the direction kept (review: 2'345 → 2'423 rows)", () => {
  // The summary: "Money out in all categories for 2025, largest amount first (negative = money out): showing 10 of 2'345."
  const [f] = checked([["list_transactions", { direction: "out", year: 2025, sort: "amount", limit: 10 }]], "There were 2'345 payments out in 2025.");
  expect(f!.status).toBe("grounded");
  const links = figureRowsLinks(f!);
  expect(links.map((l) => pageOf(l.href).totalRows)).toEqual([2345]);
});

test("a listing of amounts between bounds: no link, since the page's link would not carry them and its rows would be more", () => {
  // The summary counts only the payments of CHF 1'000 or more; a link without the bound would open every payment of 2025.
  const calls: [string, Record<string, unknown>][] = [["list_transactions", { direction: "out", year: 2025, min_amount: 1000, sort: "amount", limit: 5 }]];
  const tool = READ_TOOLS.find((x) => x.name === "list_transactions")!;
  const shown = /showing 5 of ([\d']+)/.exec(tool.run(db, tool.schema().parse(calls[0]![1]) as never).summary)![1]!;
  const [f] = checked(calls, `There were ${shown} payments of CHF 1'000 or more.`);
  expect(f!.status).toBe("grounded");
  expect(figureRowsLinks(f!)).toEqual([]);
});

test("a search's money out and money in: each links to the rows of its direction, whose count and total are the figures (156 payments linked to all 160 rows)", () => {
  // The summary for "SBB" in 2025: "Money out: CHF 3'276.80 in 156 transactions (average CHF 21.01). … Money in: CHF 72.90
  // in 4 transactions." The page's out and in of those rows are the amounts.
  const figures = checked([["search_transactions", { search: "SBB", year: 2025 }]], "SBB: 156 payments, CHF 3'276.80 out; 4 refunds of CHF 72.90.");
  expect(figures.map((f) => f.status)).toEqual(["grounded", "grounded", "grounded", "grounded"]);
  const pages = figures.map((f) => figureRowsLinks(f).map((l) => pageOf(l.href)));
  expect(pages.map((p) => p.map((x) => x.totalRows))).toEqual([[156], [156], [4], [4]]);
  expect([Math.round(pages[1]![0]!.totals[0]!.out * 100), Math.round(pages[3]![0]!.totals[0]!.in * 100)]).toEqual([327680, 7290]);
});

test("a listing's count of the rows it shows is no set of rows the page selects: no link; the count of all it found links to them (\"showing 8 of 39\": 8 linked to 39 rows)", () => {
  // The summary: "Money out in all categories for 2024, newest first …: showing 50 of 2'357 (first 20 here; the table shows all 50)."
  const [shown, all] = checked([["list_transactions", { direction: "out", year: 2024 }]], "The list shows 50 of 2'357 payments out.");
  expect([shown!.status, all!.status]).toEqual(["grounded", "grounded"]);
  expect([shown!, all!].map((f) => figureRowsLinks(f).map((l) => pageOf(l.href).totalRows))).toEqual([[], [2357]]);
});

test("spending per weekday: no link, since the page selects no weekday (Fridays' CHF 2'301.05 linked to all 384 Dining rows); the whole category's total keeps its link", () => {
  // The summary: "Total of spending on Dining by weekday for 2025. CHF: total CHF 10'779.45 over 384 rows. … Fri CHF 2'301.05 (72); …".
  const [friday, count, total] = checked([["spending_breakdown", { group_by: ["weekday"], categories: ["Dining"], year: 2025 }]], "On Fridays you spent CHF 2'301.05 in 72 visits, of CHF 10'779.45.");
  expect([friday!.status, count!.status, total!.status]).toEqual(["grounded", "grounded", "grounded"]);
  expect([friday!, count!, total!].map((f) => figureRowsLinks(f).map((l) => Math.round(pageOf(l.href).totals[0]!.net * 100)))).toEqual([[], [], [-1077945]]);
});

test("spending of some weekdays only (a call's weekdays filter): no link, since the link would show every day's rows", () => {
  // The summary: "Total of spending on Dining by category for 2025 (on Sat and Sun). CHF: total CHF 3'353.90 over 114 rows. …"
  const [f] = checked([["spending_breakdown", { group_by: ["category"], categories: ["Dining"], weekdays: ["Sat", "Sun"], year: 2025 }]], "Weekend dining cost CHF 3'353.90.");
  expect(f!.status).toBe("grounded");
  expect(figureRowsLinks(f!)).toEqual([]);
});
