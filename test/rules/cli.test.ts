/**
 * Issue 35's "done when", from the terminal and without an API key: import a statement (every row
 * waits, Uncategorised), write three rules, and the categories the tools answer (the CLI's `tool`, and
 * an MCP client over stdio) are right; every
 * rule command's output, its refusals (exit 2, nothing changed) and undo. The statement's four rows
 * and their categories are worked out by hand below.
 */
import { Database } from "bun:sqlite";
import { expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ROOT } from "../support/cli-process.ts";
import { runCli } from "../support/cli-process.ts";
import { databasesPerTest } from "../import/support.ts";

const files = databasesPerTest();
const cli = (...args: string[]) => runCli([...args, "--db", files.db, "--chat-db", files.chatDb], { home: files.dir, env: { ANTHROPIC_API_KEY: "" } });
const categories = () => {
  const db = new Database(files.db, { readonly: true });
  try {
    return db.query("SELECT raw_description AS text, category, source FROM transactions ORDER BY id").all();
  } finally {
    db.close();
  }
};

// TWINT to L.H. (12.50 out), Migros (40.00 out), salary (4,200.00 in), SBB (8.00 out).
const CSV = "Date;Amount;Currency;Description\n01.02.2026;-12.50;CHF;TWINT *Sent to L.H.\n02.02.2026;-40.00;CHF;Migros Zuerich\n03.02.2026;4200.00;CHF;Lohn ACME AG\n04.02.2026;-8.00;CHF;SBB Ticket\n";

test("no key: import, three rules, right categories from `budget-chat tool` and MCP; list, remove, undo; refusals change nothing", async () => {
  const file = join(files.dir, "s.csv");
  writeFileSync(file, CSV);
  expect((await cli("import", file)).code).toBe(0);
  expect(categories().map((r: any) => r.category)).toEqual(["Uncategorised", "Uncategorised", "Uncategorised", "Uncategorised"]);

  const add1 = await cli("rules", "add", "twint *sent to l.h.", "--category", "children", "--apply");
  expect([add1.code, add1.stdout]).toEqual([0, 'Added rule 1 (Any text contains "twint *sent to l.h." → Children) and moved 1 transaction to Children. (change 1; undo with: budget-chat rules undo 1)\n']);
  // "Zürich" folds like "Zuerich": the rule on the description's start with an umlaut still matches.
  expect((await cli("rules", "add", "MIGROS ZÜRICH", "--category", "Groceries", "--field", "description", "--match", "starts_with", "--apply")).code).toBe(0);
  expect((await cli("rules", "add", "lohn", "--category", "Income", "--min", "0", "--apply")).code).toBe(0);
  expect(categories()).toEqual([
    { text: "TWINT *Sent to L.H.", category: "Children", source: "user_rule" },
    { text: "Migros Zuerich", category: "Groceries", source: "user_rule" },
    { text: "Lohn ACME AG", category: "Income", source: "user_rule" },
    { text: "SBB Ticket", category: "Uncategorised", source: "unclassified" },
  ]);
  const list = await cli("rules", "list");
  expect(list.stdout.split("\n").filter(Boolean).map((l) => l.replace(/ \d{4}-\d\d-\d\d\)$/, ")"))).toEqual([
    '1  Any text contains "twint *sent to l.h." → Children  (priority 0, 1 hit, by cli)',
    '2  Description starts with "MIGROS ZÜRICH" → Groceries  (priority 0, 1 hit, by cli)',
    '3  Any text contains "lohn", amount at least 0.00 → Income  (priority 0, 1 hit, by cli)',
  ]);

  // The tools answer with the categories: spending 60.50 = Groceries 40.00 + Children 12.50 + Uncategorised 8.00; income 4,200.00.
  const tool = await cli("tool", "spending_by_category", '{"year":2026}');
  expect(JSON.parse(tool.stdout).summary).toBe(
    "Spending by category for 2026. Investments and Transfers are not spending. CHF: total CHF 60.50 over 3 transactions in 3 categories: Groceries CHF 40.00 (66.1%, 1 tx); Children CHF 12.50 (20.7%, 1 tx); Uncategorised CHF 8.00 (13.2%, 1 tx).",
  );

  // The same answer over MCP (an MCP client starts `budget-chat mcp` over stdio, no key).
  const client = new Client({ name: "rules-test", version: "1" });
  await client.connect(
    new StdioClientTransport({ command: join(ROOT, "node_modules", ".bin", "bun"), args: ["src/main.ts", "mcp", "--db", files.db, "--chat-db", files.chatDb], cwd: ROOT, env: { PATH: process.env.PATH ?? "", HOME: files.dir } }),
  );
  try {
    const answer = await client.callTool({ name: "spending_by_category", arguments: { year: 2026 } });
    expect((answer.content as { text: string }[])[0]!.text).toContain("Groceries CHF 40.00 (66.1%, 1 tx); Children CHF 12.50 (20.7%, 1 tx); Uncategorised CHF 8.00 (13.2%, 1 tx)");
  } finally {
    await client.close();
  }

  // Refusals: exit 2 with the reason, nothing written.
  const before = categories();
  const unknown = await cli("rules", "add", "sbb", "--category", "Trains");
  expect(unknown.code).toBe(2);
  expect(unknown.stderr).toStartWith('budget-chat: rules add: Unknown category "Trains". Valid categories: ');
  const backwards = await cli("rules", "add", "sbb", "--category", "Transport", "--min", "-5", "--max", "-50");
  expect([backwards.code, backwards.stderr]).toEqual([2, "budget-chat: rules add: min_amount (-5.00) is above max_amount (-50.00): amounts are as stored, money out negative (e.g. from -100 to -10)\n"]);
  expect((await cli("rules", "remove", "9")).code).toBe(2);
  expect(categories()).toEqual(before);
  expect((await cli("rules", "list")).stdout.split("\n").filter(Boolean)).toHaveLength(3);

  // Remove rule 1 (its row keeps Children), then undo the remove: rule 1 is back.
  expect((await cli("rules", "remove", "1")).stdout).toStartWith('Removed rule 1 (Any text contains "twint *sent to l.h." → Children).');
  expect((await cli("rules", "list")).stdout.split("\n").filter(Boolean)).toHaveLength(2);
  expect((await cli("rules", "undo", "4")).code).toBe(0);
  expect((await cli("rules", "list")).stdout.split("\n").filter(Boolean)).toHaveLength(3);
  // Undo adding rule 3: the salary is Uncategorised again.
  expect((await cli("rules", "undo", "3")).code).toBe(0);
  expect(categories()[2]).toEqual({ text: "Lohn ACME AG", category: "Uncategorised", source: "unclassified" });
  const again = await cli("rules", "undo", "3");
  expect(again.code).not.toBe(0);
  expect(again.stderr).toContain("already undone");
}, 60_000);

