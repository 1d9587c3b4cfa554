/**
 * 3. Concurrency: 200 conversations at once through the server, each a real agent turn
 * with one tool call, the fake model streaming ~30 tokens/s per conversation.
 *
 * The fake runs here (the load generator); the web app runs in its own process
 * (bench/serve-for-bench.ts), so the RSS figures are the server's alone.
 * Baseline: the same 200 conversations made straight against the fake (call 1 streams
 * text + tool_use, call 2 sends the tool_result and streams the answer), all at once.
 * Ours: 200 simultaneous POST /api/chat.
 * Targets: zero errors; added latency p99 to the first text byte ≤ 50 ms (ours p99 −
 * baseline p99; the last byte's is shown beside it); server CPU per turn before its model
 * call ≤ 0.3 ms; peak RSS ≤ 250 MB; RSS back within 20% of its start after the run (both
 * after a full GC, so garbage is not mistaken for a leak).
 *
 * CPU per turn before the model call, measured directly: the fake holds every first model
 * call until all N have arrived, so between the first POST and the N-th arrival the server
 * does nothing but start turns (HTTP, admission, chat.db, history, prompt, the SDK's request);
 * its CPU time over that window (process.cpuUsage, i.e. getrusage, from the control server)
 * ÷ N, and the JS thread's alone (its schedstat, in ns: the 10 ms ticks of /proc/…/stat were
 * too coarse for 60–200 ms of CPU per round). CPU time, not wall time, so other work on the
 * machine does not inflate it. The figure is the median of 5 rounds (--rounds=N), run after
 * the memory rounds (so their figures are the conversations' alone, and the JIT is warm).
 * --profile: the server runs under `bun --cpu-prof`, and its JS thread's samples inside
 * those windows alone are listed as µs per turn (bench/cpu-profile.ts).
 * The answer names no amount, so no figure-check repair round (a third model call the
 * baseline does not make) runs.
 */
import { existsSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { systemBlocks } from "../src/agent/prompt.ts";
import { BudgetDb } from "../src/ledger/reader.ts";
import { READ_TOOLS } from "../src/tools/registry.ts";
import { hotFunctionsIn } from "./cpu-profile.ts";
import { startFakeAnthropic, type FakeRequestBody } from "../test/support/fake-anthropic.ts";
import {
  answerText,
  askApi,
  askFakeDirect,
  type Check,
  demoDb,
  emit,
  mb,
  ms,
  OUT_DIR,
  reps,
  rssOf,
  sleep,
  sseEvents,
  startServer,
  stats,
  type Timed,
  timer,
} from "./lib.ts";

const elapsed = timer();
const N = reps(200, 50);
const TOKEN_DELAY_MS = 33; // ~30 SSE events (≈ tokens) per second per stream
const MARKER = "Quokka";
const P99_ADDED_LIMIT = 50;
const CPU_PER_TURN_LIMIT = 0.3;
const PEAK_LIMIT = 250 * 1024 * 1024;
const SETTLE_LIMIT = 0.2;
/**
 * Settling before an RSS figure: a full GC 1 s after the last answer, another 4 s later, RSS read after the second.
 * (ChatService forgets a finished turn at once since 6f933a7, so the 31 s this once waited out a turn's retention
 * were idle. Measured at once on one run: settled RSS 108.2 MiB at +3 s with two GCs, 106.5 at +10 s, 105.9 at +31 s:
 * a shorter wait can only read the settled figure higher, never hide growth.)
 */
const SETTLE_MS: readonly number[] = [1000, 4000];

const lead = `${MARKER}, let me look that up.`;
const answer = answerText("Here", 30, { figures: false });
const TOOL = { name: "spending_by_category", input: { year: 2025 } };

const hasToolResult = (body: FakeRequestBody) => {
  const last = body.messages?.[body.messages.length - 1];
  return Array.isArray(last?.content) && last.content.some((b: { type?: string }) => b.type === "tool_result");
};

const CPU_ONLY = process.argv.includes("--cpu-only");
/** While set, first model calls wait at the fake until `held.count` reaches N (the CPU-per-turn rounds). */
let held: { count: number; all: () => void; release: Promise<void> } | null = null;
const fake = await startFakeAnthropic();
fake.setHandler(async (body) => {
  if (hasToolResult(body)) return { kind: "message", content: [{ type: "text", text: answer }], chunkDelayMs: TOKEN_DELAY_MS };
  if (held) {
    const h = held;
    if (++h.count === N) h.all();
    await h.release;
    // --cpu-only: the turn ends at once (a 400 is not retried), so a profile shows the turns' start, not their answers.
    if (CPU_ONLY) return { kind: "http_error", status: 400, errorType: "invalid_request_error", message: "cpu-only round" };
  }
  return { kind: "message", content: [{ type: "text", text: lead }, { type: "tool_use", ...TOOL }], chunkDelayMs: TOKEN_DELAY_MS };
});

/** The baseline conversation: both model calls straight to the fake. */
async function directConversation(question: string): Promise<Timed> {
  const t0 = performance.now();
  const first = await askFakeDirect(fake.url, [{ role: "user", content: question }], MARKER);
  const id = first.body.match(/"type":"tool_use","id":"([^"]+)"/)?.[1];
  if (!id) return { ...first, status: first.status === 200 ? 599 : first.status };
  const second = await askFakeDirect(
    fake.url,
    [
      { role: "user", content: question },
      { role: "assistant", content: [{ type: "text", text: lead }, { type: "tool_use", id, ...TOOL }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: id, content: "Spending by category for 2025: …" }] },
    ],
    "Here",
  );
  return { status: second.status, firstText: first.firstText, last: performance.now() - t0, body: first.body + second.body };
}

