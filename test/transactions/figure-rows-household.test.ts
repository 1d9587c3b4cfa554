/**
 * The rows a figure's link opens, on the household fixture (test/fixtures/household.ts), against the Transactions page's
 * own totals (SPEC §11.1 drill-down): a sum's link selects rows whose total is the sum, or there is no combined link.
 * Expected totals are the fixture's rows added up by hand (from the tool's summary and the rows listed in comments).
 */
import { beforeAll, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeHousehold } from "../fixtures/household.ts";
import { BudgetDb } from "../../src/ledger/reader.ts";
import { READ_TOOLS } from "../../src/tools/registry.ts";
import { createTurnFigures } from "../../src/figures/turn.ts";
import { callPeriods } from "../../src/tools/query/period.ts";
import { figureRowsLinks } from "../../src/transactions/link.ts";
import { parseTransactionQuery } from "../../src/transactions/query.ts";
import { transactionsPage } from "../../src/transactions/listing.ts";

let db: BudgetDb;
beforeAll(() => {
  const path = join(mkdtempSync(join(tmpdir(), "figure-rows-")), "household.db");
  writeHousehold(path);
  db = BudgetDb.open(path, { notSpending: ["Transfers", "Investments"] });
});

/** The household's partner, whose money in counts as income (SPEC §1 household contributions), as bench/figure-check sets it. */
const CONTEXT = { budgets: { list: () => [] }, contributions: { counterparties: () => ["Alex Muster"] } };

/** The figures of an answer checked against the results of these read tool calls. */
function checked(calls: [string, Record<string, unknown>][], answer: string) {
  const t = createTurnFigures({ vocabulary: db.ledger(), periods: (i) => callPeriods(i, db.ledger()), figureKind: () => undefined });
  calls.forEach(([name, input], i) => {
    const tool = READ_TOOLS.find((x) => x.name === name)!;
    t.record({ id: `toolu_${i}`, name, input }, tool.run(db, tool.schema().parse(input) as never, CONTEXT));
  });
  return t.check(answer, "");
}
const pageOf = (href: string) => transactionsPage(db, parseTransactionQuery(new URL(href, "http://x").searchParams));

test("two premiums of one merchant and day summed: no link, since their filters select the third premium of that day too", () => {
  // 1 January 2025, Helsana, Insurance, CHF: KVG 405.10 (row 625), KVG 428.80 (626) and VVG 60.20 (627). The sum of
  // the two KVG premiums is 833.90; a link to the merchant's rows of that day totalled 894.10.
  const [f] = checked([["list_transactions", { from: "2025-01-01", to: "2025-01-31", category: "Insurance" }]], "The two KVG premiums of January 2025 came to CHF 833.90 together.");
  expect([f!.status, f!.operation, f!.sources.map((s) => s.value)]).toEqual(["derived", "sum", [-405.1, -428.8]]);
  expect(figureRowsLinks(f!)).toEqual([]);
});

test("a sum of two categories' spending: its link's rows are spent (net) exactly the sum", () => {
  // The summary's CHF Housing 25'962.45 + Insurance 11'026.80 = 36'989.25.
  const [f] = checked([["spending_by_category", { year: 2025 }]], "Housing and Insurance together came to CHF 36'989.25.");
  expect([f!.status, f!.operation]).toEqual(["derived", "sum"]);
  const links = figureRowsLinks(f!);
  expect(links.map((l) => l.of)).toEqual(["figure"]);
  const chf = pageOf(links[0]!.href).totals.find((t) => t.currency === "CHF")!;
  expect(Math.round(-chf.net * 100)).toBe(3698925);
});

test("Travel and Uncategorised spending summed: a link per term, each of whose rows totals that term", () => {
  // CHF, 2025: Travel 337.75 (money out 386.00 less a refund of 48.25) and Uncategorised 770.00 (money out only: its
  // CHF 45.00 in is unclassified money in, SPEC §1). Their rows together: out 1'156.00, in 93.25, net −1'062.75: neither
  // is 1'107.75, so no combined link.
  const [f] = checked([["spending_by_category", { year: 2025 }]], "Uncategorised and Travel together came to CHF 1'107.75.");
  expect([f!.status, f!.operation]).toEqual(["derived", "sum"]);
  const links = figureRowsLinks(f!);
  expect(links.map((l) => [l.of, l.label])).toEqual([
    ["term", "2025 · Travel · CHF"],
    ["term", "2025 · Uncategorised · CHF"],
  ]);
  const [travel, uncategorised] = links.map((l) => pageOf(l.href).totals.find((t) => t.currency === "CHF")!);
  expect([Math.round(-travel!.net * 100), Math.round(uncategorised!.out * 100)]).toEqual([33775, 77000]);
});

