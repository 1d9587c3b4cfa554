/**
 * `npm install` / `npm ci` must be clean on Node 20 and 22 (issue 36 item 10): npm prints
 * `EBADENGINE` for every locked package whose `engines.node` the running Node does not
 * satisfy (eventsource-parser 4.1.x asked for >=22.12 and warned on Node 20). The check
 * reads the lock file npm installs from, so a new dependency that raises the floor fails here.
 */
import { expect, test } from "bun:test";

/** The lowest and a late release of each supported line: a `>=` floor fails the first, a `<` ceiling the second. */
const NODE_VERSIONS = ["20.0.0", "20.19.0", "22.0.0", "22.20.0"];

test("every locked package accepts Node 20 and 22 (no EBADENGINE warning)", async () => {
  const lock = (await Bun.file(new URL("../package-lock.json", import.meta.url)).json()) as { packages: Record<string, { engines?: { node?: string } | string[] }> };
  const refused: string[] = [];
  let checked = 0;
  for (const [path, pkg] of Object.entries(lock.packages)) {
    const range = !pkg.engines || Array.isArray(pkg.engines) ? undefined : pkg.engines.node;
    if (!range) continue;
    checked++;
    for (const v of NODE_VERSIONS) if (!Bun.semver.satisfies(v, range)) refused.push(`${path} wants node ${range}, not ${v}`);
  }
  expect(refused).toEqual([]);
  // The check saw the packages that state an engine (hono, zod, typescript, eventsource-parser…), not an empty lock.
  expect(checked).toBeGreaterThan(20);
  // And the check can fail: the range eventsource-parser 4.1.3 declared refuses Node 20.
  expect(Bun.semver.satisfies("20.19.0", ">=22.12")).toBe(false);
});
