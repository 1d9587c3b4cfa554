import type Anthropic from "@anthropic-ai/sdk";
import type {
  ContentBlock,
  ContentBlockParam,
  Message,
  MessageParam,
  TextBlockParam,
  Tool as ApiTool,
  ToolResultBlockParam,
  ToolUseBlock,
} from "@anthropic-ai/sdk/resources/messages/messages";
import { toolInputSchema } from "../tools/registry.ts";
import type { ApprovalGate, ToolCallRecord, ToolInvoker } from "../tools/invoke.ts";
import { type Tool } from "../tools/types.ts";
import { emptyUsage, type AgentEvent, type Usage } from "../core/events.ts";
import { createTurnFigures, needsRepair, type TurnFigureOptions, type TurnFigures } from "../figures/turn.ts";
import { recordConversation } from "../figures/conversation.ts";
import { repairFigures } from "./repair.ts";
import { streamMessage } from "./request.ts";
import { sdk } from "./sdk.ts";

export type TurnRequest = {
  client: Anthropic;
  model: string;
  maxTokens: number;
  /** Runs every tool call (validation, approval gate, audit hook). */
  invoker: ToolInvoker;
  system: TextBlockParam[];
  /** Stored history already cut to the window; the question is appended by the loop. */
  history: MessageParam[];
  /** The user's words; "" for a continuation, whose opening says what happened. */
  question: string;
  /**
   * Blocks that open the user message before the question: the tool_results that answer
   * a waiting turn's tool calls (first, as the API requires) and notes (an approval decided
   * or a change undone since the model last spoke).
   */
  opening?: ContentBlockParam[];
  maxSteps: number;
  signal?: AbortSignal;
  approvals?: ApprovalGate;
  /** Called with API-valid groups of messages as soon as each group is complete. */
  persist(messages: MessageParam[]): void;
  onToolCall?(record: ToolCallRecord): void;
  /** What the figure check needs of the data (SPEC §11.1): its names, and the periods a tool call names. */
  figureData: Pick<TurnFigureOptions, "vocabulary" | "periods" | "rowIds" | "spendingRows" | "rowCount">;
  /** Ask the model once more about figures the check could not back (SPEC §11.1; `--no-repair` turns it off). */
  repair: boolean;
};

export type TurnOutcome = {
  /** `waiting`: the last step asked for approvals; the turn ends until the user decides. */
  status: "done" | "error" | "stopped" | "waiting";
  incomplete: boolean;
  usage: Usage;
  error?: string;
  /** For `waiting`: the results of the step's other tool calls, for the request that reports the decision. */
  pendingResults?: ToolResultBlockParam[];
};

/** Bound on pause_turn continuations, on top of the step limit. */
const MAX_PAUSE_CONTINUATIONS = 3;

/**
 * One user turn: stream the model, run the tools it asks for, feed the results back,
 * until it answers without tools or the step limit is hit. Yields typed events; never
 * throws for upstream failures (they become an `error` event). Every message group it
 * persists is valid for the API, so the next turn can always continue.
 */
export async function* runAgentTurn(req: TurnRequest): AsyncGenerator<AgentEvent, TurnOutcome> {
  const figures = createTurnFigures({ ...req.figureData, figureKind: (name) => req.invoker.tools.find((t) => t.name === name)?.figureKind });
  // What the model reads besides this turn's results: earlier results in its history, and the opening's outcomes.
  recordConversation(figures, req.history, req.opening ?? []);
  // The answer's text as the page shows it: runs of text, each ended by anything else (a tool, a chart, a notice).
  const runs: string[] = [];
  let open = false;
  const turn = answer({ ...req, figures });
  try {
    for (let step = await turn.next(); ; step = await turn.next()) {
      if (step.done) {
        const { transcript, ...outcome } = step.value;
        // SPEC §11: decided once the answer's text has ended, before `done`; the question's numbers are not figures.
        const text = runs.join("\n\n");
        const checked = figures.check(text, req.question);
        yield { type: "figures", figures: checked };
        // With no figure read in the turn (no tool result, no earlier one, no outcome), nothing could confirm or correct one.
        if (req.repair && transcript && figures.figures.length > 0 && checked.some(needsRepair)) {
          // SPEC §11.1: one more model call about the figures no result backs; counted in the turn's usage.
          const r = await repairFigures({ ...req, messages: transcript, figures, answer: text, question: req.question }, checked);
          addUsage(outcome.usage, r.usage);
          yield { type: "repair", figures: r.figures, asked: r.asked, ...(r.error ? { error: r.error } : {}) };
        }
        return outcome;
      }
      const ev = step.value;
      if (ev.type === "text") {
        if (open) runs[runs.length - 1] += ev.text;
        else runs.push(ev.text);
        open = true;
        // A paragraph ended: check it now, so the check at the answer's end has only the last one left.
        if (ev.text.includes("\n")) figures.checkSoFar(runs.join("\n\n"), req.question);
      } else open = false;
      yield ev;
    }
  } finally {
    await turn.return(undefined as never);
  }
}

