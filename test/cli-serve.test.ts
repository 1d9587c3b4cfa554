/** serve's start-up line about the data it serves (src/cli/serve.ts budgetDataLine). */
import { expect, test } from "bun:test";
import { budgetDataLine } from "../src/cli/serve.ts";

test("the data line counts transactions in words: one, many, none; the demo data says so", () => {
  expect(budgetDataLine("b.db", false, { transactionCount: 1, firstDate: "2026-09-01", lastDate: "2026-09-01" })).toBe(
    "  budget data: b.db (1 transaction, 2026-09-01 to 2026-09-01)",
  );
  expect(budgetDataLine("data/demo-budget.db", true, { transactionCount: 7300, firstDate: "2023-11-01", lastDate: "2026-10-31" })).toBe(
    "  budget data: data/demo-budget.db (demo data) (7'300 transactions, 2023-11-01 to 2026-10-31)",
  );
  expect(budgetDataLine("b.db", false, { transactionCount: 0, firstDate: null, lastDate: null })).toBe("  budget data: b.db (no transactions)");
});
