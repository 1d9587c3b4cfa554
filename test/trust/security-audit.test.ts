import { describe, expect, test } from "bun:test";
import { Hono } from "hono";
import { Store } from "../../src/store/store.ts";
import { hostCheck } from "../../src/web/middleware/host-check/index.ts";
import { securityAudit } from "../../src/web/middleware/security-audit/index.ts";

describe("securityAudit", () => {
  test("records refused requests without secrets, at most perMinute a minute, then says how many it left out", async () => {
    const store = Store.memory();
    let t = 1_000_000;
    const web = new Hono();
    web.use(securityAudit({ store, perMinute: 2, now: () => t }));
    web.use(hostCheck({ allowedHosts: ["127.0.0.1:3000"] }));
    web.get("/", (c) => c.text("ok"));
    web.get("/secret", (c) => c.text("no", 401));
    web.get("/api/x", (c) => c.text("no", 401));
    const req = (host: string, path = "/") => web.request(`http://x${path}?token=abc`, { headers: { Host: host, Cookie: "bc_session=s3cret" } });

    expect((await req("127.0.0.1:3000")).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await req(`evil${i}.example`)).status).toBe(403);
    expect(store.audit.list().map((e) => (e.detail as any).host)).toEqual(["evil1.example", "evil0.example"]);
    t += 60_000;
    await req("late.example");
    expect(store.audit.list({ limit: 1 })[0]!.detail).toEqual({ event: "forbidden host", method: "GET", path: "/", host: "late.example", suppressedBefore: 3 });
    // A logged-out page view is not worth an entry; an API call is.
    await req("127.0.0.1:3000", "/secret");
    await req("127.0.0.1:3000", "/api/x");
    expect(store.audit.list({ limit: 1 })[0]!.detail).toEqual({ event: "no session", method: "GET", path: "/api/x" });
    expect(store.audit.list()).toHaveLength(4);
    const all = JSON.stringify(store.audit.list());
    expect(all).not.toContain("s3cret");
    expect(all).not.toContain("abc");
    store.close();
  });
});
