import { describe, expect, test } from "bun:test";
import { Hono } from "hono";
import { Store } from "../../../store/store.ts";
import { respondToError } from "../respond.ts";
import { auth, INVALID_LINK_MESSAGE, LOGIN_REQUIRED_MESSAGE, NO_USERS_MESSAGE, SESSION_COOKIE, type AuthEnv } from "./index.ts";

function makeApp(db: Store, opts: Partial<Parameters<typeof auth>[0]> = {}) {
  const app = new Hono<AuthEnv>();
  app.use(auth({ store: db, ...opts }));
  // auth throws its refusals; the web app's one error handler shapes them (JSON, fragment, page).
  app.onError(respondToError);
  app.get("/", (c) => c.text(`hello ${c.get("user").name} (${c.get("user").id})`));
  app.get("/api/me", (c) => c.json(c.get("user")));
  app.post("/chat", (c) => c.text(`posted as ${c.get("user").name}`));
  app.get("/assets/app.css", (c) => c.text("css"));
  return app;
}

/** `bc_session=VALUE` from a Set-Cookie header. */
function sessionCookie(res: Response): string {
  const set = res.headers.get("Set-Cookie") ?? "";
  const m = set.match(new RegExp(`${SESSION_COOKIE}=([^;]*)`));
  if (!m) throw new Error(`no session cookie in ${set}`);
  return `${SESSION_COOKIE}=${m[1]}`;
}

async function login(app: Hono<AuthEnv>, token: string, url = "/login") {
  return app.request(`${url}?token=${encodeURIComponent(token)}`);
}

describe("auth: single-user local mode (no users)", () => {
  test("every request runs as the local user", async () => {
    const db = Store.memory();
    const app = makeApp(db);
    const res = await app.request("/");
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("hello local (local)");
    expect(await (await app.request("/api/me")).json()).toEqual({ id: "local", name: "local" });
    expect(await (await app.request("/chat", { method: "POST" })).text()).toBe("posted as local");
  });

  test("with requireUsers (a network bind), no users means nobody gets in, not local mode", async () => {
    const db = Store.memory();
    const { user } = db.users.add("alice");
    const app = makeApp(db, { requireUsers: true });
    db.users.remove(user.name);
    const page = await app.request("/");
    expect(page.status).toBe(403);
    expect(await page.text()).toContain(NO_USERS_MESSAGE);
    const api = await app.request("/api/me");
    expect(api.status).toBe(403);
    expect(await api.json()).toEqual({ error: NO_USERS_MESSAGE });
  });

  test("/login and /logout just go home", async () => {
    const app = makeApp(Store.memory());
    const res = await app.request("/login?token=x");
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/");
    expect(res.headers.get("Set-Cookie")).toBeNull();
    expect((await app.request("/logout", { method: "POST" })).status).toBe(303);
  });
});

