/**
 * propose_rule naming an account as the user sees it (SPEC §14, issue 35): the real SDK against
 * the fake Messages API asks for a rule on "anna's kaertli", the name the household gave the
 * Visa card on the Settings page; the rule is stored for the card itself, the approval card
 * names it by that name, approve moves its rows, undo puts them back. A name no account has is a
 * tool error that lists the accounts by name.
 *
 * On the extended fixture (test/fixtures/budget-rows.ts): the Visa card "Visa 4417" holds three
 * Migros rows, 341 (2026-01-10, -70.00, currency "chf", category "groceries"), 342 (2026-04-18,
 * -480.00, "Groceries") and 343 (2026-10-12, -95.40, "Groceries"), all source llm; the older
 * Migros rows have no account. So the rule "any text contains migros, on that card" moves those
 * three: CHF -645.40 (70 + 480 + 95.40), from Groceries (2) and groceries (1).
 */
import { describe, expect, test } from "bun:test";
import { dirname } from "node:path";
import { createFixture, IBAN, VISA, type Fixture } from "../fixtures/budget-fixture.ts";
import { webSuite } from "../support/web-harness.ts";
import { apiChat, browserHeaders, budgetQuery, changedIds, continued, resultText, snapshot, startTrustHarness, toolCallScript, toolResultsOf } from "./support.ts";

let fixture: Fixture | null = null;
const h = webSuite(async () => {
  fixture = createFixture({ extended: true });
  const web = await startTrustHarness({ dir: dirname(fixture.path) });
  web.store.accountNames.set(VISA, "Anna's Kärtli", "local");
  web.store.accountNames.set(IBAN, "Household", "local");
  // The fixture's own handle is not the app's: closed when the harness is.
  return { ...web, close: async () => (await web.close(), fixture!.cleanup()) };
});


describe("propose_rule with an account named as in Settings", () => {
  test("the name finds the card (ä = ae, letter case aside); the card names it; approve moves its rows; undo puts them back", async () => {
    const before = snapshot(h);
    h.fake.enqueue(...toolCallScript("propose_rule", { pattern: "migros", account: "anna's kaertli", category: "shopping" }, "tu_acct"));
    const stream = await apiChat(h, "Always file Migros on Anna's card under Shopping");
    const req = await stream.waitFor("approval_request");
    expect(req.preview.title).toBe('always file Any text contains "migros", account Anna\'s Kärtli under “Shopping”');
    expect(req.preview.facts).toEqual([
      { label: "Rule", value: 'Any text contains "migros", account Anna\'s Kärtli → Shopping' },
      { label: "Priority", value: "0" },
      { label: "Transactions that change now", value: "3" },
      { label: "Total amount", value: "CHF -645.40" },
      { label: "From", items: ["Groceries (2) → Shopping", "groceries (1) → Shopping"] },
    ]);
    expect(req.preview.affected.rows).toEqual([
      { date: "2026-10-12", merchant: "Migros", category: "Groceries", amount: -95.4, currency: "CHF" },
      { date: "2026-04-18", merchant: "Migros", category: "Groceries", amount: -480, currency: "CHF" },
      { date: "2026-01-10", merchant: "Migros", category: "groceries", amount: -70, currency: "CHF" },
    ]);
    // The card on the page: the name, as text.
    const conversationId = h.store.approvals.get("local", req.id)!.conversationId;
    const page = await (await fetch(`${h.url}/conversations/${conversationId}`, { headers: browserHeaders(h) })).text();
    expect(page).toContain("Any text contains &quot;migros&quot;, account Anna&#39;s Kärtli → Shopping");

    const click = await fetch(`${h.url}/approvals/${req.id}/approve`, { method: "POST", headers: browserHeaders(h) });
    expect(click.status).toBe(200);
    await stream.ended;
    await continued(h, req.id);
    expect(resultText(toolResultsOf(h.fake, 1)[0])).toBe(
      'Approved by the user: Added rule 1 (Any text contains "migros", account Anna\'s Kärtli → Shopping) and moved 3 transactions to Shopping.',
    );
    // Stored for the card itself, as the data spells it; exactly its three Migros rows moved.
    expect(budgetQuery(h, "SELECT id, pattern, account, category, hits FROM category_rules")).toEqual([{ id: 1, pattern: "migros", account: VISA, category: "Shopping", hits: 3 }]);
    const after = snapshot(h);
    expect(changedIds(before, after)).toEqual([341, 342, 343]);
    for (const id of [341, 342, 343]) expect(after.get(id)).toEqual({ id, category: "Shopping", source: "user_rule", confidence: 1 });

    const undo = await fetch(`${h.url}/approvals/${req.id}/undo`, { method: "POST", headers: browserHeaders(h) });
    expect(undo.status).toBe(200);
    expect(changedIds(before, snapshot(h))).toEqual([]);
    expect(budgetQuery(h, "SELECT count(*) AS n FROM category_rules")).toEqual([{ n: 0 }]);
  });

  test("a name no account has is a tool error listing the accounts by name; no card, nothing changed", async () => {
    const before = snapshot(h);
    h.fake.enqueue(...toolCallScript("propose_rule", { pattern: "migros", account: "Savings", category: "Shopping" }, "tu_savings"));
    const stream = await apiChat(h, "Always file Migros on my savings account under Shopping");
    await stream.ended;
    expect(stream.all("approval_request")).toEqual([]);
    const [result] = toolResultsOf(h.fake, 1);
    expect(result.is_error).toBe(true);
    // Named accounts first, by name; the IBAN masked, never whole.
    expect(resultText(result)).toBe(
      'No account is called "Savings". The accounts: "Anna\'s Kärtli" (Visa 4417); "Household" (CH93 … 2957). Name one by its name as written here, or give its IBAN or card number',
    );
    expect(changedIds(before, snapshot(h))).toEqual([]);
  });
});
