/**
 * Issue 29 items 1 and 2 (SPEC §13.1): every budget.db writer under a busy rollback-journal
 * budget.db. Another connection holds a read transaction (`BEGIN; SELECT 1 FROM transactions
 * LIMIT 1;`, as the pipeline, `sqlite3` or a backup tool would) across the writer's COMMIT:
 * the COMMIT cannot get its exclusive lock within the busy timeout and rolls back. Each
 * writer then answers 503 with Retry-After and "the budget database is busy (another program
 * is using it); try again" (web), or exits 1 with that message (CLI); budget.db is unchanged;
 * chat.db has no edit, audit entry, budget, import or approval record of it; both databases
 * pass PRAGMA integrity_check. The reader is in this process, so no other process holds the
 * file and no holder is named (the CLI's message names this test's process).
 */
import { Database } from "bun:sqlite";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeDemoDb } from "../../src/ledger/demo/generator.ts";
import { startFakeAnthropic, type FakeAnthropic } from "../support/fake-anthropic.ts";
import { startWebHarness, type WebHarness } from "../support/web-harness.ts";
import { finished, spawnCli } from "../support/cli-process.ts";
import { integrity } from "../support/db-file.ts";
import { apiChat, browserHeaders, continued, recategoriseScript } from "../trust/support.ts";
import { budgetContent, disagreements, records } from "./chat-vs-budget.ts";

const BUSY = "Nothing was changed: the budget database is busy (another program is using it); try again.";

/** Hold a read transaction on `path` (a second bun:sqlite connection) while `fn` runs. */
async function whileRead<T>(path: string, fn: () => Promise<T>): Promise<T> {
  const reader = new Database(path, { readonly: true });
  reader.run("BEGIN");
  reader.query("SELECT 1 FROM transactions LIMIT 1").get();
  try {
    return await fn();
  } finally {
    reader.run("ROLLBACK");
    reader.close();
  }
}

