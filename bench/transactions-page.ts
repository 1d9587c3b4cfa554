/**
 * Transactions page at 1M rows (issue 24): the first response of GET /transactions with a
 * filter, through the whole web app over loopback HTTP (session middleware, filters parsed,
 * one pass over the in-memory ledger for the page, the count and the totals per currency,
 * the page rendered and compressed), against the SQL floor of the same page: the page's 50
 * rows and the totals per currency as two prepared bun:sqlite statements on a read-only
 * connection of their own, nothing rendered.
 *
 * Ours and the floor alternate request by request (order flipped every round), so load
 * from other processes hits both alike. The ledger is built before measuring (as after
 * the first question since the last import); the one-off costs (ledger rebuild, the
 * amount order built on the first sort by amount) are printed apart.
 * Targets: ours ≤ 2× the floor (p50) and ≤ 150 ms p95, for every case.
 */
import Anthropic from "@anthropic-ai/sdk";
import { Database, type Statement } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../src/app.ts";
import { amountOrder } from "../src/transactions/listing.ts";
import { loadAssets } from "../src/web/assets.ts";
import { DEFAULT_LIMITS } from "../src/web/context.ts";
import { allowedHostsFor } from "../src/web/middleware/host-check/index.ts";
import { createWebApp } from "../src/web/server.ts";
import { type Check, demoDb, emit, ms, ratio, reps, stats, timer } from "./lib.ts";

const elapsed = timer();
const P95_LIMIT_MS = 150;
const RATIO_LIMIT = 2;

const SEARCH = "(merchant_name LIKE $p ESCAPE '\\' OR raw_description LIKE $p ESCAPE '\\')";
const COLUMNS = "id, date, amount, currency, merchant_name, category, raw_description";
const totals = (where: string) =>
  `SELECT upper(trim(currency)) AS currency, count(*) AS n, -TOTAL(CASE WHEN amount < 0 THEN amount END) AS out_total, TOTAL(CASE WHEN amount > 0 THEN amount END) AS in_total
   FROM transactions WHERE ${where} GROUP BY 1 ORDER BY n DESC`;

type Case = { label: string; query: string; floor: { sql: string; params: Record<string, string | number> }[] };

const CASES: Case[] = [
  {
    label: "search + date range, newest first",
    query: "q=migros&from=2025-01-01",
    floor: [
      { sql: `SELECT ${COLUMNS} FROM transactions WHERE ${SEARCH} AND date >= $from ORDER BY date DESC, id DESC LIMIT 50`, params: { p: "%migros%", from: "2025-01-01" } },
      { sql: totals(`${SEARCH} AND date >= $from`), params: { p: "%migros%", from: "2025-01-01" } },
    ],
  },
  {
    label: "category, largest amount first",
    query: "category=Groceries&sort=amount",
    floor: [
      { sql: `SELECT ${COLUMNS} FROM transactions WHERE category = $c ORDER BY abs(amount) DESC, date DESC, id DESC LIMIT 50`, params: { c: "Groceries" } },
      { sql: totals("category = $c"), params: { c: "Groceries" } },
    ],
  },
  {
    label: "money out ≥ 100, page 200",
    query: "min=100&direction=out&page=200",
    floor: [
      { sql: `SELECT ${COLUMNS} FROM transactions WHERE amount <= -100 ORDER BY date DESC, id DESC LIMIT 50 OFFSET 9950`, params: {} },
      { sql: totals("amount <= -100"), params: {} },
    ],
  },
];

const path = demoDb(1_000_000);
const dir = mkdtempSync(join(tmpdir(), "bc-bench-tx-"));
const app = createApp(
  {
    apiKey: "bench",
    budgetDb: { path, explicit: true, notSpending: ["Transfers", "Investments"] },
    chatDb: join(dir, "chat.db"),
    model: "bench",
    maxSteps: 10,
    historyMessages: 20,
    maxTokens: 1024,
    timeZone: "UTC",
    readOnly: true,
    approvalTimeoutMs: 60_000,
    ownsStore: true,
  },
  // No answer is asked for: the client only has to exist.
  { client: new Anthropic({ apiKey: "bench", baseURL: "http://127.0.0.1:9" }), memory: null },
);
const server = Bun.serve({ hostname: "127.0.0.1", port: 0, development: false, fetch: () => new Response("starting", { status: 503 }) });
const web = createWebApp({
  ...app,
  assets: await loadAssets(),
  allowedOrigins: [],
  allowedHosts: allowedHostsFor("127.0.0.1", server.port!),
  requireUsers: false,
  limits: DEFAULT_LIMITS,
});
server.reload({ fetch: (req, srv) => web.fetch(req, { server: srv }) });
const base = `http://127.0.0.1:${server.port}`;

