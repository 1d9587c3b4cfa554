import { createServer, type WebServer } from "../../src/web/server.ts";
import { DEFAULT_LIMITS, type WebLimits } from "../../src/web/context.ts";
import { startHarness, type Harness, type HarnessOptions } from "./agent-harness.ts";

export type WebHarness = Harness & WebServer;

/** The whole web app on a random loopback port, as `serve` starts it (createServer), on the agent harness (real SDK → fake API). */
export async function startWebHarness(
  opts: HarnessOptions & { limits?: Partial<WebLimits>; /** like `serve --allow-origin` */ allowedOrigins?: string[]; showUsage?: boolean } = {},
): Promise<WebHarness> {
  const h = await startHarness(opts);
  const web = await createServer(h.app, {
    hostname: "127.0.0.1",
    port: 0,
    allowOrigins: opts.allowedOrigins,
    requireUsers: false,
    limits: { ...DEFAULT_LIMITS, ...opts.limits },
    showUsage: opts.showUsage,
  });
  return {
    ...h,
    ...web,
    async close() {
      web.server.stop(true);
      await h.close();
    },
  };
}

/** Parse an SSE body into {event, data} messages (eventsource-parser; see ./sse.ts). */
export { parseSse } from "./sse.ts";
