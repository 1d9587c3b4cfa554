/**
 * 6. Context per turn: what we send to the model on each turn of a scripted 30-turn
 * conversation, against a naive agent that resends the full history with full tool
 * output (summary + charts + tables as JSON).
 *
 * Ours: the real ChatService (test/support/agent-harness.ts) with long-term memory on,
 * as `budget-chat serve` wires it (summaries awaited here so every turn's calls are
 * counted in that turn), talking to the fake Messages API. Every request the fake
 * receives during a turn counts: the tool-call step, the answer step and any memory
 * summary call. Bytes = the JSON request body; tokens = the fake's estimate (chars / 4).
 * Naive: the same system prompt and tools, the same questions, tool calls and answers,
 * but every earlier turn resent in full and each tool_result the tool's whole output.
 * Targets: the fixed part (system prompt + tool schemas) ≤ 24 kB; bounded once the history window is full;
 * ≤ 1/3 of the naive bytes at turn 30. The answers name no amount, so no figure-check repair round (a call the
 * naive agent does not make) runs.
 */
import Anthropic from "@anthropic-ai/sdk";
import { startHarness } from "../test/support/agent-harness.ts";
import { estimateTokens, startFakeAnthropic, type FakeRequestBody, type RecordedRequest } from "../test/support/fake-anthropic.ts";
import { type MemoryHooks } from "../src/memory/memory.ts";
import { createMemory, type MemoryService } from "../src/memory/memory.ts";
import { READ_TOOLS } from "../src/tools/registry.ts";
import { answerText, bytes, type Check, emit, int, ratio, timer } from "./lib.ts";

const elapsed = timer();
const TURNS = 30;
const HISTORY = 20;

/** 30 questions, each answered with one tool call. */
const SCRIPT: { q: string; tool: string; input: Record<string, unknown> }[] = [
  { q: "Where does my money go?", tool: "spending_by_category", input: {} },
  { q: "And in 2025 only?", tool: "spending_by_category", input: { year: 2025 } },
  { q: "How did my grocery spending develop?", tool: "monthly_trend", input: { category: "Groceries" } },
  { q: "Where do I buy groceries?", tool: "merchant_breakdown", input: { category: "Groceries" } },
  { q: "Am I saving money?", tool: "income_vs_spending", input: {} },
  { q: "How much did I spend at Migros?", tool: "search_transactions", input: { search: "migros" } },
  { q: "Show me those Migros transactions.", tool: "list_transactions", input: { search: "migros" } },
  { q: "Which restaurants cost most in 2025?", tool: "merchant_breakdown", input: { category: "Dining", year: 2025 } },
  { q: "Dining per month in 2025?", tool: "monthly_trend", input: { category: "Dining", year: 2025 } },
  { q: "What did I pay Swisscom?", tool: "search_transactions", input: { search: "swisscom" } },
  { q: "Income vs spending in 2024?", tool: "income_vs_spending", input: { year: 2024 } },
  { q: "What did I spend in March 2025?", tool: "spending_by_category", input: { year: 2025, month: 3 } },
  { q: "List my travel expenses in 2025.", tool: "list_transactions", input: { category: "Travel", year: 2025 } },
  { q: "How much went to SBB?", tool: "search_transactions", input: { search: "sbb" } },
  { q: "Transport per month?", tool: "monthly_trend", input: { category: "Transport" } },
  { q: "Top shops for Shopping?", tool: "merchant_breakdown", input: { category: "Shopping" } },
  { q: "How much went to savings?", tool: "search_transactions", input: { search: "savings" } },
  { q: "Subscriptions per month in 2025?", tool: "monthly_trend", input: { category: "Subscriptions", year: 2025 } },
  { q: "Spending by category in 2024?", tool: "spending_by_category", input: { year: 2024 } },
  { q: "What did Coop cost me in 2025?", tool: "search_transactions", input: { search: "coop", year: 2025 } },
  { q: "List the biggest healthcare bills.", tool: "list_transactions", input: { category: "Healthcare" } },
  { q: "Insurance providers?", tool: "merchant_breakdown", input: { category: "Insurance" } },
  { q: "Income vs spending in 2025?", tool: "income_vs_spending", input: { year: 2025 } },
  { q: "Children's costs per month?", tool: "monthly_trend", input: { category: "Children" } },
  { q: "How much did I spend on Zalando?", tool: "search_transactions", input: { search: "zalando" } },
  { q: "Show my fees in 2025.", tool: "list_transactions", input: { category: "Fees", year: 2025 } },
  { q: "Where did I spend in December 2025?", tool: "spending_by_category", input: { year: 2025, month: 12 } },
  { q: "Top merchants for Travel in 2025?", tool: "merchant_breakdown", input: { category: "Travel", year: 2025 } },
  { q: "Housing per month in 2025?", tool: "monthly_trend", input: { category: "Housing", year: 2025 } },
  { q: "Overall, am I spending more than last year?", tool: "income_vs_spending", input: {} },
];