function apiProblem(t: Timed): string | null {
  if (t.status !== 200) return `HTTP ${t.status}: ${t.body.slice(0, 120)}`;
  const events = sseEvents(t.body);
  const err = events.find((e) => e.event === "error");
  if (err) return `error event: ${err.data}`;
  const done = events.find((e) => e.event === "done");
  if (!done) return "no done event";
  if (JSON.parse(done.data).incomplete) return "answer incomplete";
  if (!events.some((e) => e.event === "tool_use" && JSON.parse(e.data).status === "completed")) return "tool did not complete";
  if (!events.some((e) => e.event === "chart_artifact")) return "no chart";
  if (Number.isNaN(t.firstText)) return "no text";
  return null;
}

const PROFILE_DIR = join(OUT_DIR, "prof-concurrency");
const PROFILING = process.argv.includes("--profile");
if (PROFILING) {
  rmSync(PROFILE_DIR, { recursive: true, force: true });
  process.env.BENCH_SERVER_FLAGS = `--cpu-prof --cpu-prof-dir=${PROFILE_DIR}`;
}
const server = await startServer(fake.url);
const gc = async () => (await (await fetch(`${server.control}/gc`)).json()) as { rss: number; heapUsed: number; running: number };
/** The server's memory once the burst is over: SETTLE_MS apart, a full GC each; the last one's figures. */
async function settle(): Promise<{ rss: number; heapUsed: number; running: number }> {
  let last!: { rss: number; heapUsed: number; running: number };
  for (const wait of SETTLE_MS) {
    await sleep(wait);
    last = await gc();
  }
  if (last.running) throw new Error(`${last.running} turns still running after the settle`);
  return last;
}
type CpuSnapshot = { user: number; system: number; at: number; threads: Record<string, number> };
const cpuNow = async () => (await (await fetch(`${server.control}/cpu`)).json()) as CpuSnapshot;

/** One round's CPU per turn (ms): the whole process, its JS thread, every thread that ran; and its window (µs since the epoch). */
type CpuRound = { process: number; js: number; threads: [string, number][]; window: [number, number] };
/** Measured rounds: their median is the figure (the machine is shared; one round is 200 turns, 60–200 ms of CPU). */
const CPU_ROUNDS = Number(process.argv.find((a) => a.startsWith("--rounds="))?.slice(9) ?? 5);

