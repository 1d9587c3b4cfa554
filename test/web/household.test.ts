/**
 * The pages and JSON API on the household fixture (test/fixtures/household.ts), issue 33: the
 * Settings page's household contributions (and their API), budgets kept in their own currency
 * (the Budgets page and PUT /api/budgets), and search folded alike on the Transactions page and
 * in the sidebar's conversation search. The harness's today is 2026-11-22: December 2025 is the latest
 * month with data.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeHousehold } from "../fixtures/household.ts";
import { startWebHarness, webSuite } from "../support/web-harness.ts";

let dir: string;
const h = webSuite(() => {
  dir = mkdtempSync(join(tmpdir(), "household-web-"));
  writeHousehold(join(dir, "budget.db"));
  return startWebHarness({ dir });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const form = (body: Record<string, string>, htmx = false) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: h.url, ...(htmx ? { "HX-Request": "true" } : {}) },
  body: new URLSearchParams(body).toString(),
  redirect: "manual" as const,
});
const json = (method: string, body?: unknown) => ({ method, headers: { "Content-Type": "application/json", Origin: h.url }, body: body === undefined ? undefined : JSON.stringify(body) });

describe("Settings: household contributions", () => {
  test("the page marks a counterparty, shows what their money in comes to, and unmarks it; every change audited", async () => {
    const empty = await (await fetch(`${h.url}/settings`)).text();
    expect(empty).toContain("<h2 id=\"contributions-heading\">Household contributions</h2>");
    expect(empty).toContain("No household contributions yet.");
    expect(empty).toContain('href="/settings" aria-current="page"');

    // Without JavaScript: a plain form post, then back to the page.
    const added = await fetch(`${h.url}/settings/contributions`, form({ action: "add", counterparty: "  Alex   Muster " }));
    expect([added.status, added.headers.get("location")]).toEqual([303, "/settings"]);
    // Alex's money in: 12 × 2'200 (2024) + 12 × 2'400 (2025) = 55'200 in 24 payments; the premiums naming him are money out.
    const page = await (await fetch(`${h.url}/settings`)).text();
    expect(page).toContain('<span class="contribution-name">Alex Muster</span> <span class="muted">CHF 55&#39;200.00 in 24 payments</span>');

    // With htmx: the section swaps itself; a bad name is said there (422) and nothing changes.
    const bad = await fetch(`${h.url}/settings/contributions`, form({ action: "add", counterparty: "?" }, true));
    expect(bad.status).toBe(422);
    const badHtml = await bad.text();
    expect(badHtml).toContain('id="contributions"');
    expect(badHtml).toContain("The counterparty&#39;s name needs at least 2 letters or digits");
    expect(h.store.contributions.counterparties()).toEqual(["Alex Muster"]);

    // Any spelling that folds alike is the same counterparty.
    const removed = await fetch(`${h.url}/settings/contributions`, form({ action: "remove", counterparty: "ALEX MUSTER" }, true));
    expect(removed.status).toBe(200);
    expect(await removed.text()).toContain("No household contributions yet.");
    expect(h.store.audit.list({ kind: "write" }).map((e) => e.detail)).toEqual([
      { contribution: "Alex Muster", action: "remove", via: "page", by: "local" },
      { contribution: "Alex Muster", action: "add", via: "page", by: "local" },
    ]);
  });

  test("JSON: GET, POST and DELETE /api/contributions", async () => {
    const post = await fetch(`${h.url}/api/contributions`, json("POST", { counterparty: "Alex Muster" }));
    expect(await post.json()).toEqual({ counterparty: "Alex Muster", added: true });
    expect(await (await fetch(`${h.url}/api/contributions`, json("POST", { counterparty: "alex muster" }))).json()).toEqual({ counterparty: "Alex Muster", added: false });
    const list = await (await fetch(`${h.url}/api/contributions`)).json();
    expect(list.contributions).toHaveLength(1);
    expect(list.contributions[0]).toMatchObject({ counterparty: "Alex Muster", created_by: "local", money_in: [{ currency: "CHF", total: 55200, count: 24 }] });
    expect((await fetch(`${h.url}/api/contributions`, json("POST", { name: "x" }))).status).toBe(400);
    expect((await fetch(`${h.url}/api/contributions/Nobody`, json("DELETE"))).status).toBe(404);
    expect(await (await fetch(`${h.url}/api/contributions/${encodeURIComponent("Alex Muster")}`, json("DELETE"))).json()).toEqual({ removed: "Alex Muster" });
  });
});

describe("Budgets in their own currency", () => {
  test("a new budget takes the currency spent most (CHF), not the one with most rows (EUR); one can be asked for; a change keeps it", async () => {
    const groceries = await (await fetch(`${h.url}/api/budgets/Groceries`, json("PUT", { amount: 500 }))).json();
    // December 2025: CHF groceries 420 of 500; the bakery's EUR 99.20 is listed apart.
    expect(groceries.budget).toMatchObject({ category: "Groceries", amount: 500, currency: "CHF", spent: 420, remaining: 80, pct_used: 84 });
    const eur = await (await fetch(`${h.url}/api/budgets/Dining`, json("PUT", { amount: 40, currency: "eur" }))).json();
    expect(eur.budget).toMatchObject({ category: "Dining", amount: 40, currency: "EUR" });
    const bad = await fetch(`${h.url}/api/budgets/Dining`, json("PUT", { amount: 40, currency: "JPY" }));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe("Currency must be one of the data's currencies (EUR, CHF); got \"JPY\".");
    // Changing the amount keeps the budget's currency.
    expect((await (await fetch(`${h.url}/api/budgets/Dining`, json("PUT", { amount: 45 }))).json()).budget).toMatchObject({ amount: 45, currency: "EUR" });
    const all = await (await fetch(`${h.url}/api/budgets`)).json();
    expect(all.other_currency_spending).toContainEqual({ category: "Groceries", currency: "EUR", spent: 99.2 });
    // The page's form for a category without a budget offers the currency it is spent in, and sets it in that one.
    const page = await (await fetch(`${h.url}/budgets`)).text();
    expect(page).toContain('<label for="budget-Housing-amount">Monthly budget (CHF)</label><input type="hidden" name="currency" value="CHF"/>');
  });
});

describe("Budget suggestions in their currency", () => {
  test("a suggested amount is an average in the suggestions' currency, and Set keeps the budget in that currency", async () => {
    // October–December 2025 (the data ends on 31 December, so December is full), CHF, categories without a budget
    // (Groceries and Dining have one from the test above): Housing 1'900 + 250 a month = 2'150.00; Insurance
    // 894.10 + 24.80 = 918.90; Shopping: Möbel Pfister 2'450 in October ÷ 3 = 816.67.
    const page = await (await fetch(`${h.url}/budgets`)).text();
    const forms = [...page.matchAll(/<form method="post" action="([^"]+)"[^>]*class="suggestion-form"><input type="hidden" name="amount" value="([^"]+)"\/><input type="hidden" name="currency" value="([^"]+)"\/>/g)];
    expect(forms.map((m) => [m[1]!.replace(/\?.*/, ""), m[2], m[3]])).toEqual([
      ["/budgets/Housing", "2150.00", "CHF"],
      ["/budgets/Insurance", "918.90", "CHF"],
      ["/budgets/Shopping", "816.67", "CHF"],
    ]);
    // Set, as the browser posts the form without JavaScript.
    const set = await fetch(`${h.url}${forms[0]![1]}`, form({ amount: forms[0]![2]!, currency: forms[0]![3]! }));
    expect(set.status).toBe(303);
    expect(h.store.budgets.get("Housing")).toMatchObject({ amount: 2150, currency: "CHF" });
  });
});

