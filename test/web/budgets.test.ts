/**
 * The Budgets page and GET /api/budgets when the latest month with data is a past month whose
 * data stops before its end (SPEC §8: it says "data until …", as budget_status does), on the
 * extended fixture: its data ends 2026-10-12 and the harness's today is 2026-11-22.
 */
import { afterAll, expect, test } from "bun:test";
import { dirname } from "node:path";
import { createFixture, type Fixture } from "../fixtures/budget-fixture.ts";
import { startWebHarness, webSuite } from "../support/web-harness.ts";

let fx: Fixture;
const h = webSuite(() => {
  fx = createFixture({ extended: true });
  return startWebHarness({ dir: dirname(fx.path) });
});
afterAll(() => fx.cleanup());

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

test("the Budgets page for October 2026 says the month's data stops on the 12th, so its figures may be incomplete", async () => {
  const page = await (await fetch(`${h.url}/budgets?month=2026-10`)).text();
  expect(page).toContain("Figures for October 2026: data until 12 Oct 2026 only (the month&#39;s data stops before its end), so the figures may be incomplete.");
  expect(page).toContain("Spending without a budget: CHF 2&#39;308.35.");
  expect(page).toContain('<option value="2026-10" selected="">October 2026</option>');
});

test("the Budgets page opens on the current month; one without transactions says so; a month that is not one is refused", async () => {
  const now = new Date();
  const month = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}`;
  const name = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric" }).format(now);
  const page = await (await fetch(`${h.url}/budgets`)).text();
  // The fixture's data ends 12 Oct 2026, before any month this test can run in (the harness's today is later).
  expect(page).toContain(`<option value="${month}" selected="">${name}</option>`);
  expect(page).toContain(`No transactions in ${name}: your data goes up to 12 Oct 2026. Import newer statements, or pick another month.`);
  // Before the data starts: said the same way.
  expect(await (await fetch(`${h.url}/budgets?month=2001-01`)).text()).toContain("No transactions in January 2001: your data goes up to 12 Oct 2026.");
  const bad = await fetch(`${h.url}/budgets?month=2026-13`, { headers: { accept: "text/html" } });
  expect(bad.status).toBe(400);
  expect(await bad.text()).toContain("Not a month: &quot;2026-13&quot;. Pick one from the list, e.g. 2026-10.");
});
