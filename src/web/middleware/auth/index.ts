/**
 * Login links and sessions (SPEC §6: the allowlist).
 *
 * - No users in the app DB → single-user local mode: every request runs as
 *   `{ id: "local", name: "local" }` (the server refuses to start on a non-loopback
 *   address in that mode; that check lives where the server is started).
 * - With users, every request needs a session, except:
 *     GET  <loginPath>?token=RAW  uses the one-time token, starts a session (cookie
 *                                 `bc_session`: HttpOnly, SameSite=Strict, Path=/,
 *                                 Max-Age, Secure on https), audits {kind:"login"} and
 *                                 redirects 303 to "/" (so the token leaves the
 *                                 address bar; Referrer-Policy keeps it out of
 *                                 Referer). A bad or used token → 401 page.
 *     POST <logoutPath>           ends the session and clears the cookie.
 *     `publicPaths`               (prefixes) pass without a session.
 *   A session lasts `sessionTtlMs` (30 days) from its last use: each use (at most once a
 *   minute) renews it in the database and renews the cookie's Max-Age.
 *   Anything else without a live session → 401, thrown as `refusal(…, { kind: "no session" })`:
 *   the app's onError (respond.ts) answers JSON `{"error":"login required"}` under /api/,
 *   an HTML fragment for htmx requests, otherwise a short page.
 * The raw login token and session id are never logged, audited or echoed: only their
 * SHA-256 is stored (src/store/accounts.ts).
 */
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { type Store } from "../../../store/store.ts";
import { errorPage, isHtmxRequest, refusal } from "../respond.ts";
import { LOCAL_USER_ID } from "../../../core/vocab.ts";

export type SessionUser = { id: string; name: string };
/** Hono generics: `new Hono<{ Variables: Variables }>()`, then `c.get("user")`. */
export type Variables = { user: SessionUser };
export type AuthEnv = { Variables: Variables };

/** The name a page shows beside Log out: null in single-user local mode (nobody signed in). */
export function signedInName(user: SessionUser): string | null {
  return user.id === LOCAL_USER_ID ? null : user.name;
}

export const SESSION_COOKIE = "bc_session";
export const LOCAL_USER: Readonly<SessionUser> = Object.freeze({ id: LOCAL_USER_ID, name: LOCAL_USER_ID });
export const DEFAULT_SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** What was wrong with a sign-in link; the page around it says once how to get a new one (views/LoginPage.tsx). */
export const INVALID_LINK_MESSAGE = "This sign-in link is invalid, has expired or was already used: a link works once, for a limited time.";
export const LOGIN_REQUIRED_MESSAGE =
  "Login required: open the login link you were given for budget-chat (it works once, for a limited time). A new one is made with: budget-chat users link NAME";

export type AuthOptions = {
  store: Store;
  /** Session lifetime; default 30 days. */
  sessionTtlMs?: number;
  /** Where login links point; default "/login". */
  loginPath?: string;
  /** POST here to log out; default "/logout". */
  logoutPath?: string;
  /** Refuse login tokens older than this (default: no age limit, only single use). */
  loginTokenMaxAgeMs?: number;
  /** Path prefixes that need no session (e.g. "/assets/"); default none. */
  publicPaths?: readonly string[];
  /**
   * Never fall back to single-user local mode: with no users left (say the last one
   * was removed while a server on a network address runs), refuse everyone.
   */
  requireUsers?: boolean;
  /**
   * The full page after a login link that is not valid, in the app's layout
   * (src/web/server.ts passes views/LoginPage.tsx). Default: a minimal page. (A visitor
   * without a session gets the app's error handler's page for the "no session" refusal.)
   */
  invalidLinkPage?: (message: string) => string;
};

export const NO_USERS_MESSAGE =
  "No users are configured, and this server is reachable beyond this machine: add one with budget-chat users add NAME.";

export function auth(options: AuthOptions): MiddlewareHandler<AuthEnv> {
  const { store } = options;
  const ttlMs = options.sessionTtlMs ?? DEFAULT_SESSION_TTL_MS;
  if (!(ttlMs >= 1000)) throw new Error(`auth: sessionTtlMs must be at least 1000, got ${ttlMs}`);
  const loginPath = options.loginPath ?? "/login";
  const logoutPath = options.logoutPath ?? "/logout";
  const publicPaths = options.publicPaths ?? [];
  const maxAgeS = Math.floor(ttlMs / 1000);
  const invalidLinkPage = options.invalidLinkPage ?? ((message: string) => errorPage("Sign-in link not valid", `${message} A new one is made with: budget-chat users link NAME`));

  return async function auth(c, next) {
    const path = c.req.path;
    const method = c.req.method.toUpperCase();

    if (store.users.count() === 0) {
      if (options.requireUsers) throw refusal(403, NO_USERS_MESSAGE, { kind: "no users" });
      // Single-user local mode: there is nothing to log in or out of.
      if ((path === loginPath && method === "GET") || (path === logoutPath && method === "POST")) {
        return c.redirect("/", 303);
      }
      c.set("user", { ...LOCAL_USER });
      return next();
    }

    const raw = getCookie(c, SESSION_COOKIE);
    const user = raw ? store.sessions.user(raw, ttlMs) : null;
    const cookie = (value: string) =>
      setCookie(c, SESSION_COOKIE, value, { httpOnly: true, sameSite: "Strict", path: "/", secure: isHttps(c), maxAge: maxAgeS });

    if (path === loginPath && method === "GET") {
      const token = c.req.query("token");
      const loggedIn = token ? store.users.consumeLoginToken(token, options.loginTokenMaxAgeMs) : null;
      if (loggedIn) {
        if (raw) store.sessions.delete(raw);
        cookie(store.sessions.create(loggedIn.id, ttlMs));
        store.audit.add({ kind: "login", userId: loggedIn.id, detail: { via: "login link" } });
        c.header("Cache-Control", "no-store");
        return c.redirect("/", 303);
      }
      // Already logged in (e.g. an old link clicked again): just go in.
      if (user) return c.redirect("/", 303);
      if (token) store.audit.add({ kind: "security", detail: { event: "invalid login link" } });
      return c.html(invalidLinkPage(INVALID_LINK_MESSAGE), 401, { "Cache-Control": "no-store" });
    }

    if (path === logoutPath && method === "POST") {
      if (raw) store.sessions.delete(raw);
      deleteCookie(c, SESSION_COOKIE, { path: "/", secure: isHttps(c) });
      c.header("Cache-Control", "no-store");
      if (isHtmxRequest(c)) {
        c.header("HX-Redirect", "/");
        return c.body("", 200);
      }
      return c.redirect("/", 303);
    }

    if (user) {
      // Renewed on use: the browser keeps the cookie as long as the database keeps the session.
      if (user.renewed && raw) cookie(raw);
      c.set("user", { id: user.id, name: user.name });
      return next();
    }

    if (publicPaths.some((p) => path.startsWith(p))) return next();

    // A stale cookie (expired session, removed user): drop it.
    if (raw) deleteCookie(c, SESSION_COOKIE, { path: "/", secure: isHttps(c) });
    throw refusal(401, LOGIN_REQUIRED_MESSAGE, { kind: "no session" }, { apiError: "login required", title: "Login required" });
  };
}

function isHttps(c: Context): boolean {
  return new URL(c.req.url).protocol === "https:";
}
