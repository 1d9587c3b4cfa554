/**
 * A faithful fake of the Anthropic Messages API for tests and benchmarks.
 *
 * The real `@anthropic-ai/sdk` talks to it through `baseURL`:
 *
 *   const fake = await startFakeAnthropic();
 *   const client = new Anthropic({ apiKey: "test", baseURL: fake.url });
 *   fake.enqueue({ kind: "message", content: [{ type: "text", text: "Hello there" }] });
 *   const msg = await client.messages.stream({ ... }).finalMessage();
 *   await fake.stop();
 *
 * It answers `POST /v1/messages` (streamed SSE when `stream: true`, a JSON Message
 * otherwise) and `POST /v1/messages/count_tokens`; anything else is a 404 JSON error.
 *
 * Requests are validated like the real API (400 invalid_request_error, 401
 * authentication_error); a rejected request is recorded but does NOT consume a
 * scripted reply. Scripted replies (`enqueue`) are used in order; when the queue is
 * empty the handler (`setHandler`, default: a text reply "OK") decides.
 *
 * Wire format follows /work/shared/STACK_NOTES.md ("A faithful fake Messages API").
 */

// ---------------------------------------------------------------------------
// Types

export type StopReason = "end_turn" | "tool_use" | "max_tokens" | "refusal" | "pause_turn" | "stop_sequence";

export type FakeTextBlock = { type: "text"; text: string };
/** A tool call; `id` defaults to `toolu_N`. */
export type FakeToolUseBlock = { type: "tool_use"; id?: string; name: string; input: unknown };
/**
 * A tool call whose streamed input is this raw (possibly truncated, invalid) JSON —
 * e.g. a `max_tokens` stop in the middle of a tool call.
 */
export type FakeRawToolUseBlock = { type: "tool_use"; id?: string; name: string; rawPartialJson: string };
export type FakeBlock = FakeTextBlock | FakeToolUseBlock | FakeRawToolUseBlock;

export type FakeUsage = {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens?: number;
  cache_read_input_tokens?: number;
};

export type FakeMessageReply = {
  kind: "message";
  content: FakeBlock[];
  /** Default: "tool_use" when any tool_use block is present, else "end_turn". */
  stop_reason?: StopReason;
  stop_sequence?: string | null;
  /** Override usage. Missing fields default to estimates (see `estimateTokens`). */
  usage?: Partial<FakeUsage>;
  /** Wait this long before each SSE event (slow-stream / abort tests). */
  chunkDelayMs?: number;
  /**
   * Drop the connection abruptly (no message_delta / message_stop) once this many
   * content blocks have been fully streamed. 0 = right after message_start.
   */
  abortAfterBlocks?: number;
};

export type FakeHttpErrorReply = {
  kind: "http_error";
  status: number;
  errorType: string;
  message: string;
  /** `retry-after-ms` header; default 10 so SDK retries stay fast. Negative = omit. */
  retryAfterMs?: number;
  /** Extra response headers (e.g. `x-should-retry`). */
  headers?: Record<string, string>;
};

export type FakeStreamErrorReply = {
  kind: "stream_error";
  /** Text streamed (in a text block) before the `event: error`. */
  afterText?: string;
  errorType?: string;
  message?: string;
  chunkDelayMs?: number;
};

export type FakeHangReply = {
  kind: "hang";
  /** Interval between `ping` events while hanging; default 500 ms. */
  pingEveryMs?: number;
};

export type FakeReply = FakeMessageReply | FakeHttpErrorReply | FakeStreamErrorReply | FakeHangReply;

/** The parsed request body (loosely typed: tests inspect whatever the app sent). */
export type FakeRequestBody = {
  model?: string;
  max_tokens?: number;
  messages?: any[];
  system?: unknown;
  tools?: any[];
  stream?: boolean;
  [k: string]: unknown;
};

export type FakeHandler = (body: FakeRequestBody, index: number) => FakeReply | Promise<FakeReply>;

export interface RecordedRequest {
  /** 0-based position in `requests`. */
  index: number;
  method: string;
  path: string;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  /** Parsed JSON body (undefined if the body was not valid JSON). */
  body: FakeRequestBody;
  /** `estimateTokens(body)`: ≈ JSON length / 4. */
  estimatedTokens: number;
  receivedAt: number;
  /** The client's TCP port: requests on one kept-alive connection share it. */
  clientPort?: number;
  /** HTTP status answered (200 for streams, including stream_error / hang). */
  status?: number;
  /** The reply used, if the request got past validation. */
  reply?: FakeReply;
  /** The usage counted for a `message` reply (reported, except with `local: { usage: "none" }`). */
  usage?: FakeUsage;
  /** Error message for 4xx answers produced by validation. */
  validationError?: string;
  /** True when the client went away before the response finished. */
  aborted: boolean;
  /** True once the response body was fully sent (or the connection deliberately dropped). */
  finished: boolean;
}

