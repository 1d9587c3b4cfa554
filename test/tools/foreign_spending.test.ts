/**
 * foreign_spending (issue 33 item 10): its own suite, as every tool has one. The figures of
 * purchases abroad are worked out on the household fixture, whose import left the original
 * amounts in transaction_details (test/tools/household.test.ts, "10. purchases abroad"); here:
 * its schema and affordances, and what it says on a database without transaction facts (the
 * hand-made budget fixture has none).
 */
import { describe, expect, test } from "bun:test";
import { foreignSpending } from "../../src/tools/foreign_spending.ts";
import { fixtures, followUpsOf, chartOf, PERIOD_PROPS, rowsLinkOf, run, schemaOf, schemaRejects } from "./support.ts";

const { db } = fixtures();

describe("foreign_spending without transaction facts", () => {
  test("the budget fixture has no transaction_details: it says it cannot tell purchases abroad from the others", () => {
    expect(run(foreignSpending, db, { year: 2025 }).summary).toStartWith(
      "No spending in other currencies for 2025: this database holds no transaction facts (transaction_details, written by the import), so purchases abroad cannot be told from the others.",
    );
  });
});

describe("foreign_spending's schema and affordances", () => {
  test("the JSON schema sent to the model: original_currency, category and the period; a currency code has three letters", () => {
    expect(schemaOf(foreignSpending)).toEqual({ names: ["original_currency", "category", ...PERIOD_PROPS], required: undefined });
    expect(schemaRejects(foreignSpending, { original_currency: "EURO" })).toBe(true);
    expect(schemaRejects(foreignSpending, { original_currency: "eur" })).toBe(false);
    // The model must know the UI draws the charts and tables (so it never draws text charts).
    expect(foreignSpending.description).toMatch(/The UI (draws|shows)/);
  });

  test("no 'see these transactions' link (the Transactions page cannot filter by the currency paid in) and no follow-ups", () => {
    expect(rowsLinkOf(foreignSpending, { year: 2025, original_currency: "EUR" })).toBeNull();
    expect(followUpsOf(foreignSpending, chartOf({ EUR: 580 }), { year: 2025 })).toEqual([]);
  });
});
