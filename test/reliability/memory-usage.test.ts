/**
 * Issue 16 item 8: memory summarisation calls are visible in `audit` and `usage`, like
 * turns: model, tokens, duration (and failures).
 */
import Anthropic from "@anthropic-ai/sdk";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { MessageParam } from "@anthropic-ai/sdk/resources/messages/messages";
import { createMemory } from "../../src/memory/memory.ts";
import { SUMMARY_SYSTEM } from "../../src/memory/summarise.ts";
import { usageReport } from "../../src/cli/usage.ts";
import { Store } from "../../src/store/store.ts";
import { startFakeAnthropic, type FakeAnthropic } from "../support/fake-anthropic.ts";

let fake: FakeAnthropic;
beforeAll(async () => {
  fake = await startFakeAnthropic();
});
afterAll(() => fake.stop());

const dropped: MessageParam[] = [
  { role: "user", content: [{ type: "text", text: "How much did I spend on groceries in 2025?" }] },
  { role: "assistant", content: [{ type: "text", text: "Groceries 2025: CHF 7'412.35." }] },
];

describe("memory summaries in audit and usage", () => {
  test("a summary call is audited with its model, tokens and duration, and counted in usage", async () => {
    const store = Store.memory();
    const conv = store.conversations.create("ann", "groceries");
    fake.enqueue({ kind: "message", content: [{ type: "text", text: "Groceries 2025: CHF 7'412.35." }], usage: { input_tokens: 321, output_tokens: 17 } });
    const mem = createMemory({ store, client: new Anthropic({ apiKey: "t", baseURL: fake.url, maxRetries: 0 }), model: "claude-summary-test", log: () => {} });
    await mem.forget("ann", conv.id, dropped);
    await mem.idle();
    expect(fake.requests[0]!.body.system).toBe(SUMMARY_SYSTEM);

    const [entry] = store.audit.list({ kind: "memory_summary" });
    expect(entry).toBeDefined();
    expect(entry!.userId).toBe("ann");
    expect(entry!.conversationId).toBe(conv.id);
    const d = entry!.detail as Record<string, any>;
    expect(d.model).toBe("claude-summary-test");
    expect(d.ok).toBe(true);
    expect(d.usage).toMatchObject({ input_tokens: 321, output_tokens: 17 });
    expect(typeof d.durationMs).toBe("number");
    expect(d.messages).toBe(2);

    const rows = store.usage.byModel();
    const summaries = rows.find((r) => r.model === "claude-summary-test" && r.source === "memory summaries");
    expect(summaries).toMatchObject({ turns: 1, input_tokens: 321, output_tokens: 17 });
    expect(usageReport(rows).join("\n")).toContain("claude-summary-test (memory summaries)");
    // By user, and since a day.
    expect(store.usage.byModel({ userId: "bob" }).length).toBe(0);
    expect(store.usage.byModel({ since: "2999-01-01" }).length).toBe(0);
    store.close();
  });

  test("a failed summary call is audited too (ok: false, the error)", async () => {
    const store = Store.memory();
    const conv = store.conversations.create("ann", "x");
    fake.enqueue({ kind: "http_error", status: 400, errorType: "invalid_request_error", message: "bad" });
    const mem = createMemory({ store, client: new Anthropic({ apiKey: "t", baseURL: fake.url, maxRetries: 0 }), model: "claude-summary-test", log: () => {} });
    await mem.forget("ann", conv.id, dropped);
    await mem.idle();
    const [entry] = store.audit.list({ kind: "memory_summary" });
    expect(entry!.detail).toMatchObject({ model: "claude-summary-test", ok: false });
    expect(String((entry!.detail as any).error)).toContain("400");
    store.close();
  });
});
