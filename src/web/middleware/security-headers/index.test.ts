import { describe, expect, test } from "bun:test";
import { Hono } from "hono";
import { CONTENT_SECURITY_POLICY, securityHeaders } from "./index.ts";

const CSP =
  "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

/** A response whose headers refuse changes, like one from fetch(). */
function immutableResponse(body: string): Response {
  const res = new Response(body, { status: 201, headers: { "Content-Type": "text/plain", "X-Mine": "kept" } });
  const headers = res.headers;
  const guarded = new Proxy(headers, {
    get(target, prop) {
      if (prop === "set" || prop === "append" || prop === "delete") {
        return () => {
          throw new TypeError("immutable headers");
        };
      }
      const v = Reflect.get(target, prop, target);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
  Object.defineProperty(res, "headers", { get: () => guarded });
  return res;
}

function expectHeaders(res: Response) {
  expect(res.headers.get("Content-Security-Policy")).toBe(CSP);
  expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(res.headers.get("Referrer-Policy")).toBe("same-origin");
  expect(res.headers.get("X-Frame-Options")).toBe("DENY");
  expect(res.headers.get("Cross-Origin-Opener-Policy")).toBe("same-origin");
}

describe("securityHeaders", () => {
  const app = new Hono();
  app.use(securityHeaders());
  app.get("/", (c) => c.html("<p>hi</p>"));
  app.get("/raw", () => new Response("raw", { headers: { "content-type": "text/plain" } }));
  app.get("/redirect", () => Response.redirect("http://127.0.0.1:3000/", 302));
  app.get("/boom", () => {
    throw new Error("boom");
  });
  app.get("/immutable", () => immutableResponse("frozen"));
  app.onError((_e, c) => c.text("error", 500));

  test("the exact CSP: default-src 'self', script-src 'self' (no inline script), no remote images or connections", () => {
    expect(CONTENT_SECURITY_POLICY).toBe(CSP);
    expect(CSP).not.toContain("'unsafe-eval'");
    expect(CSP.match(/script-src [^;]*/)![0]).toBe("script-src 'self'");
    expect(CSP.match(/connect-src [^;]*/)![0]).toBe("connect-src 'self'");
    expect(CSP.match(/img-src [^;]*/)![0]).toBe("img-src 'self' data:");
  });

  test("on a normal response", async () => {
    const res = await app.request("/");
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("<p>hi</p>");
    expectHeaders(res);
  });

  test("on a raw Response, a redirect, a response with immutable headers, a 404 and an error", async () => {
    const raw = await app.request("/raw");
    expect(await raw.text()).toBe("raw");
    expectHeaders(raw);
    const redirect = await app.request("/redirect");
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Location")).toBe("http://127.0.0.1:3000/");
    expectHeaders(redirect);
    const missing = await app.request("/nope");
    expect(missing.status).toBe(404);
    expectHeaders(missing);
    const frozen = await app.request("/immutable");
    expect(frozen.status).toBe(201);
    expect(frozen.headers.get("X-Mine")).toBe("kept");
    expect(await frozen.text()).toBe("frozen");
    expectHeaders(frozen);
    const boom = await app.request("/boom");
    expect(boom.status).toBe(500);
    expectHeaders(boom);
  });
});
