import { describe, expect, test } from "bun:test";
import { parseSse, webSuite } from "../support/web-harness.ts";

const h = webSuite();

describe("browser stream (GET /turns/:id/stream)", () => {
  test("fragments in order: reset, text, then the header, then the named done event", async () => {
    h.fake.enqueue({ kind: "message", content: [{ type: "text", text: "Hello **there**." }], usage: { input_tokens: 1234, output_tokens: 56, cache_read_input_tokens: 7 }, chunkDelayMs: 20 });
    const posted = await fetch(`${h.url}/chat`, { method: "POST", body: new URLSearchParams({ message: "hi" }) });
    expect(posted.status).toBe(200);
    const turnId = /data-turn="([^"]+)"/.exec(await posted.text())![1]!;
    // The model streams slowly (20 ms per event), so this stream follows the live turn.
    expect(h.chat.turn(turnId)).toBeDefined();
    const messages = parseSse(await (await fetch(`${h.url}/turns/${turnId}/stream`)).text());
    const last = messages.at(-1)!;
    expect(last).toEqual({ event: "done", data: "done" });
    const header = messages.findIndex((m) => m.data.includes('hx-target="#chat-head"'));
    const text = messages.findIndex((m) => m.data.includes("<strong>there</strong>"));
    expect(text).toBeGreaterThan(0);
    expect(header).toBeGreaterThan(text);
    expect(header).toBe(messages.length - 2); // then `done`
    // Issue 15: token counts moved to the Usage page; the header only names the conversation.
    expect(messages[header]!.data).toContain('<h1 id="chat-title">hi</h1>');
    expect(messages.map((m) => m.data).join("")).not.toContain("Tokens:");
    // A second stream of the finished turn replays it from the database, again ending with `done`.
    expect(h.chat.turn(turnId)).toBeUndefined();
    const replay = parseSse(await (await fetch(`${h.url}/turns/${turnId}/stream`)).text());
    expect(replay.at(-1)).toEqual({ event: "done", data: "done" });
    expect(replay.some((m) => m.data.includes('hx-target="#chat-head"'))).toBe(true);
    expect(replay.some((m) => m.data.includes("<strong>there</strong>"))).toBe(true);
  });

  test("another turn id is a 404", async () => {
    expect((await fetch(`${h.url}/turns/no-such-turn/stream`)).status).toBe(404);
  });
});
