/**
 * The rows a figure's link opens, on the test fixture (test/fixtures/budget-fixture.ts, extended), against the
 * Transactions page's own totals (SPEC §11.1 drill-down): a link only where its rows total (or count) the figure.
 * Expected totals are the tool's own summary (quoted in each test).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createFixture } from "../fixtures/budget-fixture.ts";
import type { BudgetDb } from "../../src/ledger/reader.ts";
import { READ_TOOLS } from "../../src/tools/registry.ts";
import { createTurnFigures } from "../../src/figures/turn.ts";
import { callPeriods } from "../../src/tools/query/period.ts";
import { figureRowsLinks } from "../../src/transactions/link.ts";
import { parseTransactionQuery } from "../../src/transactions/query.ts";
import { transactionsPage } from "../../src/transactions/listing.ts";
import { figureRowsData } from "../../src/tools/query/figure-rows.ts";

let fixture: ReturnType<typeof createFixture>;
let db: BudgetDb;
beforeAll(() => {
  fixture = createFixture({ extended: true });
  db = fixture.db;
});
afterAll(() => fixture.cleanup());

/** Per figure: its links' rows in that currency as [count, money out, money in] (cents), or null for no link. */
function linkedRows(calls: [string, Record<string, unknown>][], answer: string) {
  const t = createTurnFigures({
    vocabulary: db.ledger(),
    periods: (i) => callPeriods(i, db.ledger()),
    figureKind: () => undefined,
    ...figureRowsData(db),
  });
  calls.forEach(([name, input], i) => {
    const tool = READ_TOOLS.find((x) => x.name === name)!;
    t.record({ id: `toolu_${i}`, name, input }, tool.run(db, tool.schema().parse(input) as never, { budgets: { list: () => [] }, contributions: { counterparties: () => [] }, now: () => new Date("2026-11-02T12:00:00Z") }));
  });
  const figures = t.check(answer, "");
  return {
    statuses: figures.map((f) => f.status),
    rows: figures.map((f) => {
      const links = figureRowsLinks(f);
      if (!links.length) return null;
      return links.map((l) => {
        const q = parseTransactionQuery(new URL(l.href, "http://x").searchParams);
        const t = transactionsPage(db, q).totals.find((x) => x.currency === (q.currency ?? q.any?.[0]?.currency ?? "CHF"));
        return t ? [t.rows, Math.round(t.out * 100), Math.round(t.in * 100)] : [0, 0, 0];
      });
    }),
  };
}

test("a comparison: each period's amount links to its rows; its amounts per month and all spending at once have none (all spending's CHF 21'278.60 linked to Subscriptions' rows)", () => {
  // The summary: "CHF: Subscriptions CHF 244.80 → CHF 129.50 (per month CHF 20.40 → CHF 13.80: CHF -6.60, -32.4%); … All spending,
  // for reference: total spending CHF 3'413.58 → CHF 21'278.60 (per month CHF 284.47 → CHF 2'266.79: …); …".
  const { statuses, rows } = linkedRows(
    [["compare_periods", { a: { year: 2025 }, b: { year: 2026 }, by: "merchant", category: "Subscriptions" }]],
    "Subscriptions cost CHF 244.80 in 2025 and CHF 129.50 in 2026 so far: per month CHF 20.40, then CHF 13.80. All your spending went from CHF 3'413.58 to CHF 21'278.60.",
  );
  expect(statuses).toEqual(["grounded", "grounded", "grounded", "grounded", "grounded", "grounded"]);
  expect(rows).toEqual([[[12, 24480, 0]], [[10, 12950, 0]], null, null, null, null]);
});

test("a new merchant's payments and total link to its rows of the call's period, not of the day it first appeared (CHF 500.00 linked to one row of CHF 80)", () => {
  // The summary for 2025: "New merchants in spending for 2025 (first transaction in the whole data): 21 (the 20 largest). Putzfee Anna
  // first on 2025-03-07, 6 payments, CHF 500.00; …".
  const { statuses, rows } = linkedRows([["unusual_transactions", { year: 2025 }]], "Putzfee Anna is new this year: 6 payments, CHF 500.00 in all.");
  expect(statuses).toEqual(["grounded", "grounded"]);
  expect(rows).toEqual([[[6, 50000, 0]], [[6, 50000, 0]]]);
});

test("a count of a new merchant's payments is of its own rows, not of the currency of the line before (5 payments linked to SBB's EUR rows: none)", () => {
  // The summary: "… Hotel Roma first on 2025-06-10, 1 payment, EUR 420.00; SBB first on 2025-01-15, 5 payments, CHF 337.00; …".
  const { statuses, rows } = linkedRows([["unusual_transactions", { year: 2025 }]], "SBB is new this year too: 5 payments, CHF 337.00.");
  expect(statuses).toEqual(["grounded", "grounded"]);
  expect(rows).toEqual([[[5, 33700, 0]], [[5, 33700, 0]]]);
});

test("a recurring series' count of payments links to its payments (its merchant's money out in its category over its span) when those rows are all of them; a series with a one-off inside has none", () => {
  // "Netflix (Subscriptions) monthly CHF 20.90, 12 payments 2025-01-12 to 2025-12-12, …": 3 × 18.90 + 9 × 20.90 = 244.80.
  // "Putzfee Anna (Household) weekly CHF 80.00, 6 payments 2025-03-07 to 2025-04-18": 5 × 80.00 + 100.00 [30–35] = 500.00.
  // "Spotify (Subscriptions) monthly CHF 12.95, 9 payments 2026-01-05 to 2026-10-05, …, one-offs inside the series (not
  // price changes): 2026-06-06 possible double charge CHF 12.95": 10 rows of Spotify's money out over its span, one no payment of it.
  const r = linkedRows([["recurring_payments", {}]], "Netflix took 12 payments, the cleaner 6 payments (Putzfee Anna), and Spotify 9 payments.");
  expect(r.statuses).toEqual(["grounded", "grounded", "grounded"]);
  expect(r.rows).toEqual([[[12, 24480, 0]], [[6, 50000, 0]], null]);
});

test("a merchant spelled otherwise than another of the same name links to that spelling's rows, as the tools group them (MIGROS's CHF 30.05 linked to Migros's rows, CHF 242.75)", () => {
  // merchant_breakdown 2025, top 30: "6. Migros CHF 242.75 (3 tx, …)" [93 96 99]; "17. MIGROS CHF 30.05 (1 tx, …)" [100].
  const r = linkedRows([["merchant_breakdown", { year: 2025, top_n: 30 }]], "MIGROS got CHF 30.05 and Migros CHF 242.75.");
  expect(r.statuses).toEqual(["grounded", "grounded"]);
  expect(r.rows).toEqual([[[1, 3005, 0]], [[3, 24275, 0]]]);
});
