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

test("--not-spending (or NOT_SPENDING) naming no category of the data is warned about, naming the close category, and nothing is refused", async () => {
  // uqa3: `--not-spending Transfer,Investments` (a typo) made Transfers a spending category without a word: transfers to
  // savings counted as spending, exit 0. Review of its fix (a refusal): a list naming a category about to be added, one just
  // renamed, or one a database without a categories table has no rows of, blocked every command, `categories add` and undo
  // included. Now each command says so on stderr and runs. The names fold as categories do (case), so "transfers" is Transfers.
  const { writeDemoDb } = await import("../src/ledger/demo/generator.ts");
  const { Database } = await import("bun:sqlite");
  const db = join(dir, "budget.db");
  writeDemoDb({ out: db, seed: 3, transactions: 500 });
  const chat = ["--chat-db", join(dir, "chat.db")];
  const run = (args: string[], NOT_SPENDING?: string) => runCli([...args, "--db", db, ...chat], { home: dir, cwd: dir, env: NOT_SPENDING === undefined ? {} : { NOT_SPENDING } });
  const warning = (names: string) =>
    `Warning: --not-spending (NOT_SPENDING) names ${names}, which ${names.includes(",") ? "are" : "is"} no category of the budget database: only the categories it names are not spending, every other one counts as spending.\n`;

  const typo = await run(["tool", "spending_by_category", "{}", "--not-spending", "Transfer,Investments"]);
  expect([typo.code, typo.stderr]).toEqual([0, warning('"Transfer" (did you mean Transfers?)')]);
  expect(JSON.parse(typo.stdout).summary).toContain("Investments is not spending.");
  const folded = await run(["tool", "spending_by_category", "{}", "--not-spending", "transfers,INVESTMENTS"]);
  expect([folded.code, folded.stderr]).toEqual([0, ""]);
  expect(JSON.parse(folded.stdout).summary).toContain("Investments and Transfers are not spending.");

  // A category to be added: said until it exists; adding it works.
  const before = await run(["tool", "spending_by_category", "{}"], "Transfers,Investments,Sparen");
  expect([before.code, before.stderr]).toEqual([0, warning('"Sparen"')]);
  const add = await run(["categories", "add", "Sparen", "--description", "Money put aside"], "Transfers,Investments,Sparen");
  expect([add.code, add.stderr]).toEqual([0, warning('"Sparen"')]);
  const after = await run(["categories", "list"], "Transfers,Investments,Sparen");
  expect([after.code, after.stderr]).toEqual([0, ""]);

  // A not-spending category renamed: list and undo still work, and say it.
  const rename = await run(["categories", "rename", "Transfers", "Umbuchungen"], "Transfers,Investments");
  expect(rename.code).toBe(0);
  const list = await run(["categories", "list"], "Transfers,Investments");
  expect([list.code, list.stderr]).toEqual([0, warning('"Transfers"')]);
  const undo = await run(["categories", "undo", "2"], "Transfers,Investments");
  expect([undo.code, undo.stderr]).toEqual([0, warning('"Transfers"')]);
  expect((await run(["categories", "list"], "Transfers,Investments")).stderr).toBe("");

  // No categories table (SPEC §1 allows it) and no Investments rows.
  const d = new Database(db);
  d.run("UPDATE transactions SET category = 'Other' WHERE category = 'Investments'");
  d.run("DROP TABLE categories");
  d.close();
  const bare = await run(["tool", "spending_by_category", "{}"], "Transfers,Investments");
  expect([bare.code, bare.stderr]).toEqual([0, warning('"Investments"')]);
  expect((await run(["tool", "spending_by_category", "{}"])).stderr).toBe("");
}, 60_000);
