/**
 * Message size limit (SPEC §6): a clear 413 before anything reaches the model.
 *
 * Two parts, because a message arrives inside a request body:
 *  - `messageSizeLimit(maxBytes)` is hono's own `bodyLimit` (hono/body-limit: it checks
 *    Content-Length, or counts a streamed body as it reads it) answering 413 with our
 *    message. It caps the *raw body*, which is bigger than the message it carries: a
 *    form field is percent-encoded (up to 3 bytes per byte), and other fields come
 *    along. So by default the body may be `3 × maxBytes + 1 KB`; it stops abuse
 *    (megabytes of body) without refusing a message that is within the limit.
 *  - the exact check of the message itself (UTF-8 bytes) is the chat service's question
 *    admission (src/chat/admission.ts), after the route parsed the form or JSON.
 * Both say "Message too large: at most N KB." (JSON `{error}` on /api/, HTML fragment
 * otherwise).
 */
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { messageTooLargeText } from "../../../chat/admission.ts";
import { refuse } from "../respond.ts";

export type MessageSizeLimitOptions = {
  /** The cap on the raw request body; default `3 * maxBytes + 1024`. */
  bodyMaxBytes?: number;
};

/** The 413 response: JSON on /api/ paths, an HTML fragment otherwise. */
export function messageTooLarge(c: Context, maxBytes: number): Response {
  return refuse(c, 413, messageTooLargeText(maxBytes));
}

/** Refuse request bodies too big to carry a message of at most `maxBytes` (413). */
export function messageSizeLimit(maxBytes: number, options: MessageSizeLimitOptions = {}): MiddlewareHandler {
  if (!(maxBytes > 0)) throw new Error(`messageSizeLimit: maxBytes must be positive, got ${maxBytes}`);
  return bodyLimit({
    maxSize: options.bodyMaxBytes ?? 3 * maxBytes + 1024,
    onError: (c) => messageTooLarge(c, maxBytes),
  });
}