describe("web writers", () => {
  let fake: FakeAnthropic;
  let h: WebHarness;
  let dir: string;
  let budgetPath: string;
  let chatPath: string;

  beforeAll(async () => {
    fake = await startFakeAnthropic();
    dir = mkdtempSync(join(tmpdir(), "bc-busy-"));
    budgetPath = join(dir, "budget.db");
    chatPath = join(dir, "chat.db");
    writeDemoDb({ out: budgetPath, seed: 7 });
    // The household has budgets on the categories the renames and merges move.
    h = await startWebHarness({ fake, dir, readOnly: false, budgetBusyTimeoutMs: 300 });
    h.store.budgets.set("Dining", 300, "CHF", { via: "cli", by: "cli" });
    h.store.budgets.set("Groceries", 600, "CHF", { via: "cli", by: "cli" });
  });
  afterEach(() => {
    expect([integrity(budgetPath), integrity(chatPath)]).toEqual(["ok", "ok"]);
    expect(disagreements(chatPath, budgetPath)).toEqual([]);
  });
  afterAll(async () => {
    await h.close();
    await fake.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const api = (method: string, path: string, body?: unknown) =>
    fetch(`${h.url}${path}`, { method, headers: { Origin: h.url, "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });

  /** `write` under a held reader: 503, Retry-After, the busy message; budget.db and chat.db's records exactly as before. */
  async function refusedWhileBusy(write: () => Promise<Response>, error = BUSY): Promise<Response> {
    const budgetBefore = budgetContent(budgetPath);
    const chatBefore = records(chatPath);
    const res = await whileRead(budgetPath, write);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    if (res.headers.get("content-type")?.startsWith("application/json")) expect(((await res.clone().json()) as { error: string }).error).toBe(error);
    expect(budgetContent(budgetPath)).toEqual(budgetBefore);
    expect(records(chatPath)).toEqual(chatBefore);
    return res;
  }

  // Transaction 5 (2023-11-01, RISTORANTE MOLINO, Dining) in the demo data of seed 7.
  test("a transaction edit (API and the page's form)", async () => {
    await refusedWhileBusy(() => api("PATCH", "/api/transactions/5", { category: "Travel" }));
    const page = await refusedWhileBusy(() =>
      fetch(`${h.url}/transactions/5`, { method: "PATCH", headers: browserHeaders(h), body: new URLSearchParams({ category: "Travel" }) }),
    );
    expect(await page.text()).toContain(BUSY);
    // Nothing stands in the way afterwards: the same edit is made and recorded.
    const ok = await api("PATCH", "/api/transactions/5", { category: "Travel" });
    expect(ok.status).toBe(200);
    expect((await ok.json()).edit_id).toBe(h.store.edits.list("local")[0]!.id);
  });

  test("a transaction edit, a category added, a rule added while another program writes budget.db (an exclusive lock, as a commit holds): budget.db is named, not chat.db (QA); a page says so too", async () => {
    const budgetBefore = budgetContent(budgetPath);
    const chatBefore = records(chatPath);
    const writer = new Database(budgetPath);
    writer.run("BEGIN EXCLUSIVE");
    const answers: unknown[] = [];
    try {
      for (const [method, path, body] of [
        ["PATCH", "/api/transactions/5", { category: "Shopping" }],
        ["POST", "/api/categories", { action: "add", name: "Pets", description: "Pet food, vets" }],
        ["POST", "/api/rules", { pattern: "MOLINO", category: "Travel", apply: true }],
      ] as const) {
        const res = await api(method, path, body);
        answers.push([path, res.status, res.headers.get("retry-after"), ((await res.json()) as { error: string }).error]);
      }
      const page = await fetch(`${h.url}/transactions`);
      answers.push(["/transactions", page.status, page.headers.get("retry-after"), (await page.text()).includes("The budget database is locked by another program")]);
    } finally {
      writer.run("ROLLBACK");
      writer.close();
    }
    expect(answers).toEqual([
      ["/api/transactions/5", 503, "5", BUSY],
      ["/api/categories", 503, "5", BUSY],
      ["/api/rules", 503, "5", BUSY],
      ["/transactions", 503, "5", true],
    ]);
    expect(budgetContent(budgetPath)).toEqual(budgetBefore);
    expect(records(chatPath)).toEqual(chatBefore);
  }, 60_000);

  test("a transaction edit waits for another program's exclusive lock without freezing the server: /healthz answers meanwhile, and the edit goes through once the lock is let go (QA D12)", async () => {
    const writer = new Database(budgetPath);
    writer.run("BEGIN EXCLUSIVE");
    let edited: Response | null = null;
    const edit = api("PATCH", "/api/transactions/9", { category: "Travel" }).then((res) => (edited = res));
    let health: [number, boolean];
    try {
      // Sequencing, not timing: the edit has reached the server and waits on the lock before /healthz is asked.
      await Bun.sleep(300);
      const res = await fetch(`${h.url}/healthz`);
      // Answered while the edit still waits (the edit's synchronous read with a 5 s busy timeout held the event loop: /healthz came after it).
      health = [res.status, edited === null];
    } finally {
      writer.run("ROLLBACK");
      writer.close();
    }
    expect(health).toEqual([200, true]);
    const res = (await edit) as Response;
    expect(res.status).toBe(200);
    expect(((await res.json()) as { transaction: { category: string } }).transaction.category).toBe("Travel");
  }, 60_000);

  test("undoing a transaction edit", async () => {
    const made = await (await api("PATCH", "/api/transactions/27", { category: "Travel" })).json();
    await refusedWhileBusy(() => api("POST", `/api/edits/${made.edit_id}/undo`));
    expect(h.store.edits.get("local", made.edit_id)!.undoneAt).toBeNull();
  });

  for (const [action, body] of [
    ["add", { action: "add", name: "Pets", description: "Pet food, vets" }],
    ["rename", { action: "rename", name: "Dining", new_name: "Eating Out" }],
    ["merge", { action: "merge", name: "Dining", into: "Groceries" }],
    ["describe", { action: "describe", name: "Dining", description: "Restaurants and cafés" }],
  ] as const) {
    test(`a category ${action}`, async () => {
      await refusedWhileBusy(() => api("POST", "/api/categories", body));
      // The budgets a rename or merge would carry stay where they were.
      expect(h.store.budgets.list().map((b) => [b.category, b.amount])).toEqual([
        ["Dining", 300],
        ["Groceries", 600],
      ]);
    });
  }

  test("undoing a category change (the budget it carried included)", async () => {
    h.store.budgets.set("Transport", 150, "CHF", { via: "cli", by: "cli" });
    const made = await (await api("POST", "/api/categories", { action: "rename", name: "Transport", new_name: "Travel costs" })).json();
    expect(h.store.budgets.get("Travel costs")?.amount).toBe(150);
    await refusedWhileBusy(() => api("POST", `/api/edits/${made.edit_id}/undo`));
    expect(h.store.edits.get("local", made.edit_id)!.undoneAt).toBeNull();
    // Undone for real once the reader is gone: the budget goes back with the name.
    expect((await api("POST", `/api/edits/${made.edit_id}/undo`)).status).toBe(200);
    expect([h.store.budgets.get("Transport")?.amount, h.store.budgets.get("Travel costs")]).toEqual([150, null]);
  });

  /** A preview of a small statement of two new rows (each file's own amounts and words: no possible duplicates of another's). */
  let files = 0;
  const preview = async (name: string) => {
    files++;
    const csv = `Date;Amount;Currency;Description\n03.02.2027;-${files}2.50;CHF;Bakery ${name}\n04.02.2027;-${files}7.20;CHF;Newsagent ${name}\n`;
    const form = new FormData();
    form.append("file", new File([csv], `${name}.csv`));
    const res = await fetch(`${h.url}/api/imports`, { method: "POST", headers: { Origin: h.url }, body: form });
    expect(res.status).toBe(200);
    return ((await res.json()) as { id: string }).id;
  };

  test("an import's commit keeps its preview: the same Import works once the reader is gone", async () => {
    const id = await preview("first");
    await refusedWhileBusy(() => api("POST", `/api/imports/${id}/commit`));
    const retry = await api("POST", `/api/imports/${id}/commit`);
    expect(retry.status).toBe(200);
    expect(((await retry.json()) as { inserted: number }).inserted).toBe(2);
    // The page's Import: the preview stays on the page, with why, and its Import button. A plain form post is answered
    // with a 503; with htmx the answer is the stream that showed the import's progress (its status was sent before the
    // COMMIT failed), and the file's preview comes back in it.
    const again = await preview("second");
    const { "HX-Request": _htmx, ...plain } = browserHeaders(h);
    const page = await refusedWhileBusy(() => fetch(`${h.url}/import/${again}/commit`, { method: "POST", headers: plain, body: new FormData() }));
    const html = await page.text();
    expect(html).toContain(`hx-post="/import/${again}/commit"`);
    expect(html).toContain("Nothing was imported: the budget database is busy (another program is using it); try again.");
    const budgetBefore = budgetContent(budgetPath);
    const chatBefore = records(chatPath);
    const streamed = await whileRead(budgetPath, async () => {
      const res = await fetch(`${h.url}/import/${again}/commit`, { method: "POST", headers: browserHeaders(h), body: new FormData() });
      return { type: res.headers.get("content-type"), text: await res.text() };
    });
    expect(streamed.type).toStartWith("text/event-stream");
    expect(streamed.text).toContain(`hx-target="#file-${again}"`);
    expect(streamed.text).toContain(`hx-post="/import/${again}/commit"`);
    expect(streamed.text).toContain("Nothing was imported: the budget database is busy (another program is using it); try again.");
    expect([budgetContent(budgetPath), records(chatPath)]).toEqual([budgetBefore, chatBefore]);
    // Import again once the reader is gone: the same preview imports its two rows.
    const retried = await fetch(`${h.url}/import/${again}/commit`, { method: "POST", headers: plain, body: new FormData() });
    expect(retried.status).toBe(200);
    expect(h.store.imports.list(budgetPath).find((r) => r.file === "second.csv")?.rows).toBe(2);
  });

  test("an import's undo", async () => {
    const id = await preview("undone");
    const { batch } = (await (await api("POST", `/api/imports/${id}/commit`)).json()) as { batch: string };
    await refusedWhileBusy(() => api("DELETE", `/api/imports/${encodeURIComponent(batch)}`));
    expect(h.store.imports.get(batch)!.undoneAt).toBeNull();
  });

  /** An approval waiting on its card; its continuation (after Approve) answers with the script's closing text. */
  const approval = async (year: number) => {
    fake.enqueue(...recategoriseScript({ search: "Starbucks", year, to_category: "groceries" }));
    const stream = await apiChat(h, `move the Starbucks rows of ${year} to Groceries`);
    const { id } = await stream.waitFor("approval_request");
    await stream.ended;
    return id as string;
  };
  const approve = async (id: string) => {
    expect((await api("POST", `/api/approvals/${id}`, { decision: "approve" })).status).toBe(200);
    await continued(h, id);
  };

  test("an approval carried out: pending again, the card still open", async () => {
    const id = await approval(2025);
    const res = await refusedWhileBusy(() => api("POST", `/api/approvals/${id}`, { decision: "approve" }));
    expect(((await res.json()) as { status: string }).status).toBe("pending");
    expect(h.store.approvals.get("local", id)!.status).toBe("pending");
    await approve(id);
    expect(h.store.approvals.get("local", id)!.status).toBe("executed");
  });

  test("an approval's undo: its Undo stays", async () => {
    const id = await approval(2024);
    await approve(id);
    await refusedWhileBusy(() => api("POST", `/api/approvals/${id}/undo`), "Nothing was restored: the budget database is busy (another program is using it); try again.");
    const card = await refusedWhileBusy(() => fetch(`${h.url}/approvals/${id}/undo`, { method: "POST", headers: browserHeaders(h) }));
    const html = await card.text();
    expect(html).toContain(`hx-post="/approvals/${id}/undo"`);
    expect(html).toContain("Nothing was restored: the budget database is busy (another program is using it); try again.");
    expect(h.store.approvals.get("local", id)!.status).toBe("executed");
  });

  test("a rule added and applied, and its undo (issue 35)", async () => {
    const rule = { field: "merchant", match: "equals", pattern: "TWINT P2P", max_amount: 0, category: "Children", apply: true };
    await refusedWhileBusy(() => api("POST", "/api/rules", rule));
    const made = (await (await api("POST", "/api/rules", rule)).json()) as { edit_id: number; changed: number };
    expect(made.changed).toBeGreaterThan(0);
    await refusedWhileBusy(() => api("POST", `/api/edits/${made.edit_id}/undo`), "Nothing was changed: the budget database is busy (another program is using it); try again.");
    expect(h.store.edits.get("local", made.edit_id)!.undoneAt).toBeNull();
    expect((await api("POST", `/api/edits/${made.edit_id}/undo`)).status).toBe(200);
  });

  test("unsure rows classified again (no model here: the rules classify), and its undo (issue 35)", async () => {
    // A rule that files every unsure TWINT P2P row: the second try has something to write without a model.
    expect((await api("POST", "/api/rules", { field: "merchant", match: "equals", pattern: "TWINT P2P", category: "Children" })).status).toBe(200);
    await refusedWhileBusy(() => api("POST", "/api/rules/reclassify", { threshold: 0.7 }));
    const made = (await (await api("POST", "/api/rules/reclassify", { threshold: 0.7 })).json()) as { edit_id: number; changed: number };
    expect(made.changed).toBeGreaterThan(0);
    await refusedWhileBusy(() => api("POST", `/api/edits/${made.edit_id}/undo`));
    expect((await api("POST", `/api/edits/${made.edit_id}/undo`)).status).toBe(200);
  });
});

describe("command-line writers", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  const comm = readFileSync("/proc/self/comm", "utf8").trim();

  /** A fresh budget.db with chat.db beside it; `prepare` changes it first. */
  function fresh(prepare?: (db: Database) => void) {
    const dir = mkdtempSync(join(tmpdir(), "bc-busy-cli-"));
    dirs.push(dir);
    const budgetPath = join(dir, "budget.db");
    writeDemoDb({ out: budgetPath, seed: 7, transactions: 1500 });
    if (prepare) {
      const db = new Database(budgetPath);
      prepare(db);
      db.close();
    }
    return { dir, budgetPath, chatPath: join(dir, "chat.db") };
  }

  /** Run `budget-chat ARGS` on the database while this process reads it: exit 1 with the busy message; nothing changed, nothing recorded. */
  async function refusedWhileBusy(place: ReturnType<typeof fresh>, args: string[], env: Record<string, string> = {}) {
    // The command's own set-up (chat.db made, leftovers settled) first, so that "before" is what it found.
    const list = await finished(spawnCli(["imports", "list", "--db", place.budgetPath, "--chat-db", place.chatPath], { home: place.dir }));
    expect(list.code).toBe(0);
    const budgetBefore = budgetContent(place.budgetPath);
    const chatBefore = records(place.chatPath);
    const out = await whileRead(place.budgetPath, () =>
      finished(spawnCli([...args, "--db", place.budgetPath, "--chat-db", place.chatPath, "--keep-backups", "0"], { home: place.dir, env })),
    );
    expect(out).toEqual({
      code: 1,
      stdout: "",
      stderr: `budget-chat: the budget database is busy (another program is using it: process ${process.pid} (${comm})); try again\n`,
    });
    expect(budgetContent(place.budgetPath)).toEqual(budgetBefore);
    expect(records(place.chatPath)).toEqual(chatBefore);
    expect([integrity(place.budgetPath), integrity(place.chatPath)]).toEqual(["ok", "ok"]);
  }

  test("categories add", async () => {
    await refusedWhileBusy(fresh(), ["categories", "add", "Pets", "--description", "Pet food"]);
  }, 30_000);

  test("classify (rows the merchant cache knows: no model call)", async () => {
    // 20 rows the pipeline classified from its cache, waiting for classification again.
    const place = fresh((db) => db.run("UPDATE transactions SET source = 'unclassified' WHERE id IN (SELECT id FROM transactions WHERE source = 'cache' ORDER BY id LIMIT 20)"));
    await refusedWhileBusy(place, ["classify"], { ANTHROPIC_API_KEY: "test", ANTHROPIC_BASE_URL: "http://127.0.0.1:9" });
  }, 30_000);

  test("rules add --apply (issue 35)", async () => {
    await refusedWhileBusy(fresh(), ["rules", "add", "TWINT", "--category", "Children", "--apply"]);
  }, 30_000);

  test("import", async () => {
    const place = fresh();
    const file = join(place.dir, "bank.csv");
    writeFileSync(file, "Date;Amount;Currency;Description\n03.02.2027;-12.50;CHF;Bäckerei Zopf\n");
    await refusedWhileBusy(place, ["import", file, "--no-classify"]);
  }, 30_000);

  test("imports undo", async () => {
    const place = fresh();
    const file = join(place.dir, "bank.csv");
    writeFileSync(file, "Date;Amount;Currency;Description\n03.02.2027;-12.50;CHF;Bäckerei Zopf\n");
    const done = await finished(spawnCli(["import", file, "--no-classify", "--json", "--db", place.budgetPath, "--chat-db", place.chatPath], { home: place.dir }));
    const batch = JSON.parse(done.stdout).files[0].batch as string;
    await refusedWhileBusy(place, ["imports", "undo", batch]);
  }, 30_000);
});
