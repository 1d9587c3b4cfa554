/**
 * Shared helpers of the bench/ scripts: statistics, formatting, the result protocol
 * that bench/run.ts collects, the machine description, the demo databases and
 * child-process helpers.
 *
 * Every script measures ours and its baseline in the same run (the machine is shared
 * and noisy, so only side-by-side figures mean anything) and ends with one line
 *   BENCH_RESULT {json}
 * that bench/run.ts parses into the combined table and bench/RESULTS.md.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, release } from "node:os";
import { createParser } from "eventsource-parser";
import { dirname, join, resolve } from "node:path";
import { writeDemoDb } from "../src/ledger/demo/generator.ts";

export const BENCH_DIR = import.meta.dir;
export const ROOT = resolve(BENCH_DIR, "..");
/** Generated files (gitignored): demo databases, compiled binaries, scratch dirs. */
export const OUT_DIR = join(BENCH_DIR, "out");
/** The bun that runs us: children use the same one. */
export const BUN = process.execPath;

// ---------------------------------------------------------------------------------
// Statistics

/** Percentile by linear interpolation between closest ranks (p in 0..100). */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return NaN;
  const s = [...samples].sort((a, b) => a - b);
  if (s.length === 1) return s[0]!;
  const rank = (p / 100) * (s.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return s[lo]! + (s[hi]! - s[lo]!) * (rank - lo);
}

export type Stats = { n: number; min: number; p50: number; p95: number; p99: number; max: number; mean: number };

export function stats(samples: readonly number[]): Stats {
  const n = samples.length;
  return {
    n,
    min: n ? Math.min(...samples) : NaN,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    p99: percentile(samples, 99),
    max: n ? Math.max(...samples) : NaN,
    mean: n ? samples.reduce((a, b) => a + b, 0) / n : NaN,
  };
}

// ---------------------------------------------------------------------------------
// Formatting

/** Milliseconds with sensible precision: 0.043 ms, 1.23 ms, 45.6 ms, 1234 ms. */
export function ms(x: number): string {
  if (!Number.isFinite(x)) return "n/a";
  const a = Math.abs(x);
  if (a < 1) return `${x.toFixed(3)} ms`;
  if (a < 10) return `${x.toFixed(2)} ms`;
  if (a < 100) return `${x.toFixed(1)} ms`;
  return `${Math.round(x)} ms`;
}

export function ratio(x: number): string {
  if (!Number.isFinite(x)) return "n/a";
  return `${x < 10 ? x.toFixed(2) : x.toFixed(1)}×`;
}

export function bytes(n: number): string {
  if (!Number.isFinite(n)) return "n/a";
  if (n < 1000) return `${n} B`;
  if (n < 1_000_000) return `${(n / 1000).toFixed(1)} kB`;
  return `${(n / 1_000_000).toFixed(2)} MB`;
}

export function mb(n: number): string {
  return `${(n / (1024 * 1024)).toFixed(1)} MiB`;
}

export function int(n: number): string {
  return Math.round(n).toLocaleString("en-US");
}

