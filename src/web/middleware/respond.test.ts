import { describe, expect, spyOn, test } from "bun:test";
import { Hono } from "hono";
import { ChangeRefused, ImportInputError, NeedsColumnMapping, QuestionRefused, ToolInputError, UnknownCategory, WriteConflictError } from "../../core/errors.ts";
import { BudgetBusyError, BudgetUnwritableError } from "../../ledger/write-lock.ts";
import { APP_DB_BUSY_MESSAGE, errorFragment, refusalOf, respondToError } from "./respond.ts";

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

  test("a busy budget.db is a 503 with Retry-After; one that cannot be written a 409 with the reason (issue 29)", async () => {
    const log = spyOn(console, "error").mockImplementation(() => {});
    const app = new Hono();
    app.onError(respondToError);
    const busy = () => {
      throw new BudgetBusyError("the budget database is busy (another program is using it); try again");
    };
    app.post("/api/edit", busy);
    app.post("/edit", busy);
    app.post("/api/readonly", () => {
      throw new BudgetUnwritableError("the budget database cannot be changed: /x/budget.db is read-only for this user; nothing was changed");
    });
    const api = await app.request("/api/edit", { method: "POST" });
    expect([api.status, api.headers.get("retry-after"), await api.json()]).toEqual([503, "5", { error: "Nothing was changed: the budget database is busy (another program is using it); try again." }]);
    const htmx = await app.request("/edit", { method: "POST", headers: { "HX-Request": "true" } });
    expect([htmx.status, htmx.headers.get("retry-after"), await htmx.text()]).toEqual([
      503,
      "5",
      errorFragment("Nothing was changed: the budget database is busy (another program is using it); try again."),
    ]);
    const ro = await app.request("/api/readonly", { method: "POST" });
    expect([ro.status, ro.headers.get("retry-after"), await ro.json()]).toEqual([
      409,
      null,
      { error: "the budget database cannot be changed: /x/budget.db is read-only for this user; nothing was changed" },
    ]);
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

describe("domain refusals → HTTP, in one table", () => {
  test("each domain error answers with its status and its own message; anything else is no refusal", async () => {
    const cases: [Error, number][] = [
      [new ChangeRefused("invalid", "bad"), 400],
      [new ChangeRefused("not_found", "no such"), 404],
      [new ChangeRefused("conflict", "changed since"), 409],
      [new QuestionRefused("too_many_running", "wait"), 429],
      // A subclass answers before its base: an unknown category is a 404, other tool input a 400.
      [new UnknownCategory('Unknown category "x".'), 404],
      [new ToolInputError("month requires year"), 400],
      [new NeedsColumnMapping("name the columns"), 400],
      [new ImportInputError("not a statement"), 400],
      [new WriteConflictError("the data changed"), 409],
    ];
    for (const [err, status] of cases) {
      expect(refusalOf(err)?.status as number).toBe(status);
      const app = new Hono();
      app.onError(respondToError);
      app.post("/api/x", () => {
        throw err;
      });
      const res = await app.request("/api/x", { method: "POST" });
      expect([res.status, await res.json(), res.headers.get("cache-control")]).toEqual([status, { error: err.message }, "no-store"]);
    }
    expect(refusalOf(new Error("a bug"))).toBeNull();
    expect(refusalOf("thrown text")).toBeNull();
  });
});
