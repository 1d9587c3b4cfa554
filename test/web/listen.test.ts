/**
 * QA round 4 (uqa9): a second `budget-chat serve` on the address of a running one started, said
 * "listening on http://127.0.0.1:3000/", and from then on the kernel handed each request to either
 * server (Bun's production mode sets SO_REUSEPORT): pages of two apps, possibly over different
 * databases, alternating; an answer's stream asked of the server that does not know the turn.
 * The second server is refused with the address it wanted.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { ConfigError } from "../../src/core/errors.ts";
import { createServer } from "../../src/web/server.ts";
import { startWebHarness, type WebHarness } from "../support/web-harness.ts";

let h: WebHarness;
beforeAll(async () => {
  h = await startWebHarness();
});
afterAll(async () => {
  await h?.close();
});

test("a second server on the address of a running one is refused, naming the address", async () => {
  const port = h.server.port!;
  let second: Awaited<ReturnType<typeof createServer>> | null = null;
  let error: unknown = null;
  try {
    second = await createServer(h.app, { hostname: "127.0.0.1", port, requireUsers: false });
  } catch (e) {
    error = e;
  }
  second?.server.stop(true);
  expect(error).toBeInstanceOf(ConfigError);
  expect((error as Error).message).toBe(
    `127.0.0.1:${port} is already in use (another budget-chat serve, or another program): stop it, or choose another address with --bind or BIND_ADDRESS`,
  );
  // The running server still answers, alone.
  expect(await (await fetch(`${h.url}/healthz`)).text()).toBe("ok");
});
