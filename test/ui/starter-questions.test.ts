/**
 * Starter questions that fit the data (issue 36), on the extended fixture: its data runs to
 * 2026-10-12 (so September 2026 is its last full month), with two accounts.
 */
import { afterAll, expect, test } from "bun:test";
import { createFixture, IBAN, VISA } from "../fixtures/budget-fixture.ts";
import { accountLabel } from "../../src/core/account-labels.ts";
import { starterQuestionsFor } from "../../src/ui/starter-questions.ts";

const fx = createFixture({ extended: true });
afterAll(() => fx.cleanup());

test("its last full month, its two largest spending categories, its account with most rows", () => {
  // Spending in CHF over the whole fixture: Housing 18'800.00 (rent [301–309]: 5 × 2'000 + 4 × 2'200), then
  // Shopping 1'849.83 (Insurance 1'272.20, Groceries 1'216.40 follow; Investments 6'799.50 and Transfers 3'500.00
  // are not spending). Accounts: Visa 4417 has 23 rows, the IBAN 17.
  expect(starterQuestionsFor(fx.db, (a) => accountLabel(a, new Map()))).toEqual([
    "Where did my money go in September 2026?",
    "How did my Housing spending develop month by month?",
    "Where do I spend most on Shopping?",
    "How much went out of Visa 4417 in September 2026?",
  ]);
  // The account by the name the household gave it.
  expect(starterQuestionsFor(fx.db, (a) => accountLabel(a, new Map([[VISA, "Anna's card"], [IBAN, "Household"]])))[3]).toBe(
    "How much went out of Anna's card in September 2026?",
  );
});

test("without accounts: the month against the one before; without transactions: none", () => {
  const strict = createFixture();
  const empty = createFixture({ rows: [] });
  try {
    // The strict fixture's last rows are of 2025-12-28, before December's end: November 2025 is its last full month.
    const qs = starterQuestionsFor(strict.db, (a) => a);
    expect(qs[0]).toBe("Where did my money go in November 2025?");
    expect(qs.at(-1)).toBe("How does November 2025 compare with October 2025?");
    expect(starterQuestionsFor(empty.db, (a) => a)).toEqual([]);
  } finally {
    strict.cleanup();
    empty.cleanup();
  }
});