/** A turn request with the recorder of the turn's figures (fed by the invoker's hook after each read result). */
type Turn = TurnRequest & { figures: TurnFigures };

/** How the answer ended, and — when it ended with a plain answer — the conversation it was written from (for the repair round). */
type Answered = TurnOutcome & { transcript?: MessageParam[] };

async function* answer(req: Turn): AsyncGenerator<AgentEvent, Answered> {
  const usage: Usage = emptyUsage();
  const offered = offeredTools(req.invoker.tools, !!req.approvals);
  const apiTools = toApiTools(offered);
  const opening: ContentBlockParam[] = [...(req.opening ?? []), ...(req.question ? [{ type: "text" as const, text: req.question }] : [])];
  const question: MessageParam = { role: "user", content: opening };
  const messages: MessageParam[] = [...req.history, question];
  req.persist([question]);

  let steps = 0;
  let pauses = 0;
  let paused: ContentBlockParam[] | null = null;
  let streamedText = "";

  const close = (content: ContentBlockParam[], fallback: string): MessageParam => {
    const kept = content.filter((b) => b.type !== "tool_use" && !(b.type === "text" && b.text.trim() === ""));
    const last: MessageParam = { role: "assistant", content: kept.length ? kept : [{ type: "text", text: fallback }] };
    req.persist([last]);
    return last;
  };

  while (true) {
    steps++;
    streamedText = "";
    let reply: Message;
    try {
      const stream = streamMessage(
        req.client,
        { model: req.model, max_tokens: req.maxTokens, system: req.system, tools: apiTools, messages: withCachedTail(paused ? [...messages, { role: "assistant", content: paused }] : messages) },
        { signal: req.signal },
      );
      // While the request is on its way: index the figures the step's results brought (once per turn's burst of results).
      req.figures.prepare();
      for await (const ev of stream.events) {
        if (ev.type === "content_block_delta" && ev.delta.type === "text_delta") {
          streamedText += ev.delta.text;
          yield { type: "text", text: ev.delta.text };
        }
      }
      reply = stream.finalMessage();
    } catch (err) {
      const partial: ContentBlockParam[] = [...(paused ?? []), ...(streamedText ? [{ type: "text" as const, text: streamedText }] : [])];
      if (isAbort(err, req.signal)) {
        close(partial, "(Stopped by the user before answering.)");
        yield { type: "notice", kind: "stopped", message: "Stopped. The answer so far is kept." };
        return { status: "stopped", incomplete: true, usage };
      }
      const message = describeUpstreamError(err);
      close(partial, `(No answer: ${message})`);
      yield { type: "error", message, retryable: isRetryable(err) };
      return { status: "error", incomplete: true, usage, error: message };
    }
    addUsage(usage, reply.usage);

    const content: ContentBlockParam[] = [...(paused ?? []), ...reply.content.map(toParam).filter((b): b is ContentBlockParam => b !== null)];
    paused = null;
    const toolUses = reply.content.filter((b): b is ToolUseBlock => b.type === "tool_use");

    if (reply.stop_reason === "pause_turn" && pauses < MAX_PAUSE_CONTINUATIONS && steps < req.maxSteps) {
      // The API paused a long turn: send the partial reply back so it continues.
      pauses++;
      paused = content;
      continue;
    }
    if (reply.stop_reason === "max_tokens") {
      close(content, "(The answer was cut off before any text.)");
      yield {
        type: "notice",
        kind: "max_tokens",
        message: toolUses.length
          ? "The answer was cut off at the length limit while preparing an analysis; that analysis was not run."
          : "The answer was cut off at the length limit.",
      };
      return { status: "done", incomplete: true, usage };
    }
    if (reply.stop_reason === "refusal") {
      close(content, "(The model declined to answer.)");
      yield { type: "notice", kind: "refusal", message: "The model declined to answer this request." };
      return { status: "done", incomplete: true, usage };
    }
    if (toolUses.length === 0) {
      const last = close(content, "(No answer.)");
      return { status: "done", incomplete: false, usage, transcript: [...messages, last] };
    }
    if (steps >= req.maxSteps) {
      close(content, "(The analysis needed more steps than allowed.)");
      yield {
        type: "notice",
        kind: "incomplete",
        message: `Stopped after ${req.maxSteps} model calls; the answer may be incomplete.`,
      };
      return { status: "done", incomplete: true, usage };
    }

    // Run the tools and answer every tool_use in one user message, results first.
    for (const use of toolUses) {
      const label = req.invoker.tools.find((t) => t.name === use.name)?.label;
      yield { type: "tool_started", id: use.id, tool: use.name, ...(label ? { label } : {}), input: use.input };
    }
    const results: ToolResultBlockParam[] = [];
    let asked = 0;
    let stopped = false;
    for (const use of toolUses) {
      if (stopped || req.signal?.aborted) {
        stopped = true;
        results.push({ type: "tool_result", tool_use_id: use.id, is_error: true, content: "Not run: the user stopped the answer." });
        yield { type: "tool_failed", id: use.id, tool: use.name, error: "stopped" };
        continue;
      }
      const outcome = yield* runTool(req, use);
      if (outcome === "asked") asked++;
      else results.push(outcome);
    }
    const assistant: MessageParam = { role: "assistant", content };
    if (asked) {
      // The user decides on the card whenever they like: the turn ends here, its tool calls
      // unanswered in the stored history until the request that reports the decision (or
      // the next question) answers them, together with `results`.
      req.persist([assistant]);
      return { status: "waiting", incomplete: false, usage, pendingResults: results };
    }
    const toolResults: MessageParam = { role: "user", content: results };
    messages.push(assistant, toolResults);
    req.persist([assistant, toolResults]);
    if (stopped || req.signal?.aborted) {
      close([], "(Stopped by the user.)");
      yield { type: "notice", kind: "stopped", message: "Stopped. The answer so far is kept." };
      return { status: "stopped", incomplete: true, usage };
    }
  }
}