export interface FakeAnthropicOptions {
  /** When set, `x-api-key` / `Authorization: Bearer` must equal it (else 401). */
  apiKey?: string;
  /** Reject requests without an `anthropic-version` header, like the real API. Default true. */
  requireVersionHeader?: boolean;
  /**
   * The current API merges consecutive same-role turns; this fake rejects them by
   * default (stricter: it catches history-building bugs). Set true to allow.
   */
  allowConsecutiveRoles?: boolean;
  /**
   * Simulate prompt caching in the reported usage: prefixes ending at a
   * `cache_control` breakpoint are remembered; a later request sharing such a
   * prefix reports it as `cache_read_input_tokens`, new ones as
   * `cache_creation_input_tokens`. Default false (cache fields 0).
   */
  simulateCache?: boolean;
  /** Minimum estimated tokens for a prefix to be cacheable. Default 1024. */
  minCacheableTokens?: number;
  /** Log each request / answer to stderr. */
  verbose?: boolean;
  /**
   * Answer like a local server that speaks the Messages API (Ollama ≥ 0.14, llama.cpp's
   * `llama-server --jinja`) instead of Anthropic's: `cache_control` is accepted and ignored,
   * usage carries no cache fields (`"no-cache"`) or is left out altogether (`"none"`), each
   * tool call's input arrives in ONE `input_json_delta`, and the newer response-only fields
   * (`stop_details`, `container`, `service_tier`, `caller`) are absent.
   */
  local?: { usage: "no-cache" | "none" };
}

export interface FakeAnthropic {
  /** Base URL for the SDK (`baseURL`), e.g. `http://127.0.0.1:PORT`. */
  readonly url: string;
  readonly port: number;
  /** Every request received on /v1/messages (and count_tokens), in order. */
  readonly requests: RecordedRequest[];
  /** Script the next replies, used in order before the handler. */
  enqueue(...replies: FakeReply[]): void;
  /** Number of scripted replies not yet used. */
  readonly pending: number;
  /** Replies for requests once the queue is empty. */
  setHandler(fn: FakeHandler): void;
  /** Resolve when at least `n` requests were recorded (rejects after timeoutMs, default 5000). */
  waitForRequests(n: number, timeoutMs?: number): Promise<RecordedRequest[]>;
  /** Clear queue, requests, cache and counters; restore the default handler. */
  reset(): void;
  stop(): Promise<void>;
}

// ---------------------------------------------------------------------------
// Helpers

/** ≈ tokens for a request body (or any JSON value): JSON length / 4, rounded up. */
export function estimateTokens(body: unknown): number {
  let s: string;
  try {
    s = typeof body === "string" ? body : (JSON.stringify(body) ?? "");
  } catch {
    s = String(body);
  }
  return Math.ceil(s.length / 4);
}

export const defaultHandler: FakeHandler = () => ({ kind: "message", content: [{ type: "text", text: "OK" }] });

/** Split text into small chunks (≤ 1 word, ≤ 8 chars) whose concatenation is the text. */
export function splitText(text: string, maxChars = 8): string[] {
  const tokens = text.match(/\S+\s*|\s+/g) ?? [];
  const out: string[] = [];
  for (const t of tokens) for (let i = 0; i < t.length; i += maxChars) out.push(t.slice(i, i + maxChars));
  return out;
}

/** Split tool-input JSON like the API: a first empty chunk, then small pieces. */
export function splitJson(json: string, maxChars = 10): string[] {
  const out = [""];
  for (let i = 0; i < json.length; i += maxChars) out.push(json.slice(i, i + maxChars));
  return out;
}

const TOOL_NAME_RE = /^[a-zA-Z0-9_-]{1,64}$/;
const MAX_CACHE_BREAKPOINTS = 4;

class ValidationError extends Error {
  constructor(
    message: string,
    readonly status = 400,
    readonly errorType = "invalid_request_error",
  ) {
    super(message);
  }
}

function blocksOf(content: unknown): any[] | null {
  if (typeof content === "string") return content === "" ? [] : [{ type: "text", text: content }];
  if (Array.isArray(content)) return content;
  return null;
}

