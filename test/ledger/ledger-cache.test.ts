/**
 * The ledger kept in a cache file beside budget.db (src/ledger/ledger-cache.ts, issue 37 item 3):
 * used only for exactly the database it was made from, and never when that database was changed
 * behind its back — also by an edit of the same size, in rollback-journal and in WAL mode —, when
 * the file is damaged, or when the database changed just before it was read (a change in the same
 * clock tick could go unseen). Not written where the folder is read-only (the ledger is then built
 * in memory), and budget.db itself is never touched.
 *
 * How a test tells the cache was used: a ledger that is NOT the database's (its first amount
 * changed) is written as the cache of the database's identity; a BudgetDb that reads it reports
 * that amount, one that rebuilds reports the database's own. The databases are made, then left
 * alone for RACY_MS, so their files are old enough to be trusted.
 */
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, expect, test } from "bun:test";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeDemoDb } from "../../src/ledger/demo/generator.ts";
import { Ledger } from "../../src/ledger/ledger.ts";
import { cachePathOf, identityOf, RACY_MS, readCachedLedger, writeCachedLedger } from "../../src/ledger/ledger-cache.ts";
import { loadLedger } from "../../src/ledger/ledger-load.ts";
import { BudgetDb } from "../../src/ledger/reader.ts";

const root = join(import.meta.dir, "..", "..");
let dir: string;
const NAMES = ["rollback", "wal", "racy", "damaged", "readonly"] as const;
const paths = {} as Record<(typeof NAMES)[number], string>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "bc-ledger-cache-"));
  chmodSync(dir, 0o755);
  for (const name of NAMES) {
    const folder = join(dir, name);
    mkdirSync(folder);
    paths[name] = join(folder, "budget.db");
    writeDemoDb({ out: paths[name], seed: 5, transactions: 600 });
  }
  const wal = new Database(paths.wal);
  wal.run("PRAGMA journal_mode = WAL");
  wal.close(); // the last connection checkpoints and removes -wal
  chmodSync(join(dir, "readonly"), 0o555);
  // Old enough to be trusted (see ledger-cache.ts: RACY_MS).
  await Bun.sleep(RACY_MS + 100);
}, RACY_MS + 20_000);

afterAll(() => {
  chmodSync(join(dir, "readonly"), 0o755);
  rmSync(dir, { recursive: true, force: true });
});

/** The database's own ledger with its first amount changed: what only the cache can report. */
function planted(path: string): { ledger: Ledger; amount: number } {
  const db = new Database(path, { readonly: true, strict: true });
  const real = loadLedger(db);
  db.close();
  const amount = real.amountAt(0) + 1000.25; // by hand: no row of the demo data has this amount
  const changed = real.amount.slice();
  changed[0] = amount;
  return { ledger: new Ledger({ ...real, amount: changed }), amount };
}

/** The first amount a BudgetDb with the cache reports (then closed). */
function firstAmount(path: string): number {
  const db = BudgetDb.open(path, { ledgerCache: true });
  try {
    return db.ledger().amountAt(0);
  } finally {
    db.close();
  }
}

function plantCache(path: string): number {
  const id = identityOf(path)!;
  const { ledger, amount } = planted(path);
  // Read now: the files were last changed more than RACY_MS ago (beforeAll).
  expect(writeCachedLedger(path, id, Date.now(), ledger)).toBe(true);
  return amount;
}

test("a cache of exactly this database is used; the same-size edit of one amount (rollback journal) is seen", () => {
  const path = paths.rollback;
  const amount = plantCache(path);
  expect(firstAmount(path)).toBe(amount);
  const before = statSync(path).size;
  const w = new Database(path);
  const first = w.query("SELECT id, amount FROM transactions ORDER BY date, id LIMIT 1").get() as { id: number; amount: number };
  // Same size: one REAL replaced by another (both 8 bytes), in place.
  w.query("UPDATE transactions SET amount = ? WHERE id = ?").run(first.amount - 0.05, first.id);
  w.close();
  expect(statSync(path).size).toBe(before);
  expect(firstAmount(path)).toBe(first.amount - 0.05);
});