const isSummary = (body: FakeRequestBody | undefined) => JSON.stringify(body?.system ?? "").includes("long-term memory notes");
const lastHasToolResult = (body: FakeRequestBody) => {
  const last = body.messages?.[body.messages.length - 1];
  return Array.isArray(last?.content) && last.content.some((b: { type?: string }) => b.type === "tool_result");
};

let turn = 0;
const answers = SCRIPT.map((_, i) => answerText(`Answer${i + 1}:`, 70, { figures: false }));
const fake = await startFakeAnthropic();
fake.setHandler((body) => {
  if (isSummary(body))
    return {
      kind: "message",
      content: [{ type: "text", text: "The user reviewed spending by category, groceries (Migros, Coop) and dining; key figures: groceries 2025 CHF 7'412.35, dining 2025 CHF 3'120.40, net savings 2025 CHF 21'004.10." }],
    };
  if (lastHasToolResult(body)) return { kind: "message", content: [{ type: "text", text: answers[turn]! }] };
  const s = SCRIPT[turn];
  return { kind: "message", content: [{ type: "tool_use", name: s!.tool, input: s!.input }] };
});

// Memory as serve wires it (src/app.ts), created once the harness has its app DB.
let memory: MemoryService | null = null;
const hooks: MemoryHooks = {
  recall: (u, q) => memory!.recall(u, q),
  forget: (u, c, d) => memory!.forget(u, c, d),
};
const h = await startHarness({ fake, memory: hooks, settings: { historyMessages: HISTORY } });
memory = createMemory({ store: h.store, client: new Anthropic({ apiKey: "test-key", baseURL: fake.url }), model: "claude-test", background: false, log: () => {} });

type TurnFigures = { mainBytes: number; summaryBytes: number; tokens: number; calls: number; naiveBytes: number; naiveTokens: number };
const figures: TurnFigures[] = [];
const size = (body: unknown) => Buffer.byteLength(JSON.stringify(body));

let conversationId: string | undefined;
const naiveHistory: unknown[] = [];
let first: RecordedRequest | null = null;
for (turn = 0; turn < TURNS; turn++) {
  const s = SCRIPT[turn];
  const before = fake.requests.length;
  const { turn: t, events } = await h.ask(s!.q, conversationId);
  conversationId = t.conversationId;
  const err = events.find((e) => e.type === "error");
  if (err) throw new Error(`turn ${turn + 1} failed: ${JSON.stringify(err)}`);
  const reqs = fake.requests.slice(before);
  const bad = reqs.find((r) => r.validationError);
  if (bad) throw new Error(`turn ${turn + 1}: the fake rejected a request: ${bad.validationError}`);
  first ??= reqs.find((r) => !isSummary(r.body)) ?? null;

  // The naive agent's two calls for this turn, on the same system prompt and tools.
  const tool = READ_TOOLS.find((x) => x.name === s!.tool)!;
  const fullOutput = JSON.stringify(tool.run(h.budget, tool.schema().parse(s!.input)));
  const id = `toolu_naive_${turn + 1}`;
  const base = { model: first!.body.model, max_tokens: first!.body.max_tokens, system: first!.body.system, tools: first!.body.tools, stream: true };
  const call1 = [...naiveHistory, { role: "user", content: s!.q }];
  const call2 = [
    ...call1,
    { role: "assistant", content: [{ type: "tool_use", id, name: s!.tool, input: s!.input }] },
    { role: "user", content: [{ type: "tool_result", tool_use_id: id, content: fullOutput }] },
  ];
  naiveHistory.push(...call2.slice(naiveHistory.length), { role: "assistant", content: [{ type: "text", text: answers[turn] }] });
  const naive1 = { ...base, messages: call1 };
  const naive2 = { ...base, messages: call2 };

  const main = reqs.filter((r) => !isSummary(r.body));
  const summaries = reqs.filter((r) => isSummary(r.body));
  figures.push({
    mainBytes: main.reduce((n, r) => n + size(r.body), 0),
    summaryBytes: summaries.reduce((n, r) => n + size(r.body), 0),
    tokens: reqs.reduce((n, r) => n + r.estimatedTokens, 0),
    calls: reqs.length,
    naiveBytes: size(naive1) + size(naive2),
    naiveTokens: estimateTokens(naive1) + estimateTokens(naive2),
  });
}
await h.close();
await memory.idle();
await fake.stop();

