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
 *  - `checkMessageLength(text, maxBytes)` is the exact check of the message itself
 *    (UTF-8 bytes), for the route to call after parsing the form or JSON. On an error
 *    answer with `messageTooLarge(c, maxBytes)` (the same 413 the middleware sends).
 * Both say "Message too large: at most N KB." (JSON `{error}` on /api/, HTML fragment
 * otherwise).
 */
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { refuse } from "../respond.ts";

export type MessageSizeLimitOptions = {
  /** The cap on the raw request body; default `3 * maxBytes + 1024`. */
  bodyMaxBytes?: number;
};

/** "Message too large: at most 8 KB." (KB = 1024 bytes, at most one decimal; bytes below 1 KB). */
export function messageTooLargeText(maxBytes: number): string {
  if (maxBytes < 1024) return `Message too large: at most ${maxBytes} bytes.`;
  const kb = Math.round((maxBytes / 1024) * 10) / 10;
  return `Message too large: at most ${kb} KB.`;
}

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

const encoder = new TextEncoder();

/** The error text when `text` is longer than `maxBytes` bytes of UTF-8, else null. */
export function checkMessageLength(text: string, maxBytes: number): string | null {
  // Cheap exits: a UTF-16 unit is 1 to 3 UTF-8 bytes.
  if (text.length * 3 <= maxBytes) return null;
  if (text.length > maxBytes) return messageTooLargeText(maxBytes);
  return encoder.encode(text).byteLength > maxBytes ? messageTooLargeText(maxBytes) : null;
}
