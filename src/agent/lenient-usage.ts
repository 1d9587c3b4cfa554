/**
 * Local servers that speak the Messages API (Ollama, llama.cpp's llama-server, proxies in
 * front of other models) may leave `usage` out of `message_start` / `message_delta`. The SDK's
 * stream accumulator dereferences it unconditionally and the whole answer fails with
 * "undefined is not an object (evaluating 'event.usage.output_tokens')". This fetch adds an
 * all-zero `usage` where an endpoint sent none, so such usage counts as 0 and nothing else
 * changes. Only used for a configured ANTHROPIC_BASE_URL: Anthropic's own API always sends it.
 */

export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

const ZERO_USAGE = { input_tokens: 0, output_tokens: 0 };

/** One SSE `data:` payload (or a whole JSON message) with the usage the SDK needs filled in. */
export function withUsage(json: string): string {
  let event: Record<string, unknown>;
  try {
    event = JSON.parse(json);
  } catch {
    return json;
  }
  if (typeof event !== "object" || event === null) return json;
  const message = event.type === "message_start" ? (event.message as Record<string, unknown> | undefined) : event.type === "message" ? event : undefined;
  if (message && typeof message === "object" && message.usage == null) {
    message.usage = { ...ZERO_USAGE };
    return JSON.stringify(event);
  }
  if (event.type === "message_delta" && event.usage == null) {
    event.usage = { output_tokens: 0 };
    return JSON.stringify(event);
  }
  return json;
}

/** The SSE body, line by line, with `withUsage` applied to each `data:` line. */
function patchStream(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let pending = "";
  const patchLine = (line: string) => (line.startsWith("data:") ? `data: ${withUsage(line.slice(5).trimStart())}` : line);
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        pending += decoder.decode(chunk, { stream: true });
        const end = pending.lastIndexOf("\n");
        if (end < 0) return;
        const complete = pending.slice(0, end + 1);
        pending = pending.slice(end + 1);
        controller.enqueue(encoder.encode(complete.split("\n").map(patchLine).join("\n")));
      },
      flush(controller) {
        pending += decoder.decode();
        if (pending) controller.enqueue(encoder.encode(patchLine(pending)));
      },
    }),
  );
}

/** A fetch for the SDK that tolerates endpoints that leave usage out. */
export function lenientUsageFetch(inner: Fetch = fetch): Fetch {
  return async (input, init) => {
    const res = await inner(input, init);
    const type = res.headers.get("content-type") ?? "";
    if (!res.ok || !res.body) return res;
    // The body changes length; the rest of the response stays as it came.
    const headers = new Headers(res.headers);
    headers.delete("content-length");
    if (type.includes("text/event-stream")) {
      return new Response(patchStream(res.body), { status: res.status, statusText: res.statusText, headers });
    }
    if (type.includes("application/json")) {
      const text = await res.text();
      return new Response(withUsage(text), { status: res.status, statusText: res.statusText, headers });
    }
    return res;
  };
}
