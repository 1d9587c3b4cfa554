/**
 * A figure of one listed transaction opens the row the tool listed (SPEC §11.1 drill-down), found by what its line prints
 * (day, amount, currency, merchant, category) within the call's own filters: never a row named by a description's words,
 * never a row the call did not list.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createFixture, fixtureRow, fixtureRows } from "../fixtures/budget-fixture.ts";
import type { BudgetDb } from "../../src/ledger/reader.ts";
import { READ_TOOLS } from "../../src/tools/registry.ts";
import { createTurnFigures } from "../../src/figures/turn.ts";
import { callPeriods } from "../../src/tools/query/period.ts";
import { listedTransactions } from "../../src/tools/query/listed.ts";
import { figureRowsLinks } from "../../src/transactions/link.ts";
import { parseTransactionQuery } from "../../src/transactions/query.ts";
import { transactionsPage } from "../../src/transactions/listing.ts";

let fixture: ReturnType<typeof createFixture>;
let db: BudgetDb;
beforeAll(() => {
  fixture = createFixture({
    rows: [
      ...fixtureRows(),
      // A gift card of no known merchant whose description names Migros; a Migros row of the same day and amount.
      fixtureRow(901, "2025-05-20", "GESCHENKKARTE MIGROS", -50, "", "Shopping"),
      fixtureRow(902, "2025-05-20", "MIGROS ZUERICH", -50, "Migros", "Groceries"),
      // Two gift cards alike in all a line prints (day, amount, no merchant, Shopping): only the call's search tells them apart.
      fixtureRow(907, "2025-07-10", "GESCHENKKARTE COOP", -40, "", "Shopping"),
      fixtureRow(908, "2025-07-10", "GUTSCHEIN MANOR", -40, "", "Shopping"),
      // A new merchant's one payment and a refund of part of it.
      fixtureRow(909, "2025-08-03", "VELO HUBER AG", -300, "Velo Huber", "Shopping"),
      fixtureRow(910, "2025-08-20", "VELO HUBER AG GUTSCHRIFT", 60, "Velo Huber", "Shopping"),
    ],
  });
  db = fixture.db;
});
afterAll(() => fixture.cleanup());

/** Per figure of the answer: the ids of the rows each of its links opens, or null for no link. */
function opened(calls: [string, Record<string, unknown>][], answer: string): (number[][] | null)[] {
  const t = createTurnFigures({ vocabulary: db.ledger(), periods: (i) => callPeriods(i, db.ledger()), figureKind: () => undefined, rowIds: (row, input) => listedTransactions(db, row, input) });
  calls.forEach(([name, input], i) => {
    const tool = READ_TOOLS.find((x) => x.name === name)!;
    t.record({ id: `toolu_${i}`, name, input }, tool.run(db, tool.schema().parse(input) as never, { budgets: { list: () => [] }, contributions: { counterparties: () => [] }, now: () => new Date("2026-11-02T12:00:00Z") }));
  });
  return t.check(answer, "").map((f) => {
    const links = figureRowsLinks(f);
    return links.length ? links.map((l) => transactionsPage(db, parseTransactionQuery(new URL(l.href, "http://x").searchParams)).rows.map((r) => r.id)) : null;
  });
}

test("a listed row of no known merchant opens that row, not the row of the merchant its description names (opened Migros' row 902)", () => {
  // The summary's line: `2025-05-20 CHF -50.00 (unknown merchant) "GESCHENKKARTE MIGROS" [Shopping]`.
  expect(opened([["list_transactions", { category: "Shopping", year: 2025, month: 5 }]], "In May 2025 you bought a gift card for CHF 50.00 on 20 May.")).toEqual([[[901]]]);
});

test("the call's own filters tell alike rows apart: a search's one listed row opens that row", () => {
  // `2025-07-10 CHF -40.00 (unknown merchant) "GESCHENKKARTE COOP" [Shopping]`, the only row the search lists; the MANOR card of
  // the same day, amount and category is not listed.
  expect(opened([["list_transactions", { search: "GESCHENKKARTE", year: 2025, month: 7 }]], "The gift card of 10 July cost CHF 40.00.")).toEqual([[[907]]]);
  // Listed together, the two are alike: neither is known to be the figure's.
  expect(opened([["list_transactions", { category: "Shopping", year: 2025, month: 7 }]], "A gift card of 10 July cost CHF 40.00.")).toEqual([null]);
});

test("a new merchant's payments are its money out: their link leaves its refunds out (CHF 300.00 opened the payment and its CHF 60 refund)", () => {
  // unusual_transactions' line: "Velo Huber first on 2025-08-03, 1 payment, CHF 300.00".
  expect(opened([["unusual_transactions", { kind: "new_merchants", year: 2025, limit: 50 }]], "Velo Huber is new this year: 1 payment of CHF 300.00.")).toEqual([[[909]], [[909]]]);
});
