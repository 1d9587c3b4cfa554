/**
 * The filters that open exactly the rows a spending figure of a merchant counts (src/transactions/counted.ts): its
 * spending-category rows, Uncategorised ones money out only (SPEC §1), checked against the Transactions page's own rows.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createFixture, fixtureRow } from "../fixtures/budget-fixture.ts";
import { pageRowCount, spendingRowsFilter } from "../../src/transactions/counted.ts";

let fixture: ReturnType<typeof createFixture>;
beforeAll(() => {
  fixture = createFixture({
    rows: [
      // A health insurer: premiums (Insurance), a deductible (Healthcare), a reimbursement (Income).
      fixtureRow(1, "2025-01-05", "KASSE PRAEMIE", -300, "Kasse", "Insurance"),
      fixtureRow(2, "2025-02-10", "KASSE KOSTENBETEILIGUNG", -45.5, "Kasse", "Healthcare"),
      fixtureRow(3, "2025-03-12", "KASSE LEISTUNGEN", 80, "Kasse", "Income"),
      // The same in 2024, with a refund of the deductible (Healthcare, money in): spending of two categories net of a refund.
      fixtureRow(4, "2024-01-05", "KASSE PRAEMIE", -290, "Kasse", "Insurance"),
      fixtureRow(5, "2024-02-10", "KASSE KOSTENBETEILIGUNG", -60, "Kasse", "Healthcare"),
      fixtureRow(6, "2024-02-20", "KASSE KORREKTUR", 15, "Kasse", "Healthcare"),
      fixtureRow(7, "2024-03-12", "KASSE LEISTUNGEN", 50, "Kasse", "Income"),
      // A shop in one category with its reimbursement in Income; an unknown shop's money in (Uncategorised).
      fixtureRow(8, "2025-04-01", "SPORT AG", -120, "Sport AG", "Shopping"),
      fixtureRow(9, "2025-04-20", "SPORT AG GUTSCHRIFT", 20, "Sport AG", "Income"),
      fixtureRow(10, "2025-05-01", "LADEN", -30, "Laden", "Uncategorised"),
      fixtureRow(11, "2025-05-02", "LADEN", 12, "Laden", "Uncategorised"),
      fixtureRow(12, "2025-06-01", "BAECKER", -8.5, "Baecker", "Groceries"),
      fixtureRow(13, "2025-06-02", "BAECKER", 2, "Baecker", "Groceries"),
    ],
  });
});
afterAll(() => fixture.cleanup());

const y = (year: number) => ({ from: `${year}-01-01`, to: `${year}-12-31`, currency: "CHF" });

test("rows all counted keep their filters; a reimbursement is left out by the one category of the rest or by money out; else no filters", () => {
  const db = fixture.db;
  // Groceries' purchase and its refund are both spending (net 6.50): the merchant's rows as they are.
  expect(spendingRowsFilter(db, { merchant: "Baecker", ...y(2025) })).toEqual({ merchant: "Baecker", ...y(2025) });
  // Sport AG: Shopping [8] counted, Income [9] not: its one category.
  expect(spendingRowsFilter(db, { merchant: "Sport AG", ...y(2025) })).toEqual({ merchant: "Sport AG", ...y(2025), category: "Shopping" });
  // Kasse 2025: Insurance [1] and Healthcare [2] counted, both money out; Income [3] money in: money out.
  expect(spendingRowsFilter(db, { merchant: "Kasse", ...y(2025) })).toEqual({ merchant: "Kasse", ...y(2025), direction: "out" });
  expect(pageRowCount(db, { merchant: "Kasse", ...y(2025), direction: "out" })).toBe(2);
  // Kasse 2024: two categories counted, one of them with a refund [6] (money in, counted): no filter opens [4 5 6] alone.
  expect(spendingRowsFilter(db, { merchant: "Kasse", ...y(2024) })).toBeNull();
  // Laden: Uncategorised spending is its money out [10]; its money in [11] is unclassified, counted nowhere.
  expect(spendingRowsFilter(db, { merchant: "Laden", ...y(2025) })).toEqual({ merchant: "Laden", ...y(2025), category: "Uncategorised", direction: "out" });
  // A category already named, a transaction by its id: as they are.
  expect(spendingRowsFilter(db, { merchant: "Kasse", category: "Income" })).toEqual({ merchant: "Kasse", category: "Income" });
});
