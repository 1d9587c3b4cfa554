import { formatCount } from "../../src/core/format.ts";
import { READ_TOOLS } from "../../src/tools/registry.ts";
import { describe, expect, test } from "bun:test";
import { harnessPerTest, textOf, typesOf, type Harness } from "../support/agent-harness.ts";
import { waitFor } from "../support/wait.ts";

const suite = harnessPerTest();
let h: Harness;


/** The content blocks of the message at `index` in the `n`-th request to the model. */
function sent(n: number) {
  return suite.fake.requests.filter((r) => r.path === "/v1/messages")[n]!.body;
}

describe("agent loop with the real SDK against the fake Messages API", () => {
  test("single tool call → streamed narrative, tool events, chart; only the summary reaches the model", async () => {
    h = await suite.start();
    suite.fake.enqueue(
      { kind: "message", content: [{ type: "text", text: "Let me check." }, { type: "tool_use", id: "toolu_a", name: "spending_by_category", input: { year: 2025 } }] },
      { kind: "message", content: [{ type: "text", text: "You spent most on **Housing** in 2025." }] },
    );
    const { events, turn } = await h.ask("Where did my money go in 2025?");
    expect(typesOf(events)).toEqual(["turn_started", "text", "tool_started", "tool_finished", "chart", "text", "figures", "done"]);
    expect(textOf(events)).toBe("Let me check.You spent most on **Housing** in 2025.");
    // Streaming is real: the fake splits text into small deltas and the loop forwards each.
    expect(events.filter((e) => e.type === "text").length).toBeGreaterThan(5);
    const finished = events.find((e) => e.type === "tool_finished")!;
    const chart = events.find((e) => e.type === "chart")!;
    expect(chart.type === "chart" && chart.chart.type).toBe("bar_h");

    expect(suite.fake.requests.length).toBe(2);
    const second = sent(1);
    const results = second.messages!.at(-1);
    expect(results.role).toBe("user");
    expect(results.content).toHaveLength(1);
    expect(results.content[0]).toMatchObject({ type: "tool_result", tool_use_id: "toolu_a" });
    expect(results.content[0].content).toBe(finished.type === "tool_finished" ? finished.summary : "");
    // Chart data never enters the model's context.
    const wire = JSON.stringify(second);
    expect(wire).not.toContain('"datasets"');
    expect(wire).not.toContain('"bar_h"');

    expect(turn.outcome).toMatchObject({ status: "done", incomplete: false });
    const stored = h.store.messages.list(turn.conversationId);
    expect(stored.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(h.store.turns.get(turn.id)!.status).toBe("done");
  });

  test("two sequential tool calls, then the answer", async () => {
    h = await suite.start();
    suite.fake.enqueue(
      { kind: "message", content: [{ type: "tool_use", id: "t1", name: "spending_by_category", input: { year: 2025 } }] },
      { kind: "message", content: [{ type: "tool_use", id: "t2", name: "merchant_breakdown", input: { category: "groceries", year: 2025 } }] },
      { kind: "message", content: [{ type: "text", text: "Migros leads." }] },
    );
    const { events } = await h.ask("Groceries by merchant in 2025?");
    expect(events.filter((e) => e.type === "tool_finished").map((e) => e.type === "tool_finished" && e.tool)).toEqual([
      "spending_by_category",
      "merchant_breakdown",
    ]);
    expect(suite.fake.requests.length).toBe(3);
    expect(sent(2).messages!.map((m: { role: string }) => m.role)).toEqual(["user", "assistant", "user", "assistant", "user"]);
  });

  test("two parallel tool calls → one user message with both results, results first", async () => {
    h = await suite.start();
    suite.fake.enqueue(
      {
        kind: "message",
        content: [
          { type: "text", text: "Checking both." },
          { type: "tool_use", id: "p1", name: "monthly_trend", input: { category: "Dining", year: 2025 } },
          { type: "tool_use", id: "p2", name: "income_vs_spending", input: { year: 2025 } },
        ],
      },
      { kind: "message", content: [{ type: "text", text: "Done." }] },
    );
    const { events } = await h.ask("Dining trend and income vs spending 2025");
    const started = events.filter((e) => e.type === "tool_started").map((e) => e.type === "tool_started" && e.id);
    expect(started).toEqual(["p1", "p2"]);
    const last = sent(1).messages!.at(-1);
    expect(last.role).toBe("user");
    expect(last.content.map((b: { type: string; tool_use_id: string }) => [b.type, b.tool_use_id])).toEqual([
      ["tool_result", "p1"],
      ["tool_result", "p2"],
    ]);
    expect(events.filter((e) => e.type === "chart").map((e) => e.type === "chart" && e.chart.type)).toEqual(["bar", "grouped_bar"]);
  });

  test("invalid tool input → is_error result with instructions, then the model recovers", async () => {
    h = await suite.start();
    suite.fake.enqueue(
      { kind: "message", content: [{ type: "tool_use", id: "bad", name: "monthly_trend", input: { year: "last year" } }] },
      { kind: "message", content: [{ type: "tool_use", id: "bad2", name: "merchant_breakdown", input: { category: "Food" } }] },
      { kind: "message", content: [{ type: "tool_use", id: "good", name: "monthly_trend", input: { year: 2025 } }] },
      { kind: "message", content: [{ type: "text", text: "Here it is." }] },
    );
    const { events, turn } = await h.ask("Trend last year");
    const failed = events.filter((e) => e.type === "tool_failed");
    expect(failed).toHaveLength(2);
    const r1 = sent(1).messages!.at(-1).content[0];
    expect(r1).toMatchObject({ type: "tool_result", tool_use_id: "bad", is_error: true });
    expect(r1.content).toContain("Invalid input for monthly_trend");
    expect(r1.content).toContain("year");
    const r2 = sent(2).messages!.at(-1).content[0];
    expect(r2).toMatchObject({ tool_use_id: "bad2", is_error: true });
    expect(r2.content).toContain('Unknown category "Food"');
    expect(r2.content).toContain("Groceries");
    const r3 = sent(3).messages!.at(-1).content[0];
    expect(r3.is_error).toBeUndefined();
    expect(turn.outcome).toMatchObject({ status: "done", incomplete: false });
    // Failed calls are audited with their error.
    const audited = h.store.audit.list({ kind: "tool_call" }).map((a) => (a.detail as { ok: boolean }).ok);
    expect(audited.sort()).toEqual([false, false, true]);
  });

  test("unknown tool → is_error naming the available tools", async () => {
    h = await suite.start();
    suite.fake.enqueue(
      { kind: "message", content: [{ type: "tool_use", id: "u1", name: "delete_everything", input: {} }] },
      { kind: "message", content: [{ type: "text", text: "Sorry." }] },
    );
    const { events } = await h.ask("hi");
    const r = sent(1).messages!.at(-1).content[0];
    expect(r).toMatchObject({ tool_use_id: "u1", is_error: true });
    expect(r.content).toBe(
      `Unknown tool "delete_everything". Available tools: ${READ_TOOLS.map((t) => t.name).join(", ")}.`,
    );
    expect(events.some((e) => e.type === "tool_failed" && e.tool === "delete_everything")).toBe(true);
  });

  test("step limit → partial answer flagged incomplete, no dangling tool_use in history", async () => {
    h = await suite.start({ settings: { maxSteps: 3 } });
    let n = 0;
    suite.fake.setHandler(() => ({
      kind: "message",
      content: [{ type: "text", text: `Step ${++n}. ` }, { type: "tool_use", name: "spending_by_category", input: {} }],
    }));
    const { events, turn } = await h.ask("loop forever");
    expect(suite.fake.requests.length).toBe(3);
    expect(textOf(events)).toBe("Step 1. Step 2. Step 3. ");
    const notice = events.find((e) => e.type === "notice");
    expect(notice).toEqual({ type: "notice", kind: "incomplete", message: "Stopped after 3 model calls; the answer may be incomplete." });
    expect(events.at(-1)).toMatchObject({ type: "done", incomplete: true });
    const stored = h.store.messages.list(turn.conversationId);
    const last = stored.at(-1)!;
    expect(last.role).toBe("assistant");
    expect(JSON.stringify(last.content)).not.toContain("tool_use");
    // The next question is accepted by the (validating) fake: history is valid.
    suite.fake.setHandler(() => ({ kind: "message", content: [{ type: "text", text: "fine" }] }));
    const next = await h.ask("and now?", turn.conversationId);
    expect(next.turn.outcome?.status).toBe("done");
  });

  test("max_tokens inside a tool call → the call is not run and the user is told", async () => {
    h = await suite.start();
    suite.fake.enqueue({
      kind: "message",
      stop_reason: "max_tokens",
      content: [{ type: "text", text: "Let me look" }, { type: "tool_use", id: "cut", name: "list_transactions", rawPartialJson: '{"search": "Mig' }],
    });
    const { events, turn } = await h.ask("list Migros");
    expect(events.some((e) => e.type === "tool_started")).toBe(false);
    expect(events.find((e) => e.type === "notice")).toEqual({
      type: "notice",
      kind: "max_tokens",
      message: "The answer was cut off at the length limit while preparing an analysis; that analysis was not run.",
    });
    expect(turn.outcome).toMatchObject({ status: "done", incomplete: true });
    expect(h.store.audit.list({ kind: "tool_call" })).toHaveLength(0);
    const last = h.store.messages.list(turn.conversationId).at(-1)!;
    expect(last.content).toEqual([{ type: "text", text: "Let me look" }]);
  });

  test("refusal is shown as a refusal", async () => {
    h = await suite.start();
    suite.fake.enqueue({ kind: "message", stop_reason: "refusal", content: [] });
    const { events } = await h.ask("something bad");
    expect(events.find((e) => e.type === "notice")).toEqual({ type: "notice", kind: "refusal", message: "The model declined to answer this request." });
  });

  test("pause_turn continues with the partial reply, bounded", async () => {
    h = await suite.start();
    suite.fake.enqueue(
      { kind: "message", stop_reason: "pause_turn", content: [{ type: "text", text: "Part one." }] },
      { kind: "message", content: [{ type: "text", text: " Part two." }] },
    );
    const { events, turn } = await h.ask("long");
    expect(textOf(events)).toBe("Part one. Part two.");
    expect(sent(1).messages!.at(-1)).toEqual({ role: "assistant", content: [{ type: "text", text: "Part one.", cache_control: { type: "ephemeral" } }] });
    expect(h.store.messages.list(turn.conversationId).at(-1)!.content).toEqual([
      { type: "text", text: "Part one." },
      { type: "text", text: " Part two." },
    ]);
  });

  test("401 → clear error, not retryable, history valid", async () => {
    h = await suite.start();
    suite.fake.enqueue({ kind: "http_error", status: 401, errorType: "authentication_error", message: "invalid x-api-key" });
    const { events, turn } = await h.ask("hello");
    expect(events.find((e) => e.type === "error")).toEqual({
      type: "error",
      message: "The Anthropic API rejected the API key (401). Check ANTHROPIC_API_KEY.",
      retryable: false,
    });
    expect(suite.fake.requests.length).toBe(1);
    expect(h.store.turns.get(turn.id)!.status).toBe("error");
    expect(JSON.stringify(h.store.messages.list(turn.conversationId))).not.toContain("test-key");
  });

  test("429 is retried by the SDK and then succeeds", async () => {
    h = await suite.start();
    suite.fake.enqueue(
      { kind: "http_error", status: 429, errorType: "rate_limit_error", message: "slow down" },
      { kind: "message", content: [{ type: "text", text: "ok now" }] },
    );
    const { events } = await h.ask("hello");
    expect(suite.fake.requests.length).toBe(2);
    expect(textOf(events)).toBe("ok now");
  });

  test("429 and 529 that persist are surfaced after the retries", async () => {
    h = await suite.start();
    const overloaded = { kind: "http_error", status: 529, errorType: "overloaded_error", message: "Overloaded" } as const;
    suite.fake.enqueue(overloaded, overloaded, overloaded);
    const first = await h.ask("hello");
    expect(suite.fake.requests.length).toBe(3);
    expect(first.events.find((e) => e.type === "error")).toEqual({
      type: "error",
      message: "The Anthropic API is overloaded (529). Retry in a moment.",
      retryable: true,
    });
    const limited = { kind: "http_error", status: 429, errorType: "rate_limit_error", message: "slow" } as const;
    suite.fake.enqueue(limited, limited, limited);
    const second = await h.ask("again", first.turn.conversationId);
    expect(second.events.find((e) => e.type === "error")).toMatchObject({
      message: "The Anthropic API is rate-limiting requests (429). Wait a moment, then retry.",
    });
  });

  test("mid-stream error event → turn closed with the text so far, history valid, next question works", async () => {
    h = await suite.start();
    suite.fake.enqueue({ kind: "stream_error", afterText: "Partial answer", errorType: "overloaded_error", message: "Overloaded" });
    const { events, turn } = await h.ask("hello");
    expect(textOf(events)).toBe("Partial answer");
    expect(events.find((e) => e.type === "error")).toEqual({
      type: "error",
      message: "The Anthropic API is overloaded (529). Retry in a moment.",
      retryable: true,
    });
    expect(suite.fake.requests.length).toBe(1); // not retried: the SDK does not retry errors inside a 200 stream
    expect(h.store.turns.get(turn.id)!.status).toBe("error");
    expect(h.store.messages.list(turn.conversationId).at(-1)!.content).toEqual([{ type: "text", text: "Partial answer" }]);
    suite.fake.enqueue({ kind: "message", content: [{ type: "text", text: "Recovered." }] });
    const next = await h.ask("try again", turn.conversationId);
    expect(textOf(next.events)).toBe("Recovered.");
    expect(sent(1).messages!.map((m: { role: string }) => m.role)).toEqual(["user", "assistant", "user"]);
  });

  test("a connection dropped mid-answer is reported, not thrown", async () => {
    h = await suite.start();
    suite.fake.enqueue({ kind: "message", content: [{ type: "text", text: "Starting" }, { type: "text", text: "never" }], abortAfterBlocks: 1 });
    const { events, turn } = await h.ask("hello");
    expect(events.find((e) => e.type === "error")).toEqual({
      type: "error",
      message: "The connection to the model broke before the answer was complete. Retry in a moment.",
      retryable: true,
    });
    expect(turn.outcome?.status).toBe("error");
    expect(h.store.messages.list(turn.conversationId).at(-1)!.content).toEqual([{ type: "text", text: "Starting" }]);
  });

  test("stop mid-stream aborts the upstream request and keeps what was streamed", async () => {
    h = await suite.start();
    suite.fake.enqueue({ kind: "message", content: [{ type: "text", text: "one two three four five six seven eight nine ten" }], chunkDelayMs: 40 });
    const turn = h.chat.startTurn({ userId: "local", question: "slow" });
    const seen: string[] = [];
    for await (const e of turn.subscribe()) {
      if (e.type === "text") {
        seen.push(e.text);
        if (seen.length === 3) turn.stop();
      }
    }
    const outcome = await turn.finished;
    expect(outcome.status).toBe("stopped");
    // The fake sees the connection close a moment after the stop.
    await waitFor(() => suite.fake.requests[0]!.aborted, { what: "the upstream request to be aborted" });
    expect(suite.fake.requests[0]!.aborted).toBe(true);
    const kept = h.store.messages.list(turn.conversationId).at(-1)!;
    expect(kept.role).toBe("assistant");
    expect((kept.content as { text: string }[])[0]!.text).toBe(seen.join(""));
    expect(h.store.turns.get(turn.id)!.status).toBe("stopped");
  });

  test("system prompt: categories, date range, counts, today's date; static block cached and identical across turns", async () => {
    h = await suite.start();
    suite.fake.enqueue({ kind: "message", content: [{ type: "text", text: "a" }] }, { kind: "message", content: [{ type: "text", text: "b" }] });
    const first = await h.ask("one");
    await h.ask("two");
    const sum = h.budget.summary();
    const [a, b] = [sent(0), sent(1)];
    const system = a.system as { type: string; text: string; cache_control?: unknown }[];
    expect(system[0]!.cache_control).toEqual({ type: "ephemeral" });
    expect(system[1]!.text).toContain(`- 7'300 transactions from ${sum.firstDate} to ${sum.lastDate}.`);
    expect(system[1]!.text).toContain("- Currencies: CHF (7'300 transactions).");
    expect(system[1]!.text).toContain("Not spending (neither spending nor income): Transfers, Investments.");
    expect(system[1]!.text).toContain("- Income: ");
    expect(system[1]!.text).toContain(`Groceries ${formatCount(sum.categoryCounts.find((c) => c.category === "Groceries")!.count)}`);
    expect(system[1]!.text).not.toContain("left out of every figure"); // no malformed dates in the demo data
    // The tool guide comes from the registry: every tool offered has its line.
    for (const t of a.tools!) expect(system[0]!.text).toContain(`- ${t.name}: `);
    expect(system[1]!.text).toContain("Current date and time: Sunday 2026-11-22 10:30 (Europe/Zurich)");
    // Today and the last date with data, and what a later period means (SPEC §1 "Time").
    expect(system[1]!.text).toContain(`The last date with data is ${sum.lastDate}. A period after it has no data yet (that is not zero spending)`);
    expect(JSON.stringify(a.tools)).toBe(JSON.stringify(b.tools));
    expect(a.tools!.at(-1).cache_control).toEqual({ type: "ephemeral" });
    expect(JSON.stringify(system[0])).toBe(JSON.stringify((b.system as unknown[])[0]));
    expect(first.turn.outcome?.status).toBe("done");
  });

  test("restart: a new service on the same databases continues the conversation with its history", async () => {
    h = await suite.start();
    suite.fake.enqueue({ kind: "message", content: [{ type: "text", text: "Groceries were CHF 100." }] });
    const { turn } = await h.ask("groceries?");
    const dir = h.dir;
    await h.chat.shutdown();
    h.store.close();
    h.budget.close();
    h = await suite.start({ dir });
    suite.fake.enqueue({ kind: "message", content: [{ type: "text", text: "And Dining CHF 50." }] });
    await h.ask("and dining?", turn.conversationId);
    const msgs = sent(1).messages!;
    expect(msgs.map((m: { role: string }) => m.role)).toEqual(["user", "assistant", "user"]);
    expect(msgs[1].content[0].text).toBe("Groceries were CHF 100.");
  });

  test("a turn interrupted by a crash is closed on restart and the history stays valid", async () => {
    h = await suite.start();
    // What a kill -9 between a tool_use and its result leaves behind: a running turn, a dangling tool_use.
    const conv = h.store.conversations.create("local", "crash").id;
    const turnId = h.store.turns.start({ conversationId: conv, userId: "local", model: "m", question: "crash me" });
    h.store.messages.append(conv, turnId, [
      { role: "user", content: [{ type: "text", text: "crash me" }] },
      { role: "assistant", content: [{ type: "tool_use", id: "x1", name: "spending_by_category", input: {} }] },
    ]);
    const dir = h.dir;
    h.store.close();
    h.budget.close();
    h = await suite.start({ dir });
    expect(h.store.turns.get(turnId)!.status).toBe("interrupted");
    suite.fake.enqueue({ kind: "message", content: [{ type: "text", text: "Back." }] });
    const next = await h.ask("still there?", conv);
    expect(textOf(next.events)).toBe("Back.");
    expect(suite.fake.requests[0]!.validationError).toBeUndefined();
    expect(sent(0).messages!.map((m: { role: string }) => m.role)).toEqual(["user", "assistant", "user", "assistant", "user"]);
  });

  test("the 20-message window never splits a tool pair", async () => {
    h = await suite.start({ settings: { historyMessages: 6 } });
    // Each turn: question, tool_use, tool_result, answer = 4 messages.
    suite.fake.setHandler((body) => {
      const last = body.messages!.at(-1);
      const isQuestion = last.content.some((b: { type: string }) => b.type === "text");
      return isQuestion
        ? { kind: "message", content: [{ type: "tool_use", name: "spending_by_category", input: {} }] }
        : { kind: "message", content: [{ type: "text", text: "done" }] };
    });
    let conv: string | undefined;
    for (let i = 0; i < 4; i++) conv = (await h.ask(`question ${i}`, conv)).turn.conversationId;
    for (const r of suite.fake.requests) {
      const first = r.body.messages![0];
      expect(first.role).toBe("user");
      expect(first.content.every((b: { type: string }) => b.type === "text")).toBe(true);
      expect(r.validationError).toBeUndefined();
    }
    // Turn 4's first request: window of 6 minus the new question → the previous turn's 4 messages + the question.
    const firstOfLast = suite.fake.requests.at(-2)!.body.messages!;
    expect(firstOfLast.map((m: { content: { text?: string }[] }) => m.content[0]!.text ?? "·")).toEqual(["question 2", "·", "·", "done", "question 3"]);
  });
});
