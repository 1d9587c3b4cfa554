/**
 * How the web app answers a refused request, in the shape the client understands: JSON
 * `{ "error": message }` for the API (paths under /api/), a small HTML fragment an htmx
 * swap can show (the same classes as views/ErrorNotice.tsx) for htmx requests, and a
 * short page otherwise. The messages are fixed text written by us; they are escaped anyway.
 *
 * Middlewares refuse by throwing `refusal(…)`: an `HTTPException` whose `cause` says what
 * was refused (`RefusalCause`). The app's one `onError` (`respondToError`, mounted in
 * src/web/server.ts) turns it into the response, and security-audit reads the cause.
 * Without that onError (a bare Hono app in a unit test) hono answers with the plain
 * message and status.
 */
import type { Context, ErrorHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { escapeHtml } from "../../core/html.ts";
import { cannotSaveMessage, ChangeRefused, isBusyError, QuestionRefused, storageProblem, type RefusalReason } from "../../core/errors.ts";
import { BudgetBusyError, BUSY_RETRY_AFTER_S } from "../../ledger/write-path.ts";

/** True for requests to the JSON API. */
export function isApiPath(path: string): boolean {
  // /mcp speaks JSON too (the MCP Streamable HTTP endpoint).
  return path === "/api" || path.startsWith("/api/") || path === "/mcp";
}

/** True for requests made by htmx (it sends `HX-Request: true`). */
export function isHtmxRequest(c: Context): boolean {
  return c.req.header("HX-Request") !== undefined;
}

/** `<div class="notice notice-error" role="alert">…</div>` */
export function errorFragment(message: string): string {
  return `<div class="notice notice-error" role="alert"><span class="error-message">${escapeHtml(message)}</span></div>`;
}

/** A minimal page: no script, no style, nothing from the request. */
export function errorPage(title: string, message: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · budget-chat</title></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></main></body>
</html>`;
}

/** A refusal: JSON on /api/ paths, an HTML fragment otherwise (for routes that answer directly). */
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

/** What a thrown refusal was about: security-audit records the security ones from this. */
export type RefusalCause =
  | { kind: "forbidden host"; host: string | undefined }
  | { kind: "cross-site request"; origin: string | undefined; fetchSite: string | undefined }
  | { kind: "no session" }
  | { kind: "no users" };

export type RefusalOptions = {
  /** The `error` of the JSON answer, when it differs from the message. */
  apiError?: string;
  /** The page title (default: by status). */
  title?: string;
};

/** An HTTPException with a RefusalCause (and how to present it): throw it from a middleware. */
export class Refusal extends HTTPException {
  declare readonly cause: RefusalCause;
  constructor(
    status: ContentfulStatusCode,
    message: string,
    cause: RefusalCause,
    readonly options: RefusalOptions = {},
  ) {
    super(status, { message, cause });
  }
}

export function refusal(status: ContentfulStatusCode, message: string, cause: RefusalCause, options?: RefusalOptions): Refusal {
  return new Refusal(status, message, cause, options);
}

/** The cause of the refusal that answered this request, if one did. */
export function refusalCause(c: Context): RefusalCause | undefined {
  return c.error instanceof Refusal ? c.error.cause : undefined;
}

/** The one place a refused question becomes an HTTP status. */
const QUESTION_REFUSED_STATUS: Record<RefusalReason, ContentfulStatusCode> = {
  too_large: 413,
  empty: 400,
  too_many_running: 429,
  unknown_conversation: 404,
  busy: 409,
};

const TITLES: Partial<Record<number, string>> = { 401: "Login required", 403: "Forbidden", 413: "Too large", 429: "Too many requests" };

/** What a full error page shows; `cause` says which refusal it was, when it was one. */
export type ErrorPageInput = { status: number; title: string; message: string; cause?: RefusalCause };

const INTERNAL_ERROR_MESSAGE = "Internal error: the server logged the details.";
export const APP_DB_BUSY_MESSAGE =
  "The app database (chat.db) is locked by another program, so nothing could be saved. Try again in a moment.";

/** True when the client navigated here (a page load), not the API or an htmx swap. */
export function wantsPage(c: Context): boolean {
  return !isApiPath(c.req.path) && !isHtmxRequest(c) && (c.req.header("accept") ?? "").includes("text/html");
}

/**
 * The app's one error handler: an HTTPException (a refusal) becomes JSON `{error}` under
 * /api/, an HTML fragment for htmx, a page otherwise (always `Cache-Control: no-store`);
 * a locked chat.db is a 503 the client may retry, and so is a database that cannot be
 * written (full disk, read-only file: "budget-chat cannot save: …"), and a budget.db another
 * program keeps busy (503 with Retry-After: nothing was written or recorded); anything else is logged and answered
 * 500 (a page for a page load, else plain text).
 * `page` draws full pages (src/web/server.ts passes ones in the app's layout); default
 * the minimal `errorPage`.
 */
export function errorResponder(page: (input: ErrorPageInput) => string = (p) => errorPage(p.title, p.message)): ErrorHandler {
  return (err, c) => {
    // A question the chat service would not take: its reason says the status.
    if (err instanceof QuestionRefused) err = new HTTPException(QUESTION_REFUSED_STATUS[err.reason], { message: err.message });
    // A refused change to the user's data (categories, edits, import undo) carries its own status.
    if (err instanceof ChangeRefused) err = new HTTPException(err.status, { message: err.message });
    // budget.db held by another program beyond the busy timeout: nothing was written or recorded; try again.
    if (err instanceof BudgetBusyError) {
      console.error(`${c.req.method} ${c.req.path}: ${err.message}`);
      c.header("Retry-After", String(BUSY_RETRY_AFTER_S));
      err = new HTTPException(503, { message: `Nothing was changed: ${err.message}.` });
    }
    // chat.db held by another program beyond the busy timeout: the client may retry, it is no bug.
    if (!(err instanceof HTTPException) && isBusyError(err)) {
      console.error(`${c.req.method} ${c.req.path}: chat.db is locked by another program`);
      err = new HTTPException(503, { message: APP_DB_BUSY_MESSAGE });
    }
    // A full disk or a read-only file: nothing was stored (SQLite rolled the statement back); it passes when space returns.
    const storage = err instanceof HTTPException ? null : storageProblem(err);
    if (storage) {
      console.error(`${c.req.method} ${c.req.path}: ${cannotSaveMessage(storage)}`);
      err = new HTTPException(503, { message: `${cannotSaveMessage(storage)}. Nothing was changed; try again when there is space.` });
    }
    if (err instanceof HTTPException) {
      if (err.res) return err.getResponse(); // a response made by whoever threw it
      const status = err.status as ContentfulStatusCode;
      const refused = err instanceof Refusal ? err : undefined;
      const message = err.message || TITLES[status] || "Request refused";
      const headers = { "Cache-Control": "no-store" };
      if (isApiPath(c.req.path)) return c.json({ error: refused?.options.apiError ?? message }, status, headers);
      if (isHtmxRequest(c)) return c.html(errorFragment(message), status, headers);
      const title = refused?.options.title ?? TITLES[status] ?? "Request refused";
      return c.html(page({ status, title, message, cause: refused?.cause }), status, headers);
    }
    console.error(`${c.req.method} ${c.req.path} failed:`, err);
    if (wantsPage(c)) return c.html(page({ status: 500, title: "Something went wrong", message: INTERNAL_ERROR_MESSAGE }), 500);
    return c.text(INTERNAL_ERROR_MESSAGE, 500);
  };
}

/** `errorResponder()` with minimal pages (for a bare Hono app, as in the middleware tests). */
export const respondToError: ErrorHandler = errorResponder();

export const UNREADABLE_FORM_MESSAGE = "The form could not be read (a malformed request body). Reload the page and try again.";

/**
 * The request's form fields (multipart or urlencoded). A body that cannot be parsed is
 * the client's fault: it ends the request with a 400 refusal (an HTTPException the
 * server's error handler answers with), never a 500.
 */
export async function formBody(c: Context, options: { all?: boolean } = {}): Promise<Record<string, string | File | (string | File)[]>> {
  try {
    // `all`: a field given several times (files, tick boxes) is a list; otherwise the last one counts.
    return await c.req.parseBody(options);
  } catch {
    throw new HTTPException(400, { res: refuse(c, 400, UNREADABLE_FORM_MESSAGE) });
  }
}
