/**
 * The fake Messages API, exercised through the REAL @anthropic-ai/sdk (1.12.0).
 *
 * SDK 1.12.0 behaviour observed here (asserted below):
 * - Auth: `apiKey` is sent as `Authorization: Bearer <key>` (not `x-api-key`).
 * - 401 → `AuthenticationError` (status 401, type "authentication_error"), not retried.
 * - 429 → `RateLimitError` (status 429, type "rate_limit_error"); retried (maxRetries 2,
 *   honours `retry-after-ms`).
 * - 529 → `OverloadedError`, a subclass of `InternalServerError` (and of `APIError`),
 *   status 529, type "overloaded_error"; retried twice, so 3 requests in all.
 * - `event: error` inside a 200 stream → a plain `APIError` (constructor APIError, not a
 *   subclass): `status` undefined, `type` "overloaded_error", `apiMessage` the error's
 *   message, `message` the JSON body string, `requestID` from the 200 response's
 *   `request-id` header. Not retried; text already streamed has been emitted.
 * - Abort (AbortController signal or `stream.abort()`) → `APIUserAbortError` (status
 *   undefined); the stream emits `abort`, not `error`, and `stream.aborted` is true.
 * - A connection dropped mid-body (after the 200 headers) → a plain `AnthropicError`,
 *   NOT an APIError (no status/type), with `cause` a TypeError (code ECONNRESET). Not retried.
 * - Truncated tool input at `max_tokens`: finalMessage's `input` is the partial-JSON
 *   parse of what arrived (incomplete trailing numbers/strings dropped).
 */
import { afterAll, beforeEach, describe, expect, test } from "bun:test";
import Anthropic from "@anthropic-ai/sdk";
import { createParser } from "eventsource-parser";
import type { MessageParam, Tool } from "@anthropic-ai/sdk/resources/messages";
import { estimateTokens, splitJson, splitText, startFakeAnthropic, type FakeAnthropic } from "./support/fake-anthropic";
import { waitFor } from "./support/wait.ts";

const MODEL = "claude-test";
const fake: FakeAnthropic = await startFakeAnthropic({ apiKey: "test" });
const client = new Anthropic({ apiKey: "test", baseURL: fake.url });

const tools: Tool[] = [
  { name: "spending_by_category", description: "Sum spending", input_schema: { type: "object", properties: { year: { type: "integer" } } } },
  { name: "top_merchants", description: "Top merchants", input_schema: { type: "object", properties: {} } },
];
const hi: MessageParam[] = [{ role: "user", content: "How much did I spend?" }];
const params = (messages: MessageParam[] = hi, extra: Record<string, unknown> = {}) => ({
  model: MODEL,
  max_tokens: 1024,
  tools,
  messages,
  ...extra,
});

