/**
 * A merchant the data spells several ways ("Velo Shop" and "VELO SHOP", "Coop" and "Coop "): the tools group merchants as
 * stored, so a figure's link opens its own spelling's rows, or there is no link (SPEC §11.1 drill-down); a name typed in
 * the Transactions page's filter finds the rows the other filters select. Rows are checked by their ids.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createFixture } from "../fixtures/budget-fixture.ts";
import { fixtureRow, type FixtureRow } from "../fixtures/budget-rows.ts";
import type { BudgetDb } from "../../src/ledger/reader.ts";
import { READ_TOOLS } from "../../src/tools/registry.ts";
import { createTurnFigures } from "../../src/figures/turn.ts";
import { callPeriods } from "../../src/tools/query/period.ts";
import { figureRowsLinks } from "../../src/transactions/link.ts";
import { parseTransactionQuery, transactionQueryString } from "../../src/transactions/query.ts";
import { allTransactions, getTransaction, transactionsPage } from "../../src/transactions/listing.ts";
import { figureRowsData } from "../../src/tools/query/figure-rows.ts";

const rows: FixtureRow[] = [];
const add = (date: string, text: string, amount: number, merchant: string, category: string) => rows.push(fixtureRow(rows.length + 1, date, text, amount, merchant, category));
add("2025-03-09", "VELO SHOP BERN", -300, "Velo Shop", "Shopping"); // 1
add("2025-04-09", "VELO SHOP BERN", -120, "Velo Shop", "Shopping"); // 2
add("2025-05-09", "VELO SHOP THUN", -80, "VELO SHOP", "Shopping"); // 3
add("2025-05-19", "VELO SHOP BERN", -800, "Velo Shop", "Transport"); // 4
for (let m = 1; m <= 6; m++) add(`2025-0${m}-03`, "MIGROS M ZH", -50 - m, "Migros", "Groceries"); // 5–10: CHF 321.00
add("2025-03-10", "MIGROS BASEL", -30.05, "MIGROS", "Groceries"); // 11
add("2025-04-10", "MIGROS BASEL", -12.4, "MIGROS", "Groceries"); // 12
// Spotify monthly, its March payment recategorised to Shopping, a possible double charge on 2025-04-06 (Entertainment).
for (let m = 1; m <= 6; m++) add(`2025-0${m}-05`, "SPOTIFY P1234", -12.95, "Spotify", m === 3 ? "Shopping" : "Entertainment"); // 13–18
add("2025-04-06", "SPOTIFY P1234", -12.95, "Spotify", "Entertainment"); // 19
for (let m = 1; m <= 6; m++) add(`2025-0${m}-12`, "NETFLIX.COM", -20.9, "Netflix", "Entertainment"); // 20–25
add("2025-02-11", "COOP-1234 BERN", -20, "Coop", "Groceries"); // 26
add("2025-02-12", "COOP-1234 BERN", -25, "Coop", "Groceries"); // 27
add("2025-02-13", "COOP-5678 THUN", -7.5, "Coop ", "Groceries"); // 28
add("2025-02-14", "COOP-5678 THUN", -8.5, "Coop ", "Groceries"); // 29
add("2024-05-02", "DENNER 11", -11, "Denner", "Groceries"); // 30
add("2024-06-02", "DENNER 11", -12, "Denner", "Groceries"); // 31
add("2025-05-02", "DENNER 12", -13, "DENNER", "Groceries"); // 32
add("2025-06-02", "DENNER 12", -14, "DENNER", "Groceries"); // 33
for (let m = 1; m <= 6; m++) add(`2025-0${m}-25`, "SALARY", 5000, "Employer", "Income"); // 34–39

let fixture: ReturnType<typeof createFixture>;
let db: BudgetDb;
beforeAll(() => {
  fixture = createFixture({ rows });
  db = fixture.db;
});
afterAll(() => fixture.cleanup());

const idsOf = (query: Record<string, string>) =>
  transactionsPage(db, parseTransactionQuery(new URLSearchParams(query)))
    .rows.map((r) => r.id)
    .sort((a, b) => a - b);

/** Per figure of the answer: its status, and each link's rows by id (null: no link). */
function linked(calls: [string, Record<string, unknown>][], answer: string) {
  const t = createTurnFigures({ vocabulary: db.ledger(), periods: (i) => callPeriods(i, db.ledger()), figureKind: () => undefined, ...figureRowsData(db) });
  const summaries = calls.map(([name, input], i) => {
    const tool = READ_TOOLS.find((x) => x.name === name)!;
    const out = tool.run(db, tool.schema().parse(input) as never, { budgets: { list: () => [] }, contributions: { counterparties: () => [] }, now: () => new Date("2025-07-02T12:00:00Z") });
    t.record({ id: `toolu_${i}`, name, input }, out);
    return out.summary;
  });
  const figures = t.check(answer, "");
  return {
    summaries,
    statuses: figures.map((f) => f.status),
    ids: figures.map((f) => {
      const links = figureRowsLinks(f);
      return links.length ? links.map((l) => idsOf(Object.fromEntries(new URL(l.href, "http://x").searchParams))) : null;
    }),
  };
}

