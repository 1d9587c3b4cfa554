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

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "img-src 'self' data:",
  "style-src 'self' 'unsafe-inline'",
  "script-src 'self'",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join("; ");

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Content-Security-Policy": CONTENT_SECURITY_POLICY,
  "X-Content-Type-Options": "nosniff",
  // same-origin, not no-referrer: under no-referrer Chromium sends `Origin: null` on our own form
  // posts, which the CSRF check must refuse. Nothing leaks to other origins either way.
  "Referrer-Policy": "same-origin",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
};

/**
 * Sets SECURITY_HEADERS on every response that passes through it, whatever made the
 * response (c.text, a raw `new Response`, an error handler's). Mount it first.
 */
export function securityHeaders(): MiddlewareHandler {
  return async function securityHeaders(c, next) {
    await next();
    try {
      for (const [k, v] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(k, v);
    } catch {
      // Immutable headers (e.g. Response.redirect()): copy the response, then set them.
      const res = new Response(c.res.body, c.res);
      for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.headers.set(k, v);
      c.res = res;
    }
  };
}