test("income with household contributions: no link, since no filter of the page selects the Income rows and the partner's together; the Income category's own figure links to its rows", () => {
  // The summary for 2024: "CHF: income CHF 114'000.00 (Income category CHF 87'600.00; contributions from Alex Muster CHF
  // 26'400.00) … moved to own accounts CHF 0.00 (Transfers, net)": the contributions are Transfers rows, so the
  // Transfers rows net +26'400.00, not 0.00. The review found 114'000.00 linked to rows totalling 87'600.00.
  const figures = checked([["income_vs_spending", { year: 2024 }]], "Income was CHF 114'000.00, of which CHF 87'600.00 from the Income category; CHF 0.00 moved to own accounts.");
  expect(figures.map((f) => f.status)).toEqual(["grounded", "grounded", "grounded"]);
  const nets = figures.map((f) => {
    const links = figureRowsLinks(f);
    return links.length ? links.map((l) => Math.round(pageOf(l.href).totals.find((t) => t.currency === "CHF")!.net * 100)) : null;
  });
  expect(nets).toEqual([null, [8760000], null]);
});

test("Uncategorised spending links to its money out (SPEC §1: money out only), its unclassified money in to its money in (2 transactions linked to all 3 rows)", () => {
  // The summary for 2025: "EUR: … Uncategorised EUR 35.50 (1.1%, 1 tx). Unclassified money in (Uncategorised rows with money
  // in, …): EUR 1'300.00 in 2 transactions. CHF: … Uncategorised CHF 770.00 (1.5%, 6 tx); …".
  const figures = checked([["spending_by_category", { year: 2025 }]], "Uncategorised spending was CHF 770.00 over 6 payments and EUR 35.50; unclassified money in was EUR 1'300.00 in 2 transactions.");
  expect(figures.map((f) => f.status)).toEqual(["grounded", "grounded", "grounded", "grounded", "grounded"]);
  const totals = figures.map((f) =>
    figureRowsLinks(f).map((l) => {
      const p = pageOf(l.href);
      return [p.totalRows, ...p.totals.map((t) => Math.round(t.net * 100))];
    }),
  );
  expect(totals).toEqual([[[6, -77000]], [[6, -77000]], [[1, -3550]], [[2, 130000]], [[2, 130000]]]);
});

test("foreign spending: the fees recorded on the purchases are part of their booked amounts, no Fees rows (CHF 9.45 linked to Fees rows of CHF 20.77)", () => {
  // The summary for 2025: "EUR 580.00 paid in EUR (4 purchases), booked CHF 559.70, …, fees recorded on them CHF 9.45; … Exchange cost:
  // CHF 10.22 (CHF 9.45 in fees recorded on the purchases, CHF 0.77 in 1 foreign-currency fee row booked apart)".
  const figures = checked([["foreign_spending", { year: 2025 }]], "The fees recorded on your EUR purchases came to CHF 9.45.");
  expect(figures.map((f) => f.status)).toEqual(["grounded"]);
  expect(figures.map((f) => figureRowsLinks(f))).toEqual([[]]);
});

test("spending per account, of all categories at once: no link, since the account's rows also hold its income and transfers (CHF 770.00 in 6 linked to 31 rows)", () => {
  // The summary for 2025: "… CH44 0900 0000 8765 4321 0 CHF 37'309.25 (75); Visa 4417 CHF 14'016.47 (129); CH93 0076 2011 6238 5295 7 CHF 770.00 (6)."
  const figures = checked([["spending_breakdown", { group_by: ["account"], year: 2025 }]], "The CH93 0076 2011 6238 5295 7 account paid CHF 770.00 in 6 payments.");
  expect(figures.map((f) => f.status)).toEqual(["grounded", "grounded"]);
  expect(figures.map((f) => figureRowsLinks(f))).toEqual([[], []]);
});

