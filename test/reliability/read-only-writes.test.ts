/**
 * Issue 29 item 3: a budget.db this user cannot write answers a write with 409 and the real
 * cause, never 500, and records nothing: a read-only file in a writable folder, and a
 * WAL-mode database (every change in the main file) in a read-only folder, which the server
 * still reads (immutable). The server runs as an unprivileged user (root may write
 * anywhere): through setpriv when the tests run as root. chat.db lives in a folder that user
 * can write.
 */
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, expect, test } from "bun:test";
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeDemoDb } from "../../src/ledger/demo/generator.ts";
import { startFakeAnthropic, type FakeAnthropic } from "../support/fake-anthropic.ts";
import { startServe } from "../support/serve-process.ts";
import { budgetContent, records } from "./chat-vs-budget.ts";

let fake: FakeAnthropic;
let dir: string;
beforeAll(async () => {
  fake = await startFakeAnthropic();
  dir = mkdtempSync(join(tmpdir(), "bc-rowrite-"));
  chmodSync(dir, 0o755);
});
afterAll(async () => {
  await fake.stop();
  for (const sub of ["file", "folder", "chat-file", "chat-folder"]) {
    try {
      chmodSync(join(dir, sub), 0o755);
    } catch {
      /* not made */
    }
  }
  rmSync(dir, { recursive: true, force: true });
});

const asUser = process.getuid?.() === 0 ? ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : [];

/** Serve `budgetPath` (chat.db in a folder of its own the user can write); PATCH a transaction and add a category. */
async function writesAgainst(budgetPath: string, chatFolder: string) {
  mkdirSync(join(dir, chatFolder));
  chmodSync(join(dir, chatFolder), 0o777);
  const chatPath = join(dir, chatFolder, "chat.db");
  const server = await startServe({ dir, fakeUrl: fake.url, prefix: asUser, env: { DATABASE_URL: budgetPath, CHAT_DATABASE_URL: chatPath } });
  try {
    const before = budgetContent(budgetPath);
    const post = (method: string, path: string, body: unknown) =>
      fetch(`${server.url}${path}`, { method, headers: { "content-type": "application/json", Origin: server.url }, body: JSON.stringify(body) });
    const chatBefore = records(chatPath);
    const edit = await post("PATCH", "/api/transactions/5", { category: "Travel" });
    const category = await post("POST", "/api/categories", { action: "add", name: "Pets", description: "Pet food" });
    const page = await fetch(`${server.url}/transactions/5`, {
      method: "PATCH",
      headers: { Origin: server.url, "HX-Request": "true", "content-type": "application/x-www-form-urlencoded" },
      body: "category=Travel",
    });
    expect(budgetContent(budgetPath)).toEqual(before);
    expect(records(chatPath)).toEqual(chatBefore);
    const list = await fetch(`${server.url}/api/transactions?q=molino`);
    return { listed: list.status, edit: [edit.status, await edit.json()], category: [category.status, await category.json()], page: [page.status, await page.text()] };
  } finally {
    server.proc.kill("SIGTERM");
    await server.proc.exited;
  }
}

test("a read-only budget.db file: 409 naming the file", async () => {
  const folder = join(dir, "file");
  mkdirSync(folder);
  const path = join(folder, "budget.db");
  writeDemoDb({ out: path, seed: 7, transactions: 800 });
  chmodSync(path, 0o444);
  chmodSync(folder, 0o777);
  const why = `the budget database cannot be changed: ${path} is read-only for this user; nothing was changed`;
  const r = await writesAgainst(path, "chat-file");
  expect(r.edit).toEqual([409, { error: why }]);
  expect(r.category).toEqual([409, { error: why }]);
  expect(r.page).toEqual([409, `<div class="notice notice-error" role="alert"><span class="error-message">${why}</span></div>`]);
  expect(r.listed).toBe(200);
}, 30_000);

test("a WAL budget.db in a read-only folder: 409 naming the folder, while pages still read it", async () => {
  const folder = join(dir, "folder");
  mkdirSync(folder);
  const path = join(folder, "budget.db");
  writeDemoDb({ out: path, seed: 7, transactions: 800 });
  const db = new Database(path);
  db.run("PRAGMA journal_mode = WAL");
  db.close(); // the last connection checkpoints: every change in the main file
  chmodSync(path, 0o666); // the file could be written: the folder is what stops SQLite
  chmodSync(folder, 0o555);
  const why = `the budget database cannot be changed: its folder ${folder} is read-only for this user, and SQLite writes budget.db-journal (or -wal) beside it; nothing was changed`;
  const r = await writesAgainst(path, "chat-folder");
  expect(r.edit).toEqual([409, { error: why }]);
  expect(r.category).toEqual([409, { error: why }]);
  expect(r.page).toEqual([409, `<div class="notice notice-error" role="alert"><span class="error-message">${why}</span></div>`]);
  expect(r.listed).toBe(200);
}, 30_000);
