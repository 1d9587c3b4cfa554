/**
 * MCP over Streamable HTTP at /mcp on the whole web app (web harness, real port): the
 * SDK's client, the personal token with users configured, and the Host/Origin checks.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { loadAssets } from "../../src/web/assets.ts";
import { DEFAULT_LIMITS } from "../../src/web/context.ts";
import { FORBIDDEN_HOST_MESSAGE } from "../../src/web/middleware/host-check/index.ts";
import { CROSS_SITE_MESSAGE } from "../../src/web/middleware/origin-check/index.ts";
import { NO_USERS_MESSAGE, SESSION_COOKIE } from "../../src/web/middleware/auth/index.ts";
import { MCP_TOKEN_INVALID_MESSAGE, MCP_TOKEN_REQUIRED_MESSAGE, mcpRoutes } from "../../src/web/routes/mcp.ts";
import type { WebDeps } from "../../src/web/context.ts";
import { createWebApp } from "../../src/web/server.ts";
import { READ_TOOLS, toolInputSchema } from "../../src/tools/registry.ts";
import { spendingByCategory } from "../../src/tools/spending_by_category.ts";
import { startWebHarness, type WebHarness } from "../support/web-harness.ts";

let h: WebHarness;
beforeAll(async () => {
  h = await startWebHarness();
});
afterAll(async () => {
  await h?.close();
});

const INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "0" } },
};

/** A raw JSON-RPC POST to /mcp, as an MCP client sends it. */
function post(headers: Record<string, string> = {}, body: unknown = INITIALIZE) {
  return fetch(`${h.url}/mcp`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body: JSON.stringify(body),
  });
}

async function connect(token?: string, name = "http-test") {
  const transport = new StreamableHTTPClientTransport(new URL(`${h.url}/mcp`), {
    requestInit: token ? { headers: { Authorization: `Bearer ${token}` } } : undefined,
  });
  const client = new Client({ name, version: "4.5.6" });
  await client.connect(transport);
  return client;
}

/** The HTTP status the SDK client's error carries (StreamableHTTPError.code). */
async function httpStatusOf(p: Promise<unknown>): Promise<number | undefined> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(StreamableHTTPError);
  return (err as StreamableHTTPError).code;
}

const lastToolCall = () => h.store.audit.list({ kind: "tool_call", limit: 1 })[0]!;

describe("/mcp without users (single-user local mode, loopback)", () => {
  test("an SDK client initializes, lists the read tools and calls one; the call is audited with the client name", async () => {
    const client = await connect();
    try {
      expect(client.getServerVersion()?.name).toBe("budget-chat");
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(READ_TOOLS.map((t) => t.name));
      for (const t of READ_TOOLS) expect(tools.find((x) => x.name === t.name)!.inputSchema).toEqual(toolInputSchema(t) as never);

      const result = await client.callTool({ name: "spending_by_category", arguments: { year: 2025 } });
      const local = spendingByCategory.run(h.budget, spendingByCategory.schema().parse({ year: 2025 }));
      expect(result.isError).toBeFalsy();
      expect(result.content).toEqual([{ type: "text", text: local.summary }]);
      expect(result.structuredContent).toEqual({ charts: local.charts, tables: local.tables ?? [] });

      const entry = lastToolCall();
      expect(entry.userId).toBe("local");
      expect(entry.detail).toMatchObject({ via: "mcp", transport: "http", client: { name: "http-test", version: "4.5.6" }, tool: "spending_by_category", ok: true });

      const bad = await client.callTool({ name: "monthly_trend", arguments: { category: "Nope" } });
      expect(bad.isError).toBe(true);
      expect((bad.content as { text: string }[])[0]!.text).toStartWith('Unknown category "Nope". Valid categories: ');
    } finally {
      await client.close();
    }
  });

  test("GET (the optional server stream) is 405; an unknown session is 404; a foreign Origin is 403", async () => {
    const get = await fetch(`${h.url}/mcp`, { headers: { accept: "text/event-stream" } });
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST, DELETE");

    const unknown = await post({ "mcp-session-id": "not-a-session" }, { jsonrpc: "2.0", id: 2, method: "tools/list" });
    expect(unknown.status).toBe(404);

    const foreign = await post({ Origin: "http://evil.example" });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({ error: CROSS_SITE_MESSAGE });
    const sameOrigin = await post({ Origin: h.url });
    expect(sameOrigin.status).toBe(200);
  });

  test("a foreign Host (DNS rebinding) is 403 before anything else", async () => {
    const res = await h.server.fetch(
      new Request(`${h.url}/mcp`, {
        method: "POST",
        headers: { Host: "evil.example:80", "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: JSON.stringify(INITIALIZE),
      }),
    );
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: FORBIDDEN_HOST_MESSAGE });
  });

  test("a server that requires users refuses /mcp while none is configured", async () => {
    const web = createWebApp({
      ...h.app,
      assets: await loadAssets(),
      allowedOrigins: [],
      allowedHosts: ["budget.example:3000"],
      requireUsers: true,
      limits: DEFAULT_LIMITS,
    });
    const res = await web.fetch(
      new Request("http://budget.example:3000/mcp", {
        method: "POST",
        headers: { Host: "budget.example:3000", "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: JSON.stringify(INITIALIZE),
      }),
    );
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(NO_USERS_MESSAGE);
  });
});

