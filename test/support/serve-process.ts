/**
 * The real `budget-chat serve` in a child process (for tests that kill it: crash and
 * recovery), on a free loopback port, with the fake Messages API and databases in `dir`.
 */
import { join } from "node:path";

const root = join(import.meta.dir, "..", "..");

export type ServeProcess = { proc: ReturnType<typeof Bun.spawn>; url: string; port: number; output(): string };

export function freePort(): number {
  const s = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
  const port = s.port!;
  s.stop(true);
  return port;
}

/** Start serve and wait until it listens. `env` adds to (or overrides) the test environment. */
export async function startServe(opts: {
  dir: string;
  fakeUrl: string;
  port?: number;
  env?: Record<string, string>;
  /** Run through this first (e.g. setpriv, to serve as an unprivileged user). */
  prefix?: string[];
}): Promise<ServeProcess> {
  const port = opts.port ?? freePort();
  const proc = Bun.spawn([...(opts.prefix ?? []), process.execPath, "src/main.ts", "serve", "--bind", `127.0.0.1:${port}`], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: opts.dir,
      ANTHROPIC_API_KEY: "sk-ant-test-serve",
      ANTHROPIC_BASE_URL: opts.fakeUrl,
      ANTHROPIC_MODEL: "claude-test",
      DATABASE_URL: join(opts.dir, "budget.db"),
      CHAT_DATABASE_URL: join(opts.dir, "chat.db"),
      ...opts.env,
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  let out = "";
  void (async () => {
    for await (const chunk of proc.stdout as ReadableStream<Uint8Array>) out += new TextDecoder().decode(chunk);
  })();
  let err = "";
  void (async () => {
    for await (const chunk of proc.stderr as ReadableStream<Uint8Array>) err += new TextDecoder().decode(chunk);
  })();
  const deadline = Date.now() + 20_000;
  while (!out.includes("listening on")) {
    if (Date.now() > deadline || proc.exitCode !== null) {
      proc.kill("SIGKILL");
      throw new Error(`serve did not start: ${out}${err}`);
    }
    await Bun.sleep(20);
  }
  return { proc, url: `http://127.0.0.1:${port}`, port, output: () => out + err };
}
