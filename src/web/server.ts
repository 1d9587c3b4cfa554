import { warmSdkWhenIdle } from "../agent/sdk.ts";
import { Hono } from "hono";
import type { App } from "../app.ts";
import { SETTINGS } from "../config.ts";
import { ConfigError } from "../core/errors.ts";
import { assetResponse, loadAssets } from "./assets.ts";
import { DEFAULT_LIMITS, type WebDeps, type WebEnv, type WebLimits } from "./context.ts";
import { auth } from "./middleware/auth/index.ts";
import { messageSizeLimit } from "./middleware/body-limit/index.ts";
import { allowedHostsFor, hostCheck } from "./middleware/host-check/index.ts";
import { originCheck } from "./middleware/origin-check/index.ts";
import { rateLimit } from "./middleware/rate-limit/index.ts";
import { errorResponder, isApiPath, wantsPage } from "./middleware/respond.ts";
import { securityAudit } from "./middleware/security-audit/index.ts";
import { securityHeaders } from "./middleware/security-headers/index.ts";
import { apiRoutes } from "./routes/api.ts";
import { budgetRoutes } from "./routes/budgets.tsx";
import { importRoutes } from "./routes/imports.tsx";
import { mcpRoutes } from "./routes/mcp.ts";
import { approvalRoutes } from "./routes/decisions.tsx";
import { pageRoutes } from "./routes/pages.tsx";
import { turnRoutes } from "./routes/turns.tsx";
import { transactionRoutes } from "./routes/transactions.tsx";
import { categoryRoutes } from "./routes/categories.tsx";
import { ruleRoutes } from "./routes/rules.tsx";
import { settingsRoutes } from "./routes/settings.tsx";
import { compress } from "hono/compress";
import { assetUrl } from "./assets.ts";
import { LoginPage } from "../../views/LoginPage.tsx";
import { MessagePage } from "../../views/MessagePage.tsx";
import { toHtml } from "./sse-renderer.ts";

/**
 * The web app: request → middleware (headers, Host, Origin, session, size) → route →
 * chat service → events → view. Every route below `auth` has a user. A middleware refuses
 * by throwing (middleware/respond.ts `refusal`); `errorResponder` answers in the client's shape.
 */
export function createWebApp(deps: WebDeps) {
  // The model's SDK is loaded while the server is idle, not in the middle of an import's commit (sdk.ts).
  warmSdkWhenIdle();
  const web = new Hono<WebEnv>();
  web.use(securityHeaders());
  web.use(securityAudit({ store: deps.store }));
  web.use(hostCheck({ allowedHosts: deps.allowedHosts }));
  web.use(originCheck({ allowedOrigins: deps.allowedOrigins }));

  web.get("/healthz", (c) => c.text("ok"));
  // No icon: answer quietly instead of a 404 on every page load.
  web.get("/favicon.ico", (c) => c.body(null, 204, { "cache-control": "public, max-age=86400" }));
  web.get("/assets/:name", (c) => {
    const asset = deps.assets.get(c.req.param("name"));
    if (!asset) return c.text("Not found", 404);
    return assetResponse(asset, c.req.header("accept-encoding") ?? null, c.req.header("if-none-match") ?? null);
  });

  const asset = (name: string) => assetUrl(deps.assets, name);
  const page = (node: unknown) => `<!doctype html>${toHtml(node)}`;

  // MCP clients are not browsers: /mcp authenticates with a personal Bearer token, not the session cookie.
  web.route("/", mcpRoutes(deps));

  // Pages and fragments are compressed like the assets; event streams are not (each message must go out at once).
  web.use(compress());
  web.use(
    auth({
      store: deps.store,
      requireUsers: deps.requireUsers,
      loginTokenMaxAgeMs: deps.loginLinkTtlMs ?? SETTINGS.loginLinkTtl.default * 3_600_000,
      invalidLinkPage: (message) => page(LoginPage({ error: message, asset })),
    }),
  );
  // Statement uploads carry their own 50 MB limit, so they are routed before the chat's small one.
  web.route("/", importRoutes(deps));
  web.use(messageSizeLimit(deps.limits.maxMessageBytes));

  web.route("/", pageRoutes(deps));
  // One budget of questions per user, whether they come from the page or the API.
  const questionsPerUser = rateLimit({ perMinute: deps.limits.messagesPerMinute, key: (c) => c.get("user").id });
  web.route("/", turnRoutes(deps, questionsPerUser));
  web.route("/", apiRoutes(deps, questionsPerUser));
  web.route("/", approvalRoutes(deps));
  web.route("/", budgetRoutes(deps));
  web.route("/", transactionRoutes(deps));
  web.route("/", categoryRoutes(deps));
  web.route("/", ruleRoutes(deps));
  web.route("/", settingsRoutes(deps));
  web.notFound((c) =>
    isApiPath(c.req.path)
      ? c.json({ error: "Not found: no such API endpoint." }, 404)
      : wantsPage(c)
        ? c.html(page(MessagePage({ title: "Not found", message: "There is no page at this address.", asset })), 404)
        : c.text("Not found", 404),
  );
  // Refusals thrown by the middlewares (HTTPException with a cause) and real errors alike,
  // as pages in the app's layout: a visitor without a session gets the sign-in page.
  web.onError(
    errorResponder(({ title, message, cause }) =>
      page(cause?.kind === "no session" ? LoginPage({ asset }) : MessagePage({ title, message, asset })),
    ),
  );
  return web;
}

