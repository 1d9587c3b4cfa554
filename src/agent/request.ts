/**
 * A streamed model call whose request body is written here rather than by the SDK. The fixed
 * part of every request — the system prompt's static block and the tool definitions, ~20 kB —
 * is the same object for every call (src/agent/prompt.ts, toApiTools), and the whole system
 * prompt is the same array for every step of a turn: each fixed part is serialised once, as a
 * Blob of its UTF-8 JSON, and the body is one Blob made of those and the call's own JSON (the
 * turn's prompt block, its messages). The
 * SDK sends a Blob body as it is (its RequestOptions `body`), and fetch sends a Blob's bytes as
 * they are: a ~30 kB string body is converted to UTF-8 on the server's one thread for every call
 * (measured with 200 concurrent fetches of the real body: the synchronous part of fetch() is
 * ≈ 8 µs with the Blob against ≈ 60 µs with the string).
 *
 * The call is the SDK's raw stream (`messages.create({stream: true})`): its request, retries,
 * SSE parsing and errors (an `event: error` inside the stream throws its APIError) are the
 * SDK's; the message is assembled here from the events as they pass, as the SDK's MessageStream
 * would, without that class's per-call set-up (promises, listeners, an abort controller of its
 * own) and per-event copies, which the server pays for every turn it starts (bench/concurrency.ts).
 */
import type Anthropic from "@anthropic-ai/sdk";
import type {
  ContentBlock,
  Message,
  MessageCreateParamsBase,
  RawMessageStreamEvent,
  TextBlockParam,
  Tool,
} from "@anthropic-ai/sdk/resources/messages/messages";
import { sdk } from "./sdk.ts";

/** What the loop sends: the fields this module writes, no others. */
export type StreamParams = Pick<MessageCreateParamsBase, "model" | "max_tokens" | "messages"> & { system: TextBlockParam[]; tools: Tool[] };

const encoded = new WeakMap<object, Blob>();

/** The UTF-8 JSON of an object every request shares and nothing changes (the tools, the prompt's frozen fixed block), made once. */
function encodedOnce(value: object): Blob {
  let blob = encoded.get(value);
  if (blob === undefined) encoded.set(value, (blob = new Blob([JSON.stringify(value)])));
  return blob;
}

type BodyPart = string | Blob;
const systemJson = new WeakMap<readonly TextBlockParam[], BodyPart[]>();

/**
 * A turn's system prompt as parts of the body: the fixed (frozen) blocks' bytes made once for all
 * turns, the turn's own block as its JSON text, encoded with the body it goes in (one Blob per call:
 * a Blob of the system prompt nested in the body's Blob was made, copied and collected per turn).
 * Kept for the turn's later calls, which send the same array.
 */
function systemParts(system: readonly TextBlockParam[]): BodyPart[] {
  let parts = systemJson.get(system);
  if (parts === undefined) {
    parts = ["["];
    system.forEach((block, i) => parts!.push(...(i ? [","] : []), Object.isFrozen(block) ? encodedOnce(block) : JSON.stringify(block)));
    parts.push("]");
    systemJson.set(system, parts);
  }
  return parts;
}

/** The request body exactly as the SDK would write it (same fields, same order), from the parts' JSON. */
export function requestBody(p: StreamParams): Blob {
  return new Blob([
    `{"model":${JSON.stringify(p.model)},"max_tokens":${p.max_tokens},"system":`,
    ...systemParts(p.system),
    `,"tools":`,
    encodedOnce(p.tools),
    `,"messages":${JSON.stringify(p.messages)},"stream":true}`,
  ]);
}

/** A model call on its way: its events, then (once they ended with `message_stop`) the message they made. */
export type ModelCall = { events: AsyncIterable<RawMessageStreamEvent>; finalMessage(): Message };

