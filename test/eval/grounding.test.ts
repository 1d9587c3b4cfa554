import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BudgetDb } from "../../src/ledger/reader.ts";
import { writeDemoDb } from "../../src/ledger/demo/generator.ts";
import { ungroundedFigures } from "../../src/eval/grounding.ts";
import type { CallRecord } from "../../src/eval/score.ts";

const dir = mkdtempSync(join(tmpdir(), "bc-eval-grounding-"));
writeDemoDb({ out: join(dir, "demo.db") });
const db = BudgetDb.open(join(dir, "demo.db"), { notSpending: ["Transfers", "Investments"] });
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const call = (input: unknown, summary: string): CallRecord => ({ id: "toolu_1", tool: "spending_by_category", input, ok: true, output: { summary, charts: [] } });
const summary = "Spending by category for 2025. CHF: total CHF 184'500.51 over 2'318 transactions: Groceries CHF 18'109.55 (9.8%, 914 tx).";

describe("ungrounded figures of an eval answer", () => {
  test("figures of the tool result, and a monthly average over the period's months (12 for 2025), are grounded", () => {
    const calls = [call({ year: 2025 }, summary)];
    expect(ungroundedFigures("Groceries: CHF 18'109.55 (9.8%), 914 purchases, CHF 1'509.13 a month.", "How much on groceries in 2025?", calls, db.ledger())).toEqual([]);
  });
  test("a figure the turn never showed is ungrounded, as written; so is every figure when the call failed", () => {
    const calls = [call({ year: 2025 }, summary)];
    expect(ungroundedFigures("Groceries: CHF 18'109.55, up CHF 1'234.00.", "How much on groceries in 2025?", calls, db.ledger())).toEqual(["CHF 1'234.00"]);
    const failed: CallRecord = { id: "toolu_2", tool: "spending_by_category", input: { year: 2025 }, ok: false, error: "boom" };
    expect(ungroundedFigures("Groceries: CHF 18'109.55.", "How much on groceries in 2025?", [failed], db.ledger())).toEqual(["CHF 18'109.55"]);
  });
  test("the monthly average needs the period's months: over 2025-01…2025-06 it is ÷6, not ÷12", () => {
    const calls = [call({ from: "2025-01-01", to: "2025-06-30" }, "Groceries CHF 9'000.00")];
    expect(ungroundedFigures("CHF 1'500.00 a month", "Groceries in the first half of 2025?", calls, db.ledger())).toEqual([]);
    expect(ungroundedFigures("CHF 750.00 a month", "Groceries in the first half of 2025?", calls, db.ledger())).toEqual(["CHF 750.00"]);
  });
});
