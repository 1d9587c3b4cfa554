/**
 * `budget-chat categories …` as subprocesses on a temp copy of the demo data (seed 7) and
 * a temp app database: exit codes, messages, the role warning, undo once.
 */
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeDemoDb } from "../../src/ledger/demo/generator.ts";
import { formatCount } from "../../src/core/format.ts";
import { runCli } from "../support/cli-process.ts";

let dir: string;
let db: string;

const cli = (args: string[]) => runCli(["categories", ...args, "--db", db, "--chat-db", join(dir, "chat.db")], { home: dir });
const count = (sql: string) => {
  const d = new Database(db, { readonly: true });
  try {
    return (d.query(sql).get() as { n: number }).n;
  } finally {
    d.close();
  }
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "bc-categories-cli-"));
  db = join(dir, "budget.db");
  writeDemoDb({ out: db, seed: 7 });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("budget-chat categories", () => {
  test("bad input exits 2 with one line and changes nothing", async () => {
    const before = count("SELECT count(*) AS n FROM categories");
    const noDescription = await cli(["add", "Pets"]);
    expect([noDescription.code, noDescription.stderr.trim()]).toEqual([
      2,
      "budget-chat: categories add: A new category needs a description: the import pipeline classifies transactions by the categories' descriptions (e.g. \"Pet food, vets, pet insurance\").",
    ]);
    expect((await cli(["frobnicate"])).stderr.trim()).toBe('budget-chat: categories: unknown action "frobnicate": list, add, rename, merge, describe or undo');
    expect((await cli(["rename", "Dining"])).code).toBe(2);
    const unknown = await cli(["merge", "Petz", "Dining"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toStartWith('budget-chat: categories merge: Unknown category "Petz". Valid categories: Cash, Children, Dining,');
    expect((await cli(["rename", "Uncategorised", "Unknown"])).code).toBe(2);
    expect((await cli(["undo", "abc"])).code).toBe(2);
    expect(count("SELECT count(*) AS n FROM categories")).toBe(before);
  });

  test("add, list, rename a not-spending category (warned), undo once", async () => {
    const add = await cli(["add", "Pets", "--description", "Pet food, vets, pet insurance"]);
    expect([add.code, add.stdout]).toEqual([0, "Added the category Pets. (change 1; undo with: budget-chat categories undo 1)\n"]);
    const list = await cli(["list"]);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain("Pets (0 transactions, spending): Pet food, vets, pet insurance\n");
    const transfers = count("SELECT count(*) AS n FROM transactions WHERE category = 'Transfers'");
    expect(transfers).toBeGreaterThan(0);
    const rename = await cli(["rename", "transfers", "Own accounts"]);
    expect(rename.code).toBe(0);
    expect(rename.stdout).toStartWith(`Renamed Transfers to Own accounts (${formatCount(transfers)} transactions,`);
    expect(rename.stderr.trim()).toBe("warning: Transfers counted as not spending; Own accounts counts as spending unless --not-spending (or NOT_SPENDING) names Own accounts.");
    expect(count("SELECT count(*) AS n FROM transactions WHERE category = 'Own accounts'")).toBe(transfers);
    const undo = await cli(["undo", "2"]);
    expect(undo.code).toBe(0);
    expect(count("SELECT count(*) AS n FROM transactions WHERE category = 'Transfers'")).toBe(transfers);
    const again = await cli(["undo", "2"]);
    expect([again.code, again.stderr.trim()]).toEqual([1, "budget-chat: categories undo: This change was already undone."]);
  });
});
