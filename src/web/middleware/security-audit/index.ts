/**
 * Refused requests in the audit log (SPEC §6): a foreign Host (DNS rebinding, 403), a
 * cross-site state-changing request (CSRF, 403), and a request without a session to the
 * API or a state-changing route (401) become `security` audit entries.
 *
 * Mount it before the checks it watches. It reads the `cause` of the refusal they threw
 * (respond.ts `RefusalCause`, left in `c.error` by hono), never the response text; a 401
 * without a cause (a route answering 401 itself) counts as "no session" too.
 * Only the method, the path, and the offending Host/Origin/Sec-Fetch-Site are recorded —
 * never cookies, query strings or bodies — each cut to 200 characters. A flood cannot
 * grow the log without bound: at most `perMinute` entries a minute (default 30); the
 * next entry after a quiet spell says how many were left out.
 */
import type { MiddlewareHandler } from "hono";
import { type Store } from "../../../store/store.ts";
import { isApiPath, refusalCause } from "../respond.ts";
import { clip } from "../../../core/format.ts";

export type SecurityAuditOptions = { store: Store; perMinute?: number; now?: () => number };

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const cut = (s: string | undefined) => (s === undefined ? undefined : clip(s, 200));

export function securityAudit(options: SecurityAuditOptions): MiddlewareHandler {
  const perMinute = options.perMinute ?? 30;
  const now = options.now ?? Date.now;
  let windowStart = 0;
  let inWindow = 0;
  let suppressed = 0;

  const record = (detail: Record<string, unknown>) => {
    const t = now();
    if (t - windowStart >= 60_000) {
      windowStart = t;
      inWindow = 0;
    }
    if (inWindow >= perMinute) {
      suppressed++;
      return;
    }
    inWindow++;
    try {
      options.store.audit.add({ kind: "security", detail: suppressed ? { ...detail, suppressedBefore: suppressed } : detail });
      suppressed = 0;
    } catch (err) {
      console.error("security audit failed:", err);
    }
  };

  return async function securityAudit(c, next) {
    await next();
    const cause = refusalCause(c);
    const method = c.req.method.toUpperCase();
    const path = cut(c.req.path);
    if (cause?.kind === "forbidden host") return record({ event: cause.kind, method, path, host: cut(cause.host) });
    if (cause?.kind === "cross-site request")
      return record({ event: cause.kind, method, path, origin: cut(cause.origin), referer: cut(cause.referer), fetchSite: cut(cause.fetchSite) });
    if (cause?.kind !== "no session" && (cause || c.res.status !== 401)) return;
    // No session: only what matters (API calls and state changes), not every page view of a logged-out browser.
    if (c.req.path !== "/login" && (isApiPath(c.req.path) || STATE_CHANGING.has(method))) record({ event: "no session", method, path });
  };
}
