/**
 * Ledger benchmark (src/ledger/ledger.ts): how long `loadLedger` takes and how much it
 * holds, and what a full scan and a text search over it cost next to the same question
 * asked of SQLite on the same file.
 *
 *   node_modules/.bin/bun bench/ledger-load.ts [--runs N]
 *
 * Writes the demo databases once under /tmp/budget-chat-ledger-bench/ (7,300 and
 * 1,000,000 rows, seed 1) and reuses them afterwards. The machine is shared and noisy:
 * ledger and SQL timings alternate run by run so load from other processes hits both.
 * Note: the demo database carries an index on `date` (DEMO_DATE_INDEX); none of the
 * queries here can use it (full-table grouping and LIKE '%…%'), so the SQL figures are
 * what a user's index-free database gives too.
 * Targets: load ≤ ~1.5 s at 1M rows; a full scan ≤ ~20 ms.
 */
import { Database } from "bun:sqlite";
import { existsSync, mkdirSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { join } from "node:path";
import { writeDemoDb } from "../src/ledger/demo/generator.ts";
import { textsOf, type Ledger } from "../src/ledger/ledger.ts";
import { loadLedger } from "../src/ledger/ledger-load.ts";

const DIR = "/tmp/budget-chat-ledger-bench";
const runsArg = process.argv.indexOf("--runs");
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;

const fmt = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(0));
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const summary = (xs: number[]) => `min ${fmt(Math.min(...xs))} / median ${fmt(median(xs)!)} / max ${fmt(Math.max(...xs))} ms`;

function time<T>(f: () => T): [T, number] {
  const t = performance.now();
  const r = f();
  return [r, performance.now() - t];
}

function demo(rows: number): string {
  mkdirSync(DIR, { recursive: true });
  const path = join(DIR, `demo-${rows}.db`);
  if (existsSync(path)) {
    const db = new Database(path, { readonly: true });
    const n = (db.query("SELECT count(*) AS n FROM transactions").get() as { n: number }).n;
    db.close();
    if (n === rows) return path;
  }
  const [, dt] = time(() => writeDemoDb({ out: path, seed: 1, transactions: rows, force: true }));
  console.log(`wrote ${path} (${rows} rows) in ${fmt(dt)} ms`);
  return path;
}

/** Bytes held by the ledger's typed arrays (outside the JS heap for large arrays). */
function columnBytes(l: Ledger): number {
  return [l.id, l.day, l.month, l.amount, l.currency, l.category, l.merchant, l.description, l.confidence, l.source].reduce(
    (a, c) => a + c.byteLength,
    0,
  );
}

/** Characters in the dictionaries (each UTF-16 code unit ~1–2 bytes). */
function dictionaryChars(l: Ledger): number {
  let n = 0;
  for (const d of [l.currencies, l.categoryNames, textsOf(l.merchants), textsOf(l.descriptions), l.sources]) for (const s of d) n += s.length;
  return n;
}

/** Sum of amounts per category over the whole ledger (the spending_by_category shape). */
function scanByCategory(l: Ledger): Float64Array {
  const sums = new Float64Array(l.categoryNames.length);
  const cat = l.category;
  const amt = l.amount;
  for (let i = 0, n = l.size; i < n; i++) sums[cat[i]!]! += amt[i]!;
  return sums;
}

function searchSum(l: Ledger, term: string): { n: number; total: number } {
  const rows = l.matchingRows(term);
  let total = 0;
  for (let k = 0; k < rows.length; k++) total += l.amount[rows[k]!]!;
  return { n: rows.length, total };
}

const cents = (x: number) => Math.round(x * 100) / 100;

function bench(rows: number): void {
  const path = demo(rows);
  const db = new Database(path, { readonly: true, strict: true });
  db.run("PRAGMA busy_timeout = 5000");
  console.log(`\n== ${rows.toLocaleString("en-US")} rows (${path})`);

  // Warm the OS page cache and SQLite's statement cache, so the first run is not an outlier.
  db.query("SELECT count(*) FROM transactions").get();

  // --- load
  Bun.gc(true);
  const heap0 = process.memoryUsage().heapUsed;
  const rss0 = process.memoryUsage().rss;
  const loads: number[] = [];
  let ledger: Ledger | null = null;
  for (let r = 0; r < RUNS; r++) {
    ledger = null;
    Bun.gc(true);
    const [l, dt] = time(() => loadLedger(db));
    loads.push(dt);
    ledger = l;
  }
  const l = ledger as Ledger;
  Bun.gc(true);
  const mem = process.memoryUsage();
  console.log(`load            ${summary(loads)}  (${RUNS} runs)`);
  console.log(
    `held after load heapUsed +${mb(mem.heapUsed - heap0)}, rss +${mb(mem.rss - rss0)}; columns ${mb(columnBytes(l))}, ` +
      `dictionaries ${l.merchants.length} merchants / ${l.descriptions.length} descriptions / ${l.categoryNames.length} categories ` +
      `(${dictionaryChars(l).toLocaleString("en-US")} chars)`,
  );

  // --- full scan: sum by category, ledger vs SQL (alternating)
  const sqlGroup = db.query("SELECT COALESCE(category, 'Uncategorised') AS category, SUM(amount) AS total FROM transactions GROUP BY category");
  const scans: number[] = [];
  const sqls: number[] = [];
  let sums: Float64Array = new Float64Array(0);
  let sqlRows: { category: string; total: number }[] = [];
  for (let r = 0; r < RUNS; r++) {
    for (let k = 0; k < 4; k++) {
      const [s, dt] = time(() => scanByCategory(l));
      scans.push(dt);
      sums = s;
    }
    const [rowsOut, dt] = time(() => sqlGroup.all() as { category: string; total: number }[]);
    sqls.push(dt);
    sqlRows = rowsOut;
  }
  const same = sqlRows.every((r) => cents(sums[l.categoryIndex(r.category)]!) === cents(r.total)) && sqlRows.length === l.categoryNames.length;
  console.log(`sum by category ledger ${summary(scans)}`);
  console.log(`                SQL    ${summary(sqls)}   results equal: ${same}`);

  // --- text search: textMatch + row scan, ledger vs SQL LIKE (alternating)
  const sqlLike = db.query(
    "SELECT count(*) AS n, SUM(amount) AS total FROM transactions WHERE merchant_name LIKE '%migros%' OR raw_description LIKE '%migros%'",
  );
  const [first, firstDt] = time(() => searchSum(l, "migros")); // builds the folded dictionaries
  const searches: number[] = [];
  const likes: number[] = [];
  let ours = first;
  let theirs = { n: 0, total: 0 };
  for (let r = 0; r < RUNS; r++) {
    const [o, dt] = time(() => searchSum(l, "migros"));
    searches.push(dt);
    ours = o;
    const [t, dt2] = time(() => sqlLike.get() as { n: number; total: number });
    likes.push(dt2);
    theirs = t;
  }
  console.log(`search "migros" ledger ${summary(searches)}  (first call, folding the dictionaries: ${fmt(firstDt)} ms)`);
  console.log(
    `                SQL    ${summary(likes)}   ${ours.n} rows; results equal: ${ours.n === theirs.n && cents(ours.total) === cents(theirs.total)}`,
  );
  db.close();
}

console.log(`bun ${Bun.version}, ${availableParallelism()} cores, load average ${loadavg().map((x: number) => x.toFixed(2)).join(" ")}`);
bench(7300);
bench(1_000_000);