/** Starts the call at once (the request is on its way while the caller does other work before reading the events). */
export function streamMessage(client: Anthropic, params: StreamParams, options: { signal?: AbortSignal }): ModelCall {
  const response = client.messages.create({ ...params, stream: true }, { ...options, body: requestBody(params), headers: { "content-type": "application/json" } });
  let message: Message | null = null;
  let stopped = false;
  /** The JSON of each tool call's input as it streams in, by block index (parsed when its block ends). */
  const inputs = new Map<number, string>();
  async function* events(): AsyncGenerator<RawMessageStreamEvent> {
    try {
      // Leaving this loop early (the caller stops reading) ends the SDK's stream, which aborts the request.
      for await (const event of await response) {
        if (event.type === "message_start") {
          if (message) throw new (sdk().AnthropicError)(`Unexpected event order, got ${event.type} before receiving "message_stop"`);
          message = event.message;
        } else if (message) {
          if (event.type === "message_stop") stopped = true;
          else accumulate(message, event, inputs);
        }
        yield event;
      }
    } catch (err) {
      throw sdkError(err, options.signal);
    }
    // The SDK's stream ends quietly when the request is aborted: the caller hears of it as from the SDK's MessageStream.
    if (options.signal?.aborted) throw new (sdk().APIUserAbortError)();
  }
  return {
    events: events(),
    finalMessage() {
      if (!message || !stopped) throw new (sdk().AnthropicError)("stream ended without producing a Message with role=assistant");
      return message;
    },
  };
}

/** One event into the message being assembled (the SDK's MessageStream's rules, in place: the message is this call's own). */
function accumulate(message: Message, event: Exclude<RawMessageStreamEvent, { type: "message_start" | "message_stop" }>, inputs: Map<number, string>): void {
  switch (event.type) {
    case "message_delta": {
      message.stop_reason = event.delta.stop_reason;
      message.stop_sequence = event.delta.stop_sequence;
      if (event.delta.container != null) message.container = event.delta.container;
      const usage = event.usage;
      // An endpoint that sends no usage (a local model) changes none; the counters other than output are whole-message totals.
      if (!usage || !message.usage) break;
      message.usage.output_tokens = usage.output_tokens;
      if (usage.input_tokens != null) message.usage.input_tokens = usage.input_tokens;
      if (usage.cache_creation_input_tokens != null) message.usage.cache_creation_input_tokens = usage.cache_creation_input_tokens;
      if (usage.cache_read_input_tokens != null) message.usage.cache_read_input_tokens = usage.cache_read_input_tokens;
      if (usage.server_tool_use != null) message.usage.server_tool_use = usage.server_tool_use;
      break;
    }
    case "content_block_start":
      message.content.push({ ...event.content_block } as ContentBlock);
      break;
    case "content_block_delta": {
      const block = message.content[event.index];
      const delta = event.delta;
      if (!block) break;
      if (delta.type === "text_delta" && block.type === "text") block.text += delta.text;
      else if (delta.type === "citations_delta" && block.type === "text") block.citations = [...(block.citations ?? []), delta.citation];
      else if (delta.type === "input_json_delta" && (block.type === "tool_use" || block.type === "server_tool_use"))
        inputs.set(event.index, (inputs.get(event.index) ?? "") + delta.partial_json);
      else if (delta.type === "thinking_delta" && block.type === "thinking") block.thinking += delta.thinking;
      else if (delta.type === "signature_delta" && block.type === "thinking") block.signature = delta.signature;
      break;
    }
    case "content_block_stop": {
      const block = message.content[event.index];
      const json = inputs.get(event.index);
      if (block && (block.type === "tool_use" || block.type === "server_tool_use") && json !== undefined) block.input = toolInput(json);
      break;
    }
  }
}

/**
 * A tool call's input as the SDK's MessageStream reads it: by its partial-JSON parser, so an input cut off at
 * max_tokens reads as far as it got (loaded only then: a complete input is plain JSON).
 */
function toolInput(json: string): unknown {
  if (!json) return {};
  try {
    return JSON.parse(json);
  } catch {
    return (require("@anthropic-ai/sdk/_vendor/partial-json-parser/parser.mjs") as typeof import("@anthropic-ai/sdk/_vendor/partial-json-parser/parser.mjs")).partialParse(json);
  }
}

/** A failure as the SDK's MessageStream reports it: its own errors as they are, a stop as its abort error, any other (a socket closed) as an AnthropicError. */
function sdkError(err: unknown, signal: AbortSignal | undefined): Error {
  const { AnthropicError, APIUserAbortError } = sdk();
  if (err instanceof AnthropicError) return err;
  if (signal?.aborted) return new APIUserAbortError();
  const wrapped = new AnthropicError(err instanceof Error ? err.message : String(err));
  if (err instanceof Error) wrapped.cause = err;
  return wrapped;
}
