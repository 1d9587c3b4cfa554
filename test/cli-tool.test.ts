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

test("--not-spending (or NOT_SPENDING) naming no category of the data is refused, not taken as 'Transfers are spending'", async () => {
  // uqa3: `--not-spending Transfer,Investments` (a typo) made Transfers a spending category without a word: transfers to
  // savings counted as spending, exit 0. The names fold as categories do (case), so "transfers" is Transfers.
  const { writeDemoDb } = await import("../src/ledger/demo/generator.ts");
  const db = join(dir, "budget.db");
  writeDemoDb({ out: db, seed: 3, transactions: 500 });
  const typo = await runCli(["tool", "spending_by_category", "{}", "--db", db, "--not-spending", "Transfer,Investments"], { home: dir, cwd: dir });
  expect([typo.code, typo.stdout]).toEqual([2, ""]);
  expect(typo.stderr).toStartWith('budget-chat: --not-spending (NOT_SPENDING) names no category of the budget database: "Transfer". Categories: Cash, Children, Dining, ');
  const env = await runCli(["tool", "spending_by_category", "{}", "--db", db], { home: dir, cwd: dir, env: { NOT_SPENDING: "Transfers,Savingz" } });
  expect([env.code, env.stderr.includes('"Savingz"')]).toEqual([2, true]);
  const folded = await runCli(["tool", "spending_by_category", "{}", "--db", db, "--not-spending", "transfers,INVESTMENTS"], { home: dir, cwd: dir });
  expect(folded.code).toBe(0);
  expect(JSON.parse(folded.stdout).summary).toContain("Investments and Transfers are not spending.");
}, 60_000);
