/**
 * The checker of "chat.db states no write budget.db does not hold" (chat-vs-budget.ts), as the
 * kill runs of r4-relreview use it: after many writes a transaction is edited, undone, edited
 * again; a category added, then renamed; a rule added, then removed. Each earlier record is
 * superseded by the later one, not contradicted: the checker reported them as false records
 * (a WAL kill run of 25 kills reported "edit 5 (transaction_edit, undone): transaction 1045
 * has category Dining", edit 144 having moved it there since). A record that is the latest
 * about a row and disagrees with budget.db is still reported.
 */
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeDemoDb } from "../../src/ledger/demo/generator.ts";
import { startFakeAnthropic, type FakeAnthropic } from "../support/fake-anthropic.ts";
import { startWebHarness, type WebHarness } from "../support/web-harness.ts";
import { disagreements } from "./chat-vs-budget.ts";

let fake: FakeAnthropic;
let h: WebHarness;
let dir: string;
const budgetPath = () => join(dir, "budget.db");
const chatPath = () => join(dir, "chat.db");

beforeAll(async () => {
  fake = await startFakeAnthropic();
  dir = mkdtempSync(join(tmpdir(), "bc-checker-"));
  writeDemoDb({ out: budgetPath(), seed: 7, transactions: 50 });
  h = await startWebHarness({ fake, dir, readOnly: false });
});
afterAll(async () => {
  await h.close();
  await fake.stop();
  rmSync(dir, { recursive: true, force: true });
});

const api = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${h.url}${path}`, { method, headers: { Origin: h.url, "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
};

test("records superseded by later ones are not false records; a false latest one is", async () => {
  const first = await api("PATCH", "/api/transactions/3", { category: "Dining" });
  await api("POST", `/api/edits/${first.edit_id}/undo`);
  await api("PATCH", "/api/transactions/3", { category: "Dining" });
  await api("POST", "/api/categories", { action: "add", name: "Pets", description: "Pet food, vet" });
  await api("POST", "/api/categories", { action: "rename", name: "Pets", new_name: "Animals" });
  const rule = (await api("POST", "/api/rules", { pattern: "COOP", category: "Groceries" })).rule as { id: number };
  await api("DELETE", `/api/rules/${rule.id}`);
  expect(disagreements(chatPath(), budgetPath())).toEqual([]);

  // budget.db changed behind chat.db's back: the latest edit of transaction 3 (edit 2: an undo makes no edit of its own) no longer holds.
  const db = new Database(budgetPath());
  db.run("UPDATE transactions SET category = 'Shopping' WHERE id = 3");
  db.close();
  expect(disagreements(chatPath(), budgetPath())).toEqual(['edit 2 (transaction_edit): transaction 3 has category "Shopping" in budget.db, chat.db says "Dining"']);
});
