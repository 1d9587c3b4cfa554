/**
 * "Always do this (make a rule)" after edits (SPEC §14, issue 35 item 4), on the whole web app with
 * the hand-made fixture (test/fixtures/budget-rows.ts; row ids in brackets): the same merchant given
 * the same new category twice, or "all rows of this merchant" at once, offers the rule; the link opens
 * the Rules page with the rule filled in and its preview; adding it creates it. Nothing is offered for
 * a first edit, another category, an undone edit, or once a rule files the merchant already.
 */
import { describe, expect, test } from "bun:test";
import { dirname } from "node:path";
import { createFixture, type Fixture } from "../fixtures/budget-fixture.ts";
import { webSuite, type WebHarness } from "../support/web-harness.ts";
import { startWebHarness } from "../support/web-harness.ts";
import { browserHeaders, postJson } from "../trust/support.ts";

let fx: Fixture;
const h: WebHarness = webSuite(async () => {
  fx = createFixture();
  const started = await startWebHarness({ dir: dirname(fx.path) });
  return {
    ...started,
    async close() {
      await started.close();
      fx.cleanup();
    },
  };
});

const ALWAYS = "Always do this (make a rule)";
const edit = async (id: number, fields: Record<string, string>) => {
  const res = await fetch(`${h.url}/transactions/${id}`, { method: "PATCH", headers: { ...browserHeaders(h), "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });
  expect(res.status).toBe(200);
  return res.text();
};

describe("from edits to a rule", () => {
  test("the same merchant to the same category twice offers the rule; the link fills in the Rules page with its preview; adding it makes it", async () => {
    // Fitnesspark [63] [64], Healthcare. First edit: nothing offered.
    const first = await edit(63, { category: "Subscriptions" });
    expect(first).toContain("Moved 1 transaction to Subscriptions.");
    expect(first).not.toContain(ALWAYS);
    // The other row to another category: still nothing (not the same category twice).
    expect(await edit(64, { category: "Other" })).not.toContain(ALWAYS);
    // The same category again for the same merchant: offered.
    const second = await edit(64, { category: "subscriptions" });
    const link = "/rules?field=merchant&amp;match=equals&amp;pattern=Fitnesspark&amp;category=Subscriptions#add-rule";
    expect(second).toContain(`<a class="button quiet toast-rule" href="${link}" title="Make a rule: merchant Fitnesspark → Subscriptions, at every import">${ALWAYS}</a>`);

    // The link: the add form filled in, and what it would change now (both rows are in Subscriptions already).
    const page = await (await fetch(`${h.url}${link.replaceAll("&amp;", "&")}`, { headers: browserHeaders(h) })).text();
    expect(page).toContain('<option value="merchant" selected="">Merchant</option>');
    expect(page).toContain('<option value="equals" selected="">is</option>');
    expect(page).toContain('name="pattern" value="Fitnesspark"');
    expect(page).toContain('<option value="Subscriptions" selected="">Subscriptions</option>');
    expect(page).toContain("<strong>Would change no transaction now</strong>.");
    expect(page).toContain('<p class="rule-preview-note muted">2 transactions it matches are in Subscriptions already.</p>');

    const add = await fetch(`${h.url}/rules`, {
      method: "POST",
      headers: { ...browserHeaders(h), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ field: "merchant", match: "equals", pattern: "Fitnesspark", category: "Subscriptions", priority: "0", apply: "true" }),
    });
    expect(await add.text()).toContain("Added rule 1 (Merchant is &quot;Fitnesspark&quot; → Subscriptions).");
    // With the rule in place, the same edit again (a third time) offers nothing.
    await edit(63, { category: "Other" });
    const third = await edit(63, { category: "Subscriptions" });
    expect(third).toContain("Moved 1 transaction to Subscriptions.");
    expect(third).not.toContain(ALWAYS);
  });

  test("'all rows of this merchant' offers it at once (API too); an undone edit does not count", async () => {
    // Migros [90] and its other rows: one edit of all of them.
    const res = await fetch(`${h.url}/api/transactions/90`, { method: "PATCH", headers: { Origin: h.url, "content-type": "application/json" }, body: JSON.stringify({ category: "Dining", apply_to_merchant: true }) });
    const body = (await res.json()) as { edit_id: number; suggested_rule: unknown };
    expect(body.suggested_rule).toEqual({
      field: "merchant",
      match: "equals",
      pattern: "Migros",
      min_amount: null,
      max_amount: null,
      account: null,
      category: "Dining",
      merchant_name: null,
      priority: 0,
      link: "/rules?field=merchant&match=equals&pattern=Migros&category=Dining#add-rule",
    });
    expect((await postJson(h, `/api/edits/${body.edit_id}/undo`, {}, { Origin: h.url })).status).toBe(200);
    // Praxis Dr. Meier [124], alone: one edit, undone, then one more: once, not twice.
    const once = (await (await fetch(`${h.url}/api/transactions/124`, { method: "PATCH", headers: { Origin: h.url, "content-type": "application/json" }, body: JSON.stringify({ category: "Other" }) })).json()) as { edit_id: number; suggested_rule: unknown };
    expect(once.suggested_rule).toBeNull();
    expect((await postJson(h, `/api/edits/${once.edit_id}/undo`, {}, { Origin: h.url })).status).toBe(200);
    expect(await edit(124, { category: "Other" })).not.toContain(ALWAYS);
  });
});
