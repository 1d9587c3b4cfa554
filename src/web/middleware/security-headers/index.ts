/**
 * Security headers on every response (SPEC §6: CSP `default-src 'self'`, no inline
 * script, no remote images or connections).
 *
 * Why `style-src 'self' 'unsafe-inline'` and not `style-src 'self'`:
 * Frappe Charts 1.6.2 styles itself at run time in two ways, both of which a strict
 * `style-src 'self'` blocks (checked in Chromium with the real bundle):
 *  1. it appends a `<style>` element with its CSS to <head> (style-loader). CSP treats
 *     a script-inserted <style> exactly like one in the markup: blocked, and the chart
 *     loses its layout (tooltip and container positioning);
 *  2. it writes `style` attributes into its SVG, e.g. `<rect class="bar" style="fill:
 *     #7cd6fd">`: blocked, the bars lose their colours.
 * A hash (`'sha256-…'` of Frappe's CSS) would allow (1) only — hashes never cover style
 * attributes unless `'unsafe-hashes'` lists every attribute value, and those depend on
 * the chart's colours — and it would break silently on any Frappe upgrade. So inline
 * style is allowed, and nothing else is relaxed: script-src stays `'self'` (no inline
 * script, no eval, no event-handler attributes), connect-src/img-src stay local, so
 * injected CSS cannot load or send anything off the machine (`url(https://…)` is still
 * blocked by img-src/font-src/default-src). Our own markup uses no inline style
 * (views/*: classes only); htmx 4 uses a constructed stylesheet, which CSP allows.
 * `img-src data:` is for the small data: images Frappe and the CSS may use.
 */
import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";

/** Our CSP as hono's secureHeaders option (camelCase directives; it writes them `kebab-case 'a' 'b'; …`). */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  imgSrc: ["'self'", "data:"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  scriptSrc: ["'self'"],
  connectSrc: ["'self'"],
  frameAncestors: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
};

export const CONTENT_SECURITY_POLICY = Object.entries(CSP_DIRECTIVES)
  .map(([k, v]) => `${k.replace(/[A-Z]/g, (m) => `-${m.toLowerCase()}`)} ${v.join(" ")}`)
  .join("; ");

/**
 * hono's secureHeaders, set to exactly our headers: the CSP above, nosniff,
 * `Referrer-Policy: same-origin`, `X-Frame-Options: DENY`, COOP same-origin, and none of
 * its other defaults (HSTS, CORP, Origin-Agent-Cluster, X-XSS-Protection, …: they were
 * never part of SPEC §6 and HSTS on a plain-http local server would only confuse).
 * Mount it first: it sets them on every response, whatever made it (c.text, a raw
 * `new Response`, the error handler's).
 */
export function securityHeaders(): MiddlewareHandler {
  const headers = secureHeaders({
    contentSecurityPolicy: CSP_DIRECTIVES,
    xContentTypeOptions: true,
    // same-origin, not no-referrer: under no-referrer Chromium sends `Origin: null` on our own form
    // posts, which the CSRF check must refuse. Nothing leaks to other origins either way.
    referrerPolicy: "same-origin",
    xFrameOptions: "DENY",
    crossOriginOpenerPolicy: true,
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    strictTransportSecurity: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  // secureHeaders calls `c.res.headers.set` and throws on a response whose headers are
  // immutable (one passed through from fetch()); copy such a response first.
  return (c, next) =>
    headers(c, async () => {
      await next();
      try {
        c.res.headers.set("X-Content-Type-Options", "nosniff");
      } catch {
        c.res = new Response(c.res.body, c.res);
      }
    });
}
