/**
 * 15. The command line at 1M rows: `budget-chat tool spending_by_category '{}'` (the compiled
 * binary, a new process each time, as a script or a shell would call it) against a plain
 * `sqlite3` run of the same figures (the CLI shell on the same file, one GROUP BY).
 *
 * Ours reads the ledger from its cache file beside the database (src/ledger/ledger-cache.ts):
 * one read instead of building it from every row. Also shown: the same call without that
 * file (the first call after an import: it builds the ledger and writes the file).
 * Alternating runs; peak RSS of each process from its resource usage.
 * Targets (issue 37 item 3): with the cache file, ≤ 3× sqlite3 (p50) and peak RSS ≤ 250 MB.
 */
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { RACY_MS } from "../src/ledger/ledger-cache.ts";
import { type Check, demoDb, emit, mb, ms, OUT_DIR, ourBinary, ratio, reps, sleep, stats, timer } from "./lib.ts";

const elapsed = timer();
const RATIO_LIMIT = 3;
const RSS_LIMIT = 250 * 1024 * 1024;
const CWD = join(OUT_DIR, "cli-cwd");
/** The figures of spending_by_category {}: spending per currency and category (SPEC §1), as one statement. */
const SQL =
  "SELECT currency, category, -SUM(amount) AS total, COUNT(*) AS n FROM transactions " +
  "WHERE category NOT IN ('Income', 'Transfers', 'Investments') GROUP BY currency, category";

const sqlite3 = Bun.which("sqlite3");
if (!sqlite3) throw new Error("cli-tool needs the sqlite3 command (apt-get install sqlite3)");

const { path: BIN, buildMs } = ourBinary();
rmSync(CWD, { recursive: true, force: true });
mkdirSync(CWD, { recursive: true });
const db = demoDb(1_000_000);
const cache = join(dirname(db), `.${basename(db)}.ledger`);

type Run = { ms: number; rss: number; out: string };
async function run(cmd: string[]): Promise<Run> {
  const start = performance.now();
  const p = Bun.spawn(cmd, { cwd: CWD, stdout: "pipe", stderr: "pipe", env: { ...process.env, ANTHROPIC_API_KEY: "" } });
  const out = await new Response(p.stdout).text();
  const code = await p.exited;
  const took = performance.now() - start;
  if (code !== 0) throw new Error(`${cmd.join(" ")} exited ${code}: ${await new Response(p.stderr).text()}`);
  return { ms: took, rss: p.resourceUsage()?.maxRSS ?? NaN, out };
}
const ours = () => run([BIN, "tool", "spending_by_category", "{}", "--db", db, "--chat-db", join(CWD, "chat.db")]);
const plain = () => run([sqlite3, db, SQL]);

// The cache file as a first call writes it (a database changed less than RACY_MS ago is not cached yet: wait).
rmSync(cache, { force: true });
await ours();
if (!existsSync(cache)) {
  await sleep(RACY_MS + 100);
  await ours();
}
if (!existsSync(cache)) throw new Error(`no ledger cache file was written at ${cache}`);
await plain();

// 5 each (was 7): the check is a p50 ratio with a limit of 3× that stays near 0.15× (sqlite3 ~1.2 s a run at 1M rows).
const n = reps(5, 2);
const withCache: Run[] = [];
const sql: Run[] = [];
for (let i = 0; i < n; i++) {
  if (i % 2 === 0) {
    withCache.push(await ours());
    sql.push(await plain());
  } else {
    sql.push(await plain());
    withCache.push(await ours());
  }
}
// The first call after an import: no cache file; it builds the ledger (and writes the file again).
const cold: Run[] = [];
for (let i = 0; i < reps(2, 1); i++) {
  rmSync(cache, { force: true });
  cold.push(await ours());
}
const summary = JSON.parse(withCache[0]!.out).summary as string;

const o = stats(withCache.map((r) => r.ms));
const s = stats(sql.map((r) => r.ms));
const c = stats(cold.map((r) => r.ms));
const peak = Math.max(...withCache.map((r) => r.rss));
const coldPeak = Math.max(...cold.map((r) => r.rss));
const r = o.p50 / s.p50;

const checks: Check[] = [
  {
    name: "budget-chat tool spending_by_category at 1M rows vs sqlite3, ledger cache file present (p50)",
    target: `≤ ${RATIO_LIMIT}×`,
    value: `${ratio(r)} (${ms(o.p50)} vs ${ms(s.p50)})`,
    ok: r <= RATIO_LIMIT,
    why: r <= RATIO_LIMIT ? undefined : "loading the bundle, reading the cache file (columns and dictionaries), the tool and the JSON output",
  },
  {
    name: "its peak RSS",
    target: "≤ 250 MB",
    value: mb(peak),
    ok: peak <= RSS_LIMIT,
    why: peak <= RSS_LIMIT ? undefined : "the cache file read whole, the dictionaries, the tool's output",
  },
];

emit({
  id: "cli-tool",
  title: "Command line at 1M rows (budget-chat tool vs a plain sqlite3 run of the same figures)",
  method: [
    `ours: ${basename(BIN)} (built as npm run build builds it, once per suite run: ${ms(buildMs)}) tool spending_by_category '{}' --db <1M-row demo>, a new process per call`,
    `baseline: sqlite3 <same file> "${SQL}"`,
    `alternating, ${n} each; peak RSS from each process's resource usage; "no cache file": the file removed before each call`,
  ],
  columns: ["command", "n", "p50", "p95", "min", "max", "vs sqlite3 p50", "peak RSS"],
  rows: [
    ["budget-chat tool spending_by_category, ledger cache file present", String(o.n), ms(o.p50), ms(o.p95), ms(o.min), ms(o.max), ratio(r), mb(peak)],
    ["sqlite3, the same figures as one GROUP BY", String(s.n), ms(s.p50), ms(s.p95), ms(s.min), ms(s.max), "1.00×", mb(Math.max(...sql.map((x) => x.rss)))],
    ["budget-chat tool …, no cache file (first call after an import; info)", String(c.n), ms(c.p50), ms(c.p95), ms(c.min), ms(c.max), ratio(c.p50 / s.p50), mb(coldPeak)],
  ],
  checks,
  notes: [`the tool's summary: ${summary.slice(0, 160)}…`],
  seconds: elapsed(),
});
