/**
 * Origin check: CSRF protection for state-changing requests (SPEC §6).
 *
 * For POST, PUT, PATCH and DELETE:
 *  - an `Origin` header must be the request's own origin (the request's scheme + its
 *    Host header), or one of `allowedOrigins`; a foreign origin or the opaque "null"
 *    origin (sandboxed frames, some redirects, file: pages) → 403;
 *  - without Origin, `Sec-Fetch-Site` decides: "cross-site" → 403, and so is
 *    "same-site" (another port on localhost is the same *site*, so a different local
 *    app could otherwise post to us); "same-origin" and "none" pass;
 *  - with neither header the request is not from a browser (curl, the CLI, scripts)
 *    and passes: CSRF needs a victim's browser, and browsers send at least one of them.
 * GET, HEAD and OPTIONS pass untouched: they must not change state anyway.
 *
 * The session cookie is SameSite=Strict as well; this check is the second lock.
 */
import type { MiddlewareHandler } from "hono";

export const CROSS_SITE_MESSAGE = "Forbidden: cross-site request";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export type OriginCheckOptions = {
  /**
   * More origins to accept besides the request's own, e.g. "https://budget.example.com"
   * when a TLS-terminating proxy forwards to plain http (the request's own scheme is
   * then http while the browser's Origin is https).
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

export function originCheck(options: OriginCheckOptions = {}): MiddlewareHandler {
  const extra = new Set<string>();
  for (const o of options.allowedOrigins ?? []) {
    const n = normaliseOrigin(o);
    if (!n) throw new Error(`originCheck: not an origin: ${o}`);
    extra.add(n);
  }
  return async function originCheck(c, next) {
    if (!STATE_CHANGING.has(c.req.method.toUpperCase())) return next();
    const forbidden = () => c.text(CROSS_SITE_MESSAGE, 403, { "Cache-Control": "no-store" });

    const origin = c.req.header("Origin");
    if (origin !== undefined) {
      const given = normaliseOrigin(origin.trim());
      if (!given) return forbidden(); // "null" or garbage
      if (extra.has(given)) return next();
      const host = c.req.header("Host");
      if (!host) return forbidden();
      const own = normaliseOrigin(`${new URL(c.req.url).protocol}//${host.trim()}`);
      if (!own || given !== own) return forbidden();
      return next();
    }

    const site = c.req.header("Sec-Fetch-Site")?.trim().toLowerCase();
    if (site === "cross-site" || site === "same-site") return forbidden();
    return next();
  };
}