function isObj(v: unknown): v is Record<string, any> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Validate a Messages request body like the real API. Throws ValidationError. */
export function validateMessagesBody(body: unknown, opts: { allowConsecutiveRoles?: boolean } = {}): void {
  if (!isObj(body)) throw new ValidationError("Request body must be a JSON object");
  if (body.model === undefined || body.model === null) throw new ValidationError("model: Field required");
  if (typeof body.model !== "string" || body.model === "") throw new ValidationError("model: Input should be a non-empty string");
  if (body.max_tokens === undefined || body.max_tokens === null) throw new ValidationError("max_tokens: Field required");
  if (!Number.isInteger(body.max_tokens) || body.max_tokens < 0)
    throw new ValidationError("max_tokens: Input should be a non-negative integer");
  if (body.messages === undefined) throw new ValidationError("messages: Field required");
  if (!Array.isArray(body.messages)) throw new ValidationError("messages: Input should be a valid list");

  // --- tools
  if (body.tools !== undefined) {
    if (!Array.isArray(body.tools)) throw new ValidationError("tools: Input should be a valid list");
    const seen = new Set<string>();
    body.tools.forEach((tool: any, i: number) => {
      if (!isObj(tool)) throw new ValidationError(`tools.${i}: Input should be an object`);
      if (typeof tool.name !== "string") throw new ValidationError(`tools.${i}.name: Field required`);
      if (!TOOL_NAME_RE.test(tool.name))
        throw new ValidationError(`tools.${i}.name: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'`);
      if (seen.has(tool.name)) throw new ValidationError(`tools: Tool names must be unique. Duplicate name: "${tool.name}"`);
      seen.add(tool.name);
      const custom = tool.type === undefined || tool.type === "custom";
      if (custom) {
        if (!isObj(tool.input_schema)) throw new ValidationError(`tools.${i}.custom.input_schema: Field required`);
        if (tool.input_schema.type !== "object")
          throw new ValidationError(`tools.${i}.custom.input_schema.type: Input should be 'object'`);
      }
    });
  }

  // --- messages
  const msgs = body.messages as any[];
  if (msgs.length === 0) throw new ValidationError("messages: at least one message is required");
  // System-role messages (SDK ≥ 1.x has SystemMessageParam) are transparent to the turn rules.
  const turns: { m: any; i: number }[] = [];
  msgs.forEach((m, i) => {
    if (!isObj(m)) throw new ValidationError(`messages.${i}: Input should be an object`);
    if (m.role !== "user" && m.role !== "assistant" && m.role !== "system")
      throw new ValidationError(`messages.${i}.role: Input should be 'user' or 'assistant'`);
    if (blocksOf(m.content) === null) throw new ValidationError(`messages.${i}.content: Input should be a valid string or list`);
    if (m.role !== "system") turns.push({ m, i });
  });
  if (turns.length === 0) throw new ValidationError("messages: at least one message is required");
  if (turns[0]!.m.role !== "user") throw new ValidationError('messages: first message must use the "user" role');
  if (!opts.allowConsecutiveRoles) {
    for (let k = 1; k < turns.length; k++) {
      if (turns[k]!.m.role === turns[k - 1]!.m.role)
        throw new ValidationError(
          `messages: roles must alternate between "user" and "assistant", but found multiple "${turns[k]!.m.role}" roles in a row (messages.${turns[k - 1]!.i} and messages.${turns[k]!.i})`,
        );
    }
  }

  const allToolUseIds = new Set<string>();
  turns.forEach(({ m, i }, k) => {
    const blocks = blocksOf(m.content)!;
    const isFinal = k === turns.length - 1;
    if (blocks.length === 0 && !(isFinal && m.role === "assistant"))
      throw new ValidationError(
        `messages.${i}: all messages must have non-empty content except for the optional final assistant message`,
      );
    blocks.forEach((b, j) => {
      if (!isObj(b) || typeof b.type !== "string") throw new ValidationError(`messages.${i}.content.${j}: Input should be a content block object`);
      if (b.type === "text") {
        if (typeof b.text !== "string") throw new ValidationError(`messages.${i}.content.${j}.text: Field required`);
        if (b.text === "") throw new ValidationError(`messages.${i}.content.${j}: text content blocks must be non-empty`);
      } else if (b.type === "tool_use") {
        if (m.role !== "assistant")
          throw new ValidationError(`messages.${i}.content.${j}: tool_use blocks can only appear in assistant messages`);
        if (typeof b.id !== "string" || !b.id) throw new ValidationError(`messages.${i}.content.${j}.tool_use.id: Field required`);
        if (typeof b.name !== "string") throw new ValidationError(`messages.${i}.content.${j}.tool_use.name: Field required`);
        if (!isObj(b.input)) throw new ValidationError(`messages.${i}.content.${j}.tool_use.input: Input should be a valid dictionary`);
        if (allToolUseIds.has(b.id)) throw new ValidationError(`messages.${i}.content.${j}: \`tool_use\` ids must be unique: ${b.id}`);
        allToolUseIds.add(b.id);
      } else if (b.type === "tool_result") {
        if (m.role !== "user")
          throw new ValidationError(`messages.${i}.content.${j}: tool_result blocks can only appear in user messages`);
        if (typeof b.tool_use_id !== "string") throw new ValidationError(`messages.${i}.content.${j}.tool_result.tool_use_id: Field required`);
      }
    });
    if (isFinal && m.role === "assistant") {
      const last = blocks[blocks.length - 1];
      if (last?.type === "text" && /\s$/.test(last.text))
        throw new ValidationError("messages: final assistant content cannot end with trailing whitespace");
    }
  });

  // tool_use ↔ tool_result pairing: each assistant tool_use is answered in the very next
  // user message, tool_results first; each tool_result answers a tool_use of the previous assistant message.
  turns.forEach(({ m, i }, k) => {
    const blocks = blocksOf(m.content)!;
    if (m.role === "assistant") {
      const ids = blocks.filter((b) => b.type === "tool_use").map((b) => b.id as string);
      if (ids.length === 0) return;
      const next = turns[k + 1];
      const nextBlocks = next && next.m.role === "user" ? blocksOf(next.m.content)! : [];
      // Only the leading run of tool_result blocks counts as "immediately after".
      const leading: any[] = [];
      for (const b of nextBlocks) {
        if (b.type !== "tool_result") break;
        leading.push(b);
      }
      const answered = new Set(leading.map((b) => b.tool_use_id));
      const missing = ids.filter((id) => !answered.has(id));
      if (missing.length) {
        const late = nextBlocks.findIndex((b, j) => j >= leading.length && b.type === "tool_result");
        const hint =
          late >= 0
            ? ` (messages.${next!.i}.content.${late} is a tool_result placed after other content: tool_result blocks must come first in the user message, before any text)`
            : "";
        throw new ValidationError(
          `messages.${i}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(", ")}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.${hint}`,
        );
      }
    } else if (m.role === "user") {
      const prev = turns[k - 1];
      const prevIds = new Set(
        prev && prev.m.role === "assistant" ? blocksOf(prev.m.content)!.filter((b) => b.type === "tool_use").map((b) => b.id) : [],
      );
      const seen = new Set<string>();
      let sawOther = false;
      blocks.forEach((b, j) => {
        if (b.type !== "tool_result") {
          sawOther = true;
          return;
        }
        if (!prevIds.has(b.tool_use_id))
          throw new ValidationError(
            `messages.${i}.content.${j}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${b.tool_use_id}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`,
          );
        if (sawOther)
          throw new ValidationError(
            `messages.${i}.content.${j}: tool_result blocks must come first in the user message, before any other content`,
          );
        if (seen.has(b.tool_use_id))
          throw new ValidationError(`messages.${i}.content.${j}: duplicate \`tool_result\` for tool_use_id ${b.tool_use_id}`);
        seen.add(b.tool_use_id);
      });
    }
  });

  // cache_control breakpoints: at most 4 across tools, system and messages.
  const n = cacheBreakpoints(body as FakeRequestBody).length;
  if (n > MAX_CACHE_BREAKPOINTS)
    throw new ValidationError(`A maximum of ${MAX_CACHE_BREAKPOINTS} blocks with cache_control may be provided. Found ${n}.`);
}

