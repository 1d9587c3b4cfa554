/**
 * `budget-chat import`'s line about the snapshot of budget.db (QA round 4, uqa9): the write path keeps ONE snapshot a day,
 * taken before the day's first change. The second import of a day used to say "Before this import a snapshot … was kept"
 * about that morning's file, which lacks the first import's rows: restoring it would undo both imports.
 */
import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { runCli } from "../support/cli-process.ts";
import { databasesPerTest } from "../import/support.ts";

const files = databasesPerTest();
const cli = (args: string[]) => runCli([...args, "--db", files.db, "--chat-db", files.chatDb, "--no-classify"], { home: files.dir });
function csv(name: string, text: string): string {
  const path = join(files.dir, name);
  writeFileSync(path, text);
  return path;
}
const SNAPSHOT = /^budget-\d{4}-\d\d-\d\dT(\d\d:\d\d:\d\d)Z\.db$/;

describe("import: the snapshot line", () => {
  test("the first import of a day names the snapshot taken before it; the next one says that snapshot is older and lacks the first import", async () => {
    const first = await cli(["import", csv("jan.csv", "Date;Amount;Currency;Description\n01.02.2026;-12.50;EUR;Albert Heijn\n")]);
    expect([first.code, first.stderr]).toEqual([0, ""]);
    const firstLine = first.stdout.trimEnd().split("\n").at(-1)!;
    const m = /^Before this import a snapshot of the budget database was kept: (.+)$/.exec(firstLine);
    expect(m).not.toBeNull();
    const path = m![1]!;
    const time = SNAPSHOT.exec(basename(path))![1]!;

    const second = await cli(["import", csv("feb.csv", "Date;Amount;Currency;Description\n02.02.2026;-7.20;EUR;Jumbo\n")]);
    expect([second.code, second.stderr]).toEqual([0, ""]);
    expect(second.stdout.trimEnd().split("\n").at(-1)).toBe(
      `Today's snapshot of the budget database, taken at ${time} UTC before the day's first change, is kept: ${path} (it does not hold the changes made since)`,
    );
    // What that says is so: the snapshot holds neither import's rows.
    const snap = new Database(path, { readonly: true });
    expect(snap.query("SELECT COUNT(*) AS n FROM transactions").get()).toEqual({ n: 0 });
    snap.close();
  });
});