/** One round of N turns whose first model calls are held until all arrived: server CPU per turn before its model call. */
async function cpuPerTurnRound(round: number): Promise<CpuRound> {
  let all!: () => void;
  let release!: () => void;
  const arrived = new Promise<void>((r) => (all = r));
  held = { count: 0, all, release: new Promise<void>((r) => (release = r)) };
  const c0 = await cpuNow();
  const turns = Promise.all(Array.from({ length: N }, (_, i) => askApi(server.url, `CPU round ${round}: what did I spend by category in 2025? (#${i})`, MARKER)));
  await arrived;
  const c1 = await cpuNow();
  held = null;
  release();
  const answered = await turns;
  const failed = answered.map(apiProblem).filter((p) => p !== null);
  if (failed.length && !CPU_ONLY) throw new Error(`CPU round ${round}: ${failed.length} turns failed: ${failed[0]}`);
  const threads = Object.entries(c1.threads)
    .map(([t, us]) => [t, (us - (c0.threads[t] ?? 0)) / 1000 / N] as [string, number])
    .filter(([, d]) => d > 0)
    .sort((x, y) => y[1] - x[1]);
  return {
    process: (c1.user + c1.system - c0.user - c0.system) / 1000 / N,
    js: threads.find(([t]) => t.endsWith(` ${server.pid}`))?.[1] ?? NaN,
    threads,
    window: [c0.at, c1.at],
  };
}
const median = (xs: number[]) => stats(xs).p50;
const cpuMethod =
  `median of ${CPU_ROUNDS} rounds of ${N} turns; per round the server's CPU time (getrusage via process.cpuUsage, all threads; ` +
  `the JS thread alone from /proc/self/task/PID/schedstat, ns) from the first POST until the fake holds all ${N} first model calls, ÷ ${N}`;
const cpuSummary = (rounds: CpuRound[]) => {
  const threadNames = [...new Set(rounds.flatMap((r) => r.threads.map(([t]) => t.replace(/ \d+$/, ""))))];
  const perThread = threadNames
    .map((name) => [name, median(rounds.map((r) => r.threads.filter(([t]) => t.replace(/ \d+$/, "") === name).reduce((sum, [, d]) => sum + d, 0)))] as const)
    .filter(([, d]) => d >= 0.001)
    .sort((x, y) => y[1] - x[1]);
  return {
    process: median(rounds.map((r) => r.process)),
    js: median(rounds.map((r) => r.js)),
    line: `process ${rounds.map((r) => ms(r.process)).join(" / ")}; JS thread ${rounds.map((r) => ms(r.js)).join(" / ")}`,
    threads: perThread.map(([t, d]) => `${t} ${(d * 1000).toFixed(0)} µs`).join(", "),
  };
};

/** --profile: the JS thread's functions inside the turn-start windows only, in µs per turn (shares × the JS thread's measured CPU). */
function profileReport(rounds: CpuRound[]): string[] {
  if (!PROFILING || !existsSync(PROFILE_DIR)) return [];
  const file = readdirSync(PROFILE_DIR).find((f) => f.endsWith(".cpuprofile"));
  if (!file) return [];
  // The windows beside the profile, for reading it again another way.
  writeFileSync(join(PROFILE_DIR, "windows.json"), JSON.stringify({ turnsPerWindow: N, jsMsPerTurn: rounds.map((r) => r.js), windows: rounds.map((r) => r.window) }));
  const { samples, hot, inclusive } = hotFunctionsIn(join(PROFILE_DIR, file), rounds.map((r) => r.window));
  const jsUsPerTurn = (rounds.reduce((sum, r) => sum + r.js, 0) / rounds.length) * 1000;
  const top = hot.slice(0, 25);
  console.log(
    `\nServer JS thread in the turn-start windows (${rounds.length} rounds of ${N}, ${samples} samples; µs per turn = share × ${jsUsPerTurn.toFixed(0)} µs measured):\n` +
      top
        .map((f) => `${(f.share * jsUsPerTurn).toFixed(1).padStart(7)} µs  ${(f.share * 100).toFixed(1).padStart(5)}%  ${f.name}  ${f.where}${f.caller ? `  ← ${f.caller}` : ""}`)
        .join("\n") +
      "\n\nOur functions, inclusive (themselves and all they called):\n" +
      inclusive
        .slice(0, 25)
        .map((f) => `${(f.share * jsUsPerTurn).toFixed(1).padStart(7)} µs  ${(f.share * 100).toFixed(1).padStart(5)}%  ${f.name}  ${f.where}`)
        .join("\n"),
  );
  return [
    "PROFILED RUN: the server ran under --cpu-prof, its figures are inflated",
    `profile: ${join(PROFILE_DIR, file)}`,
    `top JS-thread functions in the turn-start windows, µs per turn: ${top.slice(0, 8).map((f) => `${f.name} ${(f.share * jsUsPerTurn).toFixed(0)} (${f.caller || f.where})`).join("; ")}`,
  ];
}

