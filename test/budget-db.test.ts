import { Database } from "bun:sqlite";
import { afterEach, describe, expect, test } from "bun:test";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BudgetDb, BudgetDbError } from "../src/ledger/reader.ts";
import { dbPath } from "../src/config.ts";
import { createFixture, type Fixture } from "./fixtures/budget-fixture.ts";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

function fixture(options: Parameters<typeof createFixture>[0] = {}): Fixture {
  const f = createFixture(options);
  cleanups.push(f.cleanup);
  return f;
}

function tempDb(ddl: string): string {
  const dir = mkdtempSync(join(tmpdir(), "bc-budgetdb-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, "budget.db");
  if (ddl) {
    const db = new Database(path, { create: true });
    db.run(ddl);
    db.close();
  }
  return path;
}

describe("opening a budget database", () => {
  test("a missing file, a foreign file and a database without the schema are refused with what is wrong", () => {
    const missing = join(tmpdir(), "bc-no-such-dir", "budget.db");
    expect(() => BudgetDb.open(missing)).toThrow(new BudgetDbError(`budget database not found: ${missing}`));

    const notSqlite = tempDb("");
    writeFileSync(notSqlite, "date,amount\n2025-01-01,-12.50\n".repeat(200));
    expect(() => BudgetDb.open(notSqlite)).toThrow(`${notSqlite} is not a SQLite database (`);

    const noTable = tempDb("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)");
    expect(() => BudgetDb.open(noTable)).toThrow(new BudgetDbError(`${noTable} is not a budget-analyser database: missing table 'transactions'`));

    const oneMissing = tempDb("CREATE TABLE transactions (id INTEGER PRIMARY KEY, date TEXT, raw_description TEXT, amount REAL, merchant_name TEXT, category TEXT)");
    expect(() => BudgetDb.open(oneMissing)).toThrow(
      new BudgetDbError(`${oneMissing} is not a budget-analyser database: table 'transactions' is missing column 'currency'`),
    );

    const twoMissing = tempDb("CREATE TABLE transactions (id INTEGER PRIMARY KEY, date TEXT, raw_description TEXT, amount REAL, currency TEXT)");
    expect(() => BudgetDb.open(twoMissing)).toThrow(
      new BudgetDbError(`${twoMissing} is not a budget-analyser database: table 'transactions' is missing columns 'merchant_name', 'category'`),
    );

    const badCategories = tempDb(
      "CREATE TABLE transactions (id INTEGER PRIMARY KEY, date TEXT, raw_description TEXT, amount REAL, currency TEXT, merchant_name TEXT, category TEXT);" +
        "CREATE TABLE categories (name TEXT PRIMARY KEY)",
    );
    expect(() => BudgetDb.open(badCategories)).toThrow(
      new BudgetDbError(`${badCategories} is not a budget-analyser database: table 'categories' is missing column 'description'`),
    );
  });

  test("opened read-only: the app cannot write to it", () => {
    const f = fixture();
    expect(() => f.db.all("DELETE FROM transactions RETURNING id")).toThrow("attempt to write a readonly database");
    // 112 rows [1–125], of which the 4 with a malformed date [120–123] are no transaction: 112 − 4 = 108
    expect(f.db.summary().transactionCount).toBe(108);
  });
});

describe("foreign databases: clear messages", () => {
  test("a directory given as the database", () => {
    const dir = mkdtempSync(join(tmpdir(), "bc-dir-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    expect(() => BudgetDb.open(dir)).toThrow(`${dir} is a directory, not a database file: give the path of the .db file itself (e.g. ${join(dir, "budget.db")})`);
  });

  test("sqlite:/file: URLs with query options: ?mode=ro is understood, not part of the file name", () => {
    const f = fixture();
    for (const url of [`sqlite://${f.path}?mode=ro`, `file:${f.path}?mode=ro&cache=shared`, `sqlite:${f.path}`]) {
      expect(dbPath(url)).toBe(f.path);
    }
    expect(dbPath("file:data/budget.db?mode=ro")).toBe(join(process.cwd(), "data/budget.db"));
    expect(dbPath("sqlite:///tmp/my%20budget.db")).toBe("/tmp/my budget.db");
    // 112 rows − 4 malformed dates [120–123] = 108
    expect(BudgetDb.open(dbPath(`sqlite://${f.path}?mode=ro`)).summary().transactionCount).toBe(108);
  });

  // SQLite needs to create <db>-shm to read a WAL database. As root every folder is writable,
  // so the test runs the CLI as the unprivileged user nobody (CI runs as root).
  const asNobody = process.getuid?.() === 0 && Bun.which("runuser") !== null;
  test.skipIf(!asNobody)("a WAL database in a folder this user cannot write to opens read-only", () => {
    const dir = mkdtempSync(join(tmpdir(), "bc-walro-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const path = join(dir, "budget.db");
    const f = fixture();
    const src = new Database(f.path);
    src.run(`VACUUM INTO '${path}'`);
    src.close();
    const w = new Database(path);
    w.run("PRAGMA journal_mode = WAL");
    w.close(); // closing the last connection removes -wal and -shm
    chmodSync(dir, 0o755);
    const r = Bun.spawnSync(["runuser", "-u", "nobody", "--", process.execPath, "src/main.ts", "tool", "spending_by_category", "{}", "--db", path], {
      cwd: join(import.meta.dir, ".."),
      env: { PATH: process.env.PATH ?? "" },
    });
    // Issue 25: with nothing left in its -wal it opens read-only (immutable); a -wal with changes is refused
    // with that cause (test/reliability/read-only-folder.test.ts).
    expect(r.stderr.toString()).toBe("");
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout.toString()).summary).toContain("Groceries");
  });
});

describe("data summary", () => {
  test("categories come from the categories table, or from the transactions when it is missing (NULL → Uncategorised)", () => {
    const withTable = fixture();
    expect(withTable.db.categories().map((c) => c.name)).toContain("Groceries");
    expect(withTable.db.categories().find((c) => c.name === "Income")!.description).not.toBe("");

    const loose = fixture({ loose: true, categoriesTable: false });
    // The rows' categories: "transport" [75, 76] merges into Transport [70–74] (more rows), no Housing
    // (only the extended variant has it), NULL [201, 202, 204] is Uncategorised: 15 names.
    expect(loose.db.categories().map((c) => c.name)).toEqual([
      "Dining",
      "Fees",
      "Groceries",
      "Healthcare",
      "Household",
      "Income",
      "Insurance",
      "Investments",
      "Other",
      "Shopping",
      "Subscriptions",
      "Transfers",
      "Transport",
      "Travel",
      "Uncategorised",
    ]);
    expect(loose.db.categories().every((c) => c.description === "")).toBe(true);
    // Uncategorised [116, 117, 119] + NULL [201, 202, 204] = 6 (the malformed [121] left out)
    expect(loose.db.summary().categoryCounts.find((c) => c.category === "Uncategorised")!.count).toBe(6);
  });

  test("notices rows another connection commits (PRAGMA data_version), without reopening", () => {
    const f = fixture();
    const before = f.db.summary();
    // 112 rows − 4 malformed dates [120–123]
    expect(before.transactionCount).toBe(108);
    expect(before.lastDate).toBe("2025-12-28"); // [99]
    expect(f.db.summary()).toBe(before); // unchanged data: the cached summary

    const pipeline = new Database(f.path);
    pipeline.run(
      `INSERT INTO transactions (date, raw_description, amount, currency, merchant_name, category, source, confidence, transaction_id, created_at)
       VALUES ('2026-01-03', 'NEW IMPORT', -10, 'CHF', 'New Shop', 'Shopping', 'llm', 0.9, 'new-1', '2026-01-04')`,
    );
    pipeline.close();

    const after = f.db.summary();
    expect(after.transactionCount).toBe(109); // 108 + 1
    expect(after.lastDate).toBe("2026-01-03");
  });

  test("an empty database: no transactions, no dates; source values the pipeline never wrote (rules) read fine", () => {
    const empty = fixture({ rows: [] });
    expect(empty.db.summary()).toMatchObject({ transactionCount: 0, firstDate: null, lastDate: null, currencies: [], malformedDates: 0 });
    const rules = fixture();
    const w = new Database(rules.path);
    w.run("UPDATE transactions SET source = 'rules' WHERE id <= 3");
    w.run("UPDATE transactions SET date = '2025-3-1' WHERE id = 34");
    w.close();
    const s = rules.db.summary();
    // [34] joins the 4 malformed dates [120–123]: 108 − 1 = 107 transactions, 4 + 1 = 5 malformed
    expect(s.transactionCount).toBe(107);
    expect(s.malformedDates).toBe(5);
    expect(rules.db.ledger().sources).toContain("rules");
  });
});
