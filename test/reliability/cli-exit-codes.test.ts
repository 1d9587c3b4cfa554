/**
 * Issue 25 item 4: bad input on the command line exits 2 with the value's own message:
 * a user name with control characters (was exit 1), and a negative number after an
 * option that takes one (was the option parser's "ambiguous").
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = join(import.meta.dir, "..", "..");
let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), "bc-cli-codes-"))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(...args: string[]) {
  const p = Bun.spawnSync([process.execPath, join(root, "src/main.ts"), ...args], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? "", HOME: dir, CHAT_DATABASE_URL: join(dir, "chat.db") },
    stdout: "pipe",
    stderr: "pipe",
  });
  return { code: p.exitCode, err: p.stderr.toString().trim(), out: p.stdout.toString().trim() };
}

test("users add with control characters: exit 2, the name's own message, nobody added", () => {
  expect(run("users", "add", "ann\u0007bell")).toEqual({ code: 2, out: "", err: "budget-chat: users add: user name must not contain control characters" });
  expect(run("users", "add", "x".repeat(65))).toEqual({ code: 2, out: "", err: "budget-chat: users add: user name is too long (at most 64 characters)" });
  expect(run("users", "list").out).not.toContain("ann");
});

test("a negative --transactions or --history: exit 2 with the value's own message", () => {
  expect(run("demo-db", "--transactions", "-5", "--out", join(dir, "d.db"))).toEqual({ code: 2, out: "", err: "budget-chat: --transactions must be between 1 and 50000000, got -5" });
  expect(existsSync(join(dir, "d.db"))).toBe(false);
  expect(run("ask", "--history", "-3", "hello")).toEqual({ code: 2, out: "", err: expect.stringMatching(/^budget-chat: --history must be between \d+ and \d+, got -3$/) });
  // The option parser still speaks for options that take no value.
  expect(run("demo-db", "--force", "-5").code).toBe(2);
});
