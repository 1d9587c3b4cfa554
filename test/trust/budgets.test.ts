/**
 * Budgets end to end (SPEC §8, issue 13): set_budget through the approval card on the
 * whole web app (the real SDK against the fake Messages API, the same approval service
 * and loop recategorise_transactions uses, unchanged), the JSON API and the Budgets page's
 * htmx routes, and who may read or change budgets.
 */
import { describe, expect, test } from "bun:test";
import type { FakeReply } from "../support/fake-anthropic.ts";
import { apiChat, auditKinds, browserHeaders, continued, loginWith, postJson, resultText, startTrustHarness, toolResultsOf } from "./support.ts";
import { waitFor } from "../support/wait.ts";
import { webSuite } from "../support/web-harness.ts";

let h = webSuite(() => startTrustHarness());

/** The fake model: one set_budget call, then a closing text. */
function setBudgetScript(input: Record<string, unknown>, id = "toolu_budget"): FakeReply[] {
  return [
    { kind: "message", content: [{ type: "text", text: "I'll prepare that." }, { type: "tool_use", id, name: "set_budget", input }] },
    { kind: "message", content: [{ type: "text", text: "Done." }] },
  ];
}

const budgetOf = (category: string) => h.store.budgets.get(category)?.amount ?? null;
const writes = () => h.store.audit.list({ kind: "write", limit: 1000 });

