/**
 * Snapshots of budget.db (SPEC §13): the write path keeps one before the first write of a
 * day (src/ledger/write-path.ts), `budget-chat backup` takes one on demand, and
 * `budget-chat restore` puts one back while no server uses the database.
 *
 * A snapshot is `VACUUM INTO` from a read-only connection: one consistent read
 * transaction, so a pipeline writing at the same time is either wholly in it or not at all.
 * Names are `budget-<RFC 3339 UTC time>.db`; on Windows, where file names cannot hold ':',
 * the time's colons are written as '-' (both spellings are read back). A snapshot is known
 * by its content, not only its name: a whole SQLite file with a transactions table whose
 * `PRAGMA application_id` says budget-chat took it (a junk file named like one is no
 * backup, and is neither counted nor pruned).
 */
import { Database } from "bun:sqlite";
import { existsSync, linkSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, unlinkSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";

/** `PRAGMA application_id` of the snapshots budget-chat takes ("bcsn"); a restored database carries none again (0, as the pipeline's). */
export const SNAPSHOT_APPLICATION_ID = 0x6263736e;

/** The default folder of a budget database's snapshots: `backups/` beside it. */
export function backupDirFor(dbPath: string): string {
  return join(dirname(resolve(dbPath)), "backups");
}

/** `budget-2026-11-24T20:43:57Z.db` (seconds; ':' as '-' on Windows). */
export function snapshotName(at: Date): string {
  const time = at.toISOString().replace(/\.\d{3}Z$/, "Z");
  return `budget-${process.platform === "win32" ? time.replaceAll(":", "-") : time}.db`;
}

const NAME = /^budget-(\d{4}-\d{2}-\d{2})T(\d{2})[:-](\d{2})[:-](\d{2})(?:\.\d+)?Z(?:-\d+)?\.db$/;

/** The snapshots budget-chat took in `dir` (by name and content: isSnapshot), oldest first. */
export function listSnapshots(dir: string): { path: string; at: Date }[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .flatMap((name) => {
      const m = NAME.exec(name);
      return m && isSnapshot(join(dir, name)) ? [{ path: join(dir, name), at: new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}Z`) }] : [];
    })
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.path.localeCompare(b.path));
}

/**
 * Whether `path` is a snapshot budget-chat took: a whole SQLite file (its header's page
 * size × page count is the file's size), our application id, a transactions table. Cheap:
 * the header and the schema, not the pages.
 */
export function isSnapshot(path: string): boolean {
  let db: Database | undefined;
  try {
    db = new Database(path, { readonly: true, strict: true });
    const one = <T>(sql: string) => db!.query(sql).get() as T;
    if (one<{ application_id: number }>("PRAGMA application_id").application_id !== SNAPSHOT_APPLICATION_ID) return false;
    const size = one<{ page_size: number }>("PRAGMA page_size").page_size * one<{ page_count: number }>("PRAGMA page_count").page_count;
    if (size !== statSync(path).size) return false;
    return one<{ n: number }>("SELECT count(*) AS n FROM sqlite_schema WHERE type = 'table' AND name = 'transactions'").n === 1;
  } catch {
    return false; // not SQLite, or damaged
  } finally {
    db?.close();
  }
}

/**
 * Write a consistent copy of the database at `dbPath` to `out` (which must not exist). Returns `out`.
 * Written under a name of this process and linked into place: a half-written copy never carries a
 * snapshot's name, and two processes snapshotting at once never write into, or delete, each other's.
 * `applicationId`: what the copy says it is (default: a snapshot budget-chat took).
 */
export function takeSnapshot(dbPath: string, out: string, applicationId = SNAPSHOT_APPLICATION_ID): string {
  if (!existsSync(dbPath)) throw new Error(`${dbPath} does not exist`);
  if (existsSync(out)) throw new Error(`${out} exists already; refusing to overwrite it`);
  mkdirSync(dirname(resolve(out)), { recursive: true });
  const tmp = join(dirname(resolve(out)), `.${basename(out)}.${process.pid}.partial`);
  rmSync(tmp, { force: true });
  const db = new Database(dbPath, { readonly: true, strict: true });
  try {
    db.run("PRAGMA busy_timeout = 5000");
    db.query("VACUUM INTO ?").run(tmp);
    const copy = new Database(tmp, { readwrite: true, strict: true });
    try {
      copy.run(`PRAGMA application_id = ${applicationId}`);
    } finally {
      copy.close();
    }
    linkSync(tmp, out);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EEXIST") throw new Error(`${out} exists already; refusing to overwrite it`);
    throw err;
  } finally {
    db.close();
    rmSync(tmp, { force: true });
  }
  return out;
}

/** A new snapshot file name in `dir` for `at` (suffixed when two are taken within one second). */
export function freshSnapshotPath(dir: string, at: Date): string {
  const base = join(dir, snapshotName(at));
  if (!existsSync(base)) return base;
  for (let n = 2; ; n++) {
    const p = base.replace(/\.db$/, `-${n}.db`);
    if (!existsSync(p)) return p;
  }
}

/** Keep the newest `keep` snapshots in `dir`; returns the ones deleted. */
export function pruneSnapshots(dir: string, keep: number): string[] {
  const all = listSnapshots(dir);
  const gone = all.slice(0, Math.max(0, all.length - Math.max(1, keep)));
  for (const s of gone) rmSync(s.path, { force: true });
  return gone.map((s) => s.path);
}

/** Local calendar day, the user's "a day". */
function localDay(d: Date): string {
  return `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
}

/**
 * Before the first write of a (local) day: take a snapshot and keep the newest `keep`.
 * Returns the newest snapshot of today (the one taken now, or the one taken earlier today:
 * a real one, see isSnapshot). Throws when the snapshot cannot be written: the write must
 * not go ahead without it.
 */
export function dailySnapshot(dbPath: string, dir: string, keep: number, now: Date): string {
  const today = listSnapshots(dir).filter((s) => localDay(s.at) === localDay(now));
  if (today.length) return today.at(-1)!.path;
  let path: string;
  try {
    path = takeSnapshot(dbPath, freshSnapshotPath(dir, now));
  } catch (err) {
    // Writers take this under budget.db's write lock, but `budget-chat backup` does not: if it wrote a snapshot of today at the same moment, that one is it.
    const meanwhile = listSnapshots(dir).filter((s) => localDay(s.at) === localDay(now));
    if (meanwhile.length) return meanwhile.at(-1)!.path;
    throw new Error(`could not back up the budget database before changing it (${(err as Error).message}); nothing was changed`);
  }
  // `budget-chat backup` may have written one of today at the same time (under another name): the first one is the
  // day's snapshot, a later one of the same moment is dropped.
  const first = listSnapshots(dir).find((s) => localDay(s.at) === localDay(now));
  if (first && first.path !== path) {
    rmSync(path, { force: true });
    return first.path;
  }
  pruneSnapshots(dir, keep);
  return path;
}

// ----------------------------------------------------------------- in use by a server

/**
 * A server's honest claim on a budget database: a read transaction on a small SQLite file
 * beside it (`<db>.budget-chat-lock`), held for the server's life. The operating system drops
 * the lock with the process, however it ends (even kill -9), so a stale pid file cannot
 * fool `restore`: restore asks for an exclusive lock, which any live holder refuses.
 */
export function lockPathFor(dbPath: string): string {
  return `${resolve(dbPath)}.budget-chat-lock`;
}

export type ServerLease = { release(): void };

/** Hold the lease on `dbPath` until released (null when its folder cannot hold the lock file, e.g. read-only). */
export function holdServerLease(dbPath: string): ServerLease | null {
  let db: Database;
  try {
    db = new Database(lockPathFor(dbPath), { create: true, strict: true });
    db.run("PRAGMA journal_mode = DELETE");
    db.run("CREATE TABLE IF NOT EXISTS lease (pid INTEGER)");
    db.run("BEGIN");
    db.query("SELECT count(*) FROM lease").get(); // the shared lock, held until release
  } catch {
    return null;
  }
  return {
    release() {
      try {
        db.run("ROLLBACK");
      } catch {
        /* already gone */
      }
      db.close();
    },
  };
}

/**
 * Who holds a lease on `dbPath` right now (null: nobody), and whether one of them is a restore of it
 * (its command line says `restore`) rather than a server. Takes the exclusive lock for a moment to ask.
 */
export function serverUsing(dbPath: string): { who: string; restoring: boolean } | null {
  const path = lockPathFor(dbPath);
  if (!existsSync(path)) return null;
  let db: Database;
  try {
    db = new Database(path, { strict: true });
  } catch {
    return null;
  }
  try {
    db.run("PRAGMA busy_timeout = 0");
    db.run("BEGIN EXCLUSIVE");
    db.run("ROLLBACK");
    return null;
  } catch {
    const pids = lockHolders(path) ?? [];
    return { who: pids.length ? describe(pids) : "a budget-chat server", restoring: pids.some(runsRestore) };
  } finally {
    db.close();
  }
}

/** Refuse a file that is not a sound budget database snapshot (missing, not SQLite, damaged, no transactions table). */
export function checkSnapshot(snapshot: string): void {
  if (!existsSync(snapshot) || !statSync(snapshot).isFile()) throw new Error(`${snapshot} does not exist`);
  const check = new Database(snapshot, { readonly: true, strict: true });
  try {
    const ok = (check.query("PRAGMA integrity_check").get() as { integrity_check: string }).integrity_check;
    if (ok !== "ok") throw new Error(`${snapshot} is damaged (integrity_check: ${ok})`);
    if (!check.query("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'transactions'").get()) {
      throw new Error(`${snapshot} is not a budget database (it has no transactions table)`);
    }
  } catch (err) {
    if (/not a database|file is not/i.test((err as Error).message)) throw new Error(`${snapshot} is not a SQLite database`);
    throw err;
  } finally {
    check.close();
  }
}

/**
 * Put `snapshot` in place of the database at `dbPath`: checked first (a SQLite file that
 * passes integrity_check and has a transactions table), refused while a server uses the
 * database or another program holds it, and the current database kept as a snapshot
 * first. Returns that safety snapshot's path.
 */
export function restoreSnapshot(snapshot: string, dbPath: string, backupDir: string, now: Date): { safety: string | null } {
  checkSnapshot(snapshot);
  const user = serverUsing(dbPath);
  if (user) throw new Error(`${dbPath} is in use by ${user.who}; ${user.restoring ? "another restore of it is under way: try again when it is done" : "stop the server first"}`);
  // Hold the lease while restoring, so a server cannot start on a half-restored database.
  const lease = holdServerLease(dbPath);
  try {
    let safety: string | null = null;
    if (existsSync(dbPath)) {
      safety = takeSnapshot(dbPath, freshSnapshotPath(backupDir, now));
      // Fold any WAL into the file and make sure no other program is inside a transaction right now.
      const db = new Database(dbPath, { strict: true });
      try {
        db.run("PRAGMA busy_timeout = 0");
        db.query("PRAGMA wal_checkpoint(TRUNCATE)").get();
        db.run("BEGIN EXCLUSIVE");
        db.run("ROLLBACK");
      } catch (err) {
        throw new Error(`${dbPath} is in use by ${whoHolds(dbPath) ?? "another program"} (${(err as Error).message}); try again when it is done`);
      } finally {
        db.close();
      }
    }
    // Copy beside the target, then rename over it: the database is the old one or the new one, never half of each.
    const tmp = join(dirname(resolve(dbPath)), `.${basename(dbPath)}.restoring`);
    rmSync(tmp, { force: true });
    takeSnapshot(snapshot, tmp, 0);
    for (const side of ["-wal", "-shm", "-journal"]) {
      try {
        unlinkSync(dbPath + side);
      } catch {
        /* none */
      }
    }
    renameSync(tmp, dbPath);
    return { safety };
  } finally {
    lease?.release();
  }
}

/**
 * Which other processes hold a lock on the file, where the system says so (Linux
 * /proc/locks: SQLite's locks are POSIX locks on the database file). Null elsewhere.
 */
export function whoHolds(path: string): string | null {
  const pids = lockHolders(path);
  return pids?.length ? describe(pids) : null;
}

/** The other processes with a POSIX lock on the file (Linux /proc/locks), or null where that cannot be read. */
function lockHolders(path: string): number[] | null {
  try {
    const ino = statSync(path).ino;
    const pids = new Set<number>();
    for (const line of readFileSync("/proc/locks", "utf8").split("\n")) {
      const f = line.trim().split(/\s+/);
      // "1: POSIX  ADVISORY  READ 1234 08:01:5678 1073741824 1073741825"
      const pid = Number(f[4]);
      const inode = Number(f[5]?.split(":")[2]);
      if (f[1] === "POSIX" && inode === ino && Number.isInteger(pid) && pid !== process.pid) pids.add(pid);
    }
    return [...pids];
  } catch {
    return null;
  }
}

/** "process 1234 (bun), process 99" (the name where the system still has it). */
function describe(pids: readonly number[]): string {
  return pids
    .map((pid) => {
      let name = "";
      try {
        name = readFileSync(`/proc/${pid}/comm`, "utf8").trim();
      } catch {
        /* gone already */
      }
      return name ? `process ${pid} (${name})` : `process ${pid}`;
    })
    .join(", ");
}

/** Whether the process is a `budget-chat restore` (an argument of its command line is exactly "restore"). */
function runsRestore(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").includes("restore");
  } catch {
    return false;
  }
}
