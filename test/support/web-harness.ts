import { loadAssets } from "../../src/web/assets.ts";
import { createWebApp } from "../../src/web/server.ts";
import { DEFAULT_LIMITS, type WebLimits } from "../../src/web/context.ts";
import { allowedHostsFor } from "../../src/web/middleware/host-check/index.ts";
import { startHarness, type Harness, type HarnessOptions } from "./agent-harness.ts";

export type WebHarness = Harness & {
  url: string;
  server: ReturnType<typeof Bun.serve>;
  /** The Hono app itself (its `routes`, for tests that enumerate them). */
  web: ReturnType<typeof createWebApp>;
};

/** The whole web app on a random loopback port, on the agent harness (real SDK → fake API). */
export async function startWebHarness(
  opts: HarnessOptions & { limits?: Partial<WebLimits>; /** like `serve --allow-origin` */ allowedOrigins?: string[]; showUsage?: boolean } = {},
): Promise<WebHarness> {
  const h = await startHarness(opts);
  const assets = await loadAssets();
  // Listen first: the allowed Host headers name the port, known only once listening.
  const server = Bun.serve({ hostname: "127.0.0.1", port: 0, development: false, fetch: () => new Response("starting", { status: 503 }) });
  const port = server.port!;
  const web = createWebApp({
    ...h.app,
    assets,
    allowedOrigins: opts.allowedOrigins ?? [],
    allowedHosts: allowedHostsFor("127.0.0.1", port),
    requireUsers: false,
    limits: { ...DEFAULT_LIMITS, ...opts.limits },
    showUsage: opts.showUsage,
  });
  server.reload({ fetch: (req, srv) => web.fetch(req, { server: srv }) });
  return {
    ...h,
    url: `http://127.0.0.1:${port}`,
    server,
    web,
    async close() {
      server.stop(true);
      await h.close();
    },
  };
}

/** Parse an SSE body into {event, data} messages (eventsource-parser; see ./sse.ts). */
export { parseSse } from "./sse.ts";
