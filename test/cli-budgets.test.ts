/**
 * `budget-chat budgets set|list|remove` and `budget-chat tool budget_status` as
 * subprocesses on a temp copy of the demo data (seed 7, ends 2026-10-31) and a temp app
 * database (issue 13).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeDemoDb } from "../src/ledger/demo/generator.ts";
import { Store } from "../src/store/store.ts";
import { runCli } from "./support/cli-process.ts";

let dir: string;
let db: string;
let chatDb: string;

const cli = (args: string[]) => runCli([...args, "--db", db, "--chat-db", chatDb], { home: dir });

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "bc-budgets-cli-"));
  db = join(dir, "budget.db");
  chatDb = join(dir, "chat.db");
  writeDemoDb({ out: db, seed: 7 });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("budget-chat budgets", () => {
  test("bad input exits 2 with one line: unknown category lists the names, the amount must be a positive number", async () => {
    const unknown = await cli(["budgets", "set", "Grocerys", "600"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toStartWith('budget-chat: budgets set: Unknown category "Grocerys". Valid categories: Cash, Children, Dining,');
    expect(unknown.stderr).toContain("Groceries");
    for (const amount of ["abc", "0.001", "1e3", "", "-5"]) {
      const bad = await cli(["budgets", "set", "Groceries", amount]);
      expect([amount, bad.code]).toEqual([amount, 2]);
      expect(bad.stderr).toStartWith("budget-chat: budgets set: the amount must be");
    }
    expect((await cli(["budgets", "set", "Income", "100"])).stderr).toStartWith("budget-chat: budgets set: Income is income: budgets are for spending categories");
    expect((await cli(["budgets", "set", "Groceries"])).code).toBe(2);
    expect((await cli(["budgets", "frobnicate"])).code).toBe(2);
    expect((await cli(["budgets", "remove", "Groceries"])).stderr).toBe('budget-chat: budgets remove: no budget for "Groceries" to remove; budgets: none\n');
    // 0 removes a budget (SPEC §8, as set_budget): with none set there is nothing to remove.
    expect((await cli(["budgets", "set", "Groceries", "0"])).stderr).toBe('budget-chat: budgets set: no budget for "Groceries" to remove; budgets: none\n');
  });

  test("no budgets: budget_status suggests starting amounts (the demo data reaches 31 Oct 2026: October is a full month)", async () => {
    const out = await cli(["tool", "budget_status", "{}"]);
    expect(out.code).toBe(0);
    const summary = JSON.parse(out.stdout).summary as string;
    expect(summary).toMatch(
      /^No budgets are set\. Suggested starting amounts: the three largest spending categories with their monthly average over the last 3 full months \(2026-08, 2026-09, 2026-10\): \w+ CHF [\d']+\.\d\d, \w+ CHF [\d']+\.\d\d, \w+ CHF [\d']+\.\d\d\./,
    );
  });

  test("set, list and remove; audited via cli; budget_status on the demo data: its last month (2026-10) is past, so full and without projection", async () => {
    const set = await cli(["budgets", "set", "groceries", "1'500"]);
    expect(set).toEqual({ code: 0, stdout: "Groceries: budget CHF 1'500.00 a month.\n", stderr: "" });
    expect((await cli(["budgets", "set", "Groceries", "1600.5"])).stdout).toBe("Groceries: budget CHF 1'600.50 a month (was CHF 1'500.00).\n");
    expect((await cli(["budgets", "set", "Dining", "300"])).code).toBe(0);

    const list = await cli(["budgets", "list"]);
    expect(list.code).toBe(0);
    const lines = list.stdout.trimEnd().split("\n");
    // The demo data ends 2026-10-31 and today is later: only the current calendar month is in progress (SPEC §8).
    expect(lines[0]).toBe("Budgets for 2026-10:");
    expect(lines[1]).toMatch(/^CATEGORY\s+BUDGET\s+SPENT\s+REMAINING\s+USED\s+PROJECTED\s+STATUS$/);
    expect(lines.some((l) => /^Groceries\s+CHF 1'600\.50\s+CHF [\d']+\.\d\d\s+CHF -?[\d']+\.\d\d\s+\d+\.\d%\s+(on track|OVER BUDGET)$/.test(l))).toBe(true);
    expect(lines.at(-3)).toMatch(/^Total: budget CHF 1'900\.50, spent CHF [\d']+\.\d\d \(\d+\.\d%\)\.$/);
    expect(lines.at(-2)).toMatch(/^Unbudgeted spending: CHF [\d']+\.\d\d\.$/);
    // The demo's October has money in on Uncategorised rows: reported apart, in no budget's spending (SPEC §1, round 4).
    expect(lines.at(-1)).toMatch(/^Unclassified money in \(Uncategorised rows, neither spending nor income\): CHF [\d']+\.\d\d \(\d+ transactions?\)\.$/);

    const tool = await cli(["tool", "budget_status", "{}"]);
    expect(tool.code).toBe(0);
    const output = JSON.parse(tool.stdout);
    expect(output.summary).toStartWith("Budgets for 2026-10 (a full month).\n");
    expect(output.summary).toMatch(/- Groceries: budget CHF 1'600\.50, spent CHF [\d']+\.\d\d, remaining CHF -?[\d']+\.\d\d, \d+\.\d% used/);
    expect(output.summary).not.toContain("projected");
    expect(output.summary).toMatch(
      /\nTotal budget CHF 1'900\.50, total spent CHF [\d']+\.\d\d \(\d+\.\d%\)\.\nUnbudgeted spending \(categories without a budget\): CHF [\d']+\.\d\d\.\nUnclassified money in \(Uncategorised rows, neither spending nor income\): CHF [\d']+\.\d\d in \d+ transactions?\.$/,
    );
    expect(output.charts[0]).toMatchObject({ type: "bar_h", unit: "percent", title: "Budget used, 2026-10" });
    // A past month: full, no projection.
    const past = JSON.parse((await cli(["tool", "budget_status", '{"year":2026,"month":9}'])).stdout).summary as string;
    expect(past).toStartWith("Budgets for 2026-09 (a full month).\n");
    expect(past).not.toContain("projected");
    expect((await cli(["tool", "budget_status", '{"year":2026}'])).code).toBe(2);

    // A budget's currency must be one the data holds (the demo is CHF only); --currency goes with set only.
    expect((await cli(["budgets", "set", "Dining", "50", "--currency", "EUR"])).stderr).toBe(
      `budget-chat: budgets set: currency must be one of the data's currencies (CHF); got "EUR"\n`,
    );
    expect((await cli(["budgets", "list", "--currency", "CHF"])).stderr).toBe("budget-chat: budgets list: --currency goes with set only\n");

    const removed = await cli(["budgets", "remove", "dining"]);
    expect(removed.stdout).toBe("Dining: budget removed (was CHF 300.00).\n");
    expect((await cli(["budgets", "set", "Dining", "120"])).code).toBe(0);
    expect(await cli(["budgets", "set", "dining", "0"])).toEqual({ code: 0, stdout: "Dining: budget removed (was CHF 120.00).\n", stderr: "" });

    const store = Store.open(chatDb);
    try {
      const writes = store.audit.list({ kind: "write" }).map((e) => e.detail);
      expect(writes).toEqual([
        { budget: "Dining", before: 120, after: null, currency: "CHF", via: "cli", by: "cli" },
        { budget: "Dining", before: null, after: 120, currency: "CHF", via: "cli", by: "cli" },
        { budget: "Dining", before: 300, after: null, currency: "CHF", via: "cli", by: "cli" },
        { budget: "Dining", before: null, after: 300, currency: "CHF", via: "cli", by: "cli" },
        { budget: "Groceries", before: 1500, after: 1600.5, currency: "CHF", via: "cli", by: "cli" },
        { budget: "Groceries", before: null, after: 1500, currency: "CHF", via: "cli", by: "cli" },
      ]);
    } finally {
      store.close();
    }
  });

  test("--help and the top-level help name the command", async () => {
    const help = await cli(["budgets", "--help"]);
    expect(help.stdout).toStartWith("budget-chat budgets set CATEGORY AMOUNT\n");
    const top = await runCli(["--help"], { home: dir });
    expect(top.stdout).toContain("budget-chat budgets set CATEGORY AMOUNT | list | remove CATEGORY");
  });
});
