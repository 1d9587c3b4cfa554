/**
 * Issue 29 item 9: one kill test per budget.db writer. Each writer runs in a process of its
 * own (writer-child.ts: the app composed as the server does, the domain code the routes and
 * the CLI call), killed (SIGKILL) by the write path's test hooks:
 *   - before budget.db's COMMIT (its intent is in chat.db): after the next start, budget.db is
 *     exactly as before, the intent is failed, and chat.db has no record of the change;
 *   - after budget.db's COMMIT, before chat.db's "done": after the next start, the intent is
 *     done and chat.db holds exactly the records the writer states (by table: rows removed,
 *     rows added), each agreeing with budget.db's rows (chat-vs-budget.ts).
 * Both databases pass PRAGMA integrity_check every time.
 */
import Anthropic from "@anthropic-ai/sdk";
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { appConfig, createApp } from "../../src/app.ts";
import { writeDemoDb } from "../../src/ledger/demo/generator.ts";
import { BudgetDb } from "../../src/ledger/reader.ts";
import { CRASH_AFTER_COMMIT_ENV, CRASH_BEFORE_COMMIT_ENV } from "../../src/ledger/write-path.ts";
import { Store } from "../../src/store/store.ts";
import { previewRecategorisation, recategoriseSchema } from "../../src/tools/recategorise_transactions.ts";
import { integrity, queryFile } from "../support/db-file.ts";
import { budgetContent, disagreements, records } from "./chat-vs-budget.ts";

let root: string;
let base: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "bc-kills-"));
  base = join(root, "base.db");
  writeDemoDb({ out: base, seed: 7 });
});
// Two dozen copies of the demo database: removing them may take a few seconds on a busy machine.
afterAll(() => rmSync(root, { recursive: true, force: true }), 60_000);

let n = 0;
/** A copy of the demo budget.db with a fresh chat.db beside it. */
function freshDir(): string {
  const dir = join(root, `run-${++n}`);
  mkdirSync(dir);
  copyFileSync(base, join(dir, "budget.db"));
  Store.open(join(dir, "chat.db")).close();
  return dir;
}

