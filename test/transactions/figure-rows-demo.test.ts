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
import { figureRowsData } from "../../src/tools/query/figure-rows.ts";

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

/** The figures of an answer checked against the results of these read tool calls (with these monthly budgets), as the chat checks them. */
function checked(calls: [string, Record<string, unknown>][], answer: string, budgets: { category: string; amount: number; currency: string }[] = []) {
  const t = createTurnFigures({
    vocabulary: db.ledger(),
    periods: (i) => callPeriods(i, db.ledger()),
    figureKind: () => undefined,
    ...figureRowsData(db),
  });
  calls.forEach(([name, input], i) => {
    const tool = READ_TOOLS.find((x) => x.name === name)!;
    t.record({ id: `toolu_${i}`, name, input }, tool.run(db, tool.schema().parse(input) as never, { budgets: { list: () => budgets }, contributions: { counterparties: () => [] }, now: () => new Date("2026-11-02T12:00:00Z") }));
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

/** Per figure: its links' rows as [count, money out, money in] in CHF (cents), or null for no link. */
const rowsOfLinks = (figures: ReturnType<typeof checked>) =>
  figures.map((f) => {
    const links = figureRowsLinks(f);
    if (!links.length) return null;
    return links.map((l) => {
      const t = pageOf(l.href).totals.find((x) => x.currency === "CHF");
      return t ? [t.rows, Math.round(t.out * 100), Math.round(t.in * 100)] : [0, 0, 0];
    });
  });

test("a listed transaction links to that one row by its id, not to every row of its day and merchant (CHF 93.90 linked to 2 rows, CHF 117.40); a sum of two to both", () => {
  // The summary: "…showing 8 of 70. 2026-10-26 CHF -93.90 Aldi Suisse "Aldi Suisse AG Zürich HB" [Groceries]; … 2026-10-01 CHF -66.60 Migros …".
  const figures = checked(
    [["list_transactions", { category: "Groceries", from: "2026-10-01", to: "2026-10-31", sort: "amount", limit: 8, direction: "out" }]],
    "The largest was CHF 93.90 at Aldi Suisse on 26 October, then CHF 66.60 at Migros on 1 October: CHF 160.50 together.",
  );
  expect(figures.map((f) => f.status)).toEqual(["grounded", "grounded", "derived"]);
  expect(rowsOfLinks(figures)).toEqual([[[1, 9390, 0]], [[1, 6660, 0]], [[2, 16050, 0]]]);
  expect(figureRowsLinks(figures[0]!)[0]!.href).toMatch(/^\/transactions\?any=currency%3DCHF%26from%3D2026-10-26%26to%3D2026-10-26%26id%3D\d+%26amount%3D-93.90$/);
});

test("unusual payments: the payment links to its row; the usual amount (a median of earlier payments) has none (CHF 36.35 linked to the CHF 3'120.00 row)", () => {
  // The summary: "2026-05-12 Kieferorthopädie Dr. Lang (Healthcare) CHF 3'120.00, 85.8 × the usual CHF 36.35 (median of Healthcare's 121 earlier payments)".
  const figures = checked([["unusual_transactions", { kind: "large", year: 2026, limit: 6 }]], "The orthodontist's CHF 3'120.00 was 85.8 times the usual CHF 36.35.");
  expect(figures.map((f) => f.status)).toEqual(["grounded", "grounded", "grounded"]);
  expect(rowsOfLinks(figures)).toEqual([[[1, 312000, 0]], null, null]);
});

test("budgets: what was spent links to its rows; the budget and what remains of it are no rows (CHF 1'200 linked to rows of CHF 1'543)", () => {
  // The summary for 2026-10: "Shopping: budget CHF 1'200.00, spent CHF 1'543.00, remaining CHF -343.00, 128.6% used — OVER BUDGET."
  const budgets = [{ category: "Shopping", amount: 1200, currency: "CHF" }];
  const figures = checked([["budget_status", {}]], "Shopping: budget CHF 1'200.00, spent CHF 1'543.00, CHF 343.00 over.", budgets);
  expect(figures.map((f) => f.status)).toEqual(["grounded", "grounded", "grounded"]);
  expect(rowsOfLinks(figures)).toEqual([null, [[16, 154300, 0]], null]);
});

test("an average is no total of rows: a tool's average has no link; an average worked out from a year's total links to that total's rows as its term (CHF 898.29 a month linked to CHF 10'779.45)", () => {
  // monthly_trend: "CHF: total CHF 10'779.45 over 384 transactions, average CHF 898.29 per month over 12 months".
  const trend = checked([["monthly_trend", { category: "Dining", year: 2025 }]], "Dining cost CHF 10'779.45 in 2025, on average CHF 898.29 per month.");
  expect(trend.map((f) => f.status)).toEqual(["grounded", "grounded"]);
  expect(rowsOfLinks(trend)).toEqual([[[384, 1077945, 0]], null]);
  // spending_by_category: "Groceries CHF 18'109.55"; CHF 1'509.13 a month is it ÷ 12.
  const [month] = checked([["spending_by_category", { year: 2025 }]], "Groceries came to CHF 1'509.13 a month in 2025.");
  expect([month!.status, month!.operation]).toEqual(["derived", "monthly_average"]);
  expect(figureRowsLinks(month!).map((l) => l.of)).toEqual(["term"]);
  expect(rowsOfLinks([month!])).toEqual([[[914, 1810955, 0]]]);
});

test("merchants: a merchant's total links to its rows; its average per payment and the merchants left out (\"Other (9 merchants)\", no category Other) have none", () => {
  // The summary: "1. Restaurant Hiltl CHF 1'879.25 (28 tx, avg CHF 67.12, 20.1%); … Other (9 merchants) CHF 3'164.60 (170 tx, 33.9%)."
  const figures = checked(
    [["merchant_breakdown", { category: "Dining", year: 2026, top_n: 5 }]],
    "Restaurant Hiltl: CHF 1'879.25 in 28 visits, CHF 67.12 on average. The other 9 merchants: CHF 3'164.60 in 170 visits.",
  );
  expect(figures.map((f) => f.status)).toEqual(["grounded", "grounded", "grounded", "grounded", "grounded", "grounded"]);
  expect(rowsOfLinks(figures)).toEqual([[[28, 187925, 0]], [[28, 187925, 0]], null, null, null, null]);
});

test("recurring payments: a series' amount, count and yearly cost are no rows the page selects (CHF 2'520.00 linked to 8 rows of CHF 20'160); a one-off inside it is one row", () => {
  // The summary: "Livit AG (Housing) monthly CHF 2'520.00, 12 payments 2025-01-31 to 2025-12-31, …, CHF 30'240.00 a year, …,
  // one-offs inside the series (not price changes): 2025-03-20 settlement CHF 491.45; … CSS (Insurance) … one-offs inside the
  // series (not price changes): 2025-01-10 one-off payment CHF 230.36, 2025-02-12 refund CHF 144.22, …".
  const figures = checked(
    [["recurring_payments", { year: 2025 }]],
    "Rent to Livit AG is CHF 2'520.00 a month, 12 payments, CHF 30'240.00 a year, plus a settlement of CHF 491.45. CSS refunded CHF 144.22 in February.",
  );
  expect(figures.map((f) => f.status)).toEqual(["grounded", "grounded", "grounded", "grounded", "grounded"]);
  expect(rowsOfLinks(figures)).toEqual([null, null, null, [[1, 49145, 0]], [[1, 0, 14422]]]);
});

test("a breakdown's median per category has no link; its count of payments links to the money-out rows it counted", () => {
  // The summary: "Median of money-out payments (…) by category for 2025. … Dining CHF 19.80 (384); Groceries CHF 14.73 (914)."
  const figures = checked([["spending_breakdown", { group_by: ["category"], metric: "median", categories: ["Groceries", "Dining"], year: 2025 }]], "The median Dining payment was CHF 19.80 over 384 payments.");
  expect(figures.map((f) => f.status)).toEqual(["grounded", "grounded"]);
  expect(rowsOfLinks(figures)).toEqual([null, [[384, 1077945, 0]]]);
});

test("spending by merchant: a merchant's total and count link to its rows; the rest of the list (\"Other (88)\", 88 merchants, no category Other) has none", () => {
  // The summary: "… Migros CHF 4'924.55 (215); … Other (88) CHF 62'947.62 (1'405)."
  const figures = checked([["spending_breakdown", { group_by: ["merchant"], year: 2026, top_n: 8 }]], "Migros took CHF 4'924.55 in 215 payments; 88 other merchants took CHF 62'947.62 in 1'405 payments.");
  expect(figures.map((f) => f.status)).toEqual(["grounded", "grounded", "grounded", "grounded", "grounded"]);
  expect(rowsOfLinks(figures)).toEqual([[[215, 492455, 0]], [[215, 492455, 0]], null, null, null]);
});

test("a merchant's spending of no category links to its spending-category rows only, not its reimbursements (review: CSS CHF 11'774.99 opened rows netting CHF 11'175.72)", () => {
  // merchant_breakdown 2025: "4. CSS CHF 11'774.99 (16 tx, …)": its 16 Insurance and Healthcare rows (premiums, the deductible),
  // all money out; its 7 reimbursements of 2025 (CHF 599.27 in) are Income. Money out of the merchant's rows is its spending.
  const [css] = checked([["merchant_breakdown", { year: 2025, top_n: 10 }]], "CSS got CHF 11'774.99.");
  expect(css!.status).toBe("grounded");
  const [link] = figureRowsLinks(css!);
  expect(link!.href).toBe("/transactions?merchant=CSS&currency=CHF&from=2025-01-01&to=2025-12-31&direction=out");
  expect(pageOf(link!.href).totals).toEqual([{ currency: "CHF", rows: 16, out: expect.closeTo(11774.99, 9), in: 0, net: expect.closeTo(-11774.99, 9) }]);
  // compare_periods by merchant, September 2025: "Helsana CHF 126.40 → …": its premium (Insurance, CHF -126.40), not its
  // reimbursement of 2025-09-22 (Income, CHF 72.37): the one category of the rows it counts.
  const [helsana] = checked([["compare_periods", { a: { year: 2025, month: 9 }, b: { year: 2025, month: 10 }, by: "merchant" }]], "In September 2025 Helsana got CHF 126.40.");
  expect(helsana!.status).toBe("grounded");
  const [h] = figureRowsLinks(helsana!);
  expect(h!.href).toBe("/transactions?category=Insurance&merchant=Helsana&currency=CHF&from=2025-09-01&to=2025-09-30");
  expect(pageOf(h!.href).totals).toEqual([{ currency: "CHF", rows: 1, out: 126.4, in: 0, net: -126.4 }]);
});

/** Per figure: its text, its status and what each of its links opens (rowsOfLinks). */
const linkedRows = (figures: ReturnType<typeof checked>) => figures.map((f) => [f.text, f.status, rowsOfLinks([f])[0]]);

test("spending by category with a category named Other: its own row links to its rows; the rest of the list (\"Other (8)\", 8 categories) has none (CHF 9'166.99 in 228 linked to category Other's 20 rows, CHF 5'037.85)", () => {
  // The summary, April to June 2025, top 6: "… Other CHF 5'037.85 (20); … Other (8) CHF 9'166.99 (228)": the table and
  // the chart write the rest's row "Other (8)", which names the category Other too.
  const calls: [string, Record<string, unknown>][] = [["spending_breakdown", { group_by: ["category"], from: "2025-04-01", to: "2025-06-30", top_n: 6 }]];
  expect(linkedRows(checked(calls, "| Category | Spent | Payments |\n|---|---|---|\n| Other | CHF 5'037.85 | 20 |\n| The other 8 categories | CHF 9'166.99 | 228 |"))).toEqual([
    ["CHF 5'037.85", "grounded", [[20, 503785, 0]]],
    ["20", "grounded", [[20, 503785, 0]]],
    ["8", "grounded", null],
    ["CHF 9'166.99", "grounded", null],
    ["228", "grounded", null],
  ]);
  expect(linkedRows(checked(calls, "The other 8 categories took CHF 9'166.99 over 228 payments."))).toEqual([
    ["8", "grounded", null],
    ["CHF 9'166.99", "grounded", null],
    ["228", "grounded", null],
  ]);
});

test("the rest of a list of one merchant (\"Other (1 merchant)\"): no link (CHF 50.00 linked to the category Other's 83 rows, CHF 20'996.95)", () => {
  // merchant_breakdown of Cash, 2025, top 3: "… 3. CaixaBank ATM CHF 141.63 (1 tx, …); Other (1 merchant) CHF 50.00 (1 tx, 1.2%)."
  const figures = checked([["merchant_breakdown", { category: "Cash", year: 2025, top_n: 3 }]], "CaixaBank ATM took CHF 141.63; one other merchant took CHF 50.00.");
  expect(linkedRows(figures)).toEqual([
    ["CHF 141.63", "grounded", [[1, 14163, 0]]],
    ["CHF 50.00", "grounded", null],
  ]);
});

test("a merchant whose name holds a sentence's end (\"Praxis Dr. med. S. Brunner\", \"Holy Cow!\"): its figures link to its rows, not to all its category's (CHF 1'144.53 in 8 linked to Healthcare's 46 rows, CHF 3'438.25)", () => {
  // merchant_breakdown of Healthcare, 2025: "… 1. Praxis Dr. med. S. Brunner CHF 1'144.53 (8 tx, avg CHF 143.07, 33.3%); …"; of
  // Dining, April 2026: "… 4. Holy Cow! CHF 64.65 (4 tx, avg CHF 16.16, 10.2%); …". The summary's reading of each figure's
  // clause starts after "S." or "!", without the name: the name the item writes is given back, so the count, which stands
  // in the summary only (merchant_breakdown's chart has no counts), links to the practice's 8 rows, not Healthcare's 46.
  const brunner = checked([["merchant_breakdown", { category: "Healthcare", year: 2025, top_n: 3 }]], "Praxis Dr. med. S. Brunner took CHF 1'144.53 in 8 payments.");
  const holyCow = checked([["merchant_breakdown", { category: "Dining", year: 2026, month: 4, top_n: 5 }]], "Holy Cow! took CHF 64.65.");
  expect([...linkedRows(brunner), ...linkedRows(holyCow)]).toEqual([
    ["CHF 1'144.53", "grounded", [[8, 114453, 0]]],
    ["8", "grounded", [[8, 114453, 0]]],
    ["CHF 64.65", "grounded", [[4, 6465, 0]]],
  ]);
});

test("a sum of two merchants' spending (one counted as money out, one net of refunds) keeps one link to their rows together; a listed line's sum keeps its rows by id (review of r4-figlinks)", () => {
  const pair = checked([["merchant_breakdown", { year: 2025, top_n: 6 }]], "In 2025 CSS took CHF 11'774.99 and Hotelplan CHF 11'709.00: CHF 23'483.99 together.");
  expect(linkedRows(pair).find(([text]) => text === "CHF 23'483.99")).toEqual(["CHF 23'483.99", "derived", [[22, 2348399, 0]]]);
  const lines = checked([["unusual_transactions", { year: 2025, month: 3 }]], "Praxis Dr. med. S. Brunner charged CHF 296.69 and SBB CHF 92.45: CHF 389.14 in all.");
  expect(linkedRows(lines).find(([text]) => text === "CHF 389.14")).toEqual(["CHF 389.14", "derived", [[2, 38914, 0]]]);
});
