import { describe, expect, test } from "bun:test";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { CROSS_SITE_MESSAGE, originCheck } from "./index.ts";

const HOST = "127.0.0.1:3000";

function makeApp(opts?: Parameters<typeof originCheck>[0]) {
  const app = new Hono();
  app.use(originCheck(opts));
  app.all("*", (c) => c.text("ok"));
  return app;
}

async function send(method: string, headers: Record<string, string>, app = makeApp(), url = "/chat") {
  const res = await app.request(url, { method, headers: { host: HOST, ...headers } });
  return { status: res.status, body: await res.text() };
}

const FORBIDDEN = { status: 403, body: "Forbidden: cross-site request" };
const OK = { status: 200, body: "ok" };

describe("originCheck", () => {
  test("a foreign Origin on a state-changing request → 403", async () => {
    expect(CROSS_SITE_MESSAGE).toBe("Forbidden: cross-site request");
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(await send(method, { origin: "https://evil.example" })).toEqual(FORBIDDEN);
    }
    // Same host, other port or scheme: another origin.
    expect(await send("POST", { origin: "http://127.0.0.1:3001" })).toEqual(FORBIDDEN);
    expect(await send("POST", { origin: "https://127.0.0.1:3000" })).toEqual(FORBIDDEN);
    expect(await send("POST", { origin: "http://localhost:3000" })).toEqual(FORBIDDEN);
  });

  test('the opaque "null" Origin and garbage → 403', async () => {
    expect(await send("POST", { origin: "null" })).toEqual(FORBIDDEN);
    expect(await send("POST", { origin: "not a url" })).toEqual(FORBIDDEN);
  });

  test("a same-origin POST passes, also with Sec-Fetch-Site: same-origin", async () => {
    expect(await send("POST", { origin: "http://127.0.0.1:3000" })).toEqual(OK);
    expect(await send("POST", { origin: "http://127.0.0.1:3000", "sec-fetch-site": "same-origin" })).toEqual(OK);
    expect(await send("DELETE", { origin: "HTTP://127.0.0.1:3000" })).toEqual(OK);
  });

  test("the origin follows the Host header and the request scheme", async () => {
    const app = makeApp();
    const res = await app.request("/chat", { method: "POST", headers: { host: "localhost:3000", origin: "http://localhost:3000" } });
    expect(res.status).toBe(200);
    const https = await app.request("https://budget.example/chat", {
      method: "POST",
      headers: { host: "budget.example", origin: "https://budget.example" },
    });
    expect(https.status).toBe(200);
    // Default port written out in Host: still the same origin.
    const p80 = await app.request("/chat", { method: "POST", headers: { host: "localhost:80", origin: "http://localhost" } });
    expect(p80.status).toBe(200);
  });

  test("GET, HEAD and OPTIONS with a foreign Origin pass", async () => {
    expect(await send("GET", { origin: "https://evil.example", "sec-fetch-site": "cross-site" })).toEqual(OK);
    expect((await send("HEAD", { origin: "https://evil.example" })).status).toBe(200);
    expect(await send("OPTIONS", { origin: "https://evil.example" })).toEqual(OK);
  });

  test("no Origin: Sec-Fetch-Site cross-site (or same-site) → 403", async () => {
    expect(await send("POST", { "sec-fetch-site": "cross-site" })).toEqual(FORBIDDEN);
    expect(await send("POST", { "sec-fetch-site": "same-site" })).toEqual(FORBIDDEN);
    expect(await send("POST", { "sec-fetch-site": "same-origin" })).toEqual(OK);
    expect(await send("POST", { "sec-fetch-site": "none" })).toEqual(OK);
  });

  test("a curl-like request without Origin or Sec-Fetch-Site passes", async () => {
    expect(await send("POST", {})).toEqual(OK);
    expect(await send("DELETE", {})).toEqual(OK);
  });

  test("extra allowed origins (a TLS-terminating proxy)", async () => {
    const app = makeApp({ allowedOrigins: ["https://Budget.example.com"] });
    expect(await send("POST", { origin: "https://budget.example.com" }, app)).toEqual(OK);
    expect(await send("POST", { origin: "https://evil.example" }, app)).toEqual(FORBIDDEN);
    expect(() => originCheck({ allowedOrigins: ["nonsense"] })).toThrow();
  });
});

describe("originCheck on hono's csrf", () => {
  test("any body type: a JSON change from a foreign Origin is refused too (csrf() alone checks only form-like bodies)", async () => {
    for (const type of ["application/json", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "text/plain"]) {
      expect(await send("POST", { origin: "https://evil.example", "content-type": type })).toEqual(FORBIDDEN);
      expect(await send("POST", { "sec-fetch-site": "cross-site", "content-type": type })).toEqual(FORBIDDEN);
      expect(await send("POST", { origin: "http://127.0.0.1:3000", "content-type": type })).toEqual(OK);
    }
  });

  test("Origin, when present, decides alone: Sec-Fetch-Site same-origin does not rescue a null Origin", async () => {
    expect(await send("POST", { origin: "null", "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" })).toEqual(FORBIDDEN);
  });

  test("the refusal is an HTTPException whose cause names it", async () => {
    const app = makeApp();
    let caught: unknown;
    app.onError((err, c) => {
      caught = err;
      return c.text("refused", 403);
    });
    await app.request("/chat", { method: "POST", headers: { host: HOST, origin: "https://evil.example" } });
    expect(caught).toBeInstanceOf(HTTPException);
    expect((caught as HTTPException).cause).toEqual({ kind: "cross-site request", origin: "https://evil.example", referer: undefined, fetchSite: undefined });
  });
});
