/**
 * MCP over Streamable HTTP at /mcp (SPEC §9): the same server as `budget-chat mcp`
 * (src/mcp/server.ts), for clients that reach the running web server.
 *
 * Mounted after the Host and Origin checks and before the session-cookie auth, with its
 * own authentication:
 *  - with users configured, every request needs `Authorization: Bearer <personal token>`
 *    (`budget-chat users token NAME`); none, an unknown or a revoked token → 401. A
 *    session cookie is not enough: MCP clients are not browsers.
 *  - without users, single-user local mode: only where the server runs on loopback
 *    (it refuses other binds without users); `requireUsers` → 403 like every page.
 * Each request is authenticated again, so a revoked token stops working at once.
 *
 * Sessions: the transport runs stateful (an Mcp-Session-Id per initialize) so each tool
 * call's audit entry can name the client that initialized it; a session belongs to the
 * user who opened it, ends on DELETE, after an idle hour, or when too many are open.
 * Answers are plain JSON (no SSE): tools answer at once, nothing is pushed, and Bun's
 * idle timeout never cuts a stream. GET (the optional server-to-client stream) → 405.
 */
import { Hono, type Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { WebDeps, WebEnv } from "../context.ts";
import { LOCAL_USER, NO_USERS_MESSAGE, type SessionUser } from "../middleware/auth/index.ts";

export const MCP_PATH = "/mcp";
export const MCP_TOKEN_REQUIRED_MESSAGE = "A personal token is required: send Authorization: Bearer TOKEN (create one with: budget-chat users token NAME).";
export const MCP_TOKEN_INVALID_MESSAGE = "This personal token is not valid (unknown or revoked): create a new one with budget-chat users token NAME.";

export type McpRouteOptions = {
  /** Sessions idle longer than this are closed (default one hour). */
  idleMs?: number;
  /** At most this many open sessions; the least recently used one is closed first (default 64). */
  maxSessions?: number;
  now?: () => number;
};

type McpSession = { server: Server; transport: WebStandardStreamableHTTPServerTransport; userId: string; lastUsed: number };

/** A request body beyond this is refused (413) before it is parsed: tool inputs are tiny. */
const MAX_BODY_BYTES = 256 * 1024;

export function mcpRoutes(deps: WebDeps, options: McpRouteOptions = {}) {
  const idleMs = options.idleMs ?? 60 * 60 * 1000;
  const maxSessions = options.maxSessions ?? 64;
  const now = options.now ?? Date.now;
  const sessions = new Map<string, McpSession>();

  const end = (id: string) => {
    const s = sessions.get(id);
    if (!s) return;
    sessions.delete(id);
    void s.server.close().catch(() => {});
  };
  const sweep = () => {
    const t = now();
    for (const [id, s] of sessions) if (t - s.lastUsed > idleMs) end(id);
    // Map order is insertion order; a used session is re-inserted, so the first is the least recently used.
    while (sessions.size >= maxSessions) end(sessions.keys().next().value!);
  };

  const routes = new Hono<WebEnv>();
  routes.all(MCP_PATH, async (c) => {
    const user = authenticate(c, deps);
    if (user instanceof Response) return user;
    const method = c.req.method.toUpperCase();
    if (method !== "POST" && method !== "DELETE") {
      return jsonRpcError(c, 405, -32000, "Method not allowed: this server answers POST (and DELETE to end a session).", { Allow: "POST, DELETE" });
    }

    const sessionId = c.req.header("mcp-session-id");
    if (sessionId) {
      const s = sessions.get(sessionId);
      // Someone else's session is not found either: its id says nothing about who may use it.
      if (!s || s.userId !== user.id) return jsonRpcError(c, 404, -32001, "Session not found: initialize a new one.");
      sessions.delete(sessionId);
      sessions.set(sessionId, { ...s, lastUsed: now() });
      return s.transport.handleRequest(c.req.raw);
    }
    if (method !== "POST") return jsonRpcError(c, 400, -32000, "Bad request: Mcp-Session-Id header is required.");

    // No session yet: only an initialize request opens one (the transport refuses anything else).
    sweep();
    // The MCP SDK is loaded by the first session, not at start-up (it is a large part of the bundle's load time).
    const [{ WebStandardStreamableHTTPServerTransport }, { createMcpServer }] = await Promise.all([
      import("@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js"),
      import("../../mcp/server.ts"),
    ]);
    const server = createMcpServer({ budget: deps.budget, store: deps.store, userId: user.id, transport: "http" });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      enableJsonResponse: true,
      maxRequestBodySize: MAX_BODY_BYTES,
      onsessioninitialized: (id) => {
        sessions.set(id, { server, transport, userId: user.id, lastUsed: now() });
      },
      onsessionclosed: (id) => end(id),
    });
    await server.connect(transport);
    const response = await transport.handleRequest(c.req.raw);
    if (!transport.sessionId) await server.close();
    return response;
  });
  return routes;
}

/** The user a request to /mcp acts as, or the refusal. */
function authenticate(c: Context<WebEnv>, deps: WebDeps): SessionUser | Response {
  if (deps.store.users.count() === 0) {
    if (deps.requireUsers) return jsonRpcError(c, 403, -32000, NO_USERS_MESSAGE);
    return { ...LOCAL_USER };
  }
  const header = c.req.header("Authorization") ?? "";
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  if (!match) return jsonRpcError(c, 401, -32001, MCP_TOKEN_REQUIRED_MESSAGE, { "WWW-Authenticate": 'Bearer realm="budget-chat"' });
  const found = deps.store.users.byPersonalToken(match[1]!);
  if (!found) {
    return jsonRpcError(c, 401, -32001, MCP_TOKEN_INVALID_MESSAGE, { "WWW-Authenticate": 'Bearer realm="budget-chat", error="invalid_token"' });
  }
  return { id: found.id, name: found.name };
}

function jsonRpcError(c: Context, status: ContentfulStatusCode, code: number, message: string, headers: Record<string, string> = {}): Response {
  return c.json({ jsonrpc: "2.0", error: { code, message }, id: null }, status, { "Cache-Control": "no-store", ...headers });
}
