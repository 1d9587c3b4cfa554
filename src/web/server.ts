import { Hono } from "hono";
import { assetResponse } from "./assets.ts";
import type { WebDeps, WebEnv } from "./context.ts";
import { auth } from "./middleware/auth/index.ts";
import { messageSizeLimit } from "./middleware/body-limit/index.ts";
import { hostCheck } from "./middleware/host-check/index.ts";
import { originCheck } from "./middleware/origin-check/index.ts";
import { rateLimit } from "./middleware/rate-limit/index.ts";
import { securityAudit } from "./middleware/security-audit/index.ts";
import { securityHeaders } from "./middleware/security-headers/index.ts";
import { apiRoutes } from "./routes/api.ts";
import { approvalRoutes } from "./routes/decisions.tsx";
import { pageRoutes } from "./routes/pages.tsx";
import { turnRoutes } from "./routes/turns.tsx";
import { compress } from "hono/compress";
import { assetUrl } from "./assets.ts";
import { LoginPage } from "../../views/LoginPage.tsx";
import { MessagePage } from "../../views/MessagePage.tsx";
import { toHtml } from "./sse-renderer.ts";

/**
 * The web app: request → middleware (headers, Host, Origin, session, size) → route →
 * chat service → events → view. Every route below `auth` has a user.
 */
export function createWebApp(deps: WebDeps) {
  const web = new Hono<WebEnv>();
  web.use(securityHeaders());
  web.use(securityAudit({ store: deps.store }));
  web.use(hostCheck({ allowedHosts: deps.allowedHosts }));
  web.use(originCheck());

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
  // Pages and fragments are compressed like the assets; event streams are not (each message must go out at once).
  web.use(compress());
  web.use(
    auth({
      store: deps.store,
      requireUsers: deps.requireUsers,
      page: (kind, _title, message) => page(LoginPage({ error: kind === "invalid-link" ? message : null, asset })),
    }),
  );
  web.use(messageSizeLimit(deps.limits.maxMessageBytes));

  web.route("/", pageRoutes(deps));
  // One budget of questions per user, whether they come from the page or the API.
  const questionsPerUser = rateLimit({ perMinute: deps.limits.messagesPerMinute, key: (c) => c.get("user").id });
  web.route("/", turnRoutes(deps, questionsPerUser));
  web.route("/", apiRoutes(deps, questionsPerUser));
  web.route("/", approvalRoutes(deps));
  const wantsPage = (c: { req: { header(n: string): string | undefined; path: string } }) =>
    !c.req.header("HX-Request") && !c.req.path.startsWith("/api/") && (c.req.header("accept") ?? "").includes("text/html");
  web.notFound((c) =>
    wantsPage(c) ? c.html(page(MessagePage({ title: "Not found", message: "There is no page at this address.", asset })), 404) : c.text("Not found", 404),
  );
  web.onError((err, c) => {
    console.error(`${c.req.method} ${c.req.path} failed:`, err);
    const message = "Internal error: the server logged the details.";
    return wantsPage(c) ? c.html(page(MessagePage({ title: "Something went wrong", message, asset })), 500) : c.text(message, 500);
  });
  return web;
}