async function child(dir: string, writer: string, arg: string | undefined, env: Record<string, string> = {}) {
  const p = Bun.spawn([process.execPath, join(import.meta.dir, "writer-child.ts"), dir, writer, ...(arg === undefined ? [] : [arg])], {
    env: { PATH: process.env.PATH ?? "", HOME: dir, ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text()]);
  await p.exited;
  return { stdout, stderr, signal: p.signalCode };
}

/** What the next server start does first: settle the writes left half-recorded, close what was interrupted. */
async function restart(dir: string): Promise<void> {
  const app = createApp(
    appConfig({ db: join(dir, "budget.db"), "chat-db": join(dir, "chat.db"), "keep-backups": "0" }, { ownsStore: true }, { ANTHROPIC_API_KEY: "test", ANTHROPIC_BASE_URL: "http://127.0.0.1:9" }),
    { client: new Anthropic({ apiKey: "test", baseURL: "http://127.0.0.1:9" }), memory: null },
  );
  await app.close();
}

/** Per table of `records`: [rows gone, rows new] (rows compared whole), only tables that changed. */
function recordChanges(before: Record<string, unknown[]>, after: Record<string, unknown[]>): Record<string, [number, number]> {
  const out: Record<string, [number, number]> = {};
  for (const table of Object.keys(after)) {
    const was = new Set(before[table]!.map((r) => JSON.stringify(r)));
    const now = new Set(after[table]!.map((r) => JSON.stringify(r)));
    const gone = [...was].filter((r) => !now.has(r)).length;
    const added = [...now].filter((r) => !was.has(r)).length;
    if (gone || added) out[table] = [gone, added];
  }
  return out;
}

const lastEdit = (dir: string) => String(queryFile<{ id: number }>(join(dir, "chat.db"), "SELECT max(id) AS id FROM data_edits")[0]!.id);

/** An approval waiting on its card: Starbucks rows of 2025 to Groceries, as the chat would have asked. */
function pendingApproval(dir: string): string {
  const store = Store.open(join(dir, "chat.db"));
  const budget = BudgetDb.open(join(dir, "budget.db"));
  try {
    const conversation = store.conversations.create("local", "kill test");
    const turnId = store.turns.start({ conversationId: conversation.id, userId: "local", model: "claude-test", question: "move Starbucks" });
    // The answer that asked ended waiting for the decision.
    store.turns.finish(turnId, { status: "waiting", usage: { input_tokens: 0, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 }, incomplete: false });
    const plan = previewRecategorisation(budget, recategoriseSchema().parse({ search: "Starbucks", year: 2025, to_category: "groceries" }));
    return store.approvals.create({
      userId: "local",
      conversationId: conversation.id,
      turnId,
      toolUseId: "toolu_1",
      tool: "recategorise_transactions",
      args: { input: plan.input, args: plan.args },
      preview: plan.preview,
      ttlMs: 600_000,
    }).id;
  } finally {
    budget.close();
    store.close();
  }
}

function setBudgets(dir: string, budgets: [string, number][]): void {
  const store = Store.open(join(dir, "chat.db"));
  for (const [category, amount] of budgets) store.budgets.set(category, amount, "CHF", { via: "cli", by: "cli" });
  store.close();
}

const statement = (dir: string) => {
  const file = join(dir, "bank.csv");
  writeFileSync(file, "Date;Amount;Currency;Description\n03.02.2027;-12.50;CHF;Bakery Zopf\n04.02.2027;-7.20;CHF;Newsagent Bahnhof\n05.02.2027;2500.00;CHF;Salary Acme\n");
  return file;
};

async function made(dir: string, writer: string, arg?: string): Promise<void> {
  expect((await child(dir, writer, arg)).stdout).toBe("done\n");
}

type Writer = {
  name: string;
  /** Bring the databases to where the writer starts; its argument. */
  prepare(dir: string): Promise<string | undefined> | string | undefined;
  /** What the writer records once budget.db holds its change: per table [rows gone, rows new]. */
  records: Record<string, [number, number]>;
};

const WRITERS: Writer[] = [
  // Transaction 5: RISTORANTE MOLINO, Dining.
  { name: "edit", prepare: () => "5", records: { edits: [0, 1], audit: [0, 1] } },
  {
    name: "edit_undo",
    prepare: async (dir) => {
      await made(dir, "edit", "5");
      return lastEdit(dir);
    },
    records: { edits: [1, 1], audit: [0, 1] },
  },
  { name: "category_add", prepare: () => undefined, records: { edits: [0, 1], audit: [0, 1] } },
  // The Dining budget goes with the name.
  { name: "category_rename", prepare: (dir) => void setBudgets(dir, [["Dining", 300]]), records: { edits: [0, 1], audit: [0, 1], budgets: [1, 1] } },
  // Dining 300 and Groceries 600 become Groceries 900.
  { name: "category_merge", prepare: (dir) => void setBudgets(dir, [["Dining", 300], ["Groceries", 600]]), records: { edits: [0, 1], audit: [0, 1], budgets: [2, 1] } },
  { name: "category_describe", prepare: () => undefined, records: { edits: [0, 1], audit: [0, 1] } },
  {
    name: "category_undo",
    prepare: async (dir) => {
      setBudgets(dir, [["Dining", 300]]);
      await made(dir, "category_rename");
      return lastEdit(dir);
    },
    records: { edits: [1, 1], audit: [0, 1], budgets: [1, 1] },
  },
  {
    name: "classify",
    // 20 rows the merchant cache knows, waiting for classification again.
    prepare: (dir) => {
      const db = new Database(join(dir, "budget.db"));
      db.run("UPDATE transactions SET source = 'unclassified' WHERE id IN (SELECT id FROM transactions WHERE source = 'cache' ORDER BY id LIMIT 20)");
      db.close();
      return undefined;
    },
    records: { audit: [0, 1] },
  },
  { name: "import", prepare: statement, records: { imports: [0, 1], audit: [0, 1] } },
  {
    name: "import_undo",
    prepare: async (dir) => {
      await made(dir, "import", statement(dir));
      return queryFile<{ batch: string }>(join(dir, "chat.db"), "SELECT batch FROM imports")[0]!.batch;
    },
    records: { imports: [1, 1], audit: [0, 1] },
  },
  // Issue 35: a rule added and applied to the demo's 43 TWINT P2P payments, its undo; unsure rows classified again by it.
  { name: "rule_add", prepare: () => undefined, records: { edits: [0, 1], audit: [0, 1] } },
  {
    name: "rule_undo",
    prepare: async (dir) => {
      await made(dir, "rule_add");
      return lastEdit(dir);
    },
    records: { edits: [1, 1], audit: [0, 1] },
  },
  {
    name: "reclassify",
    prepare: async (dir) => {
      await made(dir, "rule_add", "noapply");
      return undefined;
    },
    records: { edits: [0, 1], audit: [0, 1] },
  },
  {
    name: "reclassify_undo",
    prepare: async (dir) => {
      await made(dir, "rule_add", "noapply");
      await made(dir, "reclassify");
      return lastEdit(dir);
    },
    records: { edits: [1, 1], audit: [0, 1] },
  },
  // The decision and the write are audited; the approval executed; its write stored.
  { name: "approve", prepare: pendingApproval, records: { approvals: [1, 1], writes: [0, 1], audit: [0, 2] } },
  {
    name: "approval_undo",
    prepare: async (dir) => {
      const id = pendingApproval(dir);
      await made(dir, "approve", id);
      return id;
    },
    records: { approvals: [1, 1], writes: [1, 1], audit: [0, 1] },
  },
];

describe.each(WRITERS.map((w) => [w.name, w] as const))("%s killed", (_name, writer) => {
  test("before budget.db's COMMIT: budget.db as before, the intent failed, nothing recorded", async () => {
    const dir = freshDir();
    const arg = await writer.prepare(dir);
    const budgetBefore = budgetContent(join(dir, "budget.db"));
    const chatBefore = records(join(dir, "chat.db"));
    const killed = await child(dir, writer.name, arg, { NODE_ENV: "test", [CRASH_BEFORE_COMMIT_ENV]: "1" });
    expect([killed.signal, killed.stdout]).toEqual(["SIGKILL", ""]);
    await restart(dir);
    expect(budgetContent(join(dir, "budget.db"))).toEqual(budgetBefore);
    const after = records(join(dir, "chat.db"));
    // An approval decided but never carried out ends failed at the start (it stated no write).
    expect(recordChanges(chatBefore, after)).toEqual(writer.name === "approve" ? { approvals: [1, 1] } : {});
    expect(queryFile<{ status: string }>(join(dir, "chat.db"), "SELECT status FROM budget_writes ORDER BY created_at DESC, rowid DESC LIMIT 1")).toEqual([{ status: "failed" }]);
    expect(disagreements(join(dir, "chat.db"), join(dir, "budget.db"))).toEqual([]);
    expect([integrity(join(dir, "budget.db")), integrity(join(dir, "chat.db"))]).toEqual(["ok", "ok"]);
  }, 30_000);

  test("after budget.db's COMMIT: the start records exactly what the writer states, agreeing with budget.db", async () => {
    const dir = freshDir();
    const arg = await writer.prepare(dir);
    const budgetBefore = budgetContent(join(dir, "budget.db"));
    const chatBefore = records(join(dir, "chat.db"));
    const killed = await child(dir, writer.name, arg, { NODE_ENV: "test", [CRASH_AFTER_COMMIT_ENV]: "1" });
    expect([killed.signal, killed.stdout]).toEqual(["SIGKILL", ""]);
    // Killed with budget.db changed and chat.db not yet told.
    expect(budgetContent(join(dir, "budget.db"))).not.toEqual(budgetBefore);
    expect(recordChanges(chatBefore, records(join(dir, "chat.db")))).toEqual(writer.name === "approve" ? { approvals: [1, 1] } : {});
    await restart(dir);
    expect(recordChanges(chatBefore, records(join(dir, "chat.db")))).toEqual(writer.records);
    expect(queryFile<{ status: string }>(join(dir, "chat.db"), "SELECT status FROM budget_writes ORDER BY created_at DESC, rowid DESC LIMIT 1")).toEqual([{ status: "done" }]);
    expect(disagreements(join(dir, "chat.db"), join(dir, "budget.db"))).toEqual([]);
    expect([integrity(join(dir, "budget.db")), integrity(join(dir, "chat.db"))]).toEqual(["ok", "ok"]);
  }, 30_000);
});

test("classify killed after its COMMIT: the audit entry the start records counts the rows budget.db holds classified", async () => {
  const dir = freshDir();
  const db = new Database(join(dir, "budget.db"));
  db.run("UPDATE transactions SET source = 'unclassified' WHERE id IN (SELECT id FROM transactions WHERE source = 'cache' ORDER BY id LIMIT 20)");
  db.close();
  const killed = await child(dir, "classify", undefined, { NODE_ENV: "test", [CRASH_AFTER_COMMIT_ENV]: "1" });
  expect(killed.signal).toBe("SIGKILL");
  await restart(dir);
  expect(queryFile(join(dir, "budget.db"), "SELECT source, count(*) AS n FROM transactions WHERE source = 'unclassified' GROUP BY source")).toEqual([]);
  const [entry] = queryFile<{ detail: string }>(join(dir, "chat.db"), "SELECT detail FROM audit_log WHERE kind = 'write'");
  expect(JSON.parse(entry!.detail)).toEqual({ classify: 20, pending: 20, by_source: { user_rule: 0, cache: 20, rules: 0, llm: 0, unclassified: 0 }, via: "api", by: "local" });
}, 30_000);
