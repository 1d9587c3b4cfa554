/**
 * `budget-chat` as a user runs it: src/main.ts under this Bun in a subprocess whose environment
 * holds only PATH, HOME and what the test gives (no key or setting of this machine leaks in).
 */
import { join } from "node:path";

export const ROOT = join(import.meta.dir, "..", "..");
const MAIN = join(ROOT, "src", "main.ts");

export type CliOptions = { home: string; env?: Record<string, string>; cwd?: string };
export type CliResult = { code: number; stdout: string; stderr: string };

/**
 * Start `budget-chat ARGS` (in the checkout unless `cwd` says otherwise); read it with `finished`. The checkout's
 * tsconfig is named: run from another folder, Bun would not find it, and the views' JSX (hono/jsx) would not load.
 */
export function spawnCli(args: string[], opts: CliOptions) {
  return Bun.spawn([process.execPath, "--tsconfig-override", join(ROOT, "tsconfig.json"), MAIN, ...args], {
    cwd: opts.cwd ?? ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: opts.home, ...opts.env },
    stdout: "pipe",
    stderr: "pipe",
  });
}

/** A started command's exit code and whole output. */
export async function finished(p: ReturnType<typeof spawnCli>): Promise<CliResult> {
  const [stdout, stderr, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
  return { code, stdout, stderr };
}

/** Run `budget-chat ARGS` to its end. */
export function runCli(args: string[], opts: CliOptions): Promise<CliResult> {
  return finished(spawnCli(args, opts));
}
