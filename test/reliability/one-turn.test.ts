/**
 * Issue 16 item 1: one running turn per conversation. Two tabs, the JSON API or a
 * Retry on a stale page must not start a second answer in a conversation that is still
 * answering (the stored history would interleave): 409 (API) or a notice (web), backed
 * by a partial unique index in the database.
 */
import { describe, expect, test } from "bun:test";
import { ConversationBusy } from "../../src/chat/service.ts";
import { startWebHarness, webSuite } from "../support/web-harness.ts";
import { browserHeaders, postJson } from "../trust/support.ts";

const h = webSuite(() => startWebHarness({ limits: { concurrentTurns: 10, messagesPerMinute: 1000 } }));

async function conversationWithHangingTurn() {
  h.fake.reset();
  h.fake.enqueue({ kind: "message", content: [{ type: "text", text: "First answer." }] });
  const first = await h.ask("first question");
  h.fake.enqueue({ kind: "hang" });
  const running = h.chat.startTurn({ userId: "local", conversationId: first.turn.conversationId, question: "slow one" });
  await h.fake.waitForRequests(2);
  return { conversationId: first.turn.conversationId, running };
}

describe("one running turn per conversation", () => {
  test("the JSON API answers 409 with a clear message; nothing is stored for the refused question", async () => {
    const { conversationId, running } = await conversationWithHangingTurn();
    const before = h.store.messages.list(conversationId).length;
    const res = await postJson(h, "/api/chat", { message: "second question", conversation_id: conversationId });
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.error).toContain("still answering");
    expect(h.store.messages.list(conversationId)).toHaveLength(before);
    expect(h.store.turns.list(conversationId).filter((t) => t.status === "running")).toHaveLength(1);
    running.stop();
    await running.finished;
    // Once it ended, the conversation takes questions again.
    h.fake.enqueue({ kind: "message", content: [{ type: "text", text: "Next." }] });
    const next = await postJson(h, "/api/chat", { message: "third question", conversation_id: conversationId });
    expect(next.status).toBe(200);
    await next.text();
    expect(h.store.messages.list(conversationId).map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant", "user", "assistant"]);
  });

  test("the web form and Retry get a 409 notice", async () => {
    const { conversationId, running } = await conversationWithHangingTurn();
    const form = new FormData();
    form.set("message", "from a second tab");
    const res = await fetch(`${h.url}/conversations/${conversationId}/messages`, { method: "POST", headers: browserHeaders(h), body: form });
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain("still answering");
    const firstTurn = h.store.turns.list(conversationId)[0]!;
    const retry = await fetch(`${h.url}/turns/${firstTurn.id}/retry`, { method: "POST", headers: browserHeaders(h) });
    expect(retry.status).toBe(409);
    running.stop();
    await running.finished;
  });

  test("the service refuses with a typed error, and the database refuses a second running turn on its own", async () => {
    const { conversationId, running } = await conversationWithHangingTurn();
    expect(() => h.chat.startTurn({ userId: "local", conversationId, question: "again" })).toThrow(ConversationBusy);
    // Backed by the database: another process (ask beside serve) cannot slip one in either.
    expect(() => h.store.turns.start({ conversationId, userId: "local", model: "m", question: "sneaky" })).toThrow(ConversationBusy);
    running.stop();
    await running.finished;
    expect(h.store.turns.list(conversationId).filter((t) => t.status === "running")).toHaveLength(0);
  });
});