describe("auth: with users", () => {
  function setup(opts: Partial<Parameters<typeof auth>[0]> = {}) {
    const db = Store.memory();
    const { user, loginToken } = db.users.add("ann");
    return { db, user, loginToken, app: makeApp(db, opts) };
  }

  test("no cookie → 401: JSON under /api/, a fragment for htmx, a page otherwise", async () => {
    const { app } = setup();
    const api = await app.request("/api/me");
    expect(api.status).toBe(401);
    expect(api.headers.get("Content-Type")).toStartWith("application/json");
    expect(await api.text()).toBe('{"error":"login required"}');

    const htmx = await app.request("/chat", { method: "POST", headers: { "HX-Request": "true" } });
    expect(htmx.status).toBe(401);
    expect(await htmx.text()).toBe(
      `<div class="notice notice-error" role="alert"><span class="error-message">${LOGIN_REQUIRED_MESSAGE}</span></div>`,
    );

    const page = await app.request("/");
    expect(page.status).toBe(401);
    expect(page.headers.get("Content-Type")).toStartWith("text/html");
    const html = await page.text();
    expect(html).toStartWith("<!doctype html>");
    expect(html).toContain(`<p>${LOGIN_REQUIRED_MESSAGE}</p>`);
    expect(LOGIN_REQUIRED_MESSAGE).toContain("login link");
    expect(html).not.toContain("<script");
    expect(html).not.toContain("style");
  });

  test("a forged or unknown cookie → 401 and the cookie is cleared", async () => {
    const { app } = setup();
    const res = await app.request("/api/me", { headers: { Cookie: `${SESSION_COOKIE}=forged` } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "login required" });
    expect(res.headers.get("Set-Cookie")).toContain(`${SESSION_COOKIE}=;`);
    expect(res.headers.get("Set-Cookie")).toContain("Max-Age=0");
  });

  test("the login link works once: session cookie (HttpOnly, SameSite=Strict, Path=/, Max-Age), 303 to /, audited", async () => {
    const { app, db, user, loginToken } = setup({ sessionTtlMs: 3_600_000 });
    const res = await login(app, loginToken);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const set = res.headers.get("Set-Cookie")!;
    expect(set).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43}; Max-Age=3600; Path=/; HttpOnly; SameSite=Strict$`));
    expect(set).not.toContain("Secure"); // plain http on loopback
    expect(set).not.toContain(loginToken);
    expect(await res.text()).not.toContain(loginToken);

    const audit = db.audit.list({ kind: "login" });
    expect(audit).toHaveLength(1);
    expect(audit[0]!.userId).toBe(user.id);
    expect(JSON.stringify(audit)).not.toContain(loginToken);

    // Second use of the same link: refused.
    const again = await login(app, loginToken);
    expect(again.status).toBe(401);
    expect(again.headers.get("Set-Cookie")).toBeNull();
    const body = await again.text();
    expect(body).toContain(INVALID_LINK_MESSAGE);
    expect(body).not.toContain(loginToken);
    expect(INVALID_LINK_MESSAGE).toBe("This sign-in link is invalid, has expired or was already used: a link works once, for a limited time.");
    // The bare app's page adds the way to a new link (the app's own page, views/LoginPage.tsx, says it once beside it).
    expect(body).toContain("A new one is made with: budget-chat users link NAME");
    // The failed attempt is audited without the token.
    const sec = db.audit.list({ kind: "security" });
    expect(sec).toHaveLength(1);
    expect(JSON.stringify(sec)).not.toContain(loginToken);
  });

  test("an unknown token, or none → 401 page", async () => {
    const { app } = setup();
    for (const url of ["/login?token=nope", "/login"]) {
      const res = await app.request(url);
      expect(res.status).toBe(401);
      const body = await res.text();
      expect(body).toContain(INVALID_LINK_MESSAGE);
      expect(body).not.toContain("nope");
    }
  });

  test("the session works after login, and logout ends it", async () => {
    const { app, db, loginToken } = setup();
    const cookie = sessionCookie(await login(app, loginToken));
    const rawSession = cookie.split("=")[1]!;

    const home = await app.request("/", { headers: { Cookie: cookie } });
    expect(home.status).toBe(200);
    expect(await home.text()).toBe(`hello ann (${db.users.byName("ann")!.id})`);
    const me = await app.request("/api/me", { headers: { Cookie: cookie } });
    expect((await me.json()).name).toBe("ann");
    expect(JSON.stringify(db.audit.list())).not.toContain(rawSession);

    const out = await app.request("/logout", { method: "POST", headers: { Cookie: cookie } });
    expect(out.status).toBe(303);
    expect(out.headers.get("Location")).toBe("/");
    expect(out.headers.get("Set-Cookie")).toContain("Max-Age=0");
    expect(db.sessions.user(rawSession)).toBeNull();

    const after = await app.request("/api/me", { headers: { Cookie: cookie } });
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ error: "login required" });
  });

  test("a session lasts 30 days from its last use: each use renews it (the database and the cookie), at most once a minute", async () => {
    let now = new Date("2026-01-01T00:00:00Z");
    const db = Store.memory({ now: () => now });
    const { loginToken } = db.users.add("ann");
    const app = makeApp(db);
    const first = await login(app, loginToken);
    expect(first.headers.get("Set-Cookie")).toContain("Max-Age=2592000");
    const cookie = sessionCookie(first);
    const day = 24 * 3_600_000;
    // Used every 20 days for 100 days: never locked out, though 100 days > 30.
    for (let i = 1; i <= 5; i++) {
      now = new Date(now.getTime() + 20 * day);
      const res = await app.request("/", { headers: { Cookie: cookie } });
      expect(res.status).toBe(200);
      // The cookie is sent again with a fresh Max-Age, so the browser keeps it as long.
      expect(res.headers.get("Set-Cookie")).toBe(`${cookie}; Max-Age=2592000; Path=/; HttpOnly; SameSite=Strict`);
    }
    // A second request within the minute renews nothing (no write, no cookie).
    now = new Date(now.getTime() + 30_000);
    const soon = await app.request("/", { headers: { Cookie: cookie } });
    expect(soon.status).toBe(200);
    expect(soon.headers.get("Set-Cookie")).toBeNull();
    // 30 days without use: it ends.
    now = new Date(now.getTime() + 30 * day);
    expect((await app.request("/api/me", { headers: { Cookie: cookie } })).status).toBe(401);
  });

  test("htmx logout redirects with HX-Redirect", async () => {
    const { app, loginToken } = setup();
    const cookie = sessionCookie(await login(app, loginToken));
    const out = await app.request("/logout", { method: "POST", headers: { Cookie: cookie, "HX-Request": "true" } });
    expect(out.status).toBe(200);
    expect(out.headers.get("HX-Redirect")).toBe("/");
    expect((await app.request("/", { headers: { Cookie: cookie } })).status).toBe(401);
  });

  test("an old link clicked while logged in just goes home", async () => {
    const { app, loginToken } = setup();
    const cookie = sessionCookie(await login(app, loginToken));
    const res = await app.request(`/login?token=${loginToken}`, { headers: { Cookie: cookie } });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/");
  });

  test("a second login replaces the old session", async () => {
    const { app, db } = setup();
    const first = sessionCookie(await login(app, db.users.issueLoginToken("ann")!));
    const second = await app.request(`/login?token=${db.users.issueLoginToken("ann")!}`, { headers: { Cookie: first } });
    expect(second.status).toBe(303);
    expect(sessionCookie(second)).not.toBe(first);
    expect((await app.request("/", { headers: { Cookie: first } })).status).toBe(401);
    expect((await app.request("/", { headers: { Cookie: sessionCookie(second) } })).status).toBe(200);
  });

  test("Secure cookie on https", async () => {
    const { app, loginToken } = setup();
    const res = await login(app, loginToken, "https://budget.example/login");
    expect(res.status).toBe(303);
    expect(res.headers.get("Set-Cookie")).toContain("; Secure");
  });

  test("sessions expire after sessionTtlMs", async () => {
    let now = new Date("2025-01-01T00:00:00Z");
    const db = Store.memory({ now: () => now });
    const { loginToken } = db.users.add("ann");
    const app = makeApp(db, { sessionTtlMs: 60_000 });
    const cookie = sessionCookie(await login(app, loginToken));
    expect((await app.request("/", { headers: { Cookie: cookie } })).status).toBe(200);
    now = new Date(now.getTime() + 60_001);
    expect((await app.request("/", { headers: { Cookie: cookie } })).status).toBe(401);
  });

  test("a removed user's session no longer works", async () => {
    const { app, db, loginToken } = setup();
    db.users.add("bob"); // keep the allowlist non-empty
    const cookie = sessionCookie(await login(app, loginToken));
    db.users.remove("ann");
    expect((await app.request("/", { headers: { Cookie: cookie } })).status).toBe(401);
  });

  test("publicPaths pass without a session", async () => {
    const { app } = setup({ publicPaths: ["/assets/"] });
    expect((await app.request("/assets/app.css")).status).toBe(200);
    expect((await app.request("/")).status).toBe(401);
  });
});
