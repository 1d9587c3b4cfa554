/** SSE in tests, parsed by eventsource-parser (the spec's parsing rules, not a hand parser). */
import { createParser } from "eventsource-parser";
import { EventSourceParserStream } from "eventsource-parser/stream";

/** One message: its `event:` name (null when unnamed) and its data lines joined with "\n". */
export type SseEvent = { event: string | null; data: string };

/** Parse a whole SSE body into messages (comments skipped; an unterminated last message is dropped, as browsers do). */
export function parseSse(body: string): SseEvent[] {
  const out: SseEvent[] = [];
  const parser = createParser({ onEvent: (m) => out.push({ event: m.event ?? null, data: m.data }) });
  parser.feed(body);
  return out;
}

/** The messages of a streamed body, as they arrive. */
export function sseStream(body: ReadableStream<Uint8Array>): ReadableStream<SseEvent> {
  return body
    .pipeThrough(new TextDecoderStream() as unknown as TransformStream<Uint8Array, string>)
    .pipeThrough(new EventSourceParserStream())
    .pipeThrough(new TransformStream({ transform: (m, ctl) => ctl.enqueue({ event: m.event ?? null, data: m.data }) }));
}