test("an approval's outcome: no link, since the rows it moved are no longer where its words place them (8 bills linked to the 14 rows still Uncategorised)", () => {
  const t = createTurnFigures({ vocabulary: db.ledger(), periods: (i) => callPeriods(i, db.ledger()), figureKind: () => undefined });
  t.recordOutcome(
    { id: "toolu_a", name: "recategorise_transactions", input: {} },
    "Approved by the user: moved 8 transactions (CHF -1'440.00) from Uncategorised to Children. Future imports of these merchants will be filed under Children.",
  );
  const figures = t.check("Done: the 8 Musikschule bills, CHF 1'440.00 in all, are now under Children.", "");
  expect(figures.map((f) => f.status)).toEqual(["grounded", "grounded"]);
  expect(figures.map((f) => figureRowsLinks(f))).toEqual([[], []]);
});

test("a search's money in and money out summed: a link per term, each of whose rows totals that term (CHF 16'972.80 linked to the search's 12 rows, which net CHF 11'827.20)", () => {
  // July to December 2025, "Alex Muster": 6 contributions of CHF 2'400.00 in (14'400.00) and 6 Helsana premiums of
  // CHF 428.80 out (2'572.80) for Alex. Their rows together: out 2'572.80, in 14'400.00, net 11'827.20: none is 16'972.80.
  const f = checked([["search_transactions", { search: "Alex Muster", from: "2025-07-01", to: "2025-12-31" }]], "Alex put in CHF 14'400.00 and the premiums took CHF 2'572.80: CHF 16'972.80 in total.").at(-1);
  expect([f!.status, f!.operation, f!.sources.map((s) => s.value)]).toEqual(["derived", "sum", [2572.8, 14400]]);
  const links = figureRowsLinks(f!);
  expect(links.map((l) => [l.of, l.label])).toEqual([
    ["term", "2025-07-01…2025-12-31 · Alex Muster · CHF · money out"],
    ["term", "2025-07-01…2025-12-31 · Alex Muster · CHF · money in"],
  ]);
  const [out, into] = links.map((l) => pageOf(l.href).totals.find((t) => t.currency === "CHF")!);
  expect([out!.rows, Math.round(out!.out * 100), into!.rows, Math.round(into!.in * 100)]).toEqual([6, 257280, 6, 1440000]);
});

test("a listing's amount as paid in another currency: no link, since the page's currency is the row's booked one (EUR -30.00 linked to no rows)", () => {
  // 2025, Dining: "2025-06-17 CHF -28.95 (paid EUR -30.00) Autogrill …; 2025-06-15 CHF -115.80 (paid EUR -120.00) Trattoria da Gino …",
  // its table's "Paid in" cells "EUR -30.00", "EUR -120.00".
  const calls: [string, Record<string, unknown>][] = [["list_transactions", { category: "Dining", year: 2025 }]];
  const figures = checked(calls, "At the Autogrill you paid EUR -30.00.");
  expect(figures.map((f) => [f.text, f.status, figureRowsLinks(f)])).toEqual([["EUR -30.00", "grounded", []]]);
  const table = checked(calls, "| Date | Paid in |\n|---|---|\n| 2025-06-15 | EUR -120.00 |");
  expect(table.map((f) => [f.text, f.status, figureRowsLinks(f)])).toEqual([["EUR -120.00", "grounded", []]]);
});

test("an account's name ending in digits before its currency (\"Visa 4417 CHF: …\") totals no rows: no link to the account's rows (4417 CHF linked to 249 rows netting CHF -24'498.47)", () => {
  // data_coverage: "… per account and currency: DE89 3704 0044 0532 0130 00 EUR: 2024-01-01 to 2025-12-31, 758 rows, …; Visa 4417 CHF: 2024-01-03 to 2025-12-24, 249 rows, …".
  const figures = checked([["data_coverage", {}]], "Visa 4417 CHF: 249 rows.");
  expect(figures.map((f) => [f.text, f.status, figureRowsLinks(f).map((l) => pageOf(l.href).totalRows)])).toEqual([
    ["4417 CHF", "grounded", []],
    ["249", "grounded", [249]],
  ]);
});
