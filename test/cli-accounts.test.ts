/**
 * `budget-chat accounts contribution add|remove|list` (SPEC §1, household contributions), as a
 * subprocess on a temp app database: the list, its audit entries, and bad input (exit 2, one line,
 * nothing changed).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Store } from "../src/store/store.ts";
import { runCli } from "./support/cli-process.ts";

let dir: string;
let chatDb: string;
const cli = (args: string[]) => runCli(args, { home: dir, env: { CHAT_DATABASE_URL: chatDb } });

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "bc-accounts-"));
  chatDb = join(dir, "chat.db");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("budget-chat accounts contribution", () => {
  test("add (unquoted words are one name; a spelling that folds alike is the same), list, remove; audited via cli", async () => {
    expect((await cli(["accounts", "contribution", "list"])).stdout).toBe("No household contributions. Mark one with: budget-chat accounts contribution add COUNTERPARTY\n");
    expect((await cli(["accounts", "contribution", "add", "Alex", "Muster"])).code).toBe(0);
    expect((await cli(["accounts", "contribution", "add", "ALEX MÜSTER"])).stdout).toBe("Alex Muster is already a household contribution.\n");
    const list = await cli(["accounts", "contribution", "list"]);
    expect(list.stdout).toMatch(/^Alex Muster \(marked \d{4}-\d\d-\d\d by cli\)\n$/);
    expect(await cli(["accounts", "contribution", "remove", "alex muster"])).toEqual({ code: 0, stdout: "Alex Muster: no longer counted as household income.\n", stderr: "" });
    const store = Store.open(chatDb);
    try {
      expect(store.contributions.list()).toEqual([]);
      expect(store.audit.list({ kind: "write" }).map((e) => e.detail)).toEqual([
        { contribution: "Alex Muster", action: "remove", via: "cli", by: "cli" },
        { contribution: "Alex Muster", action: "add", via: "cli", by: "cli" },
      ]);
    } finally {
      store.close();
    }
  });

  test("bad input exits 2 with one line and changes nothing", async () => {
    const cases: [string[], string][] = [
      [["accounts"], "budget-chat: accounts: missing topic: contribution (see budget-chat accounts --help)\n"],
      [["accounts", "budgets"], 'budget-chat: accounts: unknown topic "budgets": contribution\n'],
      [["accounts", "contribution"], "budget-chat: accounts contribution: missing action: add, remove or list\n"],
      [["accounts", "contribution", "rename", "x"], 'budget-chat: accounts contribution: unknown action "rename": add, remove or list\n'],
      [["accounts", "contribution", "add"], 'budget-chat: accounts contribution add: give the COUNTERPARTY, e.g. "Alex Muster"\n'],
      [["accounts", "contribution", "list", "x"], "budget-chat: accounts contribution list takes no arguments\n"],
      [["accounts", "contribution", "add", "-"], "budget-chat: accounts contribution add: the counterparty's name needs at least 2 letters or digits (as it appears in the bank text, e.g. Alex Muster)\n"],
      [["accounts", "contribution", "remove", "Nobody"], 'budget-chat: accounts contribution remove: "Nobody" is not a household contribution; marked: none\n'],
    ];
    for (const [args, stderr] of cases) expect(await cli(args)).toEqual({ code: 2, stdout: "", stderr });
    const store = Store.open(chatDb);
    try {
      expect(store.contributions.list()).toEqual([]);
    } finally {
      store.close();
    }
  });

  test("--help, and the top-level help names the command", async () => {
    expect((await cli(["accounts", "--help"])).stdout).toStartWith("budget-chat accounts contribution add COUNTERPARTY\n");
    expect((await cli(["--help"])).stdout).toContain("budget-chat accounts contribution add|remove|list COUNTERPARTY");
  });
});
