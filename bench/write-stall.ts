/**
 * Write stall benchmark (issue 29 item 4): does the server stay responsive while it commits,
 * and undoes, the import of a large statement? The web app runs in this process (as `serve`
 * does); a second process asks GET /healthz every 10 ms and times each answer, while
 *   idle:   nothing else happens (the baseline);
 *   commit: POST /api/imports/:id/commit writes the previewed file's rows (one budget.db
 *           transaction, in time slices), then the route refreshes the data summary;
 *   undo:   DELETE /api/imports/:batch deletes them again (the same).
 * The statement is a CSV of about --mb MB (default 49: the upload limit is 50 MB), previewed
 * through POST /api/imports before the measurement (parsing is not measured here: see
 * bench/import-parse.ts).
 *
 *   node_modules/.bin/bun bench/write-stall.ts [--mb N]
 *
 * Target: /healthz answers within 100 ms (p99 and max) during the commit and the undo. The notes list, per phase, the
 * server thread's pauses over 40 ms (a lag monitor in this process) with the thread's own CPU time in each (Linux): a
 * pause of work, or one of waiting for a core when the machine is loaded.
 */
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { appConfig, createApp } from "../src/app.ts";
import { writeDemoDb } from "../src/ledger/demo/generator.ts";
import { createWebApp } from "../src/web/server.ts";
import { loadAssets } from "../src/web/assets.ts";
import { DEFAULT_LIMITS } from "../src/web/context.ts";
import { allowedHostsFor } from "../src/web/middleware/host-check/index.ts";
import { BUN, emit, ms, OUT_DIR, stats, timer, type Stats } from "./lib.ts";

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const MB = arg("--mb", process.argv.includes("--quick") ? 10 : 49);
const DIR = join(OUT_DIR, "write-stall");
/**
 * What held the event loop longest, as found by timing each synchronous call over 50 ms and a CPU profile of the
 * blocks (r4-commitworker, r4-stall): the write and its COMMIT run in the budget write worker, and the parsed rows
 * stay in the parse worker, which hands them to the write worker as text the server passes on without reading.
 */
const COMMIT_STALL =
  "what held the server's thread (the lag monitor below: each pause of its event loop over 40 ms with the thread's own CPU time in it, " +
  "r4-stall2): the ledger's rebuild after the write (pauses of 100 to 160 ms of the thread's own CPU at a million distinct descriptions) " +
  "now runs in the ledger worker, the thread only adopting its columns and cutting its dictionaries' strings (≤ 20–50 ms of CPU in one " +
  "pause); the model's SDK is loaded 1 s after start, not at the classification's first call (~150 ms from source). On a loaded machine " +
  "(2 cores, load 5–25 in r4-stall2's runs) what is left of the max are pauses with under 10 ms of the thread's own CPU: the thread " +
  "waiting for a core, not working. Round 4, stop 43 (BUN_JSC_logGC=1 beside the lag monitor): the pauses of 130–170 ms of own CPU at " +
  "the commit's end were the server's garbage collections marking the million merchant and description strings cut from the worker's " +
  "ledger (one young-generation collection alone paused 40–65 ms); those two dictionaries now stay one string each (PackedTexts).";

const MERCHANTS = ["Migros", "Coop", "SBB CFF FFS", "Denner", "Restaurant Hiltl", "Digitec Galaxus", "Swisscom", "Apotheke Bahnhof", "Zalando", "Shell"];

/** A bank CSV of about `mb` MB, every row distinct (its own amount and text). */
function statement(mb: number): { csv: string; rows: number } {
  const lines = ["Date;Amount;Currency;Description"];
  let size = lines[0]!.length + 1;
  let i = 0;
  while (size < mb * 1024 * 1024) {
    const day = 1 + (i % 28);
    const month = 1 + (Math.floor(i / 28) % 12);
    const year = 2020 + (Math.floor(i / (28 * 12)) % 6);
    const amount = -((i * 7919) % 50000) / 100 - 1;
    const line = `${String(day).padStart(2, "0")}.${String(month).padStart(2, "0")}.${year};${amount.toFixed(2)};CHF;${MERCHANTS[i % MERCHANTS.length]} ${i % 97} Zürich ${i}`;
    lines.push(line);
    size += Buffer.byteLength(line) + 1;
    i++;
  }
  return { csv: lines.join("\n") + "\n", rows: i };
}

