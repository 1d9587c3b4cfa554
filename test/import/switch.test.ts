/**
 * A server on demo data switches to the real database once an import creates it, without
 * a restart: the same BudgetDb object (held by pages, chat, tools, approvals) reads the
 * new file from the next read on, and says it is no longer demo data.
 */
import { afterEach, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { writeDemoDb } from "../../src/ledger/demo/generator.ts";
import { DEMO_DB_PATH } from "../../src/ledger/open.ts";
import { BudgetDb } from "../../src/ledger/reader.ts";
import { budgetWriterFor } from "../../src/ledger/write-path.ts";
import { ConfigError } from "../../src/core/errors.ts";
import { ensureBudgetDb } from "../../src/import/target.ts";
import { makeImporter, parsed, row, tempDir } from "./support.ts";

let tmp: ReturnType<typeof tempDir>;
afterEach(() => tmp.cleanup());

test("demo data gives way to the real database the first import creates; a file that is no budget database yet is ignored", async () => {
  tmp = tempDir();
  const demoPath = join(tmp.dir, "demo-budget.db");
  const real = join(tmp.dir, "budget.db");
  writeDemoDb({ out: demoPath, seed: 3, transactions: 40 });
  const budget = BudgetDb.open(demoPath, { demo: true, realPath: real });
  const { importer, store } = makeImporter(real);
  // The write path as createApp gives it to the approvals, the edits and the categories: asked for the path at each write.
  const writer = budgetWriterFor(() => budget.path, store, 0);
  expect([budget.demo, budget.path, budget.summary().transactionCount, writer.path]).toEqual([true, demoPath, 40, demoPath]);

  writeFileSync(real, "not a database yet");
  expect([budget.demo, budget.summary().transactionCount]).toEqual([true, 40]);
  rmSync(real);

  const plan = await importer.plan(
    parsed("mine.csv", [row({ date: "2026-01-05", amount: -12, description: "Bakery", reference: "r1" }), row({ date: "2026-01-06", amount: 3000, description: "Salary", reference: "r2" })]),
    { classify: "offline" },
  );
  await importer.commit(plan, { actor: { userId: null, by: "cli", via: "cli" } });
  const s = budget.summary();
  expect([budget.demo, budget.path, s.transactionCount, s.firstDate, s.lastDate, s.categories.length]).toEqual([false, real, 2, "2026-01-05", "2026-01-06", 17]);
  // An approved change now writes where the data is read from.
  expect(writer.path).toBe(real);
  budget.close();
});

test("the demo database is never created or written as an import's target", () => {
  expect(() => ensureBudgetDb(join(process.cwd(), DEMO_DB_PATH))).toThrow(ConfigError);
});
