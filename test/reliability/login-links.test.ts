/**
 * Issue 16 item 9: login links expire after 24 hours by default (--login-link-ttl /
 * LOGIN_LINK_TTL, in hours), `users link NAME` issues a fresh one, and the messages that
 * tell people how to get in say so.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadAssets } from "../../src/web/assets.ts";
import { createWebApp } from "../../src/web/server.ts";
import { DEFAULT_LIMITS } from "../../src/web/context.ts";
import { startHarness, type Harness } from "../support/agent-harness.ts";
import { runCli } from "../support/cli-process.ts";

let dir: string;
let h: Harness;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "bc-links-"));
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

const cli = (args: string[], env: Record<string, string> = {}) => runCli(args, { home: dir, env: { CHAT_DATABASE_URL: join(dir, "chat.db"), ...env } });

async function web(loginLinkTtlMs?: number) {
  return createWebApp({
    ...h.app,
    assets: await loadAssets(),
    allowedOrigins: [],
    allowedHosts: ["localhost"],
    requireUsers: false,
    limits: DEFAULT_LIMITS,
    ...(loginLinkTtlMs === undefined ? {} : { loginLinkTtlMs }),
  });
}

/** A fresh link for `name`, made to look `hours` old. */
function linkAged(name: string, hours: number): string {
  const token = h.store.users.issueLoginToken(name)!;
  const at = new Date(Date.now() - hours * 3_600_000).toISOString();
  h.store.db.query("UPDATE login_tokens SET created_at = ? WHERE created_at = (SELECT max(created_at) FROM login_tokens)").run(at);
  return token;
}

const login = (app: Awaited<ReturnType<typeof web>>, token: string) =>
  app.request(`http://localhost/login?token=${encodeURIComponent(token)}`, { headers: { Host: "localhost" } });

describe("login links", () => {
  test("by default a link older than 24 hours is refused, and the page says how to get a new one", async () => {
    h.store.users.add("erin");
    const app = await web();
    const stale = await login(app, linkAged("erin", 25));
    expect(stale.status).toBe(401);
    const body = await stale.text();
    expect(body).toContain("expired");
    expect(body).toContain("budget-chat users link NAME");
    expect((await login(app, linkAged("erin", 23))).status).toBe(303);
  });

  test("the lifetime is a setting (hours)", async () => {
    const app = await web(2 * 3_600_000);
    expect((await login(app, linkAged("erin", 3))).status).toBe(401);
    expect((await login(app, linkAged("erin", 1))).status).toBe(303);
  });

  test("users add / link say the link expires, and when; --login-link-ttl and LOGIN_LINK_TTL change it", async () => {
    const add = await cli(["users", "add", "frank"]);
    expect(add.code).toBe(0);
    expect(add.stdout).toContain("works once, within 24 hours");
    const link = await cli(["users", "link", "frank", "--login-link-ttl", "2"]);
    expect(link.stdout).toContain("works once, within 2 hours");
    expect(link.stdout).toMatch(/login\?token=[\w-]{43}/);
    expect((await cli(["users", "link", "frank"], { LOGIN_LINK_TTL: "1" })).stdout).toContain("within 1 hour;");
    expect((await cli(["users", "--help"])).stdout).toContain("--login-link-ttl");
    expect((await cli(["serve", "--help"])).stdout).toContain("--login-link-ttl HOURS");
    expect((await cli(["users", "link", "frank", "--login-link-ttl", "0"])).code).toBe(2);
  });
});
