/**
 * Origin check: CSRF protection for state-changing requests (SPEC §6). This middleware
 * owns the whole rule, for every content type (JSON API calls included: a cross-site
 * change is refused whatever its body, rather than trusting CORS preflight as hono's
 * `csrf` does for non-form bodies).
 *
 * For POST, PUT, PATCH and DELETE:
 *  - an `Origin` header must be the request's own origin (the request's scheme + its
 *    Host header), or one of `allowedOrigins`; a foreign origin or the opaque "null"
 *    origin (sandboxed frames, some redirects, file: pages) → 403;
 *  - without Origin, a `Referer` follows the same rule by its origin (a foreign or unparsable
 *    one → 403: some browsers and privacy extensions drop Origin but keep Referer);
 *  - with neither, `Sec-Fetch-Site` decides: "cross-site" → 403, and so is
 *    "same-site" (another port on localhost is the same *site*, so a different local
 *    app could otherwise post to us); "same-origin" and "none" pass;
 *  - with neither header the request is not from a browser (curl, the CLI, scripts)
 *    and passes: CSRF needs a victim's browser, and browsers send at least one of them.
 * GET, HEAD and OPTIONS pass untouched: they must not change state anyway.
 * A refusal throws `refusal(403, CROSS_SITE_MESSAGE, { kind: "cross-site request", … })`.
 *
 * The session cookie is SameSite=Strict as well; this check is the second lock.
 */
import type { Context, MiddlewareHandler } from "hono";
import { refusal } from "../respond.ts";

export const CROSS_SITE_MESSAGE = "Forbidden: cross-site request";

export type OriginCheckOptions = {
  /**
   * More origins to accept besides the request's own, e.g. "https://budget.example.com"
   * when a TLS-terminating proxy forwards to plain http (the request's own scheme is
   * then http while the browser's Origin is https). `serve --allow-origin`.
   */
  allowedOrigins?: readonly string[];
};

/** `scheme://host[:port]` normalised like a browser's Origin (lower case, no default port); null if unparsable. */
function normaliseOrigin(origin: string): string | null {
  try {
    const o = new URL(origin).origin;
    return o === "null" ? null : o;
  } catch {
    return null;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function originCheck(options: OriginCheckOptions = {}): MiddlewareHandler {
  const extra = new Set<string>();
  for (const o of options.allowedOrigins ?? []) {
    const n = normaliseOrigin(o);
    if (!n) throw new Error(`originCheck: not an origin: ${o}`);
    extra.add(n);
  }
  /** The Origin is ours (scheme of the request + its Host) or an allowed one. */
  const originAllowed = (origin: string, c: Context): boolean => {
    const given = normaliseOrigin(origin.trim());
    if (!given) return false; // "null" or garbage
    if (extra.has(given)) return true;
    const host = c.req.header("Host");
    return !!host && given === normaliseOrigin(`${new URL(c.req.url).protocol}//${host.trim()}`);
  };
  return async function originCheck(c, next) {
    if (SAFE_METHODS.has(c.req.method.toUpperCase())) return next();
    const origin = c.req.header("Origin");
    const fetchSite = c.req.header("Sec-Fetch-Site")?.trim().toLowerCase();
    const referer = c.req.header("Referer");
    // Origin, when present, decides alone; without it, Referer's origin; then Sec-Fetch-Site; with none, not a browser.
    const allowed =
      origin !== undefined
        ? originAllowed(origin, c)
        : referer !== undefined
          ? originAllowed(referer, c) && fetchSite !== "cross-site" && fetchSite !== "same-site"
          : fetchSite !== undefined
            ? fetchSite === "same-origin" || fetchSite === "none"
            : true;
    if (!allowed) throw refusal(403, CROSS_SITE_MESSAGE, { kind: "cross-site request", origin, referer, fetchSite: c.req.header("Sec-Fetch-Site") });
    await next();
  };
}