/** POST a raw body (bypassing SDK types) and return status + parsed JSON. */
async function rawPost(body: unknown, headers: Record<string, string> = {}, path = "/v1/messages") {
  const res = await fetch(fake.url + path, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": "test", "anthropic-version": "2023-06-01", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** Parse an SSE body into [event, data] pairs (eventsource-parser), checking the framing. */
function parseSSE(text: string): [string, any][] {
  // The fake's framing, as the real API writes it: each message exactly `event: X\ndata: {json}`, then a blank line.
  expect(text.endsWith("\n\n")).toBe(true);
  const chunks = text.split("\n\n").filter(Boolean);
  for (const chunk of chunks) {
    const lines = chunk.split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toStartWith("event: ");
    expect(lines[1]).toStartWith("data: ");
  }
  const out: [string, any][] = [];
  const parser = createParser({
    onEvent: (m) => {
      const data = JSON.parse(m.data);
      expect(data.type).toBe(m.event!);
      out.push([m.event!, data]);
    },
  });
  parser.feed(text);
  expect(out).toHaveLength(chunks.length);
  return out;
}

beforeEach(() => fake.reset());
afterAll(() => fake.stop());

describe("helpers", () => {
  test("splitText / splitJson keep the exact text and make small chunks", () => {
    const t = "Hello there, a streamed answer with averyveryverylongword.";
    expect(splitText(t).join("")).toBe(t);
    expect(splitText(t).length).toBeGreaterThan(5);
    expect(Math.max(...splitText(t).map((p) => p.length))).toBeLessThanOrEqual(8);
    const j = JSON.stringify({ year: 2025, categories: ["Food", "Rent"] });
    expect(splitJson(j)[0]).toBe("");
    expect(splitJson(j).join("")).toBe(j);
    expect(splitJson(j).length).toBeGreaterThan(3);
  });

  test("estimateTokens ≈ JSON length / 4", () => {
    const body = { model: "m", messages: [{ role: "user", content: "x".repeat(400) }] };
    expect(estimateTokens(body)).toBe(Math.ceil(JSON.stringify(body).length / 4));
  });
});

describe("streaming replies through the real SDK", () => {
  test("text streams in several text events and finalMessage matches", async () => {
    const text = "You spent 1,234.56 EUR on groceries in 2025, mostly at two supermarkets.";
    fake.enqueue({ kind: "message", content: [{ type: "text", text }], usage: { output_tokens: 17 } });
    const stream = client.messages.stream(params());
    const deltas: string[] = [];
    let lastSnapshot = "";
    stream.on("text", (delta, snapshot) => {
      deltas.push(delta);
      lastSnapshot = snapshot;
    });
    const msg = await stream.finalMessage();
    expect(deltas.length).toBeGreaterThan(5);
    expect(deltas.join("")).toBe(text);
    expect(lastSnapshot).toBe(text);
    expect(msg.content).toEqual([expect.objectContaining({ type: "text", text })]);
    expect(msg.stop_reason).toBe("end_turn");
    expect(msg.role).toBe("assistant");
    expect(msg.model).toBe(MODEL);
    expect(msg.usage.output_tokens).toBe(17);

    expect(fake.requests).toHaveLength(1);
    const rec = fake.requests[0];
    expect(rec!.status).toBe(200);
    expect(rec!.finished).toBe(true);
    expect(rec!.body.model).toBe(MODEL);
    expect(rec!.body.stream).toBe(true);
    expect(rec!.body.messages).toEqual(hi);
    expect(rec!.headers["authorization"]).toBe("Bearer test");
    expect(rec!.headers["anthropic-version"]).toBeTruthy();
    expect(rec!.estimatedTokens).toBe(estimateTokens(rec!.body));
    // Default usage: input_tokens is the estimate.
    expect(msg.usage.input_tokens).toBe(rec!.estimatedTokens);
    expect(msg.usage.cache_read_input_tokens).toBe(0);
    expect(msg.usage.cache_creation_input_tokens).toBe(0);
  });

  test("default handler answers OK; setHandler replies dynamically; enqueue wins", async () => {
    expect((await client.messages.stream(params()).finalMessage()).content).toMatchObject([{ type: "text", text: "OK" }]);
    const seen: number[] = [];
    fake.setHandler((body, index) => {
      seen.push(index);
      return { kind: "message", content: [{ type: "text", text: `turns=${body.messages!.length}` }] };
    });
    fake.enqueue({ kind: "message", content: [{ type: "text", text: "scripted" }] });
    expect(fake.pending).toBe(1);
    const a = await client.messages.stream(params()).finalMessage();
    const b = await client.messages.stream(params()).finalMessage();
    expect(a.content).toMatchObject([{ text: "scripted" }]);
    expect(b.content).toMatchObject([{ text: "turns=1" }]);
    expect(seen).toEqual([2]);
    expect(fake.pending).toBe(0);
  });

  test("a tool_use block arrives with parsed input", async () => {
    fake.enqueue({
      kind: "message",
      content: [
        { type: "text", text: "Let me check." },
        { type: "tool_use", name: "spending_by_category", input: { year: 2025, categories: ["Food", "Rent"] } },
      ],
    });
    const stream = client.messages.stream(params());
    const partials: string[] = [];
    stream.on("inputJson", (partial) => partials.push(partial));
    const msg = await stream.finalMessage();
    expect(msg.stop_reason).toBe("tool_use");
    expect(msg.content).toHaveLength(2);
    expect(msg.content[1]).toEqual({
      type: "tool_use",
      id: "toolu_1",
      name: "spending_by_category",
      input: { year: 2025, categories: ["Food", "Rent"] },
      caller: { type: "direct" },
    });
    expect(partials.length).toBeGreaterThan(3);
    expect(partials.join("")).toBe(JSON.stringify({ year: 2025, categories: ["Food", "Rent"] }));
  });

  test("parallel tool_use blocks, with given and generated ids", async () => {
    fake.enqueue({
      kind: "message",
      content: [
        { type: "tool_use", id: "toolu_custom", name: "spending_by_category", input: { year: 2024 } },
        { type: "tool_use", name: "top_merchants", input: {} },
      ],
    });
    const msg = await client.messages.stream(params()).finalMessage();
    expect(msg.stop_reason).toBe("tool_use");
    expect(msg.content).toEqual([
      { type: "tool_use", id: "toolu_custom", name: "spending_by_category", input: { year: 2024 }, caller: { type: "direct" } },
      { type: "tool_use", id: "toolu_1", name: "top_merchants", input: {}, caller: { type: "direct" } },
    ]);
  });

  test("the wire format: message_start first, pings, first input_json_delta empty, message_stop last", async () => {
    fake.enqueue({
      kind: "message",
      content: [
        { type: "text", text: "Checking your spending now." },
        { type: "tool_use", name: "spending_by_category", input: { year: 2025 } },
      ],
      usage: { input_tokens: 377, output_tokens: 42, cache_read_input_tokens: 300 },
    });
    const res = await rawPost({ ...params(), stream: true });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toStartWith("text/event-stream");
    expect(res.headers.get("request-id")).toBeTruthy();
    const events = parseSSE(res.text);
    const names = events.map(([e]) => e);
    expect(names[0]).toBe("message_start");
    expect(names.at(-1)).toBe("message_stop");
    expect(names.at(-2)).toBe("message_delta");
    expect(names).toContain("ping");
    const start = events[0]![1].message;
    expect(start).toMatchObject({ role: "assistant", content: [], stop_reason: null, model: MODEL });
    expect(start.usage).toMatchObject({ input_tokens: 377, cache_read_input_tokens: 300, cache_creation_input_tokens: 0 });
    const toolStart = events.find(([e, d]) => e === "content_block_start" && d.content_block.type === "tool_use")![1];
    expect(toolStart).toMatchObject({ index: 1, content_block: { type: "tool_use", name: "spending_by_category", input: {}, caller: { type: "direct" } } });
    const jsonDeltas = events.filter(([e, d]) => e === "content_block_delta" && d.delta.type === "input_json_delta").map(([, d]) => d.delta.partial_json);
    expect(jsonDeltas[0]).toBe("");
    expect(JSON.parse(jsonDeltas.join(""))).toEqual({ year: 2025 });
    expect(events.at(-2)![1]).toEqual({
      type: "message_delta",
      delta: { stop_reason: "tool_use", stop_sequence: null, stop_details: null },
      usage: { output_tokens: 42 },
    });
    // Block indices: start/stop pairs in order.
    const starts = events.filter(([e]) => e === "content_block_start").map(([, d]) => d.index);
    const stops = events.filter(([e]) => e === "content_block_stop").map(([, d]) => d.index);
    expect(starts).toEqual([0, 1]);
    expect(stops).toEqual([0, 1]);
  });

  test("max_tokens inside a tool call streams the raw partial JSON", async () => {
    fake.enqueue({
      kind: "message",
      stop_reason: "max_tokens",
      content: [
        { type: "text", text: "Running it." },
        { type: "tool_use", name: "spending_by_category", rawPartialJson: '{"year": 2025, "categories": ["Fo' },
      ],
    });
    const msg = await client.messages.stream(params()).finalMessage();
    expect(msg.stop_reason).toBe("max_tokens");
    const tool = msg.content[1];
    expect(tool!.type).toBe("tool_use");
    // The SDK's partial-JSON parser keeps what is complete.
    if (tool!.type === "tool_use") expect((tool!.input as any).year).toBe(2025);
  });

  test("stop_reason overrides (refusal, pause_turn) are passed through", async () => {
    fake.enqueue({ kind: "message", stop_reason: "refusal", content: [{ type: "text", text: "I can't help with that." }] });
    expect((await client.messages.stream(params()).finalMessage()).stop_reason).toBe("refusal");
    fake.enqueue({ kind: "message", stop_reason: "pause_turn", content: [{ type: "text", text: "Still working" }] });
    expect((await client.messages.stream(params()).finalMessage()).stop_reason).toBe("pause_turn");
  });

  test("chunkDelayMs makes the stream visibly slow", async () => {
    fake.enqueue({ kind: "message", content: [{ type: "text", text: "one two three four" }], chunkDelayMs: 20 });
    const t0 = performance.now();
    const times: number[] = [];
    const stream = client.messages.stream(params());
    stream.on("text", () => times.push(performance.now() - t0));
    await stream.finalMessage();
    expect(times.length).toBe(4);
    // Three delays of 20 ms between the first text and the last; timers may fire a little early (49.8 ms was measured on a
    // loaded machine), so two delays' worth says "visibly slow" without depending on the timer's precision.
    expect(times[3]! - times[0]!).toBeGreaterThanOrEqual(40);
  });

  test("non-streaming messages.create gets a JSON Message", async () => {
    fake.enqueue({ kind: "message", content: [{ type: "text", text: "Title: Groceries" }] });
    const msg = await client.messages.create(params());
    expect(msg.content).toMatchObject([{ type: "text", text: "Title: Groceries" }]);
    expect(msg.stop_reason).toBe("end_turn");
  });
});

describe("errors through the real SDK", () => {
  test("429 then success is retried by the SDK and succeeds", async () => {
    fake.enqueue(
      { kind: "http_error", status: 429, errorType: "rate_limit_error", message: "Number of request tokens has exceeded your per-minute rate limit" },
      { kind: "message", content: [{ type: "text", text: "Recovered." }] },
    );
    const msg = await client.messages.stream(params()).finalMessage();
    expect(msg.content).toMatchObject([{ text: "Recovered." }]);
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests.map((r) => r.status)).toEqual([429, 200]);
    expect(fake.requests[1]!.headers["x-stainless-retry-count"]).toBe("1");
  });

  test("429 without retries surfaces as RateLimitError", async () => {
    fake.enqueue({ kind: "http_error", status: 429, errorType: "rate_limit_error", message: "slow down" });
    const err = await client.messages.stream(params(), { maxRetries: 0 }).finalMessage().catch((e) => e);
    expect(err).toBeInstanceOf(Anthropic.RateLimitError);
    expect(err.status).toBe(429);
    expect(err.type).toBe("rate_limit_error");
    expect(err.apiMessage).toBe("slow down");
  });

  test("529 ×3 surfaces as OverloadedError (an InternalServerError) with status 529", async () => {
    const overloaded = { kind: "http_error", status: 529, errorType: "overloaded_error", message: "Overloaded" } as const;
    fake.enqueue(overloaded, overloaded, overloaded, { kind: "message", content: [{ type: "text", text: "never reached" }] });
    const err = await client.messages.stream(params()).finalMessage().catch((e) => e);
    // SDK 1.12.0: 529 maps to OverloadedError extends InternalServerError extends APIError.
    expect(err).toBeInstanceOf(Anthropic.APIError);
    expect(err).toBeInstanceOf(Anthropic.InternalServerError);
    expect(err).toBeInstanceOf(Anthropic.OverloadedError);
    expect(err.constructor.name).toBe("OverloadedError");
    expect(err.status).toBe(529);
    expect(err.type).toBe("overloaded_error");
    expect(err.requestID).toBe("req_fake_3");
    expect(fake.requests).toHaveLength(3); // 1 + maxRetries (2)
    expect(fake.pending).toBe(1);
  });

  test("a mid-stream error event throws a plain APIError with status undefined, not retried", async () => {
    fake.enqueue(
      { kind: "stream_error", afterText: "You spent a lot on", message: "Overloaded" },
      { kind: "message", content: [{ type: "text", text: "never reached" }] },
    );
    const stream = client.messages.stream(params());
    let text = "";
    stream.on("text", (d) => (text += d));
    const err = await stream.finalMessage().catch((e) => e);
    expect(text).toBe("You spent a lot on");
    expect(err).toBeInstanceOf(Anthropic.APIError);
    expect(err.constructor.name).toBe("APIError"); // not a status subclass
    expect(err).not.toBeInstanceOf(Anthropic.InternalServerError);
    expect(err.status).toBeUndefined();
    expect(err.type).toBe("overloaded_error");
    expect(err.apiMessage).toBe("Overloaded");
    expect(err.error).toEqual({ type: "error", error: { type: "overloaded_error", message: "Overloaded" } });
    expect(err.message).toBe(JSON.stringify(err.error));
    expect(err.requestID).toBe("req_fake_1"); // from the 200 response headers
    expect(stream.errored).toBe(true);
    expect(fake.requests).toHaveLength(1);
    expect(fake.pending).toBe(1);
  });

  test("a connection dropped mid-stream is a plain AnthropicError (not APIError), not retried", async () => {
    fake.enqueue({
      kind: "message",
      content: [
        { type: "text", text: "First block arrives." },
        { type: "text", text: "Second never does." },
      ],
      abortAfterBlocks: 1,
    });
    const stream = client.messages.stream(params());
    let text = "";
    stream.on("text", (d) => (text += d));
    const err = await stream.finalMessage().catch((e) => e);
    expect(text).toBe("First block arrives.");
    expect(err).toBeInstanceOf(Anthropic.AnthropicError);
    expect(err).not.toBeInstanceOf(Anthropic.APIError);
    expect(err.cause?.code).toBe("ECONNRESET");
    expect(fake.requests).toHaveLength(1);
  });

  test("abort via AbortController on a hang reply rejects with APIUserAbortError", async () => {
    fake.enqueue({ kind: "hang", pingEveryMs: 50 });
    const ac = new AbortController();
    const stream = client.messages.stream(params(), { signal: ac.signal });
    let aborted = false;
    stream.on("abort", () => (aborted = true));
    // Deliberately let the hang run a while (pings flowing) before aborting: the abort must work mid-hang, not just at connect.
    stream.on("connect", () => setTimeout(() => ac.abort(), 150));
    const err = await stream.finalMessage().catch((e) => e);
    expect(err).toBeInstanceOf(Anthropic.APIUserAbortError);
    expect(err.status).toBeUndefined();
    expect(aborted).toBe(true);
    expect(stream.aborted).toBe(true);
    // The server notices the client went away.
    await waitFor(() => fake.requests[0]!.aborted, { what: "the fake to see the abort" });
    expect(fake.requests[0]!.aborted).toBe(true);
    expect(fake.requests[0]!.finished).toBe(false);
  });

  test("stream.abort() on a slow stream also rejects with APIUserAbortError", async () => {
    fake.enqueue({ kind: "message", content: [{ type: "text", text: "a b c d e f g h i j k l" }], chunkDelayMs: 30 });
    const stream = client.messages.stream(params());
    stream.once("text", () => stream.abort());
    const err = await stream.finalMessage().catch((e) => e);
    expect(err).toBeInstanceOf(Anthropic.APIUserAbortError);
  });

  test("wrong api key → AuthenticationError (401), not retried", async () => {
    fake.enqueue({ kind: "message", content: [{ type: "text", text: "not consumed" }] });
    const bad = new Anthropic({ apiKey: "wrong", baseURL: fake.url });
    const err = await bad.messages.stream(params()).finalMessage().catch((e) => e);
    expect(err).toBeInstanceOf(Anthropic.AuthenticationError);
    expect(err.status).toBe(401);
    expect(err.type).toBe("authentication_error");
    expect(fake.requests).toHaveLength(1);
    expect(fake.pending).toBe(1);
  });

  test("missing key → 401; x-api-key is accepted too", async () => {
    const noKey = await rawPost(params(), { "x-api-key": "" });
    expect(noKey.status).toBe(401);
    expect(JSON.parse(noKey.text)).toEqual({ type: "error", error: { type: "authentication_error", message: "x-api-key header is required" } });
    const ok = await rawPost(params());
    expect(ok.status).toBe(200);
  });

  test("other paths → 404 JSON error", async () => {
    const res = await fetch(fake.url + "/v1/models");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ type: "error", error: { type: "not_found_error" } });
    const err = await client.models.list().catch((e) => e);
    expect(err).toBeInstanceOf(Anthropic.NotFoundError);
  });
});

