/**
 * A real `serve` process on demo data (nothing configured, no data/budget.db in its working
 * directory) and `budget-chat import` run beside it: the server's next page shows the
 * imported data, without the demo banner and without a restart (issue 21).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { copyFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { startFakeAnthropic, type FakeAnthropic } from "../support/fake-anthropic.ts";
import { tempDir } from "./support.ts";
import { waitFor } from "../support/wait.ts";

const root = join(import.meta.dir, "..", "..");
const main = join(root, "src/main.ts");
let fake: FakeAnthropic;
let tmp: ReturnType<typeof tempDir>;
let server: ReturnType<typeof Bun.spawn> | null = null;

beforeAll(async () => {
  fake = await startFakeAnthropic();
  tmp = tempDir();
  // Run from the source tree in another working directory: bun reads the JSX settings from the tsconfig there.
  copyFileSync(join(root, "tsconfig.json"), join(tmp.dir, "tsconfig.json"));
});
afterAll(async () => {
  if (server) {
    server.kill("SIGKILL");
    await server.exited;
  }
  await fake.stop();
  tmp.cleanup();
});

const env = () => ({ PATH: process.env.PATH ?? "", HOME: tmp.dir, ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: fake.url, ANTHROPIC_MODEL: "claude-test" });

test("the server switches from demo data to the database a CLI import creates, at the next request", async () => {
  const port = (() => {
    const s = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
    const p = s.port!;
    s.stop(true);
    return p;
  })();
  server = Bun.spawn([process.execPath, main, "serve", "--bind", `127.0.0.1:${port}`], { cwd: tmp.dir, env: env(), stdout: "pipe", stderr: "pipe" });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(() => fetch(`${url}/healthz`).then((r) => r.ok).catch(() => false), { everyMs: 100, timeoutMs: 30_000, what: "serve to start" });
  const before = await (await fetch(`${url}/`)).text();
  expect(before).toContain('id="demo-banner"');
  expect(before).toContain('id="first-run"');
  expect(existsSync(join(tmp.dir, "data/budget.db"))).toBe(false);

  const csv = join(tmp.dir, "bank.csv");
  await Bun.write(csv, "Date;Amount;Currency;Description\n01.02.2026;-12.50;CHF;Bäckerei Müller\n03.02.2026;4200.00;CHF;Lohn ACME AG\n");
  const imp = Bun.spawn([process.execPath, main, "import", csv, "--no-classify", "--json"], { cwd: tmp.dir, env: env(), stdout: "pipe", stderr: "pipe" });
  const out = await new Response(imp.stdout).text();
  expect(await imp.exited).toBe(0);
  expect(JSON.parse(out).files[0].inserted).toBe(2);
  expect(existsSync(join(tmp.dir, "data/demo-budget.db"))).toBe(true); // the demo is left as it was

  const after = await (await fetch(`${url}/`)).text();
  expect(after).not.toContain('id="demo-banner"');
  expect(after).not.toContain('id="first-run"');
  const tool = Bun.spawn([process.execPath, main, "tool", "spending_by_category", "{}"], { cwd: tmp.dir, env: env(), stdout: "pipe", stderr: "pipe" });
  const summary = JSON.parse(await new Response(tool.stdout).text()).summary as string;
  await tool.exited;
  expect(summary).toContain("2026-02-01 to 2026-02-03");
}, 60_000);
