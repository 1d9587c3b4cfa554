/**
 * Host check: DNS-rebinding protection (SPEC §6).
 *
 * A page on evil.example can re-point its own name at 127.0.0.1 and then talk to our
 * server "same-origin" from the browser's point of view. The one thing it cannot fake
 * is the `Host` header: the browser sends `evil.example:3000`. So every request whose
 * Host (hostname:port, case-insensitive) is not one we serve under is refused with 403
 * before anything else runs. A request without Host is refused too.
 */
import type { MiddlewareHandler } from "hono";
import { refusal } from "../respond.ts";

export const FORBIDDEN_HOST_MESSAGE = "Forbidden: unexpected Host header";

export type HostCheckOptions = {
  /** The accepted Host header values, e.g. from `allowedHostsFor("127.0.0.1", 3000)`. */
  allowedHosts: readonly string[];
};

/** The names every loopback server answers to. */
const LOOPBACK_NAMES = ["127.0.0.1", "localhost", "::1"];
const WILDCARD = new Set(["0.0.0.0", "::", ""]);

/** A loopback address or name (127.x.x.x, localhost, ::1, bracketed or not): only this machine reaches it. */
export function isLoopback(hostname: string): boolean {
  const h = bareHostname(hostname);
  return h === "localhost" || h === "::1" || /^127\.\d+\.\d+\.\d+$/.test(h);
}

/** `host:port`, with IPv6 literals in brackets and the name lower-cased. */
export function formatHost(hostname: string, port: number | string): string {
  const h = bareHostname(hostname);
  return `${h.includes(":") ? `[${h}]` : h}:${port}`;
}

function bareHostname(hostname: string): string {
  const h = hostname.trim().toLowerCase();
  return h.startsWith("[") && h.endsWith("]") ? h.slice(1, -1) : h;
}

/**
 * The Host header values a server bound to `hostname:port` answers to:
 *  - a loopback bind (isLoopback) → `127.0.0.1:P`, `localhost:P`, `[::1]:P` (and the bound address itself);
 *  - a wildcard bind (0.0.0.0, ::) → those loopback names (the server is reachable
 *    through them too); the names it is reached by from elsewhere go in `extra`;
 *  - any other address or name → `hostname:P` itself.
 * On port 80 and 443 the forms without a port are added (browsers omit a default port).
 * `extra` entries are used as given (lower-cased): write `name:port`, or just `name`
 * for a reverse proxy on a default port.
 */
export function allowedHostsFor(hostname: string, port: number, extra: readonly string[] = []): string[] {
  const bare = bareHostname(hostname);
  const names = isLoopback(bare) || WILDCARD.has(bare) ? new Set([...LOOPBACK_NAMES, ...(WILDCARD.has(bare) ? [] : [bare])]) : [bare];
  const hosts = new Set<string>();
  for (const name of names) {
    hosts.add(formatHost(name, port));
    if (port === 80 || port === 443) hosts.add(name.includes(":") ? `[${name}]` : name);
  }
  for (const e of extra) {
    const v = e.trim().toLowerCase();
    if (v) hosts.add(v);
  }
  return [...hosts];
}

/** Refuse (403, cause "forbidden host") every request whose Host header is not one of `allowedHosts`. */
export function hostCheck(options: HostCheckOptions): MiddlewareHandler {
  const allowed = new Set(options.allowedHosts.map((h) => h.trim().toLowerCase()).filter(Boolean));
  if (!allowed.size) throw new Error("hostCheck: allowedHosts must not be empty");
  return async function hostCheck(c, next) {
    const host = c.req.header("Host")?.trim().toLowerCase();
    if (!host || !allowed.has(host)) {
      throw refusal(403, FORBIDDEN_HOST_MESSAGE, { kind: "forbidden host", host: c.req.header("Host") });
    }
    await next();
  };
}
