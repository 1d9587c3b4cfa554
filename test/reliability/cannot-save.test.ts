/**
 * Issue 25 item 5: chat.db cannot be written (a read-only file, simulated with
 * `PRAGMA query_only`; a full disk, simulated with `PRAGMA max_page_count`). Pages still
 * answer; write routes say "budget-chat cannot save: <reason>" (503, nothing changed);
 * an answer that is streaming goes on and tells the user once; when space returns its
 * writes land; both databases stay sound.
 */
import { expect, test } from "bun:test";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeDemoDb } from "../../src/ledger/demo/generator.ts";
import { Store } from "../../src/store/store.ts";
import { startServe } from "../support/serve-process.ts";
import { apiChat, browserHeaders, postJson, startTrustHarness } from "../trust/support.ts";
import { integrity } from "../support/db-file.ts";
import { webSuite } from "../support/web-harness.ts";
import { waitFor } from "../support/wait.ts";

const h = webSuite(() => startTrustHarness());

const READ_ONLY = "budget-chat cannot save: the database file cannot be written (attempt to write a readonly database)";

test("a read-only chat.db: pages answer, write routes say why nothing was saved, writing works again afterwards", async () => {
  const conversation = h.store.conversations.create("local", "Before");
  h.store.db.run("PRAGMA query_only = ON");
  try {
    for (const page of ["/", `/conversations/${conversation.id}`, "/budgets", "/api/budgets", "/healthz"]) {
      expect([page, (await fetch(`${h.url}${page}`, { headers: browserHeaders(h) })).status]).toEqual([page, 200]);
    }
    const chat = await postJson(h, "/api/chat", { message: "how much on groceries?" });
    expect(chat.status).toBe(503);
    expect(await chat.json()).toEqual({ error: `${READ_ONLY}. Nothing was changed; try again when there is space.` });
    const rename = await fetch(`${h.url}/conversations/${conversation.id}/rename`, {
      method: "POST",
      headers: { ...browserHeaders(h), "HX-Request": "true" },
      body: new URLSearchParams({ title: "After" }),
    });
    expect(rename.status).toBe(503);
    expect(await rename.text()).toContain(READ_ONLY);
    const budget = await fetch(`${h.url}/api/budgets/Groceries`, { method: "PUT", headers: { ...browserHeaders(h), "content-type": "application/json" }, body: JSON.stringify({ amount: 500 }) });
    expect(budget.status).toBe(503);
    expect(h.fake.requests).toHaveLength(0);
  } finally {
    h.store.db.run("PRAGMA query_only = OFF");
  }
  expect(h.store.conversations.get("local", conversation.id)!.title).toBe("Before");
  expect(h.store.budgets.list()).toEqual([]);
  const ok = await apiChat(h, "and now?");
  await ok.ended;
  expect(ok.all("done")).toHaveLength(1);
  expect(ok.all("error")).toEqual([]);
});

test("the disk fills up while an answer streams: it goes on, says once that it cannot save, and is stored when space returns", async () => {
  h.fake.reset();
  const words = Array.from({ length: 1500 }, (_, i) => `word${i}`).join(" ");
  h.fake.enqueue({ kind: "message", content: [{ type: "text", text: words }], chunkDelayMs: 1 });
  const pages = (h.store.db.query("PRAGMA page_count").get() as { page_count: number }).page_count;
  const stream = await apiChat(h, "a long answer please");
  await stream.waitFor("chunk");
  const turnId = (h.store.db.query("SELECT id FROM turns WHERE status = 'running'").get() as { id: string }).id;
  // Full: the file may not grow by a single page.
  h.store.db.run(`PRAGMA max_page_count = ${pages}`);
  try {
    await stream.ended;
    const received = stream.all("chunk").map((c) => c.text).join("");
    expect(received).toBe(words);
    const notices = stream.all("notice");
    expect(notices).toEqual([
      { kind: "unsaved", message: "budget-chat cannot save: the disk is full (database or disk is full). The answer goes on; it is stored as soon as the app database can be written again." },
    ]);
    expect(stream.all("done")).toHaveLength(1);
    expect(h.store.cannotSave).toBe("the disk is full (database or disk is full)");
    expect(h.store.deferredCount).toBeGreaterThan(0);
  } finally {
    h.store.db.run("PRAGMA max_page_count = 1073741823");
  }
  // Space is back: the waiting writes land, in order.
  await waitFor(() => h.store.deferredCount === 0, { everyMs: 50, what: "the waiting writes" });
  expect(h.store.deferredCount).toBe(0);
  expect(h.store.cannotSave).toBeNull();
  expect(h.store.turns.get(turnId)!.status).toBe("done");
  const stored = h.store.turns
    .events(turnId)
    .flatMap((e) => (e.type === "text" ? [e.text] : []))
    .join("");
  expect(stored).toBe(words);
  expect(integrity(join(h.dir, "chat.db"))).toBe("ok");
  expect(integrity(h.budget.path)).toBe("ok");
}, 30_000);

test("serve on a read-only chat.db file: it starts, pages answer, a question gets 'budget-chat cannot save'", async () => {
  const dir = mkdtempSync(join(tmpdir(), "bc-rochat-"));
  chmodSync(dir, 0o777); // the folder stays writable (SQLite's -shm); only the file is read-only
  try {
    writeDemoDb({ out: join(dir, "budget.db"), seed: 5, transactions: 500 });
    Store.open(join(dir, "chat.db")).close();
    chmodSync(join(dir, "chat.db"), 0o444);
    const asUser = process.getuid?.() === 0 ? ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : [];
    const server = await startServe({ dir, fakeUrl: h.fake.url, prefix: asUser });
    try {
      expect(server.output()).toContain(`${READ_ONLY}; start-up recovery is left for the next start. Pages still work; nothing new can be stored.`);
      expect((await fetch(`${server.url}/`)).status).toBe(200);
      const res = await fetch(`${server.url}/api/chat`, { method: "POST", headers: { "content-type": "application/json", Origin: server.url }, body: JSON.stringify({ message: "hi" }) });
      expect(res.status).toBe(503);
      expect((await res.json()).error).toBe(`${READ_ONLY}. Nothing was changed; try again when there is space.`);
    } finally {
      server.proc.kill("SIGTERM");
      await server.proc.exited;
    }
    chmodSync(join(dir, "chat.db"), 0o644);
    expect(integrity(join(dir, "chat.db"))).toBe("ok");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 30_000);
