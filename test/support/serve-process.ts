/**
 * The real `budget-chat serve` in a child process (for tests that stop or kill it: shutdown,
 * crash and recovery, the start-up refusals), with the fake Messages API and the databases
 * in `dir`; and `serveSuite`, the lifecycle of a file of such tests.
 */
import { afterAll, afterEach, beforeAll } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeDemoDb } from "../../src/ledger/demo/generator.ts";
import { spawnCli } from "./cli-process.ts";
import { startFakeAnthropic, type FakeAnthropic } from "./fake-anthropic.ts";
import { waitForOutput } from "./wait.ts";

export type ServeProcess = {
  proc: ReturnType<typeof Bun.spawn>;
  /** `http://host:port` from its "listening on" line. */
  url: string;
  port: number;
  stdout(): string;
  stderr(): string;
  /** stdout, then stderr. */
  output(): string;
};

export function freePort(): number {
  const s = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
  const port = s.port!;
  s.stop(true);
  return port;
}

/**
 * Start serve and wait until it listens: on a free loopback port unless `args` or `env` bind it
 * (`--bind`, BIND_ADDRESS). budget.db and chat.db are in `dir` unless `env` names others; `env`
 * adds to (or overrides) the test environment.
 */
export async function startServe(opts: {
  dir: string;
  fakeUrl: string;
  port?: number;
  args?: string[];
  env?: Record<string, string>;
  /** Run through this first (e.g. setpriv, to serve as an unprivileged user). */
  prefix?: string[];
}): Promise<ServeProcess> {
  const args = opts.args ?? [];
  const bound = args.includes("--bind") || opts.env?.BIND_ADDRESS !== undefined;
  const env = {
    ANTHROPIC_API_KEY: "sk-ant-test-serve",
    ANTHROPIC_BASE_URL: opts.fakeUrl,
    ANTHROPIC_MODEL: "claude-test",
    DATABASE_URL: join(opts.dir, "budget.db"),
    CHAT_DATABASE_URL: join(opts.dir, "chat.db"),
    ...opts.env,
  };
  const command = ["serve", ...(bound ? [] : ["--bind", `127.0.0.1:${opts.port ?? freePort()}`]), ...args];
  const proc = opts.prefix
    ? Bun.spawn([...opts.prefix, process.execPath, "src/main.ts", ...command], { cwd: join(import.meta.dir, "..", ".."), env: { PATH: process.env.PATH ?? "", HOME: opts.dir, ...env }, stdout: "pipe", stderr: "pipe" })
    : spawnCli(command, { home: opts.dir, env });
  let err = "";
  void (async () => {
    for await (const chunk of proc.stderr as ReadableStream<Uint8Array>) err += new TextDecoder().decode(chunk);
  })();
  let out: string;
  try {
    out = await waitForOutput(proc.stdout as ReadableStream<Uint8Array>, "listening on", 20_000);
  } catch (e) {
    proc.kill("SIGKILL");
    await proc.exited;
    throw new Error(`serve did not start: ${(e as Error).message}\n${err}`);
  }
  void (async () => {
    for await (const chunk of proc.stdout as ReadableStream<Uint8Array>) out += new TextDecoder().decode(chunk);
  })();
  const url = /listening on (http:\S+?)\/?\s/.exec(out)![1]!;
  return { proc, url, port: Number(new URL(url).port), stdout: () => out, stderr: () => err, output: () => out + err };
}

export type ServeSuite = {
  readonly fake: FakeAnthropic;
  /** The temporary folder: budget.db (the demo data), chat.db, HOME. */
  readonly dir: string;
  /** `startServe` in `dir` against the fake; the process is killed after the file if still running. */
  start(opts?: Omit<Parameters<typeof startServe>[0], "dir" | "fakeUrl">): Promise<ServeProcess>;
  /** Send `signal` and wait for the exit code. */
  stop(s: ServeProcess, signal: "SIGTERM" | "SIGINT" | "SIGKILL"): Promise<number>;
};

/**
 * A file of tests that run `serve` as a process: one fake Messages API (reset after each test),
 * a temporary folder with the demo budget.db (seed 7; `transactions` rows), and every process
 * started through `start` killed and the folder removed after the file.
 */
export function serveSuite(demo: { transactions?: number } = {}): ServeSuite {
  let fake: FakeAnthropic | undefined;
  let dir = "";
  const running = new Set<ServeProcess["proc"]>();
  beforeAll(async () => {
    fake = await startFakeAnthropic();
    dir = mkdtempSync(join(tmpdir(), "bc-serve-"));
    writeDemoDb({ out: join(dir, "budget.db"), seed: 7, ...demo });
  });
  afterEach(() => fake!.reset());
  afterAll(async () => {
    for (const p of running) {
      p.kill("SIGKILL");
      await p.exited;
    }
    await fake?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    get fake() {
      return fake!;
    },
    get dir() {
      return dir;
    },
    async start(opts = {}) {
      const s = await startServe({ ...opts, dir, fakeUrl: fake!.url });
      running.add(s.proc);
      return s;
    },
    async stop(s, signal) {
      s.proc.kill(signal);
      const code = await s.proc.exited;
      running.delete(s.proc);
      return code;
    },
  };
}
