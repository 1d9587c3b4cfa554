import { afterAll, afterEach, beforeAll } from "bun:test";
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

/**
 * One web harness for a test file, with its own fake Messages API: started before the
 * file's tests (before its own beforeAll hooks), closed after them; the fake's queued
 * replies and recorded requests are emptied after each test, so a test that stops half-way
 * leaves nothing to the next. The object returned is filled in when the harness has started.
 */
export function webSuite(start: () => Promise<WebHarness> = () => startWebHarness()): WebHarness {
  const h = {} as WebHarness;
  beforeAll(async () => {
    Object.assign(h, await start());
  });
  afterEach(() => h.fake.reset());
  afterAll(() => h.close());
  return h;
}

/** Parse an SSE body into {event, data} messages (eventsource-parser; see ./sse.ts). */
export { parseSse } from "./sse.ts";