// Warm-up: a few conversations so modules, JIT and SQLite caches are loaded before "start".
await Promise.all(Array.from({ length: 5 }, (_, i) => askApi(server.url, `warm-up ${i}`, MARKER)));

// `--cpu-only`: only the CPU-per-turn rounds (one to warm up, then --rounds=N, default 5), for working on the turn's start (with --profile: its profile).
if (CPU_ONLY) {
  await cpuPerTurnRound(0);
  const rounds: CpuRound[] = [];
  for (let r = 1; r <= CPU_ROUNDS; r++) {
    rounds.push(await cpuPerTurnRound(r));
    console.log(`round ${r}: process ${ms(rounds[r - 1]!.process)} per turn, JS thread ${ms(rounds[r - 1]!.js)}; ${rounds[r - 1]!.threads.map(([t, d]) => `${t} ${(d * 1000).toFixed(0)} µs`).join(", ")}`);
  }
  await server.stop();
  await fake.stop();
  const sum = cpuSummary(rounds);
  console.log(`server CPU per turn before its model call: median ${ms(sum.process)} (JS thread ${ms(sum.js)}); ${sum.line}\nper thread (median): ${sum.threads}\nmethod: ${cpuMethod}`);
  profileReport(rounds);
  process.exit(0);
}
const start = await settle();
const startRss = start.rss;
const startRaw = rssOf(server.pid).rss;

// Baseline: 200 conversations straight against the fake, all at once.
const questions = Array.from({ length: N }, (_, i) => `What did I spend by category in 2025? (#${i})`);
const base = await Promise.all(questions.map((q) => directConversation(q)));
const baseErrors = base.filter((t) => t.status !== 200 || Number.isNaN(t.firstText)).length;

// Ours: the same through the server, sampling its RSS meanwhile.
let sampledPeak = 0;
const sampler = setInterval(() => {
  try {
    sampledPeak = Math.max(sampledPeak, rssOf(server.pid).rss);
  } catch {}
}, 50);
const fakeBefore = fake.requests.length;
const wall0 = performance.now();
const ours = await Promise.all(questions.map((q) => askApi(server.url, q, MARKER)));
const wall = performance.now() - wall0;
clearInterval(sampler);
const oursRequests = fake.requests.slice(fakeBefore);
const rejectedByFake = oursRequests.filter((r) => r.validationError).length;
// When the server's first model calls (no tool_result yet) reached the fake, relative to the first POST.
const firstCalls = oursRequests.filter((r) => r.body && !hasToolResult(r.body)).map((r) => r.receivedAt);
const spreadMs = firstCalls.length ? Math.max(...firstCalls) - Math.min(...firstCalls) : NaN;
// Keep-alive: model calls per TCP connection the server opened to the fake.
const connections = new Set(oursRequests.map((r) => r.clientPort)).size;
const problems = ours.map(apiProblem).filter((p): p is string => p !== null);
const afterRaw = rssOf(server.pid);

const settled = await settle();
const peak = rssOf(server.pid).peak;

// Leak or high-water mark? Two more identical rounds, each settled like the first: a leak
// keeps growing by about as much per round; a high-water mark levels off.
const extra: { rss: number; heapUsed: number }[] = [];
const EXTRA_ROUNDS = process.argv.includes("--one-round") ? 0 : 2;
for (let r = 0; r < EXTRA_ROUNDS; r++) {
  await Promise.all(questions.map((q) => askApi(server.url, `${q} (round ${r + 2})`, MARKER)));
  extra.push(await settle());
}
const peak2 = rssOf(server.pid).peak;
// Last, so the memory figures above are those of the conversations alone (and the JIT is warm).
const cpuRounds: CpuRound[] = [];
for (let r = 1; r <= CPU_ROUNDS; r++) cpuRounds.push(await cpuPerTurnRound(r));
const cpu = cpuSummary(cpuRounds);
await server.stop();
await fake.stop();
const profileNotes = profileReport(cpuRounds);