test("a merchant inside a longer label (merchant / month, merchant / category, category / merchant, 'X first on …') links to its own spelling's rows (VELO SHOP's CHF 80.00 opened Velo Shop's CHF 800.00)", () => {
  // "… Velo Shop / 2025-05 CHF 800.00 (1); … VELO SHOP / 2025-05 CHF 80.00 (1); …"
  const month = linked([["spending_breakdown", { group_by: ["merchant", "month"], year: 2025 }]], "VELO SHOP in 2025-05: CHF 80.00. Velo Shop in 2025-05: CHF 800.00.");
  expect(month.statuses).toEqual(["grounded", "grounded"]);
  expect(month.ids).toEqual([[[3]], [[4]]]);
  // "Velo Shop / Shopping CHF 420.00 (2); … VELO SHOP / Shopping CHF 80.00 (1); …"
  const category = linked([["spending_breakdown", { group_by: ["merchant", "category"], year: 2025 }]], "VELO SHOP in Shopping: CHF 80.00. Velo Shop in Shopping: CHF 420.00.");
  expect(category.statuses).toEqual(["grounded", "grounded"]);
  expect(category.ids).toEqual([[[3]], [[1, 2]]]);
  // "Groceries / Migros CHF 321.00 (6); … Groceries / MIGROS CHF 42.45 (2); …" (its table's first text cell is the category)
  const byCategory = linked([["spending_breakdown", { group_by: ["category", "merchant"], year: 2025 }]], "MIGROS in Groceries came to CHF 42.45, Migros in Groceries to CHF 321.00.");
  expect(byCategory.statuses).toEqual(["grounded", "grounded"]);
  expect(byCategory.ids).toEqual([[[11, 12]], [[5, 6, 7, 8, 9, 10]]]);
  // "Velo Shop first on 2025-03-09, 3 payments, CHF 1'220.00; … VELO SHOP first on 2025-05-09, 1 payment, CHF 80.00; …"
  const fresh = linked([["unusual_transactions", { year: 2025, kind: "new_merchants" }]], "VELO SHOP is new: 1 payment, CHF 80.00. Velo Shop too: 3 payments, CHF 1'220.00.");
  expect(fresh.statuses).toEqual(["grounded", "grounded", "grounded", "grounded"]);
  expect(fresh.ids).toEqual([[[3]], [[3]], [[1, 2, 4]], [[1, 2, 4]]]);
});

test("a recurring series' count of payments links only to its payments: Spotify's 6 (one in Shopping) had linked the double charge (id 19) instead of the March payment (id 15)", () => {
  // "Netflix (Entertainment) monthly CHF 20.90, 6 payments 2025-01-12 to 2025-06-12, …; Spotify (Entertainment) monthly CHF 12.95,
  // 6 payments 2025-01-05 to 2025-06-05, …, one-offs inside the series (not price changes): 2025-04-06 possible double charge CHF 12.95."
  const r = linked([["recurring_payments", {}]], "Spotify took 6 payments, Netflix 6 payments.");
  expect(r.statuses).toEqual(["grounded", "grounded"]);
  expect(r.ids).toEqual([null, [[20, 21, 22, 23, 24, 25]]]);
});

test("a merchant stored with a trailing space: the row's merchant link opens that row; the tools' two lines ('Coop' CHF 45.00, 'Coop ' CHF 16.00) the page cannot tell apart have no link", () => {
  const row = getTransaction(db, 28)!;
  expect(row.merchant).toBe("Coop ");
  expect(idsOf(Object.fromEntries(new URLSearchParams(transactionQueryString({ merchant: row.merchant! }))))).toEqual([26, 27, 28, 29]);
  // "6. Coop CHF 45.00 (2 tx, …); … 9. Coop  CHF 16.00 (2 tx, …)."
  const r = linked([["merchant_breakdown", { year: 2025 }]], "Coop got CHF 45.00 and the other Coop CHF 16.00.");
  expect(r.statuses).toEqual(["grounded", "grounded"]);
  expect(r.ids).toEqual([null, null]);
});

test("a merchant typed in the page's filter: its exact spelling is looked for among the rows the other filters select (Denner in 2025 found DENNER's rows; it found none); the page and the export agree", () => {
  expect(idsOf({ merchant: "Denner", from: "2025-01-01" })).toEqual([32, 33]);
  expect(idsOf({ merchant: "Denner" })).toEqual([30, 31]);
  expect(idsOf({ merchant: "DENNER", to: "2024-12-31" })).toEqual([30, 31]);
  expect(idsOf({ merchant: "denner" })).toEqual([30, 31, 32, 33]);
  const q = parseTransactionQuery(new URLSearchParams({ merchant: "Denner", from: "2025-01-01" }));
  expect([...allTransactions(db, q)].map((r) => r.id).sort((a, b) => a - b)).toEqual([32, 33]);
});

test("a turn asks the data about a set of filters once: a series' count in the summary and in the table is one count of the page's rows", () => {
  const data = figureRowsData(db);
  const asked = new Map<string, number>();
  const t = createTurnFigures({
    vocabulary: db.ledger(),
    periods: (i) => callPeriods(i, db.ledger()),
    figureKind: () => undefined,
    ...data,
    rowCount: (rows) => {
      asked.set(JSON.stringify(rows), (asked.get(JSON.stringify(rows)) ?? 0) + 1);
      return data.rowCount(rows);
    },
  });
  const tool = READ_TOOLS.find((x) => x.name === "recurring_payments")!;
  t.record({ id: "toolu_0", name: "recurring_payments", input: {} }, tool.run(db, tool.schema().parse({}) as never, { budgets: { list: () => [] }, contributions: { counterparties: () => [] }, now: () => new Date("2025-07-02T12:00:00Z") }));
  // The summary's "Netflix (Entertainment) monthly CHF 20.90, 6 payments …" and its table's Payments cell 6 back the figure.
  const [f] = t.check("Netflix took 6 payments.", "");
  expect(f!.sources.length).toBeGreaterThan(1);
  expect(figureRowsLinks(f!).map((l) => idsOf(Object.fromEntries(new URL(l.href, "http://x").searchParams)))).toEqual([[20, 21, 22, 23, 24, 25]]);
  expect([...asked.values()]).toEqual([1, 1]);
});
