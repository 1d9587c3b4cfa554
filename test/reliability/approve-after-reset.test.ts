/**
 * Issue 29 item 8: approving (or rejecting) a card after its conversation was reset
 * (POST /api/chat/reset deletes it with its turns). Before, the change was made and the
 * answer was 500 (the continuation could not be stored). Now the decision is refused
 * cleanly: 409 with a clear message, nothing changed in budget.db, the approval ends
 * expired, and no continuation runs.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { CONVERSATION_GONE_MESSAGE } from "../../src/chat/approval-service.ts";
import { startFakeAnthropic, type FakeAnthropic } from "../support/fake-anthropic.ts";
import type { WebHarness } from "../support/web-harness.ts";
import { integrity } from "../support/db-file.ts";
import { apiChat, browserHeaders, changedIds, postJson, recategoriseScript, snapshot, startTrustHarness } from "../trust/support.ts";

let fake: FakeAnthropic;
let h: WebHarness;
beforeAll(async () => {
  fake = await startFakeAnthropic();
  h = await startTrustHarness({ fake });
});
afterAll(async () => {
  await h.close();
  await fake.stop();
});

/** A card waiting for its decision in a conversation that is then reset. */
async function orphanedApproval(year: number): Promise<string> {
  // The script's closing reply is never asked for (no continuation): each card starts from a clean queue.
  fake.reset();
  fake.enqueue(...recategoriseScript({ search: "Starbucks", year, to_category: "groceries" }));
  const stream = await apiChat(h, "move the Starbucks rows to Groceries");
  const { id } = await stream.waitFor("approval_request");
  const { conversation_id } = await stream.waitFor("done");
  const reset = await postJson(h, "/api/chat/reset", { conversation_id }, { Origin: h.url });
  expect(reset.status).toBe(200);
  return id as string;
}

test("approve through the API after a reset: 409 with the reason, nothing changed, the approval expired, no continuation", async () => {
  const id = await orphanedApproval(2025);
  const before = snapshot(h);
  const requests = fake.requests.length;
  const res = await postJson(h, `/api/approvals/${id}`, { decision: "approve" }, { Origin: h.url });
  expect(res.status).toBe(409);
  expect(await res.json()).toEqual({ error: CONVERSATION_GONE_MESSAGE, status: "expired" });
  expect(changedIds(before, snapshot(h))).toEqual([]);
  expect(h.store.approvals.get("local", id)).toMatchObject({ status: "expired", result: { message: CONVERSATION_GONE_MESSAGE } });
  expect(h.store.approvals.getWrite(id)).toBeNull();
  expect(h.store.budgetWrites.list()).toEqual([]);
  await Bun.sleep(200);
  expect(fake.requests.length).toBe(requests); // the model was not asked to continue a conversation that is gone
  // A second try says the same, and is no 500 either.
  expect((await postJson(h, `/api/approvals/${id}`, { decision: "approve" }, { Origin: h.url })).status).toBe(409);
});

test("approve and reject from a card left open in another tab: 409, no 500, nothing changed", async () => {
  const approve = await orphanedApproval(2024);
  const before = snapshot(h);
  const res = await fetch(`${h.url}/approvals/${approve}/approve`, { method: "POST", headers: browserHeaders(h) });
  expect(res.status).toBe(409);
  // The card, in its final state: expired, nothing changed.
  expect(await res.text()).toContain('data-decision="expired" tabindex="-1" role="status"><p class="decision"><strong>Expired — nothing changed</strong>');
  const reject = await orphanedApproval(2023);
  const rejected = await fetch(`${h.url}/approvals/${reject}/reject`, { method: "POST", headers: browserHeaders(h) });
  expect(rejected.status).toBe(409);
  expect(changedIds(before, snapshot(h))).toEqual([]);
  expect([integrity(h.budget.path), integrity(`${h.dir}/chat.db`)]).toEqual(["ok", "ok"]);
});
