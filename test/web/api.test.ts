import { describe, expect, test } from "bun:test";
import { parseSse, webSuite } from "../support/web-harness.ts";

const h = webSuite();

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${h.url}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

describe("JSON API", () => {
  test("POST /api/chat streams the exact event sequence of a tool-using answer", async () => {
    h.fake.enqueue(
      { kind: "message", content: [{ type: "text", text: "Checking." }, { type: "tool_use", id: "tu1", name: "search_transactions", input: { search: "Migros", year: 2025 } }] },
      { kind: "message", content: [{ type: "text", text: "You spent a lot at Migros." }] },
    );
    const res = await post("/api/chat", { message: "How much at Migros in 2025?" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toStartWith("text/event-stream");
    const events = parseSse(await res.text());
    // Collapse consecutive chunks: their number depends on how the fake splits text.
    const sequence = events.map((e) => e.event).filter((e, i, a) => !(e === "chunk" && a[i - 1] === "chunk"));
    expect(sequence).toEqual(["chunk", "tool_use", "tool_use", "chart_artifact", "chunk", "figures", "done"]);
    const data = events.map((e) => JSON.parse(e.data));
    const text = events.flatMap((e, i) => (e.event === "chunk" ? [data[i].text] : [])).join("");
    expect(text).toBe("Checking.You spent a lot at Migros.");
    const tools = events.flatMap((e, i) => (e.event === "tool_use" ? [data[i]] : []));
    expect(tools).toEqual([
      { id: "tu1", tool: "search_transactions", status: "running" },
      { id: "tu1", tool: "search_transactions", status: "completed" },
    ]);
    const chart = data[events.findIndex((e) => e.event === "chart_artifact")];
    expect(chart.type).toBe("bar");
    expect(chart.data.datasets[0].name).toBe("Out");
    // SPEC §11: the answer's figures before done (this answer has none).
    expect(data.at(-2)).toEqual({ figures: [] });
    const done = data.at(-1);
    expect(done.incomplete).toBe(false);
    expect(typeof done.conversation_id).toBe("string");

    // A follow-up in the same conversation sends the history.
    h.fake.enqueue({ kind: "message", content: [{ type: "text", text: "Same as before." }] });
    const again = parseSse(await (await post("/api/chat", { message: "and 2024?", conversation_id: done.conversation_id })).text());
    expect(again.at(-1)!.event).toBe("done");
    expect(h.fake.requests.at(-1)!.body.messages!.map((m: { role: string }) => m.role)).toEqual(["user", "assistant", "user", "assistant", "user"]);

    // Reset forgets it.
    const reset = await post("/api/chat/reset", { conversation_id: done.conversation_id });
    expect(await reset.json()).toEqual({ reset: true, conversation_id: done.conversation_id });
    const gone = await post("/api/chat", { message: "hi", conversation_id: done.conversation_id });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ error: `This conversation does not exist (it may have been deleted): ${done.conversation_id}` });
  });

  test("upstream error → error event then done; nothing is thrown", async () => {
    h.fake.enqueue({ kind: "http_error", status: 401, errorType: "authentication_error", message: "bad key" });
    const events = parseSse(await (await post("/api/chat", { message: "hello" })).text());
    expect(events.map((e) => e.event)).toEqual(["error", "figures", "done"]);
    expect(JSON.parse(events[0]!.data)).toEqual({ message: "The Anthropic API rejected the API key (401). Check ANTHROPIC_API_KEY.", retryable: false });
    expect(JSON.parse(events[1]!.data)).toEqual({ figures: [] });
    expect(JSON.parse(events[2]!.data).incomplete).toBe(true);
  });

  test("an unknown API path is a JSON 404, like every other API error; elsewhere plain text or a page", async () => {
    const api = await fetch(`${h.url}/api/nope`, { headers: { accept: "application/json" } });
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: "Not found: no such API endpoint." });
    const plain = await fetch(`${h.url}/nope`);
    expect([plain.status, await plain.text()]).toEqual([404, "Not found"]);
    const page = await fetch(`${h.url}/nope`, { headers: { accept: "text/html" } });
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("There is no page at this address.");
  });

  test("bad requests get specific errors and reach no model", async () => {
    const cases: [unknown, number, string][] = [
      [{}, 400, "invalid request: ✖ Invalid input: expected string, received undefined → at message"],
      [{ message: "" }, 400, "invalid request: ✖ message must not be empty → at message"],
      [{ message: "hi", extra: 1 }, 400, 'invalid request: ✖ Unrecognized key: "extra"'],
      [{ message: "x".repeat(9000) }, 413, "Message too large: at most 8 KB."],
      [{ message: "hi", conversation_id: "nope" }, 404, "This conversation does not exist (it may have been deleted): nope"],
    ];
    for (const [body, status, error] of cases) {
      const res = await post("/api/chat", body);
      expect(res.status).toBe(status);
      expect(await res.json()).toEqual({ error });
    }
    const notJson = await fetch(`${h.url}/api/chat`, { method: "POST", headers: { "content-type": "application/json" }, body: "{oops" });
    expect(notJson.status).toBe(400);
    expect(h.fake.requests).toHaveLength(0);
  });
});