const total = (f: TurnFigures) => f.mainBytes + f.summaryBytes;
const columns = ["turn", "tool", "calls", "ours main", "ours summary", "ours total", "ours tokens", "naive", "naive tokens", "ours/naive"];
const allRows = figures.map((f, i) => [
  String(i + 1),
  SCRIPT[i]!.tool,
  String(f.calls),
  int(f.mainBytes),
  int(f.summaryBytes),
  int(total(f)),
  int(f.tokens),
  int(f.naiveBytes),
  int(f.naiveTokens),
  ratio(total(f) / f.naiveBytes),
]);
console.log("\nEvery turn (bytes of request JSON sent to the model; tokens = fake's estimate):");
console.log(allRows.map((r) => r.join("\t")).join("\n"));
const shown = new Set([1, 2, 5, 6, 10, 15, 20, 25, 30]);
const rows = allRows.filter((r) => shown.has(Number(r[0])));

const maxOf = (from: number, to: number) => Math.max(...figures.slice(from - 1, to).map(total));
const mid = maxOf(11, 20);
const late = maxOf(21, 30);
const growth = late / mid - 1;
const at30 = figures[TURNS - 1];
const share = total(at30!) / at30!.naiveBytes;
const fixed = size({ system: first!.body.system, tools: first!.body.tools });
const FIXED_LIMIT = 24_000;
const checks: Check[] = [
  {
    name: "fixed part of every request (system prompt + tool schemas, read-only tools)",
    target: "≤ 24 kB",
    value: `${bytes(fixed)} (${int(fixed)} bytes)`,
    ok: fixed <= FIXED_LIMIT,
    why: fixed <= FIXED_LIMIT ? undefined : "the tool descriptions and schemas, the static prompt with its tool guide, and the data summary's category list",
  },
  {
    name: "bounded after the window fills (max of turns 21–30 vs max of turns 11–20)",
    target: "≤ +15%",
    value: `${bytes(late)} vs ${bytes(mid)} (${growth >= 0 ? "+" : ""}${(growth * 100).toFixed(1)}%)`,
    ok: growth <= 0.15,
    why: growth <= 0.15 ? undefined : "per-turn context still grows after the window filled: see the per-turn table (memories recalled, summaries)",
  },
  {
    name: "turn 30 vs the naive full-history agent",
    target: "≤ 1/3 (0.33×)",
    value: `${ratio(share)} (${bytes(total(at30!))} vs ${bytes(at30!.naiveBytes)})`,
    ok: share <= 1 / 3,
    why: share <= 1 / 3 ? undefined : "the fixed part (system prompt + tool schemas) dominates both",
  },
];

emit({
  id: "context-size",
  title: "6. Context per turn (scripted 30-turn conversation; bytes of the request JSON sent to the model)",
  method: [
    `ours: ChatService with a ${HISTORY}-message history window and long-term memory (summaries of dropped messages, recalled into the system prompt)`,
    "naive: same system prompt, tools, questions, tool calls and answers; full history resent every call; tool_result = the whole ToolOutput JSON",
    `each turn = tool-call step + answer step (+ a memory summary call when messages leave the window); fixed part (system + tools) ${bytes(fixed)} per call`,
  ],
  columns,
  rows,
  checks,
  notes: [`all 30 turns are printed above the table when the script runs`],
  seconds: elapsed(),
});
