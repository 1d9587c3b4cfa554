/**
 * A Worker that holds SQLite write locks for the reliability tests: it runs on its own
 * thread, so it keeps (and releases) a lock while the main thread sits in SQLite's busy
 * wait. Messages: {op: "lock", path, exclusive?, flag} takes BEGIN IMMEDIATE (or
 * EXCLUSIVE) on `path` and then sets Int32Array(flag)[0] = 1 (notify);
 * {op: "release"} rolls back and closes; {op: "lock", …, holdMs} releases by itself.
 */
import { Database } from "bun:sqlite";

declare const self: Worker;
let db: Database | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;

function release() {
  if (timer) clearTimeout(timer);
  timer = null;
  if (db) {
    try {
      db.run("ROLLBACK");
    } catch {
      /* not in a transaction */
    }
    db.close();
    db = null;
  }
}

self.onmessage = (ev: MessageEvent) => {
  const m = ev.data as { op: "lock" | "release"; path?: string; exclusive?: boolean; flag?: SharedArrayBuffer; holdMs?: number };
  if (m.op === "release") {
    release();
    postMessage({ released: true });
    return;
  }
  release();
  db = new Database(m.path!);
  db.run("PRAGMA busy_timeout = 10000");
  db.run(m.exclusive ? "BEGIN EXCLUSIVE" : "BEGIN IMMEDIATE");
  if (m.exclusive) db.query("SELECT count(*) FROM sqlite_schema").get();
  if (m.holdMs) timer = setTimeout(() => {
    release();
    postMessage({ released: true });
  }, m.holdMs);
  const flag = new Int32Array(m.flag!);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
  postMessage({ locked: true });
};
