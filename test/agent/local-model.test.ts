/**
 * Local models (issue 22 item 7): Ollama's and llama.cpp's Messages API leave out the cache
 * fields of usage (or usage altogether), ignore cache_control and send a tool call's input in
 * one delta. The agent loop, through the real SDK, must answer as usual and count such usage as 0.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { modelClient } from "../../src/app.ts";
import { lenientUsageFetch, withUsage } from "../../src/agent/lenient-usage.ts";
import { estimateCost, formatUsd } from "../../src/pricing.ts";
import { startFakeAnthropic } from "../support/fake-anthropic.ts";
import { waitFor } from "../support/wait.ts";
import { startHarness, textOf, typesOf, type Harness } from "../support/agent-harness.ts";

const harnesses: Harness[] = [];
afterAll(async () => {
  for (const h of harnesses) {
    await h.close();
    await h.fake.stop();
  }
});

async function localHarness(usage: "no-cache" | "none") {
  const fake = await startFakeAnthropic({ local: { usage } });
  // The client the app builds for a configured ANTHROPIC_BASE_URL.
  const h = await startHarness({ fake, settings: { model: "qwen3:8b" }, client: modelClient({ apiKey: "ollama", baseUrl: fake.url }) });
  harnesses.push(h);
  fake.enqueue(
    { kind: "message", content: [{ type: "text", text: "Let me check." }, { type: "tool_use", name: "spending_by_category", input: { year: 2025, currency: "CHF" } }], usage: { input_tokens: 900, output_tokens: 30 } },
    { kind: "message", content: [{ type: "text", text: "Housing was the largest." }], usage: { input_tokens: 1000, output_tokens: 12 } },
  );
  return h;
}

describe("the agent against a local Messages-API server", () => {
  test("usage without cache fields: a full tool-using turn completes and counts input and output only", async () => {
    const h = await localHarness("no-cache");
    const { turn, events } = await h.ask("What did I spend in 2025?");
    expect(typesOf(events)).toEqual(["turn_started", "text", "tool_started", "tool_finished", "chart", "text", "figures", "done"]);
    expect(textOf(events)).toBe("Let me check.Housing was the largest.");
    const started = events.find((e) => e.type === "tool_started");
    expect(started?.type === "tool_started" && started.input).toEqual({ year: 2025, currency: "CHF" });
    expect(turn.outcome).toMatchObject({ status: "done", incomplete: false });
    expect(turn.outcome?.usage).toEqual({ input_tokens: 1900, output_tokens: 42, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 });
    const stored = h.store.turns.get(turn.id)!;
    expect(stored.usage).toEqual({ input_tokens: 1900, output_tokens: 42, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 });
    // A local model has no price: its cost is unknown, not a made-up figure.
    expect(formatUsd(estimateCost("qwen3:8b", stored.usage))).toBe("unknown");
    // cache_control is still sent (the server ignores it) and the request was accepted.
    expect(h.fake.requests.every((r) => r.status === 200)).toBe(true);
  });

  test("no usage at all: the turn completes and its usage counts as 0", async () => {
    const h = await localHarness("none");
    const { turn, events } = await h.ask("What did I spend in 2025?");
    expect(typesOf(events)).toEqual(["turn_started", "text", "tool_started", "tool_finished", "chart", "text", "figures", "done"]);
    expect(turn.outcome).toMatchObject({ status: "done", incomplete: false });
    expect(turn.outcome?.usage).toEqual({ input_tokens: 0, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 });
    expect(h.store.turns.get(turn.id)!.usage).toEqual({ input_tokens: 0, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 });
  });
});

describe("what the local fake sends, and how the client copes", () => {
  test("one input_json_delta per tool call, no usage, no cache fields; the lenient client reads usage 0", async () => {
    const fake = await startFakeAnthropic({ local: { usage: "none" } });
    try {
      fake.enqueue({ kind: "message", content: [{ type: "tool_use", id: "toolu_a", name: "spending_by_category", input: { year: 2025, currency: "CHF" } }] });
      const client = modelClient({ apiKey: "ollama", baseUrl: fake.url });
      const stream = await client.messages.create({ model: "qwen3:8b", max_tokens: 100, stream: true, messages: [{ role: "user", content: "2025?" }] });
      const events: { type: string; [k: string]: unknown }[] = [];
      for await (const e of stream) events.push(e as unknown as { type: string });
      const deltas = events.filter((e) => e.type === "content_block_delta");
      expect(deltas).toEqual([{ type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: '{"year":2025,"currency":"CHF"}' } }]);
      // The server sent no usage; the client filled in zeros.
      expect((events[0] as { message?: { usage?: unknown } }).message?.usage).toEqual({ input_tokens: 0, output_tokens: 0 });
      expect(events.find((e) => e.type === "message_delta")?.usage).toEqual({ output_tokens: 0 });
    } finally {
      await fake.stop();
    }
  });

  test("usage is filled in even when an SSE line is split across network chunks", async () => {
    const sse = 'event: message_start\ndata: {"type":"message_start","message":{"id":"m","type":"message","role":"assistant","model":"x","content":[],"stop_reason":null,"stop_sequence":null}}\n\nevent: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null}}\n\n';
    const bytes = new TextEncoder().encode(sse);
    const inner = async () =>
      new Response(
        new ReadableStream({
          start(c) {
            // Cut in the middle of the first data line and of a multi-byte-free JSON key.
            for (const [a, b] of [[0, 37], [37, 150], [150, bytes.length]] as const) c.enqueue(bytes.slice(a, b));
            c.close();
          },
        }),
        { status: 200, headers: { "content-type": "text/event-stream" } },
      );
    const res = await lenientUsageFetch(inner)("http://local/v1/messages");
    expect(await res.text()).toBe(
      'event: message_start\ndata: {"type":"message_start","message":{"id":"m","type":"message","role":"assistant","model":"x","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":0,"output_tokens":0}}}\n\nevent: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"output_tokens":0}}\n\n',
    );
  });

  test("an event that has usage, and a non-JSON line, pass unchanged", () => {
    const withIt = '{"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":7}}';
    expect(withUsage(withIt)).toBe(withIt);
    expect(withUsage("[DONE]")).toBe("[DONE]");
    expect(withUsage('{"type":"ping"}')).toBe('{"type":"ping"}');
  });
});

describe("failures through a configured endpoint's client read as they do without it", () => {
  test("a mid-stream error, a dropped connection and a stop give the usual messages", async () => {
    const fake = await startFakeAnthropic();
    const h = await startHarness({ fake, client: modelClient({ apiKey: "k", baseUrl: fake.url }) });
    harnesses.push(h);
    fake.enqueue({ kind: "stream_error", afterText: "Partial answer", errorType: "overloaded_error", message: "Overloaded" });
    const overloaded = await h.ask("hello");
    expect(textOf(overloaded.events)).toBe("Partial answer");
    expect(overloaded.events.find((e) => e.type === "error")).toEqual({ type: "error", message: "The Anthropic API is overloaded (529). Retry in a moment.", retryable: true });

    fake.enqueue({ kind: "message", content: [{ type: "text", text: "Starting" }, { type: "text", text: "never" }], abortAfterBlocks: 1 });
    const dropped = await h.ask("hello again");
    expect(dropped.events.find((e) => e.type === "error")).toEqual({
      type: "error",
      message: "The connection to the model broke before the answer was complete. Retry in a moment.",
      retryable: true,
    });

    fake.enqueue({ kind: "message", content: [{ type: "text", text: "one two three four five six seven eight nine ten" }], chunkDelayMs: 40 });
    const turn = h.chat.startTurn({ userId: "local", question: "slow" });
    for await (const e of turn.subscribe()) if (e.type === "text") turn.stop();
    expect((await turn.finished).status).toBe("stopped");
    // The fake sees the connection close a moment after the stop.
    await waitFor(() => fake.requests.at(-1)!.aborted, { what: "the upstream request to be aborted" });
  });
});
