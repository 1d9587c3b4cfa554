/**
 * Issue 29 items 5 and 6, with the real `budget-chat serve` in a process of its own:
 *   - a write another process left unsettled (a CLI import killed after budget.db's COMMIT,
 *     or before it) is settled by the running server within seconds, without a restart: the
 *     import is listed (by the server and by `imports list`), or its intent is failed;
 *   - the server's lease follows the database it serves: on demo data it holds the real
 *     database's path too (the first import creates that file and the server switches to
 *     it), and after the switch `restore` is refused for the real database and allowed for
 *     the demo database the server gave up.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeDemoDb } from "../../src/ledger/demo/generator.ts";
import { CRASH_AFTER_COMMIT_ENV, CRASH_BEFORE_COMMIT_ENV } from "../../src/ledger/write-path.ts";
import { startFakeAnthropic, type FakeAnthropic } from "../support/fake-anthropic.ts";
import { finished, ROOT, runCli, spawnCli } from "../support/cli-process.ts";
import { integrity, queryFile } from "../support/db-file.ts";
import { freePort, startServe, type ServeProcess } from "../support/serve-process.ts";
import { disagreements } from "./chat-vs-budget.ts";

let fake: FakeAnthropic;
const dirs: string[] = [];
const servers: ServeProcess["proc"][] = [];
beforeAll(async () => {
  fake = await startFakeAnthropic();
});
afterEach(async () => {
  for (const p of servers.splice(0)) {
    p.kill("SIGTERM");
    await p.exited;
  }
});
afterAll(async () => {
  await fake.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "bc-running-"));
  dirs.push(dir);
  return dir;
}

/** Poll `check` until it returns a value (not undefined) or `ms` pass; returns it and how long it took. */
async function within<T>(ms: number, check: () => Promise<T | undefined> | T | undefined): Promise<{ value: T | undefined; after: number }> {
  const start = Date.now();
  while (true) {
    const value = await check();
    if (value !== undefined || Date.now() - start > ms) return { value, after: Date.now() - start };
    await Bun.sleep(100);
  }
}

describe("a write another process left unsettled, settled by the running server", () => {
  const statement = (dir: string) => {
    const file = join(dir, "bank.csv");
    writeFileSync(file, "Date;Amount;Currency;Description\n03.02.2027;-12.50;CHF;Bakery Zopf\n04.02.2027;-7.20;CHF;Newsagent Bahnhof\n");
    return file;
  };

  test("a CLI import killed after budget.db's COMMIT: the server records it within seconds; imports list shows it", async () => {
    const dir = tempDir();
    writeDemoDb({ out: join(dir, "budget.db"), seed: 7, transactions: 1500 });
    const server = await startServe({ dir, fakeUrl: fake.url });
    servers.push(server.proc);
    const args = ["--db", join(dir, "budget.db"), "--chat-db", join(dir, "chat.db")];
    const killed = await finished(spawnCli(["import", statement(dir), "--no-classify", ...args], { home: dir, env: { NODE_ENV: "test", [CRASH_AFTER_COMMIT_ENV]: "1" } }));
    expect(killed.code).not.toBe(0);
    expect(queryFile<{ n: number }>(join(dir, "budget.db"), "SELECT count(*) AS n FROM transactions WHERE import_batch LIKE 'bank.csv@%'")).toEqual([{ n: 2 }]);

    const listed = await within(10_000, async () => {
      const { imports } = (await (await fetch(`${server.url}/api/imports`)).json()) as { imports: { file: string; rows: number }[] };
      return imports.length ? imports : undefined;
    });
    expect(listed.value?.map((i) => [i.file, i.rows])).toEqual([["bank.csv", 2]]);
    // About a second's round, and the judging: well within "seconds" (the timing is the bench's to measure; here a loose bound).
    expect(listed.after).toBeLessThan(10_000);
    const cli = await runCli(["imports", "list", ...args], { home: dir });
    expect(cli.stdout).toMatch(/^bank\.csv@\S+ {2}csv {2}- {2}2 rows \(2027-02-03 to 2027-02-04\) {2}by CLI\n$/);
    expect(queryFile(join(dir, "chat.db"), "SELECT kind, status FROM budget_writes")).toEqual([{ kind: "import", status: "done" }]);
    expect(disagreements(join(dir, "chat.db"), join(dir, "budget.db"))).toEqual([]);
    expect([integrity(join(dir, "budget.db")), integrity(join(dir, "chat.db"))]).toEqual(["ok", "ok"]);
  }, 60_000);

  test("one killed before its COMMIT: the server marks the intent failed within seconds, and nothing is listed", async () => {
    const dir = tempDir();
    writeDemoDb({ out: join(dir, "budget.db"), seed: 7, transactions: 1500 });
    const server = await startServe({ dir, fakeUrl: fake.url });
    servers.push(server.proc);
    const args = ["--db", join(dir, "budget.db"), "--chat-db", join(dir, "chat.db")];
    const killed = await finished(spawnCli(["import", statement(dir), "--no-classify", ...args], { home: dir, env: { NODE_ENV: "test", [CRASH_BEFORE_COMMIT_ENV]: "1" } }));
    expect(killed.code).not.toBe(0);
    const failed = await within(10_000, () => {
      const [w] = queryFile<{ status: string }>(join(dir, "chat.db"), "SELECT status FROM budget_writes");
      return w?.status === "failed" ? w : undefined;
    });
    expect(failed.value).toEqual({ status: "failed" });
    expect(((await (await fetch(`${server.url}/api/imports`)).json()) as { imports: unknown[] }).imports).toEqual([]);
    expect(queryFile<{ n: number }>(join(dir, "budget.db"), "SELECT count(*) AS n FROM transactions WHERE import_batch LIKE 'bank.csv@%'")).toEqual([{ n: 0 }]);
  }, 60_000);
});

