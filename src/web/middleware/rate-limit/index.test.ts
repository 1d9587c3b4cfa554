import { describe, expect, test } from "bun:test";
import { Hono } from "hono";
import { rateLimit, rateLimitMessage } from "./index.ts";

function makeApp(perMinute = 3, extra: { maxKeys?: number } = {}) {
  let t = 1_000_000;
  const clock = {
    now: () => t,
    advance: (ms: number) => {
      t += ms;
    },
  };
  const app = new Hono();
  const limit = rateLimit({ perMinute, key: (c) => c.req.header("x-user") ?? "anon", now: clock.now, ...extra });
  app.post("/api/messages", limit, (c) => c.json({ ok: true }));
  app.post("/chat", limit, (c) => c.text("sent"));
  app.get("/free", (c) => c.text("free"));
  const post = (user: string, path = "/chat") => app.request(path, { method: "POST", headers: { "x-user": user } });
  return { app, clock, post };
}

describe("rateLimit", () => {
  test("N requests pass, N+1 gets 429 with Retry-After and a clear message (HTML fragment)", async () => {
    const { post, clock } = makeApp(3);
    for (let i = 0; i < 3; i++) {
      const res = await post("ann");
      expect(res.status).toBe(200);
      expect(await res.text()).toBe("sent");
      clock.advance(1000);
    }
    const res = await post("ann");
    expect(res.status).toBe(429);
    // The first request was 3 s ago: the window frees a slot in 57 s.
    expect(res.headers.get("Retry-After")).toBe("57");
    expect(res.headers.get("Content-Type")).toStartWith("text/html");
    expect(await res.text()).toBe(
      '<div class="notice notice-error" role="alert"><span class="error-message">Too many requests: at most 3 messages per minute. Try again in 57 s.</span></div>',
    );
  });

  test("JSON on /api/ paths", async () => {
    const { post } = makeApp(1);
    expect((await post("ann", "/api/messages")).status).toBe(200);
    const res = await post("ann", "/api/messages");
    expect(res.status).toBe(429);
    expect(res.headers.get("Retry-After")).toBe("60");
    expect(await res.json()).toEqual({ error: "Too many requests: at most 1 messages per minute. Try again in 60 s." });
  });

  test("keys are independent", async () => {
    const { post } = makeApp(2);
    expect((await post("ann")).status).toBe(200);
    expect((await post("ann")).status).toBe(200);
    expect((await post("ann")).status).toBe(429);
    expect((await post("bob")).status).toBe(200);
    expect((await post("bob")).status).toBe(200);
    expect((await post("bob")).status).toBe(429);
  });

  test("the window slides: slots free up as old requests age out; refusals are not counted", async () => {
    const { post, clock } = makeApp(2);
    expect((await post("ann")).status).toBe(200); // t0
    clock.advance(30_000);
    expect((await post("ann")).status).toBe(200); // t0+30
    clock.advance(29_999);
    const refused = await post("ann");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("1");
    clock.advance(1); // t0+60: the first request leaves the window
    expect((await post("ann")).status).toBe(200);
    expect((await post("ann")).status).toBe(429);
    clock.advance(60_000); // a whole window later: all free again
    expect((await post("ann")).status).toBe(200);
    expect((await post("ann")).status).toBe(200);
    expect((await post("ann")).status).toBe(429);
  });

  test("only the routes it is mounted on are limited", async () => {
    const { app, post } = makeApp(1);
    expect((await post("ann")).status).toBe(200);
    expect((await post("ann")).status).toBe(429);
    for (let i = 0; i < 5; i++) expect((await app.request("/free", { headers: { "x-user": "ann" } })).status).toBe(200);
  });

  test("memory is bounded: beyond maxKeys the least recently used key is forgotten", async () => {
    const { post } = makeApp(1, { maxKeys: 2 });
    expect((await post("a")).status).toBe(200);
    expect((await post("b")).status).toBe(200);
    expect((await post("c")).status).toBe(200); // evicts "a"
    expect((await post("b")).status).toBe(429);
    expect((await post("a")).status).toBe(200); // forgotten, so allowed again
  });

  test("message text and option checks", () => {
    expect(rateLimitMessage(20, 5)).toBe("Too many requests: at most 20 messages per minute. Try again in 5 s.");
    expect(() => rateLimit({ perMinute: 0, key: () => "k" })).toThrow();
  });
});