/**
 * The prompt as an ordered list of cacheable units (tools, then system, then message
 * blocks), each flagged when it carries cache_control.
 */
function promptUnits(body: FakeRequestBody): { unit: unknown; breakpoint: boolean }[] {
  const units: { unit: unknown; breakpoint: boolean }[] = [];
  const strip = (b: any) => {
    if (!isObj(b)) return b;
    const { cache_control, ...rest } = b;
    return rest;
  };
  for (const t of Array.isArray(body.tools) ? body.tools : []) units.push({ unit: ["tool", strip(t)], breakpoint: isObj(t) && !!t.cache_control });
  if (typeof body.system === "string") units.push({ unit: ["system", body.system], breakpoint: false });
  else if (Array.isArray(body.system))
    for (const b of body.system) units.push({ unit: ["system", strip(b)], breakpoint: isObj(b) && !!b.cache_control });
  for (const m of Array.isArray(body.messages) ? body.messages : []) {
    const blocks = isObj(m) ? blocksOf(m.content) ?? [] : [];
    for (const b of blocks) units.push({ unit: [m.role, strip(b)], breakpoint: isObj(b) && !!b.cache_control });
  }
  return units;
}

function cacheBreakpoints(body: FakeRequestBody): number[] {
  const out: number[] = [];
  promptUnits(body).forEach((u, i) => u.breakpoint && out.push(i));
  return out;
}