describe("set_budget through the approval card", () => {
  test("the card shows old → new from the server; approve stores once; a second click and a replay do nothing; undo restores", async () => {
    h.store.budgets.set("Dining", 250, "CHF", { via: "cli", by: "cli" });
    h.fake.enqueue(...setBudgetScript({ category: "dining", amount: 300 }));
    const stream = await apiChat(h, "Set my dining budget to 300");
    const req = await stream.waitFor("approval_request");
    expect(req.preview).toMatchObject({
      title: "set the “Dining” budget to CHF 300.00",
      description: "Change the monthly budget for Dining from CHF 250.00 to CHF 300.00.",
      category: "Dining",
      before: 250,
      after: 300,
      currency: "CHF",
    });
    expect(req.preview.facts[1]).toEqual({ label: "Monthly budget", value: "CHF 250.00 → CHF 300.00" });
    // Pending: nothing stored yet; the answer ended waiting for the decision.
    await stream.ended;
    expect(budgetOf("Dining")).toBe(250);
    const id: string = req.id;

    const click = await fetch(`${h.url}/approvals/${id}/approve`, { method: "POST", headers: browserHeaders(h) });
    expect(click.status).toBe(200);
    const card = await click.text();
    expect(card).toContain('data-decision="approved"');
    expect(card).toContain("<strong>Set the Dining budget to CHF 300.00 a month</strong>");
    expect(card).toContain(`hx-post="/approvals/${id}/undo"`);
    const second = await fetch(`${h.url}/approvals/${id}/approve`, { method: "POST", headers: browserHeaders(h) });
    expect(second.status).toBe(409);
    const replay = await postJson(h, `/api/approvals/${id}`, { decision: "approve" }, { Origin: h.url });
    expect(replay.status).toBe(409);

    await continued(h, id);
    expect(budgetOf("Dining")).toBe(300);
    expect(h.store.budgets.get("Dining")!.updatedBy).toBe("local");
    const [result] = toolResultsOf(h.fake, 1);
    expect(result.is_error).toBeUndefined();
    expect(resultText(result)).toBe("Approved by the user: the Dining budget is now CHF 300.00 a month (was CHF 250.00).");

    // One write, audited with who and how, by the approval service (no change to it for this tool).
    const approval = h.store.approvals.get("local", id)!;
    expect(approval.status).toBe("executed");
    expect(h.store.approvals.getWrite(id)).toMatchObject({ before: 250, after: 300 });
    expect(auditKinds(h, approval.conversationId)).toEqual(["approval_requested", "tool_call", "turn", "approval_decided", "write", "turn"]);
    expect(writes()[0]!.detail).toMatchObject({ approvalId: id, tool: "set_budget", ok: true, budget: "Dining", before: 250, after: 300, currency: "CHF", via: "approval", by: "local" });
    expect(writes()[0]!.userId).toBe("local");

    const undo = await postJson(h, `/api/approvals/${id}/undo`, {}, { Origin: h.url });
    expect(undo.status).toBe(200);
    expect((await undo.json()).message).toBe("Undone: the Dining budget is back to CHF 250.00.");
    expect(budgetOf("Dining")).toBe(250);
    const again = await postJson(h, `/api/approvals/${id}/undo`, {}, { Origin: h.url });
    expect(again.status).toBe(409);
    expect(budgetOf("Dining")).toBe(250);
  });

  test("reject stores nothing and the model is told", async () => {
    const before = writes().length;
    h.fake.enqueue(...setBudgetScript({ category: "Groceries", amount: 900 }));
    const stream = await apiChat(h, "Set groceries to 900");
    const { id } = await stream.waitFor("approval_request");
    await stream.ended;
    const res = await fetch(`${h.url}/approvals/${id}/reject`, { method: "POST", headers: browserHeaders(h) });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("<strong>Rejected — nothing changed</strong>");
    await continued(h, id);
    expect(budgetOf("Groceries")).toBeNull();
    expect(writes().length).toBe(before);
    expect(resultText(toolResultsOf(h.fake, 1)[0])).toBe("The user rejected the change; nothing was modified.");
    const late = await fetch(`${h.url}/approvals/${id}/approve`, { method: "POST", headers: browserHeaders(h) });
    expect(late.status).toBe(409);
    expect(budgetOf("Groceries")).toBeNull();
  });

  test("timeout stores nothing; a late approve does nothing", async () => {
    const main = h;
    h = await startTrustHarness({ fake: h.fake, approvalTimeoutMs: 400 });
    try {
      h.fake.enqueue(...setBudgetScript({ category: "Groceries", amount: 900 }));
      const stream = await apiChat(h, "Set groceries to 900");
      const { id } = await stream.waitFor("approval_request");
      await stream.ended;
      await waitFor(() => h.store.approvals.get("local", id)!.status === "expired", { what: "the expiry" });
      expect(h.store.approvals.get("local", id)!.result).toEqual({ message: "The approval expired after 400 ms; nothing was modified." });
      const late = await postJson(h, `/api/approvals/${id}`, { decision: "approve" }, { Origin: h.url });
      expect(late.status).toBe(409);
      expect(budgetOf("Groceries")).toBeNull();
      expect(writes()).toEqual([]);
    } finally {
      await h.close();
      h = main;
    }
  });

  test("a budget changed between the preview and the approval is not overwritten", async () => {
    h.fake.enqueue(...setBudgetScript({ category: "Travel", amount: 500 }));
    const stream = await apiChat(h, "Set travel to 500");
    const { id } = await stream.waitFor("approval_request");
    await stream.ended;
    h.store.budgets.set("Travel", 700, "CHF", { via: "cli", by: "cli" });
    const res = await postJson(h, `/api/approvals/${id}`, { decision: "approve" }, { Origin: h.url });
    // A conflict is the model's to handle (it may ask for a fresh preview): 409, the approval ends failed.
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.error).toBe(
      "The user approved, but nothing was modified: the Travel budget changed since the preview (it is now CHF 700.00). Call set_budget again for a fresh preview if the change is still wanted.",
    );
    // The continuation tells the model and the page that the approval was not carried out.
    const continuation = h.chat.turn(body.continuation_turn_id)!;
    await continuation.finished;
    expect(continuation.events.find((e) => e.type === "approval_decided")).toMatchObject({ id, decision: "approved", failed: true });
    expect(budgetOf("Travel")).toBe(700);
    expect(h.store.approvals.get("local", id)!.status).toBe("failed");
    h.store.budgets.remove("Travel", { via: "cli", by: "cli" });
  });

  test("the system prompt lists the budgets, so 'how am I doing?' reaches budget_status", async () => {
    h.fake.enqueue({ kind: "message", content: [{ type: "text", text: "Fine." }] });
    const stream = await apiChat(h, "How am I doing?");
    await stream.ended;
    const system = JSON.stringify(h.fake.requests[0]!.body.system);
    expect(system).toContain("Monthly budgets (household): Dining CHF 250.00.");
    expect(system).toContain("use budget_status");
    expect(h.fake.requests[0]!.body.tools!.map((t: any) => t.name)).toContain("budget_status");
    expect(h.fake.requests[0]!.body.tools!.map((t: any) => t.name)).toContain("set_budget");
  });
});