/** A process that asks `url` every 10 ms and, when told to stop (stdin closed), prints each answer's time. */
const PINGER = `
const url = process.argv.at(-1);
const times = [];
let stop = false;
(async () => { for await (const _ of Bun.stdin.stream()) {} stop = true; })();
while (!stop) {
  const t = performance.now();
  await (await fetch(url)).text();
  times.push(performance.now() - t);
  await Bun.sleep(10);
}
console.log(JSON.stringify(times));
`;

/** Blocks of the server's own thread longer than this are listed (the lag monitor: what the analysis names). */
const BLOCK_MS = 40;

/**
 * CPU time this process's main thread has used, in ms (Linux: its /proc stat, in clock ticks of 10 ms), or null
 * elsewhere. A block with about as much CPU as wall time is work of the server's thread; one with little is the thread
 * waiting for a core (the machine is shared) or for a lock.
 */
function threadCpuMs(): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, "latin1");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(f[11]) + Number(f[12])) * 10; // utime and stime: fields 14 and 15 of the line
  } catch {
    return null;
  }
}

/**
 * The server's event loop, watched from inside: a timer due every 5 ms that fires later than BLOCK_MS after the last
 * one saw the thread blocked that long. Returns a stop that gives each block's length and when it ended (ms into the run).
 */
function lagMonitor(): () => { at: number; ms: number; cpu: number | null }[] {
  const start = performance.now();
  let last = start;
  let lastCpu = threadCpuMs();
  const blocks: { at: number; ms: number; cpu: number | null }[] = [];
  const tick = setInterval(() => {
    const now = performance.now();
    const cpu = threadCpuMs();
    if (now - last > BLOCK_MS) blocks.push({ at: now - start, ms: now - last, cpu: cpu === null || lastCpu === null ? null : cpu - lastCpu });
    last = now;
    lastCpu = cpu;
  }, 5);
  return () => {
    clearInterval(tick);
    return blocks;
  };
}

async function pinged<T>(url: string, during: () => Promise<T>): Promise<{ result: T; latency: Stats; took: number; blocks: { at: number; ms: number; cpu: number | null }[] }> {
  const p = Bun.spawn([BUN, "-e", PINGER, url], { stdin: "pipe", stdout: "pipe", stderr: "inherit" });
  await Bun.sleep(300); // the pinger is up and asking
  const t = timer();
  const stopMonitor = lagMonitor();
  const result = await during();
  const blocks = stopMonitor();
  const took = t();
  await Bun.sleep(100);
  p.stdin.end();
  const times = JSON.parse((await new Response(p.stdout).text()).trim()) as number[];
  await p.exited;
  return { result, latency: stats(times), took, blocks };
}