/** How `serve` (and the tests) put the web app on the network. */
export type ServerOptions = {
  /** The address to bind; port 0 takes any free one. */
  hostname: string;
  port: number;
  /** Host headers answered besides the bound address's own names (`--allow-host`, a public URL's host). */
  allowHosts?: readonly string[];
  /** Origins besides the request's own that may make changes (`--allow-origin`, a public URL's origin). */
  allowOrigins?: readonly string[];
  /** Bound beyond loopback: only configured users may enter. */
  requireUsers: boolean;
  limits?: WebLimits;
  showUsage?: boolean;
  loginLinkTtlMs?: number;
  /** The address people open (`--public-url`): the base of sign-in links the pages make. */
  publicUrl?: string;
};

export type WebServer = {
  server: ReturnType<typeof Bun.serve>;
  web: ReturnType<typeof createWebApp>;
  /** `http://host:port` as browsers write it (an IPv6 address in brackets), without a trailing slash. */
  url: string;
};

/**
 * Bun.serve in production mode on exactly this address, refused when something listens there already. Production mode
 * sets SO_REUSEPORT unless told not to: a second `serve` then "listened" too and the kernel split the requests between
 * the two servers (QA round 4).
 */
function listen(hostname: string, port: number) {
  try {
    return Bun.serve({ hostname, port, development: false, reusePort: false, fetch: () => new Response("starting", { status: 503 }) });
  } catch (e) {
    if ((e as { code?: string }).code !== "EADDRINUSE") throw e;
    const host = hostname.includes(":") ? `[${hostname}]` : hostname;
    throw new ConfigError(`${host}:${port} is already in use (another budget-chat serve, or another program): stop it, or choose another address with --bind or BIND_ADDRESS`);
  }
}

/**
 * The app's web server: Bun.serve in production mode with the web app of `app`. It listens
 * first, so the Host headers it answers to name the port it really got (port 0 included).
 * `serve` and the test harness both start the web app through here.
 */
export async function createServer(app: App, opts: ServerOptions): Promise<WebServer> {
  const assets = await loadAssets();
  const server = listen(opts.hostname, opts.port);
  const port = server.port!;
  const web = createWebApp({
    ...app,
    assets,
    allowedHosts: allowedHostsFor(opts.hostname, port, opts.allowHosts),
    allowedOrigins: [...(opts.allowOrigins ?? [])],
    requireUsers: opts.requireUsers,
    limits: opts.limits ?? DEFAULT_LIMITS,
    showUsage: opts.showUsage,
    loginLinkTtlMs: opts.loginLinkTtlMs,
    publicUrl: opts.publicUrl,
  });
  server.reload({ fetch: (req, srv) => web.fetch(req, { server: srv }) });
  const host = opts.hostname.includes(":") ? `[${opts.hostname}]` : opts.hostname;
  return { server, web, url: `http://${host}:${port}` };
}