describe("JSON API and the page's routes", () => {
  test("GET/PUT/DELETE /api/budgets: figures for the month in progress, validation, audit", async () => {
    const put = await fetch(`${h.url}/api/budgets/groceries`, { method: "PUT", headers: { "content-type": "application/json", Origin: h.url }, body: JSON.stringify({ amount: 1200 }) });
    expect(put.status).toBe(200);
    const body = await put.json();
    expect(body.before).toBeNull();
    expect(body.after).toEqual({ amount: 1200, currency: "CHF" });
    expect(body.budget).toMatchObject({ category: "Groceries", amount: 1200, currency: "CHF" });

    const list = await (await fetch(`${h.url}/api/budgets`)).json();
    // The demo data ends 2026-10-31 and today is later: 2026-10 is a past month, not in progress (SPEC §8), so no projection.
    expect(list).toMatchObject({ month: "2026-10", in_progress: false, last_date: "2026-10-31", data_until: null, days_elapsed: null, days_in_month: 31, currency: "CHF" });
    const g = list.budgets.find((b: any) => b.category === "Groceries");
    expect(g.remaining).toBeCloseTo(1200 - g.spent, 2);
    expect(g.pct_used).toBeCloseTo(Math.round((g.spent / 1200) * 1000) / 10, 5);
    expect(g.projection).toBeNull();
    expect(g.updated_by).toBe("local");
    expect(writes()[0]!.detail).toEqual({ budget: "Groceries", before: null, after: 1200, currency: "CHF", via: "api", by: "local" });

    const bad = async (path: string, body: unknown) =>
      fetch(`${h.url}${path}`, { method: "PUT", headers: { "content-type": "application/json", Origin: h.url }, body: JSON.stringify(body) });
    expect((await bad("/api/budgets/Groceries", { amount: -5 })).status).toBe(400);
    expect((await bad("/api/budgets/Groceries", { amount: "x" })).status).toBe(400);
    const unknown = await bad("/api/budgets/Grocery", { amount: 5 });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error).toStartWith('Unknown category "Grocery". Valid categories: Cash, Children,');
    // A category that exists but takes no budget, or an ambiguous name, is bad input (400), not a missing one.
    const income = await bad("/api/budgets/Income", { amount: 5 });
    expect(income.status).toBe(400);
    expect((await income.json()).error).toStartWith("Income is income: budgets are for spending categories");
    // As set_budget (SPEC §8): amount 0 removes the budget (none here yet: 404, nothing to remove).
    expect((await bad("/api/budgets/Children", { amount: 0 })).status).toBe(404);
    expect((await bad("/api/budgets/Children", { amount: 250 })).status).toBe(200);
    const zero = await bad("/api/budgets/Children", { amount: 0 });
    expect(zero.status).toBe(200);
    expect(await zero.json()).toEqual({ removed: "Children", before: { amount: 250, currency: "CHF" } });

    const del = await fetch(`${h.url}/api/budgets/Groceries`, { method: "DELETE", headers: { Origin: h.url } });
    expect(await del.json()).toEqual({ removed: "Groceries", before: { amount: 1200, currency: "CHF" } });
    expect((await fetch(`${h.url}/api/budgets/Groceries`, { method: "DELETE", headers: { Origin: h.url } })).status).toBe(404);
    expect(writes()[0]!.detail).toEqual({ budget: "Groceries", before: 1200, after: null, currency: "CHF", via: "api", by: "local" });
  });

  test("the page lists every spending category; an htmx PUT swaps the row and the totals; a bad amount shows in the row", async () => {
    for (const b of h.store.budgets.list()) h.store.budgets.remove(b.category, { via: "cli", by: "cli" });
    const page = await (await fetch(`${h.url}/budgets?month=2026-10`)).text();
    expect(page).toContain("Figures for October 2026.");
    for (const c of ["Groceries", "Dining", "Uncategorised", "Other"]) expect(page).toContain(`id="budget-${c}"`);
    expect(page).not.toContain('id="budget-Income"');
    expect(page).not.toContain('id="budget-Transfers"');

    const form = (amount: string) => ({ method: "PUT", headers: { ...browserHeaders(h), "content-type": "application/x-www-form-urlencoded" }, body: `amount=${encodeURIComponent(amount)}` });
    const ok = await fetch(`${h.url}/budgets/Shopping`, form("1'000"));
    expect(ok.status).toBe(200);
    const html = await ok.text();
    expect(html).toStartWith('<li class="budget-row state-');
    expect(html).toContain('id="budget-Shopping"');
    expect(html).toContain('value="1000.00"');
    expect(html).toMatch(/class="hbar-fill budget-fill p\d+"/);
    expect(html).toContain('<hx-partial hx-target="#budget-totals" hx-swap="outerHTML">');
    expect(html).toContain("Total budget <strong>CHF 1&#39;000.00</strong>");
    expect(writes()[0]!.detail).toMatchObject({ budget: "Shopping", after: 1000, via: "page", by: "local" });

    const wrong = await fetch(`${h.url}/budgets/Shopping`, form("lots"));
    expect(wrong.status).toBe(422);
    const wrongHtml = await wrong.text();
    expect(wrongHtml).toContain('role="alert"');
    expect(wrongHtml).toContain("The amount must be a positive number");
    expect(wrongHtml).toContain('value="lots"');
    expect(budgetOf("Shopping")).toBe(1000);

    // Blank removes.
    const cleared = await fetch(`${h.url}/budgets/Shopping`, form(""));
    expect(cleared.status).toBe(200);
    expect(await cleared.text()).toContain("No budget");
    expect(budgetOf("Shopping")).toBeNull();

    // Without JavaScript: a plain form post, then back to the page.
    const plain = await fetch(`${h.url}/budgets/Shopping`, {
      method: "POST",
      headers: { Origin: h.url, "content-type": "application/x-www-form-urlencoded" },
      body: "amount=200",
      redirect: "manual",
    });
    expect(plain.status).toBe(303);
    expect(budgetOf("Shopping")).toBe(200);
    const removed = await fetch(`${h.url}/budgets/Shopping/remove`, { method: "POST", headers: { Origin: h.url }, redirect: "manual" });
    expect(removed.status).toBe(303);
    expect(budgetOf("Shopping")).toBeNull();

    // The chat's navigation leads here.
    expect(await (await fetch(`${h.url}/`)).text()).toContain('<a href="/budgets">Budgets</a>');
  });

  test("a cross-site request cannot change budgets", async () => {
    const res = await fetch(`${h.url}/api/budgets/Groceries`, {
      method: "PUT",
      headers: { "content-type": "application/json", Origin: "http://evil.example", "Sec-Fetch-Site": "cross-site" },
      body: JSON.stringify({ amount: 5 }),
    });
    expect(res.status).toBe(403);
    expect(budgetOf("Groceries")).toBeNull();
  });
});