/** Runs one tool call: its tool_result, or "asked" when it put an approval card to the user. */
async function* runTool(req: Turn, use: ToolUseBlock): AsyncGenerator<AgentEvent, ToolResultBlockParam | "asked"> {
  const failed = (error: string): ToolResultBlockParam => ({ type: "tool_result", tool_use_id: use.id, is_error: true, content: error });
  const call = await req.invoker.invoke(
    { id: use.id, name: use.name, input: use.input },
    { approvals: req.approvals, hooks: { onRecord: req.onToolCall, onOutput: req.figures.record } },
  );
  switch (call.kind) {
    case "error":
      yield { type: "tool_failed", id: use.id, tool: use.name, error: call.error };
      return failed(call.error);
    case "output":
      yield { type: "tool_finished", id: use.id, tool: use.name, summary: call.output.summary };
      for (const chart of call.output.charts) yield { type: "chart", toolId: use.id, chart };
      for (const table of call.output.tables ?? []) yield { type: "table", toolId: use.id, table };
      // Only the summary goes back: charts and tables never enter the model's context.
      return { type: "tool_result", tool_use_id: use.id, content: call.output.summary };
    case "approval": {
      const { pending } = call;
      // The call itself went well: the card is out. What the user decides is audited by the approval service.
      call.settle({ ok: true });
      // The tool's line ends (its work, the preview, is done); the card takes over.
      yield { type: "tool_finished", id: use.id, tool: use.name, summary: "The approval card is waiting for the user's decision." };
      yield { type: "approval_requested", id: pending.id, toolId: use.id, preview: pending.preview, expiresAt: pending.expiresAt };
      return "asked";
    }
  }
}

const readOnlyCache = new WeakMap<readonly Tool[], readonly Tool[]>();

/**
 * The tools a request offers: without an approval gate, none that changes data. The same array every time for
 * the same list and gate (so its API form, its JSON and the prompt's guide are made once).
 */
export function offeredTools(tools: readonly Tool[], approvals: boolean): readonly Tool[] {
  if (approvals) return tools;
  let read = readOnlyCache.get(tools);
  if (!read) readOnlyCache.set(tools, (read = tools.every((t) => t.risk === "low") ? tools : tools.filter((t) => t.risk === "low")));
  return read;
}

const apiToolCache = new WeakMap<readonly Tool[], ApiTool[]>();

