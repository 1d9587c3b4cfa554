/**
 * The request body the loop writes itself (src/agent/request.ts) is byte for byte what the SDK
 * would write from the same parameters (JSON.stringify of the parameters plus `stream: true`),
 * also on the second call that reuses the cached JSON of the system prompt and the tools.
 */
import { expect, test } from "bun:test";
import type { MessageParam } from "@anthropic-ai/sdk/resources/messages/messages";
import { toApiTools } from "../../src/agent/loop.ts";
import { systemBlocks } from "../../src/agent/prompt.ts";
import { requestBody, type StreamParams } from "../../src/agent/request.ts";
import { ALL_TOOLS } from "../../src/tools/registry.ts";

const summary = {
  transactionCount: 2,
  malformedDates: 0,
  badAmounts: 0,
  firstDate: "2025-01-01",
  lastDate: "2025-01-31",
  currency: "CHF",
  currencies: [{ currency: "CHF", count: 2 }],
  categoryCounts: [{ category: "Groceries", count: 2 }],
  accounts: [],
  categories: [{ name: "Groceries", description: "Food" }],
  lastImport: null,
};

test("the body is the SDK's JSON of the parameters, on the first call and on a later one with the cached parts", async () => {
  const system = systemBlocks({ summary, notSpending: ["Transfers"], now: new Date("2026-01-05T10:00:00Z"), timeZone: "Europe/Zurich", memories: ["Likes \"quotes\" and ünïcode"] }, ALL_TOOLS);
  const tools = toApiTools(ALL_TOOLS);
  const first: MessageParam[] = [{ role: "user", content: [{ type: "text", text: "How much on groceries?\nIn 2025 \u2028 please", cache_control: { type: "ephemeral" } }] }];
  const later: MessageParam[] = [
    { role: "user", content: [{ type: "text", text: "How much on groceries?" }] },
    { role: "assistant", content: [{ type: "tool_use", id: "toolu_1", name: "spending_by_category", input: { year: 2025 } }] },
    { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "Groceries CHF 12.50", cache_control: { type: "ephemeral" } }] },
  ];
  for (const messages of [first, later]) {
    const p: StreamParams = { model: "claude-test", max_tokens: 1024, system, tools, messages };
    expect(await requestBody(p).text()).toBe(JSON.stringify({ ...p, stream: true }));
  }
});
