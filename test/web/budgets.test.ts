/**
 * The Budgets page and GET /api/budgets when the latest month with data is a past month whose
 * data stops before its end (SPEC §8: it says "data until …", as budget_status does), on the
 * extended fixture: its data ends 2026-10-12 and the harness's today is 2026-11-22.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { dirname } from "node:path";
import { createFixture, type Fixture } from "../fixtures/budget-fixture.ts";
import { startWebHarness, type WebHarness } from "../support/web-harness.ts";

let fx: Fixture;
let h: WebHarness;
beforeAll(async () => {
  fx = createFixture({ extended: true });
  h = await startWebHarness({ dir: dirname(fx.path) });
});
afterAll(async () => {
  await h.close();
  fx.cleanup();
});

test("GET /api/budgets: 2026-10 is past, its data ends on the 12th; spending without a budget is that month's", async () => {
  const body = await (await fetch(`${h.url}/api/budgets`)).json();
  // 2026-10 spending: rent [309] 2'200 + Spotify [320] 12.95 + Migros [343] 95.40 = 2'308.35 (the salary [328] is income)
  expect(body).toEqual({
    month: "2026-10",
    in_progress: false,
    last_date: "2026-10-12",
    data_until: "2026-10-12",
    days_elapsed: null,
    days_in_month: 31,
    currency: "CHF",
    budgets: [],
    totals: [],
    unbudgeted_spending: [{ currency: "CHF", spent: 2308.35 }],
    other_currency_spending: [],
    unclassified_money_in: [],
  });
});

test("the Budgets page says the month's data stops on the 12th, so its figures may be incomplete", async () => {
  const page = await (await fetch(`${h.url}/budgets`)).text();
  expect(page).toContain("Figures for 2026-10: data until 2026-10-12 only (the month&#39;s data stops before its end), so the figures may be incomplete.");
  expect(page).toContain("Spending without a budget: CHF 2&#39;308.35.");
});