// One-off costs, measured apart: the ledger (first question after an import) and the amount order (first sort by amount).
let t0 = performance.now();
const ledger = app.budget.ledger();
const ledgerMs = performance.now() - t0;
t0 = performance.now();
amountOrder(ledger);
const orderMs = performance.now() - t0;

const raw = new Database(path, { readonly: true });
const prepared = CASES.map((c) => c.floor.map((f) => ({ st: raw.prepare(f.sql) as Statement, params: f.params })));

async function ours(c: Case): Promise<number> {
  const t = performance.now();
  const res = await fetch(`${base}/transactions?${c.query}`, { headers: { accept: "text/html", "accept-encoding": "gzip" } });
  const body = await res.text();
  const dt = performance.now() - t;
  if (res.status !== 200 || !body.includes('id="tx-results"')) throw new Error(`${c.label}: ${res.status} ${body.slice(0, 200)}`);
  return dt;
}
function floor(i: number): number {
  const t = performance.now();
  for (const p of prepared[i]!) p.st.all(p.params as never);
  return performance.now() - t;
}

// Ours is checked at p95: 30 rounds. The floor (SQL sorting a million rows, ~0.2–0.5 s a case, 3/4 of this script's time
// at 30 rounds) only enters a p50 ratio whose limit is 2× and which stays near 0.1×: the first 10 rounds.
const rounds = reps(30, 5);
const floorRounds = reps(10, 5);
const warmup = 2;
const samples = CASES.map(() => ({ ours: [] as number[], floor: [] as number[] }));
for (let r = 0; r < warmup + rounds; r++) {
  const withFloor = r < warmup + floorRounds;
  for (let i = 0; i < CASES.length; i++) {
    let o: number;
    let f = NaN;
    if (!withFloor) o = await ours(CASES[i]!);
    else if (r % 2 === 0) {
      o = await ours(CASES[i]!);
      f = floor(i);
    } else {
      f = floor(i);
      o = await ours(CASES[i]!);
    }
    if (r >= warmup) {
      samples[i]!.ours.push(o);
      if (withFloor) samples[i]!.floor.push(f);
    }
  }
}

const rows = CASES.map((c, i) => {
  const o = stats(samples[i]!.ours);
  const f = stats(samples[i]!.floor);
  return [c.label, `/transactions?${c.query}`, ms(o.p50), ms(o.p95), ms(f.p50), ms(f.p95), ratio(o.p50 / f.p50)];
});
rows.push(["(one-off: ledger rebuild after an import)", "", ms(ledgerMs), "", "", "", ""]);
rows.push(["(one-off: amount order, first sort by amount)", "", ms(orderMs), "", "", "", ""]);

const ratios = CASES.map((c, i) => ({ c, r: stats(samples[i]!.ours).p50 / stats(samples[i]!.floor).p50 }));
const p95s = CASES.map((c, i) => ({ c, p: stats(samples[i]!.ours).p95 }));
const checks: Check[] = [
  {
    name: "Transactions page ≤ 2× its SQL floor (p50 ratio, worst case)",
    target: `≤ ${RATIO_LIMIT}×`,
    value: ratio(Math.max(...ratios.map((x) => x.r))),
    ok: ratios.every((x) => x.r <= RATIO_LIMIT),
    why: ratios.filter((x) => x.r > RATIO_LIMIT).map((x) => `${x.c.label} ${ratio(x.r)}`).join("; ") || undefined,
  },
  {
    name: "Transactions page ≤ 150 ms p95 at 1M rows (worst case)",
    target: `≤ ${P95_LIMIT_MS} ms`,
    value: ms(Math.max(...p95s.map((x) => x.p))),
    ok: p95s.every((x) => x.p <= P95_LIMIT_MS),
    why: p95s.filter((x) => x.p > P95_LIMIT_MS).map((x) => `${x.c.label} ${ms(x.p)}`).join("; ") || undefined,
  },
];

for (const ps of prepared) for (const p of ps) p.st.finalize();
raw.close();
server.stop(true);
await app.close();
rmSync(dir, { recursive: true, force: true });

emit({
  id: "transactions-page",
  title: "Transactions page at 1M rows (ours = the whole page over HTTP; floor = the page's rows and totals as prepared SQL)",
  method: [
    "ours: GET /transactions?… on the web app over loopback, body read to the end (gzip), ledger built beforehand",
    "floor: SELECT … ORDER BY … LIMIT 50 [OFFSET] and the totals per currency, two prepared bun:sqlite statements on a read-only connection, nothing rendered",
    `interleaved request by request; ${rounds} rounds after ${warmup} warm-up rounds, the floor in the first ${floorRounds} of them (it only enters the p50 ratio); 1,000,000 demo rows (no index but the demo's date index)`,
  ],
  columns: ["case", "address", "ours p50", "ours p95", "floor p50", "floor p95", "ours / floor (p50)"],
  rows,
  checks,
  notes: [],
  seconds: elapsed(),
});
