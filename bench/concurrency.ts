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
 * its CPU time over that window (process.cpuUsage, from the control server) ÷ N. CPU time,
 * not wall time, so other work on the machine does not inflate it. Done twice, to see the spread, after
 * the memory rounds (so their figures are the conversations' alone, and the JIT is warm).
 * The answer names no amount, so no figure-check repair round (a third model call the
 * baseline does not make) runs.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { systemBlocks } from "../src/agent/prompt.ts";
import { BudgetDb } from "../src/ledger/reader.ts";
import { READ_TOOLS } from "../src/tools/registry.ts";
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
/** ChatService keeps a finished turn live 30 s (for a browser reconnecting at the end). */
const RETENTION_MS = 31_000;

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
if (process.argv.includes("--profile")) {
  rmSync(PROFILE_DIR, { recursive: true, force: true });
  process.env.BENCH_SERVER_FLAGS = `--cpu-prof-md --cpu-prof-dir=${PROFILE_DIR}`;
}
const server = await startServer(fake.url);
const gc = async () => (await (await fetch(`${server.control}/gc`)).json()) as { rss: number; heapUsed: number; running: number };
const cpuMs = async () => {
  const u = (await (await fetch(`${server.control}/cpu`)).json()) as { user: number; system: number };
  return (u.user + u.system) / 1000;
};

const threadTicks = async () => (await (await fetch(`${server.control}/threads`)).json()) as Record<string, number>;

/** One round of N turns whose first model calls are held until all arrived: server CPU ms per turn before its model call. */
async function cpuPerTurnRound(round: number): Promise<number> {
  let all!: () => void;
  let release!: () => void;
  const arrived = new Promise<void>((r) => (all = r));
  held = { count: 0, all, release: new Promise<void>((r) => (release = r)) };
  const threads0 = CPU_ONLY ? await threadTicks() : {};
  const cpu0 = await cpuMs();
  const turns = Promise.all(Array.from({ length: N }, (_, i) => askApi(server.url, `CPU round ${round}: what did I spend by category in 2025? (#${i})`, MARKER)));
  await arrived;
  const cpu1 = await cpuMs();
  if (CPU_ONLY) {
    const threads1 = await threadTicks();
    const busy = Object.entries(threads1).map(([t, v]) => [t, v - (threads0[t] ?? 0)] as const).filter(([, d]) => d > 0).sort((a, b) => b[1] - a[1]);
    console.log(`round ${round}: ${ms((cpu1 - cpu0) / N)} per turn; threads (ms): ${busy.map(([t, d]) => `${t} ${d * 10}`).join(", ")}`);
  }
  held = null;
  release();
  const answered = await turns;
  const failed = answered.map(apiProblem).filter((p) => p !== null);
  if (failed.length && !CPU_ONLY) throw new Error(`CPU round ${round}: ${failed.length} turns failed: ${failed[0]}`);
  return (cpu1 - cpu0) / N;
}

// Warm-up: a few conversations so modules, JIT and SQLite caches are loaded before "start".
await Promise.all(Array.from({ length: 5 }, (_, i) => askApi(server.url, `warm-up ${i}`, MARKER)));

// `--cpu-only`: only the CPU-per-turn rounds (5 of them), for working on the turn's start (with --profile: its profile).
if (CPU_ONLY) {
  const rounds: number[] = [];
  for (let r = 1; r <= 5; r++) rounds.push(await cpuPerTurnRound(r));
  await server.stop();
  await fake.stop();
  console.log(`server CPU per turn before its model call, ${rounds.length} rounds of ${N}: ${rounds.map(ms).join(" / ")}`);
  process.exit(0);
}
await sleep(RETENTION_MS / 10);
const start = await gc();
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

// Settle: wait out the live-turn retention, then a full GC.
await sleep(RETENTION_MS);
const settled = await gc();
const peak = rssOf(server.pid).peak;

// Leak or high-water mark? Two more identical rounds, each settled like the first: a leak
// keeps growing by about as much per round; a high-water mark levels off.
const extra: { rss: number; heapUsed: number }[] = [];
const EXTRA_ROUNDS = process.argv.includes("--one-round") ? 0 : 2;
for (let r = 0; r < EXTRA_ROUNDS; r++) {
  await Promise.all(questions.map((q) => askApi(server.url, `${q} (round ${r + 2})`, MARKER)));
  await sleep(RETENTION_MS);
  extra.push(await gc());
}
const peak2 = rssOf(server.pid).peak;
// Last, so the memory figures above are those of the conversations alone (and the JIT is warm).
const cpuRounds = [await cpuPerTurnRound(1), await cpuPerTurnRound(2)];
await server.stop();
await fake.stop();

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
  [`server CPU per turn before its model call (${cpuRounds.length} rounds of ${N}, held at the fake)`, cpuRounds.map(ms).join(" / "), "", ""],
  ["model calls / connections to the fake (keep-alive)", `${oursRequests.length} / ${connections}`, "", `${(oursRequests.length / Math.max(1, connections)).toFixed(1)} calls per connection`],
  ["server RSS at start (after warm-up + GC)", mb(startRss), "", `before GC ${mb(startRaw)}; JS heap ${mb(start.heapUsed)}`],
  ["server RSS peak (VmHWM)", mb(peak), "", `sampled ${mb(sampledPeak)}`],
  ["server RSS right after the run", mb(afterRaw.rss), "", ""],
  ["server RSS settled (+31 s, GC)", mb(settled.rss), "", `${pct(growth)} vs start; JS heap ${mb(settled.heapUsed)}`],
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
          `CPU ${cpuRounds.map(ms).join(" / ")} per turn when measured alone), so the added latency is a queue, already at p50 (first text +${ms(added50.first)}). ` +
          "A CPU profile of the server (bun bench/concurrency.ts --profile) names the rest; see RESULTS.md",
  },
  {
    name: "server CPU per turn before its model call (worst round)",
    target: `≤ ${CPU_PER_TURN_LIMIT} ms`,
    value: ms(Math.max(...cpuRounds)),
    ok: Math.max(...cpuRounds) <= CPU_PER_TURN_LIMIT,
    why:
      Math.max(...cpuRounds) <= CPU_PER_TURN_LIMIT
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
if (process.argv.includes("--profile") && existsSync(PROFILE_DIR)) {
  const file = readdirSync(PROFILE_DIR).find((f) => f.endsWith(".md"));
  if (file) {
    const md = readFileSync(join(PROFILE_DIR, file), "utf8");
    // Rank by samples: on a loaded 2-core machine the per-sample time weights include time
    // the process was not running, so counts are the fairer measure of CPU.
    const hot = [...md.matchAll(/### `([^`]*)`\n`([^`]*)` \| Self: [^|]*\| Total: [^|]*\| Samples: (\d+)\n(?:\n\*\*Called by:\*\*\n((?:- .*\n)+))?/g)]
      .map((m) => ({ name: m[1], where: m[2], samples: Number(m[3]), callers: (m[4] ?? "").trim().split("\n").slice(0, 3).map((l) => l.slice(2)).join(", ") }))
      .filter((f) => f.name !== "gc" && f.samples > 0)
      .sort((x, y) => y.samples - x.samples)
      .slice(0, 12);
    notes.push("PROFILED RUN: the server ran under --cpu-prof, latency figures are inflated", `profile: ${join(PROFILE_DIR, file)}`);
    const lines = hot.map((f) => `${String(f.samples).padStart(5)}  ${f.name}  ${f.where}${f.callers ? `  ← ${f.callers}` : ""}`);
    console.log("\nServer CPU profile, functions by samples (1 sample ≈ 1 ms of CPU):\n" + lines.join("\n"));
    notes.push(`top server functions by CPU samples: ${hot.slice(0, 8).map((f) => `${f.name} ${f.samples} (← ${f.callers || f.where})`).join("; ")}`);
  }
}

emit({
  id: "concurrency",
  title: `3. Concurrency (${N} simultaneous conversations, one tool call each, ~30 tokens/s per stream)`,
  method: [
    `fake: call 1 streams "${lead}" + tool_use ${TOOL.name}, call 2 streams a ${answer.split(" ").length}-word answer; ${TOKEN_DELAY_MS} ms between SSE events`,
    "ours: POST /api/chat to the web app in its own process (real SDK → fake in the bench process); baseline: both calls straight to the fake",
    "added = ours percentile − baseline percentile (independent runs, same script); RSS from /proc/PID/status of the server process",
  ],
  columns,
  rows,
  checks,
  notes,
  seconds: elapsed(),
});