// Per-turn work before the model call, timed alone in this process (200 fresh turns' worth):
// the system prompt (data summary, clock, memories).
function perTurnPieces(): { system: number } {
  const budget = BudgetDb.open(demoDb(7300));
  const summary = budget.summary();
  const time = (f: () => unknown) => {
    const t0 = performance.now();
    for (let i = 0; i < N; i++) f();
    return (performance.now() - t0) / N;
  };
  const system = time(() => systemBlocks({ summary, notSpending: [...budget.notSpendingNames], now: new Date(), timeZone: "Europe/Zurich", memories: [] }, READ_TOOLS));
  budget.close();
  return { system };
}
const pieces = perTurnPieces();

const o = { first: stats(ours.map((t) => t.firstText)), last: stats(ours.map((t) => t.last)) };
const b = { first: stats(base.map((t) => t.firstText)), last: stats(base.map((t) => t.last)) };
const added99 = { first: o.first.p99 - b.first.p99, last: o.last.p99 - b.last.p99 };
const added50 = { first: o.first.p50 - b.first.p50, last: o.last.p50 - b.last.p50 };
const growth = settled.rss / startRss - 1;
const pct = (x: number) => `${x >= 0 ? "+" : ""}${(x * 100).toFixed(1)}%`;

const columns = ["figure", "ours (server)", "baseline (fake direct)", "added"];
const rows: string[][] = [
  ["conversations at once", String(N), String(N), ""],
  ["errors", String(problems.length + rejectedByFake), String(baseErrors), ""],
  ["first text byte p50", ms(o.first.p50), ms(b.first.p50), ms(added50.first)],
  ["first text byte p99", ms(o.first.p99), ms(b.first.p99), ms(added99.first)],
  ["last byte p50", ms(o.last.p50), ms(b.last.p50), ms(added50.last)],
  ["last byte p99", ms(o.last.p99), ms(b.last.p99), ms(added99.last)],
  [`wall time of the ${N}`, ms(wall), "", ""],
  [`spread of the ${N} first model calls at the fake`, ms(spreadMs), "", `${ms(spreadMs / Math.max(1, firstCalls.length))} per turn`],
  ["  of which: systemBlocks() per turn, timed alone", ms(pieces.system), "", ""],
  [`server CPU per turn before its model call, median of ${cpuRounds.length} rounds of ${N} (held at the fake)`, ms(cpu.process), "", cpu.line],
  ["  of which: the JS thread (median)", ms(cpu.js), "", `per thread: ${cpu.threads}`],
  ["model calls / connections to the fake (keep-alive)", `${oursRequests.length} / ${connections}`, "", `${(oursRequests.length / Math.max(1, connections)).toFixed(1)} calls per connection`],
  ["server RSS at start (after warm-up + GC)", mb(startRss), "", `before GC ${mb(startRaw)}; JS heap ${mb(start.heapUsed)}`],
  ["server RSS peak (VmHWM)", mb(peak), "", `sampled ${mb(sampledPeak)}`],
  ["server RSS right after the run", mb(afterRaw.rss), "", ""],
  [`server RSS settled (+${SETTLE_MS.reduce((a, b) => a + b) / 1000} s, ${SETTLE_MS.length} full GCs)`, mb(settled.rss), "", `${pct(growth)} vs start; JS heap ${mb(settled.heapUsed)}`],
];
extra.forEach((e, i) => {
  const prev = i === 0 ? settled.rss : extra[i - 1]!.rss;
  rows.push([`… after round ${i + 2} of ${N}, settled`, mb(e.rss), "", `${pct(e.rss / prev - 1)} vs the round before; JS heap ${mb(e.heapUsed)}`]);
});
if (extra.length) rows.push(["server RSS peak after all rounds (VmHWM)", mb(peak2), "", ""]);