async function main(): Promise<void> {
  const total = timer();
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  const budgetPath = join(DIR, "budget.db");
  writeDemoDb({ out: budgetPath, seed: 7 });
  // The configuration `serve` reads, on the bench's databases (no model is asked: classification is off without one).
  const app = createApp(appConfig({ db: budgetPath, "chat-db": join(DIR, "chat.db"), "keep-backups": "0" }, { ownsStore: true }, { ANTHROPIC_API_KEY: "bench", ANTHROPIC_BASE_URL: "http://127.0.0.1:9" }));
  const server = Bun.serve({ hostname: "127.0.0.1", port: 0, development: false, fetch: () => new Response("starting", { status: 503 }) });
  const web = createWebApp({ ...app, assets: await loadAssets(), allowedOrigins: [], allowedHosts: allowedHostsFor("127.0.0.1", server.port!), requireUsers: false, limits: DEFAULT_LIMITS });
  server.reload({ fetch: (req, srv) => web.fetch(req, { server: srv }) });
  const url = `http://127.0.0.1:${server.port}`;
  const headers = { Origin: url };

  const { csv, rows } = statement(MB);
  const form = new FormData();
  form.append("file", new File([csv], "big.csv"));
  const previewTime = timer();
  const preview = (await (await fetch(`${url}/api/imports`, { method: "POST", headers, body: form })).json()) as { id: string; new: number };
  const previewed = previewTime();
  if (!preview.id) throw new Error(`preview failed: ${JSON.stringify(preview)}`);

  const idle = await pinged(`${url}/healthz`, () => Bun.sleep(3000));
  const commit = await pinged(`${url}/healthz`, async () => {
    const res = await fetch(`${url}/api/imports/${preview.id}/commit`, { method: "POST", headers });
    if (res.status !== 200) throw new Error(`commit: ${res.status} ${await res.text()}`);
    return (await res.json()) as { batch: string; inserted: number };
  });
  const undo = await pinged(`${url}/healthz`, async () => {
    const res = await fetch(`${url}/api/imports/${encodeURIComponent(commit.result.batch)}`, { method: "DELETE", headers });
    if (res.status !== 200) throw new Error(`undo: ${res.status} ${await res.text()}`);
    return (await res.json()) as { deleted: number };
  });
  server.stop(true);
  await app.close();
  rmSync(DIR, { recursive: true, force: true });

  const line = (name: string, s: Stats, took: string) => [name, took, String(s.n), ms(s.p50), ms(s.p99), ms(s.max)];
  const within = (s: Stats) => s.max <= 100;
  emit({
    id: "write-stall",
    title: `/healthz while the server commits and undoes a ${MB} MB import (${rows.toLocaleString("en")} rows)`,
    method: [
      "ours: the web app in this process (as serve); a second process asks GET /healthz every 10 ms and times each answer",
      "idle: nothing else runs; commit: POST /api/imports/:id/commit of the previewed file; undo: DELETE /api/imports/:batch",
    ],
    columns: ["", "took", "answers", "p50", "p99", "max"],
    rows: [line("idle", idle.latency, "3 s"), line("commit", commit.latency, ms(commit.took * 1000)), line("undo", undo.latency, ms(undo.took * 1000))],
    checks: [
      { name: "/healthz during the commit (max)", target: "≤ 100 ms", value: ms(commit.latency.max), ok: within(commit.latency), why: COMMIT_STALL },
      { name: "/healthz during the undo (max)", target: "≤ 100 ms", value: ms(undo.latency.max), ok: within(undo.latency), why: COMMIT_STALL },
    ],
    notes: [
      `committed ${commit.result.inserted.toLocaleString("en")} rows, undid ${undo.result.deleted.toLocaleString("en")}; the preview (parse and plan, not measured) took ${ms(previewed * 1000)}`,
      ...(["commit", "undo"] as const).map((name) => {
        const { blocks, took } = name === "commit" ? commit : undo;
        if (blocks.length === 0) return `the server's thread during the ${name}: never blocked over ${BLOCK_MS} ms`;
        const waits = blocks.filter((b) => b.cpu !== null && b.cpu < 10).length;
        const most = [...blocks].sort((a, b) => (b.cpu ?? b.ms) - (a.cpu ?? a.ms)).slice(0, 6);
        const list = most.map((b) => `${ms(b.ms)} at ${(b.at / 1000).toFixed(1)} s${b.cpu === null ? "" : ` (${b.cpu} ms CPU)`}`).join(", ");
        return (
          `the server's thread during the ${name} (${took.toFixed(1)} s): blocked over ${BLOCK_MS} ms ${blocks.length} time(s), ` +
          `${waits} of them with under 10 ms of its own CPU (waiting for a core of the shared machine); its own work the most: ${list}`
        );
      }),
      "budget.db starts as the demo data (7,300 rows, rollback journal, as the pipeline makes it); backups off",
    ],
    seconds: total(),
  });
}

await main();
