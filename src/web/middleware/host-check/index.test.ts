import { describe, expect, test } from "bun:test";
import { Hono } from "hono";
import { allowedHostsFor, FORBIDDEN_HOST_MESSAGE, formatHost, hostCheck, isLoopback } from "./index.ts";

function makeApp(allowedHosts = allowedHostsFor("127.0.0.1", 3000)) {
  const app = new Hono();
  app.use(hostCheck({ allowedHosts }));
  app.all("*", (c) => c.text("ok"));
  return app;
}

describe("allowedHostsFor", () => {
  test("a loopback bind answers to all loopback names", () => {
    expect(allowedHostsFor("127.0.0.1", 3000)).toEqual(["127.0.0.1:3000", "localhost:3000", "[::1]:3000"]);
    expect(allowedHostsFor("localhost", 3000)).toEqual(["127.0.0.1:3000", "localhost:3000", "[::1]:3000"]);
    expect(allowedHostsFor("[::1]", 3000)).toEqual(["127.0.0.1:3000", "localhost:3000", "[::1]:3000"]);
    expect(allowedHostsFor("::1", 3000)).toEqual(["127.0.0.1:3000", "localhost:3000", "[::1]:3000"]);
    // Any 127.x.x.x is loopback (the one rule `serve` also uses to allow no users): its own address comes last.
    expect(allowedHostsFor("127.0.0.2", 3000)).toEqual(["127.0.0.1:3000", "localhost:3000", "[::1]:3000", "127.0.0.2:3000"]);
  });

  test("isLoopback: 127.0.0.0/8, localhost and ::1 (bracketed or not); nothing else", () => {
    for (const h of ["127.0.0.1", "127.1.2.3", "localhost", "LocalHost", "::1", "[::1]"]) expect(isLoopback(h)).toBe(true);
    for (const h of ["0.0.0.0", "::", "192.168.1.20", "128.0.0.1", "localhost.evil.example", "fe80::1"]) expect(isLoopback(h)).toBe(false);
  });

  test("other addresses, wildcard binds, default ports and extras", () => {
    expect(allowedHostsFor("192.168.1.20", 8080)).toEqual(["192.168.1.20:8080"]);
    expect(allowedHostsFor("0.0.0.0", 3000, ["Budget.lan:3000"])).toEqual([
      "127.0.0.1:3000",
      "localhost:3000",
      "[::1]:3000",
      "budget.lan:3000",
    ]);
    expect(allowedHostsFor("127.0.0.1", 80)).toEqual(["127.0.0.1:80", "127.0.0.1", "localhost:80", "localhost", "[::1]:80", "[::1]"]);
    expect(allowedHostsFor("fe80::1", 3000)).toEqual(["[fe80::1]:3000"]);
    expect(formatHost("LocalHost", 1)).toBe("localhost:1");
  });
});

describe("hostCheck", () => {
  test("allowed hosts pass (case-insensitive)", async () => {
    const app = makeApp();
    for (const host of ["127.0.0.1:3000", "localhost:3000", "[::1]:3000", "LOCALHOST:3000"]) {
      const res = await app.request("/", { headers: { host } });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe("ok");
    }
  });

  test("a foreign Host is refused with 403 (DNS rebinding)", async () => {
    const app = makeApp();
    for (const host of ["evil.example:3000", "evil.example", "localhost:3001", "127.0.0.1", "localhost.evil.example:3000"]) {
      const res = await app.request("/api/x", { method: "POST", headers: { host } });
      expect(res.status).toBe(403);
      expect(await res.text()).toBe(FORBIDDEN_HOST_MESSAGE);
    }
    expect(FORBIDDEN_HOST_MESSAGE).toBe("Forbidden: unexpected Host header");
  });

  test("a missing Host is refused with 403", async () => {
    const res = await makeApp().request("/");
    expect(res.status).toBe(403);
    expect(await res.text()).toBe("Forbidden: unexpected Host header");
  });

  test("an empty allowlist is a programming error", () => {
    expect(() => hostCheck({ allowedHosts: [] })).toThrow();
  });
});
