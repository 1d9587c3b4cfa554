import { describe, expect, test } from "bun:test";
import { Hono } from "hono";
import { checkMessageLength } from "../../../chat/admission.ts";
import { messageSizeLimit, messageTooLarge } from "./index.ts";

const MAX = 8 * 1024;

function makeApp() {
  const app = new Hono();
  const limit = messageSizeLimit(MAX);
  const handler = async (c: any) => {
    const form = await c.req.parseBody();
    const text = String(form.message ?? "");
    if (checkMessageLength(text, MAX)) return messageTooLarge(c, MAX);
    return c.text(`got ${text.length}`);
  };
  app.post("/chat", limit, handler);
  app.post("/api/chat", limit, handler);
  return app;
}

const form = (message: string) => new URLSearchParams({ message }).toString();
const post = (app: Hono, path: string, body: BodyInit, headers: Record<string, string> = {}) =>
  app.request(path, { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded", ...headers } });

describe("messageSizeLimit", () => {
  test("a message within the limit passes, also non-ASCII (percent-encoded body ≈ 3×)", async () => {
    const app = makeApp();
    const res = await post(app, "/chat", form("a".repeat(MAX)));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(`got ${MAX}`);
    const umlauts = "ä".repeat(MAX / 2); // 8192 UTF-8 bytes, 24576 bytes in the form body
    const res2 = await post(app, "/chat", form(umlauts));
    expect(res2.status).toBe(200);
  });

  test("an oversized body → 413 before the route runs (HTML fragment / JSON on /api/)", async () => {
    const app = makeApp();
    const big = form("x".repeat(4 * MAX));
    const res = await post(app, "/chat", big);
    expect(res.status).toBe(413);
    expect(await res.text()).toBe(
      '<div class="notice notice-error" role="alert"><span class="error-message">Message too large: at most 8 KB.</span></div>',
    );
    const api = await post(app, "/api/chat", big);
    expect(api.status).toBe(413);
    expect(await api.json()).toEqual({ error: "Message too large: at most 8 KB." });
  });

  test("a streamed body without Content-Length is counted as it is read", async () => {
    const app = makeApp();
    const chunk = new TextEncoder().encode("message=" + "y".repeat(4 * MAX));
    const stream = new ReadableStream({
      start(ctrl) {
        ctrl.enqueue(chunk);
        ctrl.close();
      },
    });
    const res = await app.request("/api/chat", {
      method: "POST",
      body: stream,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      // @ts-expect-error Bun/undici need duplex for a stream body
      duplex: "half",
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: "Message too large: at most 8 KB." });
  });

  test("a message just over the limit in a small body is caught by checkMessageLength in the route", async () => {
    const app = makeApp();
    const res = await post(app, "/api/chat", form("a".repeat(MAX + 1)));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: "Message too large: at most 8 KB." });
  });

  test("bodyMaxBytes overrides the body cap", async () => {
    const app = new Hono();
    app.post("/chat", messageSizeLimit(1024, { bodyMaxBytes: 10 }), (c) => c.text("ok"));
    expect((await app.request("/chat", { method: "POST", body: "0123456789" })).status).toBe(200);
    const res = await app.request("/chat", { method: "POST", body: "0123456789a" });
    expect(res.status).toBe(413);
    expect(await res.text()).toContain("Message too large: at most 1 KB.");
  });
});