describe("the server's lease follows the database it serves", () => {
  test("on demo data it also holds the real database's path; after the first import, restore is refused for the real database and allowed for the demo one", async () => {
    const dir = tempDir();
    // Run from the source tree in another working directory: bun reads the JSX settings from the tsconfig there.
    copyFileSync(join(ROOT, "tsconfig.json"), join(dir, "tsconfig.json"));
    const port = freePort();
    // No database configured: demo data in data/demo-budget.db until an import creates data/budget.db.
    const proc = Bun.spawn([process.execPath, join(ROOT, "src", "main.ts"), "serve", "--bind", `127.0.0.1:${port}`], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? "", HOME: dir, ANTHROPIC_API_KEY: "sk-ant-test", ANTHROPIC_BASE_URL: fake.url },
      stdout: "pipe",
      stderr: "pipe",
    });
    servers.push(proc);
    const url = `http://127.0.0.1:${port}`;
    await within(20_000, async () => ((await fetch(`${url}/healthz`).catch(() => null))?.ok ? true : undefined));
    const comm = readFileSync(`/proc/${proc.pid}/comm`, "utf8").trim();
    const demo = join(dir, "data", "demo-budget.db");
    const real = join(dir, "data", "budget.db");
    expect([existsSync(demo), existsSync(real)]).toEqual([true, false]);
    const cli = (args: string[]) => runCli(args, { home: dir, cwd: dir });
    const snapshot = join(dir, "snap.db");
    expect((await cli(["backup", "--db", demo, "--out", snapshot])).code).toBe(0);

    // Before any import: restoring into the real path would create the database the server is about to switch to.
    expect(await cli(["restore", snapshot, "--db", real])).toMatchObject({ code: 1, stderr: `budget-chat: restore: ${real} is in use by process ${proc.pid} (${comm}); stop the server first; nothing was changed\n` });

    // The first import (through the server) creates data/budget.db; the server switches to it at once.
    const form = new FormData();
    form.append("file", new File(["Date;Amount;Currency;Description\n03.02.2027;-12.50;CHF;Bakery Zopf\n"], "bank.csv"));
    const preview = (await (await fetch(`${url}/api/imports`, { method: "POST", headers: { Origin: url }, body: form })).json()) as { id: string };
    expect((await fetch(`${url}/api/imports/${preview.id}/commit`, { method: "POST", headers: { Origin: url } })).status).toBe(200);
    expect(existsSync(real)).toBe(true);

    // `restore` (the real database, as nothing is configured and it exists now) is refused while the server serves it.
    const refused = await cli(["restore", snapshot]);
    expect(refused).toMatchObject({ code: 1, stderr: `budget-chat: restore: ${real} is in use by process ${proc.pid} (${comm}); stop the server first; nothing was changed\n` });
    expect(queryFile<{ n: number }>(real, "SELECT count(*) AS n FROM transactions")).toEqual([{ n: 1 }]);
    // The demo database the server gave up is no longer held.
    const allowed = await cli(["restore", snapshot, "--db", demo]);
    expect([allowed.code, allowed.stderr]).toEqual([0, ""]);
  }, 60_000);
});
