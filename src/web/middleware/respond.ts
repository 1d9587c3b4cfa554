/**
 * How the middlewares in this folder answer a refused request, in the shape the client
 * understands: JSON `{ "error": message }` for the API (paths under /api/), otherwise a
 * small HTML fragment an htmx swap can show (the same classes as views/ErrorNotice.tsx).
 * The messages are fixed text written by us; they are escaped anyway.
 */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { escapeHtml } from "../../core/html.ts";

/** True for requests to the JSON API. */
export function isApiPath(path: string): boolean {
  return path === "/api" || path.startsWith("/api/");
}

/** True for requests made by htmx (it sends `HX-Request: true`). */
export function isHtmxRequest(c: Context): boolean {
  return c.req.header("HX-Request") !== undefined;
}


/** `<div class="notice notice-error" role="alert">…</div>` */
export function errorFragment(message: string): string {
  return `<div class="notice notice-error" role="alert"><span class="error-message">${escapeHtml(message)}</span></div>`;
}

/** A refusal: JSON on /api/ paths, an HTML fragment otherwise. */
export function refuse(
  c: Context,
  status: ContentfulStatusCode,
  message: string,
  headers: Record<string, string> = {},
): Response {
  const h = { "Cache-Control": "no-store", ...headers };
  if (isApiPath(c.req.path)) return c.json({ error: message }, status, h);
  return c.html(errorFragment(message), status, h);
}

export const UNREADABLE_FORM_MESSAGE = "The form could not be read (a malformed request body). Reload the page and try again.";

/**
 * The request's form fields (multipart or urlencoded). A body that cannot be parsed is
 * the client's fault: it ends the request with a 400 refusal (an HTTPException the
 * server's error handler answers with), never a 500.
 */
export async function formBody(c: Context): Promise<Record<string, string | File | (string | File)[]>> {
  try {
    return await c.req.parseBody();
  } catch {
    throw new HTTPException(400, { res: refuse(c, 400, UNREADABLE_FORM_MESSAGE) });
  }
}
