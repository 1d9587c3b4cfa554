/**
 * propose_rule end to end (SPEC §14, issue 35 item 3): the real SDK against the fake Messages
 * API asks for a rule; the chat shows the approval card built on the server (the rule and the
 * rows it would change now); approve stores the rule and moves exactly those rows in one write;
 * undo removes the rule and puts the rows back; reject changes nothing.
 *
 * Expected rows are computed here with plain SQL on the demo data (seed 7), independently of the
 * rule matcher: the merchant "TWINT P2P" (its only spelling in the demo data) with money out
 * (amount <= 0) — 43 rows, CHF -1'617.85, all Uncategorised (source llm), none set by hand.
 */
import { describe, expect, test } from "bun:test";
import { apiChat, auditKinds, browserHeaders, budgetQuery, changedIds, continued, postJson, resultText, snapshot, startTrustHarness, toolCallScript, toolResultsOf } from "./support.ts";
import { webSuite } from "../support/web-harness.ts";

const h = webSuite(() => startTrustHarness());

const TWINT_OUT = "SELECT id FROM transactions WHERE lower(merchant_name) = 'twint p2p' AND amount <= 0 ORDER BY id";
const RULE = { field: "merchant", match: "equals", pattern: "TWINT P2P", max_amount: 0, category: "children" };


describe("propose_rule through the approval card", () => {
  test("propose → card with the rule and the rows → approve: rule stored, rows moved in one write → undo: both gone", async () => {
    const ids = budgetQuery<{ id: number }>(h, TWINT_OUT).map((r) => r.id);
    expect(ids).toHaveLength(43);
    const before = snapshot(h);
    h.fake.enqueue(...toolCallScript("propose_rule", RULE, "tu_rule"));
    const stream = await apiChat(h, "Always file TWINT payments I send under Children");
    const req = await stream.waitFor("approval_request");
    expect(req.preview.title).toBe("always file Merchant is \"TWINT P2P\", amount at most 0.00 under “Children”");
    expect(req.preview.description).toBe(
      "From now on, transactions where Merchant is \"TWINT P2P\", amount at most 0.00 are filed under Children at every import, before the merchant cache and the model. Approving also moves 43 transactions it matches now.",
    );
    expect(req.preview.facts).toEqual([
      { label: "Rule", value: "Merchant is \"TWINT P2P\", amount at most 0.00 → Children" },
      { label: "Priority", value: "0" },
      { label: "Transactions that change now", value: "43" },
      { label: "Total amount", value: "CHF -1'617.85" },
      { label: "From", items: ["Uncategorised (43) → Children"] },
    ]);
    // The newest three (by date) of the 43, from the SQL above.
    expect(req.preview.affected.total).toBe(43);
    expect(req.preview.affected.rows.slice(0, 3)).toEqual([
      { date: "2026-09-12", merchant: "TWINT P2P", category: "Uncategorised", amount: -14.2, currency: "CHF" },
      { date: "2026-08-26", merchant: "TWINT P2P", category: "Uncategorised", amount: -17.4, currency: "CHF" },
      { date: "2026-08-10", merchant: "TWINT P2P", category: "Uncategorised", amount: -5.9, currency: "CHF" },
    ]);
    // Nothing written while the card waits.
    expect(budgetQuery(h, "SELECT count(*) AS n FROM sqlite_schema WHERE name = 'category_rules'")).toEqual([{ n: 0 }]);

    const click = await fetch(`${h.url}/approvals/${req.id}/approve`, { method: "POST", headers: browserHeaders(h) });
    expect(click.status).toBe(200);
    await stream.ended;
    await continued(h, req.id);
    expect(resultText(toolResultsOf(h.fake, 1)[0])).toBe(
      "Approved by the user: Added rule 1 (Merchant is \"TWINT P2P\", amount at most 0.00 → Children) and moved 43 transactions to Children.",
    );
    // Exactly the 43 rows moved, to Children by the rule; the rule counts them.
    const after = snapshot(h);
    expect(changedIds(before, after)).toEqual(ids);
    for (const id of ids) expect(after.get(id)).toEqual({ id, category: "Children", source: "user_rule", confidence: 1 });
    expect(budgetQuery(h, "SELECT id, field, match, pattern, min_amount, max_amount, category, priority, hits FROM category_rules")).toEqual([
      { id: 1, field: "merchant", match: "equals", pattern: "TWINT P2P", min_amount: null, max_amount: 0, category: "Children", priority: 0, hits: 43 },
    ]);
    const write = h.store.audit.list({ kind: "write", limit: 1 })[0]!;
    expect(write.detail).toMatchObject({ approvalId: req.id, ok: true, action: "add", rule: 1, changed: 43, totals: [{ currency: "CHF", total: -1617.85 }] });
    const conversationId = h.store.approvals.get("local", req.id)!.conversationId;
    expect(auditKinds(h, conversationId)).toEqual(["approval_requested", "tool_call", "turn", "approval_decided", "write", "turn"]);

    const undo = await fetch(`${h.url}/approvals/${req.id}/undo`, { method: "POST", headers: browserHeaders(h) });
    expect(undo.status).toBe(200);
    expect(await undo.text()).toContain("</time>: the rule is removed, and 43 transactions are back as before.</strong>");
    expect(changedIds(before, snapshot(h))).toEqual([]);
    expect(budgetQuery(h, "SELECT count(*) AS n FROM category_rules")).toEqual([{ n: 0 }]);
    expect(auditKinds(h, conversationId).at(-1)).toBe("undo");
    const again = await postJson(h, `/api/approvals/${req.id}/undo`, {});
    expect(again.status).toBe(409);
  });

  test("the card on the page shows the rule and its rows as text (a pattern with markup stays text); reject changes nothing", async () => {
    const before = snapshot(h);
    h.fake.enqueue(...toolCallScript("propose_rule", { pattern: "<b>TWINT</b> *Sent", category: "Children" }, "tu_markup"));
    const stream = await apiChat(h, "Always file that under Children");
    const req = await stream.waitFor("approval_request");
    // No row holds that text: the card says it changes none now (the rule would still catch future rows).
    expect(req.preview.facts).toContainEqual({ label: "Transactions that change now", value: "0" });
    const page = await (await fetch(`${h.url}/conversations/${h.store.approvals.get("local", req.id)!.conversationId}`, { headers: browserHeaders(h) })).text();
    expect(page).toContain("Any text contains &quot;&lt;b&gt;TWINT&lt;/b&gt; *Sent&quot; → Children");
    expect(page).not.toContain("<b>TWINT</b>");
    const res = await postJson(h, `/api/approvals/${req.id}`, { decision: "reject" });
    expect(res.status).toBe(200);
    await stream.ended;
    await continued(h, req.id);
    expect(resultText(toolResultsOf(h.fake, 1)[0])).toBe("The user rejected the change; nothing was modified.");
    expect(changedIds(before, snapshot(h))).toEqual([]);
    expect(budgetQuery(h, "SELECT count(*) AS n FROM category_rules")).toEqual([{ n: 0 }]);
  });

  test("a rule the data refuses (an unknown category) is a tool error the model reads; no card", async () => {
    h.fake.enqueue(...toolCallScript("propose_rule", { pattern: "TWINT", category: "Kids" }, "tu_bad"));
    const stream = await apiChat(h, "Always file TWINT under Kids");
    await stream.ended;
    expect(stream.all("approval_request")).toEqual([]);
    const [result] = toolResultsOf(h.fake, 1);
    expect(result.is_error).toBe(true);
    expect(resultText(result)).toStartWith('Unknown category "Kids"');
  });
});
