import { describe, expect, spyOn, test } from "bun:test";
import { Hono } from "hono";
import { APP_DB_BUSY_MESSAGE, errorFragment, respondToError } from "./respond.ts";

/** A route that fails the way bun:sqlite does when another program holds chat.db's lock. */
function lockedApp() {
  const app = new Hono();
  app.onError(respondToError);
  const locked = () => {
    throw Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" });
  };
  app.post("/api/chat", locked);
  app.post("/chat", locked);
  app.get("/boom", () => {
    throw new Error("a bug");
  });
  return app;
}

describe("respondToError", () => {
  test("a locked chat.db is a 503 the client may retry, in the client's shape", async () => {
    const log = spyOn(console, "error").mockImplementation(() => {});
    const app = lockedApp();
    const api = await app.request("/api/chat", { method: "POST" });
    expect(api.status).toBe(503);
    expect(await api.json()).toEqual({ error: APP_DB_BUSY_MESSAGE });
    const htmx = await app.request("/chat", { method: "POST", headers: { "HX-Request": "true" } });
    expect(htmx.status).toBe(503);
    expect(await htmx.text()).toBe(errorFragment(APP_DB_BUSY_MESSAGE));
    expect(log.mock.calls.map((c) => String(c[0]))).toEqual(["POST /api/chat: chat.db is locked by another program", "POST /chat: chat.db is locked by another program"]);
    log.mockRestore();
  });

  test("any other error stays a 500 that names no detail (the server logs it)", async () => {
    const log = spyOn(console, "error").mockImplementation(() => {});
    const res = await lockedApp().request("/boom");
    expect(res.status).toBe(500);
    expect(await res.text()).toBe("Internal error: the server logged the details.");
    expect(log.mock.calls.length).toBe(1);
    expect(String(log.mock.calls[0]![0])).toBe("GET /boom failed:");
    expect((log.mock.calls[0]![1] as Error).message).toBe("a bug");
    log.mockRestore();
  });
});
