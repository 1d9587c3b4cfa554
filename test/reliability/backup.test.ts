/**
 * Issue 25 item 3: the budget database is backed up before budget-chat changes it.
 * The write path takes a snapshot before the first write of a day and keeps the newest N;
 * `backup` writes one on demand; `restore` puts one back, refused while a server holds
 * the database (even one that was never told: the lease dies with its process). Issue 29
 * item 7: a snapshot is known by its content (budget-chat's application id), not its name.
 */
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { backupDirFor, isSnapshot, listSnapshots, lockPathFor, snapshotName, SNAPSHOT_APPLICATION_ID, takeSnapshot } from "../../src/ledger/backup.ts";
import { writeDemoDb } from "../../src/ledger/demo/generator.ts";
import { BudgetWriter } from "../../src/ledger/write-path.ts";
import { Store } from "../../src/store/store.ts";
import { runCli } from "../support/cli-process.ts";
import { queryFile } from "../support/db-file.ts";

const root = join(import.meta.dir, "..", "..");
let dir: string;
let demo: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "bc-backup-"));
  demo = join(dir, "demo.db");
  writeDemoDb({ out: demo, seed: 7, transactions: 1500 });
});
/** Processes started here: killed at the end whatever happened. */
const children = new Set<ReturnType<typeof Bun.spawn>>();
afterAll(() => {
  for (const p of children) p.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

let n = 0;
function freshDir(): { db: string; home: string } {
  const home = join(dir, `case-${++n}`);
  mkdirSync(home);
  const db = join(home, "budget.db");
  copyFileSync(demo, db);
  return { db, home };
}

function rows(path: string): number {
  const d = new Database(path, { readonly: true });
  try {
    return (d.query("SELECT count(*) AS n FROM transactions").get() as { n: number }).n;
  } finally {
    d.close();
  }
}

const deleteOne = (id: number) => ({ kind: "import" as const, userId: null, apply: (d: Database) => void d.run(`DELETE FROM transactions WHERE id = ${id}`) });

describe("the write path's daily snapshot", () => {
  test("taken before the first write of a day, not again that day, named in the receipt; the newest N are kept", async () => {
    const { db, home } = freshDir();
    const store = Store.open(join(home, "chat.db"));
    let now = new Date(2026, 10, 24, 9, 0, 0);
    const writer = new BudgetWriter(db, { journal: store, backups: { dir: backupDirFor(db), keep: 3 }, now: () => now });
    const backups = join(home, "backups");
    expect(backupDirFor(db)).toBe(backups);
    // Four older snapshots (other days) are there already.
    mkdirSync(backups);
    for (let d = 1; d <= 4; d++) takeSnapshot(demo, join(backups, snapshotName(new Date(2026, 10, 10 + d, 12))));
    const total = rows(db);

    const first = await writer.writeWithReceipt(deleteOne(1));
    expect(first.snapshot).toBe(join(backups, snapshotName(now)));
    expect(basename(first.snapshot!)).toMatch(/^budget-\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z\.db$/);
    expect(rows(first.snapshot!)).toBe(total); // the state before the write
    expect(rows(db)).toBe(total - 1);
    expect(store.budgetWrites.get(first.intentId!)!.snapshot).toBe(first.snapshot);

    now = new Date(2026, 10, 24, 18, 0, 0);
    const second = await writer.writeWithReceipt(deleteOne(2));
    expect(second.snapshot).toBe(first.snapshot); // the day's snapshot, taken before this write too
    // Keep 3: today's and the two newest older ones.
    expect(listSnapshots(backups).map((s) => basename(s.path))).toEqual([
      snapshotName(new Date(2026, 10, 13, 12)),
      snapshotName(new Date(2026, 10, 14, 12)),
      snapshotName(new Date(2026, 10, 24, 9)),
    ]);

    now = new Date(2026, 10, 25, 8, 0, 0);
    const third = await writer.writeWithReceipt(deleteOne(3));
    expect(third.snapshot).toBe(join(backups, snapshotName(now)));
    expect(rows(third.snapshot!)).toBe(total - 2);
    expect(readdirSync(backups).sort()).toEqual([snapshotName(new Date(2026, 10, 14, 12)), snapshotName(new Date(2026, 10, 24, 9)), snapshotName(now)].sort());
    store.close();
  });

  test("a snapshot is known by its content: a junk file named like today's is not the day's backup (nor counted, nor pruned)", async () => {
    const { db, home } = freshDir();
    const store = Store.open(join(home, "chat.db"));
    const now = new Date(2026, 10, 24, 9, 0, 0);
    const writer = new BudgetWriter(db, { journal: store, backups: { dir: backupDirFor(db), keep: 1 }, now: () => now });
    const backups = join(home, "backups");
    mkdirSync(backups);
    // Junk under today's name, and a copy of the database itself (a SQLite file budget-chat did not take) under another of today's.
    const junk = join(backups, snapshotName(now));
    writeFileSync(junk, "not a database at all");
    const copy = join(backups, snapshotName(new Date(2026, 10, 24, 8, 0, 0)));
    copyFileSync(demo, copy);
    expect([isSnapshot(junk), isSnapshot(copy)]).toEqual([false, false]);
    const total = rows(db);

    const first = await writer.writeWithReceipt(deleteOne(1));
    // A real snapshot is taken beside the junk (the next free name of that second), marked as budget-chat's own.
    expect(first.snapshot).toBe(join(backups, snapshotName(now).replace(/\.db$/, "-2.db")));
    expect(isSnapshot(first.snapshot!)).toBe(true);
    expect(queryFile(first.snapshot!, "PRAGMA application_id")).toEqual([{ application_id: SNAPSHOT_APPLICATION_ID }]);
    expect(rows(first.snapshot!)).toBe(total);
    // Keep 1: only real snapshots count; the two files that are none are left as they are.
    expect(listSnapshots(backups).map((s) => s.path)).toEqual([first.snapshot!]);
    expect(readdirSync(backups).sort()).toEqual([basename(copy), basename(junk), basename(first.snapshot!)].sort());
    expect(readFileSync(junk, "utf8")).toBe("not a database at all");
    store.close();
  });

  test("a snapshot that cannot be written stops the write: nothing changed, nothing recorded", async () => {
    const { db, home } = freshDir();
    const store = Store.open(join(home, "chat.db"));
    // The backups "folder" is a file: no snapshot can go there.
    const blocked = join(home, "not-a-dir");
    copyFileSync(demo, blocked);
    const writer = new BudgetWriter(db, { journal: store, backups: { dir: blocked, keep: 7 } });
    const total = rows(db);
    await expect(writer.write(deleteOne(1))).rejects.toThrow(/^could not back up the budget database before changing it \(.+\); nothing was changed$/);
    expect(rows(db)).toBe(total);
    expect(store.budgetWrites.list()).toEqual([]);
    store.close();
  });
});

describe("backup and restore commands", () => {
  const run = async (args: string[], cwd: string) => {
    const r = await runCli(args, { home: cwd, cwd });
    return { out: r.stdout.trim(), err: r.stderr.trim(), code: r.code };
  };

  test("backup writes a consistent copy (audited); restore puts it back, keeping the current one; refused while a server holds the database", async () => {
    const { db, home } = freshDir();
    const chat = join(home, "chat.db");
    const snap = join(home, "mine.db");
    const total = rows(db);
    const b = await run(["backup", "--db", db, "--out", snap, "--chat-db", chat], home);
    expect(b).toEqual({ out: snap, err: "", code: 0 });
    expect(rows(snap)).toBe(total);
    expect((await run(["backup", "--db", db, "--out", snap, "--chat-db", chat], home)).code).toBe(2); // exists: never overwritten

    // The data changes after the backup.
    const rw = new Database(db);
    rw.run("DELETE FROM transactions WHERE id <= 10");
    rw.close();

    // A server holds the database: a process that took the lease and is then killed without a word.
    const holder = Bun.spawn(
      [process.execPath, "-e", `const { holdServerLease } = await import(${JSON.stringify(join(root, "src/ledger/backup.ts"))}); globalThis.lease = holdServerLease(${JSON.stringify(db)}); console.log("held"); setInterval(() => {}, 1000);`],
      { stdout: "pipe", stderr: "pipe" },
    );
    children.add(holder);
    const reader = (holder.stdout as ReadableStream<Uint8Array>).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain("held");
    expect(existsSync(lockPathFor(db))).toBe(true);
    const comm = readFileSync(`/proc/${holder.pid}/comm`, "utf8").trim();
    const refused = await run(["restore", snap, "--db", db, "--chat-db", chat], home);
    expect(refused.code).toBe(1);
    expect(refused.err).toBe(`budget-chat: restore: ${db} is in use by process ${holder.pid} (${comm}); stop the server first; nothing was changed`);
    expect(rows(db)).toBe(total - 10);

    holder.kill("SIGKILL");
    await holder.exited;
    const r = await run(["restore", snap, "--db", db, "--chat-db", chat], home);
    expect(r.code).toBe(0);
    const kept = listSnapshots(join(home, "backups"));
    expect(kept).toHaveLength(1);
    expect(r.out).toBe(`Restored ${db} from ${snap}. The database as it was is kept in ${kept[0]!.path}.`);
    expect(rows(db)).toBe(total);
    expect(rows(kept[0]!.path)).toBe(total - 10);
    // The snapshot says budget-chat took it; the database put back from it says nothing of the kind (as the pipeline's).
    expect([queryFile(snap, "PRAGMA application_id"), queryFile(db, "PRAGMA application_id")]).toEqual([[{ application_id: SNAPSHOT_APPLICATION_ID }], [{ application_id: 0 }]]);
    const d = new Database(db, { readonly: true });
    expect((d.query("PRAGMA integrity_check").get() as { integrity_check: string }).integrity_check).toBe("ok");
    d.close();

    const bad = await run(["restore", join(home, "chat.db"), "--db", db, "--chat-db", chat], home);
    expect(bad.code).toBe(2);
    expect(bad.err).toBe(`budget-chat: restore: ${join(home, "chat.db")} is not a budget database (it has no transactions table); nothing was changed`);

    const store = Store.open(chat);
    const audit = store.audit.list({ kind: "write" }).reverse().map((e) => e.detail as Record<string, unknown>);
    store.close();
    expect(audit.map((a) => [a.operation, a.ok, a.snapshot])).toEqual([
      ["backup", true, snap],
      ["restore", false, snap],
      ["restore", true, snap],
    ]);
  }, 30_000);

  test("a restore refused because another restore holds the database says so, not \"stop the server first\"", async () => {
    const { db, home } = freshDir();
    const chat = join(home, "chat.db");
    const snap = join(home, "mine.db");
    expect((await run(["backup", "--db", db, "--out", snap, "--chat-db", chat], home)).code).toBe(0);
    // A process holding the lease whose command line has the argument "restore", as `budget-chat restore …` has.
    const holder = Bun.spawn(
      [process.execPath, "-e", `const { holdServerLease } = await import(${JSON.stringify(join(root, "src/ledger/backup.ts"))}); globalThis.lease = holdServerLease(${JSON.stringify(db)}); console.log("held"); setInterval(() => {}, 1000);`, "restore"],
      { stdout: "pipe", stderr: "pipe" },
    );
    children.add(holder);
    const reader = (holder.stdout as ReadableStream<Uint8Array>).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain("held");
    const comm = readFileSync(`/proc/${holder.pid}/comm`, "utf8").trim();
    const refused = await run(["restore", snap, "--db", db, "--chat-db", chat], home);
    expect(refused).toEqual({ out: "", code: 1, err: `budget-chat: restore: ${db} is in use by process ${holder.pid} (${comm}); another restore of it is under way: try again when it is done; nothing was changed` });
    holder.kill("SIGKILL");
    await holder.exited;
  }, 30_000);
});