describe("search folds alike on the Transactions page and in the conversation search", () => {
  test("/api/transactions?q=Zürich, Zuerich or zurich: the same 6 rows of June 2025", async () => {
    for (const q of ["Zürich", "Zuerich", "zurich"]) {
      const body = await (await fetch(`${h.url}/api/transactions?q=${encodeURIComponent(q)}&from=2025-06-01&to=2025-06-30`)).json();
      expect(body.total_rows).toBe(6);
      expect(body.totals).toEqual([{ currency: "CHF", out: 420, in: 0, net: -420 }]);
    }
  });

  test("the sidebar's conversation search (GET /conversations?q=) folds a question's umlauts", async () => {
    const conv = h.store.conversations.create("local", "Mahngebühr der Verwaltung");
    const found = await (await fetch(`${h.url}/conversations?q=${encodeURIComponent("gebuehr")}`)).text();
    // The one conversation of this app, found by "gebuehr" for "gebühr": the list holds exactly its link.
    expect([...found.matchAll(/class="conv-link" href="([^"]+)"/g)].map((m) => m[1])).toEqual([`/conversations/${conv.id}`]);
    expect(await (await fetch(`${h.url}/conversations?q=${encodeURIComponent("gebuhren")}`)).text()).toContain("No conversation matches.");
  });
});