/** A plain-text table (also valid GitHub markdown). */
export function table(columns: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = columns.map((c, i) => Math.max(c.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: readonly string[]) => `| ${cells.map((c, i) => (c ?? "").padEnd(widths[i]!)).join(" | ")} |`;
  return [line(columns), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.map(line)].join("\n");
}

// ---------------------------------------------------------------------------------
// Result protocol

export type Check = {
  /** What is checked, e.g. "spending_by_category p95 at 1M rows". */
  name: string;
  /** The target, e.g. "≤ 250 ms". */
  target: string;
  /** The measured figure, e.g. "612 ms". */
  value: string;
  ok: boolean;
  /** For a miss: the cause found. */
  why?: string;
};

export type BenchResult = {
  id: string;
  title: string;
  /** What ours and the baseline are, one line each. */
  method: string[];
  columns: string[];
  rows: string[][];
  checks: Check[];
  notes: string[];
  seconds: number;
};

export const RESULT_PREFIX = "BENCH_RESULT ";

export function printChecks(checks: readonly Check[]): void {
  console.log("");
  for (const c of checks) {
    console.log(`  ${c.ok ? "MET   " : "MISSED"}  ${c.name}: ${c.value} (target ${c.target})${c.ok || !c.why ? "" : `\n          cause: ${c.why}`}`);
  }
}

/** Print the result for a human and as the machine-readable last line for bench/run.ts. */
export function emit(result: BenchResult): void {
  console.log("");
  console.log(`== ${result.title} ==`);
  for (const m of result.method) console.log(`   ${m}`);
  console.log(table(result.columns, result.rows));
  printChecks(result.checks);
  for (const n of result.notes) console.log(`  note: ${n}`);
  console.log(`  (${result.seconds.toFixed(1)} s)`);
  console.log(RESULT_PREFIX + JSON.stringify(result));
}

export function timer(): () => number {
  const t0 = performance.now();
  return () => (performance.now() - t0) / 1000;
}

// ---------------------------------------------------------------------------------
// Machine

export type Machine = {
  nproc: string;
  cpu: string;
  memory: string;
  bun: string;
  kernel: string;
  date: string;
  loadavg: string;
};

export function machine(): Machine {
  let nproc = String(availableParallelism());
  try {
    const r = Bun.spawnSync(["nproc"]);
    if (r.success) nproc = r.stdout.toString().trim();
  } catch {}
  let cpu = "unknown";
  try {
    const info = readFileSync("/proc/cpuinfo", "utf8");
    const models = [...info.matchAll(/^model name\s*:\s*(.+)$/gm)].map((m) => m[1]!.trim());
    cpu = models.length ? `${models[0]} (${models.length} logical CPU${models.length === 1 ? "" : "s"} listed)` : cpu;
  } catch {}
  let memory = "unknown";
  try {
    const kb = Number(readFileSync("/proc/meminfo", "utf8").match(/^MemTotal:\s+(\d+)/m)?.[1]);
    if (kb) memory = `${(kb / 1024 / 1024).toFixed(1)} GiB`;
  } catch {}
  return {
    nproc,
    cpu,
    memory,
    bun: Bun.version,
    kernel: `Linux ${release()}`,
    date: new Date().toISOString(),
    loadavg: loadavg().map((x) => x.toFixed(2)).join(" "),
  };
}

// ---------------------------------------------------------------------------------
// Demo databases

export const DEMO_SMALL = join(OUT_DIR, "demo-7300.db");
export const DEMO_1M = join(OUT_DIR, "demo-1m.db");

/** Hash of the generator's source: a cached database is regenerated when the generator changed. */
function generatorKey(transactions: number): string {
  const files = ["src/ledger/demo/generator.ts", "src/ledger/demo/merchants.ts", "src/ledger/pipeline.ts"];
  const text = files.map((f) => (existsSync(join(ROOT, f)) ? readFileSync(join(ROOT, f), "utf8") : "")).join("\0");
  return `${transactions}:${Bun.hash(text).toString(36)}`;
}

/**
 * The demo database with `transactions` rows (seed 1), generated into bench/out/ once
 * and reused while the generator's source is unchanged.
 */
export function demoDb(transactions: 7300 | 1_000_000): string {
  const path = transactions === 7300 ? DEMO_SMALL : DEMO_1M;
  const keyFile = `${path}.key`;
  const key = generatorKey(transactions);
  const fresh = existsSync(path) && existsSync(keyFile) && readFileSync(keyFile, "utf8") === key;
  if (!fresh) {
    mkdirSync(dirname(path), { recursive: true });
    const t = performance.now();
    process.stderr.write(`generating ${path} (${int(transactions)} rows)… `);
    writeDemoDb({ out: path, seed: 1, transactions, force: true });
    writeFileSync(keyFile, key);
    process.stderr.write(`${((performance.now() - t) / 1000).toFixed(1)} s\n`);
  }
  return path;
}

// ---------------------------------------------------------------------------------
// Our binary

/** `npm run build`'s entry points (the workers' too: a compiled binary finds a worker only as an entry point) and flags, from package.json. */
function npmBuild(): { entries: string[]; flags: string[] } {
  const script = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: { build: string } }).scripts.build;
  const words = script.trim().split(/\s+/);
  if (words[0] !== "bun" || words[1] !== "build") throw new Error(`npm run build is not a bun build: ${script}`);
  const args = words.slice(2);
  const out = args.indexOf("--outfile");
  if (out >= 0) args.splice(out, 2);
  return { entries: args.filter((a) => !a.startsWith("-")), flags: args.filter((a) => a.startsWith("-")) };
}

/** Compile `entries` (the first is the program) into `out` with npm run build's flags; the build's time in ms. */
export function compile(entries: readonly string[], out: string): number {
  const t0 = performance.now();
  const r = Bun.spawnSync([BUN, "build", ...entries, ...npmBuild().flags, "--outfile", out], { cwd: ROOT, stdout: "pipe", stderr: "pipe" });
  if (!r.success) throw new Error(`bun build ${entries.join(" ")} failed:\n${r.stderr.toString()}${r.stdout.toString()}`);
  return performance.now() - t0;
}

