/**
 * `serve --allow-origin ORIGIN` (repeatable): behind a TLS-terminating proxy the browser's
 * Origin is https://name while the app sees plain http; such an origin must be named to
 * make changes. Through the real web app.
 */
import { describe, expect, test } from "bun:test";
import { parseArgs } from "node:util";
import { SERVE_HELP } from "../../src/cli/serve.ts";
import { flagOptions, readSettings } from "../../src/config.ts";
import { startWebHarness, webSuite } from "../support/web-harness.ts";

const PROXY = "https://budget.example.com";
const h = webSuite(() => startWebHarness({ allowedOrigins: [PROXY, "https://other.example:8443"] }));

/** A state-changing request a browser would send (logout: changes nothing here, reaches no model). */
const post = (origin: string, type = "application/x-www-form-urlencoded") =>
  fetch(`${h.url}/logout`, { method: "POST", redirect: "manual", headers: { Origin: origin, "Sec-Fetch-Site": "same-origin", "content-type": type }, body: "" });

describe("--allow-origin", () => {
  test("a change from an allowed origin passes; from any other origin it is refused and audited", async () => {
    expect((await post(PROXY)).status).toBe(303);
    expect((await post("https://BUDGET.example.com:443")).status).toBe(303);
    expect((await post("https://other.example:8443", "application/json")).status).toBe(303);
    expect((await post(h.url)).status).toBe(303);
    const refused = await post("https://evil.example");
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Forbidden: cross-site request");
    expect((await post("http://budget.example.com")).status).toBe(403); // another scheme: another origin
    expect(h.store.audit.list({ kind: "security", limit: 1 })[0]!.detail).toEqual({
      event: "cross-site request",
      method: "POST",
      path: "/logout",
      origin: "http://budget.example.com",
      fetchSite: "same-origin",
    });
  });

  test("the setting is repeatable, and serve --help lists it", () => {
    const { values } = parseArgs({ args: ["--allow-origin", PROXY, "--allow-origin", "https://b.example"], options: flagOptions(["allowOrigin"]) });
    expect(readSettings(["allowOrigin"], values, {}).allowOrigin).toEqual([PROXY, "https://b.example"]);
    expect(SERVE_HELP).toMatch(/--allow-origin ORIGIN\s+another Origin to accept for changes \(repeatable\)/);
  });
});