/** Tool definitions for the API; the last carries cache_control so tools are a cached prefix. */
export function toApiTools(tools: readonly Tool[]): ApiTool[] {
  const cached = apiToolCache.get(tools);
  if (cached) return cached;
  const defs: ApiTool[] = tools.map((t, i) => {
    return {
      name: t.name,
      description: t.description,
      input_schema: toolInputSchema(t) as ApiTool["input_schema"],
      ...(i === tools.length - 1 ? { cache_control: { type: "ephemeral" as const } } : {}),
    };
  });
  apiToolCache.set(tools, defs);
  return defs;
}

/**
 * The same messages with a cache breakpoint on the last block, so the steps of one
 * turn (and the next turn) read the conversation so far from the prompt cache.
 * Copies the last message only: stored history is never mutated.
 */
function withCachedTail(messages: MessageParam[]): MessageParam[] {
  const last = messages[messages.length - 1];
  if (!last || typeof last.content === "string" || last.content.length === 0) return messages;
  const blocks = last.content.slice();
  const tail = blocks[blocks.length - 1]!;
  if (tail.type === "text" || tail.type === "tool_result") {
    blocks[blocks.length - 1] = { ...tail, cache_control: { type: "ephemeral" } };
  }
  return [...messages.slice(0, -1), { ...last, content: blocks } as MessageParam];
}

/** Response blocks → request blocks, dropping response-only fields (citations: null, caller…). */
function toParam(block: ContentBlock): ContentBlockParam | null {
  switch (block.type) {
    case "text":
      return { type: "text", text: block.text };
    case "tool_use":
      return { type: "tool_use", id: block.id, name: block.name, input: block.input };
    case "thinking":
      return { type: "thinking", thinking: block.thinking, signature: block.signature };
    case "redacted_thinking":
      return { type: "redacted_thinking", data: block.data };
    default:
      return null;
  }
}

function addUsage(total: Usage, u: Message["usage"] | Usage): void {
  total.input_tokens += u.input_tokens ?? 0;
  total.output_tokens += u.output_tokens ?? 0;
  total.cache_creation_input_tokens += u.cache_creation_input_tokens ?? 0;
  total.cache_read_input_tokens += u.cache_read_input_tokens ?? 0;
}

function isAbort(err: unknown, signal?: AbortSignal): boolean {
  return err instanceof sdk().APIUserAbortError || (signal?.aborted ?? false);
}

function isRetryable(err: unknown): boolean {
  const Anthropic = sdk();
  if (err instanceof Anthropic.AuthenticationError || err instanceof Anthropic.PermissionDeniedError) return false;
  if (err instanceof Anthropic.BadRequestError || err instanceof Anthropic.NotFoundError) return false;
  return true;
}

/** A message a person can act on. Never includes the API key or request headers. */
export function describeUpstreamError(err: unknown): string {
  const Anthropic = sdk();
  if (err instanceof Anthropic.AuthenticationError)
    return "The Anthropic API rejected the API key (401). Check ANTHROPIC_API_KEY.";
  if (err instanceof Anthropic.PermissionDeniedError)
    return "The API key is not allowed to use this model (403). Check ANTHROPIC_MODEL and your account.";
  if (err instanceof Anthropic.NotFoundError)
    return "The model was not found (404). Check ANTHROPIC_MODEL.";
  if (err instanceof Anthropic.RateLimitError)
    return "The Anthropic API is rate-limiting requests (429). Wait a moment, then retry.";
  if (err instanceof Anthropic.APIConnectionError)
    return "Could not reach the Anthropic API (network error). Check the connection or ANTHROPIC_BASE_URL, then retry.";
  if (err instanceof Anthropic.APIError) {
    const type = err.type ?? (err.error as { error?: { type?: string } } | undefined)?.error?.type;
    if (err.status === 529 || type === "overloaded_error")
      return "The Anthropic API is overloaded (529). Retry in a moment.";
    if (err.status === undefined) return `The model's answer stream failed (${type ?? "error"}). Retry in a moment.`;
    if (err.status === 400) return `The request to the model was rejected (400): ${err.apiMessage ?? err.message}`;
    return `The Anthropic API failed (${err.status}${type ? ` ${type}` : ""}). Retry in a moment.`;
  }
  if (err instanceof Anthropic.AnthropicError)
    return "The connection to the model broke before the answer was complete. Retry in a moment.";
  return `The answer failed: ${(err as Error)?.message ?? String(err)}`;
}
