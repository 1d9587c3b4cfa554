/**
 * 2. Server overhead: the same scripted answer read through our server and read
 * straight from the fake Messages API.
 *
 * The fake runs here; the web app runs in its own process (bench/serve-for-bench.ts)
 * with the real SDK pointed at the fake. Each round asks the fake directly (the
 * baseline: one streamed Messages call) and through our path, in alternating order, and
 * the per-round difference is the added latency:
 *  - API path: POST /api/chat → SSE JSON events;
 *  - browser path: POST /chat (HTML naming the turn) → GET /turns/:id/stream (SSE HTML fragments).
 * Measured: time to the first byte of answer text and to the last byte of the answer.
 * The user has CONVERSATIONS earlier conversations (a long-time user's sidebar: the browser's
 * POST /chat once re-rendered the whole list).
 * Targets: added p50 ≤ 15 ms, p99 ≤ 50 ms; the browser path within 2 ms of the API path (added
 * first text, p50 and p99; issue 37).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { startFakeAnthropic } from "../test/support/fake-anthropic.ts";
import { answerText, askApi, askBrowser, askFakeDirect, type Check, emit, ms, reps, ROOT, sseEvents, startServer, stats, type Timed, timer } from "./lib.ts";

const elapsed = timer();
const MARKER = "Quokka";
const WORDS = 40;
const DELAY_MS = 3; // between SSE events of the fake: ~45 text deltas → ~0.15 s per answer
const P50_LIMIT = 15;
const P99_LIMIT = 50;
const CONVERSATIONS = 1000;
const BROWSER_MARGIN = 2;

const fake = await startFakeAnthropic();
const text = answerText(MARKER, WORDS);
fake.setHandler(() => ({ kind: "message", content: [{ type: "text", text }], chunkDelayMs: DELAY_MS }));
const server = await startServer(fake.url, { BENCH_CONVERSATIONS: String(CONVERSATIONS) });

const question = "How much did I spend on groceries in March 2025?";
const direct = () => askFakeDirect(fake.url, [{ role: "user", content: question }], MARKER);
const paths = {
  api: () => askApi(server.url, question, MARKER),
  browser: () => askBrowser(server.url, question, MARKER),
};

type Pair = { ours: Timed; base: Timed };
const errors: string[] = [];

function ok(kind: keyof typeof paths, t: Timed): boolean {
  if (t.status !== 200 || Number.isNaN(t.firstText)) return false;
  if (kind === "api") return sseEvents(t.body).some((e) => e.event === "done") && !sseEvents(t.body).some((e) => e.event === "error");
  return sseEvents(t.body).some((e) => e.event === "done") && t.body.includes(MARKER);
}

async function run(kind: keyof typeof paths, n: number, warmup: number): Promise<Pair[]> {
  const pairs: Pair[] = [];
  for (let i = 0; i < warmup + n; i++) {
    let ours: Timed;
    let base: Timed;
    if (i % 2 === 0) {
      base = await direct();
      ours = await paths[kind]();
    } else {
      ours = await paths[kind]();
      base = await direct();
    }
    if (!ok(kind, ours)) errors.push(`${kind}: status ${ours.status}, body ${ours.body.slice(0, 200)}`);
    if (base.status !== 200 || Number.isNaN(base.firstText)) errors.push(`direct: status ${base.status}`);
    if (i >= warmup) pairs.push({ ours, base });
  }
  return pairs;
}

// 100 API rounds and 60 browser rounds: a p99 is the worst round or two either way (round 3: 120 API rounds).
const nApi = reps(100, 15);
const nBrowser = reps(60, 10);
/** TEXT_INTERVAL_MS of the browser stream, read from the source (null if it is gone). */
function textIntervalMs(): number | null {
  try {
    const src = readFileSync(join(ROOT, "src/web/routes/turns.tsx"), "utf8");
    const m = src.match(/TEXT_INTERVAL_MS\s*=\s*(\d+)/);
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

const results = { api: await run("api", nApi, 5), browser: await run("browser", nBrowser, 5) };
await server.stop();
await fake.stop();

const columns = ["path", "n", "metric", "ours p50", "ours p99", "direct p50", "direct p99", "added p50", "added p99"];
const rows: string[][] = [];
const checks: Check[] = [];
for (const [kind, pairs] of Object.entries(results) as [keyof typeof paths, Pair[]][]) {
  const added: Record<string, { p50: number; p99: number }> = {};
  for (const metric of ["firstText", "last"] as const) {
    const o = stats(pairs.map((p) => p.ours[metric]));
    const b = stats(pairs.map((p) => p.base[metric]));
    const d = stats(pairs.map((p) => p.ours[metric] - p.base[metric]));
    added[metric] = d;
    rows.push([
      kind === "api" ? "POST /api/chat (SSE JSON)" : "POST /chat + GET /turns/:id/stream",
      String(pairs.length),
      metric === "firstText" ? "first text byte" : "last byte",
      ms(o.p50),
      ms(o.p99),
      ms(b.p50),
      ms(b.p99),
      ms(d.p50),
      ms(d.p99),
    ]);
  }
  const name = kind === "api" ? "API path" : "browser path";
  const value = (p: "p50" | "p99") => `first text ${ms(added.firstText![p])}, last byte ${ms(added.last![p])}`;
  const worst = (p: "p50" | "p99") => Math.max(added.firstText![p], added.last![p]);
  // The browser stream batches text (a sleep after each text message); its trailing sleep delays the end.
  const throttle = kind === "browser" ? textIntervalMs() : null;
  const lastOnly = added.firstText!.p50 <= P50_LIMIT && added.last!.p50 > P50_LIMIT;
  checks.push({
    name: `${name}: added latency p50`,
    target: `≤ ${P50_LIMIT} ms`,
    value: value("p50"),
    ok: worst("p50") <= P50_LIMIT,
    why:
      worst("p50") <= P50_LIMIT
        ? undefined
        : throttle !== null && lastOnly
          ? `first text is within target; the end is late because GET /turns/:id/stream sends text at most every ${throttle} ms ` +
            `(TEXT_INTERVAL_MS in src/web/routes/turns.tsx, so markdown is re-rendered per batch, not per token) and sleeps ${throttle} ms after ` +
            "each text message before it looks at the turn again: the last text message is followed by that whole sleep before the done message. " +
            "Waking the sleep when the turn finishes would keep the batching and drop this."
          : "the agent's work before its model call (history, prompt, app-DB writes) and our SSE hop",
  });
  // How often the direct baseline itself had a slow round: the machine's own noise.
  const baseSlow = pairs.filter((p) => p.base.last > stats(pairs.map((q) => q.base.last)).p50 + P99_LIMIT).length;
  const oursSlow = pairs.filter((p) => p.ours.last - p.base.last > P99_LIMIT).length;
  checks.push({
    name: `${name}: added latency p99`,
    target: `≤ ${P99_LIMIT} ms`,
    value: value("p99"),
    ok: worst("p99") <= P99_LIMIT,
    why:
      worst("p99") <= P99_LIMIT
        ? undefined
        : `${oursSlow} of ${pairs.length} rounds added more than ${P99_LIMIT} ms to the last byte; the direct baseline itself had ${baseSlow} rounds ` +
          `more than ${P99_LIMIT} ms slower than its median: isolated stalls on the 2 shared cores (server, fake and client share them with other work)` +
          (throttle !== null ? `, on top of the up-to-${throttle}-ms trailing text batch sleep` : ""),
  });
}
// The browser's extra hop (a POST answered with HTML, then the stream) against the API's one request.
const firstAdded = (kind: keyof typeof paths) => stats(results[kind].map((p) => p.ours.firstText - p.base.firstText));
const [api, browser] = [firstAdded("api"), firstAdded("browser")];
const gap = { p50: browser.p50 - api.p50, p99: browser.p99 - api.p99 };
checks.push({
  name: `browser path within ${BROWSER_MARGIN} ms of the API path, ${CONVERSATIONS.toLocaleString("en-US")} conversations (added first text, p50 / p99)`,
  target: `≤ +${BROWSER_MARGIN} ms`,
  value: `${ms(gap.p50)} / ${ms(gap.p99)} (browser ${ms(browser.p50)} / ${ms(browser.p99)}, API ${ms(api.p50)} / ${ms(api.p99)})`,
  ok: Math.max(gap.p50, gap.p99) <= BROWSER_MARGIN,
  why:
    Math.max(gap.p50, gap.p99) <= BROWSER_MARGIN
      ? undefined
      : "the browser path's POST /chat renders the question, the answer's frame and the new conversation's list item, then a second request opens the stream",
});
checks.push({ name: "errors", target: "0", value: String(errors.length), ok: errors.length === 0, why: errors.slice(0, 3).join(" | ") || undefined });

emit({
  id: "server-overhead",
  title: "2. Server overhead (ours = through the web app; baseline = the fake Messages API read directly)",
  method: [
    `fake answer: ${WORDS} words as ~${text.split(" ").length + 5} SSE events, ${DELAY_MS} ms apart; same script for both`,
    `ours: the web app in a separate process (real SDK → fake), new conversation per question, the user has ${CONVERSATIONS.toLocaleString("en-US")} conversations already; baseline: one streamed POST /v1/messages to the fake`,
    "added = ours − baseline per round (alternating order); percentiles of those differences",
  ],
  columns,
  rows,
  checks,
  notes: [],
  seconds: elapsed(),
});
