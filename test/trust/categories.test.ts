/**
 * Categories from the chat, end to end (issue 24): manage_categories and a
 * recategorisation to a new category through the approval card on the whole web app (the
 * real SDK against the fake Messages API, the approval service unchanged), and an
 * answer's table linking to the same rows on the Transactions page.
 */
import { describe, expect, test } from "bun:test";
import { apiChat, browserHeaders, budgetQuery, continued, resultText, startTrustHarness, toolResultsOf } from "./support.ts";
import { webSuite } from "../support/web-harness.ts";

const h = webSuite(() => startTrustHarness());


const call = (name: string, input: Record<string, unknown>, id: string) => [
  { kind: "message" as const, content: [{ type: "tool_use" as const, id, name, input }] },
  { kind: "message" as const, content: [{ type: "text" as const, text: "Done." }] },
];

describe("categories through the approval card", () => {
  test("manage_categories add: the card, approve, the category exists; undo removes it", async () => {
    h.fake.enqueue(...call("manage_categories", { action: "add", name: "Pets", description: "Pet food, vets, pet insurance" }, "tu_cat"));
    const stream = await apiChat(h, "Add a Pets category");
    const req = await stream.waitFor("approval_request");
    expect(req.preview).toMatchObject({ title: "add the category “Pets”", description: "Add the category Pets (“Pet food, vets, pet insurance”).", facts: [{ label: "Description", value: "Pet food, vets, pet insurance" }] });
    expect(budgetQuery(h, "SELECT count(*) AS n FROM categories WHERE name = 'Pets'")).toEqual([{ n: 0 }]);
    const click = await fetch(`${h.url}/approvals/${req.id}/approve`, { method: "POST", headers: browserHeaders(h) });
    expect(click.status).toBe(200);
    await stream.ended;
    // The decision's continuation answers in the background: it must not take the next test's replies.
    await continued(h, req.id);
    expect(resultText(toolResultsOf(h.fake, 1)[0])).toBe("Approved by the user: Added the category Pets.");
    expect(budgetQuery(h, "SELECT name, description FROM categories WHERE name = 'Pets'")).toEqual([{ name: "Pets", description: "Pet food, vets, pet insurance" }]);
    const undo = await fetch(`${h.url}/approvals/${req.id}/undo`, { method: "POST", headers: browserHeaders(h) });
    expect(undo.status).toBe(200);
    expect(budgetQuery(h, "SELECT count(*) AS n FROM categories WHERE name = 'Pets'")).toEqual([{ n: 0 }]);
  });

  test("recategorise_transactions to a category that does not exist: the card says it creates it; approve does", async () => {
    const migros = budgetQuery<{ n: number }>(h, "SELECT count(*) AS n FROM transactions WHERE raw_description LIKE '%migros%' AND substr(date, 1, 7) = '2026-10'")[0]!.n;
    expect(migros).toBeGreaterThan(0);
    h.fake.enqueue(...call("recategorise_transactions", { search: "migros", year: 2026, month: 10, to_category: "Supermarkets" }, "tu_new"));
    const stream = await apiChat(h, "Move October's Migros to a new Supermarkets category");
    const req = await stream.waitFor("approval_request");
    expect(req.preview.title).toBe(`move ${migros === 1 ? "1 transaction" : `${migros} transactions`} to the new category “Supermarkets”`);
    expect(req.preview.description).toEndWith("This creates the new category Supermarkets (“Transactions the user filed under Supermarkets.”).");
    await fetch(`${h.url}/approvals/${req.id}/approve`, { method: "POST", headers: browserHeaders(h) });
    await stream.ended;
    // The decision's continuation answers in the background: it must not take the next test's replies.
    await continued(h, req.id);
    expect(budgetQuery(h, "SELECT description FROM categories WHERE name = 'Supermarkets'")).toEqual([{ description: "Transactions the user filed under Supermarkets." }]);
    expect(budgetQuery(h, "SELECT count(*) AS n FROM transactions WHERE category = 'Supermarkets'")).toEqual([{ n: migros }]);
  });

  test("an answer's transaction table links to the same rows on the Transactions page", async () => {
    h.fake.enqueue(...call("list_transactions", { search: "sbb", year: 2026, limit: 5 }, "tu_list"));
    const stream = await apiChat(h, "Show my SBB trips this year");
    const done = await stream.waitFor("done");
    const page = await (await fetch(`${h.url}/conversations/${done.conversation_id}`)).text();
    expect(page).toContain('<a class="button quiet see-transactions" href="/transactions?q=sbb&amp;from=2026-01-01&amp;to=2026-12-31">See these transactions</a>');
  });
});