// ---------------------------------------------------------------------------
// Server

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function jsonError(status: number, errorType: string, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ type: "error", error: { type: errorType, message } }), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

export async function startFakeAnthropic(opts: FakeAnthropicOptions = {}): Promise<FakeAnthropic> {
  const requests: RecordedRequest[] = [];
  let queue: FakeReply[] = [];
  let handler: FakeHandler = defaultHandler;
  let msgCounter = 0;
  let toolCounter = 0;
  let reqCounter = 0;
  let cache = new Set<string>();
  let waiters: { n: number; resolve: () => void }[] = [];
  const live = new Set<() => void>(); // closers for open streams (stop())
  const requireVersion = opts.requireVersionHeader ?? true;
  const minCacheable = opts.minCacheableTokens ?? 1024;

  const log = (...a: unknown[]) => opts.verbose && console.error("[fake-anthropic]", ...a);

  function record(r: RecordedRequest) {
    requests.push(r);
    waiters = waiters.filter((w) => {
      if (requests.length >= w.n) {
        w.resolve();
        return false;
      }
      return true;
    });
  }

  function computeUsage(body: FakeRequestBody, reply: FakeMessageReply, outputChars: number): FakeUsage {
    const total = estimateTokens(body);
    let read = 0;
    let created = 0;
    // A local server has no prompt cache: cache_control is ignored.
    if (opts.simulateCache && !opts.local) {
      const units = promptUnits(body);
      const bps = cacheBreakpoints(body);
      // Token size of each breakpoint prefix, and its key.
      const prefixes = bps.map((bp) => {
        const unitsJson = JSON.stringify(units.slice(0, bp + 1).map((u) => u.unit));
        return { key: `${body.model}\u0000${unitsJson}`, tokens: estimateTokens(unitsJson) };
      });
      const cacheable = prefixes.filter((p) => p.tokens >= minCacheable);
      let hit = 0;
      for (const p of cacheable) if (cache.has(p.key)) hit = Math.max(hit, p.tokens);
      const longest = cacheable.reduce((mx, p) => Math.max(mx, p.tokens), 0);
      read = Math.min(hit, total);
      created = Math.max(0, Math.min(longest, total) - read);
      for (const p of cacheable) cache.add(p.key);
    }
    const u = reply.usage ?? {};
    const input_tokens = u.input_tokens ?? Math.max(1, total - read - created);
    const output_tokens = u.output_tokens ?? Math.max(1, Math.ceil(outputChars / 4));
    if (opts.local) return { input_tokens, output_tokens };
    return {
      input_tokens,
      output_tokens,
      cache_creation_input_tokens: u.cache_creation_input_tokens ?? created,
      cache_read_input_tokens: u.cache_read_input_tokens ?? read,
    };
  }

  /** Resolve content blocks: ids, input JSON text and final input. */
  function resolveBlocks(content: FakeBlock[]) {
    return content.map((b) => {
      if (b.type === "text") return { type: "text" as const, text: b.text };
      const id = b.id ?? `toolu_${++toolCounter}`;
      if ("rawPartialJson" in b) {
        let input: unknown = {};
        try {
          input = JSON.parse(b.rawPartialJson);
        } catch {}
        return { type: "tool_use" as const, id, name: b.name, json: b.rawPartialJson, input };
      }
      const input = b.input ?? {};
      return { type: "tool_use" as const, id, name: b.name, json: JSON.stringify(input), input };
    });
  }

  function messageSkeleton(body: FakeRequestBody, usage: FakeUsage) {
    if (opts.local) {
      return {
        id: `msg_fake_${++msgCounter}`,
        type: "message",
        role: "assistant",
        model: body.model,
        content: [] as unknown[],
        stop_reason: null as string | null,
        stop_sequence: null as string | null,
        ...(opts.local.usage === "none" ? {} : { usage: { input_tokens: usage.input_tokens, output_tokens: 0 } }),
      } as ReturnType<typeof anthropicSkeleton>;
    }
    return anthropicSkeleton(body, usage);
  }

  function anthropicSkeleton(body: FakeRequestBody, usage: FakeUsage) {
    return {
      id: `msg_fake_${++msgCounter}`,
      type: "message",
      role: "assistant",
      model: body.model,
      content: [] as unknown[],
      stop_reason: null as string | null,
      stop_sequence: null as string | null,
      stop_details: null,
      container: null,
      usage: {
        input_tokens: usage.input_tokens,
        cache_creation_input_tokens: usage.cache_creation_input_tokens ?? 0,
        cache_read_input_tokens: usage.cache_read_input_tokens ?? 0,
        cache_creation: { ephemeral_5m_input_tokens: usage.cache_creation_input_tokens ?? 0, ephemeral_1h_input_tokens: 0 },
        output_tokens: 1,
        service_tier: "standard",
      },
    };
  }

  /** An SSE response driven by an async generator of [event, data] pairs (or "DROP"). */
  function sseResponse(
    rec: RecordedRequest,
    req: Request,
    gen: (isOpen: () => boolean) => AsyncGenerator<[string, unknown] | "DROP">,
  ): Response {
    const enc = new TextEncoder();
    let open = true;
    const it = gen(() => open);
    let closeFn: () => void = () => {};
    const onAbort = () => {
      if (open) {
        open = false;
        rec.aborted = true;
        log(`#${rec.index} client aborted`);
      }
      closeFn();
    };
    req.signal?.addEventListener("abort", onAbort);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        closeFn = () => {
          open = false;
          live.delete(closeFn);
          try {
            controller.close();
          } catch {}
        };
        live.add(closeFn);
      },
      async pull(controller) {
        if (!open) return;
        let r: IteratorResult<[string, unknown] | "DROP">;
        try {
          r = await it.next();
        } catch (e) {
          open = false;
          live.delete(closeFn);
          controller.error(e);
          return;
        }
        if (!open) return;
        if (r.done) {
          open = false;
          rec.finished = true;
          live.delete(closeFn);
          req.signal?.removeEventListener("abort", onAbort);
          controller.close();
          return;
        }
        if (r.value === "DROP") {
          // Let Bun flush the headers and events enqueued so far; otherwise it resets the
          // connection before sending anything and the SDK sees (and retries) a connection error.
          await sleep(30);
          open = false;
          rec.finished = true;
          live.delete(closeFn);
          req.signal?.removeEventListener("abort", onAbort);
          try {
            controller.error(new Error("fake-anthropic: connection dropped (abortAfterBlocks)"));
          } catch {}
          return;
        }
        const [event, data] = r.value;
        controller.enqueue(enc.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
      },
      cancel() {
        if (open) {
          open = false;
          rec.aborted = true;
          log(`#${rec.index} stream cancelled by client`);
        }
        live.delete(closeFn);
        void it.return(undefined);
      },
    });
    return new Response(stream, {
      status: 200,
      headers: {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache",
        "request-id": `req_fake_${rec.index + 1}`,
      },
    });
  }

  async function* streamMessage(
    body: FakeRequestBody,
    reply: FakeMessageReply,
    rec: RecordedRequest,
    isOpen: () => boolean,
  ): AsyncGenerator<[string, unknown] | "DROP"> {
    const delay = reply.chunkDelayMs ?? 0;
    const blocks = resolveBlocks(reply.content);
    const outChars = blocks.reduce((n, b) => n + (b.type === "text" ? b.text.length : b.json.length + b.name.length), 0);
    const usage = computeUsage(body, reply, outChars);
    rec.usage = usage;
    const hasTool = blocks.some((b) => b.type === "tool_use");
    const stopReason = reply.stop_reason ?? (hasTool ? "tool_use" : "end_turn");
    let sinceDelay = 0;
    const ev = async function* (name: string, data: unknown): AsyncGenerator<[string, unknown]> {
      if (delay > 0 && sinceDelay++ > 0) await sleep(delay);
      yield [name, data];
    };

    yield* ev("message_start", { type: "message_start", message: messageSkeleton(body, usage) });
    yield* ev("ping", { type: "ping" });
    if (reply.abortAfterBlocks === 0) return yield "DROP";
    let deltas = 0;
    for (let index = 0; index < blocks.length; index++) {
      if (!isOpen()) return;
      const b = blocks[index];
      if (b!.type === "text") {
        yield* ev("content_block_start", { type: "content_block_start", index, content_block: { type: "text", text: "" } });
        for (const piece of splitText(b!.text!)) {
          yield* ev("content_block_delta", { type: "content_block_delta", index, delta: { type: "text_delta", text: piece } });
          if (++deltas % 5 === 0) yield* ev("ping", { type: "ping" });
        }
      } else {
        yield* ev("content_block_start", {
          type: "content_block_start",
          index,
          // SDK 1.12.0 types declare `caller` required on ToolUseBlock; the API sends it.
          content_block: { type: "tool_use", id: b!.id, name: b!.name, input: {}, ...(opts.local ? {} : { caller: { type: "direct" } }) },
        });
        for (const piece of opts.local ? [b!.json] : splitJson(b!.json!)) {
          yield* ev("content_block_delta", {
            type: "content_block_delta",
            index,
            delta: { type: "input_json_delta", partial_json: piece },
          });
          if (++deltas % 5 === 0) yield* ev("ping", { type: "ping" });
        }
      }
      yield* ev("content_block_stop", { type: "content_block_stop", index });
      if (reply.abortAfterBlocks !== undefined && index + 1 >= reply.abortAfterBlocks) return yield "DROP";
    }
    yield* ev("message_delta", {
      type: "message_delta",
      ...(opts.local
        ? { delta: { stop_reason: stopReason, stop_sequence: reply.stop_sequence ?? null }, ...(opts.local.usage === "none" ? {} : { usage: { output_tokens: usage.output_tokens } }) }
        : { delta: { stop_reason: stopReason, stop_sequence: reply.stop_sequence ?? null, stop_details: null }, usage: { output_tokens: usage.output_tokens } }),
    });
    yield* ev("message_stop", { type: "message_stop" });
  }

  async function* streamError(
    body: FakeRequestBody,
    reply: FakeStreamErrorReply,
    rec: RecordedRequest,
  ): AsyncGenerator<[string, unknown]> {
    const delay = reply.chunkDelayMs ?? 0;
    const usage = computeUsage(body, { kind: "message", content: [] }, (reply.afterText ?? "").length);
    rec.usage = usage;
    const wait = () => (delay > 0 ? sleep(delay) : Promise.resolve());
    yield ["message_start", { type: "message_start", message: messageSkeleton(body, usage) }];
    await wait();
    yield ["ping", { type: "ping" }];
    if (reply.afterText) {
      yield ["content_block_start", { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } }];
      for (const piece of splitText(reply.afterText)) {
        await wait();
        yield ["content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: piece } }];
      }
    }
    await wait();
    yield [
      "error",
      { type: "error", error: { type: reply.errorType ?? "overloaded_error", message: reply.message ?? "Overloaded" } },
    ];
  }

  async function* hang(body: FakeRequestBody, reply: FakeHangReply, rec: RecordedRequest, isOpen: () => boolean) {
    const usage = computeUsage(body, { kind: "message", content: [] }, 0);
    rec.usage = usage;
    yield ["message_start", { type: "message_start", message: messageSkeleton(body, usage) }] as [string, unknown];
    while (isOpen()) {
      yield ["ping", { type: "ping" }] as [string, unknown];
      await sleep(reply.pingEveryMs ?? 500);
    }
  }

  /** Non-streaming (`stream` absent/false) answer for a message reply. */
  function jsonMessage(body: FakeRequestBody, reply: FakeMessageReply, rec: RecordedRequest): Response {
    const blocks = resolveBlocks(reply.content);
    const outChars = blocks.reduce((n, b) => n + (b.type === "text" ? b.text.length : b.json.length + b.name.length), 0);
    const usage = computeUsage(body, reply, outChars);
    rec.usage = usage;
    const msg = messageSkeleton(body, usage);
    msg.content = blocks.map((b) =>
      b.type === "text" ? { type: "text", text: b.text, citations: null } : { type: "tool_use", id: b.id, name: b.name, input: b.input, caller: { type: "direct" } },
    );
    msg.stop_reason = reply.stop_reason ?? (blocks.some((b) => b.type === "tool_use") ? "tool_use" : "end_turn");
    msg.stop_sequence = reply.stop_sequence ?? null;
    if (msg.usage) msg.usage.output_tokens = usage.output_tokens;
    rec.finished = true;
    return Response.json(msg, { headers: { "request-id": `req_fake_${rec.index + 1}` } });
  }

  function checkAuth(headers: Headers): void {
    const xKey = headers.get("x-api-key");
    const authz = headers.get("authorization");
    const bearer = authz?.match(/^Bearer\s+(.+)$/i)?.[1];
    if (!xKey && !authz) throw new ValidationError("x-api-key header is required", 401, "authentication_error");
    if (opts.apiKey !== undefined && xKey !== opts.apiKey && bearer !== opts.apiKey)
      throw new ValidationError("invalid x-api-key", 401, "authentication_error");
    if (requireVersion && !headers.get("anthropic-version"))
      throw new ValidationError("anthropic-version: header is required");
  }

  async function handle(req: Request, clientPort?: number): Promise<Response> {
    const url = new URL(req.url);
    const path = url.pathname.replace(/\/+$/, "");
    const isMessages = path === "/v1/messages";
    const isCount = path === "/v1/messages/count_tokens";
    if (!isMessages && !isCount) return jsonError(404, "not_found_error", `Not found: ${req.method} ${url.pathname}`);
    if (req.method !== "POST") return jsonError(405, "invalid_request_error", `Method ${req.method} not allowed on ${url.pathname}`);

    const text = await req.text();
    let body: any;
    let parseError: string | undefined;
    try {
      body = JSON.parse(text);
    } catch (e) {
      parseError = `There was an error parsing the body: ${(e as Error).message}`;
    }
    const headers: Record<string, string> = {};
    req.headers.forEach((v, k) => (headers[k.toLowerCase()] = v));
    const rec: RecordedRequest = {
      index: reqCounter++,
      method: req.method,
      path,
      headers,
      body,
      estimatedTokens: estimateTokens(body ?? text),
      receivedAt: Date.now(),
      clientPort,
      aborted: false,
      finished: false,
    };
    record(rec);

    try {
      checkAuth(req.headers);
      if (parseError) throw new ValidationError(parseError);
      if (isCount) {
        // count_tokens takes the same prompt fields (no max_tokens).
        validateMessagesBody({ max_tokens: 1, ...body }, opts);
      } else {
        validateMessagesBody(body, opts);
      }
    } catch (e) {
      if (!(e instanceof ValidationError)) throw e;
      rec.status = e.status;
      rec.validationError = e.message;
      rec.finished = true;
      log(`#${rec.index} ${e.status} ${e.message}`);
      return jsonError(e.status, e.errorType, e.message, { "request-id": `req_fake_${rec.index + 1}` });
    }

    if (isCount) {
      rec.status = 200;
      rec.finished = true;
      return Response.json({ input_tokens: rec.estimatedTokens });
    }

    const reply: FakeReply = queue.length ? queue.shift()! : await handler(body, rec.index);
    rec.reply = reply;
    log(`#${rec.index} -> ${reply.kind}`);
    const streaming = body.stream === true;

    switch (reply.kind) {
      case "http_error": {
        rec.status = reply.status;
        rec.finished = true;
        const h: Record<string, string> = { "request-id": `req_fake_${rec.index + 1}`, ...reply.headers };
        const ra = reply.retryAfterMs ?? 10;
        if (ra >= 0) h["retry-after-ms"] = String(ra);
        return jsonError(reply.status, reply.errorType, reply.message, h);
      }
      case "message":
        rec.status = 200;
        if (!streaming) {
          if (reply.chunkDelayMs) await sleep(reply.chunkDelayMs);
          return jsonMessage(body, reply, rec);
        }
        return sseResponse(rec, req, (isOpen) => streamMessage(body, reply, rec, isOpen));
      case "stream_error":
        if (!streaming) {
          // Without streaming the API can only report the failure as an HTTP error.
          const type = reply.errorType ?? "overloaded_error";
          rec.status = type === "overloaded_error" ? 529 : 500;
          rec.finished = true;
          return jsonError(rec.status, type, reply.message ?? "Overloaded", { "retry-after-ms": "10" });
        }
        rec.status = 200;
        return sseResponse(rec, req, () => streamError(body, reply, rec));
      case "hang":
        rec.status = 200;
        if (!streaming) {
          await new Promise<void>((resolve) => {
            if (req.signal.aborted) return resolve();
            req.signal.addEventListener("abort", () => resolve());
            live.add(resolve);
          });
          rec.aborted = true;
          return jsonError(499, "api_error", "client went away");
        }
        return sseResponse(rec, req, (isOpen) => hang(body, reply, rec, isOpen));
    }
  }

  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    idleTimeout: 0,
    development: false,
    async fetch(req, srv) {
      try {
        return await handle(req, srv.requestIP(req)?.port);
      } catch (e) {
        console.error("[fake-anthropic] internal error:", e);
        return jsonError(500, "api_error", `fake-anthropic internal error: ${(e as Error).message}`, { "x-should-retry": "false" });
      }
    },
  });

  const url = `http://127.0.0.1:${server.port}`;

  return {
    url,
    port: server.port!,
    requests,
    enqueue(...replies: FakeReply[]) {
      queue.push(...replies);
    },
    get pending() {
      return queue.length;
    },
    setHandler(fn: FakeHandler) {
      handler = fn;
    },
    waitForRequests(n: number, timeoutMs = 5000) {
      if (requests.length >= n) return Promise.resolve(requests);
      return new Promise<RecordedRequest[]>((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`fake-anthropic: waited ${timeoutMs} ms for ${n} requests, got ${requests.length}`)), timeoutMs);
        waiters.push({
          n,
          resolve: () => {
            clearTimeout(t);
            resolve(requests);
          },
        });
      });
    },
    reset() {
      queue = [];
      requests.length = 0;
      handler = defaultHandler;
      msgCounter = 0;
      toolCounter = 0;
      reqCounter = 0;
      cache = new Set();
    },
    async stop() {
      for (const close of [...live]) close();
      live.clear();
      await server.stop(true);
    },
  };
}
