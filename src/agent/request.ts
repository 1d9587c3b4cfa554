/**
 * A streamed model call whose request body is written here rather than by the SDK. The fixed
 * part of every request — the system prompt's static block and the tool definitions, ~20 kB —
 * is the same object for every call (src/agent/prompt.ts, toApiTools), and the whole system
 * prompt is the same array for every step of a turn: each is serialised once and its JSON
 * reused, so a call serialises only its messages. The SDK sends a string body as it is (its
 * RequestOptions `body`); it still gets the parameters, for the message it assembles.
 */
import type Anthropic from "@anthropic-ai/sdk";
import type { MessageStream } from "@anthropic-ai/sdk/lib/MessageStream";
import type { MessageCreateParamsBase, TextBlockParam, Tool } from "@anthropic-ai/sdk/resources/messages/messages";

/** What the loop sends: the fields this module writes, no others. */
export type StreamParams = Pick<MessageCreateParamsBase, "model" | "max_tokens" | "messages"> & { system: TextBlockParam[]; tools: Tool[] };

const serialised = new WeakMap<object, string>();

/** JSON of an object that is never changed once made (a prompt block, the tools, a turn's system prompt), made once. */
function jsonOnce(value: object): string {
  let json = serialised.get(value);
  if (json === undefined) {
    json = Array.isArray(value) ? `[${value.map((v: object) => jsonOnce(v)).join(",")}]` : JSON.stringify(value);
    serialised.set(value, json);
  }
  return json;
}

/** The request body exactly as the SDK would write it (same fields, same order), from the parts' JSON. */
export function requestBody(p: StreamParams): string {
  return `{"model":${JSON.stringify(p.model)},"max_tokens":${p.max_tokens},"system":${jsonOnce(p.system)},"tools":${jsonOnce(p.tools)},"messages":${JSON.stringify(p.messages)},"stream":true}`;
}

export function streamMessage(client: Anthropic, params: StreamParams, options: { signal?: AbortSignal }): MessageStream {
  return client.messages.stream(params, { ...options, body: requestBody(params), headers: { "content-type": "application/json" } });
}
