/**
 * `budget-chat tool` in an empty directory (no budget database yet): a name or input it refuses opens no database and
 * makes no demo data (QA of stop 46: `tool nope {}` wrote the 7'300-row demo database before refusing the name).
 */
import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "./support/cli-process.ts";

const dir = mkdtempSync(join(tmpdir(), "bc-tool-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("a refused tool name, a write tool and invalid input exit 2 and create nothing", async () => {
  const cases: [string[], string][] = [
    [["tool", "nope", "{}"], 'budget-chat: tool: Unknown tool "nope". Available tools: '],
    [["tool", "set_budget", '{"category":"Groceries","amount":5}'], "budget-chat: tool: set_budget changes data, so it is not available here"],
    [["tool", "monthly_trend", '{"year":"2025"}'], "budget-chat: tool: Invalid input for monthly_trend: "],
  ];
  for (const [args, stderr] of cases) {
    const r = await runCli(args, { home: dir, cwd: dir });
    expect([r.code, r.stderr.startsWith(stderr), r.stdout]).toEqual([2, true, ""]);
  }
  expect(existsSync(join(dir, "data"))).toBe(false);
  // A valid call on a database that cannot be opened is refused as that (exit 1), not as a failure of the tool.
  const missing = await runCli(["tool", "spending_by_category", "{}", "--db", "missing.db"], { home: dir, cwd: dir });
  expect([missing.code, missing.stderr]).toEqual([1, `budget-chat: budget database not found: ${join(dir, "missing.db")}\n`]);
}, 60_000);
