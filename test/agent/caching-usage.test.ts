import { describe, expect, test } from "bun:test";
import { webSuite } from "../support/web-harness.ts";

const h = webSuite();

/** Tools and the static system block, serialised as the API receives them: the cached prefix. */
function cachedPrefix(body: { tools?: unknown[]; system?: unknown }) {
  return JSON.stringify(body.tools) + JSON.stringify((body.system as unknown[])[0]);
}

describe("prompt caching and usage accounting", () => {
  test("tools + static system prompt are a byte-identical, cache-marked prefix across 10 turns and two conversations", async () => {
    h.fake.reset();
    let conv: string | undefined;
    for (let i = 0; i < 10; i++) {
      h.fake.enqueue(
        { kind: "message", content: [{ type: "tool_use", name: "spending_by_category", input: { year: 2024 + (i % 2) } }] },
        { kind: "message", content: [{ type: "text", text: `answer ${i}` }] },
      );
      // Turns 0–4 in one conversation, 5–9 in another.
      const { turn } = await h.ask(`question ${i}`, i === 5 ? undefined : conv);
      conv = turn.conversationId;
    }
    const requests = h.fake.requests.filter((r) => r.path === "/v1/messages");
    expect(requests).toHaveLength(20);
    const prefixes = new Set(requests.map((r) => cachedPrefix(r.body)));
    expect(prefixes.size).toBe(1);
    const first = requests[0]!.body;
    expect(first.tools!.at(-1).cache_control).toEqual({ type: "ephemeral" });
    expect(first.tools!.slice(0, -1).every((t: { cache_control?: unknown }) => t.cache_control === undefined)).toBe(true);
    expect((first.system as { cache_control?: unknown }[])[0]!.cache_control).toEqual({ type: "ephemeral" });
    // The dynamic part (data summary, date/time, memories) comes after the cached block and carries no marker.
    expect((first.system as { cache_control?: unknown }[])[1]!.cache_control).toBeUndefined();
    // Two different conversations really were used.
    expect(new Set(requests.map((r) => r.body.messages![0].content[0].text)).size).toBe(2);
  });

  test("usage from the API (incl. cache reads and writes) is stored per turn, totalled per conversation and shown", async () => {
    h.fake.reset();
    h.fake.enqueue(
      {
        kind: "message",
        content: [{ type: "tool_use", name: "monthly_trend", input: { year: 2025 } }],
        usage: { input_tokens: 1200, output_tokens: 40, cache_creation_input_tokens: 3000, cache_read_input_tokens: 0 },
      },
      {
        kind: "message",
        content: [{ type: "text", text: "Steady." }],
        usage: { input_tokens: 300, output_tokens: 25, cache_creation_input_tokens: 0, cache_read_input_tokens: 4200 },
      },
    );
    const { turn, events } = await h.ask("trend 2025?");
    const expected = { input_tokens: 1500, output_tokens: 65, cache_creation_input_tokens: 3000, cache_read_input_tokens: 4200 };
    expect(events.at(-1)).toMatchObject({ type: "done", usage: expected });
    const stored = h.store.turns.get(turn.id)!;
    expect(stored.usage).toEqual(expected);
    h.fake.enqueue({ kind: "message", content: [{ type: "text", text: "Again." }], usage: { input_tokens: 10, output_tokens: 5, cache_read_input_tokens: 7 } });
    await h.ask("again?", turn.conversationId);
    expect(h.store.usage.ofConversation(turn.conversationId)).toEqual({
      turns: 2,
      input_tokens: 1510,
      output_tokens: 70,
      cache_creation_input_tokens: 3000,
      cache_read_input_tokens: 4207,
    });
    const audit = h.store.audit.list({ kind: "turn" }).find((a) => (a.detail as { turnId: string }).turnId === turn.id)!;
    expect((audit.detail as { usage: unknown }).usage).toEqual(expected);
    // Issue 15: token counts are on the Usage page (per day, user and model), not in the conversation.
    // The page escapes the apostrophe of de-CH thousands separators as &#39;.
    const page = (await (await fetch(`${h.url}/conversations/${turn.conversationId}`)).text()).replaceAll("&#39;", "'");
    expect(page).not.toContain("1'500 in");
    const usage = (await (await fetch(`${h.url}/usage`)).text()).replaceAll("&#39;", "'");
    // (The harness is shared with other tests: its cache figures are this test's alone.)
    for (const figure of ["4'207", "3'000"]) expect(usage).toContain(`<td class="num">${figure}</td>`);
    expect(usage).toContain("claude-test");
  });
});