// Growth per round (settled RSS), and whether the live JS heap grew.
const steps = [startRss, settled.rss, ...extra.map((e) => e.rss)].map((v, i, a) => (i ? v - a[i - 1]! : 0)).slice(1);
const heaps = [start.heapUsed, settled.heapUsed, ...extra.map((e) => e.heapUsed)];
const heapFlat = Math.max(...heaps) - heaps[0]! < 4 * 1024 * 1024;
const levelling = steps.length >= 3 && steps[2]! < steps[0]! / 2 && steps[2]! <= steps[1]! * 1.25;
const leakVerdict = !extra.length
  ? "memory not returned after the run (run without --one-round to tell a leak from a high-water mark)"
  : `settled RSS grew ${steps.map((d) => `${d >= 0 ? "+" : ""}${mb(d)}`).join(", then ")} over ${steps.length} identical rounds of ${N}; ` +
    `live JS heap after GC ${heaps.map(mb).join(" → ")}. ` +
    (heapFlat && levelling
      ? "The JS heap is flat and the native growth levels off: a high-water mark of the burst (socket and stream buffers, SQLite page cache, " +
        "allocator segments kept mapped for reuse), not a leak as far as these rounds show"
      : heapFlat
        ? "The JS heap is flat, but native memory keeps growing round after round: a possible native leak (or a slow high-water mark) to look into"
        : "The JS heap itself grows round after round: looks like a leak");

const checks: Check[] = [
  {
    name: "errors",
    target: "0",
    value: String(problems.length + rejectedByFake),
    ok: problems.length + rejectedByFake === 0,
    why: [...new Set(problems)].slice(0, 3).join(" | ") + (rejectedByFake ? ` | ${rejectedByFake} requests rejected by the fake` : "") || undefined,
  },
  {
    name: "added latency p99 to first text (last byte beside it)",
    target: `≤ ${P99_ADDED_LIMIT} ms`,
    value: `${ms(added99.first)} (last byte ${ms(added99.last)})`,
    ok: added99.first <= P99_ADDED_LIMIT,
    why:
      added99.first <= P99_ADDED_LIMIT
        ? undefined
        : `the server's per-turn work before its model call runs one turn after another on its single JS thread: ` +
          `its ${firstCalls.length} first model calls reached the fake over ${ms(spreadMs)} (${ms(spreadMs / Math.max(1, firstCalls.length))} per turn; ` +
          `CPU ${ms(cpu.process)} per turn when measured alone, median of ${cpuRounds.length} rounds), so the added latency is a queue, already at p50 (first text +${ms(added50.first)}). ` +
          "A CPU profile of the server (bun bench/concurrency.ts --profile) names the rest; see RESULTS.md",
  },
  {
    name: `server CPU per turn before its model call (median of ${cpuRounds.length} rounds)`,
    target: `≤ ${CPU_PER_TURN_LIMIT} ms`,
    value: ms(cpu.process),
    ok: cpu.process <= CPU_PER_TURN_LIMIT,
    why:
      cpu.process <= CPU_PER_TURN_LIMIT
        ? undefined
        : "HTTP, admission, the turn's chat.db writes, history, prompt and the SDK's request per turn; bun bench/concurrency.ts --profile names them",
  },
  {
    name: "peak RSS",
    target: "≤ 250 MB",
    value: mb(peak),
    ok: peak <= PEAK_LIMIT,
    why: peak <= PEAK_LIMIT ? undefined : "200 live turns with their SDK streams, SSE streams and event logs",
  },
  {
    name: "RSS back within 20% of start",
    target: "≤ +20%",
    value: `${(growth * 100).toFixed(1)}%`,
    ok: growth <= SETTLE_LIMIT,
    why:
      growth <= SETTLE_LIMIT
        ? undefined
        : leakVerdict,
  },
];

const notes: string[] = extra.length ? [`memory over rounds: ${leakVerdict}`] : [];
notes.push(...profileNotes);

emit({
  id: "concurrency",
  title: `3. Concurrency (${N} simultaneous conversations, one tool call each, ~30 tokens/s per stream)`,
  method: [
    `fake: call 1 streams "${lead}" + tool_use ${TOOL.name}, call 2 streams a ${answer.split(" ").length}-word answer; ${TOKEN_DELAY_MS} ms between SSE events`,
    "ours: POST /api/chat to the web app in its own process (real SDK → fake in the bench process); baseline: both calls straight to the fake",
    "added = ours percentile − baseline percentile (independent runs, same script); RSS from /proc/PID/status of the server process",
    `settled (start, and after each round of ${N}): a full GC ${SETTLE_MS.map((w) => `${w / 1000} s`).join(" and another ")} later, RSS after the last; ${1 + EXTRA_ROUNDS} round(s) of ${N} for the memory figures`,
    `CPU per turn: ${cpuMethod}`,
  ],
  columns,
  rows,
  checks,
  notes,
  seconds: elapsed(),
});