describe("request validation like the real API (400, reply not consumed)", () => {
  const toolTurn: MessageParam = {
    role: "assistant",
    content: [
      { type: "text", text: "Let me check." },
      { type: "tool_use", id: "toolu_a", name: "spending_by_category", input: { year: 2025 } },
    ],
  };

  async function expect400(messages: MessageParam[], pattern: RegExp, extra: Record<string, unknown> = {}) {
    fake.reset();
    fake.enqueue({ kind: "message", content: [{ type: "text", text: "should stay queued" }] });
    const err = await client.messages.stream(params(messages, extra) as any).finalMessage().catch((e) => e);
    expect(err).toBeInstanceOf(Anthropic.BadRequestError);
    expect(err.status).toBe(400);
    expect(err.type).toBe("invalid_request_error");
    expect(err.apiMessage).toMatch(pattern);
    expect(fake.pending).toBe(1);
    expect(fake.requests).toHaveLength(1); // 400 is not retried
    expect(fake.requests[0]!.status).toBe(400);
    expect(fake.requests[0]!.validationError).toBe(err.apiMessage);
  }

  test("a well-formed tool round trip is accepted", async () => {
    fake.enqueue({ kind: "message", content: [{ type: "text", text: "Done." }] });
    const messages: MessageParam[] = [
      ...hi,
      toolTurn,
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "toolu_a", content: '{"total": 12}' },
          { type: "text", text: "and also by month?" },
        ],
      },
    ];
    const msg = await client.messages.stream(params(messages)).finalMessage();
    expect(msg.content).toMatchObject([{ text: "Done." }]);
  });

  test("unanswered tool_use (next user message has no tool_result)", async () => {
    await expect400([...hi, toolTurn, { role: "user", content: "hello?" }], /`tool_use` ids were found without `tool_result` blocks immediately after: toolu_a/);
  });

  test("unanswered tool_use in the final assistant message", async () => {
    await expect400([...hi, toolTurn], /without `tool_result` blocks immediately after: toolu_a/);
  });

  test("text before tool_result", async () => {
    await expect400(
      [
        ...hi,
        toolTurn,
        {
          role: "user",
          content: [
            { type: "text", text: "Here you go" },
            { type: "tool_result", tool_use_id: "toolu_a", content: "42" },
          ],
        },
      ],
      /tool_result blocks must come first/,
    );
  });

  test("only one of two parallel tool_uses answered", async () => {
    const two: MessageParam = {
      role: "assistant",
      content: [
        { type: "tool_use", id: "toolu_a", name: "spending_by_category", input: {} },
        { type: "tool_use", id: "toolu_b", name: "top_merchants", input: {} },
      ],
    };
    await expect400([...hi, two, { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_a", content: "1" }] }], /immediately after: toolu_b\./);
  });

  test("tool_result with no matching tool_use in the previous assistant message", async () => {
    await expect400(
      [...hi, { role: "assistant", content: "Sure." }, { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_zzz", content: "x" }] }],
      /unexpected `tool_use_id` found in `tool_result` blocks: toolu_zzz/,
    );
  });

  test("roles must alternate and start with user; messages non-empty", async () => {
    await expect400([...hi, { role: "user", content: "again" }], /roles must alternate between "user" and "assistant"/);
    await expect400([{ role: "assistant", content: "Hi" }, ...hi], /first message must use the "user" role/);
    await expect400([], /at least one message is required/);
    await expect400([...hi, { role: "assistant", content: [] }, { role: "user", content: "x" }], /non-empty content/);
    await expect400([{ role: "user", content: [{ type: "text", text: "" }] }], /text content blocks must be non-empty/);
  });

  test("final assistant prefill is allowed, but not with trailing whitespace", async () => {
    fake.enqueue({ kind: "message", content: [{ type: "text", text: " continued" }] });
    await client.messages.stream(params([...hi, { role: "assistant", content: "The answer is" }])).finalMessage();
    await expect400([...hi, { role: "assistant", content: "The answer is " }], /final assistant content cannot end with trailing whitespace/);
  });

  test("tool names must be unique and well-formed", async () => {
    await expect400(hi, /Tool names must be unique/, { tools: [tools[0], tools[0]] });
    await expect400(hi, /String should match pattern/, { tools: [{ ...tools[0], name: "bad name!" }] });
    await expect400(hi, /String should match pattern/, { tools: [{ ...tools[0], name: "x".repeat(65) }] });
  });

  test("at most 4 cache_control breakpoints", async () => {
    const cc = { type: "ephemeral" } as const;
    const msgs: MessageParam[] = [{ role: "user", content: ["a", "b", "c", "d", "e"].map((t) => ({ type: "text" as const, text: t, cache_control: cc })) }];
    await expect400(msgs, /A maximum of 4 blocks with cache_control may be provided. Found 5/);
  });

  test("model and max_tokens are required; bad JSON is a 400", async () => {
    const noModel = await rawPost({ max_tokens: 10, messages: hi });
    expect(noModel.status).toBe(400);
    expect(JSON.parse(noModel.text).error).toEqual({ type: "invalid_request_error", message: "model: Field required" });
    const noMax = await rawPost({ model: MODEL, messages: hi });
    expect(noMax.status).toBe(400);
    expect(JSON.parse(noMax.text).error.message).toBe("max_tokens: Field required");
    const bad = await rawPost("{not json");
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text).error.type).toBe("invalid_request_error");
  });
});

describe("usage and tokens", () => {
  test("count_tokens answers the estimate", async () => {
    const res = await client.messages.countTokens({ model: MODEL, messages: hi });
    expect(res.input_tokens).toBe(fake.requests[0]!.estimatedTokens);
  });

  test("simulateCache reports cache creation, then cache reads for a shared prefix", async () => {
    const cached = await startFakeAnthropic({ simulateCache: true, minCacheableTokens: 10 });
    try {
      const c = new Anthropic({ apiKey: "k", baseURL: cached.url });
      const system = [{ type: "text" as const, text: "You are a budget assistant. ".repeat(20), cache_control: { type: "ephemeral" as const } }];
      const first = await c.messages.stream({ model: MODEL, max_tokens: 100, system, messages: hi }).finalMessage();
      expect(first.usage.cache_creation_input_tokens).toBeGreaterThan(0);
      expect(first.usage.cache_read_input_tokens).toBe(0);
      const second = await c.messages
        .stream({ model: MODEL, max_tokens: 100, system, messages: [{ role: "user", content: "Something else entirely" }] })
        .finalMessage();
      expect(second.usage.cache_read_input_tokens).toBe(first.usage.cache_creation_input_tokens);
      expect(second.usage.cache_creation_input_tokens).toBe(0);
      const total = second.usage.input_tokens + second.usage.cache_read_input_tokens!;
      expect(total).toBe(cached.requests[1]!.estimatedTokens);
    } finally {
      await cached.stop();
    }
  });

  test("waitForRequests resolves once requests arrive", async () => {
    const p = fake.waitForRequests(2, 2000);
    await client.messages.stream(params()).finalMessage();
    await client.messages.stream(params()).finalMessage();
    expect((await p).length).toBe(2);
  });
});
