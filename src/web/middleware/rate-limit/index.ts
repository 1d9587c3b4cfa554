/**
 * Requests per minute per key (SPEC §6), in memory: a sliding-window log per key.
 *
 * Each key keeps the times of its accepted requests in the last window (at most
 * `perMinute` of them); a request is accepted while fewer than `perMinute` fall in the
 * window. A refused request is not recorded, so hammering does not extend the wait.
 * Memory is bounded: keys are kept in least-recently-used order, keys idle for a whole
 * window are dropped as soon as they reach the front, and beyond `maxKeys` the least
 * recently used key is forgotten (the only case where a limit is lost, and only for a
 * key idle longer than all `maxKeys` others).
 *
 * Over the limit: 429 with `Retry-After` (whole seconds, at least 1) and the message
 * "Too many requests: at most N messages per minute. Try again in S s." — JSON on /api/
 * paths, an HTML fragment otherwise. It applies only to the routes it is mounted on.
 */
import type { Context, MiddlewareHandler } from "hono";
import { refuse } from "../respond.ts";

export type RateLimitOptions = {
  /** Accepted requests per key per window (60 s). */
  perMinute: number;
  /** The bucket a request counts against, e.g. `(c) => c.get("user").id`. */
  key: (c: Context<any>) => string;
  /** What is being counted, for the message ("messages"). */
  noun?: string;
  /** Clock in ms (tests inject one); default Date.now. */
  now?: () => number;
  /** Window length; default 60 000 ms. */
  windowMs?: number;
  /** Most keys remembered at once; default 10 000. */
  maxKeys?: number;
};

type Entry = { hits: number[]; lastSeen: number };

export function rateLimitMessage(perMinute: number, retryAfterS: number, noun = "messages"): string {
  return `Too many requests: at most ${perMinute} ${noun} per minute. Try again in ${retryAfterS} s.`;
}

export function rateLimit(options: RateLimitOptions): MiddlewareHandler {
  const { perMinute, key } = options;
  if (!Number.isInteger(perMinute) || perMinute < 1) throw new Error(`rateLimit: perMinute must be a positive integer, got ${perMinute}`);
  const now = options.now ?? Date.now;
  const windowMs = options.windowMs ?? 60_000;
  const maxKeys = options.maxKeys ?? 10_000;
  const noun = options.noun ?? "messages";
  const entries = new Map<string, Entry>(); // least recently seen first

  function evict(t: number): void {
    for (const [k, e] of entries) {
      if (entries.size > maxKeys || e.lastSeen <= t - windowMs) entries.delete(k);
      else break;
    }
  }

  return async function rateLimit(c, next) {
    const t = now();
    const k = key(c);
    const entry = entries.get(k) ?? { hits: [], lastSeen: t };
    entries.delete(k);
    entry.lastSeen = t;
    entries.set(k, entry);
    evict(t);

    let drop = 0;
    while (drop < entry.hits.length && entry.hits[drop]! <= t - windowMs) drop++;
    if (drop) entry.hits.splice(0, drop);

    if (entry.hits.length >= perMinute) {
      const retryAfter = Math.max(1, Math.ceil((entry.hits[0]! + windowMs - t) / 1000));
      return refuse(c, 429, rateLimitMessage(perMinute, retryAfter, noun), { "Retry-After": String(retryAfter) });
    }
    entry.hits.push(t);
    await next();
  };
}
