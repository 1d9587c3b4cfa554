/**
 * One write path (SPEC §13.1): the write lock's primitives (BEGIN, COMMIT, a thread's budget.db connection, the queue of
 * writers) are exported from their own files since write-path.ts was split, so that the path's files can share them.
 * No other file may take them: a module that did would write budget.db with no intent in chat.db (review of r4-house).
 */
import { expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "..");
const PATH_FILES = new Set(["src/ledger/write-path.ts", "src/ledger/write-lock.ts", "src/ledger/write-connections.ts", "src/ledger/write-recovery.ts"]);
const PRIMITIVES = ["begin", "commit", "beginBlocking", "ThreadConnection", "queueFor"];

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(ROOT, path)).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

test("only the write path's own files import the write lock's primitives", () => {
  const takers: string[] = [];
  for (const file of [...sources("src"), ...sources("views")]) {
    if (PATH_FILES.has(file)) continue;
    const text = readFileSync(join(ROOT, file), "utf8");
    for (const m of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*"[^"]*\/write-(?:lock|connections|path)\.ts"/g)) {
      const names = m[1]!.split(",").map((n) => n.trim().replace(/^type\s+/, "").split(/\s+as\s+/)[0]!);
      for (const n of names) if (PRIMITIVES.includes(n)) takers.push(`${file}: ${n}`);
    }
  }
  expect(takers).toEqual([]);
});