describe("/mcp with users configured: a personal token", () => {
  let danaId: string;
  let token: string;
  beforeAll(() => {
    danaId = h.store.users.add("dana").user.id;
    token = h.store.users.issuePersonalToken("dana")!;
  });
  afterAll(() => {
    h.store.users.remove("dana");
  });

  test("no token → 401 with WWW-Authenticate; the SDK client cannot connect", async () => {
    const res = await post();
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toStartWith("Bearer");
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(MCP_TOKEN_REQUIRED_MESSAGE);
    expect(await httpStatusOf(connect())).toBe(401);
  });

  test("a wrong token → 401; a session cookie alone is not enough", async () => {
    const wrong = await post({ Authorization: `Bearer ${token}x` });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error: { message: string } }).error.message).toBe(MCP_TOKEN_INVALID_MESSAGE);
    expect(await httpStatusOf(connect("bcp_wrong"))).toBe(401);

    const cookie = h.store.sessions.create(danaId, 60_000);
    const withCookie = await post({ Cookie: `${SESSION_COOKIE}=${cookie}` });
    expect(withCookie.status).toBe(401);
  });

  test("the right token works, and the calls are audited as the token's user", async () => {
    const client = await connect(token, "claude-code");
    try {
      const result = await client.callTool({ name: "income_vs_spending", arguments: { year: 2025 } });
      expect(result.isError).toBeFalsy();
      const entry = lastToolCall();
      expect(entry.userId).toBe(danaId);
      expect(entry.detail).toMatchObject({ transport: "http", client: { name: "claude-code", version: "4.5.6" }, tool: "income_vs_spending", ok: true });
    } finally {
      await client.close();
    }
  });

  test("a foreign Origin is 403 even with the right token", async () => {
    const res = await post({ Authorization: `Bearer ${token}`, Origin: "http://evil.example" });
    expect(res.status).toBe(403);
  });

  test("another user's token cannot use a session it did not open", async () => {
    const client = await connect(token);
    h.store.users.add("eli");
    const eliToken = h.store.users.issuePersonalToken("eli")!;
    try {
      const sessionId = (client.transport as StreamableHTTPClientTransport).sessionId!;
      expect(sessionId).toBeTruthy();
      const res = await post({ Authorization: `Bearer ${eliToken}`, "mcp-session-id": sessionId, "mcp-protocol-version": "2025-06-18" }, {
        jsonrpc: "2.0",
        id: 9,
        method: "tools/list",
      });
      expect(res.status).toBe(404);
    } finally {
      await client.close();
      h.store.users.remove("eli");
    }
  });

  test("a revoked token → 401 at once, even inside an open session; a new token replaces the old", async () => {
    const client = await connect(token);
    try {
      expect(h.store.users.revokePersonalToken("dana")).toBe(true);
      expect(await httpStatusOf(client.listTools())).toBe(401);
      expect((await post({ Authorization: `Bearer ${token}` })).status).toBe(401);
    } finally {
      await client.close().catch(() => {});
    }
    const first = h.store.users.issuePersonalToken("dana")!;
    const second = h.store.users.issuePersonalToken("dana")!;
    expect((await post({ Authorization: `Bearer ${first}` })).status).toBe(401);
    expect((await post({ Authorization: `Bearer ${second}` })).status).toBe(200);
  });
});

describe("/mcp sessions", () => {
  test("the least recently used session is closed beyond the limit, and an idle one after the idle time", async () => {
    let clock = 0;
    const routes = mcpRoutes({ store: h.store, budget: h.budget, requireUsers: false } as WebDeps, { maxSessions: 2, idleMs: 1000, now: () => clock });
    const call = (headers: Record<string, string>, body: unknown) =>
      routes.fetch(
        new Request("http://127.0.0.1/mcp", {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18", ...headers },
          body: JSON.stringify(body),
        }),
      );
    const open = async () => {
      const res = await call({}, INITIALIZE);
      expect(res.status).toBe(200);
      return res.headers.get("mcp-session-id")!;
    };
    const list = (id: string) => call({ "mcp-session-id": id }, { jsonrpc: "2.0", id: 3, method: "tools/list" });

    const a = await open();
    const b = await open();
    expect((await list(a)).status).toBe(200); // a is now the most recently used
    const c = await open(); // closes b
    expect((await list(b)).status).toBe(404);
    expect((await list(a)).status).toBe(200);
    expect((await list(c)).status).toBe(200);

    clock += 1001;
    await open(); // sweeps the idle ones
    expect((await list(a)).status).toBe(404);
    expect((await list(c)).status).toBe(404);
  });
});
