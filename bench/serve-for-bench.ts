/**
 * The full web app (test/support/web-harness.ts: Hono app, ChatService, real
 * @anthropic-ai/sdk) in its own process, for benchmarks that must measure the server
 * apart from the load generator (its RSS, its event loop).
 *
 *   FAKE_URL=http://127.0.0.1:PORT bun bench/serve-for-bench.ts
 *
 * The fake Messages API runs in the bench process; the SDK here talks to it through
 * FAKE_URL. Per-user limits are lifted (every request is the local user).
 * Prints one line `READY {"url","control","pid"}` on stdout. The control server:
 *   GET /rss  → {rss, heapUsed, running}      GET /gc → the same after a full GC
 *   GET /cpu  → {user, system, at, threads}: this process's CPU time so far in µs (process.cpuUsage,
 *               i.e. getrusage: the kernel's ns-precise run time of all threads), the wall clock
 *               in µs since the epoch (the clock of a --cpu-prof profile's timestamps), and each
 *               thread's CPU time in µs from /proc/self/task/TID/schedstat (ns, not the 10 ms ticks
 *               of /proc/…/stat); the JS thread is the one whose TID is the PID
 *
 * BENCH_CONVERSATIONS=N: the local user starts with N conversations (the sidebar of a
 * long-time user: bench/server-overhead.ts measures the browser path with 1,000).
 * Stops on SIGTERM/SIGINT.
 *
 * BENCH_TEXT_STORE=batched: the baseline of bench/stored-text.ts, the text-storing of the
 * build before issue 25 (streamed text stored once a second, not in the tick it is sent):
 * text-only appends are held and written together every second, as that build did.
 */
import { readdirSync, readFileSync } from "node:fs";
import type { FakeAnthropic } from "../test/support/fake-anthropic.ts";
import { startWebHarness } from "../test/support/web-harness.ts";

const fakeUrl = process.env.FAKE_URL;
if (!fakeUrl) {
  console.error("serve-for-bench: set FAKE_URL to the fake Messages API");
  process.exit(2);
}

// startHarness only needs the fake's URL (it never stops a fake it was given).
const fake = { url: fakeUrl, port: Number(new URL(fakeUrl).port), requests: [], stop: async () => {} } as unknown as FakeAnthropic;

const h = await startWebHarness({
  fake,
  limits: { concurrentTurns: 100_000, messagesPerMinute: 1_000_000 },
});

const seeded = Number(process.env.BENCH_CONVERSATIONS ?? 0);
if (seeded > 0) {
  h.store.transaction(() => {
    for (let i = 0; i < seeded; i++) h.store.conversations.create("local", `Earlier question #${i + 1} about spending`);
  });
}

if (process.env.BENCH_TEXT_STORE === "batched") {
  const turns = h.store.turns;
  const append = turns.appendEvents.bind(turns);
  const held = new Map<string, Parameters<typeof append>[1][number][]>();
  const flush = (turnId: string) => {
    const events = held.get(turnId);
    held.delete(turnId);
    if (events?.length) append(turnId, events);
  };
  turns.appendEvents = (turnId, events) => {
    if (events.every((e) => e.type === "text")) {
      held.set(turnId, [...(held.get(turnId) ?? []), ...events]);
      return;
    }
    flush(turnId);
    append(turnId, events);
  };
  setInterval(() => [...held.keys()].forEach(flush), 1000);
}

const memory = () => {
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, running: h.chat.runningCount("local") };
};
/** {"name TID": CPU µs} for every thread of this process, from schedstat (ns on the CPU). */
function threadCpu(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const tid of readdirSync("/proc/self/task")) {
    try {
      const name = readFileSync(`/proc/self/task/${tid}/comm`, "utf8").trim();
      const onCpuNs = Number(readFileSync(`/proc/self/task/${tid}/schedstat`, "utf8").split(" ")[0]);
      out[`${name} ${tid}`] = onCpuNs / 1000;
    } catch {}
  }
  return out;
}

const control = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  development: false,
  fetch(req) {
    const path = new URL(req.url).pathname;
    if (path === "/gc") {
      Bun.gc(true);
      return Response.json(memory());
    }
    if (path === "/rss") return Response.json(memory());
    // process.cpuUsage() first: getrusage brings the running thread's run time up to date, which its schedstat alone would not (up to a tick stale).
    if (path === "/cpu") return Response.json({ ...process.cpuUsage(), at: (performance.timeOrigin + performance.now()) * 1000, threads: threadCpu() });
    return new Response("not found", { status: 404 });
  },
});

console.log(`READY ${JSON.stringify({ url: h.url, control: `http://127.0.0.1:${control.port}`, pid: process.pid })}`);

const stop = async () => {
  control.stop(true);
  await h.close();
  process.exit(0);
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