test("WAL mode: an edit still in the -wal, then an edit checkpointed into the main file (same size), are seen", async () => {
  const path = paths.wal;
  const amount = plantCache(path);
  expect(firstAmount(path)).toBe(amount);
  const w = new Database(path);
  w.run("PRAGMA wal_autocheckpoint = 0");
  const first = w.query("SELECT id, amount FROM transactions ORDER BY date, id LIMIT 1").get() as { id: number; amount: number };
  w.query("UPDATE transactions SET amount = ? WHERE id = ?").run(first.amount - 0.1, first.id);
  expect(existsSync(`${path}-wal`)).toBe(true);
  expect(firstAmount(path)).toBe(first.amount - 0.1);
  w.close(); // checkpoints and removes the -wal
  // A cache of that state once it is old enough, then a change checkpointed away: main file of the same size, no -wal left.
  await Bun.sleep(RACY_MS + 100);
  const size = statSync(path).size;
  const again = plantCache(path);
  expect(firstAmount(path)).toBe(again);
  const w2 = new Database(path);
  w2.query("UPDATE transactions SET amount = ? WHERE id = ?").run(first.amount - 0.2, first.id);
  w2.close();
  expect([existsSync(`${path}-wal`), statSync(path).size]).toEqual([false, size]);
  expect(firstAmount(path)).toBe(first.amount - 0.2);
}, RACY_MS + 10_000);

test("a database changed just before it was read is not cached (a change in the same clock tick could go unseen), later it is", async () => {
  const path = paths.racy;
  const w = new Database(path);
  w.run("UPDATE transactions SET amount = amount - 0.01 WHERE id = 1");
  w.close();
  firstAmount(path);
  expect(existsSync(cachePathOf(path))).toBe(false);
  await Bun.sleep(RACY_MS + 100);
  const built = firstAmount(path);
  expect(existsSync(cachePathOf(path))).toBe(true);
  // The cache written holds the database's own ledger.
  const db = new Database(path, { readonly: true, strict: true });
  const real = loadLedger(db);
  db.close();
  const cached = readCachedLedger(path, identityOf(path)!)!;
  expect(built).toBe(real.amountAt(0));
  expect([cached.size, [...cached.amount], [...cached.id], cached.merchants, cached.categoryNames]).toEqual([real.size, [...real.amount], [...real.id], real.merchants, real.categoryNames]);
}, RACY_MS * 2 + 10_000);

test("a damaged cache (cut short, or one byte changed) is not used", () => {
  const path = paths.damaged;
  const amount = plantCache(path);
  const cache = cachePathOf(path);
  const whole = readFileSync(cache);
  truncateSync(cache, whole.length - 100);
  expect(firstAmount(path)).not.toBe(amount);
  const flipped = Buffer.from(whole);
  flipped[flipped.length - 200]! ^= 1;
  writeFileSync(cache, flipped);
  expect(firstAmount(path)).not.toBe(amount);
  writeFileSync(cache, whole);
  expect(firstAmount(path)).toBe(amount);
});

test("a folder this user cannot write: no cache file, the figures built in memory; budget.db unchanged", () => {
  const path = paths.readonly;
  const bytes = readFileSync(path);
  const script = join(dir, "readonly-probe.ts");
  writeFileSync(
    script,
    `import { BudgetDb } from ${JSON.stringify(join(root, "src/ledger/reader.ts"))};
const db = BudgetDb.open(${JSON.stringify(path)}, { ledgerCache: true });
console.log(JSON.stringify({ rows: db.summary().transactionCount }));`,
  );
  chmodSync(script, 0o644);
  // Root may write anywhere: run as nobody.
  const cmd = process.getuid?.() === 0 ? ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", process.execPath, script] : [process.execPath, script];
  const run = Bun.spawnSync(cmd, { env: { PATH: process.env.PATH ?? "", HOME: dir }, stdout: "pipe", stderr: "pipe" });
  expect(run.stderr.toString()).toBe("");
  expect(JSON.parse(run.stdout.toString())).toEqual({ rows: 600 });
  expect(existsSync(cachePathOf(path))).toBe(false);
  expect(readFileSync(path).equals(bytes)).toBe(true);
});
