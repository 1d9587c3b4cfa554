/**
 * How the web app answers a refused request, in the shape the client understands: JSON
 * `{ "error": message }` for the API (paths under /api/), a small HTML fragment an htmx
 * swap can show (the same classes as views/ErrorNotice.tsx) for htmx requests, and a
 * short page otherwise. The messages are fixed text written by us; they are escaped anyway.
 *
 * Middlewares refuse by throwing `refusal(…)`: an `HTTPException` whose `cause` says what
 * was refused (`RefusalCause`); routes let the domains' typed errors through (a refused
 * question or change, bad tool input, an unknown category…), whose status the one table
 * here says (`DOMAIN_ANSWERS`). The app's one `onError` (`respondToError`, mounted in
 * src/web/server.ts) turns either into the response, and security-audit reads the cause.
 * Without that onError (a bare Hono app in a unit test) hono answers with the plain
 * message and status.
 */
import type { Context, ErrorHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { validator } from "hono/validator";
import type { z } from "zod";
import { oneLineError } from "../../core/validation.ts";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { escapeHtml } from "../../core/html.ts";
import {
  cannotSaveMessage,
  ChangeRefused,
  ImportInputError,
  isBusyError,
  QuestionRefused,
  storageProblem,
  ToolInputError,
  UnknownCategory,
  WriteConflictError,
  type RefusalReason,
  type RefusedKind,
} from "../../core/errors.ts";
import { BudgetBusyError, BudgetUnwritableError, BUSY_RETRY_AFTER_S, busyError } from "../../ledger/write-lock.ts";
import { BudgetDbLocked } from "../../ledger/reader.ts";

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
  | { kind: "cross-site request"; origin: string | undefined; referer: string | undefined; fetchSite: string | undefined }
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

/** A refused question's status, by its reason. */
const QUESTION_REFUSED_STATUS: Record<RefusalReason, ContentfulStatusCode> = {
  too_large: 413,
  empty: 400,
  too_many_running: 429,
  unknown_conversation: 404,
  busy: 409,
  // `serve --no-model`: the service is there, its model is not.
  no_model: 503,
};

/** A refused change's status, by its kind. */
const CHANGE_REFUSED_STATUS: Record<RefusedKind, ContentfulStatusCode> = { invalid: 400, not_found: 404, conflict: 409, expired: 410, needs_consent: 422 };

/** How a domain error answers: its status, headers beside its message (a Retry-After, say), and the message when it is not the error's own. */
export type DomainAnswer = { status: ContentfulStatusCode; headers?: Record<string, string>; message?: string };
type DomainRule = { error: abstract new (...args: never[]) => Error; answer: (err: Error) => DomainAnswer };
const rule = <E extends Error>(error: abstract new (...args: never[]) => E, answer: (err: E) => DomainAnswer): DomainRule => ({
  error,
  answer: answer as (err: Error) => DomainAnswer,
});

/**
 * The one place a domain's refusal becomes an HTTP status. Domains throw typed errors and
 * never speak HTTP; a route lets them through to the error handler, or asks `refusalOf` when
 * it shows the refusal its own way. The first rule whose class matches wins: a subclass
 * comes before its base. Anything else is no refusal (a lock, a full disk, a bug).
 */
const DOMAIN_ANSWERS: readonly DomainRule[] = [
  rule(QuestionRefused, (e) => ({ status: QUESTION_REFUSED_STATUS[e.reason] })),
  // budget.db held by another program beyond the busy timeout: nothing was written or recorded; the client may try again.
  rule(BudgetBusyError, (e) => ({
    status: 503,
    headers: { "Retry-After": String(BUSY_RETRY_AFTER_S) },
    message: `Nothing was changed: ${e.message}.`,
  })),
  // budget.db could not even be read (another program's exclusive lock, as a commit holds): a page may try again.
  rule(BudgetDbLocked, () => ({ status: 503, headers: { "Retry-After": String(BUSY_RETRY_AFTER_S) } })),
  // budget.db (or its folder) read-only: the real cause, before the ChangeRefused it is.
  rule(BudgetUnwritableError, () => ({ status: 409 })),
  rule(ChangeRefused, (e) => ({ status: CHANGE_REFUSED_STATUS[e.kind] })),
  rule(UnknownCategory, () => ({ status: 404 })),
  rule(ToolInputError, () => ({ status: 400 })),
  rule(ImportInputError, () => ({ status: 400 })),
  rule(WriteConflictError, () => ({ status: 409 })),
];

/**
 * budget.db could not take a write: busy (another program holds it) or read-only. A route that shows a refused change
 * its own way (a toast) lets these through: the error handler answers them alike on every route (503 with
 * Retry-After, 409), since they say nothing about the change itself.
 */
export function budgetUnavailable(err: unknown): boolean {
  return err instanceof BudgetBusyError || err instanceof BudgetUnwritableError;
}

/** How a domain error answers over HTTP, or null when it is no refusal. */
export function refusalOf(err: unknown): DomainAnswer | null {
  const found = DOMAIN_ANSWERS.find((r) => err instanceof r.error);
  return found ? found.answer(err as Error) : null;
}

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
 * The app's one error handler: a domain's refusal (by the table above) or an HTTPException
 * becomes JSON `{error}` under /api/, an HTML fragment for htmx, a page otherwise (always
 * `Cache-Control: no-store`);
 * a locked chat.db is a 503 the client may retry, and so is a database that cannot be
 * written (full disk, read-only file: "budget-chat cannot save: …"), and a budget.db another
 * program keeps busy (503 with Retry-After: nothing was written or recorded); anything else is logged and answered
 * 500 (a page for a page load, else plain text).
 * `page` draws full pages (src/web/server.ts passes ones in the app's layout); default
 * the minimal `errorPage`.
 */
export function errorResponder(page: (input: ErrorPageInput) => string = (p) => errorPage(p.title, p.message)): ErrorHandler {
  return (err, c) => {
    // A change that could not read budget.db before writing it is refused as any writer's is when budget.db is busy.
    if (err instanceof BudgetDbLocked && c.req.method !== "GET") err = busyError(null);
    // A domain's refusal (a question not taken, a change refused, bad input): the table says how it answers.
    const domain = refusalOf(err);
    if (err instanceof BudgetBusyError) console.error(`${c.req.method} ${c.req.path}: ${err.message}`);
    if (domain) err = new HTTPException(domain.status, { message: domain.message ?? err.message });
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
      const headers = { "Cache-Control": "no-store", ...domain?.headers };
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

export const NOT_JSON_MESSAGE = "The body must be JSON, sent with Content-Type: application/json.";

/**
 * The request's JSON body, checked against `schema()` (hono/validator): the route reads it
 * with `c.req.valid("json")`. The schema is a `lazySchema`, built at the first request
 * that reads it rather than when the routes are made (the server's start). A body that is not JSON (malformed, or sent under another
 * content type) or does not fit the schema ends the request with a 400 whose message says
 * why (`refused` words zod's one-line reason). No body at all reads as `{}`, also under a
 * JSON content type (which hono/validator alone would call malformed).
 */
export function jsonBody<S extends z.ZodType>(schema: () => S, refused: (problem: string) => string = (problem) => `invalid request: ${problem}`) {
  const sent = (c: Context) => Number(c.req.header("content-length") ?? 0) > 0 || c.req.header("transfer-encoding") !== undefined;
  const check = (value: unknown, c: Context): z.output<S> => {
    // hono/validator reads only a JSON content type; anything else it hands over as {}.
    const type = c.req.header("content-type");
    if (sent(c) && !/^application\/([\w.-]+\+)?json\s*(;|$)/i.test(type ?? "")) throw new HTTPException(400, { message: NOT_JSON_MESSAGE });
    const parsed = schema().safeParse(value);
    if (!parsed.success) throw new HTTPException(400, { message: refused(oneLineError(parsed.error)) });
    return parsed.data;
  };
  const fromBody = validator("json", check);
  const read: typeof fromBody = async (c, next) => {
    if (sent(c)) return fromBody(c, next);
    c.req.addValidatedData("json", check({}, c) as {});
    await next();
  };
  return read;
}