export const OUR_BIN = join(OUT_DIR, "budget-chat");

/**
 * budget-chat compiled as `npm run build` compiles it (same entry points and flags), at bench/out/budget-chat.
 * Built once per suite run: bench/run.ts gives every script the run's BENCH_SUITE_RUN, and the first script that
 * needs the binary builds it and notes the run and its build time beside it; a script run alone builds it afresh.
 */
export function ourBinary(): { path: string; buildMs: number } {
  const stamp = `${OUR_BIN}.built`;
  const run = process.env.BENCH_SUITE_RUN;
  if (run && existsSync(OUR_BIN) && existsSync(stamp)) {
    const [id, took] = readFileSync(stamp, "utf8").split(" ");
    if (id === run) return { path: OUR_BIN, buildMs: Number(took) };
  }
  mkdirSync(OUT_DIR, { recursive: true });
  const buildMs = compile(npmBuild().entries, OUR_BIN);
  writeFileSync(stamp, `${run ?? "alone"} ${buildMs}`);
  return { path: OUR_BIN, buildMs };
}

// ---------------------------------------------------------------------------------
// Processes

/** Resident set size and its peak (VmHWM) of a process, in bytes, from /proc. */
export function rssOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (key: string) => Number(status.match(new RegExp(`^${key}:\\s+(\\d+)`, "m"))?.[1] ?? NaN) * 1024;
  return { rss: kb("VmRSS"), peak: kb("VmHWM") };
}

/** Read a child's stdout line by line until `match` returns a value (or the child exits). */
export async function waitForLine<T>(
  stream: ReadableStream<Uint8Array>,
  match: (line: string) => T | undefined,
  timeoutMs = 30_000,
): Promise<T> {
  const reader = stream.getReader();
  const dec = new TextDecoder();
  let buf = "";
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += dec.decode(value, { stream: true });
      let nl: number;
      while ((nl = buf.indexOf("\n")) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        const hit = match(line);
        if (hit !== undefined) return hit;
      }
    }
  } finally {
    reader.releaseLock();
  }
  throw new Error(`no matching line within ${timeoutMs} ms`);
}

/** Drain a stream in the background so the child never blocks on a full pipe. */
export function drain(stream: ReadableStream<Uint8Array> | undefined | null, sink?: (text: string) => void): void {
  if (!stream) return;
  void (async () => {
    const dec = new TextDecoder();
    try {
      for await (const chunk of stream) sink?.(dec.decode(chunk, { stream: true }));
    } catch {}
  })();
}

export const sleep = (msec: number) => new Promise<void>((r) => setTimeout(r, msec));

/** Command-line flag helpers: `--quick` shrinks every repetition count (for trying the scripts). */
export const QUICK = process.argv.includes("--quick") || process.env.BENCH_QUICK === "1";

export function reps(full: number, quick: number): number {
  return QUICK ? quick : full;
}

// ---------------------------------------------------------------------------------
// Server under test: the web app in a child process (bench/serve-for-bench.ts), the
// fake Messages API in this process.

export type ServerUnderTest = {
  url: string;
  control: string;
  pid: number;
  proc: ReturnType<typeof Bun.spawn>;
  stderr: () => string;
  stop(): Promise<void>;
};

/**
 * Start bench/serve-for-bench.ts against the fake. BENCH_SERVER_FLAGS adds bun flags to
 * the server process, e.g. "--cpu-prof-md --cpu-prof-dir=bench/out/prof" to profile it.
 */
export async function startServer(fakeUrl: string, env: Record<string, string> = {}): Promise<ServerUnderTest> {
  let err = "";
  const flags = (process.env.BENCH_SERVER_FLAGS ?? "").split(" ").filter(Boolean);
  const proc = Bun.spawn([BUN, ...flags, join(BENCH_DIR, "serve-for-bench.ts")], {
    cwd: ROOT,
    env: { ...process.env, ...env, FAKE_URL: fakeUrl },
    stdout: "pipe",
    stderr: "pipe",
  });
  drain(proc.stderr, (t) => {
    err += t;
    if (err.length > 20_000) err = err.slice(-20_000);
  });
  const ready = await waitForLine(proc.stdout, (line) =>
    line.startsWith("READY ") ? (JSON.parse(line.slice(6)) as { url: string; control: string; pid: number }) : undefined,
  ).catch((e) => {
    proc.kill();
    throw new Error(`serve-for-bench did not start: ${(e as Error).message}\n${err}`);
  });
  drain(proc.stdout);
  return {
    ...ready,
    proc,
    stderr: () => err,
    async stop() {
      proc.kill("SIGTERM");
      const t = setTimeout(() => proc.kill("SIGKILL"), 10_000);
      await proc.exited;
      clearTimeout(t);
    },
  };
}