test("no database of one's own yet: a rule (or a category) is refused, not written into the demo data the first import leaves behind", async () => {
  // uqa3 D1: in a new folder `rules add Migros --category Groceries` created the demo data, stored the rule there and said
  // "Added rule 1"; the first import then made data/budget.db without it ("No rules yet", the Migros rows Uncategorised).
  const inHome = (...args: string[]) => runCli(args, { home: files.dir, cwd: files.dir, env: { ANTHROPIC_API_KEY: "" } });
  const refusal =
    "budget-chat: there is no budget database of your own yet (data/budget.db), only the demo data (data/demo-budget.db): " +
    "a change made to it would not be in your data. Import your statements first (budget-chat import FILE), then make the change.\n";
  expect(await inHome("rules", "add", "Migros", "--category", "Groceries")).toMatchObject({ code: 2, stdout: "" });
  expect((await inHome("rules", "add", "Migros", "--category", "Groceries")).stderr.endsWith(refusal)).toBe(true);
  expect(await inHome("categories", "add", "Pets", "--description", "Pet food, vets")).toMatchObject({ code: 2, stderr: refusal });
  const demo = new Database(join(files.dir, "data", "demo-budget.db"), { readonly: true });
  try {
    const hasRules = demo.query("SELECT COUNT(*) AS n FROM sqlite_master WHERE name = 'category_rules'").get() as { n: number };
    if (hasRules.n) expect(demo.query("SELECT COUNT(*) AS n FROM category_rules").get()).toEqual({ n: 0 });
    expect(demo.query("SELECT COUNT(*) AS n FROM categories WHERE name = 'Pets'").get()).toEqual({ n: 0 });
  } finally {
    demo.close();
  }
  // Reading stays possible on the demo data.
  expect(await inHome("rules", "list")).toMatchObject({ code: 0, stdout: "No rules yet. Add one with: budget-chat rules add TEXT --category NAME (or on the Rules page).\n" });
  expect((await inHome("categories", "list")).code).toBe(0);
});