describe("isolation", () => {
  test("with a user configured, a request without a session can neither read nor change budgets (401); with one it can, audited by name", async () => {
    h.store.budgets.set("Dining", 250, "CHF", { via: "cli", by: "cli" });
    const { loginToken } = h.store.users.add("dana");
    try {
      const json = { "content-type": "application/json", Origin: h.url };
      const attempts: [string, RequestInit][] = [
        ["/api/budgets", {}],
        ["/budgets", {}],
        ["/api/budgets/Dining", { method: "PUT", headers: json, body: JSON.stringify({ amount: 1 }) }],
        ["/api/budgets/Dining", { method: "DELETE", headers: { Origin: h.url } }],
        ["/budgets/Dining", { method: "PUT", headers: { ...browserHeaders(h), "content-type": "application/x-www-form-urlencoded" }, body: "amount=1" }],
        ["/budgets/Dining", { method: "DELETE", headers: browserHeaders(h) }],
        ["/budgets/Dining/remove", { method: "POST", headers: { Origin: h.url } }],
        ["/api/budgets", { headers: { Cookie: "bc_session=forged" } }],
      ];
      for (const [path, init] of attempts) {
        const res = await fetch(`${h.url}${path}`, { redirect: "manual", ...init });
        expect([path, res.status]).toEqual([path, 401]);
        const text = await res.text();
        expect(text).not.toContain("CHF 250.00");
        expect(text).not.toContain('"amount":250');
      }
      expect(budgetOf("Dining")).toBe(250);

      const cookie = await loginWith(h, loginToken);
      const list = await fetch(`${h.url}/api/budgets`, { headers: { Cookie: cookie } });
      expect(list.status).toBe(200);
      expect((await list.json()).budgets.map((b: any) => b.category)).toEqual(["Dining"]);
      const put = await fetch(`${h.url}/api/budgets/Dining`, { method: "PUT", headers: { ...json, Cookie: cookie }, body: JSON.stringify({ amount: 275 }) });
      expect(put.status).toBe(200);
      expect(budgetOf("Dining")).toBe(275);
      expect(h.store.budgets.get("Dining")!.updatedBy).toBe("dana");
      const dana = h.store.users.byName("dana")!;
      expect(writes()[0]).toMatchObject({ userId: dana.id, detail: { budget: "Dining", before: 250, after: 275, via: "api", by: "dana" } });
    } finally {
      h.store.users.remove("dana");
    }
  });
});
