/**
 * Imports that overlap or die (issue 25 item 5; SPEC §10, §13), with the real CLI:
 * two imports of one file started together add its rows once (one batch, the other
 * reports them all as duplicates); an import killed inside its write transaction leaves
 * budget.db exactly as it was, and the next import settles its journal entry as failed.
 */
import Anthropic from "@anthropic-ai/sdk";
import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createApp } from "../../src/app.ts";
import { BudgetDb } from "../../src/ledger/reader.ts";
import { CRASH_BEFORE_COMMIT_ENV } from "../../src/ledger/write-path.ts";
import { RECONCILED_FAILED } from "../../src/ledger/write-recovery.ts";
import { Store } from "../../src/store/store.ts";
import { databasesPerTest } from "../import/support.ts";
import { finished, spawnCli } from "../support/cli-process.ts";
import { integrity, queryFile } from "../support/db-file.ts";

const files = databasesPerTest();

const start = (args: string[], env: Record<string, string> = {}) => spawnCli([...args, "--db", files.db, "--chat-db", files.chatDb], { home: files.dir, env });

/** A statement of `n` distinct rows (no bank references: ids are content hashes); `shop` names the payee. */
function statement(name: string, n: number, from = 0, shop = "Shop Bern"): string {
  const lines = ["Date;Amount;Currency;Description"];
  for (let i = from; i < from + n; i++) lines.push(`${String(1 + (i % 28)).padStart(2, "0")}.0${1 + (i % 9)}.2026;-${(i % 500) + 1}.25;CHF;${shop} ${i}`);
  const path = join(files.dir, name);
  writeFileSync(path, lines.join("\n") + "\n");
  return path;
}

const count = (path: string) => queryFile<{ n: number }>(path, "SELECT count(*) AS n FROM transactions")[0]!.n;

describe("imports at the same time", () => {
  test("two imports of one file into a new budget.db: one adds every row, the other reports them all as duplicates", async () => {
    const csv = statement("bank.csv", 3000);
    const [a, b] = await Promise.all([finished(start(["import", csv, "--json", "--no-classify"])), finished(start(["import", csv, "--json", "--no-classify"]))]);
    expect([a.code, a.stderr, b.code, b.stderr]).toEqual([0, "", 0, ""]);
    const outs = [JSON.parse(a.stdout), JSON.parse(b.stdout)].sort((x, y) => y.files[0].inserted - x.files[0].inserted);
    const [won, lost] = outs;
    expect(won.files[0].batch).toMatch(/^bank\.csv@/);
    // Σ over i < 3000 of (i mod 500) + 1.25 = 6 × (125'250 + 125) = 752'250.00 out, in 3,000 rows; no balance stated.
    const file = {
      file: "bank.csv", format: "csv", layout: "guessed", account: null, data_lines: 3000, rows: 3000, possible_duplicates: 0, bad_rows: [], skipped: [],
      totals: [{ currency: "CHF", out: 752250, out_rows: 3000, in: 0, in_rows: 0 }],
      reconciliation: [{ account: null, currency: "CHF", opening: null, closing: null, entries: 3000, difference: null, status: "none", opening_date: null, closing_date: null, entries_total: -752250, basis: "no balance column" }],
      notes: [],
    };
    expect({ ...won.files[0], batch: "B" }).toEqual({ ...file, batch: "B", inserted: 3000, duplicates: 0 });
    expect(lost).toEqual({
      files: [{ ...file, batch: null, inserted: 0, duplicates: 3000 }],
      by_source: { user_rule: 0, cache: 0, rules: 0, llm: 0, unclassified: 0 },
      dry_run: false,
    });
    expect(count(files.db)).toBe(3000);
    const d = new Database(files.db, { readonly: true });
    expect(d.query("SELECT count(DISTINCT transaction_id) AS n, count(DISTINCT import_batch) AS b FROM transactions").get()).toEqual({ n: 3000, b: 1 });
    expect(d.query("SELECT filename, row_count FROM import_log").all()).toEqual([{ filename: "bank.csv", row_count: 3000 }]);
    d.close();
    const list = await finished(start(["imports", "list", "--json"]));
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout).map((r: { batch: string; rows: number }) => [r.batch, r.rows])).toEqual([[won.files[0].batch, 3000]]);
    // The day's snapshot is taken once, under the write lock, by whichever import writes first; it is whole.
    const snaps = readdirSync(join(files.dir, "backups"));
    expect(snaps.length).toBe(1);
    expect(integrity(join(files.dir, "backups", snaps[0]!))).toBe("ok");
    expect([integrity(files.db), integrity(files.chatDb)]).toEqual(["ok", "ok"]);
  }, 120_000);

  test("into an existing budget.db too: one batch, the rows once", async () => {
    const first = await finished(start(["import", statement("old.csv", 10, 50_000, "Kiosk Zug"), "--json", "--no-classify"]));
    expect(first.code).toBe(0);
    const csv = statement("bank.csv", 2000);
    const outs = (await Promise.all([1, 2].map(() => finished(start(["import", csv, "--json", "--no-classify"]))))).map((r) => {
      expect([r.code, r.stderr]).toEqual([0, ""]);
      return JSON.parse(r.stdout).files[0];
    });
    expect(outs.map((f) => [f.inserted, f.duplicates]).sort()).toEqual([
      [0, 2000],
      [2000, 0],
    ]);
    expect(count(files.db)).toBe(2010);
    const store = Store.open(files.chatDb);
    expect(store.imports.list(resolve(files.db)).map((r) => [r.file, r.rows]).sort()).toEqual([
      ["bank.csv", 2000],
      ["old.csv", 10],
    ]);
    store.close();
  }, 120_000);
});