export type Timed = {
  status: number;
  /** ms from the request's start to the first byte of answer text (the marker), NaN if never. */
  firstText: number;
  /** ms from the request's start to the end of the response body. */
  last: number;
  body: string;
};

/**
 * Read a streamed response, noting when `marker` (the answer's first word) first
 * appears and when the body ends. `t0` is when the request started.
 */
export async function readTimed(res: Response, marker: string, t0: number): Promise<Timed> {
  let firstText = NaN;
  let body = "";
  const dec = new TextDecoder();
  if (res.body) {
    for await (const chunk of res.body) {
      const scanFrom = Math.max(0, body.length - marker.length);
      body += dec.decode(chunk, { stream: true });
      if (Number.isNaN(firstText) && body.indexOf(marker, scanFrom) >= 0) firstText = performance.now() - t0;
    }
  }
  return { status: res.status, firstText, last: performance.now() - t0, body };
}

/** One Messages API call straight to the fake, streamed, as a client without our server would make it. */
export async function askFakeDirect(fakeUrl: string, messages: unknown[], marker: string): Promise<Timed> {
  const t0 = performance.now();
  const res = await fetch(`${fakeUrl}/v1/messages`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": "bench", "anthropic-version": "2023-06-01" },
    body: JSON.stringify({ model: "claude-test", max_tokens: 1024, stream: true, messages }),
  });
  return readTimed(res, marker, t0);
}

/** POST /api/chat and read the whole SSE answer. */
export async function askApi(url: string, message: string, marker: string): Promise<Timed> {
  const t0 = performance.now();
  const res = await fetch(`${url}/api/chat`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ message }),
  });
  return readTimed(res, marker, t0);
}

/** The browser's path: POST /chat (form) → HTML naming the turn, then GET /turns/:id/stream to the end. */
export async function askBrowser(url: string, message: string, marker: string): Promise<Timed> {
  const t0 = performance.now();
  const res = await fetch(`${url}/chat`, { method: "POST", body: new URLSearchParams({ message }) });
  const html = await res.text();
  const id = html.match(/\/turns\/([^/"]+)\/stream/)?.[1];
  if (res.status !== 200 || !id) return { status: res.status, firstText: NaN, last: performance.now() - t0, body: html };
  const stream = await fetch(`${url}/turns/${id}/stream`);
  return readTimed(stream, marker, t0);
}

/** SSE messages ({event, data}; event null when unnamed), parsed from a body by eventsource-parser. */
export function sseEvents(body: string): { event: string | null; data: string }[] {
  const out: { event: string | null; data: string }[] = [];
  const parser = createParser({ onEvent: (m) => out.push({ event: m.event ?? null, data: m.data }) });
  parser.feed(body);
  return out;
}

/**
 * A ~`words`-word answer starting with `marker`, for the fake to stream. With `figures: false` it
 * names no amount: the figure check then has nothing to ask the model about (no repair round, a
 * model call the baseline does not make).
 */
export function answerText(marker: string, words: number, opts: { figures?: boolean } = {}): string {
  const filler =
    opts.figures === false
      ? "your spending went mostly to groceries, where Migros and Coop share most of the visits; dining came second, " +
        "mostly on weekends, and transport stayed flat thanks to the SBB half-fare card. Overall you kept a good part of " +
        "what came in, and nothing looks out of the ordinary compared with the months before."
      : "you spent CHF 1'234.50 on groceries in March 2025, about 12% more than in February, mostly at Migros and Coop; " +
        "dining came second with CHF 642.10 across 18 visits, and transport stayed flat at CHF 310.00 thanks to the SBB half-fare card. " +
        "Overall your spending was CHF 4'980.35 against income of CHF 7'450.00, so you kept roughly a third of what came in.";
  const pool = filler.split(" ");
  const out = [marker];
  for (let i = 0; out.length < words; i++) out.push(pool[i % pool.length]!);
  return `${out.join(" ")}.`;
}
