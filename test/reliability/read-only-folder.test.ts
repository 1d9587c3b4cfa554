/**
 * Issue 25 item 4: a WAL-mode budget.db in a folder this user cannot write (SQLite cannot
 * create its -shm there). With every change in the main file it opens read-only
 * (immutable) and answers; with changes still in its -wal it is refused with the real
 * cause. Run as an unprivileged user (root may write anywhere): through setpriv when
 * the tests run as root.
 */
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, expect, test } from "bun:test";
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeDemoDb } from "../../src/ledger/demo/generator.ts";

const root = join(import.meta.dir, "..", "..");
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "bc-rofolder-"));
  chmodSync(dir, 0o755);
});
afterAll(() => {
  for (const sub of ["clean", "pending"]) {
    try {
      chmodSync(join(dir, sub), 0o755);
    } catch {
      /* not made */
    }
  }
  rmSync(dir, { recursive: true, force: true });
});

/** A WAL database in `sub`, then the folder made read-only. `pendingWal`: a -wal with a committed change beside it. */
function walDbIn(sub: string, pendingWal: boolean): string {
  const folder = join(dir, sub);
  mkdirSync(folder);
  const path = join(folder, "budget.db");
  writeDemoDb({ out: path, seed: 3, transactions: 800 });
  const db = new Database(path);
  db.run("PRAGMA journal_mode = WAL");
  db.close(); // the last connection checkpoints and removes -wal and -shm
  if (pendingWal) {
    // A change that is only in the -wal: a copy of the pair taken while a writer had not checkpointed yet.
    const w = new Database(path);
    w.run("PRAGMA wal_autocheckpoint = 0");
    w.run("UPDATE transactions SET amount = amount * 2 WHERE id = 1");
    copyFileSync(`${path}-wal`, join(dir, "saved-wal"));
    w.close();
    copyFileSync(join(dir, "saved-wal"), `${path}-wal`);
    chmodSync(`${path}-wal`, 0o644);
  }
  chmodSync(path, 0o644);
  chmodSync(folder, 0o555);
  return path;
}

/** Run a script as an unprivileged user; its stdout. */
function runUnprivileged(script: string): { out: string; err: string } {
  const file = join(dir, `script-${Math.random().toString(36).slice(2)}.ts`);
  writeFileSync(file, script);
  chmodSync(file, 0o644);
  const cmd = process.getuid?.() === 0 ? ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", process.execPath, file] : [process.execPath, file];
  const p = Bun.spawnSync(cmd, { env: { PATH: process.env.PATH ?? "", HOME: dir }, stdout: "pipe", stderr: "pipe" });
  return { out: p.stdout.toString().trim(), err: p.stderr.toString().trim() };
}

const probe = (path: string) => `
import { BudgetDb } from ${JSON.stringify(join(root, "src/ledger/reader.ts"))};
try {
  const db = BudgetDb.open(${JSON.stringify(path)});
  const s = db.summary();
  const n = db.get("SELECT count(*) AS n FROM transactions WHERE amount < $limit", { limit: 0 });
  console.log(JSON.stringify({ ok: true, rows: s.transactionCount, out: n.n }));
} catch (e) {
  console.log(JSON.stringify({ ok: false, error: e.message }));
}`;

test("every change in the main file: opens read-only (immutable) and reads all rows", () => {
  const path = walDbIn("clean", false);
  const ro = new Database(path, { readonly: true });
  const expected = (ro.query("SELECT count(*) AS n, sum(amount < 0) AS o FROM transactions").get() as { n: number; o: number });
  ro.close();
  const { out, err } = runUnprivileged(probe(path));
  expect(err).toBe("");
  expect(JSON.parse(out)).toEqual({ ok: true, rows: expected.n, out: expected.o });
});

test("changes still in the -wal: refused with the real cause, not 'not a SQLite database'", () => {
  const path = walDbIn("pending", true);
  const { out } = runUnprivileged(probe(path));
  const r = JSON.parse(out) as { ok: boolean; error: string };
  expect(r.ok).toBe(false);
  expect(r.error).toMatch(
    new RegExp(
      `^${path.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")} cannot open read-only: it is in WAL mode with changes still in .+-wal \\(\\d+ bytes\\), and SQLite needs to create .+-shm next to it, but .+ is not writable for this user\\.`,
    ),
  );
});