describe("an import killed inside its write transaction", () => {
  test("budget.db is exactly as before, both databases are sound, and the next import settles the intent as failed", async () => {
    const first = await finished(start(["import", statement("old.csv", 20, 50_000, "Kiosk Zug"), "--json", "--no-classify"]));
    expect(first.code).toBe(0);
    const before = new Database(files.db, { readonly: true });
    const rowsBefore = before.query("SELECT * FROM transactions ORDER BY id").all();
    const logBefore = before.query("SELECT * FROM import_log").all();
    before.close();

    // The hook kills the process (SIGKILL) after the intent is in chat.db, before budget.db's COMMIT. However big the
    // import, the writer keeps its changed pages in memory until COMMIT (cache_spill off), so budget.db itself was never
    // touched: a read-only connection reads it as it was, and so does a server's reader.
    const big = statement("bank.csv", 20_000);
    const killed = await finished(start(["import", big, "--json", "--no-classify"], { NODE_ENV: "test", [CRASH_BEFORE_COMMIT_ENV]: "1" }));
    expect(killed.code).not.toBe(0);
    expect(killed.stdout).toBe("");
    expect(queryFile<{ n: number }>(files.db, "SELECT count(*) AS n FROM transactions")).toEqual([{ n: rowsBefore.length }]);
    BudgetDb.open(files.db).close();
    const after = new Database(files.db, { readonly: true });
    expect(after.query("SELECT * FROM transactions ORDER BY id").all()).toEqual(rowsBefore);
    expect(after.query("SELECT * FROM import_log").all()).toEqual(logBefore);
    after.close();
    expect([integrity(files.db), integrity(files.chatDb)]).toEqual(["ok", "ok"]);
    let store = Store.open(files.chatDb);
    const pending = store.budgetWrites.pending();
    expect(pending.map((w) => [w.kind, w.changedRows])).toEqual([["import", 20_001]]); // its rows and its import_log row (their transaction_details go with them, not noted one by one)
    store.close();

    // The next import first settles what the killed one left, then imports.
    const next = await finished(start(["import", big, "--json", "--no-classify"]));
    expect([next.code, next.stderr]).toEqual([0, ""]);
    expect(JSON.parse(next.stdout).files[0].inserted).toBe(20_000);
    store = Store.open(files.chatDb);
    const intent = store.budgetWrites.get(pending[0]!.id)!;
    expect([intent.status, intent.error]).toEqual(["failed", RECONCILED_FAILED]);
    expect(store.budgetWrites.pending()).toEqual([]);
    expect(store.imports.list(resolve(files.db)).map((r) => [r.file, r.rows]).sort()).toEqual([
      ["bank.csv", 20_000],
      ["old.csv", 20],
    ]);
    store.close();
    expect(count(files.db)).toBe(20_020);
  }, 120_000);

  test("every CLI command that writes budget.db settles the intent first (categories add); one that only reads leaves it (categories list)", async () => {
    expect((await finished(start(["import", statement("old.csv", 5), "--json", "--no-classify"]))).code).toBe(0);
    const killed = await finished(start(["import", statement("bank.csv", 50), "--json", "--no-classify"], { NODE_ENV: "test", [CRASH_BEFORE_COMMIT_ENV]: "1" }));
    expect(killed.code).not.toBe(0);
    const pending = () => {
      const store = Store.open(files.chatDb);
      try {
        return store.budgetWrites.pending().map((w) => w.id);
      } finally {
        store.close();
      }
    };
    const [left] = pending();
    expect(left).toBeString();
    expect((await finished(start(["categories", "list"]))).code).toBe(0);
    expect(pending()).toEqual([left!]);
    const add = await finished(start(["categories", "add", "Pets", "--description", "Pet food, vets, pet insurance"]));
    expect([add.code, add.stderr]).toEqual([0, ""]);
    expect(pending()).toEqual([]);
    const store = Store.open(files.chatDb);
    expect([store.budgetWrites.get(left!)!.status, store.budgetWrites.get(left!)!.error]).toEqual(["failed", RECONCILED_FAILED]);
    store.close();
  }, 60_000);

  test("a server starting afterwards opens budget.db as it was and settles the intent as failed", async () => {
    expect((await finished(start(["import", statement("old.csv", 20, 50_000, "Kiosk Zug"), "--json", "--no-classify"]))).code).toBe(0);
    const killed = await finished(start(["import", statement("bank.csv", 20_000), "--json", "--no-classify"], { NODE_ENV: "test", [CRASH_BEFORE_COMMIT_ENV]: "1" }));
    expect(killed.code).not.toBe(0);
    expect(existsSync(`${files.db}-journal`)).toBe(true);
    const app = createApp(
      {
        apiKey: "test-key",
        budgetDb: { path: files.db, explicit: true, notSpending: [] },
        chatDb: files.chatDb,
        model: "claude-test",
        maxSteps: 10,
        historyMessages: 20,
        maxTokens: 1024,
        timeZone: "Europe/Zurich",
        readOnly: true,
        approvalTimeoutMs: 60_000,
        ownsStore: true,
      },
      { client: new Anthropic({ apiKey: "test-key", baseURL: "http://127.0.0.1:9" }) },
    );
    try {
      expect(app.budget.path).toBe(files.db);
      const intents = app.store.budgetWrites.list();
      expect(intents.map((w) => [w.kind, w.status, w.error])).toEqual([
        ["import", "failed", RECONCILED_FAILED],
        ["import", "done", null],
      ]);
      expect(app.store.imports.list(resolve(files.db)).map((r) => [r.file, r.rows])).toEqual([["old.csv", 20]]);
    } finally {
      await app.close();
    }
    expect(count(files.db)).toBe(20);
    expect([integrity(files.db), integrity(files.chatDb)]).toEqual(["ok", "ok"]);
  }, 120_000);
});
